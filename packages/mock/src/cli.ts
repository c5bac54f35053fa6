/**
 * `chaindata-mock` / `npx @chaindata/mock`: serve every chaindata host on one local port.
 */
import { parseArgs } from "node:util";
import { startMock, type MockMode } from "./server.js";

const HELP = `Usage: chaindata-mock [options]

Serves every host of the chaindata spec (JSON-RPC POST / and POST /fast, and the REST
paths) on one port, answered by Prism from the spec bundles.

Options:
  -p, --port <n>        port (default 4010, or $CHAINDATA_MOCK_PORT; 0 = any free port)
  -H, --host <addr>     interface (default 127.0.0.1, or $CHAINDATA_MOCK_HOST)
  -m, --mode <mode>     examples (default: the spec's examples) or dynamic (schema-generated)
  -d, --dynamic         same as --mode dynamic
      --seed <s>        seed of the dynamic generator (same seed, same data)
      --spec-dir <dir>  folder with index.json and the bundles (default: the repository's
                        spec/dist, else the copy shipped in the package)
  -q, --quiet           print neither the URLs nor one line per request
  -h, --help            this text

Request log: GET /__mock/requests (DELETE to clear). Error hooks: Prefer: code=401|403|429,
Prefer: example=<name>, X-Mock-JsonRpc-Error: <code>. See the package README.`;

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: "string", short: "p" },
        host: { type: "string", short: "H" },
        mode: { type: "string", short: "m" },
        dynamic: { type: "boolean", short: "d" },
        seed: { type: "string" },
        "spec-dir": { type: "string" },
        quiet: { type: "boolean", short: "q" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (e) {
    console.error(`chaindata-mock: ${(e as Error).message}\n\n${HELP}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(HELP);
    return;
  }
  // An empty variable is unset (`CHAINDATA_MOCK_PORT= npm run mock`); an empty --port is a mistake.
  const portText = values.port ?? (process.env.CHAINDATA_MOCK_PORT || "4010");
  const port = Number(portText);
  if (!portText.trim() || !Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`chaindata-mock: bad port ${JSON.stringify(portText)}`);
    process.exit(2);
  }
  const mode = (values.dynamic ? "dynamic" : (values.mode ?? "examples")) as MockMode;
  const started = Date.now();
  const mock = await startMock({
    port,
    host: values.host ?? process.env.CHAINDATA_MOCK_HOST ?? "127.0.0.1",
    mode,
    ...(values.seed !== undefined && { seed: values.seed }),
    ...(values["spec-dir"] !== undefined && { specDir: values["spec-dir"] }),
    quiet: !!values.quiet,
    logRequests: !values.quiet,
  }).catch((e) => {
    // Say how to get past it, as `npm start` does: the bare "listen EADDRINUSE" does not.
    if (e?.code !== "EADDRINUSE") throw e;
    console.error(
      `chaindata-mock: port ${port} is in use (another mock or \`npm start\`?): pass --port <n> (0 = any free port) or set CHAINDATA_MOCK_PORT`,
    );
    process.exit(1);
  });
  if (!values.quiet)
    console.log(
      `  ready in ${Date.now() - started} ms (process up ${Math.round(process.uptime() * 1000)} ms); Ctrl-C to stop`,
    );

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 3000);
    force.unref();
    mock.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((e) => {
  console.error(`chaindata-mock: ${e?.message ?? e}`);
  process.exit(1);
});
