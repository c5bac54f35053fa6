/**
 * The request log: one entry per HTTP request the mock answered (the `/__mock/` endpoints
 * excepted), oldest first, for contract tests to assert on. It never holds a key (nor a webhook's
 * `authHeader` sent in a body), and never a huge body.
 */
import { isSecretName, redact, type Redactor } from "@chaindata/core";
import { stringifyJson } from "./json.js";
import type { Violation } from "./prism.js";
import type { BodyFault } from "./scenarios.js";
import { maskStrings } from "./secrets.js";

/** One HTTP request the mock received. */
export interface RequestLogEntry {
  /** 1, 2, 3, … in arrival order. */
  seq: number;
  /** ISO 8601 time the request arrived. */
  time: string;
  /** The HTTP method, e.g. `POST`. */
  method: string;
  /** The URL path, without the query. */
  path: string;
  /** The query parameters (a repeated one as an array). */
  query: Record<string, string | string[]>;
  /** The request headers, lower-case names. */
  headers: Record<string, string | string[] | undefined>;
  /**
   * The parsed JSON body (exact big integers as `bigint`), the text if not JSON, or `undefined`. A
   * body over 8 KiB (or of over 1,000 values) is kept as its first 2 KiB of text (credentials
   * masked), see `bodyCut`.
   */
  body: unknown;
  /**
   * Present when the body was cut: its whole length, in characters (`body` is its first 2 KiB, as
   * text).
   */
  bodyCut?: number;
  /**
   * What the request was: a JSON-RPC call, a REST request, or neither (a path the mock does not
   * serve).
   */
  kind: "json-rpc" | "rest" | "other";
  /** The area(s) that answered: `das`, `wallet`, … */
  areas: string[];
  /** JSON-RPC: the method of each request in body order (a batch has several). */
  rpcMethods?: string[];
  /** JSON-RPC: whether the body was a batch array. */
  batch?: boolean;
  /** REST: the operationId Prism routed to. */
  operationId?: string;
  /** The HTTP status answered. */
  status: number;
  /**
   * What Prism (or the dispatcher) found wrong with the request, or with the mocked response. Empty
   * when all is well. At most the first {@link LOG_VIOLATIONS_MAX}.
   */
  violations: Array<Violation & { rpcMethod?: string; entry?: number }>;
  /**
   * How many more violations there were, not kept in the log (present only when some were left
   * out).
   */
  violationsOmitted?: number;
  /** Milliseconds from arrival to the answer. */
  durationMs: number;
  /**
   * The client closed the connection (or the mock stopped) before the answer, during a delay:
   * `status` is 499, nothing was sent.
   */
  aborted?: true;
  /** A scenario broke the answer's body (its `body`): `status` went with it. */
  bodyFault?: BodyFault;
}

/**
 * The `status` logged for a request whose client left before the answer (nginx's "client closed
 * request").
 */
export const ABORTED_STATUS = 499;

export interface RequestLog {
  /** Numbers `entry` and appends it, dropping the oldest beyond the limit. */
  record(entry: Omit<RequestLogEntry, "seq">): void;
  /** The entries, oldest first: the log itself, not a copy. */
  entries(): RequestLogEntry[];
  clear(): void;
}

/**
 * The most the log's entries hold together, as `GET /__mock/requests` writes them (JSON text,
 * measured per entry as it is recorded); past it the oldest are dropped, as past `logLimit`. Each
 * entry is bounded (its body, LOG_BODY_MAX; its violations, LOG_VIOLATIONS_MAX), but 10,000 of
 * them were not: an entry of 100 violations was 20 KB of JSON and about 21 KiB of the log's heap,
 * and 10,000 invalid requests (any page open in the browser can send them) held 200 MB of JSON.
 * The log's heap measured 1.2 to 2 times its JSON (5.2 KB entries of 20 violations: 6 to 11 KiB
 * each), so 32 MiB is at most about 70 MB; it holds the default 10,000 entries of a test run's
 * usual requests (1 to 3 KB each). The newest entry is always kept.
 */
export const LOG_BYTES_MAX = 32 * 1024 * 1024;

/**
 * A log that keeps the last `limit` entries, and no more than LOG_BYTES_MAX of them; `onRecord`
 * sees each entry as it is recorded.
 */
