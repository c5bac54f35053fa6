/**
 * `attempts` on every error a call throws: how many requests it handed to `fetch` (README
 * "Errors"). `0` means nothing left the process (for `sendTransaction`: safe to sign again); 1 or
 * more, that a request went out. Counted by the fetch stub itself, and compared.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createBatcher } from "./batch.js";
import {
  AbortError,
  ConfigurationError,
  ConnectionError,
  InternalServerError,
  InvalidResponseError,
  JsonRpcError,
  TimeoutError,
  ValidationError,
} from "./errors.js";
import { rpcHost, walletHost } from "./generated/environments.js";
import { createJsonRpcClient, rpcEncoding, type RpcMethodDescriptor } from "./json-rpc.js";
import { paginate } from "./paginate.js";
import { createRateLimiter } from "./rate-limit.js";
import {
  hang,
  jsonResponse,
  sendRequest,
  stubFetch,
  type RecordedCall,
} from "./test-support/testing.js";
import { createRestTransport } from "./rest.js";
import { vBoundedString, vObject } from "./validate.js";

const KEY = "attempts-test-key-0123456789";
const getAsset: RpcMethodDescriptor = {
  id: "getAsset",
  idempotent: true,
  params: vObject({ id: vBoundedString(3) }, ["id"], false),
};
const sendTransaction: RpcMethodDescriptor = {
  id: "sendTransaction",
  idempotent: false,
  encode: rpcEncoding(["transaction"]),
};

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value, error: undefined as any }),
    (error) => ({ value: undefined, error }),
  );
/** A 503 that asks for no wait (`retry-after-ms: 0`): retried at once, on real timers. */
const unavailable = () =>
  jsonResponse({ error: "unavailable" }, { status: 503, headers: { "retry-after-ms": "0" } });
