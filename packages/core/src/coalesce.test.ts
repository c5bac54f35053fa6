/** Request coalescing (coalesce.ts) through the JSON-RPC client and the REST transport. */
import { getEventListeners } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBatcher } from "./batch.js";
import type { OperationDescriptor } from "./config.js";
import { createCoalescer } from "./coalesce.js";
import {
  AbortError,
  ConfigurationError,
  InternalServerError,
  InvalidResponseError,
} from "./errors.js";
import { rpcHost, walletHost } from "./generated/environments.js";
import { createJsonRpcClient, type RpcMethodDescriptor } from "./json-rpc.js";
import { createRestTransport } from "./rest.js";
import {
  hang,
  jsonResponse,
  settle,
  stubFetch,
  type RecordedCall,
} from "./test-support/testing.js";
import { vBoundedString, vObject } from "./validate.js";

const KEY = "coalesce-key";
const getAsset: RpcMethodDescriptor = {
  id: "getAsset",
  idempotent: true,
  params: vObject({ id: vBoundedString(3) }, ["id"], false),
  u64: { token_info: { supply: 1 } },
};
const getAssets: RpcMethodDescriptor = { id: "getAssetBatch", idempotent: true };
const sendTransaction: RpcMethodDescriptor = { id: "sendTransaction", idempotent: false };

/** Answers every request (or batch entry) with an asset echoing its params, a u64 past 2^53. */
const assetServer = (call: RecordedCall) => {
  const body = JSON.parse(call.body!);
  const answer = (r: { id: string; params: unknown }) =>
    `{"jsonrpc":"2.0","id":${JSON.stringify(r.id)},"result":{"params":${JSON.stringify(r.params)},"token_info":{"supply":18446744073709551615}}}`;
  return jsonResponse(Array.isArray(body) ? `[${body.map(answer).join(",")}]` : answer(body));
};

/** The JSON-RPC requests sent, entries of a batch flattened. */
const sent = (calls: RecordedCall[]) => calls.flatMap((c) => JSON.parse(c.body!));

beforeEach(() => vi.stubEnv("CHAINDATA_API_KEY", ""));
afterEach(() => vi.unstubAllEnvs());

