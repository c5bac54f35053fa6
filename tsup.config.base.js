// Shared tsup build of every package: ESM + CJS from src/index.ts, then the declarations by tsc.
import { execFileSync } from "node:child_process";
import { cpSync, writeFileSync } from "node:fs";
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
  cpSync("dist/types", "dist/types-cjs", { recursive: true });
  writeFileSync("dist/types-cjs/package.json", '{ "type": "commonjs" }\n');
}

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  clean: true,
  // Maps carry their sources, so stack traces and debuggers show the TypeScript without src/.
  sourcemap: true,
  target: "es2022",
  platform: "neutral",
  treeshake: true,
  onSuccess: async () => emitDeclarations(),
});
