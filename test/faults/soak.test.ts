/**
 * Soak: many calls at once, with faults interleaved. The suites beside this one prove each fault
 * on its own, deterministically; this one proves that they do not disturb one another when
 * batched and lone calls, per-call timeouts, retries, rate-limiter waits and aborts all run at
 * the same time.
 *
 * How: 20 rounds of 40–60 calls through the real @chaindata/das client (`getAsset`,
 * `getAssetBatch`) against a loopback JSON-RPC server, in real time (about 25 s on 2 cores: a truncated answer is retried after a backoff).
 * Each round draws, from a seeded PRNG, a population of clients (with or without a batcher of
 * small `maxSize` and `wait` 0 or a few ms, sometimes shared by two clients; `maxRetries` 0–2; a
 * `timeout`; in some rounds a slow rate limiter; some with a logger that throws) and of calls
 * (some with their own `timeout`, `maxRetries`, an `onResponse` that may throw, params the schema
 * refuses, or an AbortSignal that fires before the call, when a request arrives, between
 * attempts, at a random moment or never; some share one signal, more than 10 calls on it). Each
 * call carries a script of what the server does at each attempt of the request it rides in:
 * answer correctly (batch entries in shuffled order), a JSON-RPC error for its entry, its entry
 * missing, duplicated or under another id, HTTP 429 or 5xx (JSON or HTML; Retry-After absent,
 * small, a past date, or over the 60 s cap), the connection dropped before the headers or
 * mid-body, an answer (headers, or body) that comes only after the timeout, an HTML page, a
 * truncated body, or one error object with `id: null` for the whole request. Results echo the
 * call's params (the asset id, and a u64 supply above 2^53 computed from it), so a result routed
 * to the wrong call is seen. Error bodies, abort reasons and error messages quote the API key.
 * Each request carries a tag its client's wrapped `fetch` adds (FETCH_TAG), so the server ties it
 * to its attempt, whatever the order requests arrive in; the first request of about one call in
 * ten is read only after its next attempt's, as on a loaded machine.
 *
 * The oracle is the documented rules (packages/core/README.md "Errors" and "Retries",
 * docs/decisions/0006-retries.md) applied to what the server logged it sent to each call, never
 * the runtime's code: 429/5xx/connection errors/timeouts and a 2xx body cut short (every call
 * here is a read) are retried up to `maxRetries` (a Retry-After over 60 s is thrown at once; one
 * within it is waited at least as asked), JSON-RPC errors and other invalid answers are not; an
 * error thrown when the retries ran out says its attempts; an abort rejects at once with
 * AbortError; a call with its own `maxRetries`, or a `timeout` other than its client's, is sent
 * alone, and a batched call's signal settles that call alone (README "Options"). Real time
 * is tolerated where it must be, and only there: an answer the client read after its timeout
 * could have fired (measured, per attempt, from a wrapped `fetch`) may end as a timeout instead.
 *
 * Per call: it settles within a bound (its attempts' timeouts, the backoff caps, slack for load;
 * counted on a clock that leaves out the time the process waited for a CPU: `stallClock`),
 * with exactly its own result or the error class (and status, code, method, id, reason,
 * operation, retryAfter, rpcError) its last attempt calls for; it was sent as often as the rules
 * allow, alone when it has options that send it alone, with identical bytes each time; an aborted
 * call rejected in the same turn of the event loop and sent nothing new after the abort (a batch
 * already sent may be retried for its other calls); backoff waits
 * were waited; `onResponse` ran once on an answer and never on a failure; each call has its own
 * error object; the API key (random, 32 characters) is nowhere in an error (message, String(),
 * JSON, inspect, stack, cause chain) or a log line. Per round: no timer set by the runtime is
 * pending, no abort listener is left on any signal, no socket that carried a request is open, no
 * unhandled rejection, no process warning (e.g. MaxListenersExceededWarning). At the end: every
 * fault, outcome and abort moment was exercised at least once (up to MAX_EXTRA_ROUNDS more
 * rounds run while one was not: on a loaded machine most answers come too late to be used).
 *
 * Reproduce a failure (the message names seed and round):
 *   SOAK_SEED=<seed> SOAK_ROUND=<round> npx vitest run test/faults/soak.test.ts
 * `SOAK_ROUNDS=<n>` changes the number of rounds (before the extra ones). The seed fixes the
 * scenario (clients, calls, options, fault scripts, abort moments); which calls share a batch can
 * still vary with timing, and so can how many extra rounds run.
 */
import { getEventListeners } from "node:events";
import { isDeepStrictEqual } from "node:util";
import {
  AbortError,
  ChainDataError,
  ConnectionError,
  createBatcher,
  createDasClient,
  createRateLimiter,
  InternalServerError,
  InvalidResponseError,
  JsonRpcError,
  RateLimitError,
  TimeoutError,
  ValidationError,
  type Batcher,
  type RequestOptions,
} from "@chaindata/das";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  errorTexts,
  expectNoLeaks,
  keyForms,
  realSetTimeout,
  realClearTimeout,
  realSleep,
  recordingLogger,
  useFaultServer,
  type FaultContext,
  type FaultServer,
} from "./harness.js";

// ---------------------------------------------------------------------------------------------
// Parameters

/** The fixed seed, or SOAK_SEED (decimal or 0x hex, a 32-bit unsigned integer). */
const SEED = ((text = process.env.SOAK_SEED) => {
  if (!text) return 20_261_121;
  const seed = Number(text);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32)
    throw new Error(`SOAK_SEED: a 32-bit unsigned integer, not ${JSON.stringify(text)}`);
  return seed;
})();
const ROUNDS = Number(process.env.SOAK_ROUNDS ?? 20);
/**
 * Rounds run after ROUNDS, each with the next index, while something the run must exercise has
 * not been (see the coverage check at the end): on a loaded machine most answers are read after
 * the client's timeout, and a rare outcome may not come up in ROUNDS rounds.
 */
const MAX_EXTRA_ROUNDS = 20;
/**
 * No extra round starts this long (real time) after the run began: a round takes up to ~10 s at a
 * load of 30, so 40 of them could pass the test's 600 s timeout, which would say nothing of what
 * was never exercised; the coverage check's message does.
 */
const EXTRA_ROUNDS_UNTIL_MS = 400_000;
/** Only this round (to replay a failure); the coverage check then does not apply. */
const ONLY_ROUND =
  process.env.SOAK_ROUND === undefined ? undefined : Number(process.env.SOAK_ROUND);
const CALLS_PER_ROUND = [40, 60] as const;
/** The server answers a "slow" attempt this long after the client's timeout would have fired. */
const SLOW_MARGIN_MS = 40;
/**
 * The first request of about one call in LATE_READ_ONE_IN is read by the server this long after
 * the client's timeout would have fired, so after the next attempt's request (the backoff is at
 * most 0.5 s): what a loaded machine does to a request now and then, made to happen at any load.
 */
const LATE_READ_MS = 900;
const LATE_READ_ONE_IN = 10;
/**
 * Added to every call's settle bound: loopback, the process's own work, and short waits for a CPU
 * (a wait's part over STALL_ALLOWANCE_MS is not counted at all: see `stallClock`).
 */
const SETTLE_SLACK_MS = 3_000;
/** The round's polling loop sleeps this long between looks at its calls (and ticks the clock). */
const POLL_MS = 5;
/**
 * Of each wait of the process for a CPU, this much counts as time it could run (see `stallClock`):
 * the wake-up latency of a loaded machine (tens of ms at a load of 30), which every tick of the
 * polling loop pays but the runtime's one timer of a wait pays once.
 */
const STALL_ALLOWANCE_MS = 200;
/**
 * Timers may fire earlier than asked, measured with `performance.now()`: Node starts a timer
 * from the event loop's cached time, which lags the real time by however long the current loop
 * turn has run (tens of ms in a busy turn). Each round measures how early the runtime's own
 * timers fired, and the timing checks allow that much, plus this.
 */
