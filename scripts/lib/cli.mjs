// Option parsing shared by the repository's scripts (spec:bundle, spec:check, generate).
// (packages/docs/src/cli.mjs is the docs package's own copy: a package does not import from
// the repository's scripts.)
import { parseArgs } from "node:util";

/**
 * The parsed `options` (plus `--help`) of `program`. `--help` prints `usage` and exits 0; an
 * unknown option or stray argument prints one line and `usage` and exits 2, never a stack trace.
 */
export function parseCli(program, options, usage) {
  let values;
  try {
    ({ values } = parseArgs({ options: { ...options, help: { type: "boolean" } } }));
  } catch (error) {
    console.error(`${program}: ${error.message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}
