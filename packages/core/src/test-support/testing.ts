/**
 * Test helpers (not exported from the package): a scripted `fetch` stub that records what the
 * SDK sent.
 */
import { afterEach, beforeEach, vi } from "vitest";
import type { OperationDescriptor, RequestOptions } from "../config.js";
import type { ResponseFields } from "../options.js";
import type { RestTransport } from "../rest.js";

/** One request as the stub received it. */
export interface RecordedCall {
  url: URL;
  method: string;
  headers: Headers;
  body: string | undefined;
  signal: AbortSignal;
  redirect: RequestRedirect | undefined;
}

/** A scripted answer: a Response (cloned per use), a thrown error, or a function of the call. */
export type Answer = Response | Error | ((call: RecordedCall) => Response | Promise<Response>);

/**
 * A `fetch` stub answering with `answers` in turn; the last answer repeats.
 */
export function stubFetch(...answers: Answer[]) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const body = init.body;
    const call: RecordedCall = {
      url: new URL(String(input)),
      method: init.method ?? "GET",
      headers: new Headers(init.headers),
      body:
        body == null
          ? undefined
          : typeof body === "string"
            ? body
            : new TextDecoder().decode(body as ArrayBuffer),
      signal: init.signal!,
      redirect: init.redirect,
    };
    calls.push(call);
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer instanceof Error) throw answer;
    return typeof answer === "function" ? answer(call) : answer.clone();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, mock: fetch };
}

/** A JSON response. */
export const jsonResponse = (body: unknown, init: ResponseInit = {}) =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { "content-type": "application/json", ...(init.headers as Record<string, string>) },
  });

/** An answer that never resolves unless the request's signal aborts (as real fetch does). */
export const hang = (call: RecordedCall) =>
  new Promise<Response>((_, reject) => {
    call.signal.addEventListener("abort", () =>
      reject(new DOMException("This operation was aborted", "AbortError")),
    );
  });

/** An answer that ignores the signal and never settles (a broken fetch). */
export const never = () => new Promise<Response>(() => {});

/**
 * A `fetch` that answers every request with `answer(request)` as JSON, and the requests it got
 * (copies, each readable once): for comparing what two ways of making a call send.
 */
export function recordingFetch(answer: (request: Request) => unknown) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    return Response.json(answer(request));
  };
  return { fetch, requests };
}

/** What goes on the wire: method, URL, headers and body. */
export const wire = async (request: Request) => ({
  method: request.method,
  url: request.url,
  headers: [...request.headers],
  body: await request.text(),
});

/**
 * What a REST call shows its caller: `onResponse`'s fields (status, headers, request id) and the
 * result.
 */
export interface Answered extends ResponseFields {
  /** The call's result: the body parsed losslessly (`undefined` for an empty one). */
  body: unknown;
}

/**
 * One REST request through `transport.restCall`, as the generated clients make one: `request`
 * handed to the call's `fetch` as `operation` with `options`; resolves with what the caller sees
 * of the answer (a 2xx): the fields `onResponse` gets and the parsed body, the call's result. (An
 * empty body is no error here: `optionalBody`.) Options that are no object are passed as given, to
 * be refused.
 */
export async function sendRequest(
  transport: RestTransport,
  request: Request,
  { operation, options }: { operation: OperationDescriptor; options?: RequestOptions | undefined },
): Promise<Answered> {
  let fields!: ResponseFields;
  const seen =
    options === undefined || (typeof options === "object" && options !== null)
      ? {
          ...options,
          onResponse: (answered: ResponseFields) => {
            fields = answered;
            options?.onResponse?.(answered);
          },
        }
      : options;
  const body = await transport.restCall(
    { ...operation, optionalBody: true },
    undefined,
    seen,
    (fetch) => fetch(request),
  );
  return { ...fields, body };
}

/** Settles a promise into a value or an error, so fake-timer tests never leave it unhandled. */
export const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error: error as any }),
  );

/**
 * The REST engine tests' shared setup (http.test.ts, rest.test.ts): their key, a read and a write
 * of the wallet and webhooks hosts, a wallet-host request, and, registered where this is called,
 * hooks that keep `CHAINDATA_API_KEY` out of every test and real timers after each.
 */
export const REST_TEST_KEY = "sk-test-123";
export const getBalancesOp: OperationDescriptor = { id: "getBalances", idempotent: true };
export const createWebhookOp: OperationDescriptor = { id: "createWebhook", idempotent: false };
export const walletRequest = (path = "/v1/x") => new Request(`https://api.helius.xyz${path}`);
export function isolateKeyEnv() {
  beforeEach(() => {
    vi.stubEnv("CHAINDATA_API_KEY", "");
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });
}

/** This process's CPU time so far, in milliseconds: user and system, every thread. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * What `run()` gave and the CPU time this process spent until it settled, in milliseconds: a bound
 * on work done in this process that a loaded machine does not decide. The wall clock counts the
 * time other processes (a second vitest worker on 2 cores, another build) take of the cores; the
 * CPU time does not, while slow work (quadratic, a BigInt of millions of digits) still costs its
 * seconds.
 */
export async function cpuTimeOf<T>(run: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const started = cpuMs();
  const value = await run();
  return { value, ms: cpuMs() - started };
}

/**
 * The CPU time of `large()` over that of `small()`, run back to back in this process, `rounds`
 * times: the median of the rounds' ratios, a check of how work grows that a loaded machine does
 * not decide (CPU time of this process, where the wall clock counts what other processes take of
 * the cores). Milliseconds of each side too (the least of its runs), for the log line.
 *
 * A ratio per round, not the least of one side over the least of the other: the CPU time of the
 * same work still varies with the load, up to 4 times in a test worker beside other processes on
 * 2 cores (7 to 33 ms to parse 2 MB), mostly alike on both sides of a round, while the rounds
 * differ. The least of each side could pair a quiet round's `small` with a busy one's `large`
 * (json.test: 10.9 ms against 27.3, a ratio of 2.5, where the rounds' median was 1.6).
 */
export async function cpuTimeRatio(
  small: () => Promise<unknown>,
  large: () => Promise<unknown>,
  rounds = 3,
): Promise<{ ratio: number; smallMs: number; largeMs: number }> {
  let smallMs = Infinity;
  let largeMs = Infinity;
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const smallRun = (await cpuTimeOf(small)).ms;
    const largeRun = (await cpuTimeOf(large)).ms;
    smallMs = Math.min(smallMs, smallRun);
    largeMs = Math.min(largeMs, largeRun);
    ratios.push(largeRun / smallRun);
  }
  ratios.sort((a, b) => a - b);
  // (The middle one; of an even number, the upper of the two in the middle.)
  return { ratio: ratios[rounds >> 1]!, smallMs, largeMs };
}

/**
 * redact.ts's exports, for `vi.mock("./redact.js")`, with a `createRedactor` whose redactors tell
 * `count` the length of each text they are given. Every redactor the engine makes comes from it,
 * so the count says how much of an answer was redacted: a measure of work no load on the machine
 * moves, where a time would. (Its module loads nothing of the package at run time, so the mock's
 * factory can load it.)
 */
export const countingRedactors = (
  actual: typeof import("../redact.js"),
  count: (characters: number) => void,
): typeof import("../redact.js") => ({
  ...actual,
  createRedactor: (...args) => {
    const redactor = actual.createRedactor(...args);
    return (text) => {
      if (typeof text == "string") count(text.length);
      return redactor(text);
    };
  },
});
