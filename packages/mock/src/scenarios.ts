/**
 * Scenarios: "answer the next N calls of an operation (or of any) with this status, JSON-RPC error,
 * broken body or delay, then answer normally", set up on the mock rather than sent by the client (a
 * black-box service under test sends no hooks). `mock.failNext()` or `POST /__mock/scenarios`; see
 * README, Scenarios.
 */
import { isRetryAfter, MAX_DELAY, RETRY_AFTER_RULE } from "./hooks.js";
import { GATEWAY_STATUSES } from "./http.js";

/**
 * What a scenario's `body` makes of the answer: the broken answers a client must survive, which a
 * status or an error object cannot make. `truncated`: the first half of the
 * body, its `content-length` saying so (a body that ends cleanly but early); `reset`: the whole
 * body's `content-length`, half of it, then the connection closed; `html`: an HTML page in place
 * of the body (a proxy's, a captive portal's); `not-json`: a line of plain text in its place.
 */
export type BodyFault = "truncated" | "reset" | "html" | "not-json";

const BODY_FAULTS: readonly BodyFault[] = ["truncated", "reset", "html", "not-json"];

/** What {@link MockServer.failNext} (or `POST /__mock/scenarios`) sets up. */
export interface MockScenario {
  /**
   * The JSON-RPC method (`getAsset`) or REST operationId (`getBalances`) it applies to.
   * @default every request (with `rpcError`: every JSON-RPC request; with `errorIn200`: every REST
   *   one)
   */
  operation?: string | undefined;
  /** Answer this HTTP status, as `Prefer: code=<status>` does: 400 to 599. */
  status?: number | undefined;
  /** JSON-RPC only: answer this error code in HTTP 200, as `X-Mock-JsonRpc-Error` does. */
  rpcError?: number | undefined;
  /**
   * REST only: answer HTTP 200 whose body is this status's documented error body alone (400 to
   * 599), as the Wallet API answers some errors (`{ "error": { "code": 404, … } }` in a 200).
   */
  errorIn200?: number | undefined;
  /**
   * Break the answer's body (of `status`, or the operation's own answer): `"truncated"` (its first
   * half, ending cleanly), `"reset"` (the connection closed mid-body), `"html"` (an HTML page: a
   * gateway's for a 502, 503 or 504, else a captive portal's), `"not-json"` (a line of plain
   * text). Not with `rpcError`.
   */
  body?: BodyFault | undefined;
  /** Wait this many milliseconds (0 to 60000) before answering, as `Prefer: delay=` does. */
  delay?: number | undefined;
  /**
   * The `Retry-After` of the `status` answer: whole seconds from 0 to 9999999999, or an HTTP date.
   * @default the spec's (1 on a 429)
   */
  retryAfter?: number | string | undefined;
  /**
   * How many requests it applies to (each attempt of a retrying client is one).
   * @default 1
   */
  times?: number | undefined;
}

/** A scenario set up and not used up yet: `times` is how many requests it still applies to. */
export interface PendingScenario {
  /** The JSON-RPC method or REST operationId it applies to; absent: every request. */
  operation?: string;
  /** The HTTP status it answers. */
  status?: number;
  /** The JSON-RPC error code it answers in HTTP 200. */
  rpcError?: number;
  /** The status whose REST error body it answers in HTTP 200. */
  errorIn200?: number;
  /** How it breaks the answer's body. */
  body?: BodyFault;
  /** Milliseconds it waits before answering. */
  delay?: number;
  /** The `Retry-After` of its `status` answer, as sent. */
  retryAfter?: string;
  /** How many more requests it applies to. */
  times: number;
}

const KEYS = [
  "operation",
  "status",
  "rpcError",
  "errorIn200",
  "body",
  "delay",
  "retryAfter",
  "times",
];

export interface Scenarios {
  /**
   * `scenario` as it would be added; a refusal throws a TypeError naming the member and the rule.
   */
  check(scenario: unknown): PendingScenario;
  /** Checks `scenario` and adds it after the pending ones. */
  add(scenario: unknown): PendingScenario;
  /**
   * The first pending scenario for a request to `operations` (its JSON-RPC methods, or its REST
   * operationId), used once; `rpc`: whether it is a JSON-RPC request.
   */
  take(operations: string[], rpc: boolean): PendingScenario | undefined;
  list(): PendingScenario[];
  clear(): void;
}

/**
 * `statusesOf(name)`: the responses the spec's operation of that name documents (`200`, `404`,
 * a range `5XX`, `default`), `undefined` when the spec has no such operation; `isRpcMethod(name)`:
 * whether it is a JSON-RPC method.
 */
export function createScenarios(
  statusesOf: (name: string) => string[] | undefined,
  isRpcMethod: (name: string) => boolean,
): Scenarios {
  const pending: PendingScenario[] = [];
  return {
    check: (scenario) => check(scenario, statusesOf, isRpcMethod),
    add(scenario) {
      const checked = check(scenario, statusesOf, isRpcMethod);
      pending.push(checked);
      return { ...checked };
    },
    take(operations, rpc) {
      const i = pending.findIndex(
        (s) =>
          (s.operation === undefined || operations.includes(s.operation)) &&
          (rpc ? s.errorIn200 === undefined : s.rpcError === undefined),
      );
      if (i < 0) return undefined;
      const s = pending[i]!;
      if (--s.times <= 0) pending.splice(i, 1);
      return { ...s };
    },
    list: () => pending.map((s) => ({ ...s })),
    clear: () => void (pending.length = 0),
  };
}

