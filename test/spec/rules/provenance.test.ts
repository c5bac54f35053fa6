// checkProvenance (scripts/spec/rules/provenance.mjs): an `x-source` gives its source or its
// reason.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkProvenance } from "../../../scripts/spec/rules/provenance.mjs";
import { area } from "./fixtures.js";

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
});
