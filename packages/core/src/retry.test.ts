import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError } from './errors.js';
import { backoff, parseRetryAfter, sleep } from './retry.js';

describe('backoff', () => {
  it('doubles from 0.5 s to a cap of 8 s, less up to 25 % jitter', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect([1, 2, 3, 4, 5, 6, 10].map(backoff)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    vi.spyOn(Math, 'random').mockReturnValue(0.999999);
    expect([1, 5].map(backoff)).toEqual([375, 6000]);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);
  const h = (headers: Record<string, string>) => parseRetryAfter(new Headers(headers), now);

  it('reads delta-seconds, HTTP-dates and retry-after-ms, in ms', () => {
    expect(h({ 'retry-after': '3' })).toBe(3000);
    expect(h({ 'retry-after': '1.5' })).toBe(1500);
    expect(h({ 'retry-after': 'Wed, 01 Jan 2025 12:00:10 GMT' })).toBe(10_000);
    expect(h({ 'retry-after': 'Wed, 01 Jan 2025 11:00:00 GMT' })).toBe(0); // in the past
    expect(h({ 'retry-after-ms': '250', 'retry-after': '9' })).toBe(250);
  });

  it('is undefined when absent or garbage', () => {
    // "retry in 10" and "now+5" are dates to Date.parse (in 2001); they must not mean "retry now".
    for (const value of ['', 'soon', '-1', '12:00', 'NaN', 'retry in 10', 'now+5', '30s']) expect(h({ 'retry-after': value }), value).toBeUndefined();
    expect(h({})).toBeUndefined();
    expect(h({ 'retry-after-ms': 'x' })).toBeUndefined();
  });
});

describe('sleep', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves after the delay and leaves no timer or listener behind', async () => {
    const controller = new AbortController();
    const done = vi.fn();
    void sleep(1000, controller.signal).then(done);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('rejects with AbortError at once when aborted, clearing the timer', async () => {
    const controller = new AbortController();
    const slept = sleep(60_000, controller.signal);
    controller.abort();
    await expect(slept).rejects.toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
    await expect(sleep(1, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
