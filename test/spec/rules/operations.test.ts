// checkOperationExtensions (scripts/spec/rules/operations.mjs): the names x-pagination uses are
// params and result properties of the operation. The documents: fixtures.ts.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkOperationExtensions } from "../../../scripts/spec/rules/operations.mjs";
import { area, openrpc } from "./fixtures.js";

/** The findings of checkOperationExtensions on a method with a page walk: `cursor`, `page`, `others` params. */
const paginatedWith =
  (others: object[]) =>
  (pagination: object): string[] =>
    checkOperationExtensions({
      area,
      kind: "openrpc",
      doc: openrpc({
        params: [
          { name: "cursor", schema: { type: "string" } },
          { name: "page", schema: { type: "integer" } },
          ...others,
        ],
        result: {
          name: "list",
          schema: {
            type: "object",
            properties: { items: { type: "array" }, cursor: { type: "string" } },
          },
        },
        "x-pagination": pagination,
      }),
    });

describe("spec rules", () => {
  it("x-pagination: a cursor walk names its cursor and next cursor; a keyset needs the cursor it continues by", () => {
    const paginated = paginatedWith([{ name: "before", schema: { type: "string" } }]);
    expect(
      paginated({ style: "cursor", cursor: "cursor", nextCursor: "cursor", items: "items" }),
    ).toEqual([]);
    expect(paginated({ style: "cursor", cursor: "cursor", items: "items" })).toEqual([
      "t #/methods/0 (getThing): x-pagination needs cursor and nextCursor",
    ]);
    expect(paginated({ style: "page", page: "page", items: "items", keyset: ["before"] })).toEqual([
      "t #/methods/0 (getThing): x-pagination.keyset lists the params that change how a walk goes on (a walk with one of them continues by cursor, or refuses to start), and needs cursor",
    ]);
  });

  it("x-pagination.keysetWhen: a page walk's param path and a value that path takes, with a cursor", () => {
    const paginated = paginatedWith([
      {
        name: "sortBy",
        schema: {
          type: "object",
          properties: { sortBy: { enum: ["id", "created"] }, asc: { type: "boolean" } },
        },
      },
    ]);
    const walk = { style: "page", page: "page", cursor: "cursor", items: "items" };
    const at = "t #/methods/0 (getThing): x-pagination.keysetWhen";
    expect(paginated({ ...walk, keysetWhen: { param: "sortBy.sortBy", equals: "id" } })).toEqual(
      [],
    );
    expect(paginated({ ...walk, keysetWhen: { param: "sortBy.asc", equals: true } })).toEqual([]);
    // A misspelt path or value would never match: the walk would go by page without a word.
    expect(paginated({ ...walk, keysetWhen: { param: "sortBy.sortby", equals: "id" } })).toEqual([
      `${at}.param: "sortBy.sortby" is not a param path of the operation (dot-separated, from the params)`,
    ]);
    expect(paginated({ ...walk, keysetWhen: { param: "sortBy.sortBy", equals: "ID" } })).toEqual([
      `${at}.equals: "ID" is not a value sortBy.sortBy takes`,
    ]);
    expect(paginated({ ...walk, keysetWhen: { param: "sortBy.asc", equals: "yes" } })).toEqual([
      `${at}.equals: "yes" is not a value sortBy.asc takes`,
    ]);
    const shape = `${at} is { param, equals }: a param path and the value of it that makes a page-style walk go by cursor from the start, and needs cursor`;
    for (const bad of [
      { ...walk, keysetWhen: "sortBy.sortBy=id" },
      { ...walk, keysetWhen: { param: "sortBy.sortBy" } },
      { ...walk, cursor: undefined, keysetWhen: { param: "sortBy.sortBy", equals: "id" } },
      { ...walk, style: "cursor", nextCursor: "cursor", keysetWhen: { param: "page", equals: 1 } },
    ])
      expect(paginated(bad), JSON.stringify(bad)).toContain(shape);
  });

  it("x-pagination: a result property is one the result declares, not a member every object has (constructor, toString, __proto__)", () => {
    const paginated = paginatedWith([]);
    const cursorWalk = { style: "cursor", cursor: "cursor", items: "items" };
    const missing = (key: string, name: string) =>
      `t #/methods/0 (getThing): x-pagination.${key}: "${name}" is not a property of the result (paths are dot-separated, from the result)`;
    // (Before the rules shared one property-path walk, `nextCursor: constructor` passed without a
    // word, and `hasMore: toString` was said to be "not a boolean".)
    expect(paginated({ ...cursorWalk, nextCursor: "constructor" })).toEqual([
      missing("nextCursor", "constructor"),
    ]);
    expect(paginated({ ...cursorWalk, nextCursor: "cursor", hasMore: "toString" })).toEqual([
      missing("hasMore", "toString"),
    ]);
    expect(paginated({ ...cursorWalk, nextCursor: "cursor", items: "__proto__" })).toEqual([
      missing("items", "__proto__"),
    ]);
    // `skipped` (DAS errors) is a result array too.
    expect(paginated({ ...cursorWalk, nextCursor: "cursor", skipped: "errors" })).toEqual([
      missing("skipped", "errors"),
    ]);
  });
});
