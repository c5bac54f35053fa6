import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError, ConfigurationError } from './errors.js';
import { createRateLimiter } from './rate-limit.js';

describe('createRateLimiter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets a burst of requestsPerSecond through, then spaces the rest 1/rate apart', async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 5 });
    const started: number[] = [];
    const t0 = Date.now();
    const all = Array.from({ length: 8 }, () => limiter.acquire().then(() => started.push(Date.now() - t0)));
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all(all);
    expect(started).toEqual([0, 0, 0, 0, 0, 200, 400, 600]);
  });

  it('refills over time', async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 2 });
    await limiter.acquire();
    await limiter.acquire();
    await vi.advanceTimersByTimeAsync(500);
    const third = vi.fn();
    void limiter.acquire().then(third);
    await vi.advanceTimersByTimeAsync(0);
    expect(third).toHaveBeenCalled();
  });

  it('rejects a waiting acquire when aborted and gives its slot back', async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 1 });
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
    const next = vi.fn();
    void limiter.acquire().then(next);
    await vi.advanceTimersByTimeAsync(999);
    expect(next).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(next).toHaveBeenCalled();
  });

  it('rejects an invalid rate', () => {
    for (const requestsPerSecond of [0, -1, NaN, Infinity]) {
      expect(() => createRateLimiter({ requestsPerSecond })).toThrow(ConfigurationError);
    }
  });
});
