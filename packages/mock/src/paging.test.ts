import { describe, expect, it } from "vitest";
import { followPaging, PAGE_FILL_MAX, pagingOf, WALK_PAGES } from "./paging.js";

describe("followPaging: a page's skipped entries (DAS errors)", () => {
  const paging = pagingOf(
    { style: "page", page: "page", limit: "limit", items: "items", skipped: "errors" },
    {},
    {},
  )!;
  const answer = (items: number, errors: number) => ({
    limit: 10,
    items: Array.from({ length: items }, (_, i) => ({ id: `a${i}` })),
    errors: Array.from({ length: errors }, (_, i) => ({ id: `e${i}`, error: "x" })),
  });

  it("keeps them within what the items leave of the page size, as the walk counts them", () => {
    const out = followPaging(paging, { page: 1, limit: 3 }, answer(2, 4), "s", "op") as any;
    expect(out.items).toHaveLength(2);
    expect(out.errors).toHaveLength(1);
    const full = followPaging(paging, { page: 1, limit: 5 }, answer(5, 4), "s", "op") as any;
    expect(full.errors).toEqual([]);
  });

  it("gives none on an empty page, so a walk past the last page ends (generated errors alone never would)", () => {
    const past = followPaging(paging, { page: WALK_PAGES + 1, limit: 3 }, answer(2, 4), "s", "op");
    expect(past).toMatchObject({ items: [], errors: [] });
    const empty = followPaging(paging, { page: 1, limit: 3 }, answer(0, 4), "s", "op");
    expect(empty).toMatchObject({ items: [], errors: [] });
  });
});

describe("followPaging: a page-style list walked by cursor (DAS by keyset)", () => {
  it("names no page (a generated one was a random number)", () => {
    const paging = pagingOf(
      {
        style: "page",
        page: "page",
        limit: "limit",
        items: "items",
        echoedPage: "page",
        cursor: "cursor",
        keyset: ["before", "after", "cursor"],
      },
      {},
      {},
    )!;
    const out = followPaging(
      paging,
      { cursor: "abc", limit: 2 },
      { page: 23496793, limit: 2, items: [{ id: "a" }], cursor: "x" },
      "s",
      "op",
    );
    expect(JSON.parse(JSON.stringify(out))).not.toHaveProperty("page");
    const byPage = followPaging(paging, { page: 2, limit: 2 }, { page: 9, items: [] }, "s", "op");
    expect(byPage).toMatchObject({ page: 2 });
  });
});

describe("followPaging: a DAS page filled up to the limit asked for", () => {
  const das = pagingOf(
    { style: "page", page: "page", limit: "limit", items: "items", skipped: "errors" },
    {},
    {},
  )!;
  const answer = {
    limit: 1,
    items: [
      { id: "A1", content: { name: "one" } },
      { id: "A2", content: { name: "two" } },
      { id: "A3", content: { name: "three" } },
    ],
    errors: [{ id: "E1", error: "x" }],
  };
  const page = (params: object, paging = das, result: object = answer) =>
    followPaging(paging, params, result, "s", "op") as any;

  it("items and errors together are the limit: the items' copies, taken in turn, each with its own id", () => {
    const out = page({ page: 2, limit: 10 });
    expect(out.items).toHaveLength(9);
    expect(out.errors).toEqual(answer.errors);
    expect(out.items.slice(0, 3)).toEqual(answer.items);
    expect(out.items.map((i: any) => i.content.name)).toEqual([
      "one",
      "two",
      "three",
      "one",
      "two",
      "three",
      "one",
      "two",
      "three",
    ]);
    const ids = out.items.map((i: any) => i.id);
    expect(new Set(ids).size).toBe(9);
    for (const id of ids.slice(3)) expect(id).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(page({ page: 2, limit: 10 })).toEqual(out); // the same answer, the same copies
    expect(answer.items).toHaveLength(3); // (the answer given is not changed)
  });

  it(`at most PAGE_FILL_MAX (${PAGE_FILL_MAX}) entries, whatever the limit`, () => {
    expect(page({ limit: PAGE_FILL_MAX }).items).toHaveLength(PAGE_FILL_MAX - 1);
    expect(page({ limit: 1000 }).items).toHaveLength(PAGE_FILL_MAX - 1);
    expect(page({ limit: 1000 }).limit).toBe(1000);
  });

  it("a print edition gets its own mint and edition account", () => {
    const editions = pagingOf({ style: "page", limit: "limit", items: "editions" }, {}, {})!;
    const print = { mint: "M1", edition_address: "EA1", edition: 1 };
    const out = page({ limit: 4 }, editions, { editions: [print] });
    expect(out.editions).toHaveLength(4);
    expect(new Set(out.editions.map((e: any) => e.mint)).size).toBe(4);
    expect(new Set(out.editions.map((e: any) => e.edition_address)).size).toBe(4);
  });

  it("not without a limit, not past the last page, not a list that says hasMore (wallet)", () => {
    expect(page({ page: 1 }).items).toHaveLength(1); // the page size the answer names
    expect(page({ page: WALK_PAGES + 1, limit: 10 })).toMatchObject({ items: [], errors: [] });
    const wallet = pagingOf(
      { style: "page", limit: "limit", items: "items", hasMore: "more" },
      {},
      {},
    )!;
    expect(page({ limit: 10 }, wallet, { ...answer, more: true }).items).toHaveLength(3);
  });
});
