/**
 * Lossless JSON. Lamports, raw token amounts and supplies are u64 and exceed 2^53, where
 * `JSON.parse` silently rounds them (18446744073709551615 → 18446744073709552000).
 */

/**
 * Which fields of a response are 64-bit integers, and which are floats: `1` marks a u64 value
 * (unsigned: lamports, raw amounts, supplies) and `2` an i64 value (signed: a balance change), both
 * always a `bigint`; `3` and `4` a list of u64 or of i64 values; `0` marks a float (always a
 * `number`: one written as an integer beyond 2^53 is parsed as a bigint, like any such integer,
 * and turned back); any other array is mapped element-wise. (A call checks each of its answer's
 * u64 and i64 values against its range, and that a list stands where the shape has one and only
 * there; `reviveU64` alone converts them without checking.)
 */
export type U64Shape = 0 | 1 | 2 | 3 | 4 | { [key: string]: U64Shape };

/**
 * The type a {@link U64ShapeOf} revives: a key that exists in the type alone (no runtime value).
 */
declare const revives: unique symbol;

/**
 * A generated shape (`getAssetU64Shape`), marked in its type alone with the type it revives,
 * `GetAssetResult`, so that `reviveU64(value, shape)` is typed as that, and a shape given for the
 * wrong value (a page's for one item: `getAssetsByOwnerU64Shape` for an `Asset`) fails to compile.
 * The mark is a phantom: no such key exists at run time.
 */
export type U64ShapeOf<T> = Readonly<U64Shape> & { readonly [revives]: T };

/**
 * One value converted: a tagged string, or a u64 or i64 value (shape 1 or 2) given as a number or
 * digits (up to 1,000 of them, as `parseJson` tags: a longer string is left as it is), to bigint; a
 * float (shape 0) parsed as a bigint back to a number. (`shape > 0` is shape 1 to 4: an object
 * shape compares as NaN, false. A number where a list, 3 or 4, belongs is converted too: the check
 * refuses it all the same.)
 */
const leaf = (value: any, shape: U64Shape | undefined, mark?: string): any =>
  typeof value === "string"
    ? mark && value.startsWith(mark)
      ? BigInt(value.slice(mark.length))
      : (shape as number) > 0 && /^-?\d{1,1000}$/.test(value)
        ? BigInt(value)
        : value
    : (shape as number) > 0 && Number.isInteger(value)
      ? BigInt(value)
      : shape === 0 && typeof value === "bigint"
        ? Number(value)
        : value;

/**
 * Checks one converted value of a call's answer: its shape (a u64 is `1`, an i64 `2`, a list of
 * them `3` or `4`) and where it is, `result.token_info.balance` (u64.ts's `checkU64`, which
 * throws). @internal
 */
export type U64Check = (
  value: unknown,
  shape: U64Shape | undefined,
  path: string,
  /** The value as the server sent it, before it was converted (digits in a string: a string). */
  sent?: unknown,
) => void;

/**
 * The one walk behind {@link parseJson}, {@link reviveU64} and a call's answer: converts `root` in
 * place, strings tagged with `mark` anywhere and u64 values where `shape` says, and with `check`,
 * gives it every converted value the shape marks, with its path from `path` (the root's name).
 * Descends only where there is something to do, and writes back only what it converts. Arrays
 * pass their shape to every element, a list's (3 or 4) as its element's (1 or 2); an object shape
 * is looked up per key (own keys only: a response key such as `constructor` must not pick up
 * Object.prototype members). Iterative, not recursive: JSON.parse reads nesting far deeper than
 * the call stack allows. (The check is passed in, not called here: a bundle that revives without
 * checking, the webhook receiver's, does not carry it. json-rpc.ts and rest.ts call this, not
 * `reviveU64`, so a program that does not import `reviveU64` carries no wrapper; `mark` comes
 * second, as `parseJson` passes nothing after it.) @internal
 */
export const reviveParsed = (
  root: any,
  mark: string | undefined,
  rootShape?: U64Shape,
  path?: string,
  check?: U64Check,
): any => {
  const top = leaf(root, rootShape, mark);
  check?.(top, rootShape, path!, root);
  const pending: any[] = [top, rootShape, path];
  while (pending.length) {
    // (The path of `value`, when checking: made only for the values the shape marks.)
    const at: string = pending.pop();
    const shape: U64Shape | undefined = pending.pop();
    const value = pending.pop();
    if (!value || typeof value !== "object" || !(mark || shape)) continue;
    const array = Array.isArray(value);
    const keyed = !array && typeof shape === "object" ? shape : undefined;
    for (const key in value) {
      const inner: U64Shape | undefined = keyed
        ? Object.hasOwn(keyed, key)
          ? keyed[key]
          : undefined
        : array
          ? (shape as number) > 2
            ? (((shape as number) - 2) as 1 | 2)
            : shape
          : undefined;
      const old = value[key];
      const converted = leaf(old, inner, mark);
      const inside = check && inner !== undefined && at + (array ? `[${key}]` : "." + key);
      if (inside) check(converted, inner, inside, old);
      if (converted !== old) value[key] = converted;
      if (converted && typeof converted === "object" && (mark || inner))
        pending.push(converted, inner, inside);
    }
  }
  return top;
};

