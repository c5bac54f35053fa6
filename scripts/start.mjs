#!/usr/bin/env node
// `npm start`: the local chaindata stack, no real API key needed (the mock accepts any key).
//   1. builds the spec bundles and every package (`turbo run build`: cached, so instant when
//      nothing changed; 20-45 s on a fresh clone)
//   2. starts the mock of every host on one port (4010, or $CHAINDATA_MOCK_PORT; 0 = any free port)
//   3. serves the docs site (4020, or $CHAINDATA_DOCS_PORT), rebuilt from the spec, showing the
//      mock's URL for the `local` environment
//   4. prints what to open, then one line per mock request; Ctrl-C (SIGINT) or SIGTERM stops
//      everything and exits 0 (130 when it interrupts the build), and so does the death of the
//      process that started it (a killed `npm start`), so no mock or docs server is ever left
//      behind holding its port.
//
// Options: --no-build (or CHAINDATA_SKIP_BUILD=1), --quiet (no per-request lines), and the mock
// CLI's that shape what it serves, forwarded to it: its table, help and checks are one module,
// packages/mock/src/cli-options.mjs (SERVE_OPTIONS: --port, else $CHAINDATA_MOCK_PORT; --host,
// else $CHAINDATA_MOCK_HOST; --mode / --dynamic, --seed, --walk-pages, --page-fill,
// --allowed-host, else $CHAINDATA_MOCK_ALLOWED_HOSTS), so an option added to the mock is taken
// here as it is. Its other options (MOCK_ONLY_OPTIONS: --spec-dir,
// --json, --version) are refused by name (with why), as is any unknown option.
// $CHAINDATA_DOCS_DIR: where the docs site is written (default packages/docs/dist).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import {
  hostProblem,
  MOCK_ONLY_OPTIONS,
  SERVE_HELP,
  SERVE_OPTIONS,
  serveOptions,
} from "../packages/mock/src/cli-options.mjs";
import { parseCli, parsePort, usageError } from "./lib/cli.mjs";

const t0 = performance.now();
const root = fileURLToPath(new URL("..", import.meta.url));
const usage = `usage: npm start [-- <options>]

  --no-build            serve what is built (or CHAINDATA_SKIP_BUILD=1)
  -q, --quiet           no line per mock request
the mock's (npm run mock -- --help):
${SERVE_HELP}
the docs site's port: CHAINDATA_DOCS_PORT (default 4020)`;
// npm start's own options; the mock's other options are parsed only to be refused by name.
const OWN_OPTIONS = {
  "no-build": { type: "boolean" },
  quiet: { type: "boolean", short: "q" },
};
// Why each of the mock's other options is not forwarded, with what to run instead.
const NOT_FORWARDED = {
  "spec-dir":
    "npm start serves the spec it builds (spec/dist) to the mock and the docs alike; for another spec run `npm run mock -- --spec-dir <dir>`",
  json: "npm start prints its own summary; for one JSON line run `npm run mock -- --json`",
  version: "npm start is the repository's script; the mock's version: `npm run mock -- --version`",
};
const flags = parseCli(
  "npm start",
  { ...MOCK_ONLY_OPTIONS, ...SERVE_OPTIONS, ...OWN_OPTIONS },
  usage,
);
for (const name of Object.keys(MOCK_ONLY_OPTIONS)) {
  if (name in OWN_OPTIONS || !(name in flags)) continue;
  const why = NOT_FORWARDED[name] ?? `it shapes no served data; run \`npm run mock -- --${name}\``;
  usageError("npm start", `--${name} is the mock CLI's, not forwarded: ${why}`, usage);
}

// The mock's options, checked as its CLI checks them (in its words), before anything is built.
const mockOptions = serveOptions("npm start", flags, usage);
// An empty variable is unset (Number("") would be 0: any free port).
const docsPort = parsePort(
  "npm start",
  "CHAINDATA_DOCS_PORT",
  process.env.CHAINDATA_DOCS_PORT || "4020",
  usage,
);
const mockPort = mockOptions.port;
const ms = (from) => `${Math.round(performance.now() - from)} ms`;

function fail(message) {
  console.error(`npm start: ${message}`);
  process.exit(1);
}

