/**
 * The hooks a request sends (README, Error hooks), as trial 13 used them: a malformed one is the
 * mock's 422 `bad-hook` (it was ignored, and the happy path answered); `Prefer: code=…,
 * retry-after=` sets the Retry-After (always 1 before); a gateway's 502, 503 and 504 on every
 * operation (DAS and the sender answered 422); `Prefer: delay=` waits, and neither a client that
 * gives up nor `stop()` waits for it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callMock } from "./test-support.js";
import { startMock, type MockServer } from "./index.js";

const ID = "F9Lw3ki3hJ7PF9HQXsBzoY8GyE6sPoEZZdXJBsTTD2rk";
const WALLET = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const getAsset = { jsonrpc: "2.0", id: 7, method: "getAsset", params: { id: ID } };
const balances = `/v1/wallet/${WALLET}/balances?api-key=k`;

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0, quiet: true });
});
afterAll(() => mock?.stop());

/** One request to this file's mock (test-support.ts). */
const call = (path: string, init?: Parameters<typeof callMock>[2]) =>
  callMock(mock.url, path, init);
const rpc = (headers: Record<string, string>, body: unknown = getAsset) =>
  call("/?api-key=k", { body, headers });

describe("a malformed hook", () => {
  const cases: Array<[string, Record<string, string>, string, string]> = [
    [
      "an X-Mock-JsonRpc-Error that is no code",
      { "x-mock-jsonrpc-error": "abc" },
      "x-mock-jsonrpc-error",
      'X-Mock-JsonRpc-Error: abc: "abc" is not an error code',
    ],
    [
      "an X-Mock-JsonRpc-Error naming no method",
      { "x-mock-jsonrpc-error": "getAsssset=-32004" },
      "x-mock-jsonrpc-error",
      '"getAsssset" is not a JSON-RPC method of the spec',
    ],
    [
      "Prefer: code=abc",
      { prefer: "code=abc" },
      "prefer",
      "Prefer: code=abc: code must be an HTTP status, 3 digits from 100 to 599",
    ],
    // (The range's upper end: 600 passed with the rule's [1-5] made [1-6], mutation 74.)
    [
      "Prefer: code=600",
      { prefer: "code=600" },
      "prefer",
      "Prefer: code=600: code must be an HTTP status, 3 digits from 100 to 599",
    ],
    [
      "an unknown preference (cod=)",
      { prefer: "cod=429" },
      "prefer",
      'Prefer: cod=429: unknown preference "cod" (the mock\'s are code, example, dynamic, seed, walk-pages, page-fill, delay, retry-after)',
    ],
    ["Prefer: dynamic=yes", { prefer: "dynamic=yes" }, "prefer", "dynamic must be true or false"],
    [
      "Prefer: delay over 60000",
      { prefer: "delay=60001" },
      "prefer",
      "delay must be a whole number of milliseconds from 0 to 60000",
    ],
    ["Prefer: retry-after without code", { prefer: "retry-after=0" }, "prefer", "give code= too"],
    [
      "Prefer: retry-after that is no time",
      { prefer: "code=429, retry-after=soon" },
      "prefer",
      "retry-after must be whole seconds from 0 to 9999999999 (at most 10 digits) or an HTTP date",
    ],
    [
      "Prefer: retry-after of 11 digits",
      { prefer: "code=429, retry-after=10000000000" },
      "prefer",
      'retry-after must be whole seconds from 0 to 9999999999 (at most 10 digits) or an HTTP date, quoted: "Wed, 21 Oct 2026 07:28:00 GMT"',
    ],
  ];

  it.each(cases)(
    "JSON-RPC, %s: 422 bad-hook naming the header and the rule, logged",
    async (_label, headers, header, says) => {
      mock.clearRequests();
      const r = await rpc(headers);
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32603 } });
      expect(r.body.error.message).toContain(says);
      const [entry] = mock.requests();
      expect(entry).toMatchObject({ status: 422, kind: "json-rpc", rpcMethods: ["getAsset"] });
      expect(entry!.violations).toEqual([
        {
          location: ["request", "header", header],
          code: "bad-hook",
          severity: "error",
          message: expect.stringContaining(says),
        },
      ]);
    },
  );

  it("REST: the same 422 as a problem; X-Mock-JsonRpc-Error on a REST path too", async () => {
    for (const [headers, says] of [
      [{ prefer: "cod=429" }, 'unknown preference "cod"'],
      [{ "x-mock-jsonrpc-error": "-32000" }, "the header is for JSON-RPC requests"],
    ] as const) {
      mock.clearRequests();
      const r = await call(balances, { headers });
      expect(r.status).toBe(422);
      expect(r.headers.get("content-type")).toBe("application/problem+json");
      expect(r.body).toMatchObject({ title: "Mock: bad hook", status: 422 });
      expect(r.body.detail).toContain(says);
      expect(mock.requests()[0]).toMatchObject({
        status: 422,
        operationId: "getBalances",
        violations: [{ code: "bad-hook" }],
      });
    }
  });

  it("in the query form: ?__code=abc is a 422 too, naming the parameter", async () => {
    const r = await call(`${balances}&__code=abc`);
    expect(r.status).toBe(422);
    expect(r.body.detail).toBe(
      "?__code=abc: code must be an HTTP status, 3 digits from 100 to 599",
    );
  });

  // (A query hook given twice is refused, not read as its last value: that check dropped passed,
  // mutation 74.)
  it("in the query form: a hook given twice is a 422 naming it, not its first or last value", async () => {
    const r = await call(`${balances}&__code=429&__code=500`);
    expect(r.status).toBe(422);
    expect(r.body.detail).toBe("?__code= is given 2 times: give it once");
  });

  it("the well-formed hooks still work, and RFC 7240's own preferences pass unread", async () => {
    expect((await rpc({ prefer: "code=429" })).status).toBe(429);
    expect((await rpc({ prefer: "code=403, example=error-32003" })).body.error.code).toBe(-32003);
    expect((await rpc({ prefer: "dynamic=true, seed=s" })).status).toBe(200);
    expect((await rpc({ "x-mock-jsonrpc-error": "getAsset=-32004" })).body.error.code).toBe(-32004);
    expect((await rpc({ prefer: "return=minimal, handling=lenient" })).status).toBe(200);
    expect((await call(balances, { headers: { prefer: "code=429" } })).status).toBe(429);
  });
});

