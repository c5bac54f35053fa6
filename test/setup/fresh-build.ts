// vitest globalSetup: the suites test what the spec generates, through the packages' built dist/.
// A run after a spec edit that was not bundled, generated (both checked exactly) and built (a
// hint, by modification times) tests the old code, and its
// failures read as runtime bugs ("expected undefined to be an instance of ValidationError"), so a
// run with stale inputs stops first and says which step to run (user trial 6). `npm test` runs
// those steps itself; this is for targeted runs (`npx vitest run test/contract`).
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
// @ts-expect-error -- a script of the repository, in JavaScript without declarations
import { bundleDigest, staleBundles } from "../../scripts/spec/bundle.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const REBUILD = "npm run spec:bundle && npm run generate && npx turbo run build";

/** The newest modification time under `dir`, of the files `keep` accepts; 0 when there are none. */
function newest(dir: string, keep: (name: string) => boolean): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !keep(entry.name)) continue;
    latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/**
 * What is stale: `error`, a spec edit not bundled (the run stops); `warning`, packages whose
 * sources are newer than their build (a hint).
 */
export function staleInputs(
  specDir = join(root, "spec"),
  packagesDir = join(root, "packages"),
): { error?: string; warning?: string } {
  // Exact (a digest of the sources): the bundle the generators read is today's spec.
  const stale: string[] = staleBundles(specDir);
  if (stale.length)
    return {
      error: `spec/ has changed since it was last bundled (${stale.join(", ")}): run \`${REBUILD}\` before the tests, which read the generated code through the packages' dist/`,
    };
  // Exact too: the generated code records the digest of the bundles it was made from.
  const recorded = join(packagesDir, "core/src/generated/spec-digest.ts");
  if (existsSync(recorded)) {
    const made = /specDigest = "(\w+)"/.exec(readFileSync(recorded, "utf8"))?.[1];
    if (made !== bundleDigest(join(specDir, "dist")))
      return {
        error: `spec/dist has changed since the code was generated from it: run \`npm run generate && npx turbo run build\` before the tests, which read the generated code through the packages' dist/`,
      };
  }
  // A hint only (modification times: a file touched but unchanged is newer too, and turbo's
  // cache then rebuilds nothing): sources edited since the package was last built.
  const unbuilt = readdirSync(packagesDir).filter((name) => {
    const dir = join(packagesDir, name);
    let source: number;
    try {
      source = newest(join(dir, "src"), (file) => /(?<!\.test)\.ts$/.test(file));
    } catch {
      return false; // no src/
    }
    // (No TypeScript to build: the docs site's generator, run from its sources.)
    if (!source) return false;
    let built: number;
    try {
      built = newest(join(dir, "dist"), () => true);
    } catch {
      return true; // never built
    }
    return source > built;
  });
  return unbuilt.length
    ? {
        warning: `packages/{${unbuilt.join(",")}}/src changed after the last build: the tests import dist/; run \`npx turbo run build\` (--force if turbo says it is cached)`,
      }
    : {};
}

/** Stops the run on an error, with its reason alone; prints a warning and goes on. */
export function report({ error, warning }: { error?: string; warning?: string }): void {
  // (Not a throw: vitest then prints "No test files found" above the reason, which reads as a
  // wrong path given.)
  if (error) {
    console.error(`\n[setup] The tests were not run. ${error}\n`);
    process.exit(1);
  }
  if (warning) console.warn(`[setup] ${warning}`);
}

export default function setup(): void {
  report(staleInputs());
}
