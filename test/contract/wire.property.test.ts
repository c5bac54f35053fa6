/**
 * What a generated client puts on the wire is what the spec describes, and exactly its input.
 *
 * For every operation of every area (spec/dist), valid SDK inputs are generated from the spec
 * (test/spec/sdk-input.ts and arbitraries.ts: integers at their bounds, u64 values as numbers or
 * bigints up to 2^64 − 1, arrays up to their maxItems, optional members present, absent or `undefined`,
 * Unicode strings where no pattern restricts them), kept only when the generated check accepts
 * them (as the client would), and sent by the real client to the mock in examples mode. Then:
 *   1. the mock logged that one request, routed to the operation, without a violation: Prism
 *      found the envelope, params, query, path, body and the key's place valid per the spec;
 *   2. the request as it left the client (a `fetch` wrapper records it), decoded back to SDK input
 *      from the spec alone (the JSON-RPC params by name or by position, query options from their
 *      wire names, REST path segments and query parameters by the spec's parameters, the JSON
 *      body read losslessly), equals the input: nothing dropped, renamed, duplicated or moved, no
 *      `undefined` member sent, integers digit for digit. The key is where the host takes it
 *      (spec/dist/index.json `hosts`) and nowhere else;
 *   3. the call resolves: examples mode answers every valid request with a 2xx example
 *      (packages/mock/README.md, "Modes"), so an error here, typed or not, is a defect.
 * An operation without input (ping, listWebhooks) is called once: only the key is on the wire.
 *
 * Reproducible: fixed SEED; a failure prints fast-check's seed and path, the input and the
 * request that was sent. (The mock keeps an idle connection open longer than this file's longest
 * synchronous stretch, fast-check's first build of a Unicode string arbitrary: a reset connection
 * would be retried by the client, one request more than the call made.)
 */
import { parseJson, type ValidationIssue } from "@chaindata/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_FULL_ARRAY, schemaArbitraries } from "../spec/arbitraries.js";
import {
  index,
  resolve,
  show,
  specOperations,
  typesOf,
  type Schema,
  type SpecOperation,
} from "../spec/sdk-input.js";
import { contractOf } from "./contracts.js";
import { API_KEY, useMock } from "./harness.js";

const SEED = 20_251_122;
const RUNS_PER_OPERATION = 150;

const arbitraryOf = schemaArbitraries({ bigints: true, fullArrays: true, undefinedMembers: true });

/** A request as the client handed it to `fetch`. */
interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** What `fetch` gave back: `HTTP <status>`, or `threw <error>`. */
  outcome?: string;
}

