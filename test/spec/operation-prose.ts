// The prose outside spec/ that lists an area's operations, which nothing generates (spec/README.md,
// step 6 of "Adding or changing an operation"; user trial 34, F7: a new REST operation left the root
// README's row, the package's description, its first-release note and the area's info.description
// behind, and no test said so). A place lists the operations when it names two or more of them, by
// name (`getAsset, getAssetBatch, …`) or by their words ("identity, balances, history, transfers,
// funded-by"; "create, list, get, update, delete" of webhooks); such a place must name every one,
// the same way. How an operation is named in words: the last word of its name before `By…` /
// `For…` / `At…` (or another preposition: getCompressedAccountsByOwner: accounts; getFundedBy:
// funded; getBalanceAt: balance), in any inflection (balance / balances, funded / funding), and
// where several operations of the area share that word and not their verb, the verb too (webhooks:
// create / register, get / read, update / edit, delete / remove, list). A name that ends in its
// preposition (getBalanceAt) and shares its word and verb with another operation (getBalances) is
// named by the two together, the preposition after the word in the same clause ("balance at",
// "its balance of a token at a past time"): the word alone names the other one, and the
// preposition alone is in any sentence (user trial 44).
import { readFileSync } from "node:fs";
import { join } from "node:path";
// @ts-expect-error — plain ESM scripts without type declarations
import { replacementProblems } from "../../scripts/spec/rules/replacements.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { statusSaidAgain as statusSaidAgainRule } from "../../scripts/spec/rules/status-marks.mjs";

export interface Place {
  /** Where the text is, for the message: `README.md (the @chaindata/wallet row)`. */
  where: string;
  text: string;
}

export interface AreaOperations {
  area: string;
  /** The operations' names (method names, operationIds). */
  ids: string[];
}

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
const VERBS: Record<string, string[]> = {
  get: ["get", "read", "fetch"],
  create: ["create", "register", "add"],
  update: ["update", "edit", "change"],
  delete: ["delete", "remove"],
  list: ["list"],
};

/** The words of a name (camelCase), lower case: getMultipleNewAddressProofsV2 → …, proofs, v2. */
const nameWords = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** A word without its inflection: balances → balance, funded / funding → fund, identities → identity. */
export const stem = (word: string): string =>
  word
    .toLowerCase()
    .replace(/ies$/, "y")
    .replace(/(?<!s)s$/, "")
    .replace(/(ed|ing)$/, "");

/** The words of an operation's subject, stemmed: those after its verb, up to a preposition. */
const subjectWords = (id: string): string[] => {
  const subject: string[] = [];
  for (const word of nameWords(id).slice(1)) {
    if (QUALIFIERS.has(word)) break;
    if (!NOISE.has(word) && !/^\d+$/.test(word)) subject.push(stem(word));
  }
  return subject;
};

/** The verb of an operation's name and its head word (the last of its subject). */
export function nameParts(id: string): { verb: string; head: string } {
  const verb = nameWords(id)[0] ?? "";
  return { verb, head: subjectWords(id).at(-1) ?? stem(verb) };
}

/** The preposition a name ends in (getFundedBy: by; getBalanceAt: at), if it ends in one. */
const endingQualifier = (id: string): string | undefined => {
  const last = nameWords(id).at(-1);
  return last !== undefined && QUALIFIERS.has(last) ? last : undefined;
};

/**
 * The words that name each of the area's operations in a text (`phrase`: the head and the
 * preposition after it, for a name ending in one whose head and verb another operation shares;
 * `marks`: the words of its subject that another operation of the same head and verb lacks, whose
 * subject is part of its own: getNftTransfers beside getTransfers is "NFT transfers", since
 * "transfers" alone names getTransfers, spec67's F8).
 */
