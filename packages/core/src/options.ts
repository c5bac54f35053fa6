/**
 * The public option types: of a client (`ClientOptions`), of a call (`RequestOptions`), what the
 * hooks get (`AttemptRecord`, `ResponseFields`), an operation's descriptor and the resolved
 * configuration. Types only, no runtime code: config.ts reads and checks them.
 */
import type { InvalidResponseReason } from "./errors.js";
import type { Batcher } from "./batch.js";
import type { Coalescer } from "./coalesce.js";
import type { BaseUrls, EnvironmentName } from "./generated/environments.js";
import type { U64Shape } from "./json.js";
import type { PaginationDescriptor } from "./paginate.js";
import type { RateLimiter } from "./rate-limit.js";
import type { Check } from "./validate.js";

/**
 * Receives the SDK's log lines; any method may be omitted. Lines and metadata are redacted
 * (no API key) before they get here. `console` fits.
 */
export interface Logger {
  /**
   * One line per HTTP answer: operation, method, URL, status, duration. An attempt that got no
   * answer (a timeout, a connection error) has no line of its own: it shows in the retry's `info`
   * line, or, as the last attempt, only as the error the call rejects with.
   */
  debug?(message: string, meta?: Record<string, unknown>): void;
  /**
   * Retries: the reason in words, and `meta` `{ operation, attempt, delay, error, status,
   * requestId }`: the attempt to come and the wait before it (ms), and what failed, the error's
   * class (`"InternalServerError"`, `"TimeoutError"`) and, for an answer, its status and request
   * id (redacted, as on the error): those of attempt `attempt - 1`.
   */
  info?(message: string, meta?: Record<string, unknown>): void;
  /**
   * Deprecation warnings, once per operation per process, with `meta` `{ operation, replacement }`
   * (without it: Node's `process.emitWarning`, else `console.warn`). And a hook that threw or
   * rejected (an `onAttempt`, this logger's `debug` or `info`), ignored: its first failure, once
   * per client, redacted, with `meta` `{ operation, hook }` (without it: nothing is said).
   */
  warn?(message: string, meta?: Record<string, unknown>): void;
}

/**
 * The `fetch` a client calls: always with a URL string and an init (method, headers, body,
 * signal, `redirect: "manual"`). The global `fetch`, a runtime's own (Bun's, with its extra
 * members) and a wrapper typed `(url: string, init?: RequestInit) => Promise<Response>` all fit;
 * `typeof fetch` would refuse the wrapper, and under Bun's types every function but Bun's fetch.
 */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The options of a chaindata client: all of them for the JSON-RPC clients (DAS, compression,
 * mint). The REST clients and the sender take no `batch`, so options typed `ClientOptions` do not
 * compile there (`Types of property 'batch' are incompatible`): type options shared by several
 * clients `RestClientOptions` (its name in core, the sdk and the REST packages; the sender's is
 * `SenderClientOptions`), which every area's factory takes; `Omit<RestClientOptions, "rateLimit">`
 * if `createChainDataClient` takes them too (its limiters are given per area).
 */
