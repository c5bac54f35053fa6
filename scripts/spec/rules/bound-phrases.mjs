// How bound-prose.mjs reads prose: the phrases of a description that state a bound ("up to 1,000",
// "1 to 100", "at least 2", a refused "more than 100": boundPhrases), with the unit after their
// number, and whether a phrase is about a given request value (phraseIsAbout: its name right before
// the phrase, or one of its words after the number; ownPhraseIsAbout in the value's own
// description). English only, and deliberately narrow: a number that is a duration, a rate, a count
// of tries or each part's length is no bound, and a phrase about nothing the rule can name is left
// alone: a finding should be a real disagreement, never a guess.
//
// The reading in full (it was spec/README.md's "Changing a bound", which now points here):
// A bound phrase ("up to", "at most", "maximum", "at least", "1 to 1,000", "1–1000", "between 1 and
// 10", "≤ 100", "no fewer than 2", "must not exceed 100", and "more than N" / "fewer than N" in a
// clause (a sentence, or its part between semicolons) that says it is refused ("does not fail" does
// not) or right after a negation ("not needed with fewer than 10" is none), where it counts the
// value (its name right before it, its noun right after the number, or in its own description
// nothing or a verb after it: "fewer than 2 signatures" counts signatures): "refuses more than 100
// entries", "more than 1000 entries with …", "cannot hold more than 100" state `maxItems` N, "fewer
// than 2 addresses are rejected" `minItems` 2) in a bounded schema's own description (a param,
// query option, REST parameter or body property, or one of its object properties; and any other
// schema: a result's property such as the wallet's `nfts`, a shared one, one only an `x-all-of`
// rule names such as `Base58Transaction`) must state its `maxItems` / `maxLength` / `maximum` (and
// the lower keyword for a range or "at least"); one in the operation's summary or description, or
// the body's, is held to a top-level request value's keywords when it is about that value: its name
// right before the phrase (`` `limit` up to 1,000 ``; `params` too for an `x-params: array`
// method's one param) or one of its words just after the number: its name's ("up to 1,000 assets by
// id", "at most 100,000 addresses"), for an array those of the noun phrase its own description
// begins with ("up to 100 wallets" of `addresses`, "The wallet addresses and/or name-service
// domains …"), and "entries" / "elements" for the operation's only array request value
// (compression's "(1 to 1000 entries)"). In the description of a request body of one property, a
// phrase followed by no word ("(1 to 100)") is about that property. A phrase in the area's
// `info.description` is held the same way to the request values it is about, of whichever
// operation, and to each bounded schema they have (token-metadata's "up to 100 mints per request",
// webhooks' "watches up to 100,000 accounts": createWebhook's and updateWebhook's
// `accountAddresses`; a schema that disagrees is its own finding). A claim that more than N pass
// ("accepts more than 1000 ids", a verb of accepting right before it) needs a `maxItems` above N.
// The word after the number says what it counts: "characters" a string's length only; "bytes"
// (bits, KB) no string length or array size (`Base58Transaction`'s "at most 1,232 bytes" is the
// transaction's size, its "At most 5,594 characters" its `maxLength`); a number with no unit in a
// string's description counts where the string's name anchors it, or in the string's own
// description where nothing follows it in its clause ("A label, at most 32."), but not a bare range
// ("0-9" of an alphabet is no length) nor one of a string that holds a number as text. A bound the
// prose states is a finding also where the schema has no bound keyword at all (a string without
// `maxLength`: "A label, at most 32 characters."; an array without `maxItems`, a number without
// `maximum`): the SDK checks the keywords, never the prose. A string's `pattern` of one run of one
// character (`^[1-9A-HJ-NP-Za-km-z]{32,44}$`) bounds its length as `minLength` / `maxLength` do, so
// Address's "32 to 44 characters" agrees with it. In a page size's own description (a `limit`,
// `pageSize`, `maxResults`, a number whose description begins "The number of" or "Page size", an
// `x-pagination.limit` param) the noun after the number is what it counts: "Returns at most 1000
// items per page" states its `maximum` as "up to 1000" does. In another number's, a phrase per one
// of its own units (`page`'s "at most 1,000 assets per page", "each page holds at most 1,000
// assets") states what a page holds, not the page: no bound of `page`. A phrase in an operation's
// or the area's prose that the words of a bounded value tie it to states that value's bound, not
// one another value of like words lacks ("up to 100,000 addresses per webhook" is
// `accountAddresses`', not `accountAddressOwners`'), unless that one's name is right before it.
// Other numbers ("at most 1,000,000 child accounts", "up to 3 times", "10 req/s", "at most 44
// characters each" (a part's length), "may hold more than 1000", "returns fewer than 10 on the last
// page"), and a value that takes no bound (a boolean such as `showNfts`), are left alone. The
// `page` / `limit` echoes (`x-pagination.echoedPage` / `echoedLimit`, or a top-level result
// property of the param's name) must carry the param's bound keywords.
import { deref, nameWords, schemaTypes } from "./schema-walk.mjs";

