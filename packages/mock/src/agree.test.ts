/**
 * agree.ts: each operation's generated values agree with each other (unit), and the mock's generated
 * answers come out that way, seed after seed (a u64 past 2^53 among them). test/contract validates
 * every generated answer against the spec's schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agree, AGREE, MAX_USD } from "./agree.js";
import { startMock, type MockServer } from "./index.js";
import { loadSpec } from "./spec.js";
import { callMock } from "./test-support.js";

const A = "7aYvkYMd9PFm7x96o4xhpQ19stiQgzYXDD4Cg5EHFdEi";
const B = "HBft1JpdWQtL8h3cWq1amnprK88551u8JVZEVxgWBRHy";
const SOL = "So11111111111111111111111111111111111111112";
/** A balances request without the native token, which page 1 would otherwise make of its first. */
const TOKENS_ONLY = { query: { showNative: "false" } };
const cents = (x: number) => Math.round(x * 100) / 100;
/** A raw amount after `decimals`, as a client computes a UI amount. */
const ui = (raw: number | bigint, decimals: number) => Number(raw) / 10 ** decimals;

describe("agree", () => {
  it("wallet balances: usdValue = balance × pricePerToken in cents (null without a price), native first then by USD value, totalUsdValue their sum; nfts only with showNfts=true on page 1", () => {
    const result = {
      balances: [
        { mint: A, balance: 2.123456789, decimals: 2, pricePerToken: 10, usdValue: 7 },
        { mint: B, balance: 5, decimals: 0, pricePerToken: null, usdValue: 3 },
        { mint: SOL, balance: 0.5, decimals: 9, pricePerToken: 100, usdValue: 1 },
        { mint: B, balance: 1000, decimals: 6, pricePerToken: 0.333, usdValue: 9 },
      ],
      nfts: [{ mint: A, compressed: false }],
      totalUsdValue: 12345,
      pagination: { page: 1, limit: 100, hasMore: false },
    };
    const out = agree("getBalances", { query: { showNfts: "true" } }, result) as any;
    expect(out.balances).toEqual([
      { mint: SOL, balance: 0.5, decimals: 9, pricePerToken: 100, usdValue: 50 },
      { mint: B, balance: 1000, decimals: 6, pricePerToken: 0.333, usdValue: 333 },
      // (a balance has no more decimal places than its mint)
      { mint: A, balance: 2.12, decimals: 2, pricePerToken: 10, usdValue: 21.2 },
      { mint: B, balance: 5, decimals: 0, pricePerToken: null, usdValue: null },
    ]);
    expect(out.totalUsdValue).toBe(404.2);
    expect(out.nfts).toEqual(result.nfts);
    expect(agree("getBalances", { query: {} }, result)).not.toHaveProperty("nfts");
    expect(
      agree("getBalances", { query: { showNfts: "true", page: "2" } }, result),
    ).not.toHaveProperty("nfts");
  });

  it("wallet balances: page 1 holds the native token, first, as the spec's SOL (its amount as drawn, its price SOL's); not with showNative=false, nor on page 2 (mock 70, F3)", () => {
    const drawn = {
      balances: [
        { mint: A, balance: 2.5, decimals: 2, pricePerToken: 4, tokenProgram: "token-2022" },
        { mint: B, balance: 1000, decimals: 0, pricePerToken: 1, symbol: "B", name: "Bee" },
      ],
      totalUsdValue: 0,
      pagination: { page: 1, limit: 2, hasMore: true },
    };
    const first = agree("getBalances", { query: { page: "1", limit: "2" } }, drawn) as any;
    // (B is worth more: only the native token's place is its own, first; its price SOL's, made
    // from the one drawn: 20 + (4 × 10^4 mod 280) = 260)
    expect(first.balances).toEqual([
      {
        mint: SOL,
        symbol: "SOL",
        name: "Solana",
        balance: 2.5,
        decimals: 9,
        pricePerToken: 260,
        usdValue: 650,
        tokenProgram: "spl-token",
      },
      {
        mint: B,
        balance: 1000,
        decimals: 0,
        pricePerToken: 1,
        usdValue: 1000,
        symbol: "B",
        name: "Bee",
      },
    ]);
    expect(first.totalUsdValue).toBe(1650);
    // A price drawn as any token's (0.003, none) is SOL's all the same; a balance worth over
    // MAX_USD at it is cut by tens, the price kept.
    for (const [pricePerToken, balance] of [
      [0.003, 2.5],
      [null, 2.5],
      [4, 1e12],
    ] as const) {
      const [native] = (
        agree(
          "getBalances",
          { query: { page: "1" } },
          { ...drawn, balances: [{ ...drawn.balances[0], pricePerToken, balance }] },
        ) as any
      ).balances;
      expect(native.pricePerToken, String(pricePerToken)).toBeGreaterThanOrEqual(20);
      expect(native.pricePerToken, String(pricePerToken)).toBeLessThan(300);
      expect(native.usdValue).toBeLessThanOrEqual(MAX_USD);
      expect(native.usdValue).toBe(cents(native.balance * native.pricePerToken));
    }
    const mints = (query: Record<string, string>) =>
      (agree("getBalances", { query }, drawn) as any).balances.map((b: any) => b.mint);
    expect(mints({})).toEqual([SOL, B]); // (showNative's default is true)
    expect(mints({ showNative: "true" })).toEqual([SOL, B]);
    expect(mints({ showNative: "false" })).toEqual([B, A]);
    expect(mints({ page: "2" })).toEqual([B, A]);
  });

  it("wallet balances of a walk (walkPages given): each page's values in its own band, page 1's highest; the unpriced on the last page only", () => {
    const page = (n: number, hasMore: boolean) =>
      agree(
        "getBalances",
        { query: { page: String(n), limit: "3" }, walkPages: 3 },
        {
          balances: [
            { mint: A, balance: 10, decimals: 0, pricePerToken: 0.5 },
            { mint: B, balance: 0, decimals: 0, pricePerToken: 1e6 },
            { mint: SOL, balance: 2, decimals: 9, pricePerToken: 100 },
            { mint: B, balance: 5, decimals: 0, pricePerToken: null },
          ],
          totalUsdValue: 0,
          pagination: { page: n, limit: 3, hasMore },
        },
      ) as any;
    const [one, two, three] = [page(1, true), page(2, true), page(3, false)];
    // the native token first, as generated: 2 × 100
    for (const p of [one, two, three])
      expect(p.balances[0]).toMatchObject({ mint: SOL, usdValue: 200 });
    const values = [one, two, three].flatMap((p) =>
      p.balances.slice(1).map((b: any) => b.usdValue ?? null),
    );
    const priced = values.slice(0, -1);
    // (the zero balance of the last page is worth 0, last of the priced)
    expect(priced.every((v) => typeof v === "number")).toBe(true);
    expect(priced.at(-1)).toBe(0);
    expect(priced).toEqual([...priced].sort((x, y) => y - x));
    // bands of 11/3 decades from MAX_USD down to a cent
    expect(Math.min(...one.balances.slice(1).map((b: any) => b.usdValue))).toBeGreaterThan(
      10 ** (9 - 11 / 3),
    );
    expect(Math.max(...three.balances.slice(1, -1).map((b: any) => b.usdValue))).toBeLessThan(
      10 ** (9 - 22 / 3),
    );
    // the unpriced token: valued before the last page (at its lowest), null on it, last
    expect(values.at(-1)).toBeNull();
    expect(three.balances.at(-1)).toMatchObject({ pricePerToken: null });
    // a zero balance before the last page is made one token, so it has a value
    for (const p of [one, two]) {
      const zero = p.balances.find((b: any) => b.pricePerToken !== null && b.balance === 1);
      expect(zero.usdValue).toBe(cents(zero.pricePerToken));
    }
    for (const p of [one, two, three])
      for (const b of p.balances)
        if (typeof b.pricePerToken === "number")
          expect(b.usdValue).toBe(cents(b.balance * b.pricePerToken));
  });

  it("a holding worth more than MAX_USD: the price is lower by powers of ten, the value still amount × price", () => {
    const out = agree("getBalances", TOKENS_ONLY, {
      balances: [{ mint: A, balance: 1e12, decimals: 0, pricePerToken: 3.5 }],
      totalUsdValue: 0,
    }) as any;
    const [item] = out.balances;
    expect(item.pricePerToken).toBeCloseTo(3.5e-4, 12);
    expect(item.usdValue).toBe(cents(1e12 * item.pricePerToken));
    expect(item.usdValue).toBeLessThanOrEqual(MAX_USD);
    expect(item.usdValue).toBeGreaterThan(MAX_USD / 10);
    expect(out.totalUsdValue).toBe(item.usdValue);
  });

  it("DAS asset: total_price = the raw balance (a u64, a bigint past 2^53) after decimals × price_per_token; the balance at most the supply; no total_price without a balance", () => {
    const big = 2n ** 62n + 12345n;
    const out = agree(
      "getAsset",
      { id: A },
      {
        id: A,
        token_info: {
          balance: big,
          supply: 1000,
          decimals: 6,
          price_info: { price_per_token: 0.02, currency: "USDC", total_price: 5 },
        },
      },
    ) as any;
    const info = out.token_info;
    expect([info.balance, info.supply]).toEqual([1000, big]); // (swapped: a holder holds part of it)
    expect(info.price_info.total_price).toBe(cents(ui(1000, 6) * 0.02));

    const whale = agree(
      "getAsset",
      {},
      {
        token_info: { balance: big, supply: big, decimals: 2, price_info: { price_per_token: 7 } },
      },
    ) as any;
    const price = whale.token_info.price_info;
    expect(price.total_price).toBeLessThanOrEqual(MAX_USD);
    expect(price.total_price).toBe(cents(ui(big, 2) * price.price_per_token));

    const none = agree(
      "getAsset",
      {},
      {
        token_info: { supply: 5, decimals: 0, price_info: { price_per_token: 1, total_price: 3 } },
      },
    ) as any;
    expect(none.token_info.price_info).toEqual({ price_per_token: 1 });
  });

  it("DAS page: total = the items; grand_total and nativeBalance only when the options ask, valued in SOL", () => {
    const result = {
      total: 9999,
      limit: 50,
      page: 1,
      grand_total: 1,
      items: [{ id: A }, { id: B }],
      nativeBalance: { lamports: 2_500_000_000, price_per_sol: 150, total_price: 1 },
    };
    const asked = agree(
      "getAssetsByOwner",
      { ownerAddress: A, options: { showGrandTotal: true, showNativeBalance: true } },
      result,
    ) as any;
    expect(asked.total).toBe(2);
    expect(asked.grand_total).toBe(2); // (at least the page's)
    // (SOL's price made from the one drawn: 20 + (150 × 10^4 mod 280) = 60)
    expect(asked.nativeBalance).toEqual({
      lamports: 2_500_000_000,
      price_per_sol: 60,
      total_price: 150,
    });
    // A price drawn as any token's, or none, is SOL's all the same; lamports worth over MAX_USD
    // at it are cut by tens, the price kept.
    for (const [drawn, lamports] of [
      [0.003, 2_500_000_000],
      [null, 2_500_000_000],
      [150, 9e18],
    ] as const) {
      const native = (
        agree(
          "getAssetsByOwner",
          { ownerAddress: A, options: { showNativeBalance: true } },
          { ...result, nativeBalance: { lamports, price_per_sol: drawn, total_price: 1 } },
        ) as any
      ).nativeBalance;
      expect(native.price_per_sol, String(drawn)).toBeGreaterThanOrEqual(20);
      expect(native.price_per_sol, String(drawn)).toBeLessThan(300);
      expect(native.total_price).toBeLessThanOrEqual(MAX_USD);
      expect(native.total_price).toBe(
        cents((Number(native.lamports) / 1e9) * native.price_per_sol),
      );
    }
    const plain = agree("getAssetsByOwner", { ownerAddress: A }, result) as any;
    expect(plain).not.toHaveProperty("grand_total");
    expect(plain).not.toHaveProperty("nativeBalance");
    expect(plain.total).toBe(2);
  });

  it("NFT editions: numbered from the page's first, burnt a boolean, total the page's, supply at least the highest number, max_supply 0 or at least the supply", () => {
    const keywords = { description: "Whether the edition has been burnt." };
    const out = agree(
      "getNftEditions",
      { mint: A, page: 3, limit: 10 },
      {
        total: 77,
        limit: 10,
        page: 3,
        supply: 2,
        max_supply: 5,
        editions: [
          { mint: A, edition: 900, burnt: keywords },
          { mint: B, edition: 1, burnt: true },
        ],
      },
    ) as any;
    expect(out.editions.map((e: any) => e.edition)).toEqual([21, 22]);
    expect(typeof out.editions[0].burnt).toBe("boolean");
    expect(out.editions[1].burnt).toBe(true);
    expect([out.total, out.supply, out.max_supply]).toEqual([2, 22, 22]);
    const unlimited = agree(
      "getNftEditions",
      {},
      { supply: 9, max_supply: 0, editions: [{}] },
    ) as any;
    expect([unlimited.supply, unlimited.max_supply]).toEqual([9, 0]);
  });

  it("transfers and funding: amountRaw the digits of amount with decimals (fewer decimals past a u64), newest first; funding: SOL's mint and 9 decimals, date = timestamp, the explorer URL of its signature", () => {
    const out = agree(
      "getTransfers",
      {},
      {
        data: [
          { timestamp: 100, amount: 1.23456, amountRaw: "7", decimals: 3 },
          { timestamp: 300, amount: 4.2e-7, amountRaw: "7", decimals: 9 },
          { timestamp: 200, amount: 123456, amountRaw: "7", decimals: 18 },
        ],
      },
    ) as any;
    expect(out.data).toEqual([
      { timestamp: 300, amount: 4.2e-7, amountRaw: "420", decimals: 9 },
      // (123456 × 10^18 passes a u64: 14 decimals)
      { timestamp: 200, amount: 123456, amountRaw: "12345600000000000000", decimals: 14 },
      { timestamp: 100, amount: 1.234, amountRaw: "1234", decimals: 3 },
    ]);
    const funded = agree(
      "getFundedBy",
      {},
      {
        mint: A,
        symbol: "SOL",
        amount: 0.5,
        amountRaw: "3",
        decimals: 2,
        signature: "5sig",
        timestamp: 1700000000,
        date: "2021-01-01T00:00:00Z",
        explorerUrl: "https://example.org/x",
      },
    );
    expect(funded).toEqual({
      mint: SOL,
      symbol: "SOL",
      amount: 0.5,
      amountRaw: "500000000",
      decimals: 9,
      signature: "5sig",
      timestamp: 1700000000,
      date: "2023-11-14T22:13:20.000Z",
      explorerUrl: "https://orbmarkets.io/tx/5sig",
    });
  });

  it("history: newest first (by slot, block times in the same order), SOL with 9 decimals, amounts within their decimals", () => {
    const out = agree(
      "getHistory",
      {},
      {
        data: [
          {
            slot: 10,
            timestamp: 500,
            balanceChanges: [{ mint: "SOL", amount: -0.1234567891234, decimals: 2 }],
          },
          { slot: 30, timestamp: null, balanceChanges: [] },
          { slot: 20, timestamp: 400, balanceChanges: [{ mint: A, amount: 1.987, decimals: 1 }] },
        ],
      },
    ) as any;
    expect(out.data.map((t: any) => [t.slot, t.timestamp])).toEqual([
      [30, null],
      [20, 500],
      [10, 400],
    ]);
    expect(out.data[1].balanceChanges[0]).toEqual({ mint: A, amount: 1.9, decimals: 1 });
    expect(out.data[2].balanceChanges[0]).toEqual({
      mint: "SOL",
      amount: -0.123456789,
      decimals: 9,
    });
  });

  it("usage: a cycle is a month from its start; creditsUsed regular plus prepaid, creditsRemaining the limit less the regular ones", () => {
    const out = agree(
      "getProjectUsage",
      {},
      {
        creditsUsed: 30,
        prepaidCreditsUsed: 5,
        creditsRemaining: 1,
        subscriptionDetails: {
          creditsLimit: 100,
          billingCycle: { start: "2024-01-31", end: "2020-01-01" },
        },
        creditCycle: { start: "2026-03-01", end: "2021-05-05" },
      },
    ) as any;
    expect([out.creditsUsed, out.creditsRemaining]).toEqual([35, 70]);
    expect(out.creditCycle).toEqual({ start: "2026-03-01", end: "2026-03-31" });
    expect(out.subscriptionDetails.billingCycle).toEqual({
      start: "2024-01-31",
      end: "2024-02-29",
    });
  });

  it("a generated name's symbol and description use its words, anywhere in the answer; other answers as they are", () => {
    const out = agree(
      "anything",
      {},
      {
        a: [{ name: "Neon Otter", symbol: "GKOI", description: "The Golden Koi community token." }],
        b: { name: "USD Coin", symbol: "USDC" },
      },
    );
    expect(out).toEqual({
      a: [{ name: "Neon Otter", symbol: "NOTTER", description: "The Neon Otter community token." }],
      b: { name: "USD Coin", symbol: "USDC" },
    });
  });

  it("AGREE names operations of the spec", () => {
    const spec = loadSpec();
    const ids = new Set(
      spec.areas.flatMap((a: any) =>
        a.kind === "openrpc"
          ? a.doc.methods.map((m: any) => m.name)
          : Object.values<any>(a.doc.paths).flatMap((item) =>
              Object.values<any>(item).map((op) => op?.operationId),
            ),
      ),
    );
    for (const name of Object.keys(AGREE)) expect(ids, name).toContain(name);
  });
});

