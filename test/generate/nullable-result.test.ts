// A JSON-RPC result of `null` is a value only where the method's result schema allows null: the
// generator then marks the descriptor `optionalBody`, and the runtime resolves `null` instead of
// rejecting with InvalidResponseError (reason `empty`).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { allowsNull } from "../../scripts/generate/lib/schema.mjs";

const doc = {
  components: {
    schemas: {
      Asset: { type: "object", properties: { id: { type: "string" } } },
      MaybeAsset: { anyOf: [{ $ref: "#/components/schemas/Asset" }, { type: "null" }] },
      AssetAlias: { $ref: "#/components/schemas/Asset" },
    },
  },
};

describe("allowsNull", () => {
  it("tells the schemas that let a value be null", () => {
    expect(allowsNull(doc, { $ref: "#/components/schemas/Asset" })).toBe(false);
    expect(allowsNull(doc, { $ref: "#/components/schemas/MaybeAsset" })).toBe(true);
    // (A chain of references is followed to its end.)
    expect(allowsNull(doc, { $ref: "#/components/schemas/AssetAlias" })).toBe(false);
    expect(allowsNull(doc, { type: ["string", "null"] })).toBe(true);
    expect(allowsNull(doc, { type: "array", items: { type: "null" } })).toBe(false);
    expect(allowsNull(doc, { enum: ["a", null] })).toBe(true);
    expect(allowsNull(doc, { enum: ["a"] })).toBe(false);
    expect(allowsNull(doc, { const: "a" })).toBe(false);
    expect(allowsNull(doc, {})).toBe(true);
    // (No result schema: nothing says the value cannot be null.)
    expect(allowsNull(doc, undefined)).toBe(true);
    // Every keyword that constrains null must allow it.
    expect(allowsNull(doc, { type: "object", anyOf: [{ type: "null" }, { type: "object" }] })).toBe(
      false,
    );
    expect(allowsNull(doc, { allOf: [{ $ref: "#/components/schemas/Asset" }] })).toBe(false);
    expect(allowsNull(doc, { allOf: [{ $ref: "#/components/schemas/MaybeAsset" }, {}] })).toBe(
      true,
    );
    expect(allowsNull(doc, { not: { type: "null" } })).toBe(false);
    expect(allowsNull(doc, { not: { type: "string" } })).toBe(true);
  });

  it("marks no method of today's spec: every result is a value", () => {
    for (const area of ["das", "compression", "sender", "mint"]) {
      const source = readFileSync(
        new URL(`../../packages/${area}/src/generated/operations.ts`, import.meta.url),
        "utf8",
      );
      expect(source, area).not.toContain("optionalBody");
    }
  });
});
