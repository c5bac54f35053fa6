/**
 * The error classes: one per failure kind, all extending `ChainDataError`, so callers branch
 * with `instanceof` instead of parsing messages.
 *
 * No error holds a `Request`, `Response` or `URL` (they carry the API key); messages, bodies
 * and headers are redacted by the HTTP engine (http.ts) before an error is built.
 *
 * Constructors: `(message, fields?, cause?)`; the fields become properties. The chaindata packages
 * make these errors, and a test may make one (a fake `RateLimitError` for a retry path); an
 * application catches them, it need not make them.
 */

import { retryableStatus } from "./retry.js";

/** The base class of every error thrown by chaindata. */
export class ChainDataError extends Error {
  // A field rather than a prototype property: it survives minification and shows in toJSON().
  // V8 formats `stack` lazily, so the stack header reads `RateLimitError: ...` too.
  override name = "ChainDataError";
  /**
   * How many requests the call handed to `fetch`: `0` when nothing was sent (a `ValidationError` or
   * `ConfigurationError`, always; an `AbortError` of a signal aborted before sending or during a
   * rate limiter's wait), else 1 or more (the retries included). For `sendTransaction`: `0` means
   * the transaction never left the process (safe to sign again); more means it may have landed
   * (check the signature first). A batched call counts its batch request's. (Every class a call
   * throws has it; a `ChainDataError` of your own making need not.)
   */
  declare readonly attempts?: number;
  /**
   * The operation id or JSON-RPC method name of the call that failed (for an error of a whole
   * batch request, the batch's, `batch(getAsset ×2)`); each class says when it may be `undefined`.
   * Declared here so that `error instanceof ChainDataError` reads it without a cast.
   */
  declare readonly operation?: string | undefined;
  /**
   * The error of a page walk (`.all()`, `paginate`): the params of the page whose call or answer
   * failed, the first page's too (the same shape as a checkpoint's `next`), to go on from with
   * `.all(error.resumeFrom)`; `resumeParamsOf(walk, error)` gives it typed as the walk's params.
   * Not enumerable: logs and `JSON.stringify` do not show it.
   */
  declare readonly resumeFrom?: unknown;

  /**
   * For the chaindata packages (the generated clients make `ValidationError`s with their
   * `issues`): `fields` become properties. An application catches these errors, it need not make
   * them.
   */
  constructor(message: string, fields?: ChainDataErrorFields, cause?: Error) {
    super(message, cause && { cause });
    Object.assign(this, fields);
  }

  /**
   * A plain, JSON-safe object for logs: `JSON.stringify(err)` shows the name, message, every
   * field and the cause: its name, message and `code` (a `ConnectionError`'s errno, such as
   * `ECONNREFUSED`, on `cause.cause.code` for Node's fetch, as on the error), and its own cause
   * the same way, four levels at most (bigints become strings, which `JSON.stringify` cannot
   * write). A `ValidationError`'s `issues` are its first 100, as `util.inspect` shows an array's
   * (the message counts them all): 100,000 bad addresses made a 15 MB line, which log shippers
   * drop.
   */
  toJSON(): Record<string, unknown> {
    // (Only these three of each cause: a chaindata error's causes are redacted copies of them.
    // `undefined` members are dropped by the stringify below.)
    const plain = (error: any, depth: number): unknown =>
      error && {
        name: error.name,
        message: error.message,
        code: error.code,
        cause: depth ? plain(error.cause, depth - 1) : undefined,
      };
    const fields: Record<string, unknown> = {
      ...(this as object),
      message: this.message,
      cause: plain(this.cause, 3),
    };
    // (The own field, as spread, and only an array: a subclass's or a hand-made error's `issues`
    // of another kind, or a getter, is written as before, never a throw from toJSON.)
    const { issues } = fields;
    if (Array.isArray(issues)) fields.issues = issues.slice(0, 100);
    return JSON.parse(
      JSON.stringify(fields, (_key, value) => (typeof value === "bigint" ? String(value) : value)),
    );
  }
}

/**
 * The `fields` an error's constructor takes, which become its properties: the members of the error
 * classes (each class has those it declares), all optional. Typed, so that a test's fake error is
 * checked: `new RateLimitError(message, { status: 429, headers: {}, body, operation })`.
 */
