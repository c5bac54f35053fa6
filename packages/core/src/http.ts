/**
 * The HTTP engine under both the JSON-RPC and the REST clients: auth, headers, per-attempt
 * timeouts, retries with backoff, response decoding and typed errors. Written for size: it is
 * in every bundle (docs/decisions/0008-runtime-size.md). Internal: not exported from the package.
 */
import { watchAbort } from "./abort.js";
import {
  API_KEY_ENV,
  hasKeyVariables,
  keyVariableHint,
  misconfigured,
  resolveBaseUrl,
  resolveConfig,
  type ClientOptions,
  type OperationDescriptor,
  type RequestOptions,
  type ResolvedConfig,
  type ResponseFields,
} from "./config.js";
import {
  AbortError,
  ConfigurationError,
  ConnectionError,
  InvalidResponseError,
  makeAPIError,
  refusedToSend,
  TimeoutError,
  type InvalidResponseReason,
} from "./errors.js";
import type { Host } from "./generated/environments.js";
import { callQuietly } from "./internal/callback.js";
import { takeStack } from "./internal/stack.js";
import { MAX_TIMER_MS } from "./internal/timer.js";
import { decodeUtf8 } from "./internal/utf8.js";
import { looksTruncated, parseJson } from "./json.js";
import {
  createRedactor,
  credentialsIn,
  isSecretName,
  scrub as scrubWith,
  type Redactor,
} from "./redact.js";
import { quoteServer } from "./quote.js";
import { MAX_RETRY_AFTER_MS, parseRetryAfter, retryableStatus, retryDelay } from "./retry.js";

/**
 * A response, its whole body, and the body parsed as JSON when sent with `json` (`undefined` when
 * empty). A list, not an object: its members' names would be in every bundle (decision 0008).
 */
export type Exchange = [response: Response, bytes: Uint8Array<ArrayBuffer>, value?: unknown];

/**
 * The redactor of one call: the engine's `redact`, or one that also masks `secrets` (credentials
 * the call sends in its body: a webhook's `authHeader`) and the credentials of the call's own
 * `headers` (an `Authorization`, `X-Api-Key` or `x-token` given per call), for that call's errors,
 * log lines and `onResponse`. The engine's `send` and `quietly` take it last (default: `redact`),
 * as do `responseFieldsOf`, `invalidResponse` and redact.ts's `scrub` (no default: their callers
 * have a call's redactor in hand).
 */
export type RedactWith = (
  secrets: readonly string[],
  headers?: RequestOptions["headers"],
) => Redactor;

/**
 * Sends with auth, headers, the timeout, rate limit and retries. Resolves with a 2xx response and
 * its whole body (so the timeout covers reading it); anything else rejects with a typed
 * `ChainDataError`. With `json`, the body is decoded (strict UTF-8) and parsed (lossless) into
 * `value` inside the attempt, so a body cut short (or, where a body is due, one with no byte that
 * no `content-length: 0`, 204 or 205 declared empty) is retried as a lost connection is (an
 * `InvalidResponseError` otherwise). Every `ChainDataError` it rejects with, and the response's
 * fields (`responseFieldsOf`), carry `attempts`: the requests handed to `fetch`; it also sets
 * `options.attempts` as each goes (`options`: an object of the caller's own, never a user's).
 */
export type Send = (
  url: string,
  init: {
    method: string;
    headers?: ClientOptions["headers"];
    body?: BodyInit | undefined;
    json?: boolean;
  },
  operation: OperationDescriptor,
  options?: RequestOptions & { attempts?: number; batchSize?: number | undefined },
  redactor?: Redactor,
) => Promise<Exchange>;

/**
 * Calls an app's `hook` (named so: `"the client's onAttempt"`) through `call`, failing nothing: the
 * first time a hook of that name throws or rejects, the engine tells `logger.warn` (redacted, meta
 * `{ operation, hook }`); later failures are ignored.
 */
export type Quietly = (
  hook: string,
  call: () => unknown,
  operation: string,
  redactor?: Redactor,
) => void;

/**
 * The engine of one host: a list read by destructuring, not an object, whose members' names would
 * be in every bundle (decision 0008: 41 B gzipped in the DAS getAsset program). Its members:
 * - `send`, `redactWith`: see {@link Send}, {@link RedactWith};
 * - `baseUrl`: the host's base URL, without a trailing slash;
 * - `config`: the client's options, resolved;
 * - `redact`: the client's redactor (its key, and the credentials of its `headers` and base URL);
 * - `quietly`: see {@link Quietly};
 * - `alike`: what makes two engines send alike, item by item (compared with `===`): the key sent
 *   (on a key-optional host, only one given to its own client), the headers every request starts
 *   from (written as JSON: equal objects alike), and the options the engine reads per request
 *   (`fetch`, `timeout`, `maxRetries`, `logger`, `onAttempt`, `rateLimit`). Resolved values, not
 *   the options as given. Clients equal in all of it (and in their URL) share batches and
 *   coalesced requests. Never in a message: it holds the key;
 * - `hint`: the end of a 401's or 403's message: where the key is set, or that none was sent
 *   (keyHint).
 */
