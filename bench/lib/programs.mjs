// One-call programs per area, bundled like a browser app would be (esbuild --bundle --minify
// --format=esm --platform=browser) and gzipped; some also bundled for Node (--platform=node, as a
// Lambda, SST or Next.js server bundle is: `nodePrograms`). Shared by `npm run bench`
// (bench/sections/size.mjs) and the size budget test (test/size/size.test.ts). Packages resolve by
// name through the workspace links, i.e. from their built dist/ (run `npx turbo run build` first).
import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export const ESBUILD_FLAGS = "--bundle --minify --format=esm --platform=browser";

/** The asset every getAsset program asks for. */
export const ASSET = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";
const WALLET = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const TX64 = "AQAB";

// A caller for helius-sdk's per-method modules (`helius-sdk/rpc/methods/*`,
// `helius-sdk/zk/methods/*` export `makeX(call)`): the SDK's own `makeRpcCaller` (rpc/caller.js,
// not exported) copied verbatim, over the transport `createHelius` builds (@solana/kit's
// createDefaultRpcTransport).
const heliusCaller = `
import { createDefaultRpcTransport } from '@solana/kit';
const transport = createDefaultRpcTransport({ url: 'https://mainnet.helius-rpc.com/?api-key=k' });
const call = async (method, params) => {
  const res = await transport({ payload: { jsonrpc: '2.0', id: 'helius-sdk', method, params } });
  if (res?.error) throw new Error(\`RPC error (\${method}): \${res.error?.message ?? JSON.stringify(res.error)}\`);
  return res.result ?? res;
};`;

const heliusRoot = (expr) => `import { createHelius } from 'helius-sdk';
const helius = createHelius({ apiKey: 'k' });
${expr}.then(console.log);`;

/**
 * A minimal correct JSON-RPC call by hand: URL with the key, JSON body, status check, res.json().
 */
const fetchRpc = (url, method, params) => `
const res = await fetch(${JSON.stringify(url)}, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: ${JSON.stringify(method)}, params: ${params} }),
});
if (!res.ok) throw new Error('HTTP ' + res.status);
const body = await res.json();
if (body.error) throw new Error(body.error.message);
console.log(body.result);`;

/** A minimal correct REST call by hand. */
const fetchRest = (url, init = "") => `
const res = await fetch(${url}${init ? `, ${init}` : ""});
if (!res.ok) throw new Error('HTTP ' + res.status);
console.log(await res.json());`;

/**
 * Per area: `ours` (the @chaindata package's client, as the README shows it), `standalone` (the
 * tree-shakable per-operation functions), `heliusRoot` (helius-sdk's root import),
 * `heliusSubpath` (its per-method subpath, where one exists) and `fetch` (hand-written).
 * `null` = no such call in helius-sdk 3.2.0.
 */
