import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// One vitest run covers every package's unit tests (beside the code) and the
// repository-level suites in test/. Packages are imported through their built
// `dist/` (the workspace links), exactly as users get them.
export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two test files at a time at least: vitest's default, one fewer than the cores, ran one at a
    // time on 2 cores, while most files wait on processes, servers and Chromium, not the CPU. The
    // time bounds hold beside a second worker: work of a test's own process is timed in CPU time
    // (cpuTimeOf, cpuTimeRatio in core's test-support/testing.ts), a wait whose failure is a timer
    // is bounded just under that timer. No two files share a port, a folder or the build.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A `vi.spyOn` (Math.random, console.warn, …) ends with its test, so a later test sees the
    // real function whichever order the tests run in. (`vi.fn()` mocks are not spies: untouched.)
    restoreMocks: true,
    // Finds a spec edit not bundled or generated (and warns of sources newer than their package's
    // build); each test file that reads the stale bundles or code then stops, saying what to run,
    // and the others run (fresh-inputs.ts).
    globalSetup: ["test/setup/fresh-build.ts"],
    setupFiles: ["test/setup/fresh-inputs.ts"],
  },
});
