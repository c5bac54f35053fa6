// A size reference, not a package: the DAS getAsset call written again from nothing, for size,
// with the features issue 3 names for it and little else. `npm run bench` bundles a one-call
// program over it exactly as it bundles ours (bench/sections/size.mjs), and
// test/size/bundled-behaviour.test.ts runs that bundle against a stub fetch (bad params refused
// with nothing sent, a valid call sent once with its u64 exact): the figure is a working program's.
//
// What it has, as issue 3 lists it: options (`apiKey` or CHAINDATA_API_KEY, `environment` with
// `local`, `baseUrls`, `fetch`, `headers`, `timeout`, `maxRetries`, `logger`; per call `signal`,
// `timeout`, `maxRetries`, `headers`, `onResponse`), each checked by name and rule; the key as the
// `api-key` query parameter; the typed errors (400, 401, 403, 404, 422, 429 with `retryAfter`,
// 5xx, JSON-RPC, connection, timeout, abort, invalid response: HTML, not JSON, truncated, invalid
// UTF-8, wrong id, empty; validation); the key masked in messages, causes, bodies and log lines,
// in its raw, percent-, JSON- and HTML-escaped forms; retries of 408, 429, 5xx and connection
// errors with backoff, jitter, a cap and `Retry-After` (seconds or HTTP-date, at most 60 s);
// per-attempt timeouts through an AbortSignal; the params checked before sending; u64 fields
// exact as bigints; `toJSON`.
//
// What it leaves out, all of which @chaindata/core has (docs/decisions/0008-runtime-size.md):
// the batching, rate-limit, query-option and per-call-credential hooks; one abort listener per
// signal (Node warns past 10 calls in flight on one signal); stacks that reach the caller's
// `await`; the option messages' `(got …)` and the list of host names; `baseUrls` parsed as URLs;
// logger methods checked; `null` headers; `retry-after-ms`; HTML named entities and `+` in the
// redactor; redacted header names; a ValidationError that shows the value and counts past three.
const MASK = "***";

export class ChainDataError extends Error {
  name = "ChainDataError";
  constructor(message, fields, cause) {
    super(message, cause && { cause });
    Object.assign(this, fields);
  }
  toJSON() {
    return JSON.parse(
      stringifyJson({ ...this, message: this.message, cause: this.cause && String(this.cause) }),
    );
  }
}
export class ConfigurationError extends ChainDataError {
  name = "ConfigurationError";
}
export class ValidationError extends ChainDataError {
  name = "ValidationError";
}
export class APIError extends ChainDataError {
  name = "APIError";
}
export class BadRequestError extends APIError {
  name = "BadRequestError";
}
export class AuthenticationError extends APIError {
  name = "AuthenticationError";
}
export class PermissionDeniedError extends APIError {
  name = "PermissionDeniedError";
}
export class NotFoundError extends APIError {
  name = "NotFoundError";
}
export class UnprocessableEntityError extends APIError {
  name = "UnprocessableEntityError";
}
export class RateLimitError extends APIError {
  name = "RateLimitError";
}
export class InternalServerError extends APIError {
  name = "InternalServerError";
}
export class JsonRpcError extends ChainDataError {
  name = "JsonRpcError";
}
export class ConnectionError extends ChainDataError {
  name = "ConnectionError";
}
export class TimeoutError extends ConnectionError {
  name = "TimeoutError";
}
export class AbortError extends ChainDataError {
  name = "AbortError";
}
export class InvalidResponseError extends ChainDataError {
  name = "InvalidResponseError";
}
const byStatus = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