export const areas = {
  das: {
    call: "getAsset",
    pkg: "@chaindata/das",
    ours: `import { createDasClient } from '@chaindata/das';
const das = createDasClient({ apiKey: 'k' });
das.getAsset({ id: '${ASSET}' }).then(console.log);`,
    standalone: `import { createDasRpc, getAsset } from '@chaindata/das';
const rpc = createDasRpc({ apiKey: 'k' });
getAsset(rpc, { id: '${ASSET}' }).then(console.log);`,
    heliusRoot: heliusRoot(`helius.getAsset({ id: '${ASSET}' })`),
    heliusSubpathName: "helius-sdk/rpc/methods/getAsset",
    heliusSubpath: `import { makeGetAsset } from 'helius-sdk/rpc/methods/getAsset';${heliusCaller}
makeGetAsset(call)({ id: '${ASSET}' }).then(console.log);`,
    fetch: fetchRpc("https://mainnet.helius-rpc.com/?api-key=k", "getAsset", `{ id: '${ASSET}' }`),
    // The size reference: the same call on a runtime rewritten from nothing for size, with only
    // the features issue 3 names (bench/reference/lean-rpc.mjs;
    // docs/decisions/0008-runtime-size.md).
    leanReference: `import { createDasRpc, getAsset } from './bench/reference/lean-rpc.mjs';
const rpc = createDasRpc({ apiKey: 'k' });
getAsset(rpc, { id: '${ASSET}' }).then(console.log);`,
  },
  compression: {
    call: "getCompressedAccountsByOwner",
    pkg: "@chaindata/compression",
    ours: `import { createCompressionClient } from '@chaindata/compression';
const zk = createCompressionClient({ apiKey: 'k' });
zk.getCompressedAccountsByOwner({ owner: '${WALLET}' }).then(console.log);`,
    standalone: `import { createCompressionRpc, getCompressedAccountsByOwner } from '@chaindata/compression';
const rpc = createCompressionRpc({ apiKey: 'k' });
getCompressedAccountsByOwner(rpc, { owner: '${WALLET}' }).then(console.log);`,
    heliusRoot: heliusRoot(`helius.zk.getCompressedAccountsByOwner({ owner: '${WALLET}' })`),
    heliusSubpathName: "helius-sdk/zk/methods/getCompressedAccountsByOwner",
    heliusSubpath: `import { makeGetCompressedAccountsByOwner } from 'helius-sdk/zk/methods/getCompressedAccountsByOwner';${heliusCaller}
makeGetCompressedAccountsByOwner(call)({ owner: '${WALLET}' }).then(console.log);`,
    fetch: fetchRpc(
      "https://mainnet.helius-rpc.com/?api-key=k",
      "getCompressedAccountsByOwner",
      `{ owner: '${WALLET}' }`,
    ),
  },
  sender: {
    call: "sendTransaction",
    pkg: "@chaindata/sender",
    ours: `import { createSenderClient } from '@chaindata/sender';
const sender = createSenderClient({ apiKey: 'k' });
sender.sendTransaction({ transaction: '${TX64}', config: { encoding: 'base64', skipPreflight: true, maxRetries: 0 } }).then(console.log);`,
    standalone: `import { createSenderRpc, sendTransaction } from '@chaindata/sender';
const rpc = createSenderRpc({ apiKey: 'k' });
sendTransaction(rpc, { transaction: '${TX64}', config: { encoding: 'base64', skipPreflight: true, maxRetries: 0 } }).then(console.log);`,
    // The root client has no "send this signed transaction to Sender" call; tx.sendTransaction
    // (signed base64 over RPC) is the closest. The bundle is the same whichever method is used.
    heliusRoot: heliusRoot(`helius.tx.sendTransaction('${TX64}')`),
    heliusSubpathName: "helius-sdk/transactions/sendViaSender",
    heliusSubpath: `import { sendViaSender } from 'helius-sdk/transactions/sendViaSender';
sendViaSender('${TX64}').then(console.log);`,
    fetch: fetchRpc(
      "https://sender.helius-rpc.com/fast?api-key=k",
      "sendTransaction",
      `['${TX64}', { encoding: 'base64', skipPreflight: true, maxRetries: 0 }]`,
    ),
  },
  wallet: {
    call: "getBalances",
    pkg: "@chaindata/wallet",
    ours: `import { createWalletClient } from '@chaindata/wallet';
const wallet = createWalletClient({ apiKey: 'k' });
wallet.getBalances({ wallet: '${WALLET}' }).then(console.log);`,
    standalone: `import { createWalletRest, getBalances } from '@chaindata/wallet';
const rest = createWalletRest({ apiKey: 'k' });
getBalances(rest, { wallet: '${WALLET}' }).then(console.log);`,
    heliusRoot: heliusRoot(`helius.wallet.getBalances({ wallet: '${WALLET}' })`),
    heliusSubpathName: "helius-sdk/wallet/getBalances",
    heliusSubpath: `import { getBalances } from 'helius-sdk/wallet/getBalances';
getBalances('k', { wallet: '${WALLET}' }).then(console.log);`,
    fetch: fetchRest(
      `'https://api.helius.xyz/v1/wallet/' + encodeURIComponent('${WALLET}') + '/balances?api-key=k'`,
    ),
  },
  admin: {
    call: "getProjectUsage",
    pkg: "@chaindata/admin",
    ours: `import { createAdminClient } from '@chaindata/admin';
const admin = createAdminClient({ apiKey: 'k' });
admin.getProjectUsage({ id: 'p' }).then(console.log);`,
    standalone: `import { createAdminRest, getProjectUsage } from '@chaindata/admin';
const rest = createAdminRest({ apiKey: 'k' });
getProjectUsage(rest, { id: 'p' }).then(console.log);`,
    heliusRoot: heliusRoot(`helius.admin.getProjectUsage('p')`),
    heliusSubpathName: "helius-sdk/admin/getProjectUsage",
    heliusSubpath: `import { getProjectUsage } from 'helius-sdk/admin/getProjectUsage';
getProjectUsage('k', 'p').then(console.log);`,
    fetch: fetchRest(
      `'https://admin-api.helius.xyz/v0/admin/projects/' + encodeURIComponent('p') + '/usage'`,
      `{ headers: { 'X-Api-Key': 'k' } }`,
    ),
  },
  webhooks: {
    call: "createWebhook",
    pkg: "@chaindata/webhooks",
    ours: `import { createWebhooksClient } from '@chaindata/webhooks';
const webhooks = createWebhooksClient({ apiKey: 'k' });
webhooks.createWebhook({ webhookURL: 'https://example.com/hook', transactionTypes: ['ANY'], accountAddresses: ['${WALLET}'], webhookType: 'enhanced' }).then(console.log);`,
    standalone: `import { createWebhooksRest, createWebhook } from '@chaindata/webhooks';
const rest = createWebhooksRest({ apiKey: 'k' });
createWebhook(rest, { webhookURL: 'https://example.com/hook', transactionTypes: ['ANY'], accountAddresses: ['${WALLET}'], webhookType: 'enhanced' }).then(console.log);`,
    heliusRoot: heliusRoot(
      `helius.webhooks.create({ webhookURL: 'https://example.com/hook', transactionTypes: ['ANY'], accountAddresses: ['${WALLET}'], webhookType: 'enhanced' })`,
    ),
    heliusSubpathName: "helius-sdk/webhooks/createWebhook",
    heliusSubpath: `import { createWebhook } from 'helius-sdk/webhooks/createWebhook';
createWebhook('k', { webhookURL: 'https://example.com/hook', transactionTypes: ['ANY'], accountAddresses: ['${WALLET}'], webhookType: 'enhanced' }).then(console.log);`,
    fetch: fetchRest(
      `'https://api-mainnet.helius-rpc.com/v0/webhooks?api-key=k'`,
      `{ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ webhookURL: 'https://example.com/hook', transactionTypes: ['ANY'], accountAddresses: ['${WALLET}'], webhookType: 'enhanced' }) }`,
    ),
  },
  "token-metadata": {
    call: "getTokenMetadata",
    pkg: "@chaindata/token-metadata",
    ours: `import { createTokenMetadataClient } from '@chaindata/token-metadata';
const tm = createTokenMetadataClient({ apiKey: 'k' });
tm.getTokenMetadata({ mintAccounts: ['${ASSET}'], includeOffChain: true }).then(console.log);`,
    standalone: `import { createTokenMetadataRest, getTokenMetadata } from '@chaindata/token-metadata';
const rest = createTokenMetadataRest({ apiKey: 'k' });
getTokenMetadata(rest, { mintAccounts: ['${ASSET}'], includeOffChain: true }).then(console.log);`,
    heliusRoot: null, // helius-sdk 3.2.0 has no token-metadata call
    heliusSubpathName: null,
    heliusSubpath: null,
    fetch: fetchRest(
      `'https://api-mainnet.helius-rpc.com/v0/token-metadata?api-key=k'`,
      `{ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mintAccounts: ['${ASSET}'], includeOffChain: true }) }`,
    ),
  },
};

