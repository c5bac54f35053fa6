/**
 * API key redaction. Every string that leaves the SDK (error messages, bodies, headers,
 * snippets, log lines) passes through a redactor first.
 */

const MASK = "***";

// Any `api-key=` / `api_key=` / `apikey=` value, whoever's key it is (a server may echo the URL):
// - where it is: after `=`, after `=` or `:` URL-encoded (before encoded spaces:
//   `?next=%2F%3Fapi-key%3Dv`, `api-key%3A%20v`; encoded again, a URL in a URL in a query,
//   `%253Fapi-key%253Dv`), or after `:`, `:=` or a spaced `=` (`Api-Key: v1`, `API_KEY = v1`,
//   `api-key := v1`; the spaces any but a line break, a non-breaking one too, French
//   typography's `api-key\u00a0:`), and after `:` or `=` HTML-escaped as ESAPI and Handlebars
//   write them (`api-key&#x3a; v1`), and as .NET's AntiXSS does, in decimal (`api-key&#58; v1`);
// - after those, one word, past any scheme and a list's `[`, a `(` or a `<` (`api-key: [ v1 ]`,
//   `(v1)`, `<v1>`), but not one that starts a closing tag, `/`, a word and `>`
//   (`<td>api-key:</td>`; with any `/`, a base64 key that starts with one was shown,
//   `(/Ab+c=)`). An `=`, a second `(` or a quote, escaped or after a `[`, starts no value
//   (`api-key = (attempt 2)` stays; `api-key: \"v\"` and `api_key: ['v']` are QUOTED's;
//   `x-api-key`'s is HEADER's);
// - only a word that holds a digit or an ASCII symbol (not the punctuation below), as HEADER's
//   following words: a server's message names the key before its own words, `api-key: is
//   required`, zod's `apiKey: Required`, which stay (decision 0024), in any script: a character
//   outside ASCII is no key's (`api-key: обязателен`, `必須です。`, Hindi's vowel signs). That
//   character is looked for up to a `:` after an api-key name, where another name's value starts
//   (read past it again from each name, `apikey:` repeated took time quadratic in the text), not
//   after any `key` (`api-key: turkey:42` was shown);
// - the value is the whole word but for the punctuation that ends it, `)`, `]`, `}`, `.`, `,`,
//   `;`, `:`, `!` or `?`: a URL in parentheses or ending a sentence keeps its `)` or `.`. Inside
//   the value it is part of the key, and so is a last character that is none of these (base64's
//   `=`). (The greedy run gives back only its trailing punctuation: linear.)
// Each rule reads a credential name where no letter is right before it, so that it does not match
// inside a longer camelCase word (`hasApiKey`, `requiresAuthorization`): a prefix joined by `-` or
// `_` (`x-api-key`, `HELIUS_API_KEY`, `proxy-authorization`) still names a key, as a header's or a
// variable's name does. A letter that starts the text is a letter too (`sapi-key=v`, as after a
// line break). A letter after a backslash or a digit may end an escape (`\napi-key: v`,
// `\u000aapi-key`, `%0Aapi-key` in text: a line break), and counts as none; so does one ending
// `%XX`, `\xXX` or `\uXXXX` (a BOM or « before the name, `%EF%BB%BF`, `\uFEFF`, `%C2%AB`), which
// no camelCase word holds. (Parsed JSON is read by whole names: SECRET_NAME.)
const QUERY =
  /(?<!(?<![\\\d])[a-z](?<!(?:%|\\x|\\u..)..))(api[-_]?key(?:=|%(?:25)*3[AD](?:%(?:25)*20)*|(?<!x-api-key)[^\S\n]*(?:[:=]|&#(?:x3[ad]|58|61);)=?[^\S\n]*(?!=)(?:[[(<](?!\/\w*>)[ \t]*)?(?!\()(?:(?:bearer|basic|token|digest)[ \t]+)?(?=(?:[^&#\s"'<>:]|(?<!api[-_]?key):)*[^a-z&#\s"'<>[)\]}.,;:!?\x80-\uffff])))(?!(?:\[\s*)?\\{0,15}["'])[^&#\s"'<>]*[^&#\s"'<>)\]}.,;:!?]/gi;
// `X-Api-Key: v`, `"authorization":"Bearer v"`, `authorization=v`, `Authorization header: v`
// (`:` or `=` URL-encoded too, once or more, `authorization%3A%20v`; `:=` whole, whose `=` was
// taken for the value, and not given back for one when a quote follows, `:="v"`), and a
// webhook's `"authHeader":"v"` (SECRET_NAME's names, for a body that is kept as text: not JSON, or
// cut short in a snippet): the value after a `Bearer`, `Basic`, `Token` or `Digest` scheme, which
// stays (any other first word may be part of the secret; a bare value may follow it on a folded
// header's next line, `Bearer\r\n\tv`, but not a word and `:` there, a next header,
// `Authorization: Token\r\nAuthorization: Bearer v`, which was taken for the value and its
// credential shown). A quoted value is masked up to its closing quote, spaces, commas and escaped
// quotes included (the end of the line if it has none), an `api-key`'s too, `"api-key":"v"` (a
// key a client's own endpoint added, which the client cannot mask as its own; a bare `api-key=v`
// is QUERY's; `x-api-key` is kept as it is before the match, which starts at `api`), JSON inside
// a JSON string too, `{\"api-key\":\"v\"}`, its quotes escaped, up to the escaped closing one,
// and escaped again, `\\\"`, as a JSON body quoted in an error that is quoted in JSON (up to 15
// `\`, four levels; with no cap the closing quote, compared at every character, could be as long
// as the text), JSON HTML-escaped in an error page, `{&quot;api-key&quot;:&quot;v&quot;}`
// (`&#34;`: Go's html/template, Jinja2, EJS; any reference of 2 or 3 characters, `&#39;`,
// `&#x27;`, `&#039;`, `&#x22;`: a Python dict in a Jinja2 or Django page, PHP, JSTL), and JSON's
// `\u0022` and `\u0027` (.NET's System.Text.Json writes a quote in a string so: a JSON body
// quoted in a ProblemDetails' `detail`), after a `(` as after a `[` (`("v")`), and the first of a
// list, Go's `"X-Api-Key":["v"]` (which HEADER leaves), after `:=` too (`x-api-key := "v"`, whose
// `=` HEADER does not take for the value) ...
const QUOTED =
  /(?<!(?<![\\\d])[a-z](?<!(?:%|\\x|\\u..)..))((?:api[-_]?key|authorization|auth[-_]?header)(?: header)?(?:\\{0,15}["']?|&(?:quot|#\w{2,3});|\\u002[27])\s*(?:[:=]|&#(?:x3[ad]|58|61);)=?\s*(?:[[(]\s*)?(\\{0,15}["']|&(?:quot|#\w{2,3});|\\u002[27])(?:(?:bearer|basic|token|digest)[ \t]+(?=[^\s"'\\]))?)(?:(?!\2)(?:[^\\\r\n]|\\.))+/gi;
// ... a bare one, after the same name and scheme, in three parts:
// - `(?:[a-z]+[ \t]+)?`: a first word of letters only, which may be an unknown scheme (`Custom`),
//   so the word after it is taken too;
// - `[^\s"';&}<]+`: a word, to a space, quote, `;`, `&`, `}` or `<` (a comma may be part of it);
// - `(?:[ \t]+(?=…)[^\s"';&}<]+)*`: the words of the same line that follow while they can be part
//   of the credential, a word with a digit or an ASCII symbol (`part2`, `Signature=ab12`,
//   `AKIA/2020,`). The first plain word (letters and characters outside ASCII only, perhaps with
//   a `.,:!?)` after them: `が無効です`) ends the value, so the message around it stays
//   readable: `Authorization: Custom part1 part2 was rejected` keeps `was rejected`.
// (Not told apart from the message: a third plain word of a bare secret, `Custom abc def`. The
// configured key and a call's own credentials are masked whole wherever they appear.)
const HEADER =
  /(?<!(?<![\\\d])[a-z](?<!(?:%|\\x|\\u..)..))((?:x-api-key|authorization|auth[-_]?header)(?: header)?["']?\s*(?:[:=]=?(?!=)|%(?:25)*3[AD](?:%(?:25)*20)*|&#(?:x3[ad]|58|61);)\s*(?![[(]\s*\\?["'])(?:(?:bearer|basic|token|digest)\s+(?![\w-]+:))?)(?:[a-z]+[ \t]+)?[^\s"';&}<]+(?:[ \t]+(?=[^\s"';&}<]*[^a-z\s"';&}<.,:!?)\x80-\uffff])[^\s"';&}<]+)*/gi;

/** A function that removes credentials from text. */
export type Redactor = (text: unknown) => string;

const hex = (n: number, width = 0) => n.toString(16).padStart(width, "0");
const HTML_NAMED: Record<string, string> = {
  "&": "amp",
  "<": "lt",
  ">": "gt",
  '"': "quot",
  "'": "apos",
};

/**
 * A regex source matching `char` written in any of the ways a server may echo text: as itself,
 * percent-encoded (its UTF-8 bytes; again too, `%252B`, a URL in another's query), as a JSON or
 * JavaScript escape (`\u00e9`, `\xe9`, `\"`), as an HTML character reference (`&#233;`,
 * `&#xe9;`, `&amp;`), and a space also as `+` (form encoding). With `plain`, not percent-encoded,
 * as a `\u` or `\x` escape or as a numeric reference: for a text with no `%`, `\u`, `\x` or `&#`.
 * The empty lookahead after the group matches anywhere and changes no match: V8's compiler reads on
 * from each alternative into the next characters' ones up to such an assertion. With it, a UUID's
 * pattern with every form compiles in a fourth to a ninth of the CPU time it took, for a process's
 * first twenty or so such patterns: past those, Node 20's V8 compiled one without the lookaheads in
 * ~3 ms, one with them in 4 to 10.
 */
const anyForm = (plain?: number) => (char: string) => {
  const literal = char.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
  const code = char.codePointAt(0)!;
  const short = "\b\f\n\r\t".indexOf(char);
  return `(?:${[
    literal,
    ...(plain
      ? []
      : [
          [...new TextEncoder().encode(char)].map((byte) => "%(?:25)*" + hex(byte, 2)).join(""),
          char
            .split("")
            // (`\x2d` too, a JavaScript string's escape: ESAPI's encodeForJavaScript writes every
            // character but letters, digits, `,`, `.` and `_` so, a UUID's `-` too; and after more
            // backslashes, `\\u002B`, an escape in a text quoted in JSON again; up to 4, two
            // levels: uncapped, a run of backslashes was read again from each one, and 8 MB of them
            // in test/faults/hostile.test.ts ran past its time; 4 cost no more than 1, 5 four times
            // more.)
            .map((unit) => "\\\\{1,4}[ux]0*" + hex(unit.charCodeAt(0)))
            .join(""),
          `&#0*${code};|&#x0*${hex(code)};`,
        ]),
    '"\\/'.includes(char) && "\\\\" + literal,
    // (JSON's short escapes of control characters: a secret with a line break, echoed as `\n`.)
    short >= 0 && "\\\\" + "bfnrt"[short],
    HTML_NAMED[char] && `&${HTML_NAMED[char]};`,
    char === " " && "\\+",
  ]
    .filter(Boolean)
    .join("|")})(?=)`;
};

/**
 * A regex source matching `secret` in any of the forms {@link anyForm} knows, by three rules:
 * - A secret under 8 characters (an authHeader of `x`, a placeholder key such as `test`: real
 *   keys are 36-character UUIDs) is a piece of many words: it is masked only where no word
 *   character touches it, or `latest` would read `la***` and `api-key` `api-***ey`.
 * - A text cut short inside a long secret (a body the server cut there, marked `…` or not, then
 *   perhaps closed with a quote or a line break) holds a piece of it: 8 characters or more of its
 *   start, where no word character follows, are masked too. Fewer leave too much of a real key
 *   unknown to matter, and would mask common words; one followed by a letter or digit goes on as
 *   another word.
 * - A long secret is matched by its start, then the rest of its word (to a space, a quote, `&` or
 *   `<>` that the secret does not hold past its start, or the end of the line): whole up to 512
 *   characters, and a piece cut short up to 72, one nested optional group per character. Matched
 *   whole, a webhook's `authHeader` (8,192 allowed) made a regex too large to compile, whose
 *   SyntaxError quoted it; nested per character, V8's compiler recursed per group, 0.65 s for
 *   1,000 characters and an out-of-memory abort of the process for 4,000 (found by the tool
 *   schemas' oracle test).
 * - A word character is a letter, a digit or `_` (regex `\w`), and only such an edge can be part
 *   of a word: `**` in `a**b` is masked. An escape before the secret (`%3D`, `\u0022`) ends
 *   there: it is no word.
 */
const secretPattern = (secret: string, plain?: number) => {
  const points = [...secret];
  const chars = points.slice(0, 512).map(anyForm(plain));
  const form = chars.join("");
  // The rest of a long secret past its first `from` characters: to the next space, quote, `<>` or
  // `&` that the rest does not hold itself, or the end of the line. (Stopped at any space, a
  // secret with one past its start showed the words after it: `Custom <600 characters> part2`
  // kept `part2` visible.)
  const rest = (from: number) =>
    points.length > from
      ? `[^\\r\\n${` "'<>&`.replace(/./g, (stop) => (points.includes(stop, from) ? "" : stop == " " ? "\\s" : stop))}]*`
      : "";
  return secret.length > 7
    ? `${form}${rest(512)}|${chars.slice(0, 8).join("")}${chars.slice(8, 72).reduceRight((inner, char) => `(?:${char}${inner})?`, rest(72))}(?!\\w)`
    : `${/^\w/.test(secret) ? "(?<=^|\\W|%\\w\\w|\\\\u\\w{4})" : ""}(?:${form})${/\w$/.test(secret) ? "(?!\\w)" : ""}`;
};

/**
 * Builds a redactor for `apiKey`: it masks the key however it is written (raw, URL-encoded,
 * JSON-escaped, HTML-escaped, or any mix of these, character by character; letters in any
 * case), plus any `api-key=` query value, quoted `api-key` value (`"api-key":"…"`) and `X-Api-Key`
 * / `Authorization` header value (and a webhook's `authHeader`) even without a key. `secrets` (such
 * as the `authHeader` a call sends) are masked in every form as the key is.
 */
export const createRedactor = (apiKey?: string, secrets: readonly string[] = []): Redactor => {
  // Longest first: where one secret starts another, the longer one is masked whole.
  const all = ([apiKey, ...secrets].filter(Boolean) as string[]).sort(
    (a, b) => b.length - a.length,
  );
  // Every match of the secrets' pattern holds a secret's first 8 characters (a shorter one's all)
  // in some form: a text without them is not read by it; this one V8 compiles in ~1.5 ms.
  const keyStart = all.length
    ? new RegExp(all.map((s) => [...s].slice(0, 8).map(anyForm()).join("")).join("|"), "i")
    : undefined;
  // The secrets' pattern for `text`: for one with no `%`, `\u`, `\x` or `&#` (in either case),
  // which every percent-encoded, escaped or numeric-reference form holds, a pattern without those
  // forms, which finds the same matches in it. With every form V8 compiles a UUID's pattern
  // (4 kB of source) in 7 to 25 ms of CPU on its first use (55 to 100 before anyForm's empty
  // lookahead), without them in ~0.3 ms: every new client's first text holding the key, a
  // serverless cold start's first error echoing its URL.
  // Each is built once, when first needed. (`i`: hex digits in escapes come in either case. It
  // also masks the key in another case: harmless.)
  const patterns: RegExp[] = [];
  const keyIn = (text: string, plain = +!/%|\\[ux]|&#/i.test(text)) =>
    (patterns[plain] ??= new RegExp(
      all.map((secret) => secretPattern(secret, plain)).join("|"),
      "gi",
    ));
  return (value) => {
    let text = String(value);
    if (keyStart?.test(text)) text = text.replace(keyIn(text), MASK);
    try {
      text = text
        .replace(QUERY, "$1" + MASK)
        .replace(QUOTED, "$1" + MASK)
        .replace(HEADER, "$1" + MASK);
    } catch {
      // A credential-shaped run of millions of characters (`Authorization: Custom` and 2.7 million
      // words, 8 MB of a server's) overflows the regex engine's stack: such a text is masked whole,
      // never shown unredacted, and the call fails with its own error, not that RangeError.
      return MASK;
    }
    // Masking can splice a new occurrence together (a key such as `**x` next to `***`), so
    // delete until none is left (no match is empty: a pass that changes nothing found none);
    // every pass shortens the text, so this ends.
    while (keyStart?.test(text) && text != (text = text.replace(keyIn(text), "")));
    return text;
  };
};