// Lossless JSON: unsafe integer literals become tagged strings before JSON.parse, then bigints.
const TAG = "\\u0001n";
export function parseJson(text) {
  if (!/\d{16}/.test(text)) return JSON.parse(text);
  const longest = Math.max(0, ...(text.match(/(?:\\u0001n)+/g) ?? []).map((run) => run.length));
  const tag = TAG.repeat(longest / TAG.length + 1);
  const tagged = text.replace(
    /"(?:[^"\\]|\\.)*"?|(?<![\d.eE+-])-?[1-9]\d{15,}(?![\d.eE]|\s*:)/g,
    (token) => (token[0] == '"' || Number.isSafeInteger(+token) ? token : `"${tag}${token}"`),
  );
  return revive(JSON.parse(tagged), undefined, JSON.parse(`"${tag}"`));
}
/** Tagged strings anywhere, and u64 fields where `shape` says, to bigint (in place). */
const revive = (root, rootShape, mark) => {
  const leaf = (value, shape) =>
    typeof value == "string"
      ? mark && value.startsWith(mark)
        ? BigInt(value.slice(mark.length))
        : shape === 1 && /^-?\d+$/.test(value)
          ? BigInt(value)
          : value
      : shape === 1 && Number.isInteger(value)
        ? BigInt(value)
        : value;
  const top = leaf(root, rootShape);
  const pending = [[top, rootShape]];
  for (let next; (next = pending.pop());) {
    const [value, shape] = next;
    if (value && typeof value == "object" && (mark || shape))
      for (const key in value) {
        const inner = Array.isArray(value)
          ? shape
          : shape && Object.hasOwn(shape, key)
            ? shape[key]
            : undefined;
        pending.push([(value[key] = leaf(value[key], inner)), inner]);
      }
  }
  return top;
};
export function stringifyJson(value) {
  const tag = `${Math.random()}n`;
  return JSON.stringify(value, (_, v) => (typeof v == "bigint" ? tag + v : v))?.replace(
    RegExp(`"${tag}(-?\\d+)"`, "g"),
    "$1",
  );
}
const truncated = (text) => {
  let depth = 0;
  for (const [token] of text.matchAll(/"(?:[^"\\]|\\.)*"?|[[{}\]]/g))
    depth +=
      token[0] == '"'
        ? token.length > 1 && token.at(-1) == '"'
          ? 0
          : 1e9
        : "[{".includes(token)
          ? 1
          : -1;
  return depth > 0;
};

// Redaction: the key in any written form, and any api-key= / X-Api-Key / Authorization value.
const anyForm = (char) => {
  const code = char.codePointAt(0);
  return `(?:${char.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")}|${encodeURIComponent(char)}|\\\\u0*${code.toString(16)}|&#0*${code};|&#x0*${code.toString(16)};)`;
};
const createRedactor = (key) => {
  const forms = key && RegExp([...key].map(anyForm).join(""), "gi");
  return (value) => {
    let text = String(value);
    while (forms && forms.test(text)) text = text.replace(forms, MASK);
    return text.replace(
      /(api[-_]?key=|(?:x-api-key|authorization)["']?\s*[:=]\s*["']?(?:bearer |basic )?)[^\s"',;&}]+/gi,
      "$1" + MASK,
    );
  };
};
const scrub = (value, redact) =>
  typeof value == "string"
    ? redact(value)
    : Array.isArray(value)
      ? value.map((item) => scrub(item, redact))
      : value && typeof value == "object"
        ? Object.fromEntries(
            Object.entries(value).map(([k, v]) => [
              redact(k),
              /^(x-api-key|authorization|api[-_]?key)$/i.test(k) ? MASK : scrub(v, redact),
            ]),
          )
        : value;

// Validation: checks compiled from the params schema, every issue named by path and rule.
const add = (issues, path, rule, message) =>
  issues.push({ path, rule, message: `${path}: ${message}` });
const kind = (value) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);
export const vString = (pattern) => (value, path, issues) =>
  typeof value != "string"
    ? add(issues, path, "type", `must be string (got ${kind(value)})`)
    : pattern &&
      !pattern.test(value) &&
      add(issues, path, "pattern", `must match ${pattern.source}`);
export const vBoolean = (value, path, issues) =>
  typeof value != "boolean" && add(issues, path, "type", `must be boolean (got ${kind(value)})`);
export const vObject =
  (properties, required = [], additional) =>
  (value, path, issues) => {
    if (kind(value) != "object")
      return add(issues, path, "type", `must be object (got ${kind(value)})`);
    for (const name of required)
      if (value[name] === undefined) add(issues, `${path}.${name}`, "required", "is required");
    for (const name in value) {
      const check = Object.hasOwn(properties, name) ? properties[name] : additional;
      if (value[name] !== undefined)
        check === false
          ? add(issues, `${path}.${name}`, "additionalProperties", "is not allowed")
          : check?.(value[name], `${path}.${name}`, issues);
    }
  };
const validate = (check, value) => {
  const issues = [];
  check(value, "params", issues);
  if (issues.length)
    throw new ValidationError(issues.map((issue) => issue.message).join("; "), { issues });
};

