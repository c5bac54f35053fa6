/**
 * Prism, in-process: `@stoplight/prism-http`'s `createInstance` over the operations of every
 * document (`getHttpOperationsFromSpec` per document, then concatenated, so component names
 * of different areas never clash). No Prism HTTP server and no child process: the mock's own
 * `node:http` server hands each request (or each JSON-RPC batch entry) to `request()`.
 * Below the engine: what the mock reads from a request for Prism (its preferences, plain JSON
 * values) and makes of Prism's verdict (violations).
 */
import Module, { createRequire } from "node:module";
import { dirname, join, sep } from "node:path";
import { withBase58Bytes } from "./base58-bytes.js";
import { RESULT_OR_ERROR } from "./convert.js";
import type { HookSource } from "./hooks.js";
import { exactIntegers, generateFor, HINT } from "./generate.js";
import { fromMarker, mapBigints, stringifyJson } from "./json.js";

const require = createRequire(import.meta.url);

/** How serious a {@link Violation} is, as Prism grades it: `error` for what breaks the spec. */
export type Severity = "error" | "warning" | "info" | "hint";

/** One problem Prism found with a request or a response. */
export interface Violation {
  /**
   * Where: `['request', 'body', 'params', 'id']`, `['request', 'query', 'limit']`,
   * `['response', 'body', …]`.
   */
  location: string[];
  /** What is wrong, in words. */
  message: string;
  /**
   * The JSON Schema keyword (`required`, `type`, …), `401` for a missing key, or a mock code
   * (`method-not-found`, `no-route`, …).
   */
  code: string | number;
  /** How serious, as Prism grades it: `error` for what breaks the spec. */
  severity: Severity;
}

