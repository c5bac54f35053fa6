// Spectral's findings are remembered per OpenAPI document (scripts/spec/rules/spectral.mjs), so
// that the spec tests' dozens of edited copies lint only the documents an edit changed. A document
// linted before must never hide a finding of its edited copy, and the remembered findings and the
// new ones come out in Spectral's order (by file), as one run over every document lists them.
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { bundleAll } from "../../scripts/spec/bundle.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { lintOpenApi, lintOpenApiAsync } from "../../scripts/spec/rules.mjs";
import { editCopy, editedCopy, removeCopies } from "./spec-copy.js";

afterEach(removeCopies);

const bundled = (specDir: string) => bundleAll({ write: false, specDir });
const withoutTags = (path: string, method: string) => (doc: any) => {
  delete doc.paths[path][method].tags;
};
/** Spectral's finding (spectral:oas's operation-tags; no rule of this project's checks tags). */
const tagsFinding = (area: string, pointer: string) =>
  `${area} #/paths/${pointer}: [operation-tags] Operation must have non-empty "tags" array.`;

describe("Spectral's remembered findings", () => {
  it("an edited document is linted again after its unedited copy was, and the lines keep Spectral's order", async () => {
    const unedited = editedCopy("openapi/wallet.yaml", () => {});
    expect(lintOpenApi(bundled(unedited))).toEqual([]);

    // The same area, one operation without tags: a new document, so a new finding.
    const wallet = editedCopy(
      "openapi/wallet.yaml",
      withoutTags("/v1/wallet/{wallet}/identity", "get"),
    );
    const walletFinding = tagsFinding("wallet", "~1v1~1wallet~1{wallet}~1identity/get");
    expect(lintOpenApi(bundled(wallet))).toEqual([walletFinding]);

    // admin's document new and wallet's remembered: admin's finding first, as Spectral lists files.
    editCopy(wallet, "openapi/admin.yaml", withoutTags("/v0/admin/projects/{id}/usage", "get"));
    const adminFinding = tagsFinding("admin", "~1v0~1admin~1projects~1{id}~1usage/get");
    expect(lintOpenApi(bundled(wallet))).toEqual([adminFinding, walletFinding]);

    // The same through lintOpenApiAsync (spec:check, generate), with sender's document new.
    editCopy(wallet, "openapi/sender.yaml", withoutTags("/ping", "get"));
    expect(await lintOpenApiAsync(bundled(wallet))).toEqual([
      adminFinding,
      tagsFinding("sender", "~1ping/get"),
      walletFinding,
    ]);
  });
});
