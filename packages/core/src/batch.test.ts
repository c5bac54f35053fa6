import { describe, expect, it, vi } from "vitest";
import { createBatcher, type BatchedCall } from "./batch.js";
import { ConfigurationError } from "./errors.js";

// The characters this file's calls wrote as JSON (json.ts jsonText) and gave to a redactor (every
// one the engine makes comes from createRedactor): a count of the work a batch does per answer and
// per call, which no load on the machine moves. (Otherwise json.ts's and redact.ts's own.)
const work = vi.hoisted(() => ({ written: 0, redacted: 0 }));
vi.mock("./json.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./json.js")>();
  return {
    ...actual,
    jsonText: (...args: Parameters<typeof actual.jsonText>) => {
      const text = actual.jsonText(...args);
      if (typeof text == "string") work.written += text.length;
      return text;
    },
  };
});
vi.mock("./redact.js", async (importOriginal) => {
  const { countingRedactors } = await import("./test-support/testing.js");
  return countingRedactors(await importOriginal(), (characters) => {
    work.redacted += characters;
  });
});

/**
 * What a batch of 50 calls wrote as JSON and redacted beyond what one of 2 did, with the same
 * answer, per call past the second: the work each call adds. Work done once per answer costs a
 * batch of 50 what it costs one of 2; work done per call, over the whole answer, costs 48 times
 * more.
 */
const perCallWork = async (batchOf: (calls: number) => Promise<unknown>) => {
  const workOf = async (calls: number) => {
    const { written, redacted } = work;
    await batchOf(calls);
    return { written: work.written - written, redacted: work.redacted - redacted };
  };
  const two = await workOf(2);
  const fifty = await workOf(50);
  return {
    two,
    written: (fifty.written - two.written) / 48,
    redacted: (fifty.redacted - two.redacted) / 48,
  };
};

const call = (id: string): BatchedCall => ({
  request: { id, method: "getAsset" },
  text: JSON.stringify({ id, method: "getAsset" }),
  method: { idempotent: true },
  reject: vi.fn(),
});

