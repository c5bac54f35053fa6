#!/usr/bin/env node
// `npm start`: the local chaindata stack, no real API key needed (the mock accepts any key).
//   1. builds the spec bundles and every package (`turbo run build`: cached, so instant when
//      nothing changed; 20-45 s on a fresh clone)
//   2. starts the mock of every host on one port (4010, or $CHAINDATA_MOCK_PORT; 0 = any free port)
//   3. serves the docs site (4020, or $CHAINDATA_DOCS_PORT), rebuilt from the spec, showing the
//      mock's URL for the `local` environment
//   4. prints what to open, then one line per mock request; Ctrl-C (SIGINT) or SIGTERM stops
//      everything and exits 0 (130 when it interrupts the build), and so does the death of the process that started it (a killed
//      `npm start`), so no mock or docs server is ever left behind holding its port.
//
// Options: --no-build (or CHAINDATA_SKIP_BUILD=1), --quiet (no per-request lines), and the mock
// CLI's (packages/mock/src/cli.ts) that shape what it serves, forwarded to it: --port (else
// $CHAINDATA_MOCK_PORT), --host, --mode / --dynamic, --seed, --walk-pages, --page-fill. Its
// --spec-dir, --json and --version are refused by name (with why), as is any other option.
// $CHAINDATA_DOCS_DIR: where the docs site is written (default packages/docs/dist).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { parseCli, parsePort, usageError } from "./lib/cli.mjs";

const t0 = performance.now();
// The bound of --walk-pages and --page-fill: the mock's WALK_BOUNDS (packages/mock/src/paging.ts),
// checked here before the build, which the mock's own check would come after
// (test/scripts/start.test.ts compares the two refusals).
const WALK_MAX = 1000;
const root = fileURLToPath(new URL("..", import.meta.url));
const usage = `usage: npm start [-- <options>]

  --no-build            serve what is built (or CHAINDATA_SKIP_BUILD=1)
  -q, --quiet           no line per mock request
the mock's (npm run mock -- --help):
  -p, --port <n>        the mock's port (default 4010, or $CHAINDATA_MOCK_PORT; 0 = any free port)
  -H, --host <addr>     the mock's interface (default 127.0.0.1)
  -m, --mode <mode>     examples (default) or dynamic (schema-generated data)
  -d, --dynamic         same as --mode dynamic
      --seed <s>        seed of the dynamic generator (same seed, same data)
      --walk-pages <n>  dynamic mode: pages with items in a page walk (default 5, 1 to ${WALK_MAX})
      --page-fill <n>   dynamic mode: the most entries a DAS page is filled to (default 50, 1 to ${WALK_MAX})
the docs site's port: CHAINDATA_DOCS_PORT (default 4020)`;
// The mock CLI's options that shape no served data, each refused with what to run instead.
const NOT_FORWARDED = {
  "spec-dir":
    "npm start serves the spec it builds (spec/dist) to the mock and the docs alike; for another spec run `npm run mock -- --spec-dir <dir>`",
  json: "npm start prints its own summary; for one JSON line run `npm run mock -- --json`",
  version: "npm start is the repository's script; the mock's version: `npm run mock -- --version`",
};
const flags = parseCli(
  "npm start",
  {
    "no-build": { type: "boolean" },
    quiet: { type: "boolean", short: "q" },
    port: { type: "string", short: "p" },
    host: { type: "string", short: "H" },
    mode: { type: "string", short: "m" },
    dynamic: { type: "boolean", short: "d" },
    seed: { type: "string" },
    "walk-pages": { type: "string" },
    "page-fill": { type: "string" },
    "spec-dir": { type: "string" },
    json: { type: "boolean" },
    version: { type: "boolean", short: "v" },
  },
  usage,
);
for (const [name, why] of Object.entries(NOT_FORWARDED))
  if (name in flags)
    usageError("npm start", `--${name} is the mock CLI's, not forwarded: ${why}`, usage);

// An empty variable is unset (Number("") would be 0: any free port).
const port = (name, fallback) =>
  parsePort("npm start", name, process.env[name] || String(fallback), usage);
const mockPort =
  flags.port === undefined
    ? port("CHAINDATA_MOCK_PORT", 4010)
    : parsePort("npm start", "--port", flags.port, usage);
const docsPort = port("CHAINDATA_DOCS_PORT", 4020);
const ms = (from) => `${Math.round(performance.now() - from)} ms`;

// The mock's options, checked as its CLI checks them, before anything is built.
if (flags.dynamic && flags.mode !== undefined && flags.mode !== "dynamic")
  usageError("npm start", `--dynamic and --mode ${flags.mode} contradict each other`, usage);
