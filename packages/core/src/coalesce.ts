/** Opt-in request coalescing: the `coalesce` client option. */
import { watchAbort } from "./abort.js";
import { ownCopy } from "./internal/stack.js";

/**
 * Lets identical calls made in the same tick share one request. Made by {@link createCoalescer};
 * given to clients as their `coalesce` option.
 */
export interface Coalescer {
  /**
   * A client's way in (its transports'): the promise of a call that shares a request, or
   * `undefined` for a call that must go alone (a write, an aborted signal, a per-call option
   * other than `signal`). `start(signal)` sends the request and settles with its value; the
   * first identical call of the tick starts it, with a signal that aborts only once every call
   * sharing it has aborted. A call whose own `signal` aborts rejects at once, alone, as
   * `start(signal)` rejects with that aborted signal (the engine sends nothing). The first call
   * gets the value, the others `copy(value)`, and an error's copy, each its own. (Kept in the
   * declarations: without its members, `Coalescer` would be an empty type, and any object would
   * type-check as the `coalesce` option.)
   */
  share<T>(
    /** What makes two clients' requests interchangeable, compared item by item with `===`. */
    endpoint: readonly unknown[],
    /** The request, but what differs between identical calls (a JSON-RPC id). */
    key: string,
    /**
     * The call's operation, its descriptor (calls of two descriptors of one method never share):
     * a write (`idempotent: false`) is never shared.
     */
    operation: { idempotent: boolean },
    /** The call's options, as checked. */
    options: { signal?: AbortSignal | undefined },
    /**
     * Sends the request, stopped by `signal`. The shared request's is given `sent`, to set
     * `sent.options` to the options the engine sends it with: a caller that leaves counts their
     * `attempts`.
     */
    start: (signal: AbortSignal, sent?: { options?: object }) => Promise<T>,
    /**
     * Each later caller's copy of the value, given the coalescer's copy of a parsed answer (JSON's
     * values, u64 as `bigint`) to apply to what it holds.
     * @default (value, copyParsed) => copyParsed(value)
     */
    copy?: (value: T, copyParsed: <V>(value: V) => V) => T,
  ): Promise<T> | undefined;
}

/**
 * A deep copy of a parsed answer: JSON's values, u64 as `bigint`. (Not `structuredClone`, which
 * React Native does not have.)
 */
const copyParsed = (value: any): any =>
  value && typeof value == "object"
    ? Array.isArray(value)
      ? value.map(copyParsed)
      : Object.fromEntries(
          Object.entries(value).map(([name, member]) => [name, copyParsed(member)]),
        )
    : value;

/**
 * Coalesces identical calls made in the same tick (before the next microtask) into one
 * request, as Solana Kit's transport does: ten components asking for one asset as a page renders
 * cost one request and one call's credits. Identical is the same client endpoint (URL, key,
 * headers, fetch, limits, logger), the same operation and the same params written alike (members
 * in the same order); JSON-RPC and REST reads alike. A write that is not idempotent goes alone
 * (`sendTransaction` is idempotent: it is shared), and so do every page of a page walk and a call
 * with any per-call option but `signal`: each caller's own `signal` ends its own call at once,
 * with the `AbortError` it gets alone, and the shared request is stopped only when every caller
 * has aborted. Each caller gets its own copy of the result, or of the error.
 *
 * Calls of later ticks are not joined to a request already on its way: a read made after a write
 * settles (a `sendTransaction`, a webhook edit) is never answered by a request sent before it.
 *
 * ```ts
 * const das = createDasClient({ coalesce: createCoalescer() });
 * ```
 * Clients given the same coalescer and otherwise equal options share its requests, as the
 * areas of one `createChainDataClient` do. With a `batch`er as well, a shared call rides the batch
 * once.
 */
export const createCoalescer = (): Coalescer => {
  /** A request shared by the calls of this tick; `waiting` counts those that have not left it. */
  type Shared = {
    endpoint: readonly unknown[];
    key: string;
    operation: object;
    controller: AbortController;
    sent: { options?: { attempts?: number } };
    promise: Promise<unknown>;
    waiting: number;
  };
  /** This tick's requests; `undefined` between ticks. */
  let shared: Shared[] | undefined;
  return {
    share(endpoint, key, operation, options, start, copy = copyParsed) {
      const { signal } = options;
      if (
        !operation.idempotent ||
        signal?.aborted ||
        Object.entries(options).some(([name, value]) => value !== undefined && name !== "signal")
      )
        return;
      if (!shared) {
        shared = [];
        // (A promise's callback, not `queueMicrotask`: fake timers replace that by default in
        // Jest.)
        void Promise.resolve().then(() => (shared = undefined));
      }
      let request = shared.find(
        (other) =>
          other.key === key &&
          // (The same descriptor, not only the same name: a caller's own descriptor of a method
          // may check and revive its answer otherwise, `optionalBody` or `u64`.)
          other.operation === operation &&
          // (Not a request its callers all left, aborted: a call made since, in the same tick,
          // would get the AbortError of a signal it never had.)
          !other.controller.signal.aborted &&
          other.endpoint.length === endpoint.length &&
          other.endpoint.every((value, i) => value === endpoint[i]),
      );
      const first = !request;
      if (!request) {
        const controller = new AbortController();
        const sent = {};
        shared.push(
          (request = {
            endpoint,
            key,
            operation,
            controller,
            sent,
            promise: start(controller.signal, sent),
            waiting: 0,
          }),
        );
      }
      const { promise, controller, sent } = request;
      request.waiting++;
      return new Promise<any>((resolve, reject) => {
        let done: boolean | undefined;
        // Whether the call was still waiting; it no longer is.
        const leave = () => !done && ((done = true), unwatch?.(), request.waiting--, true);
        const unwatch =
          signal &&
          watchAbort(signal, () => {
            if (!leave()) return;
            if (!request.waiting) controller.abort();
            // Its AbortError counts the requests the shared one has handed to fetch (0 would say
            // that nothing left the process: for `sendTransaction`, safe to sign again), as a
            // call leaving a batch does. (The engine's own count is 0: the signal has aborted.)
            start(signal).then(resolve, (error: Error) =>
              reject(Object.assign(error, { attempts: sent.options?.attempts ?? 0 })),
            );
          });
        // Every caller's copy is made as the request settles, before any caller's code runs on
        // the first one's value (a promise's reactions run in turn, before what they schedule).
        promise.then(
          (value) => {
            // (A copy that throws, as a recursive one does on an answer nested deeper than the
            // stack, rejects its caller: it had left the call waiting for ever.)
            if (leave())
              try {
                resolve(first ? value : copy(value as never, copyParsed));
              } catch (error) {
                // (What the caller's own `copy` threw, passed on as it came.)
                // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
                reject(error);
              }
          },
          // (The request's own rejection, passed on as it came: an Error, or a callback's throw.)
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
          (error) => leave() && reject(first ? error : ownCopy(error)),
        );
      });
    },
  };
};
