// checkResultBounds (scripts/spec/rules/result-bounds.mjs): a result bound that follows a request
// bound (a page's items and its limit, a batch's result and its one array) has its value (user
// trial 34, F3: raising a request's maximum left the result's behind, and nothing said so).
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkResultBounds } from "../../../scripts/spec/rules/result-bounds.mjs";
import { area } from "./fixtures.js";

/** Two page walks whose results share `Page` (maxItems 1000), each with its `limit`, and a batch. */
const doc = ({
  first = 1000,
  second = 1000,
  ids = 100,
}: { first?: number; second?: number; ids?: number | null } = {}) => ({
  openrpc: "1.3.2",
  info: { title: "t", version: "1" },
  methods: [
    ...[first, second].map((maximum, i) => ({
      name: `listThings${i}`,
      params: [
        { name: "page", schema: { type: "integer", minimum: 1 } },
        { name: "limit", schema: { type: "integer", minimum: 1, maximum } },
      ],
      result: { name: "page", schema: { $ref: "#/components/schemas/Page" } },
      "x-pagination": { style: "page", page: "page", limit: "limit", items: "items" },
    })),
    {
      name: "getThings",
      params: [
        {
          name: "ids",
          schema: { type: "array", ...(ids === null ? {} : { maxItems: ids }) },
        },
        { name: "full", schema: { type: "boolean" } },
      ],
      result: { name: "things", schema: { type: "array", maxItems: 100 } },
    },
  ],
  components: {
    schemas: { Page: { type: "object", properties: { items: { type: "array", maxItems: 1000 } } } },
  },
});
const page = (at: string) => `t #/components/schemas/Page/properties/items: maxItems 1000 ${at}`;

describe("spec rules", () => {
  it("nothing to say when each result bound is the request bound it follows", () => {
    expect(checkResultBounds({ area, kind: "openrpc", doc: doc() })).toEqual([]);
  });

  it("a page's items' maxItems is its limit's maximum: one finding at the shared result, naming each limit", () => {
    expect(
      checkResultBounds({ area, kind: "openrpc", doc: doc({ first: 2000, second: 2000 }) }),
    ).toEqual([
      page(
        `follows the request bound of listThings0's limit (maximum: 2000, at #/methods/0/params/1/schema/maximum), listThings1's limit (maximum: 2000, at #/methods/1/params/1/schema/maximum), since a page holds at most the limit asked for; write maxItems: 2000 here (the two are one number: a changed request bound moves this one too, spec/README.md "Changing a bound")`,
      ),
    ]);
    expect(checkResultBounds({ area, kind: "openrpc", doc: doc({ first: 2000 }) })).toEqual([
      page(
        `follows the request bound of listThings0's limit (maximum: 2000, at #/methods/0/params/1/schema/maximum), listThings1's limit (maximum: 1000, at #/methods/1/params/1/schema/maximum), since a page holds at most the limit asked for; they differ, so no one maxItems follows them all: give them one bound, or each operation a result schema of its own`,
      ),
    ]);
  });

  it("a batch's result maxItems is its one array's maxItems; a request without the bound is named too", () => {
    expect(checkResultBounds({ area, kind: "openrpc", doc: doc({ ids: 200 }) })).toEqual([
      `t #/methods/2 (getThings)/result/schema: maxItems 100 follows the request bound of getThings's ids (maxItems: 200, at #/methods/2/params/0/schema/maxItems), since a batch answers one entry per item asked for; write maxItems: 200 here (the two are one number: a changed request bound moves this one too, spec/README.md "Changing a bound")`,
    ]);
    expect(checkResultBounds({ area, kind: "openrpc", doc: doc({ ids: null }) })).toEqual([
      `t #/methods/2 (getThings)/result/schema: maxItems 100 follows the request bound of getThings's ids (no maxItems, at #/methods/2/params/0/schema), since a batch answers one entry per item asked for; give the request its bound (maxItems: 100), or drop this maxItems if it no longer holds`,
    ]);
  });

  it("a result without the bound states nothing to disagree with; an operation with two arrays is no batch", () => {
    const d = doc({ first: 2000, second: 2000, ids: 200 });
    delete (d.components.schemas.Page.properties.items as { maxItems?: number }).maxItems;
    d.methods[2]!.params.push({ name: "more", schema: { type: "array" } } as never);
    expect(checkResultBounds({ area, kind: "openrpc", doc: d })).toEqual([]);
  });
});
