/**
 * The per-call `onAttempt` option: a record for each request a call hands to `fetch` (its number,
 * status or error class, request id, duration, whether the call retries), for a gateway that traces
 * per request. Batched, each caller gets the records of the batch request it rode, in its own async
 * context (`AsyncLocalStorage`), where the client's logger and fetch run in the first caller's.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createBatcher } from "./batch.js";
import { createCoalescer } from "./coalesce.js";
import type { AttemptRecord } from "./config.js";
import { AbortError, ConfigurationError, InternalServerError } from "./errors.js";
import { rpcHost, walletHost } from "./generated/environments.js";
import { createJsonRpcClient, type RpcMethodDescriptor } from "./json-rpc.js";
import { createRestTransport } from "./rest.js";
import { hang, jsonResponse, stubFetch, type RecordedCall } from "./test-support/testing.js";

const KEY = "on-attempt-test-key-0123456789";
const getAsset: RpcMethodDescriptor = { id: "getAsset", idempotent: true };

/** A 503 that asks for no wait (`retry-after-ms: 0`), with a request id: retried at once. */
const unavailable = (requestId: string) =>
  jsonResponse(
    { error: "unavailable" },
    { status: 503, headers: { "retry-after-ms": "0", "x-request-id": requestId } },
  );
/** The answer to a request (or a batch), each entry its request's id; with a request id. */
const answer = (requestId: string) => (call: RecordedCall) => {
  const body = JSON.parse(call.body!);
  const entry = (r: { id: string }) => ({ jsonrpc: "2.0", id: r.id, result: { id: r.id } });
  return jsonResponse(Array.isArray(body) ? body.map(entry) : entry(body), {
    headers: { "x-request-id": requestId },
  });
};
const rpc = (fetch: typeof globalThis.fetch, options: Record<string, unknown> = {}) =>
  createJsonRpcClient({ apiKey: KEY, fetch, ...options }, rpcHost, "/");
