// Shared tsup build of every package: ESM + CJS from src/index.ts (an area package's tool schemas
// too), then the declarations by tsc.
import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { defineConfig } from "tsup";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

// tsup's bundled .d.ts carry no declaration maps, so "go to definition" would land in them. tsc
// writes one .d.ts per source file with its map into the shipped src/ (tsconfig.build.json):
// dist/types for `import` (ESM, like the package), and the same files under a
// `{ "type": "commonjs" }` package.json in dist/types-cjs for `require`, so each condition's types
// have the format of its JavaScript (docs/decisions/0012-declaration-maps.md).
export function emitDeclarations() {
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { stdio: "inherit" });
  withoutTypeOnlyStarExports("dist/types");
  cpSync("dist/types", "dist/types-cjs", { recursive: true });
  writeFileSync("dist/types-cjs/package.json", '{ "type": "commonjs" }\n');
}

// `export type *` (TypeScript 5.0 syntax) is the one statement of the declarations that TypeScript
// 4.7 to 4.9 cannot read: TS1383 in each package's index.d.ts for every consumer that checks
// libraries (no `skipLibCheck`). The sources keep it (under `verbatimModuleSyntax` it says the
// module holds types only); the shipped .d.ts get the forms 4.7 reads, each on its statement's line
// so the declaration maps stay right: `export *` of a module of types exports the same names, and a
// namespace imported `import type` then exported `export type` is the type-only namespace
// `export type * as` declares. test/packaging/declaration-syntax.test.ts checks the .d.ts for
// syntax newer than 4.7 (docs/decisions/0011-dependency-pins.md).
export function withoutTypeOnlyStarExports(dir) {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".d.ts")) continue;
    const file = `${entry.parentPath}/${entry.name}`;
    const text = readFileSync(file, "utf8");
    const rewritten = text
      .replace(/^export type \* from ("[^"]+");$/gm, "export * from $1;")
      .replace(
        /^export type \* as (\w+) from ("[^"]+");$/gm,
        "import type * as $1 from $2; export type { $1 };",
      );
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

// The JavaScript maps name the shipped src/ files and do not repeat their text (`sourcesContent`),
// which was a quarter of an sdk install. Every reader of a map that ships beside its code reads
// src/ from the same disk: Node's --enable-source-maps, esbuild 0.28 and webpack's
// source-map-loader fill in a missing text from the file (measured), and Vite does not read a
// dependency's maps at all (docs/decisions/0012-declaration-maps.md). tsup hands the option to
// esbuild; its tree-shaking rollup pass keeps what esbuild's map holds.
export const withoutSourcesContent = {
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
};

/**
 * The build of a package whose entries are `entry` (tsup's: a list of sources, or `{ name: source
 * }` for dist/<name>.js and .cjs). Each entry's declarations are tsc's, so a package with more
 * than src/index.ts lists them in its tsconfig.build.json `files` too.
 */
export const packageConfig = ({ entry = ["src/index.ts"] } = {}) =>
  defineConfig({
    entry,
    format: ["esm", "cjs"],
    clean: true,
    sourcemap: true,
    ...withoutSourcesContent,
    target: "es2022",
    platform: "neutral",
    treeshake: true,
    onSuccess: async () => emitDeclarations(),
  });

/**
 * An area package's entries: its client (`.`) and its tools' input schemas (`./tool-schemas`,
 * dist/tool-schemas.js, docs/decisions/0020-tool-schemas.md), which the client never imports, so
 * no call bundle carries them.
 */
export const AREA_ENTRIES = {
  index: "src/index.ts",
  "tool-schemas": "src/generated/tool-schemas.ts",
};

export default packageConfig();
