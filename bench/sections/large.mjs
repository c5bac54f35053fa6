// 5. Large inputs: createWebhook with 100,000 addresses, getAssetBatch with 1,000 ids.
import { fmtSummary, rotate, runWorker, summary } from "../lib/util.mjs";

const CLIENTS = ["ours", "fetch", "helius"];
const LABEL = { ours: "ours", fetch: "raw `fetch` + `JSON.stringify`", helius: "helius-sdk 3.2.0" };
const OPS = [
  {
    op: "webhook",
    count: 100_000,
    title: "createWebhook, 100,000 `accountAddresses` (`@chaindata/webhooks`)",
  },
  {
    op: "assetBatch",
    count: 1000,
    title: "getAssetBatch, 1,000 ids (`@chaindata/das`; the server answers 1,000 assets)",
  },
];

export async function large({ server, reps, log }) {
  const results = {};
  for (const o of OPS) {
    results[o.op] = Object.fromEntries(CLIENTS.map((c) => [c, []]));
    for (let r = 0; r < reps; r++) {
      for (const client of rotate(CLIENTS, r)) {
        log(`large: ${o.op} rep ${r + 1}/${reps} ${client}`);
        results[o.op][client][r] = await runWorker(
          "large",
          { url: server.url, client, op: o.op, count: o.count },
          { nodeArgs: ["--expose-gc"] },
        );
      }
    }
  }
  const lines = [];
  lines.push(
    `One call per fresh \`node --expose-gc\` process, after a small warm-up call, against the loopback server; ${reps} repetitions, order rotated. Addresses are distinct, valid base58 (44 characters). A wrapping \`fetch\` marks when the request leaves the client: *before send* = call start → \`fetch\` invoked, i.e. validation (ours: every address against the spec's base58 pattern, \`maxItems\`) + serialisation + request set-up; *heap at send* = heap in use at that moment above a post-GC baseline taken with the input already built (request body plus any copies still alive). helius-sdk's createWebhook has its URL built in; it is redirected to the loopback server inside the wrapping fetch. Ratios are per repetition against raw fetch. No target is set for this section in the brief; the figures show the cost of validation and lossless serialisation.`,
  );
  for (const o of OPS) {
    lines.push("");
    lines.push(`**${o.title}**`);
    lines.push("");
    lines.push(
      "| client | before send (validate + serialise) | ÷ raw fetch | whole call | ÷ raw fetch | heap at send | peak RSS growth | request body |",
    );
    lines.push("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (const client of CLIENTS) {
      const runs = results[o.op][client];
      const ref = results[o.op].fetch;
      const r1 = summary(runs.map((x, i) => x.preSendMs / ref[i].preSendMs));
      const r2 = summary(runs.map((x, i) => x.totalMs / ref[i].totalMs));
      lines.push(
        `| ${LABEL[client]} | ${fmtSummary(summary(runs.map((x) => x.preSendMs)), " ms", 2)} | ${client === "fetch" ? "1" : fmtSummary(r1, "×", 1)} | ${fmtSummary(summary(runs.map((x) => x.totalMs)), " ms", 1)} | ${client === "fetch" ? "1" : fmtSummary(r2, "×", 2)} | ${fmtSummary(summary(runs.map((x) => x.sendHeapMB)), " MB", 1)} | ${fmtSummary(summary(runs.map((x) => x.peakRssMB)), " MB", 1)} | ${(runs[0].bodyBytes / 1e6).toFixed(2)} MB |`,
      );
    }
  }
  return { title: "5. Large inputs", markdown: lines.join("\n"), targets: [], raw: results };
}