/** What a record says, its duration left out (a number, checked on its own). */
const outcome = ({ durationMs, ...rest }: AttemptRecord) => {
  expect(durationMs).toBeTypeOf("number");
  expect(durationMs).toBeGreaterThanOrEqual(0);
  return rest;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("onAttempt, unbatched", () => {
  it("gets one record per attempt: its number, status or error class, request id, and whether the call retries", async () => {
    const { fetch } = stubFetch(
      unavailable("req-1"),
      new TypeError("fetch failed"),
      answer("req-3"),
    );
    const records: AttemptRecord[] = [];
    const result = await rpc(fetch).call(
      getAsset,
      { id: "a" },
      { onAttempt: (r) => records.push(r) },
    );
    expect(result).toEqual({ id: "1" });
    expect(records.map(outcome)).toEqual([
      {
        operation: "getAsset",
        attempt: 1,
        status: 503,
        error: "InternalServerError",
        retryAfter: 0,
        requestId: "req-1",
        willRetry: true,
      },
      {
        operation: "getAsset",
        attempt: 2,
        status: undefined,
        error: "ConnectionError",
        requestId: undefined,
        willRetry: true,
      },
      {
        operation: "getAsset",
        attempt: 3,
        status: 200,
        error: undefined,
        requestId: "req-3",
        willRetry: false,
      },
    ]);
  });

  it("says willRetry: false on the last attempt when retries run out, and on an answer not retried", async () => {
    const exhausted: AttemptRecord[] = [];
    const { fetch } = stubFetch(unavailable("u"));
    const error = await rpc(fetch, { maxRetries: 1 })
      .call(getAsset, {}, { onAttempt: (r) => exhausted.push(r) })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(exhausted.map((r) => [r.attempt, r.status, r.willRetry])).toEqual([
      [1, 503, true],
      [2, 503, false],
    ]);

    const refused: AttemptRecord[] = [];
    const { fetch: notFound } = stubFetch(jsonResponse({ error: "no" }, { status: 404 }));
    await rpc(notFound)
      .call(getAsset, {}, { onAttempt: (r) => refused.push(r) })
      .catch(() => {});
    expect(refused.map(outcome)).toEqual([
      {
        operation: "getAsset",
        attempt: 1,
        status: 404,
        error: "NotFoundError",
        requestId: undefined,
        willRetry: false,
      },
    ]);
  });

  // User trial 63, F1: a plan out of credits and a plain rate limit are both a 429 and a
  // `RateLimitError`; only the error's `reason` tells them apart, and a client-wide hook that
  // alerts on spent credits (no wait helps) never sees the error. Its `retryAfter` (the server's
  // wait, not the jittered delay) and an `InvalidResponseError`'s reason ride along.
  it("says why: a RateLimitError's reason (credits-exhausted) and retryAfter, an InvalidResponseError's reason", async () => {
    const records: AttemptRecord[] = [];
    const onAttempt = (r: AttemptRecord) => records.push(r);
    const limited = jsonResponse(
      { error: { code: -32429, message: "slow down" } },
      { status: 429, headers: { "retry-after": "0" } },
    );
    const spent = jsonResponse(
      { error: { code: -32429, message: "max usage reached" } },
      { status: 429 },
    );
    const { fetch } = stubFetch(limited, spent);
    await rpc(fetch, { onAttempt })
      .call(getAsset, {})
      .catch(() => {});
    const { fetch: cut } = stubFetch(
      new Response('{"jsonrpc":"2.0","id":"1","result":{"id"', { status: 200 }),
      answer("ok"),
    );
    await rpc(cut, { onAttempt }).call(getAsset, {}, { maxRetries: 1 });
    expect(records.map((r) => [r.status, r.error, r.reason, r.retryAfter, r.willRetry])).toEqual([
      [429, "RateLimitError", undefined, 0, true],
      [429, "RateLimitError", "credits-exhausted", undefined, false],
      [200, "InvalidResponseError", "truncated", undefined, true],
      [200, undefined, undefined, undefined, false],
    ]);
  });

  // Review 83, F2: `retryAfter` is any status's that names a wait, as on the error, not a 429's or
  // a 503's alone (AttemptRecord's doc said so).
  it("carries the wait any status named: a 500's and a 400's Retry-After", async () => {
    const records: AttemptRecord[] = [];
    const failing = (status: number) =>
      jsonResponse(
        { error: { code: -32000, message: "x" } },
        { status, headers: { "retry-after": "2" } },
      );
    const { fetch } = stubFetch(failing(500), failing(400));
    const client = rpc(fetch, { onAttempt: (r: AttemptRecord) => records.push(r), maxRetries: 0 });
    for (let call = 0; call < 2; call++) await client.call(getAsset, {}).catch(() => {});
    expect(records.map((r) => [r.status, r.error, r.retryAfter])).toEqual([
      [500, "InternalServerError", 2],
      [400, "BadRequestError", 2],
    ]);
  });

  // User trial 63, F5: durations came from the wall clock, which an NTP step or a VM's resume sets
  // back: an attempt then lasted -5000 ms in metrics and in the debug line. A monotonic clock
  // (`performance.now()`) times it; the wall clock is left for HTTP dates.
  it("times an attempt on a monotonic clock: a wall clock set back during it gives no negative duration", async () => {
    const records: AttemptRecord[] = [];
    const debug = vi.fn();
    const now = Date.now();
    const { fetch } = stubFetch((call) => {
      vi.spyOn(Date, "now").mockReturnValue(now - 5000);
      return answer("r")(call);
    });
    await rpc(fetch, { logger: { debug } }).call(
      getAsset,
      {},
      { onAttempt: (r) => records.push(r) },
    );
    expect(records).toHaveLength(1);
    expect(records[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(records[0]!.durationMs).toBeLessThan(5000);
    expect(Number.isInteger(records[0]!.durationMs)).toBe(true);
    // (The debug line's, at the answer's headers: no later than the record's, its body read.)
    const { durationMs: answered } = debug.mock.calls[1]![1] as { durationMs: number };
    expect(answered).toBeGreaterThanOrEqual(0);
    expect(answered).toBeLessThanOrEqual(records[0]!.durationMs);
  });

  it("gets a record for a REST call's attempts too (the same engine)", async () => {
    const { fetch } = stubFetch(unavailable("r-1"), jsonResponse({ ok: 1 }));
    const rest = createRestTransport({ apiKey: KEY, fetch }, walletHost);
    const records: AttemptRecord[] = [];
    await rest.restCall(
      { id: "getIdentity", idempotent: true },
      undefined,
      { onAttempt: (r) => records.push(r) },
      async (fetch) => {
        const response = await fetch(new Request(`${rest.baseUrl}/v1/identity`));
        return { data: await response.text(), response };
      },
    );
    expect(records.map((r) => [r.attempt, r.status, r.error, r.willRetry])).toEqual([
      [1, 503, "InternalServerError", true],
      [2, 200, undefined, false],
    ]);
  });

  it("gets no record for a call aborted before anything was sent (no attempt was made)", async () => {
    const { fetch, calls } = stubFetch(answer("x"));
    const onAttempt = vi.fn();
    const error = await rpc(fetch)
      .call(getAsset, {}, { signal: AbortSignal.abort(), onAttempt })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AbortError);
    expect(calls).toHaveLength(0);
    expect(onAttempt).not.toHaveBeenCalled();
  });

  it("gets an AbortError record for an attempt aborted in flight", async () => {
    const { fetch } = stubFetch(hang);
    const controller = new AbortController();
    const records: AttemptRecord[] = [];
    const call = rpc(fetch).call(
      getAsset,
      {},
      {
        signal: controller.signal,
        onAttempt: (r) => records.push(r),
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await call.catch(() => {});
    expect(records.map((r) => [r.attempt, r.error, r.willRetry])).toEqual([
      [1, "AbortError", false],
    ]);
  });

  it("refuses an onAttempt that is not a function, naming it, with nothing sent", async () => {
    const { fetch, calls } = stubFetch(answer("x"));
    const error = await rpc(fetch)
      .call(getAsset, {}, { onAttempt: "yes" as never })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe("onAttempt: must be a function (got string)");
    expect(calls).toHaveLength(0);
  });
});

describe("onAttempt, batched", () => {
  it("gives each caller the records of the batch request it rode, in that caller's AsyncLocalStorage context", async () => {
    const storage = new AsyncLocalStorage<{ trace: string; records: AttemptRecord[] }>();
    const { fetch, calls } = stubFetch(unavailable("batch-1"), answer("batch-2"));
    // (One client, one batcher; the callback reads the store when called, as a tracer's does.)
    const client = rpc(fetch, { batch: createBatcher() });
    const onAttempt = (record: AttemptRecord) => storage.getStore()!.records.push(record);
    const a = { trace: "a", records: [] as AttemptRecord[] };
    const b = { trace: "b", records: [] as AttemptRecord[] };
    const [ra, rb] = await Promise.all([
      storage.run(a, () => client.call(getAsset, { id: "a" }, { onAttempt })),
      storage.run(b, () => client.call(getAsset, { id: "b" }, { onAttempt })),
    ]);
    expect([ra, rb]).toEqual([{ id: "1" }, { id: "2" }]);
    // One batch request, retried once: two requests in all.
    expect(calls).toHaveLength(2);
    expect(Array.isArray(JSON.parse(calls[0]!.body!))).toBe(true);
    // (The batch request's records: its operation names the batch.)
    const expected = [
      {
        operation: "batch(getAsset ×2)",
        batchSize: 2,
        attempt: 1,
        status: 503,
        error: "InternalServerError",
        retryAfter: 0,
        requestId: "batch-1",
        willRetry: true,
      },
      {
        operation: "batch(getAsset ×2)",
        batchSize: 2,
        attempt: 2,
        status: 200,
        error: undefined,
        requestId: "batch-2",
        willRetry: false,
      },
    ];
    expect(a.records.map(outcome)).toEqual(expected);
    expect(b.records.map(outcome)).toEqual(expected);
  });

  it("rides the batch (an onAttempt does not unbatch a call), and a call without one gets none", async () => {
    const { fetch, calls } = stubFetch(answer("one"));
    const client = rpc(fetch, { batch: createBatcher() });
    const records: AttemptRecord[] = [];
    await Promise.all([
      client.call(getAsset, {}, { onAttempt: (r) => records.push(r) }),
      client.call(getAsset, {}),
    ]);
    expect(calls).toHaveLength(1);
    expect(records.map((r) => r.requestId)).toEqual(["one"]);
  });

  it("gives no more records to a call that left its batch (aborted); the others go on getting theirs", async () => {
    let release!: () => void;
    const { fetch } = stubFetch(
      (call) => new Promise((resolve) => (release = () => resolve(answer("late")(call)))),
    );
    const client = rpc(fetch, { batch: createBatcher() });
    const controller = new AbortController();
    const left: AttemptRecord[] = [];
    const stayed: AttemptRecord[] = [];
    const leaving = client
      .call(getAsset, {}, { signal: controller.signal, onAttempt: (r) => left.push(r) })
      .catch((thrown: unknown) => thrown);
    const staying = client.call(getAsset, {}, { onAttempt: (r) => stayed.push(r) });
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await leaving;
    release();
    await staying;
    expect(left).toEqual([]);
    expect(stayed.map((r) => [r.attempt, r.status])).toEqual([[1, 200]]);
  });
});

describe("onAttempt that throws or rejects", () => {
  it("does not fail the call, unbatched, nor retry it", async () => {
    const { fetch, calls } = stubFetch(answer("x"));
    const result = await rpc(fetch).call(
      getAsset,
      {},
      {
        onAttempt: () => {
          throw new Error("tracer broke");
        },
      },
    );
    expect(result).toEqual({ id: "1" });
    expect(calls).toHaveLength(1);
  });

  it("fails neither its own call nor the batch's other calls, batched; a rejection is caught", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      const { fetch } = stubFetch(unavailable("b-1"), answer("b-2"));
      const client = rpc(fetch, { batch: createBatcher() });
      const records: AttemptRecord[] = [];
      const results = await Promise.all([
        client.call(
          getAsset,
          {},
          {
            onAttempt: () => {
              throw new Error("tracer broke");
            },
          },
        ),
        client.call(
          getAsset,
          {},
          {
            // eslint-disable-next-line @typescript-eslint/no-misused-promises -- an async onAttempt, as a tracer's may be
            onAttempt: () => Promise.reject(new Error("async tracer")),
          },
        ),
        client.call(getAsset, {}, { onAttempt: (r) => records.push(r) }),
      ]);
      expect(results).toEqual([{ id: "1" }, { id: "2" }, { id: "3" }]);
      // (The third caller's records are whole: the first's throw stopped no later record.)
      expect(records.map((r) => r.attempt)).toEqual([1, 2]);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });
});

describe("a hook that fails, told once", () => {
  // (User trial 63, F6: a metrics hook that threw on every call lost every metric, with no sign.)
  const broken = () => {
    throw new TypeError(`metrics.histgram is not a function (${KEY})`);
  };

  it("tells logger.warn, redacted, the first time the client's onAttempt throws: once per client, the calls unaffected", async () => {
    const { fetch } = stubFetch(answer("x"), answer("y"), answer("z"));
    const warn = vi.fn();
    const client = rpc(fetch, { onAttempt: broken, logger: { warn } });
    for (const id of ["1", "2"]) expect(await client.call(getAsset, {})).toEqual({ id });
    expect(warn.mock.calls).toEqual([
      [
        "the client's onAttempt threw (ignored): TypeError: metrics.histgram is not a function (***)",
        { operation: "getAsset", hook: "the client's onAttempt" },
      ],
    ]);
    // Another client is told on its own.
    await rpc(fetch, { onAttempt: broken, logger: { warn } }).call(getAsset, { id: "c" });
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("tells it of a call's own onAttempt, unbatched and batched (a rejection too), and of a logger's method that throws", async () => {
    const { fetch } = stubFetch(answer("x"), answer("y"), answer("z"));
    const warn = vi.fn();
    const client = rpc(fetch, {
      logger: {
        warn,
        debug: () => {
          throw new Error("disk full");
        },
      },
    });
    await client.call(getAsset, {}, { onAttempt: broken });
    expect(warn.mock.calls.map(([message, meta]) => [message, meta.hook])).toEqual([
      ["logger.debug threw (ignored): Error: disk full", "logger.debug"],
      [
        "onAttempt threw (ignored): TypeError: metrics.histgram is not a function (***)",
        "onAttempt",
      ],
    ]);

    const batchedWarn = vi.fn();
    const batched = rpc(fetch, { batch: createBatcher(), logger: { warn: batchedWarn } });
    // (Async hooks, as a tracer's may be: typed `void`, an async function passes for one.)
    const rejecting = (message: string) => (() => Promise.reject(new Error(message))) as () => void;
    const results = await Promise.all([
      batched.call(getAsset, { id: "a" }, { onAttempt: rejecting("async") }),
      batched.call(getAsset, { id: "b" }, { onAttempt: rejecting("again") }),
    ]);
    expect(results).toEqual([{ id: "1" }, { id: "2" }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(batchedWarn.mock.calls).toEqual([
      [
        "onAttempt threw (ignored): Error: async",
        { operation: "batch(getAsset ×2)", hook: "onAttempt" },
      ],
    ]);
  });

  it("masks a call's own credentials in the warning, as in the call's log lines (review 85, F2)", async () => {
    // (The warning was redacted with the client's key only: a hook quoting the call's own
    // Authorization showed it, where that call's log lines mask it.)
    const { fetch } = stubFetch(answer("x"));
    const warn = vi.fn();
    const token = "per-call-t0ken-7788";
    await rpc(fetch, { logger: { warn } }).call(
      getAsset,
      {},
      {
        headers: { authorization: `Bearer ${token}` },
        onAttempt: () => {
          throw new Error(`exporter refused ${token}`);
        },
      },
    );
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      "onAttempt threw (ignored): Error: exporter refused ***",
    ]);
  });

  it("tells it of a hook that throws a Symbol too (review 85, F8)", async () => {
    // (A template literal throws a TypeError on a Symbol: the warning was never written.)
    const { fetch } = stubFetch(answer("x"));
    const warn = vi.fn();
    const client = rpc(fetch, {
      logger: { warn },
      onAttempt: () => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- what the test is about
        throw Symbol("metrics down");
      },
    });
    expect(await client.call(getAsset, {})).toEqual({ id: "1" });
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      "the client's onAttempt threw (ignored): Symbol(metrics down)",
    ]);
  });

  it("fails nothing when the logger has no warn, or its warn throws too", async () => {
    const { fetch } = stubFetch(answer("x"), answer("y"));
    const throwingWarn = vi.fn(() => {
      throw new Error("warn broke");
    });
    for (const logger of [{ info: () => {} }, { warn: throwingWarn }])
      expect(await rpc(fetch, { onAttempt: broken, logger }).call(getAsset, {})).toEqual({
        id: "1",
      });
    expect(throwingWarn).toHaveBeenCalledTimes(1);
  });
});

describe("onAttempt and the API key", () => {
  it("never gets the key: no headers, and a request id that echoes it is redacted", async () => {
    const echo = (call: RecordedCall) =>
      jsonResponse(
        { error: `bad key ${call.headers.get("x-api-key") ?? call.url.search}` },
        { status: 503, headers: { "retry-after-ms": "0", "x-request-id": `id-${KEY}` } },
      );
    const { fetch } = stubFetch(echo, answer(`ok-${KEY}`));
    const records: AttemptRecord[] = [];
    const batched: AttemptRecord[] = [];
    await rpc(fetch).call(getAsset, {}, { onAttempt: (r) => records.push(r) });
    const { fetch: again } = stubFetch(echo, answer(`ok-${KEY}`));
    const client = rpc(again, { batch: createBatcher() });
    await Promise.all([
      client.call(getAsset, {}, { onAttempt: (r) => batched.push(r) }),
      client.call(getAsset, {}),
    ]);
    for (const list of [records, batched]) {
      expect(list).toHaveLength(2);
      for (const record of list)
        expect(Object.keys(record).sort()).toEqual(
          [
            "operation",
            "batchSize",
            "attempt",
            "durationMs",
            "error",
            "reason",
            "requestId",
            "retryAfter",
            "status",
            "willRetry",
          ].sort(),
        );
      expect(JSON.stringify(list)).not.toContain(KEY);
      expect(JSON.stringify(list)).not.toContain(KEY.slice(0, 12));
      expect(list.map((r) => r.requestId)).toEqual(["id-***", "ok-***"]);
    }
  });
});

describe("the client's onAttempt", () => {
  it("gets every call's attempts with their operation, beside a call's own, in the calling context", async () => {
    const storage = new AsyncLocalStorage<string>();
    const { fetch } = stubFetch(unavailable("c-1"), answer("c-2"), answer("c-3"));
    const seen: [string | undefined, string, number, number | undefined][] = [];
    const client = rpc(fetch, {
      onAttempt: (r: AttemptRecord) =>
        seen.push([storage.getStore(), r.operation, r.attempt, r.status]),
    });
    const own: AttemptRecord[] = [];
    await storage.run("first", () => client.call(getAsset, { id: "a" }));
    await storage.run("second", () =>
      client.call(
        { id: "getAssetBatch", idempotent: true },
        { ids: [] },
        { onAttempt: (r) => own.push(r) },
      ),
    );
    expect(seen).toEqual([
      ["first", "getAsset", 1, 503],
      ["first", "getAsset", 2, 200],
      ["second", "getAssetBatch", 1, 200],
    ]);
    expect(own.map((r) => [r.operation, r.attempt, r.status])).toEqual([["getAssetBatch", 1, 200]]);
  });

  it("is called for a REST client's attempts too", async () => {
    const { fetch } = stubFetch(jsonResponse({ ok: 1 }));
    const records: AttemptRecord[] = [];
    const rest = createRestTransport(
      { apiKey: KEY, fetch, onAttempt: (r) => records.push(r) },
      walletHost,
    );
    await rest.restCall({ id: "getIdentity", idempotent: true }, undefined, {}, async (fetch) => {
      const response = await fetch(new Request(`${rest.baseUrl}/v1/identity`));
      return { data: await response.text(), response };
    });
    expect(records.map((r) => [r.operation, r.attempt, r.status])).toEqual([
      ["getIdentity", 1, 200],
    ]);
  });

  it("gets one record per try of a batch request, named by the batch, not one per call in it", async () => {
    const { fetch, calls } = stubFetch(answer("b"));
    const records: AttemptRecord[] = [];
    const client = rpc(fetch, {
      batch: createBatcher(),
      onAttempt: (r: AttemptRecord) => records.push(r),
    });
    await Promise.all([client.call(getAsset, { id: "a" }), client.call(getAsset, { id: "b" })]);
    expect(calls).toHaveLength(1);
    expect(records.map((r) => [r.operation, r.attempt, r.requestId])).toEqual([
      ["batch(getAsset ×2)", 1, "b"],
    ]);
  });

  it("keeps identical reads coalesced (one request, one record), where a call's own onAttempt takes each call out", async () => {
    const records: AttemptRecord[] = [];
    const hooked = stubFetch(answer("one"), answer("two"), answer("three"));
    const client = rpc(hooked.fetch, {
      coalesce: createCoalescer(),
      onAttempt: (r: AttemptRecord) => records.push(r),
    });
    await Promise.all([1, 2, 3].map(() => client.call(getAsset, { id: "same" })));
    expect(hooked.calls).toHaveLength(1);
    expect(records.map((r) => r.requestId)).toEqual(["one"]);

    const perCall = stubFetch(answer("one"), answer("two"), answer("three"));
    const other = rpc(perCall.fetch, { coalesce: createCoalescer() });
    await Promise.all(
      [1, 2, 3].map(() => other.call(getAsset, { id: "same" }, { onAttempt: () => {} })),
    );
    expect(perCall.calls).toHaveLength(3);
  });

  it("says how many calls a batch request carried (batchSize), a stable tag where operation names each mix; none for a request of one call", async () => {
    // (User trial 63, F2: `operation` is a new value for each mix a tick gathers.)
    const { fetch } = stubFetch(answer("b"), answer("lone"), answer("own"));
    const client: AttemptRecord[] = [];
    const own: AttemptRecord[] = [];
    const batched = rpc(fetch, {
      batch: createBatcher(),
      onAttempt: (r: AttemptRecord) => client.push(r),
    });
    await Promise.all([
      batched.call(getAsset, { id: "a" }, { onAttempt: (r) => own.push(r) }),
      batched.call(getAsset, { id: "b" }),
      batched.call({ id: "getAssetBatch", idempotent: true }, { ids: ["c"] }),
    ]);
    // A batcher's lone call goes as a plain request; a call with its own headers goes alone.
    await batched.call(getAsset, { id: "d" });
    await batched.call(getAsset, { id: "e" }, { headers: { "x-trace": "1" } });
    expect(client.map((r) => [r.operation, r.batchSize])).toEqual([
      ["batch(getAsset ×2, getAssetBatch)", 3],
      ["getAsset", undefined],
      ["getAsset", undefined],
    ]);
    expect(own.map((r) => [r.operation, r.batchSize])).toEqual([
      ["batch(getAsset ×2, getAssetBatch)", 3],
    ]);
  });

  it("is part of what clients sharing a batcher must agree on: other hooks, other batches", async () => {
    const { fetch, calls } = stubFetch(answer("x"), answer("y"));
    const batch = createBatcher();
    const a: AttemptRecord[] = [];
    const b: AttemptRecord[] = [];
    const first = rpc(fetch, { batch, onAttempt: (r: AttemptRecord) => a.push(r) });
    const second = rpc(fetch, { batch, onAttempt: (r: AttemptRecord) => b.push(r) });
    await Promise.all([first.call(getAsset, { id: "a" }), second.call(getAsset, { id: "b" })]);
    expect(calls).toHaveLength(2);
    expect([a.length, b.length]).toEqual([1, 1]);

    const shared = vi.fn();
    const { fetch: one, calls: together } = stubFetch(answer("z"));
    const third = rpc(one, { batch, onAttempt: shared });
    const fourth = rpc(one, { batch, onAttempt: shared });
    await Promise.all([third.call(getAsset, { id: "a" }), fourth.call(getAsset, { id: "b" })]);
    expect(together).toHaveLength(1);
    expect(shared).toHaveBeenCalledTimes(1);
  });

  it("does not fail the call when it throws, and the call's own still gets its record", async () => {
    const { fetch } = stubFetch(answer("x"));
    const own: AttemptRecord[] = [];
    const client = rpc(fetch, {
      onAttempt: () => {
        throw new Error("metrics broke");
      },
    });
    expect(await client.call(getAsset, {}, { onAttempt: (r) => own.push(r) })).toEqual({
      id: "1",
    });
    expect(own).toHaveLength(1);
  });

  it("is refused at creation when it is no function, naming it", () => {
    const { fetch, calls } = stubFetch(answer("x"));
    expect(() => rpc(fetch, { onAttempt: "yes" })).toThrow(
      new ConfigurationError("onAttempt: must be a function (got string)"),
    );
    expect(calls).toHaveLength(0);
  });
});

describe("onAttempt records are each hook's own", () => {
  it("gives each batched caller its own copy of the batch request's record: what one caller's hook adds, another's does not see", async () => {
    const storage = new AsyncLocalStorage<string>();
    const { fetch } = stubFetch(answer("shared"));
    const client = rpc(fetch, { batch: createBatcher() });
    const seen: Record<string, AttemptRecord> = {};
    const taggedBefore: unknown[] = [];
    // (A gateway's tracer that tags the record with its caller's trace id before keeping it. No
    // expect inside: what a hook throws is ignored.)
    const onAttempt = (record: AttemptRecord) => {
      const trace = storage.getStore()!;
      taggedBefore.push((record as { trace?: string }).trace);
      seen[trace] = Object.assign(record, { trace });
    };
    await Promise.all(
      ["a", "b", "c"].map((trace) =>
        storage.run(trace, () => client.call(getAsset, { id: trace }, { onAttempt })),
      ),
    );
    expect(Object.keys(seen).sort()).toEqual(["a", "b", "c"]);
    expect(taggedBefore).toEqual([undefined, undefined, undefined]);
    for (const [trace, record] of Object.entries(seen))
      expect(record).toMatchObject({ trace, operation: "batch(getAsset ×3)", requestId: "shared" });
  });
});

describe("the client's onAttempt and the batch request's context", () => {
  it("runs in the batch's first call's context, or in that of the call that filled it to its maxSize", async () => {
    const storage = new AsyncLocalStorage<string>();
    const contexts: (string | undefined)[] = [];
    const onAttempt = () => contexts.push(storage.getStore());
    const { fetch } = stubFetch(answer("a"), answer("b"));
    const tick = rpc(fetch, { batch: createBatcher(), onAttempt });
    const full = rpc(fetch, { batch: createBatcher({ maxSize: 2 }), onAttempt });
    for (const client of [tick, full])
      await Promise.all(
        ["first", "second"].map((name) =>
          storage.run(name, () => client.call(getAsset, { id: name })),
        ),
      );
    expect(contexts).toEqual(["first", "second"]);
  });
});
