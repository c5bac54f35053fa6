/**
 * Examples mode: a list answer is the spec's example taken as the whole list, cut into the pages
 * the request asks for (`limit`, `page` or one of the mock's cursors), its paging fields naming
 * that page (user trial 66, F9: `limit=1` answered 3 balances and `pagination.limit: 100`).
 * test/contract/pagination.test.ts walks these pages with the clients.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMock, type MockServer } from "./index.js";
import { callMock, rpcRequest } from "./test-support.js";

const WALLET = "5tzFkiKscXHK5ZXCGbXZxdw7gTjjD1mBwuoFbhUvuAi9";
const OWNER = "5cgtSJbb8f675Bsq4m2J6MZk61x1fTgS53C6Po2MttGV";
const TOKEN_OWNER = "7aYvkYMd9PFm7x96o4xhpQ19stiQgzYXDD4Cg5EHFdEi";

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0, quiet: true });
});
afterAll(() => mock?.stop());

const rest = async (path: string) => {
  const r = await callMock(mock.url, `${path}${path.includes("?") ? "&" : "?"}api-key=k`);
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  expect(r.headers.get("sl-violations")).toBeNull();
  return r.body;
};
const rpc = async (method: string, params: unknown) => {
  const r = await callMock(mock.url, "/?api-key=k", { body: rpcRequest(method, params) });
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  expect(r.body.error, r.text.slice(0, 300)).toBeUndefined();
  return r.body.result;
};
const mints = (balances: Array<{ mint: string }>) => balances.map((b) => b.mint);

describe("examples mode: the example cut into the pages asked for", () => {
  it("wallet getBalances: `limit` items of page `page`, the pagination naming both, hasMore until the example's last item; totalUsdValue the page's", async () => {
    const whole = await rest(`/v1/wallet/${WALLET}/balances`);
    expect(whole.balances).toHaveLength(3);
    expect(whole.pagination).toEqual({ page: 1, limit: 100, hasMore: false });

    const pages = [];
    for (const page of [1, 2, 3, 4])
      pages.push(await rest(`/v1/wallet/${WALLET}/balances?limit=1&page=${page}`));
    expect(pages.map((p) => p.pagination)).toEqual([
      { page: 1, limit: 1, hasMore: true },
      { page: 2, limit: 1, hasMore: true },
      { page: 3, limit: 1, hasMore: false },
      { page: 4, limit: 1, hasMore: false },
    ]);
    expect(pages.flatMap((p) => mints(p.balances))).toEqual(mints(whole.balances));
    expect(pages.map((p) => p.totalUsdValue)).toEqual([
      ...whole.balances.map((b: { usdValue: number }) => b.usdValue),
      0,
    ]);

    const two = await rest(`/v1/wallet/${WALLET}/balances?limit=2&page=2`);
    expect(mints(two.balances)).toEqual(mints(whole.balances).slice(2));
    expect(two.pagination).toEqual({ page: 2, limit: 2, hasMore: false });
  });

  // (Page 2 keeping them passed every mock test: mutation 74, M25.)
  it('wallet getBalances: the example\'s nfts, "first page only", on page 1 alone', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const path = `/v1/wallet/${WALLET}/balances?limit=1&page=${page}&showNfts=true&api-key=k`;
      const r = await callMock(mock.url, path, { headers: { prefer: "example=withNfts" } });
      expect(r.status, r.text.slice(0, 300)).toBe(200);
      pages.push(r.body);
    }
    expect(pages[0].nfts).toHaveLength(2);
    expect(pages.slice(1).map((p) => "nfts" in p)).toEqual([false, false]);
  });

  it("wallet getTransfers: `limit` items, then one of the mock's cursors to the next; the last page names none", async () => {
    const whole = await rest(`/v1/wallet/${WALLET}/transfers`);
    expect(whole.data).toHaveLength(2);
    const first = await rest(`/v1/wallet/${WALLET}/transfers?limit=1`);
    expect(first.data).toEqual(whole.data.slice(0, 1));
    expect(first.pagination.hasMore).toBe(true);
    expect(first.pagination.nextCursor).toEqual(expect.any(String));
    const second = await rest(
      `/v1/wallet/${WALLET}/transfers?limit=1&cursor=${first.pagination.nextCursor}`,
    );
    expect(second.data).toEqual(whole.data.slice(1, 2));
    expect(second.pagination).toEqual({ hasMore: false, nextCursor: null });
  });

  it("DAS getAssetsByOwner: `limit` items of page `page`, `limit`, `page` and `total` naming that page; past the items an empty page", async () => {
    const params = { ownerAddress: OWNER, page: 1, limit: 50 };
    const whole = await rpc("getAssetsByOwner", params);
    expect(whole.items).toHaveLength(2);
    const pages = [];
    for (const page of [1, 2, 3])
      pages.push(await rpc("getAssetsByOwner", { ...params, page, limit: 1 }));
    expect(pages.map((p) => [p.page, p.limit, p.total, p.items.length])).toEqual([
      [1, 1, 1, 1],
      [2, 1, 1, 1],
      [3, 1, 0, 0],
    ]);
    expect(pages.flatMap((p) => p.items.map((i: { id: string }) => i.id))).toEqual(
      whole.items.map((i: { id: string }) => i.id),
    );
  });

  it("compression getCompressedTokenAccountsByOwner: `limit` items, then one of the mock's cursors to the next", async () => {
    const whole = await rpc("getCompressedTokenAccountsByOwner", {
      owner: TOKEN_OWNER,
      limit: 100,
    });
    expect(whole.value.items).toHaveLength(2);
    const first = await rpc("getCompressedTokenAccountsByOwner", { owner: TOKEN_OWNER, limit: 1 });
    expect(first.value.items).toEqual(whole.value.items.slice(0, 1));
    expect(first.value.cursor).toEqual(expect.any(String));
    const second = await rpc("getCompressedTokenAccountsByOwner", {
      owner: TOKEN_OWNER,
      limit: 1,
      cursor: first.value.cursor,
    });
    expect(second.value.items).toEqual(whole.value.items.slice(1, 2));
    expect(second.value.cursor).toBeNull();
  });

  it("a limit above the example's items, or none: the example as written", async () => {
    const whole = await rest(`/v1/wallet/${WALLET}/balances`);
    const big = await rest(`/v1/wallet/${WALLET}/balances?limit=50`);
    expect(big).toEqual({ ...whole, pagination: { ...whole.pagination, limit: 50 } });
  });
});