describe("createBatcher", () => {
  it("throws a ConfigurationError naming the option for a maxSize below 1 or a negative wait", () => {
    for (const maxSize of [0, -1, 0.5, 2.5, NaN, -Infinity])
      expect(() => createBatcher({ maxSize }), String(maxSize)).toThrow(ConfigurationError);
    expect(() => createBatcher({ maxSize: 0 })).toThrow(
      "batch.maxSize: must be a whole number >= 1, or Infinity (got 0)",
    );
    // (Over 2^31 - 1 ms a timer fires at once.)
    for (const wait of [-1, NaN, Infinity, 2 ** 31])
      expect(() => createBatcher({ wait }), String(wait)).toThrow(
        `batch.wait: must be >= 0 and <= 2147483647 ms (got ${wait})`,
      );
    expect(() => createBatcher({ maxSize: 1, wait: 0 })).not.toThrow();
    expect(() => createBatcher({ maxSize: Infinity })).not.toThrow();
    // Values with no text, and no options at all.
    expect(() => createBatcher({ maxSize: Object.create(null) as number })).toThrow(
      "batch.maxSize: must be a whole number >= 1, or Infinity (got object)",
    );
    expect(() => createBatcher(null!)).not.toThrow();
  });

  it("refuses options that are not an object, and names it does not know (a typo would mean batches of 100)", () => {
    expect(() => createBatcher({ maxsize: 10 } as never)).toThrow(
      new ConfigurationError(
        "batch.maxsize: is not a batcher option (maxSize, wait); did you mean maxSize?",
      ),
    );
    expect(() => createBatcher(10 as never)).toThrow(
      new ConfigurationError("batch: must be an object of batcher options (got number)"),
    );
    expect(() => createBatcher(true as never)).toThrow(
      new ConfigurationError("batch: must be an object of batcher options (got boolean)"),
    );
  });

  it("takes calls whose only options are a signal, the batch's own timeout, or onResponse; any other defined option, even falsy, or another timeout makes a call go alone", () => {
    const enqueue = createBatcher().bind(
      async () => [[], new Response()],
      () => {},
      undefined,
      1_000,
    );
    const { signal } = new AbortController();
    for (const options of [
      {},
      { maxRetries: undefined },
      { signal },
      { signal: null },
      { timeout: 1_000 },
      { signal, timeout: 1_000, onResponse: () => {} },
    ])
      expect(enqueue(call("1"), options), String(Object.keys(options))).toBe(true);
    for (const options of [
      { maxRetries: 0 },
      { headers: {} },
      { retryNonIdempotent: false },
      { swqosOnly: false },
      { signal, maxRetries: 1 },
      { timeout: 1_001 },
      { timeout: 999 },
      { signal, timeout: 5 },
      { signal: AbortSignal.abort() },
    ])
      expect(enqueue(call("2"), options), String(Object.keys(options))).toBe(false);
    // A write goes alone whatever its options.
    expect(enqueue({ ...call("3"), method: { idempotent: false } }, {})).toBe(false);
  });

  it("sends a wait-0 batch under fake timers that replace queueMicrotask (as Jest's do by default), with no timer run", async () => {
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "setImmediate", "queueMicrotask"],
    });
    try {
      const post = vi.fn(async (body: string) => [
        (JSON.parse(body) as { id: string }[]).map((r) => ({ id: r.id, result: 1 })),
        new Response(),
      ]);
      const enqueue = createBatcher().bind(post as never, vi.fn());
      for (const id of ["1", "2"]) enqueue(call(id), {});
      // (Promise callbacks only: a fake timer's queue is never run here.)
      for (let i = 0; i < 10 && !post.mock.calls.length; i++) await Promise.resolve();
      expect(post).toHaveBeenCalledTimes(1);
      expect(JSON.parse(post.mock.calls[0]![0])).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("settles the other calls of a batch when settling one throws, and rejects that one with the error", async () => {
    const thrown = new TypeError("cannot settle");
    const settled: string[] = [];
    const settle = vi.fn((c: BatchedCall, _entry: unknown) => {
      if (c.request.id === "1") throw thrown;
      settled.push(c.request.id);
    });
    const enqueue = createBatcher().bind(
      async (body) => [
        (JSON.parse(body) as { id: string }[]).map((r) => ({ id: r.id, result: 1 })),
        new Response(),
      ],
      settle,
    );
    const [first, second, third] = [call("1"), call("2"), call("3")];
    for (const c of [first, second, third]) enqueue(c, {});
    await vi.waitFor(() => expect(settle).toHaveBeenCalledTimes(3));
    expect(settled).toEqual(["2", "3"]);
    expect(first.reject).toHaveBeenCalledWith(thrown);
    expect(second.reject).not.toHaveBeenCalled();
  });

  it("gives a call without an entry the first error the server could not tie to a request (id: null)", async () => {
    const entries = new Map<string, unknown>();
    const enqueue = createBatcher().bind(
      async () => [
        [
          { id: "1", result: 1 },
          { id: null, result: "not an error: passed over" },
          { id: null, error: { code: -32600, message: "first" } },
          { id: null, error: { code: -32600, message: "second" } },
        ],
        new Response(),
      ],
      (c, entry) => void entries.set(c.request.id, entry),
    );
    for (const id of ["1", "2", "3"]) enqueue(call(id), {});
    await vi.waitFor(() => expect(entries.size).toBe(3));
    expect(entries.get("1")).toEqual({ id: "1", result: 1 });
    const untied = { id: null, error: { code: -32600, message: "first" } };
    expect(entries.get("2")).toEqual(untied);
    expect(entries.get("3")).toEqual(untied);
  });

  it("gives a lone call its answer whole, as a plain request's (an array is not routed by id)", async () => {
    const answer = [{ id: "1", result: 1 }];
    const settle = vi.fn();
    createBatcher().bind(async () => [answer, new Response()], settle)(call("1"), {});
    await vi.waitFor(() => expect(settle).toHaveBeenCalledOnce());
    expect(settle.mock.calls[0]![1]).toBe(answer);
  });
});