export function createRequestLog(
  limit: number,
  onRecord: (entry: RequestLogEntry) => void,
): RequestLog {
  const log: RequestLogEntry[] = [];
  /** Each entry's size as JSON, beside it in `log`, and their sum. */
  const sizes: number[] = [];
  let bytes = 0;
  let seq = 0;
  // When the log was last cleared: a request that arrived before it and ends after it (one cut
  // short by its client during a delay) belongs to the test before the clear, not to the next.
  let clearedAt = 0;
  return {
    record(entry) {
      const full = { seq: ++seq, ...entry };
      if (Date.parse(entry.time) >= clearedAt) {
        const size = stringifyJson(full).length;
        log.push(full);
        sizes.push(size);
        bytes += size;
        let drop = Math.max(0, log.length - limit);
        for (let i = 0; i < drop; i++) bytes -= sizes[i]!;
        while (bytes > LOG_BYTES_MAX && drop < log.length - 1) bytes -= sizes[drop++]!;
        log.splice(0, drop);
        sizes.splice(0, drop);
      }
      onRecord(full);
    },
    entries: () => log,
    clear: () => {
      log.length = 0;
      sizes.length = 0;
      bytes = 0;
      clearedAt = Date.now();
    },
  };
}

/**
 * What the handler of a request adds to its entry: how it was answered. `violations` may be all
 * of them (the entry keeps the first LOG_VIOLATIONS_MAX), or the first ones with
 * `violationsOmitted` counting the others.
 */
export type Outcome = Pick<RequestLogEntry, "kind" | "areas" | "status" | "violations" | "body"> &
  Partial<RequestLogEntry>;

/** Completes the entry of a request with its outcome and records it. */
export type FinishEntry = (outcome: Outcome) => void;

/**
 * Bodies longer than this (in characters) are logged as their first LOG_BODY_KEPT characters of
 * text, so that an entry stays small: a 47 KB getAssetBatch body of 1,000 ids cost about 90 KiB of
 * heap as parsed JSON, and the log keeps up to `logLimit` (10,000) entries.
 */
const LOG_BODY_MAX = 8 * 1024;
const LOG_BODY_KEPT = 2 * 1024;

/**
 * Bodies of more values than this (objects, arrays and primitives, however short their text) are
 * logged as a long body is: 8 KiB of `[{},{},…]` (2,700 objects) or of `[1,1,…]` kept parsed cost
 * 100 to 240 KiB of heap per entry, so that any page open in the browser (the API answers every
 * origin) could fill the 10,000 entries with gigabytes and stop the mock with an out-of-memory
 * crash. A real request's body of 8 KiB has a few hundred (a getAssetBatch of 180 ids, a batch
 * of 80 getAsset calls: about 500).
 */
const LOG_BODY_VALUES = 1000;

/** Whether `value` holds more than `limit` values; walks at most `limit` + 1 of them. */
function holdsMoreThan(value: unknown, limit: number): boolean {
  const pending = [value];
  for (let seen = 0; pending.length; seen++) {
    if (seen >= limit) return true;
    const next = pending.pop();
    if (next && typeof next === "object") pending.push(...Object.values(next));
  }
  return false;
}

/**
 * A string of its own: V8 keeps a slice of a long string as a view of it, so the 2 KiB kept of a
 * 47 KB body held all 47 KB (about 50 KiB of heap per entry, as much as the parsed body).
 */
const copyOf = (slice: string) => Buffer.from(slice, "utf8").toString("utf8");

/**
 * `text` with the string value of every credential-named member masked (a webhook's
 * `authHeader`), also one that the cut ends inside. Names are core's (`isSecretName`), the rule
 * the SDK's redactor reads credentials by.
 */
const maskText = (text: string) =>
  text.replace(/"([\w-]+)"(\s*:\s*")(?:[^"\\]|\\.)*(?:"|\\?$)/g, (member, name, colon) =>
    isSecretName(name) ? `"${name}"${colon}***"` : member,
  );

/**
 * A body kept as text (one that is not JSON, whatever its length, or the start of a long one) with
 * its credentials masked: credential-named JSON members (`maskText`: a JSON body with a syntax
 * error is still mostly JSON), and what the SDK's redactor masks by name in any text, such as a
 * form's `authHeader=…` or `api-key=…` and a credential header's line. Without it, a body of 8
 * KiB or less that did not parse was logged as it came, secrets and all, where the same text over
 * 8 KiB was masked.
 */
