/**
 * `npm run test:quick` (scripts/test.mjs --quick, its suites in scripts/lib/test-quick.mjs) and
 * CONTRIBUTING.md's account of it stay in step (review 75, F3): the script is the one the loop
 * names; what the section says it leaves out is what the script leaves out; every test folder is
 * either run or named as left out (a new folder is a choice, not a silent omission); and vitest,
 * given the script's arguments, runs the quick folders without the files left out.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  QUICK_LEAVES_OUT_FILES,
  QUICK_LEAVES_OUT_FOLDERS,
  QUICK_SUITES,
  quickVitestArgs,
  // @ts-expect-error — plain ESM script without type declarations
} from "../../scripts/lib/test-quick.mjs";
import config from "../../vitest.config.js";
import { root } from "../spec/documents.js";

const suites: string[] = QUICK_SUITES;
const leftOutFolders: string[] = QUICK_LEAVES_OUT_FOLDERS;
const leftOutFiles: string[] = Object.keys(QUICK_LEAVES_OUT_FILES);
const contributing = readFileSync(join(root, "CONTRIBUTING.md"), "utf8");

/** CONTRIBUTING.md's section `heading` (to the next heading), or a failure naming it. */
function section(heading: string): string {
  const start = contributing.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`CONTRIBUTING.md has no "${heading}" section`);
  const end = contributing.slice(start + heading.length + 2).search(/\n#{1,3} /);
  return contributing.slice(start, end < 0 ? undefined : start + heading.length + 2 + end);
}

/** The backticked `test/…` paths of a text. */
const testPaths = (text: string) =>
  [...text.matchAll(/`(test\/[^`\s]+)`/g)].map(([, path]) => path!).sort();

describe("npm run test:quick", () => {
  it("is the script CONTRIBUTING.md's loop names, and it runs scripts/test.mjs --quick", () => {
    const scripts = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts;
    expect(scripts["test:quick"]).toBe("node scripts/test.mjs --quick");
    expect(section("## The loop")).toContain("`npm run test:quick`");
  });

  it("leaves out exactly what CONTRIBUTING.md says it leaves out, and every one exists", () => {
    // (Its list: the paragraph before it names this test.)
    const text = section("### What `npm run test:quick` leaves out");
    const said = testPaths(text.slice(text.indexOf("\n- ")));
    expect(said).toEqual([...leftOutFolders, ...leftOutFiles].sort());
    for (const path of said) expect(existsSync(join(root, path)), path).toBe(true);
    // (A file left out lies in a folder the quick run runs, or leaving it out says nothing.)
    for (const file of leftOutFiles)
      expect(
        suites.some((suite) => file.startsWith(`${suite}/`)),
        file,
      ).toBe(true);
  });

  it("runs or leaves out, by name, every folder of test/ that holds tests", () => {
    const folders = readdirSync(join(root, "test"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `test/${entry.name}`)
      .filter((folder) =>
        readdirSync(join(root, folder), { recursive: true }).some((file) =>
          String(file).endsWith(".test.ts"),
        ),
      );
    const named = [...suites, ...leftOutFolders].filter((path) => path.startsWith("test/"));
    expect(folders.sort()).toEqual(named.sort());
  });

  it("gives vitest filters that select the quick folders' test files and none of those left out", () => {
    const listed = execFileSync(
      join(root, "node_modules/.bin/vitest"),
      ["list", "--filesOnly", ...quickVitestArgs()],
      { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    )
      .split("\n")
      .filter((line) => line.endsWith(".test.ts"));
    for (const file of leftOutFiles) expect(listed, file).not.toContain(file);
    for (const file of listed)
      expect(
        suites.some((suite) => file.startsWith(suite)),
        file,
      ).toBe(true);
    // Every package's unit tests (`packages/`: not test/packaging's packages.test.ts) and every
    // quick folder's files but those left out.
    const expected = [
      ...readdirSync(join(root, "packages"))
        .filter((name) => existsSync(join(root, "packages", name, "src")))
        .flatMap((name) =>
          readdirSync(join(root, "packages", name, "src"), { recursive: true })
            .map((file) => `packages/${name}/src/${String(file)}`)
            .filter((file) => file.endsWith(".test.ts")),
        ),
      ...suites
        .filter((suite) => suite.startsWith("test/"))
        .flatMap((suite) =>
          readdirSync(join(root, suite), { recursive: true })
            .map((file) => `${suite}/${String(file)}`)
            .filter((file) => file.endsWith(".test.ts") && !leftOutFiles.includes(file)),
        ),
    ];
    expect(listed.sort()).toEqual(expected.sort());
  });
});

describe("vitest.config.ts", () => {
  it("runs two test files at a time at least, on 2 cores too (review 75, F2: vitest's default ran one)", () => {
    expect(config.test?.maxWorkers).toBeGreaterThanOrEqual(2);
  });
});
