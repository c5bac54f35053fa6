/** A client-side rate limiter, so a client stays under a documented limit (admin: 5 req/s). */
import { watchAbort } from "./abort.js";
import { knownOptions, messageValue, misconfigured } from "./config.js";
import { AbortError } from "./errors.js";
import { MAX_TIMER_MS } from "./internal/timer.js";

/**
 * A start given out: when (planned, until it happens), and whether it happened (else its caller
 * waits for it, on a timer due at `deadline`; `seen`: when the one before that was due). `until`:
 * for a start whose caller tells when its answer came (`answered`), `Infinity` until then, then
 * that time: its window counts from it (see `end`).
 */
type Slot = {
  at: number;
  started: boolean;
  until?: number | undefined;
  deadline?: number;
  seen?: number;
};

/**
 * The longest a start waits for its answer in the window (ms): the HTTP engine's default
 * `timeout`, by which an attempt of a client with default options has an answer or a failure
 * anyway. (A request still unanswered after a minute reached the server long before, if ever;
 * and on Workers a cancelled request's code never runs again: its start must not hold its place
 * forever.)
 */
const HOLD_MS = 60_000;

/** The limiter the HTTP engine (http.ts) calls before every attempt (retries included). */
export interface RateLimiter {
  /**
   * Resolves when a request may start; rejects with `AbortError` if `signal` aborts while waiting.
   * `answered`, if given, settles when the request's answer (its response headers) or its failure
   * is known. A request reaches the server between its start and its answer, so a limiter given it
   * can count the request until then: `createRateLimiter`'s does (without it, it counts from the
   * start). The HTTP engine passes one for every attempt; a limiter of your own may ignore it.
   * `logWait`, if given, is told when the request has to wait for its turn: a line to log, and the
   * wait in ms (`delay`). The HTTP engine passes one that writes it to the client's `logger.debug`,
   * so that a stall on a shared limiter shows in each waiting caller's log; `createRateLimiter`'s
   * tells it as a call starts to wait, again when a 429's `Retry-After` (`pause`) lengthens its
   * wait, and, behind a request not answered yet, each time its wait has more than doubled.
   */
  acquire(
    signal?: AbortSignal,
    answered?: PromiseLike<unknown>,
    logWait?: (message: string, meta: { delay: number }) => void,
  ): Promise<void>;
  /**
   * Holds every start for `ms` from now (a longer hold already set stays as it is). The HTTP
   * engine calls it on a 429 whose wait it would honour (a `Retry-After` up to 60 s, not the 429 of
   * credits used up), with that wait in ms (`undefined` where the answer names none: no hold), so
   * that the callers sharing the limiter wait it out too, rather than each meet the same cooldown
   * and spend a request on it. Optional: a limiter of your own without it works as before.
   */
  pause?(ms: number | undefined): void;
}

/** The options of {@link createRateLimiter}. */
export interface RateLimiterOptions {
  /**
   * Requests that may reach the server per second, e.g. `5` (the admin host's documented limit);
   * the limiter aims a tenth under it: `5` lets at most 5 reach it in any 1.1 s, `0.5` one in any
   * 2.2 s. Required (no default): a finite number > 0, at least one request per 22.5 days. Under 2,
   * one place: a request without an answer holds every call sharing the limiter until it is
   * answered or fails (its attempt's `timeout`, 60 s by default), a minute at most, and a window
   * more (core README, `rateLimit`).
   */
  requestsPerSecond: number;
}

/**
 * A sliding-window limiter aimed a tenth under the rate: at most `max(1, floor(requestsPerSecond))`
 * requests reach the server in any 1.1 × `that many / requestsPerSecond` seconds (for 5 per second:
 * 5 in any 1.1 s), however late each reaches it, and one that had to wait starts at least
 * `1.1 / requestsPerSecond` seconds after the one before (220 ms). A request reaches the server
 * after it starts and before its answer comes, so each counts in the window from its start until
 * its answer's headers (or its failure: refused, timed out, aborted) come, and a window after
 * that; a request still unanswered holds its place, up to a minute from its start. (Called without
 * `answered`, around requests of your own, a start counts from when it was made: a request that
 * reaches the server late may then share one of its windows with one more.) Waiters start in call
 * order, each on a timer of its own, so one limiter may be shared by
 * a Worker's requests. A waiter whose signal aborts rejects with `AbortError` and leaves the line,
 * and those behind it move up: each wakes at the turn of the one before it too, so the next in
 * line takes the turn it freed. One whose request is cancelled (on Workers) is dropped once a
 * later waiter's timer finds that its own, due earlier, has not run in time.
 *
 * The wait for a turn is not part of a call's `timeout` (a limit per attempt, from sending on): a
 * call's `signal` ends it. The limiter counts only the requests that go through it, in this
 * process: other processes using the same project (or key) are not counted. A 429's `Retry-After`
 * holds every caller sharing it (`pause`): none starts before that wait is over, so that callers
 * meeting a project-wide cooldown spend one request on it, not one each, and the retry waits its
 * turn after it, as any call. With a batcher, a
 * batch is one request, which waits its turn once closed; calls made meanwhile go into the next
 * batch, which waits for its own (give the batcher a `wait` near `1100 / requestsPerSecond` ms).
 * @throws ConfigurationError for options that are not an object (the rate alone), a
 * `requestsPerSecond` that is not a finite number > 0 (or is under one request per 22.5 days), or
 * an option name other than `requestsPerSecond`
 */