export interface ChainDataErrorFields extends Partial<APIErrorFields> {
  /**
   * Every error's but a {@link ValidationError}'s or {@link ConfigurationError}'s (always `0`): the
   * requests handed to `fetch`.
   */
  attempts?: number;
  /** A {@link JsonRpcError}'s: the error code. */
  code?: number | undefined;
  /** A {@link JsonRpcError}'s: the error object's `data`. */
  data?: unknown;
  /** A {@link JsonRpcError}'s: the method called. */
  method?: string;
  /** A {@link JsonRpcError}'s: the request id answered. */
  id?: string | null;
  /** A {@link JsonRpcError}'s: the server's own message. */
  rpcMessage?: string;
  /** An {@link InvalidResponseError}'s; a {@link RateLimitError}'s `"credits-exhausted"`. */
  reason?: InvalidResponseReason | "credits-exhausted";
  /** An {@link InvalidResponseError}'s: the start of the body. */
  snippet?: string;
  /** A {@link ValidationError}'s. */
  issues?: ValidationIssue[];
}

/**
 * The client is misconfigured: no API key, no base URL for a host, a bad option. Nothing was sent.
 */
export class ConfigurationError extends ChainDataError {
  override readonly name = "ConfigurationError";
  /** Always `0`: nothing was sent. */
  override readonly attempts = 0;
  /**
   * The operation id or JSON-RPC method name of the call refused (a bad per-call option, a missing
   * API key), or of the operation a page walk refused to walk (`paginate` when `paginate()` is
   * given none); `undefined` for an error of client creation.
   */
  declare readonly operation?: string | undefined;
}

/** One problem found by `validate`. */
export interface ValidationIssue {
  /** Where, e.g. `params.ids[3]`. */
  path: string;
  /**
   * The rule that failed: a JSON Schema keyword (`type`, `required`, `maxItems`, `pattern`, …), or
   * the SDK's own: `x-solana-transaction` (not a signed transaction's layout), `x-base58-bytes`
   * (base58 text that decodes to another number of bytes than its schema's), `json` (cannot be
   * written as JSON), `unicode` (a lone surrogate, which a URL cannot carry), `arguments` (more
   * arguments than the call takes), `apiKey` (the client's API key in a param the service passes
   * on, such as a webhook's `authHeader`); the webhook edit helpers' `readOnly` and
   * `minProperties`; and `check`, where a check of your own pushed no issue object (a string,
   * whose text is then the `detail`) or one that names no rule.
   */
  rule:
    | "type"
    | "required"
    | "additionalProperties"
    | "enum"
    | "pattern"
    | "minimum"
    | "maximum"
    | "minLength"
    | "maxLength"
    | "minItems"
    | "maxItems"
    | "minProperties"
    | "dependentSchemas"
    | "readOnly"
    | "x-solana-transaction"
    | "x-base58-bytes"
    | "json"
    | "unicode"
    | "arguments"
    | "apiKey"
    | "check";
  /**
   * The path, then what is wrong, for a log line, e.g.
   * `params.ids: must have at most 1000 items (got 1001)`.
   */
  message: string;
  /**
   * What is wrong, without the path in front: the `message` after `path` and `": "`, to show
   * beside the field that `path` names, where the form already says which field it is.
   * @example
   * ```ts
   * // issue.path:    "params.ownerAddress"
   * // issue.message: 'params.ownerAddress: must be a base58 address of 32 bytes (…) (got "toly.sol")'
   * // issue.detail:  'must be a base58 address of 32 bytes (…) (got "toly.sol")'
   * const fieldErrors: Record<string, string> = {};
   * for (const issue of error.issues)
   *   fieldErrors[issue.path.replace(/^params\./, "")] = issue.detail;
   * ```
   */
  detail: string;
}

/** The parameters do not match the operation's schema. Nothing was sent. */
export class ValidationError extends ChainDataError {
  override readonly name = "ValidationError";
  /** Always `0`: nothing was sent. */
  override readonly attempts = 0;
  /** Every issue found; the message shows the first three, and `toJSON()` the first 100. */
  declare readonly issues: ValidationIssue[];
  /**
   * The operation id or JSON-RPC method name of the call refused; `undefined` for `validate`
   * called on its own.
   */
  declare readonly operation?: string | undefined;
}

