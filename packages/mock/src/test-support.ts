// For the mock's own tests: one request to a running mock, its answer read as JSON where it is;
// the CLI bundled to run as users run it; a mock of an edited spec.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { parseJson, stringifyJson } from "./json.js";
import { startMock, type MockOptions, type MockServer } from "./server.js";
import { resolveSpecDir } from "./spec.js";

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

/**
 * A mock of the spec with its document `file` (`openrpc/das.json`) edited by `edit` (a spec served
 * from `--spec-dir` that no spec:check read), handed to `use`; stopped, and its copy of the spec
 * removed, after.
 */
export async function withEditedSpec<T>(
  file: string,
  edit: (doc: any) => void,
  use: (mock: MockServer) => Promise<T>,
  options: MockOptions = {},
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "chaindata-edited-spec-"));
  let mock: MockServer | undefined;
  try {
    cpSync(resolveSpecDir(), dir, { recursive: true });
    const doc = JSON.parse(readFileSync(join(dir, file), "utf8"));
    edit(doc);
    writeFileSync(join(dir, file), JSON.stringify(doc));
    mock = await startMock({ port: 0, quiet: true, ...options, specDir: dir });
    return await use(mock);
  } finally {
    await mock?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
