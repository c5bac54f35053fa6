#!/usr/bin/env node
// The `prepublishOnly` of every published package (run by `npm publish`, and so by `npx changeset
// publish`, in the package's folder): refuses to publish a package whose build is missing or older
// than its sources. npm packs whatever dist/ is on disk: with none, a package of 8 files and no
// code is published and the dry run reports success; a dist/ built on another branch ships just as
// silently. `npm pack` does not run it (the tarball smoke test packs as is).
//
//   node ../../scripts/release/check-build.mjs [--input <path>]... [--output <path>]...
//
// Missing: a file the package.json names (`main`, `module`, `types`, `bin`, every target of the
// exports map) or an `--output`. Stale: a source newer than the oldest of those files. The sources
// are the build inputs turbo.json gives every package (src/ but its tests and core's spec digest,
// which nothing imports; package.json, the tsconfigs, tsup.config.ts) plus each `--input` (a file
// or folder, relative to the package: the mock's copy of the spec bundle). By modification time:
// `git checkout` writes the files it changes with the current time, so a branch switched to and
// back makes the sources newer than a dist/ built before, even when turbo's cache then rebuilds
// nothing; `npm run release` builds with --force for that reason. The repository's shared configs
// (tsup.config.base.js, tsconfig.base.json) are not compared: `npm run release` rebuilds every
// package anyway.
import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { parseCli } from "../lib/cli.mjs";

const USAGE = `Usage (in a package's folder, as its prepublishOnly):
  node ../../scripts/release/check-build.mjs [--input <path>]... [--output <path>]...

Refuses (exit 1) when a file the package.json names (or an --output) is missing, or when a source
(src/ but its tests, package.json, tsconfig.json, tsconfig.build.json, tsup.config.ts, each --input)
is newer than the build.`;

/**
 * The package's own build inputs (relative to its folder), as turbo.json's `build.inputs` lists
 * them.
 */
const INPUTS = ["src", "package.json", "tsconfig.json", "tsconfig.build.json", "tsup.config.ts"];
/** Under src/: not built into dist/ (turbo.json leaves them out of the build's inputs too). */
const notBuilt = (path) => /\.test\.ts$/.test(path) || path === "src/generated/spec-digest.ts";

/** Every file `pkg` names as part of its build: `[{ file, by }]` (`by`: the field naming it). */
export function namedFiles(pkg) {
  const out = [];
  const add = (file, by) => {
    // (A subpath pattern names no one file.)
    if (typeof file === "string" && !file.includes("*")) out.push({ file, by });
  };
  for (const field of ["main", "module", "types", "typings"]) add(pkg[field], field);
  if (typeof pkg.bin === "string") add(pkg.bin, "bin");
  else for (const [name, file] of Object.entries(pkg.bin ?? {})) add(file, `bin.${name}`);
  const walk = (node, at) => {
    if (typeof node === "string") add(node, at);
    else if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${at}[${i}]`));
    else if (node && typeof node === "object")
      for (const [key, value] of Object.entries(node)) walk(value, `${at}[${JSON.stringify(key)}]`);
  };
  walk(pkg.exports, "exports");
  return out;
}

/**
 * The files under `path` (itself when a file), relative to `dir`, with their modification times.
 */
function files(dir, path) {
  const full = join(dir, path);
  if (!existsSync(full)) return [];
  const stat = statSync(full);
  if (!stat.isDirectory()) return [{ path, mtimeMs: stat.mtimeMs }];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      return { path: relative(dir, file), mtimeMs: statSync(file).mtimeMs };
    });
}

const when = (ms) => new Date(ms).toISOString();

/**
 * What is wrong with the build of the package in `dir`: `{ name, problems }` (none: it may be
 * published). `inputs` and `outputs` are the `--input` and `--output` paths.
 */
export function checkBuild(dir, { inputs = [], outputs = [] } = {}) {
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const problems = [];
  const built = [];
  const seen = new Set();
  for (const { file, by } of [
    ...namedFiles(pkg),
    ...outputs.map((file) => ({ file, by: "--output" })),
  ]) {
    const path = relative(dir, join(dir, file));
    if (seen.has(path) || path === "package.json") continue;
    seen.add(path);
    const full = join(dir, path);
    if (existsSync(full) && statSync(full).isFile())
      built.push({ path, mtimeMs: statSync(full).mtimeMs });
    else problems.push(`${path} is missing (named by ${by})`);
  }
  if (!problems.length && built.length) {
    const oldest = built.reduce((a, b) => (b.mtimeMs < a.mtimeMs ? b : a));
    const sources = [...INPUTS, ...inputs]
      .flatMap((path) => files(dir, path))
      .filter(({ path }) => !notBuilt(path));
    const newer = sources.filter(({ mtimeMs }) => mtimeMs > oldest.mtimeMs);
    if (newer.length) {
      const newest = newer.reduce((a, b) => (b.mtimeMs > a.mtimeMs ? b : a));
      problems.push(
        `${newer.length} source file${newer.length > 1 ? "s are" : " is"} newer than the build: ${newest.path} (${when(newest.mtimeMs)}) is newer than ${oldest.path} (${when(oldest.mtimeMs)})`,
      );
    }
  }
  return { name: pkg.name, problems };
}

/** The refusal printed for `name`'s `problems`. */
export function refusal(name, problems) {
  return [
    `${name}: not published: its build is missing or stale.`,
    ...problems.map((problem) => `  - ${problem}`),
    `Build first: \`npm run release\` at the repository root bundles the spec, checks the generated code, builds every package afresh and publishes (README.md, "Releasing"); or \`npx turbo run build --force --filter=${name}\` there, then publish again.`,
  ].join("\n");
}

// (Run, not imported. Node runs the file at its real path: scripts/ may be reached by a link.)
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const values = parseCli(
    "check-build",
    { input: { type: "string", multiple: true }, output: { type: "string", multiple: true } },
    USAGE,
  );
  const dir = process.cwd();
  const { name, problems } = checkBuild(dir, { inputs: values.input, outputs: values.output });
  if (problems.length) {
    console.error(refusal(name ?? dir, problems));
    process.exit(1);
  }
}