/**
 * `error`, naming `operation` when it is a ChainDataError that names none: what a call refuses
 * before sending (a ValidationError, a ConfigurationError: the others always name theirs) names
 * the call, as its other errors do. @internal
 */
export const ofOperation = (error: unknown, operation: string): unknown => {
  if (error instanceof ChainDataError) (error as { operation?: string }).operation ??= operation;
  return error;
};

/** A JSON-RPC error object. */
export interface RpcErrorObject {
  /** The JSON-RPC error code, such as `-32602`. */
  code: number;
  /** The server's description of the error. */
  message: string;
  /** More about the error, in a shape of the server's choosing (redacted). */
  data?: unknown;
}

/** The fields of an {@link APIError}. */
export interface APIErrorFields {
  /** The HTTP status. */
  status: number;
  /** The response headers (lower-case names, values redacted). */
  headers: Record<string, string>;
  /** The response body: parsed JSON if it was JSON, else the text; redacted. */
  body: unknown;
  /** The operation id or JSON-RPC method name. */
  operation: string;
  /** The `x-request-id` or `request-id` response header, when present: quote it to support. */
  requestId?: string | undefined;
  /**
   * The JSON-RPC error object of a JSON-RPC call answered with a non-2xx status: the body's
   * `error`, when its `code` is a number. Never set for a REST call (nor the sender's `ping`): a
   * REST host's own `{ error: { code, message } }` is no JSON-RPC error (its `code` is mostly the
   * HTTP status again), and stays in `body`.
   */
  rpcError?: RpcErrorObject | undefined;
  /**
   * Seconds the server asked to wait (`Retry-After` as seconds or HTTP-date, or `retry-after-ms`):
   * on every 429 (`undefined` when absent or unparseable), and on another status when it gives
   * one (a 503 in maintenance). A wait over 60 s is not waited out: the error is thrown at once,
   * and this says when to come back.
   */
  retryAfter?: number | undefined;
}

/**
 * The server answered with a non-2xx status (after any retries), or a REST host answered a 2xx
 * whose body is its error body alone, `{ error: … }`: then the status its `error.code` names (400
 * to 599; else the 2xx), never retried. The common statuses have
 * their own subclass; any other status is a plain `APIError`. A 429 is retried first, while
 * `maxRetries` lasts (a write too: the server refused it unprocessed); a 408 or 5xx is retried
 * first for idempotent operations, or any with `retryNonIdempotent`; the others are thrown at once.
 */
export class APIError extends ChainDataError {
  // (The name of the class or of a subclass: a subclass's literal type must fit the base's.)
  override readonly name:
    | "APIError"
    | "BadRequestError"
    | "AuthenticationError"
    | "PermissionDeniedError"
    | "NotFoundError"
    | "UnprocessableEntityError"
    | "RateLimitError"
    | "InternalServerError" = "APIError";
  // (APIErrorFields's members, repeated rather than merged in with `interface APIError extends
  // Readonly<APIErrorFields>`: merged, an editor's hover loses the `APIError.` before each member's
  // name, and the API report no longer lists them in the class. Keep the two lists' docs alike.)
  /**
   * The requests handed to `fetch`, 1 or more: the last one got this answer (see
   * {@link ChainDataError.attempts}).
   */
  declare readonly attempts: number;
  /** The HTTP status. */
  declare readonly status: number;
  /** The response headers (lower-case names, values redacted). */
  declare readonly headers: Record<string, string>;
  /**
   * The response body: parsed JSON if it was JSON, else the text; redacted. (The message quotes
   * its message cut to 500 characters, control and bidi characters written as `\u` escapes; a
   * body nested over 100 levels deep reads `"…"` below them.)
   */
  declare readonly body: unknown;
  /** The operation id or JSON-RPC method name. */
  declare readonly operation: string;
  /** The `x-request-id` or `request-id` response header, when present: quote it to support. */
  declare readonly requestId?: string | undefined;
  /**
   * The JSON-RPC error object of a JSON-RPC call answered with a non-2xx status: the body's
   * `error`, when its `code` is a number. Never set for a REST call (nor the sender's `ping`): a
   * REST host's own `{ error: { code, message } }` is no JSON-RPC error (its `code` is mostly the
   * HTTP status again), and stays in `body`.
   */
  declare readonly rpcError?: RpcErrorObject | undefined;
  /**
   * Seconds the server asked to wait (`Retry-After` as seconds or HTTP-date, or `retry-after-ms`):
   * on every 429 (`undefined` when absent or unparseable), and on another status when it gives
   * one (a 503 in maintenance). A wait over 60 s is not waited out: the error is thrown at once,
   * and this says when to come back.
   */
  declare readonly retryAfter?: number | undefined;
}