const maskTextBody = (text: string) => redact(maskText(text));

/**
 * The most violations one entry keeps; the rest are counted in `violationsOmitted`. A batch of
 * up to 10,000 requests, each with hundreds of violations (getAssetBatch takes 1,000 ids), is
 * millions of them: one 2.7 MB batch kept 1,000,000 (about 850 MB of heap, 189 MB as JSON) in one
 * entry, and the log keeps `logLimit` entries. A violation is about 200 bytes of JSON: 100 of
 * them made an entry of 20 KB, 21 KiB of heap, and 10,000 such entries 200 MB; 20 are
 * about 4 KB, the order of what an entry's body may keep, and still more than a test reads to
 * see what is wrong (past a handful, it is the same mistake again, per item or per entry). The
 * first ones are kept: body order, the first entry's first. (The log as a whole is bounded too:
 * LOG_BYTES_MAX.)
 */
export const LOG_VIOLATIONS_MAX = 20;

/**
 * A copy of a parsed body with every credential-named member's string value replaced by `***`
 * (a webhook's `authHeader`: the mock is local, but a user may point the SDK at it with the
 * secret of a real webhook). Below 64 levels, a value is kept as it is: no stack overflow on a
 * deep body, and no credential is that deep.
 */
function maskBody(value: unknown, depth = 0): unknown {
  // (A string is masked as a body kept as text is, by the redactor's names: a webhook's
  // `webhookURL` with `?api-key=` was logged whole.)
  if (typeof value === "string") return redact(value);
  if (!value || typeof value !== "object" || depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => maskBody(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([name, member]) => [
      name,
      isSecretName(name) && typeof member === "string" ? "***" : maskBody(member, depth + 1),
    ]),
  );
}

/**
 * A copy of `values` (a request's query or, with `header`, its headers) with every credential
 * value replaced by `***`, and the credentials inside the others masked as the SDK's redactor
 * masks them: a `Referer` (or a `redirect` parameter) holding a URL with `?api-key=` was logged
 * whole.
 */
function maskKeys<T extends Record<string, unknown>>(values: T, header?: boolean): T {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      isSecretName(name, header) && value !== undefined
        ? "***"
        : typeof value === "string"
          ? redact(value)
          : Array.isArray(value)
            ? value.map((item) => (typeof item === "string" ? redact(item) : item))
            : value,
    ]),
  ) as T;
}

/**
 * Starts the entry of one request (`started`: when it arrived, `text`: its body); the returned
 * function completes it with the outcome and the duration, and hands it to `record`.
 */
export function beginEntry(
  request: {
    started: number;
    method: string;
    path: string;
    query: Record<string, string | string[]>;
    headers: Record<string, string | string[] | undefined>;
    text: string | undefined;
    /** The masker of the secrets the request carries (secrets.ts), if any. */
    mask?: Redactor | undefined;
  },
  record: (entry: Omit<RequestLogEntry, "seq">) => void,
): FinishEntry {
  const { started, text, mask } = request;
  // The log (and GET /__mock/requests) never holds a key, and never a huge body.
  const base = {
    time: new Date(started).toISOString(),
    method: request.method,
    path: request.path,
    query: maskKeys(request.query),
    headers: maskKeys(request.headers, true),
  };
  return (outcome) => {
    const { violations } = outcome;
    const omitted =
      (outcome.violationsOmitted ?? 0) + Math.max(0, violations.length - LOG_VIOLATIONS_MAX);
    const entry: Omit<RequestLogEntry, "seq"> = {
      ...base,
      ...outcome,
      // (A violation may quote what was sent, a key too, `Prefer: api-key=…`: masked as the
      // headers are.)
      violations: violations
        .slice(0, LOG_VIOLATIONS_MAX)
        .map((v) => ({ ...v, message: redact(v.message) })),
      // (A body over the limits is not walked: its start is masked as text.)
      ...(text && (text.length > LOG_BODY_MAX || holdsMoreThan(outcome.body, LOG_BODY_VALUES))
        ? { body: maskTextBody(copyOf(text.slice(0, LOG_BODY_KEPT))), bodyCut: text.length }
        : {
            body:
              typeof outcome.body === "string"
                ? maskTextBody(outcome.body)
                : maskBody(outcome.body),
          }),
      ...(omitted > 0 && { violationsOmitted: omitted }),
      durationMs: Date.now() - started,
    };
    // The whole entry, whatever field quotes what was sent (its path, a method's name, a
    // violation): the one place the log is masked of the request's secrets by value.
    record(mask ? maskStrings(entry, mask) : entry);
  };
}

