// Deprecation without a documented replacement (`deprecated: true`, no `x-replaced-by`) is allowed
// (spec/README.md, "Operation extensions"): the JSDoc and the runtime warning both say that no
// replacement is documented, rather than naming one.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { commonDescriptorFields } from "../../scripts/generate/lib/descriptor.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { jsdoc } from "../../scripts/generate/lib/emit.mjs";

const doc = { info: {} };

describe("deprecated operations", () => {
  it("name the replacement when the spec gives one", () => {
    const op = { summary: "Old", deprecated: true, "x-replaced-by": "getAsset" };
    expect(jsdoc(op, { indent: "" })).toContain(" * @deprecated Use getAsset instead.\n");
    expect(commonDescriptorFields(doc, op).deprecated).toBe("use getAsset instead");
  });

  it("say no replacement is documented when the spec gives none", () => {
    const op = { summary: "Old", deprecated: true };
    expect(jsdoc(op, { indent: "" })).toContain(
      " * @deprecated Deprecated by the service; no replacement is documented.\n",
    );
    expect(commonDescriptorFields(doc, op).deprecated).toBe("no replacement is documented");
  });
});
