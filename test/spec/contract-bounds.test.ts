// A bound case of test/contract/contracts.ts (`1001 ids (> 1000)`) that the spec's bound no longer
// refuses says so, with the bound the spec has now, its YAML place, and what to update (user trial
// 34, F6: a bound raised on purpose failed test/contract/validation.test.ts as "expected undefined
// to be an instance of ValidationError").
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contracts, staleBound } from "../contract/contracts.js";
import { operationById, root } from "../contract/spec.js";
import { methodIndex, positionOf } from "./spec-copy.js";

const BOUND_RULES = /^(max|min)(Items|Length|imum)$|^exclusive(Max|Min)imum$/;
const ids = operationById.get("getAssetBatch")!.method.params[0].schema;
afterEach(() => {
  ids.maxItems = 1000;
});
const batch = methodIndex("openrpc/das.yaml", "getAssetBatch");

describe("the contracts' bound cases", () => {
  it("each breaks the spec's bound today, found at its path (a param, a body field, a nested one, x-params: array)", () => {
    const cases = Object.entries(contracts).flatMap(([id, c]) =>
      c.invalid.filter((bad) => BOUND_RULES.test(bad.rule)).map((bad) => [id, bad] as const),
    );
    expect(cases.length).toBeGreaterThan(10);
    for (const [id, bad] of cases)
      expect(staleBound(id, bad, bad.input), `${id} ${bad.what}`).toBeUndefined();
  });

  it("a bound raised past the case says which bound the spec has now, where, and what to update", () => {
    const bad = contracts.getAssetBatch!.invalid.find((b) => b.rule === "maxItems")!;
    ids.maxItems = 2000;
    const place = positionOf(
      join(root, "spec"),
      "openrpc/das.yaml",
      "maxItems: 1000",
      "- name: getAssetBatch",
    );
    const expected = `\`1001 ids (> 1000)\` of contracts.getAssetBatch.invalid in test/contract/contracts.ts: the spec's params.ids has maxItems: 2000 now (at ${place} (#/methods/${batch}/params/0/schema/maxItems)), which its input (1001 items) keeps: the client would send it. If the spec's bound changed on purpose, update the case's \`what\` and \`input\` there to break the spec's bound (spec/README.md "Changing a bound"); if not, the spec is what to fix.`;
    // (What the test reading the case meets, in place of the call the client would have sent.)
    expect(() => bad.input).toThrow(expected);
    ids.maxItems = 1000; // (refused, and the bound the case names: nothing to say)
    expect(bad.input).toEqual({ ids: expect.any(Array) });
  });

  it("a bound tightened under the case says the case's `what` names the old bound (spec67, F9)", () => {
    const bad = contracts.getAssetBatch!.invalid.find((b) => b.rule === "maxItems")!;
    ids.maxItems = 500;
    const place = positionOf(
      join(root, "spec"),
      "openrpc/das.yaml",
      "maxItems: 1000",
      "- name: getAssetBatch",
    );
    expect(() => bad.input).toThrow(
      `\`1001 ids (> 1000)\` of contracts.getAssetBatch.invalid in test/contract/contracts.ts: the spec's params.ids has maxItems: 500 now (at ${place} (#/methods/${batch}/params/0/schema/maxItems)), which its input (1001 items) still breaks, but the case's \`what\` names 1000. If the spec's bound changed on purpose, update the case's \`what\` there to name 500, and its \`input\` to break it by one (spec/README.md "Changing a bound"); if not, the spec is what to fix.`,
    );
  });

  it("a bound removed says so", () => {
    const bad = contracts.getAssetBatch!.invalid.find((b) => b.rule === "maxItems")!;
    delete ids.maxItems;
    expect(() => bad.input).toThrow(
      /^`1001 ids \(> 1000\)` of contracts\.getAssetBatch\.invalid in test\/contract\/contracts\.ts: the spec's params\.ids has no maxItems now \(at spec\/openrpc\/das\.yaml:\d+:\d+ \(#\/methods\/\d+\/params\/0\/schema\)\), so its input \(1001 items\) breaks none\. If the spec's bound changed on purpose/,
    );
  });
});
