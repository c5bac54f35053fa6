#!/usr/bin/env node
// Build step: copy the spec bundles (spec/dist/index.json and every file it lists) into
// dist/spec/, so the published package serves the spec it was built with, outside the repo.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const from = resolve(process.env.CHAINDATA_SPEC_DIR ?? join(pkg, "../../spec/dist"));
const to = join(pkg, "dist/spec");
const index = join(from, "index.json");
if (!existsSync(index)) {
  console.error(`copy-spec: ${index} not found; run \`npm run spec:bundle\` first`);
  process.exit(1);
}
rmSync(to, { recursive: true, force: true });
mkdirSync(to, { recursive: true });
copyFileSync(index, join(to, "index.json"));
const { areas = [] } = JSON.parse(readFileSync(index, "utf8"));
let copied = 0;
for (const { file } of areas) {
  const src = join(from, file);
  if (!existsSync(src)) {
    console.warn(`copy-spec: ${file} is listed in index.json but missing; the mock will skip it`);
    continue;
  }
  mkdirSync(dirname(join(to, file)), { recursive: true });
  copyFileSync(src, join(to, file));
  copied++;
}
console.log(`copy-spec: ${copied} bundle(s) + index.json → ${to}`);