function check(
  scenario: unknown,
  statusesOf: (name: string) => string[] | undefined,
  isRpcMethod: (name: string) => boolean,
): PendingScenario {
  // (`value`: the value refused, shown when given.)
  const refuse = (member: string, rule: string, ...value: unknown[]): never => {
    const got = value.length ? ` (got ${shown(value[0])})` : "";
    throw new TypeError(`scenario${member} ${rule}${got}`);
  };
  if (!scenario || typeof scenario !== "object" || Array.isArray(scenario))
    refuse("", "must be an object such as { operation: 'getAsset', status: 503 }", scenario);
  const s = scenario as Record<string, unknown>;
  for (const key of Object.keys(s))
    if (!KEYS.includes(key))
      refuse(`.${key}`, `is not a scenario member (they are ${KEYS.join(", ")})`);
  const out: Omit<PendingScenario, "times"> = {};
  const { operation, status, rpcError, errorIn200, body, delay, retryAfter, times } = s;
  if (operation !== undefined) {
    if (typeof operation !== "string" || !statusesOf(operation))
      refuse(
        ".operation",
        "must name an operation of the spec: a JSON-RPC method (getAsset) or a REST operationId (getBalances)",
        operation,
      );
    out.operation = operation as string;
  }
  if (status !== undefined) {
    if (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599)
      refuse(".status", "must be an HTTP error status, a whole number from 400 to 599", status);
    out.status = status as number;
  }
  if (rpcError !== undefined) {
    if (!Number.isSafeInteger(rpcError))
      refuse(".rpcError", "must be a JSON-RPC error code, a whole number (e.g. -32004)", rpcError);
    if (status !== undefined)
      refuse(".rpcError", "goes in an HTTP 200 answer: give status or rpcError, not both");
    if (out.operation !== undefined && !isRpcMethod(out.operation))
      refuse(".rpcError", `is for JSON-RPC methods, and ${out.operation} is a REST operation`);
    out.rpcError = rpcError as number;
  }
  if (errorIn200 !== undefined) {
    if (
      !Number.isInteger(errorIn200) ||
      (errorIn200 as number) < 400 ||
      (errorIn200 as number) > 599
    )
      refuse(
        ".errorIn200",
        "must be an HTTP error status, a whole number from 400 to 599",
        errorIn200,
      );
    if (status !== undefined || rpcError !== undefined)
      refuse(".errorIn200", "is the answer's error: give one of status, rpcError and errorIn200");
    if (out.operation !== undefined && isRpcMethod(out.operation))
      refuse(".errorIn200", `is for REST operations, and ${out.operation} is a JSON-RPC method`);
    out.errorIn200 = errorIn200 as number;
  }
  if (body !== undefined) {
    if (!BODY_FAULTS.includes(body as BodyFault))
      refuse(".body", `must be ${BODY_FAULTS.map((f) => `"${f}"`).join(", ")}`, body);
    // (The error object is a JSON body: one broken does not answer it.)
    if (rpcError !== undefined)
      refuse(".body", "breaks the body rpcError would answer in: give rpcError or body, not both");
    if (errorIn200 !== undefined)
      refuse(
        ".body",
        "breaks the body errorIn200 would answer in: give errorIn200 or body, not both",
      );
    out.body = body as BodyFault;
  }
  if (delay !== undefined) {
    if (!Number.isInteger(delay) || (delay as number) < 0 || (delay as number) > MAX_DELAY)
      refuse(".delay", `must be a whole number of milliseconds from 0 to ${MAX_DELAY}`, delay);
    out.delay = delay as number;
  }
  if (retryAfter !== undefined) {
    const text = typeof retryAfter === "number" ? String(retryAfter) : retryAfter;
    if (typeof text !== "string" || !isRetryAfter(text))
      refuse(
        ".retryAfter",
        `must be ${RETRY_AFTER_RULE} such as "Wed, 21 Oct 2026 07:28:00 GMT"`,
        retryAfter,
      );
    if (status === undefined)
      refuse(".retryAfter", "is the Retry-After of `status`: give status too");
    out.retryAfter = text as string;
  }
  // A status the operation has no response for is refused here, where the scenario is written,
  // rather than answered later as the mock's 422 in the test that meant to get it. (Without
  // `operation`, each request's operation is known only when it comes: that 422 then.)
  const errorStatus = out.status ?? out.errorIn200;
  if (out.operation !== undefined && errorStatus !== undefined) {
    const documented = statusesOf(out.operation)!.filter((r) => !/^[123]/.test(r));
    const gateway = out.status !== undefined && !!GATEWAY_STATUSES[out.status];
    if (!gateway && !documentsStatus(documented, errorStatus))
      refuse(
        out.status !== undefined ? ".status" : ".errorIn200",
        `must be a status ${out.operation} documents: ${documented.join(", ")}` +
          (out.status !== undefined
            ? `, or a gateway's ${Object.keys(GATEWAY_STATUSES).join(", ")}`
            : ""),
        errorStatus,
      );
  }
  if (times !== undefined && (!Number.isSafeInteger(times) || (times as number) < 1))
    refuse(".times", "must be a whole number >= 1", times);
  if (
    out.status === undefined &&
    out.rpcError === undefined &&
    out.errorIn200 === undefined &&
    out.body === undefined &&
    out.delay === undefined
  )
    refuse("", "needs status, rpcError, errorIn200, body or delay (what the next calls answer)");
  return { ...out, times: (times as number | undefined) ?? 1 };
}

const shown = (value: unknown) =>
  typeof value === "string"
    ? JSON.stringify(value)
    : typeof value === "bigint"
      ? `${value}n`
      : String(value);

/** Whether `responses` (`404`, a range `5XX`, `default`) has one for `status`. */
export const documentsStatus = (responses: string[], status: number) =>
  responses.some((r) =>
    [String(status), `${String(status)[0]}XX`, "DEFAULT"].includes(r.toUpperCase()),
  );
