/**
 * Plain `node:http` plumbing: the query, the body, CORS, and writing responses (JSON bodies
 * with exact big integers, RFC 7807 problems, Prism's `sl-violations` header); and the
 * request as the JSON-RPC and REST handlers receive it.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { HookSource } from "./hooks.js";
import { stringifyJson } from "./json.js";
import type { PrismPreferences, Violation } from "./prism.js";
import type { RequestMasks } from "./secrets.js";
import type { FinishEntry } from "./request-log.js";
import type { BodyFault, PendingScenario } from "./scenarios.js";

/** A request whose body has been read, and the response to write. */
export interface ParsedRequest {
  res: ServerResponse;
  /** The HTTP method, upper case. */
  method: string;
  pathname: string;
  /** The body; `undefined` when empty. */
  text: string | undefined;
  query: Record<string, string | string[]>;
  /** A copy of the request's headers. */
  headers: Record<string, string | string[] | undefined>;
  /**
   * What the request asks of Prism: `Prefer`, or the `__code`/`__example`/… query (a scenario's
   * status, after `hold`).
   */
  prefs: PrismPreferences;
  /** Where the hooks of `prefs` came from. */
  hookSource: Exclude<HookSource, "scenario">;
  /** The `Retry-After` asked of the answer with the status `prefs.code` forces. */
  retryAfter?: string | undefined;
  /** The violation of a malformed hook (hooks.ts): the answer is the mock's 422. */
  badHook?: Violation | undefined;
  /** The scenario `hold` took for the request, if any. */
  scenario?: PendingScenario | undefined;
  /**
   * Takes the scenario for a request to `operations` (its JSON-RPC methods, or its REST
   * operationId; `rpc`: a JSON-RPC request), if one is pending, then waits out its delay or
   * `Prefer: delay=`. False when the client left, or the mock stopped, during the wait: nothing is
   * to be sent, the caller logs the request as aborted.
   */
  hold(operations: string[], rpc: boolean): Promise<boolean>;
  /** Completes the request's log entry with its outcome and records it. */
  finish: FinishEntry;
}

/**
 * The statuses a gateway in front of every host answers whatever the spec lists (its reason
 * phrases as nginx words them): `Prefer: code=` forces them on any operation.
 */
export const GATEWAY_STATUSES: Record<number, string> = {
  502: "Bad Gateway",
  503: "Service Temporarily Unavailable",
  504: "Gateway Time-out",
};

/** A gateway's own error page (nginx's), for a status of {@link GATEWAY_STATUSES}. */
export const gatewayPage = (status: number) =>
  `<html>\r\n<head><title>${status} ${GATEWAY_STATUSES[status]}</title></head>\r\n<body>\r\n<center><h1>${status} ${GATEWAY_STATUSES[status]}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

/** `headers` with `retry-after` set to `value` (in whatever case the header was), if given. */
export function withRetryAfter(
  headers: Record<string, string>,
  value: string | undefined,
): Record<string, string> {
  if (value === undefined) return headers;
  const out = Object.fromEntries(
    Object.entries(headers).filter(([k]) => k.toLowerCase() !== "retry-after"),
  );
  return { ...out, "retry-after": value };
}

const MAX_BODY = 10 * 1024 * 1024;

/**
 * The path and query of a request target, as sent. `new URL(target, base)` reads the origin-form
 * `//v1/wallet/…` as the host `v1` and the path `/wallet/…`, and throws on `//[` (a 500); so the
 * origin-form goes after a fixed origin. A target that is no URL (`*`, a broken absolute URL) is
 * split at its `?`: no route has such a path, so it gets the 404 of a path outside the spec.
 */
export function parseTarget(target: string): { pathname: string; searchParams: URLSearchParams } {
  try {
    return new URL(target.startsWith("/") ? `http://mock${target}` : target);
  } catch {
    const q = target.indexOf("?");
    return q < 0
      ? { pathname: target, searchParams: new URLSearchParams() }
      : { pathname: target.slice(0, q), searchParams: new URLSearchParams(target.slice(q + 1)) };
  }
}

export function searchParamsToObject(sp: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(sp.keys())) {
    const all = sp.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

/**
 * The whole body; rejects when it is over MAX_BODY. The rest of an oversized body is read and
 * dropped rather than the socket destroyed, so the client gets its 413 instead of a reset.
 */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on("end", () =>
      size > MAX_BODY
        ? reject(new Error(`body over ${MAX_BODY} bytes (${size})`))
        : resolve(Buffer.concat(chunks)),
    );
    req.on("error", reject);
  });
}

export function cors(req: IncomingMessage, res: ServerResponse) {
  // Any page may call the mock (the docs site does), but without credentials: the mock keeps no
  // cookies, and a reflected origin with credentials would let any site read the request log.
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader(
    "Access-Control-Allow-Headers",
    req.headers["access-control-request-headers"] ?? "*",
  );
  res.setHeader("Access-Control-Expose-Headers", "*");
}

/** The hostname of a `Host` or `Origin` authority (`127.1` reads as `127.0.0.1`), or undefined. */
const hostnameOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return undefined;
  }
};
/**
 * This machine by any name a browser never resolves elsewhere: `localhost` (and `*.localhost`),
 * 127/8, ::1.
 */