describe("agree: values that are not what the rule reads", () => {
  /** FNV-1a (32 bits) of `text`: the burnt flag of a generated edition is the mint's hash % 8 === 0. */
  const fnv1a = (text: string) => {
    let h = 0x811c9dc5;
    for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
    return h;
  };

  it("objects shared in the answer (a filled DAS page's copies) stay shared", () => {
    const shared = { name: "Neon Otter", symbol: "GKOI", description: "The Golden Koi token." };
    const out = agree("anything", {}, { a: shared, b: [shared] }) as any;
    expect(out.a).toBe(out.b[0]);
    expect(out.a).toEqual({ ...shared, symbol: "NOTTER", description: "The Neon Otter token." });
  });

  it("DAS: no total_price without decimals; the page's total and grand_total from its items; an untyped or unbounded grand_total", () => {
    const asset = agree(
      "getAsset",
      {},
      { token_info: { balance: 5, supply: 9, price_info: { price_per_token: 2, total_price: 7 } } },
    ) as any;
    expect(asset.token_info.price_info).toEqual({ price_per_token: 2 });
    const options = { showGrandTotal: true };
    const page = (result: object) => agree("getAssetsByOwner", { options }, result) as any;
    expect(page({ total: 4 }).total).toBe(0);
    expect(page({ grand_total: 7, items: [{}, {}] }).grand_total).toBe(7);
    expect(page({ grand_total: "x", items: [] }).grand_total).toBe(0);
    expect(page({ grand_total: "x", items: [{}] }).grand_total).toBe(1);
  });

  it("editions: numbered by the answer's page size (else the request's); a page or size not a whole number ≥ 1 is 1; burnt by the mint's hash", () => {
    const numbers = (params: object, result: object) =>
      (
        agree("getNftEditions", params, {
          ...result,
          editions: [{ edition: 0 }, { edition: 0 }],
        }) as any
      ).editions.map((e: any) => e.edition);
    expect(numbers({ page: 2 }, { limit: 10 })).toEqual([11, 12]);
    expect(numbers({ page: "2", limit: 5 }, {})).toEqual([6, 7]);
    expect(numbers({ page: 2, limit: 5 }, { limit: 1 })).toEqual([2, 3]);
    for (const bad of [0, -1, 1.5, "x", "2x", 2 ** 60])
      expect(numbers({ page: bad, limit: bad }, {}), String(bad)).toEqual([1, 2]);
    const mints = Array.from({ length: 24 }, (_, i) => `Mint${i}`);
    const out = agree(
      "getNftEditions",
      {},
      {
        editions: mints.map((mint) => ({ mint, burnt: { type: "keywords" } })),
      },
    ) as any;
    const burnt = out.editions.map((e: any) => e.burnt);
    expect(burnt).toEqual(mints.map((m) => fnv1a(m) % 8 === 0));
    expect(burnt).toContain(true);
    expect(burnt).toContain(false);
  });

  it("wallet balances: a balance that is no number has no USD value, and sorts after a holding worth 0", () => {
    const out = agree("getBalances", TOKENS_ONLY, {
      balances: [
        { mint: A, balance: null, decimals: 2, pricePerToken: 3, usdValue: 5 },
        { mint: B, balance: 0, decimals: 2, pricePerToken: 3, usdValue: 5 },
      ],
    }) as any;
    expect(out.balances).toEqual([
      { mint: B, balance: 0, decimals: 2, pricePerToken: 3, usdValue: 0 },
      { mint: A, balance: null, decimals: 2, pricePerToken: 3, usdValue: null },
    ]);
    // nfts on page 1 only: a page that is not a whole number ≥ 1 is page 1
    for (const page of ["0", "x", "1"])
      expect(
        agree("getBalances", { query: { showNfts: "true", page } }, { nfts: [] }),
        page,
      ).toHaveProperty("nfts");
  });

  it("funding: not SOL keeps its mint and decimals; no timestamp or signature keeps the date and URL", () => {
    const funding = {
      mint: A,
      symbol: "USDC",
      amount: 1.5,
      amountRaw: "3",
      decimals: 6,
      date: "2021-01-01T00:00:00Z",
      explorerUrl: "https://example.org/x",
    };
    expect(agree("getFundedBy", {}, funding)).toEqual({ ...funding, amountRaw: "1500000" });
  });

  it("transfers: an amount that is no number or negative, or no decimals, stays; 0 is 0 raw; a raw amount that is no string stays; past a u64 even without decimals", () => {
    const raw = (item: object) => (agree("getTransfers", {}, { data: [item] }) as any).data[0];
    for (const item of [
      { amount: "1", amountRaw: "7", decimals: 2 },
      { amount: -1, amountRaw: "7", decimals: 2 },
      { amount: 1, amountRaw: "7" },
      { amount: 1, amountRaw: "7", decimals: "2" },
    ])
      expect(raw(item), JSON.stringify(item)).toEqual(item);
    expect(raw({ amount: 0, amountRaw: "7", decimals: 2 })).toEqual({
      amount: 0,
      amountRaw: "0",
      decimals: 2,
    });
    expect(raw({ amount: 2.5, amountRaw: null, decimals: 1 })).toEqual({
      amount: 2.5,
      amountRaw: null,
      decimals: 1,
    });
    expect(raw({ amount: 1e20, amountRaw: "7", decimals: 2 })).toEqual({
      amount: 1e20,
      amountRaw: "100000000000000000000",
      decimals: 0,
    });
  });

  it("transfers and funding: a raw amount drawn past 2^53 (a u64's digits) stays, and the amount follows it (user trial 56, F5)", () => {
    const raw = (item: object) => (agree("getTransfers", {}, { data: [item] }) as any).data[0];
    expect(raw({ amount: 2.5, amountRaw: "18446744073709551615", decimals: 6 })).toEqual({
      amount: Number("18446744073709.551615"), // (the nearest double: a literal would lose digits)
      amountRaw: "18446744073709551615",
      decimals: 6,
    });
    // (2^53 itself, and past a u64, are not such a draw: the amount gives the digits.)
    expect(raw({ amount: 2.5, amountRaw: "9007199254740991", decimals: 1 }).amountRaw).toBe("25");
    expect(raw({ amount: 2.5, amountRaw: "18446744073709551616", decimals: 1 }).amountRaw).toBe(
      "25",
    );
    const funded = agree(
      "getFundedBy",
      {},
      { symbol: "SOL", amount: 0.5, amountRaw: "9007199254740993", decimals: 2 },
    );
    expect(funded).toMatchObject({
      amount: 9007199.254740993,
      amountRaw: "9007199254740993",
      decimals: 9,
    });
  });

  it("history: equal slots keep their order", () => {
    const out = agree(
      "getHistory",
      {},
      {
        data: [
          { slot: 5, n: 1 },
          { slot: 3, n: 2 },
          { slot: 5, n: 3 },
          { slot: 9, n: 4 },
        ],
      },
    ) as any;
    expect(out.data.map((t: any) => t.n)).toEqual([4, 1, 3, 2]);
  });

  it("usage: a count that is not a number stays; a cycle whose start is no YYYY-MM-DD date keeps its end", () => {
    const cycle = (start: unknown) =>
      (agree("getProjectUsage", {}, { creditCycle: { start, end: "E" } }) as any).creditCycle.end;
    for (const start of ["x2024-01-31", "2024-01-31x", "2024-1-31", 20240131, undefined])
      expect(cycle(start), String(start)).toBe("E");
    const counts = (result: object) => agree("getProjectUsage", {}, result) as any;
    expect(counts({ creditsUsed: 30, creditsRemaining: 1 })).toEqual({
      creditsUsed: 30,
      creditsRemaining: 1,
    });
    expect(counts({ creditsUsed: null, prepaidCreditsUsed: 5 })).toEqual({
      creditsUsed: null,
      prepaidCreditsUsed: 5,
    });
    expect(
      counts({ creditsRemaining: 1, subscriptionDetails: { creditsLimit: 100 } }),
    ).toMatchObject({ creditsRemaining: 1 });
  });
});

