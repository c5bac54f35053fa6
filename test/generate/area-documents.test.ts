// The generator's `area-documents` rule (scripts/generate/lib/refusals.mjs): an area is one
// document, or one OpenRPC document and one OpenAPI document (the sender's JSON-RPC POST and its
// plain-HTTP GET /ping). Any other set is refused, by spec:check's refusals and by packagesOf,
// which the generator groups packages with. (Nothing else tested the rule: an area of two OpenAPI
// documents passed with `rpc.length !== 1` made `rpc.length > 1`.)
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { generatorRefusals, packagesOf } from "../../scripts/generate/lib/refusals.mjs";

const info = { title: "zed", version: "1" };
const openapi = (file: string) => ({
  area: "zed",
  kind: "openapi",
  file,
  doc: { openapi: "3.1.0", info, paths: {} },
});
const openrpc = (file: string) => ({
  area: "zed",
  kind: "openrpc",
  file,
  doc: { openrpc: "1.3.2", info, methods: [] },
});
const RULE = "area zed: an area has one document, or one OpenRPC and one OpenAPI document";
const areaRefusals = (documents: unknown[]) =>
  (generatorRefusals(documents) as { rule: string; message: string }[]).filter(
    (r) => r.rule === "area-documents",
  );

describe("the area-documents rule", () => {
  it("takes one document, or one OpenRPC and one OpenAPI document", () => {
    for (const documents of [
      [openapi("openapi/zed.json")],
      [openrpc("openrpc/zed.json")],
      [openrpc("openrpc/zed.json"), openapi("openapi/zed.json")],
    ]) {
      expect(areaRefusals(documents), documents.map((d) => d.file).join(", ")).toEqual([]);
      expect(packagesOf(documents)).toHaveLength(1);
    }
  });

  it("refuses two OpenAPI documents, two OpenRPC documents, or three documents", () => {
    for (const documents of [
      [openapi("openapi/zed.json"), openapi("openapi/zed-2.json")],
      [openrpc("openrpc/zed.json"), openrpc("openrpc/zed-2.json")],
      [openrpc("openrpc/zed.json"), openapi("openapi/zed.json"), openapi("openapi/zed-2.json")],
    ]) {
      const files = documents.map((d) => d.file);
      expect(areaRefusals(documents), files.join(", ")).toMatchObject([{ message: RULE }]);
      expect(() => packagesOf(documents), files.join(", ")).toThrow(
        `${files.map((f) => `spec/dist/${f}`).join(", ")}: ${RULE}`,
      );
    }
  });
});
