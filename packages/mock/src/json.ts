/**
 * Lossless JSON for the mock. u64 values (lamports, supplies, raw amounts) exceed 2^53, where
 * `JSON.parse` rounds them: 18446744073709551615 would come back as 18446744073709552000.
 *
 * - `parseJson` (the SDK's, from `@chaindata/core`) reads unsafe integer literals as `bigint`.
 * - {@link stringifyJson} writes `bigint` values, and strings made by {@link bigintMarker},
 *   as bare JSON integers (exact digits).
 *
 * Prism only handles plain JSON values, so the spec handed to Prism carries every unsafe
 * integer of an example as a marker string (`"\u0000u64:18446744073709551615"`); the mock turns
 * it back into digits when it writes the response.
 */

import { parseJson } from "@chaindata/core";

const MARKER = "\u0000u64:";

/** The marker string that stands for an exact integer inside the documents given to Prism. */
export const bigintMarker = (value: bigint): string => MARKER + value.toString();

/**
 * The integer a marker string stands for, or `undefined`: for any other string too, including
 * text a request sent with the marker's tag and something else after it (`"\u0000u64:abc"`, which
 * `BigInt` would throw on, `"\u0000u64:007"`), as {@link stringifyJson} leaves such text a string.
 */
export function fromMarker(value: unknown): bigint | undefined {
  const digits =
    typeof value === "string" && value.startsWith(MARKER) ? value.slice(MARKER.length) : "";
  return INTEGER_DIGITS.test(digits) ? BigInt(digits) : undefined;
}

/** An integer's digits as bigintMarker writes them (no leading zero, no `-0`). */
const INTEGER_DIGITS = /^(?:0|-?[1-9]\d*)$/;

/**
 * `JSON.parse`, except that integers outside ±(2^53 − 1) become exact `bigint`s: the SDK's own
 * parser.
 */
export { parseJson } from "@chaindata/core";

/**
 * `JSON.stringify` that writes `bigint`s and marker strings as bare integers. `indent` as in
 * `JSON.stringify`. `undefined` members are skipped, as `JSON.stringify` does.
 */
// JSON.stringify itself, each `bigint` and marker written as the marker of its digits, then
// unquoted. The writer before it (`"{" + members.join(",") + "}"` at every level, a shared object's
// text kept) took 1.3 to 2.4 times the CPU time on the mock's large answers, written in its process
// under load: 19 ms against 14 for a filled getAssetsByOwner page of 200 (1.1 MB), 19 against 8
// for a createWebhook echoing 22,000 addresses (1 MB), 138 against 76 for a page of 1,000 (5.7 MB).
// The first read of a text, about 4 ms a megabyte here, is its fresh megabyte's cost, not a rope's:
// paid once by whoever reads it first (the answer's masker, `Buffer.byteLength`, the socket), the
// same for a flat string or a Buffer.
export function stringifyJson(value: unknown, indent?: number): string {
  let marked = false;
  const text = JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (typeof v === "bigint") {
        marked = true;
        return bigintMarker(v);
      }
      // (A marker is written as it is: its digits are the integer's, as bigintMarker wrote them.)
      if (typeof v === "string" && v.startsWith(MARKER)) marked = true;
      return v;
    },
    indent,
  );
  return text === undefined ? "null" : marked ? text.replace(MARKED, "$1") : text;
}

/**
 * A marker in {@link stringifyJson}'s text, as a value (a key, followed by `:`, stays a string).
 * Its quote opens a string: one inside a string is escaped, after a backslash, and a closing one
 * is never followed by the marker's `\u0000`; the string closes after the digits (an escaped
 * quote there would follow a backslash). The digits as bigintMarker writes them (no leading zero,
 * no `-0`): text a request sent with the tag and anything else after it (`"\u0000u64:abc"`,
 * `"\u0000u64:007"`) stays the string it is.
 */
const MARKED = /(?<!\\)"\\u0000u64:(0|-?[1-9]\d*)"(?!:)/g;

/** A deep copy with every `bigint` replaced by `map(bigint, key)`. */
export function mapBigints(
  value: unknown,
  map: (big: bigint, key: string | undefined, parent: unknown) => unknown,
  key?: string,
  parent?: unknown,
): unknown {
  if (typeof value === "bigint") return map(value, key, parent);
  if (Array.isArray(value)) return value.map((v) => mapBigints(v, map, key, value));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = mapBigints(v, map, k, value);
    return out;
  }
  return value;
}

/** A JSON object (not `null`, not an array). */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && !Array.isArray(v);

/**
 * The deepest nesting of a JSON body the mock reads. Its walks over a body (the conversion for
 * Prism, the log's writer behind `GET /__mock/requests`, the JSON-RPC dispatch) are recursive:
 * measured, the writer overflowed the stack at about 2,000 levels and the conversion at about
 * 3,000, where the body was answered "must be object" and the log could no longer be read. 512
 * leaves a wide margin below that, and no body of the spec nests more than a few levels.
 */
export const MAX_BODY_DEPTH = 512;

/**
 * Why a text is not JSON, from `JSON.parse`'s error, without the excerpt of the text that V8
 * quotes in it (`Unexpected token 'B', "Bearer SEC"... is not valid JSON`, the whole text when it
 * is short): the reason is answered, printed on the CLI's line and kept in the request log, and the
 * text may hold a credential (a webhook's `authHeader`). What is left says which character.
 */
export const notJsonReason = (error: unknown): string =>
  String((error as Error | undefined)?.message ?? error).replace(
    /, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/,
    "",
  );

/**
 * A request body parsed as {@link parseJson} does, refused like text that is not JSON (a
 * `SyntaxError`, saying why) when it nests deeper than {@link MAX_BODY_DEPTH}.
 */
export function parseJsonBody(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = parseJson(text);
  } catch (error) {
    // eslint-disable-next-line preserve-caught-error -- its message is the excerpt left out here
    throw new SyntaxError(notJsonReason(error));
  }
  if (nestsDeeperThan(parsed, MAX_BODY_DEPTH))
    throw new SyntaxError(
      `for the mock, it nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep (its limit)`,
    );
  return parsed;
}

/**
 * Whether `value` nests arrays and objects more than `max` levels deep (a scalar is 0 levels,
 * `[]` one). Iterative, so any depth `JSON.parse` reads is measured without a stack overflow; it
 * stops at the first path deeper than `max`.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [v, depth] = next;
    if (!v || typeof v !== "object") continue;
    if (depth + 1 > max) return true;
    for (const inner of Object.values(v))
      if (inner && typeof inner === "object") pending.push([inner, depth + 1]);
  }
  return false;
}
