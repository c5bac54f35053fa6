/**
 * Markers at the edges of bigintMarker's digits: tests written to kill mutants of json.ts that
 * json.test.ts lets live. Each fails with the mutant named beside it.
 */
import { describe, expect, it } from "vitest";
import { bigintMarker, fromMarker, stringifyJson } from "./json.js";

describe("a marker of zero", () => {
  // Mutant: INTEGER_DIGITS without its `0|`: the marker bigintMarker writes for 0n ("…u64:0", a
  // hook's or scenario's bigint zero) was no marker to fromMarker, so the answer check read a
  // string where the spec has an integer.
  it("is read back by fromMarker and written as the digit 0", () => {
    expect(fromMarker(bigintMarker(0n))).toBe(0n);
    expect(stringifyJson({ a: 0n, b: bigintMarker(0n) })).toBe('{"a":0,"b":0}');
  });
});