describe("coalesce: JSON-RPC", () => {
  it("sends identical reads made in the same tick once; each caller gets its own copy, u64 exact", async () => {
    const { fetch, calls } = stubFetch(assetServer);
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, coalesce: createCoalescer() },
      rpcHost,
      "/",
    );
    const results = (await Promise.all([
      rpc.call(getAsset, { id: "abc" }),
      rpc.call(getAsset, { id: "abc" }),
      rpc.call(getAsset, { id: "abc" }),
      rpc.call(getAsset, { id: "xyz" }),
    ])) as any[];
    expect(sent(calls).map((r) => r.params)).toEqual([{ id: "abc" }, { id: "xyz" }]);
    expect(results.map((r) => r.params.id)).toEqual(["abc", "abc", "abc", "xyz"]);
    for (const result of results) expect(result.token_info.supply).toBe(18446744073709551615n);
    // Three objects, not one: a caller that changes its result does not change another's.
    expect(new Set(results.slice(0, 3)).size).toBe(3);
    expect(new Set(results.slice(0, 3).map((r) => r.token_info)).size).toBe(3);
  });

  it("does not join a call of a later tick to a request already on its way", async () => {
    const { fetch, calls } = stubFetch(assetServer);
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, coalesce: createCoalescer() },
      rpcHost,
      "/",
    );
    const first = rpc.call(getAsset, { id: "abc" });
    await Promise.resolve();
    const second = rpc.call(getAsset, { id: "abc" });
    await Promise.all([first, second]);
    expect(calls).toHaveLength(2);
  });

  it("without the option, or with `false`, each call is its own request", async () => {
    for (const coalesce of [undefined, false] as const) {
      const { fetch, calls } = stubFetch(assetServer);
      const rpc = createJsonRpcClient({ apiKey: KEY, fetch, coalesce }, rpcHost, "/");
      await Promise.all([rpc.call(getAsset, { id: "abc" }), rpc.call(getAsset, { id: "abc" })]);
      expect(calls, String(coalesce)).toHaveLength(2);
    }
  });

  it("sends writes, calls with a per-call option but `signal`, and params written in another order alone", async () => {
    const { fetch, calls } = stubFetch(assetServer);
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, coalesce: createCoalescer() },
      rpcHost,
      "/",
    );
    const { signal } = new AbortController();
    await Promise.all([
      rpc.call(sendTransaction, ["tx"]),
      rpc.call(sendTransaction, ["tx"]),
      rpc.call(getAsset, { id: "abc" }, { maxRetries: 0 }),
      rpc.call(getAsset, { id: "abc" }, { headers: {} }),
      rpc.call(getAsset, { id: "abc" }, { onResponse: () => {} }),
      rpc.call(getAsset, { id: "abc" }, { timeout: 1_000 }),
      rpc.call(getAssets, { ids: ["a"], page: 1 }),
      rpc.call(getAssets, { page: 1, ids: ["a"] }),
      // These two share (a signal rides along, and an option left undefined is none).
      rpc.call(getAsset, { id: "abc" }, { signal }),
      rpc.call(getAsset, { id: "abc" }, { maxRetries: undefined }),
    ]);
    expect(calls).toHaveLength(9);
  });

  it("an abort rejects that caller at once with AbortError; the others get the result from the one request", async () => {
    let release!: () => void;
    const { fetch, calls } = stubFetch(async (call) => {
      await new Promise<void>((resolve) => (release = resolve));
      return assetServer(call);
    });
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, coalesce: createCoalescer() },
      rpcHost,
      "/",
    );
    const controller = new AbortController();
    const leaving = settle(rpc.call(getAsset, { id: "abc" }, { signal: controller.signal }));
    const staying = rpc.call(getAsset, { id: "abc" });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort();
    const { error } = await leaving;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.operation).toBe("getAsset");
    expect(calls[0]!.signal.aborted).toBe(false);
    // The shared request had left the process (for `sendTransaction`, 0 would say: safe to sign
    // again), as a call leaving a batch already sent counts the batch's.
    expect(error.attempts).toBe(1);
    release();
    expect(((await staying) as any).params).toEqual({ id: "abc" });
    expect(calls).toHaveLength(1);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("stops the request once every caller sharing it has aborted, and leaves no listener", async () => {
    const { fetch, calls } = stubFetch(hang);
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, coalesce: createCoalescer() },
      rpcHost,
      "/",
    );
    const controllers = [new AbortController(), new AbortController()];
    const results = controllers.map(({ signal }) =>
      settle(rpc.call(getAsset, { id: "abc" }, { signal })),
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controllers[0]!.abort();
    await results[0];
    expect(calls[0]!.signal.aborted).toBe(false);
    controllers[1]!.abort();
    for (const { error } of await Promise.all(results)) expect(error).toBeInstanceOf(AbortError);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls).toHaveLength(1);
    for (const { signal } of controllers)
      expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });

  it("a request every caller left in the tick it started is not joined by a later call of that tick", async () => {
    // (Without a batcher: sent, then aborted; with one: dropped from the batch before it is sent.)
    for (const batch of [undefined, createBatcher()]) {
      const { fetch } = stubFetch(assetServer);
      const rpc = createJsonRpcClient(
        { apiKey: KEY, fetch, batch, coalesce: createCoalescer() },
        rpcHost,
        "/",
      );
      const controller = new AbortController();
      const leaving = settle(rpc.call(getAsset, { id: "abc" }, { signal: controller.signal }));
      controller.abort();
      // No signal of its own: it must not get the AbortError of the call that left.
      const staying = settle(rpc.call(getAsset, { id: "abc" }));
      expect((await leaving).error).toBeInstanceOf(AbortError);
      const { value, error } = await staying;
      expect(error, String(batch)).toBeUndefined();
      expect(value).toMatchObject({ params: { id: "abc" } });
    }
  });

  it("calls of two descriptors of one method do not share (each checks its own answer)", async () => {
    const { fetch, calls } = stubFetch((call) =>
      jsonResponse(
        `{"jsonrpc":"2.0","id":${JSON.stringify(JSON.parse(call.body!).id)},"result":null}`,
      ),
    );
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, coalesce: createCoalescer() },
      rpcHost,
      "/",
    );
    const nullable: RpcMethodDescriptor = { id: "getAsset", idempotent: true, optionalBody: true };
    const [loose, strict] = await Promise.all([
      settle(rpc.call(nullable, { id: "abc" })),
      settle(rpc.call(getAsset, { id: "abc" })),
    ]);
    expect(loose.value).toBeNull();
    // (Shared, it got the null its descriptor does not allow.)
    expect(strict.error).toBeInstanceOf(InvalidResponseError);
    expect(calls).toHaveLength(2);
  });

  it("a call whose signal has already aborted goes alone: AbortError, nothing sent", async () => {
    const { fetch, calls } = stubFetch(assetServer);
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, coalesce: createCoalescer() },
      rpcHost,
      "/",
    );
    const [aborted, sharing] = await Promise.all([
      settle(rpc.call(getAsset, { id: "abc" }, { signal: AbortSignal.abort() })),
      rpc.call(getAsset, { id: "abc" }),
    ]);
    expect(aborted.error).toBeInstanceOf(AbortError);
    expect(sharing).toMatchObject({ params: { id: "abc" } });
    expect(calls).toHaveLength(1);
  });

  it("a failed request fails every caller with its own copy of the error, which names the call", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({ message: "down" }, { status: 500 }));
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, maxRetries: 0, coalesce: createCoalescer() },
      rpcHost,
      "/",
    );
    const errors = (
      await Promise.all([1, 2, 3].map(() => settle(rpc.call(getAsset, { id: "abc" }))))
    ).map((r) => r.error);
    expect(calls).toHaveLength(1);
    expect(new Set(errors).size).toBe(3);
    for (const error of errors) {
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error.message).toBe(errors[0].message);
      expect(error.operation).toBe("getAsset");
      expect(error.status).toBe(500);
      expect(error.message).not.toContain(KEY);
      // Each stack is the caller's own, taken where it awaited.
      expect(error.stack).toContain("coalesce.test.ts");
    }
  });

  it("with a batcher, a shared call rides the batch once", async () => {
    const { fetch, calls } = stubFetch(assetServer);
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, batch: createBatcher(), coalesce: createCoalescer() },
      rpcHost,
      "/",
    );
    const results = (await Promise.all([
      rpc.call(getAsset, { id: "abc" }),
      rpc.call(getAsset, { id: "xyz" }),
      rpc.call(getAsset, { id: "abc" }),
    ])) as any[];
    expect(calls).toHaveLength(1);
    expect(sent(calls).map((r) => r.params.id)).toEqual(["abc", "xyz"]);
    expect(results.map((r) => r.params.id)).toEqual(["abc", "xyz", "abc"]);
    expect(results[0]).not.toBe(results[2]);
  });

  it("clients given one coalescer share its requests only when their options send alike", async () => {
    const { fetch, calls } = stubFetch(assetServer);
    const coalesce = createCoalescer();
    const a = createJsonRpcClient({ apiKey: KEY, fetch, coalesce }, rpcHost, "/");
    const b = createJsonRpcClient({ apiKey: KEY, fetch, coalesce }, rpcHost, "/");
    const otherKey = createJsonRpcClient({ apiKey: KEY + "2", fetch, coalesce }, rpcHost, "/");
    const otherPath = createJsonRpcClient({ apiKey: KEY, fetch, coalesce }, rpcHost, "/other");
    await Promise.all(
      [a, b, otherKey, otherPath].map((client) => client.call(getAsset, { id: "abc" })),
    );
    expect(calls).toHaveLength(3);
  });

  it("refuses a `coalesce` not made by createCoalescer, naming the factory", () => {
    for (const [coalesce, got] of [
      [true, "true"],
      [{}, "object"],
      [createCoalescer, "function"],
    ])
      expect(() => createJsonRpcClient({ coalesce } as never, rpcHost, "/")).toThrow(
        new ConfigurationError(`coalesce: must be made by createCoalescer() (got ${got})`),
      );
  });
  it("with a batcher, a caller that leaves the shared request's batch once sent gets an AbortError counting its attempts", async () => {
    const { fetch, calls } = stubFetch(hang);
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, batch: createBatcher(), coalesce: createCoalescer() },
      rpcHost,
      "/",
    );
    const controllers = [new AbortController(), new AbortController()];
    const results = controllers.map(({ signal }) =>
      settle(rpc.call(getAsset, { id: "abc" }, { signal })),
    );
    const other = settle(rpc.call(getAsset, { id: "xyz" }, { signal: controllers[0]!.signal }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(sent(calls)).toHaveLength(2);
    for (const controller of controllers) controller.abort();
    for (const { error } of await Promise.all([...results, other])) {
      expect(error).toBeInstanceOf(AbortError);
      expect(error.attempts).toBe(1);
    }
  });
});

