// 3. Auto-batching: 1,000 concurrent getAsset calls, with `batch: createBatcher()` and without.
import { fmtSummary, rotate, runWorker, summary } from "../lib/util.mjs";

const CONFIGS = [
  { key: "batched", client: "ours", batch: true, label: "ours, `batch: createBatcher()`" },
  { key: "unbatched", client: "ours", batch: false, label: "ours, no batching (default)" },
  { key: "fetch", client: "fetch", batch: false, label: "raw `fetch` (one request per call)" },
  { key: "helius", client: "helius", batch: false, label: "helius-sdk 3.2.0 (no batching)" },
];

export async function batching({ server, reps, log }) {
  const calls = 1000;
  const results = Object.fromEntries(CONFIGS.map((c) => [c.key, []]));
  for (let r = 0; r < reps; r++) {
    for (const c of rotate(CONFIGS, r)) {
      log(`batching: rep ${r + 1}/${reps} ${c.key}`);
      results[c.key][r] = await runWorker("batch", {
        url: server.url,
        client: c.client,
        batch: c.batch,
        calls,
        warmup: 100,
      });
    }
  }
  const expected = Math.ceil(calls / 100);
  const lines = [];
  const targets = [];
  lines.push(
    `${calls.toLocaleString("en-US")} getAsset calls issued in the same tick (\`Promise.all\`), against the loopback server, which counts the HTTP requests it receives (counters reset after 100 warm-up calls). A fresh process per run, ${reps} repetitions, order rotated. Wall time is from the first call to the last result. Wall-time ratios are per repetition against the raw-fetch run. **Target (from the documented default \`maxSize: 100\`): \`batch: createBatcher()\` sends ⌈1000 / 100⌉ = ${expected} HTTP requests.**`,
  );
  lines.push("");
  lines.push(
    "| configuration | HTTP requests | JSON-RPC calls served | wall time | wall ÷ raw fetch | target |",
  );
  lines.push("|---|---:|---:|---:|---:|---|");
  for (const c of CONFIGS) {
    const runs = results[c.key];
    const req = summary(runs.map((x) => x.requests));
    const ratio = summary(runs.map((x, r) => x.wallMs / results.fetch[r].wallMs));
    const met =
      c.key === "batched"
        ? runs.every((x) => x.requests === expected && x.rpcCalls === calls)
        : null;
    lines.push(
      `| ${c.label} | ${fmtSummary(req, "", 0)} | ${fmtSummary(summary(runs.map((x) => x.rpcCalls)), "", 0)} | ${fmtSummary(summary(runs.map((x) => x.wallMs)), " ms", 0)} | ${c.key === "fetch" ? "1 (reference)" : fmtSummary(ratio)} | ${met == null ? "—" : `${expected} requests: ${met ? "**met**" : "**missed**"}`} |`,
    );
    if (met != null)
      targets.push({
        section: "Auto-batching",
        name: `1,000 concurrent getAsset with batch: createBatcher() → ${expected} HTTP requests`,
        target: `${expected} requests`,
        value: `${fmtSummary(req, "", 0)} requests, ${fmtSummary(summary(runs.map((x) => x.wallMs)), " ms", 0)}`,
        met,
      });
  }
  return {
    title: "3. Auto-batching (1,000 concurrent getAsset)",
    markdown: lines.join("\n"),
    targets,
    raw: results,
  };
}
