// A program bundled from packages the generate tests wrote (their src/ on the runtime's source, no
// build needed; their dependencies, openapi-fetch, from the repository), written into `dir` and
// imported: the tests call what they generated as an app would (spec-edit, scaffold,
// single-object-param).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = new URL("../..", import.meta.url).pathname;

/**
 * Bundles `contents` (an ES module importing `@chaindata/<area>`) with each package of `packages`
 * (its name → its `src/index.ts`) and `@chaindata/core` from source, writes it to
 * `<dir>/program.mjs` and imports it.
 */
export async function importBundled<T>(
  dir: string,
  contents: string,
  packages: Record<string, string>,
): Promise<T> {
  const bundled = await build({
    stdin: { contents, resolveDir: dir, loader: "js" },
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "error",
    alias: { ...packages, "@chaindata/core": join(root, "packages/core/src/index.ts") },
    nodePaths: [join(root, "node_modules")],
  });
  const file = join(dir, "program.mjs");
  writeFileSync(file, bundled.outputFiles[0]!.contents);
  return (await import(pathToFileURL(file).href)) as T;
}
