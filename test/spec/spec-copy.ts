// A copy of spec/ in a temporary folder with one file edited, for the tests that prove a check (or
// the generator) refuses a mistake: `brokenCopy(file, edit)`, then `removeCopies()` after each test.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import YAML from "yaml";
// @ts-expect-error — plain ESM scripts without type declarations
import { bundleAll, clearCache } from "../../scripts/spec/bundle.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { runAllChecks } from "../../scripts/spec/rules.mjs";

const copies: string[] = [];

/** A copy of spec/ (without dist/) whose `file` (relative to spec/) went through `edit`; returns its folder. */
export function brokenCopy(file: string, edit: (doc: any) => void): string {
  const dir = mkdtempSync(join(tmpdir(), "chaindata-spec-"));
  copies.push(dir);
  cpSync(new URL("../../spec", import.meta.url), dir, {
    recursive: true,
    filter: (src) => !src.includes("/dist"),
  });
  const path = join(dir, file);
  // Integers as bigint, so u64 values beyond 2^53 survive the copy digit for digit.
  const doc = YAML.parse(readFileSync(path, "utf8"), { intAsBigInt: true });
  edit(doc);
  writeFileSync(path, YAML.stringify(doc));
  clearCache();
  return dir;
}

/** Remove every copy made so far (and forget their parsed files). */
export function removeCopies(): void {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
  clearCache();
}

/** Every finding of the checks `npm test` and `npm run spec:check` run, over the copy in `specDir`. */
export const findingsOf = (specDir: string): string[] =>
  runAllChecks(bundleAll({ write: false, specDir })).findings;
