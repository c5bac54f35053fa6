/**
 * The hooks of a request: what it asks of the mock's answer, in the `Prefer` header (or, without
 * one, the `?__code=` … query), and the `X-Mock-JsonRpc-Error` header. A malformed one is the
 * mock's 422 (`bad-hook`), not ignored: a test with a typo in its hook would quietly test the
 * happy path. See README, Error hooks.
 */
import { RPC_ERROR_HEADER } from "./json-rpc-errors.js";
import { walkRule } from "./paging.js";
import type { PrismPreferences, Violation } from "./prism.js";

/** The longest `Prefer: delay=` (and scenario delay), in milliseconds. */
export const MAX_DELAY = 60_000;
/**
 * The most digits a `Retry-After` in seconds may have, and so its largest value: a refusal states
 * the bound, which "whole seconds" alone does not.
 */
const RETRY_AFTER_DIGITS = 10;
/** The rule of a `Retry-After` the mock answers with, as its refusals state it. */
export const RETRY_AFTER_RULE = `whole seconds from 0 to ${"9".repeat(RETRY_AFTER_DIGITS)} (at most ${RETRY_AFTER_DIGITS} digits) or an HTTP date`;
const RETRY_AFTER_SECONDS = new RegExp(`^\\d{1,${RETRY_AFTER_DIGITS}}$`);

/** Where the hooks came from: the `Prefer` header, the `__` query, or a scenario (scenarios.ts). */
export type HookSource = "header" | "query" | "scenario";

/** What a request's hooks ask. */
export interface Hooks {
  /**
   * For Prism: `code`, `example`, `dynamic`, `seed`; for the mock's paging: `walk-pages`,
   * `page-fill`.
   */
  prefs: PrismPreferences;
  /** Milliseconds to wait before answering. */
  delay?: number;
  /** The `Retry-After` of the answer `code` forces: seconds, or an HTTP date. */
  retryAfter?: string;
  source: Exclude<HookSource, "scenario">;
}

/** The mock's own preferences, and what each must be. */
const RULES: Record<string, { rule: string; ok: (value: string) => boolean }> = {
  code: { rule: "an HTTP status, 3 digits from 100 to 599", ok: (v) => /^[1-5]\d\d$/.test(v) },
  example: { rule: "the name of an example", ok: (v) => v !== "" && v !== "true" },
  dynamic: { rule: "true or false", ok: (v) => v === "true" || v === "false" },
  seed: { rule: "a non-empty text", ok: (v) => v !== "" && v !== "true" },
  "walk-pages": walkPreference("walkPages"),
  "page-fill": walkPreference("pageFill"),
  delay: {
    rule: `a whole number of milliseconds from 0 to ${MAX_DELAY}`,
    ok: (v) => /^\d{1,6}$/.test(v) && Number(v) <= MAX_DELAY,
  },
  "retry-after": {
    rule: `${RETRY_AFTER_RULE}, quoted: "Wed, 21 Oct 2026 07:28:00 GMT"`,
    ok: (v) => isRetryAfter(v),
  },
};

/** `walk-pages=` or `page-fill=`: digits that keep the rule of the mock's option (paging.ts). */
function walkPreference(option: "walkPages" | "pageFill") {
  return {
    rule: walkRule(option, NaN)!,
    ok: (v: string) => /^\d{1,7}$/.test(v) && walkRule(option, Number(v)) === undefined,
  };
}

/**
 * Preferences of RFC 7240 that a client may send for its own reasons: let through, unread. (Any
 * other name is a mistake: `cod=429` would answer 200.)
 */
const REGISTERED = new Set(["return", "respond-async", "wait", "handling"]);

/** Seconds (digits) or an IMF-fixdate (RFC 9110), as `Retry-After` takes. */
export function isRetryAfter(value: string): boolean {
  if (RETRY_AFTER_SECONDS.test(value)) return true;
  return (
    /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/.test(
      value,
    ) && !Number.isNaN(Date.parse(value))
  );
}

/**
 * The hooks of a request: its `Prefer` header, else its `__code`, `__example`, `__dynamic`,
 * `__seed`, `__walk-pages`, `__page-fill`, `__delay` and `__retry-after` query parameters; or the
 * `bad-hook` violation of the first malformed one.
 */
