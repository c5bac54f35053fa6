// One-call programs per area, bundled like a browser app would be (esbuild --bundle --minify
// --format=esm --platform=browser) and gzipped. Shared by `npm run bench` (bench/size.mjs) and
// the size budget test (test/size/size.test.ts). Packages resolve by name through the
// workspace links, i.e. from their built dist/ (run `npx turbo run build` first).
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const ESBUILD_FLAGS = '--bundle --minify --format=esm --platform=browser';

const ASSET = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const WALLET = '86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY';
const TX64 = 'AQAB';

// A caller for helius-sdk's per-method modules (`helius-sdk/rpc/methods/*`, `helius-sdk/zk/methods/*`
// export `makeX(call)`): the SDK's own `makeRpcCaller` (rpc/caller.js, not exported) copied verbatim,
// over the transport `createHelius` builds (@solana/kit's createDefaultRpcTransport).
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

/** A minimal correct JSON-RPC call by hand: URL with the key, JSON body, status check, res.json(). */
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
const fetchRest = (url, init = '') => `
const res = await fetch(${url}${init ? `, ${init}` : ''});
if (!res.ok) throw new Error('HTTP ' + res.status);
console.log(await res.json());`;

/**
 * Per area: `ours` (the @chaindata package), `heliusRoot` (helius-sdk's root import),
 * `heliusSubpath` (its per-method subpath, where one exists) and `fetch` (hand-written).
 * `null` = no such call in helius-sdk 3.2.0.
 */
