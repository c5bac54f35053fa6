// The prose that lists an area's operations, which nothing generates (spec/README.md, step 6 of
// "Adding or changing an operation"): an area's `info.description` here, as spec:check's rule
// (before, spec:check said 0 findings while compression's "These seven (…)" sentence and the
// wallet's list left the new operations out, which only test/spec/operation-prose.test.ts and
// test/docs/build.test.ts said, minutes later). Those tests use the same functions for the places
// outside spec/ (the root README's row, the package's description, its first-release note) and for
// the generated README and docs page.
//
// A place lists the operations when it names two or more of them, by name (`getAsset,
// getAssetBatch, …`) or by their words ("identity, balances, history, transfers, funded-by";
// "create, list, get, update, delete" of webhooks); such a place must name every one, the same way.
// How an operation is named in words: the last word of its name before `By…` / `For…` / `At…` (or
// another preposition: getCompressedAccountsByOwner: accounts; getFundedBy: funded; getBalanceAt:
// balance), in any inflection (balance / balances, funded / funding), and where several operations
// of the area share that word and not their verb, the verb too (webhooks: create / register, get /
// read, update / edit, delete / remove, list). A name that ends in its preposition (getBalanceAt)
// and shares its word and verb with another operation (getBalances) is named by the two together,
// the preposition after the word in the same clause ("balance at", "its balance of a token at a
// past time"): the word alone names the other one, and the preposition alone is in any sentence.
import { listOperations } from "./operations.mjs";

/** Where a finding of these rules sends the reader. */
const STEP_6 = 'spec/README.md, step 6 of "Adding or changing an operation"';

const QUALIFIERS = new Set([
  "by",
  "for",
  "at",
  "of",
  "in",
  "on",
  "from",
  "since",
  "until",
  "to",
  "with",
]);
const NOISE = new Set(["multiple", "latest", "new", "v2", "v1"]);
const VERBS = {
  get: ["get", "read", "fetch"],
  create: ["create", "register", "add"],
  update: ["update", "edit", "change"],
  delete: ["delete", "remove"],
  list: ["list"],
};

