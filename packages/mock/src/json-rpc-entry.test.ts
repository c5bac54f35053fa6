/**
 * Which example answers a JSON-RPC request when it asks for none (`bestExample`): the one whose
 * params are the request's, else the one sharing the most param values, the first of equals.
 * Then one request's answer (`answerEntry`) through a running mock: what makes an entry a
 * JSON-RPC 2.0 request, and the answers the dispatcher makes itself (a gateway's page, Prism's
 * own problem, a forced error object) or leaves as Prism made them (error bodies carry no result).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RpcMethod } from "./convert.js";
import { startMock, type MockServer } from "./index.js";
import { stringifyJson } from "./json.js";
import { bestExample } from "./json-rpc-entry.js";
import { callMock, rpcRequest as request } from "./test-support.js";

const method = (examples: RpcMethod["examples"]) => ({ examples }) as RpcMethod;

describe("bestExample", () => {
  it("takes the example whose params are the request's, before one that shares as many values", () => {
    const byOwner = method([
      { name: "withOptions", params: { owner: "A", options: { showFungible: true } } },
      { name: "plain", params: { owner: "A" } },
    ]);
    expect(bestExample(byOwner, { owner: "A" })).toBe("plain");
    expect(bestExample(byOwner, { owner: "A", options: { showFungible: true } })).toBe(
      "withOptions",
    );
  });

  it("else the one sharing the most values (the first of equals), by name or by position", () => {
    const byOwner = method([
      { name: "first", params: { owner: "A", page: 1 } },
      { name: "second", params: { owner: "A", page: 2 } },
      { name: "third", params: { owner: "B", page: 2, limit: 5 } },
    ]);
    expect(bestExample(byOwner, { owner: "A", page: 3 })).toBe("first");
    expect(bestExample(byOwner, { owner: "B", page: 2 })).toBe("third");
    expect(bestExample(byOwner, { owner: "C" })).toBe(undefined);
    const positional = method([
      { name: "one", params: ["A", 1] },
      { name: "two", params: ["B", 2] },
    ]);
    expect(bestExample(positional, ["B", 9])).toBe("two");
    expect(bestExample(positional, ["C", 9])).toBe(undefined);
  });
});

const ID = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";
const OWNER = "JCgG4EMmgEFXfkdH9rE8F7CCsRRrQc5kVLiYiViELE2H";
/** A legacy transaction's bytes, base64: one signature (bytes 1 to 64), then its message. */
const TRANSACTION = Buffer.from(
  Uint8Array.from([
    1,
    ...Array.from({ length: 124 }, (_, i) => (i === 64 ? 1 : (i * 7 + 3) % 256)),
  ]),
).toString("base64");

describe("bestExample, params of another shape than the examples", () => {
  it("none for positional params against named examples, or for no params (not a crash)", () => {
    const named = method([{ name: "a", params: { owner: "X" }, result: null } as any]);
    expect(bestExample(named, ["X"])).toBeUndefined();
    const positional = method([{ name: "p", params: ["X"], result: null } as any]);
    expect(bestExample(positional, undefined)).toBeUndefined();
    expect(bestExample(positional, { 0: "X" })).toBeUndefined();
  });
});

