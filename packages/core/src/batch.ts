/** Opt-in JSON-RPC auto-batching: the `batch` client option. */
import { watchAbort } from "./abort.js";
import { knownOptions, messageValue, misconfigured, type AttemptRecord } from "./config.js";
import { ofOperation } from "./errors.js";
import { callQuietly } from "./internal/callback.js";
import { ownCopy } from "./internal/stack.js";
import { MAX_TIMER_MS } from "./internal/timer.js";

/**
 * A call a JSON-RPC client offers its batcher: its request object, its method, and how to fail it.
 * (The JSON-RPC client's, not an application's; declared because {@link Batcher.bind} names it.)
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export interface BatchedCall {
  request: { id: string; method: string };
  /**
   * The request written as JSON (at call time, so a value that cannot be written fails its own call
   * only).
   */
  text: string;
  method: { idempotent: boolean };
  reject(error: unknown): void;
}

/** Collects calls and sends them in groups. Made by {@link createBatcher}. */
export interface Batcher {
  /**
   * A client's way into the batcher. Calls of clients bound with equal `endpoint`s (the same URL,
   * key, headers, fetch, limits and logger: the areas of one `createChainDataClient`) share a
   * batch. (The JSON-RPC client's. Kept in the declarations: without its members, `Batcher` would
   * be an empty type, and any object would type-check as the `batch` option.)
   */
  bind<C extends BatchedCall>(
    /**
     * Posts a batch (or a lone request) as JSON text, as `operation` (a batch is only ever made of
     * idempotent calls), stopped by `signal`; resolves with the parsed answer and the HTTP
     * response. (With an aborted signal it sends nothing: it rejects with the AbortError of
     * `operation`.) It sets `options.attempts` to the requests it has handed to `fetch` as each
     * goes: a call that leaves a batch already sent counts them. It calls `options.onAttempt`, when
     * set, as each attempt ends, with `options.batchSize` in its record (the calls in a batch
     * request; none for a lone call, sent as a plain request).
     */
    post: (
      body: string,
      operation: { id: string; idempotent: true },
      options: {
        signal: AbortSignal;
        attempts?: number;
        onAttempt?: ((attempt: AttemptRecord) => void) | undefined;
        batchSize?: number | undefined;
      },
    ) => Promise<[answer: unknown, response: Response]>,
    /**
     * Settles `call` with its entry of the answer (`undefined`: missing; `duplicate`: its id came
     * back twice); `answer` is the whole answer (for the snippet of a call without an entry).
     */
    settle: (
      call: C,
      entry: unknown,
      response: Response,
      duplicate?: boolean,
      answer?: unknown,
    ) => void,
    /**
     * What makes two clients' requests interchangeable, compared item by item with `===`.
     * @default [post] (this client alone)
     */
    endpoint?: readonly unknown[],
    /**
     * The time limit of each attempt of a batch request (the client's `timeout`).
     * @default Infinity
     */
    timeout?: number,
    /**
     * Calls a batched call's own `onAttempt` (`hook`, named so) through `call`, letting nothing it
     * throws or rejects with fail anything (the client's, which says a failure once).
     * @default quietly, saying nothing
     */
    quietly?: (hook: string, call: () => unknown, operation: string) => void,
  ): (call: C, options: object) => boolean;
  /**
   * The id for a request of a client bound here: unique per batcher, so shared batches never repeat
   * one. (The JSON-RPC client's.)
   */
  nextId(): string;
}

/** The options of {@link createBatcher}. */
export interface BatcherOptions {
  /**
   * Most calls per batch request; a full batch is sent at once. A whole number >= 1, or
   * `Infinity`.
   * @default 100
   */
  maxSize?: number | undefined;
  /**
   * How long to collect calls, in ms; `0` = calls made in the same tick.
   * @default 0
   */
  wait?: number | undefined;
}

/**
 * `callback`, to be called in the async context of the code that calls this (a batched call's own,
 * where the batch request runs in its first call's, or in the one that filled it): each value goes
 * through a promise callback registered in that context, and a runtime runs a promise callback in
 * the async context it was registered in (Node's `AsyncLocalStorage`: src/on-attempt.test.ts); it
 * registers the next one there. No API of one runtime is needed. So the callback runs a microtask
 * later, still before the call settles, which takes more; quietly (what it throws is ignored), as
 * `onAttempt` is called unbatched. One value at a time: an attempt's record is the only one until
 * the next attempt, which waits at least for a timer (the retry's delay), long after that
 * microtask.
 */
