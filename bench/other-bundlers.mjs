#!/usr/bin/env node
// The DAS getAsset programs (standalone, client) and the sdk's, built from the packed tarballs as
// production browser apps by the common bundlers, beside esbuild's figure (the one the budget and
// the ceilings use): does any bundler carry more of the runtime than esbuild does? The table in
// docs/decisions/0008-runtime-size.md ("Other bundlers") is this script's output.
//
// Not part of `npm test` or `npm run bench`: it installs the bundlers (pinned below) from the npm
// registry into a folder of its own, about 300 MB. Build the packages first
// (`TURBO_TELEMETRY_DISABLED=1 npx turbo run build`), then:
//   node bench/other-bundlers.mjs [--dir /tmp/chaindata-bundlers]
// A second run reuses the folder's installs (the tarballs are packed and installed again).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { publishedPackages } from "../scripts/lib/packages.mjs";
import { areas, ASSET, otherPrograms, repoRoot } from "./lib/programs.mjs";

// Two Vites cannot share one node_modules: each install is a folder of its own.
const INSTALLS = {
  main: [
    "esbuild@0.28.2",
    "vite@7.3.8",
    "webpack@5.113.0",
    "rollup@4.69.1",
    "@rollup/plugin-node-resolve@16.0.3",
    "@rollup/plugin-terser@1.0.2",
    "@rspack/core@2.3.4",
    "parcel@2.16.4",
  ],
  vite8: ["vite@8.4.0"],
};

const PROGRAMS = {
  "getAsset, standalone": areas.das.standalone,
  "getAsset, client": areas.das.ours,
  "`createChainDataClient().das.getAsset`": otherPrograms["sdk/getAsset/client"],
};

// Run after each build, as the bundler left it: a bundle that drops a call whose result is unused
// would send bad input unchecked (decision 0008: `validate` is not pure), one that mangles the
// lossless parse would round the u64.
const BEHAVIOUR = `import { createDasRpc, getAsset } from '@chaindata/das';
const sent = [];
const fetch = async (input, init) => {
  sent.push(init.body);
  return new Response('{"jsonrpc":"2.0","id":"1","result":{"token_info":{"supply":18446744073709551615}}}',
    { headers: { 'content-type': 'application/json' } });
};
const rpc = createDasRpc({ apiKey: 'k', fetch });
let refused;
try { await getAsset(rpc, { id: 'not-an-address' }); } catch (e) { refused = e; }
const sentBefore = sent.length;
const asset = await getAsset(rpc, { id: '${ASSET}' });
const supply = asset.token_info.supply;
const ok = refused?.name === 'ValidationError' && refused.message.includes('params.id') &&
  sentBefore === 0 && sent.length === 1 && supply === 18446744073709551615n;
console.log(ok ? 'behaves' : 'MISBEHAVES: ' + JSON.stringify({ refused: String(refused), sentBefore,
  sent: sent.length, supply: String(supply) }));
`;

const { values } = parseArgs({ options: { dir: { type: "string" } } });
const dir = values.dir ?? "/tmp/chaindata-bundlers";
const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

// The tarballs, as a user installs them (not the workspace links).
const tarballs = join(dir, "tarballs");
rmSync(tarballs, { recursive: true, force: true });
mkdirSync(tarballs, { recursive: true });
// (Every published package but the mock, which no program imports: the sdk depends on each area.)
for (const { dir: pkg } of publishedPackages())
  if (pkg !== "mock")
    run(
      "npm",
      ["pack", "--silent", "--pack-destination", tarballs],
      join(repoRoot, "packages", pkg),
    );
