// The operation list derived from the bundles must equal the checked-in list of
// the seed's operations (+ the webhook CRUD ones): a missing, extra or renamed
// operation fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { bundleAll } from "../../scripts/spec/bundle.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { listOperations } from "../../scripts/spec/rules.mjs";

const expected: {
  operations: Array<{
    area: string;
    id: string;
    wire: string;
    deprecated?: boolean;
    beta?: boolean;
  }>;
} = JSON.parse(readFileSync(new URL("./seed-operations.json", import.meta.url), "utf8"));
const results = bundleAll({ write: false });
const actual = results.flatMap((r: any) => listOperations(r));
const key = (o: { area: string; id: string; wire: string }) => `${o.area} ${o.id} ${o.wire}`;

describe("operation coverage", () => {
  it("the bundles define exactly the seed's 23 operations plus the 4 webhook CRUD operations", () => {
    expect(actual.map(key).sort()).toEqual(expected.operations.map(key).sort());
    expect(actual).toHaveLength(27);
  });

  it("deprecated and beta markings match the seed", () => {
    for (const want of expected.operations) {
      const got = actual.find((o: any) => o.id === want.id)!;
      const op = got.operation;
      expect(Boolean(op.deprecated), `${want.id} deprecated`).toBe(Boolean(want.deprecated));
      expect(Boolean(op["x-beta"]), `${want.id} beta`).toBe(Boolean(want.beta));
    }
  });
});
