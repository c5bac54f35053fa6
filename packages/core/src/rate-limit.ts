/** A client-side rate limiter, so a client stays under a documented limit (admin: 5 req/s). */
import { watchAbort } from "./abort.js";
import { knownOptions, messageValue, misconfigured } from "./config.js";
import { AbortError } from "./errors.js";

const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A start given out: when, and whether it happened (else its caller waits for it, on a timer due
 * at `deadline`).
 */
type Slot = { at: number; started: boolean; deadline?: number };

/** The limiter the transport calls before every attempt (retries included). */
export interface RateLimiter {
  /** Resolves when a request may start; rejects with `AbortError` if `signal` aborts while waiting. */
  acquire(signal?: AbortSignal): Promise<void>;
}

/**
 * A sliding-window limiter aimed a tenth under the rate, so that a request reaching the server a
 * little late stays within its second: at most `max(1, floor(requestsPerSecond))` requests start in
 * any 1.1 × `that many / requestsPerSecond` seconds, and one that had to wait starts at least
 * `1.1 / requestsPerSecond` seconds after the one before (for 5 per second: 5 in any 1.1 s, 220 ms
 * apart). Waiters start in call order, each on a timer of its own, so one limiter may be shared by
 * a Worker's requests. A waiter whose signal aborts rejects with `AbortError` and leaves the line
 * (its turn goes unused unless it was the last in line);
 * one whose request is cancelled (on Workers) is dropped when the next waiter's timer runs.
 *
 * The wait for a turn is not part of a call's `timeout` (a limit per attempt, from sending on): a
 * call's `signal` ends it. The limiter counts only the requests that go through it, in this
 * process: other processes using the same project (or key) are not counted. Nor does it slow down
 * after a 429: a retry waits the answer's `Retry-After`, then its turn again. With a batcher, a
 * batch is one request, which waits its turn once closed; calls made meanwhile go into the next
 * batch, which waits for its own (give the batcher a `wait` near `1100 / requestsPerSecond` ms).
 * @throws ConfigurationError for options that are not an object (the rate alone), a
 * `requestsPerSecond` that is not a finite number > 0 (or is under one request per 22.5 days), or
 * an option name other than `requestsPerSecond`
 */