// Options: one rule per name; any other name is refused.
const fail = (name, rule) => {
  throw new ConfigurationError(`${name}: ${rule}`);
};
const isFunction = (value) => typeof value == "function";
const isObject = [(value) => typeof value == "object", "must be an object"];
const positive = [(value) => value > 0, "must be a number > 0"];
const whole = [(value) => Number.isInteger(value) && value >= 0, "must be a whole number >= 0"];
const REQUEST = {
  signal: [(value) => isFunction(value.addEventListener), "must be an AbortSignal"],
  timeout: positive,
  maxRetries: whole,
  headers: isObject,
  onResponse: [isFunction, "must be a function"],
};
const CLIENT = {
  apiKey: [(value) => typeof value == "string", "must be a string"],
  environment: [(value) => typeof value == "string", "must be a string"],
  baseUrls: isObject,
  fetch: [isFunction, "must be a function"],
  headers: isObject,
  timeout: positive,
  maxRetries: whole,
  logger: isObject,
};
const checkOptions = (options, rules, kind) => {
  if (options != null && typeof options != "object")
    fail("options", `must be an object (got ${typeof options})`);
  for (const name in options) {
    const rule = rules[name] ?? fail(name, `is not a ${kind} option (${Object.keys(rules)})`);
    if (options[name] != null && !rule[0](options[name])) fail(name, rule[1]);
  }
  return options ?? {};
};

const lenient = new TextDecoder();
const strict = new TextDecoder("utf-8", { fatal: true });
const backoff = (attempt) => Math.min(8e3, 500 * 2 ** attempt) * (1 - Math.random() / 4);
const retryAfter = (headers) => {
  const value = headers.get("retry-after") ?? "";
  const ms = /^\d+$/.test(value) ? value * 1e3 : Date.parse(value) - Date.now();
  return ms >= 0 ? ms : undefined;
};

export function createRpc(options, host, path) {
  const config = checkOptions(options, CLIENT, "client");
  let key = config.apiKey;
  try {
    key ||= globalThis.process?.env.CHAINDATA_API_KEY;
  } catch {}
  key = key?.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\0-\x1f]/.test(key)) fail("apiKey", "must not contain control characters");
  const environment = config.environment ?? "mainnet";
  if (environment == "local") key ||= "local";
  const url =
    (
      config.baseUrls?.[host.name] ??
      host.urls[environment] ??
      fail("environment", `must be one of ${Object.keys(host.urls)}`)
    ).replace(/\/$/, "") + path;
  if (!/^https?:\/\/[^@?#]+$/.test(url))
    fail(`baseUrls.${host.name}`, "must be an http(s) URL without credentials, query or fragment");
  const redact = createRedactor(key);
  /** A copy of a thrown value and its causes, redacted; never throws. */
  const sanitize = (thrown, depth = 0) => {
    try {
      const copy = new Error(
        redact(thrown?.message ?? thrown),
        thrown?.cause && depth < 3 ? { cause: sanitize(thrown.cause, depth + 1) } : undefined,
      );
      return Object.assign(copy, { name: redact(thrown?.name), stack: redact(thrown?.stack) });
    } catch {
      return new Error("(unreadable)");
    }
  };
  const log = (level, message, meta) => {
    try {
      config.logger?.[level]?.(redact(message), meta);
    } catch {}
  };
  const headersOf = (source) => {
    const headers = {};
    try {
      new Headers(source).forEach((value, name) => (headers[name] = value));
    } catch {
      fail("headers", "must be valid header names and values");
    }
    return headers;
  };
  const base = {
    accept: "application/json",
    "content-type": "application/json",
    ...headersOf(config.headers),
  };
  const answered = (response) => {
    const headers = {};
    response.headers.forEach((value, name) => (headers[name] = redact(value)));
    return { status: response.status, headers, requestId: headers["x-request-id"] };
  };
  const invalid = (reason, response, text, method) =>
    new InvalidResponseError(`Invalid response (${reason}) from ${method}`, {
      reason,
      ...answered(response),
      operation: method,
      snippet: redact(text).slice(0, 200),
    });

  /** Waits `ms`, running `work` meanwhile when given; the caller's `signal` aborts either. */
  const race = (ms, signal, method, work) =>
    new Promise((resolve, reject) => {
      const controller = new AbortController();
      const done = (error, value) => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        error ? (reject(error), controller.abort()) : resolve(value);
      };
      const onAbort = () =>
        done(
          new AbortError(`${method} was aborted`, { operation: method }, sanitize(signal.reason)),
        );
      const timer =
        ms < 2 ** 31 &&
        setTimeout(
          () =>
            done(
              work && new TimeoutError(`${method} timed out after ${ms} ms`, { operation: method }),
            ),
          ms,
        );
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort);
      if (work)
        Promise.resolve(controller.signal)
          .then(work)
          .then(
            (value) => done(undefined, value),
            (thrown) =>
              done(
                new ConnectionError(
                  `Connection error from ${method}: ${redact(thrown?.message ?? thrown)}`,
                  { operation: method },
                  sanitize(thrown),
                ),
              ),
          );
    });

  const send = async (body, method, idempotent, options) => {
    if (!key)
      throw new ConfigurationError("Missing API key: pass `apiKey` or set CHAINDATA_API_KEY");
    const { signal, timeout = config.timeout ?? 6e4 } = options;
    const headers = { ...base, ...headersOf(options.headers) };
    const target = `${url}${url.includes("?") ? "&" : "?"}api-key=${encodeURIComponent(key)}`;
    const retries = idempotent ? (options.maxRetries ?? config.maxRetries ?? 2) : 0;
    for (let attempt = 0; ; attempt++) {
      let error, delay;
      try {
        const [response, bytes] = await race(timeout, signal, method, (signal) =>
          (config.fetch ?? fetch)(target, {
            method: "POST",
            headers,
            body,
            signal,
            redirect: "manual",
          }).then(async (response) => [response, await response.arrayBuffer()]),
        );
        log("debug", `${method} → ${response.status}`, { attempt });
        if (response.ok) return [response, bytes];
        const { status } = response;
        const text = lenient.decode(bytes);
        let parsed = redact(text);
        try {
          parsed = scrub(parseJson(text), redact);
        } catch {}
        const detail = parsed?.error?.message ?? parsed?.message ?? parsed;
        delay = retryAfter(response.headers);
        error = new (byStatus[status] ?? (status > 499 ? InternalServerError : APIError))(
          `HTTP ${status || "3xx"} from ${method}${typeof detail == "string" && detail[0] != "<" ? ": " + detail.slice(0, 500) : ""}`,
          {
            ...answered(response),
            body: parsed,
            operation: method,
            retryAfter: delay && delay / 1e3,
          },
        );
        if (!(status == 408 || status == 429 || status > 499) || delay > 6e4) throw error;
      } catch (thrown) {
        if (!(thrown instanceof ConnectionError)) throw thrown;
        error = thrown;
      }
      if (attempt >= retries) throw error;
      delay ??= backoff(attempt);
      log("info", `Retrying ${method} in ${delay} ms: ${error.message}`, { attempt, delay });
      await race(delay, signal, method);
    }
  };

  let lastId = 0;
  return async (method, params, options) => {
    options = checkOptions(options, REQUEST, "request");
    validate(method.params, params);
    const request = { jsonrpc: "2.0", id: String(++lastId), method: method.id, params };
    const [response, bytes] = await send(
      stringifyJson(request),
      method.id,
      method.idempotent,
      options,
    );
    const text = lenient.decode(bytes);
    let answer;
    try {
      strict.decode(bytes);
    } catch {
      throw invalid("invalid-utf8", response, text, method.id);
    }
    try {
      answer = parseJson(text);
    } catch {
      throw invalid(
        /^\s*</.test(text)
          ? "html"
          : truncated(text)
            ? "truncated"
            : text.trim()
              ? "non-json"
              : "empty",
        response,
        text,
        method.id,
      );
    }
    if (!answer || typeof answer != "object")
      throw invalid("not-json-rpc", response, text, method.id);
    if (answer.error) {
      const { code, message, data } = scrub(answer.error, redact);
      throw new JsonRpcError(`JSON-RPC error ${code} from ${method.id}: ${message}`, {
        code,
        rpcMessage: message,
        data,
        method: method.id,
        id: answer.id,
        ...answered(response),
      });
    }
    if (answer.id !== request.id) throw invalid("id-mismatch", response, text, method.id);
    if (answer.result == null) throw invalid("empty", response, text, method.id);
    options.onResponse?.(answered(response));
    return revive(answer.result, method.u64);
  };
}