// Review 81, F1: a key sent inside a hook was masked only where the SDK's redactor reads it by
// name, `api-key=…`: quoted (`api-key="…"`, RFC 7240's quoted form), as an example's name, or in an
// X-Mock-JsonRpc-Error sent to a REST path, it was quoted back whole in the 422, its
// `sl-violations` header, and (quoted) the log.
describe("a key sent inside a hook", () => {
  const KEY = "k3y-s3cret-0123456789abcdef";
  it.each([
    ["JSON-RPC, a quoted api-key preference", "/?api-key=k", { prefer: `api-key="${KEY}"` }],
    ["JSON-RPC, a quoted x-api-key preference", "/?api-key=k", { prefer: `x-api-key = "${KEY}"` }],
    ["JSON-RPC, as an example's name", "/?api-key=k", { prefer: `example="api-key=${KEY}"` }],
    ["REST, a quoted api-key preference", balances, { prefer: `code=404, api-key="${KEY}"` }],
    ["REST, as an example's name (Prefer)", balances, { prefer: `example=api-key=${KEY}` }],
    ["REST, as an example's name (query)", `${balances}&__example=api-key%3D${KEY}`, {}],
    ["REST, in X-Mock-JsonRpc-Error", balances, { "x-mock-jsonrpc-error": `api-key=${KEY}` }],
  ])("%s: masked in the 422, its headers and the log", async (_label, path, headers) => {
    mock.clearRequests();
    const r = await call(path, path.startsWith("/v1/") ? { headers } : { body: getAsset, headers });
    expect(r.status).toBe(422);
    expect(r.text).toContain("***");
    expect(r.text).not.toContain("s3cret");
    expect(JSON.stringify([...r.headers])).not.toContain("s3cret");
    expect(JSON.stringify(mock.requests())).not.toContain("s3cret");
  });
});