/**
 * Programs beside the areas' by budget key: the composed client, which carries every area
 * whichever it calls (its README states the figure; test/size/size.test.ts holds it to it), and the
 * webhook receiver alone (`createWebhookHandler`, as the README serves it on an edge runtime; named
 * `standalone` as the one function imported, the form the docs build reads budget keys in).
 */
export const otherPrograms = {
  "sdk/getAsset/client": `import { createChainDataClient } from '@chaindata/sdk';
const chaindata = createChainDataClient({ apiKey: 'k' });
chaindata.das.getAsset({ id: '${ASSET}' }).then(console.log);`,
  "webhooks/createWebhookHandler/standalone": `import { createWebhookHandler } from '@chaindata/webhooks';
const handle = createWebhookHandler({ authHeader: 'secret', onEvent: (event) => console.log(event.type, event.signature) });
export default { fetch: handle };`,
};

/**
 * Budget keys of the programs also bundled for Node (`--platform=node`: esbuild for AWS Lambda, CDK
 * NodejsFunction, SST; webpack and Next.js server bundles resolve the same conditions). Each is the
 * browser program of the same key. A bundler for Node resolves core's exports map with the `node`
 * condition too, so these guard its order (decision 0009): with `node` before `module` they took
 * core's CommonJS build, which does not tree-shake (getAsset standalone 15.8 kB instead of 9.1 kB).
 */
export const nodePrograms = ["das/getAsset/standalone", "webhooks/createWebhookHandler/standalone"];

