/**
 * One JSON-RPC request (a whole body, or one entry of a batch): checked to be a JSON-RPC 2.0
 * request of a method served at this endpoint, sent to that method's operation
 * `POST /__rpc/<area>/<method>` with the example that fits its params, and Prism's answer made
 * into the method's: the request's id, invalid params as -32602, a forced error object.
 */
import type { RpcEndpoints } from "./areas.js";
import { ANY_ENTRY, type RpcError, type RpcMethod } from "./convert.js";
import { agree } from "./agree.js";
import { ECHOES, echoRequest, lacksEntries, type KnownEntries } from "./echo.js";
import type { HookSource } from "./hooks.js";
import { GATEWAY_STATUSES, gatewayPage, stringHeaders } from "./http.js";
import { isObject, stringifyJson } from "./json.js";
import { STANDARD, isValidId, knownError, rpcErrorBody } from "./json-rpc-errors.js";
import { examplePage, followPaging, pageSeed, walkOf, type WalkShape } from "./paging.js";
import {
  HOOK_ERROR_STATUS,
  problemViolation,
  requestErrors,
  toPrismValue,
  undocumentedStatus,
  unknownExample,
  type PrismEngine,
  type PrismPreferences,
  type PrismResult,
  type Violation,
} from "./prism.js";

/** What answering a JSON-RPC request needs besides the request itself. */
export interface RpcDispatch {
  engine: PrismEngine;
  endpoints: RpcEndpoints;
  /** The mock's mode is `dynamic` (a request may override it with `Prefer: dynamic=`). */
  dynamic: boolean;
  /**
   * The mock's seed of generated data, if any (a request may give its own with `Prefer: seed=`).
   */
  seed?: string;
  /**
   * The mock's shape of a generated page walk (a request may give its own with
   * `Prefer: walk-pages=`, `page-fill=`).
   */
  walk: WalkShape;
  /** The entries the spec's examples give a batch's inputs (examples mode), built at first call. */
  known?: () => KnownEntries;
}

/** The request around the entry. */
export interface EntryContext {
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  prefs: PrismPreferences;
  /** Where the hooks of `prefs` came from (a scenario's status: `scenario`). */
  hookSource: Exclude<HookSource, "scenario">;
  scenario?: { status?: number } | undefined;
  pathname: string;
  /** The methods served at `pathname`. */
  methods: Map<string, RpcMethod>;
  batch: boolean;
  /** A batch where a method has the example `Prefer: example=` asks (see `hasExample`). */
  exampleInBatch?: boolean;
}

export interface EntryAnswer {
  method?: RpcMethod;
  /**
   * The HTTP status Prism chose (for invalid params, the one x-error-info gives -32602); undefined
   * for errors the dispatcher made (see `code`).
   */
  status?: number;
  code?: number;
  headers: Record<string, string>;
  body: unknown;
  violations: Violation[];
  /**
   * Invalid params: every violation the -32602 error of `body` lists in its `data` (json-rpc.ts
   * bounds the list).
   */
  invalidParams?: Violation[];
  /**
   * The mock's answer to a hook the method cannot follow: `Prefer: code=` for a status it documents
   * no response for, `Prefer: example=` for an example it has not.
   */
  hookError?: true;
}

/**
 * A request whose `id` is missing, `null` or a number: JSON-RPC 2.0 takes it (and the mock answers
 * it), but the service's envelope requires a string id, so the request log says so (a warning: the
 * request is still served).
 */
const idNotString = (id: unknown, missing: boolean): Violation => ({
  location: ["request", "body", "id"],
  message: `The service's JSON-RPC envelope requires a string \`id\` (echoed in the answer), not ${missing ? "none" : id === null ? "null" : "a number"}: JSON-RPC 2.0 allows it, so the mock answers`,
  code: "id-not-string",
  severity: "warning",
});

/** `forced`: the error code `X-Mock-JsonRpc-Error` asks of a method, if any. */
export async function answerEntry(
  entry: unknown,
  c: EntryContext,
  forced: (name: string) => number | undefined,
  dispatch: RpcDispatch,
): Promise<EntryAnswer> {
  const answer = await answerValidEntry(entry, c, forced, dispatch);
  // (A valid JSON-RPC 2.0 request whose id the service would not take: the answer, with a warning
  // in the log; before, the mock took it silently.)
  if (isObject(entry) && answer.code !== -32600 && typeof entry.id !== "string")
    answer.violations = [...answer.violations, idNotString(entry.id, !("id" in entry))];
  return answer;
}