describe("coalesce: REST", () => {
  const getBalances: OperationDescriptor = {
    id: "getBalances",
    idempotent: true,
    u64: { balances: { amount: 1 } },
  };
  const createWebhook: OperationDescriptor = { id: "createWebhook", idempotent: false };
  const body = '{"balances":[{"amount":18446744073709551615}]}';

  it("sends identical GETs of the same tick once; each caller revives its own copy", async () => {
    const { fetch, calls } = stubFetch(jsonResponse(body));
    const transport = createRestTransport(
      { apiKey: KEY, fetch, coalesce: createCoalescer() },
      walletHost,
    );
    const get = (path: string) =>
      transport.restCall(getBalances, undefined, undefined, async (fetch) => ({
        response: await fetch(new Request(`${transport.baseUrl}${path}`)),
      })) as Promise<any>;
    const results = await Promise.all([get("/v1/a"), get("/v1/a"), get("/v1/b")]);
    expect(calls.map((c) => c.url.pathname)).toEqual(["/v1/a", "/v1/b"]);
    for (const result of results) expect(result.balances[0].amount).toBe(18446744073709551615n);
    expect(results[0]).not.toBe(results[1]);
    expect(results[0].balances).not.toBe(results[1].balances);
  });

  it("a failed request fails every caller with its own copy of the error, its stack taken at the caller's await", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({ message: "down" }, { status: 500 }));
    const transport = createRestTransport(
      { apiKey: KEY, fetch, maxRetries: 0, coalesce: createCoalescer() },
      walletHost,
    );
    // (A named function that awaits the call: its frame is in the stack of an error taken inside
    // its awaited chain, and in no other.)
    async function callerOfGetBalances() {
      return await transport.restCall(getBalances, undefined, undefined, async (fetch) => ({
        response: await fetch(new Request(`${transport.baseUrl}/v1/a`)),
      }));
    }
    const errors = (await Promise.all([1, 2, 3].map(() => settle(callerOfGetBalances())))).map(
      (r) => r.error,
    );
    expect(calls).toHaveLength(1);
    expect(new Set(errors).size).toBe(3);
    for (const error of errors) {
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error.operation).toBe("getBalances");
      expect(error.message).not.toContain(KEY);
      expect(error.stack).toContain("callerOfGetBalances");
    }
  });

  it("a caller that leaves a request already sent gets an AbortError counting its attempts", async () => {
    const { fetch, calls } = stubFetch(hang);
    const transport = createRestTransport(
      { apiKey: KEY, fetch, coalesce: createCoalescer() },
      walletHost,
    );
    const controllers = [new AbortController(), new AbortController()];
    const results = controllers.map(({ signal }) =>
      settle(
        transport.restCall(getBalances, undefined, { signal }, async (fetch) => ({
          response: await fetch(new Request(`${transport.baseUrl}/v1/a`)),
        })),
      ),
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    for (const controller of controllers) controller.abort();
    for (const { error } of await Promise.all(results)) {
      expect(error).toBeInstanceOf(AbortError);
      expect(error.attempts).toBe(1);
    }
  });

  it("sends a write, a call with its own options, or a body written otherwise alone", async () => {
    const { fetch, calls } = stubFetch(jsonResponse(body));
    const transport = createRestTransport(
      { apiKey: KEY, fetch, coalesce: createCoalescer() },
      walletHost,
    );
    const call = (operation: typeof getBalances, init?: RequestInit, options?: object) =>
      transport.restCall(operation, undefined, options, async (fetch) => ({
        response: await fetch(new Request(`${transport.baseUrl}/v1/a`, init)),
      }));
    await Promise.all([
      // These two share: the same body.
      call(getBalances, { method: "POST", body: '{"a":1}' }),
      call(getBalances, { method: "POST", body: '{"a":1}' }),
      call(getBalances, { method: "POST", body: '{"a":2}' }),
      call(createWebhook, { method: "DELETE" }),
      call(createWebhook, { method: "DELETE" }),
      call(getBalances, undefined, { maxRetries: 1 }),
      call(getBalances),
    ]);
    expect(calls).toHaveLength(6);
  });
});

