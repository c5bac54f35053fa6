// `npm run generate` runs the spec rules (scripts/spec/rules.mjs) over the bundles it reads, so
// `npm run spec:bundle && npm run generate` refuses a spec `npm run spec:check` refuses, with the
// same lines, and writes nothing (spec:bundle alone bundles without the rules). Run on copies of
// spec/ (`--spec-dir`) and with `--check`, which writes nothing, so the real packages stay as they are.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { generateInto } from "../../scripts/generate/index.mjs";
import { bundleCopy, editCopy, editedCopy, locatedOf, removeCopies } from "../spec/spec-copy.js";

afterEach(removeCopies);

const run = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { encoding: "utf8" });

/** `run`, not waited for: its status and both streams once it exits. */
const started = (script: string, ...args: string[]) => {
  const child = spawn(process.execPath, [script, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let [stdout, stderr] = ["", ""];
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("close", (status) => resolve({ status, stdout, stderr })),
  );
};

describe("npm run generate and the spec rules", () => {
  it("refuses a bundled spec that breaks a rule, with spec:check's lines, in both modes, and writes nothing", async () => {
    // A broken example: a rule of spec:check's that the generator's own refusals do not cover.
    // A broken example, and an operation without tags (Spectral's, run beside the others): rules
    // of spec:check's that the generator's own refusals do not cover.
    const broken = editedCopy("schemas/common.yaml", (doc) => {
      doc.Address.examples = ["0OIl-not-base58"];
    });
    editCopy(broken, "openapi/admin.yaml", (doc) => {
      delete doc.paths["/v0/admin/projects/{id}/usage"].get.tags;
    });
    const distDir = bundleCopy(broken); // as `npm run spec:bundle` does
    // spec:check, generate --check and the rules run in this process, side by side: each reads
    // the copy only (about 90 s one after another at a load of 18, against the 120 s timeout).
    const checking = started("scripts/spec/check.mjs", "--spec-dir", broken);
    const generating = started("scripts/generate/index.mjs", "--check", "--spec-dir", broken);
    const located = [...new Set(locatedOf(broken))].map((l) => `  ✗ ${l}`);
    const [checked, generated] = await Promise.all([checking, generating]);
    expect(checked.status).toBe(1);
    const lines = checked.stderr.split("\n").filter((l) => l.startsWith("  ✗ "));
    expect(lines.join("\n")).toMatch(
      /^ {2}✗ spec\/schemas\/common\.yaml:\d+:\d+: [a-z, -]+ #\/components\/schemas\/Address\/examples\/0: example value must match pattern/m,
    );
    // (Spectral's line, found last, is read first: spec/openapi/ comes before spec/schemas/.)
    expect(lines[0]).toMatch(
      /^ {2}✗ spec\/openapi\/admin\.yaml:\d+:\d+: admin #\/paths\/~1v0~1admin~1projects~1\{id\}~1usage\/get: \[operation-tags\] /,
    );
    // (spec:check runs Spectral beside the other rules, as generate does; the tests' runAllChecks
    // runs it after them: the same lines.)
    expect(located).toEqual(lines);

    expect(generated.status).toBe(1);
    expect(generated.stdout).toBe("");
    const refused = generated.stderr.split("\n");
    expect(refused[0]).toBe(
      `generate: the spec breaks ${lines.length} rule${lines.length > 1 ? "s" : ""} (npm run spec:check reports the same); nothing was generated:`,
    );
    expect(refused.slice(1).filter(Boolean)).toEqual(lines);

    // Writing (the CLI's path without --check) refuses the same before writing a file.
    const target = mkdtempSync(join(tmpdir(), "chaindata-generate-"));
    try {
      await expect(generateInto({ distDir, target, rules: true })).rejects.toThrow(
        lines[0]!.slice(4),
      );
      expect(readdirSync(target)).toEqual([]);
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  }, 120_000);

  it("refuses a copy edited since it was bundled, naming the bundle and the edited source", () => {
    const edited = editedCopy("schemas/common.yaml", () => {});
    bundleCopy(edited);
    // (A modification time after the bundle's, as an edit made after `npm run spec:bundle` has.)
    const later = new Date(Date.now() + 60_000);
    editCopy(edited, "schemas/common.yaml", (doc) => {
      doc.Address.description = "A base58 address, edited.";
    });
    utimesSync(join(edited, "schemas/common.yaml"), later, later);
    const generated = run("scripts/generate/index.mjs", "--check", "--spec-dir", edited);
    expect(generated.stderr).toMatch(
      /spec\/dist\/openrpc\/das\.json.* out of date with the spec sources \(edited since: spec\/schemas\/common\.yaml\): run `npm run spec:bundle` first/,
    );
    expect(generated.status).toBe(1);
  }, 120_000);

  it("generates from a copy the rules accept (the real spec's, whose output is the real packages')", () => {
    const fine = editedCopy("schemas/common.yaml", () => {});
    bundleCopy(fine);
    const generated = run("scripts/generate/index.mjs", "--check", "--spec-dir", fine);
    expect(generated.stderr).toBe("");
    expect(generated.stdout).toMatch(/^generate --check: \d+ files, all up to date in \d+ ms\n$/);
    expect(generated.status).toBe(0);
  }, 120_000);
});