export interface ClientOptions {
  /**
   * The API key. Sent as the `api-key` query parameter, or as the `X-Api-Key` header on
   * hosts that take one (admin). Never appears in errors or logs. The sender host, whose key is
   * a dedicated one, gets only a key passed to its own client. With no key, a host given its own
   * URL in `baseUrls` is called without one: a proxy on your server adds it, so a page never holds
   * it. `""` is no key, and `CHAINDATA_API_KEY` is then not read.
   * @default process.env.CHAINDATA_API_KEY; `"local"` in the `local` environment (the variable is
   * not read there); none on the sender host
   * @remarks White space at either end is trimmed (a key read from a file ends in a newline). A key
   * (option or variable) with anything but printable ASCII left inside, a space, a line break or a
   * non-ASCII letter of a key pasted wrong, is refused with a `ConfigurationError` when the client
   * is created, naming `apiKey` or `CHAINDATA_API_KEY` but never quoting the key; so is the text of
   * an unset variable, `"undefined"` or `"null"` in any case, a key wrapped in quotes (kept
   * from a `.env` line by `docker run --env-file`) and a URL holding the key (`https://…`,
   * `…api-key=…` copied whole from a dashboard, or a host without its scheme such as
   * `localhost:8899/…`).
   */
  apiKey?: string | undefined;
  /**
   * Which deployment to talk to; picks the base URL of every host: `'mainnet'`, `'devnet'` (no
   * wallet or sender URL: give those in `baseUrls`) or `'local'`, the local mock of
   * `@chaindata/mock` (`npx chaindata-mock`), every host at `http://127.0.0.1:4010` (a mock on
   * another port: the same URL for every host in `baseUrls`). In `'local'` the key is `"local"`
   * unless `apiKey` is given: `CHAINDATA_API_KEY` is not read there.
   * @default 'mainnet'
   */
  environment?: EnvironmentName | undefined;
  /**
   * Base URL per host, overriding the environment's (e.g. a dedicated node, a regional
   * sender such as `senderRegions.fra` from `@chaindata/sender`: a URL, not a region name, a
   * proxy). Required for a host the environment has no URL for. An http(s) URL without credentials,
   * query or fragment (the key is added per call); https when a key is sent, unless the host is
   * loopback (`127.0.0.1`, `localhost`, `[::1]`) or the environment `local`: plain http would carry
   * it in cleartext (a sender region's http URL takes no key). The host alone, without the
   * paths the clients add (`https://api.helius.xyz`, not `…/v1/wallet`; not `…/fast`): a URL
   * ending in one is refused, as it would send the path twice.
   * @default {} (the environment's URLs)
   */
  baseUrls?: BaseUrls | undefined;
  /**
   * The `fetch` to use (a proxy agent, a test stub, a polyfill, a logging wrapper).
   * @default globalThis.fetch (looked up at request time)
   */
  fetch?: Fetch | undefined;
  // (The DOM's `HeadersInit` written out, here and in RequestOptions: @types/node alone does not
  // declare it, so a Node.js project without the "dom" lib found an unknown name in the published
  // types, or with `skipLibCheck` an untyped `headers`.)
  /**
   * Headers sent with every request; per-request `headers` override them. An object (where a
   * `null` or `undefined` value sends nothing), a `Headers`, or `[name, value]` pairs.
   * @default {}
   */
  headers?: Headers | [string, string][] | Record<string, string | null | undefined> | undefined;
  /**
   * Time limit per attempt in ms, from sending the request to reading the whole body.
   * `Infinity` disables it.
   * @default 60_000
   */
  timeout?: number | undefined;
  /**
   * Retries after a 408, 429, 5xx, connection error or timeout (a write, not idempotent: after a
   * 429 only, unless `retryNonIdempotent`).
   * @default 2
   */
  maxRetries?: number | undefined;
  /**
   * Where log lines go.
   * @default undefined (silent)
   */
  logger?: Logger | undefined;
  /**
   * Called once per attempt of every request the client makes (each request handed to `fetch`,
   * retries included), when it ends, with its {@link AttemptRecord}: one hook for metrics and
   * traces of every call, where a call's own `onAttempt` must be given to each call and takes it
   * out of coalescing. A batch request is one attempt per try, whose `operation` is the batch's
   * (`batch(getAsset ×3)`); identical reads coalesced into one request make one record. Called in
   * the async context of the call that made the request (a batch's first call, or the one that
   * filled it to its `maxSize`), as `logger` is, and beside a call's own `onAttempt`, which does
   * not replace it. It never gets headers, nor the API key; what it throws (or rejects with) is
   * ignored, its first failure told to `logger.warn`. `null` is none: in the sdk's `areas`, an area
   * given `onAttempt: null` sends none of its attempts to the shared hook.
   * @default undefined
   */
  onAttempt?: ((attempt: AttemptRecord) => void) | null | undefined;
  /**
   * JSON-RPC auto-batching: `createBatcher()` (or `createBatcher({ maxSize, wait })`) sends
   * calls made in the same tick (or within `wait` ms) as one JSON-RPC batch request. Clients
   * given the same batcher and otherwise equal options (URL, key, headers, fetch, limits, logger)
   * batch together, as the JSON-RPC areas of `createChainDataClient` do. A call joins with its own
   * `signal` (an abort rejects that call alone, as unbatched, the others unaffected), `onResponse`,
   * `onAttempt` or a `timeout` equal to the client's; with any other per-call option (`maxRetries`,
   * `headers`, `retryNonIdempotent`, another `timeout`, a query option), or as a write, it is sent
   * on its own. (An object rather than `true`, so that bundles of clients that never batch do not
   * carry the batcher.) With a `rateLimit`, a batch is one request and waits its turn once closed:
   * calls made while it waits go into the next batch, which waits for its own. For calls that come
   * spread out, a `wait` near the limiter's step (`1100 / requestsPerSecond` ms, 220 at 5 per
   * second) gathers them instead. JSON-RPC clients only: options typed `ClientOptions` given to a
   * REST client or the sender do not compile (`Type 'Batcher' is not assignable to type 'false'`):
   * type options shared with them `RestClientOptions` (or the sender's `SenderClientOptions`).
   * @default undefined (each call is its own request)
   */
  batch?: Batcher | false | undefined;
  /**
   * Request coalescing: with `createCoalescer()`, identical calls made in the same tick (not a
   * write that is not idempotent; the same operation and params; no per-call option but `signal`)
   * share one request, and each caller gets its own copy of the result. Each caller's `signal`
   * ends its own call; the request stops once all have. Clients given the same coalescer and
   * otherwise equal options share requests, as the areas of `createChainDataClient` do. (An
   * object rather than `true`, so that bundles of clients that never coalesce do not carry the
   * coalescer.)
   * @default undefined (each call is its own request)
   */
  coalesce?: Coalescer | false | undefined;
  /**
   * A client-side limiter applied before every attempt (retries included), e.g.
   * `createRateLimiter({ requestsPerSecond: 5 })` for the admin host's documented limit. Pass
   * the same limiter to several clients to share one budget. Its wait is not part of `timeout`
   * (a limit per attempt, from sending on): a call's `signal` ends it. It counts only the
   * requests that go through it, in this process (other processes using the same project are not
   * counted). A 429's `Retry-After` (up to 60 s) holds every caller sharing it until that wait is
   * over (its `pause`); the retry then waits its turn again. `createChainDataClient` takes none
   * here (a limiter is one area's own, in its `areas`): options typed `ClientOptions` or
   * `RestClientOptions` given to it do not compile (`Type 'RateLimiter' is not assignable to type
   * 'false'`): type options shared with it `Omit<RestClientOptions, "rateLimit">`.
   * @default undefined (no limit)
   */
  rateLimit?: RateLimiter | false | undefined;
}

