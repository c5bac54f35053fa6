/** A client-side rate limiter, so a client stays under a documented limit (admin: 5 req/s). */
import { got, knownOptions, misconfigured } from "./config.js";
import { AbortError } from "./errors.js";
import { watchAbort } from "./internal/abort.js";

const MAX_TIMER_MS = 2 ** 31 - 1;

/** The limiter the transport calls before every attempt (retries included). */
export interface RateLimiter {
  /** Resolves when a request may start; rejects with `AbortError` if `signal` aborts while waiting. */
  acquire(signal?: AbortSignal): Promise<void>;
}

/**
 * A sliding-window limiter: at most `max(1, floor(requestsPerSecond))` requests start in any
 * window of `that many / requestsPerSecond` seconds (for 5 per second: 5 in any second). The
 * first ones start at once; later ones wait for the oldest start to leave the window. (A token
 * bucket that starts full lets twice the rate through in the first second, which a server
 * counting over a sliding second rejects.) Waiters are served in call order. An aborted waiter
 * gives its slot back unless a later waiter still waits on a time planned around it; slots freed
 * that way come back together (so a controller that cancels many waiters at once, oldest first,
 * does not push later calls back by their whole queue).
 * @throws ConfigurationError for a `requestsPerSecond` that is not a finite number > 0 (or is
 * under one request per 24.8 days), or an option name other than `requestsPerSecond`
 */
export function createRateLimiter(options: {
  /** Requests that may start per second, e.g. `5` (the admin host's documented limit); `0.5` is one every 2 s. */
  requestsPerSecond: number;
}): RateLimiter {
  // (A name it does not know, such as `burst`, would otherwise be silently ignored.)
  if (typeof options === "object")
    knownOptions(options, ["requestsPerSecond"], "rate limiter", "rateLimit.");
  const rate = options?.requestsPerSecond;
  // (A timer cannot wait longer than 2^31 - 1 ms: it would fire at once.)
  if (!(typeof rate === "number" && rate > 0 && rate < Infinity && 1000 / rate <= MAX_TIMER_MS))
    misconfigured(
      "rateLimit.requestsPerSecond",
      `must be a finite number > 0, at least one request per 24.8 days (got ${got(rate)})`,
    );
  const burst = Math.max(1, Math.floor(rate));
  const window = (burst * 1000) / rate;
  // Start times, ascending: past ones still inside the window, then reserved future ones (those
  // of aborted waiters marked until no later reservation depends on them).
  const starts: { at: number; aborted?: boolean }[] = [];
  return {
    acquire(signal) {
      // (A monotonic clock: after the wall clock is set back, past starts would never leave the
      // window, and every call would wait as long as the step.)
      const now = performance.now();
      while (starts.length && starts[0]!.at <= now - window) starts.shift();
      const slot: (typeof starts)[number] = {
        at: starts.length < burst ? now : Math.max(now, starts[starts.length - burst]!.at + window),
      };
      starts.push(slot);
      if (slot.at <= now && !signal?.aborted) return Promise.resolve();
      return sleep(slot.at - now, signal).catch((error) => {
        slot.aborted = true;
        while (starts[starts.length - 1]?.aborted) starts.pop();
        throw error;
      });
    },
  };
}

/**
 * Resolves after `ms`; rejects with {@link AbortError} as soon as `signal` aborts. The timer
 * and the abort listener are removed either way.
 */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted)
      return reject(new AbortError("The request was aborted", undefined, signal.reason));
    const timer = setTimeout(() => {
      unwatch?.();
      resolve();
    }, ms);
    const unwatch =
      signal &&
      watchAbort(signal, () => {
        clearTimeout(timer);
        reject(new AbortError("The request was aborted", undefined, signal.reason));
      });
  });
}
