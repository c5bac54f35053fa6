// The generator's line breaks for descriptors (scripts/generate/lib/layout.mjs): a spec edit shows
// in a diff as the lines of the checks it changed (review 46, F6), and the code means the same.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { layout } from "../../scripts/generate/lib/layout.mjs";
import { oneLine } from "./declarations.js";

const root = new URL("../..", import.meta.url).pathname;
const long = `export const x: D = { id: "x", params: /* @__PURE__ */ vObject({ a: /* @__PURE__ */ vString(PATTERN_1, DESCRIPTION_1), b: /* @__PURE__ */ vInteger(1, 1000), c: /* @__PURE__ */ vEnum(["a, b", "c\\"d"]) }, ["a"], false), idempotent: true };`;

describe("layout", () => {
  it("keeps a declaration that fits on one line as it is", () => {
    const short = `export const y: U64Shape = { supply: 1, max_supply: 1 };`;
    expect(layout(short)).toBe(short);
  });

  it("breaks a long one member a line, a call's short last arguments on its closing line", () => {
    expect(layout(long)).toBe(
      [
        `export const x: D = {`,
        `  id: "x",`,
        `  params: /* @__PURE__ */ vObject({`,
        `    a: /* @__PURE__ */ vString(PATTERN_1, DESCRIPTION_1),`,
        `    b: /* @__PURE__ */ vInteger(1, 1000),`,
        `    c: /* @__PURE__ */ vEnum(["a, b", "c\\"d"])`,
        `  }, ["a"], false),`,
        `  idempotent: true`,
        `};`,
      ].join("\n"),
    );
    // (Commas and brackets inside string literals and comments are text, not structure.)
    expect(oneLine(layout(long))).toBe(long);
  });

  it("leaves code whose brackets do not balance as it is", () => {
    const unbalanced = long.replace("}, [", "}, ").repeat(2);
    expect(layout(unbalanced)).toBe(unbalanced);
  });

  it("is what every area's operations.ts holds: no descriptor line past the width, the code unchanged", () => {
    const dirs = readdirSync(join(root, "packages"));
    let checked = 0;
    for (const dir of dirs) {
      let source: string;
      try {
        source = readFileSync(join(root, "packages", dir, "src/generated/operations.ts"), "utf8");
      } catch {
        continue;
      }
      const declarations = source
        .split(/\n(?=export const \w+: (?:RpcMethodDescriptor|OperationDescriptor)\b)/)
        .slice(1);
      for (const text of declarations) {
        const declared = text.slice(0, text.indexOf("\n};") + 3);
        const [head, ...rest] = declared.split("\n");
        for (const line of rest) expect(line.length, `${dir}: ${line}`).toBeLessThanOrEqual(100);
        expect(head, dir).toMatch(/ = \{$/);
        expect(layout(oneLine(declared)), dir).toBe(declared);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(25);
  });
});