/**
 * esbuild's JS API options for a program bundled as a browser app bundles it: the equivalent of
 * `esbuild --bundle --minify --format=esm --platform=browser` (ESBUILD_FLAGS), in memory.
 * `contents` is ESM source whose imports resolve from `resolveDir`: by default the repository root
 * (packages by name, from their built dist/). packages/core/scripts/size.mjs bundles from core's
 * folder with the same options, so its figures and the budgets' agree.
 */
export const browserBundle = (contents, sourcefile = "program.mjs", resolveDir = repoRoot) => ({
  stdin: { contents, resolveDir, loader: "js", sourcefile },
  bundle: true,
  minify: true,
  format: "esm",
  platform: "browser",
  write: false,
  logLevel: "error",
});

/**
 * Bundles `contents` (ESM source) as {@link browserBundle} does (with `platform: "node"`, as
 * `esbuild --bundle --minify --format=esm --platform=node`) and gzips the output (level 9).
 * @returns {{ min, gz, code, parts, inputs }} (min and gz in bytes; parts: minified bytes per
 *   package; inputs: the bundled files, as esbuild's metafile names them), or with `splitting`:
 *   {{ files, min, gz, initialGz }} (initialGz: the entry chunk and its static imports)
 */
export async function bundleSize(contents, { splitting = false, platform = "browser" } = {}) {
  const result = await build({
    ...browserBundle(contents),
    platform,
    metafile: true,
    ...(splitting ? { splitting: true, outdir: "/virtual-out" } : {}),
  });
  if (splitting) {
    // What loads before anything runs: the entry chunk plus the chunks it imports statically
    // (dynamic import() targets load later, on first use).
    const byPath = new Map(result.outputFiles.map((f) => [f.path, f]));
    const outputs = result.metafile.outputs;
    const rel = (p) => p.replace(/^.*virtual-out\//, "");
    const abs = (p) => `/virtual-out/${rel(p)}`;
    const entry = Object.keys(outputs).find((k) => outputs[k].entryPoint === "program.mjs");
    const seen = new Set();
    const visit = (k) => {
      if (seen.has(k)) return;
      seen.add(k);
      for (const i of outputs[k].imports) if (i.kind === "import-statement") visit(i.path);
    };
    visit(entry);
    const gz = (f) => gzipSync(f.contents, { level: 9 }).length;
    const files = result.outputFiles;
    return {
      files: files.length,
      min: files.reduce((s, f) => s + f.contents.length, 0),
      gz: files.reduce((s, f) => s + gz(f), 0),
      initialGz: [...seen].reduce((s, k) => s + gz(byPath.get(abs(k))), 0),
    };
  }
  const code = result.outputFiles[0].contents;
  // Minified bytes per origin: @chaindata/<pkg>, an npm package, or the program itself.
  const parts = {};
  for (const [path, { bytesInOutput }] of Object.entries(
    Object.values(result.metafile.outputs)[0].inputs,
  )) {
    const m =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path) ?? /(?:^|\/)packages\/([^/]+)\//.exec(path);
    const name = !m ? "program" : path.includes("node_modules") ? m[1] : `@chaindata/${m[1]}`;
    parts[name] = (parts[name] ?? 0) + bytesInOutput;
  }
  const inputs = Object.keys(result.metafile.inputs);
  return { code, min: code.length, gz: gzipSync(code, { level: 9 }).length, parts, inputs };
}

/**
 * Our one-call programs' sources by budget key (`<area>/<call>/<form>`: form `client` or
 * `standalone`), and {@link otherPrograms}.
 */
export function programSources() {
  return Object.fromEntries(
    Object.entries(areas)
      .flatMap(([area, a]) => [
        [`${area}/${a.call}/client`, a.ours],
        ...(a.standalone ? [[`${area}/${a.call}/standalone`, a.standalone]] : []),
      ])
      .concat(Object.entries(otherPrograms)),
  );
}

/**
 * Our programs by budget key, bundled: `{ [key]: { min, gz, inputs } }`. Every program of
 * {@link programSources} for the browser; with `platform: "node"`, those of {@link nodePrograms}.
 */
export async function bundlePrograms({ platform = "browser" } = {}) {
  const sources = programSources();
  const keys = platform === "node" ? nodePrograms : Object.keys(sources);
  const sizes = await Promise.all(keys.map((key) => bundleSize(sources[key], { platform })));
  return Object.fromEntries(
    keys.map((key, i) => [key, { min: sizes[i].min, gz: sizes[i].gz, inputs: sizes[i].inputs }]),
  );
}