/** 400: the request was malformed or failed the server's own validation. */
export class BadRequestError extends APIError {
  override readonly name = "BadRequestError";
  declare readonly status: 400;
}
/**
 * 401: the API key is missing or invalid. The message ends `(check the API key: \`apiKey\` or
 * CHAINDATA_API_KEY)` (the sender's: `the sender host's own \`apiKey\``, which the sdk takes
 * as `areas.sender.apiKey`; in the `local` environment, which does not read the variable, and in
 * a page or React Native, which have none to set, only `\`apiKey\``), never quoting the key.
 */
export class AuthenticationError extends APIError {
  override readonly name = "AuthenticationError";
  declare readonly status: 401;
}
/**
 * 403: the key may not do this (plan, project or method restrictions). The message ends as a 401's.
 */
export class PermissionDeniedError extends APIError {
  override readonly name = "PermissionDeniedError";
  declare readonly status: 403;
}
/** 404: no such resource. */
export class NotFoundError extends APIError {
  override readonly name = "NotFoundError";
  declare readonly status: 404;
}
/** 422: well-formed but semantically invalid. */
export class UnprocessableEntityError extends APIError {
  override readonly name = "UnprocessableEntityError";
  declare readonly status: 422;
}
/**
 * 429: rate limited. Retried first (every operation, writes too, while `maxRetries` lasts), after
 * the wait `Retry-After` asks for when given; thrown when retries run out, or at once when that
 * wait is over 60 s, or when the server says the plan's credits are used up ("max usage reached":
 * `reason` is then `"credits-exhausted"`, and the message says so).
 */
export class RateLimitError extends APIError {
  override readonly name = "RateLimitError";
  declare readonly status: 429;
  /**
   * `"credits-exhausted"`: the server said the plan's credits are used up ("max usage reached").
   * Not retried, and not {@link isRetryable}: no wait of seconds helps, only credits added or a
   * new billing cycle. `undefined` for a rate limit.
   */
  declare readonly reason?: "credits-exhausted" | undefined;
  /**
   * Seconds the server asked to wait (`Retry-After` as seconds or HTTP-date, or `retry-after-ms`):
   * on every 429 (`undefined` when absent or unparseable), and on another status when it gives
   * one (a 503 in maintenance). A wait over 60 s is not waited out: the error is thrown at once,
   * and this says when to come back.
   */
  declare readonly retryAfter?: number | undefined;
}
/**
 * Any 5xx status. Retried first (idempotent operations, while `maxRetries` lasts); thrown when
 * retries run out.
 */
export class InternalServerError extends APIError {
  override readonly name = "InternalServerError";
}

const byStatus: Record<number, typeof APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** The {@link APIError} subclass for `fields.status`. @internal */
export const makeAPIError = (
  message: string,
  fields: APIErrorFields & Pick<ChainDataErrorFields, "reason">,
): APIError =>
  new (byStatus[fields.status] ?? (fields.status > 499 ? InternalServerError : APIError))(
    message,
    fields,
  );