/** The words of a name (camelCase), lower case: getMultipleNewAddressProofsV2 → …, proofs, v2. */
const nameWords = (name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * A word without its inflection: balances → balance, funded / funding → fund, identities →
 * identity.
 */
export const stem = (word) =>
  word
    .toLowerCase()
    .replace(/ies$/, "y")
    .replace(/(?<!s)s$/, "")
    .replace(/(ed|ing)$/, "");

/** The words of an operation's subject, stemmed: those after its verb, up to a preposition. */
const subjectWords = (id) => {
  const subject = [];
  for (const word of nameWords(id).slice(1)) {
    if (QUALIFIERS.has(word)) break;
    if (!NOISE.has(word) && !/^\d+$/.test(word)) subject.push(stem(word));
  }
  return subject;
};

/**
 * The verb of an operation's name and its head word (the last of its subject).
 * @returns {{ verb: string, head: string }}
 */
export function nameParts(id) {
  const verb = nameWords(id)[0] ?? "";
  return { verb, head: subjectWords(id).at(-1) ?? stem(verb) };
}

/** The preposition a name ends in (getFundedBy: by; getBalanceAt: at), if it ends in one. */
const endingQualifier = (id) => {
  const last = nameWords(id).at(-1);
  return last !== undefined && QUALIFIERS.has(last) ? last : undefined;
};

/**
 * The words that name each of the area's operations in a text (`phrase`: the head and the
 * preposition after it, for a name ending in one whose head and verb another operation shares;
 * `marks`: the words of its subject that another operation of the same head and verb lacks, whose
 * subject is part of its own: getNftTransfers beside getTransfers is "NFT transfers", since
 * "transfers" alone names getTransfers).
 */
function wordsOf(ids) {
  const parts = ids.map((id) => ({
    id,
    ...nameParts(id),
    subject: subjectWords(id),
    ending: endingQualifier(id),
  }));
  return parts.map(({ subject, ...p }) => {
    const sharing = parts.filter((o) => o.id !== p.id && o.head === p.head);
    // (A word shared with operations of other verbs names them apart only with the verb.)
    const needsVerb = sharing.some((o) => o.verb !== p.verb);
    const sameVerb = sharing.filter((o) => o.verb === p.verb);
    const phrase = p.ending !== undefined && sameVerb.length ? p.ending : undefined;
    const narrower = sameVerb.filter(
      (o) => o.subject.length < subject.length && o.subject.every((w) => subject.includes(w)),
    );
    const marks = [
      ...new Set(narrower.flatMap((o) => subject.filter((w) => !o.subject.includes(w)))),
    ];
    return { ...p, needsVerb, phrase, marks };
  });
}

/** How an operation is named in words, for the message: "balance at…", "nft transfer…". */
const wordsForMessage = (w) =>
  `${[...w.marks, w.head].join(" ")}${w.phrase === undefined ? "" : ` ${w.phrase}`}…`;

/**
 * The words of a text by group: the text cut at ; : . ! ? and at a comma outside parentheses
 * ("identity (single or batch), balances" is two groups), each word stemmed.
 */
function wordGroups(text) {
  const groups = [""];
  let depth = 0;
  for (const char of text.toLowerCase()) {
    if (char === "(") depth++;
    if (char === ")") depth = Math.max(0, depth - 1);
    if (/[;:.!?]/.test(char) || (char === "," && depth === 0)) groups.push("");
    else groups[groups.length - 1] += char;
  }
  return groups.map((group) => (group.match(/[a-z]+/g) ?? []).map(stem));
}

/** How each operation of the area is named in a text: by its name, or by its words. */
function mentions(words, text) {
  // (Clauses end at , ; : . ! ? and a closing parenthesis: "balances (now and at a past time)" is
  // one, "balances of every token, and what it paid at a store" two.)
  const clauses = text
    .toLowerCase()
    .split(/[,;:.!?)]/)
    .map((clause) => (clause.match(/[a-z]+/g) ?? []).map(stem));
  const inText = new Set(clauses.flat());
  // (An operation's marks may sit in a parenthesis after its word, commas and all: "who it is
  // (identity, single or batch)" names the batch identity.)
  const groups = wordGroups(text);
  return words.map(({ id, verb, head, needsVerb, phrase, marks }) => {
    const byName = new RegExp(`(?<![A-Za-z0-9])${id}(?![A-Za-z0-9])`).test(text);
    const verbNamed = (VERBS[verb] ?? [verb]).some((v) => inText.has(stem(v)));
    // (The head with its preposition after it in a clause, and with its marks in a group.)
    const headNamed =
      clauses.some((c) =>
        c.some((w, i) => w === head && (phrase === undefined || c.slice(i + 1).includes(phrase))),
      ) && groups.some((g) => g.includes(head) && marks.every((m) => g.includes(m)));
    const byWords = headNamed && (!needsVerb || verbNamed);
    return { id, byName, byWords };
  });
}

/**
 * A paragraph on what the area does not cover, as the spec writes one: led by a bold heading that
 * says so (the wallet's "**An endpoint not covered (SDK).** … `helius.wallet.getBalanceAt` …"). It
 * names what the area lacks, not what it has, so it is no list; read as one, it would ask for every
 * other operation by name. Only the heading marks it: a list that says in passing that something is
 * "not covered" is still a list (its gaps are not hidden); so is a paragraph that says it another
 * way ("outside the SDK"), until it takes the heading (spec/README.md step 6).
 */
const NOT_COVERED = /^\s*(?:[-*] +)?\*\*[^*]*\bnot covered\b[^*]*\*\*/i;

/** The blocks of a Markdown `text`: its paragraphs (cut at blank lines) and list items. */
const blocks = (text) => text.split(/\n\s*\n|\n(?=\s*[-*] )/);

/** The blocks of `text` without those that say an endpoint is not covered. */
const withoutNotCovered = (text) =>
  blocks(text)
    .filter((paragraph) => !NOT_COVERED.test(paragraph))
    .join("\n\n");

/**
 * The area's operations (`ids`) that a paragraph of `text` saying an endpoint is not covered names
 * by name: an operation added since, whose paragraph was left saying the SDK lacks it.
 */
export function namedAsNotCovered(ids, text) {
  const paragraphs = blocks(text).filter((paragraph) => NOT_COVERED.test(paragraph));
  return ids.filter((id) =>
    paragraphs.some((p) => new RegExp(`(?<![A-Za-z0-9])${id}(?![A-Za-z0-9])`).test(p)),
  );
}

