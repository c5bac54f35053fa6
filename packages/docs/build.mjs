#!/usr/bin/env node
// node packages/docs/build.mjs [--spec spec/dist] [--out packages/docs/dist]
// Builds the static docs site from the bundled spec only (run `npm run spec:bundle` first).
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildDocs, DEFAULT_OUT, DEFAULT_SPEC } from "./src/build.mjs";

const { values } = parseArgs({ options: { spec: { type: "string" }, out: { type: "string" }, quiet: { type: "boolean", short: "q" } } });
try {
  const r = buildDocs({ spec: values.spec ? resolve(values.spec) : DEFAULT_SPEC, out: values.out ? resolve(values.out) : DEFAULT_OUT });
  for (const w of r.warnings) console.warn(`docs: warning: ${w}`);
  if (!values.quiet) console.log(`docs: ${r.files} files, ${(r.bytes / 1024).toFixed(0)} KiB (${r.bytes} bytes), ${r.operations} operations, ${r.schemas} schemas, areas ${r.areas.join(", ")} → ${r.out} in ${Math.round(r.ms)} ms`);
} catch (err) {
  console.error(`docs: build failed: ${err.message}`);
  process.exit(1);
}