const isLoopbackName = (name: string) =>
  /^(?:(?:.+\.)?localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(name);
/** An IP address, as a URL's hostname writes one (v6 in brackets). */
const isIpLiteral = (name: string) => /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[\da-f:.]+\])$/.test(name);
/** Whether `name` is one of `allowedHosts` (`.name`: it and its subdomains). */
const isAllowedName = (name: string, allowedHosts: readonly string[]) =>
  allowedHosts.some((entry) => {
    const allowed = entry.toLowerCase();
    return allowed[0] === "." ? `.${name}`.endsWith(allowed) : name === allowed;
  });

/**
 * Why a request to the mock's own endpoints (`/__mock/`: the request log, the scenarios) is
 * refused, or undefined when it may have them. They are for this machine's programs and pages:
 * with `Access-Control-Allow-Origin: *` alone, any site open in the browser read the log (bodies
 * with a webhook's URL and its token, a `Referer`) and set up scenarios; and a site whose name is
 * re-pointed at 127.0.0.1 (DNS rebinding) is same-origin, so it is told apart by its `Host`. A
 * page's `Origin` must be this machine (`localhost`, 127.0.0.1, [::1]) or the host it called (a
 * page on another port of a LAN address the mock listens on); the `Host` must be `localhost`, an
 * IP address or one of `allowedHosts` (a docker-compose service's name). A program (curl, Node)
 * sends no `Origin`.
 */
export function foreignCaller(
  req: IncomingMessage,
  allowedHosts: readonly string[] = [],
): string | undefined {
  const host = req.headers.host;
  const hostname = host === undefined ? undefined : hostnameOf(`http://${host}`);
  if (
    host !== undefined &&
    !(
      hostname &&
      (isLoopbackName(hostname) || isIpLiteral(hostname) || isAllowedName(hostname, allowedHosts))
    )
  )
    return `the Host ${JSON.stringify(host)} is no address of this machine: call the mock's own endpoints at localhost or an IP address, or allow the name with --allowed-host (startMock's allowedHosts) (a page under another name may have re-pointed its name at the mock: DNS rebinding)`;
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  const from = hostnameOf(origin);
  if (from && (isLoopbackName(from) || from === hostname)) return undefined;
  return `a page of ${JSON.stringify(origin)} may not: the mock's own endpoints answer this machine's programs, and pages of localhost, 127.0.0.1 or [::1] (any port)`;
}

/** The answer to a CORS preflight (after {@link cors}). */
export function sendPreflight(res: ServerResponse) {
  res.setHeader("Access-Control-Allow-Methods", "GET,POST,PUT,PATCH,DELETE,OPTIONS");
  res.setHeader("Access-Control-Max-Age", "600");
  return send(res, 204, {}, "");
}

export const jsonHeaders = (): Record<string, string> => ({ "content-type": "application/json" });

export function stringHeaders(h: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(h)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

export function normalizeHeaders(h: Record<string, string | number>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(stringHeaders(h))) out[k.toLowerCase()] = v;
  return out;
}

/**
 * The most violations an answer lists (REST: the 400 body's `violations`; JSON-RPC: the `data`
 * of the -32602 errors of the body, see json-rpc.ts), as the log keeps the first ones of a
 * request (LOG_VIOLATIONS_MAX, 20). Answers listed every one: a 2.7 MB batch of 10,000
 * getAssetBatch calls with 100 bad ids each was answered with 148 MB (1,000,000 violations) in
 * about 20 s, and a 2 MB createWebhook body of a million bad addresses with 166 MB. Past the first
 * ones, a list says the same mistake again (per item, or per entry of a batch); how many were left
 * out is given.
 */
export const ANSWER_VIOLATIONS_MAX = 100;

/** The longest `sl-violations` header value (a header must stay reasonably short). */
const VIOLATION_HEADER_MAX = 8000;

/**
 * Prism's `sl-violations` header: `violations` as JSON, cut after 8,000 characters with "...";
 * `omitted`: how many more there were, not given (the list then ends with "..." too).
 */
export function addViolationHeader(
  headers: Record<string, string>,
  violations: Violation[],
  omitted = 0,
) {
  if (!violations.length) return;
  // `JSON.stringify(violations)`, written only as far as the header keeps: a batch may have a
  // million violations, and the whole list as JSON (150 MB) was built to keep 8,000 characters.
  let value = "[";
  for (const [i, v] of violations.entries()) {
    value += (i ? "," : "") + JSON.stringify(v);
    if (value.length > VIOLATION_HEADER_MAX) break;
  }
  if (value.length <= VIOLATION_HEADER_MAX) value += omitted > 0 ? ",..." : "]";
  // Header values must be latin-1 (one "?" per UTF-16 unit, so the length stays).
  value = value.replace(/[^\x20-\x7e]/g, "?");
  // (`...` in ASCII: a header cannot carry U+2026.)
  headers["sl-violations"] =
    value.length > VIOLATION_HEADER_MAX ? `${value.slice(0, VIOLATION_HEADER_MAX)}...` : value;
}