/**
 * A redactor that masks `secrets` only, in every form {@link createRedactor} masks a key in, and
 * nothing by its name: for text whose credential-named values are data, not an echo of a
 * secret (the mock's answers: the spec's examples, a webhook's `authHeader` echoed to its
 * sender). With `whole`, a secret of 8 to 512 characters is masked only whole, not where a text
 * cut short holds its start: for a text that is never cut (an answer's body), whose data may
 * hold a key's first 8 characters (`00000000` of a key of zeros in `100000000,`).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const createSecretMasker = (secrets: readonly string[], whole?: boolean): Redactor => {
  // (createRedactor's sort, two patterns and mask loop, written again: one helper for both cost
  // every program 35 B min, 27 to 31 B gz, for code that only the mock holds.)
  const all = secrets.filter(Boolean).sort((a, b) => b.length - a.length);
  // As createRedactor's `keyIn`: for a text with no `%`, `\u`, `\x` or `&#`, the pattern without
  // the forms that hold one, which finds the same matches in it; the mock's answers and log lines
  // rarely hold one. Its first use compiles in under 1 ms, the other's, for a UUID, in 1 to 5 ms
  // (50 to 90 before anyForm's empty lookahead): each new key the mock is sent. (Masked by its
  // start, a key of zeros broke the mock's JSON answers, `1***,`: `whole`.)
  const patterns: RegExp[] = [];
  const secretsIn = (text: string, plain = +!/%|\\[ux]|&#/i.test(text)) =>
    (patterns[plain] ??= new RegExp(
      all
        .map((secret) =>
          whole && secret.length > 7 && secret.length <= 512
            ? [...secret].map(anyForm(plain)).join("")
            : secretPattern(secret, plain),
        )
        .join("|"),
      "gi",
    ));
  return (value) => {
    let text = String(value);
    // (As createRedactor: masking can splice a new occurrence together, deleted until a pass finds
    // none. A pass that found none ends it: a second read of a text with no secret, a megabyte
    // of an answer, was as long as the first.)
    for (let found = !!all.length, mask = MASK; found; mask = "") {
      found = false;
      text = text.replace(secretsIn(text), () => ((found = true), mask));
    }
    return text;
  };
};

/**
 * Redacts `apiKey` (and any key-like query/header value) from `text`. It builds its regexes anew on
 * every call: to redact many texts, build one redactor with {@link createRedactor} and reuse it.
 */
