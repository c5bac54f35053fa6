// core's built ESM file declares its top-level constants of a number or a string with `const`, as
// its sources do: esbuild writes them as `var` in a bundle, and a consumer's esbuild inlines a
// library's `const` but not its `var` (packages/core/scripts/keep-constants.mjs; decision 0008).
// Read from the built dist/: run `npx turbo run build` first.
import { existsSync, readFileSync } from "node:fs";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../bench/lib/programs.mjs";
import { keepConstants } from "../../packages/core/scripts/keep-constants.mjs";

const file = `${repoRoot}packages/core/dist/index.js`;

describe("keepConstants", () => {
  it("gives back const to each constant nothing assigns, and keeps var where any form assigns", () => {
    const declared = ["A", "B", "C", "D", "E", "F", "G", "H", "S"].map(
      (name) => `var ${name} = ${name == "S" ? '"s"' : 1};`,
    );
    const code = [
      // (Destructuring, `for … of` and `for … in` assign too, as `++` and `??=` do.)
      "export function f(o, xs) {",
      "  [A] = o;",
      "  ({ b: B } = o);",
      "  for (C of xs) ;",
      "  for (D in o) ;",
      "  E++;",
      "  F ??= 2;",
      "  return G + S;",
      "}",
      // (A parameter of the same name is another binding: H stays a constant.)
      "export const g = (H) => { H = 2; return H; };",
      "export const h = () => H;",
    ];
    const kept = keepConstants([...declared, ...code].join("\n") + "\n").split("\n");
    expect(kept.slice(0, declared.length)).toEqual([
      "var A = 1;",
      "var B = 1;",
      "var C = 1;",
      "var D = 1;",
      "var E = 1;",
      "var F = 1;",
      "const G = 1;",
      "const H = 1;",
      'const S = "s";',
    ]);
    expect(kept.slice(declared.length, -1)).toEqual(code);
  });

  it("gives back const to a negative number and to 2 ** 31 - 1, and reads no warning but assign-to-constant", () => {
    const declared = ["var N = -1;", "var T = 2 ** 31 - 1;", "var K = 1;", "var A = 1;"];
    // (esbuild warns of the duplicate key first, naming K, which nothing assigns; then of A.)
    const code = ["export const o = { K: 1, K: 2 };", "export const f = () => (A = N + T);"];
    expect(keepConstants([...declared, ...code].join("\n") + "\n").split("\n")).toEqual([
      "const N = -1;",
      "const T = 2 ** 31 - 1;",
      "const K = 1;",
      "var A = 1;",
      ...code,
      "",
    ]);
  });

  it("throws on a const of the sources assigned again (a bug to fix there), naming it", () => {
    expect(() => keepConstants("const X = 1;\nexport const f = () => (X = 2);\n")).toThrow(
      /^keepConstants: .*"X"/,
    );
  });
});

describe("core's dist/index.js", () => {
  const text = () => {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npx turbo run build\` first`);
    return readFileSync(file, "utf8");
  };

  it("declares its constants of a number or a string with const, but a name assigned again", () => {
    const built = text();
    // (Nothing left that keepConstants would change, and no const that esbuild sees assigned.)
    expect(keepConstants(built)).toBe(built);
    const { warnings } = transformSync(built, { format: "esm", logLevel: "silent" });
    expect(warnings.filter((warning) => warning.id == "assign-to-constant")).toEqual([]);
    // (The ones the one-call programs read: inlined by a consumer's esbuild only as constants.)
    for (const name of ["INITIAL_RETRY_DELAY_MS", "MAX_RETRY_AFTER_MS", "MAX_TIMER_MS", "MASK"])
      expect(built).toMatch(new RegExp(`^const ${name} = `, "m"));
  });

  it("loads: no constant is read before its declaration runs", async () => {
    const core = await import(file);
    expect(typeof core.createJsonRpcClient).toBe("function");
  });
});