export type Http = readonly [
  send: Send,
  redactWith: RedactWith,
  baseUrl: string,
  config: ResolvedConfig,
  redact: Redactor,
  quietly: Quietly,
  alike: readonly unknown[],
  hint: string,
];

/**
 * Copies `source` into `target` with lower-case names (a plain object is cheaper per call than
 * Headers). In a plain object, a `null` or `undefined` value removes the header instead of
 * sending "null". The error of an invalid name or value does not quote it: it may be a secret.
 */
const addHeaders = (target: Record<string, string>, source?: ClientOptions["headers"]) => {
  if (!source) return;
  // (A string or number would be read as an object of its characters, or as nothing.)
  if (typeof source !== "object") misconfigured("headers", "must be an object, a Headers or pairs");
  const removed: string[] = [];
  let headers: Headers;
  try {
    headers = new Headers(
      source instanceof Headers || Array.isArray(source)
        ? source
        : // A header with a value is kept; one without is dropped from the entries and its name
          // recorded in `removed` (push returns the new length, never 0: `!` makes that false; an
          // `if` and a `return` instead cost 5 B gz in every bundle, measured).
          (Object.fromEntries(
            Object.entries(source).filter(
              ([name, value]) => value != null || !removed.push(name.toLowerCase()),
            ),
          ) as Record<string, string>),
    );
  } catch {
    return misconfigured(
      "headers",
      "must be valid header names and values (no spaces, : or other separators in a name; no line breaks in a value)",
    );
  }
  for (const name of removed) delete target[name];
  headers.forEach((value, name) => (target[name] = value));
};

/**
 * Two uses, one implementation (smaller: decision 0008): an attempt, `work` (given a signal that
 * stops it: `send`'s `fetchWhole`) raced against its timeout, and the wait before a retry (no
 * `work`, nor `toConnectionError`).
 * Either way it runs until `ms` pass or the caller's `signal` aborts: a timeout rejects `work`
 * with TimeoutError and ends a wait normally; an abort rejects either with AbortError; anything
 * `work` throws goes through `toConnectionError` (a ConnectionError, or a custom fetch's bug as
 * itself). The timer and the listener are removed on every path, and `work` is stopped when it
 * loses.
 */
const race = <T>(
  id: string,
  ms: number,
  signal: AbortSignal | undefined,
  work?: (signal: AbortSignal) => Promise<T>,
  toConnectionError?: (thrown: unknown) => Error,
) =>
  new Promise<T>((resolve, reject) => {
    // (Read here, before anything starts: on a host without it the call rejects with its
    // ReferenceError. Read in `done`, after the attempt, it threw where nothing awaits.)
    const stopTimer = clearTimeout;
    const controller = new AbortController();
    let unwatch: (() => void) | undefined;
    const done = (error?: Error, value?: T) => {
      stopTimer(timer);
      unwatch?.();
      if (!error) return resolve(value!);
      reject(error);
      // Not after a success: abort() builds a DOMException, a measurable cost on every call.
      controller.abort();
    };
    // (Worded by `send`, as an abort in the rate limiter's wait is.)
    const onAbort = () => done(new AbortError("", undefined, signal!.reason));
    // (A longer timeout means none: MAX_TIMER_MS.) The message names the option that set `ms`,
    // given per call or to the client, so that the reader knows what to raise. It says the call
    // timed out, not that a request did: the time may run out before anything is written (a
    // connection or TLS handshake that never completes, a `fetch` that queues its requests), and
    // fetch does not say which. (The waits for the rate limiter, for a batch to fill and between
    // attempts are outside `timeout`.)
    const timer =
      ms <= MAX_TIMER_MS
        ? setTimeout(
            () =>
              done(work && new TimeoutError(`${id} timed out after ${ms} ms (raise \`timeout\`)`)),
            ms,
          )
        : undefined;
    if (signal?.aborted) return onAbort();
    unwatch = signal && watchAbort(signal, onAbort);
    // Through a promise, so a `fetch` that throws rather than rejects is a connection error too.
    if (work)
      Promise.resolve(controller.signal)
        .then(work)
        .then(
          (value) => done(undefined, value),
          (thrown) => done(toConnectionError!(thrown)),
        );
  });

/**
 * A copy of a thrown value (and its causes) with redacted name, message, stack and code. Total:
 * a value that cannot be read or turned into text (a null-prototype object, a throwing getter,
 * a revoked Proxy) gives a placeholder rather than a throw that would leave the call pending.
 */
const sanitize = (thrown: any, redactor: Redactor, depth = 0): Error => {
  try {
    return Object.assign(
      new Error(
        // (A value that is an object but no Error, `{ request }`, has no text to show: "", which
        // the message leaves out or words, not "[object Object]". Its code, if any, is kept below.)
        redactor(
          thrown?.message ?? (typeof thrown == "object" || thrown === undefined ? "" : thrown),
        ),
        thrown?.cause != null && depth < 3
          ? { cause: sanitize(thrown.cause, redactor, depth + 1) }
          : undefined,
      ),
      {
        name: redactor(thrown?.name ?? "Error"),
        stack: redactor(thrown?.stack ?? ""),
        ...(thrown?.code != null && { code: redactor(thrown.code) }),
      },
    );
  } catch {
    return new Error("(an error that cannot be read)");
  }
};

