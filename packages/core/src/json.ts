/**
 * Lossless JSON. Lamports, raw token amounts and supplies are u64 and exceed 2^53, where
 * `JSON.parse` silently rounds them (18446744073709551615 → 18446744073709552000).
 */

/** Which fields of a response are u64: `1` marks a u64 value; arrays are mapped element-wise. */
export type U64Shape = 1 | { [key: string]: U64Shape };

/**
 * Parses JSON like `JSON.parse`, except that integer literals outside ±(2^53 − 1) become exact
 * `bigint`s. A body without a run of 16 digits (2^53 − 1 has 16) goes straight to `JSON.parse`.
 *
 * Otherwise each unsafe integer literal is rewritten as a tagged string, `JSON.parse` runs
 * natively, and one walk turns tagged strings into bigints. The tag is a run of U+0001
 * characters longer than any in the text: in JSON text such a character can only be written as
 * the escape `\u0001` (raw control characters are invalid), so no real string can carry the tag.
 *
 * @throws SyntaxError on invalid JSON, as `JSON.parse` does.
 */
export function parseJson(text: string): unknown {
  if (!/\d{16}/.test(text)) return JSON.parse(text);
  let tag = '\\u0001';
  while (text.includes(tag)) tag += '\\u0001';
  let tagged = '';
  let last = 0;
  let quote = -1;
  let inside = false;
  // Long number-like runs; the unsafe integers among them are what we tag.
  const runs = /[-+.\deE]{16,}/g;
  for (let run; (run = runs.exec(text)); ) {
    // Inside or outside a string? Flip at each unescaped quote up to here (indexOf hops are
    // far cheaper than tokenizing every string with a regex).
    for (let q; (q = text.indexOf('"', quote + 1)) !== -1 && q < run.index; quote = q) {
      let escapes = q;
      while (text.charCodeAt(escapes - 1) === 92) escapes--;
      if ((q - escapes) % 2 === 0) inside = !inside;
    }
    const token = run[0];
    if (!inside && /^-?\d+$/.test(token) && !Number.isSafeInteger(+token)) {
      tagged += text.slice(last, run.index) + '"' + tag + token + '"';
      last = run.index + token.length;
    }
  }
  if (!last) return JSON.parse(text);
  const mark = '\u0001'.repeat(tag.length / 6);
  const revive = (value: any): any => {
    if (typeof value === 'string') return value.startsWith(mark) ? BigInt(value.slice(mark.length)) : value;
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) value[i] = revive(value[i]);
    else if (value && typeof value === 'object') for (const key in value) value[key] = revive(value[key]);
    return value;
  };
  return revive(JSON.parse(tagged + text.slice(last)));
}

/**
 * `JSON.stringify` that writes a `bigint` as a bare JSON integer (`JSON.stringify` throws on
 * one). Otherwise the same: `toJSON` is honoured, `undefined`/functions are skipped in objects
 * and become `null` in arrays.
 */
export function stringifyJson(value: any): string {
  // Native first: it is several times faster and allocates less. It throws a TypeError on a
  // bigint (or a cycle), and only then is the value written by hand.
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  return writeJson(value);
}

function writeJson(value: any): string {
  if (typeof value === 'bigint') return String(value);
  if (!value || typeof value !== 'object') return JSON.stringify(value);
  if (typeof value.toJSON === 'function') return writeJson(value.toJSON());
  // Arrays in a template literal join with commas.
  if (Array.isArray(value)) return `[${value.map((v) => writeJson(v) ?? 'null')}]`;
  return `{${Object.keys(value).flatMap((key) => {
    const v = writeJson(value[key]);
    return v === undefined ? [] : [JSON.stringify(key) + ':' + v];
  })}}`;
}

/**
 * Converts every value at a `1` leaf of `shape` to `bigint` (a number, a decimal string or a
 * bigint), mapping arrays element-wise, so u64 fields are always `bigint` whatever the server
 * sent. A `'*'` key applies its shape to every property (for maps keyed by address).
 * Values that are not integers are left as they are.
 *
 * Converts in place (parsed responses are fresh, and copying a 50 MB result would be waste)
 * and returns `value`.
 */
export function reviveU64<T>(value: T, shape?: U64Shape): T {
  if (shape === undefined || value == null) return value;
  const v: any = value;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = reviveU64(v[i], shape);
  } else if (shape === 1) {
    if ((typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^-?\d+$/.test(v))) {
      return BigInt(v) as T;
    }
  } else if (typeof v === 'object') {
    for (const key in shape) {
      if (key === '*') for (const k in v) v[k] = reviveU64(v[k], shape[key]);
      else if (key in v) v[key] = reviveU64(v[key], shape[key]);
    }
  }
  return value;
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
