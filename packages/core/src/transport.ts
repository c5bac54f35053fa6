/**
 * The HTTP transport: auth, headers, per-attempt timeouts, retries with backoff, response
 * decoding and typed errors. REST clients use {@link createTransport}; the JSON-RPC client
 * shares the same engine.
 */
import { API_KEY_ENV, resolveBaseUrl, resolveConfig, type ClientOptions, type Logger, type ResolvedConfig } from './config.js';
import {
  AbortError,
  ConfigurationError,
  ConnectionError,
  InvalidResponseError,
  makeAPIError,
  TimeoutError,
  type APIError,
  type ChainDataError,
  type InvalidResponseReason,
} from './errors.js';
import { hostAuth, type HostName } from './generated/environments.js';
import { looksTruncated, parseJson, reviveU64, type U64Shape } from './json.js';
import type { PaginationDescriptor } from './paginate.js';
import { createRedactor, redactDeep, type Redactor } from './redact.js';
import { backoff, MAX_RETRY_AFTER_MS, parseRetryAfter, sleep } from './retry.js';
import { validate, type JsonSchemaSubset } from './validate.js';

/**
 * Per-call options; each overrides the client option of the same name for this call.
 * (A type alias rather than an interface, so that a `RequestOptions` value is assignable to
 * `RequestOptions & Record<string, unknown>`, the JSON-RPC call's options.)
 */
export type RequestOptions = {
  /**
   * Aborts the call, also while it waits to retry; it then rejects with `AbortError` at once.
   * @default undefined
   */
  signal?: AbortSignal;
  /**
   * Time limit per attempt in ms.
   * @default the client's `timeout` (60_000)
   */
  timeout?: number;
  /**
   * Retries for this call.
   * @default the client's `maxRetries` (2)
   */
  maxRetries?: number;
  /**
   * Extra headers for this call; they override the client's `headers`.
   * @default {}
   */
  headers?: Record<string, string>;
  /**
   * Retry a non-idempotent operation (a write) too. Only safe if a repeated write is harmless.
   * @default false
   */
  retryNonIdempotent?: boolean;
};

/** What the generator emits for each operation (`as const`); the runtime acts on it. */
export interface OperationDescriptor {
  /** The operationId or JSON-RPC method name; appears in error messages. */
  id: string;
  /** `false` for writes: never retried unless `RequestOptions.retryNonIdempotent`, never batched. */
  idempotent: boolean;
  /** Schema of the parameters (refs inlined), checked before anything is sent. */
  params?: JsonSchemaSubset;
  /** Which response fields are u64 (delivered as `bigint`). */
  u64?: U64Shape;
  /** Set when deprecated: what to use instead. (The generated code warns once per process.) */
  deprecated?: string;
  /** The operation is beta: routes and formats may change. */
  beta?: boolean;
  /** How to walk pages with {@link paginate}. */
  pagination?: PaginationDescriptor;
}

/** The context of {@link Transport.send}. */
export interface SendContext {
  operation: OperationDescriptor;
  options?: RequestOptions | undefined;
}

/** The transport of one host. */
export interface Transport {
  /** The host's base URL (no trailing slash), for openapi-fetch's `createClient({ baseUrl })`. */
  baseUrl: string;
  /** The client's logger (for the generated code's deprecation warnings). */
  readonly logger?: Logger | undefined;
  /**
   * Sends `request` with auth, default and per-call headers, the timeout, rate limit and
   * retries. Resolves only with a 2xx response, whose body is already read (so the timeout
   * covers it) and can be read again; anything else rejects with a typed `ChainDataError`.
   */
  send(request: Request, ctx: SendContext): Promise<Response>;
  /**
   * One REST operation: validates `input` against `operation.params`, then
   * calls `invoke` with a `fetch` bound to this call (the generated code passes it to
   * openapi-fetch with `parseAs: 'text'`), and returns the body parsed losslessly with u64
   * fields revived (`undefined` for an empty body).
   */
  restCall<R>(
    operation: OperationDescriptor,
    input: unknown,
    options: RequestOptions | undefined,
    invoke: (fetch: (request: Request) => Promise<Response>) => Promise<{ data?: unknown; response: Response }>,
  ): Promise<R>;
}

