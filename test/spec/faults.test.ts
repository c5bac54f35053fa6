// The spec checks can fail: each test copies spec/ to a temporary folder, breaks
// one thing, and expects the same checks `npm test` runs to report it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import YAML from "yaml";
// @ts-expect-error — plain ESM scripts without type declarations
import { bundleAll, clearCache, staleBundles } from "../../scripts/spec/bundle.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { runAllChecks } from "../../scripts/spec/rules.mjs";

let dir: string | undefined;
function brokenCopy(file: string, edit: (doc: any) => void): string {
  dir = mkdtempSync(join(tmpdir(), "chaindata-spec-"));
  cpSync(new URL("../../spec", import.meta.url), dir, {
    recursive: true,
    filter: (src) => !src.includes("/dist"),
  });
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
    expect(findings.join("\n")).toMatch(
      /Address\/examples\/0: example \(root\) must match pattern/,
    );
  });

  it("a bad $ref", () => {
    const specDir = brokenCopy("openrpc/das.yaml", (doc) => {
      doc.methods[0].result.schema = { $ref: "../schemas/asset.yaml#/NoSuchSchema" };
    });
    expect(() => bundleAll({ write: false, specDir })).toThrow(
      /bad \$ref "\.\.\/schemas\/asset\.yaml#\/NoSuchSchema"/,
    );
  });

  it("a $ref to a missing file, naming the file and the JSON path of the reference", () => {
    const specDir = brokenCopy("openrpc/das.yaml", (doc) => {
      doc.methods[0].result.schema = { $ref: "../schemas/assets.yaml#/Asset" };
    });
    expect(() => bundleAll({ write: false, specDir })).toThrow(
      /openrpc\/das\.yaml at \/methods\/0\/result\/schema: bad \$ref "\.\.\/schemas\/assets\.yaml#\/Asset": cannot read .*schemas\/assets\.yaml/,
    );
  });

  it("a spec edit that spec/dist does not hold yet (generate refuses to run on it)", () => {
    dir = mkdtempSync(join(tmpdir(), "chaindata-spec-"));
    cpSync(new URL("../../spec", import.meta.url), dir, { recursive: true });
    expect(staleBundles(dir)).toEqual([]);
    const file = join(dir, "openrpc/das.yaml");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace(
        "summary: Get one asset by its id.",
        "summary: Get one asset by id.",
      ),
    );
    clearCache();
    expect(staleBundles(dir)).toEqual(["spec/dist/openrpc/das.json"]);
  });

  it("a keyword outside the JSON Schema subset, in any schema (nullable, a misspelling, exclusiveMaximum)", () => {
    const specDir = brokenCopy("schemas/asset.yaml", (doc) => {
      doc.AssetList.properties.total.nullable = true;
      doc.AssetList.properties.limit.minimun = 1;
      doc.AssetList.properties.page.exclusiveMaximum = 5;
    });
    const text = runAllChecks(bundleAll({ write: false, specDir })).findings.join("\n");
    for (const [property, keyword] of [
      ["total", "nullable"],
      ["limit", "minimun"],
      ["page", "exclusiveMaximum"],
    ]) {
      expect(text).toContain(
        `das #/components/schemas/AssetList/properties/${property}: "${keyword}" is outside the spec's JSON Schema subset (spec/README.md)`,
      );
    }
  });

  it("an operation without a credit cost (x-cost; credits: null where the service documents none)", () => {
    const specDir = brokenCopy("openapi/admin.yaml", (doc) => {
      delete doc.paths["/v0/admin/projects/{id}/usage"].get["x-cost"];
    });
    expect(runAllChecks(bundleAll({ write: false, specDir })).findings.join("\n")).toContain(
      "admin GET /v0/admin/projects/{id}/usage: needs x-cost",
    );
  });

  it("an unknown type", () => {
    const specDir = brokenCopy("schemas/common.yaml", (doc) => {
      doc.Slot.type = "integr";
    });
    const { findings } = runAllChecks(bundleAll({ write: false, specDir }));
    expect(findings.join("\n")).toMatch(/type must be equal to one of the allowed values/);
  });

  it("an open enum with a known value its open branch refuses (the runtime check is the open branch)", () => {
    const specDir = brokenCopy("schemas/webhook.yaml", (doc) => {
      doc.KnownTransactionType.enum.push("lower_case");
    });
    expect(runAllChecks(bundleAll({ write: false, specDir })).findings.join("\n")).toContain(
      "webhooks #/components/schemas/TransactionType: open enum: known values the open branch does not accept: lower_case",
    );
  });

  it("an area's x-error-info for a code none of its error objects has", () => {
    const specDir = brokenCopy("openrpc/compression.yaml", (doc) => {
      doc["x-error-info"]["-32029"] = { httpStatus: 200, "x-source": "assumption: test" };
    });
    expect(() => bundleAll({ write: false, specDir })).toThrow(
      /openrpc\/compression\.yaml: x-error-info\["-32029"\]: no error object of the area has that code/,
    );
  });

  it("a malformed x-source", () => {
    const specDir = brokenCopy("schemas/common.yaml", (doc) => {
      doc.Slot["x-source"] = "assumption";
    });
    const { findings } = runAllChecks(bundleAll({ write: false, specDir }));
    expect(findings.join("\n")).toMatch(/x-source must be/);
  });
});
