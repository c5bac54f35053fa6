// `npm run test:quick` (scripts/test.mjs --quick): the runtime contributor's loop, the suites where
// a change of @chaindata/core shows (its messages, its behaviour through the generated clients, its
// types), without the slow files among them. Measured on 2 cores shared with other work: about a
// fifth of the time every folder takes, and a change of two of core's messages still fails every
// file that asserts them. CONTRIBUTING.md, "The loop", lists what is left out;
// test/scripts/test-quick.test.ts keeps the two in step.

/** The folders the quick run tests, as vitest's filters (`packages/`: every package's src/). */
export const QUICK_SUITES = [
  "packages/",
  "test/faults",
  "test/clients",
  "test/generate",
  "test/docs",
  "test/browser",
  "test/types",
];

/**
 * The test folders left out whole: the spec editor's checks and what tests the packages as
 * published, which a runtime change rarely breaks before `npm test` (with two of core's messages
 * changed, none of them asserted either).
 */
export const QUICK_LEAVES_OUT_FOLDERS = [
  "test/spec",
  "test/contract",
  "test/packaging",
  "test/size",
  "test/scripts",
  "test/setup",
];

/** The slow files of the quick folders, left out, each with what makes it slow. */
export const QUICK_LEAVES_OUT_FILES = {
  "test/docs/accessibility.test.ts": "Chromium: axe and the keyboard on the docs site",
  "test/docs/browser.test.ts": "Chromium: crawls every page of the docs site",
  "test/docs/page-walks-browser.test.ts": "Chromium: a recipe's page in a browser",
  "test/faults/soak.test.ts": "a seeded soak of every fault at once",
  "test/faults/large.test.ts": "50 MB responses",
  "test/clients/readme-run.test.ts": "each README block in a Node process of its own",
  "test/clients/browser-proxy-recipe.test.ts": "the recipe's servers in processes of their own",
  "test/clients/sender-keep-alive-recipe.test.ts": "the recipe in a process of its own",
  "test/generate/spec-rules-gate.test.ts": "npm run generate on broken specs, in processes",
  "test/types/types.test.ts": "tsc in every consumer setting, and older TypeScript installed",
  "test/types/wrapper-library.test.ts": "a library built and type-checked by tsc",
};

/** vitest's arguments for the quick run, then `more` (a contributor's own: `--bail=1`, a path). */
export const quickVitestArgs = (more = []) => [
  ...QUICK_SUITES,
  ...Object.keys(QUICK_LEAVES_OUT_FILES).map((file) => `--exclude=${file}`),
  ...more,
];