export interface PrismInput {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface PrismPreferences {
  code?: number;
  exampleKey?: string;
  dynamic?: boolean;
  seed?: string;
  /** The shape of a generated page walk (paging.ts; not Prism's: the mock's own). */
  walkPages?: number;
  pageFill?: number;
}

export type PrismResult =
  | {
      ok: true;
      status: number;
      headers: Record<string, string | number>;
      body: unknown;
      /**
       * What Prism found wrong with the request. (Not with the answer: the mock edits Prism's
       * answer before it sends it, so it checks what it sends, with {@link checkAnswer}.)
       */
      violations: Violation[];
      /**
       * The violations of the answer whose body the mock sends, against the operation's response
       * of the status sent (Prism's `status` unless given): its body, media type and Prism's
       * headers, as Prism checks an answer, `x-base58-bytes` included. Call it once, on the body
       * as sent.
       */
      checkAnswer(body: unknown, status?: number): Violation[];
      /** The operation Prism routed to. */
      operation?: any;
    }
  | {
      ok: false;
      /** Prism's problem (no such path, no such example, …) as an RFC 7807 object. */
      problem: {
        type: string;
        title: string;
        status: number;
        detail: string;
        [k: string]: unknown;
      };
      headers: Record<string, string>;
      operation?: any;
    };

const SEVERITIES: Severity[] = ["error", "warning", "info", "hint"];

const noop = () => {};
const silentLogger: any = {
  child: () => silentLogger,
  info: noop,
  warn: noop,
  error: noop,
  success: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  level: "silent",
};

export interface PrismEngine {
  request(input: PrismInput, prefs: PrismPreferences): Promise<PrismResult>;
}

/** Loads the operations of `documents` (OpenAPI objects) and returns a request function. */
export async function createPrismEngine(
  documents: any[],
  defaults: { dynamic: boolean; seed?: string },
): Promise<PrismEngine> {
  const { prismHttp, route, validateOutput } = loadPrismHttp();
  configureGenerator(); // also for `Prefer: dynamic=true` in examples mode
  const perDocument = await Promise.all(
    documents.map((doc) => prismHttp.getHttpOperationsFromSpec(doc)),
  );
  const documented: any[] = perDocument.flat();
  documented.forEach(putSchemaExampleLast);
  // Prism answers and generates from these; an answer is checked against the document's.
  const operations = documented.map(generatingResults);
  const documentedAs = new WeakMap(operations.map((op, i) => [op, documented[i]]));
  const routed = new WeakMap<object, any>();
  const prism = prismHttp.createInstance(baseConfig(defaults), {
    logger: silentLogger,
    route: (args: { resources: any[]; input: object }) => {
      const result = route(args);
      if (result._tag === "Right") routed.set(args.input, result.right);
      return result;
    },
  });
  // An unsafe integer reaches the check as a marker string (exact digits on the wire) or a bigint:
  // the answer is checked with the number it stands for.
  const checkOutput = (operation: any, element: object, body: unknown): Violation[] => {
    const checked = validateOutput({
      resource: documentedAs.get(operation) ?? operation,
      element: { ...element, body: markersToNumbers(toPrismValue(body)) },
    });
    // (ajv's `if` error, "must match "then" schema", restates the errors of the branch taken: a
    // JSON-RPC 200's result or error, convert.ts resultOrError.)
    return checked._tag === "Left"
      ? checked.left.filter((v: any) => v.code !== "if").map((v: any) => toViolation(v, "response"))
      : [];
  };

  return {
    async request(input, prefs) {
      const prismInput = {
        method: input.method.toLowerCase(),
        url: { path: input.path, query: input.query },
        headers: input.headers,
        body: input.body,
      };
      const config = {
        ...baseConfig(defaults),
        mock: {
          dynamic: prefs.dynamic ?? defaults.dynamic,
          ...((prefs.seed ?? defaults.seed) !== undefined && { seed: prefs.seed ?? defaults.seed }),
          ...(prefs.code !== undefined && { code: prefs.code }),
          ...(prefs.exampleKey !== undefined && { exampleKey: prefs.exampleKey }),
        },
      };
      const either = await prism.request(prismInput, operations, config)();
      const operation = routed.get(prismInput);
      if (either._tag === "Left") {
        const e = either.left;
        const problem = prismHttp.ProblemJsonError.toProblemJson(e);
        return { ok: false, problem, headers: { ...(e.additional?.headers ?? {}) }, operation };
      }
      const { output, validations } = either.right;
      const generated = config.mock.dynamic;
      const violations: Violation[] = [
        ...validations.input.map((v: any) =>
          v.code === 401
            ? { ...toViolation(v, "request"), message: securityMessage(operation) }
            : withDeclaredName(toViolation(v, "request"), operation),
        ),
      ];
      const headers = output.headers ?? {};
      return {
        ok: true,
        status: output.statusCode,
        headers,
        body: generated ? exactIntegers(output.body) : output.body,
        violations,
        checkAnswer: (body, status = output.statusCode) =>
          checkOutput(operation, { statusCode: status, headers }, body),
        operation,
      };
    },
  };
}

/**
 * `require('@stoplight/prism-http')`, without loading faker.js up front: prism-http requires
 * `@faker-js/faker` (every locale, ~0.6 s — half the start-up) only to offer json-schema-faker's
 * `faker` keyword, which the chaindata schemas never use. While prism-http loads, that one
 * require returns a stand-in that loads the real faker on first use.
 *
 * The same hook mends a phantom dependency: `@stoplight/prism-core` requires `@stoplight/types`
 * without declaring it, which strict installs refuse (Yarn Plug'n'Play, pnpm with
 * `hoist=false`). Where its own resolution fails, the require is answered from prism-http's,
 * which declares it.
 *
 * And Prism's ajv (each draft's class, as prism-http's validators require it) is one that knows
 * the spec's `x-base58-bytes` (base58-bytes.ts). Prism makes its ajv instances when its validator
 * module loads, so a copy of prism-http that other code of the process loaded first has none of
 * it, and would check no count, silently: its modules are dropped from the require cache and
 * loaded again, through the hook (that code keeps the copy it holds). Only prism-http's own files
 * are: what both copies require stays one module, so json-schema-faker's options and faker, which
 * the mock sets, are those of that code's copy too; and a prism-http file that code requires later
 * may be the mock's. If the hook wraps no ajv (a prism-http that loads ajv otherwise), starting
 * fails, saying so.
 */
function loadPrismHttp(): { prismHttp: any; route: any; validateOutput: any } {
  return (loaded ??= requirePrismHttp());
}
let loaded: ReturnType<typeof loadPrismHttp> | undefined;

function requirePrismHttp(): ReturnType<typeof loadPrismHttp> {
  const M = Module as unknown as {
    _load: (request: string, parent: unknown, isMain: boolean) => unknown;
  };
  const original = M._load;
  const fromPrism = createRequire(require.resolve("@stoplight/prism-http"));
  let real: any;
  const faker = () => (real ??= fromPrism("@faker-js/faker").faker);
  const standIn = new Proxy(
    {},
    {
      get: (_t, key) => faker()[key],
      has: (_t, key) => key in faker(),
      ownKeys: () => Reflect.ownKeys(faker()),
      getOwnPropertyDescriptor: (_t, key) => ({
        ...Reflect.getOwnPropertyDescriptor(faker(), key),
        configurable: true,
      }),
    },
  );
  const prismDir = dirname(require.resolve("@stoplight/prism-http/package.json"));
  // (Each draft counted once: prism-http's nested ajv-formats requires `ajv` again, and one that
  // required `ajv` three times and no other draft must not pass for all three.)
  const drafts = new Set<string>();
  M._load = function (request, parent, isMain) {
    if (request === "@faker-js/faker")
      return { __esModule: true, default: standIn, faker: standIn };
    if (AJV_DRAFTS.has(request) && (parent as Module | null)?.filename?.startsWith(prismDir)) {
      drafts.add(request);
      return withBase58Bytes(original.call(this, request, parent, isMain));
    }
    if (request !== "@stoplight/types") return original.call(this, request, parent, isMain);
    try {
      return original.call(this, request, parent, isMain);
    } catch (error) {
      try {
        return fromPrism(request);
      } catch {
        throw error;
      }
    }
  };
  const ownFiles = join(prismDir, "dist", sep);
  for (const file of Object.keys(require.cache))
    if (file.startsWith(ownFiles)) delete require.cache[file];
  try {
    const prismHttp = require("@stoplight/prism-http");
    const route = require("@stoplight/prism-http/dist/router").default;
    const { validateOutput } = require("@stoplight/prism-http/dist/validator");
    if (drafts.size < AJV_DRAFTS.size)
      throw new Error(
        `@chaindata/mock: @stoplight/prism-http (${prismDir}) loaded ${drafts.size} of ajv's ${AJV_DRAFTS.size} drafts through the mock, so its validation would not check x-base58-bytes; the mock needs the prism-http version it declares`,
      );
    return { prismHttp, route, validateOutput };
  } finally {
    M._load = original;
  }
}

/** The entry points of ajv's drafts: prism-http picks one by a schema's `$schema`. */
const AJV_DRAFTS = new Set(["ajv", "ajv/dist/2019", "ajv/dist/2020"]);

function baseConfig(defaults: { dynamic: boolean }) {
  return {
    validateRequest: true,
    // (The mock checks the answer it sends, after its own edits: checkAnswer.)
    validateResponse: false,
    checkSecurity: true,
    errors: false,
    upstreamProxy: undefined,
    isProxy: false,
    mock: { dynamic: defaults.dynamic },
  };
}

function toViolation(v: any, prefix: "request" | "response"): Violation {
  return {
    location: [prefix, ...(v.path ?? []).map(String)],
    message: v.message,
    code: v.code ?? "",
    severity: SEVERITIES[v.severity] ?? "error",
  };
}

/**
 * Prism names a query or path parameter in lower case (`showzerobalance`, `webhookid`), in the
 * violation's location and its message: name it as the spec does (`showZeroBalance`, `webhookID`),
 * the name a caller sends and reads in the docs. (Header names stay as Prism gives them: HTTP
 * reads them in any case.)
 */
function withDeclaredName(violation: Violation, operation: any): Violation {
  const [, place, name] = violation.location;
  if ((place !== "query" && place !== "path") || name === undefined) return violation;
  const declared: string | undefined = (operation?.request?.[place] ?? [])
    .map((p: any) => p?.name)
    .find((n: unknown) => typeof n === "string" && n !== name && n.toLowerCase() === name);
  if (!declared) return violation;
  const location = [...violation.location];
  location[2] = declared;
  const message = violation.message.replace(`parameter ${name} `, `parameter ${declared} `);
  return { ...violation, location, message };
}

/** Prism says "Invalid security scheme used"; say which credentials the operation accepts. */
function securityMessage(operation: any): string {
  const ways = (operation?.security ?? [])
    .map((all: any[]) =>
      all
        .map((s) =>
          s.type === "apiKey"
            ? `the ${s.name} ${s.in === "query" ? "query parameter" : s.in === "header" ? "header" : s.in}`
            : s.type,
        )
        .join(" and "),
    )
    .filter(Boolean);
  return ways.length
    ? `The API key is missing: send ${ways.join(" or ")}`
    : "The request does not meet the security requirements";
}

/** A copy with every marker string replaced by the (rounded) number it stands for. */
function markersToNumbers(value: unknown): unknown {
  if (typeof value === "string") {
    const big = fromMarker(value);
    return big === undefined ? value : Number(big);
  }
  if (Array.isArray(value)) return value.map(markersToNumbers);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, markersToNumbers(v)]));
  return value;
}

