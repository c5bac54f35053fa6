/**
 * Scenarios (README, Scenarios): the next N requests to an operation (or to any) answer a status, a
 * JSON-RPC error or after a delay, then the mock answers normally; set up with `failNext()` or
 * `POST /__mock/scenarios`, for a black-box service that sends no hooks (trial 13: errors could be
 * forced only per request).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callMock } from "./test-support.js";
import { startMock, type MockServer } from "./index.js";
import { formatLogLine } from "./request-log.js";

const ID = "F9Lw3ki3hJ7PF9HQXsBzoY8GyE6sPoEZZdXJBsTTD2rk";
const WALLET = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const balances = `/v1/wallet/${WALLET}/balances?api-key=k`;

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0, quiet: true });
});
afterAll(() => mock?.stop());
beforeEach(() => mock.clearRequests());

/** One request to this file's mock (test-support.ts). */
const call = (path: string, init?: Parameters<typeof callMock>[2]) =>
  callMock(mock.url, path, init);
const rpcCall = (method: string, params: unknown) => ({ jsonrpc: "2.0", id: "1", method, params });
const getAsset = () => call("/?api-key=k", { body: rpcCall("getAsset", { id: ID }) });
const getAssetBatch = () => call("/?api-key=k", { body: rpcCall("getAssetBatch", { ids: [ID] }) });

