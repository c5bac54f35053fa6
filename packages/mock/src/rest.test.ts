/**
 * A REST request as rest.ts answers and logs it, through a running mock: the answers it makes
 * before or instead of Prism's (a bad hook, a gateway's page, a path or method the spec lacks),
 * the 400 body's violations, a body that is not JSON, the Retry-After of the status asked for,
 * and the seed of a generated page. (Review 62: each test kills mutants of rest.ts that the other
 * suites let live.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { APIError, apiHost, createRestTransport } from "@chaindata/core";
import { startMock, type MockServer } from "./index.js";
import { callMock, withEditedSpec } from "./test-support.js";

const WALLET = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const WEBHOOK = "642574b0-72aa-41dd-b293-356451e22168";
const webhooks = "/v0/webhooks?api-key=k";
const balances = `/v1/wallet/${WALLET}/balances?api-key=k`;
const createBody = {
  webhookURL: "https://hooks.example.com/solana",
  transactionTypes: ["TRANSFER"],
  accountAddresses: [WALLET],
  webhookType: "enhanced",
};

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0, quiet: true });
});
afterAll(() => mock?.stop());
beforeEach(() => mock.clearRequests());

const call = (path: string, init?: Parameters<typeof callMock>[2]) =>
  callMock(mock.url, path, init);

describe("a 405 as the SDK reads it", () => {
  it("an APIError with status 405 whose message names the method, the path and the methods it takes", async () => {
    // (A PATCH of a webhook, helius-sdk's toggle, which the spec does not have: facts §4a.)
    const transport = createRestTransport(
      { apiKey: "test-key-0000", baseUrls: mock.baseUrls, maxRetries: 0 },
      apiHost,
    );
    const url = `${transport.baseUrl}/v0/webhooks/${WEBHOOK}`;
    const error = await transport
      .restCall({ id: "toggleWebhook", idempotent: false }, undefined, undefined, (fetch) =>
        fetch(new Request(url, { method: "PATCH", body: '{"active":false}' })),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 405 });
    expect((error as APIError).message).toBe(
      `HTTP 405 Method Not Allowed from toggleWebhook: Method not allowed: PATCH /v0/webhooks/${WEBHOOK}; the path takes GET, PUT, DELETE`,
    );
  });
});

describe("answers made before Prism is asked", () => {
  it("X-Mock-JsonRpc-Error on a REST path: 422, logged with the operation, its area and where the hook is", async () => {
    const r = await call(balances, { headers: { "X-Mock-JsonRpc-Error": "-32004" } });
    expect(r.status).toBe(422);
    expect(mock.requests()).toEqual([
      expect.objectContaining({
        kind: "rest",
        areas: ["wallet"],
        operationId: "getBalances",
        status: 422,
        violations: [
          {
            location: ["request", "header", "x-mock-jsonrpc-error"],
            message: expect.stringContaining("the header is for JSON-RPC requests"),
            code: "bad-hook",
            severity: "error",
          },
        ],
      }),
    ]);
    // a path outside the spec belongs to no area
    mock.clearRequests();
    await call("/v9/nothing", { headers: { "X-Mock-JsonRpc-Error": "-32004" } });
    expect(mock.requests()[0]).toMatchObject({ status: 422, areas: [] });
    expect(mock.requests()[0]).not.toHaveProperty("operationId");
  });

  it("Prefer: code=502 on an operation without a 502 (sender's ping): the gateway's HTML page, logged with no violation; on a path outside the spec, the 404", async () => {
    const r = await call("/ping", { headers: { Prefer: "code=502" } });
    expect(r.status).toBe(502);
    expect(r.headers.get("content-type")).toBe("text/html");
    expect(mock.requests()).toEqual([
      expect.objectContaining({
        areas: ["sender"],
        operationId: "ping",
        status: 502,
        violations: [],
      }),
    ]);
    const outside = await call("/v9/nothing?api-key=k", { headers: { Prefer: "code=502" } });
    expect(outside.status).toBe(404);
  });

  it("a scenario's JSON-RPC error is not taken by a REST request (it stays pending)", async () => {
    mock.failNext({ rpcError: -32004 });
    try {
      const r = await call(webhooks);
      expect(r.status).toBe(200);
      expect(mock.scenarios()).toEqual([expect.objectContaining({ rpcError: -32004 })]);
    } finally {
      mock.clearScenarios();
    }
  });

  it("a scenario's status the operation does not document: the 422 says it is the scenario's", async () => {
    expect(() => mock.failNext({ operation: "ping", status: 418 })).toThrow(
      "scenario.status must be a status ping documents: 503, or a gateway's 502, 503, 504 (got 418)",
    );
    mock.failNext({ status: 418 });
    const r = await call("/ping");
    expect(r.status).toBe(422);
    expect(r.body.detail).toBe(
      "ping (GET /ping) documents no HTTP 418 response (scenario status 418); it documents 200, 503",
    );
  });
});

describe("a path or method the spec lacks", () => {
  it("a path outside the spec: Prism's 404 as a problem, logged under no area with the violation at the request", async () => {
    const r = await call("/v9/nothing?api-key=k");
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toBe("application/problem+json");
    const [entry] = mock.requests();
    expect(entry).toMatchObject({ kind: "rest", areas: [], status: 404 });
    expect(entry!.violations).toEqual([
      expect.objectContaining({ location: ["request"], severity: "error" }),
    ]);
  });

  it("a REST path without that method: 405 in the spec's error body, naming the method and the path, with Allow, logged; a JSON-RPC endpoint, the mock's own, its violation at the method", async () => {
    // (Wire 69, F5 a: it was Prism's problem, `{ type: "…NO_METHOD_MATCHED_ERROR", title, status,
    // detail }`, where every REST error of the spec is `{ error: { code, message } }`.)
    const r = await call(`/v0/webhooks/${WEBHOOK}?api-key=k`, {
      method: "PATCH",
      body: { active: false },
    });
    const message = `Method not allowed: PATCH /v0/webhooks/${WEBHOOK}; the path takes GET, PUT, DELETE`;
    expect([r.status, r.headers.get("allow"), r.headers.get("content-type")]).toEqual([
      405,
      "GET, PUT, DELETE",
      "application/json",
    ]);
    expect(r.body).toEqual({ error: { code: 405, message } });
    expect(mock.requests()).toEqual([
      expect.objectContaining({
        areas: [],
        status: 405,
        violations: [
          {
            location: ["request", "method"],
            message,
            code: "method-not-allowed",
            severity: "error",
          },
        ],
      }),
    ]);
    mock.clearRequests();
    const list = await call(webhooks, { method: "DELETE" });
    expect([list.status, list.body.error.message]).toEqual([
      405,
      "Method not allowed: DELETE /v0/webhooks; the path takes GET, POST",
    ]);
    mock.clearRequests();
    const rpc = await call("/?api-key=k");
    expect(rpc.status).toBe(405);
    expect(rpc.body).toMatchObject({ status: 405, title: "Method not allowed" });
    expect(mock.requests()).toEqual([
      expect.objectContaining({
        status: 405,
        violations: [
          {
            location: ["request", "method"],
            message: rpc.body.detail,
            code: "method-not-allowed",
            severity: "error",
          },
        ],
      }),
    ]);
  });
});

describe("Prefer: example= of an operation with two 2xx responses (deleteWebhook: 200 and 204)", () => {
  it("an unknown name lists the examples of the lowest 2xx, the one Prism answers", async () => {
    const r = await call(`/v0/webhooks/${WEBHOOK}?api-key=k`, {
      method: "DELETE",
      headers: { Prefer: "example=nope" },
    });
    expect(r.status).toBe(422);
    expect(r.body.detail).toMatch(
      /has no example named nope \(Prefer: example=nope\); it has: deleted/,
    );
  });
});

describe("Prefer: code=<5xx> on a range's response (5XX): the example of that status", () => {
  it("500, 503 and 504 each answer their own example; another 5xx the range's own 500's, its code the status", async () => {
    const answers = [];
    for (const status of [500, 503, 504, 502]) {
      const r = await call(balances, { headers: { Prefer: `code=${status}` } });
      answers.push([r.status, r.body]);
    }
    // (Before, every status answered the range's one example, a 503's "Service unavailable.".)
    expect(answers).toEqual([
      [500, { error: { code: 500, message: "Internal server error." } }],
      [503, { error: { code: 503, message: "Service unavailable." } }],
      [504, { error: { code: 504, message: "Gateway timeout." } }],
      [502, { error: { code: 502, message: "Internal server error." } }],
    ]);
    expect(mock.requests().flatMap((entry) => entry.violations)).toEqual([]);
    // An example asked for by name is still answered, whatever its code.
    const named = await call(balances, { headers: { Prefer: "code=500, example=unavailable" } });
    expect([named.status, named.body.error.message]).toEqual([500, "Service unavailable."]);
  });

  it("a 5xx the spec gives no example of (502): the range's own 500's, whatever the examples' order", async () => {
    const unavailableFirst = (wallet: any) => {
      const content = wallet.components.responses.ServerError.content["application/json"];
      const { unavailable, ...others } = content.examples;
      content.examples = { unavailable, ...others };
    };
    const r = await withEditedSpec("openapi/wallet.json", unavailableFirst, (edited) =>
      callMock(edited.url, balances, { headers: { Prefer: "code=502" } }),
    );
    expect([r.status, r.body]).toEqual([
      502,
      { error: { code: 502, message: "Internal server error." } },
    ]);
  });

  it("a 5xx with a response of its own beside the range answers that response's example, not the range's 500's", async () => {
    const ownBadGateway = (wallet: any) => {
      const example = { value: { error: { code: 502, message: "Bad gateway." } } };
      wallet.paths["/v1/wallet/{wallet}/balances"].get.responses["502"] = {
        description: "A gateway's failure.",
        content: {
          "application/json": {
            schema: { $ref: "#/components/schemas/ErrorBody" },
            examples: { badGateway: example },
          },
        },
      };
    };
    const r = await withEditedSpec("openapi/wallet.json", ownBadGateway, (edited) =>
      callMock(edited.url, balances, { headers: { Prefer: "code=502" } }),
    );
    expect([r.status, r.body]).toEqual([502, { error: { code: 502, message: "Bad gateway." } }]);
  });
});

describe("the 400 body", () => {
  it("lists the violations of an invalid request: exactly 100 are all listed, none counted as omitted", async () => {
    const body = { ...createBody, accountAddresses: Array.from({ length: 100 }, () => 0) };
    const r = await call(webhooks, { body });
    expect(r.status).toBe(400);
    expect(r.body.violations).toHaveLength(100);
    expect(r.body).not.toHaveProperty("violationsOmitted");
  });

  it("names a query or path parameter as the spec spells it (showZeroBalance, webhookID), not in Prism's lower case", async () => {
    const query = await call(`${balances}&showZeroBalance=maybe&showNfts=2`);
    expect(query.status).toBe(400);
    expect(query.body.violations.map((v: any) => [v.location.join("."), v.message])).toEqual([
      ["request.query.showZeroBalance", "Request query parameter showZeroBalance must be boolean"],
      ["request.query.showNfts", "Request query parameter showNfts must be boolean"],
    ]);
    const path = await call("/v0/webhooks/not-a-uuid?api-key=k");
    expect(path.status).toBe(400);
    const [violation] = path.body.violations;
    expect(violation.location).toEqual(["request", "path", "webhookID"]);
    expect(violation.message).toMatch(/^Request path parameter webhookID must match pattern /);
    // the log says the same
    expect(mock.requests().at(-1)!.violations[0]!.location).toEqual(["request", "path", "webhookID"]); // prettier-ignore
  });

  it("an empty query value the schema refuses (`?cursor=`, `?limit=`), which Prism reads as none: 400, by the keyword the empty text breaks; a refused value beside it is listed too", async () => {
    const transfers = `/v1/wallet/${WALLET}/transfers?api-key=k`;
    const cursor = await call(`${transfers}&cursor=`);
    expect(cursor.status).toBe(400);
    expect(cursor.body.violations.map((v: any) => [v.location.join("."), v.code])).toEqual([
      ["request.query.cursor", "minLength"],
    ]);
    expect(cursor.body.violations[0].message).toMatch(/^Request query parameter cursor must not be empty/); // prettier-ignore
    expect(mock.requests().at(-1)).toMatchObject({ status: 400, violations: [{ code: "minLength" }] }); // prettier-ignore
    const both = await call(`${balances}&limit=&showNfts=2`);
    expect(both.status).toBe(400);
    expect(both.body.violations.map((v: any) => [v.location.join("."), v.code]).sort()).toEqual([
      ["request.query.limit", "type"],
      ["request.query.showNfts", "type"],
    ]);
    // (a value given, or the parameter left out: answered as before; a code asked for: that code)
    expect((await call(`${transfers}&cursor=abc`)).status).toBe(200);
    expect((await call(`${transfers}&cursor=`, { headers: { Prefer: "code=429" } })).status).toBe(429); // prettier-ignore
  });

  it("a 400 asked of a valid request (Prefer: code=400) is the spec's example, with no violations added", async () => {
    const r = await call(webhooks, { headers: { Prefer: "code=400" } });
    expect(r.status).toBe(400);
    expect(r.body).not.toHaveProperty("violations");
  });

  it("a request without the key is the spec's 401, with no violations listed, even when its body is invalid too", async () => {
    const r = await call("/v0/webhooks", { body: { ...createBody, accountAddresses: [0] } });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: { code: 401, message: "Invalid API key." } });
  });

  it("an error status asked of a valid request (Prefer: code=404) is the spec's example as it is", async () => {
    const r = await call(`/v1/wallet/${WALLET}/identity?api-key=k`, {
      headers: { Prefer: "code=404" },
    });
    expect([r.status, r.body]).toEqual([404, { error: { code: 404, message: "Not found." } }]);
  });

  it("Retry-After only on the status it was asked with: an invalid request's 400 has none", async () => {
    const asked = await call(webhooks, { headers: { Prefer: "code=429, retry-after=7" } });
    expect([asked.status, asked.headers.get("retry-after")]).toEqual([429, "7"]);
    const invalid = await call(webhooks, {
      body: { ...createBody, accountAddresses: [0] },
      headers: { Prefer: "code=429, retry-after=7" },
    });
    expect([invalid.status, invalid.headers.get("retry-after")]).toEqual([400, null]);
  });
});

describe("a body that is not JSON", () => {
  it("beside another violation: the parse error replaces only the body's, in its place", async () => {
    const r = await call(`/v0/webhooks/not-a-uuid?api-key=k`, {
      method: "PUT",
      body: '{"webhookURL":',
    });
    expect(r.status).toBe(400);
    const violations = r.body.violations.map((v: any) => [v.location.join("."), v.code]);
    // (Prism lists the body's first)
    expect(violations).toEqual([
      ["request.body", "parse-error"],
      ["request.path.webhookID", "pattern"],
      ["request.path.webhookID", "format"],
    ]);
  });

  it("a body sent as text/plain is not read as JSON: Prism is given the text, and the log keeps it", async () => {
    const text = JSON.stringify(createBody);
    const r = await call(webhooks, { body: text, headers: { "content-type": "text/plain" } });
    expect(r.status).toBe(400); // the operation takes JSON
    expect(mock.requests()[0]!.body).toBe(text);
  });

  it("no body with a JSON content type: the operation's own violation (a body is required), not a parse error", async () => {
    const r = await call(webhooks, {
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(400);
    expect(r.body.violations.map((v: any) => v.code)).not.toContain("parse-error");
  });
});

describe("a generated page (dynamic mode, a seed)", () => {
  let dynamic: MockServer;
  beforeAll(async () => {
    dynamic = await startMock({ port: 0, quiet: true, mode: "dynamic", seed: "review-62" });
  });
  afterAll(() => dynamic?.stop());
  const page = async (n: number, prefer?: string) =>
    (
      await callMock(dynamic.url, `${balances}&limit=2&page=${n}`, {
        headers: prefer ? { Prefer: prefer } : {},
      })
    ).body;

  it("the mock's seed makes each page other items and the same page the same ones; a request's seed too", async () => {
    const [one, two, twoAgain] = [await page(1), await page(2), await page(2)];
    expect(two).toEqual(twoAgain);
    expect(two.balances).not.toEqual(one.balances);
    const [own, ownAgain] = [await page(2, "seed=mine"), await page(2, "seed=mine")];
    expect(own).toEqual(ownAgain);
    expect(own.balances).not.toEqual(two.balances);
  });

  it("a next cursor is made from the seed: two seeds, two cursors", async () => {
    const transfers = `/v1/wallet/${WALLET}/transfers?api-key=k&limit=2`;
    const cursor = async (seed: string) =>
      (await callMock(dynamic.url, transfers, { headers: { Prefer: `seed=${seed}` } })).body
        .pagination.nextCursor;
    const [a, b] = [await cursor("a"), await cursor("b")];
    expect(typeof a).toBe("string");
    expect(a).not.toBe(b);
  });

  it("an invalid request's 400 is the error body and its violations, not a page", async () => {
    const r = await callMock(dynamic.url, `${balances}&limit=0`);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body).sort()).toEqual(["error", "violations"]);
  });

  it("a path outside the spec is a 404, not a crash", async () => {
    expect((await callMock(dynamic.url, "/v9/nothing?api-key=k")).status).toBe(404);
  });
});
