// A REST area the generator emitted, written as flat files into a folder inside the repository
// (.scratch/ is git-ignored), so that @chaindata/core and openapi-fetch resolve: compiled with tsc
// and run as an app would run it (param-names.test.ts, operation-names.test.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = new URL("../..", import.meta.url).pathname;

/** The test's own folder, `.scratch/<name>-<pid>`: two runs at once do not share it. */
export const emittedAreaDir = (name: string) => join(root, `.scratch/${name}-${process.pid}`);

/**
 * Writes `files` (the generator's, by their path in the repository) into `dir` by their names,
 * with a tsconfig.json that checks them as the packages are, exactOptionalPropertyTypes too.
 */
export function writeEmittedArea(dir: string, files: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  for (const [path, text] of Object.entries(files))
    writeFileSync(join(dir, path.split("/").pop()!), text);
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      extends: "../../tsconfig.base.json",
      compilerOptions: { noEmit: true, exactOptionalPropertyTypes: true },
      include: ["*.ts"],
    }),
  );
}

/** The emitted client.ts in `dir`, bundled with what it imports, written beside it and imported. */
export async function importEmittedClient<T = Record<string, any>>(dir: string): Promise<T> {
  const result = await build({
    entryPoints: [join(dir, "client.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "error",
  });
  const bundle = join(dir, "client.bundle.mjs");
  writeFileSync(bundle, result.outputFiles[0]!.contents);
  return (await import(pathToFileURL(bundle).href)) as T;
}
