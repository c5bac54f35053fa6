// Option parsing shared by the docs CLIs (build.mjs, serve.mjs).
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
