// What one vitest run adds to `npm test`'s "N passed, N failed" line.

/**
 * The passed and failed counts of a run, from vitest's JSON report and its exit status. A run
 * whose report holds no failed test but that vitest failed (an unhandled error or rejection after
 * the tests, a suite that did not load) counts one failure: the report's counts and `success` do
 * not show an unhandled error, and the line would say "0 failed" of a red run.
 * @param {{ numPassedTests: number, numFailedTests: number, numTotalTestSuites?: number,
 *   success?: boolean }} report
 * @param {number | null} status vitest's exit status
 */
export function vitestCounts(report, status) {
  const red = status !== 0 || (report.numTotalTestSuites && report.success === false);
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (red && report.numFailedTests === 0 ? 1 : 0),
  };
}