/**
 * Per-call options; each overrides the client option of the same name for this call (`headers`
 * are laid over the client's, and a call's `onAttempt` is called beside the client's).
 * (A type alias rather than an interface, so that a `RequestOptions` value is assignable to
 * `RequestOptions & Record<string, unknown>`, the JSON-RPC call's options.)
 */
export type RequestOptions = {
  /**
   * Aborts the call, also while it waits to retry; it then rejects with `AbortError` at once.
   * @default undefined
   */
  signal?: AbortSignal | undefined;
  /**
   * Time limit per attempt in ms, not for the whole call: the retries, their waits (a 429's
   * `Retry-After` of up to 60 s) and a `rateLimit`'s queue come on top. For one deadline over the
   * call, pass `signal: AbortSignal.timeout(ms)` instead. With a `batch` option, a call given a
   * `timeout` other than the client's is sent on its own, not batched (a batched call's attempts
   * are the batch request's).
   * @default the client's `timeout` (60_000)
   */
  timeout?: number | undefined;
  /**
   * Retries for this call. With a `batch` option, a call given `maxRetries` (even the client's) is
   * sent on its own, not batched: the batch request's retries are the client's.
   * @default the client's `maxRetries` (2)
   */
  maxRetries?: number | undefined;
  /**
   * Extra headers for this call; they override the client's `headers`, and a `null` value
   * removes one of them for this call. An object, a `Headers`, or `[name, value]` pairs. With a
   * `batch` option, a call given any `headers` (even `{}`) is sent on its own, not batched: one
   * HTTP request has one set of headers, which a batch's calls share. (To follow a batched call in
   * a trace without a `traceparent`, use `onAttempt`.)
   * @default {}
   */
  headers?: Headers | [string, string][] | Record<string, string | null | undefined> | undefined;
  /**
   * Retry a non-idempotent operation (a write) after a 5xx, 408, connection error or timeout too,
   * which may come after the write was made: only safe if a repeated write is harmless. (A 429,
   * refused before it was processed, is retried either way.) With a `batch` option, a call given
   * it (even `false`) is sent on its own, not batched.
   * @default false
   */
  retryNonIdempotent?: boolean | undefined;
  /**
   * Called with the status, headers (keys redacted) and request id of the answer that gave this
   * call its result, just before the call resolves: what support asks for, or a rate-limit header,
   * on a call that succeeded (a failed call's error carries the same fields). A batched call gets
   * its batch's answer; `.all()` calls it once per page. If it throws, the call rejects with
   * that error.
   * @default undefined
   */
  onResponse?: ((response: ResponseFields) => void) | undefined;
  /**
   * Called once per attempt (each request handed to `fetch`, retries included) when it ends, with
   * its {@link AttemptRecord}: its number, its status or error class, its request id, its duration
   * and whether the call will retry. Per call, so that each caller's records reach its own trace
   * (the client option of the same name gets every call's, and is called beside this one): a
   * batched call gets a record for each attempt of the batch request it rode, called in the async
   * context of the call that made it (an `AsyncLocalStorage` store reads as that caller's), where
   * the client's `logger` and `fetch` run in the context of the batch's first call (or of the one
   * that filled it to its `maxSize`), and each caller gets its own copy of the record. It never
   * gets headers, nor the API key. Unlike `onResponse`, what it throws (or rejects with) is ignored
   * (its first failure told to the client's `logger.warn`): the request is under way, and batched,
   * it is other callers' too.
   * @default undefined
   */
  onAttempt?: ((attempt: AttemptRecord) => void) | undefined;
};

