// `npm test`'s last line counts a red vitest run as a failure even when its JSON report holds no
// failed test: an unhandled rejection fails the run (exit 1) with every test passed.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM without type declarations
import { vitestCounts } from "../../scripts/lib/vitest-count.mjs";

const report = (numPassedTests: number, numFailedTests: number, success = !numFailedTests) => ({
  numPassedTests,
  numFailedTests,
  numTotalTestSuites: 3,
  success,
});

describe("vitestCounts", () => {
  it("a green run: its passed tests, none failed", () => {
    expect(vitestCounts(report(10, 0), 0)).toEqual({ passed: 10, failed: 0 });
  });

  it("failed tests count as themselves", () => {
    expect(vitestCounts(report(8, 2), 1)).toEqual({ passed: 8, failed: 2 });
  });

  it("a run vitest failed with every test passed (an unhandled error) counts one failure", () => {
    expect(vitestCounts(report(10, 0, true), 1)).toEqual({ passed: 10, failed: 1 });
  });

  it("a report that says it failed with no failed test counts one failure", () => {
    expect(vitestCounts(report(10, 0, false), 0)).toEqual({ passed: 10, failed: 1 });
  });
});
