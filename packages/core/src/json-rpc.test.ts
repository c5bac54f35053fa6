import { isNativeError } from "node:util/types";
import { getEventListeners } from "node:events";
import { runInNewContext } from "node:vm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AbortError,
  ConnectionError,
  InvalidResponseError,
  JsonRpcError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  ValidationError,
  ConfigurationError,
  isRetryable,
} from "./errors.js";
import { vBoolean, vBoundedString, vObject, vString } from "./validate.js";
import { createBatcher } from "./batch.js";
import { createRateLimiter } from "./rate-limit.js";
import { rpcHost, senderHost } from "./generated/environments.js";
import { hang, jsonResponse, stubFetch, type RecordedCall } from "./test-support/testing.js";
import {
  createJsonRpcClient,
  notAnRpc,
  rpcEncoding,
  type RpcMethodDescriptor,
} from "./json-rpc.js";
import type { ClientOptions, RequestOptions } from "./config.js";

const KEY = "rpc-key";
const getAsset: RpcMethodDescriptor = {
  id: "getAsset",
  idempotent: true,
  params: vObject({ id: vBoundedString(3) }, ["id"], false),
  u64: { token_info: { supply: 1 } },
};
const getBalance: RpcMethodDescriptor = {
  id: "getBalance",
  idempotent: true,
  encode: rpcEncoding(["address", "config"]),
  u64: { value: 1 },
};
const getProofs: RpcMethodDescriptor = { id: "getMultipleNewAddressProofsV2", idempotent: true };
const sendTransaction: RpcMethodDescriptor<"swqosOnly"> = {
  id: "sendTransaction",
  idempotent: false,
  encode: rpcEncoding(undefined, { swqosOnly: "swqos_only" }),
};

/** A JSON-RPC server: answers each request (or batch entry) with `handle(method, params)`. */
const server =
  (
    handle: (method: string, params: unknown) => unknown,
    options: { reverse?: boolean; drop?: string } = {},
  ) =>
  (call: RecordedCall) => {
    const body = JSON.parse(call.body!);
    const answer = (r: { id: string; method: string; params: unknown }) => {
      try {
        return { jsonrpc: "2.0", id: r.id, result: handle(r.method, r.params) };
      } catch (error) {
        return {
          jsonrpc: "2.0",
          id: r.id,
          error: { code: -32000, message: (error as Error).message },
        };
      }
    };
    if (!Array.isArray(body)) return jsonResponse(answer(body));
    let entries = body.filter((r) => r.id !== options.drop).map(answer);
    if (options.reverse) entries = entries.reverse();
    return jsonResponse(entries);
  };

const sent = (calls: RecordedCall[]) => calls.map((c) => JSON.parse(c.body!));

