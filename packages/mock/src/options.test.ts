/**
 * `startMock`'s options are checked (trial 13: `{ bogus: 1 }`, `seed: 42` were taken silently;
 * `logLimit` 0 and -1 kept 1 entry, NaN every one), and the request log answers what tests ask:
 * `?since=`, `?limit=`, `?operation=`, with an entry's memory bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMock, type MockOptions, type MockServer } from "./index.js";

describe("startMock options", () => {
  it("refuses an unknown option, naming the ones there are; and a value of another type", async () => {
    await expect(startMock({ port: 0, quiet: true, bogus: 1 } as MockOptions)).rejects.toThrow(
      '@chaindata/mock: startMock: unknown option "bogus" (the options are port, host, mode, specDir, quiet, logRequests, seed, walkPages, pageFill, print, logLimit, allowedHosts)',
    );
    await expect(startMock({ port: 0, quiet: true, seed: 42 } as never)).rejects.toThrow(
      "@chaindata/mock: startMock: options.seed must be a string (got number)",
    );
    await expect(startMock({ port: "0" } as never)).rejects.toThrow(
      "options.port must be a number (got string)",
    );
  });

  it("walkPages: a whole number from 1 to 3000, pageFill from 1 to 1000, named with the rule", async () => {
    for (const [name, most] of [
      ["walkPages", 3000],
      ["pageFill", 1000],
    ] as const) {
      for (const bad of [0, -3, 2.5, NaN, Infinity, most + 1])
        await expect(startMock({ port: 0, quiet: true, [name]: bad })).rejects.toThrow(
          `@chaindata/mock: startMock: options.${name} must be a whole number from 1 to ${most} (got ${bad})`,
        );
      await expect(startMock({ port: 0, quiet: true, [name]: "5" })).rejects.toThrow(
        `@chaindata/mock: startMock: options.${name} must be a number (got string)`,
      );
    }
    const lines: string[] = [];
    const mock = await startMock({
      port: 0,
      mode: "dynamic",
      // (Over 2,000 pages: where a client's memory of the cursors it sent stops growing, user
      // trial 64, F3.)
      walkPages: 3000,
      pageFill: 1,
      print: (line) => lines.push(line),
    });
    await mock.stop();
    expect(lines[0]).toMatch(
      /^chaindata mock \(dynamic mode, walk-pages 3000, page-fill 1\) listening/,
    );
  });

  it("logLimit: a whole number >= 1, or Infinity", async () => {
    for (const logLimit of [0, -1, NaN, 1.5])
      await expect(startMock({ port: 0, quiet: true, logLimit })).rejects.toThrow(
        `@chaindata/mock: startMock: options.logLimit must be a whole number >= 1, or Infinity (got ${logLimit})`,
      );
    const mock = await startMock({ port: 0, quiet: true, logLimit: Infinity });
    try {
      for (let i = 0; i < 3; i++) await fetch(`${mock.url}/nowhere`);
      expect(mock.requests()).toHaveLength(3);
    } finally {
      await mock.stop();
    }
  });
});

describe("the request log", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ port: 0, quiet: true });
  });
  afterAll(() => mock?.stop());

  const rpc = (method: string, params: unknown) =>
    fetch(`${mock.url}/?api-key=k`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    }).then((r) => r.text());

  it("GET /__mock/requests?since=&limit=&operation=, and requests(filter), the same; a bad filter says why", async () => {
    mock.clearRequests();
    await rpc("getAsset", { id: "F9Lw3ki3hJ7PF9HQXsBzoY8GyE6sPoEZZdXJBsTTD2rk" });
    const [first] = mock.requests();
    await rpc("getAssetBatch", { ids: ["F9Lw3ki3hJ7PF9HQXsBzoY8GyE6sPoEZZdXJBsTTD2rk"] });
    await rpc("getAsset", { id: "F9Lw3ki3hJ7PF9HQXsBzoY8GyE6sPoEZZdXJBsTTD2rk" });
    const over = async (query: string) => {
      const r = await fetch(`${mock.url}/__mock/requests?${query}`);
      return { status: r.status, body: await r.json() };
    };
    const methods = (list: Array<{ rpcMethods?: string[] }>) => list.map((e) => e.rpcMethods![0]);
    expect(methods((await over(`since=${first!.seq}`)).body.requests)).toEqual([
      "getAssetBatch",
      "getAsset",
    ]);
    expect(methods((await over("limit=1")).body.requests)).toEqual(["getAsset"]);
    expect((await over("operation=getAsset")).body.requests).toHaveLength(2);
    expect(methods(mock.requests({ since: first!.seq, operation: "getAsset" }))).toEqual([
      "getAsset",
    ]);
    const bad = await over("status=400");
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(
      "GET /__mock/requests: status is not a filter of the request log (they are since, limit, operation)",
    );
    expect(() => mock.requests({ limit: 0 })).toThrow(
      "@chaindata/mock: requests: filter.limit must be a whole number >= 1 (got 0)",
    );
  });

  it("keeps a large body as its first 2 KiB: an entry stays small", async () => {
    mock.clearRequests();
    // (Trial 13: a 47 KB getAssetBatch of 1,000 ids cost about 90 KiB of heap per entry.)
    const ids = Array.from({ length: 1000 }, () => "F9Lw3ki3hJ7PF9HQXsBzoY8GyE6sPoEZZdXJBsTTD2rk");
    await rpc("getAssetBatch", { ids });
    const [entry] = mock.requests();
    expect(entry).toMatchObject({ rpcMethods: ["getAssetBatch"], status: 200 });
    expect(entry!.bodyCut).toBeGreaterThan(45_000);
    expect(JSON.stringify(entry).length).toBeLessThan(4 * 1024);
  });

  it("keeps a short body of thousands of values as its text too: parsed, each cost up to 240 KiB of heap (review 74, F5)", async () => {
    mock.clearRequests();
    // Under 8 KiB each, from any page (the API answers every origin): 10,000 of them filled the
    // log with gigabytes.
    const bodies = [
      `[${Array(2700).fill("{}").join(",")}]`,
      JSON.stringify({
        webhookURL: "https://hooks.example/in",
        transactionTypes: ["ANY"],
        accountAddresses: Array(2000).fill([]),
        webhookType: "enhanced",
      }),
    ];
    for (const [path, text] of [
      ["/?api-key=k", bodies[0]!],
      ["/v0/webhooks?api-key=k", bodies[1]!],
    ] as const) {
      const res = await fetch(`${mock.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: text,
      });
      await res.arrayBuffer();
      expect(text.length).toBeLessThan(8 * 1024);
      expect(mock.requests().at(-1)).toMatchObject({
        body: text.slice(0, 2048),
        bodyCut: text.length,
      });
    }
    // A real request of a few hundred values is kept parsed, as before.
    const ids = Array.from({ length: 150 }, () => "F9Lw3ki3hJ7PF9HQXsBzoY8GyE6sPoEZZdXJBsTTD2rk");
    await rpc("getAssetBatch", { ids });
    expect(mock.requests().at(-1)).toMatchObject({ body: { params: { ids } } });
    expect(mock.requests().at(-1)!.bodyCut).toBeUndefined();
  });
});
