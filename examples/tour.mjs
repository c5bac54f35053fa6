// A tour of @chaindata/sdk: one client for every area, typed errors, batching, pagination.
import {
  createBatcher,
  createChainDataClient,
  ValidationError,
  JsonRpcError,
  NotFoundError,
} from "@chaindata/sdk";

// In production: createChainDataClient() reads CHAINDATA_API_KEY and talks to mainnet.
// Here, the local mock: every host on one URL, no API key needed.
const url = process.env.CHAINDATA_MOCK_URL ?? "http://127.0.0.1:4010";
const chaindata = createChainDataClient({
  environment: "local",
  baseUrls: { rpc: url, wallet: url, admin: url, api: url, sender: url },
  batch: createBatcher(), // JSON-RPC calls made in the same tick share one HTTP request
});

// Three DAS calls, one HTTP request.
const [bonk, sprite, editions] = await Promise.all([
  chaindata.das.getAsset({ id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" }),
  chaindata.das.getAsset({ id: "DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5" }),
  chaindata.das.getNftEditions({ mint: "81kucWuBQL4TvWsP36stbSbuJyC81tTVUUheSe1Nt45M" }),
]);
console.log(
  `das: ${bonk.content?.metadata?.name} supply ${bonk.token_info?.supply}n; ${sprite.content?.metadata?.name}; ${editions.editions.length} prints`,
);

const { value } = await chaindata.compression.getCompressedBalanceByOwner({
  owner: "7aYvkYMd9PFm7x96o4xhpQ19stiQgzYXDD4Cg5EHFdEi",
});
console.log(`compression: ${value} compressed lamports`);

let transfers = 0;
for await (const _ of chaindata.wallet.getTransfers.all({
  wallet: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY",
}))
  transfers++;
console.log(`wallet: ${transfers} transfers over every page`);

const usage = await chaindata.admin.getProjectUsage({ id: "3f9a6c1e-8b2d-4e7a-9c51-2d7e0b4f8a63" });
console.log(`admin: ${usage.creditsUsed} credits used`);

const hooks = await chaindata.webhooks.listWebhooks();
console.log(`webhooks: ${hooks.length} configured`);

// Bad input never leaves the process: a ValidationError says which field and which rule.
try {
  await chaindata.das.getAssetBatch({ ids: [] });
} catch (error) {
  if (!(error instanceof ValidationError)) throw error;
  const [issue] = error.issues;
  console.log(`rejected before sending: ${issue?.path} (${issue?.rule})`);
}

// Server-side errors are typed too. The HTTP status picks the class: DAS answers "not found" with
// HTTP 404 and the JSON-RPC error -32004 (here the mock's `Prefer: code=404` hook fakes it), which
// is a NotFoundError carrying the error object in `rpcError`.
try {
  await chaindata.das.getAsset(
    { id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" },
    { headers: { Prefer: "code=404" } },
  );
} catch (error) {
  if (!(error instanceof NotFoundError)) throw error;
  console.log(
    `NotFoundError ${error.status} (JSON-RPC ${error.rpcError?.code}) from ${error.operation}`,
  );
}
// A JSON-RPC error object in an HTTP 200 answer (a batch entry, compression's method errors) is a
// JsonRpcError (the mock's X-Mock-JsonRpc-Error hook fakes one).
try {
  await chaindata.das.getAsset(
    { id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" },
    { headers: { "X-Mock-JsonRpc-Error": "-32000" } },
  );
} catch (error) {
  if (!(error instanceof JsonRpcError)) throw error;
  console.log(`JsonRpcError ${error.code} from ${error.method}: ${error.rpcMessage}`);
}
