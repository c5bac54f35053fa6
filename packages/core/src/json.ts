/**
 * Lossless JSON. Lamports, raw token amounts and supplies are u64 and exceed 2^53, where
 * `JSON.parse` silently rounds them (18446744073709551615 → 18446744073709552000).
 */

/**
 * Which fields of a response are u64, and which are floats: `1` marks a u64 value (always a
 * `bigint`), `0` a float (always a `number`: one written as an integer beyond 2^53 is parsed as a
 * bigint, like any such integer, and turned back); arrays are mapped element-wise.
 */
export type U64Shape = 0 | 1 | { [key: string]: U64Shape };

/**
 * One value converted: a tagged string, or a u64 value (shape 1) given as a number or digits, to
 * bigint; a float (shape 0) parsed as a bigint back to a number.
 */
const leaf = (value: any, shape: U64Shape | undefined, mark?: string): any =>
  typeof value === "string"
    ? mark && value.startsWith(mark)
      ? BigInt(value.slice(mark.length))
      : shape === 1 && /^-?\d+$/.test(value)
        ? BigInt(value)
        : value
    : shape === 1 && Number.isInteger(value)
      ? BigInt(value)
      : shape === 0 && typeof value === "bigint"
        ? Number(value)
        : value;

/**
 * The one walk behind {@link parseJson} and {@link reviveU64}: converts `root` in place, tagged
 * strings anywhere and u64 values where `shape` says. Descends only where there is something to
 * do. Arrays pass their shape to every element; an object shape is looked
 * up per key (own keys only: a response key such as `constructor` must not pick up
 * Object.prototype members). Iterative, not recursive: JSON.parse reads nesting far deeper than
 * the call stack allows.
 */
const walk = (root: any, rootShape: U64Shape | undefined, mark?: string): any => {
  const top = leaf(root, rootShape, mark);
  const pending: [any, U64Shape | undefined][] = [[top, rootShape]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, shape] = next;
    if (!value || typeof value !== "object" || !(mark || shape)) continue;
    const array = Array.isArray(value);
    const keyed = !array && typeof shape === "object" ? shape : undefined;
    for (const key in value) {
      const inner = keyed
        ? Object.hasOwn(keyed, key)
          ? keyed[key]
          : undefined
        : array
          ? shape
          : undefined;
      const converted = (value[key] = leaf(value[key], inner, mark));
      if (converted && typeof converted === "object" && (mark || inner))
        pending.push([converted, inner]);
    }
  }
  return top;
};

/**
 * Parses JSON like `JSON.parse`, except that integer literals outside ±(2^53 − 1) become exact
 * `bigint`s. A body without a run of 16 digits (2^53 − 1 has 16) goes straight to `JSON.parse`.
 *
 * Otherwise each unsafe integer literal outside strings is rewritten as a tagged string;
 * `JSON.parse` runs natively, then one walk turns tagged strings into bigints. The tag is a run of
 * U+0001 longer than any in the text: in JSON text such a character can only be written as the
 * escape `\u0001` (raw control characters are invalid), so no real string can carry the tag.
 *
 * @throws SyntaxError on invalid JSON, as `JSON.parse` does.
 */
