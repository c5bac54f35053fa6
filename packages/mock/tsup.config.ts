import { defineConfig } from "tsup";
import { emitDeclarations, withoutSourcesContent } from "../../tsup.config.base.js";

// The library (ESM + CJS, with types) and the CLI (ESM, with a shebang). Prism stays an
// external dependency. The CJS build gets an `import.meta.url` (used to find the spec copy in
// dist/spec and to require Prism) from src/cjs-shim.ts, the package's own code: tsup's `shims`
// inlined tsup's file, whose source map entry pointed outside the package. The maps do not repeat
// the shipped src/ as their sourcesContent, as every package's (tsup.config.base.js).
export default defineConfig([
  {
    entry: ["src/index.ts"],
    format: ["esm", "cjs"],
    outExtension: ({ format }) => ({ js: format === "cjs" ? ".cjs" : ".js" }),
    // The declarations, with declaration maps, come from tsc (see tsup.config.base.js).
    onSuccess: async () => emitDeclarations(),
    target: "node20",
    platform: "node",
    esbuildOptions(options, context) {
      withoutSourcesContent.esbuildOptions(options);
      if (context.format !== "cjs") return;
      options.inject = [...(options.inject ?? []), "src/cjs-shim.ts"];
      options.define = { ...options.define, "import.meta.url": "importMetaUrl" };
    },
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
    ...withoutSourcesContent,
    banner: { js: "#!/usr/bin/env node" },
  },
]);