/**
 * The operation as Prism gets it: a JSON-RPC 200 that is either envelope (convert.ts
 * RESULT_OR_ERROR) has its result's alone, which Prism generates from (json-schema-faker reads no
 * `if`/`else`; the errors there are the mock's own answers, -32602 and the service's refusals).
 */
function generatingResults(operation: any): any {
  const either = (content: any) => content.schema?.[RESULT_OR_ERROR] === true;
  if (!operation.responses?.some((r: any) => r.contents?.some(either))) return operation;
  return {
    ...operation,
    responses: operation.responses.map((r: any) => ({
      ...r,
      contents: r.contents?.map((c: any) => (either(c) ? { ...c, schema: c.schema.else } : c)),
    })),
  };
}

/**
 * Prism quirk (http-spec, OpenAPI 3.1): a schema's `examples` array becomes a media-type
 * example named `default` placed *before* the media type's own named examples, so Prism's
 * "first example" would be the schema's example rather than the operation's. Move it last
 * (it stays reachable with `Prefer: example=default`).
 */
function putSchemaExampleLast(operation: any) {
  const contents = [...(operation.responses ?? []), operation.request?.body].flatMap(
    (r: any) => r?.contents ?? [],
  );
  for (const content of contents) {
    const examples: any[] | undefined = content.examples;
    if (!examples || examples.length < 2 || examples[0]?.key !== "default") continue;
    const schemaExample = content.schema?.examples?.[0];
    if (
      schemaExample === undefined ||
      stringifyJson(schemaExample) !== stringifyJson(examples[0].value)
    )
      continue;
    examples.push(examples.shift());
  }
}

