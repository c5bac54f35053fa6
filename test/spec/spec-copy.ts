// A copy of spec/ in a temporary folder with one file edited, `editedCopy(file, edit)`: for the tests
// that prove a check (or the generator) refuses a mistake, and for those that prove an edit comes
// out of the pipeline working; then `removeCopies()` after each test (or file).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
// @ts-expect-error — plain ESM scripts without type declarations
import { bundleAll, clearCache } from "../../scripts/spec/bundle.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { NUMBER_WORDS } from "../../scripts/spec/rules/operation-lists.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { runAllChecks } from "../../scripts/spec/rules.mjs";

const specRoot = fileURLToPath(new URL("../../spec", import.meta.url));
const copies: string[] = [];

/**
 * A copy of spec/ (without dist/) whose `file` (relative to spec/) went through `edit`; returns its
 * folder. `edit` gets the parsed YAML with its integers as `bigint`, and may add `bigint` values.
 */
export function editedCopy(file: string, edit: (doc: any) => void): string {
  const dir = mkdtempSync(join(tmpdir(), "chaindata-spec-"));
  copies.push(dir);
  cpSync(specRoot, dir, { recursive: true, filter: (src) => src !== join(specRoot, "dist") });
  editCopy(dir, file, edit);
  return dir;
}

/**
 * A copy of spec/ (without dist/) whose `file` (relative to spec/) had the first `text` replaced by
 * `replacement`, its layout otherwise kept (as an editor edits it, and positions in it stay those of
 * the real file): for the tests of the positions findings and errors give.
 */
export function textEditedCopy(file: string, text: string, replacement: string): string {
  const dir = mkdtempSync(join(tmpdir(), "chaindata-spec-"));
  copies.push(dir);
  cpSync(specRoot, dir, { recursive: true, filter: (src) => src !== join(specRoot, "dist") });
  editText(dir, file, text, replacement);
  return dir;
}

/** Replaces the first `text` of one more `file` of the copy in `specDir`, as {@link textEditedCopy} does. */
export function editText(specDir: string, file: string, text: string, replacement: string): void {
  const path = join(specDir, file);
  const before = readFileSync(path, "utf8");
  if (!before.includes(text)) throw new Error(`${file}: no ${text}`);
  writeFileSync(
    path,
    before.replace(text, () => replacement),
  );
  clearCache();
}

/**
 * `spec/<file>:<line>:<col>` of the first `marker` in the copy's `file` (after the first `after`),
 * 1-based, found by a text search (not by the YAML parser the positions under test come from).
 */
export function positionOf(specDir: string, file: string, marker: string, after = ""): string {
  const text = readFileSync(join(specDir, file), "utf8");
  const start = text.indexOf(after);
  const offset = start < 0 ? -1 : text.indexOf(marker, start);
  if (offset < 0) throw new Error(`${file}: no ${marker} after ${after}`);
  const lines = text.slice(0, offset).split("\n");
  return `spec/${file}:${lines.length}:${lines.at(-1)!.length + 1}`;
}

/**
 * The index of the method `name` in the real spec's OpenRPC `file` (`openrpc/das.yaml`): for the
 * expected `#/methods/<i>` of a finding, so that a method added to the spec (anywhere in its
 * document) does not break the tests of unrelated findings.
 */
export function methodIndex(file: string, name: string): number {
  const doc = YAML.parse(readFileSync(join(specRoot, file), "utf8"));
  const index = (doc.methods ?? []).findIndex((m: { name?: string }) => m?.name === name);
  if (index < 0) throw new Error(`${file}: no method ${name}`);
  return index;
}

/** Edits one more `file` of the copy in `specDir`, as {@link editedCopy} does. */
export function editCopy(specDir: string, file: string, edit: (doc: any) => void): void {
  const path = join(specDir, file);
  // Integers as bigint, so u64 values beyond 2^53 survive the copy digit for digit.
  const doc = YAML.parse(readFileSync(path, "utf8"), { intAsBigInt: true });
  edit(doc);
  writeFileSync(path, YAML.stringify(doc));
  clearCache();
}

/**
 * Names the methods `names`, added to a parsed OpenRPC area document `doc`, in its info.description's
 * "These N (…) are the … methods this API description covers" sentence, its count with them, as
 * spec/README.md's step 6 asks of a new method (spec:check's rule since user trial 69, F6).
 */
export function listInCoverageSentence(doc: any, names: string[]): void {
  const description = String(doc.info.description);
  const sentence = /These (\w+) \(([^)]*)\)/.exec(description);
  const count = NUMBER_WORDS.indexOf(sentence?.[1]);
  if (!sentence || count < 0) throw new Error(`no "These N (…)" sentence in ${doc.info.title}`);
  const listed = [sentence[2], ...names.map((name) => `\`${name}\``)].join(", ");
  doc.info.description = description.replace(
    sentence[0],
    `These ${NUMBER_WORDS[count + names.length]} (${listed})`,
  );
}

/** Remove every copy made so far (and forget their parsed files). */
export function removeCopies(): void {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
  clearCache();
}

/** Bundles the copy in `specDir` into its own dist/, as `npm run spec:bundle` does spec/; returns that folder. */
export function bundleCopy(specDir: string): string {
  bundleAll({ write: true, specDir });
  return join(specDir, "dist");
}

/**
 * Every finding of the checks `npm test` and `npm run spec:check` run, over the copy in `specDir`.
 * (Each test of a finding also checks that spec:check leads it with a YAML position.)
 */
export const findingsOf = (specDir: string): string[] => locatedFindings(specDir).findings;

/** The same findings, each led by its YAML position, as `npm run spec:check` prints them. */
export const locatedOf = (specDir: string): string[] => locatedFindings(specDir).located;

const POSITION = /^spec\/[\w./-]+\.yaml:\d+:\d+(?: \([^)]*\))?: /;

function locatedFindings(specDir: string): { findings: string[]; located: string[] } {
  const { findings, located } = runAllChecks(bundleAll({ write: false, specDir }));
  const unlocated = located.filter(
    (line: string, i: number) => !POSITION.test(line) || !line.endsWith(`: ${findings[i]}`),
  );
  if (unlocated.length)
    throw new Error(`findings without a YAML position:\n${unlocated.join("\n")}`);
  return { findings, located };
}