describe("Prefer: code=…, retry-after=", () => {
  it("sets the Retry-After of a forced 429 (0, seconds, an HTTP date), JSON-RPC and REST; 1 without", async () => {
    const date = "Wed, 21 Oct 2026 07:28:00 GMT";
    for (const [prefer, expected] of [
      ["code=429", "1"],
      ["code=429, retry-after=0", "0"],
      ["code=429; retry-after=120", "120"],
      [`code=429, retry-after="${date}"`, date],
    ]) {
      const r = await rpc({ prefer: prefer! });
      expect(r.status, prefer).toBe(429);
      expect(r.headers.get("retry-after"), prefer).toBe(expected);
      const w = await call(balances, { headers: { prefer: prefer! } });
      expect(w.status, prefer).toBe(429);
      expect(w.headers.get("retry-after"), prefer).toBe(expected);
    }
    // and of a 503
    const r = await call(balances, { headers: { prefer: "code=503, retry-after=0" } });
    expect([r.status, r.headers.get("retry-after")]).toEqual([503, "0"]);
  });
});

describe("a gateway's 502, 503 and 504", () => {
  // (Every operation of every host: mock.test.ts, with the spec's example requests.)
  it("fails a whole JSON-RPC batch", async () => {
    const r = await rpc({ prefer: "code=503" }, [getAsset, { ...getAsset, id: 8 }]);
    expect(r.status).toBe(503);
    expect(r.text).toContain("503 Service Temporarily Unavailable");
  });
});

describe("Prefer: delay=<ms>", () => {
  it("answers after the delay", async () => {
    const t0 = Date.now();
    const r = await rpc({ prefer: "delay=300" });
    expect(r.status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(mock.requests().at(-1)!.durationMs).toBeGreaterThanOrEqual(290);
  });

  it("ends when the client gives up: logged as aborted (499) at once, not after the delay", async () => {
    mock.clearRequests();
    const t0 = Date.now();
    await expect(
      fetch(`${mock.url}${balances}`, {
        headers: { prefer: "delay=20000" },
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    // Logged within 10 s, half the delay: a wait load does not use up (about 0.2 s), while a request
    // held to its delay is logged only after 20 s (review 75 F2: the log was polled 50 times, then
    // the time bounded at 5 s).
    while (!mock.requests().length && Date.now() - t0 < 10_000)
      await new Promise((r) => setTimeout(r, 20));
    expect(mock.requests()).toEqual([
      expect.objectContaining({
        status: 499,
        aborted: true,
        operationId: "getBalances",
        areas: ["wallet"],
        violations: [],
      }),
    ]);
  });

  it("leaves out of the log a request that arrived before clearRequests() and ends after it (trial 14: the next test's log began with it)", async () => {
    mock.clearRequests();
    // (Its arrival is seen, not assumed within a wait: the mock takes the delaying scenario as the
    // request arrives, whatever the machine's load.)
    mock.failNext({ operation: "getBalances", delay: 20_000 });
    const gone = new AbortController();
    const pending = fetch(`${mock.url}${balances}`, { signal: gone.signal }).catch(() => undefined);
    await vi.waitFor(() => expect(mock.scenarios()).toEqual([]), { timeout: 20_000 });
    // (The log keeps what arrived at or after the clear's millisecond: a later one, for sure.)
    await new Promise((r) => setTimeout(r, 5));
    mock.clearRequests(); // the next test begins
    gone.abort();
    await pending;
    await new Promise((r) => setTimeout(r, 300)); // (its 499 would have been logged by now)
    expect(mock.requests()).toEqual([]);
    await fetch(`${mock.url}${balances}`);
    expect(mock.requests()).toEqual([expect.objectContaining({ status: 200 })]);
  });

  it("does not hold stop(): it resolves at once, and the waiting client's connection is closed", async () => {
    const other = await startMock({ port: 0, quiet: true });
    const pending = fetch(`${other.url}/?api-key=k`, {
      method: "POST",
      headers: { prefer: "delay=30000", "content-type": "application/json" },
      body: JSON.stringify(getAsset),
    }).then(
      () => "answered",
      () => "closed",
    );
    await new Promise((r) => setTimeout(r, 150));
    const t0 = Date.now();
    await other.stop();
    // (A third of the delay stop() would wait out: far above its milliseconds under load, review
    // 75 F2, and still short of the 30 s a stop() held by the request takes.)
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(await pending).toBe("closed");
    await new Promise((r) => setTimeout(r, 50));
    expect(other.requests()).toEqual([expect.objectContaining({ status: 499, aborted: true })]);
  });
});
