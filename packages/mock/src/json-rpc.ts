/**
 * A JSON-RPC body posted to an endpoint (`POST /` for rpc, `POST /fast` for sender): one
 * request or a batch. Each request is answered on its own (json-rpc-entry.ts); this puts the
 * answers into one HTTP response and its log entry. See README, Statuses and error bodies.
 */
import type { RpcError, RpcMethod } from "./convert.js";
import { parseRpcErrorHeader } from "./hooks.js";
import {
  ANSWER_VIOLATIONS_MAX,
  addViolationHeader,
  jsonHeaders,
  send,
  sendBody,
  withRetryAfter,
  type ParsedRequest,
} from "./http.js";
import { isObject, parseJsonBody } from "./json.js";
import { answerEntry, hasExample, type EntryAnswer, type RpcDispatch } from "./json-rpc-entry.js";
import { RPC_ERROR_HEADER, STANDARD, isValidId, rpcErrorBody } from "./json-rpc-errors.js";
import { HOOK_ERROR_STATUS, type Violation } from "./prism.js";
import { ABORTED_STATUS, LOG_VIOLATIONS_MAX, type RequestLogEntry } from "./request-log.js";

export interface RpcRequest extends ParsedRequest {
  /** The methods served at `pathname`. */
  methods: Map<string, RpcMethod>;
}

/**
 * The most requests one batch may hold. The spec documents no limit, but the mock answers every
 * entry (and logs a violation for each bad one): a 10 MiB body of `[1,1,…]` is five million
 * entries, which kept the server busy for minutes and grew it by gigabytes, every other request
 * waiting. Well above any batch a client sends (the SDK's batcher sends 100 by default).
 */
const MAX_BATCH = 10_000;

/**
 * The HTTP status of an error the dispatcher makes itself: x-error-info's for the code, else 200.
 */
const statusFor = (code: number, method: RpcMethod) => method.errorStatus.get(code) ?? 200;

