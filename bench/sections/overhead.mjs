// 2. Per-call overhead: getAsset against the loopback server, sequential and 64 in flight.
import { fmtSummary, rotate, runWorker, summary } from "../lib/util.mjs";

const CLIENTS = ["ours", "fetch", "fetch-timeout", "helius"];
const LABEL = {
  ours: "ours (`@chaindata/das`)",
  fetch: "raw `fetch`",
  "fetch-timeout": "raw `fetch` + a timeout signal",
  helius: "helius-sdk 3.2.0",
};

export async function overhead({ server, reps, calls, log }) {
  const modes = [
    { name: "sequential", concurrency: 1 },
    { name: "64 in flight", concurrency: 64 },
  ];
  const results = {}; // mode → client → [run]
  for (const mode of modes) {
    results[mode.name] = Object.fromEntries(CLIENTS.map((c) => [c, []]));
    for (let r = 0; r < reps; r++) {
      // A fresh process per run; the order of the clients rotates between repetitions.
      for (const client of rotate(CLIENTS, r)) {
        log(`overhead: ${mode.name} rep ${r + 1}/${reps} ${client}`);
        const run = await runWorker("calls", {
          url: server.url,
          client,
          n: calls,
          concurrency: mode.concurrency,
          warmup: 1000,
        });
        results[mode.name][client][r] = run;
      }
    }
  }

  const lines = [];
  const targets = [];
  lines.push(
    `${calls.toLocaleString("en-US")} getAsset calls per run against a \`node:http\` server in its own process (keep-alive, a fixed 2 kB asset body echoing the id), after 1,000 unmeasured warm-up calls; each run is a fresh Node process, ${reps} repetitions per configuration with the client order rotated. Every in-flight call asks for a different id (helius-sdk's transport coalesces identical in-flight requests). Latency is per call, issue → resolved value. Ratios are taken per repetition against the raw-fetch run of the same repetition, then summarised. **Target: ours ≥ 0.9 × raw fetch's throughput.**`,
  );
  lines.push("");
  lines.push(
    "| mode | client | calls/s | p50 latency | p99 latency | throughput ÷ raw fetch | target ≥ 0.9 |",
  );
  lines.push("|---|---|---:|---:|---:|---:|---|");
  for (const mode of modes) {
    const byClient = results[mode.name];
    for (const client of CLIENTS) {
      const runs = byClient[client];
      const ratios = runs.map((run, r) => run.callsPerSec / byClient.fetch[r].callsPerSec);
      const ratio = summary(ratios);
      const met = client === "ours" ? ratio.median >= 0.9 : null;
      lines.push(
        `| ${mode.name} | ${LABEL[client]} | ${fmtSummary(summary(runs.map((x) => x.callsPerSec)), "", 0)} | ${fmtSummary(summary(runs.map((x) => x.p50)), " ms", 3)} | ${fmtSummary(summary(runs.map((x) => x.p99)), " ms", 3)} | ${client === "fetch" ? "1 (reference)" : `${ratio.median.toFixed(3)} (${ratio.min.toFixed(3)}–${ratio.max.toFixed(3)})`} | ${met == null ? "—" : met ? "**met**" : "**missed**"} |`,
      );
      if (client === "ours") {
        targets.push({
          section: "Per-call overhead",
          name: `getAsset throughput, ${mode.name}: ours ≥ 0.9 × raw fetch`,
          target: "≥ 0.90",
          value: `${ratio.median.toFixed(3)} (${ratio.min.toFixed(3)}–${ratio.max.toFixed(3)}, n=${ratio.n})`,
          met,
        });
      }
    }
  }
  // Client time per call, from throughput: 1 / (calls/s), ours minus raw fetch, per repetition.
  const extra = (mode, client) => {
    const runs = results[mode][client];
    const s = summary(
      runs.map((x, r) => (1 / x.callsPerSec - 1 / results[mode].fetch[r].callsPerSec) * 1e6),
    );
    return fmtSummary(s, " µs", 0);
  };
  // Ours against the hand-written call that also carries a timeout signal, per repetition.
  const overTimeout = (mode) =>
    fmtSummary(
      summary(
        results[mode].ours.map(
          (x, r) => x.callsPerSec / results[mode]["fetch-timeout"][r].callsPerSec,
        ),
      ),
      "",
      3,
    );
  lines.push("");
  lines.push(
    `Time added per call over raw fetch, from throughput (1 / calls·s⁻¹, per repetition): ours — sequential ${extra("sequential", "ours")}, 64 in flight ${extra("64 in flight", "ours")}; helius-sdk — sequential ${extra("sequential", "helius")}, 64 in flight ${extra("64 in flight", "helius")}. With 64 in flight the client and the server each have one of the 2 cores, so the p50/p99 latencies there are mostly queueing.`,
  );
  lines.push("");
  lines.push(
    `The timeout row is raw fetch plus only what the issue's "timeouts through AbortSignal" requires: a fresh \`AbortController\` and a 60 s timer per call, the signal given to \`fetch\`. Node's fetch (undici) does more work for a request that carries a signal, so part of every timeout-honouring client's overhead is there before any SDK code runs. Ours ÷ that row: sequential ${overTimeout("sequential")}, 64 in flight ${overTimeout("64 in flight")}.`,
  );
  return {
    title: "2. Per-call overhead (getAsset, loopback)",
    markdown: lines.join("\n"),
    targets,
    raw: results,
  };
}