/**
 * The ConnectionError of a failed fetch: its message joins the messages of the cause chain. A
 * `ReferenceError`, `SyntaxError`, `RangeError`, `EvalError` or `URIError` is no failed
 * connection (fetch reports those as a `TypeError`) but a bug in a custom `fetch`: the caller gets
 * a redacted copy, made by this realm's class of that name, after one attempt. (Any error so named:
 * a subclass, or a fetch polyfill's DOMException `SyntaxError` for a malformed URL.)
 */
const connectionError = (id: string, redactor: Redactor) => (thrown: unknown) => {
  const cause = sanitize(thrown, redactor);
  // Told by its name (read by `sanitize`, which survives a throwing getter), and made by this
  // realm's class of that name, never by a constructor of the thrown value's: an error from another
  // realm (a vm context) is told too, and `instanceof ReferenceError` holds for the caller.
  if (/^(Reference|Syntax|Range|Eval|URI)Error$/.test(cause.name))
    // (`cause` as the options: its own redacted `cause`, if any, becomes the bug's.)
    return Object.assign(new (globalThis as any)[cause.name](cause.message, cause), {
      stack: cause.stack,
    });
  let message = cause.message;
  for (let c: any = cause.cause; c; c = c.cause) if (c.message) message += ": " + c.message;
  return new ConnectionError(
    `Connection error from ${id}: ${message || "fetch failed with no message"}`,
    undefined,
    cause,
  );
};

/**
 * `error` as `send` rejects with it. Errors made in a timer or a listener (timeout, abort,
 * connection) carry no caller frames: their stack is taken again, from `send`'s frame inside the
 * awaited chain, so that it reaches the caller's `await` as an API error's does (V8's async stack
 * traces; elsewhere a no-op). They get their operation and `attempts` here too (a wait for the
 * rate limiter, shared by many operations, knows none), and an abort's cause, the signal's
 * reason, is copied and redacted like a fetch error.
 */
const finishCallError = (
  error: unknown,
  id: string,
  attempts: number,
  redactor: Redactor,
  lastError?: Error,
) => {
  if (
    error instanceof TimeoutError ||
    error instanceof AbortError ||
    error instanceof ConnectionError
  ) {
    takeStack(error, finishCallError);
    Object.assign(error, {
      operation: id,
      attempts,
      // (Worded alike wherever the abort came: the rate limiter's wait knows no operation. A
      // signal's time limit, `AbortSignal.timeout()`'s TimeoutError, is said: a log line would
      // otherwise read as a Ctrl-C.)
      ...(error instanceof AbortError && {
        message: `${id} was aborted${(error.cause as Error | undefined)?.name == "TimeoutError" ? " (its signal timed out)" : ""}`,
        lastError,
        ...(error.cause !== undefined && { cause: sanitize(error.cause, redactor) }),
      }),
    });
  }
  return error;
};

/** How many requests a call had handed to `fetch` when each response came: set by `send`. */
const attemptsOf = new WeakMap<Response, number>();

/**
 * The status, redacted headers, request id and attempts of a response, as every error built from
 * one carries them. @internal (also json-rpc.ts's, rest.ts's and get-text.ts's: imported, not
 * handed out by createHttp, whose members' names would be in every bundle)
 */
export const responseFieldsOf = (response: Response, redactor: Redactor): ResponseFields => {
  const fields: Record<string, string> = {};
  // A credential-named header is masked whole (a CDN's `set-cookie` on a 5xx would otherwise be
  // in every log line that serialises the error), by the request headers' rule, but for a
  // `*-authenticate` challenge, which names the scheme wanted and holds no secret.
  response.headers.forEach(
    (value, name) =>
      (fields[redactor(name)] =
        isSecretName(name, true) && !/-authenticate$/.test(name) && value.length > 7
          ? "***"
          : redactor(value)),
  );
  return {
    status: response.status,
    headers: fields,
    requestId: fields["x-request-id"] ?? fields["request-id"],
    attempts: attemptsOf.get(response)!,
  };
};

/**
 * The end of the message of an error whose answer is an HTML page: its `<title>`, read from the
 * redacted body (so no piece of a key is cut out of it), trimmed and quoted (`quoteServer`), cut to
 * 80 characters (`""` for none). A terminal shows what answered: a captive portal's or a proxy's
 * login page on a 2xx, a firewall's block page on a 403, which is no key's fault.
 */
const titleOf = (redacted: string, title = /<title>([^<]+)/i.exec(redacted)?.[1]!.trim()) =>
  title ? `: page titled "${quoteServer(title, 80)}"` : "";

