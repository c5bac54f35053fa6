// 4. Pagination at scale: das.getAssetsByOwner.all() over 10 and 100 pages of 1,000 assets.
import { fmt, fmtSummary, rotate, runWorker, summary } from "../lib/util.mjs";

export async function pagination({ server, reps, log }) {
  const limit = 1000;
  const configs = [];
  for (const pages of [10, 100])
    for (const client of ["ours", "fetch"])
      configs.push({ pages, client, key: `${client}-${pages}` });
  const results = Object.fromEntries(configs.map((c) => [c.key, []]));
  for (let r = 0; r < reps; r++) {
    for (const c of rotate(configs, r)) {
      log(`pagination: rep ${r + 1}/${reps} ${c.key}`);
      results[c.key][r] = await runWorker(
        "paginate",
        { url: server.url, client: c.client, pages: c.pages, limit },
        { nodeArgs: ["--expose-gc"], timeoutMs: 180_000 },
      );
    }
  }
  const pageBytes = await (async () => {
    const res = await fetch(`${server.url}/t${2 * limit}/`, {
      method: "POST",
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "getAssetsByOwner",
        params: { page: 1, limit },
      }),
    });
    return (await res.arrayBuffer()).byteLength;
  })();

  const lines = [];
  const targets = [];
  lines.push(
    `Walks every asset of an owner with \`for await (const a of das.getAssetsByOwner.all({ ownerAddress, limit: 1000 }))\` against the loopback server (1,000 assets per page, ${(pageBytes / 1e6).toFixed(2)} MB of JSON per page, u64 supplies included; the walk ends on the empty page after the last), beside a hand-written page loop over raw \`fetch\` + \`res.json()\`. A fresh \`node --expose-gc\` process per run, GC forced before the walk, ${reps} repetitions, order rotated. *Peak heap* / *peak RSS*: sampled every 5 ms and every 250 items during the timed walk, above the post-GC baseline (garbage not yet collected included). *Live heap*: a second, untimed walk with a GC forced at every page boundary — what the walk actually keeps alive. **Target: memory bounded by one page — live heap at 100 pages within 1.25 × (+1 MB) of 10 pages, not growing with the total.**`,
  );
  lines.push("");
  lines.push(
    "| client | pages (assets) | wall time | assets/s | wall ÷ raw fetch | peak heap | peak RSS | live heap (post-GC) |",
  );
  lines.push("|---|---|---:|---:|---:|---:|---:|---:|");
  for (const c of configs) {
    const runs = results[c.key];
    const ratio = summary(runs.map((x, r) => x.wallMs / results[`fetch-${c.pages}`][r].wallMs));
    lines.push(
      `| ${c.client === "ours" ? "ours `.all()`" : "raw `fetch` loop"} | ${c.pages} (${(c.pages * limit).toLocaleString("en-US")}) | ${fmtSummary(summary(runs.map((x) => x.wallMs)), " ms", 0)} | ${fmtSummary(summary(runs.map((x) => (x.items / x.wallMs) * 1000)), "", 0)} | ${c.client === "fetch" ? "1 (reference)" : fmtSummary(ratio)} | ${fmtSummary(summary(runs.map((x) => x.peakHeapMB)), " MB", 1)} | ${fmtSummary(summary(runs.map((x) => x.peakRssMB)), " MB", 1)} | ${fmtSummary(summary(runs.map((x) => x.liveHeapMB)), " MB", 1)} |`,
    );
  }
  for (const client of ["ours", "fetch"]) {
    const l10 = summary(results[`${client}-10`].map((x) => x.liveHeapMB)).median;
    const l100 = summary(results[`${client}-100`].map((x) => x.liveHeapMB)).median;
    const p10 = summary(results[`${client}-10`].map((x) => x.peakHeapMB)).median;
    const p100 = summary(results[`${client}-100`].map((x) => x.peakHeapMB)).median;
    if (client === "ours") {
      const met = l100 <= l10 * 1.25 + 1;
      targets.push({
        section: "Pagination",
        name: "getAssetsByOwner.all(): memory bounded by one page (100 vs 10 pages)",
        target: "live heap(100 pages) ≤ 1.25 × live heap(10 pages) + 1 MB",
        value: `live ${fmt(l10)} → ${fmt(l100)} MB; peak ${fmt(p10, 1)} → ${fmt(p100, 1)} MB (10× the assets)`,
        met,
      });
    }
    lines.push("");
    lines.push(
      `${client === "ours" ? "Ours" : "Raw fetch"}: 10× the assets → live heap ×${fmt(l100 / l10)}, sampled peak heap ×${fmt(p100 / p10)} (the peak includes garbage awaiting collection, so it depends on when V8 collects; it levels off instead of growing 10×).`,
    );
  }
  return {
    title: "4. Pagination at scale (100,000 assets, 100 pages)",
    markdown: lines.join("\n"),
    targets,
    raw: { results, pageBytes },
  };
}
