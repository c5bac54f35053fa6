// Pagination at scale: walks `pages` pages of `limit` assets from the loopback server
// (the path `/t<total>` sets how many exist) and samples memory during the walk.
//   ours:  for await (const asset of das.getAssetsByOwner.all({ ownerAddress, limit }))
//   fetch: a hand-written page loop (fetch + res.json(), stop on a short or empty page)
// Run with --expose-gc. Prints { wallMs, items, peakHeapMB, peakRssMB, liveHeapMB, baseHeapMB,
// baseRssMB }: peaks (sampled every 5 ms and every 250 items, garbage included) are above the
// baseline taken after a forced GC just before the timed walk; liveHeapMB comes from a second,
// untimed walk with a forced GC at every page boundary.
import { rawRpc } from "./clients.mjs";

const { url, client, pages, limit } = JSON.parse(process.argv[2]);
const total = pages * limit;
const ownerAddress = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const { createDasClient } = client === "ours" ? await import("@chaindata/das") : {};

/** A function starting a fresh walk over every asset of `totalAssets`. */
function makeWalk(totalAssets) {
  const base = `${url}/t${totalAssets}`;
  if (client === "ours") {
    const das = createDasClient({ apiKey: "k", baseUrls: { rpc: base } });
    return () => das.getAssetsByOwner.all({ ownerAddress, limit });
  }
  const rpc = rawRpc(base);
  return async function* () {
    for (let page = 1; ; page++) {
      const result = await rpc("getAssetsByOwner", { ownerAddress, page, limit });
      yield* result.items;
      if (result.items.length < limit) return;
    }
  };
}

// Warm up (JIT, connection) on a 2-page walk, then measure from a clean heap.
for await (const _ of makeWalk(2 * limit)());
const walk = makeWalk(total);

globalThis.gc();
globalThis.gc();
const m0 = process.memoryUsage();
let peakHeap = m0.heapUsed;
let peakRss = m0.rss;
const sample = () => {
  const m = process.memoryUsage();
  if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
  if (m.rss > peakRss) peakRss = m.rss;
};
const timer = setInterval(sample, 5);
let items = 0;
const started = performance.now();
for await (const asset of walk()) {
  if (++items % 250 === 0) sample();
  if (!asset.id) throw new Error("bad item");
}
const wallMs = performance.now() - started;
clearInterval(timer);
sample();
if (items !== total) throw new Error(`walked ${items} items, expected ${total}`);

// Second walk, untimed: a forced GC at every page boundary (while the iterator holds the
// current page), so `liveHeap` is what the walk really keeps alive — one page, or all of them.
globalThis.gc();
const l0 = process.memoryUsage().heapUsed;
let liveHeap = 0;
let seen = 0;
for await (const asset of walk()) {
  if (++seen % limit === 0) {
    globalThis.gc();
    liveHeap = Math.max(liveHeap, process.memoryUsage().heapUsed - l0);
  }
  if (!asset.id) throw new Error("bad item");
}
if (seen !== total) throw new Error(`second walk: ${seen} items, expected ${total}`);
const MB = 1024 * 1024;
console.log(
  JSON.stringify({
    wallMs,
    items,
    peakHeapMB: (peakHeap - m0.heapUsed) / MB,
    peakRssMB: (peakRss - m0.rss) / MB,
    liveHeapMB: liveHeap / MB,
    baseHeapMB: m0.heapUsed / MB,
    baseRssMB: m0.rss / MB,
  }),
);