export const redact = (text: unknown, apiKey?: string): string => {
  return createRedactor(apiKey)(text);
};

// Property names whose value is a credential, whoever's it is (`authHeader`: a webhook's secret,
// which a server may echo back in an error body).
const SECRET_NAME = /^(?:x-api-key|authorization|api[-_]?key|auth[-_]?header)$/i;
// Other header names whose value may be a credential (`x-token`, `x-auth-token`, `cookie`,
// `proxy-authorization`, `x-client-secret`): a header is sent, not data, so a value masked
// needlessly (an `x-idempotency-key`) costs little. Only values of 8 characters or more: a short
// one (`x-key-version: 1`) would mask every such word of a message, and holds no real secret.
const SECRET_HEADER = /auth|key|token|secret|pass|cookie|signature|session|credential/i;

/**
 * Whether a member named `name` holds a credential: a query parameter's or body member's
 * (`api-key`, a webhook's `authHeader`), or with `header` a header's (`x-token`, `cookie` too).
 * The rule the redactor reads credentials by, for code that masks by name (the mock's request
 * log).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const isSecretName = (name: string, header?: boolean) =>
  SECRET_NAME.test(name) || (!!header && SECRET_HEADER.test(name));

/**
 * The credentials a request's input carries (a webhook's `authHeader`), or with `headers` those
 * of its headers (SECRET_HEADER's too): the string values of its credential-named properties, each
 * whole and without its first word (a scheme: `Bearer`, or any other, `Custom`), so that an echo
 * of the credential alone is masked too. A redactor knows them only when told: a server may echo
 * one with no name beside it (`invalid header Bearer s3cret`) or HTML-escaped.
 * @internal
 */