async function answerValidEntry(
  entry: unknown,
  c: EntryContext,
  forced: (name: string) => number | undefined,
  dispatch: RpcDispatch,
): Promise<EntryAnswer> {
  const id = isObject(entry) && "id" in entry ? entry.id : null;
  if (
    !isObject(entry) ||
    typeof entry.method !== "string" ||
    entry.jsonrpc !== "2.0" ||
    !isValidId(id)
  )
    return invalidRequest(entry, id);
  const method = c.methods.get(entry.method);
  if (!method) return methodNotFound(entry.method, id, c.pathname, dispatch.endpoints);

  const prefs = entryPreferences(method, entry.params, c, dispatch);
  // A gateway answers its 502, 503 or 504 before the service sees the request.
  if (
    prefs.code !== undefined &&
    GATEWAY_STATUSES[prefs.code] &&
    !method.statuses.includes(prefs.code)
  )
    return {
      method,
      status: prefs.code,
      headers: { "content-type": "text/html" },
      body: gatewayPage(prefs.code),
      violations: [],
    };
  // An example the method does not have (for the status asked): Prism answers 404, or with
  // `code=` tries the example in the 200 response and answers that (the code ignored) or a 500.
  // The request is still validated first (by Prism, without the example), then the mock's 422.
  const unknown = lacksExample(method, prefs);
  const asked: PrismPreferences = { ...prefs };
  if (unknown) delete asked.exampleKey;
  const input = {
    method: "post",
    path: method.operationPath,
    query: c.query,
    // (json-rpc.ts took the body's Content-Type as JSON, `application/json-rpc` too; Prism's
    // operation reads application/json only.)
    headers: { ...c.headers, "content-type": "application/json" },
    body: toPrismValue(entry),
  };
  const generated = prefs.dynamic ?? dispatch.dynamic;
  let result: PrismResult = await dispatch.engine.request(input, asked);
  // A generated batch of `null`s only (every id "not found") has no entry to answer the ids with
  // (echo.ts): generate again, from the seed with `/1`, `/2`, `/3` added (the same seed, the same
  // answer).
  for (let again = 1; generated && again <= 3 && lacksEntriesIn(method, result); again++)
    result = await dispatch.engine.request(input, {
      ...asked,
      ...(asked.seed !== undefined && { seed: `${asked.seed}/${again}` }),
    });
  if (result.ok && unknown && !requestErrors(result.violations).length)
    return unknownExampleAnswer(method, id, prefs, c.hookSource);
  if (!result.ok) {
    if (prefs.code !== undefined && !method.statuses.includes(prefs.code))
      return undocumentedStatusAnswer(
        method,
        id,
        prefs.code,
        c.scenario?.status === undefined ? c.hookSource : "scenario",
      );
    const violation = problemViolation(result.problem, ["mock"]);
    return {
      method,
      status: result.problem.status,
      headers: result.headers,
      body: rpcErrorBody(id, {
        code: -32603,
        message: `Mock: ${result.problem.title}`,
        data: [violation],
      }),
      violations: [violation],
    };
  }
  // A generated page follows the paging asked for (its seed does too, entryPreferences); an answer
  // names what was asked (echo.ts), unless it is the spec's pairing for exactly these params
  // (which already does, and a batch's `null` for an id not found with it).
  const paged = (r: unknown) =>
    !method.paging
      ? r
      : generated
        ? followPaging(
            method.paging,
            entry.params,
            r,
            prefs.seed ?? "",
            method.name,
            walkOf(prefs, dispatch.walk),
          )
        : examplePage(method.paging, entry.params, r, method.name);
  const verbatim = !generated && isPairing(method, prefs.exampleKey, entry.params);
  // (Not when `Prefer: example=` asks for an example: the answer is that one, naming the input.)
  const known = generated || c.prefs.exampleKey !== undefined ? undefined : dispatch.known?.();
  const echoed = (r: unknown) => echoRequest(method.name, entry.params, paged(r), ECHOES, known);
  // generated values agree with each other (agree.ts); the spec's examples do already
  const follow = (r: unknown) =>
    verbatim ? paged(r) : generated ? agree(method.name, entry.params, echoed(r)) : echoed(r);
  return methodAnswer(method, entry.params, id, result, forced, dispatch.endpoints, follow);
}

