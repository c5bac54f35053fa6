// The edits checks-vs-schema.test.ts's divergence comparison names, in DIVERGENCES' own form.
import { describe, expect, it } from "vitest";
import { divergenceEdits } from "./divergence-edits.js";

describe("divergenceEdits", () => {
  const listed = { "das getAssetsByOwner": ["page"], "wallet getBalances": ["page"] };

  it("names nothing when the list is the spec's", () => {
    expect(divergenceEdits(listed, { ...listed })).toEqual([]);
  });

  it("an operation new to the divergence: the entry to add, as written in the list", () => {
    expect(divergenceEdits(listed, { ...listed, "wallet getBalanceAt": ["timestamp"] })).toEqual([
      'add "wallet getBalanceAt": ["timestamp"]',
    ]);
  });

  it("a field new to a listed operation, and one the spec no longer has", () => {
    expect(
      divergenceEdits(listed, {
        "das getAssetsByOwner": ["page", "limit"],
      }),
    ).toEqual([
      'add "limit" to "das getAssetsByOwner": ["page", "limit"]',
      'remove "wallet getBalances": ["page"] (the spec no longer has it there)',
    ]);
    expect(divergenceEdits({ "x y": ["a", "b"] }, { "x y": ["a"] })).toEqual([
      'remove "b" from "x y" (the spec no longer has it there)',
    ]);
  });
});
