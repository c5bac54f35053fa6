// checkHistoryMentions (scripts/spec/rules/descriptions.mjs): no string of a bundle names this
// repository's history, which the docs site and the mock's spec publish (user trial 67: an
// x-source "(user trial 67)" passed spec:check and failed test/docs/build.test.ts after a docs build).
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkHistoryMentions } from "../../../scripts/spec/rules/descriptions.mjs";
import { HISTORY_EXAMPLES, NOT_HISTORY } from "../../packaging/repository-history.js";
import { area } from "./fixtures.js";

const doc = (xSource: string) => ({
  openrpc: "1.3.2",
  info: { title: "t", version: "1" },
  methods: [{ name: "getThings", params: [{ name: "id", "x-source": xSource }] }],
});

describe("a bundle's text names no piece of the repository's history", () => {
  it("refuses each form the published-text checks catch, at its JSON pointer", () => {
    for (const example of HISTORY_EXAMPLES)
      expect(
        checkHistoryMentions({ area, doc: doc(`assumption: as found (${example})`) }),
      ).toHaveLength(1);
    expect(checkHistoryMentions({ area, doc: doc("assumption: seen (user trial 67)") })).toEqual([
      `${area} #/methods/0/params/0/x-source: "trial 67" names this repository's history, which the docs site and the mock's copy of the spec publish and a reader cannot look up: say the reason itself`,
    ]);
  });

  it("leaves ordinary prose alone", () => {
    for (const prose of NOT_HISTORY)
      expect(checkHistoryMentions({ area, doc: doc(prose) })).toEqual([]);
  });
});
