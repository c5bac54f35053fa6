/**
 * `chaindata-mock` / `npx @chaindata/mock`: serve every chaindata host on one local port.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { walkRule, WALK_BOUNDS } from "./paging.js";
import { modeLabel, startMock, type MockServer } from "./server.js";

const HELP = `Usage: chaindata-mock [options]

Serves every host of the chaindata spec (JSON-RPC POST / and POST /fast, and the REST
paths) on one port, answered by Prism from the spec bundles.

Options:
  -p, --port <n>        port (default 4010, or $CHAINDATA_MOCK_PORT; 0 = any free port)
  -H, --host <addr>     interface (default 127.0.0.1, or $CHAINDATA_MOCK_HOST)
  -m, --mode <mode>     examples (default: the spec's examples) or dynamic (schema-generated)
  -d, --dynamic         same as --mode dynamic
      --seed <s>        seed of the dynamic generator (same seed, same data); without
                        --dynamic, only for requests that ask Prefer: dynamic=true
      --walk-pages <n>  dynamic mode: pages with items in a generated page walk (default 5,
                        1 to ${WALK_BOUNDS.walkPages}); then an empty page, or no next cursor
      --page-fill <n>   dynamic mode: the most entries a generated DAS page is filled to, up
                        to its limit (default 50, 1 to ${WALK_BOUNDS.pageFill}); a larger limit gets one short page
      --spec-dir <dir>  folder with index.json and the bundles (default: $CHAINDATA_SPEC_DIR,
                        else the repository's spec/dist, else the copy shipped in the package)
  -q, --quiet           print only the "listening on <url>" line, once ready
      --json            print only one JSON line once ready: {"url", "port", "host", "mode",
                        "baseUrls", "specDir"} (and "seed", "walkPages", "pageFill" when
                        given), for a script to read
  -v, --version         the version
  -h, --help            this text

Request log: GET /__mock/requests (DELETE to clear). Scenarios: POST /__mock/scenarios.
Error hooks: Prefer: code=<status>, retry-after=<s>, delay=<ms>, example=<name>;
X-Mock-JsonRpc-Error: <code>. One request's walk: Prefer: walk-pages=<n>, page-fill=<n>.
See the package README.`;

// parseCli, usageError and parsePort are copies of scripts/lib/cli.mjs's, typed
// (test/packaging/cli-copies.test.ts fails when they differ): the published package cannot
// import from the repository's scripts.

/**
 * The parsed `options` (plus `-h, --help`) of `program`. `--help` prints `usage` and exits 0; an
 * unknown option or stray argument is a usage error (parseArgs's message names it).
 */
function parseCli<const O extends NonNullable<ParseArgsConfig["options"]>>(
  program: string,
  options: O,
  usage: string,
) {
  let values;
  try {
    ({ values } = parseArgs({ options: { ...options, help: { type: "boolean", short: "h" } } }));
  } catch (error) {
    usageError(program, (error as Error).message, usage);
  }
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

/** Prints `<program>: <message>`, a blank line and `usage` (never a stack trace), and exits 2. */
function usageError(program: string, message: string, usage: string): never {
  console.error(`${program}: ${message}\n\n${usage}`);
  process.exit(2);
}

/**
 * `text` as a port number, else a usage error naming `name` (the option or the environment
 * variable it came from) and what a port is.
 */
function parsePort(program: string, name: string, text: string, usage: string): number {
  const port = Number(text);
  if (text.trim() !== "" && Number.isInteger(port) && port >= 0 && port <= 65535) return port;
  usageError(
    program,
    `${name}: bad port ${JSON.stringify(text)} (a whole number from 0 to 65535; 0 = any free port)`,
    usage,
  );
}

/** `text` as the walk option `option` (given as `flag`), else a usage error naming the rule. */
function parseWalk(flag: string, option: "walkPages" | "pageFill", text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  const rule = walkRule(option, n);
  if (rule)
    usageError("chaindata-mock", `${flag}: must be ${rule} (got ${JSON.stringify(text)})`, HELP);
  return n;
}

/** The package's version: from the package.json above this file (dist/, or a test's bundle). */
function version(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8"));
      if (pkg.name === "@chaindata/mock") return String(pkg.version);
    }
    if (dirname(dir) === dir) return "unknown";
  }
}

