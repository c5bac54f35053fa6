import { defineConfig } from "tsup";

// The library (ESM + CJS, with types) and the CLI (ESM, with a shebang). Prism stays an
// external dependency. `shims` gives the CJS build an `import.meta.url` (used to find the
// spec copy in dist/spec and to require Prism).
export default defineConfig([
  {
    entry: ["src/index.ts"],
    format: ["esm", "cjs"],
    outExtension: ({ format }) => ({ js: format === "cjs" ? ".cjs" : ".js" }),
    dts: true,
    target: "node20",
    platform: "node",
    shims: true,
    clean: true,
    splitting: false,
    sourcemap: true,
  },
  {
    entry: ["src/cli.ts"],
    format: ["esm"],
    target: "node20",
    platform: "node",
    splitting: false,
    sourcemap: true,
    banner: { js: "#!/usr/bin/env node" },
  },
]);