/** An RFC 7807 problem body. */
export function problem(status: number, title: string, detail: string) {
  return { type: "about:blank", title, status, detail };
}

/** Sends `body` as `application/problem+json` with its status; `headers` go first. */
export function sendProblem(
  res: ServerResponse,
  body: ReturnType<typeof problem>,
  headers: Record<string, string> = {},
) {
  return send(
    res,
    body.status,
    { ...headers, "content-type": "application/problem+json" },
    JSON.stringify(body),
  );
}

/** Sends `body`: as JSON (exact big integers) unless it is a string of a non-JSON content type. */
export function sendBody(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: unknown,
) {
  const ct = Object.entries(headers).find(([k]) => k.toLowerCase() === "content-type")?.[1];
  if (body === undefined || status === 204 || status === 304) return send(res, status, headers, "");
  if (typeof body === "string" && ct && !/json/i.test(ct)) return send(res, status, headers, body);
  return send(
    res,
    status,
    ct ? headers : { ...headers, "content-type": "application/json" },
    stringifyJson(body),
  );
}

/** The answers a scenario's `body` breaks (handler.ts sets it when it takes the scenario). */
const brokenBodies = new WeakMap<ServerResponse, BodyFault>();

/** The answer `res` is to send will have its body broken by `fault` (see {@link send}). */
export function breakBody(res: ServerResponse, fault: BodyFault) {
  brokenBodies.set(res, fault);
}

/** What a scenario's `not-json` answers: plain text, which says where it came from. */
export const NOT_JSON_TEXT = 'Not JSON: a @chaindata/mock scenario (body: "not-json")\n';

/** What a scenario's `html` answers in a 2xx: a captive portal's login page. */
export const PORTAL_PAGE =
  '<!DOCTYPE html>\n<html>\n<head><title>Sign in to the network</title></head>\n<body><form method="post" action="/login"><p>Accept the terms to continue.</p><button>Connect</button></form></body>\n</html>\n';

/**
 * The HTML page of a scenario's `html`: a gateway's for its statuses, else a portal's (2xx) or a
 * server's.
 */
const htmlPage = (status: number) =>
  GATEWAY_STATUSES[status]
    ? gatewayPage(status)
    : status < 300
      ? PORTAL_PAGE
      : `<html>\r\n<head><title>${status} ${STATUS_CODES[status] ?? "Error"}</title></head>\r\n<body>\r\n<center><h1>${status} ${STATUS_CODES[status] ?? "Error"}</h1></center>\r\n</body>\r\n</html>\r\n`;

/** The maskers of the secrets of the request each answer is to (secrets.ts). */
const answerMasks = new WeakMap<ServerResponse, RequestMasks>();

/**
 * Every byte `res` sends goes through `masks` (its headers, those set before too, through `text`;
 * its body through `body`): the one place an answer is masked, whichever message quotes what the
 * request sent.
 */
export function maskAnswer(res: ServerResponse, masks: RequestMasks | undefined) {
  if (masks) answerMasks.set(res, masks);
}

export function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string,
) {
  if (res.headersSent) return void res.end();
  const masks = answerMasks.get(res);
  const mask = masks?.text;
  const text = masks ? masks.body(body) : body;
  if (mask)
    for (const name of res.getHeaderNames()) {
      const value = res.getHeader(name);
      res.setHeader(
        name,
        Array.isArray(value) ? value.map((v) => mask(v)) : mask(String(value ?? "")),
      );
    }
  const h: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) h[k.toLowerCase()] = mask ? mask(v) : v;
  const fault = brokenBodies.get(res);
  // (An answer without a body, a 204 or a 304, has none to break: it goes as it is.)
  if (fault && status !== 204 && status !== 304) return sendBroken(res, status, h, text, fault);
  if (status !== 204 && status !== 304) h["content-length"] = String(Buffer.byteLength(text));
  res.writeHead(status, h);
  res.end(status === 204 || status === 304 ? undefined : text);
}

/** Sends the answer `send` would, its body broken by `fault` (a scenario's `body`). */
function sendBroken(
  res: ServerResponse,
  status: number,
  h: Record<string, string>,
  text: string,
  fault: BodyFault,
) {
  if (fault === "html" || fault === "not-json") {
    const page = fault === "html" ? htmlPage(status) : NOT_JSON_TEXT;
    h["content-type"] = fault === "html" ? "text/html" : "text/plain; charset=utf-8";
    h["content-length"] = String(Buffer.byteLength(page));
    res.writeHead(status, h);
    return void res.end(page);
  }
  const bytes = Buffer.from(text);
  // Its first half: JSON left open (a body of one byte sends none).
  const half = bytes.subarray(0, Math.floor(bytes.length / 2));
  if (fault === "truncated") {
    h["content-length"] = String(half.length);
    res.writeHead(status, h);
    return void res.end(half);
  }
  // reset: the whole body promised, half of it sent, then the connection closed under it.
  if (bytes.length) h["content-length"] = String(bytes.length);
  res.writeHead(status, h);
  res.write(half, () => res.destroy());
}
