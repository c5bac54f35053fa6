// What a browser app pays for the JSON-RPC client: a program that defines one descriptor and
// makes one call, bundled and minified by esbuild from the built dist, then gzipped (level 9).
// Run `npm run build` first.
//
//   node scripts/size.mjs              sizes
//   node scripts/size.mjs --breakdown  also: what each module adds (bundle without it, from src)
//   node scripts/size.mjs --print      also: print the json-rpc bundle
import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const call = `
  const rpc = createJsonRpcClient({ apiKey: 'k' }, rpcHost, '/');
  rpc.call(getAsset, { id: 'x' }).then(console.log);`;
const programs = {
  "json-rpc call": `import { createJsonRpcClient, rpcHost } from '@chaindata/core';
    const getAsset = { id: 'getAsset', idempotent: true, u64: { supply: 1 } };${call}`,
  "json-rpc call + params check": `import { createJsonRpcClient, rpcHost, vObject, vString } from '@chaindata/core';
    const getAsset = { id: 'getAsset', idempotent: true,
      params: vObject({ id: vString(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/u) }, ['id'], false) };${call}`,
  "parseJson only": `import { parseJson } from '@chaindata/core'; console.log(parseJson('1'));`,
  everything: `export * from '@chaindata/core';`,
};

/** Bundles `contents`; `stub` replaces src modules by name (for --breakdown). */
async function size(contents, { fromSource = false, stub = {} } = {}) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "error",
    alias: { "@chaindata/core": fromSource ? "./src/index.ts" : "./dist/index.js" },
    plugins: [
      {
        name: "stub",
        setup(b) {
          b.onLoad({ filter: /[/\\]src[/\\].*\.ts$/ }, ({ path }) => {
            const name = Object.keys(stub).find((n) =>
              path.replace(/\\/g, "/").endsWith(`/src/${n}.ts`),
            );
            return name ? { contents: stub[name], loader: "ts" } : undefined;
          });
        },
      },
    ],
  });
  const code = result.outputFiles[0].contents;
  return { code, min: code.length, gz: gzipSync(code, { level: 9 }).length };
}

for (const [name, contents] of Object.entries(programs)) {
  const { code, min, gz } = await size(contents);
  console.log(
    `${name.padEnd(32)} ${String(min).padStart(6)} B min  ${String(gz).padStart(5)} B min+gz`,
  );
  if (process.argv.includes("--print") && name === "json-rpc call")
    console.log(new TextDecoder().decode(code));
}

if (process.argv.includes("--breakdown")) {
  // Each module replaced by a do-nothing stand-in: the difference is what it costs.
  const stubs = {
    validate: `export const validate = () => {}, vObject = () => {}, vString = () => {}, writeJson = JSON.stringify`,
    "rate-limit": `export const createRateLimiter = () => ({ acquire: async () => {} })`,
    deprecation: `export const warnDeprecated = () => {}`,
    redact: `export const createRedactor = () => (s) => String(s), scrub = (v) => v, credentialsIn = () => []`,
    json: `export const parseJson = JSON.parse, stringifyJson = JSON.stringify, reviveU64 = (v) => v, looksTruncated = () => false`,
    batch: `export const createBatcher = () => {}`,
    retry: `export const backoff = () => 1, parseRetryAfter = () => undefined, MAX_RETRY_AFTER_MS = 6e4, retryableStatus = (s) => s > 407`,
    errors: `class E extends Error {} export { E as ChainDataError, E as ConfigurationError, E as ValidationError, E as APIError, E as JsonRpcError, E as ConnectionError, E as TimeoutError, E as AbortError, E as InvalidResponseError }; export const makeAPIError = (m) => new E(m)`,
    "generated/environments": `export const rpcHost = { name: 'rpc', urls: { mainnet: 'x' }, placeKey: (url) => url }, hostNames = ['rpc']`,
  };
  const program = programs["json-rpc call + params check"];
  const { gz: all } = await size(program, { fromSource: true });
  console.log(`\nbreakdown of "json-rpc call + params check" (${all} B gz from src):`);
  for (const [name, contents] of Object.entries(stubs)) {
    const { gz } = await size(program, { fromSource: true, stub: { [name]: contents } });
    console.log(`  ${name.padEnd(24)} ${String(all - gz).padStart(5)} B gz`);
  }
  const { gz: rest } = await size(program, { fromSource: true, stub: stubs });
  console.log(
    `  ${"http + json-rpc + config".padEnd(24)} ${String(rest).padStart(5)} B gz (everything above stubbed)`,
  );
}