/**
 * Where the string that opens at `open` (a quote) of `text` closes: the index of its closing
 * quote, the first that no odd run of backslashes escapes, or -1 when it does not close. Linear:
 * each run of backslashes is counted once, by the quote after it. Not a regex: V8's regex engine
 * keeps a backtrack entry per escape of a string, and 3.5 million escapes, 7 MB of a server's,
 * overflowed its stack, a RangeError that failed the call in place of its own answer or error.
 * (It skips each string parseJson passes over too, in about 60% of a sticky regex's time; no
 * valid text tells the regex's one difference, a stop at a backslash before a line break.)
 */
const closingQuote = (text: string, open: number) => {
  for (let at = open, from; (at = text.indexOf('"', at + 1)) > 0;) {
    for (from = at; text.charCodeAt(from - 1) == 92;) from--;
    if (!((at - from) & 1)) return at;
  }
  return -1;
};

/**
 * Parses JSON like `JSON.parse`, except that integer literals outside ±(2^53 − 1) become exact
 * `bigint`s, up to 1,000 digits (a longer one is read as `JSON.parse` reads it: ±Infinity). A body
 * without a run of 16 digits (2^53 − 1 has 16) goes straight to `JSON.parse`.
 *
 * Otherwise each unsafe integer literal outside strings is rewritten as a tagged string;
 * `JSON.parse` runs natively, then one walk turns tagged strings into bigints. The tag is U+0001
 * and a word drawn at random per call, once the text is there: in JSON text U+0001 can only be
 * written as the escape `\u0001` (raw control characters are invalid), and a real string that
 * starts with the tag, a chance of about 36^-10 for one that starts with U+0001, cannot be made
 * on purpose by the text's author, who does not know the word.
 *
 * @throws SyntaxError on invalid JSON, as `JSON.parse` does.
 */
