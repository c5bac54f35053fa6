/**
 * A batched call's own `signal`: the call joins the batch, and an abort settles it alone, with the
 * very error it gets unbatched (README "Options"). Each test compares the batched caller's error
 * with the one an unbatched client gives for the same call. A `timeout` other than the client's
 * sends the call on its own (a time limit is per attempt, and a batched call's attempts are the
 * batch's).
 */
import { getEventListeners } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBatcher } from "./batch.js";
import type { ClientOptions, RequestOptions } from "./config.js";
import { AbortError } from "./errors.js";
import { rpcHost } from "./generated/environments.js";
import { createJsonRpcClient, type RpcMethodDescriptor } from "./json-rpc.js";
import { createRateLimiter } from "./rate-limit.js";
import { hang, jsonResponse, stubFetch, type RecordedCall } from "./test-support/testing.js";

const KEY = "batch-signal-key-0123456789";
const getAsset: RpcMethodDescriptor = { id: "getAsset", idempotent: true };

type Wire = { id: string; params: { id: string } };
/** Each entry's result is its params' `id`: a result given to the wrong caller shows. */
const answer = (call: RecordedCall) => {
  const body = JSON.parse(call.body!) as Wire | Wire[];
  const entry = (r: Wire) => ({ jsonrpc: "2.0", id: r.id, result: r.params.id });
  return jsonResponse(Array.isArray(body) ? body.map(entry) : entry(body));
};
/** The params' ids of each request sent: an array for a batch, a string for a lone request. */
const bodies = (calls: RecordedCall[]) =>
  calls.map((c) => {
    const body = JSON.parse(c.body!) as Wire | Wire[];
    return Array.isArray(body) ? body.map((r) => r.params.id) : body.params.id;
  });

/**
 * A batching client whose server answers once `release()` is called (until then the request is
 * in flight; an abort of its fetch's signal fails it, as a real fetch does).
 */
function gated(options: ClientOptions = {}) {
  let release!: () => void;
  const open = new Promise<void>((resolve) => (release = resolve));
  const stub = stubFetch((call) => Promise.race([open.then(() => answer(call)), hang(call)]));
  const rpc = createJsonRpcClient(
    { apiKey: KEY, fetch: stub.fetch, batch: createBatcher(), ...options },
    rpcHost,
    "/",
  );
  return { rpc, calls: stub.calls, release };
}

/** How each call ends, recorded as it happens (a call still pending has no entry). */
type Outcome = { value: unknown } | { error: any };
const record = (calls: Promise<unknown>[]) => {
  const outcomes: Outcome[] = [];
  calls.forEach(
    (call, i) =>
      void call.then(
        (value) => (outcomes[i] = { value }),
        (error: unknown) => (outcomes[i] = { error }),
      ),
  );
  return outcomes;
};
/** One turn of the event loop: every promise job, and the stub's. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What must read alike batched or not: class, own fields, message, operation, cause. */
const shape = (error: any) => ({
  class: error?.constructor,
  keys: Object.keys(error ?? {}).sort(),
  message: error?.message,
  operation: error?.operation,
  cause: error?.cause && {
    class: error.cause.constructor,
    name: error.cause.name,
    message: error.cause.message,
  },
});

/** The error an unbatched client gives the same call, with the same options and `act`. */
async function unbatched(
  options: RequestOptions,
  act: () => unknown,
  client: ClientOptions = {},
): Promise<unknown> {
  const { fetch } = stubFetch(hang);
  const rpc = createJsonRpcClient({ apiKey: KEY, fetch, ...client }, rpcHost, "/");
  const call = rpc.call(getAsset, { id: "alone" }, options).catch((error: unknown) => error);
  await turn();
  act();
  return call;
}