/**
 * What an error keeps of a body's `text`: all of it up to 64 KiB, redacted; a longer one's first
 * 64 KiB, less 1 KiB, redacted, and a `…`. Not redacted whole: 50 MB of text took the redactor
 * seconds, for 64 KiB kept. Its first 65 KiB are redacted, then the last 1 KiB of what that gave is
 * dropped: a secret cut short at the end (its first few characters, fewer than the 8 that the
 * redactor masks a piece by; a header's value cut inside a word) stays out of what is kept, even
 * where masks before it made the text shorter. A secret that starts inside what is kept has its
 * first 8 characters inside what is redacted (12 characters each at most, in any form the redactor
 * reads, but for an HTML reference padded with zeros), so it is masked whole or as a piece cut
 * short, never shown in part. (Not bounded: `&#000…048;`, 150 zeros a character, shows the first
 * characters of a key cut by the 65 KiB end, fewer than 8, as a server's own cut may: the
 * redactor's rule for a piece, not worth bytes for an echo no encoder writes.)
 * (Nothing left, all but 1 KiB masked away: `***`. `redacted` is a local, as a parameter: smaller.)
 * (@internal: also rest.ts's, for an error body answered in a 2xx.)
 */
export const keptOf = (
  text: string,
  redactor: Redactor,
  redacted = redactor(text.slice(0, 66560)),
) => (text.length > 65536 ? (redacted.slice(0, -1024) || "***").slice(0, 65536) + "…" : redacted);

/**
 * The InvalidResponseError of `response`, an answer that breaks the protocol the way `reason`
 * names (@internal: also json-rpc.ts's, rest.ts's and get-text.ts's). Its snippet is the first 200
 * characters of the body, redacted before it is cut (`keptOf`), so no key cut in half at the end
 * of the window survives; an HTML page's message names its title. (Only on the error path.
 * `redacted` is a local, as a parameter: smaller.)
 */
export const invalidResponse = (
  reason: InvalidResponseReason,
  response: Response,
  text: string,
  operation: string,
  redactor: Redactor,
  redacted = keptOf(text, redactor),
) =>
  new InvalidResponseError(
    `Invalid response (${reason}) from ${operation}, status ${response.status}` +
      (reason == "html" ? titleOf(redacted) : ""),
    {
      reason,
      ...responseFieldsOf(response, redactor),
      operation,
      snippet: redacted.slice(0, 200),
    },
  );

/**
 * Decodes (strict UTF-8) and parses (lossless) a 2xx body; `undefined` when empty. `due`: a body
 * is (JSON-RPC, or a REST operation without `optionalBody`).
 */
const decodeJson = ([response, bytes]: Exchange, id: string, redactor: Redactor, due: boolean) => {
  // Invalid UTF-8 is reported, not replaced with U+FFFD; but a body cut inside a multi-byte
  // character is truncated, which the parse failure below says.
  let text: string;
  let badUtf8: unknown;
  try {
    text = decodeUtf8(bytes, true);
  } catch {
    text = decodeUtf8(bytes);
    badUtf8 = 1;
  }
  // The first character after white space, `undefined` for none. (Not a regex: V8 keeps the
  // last string a regex matched, the legacy `RegExp.input`, which would keep the body alive after
  // the call until another regex matched. trimStart() copies nothing: V8 answers with a slice of
  // the body, 0.1 µs on 20 MB, or the body itself when it starts with no white space.)
  const first = text.trimStart()[0];
  if (first && (first === "<" || /html/i.test(response.headers.get("content-type")!)))
    throw invalidResponse("html", response, text, id, redactor);
  let value: unknown;
  try {
    // Empty is no text but JSON's white space (space, tab, CR, LF): trimStart() also passes a
    // no-break space, U+2028, \v or \f, which JSON.parse refuses. (A leading BOM is dropped by
    // the decoder, as before any JSON: a BOM alone is empty.)
    // No text where a body is due, and no 204, 205 or `content-length: 0` saying there is none,
    // is a body cut before its first byte (a close-delimited one whose connection dropped reads
    // so): parsed, it fails as `truncated` and is retried as any body cut short (decision 0006). A
    // body declared empty is the server's answer: `undefined` here, `empty` for the caller.
    value =
      first ||
      /[^ \t\n\r]/.test(text) ||
      (due &&
        !bytes.length &&
        // (A 204 or a 205 declares no content, RFC 9110: `| 1` reads 204 as 205.)
        (response.status | 1) != 205 &&
        response.headers.get("content-length") != "0")
        ? parseJson(text)
        : undefined;
  } catch {
    throw invalidResponse(
      // (Empty text reaches here only as a body cut before its first byte, above.)
      looksTruncated(text) || !text ? "truncated" : badUtf8 ? "invalid-utf8" : "non-json",
      response,
      text,
      id,
      redactor,
    );
  }
  if (badUtf8) throw invalidResponse("invalid-utf8", response, text, id, redactor);
  return value;
};

/**
 * The end of a 401's or 403's message: where the key is set, the first thing to check; never the
 * key itself.
 * - The sender reads only its own client's key, never the variable: through the sdk that is
 *   `areas.sender.apiKey`, not the shared `apiKey`. Its constant holds that hint (`host.keyHint`),
 *   so that no other bundle carries its words; it keeps it without a key too, as a region URL is
 *   the service's own.
 * - A client that sends no key (`keyless`), whose own endpoint adds it, is told so: its page has
 *   no key or variable to check.
 * - The local environment does not read the variable: only the option is named; nor does a page
 *   or React Native, which have no variable to set.
 * (Computed once per engine: the engine's `hint`, which rest.ts also ends a 401 or 403 answered in
 * a 2xx body with.)
 */