describe("createBatcher: a batch request answered 413 Payload Too Large (user trial 38)", () => {
  it("tells each caller the batch's size and the option that changes it; a lone call's 413 is as before", async () => {
    const { createJsonRpcClient } = await import("./json-rpc.js");
    const { rpcHost } = await import("./generated/environments.js");
    const { stubFetch } = await import("./test-support/testing.js");
    const page = "<html><body><h1>413 Request Entity Too Large</h1></body></html>";
    const { fetch, calls } = stubFetch(
      new Response(page, {
        status: 413,
        statusText: "Payload Too Large",
        headers: { "content-type": "text/html" },
      }),
    );
    const rpc = createJsonRpcClient(
      { apiKey: "test", fetch, batch: createBatcher(), maxRetries: 0 },
      rpcHost,
      "/",
    );
    const getAsset = { id: "getAsset", idempotent: true };
    const results = await Promise.allSettled([1, 2, 3].map((n) => rpc.call(getAsset, { n })));
    expect(calls).toHaveLength(1);
    for (const result of results) {
      const error = (result as PromiseRejectedResult).reason as Error & { status: number };
      expect(error).toMatchObject({ name: "APIError", status: 413 });
      expect(error.message).toBe(
        "HTTP 413 Payload Too Large from batch(getAsset ×3) (a batch of 3: lower createBatcher maxSize)",
      );
      expect(error.stack!.split("\n")[0]).toBe(`APIError: ${error.message}`);
    }
    // (Each caller's own copy, its message extended once.)
    expect((results[0] as PromiseRejectedResult).reason).not.toBe(
      (results[1] as PromiseRejectedResult).reason,
    );
    const lone = await rpc.call(getAsset, { n: 4 }).catch((error: Error) => error);
    expect((lone as Error).message).toBe("HTTP 413 Payload Too Large from getAsset");
  });
});

describe("createBatcher: a batch answer without a call's entry", () => {
  it("names the request id of a call the batch answer leaves out, or holds twice (same method, several calls)", async () => {
    const { createJsonRpcClient } = await import("./json-rpc.js");
    const { rpcHost } = await import("./generated/environments.js");
    const { jsonResponse, stubFetch } = await import("./test-support/testing.js");
    // Answers the first request, the third twice, and not the second.
    const { fetch } = stubFetch((call) => {
      const [a, , c] = JSON.parse(call.body!) as { id: string }[];
      return jsonResponse([a, c, c].map((r) => ({ jsonrpc: "2.0", id: r!.id, result: r!.id })));
    });
    const rpc = createJsonRpcClient(
      { apiKey: "test", fetch, batch: createBatcher(), maxRetries: 0 },
      rpcHost,
      "/",
    );
    const getAsset = { id: "getAsset", idempotent: true };
    const [first, second, third] = await Promise.allSettled(
      [1, 2, 3].map((n) => rpc.call(getAsset, { n })),
    );
    expect(first).toEqual({ status: "fulfilled", value: "1" });
    expect((second as PromiseRejectedResult).reason).toMatchObject({
      name: "InvalidResponseError",
      reason: "missing-entry",
      operation: "getAsset",
      message: 'Invalid response (missing-entry) from getAsset, status 200: id "2"',
    });
    expect((third as PromiseRejectedResult).reason).toMatchObject({
      reason: "duplicate-entry",
      message: 'Invalid response (duplicate-entry) from getAsset, status 200: id "3"',
    });
    // (The stack, which a terminal shows, says it too.)
    expect((second as PromiseRejectedResult).reason.stack.split("\n")[0]).toMatch(/: id "2"$/);
  });
});

// Each call that a batch answer left without an entry wrote the whole answer as JSON again for its
// snippet: 90 calls and a 50 MB answer took 24 s, the event loop held. Written once per answer now.
describe("createBatcher: a large batch answer with no entry for many calls", () => {
  it("writes the answer as JSON once for all the calls it has no entry for, each with the answer's start as its snippet", async () => {
    const { createJsonRpcClient } = await import("./json-rpc.js");
    const { rpcHost } = await import("./generated/environments.js");
    const { jsonResponse, stubFetch } = await import("./test-support/testing.js");
    const others = Array.from({ length: 4_000 }, (_, i) => ({
      jsonrpc: "2.0",
      id: `other-${i}`,
      result: { pad: "a".repeat(200) },
    })); // 1 MB
    const answer = JSON.stringify(others);
    const getAsset = { id: "getAsset", idempotent: true };
    const batchOf = async (calls: number) => {
      const { fetch } = stubFetch(() => jsonResponse(others));
      const rpc = createJsonRpcClient(
        { apiKey: "test", fetch, batch: createBatcher(), maxRetries: 0 },
        rpcHost,
        "/",
      );
      const results = await Promise.allSettled(
        Array.from({ length: calls }, (_, n) => rpc.call(getAsset, { n })),
      );
      for (const result of results)
        expect((result as PromiseRejectedResult).reason).toMatchObject({
          reason: "missing-entry",
          snippet: answer.slice(0, 200),
        });
    };
    // (Counted, not timed: 50 calls' CPU time against 2 calls', each side writing and parsing
    // 20 MB, sat about 2 times from its bound on a loaded machine.)
    const { two, written, redacted } = await perCallWork(batchOf);
    // The answer written once for its snippets (the seam counts: were it written elsewhere, this
    // would say so), and each further call writing no more than its own id and request (about 65
    // characters).
    expect(two.written).toBeGreaterThanOrEqual(answer.length);
    expect(written).toBeLessThan(2_000);
    // Each call's snippet: the first 65 KiB of that text redacted, not the whole 1 MB.
    expect(redacted).toBeLessThan(70_000);
  });
});

