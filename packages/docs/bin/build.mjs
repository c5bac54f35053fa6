#!/usr/bin/env node
// node packages/docs/bin/build.mjs [--spec spec/dist] [--out packages/docs/dist] [--quiet]
// Builds the static docs site from the bundled spec only (run `npm run spec:bundle` first).
import { resolve } from "node:path";
import { exitUnlessCoreBuilt, parseCli } from "../src/cli.mjs";

const USAGE = `Usage: node packages/docs/bin/build.mjs [options]   (npm run docs)

Builds the static docs site from the bundled spec (run \`npm run spec:bundle\` first).

Options:
  --spec <dir>   the spec bundles: index.json and the files it lists (default: spec/dist)
  --out <dir>    where the site is written (default: packages/docs/dist); an existing folder
                 is emptied only if it holds a previous docs build
  --allow-missing  skip an area listed in index.json whose document is missing (with a
                 warning); without it, that fails the build
  -q, --quiet    print warnings only, not the summary line
  -h, --help     this text`;

const values = parseCli(
  "docs",
  {
    spec: { type: "string" },
    out: { type: "string" },
    "allow-missing": { type: "boolean" },
    quiet: { type: "boolean", short: "q" },
  },
  USAGE,
);
exitUnlessCoreBuilt();
const { buildDocs, DEFAULT_OUT, DEFAULT_SPEC } = await import("../src/build.mjs");
try {
  const r = buildDocs({
    spec: values.spec ? resolve(values.spec) : DEFAULT_SPEC,
    out: values.out ? resolve(values.out) : DEFAULT_OUT,
    allowMissing: values["allow-missing"] ?? false,
  });
  for (const w of r.warnings) console.warn(`docs: warning: ${w}`);
  if (!values.quiet)
    console.log(
      `docs: ${r.files} files, ${(r.bytes / 1024).toFixed(0)} KiB (${r.bytes} bytes), ${r.operations} operations, ${r.deliveries} deliveries, ${r.schemas} schemas, areas ${r.areas.join(", ")} → ${r.out} in ${Math.round(r.ms)} ms`,
    );
} catch (err) {
  console.error(`docs: build failed: ${err.message}`);
  process.exit(1);
}