/** The JSON-RPC server answered with an error object. Never retried. */
export class JsonRpcError extends ChainDataError {
  override readonly name = "JsonRpcError";
  /**
   * The requests handed to `fetch`, 1 or more; a batched call's are its batch request's (see
   * {@link ChainDataError.attempts}).
   */
  declare readonly attempts: number;
  /**
   * The JSON-RPC error code, e.g. `-32602`; `undefined` when the server sent none or not a number
   * (the message then quotes what it sent).
   */
  declare readonly code?: number | undefined;
  /**
   * The error's `data` member, if any (redacted; nested over 100 levels deep, `"…"` below them).
   */
  declare readonly data?: unknown;
  /** The method called. */
  declare readonly method: string;
  /** The method called, as every error of a call names it ({@link APIError.operation}). */
  declare readonly operation: string;
  /**
   * The error object when its `code` is a number, as {@link APIError.rpcError} has it: a call
   * whose error an unbatched answer carries with a non-2xx status (an `APIError`, such as a
   * `NotFoundError` for -32004) gets it in a batch's entry (a `JsonRpcError`), so
   * `error.rpcError?.code` reads the same either way.
   */
  declare readonly rpcError?: RpcErrorObject | undefined;
  /** The request id the error answers (`null`: the server could not tell). */
  declare readonly id: string | null;
  /**
   * The server's own message, whole (redacted); `message` reads `JSON-RPC error <code> from
   * <method>: <rpcMessage>`, the server's code and message quoted there: cut to 500 characters,
   * control and bidi characters written as `\u` escapes.
   */
  declare readonly rpcMessage: string;
  /**
   * The HTTP status of the response that carried the error object: `200` mostly (JSON-RPC
   * errors come in 2xx answers; a non-2xx one is an {@link APIError} with `rpcError` set).
   */
  declare readonly status: number;
  /**
   * The headers of that response (lower-case names, values redacted). For a batched call, the
   * batch request's.
   */
  declare readonly headers: Record<string, string>;
  /** The `x-request-id` or `request-id` response header, when present: quote it to support. */
  declare readonly requestId?: string | undefined;
}

/**
 * A redacted copy of a thrown value (its message, name, stack and `code` redacted), as a
 * {@link ConnectionError}'s `cause`: a plain `Error` with the thrown value's `name`, its `code` as
 * text when it had one, and its own `cause` copied the same way (three deep).
 */
export interface RedactedError extends Error {
  /**
   * The thrown value's `code`, e.g. Node's errno (`ECONNREFUSED`, `ENOTFOUND`, `UND_ERR_SOCKET`).
   */
  code?: string;
  /** The thrown value's own `cause`, copied the same way. */
  cause?: RedactedError;
}

/**
 * No response: DNS, TCP, TLS or a dropped connection. `cause` is a redacted copy of the fetch
 * error. Retried, but not a fetch's refusal to send at all, which every retry meets again (Node's
 * `bad port`, Deno's host outside `--allow-net`).
 */
export class ConnectionError extends ChainDataError {
  override readonly name = "ConnectionError";
  /** The requests handed to `fetch`, 1 or more (see {@link ChainDataError.attempts}). */
  declare readonly attempts: number;
  /**
   * A redacted copy of what `fetch` threw. Node's fetch throws a `TypeError` ("fetch failed") whose
   * own cause holds the errno: `error.cause.cause?.code`, e.g. `ECONNREFUSED`.
   */
  declare readonly cause: RedactedError;
  /**
   * The operation id or JSON-RPC method name. (For a call sent in a batch, the batch's, e.g.
   * `batch(getAsset, getAsset)`: every call of the batch gets its own copy of the same error.)
   */
  declare readonly operation: string;
}

/** An attempt took longer than `timeout`. Retried; thrown when retries run out. */
export class TimeoutError extends ChainDataError {
  override readonly name = "TimeoutError";
  /** The requests handed to `fetch`, 1 or more (see {@link ChainDataError.attempts}). */
  declare readonly attempts: number;
  /**
   * The operation id or JSON-RPC method name. (For a call sent in a batch, the batch's, e.g.
   * `batch(getAsset, getAsset)`: every call of the batch gets its own copy of the same error;
   * a batched call's own, shorter `timeout` names its own method.)
   */
  declare readonly operation: string;
}

/**
 * The caller's `AbortSignal` fired. Never retried. `cause`: a redacted copy of the signal's
 * `reason`.
 */
export class AbortError extends ChainDataError {
  override readonly name = "AbortError";
  /**
   * When the signal fired after a failed attempt that was to be retried (in the wait before the
   * retry, or during it: a deadline of `AbortSignal.timeout` that the retries outlasted), that
   * attempt's error (a 503's `InternalServerError`, a `TimeoutError`, a `ConnectionError`, …),
   * redacted as every error is, with its own `attempts`; else `undefined`. `cause` stays the
   * signal's reason. (A call in a batch: `undefined`, the batch's retries are its own.)
   */
  declare readonly lastError?: ChainDataError | undefined;
  /**
   * The requests handed to `fetch` before the abort: `0` when the signal fired before anything was
   * sent (already aborted, or during a rate limiter's wait or a batch not yet sent), so nothing
   * left the process; 1 or more when a request went out (it may have been processed). See
   * {@link ChainDataError.attempts}.
   */
  declare readonly attempts: number;
  /**
   * The operation id or JSON-RPC method name: a batched call's own too (its signal settles that
   * call alone).
   */
  declare readonly operation: string;
}

