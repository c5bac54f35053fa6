// The examples (examples/*.mjs) as a new user meets them. test/contract/examples.test.ts runs
// them against the mock; this file checks what running cannot: that they type-check (a misspelt
// field would print `undefined` and still exit 0), and that `npm run example` in a clone that is
// not built yet says what to run instead of printing a module-not-found stack.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { tsc } from "../types/tsc.js";

const root = new URL("../..", import.meta.url).pathname;
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("examples", () => {
  it("type-check as strict TypeScript (examples/tsconfig.json: checkJs)", () => {
    expect(tsc("-p", `${root}examples`, "--pretty", "false")).toBe("");
  }, 60_000);

  it("npm run example before a build: names the packages to build, no stack trace", async () => {
    // A clone after `npm install` alone: every @chaindata package is linked, none has its dist/.
    const dir = mkdtempSync(join(tmpdir(), "chaindata-unbuilt-"));
    dirs.push(dir);
    mkdirSync(`${dir}/examples`);
    copyFileSync(`${root}examples/run.mjs`, `${dir}/examples/run.mjs`);
    // (An example beside it is run, with no list to add it to: its package is named below.)
    writeFileSync(`${dir}/examples/example-test.mjs`, 'import "@chaindata/example-test";\n');
    for (const name of readdirSync(`${root}packages`)) {
      mkdirSync(`${dir}/node_modules/@chaindata/${name}`, { recursive: true });
      copyFileSync(
        `${root}packages/${name}/package.json`,
        `${dir}/node_modules/@chaindata/${name}/package.json`,
      );
    }
    const env = { ...process.env };
    delete env.CHAINDATA_MOCK_URL;
    const failed = await run(process.execPath, [`${dir}/examples/run.mjs`], {
      cwd: dir,
      env,
      timeout: 30_000,
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/not built.*npm run build/);
    expect(failed?.stderr).toContain("@chaindata/example-test, @chaindata/mock");
    expect(failed?.stderr).not.toContain("ERR_MODULE_NOT_FOUND");
  });

  it("npm run example with CHAINDATA_MOCK_URL set but empty: starts its own mock and uses it", async () => {
    // (`export CHAINDATA_MOCK_URL=` to clear it, or a CI variable left blank)
    const { stdout } = await run(process.execPath, [`${root}examples/run.mjs`, "admin"], {
      env: { ...process.env, CHAINDATA_MOCK_URL: "" },
      timeout: 30_000,
    });
    expect(stdout).toMatch(/^mock started on http:\/\/127\.0\.0\.1:\d+ in /);
    expect(stdout).toContain("1/1 examples ok");
  });
});
