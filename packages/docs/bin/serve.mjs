#!/usr/bin/env node
// node packages/docs/bin/serve.mjs [--port 4020] [--dir packages/docs/dist] [--spec spec/dist]
// [--no-build] [--help] Serves the docs site on http://127.0.0.1:<port>/ (rebuilds it from the spec
// first unless --no-build). Programmatic use: import { serveDocs } from "@chaindata/docs".
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { exitUnlessCoreBuilt, parseCli, parsePort } from "../src/cli.mjs";

const USAGE = `Usage: node packages/docs/bin/serve.mjs [options]   (npm run docs:serve)

Serves the docs site on http://127.0.0.1:<port>/, rebuilt from the spec first (when the spec
bundles exist) unless --no-build. SIGINT or SIGTERM stops it.

Options:
  --port <n>     port (default 4020, or $CHAINDATA_DOCS_PORT; 0 = any free port)
  --dir <dir>    the site to serve (default: packages/docs/dist)
  --spec <dir>   the spec bundles to rebuild from (default: spec/dist)
  --no-build     serve the site as built, without rebuilding it
  -h, --help     this text`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const values = parseCli(
    "docs",
    {
      port: { type: "string" },
      dir: { type: "string" },
      spec: { type: "string" },
      "no-build": { type: "boolean" },
    },
    USAGE,
  );
  // An empty variable is unset, as for npm start and the mock; an empty --port is a mistake.
  const fromEnv = values.port === undefined && !!process.env.CHAINDATA_DOCS_PORT;
  const port = parsePort(
    "docs",
    fromEnv ? "CHAINDATA_DOCS_PORT" : "--port",
    values.port ?? (process.env.CHAINDATA_DOCS_PORT || "4020"),
    USAGE,
  );
  exitUnlessCoreBuilt();
  const [{ DEFAULT_OUT, DEFAULT_SPEC }, { serveDocs }] = await Promise.all([
    import("../src/build.mjs"),
    import("../src/serve.mjs"),
  ]);
  try {
    const s = await serveDocs({
      port,
      dir: values.dir ? resolve(values.dir) : DEFAULT_OUT,
      spec: values.spec ? resolve(values.spec) : DEFAULT_SPEC,
      build: values["no-build"] ? false : undefined,
      log: (m) => console.log(m),
    });
    const stop = () => s.close().then(() => process.exit(0));
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  } catch (err) {
    // (npm start says the same of its docs port: the next step, not only the errno.)
    if (err.code === "EADDRINUSE")
      console.error(
        `docs: port ${port} is in use: pass --port <n> (--port 0 takes any free port) or set CHAINDATA_DOCS_PORT`,
      );
    else console.error(`docs: ${err.message}`);
    process.exit(1);
  }
}