const keyHint = (host: Host, keyless: boolean, local: boolean) =>
  host.keyHint ??
  (keyless
    ? ` (sent with no API key, to your baseUrls.${host.name} endpoint)`
    : ` (check the API key: \`apiKey\`${local || !hasKeyVariables() ? "" : " or " + API_KEY_ENV})`);

/**
 * The end of the message of a retryable answer thrown at once (`final`; `""` otherwise): why. No
 * wait helps (`spent`: the plan's credits are used up), or the wait it asked for (`retryAfter`,
 * ms) is over the cap.
 */
const notRetriedNote = (final: boolean, spent: boolean, retryAfter?: number) =>
  final
    ? ` (not retried: ${spent ? "the plan's credits are used up" : `Retry-After ${retryAfter! / 1000} s is over ${MAX_RETRY_AFTER_MS / 1000} s`})`
    : "";

/**
 * What a non-2xx answer to a call means, as `[error, retryable, retryAfter]`:
 * - its typed error (`rest`: see createHttp), body, headers and message redacted (`hint`: the end
 *   of a 401's or 403's message, keyHint; `missHint`: of a JSON-RPC 404's without a JSON-RPC
 *   error, "" where no base URL of the caller's own is used);
 * - whether it may be retried: a retryable status, unless no wait helps or the wait asked for is
 *   over the cap. Decided here, once, from the status, the body and the wait, never read back
 *   from the message, whose end may be the server's own text;
 * - the wait it asks for (`Retry-After`, ms; `undefined` for none).
 * (`retryAfter` is a local, as a parameter: smaller.)
 */
const apiError = (
  rest: boolean | undefined,
  response: Response,
  text: string,
  operation: string,
  redactor: Redactor,
  hint: string,
  missHint: string,
  retryAfter = parseRetryAfter(response.headers),
  location = response.headers.get("location"),
) => {
  // A body over 64 KiB (a proxy's error page; no API's error answer is that long) is kept as its
  // first 64 KiB of text: the error is logged and copied to every caller of a batch.
  let body: any = text ? keptOf(text, redactor) : undefined;
  if (text.length <= 65536)
    try {
      body = scrubWith(parseJson(text), redactor);
    } catch {} // not JSON: keep the text
  // The hosts answer `{ error: { code, message } }`, `{ error: "..." }` or `{ message }`; the mock
  // (Prism) and many gateways an RFC 9457 problem, `{ title, status, detail }`. A batch's answer
  // may list an entry per call: its -32429 entry's error is the batch's, else its first entry's, so
  // that a 429 of spent credits is told as a lone call's is, wherever the list holds it (before,
  // one listed after a result, a `null` or another error was retried, with no reason given).
  const error = (
    Array.isArray(body) ? (body.find((entry) => entry?.error?.code == -32429) ?? body[0]) : body
  )?.error;
  const detail = error?.message ?? error ?? body?.message ?? body?.detail ?? body;
  const { status, statusText } = response;
  // A plan out of credits answers 429 "max usage reached" (told by its words: its code, -32429,
  // is also seen for plain rate limits; decision 0006). No wait helps.
  // (A string, as the message quotes: a regex's test would turn an object into text, and throw a
  // TypeError on one such as `{"toString": 1}`, a hostile answer's.)
  const spent = status === 429 && typeof detail == "string" && /max usage reached/i.test(detail);
  // (Why a retryable answer is not retried: no wait helps, or the wait it asks for is over the
  // cap.)
  const final =
    retryableStatus(status) &&
    (spent || (retryAfter !== undefined && retryAfter > MAX_RETRY_AFTER_MS));
  const made = makeAPIError(
    // Status 0 is a browser's answer to `redirect: "manual"`: an opaque redirect, whose status
    // and headers it hides ("HTTP 0" would read as no answer). Node's fetch gives the 3xx itself.
    // (Redacted, then cut and quoted, as the detail below: cut first, a key that the cut halved
    // kept a piece under 8 characters, too short for the redactor to tell from a word.)
    quoteServer(redactor(`HTTP ${status || "3xx"} ${statusText}`.trim()), 509) +
      ` from ${operation}` +
      (typeof detail == "string"
        ? /^\s*</.test(detail)
          ? titleOf(detail)
          : ": " + quoteServer(detail.trim())
        : "") +
      (status === 401 || status === 403 ? hint : "") +
      // A JSON-RPC 404 without a JSON-RPC error is no method's answer (an asset not found is
      // -32004) but a wrong URL, such as a proxy's path: it would read as "not found" alone.
      (status === 404 && typeof error?.code != "number" ? missHint : "") +
      // A 3xx (Node's fetch gives it; a browser's is status 0, its Location hidden): say that it
      // was refused and where it led, so a base URL that moved reads as one.
      (status > 299 && status < 400
        ? ` (redirect${location ? ` to "${quoteServer(redactor(location), 200)}"` : ""} not followed)`
        : "") +
      notRetriedNote(final, spent, retryAfter),
    {
      ...responseFieldsOf(response, redactor),
      body,
      operation,
      rpcError: !rest && typeof error?.code === "number" ? error : undefined,
      // (Told by a field: a caller need not read the message, whose start is the server's.)
      ...(spent && { reason: "credits-exhausted" as const }),
      // (A 429 always has the member; another status when the server said when to come back.)
      ...((status === 429 || retryAfter !== undefined) && {
        retryAfter: retryAfter && retryAfter / 1000,
      }),
    },
  );
  return [made, retryableStatus(status) && !final, retryAfter] as const;
};

