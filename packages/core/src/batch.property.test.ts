/**
 * A model-based property test of JSON-RPC auto-batching: `createBatcher` used through
 * `createJsonRpcClient`, with a stub `fetch` that plays an unreliable server.
 *
 * fast-check (fixed SEED) generates a batcher (`maxSize` 1..10, `wait` 0 or a few ms), a client
 * `maxRetries`, and a sequence of calls made in the same tick or separated by gaps: plain reads
 * (some with a u64 result, some whose `result` may be `null`, some with `onResponse`, one of which
 * throws), calls with their own `signal` (never aborted, or aborted while the request it rides in
 * hangs), which join a batch and leave it on their own, and calls the README says go alone (a
 * signal aborted before the call, a `timeout` other than the client's, shorter or longer,
 * `maxRetries`, `headers` or `retryNonIdempotent`, a write, a query option), plus invalid params.
 * Each request the client sends is answered by the plan of its group's first call for that
 * attempt (a request holding a call to be aborted hangs, so the abort finds it in flight): entries in
 * any order, missing, twice, with foreign ids, error entries, both or neither of `result` and
 * `error`, a non-array answer, HTTP 408/429/4xx/5xx (with and without `Retry-After`), HTML, a
 * truncated or empty body, a rejected fetch, a fetch or a body that hangs until the timeout;
 * results carry integers beyond 2^53. Many answers echo the API key.
 *
 * A small model, written from the README (Options, Errors, Retries, Numbers) and the batcher's
 * doc comment, predicts which calls share a request, how many HTTP requests each group makes,
 * and what each call ends with: its own result (bigints included) or the error class with its
 * method / operation, request id and reason. The run is checked against it, and also: every call
 * settles (the loop that drives the fake clock is bounded), batches never exceed `maxSize`, lone
 * calls go alone, bodies are JSON-RPC 2.0 (an array only for more than one call, ids unique),
 * every attempt of a request sends the same bytes, the API key is in no error (message, stack,
 * `String()`, `JSON.stringify()`, causes), and no timer or abort listener is left behind.
 *
 * Reproducible: fixed SEED; a failure prints fast-check's seed and path, and the scenario.
 */
import { getEventListeners } from "node:events";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBatcher } from "./batch.js";
import {
  AbortError,
  APIError,
  AuthenticationError,
  BadRequestError,
  ChainDataError,
  ConnectionError,
  InternalServerError,
  InvalidResponseError,
  JsonRpcError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
  type InvalidResponseReason,
} from "./errors.js";
import { rpcHost } from "./generated/environments.js";
import { createJsonRpcClient, rpcEncoding, type RpcMethodDescriptor } from "./json-rpc.js";
import { vBoundedString, vObject } from "./validate.js";

const SEED = 20_250_612;
const RUNS = 400;
/** Obviously fake; only characters that read the same URL-encoded and JSON-escaped. */
const KEY = "fake-KEY-batch-prop-0123456789";
const CLIENT_TIMEOUT = 2_000;
/** Shorter than the client's: the call goes alone, each attempt limited by it. */
const CALL_TIMEOUT = 1_750;
/** Longer than the client's: the call goes alone. */
const LONG_TIMEOUT = 3_000;

// ---------------------------------------------------------------------------------------------
// The methods, as the generator would emit them. Every call's params carry a tag (`call-<n>`) that
// the stub server reads back to know whose request an entry is.

const tagged = vObject({ tag: vBoundedString(6) }, ["tag"], false);
const getAsset: RpcMethodDescriptor = { id: "getAsset", idempotent: true, params: tagged };
const getBalance: RpcMethodDescriptor = {
  id: "getBalance",
  idempotent: true,
  encode: rpcEncoding(["tag"]),
  u64: { value: 1 },
};
const getOptional: RpcMethodDescriptor = {
  id: "getOptional",
  idempotent: true,
  optionalBody: true,
};
const mint: RpcMethodDescriptor = { id: "mintCompressedNft", idempotent: false };
const getQueried: RpcMethodDescriptor<"swqosOnly"> = {
  id: "getQueried",
  idempotent: true,
  encode: rpcEncoding(undefined, { swqosOnly: "swqos_only" }),
};

/** What each kind of call is: its method, and whether the README lets it join a batch. */
const KINDS = {
  read: { method: getAsset, batched: true },
  balance: { method: getBalance, batched: true },
  optional: { method: getOptional, batched: true },
  "on-response": { method: getAsset, batched: true },
  "on-response-throws": { method: getAsset, batched: true },
  "undefined-options": { method: getAsset, batched: true },
  signal: { method: getAsset, batched: true },
  "abort-while-hung": { method: getAsset, batched: true },
  "pre-aborted": { method: getAsset, batched: false },
  timeout: { method: getAsset, batched: false },
  "timeout-long": { method: getAsset, batched: false },
  "max-retries": { method: getAsset, batched: false },
  headers: { method: getAsset, batched: false },
  "retry-non-idempotent": { method: getAsset, batched: false },
  write: { method: mint, batched: false },
  "write-retried": { method: mint, batched: false },
  query: { method: getQueried, batched: false },
  invalid: { method: getAsset, batched: false },
} satisfies Record<string, { method: RpcMethodDescriptor<string>; batched: boolean }>;
type Kind = keyof typeof KINDS;

// ---------------------------------------------------------------------------------------------
// JSON with bigints: the server writes integers beyond 2^53 as bare literals.

type Json = null | boolean | number | bigint | string | Json[] | { [key: string]: Json };

/** JSON text with bigints written as bare integers (as a server does). */
const writeJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? `\u0000big${v}` : v)).replace(
    /"\\u0000big(-?\d+)"/g,
    "$1",
  );

/** The key masked as the README promises (the test's strings hold it only raw). */
const redact = (text: string) => text.split(KEY).join("***");
const redactDeep = (value: Json | undefined): Json | undefined =>
  typeof value === "string"
    ? redact(value)
    : Array.isArray(value)
      ? value.map((v) => redactDeep(v)!)
      : value && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k), redactDeep(v)!]))
        : value;

// ---------------------------------------------------------------------------------------------
// Plans: what the server does with one attempt of one request.

/** A result: the server builds it around the call's tag, so a result given to the wrong call shows. */
interface ValuePlan {
  payload: Json;
  form: 0 | 1 | 2;
  lamports: bigint;
  lamportsAsText: boolean;
}
interface RpcErrorPlan {
  code: number | bigint;
  message?: string | number;
  data?: Json;
}
type EntryPlan =
  | { kind: "result"; value: ValuePlan }
  | { kind: "error"; error: RpcErrorPlan }
  | { kind: "both"; value: ValuePlan; error: RpcErrorPlan }
  | { kind: "neither" }
  | { kind: "missing" }
  | { kind: "twice"; value: ValuePlan }
  | { kind: "numeric-id"; value: ValuePlan }
  | { kind: "null-id-error"; error: RpcErrorPlan }
  | { kind: "null-result" }
  | { kind: "null-error-member"; value: ValuePlan };
