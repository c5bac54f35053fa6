/** A client-side rate limiter, so a client stays under a documented limit (admin: 5 req/s). */
import { ConfigurationError } from './errors.js';
import { sleep } from './retry.js';

/** The limiter the transport calls before every attempt (retries included). */
export interface RateLimiter {
  /** Resolves when a request may start; rejects with `AbortError` if `signal` aborts while waiting. */
  acquire(signal?: AbortSignal): Promise<void>;
}

/**
 * A token bucket holding up to `max(1, requestsPerSecond)` tokens, refilled continuously at
 * `requestsPerSecond`: a burst of that many requests starts at once, later ones are spaced
 * `1000 / requestsPerSecond` ms apart. Waiters are served in call order (each reserves its
 * token up front); an aborted waiter gives its token back.
 */
export function createRateLimiter(options: { requestsPerSecond: number }): RateLimiter {
  const rate = options.requestsPerSecond;
  if (!(rate > 0 && rate < Infinity)) {
    throw new ConfigurationError(`rateLimit.requestsPerSecond must be a positive number (got ${rate})`);
  }
  const capacity = Math.max(1, rate);
  let tokens = capacity;
  let last = Date.now();
  return {
    acquire(signal) {
      const now = Date.now();
      tokens = Math.min(capacity, tokens + ((now - last) * rate) / 1000) - 1;
      last = now;
      // Negative tokens: the time until the refill brings them back to zero.
      return tokens >= 0 && !signal?.aborted
        ? Promise.resolve()
        : sleep(Math.max(0, (-tokens * 1000) / rate), signal).catch((error) => {
            tokens++;
            throw error;
          });
    },
  };
}