describe("answerEntry, through the mock (examples mode)", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ port: 0, quiet: true });
  });
  afterAll(() => mock?.stop());
  const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    callMock(mock.url, path, { body, headers });

  it("a request without an id (a notification) is answered, with id null; a null entry or a method that is no string is -32600", async () => {
    const notification = await call("/?api-key=k", {
      jsonrpc: "2.0",
      method: "getAsset",
      params: { id: ID },
    });
    expect(notification.status).toBe(200);
    expect(notification.body).toMatchObject({ jsonrpc: "2.0", id: null, result: { id: ID } });
    mock.clearRequests();
    const r = await call("/?api-key=k", [
      null,
      request("getAsset", { id: ID }, "1"),
      { jsonrpc: "2.0", id: 3, method: 5 },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.map((e: any) => [e.id, e.error?.code ?? "result"])).toEqual([
      [null, -32600],
      ["1", "result"],
      [3, -32600],
    ]);
    expect(mock.requests()[0]!.violations.map((v) => [v.entry, v.code])).toEqual([
      [0, "invalid-request"],
      [2, "invalid-request"],
    ]);
  });

  it("a request whose id is missing, null or a number is answered, with a warning in the log: the service's envelope requires a string id (review 86, F3)", async () => {
    mock.clearRequests();
    const r = await call("/?api-key=k", [
      { jsonrpc: "2.0", method: "getAsset", params: { id: ID } },
      request("getAsset", { id: ID }, null),
      request("getAsset", { id: ID }, 7),
      request("getAsset", { id: ID }, "a"),
    ]);
    expect(r.status).toBe(200);
    expect(r.body.map((e: any) => [e.id, e.result?.id])).toEqual([
      [null, ID],
      [null, ID],
      [7, ID],
      ["a", ID],
    ]);
    const warning = (what: string) => ({
      location: ["request", "body", "id"],
      message: `The service's JSON-RPC envelope requires a string \`id\` (echoed in the answer), not ${what}: JSON-RPC 2.0 allows it, so the mock answers`,
      code: "id-not-string",
      severity: "warning",
    });
    const logged = mock.requests()[0]!;
    expect(logged.status).toBe(200);
    expect(logged.violations).toEqual([
      { ...warning("none"), entry: 0, rpcMethod: "getAsset" },
      { ...warning("null"), entry: 1, rpcMethod: "getAsset" },
      { ...warning("a number"), entry: 2, rpcMethod: "getAsset" },
    ]);
    // A string id: none. An invalid request: its -32600 alone.
    mock.clearRequests();
    await call("/?api-key=k", request("getAsset", { id: ID }, "b"));
    expect(mock.requests()[0]!.violations).toEqual([]);
    await call("/?api-key=k", { jsonrpc: "1.0", id: 3, method: "getAsset" });
    expect(mock.requests()[1]!.violations.map((v) => v.code)).toEqual(["invalid-request"]);
  });

  it("a method that is no string is not a JSON-RPC request object (not a wrong `jsonrpc`); invalid params stay -32602 under X-Mock-JsonRpc-Error", async () => {
    const r = await call("/?api-key=k", { jsonrpc: "2.0", id: 3, method: 5 });
    expect(r.body.error.data[0].message).toBe(
      'Not a JSON-RPC request object (an object with `jsonrpc: "2.0"` and a string `method`)',
    );
    const invalid = await call("/?api-key=k", request("getAsset", { id: 5 }), {
      "X-Mock-JsonRpc-Error": "-32004",
    });
    expect([invalid.status, invalid.body.error.code]).toEqual([400, -32602]);
  });

  it("a gateway's page (Prefer: code=502 the method does not document) is logged with no violation", async () => {
    mock.clearRequests();
    const r = await call("/?api-key=k", request("getAsset", { id: ID }, "1"), {
      prefer: "code=502",
    });
    expect([r.status, r.headers.get("content-type")]).toEqual([502, "text/html"]);
    expect(mock.requests()[0]).toMatchObject({ status: 502, violations: [] });
  });

  it("Prism's own problem (an Accept it has no content for) is its status with a -32603 naming it, not the 422 of an undocumented status", async () => {
    mock.clearRequests();
    const r = await call("/?api-key=k", request("getAsset", { id: ID }, "a"), {
      accept: "text/plain",
    });
    expect(r.status).toBe(406);
    expect(r.body).toMatchObject({
      jsonrpc: "2.0",
      id: "a",
      error: { code: -32603, message: expect.stringMatching(/^Mock: .*accept/) },
    });
    expect(r.body.error.data).toEqual([
      expect.objectContaining({ location: ["mock"], code: "NOT_ACCEPTABLE", severity: "error" }),
    ]);
    expect(mock.requests()[0]).toMatchObject({ status: 406, violations: r.body.error.data });
  });

  it("an error answer carries no result, not even one derived from the request (sendTransaction's signature)", async () => {
    const ok = await call(
      "/fast",
      request("sendTransaction", [TRANSACTION, { encoding: "base64" }]),
    );
    expect(ok.body.result).toEqual(expect.any(String)); // (derived from the transaction: echo.test.ts)
    const limited = await call(
      "/fast",
      request("sendTransaction", [TRANSACTION, { encoding: "base64" }]),
      {
        prefer: "code=429",
      },
    );
    expect(limited.status).toBe(429);
    expect(Object.keys(limited.body).sort()).toEqual(["error", "id", "jsonrpc"]);
    const invalid = await call(
      "/fast",
      request("sendTransaction", [TRANSACTION, { encoding: "base64", bogus: 1 }]),
    );
    expect([invalid.status, invalid.body.error.code]).toEqual([400, -32602]);
    expect(Object.keys(invalid.body).sort()).toEqual(["error", "id", "jsonrpc"]);
  });

  it("X-Mock-JsonRpc-Error: the method's documented message, else another method's, else `Mock error <code>`", async () => {
    const forced = async (method: string, params: unknown, code: number) =>
      (await call("/?api-key=k", request(method, params), { "x-mock-jsonrpc-error": String(code) }))
        .body;
    // getAsset documents -32004; a compression method does not, and gets DAS's; -31999 nobody does
    expect((await forced("getAsset", { id: ID }, -32004)).error).toEqual({
      code: -32004,
      message: "Not found",
    });
    expect((await forced("getCompressedAccountsByOwner", { owner: OWNER }, -32004)).error).toEqual({
      code: -32004,
      message: "Not found",
    });
    expect((await forced("getAsset", { id: ID }, -31999)).error).toEqual({
      code: -31999,
      message: "Mock error -31999",
    });
  });
});

