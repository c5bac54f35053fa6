// checkReplacements (scripts/spec/rules/replacements.mjs): what a deprecated operation's
// x-replaced-by names exists and is not deprecated itself, across areas, as spec:check reports it
// (review 76, F3). The words it reads: test/spec/operation-prose.test.ts. The documents: fixtures.ts.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkReplacements } from "../../../scripts/spec/rules/replacements.mjs";
import { openrpc } from "./fixtures.js";

/** A one-method area `area`, its method `name` with `changes` laid over it. */
const areaOf = (area: string, name: string, changes: Record<string, unknown> = {}) => {
  const doc = openrpc({ name, ...changes });
  return { area, kind: "openrpc", doc: { ...doc, info: { ...doc.info, title: area } } };
};
const texts = (findings: { text: string }[]) => findings.map((f) => f.text);

describe("spec rules", () => {
  it("a replacement deprecated itself, renamed or of no area: reported at the x-replaced-by, under --area when either side is selected", () => {
    const old = (replacedBy: string) =>
      areaOf("mint", "mintThing", { deprecated: true, "x-replaced-by": replacedBy });
    const fresh = areaOf("compression", "getThing");
    const stale = areaOf("compression", "getThing", { deprecated: true });
    expect(checkReplacements([old("getThing (@chaindata/compression)"), fresh])).toEqual([]);
    const deprecatedItself =
      "mint #/methods/0 (mintThing)/x-replaced-by: names getThing, which is deprecated itself: name what to use now";
    const both = [old("getThing (@chaindata/compression)"), stale];
    expect(texts(checkReplacements(both))).toEqual([deprecatedItself]);
    // Under --area: the finding is the deprecated operation's, whichever of the two is selected.
    expect(texts(checkReplacements([both[0]], both))).toEqual([deprecatedItself]);
    expect(texts(checkReplacements([both[1]], both))).toEqual([deprecatedItself]);
    expect(checkReplacements([both[1]], both)[0].document).toBe(both[0]);
    expect(
      texts(checkReplacements([areaOf("das", "getAsset")], [...both, areaOf("das", "getAsset")])),
    ).toEqual([]);
    expect(texts(checkReplacements([old("getThings (@chaindata/compression)"), fresh]))).toEqual([
      'mint #/methods/0 (mintThing)/x-replaced-by: names getThings, which is no operation of @chaindata/compression: a replacement renamed or removed? (the SDK\'s warning says "use getThings (@chaindata/compression) instead")',
    ]);
    expect(texts(checkReplacements([old("the ZK API (@chaindata/zk)"), fresh]))).toEqual([
      "mint #/methods/0 (mintThing)/x-replaced-by: names @chaindata/zk, which is no area of the spec (areas: mint, compression)",
    ]);
    // (An x-replaced-by that is no non-empty string is checkStatusMarks's finding, not this rule's.)
    expect(checkReplacements([old(""), fresh])).toEqual([]);
  });
});