/** Whether two requests' params are the same on the wire (left out and `null` alike). */
const sameParams = (a: unknown, b: unknown) =>
  stringifyJson(a ?? null) === stringifyJson(b ?? null);

/** Whether the example `name` is a pairing whose request params are exactly `params`. */
const isPairing = (method: RpcMethod, name: string | undefined, params: unknown) =>
  method.examples.some((ex) => ex.name === name && sameParams(ex.params, params));

/** A successful answer of Prism's whose result lacks the entries of a list echo (echo.ts). */
const lacksEntriesIn = (method: RpcMethod, result: PrismResult) =>
  result.ok &&
  result.status === 200 &&
  isObject(result.body) &&
  lacksEntries(method.name, result.body.result);

/**
 * `Prefer: code=<status>` for a status the method has no response for (Prism: "not defined in the
 * document", 404): HOOK_ERROR_STATUS with a -32603 that says so and names the statuses it has.
 */
function undocumentedStatusAnswer(
  method: RpcMethod,
  id: unknown,
  status: number,
  source: HookSource,
): EntryAnswer {
  const violation = undocumentedStatus(method.name, status, method.statuses, source);
  return hookErrorAnswer(method, id, `documents no HTTP ${status} response`, violation);
}

/**
 * The answer to an error hook the method cannot honour: HOOK_ERROR_STATUS, a -32603 "Mock: <method>
 * <what>".
 */
const hookErrorAnswer = (
  method: RpcMethod,
  id: unknown,
  what: string,
  violation: Violation,
): EntryAnswer => ({
  method,
  status: HOOK_ERROR_STATUS,
  headers: {},
  body: rpcErrorBody(id, {
    code: -32603,
    // (`what` may quote the hook as sent, an example's name, where a key may be: masked where
    // the answer and the log are written, secrets.ts.)
    message: `Mock: ${method.name} ${what}`,
    data: [violation],
  }),
  violations: [violation],
  hookError: true,
});

/**
 * The names of the examples of the method's response for `Prefer: code=` (200 without one);
 * undefined when it has no such response.
 */
const examplesAsked = (method: RpcMethod, prefs: PrismPreferences) =>
  method.responseExamples.get(prefs.code ?? 200);

/**
 * The method has the example `Prefer: example=` asks for, in the response `Prefer: code=` asks for.
 */
export const hasExample = (method: RpcMethod, prefs: PrismPreferences) =>
  prefs.exampleKey !== undefined && !!examplesAsked(method, prefs)?.includes(prefs.exampleKey);

/**
 * `Prefer: example=` asks for an example the method has not in a response it has (for a status it
 * has not, see undocumentedStatusAnswer).
 */
const lacksExample = (method: RpcMethod, prefs: PrismPreferences) =>
  prefs.exampleKey !== undefined && !!examplesAsked(method, prefs) && !hasExample(method, prefs);

/**
 * `Prefer: example=<name>` for an example the method does not have (in the response of
 * `Prefer: code=`, if given): HOOK_ERROR_STATUS with a -32603 that says so and names the
 * examples it has, and which status has one of that name, if one does.
 */
function unknownExampleAnswer(
  method: RpcMethod,
  id: unknown,
  prefs: PrismPreferences,
  source: EntryContext["hookSource"],
): EntryAnswer {
  const name = prefs.exampleKey!;
  const elsewhere = [...method.responseExamples].find(([, names]) => names.includes(name))?.[0];
  const violation = unknownExample(
    method.name,
    prefs,
    examplesAsked(method, prefs) ?? [],
    elsewhere === undefined ? undefined : String(elsewhere),
    source,
  );
  const status = prefs.code === undefined ? "" : ` for HTTP ${prefs.code}`;
  return hookErrorAnswer(method, id, `has no example named ${name}${status}`, violation);
}