export const areas = {
  das: {
    call: 'getAsset',
    pkg: '@chaindata/das',
    ours: `import { createDasClient } from '@chaindata/das';
const das = createDasClient({ apiKey: 'k' });
das.getAsset({ id: '${ASSET}' }).then(console.log);`,
    heliusRoot: heliusRoot(`helius.getAsset({ id: '${ASSET}' })`),
    heliusSubpathName: 'helius-sdk/rpc/methods/getAsset',
    heliusSubpath: `import { makeGetAsset } from 'helius-sdk/rpc/methods/getAsset';${heliusCaller}
makeGetAsset(call)({ id: '${ASSET}' }).then(console.log);`,
    fetch: fetchRpc('https://mainnet.helius-rpc.com/?api-key=k', 'getAsset', `{ id: '${ASSET}' }`),
  },
  compression: {
    call: 'getCompressedAccountsByOwner',
    pkg: '@chaindata/compression',
    ours: `import { createCompressionClient } from '@chaindata/compression';
const zk = createCompressionClient({ apiKey: 'k' });
zk.getCompressedAccountsByOwner({ owner: '${WALLET}' }).then(console.log);`,
    heliusRoot: heliusRoot(`helius.zk.getCompressedAccountsByOwner({ owner: '${WALLET}' })`),
    heliusSubpathName: 'helius-sdk/zk/methods/getCompressedAccountsByOwner',
    heliusSubpath: `import { makeGetCompressedAccountsByOwner } from 'helius-sdk/zk/methods/getCompressedAccountsByOwner';${heliusCaller}
makeGetCompressedAccountsByOwner(call)({ owner: '${WALLET}' }).then(console.log);`,
    fetch: fetchRpc('https://mainnet.helius-rpc.com/?api-key=k', 'getCompressedAccountsByOwner', `{ owner: '${WALLET}' }`),
  },
  sender: {
    call: 'sendTransaction',
    pkg: '@chaindata/sender',
    ours: `import { createSenderClient } from '@chaindata/sender';
const sender = createSenderClient({ apiKey: 'k' });
sender.sendTransaction({ transaction: '${TX64}', config: { encoding: 'base64', skipPreflight: true, maxRetries: 0 } }).then(console.log);`,
    // The root client has no "send this signed transaction to Sender" call; tx.sendTransaction
    // (signed base64 over RPC) is the closest. The bundle is the same whichever method is used.
    heliusRoot: heliusRoot(`helius.tx.sendTransaction('${TX64}')`),
    heliusSubpathName: 'helius-sdk/transactions/sendViaSender',
    heliusSubpath: `import { sendViaSender } from 'helius-sdk/transactions/sendViaSender';
sendViaSender('${TX64}').then(console.log);`,
    fetch: fetchRpc('https://sender.helius-rpc.com/fast?api-key=k', 'sendTransaction',
      `['${TX64}', { encoding: 'base64', skipPreflight: true, maxRetries: 0 }]`),
  },
  wallet: {
    call: 'getBalances',
    pkg: '@chaindata/wallet',
    ours: `import { createWalletClient } from '@chaindata/wallet';
const wallet = createWalletClient({ apiKey: 'k' });
wallet.getBalances({ wallet: '${WALLET}' }).then(console.log);`,
    heliusRoot: heliusRoot(`helius.wallet.getBalances({ wallet: '${WALLET}' })`),
    heliusSubpathName: 'helius-sdk/wallet/getBalances',
    heliusSubpath: `import { getBalances } from 'helius-sdk/wallet/getBalances';
getBalances('k', { wallet: '${WALLET}' }).then(console.log);`,
    fetch: fetchRest(`'https://api.helius.xyz/v1/wallet/' + encodeURIComponent('${WALLET}') + '/balances?api-key=k'`),
  },
  admin: {
    call: 'getProjectUsage',
    pkg: '@chaindata/admin',
    ours: `import { createAdminClient } from '@chaindata/admin';
const admin = createAdminClient({ apiKey: 'k' });
admin.getProjectUsage({ id: 'p' }).then(console.log);`,
    heliusRoot: heliusRoot(`helius.admin.getProjectUsage('p')`),
    heliusSubpathName: 'helius-sdk/admin/getProjectUsage',
    heliusSubpath: `import { getProjectUsage } from 'helius-sdk/admin/getProjectUsage';
getProjectUsage('k', 'p').then(console.log);`,
    fetch: fetchRest(`'https://admin-api.helius.xyz/v0/admin/projects/' + encodeURIComponent('p') + '/usage'`, `{ headers: { 'X-Api-Key': 'k' } }`),
  },
  webhooks: {
    call: 'createWebhook',
    pkg: '@chaindata/webhooks',
    ours: `import { createWebhooksClient } from '@chaindata/webhooks';
const webhooks = createWebhooksClient({ apiKey: 'k' });
webhooks.createWebhook({ webhookURL: 'https://example.com/hook', transactionTypes: ['ANY'], accountAddresses: ['${WALLET}'], webhookType: 'enhanced' }).then(console.log);`,
    heliusRoot: heliusRoot(`helius.webhooks.create({ webhookURL: 'https://example.com/hook', transactionTypes: ['ANY'], accountAddresses: ['${WALLET}'], webhookType: 'enhanced' })`),
    heliusSubpathName: 'helius-sdk/webhooks/createWebhook',
    heliusSubpath: `import { createWebhook } from 'helius-sdk/webhooks/createWebhook';
createWebhook('k', { webhookURL: 'https://example.com/hook', transactionTypes: ['ANY'], accountAddresses: ['${WALLET}'], webhookType: 'enhanced' }).then(console.log);`,
    fetch: fetchRest(`'https://api-mainnet.helius-rpc.com/v0/webhooks?api-key=k'`,
      `{ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ webhookURL: 'https://example.com/hook', transactionTypes: ['ANY'], accountAddresses: ['${WALLET}'], webhookType: 'enhanced' }) }`),
  },
  'token-metadata': {
    call: 'getTokenMetadata',
    pkg: '@chaindata/token-metadata',
    ours: `import { createTokenMetadataClient } from '@chaindata/token-metadata';
const tm = createTokenMetadataClient({ apiKey: 'k' });
tm.getTokenMetadata({ mintAccounts: ['${ASSET}'], includeOffChain: true }).then(console.log);`,
    heliusRoot: null, // helius-sdk 3.2.0 has no token-metadata call
    heliusSubpathName: null,
    heliusSubpath: null,
    fetch: fetchRest(`'https://api-mainnet.helius-rpc.com/v0/token-metadata?api-key=k'`,
      `{ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mintAccounts: ['${ASSET}'], includeOffChain: true }) }`),
  },
};

/**
 * Bundles `contents` (ESM source) with esbuild's JS API — the equivalent of
 * `esbuild --bundle --minify --format=esm --platform=browser` — and gzips the output (level 9).
 * @returns {{ min: number, gz: number, code: Uint8Array }}
 */
export async function bundleSize(contents, { splitting = false } = {}) {
  const result = await build({
    stdin: { contents, resolveDir: repoRoot, loader: 'js', sourcefile: 'program.mjs' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'error',
    ...(splitting ? { splitting: true, outdir: '/virtual-out' } : {}),
  });
  if (splitting) {
    // Entry chunk + chunks it imports statically = what loads before the first call starts.
    const files = result.outputFiles;
    const all = files.reduce((s, f) => s + f.contents.length, 0);
    const allGz = files.reduce((s, f) => s + gzipSync(f.contents, { level: 9 }).length, 0);
    return { files: files.length, min: all, gz: allGz };
  }
  const code = result.outputFiles[0].contents;
  return { code, min: code.length, gz: gzipSync(code, { level: 9 }).length };
}
