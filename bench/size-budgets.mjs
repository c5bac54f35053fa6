#!/usr/bin/env node
// The bundle-size budgets of test/size/size.test.ts (test/size/budgets.json): `programs`, bundled
// for the browser, and `node.programs`, some of them bundled for Node (--platform=node).
//
//   node bench/size-budgets.mjs           today's size of every one-call program beside its budget;
//                                         exits 1 when one is over (by how much is printed)
//   node bench/size-budgets.mjs --write   reset the budgets to today's size + 40 B (rounded up
//                                         to 50 B)
//
// Run `npx turbo run build` first: the programs are bundled from the built dist/.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { bundlePrograms } from "./lib/programs.mjs";

const file = fileURLToPath(new URL("../test/size/budgets.json", import.meta.url));
const current = JSON.parse(readFileSync(file, "utf8"));
const write = process.argv.includes("--write");
const NODE_FLAGS = "esbuild --bundle --minify --format=esm --platform=node, from the built dist/";

// The programs over their budget (or with none), for the exit status and the closing advice.
const over = [];

/** Each program of `sizes` beside its budget in `budgets`; the budgets to write. */
function compare(sizes, budgets = {}, label = "") {
  const programs = {};
  for (const [key, { gz, min }] of Object.entries(sizes)) {
    const old = budgets[key] ?? {};
    const budget = write ? Math.ceil((gz + 40) / 50) * 50 : old.maxGzipBytes;
    programs[key] = {
      maxGzipBytes: budget,
      measuredGzipBytes: write ? gz : old.measuredGzipBytes,
    };
    const status =
      budget === undefined ? "NO BUDGET" : gz <= budget ? "ok" : `OVER by ${gz - budget} B`;
    if (status !== "ok") over.push(`${label}${key}`);
    console.log(
      `${`${label}${key}`.padEnd(52)} ${String(min).padStart(7)} B min ${String(gz).padStart(6)} B gz   budget ${String(budget ?? "-").padStart(6)}  ${status}`,
    );
  }
  return programs;
}

const programs = compare(await bundlePrograms(), current.programs);
const nodePrograms = compare(
  await bundlePrograms({ platform: "node" }),
  current.node?.programs,
  "node: ",
);
if (write) {
  const node = {
    ...current.node,
    flags: current.node?.flags ?? NODE_FLAGS,
    programs: nodePrograms,
  };
  writeFileSync(
    file,
    `${JSON.stringify({ ...current, measuredAt: new Date().toISOString().slice(0, 10), programs, node }, null, 2)}\n`,
  );
  console.log(`wrote ${file}`);
} else if (over.length) {
  // (test/size/size.test.ts fails on the same programs: say what to do about it here.)
  console.error(
    `\n${over.length} program${over.length > 1 ? "s" : ""} over budget: ${over.join(", ")}.\n` +
      "If the bytes are intended (a new operation, a fix), say how many and why in the commit message,\n" +
      "then run `node bench/size-budgets.mjs --write` to reset the budgets; otherwise find what grew:\n" +
      "`cd packages/core && node scripts/size.mjs --pieces` (docs/decisions/0008-runtime-size.md).\n" +
      "A Node program over by several kB while its browser one is within: a bundler for Node took\n" +
      "core's CommonJS build (its exports map must name `module` before `node`: decision 0009).",
  );
  process.exitCode = 1;
}
