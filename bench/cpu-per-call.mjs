#!/usr/bin/env node
// The SDK's own CPU time per getAsset call, without a network: our client and a hand-written
// call (as in bench/workers/clients.mjs) on the same in-process `fetch` stub, one call at a time.
// The difference is what the SDK adds per call (validation, the timeout and abort race, lossless
// JSON, the answer checks). Steadier than the loopback ratio of `npm run bench`, where the
// server's and undici's costs and the machine's noise come on top. Not part of `npm run bench`.
//
//   node bench/cpu-per-call.mjs        (after `npx turbo run build`)
//   node --cpu-prof bench/cpu-per-call.mjs ours   a CPU profile of our calls alone
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createDasClient } from "@chaindata/das";

const das = JSON.parse(
  readFileSync(fileURLToPath(new URL("../spec/dist/openrpc/das.json", import.meta.url)), "utf8"),
);
const getAsset = das.methods.find((m) => m.name === "getAsset");
const example = getAsset.examples.find((e) => e.name === "programmableNft") ?? getAsset.examples[0];
const ASSET = JSON.stringify(example.result.value);

/** Answers every request with the asset, its id echoed: the work of a `fetch` that is not ours. */
const stub = async (_url, init) => {
  const { id } = JSON.parse(init.body);
  return new Response(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${ASSET}}`, {
    headers: { "content-type": "application/json" },
  });
};

const ours = createDasClient({ apiKey: "k", baseUrls: { rpc: "https://x.test" }, fetch: stub });
let lastId = 0;
const handWritten = async (params) => {
  const res = await stub("http://x.test/?api-key=k", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: ++lastId, method: "getAsset", params }),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = await res.json();
  if (body.error) throw new Error(body.error.message);
  return body.result;
};

const CALLS = 30_000;
const params = { id: "F9Lw3ki3hJ7PF9HQXsBzoY8GXLgdnNY1qcfTaTjGTTb3" };
/** Microseconds per call, after 5,000 unmeasured calls. */
async function measure(call) {
  for (let i = 0; i < 5_000; i++) await call(params);
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) await call(params);
  return ((performance.now() - started) / CALLS) * 1000;
}

const only = process.argv[2];
const results = {};
for (let round = 0; round < 3; round++)
  for (const [name, call] of [
    ["hand-written", handWritten],
    ["ours", (p) => ours.getAsset(p)],
  ])
    if (!only || only === name) (results[name] ??= []).push(await measure(call));
const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
for (const [name, values] of Object.entries(results))
  console.log(`${name.padEnd(13)} ${median(values).toFixed(1)} µs per call (median of 3)`);
if (results.ours && results["hand-written"])
  console.log(
    `the SDK adds  ${(median(results.ours) - median(results["hand-written"])).toFixed(1)} µs per call`,
  );
