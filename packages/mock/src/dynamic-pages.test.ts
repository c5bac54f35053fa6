/**
 * Page walks over generated DAS lists with the page sizes a UI uses (README, "Page walks in
 * dynamic mode"): a DAS walk ends on a page shorter than its `limit` (items and `errors`
 * together), so a generated page is filled up to `limit` (at most PAGE_FILL). Walked with the
 * SDK's own `paginate`. (User trial 31, F5: with `limit` 10, every page held 3 items and 3 errors,
 * and the walk ended after its first page, "All loaded".)
 */
import { paginate, type PaginationDescriptor } from "@chaindata/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringifyJson } from "./json.js";
import { startMock, type MockServer } from "./index.js";
import { DEFAULT_WALK } from "./paging.js";
import { callMock } from "./test-support.js";

/** The default walk: 5 pages, DAS pages filled to at most 50 entries. */
const { walkPages: WALK_PAGES, pageFill: PAGE_FILL } = DEFAULT_WALK;

const KEY = "test-key";
const OWNER = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";

/** The DAS lists that page by number (spec/openrpc/das.yaml, `x-pagination`), what names an item. */
const byPage = (items: string, skipped?: string): PaginationDescriptor => ({
  style: "page",
  page: "page",
  limit: "limit",
  items,
  ...(skipped && { skipped }),
  echoedPage: "page",
  cursor: "cursor",
  keyset: ["before", "after", "cursor"],
});
const LISTS = [
  {
    method: "getAssetsByOwner",
    params: { ownerAddress: OWNER },
    paging: byPage("items", "errors"),
    key: "id",
  },
  {
    method: "getAssetsByAuthority",
    params: { authorityAddress: OWNER },
    paging: byPage("items", "errors"),
    key: "id",
  },
  { method: "getNftEditions", params: { mint: OWNER }, paging: byPage("editions"), key: "mint" },
];

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0, quiet: true, mode: "dynamic", seed: "pages" });
});
afterAll(() => mock?.stop());

async function rpc(method: string, params: unknown, headers?: Record<string, string>) {
  const r = await callMock(mock.url, `/?api-key=${KEY}`, {
    body: { jsonrpc: "2.0", id: "1", method, params },
    ...(headers && { headers }),
  });
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  return r.body.result;
}

/** The SDK's walk of `method` from `params`: every page's result, and the violations logged. */
async function walk(list: (typeof LISTS)[number], params: object) {
  mock.clearRequests();
  const pages: any[] = [];
  const walker = paginate((p) => rpc(list.method, p), list.paging, params, {
    operation: list.method,
  });
  for await (const page of walker.pages()) {
    pages.push(page);
    if (pages.length > 20) throw new Error("the walk did not end");
  }
  const violations = mock.requests().flatMap((r) => r.violations);
  return { pages, requests: mock.requests().length, violations };
}

const entries = (list: (typeof LISTS)[number], page: any) =>
  page[list.paging.items].length + (list.paging.skipped ? page[list.paging.skipped].length : 0);

describe("dynamic mode: a DAS walk with the page size of a UI", () => {
  it.each(LISTS.flatMap((l) => [10, PAGE_FILL].map((limit) => [l.method, limit, l] as const)))(
    "%s, limit %d: full pages (items and errors together), then an empty one",
    async (_method, limit, list) => {
      const { pages, requests, violations } = await walk(list, { ...list.params, limit });
      expect(violations).toEqual([]);
      // (the SDK yields the empty page after the last too: it is the one that ends the walk)
      expect(requests).toBe(WALK_PAGES + 1);
      expect(pages.map((p) => entries(list, p))).toEqual([...Array(WALK_PAGES).fill(limit), 0]);
      pages.forEach((page, i) => {
        expect(page.page).toBe(i + 1);
        expect(page.limit).toBe(limit);
        if (page.total !== undefined) expect(page.total).toBe(page[list.paging.items].length);
      });
      // each item its own: a copy that fills a page has its own id (an edition its own mint)
      const keys = pages.flatMap((p) => p[list.paging.items].map((item: any) => item[list.key]));
      expect(new Set(keys).size).toBe(keys.length);
      for (const key of keys) expect(key).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    },
  );

  it("a print edition's number follows on from the page before", async () => {
    const list = LISTS.find((l) => l.method === "getNftEditions")!;
    const { pages } = await walk(list, { ...list.params, limit: 10 });
    const numbers = pages.flatMap((p) => p.editions.map((e: any) => e.edition));
    expect(numbers).toEqual(Array.from({ length: WALK_PAGES * 10 }, (_, i) => i + 1));
  });

  it(`a limit above ${PAGE_FILL}: pages of ${PAGE_FILL}, short, so the walk ends after one`, async () => {
    for (const list of LISTS) {
      const { pages, requests } = await walk(list, { ...list.params, limit: 100 });
      expect(requests, list.method).toBe(1);
      expect(
        pages.map((p) => entries(list, p)),
        list.method,
      ).toEqual([PAGE_FILL]);
      expect(pages[0].limit, list.method).toBe(100);
    }
  });

  it("by keyset (sorted by id): full pages, until the last names no cursor", async () => {
    const list = LISTS[0]!;
    const sorted = { ...list.params, limit: 10, sortBy: { sortBy: "id" } };
    const { pages, requests, violations } = await walk(
      { ...list, paging: { ...list.paging, keysetWhen: { param: "sortBy.sortBy", equals: "id" } } },
      sorted,
    );
    expect(violations).toEqual([]);
    expect(requests).toBe(WALK_PAGES);
    expect(pages.map((p) => entries(list, p))).toEqual(Array(WALK_PAGES).fill(10));
    expect(pages.at(-1).cursor).toBeUndefined();
  });

  it("the same seed gives the same pages, digit for digit", async () => {
    const list = LISTS[0]!;
    const first = await walk(list, { ...list.params, limit: 10 });
    const again = await walk(list, { ...list.params, limit: 10 });
    expect(stringifyJson(again.pages)).toBe(stringifyJson(first.pages));
  });

  it("wallet balances (which say hasMore) and the spec's examples are not filled", async () => {
    const wallet = await callMock(mock.url, `/v1/wallet/${OWNER}/balances?api-key=${KEY}&limit=10`);
    expect(wallet.status).toBe(200);
    expect(wallet.body.balances.length).toBeLessThanOrEqual(3);
    expect(wallet.body.pagination).toMatchObject({ limit: 10, hasMore: true });
    const example = await rpc(
      "getAssetsByOwner",
      { ownerAddress: OWNER, page: 1, limit: 10 },
      { Prefer: "dynamic=false" },
    );
    expect(example.items.length).toBeLessThan(10);
  });
});

