import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { defineConfig } from "tsup";
import { emitDeclarations, withoutSourcesContent } from "../../tsup.config.base.js";

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
    keepConstants("dist/index.js");
    const names = Object.keys(createRequire(import.meta.url)("./dist/index.cjs")).sort();
    writeFileSync(
      "dist/index.node.mjs",
      `// The CommonJS build for Node's \`import\`: one copy of the runtime per process (see tsup.config.ts).\n` +
        `import core from './index.cjs';\n\nexport const {\n${names.map((name) => `  ${name},\n`).join("")}} = core;\n`,
    );
    emitDeclarations();
  },
});

/**
 * Gives `file`'s top-level constants of a number or a string back their `const`. esbuild writes
 * every top-level `const` of a bundle as `var` (on purpose, and with no option: esbuild issues 623
 * and 2695), and a consumer's esbuild inlines a library's `const` but not its `var`: the retry
 * delays, the timer cap and the mask were left as variables in every program (10 B gzipped in the
 * DAS getAsset one, 5 to 18 B in the others; decision 0008). Only a name the file never assigns
 * again, declared before any code of the file runs that reads it (the module's constants are
 * read by functions, called after it loads; test/size/dist-constants.test.ts imports the file).
 */
function keepConstants(file: string) {
  const text = readFileSync(file, "utf8");
  const kept = text.replace(
    /^var ([\w$]+) = (-?[\d.e+]+|"[^"\\\n]*"|2 \*\* 31 - 1);$/gm,
    (declaration, name: string, value: string) => {
      const id = name.replace(/\$/g, "\\$");
      // (Any assignment to the name, or a parameter or a binding of another scope so named.)
      const assigned = new RegExp(
        `(?<![\\w$.])${id}\\s*([-+*/%&|^]|\\*\\*|<<|>>>?|\\?\\?|&&|\\|\\|)?=(?!=)|(\\+\\+|--)\\s*${id}(?![\\w$])|(?<![\\w$.])${id}\\s*(\\+\\+|--)`,
      );
      return assigned.test(text.replace(declaration, ""))
        ? declaration
        : `const ${name} = ${value};`;
    },
  );
  writeFileSync(file, kept);
}