const result = (call: RecordedCall) => {
  const body = JSON.parse(call.body!);
  const entry = (r: { id: string }) => ({ jsonrpc: "2.0", id: r.id, result: { id: r.id } });
  return jsonResponse(Array.isArray(body) ? body.map(entry) : entry(body));
};
const rpc = (fetch: typeof globalThis.fetch, options: Record<string, unknown> = {}) =>
  createJsonRpcClient({ apiKey: KEY, fetch, ...options }, rpcHost, "/");

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("attempts: the requests a call handed to fetch", () => {
  it("a signal aborted before the call: AbortError, attempts 0, nothing sent (JSON-RPC and REST)", async () => {
    const { fetch, calls } = stubFetch(result);
    const { error } = await settle(
      rpc(fetch).call(sendTransaction, { transaction: "AQAB" }, { signal: AbortSignal.abort() }),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(error.attempts).toBe(0);
    const transport = createRestTransport({ apiKey: KEY, fetch }, walletHost);
    const rest = await settle(
      sendRequest(transport, new Request(`${transport.baseUrl}/v1/x`), {
        operation: { id: "getBalances", idempotent: true },
        options: { signal: AbortSignal.abort() },
      }),
    );
    expect(rest.error).toBeInstanceOf(AbortError);
    expect(rest.error.attempts).toBe(0);
    expect(calls).toHaveLength(0);
  });

  it("three 503s: InternalServerError, attempts 3, in toJSON too; the message still says (3 attempts)", async () => {
    const { fetch, calls } = stubFetch(unavailable());
    const { error } = await settle(rpc(fetch).call(getAsset, { id: "abc" }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(calls).toHaveLength(3);
    expect(error.attempts).toBe(3);
    expect(error.toJSON()).toMatchObject({ attempts: 3 });
    expect(JSON.parse(JSON.stringify(error)).attempts).toBe(3);
    expect(error.message).toMatch(/\(3 attempts\)$/);
  });

  it("a deadline that fires during the wait after a 503: AbortError, attempts 1 (the request went out)", async () => {
    // (No retry-after: the backoff waits 375-500 ms, and the signal fires 50 ms into it.)
    const { fetch, calls } = stubFetch(jsonResponse({ error: "unavailable" }, { status: 503 }));
    const { error } = await settle(
      rpc(fetch).call(
        sendTransaction,
        { transaction: "AQAB" },
        { retryNonIdempotent: true, signal: AbortSignal.timeout(50) },
      ),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(calls).toHaveLength(1);
    expect(error.attempts).toBe(1);
    expect(error.toJSON()).toMatchObject({ name: "AbortError", attempts: 1 });
  });

  it("an abort while the second attempt is in flight: attempts 2", async () => {
    const controller = new AbortController();
    const { fetch, calls } = stubFetch(unavailable(), (call) => {
      queueMicrotask(() => controller.abort());
      return hang(call);
    });
    const { error } = await settle(
      rpc(fetch).call(getAsset, { id: "abc" }, { signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(calls).toHaveLength(2);
    expect(error.attempts).toBe(2);
  });

  it("an abort after a retried failure carries that attempt's error as lastError (redacted, with its attempts), the signal's reason staying the cause", async () => {
    // A 503 echoing the key, then the deadline fires during the backoff's wait (375-500 ms).
    const echo = jsonResponse(
      { error: `unavailable for ${KEY}` },
      { status: 503, headers: { "x-request-id": "req-7" } },
    );
    const { fetch, calls } = stubFetch(echo);
    const deadline = AbortSignal.timeout(50);
    const { error } = await settle(rpc(fetch).call(getAsset, { id: "abc" }, { signal: deadline }));
    expect(error).toBeInstanceOf(AbortError);
    expect(calls).toHaveLength(1);
    expect(error.cause).toMatchObject({ name: "TimeoutError" });
    expect(error.lastError).toBeInstanceOf(InternalServerError);
    expect(error.lastError).toMatchObject({ status: 503, requestId: "req-7", attempts: 1 });
    expect(error.lastError.message).toBe("HTTP 503 from getAsset: unavailable for ***");
    const json = JSON.stringify(error);
    expect(json).not.toContain(KEY);
    expect(JSON.parse(json).lastError).toMatchObject({ name: "InternalServerError", status: 503 });

    // A timeout, then an abort while the retry is in flight: the timeout, with its operation and
    // attempt.
    const controller = new AbortController();
    let sent = 0;
    const slow = stubFetch((call) => {
      if (++sent == 2) queueMicrotask(() => controller.abort());
      return hang(call);
    });
    const timedOut = await settle(
      rpc(slow.fetch, { timeout: 20 }).call(getAsset, { id: "abc" }, { signal: controller.signal }),
    );
    expect(timedOut.error).toBeInstanceOf(AbortError);
    expect(timedOut.error.attempts).toBe(2);
    expect(timedOut.error.lastError).toBeInstanceOf(TimeoutError);
    expect(timedOut.error.lastError).toMatchObject({ operation: "getAsset", attempts: 1 });

    // No failure before the abort: none.
    const { error: first } = await settle(
      rpc(stubFetch(hang).fetch).call(getAsset, { id: "abc" }, { signal: AbortSignal.timeout(10) }),
    );
    expect(first).toBeInstanceOf(AbortError);
    expect(first.lastError).toBeUndefined();
  });

  it("an abort during a rate limiter's wait: attempts 0", async () => {
    const { fetch, calls } = stubFetch(result);
    const client = rpc(fetch, { rateLimit: createRateLimiter({ requestsPerSecond: 1 }) });
    await client.call(getAsset, { id: "abc" });
    const controller = new AbortController();
    const waiting = settle(client.call(getAsset, { id: "def" }, { signal: controller.signal }));
    controller.abort();
    const { error } = await waiting;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.attempts).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it("connection errors and timeouts: attempts as sent", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const drive = async <T>(promise: Promise<T>) => {
      const outcome = settle(promise);
      for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(2_000);
      return outcome;
    };
    const refused = stubFetch(new TypeError("fetch failed"));
    const lost = await drive(rpc(refused.fetch).call(getAsset, { id: "abc" }));
    expect(lost.error).toBeInstanceOf(ConnectionError);
    expect([lost.error.attempts, refused.calls.length]).toEqual([3, 3]);
    const slow = stubFetch(hang);
    const late = await drive(
      rpc(slow.fetch, { timeout: 100, maxRetries: 1 }).call(getAsset, { id: "abc" }),
    );
    expect(late.error).toBeInstanceOf(TimeoutError);
    expect([late.error.attempts, slow.calls.length]).toEqual([2, 2]);
  });

  it("answers that fail the call: JsonRpcError, InvalidResponseError and onResponse count the attempts, retries included", async () => {
    const { fetch } = stubFetch(
      unavailable(),
      (call) =>
        jsonResponse({
          jsonrpc: "2.0",
          id: JSON.parse(call.body!).id,
          error: { code: -32000, message: "no" },
        }),
      jsonResponse({ jsonrpc: "2.0", id: "x", result: 1 }),
      unavailable(),
      unavailable(),
      new Response("<html>gateway</html>", { headers: { "content-type": "text/html" } }),
      result,
    );
    const client = rpc(fetch);
    const rpcError = await settle(client.call(getAsset, { id: "abc" }));
    expect(rpcError.error).toBeInstanceOf(JsonRpcError);
    expect(rpcError.error.attempts).toBe(2);
    const mismatch = await settle(client.call(getAsset, { id: "abc" }));
    expect(mismatch.error).toMatchObject({ reason: "id-mismatch", attempts: 1 });
    const html = await settle(client.call(getAsset, { id: "abc" }));
    expect(html.error).toBeInstanceOf(InvalidResponseError);
    expect(html.error).toMatchObject({ reason: "html", attempts: 3 });
    const seen: unknown[] = [];
    await client.call(getAsset, { id: "abc" }, { onResponse: (r) => seen.push(r.attempts) });
    expect(seen).toEqual([1]);
  });

  it("a page walk broken by its answer: attempts of the page call whose answer broke it", async () => {
    const { fetch } = stubFetch(unavailable(), (call) =>
      jsonResponse({
        jsonrpc: "2.0",
        id: JSON.parse(call.body!).id,
        result: { items: [1, 2], page: 7 },
      }),
    );
    const client = rpc(fetch);
    const walk = paginate(
      (params, answered) =>
        client.call({ id: "getAssetsByOwner", idempotent: true }, params, {
          onResponse: answered,
        }),
      { style: "page", page: "page", limit: "limit", items: "items", echoedPage: "page" },
      { limit: 2 },
      { operation: "getAssetsByOwner" },
    );
    const { error } = await settle(
      (async () => {
        for await (const _ of walk);
      })(),
    );
    expect(error).toMatchObject({ reason: "broken-paging", attempts: 2 });
  });

  it("refused before sending: ValidationError and ConfigurationError have attempts 0", async () => {
    const { fetch, calls } = stubFetch(result);
    const client = rpc(fetch);
    const invalid = await settle(client.call(getAsset, { id: "x" }));
    expect(invalid.error).toBeInstanceOf(ValidationError);
    expect(invalid.error.attempts).toBe(0);
    expect(invalid.error.toJSON()).toMatchObject({ attempts: 0 });
    const option = await settle(client.call(getAsset, { id: "abc" }, { timout: 1 } as never));
    expect(option.error).toBeInstanceOf(ConfigurationError);
    expect(option.error.attempts).toBe(0);
    vi.stubEnv("CHAINDATA_API_KEY", "");
    const keyless = await settle(
      createJsonRpcClient({ fetch }, rpcHost, "/").call(getAsset, { id: "abc" }),
    );
    vi.unstubAllEnvs();
    expect(keyless.error).toBeInstanceOf(ConfigurationError);
    expect(keyless.error.attempts).toBe(0);
    expect(calls).toHaveLength(0);
  });
});

describe("attempts of batched calls: the batch request's", () => {
  const batched = (fetch: typeof globalThis.fetch, options: Record<string, unknown> = {}) =>
    rpc(fetch, { batch: createBatcher(), ...options });

  it("an error entry after a retried 503, and a failed batch: every call gets the batch request's count", async () => {
    const { fetch, calls } = stubFetch(unavailable(), (call) => {
      const [first, second] = JSON.parse(call.body!);
      return jsonResponse([
        { jsonrpc: "2.0", id: first.id, error: { code: -32000, message: "no" } },
        { jsonrpc: "2.0", id: second.id, result: 1 },
      ]);
    });
    const client = batched(fetch);
    const [failed, ok] = await Promise.all([
      settle(client.call(getAsset, { id: "abc" })),
      settle(client.call(getAsset, { id: "def" })),
    ]);
    expect(calls).toHaveLength(2);
    expect(failed.error).toBeInstanceOf(JsonRpcError);
    expect(failed.error.attempts).toBe(2);
    expect(ok.value).toBe(1);

    const down = stubFetch(unavailable());
    const other = batched(down.fetch);
    const both = await Promise.all([
      settle(other.call(getAsset, { id: "abc" })),
      settle(other.call(getAsset, { id: "def" })),
    ]);
    expect(down.calls).toHaveLength(3);
    expect(both.map(({ error }) => [error.name, error.attempts])).toEqual([
      ["InternalServerError", 3],
      ["InternalServerError", 3],
    ]);
  });

  it("a call aborted before its batch is sent: attempts 0; after it was sent: the batch's so far", async () => {
    const { fetch, calls } = stubFetch(hang);
    const client = batched(fetch);
    const early = new AbortController();
    const late = new AbortController();
    const outcomes = [
      settle(client.call(getAsset, { id: "abc" }, { signal: early.signal })),
      settle(client.call(getAsset, { id: "def" }, { signal: late.signal })),
      settle(client.call(getAsset, { id: "ghi" }, { signal: late.signal })),
    ];
    early.abort();
    const first = await outcomes[0]!;
    expect(first.error).toBeInstanceOf(AbortError);
    expect(first.error.attempts).toBe(0);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    late.abort();
    const rest = await Promise.all(outcomes.slice(1));
    expect(rest.map(({ error }) => [error.name, error.attempts])).toEqual([
      ["AbortError", 1],
      ["AbortError", 1],
    ]);
    expect(calls).toHaveLength(1);
  });

  it("a call that leaves a batch waiting for the rate limiter: attempts 0 (nothing was handed to fetch)", async () => {
    const { fetch, calls } = stubFetch(result);
    const client = batched(fetch, { rateLimit: createRateLimiter({ requestsPerSecond: 1 }) });
    await client.call(getAsset, { id: "abc" });
    const controller = new AbortController();
    const waiting = settle(client.call(getAsset, { id: "def" }, { signal: controller.signal }));
    // (The batch is sent, and waits for its turn.)
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    const { error } = await waiting;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.attempts).toBe(0);
    expect(calls).toHaveLength(1);
  });
});