/**
 * Why a 2xx response could not be used: each value's meaning is listed on
 * {@link InvalidResponseError.reason}. (Editors show no documentation of a union's members, so the
 * list is there, where a hover on `error.reason` shows it.)
 */
export type InvalidResponseReason =
  | "non-json"
  | "empty"
  | "html"
  | "truncated"
  | "invalid-utf8"
  | "id-mismatch"
  | "missing-entry"
  | "duplicate-entry"
  | "not-json-rpc"
  | "not-u64"
  | "broken-paging"
  | "not-ok";

/**
 * A 2xx response whose body is not what the protocol promises. Not retried, but for a body cut
 * short (`truncated`), which is retried as a lost connection is (idempotent operations, while
 * `maxRetries` lasts).
 */
export class InvalidResponseError extends ChainDataError {
  override readonly name = "InvalidResponseError";
  /**
   * The requests handed to `fetch`, 1 or more: the last one got this answer (see
   * {@link ChainDataError.attempts}).
   */
  declare readonly attempts: number;
  /**
   * What was wrong with the body:
   * - `non-json`: not JSON (nor HTML, nor JSON cut short);
   * - `empty`: a body declared empty (`content-length: 0`, or a 204 or 205) or only white space
   *   (or, REST, a JSON `null`; JSON-RPC, a `result` of `null`) where the operation returns a
   *   value;
   * - `html`: an HTML page (a proxy's or a gateway's, say), by its first character or its
   *   `content-type`;
   * - `truncated`: JSON cut short (a string or an object left open, or a body cut inside a UTF-8
   *   character) in a body that ended without a transport error (a connection lost while a body of
   *   known length is read is a `ConnectionError`), or no byte at all where a body is due that the
   *   server did not declare empty (as `empty` says); retried as that is;
   * - `invalid-utf8`: bytes that are not UTF-8;
   * - `id-mismatch`: a JSON-RPC answer for another request `id` than the call's;
   * - `missing-entry`: a batch's answer without the call's entry (and no error the server could not
   *   tie to a request, which the call would get instead);
   * - `duplicate-entry`: a batch's answer with the call's `id` twice (which entry is right is
   *   unknowable);
   * - `not-json-rpc`: JSON that is no JSON-RPC answer (not an object, neither `result` nor
   *   `error`, or a `result` with neither `id` nor `jsonrpc` beside it);
   * - `not-u64`: a value the operation's answer types `bigint` (a u64: lamports, a raw amount, a
   *   supply) that is no whole number from 0 to 2^64 - 1 (`1.5`, `-1`, 2^64, `"abc"`; digits as a
   *   string pass); the message names it, `…: result.token_info.balance: must be a whole number
   *   from 0 to 2^64 - 1 (got 1.5)`;
   * - `broken-paging`: a page walk's answer broke the paging protocol: a later page names another
   *   page than the one asked for, names a next cursor the walk has already sent, or says
   *   `hasMore: true` with no next cursor or (by page number) of a page with no items. The pages
   *   before it were yielded; `snippet` is empty (the message says what was wrong);
   * - `not-ok`: the sender's `ping` answered a text other than `ok` (a portal's or a proxy's
   *   "Please log in", an empty body): the host may not be the one reached.
   */
  declare readonly reason: InvalidResponseReason;
  /** The HTTP status (2xx). */
  declare readonly status: number;
  /** The response headers (lower-case names, values redacted). */
  declare readonly headers: Record<string, string>;
  /** The `x-request-id` or `request-id` response header, when present: quote it to support. */
  declare readonly requestId?: string | undefined;
  /** The operation id or JSON-RPC method name. */
  declare readonly operation: string;
  /**
   * The start of the body (≤ 200 characters), redacted; for a call of a batch, the start of its
   * own entry (when it has none, of the whole answer).
   */
  declare readonly snippet: string;
}

