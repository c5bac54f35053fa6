#!/usr/bin/env node
// node packages/docs/serve.mjs [--port 4020] [--dir packages/docs/dist] [--spec spec/dist] [--no-build]
// Serves the docs site on http://127.0.0.1:<port>/ (rebuilds it from the spec first unless --no-build).
// Programmatic use: import { serveDocs } from "@chaindata/docs" (or this file).
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { DEFAULT_OUT, DEFAULT_SPEC } from "./src/build.mjs";
import { serveDocs } from "./src/serve.mjs";

export { serveDocs };

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({ options: { port: { type: "string" }, dir: { type: "string" }, spec: { type: "string" }, "no-build": { type: "boolean" } } });
  const port = Number(values.port ?? process.env.DOCS_PORT ?? 4020);
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
    console.error(`docs: ${err.message}`);
    process.exit(1);
  }
}
