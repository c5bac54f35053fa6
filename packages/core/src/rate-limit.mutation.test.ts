/**
 * Tests written to kill mutants of rate-limit.ts that the other suites let live (mutation audit
 * 67): each fails with the mutant named beside it and passes on the code as it is.
 */
import { describe, expect, it, vi } from "vitest";
import { AbortError } from "./errors.js";
import { MAX_TIMER_MS } from "./internal/timer.js";
import { createRateLimiter } from "./rate-limit.js";

describe("a rate limiter's pause", () => {
  // Mutant: `Math.min(ms, MAX_TIMER_MS)` → `ms` in `pause`. A longer delay Node fires at once
  // (TimeoutOverflowWarning): the waiter woke every millisecond, for as long as the pause lasted.
  it("holds a waiter on one timer of at most 2^31 - 1 ms, however long the pause asked for", async () => {
    for (const ms of [1e10, Infinity]) {
      const limiter = createRateLimiter({ requestsPerSecond: 5 });
      limiter.pause!(ms);
      const setTimeoutSpy = vi.spyOn(globalThis, "setTimeout");
      const controller = new AbortController();
      let settled = false;
      const waiting = limiter.acquire(controller.signal).finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(settled, String(ms)).toBe(false);
      const delays = setTimeoutSpy.mock.calls.map(([, delay]) => delay).filter((d) => d !== 50);
      expect(delays, String(ms)).toHaveLength(1);
      expect(delays[0], String(ms)).toBeLessThanOrEqual(MAX_TIMER_MS);
      expect(delays[0], String(ms)).toBeGreaterThan(MAX_TIMER_MS - 1_000);
      controller.abort();
      await expect(waiting).rejects.toBeInstanceOf(AbortError);
      setTimeoutSpy.mockRestore();
    }
  });
});
