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

/** Edits one more `file` of the copy in `specDir`, as {@link editedCopy} does. */
export function editCopy(specDir: string, file: string, edit: (doc: any) => void): void {
  const path = join(specDir, file);
  // Integers as bigint, so u64 values beyond 2^53 survive the copy digit for digit.
  const doc = YAML.parse(readFileSync(path, "utf8"), { intAsBigInt: true });
  edit(doc);
  writeFileSync(path, YAML.stringify(doc));
  clearCache();
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

/** Every finding of the checks `npm test` and `npm run spec:check` run, over the copy in `specDir`. */
export const findingsOf = (specDir: string): string[] =>
  runAllChecks(bundleAll({ write: false, specDir })).findings;