const TIMER_EARLY_MS = 5;
/** The first retry's backoff (README "Retries": 0.5 s doubling, minus up to 25 % jitter). */
const BACKOFF_MS = 500;
const JITTER = 0.25;
/** A Retry-After over this is thrown at once (README "Retries"). */
const RETRY_AFTER_CAP_MS = 60_000;

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** mulberry32: a small seeded PRNG, so that a seed replays the same scenario. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!,
    /** One of `table`'s values, each as likely as its weight. */
    weighted<T>(table: readonly (readonly [weight: number, value: T])[]): T {
      let roll = next() * table.reduce((sum, [weight]) => sum + weight, 0);
      for (const [weight, value] of table) if ((roll -= weight) < 0) return value;
      return table[table.length - 1]![1];
    },
    shuffle<T>(items: T[]): T[] {
      for (let i = items.length - 1; i > 0; i--) {
        const j = int(0, i);
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      return items;
    },
  };
}
type Prng = ReturnType<typeof prng>;

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const randomText = (rng: Prng, alphabet: string, length: number) =>
  Array.from({ length }, () => rng.pick([...alphabet])).join("");
const base58 = (n: number, width: number) => {
  let text = "";
  for (let i = 0; i < width; i++, n = Math.floor(n / 58)) text = BASE58[n % 58] + text;
  return text;
};

/** FNV-1a, to derive a result's numbers from the params that asked for it. */
const fnv1a = (text: string) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
};

// ---------------------------------------------------------------------------------------------
// The results: each a function of the asset id asked for, with a u64 above 2^53

/** Above 2^53 (and below 2^64): must arrive as this exact bigint. */
const supplyOf = (id: string) => 2n ** 63n + BigInt(fnv1a(id)) * 1_000_003n;
/** Small, but a u64 field of the method's result shape: must arrive as a bigint too. */
const balanceOf = (id: string) => BigInt(fnv1a(id + "balance") % 1000);
const assetJson = (id: string) =>
  `{"interface":"V1_NFT","id":${JSON.stringify(id)},"token_info":{"supply":${supplyOf(id)},"balance":${balanceOf(id)}}}`;
const expectedAsset = (id: string) => ({
  interface: "V1_NFT",
  id,
  token_info: { supply: supplyOf(id), balance: balanceOf(id) },
});

// ---------------------------------------------------------------------------------------------
// Faults

/** What the server does with a whole request at one attempt. */
type RequestFault =
  | { kind: "answer"; shuffle: boolean }
  | {
      kind: "status";
      status: number;
      /** [header, value, the wait it asks for in ms]; none: the client's backoff applies. */
      retryAfter?: [string, string, number];
      html: boolean;
    }
  | { kind: "drop"; midBody: boolean }
  | { kind: "slow"; bodyLate: boolean }
  | { kind: "html" }
  | { kind: "truncated" }
  /** One JSON-RPC error object with `id: null` for the whole request (a server refusing batches). */
  | { kind: "refused" };
/** What the server does with one call's entry when it answers the request. */
type EntryFault = "result" | "rpc-error" | "missing" | "duplicate" | "wrong-id";
interface AttemptPlan {
  request: RequestFault;
  entry: EntryFault;
}
/** What the server sent a call at one attempt: the oracle's input. */
type Sent =
  | { kind: "result" }
  | { kind: "rpc-error"; code: number; id: string | null }
  | { kind: "invalid"; reason: string; wholeRequest: boolean }
  | {
      kind: "status";
      status: number;
      retryAfterMs: number | undefined;
      /** The JSON-RPC error object of a JSON body (none for an HTML page), as the error must carry it. */
      rpcError?: { code: number; message: string };
    }
  | { kind: "connection" }
  | { kind: "timeout" };

/** A label for coverage counts. */
const faultLabel = (fault: RequestFault): string => {
  switch (fault.kind) {
    case "answer":
      return fault.shuffle ? "answer (shuffled)" : "answer";
    case "status": {
      const after = fault.retryAfter
        ? fault.retryAfter[2] > RETRY_AFTER_CAP_MS
          ? "over the cap"
          : `${fault.retryAfter[0]} ${/^\d/.test(fault.retryAfter[1]) ? "small" : "date"}`
        : "backoff";
      return `${fault.status === 429 ? "429" : "5xx"}${fault.html ? " html" : ""} (${after})`;
    }
    case "drop":
      return fault.midBody ? "dropped mid-body" : "dropped before headers";
    case "slow":
      return fault.bodyLate ? "body after the timeout" : "headers after the timeout";
    default:
      return fault.kind;
  }
};

/** Faults that make the client wait a backoff (0.5 s, then 1 s) before retrying. */
const usesBackoff = (fault: RequestFault) =>
  fault.kind === "drop" ||
  fault.kind === "slow" ||
  fault.kind === "truncated" ||
  (fault.kind === "status" && !fault.retryAfter);

function drawRequestFault(rng: Prng): RequestFault {
  const retryAfter = (): [string, string, number] =>
    rng.weighted<[string, string, number]>([
      [3, ["retry-after", "0", 0]],
      [2, ["retry-after", "0.01", 10]],
      [2, ["retry-after-ms", String(rng.int(1, 20)), -1]],
      [1, ["retry-after", new Date(Date.now() - 60_000).toUTCString(), 0]],
    ]);
  const status = (codes: number[], after?: [string, string, number]): RequestFault => {
    if (after?.[2] === -1) after[2] = Number(after[1]);
    return { kind: "status", status: rng.pick(codes), retryAfter: after, html: rng.chance(0.3) };
  };
  return rng.weighted<() => RequestFault>([
    [50, () => ({ kind: "answer", shuffle: rng.chance(0.5) })],
    [8, () => status([429], retryAfter())],
    [7, () => status([500, 502, 503], retryAfter())],
    [2, () => status([429, 503], ["retry-after", "120", 120_000])],
    [4, () => status([429, 500, 503])],
    [3, () => ({ kind: "drop", midBody: true })],
    [2, () => ({ kind: "drop", midBody: false })],
    [3, () => ({ kind: "slow", bodyLate: rng.chance(0.4) })],
    [3, () => ({ kind: "html" })],
    [3, () => ({ kind: "truncated" })],
    [2, () => ({ kind: "refused" })],
  ])();
}

const drawEntryFault = (rng: Prng): EntryFault =>
  rng.weighted<EntryFault>([
    [74, "result"],
    [10, "rpc-error"],
    [6, "missing"],
    [6, "duplicate"],
    [4, "wrong-id"],
  ]);

/**
 * A call's script: what happens at each of its (at most 3) attempts. At most `backoffs` attempts
 * need a backoff wait (0.5 s or 1 s of real time each), which keeps a round near a second.
 */
function drawScript(rng: Prng, backoffs: number): AttemptPlan[] {
  const script: AttemptPlan[] = [];
  while (script.length < 3) {
    const request = drawRequestFault(rng);
    if (usesBackoff(request) && script.filter((p) => usesBackoff(p.request)).length >= backoffs)
      continue;
    script.push({ request, entry: drawEntryFault(rng) });
  }
  return script;
}

/**
 * Whether the rules retry after `sent` (README "Retries"; the 408 of the rules is not drawn). A
 * body cut short is retried as a lost connection is, for reads: every call here is one.
 */
const isRetried = (sent: Sent) =>
  sent.kind === "connection" ||
  sent.kind === "timeout" ||
  (sent.kind === "invalid" && sent.reason === "truncated") ||
  (sent.kind === "status" &&
    (sent.status === 429 || sent.status >= 500) &&
    !(sent.retryAfterMs! > RETRY_AFTER_CAP_MS));

// ---------------------------------------------------------------------------------------------
// The population

interface SoakClient {
  index: number;
  das: ReturnType<typeof createDasClient>;
  maxRetries: number;
  timeout: number;
  batchWait?: number;
  /** Its rate limiter's requests per second, when it has one. */
  rateLimit?: number;
  /** The longest its calls may wait for the limiter, all attempts together. */
  rateLimitWaitBound: number;
  /** Every request the runtime handed to `fetch`. */
  fetches: Fetch[];
  lines: string[];
}

