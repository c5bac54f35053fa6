#!/usr/bin/env node
// Parse throughput of the lossless JSON reader on a DAS page of 1,000 assets (about 2.5 MB), beside
// JSON.parse on the same text: parseJson alone, with the operation's u64 shape applied
// (reviveU64), and a whole getAssetsByOwner call on an in-process `fetch` stub (decode, parse,
// revive, the u64 range checks). Three pages: every asset with u64 values above 2^53 (supply and
// balance), one asset with one, none. Not part of `npm run bench` (one run measured 54 MB/s
// against JSON.parse's 131 MB/s, medians under load; min shows the machine unloaded).
//
//   node bench/parse-throughput.mjs            (after `npx turbo run build`)
//   RUNS=50 node bench/parse-throughput.mjs
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  createDasClient,
  getAssetsByOwnerU64Shape,
  parseJson,
  reviveU64,
  stringifyJson,
} from "@chaindata/das";

const das = JSON.parse(
  readFileSync(fileURLToPath(new URL("../spec/dist/openrpc/das.json", import.meta.url)), "utf8"),
);
const getAsset = das.methods.find((m) => m.name === "getAsset");
const example = getAsset.examples.find((e) => e.name === "programmableNft") ?? getAsset.examples[0];
/** The example asset (an NFT), made the i-th of a page: its own id, and u64 values when `big`. */
const assetAt = (i, big) => {
  const asset = structuredClone(example.result.value);
  asset.id = `${asset.id.slice(0, 36)}${String(i).padStart(8, "1")}`;
  asset.content.metadata.name = `Solstice Sprites #${i}`;
  if (big)
    asset.token_info = {
      ...asset.token_info,
      supply: 18446744073709551615n - BigInt(i),
      balance: 9007199254740993n + BigInt(i),
      decimals: 9,
    };
  return asset;
};
const pageOf = (big) =>
  stringifyJson({
    jsonrpc: "2.0",
    id: "1",
    result: {
      last_indexed_slot: 311222333,
      total: 1000,
      limit: 1000,
      page: 1,
      items: Array.from({ length: 1000 }, (_, i) => assetAt(i, big(i))),
    },
  });
const pages = {
  "u64 > 2^53 in every asset": pageOf(() => true),
  "u64 > 2^53 in one asset": pageOf((i) => i === 500),
  "no integer > 2^53": pageOf(() => false),
};

const runs = Number(process.env.RUNS ?? 30);
const shape = { result: getAssetsByOwnerU64Shape };
let text = "";
const client = createDasClient({
  apiKey: "k",
  baseUrls: { rpc: "http://127.0.0.1:9" }, // (never reached: the stub answers)
  fetch: async (_url, init) =>
    new Response(text.replace('"id":"1"', `"id":${JSON.stringify(JSON.parse(init.body).id)}`), {
      headers: { "content-type": "application/json" },
    }),
});
const ways = {
  "JSON.parse": (body) => JSON.parse(body),
  parseJson: (body) => parseJson(body),
  "parseJson + reviveU64": (body) => reviveU64(parseJson(body), shape),
  // (The stub's own work, a replace and a Response of the text, is counted here too.)
  "getAssetsByOwner on a stub": () =>
    client.getAssetsByOwner({ ownerAddress: example.result.value.id }),
};

for (const [name, body] of Object.entries(pages)) {
  text = body;
  const megabytes = Buffer.byteLength(body) / 1e6;
  const times = Object.fromEntries(Object.keys(ways).map((way) => [way, []]));
  // Interleaved, so that a busy machine slows every way alike; the first 3 rounds warm up.
  for (let round = 0; round < runs + 3; round++)
    for (const [way, run] of Object.entries(ways)) {
      const started = performance.now();
      await run(body);
      if (round >= 3) times[way].push(performance.now() - started);
    }
  console.log(`${name} (${megabytes.toFixed(2)} MB)`);
  const [nativeMin] = times["JSON.parse"].sort((a, b) => a - b);
  for (const [way, list] of Object.entries(times)) {
    list.sort((a, b) => a - b);
    const [min, median] = [list[0], list[list.length >> 1]];
    const rate = (ms) => `${Math.round(megabytes / (ms / 1000))} MB/s`;
    console.log(
      `  ${way.padEnd(28)} min ${min.toFixed(1)} ms (${rate(min)}, ${(min / nativeMin).toFixed(2)}× JSON.parse)  median ${median.toFixed(1)} ms (${rate(median)})`,
    );
  }
}