/**
 * One attempt of a call, as `onAttempt` gets it: a request handed to `fetch` and how it ended. A
 * batched call's attempts are its batch request's (`batchSize` says so). An answer read as an error
 * only after the attempt (a JSON-RPC error in a 200 answer, batched or not; a batch answer without
 * the call's entry) is an attempt that succeeded: status 200, no `error`; the call's error reaches
 * its caller (where it is awaited), not the record.
 */
export interface AttemptRecord {
  /**
   * What the request was for: the operation id or JSON-RPC method (`getAsset`), or a batch
   * request's methods with their counts (`batch(getAsset ×2, getAssetBatch)`), a new value for each
   * mix of calls: as a metric tag, read `batchSize` instead.
   */
  operation: string;
  /**
   * The number of calls a JSON-RPC batch request carried (2 or more); `undefined` for any other
   * request (a call sent on its own, a lone call a batcher sent as a plain request). A stable tag
   * where `operation` names each mix: `batchSize ? 'batch' : operation`.
   */
  batchSize?: number | undefined;
  /** The attempt's number: 1 for the first request, 2 for the first retry, and so on. */
  attempt: number;
  /**
   * The HTTP status of its answer; `undefined` when none came (a timeout, a lost connection, an
   * abort).
   */
  status?: number | undefined;
  /**
   * The class of the error it ended with (`"TimeoutError"`, `"ConnectionError"`,
   * `"RateLimitError"`, `"InternalServerError"`, `"InvalidResponseError"`, `"AbortError"`…);
   * `undefined` when it succeeded.
   */
  error?: string | undefined;
  /**
   * The error's `reason`, where its class does not say it: a `RateLimitError`'s
   * `"credits-exhausted"` (the plan's credits are used up: not retried, no wait helps), an
   * `InvalidResponseError`'s (`"truncated"`, `"html"`…); `undefined` otherwise.
   */
  reason?: InvalidResponseReason | "credits-exhausted" | undefined;
  /**
   * The wait in seconds the answer asked for (`Retry-After`), as the error's `retryAfter`: a 429's,
   * or any other status's that names one (a 503 in maintenance); `undefined` when it named none.
   * (The wait before a retry adds jitter to it.)
   */
  retryAfter?: number | undefined;
  /**
   * The answer's `x-request-id` (or `request-id`), redacted, when it has one: quote it to support.
   */
  requestId?: string | undefined;
  /** Milliseconds from sending it (after any rate-limiter wait) to its end, its body read. */
  durationMs: number;
  /**
   * Whether the call retries after it (a retry still waits its delay first, which the call's
   * `signal` may end).
   */
  willRetry: boolean;
}

