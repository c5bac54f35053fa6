// The TypeScript in README.md compiles against the built packages, so the README cannot
// drift from the API: each ```ts block becomes a module under test/types/.readme/ (git-ignored).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;
const dir = `${root}test/types/.readme`;

describe("README.md", () => {
  it("every ```ts block type-checks", () => {
    const blocks = [...readFileSync(`${root}README.md`, "utf8").matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(1);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    blocks.forEach((code, i) => writeFileSync(`${dir}/block${i}.ts`, `${code}\nexport {};\n`));
    writeFileSync(`${dir}/tsconfig.json`, JSON.stringify({ extends: "../../../tsconfig.base.json", compilerOptions: { noEmit: true }, include: ["*.ts"] }));
    let output = "";
    try {
      execFileSync(`${root}node_modules/.bin/tsc`, ["-p", dir], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (error: any) {
      output = `${error.stdout}${error.stderr}`;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(output).toBe("");
  });
});