/**
 * The operations a text that lists the area's operations leaves out (none when it names fewer than
 * two: no list). `ids`: the area's operations (method names, operationIds).
 * @returns {{ id: string, listed: string[], how: "by name" | "in words", add: string }[]} per
 *   operation left out: the operations the text lists, how, and what to add (`as \`getX\``, `by its
 *   words ("balance at…")`)
 */
export function listGaps(ids, text) {
  if (ids.length < 2) return [];
  const words = wordsOf(ids);
  const found = mentions(words, withoutNotCovered(text));
  const byName = found.filter((m) => m.byName);
  const named = found.filter((m) => m.byName || m.byWords);
  // A list by name holds every name; a list in words, every operation's words or name.
  const how = byName.length >= 2 ? "by name" : named.length >= 2 ? "in words" : undefined;
  if (!how) return [];
  const listed = (how === "by name" ? byName : named).map((m) => m.id);
  return found
    .filter((m) => !listed.includes(m.id))
    .map(({ id }) => ({
      id,
      listed,
      how,
      add:
        how === "by name"
          ? `as \`${id}\``
          : `by its words ("${wordsForMessage(words.find((w) => w.id === id))}")`,
    }));
}

/**
 * A gap of {@link listGaps} said: `names <n> of <area>'s <m> operations <how> (…) but not <id>: add
 * it …; or, …`, the place (`<where>: `) before it. The "or" is for a text that names them only to
 * say what the SDK lacks: only the bold heading of NOT_COVERED tells such a paragraph from a list,
 * and without the hint a contributor who wrote it another way was told only to add names to a
 * paragraph that lists nothing.
 */
export const gapMessage = (area, total, { id, listed, how, add }) =>
  `names ${listed.length} of ${area}'s ${total} operations ${how} (${listed.join(", ")}) but not ${id}: add it ${add}; or, if they are named in a paragraph on what is not covered (no list), lead that paragraph with a bold heading that says "not covered", as \`**An endpoint not covered (SDK).**\` (${STEP_6})`;

/** Count words, as the "These N (…)" sentence writes its count. */
export const NUMBER_WORDS =
  "zero one two three four five six seven eight nine ten eleven twelve".split(" ");

/** The count as the sentence writes it: "seven" (12 and below), else the digits. */
const countWord = (n) => NUMBER_WORDS[n] ?? String(n);

/** The coverage sentence's start, its `word` ("DAS", "ZK-compression") the area's. */
const coverageSentence = (word) =>
  new RegExp(
    `These (\\w+) \\(([^)]+)\\) are the ${word} methods this API description covers[^.]*\\.`,
  );

/** The word of the coverage sentence a text has ("DAS"), if it has one. */
const COVERAGE_WORD = /These \w+ \([^)]+\) are the (\S+) methods this API description covers/;

/**
 * What the coverage sentence in `said` (an OpenRPC area's `info.description`, its README or docs
 * page: "These five (getAsset, …) are the DAS methods this API description covers, …: the
 * service's other DAS methods (searchAssets, … and more) are outside it.") of the area whose
 * methods are `word` methods ("DAS", "ZK-compression") gets wrong about the spec's `methods`
 * (none: []). `said` without backticks, its spaces single.
 */
export function coverageSentenceProblems(said, methods, word = "DAS") {
  const sentence = coverageSentence(word).exec(said);
  if (!sentence)
    return [`no "These N (…) are the ${word} methods this API description covers" sentence`];
  const problems = [];
  const count = countWord(methods.length);
  if (sentence[1] !== count && sentence[1] !== String(methods.length))
    problems.push(`it says "These ${sentence[1]}": the spec has ${count} ${word} methods`);
  const listed = sentence[2].split(", ");
  for (const m of methods.filter((m) => !listed.includes(m)))
    problems.push(`it leaves out ${m}, a method of the spec`);
  for (const m of listed.filter((m) => !methods.includes(m)))
    problems.push(`it lists ${m}, which is not a method of the spec`);
  const others = new RegExp(
    `the service's other ${word} methods \\(([^)]*)\\) are outside it`,
  ).exec(sentence[0]);
  if (!others)
    problems.push(
      `it does not say that the service's other ${word} methods are outside the package ("the service's other ${word} methods (…) are outside it")`,
    );
  for (const m of others?.[1].replace(/ and more$/, "").split(", ") ?? [])
    if (methods.includes(m))
      problems.push(
        `it names ${m} among the service's other ${word} methods, outside the package, but the spec has it`,
      );
  return problems;
}

