import { afterEach, describe, expect, it, vi } from "vitest";
import type { OperationDescriptor } from "./config.js";
import {
  ConnectionError,
  InternalServerError,
  isRetryable,
  RateLimitError,
  TimeoutError,
} from "./errors.js";
import { adminHost, rpcHost, walletHost } from "./generated/environments.js";
import { createJsonRpcClient } from "./json-rpc.js";
import { parseRetryAfter, retryableStatus, retryDelay } from "./retry.js";
import { hang, jsonResponse, sendRequest, stubFetch, type Answer } from "./test-support/testing.js";
import { createRestTransport } from "./rest.js";

describe("retryDelay without a Retry-After (the backoff)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("doubles from 0.5 s to a cap of 8 s, less up to 25 % jitter", () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    expect([1, 2, 3, 4, 5, 6, 10].map((n) => retryDelay(n))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
    vi.spyOn(Math, "random").mockReturnValue(0.999999);
    expect([1, 5].map((n) => retryDelay(n))).toEqual([375, 6000]);
  });
});

describe("retryableStatus", () => {
  it("is true for 408, 429 and 500–599 only (499, a client's own closed request, is not a 5xx)", () => {
    const retried: number[] = [];
    for (let status = 100; status < 600; status++)
      if (retryableStatus(status)) retried.push(status);
    expect(retried).toEqual([408, 429, ...Array.from({ length: 100 }, (_, i) => 500 + i)]);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);
  const h = (headers: Record<string, string>) => parseRetryAfter(new Headers(headers), now);

  it("reads delta-seconds, HTTP-dates and retry-after-ms, in ms", () => {
    expect(h({ "retry-after": "3" })).toBe(3000);
    expect(h({ "retry-after": "1.5" })).toBe(1500);
    expect(h({ "retry-after": "Wed, 01 Jan 2025 12:00:10 GMT" })).toBe(10_000);
    expect(h({ "retry-after": "Wed, 01 Jan 2025 11:00:00 GMT" })).toBe(0); // in the past
    expect(h({ "retry-after-ms": "250", "retry-after": "9" })).toBe(250);
  });

  it("reads the first value of a header sent twice, which fetch joins with a comma", () => {
    const twice = (name: string, ...values: string[]) => {
      const headers = new Headers();
      for (const value of values) headers.append(name, value);
      return parseRetryAfter(headers, now);
    };
    // (A CDN and the origin both set it: "2, 2" was read as no wait, a 429 retried after 0.5 s.)
    expect(twice("retry-after", "2", "2")).toBe(2000);
    expect(twice("retry-after", "1.5", "30")).toBe(1500);
    expect(twice("retry-after-ms", "250", "250")).toBe(250);
    // (An HTTP-date has a comma of its own: two joined, "Wed, 01 … GMT, Wed, 01 … GMT", were read
    // as no wait.) Every form of the date, the first of the two read.
    for (const date of [
      "Wed, 01 Jan 2025 12:00:10 GMT",
      "Wednesday, 01-Jan-25 12:00:10 GMT",
      "Wed Jan  1 12:00:10 2025",
    ])
      expect(twice("retry-after", date, "Wed, 01 Jan 2025 12:00:30 GMT"), date).toBe(10_000);
    // (Garbage first stays garbage.)
    for (const first of ["soon", "-1", "1e3", "0x10", "retry in 10"])
      expect(twice("retry-after", first, "5"), first).toBeUndefined();
  });

  it("is undefined when absent or garbage", () => {
    // "retry in 10" and "now+5" are dates to Date.parse (in 2001); they must not mean "retry now".
    for (const value of ["", "soon", "-1", "12:00", "NaN", "retry in 10", "now+5", "30s"])
      expect(h({ "retry-after": value }), value).toBeUndefined();
    expect(h({})).toBeUndefined();
    expect(h({ "retry-after-ms": "x" })).toBeUndefined();
  });

  // Mutation testing (StrykerJS) found these rules unchecked: each names the mutants it kills.
  it("reads only plain delta-seconds: not an exponent or hex number, however many decimals", () => {
    // (`/^\d+(\.\d+)?$/` without `$` read "1e3" as 1000 s and "0x10" as 16 s.)
    for (const value of ["1e3", "0x10", "2.5e1"])
      expect(h({ "retry-after": value }), value).toBeUndefined();
    // (`(\.\d+)?` made `(\.\d)?` refused two decimals.)
    expect(h({ "retry-after": "1.25" })).toBe(1250);
  });

  it("reads retry-after-ms as plain decimals too: not hex, an exponent or Infinity (review 65 F12)", () => {
    // (`+ms >= 0` read "0x20" as 32 ms, "1e3" as 1000 ms and "Infinity" as a wait forever, which
    // the cap then turned into a RateLimitError at once with `retryAfter: Infinity`.)
    for (const value of ["0x20", "1e3", "Infinity", "-1", "+5", " "])
      expect(h({ "retry-after-ms": value }), value).toBeUndefined();
    expect(h({ "retry-after-ms": "Infinity", "retry-after": "2" })).toBe(2000);
    expect(h({ "retry-after-ms": " 250 " })).toBe(250);
    expect(h({ "retry-after-ms": "0.5" })).toBe(0.5);
  });

  it("reads a value with spaces at either end from Headers that keep them (node-fetch 2's, a custom fetch's), in either header (review 79)", () => {
    // (The platform's Headers strip them before `get`; node-fetch 2's keep " 3 " as it was set.)
    const kept = (values: Record<string, string>) =>
      ({ get: (name: string) => values[name] ?? null }) as unknown as Headers;
    expect(parseRetryAfter(kept({ "retry-after": " 3 " }), now)).toBe(3000);
    expect(parseRetryAfter(kept({ "retry-after-ms": "\t250 ", "retry-after": "9" }), now)).toBe(
      250,
    );
  });

  it("reads a value of more than 300 digits as none, in either header: 400 nines were Infinity (review 70, F6)", () => {
    const nines = "9".repeat(400);
    expect(h({ "retry-after-ms": nines })).toBeUndefined();
    expect(h({ "retry-after-ms": nines, "retry-after": "2" })).toBe(2000);
    expect(h({ "retry-after": nines })).toBeUndefined();
    expect(h({ "retry-after": `${nines}.5` })).toBeUndefined();
    // (300 digits are a wait, finite, over any cap.)
    expect(h({ "retry-after-ms": "9".repeat(300) })).toBe(1e300);
    expect(Number.isFinite(h({ "retry-after": "9".repeat(300) }))).toBe(true);
  });

  it("reads an HTTP-date only when it starts with a day name", () => {
    // Date.parse reads both as dates (it skips a parenthesised comment); without the `^` of
    // /^(mon|…)/ the day name in the comment made them one.
    for (const value of ["in 10 (sun)", "01 Jan 2025 12:00:10 GMT (wed)"])
      expect(h({ "retry-after": value }), value).toBeUndefined();
  });

  it("reads the three HTTP-date forms as GMT in any local time zone: the asctime one names none, and Date.parse read it as local time (review 70 of the runtime, F3)", () => {
    // (RFC 9110 §5.6.7: a recipient reads all three; each is GMT. Read as local time, in New York
    // a wait of 10 s was 5 hours, over the cap: an error, not retried; in Tokyo a past date, a
    // retry at once.)
    const zone = process.env.TZ;
    try {
      for (const tz of ["America/New_York", "Asia/Tokyo", "UTC"]) {
        process.env.TZ = tz;
        for (const value of [
          "Wed, 01 Jan 2025 12:00:10 GMT",
          "Wednesday, 01-Jan-25 12:00:10 GMT",
          "Wed Jan  1 12:00:10 2025",
        ])
          expect(h({ "retry-after": value }), `${tz}: ${value}`).toBe(10_000);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("reads the HTTP-date of time zero as a past date: retry at once", () => {
    // (`until >= 0` made `until > 0` read the epoch itself as no Retry-After.)
    expect(h({ "retry-after": "Thu, 01 Jan 1970 00:00:00 GMT" })).toBe(0);
  });
});

describe("a write (not idempotent)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const createWebhook: OperationDescriptor = { id: "createWebhook", idempotent: false };
  const tooMany = (retryAfter?: string) =>
    new Response('{"error":"Too many requests"}', {
      status: 429,
      headers: retryAfter ? { "retry-after": retryAfter } : {},
    });

  /** createWebhook sent over `answers`, its outcome once every timer has run, and the requests sent. */
  async function write(answers: Answer[], options: object = {}, client: object = {}) {
    vi.useFakeTimers();
    const { fetch, calls } = stubFetch(...answers);
    const started = Date.now();
    // (When each request was sent, since the call.)
    const sent: number[] = [];
    const timed: typeof fetch = (...args) => (sent.push(Date.now() - started), fetch(...args));
    const transport = createRestTransport({ apiKey: "k", fetch: timed, ...client }, walletHost);
    const outcome = sendRequest(
      transport,
      new Request(`${transport.baseUrl}/v0/webhooks`, { method: "POST", body: "{}" }),
      {
        operation: createWebhook,
        options,
      },
    ).then(
      (response) => ({ status: response.status, error: undefined as any }),
      (error: unknown) => ({ status: undefined, error: error as any }),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    return { ...(await outcome), calls, sent };
  }

  it("is retried after a 429, which the server refused before processing it, waiting as Retry-After says", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const { status, calls, sent } = await write([tooMany("2"), jsonResponse({})]);
    vi.restoreAllMocks();
    expect(status).toBe(200);
    expect(calls).toHaveLength(2);
    expect(sent).toEqual([0, 2250]); // (2 s and its jitter)
    expect(calls[1]!.body).toBe(calls[0]!.body);
  });

  it("is retried after a 429 while maxRetries lasts (backoff without Retry-After), then throws RateLimitError", async () => {
    const { error, calls } = await write([tooMany()]);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.message).toContain("(3 attempts)");
    expect(calls).toHaveLength(3);
    expect((await write([tooMany()], { maxRetries: 0 })).calls).toHaveLength(1);
    expect((await write([tooMany()], {}, { maxRetries: 1 })).calls).toHaveLength(2);
  });

  it("is not held for a Retry-After over the cap: RateLimitError at once, as for a read", async () => {
    const { error, calls } = await write([tooMany("120"), jsonResponse({})]);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(120);
    expect(calls).toHaveLength(1);
  });

  it("is not retried after a 5xx, a 408, a lost connection or a timeout (the write may have happened), even after a 429", async () => {
    const cases: [Answer[], object, new (...args: never[]) => Error][] = [
      [[new Response("", { status: 503 }), jsonResponse({})], {}, InternalServerError],
      [[new Response("", { status: 408 }), jsonResponse({})], {}, Error],
      [[new TypeError("fetch failed"), jsonResponse({})], {}, ConnectionError],
      [[hang, jsonResponse({})], { timeout: 100 }, TimeoutError],
    ];
    for (const [answers, options, type] of cases) {
      const { error, calls } = await write(answers, options);
      expect(error, String(answers[0])).toBeInstanceOf(type);
      expect(calls, String(answers[0])).toHaveLength(1);
      // The message says so, and that the write may have been made (user trial 60, F7).
      expect(error.message, String(answers[0])).toMatch(
        /\S \(not retried: the write may have been made\)$/,
      );
      // After a 429 that was retried: the second answer ends the call.
      const after429 = await write([tooMany("1"), ...answers], options);
      expect(after429.error).toBeInstanceOf(type);
      expect(after429.error.message).toMatch(
        /\S \(not retried: the write may have been made\) \(2 attempts\)$/,
      );
      // (The wait said is the last answer's: the 429's is not.)
      expect(after429.error.message).not.toContain("Retry-After");
      expect(after429.calls).toHaveLength(2);
    }
  });

  it("is retried after a 5xx too with retryNonIdempotent", async () => {
    const { status, calls } = await write([new Response("", { status: 503 }), jsonResponse({})], {
      retryNonIdempotent: true,
    });
    expect([status, calls.length]).toEqual([200, 2]);
    // Its retries run out, or none are allowed: the write was retried as a read is, and its
    // message does not say otherwise; nor a 429's, which is retried.
    for (const maxRetries of [1, 0]) {
      const { error } = await write(
        [new Response("", { status: 503 }), new Response("", { status: 503 })],
        { retryNonIdempotent: true, maxRetries },
      );
      expect(error.message).not.toContain("not retried");
    }
    expect((await write([tooMany(), tooMany()], { maxRetries: 1 })).error.message).not.toContain(
      "not retried",
    );
  });

  it("over JSON-RPC (mintCompressedNft): retried after a 429, not after a 5xx", async () => {
    const mint = { id: "mintCompressedNft", idempotent: false };
    const result = jsonResponse({ jsonrpc: "2.0", id: "1", result: { minted: true } });
    for (const [first, requests] of [
      [tooMany("1"), 2],
      [new Response("", { status: 502 }), 1],
    ] as const) {
      vi.useFakeTimers();
      const { fetch, calls } = stubFetch(first, result);
      const rpc = createJsonRpcClient({ apiKey: "k", fetch }, rpcHost, "/");
      const outcome = rpc.call(mint, { name: "n" }).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(5000);
      expect(calls, String(first.status)).toHaveLength(requests);
      if (requests === 2) expect(await outcome).toEqual({ minted: true });
      else expect(await outcome).toBeInstanceOf(InternalServerError);
    }
  });
});

// User trial 74: Deno's fetch throws `NotCapable` for a host its --allow-net leaves out (an
// allow-list naming the RPC host but not the wallet's): before any connection, so a retry fails
// the same way, 1.7 s later for a read, and a write's "may have been made" was untrue.
describe("Deno's refusal of a host (no --allow-net for it)", () => {
  const refusal = () =>
    Object.assign(
      new Error('Requires net access to "api.helius.xyz:443", run again with the --allow-net flag'),
      { name: "NotCapable" },
    );
  const call = async (operation: OperationDescriptor, answers: Answer[]) => {
    const { fetch, calls } = stubFetch(...answers);
    const transport = createRestTransport({ apiKey: "k", fetch }, walletHost);
    const error: any = await sendRequest(
      transport,
      new Request(`${transport.baseUrl}/v0/webhooks`, { method: "POST", body: "{}" }),
      { operation },
    ).catch((e: unknown) => e);
    return { error, calls };
  };

  it("is a ConnectionError quoting Deno, made once: not retried, and not said to be a write that may have been made", async () => {
    for (const idempotent of [true, false]) {
      const { error, calls } = await call({ id: "createWebhook", idempotent }, [
        refusal(),
        jsonResponse({}),
      ]);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error.message).toBe(
        'Connection error from createWebhook: Requires net access to "api.helius.xyz:443", run again with the --allow-net flag',
      );
      expect(error.cause.name).toBe("NotCapable");
      expect(calls).toHaveLength(1);
      // (What the client did not retry, isRetryable does not call retryable either.)
      expect(isRetryable(error)).toBe(false);
    }
  });

  it("leaves other failed fetches retried as before (a read's lost connection)", async () => {
    vi.useFakeTimers();
    try {
      const outcome = call({ id: "getBalances", idempotent: true }, [
        new TypeError("fetch failed"),
        jsonResponse({}),
      ]);
      await vi.advanceTimersByTimeAsync(5000);
      const { error: answered, calls } = await outcome; // (the second request's answer)
      expect(answered).toMatchObject({ status: 200 });
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

// A port on the Fetch standard's list of bad ports (9, 6000, 6667…: `http://127.0.0.1:9`, a port
// picked for a mock): Node's fetch refuses it before connecting, `fetch failed` caused by `bad
// port`, and refuses it again on every retry. Retried, it cost two waits (about 1.5 s) and a
// write's `(not retried: the write may have been made)`, though nothing was sent.
describe("a port fetch refuses to connect to (Node's `bad port`)", () => {
  const KEY = "sk-bad-port-0f1e2d3c4b5a69788796";
  const badPort = () =>
    Object.assign(new TypeError("fetch failed"), { cause: new Error("bad port") });

  it("is a ConnectionError saying so, made once, with no key in it: a read, a write, the key in the URL or a header", async () => {
    for (const [host, path] of [
      [walletHost, "/v1/wallet/x/balances"],
      [adminHost, "/v0/projects/x/usage"],
    ] as const)
      for (const idempotent of [true, false]) {
        // (Node's own fetch, through a wrapper that keeps what it was given: loopback, never
        // connected.)
        const sent: Request[] = [];
        const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
          const request = new Request(input, init);
          sent.push(request.clone());
          return globalThis.fetch(request);
        };
        const transport = createRestTransport(
          { apiKey: KEY, fetch, baseUrls: { [host.name]: "http://127.0.0.1:9" } },
          host,
        );
        const error: any = await sendRequest(
          transport,
          new Request(`${transport.baseUrl}${path}`, { method: idempotent ? "GET" : "POST" }),
          { operation: { id: "getBalances", idempotent } },
        ).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConnectionError);
        expect(error.message).toBe("Connection error from getBalances: fetch failed: bad port");
        expect(error.attempts).toBe(1);
        expect(isRetryable(error)).toBe(false);
        expect(`${error.stack}${JSON.stringify(error)}`).not.toContain(KEY);
        // (The key was there to leak: in the URL for the wallet host, a header for the admin's.)
        expect(sent).toHaveLength(1);
        expect(`${sent[0]!.url} ${sent[0]!.headers.get("x-api-key")}`).toContain(KEY);
      }
  });

  it("is told by fetch's cause, not by its own message alone: a lost connection is still retried", async () => {
    vi.useFakeTimers();
    try {
      for (const [thrown, requests] of [
        [badPort(), 1],
        [new TypeError("fetch failed", { cause: new Error("other side closed") }), 2],
        [new TypeError("bad port"), 2],
      ] as const) {
        const { fetch, calls } = stubFetch(thrown, thrown);
        const transport = createRestTransport({ apiKey: "k", fetch, maxRetries: 1 }, walletHost);
        const outcome = sendRequest(transport, new Request(`${transport.baseUrl}/v1/x`), {
          operation: { id: "getBalances", idempotent: true },
        }).catch((e: unknown) => e);
        await vi.advanceTimersByTimeAsync(5000);
        const error = await outcome;
        expect(calls, thrown.message).toHaveLength(requests);
        // (isRetryable says of the error what the client did with it.)
        expect(error, thrown.message).toBeInstanceOf(ConnectionError);
        expect(isRetryable(error), thrown.message).toBe(requests > 1);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