export const createRateLimiter = (options: RateLimiterOptions): RateLimiter => {
  // (A name it does not know, such as `burst`, would otherwise be silently ignored. `null` is no
  // options: the rate is then said to be missing, below.)
  if (typeof options === "object")
    knownOptions(options ?? {}, ["requestsPerSecond"], "rate limiter", "rateLimit.");
  // (The rate alone, `createRateLimiter(5)`, would otherwise be told its rate is undefined.)
  else if (options !== undefined)
    misconfigured(
      "rateLimit",
      `must be an object of rate limiter options: createRateLimiter({ requestsPerSecond }) (got ${typeof options})`,
    );
  const rate = options?.requestsPerSecond;
  // (A step no longer than a timer can wait: MAX_TIMER_MS.)
  if (!(typeof rate === "number" && rate > 0 && rate < Infinity && 1100 / rate <= MAX_TIMER_MS))
    misconfigured(
      "rateLimit.requestsPerSecond",
      `must be a finite number > 0, at least one request per 22.5 days (got ${messageValue(rate)})`,
    );
  // Why this shape (see also docs/decisions/0009-one-runtime-per-process.md):
  // - A start counts in the window until its answer came (`answered`), not from when it was sent:
  //   a first burst opening its connections reaches the server a handshake late (two round trips,
  //   150 to 300 ms behind a proxy) and the sixth, a window later on a connection
  //   already open, at once: 6 or 7 in one of the server's seconds, which a server counting over a
  //   sliding second rejects. A request reaches the server between its start and its answer: a
  //   window from the answer leaves at most `burst` in any window at the server, whatever the
  //   lateness. The cost is the latency, once per `burst` starts: at 5 per second against a server
  //   answering in 150 ms, 4.0 starts per second rather than 4.5.
  // - A start that fails before it reaches the server (refused, a DNS failure) or is aborted or
  //   times out is counted until the failure is known, as an answer: the engine cannot tell
  //   whether the request got there (it may have, its answer lost).
  // - One still unanswered holds its place (so a request hung until its timeout lets none go
  //   beside it), up to HOLD_MS from its start, the default timeout: a Worker's request cancelled
  //   meanwhile never tells its answer.
  // - The tenth under the rate: it covered the lateness before starts were held until answered
  //   (100 ms of it), and still covers it for a caller that does not tell its answers; with them,
  //   it is a margin for the server's own clock and window edges, and it keeps the step and the
  //   timings documented. A token bucket that starts full lets twice the rate through in the first
  //   second; waiters released in bursts exactly a window apart are as fragile as none.
  // - A start per call, given when it is made, and a timer per waiter, set only by that waiter's
  //   own code (its `acquire`, or its timer), so no call waits on another's timer or is settled by
  //   another's code: on Workers a timer dies with the request that set it (a limiter shared by
  //   requests hung them), and a promise settled from another request's code is at best warned of.
  // - A waiter that leaves the line (aborted) frees its turn, and those behind it move up: each
  //   wakes for its own start, and also for that of the one before it (the turn it takes should
  //   that one leave) or halfway to its own, if sooner, planning its start again each time. The
  //   aborting code cannot move their timers (on Workers, another request's), so a turn freed
  //   after the next in line set its last timer before it (several leaving together just before
  //   their turns) can go unused.
  // - Starts keep call order: a waiter starts only once those before it have started, or were
  //   dropped as gone (see `wait`).
  // - A start counts from when it happened, not from when it was planned, so a timer that fires
  //   late (a busy event loop) pushes the next ones back rather than letting them crowd in, and
  //   calls made then go after it (they started beside it, over the rate).
  // - A start given at once counts from when its caller goes on (and sends its request), not from
  //   the `acquire`: calls made in one tick each run their setup first, so the first burst was sent
  //   after all of them (150 to 550 ms for 500 to 3,000 calls), and waiters timed
  //   from the early start reached the server beside it (8 in a second at 5 per second). Hence a
  //   waiter, when its timer fires, keeps its distance from the starts before it as they are now.
  const burst = Math.max(1, Math.floor(rate));
  // The least time between two waiters' starts, and the window that holds `burst` starts.
  const step = 1100 / rate;
  const window = burst * step;
  // The starts given out, in the order they go, on a monotonic clock (after the wall clock is set
  // back, past starts would never leave the window): those made, and after them those of waiters
  // not started yet.
  const slots: Slot[] = [];
  // Until when a start made counts in the window, as known `now`: until its answer came (no later
  // than `HOLD_MS` after it), `now` while it waits for one, its own time if its caller tells none.
  const end = (s: Slot, now: number) => Math.min(Math.max(s.at, s.until ?? 0), s.at + HOLD_MS, now);
  // The ends of the `made` starts made (the first in line: the waiters come after them), latest
  // first: starts made in order may be answered in any order.
  const ends = (made: number, now: number) =>
    slots
      .slice(0, made)
      .map((s) => end(s, now))
      .sort((a, b) => b - a);
  // When the window has room for the start at `i` in line (`latest`: `ends(made, now)`, needed only
  // while fewer than `burst` wait before it): a window after the `burst`-th latest start before
  // it, `-Infinity` while fewer go before it. Waiters are planned no earlier than `now` (an
  // unanswered start counts as ending then: a waiter behind it wakes then, and plans again), so
  // after every start made: the latest before a waiter are the waiters before it, then the starts
  // made whose windows end last.
  const freeAt = (i: number, made: number, latest: () => number[]) =>
    (i - made < burst ? (latest()[burst - 1 - i + made] ?? -Infinity) : slots[i - burst]!.at) +
    window;
  // How many starts were made: the first in line (the waiters come after them).
  const made = () => {
    let n = 0;
    while (slots[n]?.started) n++;
    return n;
  };
  // Starts given at once whose callers have not gone on yet: they will send no earlier than now.
  const going = new Set<Slot>();
  // No start before this (`pause`: a 429's wait), on the same clock.
  let pausedUntil = 0;
  // Plans the waiters' starts again, in line order, from the starts made: each at least a step
  // after the one before it and a window after the start `burst` back, none before now, nor
  // before its own timer runs next (nor, so, the waiters after it). Run when a waiter's timer
  // runs, so those behind one that left move up; and before a call is placed when the first
  // waiter is overdue (its timer is late: a busy event loop), so that no call goes before it or
  // beside it, and the waiters after it move back as much, keeping their distance.
  const plan = (now: number) => {
    for (const s of going) s.at = now;
    const n = made();
    const latest = ends(n, now);
    slots.forEach((s, i) => {
      if (!s.started)
        s.at = Math.max(
          now,
          pausedUntil,
          s.deadline ?? 0,
          i ? slots[i - 1]!.at + step : 0,
          freeAt(i, n, () => latest),
        );
    });
  };

  return {
    // (A waiter planned before the pause finds it when its timer runs, which is no later than its
    // start, and sets its timer again: nothing here touches another caller's timer, as on Workers
    // it may not.)
    pause(ms) {
      if (ms !== undefined && ms > 0)
        pausedUntil = Math.max(pausedUntil, performance.now() + Math.min(ms, MAX_TIMER_MS));
    },
    acquire(signal, answered, logWait) {
      if (signal?.aborted)
        return Promise.reject(new AbortError("The request was aborted", undefined, signal.reason));
      const now = performance.now();
      for (const s of going) s.at = now;
      // The starts made (`n`, the first in line) whose windows are over leave it. (Not only from
      // the front: those answered late, or not yet, stay while later ones leave.)
      let n = 0;
      while (slots[n]?.started)
        if (end(slots[n]!, now) <= now - window) slots.splice(n, 1);
        else n++;
      // (Only then: planning the whole line again for every call slowed a burst of thousands of
      // calls made in one tick. A new call placed after waiters planned late moves up when its
      // timer runs. And once after a pause, so that a call made during it is placed, and its wait
      // logged, after the waiters it holds.)
      if ((slots[n]?.at ?? now) < Math.max(now, pausedUntil)) plan(now);
      // When the window has room for one more start (now, or when the start `burst` back leaves
      // it); a call that has to wait also starts at least a step after the last one.
      const room = Math.max(
        now,
        pausedUntil,
        freeAt(slots.length, n, () => ends(n, now)),
      );
      // (While one waits, a new call goes after it, a step later: in call order.)
      const last = slots[slots.length - 1];
      const slot: Slot = {
        at: room > now || (last && !last.started) ? Math.max(room, last ? last.at + step : 0) : now,
        started: false,
        until: answered && Infinity,
      };
      slots.push(slot);
      // Counted until its answer, once its caller tells it (`Infinity` until then; a rejection is
      // an answer too: the request is over). Only a field is set: the answer comes in its caller's
      // code, which on Workers must not set another caller's timer.
      const mark = () => (slot.until = performance.now());
      answered?.then(mark, mark);
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
        // Tells the caller's log how long it waits from now (`again`: its wait lengthened), and,
        // while a 429's wait holds every start, for how long it does: a caller held by another's
        // `Retry-After` logs nothing else. (The pause's own length, not "why": a caller far back
        // in line waits mostly for the queue.) `told`: the start it was last told, told again only
        // when a pause outlasts it, or when it has moved later by more than the wait told so far
        // (not at each plan that moves it by a few ms; see `wait`).
        // `again`, when told again (the line then starts "now"): what ends the line where no pause
        // says why (`""` for a pause). What `logWait` throws is ignored: it may run in a timer,
        // where it would be uncaught. (`asked`: when the call asked for its turn.)
        let told = slot.at;
        const asked = now;
        const tell = (now: number, again?: string) => {
          const ms = Math.ceil(slot.at - now);
          const held = Math.ceil(pausedUntil - now);
          told = slot.at;
          try {
            logWait?.(
              `${again != null ? "now " : ""}waiting ${ms} ms for the rate limiter${held > 0 ? ` (a 429's Retry-After holds every start for ${held} ms)` : (again ?? "")}`,
              { delay: ms },
            );
          } catch {}
        };
        // Sets this waiter's timer (`due`: for a given time): for its start or, while the one
        // before it waits too, for that one's start (the turn this one takes, should that one leave
        // the line) or halfway to its own start, if sooner (so that a waiter far back moves up as
        // those before it leave: about log2 of its place in line wakes in all).
        const arm = (now: number, due?: number) => {
          const before = slots[slots.indexOf(slot) - 1];
          due ??=
            before && !before.started && before.at > now
              ? Math.min(before.at, (now + slot.at) / 2)
              : slot.at;
          const ms = Math.ceil(due - now);
          slot.deadline = now + ms;
          timer = setTimeout(wait, ms);
        };
        const wait = () => {
          const now = performance.now();
          const seen = slot.seen;
          slot.seen = slot.deadline;
          // Taken for gone by a later waiter's timer (see below): its own ran later than the pass
          // it was due in. It comes back first in line, after those that started meanwhile,
          // rather than start uncounted (the one case in which a call goes out of call order).
          if (!slots.includes(slot)) {
            const first = slots.findIndex((s) => !s.started);
            slots.splice(first < 0 ? slots.length : first, 0, slot);
          }
          // The waiters before this one whose timers were due and have not run. Timers run in
          // passes, each running those due by then, in no set order (Node's goes list by list, one
          // list per delay: one due later may run first). One due before a timer of this waiter
          // that ran in an earlier pass would have run in that pass, or before: it is gone (on
          // Workers its request was cancelled, and its timer with it), and is dropped, not waited
          // for. Otherwise this waiter lets the timers due now run first, and looks again: starts
          // keep call order, and a waiter whose timer died holds no one up for more than a pass.
          // Known gone: due 2 ms or more before `seen`, this waiter's own timer of an earlier pass
          // (none on its first run: no waiter is known gone then). (2 ms: a timer's delay is a
          // whole number of milliseconds, on a clock of its own.)
          const knownGone = (waiter: Slot) => seen !== undefined && seen - waiter.deadline! >= 2;
          let first = slots.find((s) => !s.started)!;
          while (first !== slot && first.deadline! < now) {
            if (!knownGone(first)) return arm(now, now + 1);
            slots.splice(slots.indexOf(first), 1);
            first = slots.find((s) => !s.started)!;
          }
          // (Checked again when the timer fires: it may fire early by under a millisecond, or
          // late, or after a start before it moved later: a late one, or one sent late; or, after
          // one before it left the line, before its time.)
          plan(now);
          if (slot.at > now) {
            if (pausedUntil > told) tell(now, "");
            // A start made and not answered yet holds its place, a minute at most (a request hung
            // until its timeout; under 2 per second, the one place): the waiters behind it are
            // planned a window after each wake. Told when the wait has more than doubled, a few
            // lines a minute, not one a window (leftovers 67).
            else if (
              slot.at - told > told - asked &&
              slots.some((s) => s.started && s.until! > now)
            )
              tell(
                now,
                ` (${Math.round(now - asked)} ms so far: a request not answered yet holds its place)`,
              );
            return arm(now);
          }
          slot.started = true;
          unwatch?.();
          resolve();
        };
        // A waiter that leaves frees its turn: the next in line wakes then (see `arm`) and takes
        // it. (Their timers are their own, not set here: on Workers, a timer set by another
        // request's code dies with that request.)
        const unwatch =
          signal &&
          watchAbort(signal, () => {
            clearTimeout(timer);
            if (slots.includes(slot)) slots.splice(slots.indexOf(slot), 1);
            reject(new AbortError("The request was aborted", undefined, signal.reason));
          });
        tell(now);
        arm(now);
      });
    },
  };
};
