/**
 * The generation of `x-base58-bytes` strings: tests written to kill mutants that generate.test.ts
 * lets live. Each fails with the mutant named beside it.
 */
import { describe, expect, it } from "vitest";
import { fromBase58 } from "@chaindata/core";
import { addGenerationHints, generateFor, HINT } from "./generate.js";

const counted = (type: string | string[]) => {
  const doc = addGenerationHints({
    components: {
      schemas: {
        Item: {
          type: "object",
          properties: {
            id: { type, pattern: "^[1-9A-HJ-NP-Za-km-z]{32,44}$", "x-base58-bytes": 32 },
          },
        },
      },
    },
  });
  return doc.components.schemas.Item.properties.id;
};

describe("a counted string's type list", () => {
  // Mutant: nullAsBranch's `!types.includes("null")` dropped: any type list became an anyOf with
  // a null branch, so null was generated where the schema does not allow it.
  it("is made an anyOf only where it holds null: a list without null is left as it is, no null added", () => {
    expect(counted(["string", "integer"])).toEqual({
      type: ["string", "integer"],
      pattern: "^[1-9A-HJ-NP-Za-km-z]{32,44}$",
      "x-base58-bytes": 32,
      [HINT]: { base58: 32 },
    });
    expect(counted(["string", "null"]).anyOf).toEqual([
      expect.objectContaining({ type: "string", [HINT]: { base58: 32 } }),
      { type: "null" },
    ]);
  });
});

describe("a counted string's hint", () => {
  // Mutant: hintOf's `types.includes("string")` dropped: a schema of another type with the keyword
  // was given base58 text, of a type it does not allow.
  it("is given only to a string: an array with the keyword gets no base58 hint", () => {
    expect(counted("array")[HINT]).toBeUndefined();
    expect(counted("string")[HINT]).toEqual({ base58: 32 });
  });

  // Mutant: randomBase58's `between(0, 255)` → `between(0, 254)`: no byte was ever 255, so an
  // address's bytes were not uniform (and one of them, with its 0xff bytes, never came).
  it("draws every byte value, 0 to 255", () => {
    // (mulberry32, seeded, as json-schema-faker's random is seeded per request.)
    let seed = 7;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++)
      for (const byte of fromBase58(generateFor({ base58: 32 }, {}, random) as string)!)
        seen.add(byte);
    expect(seen.size).toBe(256);
  });
});