// -- shutdown: what runs when SIGINT/SIGTERM arrives is stopped, then exit 0 (130 mid-build) ----
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
// A taken port (the mock's given to the docs too), or a --host no interface has, is reported
// before the build: a second `npm start` would otherwise build for up to a minute (rewriting the
// dist/ the first one serves) only to fail on it. The servers' own EADDRINUSE below still covers
// a port taken meanwhile.
const mockPortTaken = `port ${mockPort} is in use (another \`npm start\` or \`npm run mock\`?): pass --port <n> or set CHAINDATA_MOCK_PORT`;
const docsPortTaken = `port ${docsPort} is in use: set CHAINDATA_DOCS_PORT`;
/**
 * A listener on `port` of `host` (port 0: only the host is tried), `{ probe }`, or why there can be
 * none now, `{ error }`. The caller closes the probe.
 */
const listening = (port, host = "127.0.0.1") =>
  new Promise((resolve) => {
    const probe = createServer()
      .once("error", (error) => resolve({ error }))
      .listen(port, host, () => resolve({ probe }));
  });
const mockProbe = await listening(mockPort, mockOptions.host);
if (mockProbe.error?.code === "EADDRINUSE") fail(mockPortTaken);
if (mockProbe.error)
  fail(
    hostProblem(mockProbe.error, mockOptions.host, flags) ??
      `the mock cannot listen on ${mockOptions.host} port ${mockPort}: ${mockProbe.error.message}`,
  );
// (Tried while the mock's probe holds its port: the same port for both failed only once the mock
// was up, after the build, as "in use".)
const docsProbe = docsPort === 0 ? {} : await listening(docsPort);
await Promise.all(
  [mockProbe, docsProbe].map(({ probe }) => probe && new Promise((r) => probe.close(r))),
);
if (docsProbe.error?.code === "EADDRINUSE")
  fail(
    docsPort === mockPort
      ? `port ${docsPort} is the mock's too (--port or CHAINDATA_MOCK_PORT): set CHAINDATA_DOCS_PORT to another`
      : docsPortTaken,
  );

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
    ...mockOptions,
    quiet: true,
    logRequests: !flags.quiet,
  });
} catch (e) {
  fail(
    e?.code === "EADDRINUSE"
      ? mockPortTaken
      : (hostProblem(e, mockOptions.host, flags) ?? `the mock did not start: ${e?.stack ?? e}`),
  );
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

// -- 4. what to open -----------------------------------------------------------------------------
const width = Math.max(...mock.areas.map((a) => a.area.length));
const urlWidth = Math.max(...mock.areas.map((a) => a.url.length));
const lines = [
  "",
  "chaindata is running locally — no real API key needed (the mock accepts any key, e.g. `local`)",
  "",
  `mock:  ${mock.url}   (${[
    `${mock.mode} mode`,
    ...(mockOptions.seed !== undefined ? [`seed ${JSON.stringify(mockOptions.seed)}`] : []),
    ...(mockOptions.walkPages ? [`walks of ${mockOptions.walkPages} pages`] : []),
    ...(mockOptions.pageFill ? [`pages filled to ${mockOptions.pageFill}`] : []),
    `ready in ${Math.round(mockMs)} ms`,
  ].join(", ")})`,
  ...mock.areas.map(
    (a) =>
      `  ${a.area.padEnd(width)}  ${a.url.padEnd(urlWidth)}  ${a.operations.length} ${a.kind === "openrpc" ? "method" : "operation"}${a.operations.length === 1 ? "" : "s"}`,
  ),
  `  request log: ${mock.url}/__mock/requests`,
  `  failure scenarios: ${mock.url}/__mock/scenarios   (the mock's README, "Scenarios")`,
  `docs:  ${docs.url}   ${docsNote}`.trimEnd(),
  "",
  "try it:",
  `  CHAINDATA_MOCK_URL=${mock.url} npm run example          every example against this mock`,
  `  curl -s '${mock.url}/?api-key=local' -H 'content-type: application/json' \\`,
  `    -d '{"jsonrpc":"2.0","id":1,"method":"getAsset","params":{"id":"DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5"}}'`,
  // (How to see the SDK's errors and retries without a scenario.)
  `  an error or a slow answer: add -H 'Prefer: code=429' (or 'Prefer: delay=2000') to the curl;`,
  `    in code, a call's options { headers: { Prefer: "code=429" } }`,
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
