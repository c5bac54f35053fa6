// Option parsing shared by the docs CLIs (build.mjs, serve.mjs): parseCli, usageError and
// parsePort are copies of scripts/lib/cli.mjs's (test/packaging/cli-copies.test.ts fails when
// they differ), as a package does not import from the repository's scripts.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/**
 * The parsed `options` (plus `-h, --help`) of `program`. `--help` prints `usage` and exits 0; an
 * unknown option or stray argument is a usage error (parseArgs's message names it).
 */
export function parseCli(program, options, usage) {
  let values;
  try {
    ({ values } = parseArgs({ options: { ...options, help: { type: "boolean", short: "h" } } }));
  } catch (error) {
    usageError(program, error.message, usage);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

/** Prints `<program>: <message>`, a blank line and `usage` (never a stack trace), and exits 2. */
export function usageError(program, message, usage) {
  console.error(`${program}: ${message}\n\n${usage}`);
  process.exit(2);
}

/**
 * `text` as a port number, else a usage error naming `name` (the option or the environment
 * variable it came from) and what a port is.
 */
export function parsePort(program, name, text, usage) {
  // (Digits only: Number() also reads "0x10" as 16, "1e3" as 1000 and "+80" as 80.)
  const port = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (port <= 65535) return port;
  usageError(
    program,
    `${name}: bad port ${JSON.stringify(text)} (a whole number from 0 to 65535; 0 = any free port)`,
    usage,
  );
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
