#!/usr/bin/env node
// `npm run bench`: every benchmark, side by side in one run, written to BENCHMARKS.md.
//
//   npm run bench                          everything (≈ 4–5 min on 2 cores), writes BENCHMARKS.md
//   node bench/run.mjs --quick             fewer repetitions and calls (a smoke run, ≈ 1 min)
//   node bench/run.mjs --only size,batching   some sections; prints the markdown instead of
//                                          writing BENCHMARKS.md (unless --out is given)
//   node bench/run.mjs --out FILE --json FILE   where to write the report / the raw figures
//
// Sections: size, overhead, batching, pagination, large, tooling. Benchmarks, not tests: every
// figure is a median with its spread over several repetitions (the machine is shared and noisy),
// with a ratio to a reference, and each target is reported as met or missed — nothing fails.
// The loopback server (bench/server.mjs) and every measured client run in separate processes.
import { execSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { repoRoot, startServer, timeCommand } from "./lib/util.mjs";
import { size } from "./sections/size.mjs";
import { overhead } from "./sections/overhead.mjs";
import { batching } from "./sections/batching.mjs";
import { pagination } from "./sections/pagination.mjs";
import { large } from "./sections/large.mjs";
import { tooling } from "./sections/tooling.mjs";

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    out: { type: "string" },
    json: { type: "string" },
  },
});
const ALL = ["size", "overhead", "batching", "pagination", "large", "tooling"];
const only = args.only ? args.only.split(",").map((s) => s.trim()) : ALL;
for (const s of only)
  if (!ALL.includes(s)) throw new Error(`unknown section "${s}" (one of ${ALL.join(", ")})`);
const out = args.out ?? (args.only ? undefined : `${repoRoot}BENCHMARKS.md`);

const q = args.quick;
const plan = {
  overhead: { reps: q ? 2 : 3, calls: q ? 5000 : 20_000 },
  batching: { reps: q ? 2 : 5 },
  pagination: { reps: q ? 1 : 3 },
  large: { reps: q ? 2 : 5 },
  tooling: { reps: q ? 1 : 3, importReps: q ? 3 : 7 },
};

