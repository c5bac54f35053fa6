// 6. Tooling: spec bundle + generate, cold import of each package, mock start-up.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fmt, fmtSummary, repoRoot, rotate, summary, timeCommand } from "../lib/util.mjs";

/** The public packages (not the private docs tool), by name. */
export function publicPackages() {
  return readdirSync(`${repoRoot}packages`)
    .map((d) => JSON.parse(readFileSync(`${repoRoot}packages/${d}/package.json`, "utf8")))
    .filter((p) => !p.private)
    .map((p) => p.name)
    .sort();
}

/** Fresh `node -e` process importing `spec`: in-process import ms and whole-process ms. */
async function coldImport(spec) {
  const code = `const t = performance.now(); import(${JSON.stringify(spec)}).then(() => console.log(performance.now() - t))`;
  const r = await timeCommand(process.execPath, ["-e", code]);
  if (r.code !== 0) throw new Error(`import('${spec}') failed: ${r.stderr.slice(-500)}`);
  return { importMs: Number(r.stdout.trim()), processMs: r.ms };
}

/** `startMock()` in a fresh process: import + start → listening. */
async function mockInProcess() {
  const code = `const t = performance.now();
    import('@chaindata/mock').then(async ({ startMock }) => {
      const t1 = performance.now();
      const m = await startMock({ port: 0, quiet: true });
      const t2 = performance.now();
      await m.stop();
      console.log(JSON.stringify({ importMs: t1 - t, startMs: t2 - t1, totalMs: t2 - t }));
    })`;
  const r = await timeCommand(process.execPath, ["-e", code]);
  if (r.code !== 0) throw new Error(`startMock failed: ${r.stderr.slice(-500)}`);
  return JSON.parse(r.stdout.trim().split("\n").pop());
}

/**
 * Spawns the CLI on port 0; resolves with ms from spawn to its "listening on" line, then stops it.
 */
function mockCli() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [`${repoRoot}packages/mock/dist/cli.js`, "--port", "0"], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let done = false;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`mock CLI: no listening line in 30 s: ${out}`));
    }, 30_000);
    child.stdout.on("data", (c) => {
      out += c;
      if (!done && /listening on http/.test(out)) {
        done = true;
        const ms = performance.now() - started;
        clearTimeout(timer);
        child.once("exit", () => resolve({ ms }));
        child.kill("SIGTERM");
      }
    });
    child.on("exit", (code) => {
      if (!done) {
        clearTimeout(timer);
        reject(new Error(`mock CLI exited ${code}: ${out}`));
      }
    });
  });
}

export async function tooling({ reps, importReps, log }) {
  const lines = [];
  const targets = [];

  // spec:bundle + generate, as a user runs it.
  const gen = [];
  const changed = [];
  for (let r = 0; r < reps; r++) {
    log(`tooling: spec:bundle && generate ${r + 1}/${reps}`);
    const res = await timeCommand("sh", ["-c", "npm run spec:bundle && npm run generate"], {
      env: { ...process.env, npm_config_loglevel: "error" },
    });
    if (res.code !== 0)
      throw new Error(`spec:bundle && generate failed: ${res.stderr.slice(-1000)}`);
    gen.push(res.ms);
    const m = /(\d+) files, (\d+) changed/.exec(res.stdout);
    if (m) changed.push(`${m[1]} files, ${m[2]} changed`);
  }
  const g = summary(gen);
  targets.push({
    section: "Tooling",
    name: "`npm run spec:bundle && npm run generate` wall time",
    target: "< 10 s",
    value: fmtSummary(summary(gen.map((x) => x / 1000)), " s"),
    met: g.median < 10_000,
  });

  // Cold imports, round-robin so that drift in machine load spreads over every package.
  const specs = [...publicPackages(), "helius-sdk"];
  const imports = Object.fromEntries(specs.map((s) => [s, []]));
  for (let r = 0; r < importReps; r++) {
    log(`tooling: cold imports ${r + 1}/${importReps}`);
    for (const s of rotate(specs, r)) imports[s].push(await coldImport(s));
  }
  const baseline = [];
  for (let r = 0; r < importReps; r++)
    baseline.push((await timeCommand(process.execPath, ["-e", "0"])).ms);

  // Mock start-up.
  const inproc = [];
  const cli = [];
  for (let r = 0; r < reps + 2; r++) {
    log(`tooling: mock start-up ${r + 1}/${reps + 2}`);
    inproc.push(await mockInProcess());
    cli.push(await mockCli());
  }

  lines.push(
    `**Spec bundle + generate.** \`npm run spec:bundle && npm run generate\` (through npm, as documented), ${reps} runs: ${fmtSummary(summary(gen.map((x) => x / 1000)), " s")} — target < 10 s: ${g.median < 10_000 ? "**met**" : "**missed**"}. Generator report: ${[...new Set(changed)].join("; ") || "n/a"}.`,
  );
  lines.push("");
  const ref = summary(imports["helius-sdk"].map((x) => x.importMs)).median;
  lines.push(
    `**Cold import.** A fresh \`node -e "import('<pkg>')"\` process per sample, resolved by name through the workspace links (built \`dist/\`), ${importReps} samples each, packages interleaved. *import* = \`performance.now()\` around \`import()\` inside the process; *process* = spawn → exit (a bare \`node -e 0\` takes ${fmtSummary(summary(baseline), " ms", 0)}). No target is set in the brief; the ratio is to helius-sdk's root import.`,
  );
  lines.push("");
  lines.push("| package | import | process | import ÷ helius-sdk |");
  lines.push("|---|---:|---:|---:|");
  for (const s of specs) {
    const imp = summary(imports[s].map((x) => x.importMs));
    lines.push(
      `| \`${s}\` | ${fmtSummary(imp, " ms", 1)} | ${fmtSummary(summary(imports[s].map((x) => x.processMs)), " ms", 0)} | ${s === "helius-sdk" ? "1 (reference)" : fmt(imp.median / ref)} |`,
    );
  }
  lines.push("");
  const ip = summary(inproc.map((x) => x.totalMs));
  const c = summary(cli.map((x) => x.ms));
  lines.push(
    `**Mock start-up** (${reps + 2} samples each; Prism in-process, examples mode, every area). The mock's README says "about 0.5 s" for \`startMock\` and "about 0.6 s" for the CLI; no target is set in the brief.`,
  );
  lines.push("");
  lines.push("| how | import | start → listening | total |");
  lines.push("|---|---:|---:|---:|");
  lines.push(
    `| \`startMock({ port: 0 })\` in a fresh process | ${fmtSummary(summary(inproc.map((x) => x.importMs)), " ms", 0)} | ${fmtSummary(summary(inproc.map((x) => x.startMs)), " ms", 0)} | ${fmtSummary(ip, " ms", 0)} |`,
  );
  lines.push(
    `| \`node packages/mock/dist/cli.js --port 0\`: spawn → "listening on" line | — | — | ${fmtSummary(c, " ms", 0)} |`,
  );
  return {
    title: "6. Tooling",
    markdown: lines.join("\n"),
    targets,
    raw: { gen, imports, baseline, inproc, cli },
  };
}
