// The operation list derived from the bundles must equal the checked-in list in
// test/spec/seed-operations.json (the seed's operations, the webhook CRUD ones, and any operation
// added since): a missing, extra or renamed operation fails here, and so does a deprecated, beta or
// pagination marking that differs. Adding, deprecating or beta-marking an operation, or paginating
// it, means editing that file too (spec/README.md, "Adding or changing an operation").
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { bundleAll } from "../../scripts/spec/bundle.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { listOperations } from "../../scripts/spec/rules.mjs";

const FILE = "test/spec/seed-operations.json";
const expected: {
  operations: Array<{
    area: string;
    id: string;
    wire: string;
    deprecated?: boolean;
    beta?: boolean;
    pagination?: "page" | "cursor";
  }>;
} = JSON.parse(readFileSync(new URL("./seed-operations.json", import.meta.url), "utf8"));
const results = bundleAll({ write: false });
const actual = results.flatMap((r: any) => listOperations(r));
const key = (o: { area: string; id: string; wire: string }) => `${o.area} ${o.id} ${o.wire}`;

describe("operation coverage", () => {
  it(`the bundles define exactly the operations of ${FILE}`, () => {
    const listed = new Set(expected.operations.map(key));
    const defined = new Set(actual.map(key));
    // What to add and remove, by the line of the file (vitest's diff cuts a long array).
    const add = actual
      .filter((o: any) => !listed.has(key(o)))
      .map((o: any) => {
        const { deprecated, "x-beta": beta, "x-pagination": pagination } = o.operation;
        const line = {
          area: o.area,
          id: o.id,
          wire: o.wire,
          ...(deprecated && { deprecated: true }),
          ...(beta && { beta: true }),
          ...(pagination?.style && { pagination: pagination.style }),
        };
        // (Written as the file's lines are: `{ "area": "das", "id": "getAsset", … }`.)
        const entries = Object.entries(line).map(([k, v]) => `"${k}": ${JSON.stringify(v)}`);
        return `add { ${entries.join(", ")} },`;
      });
    const remove = expected.operations
      .filter((o) => !defined.has(key(o)))
      .map((o) => `remove (or restore in the spec) the line of ${o.area} ${o.id} "${o.wire}"`);
    expect(
      actual.map(key).sort(),
      `the spec's operations ("<area> <id> <wire>") differ from ${FILE}, where a new, renamed or removed operation is listed too:\n${[...add, ...remove].join("\n")}\n`,
    ).toEqual(expected.operations.map(key).sort());
  });

  it(`deprecated, beta and pagination markings match ${FILE}`, () => {
    const mismatches: string[] = [];
    for (const want of expected.operations) {
      const op = actual.find((o: any) => o.id === want.id)?.operation;
      if (!op) continue; // reported by the test above
      const got = {
        deprecated: Boolean(op.deprecated),
        beta: Boolean(op["x-beta"]),
        pagination: op["x-pagination"]?.style,
      };
      if (got.deprecated !== Boolean(want.deprecated))
        mismatches.push(`${want.id}: "deprecated": ${got.deprecated} in the spec`);
      if (got.beta !== Boolean(want.beta))
        mismatches.push(`${want.id}: "beta": ${got.beta} in the spec`);
      if (got.pagination !== want.pagination)
        mismatches.push(`${want.id}: "pagination": ${JSON.stringify(got.pagination)} in the spec`);
    }
    expect(mismatches, `update ${FILE} to match the spec (or fix the spec)`).toEqual([]);
  });
});
