// DAS: look up assets by id, in a batch, by owner (every page), and the prints of an NFT.
// Run against the local mock: `npm run example`, or `node examples/das.mjs` beside `npm run mock`.
import { createDasClient } from "@chaindata/das";

const url = process.env.CHAINDATA_MOCK_URL ?? "http://127.0.0.1:4010";
// local: no API key needed
const das = createDasClient({ environment: "local", baseUrls: { rpc: url } });

const asset = await das.getAsset({
  id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263",
  options: { showFungible: true },
});
console.log(
  `${asset.content?.metadata?.name} (${asset.interface}): supply ${asset.token_info?.supply} — a bigint, exact`,
);

const batch = await das.getAssetBatch({
  ids: [
    "6nMMVpm7qQSBMPqJEoJGHxWEBKtozk1Cs5oZTgGryqZp",
    "CZUs7STKR7tVmvmfPsLibWt3woMiJB8CvsEwzfJ17YE",
  ],
});
console.log(`batch: ${batch.map((a) => a?.content?.metadata?.name ?? "(not found)").join(", ")}`);

// .all() walks every page lazily; break out whenever you like.
let count = 0;
for await (const item of das.getAssetsByOwner.all({
  ownerAddress: "5cgtSJbb8f675Bsq4m2J6MZk61x1fTgS53C6Po2MttGV",
  limit: 50,
})) {
  console.log(`  owns ${item.id} ${item.content?.metadata?.name ?? ""}`);
  count++;
}
console.log(`owner holds ${count} assets`);

const prints = await das.getNftEditions({ mint: "81kucWuBQL4TvWsP36stbSbuJyC81tTVUUheSe1Nt45M" });
console.log(
  `editions: ${prints.supply} of ${prints.max_supply} printed (${prints.editions.map((e) => `#${e.edition}`).join(", ")})`,
);
