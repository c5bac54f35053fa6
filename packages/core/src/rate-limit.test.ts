import { getEventListeners } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AttemptRecord } from "./config.js";
import { AbortError, ConfigurationError } from "./errors.js";
import { walletHost } from "./generated/environments.js";
import { createRateLimiter, type RateLimiter } from "./rate-limit.js";
import { hang, jsonResponse, sendRequest, settle, stubFetch } from "./test-support/testing.js";
import { createRestTransport } from "./rest.js";

describe("createRateLimiter", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("lets requestsPerSecond through at once, the next ones one by one (220 ms apart) as the first leave the 1.1-second window", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    const started: number[] = [];
    const t0 = Date.now();
    const all = Array.from({ length: 8 }, () =>
      limiter.acquire().then(() => started.push(Date.now() - t0)),
    );
    await vi.advanceTimersByTimeAsync(1540);
    await Promise.all(all);
    expect(started).toEqual([0, 0, 0, 0, 0, 1100, 1320, 1540]);
  });

  it("aims a tenth under the rate, so a first burst that reaches the server up to 100 ms late leaves 5 in every second of the server's", async () => {
    // Released in bursts exactly a second apart, a burst that arrives 100 ms late (opening its
    // connections) shares a second of the server's with the next whole burst: 10 at 5 per second.
    // Spread 200 ms apart from a one-second window, it shared one with a sixth (user trial 7: a
    // first burst 30 ms late).
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    const started: { call: number; at: number }[] = [];
    const t0 = Date.now();
    const all = Array.from({ length: 20 }, (_, call) =>
      limiter.acquire().then(() => started.push({ call, at: Date.now() - t0 })),
    );
    await vi.advanceTimersByTimeAsync(5000);
    await Promise.all(all);
    expect(started.map((s) => s.call)).toEqual([...Array(20).keys()]); // in call order
    const arrivals = started.map(({ call, at }) => at + (call < 5 ? 100 : 0));
    const inOneSecond = (t: number) => arrivals.filter((u) => u >= t && u < t + 1000).length;
    expect(Math.max(...arrivals.map(inOneSecond))).toBe(5);
    for (let i = 6; i < 20; i++)
      expect(started[i]!.at - started[i - 1]!.at).toBeGreaterThanOrEqual(220);
  });

  it("counts a start from when it happened, not when it was planned: a timer that fires late pushes the next start back", async () => {
    // The fake clock fires every timer on time; a busy event loop fires one late. `performance.now`
    // is made to read 60 ms ahead while the second start's timer runs, and on time again after.
    const limiter = createRateLimiter({ requestsPerSecond: 1 });
    const now = performance.now.bind(performance);
    let late = 0;
    vi.spyOn(performance, "now").mockImplementation(() => now() + late);
    const started: number[] = [];
    const all = [0, 1, 2].map(() => limiter.acquire().then(() => started.push(performance.now())));
    await vi.advanceTimersByTimeAsync(1099);
    late = 60;
    await vi.advanceTimersByTimeAsync(1);
    late = 0;
    await vi.advanceTimersByTimeAsync(2200);
    await Promise.all(all);
    expect(started).toHaveLength(3);
    expect(started[2]! - started[1]!).toBeGreaterThanOrEqual(1100);
  });

  it("after a busy event loop, overdue waiters start first, in call order, a step apart, and never more than the rate in a window (user trial 18)", async () => {
    // The loop is blocked for `block` ms: the clock moves on, but no timer fires until it is free,
    // and calls made right after it are made before the overdue waiters' timers run.
    for (const block of [300, 3500]) {
      const limiter = createRateLimiter({ requestsPerSecond: 5 });
      const now = performance.now.bind(performance);
      let ahead = 0;
      vi.spyOn(performance, "now").mockImplementation(() => now() + ahead);
      const started: { call: number; at: number }[] = [];
      const t0 = performance.now();
      const call = (n: number) =>
        limiter.acquire().then(() => started.push({ call: n, at: performance.now() - t0 }));
      const all = Array.from({ length: 10 }, (_, n) => call(n)); // 5 at once, 5 waiting
      await vi.advanceTimersByTimeAsync(1000);
      ahead = block + 200; // the loop is busy from 1.0 s to 1.2 s + block: the 1.1 s timer is overdue
      all.push(...Array.from({ length: 5 }, (_, n) => call(10 + n)));
      await vi.advanceTimersByTimeAsync(10_000);
      await Promise.all(all);
      vi.mocked(performance.now).mockRestore();
      expect(
        started.map((s) => s.call),
        `block ${block}`,
      ).toEqual([...Array(15).keys()]);
      const inWindow = (t: number) => started.filter(({ at }) => at >= t && at < t + 1100).length;
      expect(Math.max(...started.map(({ at }) => inWindow(at))), `block ${block}`).toBe(5);
      for (let i = 6; i < 15; i++)
        expect(started[i]!.at - started[i - 1]!.at, `block ${block}`).toBeGreaterThanOrEqual(220);
    }
  });

  it("counts a start from when its caller goes on to send it, not from when acquire was called: many calls made in one tick stay within the rate (user trial 22)", async () => {
    // Many calls made at once: each runs its setup (validation, building the request)
    // synchronously, so those that may start at once reach fetch only after the setup of every
    // call made in the same tick, here 40 ms each. Counted from their `acquire`, the waiters' timers
    // ran from the early time, and reached the server a window after it, beside the late burst.
    // (The third: a tick longer than the window, 1.5 s, whose last call found the first starts a
    // window old, and went with them.)
    for (const [rate, calls, setup] of [
      [5, 12, 40],
      [50, 70, 8],
      [5, 6, 250],
    ] as const) {
      const limiter = createRateLimiter({ requestsPerSecond: rate });
      const started: { call: number; at: number }[] = [];
      const t0 = performance.now();
      const all: Promise<unknown>[] = [];
      for (let call = 0; call < calls; call++) {
        all.push(limiter.acquire().then(() => started.push({ call, at: performance.now() - t0 })));
        vi.advanceTimersByTime(setup); // the clock moves on; no promise callback runs meanwhile
      }
      await vi.advanceTimersByTimeAsync(10_000);
      await Promise.all(all);
      const label = `${rate} per second`;
      expect(
        started.map((s) => s.call),
        label,
      ).toEqual([...Array(calls).keys()]);
      expect(started[0]!.at, label).toBe(calls * setup); // the first burst goes after every setup
      const inWindow = (t: number) => started.filter(({ at }) => at >= t && at < t + 1100).length;
      expect(Math.max(...started.map(({ at }) => inWindow(at))), label).toBe(rate);
      for (let i = rate + 1; i < calls; i++)
        expect(started[i]!.at - started[i - 1]!.at, label).toBeGreaterThanOrEqual(1100 / rate);
      expect(vi.getTimerCount(), label).toBe(0);
    }
  });

  it("a waiter whose timer runs passes after it was due, after a later waiter's, is not lost: it starts after that one, a step later, and is counted", async () => {
    // A timer held back 300 ms, while later ones run on time, cannot be told from one that died
    // with its request (on Workers). The later one takes the first for gone and starts; the first,
    // when its timer runs, goes next, rather than beside it uncounted. (Timers merely run out of
    // order within one pass of a busy event loop keep call order: see below.)
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    const started: { call: number; at: number }[] = [];
    const t0 = performance.now();
    const call = (n: number) =>
      limiter.acquire().then(() => started.push({ call: n, at: performance.now() - t0 }));
    const all = [0, 1, 2, 3, 4].map(call); // the burst; call 5 is due at 1.1 s, call 6 at 1.32 s
    const real = globalThis.setTimeout;
    globalThis.setTimeout = ((f: () => void, ms: number) => real(f, ms + 300)) as typeof setTimeout;
    try {
      all.push(call(5)); // its timer runs at 1.4 s, after call 6's
    } finally {
      globalThis.setTimeout = real;
    }
    all.push(...[6, 7, 8, 9, 10].map(call));
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(all);
    expect(started.map((s) => s.call)).toEqual([0, 1, 2, 3, 4, 6, 5, 7, 8, 9, 10]);
    const inWindow = (t: number) => started.filter(({ at }) => at >= t && at < t + 1100).length;
    expect(Math.max(...started.map(({ at }) => inWindow(at)))).toBe(5);
    for (let i = 6; i < 11; i++)
      expect(started[i]!.at - started[i - 1]!.at).toBeGreaterThanOrEqual(220);
    expect(vi.getTimerCount()).toBe(0);
  });

  /**
   * An event loop as Node runs timers: in passes, each running every timer due by the time it
   * starts (a timer set during a pass waits for the next one), with the promise callbacks after
   * each; within a pass, in an order of `order`'s choosing (Node's goes list by list, one list
   * per delay, so a timer due later may run before one due earlier). The clock (`performance.now`)
   * moves only between passes; a pass comes when the first timer is due, or later: a busy loop.
   * A timer belongs to the call whose code set it (its `acquire`, or a callback of one of its
   * timers), and `cancel(call)` drops that call's timers, as workerd does when a request ends.
   */
  const eventLoop = (order: (due: number[]) => number[]) => {
    vi.useRealTimers();
    let clock = 0;
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    const timers = new Map<number, { due: number; run: () => void; call: number }>();
    let ids = 0;
    let current = -1;
    const [setTimer, clearTimer] = [globalThis.setTimeout, globalThis.clearTimeout];
    globalThis.setTimeout = ((run: () => void, ms = 0) => {
      timers.set(++ids, { due: clock + Math.max(1, ms), run, call: current });
      return ids;
    }) as unknown as typeof setTimeout;
    globalThis.clearTimeout = ((id: number) => void timers.delete(id)) as typeof clearTimeout;
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    return {
      timers,
      now: () => clock,
      /** Runs `f` as the code of `call` (its timers are its own), at the current time. */
      as: <T>(call: number, f: () => T) => {
        current = call;
        try {
          return f();
        } finally {
          current = -1;
        }
      },
      cancel: (call: number) => timers.forEach((t, id) => t.call === call && timers.delete(id)),
      /** One pass at `at` (no earlier than the clock): runs the timers due by then. */
      async pass(at: number) {
        await settle(); // (the callers of calls made before it go on first, at the time they were made)
        clock = Math.max(clock, at);
        const due = [...timers].filter(([, t]) => t.due <= clock);
        const ids = order(due.map(([id]) => id));
        for (const id of ids) {
          const timer = timers.get(id); // (unless cleared by one run before it)
          if (!timer) continue;
          timers.delete(id);
          this.as(timer.call, timer.run);
          await settle();
        }
        await settle();
      },
      /** When the next timer is due. */
      next: () => Math.min(...[...timers.values()].map((t) => t.due)),
      restore() {
        globalThis.setTimeout = setTimer;
        globalThis.clearTimeout = clearTimer;
      },
    };
  };

  it("keeps starts in call order when a pass of a busy event loop runs a waiter's timer before an earlier waiter's", async () => {
    // The loop is busy from 0 to 3 s; the pass at 3 s runs every timer due by then, latest-due
    // first. (Before, a waiter whose timer ran first took those before it for gone.)
    const loop = eventLoop((ids) => ids.reverse());
    try {
      const limiter = createRateLimiter({ requestsPerSecond: 5 });
      const started: { call: number; at: number }[] = [];
      const all = Array.from({ length: 10 }, (_, call) =>
        loop.as(call, () => limiter.acquire().then(() => started.push({ call, at: loop.now() }))),
      );
      await loop.pass(0);
      await loop.pass(3000);
      while (loop.timers.size) await loop.pass(loop.next());
      await Promise.all(all);
      expect(started.map((s) => s.call)).toEqual([...Array(10).keys()]);
      expect(started.map((s) => s.at)).toEqual([0, 0, 0, 0, 0, 3000, 3220, 3440, 3660, 3880]);
    } finally {
      loop.restore();
    }
  });

  it("takes a waiter for gone once a timer of the next one's, due 2 ms or more after the gone one's, has run: the next starts then, not a pass later", async () => {
    // Call 5's request is cancelled (a Worker's) before its turn at 1.1 s; call 6 wakes for that
    // turn a millisecond late (a busy loop), then each millisecond: its timer due at 1102 ms ran
    // 2 ms after 5's was due, so at 1103 ms 5 is known gone, and 6 starts.
    const loop = eventLoop((ids) => ids);
    try {
      const limiter = createRateLimiter({ requestsPerSecond: 5 });
      const started: { call: number; at: number }[] = [];
      const all = Array.from({ length: 7 }, (_, call) =>
        loop.as(call, () => limiter.acquire().then(() => started.push({ call, at: loop.now() }))),
      );
      await loop.pass(0);
      while (loop.next() < 1100) await loop.pass(loop.next());
      loop.cancel(5);
      await loop.pass(1101);
      while (loop.timers.size) await loop.pass(loop.next());
      await Promise.all(all.filter((_, call) => call !== 5));
      expect(started).toEqual([
        ...[0, 1, 2, 3, 4].map((call) => ({ call, at: 0 })),
        { call: 6, at: 1103 },
      ]);
    } finally {
      loop.restore();
    }
  });

  it("in a busy event loop whose passes run due timers in any order, with calls made, aborted and cancelled (a Worker's request ending) meanwhile: starts keep call order and the rate, and no waiter hangs", async () => {
    // A seeded generator, so that a failure can be repeated.
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let round = 0; round < 60; round++) {
      const shuffle = (ids: number[]) => {
        for (let i = ids.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [ids[i], ids[j]] = [ids[j]!, ids[i]!];
        }
        return ids;
      };
      const loop = eventLoop(shuffle);
      try {
        const rate = [5, 2, 0.5][round % 3]!;
        const limiter = createRateLimiter({ requestsPerSecond: rate });
        const step = 1100 / rate;
        const burst = Math.max(1, Math.floor(rate));
        const calls: { made: number; started?: number; controller: AbortController }[] = [];
        const gone = new Set<number>(); // aborted while waiting, or cancelled
        const call = () => {
          const n = calls.push({ made: loop.now(), controller: new AbortController() }) - 1;
          void loop.as(n, () =>
            limiter.acquire(calls[n]!.controller.signal).then(
              () => (calls[n]!.started = loop.now()),
              (e: unknown) => expect(e).toBeInstanceOf(AbortError),
            ),
          );
        };
        for (let pass = 0; pass < 40; pass++) {
          // A few calls, sometimes many in one tick; a waiter aborted or cancelled now and then.
          for (let k = Math.floor(random() * random() * 6); k > 0; k--) call();
          await loop.pass(0); // (no timer is due: the calls given a start at once go on)
          const waiting = calls.flatMap((c, n) =>
            c.started === undefined && !gone.has(n) ? [n] : [],
          );
          if (waiting.length && random() < 0.3) {
            const n = waiting[Math.floor(random() * waiting.length)]!;
            gone.add(n);
            if (random() < 0.5) calls[n]!.controller.abort();
            else loop.cancel(n);
          }
          // The next pass when the first timer is due, or up to 1.5 steps later (a busy loop).
          const next = loop.timers.size ? loop.next() : loop.now() + step * random();
          await loop.pass(random() < 0.4 ? next + random() * step * 1.5 : next);
        }
        // (A call left waiting with no timer, hung, fails the check below.)
        while (loop.timers.size) await loop.pass(loop.next());
        const label = `round ${round}, ${rate} per second`;
        const starts = calls
          .flatMap((c, n) => (c.started === undefined ? [] : [{ n, ...c }]))
          .sort((a, b) => a.started! - b.started!);
        // Every call that did not leave started, in call order.
        expect(
          starts.map((s) => s.n),
          label,
        ).toEqual(calls.flatMap((_, n) => (gone.has(n) ? [] : [n])));
        for (const [i, { started, made }] of starts.entries()) {
          // At most `burst` starts in any window of `burst` steps.
          expect(
            starts.filter((s) => s.started! >= started! && s.started! < started! + burst * step)
              .length,
            label,
          ).toBeLessThanOrEqual(burst);
          // One that waited starts at least a step after the one before it.
          if (i && started! > made)
            expect(started! - starts[i - 1]!.started!, label).toBeGreaterThanOrEqual(step - 1e-9);
        }
        expect(loop.timers.size, label).toBe(0);
      } finally {
        loop.restore();
      }
    }
  });

  it("keeps its pace when the wall clock is set back (NTP, a resumed VM): it measures with a monotonic clock", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    for (let i = 0; i < 5; i++) await limiter.acquire();
    vi.setSystemTime(Date.now() - 60_000);
    const sixth = vi.fn();
    void limiter.acquire().then(sixth);
    await vi.advanceTimersByTimeAsync(1100);
    expect(sixth).toHaveBeenCalled();
  });

  it("frees a slot once its start is a window old (1.1 s at 2 per second), and spaces waiters a step apart (550 ms)", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 2 });
    await limiter.acquire();
    await vi.advanceTimersByTimeAsync(500);
    await limiter.acquire();
    const third = vi.fn();
    void limiter.acquire().then(third);
    await vi.advanceTimersByTimeAsync(599);
    expect(third).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(third).toHaveBeenCalled();
    // Only the start at 0 has left the window: the one at 500 still counts until 1600, and the
    // third's start at 1100 holds the fourth to 1650.
    const fourth = vi.fn();
    void limiter.acquire().then(fourth);
    await vi.advanceTimersByTimeAsync(549);
    expect(fourth).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fourth).toHaveBeenCalled();
  });

  it("after an idle spell, a full burst starts at once again, and the next waits a whole window", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 2 });
    for (let i = 0; i < 6; i++) void limiter.acquire();
    await vi.advanceTimersByTimeAsync(10_000);
    const started: number[] = [];
    const t0 = Date.now();
    const all = Array.from({ length: 3 }, () =>
      limiter.acquire().then(() => started.push(Date.now() - t0)),
    );
    await vi.advanceTimersByTimeAsync(1100);
    await Promise.all(all);
    expect(started).toEqual([0, 0, 1100]);
  });

  it("never starts more than requestsPerSecond in any one-second window (15 calls at 5 per second)", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    const started: number[] = [];
    const t0 = Date.now();
    const all = Array.from({ length: 15 }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 37))
        .then(() => limiter.acquire())
        .then(() => started.push(Date.now() - t0)),
    );
    await vi.advanceTimersByTimeAsync(5000);
    await Promise.all(all);
    for (const t of started)
      expect(started.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(5);
    expect(started).toHaveLength(15);
  });

  it("rounds a fractional rate above 1 down to its burst (2.5 per second: 2 in any 880 ms, 440 ms apart)", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 2.5 });
    const started: number[] = [];
    const t0 = Date.now();
    const all = Array.from({ length: 4 }, () =>
      limiter.acquire().then(() => started.push(Date.now() - t0)),
    );
    await vi.advanceTimersByTimeAsync(1320);
    await Promise.all(all);
    expect(started).toEqual([0, 0, 880, 1320]);
  });

  it("spaces a fractional rate over a longer window (0.5 per second: one per 2.2 s)", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 0.5 });
    await limiter.acquire();
    const second = vi.fn();
    void limiter.acquire().then(second);
    await vi.advanceTimersByTimeAsync(2199);
    expect(second).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(second).toHaveBeenCalled();
  });

  it("rejects a waiting acquire when aborted and gives its slot back", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 1 });
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
    const next = vi.fn();
    void limiter.acquire().then(next);
    await vi.advanceTimersByTimeAsync(1099);
    expect(next).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(next).toHaveBeenCalled();
  });

  it("rejects an acquire whose signal is already aborted, even with a slot free, and keeps the slot", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 1 });
    await expect(limiter.acquire(AbortSignal.abort())).rejects.toBeInstanceOf(AbortError);
    const next = vi.fn();
    void limiter.acquire().then(next);
    await vi.advanceTimersByTimeAsync(0);
    expect(next).toHaveBeenCalled();
  });

  it("gives back every slot of waiters cancelled together, oldest first (one controller for all)", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 1 });
    await limiter.acquire();
    const controller = new AbortController();
    const waiters = [1, 2, 3, 4, 5].map(() =>
      limiter.acquire(controller.signal).catch((e: unknown) => e),
    );
    controller.abort(); // the shared listener tells the oldest waiter first
    for (const outcome of await Promise.all(waiters)) expect(outcome).toBeInstanceOf(AbortError);
    // No request but the first was sent: the next one waits out the first's window, no more.
    const next = vi.fn();
    void limiter.acquire().then(next);
    await vi.advanceTimersByTimeAsync(1099);
    expect(next).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(next).toHaveBeenCalled();
  });

  it("a waiter that leaves the line frees its turn: the next in line takes it, and those behind move up a turn (on their own timers)", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 1 });
    await limiter.acquire(); // t = 0
    const controller = new AbortController();
    const aborted = limiter.acquire(controller.signal).catch((e: unknown) => e); // its turn: 1.1 s
    const started: number[] = [];
    const t0 = Date.now();
    const later = [0, 1].map(() => limiter.acquire().then(() => started.push(Date.now() - t0)));
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    expect(await aborted).toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(2); // the later ones' own timers; the aborted one's is cleared
    await vi.advanceTimersByTimeAsync(5000);
    await Promise.all(later);
    expect(started).toEqual([1100, 2200]); // not 2200 and 3300
    expect(vi.getTimerCount()).toBe(0);
  });

  it("waiters that leave well before their turns free them for those behind, who start a step apart, within the rate", async () => {
    // 5 per second: 5 at once, then one per 220 ms from 1.1 s. Calls 6, 7 and 9 leave at 0.1 s.
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    const controller = new AbortController();
    const started: { call: number; at: number }[] = [];
    const t0 = Date.now();
    const all = Array.from({ length: 14 }, (_, call) =>
      limiter.acquire([6, 7, 9].includes(call) ? controller.signal : undefined).then(
        () => started.push({ call, at: Date.now() - t0 }),
        (e: unknown) => expect(e).toBeInstanceOf(AbortError),
      ),
    );
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(all);
    expect(started.map((s) => s.call)).toEqual([0, 1, 2, 3, 4, 5, 8, 10, 11, 12, 13]);
    expect(started.map((s) => s.at)).toEqual([0, 0, 0, 0, 0, 1100, 1320, 1540, 1760, 1980, 2200]);
    expect(vi.getTimerCount()).toBe(0);
  });

  /**
   * A Workers isolate's requests as workerd runs them: a timer belongs to the request whose code
   * set it (its `acquire`, or a callback of one of its timers), and dies when that request ends.
   */
  const request = () => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const run = <T>(f: () => T): T => {
      const real = globalThis.setTimeout;
      globalThis.setTimeout = ((callback: () => void, ms?: number) => {
        const id = real(() => {
          timers.delete(id);
          run(callback);
        }, ms);
        timers.add(id);
        return id;
      }) as typeof setTimeout;
      try {
        return f();
      } finally {
        globalThis.setTimeout = real;
      }
    };
    return { run, end: () => timers.forEach((id) => clearTimeout(id)), timers };
  };

  it("shared by a Worker's requests: a waiter sleeps on its own request's timer, so one request ending (cancelled) neither hangs the others nor breaks the limiter (user trial 15)", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 1 });
    await request().run(() => limiter.acquire()); // t = 0: starts at once
    const [a, b] = [request(), request()];
    const aStarted = vi.fn();
    void a.run(() => limiter.acquire()).then(aStarted); // slot 1.1 s
    const bStarted = vi.fn();
    void b.run(() => limiter.acquire()).then(bStarted); // slot 2.2 s
    expect(b.timers.size).toBe(1); // b waits on a timer of its own
    a.end(); // a's client gave up (or workerd cancelled it) before its turn
    // (b, on its timer at 2.2 s, finds a's timer was due and has not run: it lets the timers due
    // then run, a's among them were a alive, and takes a for gone 1 ms later.)
    await vi.advanceTimersByTimeAsync(2201);
    expect(aStarted).not.toHaveBeenCalled();
    expect(bStarted).toHaveBeenCalled();
    // A request made later still gets its turn: a waiter that never started leaves nothing behind
    // that others wait on.
    await vi.advanceTimersByTimeAsync(5000);
    const c = request();
    const cStarted = vi.fn();
    void c.run(() => limiter.acquire()).then(cStarted);
    await vi.advanceTimersByTimeAsync(0);
    expect(cStarted).toHaveBeenCalled();
    const d = request();
    const dStarted = vi.fn();
    void d.run(() => limiter.acquire()).then(dStarted);
    c.end(); // c has started: its ending does not hold d back
    await vi.advanceTimersByTimeAsync(1100);
    expect(dStarted).toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("with waiters aborted here and there, the rest start in call order and within the limit", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    const controllers = Array.from({ length: 24 }, () => new AbortController());
    const started: { call: number; at: number }[] = [];
    const t0 = Date.now();
    const all = controllers.map((c, call) =>
      limiter.acquire(c.signal).then(
        () => started.push({ call, at: Date.now() - t0 }),
        (e: unknown) => expect(e).toBeInstanceOf(AbortError),
      ),
    );
    const aborted = [6, 7, 11, 15, 16, 17, 23];
    for (const [i, call] of aborted.entries()) {
      await vi.advanceTimersByTimeAsync(150 * i);
      controllers[call]!.abort();
    }
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(all);
    const calls = started.map((s) => s.call);
    expect(calls).toEqual([...Array(24).keys()].filter((c) => !aborted.includes(c)));
    for (const { at } of started)
      expect(started.filter((s) => s.at >= at && s.at < at + 1000).length).toBeLessThanOrEqual(5);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("pause(ms) holds every start until then, waiters already in line included, in call order and a step apart; a shorter pause or none changes nothing", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    const started: { call: number; at: number }[] = [];
    const t0 = Date.now();
    const call = (n: number) =>
      limiter.acquire().then(() => started.push({ call: n, at: Date.now() - t0 }));
    const all = Array.from({ length: 7 }, (_, n) => call(n)); // 5 at once, 2 waiting
    await vi.advanceTimersByTimeAsync(0);
    limiter.pause!(3000);
    limiter.pause!(1000); // (a 429 told a shorter wait: the longer hold stays)
    for (const nothing of [undefined, 0, -5, NaN]) limiter.pause!(nothing);
    await vi.advanceTimersByTimeAsync(1000);
    all.push(call(7)); // made during the pause: after those waiting
    await vi.advanceTimersByTimeAsync(5000);
    await Promise.all(all);
    expect(started).toEqual([
      ...[0, 1, 2, 3, 4].map((n) => ({ call: n, at: 0 })),
      { call: 5, at: 3000 },
      { call: 6, at: 3220 },
      { call: 7, at: 3440 },
    ]);
    // After the pause, an idle limiter lets a call go at once again.
    await vi.advanceTimersByTimeAsync(2000);
    const at = Date.now();
    await limiter.acquire();
    expect(Date.now()).toBe(at);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("tells logWait when a call has to wait, and again when a pause lengthens its wait (backfill F7); one that throws changes nothing", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    const told: [number, string, number][] = [];
    const started: number[] = [];
    const call = (n: number) =>
      limiter
        .acquire(undefined, undefined, (message, { delay }) => void told.push([n, message, delay]))
        .then(() => started.push(n));
    const all = Array.from({ length: 7 }, (_, n) => call(n)); // 5 at once, 2 waiting
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toEqual([
      [5, "waiting 1100 ms for the rate limiter", 1100],
      [6, "waiting 1320 ms for the rate limiter", 1320],
    ]);
    told.length = 0;
    limiter.pause!(3000);
    all.push(call(7)); // made during the pause
    // A call that throws from logWait still gets its turn.
    all.push(
      limiter
        .acquire(undefined, undefined, () => {
          throw new Error("log down");
        })
        .then(() => started.push(8)),
    );
    await vi.advanceTimersByTimeAsync(5000);
    await Promise.all(all);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    // The one made during the pause is told at once, after those it waits behind; those already
    // in line when their timer finds the pause holding them (once each); each line says why.
    expect(told).toEqual([
      [
        7,
        "waiting 3440 ms for the rate limiter (a 429's Retry-After holds every start for 3000 ms)",
        3440,
      ],
      [
        6,
        "now waiting 2560 ms for the rate limiter (a 429's Retry-After holds every start for 2340 ms)",
        2560,
      ], // (woke at 660)
      [
        5,
        "now waiting 1900 ms for the rate limiter (a 429's Retry-After holds every start for 1900 ms)",
        1900,
      ],
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a caller far back in line is told how long a short pause holds every start, not that a 429's Retry-After is why it waits (review 90, F5)", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    const told: string[] = [];
    const calls = Array.from({ length: 20 }, () => limiter.acquire()); // 5 at once, 15 waiting
    await vi.advanceTimersByTimeAsync(0);
    limiter.pause!(10);
    calls.push(limiter.acquire(undefined, undefined, (message) => void told.push(message)));
    await vi.advanceTimersByTimeAsync(0);
    // Its wait is the queue's (16 steps of 220 ms after the first 5 leave the window), not the
    // 10 ms pause's: the line says what the pause holds, and no more.
    expect(told).toEqual([
      "waiting 4400 ms for the rate limiter (a 429's Retry-After holds every start for 10 ms)",
    ]);
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(calls);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("shared by calls that meet a project-wide cooldown (a 429 with Retry-After: 3): the first 429 holds the others, so one 429 is spent, not one per call (user trial 35, F2)", async () => {
    // The server: the first request opens a 3 s cooldown, in which every request gets a 429.
    let cooldownUntil: number | undefined;
    const server = () => {
      const now = Date.now();
      cooldownUntil ??= now + 3000;
      return now < cooldownUntil
        ? jsonResponse(
            { error: "rate limited" },
            {
              status: 429,
              headers: { "retry-after": String(Math.ceil((cooldownUntil - now) / 1000)) },
            },
          )
        : jsonResponse({});
    };
    const run = async (rateLimit: RateLimiter | false | undefined) => {
      cooldownUntil = undefined;
      const stub = stubFetch(server);
      const transport = createRestTransport(
        { apiKey: "k", fetch: stub.fetch, rateLimit },
        walletHost,
      );
      // Five walks, each sending its next page half a second after the one before.
      const calls: Promise<unknown>[] = [];
      for (let walk = 0; walk < 5; walk++) {
        calls.push(
          sendRequest(transport, new Request(`${transport.baseUrl}/v1/w${walk}`), {
            operation: { id: "getTransfers", idempotent: true },
          }),
        );
        await vi.advanceTimersByTimeAsync(500);
      }
      await vi.advanceTimersByTimeAsync(10_000);
      await Promise.all(calls);
      return stub.calls.length - 5; // the 429s: each call succeeds once
    };
    expect(await run(createRateLimiter({ requestsPerSecond: 10 }))).toBe(1);
    // A limiter of one's own without `pause` (or none) works as before: each call meets the
    // cooldown on its own.
    expect(await run({ acquire: () => Promise.resolve() })).toBe(5);
    expect(await run(false)).toBe(5);
    expect(await run(undefined)).toBe(5);
  });

  it("shared by clients of their own, one per walk, each with a logger that tags its lines (core README, Page walks): one budget and one 429's wait for all, each retry line in its walk's logger (user trial 35, F5)", async () => {
    let cooldownUntil: number | undefined;
    const stub = stubFetch(() => {
      cooldownUntil ??= Date.now() + 2000;
      return Date.now() < cooldownUntil
        ? jsonResponse({ error: "rate limited" }, { status: 429, headers: { "retry-after": "2" } })
        : jsonResponse({});
    });
    const rateLimit = createRateLimiter({ requestsPerSecond: 10 });
    const lines: string[] = [];
    const calls = ["a", "b", "c"].map(async (walk, n) => {
      await vi.advanceTimersByTimeAsync(300 * n);
      const transport = createRestTransport(
        {
          apiKey: "k",
          fetch: stub.fetch,
          rateLimit,
          logger: { info: (message) => void lines.push(`[${walk}] ${message}`) },
        },
        walletHost,
      );
      return sendRequest(transport, new Request(`${transport.baseUrl}/v1/${walk}`), {
        operation: { id: "getTransfers", idempotent: true },
      });
    });
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(calls);
    // Walk a met the cooldown; b and c, made during it, waited it out.
    expect(stub.calls.map((call) => call.url.pathname)).toEqual([
      "/v1/a",
      "/v1/b",
      "/v1/c",
      "/v1/a",
    ]);
    expect(lines).toEqual([expect.stringMatching(/^\[a\] Retrying getTransfers in \d+ ms/)]);
  });

  it("a call held by another client's 429 on a shared limiter says so in its own logger.debug, with meta { operation, attempt, delay } (backfill F7)", async () => {
    let cooldownUntil: number | undefined;
    const stub = stubFetch(() => {
      cooldownUntil ??= Date.now() + 2000;
      return Date.now() < cooldownUntil
        ? jsonResponse({ error: "rate limited" }, { status: 429, headers: { "retry-after": "2" } })
        : jsonResponse({});
    });
    const rateLimit = createRateLimiter({ requestsPerSecond: 10 });
    const lines: { walk: string; message: string; meta: unknown }[] = [];
    const transportOf = (walk: string) =>
      createRestTransport(
        {
          apiKey: "k",
          fetch: stub.fetch,
          rateLimit,
          logger: {
            debug: (message, meta) =>
              void (/rate limiter/.test(message) && lines.push({ walk, message, meta })),
          },
        },
        walletHost,
      );
    const send = (walk: string) => {
      const transport = transportOf(walk);
      return sendRequest(transport, new Request(`${transport.baseUrl}/v1/${walk}`), {
        operation: { id: "getTransfers", idempotent: true },
      });
    };
    // a's retry half its jitter late, 2,250 ms (Retry-After plus 0-25 %): with none, a draw of
    // Math.random under 0.001, it met b's start at 2 s and waited the limiter's step, a line of
    // its own.
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const a = send("a");
    await vi.advanceTimersByTimeAsync(500); // a met the cooldown and waits 2.25 s to retry
    const b = send("b");
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all([a, b]);
    expect(lines).toEqual([
      {
        walk: "b",
        message:
          "getTransfers: GET https://api.helius.xyz/v1/b?api-key=*** waiting 1500 ms for the rate limiter (a 429's Retry-After holds every start for 1500 ms)",
        meta: { operation: "getTransfers", attempt: 1, delay: 1500 },
      },
    ]);
  });

  it("a call stalled behind a request with no answer yet (hung until its timeout, under 2 per second) is told again as its wait grows, a few lines, not one per window (leftovers 67)", async () => {
    // 1.5 per second: one place, a window of 733.3 ms. The first request hangs: the call behind it
    // is planned a window after `now` at each wake, until the hung start leaves the window (60 s).
    const limiter = createRateLimiter({ requestsPerSecond: 1.5 });
    await limiter.acquire(undefined, new Promise(() => {}));
    const told: [at: number, message: string, delay: number][] = [];
    const t0 = Date.now();
    let startedAt: number | undefined;
    const waiting = limiter
      .acquire(undefined, Promise.resolve(), (message, { delay }) => {
        told.push([Date.now() - t0, message, delay]);
      })
      .then(() => (startedAt = Date.now() - t0));
    await vi.advanceTimersByTimeAsync(70_000);
    await waiting;
    expect(startedAt).toBe(60_734);
    // Told at once, then each time its wait has more than doubled: 7 lines over a minute, each
    // saying how long so far and why, where one per window would be 82.
    expect(told[0]).toEqual([0, "waiting 734 ms for the rate limiter", 734]);
    expect(told.map(([at]) => at)).toEqual([0, 734, 2202, 5138, 11_010, 22_754, 46_242]);
    expect(told[2]).toEqual([
      2202,
      "now waiting 734 ms for the rate limiter (2202 ms so far: a request not answered yet holds its place)",
      734,
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });

  /**
   * Calls through the HTTP engine (a REST transport sharing `rateLimit`), each request answered
   * after `latency(n)` ms (n: the request's number, from 0), a failure where `fails(n)` (a refused
   * connection: retried with backoff, each attempt a request). A request reaches the server at some
   * time between its sending and its answer: `arrival(n, sent, answered)`, the answer by default,
   * the worst case (the server counts it as late as it can be). Returns the arrivals, in ms from
   * the first call.
   */
  const throughEngine = async (
    rateLimit: RateLimiter,
    calls: { at: number }[],
    latency: (n: number) => number,
    {
      fails = () => false,
      arrival = (_n: number, _sent: number, answered: number) => answered,
    }: {
      fails?: (n: number) => boolean;
      arrival?: (n: number, sent: number, answered: number) => number;
    } = {},
  ) => {
    const t0 = Date.now();
    const arrivals: number[] = [];
    let requests = 0;
    const stub = stubFetch(() => {
      const n = requests++;
      const sent = Date.now() - t0;
      const ms = latency(n);
      arrivals.push(arrival(n, sent, sent + ms));
      return new Promise((resolve, reject) =>
        setTimeout(
          () => (fails(n) ? reject(new TypeError("fetch failed")) : resolve(jsonResponse({}))),
          ms,
        ),
      );
    });
    const transport = createRestTransport(
      { apiKey: "k", fetch: stub.fetch, rateLimit, maxRetries: 1 },
      walletHost,
    );
    const outcomes = calls.map(async ({ at }) => {
      await new Promise((resolve) => setTimeout(resolve, at));
      return settle(
        sendRequest(transport, new Request(`${transport.baseUrl}/v1/x`), {
          operation: { id: "getTransfers", idempotent: true },
        }),
      );
    });
    await vi.advanceTimersByTimeAsync(600_000);
    const settled = await Promise.all(outcomes);
    return { arrivals: arrivals.sort((a, b) => a - b), settled, requests };
  };
  /** The most of `arrivals` (sorted) in any `ms` from one of them. */
  const mostIn = (arrivals: number[], ms: number) =>
    Math.max(0, ...arrivals.map((t, i) => arrivals.filter((u, j) => j >= i && u < t + ms).length));

  it("counts a request until its answer came: a first burst answered late (opening its connections) leaves at most 5 reaching the server in any second, at 5 per second (user trial 39, F1)", async () => {
    // The first 5 requests open connections: their answers (and, at worst, their arrivals) come a
    // handshake late; the next ones reuse a connection and arrive at once. Timed from its sending,
    // the sixth went 1.1 s after the first burst was sent, and reached the server 0.8 to 1 s after
    // it: 6 in one of the server's seconds (7 with 300 ms), as measured behind a proxy.
    for (const late of [30, 150, 300, 1000]) {
      const { arrivals, settled } = await throughEngine(
        createRateLimiter({ requestsPerSecond: 5 }),
        Array.from({ length: 12 }, () => ({ at: 0 })),
        (n) => (n < 5 ? late : 0),
      );
      expect(
        settled.map((s) => s.error),
        `${late} ms`,
      ).toEqual(Array(12).fill(undefined));
      expect(mostIn(arrivals, 1000), `${late} ms`).toBe(5);
      expect(mostIn(arrivals, 1100), `${late} ms`).toBe(5); // the tenth under the rate, at the server
      // The sixth goes a window after the first answer, no later: the limiter waits for answers,
      // not longer.
      expect(arrivals[5]! - arrivals[0]!, `${late} ms`).toBe(1100);
    }
  });

  it("keeps at most `burst` arrivals in any window at the server whatever the latencies, failures and call times (seeded random rounds)", async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let round = 0; round < 30; round++) {
      const rate = [5, 2, 10, 0.5, 3.5][round % 5]!;
      const burst = Math.max(1, Math.floor(rate));
      const window = (burst * 1100) / rate;
      // Latencies from 0 to 2 s, a few long ones; every seventh request or so refused.
      const latencies = Array.from({ length: 80 }, () =>
        Math.floor(random() < 0.1 ? random() * 2000 : random() * 300),
      );
      const failures = new Set(latencies.flatMap((_, n) => (random() < 0.15 ? [n] : [])));
      // Where between sending and answer each request reaches the server: at either end, or between.
      const where = latencies.map(() => [0, 1, random()][Math.floor(random() * 3)]!);
      let t = 0;
      const calls = Array.from({ length: 20 + Math.floor(random() * 20) }, () => ({
        at: (t += random() < 0.5 ? 0 : Math.floor(random() * window)),
      }));
      const { arrivals, settled, requests } = await throughEngine(
        createRateLimiter({ requestsPerSecond: rate }),
        calls,
        (n) => latencies[n % 80]!,
        {
          fails: (n) => failures.has(n % 80),
          arrival: (n, sent, answered) => sent + (answered - sent) * where[n % 80]!,
        },
      );
      const label = `round ${round}, ${rate} per second`;
      expect(settled, label).toHaveLength(calls.length);
      expect(arrivals, label).toHaveLength(requests);
      expect(mostIn(arrivals, window), label).toBeLessThanOrEqual(burst);
      expect(vi.getTimerCount(), label).toBe(0);
    }
  });

  it("the HTTP engine tells each attempt's answer at its response headers (before the body is read), and its failure when known: refused, timed out, aborted before it was sent", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0); // retry backoff: 500 ms
    // A limiter of its own that records when each attempt's `answered` settles (ms from t0).
    let t0 = 0;
    let told: number[] = [];
    let beforeSending: (() => void) | undefined;
    const rateLimit: RateLimiter = {
      acquire(_signal, answered) {
        const n = told.push(NaN) - 1;
        void answered!.then(() => (told[n] = Date.now() - t0));
        beforeSending?.();
        return Promise.resolve();
      },
    };
    const call = async (
      answer: Parameters<typeof stubFetch>[0],
      options: { timeout?: number; maxRetries?: number; signal?: AbortSignal } = {},
    ) => {
      [t0, told] = [Date.now(), []];
      const stub = stubFetch(answer);
      const transport = createRestTransport(
        { apiKey: "k", fetch: stub.fetch, rateLimit },
        walletHost,
      );
      const outcome = settle(
        sendRequest(transport, new Request(`${transport.baseUrl}/v1/x`), {
          operation: { id: "getTransfers", idempotent: true },
          options,
        }),
      );
      await vi.advanceTimersByTimeAsync(20_000);
      return { ...(await outcome), requests: stub.calls.length };
    };
    const later = <T>(ms: number, value: () => T) =>
      new Promise((resolve) => setTimeout(resolve, ms)).then(value);

    // Headers at 100 ms, the body at 600 ms.
    const slowBody = () =>
      later(100, () => {
        const body = new ReadableStream({
          start: (controller) =>
            void later(500, () => {
              controller.enqueue(new TextEncoder().encode("{}"));
              controller.close();
            }),
        });
        return new Response(body, { headers: { "content-type": "application/json" } });
      });
    expect(await call(slowBody)).toMatchObject({ error: undefined, requests: 1 });
    expect(told).toEqual([100]);

    // Refused at 50 ms, then (after 500 ms) answered at once.
    let refused = true;
    const refusedOnce = () =>
      refused
        ? later(50, () => {
            refused = false;
            throw new TypeError("fetch failed");
          })
        : Promise.resolve(jsonResponse({}));
    expect(await call(refusedOnce)).toMatchObject({ error: undefined, requests: 2 });
    expect(told).toEqual([50, 550]);

    // A fetch that ignores its signal: the first attempt times out at 1 s and answers at 1.8 s,
    // during the second (sent at 1.5 s, answered at 2.3 s), whose answer it does not tell.
    let first = true;
    const ignoresSignal = () => {
      const ms = first ? 1800 : 800;
      first = false;
      return later(ms, () => jsonResponse({}));
    };
    expect(await call(ignoresSignal, { timeout: 1000, maxRetries: 1 })).toMatchObject({
      error: undefined,
      requests: 2,
    });
    expect(told).toEqual([1000, 2300]);

    // Aborted between its turn and its sending: nothing sent, told at once.
    const controller = new AbortController();
    beforeSending = () => controller.abort();
    const aborted = await call(() => jsonResponse({}), { signal: controller.signal });
    expect(aborted.error).toBeInstanceOf(AbortError);
    expect(aborted.requests).toBe(0);
    expect(told).toEqual([0]);
  });

  it("with `answered`: the next start waits a window from the answer, or from a failure (a rejection), not from the start", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 1 });
    const answers: ((value?: unknown) => void)[] = [];
    const failures: ((reason?: unknown) => void)[] = [];
    const told = () =>
      new Promise((resolve, reject) => (answers.push(resolve), failures.push(reject)));
    await limiter.acquire(undefined, told()); // t = 0
    const second = vi.fn();
    void limiter.acquire(undefined, told()).then(second);
    await vi.advanceTimersByTimeAsync(500);
    answers[0]!(); // answered at 500: the second goes at 1600, not 1100
    await vi.advanceTimersByTimeAsync(1099);
    expect(second).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(second).toHaveBeenCalled(); // t = 1600
    const third = vi.fn();
    void limiter.acquire().then(third);
    await vi.advanceTimersByTimeAsync(200);
    failures[1]!(new Error("refused")); // the second's failure, known at 1800
    await vi.advanceTimersByTimeAsync(1099);
    expect(third).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(third).toHaveBeenCalled(); // t = 2900
    expect(vi.getTimerCount()).toBe(0);
  });

  it("with `answered`: a start still unanswered holds its place (the others go on), up to a minute from its start", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 2 });
    const never = new Promise(() => {});
    const done = Promise.resolve();
    await limiter.acquire(undefined, never); // hung: holds one of the 2 places
    const started: number[] = [];
    const t0 = Date.now();
    const all = Array.from({ length: 4 }, () =>
      limiter.acquire(undefined, done).then(() => started.push(Date.now() - t0)),
    );
    await vi.advanceTimersByTimeAsync(70_000);
    await Promise.all(all);
    // One place left: one start per window (1.1 s), the hung start's place free at 60 s.
    expect(started).toEqual([0, 1100, 2200, 3300]);
    const more = Array.from({ length: 3 }, () =>
      limiter.acquire(undefined, never).then(() => started.push(Date.now() - t0)),
    );
    await vi.advanceTimersByTimeAsync(61_100);
    await Promise.all(more);
    // Two hung from 70 s hold both places until 130 s; the third goes a window after that.
    expect(started.slice(4)).toEqual([70_000, 70_000, 131_100]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("below 2 per second one place: a request hung until its timeout holds every call sharing the limiter until then, and a window more (documented, core README)", async () => {
    // 1.5 per second: a burst of 1, so one place, and a window of 1.1 / 1.5 s (733.3 ms). The
    // first request hangs until its attempt times out; the second call, made beside it, waits.
    for (const [timeout, second] of [
      [undefined, 60_000 + 734], // the default timeout, 60 s
      [3_000, 3_000 + 734], // a call's own
    ] as const) {
      const rateLimit = createRateLimiter({ requestsPerSecond: 1.5 });
      const t0 = Date.now();
      const sentAt: number[] = [];
      const stub = stubFetch(
        (call) => (sentAt.push(Date.now() - t0), hang(call)),
        () => (sentAt.push(Date.now() - t0), Promise.resolve(jsonResponse({}))),
      );
      const transport = createRestTransport(
        { apiKey: "k", fetch: stub.fetch, rateLimit, maxRetries: 0 },
        walletHost,
      );
      const send = () =>
        settle(
          sendRequest(transport, new Request(`${transport.baseUrl}/v1/x`), {
            operation: { id: "getTransfers", idempotent: true },
            options: { timeout },
          }),
        );
      const [hung, next] = [send(), send()];
      await vi.advanceTimersByTimeAsync(70_000);
      expect((await hung).error).toMatchObject({ name: "TimeoutError" });
      expect((await next).error).toBeUndefined();
      expect(sentAt).toEqual([0, second]);
    }
  });

  it("rejects an invalid rate", () => {
    const rule = "must be a finite number > 0, at least one request per 22.5 days";
    // (One request per 30 days would need a timer longer than 2^31 - 1 ms, which fires at once.)
    for (const requestsPerSecond of [0, -1, NaN, Infinity, 1 / (30 * 86_400)]) {
      expect(() => createRateLimiter({ requestsPerSecond })).toThrow(ConfigurationError);
      expect(() => createRateLimiter({ requestsPerSecond })).toThrow(
        `rateLimit.requestsPerSecond: ${rule} (got ${requestsPerSecond})`,
      );
    }
    expect(() => createRateLimiter({ requestsPerSecond: 1 / (22.5 * 86_400) })).not.toThrow();
    expect(() => createRateLimiter({ requestsPerSecond: 1 / (22.6 * 86_400) })).toThrow(rule);
    // No options at all (plain JavaScript) is the same mistake, not a TypeError.
    expect(() => (createRateLimiter as () => unknown)()).toThrow(
      new ConfigurationError(`rateLimit.requestsPerSecond: ${rule} (got undefined)`),
    );
  });

  it("refuses the rate given alone, saying it belongs in an object, not that it is undefined", () => {
    for (const [options, type] of [
      [5, "number"],
      ["5", "string"],
    ] as const)
      expect(() => createRateLimiter(options as never)).toThrow(
        new ConfigurationError(
          `rateLimit: must be an object of rate limiter options: createRateLimiter({ requestsPerSecond }) (got ${type})`,
        ),
      );
  });

  it("refuses a name it does not know, rather than ignore it", () => {
    expect(() => createRateLimiter({ requestsPerSecond: 5, burst: 10 } as never)).toThrow(
      new ConfigurationError("rateLimit.burst: is not a rate limiter option (requestsPerSecond)"),
    );
  });

  it("a waiter leaves no timer or listener behind, whether it starts or is aborted", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 1 });
    await limiter.acquire();
    const controller = new AbortController();
    const done = vi.fn();
    void limiter.acquire(controller.signal).then(done);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1099);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);

    const aborted = new AbortController();
    const waiting = limiter.acquire(aborted.signal);
    aborted.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("createRateLimiter: rules no other test pinned (found by mutation testing)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("refuses a rate given as a string ('5'), quoted, and takes the slowest rate a timer can step (exactly 2^31 - 1 ms a start)", () => {
    expect(() => createRateLimiter({ requestsPerSecond: "5" as never })).toThrow(
      new ConfigurationError(
        'rateLimit.requestsPerSecond: must be a finite number > 0, at least one request per 22.5 days (got "5")',
      ),
    );
    expect(() => createRateLimiter({ requestsPerSecond: 1100 / (2 ** 31 - 1) })).not.toThrow();
  });

  it("an aborted acquire rejects with the AbortError a call shows: 'The request was aborted', with the signal's reason as its cause", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 1 });
    const reason = new Error("user left");
    const early = limiter.acquire(AbortSignal.abort(reason));
    await expect(early).rejects.toThrow(new AbortError("The request was aborted"));
    await expect(early).rejects.toMatchObject({ cause: reason });
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(reason);
    await expect(waiting).rejects.toThrow(new AbortError("The request was aborted"));
    await expect(waiting).rejects.toMatchObject({ cause: reason });
  });

  it("pause(ms) on a limiter that has started nothing yet holds the first call until then", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    limiter.pause!(500);
    const t0 = Date.now();
    const started: number[] = [];
    const all = [0, 1].map(() => limiter.acquire().then(() => started.push(Date.now() - t0)));
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all(all);
    expect(started).toEqual([500, 720]);
  });
  it("a waiter taken for gone (its timer held back) and then aborted leaves the others' places as they are: the rest start in call order", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    const started: { call: number; at: number }[] = [];
    const t0 = performance.now();
    const call = (n: number, signal?: AbortSignal) =>
      limiter.acquire(signal).then(() => started.push({ call: n, at: performance.now() - t0 }));
    const all = [0, 1, 2, 3, 4].map((n) => call(n));
    const controller = new AbortController();
    const real = globalThis.setTimeout;
    globalThis.setTimeout = ((f: () => void, ms: number) => real(f, ms + 300)) as typeof setTimeout;
    let held: Promise<unknown>;
    try {
      held = call(5, controller.signal); // its timer runs 300 ms late: call 6 takes it for gone
    } finally {
      globalThis.setTimeout = real;
    }
    all.push(...[6, 7, 8, 9, 10].map((n) => call(n)));
    await vi.advanceTimersByTimeAsync(1390);
    expect(started.map((s) => s.call)).toEqual([0, 1, 2, 3, 4, 6]);
    controller.abort();
    await expect(held).rejects.toThrow(new AbortError("The request was aborted"));
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(all);
    expect(started.map((s) => s.call)).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 10]);
    for (let i = 6; i < 10; i++)
      expect(started[i]!.at - started[i - 1]!.at).toBeGreaterThanOrEqual(220);
    expect(vi.getTimerCount()).toBe(0);
  });
  it("a waiter taken for gone that comes back after every other has started goes last, a step after the last start, and is counted", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    const started: { call: number; at: number }[] = [];
    const t0 = performance.now();
    const call = (n: number) =>
      limiter.acquire().then(() => started.push({ call: n, at: performance.now() - t0 }));
    const all = [0, 1, 2, 3, 4].map(call);
    const real = globalThis.setTimeout;
    globalThis.setTimeout = ((f: () => void, ms: number) => real(f, ms + 300)) as typeof setTimeout;
    try {
      all.push(call(5)); // its timer runs 300 ms late, after call 6 has started
    } finally {
      globalThis.setTimeout = real;
    }
    all.push(call(6));
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(all);
    expect(started.map((s) => s.call)).toEqual([0, 1, 2, 3, 4, 6, 5]);
    expect(started[6]!.at - started[5]!.at).toBeGreaterThanOrEqual(220);
  });

  it("forgets the starts whose window is over: a long-lived limiter keeps, and reads at each call, only the starts of the last window, however many calls it has seen", async () => {
    // (Kept, every start made stayed in the line for ever: memory, and each call sorted them
    // all, 7 s of CPU for 20,000 calls against 30 ms, growing as the square. Which calls start
    // when was the same, so only that work shows it: counted, not timed, as a loaded machine
    // moves a time and not a count. Each call sorts the ends of the starts it keeps, once, in
    // `acquire`'s synchronous part: the lengths sorted there are the starts kept.)
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    const sort = Array.prototype.sort;
    const keptAtEachCall: number[] = [];
    for (let n = 0; n < 2_000; n++) {
      let kept = 0;
      Array.prototype.sort = function (this: unknown[], ...args) {
        kept = Math.max(kept, this.length);
        return sort.apply(this, args);
      };
      let acquired: Promise<void>;
      try {
        acquired = limiter.acquire();
      } finally {
        Array.prototype.sort = sort;
      }
      await acquired;
      keptAtEachCall.push(kept);
      vi.advanceTimersByTime(250);
    }
    // A call every 250 ms, 4 of them in the 1.1-second window before each: the starts read stay
    // those, at the 2,000th call as at the 10th (kept for ever, the last call read 1,999).
    const late = keptAtEachCall.slice(10);
    expect(Math.min(...late)).toBeGreaterThan(0);
    expect(Math.max(...late)).toBeLessThanOrEqual(5);
  });

  it("a waiter taken for gone that comes back while only waiters are in line (after a pause) goes first, before those who came after it", async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    const started: { call: string; at: number }[] = [];
    const t0 = performance.now();
    const call = (name: string) =>
      limiter.acquire().then(() => started.push({ call: name, at: performance.now() - t0 }));
    const all = [call("a")]; // starts at once
    limiter.pause!(2000);
    const real = globalThis.setTimeout;
    globalThis.setTimeout = ((f: () => void, ms: number) =>
      real(f, ms + 2000)) as typeof setTimeout;
    try {
      all.push(call("b")); // due at 2 s, its timer runs at 4 s: call c takes it for gone
    } finally {
      globalThis.setTimeout = real;
    }
    all.push(call("c"));
    await vi.advanceTimersByTimeAsync(3600);
    expect(started.map((s) => s.call)).toEqual(["a", "c"]);
    // A second pause; the call made now finds every start's window over: only it is in line
    // when b comes back, first (the one call that goes out of call order is the one taken for gone).
    limiter.pause!(2000);
    all.push(call("e"));
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(all);
    expect(started.map((s) => s.call)).toEqual(["a", "c", "b", "e"]);
    expect(started[2]!.at).toBe(5600);
    expect(started[3]!.at - started[2]!.at).toBeGreaterThanOrEqual(220);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("a limiter of your own that throws", () => {
  // User trial 63, F3: the core README says what a limiter's own `acquire` throws reaches the
  // caller as it was thrown (not a ChainDataError, no `attempts`), and nothing is sent.
  it("rejects the call with that very error, before anything is sent", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({ ok: 1 }));
    const boom = new Error("limiter down");
    const transport = createRestTransport(
      { apiKey: "sk-test-123", fetch, rateLimit: { acquire: () => Promise.reject(boom) } },
      walletHost,
    );
    const error = await sendRequest(transport, new Request(`${transport.baseUrl}/v1/x`), {
      operation: { id: "getBalances", idempotent: true },
    }).catch((thrown: unknown) => thrown);
    expect(error).toBe(boom);
    expect(error).not.toHaveProperty("attempts");
    expect(calls).toHaveLength(0);
  });

  // Review 83, F3: the README names `pause` beside `acquire`; what `pause` throws (told a 429's
  // wait) reaches the caller as it was thrown too, the 429 sent and not retried.
  it("rejects the call with what its pause throws, after the 429 that asked for it", async () => {
    const limited = jsonResponse(
      { error: "slow down" },
      { status: 429, headers: { "retry-after": "0" } },
    );
    const { fetch, calls } = stubFetch(limited, jsonResponse({ ok: 1 }));
    const boom = Object.assign(new Error("pause down"), { reason: "app's own" });
    const rateLimit = {
      acquire: async () => {},
      pause: () => {
        throw boom;
      },
    };
    const records: AttemptRecord[] = [];
    const transport = createRestTransport({ apiKey: "sk-test-123", fetch, rateLimit }, walletHost);
    const error = await sendRequest(transport, new Request(`${transport.baseUrl}/v1/x`), {
      operation: { id: "getBalances", idempotent: true },
      options: { onAttempt: (record) => records.push(record) },
    }).catch((thrown: unknown) => thrown);
    expect(error).toBe(boom);
    expect(error).not.toHaveProperty("attempts");
    expect(calls).toHaveLength(1);
    // The attempt's record is its answer's, the 429, not the app's error and its `reason`
    // (review 83, F9: `{ error: "Error", reason: "app's own" }`, no status).
    expect(records).toEqual([
      expect.objectContaining({
        attempt: 1,
        error: "RateLimitError",
        status: 429,
        willRetry: false,
      }),
    ]);
    expect(records[0]!.reason).toBeUndefined();
  });
});