describe("dynamic mode: a walk of the shape the mock is started with (walkPages, pageFill)", () => {
  let shaped: MockServer;
  beforeAll(async () => {
    shaped = await startMock({
      port: 0,
      quiet: true,
      mode: "dynamic",
      seed: "pages",
      walkPages: 3,
      pageFill: 1000,
    });
  });
  afterAll(() => shaped?.stop());

  /** The SDK's walk of `list` on `on`, with `headers`: every page, and how many requests. */
  async function walkOn(
    on: MockServer,
    list: (typeof LISTS)[number],
    params: object,
    headers?: Record<string, string>,
  ) {
    on.clearRequests();
    const pages: any[] = [];
    const call = async (p: unknown) => {
      const r = await callMock(on.url, `/?api-key=${KEY}`, {
        body: { jsonrpc: "2.0", id: "1", method: list.method, params: p },
        ...(headers && { headers }),
      });
      expect(r.status, r.text.slice(0, 300)).toBe(200);
      return r.body.result;
    };
    for await (const page of paginate(call, list.paging, params, {
      operation: list.method,
    }).pages()) {
      pages.push(page);
      if (pages.length > 20) throw new Error("the walk did not end");
    }
    return {
      pages,
      requests: on.requests().length,
      violations: on.requests().flatMap((r) => r.violations),
    };
  }

  it.each(LISTS.map((l) => [l.method, l] as const))(
    "%s, limit 1000: 3 full pages of 1000 entries, then an empty one; every item its own",
    async (_method, list) => {
      const { pages, requests, violations } = await walkOn(shaped, list, {
        ...list.params,
        limit: 1000,
      });
      expect(violations).toEqual([]);
      expect(requests).toBe(4);
      expect(pages.map((p) => entries(list, p))).toEqual([1000, 1000, 1000, 0]);
      const keys = pages.flatMap((p) => p[list.paging.items].map((item: any) => item[list.key]));
      expect(new Set(keys).size).toBe(keys.length);
    },
  );

  it("a request's Prefer: walk-pages=, page-fill= shapes its walk instead", async () => {
    const list = LISTS[0]!;
    const { pages, requests } = await walkOn(
      shaped,
      list,
      { ...list.params, limit: 100 },
      {
        Prefer: "walk-pages=2, page-fill=100",
      },
    );
    expect(requests).toBe(3);
    expect(pages.map((p) => entries(list, p))).toEqual([100, 100, 0]);
    // and on a mock of the default shape
    const more = await walkOn(
      mock,
      list,
      { ...list.params, limit: 60 },
      { Prefer: "walk-pages=7, page-fill=60" },
    );
    expect(more.pages.map((p) => entries(list, p))).toEqual([...Array(7).fill(60), 0]);
  });

  it("a bad Prefer: walk-pages= or page-fill= is the mock's 422, naming the rule", async () => {
    for (const [prefer, says] of [
      ["walk-pages=0", "walk-pages must be a whole number from 1 to 3000"],
      ["walk-pages=3001", "walk-pages must be a whole number from 1 to 3000"],
      ["page-fill=1001", "page-fill must be a whole number from 1 to 1000"],
      ["page-fill=abc", "page-fill must be a whole number from 1 to 1000"],
      ["page-fill=2.5", "page-fill must be a whole number from 1 to 1000"],
    ]) {
      const r = await callMock(shaped.url, `/?api-key=${KEY}`, {
        body: {
          jsonrpc: "2.0",
          id: 1,
          method: "getAssetsByOwner",
          params: { ownerAddress: OWNER, limit: 10 },
        },
        headers: { Prefer: prefer! },
      });
      expect(r.status, prefer).toBe(422);
      expect(r.body.error.message, prefer).toBe(`Mock: Prefer: ${prefer}: ${says}`);
    }
  });
});