// What the generator would emit for getAsset: the same descriptor as @chaindata/das's.
const rpcHost = {
  name: "rpc",
  urls: {
    mainnet: "https://mainnet.helius-rpc.com",
    devnet: "https://devnet.helius-rpc.com",
    local: "http://127.0.0.1:4010",
  },
};
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/u;
const getAssetMethod = {
  id: "getAsset",
  params: /* @__PURE__ */ vObject(
    {
      id: /* @__PURE__ */ vString(ADDRESS),
      options: /* @__PURE__ */ vObject(
        {
          showUnverifiedCollections: vBoolean,
          showCollectionMetadata: vBoolean,
          showFungible: vBoolean,
          showInscription: vBoolean,
          showRawData: vBoolean,
          requireFullIndex: vBoolean,
          showSystemMetadata: vBoolean,
          showNativeBalance: vBoolean,
        },
        [],
        false,
      ),
    },
    ["id"],
    false,
  ),
  idempotent: true,
  u64: {
    uses: { remaining: 1, total: 1 },
    supply: { print_max_supply: 1, print_current_supply: 1 },
    token_info: { balance: 1, supply: 1 },
  },
};
export const createDasRpc = (options) => createRpc(options, rpcHost, "/");
export const getAsset = (rpc, params, options) => rpc(getAssetMethod, params, options);