describe("failNext", () => {
  it("answers the next `times` calls of the operation with the status, then normally; others are not touched", async () => {
    const pending = mock.failNext({ operation: "getAsset", status: 503, times: 2 });
    expect(pending).toEqual({ operation: "getAsset", status: 503, times: 2 });
    expect((await getAssetBatch()).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await getAsset()).status);
    expect(statuses).toEqual([503, 503, 200]);
    expect(mock.scenarios()).toEqual([]);
    expect(mock.requests().map((r) => r.status)).toEqual([200, 503, 503, 200]);
  });

  it("without an operation, applies to any request; REST too, with its Retry-After", async () => {
    mock.failNext({ status: 429, retryAfter: 0 });
    const first = await call(balances);
    expect([first.status, first.headers.get("retry-after")]).toEqual([429, "0"]);
    expect((await call(balances)).status).toBe(200);
    mock.failNext({ operation: "getBalances", status: 500, times: 1 });
    expect((await getAsset()).status).toBe(200);
    expect((await call(balances)).status).toBe(500);
  });

  it("rpcError answers the JSON-RPC error in HTTP 200, for the operation's entries of a batch only", async () => {
    mock.failNext({ operation: "getAsset", rpcError: -32004 });
    const r = await call("/?api-key=k", {
      body: [rpcCall("getAsset", { id: ID }), rpcCall("getAssetBatch", { ids: [ID] })],
    });
    expect(r.status).toBe(200);
    expect(r.body[0].error).toEqual({ code: -32004, message: expect.any(String) });
    expect(r.body[1].result).toBeDefined();
    expect((await getAsset()).body.result).toBeDefined();
  });

  it("a delay, then the answer", async () => {
    mock.failNext({ operation: "getAsset", delay: 300 });
    const t0 = Date.now();
    expect((await getAsset()).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
  });

  it("a status the operation does not document is refused when set up, naming the ones it does", async () => {
    expect(() => mock.failNext({ operation: "getAsset", status: 418 })).toThrow(
      new TypeError(
        "@chaindata/mock: failNext: scenario.status must be a status getAsset documents: 400, 401, 403, 404, 429, 500, or a gateway's 502, 503, 504 (got 418)",
      ),
    );
    expect(() => mock.failNext({ operation: "getCompressedBalanceByOwner", status: 404 })).toThrow(
      "scenario.status must be a status getCompressedBalanceByOwner documents: 400, 401, 403, 429, 500, 503, or a gateway's",
    );
    const r = await call("/__mock/scenarios", {
      body: [
        { operation: "getAsset", status: 503 },
        { operation: "getAsset", status: 418 },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain("body[1].status must be a status getAsset documents");
    expect(mock.scenarios()).toEqual([]);
    // A gateway's status is answered for any operation (its HTML page).
    mock.failNext({ operation: "getCompressedBalanceByOwner", status: 504 });
    expect(mock.scenarios()).toEqual([expect.objectContaining({ status: 504 })]);
  });

  it("without an operation, a status the request's does not document is the mock's 422, naming the scenario", async () => {
    mock.failNext({ status: 418 });
    const r = await getAsset();
    expect(r.status).toBe(422);
    expect(r.body.error.data[0]).toMatchObject({
      location: ["mock", "scenario"],
      code: "undocumented-status",
      message: expect.stringContaining("(scenario status 418)"),
    });
  });

  it("applies in the order set up; clearRequests() and clearScenarios() drop the pending ones", async () => {
    mock.failNext({ status: 500 });
    mock.failNext({ status: 429 });
    expect(mock.scenarios().map((s) => s.status)).toEqual([500, 429]);
    expect((await getAsset()).status).toBe(500);
    expect(mock.scenarios().map((s) => s.status)).toEqual([429]);
    mock.clearRequests();
    expect(mock.scenarios()).toEqual([]);
    expect((await getAsset()).status).toBe(200);
    mock.failNext({ status: 500, times: 5 });
    mock.clearScenarios();
    expect((await getAsset()).status).toBe(200);
  });

  // (599 is the last status taken and 600 the first refused, for status and errorIn200 alike: the
  // refusals below name 200, the bound's other side, only.)
  it("takes status and errorIn200 up to 599 and refuses 600", () => {
    for (const member of ["status", "errorIn200"]) {
      expect(mock.failNext({ [member]: 599 }), member).toMatchObject({ [member]: 599, times: 1 });
      mock.clearScenarios();
      expect(() => mock.failNext({ [member]: 600 }), member).toThrow(
        `scenario.${member} must be an HTTP error status, a whole number from 400 to 599 (got 600)`,
      );
    }
  });

  it("refuses a scenario that is not one, naming the member and the rule", () => {
    const refusals: Array<[unknown, string]> = [
      [
        { operation: "getAsset", status: 503, tmes: 2 },
        "scenario.tmes is not a scenario member (they are operation, status, rpcError, errorIn200, body, delay, retryAfter, times)",
      ],
      [
        { operation: "getAsssset", status: 503 },
        'scenario.operation must name an operation of the spec: a JSON-RPC method (getAsset) or a REST operationId (getBalances) (got "getAsssset")',
      ],
      [
        { status: 200 },
        "scenario.status must be an HTTP error status, a whole number from 400 to 599 (got 200)",
      ],
      [
        { status: "503" },
        'scenario.status must be an HTTP error status, a whole number from 400 to 599 (got "503")',
      ],
      [
        { operation: "getBalances", rpcError: -32000 },
        "scenario.rpcError is for JSON-RPC methods, and getBalances is a REST operation",
      ],
      [
        { status: 503, rpcError: -32000 },
        "scenario.rpcError goes in an HTTP 200 answer: give status or rpcError, not both",
      ],
      [
        { delay: 60_001 },
        "scenario.delay must be a whole number of milliseconds from 0 to 60000 (got 60001)",
      ],
      [
        { status: 429, retryAfter: -1 },
        "scenario.retryAfter must be whole seconds from 0 to 9999999999 (at most 10 digits) or an HTTP date",
      ],
      // (The bound stated, not only "whole seconds": user trial 59, F7.)
      [
        { status: 429, retryAfter: 99_999_999_999 },
        'scenario.retryAfter must be whole seconds from 0 to 9999999999 (at most 10 digits) or an HTTP date such as "Wed, 21 Oct 2026 07:28:00 GMT" (got 99999999999)',
      ],
      [{ retryAfter: 1 }, "scenario.retryAfter is the Retry-After of `status`: give status too"],
      [{ status: 503, times: 0 }, "scenario.times must be a whole number >= 1 (got 0)"],
      [
        { operation: "getAsset" },
        "scenario needs status, rpcError, errorIn200, body or delay (what the next calls answer)",
      ],
      [
        { operation: "getAsset", body: "truncate" },
        'scenario.body must be "truncated", "reset", "html", "not-json" (got "truncate")',
      ],
      [
        { operation: "getAsset", rpcError: -32004, body: "truncated" },
        "scenario.body breaks the body rpcError would answer in: give rpcError or body, not both",
      ],
      [
        { body: "html", retryAfter: 1 },
        "scenario.retryAfter is the Retry-After of `status`: give status too",
      ],
      [null, "scenario must be an object"],
    ];
    for (const [scenario, message] of refusals)
      expect(() => mock.failNext(scenario as never), message).toThrow(
        expect.objectContaining({
          name: "TypeError",
          message: expect.stringContaining(`@chaindata/mock: failNext: ${message}`),
        }),
      );
    expect(mock.scenarios()).toEqual([]);
    // The largest Retry-After the rule states is taken.
    expect(mock.failNext({ status: 429, retryAfter: 9_999_999_999 })).toMatchObject({
      retryAfter: "9999999999",
    });
    mock.clearScenarios();
  });
});

/** The answer to `init`, read raw: its status, headers and text, or the error of the fetch. */
async function rawCall(
  path: string,
  init: { body?: unknown } = {},
): Promise<{
  status?: number;
  type?: string | null;
  text?: string;
  bodyError?: string;
  fetchError?: string;
}> {
  try {
    const res = await fetch(mock.url + path, {
      method: init.body === undefined ? "GET" : "POST",
      ...(init.body !== undefined && {
        headers: { "content-type": "application/json" },
        body: JSON.stringify(init.body),
      }),
    });
    const headers = { status: res.status, type: res.headers.get("content-type") };
    try {
      return { ...headers, text: await res.text() };
    } catch (e) {
      return { ...headers, bodyError: (e as Error).message };
    }
  } catch (e) {
    return { fetchError: (e as Error).message };
  }
}

describe("errorIn200: a REST error body in HTTP 200, as the Wallet API answers some (user trial 66, F1)", () => {
  const fundedBy = `/v1/wallet/${WALLET}/funded-by?api-key=k`;

  it("answers 200 with the status's documented error body alone, without its Retry-After; then normally", async () => {
    mock.failNext({ operation: "getFundedBy", errorIn200: 404 });
    const r = await call(fundedBy);
    expect([r.status, r.body]).toEqual([
      200,
      { error: { code: 404, message: "No funding transaction found" } },
    ]);
    mock.failNext({ operation: "getBalances", errorIn200: 429 });
    const limited = await call(balances);
    expect([limited.status, limited.body.error.code]).toEqual([200, 429]);
    expect(limited.headers.get("retry-after")).toBeNull();
    expect((await call(fundedBy)).body.funder).toEqual(expect.any(String));
    expect(mock.requests().map((e) => [e.operationId, e.status])).toEqual([
      ["getFundedBy", 200],
      ["getBalances", 200],
      ["getFundedBy", 200],
    ]);
  });

  it("without an operation, the next REST request's: a JSON-RPC one passes it by", async () => {
    mock.failNext({ errorIn200: 500 });
    expect((await getAsset()).body.result).toBeDefined();
    const r = await call(balances);
    // (The 5XX response's example of the status asked for, not its first, a 503's.)
    expect([r.status, r.body]).toEqual([
      200,
      { error: { code: 500, message: "Internal server error." } },
    ]);
    expect(mock.scenarios()).toEqual([]);
  });

  it("in dynamic mode too, the error body alone: the status's code and an example's text, no other member", async () => {
    for (const status of [404, 429]) {
      mock.failNext({ operation: "getFundedBy", errorIn200: status });
      const r = await call(fundedBy, { headers: { Prefer: "dynamic=true" } });
      expect([r.status, Object.keys(r.body), Object.keys(r.body.error)]).toEqual([
        200,
        ["error"],
        ["code", "message"],
      ]);
      expect(r.body.error.code).toBe(status);
      expect(r.body.error.message).toBe(
        status === 404
          ? "No funding transaction found"
          : "Rate limit exceeded. Please try again later.",
      );
    }
  });

  it("a status the operation does not document: refused when set up; without an operation, the mock's 422", async () => {
    expect(() => mock.failNext({ operation: "getBalances", errorIn200: 404 })).toThrow(
      /failNext: scenario\.errorIn200 must be a status getBalances documents: 400, 401, 403, 429, 5XX \(got 404\)$/,
    );
    mock.failNext({ errorIn200: 404 });
    const r = await call(balances);
    expect(r.status).toBe(422);
    expect(r.body.detail).toContain("(scenario status 404)");
  });

  it("refuses it for a JSON-RPC method, beside status, rpcError or body, and outside 400 to 599", () => {
    const refusals: Array<[unknown, string]> = [
      [
        { operation: "getAsset", errorIn200: 404 },
        "scenario.errorIn200 is for REST operations, and getAsset is a JSON-RPC method",
      ],
      [
        { status: 404, errorIn200: 404 },
        "scenario.errorIn200 is the answer's error: give one of status, rpcError and errorIn200",
      ],
      [
        { errorIn200: 404, body: "html" },
        "scenario.body breaks the body errorIn200 would answer in: give errorIn200 or body, not both",
      ],
      [
        { errorIn200: 200 },
        "scenario.errorIn200 must be an HTTP error status, a whole number from 400 to 599 (got 200)",
      ],
    ];
    for (const [scenario, message] of refusals)
      expect(() => mock.failNext(scenario as never), message).toThrow(message);
    expect(mock.scenarios()).toEqual([]);
  });
});

describe("body: broken answers (user trial 57, F8)", () => {
  const rpcPath = "/?api-key=k";
  const asset = { body: rpcCall("getAsset", { id: ID }) };

  it("truncated: the first half of the body, its content-length saying so; JSON-RPC and REST", async () => {
    const whole = (await rawCall(rpcPath, asset)).text!;
    mock.failNext({ operation: "getAsset", body: "truncated" });
    const cut = await rawCall(rpcPath, asset);
    expect(cut).toMatchObject({ status: 200, type: "application/json" });
    expect(cut.text).toBe(whole.slice(0, Math.floor(whole.length / 2)));
    expect(() => JSON.parse(cut.text!)).toThrow(SyntaxError);

    const rest = await rawCall(balances);
    mock.failNext({ operation: "getBalances", body: "truncated" });
    const restCut = await rawCall(balances);
    expect(restCut.status).toBe(200);
    expect(restCut.text).toBe(rest.text!.slice(0, Math.floor(rest.text!.length / 2)));
    expect((await rawCall(balances)).text).toBe(rest.text);
  });

  it("reset: the headers and half the body, then the connection closed", async () => {
    mock.failNext({ operation: "getAsset", body: "reset" });
    const r = await rawCall(rpcPath, asset);
    expect(r).toMatchObject({ status: 200, bodyError: "terminated" });
    expect((await getAsset()).status).toBe(200);
  });

  it("html: a captive portal's page in a 2xx, a gateway's with a 502, 503 or 504, a server's with another status", async () => {
    mock.failNext({ body: "html" });
    const portal = await rawCall(rpcPath, asset);
    expect(portal).toMatchObject({ status: 200, type: "text/html" });
    expect(portal.text).toContain("<title>Sign in to the network</title>");
    mock.failNext({ operation: "getBalances", status: 502, body: "html" });
    const gateway = await rawCall(balances);
    expect(gateway).toMatchObject({ status: 502, type: "text/html" });
    expect(gateway.text).toContain("<title>502 Bad Gateway</title>");
    mock.failNext({ operation: "getAsset", status: 500, body: "html" });
    const server = await rawCall(rpcPath, asset);
    expect(server.status).toBe(500);
    expect(server.text).toContain("<title>500 Internal Server Error</title>");
  });

  it("not-json: a line of plain text in place of the body, with the status", async () => {
    mock.failNext({ operation: "getAsset", body: "not-json", times: 2 });
    mock.failNext({ operation: "getAsset", body: "not-json", status: 503 });
    for (const status of [200, 200, 503])
      expect(await rawCall(rpcPath, asset)).toEqual({
        status,
        type: "text/plain; charset=utf-8",
        text: 'Not JSON: a @chaindata/mock scenario (body: "not-json")\n',
      });
  });

  it("the request log says it (bodyFault), the CLI line too; a delay then the broken body", async () => {
    mock.failNext({ operation: "getAsset", body: "truncated", delay: 50 });
    mock.failNext({ operation: "getAsset", status: 503, body: "reset" });
    await rawCall(rpcPath, asset);
    await rawCall(rpcPath, asset);
    await rawCall(rpcPath, asset);
    const log = mock.requests();
    expect(log.map((e) => [e.status, e.bodyFault])).toEqual([
      [200, "truncated"],
      [503, "reset"],
      [200, undefined],
    ]);
    expect(log[0]!.durationMs).toBeGreaterThanOrEqual(45);
    expect(formatLogLine(log[0]!)).toMatch(/ POST \/ getAsset → 200 \(body: truncated\)$/);
    const over = await call("/__mock/requests");
    expect(over.body.requests.map((e: { bodyFault?: string }) => e.bodyFault)).toEqual([
      "truncated",
      "reset",
      undefined,
    ]);
  });

  it("over HTTP: POST /__mock/scenarios takes body, and refuses a bad one naming it", async () => {
    const added = await call("/__mock/scenarios", {
      body: { operation: "getBalances", status: 502, body: "html" },
    });
    expect(added.status).toBe(201);
    expect(added.body.scenarios).toEqual([
      { operation: "getBalances", status: 502, body: "html", times: 1 },
    ]);
    expect((await rawCall(balances)).text).toContain("502 Bad Gateway");
    const bad = await call("/__mock/scenarios", { body: [{ body: "cut" }] });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(
      'body[0].body must be "truncated", "reset", "html", "not-json" (got "cut")',
    );
  });
});

describe("over HTTP: /__mock/scenarios", () => {
  it("POST adds (one or a list), GET lists, DELETE drops; DELETE /__mock/requests drops them too", async () => {
    const added = await call("/__mock/scenarios", {
      body: [
        { operation: "getAsset", status: 503 },
        { status: 429, retryAfter: "0", times: 2 },
      ],
    });
    expect(added.status).toBe(201);
    expect(added.body.scenarios).toEqual([
      { operation: "getAsset", status: 503, times: 1 },
      { status: 429, retryAfter: "0", times: 2 },
    ]);
    expect((await call("/__mock/scenarios")).body.scenarios).toHaveLength(2);
    expect((await getAsset()).status).toBe(503);
    expect((await getAsset()).status).toBe(429);
    expect((await call("/__mock/scenarios", { method: "DELETE" })).status).toBe(204);
    expect((await getAsset()).status).toBe(200);
    await call("/__mock/scenarios", { body: { status: 500 } });
    expect((await call("/__mock/requests", { method: "DELETE" })).status).toBe(204);
    expect(mock.scenarios()).toEqual([]);
  });

  it("a bad scenario is a 400 naming it, and a list with one adds none", async () => {
    const r = await call("/__mock/scenarios", { body: [{ status: 503 }, { status: 99 }] });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(
      "body[1].status must be an HTTP error status, a whole number from 400 to 599 (got 99)",
    );
    expect(mock.scenarios()).toEqual([]);
    const notJson = await call("/__mock/scenarios", { body: "{status:" });
    expect(notJson.status).toBe(400);
    expect(notJson.body.detail).toMatch(/^The body is not JSON/);
    // Without the excerpt of the body that JSON.parse quotes: a body may hold a credential.
    const secret = await call("/__mock/scenarios", { body: "Bearer s3cret-0123456789" });
    expect(secret.body.detail).toBe("The body is not JSON: Unexpected token 'B'");
    expect((await call("/__mock/scenarios", { method: "PUT", body: {} })).status).toBe(405);
  });
});