// A number as prose writes it: 1000, 1,000 (thousands separated by commas).
const PROSE_NUMBER = String.raw`\d{1,3}(?:,\d{3})+|\d+`;
// Not part of a longer number, a date (2026-03-01), a decimal, a version or a word (UUIDv4).
const NOT_BEFORE = String.raw`(?<![\w.,/:-])`;
const NOT_AFTER = String.raw`(?![.,]?\d|[\w%]|-\d)`;
/**
 * The phrases that state a bound: `kind` lower / upper / range, with the numbers they state.
 * ("more than N", "fewer than N" and "less than N" are COMPARATIVE's; "from N" is left out: a
 * start, "`page` from 1". "must not exceed N" / "never exceeds N" is the upper bound N.)
 */
const BOUND_PHRASES = [
  {
    kind: "range",
    re: new RegExp(
      String.raw`${NOT_BEFORE}(${PROSE_NUMBER})\s*(?:to|–|-|\.\.)\s*(${PROSE_NUMBER})${NOT_AFTER}`,
      "gi",
    ),
  },
  {
    kind: "range",
    re: new RegExp(
      String.raw`\bbetween\s+(${PROSE_NUMBER})\s+and\s+(${PROSE_NUMBER})${NOT_AFTER}`,
      "gi",
    ),
  },
  {
    kind: "upper",
    re: new RegExp(
      String.raw`(?:\b(?:up to|at most|no more than|not more than|maximum(?: of)?:?|max\.?:?|(?:(?:must|may|should|can|does|do|will)\s+)?(?:not|never)\s+exceed(?:s|ing)?|(?:cannot|can't|mustn't|won't|doesn't|shouldn't)\s+exceed)\s+|(?:≤|<=)\s*)(${PROSE_NUMBER})${NOT_AFTER}`,
      "gi",
    ),
  },
  {
    kind: "lower",
    re: new RegExp(
      String.raw`(?:\b(?:at least|no fewer than|not fewer than|no less than|not less than|minimum(?: of)?:?)\s+|(?:≥|>=)\s*)(${PROSE_NUMBER})${NOT_AFTER}`,
      "gi",
    ),
  },
];
/**
 * "more than N" / "fewer than N" / "less than N" (not after "no" / "not": BOUND_PHRASES'). What it
 * states depends on its sentence (`comparativeKind`): N + 1 (N − 1) is refused, so N is the upper
 * (lower) bound, where its clause (the sentence, or its part between semicolons) says so, by a
 * refusal not negated ("a call that does not fail", "without error" refuse nothing): "refuses more
 * than 100 entries", "more than 1000 ids fail", "fewer than 2 addresses are rejected" (REFUSAL),
 * "cannot hold more than 100", "must not have fewer than 2" (a negation just before it); N + 1 (N −
 * 1) passes, where a verb of accepting comes just before it and nothing is refused: "accepts more
 * than 1000 ids" (a claim the bound keyword must leave room for: kind `over` / `under`). Elsewhere
 * it states no bound of a request value and is left alone: "may hold more than 1000", "must hold
 * more than 10" (the owner's?), "returns fewer than 10 items" (a result's page). And it is a bound
 * of a value only where it counts that value (`comparativeCounts`), not another noun: "fewer than 2
 * signatures".
 */
