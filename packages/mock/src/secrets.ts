/**
 * The secrets a request carries, and the one masker of everything written about it: every byte
 * of its answer (http.ts `send`, headers too) and its log entry (request-log.ts). A message that
 * quotes what was sent (a hook, a path, a method's or an example's name) is masked there however
 * it was built, so a new message cannot forget to.
 *
 * Masked by value, not by name: the answers hold the spec's examples and echo what was sent (a
 * webhook's `authHeader` to the caller who sent it), which a credential-named value may be, and
 * which masking by name would change.
 */
// (Before, a key in a hook under any name, or in the URL path, was quoted back: the masking was
// at each message's builder, five of them.)
import { createSecretMasker, isSecretName, redact, type Redactor } from "@chaindata/core";

/**
 * The shortest secret masked by its value. A real key is a 36-character UUID; a placeholder such
 * as `k` or `test` masked as a word would change the answers' data (`1` would break the JSON of
 * an answer with a `1` in it). A shorter one is masked with the name it was sent under.
 */
export const SHORTEST_SECRET = 8;

/** What of a request secrets are read from. */
export interface RequestParts {
  pathname: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
}

const valuesOf = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * The runs of `text` that `masked` (the SDK's redactor's output for it) replaced by `***`, read
 * in one pass (no backtracking: a header may hold thousands of them); the whole text when they
 * cannot be told apart.
 */
export function maskedRuns(text: string, masked: string): string[] {
  return runsAt(text, masked).map(([start, end]) => text.slice(start, end));
}

/** Where {@link maskedRuns} are in `text`: each run's start and end. */
function runsAt(text: string, masked: string): Array<[number, number]> {
  if (masked === text) return [];
  const parts = masked.split("***");
  if (!text.startsWith(parts[0]!)) return [[0, text.length]];
  const runs: Array<[number, number]> = [];
  let at = parts[0]!.length;
  for (let i = 1; i < parts.length; i++) {
    const next = parts[i]!;
    const end = i === parts.length - 1 ? text.length - next.length : text.indexOf(next, at);
    if (end < at) return [[0, text.length]];
    runs.push([at, end]);
    at = end + next.length;
  }
  return runs;
}

/**
 * The secrets `request` carries: the value of its key's query parameter and credential headers
 * (`api-key`, `X-Api-Key`, `Authorization`, and the headers the request log masks by name:
 * `x-auth-token`, `cookie`, …; also without a scheme's word, and a cookie's each value), and what
 * the SDK's redactor masks by name anywhere in its path, query and headers
 * (`Prefer: api-key="…"`, a `Referer` with `?api-key=`). Only those of SHORTEST_SECRET characters
 * or more; a shorter one found by name, with its name (`api-key=k`).
 */
// (Before, a header the log masks by name, `isSecretName(name, true)`, was not masked by value,
// so a hook or a path quoting an `x-auth-token` showed it in the answer and the log.)
export function requestSecrets({ pathname, query, headers }: RequestParts): string[] {
  const found = new Set<string>();
  const texts = [pathname];
  const named = [
    ...Object.entries(query).map(([name, value]) => [name, value, false] as const),
    ...Object.entries(headers).map(([name, value]) => [name, value, true] as const),
  ];
  for (const [name, value, header] of named) {
    texts.push(name, ...valuesOf(value));
    if (isSecretName(name, header))
      for (const v of valuesOf(value)) {
        // (`cookie: sid=…; theme=dark`: each cookie's value, not the list, which a browser's
        // cookie jar may make long enough to be refused, MOST_SECRET_CHARACTERS.)
        const parts =
          name.toLowerCase() === "cookie"
            ? v.split(";").map((pair) => pair.slice(pair.indexOf("=") + 1))
            : [v, v.trim().replace(/^\S+\s+(?=\S)/, "")];
        for (const part of parts) found.add(part.trim());
      }
  }
  for (const text of texts)
    for (const [start, end] of runsAt(text, redact(text))) {
      found.add(text.slice(start, end));
      // A shorter one with the name it was sent under (`api-key=k`, `api-key="k`, `api-key =  k1`
      // with any spaces the redactor reads; after those spaces, as after `:`, only a word with a
      // digit or a symbol is masked): as it was quoted, whole, never a piece of the answers'
      // data. Read back from the run, no regex: linear.
      if (end - start < SHORTEST_SECRET) {
        let from = start;
        while (from && /[^\w\r\n]/.test(text[from - 1]!)) from--;
        const gap = from;
        while (from && /[\w-]/.test(text[from - 1]!)) from--;
        if (from < gap) found.add(text.slice(from, end));
      }
    }
  return [...found].filter((secret) => secret.length >= SHORTEST_SECRET);
}