/** An AbortController given to one call, or shared by several, and when it fires. */
interface SignalGroup {
  controller: AbortController;
  reason: unknown;
  when:
    | { kind: "before" }
    | { kind: "timer"; ms: number }
    | { kind: "request"; call: SoakCall; attempt: number }
    | { kind: "answered"; call: SoakCall; attempt: number; ms: number }
    | { kind: "never" };
  members: SoakCall[];
  firedAt?: number;
}

interface SoakCall {
  index: number;
  /** The asset id it asks for: unique, so it identifies the call in every request body. */
  key: string;
  method: "getAsset" | "getAssetBatch";
  params: { id: string } | { ids: string[] };
  /** Its params break the method's schema. */
  invalidParams: boolean;
  /** What its `onResponse` throws (it then rejects with it, once the server sent its result). */
  onResponseError?: Error;
  expected: unknown;
  client: SoakClient;
  options: RequestOptions;
  group?: SignalGroup;
  script: AttemptPlan[];
  launchAt: number;
  maxRetries: number;
  timeout: number;
  onResponseCalls: number;
  startedAt?: number;
  settledAt?: number;
  /** The same moments on `runClock`, for its settle bound. */
  startedRunAt?: number;
  settledRunAt?: number;
  outcome?: { value?: unknown; error?: any; failed: boolean };
  /** When its signal fired before it had settled. */
  abortedAt?: number;
  /** Where it was when its signal fired (for the coverage counts). */
  abortPhase?: string;
  /** Still pending after its signal fired, once the promise jobs of that turn had run. */
  abortNotAtOnce?: boolean;
}

/** One request the runtime handed to `fetch`, as the client saw it (times: performance.now()). */
interface Fetch {
  /** Its FETCH_TAG value: unique in the run. */
  tag: string;
  /** The round whose client made it. */
  round: number;
  /** Which attempt of its request it is: its client's earlier fetches of the same bytes, plus 1. */
  attempt: number;
  /** The server's handling of it, once the server read it in its round. */
  served?: Served;
  at: number;
  body: string;
  /** When the runtime aborted it (its timeout, an abort), before it settled. */
  abortedAt?: number;
  /** When the fetch, or the read of its body, settled. */
  endedAt?: number;
  /** It settled by itself (an answer, or a failed connection), not because the runtime aborted it. */
  answered?: boolean;
}

/** One request as the server handled it. */
interface Served {
  /** The fetch it came from (by its FETCH_TAG). */
  fetch: Fetch;
  arrivedAt: number;
  body: string;
  /** The body was a JSON array. */
  batch: boolean;
  methods: string[];
  /** Its fetch's attempt (whatever order the requests arrived in): picks each call's plan. */
  attempt: number;
  /** The server held it back (LATE_READ_MS): the client gave up on it before it was read. */
  readLate: boolean;
  fault: RequestFault;
  sent: Map<SoakCall, Sent>;
}

interface Round {
  index: number;
  apiKey: string;
  clients: SoakClient[];
  calls: SoakCall[];
  groups: SignalGroup[];
  byKey: Map<string, SoakCall>;
  served: Served[];
  /** Problems the server itself ran into (an unknown call in a body). */
  problems: string[];
  /** How long the process waited for a CPU while the round's calls ran (`runClock`). */
  stalledMs?: number;
}

function drawRound(index: number, server: FaultServer): Round {
  const rng = prng(fnv1a(`${SEED}:${index}`));
  const apiKey = randomText(rng, ALPHANUMERIC, 32);
  const storm = index % 10 === 9; // every tenth round allows two backoff waits per call
  const clients: SoakClient[] = [];
  const batchers: { batcher: Batcher; wait: number }[] = [];
  // In every fifth round, one client has a slow rate limiter (a few requests per second) and
  // most of its calls an abort on a timer: the limiter's waits are one more moment an abort can
  // come (before a request is sent). The waits cost real time, hence only some rounds.
  const rateLimit = index % 5 === 2 ? rng.int(8, 10) : undefined;
  const limiter = rateLimit && createRateLimiter({ requestsPerSecond: rateLimit });
  for (let i = 0, n = rng.int(3, 6); i < n; i++) {
    const limited = limiter && i === 0;
    let batch: { batcher: Batcher; wait: number } | undefined;
    if (rng.chance(0.65)) {
      // Sometimes one batcher serves two clients (each binds its own queue).
      if (batchers.length && rng.chance(0.25)) batch = rng.pick(batchers);
      else {
        const wait = rng.chance(0.5) ? 0 : rng.int(1, 5);
        batch = { batcher: createBatcher({ maxSize: rng.int(1, 6), wait }), wait };
        batchers.push(batch);
      }
    }
    const { lines, logger } = recordingLogger();
    // Some loggers throw on every line: that must not change any call's outcome.
    const throwingLogger = rng.chance(0.2);
    const fetches: SoakClient["fetches"] = [];
    const maxRetries = rng.int(0, 2);
    // (Timeouts of 0.6–1.2 s: on a slow shared 2-core machine a request can take 300 ms and more to
    // reach the loopback server; an attempt's request may even arrive after the next one began,
    // which FETCH_TAG sorts out.)
    const timeout = rng.int(600, 1_200);
    clients.push({
      index: i,
      das: createDasClient({
        apiKey,
        baseUrls: { rpc: server.url },
        batch: batch?.batcher,
        rateLimit: limited ? limiter : undefined,
        maxRetries,
        timeout,
        logger: throwingLogger
          ? Object.fromEntries(
              Object.entries(logger).map(([level, write]) => [
                level,
                (message: string, meta?: Record<string, unknown>) => {
                  write(message, meta);
                  throw new Error("the logger failed");
                },
              ]),
            )
          : logger,
        // The real fetch, noting when the client had each answer: the runtime's timeout runs
        // until the body is read, so that moment says whether an answer came in time. Each
        // request gets a tag (FETCH_TAG) that tells the server which fetch it came from.
        fetch: async (input, init) => {
          const body = String(init?.body);
          const sent: Fetch = {
            tag: String(fetchesByTag.size + 1),
            round: index,
            attempt: fetches.filter((earlier) => earlier.body === body).length + 1,
            at: performance.now(),
            body,
          };
          fetches.push(sent);
          fetchesByTag.set(sent.tag, sent);
          const headers = new Headers(init?.headers);
          headers.set(FETCH_TAG, sent.tag);
          // The runtime aborts a fetch as its timeout fires, and starts its backoff then: the
          // fetch itself may settle much later on a loaded machine.
          const signal = init?.signal;
          const onAbort = () => (sent.abortedAt = performance.now());
          signal?.addEventListener("abort", onAbort);
          const ended = () => {
            sent.endedAt = performance.now();
            sent.answered = !signal?.aborted;
            signal?.removeEventListener("abort", onAbort);
          };
          try {
            const response = await globalThis.fetch(input, { ...init, headers });
            const read = response.arrayBuffer.bind(response);
            response.arrayBuffer = () => read().finally(ended);
            return response;
          } catch (error) {
            ended();
            throw error;
          }
        },
      }),
      maxRetries,
      timeout,
      batchWait: batch?.wait,
      rateLimit: limited ? rateLimit : undefined,
      rateLimitWaitBound: 0,
      fetches,
      lines,
    });
  }

  const calls: SoakCall[] = [];
  const groups: SignalGroup[] = [];
  const launchSlots = [0, 0, 0, 1, 2, 5, 10, 20, 40];
  const count = rng.int(...CALLS_PER_ROUND);
  // One signal shared by many calls in half the rounds: more than Node's 10-listener warning.
  const shared: SignalGroup | undefined = rng.chance(0.5)
    ? {
        controller: new AbortController(),
        reason: new Error(`soak: everything cancelled (key ${apiKey})`),
        when: { kind: "never" },
        members: [],
      }
    : undefined;
  for (let i = 0; i < count; i++) {
    // (43 characters: any after `Soak` decode to 32 bytes, which the client checks an address for.)
    const key = `Soak${base58(index, 2)}${base58(i, 2)}${randomText(rng, BASE58, 35)}`;
    const batchOf = rng.chance(0.15);
    const params = batchOf ? { ids: [key, key.slice(0, -1) + "z"] } : { id: key };
    const client = rng.pick(clients);
    const options: RequestOptions = {};
    if (rng.chance(0.15)) options.timeout = rng.int(400, 1_000);
    if (rng.chance(0.12)) options.maxRetries = rng.int(0, 2);
    if (rng.chance(0.2))
      options.onResponse = () => {
        call.onResponseCalls++;
        if (call.onResponseError) throw call.onResponseError;
      };
    // A few calls with params the schema refuses: a ValidationError, nothing sent.
    const invalidParams = rng.chance(0.03);
    const call: SoakCall = {
      index: i,
      key,
      method: batchOf ? "getAssetBatch" : "getAsset",
      params: invalidParams ? (batchOf ? { ids: [] } : { id: "0".repeat(32) }) : params,
      invalidParams,
      onResponseError:
        options.onResponse && rng.chance(0.3)
          ? new Error(`the onResponse of call ${i} threw`)
          : undefined,
      expected: batchOf ? params.ids!.map(expectedAsset) : expectedAsset(key),
      client,
      options,
      script: drawScript(rng, storm ? 2 : 1),
      launchAt: rng.pick(launchSlots),
      maxRetries: options.maxRetries ?? client.maxRetries,
      timeout: options.timeout ?? client.timeout,
      onResponseCalls: 0,
    };
    if (shared && rng.chance(0.3)) {
      shared.members.push(call);
      call.group = shared;
    } else if (rng.chance(client.rateLimit ? 0.8 : 0.25)) {
      const reason = rng.weighted<unknown>([
        [2, undefined],
        [1, `user cancelled (key ${apiKey})`],
        [1, new Error(`soak: cancelled with api-key=${apiKey}`)],
      ]);
      call.group = {
        controller: new AbortController(),
        reason,
        when: client.rateLimit ? { kind: "timer", ms: rng.int(0, 400) } : drawWhen(rng, call),
        members: [call],
      };
      groups.push(call.group);
    }
    if (call.group) options.signal = call.group.controller.signal;
    calls.push(call);
  }
  if (shared?.members.length) {
    shared.when = drawWhen(rng, rng.pick(shared.members));
    groups.push(shared);
  }
  if (rateLimit) {
    // Every attempt of every call through the limiter, started `rateLimit` per 1.1 s (it aims a
    // tenth under the rate).
    const limitedCalls = calls.filter((call) => call.client.rateLimit);
    const attempts = limitedCalls.reduce((sum, call) => sum + call.maxRetries + 1, 0);
    for (const client of clients)
      if (client.rateLimit) client.rateLimitWaitBound = Math.ceil(attempts / rateLimit) * 1100;
  }
  return {
    index,
    apiKey,
    clients,
    calls,
    groups,
    byKey: new Map(calls.map((call) => [call.key, call])),
    served: [],
    problems: [],
  };
}