const inContext = <T>(callback: (value: T) => void) => {
  let give: (value: T) => void;
  const next = (): unknown =>
    new Promise<T>((resolve) => (give = resolve)).then((value) => {
      next();
      callQuietly(() => callback(value));
    });
  next();
  return (value: T) => give(value);
};

/**
 * The operation name of a batch request of `requests`: `batch(getAsset ×2, getAssetBatch)`, each
 * method once, with its count. Every caller's error carries it, and a list of every call grew each
 * with the batch (50 kB a message at 5,000 calls).
 */
const batchName = (requests: BatchedCall["request"][]) =>
  `batch(${[
    ...requests.reduce(
      (counts, { method }) => counts.set(method, (counts.get(method) ?? 0) + 1),
      new Map<string, number>(),
    ),
  ]
    .map(([method, n]) => (n > 1 ? `${method} ×${n}` : method))
    .join(", ")})`;

/**
 * Batches JSON-RPC calls made in the same tick (or within `wait` ms) into one batch request;
 * results are routed back by id, in whatever order they come, and each call gets its own result
 * or error. A write goes alone, and so does a call with its own `maxRetries`, `headers` (one HTTP
 * request has one set of headers), `retryNonIdempotent`, query options, or a `timeout` other than
 * the client's (a time limit is one attempt's, and the attempts are the batch's). A call's own
 * `signal`, `onResponse` and `onAttempt` ride along: an abort rejects that call alone, at once,
 * with the `AbortError` it gets unbatched (a call not sent yet leaves its batch; a batch every call
 * has left is not sent, or is stopped). `onResponse` sees the batch's answer, and `onAttempt` each
 * attempt of the batch request, in the async context of its own call.
 *
 * ```ts
 * const das = createDasClient({ batch: createBatcher({ maxSize: 50 }) });
 * ```
 * Clients given the same batcher and otherwise equal options share its batches.
 *
 * A batch's answer is one body, received and parsed whole before any of its calls resolves,
 * whatever each answer's size: concurrent page walks of 1,000-asset pages (or `getAssetBatch` calls
 * of 1,000 ids) on one batcher come back as one body of their sum. 100 such walks made one 258 MB
 * answer: a 6.7 s parse blocking the event loop and 1.4 GB at peak, against 1.5 s and 370 MB
 * unbatched. Walk large pages with a client that has no batcher, or give the
 * batcher a small `maxSize`.
 *
 * With a rate limiter, a batch is one request, and waits its turn once closed: calls made while
 * it waits go into the next batch, which waits for its own (20 calls 25 ms apart at 2 per second
 * were 20 requests over 10 s). A `wait` near the limiter's step (`1100 / requestsPerSecond` ms)
 * gathers them instead (the same calls: 1 request, in 0.55 s).
 *
 * On Cloudflare Workers, a batcher with `wait` > 0 belongs to one request: make it in the `fetch`
 * handler, not at module scope. Shared, it puts one request's calls into a batch that another
 * request's `fetch` sends, and workerd cancels the requests waiting on it as hung (its own 500,
 * nothing to catch: 3 of 4 concurrent requests, at every compatibility date tried). (With
 * `wait: 0`, a batch never spans two requests.)
 * @throws ConfigurationError for options that are not an object, an unknown option name, a
 * `maxSize` that is not a whole number >= 1 (or `Infinity`), or a `wait` out of range
 */