const mode = flags.dynamic ? "dynamic" : (flags.mode ?? "examples");
if (mode !== "examples" && mode !== "dynamic")
  usageError(
    "npm start",
    `--mode: must be examples or dynamic (got ${JSON.stringify(mode)})`,
    usage,
  );
/** The walk option given as `--<flag>`, a whole number from 1 to WALK_MAX, else a usage error. */
function walkOption(flag) {
  const text = flags[flag];
  if (text === undefined) return undefined;
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!(n >= 1 && n <= WALK_MAX))
    usageError(
      "npm start",
      `--${flag}: must be a whole number from 1 to ${WALK_MAX} (got ${JSON.stringify(text)})`,
      usage,
    );
  return n;
}
const mockOptions = {
  mode,
  ...(flags.host !== undefined && { host: flags.host }),
  ...(flags.seed !== undefined && { seed: flags.seed }),
  ...(flags["walk-pages"] !== undefined && { walkPages: walkOption("walk-pages") }),
  ...(flags["page-fill"] !== undefined && { pageFill: walkOption("page-fill") }),
};
// (As the mock CLI warns: in examples mode these shape only the requests that ask for dynamic data.)
for (const flag of ["seed", "walk-pages", "page-fill"])
  if (flags[flag] !== undefined && mode !== "dynamic")
    console.error(
      `npm start: warning: --${flag} without --dynamic applies only to the requests that ask Prefer: dynamic=true (add --dynamic for every answer)`,
    );

function fail(message) {
  console.error(`npm start: ${message}`);
  process.exit(1);
}

// -- shutdown: whatever is running when SIGINT/SIGTERM arrives is stopped, then exit 0 (130 mid-build) ----------
const running = { build: undefined, mock: undefined, docs: undefined };
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  setTimeout(() => {
    console.error("npm start: did not stop within 5 s; exiting anyway");
    process.exit(1);
  }, 5_000).unref();
  if (running.build) {
    // wait for turbo (and the builds it runs) to be gone, so nothing outlives this process
    const build = running.build;
    if (build.exitCode === null && build.signalCode === null) {
      const gone = new Promise((resolve) => build.once("exit", resolve));
      build.kill("SIGTERM");
      await gone;
    }
    process.exit(130);
  }
  await Promise.allSettled([running.mock?.stop(), running.docs?.close()]);
  console.log("mock and docs stopped");
  process.exit(0);
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
// The parent dying is a stop signal too. npm runs a script as `sh -c "…"` and forwards SIGTERM
// only to that shell, which dies without passing it on: this process would be re-parented (to
// PID 1 or a subreaper) and keep ports 4010/4020 open. The root "start" script is therefore
// `exec node scripts/start.mjs` (the shell becomes this process, so npm's SIGTERM lands here), and
// for what no signal reaches (npm SIGKILLed, another runner's shell killed) the parent's pid is
// polled: one getppid() a second, unref'd so it never keeps the process alive on its own. A
// process started with no parent to lose (ppid 0 or 1) is unaffected.
const parentPid = process.ppid;
if (parentPid > 1)
  setInterval(() => process.ppid !== parentPid && stop("parent process exited"), 1_000).unref();

// -- 0. ports ------------------------------------------------------------------------------------
// A taken port is reported before the build: a second `npm start` would otherwise build for up to
// a minute (rewriting the dist/ the first one serves) only to fail on it. The servers' own
// EADDRINUSE below still covers a port taken meanwhile.
const mockPortTaken = `port ${mockPort} is in use (another \`npm start\` or \`npm run mock\`?): pass --port <n> or set CHAINDATA_MOCK_PORT`;
const docsPortTaken = `port ${docsPort} is in use: set CHAINDATA_DOCS_PORT`;
const inUse = (port, host = "127.0.0.1") =>
  port !== 0 &&
  new Promise((resolve) => {
    const probe = createServer()
      .once("error", (e) => resolve(e.code === "EADDRINUSE"))
      .listen(port, host, () => probe.close(() => resolve(false)));
  });
if (await inUse(mockPort, flags.host)) fail(mockPortTaken);
if (await inUse(docsPort)) fail(docsPortTaken);