describe("answerEntry, through the mock (dynamic mode)", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ port: 0, quiet: true, mode: "dynamic" });
  });
  afterAll(() => mock?.stop());

  it("a generated page's next cursor is made with the seed: another seed, another cursor", async () => {
    const next = async (seed: string) =>
      (
        await callMock(mock.url, "/?api-key=k", {
          body: request("getCompressedAccountsByOwner", { owner: OWNER, limit: 2 }),
          headers: { prefer: `seed=${seed}` },
        })
      ).body.result.value.cursor;
    const [a, again, b] = [await next("a"), await next("a"), await next("b")];
    expect(a).toEqual(expect.any(String));
    expect(again).toBe(a);
    expect(b).not.toBe(a);
  });

  // A generated getAssetBatch answer of `null`s only is generated again from the seed with `/1`,
  // `/2`, `/3` added. The seeds below were found by search: "r6" first generates `[null]` (so its
  // answer is the one of "r6/1"), "r38" three times (its answer is the one of "r38/3").
  const assets = async (seed?: string) =>
    (
      await callMock(mock.url, "/?api-key=k", {
        body: request("getAssetBatch", { ids: [ID] }),
        headers: seed === undefined ? {} : { prefer: `seed=${seed}` },
      })
    ).body.result;

  it("an answer of `null`s only is generated again, from the seed with `/1`, `/2`, `/3` added", async () => {
    const once = await assets("r6");
    expect(once).toEqual([expect.objectContaining({ id: ID })]);
    expect(once).toEqual(await assets("r6/1"));
    expect(await assets("r6")).toEqual(once);
    const thrice = await assets("r38");
    expect(thrice).toEqual([expect.objectContaining({ id: ID })]);
    expect(thrice).toEqual(await assets("r38/3"));
    for (const other of ["r38/1", "r38/2"]) expect(await assets(other)).not.toEqual(thrice);
  });

  it("without a seed, an answer generated again is random too: no two answers with an entry are the same", async () => {
    // about 1 in 13 first answers is `[null]` (seeded above: 3 of 40 seeds), so ~15 of 200 are
    // generated again; from a fixed seed they would all be the same
    const r = await callMock(mock.url, "/?api-key=k", {
      body: Array.from({ length: 200 }, (_, i) => request("getAssetBatch", { ids: [ID] }, i)),
    });
    const answers = (r.body as any[])
      .map((e) => e.result)
      .filter((result) => result.some((entry: unknown) => entry !== null))
      .map((result) => stringifyJson(result));
    expect(answers.length).toBeGreaterThan(150);
    expect(new Set(answers).size).toBe(answers.length);
  });

  it("Prefer: code=<an error status> answers the documented error object, whatever the seed; code=200 is generated", async () => {
    const answer = async (prefer: string) =>
      (
        await callMock(mock.url, "/?api-key=k", {
          body: request("getAsset", { id: ID }),
          headers: { prefer },
        })
      ).body;
    const documented = await answer("code=429, dynamic=false");
    expect(documented.error).toEqual(expect.objectContaining({ code: expect.any(Number) }));
    expect(await answer("code=429, seed=a")).toEqual(documented);
    expect(await answer("code=429, seed=b")).toEqual(documented);
    const [a, b] = [await answer("code=200, seed=a"), await answer("code=200, seed=b")];
    expect(a.result).toMatchObject({ id: ID });
    expect(b.result).not.toEqual(a.result);
  });

  it("generated again at most three times: a seed whose four answers are `null`s only answers `[null]`", async () => {
    // (found by search: "n6843" is the first of "n0", "n1", ... that does)
    expect(await assets("n6843")).toEqual([null]);
  });
});
