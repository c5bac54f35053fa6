// integerRangeProblem and the spec's ajv (scripts/spec/rules/integers.mjs, examples.mjs): the
// u64, i64 and ±(2^53−1) ranges.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { makeAjv } from "../../../scripts/spec/rules/examples.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { integerRangeProblem } from "../../../scripts/spec/rules/integers.mjs";

describe("spec rules", () => {
  it("integers: a negative u64 or one beyond −(2^53−1) at a plain integer is out of range", () => {
    expect(makeAjv().validate({ type: "integer", format: "uint64" }, -1)).toBe(false);
    expect(makeAjv().validate({ type: "integer", format: "uint64" }, 0)).toBe(true);
    expect(integerRangeProblem("plain", -(2n ** 53n))).toMatch(/is beyond ±\(2\^53−1\)/);
    expect(integerRangeProblem("plain", -(2n ** 53n - 1n))).toBe(undefined);
  });
});