/**
 * The engine of `host`. `rest`: its calls are REST ones (or text, the sender's `ping`), whose
 * error bodies' `error.code` is the host's own, often the HTTP status again: their errors get no
 * `rpcError`, which names a JSON-RPC error object.
 * @throws ConfigurationError when the environment has no URL for `host` and `baseUrls` does not
 * give one. A missing API key is reported by each call instead (nothing is sent), so a client
 * can be built before the key is needed, and key-optional hosts (sender) work without one.
 */
export const createHttp = (
  options: ClientOptions | undefined,
  host: Host,
  rest?: boolean,
): Http => {
  // (A key-optional host reads no variable: see its `key` below.)
  const config = resolveConfig(options, !host.keyOptional);
  const baseUrl = resolveBaseUrl(config, host);
  // A key-optional host (the Sender) takes only a key given to its own client: its key is a
  // dedicated one, and the general key (option or CHAINDATA_API_KEY) must not travel there, often
  // over plain http to a regional endpoint.
  const key = host.keyOptional ? options?.apiKey?.trim() || undefined : config.apiKey;
  // The key is a secret: plain http only to a mock (the local environment, a loopback host). A
  // sender region's http host takes no key (the Sender's key is for custom rate limits): its
  // constant's `httpsHint` names its https URL.
  if (
    key &&
    config.environment !== "local" &&
    /^http:\/\/(?!(localhost|127(\.\d+){3}|\[::1\])([:/]|$))/i.test(baseUrl)
  )
    misconfigured(
      `baseUrls.${host.name}`,
      `must be https:// to carry the API key (http only to a loopback host${host.httpsHint ?? ""})`,
    );
  // With its own base URL and no key, a host that requires one is called without it: a proxy on
  // the caller's server adds it (so a page never holds it), or the URL authenticates.
  const ownUrl = config.baseUrls?.[host.name] != null;
  const keyless = !key && ownUrl;
  const hint = keyHint(host, keyless, config.environment === "local");
  // The end of a JSON-RPC 404's message without a JSON-RPC error (apiError), for a URL of the
  // caller's own only: the service's hosts answer their methods.
  const missHint =
    ownUrl && !rest ? ` (no JSON-RPC error, from your baseUrls.${host.name} endpoint)` : "";
  // (`apiKey: ""` or blanks is no key, for a proxy, and the variable is then not read: setting it
  // would not help. Read where there is no key: a string given was a blank one.)
  const blankKeyGiven = typeof options?.apiKey == "string";
  const baseHeaders: Record<string, string> = { accept: "application/json" };
  addHeaders(baseHeaders, config.headers);
  // A credential given in `headers` (a gateway's `Authorization`, an `X-Api-Key` set by hand, an
  // `x-token`) is masked in every form as the key is: a server may echo it with no name beside it.
  // So is each segment of 16 characters or more of the base URL's path: a token, where the URL
  // authenticates (QuickNode's `/<token>/`, Alchemy's `/v2/<key>`, Triton's): the log lines print
  // the URL, and a server may echo it. (Only a `baseUrls` entry has such a path.)
  const ownSecrets = [
    ...credentialsIn(baseHeaders, true),
    ...baseUrl
      .split("/")
      .slice(3)
      .filter((segment) => segment.length > 15),
  ];
  const redact = createRedactor(config.keyToMask, ownSecrets);

  // A hook of the app's that fails (an `onAttempt`, a logger's method) fails no call, but its first
  // failure is told to `logger.warn`, once per hook per client: a metrics hook that threw on every
  // call lost every metric without a sign anywhere. (Without a `warn`, silent, as a client without
  // a logger is: its default. `warn` itself is never one of the hooks reported.)
  const failedHooks = new Set<string>();
  const quietly: Quietly = (hook, call, operation, redactor = redact) =>
    callQuietly(call, (error) => {
      if (failedHooks.has(hook)) return;
      failedHooks.add(hook);
      callQuietly(() =>
        // (`String`: a template literal throws on a Symbol, and the warning was lost.)
        config.logger?.warn?.(redactor(`${hook} threw (ignored): ${String(error)}`), {
          operation,
          hook,
        }),
      );
    });

  /** Writes one log line to `logger`, redacted (only when the logger has the level's method). */
  const log = (
    level: "debug" | "info",
    message: string,
    meta: { operation: string } & Record<string, unknown>,
    redactor: Redactor,
  ) =>
    quietly(
      `logger.${level}`,
      () => config.logger?.[level]?.call(config.logger, redactor(message), meta),
      meta.operation,
      redactor,
    );

  const send: Send = async (
    url,
    init,
    { id, idempotent, optionalBody },
    options = {},
    redactor = redact,
  ) => {
    // (`options` were checked by the caller: checkRequestOptions.)
    const { signal, timeout = config.timeout } = options;
    // (The key is taken from the variable when the client is created, not here: the redactor made
    // then knows that key. A secret loaded later needs a client made after it. keyVariableHint
    // reads it again only for why it could not be read, its value unused.)
    if (!key && !host.keyOptional && !keyless)
      throw new ConfigurationError(
        `Missing API key for the ${host.name} host: pass \`apiKey\`${blankKeyGiven ? ` (a blank one is no key, and ${API_KEY_ENV} is then not read)` : keyVariableHint(host.name)}`,
      );
    // Looked up per call, so a fetch polyfill installed after construction is used.
    const fetch = config.fetch ?? globalThis.fetch;
    if (!fetch) throw new ConfigurationError("No global fetch: pass the `fetch` option");
    const headers = { ...baseHeaders };
    addHeaders(headers, init.headers);
    addHeaders(headers, options.headers);
    if (init.body != null) headers["content-type"] ??= "application/json";
    // (Throws a ConfigurationError for a key that is no valid header value: nothing is sent.)
    // The debug lines' URL holds the key masked already, as the redactor would mask it: a text
    // without the key is redacted without its big pattern, whose first use costs ~50 ms of CPU.
    const shownUrl = key ? host.placeKey(url, {}, "***") : url;
    if (key) url = host.placeKey(url, headers, key);
    const retries = options.maxRetries ?? config.maxRetries;
    const toConnectionError = connectionError(id, redactor);
    // The requests handed to fetch: every error of the call carries the count (0: nothing left the
    // process), and so does `options` as they go (for the batcher, whose calls may leave a batch
    // already sent).
    let attempts = 0;
    // Settles the rate limiter's `answered` of the attempt going (see the loop below).
    let answered: ((value?: unknown) => void) | undefined;
    // The failure of the attempt just made (none before the first fails): an abort after a retried
    // one (in the wait, the limiter's or during the next attempt) carries it as `lastError`.
    // (With the fields of an answer's error, read for the retry's log line below.)
    let lastFailure!: Error & Partial<ResponseFields>;
    try {
      for (let attempt = 1; ; attempt++) {
        // The limiter counts the attempt until its answer's headers come, or its failure (the
        // `finally` below: refused, timed out, aborted, even before it was sent): it reached the
        // server in between, maybe a handshake after it was sent.
        // A debug line about this attempt: `getAsset: POST https://… ${says}`.
        const debug = (says: string, meta?: object) =>
          log(
            "debug",
            `${id}: ${init.method} ${shownUrl} ${says}`,
            { operation: id, attempt, ...meta },
            redactor,
          );
        // (Its wait for a turn is logged too: a call held by another's 429 shows why it stalls.)
        if (config.rateLimit)
          await config.rateLimit.acquire(
            signal,
            new Promise((resolve) => (answered = resolve)),
            debug,
          );
        const started = performance.now();
        // One request, and its whole body read (so the timeout covers reading it).
        // Redirects are not followed: fetch strips `Authorization` on a cross-origin redirect, but
        // not `X-Api-Key` or a caller's own headers, so the key would reach whatever host the
        // `Location` names. A 3xx becomes an APIError instead (not retried).
        // (`attemptAnswered`: the attempt's own `answered`, taken as it starts: a fetch that lost
        // its race and ignored its signal may answer later, during the next attempt.)
        // (A line before the answer too, as the request is handed to fetch: a request that hangs
        // until its timeout shows at once. Not before the race: a call whose signal had aborted,
        // one that leaves a batch in flight too, logged a request never made.)
        const fetchWhole = (signal: AbortSignal, attemptAnswered = answered) => {
          debug("…");
          options.attempts = ++attempts;
          return fetch(url, {
            method: init.method,
            headers,
            body: init.body,
            signal,
            redirect: "manual",
          }).then(async (response): Promise<Exchange> => {
            attemptAnswered?.();
            attemptsOf.set(response, attempts);
            return [response, new Uint8Array(await response.arrayBuffer())];
          });
        };
        // (`paused`: the 429 whose wait the limiter's `pause` was told, the attempt's record when
        // that throws, not the app's own error.)
        let delay: number | undefined, paused: Error | undefined;
        // A write is retried after a 429 alone: refused before it was processed, it cannot be
        // repeated by a retry (a 5xx, a timeout or a lost connection may come after the write).
        let retry = idempotent || options.retryNonIdempotent;
        // Gives the call's `onAttempt` and the client's this attempt's record, once it ends:
        // `outcome` is its error, or its answer (its fields, `responseFieldsOf`: the request id
        // redacted as on an error). Only for a request handed to `fetch` (an abort before it is
        // none); quietly, as a logger is called. (Each hook its own copy: what one changes, the
        // other does not see.)
        const reportAttempt = (outcome: any, willRetry = false) => {
          if (attempts == attempt)
            for (const [hook, name] of [
              [options.onAttempt, "onAttempt"],
              [config.onAttempt, "the client's onAttempt"],
            ] as const)
              if (hook)
                quietly(
                  name,
                  () =>
                    hook({
                      operation: id,
                      // (Told by a field, where `operation` names a batch's calls, a new value for
                      // each mix: a metric tag reads this one.)
                      batchSize: options.batchSize,
                      attempt,
                      // (An error's class; a Response has no `name`.)
                      error: outcome.name,
                      // (Why, where the class alone does not say: a 429 of spent credits, which no
                      // wait helps, is a RateLimitError too.)
                      reason: outcome.reason,
                      retryAfter: outcome.retryAfter,
                      status: outcome.status,
                      requestId: (outcome.ok ? responseFieldsOf(outcome, redactor) : outcome)
                        .requestId,
                      durationMs: Math.round(performance.now() - started),
                      willRetry,
                    }),
                  id,
                  // (The call's redactor, as its log lines': its own credentials too.)
                  redactor,
                );
        };
        try {
          const exchange = await race(id, timeout, signal, fetchWhole, toConnectionError);
          const [response, bytes] = exchange;
          const { status } = response;
          const durationMs = Math.round(performance.now() - started);
          debug(`→ ${status} (${durationMs} ms)`, { status, durationMs });
          if (response.ok) {
            if (init.json)
              exchange[2] = decodeJson(exchange, id, redactor, !(rest && optionalBody));
            reportAttempt(response);
            return exchange;
          }
          let retryable: boolean;
          [lastFailure, retryable, delay] = apiError(
            rest,
            response,
            decodeUtf8(bytes),
            id,
            redactor,
            hint,
            missHint,
          );
          // Over the cap, don't hold the caller for minutes: throw (RateLimitError.retryAfter says
          // when). Nor for credits that are used up, which the message says.
          if (!retryable) throw lastFailure;
          // A 429's wait holds every caller sharing the limiter, not this one alone.
          if (status === 429) {
            retry = true;
            paused = lastFailure;
            if (config.rateLimit) config.rateLimit.pause?.(delay);
          }
        } catch (thrown: any) {
          // A 2xx body cut short (JSON left open) is a transport failure, as a connection lost
          // while the body is read (a ConnectionError) is: the server meant no such answer.
          // (Decision 0006: a body that ends cleanly but early, a close-delimited one, comes here.)
          // Not a fetch's refusal to send at all, which no retry passes (`refusedToSend`, read by
          // `isRetryable` too: what the client does not retry, it calls no transient failure).
          if (!(
            (thrown instanceof ConnectionError && !refusedToSend(thrown)) ||
            thrown instanceof TimeoutError ||
            thrown.reason === "truncated"
          )) {
            reportAttempt(paused ?? thrown);
            throw thrown;
          }
          lastFailure = thrown;
        } finally {
          answered?.();
        }
        // Only a write's failure after it may have reached the server is not retried here (a 429
        // sets `retry`): said, so that the caller checks before sending it again. A 2xx cut short
        // (`reason` truncated) too: its `status` says the server took the write, but a caller reads
        // the message, and one who retried on it made a second webhook.
        if (!retry) lastFailure.message += " (not retried: the write may have been made)";
        retry &&= attempt <= retries;
        reportAttempt(lastFailure, retry);
        if (!retry) {
          // (Said, so "timed out after 1000 ms" after three attempts and their waits reads true;
          // with the wait the last answer asked for, which a terminal shows, after one attempt too:
          // a caller retrying on its own (`maxRetries: 0`) reads it from the log line. Before the
          // attempts, which end every message of retries run out; a wait of 0 is none.)
          lastFailure.message += `${delay ? ` (Retry-After ${delay / 1000} s)` : ""}${attempt > 1 ? ` (${attempt} attempts)` : ""}`;
          throw lastFailure;
        }
        delay = retryDelay(attempt, delay);
        // (Its operation and attempts, as on a thrown error: it may be an abort's `lastError`.)
        finishCallError(lastFailure, id, attempts, redactor);
        // What failed, as fields too (the message says it in words), so that a trace can record
        // each attempt: its error class, and the status and request id of an answer (redacted, as
        // on the error; none for a timeout or a lost connection).
        log(
          "info",
          `Retrying ${id} in ${delay} ms (attempt ${attempt + 1} of ${retries + 1}): ${lastFailure.message}`,
          {
            operation: id,
            attempt: attempt + 1,
            delay,
            error: lastFailure.name,
            status: lastFailure.status,
            requestId: lastFailure.requestId,
          },
          redactor,
        );
        // The wait before the retry (race's other use: no work), ended early by an abort.
        await race(id, delay, signal);
      }
    } catch (thrown) {
      throw finishCallError(thrown, id, attempts, redactor, lastFailure);
    }
  };

  const redactWith: RedactWith = (secrets, headers) => {
    // (Read as the request will send them: an object, a `Headers` or pairs.)
    const own: Record<string, string> = {};
    addHeaders(own, headers);
    secrets = [...secrets, ...credentialsIn(own, true)];
    return secrets.length ? createRedactor(config.keyToMask, [...ownSecrets, ...secrets]) : redact;
  };

  return [
    send,
    redactWith,
    baseUrl,
    config,
    redact,
    quietly,
    [
      key,
      JSON.stringify(baseHeaders),
      config.fetch,
      config.timeout,
      config.maxRetries,
      config.logger,
      config.onAttempt,
      config.rateLimit,
    ],
    hint,
  ];
};
