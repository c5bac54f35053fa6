import { createHash } from "node:crypto";
import { fromBase58 } from "@chaindata/core";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_WALK,
  followPaging,
  pageSeed,
  pagingOf,
  type Paging,
  WALK_BOUNDS,
  walkOf,
  walkRule,
} from "./paging.js";

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
    // (3000: the bound, past the 2,000 pages where a client's memory of the cursors it sent stops
    // growing; a cursor names its page in two base58 digits, user trial 64, F3.)
    for (const walkPages of [1, 3, 12, 60, 1000, 3000]) {
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

  it("the last page of a cursor walk holds cursor: null where the schema requires it, else none", () => {
    const list = (required: string[]) => ({
      required,
      properties: { items: { type: "array" }, cursor: { type: ["string", "null"] } },
    });
    const descriptor = { style: "cursor", items: "items" };
    const last = (paging: any) =>
      followPaging(paging, {}, { items: [1], cursor: "g" }, "s", "op", {
        walkPages: 1,
        pageFill: 50,
      });
    // (Compression: the service writes `cursor: null` on its last page.)
    expect(last(pagingOf(descriptor, {}, list(["items", "cursor"])))).toEqual({
      items: [1],
      cursor: null,
    });
    // (DAS keyset lists and the wallet leave the field out; so does a branch not requiring it.)
    expect(last(pagingOf(descriptor, {}, list(["items"])))).toEqual({ items: [1] });
    expect(last(pagingOf(descriptor, {}, { anyOf: [list(["cursor"]), list([])] }))).toEqual({
      items: [1],
    });
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

describe("pagingOf", () => {
  it("reads every member of x-pagination, and names the defaults of the others", () => {
    expect(
      pagingOf(
        {
          style: "cursor",
          page: "p",
          cursor: "c",
          limit: "l",
          items: "list",
          skipped: "errors",
          nextCursor: "next",
          hasMore: "more",
          echoedPage: "pageNo",
          echoedLimit: "size",
          keyset: ["before", 5],
          keysetWhen: { param: "sortBy", equals: "id" },
        },
        {},
        {},
      ),
    ).toEqual({
      style: "cursor",
      page: "p",
      cursor: "c",
      limit: "l",
      items: "list",
      skipped: "errors",
      nextCursor: "next",
      hasMore: "more",
      echoedPage: "pageNo",
      echoedLimit: "size",
      keyset: ["before", "5"],
      keysetWhen: { param: "sortBy", equals: "id" },
      cursorLength: 32,
    });
    expect(pagingOf({ items: "items", limit: "limit" }, {}, {})).toEqual({
      style: "page",
      page: "page",
      cursor: "cursor",
      limit: "limit",
      items: "items",
      nextCursor: "cursor",
      echoedLimit: "limit",
      keyset: [],
      cursorLength: 32,
    });
    const members = [
      "page",
      "cursor",
      "limit",
      "skipped",
      "nextCursor",
      "hasMore",
      "echoedPage",
      "echoedLimit",
    ];
    const numbers = Object.fromEntries(members.map((name) => [name, 1]));
    expect(
      pagingOf({ style: "x", items: "items", ...numbers, keyset: "a", keysetWhen: "b" }, {}, {}),
    ).toEqual({
      style: "page",
      page: "page",
      cursor: "cursor",
      items: "items",
      nextCursor: "cursor",
      keyset: [],
      cursorLength: 32,
    });
    for (const descriptor of [undefined, null, "items", [], {}, { items: 5 }])
      expect(pagingOf(descriptor, {}, {}), String(descriptor)).toBeUndefined();
  });

  it("makes cursors of a length the next-cursor field's schemas take ($refs and branches followed)", () => {
    const lengthOf = (schema: object, nextCursor = "cursor", doc: object = {}) =>
      pagingOf({ items: "items", nextCursor }, doc, { properties: { [nextCursor]: schema } })!
        .cursorLength;
    expect(lengthOf({ type: "string", pattern: "^[1-9A-HJ-NP-Za-km-z]{32,44}$" })).toBe(44);
    expect(lengthOf({ pattern: "^[0-9a-f]{88}$" })).toBe(88);
    expect(lengthOf({ pattern: "^[a-z]{10,}" })).toBe(10); // (no upper bound: the lower)
    expect(lengthOf({ pattern: "^a{5}b$" })).toBe(32); // (a bound not at the end: not the length)
    expect(lengthOf({ pattern: "a{40}" })).toBe(40);
    expect(lengthOf({ pattern: 40 })).toBe(32);
    expect(lengthOf({ minLength: 50 })).toBe(50);
    expect(lengthOf({ maxLength: 20 })).toBe(20);
    expect(lengthOf({ maxLength: 2 })).toBe(4); // (the least a cursor naming a page takes)
    expect(lengthOf({ pattern: "^x{10,60}$", maxLength: 50, minLength: "9" })).toBe(50);
    expect(lengthOf({ pattern: "^x{10,60}$", minLength: 70, maxLength: "9" })).toBe(70);
    expect(lengthOf({ type: "string" })).toBe(32);
    const doc = {
      components: {
        schemas: {
          "Sig/nature~": { pattern: "^[1-9A-HJ-NP-Za-km-z]{87,88}$" },
          Loop: { $ref: "#/components/schemas/Loop" },
          Deep: { anyOf: [{ $ref: "#/components/schemas/Deep" }] },
        },
      },
    };
    // a member of a member, behind a $ref (escaped), in an anyOf / oneOf / allOf branch
    const nested = (branch: string) =>
      pagingOf({ items: "items", nextCursor: "page.next" }, doc, {
        [branch]: [
          { type: "null" },
          {
            properties: {
              page: { properties: { next: { $ref: "#/components/schemas/Sig~1nature~0" } } },
            },
          },
        ],
      })!.cursorLength;
    expect(["anyOf", "oneOf", "allOf"].map(nested)).toEqual([88, 88, 88]);
    // a $ref to itself, or a branch that is its own schema, ends
    expect(lengthOf({ $ref: "#/components/schemas/Loop" }, "cursor", doc)).toBe(32);
    expect(lengthOf({ $ref: "#/components/schemas/Deep" }, "cursor", doc)).toBe(32);
    expect(lengthOf({ $ref: "#/components/schemas/Missing/x" }, "cursor", doc)).toBe(32);
  });

  it("makes cursors that decode to the bytes x-base58-bytes counts, as the client checks a cursor it sends back", () => {
    const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    const shapeOf = (pattern: string, bytes: number) =>
      pagingOf({ style: "cursor", items: "items" }, {}, { properties: { cursor: { pattern, "x-base58-bytes": bytes } } })!; // prettier-ignore
    for (const [pattern, bytes, length] of [
      ["^[1-9A-HJ-NP-Za-km-z]{32,44}$", 32, 44], // (a hash: compression's cursor)
      ["^[1-9A-HJ-NP-Za-km-z]{64,88}$", 64, 88], // (a signature)
      ["^[1-9A-HJ-NP-Za-km-z]{32,45}$", 32, 44], // (45 characters hold no 32 bytes)
      // (58^86 is between 2^503 and 2^504: a lead of 1 makes 63 bytes, so the lead is 2.)
      ["^[1-9A-HJ-NP-Za-km-z]{64,87}$", 64, 87],
      // (58^15 is between 2^87 and 2^88: 16 characters hold 11 bytes only if the digits after a
      // lead of 1 are small, so the cursor is 15 characters.)
      ["^[1-9A-HJ-NP-Za-km-z]{11,16}$", 11, 15],
      // (2 × 58^8 ≤ 2^48 < 3 × 58^8: only a lead of 1 makes 6 bytes of 9 characters.)
      ["^[1-9A-HJ-NP-Za-km-z]{6,9}$", 6, 9],
    ] as const) {
      const paging = shapeOf(pattern, bytes);
      const { cursorLength, cursorLead } = paging;
      expect([cursorLength, typeof cursorLead], pattern).toEqual([length, "number"]);
      // Whatever follows its first digit (the rest is a hash's, the page number's).
      for (const rest of ["1", "z", "P"])
        expect(fromBase58(BASE58[cursorLead!] + rest.repeat(length - 1))!.length).toBe(bytes);
      // And the cursor a page names is made with that digit.
      const { cursor } = followPaging(paging, {}, { items: [1], cursor: "x" }, "s", "op") as any;
      expect([cursor.length, fromBase58(cursor)!.length], pattern).toEqual([length, bytes]);
    }
    // Without the keyword, no lead: the cursor is a hash's alone.
    expect(pagingOf({ items: "items" }, {}, { properties: { cursor: { pattern: "^a{5}$" } } })).not.toHaveProperty("cursorLead"); // prettier-ignore
  });
});

describe("walkOf", () => {
  it("a request's preference, each alone, else the mock's", () => {
    const mock = { walkPages: 7, pageFill: 9 };
    expect(walkOf({}, mock)).toEqual(mock);
    expect(walkOf({ walkPages: 2 }, mock)).toEqual({ walkPages: 2, pageFill: 9 });
    expect(walkOf({ pageFill: 3 }, mock)).toEqual({ walkPages: 7, pageFill: 3 });
  });
});

describe("pageSeed", () => {
  const byPage = pagingOf(
    { style: "page", page: "page", items: "items", keyset: ["after"] },
    {},
    {},
  )!;
  const byCursor = pagingOf({ style: "cursor", cursor: "cursor", items: "items" }, {}, {})!;

  it("the seed for a first page; with the page or cursor asked for after it; none without a seed", () => {
    expect(pageSeed(byPage, { page: 2 }, undefined)).toBeUndefined();
    expect(pageSeed(byPage, "page=2", "s")).toBe("s");
    expect(pageSeed(byPage, {}, "s")).toBe("s");
    expect(pageSeed(byPage, { page: 1 }, "s")).toBe("s");
    expect(pageSeed(byPage, { page: "1" }, "s")).toBe("s");
    expect(pageSeed(byPage, { page: 2 }, "s")).toBe("s/page=2");
    expect(pageSeed(byPage, { page: "3" }, "s")).toBe("s/page=3");
    expect(pageSeed(byCursor, {}, "s")).toBe("s");
    expect(pageSeed(byCursor, { cursor: "abc" }, "s")).toBe("s/cursor=abc");
    // a page-style list sent a keyset param is walked by cursor
    expect(pageSeed(byPage, { after: "x", page: 2 }, "s")).toBe("s");
  });
});

describe("followPaging: what a page answers", () => {
  const das = pagingOf(
    { style: "page", page: "page", limit: "limit", items: "items", echoedPage: "page" },
    {},
    {},
  )!;
  const follow = (paging: Paging, params: unknown, result: unknown, walk = DEFAULT_WALK) =>
    followPaging(paging, params, result, "s", "op", walk) as any;

  it("an answer that is no object, as it is", () => {
    expect(follow(das, { limit: 2 }, null)).toBeNull();
    expect(follow(das, { limit: 2 }, [1, 2, 3])).toEqual([1, 2, 3]);
  });

  it("the page and limit asked for echoed where the answer has them (digits of a query too), else as they were", () => {
    const answer = { page: 9, limit: 4, items: [{ id: "a" }] };
    expect(follow(das, { page: "3", limit: "2" }, answer)).toMatchObject({ page: 3, limit: 2 });
    expect(follow(das, { page: 2n, limit: 2n }, answer)).toMatchObject({ page: 2, limit: 2 });
    // not a whole number ≥ 1: page 1, the answer's limit
    for (const bad of ["3x", "x3", " 3", "", 0, -2, 1.5, "2.5", 2 ** 60, null, { n: 3 }])
      expect(follow(das, { page: bad, limit: bad }, answer), String(bad)).toMatchObject({
        page: 1,
        limit: 4,
      });
    expect(follow(das, { page: "33" }, answer).page).toBe(33);
    const plain = follow(das, { page: 2, limit: 3 }, { items: [{ id: "a" }] });
    expect(Object.keys(plain)).toEqual(["items"]);
    expect(follow(das, {}, { items: [] })).toEqual({ items: [] });
  });

  it("an answer without its list: nothing to cut or fill", () => {
    const skipping = pagingOf({ limit: "limit", items: "items", skipped: "errors" }, {}, {})!;
    expect(follow(skipping, { limit: 2 }, { limit: 5, errors: [1, 2, 3] })).toEqual({
      limit: 2,
      errors: [],
    });
    expect(follow(das, { limit: 2 }, { items: "none" })).toEqual({ items: "none" });
  });

  it("a list walked by cursor is neither filled nor cut to a page the limit does not ask for", () => {
    const byCursor = pagingOf(
      { style: "cursor", cursor: "cursor", limit: "limit", items: "items" },
      {},
      {},
    )!;
    expect(follow(byCursor, { limit: 10 }, { items: [{ id: "a" }] }).items).toEqual([{ id: "a" }]);
  });

  it("copies fill a page: each object's identities made anew (32-byte addresses), not others; other items as they are", () => {
    const fill = pagingOf({ limit: "limit", items: "items" }, {}, {})!;
    expect(follow(fill, { limit: 4 }, { items: [5, "x"] }).items).toEqual([5, "x", 5, "x"]);
    const out = follow(fill, { limit: 3 }, { items: [{ name: "n" }] }).items;
    expect(out).toEqual([{ name: "n" }, { name: "n" }, { name: "n" }]);
    // (an id whose made address starts with zero bytes: `1`s, one per byte)
    const ids = follow(fill, { limit: 400 }, { items: [{ id: "a" }] }).items.map((i: any) => i.id);
    expect(ids.some((id: string) => id.startsWith("1"))).toBe(true);
    for (const id of ids.slice(1)) expect(fromBase58(id), id).toHaveLength(32);
  });

  it("DAS: a next cursor (the last asset's id) only where the answer has one and no page was asked", () => {
    const items = [{ id: "a" }, { id: "b" }, { id: "c" }];
    expect(follow(das, { limit: 3 }, { items, cursor: "x" }).cursor).toBe("c");
    expect(follow(das, { page: 1, limit: 3 }, { items, cursor: "x" })).not.toHaveProperty("cursor");
    expect(follow(das, { limit: 3 }, { items })).not.toHaveProperty("cursor");
    expect(follow(das, { limit: 3 }, { items: [{ id: 5 }], cursor: "x" })).not.toHaveProperty(
      "cursor",
    );
    expect(follow(das, { limit: 3 }, { items: [7], cursor: "x" })).not.toHaveProperty("cursor");
    expect(follow(das, { limit: 3 }, { cursor: "x" })).not.toHaveProperty("cursor");
  });

  it("DAS without paging params: a cursor (the last asset's id) and no page echoed, as a keyset answer has none (review 72, F5)", () => {
    // (getAssetsByOwner's x-pagination.)
    const owner = pagingOf(
      {
        style: "page",
        page: "page",
        limit: "limit",
        items: "items",
        skipped: "errors",
        echoedPage: "page",
        cursor: "cursor",
        keyset: ["before", "after", "cursor"],
      },
      {},
      {},
    )!;
    const items = [{ id: "a" }, { id: "b" }];
    const plain = follow(owner, { limit: 2 }, { page: 4, items, cursor: "x" });
    expect(plain).not.toHaveProperty("page");
    expect(plain.cursor).toBe("b");
    // A page asked for is echoed, with no cursor.
    expect(follow(owner, { page: 3, limit: 2 }, { page: 4, items, cursor: "x" })).toEqual({
      page: 3,
      items,
    });
    // getNftEditions (no cursor, no keyset): page-based whatever is sent, its page 1 echoed.
    const editions = pagingOf(
      { style: "page", page: "page", limit: "limit", items: "editions", echoedPage: "page" },
      {},
      {},
    )!;
    expect(follow(editions, { limit: 2 }, { page: 4, editions: [{}] }).page).toBe(1);
  });

  it("DAS by keyset: the keysetWhen value without a page walks by cursor (a cursor of the mock's, no page)", () => {
    const keyset = pagingOf(
      {
        style: "page",
        page: "page",
        items: "items",
        echoedPage: "page",
        keysetWhen: { param: "sortBy", equals: "id" },
      },
      {},
      {},
    )!;
    const answer = { page: 4, items: [{ id: "a" }], cursor: "x" };
    const byCursor = follow(keyset, { sortBy: "id" }, answer);
    expect(byCursor).not.toHaveProperty("page");
    expect(byCursor.cursor).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32}$/);
    expect(follow(keyset, { sortBy: "id", page: 2 }, answer)).toEqual({
      page: 2,
      items: [{ id: "a" }],
    });
    expect(follow(keyset, { sortBy: "name" }, answer)).toEqual({
      page: 1,
      items: [{ id: "a" }],
      cursor: "a",
    });
  });
});

describe("followPaging: cursors", () => {
  const nested = pagingOf(
    {
      style: "cursor",
      cursor: "cursor",
      items: "data.items",
      nextCursor: "data.paging.next",
      hasMore: "data.paging.more",
      echoedPage: "data.paging.page",
    },
    {},
    {},
  )!;
  const answer = { data: { items: [1], paging: { next: "g", more: false, page: 7 } } };
  const next = (
    params: object,
    walk = { walkPages: 3, pageFill: 50 },
    seed = "s",
    operation = "op",
  ) => (followPaging(nested, params, answer, seed, operation, walk) as any).data.paging;

  it("set at a path, with hasMore, no page; none after page walkPages, nor where the answer has no object for it", () => {
    const first = next({});
    expect(first).toEqual({
      next: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32}$/),
      more: true,
    });
    const last = next({ cursor: next({ cursor: first.next }).next });
    expect(last).toEqual({ more: false });
    expect(Object.keys(last)).toEqual(["more"]);
    const bare = followPaging(nested, {}, { data: { items: [1] } }, "s", "op");
    expect(bare).toEqual({ data: { items: [1] } });
    expect(followPaging(nested, {}, {}, "s", "op")).toEqual({});
  });

  it("made from the seed, the operation and the cursor sent (an empty cursor is none)", () => {
    const cursors = [
      next({}).next,
      next({}, undefined, "t").next,
      next({}, undefined, "s", "op2").next,
      next({ cursor: "foreign" }).next,
    ];
    expect(new Set(cursors).size).toBe(4);
    expect(next({ cursor: "" }).next).toBe(cursors[0]);
    expect(next({}).next).toBe(cursors[0]);
  });

  it("a cursor of 4 characters (a schema's least) still names its page", () => {
    const short = pagingOf(
      { style: "cursor", items: "items" },
      {},
      {
        properties: { cursor: { maxLength: 4 } },
      },
    )!;
    const pages: string[] = [];
    let cursor: string | undefined;
    do {
      cursor = (
        followPaging(short, cursor ? { cursor } : {}, { items: [1], cursor: "g" }, "s", "op", {
          walkPages: 4,
          pageFill: 50,
        }) as any
      ).cursor;
      if (cursor) pages.push(cursor);
    } while (cursor && pages.length < 10);
    expect(pages).toHaveLength(3);
    for (const c of pages) expect(c).toHaveLength(4);
  });

  it("a cursor not of the mock's asks for page 1: a check digit that does not match, a page number not in base58, page 0 or 1", () => {
    // (the mock's cursor: a body, its check digit, then the page in two base58 digits)
    const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    const check = (body: string, page: number) =>
      BASE58[createHash("sha256").update(`${body}\0${page}`).digest()[0]! % 58]!;
    const wrongCheck = (body: string, page: number) =>
      BASE58[(BASE58.indexOf(check(body, page)) + 1) % 58]!;
    const body = "abcdefghijk";
    const walk = { walkPages: 2, pageFill: 50 };
    // the mock's cursor naming page 2 ends a walk of 2 pages:
    expect(next({ cursor: `${body}${check(body, 2)}13` }, walk)).toEqual({ more: false });
    const foreign = [
      `${body}${wrongCheck(body, 2)}13`,
      `${check("", 2)}13`, // (too short to be the mock's: 3 characters)
      // "0" and "O" are not base58: page 1*58-1 = 57 and -58+2 if read as -1
      `${body}${check(body, 57)}20`,
      `${body}${check(body, -56)}O3`,
      `${body}${check(body, 0)}11`,
      `${body}${check(body, 1)}12`,
    ];
    for (const cursor of foreign) expect(next({ cursor }, walk).more, cursor).toBe(true);
    // a walk of 1 page: page 0 or 1 named is page 1, which has no next page
    const one = { walkPages: 1, pageFill: 50 };
    for (const cursor of foreign.slice(4))
      expect(next({ cursor }, one), cursor).toEqual({ more: false });
  });
});
