/**
 * `chaindata-mock` / `npx @chaindata/mock`: serve every chaindata host on one local port.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  MOCK_ONLY_HELP,
  MOCK_ONLY_OPTIONS,
  parseCli,
  SERVE_HELP,
  SERVE_OPTIONS,
  givenBy,
  hostProblem,
  serveOptions,
} from "./cli-options.mjs";
import { modeLabel, startMock, type MockServer } from "./server.js";

// The options, their help and checks are cli-options.mjs's, which `npm start` uses too.
const HELP = `Usage: chaindata-mock [options]

Serves every host of the chaindata spec (JSON-RPC POST / and POST /fast, and the REST
paths) on one port, answered by Prism from the spec bundles.

Options:
${SERVE_HELP}
${MOCK_ONLY_HELP}
  -h, --help            this text

Request log: GET /__mock/requests (DELETE to clear). Scenarios: POST /__mock/scenarios.
Error hooks: Prefer: code=<status>, retry-after=<s>, delay=<ms>, example=<name>;
X-Mock-JsonRpc-Error: <code>. One request's walk: Prefer: walk-pages=<n>, page-fill=<n>.
See the package README.`;

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
  const values = parseCli("chaindata-mock", { ...SERVE_OPTIONS, ...MOCK_ONLY_OPTIONS }, HELP);
  if (values.version) {
    console.log(version());
    return;
  }
  const served = serveOptions("chaindata-mock", values, HELP);
  const { port, mode, seed, walkPages, pageFill } = served;
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
    ...served,
    ...(values["spec-dir"] !== undefined && { specDir: values["spec-dir"] }),
    quiet,
    logRequests: !quiet,
  }).catch((e) => {
    // Say which option (or variable) gave the value and how to get past it, as `npm start` does:
    // Node's bare "listen EADDRINUSE" and "getaddrinfo ENOTFOUND nosuchhost" do not.
    const problem = hostProblem(e, served.host, values);
    const portFrom = givenBy(
      "port",
      values.port,
      "CHAINDATA_MOCK_PORT",
      process.env.CHAINDATA_MOCK_PORT,
    );
    if (e?.code === "EADDRINUSE")
      console.error(
        `chaindata-mock: port ${port} is in use (${portFrom}; another mock or \`npm start\`?): pass --port <n> (0 = any free port) or set CHAINDATA_MOCK_PORT`,
      );
    else if (problem) console.error(`chaindata-mock: ${problem}`);
    else throw e;
    process.exit(1);
  });
  if (values.json) {
    const { url, port: chosen, host, specDir, baseUrls } = mock;
    // (JSON.stringify leaves out the options not given: undefined.)
    console.log(
      JSON.stringify({
        url,
        port: chosen,
        host,
        mode,
        seed,
        walkPages,
        pageFill,
        baseUrls,
        specDir,
      }),
    );
  } else if (values.quiet)
    console.log(`chaindata mock (${modeLabel(served)}) listening on ${mock.url}`);
  else
    console.log(
      `  ready in ${Date.now() - started} ms (process up ${Math.round(process.uptime() * 1000)} ms); Ctrl-C to stop`,
    );
}

main().catch((e) => {
  console.error(`chaindata-mock: ${String(e?.message ?? e).replace(/^@chaindata\/mock: /, "")}`);
  process.exit(1);
});