export const credentialsIn = (input: unknown, headers?: boolean): string[] => {
  const found = new Set<string>();
  if (input && typeof input === "object")
    for (const [name, value] of Object.entries(input)) {
      const named = SECRET_NAME.test(name);
      // (A number of 8 digits or more too: an `authHeader` given as one is refused, and the
      // refusal quotes it. A shorter one would mask every such number of a message.)
      if (
        (typeof value === "string" || (typeof value === "number" && value > 9999999)) &&
        (named || (headers && SECRET_HEADER.test(name)))
      )
        // The whole value, and the credential after a scheme alone (`Token s3cret`: `s3cret`;
        // any first word, since a scheme may be one of the server's own); of SECRET_HEADER's
        // names, each only when 8 characters or more.
        for (const part of [
          String(value).trim(),
          String(value)
            .trim()
            .replace(/^\S+\s+(?=\S)/, ""),
        ])
          if (named || part.length > 7) found.add(part);
    }
  found.delete("");
  return [...found];
};

/**
 * The credentials inside the URLs a request's input sends (a webhook's `webhookURL`, whose
 * `?token=` or, for a Discord webhook, whose last path segment is the receiver's secret), for a
 * redactor to mask when a server echoes the body: the userinfo's parts and the query's values of
 * 8 characters or more, and the path's segments of 16 or more (the rule `baseUrls` path tokens
 * follow, decision 0016: a shorter segment is a route's word). Read from the text as given, so an
 * echo of it matches. (Only REST inputs carry URLs: a JSON-RPC bundle does not hold this.)
 * @internal
 */