beforeEach(() => vi.stubEnv("CHAINDATA_API_KEY", ""));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("createJsonRpcClient: single calls", () => {
  it("POSTs a JSON-RPC 2.0 request with a string id counter, to the endpoint with the key", async () => {
    const { fetch, calls } = stubFetch(server(() => ({ ok: true })));
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    await rpc.call(getAsset, { id: "abc" });
    await rpc.call(getAsset, { id: "def" });
    expect(sent(calls)).toEqual([
      { jsonrpc: "2.0", id: "1", method: "getAsset", params: { id: "abc" } },
      { jsonrpc: "2.0", id: "2", method: "getAsset", params: { id: "def" } },
    ]);
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.url.href).toBe(`https://mainnet.helius-rpc.com/?api-key=${KEY}`);
    expect(calls[0]!.headers.get("content-type")).toBe("application/json");
    expect(calls[0]!.headers.get("accept")).toBe("application/json");
  });

  it("shapes params as object, array or positional (trailing undefined dropped)", async () => {
    const { fetch, calls } = stubFetch(server(() => 1));
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    await rpc.call(getProofs, [{ address: "a", tree: "t" }]);
    await rpc.call(getBalance, { address: "addr" });
    await rpc.call(getBalance, { address: "addr", config: { commitment: "finalized" } });
    await rpc.call(getBalance, { config: { c: 1 } });
    await rpc.call({ ...getAsset, params: undefined }, undefined);
    expect(sent(calls).map((b) => b.params)).toEqual([
      [{ address: "a", tree: "t" }],
      ["addr"],
      ["addr", { commitment: "finalized" }],
      [null, { c: 1 }],
      {},
    ]);
  });

  it("writes a bigint in a raw call's params as a bare JSON integer, every digit kept", async () => {
    const { fetch, calls } = stubFetch(server(() => 1));
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    await rpc.call(getProofs, { minContextSlot: 18446744073709551615n, small: 5n });
    expect(calls[0]!.body).toContain('"params":{"minContextSlot":18446744073709551615,"small":5}');
  });

  it("revives u64 fields in the result as bigint", async () => {
    const { fetch } = stubFetch(
      jsonResponse(
        '{"jsonrpc":"2.0","id":"1","result":{"token_info":{"supply":18446744073709551615,"decimals":6}}}',
      ),
    );
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    expect(await rpc.call(getAsset, { id: "abc" })).toEqual({
      token_info: { supply: 18446744073709551615n, decimals: 6 },
    });
    const second = createJsonRpcClient(
      {
        apiKey: KEY,
        fetch: stubFetch(jsonResponse({ jsonrpc: "2.0", id: "1", result: { value: 5 } })).fetch,
      },
      rpcHost,
      "/",
    );
    expect(await second.call(getBalance, { address: "a" })).toEqual({ value: 5n });
  });

  it("leaves no reference to the answer in RegExp's legacy statics (it stayed alive after the call until another regex matched)", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: "1", result: { name: "x".repeat(1000) } });
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch: stubFetch(jsonResponse(body)).fetch },
      rpcHost,
      "/",
    );
    expect(await rpc.call(getProofs, {})).toEqual({ name: "x".repeat(1000) });
    expect(RegExp.input).not.toBe(body);
  });

  it("validates params before sending: ValidationError, nothing sent", async () => {
    const { fetch, mock } = stubFetch(server(() => 1));
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    await expect(rpc.call(getAsset, { id: "x", extra: 1 })).rejects.toThrow(ValidationError);
    await expect(rpc.call(getAsset, { id: "x" })).rejects.toThrow(
      "params.id: must have at least 3 characters (got 1)",
    );
    expect(mock).not.toHaveBeenCalled();
  });

  it("names the method in what a call refuses before sending (params, options, JSON, a missing key), in the error and its JSON, not in the message; a client's creation names none", async () => {
    const { fetch, mock } = stubFetch(server(() => 1));
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    const batched = createJsonRpcClient(
      { apiKey: KEY, fetch, batch: createBatcher() },
      rpcHost,
      "/",
    );
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    for (const [error, Class, operation, message] of [
      [
        await rpc.call(getAsset, { id: "x" }).catch((e: unknown) => e),
        ValidationError,
        "getAsset",
        "params.id: must have at least 3 characters (got 1)",
      ],
      [
        await batched.call(getAsset, { id: "x" }).catch((e: unknown) => e),
        ValidationError,
        "getAsset",
        "params.id: must have at least 3 characters (got 1)",
      ],
      [
        await rpc.call(getProofs, [cycle]).catch((e: unknown) => e),
        ValidationError,
        "getMultipleNewAddressProofsV2",
        "params: cannot be written as JSON (",
      ],
      [
        await rpc.call(getAsset, { id: "xyz" }, { timeout: 0 }).catch((e: unknown) => e),
        ConfigurationError,
        "getAsset",
        "timeout: must be a number of milliseconds > 0, or Infinity (got 0)",
      ],
      [
        await createJsonRpcClient({ fetch, environment: "mainnet" }, rpcHost, "/")
          .call(getAsset, { id: "xyz" })
          .catch((e: unknown) => e),
        ConfigurationError,
        "getAsset",
        "Missing API key for the rpc host",
      ],
    ] as const) {
      expect(error).toBeInstanceOf(Class);
      const refused = error as ValidationError | ConfigurationError;
      expect(refused.operation, message).toBe(operation);
      expect(refused.toJSON(), message).toMatchObject({ name: Class.name, operation });
      // (The message is as it was: tests and users match it.)
      expect(refused.message.startsWith(message), refused.message).toBe(true);
      expect(refused.message).not.toContain(operation);
    }
    expect(mock).not.toHaveBeenCalled();
    const created = (() => {
      try {
        createJsonRpcClient({ apiKey: KEY, fetch, timeout: -1 }, rpcHost, "/");
      } catch (error) {
        return error as ConfigurationError;
      }
    })();
    expect(created).toBeInstanceOf(ConfigurationError);
    expect(created!.operation).toBeUndefined();
    expect(created!.toJSON()).not.toHaveProperty("operation");
  });

  it("names each caller's own method on its copy of what a batch request refuses before sending (a missing API key); nothing is sent", async () => {
    const { fetch, mock } = stubFetch(server(() => 1));
    const rpc = createJsonRpcClient(
      { fetch, environment: "mainnet", batch: createBatcher() },
      rpcHost,
      "/",
    );
    const refused = (call: Promise<unknown>) =>
      call.then(
        () => new Error("not refused") as ConfigurationError,
        (e: unknown) => e as ConfigurationError,
      );
    const batch = await Promise.all([
      refused(rpc.call(getAsset, { id: "abc" })),
      refused(rpc.call(getBalance, { address: "a" })),
      refused(rpc.call(getAsset, { id: "def" })),
    ]);
    // A batch of one goes as a plain request; a call whose signal aborts leaves its batch and is
    // sent on its own, which the missing key refuses first, as it would unbatched.
    const lone = await refused(rpc.call(getBalance, { address: "a" }));
    const controller = new AbortController();
    const left = refused(rpc.call(getBalance, { address: "a" }, { signal: controller.signal }));
    const stayed = refused(rpc.call(getAsset, { id: "abc" }));
    controller.abort();
    const errors = [...batch, lone, await left, await stayed];
    for (const error of errors) {
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toBe(
        "Missing API key for the rpc host: pass `apiKey` or set CHAINDATA_API_KEY before the client is created",
      );
    }
    expect(errors.map((error) => error.operation)).toEqual([
      "getAsset",
      "getBalance",
      "getAsset",
      "getBalance",
      "getBalance",
      "getAsset",
    ]);
    expect(errors.map((error) => error.toJSON().operation)).toEqual(
      errors.map((error) => error.operation),
    );
    // (Each caller's own copy: naming one caller's method names no other's.)
    expect(new Set(batch).size).toBe(3);
    expect(mock).not.toHaveBeenCalled();
  });

  it("passes on what an onResponse callback throws as it threw it (no operation added)", async () => {
    const { fetch } = stubFetch(server(() => 1));
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    const own = new ConfigurationError("mine");
    const thrown = await rpc
      .call(
        getAsset,
        { id: "xyz" },
        {
          onResponse: () => {
            throw own;
          },
        },
      )
      .catch((e: unknown) => e);
    expect(thrown).toBe(own);
    expect(own.operation).toBeUndefined();
  });

  it('rejects with a falsy value an onResponse callback throws (undefined, null, 0, ""), not resolves', async () => {
    // (A call that goes alone is settled before its promise is: whether it failed is kept beside
    // what it failed with, which may be any value.)
    const { fetch } = stubFetch(server(() => 1));
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    for (const own of [undefined, null, 0, ""]) {
      const outcome = await rpc
        .call(
          getAsset,
          { id: "xyz" },
          {
            onResponse: () => {
              // eslint-disable-next-line @typescript-eslint/only-throw-error -- what is tested
              throw own;
            },
          },
        )
        .then(
          (value: unknown) => ["resolved", value],
          (e: unknown) => ["rejected", e],
        );
      expect(outcome).toStrictEqual(["rejected", own]);
    }
  });

  it("does not quote the key in a ValidationError (the key given as a param)", async () => {
    const { fetch, mock } = stubFetch(server(() => 1));
    const rpc = createJsonRpcClient({ apiKey: "sk-live-0123456789", fetch }, rpcHost, "/");
    const error = (await rpc
      .call(
        { ...getAsset, params: vObject({ id: vString(/^\d+$/u) }) },
        { id: "sk-live-0123456789" },
      )
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe('params.id: must match ^\\d+$ (got "***")');
    expect(mock).not.toHaveBeenCalled();
  });

  it("checks a query option given with the call options against the params schema, sending nothing when it fails", async () => {
    const { fetch, calls } = stubFetch(server(() => "sig"));
    const checked: RpcMethodDescriptor<"swqosOnly"> = {
      ...sendTransaction,
      params: vObject({ transaction: vBoundedString(1), swqosOnly: vBoolean }, ["transaction"]),
    };
    const sender = createJsonRpcClient({ fetch }, senderHost, "/fast");
    await expect(
      sender.call(checked, { transaction: "AQAB" }, { swqosOnly: "yes" as unknown as boolean }),
    ).rejects.toThrow("params.swqosOnly: must be boolean (got string)");
    expect(calls).toHaveLength(0);
    await sender.call(checked, { transaction: "AQAB" }, { swqosOnly: true });
    expect(calls.map((c) => c.url.search)).toEqual(["?swqos_only=true"]);
  });

  it("refuses a query option given both in the params and with the call options, differently", async () => {
    const { fetch, calls } = stubFetch(server(() => "sig"));
    const sender = createJsonRpcClient({ fetch }, senderHost, "/fast");
    // (The call option had won without a word: `swqos_only=false` for params saying true.)
    await expect(
      sender.call(sendTransaction, { transaction: "AQAB", swqosOnly: true }, { swqosOnly: false }),
    ).rejects.toThrow(
      new ConfigurationError(
        "swqosOnly: is given as a call option and as params.swqosOnly, differently",
        { operation: "sendTransaction" },
      ),
    );
    expect(calls).toHaveLength(0);
    // The same value twice is one value.
    await sender.call(
      sendTransaction,
      { transaction: "AQAB", swqosOnly: true },
      { swqosOnly: true },
    );
    expect(calls.map((c) => c.url.search)).toEqual(["?swqos_only=true"]);
  });

  it("appends query options to the URL", async () => {
    const { fetch, calls } = stubFetch(server(() => "sig"));
    const sender = createJsonRpcClient({ fetch }, senderHost, "/fast");
    await sender.call(sendTransaction, ["base64tx", { encoding: "base64" }], { swqosOnly: true });
    await sender.call(sendTransaction, ["base64tx"]);
    const proxied = createJsonRpcClient(
      { fetch, baseUrls: { sender: "https://proxy.example/eu/" } },
      senderHost,
      "/fast",
    );
    await proxied.call(sendTransaction, ["base64tx"], { swqosOnly: false });
    expect(calls.map((c) => c.url.href)).toEqual([
      "https://sender.helius-rpc.com/fast?swqos_only=true",
      "https://sender.helius-rpc.com/fast",
      "https://proxy.example/eu/fast?swqos_only=false",
    ]);
    expect(sent(calls).map((b) => b.params)).toEqual([
      ["base64tx", { encoding: "base64" }],
      ["base64tx"],
      ["base64tx"],
    ]);
  });

  it("fills the SDK's defaults into object params that leave them out, on a copy", () => {
    const encode = rpcEncoding(["tx", "config"], {}, { config: { skip: true, retries: 0 } });
    const config = { encoding: "base64", retries: 2 };
    expect(encode({ tx: "AQID", config }, {})).toEqual([
      ["AQID", { encoding: "base64", retries: 2, skip: true }],
      "",
    ]);
    expect(config).toEqual({ encoding: "base64", retries: 2 });
    expect(encode({ tx: "AQID", config: { skip: false, retries: undefined } }, {})).toEqual([
      ["AQID", { skip: false, retries: 0 }],
      "",
    ]);
    // An absent param stays absent; by name, the filled object is sent by name.
    expect(encode({ tx: "AQID" }, {})).toEqual([["AQID"], ""]);
    const byName = rpcEncoding(undefined, {}, { config: { skip: true } });
    expect(byName({ tx: "AQID", config: {} }, {})).toEqual([
      { tx: "AQID", config: { skip: true } },
      "",
    ]);
  });

  it("URL-encodes query option values", () => {
    const encode = rpcEncoding<"tag">(undefined, { tag: "t" });
    expect(encode({}, { tag: "a&b=c d/é?#" })).toEqual([{}, "t=a%26b%3Dc%20d%2F%C3%A9%3F%23"]);
  });

  it("turns an error object into JsonRpcError, without retrying", async () => {
    const { fetch, mock } = stubFetch(
      jsonResponse({
        jsonrpc: "2.0",
        id: "1",
        error: { code: -32602, message: "Invalid params: id", data: { field: "id" } },
      }),
    );
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    const error = await rpc.call(getAsset, { id: "abc" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({
      name: "JsonRpcError",
      code: -32602,
      rpcMessage: "Invalid params: id",
      message: "JSON-RPC error -32602 from getAsset: Invalid params: id",
      data: { field: "id" },
      method: "getAsset",
      id: "1",
    });
    expect(mock).toHaveBeenCalledOnce();
  });

  it("gives JsonRpcError and InvalidResponseError the response's status, redacted headers and request id; a batched call the batch's", async () => {
    const headers = { "x-request-id": "req-7", "x-echo": `/?api-key=${KEY}` };
    const rpcError = { code: -32000, message: "Asset not found" };
    const { fetch } = stubFetch(
      jsonResponse({ jsonrpc: "2.0", id: "1", error: rpcError }, { headers }),
      jsonResponse({ jsonrpc: "2.0", id: "99", result: 1 }, { headers }),
      (call) =>
        jsonResponse(
          JSON.parse(call.body!).map((r: { id: string }) => ({
            jsonrpc: "2.0",
            id: r.id,
            error: rpcError,
          })),
          { headers: { "request-id": "batch-1" } },
        ),
    );
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    const fields = {
      status: 200,
      requestId: "req-7",
      headers: {
        "content-type": "application/json",
        "x-request-id": "req-7",
        "x-echo": "/?api-key=***",
      },
    };
    const alone = await rpc.call(getAsset, { id: "abc" }).catch((e: unknown) => e);
    expect(alone).toBeInstanceOf(JsonRpcError);
    expect(alone).toMatchObject(fields);
    const invalid = await rpc.call(getAsset, { id: "abc" }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(InvalidResponseError);
    expect(invalid).toMatchObject({ reason: "id-mismatch", ...fields });
    expect(JSON.stringify([alone, invalid])).not.toContain(KEY);

    const batched = createJsonRpcClient(
      { apiKey: KEY, fetch, batch: createBatcher() },
      rpcHost,
      "/",
    );
    const errors = await Promise.all(
      ["abc", "def"].map((id) => batched.call(getAsset, { id }).catch((e: unknown) => e)),
    );
    for (const error of errors) {
      expect(error).toBeInstanceOf(JsonRpcError);
      expect(error).toMatchObject({ status: 200, requestId: "batch-1" });
    }
    // Each call's own copy of the headers: changing one error's does not change the other's.
    expect((errors[0] as JsonRpcError).headers).not.toBe((errors[1] as JsonRpcError).headers);
  });

  it("the same JSON-RPC error reads alike batched or not: rpcError and operation on the NotFoundError (404) and on the batch entry's JsonRpcError", async () => {
    const notFound = { code: -32004, message: "Asset not found" };
    const { fetch } = stubFetch(
      jsonResponse({ jsonrpc: "2.0", id: "1", error: notFound }, { status: 404 }),
      (call) =>
        jsonResponse(
          JSON.parse(call.body!).map((r: { id: string }) => ({
            jsonrpc: "2.0",
            id: r.id,
            error: notFound,
          })),
        ),
    );
    const alone = await createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/")
      .call(getAsset, { id: "abc" }, { maxRetries: 0 })
      .catch((e: unknown) => e);
    expect(alone).toBeInstanceOf(NotFoundError);
    const batched = createJsonRpcClient(
      { apiKey: KEY, fetch, batch: createBatcher() },
      rpcHost,
      "/",
    );
    const [entry] = await Promise.all(
      ["abc", "def"].map((id) => batched.call(getAsset, { id }).catch((e: unknown) => e)),
    );
    expect(entry).toBeInstanceOf(JsonRpcError);
    for (const error of [alone, entry])
      expect(error).toMatchObject({ operation: "getAsset", rpcError: notFound });
    expect(entry).toMatchObject({ code: -32004, method: "getAsset" });
  });

  it("caps the server's message at 500 characters in the error message, as an HTTP error's (rpcMessage keeps it whole)", async () => {
    const long = "y".repeat(600);
    const { fetch } = stubFetch(
      jsonResponse({ jsonrpc: "2.0", id: "1", error: { code: -32000, message: long } }),
      jsonResponse({ jsonrpc: "2.0", id: "2", error: { code: -32000, data: long } }),
    );
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    const error = (await rpc
      .call(getAsset, { id: "abc" })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(error.message).toBe(`JSON-RPC error -32000 from getAsset: ${"y".repeat(500)}…`);
    expect(error.rpcMessage).toBe(long);
    // Without a message, the object quoted in its place is cut the same way.
    const quoted = (await rpc
      .call(getAsset, { id: "abc" })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(quoted.message).toBe(
      `JSON-RPC error -32000 from getAsset: ${JSON.stringify({ code: -32000, data: long }).slice(0, 500)}…`,
    );
  });

  it("a JSON-RPC error object without a numeric code: code and rpcError undefined, the message quotes what came", async () => {
    const { fetch } = stubFetch(
      jsonResponse({ jsonrpc: "2.0", id: "1", error: { code: "-32005", message: "slow down" } }),
      jsonResponse({ jsonrpc: "2.0", id: "2", error: "Too many requests" }),
    );
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    const stringCode = (await rpc
      .call(getAsset, { id: "abc" })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(stringCode).toMatchObject({
      code: undefined,
      rpcError: undefined,
      rpcMessage: "slow down",
    });
    expect(stringCode.message).toBe("JSON-RPC error -32005 from getAsset: slow down");
    const bare = await rpc.call(getAsset, { id: "abc" }).catch((e: unknown) => e);
    expect(bare).toMatchObject({
      code: undefined,
      rpcError: undefined,
      rpcMessage: "Too many requests",
    });
  });

  it("onResponse: a call that succeeds reports its answer's status, redacted headers and request id; a batched call its batch's; a throwing callback fails only its own call", async () => {
    const headers = { "x-request-id": "req-8", "x-echo": `/?api-key=${KEY}` };
    const { fetch } = stubFetch(
      jsonResponse({ jsonrpc: "2.0", id: "1", result: { ok: 1 } }, { headers }),
      (call) =>
        jsonResponse(
          JSON.parse(call.body!).map((r: { id: string }) => ({
            jsonrpc: "2.0",
            id: r.id,
            result: r.id,
          })),
          { headers: { "x-request-id": "batch-2" } },
        ),
    );
    const seen: unknown[] = [];
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    await expect(
      rpc.call(getAsset, { id: "abc" }, { onResponse: (r) => seen.push(r) }),
    ).resolves.toEqual({ ok: 1 });
    expect(seen).toEqual([
      {
        status: 200,
        attempts: 1,
        requestId: "req-8",
        headers: {
          "content-type": "application/json",
          "x-request-id": "req-8",
          "x-echo": "/?api-key=***",
        },
      },
    ]);

    const batched = createJsonRpcClient(
      { apiKey: KEY, fetch, batch: createBatcher() },
      rpcHost,
      "/",
    );
    const thrown = new Error("callback failed");
    const results = await Promise.allSettled([
      batched.call(getAsset, { id: "abc" }, { onResponse: (r) => seen.push(r.requestId) }),
      batched.call(
        getAsset,
        { id: "def" },
        {
          onResponse: () => {
            throw thrown;
          },
        },
      ),
      batched.call(getAsset, { id: "ghi" }),
    ]);
    expect(results).toEqual([
      { status: "fulfilled", value: "1" },
      { status: "rejected", reason: thrown },
      { status: "fulfilled", value: "3" },
    ]);
    expect(seen.slice(1)).toEqual(["batch-2"]);
  });

  it("onResponse is not called for a call that fails, and must be a function", async () => {
    const { fetch, calls } = stubFetch(
      jsonResponse({ jsonrpc: "2.0", id: "1", error: { code: -32000, message: "no" } }),
    );
    const onResponse = vi.fn();
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    await expect(rpc.call(getAsset, { id: "abc" }, { onResponse })).rejects.toBeInstanceOf(
      JsonRpcError,
    );
    expect(onResponse).not.toHaveBeenCalled();
    await expect(rpc.call(getAsset, { id: "abc" }, { onResponse: "log" as never })).rejects.toThrow(
      /^onResponse: must be a function \(got string\)$/,
    );
    expect(calls).toHaveLength(1);
  });

  it("accepts an error with a null id (the server could not read the request)", async () => {
    const { fetch } = stubFetch(
      jsonResponse({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }),
    );
    const error = await createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/")
      .call(getAsset, { id: "abc" })
      .catch((e: any) => e);
    expect(error).toMatchObject({ name: "JsonRpcError", code: -32700, id: null });
  });

  it("rejects a response with another id, or that is not a JSON-RPC response object", async () => {
    const cases: [unknown, string][] = [
      [{ jsonrpc: "2.0", id: "99", result: 1 }, "id-mismatch"],
      [{ jsonrpc: "2.0", result: 1 }, "id-mismatch"],
      [{ jsonrpc: "2.0", id: "99", error: { code: -32000, message: "not yours" } }, "id-mismatch"],
      [[{ jsonrpc: "2.0", id: "1", result: 1 }], "not-json-rpc"],
      [{ jsonrpc: "2.0", id: "1" }, "not-json-rpc"],
      [{ context: { slot: 1 }, value: 5 }, "not-json-rpc"],
      // No id and no jsonrpc: a bare result is no JSON-RPC answer (it read "id-mismatch").
      [{ result: {} }, "not-json-rpc"],
      [{ id: null, result: {} }, "id-mismatch"],
      ['"just a string"', "not-json-rpc"],
      ["null", "not-json-rpc"],
      // No byte, not declared empty: a body cut before its first byte (decision 0006).
      ["", "truncated"],
      [" \n", "empty"],
      [" \t\r\n", "empty"],
      // White space to String.trim, not to JSON (they read "empty").
      ["\u00a0", "non-json"],
      ["\u2028", "non-json"],
      ["\v", "non-json"],
      ["\f", "non-json"],
      [" \ufeff", "non-json"],
      // (A leading BOM is dropped by decoding, as before any JSON text.)
      ["\ufeff", "empty"],
    ];
    for (const [body, reason] of cases) {
      const { fetch } = stubFetch(jsonResponse(body));
      // (maxRetries 0: the truncated one would wait out its backoff; its retries are shown below.)
      const error = await createJsonRpcClient({ apiKey: KEY, fetch, maxRetries: 0 }, rpcHost, "/")
        .call(getAsset, { id: "abc" })
        .catch((e: any) => e);
      expect(error, JSON.stringify(body)).toBeInstanceOf(InvalidResponseError);
      expect((error as any).reason).toBe(reason);
    }
  });

  it("says both ids of an id-mismatch (a test's fixed answer), the answer's redacted", async () => {
    const cases: [unknown, string][] = [
      [{ jsonrpc: "2.0", id: 1, result: {} }, 'id 1, not "1"'],
      [{ jsonrpc: "2.0", result: {} }, 'id undefined, not "1"'],
      [{ id: null, result: {} }, 'id null, not "1"'],
      [{ jsonrpc: "2.0", id: `x-${KEY}`, result: {} }, 'id "x-***", not "1"'],
      // (Cut after the redaction: no key half-cut escapes it.)
      [{ jsonrpc: "2.0", id: "y".repeat(200_000), result: {} }, `id "${"y".repeat(39)}…, not "1"`],
      [
        { jsonrpc: "2.0", id: `${"z".repeat(33)}-${KEY}`, result: {} },
        `id "${"z".repeat(33)}-***", not "1"`,
      ],
    ];
    for (const [body, ids] of cases) {
      const { fetch } = stubFetch(jsonResponse(body));
      const error = await createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/")
        .call(getAsset, { id: "abc" })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect((error as Error).message).toBe(
        `Invalid response (id-mismatch) from getAsset, status 200: ${ids}`,
      );
    }
  });

  it("maps HTTP errors to typed APIErrors exposing the JSON-RPC error inside, and retries them", async () => {
    vi.useFakeTimers();
    const limited = jsonResponse(
      { jsonrpc: "2.0", id: "1", error: { code: -32429, message: "rate limited" } },
      { status: 429, headers: { "retry-after": "1" } },
    );
    const { fetch, mock } = stubFetch(limited);
    const result = createJsonRpcClient({ apiKey: KEY, fetch, maxRetries: 1 }, rpcHost, "/")
      .call(getAsset, { id: "abc" })
      .catch((e: any) => e);
    // (Retry-After: 1 and up to a quarter more.)
    await vi.advanceTimersByTimeAsync(1250);
    const error = await result;
    expect(mock).toHaveBeenCalledTimes(2);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      status: 429,
      retryAfter: 1,
      rpcError: { code: -32429, message: "rate limited" },
    });
    // (The wait the last answer asked for, said before the attempts: user trial 34, F5.)
    expect((error as Error).message).toBe(
      "HTTP 429 from getAsset: rate limited (Retry-After 1 s) (2 attempts)",
    );
  });

  it("does not retry a 429 saying the plan's credits are used up (max usage reached), and says why", async () => {
    // The answer observed for an exhausted plan (api-facts §3b: third-party observations).
    const spent = {
      jsonrpc: "2.0",
      id: "1",
      error: { code: -32429, message: "max usage reached" },
    };
    const cases: [Response, string][] = [
      [
        jsonResponse(spent, { status: 429, headers: { "retry-after": "1" } }),
        "HTTP 429 from getAsset: max usage reached (not retried: the plan's credits are used up)",
      ],
      [
        new Response("Max usage reached", { status: 429 }),
        "HTTP 429 from getAsset: Max usage reached (not retried: the plan's credits are used up)",
      ],
    ];
    for (const [answer, message] of cases) {
      vi.useFakeTimers();
      const { fetch, mock } = stubFetch(
        answer,
        jsonResponse({ jsonrpc: "2.0", id: "1", result: 1 }),
      );
      const result = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/")
        .call(getAsset, { id: "abc" })
        .catch((e: any) => e);
      await vi.advanceTimersByTimeAsync(10_000);
      const error = await result;
      expect(mock).toHaveBeenCalledTimes(1);
      // The class and status of every 429.
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ name: "RateLimitError", status: 429 });
      expect((error as Error).message).toBe(message);
      // Told by a field, not by the message; and no later try of seconds or minutes helps (user
      // trial 34, F4: a job queue retried it for hours).
      expect((error as RateLimitError).reason).toBe("credits-exhausted");
      expect((error as RateLimitError).toJSON()).toMatchObject({ reason: "credits-exhausted" });
      expect(isRetryable(error)).toBe(false);
    }
  });

  it("does not retry a batch's 429 whose body lists -32429 entries either: its first entry's error, as a lone call's (review 85, F9)", async () => {
    // (The body's `error` was read, and a list has none: retried 3 times, no reason.)
    vi.useFakeTimers();
    const { fetch, mock } = stubFetch((call) =>
      jsonResponse(
        (JSON.parse(call.body!) as { id: string }[]).map(({ id }) => ({
          jsonrpc: "2.0",
          id,
          error: { code: -32429, message: "max usage reached" },
        })),
        { status: 429 },
      ),
    );
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch, batch: createBatcher() }, rpcHost, "/");
    const results = Promise.all(
      ["abc", "def"].map((id) => rpc.call(getAsset, { id }).catch((e: any) => e)),
    );
    await vi.advanceTimersByTimeAsync(10_000);
    const errors = await results;
    expect(mock).toHaveBeenCalledTimes(1);
    for (const error of errors) {
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({
        status: 429,
        reason: "credits-exhausted",
        rpcError: { code: -32429, message: "max usage reached" },
        message:
          "HTTP 429 from batch(getAsset ×2): max usage reached (not retried: the plan's credits are used up)",
      });
      expect(isRetryable(error)).toBe(false);
    }
  });

  it("does not retry a batch's 429 whose -32429 entry is not its first either (review 87, F3)", async () => {
    // (Only the first entry was read: after a result, a `null` or another error, the list's
    // "max usage reached" went unseen, the batch was retried 3 times, with no reason.)
    vi.useFakeTimers();
    const spent = { code: -32429, message: "max usage reached" };
    for (const [first, last] of [
      [
        { jsonrpc: "2.0", id: "1", result: {} },
        { jsonrpc: "2.0", id: "2", error: spent },
      ],
      [null, { jsonrpc: "2.0", id: "2", error: spent }],
      [
        { jsonrpc: "2.0", id: "1", error: { code: -32000, message: "busy" } },
        { jsonrpc: "2.0", id: "2", error: spent },
      ],
    ]) {
      const { fetch, mock } = stubFetch(() => jsonResponse([first, last], { status: 429 }));
      const rpc = createJsonRpcClient({ apiKey: KEY, fetch, batch: createBatcher() }, rpcHost, "/");
      const results = Promise.all(
        ["abc", "def"].map((id) => rpc.call(getAsset, { id }).catch((e: any) => e)),
      );
      await vi.advanceTimersByTimeAsync(10_000);
      for (const error of await results)
        expect(error, JSON.stringify(first)).toMatchObject({
          reason: "credits-exhausted",
          rpcError: spent,
          message:
            "HTTP 429 from batch(getAsset ×2): max usage reached (not retried: the plan's credits are used up)",
        });
      expect(mock, JSON.stringify(first)).toHaveBeenCalledTimes(1);
    }
    // A list with no error entry, or none at all, tells no reason and is retried as before.
    for (const listed of [[], [1, "max usage reached"]]) {
      const { fetch, mock } = stubFetch(() => jsonResponse(listed, { status: 429 }));
      const rpc = createJsonRpcClient({ apiKey: KEY, fetch, batch: createBatcher() }, rpcHost, "/");
      const result = rpc.call(getAsset, { id: "abc" }).catch((e: any) => e);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await result).toMatchObject({
        status: 429,
        message: "HTTP 429 from getAsset (3 attempts)",
      });
      expect(mock).toHaveBeenCalledTimes(3);
    }
  });

  it("tells spent credits by a 429's own words only (user trial 21)", async () => {
    // Retried as usual: other statuses saying "max usage reached", and a server's text that
    // happens to hold the words of the client's own reason.
    const cases: [Response, string][] = [
      [
        new Response("max usage reached", { status: 500 }),
        "HTTP 500 from getAsset: max usage reached (2 attempts)",
      ],
      [
        new Response("the credits are used up", { status: 503 }),
        "HTTP 503 from getAsset: the credits are used up (2 attempts)",
      ],
      // (A server's detail that ends as the client's reason does, " used up)": the decision is
      // made from the answer, not read back from the message. Review 43.)
      [
        jsonResponse({ message: "upstream busy (connection pool used up)" }, { status: 503 }),
        "HTTP 503 from getAsset: upstream busy (connection pool used up) (2 attempts)",
      ],
      [
        new Response("slow down (burst budget used up)", { status: 429 }),
        "HTTP 429 from getAsset: slow down (burst budget used up) (2 attempts)",
      ],
    ];
    for (const [answer, message] of cases) {
      vi.useFakeTimers();
      const { fetch, mock } = stubFetch(answer, answer.clone());
      const result = createJsonRpcClient({ apiKey: KEY, fetch, maxRetries: 1 }, rpcHost, "/")
        .call(getAsset, { id: "abc" })
        .catch((e: any) => e);
      await vi.advanceTimersByTimeAsync(10_000);
      const error = await result;
      expect(mock).toHaveBeenCalledTimes(2);
      expect((error as Error).message).toBe(message);
      // (A plain rate limit or a 5xx has no reason, and is retryable.)
      expect(error).not.toHaveProperty("reason");
      expect(isRetryable(error)).toBe(true);
    }
  });

  it("retries an answer cut short as a lost connection, except for a write", async () => {
    for (const [method, requests] of [
      [getAsset, 2],
      [sendTransaction, 1],
    ] as const) {
      vi.useFakeTimers();
      const { fetch, mock } = stubFetch(
        jsonResponse('{"jsonrpc":"2.0","id":"1","result":{"id":"ab'),
        jsonResponse({ jsonrpc: "2.0", id: "1", result: 7 }),
      );
      const result = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/")
        .call(method, method === getAsset ? { id: "abc" } : {})
        .catch((e: any) => e);
      await vi.advanceTimersByTimeAsync(500);
      expect(mock, method.id).toHaveBeenCalledTimes(requests);
      if (requests === 2) expect(await result).toBe(7);
      else expect(await result).toMatchObject({ reason: "truncated" });
    }
  });

  it("retries an answer with no body byte as one cut short (a JSON-RPC body is due whatever the method's optionalBody says), not one declared empty (content-length: 0, a 204 or a 205)", async () => {
    const noByte = () => new Response(null, { status: 200 });
    const cases = [
      [getAsset, noByte(), 2, 7],
      // (optionalBody is about the `result`; the answer itself is still due.)
      [{ ...getAsset, optionalBody: true }, noByte(), 2, 7],
      [sendTransaction, noByte(), 1, "truncated"],
      [getAsset, new Response("", { headers: { "content-length": "0" } }), 1, "empty"],
      [getAsset, new Response(null, { status: 204 }), 1, "empty"],
      // (A 205 has no content either, RFC 9110.)
      [getAsset, new Response(null, { status: 205 }), 1, "empty"],
    ] as const;
    for (const [method, first, requests, outcome] of cases) {
      vi.useFakeTimers();
      const { fetch, mock } = stubFetch(
        first,
        jsonResponse({ jsonrpc: "2.0", id: "1", result: 7 }),
      );
      const result = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/")
        .call(method as typeof getAsset, method === sendTransaction ? {} : { id: "abc" })
        .catch((e: any) => e);
      await vi.advanceTimersByTimeAsync(500);
      expect(mock, `${method.id} ${first.status}`).toHaveBeenCalledTimes(requests);
      if (requests === 2) expect(await result).toBe(outcome);
      else
        expect(await result).toMatchObject({
          name: "InvalidResponseError",
          reason: outcome,
          snippet: "",
        });
    }
  });

  it("leaves no timer or listener behind", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const { fetch } = stubFetch(server(() => 1));
    await createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/").call(
      getAsset,
      { id: "abc" },
      { signal: controller.signal },
    );
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("createJsonRpcClient: odd failures", () => {
  it("a custom fetch's bug (a ReferenceError, a RangeError…) reaches the caller as itself, redacted, and is not retried", async () => {
    for (const Bug of [ReferenceError, SyntaxError, RangeError, EvalError, URIError]) {
      const fetch = vi.fn(async (url: string) => {
        throw new Bug(`oops at ${url}`, { cause: new Error(`while reading ${url}`) });
      });
      const error = await createJsonRpcClient(
        { apiKey: KEY, fetch: fetch as unknown as typeof globalThis.fetch, maxRetries: 2 },
        rpcHost,
        "/",
      )
        .call(getAsset, { id: "abc" })
        .catch((e: unknown) => e);
      expect(error, Bug.name).toBeInstanceOf(Bug);
      expect(error, Bug.name).not.toBeInstanceOf(ConnectionError);
      expect((error as Error).message).toBe("oops at https://mainnet.helius-rpc.com/?api-key=***");
      expect((error as Error).stack).not.toContain(KEY);
      expect(((error as Error).cause as Error).message).toBe(
        "while reading https://mainnet.helius-rpc.com/?api-key=***",
      );
      expect(fetch).toHaveBeenCalledTimes(1);
    }
    // One from another realm (a vm context) is told by its name, and made in this one.
    const foreign = vi.fn(async () => {
      throw runInNewContext("new ReferenceError('foreign')");
    });
    const error = await createJsonRpcClient(
      { apiKey: KEY, fetch: foreign as unknown as typeof globalThis.fetch },
      rpcHost,
      "/",
    )
      .call(getAsset, { id: "abc" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReferenceError);
    expect(foreign).toHaveBeenCalledTimes(1);
  });

  it("a fetch that throws something unreadable settles at once, redacted: a revoked Proxy, a throwing `name`, a class named RangeError whose constructor throws", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const revocable = Proxy.revocable({}, {});
      revocable.revoke();
      // (Named as the builtin, with a constructor that throws: only its name may be used.)
      const RangeError = class extends Error {
        constructor(message?: string) {
          super(message);
          throw new Error(`constructor ran: ${KEY}`);
        }
      };
      const named = Object.create(RangeError.prototype, {
        name: { value: "RangeError" },
        message: { value: `bad ${KEY}` },
      });
      const throwers: (() => unknown)[] = [
        () => revocable.proxy,
        () => ({
          get name(): string {
            throw new Error(`name getter: ${KEY}`);
          },
        }),
        () => named,
      ];
      for (const make of throwers) {
        const fetch = vi.fn(async () => {
          throw make();
        });
        const error = await createJsonRpcClient(
          {
            apiKey: KEY,
            fetch: fetch as unknown as typeof globalThis.fetch,
            maxRetries: 0,
            timeout: 60_000,
          },
          rpcHost,
          "/",
        )
          .call(getAsset, { id: "abc" })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(Error);
        const e = error as Error;
        expect(JSON.stringify([e, e.message, e.stack, String(e.cause)])).not.toContain(KEY);
        expect(fetch).toHaveBeenCalledTimes(1);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("treats a fetch that throws (instead of rejecting) as a connection error: retried, redacted, nothing left behind", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const fetch = vi.fn((url: string) => {
      throw new TypeError(`fetch failed for ${url}`);
    });
    const result = createJsonRpcClient(
      { apiKey: KEY, fetch: fetch as unknown as typeof globalThis.fetch, maxRetries: 1 },
      rpcHost,
      "/",
    )
      .call(getAsset, { id: "abc" }, { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = await result;
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toBe(
      "Connection error from getAsset: fetch failed for https://mainnet.helius-rpc.com/?api-key=*** (2 attempts)",
    );
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("masks a credential given in the `headers` option wherever a server echoes it: bare in a message, in data, in a log line, in a ValidationError", async () => {
    const gateway = "gw-7f3a9c1e55";
    const { fetch } = stubFetch((call) =>
      jsonResponse(
        {
          jsonrpc: "2.0",
          id: JSON.parse(call.body!).id,
          error: { code: -32001, message: `token ${gateway} refused`, data: { seen: gateway } },
        },
        { status: 401 },
      ),
    );
    const lines: string[] = [];
    const logger = { debug: (m: string) => lines.push(m), info: (m: string) => lines.push(m) };
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, logger, headers: { Authorization: `Bearer ${gateway}` } },
      rpcHost,
      "/",
    );
    const error = await rpc.call(getAsset, { id: "abc" }).catch((e: unknown) => e);
    const invalid = await rpc
      .call({ ...getAsset, params: vObject({ id: vString(/^\d+$/u) }) }, { id: gateway })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    const seen = JSON.stringify([error, (error as Error).message, String(invalid), lines]);
    expect(seen).toContain("***");
    expect(seen).not.toContain(gateway);
  });

  it("masks the value of a custom credential header (`x-token`), given to the client or per call, wherever a server echoes it", async () => {
    const token = "tk-4c1d9e77ab";
    const perCall = "pc-88b0f2d615";
    const { fetch } = stubFetch((call) =>
      jsonResponse(
        {
          jsonrpc: "2.0",
          id: JSON.parse(call.body!).id,
          error: { code: -32001, message: `tokens ${token} / ${perCall} refused`, data: { token } },
        },
        { status: 403 },
      ),
    );
    const lines: string[] = [];
    const logger = { debug: (m: string) => lines.push(m), info: (m: string) => lines.push(m) };
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, logger, headers: { "x-token": token } },
      rpcHost,
      "/",
    );
    const error = await rpc
      .call(getAsset, { id: "abc" }, { headers: { "x-auth-token": perCall } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403 });
    const seen = JSON.stringify([error, (error as Error).message, lines]);
    expect(seen).toContain("tokens *** / *** refused");
    expect(seen).not.toContain(token);
    expect(seen).not.toContain(perCall);
  });

  it("settles an error whose data has credential-named fields, masking them (the JSON stays JSON)", async () => {
    const { fetch } = stubFetch((call) =>
      jsonResponse({
        jsonrpc: "2.0",
        id: JSON.parse(call.body!).id,
        error: {
          code: -32000,
          message: "no",
          data: {
            authorization: null,
            "x-api-key": 0,
            token: "Bearer abc",
            nested: { Authorization: "Bearer abc" },
          },
        },
      }),
    );
    const error = await createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/")
      .call(getAsset, { id: "abc" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({
      code: -32000,
      rpcMessage: "no",
      data: {
        authorization: null,
        "x-api-key": 0,
        token: "Bearer abc",
        nested: { Authorization: "***" },
      },
    });
  });
});

describe("createJsonRpcClient: auto-batching", () => {
  const batched = (
    options: object = {},
    handle = (method: string, params: any) => `${method}:${params?.id ?? params?.[0]}`,
    serverOptions = {},
  ) => {
    const stub = stubFetch(server(handle, serverOptions));
    return {
      ...stub,
      rpc: createJsonRpcClient(
        { apiKey: KEY, fetch: stub.fetch, batch: createBatcher(), ...options },
        rpcHost,
        "/",
      ),
    };
  };

  it("sends calls made in the same tick as one batch and routes results by id, in any order", async () => {
    const { rpc, calls } = batched({}, undefined, { reverse: true });
    const results = await Promise.all([
      rpc.call(getAsset, { id: "aaa" }),
      rpc.call(getAsset, { id: "bbb" }),
      rpc.call(getBalance, { address: "c" }),
    ]);
    expect(results).toEqual(["getAsset:aaa", "getAsset:bbb", "getBalance:c"]);
    expect(calls).toHaveLength(1);
    expect(sent(calls)[0]).toEqual([
      { jsonrpc: "2.0", id: "1", method: "getAsset", params: { id: "aaa" } },
      { jsonrpc: "2.0", id: "2", method: "getAsset", params: { id: "bbb" } },
      { jsonrpc: "2.0", id: "3", method: "getBalance", params: ["c"] },
    ]);
  });

  it("rejects with reason 'empty' for a body declared empty, batched or alone, as unbatched calls do", async () => {
    const { fetch } = stubFetch(
      () => new Response("", { status: 200, headers: { "content-length": "0" } }),
    );
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch, batch: createBatcher() }, rpcHost, "/");
    const errors = await Promise.all([
      rpc.call(getAsset, { id: "aaa" }).catch((e: unknown) => e),
      rpc.call(getAsset, { id: "bbb" }).catch((e: unknown) => e),
    ]);
    const lone = await rpc.call(getAsset, { id: "ccc" }).catch((e: unknown) => e);
    for (const error of [...errors, lone])
      expect(error).toMatchObject({ name: "InvalidResponseError", reason: "empty", status: 200 });
  });

  it("retries a batch answered with no body byte (not declared empty), then settles every call", async () => {
    vi.useFakeTimers();
    const { fetch, mock } = stubFetch(new Response(null, { status: 200 }), (call) =>
      jsonResponse(
        JSON.parse(call.body!).map((r: any) => ({ jsonrpc: "2.0", id: r.id, result: r.params.id })),
      ),
    );
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch, batch: createBatcher() }, rpcHost, "/");
    const results = Promise.all([
      rpc.call(getAsset, { id: "aaa" }),
      rpc.call(getAsset, { id: "bbb" }),
    ]);
    await vi.advanceTimersByTimeAsync(500);
    expect(await results).toEqual(["aaa", "bbb"]);
    expect(mock).toHaveBeenCalledTimes(2);
  });

  it("sends a lone call as a plain request, and calls in later ticks separately", async () => {
    const { rpc, calls } = batched();
    await rpc.call(getAsset, { id: "aaa" });
    await rpc.call(getAsset, { id: "bbb" });
    expect(sent(calls).map((b) => Array.isArray(b))).toEqual([false, false]);
  });

  it("splits at maxSize", async () => {
    const { rpc, calls } = batched({ batch: createBatcher({ maxSize: 2 }) });
    await Promise.all(["aaa", "bbb", "ccc", "ddd", "eee"].map((id) => rpc.call(getAsset, { id })));
    expect(sent(calls).map((b) => (Array.isArray(b) ? b.length : "single"))).toEqual([
      2,
      2,
      "single",
    ]);
  });

  it("collects calls for `wait` ms", async () => {
    vi.useFakeTimers();
    const { rpc, calls } = batched({ batch: createBatcher({ wait: 10 }) });
    const first = rpc.call(getAsset, { id: "aaa" });
    await vi.advanceTimersByTimeAsync(5);
    const second = rpc.call(getAsset, { id: "bbb" });
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5);
    expect(await Promise.all([first, second])).toEqual(["getAsset:aaa", "getAsset:bbb"]);
    expect(calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects only the call whose entry is an error", async () => {
    const { rpc } = batched({}, (_m, params: any) => {
      if (params.id === "bad") throw new Error("Asset not found");
      return params.id;
    });
    const [ok, bad] = await Promise.allSettled([
      rpc.call(getAsset, { id: "good" }),
      rpc.call(getAsset, { id: "bad" }),
    ]);
    expect(ok).toEqual({ status: "fulfilled", value: "good" });
    expect(bad).toMatchObject({
      status: "rejected",
      reason: { name: "JsonRpcError", code: -32000, rpcMessage: "Asset not found", id: "2" },
    });
  });

  it("rejects a call missing from the batch response with InvalidResponseError 'missing-entry'", async () => {
    const { rpc } = batched({}, undefined, { drop: "2" });
    const [ok, missing] = await Promise.allSettled([
      rpc.call(getAsset, { id: "aaa" }),
      rpc.call(getAsset, { id: "bbb" }),
    ]);
    expect(ok).toMatchObject({ status: "fulfilled" });
    expect(missing).toMatchObject({
      status: "rejected",
      reason: { name: "InvalidResponseError", reason: "missing-entry" },
    });
  });

  it("shows what came back in the snippet of a call without an entry (a batch answered with id-less entries)", async () => {
    const { fetch } = stubFetch(() =>
      jsonResponse([
        { jsonrpc: "2.0", result: { echo: KEY } },
        { jsonrpc: "2.0", result: 2 },
      ]),
    );
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch, batch: createBatcher() }, rpcHost, "/");
    const errors = await Promise.all([
      rpc.call(getAsset, { id: "aaa" }).catch((e: unknown) => e),
      rpc.call(getAsset, { id: "bbb" }).catch((e: unknown) => e),
    ]);
    for (const error of errors)
      expect(error).toMatchObject({
        name: "InvalidResponseError",
        reason: "missing-entry",
        // (It was empty. Redacted, as every snippet is.)
        snippet: '[{"jsonrpc":"2.0","result":{"echo":"***"}},{"jsonrpc":"2.0","result":2}]',
      });
  });

  it("rejects a call whose id the batch answer holds twice with 'duplicate-entry', settling the others", async () => {
    const { fetch } = stubFetch((call) => {
      const [a, b] = JSON.parse(call.body!) as { id: string }[];
      return jsonResponse([
        { jsonrpc: "2.0", id: a!.id, result: 1 },
        { jsonrpc: "2.0", id: b!.id, result: 2 },
        { jsonrpc: "2.0", id: b!.id, result: "DUPLICATE" },
      ]);
    });
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch, batch: createBatcher() }, rpcHost, "/");
    const [ok, twice] = await Promise.allSettled([
      rpc.call(getAsset, { id: "aaa" }),
      rpc.call(getAsset, { id: "bbb" }),
    ]);
    expect(ok).toEqual({ status: "fulfilled", value: 1 });
    expect(twice).toMatchObject({
      status: "rejected",
      reason: { name: "InvalidResponseError", reason: "duplicate-entry" },
    });
  });

  it("rejects every call of the batch when the request fails", async () => {
    const { fetch } = stubFetch(new TypeError("fetch failed"));
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, batch: createBatcher(), maxRetries: 0 },
      rpcHost,
      "/",
    );
    const results = await Promise.allSettled([
      rpc.call(getAsset, { id: "aaa" }),
      rpc.call(getAsset, { id: "bbb" }),
    ]);
    for (const result of results)
      expect(result).toMatchObject({ status: "rejected", reason: expect.any(ConnectionError) });
    expect((results[0] as PromiseRejectedResult).reason.message).toContain("batch(getAsset ×2)");
  });

  it("rejects every call with the error of a non-array answer (a server without batch support)", async () => {
    const { fetch } = stubFetch(
      jsonResponse({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Batch requests are not supported" },
      }),
    );
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch, batch: createBatcher() }, rpcHost, "/");
    const results = await Promise.allSettled([
      rpc.call(getAsset, { id: "aaa" }),
      rpc.call(getAsset, { id: "bbb" }),
    ]);
    for (const result of results)
      expect(result).toMatchObject({
        status: "rejected",
        reason: { name: "JsonRpcError", code: -32600 },
      });
  });

  it("reads an error entry without an id member as one the server could not tie to a request, as a lone call does", async () => {
    // (JSON-RPC 2.0 asks for `id: null`; some servers leave the member out.)
    const untied = { jsonrpc: "2.0", error: { code: -32600, message: "Batch too large" } };
    const { fetch } = stubFetch(jsonResponse([untied]), jsonResponse(untied));
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch, batch: createBatcher() }, rpcHost, "/");
    const batchedCalls = await Promise.allSettled([
      rpc.call(getAsset, { id: "aaa" }),
      rpc.call(getAsset, { id: "bbb" }),
    ]);
    const lone = await rpc.call(getAsset, { id: "ccc" }).catch((e: unknown) => e);
    for (const error of [...batchedCalls.map((r) => (r as PromiseRejectedResult).reason), lone])
      expect(error).toMatchObject({
        name: "JsonRpcError",
        code: -32600,
        rpcMessage: "Batch too large",
        id: null,
      });
  });

  it("lets calls with their own headers or another timeout, and writes, bypass the batch; a signal rides along; invalid calls reject alone", async () => {
    const { rpc, calls } = batched();
    const controller = new AbortController();
    const results = await Promise.allSettled([
      rpc.call(getAsset, { id: "aaa" }),
      rpc.call(getAsset, { id: "bbb" }),
      rpc.call(getAsset, { id: "sig" }, { signal: controller.signal }),
      rpc.call(getAsset, { id: "tmo" }, { timeout: 5000 }),
      rpc.call(getAsset, { id: "lng" }, { timeout: 120_000 }),
      rpc.call(getAsset, { id: "hdr" }, { headers: { "x-a": "b" } }),
      rpc.call(sendTransaction, ["tx"]),
      rpc.call(getAsset, { id: "x" }),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
    ]);
    expect(
      sent(calls).map((b) =>
        Array.isArray(b) ? b.map((e) => e.params.id) : (b.params.id ?? b.method),
      ),
    ).toEqual(
      expect.arrayContaining([["aaa", "bbb", "sig"], "tmo", "lng", "hdr", "sendTransaction"]),
    );
    expect(calls).toHaveLength(5);
  });

  it("sends a call with per-call options alone even when their values are falsy", async () => {
    const { rpc, calls } = batched();
    await Promise.all([
      rpc.call(getAsset, { id: "aaa" }),
      rpc.call(getAsset, { id: "bbb" }),
      rpc.call(getAsset, { id: "ccc" }, { maxRetries: 0 }),
    ]);
    expect(
      sent(calls).map((b) => (Array.isArray(b) ? b.map((e) => e.params.id) : b.params.id)),
    ).toEqual(expect.arrayContaining([["aaa", "bbb"], "ccc"]));
    expect(calls).toHaveLength(2);
  });

  it("reads per-call options as the unbatched call does: one inherited or given by a getter sends the call alone, and is honoured", async () => {
    const { rpc, calls } = batched();
    const controller = new AbortController();
    controller.abort(new Error("cancelled"));
    const results = await Promise.allSettled([
      rpc.call(getAsset, { id: "aaa" }),
      rpc.call(getAsset, { id: "bbb" }),
      // (Object.create: the options' values are inherited; a class: a getter on the prototype.)
      rpc.call(getAsset, { id: "sig" }, Object.create({ signal: controller.signal })),
      rpc.call(
        getAsset,
        { id: "hdr" },
        new (class {
          get headers() {
            return { "x-trace": "t1" };
          }
        })() as RequestOptions,
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(AbortError);
    // The batch of the two plain calls, and the call with the getter's header alone, with it.
    expect(calls).toHaveLength(2);
    const alone = calls.find((c) => !Array.isArray(JSON.parse(c.body!)))!;
    expect(JSON.parse(alone.body!).params).toEqual({ id: "hdr" });
    expect(alone.headers.get("x-trace")).toBe("t1");
  });

  it("batches the calls of clients whose options are equal but not the same objects, and of no others", async () => {
    const stub = stubFetch(server((method, params: any) => params.id));
    const batch = createBatcher();
    const client = (options: object) =>
      createJsonRpcClient({ apiKey: KEY, fetch: stub.fetch, batch, ...options }, rpcHost, "/");
    // Equal headers and baseUrls written as two objects, the options in another order, a
    // `timeout` left undefined (the default) beside one not given: all send alike.
    const a = client({
      headers: { "x-a": "1" },
      baseUrls: { rpc: "http://127.0.0.1:9" },
      timeout: undefined,
    });
    const b = createJsonRpcClient(
      {
        baseUrls: { rpc: "http://127.0.0.1:9" },
        headers: { "x-a": "1" },
        batch,
        fetch: stub.fetch,
        apiKey: KEY,
      },
      rpcHost,
      "/",
    );
    await Promise.all([a.call(getAsset, { id: "aaa" }), b.call(getAsset, { id: "bbb" })]);
    expect(stub.calls).toHaveLength(1);
    // Options that differ by value, though the same values stand at other names, never share.
    stub.calls.length = 0;
    const c = client({ timeout: 5000, maxRetries: 3 });
    const d = client({ maxRetries: 5000, timeout: 3 });
    const e = client({ headers: { "x-a": "2" } });
    await Promise.all([
      c.call(getAsset, { id: "ccc" }),
      d.call(getAsset, { id: "ddd" }),
      e.call(getAsset, { id: "eee" }),
    ]);
    expect(stub.calls).toHaveLength(3);
  });

  it("never batches together the calls of key-optional clients that send different keys", async () => {
    // A key-optional host (the sender) is sent only a key given to its own client, never the
    // environment's: a client without one sends none, though its configuration holds that key.
    vi.stubEnv("CHAINDATA_API_KEY", "env-key");
    const stub = stubFetch(server((method, params: any) => params.id));
    const batch = createBatcher();
    const client = (apiKey?: string) =>
      createJsonRpcClient({ apiKey, fetch: stub.fetch, batch }, senderHost, "/fast");
    await Promise.all([
      client().call(getAsset, { id: "aaa" }),
      client("env-key").call(getAsset, { id: "bbb" }),
      client("key-two").call(getAsset, { id: "ccc" }),
    ]);
    expect(stub.calls.map((c) => c.url.searchParams.get("api-key")).sort()).toEqual([
      "env-key",
      "key-two",
      null,
    ]);
  });

  it("never batches a call with query options, even given in its params: the query reaches the URL", async () => {
    const getQueried: RpcMethodDescriptor<"swqosOnly"> = {
      id: "getQueried",
      idempotent: true,
      encode: rpcEncoding(undefined, { swqosOnly: "swqos_only" }),
    };
    const { rpc, calls } = batched();
    await Promise.all([
      rpc.call(getQueried, { id: "aaa", swqosOnly: true }),
      rpc.call(getQueried, { id: "bbb", swqosOnly: true }),
    ]);
    expect(calls.map((c) => c.url.searchParams.get("swqos_only"))).toEqual(["true", "true"]);
    expect(sent(calls).map((b) => b.params)).toEqual([{ id: "aaa" }, { id: "bbb" }]);
  });

  it("aborts a lone call", async () => {
    const { rpc } = batched();
    await expect(
      rpc.call(getAsset, { id: "aaa" }, { signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(AbortError);
  });
});

describe("error stacks", () => {
  // Error trackers group by the caller's frame: every kind of error must reach the `await` of the
  // function that made the call, including errors made in a timer (timeout) or a rejected fetch.
  const cases: [string, typeof fetch, RequestOptions][] = [
    [
      "JsonRpcError",
      stubFetch(jsonResponse({ jsonrpc: "2.0", id: "1", error: { code: 1, message: "no" } })).fetch,
      {},
    ],
    ["PermissionDeniedError", stubFetch(jsonResponse({}, { status: 403 })).fetch, {}],
    ["TimeoutError", stubFetch(hang).fetch, { timeout: 5 }],
    ["ConnectionError", stubFetch(new TypeError("fetch failed")).fetch, {}],
    ["AbortError", stubFetch(hang).fetch, { signal: AbortSignal.timeout(5) }],
  ];
  it.each(cases)("%s reaches the caller's frame", async (name, fetch, options) => {
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch, maxRetries: 0 }, rpcHost, "/");
    async function callerOfGetAsset() {
      await rpc.call(getAsset, { id: "aaa" }, options);
    }
    const error = (await callerOfGetAsset().catch((e: unknown) => e)) as Error;
    expect(error.name).toBe(name);
    expect(error.stack).toContain("callerOfGetAsset");
    // Every error names its operation in a field, not only in its message.
    expect(error).toMatchObject(
      name === "JsonRpcError" ? { method: "getAsset" } : { operation: "getAsset" },
    );
  });
});

describe("error stacks of batched calls", () => {
  // A batch's request is made by the batcher, which no caller awaits: each caller still gets an
  // error whose stack reaches its own `await`, and its own error object.
  async function callerA(rpc: ReturnType<typeof createJsonRpcClient>) {
    await rpc.call(getAsset, { id: "aaa" });
  }
  async function callerB(rpc: ReturnType<typeof createJsonRpcClient>) {
    await rpc.call(getAsset, { id: "bbb" });
  }
  const both = (rpc: ReturnType<typeof createJsonRpcClient>) =>
    Promise.all([
      callerA(rpc).catch((e: Error) => e),
      callerB(rpc).catch((e: Error) => e),
    ]) as Promise<[Error, Error]>;

  it("a failed batch request gives each caller its own copy, with its own frame", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({}, { status: 403 }));
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch, batch: createBatcher() }, rpcHost, "/");
    const [a, b] = await both(rpc);
    expect(calls).toHaveLength(1);
    expect(a).toBeInstanceOf(PermissionDeniedError);
    expect(b).toBeInstanceOf(PermissionDeniedError);
    expect(a).not.toBe(b);
    expect(a.stack).toContain("callerA");
    expect(a.stack).not.toContain("callerB");
    expect(b.stack).toContain("callerB");
    // Same message and fields: only the stack differs.
    expect(b.message).toBe(a.message);
    expect({ ...b }).toEqual({ ...a });
    expect(a).toMatchObject({ status: 403, operation: "batch(getAsset ×2)" });
    expect(a.stack).not.toContain(KEY);
    // A native error, as the unbatched one is: a clone (structuredClone, postMessage) keeps its
    // message and stack (trial 11: the copy was a plain object to them).
    expect(isNativeError(a)).toBe(true);
    const clone = structuredClone(a);
    expect(clone).toBeInstanceOf(Error);
    expect(clone.message).toBe(a.message);
    expect(clone.stack).toContain("callerA");
  });

  it("a failed batch names each method once, with its count: the message stays short however many calls it held (trial 11)", async () => {
    const { fetch } = stubFetch(jsonResponse({}, { status: 400 }));
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, batch: createBatcher({ maxSize: Infinity }) },
      rpcHost,
      "/",
    );
    const errors = await Promise.all([
      ...Array.from({ length: 500 }, (_, i) =>
        rpc.call(getAsset, { id: String(i).padStart(3, "0") }).catch((e: Error) => e),
      ),
      rpc.call(getBalance, { address: "o" }).catch((e: Error) => e),
    ]);
    expect(new Set(errors.map((e: any) => e.operation))).toEqual(
      new Set(["batch(getAsset ×500, getBalance)"]),
    );
    expect((errors[0] as Error).message.length).toBeLessThan(200);
  });

  it("what a caller's own onResponse throws reaches it as thrown: its stack kept, a frozen error too", async () => {
    function checkQuota(): never {
      throw new Error("quota too low");
    }
    const frozen: Error = Object.freeze(new Error("frozen"));
    const { fetch } = stubFetch(server((method, params: any) => params.id));
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch, batch: createBatcher() }, rpcHost, "/");
    const [own, ice]: unknown[] = await Promise.all([
      rpc.call(getAsset, { id: "aaa" }, { onResponse: () => checkQuota() }).catch((e: Error) => e),
      rpc
        .call(
          getAsset,
          { id: "bbb" },
          {
            onResponse: () => {
              throw frozen;
            },
          },
        )
        .catch((e: Error) => e),
    ]);
    expect((own as Error).message).toBe("quota too low");
    expect((own as Error).stack).toContain("checkQuota");
    expect(ice).toBe(frozen);
  });

  it("a timeout of the batch request does too", async () => {
    const { fetch } = stubFetch(hang);
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, batch: createBatcher(), timeout: 5, maxRetries: 0 },
      rpcHost,
      "/",
    );
    const [a, b] = await both(rpc);
    expect(a).toBeInstanceOf(TimeoutError);
    expect(a).not.toBe(b);
    expect(a.stack).toContain("callerA");
    expect(b.stack).toContain("callerB");
  });

  it("an entry's JSON-RPC error reaches its caller's frame", async () => {
    const { fetch } = stubFetch((call) => {
      const batch = JSON.parse(call.body!) as { id: string }[];
      return jsonResponse(
        batch.map(({ id }) => ({ jsonrpc: "2.0", id, error: { code: -32000, message: "no" } })),
      );
    });
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch, batch: createBatcher() }, rpcHost, "/");
    const [a, b] = await both(rpc);
    expect(a).toBeInstanceOf(JsonRpcError);
    expect(a.stack).toContain("callerA");
    expect(b.stack).toContain("callerB");
  });
});