export function parseJson(text: string): unknown {
  // (Sixteen `\d`s, not `\d{16}`: V8 scans for a fixed run of classes several times faster, about
  // 2 µs less on a 2 kB asset, on every call.)
  if (!/\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d/.test(text)) return JSON.parse(text);
  // One pass for the longest run of `\u0001` escapes (a search per tag length would be quadratic
  // in the run, and the text is the server's: a run of 50,000 took seconds).
  let longest = 0;
  for (const [run] of text.matchAll(/(?:\\u0001)+/g)) longest = Math.max(longest, run.length);
  const tag = "\\u0001".repeat(longest / 6 + 1);
  // Strings are matched whole (and kept), so digits inside them are never touched; an unclosed
  // string (a cut-off body) runs to the end, so the scan stays linear and JSON.parse still
  // throws. A number is matched only from its start to its end (no `.`, exponent or digit
  // around it), only as JSON writes integers (no leading zero), and never before a `:` (an
  // unquoted key is not JSON: tagging it would make it a quoted one). The walk after the parse
  // is twice as fast as a JSON.parse reviver on large bodies.
  return walk(
    JSON.parse(
      text.replace(
        /"[^"\\]*(?:\\.[^"\\]*)*"?|(?<![\d.eE+-])-?[1-9]\d{15,}(?![\d.eE]|\s*:)/g,
        (token) => (token[0] === '"' || Number.isSafeInteger(+token) ? token : `"${tag}${token}"`),
      ),
    ),
    undefined,
    "\u0001".repeat(tag.length / 6),
  );
}

/**
 * `JSON.stringify` that writes a `bigint` as a bare JSON integer (`JSON.stringify` throws on
 * one). Otherwise the same: `toJSON` is honoured, `undefined`/functions are skipped in objects
 * and become `null` in arrays, and `space` indents as `JSON.stringify`'s third argument does.
 *
 * Values without bigints take the native path untouched. Otherwise each bigint is written as a
 * string tagged with a run of U+0001 (which JSON writes as the escape `\u0001`) and the quotes
 * around tagged values are then dropped. A real key or string that starts with the tag would be
 * mistaken for one, so the tag is made longer than any run of U+0001 a key or string starts with.
 *
 * @param space - the indent, as for `JSON.stringify`: a number of spaces (at most 10) or a
 *   string of white space (its first 10 characters). @default no indent
 */
export function stringifyJson(value: unknown, space?: string | number): string {
  // Native first: it is several times faster and allocates less. It throws a TypeError on a
  // bigint (or a cycle), and only then does the replacer run.
  try {
    return JSON.stringify(value, null, space);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error; // (a cycle throws a TypeError again below)
  }
  // The tag must be longer than any run of U+0001 that a key or string starts with. The first
  // pass tries one character and measures the longest such run; a second pass, when needed, uses
  // a tag one longer. (Growing it a character per pass would be quadratic in the run.)
  for (let tag = "\u0001"; ;) {
    let longest = 0;
    const measure = (text: string) => {
      if (!text.startsWith(tag)) return;
      let run = 0;
      while (text.charCodeAt(run) === 1) run++;
      longest = Math.max(longest, run);
    };
    const text = JSON.stringify(
      value,
      (key, v) => {
        measure(key);
        // (A String object is written as its string, so it can clash too.)
        if (typeof v === "string" || v instanceof String) measure(String(v));
        return typeof v === "bigint" ? tag + v : v;
      },
      space,
    );
    // Only a quote that opens a string value starts a tagged one: a closing quote is followed by
    // `,`, `:`, a bracket, a line break or the end, never by the tag's `\u0001`; an escaped `\"`
    // inside a string follows a backslash. (An indent string ending in a backslash would leave an
    // array's bigints tagged: `space` is white space where the text is to stay JSON.)
    if (!longest)
      return text.replace(new RegExp(`(?<!\\\\)"(?:\\\\u0001){${tag.length}}(-?\\d+)"`, "g"), "$1");
    tag = "\u0001".repeat(longest + 1);
  }
}

/**
 * Converts every value at a `1` leaf of `shape` to `bigint` (a number, a decimal string or a
 * bigint), mapping arrays element-wise, so u64 fields are always `bigint` whatever the server
 * sent, and every `bigint` at a `0` leaf (a float written as a big integer) to a `number`.
 * Values that are not integers are left as they are.
 *
 * Converts in place (parsed responses are fresh, and copying a 50 MB result would be waste)
 * and returns `value`.
 */
export function reviveU64<T>(value: T, shape?: U64Shape): T {
  return walk(value, shape);
}

/**
 * True when invalid JSON `text` ends early — an unterminated string or unclosed brackets — as a
 * body cut off by a dropped connection or a size limit does. Called only after a parse failure.
 * @internal
 */
export function looksTruncated(text: string): boolean {
  let depth = 0;
  for (const m of text.matchAll(/"[^"\\]*(?:\\.[^"\\]*)*(")?|([[{])|[\]}]/g)) {
    if (m[0][0] === '"') {
      if (!m[1]) return true;
    } else if (m[2]) depth++;
    else if (--depth < 0) return false;
  }
  return depth > 0;
}