export const createBatcher = (options?: BatcherOptions): Batcher => {
  // (`null` reads as "no options", as `undefined` does. A typo such as `maxsize` would otherwise
  // mean batches of 100.)
  options ??= {};
  knownOptions(options, ["maxSize", "wait"], "batcher", "batch.");
  const { maxSize = 100, wait = 0 } = options;
  if (!((Number.isInteger(maxSize) || maxSize === Infinity) && maxSize >= 1))
    misconfigured(
      "batch.maxSize",
      `must be a whole number >= 1, or Infinity (got ${messageValue(maxSize)})`,
    );
  // (No longer than a timer can wait: MAX_TIMER_MS.)
  if (!(typeof wait === "number" && wait >= 0 && wait <= MAX_TIMER_MS))
    misconfigured(
      "batch.wait",
      `must be >= 0 and <= ${MAX_TIMER_MS} ms (got ${messageValue(wait)})`,
    );
  /**
   * A call in a batch. `done` once it is settled, or has left (its signal aborted); `stop` removes
   * its abort listener.
   */
  type Member = {
    call: BatchedCall;
    /** Its own client's: a batch's calls may be of several clients, each its own `C` of `bind`. */
    settle: Parameters<Batcher["bind"]>[1];
    done?: boolean;
    stop?: () => void;
    /**
     * Gives the call's `onAttempt` a record of the batch request's, in the call's async context.
     */
    tell?: ((attempt: AttemptRecord) => void) | undefined;
  };
  /** The calls of one endpoint gathered for one batch request. */
  type Batch = {
    endpoint: readonly unknown[];
    post: Parameters<Batcher["bind"]>[0];
    /** Every call that joined, those that left before it was sent too (their `done` set). */
    calls: Member[];
    /**
     * How many of `calls` are `done`: a count, so that each abort of a batch of many calls costs
     * O(1), not a splice or scan of them all (10,000 aborted with `maxSize: Infinity` took 1.3 s).
     */
    ended: number;
    timer?: ReturnType<typeof setTimeout>;
    /** Stops the batch request once sent, when no call is left waiting for it. */
    controller?: AbortController;
    /** The options of the batch request once sent, whose `attempts` the engine keeps up to date. */
    sent?: Parameters<Batch["post"]>[2];
  };
  /** The batches being collected, one per endpoint; a batch leaves when it is sent. */
  let pending: Batch[] = [];
  let lastId = 0;
  /** Whether `member` of `batch` was still waiting; it no longer is. */
  const end = (member: Member, batch: Batch) =>
    !member.done && ((member.done = true), batch.ended++, member.stop?.(), true);
  const unqueue = (batch: Batch) => {
    clearTimeout(batch.timer);
    pending = pending.filter((other) => other !== batch);
  };
  const flush = (batch: Batch) => {
    // (Already sent: a full batch goes at once, and its timer or microtask finds it gone.)
    if (!pending.includes(batch)) return;
    unqueue(batch);
    // (Those that left before it was sent are not in it.)
    const calls = batch.calls.filter((member) => !member.done);
    const requests = calls.map(({ call }) => call.request);
    // A lone call goes as a plain request.
    const [body, id] =
      calls.length > 1
        ? [`[${calls.map(({ call }) => call.text).join(",")}]`, batchName(requests)]
        : [calls[0]!.call.text, requests[0]!.method];
    const { signal } = (batch.controller = new AbortController());
    // Each attempt's record goes to the calls still waiting for the batch (not those that left),
    // each its own copy: a caller's hook that tags it (its trace id) must not tag the others'.
    // None when no call has a hook: the engine then makes no record, whose request id it redacts
    // with the client's key pattern, compiled on first use (1.5 ms: clients made per request,
    // each with a tenant's key, paid it on every batched call).
    const onAttempt = calls.some((member) => member.tell)
      ? (record: AttemptRecord) =>
          calls.forEach((member) => member.done || member.tell?.({ ...record }))
      : undefined;
    // (In each record `batchSize`, a stable field where `id` names the mix of calls: none for a
    // lone call, a plain request.)
    batch.sent = { signal, onAttempt, batchSize: calls[1] && calls.length };
    batch.post(body, { id, idempotent: true }, batch.sent).then(
      ([answer, response]) => {
        // Entries may come back in any order: route them by id. A non-array answer (a
        // server without batch support) is read by every call as its own: it settles the
        // call whose id it carries (or, an error with `id: null`, every call), and the
        // others fail with `id-mismatch`. A lone call was sent as a plain request, so it
        // reads its answer as one. An id answered twice settles no call: which entry is
        // right is unknowable. A call without an entry takes the first error the server
        // could not tie to a request (`id: null`, or no id member, as a lone call reads it), if
        // there is one: the server's reason.
        const byId = calls.length > 1 && Array.isArray(answer) && new Map<unknown, unknown>();
        const twice = new Set<unknown>();
        let untied: unknown;
        if (byId)
          for (const entry of answer)
            if (entry?.id == null && entry?.error) untied ??= entry;
            else if (byId.has(entry?.id)) twice.add(entry?.id);
            else byId.set(entry?.id, entry);
        calls.forEach((member, i) => {
          const id = requests[i]!.id;
          const { call, settle } = member;
          // One entry that cannot be settled must not leave the others pending. (Each call is
          // settled by its own client: its method's u64 fields, its own callbacks.) A call that
          // has left is not settled again: its own `onResponse` is not called.
          if (end(member, batch))
            try {
              settle(
                call,
                byId ? (byId.get(id) ?? untied) : answer,
                response,
                twice.has(id),
                answer,
              );
            } catch (error) {
              call.reject(error);
            }
        });
      },
      // (Each call gets its own copy: its caller takes the copy's stack again. What the batch
      // request refused before sending, a missing API key, names each caller's own method on its
      // copy, as it would unbatched.)
      (error) => {
        // A body too large is the batch's size, which only `maxSize` changes: 100 callers each
        // read a bare 413, with nothing to say the batch made it so. (Not a lone call's, sent as a
        // plain request. Before the copies, whose stacks show the message.)
        if (calls[1] && error?.status == 413)
          error.message += ` (a batch of ${calls.length}: lower createBatcher maxSize)`;
        calls.forEach(
          (member) =>
            end(member, batch) &&
            member.call.reject(ofOperation(ownCopy(error), member.call.request.method)),
        );
      },
    );
  };
  return {
    nextId: () => String(++lastId),
    bind(
      post,
      settle,
      endpoint = [post],
      batchTimeout = Infinity,
      quietly = (_hook, callHook) => callQuietly(callHook),
    ) {
      // Takes `call` into its endpoint's batch, or returns false for a call that goes alone (those
      // createBatcher's doc lists, and one whose signal has already aborted: the engine rejects it
      // with nothing sent). What rides along: `onResponse` in `settle`, `signal` in the abort
      // listener below, `onAttempt` in `tell` (`flush`).
      return (call, options) => {
        const { signal, timeout, onAttempt } = options as {
          signal?: AbortSignal;
          timeout?: number;
          onAttempt?: (attempt: AttemptRecord) => void;
        };
        if (
          !call.method.idempotent ||
          signal?.aborted ||
          (timeout !== undefined && timeout !== batchTimeout) ||
          Object.entries(options).some(
            ([name, v]) =>
              v !== undefined && !["signal", "timeout", "onResponse", "onAttempt"].includes(name),
          )
        )
          return false;
        let batch = pending.find(
          (other) =>
            other.endpoint.length === endpoint.length &&
            other.endpoint.every((value, i) => value === endpoint[i]),
        );
        if (!batch) pending.push((batch = { endpoint, post, calls: [], ended: 0 }));
        const { calls } = batch;
        // (A throwing `onAttempt` is said once, through the client's `quietly`, as an unbatched
        // call's is.)
        const member: Member = {
          call,
          // (Only ever given this `call`, a `C`: the member's type cannot say so.)
          settle: settle as Member["settle"],
          tell:
            onAttempt &&
            inContext((record) => quietly("onAttempt", () => onAttempt(record), record.operation)),
        };
        // An abort rejects this caller on its own and takes it out of a batch not sent yet (a batch
        // left empty is not sent; one sent, left by all its callers, is stopped). The engine words
        // the error (its message, operation and redacted cause): asked with the aborted signal, it
        // rejects with the very AbortError an unbatched call gets, sending nothing.
        const unwatch =
          signal &&
          watchAbort(signal, () => {
            if (!end(member, batch)) return;
            // (A batch left empty, or sent and left by all its callers.)
            if (batch.ended === calls.length)
              if (pending.includes(batch)) unqueue(batch);
              else batch.controller!.abort();
            const id = call.request.method;
            // (Its `attempts`: the batch request's, when sent, until now. The engine's own count
            // is 0: it sends nothing with the aborted signal.)
            const attempts = batch.sent?.attempts ?? 0;
            post(call.text, { id, idempotent: true }, { signal }).catch((error) =>
              call.reject(ofOperation(Object.assign(error, { attempts }), id)),
            );
          });
        member.stop = unwatch;
        // The call's `attempts`, read where the call's options are (a coalesced request's callers
        // read it there when they leave): the batch request's, once sent.
        Object.defineProperty(options, "attempts", { get: () => batch.sent?.attempts ?? 0 });
        const waiting = calls.push(member) - batch.ended;
        if (waiting >= maxSize) flush(batch);
        else if (waiting === 1) {
          const send = () => flush(batch);
          if (wait > 0) batch.timer = setTimeout(send, wait);
          // (A promise's callback, not `queueMicrotask`, which fake timers replace by default in
          // Jest: a test's batched calls were never sent.)
          else void Promise.resolve().then(send);
        }
        return true;
      };
    },
  };
};
