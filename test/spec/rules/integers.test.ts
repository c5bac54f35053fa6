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

  // (Each bound from both sides: only the plain integer's lower one was pinned, and a negative u64,
  // an i64 one past its maximum or a plain 2^53 passed with the clause dropped, mutation 74.)
  it("integers: each kind's range ends where it says, on both sides", () => {
    const inside: Array<[string, bigint]> = [
      ["uint64", 0n],
      ["uint64", 2n ** 64n - 1n],
      ["int64", -(2n ** 63n)],
      ["int64", 2n ** 63n - 1n],
      ["plain", 2n ** 53n - 1n],
    ];
    for (const [kind, n] of inside)
      expect(integerRangeProblem(kind, n), `${kind} ${n}`).toBe(undefined);
    const outside: Array<[string, bigint, RegExp]> = [
      ["uint64", -1n, /^-1 is outside the u64 range 0 … 18446744073709551615$/],
      ["uint64", 2n ** 64n, /is outside the u64 range/],
      [
        "int64",
        -(2n ** 63n) - 1n,
        /is outside the i64 range -9223372036854775808 … 9223372036854775807$/,
      ],
      ["int64", 2n ** 63n, /is outside the i64 range/],
      ["plain", 2n ** 53n, /^9007199254740992 is beyond ±\(2\^53−1\)/],
    ];
    for (const [kind, n, problem] of outside)
      expect(integerRangeProblem(kind, n), `${kind} ${n}`).toMatch(problem);
  });
});
