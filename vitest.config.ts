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