/**
 * Not a JSON-RPC 2.0 Request object: -32600. An `id` that is not a string, number or null (an
 * object, an array, a boolean) makes the request invalid too; it cannot be echoed, so the answer's
 * id is null (JSON-RPC 2.0, sections 4 and 5).
 */
function invalidRequest(entry: unknown, id: unknown): EntryAnswer {
  const badId = isObject(entry) && typeof entry.method === "string" && entry.jsonrpc === "2.0";
  const message = badId
    ? `Not a JSON-RPC 2.0 request: \`id\` must be a string, a number or null, not ${Array.isArray(id) ? "an array" : typeof id === "object" ? "an object" : `a ${typeof id}`}`
    : isObject(entry) && typeof entry.method === "string"
      ? 'Not a JSON-RPC 2.0 request: `jsonrpc` must be "2.0"'
      : 'Not a JSON-RPC request object (an object with `jsonrpc: "2.0"` and a string `method`)';
  const violation: Violation = {
    location: badId ? ["request", "body", "id"] : ["request", "body"],
    message,
    code: "invalid-request",
    severity: "error",
  };
  return {
    code: -32600,
    headers: {},
    body: rpcErrorBody(isValidId(id) ? id : null, {
      code: -32600,
      message: "Invalid Request",
      data: [violation],
    }),
    violations: [violation],
  };
}

/**
 * The -32601 message of a method the mock does not serve: one saying the mock's spec lacks it, not
 * the service (a method the spec leaves out, `searchAssets`, is served there; "Method not found"
 * alone read as its removal).
 */
const NOT_IN_SPEC = "Method not found (the mock serves only the spec's methods)";

/** A method not served at `pathname` (the violation names the endpoint that serves it, if any). */
function methodNotFound(
  name: string,
  id: unknown,
  pathname: string,
  endpoints: RpcEndpoints,
): EntryAnswer {
  const others = [...endpoints].filter(([p, ms]) => p !== pathname && ms.has(name)).map(([p]) => p);
  const hint = others.length ? ` (it is served at POST ${others.join(", ")})` : "";
  const violation: Violation = {
    location: ["request", "body", "method"],
    message: `Method ${JSON.stringify(name)} is not in the spec of POST ${pathname}${hint}`,
    code: "method-not-found",
    severity: "error",
  };
  return {
    code: -32601,
    headers: {},
    body: rpcErrorBody(id, { code: -32601, message: NOT_IN_SPEC, data: [violation] }),
    violations: [violation],
  };
}

/** The request's preferences, for this method: which example, and whether generated. */
function entryPreferences(
  method: RpcMethod,
  params: unknown,
  c: EntryContext,
  { dynamic, seed }: RpcDispatch,
): PrismPreferences {
  const prefs: PrismPreferences = { ...c.prefs };
  if (c.batch && c.exampleInBatch && lacksExample(method, prefs)) {
    // In a batch, `Prefer: example=<name>` applies to the methods that have that example (for
    // the status asked); when none has it, each answers that it has not (unknownExampleAnswer).
    delete prefs.exampleKey;
  }
  if (prefs.exampleKey === undefined && prefs.code === undefined && !(prefs.dynamic ?? dynamic)) {
    const best = bestExample(method, params);
    if (best) prefs.exampleKey = best;
  }
  // (Documented error objects, always.)
  if (prefs.code !== undefined && prefs.code !== 200) prefs.dynamic = false;
  if (method.paging && (prefs.dynamic ?? dynamic)) {
    const paged = pageSeed(method.paging, params, prefs.seed ?? seed);
    if (paged !== undefined) prefs.seed = paged;
  }
  return prefs;
}

/**
 * The example whose request params best match `params`: an exact match, else the one sharing
 * the most top-level param values (at least one), else none (Prism then answers the first).
 */
