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
    // Stops a run whose spec edit was not bundled (and says what to run); warns of sources newer
    // than their package's build.
    globalSetup: ["test/setup/fresh-build.ts"],
  },
});