const packed = readdirSync(tarballs).map((f) => join(tarballs, f));
for (const [name, tools] of Object.entries(INSTALLS)) {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  if (!existsSync(join(folder, "package.json")))
    writeFileSync(join(folder, "package.json"), '{ "name": "bundlers", "private": true }\n');
  // (The apps are built in the main folder: every bundler, Vite 8's too, resolves them from there.)
  const packages = name === "main" ? packed : [];
  run("npm", ["install", "--no-audit", "--no-fund", "--save-exact", ...tools, ...packages], folder);
}

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
/** The gzipped size of every .js file a build wrote under `out` (a chunk split off counts). */
function jsSize(out) {
  let total = 0;
  for (const entry of readdirSync(out, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && entry.name.endsWith(".js"))
      total += gz(join(entry.parentPath, entry.name));
  return total;
}

// The builds with a Node API and no command line of their own: scripts written into the folder
// (a script given with `-e` would pass its flags to terser's worker processes).
const BUILD_SCRIPTS = {
  "webpack.cjs": `const [app, out] = process.argv.slice(2);
require("webpack")({ mode: "production", target: "web", context: app, entry: "./program.js",
  experiments: { outputModule: true }, output: { path: out, module: true, filename: "program.js" } },
  (e, s) => { if (e || s.hasErrors()) { console.error(e ?? s.toString("errors-only")); process.exit(1); } });
`,
  "rspack.cjs": `const [app, out] = process.argv.slice(2);
require("@rspack/core").rspack({ mode: "production", target: "web", context: app, entry: "./program.js",
  output: { path: out, filename: "program.js" } },
  (e, s) => { if (e || s.hasErrors()) { console.error(e ?? s.toString("errors-only")); process.exit(1); } });
`,
  "rollup.mjs": `import { rollup } from "rollup";
import resolve from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
const [app, out] = process.argv.slice(2);
const bundle = await rollup({ input: app + "/program.js", plugins: [resolve({ browser: true }), terser()] });
await bundle.write({ dir: out, format: "es" });
`,
};
const script = (name) => join(dir, "main", name);
for (const [name, text] of Object.entries(BUILD_SCRIPTS)) writeFileSync(script(name), text);

const html = '<!doctype html><script type="module" src="./program.js"></script>\n';
// Each builds `program.js` in `app` (with `index.html` beside it) into `out`: production mode,
// minified, for browsers, as each bundler's documentation sets up an app.
const BUNDLERS = {
  "esbuild 0.28": (app, out) =>
    run(
      "npx",
      [
        "esbuild",
        "program.js",
        "--bundle",
        "--minify",
        "--format=esm",
        "--platform=browser",
        `--outdir=${out}`,
      ],
      app,
    ),
  "Vite 7.3 (Rollup)": (app, out) =>
    run("npx", ["vite", "build", "--logLevel", "error", "--outDir", out, "--emptyOutDir"], app),
  "Vite 8.4 (Rolldown)": (app, out) =>
    run(
      join(dir, "vite8/node_modules/.bin/vite"),
      ["build", "--logLevel", "error", "--outDir", out, "--emptyOutDir"],
      app,
    ),
  "webpack 5.113": (app, out) => run("node", [script("webpack.cjs"), app, out], app),
  "Rollup 4.69 + node-resolve + terser": (app, out) =>
    run("node", [script("rollup.mjs"), app, out], app),
  "rspack 2.3": (app, out) => run("node", [script("rspack.cjs"), app, out], app),
  "Parcel 2.16": (app, out) =>
    run(
      "npx",
      [
        "parcel",
        "build",
        "index.html",
        "--dist-dir",
        out,
        "--no-cache",
        "--no-source-maps",
        "--log-level",
        "error",
      ],
      app,
    ),
};

/**
 * Runs the one .js file a build of BEHAVIOUR wrote (as ESM, in Node) and returns what it printed.
 */
function behaviour(out) {
  const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter(
    (e) => e.isFile() && e.name.endsWith(".js"),
  );
  if (files.length !== 1) return `${files.length} .js files`;
  writeFileSync(join(out, "bundle.mjs"), readFileSync(join(files[0].parentPath, files[0].name)));
  // (Vite's output starts with its modulepreload polyfill, which reads `document`: a browser's
  // that supports modulepreload makes it return at once.)
  const runner = join(out, "run.mjs");
  writeFileSync(
    runner,
    `globalThis.document = { createElement: () => ({ relList: { supports: () => true } }) };
await import("./bundle.mjs");`,
  );
  return run("node", [runner], out).trim();
}

/** Builds `source` as an app with every bundler: one `read(out)` of each build's output folder. */
function withEveryBundler(name, source, read) {
  const app = join(dir, "main", "apps", name);
  rmSync(app, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, "program.js"), source);
  writeFileSync(join(app, "index.html"), html);
  return Object.entries(BUNDLERS).map(([bundler, build]) => {
    const out = join(app, `dist-${bundler.replace(/\W+/g, "-").toLowerCase()}`);
    build(app, out);
    return read(out);
  });
}

const checks = withEveryBundler("behaviour", BEHAVIOUR, behaviour);
const rows = Object.entries(PROGRAMS).map(([title, source], i) => [
  title,
  ...withEveryBundler(String(i), source, (out) => jsSize(out).toLocaleString("en-US")),
]);
const header = ["program (gzip -9 of the JS)", ...Object.keys(BUNDLERS)];
console.log(`| ${header.join(" | ")} |`);
console.log(
  `|---|${header
    .slice(1)
    .map(() => "---:")
    .join("|")}|`,
);
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
console.log(`| bad input refused, nothing sent; u64 exact | ${checks.join(" | ")} |`);
if (checks.some((c) => c !== "behaves")) process.exitCode = 1;
