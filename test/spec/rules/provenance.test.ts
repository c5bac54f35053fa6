// checkProvenance (scripts/spec/rules/provenance.mjs): an `x-source` gives its source or its
// reason, and a `required` list says where its requiredness comes from.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkProvenance } from "../../../scripts/spec/rules/provenance.mjs";
import { area, components, openrpc } from "./fixtures.js";

describe("spec rules", () => {
  it("x-source: a reason after assumption: and a source after public-docs:, not an empty one", () => {
    const doc = {
      a: { "x-source": "assumption: " },
      b: { "x-source": "public-docs: " },
      c: { "x-source": "seed" },
      d: { "x-source": "assumption: ours" },
    };
    expect(checkProvenance({ area, doc }).findings).toEqual([
      't #/a: x-source must be "seed", "public-docs: <source>" or "assumption: <reason>", got "assumption: "',
      't #/b: x-source must be "seed", "public-docs: <source>" or "assumption: <reason>", got "public-docs: "',
    ]);
  });

  it("a required list without an x-source beside it, in a component, a nested object or a param, is a finding at the list", () => {
    const doc = components({
      Page: {
        type: "object",
        required: ["items"],
        properties: {
          items: { type: "array" },
          meta: { type: "object", required: ["slot", "total"], "x-source": "seed" },
          context: { type: "object", required: ["slot"], properties: { slot: {} } },
        },
      },
    });
    const method = openrpc();
    (method.methods[0]!.params[1]!.schema as Record<string, unknown>).required = ["full"];
    const problem = (path: string, names: string) =>
      `t ${path}/required: [${names}] has no x-source: say beside it where each name's requiredness comes from, "seed", "public-docs: <where>" or "assumption: <why>" (spec/README.md, "Provenance")`;
    expect(checkProvenance({ area, doc }).findings).toEqual([
      problem("#/components/schemas/Page", "items"),
      problem("#/components/schemas/Page/properties/context", "slot"),
    ]);
    expect(checkProvenance({ area, doc: method }).findings).toEqual([
      problem("#/methods/0/params/1/schema", "full"),
    ]);
  });

  it("a required list with any valid x-source passes; an invalid one is the x-source's finding alone", () => {
    const doc = components({
      A: { type: "object", required: ["a"], "x-source": "seed" },
      B: { type: "object", required: ["b"], "x-source": "public-docs: P B (b not optional)" },
      C: { type: "object", required: ["c"], "x-source": "assumption: every record has c" },
      D: { type: "object", required: ["d"], "x-source": "guess" },
    });
    expect(checkProvenance({ area, doc }).findings).toEqual([
      't #/components/schemas/D: x-source must be "seed", "public-docs: <source>" or "assumption: <reason>", got "guess"',
    ]);
  });

  it("not a promise: an x-all-of condition's required, a not's, a value's `required` key, a descriptor's required: true", () => {
    const method = openrpc({
      "x-all-of": [
        {
          if: {
            properties: { options: { properties: { full: { enum: [true] } }, required: ["full"] } },
            required: ["options"],
          },
          then: { properties: { id: { minLength: 2 } } },
        },
      ],
      examples: [
        {
          name: "one",
          params: [{ name: "id", value: { required: ["a"] } }],
          result: { name: "r", value: { required: ["x"] } },
        },
      ],
    });
    const doc = components({
      Form: {
        type: "object",
        properties: { fields: { type: "object" } },
        default: { required: ["name"] },
        examples: [{ required: ["name"] }],
        enum: [{ required: ["name"] }],
        const: { required: ["name"] },
        not: { required: ["fields"] },
      },
    });
    expect(method.methods[0]!.params[0]!.required).toBe(true);
    expect(checkProvenance({ area, doc: method }).findings).toEqual([]);
    expect(checkProvenance({ area, doc }).findings).toEqual([]);
  });
});