const COMPARATIVE = new RegExp(
  String.raw`\b(more|fewer|less)\s+than\s+(${PROSE_NUMBER})${NOT_AFTER}`,
  "gi",
);
// A negation in the (up to two) words before a comparative: "cannot hold", "must not have", "does
// not accept", "never more than". (Right before it, "no more than" / "not fewer than", it is
// BOUND_PHRASES'.)
// (Not across a preposition or a conjunction: "not needed with fewer than 10" negates "needed".)
const NEGATED = /(?:\b(?:not|never|cannot)|n't)((?:\s+[\w-]+){0,2})\s+$/i;
const NOT_NEGATING = new Set(
  "with without for when if in on at by from of after before until unless since as while where because so to".split(
    " ",
  ),
);
const negated = (before) => {
  const m = NEGATED.exec(before);
  return (
    !!m &&
    !m[1]
      .trim()
      .split(/\s+/)
      .some((w) => NOT_NEGATING.has(w.toLowerCase()))
  );
};
const RIGHT_AFTER_NO = /\b(?:no|not)\s+$/i;
// A verb of accepting right before a comparative: "accepts more than", "also allows fewer than".
const ACCEPTING =
  /\b(?:accepts?|accepted|accepting|allows?|allowed|allowing|permits?|permitted|takes?|taking|supports?|supported|handles?)(?:\s+(?:also|still|even))?\s+$/i;
// The words of a sentence that says what it names is refused ("refuses", "fail", "rejected", "an
// error", "Too many addresses requested").
// (Not one negated: "a call that does not fail", "without error", "never rejected".)
const REFUSAL = /\b(?:refus\w*|reject\w*|fail\w*|errors?|too many|not allowed|invalid)\b/gi;
const NOT_REFUSED = /(?:\b(?:not|never|no|without|cannot)|n't)(?:\s+[\w-]+){0,2}\s+$/i;
const refuses = (text) =>
  [...text.matchAll(REFUSAL)].some((m) => !NOT_REFUSED.test(text.slice(0, m.index)));
/**
 * The sentence of `text` the characters from `start` to `end` are in (`clause`: the part of it
 * between semicolons, "The last page may hold fewer than 100; a larger `limit` is rejected").
 */
function sentenceOf(text, start, end, clause = false) {
  let from = 0;
  const before = clause ? /[.!?]\s|;/g : /[.!?]\s/g;
  for (const m of text.slice(0, start).matchAll(before)) from = m.index + m[0].length;
  const stop = text.slice(end).search(clause ? /[.!?](?:\s|$)|;/ : /[.!?](?:\s|$)/);
  return text.slice(from, stop < 0 ? text.length : end + stop);
}

// A unit of time among the words after a number: a duration or a rate ("1-2 seconds", "at most 50
// pages a minute"), not a bound of a request value.
const TIME_UNIT = /^(?:ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|hours?|days?|weeks?)$/i;
// A count of tries right after a number ("retried up to 3 times", "at most 5 attempts").
const REPEAT_UNIT = /^(?:times|retries|attempts|tries)$/i;
// The words after a length that make it each part's ("at most 44 characters each", "… per line"),
// or before it ("each of at most 44 characters"): no bound of the whole string.
const EACH_AFTER = /^(?:each|per|apiece)$/i;
const EACH_BEFORE = /\beach(?:\s+(?:of|one of|with|up to|at most))?\s*$/i;
// The units among the words after a number that say what it counts: characters, a string's length
// (minLength / maxLength); bytes and the like, a size in bytes, which no string length or array
// size is ("at most 5,594 characters" of base58 text beside "at most 1,232 bytes" of the
// transaction it encodes).
const LENGTH_UNIT = /^(?:characters?|chars?)$/i;
const SIZE_UNIT = /^(?:bytes?|bits?|[KMG]i?B|kilobytes?|megabytes?|gigabytes?)$/i;

// The unit a phrase counts per, in its clause: "at most 1,000 assets per page", "each page holds
// at most 1,000 assets" (page).
const PER_UNIT = /\b(?:per|each|every)\s+([A-Za-z][\w-]*)/i;

/**
 * Every bound phrase of `text`: { kind (lower / upper / range, or `over` / `under`: a claim that
 * more / fewer than its number pass), phrase, numbers (as written), index, end, unit ("length",
 * "size" or undefined: LENGTH_UNIT / SIZE_UNIT among the words after it), after (the words after
 * it: followingWords), bare (no word after it in its clause: "at most 32.", "(at most 32)"), per
 * (the unit it counts per: PER_UNIT, after it in its clause or else before), comparative }.
 */
export function boundPhrases(text) {
  const found = [];
  const add = (kind, m, numbers, index = m.index, comparative = false) => {
    const end = m.index + m[0].length;
    const after = followingWords(text, end);
    if (after.some((w) => w.split("/").some((part) => TIME_UNIT.test(part)))) return;
    if (REPEAT_UNIT.test(after[0] ?? "")) return;
    const unit = after.some((w) => LENGTH_UNIT.test(w))
      ? "length"
      : after.some((w) => SIZE_UNIT.test(w))
        ? "size"
        : undefined;
    if (
      unit === "length" &&
      (after.some((w) => EACH_AFTER.test(w)) || EACH_BEFORE.test(text.slice(0, index)))
    )
      return;
    const phrase = text.slice(index, end);
    const clauseAfter = /^[^.;:,()\n]*/.exec(text.slice(end))[0];
    const clauseBefore = /[^.;:,()\n]*$/.exec(text.slice(0, index))[0];
    const per = (PER_UNIT.exec(clauseAfter) ?? PER_UNIT.exec(clauseBefore))?.[1].toLowerCase();
    found.push({
      kind,
      phrase,
      numbers,
      index,
      end,
      unit,
      after,
      bare: !after.length,
      per,
      comparative,
    });
  };
  for (const { kind, re } of BOUND_PHRASES)
    for (const m of text.matchAll(re))
      add(
        kind,
        m,
        m.slice(1).filter((n) => n !== undefined),
      );
  for (const m of text.matchAll(COMPARATIVE)) {
    const c = comparativeKind(text, m);
    if (c) add(c.kind, m, [m[2]], c.index, true);
  }
  return found.sort((a, b) => a.index - b.index);
}

/**
 * What the comparative `m` (COMPARATIVE's match in `text`) states: { kind, index (where its
 * phrase begins: a claim's takes in its verb, "accepts more than 1000") }, or undefined.
 */
function comparativeKind(text, m) {
  const more = m[1].toLowerCase() === "more";
  const end = m.index + m[0].length;
  const before = text.slice(0, m.index);
  if (RIGHT_AFTER_NO.test(before)) return undefined;
  const bound = { kind: more ? "upper" : "lower", index: m.index };
  if (negated(before)) return bound;
  const accepting = ACCEPTING.exec(before);
  // (A claim is left alone where anything in its sentence is refused; a bound needs its own clause
  // to refuse.)
  if (accepting && !refuses(sentenceOf(text, m.index, end)))
    return { kind: more ? "over" : "under", index: accepting.index };
  if (!accepting && refuses(sentenceOf(text, m.index, end, true))) return bound;
  return undefined;
}

/**
 * Whether the bound phrase `p` can state a bound of `bounded`'s kind (boundedSchema) by its unit:
 * characters only a string's length; a size in bytes no string's length nor array's size; a phrase
 * of no unit a string's length only where it is about the value (`about`: its name before it, its
 * words after the number), as a string's prose counts what it holds ("the byte s (1 to 127)",
 * "0-9" of its alphabet) more often than its characters.
 */
export function unitFits(p, bounded, about) {
  if (p.unit === "length") return bounded.kind === "string";
  if (p.unit === "size") return bounded.kind === "number";
  return bounded.kind !== "string" || about;
}

// A string that holds a number as text (a u64 as decimal digits): a bound its prose states without
// a unit may be its value's as well as its length's.
const NUMBER_FORMATS = /^(?:u?int\d*|integer|number|decimal|float|double|bigint)$/i;
const numberAsText = (s) =>
  (typeof s.format === "string" && NUMBER_FORMATS.test(s.format)) ||
  (typeof s.pattern === "string" &&
    /\\d|0-9/.test(s.pattern) &&
    !/[A-Za-z]-[A-Za-z]/.test(s.pattern));

/**
 * Whether the bound phrase `p` of a value's own description (its param's, property's or schema's)
 * is about the value, without its name or its words (phraseIsAbout): where nothing follows it in
 * its clause ("The mints to look up, at most 100.", "A label (at most 32)"), or, of a string, where
 * characters follow it ("at most 64 characters"; "… characters each" is no phrase: boundPhrases).
 * Of a string, a bare range is rather its alphabet or a byte's values ("0-9", "the byte s (1 to
 * 127)"), and a bare phrase of one that holds a number as text (numberAsText) may be its value:
 * those are not. Of a number that counts things (`value.count`: namedValue), a page size, what
 * follows is what it counts: "Returns at most 1000 items per page" in `limit`'s states its
 * maximum as "up to 1000" does. (Of another number it may count something else: "At most 1,000
 * assets come per page" in `page`'s is the page size, not which page.)
 */
export function ownPhraseIsAbout(p, bounded, value) {
  if (bounded.kind === "number") return p.bare || !!value.count;
  if (bounded.kind !== "string") return p.bare;
  if (p.unit === "length") return true;
  return p.bare && p.kind !== "range" && !numberAsText(bounded.schema);
}

// The words of a name that say its number counts things: `limit`, `pageSize`, `maxResults`,
// `itemsPerPage`, `count`, `total` (not `page` or `pageNumber`, which say which one).
const COUNT_NAME_WORDS = new Set(["limit", "size", "count", "total", "max", "maximum", "per"]);
// A description that begins by saying its number counts things: "The maximum number of assets per
// page", "Page size, 1 to 1000".
const COUNT_DESCRIPTION =
  /^\s*(?:(?:the|a|an)\s+)?(?:(?:maximum|max|minimum|largest)\s+)?(?:(?:number|count)\s+of\b|page\s+size\b)/i;

/** Whether two words are the same noun, one the plural of the other (id / ids, entry / entries). */
export const sameNoun = (a, b) =>
  a === b ||
  [a, b].some(
    (x) =>
      [`${x}s`, `${x}es`].includes(x === a ? b : a) ||
      (x.endsWith("y") && `${x.slice(0, -1)}ies` === (x === a ? b : a)),
  );

// The words that name an array's members whatever it holds ("1 to 1000 entries"): a phrase with
// one is about the operation's only array request value. ("items" is left out: it is as often the
// result's list, DAS's and compression's `items`.)
export const MEMBER_NOUNS = ["entry", "element"];
// The words before the noun of the phrase a description begins with, and those that end it (a
// preposition, a relative pronoun, a verb that follows a noun: "The addresses to prove unused").
const DETERMINERS = new Set(
  "the a an its their this these those each every all any some one".split(" "),
);
const PHRASE_END = new Set(
  "to of for that which who whose with without in on at by as from per into than when where while if is are was were be been can may must will would should has have had do does sent given up not only".split(
    " ",
  ),
);

/**
 * The words of the noun phrase a description begins with, what an array holds by its own prose:
 * "The wallet addresses and/or name-service domains to look up, 1 to 100 entries" → wallet,
 * addresses, name, service, domains. Up to the first punctuation, number, backtick, determiner or
 * word of PHRASE_END (six words at most); "and" / "or" join the phrase and are left out.
 */
function leadingNounWords(text) {
  if (typeof text !== "string") return [];
  const head = /^[^.,;:()[\]`'"!?\d]*/.exec(text.trim())[0];
  const words = head
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const found = [];
  for (const [i, w] of words.entries()) {
    if (i === 0 && DETERMINERS.has(w)) continue;
    if (DETERMINERS.has(w) || PHRASE_END.has(w) || found.length === 6) break;
    if (w !== "and" && w !== "or") found.push(w);
  }
  return found;
}

/**
 * A request value as its prose names it: { name, names (its name, and `params` for an
 * `x-params: array` method's one param, which is the wire `params`), words (its name's words, and
 * for an array those of the noun phrase its own description begins with: `addresses`' "The wallet
 * addresses and/or name-service domains" names wallets), count (a number that counts things, by
 * its name or its description's first words: COUNT_NAME_WORDS, COUNT_DESCRIPTION; a page walk's
 * `limit` param too, which checkBoundProse marks) }.
 */
export function namedValue(doc, name, node, schema) {
  const words = nameWords(name);
  const types = schemaTypes(doc, schema);
  const texts = new Set([node?.description, deref(doc, schema)?.description]);
  if (types.has("array")) for (const text of texts) words.push(...leadingNounWords(text));
  const count =
    (types.has("integer") || types.has("number")) &&
    (words.some((w) => COUNT_NAME_WORDS.has(w)) ||
      [...texts].some((text) => typeof text === "string" && COUNT_DESCRIPTION.test(text)));
  return { name, names: [name], words, count };
}

/**
 * Whether the bound phrase `p` of `text` is about the request value `value` (namedValue), and how:
 * `"name"`, one of its names (in backticks or not) right before it (`` `limit` up to 1,000 ``,
 * `` `filters` (up to 5 ``); `"words"`, one of its words among the (up to three) words that follow
 * its number in the same clause (`up to 1,000 assets by id`, `1 to 1,000 asset ids`, `up to
 * 100,000 addresses` of accountAddresses, `up to 100 wallets` of addresses, "The wallet addresses
 * …"); false, neither.
 */
export function phraseIsAbout(text, p, value) {
  const before = /(?:`([\w.-]+)`|([A-Za-z_][\w]*))\s*[(:,]?\s*$/.exec(text.slice(0, p.index));
  if (before && value.names.includes(before[1] ?? before[2])) return "name";
  // (Not a word after "per" / "each" / "every": the unit it counts per, "at most 1,000 assets per
  // page", is no value it bounds: not `page`.)
  const words = followingWords(text, p.end).filter(
    (w, i, all) => !/^(?:per|each|every)$/i.test(all[i - 1] ?? ""),
  );
  return words.some((w) => value.words.some((n) => sameNoun(w.toLowerCase(), n))) && "words";
}

// The words that may follow a comparative's number where it counts the value itself, not another
// noun: a verb ("more than 100 are refused", "less than 1 fails"), a preposition ("more than 100
// in one call").
const NOT_COUNTED = new Set(
  "is are was were be been will would can cannot could may might must should do does did fail fails failed get gets cause causes trigger triggers return returns raise raises throw throws yield yields give gives in at and or but then so also always too".split(
    " ",
  ),
);

/**
 * Whether the comparative `p` (about = phraseIsAbout's) counts `value` itself: its name right
 * before it, or the word right after its number one of the value's words ("fewer than 2 ids"), or
 * (in the value's own description, `own`) no word or a verb after it ("Page size; errors if less
 * than 1.", "more than 100 are refused"), not another noun: "One with fewer than 2 signatures
 * fails" in `transactions`' is about signatures, "may have fewer than 100 items" in `limit`'s
 * about items.
 */
export function comparativeCounts(p, value, about, own) {
  if (about === "name") return true;
  const first = (p.after[0] ?? "").toLowerCase().replace(/[^a-z-]/g, "");
  if (first && value.words.some((n) => sameNoun(first, n))) return true;
  return own && (!first || NOT_COUNTED.has(first));
}

/** The (up to three) words after `end` in the same clause of `text`, without backticks. */
export const followingWords = (text, end) =>
  /^[^.;:,()\n]*/
    .exec(text.slice(end))[0]
    .replace(/`/g, "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3);

/**
 * Whether the bound phrase `p` of shared prose (an operation's, a body's, the area's), tied to the
 * value `value` of no bound keyword by its words only (`about`: phraseIsAbout's), ties by its name
 * or words to a bounded one of `others` ([{ value, bounded }]) too: it then states that one's
 * bound, not one `value` lacks. Words are shared: "accepts up to 100,000 addresses per webhook"
 * states accountAddresses' maxItems, and accountAddressOwners' description ("Owner addresses …")
 * names addresses too. Its name right before the phrase ties it to `value` all the same.
 */
export function statesAnother(text, p, value, bounded, about, others) {
  if (about !== "words" || !bounded.unbounded) return false;
  return others.some(
    (o) =>
      o.value !== value && o.bounded && !o.bounded.unbounded && phraseIsAbout(text, p, o.value),
  );
}