/**
 * The coverage sentence of `description` (as the YAML writes it: backticks, line breaks) written
 * for the spec's `methods`: its count, its list (the methods it lists that the spec has, in its
 * order, a method it lacks in the place of one the spec no longer has, then the others), and the
 * service's other methods without those the spec has; undefined when it has no such sentence.
 */
function coverageSentenceFor(description, methods, word) {
  const sentence = coverageSentence(word).exec(description.replace(/\s+/g, " "));
  if (!sentence) return undefined;
  const unquote = (m) => m.replace(/`/g, "");
  const quoted = sentence[2].startsWith("`");
  const name = (m) => (quoted ? `\`${m}\`` : m);
  const listed = sentence[2].split(", ").map(unquote);
  // (A name the spec no longer has gives its place to one the sentence lacks: a rename stays put.)
  const lacking = methods.filter((m) => !listed.includes(m));
  const list = listed.flatMap((m) => (methods.includes(m) ? [m] : lacking.splice(0, 1)));
  list.push(...lacking);
  return sentence[0]
    .replace(
      /^These \w+ \([^)]+\)/,
      `These ${countWord(list.length)} (${list.map(name).join(", ")})`,
    )
    .replace(
      new RegExp(`(the service's other ${word} methods \\()([^)]*)(\\))`),
      (_, open, others, close) => {
        const more = / and more$/.test(others);
        const kept = others
          .replace(/ and more$/, "")
          .split(", ")
          .filter((m) => !methods.includes(unquote(m)));
        return `${open}${kept.join(", ")}${more ? " and more" : ""}${close}`;
      },
    );
}

/**
 * spec:check's rule: each document's `info.summary` and `info.description` that list its area's
 * operations name every one of them (the area's operations: of `all` its documents, the sender's
 * two), and an OpenRPC area's "These N (…) are the <word> methods this API description covers"
 * sentence, which the package's README and the docs repeat, counts and lists exactly the spec's
 * methods, none of them among "the service's other <word> methods"; a paragraph that says an
 * endpoint is not covered is no list, and names none of the area's operations. Each finding says
 * what to write. (An operation the sentence leaves out is said by the sentence's finding alone.)
 * @returns `{ text, document }` per finding, `text` at `#/info/summary` or `#/info/description`
 */
export function checkOperationLists(results, all = results) {
  const entries = [];
  for (const r of results) {
    const ids = all
      .filter((d) => d.area === r.area)
      .flatMap((d) => listOperations(d).map((o) => o.id));
    for (const key of ["summary", "description"]) {
      const text = r.doc.info?.[key];
      if (typeof text !== "string") continue;
      const say = (message) =>
        entries.push({ text: `${r.area} #/info/${key}: ${message}`, document: r });
      const plain = text.replace(/`/g, "").replace(/\s+/g, " ");
      const word =
        r.kind === "openrpc" && key === "description" ? COVERAGE_WORD.exec(plain)?.[1] : undefined;
      const methods = listOperations(r).map((o) => o.id);
      const problems = word === undefined ? [] : coverageSentenceProblems(plain, methods, word);
      if (problems.length)
        say(
          `the "These N (…) are the ${word} methods this API description covers" sentence, which the package's README and the docs repeat, is not the spec's: ${problems.join("; ")}; write "${coverageSentenceFor(text, methods, word)}" (${STEP_6})`,
        );
      const leftOut = new Set(
        problems.flatMap((p) => /^it leaves out (\S+), a method of the spec$/.exec(p)?.[1] ?? []),
      );
      for (const gap of listGaps(ids, text))
        if (!leftOut.has(gap.id)) say(gapMessage(r.area, ids.length, gap));
      for (const id of namedAsNotCovered(ids, text))
        say(
          `a paragraph says an endpoint is not covered but names ${id}, an operation of ${r.area}: remove the paragraph, or rewrite it for what is still not covered (${STEP_6})`,
        );
    }
  }
  return entries;
}
