/** How a message quotes the server's text (its own module: index.ts exports it to the receiver). */

/**
 * The server's text as a message quotes it (a status text, an error body's or a JSON-RPC error's
 * message, a page's title): its first `max` characters, and `…` where it was cut (a reader then
 * knows the text goes on, and no caller adds the mark its own way), each control character (C0, DEL
 * and C1: a line break, an ANSI escape), bidi control, invisible character (zero-width space, word
 * joiner, BOM, the Unicode tag characters) or lone surrogate written as a `\u` escape. A hostile or
 * broken upstream can then neither forge a log line, recolour or clear a terminal, nor reorder what
 * a reader sees, nor make a message megabytes long; nor hide text from a reader that a
 * model given `err.message` still reads (tag characters spell ASCII invisibly), nor leave half a
 * character where the cut fell, which a UTF-8 log writes as U+FFFD or a strict encoder refuses.
 * (Zero-width joiners stay: emoji and several scripts need them.) The error's fields keep the text
 * as it came (redacted): `body`, `rpcMessage`, `snippet`. (Also json-rpc.ts's, u64.ts's,
 * paginate.ts's, and the webhook receiver's, for a delivery's signature and `Content-Encoding`.)
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const quoteServer = (text: string, max = 500) =>
  // A cut between a pair's halves drops the first half too: escaped, it showed as `\ud83d…`,
  // which tells a reader nothing.
  (text.length > max ? text.slice(0, max).replace(/[\ud800-\udbff]$/, "") + "…" : text).replace(
    // With the `u` flag a surrogate pair is one character, so `\ud800-\udfff` matches a lone one
    // only.
    // eslint-disable-next-line no-control-regex -- these characters are what is escaped
    /[\0-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ud800-\udfff\u{e0000}-\u{e007f}]/gu,
    (char) => {
      const hex = char.codePointAt(0)!.toString(16);
      return "\\u" + (hex.length > 4 ? `{${hex}}` : hex.padStart(4, "0"));
    },
  );
