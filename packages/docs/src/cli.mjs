// Option parsing shared by the docs CLIs (build.mjs, serve.mjs).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/**
 * The parsed `options` (plus `-h, --help`). `--help` prints `usage` and exits 0; an unknown option
 * or stray argument prints one line and `usage` and exits 2, never a stack trace.
 */
export function parseCli(options, usage) {
  let values;
  try {
    ({ values } = parseArgs({ options: { ...options, help: { type: "boolean", short: "h" } } }));
  } catch (err) {
    console.error(`docs: ${err.message}\n\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

/**
 * Exits 1 with the command to run when @chaindata/core has no dist/ yet (after `npm install`
 * alone): the site reads the spec's u64 values with its `parseJson`, and Node would otherwise
 * print a module-not-found stack. The CLIs call it before they import the generator, since a
 * static import fails before any of their code runs. (import.meta.resolve names the file without
 * checking that it exists.)
 */
export function exitUnlessCoreBuilt() {
  let entry;
  try {
    entry = fileURLToPath(import.meta.resolve("@chaindata/core"));
  } catch {
    entry = undefined;
  }
  if (entry && existsSync(entry)) return;
  console.error(
    "docs: @chaindata/core is not built: run `npm run build` (or `npm run docs`, which builds it) first",
  );
  process.exit(1);
}