export function readHooks(
  headers: Record<string, string | string[] | undefined>,
  query: Record<string, string | string[]>,
): Hooks | { bad: Violation } {
  const header = headers["prefer"];
  const fromHeader = header !== undefined;
  const raw = new Map<string, string>();
  if (fromHeader) {
    for (const part of splitPrefer(String(header))) {
      const i = part.indexOf("=");
      const key = (i < 0 ? part : part.slice(0, i)).trim().toLowerCase();
      if (!key) continue;
      const value = i < 0 ? "true" : unquote(part.slice(i + 1).trim());
      if (!(key in RULES) && !REGISTERED.has(key))
        return badPrefer(
          `Prefer: ${part.trim()}: unknown preference "${key}" (the mock's are ${Object.keys(RULES).join(", ")})`,
        );
      raw.set(key, value);
    }
  } else {
    for (const key of Object.keys(RULES)) {
      const value = query[`__${key}`];
      if (value === undefined) continue;
      if (Array.isArray(value))
        return badQuery(key, `?__${key}= is given ${value.length} times: give it once`);
      raw.set(key, value);
    }
  }
  const hook = (key: string) =>
    fromHeader ? `Prefer: ${key}=${raw.get(key)}` : `?__${key}=${raw.get(key)}`;
  for (const [key, value] of raw) {
    const rule = RULES[key];
    if (rule && !rule.ok(value)) {
      const message = `${hook(key)}: ${key} must be ${rule.rule}`;
      return fromHeader ? badPrefer(message) : badQuery(key, message);
    }
  }
  if (raw.has("retry-after") && !raw.has("code")) {
    const message = `${hook("retry-after")}: retry-after sets the Retry-After of the answer code= forces: give code= too (e.g. code=429)`;
    return fromHeader ? badPrefer(message) : badQuery("retry-after", message);
  }
  const prefs: PrismPreferences = {};
  if (raw.has("code")) prefs.code = Number(raw.get("code"));
  if (raw.has("example")) prefs.exampleKey = raw.get("example")!;
  if (raw.has("dynamic")) prefs.dynamic = raw.get("dynamic") === "true";
  if (raw.has("seed")) prefs.seed = raw.get("seed")!;
  if (raw.has("walk-pages")) prefs.walkPages = Number(raw.get("walk-pages"));
  if (raw.has("page-fill")) prefs.pageFill = Number(raw.get("page-fill"));
  return {
    prefs,
    ...(raw.has("delay") && { delay: Number(raw.get("delay")) }),
    ...(raw.has("retry-after") && { retryAfter: raw.get("retry-after")! }),
    source: fromHeader ? "header" : "query",
  };
}

/** `a=1, b="x, y"; c` → its preferences, a quoted value kept whole (an HTTP date has a comma). */
function splitPrefer(header: string): string[] {
  const parts: string[] = [];
  let part = "";
  let quoted = false;
  for (const ch of header) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && (ch === "," || ch === ";")) {
      parts.push(part);
      part = "";
    } else part += ch;
  }
  parts.push(part);
  return parts;
}

const unquote = (value: string) => value.replace(/^"(.*)"$/, "$1");

// (The message quotes the hook as sent, and a key may be in it, `Prefer: api-key=…`: the answer
// and the log are masked where they are written, secrets.ts.)
const badHook = (location: string[], message: string): { bad: Violation } => ({
  bad: { location, message, code: "bad-hook", severity: "error" },
});
const badPrefer = (message: string) => badHook(["request", "header", "prefer"], message);
const badQuery = (key: string, message: string) =>
  badHook(["request", "query", `__${key}`], message);

/**
 * `X-Mock-JsonRpc-Error: -32004` (every request of the body) or
 * `X-Mock-JsonRpc-Error: getAsset=-32004, getAssetBatch=-32000` (per method): the error code it
 * asks of each method, or the `bad-hook` violation of a part that is no code, or names no method
 * of `known`.
 */
export function parseRpcErrorHeader(
  value: string | string[] | undefined,
  known: (method: string) => boolean,
): ((method: string) => number | undefined) | { bad: Violation } {
  if (value === undefined) return () => undefined;
  let all: number | undefined;
  const per = new Map<string, number>();
  const bad = (message: string) =>
    badHook(
      ["request", "header", RPC_ERROR_HEADER],
      `X-Mock-JsonRpc-Error: ${String(value)}: ${message}`,
    );
  for (const part of String(value).split(",")) {
    const [a, b, ...more] = part.split("=").map((s) => s.trim());
    const code = b ?? a;
    if (!a || more.length || !code || !/^-?\d{1,10}$/.test(code))
      return bad(
        `"${part.trim()}" is not an error code (a whole number, e.g. -32004) or <method>=<code>`,
      );
    if (b === undefined) all = Number(a);
    else if (!known(a))
      return bad(`"${a}" is not a JSON-RPC method of the spec (a typo would answer the result)`);
    else per.set(a, Number(b));
  }
  return (method) => per.get(method) ?? all;
}