const t0 = performance.now();
const log = (msg) =>
  process.stderr.write(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${msg}\n`);

// The benchmarks use the built packages: build first (turbo-cached, normally instant).
log("build: npx turbo run build");
const built = await timeCommand("npx", ["turbo", "run", "build", "--output-logs=errors-only"], {
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
});
if (built.code !== 0)
  throw new Error(`build failed:\n${built.stdout.slice(-2000)}\n${built.stderr.slice(-2000)}`);

const machine = machineInfo();
const load0 = os.loadavg();
const sections = [];
const server = ["overhead", "batching", "pagination", "large"].some((s) => only.includes(s))
  ? await startServer()
  : null;
try {
  for (const name of only) {
    const started = performance.now();
    log(`section: ${name}`);
    const fn = { size, overhead, batching, pagination, large, tooling }[name];
    const result = await fn({ server, log, ...plan[name] });
    result.seconds = (performance.now() - started) / 1000;
    sections.push(result);
  }
} finally {
  await server?.stop();
}
const load1 = os.loadavg();
const totalSeconds = (performance.now() - t0) / 1000;

const md = report();
if (out) {
  writeFileSync(out, md);
  log(`wrote ${out}`);
} else {
  process.stdout.write(md);
}
if (args.json)
  writeFileSync(
    args.json,
    JSON.stringify(
      { machine, plan, sections },
      (k, v) => (typeof v === "bigint" ? String(v) : v),
      2,
    ),
  );
log(`done in ${totalSeconds.toFixed(0)} s`);

function machineInfo() {
  const pkgs = {};
  for (const d of readdirSync(`${repoRoot}packages`)) {
    const p = JSON.parse(readFileSync(`${repoRoot}packages/${d}/package.json`, "utf8"));
    // (The published packages only: the docs site is private, and versioned apart.)
    if (!p.private) pkgs[p.name] = p.version;
  }
  const version = (name) =>
    JSON.parse(readFileSync(`${repoRoot}node_modules/${name}/package.json`, "utf8")).version;
  const sh = (cmd) => {
    try {
      return execSync(cmd, {
        cwd: repoRoot,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim();
    } catch {
      return "unknown";
    }
  };
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? "unknown",
    cores: os.availableParallelism?.() ?? cpus.length,
    memoryGB: os.totalmem() / 1024 ** 3,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    npm: sh("npm -v"),
    packages: pkgs,
    reference: { "helius-sdk": version("helius-sdk"), "@solana/kit": version("@solana/kit") },
    esbuild: version("esbuild"),
    git: `${sh("git rev-parse --short HEAD")}${sh("git status --porcelain") ? " + uncommitted changes" : ""}`,
    date: new Date().toISOString(),
  };
}

function report() {
  const L = [];
  const ours = [...new Set(Object.values(machine.packages))].join(", ");
  L.push("# Benchmarks");
  L.push("");
  L.push(
    `Generated by \`npm run bench\` (\`bench/run.mjs\`)${q ? " in **--quick** mode (fewer repetitions; not for quoting)" : ""}${args.only ? ` — sections: ${only.join(", ")}` : ""}. Do not edit by hand: re-run it. Benchmarks, not timed tests: nothing here fails a build (the bundle-size budgets are enforced separately by \`test/size/size.test.ts\` in \`npm test\`).`,
  );
  L.push("");
  L.push("## Machine");
  L.push("");
  L.push("| | |");
  L.push("|---|---|");
  L.push(`| date | ${machine.date} |`);
  L.push(`| CPU | ${machine.cpu}, ${machine.cores} cores (shared, noisy) |`);
  L.push(`| memory | ${machine.memoryGB.toFixed(1)} GB |`);
  L.push(`| OS | ${machine.os} |`);
  L.push(`| Node / npm | ${machine.node} / ${machine.npm} |`);
  L.push(
    `| chaindata packages | ${Object.keys(machine.packages).length} packages, version ${ours} (git ${machine.git}) |`,
  );
  L.push(
    `| reference | helius-sdk ${machine.reference["helius-sdk"]} (with @solana/kit ${machine.reference["@solana/kit"]}); esbuild ${machine.esbuild} |`,
  );
  L.push(
    `| load average (1 min) | ${load0[0].toFixed(2)} at start, ${load1[0].toFixed(2)} at end |`,
  );
  L.push(
    `| run time | ${totalSeconds.toFixed(0)} s in all (${sections
      .map(
        (s) =>
          `${s.title
            .replace(/^\d+\. /, "")
            .replace(/ \(.*/, "")
            .toLowerCase()} ${s.seconds.toFixed(0)} s`,
      )
      .join(", ")}) |`,
  );
  L.push("");
  L.push(
    "Figures are **median (min–max, n = repetitions)**. Each repetition runs the compared clients back to back in fresh processes, in rotating order, and ratios are computed per repetition before being summarised.",
  );
  L.push("");
  L.push("## Targets");
  L.push("");
  L.push("| section | target | required | measured | |");
  L.push("|---|---|---|---|---|");
  for (const s of sections)
    for (const t of s.targets)
      L.push(
        `| ${t.section} | ${t.name} | ${t.target} | ${t.value} | ${t.met ? "✅ met" : "❌ missed"} |`,
      );
  const all = sections.flatMap((s) => s.targets);
  L.push("");
  L.push(`${all.filter((t) => t.met).length} of ${all.length} targets met.`);
  for (const s of sections) {
    L.push("");
    L.push(`## ${s.title}`);
    L.push("");
    L.push(s.markdown);
  }
  L.push("");
  L.push("## Method notes and known gaps");
  L.push("");
  L.push(
    "- Everything runs on one shared 2-core machine: the loopback server and the measured client each get about one core, and other work on the machine shows up as spread (see the load average above). Loopback latencies are a floor, not what the hosted API gives; they measure client overhead, not the network.",
  );
  L.push(
    "- The loopback server answers fixed bodies taken from the spec's examples; it does not validate requests (the Prism mock does that, and is far too slow to benchmark a client against).",
  );
  L.push(
    "- Sizes are for the built `dist/` at the time of the run; other work on `@chaindata/core` changes them. The budgets in `test/size/budgets.json` are reset with `node bench/size-budgets.mjs --write`.",
  );
  L.push(
    "- helius-sdk is driven through its public API: `createHelius({ apiKey, baseUrl })` for JSON-RPC; its REST helpers (webhooks) have their URL built in and are redirected to the loopback server by a wrapping `fetch`. Its per-method JSON-RPC subpaths need a caller, supplied as described in section 1.",
  );
  L.push(
    "- Memory figures come from `process.memoryUsage()` sampling (every 5 ms and at page boundaries), so short spikes between samples can be missed; the post-GC live heap is exact at the points it is taken.",
  );
  L.push("");
  L.push("## How to run");
  L.push("");
  L.push("```sh");
  L.push("npm run bench                      # everything; writes BENCHMARKS.md");
  L.push("node bench/run.mjs --quick         # smoke run with fewer repetitions");
  L.push(
    "node bench/run.mjs --only size     # some sections (size, overhead, batching, pagination, large, tooling); prints instead of writing",
  );
  L.push("npx vitest run test/size           # the bundle-size budgets (also part of npm test)");
  L.push(
    "node bench/size-budgets.mjs        # print today's sizes beside the budgets; --write to reset them",
  );
  L.push("```");
  L.push("");
  return L.join("\n");
}