/**
 * What a call's answer tells of itself: given to `onResponse`, and carried by every error made from
 * an answer.
 */
export interface ResponseFields {
  /** The HTTP status. */
  status: number;
  /** The response headers, lower-case names, with any API key redacted. */
  headers: Record<string, string>;
  /** `x-request-id` (or `request-id`), when the answer has one: quote it to support. */
  requestId?: string | undefined;
  /**
   * How many requests the call handed to `fetch`, the one answered included (1 when not retried).
   */
  attempts: number;
}

/**
 * What the generator emits for each operation; the runtime acts on it. `Params` and `Result` are
 * the types of the operation's params and result (`unknown` by default), which a REST handle's
 * `call` (`createWalletRest().call`) takes and resolves with: a descriptor typed
 * `OperationDescriptor<GetIdentityInput, GetIdentityResult>` makes `call` check its params against
 * `GetIdentityInput` and resolve with a `GetIdentityResult`. They are in the types only (see
 * `types`): the descriptor is the place that states them, once, rather than each call.
 */
export interface OperationDescriptor<Params = unknown, Result = unknown> {
  /** The operationId or JSON-RPC method name; appears in error messages. */
  id: string;
  /**
   * `false` for writes: retried after a 429 alone (refused unprocessed) unless
   * `RequestOptions.retryNonIdempotent`, never batched.
   */
  idempotent: boolean;
  /** The check of the parameters (compiled from their schema), run before anything is sent. */
  params?: Check;
  /** Which response fields are u64 (delivered as `bigint`). */
  u64?: U64Shape;
  /** Set when deprecated: what to use instead. (The generated code warns once per process.) */
  deprecated?: string;
  /** The operation is beta: routes and formats may change. */
  beta?: boolean;
  /** How to walk pages with `paginate`. */
  pagination?: PaginationDescriptor;
  /**
   * The result may be absent: REST, a success without a body (a 204), the result is then
   * `undefined`; JSON-RPC, a `result` of `null`. Otherwise either is an InvalidResponseError
   * (reason `empty`), not a value that its type says cannot be there.
   */
  optionalBody?: boolean;
  /**
   * Refuses the client's API key in the params that the service passes on to another party (a
   * webhook's `authHeader` and `webhookURL`, sent with every delivery): made by
   * `refuseApiKeyIn`, called before anything is sent with the client's key (`undefined`: none, and
   * nothing to refuse). A function of the descriptor, so a program that calls no such operation
   * carries no such check.
   */
  keyFree?: (input: unknown, apiKey: string | undefined) => void;
  /**
   * Per-call option defaults of this operation, between the client's options and the call's
   * (the sender's `ping`: no retries, a short timeout). Read only by the calls that take it
   * (`getText`), so the engine of every other call does not carry it.
   */
  defaults?: Pick<RequestOptions, "timeout" | "maxRetries">;
  /**
   * Never set: the operation's params and result types, in the types only (what a REST handle's
   * `call` checks its params against and resolves with).
   */
  readonly types?: { readonly params: Params; readonly result: Result } | undefined;
}

/** {@link ClientOptions} with the key and the defaults resolved. */
export interface ResolvedConfig extends ClientOptions {
  /**
   * The key to send (except to the sender host, see `createHttp`): the option, else the environment
   * variable (not read in the `local` environment), else `"local"` there. A non-enumerable getter:
   * logging or serialising the config does not show it.
   */
  apiKey: string | undefined;
  /**
   * The configured key (option or environment variable), never the `local` placeholder: what gets
   * redacted. A non-enumerable getter.
   */
  keyToMask: string | undefined;
  environment: EnvironmentName;
  timeout: number;
  maxRetries: number;
}