/**
 * Dynamic generation: Prism makes json-schema-faker fill every optional field and every array up to
 * its `maxItems` (100000 for some lists); cap generated arrays at 3 items. And the generator of the
 * mock's hints (generate.ts), with json-schema-faker's random numbers (which Prism seeds per
 * request when a seed is given).
 */
function configureGenerator() {
  const fromPrism = createRequire(require.resolve("@stoplight/prism-http"));
  const { JSONSchemaFaker } = fromPrism("json-schema-faker");
  JSONSchemaFaker.option({ maxItems: 3 });
  const random = () => JSONSchemaFaker.option("random")();
  JSONSchemaFaker.define(HINT.slice(2), (hint: any, schema: any) =>
    generateFor(hint, schema, random),
  );
}

// -- between the mock and Prism ---------------------------------------------------------------

/** Prism validates plain JSON values: bigints become (rounded) numbers for it. */
export const toPrismValue = (value: unknown) => mapBigints(value, (big) => Number(big));

/** The errors Prism found in the request itself (not in the response it mocked). */
export const requestErrors = (violations: Violation[]) =>
  violations.filter((v) => v.location[0] === "request" && v.severity === "error");

/** Prism's problem (no such path, no such example, …) as a violation at `location`. */
export function problemViolation(
  problem: Extract<PrismResult, { ok: false }>["problem"],
  location: string[],
): Violation {
  return {
    location,
    message: `${problem.title}: ${problem.detail}`.trim(),
    code: problemCode(problem.type),
    severity: "error",
  };
}