// An error the server could not tie to a request (`id: null`) is every entry-less call's error,
// and an answer that is no list is every call's entry: each call redacted the same text again (20
// calls and a 20 MB message took 7.1 s, the event loop held). Once per answer now.
describe("createBatcher: one error shared by many calls of a batch", () => {
  const setup = async () => {
    const { createJsonRpcClient } = await import("./json-rpc.js");
    const { rpcHost } = await import("./generated/environments.js");
    const { jsonResponse, stubFetch } = await import("./test-support/testing.js");
    const getAsset = { id: "getAsset", idempotent: true };
    /** The reasons of `calls` batched calls answered with `answer`. */
    const batchOf = async (answer: unknown, calls: number) => {
      const { fetch } = stubFetch(() => jsonResponse(answer));
      const rpc = createJsonRpcClient(
        { apiKey: "test-key-0123456789", fetch, batch: createBatcher(), maxRetries: 0 },
        rpcHost,
        "/",
      );
      const results = await Promise.allSettled(
        Array.from({ length: calls }, (_, n) => rpc.call(getAsset, { n })),
      );
      return results.map((result) => (result as PromiseRejectedResult).reason);
    };
    return { batchOf };
  };
  // 1 MB of text, the key in it at its start, in its middle and at its end. (Counted, not timed:
  // the work per call is a count, the text's size only has to dwarf a call's own.)
  const key = "test-key-0123456789";
  const long = `${key} ${"a".repeat(500_000)} ${key} ${"b".repeat(500_000)} ${key}`;

  it("redacts an untied error once for all the calls that take it, each its own copy", async () => {
    const { batchOf } = await setup();
    const untied = [
      { jsonrpc: "2.0", id: null, error: { code: -32600, message: long, data: { detail: long } } },
    ];
    const [first, second] = await batchOf(untied, 2);
    for (const error of [first, second]) {
      expect(error).toMatchObject({ name: "JsonRpcError", code: -32600, id: null });
      expect(error.rpcMessage).toBe(long.replaceAll(key, "***"));
      expect(error.data).toEqual({ detail: long.replaceAll(key, "***") });
    }
    // Each caller's own copy: what one changes, the other does not see.
    expect(first.data).not.toBe(second.data);
    expect(first.rpcError).not.toBe(second.rpcError);
    const { two, written, redacted } = await perCallWork((calls) => batchOf(untied, calls));
    // Both texts redacted once (the seam counts), and each further call redacting no more than
    // its own message.
    expect(two.redacted).toBeGreaterThanOrEqual(2 * long.length);
    expect(redacted).toBeLessThan(1_000);
    expect(written).toBeLessThan(2_000);
  });

  it.each([
    ["a string", long, `: id "***`],
    // (An object is written as JSON once per answer too: writing 20 MB again took 0.7 s a call.)
    [
      "an object",
      { key, pad: Array.from({ length: 5_000 }, () => ({ k: "a".repeat(200) })) },
      `: id {"key":"***`,
    ],
  ])(
    "quotes an answer's huge id (%s) once per answer, redacted (an answer that is no list: every call's id-mismatch)",
    async (_, id, quoted) => {
      const { batchOf } = await setup();
      const noList = { jsonrpc: "2.0", id, result: 1 };
      const [first] = await batchOf(noList, 2);
      expect(first).toMatchObject({ name: "InvalidResponseError", reason: "id-mismatch" });
      expect(first.message).toContain(quoted);
      expect(first.message).not.toContain(key);
      const { two, written, redacted } = await perCallWork((calls) => batchOf(noList, calls));
      // The entry written once, for the snippet (the seam counts); an object id once per answer,
      // a string one cut to 1064 characters first (about 1130 a call); the id and the snippet
      // cut before they are redacted (65 KiB a call), not the whole 1 MB.
      expect(two.written).toBeGreaterThanOrEqual(JSON.stringify(noList).length);
      expect(written).toBeLessThan(2_000);
      expect(redacted).toBeLessThan(70_000);
    },
  );
});