function drawWhen(rng: Prng, call: SoakCall): SignalGroup["when"] {
  return rng.weighted<() => SignalGroup["when"]>([
    [1, () => ({ kind: "before" })],
    [2, () => ({ kind: "request", call, attempt: rng.int(1, 2) })],
    [2, () => ({ kind: "answered", call, attempt: rng.int(1, 2), ms: rng.int(1, 10) })],
    [2, () => ({ kind: "timer", ms: rng.int(0, 600) })],
    [1, () => ({ kind: "never" })],
  ])();
}

/**
 * Whether the call may ride in its client's batch (README "Options"): its signal, a `timeout`
 * equal to the client's and `onResponse` ride along; its own `maxRetries`, or another `timeout`,
 * sends it alone.
 */
const joins = (call: SoakCall) =>
  call.client.batchWait !== undefined &&
  call.options.maxRetries === undefined &&
  (call.options.timeout === undefined || call.options.timeout === call.client.timeout);
/** The time limit of each attempt of the request the call rides in: a batch's is the client's. */
const attemptTimeout = (call: SoakCall) => (joins(call) ? call.client.timeout : call.timeout);

// ---------------------------------------------------------------------------------------------
// Aborts

function fire(round: Round, group: SignalGroup) {
  if (group.firedAt !== undefined) return;
  group.firedAt = performance.now();
  for (const call of group.members) {
    if (call.outcome) continue; // settled already: the abort must change nothing
    call.abortedAt = group.firedAt;
    call.abortPhase = phaseOf(call);
  }
  group.controller.abort(group.reason);
  // "Rejects at once": the abort settles a call in the same turn of the event loop (its
  // listener rejects, the rest is promise jobs), so it has settled by the next setImmediate.
  // (A call not made yet is checked when it is made: see launch.)
  const inProgress = group.members.filter((call) => call.abortedAt !== undefined && call.startedAt);
  setImmediate(() => {
    for (const call of inProgress) if (!call.outcome) call.abortNotAtOnce = true;
  });
}

/** Where a call is: not started, a request in flight, or between attempts (an answer read, the next not sent). */
function phaseOf(call: SoakCall) {
  if (call.startedAt === undefined) return "before the call";
  const fetches = sentBy(call.client, call);
  if (!fetches.length) return "before the first request";
  return fetches.at(-1)!.endedAt === undefined ? "request in flight" : "between attempts";
}

const sentBy = (client: SoakClient, call: SoakCall) =>
  client.fetches.filter((f) => f.body.includes(JSON.stringify(call.key)));

// ---------------------------------------------------------------------------------------------
// The server

const keyOf = (entry: any): string | undefined => entry?.params?.id ?? entry?.params?.ids?.[0];

/**
 * The header the clients' wrapped `fetch` adds to each request: which fetch it is. The server
 * gives each request to its fetch by it, never by when it arrived: on a loaded machine an
 * attempt's request can reach the server after the next attempt's did.
 */
const FETCH_TAG = "x-soak-fetch";
/** Every fetch of the run, by its FETCH_TAG value. */
const fetchesByTag = new Map<string, Fetch>();
/** Requests of an earlier round that its server read only in a later round. */
let lateArrivals = 0;

