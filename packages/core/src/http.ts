/**
 * The HTTP engine under both the JSON-RPC and the REST clients: auth, headers, per-attempt
 * timeouts, retries with backoff, response decoding and typed errors. Written for size: it is
 * in every bundle. @internal
 */
import { API_KEY_ENV, resolveBaseUrl, resolveConfig, type ClientOptions, type Logger, type OperationDescriptor, type RequestOptions, type ResolvedConfig } from './config.js';
import { AbortError, ConfigurationError, ConnectionError, InvalidResponseError, makeAPIError, TimeoutError, type InvalidResponseReason } from './errors.js';
import type { Host } from './generated/environments.js';
import { looksTruncated, parseJson, stringifyJson } from './json.js';
import { createRedactor, type Redactor } from './redact.js';
import { backoff, MAX_RETRY_AFTER_MS, parseRetryAfter, sleep } from './retry.js';

/** A response and its whole body. */
export interface Exchange {
  response: Response;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The engine of one host. */
export interface Http {
  config: ResolvedConfig;
  /** The host's base URL, without a trailing slash. */
  baseUrl: string;
  redact: Redactor;
  /** A redacted copy of parsed JSON (strings and keys). */
  scrub<T>(value: T): T;
  /**
   * Sends with auth, headers, the timeout, rate limit and retries. Resolves with a 2xx
   * response and its whole body (so the timeout covers reading it); anything else rejects with
   * a typed `ChainDataError`.
   */
  send(url: string, init: { method: string; headers?: HeadersInit; body?: BodyInit | undefined }, operation: OperationDescriptor, options?: RequestOptions): Promise<Exchange>;
  /** Decodes (strict UTF-8) and parses (lossless) a 2xx body; `undefined` when empty. */
  json(exchange: Exchange, operation: string): unknown;
  invalid(reason: InvalidResponseReason, status: number, text: string, operation: string): InvalidResponseError;
}

// One strict decoder for every response (decoding is synchronous, so calls never interleave).
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Copies `source` into `target` with lower-case names (a plain object is cheaper per call than Headers). */
const addHeaders = (target: Record<string, string>, source?: HeadersInit) => {
  if (source) new Headers(source).forEach((value, name) => (target[name] = value));
};

/**
 * The engine of `host`.
 * @throws ConfigurationError when the environment has no URL for `host` and `baseUrls` does not
 * give one. A missing API key is reported by each call instead (nothing is sent), so a client
 * can be built before the key is needed, and key-optional hosts (sender) work without one.
 */
export function createHttp(options: ClientOptions | undefined, host: Host): Http {
  const config = resolveConfig(options);
  const baseUrl = resolveBaseUrl(config, host);
  const { apiKey: key, secretKey, logger } = config;
  const redact = createRedactor(secretKey);
  const log = (level: keyof Logger, message: string, meta: object) => logger?.[level]?.(redact(message), meta as Record<string, unknown>);
  const baseHeaders: Record<string, string> = { accept: 'application/json' };
  addHeaders(baseHeaders, config.headers);
  // Headers throws a TypeError quoting the value for a key that is no valid header value: check
  // once here; each call then reports a ConfigurationError without the key.
  let validHeaderKey = true;
  try {
    if (key && host.header) new Headers({ k: key });
  } catch {
    validHeaderKey = false;
  }

  // The first 200 characters of a body, redacted. Redaction happens before the cut, on enough
  // text that a key cut in half at the end of the redacted window lies beyond the 200 kept
  // (masking earlier copies shortens the text, so the window grows until that holds).
  const snippet = (text: string) => {
    let shown: string;
    let n = 1024;
    do shown = redact(text.slice(0, (n *= 2)));
    while (shown.length < 216 + 3 * (secretKey?.length ?? 0) && n < text.length);
    return shown.slice(0, 200);
  };
  const invalid: Http['invalid'] = (reason, status, text, operation) =>
    new InvalidResponseError(`Invalid response (${reason}) from ${operation}, status ${status}`, { reason, status, snippet: snippet(text) });

  // Parsed JSON redacted: written out (so escapes such as `\u00e9` are gone), redacted, read back.
  const scrub = <T>(value: T): T => (value === undefined ? value : (parseJson(redact(stringifyJson(value))) as T));

  /** A copy of a thrown value (and its causes) with redacted name, message, stack and code. */
  const sanitize = (thrown: any, depth = 0): Error => {
    const copy: Error & { code?: string } = new Error(
      redact(thrown?.message ?? thrown),
      thrown?.cause != null && depth < 3 ? { cause: sanitize(thrown.cause, depth + 1) } : undefined,
    );
    copy.name = redact(thrown?.name ?? 'Error');
    copy.stack = redact(thrown?.stack ?? copy.stack);
    if (thrown?.code != null) copy.code = redact(thrown.code);
    return copy;
  };

  /** One attempt: fetch and read the whole body, bounded by the timeout and the caller's signal. */
  const attempt = (fetch: typeof globalThis.fetch, url: string, init: RequestInit, id: string, timeout: number, signal?: AbortSignal) =>
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
      const onAbort = () => fail(new AbortError(`Request to ${id} was aborted`));
      // setTimeout fires at once for delays over 2^31 - 1 ms; longer timeouts mean none.
      const timer = timeout < 2 ** 31 ? setTimeout(() => fail(new TimeoutError(`Request to ${id} timed out after ${timeout} ms`)), timeout) : undefined;
      signal?.addEventListener('abort', onAbort);
      fetch(url, { ...init, signal: controller.signal })
        .then(async (response) => ({ response, bytes: new Uint8Array(await response.arrayBuffer()) }))
        .then(settle(resolve), (thrown) => {
          const cause = sanitize(thrown);
          let message = cause.message;
          for (let c: any = cause.cause; c; c = c.cause) message += ': ' + c.message;
          fail(new ConnectionError(`Connection error from ${id}: ${message}`, undefined, cause));
        });
    });

  /** The typed error of a non-2xx response; its body, headers and message redacted. */
  const apiError = ({ response, bytes }: Exchange, operation: string) => {
    const { status, headers } = response;
    const text = decode(bytes);
    let body: any = text ? redact(text) : undefined;
    try {
      body = scrub(parseJson(text));
    } catch {} // not JSON: keep the text
    // The hosts answer `{ error: { code, message } }`, `{ error: "..." }` or `{ message }`.
    const error = body?.error;
    const detail = error?.message ?? error ?? body?.message ?? body;
    const fields: Record<string, string> = {};
    headers.forEach((value, name) => (fields[name] = redact(value)));
    const retryAfter = parseRetryAfter(headers);
    return makeAPIError(
      `HTTP ${status} ${response.statusText}`.trim() +
        ` from ${operation}` +
        (typeof detail === 'string' && !/^\s*</.test(detail) ? ': ' + detail.trim().slice(0, 500) : ''),
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

  const send: Http['send'] = async (url, init, operation, options = {}) => {
    const { id } = operation;
    if (!key && !host.keyOptional) throw new ConfigurationError(`Missing API key for the ${host.name} host: pass \`apiKey\` or set ${API_KEY_ENV}`);
    // Looked up per call, so a fetch polyfill installed after construction is used.
    const fetch = config.fetch ?? globalThis.fetch;
    if (!fetch) throw new ConfigurationError('No global fetch: pass the `fetch` option');
    const headers = { ...baseHeaders };
    addHeaders(headers, init.headers);
    addHeaders(headers, options.headers);
    if (init.body != null) headers['content-type'] ??= 'application/json';
    if (key) {
      if (!host.header) url += (url.includes('?') ? '&' : '?') + `${host.query}=${encodeURIComponent(key)}`;
      else if (!validHeaderKey) throw new ConfigurationError(`The API key is not a valid ${host.header} header value`);
      else headers[host.header.toLowerCase()] = key;
    }
    const retries = operation.idempotent || options.retryNonIdempotent ? (options.maxRetries ?? config.maxRetries) : 0;
    const { signal, timeout = config.timeout } = options;

    for (let n = 1; ; n++) {
      if (config.rateLimit) await config.rateLimit.acquire(signal);
      if (signal?.aborted) throw new AbortError(`Request to ${id} was aborted`);
      const started = Date.now();
      let error: Error;
      let delay: number | undefined;
      try {
        const result = await attempt(fetch, url, { method: init.method, headers, body: init.body }, id, timeout, signal);
        const { status, ok } = result.response;
        if (logger?.debug) log('debug', `${id}: ${init.method} ${url} → ${status} (${Date.now() - started} ms)`, { operation: id, attempt: n, status });
        if (ok) return result;
        error = apiError(result, id);
        delay = parseRetryAfter(result.response.headers);
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

  const json: Http['json'] = ({ response, bytes }, id) => {
    const { status } = response;
    // A body cut inside a multi-byte character is truncated, not invalid: decode in stream mode
    // (an incomplete last character is held back), then see whether one was held back.
    let text: string;
    let cut = false;
    try {
      text = strictUtf8.decode(bytes, { stream: true });
    } catch {
      try {
        strictUtf8.decode(); // clears the stream state for the next response
      } catch {}
      throw invalid('invalid-utf8', status, decode(bytes.subarray(0, 1024)), id);
    }
    try {
      strictUtf8.decode();
    } catch {
      cut = true;
    }
    const first = text.search(/\S/); // (not trimStart(): that copies the whole body)
    if (first >= 0 && (text[first] === '<' || /html/i.test(response.headers.get('content-type')!))) throw invalid('html', status, text, id);
    let value: unknown;
    try {
      value = first < 0 ? undefined : parseJson(text);
    } catch {
      throw invalid(cut || looksTruncated(text) ? 'truncated' : 'non-json', status, text, id);
    }
    if (cut) throw invalid('invalid-utf8', status, text, id); // complete JSON, then a stray byte
    return value;
  };

  return { config, baseUrl, redact, scrub, send, json, invalid };
}