export async function handleJsonRpc(c: RpcRequest, dispatch: RpcDispatch) {
  // Errors that belong to no method (not JSON, an empty batch, an invalid request, an unknown
  // method) take their HTTP status from the endpoint's first method.
  const anyMethod = c.methods.values().next().value as RpcMethod;

  // A malformed hook first: a test with a typo in its hook must not pass on the happy path.
  const known = (name: string) => [...dispatch.endpoints.values()].some((ms) => ms.has(name));
  const headerForced = parseRpcErrorHeader(c.headers[RPC_ERROR_HEADER], known);
  const badHook = c.badHook ?? ("bad" in headerForced ? headerForced.bad : undefined);
  if (badHook) return rejectHook(c, badHook);

  // The service checks the key before it reads the body. Prism checks it per method, so a body
  // that reaches no method (not JSON, an empty or oversized batch, only unknown methods or bad
  // entries) is checked here: 401 rather than a JSON-RPC error at 200.
  const keyMissing = missingKey(c, anyMethod);
  if (!isJsonContentType(c.headers["content-type"]))
    return keyMissing
      ? rejectBody(c, anyMethod, ...unauthorized(anyMethod), { body: c.text })
      : rejectContentType(c);

  let parsed: unknown;
  try {
    if (c.text === undefined) throw new Error("empty body");
    parsed = parseJsonBody(c.text);
  } catch (e) {
    if (keyMissing) return rejectBody(c, anyMethod, ...unauthorized(anyMethod), { body: c.text });
    const violation: Violation = {
      location: ["request", "body"],
      message: `The body is not JSON: ${(e as Error).message}`,
      code: "parse-error",
      severity: "error",
    };
    return rejectBody(c, anyMethod, STANDARD[-32700]!, violation, { body: c.text });
  }

  const batch = Array.isArray(parsed);
  const entries: unknown[] = batch ? (parsed as unknown[]) : [parsed];
  if (keyMissing && (entries.length === 0 || entries.length > MAX_BATCH))
    return rejectBody(c, anyMethod, ...unauthorized(anyMethod), { body: parsed, batch });
  if (batch && entries.length === 0) {
    const violation: Violation = {
      location: ["request", "body"],
      message: "An empty batch is not a valid JSON-RPC request",
      code: "invalid-request",
      severity: "error",
    };
    return rejectBody(c, anyMethod, STANDARD[-32600]!, violation, { body: parsed, batch });
  }
  if (entries.length > MAX_BATCH) {
    const violation: Violation = {
      location: ["request", "body"],
      message: `A batch of ${entries.length} requests is over the mock's limit of ${MAX_BATCH}`,
      code: "invalid-request",
      severity: "error",
    };
    return rejectBody(c, anyMethod, STANDARD[-32600]!, violation, { body: parsed, batch });
  }

  const rpcMethods = entries.map((e) =>
    isObject(e) && typeof e.method === "string" ? e.method : "(invalid)",
  );
  if (!(await c.hold(rpcMethods, true)))
    return c.finish({
      kind: "json-rpc",
      areas: [],
      body: parsed,
      rpcMethods,
      batch,
      status: ABORTED_STATUS,
      violations: [],
      aborted: true,
    });
  const scenario = c.scenario;
  const fromHeader = "bad" in headerForced ? () => undefined : headerForced;
  const forced =
    scenario?.rpcError === undefined
      ? fromHeader
      : (name: string) =>
          scenario.operation === undefined || scenario.operation === name
            ? scenario.rpcError
            : fromHeader(name);
  // In a batch, `Prefer: example=` applies to the methods that have the example; it is the
  // mock's error only when none has.
  const exampleInBatch =
    batch &&
    c.prefs.exampleKey !== undefined &&
    entries.some((e) => {
      const method = isObject(e) && typeof e.method === "string" && c.methods.get(e.method);
      return !!method && hasExample(method, c.prefs);
    });
  const results = boundInvalidParams(
    await Promise.all(
      entries.map((entry) => answerEntry(entry, { ...c, batch, exampleInBatch }, forced, dispatch)),
    ),
  );
  if (keyMissing && results.every((r) => r.status === undefined)) {
    // no entry reached Prism (each was a bad entry or an unknown method)
    const id = !batch && isObject(parsed) && isValidId(parsed.id) ? parsed.id : null;
    return rejectBody(c, anyMethod, ...unauthorized(anyMethod), { body: parsed, batch }, id);
  }

  const logged: Logged = {
    kind: "json-rpc",
    areas: areasOf(results.map((r) => r.method)),
    body: parsed,
    rpcMethods,
    batch,
    ...loggedViolations(results, batch),
  };

  if (!batch) {
    const r = results[0]!;
    const status = r.status ?? statusFor(r.code ?? 0, r.method ?? anyMethod);
    const headers = withRetryAfter(
      { ...jsonHeaders(), ...r.headers },
      status === c.prefs.code ? c.retryAfter : undefined,
    );
    addViolationHeader(headers, logged.violations, logged.violationsOmitted);
    sendBody(c.res, status, headers, r.body);
    return c.finish({ ...logged, status });
  }
  return sendBatch(c, results, logged);
}

/** The fields of the log entry that every outcome of the body shares. */
type Logged = Pick<
  RequestLogEntry,
  "kind" | "areas" | "body" | "rpcMethods" | "batch" | "violations" | "violationsOmitted"
>;

/**
 * The violations of the answers as the log keeps them (each with its method and, in a batch,
 * its entry): only the first LOG_VIOLATIONS_MAX are made, the others counted. A batch of bad
 * entries has up to millions, and copying each (to drop all but the first) took a second or more.
 */
function loggedViolations(
  results: EntryAnswer[],
  batch: boolean,
): Pick<RequestLogEntry, "violations" | "violationsOmitted"> {
  const violations: RequestLogEntry["violations"] = [];
  let total = 0;
  results.forEach((r, i) => {
    total += r.violations.length;
    for (const v of r.violations.slice(0, LOG_VIOLATIONS_MAX - violations.length))
      violations.push({
        ...v,
        ...(r.method && { rpcMethod: r.method.name }),
        ...(batch && { entry: i }),
      });
  });
  const omitted = total - violations.length;
  return { violations, ...(omitted > 0 && { violationsOmitted: omitted }) };
}

