// The spec checks can fail: each test copies spec/ to a temporary folder, breaks
// one thing, and expects the same checks `npm test` runs to report it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import YAML from "yaml";
// @ts-expect-error — plain ESM scripts without type declarations
import { bundleAll, clearCache } from "../../scripts/spec/bundle.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { runAllChecks } from "../../scripts/spec/checks.mjs";

let dir: string | undefined;
function brokenCopy(file: string, edit: (doc: any) => void): string {
  dir = mkdtempSync(join(tmpdir(), "chaindata-spec-"));
  cpSync(new URL("../../spec", import.meta.url), dir, { recursive: true, filter: (src) => !src.includes("/dist") });
  const path = join(dir, file);
  const doc = YAML.parse(readFileSync(path, "utf8"));
  edit(doc);
  writeFileSync(path, YAML.stringify(doc));
  clearCache();
  return dir;
}
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
  clearCache();
});

describe("spec checks catch", () => {
  it("a broken example", () => {
    const specDir = brokenCopy("schemas/common.yaml", (doc) => {
      doc.Address.examples = ["0OIl-not-base58"];
    });
    const { findings } = runAllChecks(bundleAll({ write: false, specDir }));
    expect(findings.join("\n")).toMatch(/Address\/examples\/0: example \(root\) must match pattern/);
  });

  it("a bad $ref", () => {
    const specDir = brokenCopy("openrpc/das.yaml", (doc) => {
      doc.methods[0].result.schema = { $ref: "../schemas/asset.yaml#/NoSuchSchema" };
    });
    expect(() => bundleAll({ write: false, specDir })).toThrow(/bad \$ref "\.\.\/schemas\/asset\.yaml#\/NoSuchSchema"/);
  });

  it("an unknown type", () => {
    const specDir = brokenCopy("schemas/common.yaml", (doc) => {
      doc.Slot.type = "integr";
    });
    const { findings } = runAllChecks(bundleAll({ write: false, specDir }));
    expect(findings.join("\n")).toMatch(/type must be equal to one of the allowed values/);
  });

  it("a malformed x-source", () => {
    const specDir = brokenCopy("schemas/common.yaml", (doc) => {
      doc.Slot["x-source"] = "assumption";
    });
    const { findings } = runAllChecks(bundleAll({ write: false, specDir }));
    expect(findings.join("\n")).toMatch(/x-source must be/);
  });
});
