/**
 * No hand-written file outside the tests names a piece of this repository's history: a trial, a
 * review or a session with its number, or the finding of one ("F2", "W3"). A reader of the code
 * cannot look one up, and such tags came back through merges after every pass that took them out.
 * A comment says why in plain words instead. The tests may keep them (a test's name says which
 * report it answers), and so may the decision records of docs/decisions, which are the history.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, it } from "vitest";
import { root } from "../spec/documents.js";
import {
  HISTORY_EXAMPLES,
  NOT_HISTORY,
  REPOSITORY_HISTORY,
} from "../packaging/repository-history.js";

/** Text files a contributor writes: code, the spec's YAML, and prose. */
const SCANNED = /\.(?:[cm]?[jt]s|ya?ml|md)$/;

/** Folders that are not hand-written source, or that are the tests or the history. */
const SKIPPED_FOLDERS = new Set([
  "node_modules",
  "dist",
  "generated",
  ".git",
  ".turbo",
  ".scratch",
  "coverage",
  "test-results",
]);
const SKIPPED_PATHS = new Set([
  "test",
  "docs/decisions",
  // The pattern's own file: its comment shows each form the pattern catches.
  "scripts/lib/repository-history.mjs",
]);

/** A finding's tag as reports number them: "F2", "L4", "W3", "F7.2". */
const FINDING = /\b[FLW]\d{1,2}(?:\.\d+)?\b/g;
/** A report's author given as a source, "(diff70)", "as found: edge74)"; not "(base64)". */
const AUTHOR = /\b[a-z]{3,}(?!(?:64|128|256|512)\))(?:[6-9]\d|[1-9]\d\d)(?=\))/g;

function sourceFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const name = relative(root, path);
    if (SKIPPED_PATHS.has(name)) return [];
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path);
    return SCANNED.test(entry.name) && !/\.test\.[cm]?[jt]s$/.test(entry.name) ? [name] : [];
  });
}

/**
 * Each tag of `text` as `file:line: tag`. A tag wrapped over two `//` lines ("(user trial" then
 * "// 36)") is read as one: the next line's `//` is taken out, its line break kept for the count.
 */
function historyTags(file: string, text: string): string[] {
  const joined = text.replace(/\n[ \t]*\/\/[ \t]*/g, "\n ");
  const matches = [REPOSITORY_HISTORY, FINDING, AUTHOR].flatMap((tag) => [...joined.matchAll(tag)]);
  return matches
    .sort((a, b) => a.index - b.index)
    .map(
      (match) =>
        `${file}:${joined.slice(0, match.index).split("\n").length}: ${match[0].replace(/[\s*]+/g, " ")}`,
    );
}

it("finds every form of a tag, at its line, and leaves ordinary prose alone", () => {
  for (const example of HISTORY_EXAMPLES) expect(historyTags("a.ts", example)).not.toEqual([]);
  for (const prose of NOT_HISTORY) expect(historyTags("a.ts", prose)).toEqual([]);
  expect(historyTags("a.ts", "const a = 1;\n// as found (user trial\n//   36, F2)\n")).toEqual([
    "a.ts:2: trial 36",
    "a.ts:3: F2",
  ]);
  expect(historyTags("a.yaml", "a: 1\n# (review 45, W3)\n")).toEqual([
    "a.yaml:2: review 45",
    "a.yaml:2: W3",
  ]);
  expect(historyTags("a.ts", "// review73 F2.")).toEqual(["a.ts:1: review73", "a.ts:1: F2"]);
  expect(historyTags("a.ts", "// (diff70), (uint64), (base64), p99)")).toEqual(["a.ts:1: diff70"]);
});

it("reads every hand-written source file, and no test", () => {
  const files = sourceFiles();
  for (const file of [
    "packages/core/src/validate.ts",
    "packages/core/src/test-support/testing.ts",
    "packages/core/recipes/browser-proxy.ts",
    "packages/webhooks/src/receiver.ts",
    "scripts/spec/diff.mjs",
    "spec/README.md",
    "spec/schemas/wallet.yaml",
    "bench/size-budgets.mjs",
    "examples/das.mjs",
    "vitest.config.ts",
    "CONTRIBUTING.md",
  ])
    expect(files).toContain(file);
  expect(files.filter((file) => /(^|\/)test\/|\.test\.|\/generated\//.test(file))).toEqual([]);
});

it("names no trial, review, session or finding in any hand-written source file", () => {
  const tags = sourceFiles().flatMap((file) =>
    historyTags(file, readFileSync(join(root, file), "utf8")),
  );
  expect(tags).toEqual([]);
});
