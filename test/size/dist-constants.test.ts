// core's built ESM file declares its top-level constants of a number or a string with `const`, as
// its sources do: esbuild writes them as `var` in a bundle, and a consumer's esbuild inlines a
// library's `const` but not its `var` (packages/core/tsup.config.ts, keepConstants; decision 0008).
// Read from the built dist/: run `npx turbo run build` first.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../bench/lib/programs.mjs";

const file = `${repoRoot}packages/core/dist/index.js`;

describe("core's dist/index.js", () => {
  it("declares its constants of a number or a string with const, but a name assigned again", () => {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npx turbo run build\` first`);
    const text = readFileSync(file, "utf8");
    const declared = [...text.matchAll(/^var ([\w$]+) = (?:-?[\d.e+]+|"[^"\\\n]*");$/gm)];
    const unassigned = declared
      .map(([declaration, name]) => [declaration, name!] as const)
      .filter(
        ([declaration, name]) =>
          !new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}\\s*\\S?=(?!=)`).test(
            text.replace(declaration, ""),
          ),
      )
      .map(([, name]) => name);
    expect(unassigned).toEqual([]);
    // (The ones the one-call programs read: inlined by a consumer's esbuild only as constants.)
    for (const name of ["INITIAL_RETRY_DELAY_MS", "MAX_RETRY_AFTER_MS", "MAX_TIMER_MS", "MASK"])
      expect(text).toMatch(new RegExp(`^const ${name} = `, "m"));
  });

  it("loads: no constant is read before its declaration runs", async () => {
    const core = await import(file);
    expect(typeof core.createJsonRpcClient).toBe("function");
  });
});