describe("every operation sends exactly its input, valid per the spec", () => {
  const h = useMock("examples");

  /** A `fetch` that records each request the client hands it in `sent`, and what it met. */
  const recordInto =
    (sent: WireRequest[]): typeof fetch =>
    async (url, init) => {
      const request: WireRequest = {
        method: init!.method!,
        url: String(url),
        headers: init!.headers as Record<string, string>,
        ...(init!.body != null && { body: bodyText(init!.body) }),
      };
      sent.push(request);
      // (What each attempt met, for a failure's message: a second request is a retry, and
      // the status or the error that caused it tells a mock fault from the client's.)
      try {
        const response = await h.fetch(url, init);
        request.outcome = `HTTP ${response.status}`;
        return response;
      } catch (error) {
        request.outcome = `threw ${String(error)}`;
        throw error;
      }
    };

  it.each(
    specOperations.map((op) => [op.key, op.takesInput ? RUNS_PER_OPERATION : 1, op] as const),
  )("%s (%i runs)", async (_key, runs, op) => {
    // (Looked up first: a missing contract fails with its own message, not as a counterexample.)
    const contract = contractOf(op.id);
    const inputs = op.takesInput
      ? arbitraryOf(op.doc, op.shape).filter((input) => accepts(op, input))
      : fc.constant(undefined);
    await fc.assert(
      fc.asyncProperty(inputs, async (input) => {
        const sent: WireRequest[] = [];
        h.mock.clearRequests();
        try {
          await contract.call(h.clients({ fetch: recordInto(sent) }), input);
          const log = h.requests();
          expect(log).toHaveLength(1);
          expect(log[0]!.violations).toEqual([]);
          expect(op.rpc ? log[0]!.rpcMethods : [log[0]!.operationId]).toEqual([op.id]);
          expect(sent).toHaveLength(1);
          expect(decode(op, sent[0]!)).toStrictEqual(
            canonical(withoutNullQuery(op, withSdkDefaults(op, input ?? {}))),
          );
        } catch (error) {
          // (Every failure, the call's own included, shows what was sent.)
          if (error instanceof Error)
            error.message +=
              `\ninput ${show(input)}\nsent ${sent.map(showRequest).join("\n") || "nothing"}` +
              `\nmock answered ${h
                .requests()
                .map((e) => `${e.status} in ${e.durationMs} ms${e.aborted ? " (client left)" : ""}`)
                .join(", ")}`;
          throw error;
        }
        for (const trait of traitsOf(input)) traitsMet.add(trait);
      }),
      { seed: SEED, numRuns: runs },
    );
  });

  // (Met by the runs above: run the whole file.)
  it("the inputs sent had every trait the wire must carry exactly", () => {
    // (A bigint goes only in a u64 or i64 param, typed bigint: any other integer's check refuses
    // one. No operation of the spec takes a u64 or i64 param today.)
    const bigints = specOperations.some((op) => op.takesInput && hasWideInteger(op.doc, op.shape));
    expect([...traitsMet].sort()).toEqual(
      Object.values(TRAITS)
        .filter((trait) => bigints || !trait.startsWith("a bigint"))
        .sort(),
    );
  });
});

/** Whether `schema` (of `doc`) holds a u64 or i64 integer (`format: uint64 | int64`) anywhere. */
function hasWideInteger(doc: any, schema: Schema, stack: string[] = []): boolean {
  const { s, stack: inner } = resolve(doc, schema, stack);
  if (!s || typeof s !== "object" || s.recursive) return false;
  if (typesOf(s).includes("integer") && (s.format === "uint64" || s.format === "int64"))
    return true;
  return [
    ...(s.anyOf ?? []),
    ...(s.oneOf ?? []),
    ...(s.allOf ?? []),
    ...Object.values<Schema>(s.properties ?? {}),
    ...(s.items === undefined ? [] : [s.items]),
    ...(s.additionalProperties && typeof s.additionalProperties === "object"
      ? [s.additionalProperties]
      : []),
  ].some((part) => hasWideInteger(doc, part, inner));
}

const TRAITS = {
  unsafeBigint: "a bigint beyond ±(2^53 − 1)",
  safeBigint: "a bigint within ±(2^53 − 1)",
  undefinedMember: "a member that is undefined",
  nonAscii: "a string with non-ASCII characters",
  fullArray: `an array of ${MAX_FULL_ARRAY} items`,
};
const traitsMet = new Set<string>();

/** The TRAITS of `value` (and of its members and items). */
function traitsOf(value: unknown): string[] {
  if (typeof value === "bigint")
    return [
      value >= Number.MIN_SAFE_INTEGER && value <= Number.MAX_SAFE_INTEGER
        ? TRAITS.safeBigint
        : TRAITS.unsafeBigint,
    ];
  if (typeof value === "string") return /[^\0-\x7f]/.test(value) ? [TRAITS.nonAscii] : [];
  if (!value || typeof value !== "object") return [];
  const members = Object.values(value);
  return [
    ...(Array.isArray(value)
      ? value.length === MAX_FULL_ARRAY
        ? [TRAITS.fullArray]
        : []
      : members.includes(undefined)
        ? [TRAITS.undefinedMember]
        : []),
    ...members.flatMap(traitsOf),
  ];
}