function wordsOf(area: AreaOperations) {
  const parts = area.ids.map((id) => ({
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
const wordsForMessage = (w: { head: string; phrase?: string | undefined; marks: string[] }) =>
  `${[...w.marks, w.head].join(" ")}${w.phrase === undefined ? "" : ` ${w.phrase}`}…`;

/** How each operation of the area is named in a text: by its name, or by its words. */
function mentions(words: ReturnType<typeof wordsOf>, text: string) {
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
 * The words of a text by group: the text cut at ; : . ! ? and at a comma outside parentheses
 * ("identity (single or batch), balances" is two groups), each word stemmed.
 */
function wordGroups(text: string): string[][] {
  const groups: string[] = [""];
  let depth = 0;
  for (const char of text.toLowerCase()) {
    if (char === "(") depth++;
    if (char === ")") depth = Math.max(0, depth - 1);
    if (/[;:.!?]/.test(char) || (char === "," && depth === 0)) groups.push("");
    else groups[groups.length - 1] += char;
  }
  return groups.map((group) => (group.match(/[a-z]+/g) ?? []).map(stem));
}

/**
 * What each place that lists the area's operations lacks: one line per operation it leaves out,
 * `<where>: names <n> of <area>'s <m> operations (…) but not <id>: …`.
 */
export function unlistedOperations(area: AreaOperations, places: Place[]): string[] {
  if (area.ids.length < 2) return [];
  const findings: string[] = [];
  const operationWords = wordsOf(area);
  const words = new Map(operationWords.map((w) => [w.id, w]));
  for (const { where, text } of places) {
    const found = mentions(operationWords, text);
    const byName = found.filter((m) => m.byName);
    const named = found.filter((m) => m.byName || m.byWords);
    // A list by name holds every name; a list in words, every operation's words or name.
    const list = byName.length >= 2 ? byName : named.length >= 2 ? named : undefined;
    if (!list) continue;
    const how = byName.length >= 2 ? "by name" : "in words";
    for (const m of found)
      if (!(byName.length >= 2 ? m.byName : m.byName || m.byWords))
        findings.push(
          `${where}: names ${list.length} of ${area.area}'s ${area.ids.length} operations ${how} (${list.map((l) => l.id).join(", ")}) but not ${m.id}: add it ${how === "by name" ? `as \`${m.id}\`` : `by its words ("${wordsForMessage(words.get(m.id)!)}")`} (spec/README.md, step 6 of "Adding or changing an operation")`,
        );
  }
  return findings;
}

/**
 * The hand-written places that may list an area's operations: the root README's row of its package,
 * the package's `description`, its first-release note, and each of its documents' info.description
 * (`descriptions`, from the bundles).
 */
export function operationProsePlaces(root: string, area: string, descriptions: Place[]): Place[] {
  const read = (file: string): string | undefined => {
    try {
      return readFileSync(join(root, file), "utf8");
    } catch {
      return undefined;
    }
  };
  const places: Place[] = [];
  const row = read("README.md")
    ?.split("\n")
    .find((line) => line.startsWith(`| \`@chaindata/${area}\``));
  if (row)
    places.push({
      where: `README.md (the @chaindata/${area} row of the packages table)`,
      text: row,
    });
  const pkg = read(`packages/${area}/package.json`);
  if (pkg)
    places.push({
      where: `packages/${area}/package.json (description)`,
      text: String(JSON.parse(pkg).description ?? ""),
    });
  const note = read(`.changeset/first-release-${area}.md`);
  if (note)
    places.push({
      where: `.changeset/first-release-${area}.md`,
      text: note.replace(/^---[\s\S]*?---/, ""),
    });
  return [...places, ...descriptions];
}

/** A deprecated operation, as its replacement is checked (replacementFindings). */
export interface DeprecatedOperation {
  area: string;
  id: string;
  /** Where it is, for the message: `spec/openapi/token-metadata.yaml (getTokenMetadata)`. */
  where: string;
  /** Its `x-replaced-by`, where it has one. */
  replacedBy?: string;
  /** Its summary, where it has one. */
  summary?: string;
  description: string;
}

/**
 * What a deprecated operation's replacement says wrong (spec:check's rule since review 76, F3:
 * scripts/spec/rules/replacements.mjs), each as `<where>: x-replaced-by <problem>`.
 * `operations`: every operation of the spec (`deprecated` marks), of which those with `replacedBy`
 * are checked.
 */
export function replacementFindings(
  operations: (DeprecatedOperation & { deprecated: boolean })[],
): string[] {
  return (
    replacementProblems(operations) as { operation: DeprecatedOperation; message: string }[]
  ).map(({ operation, message }) => `${operation.where}: x-replaced-by ${message}`);
}

/**
 * Where an operation's summary or description says again what its marks say (spec:check's rule
 * since the small67 audit: scripts/spec/rules/status-marks.mjs statusSaidAgain, reported at the
 * summary's or description's YAML line), each as `<where>: the summary or description says …`.
 */
export function statusSaidAgain(
  operations: (DeprecatedOperation & { deprecated: boolean; beta: boolean })[],
): string[] {
  return operations.flatMap((o) =>
    (statusSaidAgainRule(o) as { word: string; marks: string; sentence: string }[]).map(
      ({ word, marks, sentence }) =>
        `${o.where}: the summary or description says the operation is ${word} ("${sentence}"), which ${marks} already make the JSDoc, the docs page and the tool description say: take that sentence out (spec/README.md, "Deprecating an operation")`,
    ),
  );
}