/** Entries that answer no call of the batch: another request's id, or junk. */
type Extra = { kind: "foreign-id"; pick: number } | { kind: "junk"; value: Json };
type BodyPlan =
  | { kind: "entries"; entries: EntryPlan[]; extras: Extra[]; order: number[]; wrapLone: boolean }
  | { kind: "single"; id: "null" | "first" | "foreign"; error?: RpcErrorPlan; value: ValuePlan }
  | { kind: "scalar"; text: string }
  | { kind: "html" | "html-content-type" | "truncated" | "non-json" | "empty" };
type AttemptPlan =
  | { kind: "answer"; body: BodyPlan }
  | { kind: "status"; status: number; retryAfter: "none" | "0" | "120"; jsonBody: boolean }
  | { kind: "connection" }
  | { kind: "hang" }
  /** Headers arrive, the body never ends: the timeout covers reading it. */
  | { kind: "stalled-body" };

interface CallSpec {
  kind: Kind;
  /** For `max-retries`: the call's own `maxRetries`. */
  maxRetries: number;
  /** The plans of the requests this call leads (is the first call of), by attempt. */
  plans: AttemptPlan[];
}
type Step = { call: CallSpec } | { gap: number };
interface Scenario {
  maxSize: number;
  wait: number;
  maxRetries: number;
  steps: Step[];
}

// ---------------------------------------------------------------------------------------------
// Arbitraries.

const KEY_NAMES = ["a", "b", "amount", "owner", "list", "nested", "id"];
const MESSAGE_PIECES = [
  "asset not found",
  "slot 18446744073709551615",
  KEY,
  `retry with ?api-key=${KEY}`,
  "naïve ✓",
  'say "hi"',
  "line\nbreak",
  "\u001b[31mred\u001b[0m \u202eright-to-left",
];

const jsonLeaf: fc.Arbitrary<Json> = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0, 0.5, -2.25, 1e-7),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 64n - 1n }),
  fc.bigInt({ min: -(2n ** 63n), max: -(2n ** 53n) }),
  // Digits inside strings stay strings, even next to the U+0001 the lossless parser tags with.
  fc.constantFrom("18446744073709551615", "", "naïve ✓", 'q"uote 12345678901234567890', "\u0001"),
  fc.constant("\u0001\u000118446744073709551616"),
  fc.string({ maxLength: 8 }),
  fc.boolean(),
  fc.constant(null),
);
const json: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    jsonLeaf,
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEY_NAMES), tie("value"), { maxKeys: 3 }),
  ),
})).value;

const valuePlan: fc.Arbitrary<ValuePlan> = fc.record({
  payload: json,
  form: fc.constantFrom(0 as const, 1 as const, 2 as const),
  lamports: fc.oneof(
    fc.bigInt({ min: 0n, max: 2n ** 53n - 1n }),
    fc.bigInt({ min: 2n ** 53n, max: 2n ** 64n - 1n }),
  ),
  lamportsAsText: fc.boolean(),
});

const rpcError: fc.Arbitrary<RpcErrorPlan> = fc.record(
  {
    code: fc.oneof(
      fc.constantFrom(-32000, -32004, -32600, -32602, -32603, 7),
      fc.bigInt({ min: 2n ** 53n, max: 2n ** 60n }),
    ),
    message: fc.oneof(
      fc
        .array(fc.constantFrom(...MESSAGE_PIECES), { minLength: 1, maxLength: 3 })
        .map((pieces) => pieces.join(" ")),
      fc.integer({ min: 0, max: 99 }),
    ),
    data: fc.oneof(json, fc.constant(`echo ${KEY}`), fc.constant({ url: `/?api-key=${KEY}` })),
  },
  { requiredKeys: ["code"] },
);

const entryPlan: fc.Arbitrary<EntryPlan> = fc.oneof(
  { arbitrary: valuePlan.map((value) => ({ kind: "result" as const, value })), weight: 12 },
  rpcError.map((error) => ({ kind: "error" as const, error })),
  fc.record({ kind: fc.constant("both" as const), value: valuePlan, error: rpcError }),
  fc.constant({ kind: "neither" as const }),
  fc.constant({ kind: "missing" as const }),
  valuePlan.map((value) => ({ kind: "twice" as const, value })),
  valuePlan.map((value) => ({ kind: "numeric-id" as const, value })),
  rpcError.map((error) => ({ kind: "null-id-error" as const, error })),
  fc.constant({ kind: "null-result" as const }),
  valuePlan.map((value) => ({ kind: "null-error-member" as const, value })),
);

const extra: fc.Arbitrary<Extra> = fc.oneof(
  fc.nat(50).map((pick) => ({ kind: "foreign-id" as const, pick })),
  fc
    .constantFrom<Json>(7, null, "x", { jsonrpc: "2.0" }, { jsonrpc: "2.0", id: null, result: 1 })
    .map((value) => ({ kind: "junk" as const, value })),
);

const bodyPlan: fc.Arbitrary<BodyPlan> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("entries" as const),
      // (One plan per position; a batch has at most 10 calls.)
      entries: fc.array(entryPlan, { minLength: 10, maxLength: 10 }),
      extras: fc.array(extra, { maxLength: 2 }),
      order: fc.array(fc.nat(100), { minLength: 12, maxLength: 12 }),
      wrapLone: fc.boolean(),
    }),
    weight: 20,
  },
  fc.record(
    {
      kind: fc.constant("single" as const),
      id: fc.constantFrom("null" as const, "first" as const, "foreign" as const),
      error: rpcError,
      value: valuePlan,
    },
    { requiredKeys: ["kind", "id", "value"] },
  ),
  fc
    .constantFrom("null", "42", '"ok"', "true", "false")
    .map((text) => ({ kind: "scalar" as const, text })),
  fc
    .constantFrom(
      "html" as const,
      "html-content-type" as const,
      "truncated" as const,
      "non-json" as const,
      "empty" as const,
    )
    .map((kind) => ({ kind })),
);

const attemptPlan: fc.Arbitrary<AttemptPlan> = fc.oneof(
  { arbitrary: bodyPlan.map((body) => ({ kind: "answer" as const, body })), weight: 10 },
  {
    arbitrary: fc.record({
      kind: fc.constant("status" as const),
      status: fc.constantFrom(400, 401, 403, 404, 408, 418, 422, 429, 429, 500, 502, 503),
      retryAfter: fc.constantFrom("none" as const, "0" as const, "0" as const, "120" as const),
      jsonBody: fc.boolean(),
    }),
    weight: 4,
  },
  fc.constant({ kind: "connection" as const }),
  fc.constantFrom({ kind: "hang" as const }, { kind: "stalled-body" as const }),
);

