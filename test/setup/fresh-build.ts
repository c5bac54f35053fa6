// vitest globalSetup: the suites test what the spec generates, through the packages' built dist/.
// A run after a spec edit that was not bundled, generated (both checked exactly) and built (a
// hint, by modification times) tests the old code, and its
// failures read as runtime bugs ("expected undefined to be an instance of ValidationError"), so the
// test files that read stale inputs stop first, each saying which step to run (user trial 6). Only
// those (user trial 34, F15): a spec editor's run of the rules' own tests, which read no bundle and
// no generated code, goes on; fresh-inputs.ts, a setup file of every test file, tells them apart
// (reads-built-inputs.ts). `npm test` runs those steps itself; this is for targeted runs
// (`npx vitest run test/contract`).
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
// @ts-expect-error -- a script of the repository, in JavaScript without declarations
import { bundleDigest, staleBundleSources, staleList } from "../../scripts/spec/bundle.mjs";

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

/** What is stale, and the step to run: the bundles (and so the generated code), or the generated code. */
export interface Stale {
  stale: "bundles" | "generated";
  error: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The stale inputs of this run, for fresh-inputs.ts; null when the bundles and the code are today's. */
    staleInputs: Stale | null;
  }
}

/**
 * What is stale: `error`, a spec edit not bundled (`stale: "bundles"`) or bundled and not generated
 * (`"generated"`): the test files that read them stop; `warning`, packages whose sources are newer
 * than their build (a hint).
 */
export function staleInputs(
  specDir = join(root, "spec"),
  packagesDir = join(root, "packages"),
): { error?: string; stale?: Stale["stale"]; warning?: string } {
  // Exact (a digest of the sources): the bundle the generators read is today's spec. With the
  // sources edited since (modification times), which the reader knows, rather than the bundles
  // alone (user trial 69, F9).
  const stale: { bundle: string; newer: string[] }[] = staleBundleSources(specDir);
  if (stale.length)
    return {
      stale: "bundles",
      error: `spec/ has changed since it was last bundled (${staleList(stale)}): run \`${REBUILD}\` before the tests, which read the generated code through the packages' dist/`,
    };
  // Exact too: the generated code records the digest of the bundles it was made from.
  const recorded = join(packagesDir, "core/src/generated/spec-digest.ts");
  if (existsSync(recorded)) {
    const made = /specDigest = "(\w+)"/.exec(readFileSync(recorded, "utf8"))?.[1];
    if (made !== bundleDigest(join(specDir, "dist")))
      return {
        stale: "generated",
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

/**
 * Says, once for the run, what is stale: the test files that read it stop (each with the reason:
 * fresh-inputs.ts), the others run; a warning is a hint.
 */
export function report({ error, warning }: { error?: string; warning?: string }): void {
  if (error)
    console.warn(
      `[setup] ${error}. The test files that read them stop, each saying so; the others run.`,
    );
  if (warning) console.warn(`[setup] ${warning}`);
}

export default function setup(project: TestProject): void {
  const found = staleInputs();
  report(found);
  project.provide(
    "staleInputs",
    found.error && found.stale ? { stale: found.stale, error: found.error } : null,
  );
}