export function bestExample(method: RpcMethod, params: unknown): string | undefined {
  let best: string | undefined;
  let bestScore = 0;
  for (const ex of method.examples) {
    if (sameParams(ex.params, params)) return ex.name;
    let score = 0;
    if (isObject(params) && isObject(ex.params)) {
      for (const [k, v] of Object.entries(ex.params))
        if (k in params && stringifyJson(params[k]) === stringifyJson(v)) score++;
    } else if (Array.isArray(params) && Array.isArray(ex.params)) {
      ex.params.forEach(
        (v, i) => i < params.length && stringifyJson(params[i]) === stringifyJson(v) && score++,
      );
    }
    if (score > bestScore) {
      bestScore = score;
      best = ex.name;
    }
  }
  return best;
}

/**
 * Prism's answer as the method's: the request's id, invalid params, a forced error object; `follow`
 * makes the result of a valid request follow it (its paging, what it names).
 */
function methodAnswer(
  method: RpcMethod,
  params: unknown,
  id: unknown,
  result: Extract<PrismResult, { ok: true }>,
  forced: (name: string) => number | undefined,
  endpoints: RpcEndpoints,
  follow: (result: unknown) => unknown,
): EntryAnswer {
  let body = result.body;
  let status = result.status;
  let invalidParams: Violation[] | undefined;
  const inputErrors = requestErrors(result.violations);
  if (isObject(body)) body = { ...body, id: isValidId(id) ? id : null };
  if (status === 200 && !inputErrors.length && isObject(body) && "result" in body)
    body = { ...body, result: follow(body.result) };
  const refusal = result.status === 400 ? serviceRefusal(method, inputErrors, params) : undefined;
  if (refusal) {
    body = rpcErrorBody(id, refusal);
    status = method.errorStatus.get(refusal.code) ?? 400;
  } else if (
    result.status === 400 &&
    inputErrors.length &&
    isObject(body) &&
    isObject(body.error)
  ) {
    // Invalid params: -32602 with the violations, at the HTTP status the area documents for
    // that code (x-error-info: 400, or 200 where the service answers method errors inside a
    // 200 body, as the compression service does).
    const error =
      body.error.code === -32602 ? body.error : (method.errors.get(-32602) ?? STANDARD[-32602]);
    body = { ...body, error: { ...error, data: inputErrors } };
    status = method.errorStatus.get(-32602) ?? 400;
    invalidParams = inputErrors;
  }
  const forcedCode = result.status === 200 ? forced(method.name) : undefined;
  if (forcedCode !== undefined) {
    const err = method.errors.get(forcedCode) ??
      knownError(endpoints, forcedCode) ?? {
        code: forcedCode,
        message: `Mock error ${forcedCode}`,
      };
    body = rpcErrorBody(isValidId(id) ? id : null, err);
  }
  // What is sent is checked, the mock's edits included (its result, the id, -32602's data, a
  // refusal), against the response of the status sent (compression's -32602 and -32000: its 200,
  // convert.ts resultOrError). Not a forced error: the answer a hook asks for, in a 200, whatever
  // its code.
  const answerErrors = forcedCode === undefined ? result.checkAnswer(body, status) : [];
  return {
    method,
    status,
    headers: stringHeaders(result.headers),
    body,
    violations: [...result.violations, ...answerErrors],
    ...(invalidParams && { invalidParams }),
  };
}

/**
 * The error the service answers for a request whose every violation is one its method finds after
 * the params parse (`x-refused-with`: compression's count of addresses is a -32000, not a -32602),
 * its `{count}` the number of entries the param holds; undefined when any violation is another.
 */
function serviceRefusal(
  method: RpcMethod,
  violations: Violation[],
  params: unknown,
): RpcError | undefined {
  const matched = violations.map((v) =>
    method.refusals.find((r) => r.keyword === v.code && standsAt(r.at, v.location)),
  );
  const first = matched[0];
  if (!first || matched.some((r) => !r)) return undefined;
  const value =
    first.param === undefined ? params : isObject(params) ? params[first.param] : undefined;
  const count = Array.isArray(value) ? String(value.length) : "";
  return { ...first.error, message: first.error.message.replace("{count}", count) };
}

/** Whether a violation's `location` is the refusal's place `at` (ANY_ENTRY: any index). */
const standsAt = (at: string[], location: string[]) =>
  at.length === location.length &&
  at.every((part, i) => part === location[i] || (part === ANY_ENTRY && /^\d+$/.test(location[i]!)));