/** A response and its whole body. @internal */
export interface Exchange {
  response: Response;
  bytes: Uint8Array<ArrayBuffer>;
}

/** What the REST transport and the JSON-RPC client share. @internal */
export interface Engine {
  config: ResolvedConfig;
  baseUrl: string;
  redact: Redactor;
  /** Validates the input, before anything is sent. */
  prepare(operation: OperationDescriptor, params: unknown): void;
  /** Sends with auth, headers, timeouts, rate limit and retries; resolves on 2xx only. */
  exchange(
    url: string,
    init: { method: string; headers?: HeadersInit; body?: BodyInit | undefined },
    operation: OperationDescriptor,
    options?: RequestOptions,
  ): Promise<Exchange>;
  /** Decodes (strict UTF-8) and parses (lossless) a 2xx body; `undefined` when empty. */
  readJson(exchange: Exchange, operation: OperationDescriptor): unknown;
  invalid(reason: InvalidResponseReason, status: number, text: string, operation: string): InvalidResponseError;
}

// For HTTP/2 responses, whose statusText is empty.
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
// One strict decoder for every response (decoding is synchronous, so calls never interleave);
// after a failure the stream state is cleared by a final decode() call.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** @internal */
export function createEngine(options: ClientOptions | undefined, host: HostName): Engine {
  const config = resolveConfig(options);
  const baseUrl = resolveBaseUrl(config, host);
  const auth = hostAuth[host];
  const key = config.apiKey;
  const redact = createRedactor(config.secretKey);
  const limiter = config.rateLimit;
  const log = (level: keyof Logger, message: string, meta: Record<string, unknown>) => config.logger?.[level]?.(redact(message), meta);
  const baseHeaders: Record<string, string> = { accept: 'application/json' };
  new Headers(config.headers).forEach((value, name) => (baseHeaders[name] = value));
  // Headers.set throws a TypeError quoting the value for a key that is not a valid header
  // value: check once here; each call then reports a ConfigurationError without the key.
  let validHeaderKey = true;
  try {
    if (key && auth.header) new Headers({ [auth.header]: key });
  } catch {
    validHeaderKey = false;
  }

  // The first 200 characters of a body, redacted. Redaction happens before the cut, and on enough
  // text that a key cut in half at the end of the redacted window lies beyond the 200 kept
  // (masking earlier copies shortens the text, so the window grows until that holds).
  const margin = 3 * (config.secretKey?.length ?? 0) + 16;
  const snippetOf = (text: string) => {
    let shown: string;
    let n = 1024;
    do shown = redact(text.slice(0, (n *= 2))); while (shown.length < 200 + margin && n < text.length);
    return shown.slice(0, 200);
  };
  const invalid: Engine['invalid'] = (reason, status, text, operation) =>
    new InvalidResponseError(`Invalid response (${reason}) from ${operation}, status ${status}`, {
      reason,
      status,
      snippet: snippetOf(text),
    });

  /** A copy of a thrown value (and its causes) with redacted name, message, stack and code. */
  const sanitize = (thrown: any, depth = 0): Error => {
    const copy = new Error(
      redact(String(thrown?.message ?? thrown)),
      thrown?.cause != null && depth < 3 ? { cause: sanitize(thrown.cause, depth + 1) } : undefined,
    );
    copy.name = redact(String(thrown?.name ?? 'Error'));
    copy.stack = redact(String(thrown?.stack ?? copy.stack));
    if (thrown?.code != null) (copy as { code?: string }).code = redact(String(thrown.code));
    return copy;
  };

  const toAPIError = ({ response, bytes }: Exchange, operation: string): APIError => {
    const { status, headers } = response;
    const text = decode(bytes);
    let body: any = text ? redact(text) : undefined;
    try {
      body = redactDeep(parseJson(text), redact);
    } catch {} // not JSON: keep the text
    // The hosts answer `{ error: { code, message } }`, `{ error: "..." }` or `{ message }`.
    const error = body?.error;
    let detail = error?.message ?? error ?? body?.message ?? body;
    detail = typeof detail === 'string' && !/^\s*</.test(detail) ? detail.trim().slice(0, 500) : '';
    const fields: Record<string, string> = {};
    headers.forEach((value, name) => (fields[name] = redact(value)));
    const retryAfter = parseRetryAfter(headers);
    return makeAPIError(
      `${status} ${response.statusText || STATUS_TEXT[status] || ''}`.trim() + ` from ${operation}${detail && ': ' + detail}`,
      {
        status,
        headers: fields,
        body,
        operation,
        requestId: fields['x-request-id'] ?? fields['request-id'],
        rpcError: typeof error?.code === 'number' ? error : undefined,
        ...(status === 429 && { retryAfter: retryAfter && retryAfter / 1000 }),
      },
    );
  };

  /** One attempt: fetch and read the whole body, bounded by the timeout and the caller's signal. */
  const attempt = (fetch: typeof globalThis.fetch, url: string, init: RequestInit, operation: string, timeout: number, signal?: AbortSignal) =>
    new Promise<Exchange>((resolve, reject) => {
      const controller = new AbortController();
      // Every way out clears the timer and the listener; only the first settlement counts.
      const settle =
        <T>(to: (value: T) => void, abort?: boolean) =>
        (value: T) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          to(value);
          // Stops a fetch still running. Not after a success: the body is read, and abort()
          // builds a DOMException, a measurable cost on every call.
          if (abort) controller.abort();
        };
      const fail = settle(reject, true);
      const onAbort = () => fail(new AbortError(`Request to ${operation} was aborted`));
      // setTimeout fires at once for delays over 2^31 - 1 ms; longer timeouts mean none.
      const timer =
        timeout < 2 ** 31 ? setTimeout(() => fail(new TimeoutError(`Request to ${operation} timed out after ${timeout} ms`)), timeout) : undefined;
      signal?.addEventListener('abort', onAbort);
      (async () => {
        const response = await fetch(url, { ...init, signal: controller.signal });
        return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
      })().then(settle(resolve), (thrown) => {
        const cause = sanitize(thrown);
        let message = cause.message;
        for (let c: any = cause.cause; c; c = c.cause) message += ': ' + c.message;
        fail(new ConnectionError(`Connection error from ${operation}: ${message}`, undefined, cause));
      });
    });

  const exchange: Engine['exchange'] = async (url, init, operation, options = {}) => {
    if (!key && auth.required) {
      throw new ConfigurationError(`Missing API key for the ${host} host: pass \`apiKey\` or set ${API_KEY_ENV}`);
    }
    // Looked up per call, so a fetch polyfill installed after construction is used.
    const fetch = config.fetch ?? globalThis.fetch;
    if (!fetch) throw new ConfigurationError('No global fetch: pass the `fetch` option');
    // A plain object with lower-case names (cheaper per call than Headers).
    const headers: Record<string, string> = { ...baseHeaders };
    const add = (source?: HeadersInit) => source && new Headers(source).forEach((value, name) => (headers[name] = value));
    add(init.headers);
    add(options.headers);
    if (init.body != null) headers['content-type'] ??= 'application/json';
    let target = url;
    if (key) {
      if (!auth.header) target += (url.includes('?') ? '&' : '?') + `${auth.query}=${encodeURIComponent(key)}`;
      else if (!validHeaderKey) throw new ConfigurationError(`The API key is not a valid ${auth.header} header value`);
      else headers[auth.header.toLowerCase()] = key;
    }
    const retries = operation.idempotent || options.retryNonIdempotent ? (options.maxRetries ?? config.maxRetries) : 0;
    const { signal, timeout = config.timeout } = options;
    const id = operation.id;

    for (let n = 1; ; n++) {
      if (limiter) await limiter.acquire(signal);
      if (signal?.aborted) throw new AbortError(`Request to ${id} was aborted`);
      const started = Date.now();
      let error: ChainDataError;
      let delay: number | undefined;
      try {
        const result = await attempt(fetch, target, { method: init.method, headers, body: init.body }, id, timeout, signal);
        const { status, ok, headers: responseHeaders } = result.response;
        if (config.logger?.debug) log('debug', `${id}: ${init.method} ${target} → ${status} (${Date.now() - started} ms)`, { operation: id, attempt: n, status });
        if (ok) return result;
        error = toAPIError(result, id);
        delay = parseRetryAfter(responseHeaders);
        // Over the cap, don't hold the caller for minutes: throw (RateLimitError.retryAfter says when).
        if ((status !== 408 && status !== 429 && status < 500) || delay! > MAX_RETRY_AFTER_MS) throw error;
      } catch (thrown) {
        if (!(thrown instanceof ConnectionError || thrown instanceof TimeoutError)) throw thrown;
        error = thrown;
      }
      if (!(n <= retries)) throw error; // (also ends a NaN maxRetries)
      delay ??= backoff(n);
      log('info', `Retrying ${id} in ${delay} ms (attempt ${n + 1} of ${retries + 1}): ${error.message}`, { operation: id, attempt: n + 1, delay });
      await sleep(delay, signal);
    }
  };

  const readJson: Engine['readJson'] = ({ response, bytes }, { id }) => {
    const { status } = response;
    let text: string;
    // A body cut inside a multi-byte character is truncated, not invalid: decode in stream mode
    // (an incomplete last character is held back), then see whether one was held back.
    const decoder = strictUtf8;
    let cutCharacter = false;
    try {
      text = decoder.decode(bytes, { stream: true });
    } catch {
      try {
        decoder.decode(); // clears the stream state for the next response
      } catch {}
      throw invalid('invalid-utf8', status, decode(bytes.subarray(0, 1024)), id);
    }
    try {
      decoder.decode();
    } catch {
      cutCharacter = true;
    }
    const first = text.search(/\S/); // (not trimStart(): that copies the whole body)
    if (first >= 0 && (text[first] === '<' || /html/i.test(response.headers.get('content-type') ?? ''))) throw invalid('html', status, text, id);
    let value: unknown;
    try {
      value = first >= 0 ? parseJson(text) : undefined;
    } catch {
      throw invalid(cutCharacter || looksTruncated(text) ? 'truncated' : 'non-json', status, text, id);
    }
    if (cutCharacter) throw invalid('invalid-utf8', status, text, id); // complete JSON, then a stray byte
    return value;
  };

  // Deprecation warnings are emitted by the generated code of deprecated operations, so that
  // other bundles do not carry them.
  const prepare: Engine['prepare'] = (operation, params) => {
    if (operation.params) validate(operation.params, params);
  };

  return { config, baseUrl, redact, prepare, exchange, readJson, invalid };
}