const kind: fc.Arbitrary<Kind> = fc.oneof(
  { arbitrary: fc.constant("read" as const), weight: 10 },
  { arbitrary: fc.constantFrom("balance" as const, "optional" as const), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      "on-response" as const,
      "on-response-throws" as const,
      "undefined-options" as const,
    ),
    weight: 2,
  },
  {
    arbitrary: fc.constantFrom("signal" as const, "abort-while-hung" as const, "timeout" as const),
    weight: 3,
  },
  {
    arbitrary: fc.constantFrom(...(Object.keys(KINDS) as Kind[]).filter((k) => !KINDS[k].batched)),
    weight: 3,
  },
);

const callSpec: fc.Arbitrary<CallSpec> = fc.record({
  kind,
  maxRetries: fc.integer({ min: 0, max: 2 }),
  plans: fc.array(attemptPlan, { minLength: 3, maxLength: 3 }),
});

const scenario: fc.Arbitrary<Scenario> = fc.record({
  maxSize: fc.integer({ min: 1, max: 10 }),
  wait: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20 })),
  maxRetries: fc.integer({ min: 0, max: 2 }),
  steps: fc.array(
    fc.oneof(
      { arbitrary: callSpec.map((call) => ({ call })), weight: 5 },
      { arbitrary: fc.integer({ min: 0, max: 25 }).map((gap) => ({ gap })), weight: 1 },
    ),
    { minLength: 1, maxLength: 16 },
  ),
});

/**
 * Scenarios run before the random ones: batches that every call leaves on its own, which the
 * random ones seldom draw (a batch of aborted and timed-out calls, stopped in its first attempt;
 * one of timed-out calls, stopped in its hung second attempt; aborted calls leaving a batch not
 * sent yet, the one left sent alone).
 */
const EXAMPLES: Scenario[] = (() => {
  const answer: AttemptPlan = {
    kind: "answer",
    body: {
      kind: "entries",
      entries: Array.from({ length: 10 }, () => ({
        kind: "result" as const,
        value: { payload: 1, form: 0 as const, lamports: 2n ** 60n, lamportsAsText: false },
      })),
      extras: [],
      order: Array.from({ length: 12 }, (_, i) => 12 - i),
      wrapLone: false,
    },
  };
  const call = (kind: Kind, plans: AttemptPlan[] = [answer, answer, answer]) => ({
    call: { kind, maxRetries: 0, plans },
  });
  return [
    {
      maxSize: 10,
      wait: 0,
      maxRetries: 1,
      steps: [call("abort-while-hung"), call("timeout"), call("abort-while-hung")],
    },
    {
      maxSize: 10,
      wait: 0,
      maxRetries: 2,
      steps: [call("timeout", [{ kind: "connection" }, { kind: "hang" }, answer]), call("timeout")],
    },
    {
      maxSize: 10,
      wait: 5,
      maxRetries: 0,
      steps: [call("abort-while-hung"), call("balance"), call("abort-while-hung")],
    },
  ];
})();

// ---------------------------------------------------------------------------------------------
// The server: builds a result around a tag, and the entries for one request.

/** The `result` the server sends for `method` and `tag`. */
const resultFor = (method: RpcMethodDescriptor<string>, tag: string, v: ValuePlan): Json => {
  if (method === getBalance)
    return {
      context: { for: tag },
      value: v.lamportsAsText
        ? String(v.lamports)
        : v.lamports <= BigInt(Number.MAX_SAFE_INTEGER)
          ? Number(v.lamports)
          : v.lamports,
    };
  return [{ for: tag, payload: v.payload }, [tag, v.payload], `${tag}:${writeJson(v.payload)}`][
    v.form
  ]!;
};

/** What the caller must get for that result: integers beyond 2^53 as bigint, u64 fields always. */
const expectedValue = (method: RpcMethodDescriptor<string>, tag: string, v: ValuePlan): unknown =>
  method === getBalance ? { context: { for: tag }, value: v.lamports } : resultFor(method, tag, v);

const errorObject = (e: RpcErrorPlan): Json => ({
  code: e.code,
  ...(e.message !== undefined && { message: e.message }),
  ...(e.data !== undefined && { data: e.data }),
});

interface WireRequest {
  jsonrpc: string;
  id: string;
  method: string;
  params: unknown;
}
const tagOf = (request: WireRequest): string =>
  Array.isArray(request.params) ? request.params[0] : (request.params as { tag: string }).tag;
const indexOf = (tag: string) => Number(tag.slice("call-".length));

/** The entries the server writes for `request` under `plan` (none, one or two). */
const entriesFor = (
  request: WireRequest,
  method: RpcMethodDescriptor<string>,
  plan: EntryPlan,
): Json[] => {
  const { id } = request;
  const tag = tagOf(request);
  const envelope = { jsonrpc: "2.0", id };
  switch (plan.kind) {
    case "result":
      return [{ ...envelope, result: resultFor(method, tag, plan.value) }];
    case "error":
      return [{ ...envelope, error: errorObject(plan.error) }];
    case "both":
      return [
        { ...envelope, result: resultFor(method, tag, plan.value), error: errorObject(plan.error) },
      ];
    case "neither":
      return [envelope];
    case "missing":
      return [];
    case "twice":
      return [
        { ...envelope, result: resultFor(method, tag, plan.value) },
        { ...envelope, result: "DUPLICATE" },
      ];
    case "numeric-id":
      return [{ jsonrpc: "2.0", id: Number(id), result: resultFor(method, tag, plan.value) }];
    case "null-id-error":
      return [{ jsonrpc: "2.0", id: null, error: errorObject(plan.error) }];
    case "null-result":
      return [{ ...envelope, result: null }];
    case "null-error-member":
      return [{ ...envelope, error: null, result: resultFor(method, tag, plan.value) }];
  }
};

// ---------------------------------------------------------------------------------------------
// The model.

type ErrorClass = abstract new (...args: any[]) => Error;
type Expectation =
  | { value: unknown }
  | { error: ErrorClass; fields: Record<string, unknown> }
  /** The error its own `onResponse` threw. */
  | { callbackError: true };

interface ModelGroup {
  members: number[];
  /** Flushed by the batcher (a batch, or a lone call sent as a plain request) rather than sent alone. */
  viaBatcher: boolean;
  /** HTTP requests (attempts) it makes. */
  attempts: number;
  operation: string;
}