/**
 * Every error class a chaindata call throws (but for a custom `fetch`'s own bug, a `RangeError`
 * say: core's README, `ConnectionError`), told apart by `name` (each class's own, as a literal
 * type), so that a `switch (error.name)` narrows to the class and can be checked for exhaustiveness
 * (a `never` default). Catch with {@link isChainDataError}, which narrows to this union (or
 * `instanceof ChainDataError`, then `const e = error as AnyChainDataError`). A plain `APIError` (a
 * status without a class of its own, such as 409 or 408) is the member named `"APIError"`. The base
 * class `ChainDataError` is no member: no call throws it itself, so a `switch` has no
 * `case "ChainDataError"` (a type error).
 */
export type AnyChainDataError =
  | (APIError & { readonly name: "APIError" })
  | BadRequestError
  | AuthenticationError
  | PermissionDeniedError
  | NotFoundError
  | UnprocessableEntityError
  | RateLimitError
  | InternalServerError
  | JsonRpcError
  | ConnectionError
  | TimeoutError
  | AbortError
  | InvalidResponseError
  | ValidationError
  | ConfigurationError;

/**
 * Whether `error` is an error a chaindata call threw: `instanceof ChainDataError`, as a type guard
 * of {@link AnyChainDataError}, so that `switch (error.name)` narrows to each class without a cast:
 * `if (isChainDataError(e) && e.name === "RateLimitError") e.retryAfter`. (A `ChainDataError` made
 * by your own code, which no call throws, passes too, though it is no member of the union.)
 */
export const isChainDataError = (error: unknown): error is AnyChainDataError =>
  error instanceof ChainDataError;

/**
 * Whether a `ConnectionError` is a fetch's refusal to send at all, which fails the same way on every
 * retry: Deno's of a host its --allow-net leaves out (`NotCapable`), or Node's of a port on the
 * Fetch standard's list of bad ports (`fetch failed` caused by `bad port`: 127.0.0.1:9, :6000).
 * Browsers say only `Failed to fetch` for one, retried as any failed fetch is. The client's retry
 * and {@link isRetryable} both read it. Internal.
 */
export const refusedToSend = (error: ConnectionError) =>
  error.cause?.name == "NotCapable" || error.cause?.cause?.message == "bad port";

/**
 * Whether `error` is a transient failure that may succeed when the call is made again later: a
 * `ConnectionError` (but a fetch's refusal to send at all, which fails the same way again: Deno's
 * of a host its --allow-net leaves out, `cause.name` `NotCapable`, or Node's of a port on the
 * Fetch standard's list of bad ports, 127.0.0.1:9 or :6000, `cause.cause.message` `bad port`),
 * a `TimeoutError`, an `InvalidResponseError` of a body cut short (reason
 * `truncated`), or an `APIError` of status 408, 429 or 5xx. These are the failures the client
 * retries itself, while `maxRetries` lasts (a 429 for every operation, the others for idempotent
 * ones); one that reaches you had its retries run out, or a `Retry-After` over 60 s
 * (`RateLimitError.retryAfter` says when to come back). For a job queue deciding whether to try
 * again: everything else (validation, configuration, other statuses, JSON-RPC errors, other
 * invalid responses, aborts) would fail the same way, and so would a 429 of a plan whose credits
 * are used up (`RateLimitError.reason` `"credits-exhausted"`: false for it). Whether a write may
 * be repeated is yours to judge. A type guard of exactly those classes (408 has none of its own: a
 * plain `APIError`), so that `if (isRetryable(e) && e.name === "RateLimitError") e.retryAfter`
 * reads without a cast; its false branch keeps `RateLimitError` (the credits-exhausted one).
 */
export const isRetryable = (
  error: unknown,
): error is
  | ConnectionError
  | TimeoutError
  | (InvalidResponseError & { readonly reason: "truncated" })
  | (RateLimitError & { readonly reason?: undefined })
  | InternalServerError
  | (APIError & { readonly name: "APIError"; readonly status: 408 }) =>
  (error instanceof ConnectionError && !refusedToSend(error)) ||
  error instanceof TimeoutError ||
  (error instanceof InvalidResponseError && error.reason === "truncated") ||
  (error instanceof APIError &&
    retryableStatus(error.status) &&
    (error as RateLimitError).reason !== "credits-exhausted");
