// Large inputs, against the loopback server:
//   webhook:    createWebhook with `count` (100,000) account addresses
//   assetBatch: getAssetBatch with `count` (1,000) ids (the server answers 1,000 assets)
// for client ours | fetch | helius. A wrapping fetch marks when the request leaves the client:
// `preSendMs` (call start → fetch invoked) is validation + serialisation (+ request set-up), and
// `sendHeapMB` is the heap then, above a forced-GC baseline taken with the input already built
// (the request body and whatever copies are still alive). `totalMs` is the whole call.
// Run with --expose-gc. Prints { preSendMs, totalMs, sendHeapMB, peakRssMB, bodyBytes }.
import { addresses } from "../lib/util.mjs";

const { url, client, op, count } = JSON.parse(process.argv[2]);
const MB = 1024 * 1024;
const realFetch = globalThis.fetch;
let sentAt = 0;
let sendHeap = 0;
let bodyBytes = 0;
const marking =
  (rewrite = (u) => u) =>
  (input, init) => {
    sentAt = performance.now();
    sendHeap = process.memoryUsage().heapUsed;
    const body = init?.body ?? (input instanceof Request ? null : undefined);
    bodyBytes = typeof body === "string" ? Buffer.byteLength(body) : (body?.byteLength ?? 0);
    if (input instanceof Request) {
      // openapi-fetch hands over a Request: count its body without consuming the original.
      return input
        .clone()
        .arrayBuffer()
        .then((b) => {
          bodyBytes = b.byteLength;
          return realFetch(new Request(rewrite(input.url), input), init);
        });
    }
    return realFetch(rewrite(String(input)), init);
  };

const webhookInput = (addrs) => ({
  webhookURL: "https://example.com/hook",
  transactionTypes: ["ANY"],
  accountAddresses: addrs,
  webhookType: "enhanced",
});

let call;
if (op === "webhook") {
  if (client === "ours") {
    const { createWebhooksClient } = await import("@chaindata/webhooks");
    const c = createWebhooksClient({ apiKey: "k", baseUrls: { api: url }, fetch: marking() });
    call = (addrs) => c.createWebhook(webhookInput(addrs));
  } else if (client === "fetch") {
    globalThis.fetch = marking();
    call = async (addrs) => {
      const res = await fetch(`${url}/v0/webhooks?api-key=k`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(webhookInput(addrs)),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.json();
    };
  } else {
    // helius-sdk's createWebhook has its URL built in: point it at the loopback server.
    const { createWebhook } = await import("helius-sdk/webhooks/createWebhook");
    globalThis.fetch = marking((u) => u.replace("https://api-mainnet.helius-rpc.com", url));
    call = (addrs) => createWebhook("k", webhookInput(addrs));
  }
} else {
  if (client === "ours") {
    const { createDasClient } = await import("@chaindata/das");
    const das = createDasClient({ apiKey: "k", baseUrls: { rpc: url }, fetch: marking() });
    call = (ids) => das.getAssetBatch({ ids });
  } else if (client === "fetch") {
    globalThis.fetch = marking();
    call = async (ids) => {
      const res = await fetch(`${url}/?api-key=k`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getAssetBatch", params: { ids } }),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = await res.json();
      if (body.error) throw new Error(body.error.message);
      return body.result;
    };
  } else {
    const { createHelius } = await import("helius-sdk");
    globalThis.fetch = marking();
    const helius = createHelius({ apiKey: "k", baseUrl: `${url}/` });
    call = (ids) => helius.getAssetBatch({ ids });
  }
}

// Warm-up with a small input (JIT, connection, lazy imports), then one measured call.
const check = (r) => {
  if (op === "webhook" ? !r?.webhookID : !Array.isArray(r))
    throw new Error(`bad result: ${JSON.stringify(r)?.slice(0, 200)}`);
};
check(await call(addresses(op === "webhook" ? 1000 : 10, 3)));
const input = addresses(count, 5);
globalThis.gc();
globalThis.gc();
const m0 = process.memoryUsage();
let peakRss = m0.rss;
const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 2);
const started = performance.now();
const result = await call(input);
const totalMs = performance.now() - started;
clearInterval(timer);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
check(result);
if (op === "assetBatch" && result.length !== count) throw new Error(`got ${result.length} assets`);
console.log(
  JSON.stringify({
    preSendMs: sentAt - started,
    totalMs,
    sendHeapMB: (sendHeap - m0.heapUsed) / MB,
    peakRssMB: (peakRss - m0.rss) / MB,
    bodyBytes,
  }),
);
