// The size budgets measure programs after a bundler's tree shaking and minification; this file
// checks that those same bundles still behave. Pure annotations (`@__PURE__`,
// `@__NO_SIDE_EFFECTS__`) let a bundler drop calls whose results are unused; one on a function
// that throws (such as `validate`) would silently remove validation from every bundled app.
// Each program is bundled exactly like the size test's (esbuild --bundle --minify --format=esm
// --platform=browser, from the built dist/), then run against a stub `fetch`.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { browserBundle } from "../../bench/lib/programs.mjs";

const ASSET = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";
const WALLET = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const dir = mkdtempSync(join(tmpdir(), "chaindata-bundled-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Run = (fetch: typeof globalThis.fetch, input: unknown) => Promise<unknown>;

/** Bundles a program whose `run(fetch, input)` makes one call, and imports it. */
async function bundled(name: string, source: string): Promise<Run> {
  const result = await build(browserBundle(source, `${name}.mjs`));
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, result.outputFiles[0]!.contents);
  return (await import(pathToFileURL(file).href)).run;
}

/** A fetch that answers every request with `body` and records the requests. */
function stubFetch(body: string) {
  const requests: Request[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const rpcAnswer = (result: string) => `{"jsonrpc":"2.0","id":"1","result":${result}}`;

const programs = [
  {
    name: "das-standalone",
    source: `import { createDasRpc, getAsset } from '@chaindata/das';
export const run = (fetch, input) => getAsset(createDasRpc({ apiKey: 'k', fetch }), input);`,
    valid: { id: ASSET },
    invalid: { id: "not-an-address" },
    field: "params.id",
    answer: rpcAnswer(`{"id":"${ASSET}","token_info":{"supply":18446744073709551615}}`),
    pick: (r: any) => r.token_info.supply,
    expected: 18446744073709551615n,
  },
  {
    // The size reference the bench sets beside ours (bench/reference/lean-rpc.mjs): its figure is
    // that of a program that works.
    name: "lean-reference",
    source: `import { createDasRpc, getAsset } from './bench/reference/lean-rpc.mjs';
export const run = (fetch, input) => getAsset(createDasRpc({ apiKey: 'k', fetch }), input);`,
    valid: { id: ASSET },
    invalid: { id: "not-an-address" },
    field: "params.id",
    answer: rpcAnswer(`{"id":"${ASSET}","token_info":{"supply":18446744073709551615}}`),
    pick: (r: any) => r.token_info.supply,
    expected: 18446744073709551615n,
  },
  {
    name: "das-client",
    source: `import { createDasClient } from '@chaindata/das';
export const run = (fetch, input) => createDasClient({ apiKey: 'k', fetch }).getAsset(input);`,
    valid: { id: ASSET },
    invalid: { id: ASSET, options: { showFungible: "yes" } },
    field: "params.options.showFungible",
    answer: rpcAnswer(`{"id":"${ASSET}","token_info":{"supply":18446744073709551615}}`),
    pick: (r: any) => r.token_info.supply,
    expected: 18446744073709551615n,
  },
  {
    // Two identical reads of one tick, with a coalescer: still one request once minified, each
    // caller its own object, and both refused before sending. (The shared request is the second
    // numbered: the first caller's own request, never sent, took id 1.)
    name: "das-coalesced",
    source: `import { createCoalescer, createDasClient } from '@chaindata/das';
export const run = async (fetch, input) => {
  const das = createDasClient({ apiKey: 'k', fetch, coalesce: createCoalescer() });
  const [a, b] = await Promise.all([das.getAsset(input), das.getAsset(input)]);
  if (a === b || a.token_info === b.token_info) throw new Error('one object for two callers');
  return b;
};`,
    valid: { id: ASSET },
    invalid: { id: "not-an-address" },
    field: "params.id",
    answer: `{"jsonrpc":"2.0","id":"2","result":{"id":"${ASSET}","token_info":{"supply":18446744073709551615}}}`,
    pick: (r: any) => r.token_info.supply,
    expected: 18446744073709551615n,
  },
  {
    name: "compression-standalone",
    source: `import { createCompressionRpc, getCompressedAccountsByOwner } from '@chaindata/compression';
export const run = (fetch, input) => getCompressedAccountsByOwner(createCompressionRpc({ apiKey: 'k', fetch }), input);`,
    valid: { owner: WALLET },
    invalid: { owner: WALLET, limit: 0 },
    field: "params.limit",
    answer: rpcAnswer(`{"context":{"slot":1},"value":{"items":[],"cursor":null}}`),
    pick: (r: any) => r.value.items.length,
    expected: 0,
  },
  {
    name: "wallet-client",
    source: `import { createWalletClient } from '@chaindata/wallet';
export const run = (fetch, input) => createWalletClient({ apiKey: 'k', fetch }).getBalances(input);`,
    valid: { wallet: WALLET },
    invalid: { wallet: "0OIl" },
    field: "wallet",
    answer: `{"balances":[],"totalUsdValue":0,"pagination":{"page":1,"limit":100,"hasMore":false}}`,
    pick: (r: any) => r.pagination.hasMore,
    expected: false,
  },
  {
    name: "wallet-standalone",
    source: `import { createWalletRest, getBalances } from '@chaindata/wallet';
export const run = (fetch, input) => getBalances(createWalletRest({ apiKey: 'k', fetch }), input);`,
    valid: { wallet: WALLET },
    invalid: { wallet: WALLET, limit: 101 },
    field: "params.limit",
    // (Wallet balances are decimal amounts, floats: no u64 in this answer.)
    answer: `{"balances":[{"mint":"${ASSET}","balance":1.5}],"totalUsdValue":0,"pagination":{"page":1,"limit":100,"hasMore":false}}`,
    pick: (r: any) => r.balances[0].balance,
    expected: 1.5,
  },
  {
    name: "webhooks-standalone",
    source: `import { createWebhooksRest, createWebhook } from '@chaindata/webhooks';
export const run = (fetch, input) => createWebhook(createWebhooksRest({ apiKey: 'k', fetch }), input);`,
    valid: {
      webhookURL: "https://hooks.example.com/solana",
      transactionTypes: ["TRANSFER"],
      accountAddresses: [WALLET],
      webhookType: "enhanced",
    },
    invalid: {
      webhookURL: "https://hooks.example.com/solana",
      transactionTypes: ["TRANSFER"],
      accountAddresses: ["nope"],
      webhookType: "enhanced",
    },
    field: "params.accountAddresses[0]",
    answer: `{"webhookID":"642574b0-72aa-41dd-b293-356451e22168","wallet":"${WALLET}","webhookURL":"https://hooks.example.com/solana","transactionTypes":["TRANSFER"],"accountAddresses":["${WALLET}"],"webhookType":"enhanced"}`,
    pick: (r: any) => r.webhookID,
    expected: "642574b0-72aa-41dd-b293-356451e22168",
  },
];

describe("bundled programs (esbuild --bundle --minify) keep their checks and their wire behaviour", () => {
  it.each(programs)(
    "$name: bad input is refused with a ValidationError naming the field; nothing is sent",
    async (p) => {
      const run = await bundled(p.name, p.source);
      const { fetch, requests } = stubFetch(p.answer);
      const error: any = await run(fetch, p.invalid).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error?.name).toBe("ValidationError");
      expect(error.message).toContain(p.field);
      expect(requests).toHaveLength(0);
    },
  );

  it.each(programs)(
    "$name: a valid call is sent once and its answer parsed (u64 exact)",
    async (p) => {
      const run = await bundled(p.name, p.source);
      const { fetch, requests } = stubFetch(p.answer);
      expect(p.pick(await run(fetch, p.valid))).toBe(p.expected);
      expect(requests).toHaveLength(1);
      expect(requests[0]!.url).toContain("api-key=k");
    },
  );
});