export const urlCredentialsIn = (input: unknown): string[] =>
  Object.values(Object(input)).flatMap((value) => {
    const [, userinfo = "", path = "", query = ""] =
      (typeof value == "string" &&
        /^https?:\/\/(?:([^/?#]*)@)?[^/?#]*([^?#]*)\??([^#]*)/i.exec(value)) ||
      [];
    // (A query's names of 8 characters or more are masked too: harmless, and one split.)
    return [...userinfo.split(":"), ...query.split(/[&=]/)]
      .filter((part) => part.length > 7)
      .concat(path.split("/").filter((segment) => segment.length > 15));
  });

/**
 * A redacted copy of parsed JSON: every string through `redact`, and every property name of 8
 * characters or more (a shorter one holds no secret of a real key's length, and masking a short
 * placeholder key such as `error` in a name would hide the body's own fields), the value of a
 * credential-named property masked whole (each string of a list too), a number or bigint spelling
 * the key masked. (Walked, not redacted as JSON text: masking text such as `"authorization":null`
 * would break the JSON.) What is nested more than 100 levels deep is `"…"`: parsed JSON can be
 * nested deeper than this recursion can go (a hostile server's error object, a few thousand
 * levels), and its RangeError would be the call's error.
 */
export const scrub = <T>(value: T, redact: Redactor, name?: string, depth = 0): T => {
  const copy: unknown =
    depth > 99
      ? "…"
      : typeof value === "string"
        ? name && SECRET_NAME.test(name)
          ? MASK
          : redact(value)
        : typeof value === "number" || typeof value === "bigint"
          ? redact(value) === String(value)
            ? value
            : MASK
          : Array.isArray(value)
            ? // (Under its name: a header's values as a list, Go's `{"Authorization":["Bearer v"]}`,
              // are credentials as one value is.)
              value.map((item) => scrub(item, redact, name, depth + 1))
            : value && typeof value === "object"
              ? Object.fromEntries(
                  Object.entries(value).map(([k, v]) => [
                    k.length > 7 ? redact(k) : k,
                    scrub(v, redact, k, depth + 1),
                  ]),
                )
              : value;
  return copy as T;
};