/**
 * The HTTP status of the mock's answer to a hook the operation cannot follow:
 * `Prefer: code=<status>` (or `?__code=`) for a status it has no response for,
 * `Prefer: example=<name>` (or `?__example=`) for an example it does not have. Prism answers 404
 * ("Requested status code 418 is not defined in the document"; "… exampleKey: x does not exist"),
 * which reads as a path outside the spec, or as the operation's own 404 (DAS -32004 "Not found", no
 * such webhook; the SDK's NotFoundError). 422 is the status of no response of the spec, and a
 * client error: the SDK retries a 5xx, which would change nothing.
 */
export const HOOK_ERROR_STATUS = 422;

/**
 * The violation of a `Prefer: code=<status>` (or `?__code=`, or a scenario's status) that asks
 * `operation` for a status it has no response for; `documented`: the ones it has (`200`, `404`,
 * `5XX`).
 */
export function undocumentedStatus(
  operation: string,
  status: number,
  documented: Array<string | number>,
  source: HookSource,
): Violation {
  const hook =
    source === "header"
      ? `Prefer: code=${status}`
      : source === "query"
        ? `?__code=${status}`
        : `scenario status ${status}`;
  return hookViolation(
    source,
    "__code",
    "undocumented-status",
    `${operation} documents no HTTP ${status} response (${hook}); it documents ${documented.join(", ")}`,
  );
}

/**
 * The violation of a hook: located at the `Prefer` header, its query parameter, or the scenario.
 */
const hookViolation = (
  source: HookSource,
  queryName: string,
  code: string,
  message: string,
): Violation => ({
  location:
    source === "header"
      ? ["request", "header", "prefer"]
      : source === "query"
        ? ["request", "query", queryName]
        : ["mock", "scenario"],
  // (It quotes the hook as sent, an example's name too, where a key may be: masked where the
  // answer and the log are written, secrets.ts.)
  message,
  code,
  severity: "error",
});

/**
 * The violation of a `Prefer: example=<name>` (or `?__example=`) that asks `operation` for an
 * example its response has none of: the response of `code=` when one is given, else the one
 * answered without (200). `has`: the names of that response's examples; `elsewhere`: the status
 * of another response of the operation that has an example of that name (`429`, `5XX`), if any.
 * Prism answers 404 ("Response for contentType: application/json and exampleKey: x does not
 * exist"), which reads as a path outside the spec or as the operation's own 404; with `code=`,
 * it tries the example in the 2xx response, and answers that (the code ignored) or a 500.
 */
export function unknownExample(
  operation: string,
  prefs: PrismPreferences,
  has: string[],
  elsewhere: string | undefined,
  source: Exclude<HookSource, "scenario">,
): Violation {
  const fromHeader = source === "header";
  const name = prefs.exampleKey ?? "";
  const hook = (code: number | undefined) =>
    fromHeader
      ? `Prefer: ${code === undefined ? "" : `code=${code}, `}example=${name}`
      : `?${code === undefined ? "" : `__code=${code}&`}__example=${name}`;
  const status = prefs.code === undefined ? "" : `for HTTP ${prefs.code} `;
  const listed = has.length ? `it has: ${has.join(", ")}` : "it has none";
  // a range (`5XX`) is asked for with one of its statuses
  const there = elsewhere
    ? `; ${name} is an example of HTTP ${elsewhere} (${hook(Number(elsewhere.replace(/X/gi, "0")))})`
    : "";
  return hookViolation(
    source,
    "__example",
    "unknown-example",
    `${operation} has no example named ${name} ${status}(${hook(prefs.code)}); ${status}${listed}${there}`,
  );
}

/** `https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR` → `NO_PATH_MATCHED_ERROR`. */
const problemCode = (type: string) => type.split("#").pop() ?? type;
