// 1. Bundle size per area: one-call programs bundled by esbuild and gzipped
// (bench/lib/programs.mjs).
import { areas, bundleSize, ESBUILD_FLAGS } from "../lib/programs.mjs";

const bytes = (b) => (b == null ? "n/a" : b.toLocaleString("en-US"));
const yes = (ok) => (ok == null ? "—" : ok ? "**met**" : "**missed**");

export async function size({ log }) {
  const rows = [];
  for (const [area, a] of Object.entries(areas)) {
    log(`size: ${area}`);
    const [ours, standalone, root, sub, hand] = await Promise.all(
      ["ours", "standalone", "heliusRoot", "heliusSubpath", "fetch"].map((k) =>
        a[k] ? bundleSize(a[k]) : null,
      ),
    );
    // esbuild output is byte-stable: bundle once more and check, instead of quoting a spread of one
    // value.
    const again = await bundleSize(a.ours);
    if (again.gz !== ours.gz)
      throw new Error(`${area}: bundle size not reproducible (${ours.gz} vs ${again.gz})`);
    for (const [form, s] of [
      ["client", ours],
      ["standalone", standalone],
    ]) {
      if (!s) continue;
      rows.push({
        area,
        call: a.call,
        pkg: a.pkg,
        form,
        min: s.min,
        gz: s.gz,
        parts: s.parts,
        rootGz: root?.gz,
        subGz: sub?.gz,
        subName: a.heliusSubpathName,
        fetchGz: hand.gz,
        fetchMin: hand.min,
      });
    }
  }
  const split = await bundleSize(areas.das.heliusRoot, { splitting: true });

  const targets = [];
  const lines = [];
  lines.push(
    `Each program makes one call (\`bench/lib/programs.mjs\`), bundled with esbuild's JS API (\`${ESBUILD_FLAGS}\`) from the built \`dist/\`, then gzipped (level 9). Sizes are deterministic (each bundle is built twice and checked equal), so no spread is quoted. "client" = the package's \`createXClient()\` as in the README; "standalone" = the tree-shakable \`createXRpc()\` + per-method function of the JSON-RPC packages. Targets: **≤ 1/20 of helius-sdk's root import** and **≤ 3 kB over hand-written fetch** (kB = 1,000 B).`,
  );
  lines.push("");
  lines.push(
    "| area · call | form | ours min | ours gz | where the min bytes come from | helius-sdk root gz | ours ÷ root | ≤ 1/20 root | helius-sdk subpath gz | hand-written fetch gz | ours − fetch | ≤ fetch + 3 kB |",
  );
  lines.push("|---|---|---:|---:|---|---:|---:|---|---:|---:|---:|---|");
  for (const r of rows) {
    const ratio = r.rootGz ? r.gz / r.rootGz : null;
    const rootOk = ratio == null ? null : ratio <= 1 / 20;
    const over = r.gz - r.fetchGz;
    const fetchOk = over <= 3000;
    const from = Object.entries(r.parts)
      .filter(([k]) => k !== "program")
      .sort((x, y) => y[1] - x[1])
      .map(([k, v]) => `${k.replace("@chaindata/", "")} ${bytes(v)}`)
      .join(", ");
    lines.push(
      `| ${r.area} · \`${r.call}\` | ${r.form} | ${bytes(r.min)} | **${bytes(r.gz)}** | ${from} | ${bytes(r.rootGz)} | ${ratio == null ? "n/a (no such call)" : `${ratio.toFixed(3)} (1/${(1 / ratio).toFixed(1)})`} | ${yes(rootOk)} | ${r.subGz == null ? "n/a" : `${bytes(r.subGz)} (\`${r.subName}\`)`} | ${bytes(r.fetchGz)} | +${bytes(over)} | ${yes(fetchOk)} |`,
    );
    if (rootOk != null)
      targets.push({
        section: "Bundle size",
        name: `${r.area} ${r.call} (${r.form}) ≤ 1/20 of helius-sdk root`,
        target: `≤ ${bytes(Math.floor(r.rootGz / 20))} B gz`,
        value: `${bytes(r.gz)} B gz (1/${(1 / ratio).toFixed(1)})`,
        met: rootOk,
      });
    targets.push({
      section: "Bundle size",
      name: `${r.area} ${r.call} (${r.form}) ≤ hand-written fetch + 3 kB`,
      target: `≤ ${bytes(r.fetchGz + 3000)} B gz`,
      value: `${bytes(r.gz)} B gz (+${bytes(over)})`,
      met: fetchOk,
    });
  }
  const das = rows.filter((r) => r.area === "das");
  const lean = await bundleSize(areas.das.leanReference);
  lines.push("");
  lines.push("**The issue's own budget — DAS getAsset program ≤ 4 kB gzipped, aim 2.5 kB:**");
  lines.push("");
  lines.push("| program | gz | ≤ 4 kB (4,000 B) | ≤ 2.5 kB aim (2,500 B) |");
  lines.push("|---|---:|---|---|");
  lines.push(
    `| reference: getAsset on \`bench/reference/lean-rpc.mjs\` (a rewrite for size with the issue's features only; not a package) | ${bytes(lean.gz)} | ${lean.gz <= 4000 ? "under" : "over"} by ${bytes(Math.abs(4000 - lean.gz))} B | ${lean.gz <= 2500 ? "under" : "over"} |`,
  );
  for (const r of das) {
    lines.push(
      `| getAsset (${r.form}) | ${bytes(r.gz)} | ${yes(r.gz <= 4000)} (${r.gz <= 4000 ? "under" : "over"} by ${bytes(Math.abs(4000 - r.gz))} B) | ${yes(r.gz <= 2500)} |`,
    );
    targets.push({
      section: "Bundle size",
      name: `issue budget: das getAsset (${r.form}) ≤ 4 kB gz`,
      target: "≤ 4,000 B gz (aim 2,500)",
      value: `${bytes(r.gz)} B gz`,
      met: r.gz <= 4000,
    });
  }
  lines.push("");
  lines.push(
    `Notes. helius-sdk's root client loads its namespaces with dynamic \`import()\`; without \`--splitting\` esbuild inlines them, so the root figure is the whole SDK plus the parts of \`@solana/kit\` it uses. With \`--splitting\` the same getAsset program is ${split.files} files, ${bytes(split.gz)} B gz in all, of which ${bytes(split.initialGz)} B gz load before the first call (entry chunk and its static imports; \`@solana/kit\` is a static import). The JSON-RPC subpath modules (\`rpc/methods/*\`, \`zk/methods/*\`) export \`makeX(call)\` and need a caller: the programs use the SDK's own \`makeRpcCaller\` code (not exported) over \`createDefaultRpcTransport\` from \`@solana/kit\`, as \`createHelius\` wires it. The sender's root program calls \`helius.tx.sendTransaction\` (the root client has no "send a signed transaction to Sender" call; the bundle is the same whichever method is called). helius-sdk 3.2.0 has no token-metadata call.`,
  );
  return {
    title: "1. Bundle size per area",
    markdown: lines.join("\n"),
    targets,
    raw: { rows, split, lean },
  };
}