/**
 * A body that holds no request (not JSON, an empty batch) or no key: one error object, id null
 * (or `id`).
 */
function rejectBody(
  c: RpcRequest,
  anyMethod: RpcMethod,
  error: RpcError,
  violation: Violation,
  logged: Pick<RequestLogEntry, "body" | "batch">,
  id: unknown = null,
) {
  const status = statusFor(error.code, anyMethod);
  sendBody(
    c.res,
    status,
    jsonHeaders(),
    rpcErrorBody(id, {
      code: error.code,
      message: error.message,
      ...(error.code !== -32001 && { data: [violation] }),
    }),
  );
  return c.finish({
    kind: "json-rpc",
    areas: [],
    status,
    violations: [violation],
    body: logged.body,
    rpcMethods: [],
    ...(logged.batch !== undefined && { batch: logged.batch }),
  });
}

/**
 * Whether a JSON-RPC body's `Content-Type` is JSON (`application/json` or `application/json-rpc`,
 * any parameters): jsonrpsee's rule, a missing one refused too.
 */
const isJsonContentType = (type: string | string[] | undefined) =>
  typeof type === "string" && /^\s*application\/json(?:-rpc)?\s*(?:;|$)/i.test(type);

/** jsonrpsee's text of its 415. */
const UNSUPPORTED_CONTENT_TYPE_TEXT =
  "Supplied content type is not allowed. Content-Type: application/json is required\n";

/**
 * A body that is not sent as JSON (`text/plain`, a form, no `Content-Type`): HTTP 415 with
 * jsonrpsee's text, before the body is read, as the service answers it (api-facts.md §2c, "HTTP
 * statuses (jsonrpsee, self-hosted)": non-JSON content type → 415). It was a -32602 (Prism's
 * content-type violation) at the area's status, 200 on compression.
 */
function rejectContentType(c: RpcRequest) {
  const type = c.headers["content-type"];
  send(c.res, 415, { "content-type": "text/plain; charset=utf-8" }, UNSUPPORTED_CONTENT_TYPE_TEXT);
  return c.finish({
    kind: "json-rpc",
    areas: [],
    status: 415,
    violations: [
      {
        location: ["request", "header", "content-type"],
        message: `${type === undefined ? "No Content-Type" : `Content-Type ${String(type)}`}: a JSON-RPC body is sent as application/json`,
        code: "unsupported-media-type",
        severity: "error",
      },
    ],
    body: c.text,
    rpcMethods: [],
  });
}

/** A malformed hook (hooks.ts): HOOK_ERROR_STATUS, a -32603 "Mock: <what is wrong>". */
function rejectHook(c: RpcRequest, violation: Violation) {
  let body: unknown = c.text;
  try {
    if (c.text !== undefined) body = parseJsonBody(c.text);
  } catch {
    // (logged as its text)
  }
  const id = isObject(body) && isValidId(body.id) ? body.id : null;
  sendBody(
    c.res,
    HOOK_ERROR_STATUS,
    jsonHeaders(),
    rpcErrorBody(id, { code: -32603, message: `Mock: ${violation.message}`, data: [violation] }),
  );
  const entries = Array.isArray(body) ? body : [body];
  return c.finish({
    kind: "json-rpc",
    areas: [],
    status: HOOK_ERROR_STATUS,
    violations: [violation],
    body,
    rpcMethods: entries.map((e) =>
      isObject(e) && typeof e.method === "string" ? e.method : "(invalid)",
    ),
    batch: Array.isArray(body),
  });
}

/**
 * A batch: per-request errors (invalid params, unknown method, forced error objects) stay
 * in their entries and the HTTP status is 200; a request-level failure (missing key,
 * Prefer code=401/403/429/5xx, …) fails the whole HTTP request with one error object.
 */
