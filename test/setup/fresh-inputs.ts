// vitest setup file, run before each test file: a test file that reads the stale inputs
// fresh-build.ts found (the bundles in spec/dist, the generated code, the built packages) stops
// here, before it is imported, with the reason and the step to run; one that reads none of them
// runs (user trial 34, F15: a spec editor's run of the rules' unit tests stopped on a spec it does
// not read). What a test file reads: reads-built-inputs.ts.
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, inject } from "vitest";
import type { Stale } from "./fresh-build.js";
import { readsBuiltInputs, type Reads } from "./reads-built-inputs.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Why the test file `file` does not run on `stale` inputs, given what it reads; undefined when it
 * reads none of them (stale bundles make the generated code stale too; stale generated code, with
 * today's bundles, concerns only the files that read the code).
 */
export function stopReason(stale: Stale, reads: Reads, file: string): string | undefined {
  const what = stale.stale === "bundles" ? (reads.bundles ?? reads.generated) : reads.generated;
  return what
    ? `[setup] ${relative(root, file)} was not run: it reads ${what}, and ${stale.error}`
    : undefined;
}

const stale = inject("staleInputs");
const file = expect.getState().testPath;
if (stale && file) {
  const reason = stopReason(stale, readsBuiltInputs(file), file);
  // (Thrown: vitest fails this file with the reason, and runs the others.)
  if (reason) throw new Error(reason);
}