export function createRateLimiter(options: {
  /**
   * Requests that may start per second, e.g. `5` (the admin host's documented limit); the limiter
   * aims a tenth under it: `5` starts at most 5 in any 1.1 s, `0.5` one every 2.2 s.
   */
  requestsPerSecond: number;
}): RateLimiter {
  // (A name it does not know, such as `burst`, would otherwise be silently ignored.)
  if (typeof options === "object")
    knownOptions(options, ["requestsPerSecond"], "rate limiter", "rateLimit.");
  // (The rate alone, `createRateLimiter(5)`, would otherwise be told its rate is undefined.)
  else if (options !== undefined)
    misconfigured(
      "rateLimit",
      `must be an object of rate limiter options: createRateLimiter({ requestsPerSecond }) (got ${typeof options})`,
    );
  const rate = options?.requestsPerSecond;
  // (A timer cannot wait longer than 2^31 - 1 ms: it would fire at once.)
  if (!(typeof rate === "number" && rate > 0 && rate < Infinity && 1100 / rate <= MAX_TIMER_MS))
    misconfigured(
      "rateLimit.requestsPerSecond",
      `must be a finite number > 0, at least one request per 22.5 days (got ${messageValue(rate)})`,
    );
  // Why this shape (user trials 7, 15 and 18; docs/decisions/0009-one-runtime-per-process.md):
  // - The tenth under the rate: a first burst opening its connections reached the server up to
  //   30 ms late, and a sixth request then fell within one of its seconds, which a server counting
  //   over a sliding second rejects. Up to 100 ms of such lateness now leaves 5 in every second. A
  //   token bucket that starts full lets twice the rate through in the first second; waiters
  //   released in bursts exactly a window apart are as fragile as none.
  // - A start per call, given when it is made, and a timer per waiter, so no call waits on
  //   another's: on Workers a timer dies with the request that set it (a limiter shared by requests
  //   hung them). A waiter whose request was cancelled is found gone by `catchUp`.
  // - An aborted waiter leaves the line: if it was the last, the next call takes its turn;
  //   otherwise its turn goes unused (those behind it keep their times and timers).
  // - A start counts from when it happened, not from when it was planned, so a timer that fires
  //   late (a busy event loop) pushes the next ones back rather than letting them crowd in, and
  //   calls made then go after it (they started beside it, over the rate).
  // - A start given at once counts from when its caller goes on (and sends its request), not from
  //   the `acquire`: calls made in one tick each run their setup first, so the first burst was sent
  //   after all of them (150 to 550 ms for 500 to 3,000 calls, user trial 22), and waiters timed
  //   from the early start reached the server beside it (8 in a second at 5 per second). Hence a
  //   waiter, when its timer fires, keeps its distance from the starts before it as they are now.
  const burst = Math.max(1, Math.floor(rate));
  // The least time between two waiters' starts, and the window that holds `burst` starts.
  const step = 1100 / rate;
  const window = burst * step;
  // The starts given out, in the order they go, on a monotonic clock (after the wall clock is set back, past
  // starts would never leave the window): those made, and those of waiters not started yet.
  const slots: Slot[] = [];
  // Starts given at once whose callers have not gone on yet: they will send no earlier than now.
  const going = new Set<Slot>();
  // The first waiter in line whose time has passed (its timer is late: a busy event loop) starts
  // no earlier than now, and the waiters after it move back as much, to keep their distance. Run
  // before a call is placed or started, so that no call, new or waiting, goes before it or beside
  // it (a waiter moved back keeps its earlier timer, which may fire before the first one's), and
  // an overdue waiter is never taken for a start a window old (that let it start beside others,
  // over the limit). `deadline`: when the timer running this was due, if a waiter's. Timers run
  // in about the order they are due, so a first waiter whose own timer was due earlier and has not
  // run is taken for gone (on Workers, its request was cancelled, and its timer with it): it is
  // dropped, not waited for. (2 ms: a timer's delay is rounded up to a whole millisecond. If its
  // timer runs after all, late, it comes back: see `wait`.)
  const catchUp = (now: number, deadline = -Infinity) => {
    for (let first; (first = slots.find((s) => !s.started)) && first.at < now;) {
      if (deadline - first.deadline! >= 2) {
        slots.splice(slots.indexOf(first), 1);
        continue;
      }
      for (const s of slots) if (!s.started && s.at > first.at) s.at += now - first.at;
      first.at = now;
      return;
    }
  };

  return {
    acquire(signal) {
      if (signal?.aborted)
        return Promise.reject(new AbortError("The request was aborted", undefined, signal.reason));
      const now = performance.now();
      for (const s of going) s.at = now;
      catchUp(now);
      while (slots.length && slots[0]!.started && slots[0]!.at <= now - window) slots.shift();
      // When the window has room for one more start (now, or when the start `burst` back leaves
      // it); a call that has to wait also starts at least a step after the last one.
      const room = slots.length < burst ? now : slots[slots.length - burst]!.at + window;
      // (While one waits, a new call goes after it, a step later: in call order.)
      const last = slots[slots.length - 1];
      const slot: Slot = {
        at: room > now || (last && !last.started) ? Math.max(room, last!.at + step) : now,
        started: false,
      };
      slots.push(slot);
      if (slot.at <= now) {
        slot.started = true;
        going.add(slot);
        // Stamped by a callback of the very promise the caller awaits, registered first: it runs
        // right before the caller goes on (and sends), however many calls were made in this tick.
        const go = Promise.resolve();
        void go.then(() => {
          slot.at = performance.now();
          going.delete(slot);
        });
        return go;
      }
      return new Promise((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const wait = () => {
          const now = performance.now();
          // Taken for gone by a later waiter's timer, which ran first: timers run in the order
          // they are due only roughly, once late (a busy event loop). It comes back first in line,
          // after those that started meanwhile, rather than start uncounted.
          if (!slots.includes(slot)) {
            const first = slots.findIndex((s) => !s.started);
            slots.splice(first < 0 ? slots.length : first, 0, slot);
            slot.at = now;
          }
          catchUp(now, slot.deadline);
          // (Checked again when the timer fires: it may fire early by under a millisecond, or
          // late, or after a start before it moved later: a late one, or one sent late.)
          const i = slots.indexOf(slot);
          slot.at = Math.max(
            slot.at,
            i < burst ? 0 : slots[i - burst]!.at + window,
            i ? slots[i - 1]!.at + step : 0,
          );
          if (slot.at > now) {
            slot.deadline = slot.at;
            return void (timer = setTimeout(wait, Math.ceil(slot.at - now)));
          }
          slot.started = true;
          unwatch?.();
          resolve();
        };
        const unwatch =
          signal &&
          watchAbort(signal, () => {
            clearTimeout(timer);
            if (slots.includes(slot)) slots.splice(slots.indexOf(slot), 1);
            reject(new AbortError("The request was aborted", undefined, signal.reason));
          });
        wait();
      });
    },
  };
}