function serve(round: Round, context: FaultContext, readLate = false) {
  const { req, res, received } = context;
  const arrivedAt = performance.now();
  const tag = received.headers[FETCH_TAG];
  const fetched = typeof tag === "string" ? fetchesByTag.get(tag) : undefined;
  const body = received.body.slice(0, 200);
  if (!fetched) {
    round.problems.push(`server: a request no fetch of the soak made: ${body}`);
    return void res.destroy();
  }
  if (fetched.served || fetched.body !== received.body) {
    round.problems.push(`server: fetch ${fetched.tag} arrived again, or changed: ${body}`);
    return void res.destroy();
  }
  if (fetched.round !== round.index) {
    // Its connection still waited to be accepted when its round ended (a loaded process accepts
    // late), the client having given up on it. Judged with its round: never at the server.
    lateArrivals++;
    return void res.destroy();
  }
  const batch = Array.isArray(received.json);
  const entries: any[] = batch ? received.json : [received.json];
  const calls = entries.map((entry) => round.byKey.get(keyOf(entry)!));
  if (!calls.length || calls.some((call) => !call)) {
    round.problems.push(`server: a request for no call of this round: ${body}`);
    return void res.destroy();
  }
  const { attempt } = fetched;
  const lead = calls[0]!;
  // (From the call's key, not the seeded PRNG: the scenario of every seed stays as it was.)
  if (attempt === 1 && !readLate && fnv1a(lead.key) % LATE_READ_ONE_IN === 0)
    return void realSetTimeout(
      () => serve(round, context, true),
      attemptTimeout(lead) + LATE_READ_MS,
    );
  const plan = lead.script[Math.min(attempt, lead.script.length) - 1]!;
  const record: Served = {
    fetch: fetched,
    arrivedAt,
    body: received.body,
    batch,
    methods: entries.map((entry) => String(entry?.method)),
    attempt,
    readLate,
    fault: plan.request,
    sent: new Map(),
  };
  fetched.served = record;
  round.served.push(record);
  const key = received.key ?? "";
  const sendAll = (sent: Sent) => calls.forEach((call) => record.sent.set(call!, sent));

  res.on("close", () => {
    // An abort between attempts: only after an answer the rules retry.
    for (const call of calls) {
      const when = call!.group?.when;
      if (when?.kind === "answered" && when.call === call && when.attempt === attempt)
        if (isRetried(record.sent.get(call)!))
          realSetTimeout(() => fire(round, call.group!), when.ms);
    }
  });
  for (const call of calls) {
    const when = call!.group?.when;
    if (when?.kind === "request" && when.call === call && when.attempt === attempt)
      fire(round, call.group!);
  }

  /** The answer, entries by their own plans (also what a slow or truncated answer would have been). */
  const answer = (record: boolean) => {
    const parts: string[] = [];
    entries.forEach((entry, i) => {
      const call = calls[i]!;
      const fault = call.script[Math.min(attempt, call.script.length) - 1]!.entry;
      const id = entry.id;
      const result = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${
        call.method === "getAsset"
          ? assetJson(entry.params.id)
          : `[${(entry.params.ids as string[]).map(assetJson).join(",")}]`
      }}`;
      let sent: Sent;
      if (fault === "result") {
        parts.push(result);
        sent = { kind: "result" };
      } else if (fault === "rpc-error") {
        const code = -32000 - (call.index % 10);
        parts.push(
          JSON.stringify({
            jsonrpc: "2.0",
            id,
            error: { code, message: `asset unavailable for key ${key}`, data: { key } },
          }),
        );
        sent = { kind: "rpc-error", code, id };
      } else if (!batch) {
        // A lone request has no entries to leave out or repeat: it gets an answer for another id.
        parts.push(result.replace(`"id":${JSON.stringify(id)}`, `"id":"x${id}"`));
        sent = { kind: "invalid", reason: "id-mismatch", wholeRequest: false };
      } else if (fault === "duplicate") {
        parts.push(result, result);
        sent = { kind: "invalid", reason: "duplicate-entry", wholeRequest: false };
      } else {
        if (fault === "wrong-id")
          parts.push(result.replace(`"id":${JSON.stringify(id)}`, `"id":"x${id}"`));
        sent = { kind: "invalid", reason: "missing-entry", wholeRequest: false };
      }
      if (record) recordSent(call, sent);
    });
    if (plan.request.kind === "answer" && plan.request.shuffle)
      prng(fnv1a(received.body)).shuffle(parts);
    return batch ? `[${parts.join(",")}]` : parts[0]!;
  };
  const recordSent = (call: SoakCall, sent: Sent) => record.sent.set(call, sent);

  const fault = plan.request;
  switch (fault.kind) {
    case "answer": {
      const text = answer(true);
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(text);
    }
    case "status": {
      const [header, value, ms] = fault.retryAfter ?? [];
      sendAll({
        kind: "status",
        status: fault.status,
        retryAfterMs: ms,
        rpcError: fault.html ? undefined : { code: -32099, message: "overloaded, key ***" },
      });
      res.writeHead(fault.status, {
        "content-type": fault.html ? "text/html" : "application/json",
        ...(header && { [header]: value }),
      });
      return void res.end(
        fault.html
          ? `<html><body><h1>${fault.status}</h1>upstream refused key ${key}</body></html>`
          : JSON.stringify({
              jsonrpc: "2.0",
              id: null,
              error: { code: -32099, message: `overloaded, key ${key}` },
            }),
      );
    }
    case "drop":
      sendAll({ kind: "connection" });
      if (!fault.midBody) return void req.socket.destroy();
      res.writeHead(200, { "content-type": "application/json", "content-length": "100000" });
      return void res.write(answer(false).slice(0, 40), () => res.socket?.destroy());
    case "slow": {
      sendAll({ kind: "timeout" });
      const text = answer(false);
      if (fault.bodyLate) {
        res.writeHead(200, { "content-type": "application/json" });
        res.write(text.slice(0, 20));
      }
      // Complete, and correct: a client that missed its timeout would take it.
      const late = realSetTimeout(
        () => {
          if (!fault.bodyLate) res.writeHead(200, { "content-type": "application/json" });
          res.end(fault.bodyLate ? text.slice(20) : text);
        },
        attemptTimeout(lead) + SLOW_MARGIN_MS,
      );
      return void res.on("close", () => realClearTimeout(late));
    }
    case "html":
      sendAll({ kind: "invalid", reason: "html", wholeRequest: true });
      res.writeHead(200, { "content-type": "text/html" });
      return void res.end(`<!doctype html><html><body>Gateway page for ${key}</body></html>`);
    case "truncated": {
      sendAll({ kind: "invalid", reason: "truncated", wholeRequest: true });
      const text = answer(false).replace('"jsonrpc":"2.0"', `"jsonrpc":"2.0","note":"for ${key}"`);
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(text.slice(0, Math.floor(text.length / 2)));
    }
    case "refused":
      // Every call's answer (an error the server could not tie to a request): a JsonRpcError each.
      sendAll({ kind: "rpc-error", code: -32600, id: null });
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(
        JSON.stringify({
          jsonrpc: "2.0",
          id: null,
          error: { code: -32600, message: `batch requests are not enabled for key ${key}` },
        }),
      );
  }
}

// ---------------------------------------------------------------------------------------------
// Timers set by the runtime (real time)

/**
 * Wraps setTimeout/clearTimeout for the file's duration and keeps the timers whose caller is the
 * runtime (@chaindata/core, by stack) while they are pending. The server's and the test's own
 * timers use the harness's `realSetTimeout`, captured before this wrap.
 */
function trackRuntimeTimers() {
  const pending = new Map<unknown, string>();
  let total = 0;
  /** How much earlier than asked a runtime timer fired, at most, since the last `takeEarliness()`. */
  let earliness = 0;
  const { setTimeout: set, clearTimeout: clear } = globalThis;
  globalThis.setTimeout = ((
    callback: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    const stack = new Error().stack ?? "";
    if (!/[\\/]packages[\\/]core[\\/]/.test(stack)) return set(callback, ms, ...args);
    total++;
    const setAt = performance.now();
    const id = set(
      (...a: unknown[]) => {
        pending.delete(id);
        earliness = Math.max(earliness, (ms ?? 0) - (performance.now() - setAt));
        callback(...a);
      },
      ms,
      ...args,
    );
    pending.set(id, `${ms} ms, set at ${stack.split("\n")[2]?.trim()}`);
    return id;
  }) as typeof setTimeout;
  globalThis.clearTimeout = (id: Parameters<typeof clearTimeout>[0]) => {
    pending.delete(id);
    clear(id);
  };
  return {
    pending,
    total: () => total,
    takeEarliness() {
      const early = earliness;
      earliness = 0;
      return early;
    },
    restore() {
      globalThis.setTimeout = set;
      globalThis.clearTimeout = clear;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The time the process could run

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * A clock of the time the process could run: real time less the time it was ready but waited for
 * a CPU. On a loaded machine (CI's two cores shared with other runs: a load of 30 to 50) that
 * wait is seconds long. A round's first calls compile a new API key's redaction pattern and warm
 * up the client: about half a second of CPU time, which took over 10 s of real time there, and
 * every call then was judged never settled, though the runtime had not yet run long enough to
 * fire a single timeout. The runtime's timers fire that much later, no fault of the runtime's, so
 * the settle bounds are counted on this clock; what the runtime does with the CPU it gets (its
 * own work, a slow loop or a long wait) still counts against them.
 *
 * `tick()` is called by the round's polling loop, which asks to run every POLL_MS: how much later
 * than that it ran, less the CPU time the process used meanwhile (its own work), is time it
 * waited. (The CPU time of all its threads: that can only make a wait look shorter.) Only a wait's
 * part over STALL_ALLOWANCE_MS is left out: the loop's own wake-ups, each late on a loaded machine,
 * must not add up to a clock that stands still while the runtime sleeps through a long backoff.
 */
function stallClock() {
  let stalled = 0;
  let tickAt = performance.now();
  let cpuAt = cpuMs();
  /** The part of the wait since the last tick that is left out. */
  const waitSinceTick = (now: number) =>
    Math.max(0, now - tickAt - POLL_MS - (cpuMs() - cpuAt) - STALL_ALLOWANCE_MS);
  return {
    /** In ms, as performance.now(), less every wait so far (the current one too). */
    now() {
      const now = performance.now();
      return now - stalled - waitSinceTick(now);
    },
    tick() {
      const now = performance.now();
      stalled += waitSinceTick(now);
      tickAt = now;
      cpuAt = cpuMs();
    },
    /** Starts counting from now, without the time since the last tick (idle, between rounds). */
    restart() {
      tickAt = performance.now();
      cpuAt = cpuMs();
    },
    /** The waits counted so far, in ms. */
    stalled: () => stalled,
  };
}
const runClock = stallClock();

// ---------------------------------------------------------------------------------------------
// One round

/**
 * How long a call may take at most, on `runClock`: every attempt's timeout, every wait at its cap,
 * slack for load.
 */
const settleBound = (call: SoakCall) => {
  let bound =
    (call.maxRetries + 1) * attemptTimeout(call) +
    SETTLE_SLACK_MS +
    (call.client.batchWait ?? 0) +
    call.client.rateLimitWaitBound;
  for (let retry = 1; retry <= call.maxRetries; retry++)
    bound += Math.max(BACKOFF_MS * 2 ** (retry - 1), 20);
  return bound;
};

function launch(call: SoakCall) {
  call.startedAt = performance.now();
  call.startedRunAt = runClock.now();
  const { das } = call.client;
  const request =
    call.method === "getAsset"
      ? das.getAsset(call.params as { id: string }, call.options)
      : das.getAssetBatch(call.params as { ids: string[] }, call.options);
  const settle = (outcome: NonNullable<SoakCall["outcome"]>) => {
    call.settledAt = performance.now();
    call.settledRunAt = runClock.now();
    call.outcome = outcome;
  };
  request.then(
    (value) => settle({ value, failed: false }),
    (error) => settle({ error, failed: true }),
  );
  // A call made with an aborted signal rejects at once too.
  if (call.options.signal?.aborted)
    setImmediate(() => {
      if (!call.outcome) call.abortNotAtOnce = true;
    });
}

async function runRound(
  round: Round,
  server: FaultServer,
  timers: ReturnType<typeof trackRuntimeTimers>,
  tolerated: { count: number },
) {
  const pendingTimers = new Set<ReturnType<typeof setTimeout>>();
  const later = (ms: number, f: () => void) => {
    const id = realSetTimeout(() => {
      pendingTimers.delete(id);
      f();
    }, ms);
    pendingTimers.add(id);
  };
  runClock.restart();
  const stalledBefore = runClock.stalled();
  for (const group of round.groups) {
    if (group.when.kind === "before") fire(round, group);
    const { when } = group;
    if (when.kind === "timer") later(when.ms, () => fire(round, group));
  }
  const slots = new Map<number, SoakCall[]>();
  for (const call of round.calls)
    slots.set(call.launchAt, [...(slots.get(call.launchAt) ?? []), call]);
  // The calls of one slot are made in one tick: the batchers' `wait: 0` batches them.
  for (const [at, calls] of slots) later(at, () => calls.forEach(launch));
  const deadline =
    runClock.now() + Math.max(...round.calls.map((call) => call.launchAt + settleBound(call)));
  while (round.calls.some((call) => !call.outcome) && runClock.now() < deadline) {
    await realSleep(POLL_MS);
    runClock.tick();
  }
  pendingTimers.forEach((id) => realClearTimeout(id));
  round.stalledMs = runClock.stalled() - stalledBefore;

  const problems = [...round.problems];
  // How early a timer may have fired in this round (see TIMER_EARLY_MS).
  const early = timers.takeEarliness() + TIMER_EARLY_MS;
  for (const call of round.calls) problems.push(...judge(round, call, tolerated, early));
  // Each call gets its own error object (a failed batch gives each call its own copy).
  const owners = new Map<unknown, number>();
  for (const call of round.calls) {
    const error = call.outcome?.error;
    if (error === undefined) continue;
    if (owners.has(error))
      problems.push(
        `calls ${owners.get(error)} and ${call.index} rejected with the same error object`,
      );
    owners.set(error, call.index);
  }

  // After every call has settled: nothing of the runtime's is left behind.
  for (const timer of timers.pending.values())
    problems.push(`a runtime timer still pending: ${timer}`);
  timers.pending.clear();
  for (const group of round.groups) {
    const listeners = getEventListeners(group.controller.signal, "abort").length;
    if (listeners)
      problems.push(
        `${listeners} abort listener(s) left on the signal of call(s) ${group.members.map((c) => c.index).join(", ")} (${describeWhen(group)})`,
      );
  }
  try {
    // Sockets that carried a request closed; only undici's idle spares after an aborted fetch may
    // remain (harness: expectNoLeaks); no unhandled rejection.
    await expectNoLeaks(server, { abortedFetch: true });
  } catch (error) {
    problems.push(`leak check: ${(error as Error).message}`);
  }
  const forms = keyForms(round.apiKey);
  for (const client of round.clients)
    for (const line of client.lines)
      if (forms.some((form) => line.includes(form)))
        problems.push(`the API key in a log line of client ${client.index}: ${line.slice(0, 200)}`);
  await server.dropAll();
  return problems;
}

const describeWhen = ({ when, members }: SignalGroup) =>
  `${members.length > 1 ? `shared by ${members.length}, ` : ""}fires ${
    when.kind === "timer"
      ? `after ${when.ms} ms`
      : when.kind === "request"
        ? `when call ${when.call.index}'s attempt ${when.attempt} arrives`
        : when.kind === "answered"
          ? `${when.ms} ms after call ${when.call.index}'s attempt ${when.attempt} is answered`
          : when.kind
  }`;

const show = (value: unknown) =>
  typeof value === "bigint"
    ? `${value}n`
    : (JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? `${v}n` : v)) ?? String(value));
const showOutcome = (outcome: SoakCall["outcome"]) =>
  !outcome
    ? "pending"
    : outcome.failed
      ? `${outcome.error?.name}: ${outcome.error?.message}`
      : `result ${show(outcome.value).slice(0, 160)}`;
const showSent = (sent: Sent) =>
  sent.kind === "status"
    ? `${sent.status}${sent.retryAfterMs === undefined ? "" : ` (retry after ${sent.retryAfterMs} ms)`}`
    : sent.kind === "invalid"
      ? `invalid (${sent.reason})`
      : sent.kind === "rpc-error"
        ? `rpc error ${sent.code}`
        : sent.kind;

const TIMED_OUT: Sent = { kind: "timeout" };

/** One attempt of a call, as the client and the server saw it. */
interface Attempt {
  fetch: Fetch;
  /** The request the server got from this fetch (none: it never got there). */
  served?: Served;
  sent?: Sent;
  /**
   * What the rules let the client make of it. What the server sent, when the client had the
   * whole answer (or the failed connection) before its timeout could have fired (the round's
   * measured timer earliness included); that or a timeout when it came later (real time: a busy
   * process may read a prompt answer late, and the timeout covers reading the body); only a
   * timeout when the server never got the request.
   */
  allowed: Sent[];
  /** When it ended for the client: its answer read, or its fetch aborted (its timeout fired). */
  end: number;
}

/** What `outcome` lacks to be what the rules make of `sent`; undefined when it is. */
function mismatch(call: SoakCall, sent: Sent, operation: string): string | undefined {
  const { failed, value, error } = call.outcome!;
  const expectError = (
    Class: abstract new (...args: never[]) => unknown,
    fields: Record<string, unknown>,
  ) => {
    if (!(error instanceof Class)) return `expected ${Class.name}`;
    for (const [name, expected] of Object.entries(fields)) {
      const actual = (error as Record<string, unknown>)[name];
      if (!isDeepStrictEqual(actual, expected))
        return `${Class.name}.${name} is ${show(actual)}, expected ${show(expected)}`;
    }
    return undefined;
  };
  switch (sent.kind) {
    case "result":
      if (call.onResponseError)
        return error === call.onResponseError ? undefined : "expected what its onResponse threw";
      if (failed) return "expected its result";
      return isDeepStrictEqual(value, call.expected)
        ? undefined
        : `expected its own result ${show(call.expected)}`;
    case "rpc-error":
      return expectError(JsonRpcError, {
        code: sent.code,
        method: call.method,
        id: sent.id,
        status: 200,
      });
    case "invalid":
      return expectError(InvalidResponseError, {
        reason: sent.reason,
        operation: sent.wholeRequest ? operation : call.method,
      });
    case "status":
      return sent.status === 429
        ? expectError(RateLimitError, {
            status: 429,
            operation,
            retryAfter: sent.retryAfterMs === undefined ? undefined : sent.retryAfterMs / 1000,
            rpcError: sent.rpcError,
          })
        : expectError(InternalServerError, {
            status: sent.status,
            operation,
            rpcError: sent.rpcError,
          });
    case "connection":
      return expectError(ConnectionError, { operation });
    case "timeout":
      return expectError(TimeoutError, { operation });
  }
}

/**
 * The operation an error made from a whole request names: the method, or `batch(m1 ×2, m2, …)`
 * (each method once, with its count when over one).
 */
const operationOf = (body: string, method: string) => {
  const wire: unknown = JSON.parse(body);
  return Array.isArray(wire)
    ? `batch(${[...wire.map((entry: { method: string }) => entry.method).reduce((counts, m) => counts.set(m, (counts.get(m) ?? 0) + 1), new Map<string, number>())].map(([m, n]) => (n > 1 ? `${m} ×${n}` : m)).join(", ")})`
    : method;
};

/**
 * The problems of one call, judged by the rules against what the server sent it. `tolerated`
 * counts the attempts whose answer the client read too late and timed out on.
 */
function judge(
  round: Round,
  call: SoakCall,
  tolerated: { count: number },
  early: number,
): string[] {
  const fetches = sentBy(call.client, call);
  const served = round.served.filter((s) => s.sent.has(call));
  const attempts: Attempt[] = fetches.map((fetch) => {
    const request = fetch.served;
    const sent = request?.sent.get(call);
    const deadline = fetch.at + attemptTimeout(call);
    const inTime = fetch.answered && fetch.endedAt! < deadline - early;
    return {
      fetch,
      served: request,
      sent,
      allowed:
        sent && inTime ? [sent] : sent && sent.kind !== "timeout" ? [sent, TIMED_OUT] : [TIMED_OUT],
      end: Math.min(fetch.abortedAt ?? Infinity, fetch.endedAt ?? deadline),
    };
  });
  const problems: string[] = [];
  const showAttempt = ({ fetch, sent }: Attempt) =>
    `${sent ? showSent(sent) : "never at the server"} (fetch ended after ${
      fetch.endedAt === undefined ? "—" : (fetch.endedAt - fetch.at).toFixed(0)
    } ms${fetch.answered ? "" : ", aborted"})`;
  const say = (text: string) =>
    problems.push(
      `call ${call.index} (${call.method}, client ${call.client.index}${
        call.client.batchWait === undefined ? "" : " batching"
      }, maxRetries ${call.maxRetries}, timeout ${call.timeout}${
        call.group ? `, signal ${describeWhen(call.group)}` : ""
      }; attempts: ${attempts.map(showAttempt).join(" → ") || "none"}): ${text}; got ${showOutcome(call.outcome)}`,
    );
  const { outcome } = call;
  if (!outcome) {
    say(`never settled (bound ${settleBound(call)} ms, waits for a CPU left out)`);
    return problems;
  }

  // How it was sent.
  if (served.some((s) => !fetches.includes(s.fetch)))
    say("the server got a request of this call that none of its fetches explains");
  const bodies = new Set(fetches.map((f) => f.body));
  if (bodies.size > 1) say(`attempts sent different bytes: ${[...bodies].join(" / ")}`);
  if (!joins(call) && fetches.some((f) => f.body[0] === "["))
    say("sent in a batch, though it has options that send it alone, or its client no batcher");
  if (attempts.length > call.maxRetries + 1)
    say(`${attempts.length} attempts: more than maxRetries allows`);
  attempts.slice(0, -1).forEach((attempt, i) => {
    if (!attempt.allowed.some(isRetried))
      say(`attempt ${i + 2} sent after attempt ${i + 1}'s answer, which is not retried`);
  });
  // The waits between attempts: a Retry-After (≤ 60 s) at least as asked (the client adds up to
  // a quarter, never less: README "Retries"); else a backoff of at least
  // 0.5 s · 2^(n-1) − 25 % jitter.
  for (let i = 1; i < attempts.length; i++) {
    const before = attempts[i - 1]!;
    const retried = before.allowed.filter(isRetried);
    if (!retried.length) continue; // (reported above)
    const minimum = Math.min(
      ...retried.map((s) =>
        s.kind === "status" && s.retryAfterMs !== undefined
          ? s.retryAfterMs
          : BACKOFF_MS * 2 ** (i - 1) * (1 - JITTER),
      ),
    );
    const waited = attempts[i]!.fetch.at - before.end;
    if (waited < minimum - early)
      say(
        `retry ${i} sent ${waited.toFixed(1)} ms after attempt ${i} ended; the rules wait ${minimum} ms`,
      );
  }
  if (call.invalidParams) {
    if (!(outcome.error instanceof ValidationError)) say("expected ValidationError");
    if (fetches.length) say("params the schema refuses were sent");
    return problems;
  }
  const elapsed = call.settledRunAt! - (call.startedRunAt ?? call.settledRunAt!);
  if (elapsed > settleBound(call))
    say(
      `settled after ${elapsed.toFixed(0)} ms (waits for a CPU left out), over its bound of ${settleBound(call)} ms`,
    );
  // Once on success (also when it throws: the call then rejects with that), never on failure.
  const answered = !outcome.failed || outcome.error === call.onResponseError;
  if (call.options.onResponse && call.onResponseCalls !== (answered ? 1 : 0))
    say(`onResponse called ${call.onResponseCalls} time(s)`);
  if (outcome.failed && outcome.error !== call.onResponseError) {
    if (!(outcome.error instanceof ChainDataError))
      say("rejected with something that is no ChainDataError");
    const forms = keyForms(round.apiKey);
    for (const [where, text] of Object.entries(errorTexts(outcome.error)))
      if (forms.some((form) => text.includes(form))) say(`the API key in the error's ${where}`);
  }

  // The outcome.
  if (call.abortedAt !== undefined) {
    // The signal fired before the call settled: AbortError at once, nothing sent after it.
    const reason = call.group!.reason;
    const reasonText =
      reason === undefined
        ? "This operation was aborted"
        : typeof reason === "string"
          ? reason
          : (reason as Error).message;
    const { error } = outcome;
    if (!(error instanceof AbortError)) say("expected AbortError");
    else if (error.operation !== call.method)
      say(`AbortError.operation is ${show(error.operation)}, expected ${show(call.method)}`);
    else if (
      (error.cause as Error | undefined)?.message !== reasonText.replaceAll(round.apiKey, "***")
    )
      say("AbortError.cause is not the signal's reason, redacted");
    if (call.abortNotAtOnce) say("still pending after the abort: it did not reject at once");
    // (A batch sent before the abort stays as it was, in its retries too: its other calls wait.)
    const before = new Set(fetches.filter((f) => f.at <= call.abortedAt!).map((f) => f.body));
    const after = fetches.filter(
      (f) => f.at > call.abortedAt! && !(f.body[0] === "[" && before.has(f.body)),
    ).length;
    if (after) say(`${after} request(s) sent after the abort`);
    return problems;
  }
  const last = attempts.at(-1);
  if (!last) {
    say("settled without sending anything");
    return problems;
  }
  const operation = operationOf(last.fetch.body, call.method);
  const fits = last.allowed.find((sent) => !mismatch(call, sent, operation));
  if (!fits) say(mismatch(call, last.allowed[0]!, operation)!);
  else {
    if (fits === TIMED_OUT && last.sent?.kind !== "timeout" && !last.served?.readLate)
      tolerated.count++;
    if (isRetried(fits) && attempts.length < call.maxRetries + 1)
      say(`gave up after ${attempts.length} attempt(s)`);
    // The retries ran out: the error says how many attempts were made (README "Retries").
    if (
      isRetried(fits) &&
      attempts.length > 1 &&
      !String(outcome.error?.message).endsWith(` (${attempts.length} attempts)`)
    )
      say(`the error's message does not end "(${attempts.length} attempts)"`);
  }
  // A retry after an answer that is not retried: the client read it too late and timed out.
  for (const attempt of attempts.slice(0, -1))
    if (attempt.sent && !isRetried(attempt.sent) && !attempt.served?.readLate) tolerated.count++;
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The test

let server: FaultServer;
useFaultServer((started) => (server = started));
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
let timers: ReturnType<typeof trackRuntimeTimers>;
beforeAll(() => {
  process.on("warning", onWarning);
  timers = trackRuntimeTimers();
});
afterAll(() => {
  process.off("warning", onWarning);
  timers.restore();
});

it(`soak (SOAK_SEED=${SEED}): ${ONLY_ROUND === undefined ? `${ROUNDS}+` : 1} round(s) of ${CALLS_PER_ROUND.join("–")} calls with faults, retries, timeouts and aborts interleaved`, async () => {
  const coverage = new Map<string, number>();
  const count = (label: string) => coverage.set(label, (coverage.get(label) ?? 0) + 1);
  const started = performance.now();
  let calls = 0;
  let requests = 0;
  const tolerated = { count: 0 };
  const roundSeconds: string[] = [];
  // The run must exercise what it claims to: every fault, outcome and abort moment at least once.
  const expected = [
    "request: answer",
    "request: answer (shuffled)",
    "request: 429 (retry-after small)",
    "request: 429 (retry-after-ms small)",
    "request: 5xx (retry-after small)",
    "request: 5xx html (retry-after small)",
    "request: 5xx (backoff)",
    "request: dropped mid-body",
    "request: dropped before headers",
    "request: headers after the timeout",
    "request: body after the timeout",
    "request: html",
    "request: truncated",
    "request: refused",
    "retry 2",
    "retry after a truncated body",
    "request read after its next attempt's",
    "batch of 2",
    "batch of 3",
    "batch of 4+",
    "entry: rpc error",
    "entry: invalid (missing-entry)",
    "entry: invalid (duplicate-entry)",
    "entry: invalid (id-mismatch)",
    "outcome: result",
    "outcome: AbortError",
    "outcome: JsonRpcError",
    "outcome: InvalidResponseError (missing-entry)",
    "outcome: InvalidResponseError (duplicate-entry)",
    "outcome: InvalidResponseError (id-mismatch)",
    "outcome: InvalidResponseError (html)",
    "outcome: InvalidResponseError (truncated)",
    "outcome: InvalidResponseError saying its attempts",
    "outcome: RateLimitError",
    "outcome: InternalServerError",
    "outcome: ConnectionError",
    "outcome: TimeoutError",
    "outcome: ValidationError",
    "outcome: what onResponse threw",
    "abort: before the call",
    "abort: request in flight",
    "abort: between attempts",
    "abort: before the first request (waiting for the rate limiter)",
    "abort: after the call settled",
    "abort: of a call that may batch",
    "signal shared by more than 10 calls",
  ];
  const unexercised = () => expected.filter((label) => !coverage.has(label));
  let extraRounds = 0;
  for (let index = 0; index < ROUNDS + MAX_EXTRA_ROUNDS; index++) {
    if (
      ONLY_ROUND === undefined &&
      index >= ROUNDS &&
      (!unexercised().length || performance.now() - started > EXTRA_ROUNDS_UNTIL_MS)
    )
      break;
    if (ONLY_ROUND !== undefined && index !== ONLY_ROUND) continue;
    if (index >= ROUNDS) extraRounds++;
    const roundStarted = performance.now();
    const round = drawRound(index, server);
    server.reset();
    server.serve((ctx) => serve(round, ctx));
    const problems = await runRound(round, server, timers, tolerated);
    if (warnings.length)
      problems.push(...warnings.map((w) => `process warning: ${w.name}: ${w.message}`));
    expect(
      problems.slice(0, 12),
      `SOAK_SEED=${SEED} SOAK_ROUND=${index}: ${problems.length} problem(s)`,
    ).toEqual([]);

    roundSeconds.push(
      ((performance.now() - roundStarted) / 1000).toFixed(1) +
        (round.stalledMs ? ` (${(round.stalledMs / 1000).toFixed(1)} waiting for a CPU)` : ""),
    );
    calls += round.calls.length;
    requests += round.served.length;
    for (const served of round.served) {
      count(`request: ${faultLabel(served.fault)}`);
      if (served.batch)
        count(`batch of ${Math.min(served.sent.size, 4)}${served.sent.size > 3 ? "+" : ""}`);
      if (served.attempt > 1) count(`retry ${served.attempt - 1}`);
      const previous = round.served.find(
        (earlier) => earlier.body === served.body && earlier.attempt === served.attempt - 1,
      );
      if (previous?.fault.kind === "truncated") count("retry after a truncated body");
      if (previous && previous.arrivedAt > served.arrivedAt)
        count("request read after its next attempt's");
      for (const sent of served.sent.values())
        if (sent.kind === "rpc-error") count("entry: rpc error");
        else if (sent.kind === "invalid" && !sent.wholeRequest) count(`entry: ${showSent(sent)}`);
    }
    for (const call of round.calls) {
      const { outcome } = call;
      const error = outcome?.error;
      count(
        `outcome: ${
          !outcome?.failed
            ? "result"
            : error === call.onResponseError
              ? "what onResponse threw"
              : `${error?.name}${error?.reason ? ` (${error.reason})` : ""}`
        }`,
      );
      if (/ \(\d attempts\)$/.test(String(error?.message)))
        count(`outcome: ${error.name} saying its attempts`);
      if (call.abortPhase && joins(call)) count("abort: of a call that may batch");
      if (call.abortPhase)
        count(
          `abort: ${call.abortPhase}${call.client.rateLimit && call.abortPhase.includes("first") ? " (waiting for the rate limiter)" : ""}`,
        );
      else if (call.group?.firedAt !== undefined) count("abort: after the call settled");
    }
    for (const group of round.groups)
      if (group.members.length > 10) count("signal shared by more than 10 calls");
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `soak SOAK_SEED=${SEED}: ${calls} calls, ${requests} requests in ${seconds} s (${extraRounds} round(s) after ${ROUNDS}, for coverage); ${timers.total()} runtime timers; rounds took ${roundSeconds.join(", ")} s; ${tolerated.count} attempt(s) answered in time by the server but read after the client's timeout; ${lateArrivals} request(s) read by the server only in a later round\n` +
      [...coverage]
        .sort()
        .map(([label, n]) => `  ${label}: ${n}`)
        .join("\n"),
  );
  if (ONLY_ROUND !== undefined) return;

  expect(
    unexercised(),
    `SOAK_SEED=${SEED}: never exercised (in ${ROUNDS} rounds and ${extraRounds} more, ${seconds} s)`,
  ).toEqual([]);
  expect(timers.total(), "runtime timers seen (the timer check is not vacuous)").toBeGreaterThan(0);
  // (Real time, a backstop for a hang only: each call's bound is counted on `runClock`, and a
  // whole run took over 120 s of real time at a load of 43.)
}, 600_000);