/** Which entries `GET /__mock/requests` (or `requests()`) lists. */
export interface RequestFilter {
  /** Only the entries after this one (its `seq`): what the requests since then did. */
  since?: number | undefined;
  /** At most this many, the last ones. */
  limit?: number | undefined;
  /** Only the requests to this JSON-RPC method (one of a batch too) or REST operationId. */
  operation?: string | undefined;
}

const FILTERS = ["since", "limit", "operation"];

const shown = (value: unknown) =>
  typeof value === "string" ? JSON.stringify(value) : String(value);

/**
 * The entries `filter` selects (from the query, digits as numbers); a filter that is no filter, or
 * a bad value, throws a TypeError that names it and the rule.
 */
export function selectEntries(
  entries: RequestLogEntry[],
  filter: Record<string, unknown> = {},
): RequestLogEntry[] {
  const number = (name: string, least: number) => {
    const raw = filter[name];
    const n = typeof raw === "string" && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
    if (raw === undefined) return undefined;
    if (!Number.isSafeInteger(n) || (n as number) < least)
      throw new TypeError(
        `${name} must be a whole number >= ${least}${name === "since" ? " (the seq of an entry)" : ""} (got ${shown(raw)})`,
      );
    return n as number;
  };
  for (const name of Object.keys(filter))
    if (!FILTERS.includes(name) && filter[name] !== undefined)
      throw new TypeError(
        `${name} is not a filter of the request log (they are ${FILTERS.join(", ")})`,
      );
  const since = number("since", 0);
  const limit = number("limit", 1);
  const { operation } = filter;
  if (operation !== undefined && (typeof operation !== "string" || !operation))
    throw new TypeError(
      `operation must name a JSON-RPC method or a REST operationId (got ${shown(operation)})`,
    );
  let out = entries;
  if (since !== undefined) out = out.filter((e) => e.seq > since);
  if (operation !== undefined)
    out = out.filter((e) => e.operationId === operation || e.rpcMethods?.includes(operation));
  return limit === undefined ? out : out.slice(-limit);
}

/**
 * The line the CLI prints per request: `12:00:00.000 POST / getAsset → 200` (with
 * `(body: truncated)` when a scenario broke its body), what the request asked of the mock
 * (`(Prefer: code=404)`, or the `?__code=` query), and the violations.
 */
export function formatLogLine(e: RequestLogEntry): string {
  const what = e.rpcMethods
    ? e.batch
      ? `[${e.rpcMethods.join(", ")}]`
      : e.rpcMethods.join(", ")
    : (e.operationId ?? "");
  const omitted = e.violationsOmitted ?? 0;
  const v = e.violations.length
    ? `  ${e.violations.length + omitted} violation(s): ${e.violations.map((x) => `${x.location.join(".")}: ${x.message}`).join("; ")}${omitted ? `; and ${omitted} more (not kept in the log)` : ""}`
    : "";
  // (A forced 404 would otherwise read as a real one.)
  const { prefer } = e.headers;
  const asked = prefer
    ? [`Prefer: ${String(prefer)}`]
    : Object.entries(e.query)
        .filter(([name]) => name.startsWith("__"))
        .map(([name, value]) => `?${name}=${String(value)}`);
  const hooks = asked.length ? `  (${asked.join(", ")})` : "";
  return terminalSafe(
    `${e.time.slice(11, 23)} ${e.method} ${e.path} ${what} → ${e.status}${e.bodyFault ? ` (body: ${e.bodyFault})` : ""}${hooks}${v}`,
  );
}

/**
 * `line` with its control characters (C0, DEL, C1) written as `\x1b`: the line goes to the
 * terminal of `npm start` or `npm run mock`, and any page open in the browser can send the
 * mock a query hook or a `Prefer` (echoed, with the violation quoting it) holding an escape
 * sequence (a colour, a cleared screen, a window title, OSC 52 writing the clipboard) or a line
 * feed starting a forged line.
 */
const terminalSafe = (line: string) =>
  line.replace(
    // eslint-disable-next-line no-control-regex
    /[\x00-\x1f\x7f-\x9f]/g,
    (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`,
  );