beforeEach(() => vi.stubEnv("CHAINDATA_API_KEY", ""));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("a batched call's own signal", () => {
  it("calls that share one signal join one batch: 1 request, each its own result, no listener left", async () => {
    const { rpc, calls, release } = gated();
    const { signal } = new AbortController();
    // (More than Node's 10-listener warning: one listener serves every call on the signal.)
    const ids = Array.from({ length: 12 }, (_, i) => `c${i}`);
    const results = Promise.all(ids.map((id) => rpc.call(getAsset, { id }, { signal })));
    await turn();
    expect(getEventListeners(signal, "abort")).toHaveLength(1);
    release();
    expect(await results).toEqual(ids);
    expect(bodies(calls)).toEqual([ids]);
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });

  it.each([
    ["", {}],
    [" (through a rate limiter)", { rateLimit: createRateLimiter({ requestsPerSecond: 1_000 }) }],
  ])(
    "aborting one of 3 calls of a batch in flight rejects it at once with the AbortError an unbatched call gets; the others get their results from the 1 request%s",
    async (_, client: ClientOptions) => {
      const { rpc, calls, release } = gated(client);
      const controllers = [1, 2, 3].map(() => new AbortController());
      const onResponse = vi.fn();
      const outcomes = record(
        ["a", "b", "c"].map((id, i) =>
          rpc.call(getAsset, { id }, { signal: controllers[i]!.signal, onResponse }),
        ),
      );
      await turn();
      expect(calls).toHaveLength(1);
      const reason = new Error(`cancelled with ${KEY}`);
      controllers[1]!.abort(reason);
      await turn();
      expect(outcomes[0]).toBeUndefined();
      expect(outcomes[2]).toBeUndefined();
      const { error } = outcomes[1] as { error: AbortError };
      expect(error).toBeInstanceOf(AbortError);
      expect(error.message).toBe("getAsset was aborted");
      expect(error.operation).toBe("getAsset");
      expect((error.cause as Error).message).toBe("cancelled with ***");
      const alone = await unbatched({ signal: controllers[1]!.signal }, () => {}, {
        rateLimit: (client as { rateLimit?: never }).rateLimit,
      });
      expect(shape(error)).toEqual(shape(alone));

      release();
      await turn();
      expect(outcomes).toEqual([{ value: "a" }, { error }, { value: "c" }]);
      expect(bodies(calls)).toEqual([["a", "b", "c"]]);
      // Its onResponse is not called: it left before the answer came.
      expect(onResponse).toHaveBeenCalledTimes(2);
      for (const { signal } of controllers) expect(getEventListeners(signal, "abort")).toEqual([]);
    },
  );

  it("a call aborted before its batch is sent leaves it: the body holds only the others", async () => {
    const { rpc, calls, release } = gated();
    const controller = new AbortController();
    const outcomes = record([
      rpc.call(getAsset, { id: "a" }),
      rpc.call(getAsset, { id: "b" }, { signal: controller.signal }),
      rpc.call(getAsset, { id: "c" }),
    ]);
    // (In the same tick: the batch is sent in a microtask.)
    controller.abort();
    release();
    await turn();
    expect(bodies(calls)).toEqual([["a", "c"]]);
    const { error } = outcomes[1] as { error: AbortError };
    expect(shape(error)).toEqual(shape(await unbatched({ signal: controller.signal }, () => {})));
    expect(outcomes[0]).toEqual({ value: "a" });
    expect(outcomes[2]).toEqual({ value: "c" });
  });

  it("a call that left a batch not sent yet no longer counts toward maxSize", async () => {
    // (Left calls stay in the batch's list, counted as left, since perf review 74: a splice per
    // abort was quadratic. A batch of 3 must still take 3 calls that wait.)
    const { rpc, calls, release } = gated({ batch: createBatcher({ maxSize: 3, wait: 1000 }) });
    const controller = new AbortController();
    const outcomes = record([
      rpc.call(getAsset, { id: "a" }, { signal: controller.signal }),
      rpc.call(getAsset, { id: "b" }),
    ]);
    controller.abort();
    const joined = record([rpc.call(getAsset, { id: "c" })]);
    await turn();
    expect(calls).toHaveLength(0); // two waiting, of 3
    const last = record([rpc.call(getAsset, { id: "d" })]);
    release();
    await turn();
    expect(bodies(calls)).toEqual([["b", "c", "d"]]);
    expect((outcomes[0] as { error: unknown }).error).toBeInstanceOf(AbortError);
    expect([joined[0], last[0]]).toEqual([{ value: "c" }, { value: "d" }]);
  });

  it("every call of a batch not sent yet aborted: nothing is sent, no timer is left", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { fetch, calls } = stubFetch(answer);
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, batch: createBatcher({ wait: 50 }) },
      rpcHost,
      "/",
    );
    const controller = new AbortController();
    const other = new AbortController();
    const outcomes = record([
      rpc.call(getAsset, { id: "a" }, { signal: controller.signal }),
      rpc.call(getAsset, { id: "b" }, { signal: controller.signal }),
      rpc.call(getAsset, { id: "c" }, { signal: other.signal }),
    ]);
    expect(vi.getTimerCount()).toBe(1); // the batch's wait
    controller.abort();
    other.abort();
    await turn();
    expect(outcomes.map((o) => (o as { error: unknown }).error)).toEqual([
      expect.any(AbortError),
      expect.any(AbortError),
      expect.any(AbortError),
    ]);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(0);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("every call of a batch in flight aborted: its request is stopped, not retried", async () => {
    const { rpc, calls } = gated({ maxRetries: 2 });
    const controllers = [1, 2].map(() => new AbortController());
    const outcomes = record(
      ["a", "b"].map((id, i) => rpc.call(getAsset, { id }, { signal: controllers[i]!.signal })),
    );
    await turn();
    controllers[0]!.abort();
    await turn();
    expect(calls[0]!.signal.aborted).toBe(false);
    controllers[1]!.abort();
    await turn();
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(outcomes.map((o) => (o as { error: unknown }).error)).toEqual([
      expect.any(AbortError),
      expect.any(AbortError),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
  });

  it("a signal aborted before the call: it rejects without joining, as unbatched, and the batch goes without it", async () => {
    const { rpc, calls, release } = gated();
    const signal = AbortSignal.abort(new Error("already gone"));
    const outcomes = record([
      rpc.call(getAsset, { id: "a" }),
      rpc.call(getAsset, { id: "b" }, { signal }),
      rpc.call(getAsset, { id: "c" }),
    ]);
    release();
    await turn();
    expect(bodies(calls)).toEqual([["a", "c"]]);
    const { error } = outcomes[1] as { error: AbortError };
    expect((error.cause as Error).message).toBe("already gone");
    expect(shape(error)).toEqual(shape(await unbatched({ signal }, () => {})));
    expect(outcomes[0]).toEqual({ value: "a" });
  });
});

it("a call that sends nothing (its signal aborted, before the call or as it leaves a batch in flight) logs no request line: the debug lines are the batch request's own (review 70 of the runtime, F2)", async () => {
  const lines: string[] = [];
  const { rpc, calls, release } = gated({
    logger: { debug: (message) => void lines.push(message) },
  });
  const controller = new AbortController();
  const outcomes = record([
    rpc.call(getAsset, { id: "a" }),
    rpc.call(getAsset, { id: "b" }, { signal: controller.signal }),
    rpc.call(getAsset, { id: "c" }, { signal: AbortSignal.abort() }),
  ]);
  await turn();
  controller.abort(); // "b" leaves the batch request in flight
  await turn();
  release();
  await turn();
  expect(calls).toHaveLength(1);
  expect(outcomes.map((o) => ("error" in o ? o.error.name : o.value))).toEqual([
    "a",
    "AbortError",
    "AbortError",
  ]);
  // One request was sent: its line as it went, and its answer's. (Each aborted call logged a
  // "getAsset: POST … …" line of a request it never made, as a request hung would read.)
  expect(lines).toEqual([
    expect.stringMatching(/^batch\(getAsset ×2\): POST https:\/\/\S+ …$/),
    expect.stringMatching(/^batch\(getAsset ×2\): POST https:\/\/\S+ → 200 \(\d+ ms\)$/),
  ]);
});

describe("a batched call's own timeout", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));

  it("other than the client's, shorter or longer: the call goes alone, each attempt limited as unbatched (user trial: a batched 999 ms had been one deadline over the retries); as long: it joins", async () => {
    const { fetch, calls } = stubFetch(answer);
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, batch: createBatcher(), timeout: 1_000 },
      rpcHost,
      "/",
    );
    const results = Promise.all([
      rpc.call(getAsset, { id: "a" }),
      rpc.call(getAsset, { id: "long" }, { timeout: 1_001 }),
      rpc.call(getAsset, { id: "short" }, { timeout: 999 }),
      rpc.call(getAsset, { id: "same" }, { timeout: 1_000 }),
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(await results).toEqual(["a", "long", "short", "same"]);
    expect(bodies(calls)).toEqual(expect.arrayContaining([["a", "same"], "long", "short"]));
    expect(calls).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a call alone with a shorter timeout is retried per attempt, as unbatched: 503 then 200, each at 600 ms, within 999 ms each", async () => {
    let n = 0;
    const slow = (call: RecordedCall) =>
      new Promise<Response>((resolve) =>
        setTimeout(
          () =>
            resolve(
              n++ === 0
                ? new Response("busy", { status: 503, headers: { "retry-after": "0" } })
                : answer(call),
            ),
          600,
        ),
      );
    const { fetch } = stubFetch(slow, slow);
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch, batch: createBatcher(), timeout: 1_000 },
      rpcHost,
      "/",
    );
    const outcomes = record([rpc.call(getAsset, { id: "a" }, { timeout: 999 })]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(outcomes).toEqual([{ value: "a" }]);
  });
});