/**
 * The transport of `host`.
 * @throws ConfigurationError when the environment has no URL for `host` and `baseUrls` does not
 * give one. A missing API key is reported by each call instead (nothing is sent), so a client
 * can be constructed before the key is needed, and key-optional hosts (sender) work without one.
 */
export function createTransport(options: ClientOptions | undefined, host: HostName): Transport {
  const engine = createEngine(options, host);

  const send = async (request: Request, ctx: SendContext): Promise<Exchange> => {
    // Buffered once, so every attempt sends identical bytes.
    const body = request.body ? await request.arrayBuffer() : undefined;
    return engine.exchange(
      request.url,
      { method: request.method, headers: request.headers, body },
      ctx.operation,
      { ...ctx.options, signal: ctx.options?.signal ?? request.signal },
    );
  };
  // A re-readable Response built from the bytes (it no longer holds the keyed URL).
  const toResponse = ({ response, bytes }: Exchange) =>
    new Response(response.status === 204 || response.status === 205 ? null : bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });

  return {
    baseUrl: engine.baseUrl,
    logger: engine.config.logger,
    send: async (request, ctx) => toResponse(await send(request, ctx)),
    async restCall<R>(
      operation: OperationDescriptor,
      input: unknown,
      options: RequestOptions | undefined,
      invoke: (fetch: (request: Request) => Promise<Response>) => Promise<{ data?: unknown; response: Response }>,
    ): Promise<R> {
      engine.prepare(operation, input);
      let captured: Exchange | undefined;
      const { data } = await invoke(async (request) => toResponse((captured = await send(request, { operation, options }))));
      // Parse our own copy of the bytes: strict UTF-8 and lossless numbers, whatever `data` holds.
      const value = captured
        ? engine.readJson(captured, operation)
        : typeof data === 'string'
          ? data.trim()
            ? parseJson(data)
            : undefined
          : data;
      return reviveU64(value, operation.u64) as R;
    },
  };
}