/**
 * The maskers of the secrets of `request`, undefined when it carries none: `text` for what may be
 * cut short inside a key (the log's body cut at 2 KiB, the `sl-violations` header at 8,000
 * characters), which masks a start of 8 characters or more too; `body` for an answer's body,
 * never cut, which masks each secret only whole, so that the answers' data stays as it is (a key
 * of zeros masked by its start made `100000000,` in an example `1***,`, JSON no longer).
 */
// Over MOST_SECRETS or MOST_SECRET_CHARACTERS, no masker by value: `refused`.
export function requestMasks(request: RequestParts): RequestMasks | undefined {
  const secrets = requestSecrets(request);
  const characters = secrets.reduce((sum, secret) => sum + Math.min(secret.length, 512), 0);
  if (secrets.length > MOST_SECRETS || characters > MOST_SECRET_CHARACTERS)
    return { text: byName, body: byName, refused: [secrets.length, characters] };
  if (!secrets.length) return undefined;
  const id = JSON.stringify(secrets);
  let masks = masksOf.get(id);
  if (!masks) {
    masks = { text: createSecretMasker(secrets), body: createSecretMasker(secrets, true) };
    if (masksOf.size === MASKS_KEPT) masksOf.delete(masksOf.keys().next().value!);
  }
  // (Last used last: the first is the one to drop.)
  masksOf.delete(id);
  masksOf.set(id, masks);
  return masks;
}

/**
 * The maskers of the last MASKS_KEPT sets of secrets requests carried, by their list: a client
 * sends the same key in every request. Built anew, a UUID key's two maskers took ~0.8 ms to write
 * per request, and their patterns' first use 1 to 5 ms to compile for each new key (50 to 90
 * before the key pattern's empty lookaheads, redact.ts `anyForm`).
 */
const masksOf = new Map<string, RequestMasks>();
const MASKS_KEPT = 8;

/**
 * The most secrets a request may carry, and the most characters of them in all (each counted up
 * to 512, past which the SDK's masker reads a secret by its start). Masking by value costs time
 * in proportion to the secrets' number times the text, and compiling their pattern more than in
 * proportion to their characters: a 15 kB URL of 800 `api-key` parameters blocked the mock for
 * 7.7 s, one of 32 of 440 characters for 2 s. A client sends a few, of 36 characters or a
 * token's thousand; more are refused (`refused`).
 */
export const MOST_SECRETS = 32;
/** See {@link MOST_SECRETS}. */
export const MOST_SECRET_CHARACTERS = 2048;

// What masks a refused request's answer, which quotes nothing of it but in its headers (the
// reflected `Access-Control-Request-Headers`): every secret requestSecrets finds in a text is one
// the SDK's redactor masks there by name.
const byName: Redactor = (text) => redact(text);

/** See {@link requestMasks}. */
export interface RequestMasks {
  text: Redactor;
  body: Redactor;
  /**
   * How many secrets, of how many characters, a request of more than MOST_SECRETS or
   * MOST_SECRET_CHARACTERS carries: it is answered a 400.
   */
  refused?: [count: number, characters: number];
}

/**
 * A copy of `value` with every string (and property name) through `mask`; numbers and bigints kept.
 */
export function maskStrings<T>(value: T, mask: Redactor): T {
  if (typeof value === "string") return mask(value) as T;
  if (!value || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => maskStrings(item, mask)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([name, member]) => [mask(name), maskStrings(member, mask)]),
  ) as T;
}