const STATUS_CLASSES: Record<number, ErrorClass> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};
const statusClass = (status: number): ErrorClass =>
  STATUS_CLASSES[status] ?? (status >= 500 ? InternalServerError : APIError);

const bodyReasons: Record<string, InvalidResponseReason> = {
  html: "html",
  "html-content-type": "html",
  truncated: "truncated",
  "non-json": "non-json",
  empty: "empty",
};

const invalidEntry = (reason: InvalidResponseReason, operation: string): Expectation => ({
  error: InvalidResponseError,
  fields: { reason, operation, status: 200 },
});

const quoted = (text: string) =>
  [...text.slice(0, 500)]
    .map((char) =>
      // eslint-disable-next-line no-control-regex -- control characters are what is escaped
      /[\0-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/.test(char)
        ? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`
        : char,
    )
    .join("");

/** The JsonRpcError a call must get for error object `e` answering request `id` (or `null`). */
const rpcErrorOf = (e: RpcErrorPlan, method: string, id: string | null): Expectation => {
  const scrubbed = redactDeep(errorObject(e)) as { message?: Json; code: Json; data?: Json };
  const text = (v: Json) => (typeof v === "string" ? v : writeJson(v));
  const rpcMessage = text(scrubbed.message ?? scrubbed);
  return {
    error: JsonRpcError,
    fields: {
      // (A code that is not a number is quoted in the message only.)
      code: typeof e.code === "number" ? e.code : undefined,
      rpcMessage,
      // (The server's text as a message quotes it: its first 500 characters, a control or bidi
      // character as a `\u` escape; review 65.)
      message: `JSON-RPC error ${quoted(text(e.code))} from ${method}: ${quoted(rpcMessage)}`,
      method,
      operation: method,
      rpcError: typeof e.code === "number" ? scrubbed : undefined,
      id,
      status: 200,
      ...(e.data !== undefined && { data: scrubbed.data }),
    },
  };
};

/** How many calls the scenario makes, and the model's groups and expectations. */
function model(s: Scenario) {
  const calls = s.steps.flatMap((step) => ("call" in step ? [step.call] : []));
  const expectations: Expectation[] = [];
  const members: { members: number[]; viaBatcher: boolean }[] = [];

  // Which calls share a request: the batcher's queue, kept on a clock of the gaps.
  let queue: number[] = [];
  let due = Infinity;
  let clock = 0;
  const flush = () => {
    if (queue.length) members.push({ members: queue, viaBatcher: true });
    queue = [];
    due = Infinity;
  };
  let index = 0;
  for (const step of s.steps) {
    if ("gap" in step) {
      // `wait: 0` collects one tick; any await between calls ends it.
      if (s.wait === 0) flush();
      else if ((clock += step.gap) >= due) flush();
      continue;
    }
    const i = index++;
    const { kind } = step.call;
    if (kind === "invalid") {
      expectations[i] = {
        error: ValidationError,
        fields: { issues: [expect.objectContaining({ path: "params.tag", rule: "minLength" })] },
      };
      continue;
    }
    if (!KINDS[kind].batched) {
      members.push({ members: [i], viaBatcher: false });
      continue;
    }
    queue.push(i);
    if (queue.length >= s.maxSize) flush();
    else if (queue.length === 1) due = clock + s.wait;
  }
  // With `wait` > 0 the last batch is not sent yet when the test aborts: an aborted call leaves
  // it (and a batch left empty is not sent).
  if (s.wait > 0)
    queue = queue.filter((i) => {
      if (calls[i]!.kind !== "abort-while-hung") return true;
      expectations[i] = { error: AbortError, fields: { operation: getAsset.id } };
      return false;
    });
  flush();

  const groups: ModelGroup[] = members.map(({ members, viaBatcher }) => {
    const leader = calls[members[0]!]!;
    const methods = members.map((i) => KINDS[calls[i]!.kind].method.id);
    // (Each method once, with its count when over one: `batch(getAsset ×2, getBalance)`.)
    const operation =
      members.length > 1
        ? `batch(${[...methods.reduce((counts, m) => counts.set(m, (counts.get(m) ?? 0) + 1), new Map<string, number>())].map(([m, n]) => (n > 1 ? `${m} ×${n}` : m)).join(", ")})`
        : methods[0]!;
    const everyone = (expectation: Expectation) => {
      for (const i of members) expectations[i] = expectation;
    };
    // An abort before the call: nothing is sent.
    if (leader.kind === "pre-aborted") {
      everyone({ error: AbortError, fields: { operation } });
      return { members, viaBatcher, operation, attempts: 0 };
    }
    // Calls that leave the request on their own: aborted (at once, naming their own method). A
    // request that every call has left is stopped.
    const leaving = members.filter((i) => calls[i]!.kind === "abort-while-hung");
    const leave = (attempts: number) => {
      for (const i of leaving)
        expectations[i] = { error: AbortError, fields: { operation: getAsset.id } };
      return { members, viaBatcher, operation, attempts };
    };
    // (A request holding a call to be aborted hangs at every attempt: see `run`.)
    const hung = leaving.some((i) => calls[i]!.kind === "abort-while-hung");
    // Retries (README, "Retries"): a batch is retried as a whole, with the client's maxRetries.
    // A write is retried after a 429 only (refused before it was processed: decision 0006).
    const retries = leader.kind === "max-retries" ? leader.maxRetries : s.maxRetries;
    const write = leader.kind === "write";
    for (let attempt = 0; ; attempt++) {
      const plan: AttemptPlan = hung ? { kind: "hang" } : leader.plans[attempt]!;
      let failure: Expectation;
      let retryable: boolean;
      if (plan.kind === "answer" && plan.body.kind === "truncated") {
        // A body cut short is retried as a lost connection is (decision 0006).
        [failure, retryable] = [invalidEntry("truncated", operation), !write];
      } else if (plan.kind === "answer") {
        settleModel(plan.body, members, viaBatcher, operation, calls, expectations);
        return leave(attempt + 1);
      } else if (plan.kind === "connection") {
        [failure, retryable] = [{ error: ConnectionError, fields: { operation } }, !write];
      } else if (plan.kind === "hang" || plan.kind === "stalled-body") {
        if (leaving.length === members.length) return leave(attempt + 1);
        [failure, retryable] = [{ error: TimeoutError, fields: { operation } }, !write];
      } else {
        const { status, retryAfter, jsonBody } = plan;
        const fields: Record<string, unknown> = { status, operation };
        if (jsonBody) fields.rpcError = { code: -32005, message: "no ***" };
        if (status === 429) fields.retryAfter = { none: undefined, "0": 0, "120": 120 }[retryAfter];
        failure = { error: statusClass(status), fields };
        // Over 60 s the server is not waited for: the error is thrown at once.
        retryable =
          (status === 429 || (!write && (status === 408 || status >= 500))) && retryAfter !== "120";
      }
      if (!retryable || attempt >= retries) {
        everyone(failure);
        return leave(attempt + 1);
      }
    }
  });
  return { calls, groups, expectations };
}

/**
 * The error of the first `id: null` error entry in the order the stub writes a batch answer
 * (see `answer`), which the runtime gives to every call without an entry of its own.
 */
function firstUntiedError(
  body: Extract<BodyPlan, { kind: "entries" }>,
  calls: number,
): RpcErrorPlan | undefined {
  let k = 0;
  let first: { key: number; error: RpcErrorPlan } | undefined;
  for (const plan of body.entries.slice(0, calls)) {
    const key = body.order[k % body.order.length]!;
    if (plan.kind === "null-id-error" && (!first || key < first.key))
      first = { key, error: plan.error };
    k += plan.kind === "missing" ? 0 : plan.kind === "twice" ? 2 : 1;
  }
  return first?.error;
}

/** What each call of a group gets from a 2xx answer built by `body`. */
function settleModel(
  body: BodyPlan,
  members: number[],
  viaBatcher: boolean,
  operation: string,
  calls: CallSpec[],
  expectations: Expectation[],
) {
  members.forEach((i, position) => {
    const { kind } = calls[i]!;
    const { method } = KINDS[kind];
    const tag = `call-${i}`;
    const success = (value: unknown): Expectation =>
      kind === "on-response-throws" ? { callbackError: true } : { value };
    const own = (v: ValuePlan) => success(expectedValue(method, tag, v));
    const mismatch = invalidEntry("id-mismatch", method.id);
    const notJsonRpc = invalidEntry("not-json-rpc", method.id);
    expectations[i] = (() => {
      switch (body.kind) {
        case "html":
        case "html-content-type":
        case "truncated":
        case "non-json":
        case "empty":
          // The body as a whole is unusable: every call gets it, naming the request.
          return invalidEntry(bodyReasons[body.kind]!, operation);
        case "scalar":
          return notJsonRpc;
        case "single":
          // A non-array answer is every call's answer; only the call whose id it carries (or
          // every call, for an error with `id: null`) reads it as its own.
          if (body.error && body.id === "null") return rpcErrorOf(body.error, method.id, null);
          if (body.id !== "first" || position > 0) return mismatch;
          return body.error ? rpcErrorOf(body.error, method.id, "<own>") : own(body.value);
        case "entries": {
          const plan = body.entries[position]!;
          // An array answer to a lone call (sent alone, or by the batcher as a plain request)
          // is not JSON-RPC.
          if (members.length === 1 && body.wrapLone) return notJsonRpc;
          const lone = members.length === 1 && !body.wrapLone;
          const entryless = (): Expectation => {
            const untied = firstUntiedError(body, members.length);
            return untied
              ? rpcErrorOf(untied, method.id, null)
              : invalidEntry("missing-entry", method.id);
          };
          switch (plan.kind) {
            case "result":
            case "null-error-member":
              return own(plan.value);
            case "error":
            case "both":
              // (JSON-RPC 2.0 forbids both members; the runtime reads the error.)
              return rpcErrorOf(plan.error, method.id, "<own>");
            case "neither":
              return notJsonRpc;
            case "null-result":
              return method.optionalBody ? success(null) : invalidEntry("empty", method.id);
            case "missing":
            case "numeric-id":
              return lone ? mismatch : entryless();
            case "null-id-error":
              return lone ? rpcErrorOf(plan.error, method.id, null) : entryless();
            case "twice":
              return lone ? own(plan.value) : invalidEntry("duplicate-entry", method.id);
          }
        }
      }
    })();
  });
}

// ---------------------------------------------------------------------------------------------
// The run.

interface Sent {
  url: URL;
  headers: Headers;
  body: string;
  requests: WireRequest[];
  batch: boolean;
}

/** Lets the real event loop turn once: every pending microtask, and any I/O the stub needs. */
const macrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

const answerResponse = (text: string, init: ResponseInit = {}) =>
  new Response(text, {
    status: 200,
    ...init,
    headers: {
      "content-type": "application/json",
      "x-echo": `api-key=${KEY}`,
      ...(init.headers as Record<string, string>),
    },
  });

/** The stub server's answer to one attempt. */
function answer(
  plan: AttemptPlan,
  sent: Sent,
  methodOf: (request: WireRequest) => RpcMethodDescriptor<string>,
  seenIds: readonly string[],
  signal: AbortSignal,
): Promise<Response> | Response {
  switch (plan.kind) {
    case "connection":
      throw new TypeError("fetch failed", {
        cause: new Error(`getaddrinfo ENOTFOUND ${sent.url.href} (key ${KEY})`),
      });
    case "hang":
      return new Promise((_, reject) =>
        signal.addEventListener("abort", () =>
          reject(new DOMException("This operation was aborted", "AbortError")),
        ),
      );
    case "stalled-body":
      return new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('[{"jsonrpc":"2.0",'));
            signal.addEventListener("abort", () => controller.error(signal.reason));
          },
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    case "status":
      return answerResponse(
        plan.jsonBody
          ? writeJson({ jsonrpc: "2.0", id: null, error: { code: -32005, message: `no ${KEY}` } })
          : `upstream failed for api-key=${KEY}`,
        {
          status: plan.status,
          headers: {
            ...(plan.retryAfter === "0" && { "retry-after-ms": "0" }),
            ...(plan.retryAfter === "120" && { "retry-after": "120" }),
          },
        },
      );
  }
  const body = plan.body;
  const [first] = sent.requests;
  switch (body.kind) {
    case "html":
      return answerResponse(`<!doctype html><title>Bad gateway ${KEY}</title>`);
    case "html-content-type":
      return answerResponse(`{"note":"${KEY}"}`, { headers: { "content-type": "text/html" } });
    case "truncated":
      return answerResponse(`[{"jsonrpc":"2.0","id":"${first!.id}","result":"api-key=${KEY} and`);
    case "non-json":
      return answerResponse(`ok ${KEY}`);
    case "empty":
      return answerResponse(" \n");
    case "scalar":
      return answerResponse(body.text);
    case "single": {
      const id = { null: null, first: first!.id, foreign: "foreign-1" }[body.id];
      return answerResponse(
        writeJson(
          body.error
            ? { jsonrpc: "2.0", id, error: errorObject(body.error) }
            : {
                jsonrpc: "2.0",
                id,
                result: resultFor(methodOf(first!), tagOf(first!), body.value),
              },
        ),
      );
    }
    case "entries": {
      const entries = sent.requests.flatMap((request, position) =>
        entriesFor(request, methodOf(request), body.entries[position]!),
      );
      if (!sent.batch && !body.wrapLone)
        return answerResponse(
          writeJson(entries[0] ?? { jsonrpc: "2.0", id: "foreign-1", result: "not yours" }),
        );
      const own = new Set(sent.requests.map((r) => r.id));
      const foreign = [...seenIds.filter((id) => !own.has(id)), "0"];
      for (const e of body.extras)
        entries.push(
          e.kind === "junk"
            ? e.value
            : { jsonrpc: "2.0", id: foreign[e.pick % foreign.length]!, result: "not yours" },
        );
      const order = entries.map((entry, k) => [body.order[k % body.order.length]!, k, entry]);
      order.sort(
        ([a, i], [b, j]) => (a as number) - (b as number) || (i as number) - (j as number),
      );
      return answerResponse(writeJson(order.map(([, , entry]) => entry)));
    }
  }
}

type Outcome = { value: unknown } | { error: unknown };

async function run(s: Scenario) {
  const { calls, groups, expectations } = model(s);
  const sent: Sent[] = [];
  const seenIds: string[] = [];
  const attempts = new Map<number, number>();
  const methodOf = (request: WireRequest) => KINDS[calls[indexOf(tagOf(request))]!.kind].method;

  const fetch = async (input: string | URL | Request, init: RequestInit = {}) => {
    const body = init.body as string;
    const parsed = JSON.parse(body) as WireRequest | WireRequest[];
    const requests = Array.isArray(parsed) ? parsed : [parsed];
    const record: Sent = {
      url: new URL(String(input)),
      headers: new Headers(init.headers),
      body,
      requests,
      batch: Array.isArray(parsed),
    };
    sent.push(record);
    seenIds.push(...requests.map((r) => r.id));
    const leader = indexOf(tagOf(requests[0]!));
    const attempt = attempts.get(leader) ?? 0;
    attempts.set(leader, attempt + 1);
    const plan: AttemptPlan = requests.some(
      (request) => calls[indexOf(tagOf(request))]!.kind === "abort-while-hung",
    )
      ? { kind: "hang" }
      : calls[leader]!.plans[attempt]!;
    return answer(plan, record, methodOf, seenIds, init.signal!);
  };

  const rpc = createJsonRpcClient(
    {
      apiKey: KEY,
      fetch,
      batch: createBatcher({ maxSize: s.maxSize, wait: s.wait }),
      maxRetries: s.maxRetries,
      timeout: CLIENT_TIMEOUT,
    },
    rpcHost,
    "/",
  );

  const outcomes: Outcome[] = [];
  const onResponseSeen: Record<string, unknown>[][] = calls.map(() => []);
  const callbackErrors: Error[] = [];
  const signals: AbortSignal[] = [];
  const toAbort: AbortController[] = [];
  let index = 0;
  for (const step of s.steps) {
    if ("gap" in step) {
      await vi.advanceTimersByTimeAsync(step.gap);
      await macrotask();
      continue;
    }
    const i = index++;
    const spec = step.call;
    const tag = `call-${i}`;
    const seen = onResponseSeen[i]!;
    let options: Record<string, unknown> = {};
    switch (spec.kind) {
      case "on-response":
        options = { onResponse: (r: Record<string, unknown>) => seen.push(r) };
        break;
      case "on-response-throws": {
        const refusal = (callbackErrors[i] = new Error(`callback of ${tag} refused the answer`));
        options = {
          onResponse: (r: Record<string, unknown>) => {
            seen.push(r);
            throw refusal;
          },
        };
        break;
      }
      case "undefined-options":
        options = {
          signal: undefined,
          timeout: undefined,
          headers: undefined,
          onResponse: undefined,
        };
        break;
      case "signal":
        options = { signal: new AbortController().signal };
        break;
      case "abort-while-hung": {
        const controller = new AbortController();
        toAbort.push(controller);
        options = { signal: controller.signal };
        break;
      }
      case "pre-aborted":
        options = { signal: AbortSignal.abort(new Error(`stopped before sending, key ${KEY}`)) };
        break;
      case "timeout":
        options = { timeout: CALL_TIMEOUT };
        break;
      case "timeout-long":
        options = { timeout: LONG_TIMEOUT };
        break;
      case "max-retries":
        options = { maxRetries: spec.maxRetries };
        break;
      case "headers":
        options = { headers: { "x-trace": tag } };
        break;
      case "retry-non-idempotent":
      case "write-retried":
        options = { retryNonIdempotent: true };
        break;
      case "query":
        options = { swqosOnly: true };
        break;
    }
    if (options.signal) signals.push(options.signal as AbortSignal);
    const params = spec.kind === "invalid" ? { tag: `bad${i}` } : { tag };
    void rpc.call(KINDS[spec.kind].method, params, options).then(
      (value) => (outcomes[i] = { value }),
      (error: unknown) => (outcomes[i] = { error }),
    );
  }
  await macrotask();
  for (const controller of toAbort) controller.abort(new Error(`caller gave up (${KEY})`));
  // Drive the fake clock through timeouts and retry waits; bounded (a hang that never times out
  // would otherwise loop forever).
  for (let round = 0; round < 200 && Object.keys(outcomes).length < calls.length; round++) {
    await vi.advanceTimersByTimeAsync(250);
    await macrotask();
  }

  return {
    calls,
    groups,
    expectations,
    sent,
    outcomes,
    onResponseSeen,
    callbackErrors,
    signals,
  };
}

// ---------------------------------------------------------------------------------------------
// The checks.

/** Every text an error shows: message, stack, String(), JSON, and the same of its causes. */
const errorTexts = (error: unknown, depth = 0): string[] => {
  if (!(error instanceof Error) || depth > 4) return [String(error)];
  return [
    String(error),
    error.message,
    error.stack ?? "",
    // (Plain JSON.stringify: toJSON() promises to write the bigints of a JsonRpcError's data.)
    JSON.stringify(error),
    ...(error.cause !== undefined ? errorTexts(error.cause, depth + 1) : []),
  ];
};

function check(s: Scenario, r: Awaited<ReturnType<typeof run>>) {
  const { calls, groups, expectations, sent, outcomes } = r;

  // Every call settled.
  expect(Object.keys(outcomes)).toHaveLength(calls.length);

  // Every body is JSON-RPC 2.0: an array only for more than one call, at most maxSize; ids unique.
  const allIds = new Set<string>();
  const idOfCall = new Map<number, string>();
  for (const request of sent) {
    expect(request.requests.length).toBeGreaterThan(0);
    if (request.batch) {
      expect(request.requests.length).toBeGreaterThan(1);
      expect(request.requests.length).toBeLessThanOrEqual(s.maxSize);
    }
    expect(new Set(request.requests.map((q) => q.id)).size).toBe(request.requests.length);
    for (const q of request.requests) {
      expect(tagOf(q), "only valid calls are sent").toMatch(/^call-\d+$/);
      expect(Object.keys(q).sort()).toEqual(["id", "jsonrpc", "method", "params"]);
      expect(q.jsonrpc).toBe("2.0");
      expect(typeof q.id).toBe("string");
      const i = indexOf(tagOf(q));
      expect(q.method).toBe(KINDS[calls[i]!.kind].method.id);
      // A retry sends the same request (same id); no two calls share an id.
      if (idOfCall.has(i)) expect(q.id).toBe(idOfCall.get(i));
      else {
        expect(allIds.has(q.id)).toBe(false);
        allIds.add(q.id);
        idOfCall.set(i, q.id);
      }
    }
    expect(request.url.searchParams.get("api-key")).toBe(KEY);
  }

  // The groups and the number of HTTP requests are the model's; every attempt the same bytes.
  const byLeader = new Map<number, Sent[]>();
  for (const request of sent) {
    const leader = indexOf(tagOf(request.requests[0]!));
    byLeader.set(leader, [...(byLeader.get(leader) ?? []), request]);
  }
  const observed = [...byLeader.values()].map((requests) => ({
    members: requests[0]!.requests.map((q) => indexOf(tagOf(q))),
    attempts: requests.length,
    batch: requests[0]!.batch,
  }));
  const expected = groups
    .filter((g) => g.attempts > 0)
    .map((g) => ({ members: g.members, attempts: g.attempts, batch: g.members.length > 1 }));
  const order = (list: { members: number[] }[]) =>
    [...list].sort((a, b) => a.members[0]! - b.members[0]!);
  expect(order(observed)).toEqual(order(expected));
  expect(sent).toHaveLength(expected.reduce((n, g) => n + g.attempts, 0));
  for (const requests of byLeader.values())
    for (const request of requests) expect(request.body).toBe(requests[0]!.body);

  // Calls that go alone went alone, with their own options on the wire.
  for (const request of sent) {
    const leader = calls[indexOf(tagOf(request.requests[0]!))]!;
    if (!KINDS[leader.kind].batched) expect(request.requests).toHaveLength(1);
    expect(request.headers.get("x-trace")).toBe(
      leader.kind === "headers" ? `call-${indexOf(tagOf(request.requests[0]!))}` : null,
    );
    expect(request.url.searchParams.get("swqos_only")).toBe(
      leader.kind === "query" ? "true" : null,
    );
  }

  // Each call ends as the model says.
  calls.forEach((spec, i) => {
    const outcome = outcomes[i]!;
    const expectation = expectations[i]!;
    const label = `call-${i} (${spec.kind})`;
    if ("value" in expectation) {
      expect(outcome, label).toEqual({ value: expectation.value });
    } else if ("callbackError" in expectation) {
      expect(outcome, label).toEqual({ error: r.callbackErrors[i] });
    } else {
      expect(outcome, label).toHaveProperty("error");
      const error = (outcome as { error: Error }).error;
      expect(error.constructor, `${label}: ${error.name} ${error.message}`).toBe(expectation.error);
      const fields = { ...expectation.fields };
      if (fields.id === "<own>") fields.id = idOfCall.get(i);
      expect(error, label).toMatchObject(fields);
      expect(error).toBeInstanceOf(ChainDataError);
    }
    // onResponse ran once for an answered call, never for a failed one; its headers redacted.
    const seen = r.onResponseSeen[i]!;
    if (spec.kind === "on-response" || spec.kind === "on-response-throws") {
      const answered = "value" in expectation || "callbackError" in expectation;
      expect(seen, label).toHaveLength(answered ? 1 : 0);
      if (answered)
        expect(seen[0]).toMatchObject({ status: 200, headers: { "x-echo": "api-key=***" } });
    }
  });

  // A failed request gives every call of it its own copy of the error.
  for (const g of groups) {
    const errors = g.members.map((i) => (outcomes[i] as { error?: unknown }).error);
    if (errors.every((e) => e !== undefined))
      expect(new Set(errors).size, `group ${g.operation}`).toBe(errors.length);
  }

  // The key is in no error, however it is shown.
  for (const [i, outcome] of outcomes.entries()) {
    if (!("error" in outcome)) continue;
    for (const text of errorTexts(outcome.error))
      expect(text, `call-${i}: the API key leaked`).not.toContain(KEY);
  }
  // An abort's cause is the reason, redacted.
  calls.forEach((spec, i) => {
    if (spec.kind === "abort-while-hung")
      expect(((outcomes[i] as { error: Error }).error.cause as Error).message).toBe(
        "caller gave up (***)",
      );
  });

  // Nothing left behind: no timer (timeouts, retry waits, the batch window), no abort listener.
  expect(vi.getTimerCount()).toBe(0);
  for (const signal of r.signals) expect(getEventListeners(signal, "abort")).toHaveLength(0);
}

// ---------------------------------------------------------------------------------------------

beforeEach(() => {
  vi.stubEnv("CHAINDATA_API_KEY", "");
  // Timers only: the batcher's same-tick flush (a promise callback) and setImmediate stay real.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("JSON-RPC auto-batching against a model", () => {
  it(`routes, retries and fails calls as the model says (${RUNS} scenarios)`, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        vi.clearAllTimers();
        const result = await run(s);
        try {
          check(s, result);
        } catch (error) {
          (error as Error).message += `\nscenario: ${writeJson(s)}`;
          throw error;
        }
      }),
      { seed: SEED, numRuns: RUNS, examples: EXAMPLES.map((example) => [example]) },
    );
    // (A fixed seed: the same work every run, about 19 s of a loaded machine's test worker
    // alone, and past the suite's 60 s beside a second worker and other processes on 2 cores.
    // The timeout only guards against a hang.)
  }, 240_000);
});

