import { describe, expect, it } from "vitest";
import { followPaging, pagingOf, WALK_PAGES } from "./paging.js";

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
