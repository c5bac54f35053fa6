// An area's own closed lists of strings, marked `x-known-values: true` in its spec (webhooks'
// WebhookType, generated into its `./known-values` entry as `webhookTypes` and `isWebhookType`):
// the generator picks those, leaves a list two areas share to core's entry, and refuses the mark
// on anything but a list of strings.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { emitAreaKnownValues, ownKnownLists } from "../../scripts/generate/core-files.mjs";

const list = { type: "string", enum: ["A", "B"], "x-known-values": true };

describe("ownKnownLists", () => {
  it("picks the schemas marked x-known-values: true, but one two areas share, one unmarked and one marked false", () => {
    const schemas = {
      Own: list,
      Shared: list,
      Unmarked: { type: "string", enum: ["C"] },
      Off: { ...list, "x-known-values": false },
    };
    expect(ownKnownLists({ components: { schemas } }, new Set(["Shared"]))).toEqual([
      ["Own", list],
    ]);
  });

  it("refuses the mark on a schema that is no list of strings, naming it", () => {
    for (const schema of [
      { type: "integer", enum: [1, 2], "x-known-values": true },
      { type: "string", "x-known-values": true },
    ])
      expect(() => ownKnownLists({ components: { schemas: { Bad: schema } } }, new Set())).toThrow(
        "schema Bad: x-known-values marks a closed list of strings (type: string with an enum)",
      );
  });

  it("an sdk with no shared list still re-exports each area's own lists", () => {
    const files = emitAreaKnownValues("sdk", [], [], [["webhooks", ["WebhookType"]]]);
    expect(files["packages/sdk/src/generated/known-values.ts"]).toContain(
      'export { webhookTypes, isWebhookType } from "@chaindata/webhooks/known-values";',
    );
  });
});
