// The prose that lists an area's operations, which nothing generates (spec/README.md, step 6 of
// "Adding or changing an operation"; user trial 34, F7: a new REST operation left the root README's
// row, the package's description, its first-release note and the area's info.description behind,
// and no test said so). How a place lists the operations, and what it then lacks, is spec:check's
// rule (scripts/spec/rules/operation-lists.mjs, since user trial 69's F6), which reads the
// info.description there; these are the same words over the places outside spec/ too.
import { readFileSync } from "node:fs";
import { join } from "node:path";
// @ts-expect-error — plain ESM scripts without type declarations
import * as operationLists from "../../scripts/spec/rules/operation-lists.mjs";
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

/** The verb of an operation's name and its head word (the last of its subject, stemmed). */
export const nameParts = (id: string): { verb: string; head: string } =>
  operationLists.nameParts(id);

/**
 * What each place that lists the area's operations lacks: one line per operation it leaves out,
 * `<where>: names <n> of <area>'s <m> operations (…) but not <id>: …`.
 */
export function unlistedOperations(area: AreaOperations, places: Place[]): string[] {
  return places.flatMap(({ where, text }) =>
    (operationLists.listGaps(area.ids, text) as object[]).map(
      (gap) => `${where}: ${operationLists.gapMessage(area.area, area.ids.length, gap) as string}`,
    ),
  );
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
