// The recipes of packages/core/README.md, "Testing code that calls chaindata", run as written: each
// ```ts block of that section is a vitest test file. They are written under
// test/docs/.testing-guide/ (git-ignored, inside the repository so that `@chaindata/*` resolves to
// the built packages as for a user) and run by a vitest of their own, in a child process with no
// CHAINDATA_API_KEY. (test/types/readme.test.ts type-checks the same blocks, strictly.)
import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
// @ts-expect-error — plain ESM module without type declarations
import { CORE_README, readmeSections, TESTING_SECTION } from "../../packages/docs/src/build.mjs";
// @ts-expect-error — plain ESM module without type declarations
import { testingRecipes } from "../../packages/docs/src/pages.mjs";

const run = promisify(execFile);
const root = join(import.meta.dirname, "../..");
const dir = join(import.meta.dirname, ".testing-guide");
const HEADING: string = TESTING_SECTION.testing;

// (The section and its blocks as the docs site reads them; a missing heading throws, naming it.)
const section: string = readmeSections(CORE_README, TESTING_SECTION).testing;
const recipes: string[] = testingRecipes({ testing: section });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it(`the core README has the section "${HEADING}", with its recipes`, () => {
  expect(section, `packages/core/README.md: no "## ${HEADING}"`).toBeTruthy();
  expect(recipes.length).toBeGreaterThanOrEqual(3);
});

it("every recipe's tests pass, run as a test file of its own", { timeout: 120_000 }, async () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files = recipes.map((code, i) => {
    const file = `recipe-${i + 1}.test.ts`;
    writeFileSync(join(dir, file), code);
    return { file, tests: code.match(/^it\(/gm)?.length ?? 0 };
  });
  writeFileSync(
    join(dir, "vitest.config.mjs"),
    'export default { test: { include: ["*.test.ts"] } };\n',
  );
  const env: NodeJS.ProcessEnv = { ...process.env, CHAINDATA_API_KEY: "" };
  delete env.VITEST;
  delete env.VITEST_WORKER_ID;
  const vitest = join(root, "node_modules/vitest/vitest.mjs");
  const { stdout } = await run(
    process.execPath,
    [vitest, "run", "--root", dir, "--reporter=json"],
    { cwd: root, env, maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout?: string; stderr?: string }) => {
    // (A failing test exits 1: its report is still on stdout.)
    if (!error.stdout) throw new Error(`vitest did not run: ${error.stderr ?? String(error)}`);
    return { stdout: error.stdout };
  });
  const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as {
    testResults: {
      name: string;
      assertionResults: { title: string; status: string; failureMessages: string[] }[];
    }[];
  };
  for (const { file, tests } of files) {
    const result = report.testResults.find((r) => r.name.endsWith(`/${file}`));
    expect(result, `${file} did not run`).toBeDefined();
    const failed = result!.assertionResults.filter((a) => a.status !== "passed");
    expect(
      failed.map((a) => `${a.title}: ${a.failureMessages.join("\n").slice(0, 2000)}`),
      file,
    ).toEqual([]);
    expect(result!.assertionResults.length, `${file}: its it(…) calls`).toBe(tests);
    expect(tests, file).toBeGreaterThan(0);
  }
});