/** Whether the generated check accepts `input` (what the client sends; it refuses the rest). */
function accepts(op: SpecOperation, input: unknown): boolean {
  const issues: ValidationIssue[] = [];
  op.check!(input, "params", issues);
  return !issues.length;
}

/** A request for a failure message: all but a long body's end. */
const showRequest = ({ method, url, headers, body, outcome }: WireRequest) =>
  `${method} ${url} ${JSON.stringify(headers)} → ${outcome ?? "no answer yet"}${body === undefined ? "" : `\n  ${body.slice(0, 2000)}`}`;

const bodyText = (body: BodyInit) =>
  typeof body === "string" ? body : new TextDecoder().decode(body as ArrayBuffer);

/**
 * A value as the wire carries it, to compare with what was sent. JSON has one kind of integer:
 * a safe one is a number, one beyond ±(2^53 − 1) is read back as a bigint of its digits, and a
 * number that large is written as its shortest digits (77707801378465136 as
 * 77707801378465140, the same double); -0 is written 0. `undefined` members are not sent.
 */
/**
 * The input with the members the SDK sends when they are left out (a JSON-RPC param's
 * `x-sdk-defaults`: the named properties' schema `default`s, e.g. the sender's
 * `config.skipPreflight: true`), as the wire must carry it: exactly the input besides these.
 */
function withSdkDefaults(op: SpecOperation, input: unknown): unknown {
  if (!op.rpc || !input || typeof input !== "object" || Array.isArray(input)) return input;
  let out = input as Record<string, unknown>;
  for (const p of op.rpc.params) {
    const names: string[] | undefined = p["x-sdk-defaults"];
    const given = out[p.name];
    if (!names || !given || typeof given !== "object") continue;
    const properties = resolve(op.doc, p.schema).s.properties ?? {};
    const filled: Record<string, unknown> = { ...(given as Record<string, unknown>) };
    for (const n of names) filled[n] ??= resolve(op.doc, properties[n]).s.default;
    out = { ...out, [p.name]: filled };
  }
  return out;
}

/**
 * `input` without the REST query parameters it gives as `null`: a query has no null, and the
 * clients leave such a parameter out (wallet's `before: null`, the last page's `nextCursor`).
 */
function withoutNullQuery(op: SpecOperation, input: unknown): unknown {
  if (!op.rest || !input || typeof input !== "object") return input;
  return Object.fromEntries(
    Object.entries(input).filter(
      ([name, value]) =>
        value !== null || !op.rest!.parameters.some((p) => p.in === "query" && p.name === name),
    ),
  );
}

function canonical(value: unknown): unknown {
  if (Object.is(value, -0)) return 0;
  if (typeof value === "bigint")
    return value >= Number.MIN_SAFE_INTEGER && value <= Number.MAX_SAFE_INTEGER
      ? Number(value)
      : value;
  if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value))
    return /^-?\d+$/.test(String(value)) ? BigInt(String(value)) : value;
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, member]) => member !== undefined)
        .map(([name, member]) => [name, canonical(member)]),
    );
  return value;
}

