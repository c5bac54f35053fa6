// Shared tsup build of every package: ESM + CJS + .d.ts/.d.cts from src/index.ts.
import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  // Maps carry their sources, so stack traces and debuggers show the TypeScript without src/.
  sourcemap: true,
  target: "es2022",
  platform: "neutral",
  treeshake: true,
});
