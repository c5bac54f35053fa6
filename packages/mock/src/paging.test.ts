import { describe, expect, it } from "vitest";
import { DEFAULT_WALK, followPaging, pagingOf, WALK_BOUNDS, walkRule } from "./paging.js";

/** The default walk: 5 pages, DAS pages filled to at most 50 entries. */
const { walkPages: WALK_PAGES, pageFill: PAGE_FILL } = DEFAULT_WALK;

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

  it(`at most PAGE_FILL (${PAGE_FILL}) entries, whatever the limit`, () => {
    expect(page({ limit: PAGE_FILL }).items).toHaveLength(PAGE_FILL - 1);
    expect(page({ limit: 1000 }).items).toHaveLength(PAGE_FILL - 1);
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

describe("followPaging: the walk's shape (walkPages, pageFill)", () => {
  const das = pagingOf(
    { style: "page", page: "page", limit: "limit", items: "items", skipped: "errors" },
    {},
    {},
  )!;
  const generated = {
    limit: 1,
    items: [{ id: "A1" }, { id: "A2" }, { id: "A3" }],
    errors: [{ id: "E1", error: "x" }],
  };
  const walk = { walkPages: 3, pageFill: 1000 };

  it("a DAS page of limit 1000 is filled to 1000 entries with pageFill 1000; walkPages 3 ends it after page 3", () => {
    const entries = [1, 2, 3, 4].map((page) => {
      const out = followPaging(das, { page, limit: 1000 }, generated, "s", "op", walk) as any;
      return out.items.length + out.errors.length;
    });
    expect(entries).toEqual([1000, 1000, 1000, 0]);
    const small = followPaging(das, { limit: 1000 }, generated, "s", "op", {
      walkPages: 3,
      pageFill: 7,
    }) as any;
    expect(small.items.length + small.errors.length).toBe(7);
  });

  it("hasMore is true before page walkPages, false on it", () => {
    const wallet = pagingOf(
      { style: "page", page: "page", limit: "limit", items: "items", hasMore: "more" },
      {},
      {},
    )!;
    const more = [11, 12, 13].map(
      (page) =>
        (
          followPaging(wallet, { page, limit: 2 }, { items: [1], more: true }, "s", "op", {
            walkPages: 12,
            pageFill: 50,
          }) as any
        ).more,
    );
    expect(more).toEqual([true, false, false]);
  });

  it("a cursor walk names a next cursor until page walkPages (past 9 too), each cursor new", () => {
    const byCursor = pagingOf(
      { style: "cursor", cursor: "cursor", limit: "limit", items: "items", nextCursor: "cursor" },
      {},
      {},
    )!;
    for (const walkPages of [1, 3, 12, 60, 1000]) {
      const cursors: string[] = [];
      let cursor: string | undefined;
      do {
        const out = followPaging(
          byCursor,
          { limit: 2, ...(cursor && { cursor }) },
          { items: [1, 2], cursor: "generated" },
          "s",
          "op",
          { walkPages, pageFill: 50 },
        ) as any;
        cursor = out.cursor;
        if (cursor) cursors.push(cursor);
        if (cursors.length > walkPages) throw new Error(`walkPages ${walkPages}: no end`);
      } while (cursor);
      expect(cursors, `walkPages ${walkPages}`).toHaveLength(walkPages - 1);
      expect(new Set(cursors).size).toBe(walkPages - 1);
      for (const c of cursors) expect(c).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32}$/);
    }
  });

  it("a cursor the mock did not make asks for page 1 (a walk from a client's cursor goes on)", () => {
    const byCursor = pagingOf(
      { style: "cursor", cursor: "cursor", limit: "limit", items: "items", nextCursor: "cursor" },
      {},
      {},
    )!;
    for (const cursor of [
      "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
      "x5",
      "abc9",
      "11111111111111111111111111111112",
    ]) {
      const out = followPaging(byCursor, { cursor }, { items: [1], cursor: "g" }, "s", "op", {
        walkPages: 2,
        pageFill: 50,
      }) as any;
      expect(out.cursor, cursor).toBeDefined();
    }
  });
});

describe("walkRule", () => {
  it("a whole number from 1 to the bound", () => {
    expect(walkRule("walkPages", 1)).toBeUndefined();
    expect(walkRule("walkPages", WALK_BOUNDS.walkPages)).toBeUndefined();
    expect(walkRule("pageFill", WALK_BOUNDS.pageFill)).toBeUndefined();
    for (const bad of [0, -1, 1.5, NaN, Infinity, WALK_BOUNDS.walkPages + 1, "5"])
      expect(walkRule("walkPages", bad), String(bad)).toBe(
        `a whole number from 1 to ${WALK_BOUNDS.walkPages}`,
      );
  });
});
