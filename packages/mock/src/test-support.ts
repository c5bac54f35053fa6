// For the mock's own tests: one request to a running mock, its answer read as JSON where it is;
// the CLI bundled to run as users run it.
import { build } from "esbuild";
import { parseJson, stringifyJson } from "./json.js";

/**
 * Bundles src/cli.ts into `outfile`, which must be inside the package (so that Prism resolves from
 * the workspace's node_modules): the CLI's tests then need no build of dist/.
 */
export async function bundleCli(pkg: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [`${pkg}/src/cli.ts`],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "error",
  });
}

/** Sends `init` to `url + path` (a POST when it has a body), and reads the answer. */
export async function callMock(
  url: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(url + path, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body !== undefined && { "content-type": "application/json" }),
      ...init.headers,
    },
    ...(init.body !== undefined && {
      body: typeof init.body === "string" ? init.body : stringifyJson(init.body),
    }),
  });
  const text = await res.text();
  let body: any;
  try {
    body = text ? parseJson(text) : undefined;
  } catch {
    body = text; // not JSON: a gateway's page
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** A JSON-RPC request object (`id` 1 unless given). */
export const rpcRequest = (method: string, params: unknown, id: unknown = 1) => ({
  jsonrpc: "2.0",
  id,
  method,
  params,
});