describe("agree: edge values (StrykerJS timeouts checked by hand)", () => {
  it("edits only objects, and adds no member the answer does not have", () => {
    expect(agree("getAsset", {}, null)).toBeNull();
    expect(agree("getAssetBatch", {}, [null])).toEqual([null]);
    expect(agree("getAssetsByOwner", {}, { items: [] })).toEqual({ items: [] });
  });

  it("editions: a supply or max_supply that is no integer stays; one above the highest stays; past 2^53 a bigint", () => {
    const editions = (result: object) =>
      agree("getNftEditions", {}, { ...result, editions: [{ edition: 0 }] }) as any;
    expect(editions({ supply: "x", max_supply: 5 })).toMatchObject({ supply: "x", max_supply: 5 });
    expect(editions({ supply: 2, max_supply: "x" })).toMatchObject({ supply: 2, max_supply: "x" });
    expect(editions({ supply: 2, max_supply: 30 })).toMatchObject({ supply: 2, max_supply: 30 });
    const big = 2n ** 60n + 1n;
    expect(editions({ supply: big, max_supply: 5 }).max_supply).toBe(big);
    const safest = BigInt(Number.MAX_SAFE_INTEGER);
    expect(editions({ supply: safest, max_supply: 5 }).max_supply).toBe(Number.MAX_SAFE_INTEGER);
    const page = (p: unknown) =>
      (agree("getNftEditions", { page: p, limit: 2 }, { editions: [{ edition: 0 }] }) as any)
        .editions[0].edition;
    expect([page("12"), page(" 3"), page(true)]).toEqual([23, 1, 1]);
  });

  it("values: a price that is no number values nothing; a holding of 2e9 USD is priced down; no decimals cuts nothing; a cut to zero is 0, not -0", () => {
    const unpriced = agree(
      "getAsset",
      {},
      {
        token_info: { balance: 5, decimals: 0, price_info: { total_price: 3 } },
      },
    ) as any;
    expect(unpriced.token_info.price_info).toEqual({ total_price: 3 });
    const rich = agree("getBalances", TOKENS_ONLY, {
      balances: [{ mint: A, balance: 1e6, decimals: 0, pricePerToken: 2000 }],
    }) as any;
    expect(rich.balances[0].usdValue).toBeLessThanOrEqual(MAX_USD);
    expect(rich.balances[0].pricePerToken).toBe(200);
    const undecided = agree("getBalances", TOKENS_ONLY, {
      balances: [{ mint: A, balance: 1.23456, pricePerToken: null }],
    }) as any;
    expect(undecided.balances[0].balance).toBe(1.23456);
    const history = agree(
      "getHistory",
      {},
      {
        data: [{ slot: 1, balanceChanges: [{ mint: A, amount: -0.001, decimals: 2 }] }],
      },
    ) as any;
    expect(Object.is(history.data[0].balanceChanges[0].amount, 0)).toBe(true);
  });
});

