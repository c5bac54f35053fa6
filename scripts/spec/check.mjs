#!/usr/bin/env node
// Spec editors' check: bundle, then every rule `npm test` enforces on the spec. Each finding (and a
// bundling error) leads with the YAML file, line and column of its place. With every area and no
// findings, it then writes spec/dist (as `npm run spec:bundle` does); otherwise it writes nothing.
//   node scripts/spec/check.mjs                 all areas
//   node scripts/spec/check.mjs --area das,wallet
//   node scripts/spec/check.mjs --spec-dir <folder>   a copy of spec/ (its dist/ is written there)
import { resolve } from "node:path";
import { parseCli } from "../lib/cli.mjs";
import {
  bundleAll,
  defaultSpecDir,
  listAreas,
  SpecError,
  specErrorText,
  writeBundles,
} from "./bundle.mjs";
import { runAllChecksAsync } from "./rules.mjs";

const values = parseCli(
  "spec:check",
  { area: { type: "string" }, assumptions: { type: "boolean" }, "spec-dir": { type: "string" } },
  "usage: npm run spec:check [-- --area das,wallet] [-- --assumptions] [-- --spec-dir <folder>]",
);
const specDir = values["spec-dir"] ? resolve(values["spec-dir"]) : defaultSpecDir;
// (An area may have two documents, the sender's: named once, and bundled once as an "other" area.)
const known = [...new Set(listAreas(specDir).map((a) => a.area))];
const only = values.area?.split(",");
const unknown = only?.filter((area) => !known.includes(area)) ?? [];
if (unknown.length) {
  console.error(`spec:check: --area: no area ${unknown.join(", ")} (areas: ${known.join(", ")})`);
  process.exit(2);
}
let results;
try {
  results = bundleAll({ write: false, only, specDir });
} catch (error) {
  if (!(error instanceof SpecError)) throw error;
  console.error(
    `spec:check: bundling failed: ${specErrorText(error, "no rule runs until all are fixed")}`,
  );
  process.exit(1);
}
// A name must be unique across areas too (one JSON-RPC method name per host, one operationId in
// the API): the areas not selected are bundled to compare against. (One that does not bundle is
// left out: the check of that area says why.)
const others = only
  ? known
      .filter((area) => !only.includes(area))
      .flatMap((area) => {
        try {
          return bundleAll({ write: false, only: [area], specDir });
        } catch (error) {
          if (error instanceof SpecError) return [];
          throw error;
        }
      })
  : undefined;
// (Spectral, a process of its own, runs while the other rules run here.)
const { located, assumptions, operations } = await runAllChecksAsync(results, { others });
// Each finding led by the YAML position of its place (`spec/schemas/asset.yaml:24:7: das #/…: …`).
// A line twice is one finding: a host's server is in both of the sender's documents.
const findings = [...new Set(located)];
for (const f of findings) console.error(`  ✗ ${f}`);
const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
console.log(
  `spec:check: ${count(results.length, "document")}, ${count(operations.length, "operation")}, ${count(assumptions.length, "x-source assumption")}, ${count(findings.length, "finding")}`,
);
if (values.assumptions)
  for (const a of assumptions) console.log(`  ${a.area} ${a.path}: ${a.source}`);
if (findings.length) process.exit(1);
// Only a spec with no findings reaches spec/dist, which the generator reads: a bundle the rules
// refuse would otherwise be generated from by the next `npm run generate`.
if (!only) writeBundles(results, { specDir });
