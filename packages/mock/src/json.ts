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

/** The integer a marker string stands for, or `undefined`. */
export function fromMarker(value: unknown): bigint | undefined {
  return typeof value === "string" && value.startsWith(MARKER)
    ? BigInt(value.slice(MARKER.length))
    : undefined;
}

/**
 * `JSON.parse`, except that integers outside ±(2^53 − 1) become exact `bigint`s: the SDK's own
 * parser.
 */
export { parseJson } from "@chaindata/core";

/**
 * `JSON.stringify` that writes `bigint`s and marker strings as bare integers. `indent` as in
 * `JSON.stringify`. `undefined` members are skipped, as `JSON.stringify` does.
 */
export function stringifyJson(value: unknown, indent?: number): string {
  return write(value, indent ? " ".repeat(indent) : "", "", new Map()) ?? "null";
}

/**
 * `value` as JSON; `written`: the objects written so far, compact ones only (indented, the same
 * object is written at other depths). A filled DAS page (paging.ts) holds each generated item's
 * objects in up to 1,000 copies: each is written once.
 */
function write(
  value: unknown,
  indent: string,
  current: string,
  written: Map<object, string | undefined>,
): string | undefined {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string") {
    const big = fromMarker(value);
    return big === undefined ? JSON.stringify(value) : big.toString();
  }
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const toJSON = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof toJSON === "function") return write(toJSON.call(value), indent, current, written);
  if (!indent && written.has(value)) return written.get(value);
  const text = writeObject(value, indent, current, written);
  if (!indent) written.set(value, text);
  return text;
}

function writeObject(
  value: object,
  indent: string,
  current: string,
  written: Map<object, string | undefined>,
): string {
  const inner = current + indent;
  const open = indent ? "\n" + inner : "";
  const sep = indent ? ",\n" + inner : ",";
  const close = indent ? "\n" + current : "";
  if (Array.isArray(value)) {
    if (!value.length) return "[]";
    const parts = value.map((v) => write(v, indent, inner, written) ?? "null");
    return "[" + open + parts.join(sep) + close + "]";
  }
  const members: string[] = [];
  for (const key of Object.keys(value)) {
    const v = write((value as Record<string, unknown>)[key], indent, inner, written);
    if (v !== undefined) members.push(JSON.stringify(key) + (indent ? ": " : ":") + v);
  }
  return members.length ? "{" + open + members.join(sep) + close + "}" : "{}";
}

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