it("an AbortError's cause is a redacted copy of the signal's reason", async () => {
  const rpc = createJsonRpcClient({ apiKey: KEY, fetch: stubFetch(hang).fetch }, rpcHost, "/");
  const controller = new AbortController();
  const call = rpc.call(getAsset, { id: "aaa" }, { signal: controller.signal });
  controller.abort(new Error(`user cancelled (${KEY})`));
  const error = (await call.catch((e: unknown) => e)) as AbortError;
  expect(error).toBeInstanceOf(AbortError);
  expect((error.cause as Error).message).toBe("user cancelled (***)");
});

it("an abort while waiting for the rate limiter names the operation and keeps the reason, redacted", async () => {
  const rateLimit = createRateLimiter({ requestsPerSecond: 1 });
  const { fetch } = stubFetch(jsonResponse({ jsonrpc: "2.0", id: "1", result: {} }));
  const rpc = createJsonRpcClient({ apiKey: KEY, fetch, rateLimit }, rpcHost, "/");
  await rpc.call(getAsset, { id: "aaa" });
  const controller = new AbortController();
  const waiting = rpc.call(getAsset, { id: "bbb" }, { signal: controller.signal });
  controller.abort(`shutting down ${KEY}`);
  const error = (await waiting.catch((e: unknown) => e)) as AbortError;
  expect(error).toBeInstanceOf(AbortError);
  expect(error.operation).toBe("getAsset");
  expect((error.cause as Error).message).toBe("shutting down ***");
});

