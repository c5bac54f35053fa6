// Used by packages/core/tsup.config.ts after each build, and by test/size/dist-constants.test.ts.
import { transformSync } from "esbuild";

/**
 * `text` (a bundle) with its top-level constants of a number or a string declared `const` again.
 * esbuild writes every top-level `const` of a bundle as `var` (on purpose, and with no option:
 * esbuild issues 623 and 2695), and a consumer's esbuild inlines a library's `const` but not its
 * `var`: the retry delays, the timer cap and the mask were left as variables in every program (10 B
 * gzipped in the DAS getAsset one, 5 to 18 B in the others; decision 0008).
 *
 * Only a name that nothing assigns again: esbuild itself reads the result, and each name it finds
 * assigned (`assign-to-constant`) keeps its `var`. (A regex for assignments missed destructuring
 * and `for (… of …)`, `[retries] = …`, and turned a `let` into a `const` that threw when assigned;
 * esbuild knows every form and every scope, a parameter of the same name too.) A constant read
 * before its declaration runs would throw when the module loads: the test imports the built file.
 * @param {string} text
 * @returns {string}
 */
export function keepConstants(text) {
  const declaration = /^var ([\w$]+) = (-?[\d.e+]+|"[^"\\\n]*"|2 \*\* 31 - 1);$/gm;
  const kept = new Set();
  const constant = text.replace(declaration, (_, name, value) => {
    kept.add(name);
    return `const ${name} = ${value};`;
  });
  const assigned = new Set();
  for (const warning of transformSync(constant, { format: "esm", logLevel: "silent" }).warnings) {
    const name = warning.id === "assign-to-constant" && /"([^"]+)"/.exec(warning.text)?.[1];
    if (!name) continue;
    // (A `const` of the sources assigned again: a bug to fix there, not a declaration to change.)
    if (!kept.has(name)) throw new Error(`keepConstants: ${warning.text}`);
    assigned.add(name);
  }
  return text.replace(declaration, (whole, name, value) =>
    assigned.has(name) ? whole : `const ${name} = ${value};`,
  );
}
