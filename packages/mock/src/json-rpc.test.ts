/**
 * A JSON-RPC body as the dispatcher answers it (json-rpc.ts), through a running mock: what the
 * answer and the log entry say of a body that holds no request (not JSON, empty, an empty or
 * oversized batch, no key), which requests a scenario's rpcError reaches, and the Retry-After of
 * `Prefer: retry-after=` only on the status it was asked with.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startMock, type MockServer } from "./index.js";
import { callMock, rpcRequest as request, withEditedSpec } from "./test-support.js";

const ID = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0, quiet: true });
});
afterAll(() => mock?.stop());
beforeEach(() => mock.clearRequests());
const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  callMock(mock.url, path, { body, headers });

describe("a body that holds no request", () => {
  it("not JSON, or empty: -32700 with a parse-error violation, logged with the text", async () => {
    const r = await call("/?api-key=k", '{"jsonrpc":');
    expect([r.status, r.body.id, r.body.error.code]).toEqual([400, null, -32700]);
    const violation = {
      location: ["request", "body"],
      message: expect.stringMatching(/^The body is not JSON: /),
      code: "parse-error",
      severity: "error",
    };
    expect(r.body.error.data).toEqual([violation]);
    expect(mock.requests()[0]).toMatchObject({ body: '{"jsonrpc":', violations: [violation] });
    const empty = await callMock(mock.url, "/?api-key=k", {
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    expect(empty.body.error).toMatchObject({
      code: -32700,
      data: [{ code: "parse-error", message: "The body is not JSON: empty body" }],
    });
    // without the key: the 401, logged with the text too
    mock.clearRequests();
    expect((await call("/", '{"jsonrpc":')).status).toBe(401);
    expect(mock.requests()[0]).toMatchObject({ status: 401, body: '{"jsonrpc":' });
  });

  it("an empty batch, or one over 10,000: -32600 with an invalid-request violation, logged with the body and batch: true", async () => {
    const r = await call("/?api-key=k", []);
    const violation = {
      location: ["request", "body"],
      message: "An empty batch is not a valid JSON-RPC request",
      code: "invalid-request",
      severity: "error",
    };
    expect([r.status, r.body.error.code, r.body.error.data]).toEqual([400, -32600, [violation]]);
    expect(mock.requests()[0]).toMatchObject({ body: [], batch: true, violations: [violation] });
    mock.clearRequests();
    const over = await call(
      "/?api-key=k",
      Array.from({ length: 10_001 }, () => 1),
    );
    expect(over.body.error.data).toEqual([
      expect.objectContaining({
        location: ["request", "body"],
        code: "invalid-request",
        severity: "error",
      }),
    ]);
    // without the key, either is the 401 (the key is checked first), logged as a batch
    mock.clearRequests();
    expect((await call("/", [])).status).toBe(401);
    expect(
      (
        await call(
          "/",
          Array.from({ length: 10_001 }, () => 1),
        )
      ).status,
    ).toBe(401);
    // (the oversized body is logged cut to its text: README, What an entry keeps)
    expect(mock.requests().map((e) => [e.status, e.batch])).toEqual([
      [401, true],
      [401, true],
    ]);
    expect(mock.requests()[0]!.body).toEqual([]);
  });

  it("without the key: a body of `null`, and a batch of which one entry reaches a method, are the 401 too, logged with their methods", async () => {
    const nothing = await call("/", "null");
    expect([nothing.status, nothing.body.id, nothing.body.error.code]).toEqual([401, null, -32001]);
    expect(mock.requests()[0]).toMatchObject({ status: 401, body: null });
    mock.clearRequests();
    const mixed = await call("/", [
      request("getAsset", { id: ID }),
      request("noSuchMethod", {}, 2),
      5,
    ]);
    expect([mixed.status, mixed.body.id, mixed.body.error.code]).toEqual([401, null, -32001]);
    expect(mock.requests()[0]).toMatchObject({
      status: 401,
      batch: true,
      rpcMethods: ["getAsset", "noSuchMethod", "(invalid)"],
    });
    // A key given twice, once empty, is a key.
    // (a body that reaches no method: the key is checked by the dispatcher, not by Prism)
    expect((await call("/?api-key=&api-key=k", [])).status).toBe(400);
  });
});

describe("a body not sent as JSON (wire 69, F5 b)", () => {
  // (api-facts.md §2c: jsonrpsee answers a non-JSON content type with HTTP 415. It was a -32602
  // at the area's status for -32602: 400, and 200 on compression.)
  const post = (path: string, type: string | undefined, body = request("getAsset", { id: ID })) =>
    fetch(mock.url + path, {
      method: "POST",
      ...(type !== undefined && { headers: { "content-type": type } }),
      // (Bytes: fetch gives them no Content-Type of its own, as it gives a string text/plain.)
      body: new TextEncoder().encode(JSON.stringify(body)),
    });
  const compression = request("getCompressedBalanceByOwner", { owner: ID });

  it("text/plain, a form or no Content-Type: 415 with jsonrpsee's text, on every endpoint and area, logged", async () => {
    for (const [path, type, body] of [
      ["/?api-key=k", "text/plain", undefined],
      ["/?api-key=k", "application/x-www-form-urlencoded", undefined],
      ["/?api-key=k", undefined, undefined],
      ["/?api-key=k", "text/plain;charset=UTF-8", compression],
      ["/fast", "text/plain", request("sendTransaction", ["AQ==", { encoding: "base64" }])],
    ] as const) {
      mock.clearRequests();
      const r = await post(path, type, body);
      expect([r.status, await r.text()], `${type} ${path}`).toEqual([
        415,
        "Supplied content type is not allowed. Content-Type: application/json is required\n",
      ]);
      expect(r.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(mock.requests()).toMatchObject([
        {
          status: 415,
          rpcMethods: [],
          violations: [
            {
              location: ["request", "header", "content-type"],
              code: "unsupported-media-type",
              severity: "error",
              message: expect.stringContaining(type ?? "No Content-Type"),
            },
          ],
        },
      ]);
    }
  });

  it("application/json with a charset and application/json-rpc are JSON; without the key, the 401 first", async () => {
    for (const type of [
      "application/json; charset=utf-8",
      "Application/JSON",
      "application/json-rpc",
    ])
      expect((await post("/?api-key=k", type)).status, type).toBe(200);
    expect((await post("/?api-key=k", "application/json", compression)).status).toBe(200);
    expect((await post("/", "text/plain")).status).toBe(401);
  });
});

describe("text with the tag of a marker (the mock's stand-in for a big integer)", () => {
  it("is a string like any: answered as invalid params, and logged (was a 500, and no entry)", async () => {
    const id = "\u0000u64:abc";
    const r = await call("/?api-key=k", request("getAsset", { id }, "1"));
    expect([r.status, r.body.error.code]).toEqual([400, -32602]);
    expect(r.body.error.data.map((v: { code: string }) => v.code)).toEqual(["pattern"]);
    expect(mock.requests()).toMatchObject([{ status: 400, body: { params: { id } } }]);
  });
});

describe("a bound the service's method checks (x-refused-with)", () => {
  const OWNER = "5cgtSJbb8f675Bsq4m2J6MZk61x1fTgS53C6Po2MttGV";
  const entry = { address: OWNER, tree: "amt1Ayt45jfbdw5YSo7iz6WZxUmnZsQTYXy82hVwyC2" };
  const memcmp = { memcmp: { offset: 0, bytes: "3" } };
  it("is answered with the service's -32000 and text, at the area's HTTP status, not -32602", async () => {
    const empty = await call("/?api-key=k", request("getMultipleNewAddressProofsV2", [], "1"));
    expect([empty.status, empty.body.error]).toEqual([
      200,
      { code: -32000, message: "Validation Error: No addresses provided" },
    ]);
    const many = Array.from({ length: 1001 }, () => entry);
    const over = await call("/?api-key=k", request("getMultipleNewAddressProofsV2", many, "2"));
    expect(over.body.error).toEqual({
      code: -32000,
      message: "Validation Error: Too many addresses requested 1001. Maximum allowed: 1000",
    });
    const filters = Array.from({ length: 6 }, () => memcmp);
    const six = await call(
      "/?api-key=k",
      request("getCompressedAccountsByOwner", { owner: OWNER, filters }, "3"),
    );
    expect(six.body.error).toEqual({
      code: -32000,
      message: "Validation Error: Too many filters. The maximum number of filters allowed is 5",
    });
    expect(mock.requests()[2]).toMatchObject({ violations: [{ code: "maxItems" }] });
  });

  it("a filter without memcmp (items/required) is the service's -32000; one without memcmp.offset stays -32602", async () => {
    const without = await call(
      "/?api-key=k",
      request("getCompressedAccountsByOwner", { owner: OWNER, filters: [memcmp, {}] }, "1"),
    );
    expect([without.status, without.body.error]).toEqual([
      200,
      { code: -32000, message: "Validation Error: Filter instance cannot be null" },
    ]);
    expect(mock.requests().at(-1)!.violations).toMatchObject([
      { code: "required", location: ["request", "body", "params", "filters", "1"] },
    ]);
    const noOffset = { memcmp: { bytes: "3" } };
    const parse = await call(
      "/?api-key=k",
      request("getCompressedAccountsByOwner", { owner: OWNER, filters: [noOffset] }, "2"),
    );
    expect([parse.status, parse.body.error.code]).toEqual([200, -32602]);
    expect(parse.body.error.data.map((v: { location: string[] }) => v.location.join("."))).toEqual([
      "request.body.params.filters.0.memcmp",
    ]);
  });

  it("is checked against the 200 it is sent in: a refusal the spec gives no text is a violation of the answer", async () => {
    const noText = (doc: any) => {
      const proofs = doc.methods.find((m: any) => m.name === "getMultipleNewAddressProofsV2");
      proofs.params[0]["x-refused-with"].minItems.message = "";
    };
    await withEditedSpec("openrpc/compression.json", noText, async (edited) => {
      const r = await callMock(edited.url, "/?api-key=k", {
        body: request("getMultipleNewAddressProofsV2", [], "1"),
      });
      expect([r.status, r.body.error]).toEqual([200, { code: -32000, message: "" }]);
      expect(edited.requests()[0]!.violations).toMatchObject([
        { location: ["request", "body", "params"], code: "minItems" },
        { location: ["response", "body", "error", "message"], code: "minLength" },
      ]);
    });
  });

  it("stays -32602 when the params also break a rule the parse checks", async () => {
    const filters = [...Array.from({ length: 5 }, () => memcmp), { memcmp: { offset: 0 } }];
    const r = await call(
      "/?api-key=k",
      request("getCompressedAccountsByOwner", { owner: OWNER, filters }, "3"),
    );
    expect([r.status, r.body.error.code]).toEqual([200, -32602]);
    expect(r.body.error.data.map((v: { code: string }) => v.code)).toEqual([
      "maxItems",
      "required",
    ]);
    // The request's violations alone in the log: an error the area answers in a 200 is not held
    // to the 400 response Prism chose (`error.code must be equal to one of the allowed values:
    // -32700`).
    expect(
      mock
        .requests()
        .at(-1)!
        .violations.map((v) => v.location.join(".")),
    ).toEqual(["request.body.params.filters", "request.body.params.filters.5.memcmp"]);
  });
});

describe("a batch", () => {
  it("Prefer: example= with a null entry: the entry is -32600, the others follow the preference", async () => {
    const r = await call("/?api-key=k", [null, request("getAsset", { id: ID })], {
      prefer: "example=fungibleToken",
    });
    expect(r.status).toBe(200);
    expect(r.body[0]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(r.body[1].result).toMatchObject({ id: ID, interface: "FungibleToken" });
  });

  it("a scenario's rpcError without an operation answers every JSON-RPC request with it", async () => {
    mock.failNext({ rpcError: -32004 });
    const r = await call("/?api-key=k", request("getAsset", { id: ID }));
    expect([r.status, r.body.error]).toEqual([200, { code: -32004, message: "Not found" }]);
    expect((await call("/?api-key=k", request("getAsset", { id: ID }))).body.result).toBeDefined();
  });
});

describe("Prefer: retry-after=", () => {
  it("is the Retry-After of the status asked, alone or in a batch; not of another answer", async () => {
    const prefer = { prefer: "code=429, retry-after=7" };
    const one = await call("/?api-key=k", request("getAsset", { id: ID }), prefer);
    expect([one.status, one.headers.get("retry-after")]).toEqual([429, "7"]);
    const batch = await call("/?api-key=k", [request("getAsset", { id: ID })], prefer);
    expect([batch.status, batch.headers.get("retry-after")]).toEqual([429, "7"]);
    // invalid params are answered first (400); a status the method lacks is the mock's 422
    const invalid = await call("/?api-key=k", request("getAsset", { id: 5 }), prefer);
    expect([invalid.status, invalid.headers.get("retry-after")]).toEqual([400, null]);
    const undocumented = { prefer: "code=418, retry-after=7" };
    const single = await call("/?api-key=k", request("getAsset", { id: ID }), undocumented);
    expect([single.status, single.headers.get("retry-after")]).toEqual([422, null]);
    const inBatch = await call("/?api-key=k", [request("getAsset", { id: ID })], undocumented);
    expect([inBatch.status, inBatch.headers.get("retry-after")]).toEqual([422, null]);
  });
});

describe("the answers json-rpc.ts makes itself (review 62: each kills a mutant the suites let live)", () => {
  it("a bad hook on a body of null, or of a method that is no string: 422 with id null, logged with the violation and `(invalid)`", async () => {
    const hook = { "X-Mock-JsonRpc-Error": "nonsense" };
    const r = await call("/?api-key=k", "null", hook);
    expect([r.status, r.body.id, r.body.error.code]).toEqual([422, null, -32603]);
    expect(r.body.error.data).toEqual([expect.objectContaining({ code: "bad-hook" })]);
    const noString = await call("/?api-key=k", { jsonrpc: "2.0", id: 7, method: 5 }, hook);
    expect([noString.status, noString.body.id]).toEqual([422, 7]);
    expect(mock.requests().map((e) => [e.rpcMethods, e.violations.map((v) => v.code)])).toEqual([
      [["(invalid)"], ["bad-hook"]],
      [["(invalid)"], ["bad-hook"]],
    ]);
  });

  it("the standard error objects: -32700's message; -32601, -32602, -32603 forced where no method documents them", async () => {
    expect((await call("/?api-key=k", "{")).body.error).toMatchObject({
      code: -32700,
      message: "Parse error",
    });
    for (const [code, message] of [
      [-32601, "Method not found"],
      [-32602, "Invalid params"],
      [-32603, "Internal error"],
    ] as const) {
      const r = await call("/?api-key=k", request("getAsset", { id: ID }), {
        "X-Mock-JsonRpc-Error": String(code),
      });
      expect(r.body.error).toEqual({ code, message });
    }
  });

  it("an unknown method served nowhere: the violation says so, with no hint", async () => {
    const r = await call("/?api-key=k", request("nope", {}));
    expect(r.body.error.data[0].message).toBe('Method "nope" is not in the spec of POST /');
  });

  it("Prefer: code=429 answers the documented error object, not generated data", async () => {
    const r = await call("/?api-key=k", request("getAsset", { id: ID }), { Prefer: "code=429" });
    const example = await call("/?api-key=k", request("getAsset", { id: ID }), {
      Prefer: "code=429, example=error-32029",
    });
    expect(r.status).toBe(429);
    expect(r.body).toEqual(example.body);
  });

  it("a body without the key that reaches no method: the violation names the query parameter to send", async () => {
    expect((await call("/", "{")).status).toBe(401);
    expect(mock.requests()[0]!.violations).toEqual([
      {
        location: ["request", "query", "api-key"],
        message: "The API key is missing: send the api-key query parameter",
        code: 401,
        severity: "error",
      },
    ]);
  });

  it("a batch's log keeps 20 violations over its entries, the rest counted", async () => {
    const bad = (id: string) => request("getAssetBatch", { ids: Array(60).fill(0) }, id);
    expect((await call("/?api-key=k", [bad("1"), bad("2")])).status).toBe(200);
    const [entry] = mock.requests();
    expect([entry!.violations.length, entry!.violationsOmitted]).toEqual([20, 100]);
  });

  it("a batch with Prefer: code=<status no method documents>, example=: the undocumented status, not a crash", async () => {
    const r = await call("/?api-key=k", [request("getAsset", { id: ID })], {
      Prefer: "code=418, example=nope",
    });
    expect(r.status).toBe(422);
    expect(r.body.error.message).toBe("Mock: getAsset documents no HTTP 418 response");
  });
});

describe("what the log and the answer keep (review 63: each kills a mutant the suites let live)", () => {
  it("a JSON-RPC request the client gives up on: logged as aborted with its method, no area and no violation", async () => {
    await expect(
      fetch(`${mock.url}/?api-key=k`, {
        method: "POST",
        headers: { "content-type": "application/json", prefer: "delay=20000" },
        body: JSON.stringify(request("getAsset", { id: ID })),
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    for (let i = 0; i < 50 && !mock.requests().length; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(mock.requests()).toEqual([
      expect.objectContaining({
        kind: "json-rpc",
        status: 499,
        aborted: true,
        rpcMethods: ["getAsset"],
        areas: [],
        violations: [],
      }),
    ]);
  });

  it("the 401 of a body that reaches no method is the documented -32001 object, without data", async () => {
    const r = await call("/", "{");
    expect([r.status, r.body]).toEqual([
      401,
      { jsonrpc: "2.0", id: null, error: { code: -32001, message: "Unauthorized" } },
    ]);
  });

  it("a body the dispatcher rejects before any method is logged with no method", async () => {
    await call("/?api-key=k", []);
    expect(mock.requests()[0]).toMatchObject({
      kind: "json-rpc",
      status: 400,
      rpcMethods: [],
      areas: [],
    });
  });

  it("the violations of a bad request object and of an unknown method: where in the body, and what", async () => {
    const r = await call("/?api-key=k", [
      { jsonrpc: "1.0", id: 1, method: "getAsset", params: { id: ID } },
      request("nope", {}, 2),
    ]);
    expect(r.body.map((e: any) => e.error.data)).toEqual([
      [
        {
          location: ["request", "body"],
          message: 'Not a JSON-RPC 2.0 request: `jsonrpc` must be "2.0"',
          code: "invalid-request",
          severity: "error",
        },
      ],
      [
        {
          location: ["request", "body", "method"],
          message: 'Method "nope" is not in the spec of POST /',
          code: "method-not-found",
          severity: "error",
        },
      ],
    ]);
  });
});

describe("statuses and log entries of answers no method makes (review 63, second run)", () => {
  it("a single invalid request object is the area's HTTP status for -32600 (400), not 200", async () => {
    const r = await call("/?api-key=k", { jsonrpc: "1.0", id: 3, method: "getAsset" });
    expect([r.status, r.body.error.code]).toEqual([400, -32600]);
  });

  it("a batch entry whose method is no string is logged as `(invalid)`, beside the methods of the others", async () => {
    await call("/?api-key=k", [
      request("getAsset", { id: ID }),
      { jsonrpc: "2.0", id: 2, method: 5 },
    ]);
    expect(mock.requests()[0]).toMatchObject({
      status: 200,
      rpcMethods: ["getAsset", "(invalid)"],
    });
  });

  it("without the key, a batch of exactly 10,000 (the limit) is read: the 401 is logged with its methods", async () => {
    const body = [...Array.from({ length: 9_999 }, () => 1), request("getAsset", { id: ID })];
    expect((await call("/", body)).status).toBe(401);
    const [entry] = mock.requests();
    expect([entry!.status, entry!.rpcMethods?.length, entry!.rpcMethods?.at(-1)]).toEqual([
      401,
      10_000,
      "getAsset",
    ]);
  });

  it("a bad hook is logged with no area", async () => {
    await call("/?api-key=k", request("getAsset", { id: ID }), {
      "X-Mock-JsonRpc-Error": "nonsense",
    });
    expect(mock.requests()[0]).toMatchObject({ kind: "json-rpc", status: 422, areas: [] });
  });
});
