// Auto-batching: `calls` concurrent getAsset calls (all issued in the same tick), with our
// client's `batch: createBatcher()` or without it, or through raw fetch / helius-sdk. The server
// counts the HTTP requests. Prints { wallMs, requests, rpcCalls }.
import { createBatcher } from "@chaindata/das";
import { makeGetAsset } from "./clients.mjs";
import { addresses } from "../lib/util.mjs";

const { url, client, batch, calls, warmup } = JSON.parse(process.argv[2]);
const getAsset = await makeGetAsset(client, url, batch ? { batch: createBatcher() } : {});
const ids = addresses(calls, 11).map((id) => ({ id }));
const burst = async (count) => {
  const results = await Promise.all(ids.slice(0, count).map((p) => getAsset(p)));
  if (results.some((r) => !r || typeof r !== "object")) throw new Error("bad result");
};

await burst(warmup);
await fetch(`${url}/__reset`, { method: "POST" });
const started = performance.now();
await burst(calls);
const wallMs = performance.now() - started;
const { requests, rpcCalls } = await (await fetch(`${url}/__stats`)).json();
console.log(JSON.stringify({ wallMs, requests, rpcCalls }));