export const parseJson = (text: string): unknown => {
  // (Sixteen `\d`s, not `\d{16}`: V8 scans for a fixed run of classes several times faster, about
  // 2 µs less on a 2 kB asset, on every call.)
  if (!/\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d/.test(text)) return JSON.parse(text);
  // (A tag of a fixed form, a run of U+0001 longer than any in the text, grew with a server's run
  // and was written beside every big integer: 0.16 MB of text, a run of 20,000 and 2,000 big
  // integers, took 2.4 s and 350 MB, 0.38 MB a RangeError.)
  const tag = "\\u0001" + Math.random().toString(36).slice(2);
  // `number` finds the integers to tag: only as JSON writes them (no leading zero), from start to
  // end (no `.`, exponent or digit around), where a value can start (after `[`, `,`, `:`, white
  // space or nothing: a digit run in a string, such as wrapped SOL's mint `So111…112`, mostly is
  // not, and so costs no string skipping), and never before a `:` (an unquoted key is not JSON:
  // tagging it would make it a quoted one). (`\d{15,}` written out, as above.)
  // A match inside a string is passed over: the strings before each match are skipped whole by
  // `closingQuote`, each up to its closing quote or the end (a cut-off body: JSON.parse still
  // throws). Only the integers are searched for, not every string: a callback per string takes
  // several times JSON.parse's own time on a large page. Each search starts where the last ended,
  // so the time is linear in the text. An integer of more than 1,000 digits is left to JSON.parse
  // (±Infinity): no u64 or i64 has more than 20, and BigInt() of a server's 50 million digits (a
  // 50 MB body) held the event loop for 20 s, more per byte the longer the run.
  const number = /(?<![^\s:,[])-?[1-9]\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d{0,984}(?![\d.eE]|\s*:)/g;
  let tagged = "";
  let last = 0; // where the text after the last tagged integer starts; 0 while none is
  let end = 0; // the end of the last string skipped
  let open = text.indexOf('"') >>> 0; // where the next one opens (none: -1 >>> 0, the largest)
  for (let match; (match = number.exec(text));) {
    const at = match.index;
    while (open < at) {
      // (-1, no closing quote: the end of the text.)
      end = closingQuote(text, open) + 1 || text.length;
      open = text.indexOf('"', end) >>> 0;
    }
    if (end > at) number.lastIndex = end;
    else if (!Number.isSafeInteger(+match[0])) {
      tagged += `${text.slice(last, at)}"${tag}${match[0]}"`;
      last = number.lastIndex;
    }
  }
  // The last regex to match runs on the tag, not on `text`: V8 keeps the last string a regex
  // matched (the legacy `RegExp.input`), which would keep a large body alive after the call until
  // some other regex ran. (A regex whose value is used: a bare `/$/.test("")` is dropped by
  // minifiers.)
  const mark = tag.replace(/\\u0001/g, "\u0001");
  try {
    // The walk after the parse is twice as fast as a JSON.parse reviver on large bodies.
    return last ? reviveParsed(JSON.parse(tagged + text.slice(last)), mark) : JSON.parse(text);
  } catch (error) {
    // Invalid text's own SyntaxError, as JSON.parse gives it: the tagged text's named positions
    // 19 characters on per integer before them, and quoted the tag (`"[x"\u0001h9"...`).
    JSON.parse(text);
    throw error;
  }
};

/**
 * `JSON.stringify` that writes a `bigint` as a bare JSON integer (`JSON.stringify` throws on
 * one). Otherwise the same: `toJSON` is honoured, `undefined`/functions are skipped in objects
 * and become `null` in arrays, and `space` indents as `JSON.stringify`'s third argument does.
 *
 * @param space - the indent, as for `JSON.stringify`: a number of spaces (at most 10) or a
 *   string of white space (its first 10 characters). (From plain JavaScript,
 *   `JSON.stringify`'s `(value, null, 2)` indents too.) @default no indent
 * @throws TypeError for a replacer (a function or an array) where the indent goes: none is taken
 *   (transform the value first), and one ignored would write what it was meant to change or leave
 *   out.
 */
export function stringifyJson(value: unknown, space?: string | number): string;
// (A third parameter the type leaves out: JSON.stringify's `(value, null, 2)`, written so in plain
// JavaScript, gives the indent third, taken rather than lost. The checks are here, not in
// `jsonText`: the runtime's own calls, in every program, need none.)
export function stringifyJson(
  value: unknown,
  space?: string | number,
  indent?: string | number,
): string {
  if (typeof space == "function" || Array.isArray(space))
    throw new TypeError("stringifyJson: takes no replacer, only an indent");
  return jsonText(value, space ?? indent);
}

/**
 * {@link stringifyJson} for the chaindata packages' own calls, which give no replacer (and the
 * generated REST clients' `bodySerializer`, which openapi-fetch calls with the request's headers
 * second: ignored, as `JSON.stringify` ignores a `space` of no number or string).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 *
 * Values without bigints take the native path untouched. Otherwise each bigint is written as a
 * string tagged with a run of U+0001 (which JSON writes as the escape `\u0001`) and the quotes
 * around tagged values are then dropped. A real key or string that starts with the tag would be
 * mistaken for one, so the tag is made longer than any run of U+0001 a key or string starts with.
 */
export const jsonText = (value: unknown, space?: string | number): string => {
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
};

/**
 * Converts every value at a `1` or `2` leaf of `shape` (a u64 or i64), and every element of a list
 * at a `3` or `4` leaf, to `bigint` (a number, a decimal string of up to 1,000 digits or a bigint),
 * mapping arrays element-wise, so those fields are always `bigint` whatever the server sent, and
 * every `bigint` at a `0` leaf (a float written as a big integer) to a `number`. Nothing is
 * checked: a value that is not an integer (`1.5`, `"abc"`) is left as it is, one out of its range
 * (a negative u64) converted all the same, and a list where one value belongs (or the reverse) left
 * a list. (A call checks its answer: a u64 value that is no whole number from 0 to 2^64 - 1, or an
 * i64 from -2^63 to 2^63 - 1, or a list where one belongs or none where a list does, fails it, an
 * `InvalidResponseError` of reason `not-u64`; the webhook receiver refuses such a delivery.)
 *
 * Converts in place (parsed responses are fresh, and copying a 50 MB result would be waste)
 * and returns `value`: typed as the type a generated shape revives (`getAssetU64Shape`, a
 * {@link U64ShapeOf}), so that a page's shape given for one item fails to compile.
 */
export function reviveU64<T>(value: unknown, shape: U64ShapeOf<T>): T;
/** With a shape of your own (a plain `U64Shape`), typed as `value` is. */
export function reviveU64<T>(value: T, shape?: U64Shape): T;
/**
 * Each value the shape marks also given to `check`, with its path from `name` (the webhook
 * receiver's deliveries; a call's answer goes through {@link reviveParsed} itself). @internal
 */
export function reviveU64<T>(
  value: T,
  shape: U64Shape | undefined,
  name: string,
  check: U64Check,
): T;
export function reviveU64(value: unknown, shape?: U64Shape, name?: string, check?: U64Check) {
  return reviveParsed(value, undefined, shape, name, check);
}

/**
 * True when invalid JSON `text` ends early — an unterminated string or unclosed brackets — as a
 * body cut off by a dropped connection or a size limit does. Called only after a parse failure.
 * @internal
 */
export const looksTruncated = (text: string): boolean => {
  // (Only JSON can be cut JSON: text such as `Service "unavailable` is not.)
  if (!/^\s*[[{"]/.test(text)) return false;
  let depth = 0;
  // (Its strings skipped by `closingQuote`, not by a regex: see there.)
  for (let token = /["[{\]}]/g, m; (m = token.exec(text));)
    if (m[0] == '"') {
      if ((token.lastIndex = closingQuote(text, m.index) + 1) < 1) return true;
    } else if (m[0] == "[" || m[0] == "{") depth++;
    else if (--depth < 0) return false;
  return depth > 0;
};