/** The SDK input `request` carries for `op`, read by the spec's rules alone; throws at anything else on the wire. */
function decode(op: SpecOperation, request: WireRequest): unknown {
  const url = new URL(request.url);
  const query = [...url.searchParams];
  takeKey(op, request, query);
  const input: Record<string, unknown> = {};
  /** One member of the input from one place of the request: never two of the same name. */
  const add = (name: string, value: unknown, from: string) => {
    if (Object.hasOwn(input, name)) throw new Error(`${name} is sent twice (again in ${from})`);
    Object.defineProperty(input, name, { value, enumerable: true, writable: true });
  };

  if (op.rpc) {
    if (request.method !== "POST") throw new Error(`JSON-RPC sent with ${request.method}`);
    const { jsonrpc, id, method, params, ...other } = parseJson(request.body!) as any;
    if (jsonrpc !== "2.0" || method !== op.id || !["string", "number"].includes(typeof id))
      throw new Error(`not a JSON-RPC 2.0 request of ${op.id}`);
    if (Object.keys(other).length) throw new Error(`envelope members ${Object.keys(other)}`);
    if (op.rpc.arrayParams) {
      if (query.length) throw new Error(`query ${query} beside array params`);
      return params;
    }
    if (op.rpc.byPosition) {
      const names = op.rpc.params.map((p) => p.name as string);
      if (!Array.isArray(params) || params.length > names.length)
        throw new Error(`by-position params must be an array of at most ${names.length}`);
      params.forEach((value, i) => add(names[i]!, value, "params"));
    } else if (params && typeof params === "object" && !Array.isArray(params))
      Object.entries(params).forEach(([name, value]) => add(name, value, "params"));
    else throw new Error("by-name params must be an object");
    for (const [name, text] of query) {
      const option = op.rpc.query.find((q) => q.name === name);
      if (!option) throw new Error(`unknown query parameter ${name}`);
      add(option.sdkName, fromText(op, option.schema, text), "the query");
    }
    return input;
  }

  const rest = op.rest!;
  if (request.method !== rest.verb.toUpperCase()) throw new Error(`sent with ${request.method}`);
  const parameter = (where: string, name: string) =>
    rest.parameters.find((p) => p.in === where && p.name === name);
  // The path, segment by segment: a literal segment as written, a `{name}` one decoded.
  const segments = url.pathname.split("/");
  const template = rest.path.split("/");
  if (segments.length !== template.length) throw new Error(`path ${url.pathname}`);
  template.forEach((part, i) => {
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    if (name === undefined) {
      if (segments[i] !== part) throw new Error(`path ${url.pathname}`);
    } else
      add(
        name,
        fromText(op, parameter("path", name).schema, decodeURIComponent(segments[i]!)),
        "the path",
      );
  });
  for (const [name, text] of query) {
    const p = parameter("query", name);
    if (!p) throw new Error(`unknown query parameter ${name}`);
    add(name, fromText(op, p.schema, text), "the query");
  }
  if (request.body !== undefined) {
    if (!rest.body) throw new Error("a body where the spec has none");
    Object.entries(parseJson(request.body) as object).forEach(([name, value]) =>
      add(name, value, "the body"),
    );
  }
  return input;
}

/**
 * Checks that the key is where the host takes it (spec/dist/index.json: a header, else the
 * query) and nowhere else, or nowhere for an operation whose `security` is none (the sender's
 * ping), and removes it from `query`.
 */
function takeKey(op: SpecOperation, request: WireRequest, query: [string, string][]) {
  const auth = index.hosts[op.host].auth;
  const security =
    op.rest && (op.doc.paths[op.rest.path][op.rest.verb].security ?? op.doc.security);
  const expected =
    security?.length === 0
      ? { inHeader: undefined, inQuery: [] }
      : auth.header
        ? { inHeader: API_KEY, inQuery: [] }
        : { inHeader: undefined, inQuery: [API_KEY] };
  const inHeader = auth.header && request.headers[auth.header.toLowerCase()];
  const inQuery = query.filter(([name]) => name === auth.query).map(([, value]) => value);
  expect({ inHeader, inQuery }, "where the key is").toEqual(expected);
  query.splice(0, query.length, ...query.filter(([name]) => name !== auth.query));
}

/** A path or query parameter's text read as a value of its schema (the types the spec's parameters use). */
function fromText(op: SpecOperation, schema: Schema, text: string): unknown {
  const { s } = resolve(op.doc, schema);
  const types = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap((b: Schema) =>
    typesOf(resolve(op.doc, b).s),
  );
  if (types.includes("integer") && /^-?(0|[1-9]\d*)$/.test(text)) return canonical(BigInt(text));
  if (types.includes("boolean") && (text === "true" || text === "false")) return text === "true";
  if (types.includes("string")) return text;
  throw new Error(`"${text}" is no value of the parameter's schema ${show(s)}`);
}
