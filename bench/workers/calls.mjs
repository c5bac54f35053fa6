// Per-call overhead: `n` getAsset calls against the loopback server, `concurrency` in flight,
// after `warmup` unmeasured calls. Prints { wallMs, callsPerSec, p50, p99, mean } (ms).
// Every in-flight call asks for a different asset id (helius-sdk's transport coalesces
// identical in-flight requests, which would otherwise flatter it).
import { makeGetAsset } from "./clients.mjs";
import { addresses, quantile } from "../lib/util.mjs";

const { url, client, n, concurrency, warmup } = JSON.parse(process.argv[2]);
const getAsset = await makeGetAsset(client, url);
const ids = addresses(1024, 7).map((id) => ({ id }));

async function run(count, latencies) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      const asset = await getAsset(ids[i & 1023]);
      if (latencies) latencies[i] = performance.now() - t0;
      if (!asset || typeof asset !== "object") throw new Error("bad result");
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

await run(warmup);
const latencies = new Float64Array(n);
const started = performance.now();
await run(n, latencies);
const wallMs = performance.now() - started;
latencies.sort();
let sum = 0;
for (const l of latencies) sum += l;
console.log(
  JSON.stringify({
    wallMs,
    callsPerSec: (n / wallMs) * 1000,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    mean: sum / n,
  }),
);