function sendBatch(c: RpcRequest, results: EntryAnswer[], logged: Logged) {
  const fails = (r: EntryAnswer) => r.status !== undefined && r.status !== 200 && r.status !== 400;
  // `Prefer: code=<status>` fails the batch with a method's own answer for the status when one
  // of its methods has one; the mock's "documents no such response" (or "has no such example")
  // only when none has.
  const failed = results.find((r) => fails(r) && !r.hookError) ?? results.find((r) => fails(r));
  if (failed) {
    const body =
      isObject(failed.body) && isObject(failed.body.error)
        ? rpcErrorBody(null, failed.body.error as unknown as RpcError)
        : failed.body;
    const headers = withRetryAfter(
      { ...jsonHeaders(), ...failed.headers },
      failed.status === c.prefs.code ? c.retryAfter : undefined,
    );
    addViolationHeader(headers, logged.violations, logged.violationsOmitted);
    sendBody(c.res, failed.status!, headers, body);
    return c.finish({ ...logged, status: failed.status! });
  }
  const headers = jsonHeaders();
  for (const r of results)
    for (const [k, v] of Object.entries(r.headers))
      if (k.toLowerCase() !== "content-type") headers[k] = v;
  addViolationHeader(headers, logged.violations, logged.violationsOmitted);
  sendBody(
    c.res,
    200,
    headers,
    results.map((r) => r.body),
  );
  return c.finish({ ...logged, status: 200 });
}

/**
 * The answers with the `data` of their -32602 errors bounded: at most ANSWER_VIOLATIONS_MAX
 * violations in all, listed first come first (body order), though each request lists at least
 * its first, so that every failing entry of a batch says what is wrong with it. A list that was
 * cut ends with a `violations-omitted` item that counts the rest. A batch of 10,000 requests (the
 * most, MAX_BATCH) so lists at most 10,099 violations, however many each request has.
 */
function boundInvalidParams(results: EntryAnswer[]): EntryAnswer[] {
  let left = ANSWER_VIOLATIONS_MAX;
  return results.map((r) => {
    const all = r.invalidParams;
    if (!all || !isObject(r.body) || !isObject(r.body.error)) return r;
    const listed = Math.min(all.length, Math.max(1, left));
    left -= Math.min(left, listed);
    if (listed === all.length) return r;
    const data = [...all.slice(0, listed), omittedViolations(all.length - listed)];
    return { ...r, body: { ...r.body, error: { ...r.body.error, data } } };
  });
}

/**
 * The last item of a `data` list that was cut: how many violations of the request it leaves out.
 */
function omittedViolations(omitted: number): Violation & { omitted: number } {
  return {
    location: ["request"],
    message: `${omitted} more violation(s) of this request, not listed (an answer lists at most ${ANSWER_VIOLATIONS_MAX}, and each request's first)`,
    code: "violations-omitted",
    severity: "info",
    omitted,
  };
}

/** Whether the endpoint requires a key (`info.x-auth`) and the request sends none. */
function missingKey(c: RpcRequest, method: RpcMethod): boolean {
  const { auth } = method;
  if (!auth.required) return false;
  const value = auth.in === "header" ? c.headers[auth.name.toLowerCase()] : c.query[auth.name];
  return !(Array.isArray(value) ? value.some(Boolean) : value);
}

/** The 401 of a request without its key: the area's -32001 error object, as Prism answers it. */
function unauthorized(method: RpcMethod): [RpcError, Violation] {
  const { auth } = method;
  return [
    method.errors.get(-32001) ?? { code: -32001, message: "Unauthorized" },
    {
      location: ["request", auth.in, auth.name],
      message: `The API key is missing: send the ${auth.name} ${auth.in === "query" ? "query parameter" : auth.in}`,
      code: 401,
      severity: "error",
    },
  ];
}

const areasOf = (ms: Array<RpcMethod | undefined>) => [
  ...new Set(ms.filter((m): m is RpcMethod => !!m).map((m) => m.area)),
];
