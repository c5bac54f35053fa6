import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { defineConfig } from "tsup";
import { emitDeclarations, withoutSourcesContent } from "../../tsup.config.base.js";
import { keepConstants } from "./scripts/keep-constants.mjs";

export default defineConfig({
  // `./known-values` (generated/known-values.ts): the spec's shared closed lists of strings at run
  // time, an entry of its own that the main one never imports
  // (docs/decisions/0021-known-values.md).
  entry: { index: "src/index.ts", "known-values": "src/generated/known-values.ts" },
  format: ["esm", "cjs"],
  // .js for ESM and .cjs for CommonJS, matching the exports map. The declarations come from tsc
  // (emitDeclarations, below), with declaration maps.
  outExtension: ({ format }) => ({ js: format === "cjs" ? ".cjs" : ".js" }),
  target: "es2022",
  platform: "neutral",
  clean: true,
  // One file per format: consumers' bundlers tree-shake at the function level, and
  // `sideEffects: false` lets them drop whole modules (paginate, validate, rate-limit).
  splitting: false,
  treeshake: true,
  minify: false,
  // Maps name the shipped src/ and do not repeat it (tsup.config.base.js).
  sourcemap: true,
  ...withoutSourcesContent,
  // Where `module-sync` is not matched (Bun; Node without require(esm)), `import` gets the
  // CommonJS build through this wrapper (the exports map's `node` condition), so a process that
  // loads the package both ways (an ESM app with a CommonJS dependency, a CommonJS test runner)
  // holds one copy of the error classes, and `instanceof` works whichever way the error and the
  // class were loaded. Node 20.19+ loads the ESM build both ways; bundlers keep the ESM build.
  // (Decision 0009.)
  async onSuccess() {
    // (Decision 0008: a consumer's esbuild inlines a library's `const`, not its `var`.)
    writeFileSync("dist/index.js", keepConstants(readFileSync("dist/index.js", "utf8")));
    const names = Object.keys(createRequire(import.meta.url)("./dist/index.cjs")).sort();
    writeFileSync(
      "dist/index.node.mjs",
      `// The CommonJS build for Node's \`import\`: one copy of the runtime per process (see tsup.config.ts).\n` +
        `import core from './index.cjs';\n\nexport const {\n${names.map((name) => `  ${name},\n`).join("")}} = core;\n`,
    );
    emitDeclarations();
  },
});
