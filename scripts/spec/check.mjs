#!/usr/bin/env node
// Spec editors' check: bundle, then every rule `npm test` enforces on the spec.
//   node scripts/spec/check.mjs                 all areas
//   node scripts/spec/check.mjs --area das,wallet
import { relative } from "node:path";
import { bundleAll, SpecError } from "./bundle.mjs";
import { runAllChecks } from "./checks.mjs";

const i = process.argv.indexOf("--area");
const only = i > 0 ? process.argv[i + 1].split(",") : undefined;
let results;
try {
  results = bundleAll({ write: !only, only });
} catch (error) {
  if (!(error instanceof SpecError)) throw error;
  console.error(`spec:check: bundling failed: ${error.message}`);
  process.exit(1);
}
const { findings, assumptions, operations } = runAllChecks(results);
for (const f of findings) console.error(`  ✗ ${f}`);
console.log(`spec:check: ${results.length} documents, ${operations.length} operations, ${assumptions.length} x-source assumptions, ${findings.length} findings`);
if (process.argv.includes("--assumptions")) for (const a of assumptions) console.log(`  ${a.area} ${a.path}: ${a.source}`);
process.exit(findings.length ? 1 : 0);