describe("abort and timeout beside a batch (examples of what the model covers)", () => {
  /**
   * A client whose server answers every request (or batch entry) with `<method>:<tag>`, unless
   * `special` answers the request (given its first entry and the attempt's signal; resolving
   * with `undefined`: answered as the others, once it resolves). `sent` lists
   * each request as its tags: an array for a batch, a string for a lone request.
   */
  const client = (
    options: { maxRetries?: number; timeout?: number },
    special?: (
      request: WireRequest,
      signal: AbortSignal,
    ) => Promise<Response | undefined> | undefined,
  ) => {
    const sent: (string | string[])[] = [];
    const fetch = async (_input: string | URL | Request, init: RequestInit = {}) => {
      const parsed = JSON.parse(init.body as string) as WireRequest | WireRequest[];
      const requests = Array.isArray(parsed) ? parsed : [parsed];
      sent.push(Array.isArray(parsed) ? parsed.map(tagOf) : tagOf(parsed));
      const answer = await special?.(requests[0]!, init.signal!);
      if (answer) return answer;
      const entries = requests.map((q) => ({
        jsonrpc: "2.0",
        id: q.id,
        result: `${q.method}:${tagOf(q)}`,
      }));
      return answerResponse(writeJson(Array.isArray(parsed) ? entries : entries[0]));
    };
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, batch: createBatcher(), ...options },
      rpcHost,
      "/",
    );
    return { rpc, sent };
  };
  const hangUntilAborted = (signal: AbortSignal) =>
    new Promise<Response>((_, reject) =>
      signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
    );
  /** Records how each call ends, so a call still pending fails the test instead of hanging it. */
  const record = (calls: Promise<unknown>[]) => {
    const outcomes: Outcome[] = [];
    calls.forEach((call, i) => {
      void call.then(
        (value) => (outcomes[i] = { value }),
        (error: unknown) => (outcomes[i] = { error }),
      );
    });
    return outcomes;
  };

  it.each(["in flight", "in a retry wait"])(
    "a call with its own signal joins the batch; aborting it %s rejects it only, at once, and the batch completes for its neighbours",
    async (stage) => {
      // The batch's first attempt: held until the abort (in flight), or a 503 (a retry wait of at
      // least 375 ms follows).
      let attempts = 0;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const { rpc, sent } = client({}, () =>
        ++attempts > 1
          ? undefined
          : stage === "in flight"
            ? held.then(() => undefined)
            : Promise.resolve(answerResponse("busy", { status: 503 })),
      );
      const controller = new AbortController();
      const outcomes = record([
        rpc.call(getAsset, { tag: "call-a" }),
        rpc.call(getAsset, { tag: "call-sig" }, { signal: controller.signal }),
        rpc.call(getBalance, { tag: "call-b" }),
      ]);
      await vi.advanceTimersByTimeAsync(100);
      expect(outcomes[1]).toBeUndefined();
      controller.abort(new Error(`cancelled (${KEY})`));
      // An abort ends the call at once: no time passes.
      await macrotask();
      expect(Object.keys(outcomes), "only the aborted call has ended").toEqual(["1"]);
      const error = (outcomes[1] as { error: AbortError }).error;
      expect(error).toBeInstanceOf(AbortError);
      expect(error.operation).toBe("getAsset");
      expect((error.cause as Error).message).toBe("cancelled (***)");
      expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
      release();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(Object.keys(outcomes), "every call has ended").toHaveLength(3);
      const [a, , b] = outcomes;
      expect(a).toEqual({ value: "getAsset:call-a" });
      expect(b).toEqual({ value: "getBalance:call-b" });
      // One batch of the three (sent, its retry too, as it was when the call left it).
      const batch = ["call-a", "call-sig", "call-b"];
      expect(sent).toEqual(stage === "in flight" ? [batch] : [batch, batch]);
      expect(vi.getTimerCount()).toBe(0);
    },
  );

  it("a client-wide timeout while a batch is in flight: the whole batch is retried, then each call gets its own TimeoutError naming the batch", async () => {
    const { rpc, sent } = client({ timeout: 1_000, maxRetries: 1 }, (_request, signal) =>
      hangUntilAborted(signal),
    );
    const outcomes = record([
      rpc.call(getAsset, { tag: "call-a" }),
      rpc.call(getBalance, { tag: "call-b" }),
    ]);
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    // The first attempt times out at 1 s; the retry waits 375..500 ms, then times out too.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(Object.keys(outcomes), "every call has ended").toHaveLength(2);
    const [a, b] = outcomes as { error: TimeoutError }[];
    expect(sent).toEqual([
      ["call-a", "call-b"],
      ["call-a", "call-b"],
    ]);
    for (const { error } of [a!, b!]) {
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error.operation).toBe("batch(getAsset, getBalance)");
    }
    expect(a!.error).not.toBe(b!.error);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a batch whose first attempt times out and whose retry is answered gives each call its own result", async () => {
    let attempts = 0;
    const { rpc, sent } = client({ timeout: 1_000, maxRetries: 2 }, (_request, signal) =>
      ++attempts === 1 ? hangUntilAborted(signal) : undefined,
    );
    const outcomes = record([
      rpc.call(getBalance, { tag: "call-a" }),
      rpc.call(getAsset, { tag: "call-b" }),
    ]);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(outcomes).toEqual([{ value: "getBalance:call-a" }, { value: "getAsset:call-b" }]);
    expect(sent).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("one batcher serving clients with equal options batches them together, with distinct ids; clients that differ batch apart", async () => {
    const batch = createBatcher();
    const sent: string[][] = [];
    const fetch = (async (_input: string | URL | Request, init: RequestInit = {}) => {
      const requests = JSON.parse(init.body as string) as WireRequest[];
      sent.push(requests.map((q) => tagOf(q)));
      return answerResponse(
        writeJson(requests.map((q) => ({ jsonrpc: "2.0", id: q.id, result: tagOf(q) }))),
      );
    }) as typeof globalThis.fetch;
    const [one, two] = [1, 2].map(() =>
      createJsonRpcClient({ apiKey: KEY, fetch, batch }, rpcHost, "/"),
    );
    // Another key, or other headers: requests that are not interchangeable.
    const otherKey = createJsonRpcClient({ apiKey: `${KEY}-2`, fetch, batch }, rpcHost, "/");
    const otherHeaders = createJsonRpcClient(
      { apiKey: KEY, fetch, batch, headers: { "x-team": "b" } },
      rpcHost,
      "/",
    );
    const results = await Promise.all([
      one!.call(getAsset, { tag: "client1-a" }),
      two!.call(getAsset, { tag: "client2-a" }),
      otherKey.call(getAsset, { tag: "key2-a" }),
      otherHeaders.call(getAsset, { tag: "headers-a" }),
      one!.call(getAsset, { tag: "client1-b" }),
      two!.call(getAsset, { tag: "client2-b" }),
      otherKey.call(getAsset, { tag: "key2-b" }),
      otherHeaders.call(getAsset, { tag: "headers-b" }),
    ]);
    expect(results).toEqual([
      "client1-a",
      "client2-a",
      "key2-a",
      "headers-a",
      "client1-b",
      "client2-b",
      "key2-b",
      "headers-b",
    ]);
    expect(sent).toEqual([
      ["client1-a", "client2-a", "client1-b", "client2-b"],
      ["key2-a", "key2-b"],
      ["headers-a", "headers-b"],
    ]);
  });
});
