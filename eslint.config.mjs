// ESLint finds the bugs a type checker does not: promises nobody awaits, awaits of non-promises,
// unused code. It runs over the hand-written code only. Prettier decides the layout
// (docs/decisions/0010-formatting-and-linting.md).
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/",
      "**/dist/",
      "packages/*/src/generated/",
      "spec/dist/",
      ".scratch/",
      ".turbo/",
      "coverage/",
      "test-results/",
      "test/types/.readme/",
      "test/docs/.snippets/",
    ],
  },
  js.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `catch {}` means "ignore this failure": used where it must not fail the call (a logger
      // that throws).
      "no-empty": ["error", { allowEmptyCatch: true }],
      // (A `let` assigned once, later, is read by a closure made before: `const` would be a TDZ
      // error.)
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      "no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The docs site's script runs in the browser.
    files: ["packages/docs/src/assets/**/*.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["**/*.{ts,mts,cts}"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // The runtime, the mock and the tests handle JSON whose shape is only known at run time and
      // is checked by hand where it matters. There, `any` is deliberate, not a lapse.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      // Error messages print whatever value was passed, even `[object Object]`.
      "@typescript-eslint/no-base-to-string": "off",
      "@typescript-eslint/restrict-template-expressions": "off",
      // Stubs of network calls are async without awaiting anything, and the runtime calls
      // caller-supplied methods with `.call(owner)` where `this` matters.
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/unbound-method": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Three-line build configs outside any tsconfig: the rules that need no types still apply.
    files: ["packages/*/tsup.config.ts"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Type tests: each statement exists only to compile, or to fail to compile.
    files: ["test/types/calls.ts", "test/contract/types.check.ts"],
    rules: {
      "@typescript-eslint/no-unused-vars": "off",
      "@typescript-eslint/no-unused-expressions": "off",
      "@typescript-eslint/no-floating-promises": "off",
      "@typescript-eslint/no-misused-promises": "off",
    },
  },
);
