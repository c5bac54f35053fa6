// Option parsing shared by the repository's scripts (spec:bundle, spec:check, generate,
// api-report, npm start). packages/docs/src/cli.mjs and packages/mock/src/cli-options.mjs hold
// copies of these three functions (a package does not import from the repository's scripts, and
// the mock is published without the docs): test/packaging/cli-copies.test.ts fails when a copy
// differs.
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