describe("coalesce: share() called directly (found by mutation testing, review 57)", () => {
  const read = { idempotent: true };
  /** A request that settles only when told to, or rejects once its signal aborts. */
  const pending = () => {
    // (The first start's: a caller that leaves calls `start` again, alone, with its aborted signal.)
    let resolve: ((value: object) => void) | undefined;
    const starts: AbortSignal[] = [];
    const start = (signal: AbortSignal) =>
      new Promise<object>((ok, fail) => {
        starts.push(signal);
        resolve ??= ok;
        if (signal.aborted) return fail(new Error("aborted before it started"));
        signal.addEventListener("abort", () => fail(new Error("aborted")));
      });
    return { start, starts, resolve: (value: object) => resolve!(value) };
  };

  it("an option left undefined is none: that call still shares", async () => {
    const coalesce = createCoalescer();
    const { start, starts, resolve } = pending();
    const first = coalesce.share(["a"], "k", read, {}, start);
    const second = coalesce.share(["a"], "k", read, { maxRetries: undefined } as object, start);
    // (`undefined` would say it goes alone.)
    expect(second).toBeInstanceOf(Promise);
    const calls = [first!, second!];
    resolve({ n: 1 });
    expect(await Promise.all(calls)).toEqual([{ n: 1 }, { n: 1 }]);
    expect(starts).toHaveLength(1);
  });

  it("endpoints of different lengths never share, one the start of the other included", () => {
    const coalesce = createCoalescer();
    const { start, starts } = pending();
    // (Never settled: only the requests started are read.)
    void coalesce.share(["a", "b"], "k", read, {}, start);
    void coalesce.share(["a"], "k", read, {}, start);
    void coalesce.share(["a", "b", "c"], "k", read, {}, start);
    void coalesce.share(["a", "b"], "k", read, {}, start);
    expect(starts).toHaveLength(3);
  });

  it("copies the value only for the callers still waiting: none for one that left", async () => {
    const coalesce = createCoalescer();
    const { start, resolve } = pending();
    const copy = vi.fn((value: object) => ({ ...value }));
    const controller = new AbortController();
    const first = coalesce.share(["a"], "k", read, {}, start, copy)!;
    const leaving = settle(
      coalesce.share(["a"], "k", read, { signal: controller.signal }, start, copy)!,
    );
    const staying = coalesce.share(["a"], "k", read, {}, start, copy)!;
    controller.abort();
    expect((await leaving).error).toBeInstanceOf(Error);
    resolve({ n: 1 });
    expect(await Promise.all([first, staying])).toEqual([{ n: 1 }, { n: 1 }]);
    expect(copy).toHaveBeenCalledTimes(1);
  });

  it("a copy that throws rejects its caller, who would otherwise wait for ever", async () => {
    const coalesce = createCoalescer();
    const { start, resolve } = pending();
    const tooDeep = new RangeError("Maximum call stack size exceeded");
    const copy = () => {
      throw tooDeep;
    };
    const first = coalesce.share(["a"], "k", read, {}, start, copy)!;
    const second = settle(coalesce.share(["a"], "k", read, {}, start, copy)!);
    resolve({ n: 1 });
    expect(await first).toEqual({ n: 1 });
    const outcome = await Promise.race([
      second,
      new Promise((done) => setTimeout(() => done("still pending"), 1_000)),
    ]);
    expect(outcome).toEqual({ error: tooDeep });
  });

  it("copies an answer nested 100,000 deep for a later caller, or rejects it: never hangs", async () => {
    const coalesce = createCoalescer();
    const { start, resolve } = pending();
    let deep: unknown = 1n;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const first = coalesce.share(["a"], "k", read, {}, start)!;
    const second = settle(coalesce.share(["a"], "k", read, {}, start)!);
    resolve(deep as object);
    expect(await first).toBe(deep);
    const outcome = (await Promise.race([
      second,
      new Promise((done) => setTimeout(() => done("still pending"), 1_000)),
    ])) as { value?: unknown; error?: unknown };
    expect(outcome).not.toBe("still pending");
    if (outcome.error) expect(outcome.error).toBeInstanceOf(RangeError);
    else expect(outcome.value).not.toBe(deep);
  });

  it("a caller that leaves a request whose start never set `sent.options` gets attempts 0", async () => {
    const coalesce = createCoalescer();
    const { start } = pending();
    const controller = new AbortController();
    const leaving = settle(coalesce.share(["a"], "k", read, { signal: controller.signal }, start)!);
    controller.abort();
    const outcome = await Promise.race([
      leaving,
      new Promise((resolve) => setTimeout(() => resolve("still pending"), 1_000)),
    ]);
    expect(outcome).toMatchObject({ error: { message: "aborted before it started", attempts: 0 } });
  });
});