// -- 1. build ------------------------------------------------------------------------------------
const built = [
  "spec/dist/index.json",
  "packages/core/dist/index.js",
  "packages/mock/dist/index.js",
  "packages/sdk/dist/index.js",
].every((f) => existsSync(`${root}${f}`));
if (flags["no-build"] || process.env.CHAINDATA_SKIP_BUILD === "1") {
  if (!built) fail("nothing is built yet: run without --no-build (or `npx turbo run build`) first");
} else {
  const started = performance.now();
  console.log(
    built
      ? "checking the build (turbo, cached)…"
      : "building the spec bundles and every package (first run: under a minute)…",
  );
  const turbo = existsSync(`${root}node_modules/.bin/turbo`)
    ? `${root}node_modules/.bin/turbo`
    : "npx";
  const args = [...(turbo === "npx" ? ["turbo"] : []), "run", "build", "--output-logs=errors-only"];
  const code = await new Promise((resolve) => {
    const child = spawn(turbo, args, {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
    });
    running.build = child;
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("close", (status) => {
      running.build = undefined;
      if (stopping) return; // stop() exits once the build is gone
      resolve(status === 0 ? 0 : (process.stdout.write(out), status ?? 1));
    });
    child.on("error", (e) => {
      running.build = undefined;
      console.error(`could not run turbo: ${e.message}`);
      resolve(1);
    });
  });
  if (code !== 0) fail(`the build failed (exit ${code}); see above`);
  console.log(`build ok in ${ms(started)}`);
}

// -- 2. mock -------------------------------------------------------------------------------------
const { startMock } = await import("@chaindata/mock");
const mockStarted = performance.now();
try {
  running.mock = await startMock({
    port: mockPort,
    ...mockOptions,
    quiet: true,
    logRequests: !flags.quiet,
  });
} catch (e) {
  fail(e?.code === "EADDRINUSE" ? mockPortTaken : `the mock did not start: ${e?.stack ?? e}`);
}
const mockMs = performance.now() - mockStarted;
const mock = running.mock;

// -- 3. docs -------------------------------------------------------------------------------------
const { serveDocs } = await import("../packages/docs/src/index.mjs");
const docsStarted = performance.now();
let docsNote = "";
try {
  running.docs = await serveDocs({
    port: docsPort,
    // (The site shows this mock's URL, not the spec's default port.)
    localUrl: mock.url,
    ...(process.env.CHAINDATA_DOCS_DIR && { dir: process.env.CHAINDATA_DOCS_DIR }),
    log: (line) => (docsNote = line.replace(/^docs: \S+\s*/, "")),
  });
} catch (e) {
  await mock.stop();
  fail(
    e?.code === "EADDRINUSE" ? docsPortTaken : `the docs site did not start: ${e?.message ?? e}`,
  );
}
const docs = running.docs;
if (stopping) await new Promise(() => {}); // a signal arrived meanwhile: stop() is exiting

// -- 4. what to open ---------------------------------------------------------------------------------
const width = Math.max(...mock.areas.map((a) => a.area.length));
const urlWidth = Math.max(...mock.areas.map((a) => a.url.length));
const lines = [
  "",
  "chaindata is running locally — no real API key needed (the mock accepts any key, e.g. `local`)",
  "",
  `mock:  ${mock.url}   (${[
    `${mock.mode} mode`,
    ...(flags.seed !== undefined ? [`seed ${JSON.stringify(flags.seed)}`] : []),
    ...(mockOptions.walkPages ? [`walks of ${mockOptions.walkPages} pages`] : []),
    ...(mockOptions.pageFill ? [`pages filled to ${mockOptions.pageFill}`] : []),
    `ready in ${Math.round(mockMs)} ms`,
  ].join(", ")})`,
  ...mock.areas.map(
    (a) =>
      `  ${a.area.padEnd(width)}  ${a.url.padEnd(urlWidth)}  ${a.operations.length} ${a.kind === "openrpc" ? "method" : "operation"}${a.operations.length === 1 ? "" : "s"}`,
  ),
  `  request log: ${mock.url}/__mock/requests`,
  `docs:  ${docs.url}   ${docsNote}`.trimEnd(),
  "",
  "try it:",
  `  CHAINDATA_MOCK_URL=${mock.url} npm run example          every example against this mock`,
  `  curl -s '${mock.url}/?api-key=local' -H 'content-type: application/json' \\`,
  `    -d '{"jsonrpc":"2.0","id":1,"method":"getAsset","params":{"id":"DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5"}}'`,
  // (Code to paste: `local` means port 4010, so another port goes in every host's base URL.)
  ...(mock.port === 4010
    ? [`  in code: const chaindata = createChainDataClient({ environment: "local" });`]
    : [
        `  in code: const url = "${mock.url}";`,
        `           const chaindata = createChainDataClient({ environment: "local", baseUrls: { rpc: url, wallet: url, admin: url, api: url, sender: url } });`,
      ]),
  "",
  `ready in ${ms(t0)} (mock start-up ${Math.round(mockMs)} ms, docs ${ms(docsStarted)}). Ctrl-C to stop.`,
  ...(flags.quiet ? [] : ["requests:"]),
];
console.log(lines.join("\n"));