async function main() {
  const values = parseCli(
    "chaindata-mock",
    {
      port: { type: "string", short: "p" },
      host: { type: "string", short: "H" },
      mode: { type: "string", short: "m" },
      dynamic: { type: "boolean", short: "d" },
      seed: { type: "string" },
      "walk-pages": { type: "string" },
      "page-fill": { type: "string" },
      "spec-dir": { type: "string" },
      quiet: { type: "boolean", short: "q" },
      json: { type: "boolean" },
      version: { type: "boolean", short: "v" },
    },
    HELP,
  );
  if (values.version) {
    console.log(version());
    return;
  }
  // An empty variable is unset (`CHAINDATA_MOCK_PORT= npm run mock`); an empty --port is a mistake.
  const fromEnv = values.port === undefined && !!process.env.CHAINDATA_MOCK_PORT;
  const port = parsePort(
    "chaindata-mock",
    fromEnv ? "CHAINDATA_MOCK_PORT" : "--port",
    values.port ?? (process.env.CHAINDATA_MOCK_PORT || "4010"),
    HELP,
  );
  if (values.dynamic && values.mode !== undefined && values.mode !== "dynamic")
    usageError("chaindata-mock", `--dynamic and --mode ${values.mode} contradict each other`, HELP);
  const mode = values.dynamic ? "dynamic" : (values.mode ?? "examples");
  if (mode !== "examples" && mode !== "dynamic")
    usageError(
      "chaindata-mock",
      `--mode: must be examples or dynamic (got ${JSON.stringify(mode)})`,
      HELP,
    );
  const walk = {
    ...(values["walk-pages"] !== undefined && {
      walkPages: parseWalk("--walk-pages", "walkPages", values["walk-pages"]),
    }),
    ...(values["page-fill"] !== undefined && {
      pageFill: parseWalk("--page-fill", "pageFill", values["page-fill"]),
    }),
  };
  if (values.seed !== undefined && mode !== "dynamic")
    console.error(
      "chaindata-mock: warning: --seed without --dynamic seeds only the requests that ask Prefer: dynamic=true (add --dynamic to seed every answer)",
    );
  for (const flag of ["--walk-pages", "--page-fill"] as const)
    if (values[flag.slice(2) as "walk-pages" | "page-fill"] !== undefined && mode !== "dynamic")
      console.error(
        `chaindata-mock: warning: ${flag} without --dynamic shapes only the walks whose requests ask Prefer: dynamic=true (examples are never filled; add --dynamic to shape every walk)`,
      );
  const quiet = !!values.quiet || !!values.json;
  // A signal before the mock is ready ends the process as one after does: status 0.
  let mock: MockServer | undefined;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (!mock) process.exit(0);
    const force = setTimeout(() => process.exit(1), 3000);
    force.unref();
    mock.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);

  const started = Date.now();
  mock = await startMock({
    port,
    host: values.host ?? process.env.CHAINDATA_MOCK_HOST ?? "127.0.0.1",
    mode,
    ...(values.seed !== undefined && { seed: values.seed }),
    ...walk,
    ...(values["spec-dir"] !== undefined && { specDir: values["spec-dir"] }),
    quiet,
    logRequests: !quiet,
  }).catch((e) => {
    // Say how to get past it, as `npm start` does: the bare "listen EADDRINUSE" does not.
    if (e?.code !== "EADDRINUSE") throw e;
    console.error(
      `chaindata-mock: port ${port} is in use (another mock or \`npm start\`?): pass --port <n> (0 = any free port) or set CHAINDATA_MOCK_PORT`,
    );
    process.exit(1);
  });
  if (values.json) {
    const { url, port: chosen, host, specDir, baseUrls } = mock;
    const seed = values.seed === undefined ? {} : { seed: values.seed };
    console.log(
      JSON.stringify({ url, port: chosen, host, mode, ...seed, ...walk, baseUrls, specDir }),
    );
  } else if (values.quiet)
    console.log(
      `chaindata mock (${modeLabel({ mode, seed: values.seed, ...walk })}) listening on ${mock.url}`,
    );
  else
    console.log(
      `  ready in ${Date.now() - started} ms (process up ${Math.round(process.uptime() * 1000)} ms); Ctrl-C to stop`,
    );
}

main().catch((e) => {
  console.error(`chaindata-mock: ${String(e?.message ?? e).replace(/^@chaindata\/mock: /, "")}`);
  process.exit(1);
});
