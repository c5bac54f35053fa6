// checkOpenEnums (scripts/spec/rules/open-enums.mjs): only a schema is an open enum, not a value
// shaped like one. The documents: fixtures.ts.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkOpenEnums } from "../../../scripts/spec/rules/open-enums.mjs";
import { area, components } from "./fixtures.js";

describe("spec rules", () => {
  it("open enums: a value (enum, const, default) shaped like one is no schema", () => {
    const looksOpen = { anyOf: [{ enum: ["lower"] }, { type: "string", pattern: "^[A-Z]+$" }] };
    const known = ["BUY"];
    const doc = components({
      Kind: { anyOf: [{ enum: known }, { type: "string", pattern: "^[A-Z]+$" }] },
      Value: { type: "object", const: looksOpen, default: looksOpen, enum: [looksOpen] },
    });
    expect(checkOpenEnums({ area, doc })).toEqual([]);
    known.push("sell");
    expect(checkOpenEnums({ area, doc })).toEqual([
      "t #/components/schemas/Kind: open enum: known values the open branch does not accept: sell (widen the open branch, or fix the values)",
    ]);
  });

  // (The first five named and the rest counted: six named passed, mutation 74.)
  it("open enums: names the first five values outside the open branch and counts the others", () => {
    const known = ["a", "b", "c", "d", "e", "f", "g"];
    const doc = components({
      Kind: { anyOf: [{ enum: known }, { type: "string", pattern: "^[A-Z]+$" }] },
    });
    expect(checkOpenEnums({ area, doc })).toEqual([
      "t #/components/schemas/Kind: open enum: known values the open branch does not accept: a, b, c, d, e and 2 more (widen the open branch, or fix the values)",
    ]);
  });
});