// -- through the mock ---------------------------------------------------------------------------

describe("the mock's generated answers agree", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ port: 0, quiet: true, mode: "dynamic" });
  });
  afterAll(() => mock?.stop());
  const rpc = async (method: string, params: unknown, seed: string) =>
    (
      await callMock(mock.url, "/?api-key=k", {
        body: { jsonrpc: "2.0", id: 1, method, params },
        headers: { prefer: `seed=${seed}` },
      })
    ).body.result;
  const SEEDS = Array.from({ length: 12 }, (_, i) => `agree-${i}`);

  it("wallet balances: usdValue = balance × price, totalUsdValue = their sum", async () => {
    let priced = 0;
    for (const seed of SEEDS) {
      const r = await callMock(mock.url, `/v1/wallet/${A}/balances?api-key=k&page=1&limit=100`, {
        headers: { prefer: `seed=${seed}` },
      });
      const items: any[] = r.body.balances;
      let sum = 0;
      for (const b of items) {
        if (typeof b.pricePerToken !== "number") {
          if ("usdValue" in b) expect(b.usdValue, seed).toBeNull();
          continue;
        }
        priced++;
        expect(b.usdValue, seed).toBe(cents(b.balance * b.pricePerToken));
        sum += b.usdValue;
      }
      expect(r.body.totalUsdValue, seed).toBe(cents(sum));
      // The native token first, whatever it is worth, then the others by USD value (mock 70, F3).
      expect(items[0], seed).toMatchObject({ mint: SOL, symbol: "SOL", decimals: 9 });
      expect(
        items.filter((b) => b.mint === SOL),
        seed,
      ).toHaveLength(1);
      const values = items.slice(1).map((b) => b.usdValue ?? -1);
      expect(values, seed).toEqual([...values].sort((x, y) => y - x));
      expect(r.body, seed).not.toHaveProperty("nfts");
    }
    expect(priced).toBeGreaterThan(5);
  });

  it("wallet balances: the native token on page 1 only, none with showNative=false; the same answer for the same seed (mock 70, F3)", async () => {
    const balancesOf = async (query: string, seed: string) =>
      (
        await callMock(mock.url, `/v1/wallet/${A}/balances?api-key=k&limit=3${query}`, {
          headers: { prefer: `seed=${seed}` },
        })
      ).body;
    for (const seed of SEEDS.slice(0, 4)) {
      const first = await balancesOf("&page=1", seed);
      expect(first.balances[0].mint, seed).toBe(SOL);
      // (SOL's price, never any token's: it was 0.65, 0.44 or null for some seeds)
      expect(first.balances[0].pricePerToken, seed).toBeGreaterThanOrEqual(20);
      expect(first.balances[0].pricePerToken, seed).toBeLessThan(300);
      expect(await balancesOf("&page=1", seed), seed).toEqual(first);
      for (const query of ["&page=2", "&page=1&showNative=false"]) {
        const page = await balancesOf(query, seed);
        expect(page.balances.length, `${seed}${query}`).toBeGreaterThan(0);
        expect(
          page.balances.filter((b: any) => b.mint === SOL),
          `${seed}${query}`,
        ).toEqual([]);
      }
    }
  });

  it("wallet balances: a page walk's USD values descend across its pages, the unpriced after all priced (wallet 69, F5)", async () => {
    // (Each page was sorted alone: page 2's first token was often worth more than page 1's last.)
    let walked = 0;
    for (const seed of SEEDS.slice(0, 6)) {
      const values: Array<number | null> = [];
      for (let page = 1; page <= 6; page++) {
        const r = await callMock(
          mock.url,
          `/v1/wallet/${A}/balances?api-key=k&page=${page}&limit=3`,
          { headers: { prefer: `seed=${seed}` } },
        );
        const items: any[] = r.body.balances;
        for (const b of items) {
          if (b.mint === SOL) continue; // (the native token first, whatever it is worth)
          values.push(typeof b.usdValue === "number" ? b.usdValue : null);
          if (typeof b.pricePerToken === "number")
            expect(b.usdValue, seed).toBe(cents(b.balance * b.pricePerToken));
        }
        if (!r.body.pagination.hasMore) break;
      }
      walked += values.length;
      const priced = values.filter((v): v is number => v !== null);
      expect(values, seed).toEqual([...priced, ...values.filter((v) => v === null)]);
      expect(priced, seed).toEqual([...priced].sort((x, y) => y - x));
    }
    expect(walked).toBeGreaterThan(20);
  });

  it("DAS: total_price = balance after decimals × price, u64 values past 2^53 among them; total = the items", async () => {
    let past = 0;
    let valuedItems = 0;
    // (A balance past 2^53 needs its supply past 2^53 too, the balance being at most the supply:
    // about one valued item in 16. So SEEDS and then more, until one comes: which seeds show one
    // moves whenever the generator draws its random numbers otherwise.)
    for (let i = 0; i < SEEDS.length || (past === 0 && i < 64); i++) {
      const seed = `agree-${i}`;
      const page = await rpc(
        "getAssetsByOwner",
        { ownerAddress: A, page: 1, limit: 50, options: { showFungible: true } },
        seed,
      );
      expect(page.total, seed).toBe(page.items.length);
      expect(page, seed).not.toHaveProperty("nativeBalance");
      expect(page, seed).not.toHaveProperty("cursor"); // (a page was asked)
      for (const item of page.items) {
        const info = item.token_info;
        if (typeof info?.balance !== "number" && typeof info?.balance !== "bigint") continue;
        if (typeof info.price_info?.price_per_token !== "number") continue;
        valuedItems++;
        if (typeof info.balance === "bigint") past++;
        const total = info.price_info.total_price;
        expect(total, seed).toBe(
          cents(ui(info.balance, info.decimals) * info.price_info.price_per_token),
        );
        expect(total, seed).toBeLessThanOrEqual(MAX_USD);
        if (info.supply !== undefined)
          expect(BigInt(info.balance) <= BigInt(info.supply), seed).toBe(true);
      }
    }
    expect(valuedItems).toBeGreaterThan(10);
    expect(past).toBeGreaterThan(0);
  });

  it("generated strings look like what they are: a collection's name, symbol and description agree, traits vary, domains are domains, editions' burnt is a boolean", async () => {
    const traits = new Set<string>();
    for (const seed of SEEDS) {
      const asset = await rpc("getAsset", { id: A }, seed);
      for (const g of asset.grouping ?? []) {
        const c = g.collection_metadata;
        if (!c?.name) continue;
        expect(c.name, seed).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
        const [adjective, noun] = c.name.split(" ");
        expect(c.symbol, seed).toBe(`${adjective[0]}${noun}`.toUpperCase());
        expect(c.description, seed).toContain(c.name);
      }
      for (const t of asset.content?.metadata?.attributes ?? []) {
        expect(typeof t.value, seed).toBe("string");
        traits.add(t.trait_type);
      }
      const editions = await rpc("getNftEditions", { mint: A, page: 1, limit: 10 }, seed);
      for (const e of editions.editions) expect(typeof e.burnt, seed).toBe("boolean");
      const identity = await callMock(mock.url, `/v1/wallet/${A}/identity?api-key=k`, {
        headers: { prefer: `seed=${seed}` },
      });
      for (const d of identity.body.domainNames ?? [])
        expect(d, seed).toMatch(/^[a-z]+\d*\.[a-z]+$/);
    }
    expect(traits.size).toBeGreaterThan(2);
  });
});