describe("hostile or odd values (what a fuzzer found)", () => {
  const ID = "aaa";
  const client = (fetch: typeof globalThis.fetch, options: ClientOptions = {}) =>
    createJsonRpcClient({ apiKey: KEY, fetch, maxRetries: 0, ...options }, rpcHost, "/");

  it("a JSON-RPC error whose message or code has no text still rejects with a JsonRpcError, batched or not", async () => {
    const error = { code: { toString: "x" }, message: { toString: "y" } };
    for (const options of [{}, { batch: createBatcher() }]) {
      // (A lone call goes as a plain request, batcher or not.)
      const rpc = client(async () => jsonResponse({ jsonrpc: "2.0", id: "1", error }), options);
      const thrown = await rpc.call(getAsset, { id: ID }).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(JsonRpcError);
      expect((thrown as Error).message).toBe(
        'JSON-RPC error {"toString":"x"} from getAsset: {"toString":"y"}',
      );
    }
  });

  it("a fetch that rejects with a value that has no text is a ConnectionError at once, with no unhandled rejection", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      const rpc = client(async () => Promise.reject(Object.create(null) as Error), {
        timeout: Infinity,
      });
      const thrown = await rpc.call(getAsset, { id: ID }).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(ConnectionError);
      // (A null-prototype object has no text: read as any object with no message.)
      expect((thrown as Error).message).toBe(
        "Connection error from getAsset: fetch failed with no message",
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("takes plain objects only: a class's getter would be checked but not sent", async () => {
    class AssetQuery {
      get id() {
        return ID;
      }
    }
    const { fetch, calls } = stubFetch(server(() => ({})));
    // (Named by its class where it has one: a Map or a Uint8Array says what to change.)
    await expect(client(fetch).call(getAsset, new AssetQuery())).rejects.toThrow(
      "params: must be a plain object (got AssetQuery)",
    );
    await expect(client(fetch).call(getAsset, new Map([["id", ID]]))).rejects.toThrow(
      "params: must be a plain object (got Map)",
    );
    // Inherited members are neither checked nor read: nothing inherits but from Object.prototype.
    await expect(
      client(fetch).call(getAsset, Object.create({ id: "aaa" }) as object),
    ).rejects.toThrow("params: must be a plain object (got a class instance)");
    await expect(
      client(fetch).call(getAsset, Object.assign(Object.create(null) as object, { id: "aaa" })),
    ).resolves.toEqual({});
    expect(calls).toHaveLength(1); // (only the null-prototype one was sent)
  });

  it("params that cannot be written as JSON are a ValidationError of that call only, batched or not", async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const { fetch, calls } = stubFetch(server((_method, params) => params));
    const rpc = client(fetch, { batch: createBatcher() });
    const [bad, good] = await Promise.allSettled([
      rpc.call(getProofs, cyclic),
      rpc.call(getProofs, { ok: 1 }),
    ]);
    expect(bad.status === "rejected" && bad.reason).toBeInstanceOf(ValidationError);
    expect(bad.status === "rejected" && (bad.reason as Error).message).toMatch(
      /^params: cannot be written as JSON \(Converting circular structure/,
    );
    expect(good).toEqual({ status: "fulfilled", value: { ok: 1 } });
    expect(calls).toHaveLength(1);
  });

  it("a result of null is an InvalidResponseError (empty), unless the method's result may be absent", async () => {
    const { fetch } = stubFetch(server(() => null));
    await expect(client(fetch).call(getAsset, { id: ID })).rejects.toMatchObject({
      name: "InvalidResponseError",
      reason: "empty",
    });
    await expect(
      client(fetch).call({ ...getProofs, optionalBody: true }, { id: ID }),
    ).resolves.toBeNull();
  });
});

describe("encoding and argument rules that no other test pinned (found by mutation testing)", () => {
  it("encodes absent params: an empty object or array, no query, whatever the method's encoding", () => {
    expect(rpcEncoding(undefined, {}, { config: { skip: true } })(undefined, {})).toEqual([{}, ""]);
    expect(rpcEncoding<"tag">(undefined, { tag: "t" })(undefined, {})).toEqual([{}, ""]);
    expect(rpcEncoding<"tag">(undefined, { tag: "t" })(undefined, { tag: 1 })).toEqual([{}, "t=1"]);
    expect(rpcEncoding(["a", "b"])(undefined, {})).toEqual([[], ""]);
  });

  it("fills defaults only into a param that is a plain object: a string, null or array is sent as given", () => {
    const encode = rpcEncoding(undefined, {}, { config: { skip: true } });
    for (const config of ["fast", null, ["x"]])
      expect(encode({ config }, {})).toEqual([{ config }, ""]);
  });

  it("takes every query option out of the params, one given or all, and joins them with &", () => {
    const encode = rpcEncoding<"a" | "b">(undefined, { a: "qa", b: "qb" });
    expect(encode({ x: 1, a: 2 }, {})).toEqual([{ x: 1 }, "qa=2"]);
    expect(encode({ x: 1, a: 2 }, { b: "y" })).toEqual([{ x: 1 }, "qa=2&qb=y"]);
  });

  it("folds query call options into object params or none, never into params of another type", () => {
    const { fold } = rpcEncoding<"a">(undefined, { a: "qa" });
    expect(fold!({ x: 1 }, { a: 2 })).toEqual({ x: 1, a: 2 });
    expect(fold!(undefined, { a: 2 })).toEqual({ a: 2 });
    for (const params of ["text", null, [1]]) expect(fold!(params, { a: 2 })).toBe(params);
  });

  it("notAnRpc: passes a client's endpoint; refuses anything else naming the operation, the factory and what was given", async () => {
    const operation = { id: "getAsset", idempotent: true };
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch: stubFetch().fetch }, rpcHost, "/");
    expect(notAnRpc(rpc, "createDasRpc", operation)).toBeUndefined();
    // (A value passed gives `undefined`, whose `.catch` throws a TypeError: the test fails.)
    const errorOf = (value: unknown, what?: string) =>
      notAnRpc(value, "createDasRpc", operation, what)!.catch(
        (e: unknown) => e as ConfigurationError,
      );
    for (const [value, got] of [
      [null, "null"],
      [{ call: 1 }, "object"],
      [Object.assign(() => {}, { call: () => {} }), "function"],
      ["createDasRpc", '"createDasRpc"'],
      [{ getAsset: () => {} }, "a client: call client.getAsset(...) instead"],
    ] as const) {
      const error = await errorOf(value);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toBe(
        `getAsset: the first argument must be an rpc from createDasRpc() (got ${got})`,
      );
      expect(error.operation).toBe("getAsset");
    }
    expect((await errorOf(1, "a rest client from")).message).toBe(
      "getAsset: the first argument must be a rest client from createDasRpc() (got 1)",
    );
  });

  it("an answer that is no JSON-RPC response reads so, and nothing more", async () => {
    const { fetch } = stubFetch(jsonResponse({ context: { slot: 1 }, value: 5 }));
    const error = await createJsonRpcClient({ apiKey: KEY, fetch, maxRetries: 0 }, rpcHost, "/")
      .call(getAsset, { id: "abc" })
      .then(
        () => undefined,
        (e: unknown) => e as InvalidResponseError,
      );
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error?.message).toBe("Invalid response (not-json-rpc) from getAsset, status 200");
  });
});
