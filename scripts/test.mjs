#!/usr/bin/env node
// `npm test`: every check of the repository, in dependency order.
//   0. formatting (prettier --check; `npm run format` fixes it) — reported, does not stop the rest
//   1. bundle the spec (turbo-cached) and fail if generated code is stale
//   2. build every package through turbo (cached; the mock's build bundles the spec first)
//   3. lint: ESLint (type-aware) and tsc over the test suites — reported, does not stop the rest
//   4. one vitest run: unit tests of every package and the repo suites in test/
//      (spec checks, type tests, packaging, contract tests, …)
// It ends with a plain "N passed, N failed" line.
//
// `npm run test:quick` (--quick): the runtime contributor's loop, the build (2, cached when nothing
// changed) and then vitest over the suites a runtime change shows in, without their slow files
// (scripts/lib/test-quick.mjs); no format, spec, lint or tsc steps. The same last line.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { quickVitestArgs } from "./lib/test-quick.mjs";
import { vitestCounts } from "./lib/vitest-count.mjs";

process.env.TURBO_TELEMETRY_DISABLED = "1";
// Hand-written code only: .prettierignore leaves out generated code (its emitter is the format).
// The docs site's stylesheet too (decision 0010).
const CODE_FILES = "**/*.{ts,mts,cts,js,mjs,cjs,css}";
const run = (cmd, args, label) => {
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: process.env });
  console.log(
    `── ${label}: ${r.status === 0 ? "ok" : `failed (exit ${r.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return r.status === 0;
};

const quick = process.argv[2] === "--quick";
const vitestArgs = quick ? quickVitestArgs(process.argv.slice(3)) : process.argv.slice(2);

let failedSteps = 0;
const formatted =
  quick || run("npx", ["prettier", "--check", "--log-level=warn", CODE_FILES], "format");
if (
  !quick &&
  !run("npx", ["turbo", "run", "//#spec:bundle", "--output-logs=errors-only"], "spec:bundle")
)
  failedSteps++;
if (
  !quick &&
  !failedSteps &&
  !run("node", ["scripts/generate/index.mjs", "--check"], "generate --check")
)
  failedSteps++;
if (!failedSteps && !run("npx", ["turbo", "run", "build", "--output-logs=errors-only"], "build"))
  failedSteps++;
// After the build: the type-aware lint and the test suites' types read the packages' .d.ts.
// Reported like the format step: a lint finding does not stop the tests.
// Both run, so an ESLint finding does not hide a type error.
const linted =
  quick ||
  failedSteps > 0 ||
  [
    run("npx", ["eslint", ".", "--max-warnings=0"], "eslint"),
    run("npx", ["tsc", "--noEmit", "-p", "tsconfig.json"], "tsc (sources, unit tests, suites)"),
  ].every(Boolean);

let passed = 0;
let failed = failedSteps + (formatted ? 0 : 1) + (linted ? 0 : 1);
if (!failedSteps) {
  const dir = mkdtempSync(join(tmpdir(), "chaindata-test-"));
  const report = join(dir, "vitest.json");
  const vitestOk = run(
    "npx",
    [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
      ...vitestArgs,
    ],
    "vitest",
  );
  try {
    const json = JSON.parse(readFileSync(report, "utf8"));
    const counts = vitestCounts(json, vitestOk ? 0 : 1);
    passed += counts.passed;
    failed += counts.failed;
    const skipped = json.numPendingTests + json.numTodoTests;
    if (skipped) console.log(`(${skipped} skipped)`);
  } catch {
    console.error("vitest wrote no report");
    failed++;
  }
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
