/**
 * API key redaction. Every string that leaves the SDK (error messages, bodies, headers,
 * snippets, log lines) passes through a redactor first.
 */

const MASK = '***';

// Any `api-key=` / `api_key=` / `apikey=` value, whoever's key it is (a server may echo the URL).
const QUERY = /(api[-_]?key=)[^&#\s"'<>]+/gi;
// `X-Api-Key: v`, `"authorization":"Bearer v"`, `authorization=v` ...
const HEADER = /((?:x-api-key|authorization)["']?\s*[:=]\s*["']?(?:bearer |basic )?)[^\s"',;&}]+/gi;

/** A function that removes credentials from text. */
export type Redactor = (text: unknown) => string;

/**
 * Builds a redactor for `apiKey`: it masks the raw key, its URL-encoded forms (as written by
 * `encodeURIComponent` and by `URLSearchParams`) and its JSON-escaped form, plus any `api-key=`
 * query value and `X-Api-Key` / `Authorization` header value even without a key.
 */
export function createRedactor(apiKey?: string): Redactor {
  const forms = apiKey
    ? [
        ...new Set([
          apiKey,
          encodeURIComponent(apiKey),
          new URLSearchParams({ k: apiKey }).toString().slice(2),
          JSON.stringify(apiKey).slice(1, -1),
        ]),
      ].sort((a, b) => b.length - a.length)
    : [];
  return (value) => {
    let text = String(value);
    // The key's own forms first, so that a key containing `&` or `,` is masked whole.
    for (const form of forms) text = text.split(form).join(MASK);
    text = text.replace(QUERY, '$1' + MASK).replace(HEADER, '$1' + MASK);
    // Masking can splice a new occurrence together (a key such as `**x` next to `***`), so
    // delete until none is left; every pass shortens the text, so this ends.
    while (forms.some((form) => text.includes(form))) for (const form of forms) text = text.split(form).join('');
    return text;
  };
}

/** Redacts `apiKey` (and any key-like query/header value) from `text`. */
export function redact(text: unknown, apiKey?: string): string {
  return createRedactor(apiKey)(text);
}
