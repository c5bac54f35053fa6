/**
 * The examples (examples/*.mjs) run inside `npm test`, so they cannot rot: `node
 * examples/run.mjs` starts its own mock, runs every example against it and exits non-zero if an
 * example fails or sends a request the mock finds invalid.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { index, root } from "./spec.js";

const run = promisify(execFile);

describe("examples", () => {
  it("node examples/run.mjs: every example runs against the mock and prints its results", async () => {
    const env = { ...process.env };
    delete env.CHAINDATA_MOCK_URL; // always a fresh mock of our own
    delete env.CHAINDATA_API_KEY; // the local environment needs none
    const { stdout } = await run(process.execPath, [`${root}examples/run.mjs`], {
      cwd: root,
      env,
      timeout: 90_000,
    });
    const examples = readdirSync(`${root}examples`).filter(
      (f) => f.endsWith(".mjs") && f !== "run.mjs",
    );
    // The tour, and one per area of the spec (test/generate/area-lists.test.ts names a missing one).
    const areaNames = new Set(index.areas.map((a: { area: string }) => a.area));
    expect(
      examples.filter((f) => f !== "tour.mjs").sort(),
      "examples/: one <area>.mjs per area of the spec, besides tour.mjs and run.mjs",
    ).toEqual([...areaNames].map((area) => `${area}.mjs`).sort());
    for (const file of examples) expect(stdout).toContain(`── examples/${file}\n`);
    expect(stdout).not.toContain("FAILED");
    expect(stdout).toMatch(
      new RegExp(
        `${examples.length}/${examples.length} examples ok; the mock served \\d+ requests, 0 with violations`,
      ),
    );
    // real results, e.g. a u64 supply printed exactly
    expect(stdout).toContain("supply 8881564943168000000");
    // (examples/sender.mjs prints the spec's constants it builds a tip from.)
    expect(stdout).toMatch(/tip 5000 lamports to [1-9A-HJ-NP-Za-km-z]{32,44}\n/);
    expect(stdout).toContain("regional endpoints: global, slc, ewr, lon, fra, ams, sg, tyo\n");
    // Examples get copied: none prints a webhook URL whole (a Discord webhook's path is its
    // token) or writes a webhook's authHeader secret into its code.
    expect(stdout).toMatch(/^created [\w-]+ → hooks\.acme-wallet\.io$/m);
    expect(stdout).not.toContain("https://hooks.");
    for (const file of examples) {
      const source = readFileSync(`${root}examples/${file}`, "utf8");
      expect(source, `examples/${file}: authHeader from the environment`).not.toMatch(
        /authHeader:\s*["'`]/,
      );
    }
    // The README's excerpt of this output, line for line: `…` stands for what it leaves out (a
    // line of its own: lines), and the mock's port and start time differ per run.
    const readme = readFileSync(`${root}README.md`, "utf8");
    const excerpt = /An excerpt:\n\n```\n([\s\S]*?)```/.exec(readme)![1]!.split("\n");
    const lines = stdout.split("\n");
    const checked = excerpt.filter((l) => l && l !== "…" && !l.startsWith("mock started on "));
    expect(checked.length).toBeGreaterThan(20);
    for (const line of checked) {
      const pattern = new RegExp(
        `^${line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll("…", ".*")}$`,
      );
      expect(
        lines.some((l) => pattern.test(l)),
        `README.md excerpt line not in the output: ${line}`,
      ).toBe(true);
    }
  }, 120_000);
});