describe("batcher rules that no other test pinned (found by mutation testing)", () => {
  it("refuses a wait that is not a number, and takes the longest a timer waits (2^31 - 1 ms)", () => {
    expect(() => createBatcher({ wait: "5" as never })).toThrow(
      new ConfigurationError('batch.wait: must be >= 0 and <= 2147483647 ms (got "5")'),
    );
    expect(() => createBatcher({ wait: 2 ** 31 - 1 })).not.toThrow();
  });

  it("clients bound without an endpoint, or with endpoints of another length, never share a batch", async () => {
    const batcher = createBatcher();
    const bodies = (name: string, seen: string[]) => async (body: string) => {
      seen.push(`${name} ${body}`);
      return [[], new Response()] as [unknown, Response];
    };
    const seen: string[] = [];
    batcher.bind(bodies("a", seen), () => {})(call("1"), {});
    batcher.bind(bodies("b", seen), () => {})(call("2"), {});
    batcher.bind(bodies("c", seen), () => {}, ["url"])(call("3"), {});
    batcher.bind(bodies("d", seen), () => {}, ["url", "key"])(call("4"), {});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([
      `a ${call("1").text}`,
      `b ${call("2").text}`,
      `c ${call("3").text}`,
      `d ${call("4").text}`,
    ]);
  });

  it("each call's onAttempt hears the batch's attempts, whatever the calls before it in the batch gave", async () => {
    const heard: unknown[] = [];
    const enqueue = createBatcher().bind(
      async (_body, _operation, options) => {
        options.onAttempt?.({ attempt: 1 } as never);
        return [[], new Response()];
      },
      () => {},
    );
    enqueue(call("1"), {});
    enqueue(call("2"), { onAttempt: (record: unknown) => heard.push(record) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard).toEqual([{ attempt: 1 }]);
  });

  it("asks the batch request for no attempt records when no call has an onAttempt", async () => {
    // (A record costs the engine a redaction of the answer's headers with the client's key
    // pattern, whose first use compiles it: per call, for clients made per request.)
    const asked: unknown[] = [];
    const enqueue = createBatcher().bind(
      async (_body, _operation, options) => {
        asked.push(options.onAttempt);
        return [[], new Response()];
      },
      () => {},
    );
    enqueue(call("1"), {});
    enqueue(call("2"), { onResponse: () => {} });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual([undefined]);
  });

  it("rejects every call of a batch whose request fails with no error object (undefined), with that value", async () => {
    // (The batch's failure path reads the 413 status of what it got: a value that has none must
    // still reach every caller, not throw in the batcher and leave them all pending.)
    const calls = [call("1"), call("2"), call("3")];
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the case tested
    const enqueue = createBatcher().bind(() => Promise.reject(undefined as never), vi.fn());
    for (const c of calls) expect(enqueue(c, {})).toBe(true);
    await vi.waitFor(() => {
      for (const c of calls) expect(c.reject).toHaveBeenCalledExactlyOnceWith(undefined);
    });
  });

  it("settles each call with its own entry when the batch answer also holds null entries", async () => {
    // (A broken server's `[null, …]`: reading the id of a null entry must not throw in the batcher
    // and leave every call of the batch pending. Two nulls: the second reads as an id seen twice.)
    const entries = new Map<string, unknown>();
    const enqueue = createBatcher().bind(
      async () => [[null, { id: "2", result: 2 }, null, { id: "1", result: 1 }], new Response()],
      (c, entry) => void entries.set(c.request.id, entry),
    );
    for (const id of ["1", "2"]) enqueue(call(id), {});
    await vi.waitFor(() => expect(entries.size).toBe(2));
    expect(entries.get("1")).toEqual({ id: "1", result: 1 });
    expect(entries.get("2")).toEqual({ id: "2", result: 2 });
  });
});
