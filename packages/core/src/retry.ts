/**
 * Retry timing: which statuses are retried, exponential backoff, `Retry-After` parsing, and the
 * wait before each retry (http.ts's attempt loop asks {@link retryDelay}).
 */

/** The first retry waits about this long; each further retry doubles it. */
export const INITIAL_RETRY_DELAY_MS = 500;
/** Backoff never waits longer than this. */
export const MAX_RETRY_DELAY_MS = 8_000;
/**
 * A `Retry-After` longer than this is not waited out: the error is thrown at once (with
 * `retryAfter` set) instead of leaving the caller's promise pending for minutes.
 */
export const MAX_RETRY_AFTER_MS = 60_000;

/** Whether an answer of this HTTP status is retried: 408, 429 and every 5xx. */
export const retryableStatus = (status: number): boolean =>
  status === 408 || status === 429 || status > 499;

/**
 * The wait before retry number `retry` (1-based), jittered so that callers failing together do
 * not come back together:
 * - after an answer that named a wait (`retryAfter`, in ms: see {@link parseRetryAfter}), that
 *   wait plus a random 0–25 %, never less (callers told the same wait, or the same HTTP-date, do
 *   not all come back in the same millisecond; decision 0006);
 * - else exponential backoff, 0.5 s, 1 s, 2 s, 4 s, 8 s, 8 s, ... each less a random 0–25 %.
 */
export const retryDelay = (retry: number, retryAfter?: number): number => {
  if (retryAfter !== undefined) return retryAfter + Math.round(retryAfter * Math.random() * 0.25);
  const delay = Math.min(MAX_RETRY_DELAY_MS, INITIAL_RETRY_DELAY_MS * 2 ** (retry - 1));
  return Math.round(delay * (1 - Math.random() * 0.25));
};

/**
 * How long the server asked us to wait, in ms: `retry-after-ms` (sent by some gateways), else
 * `Retry-After` as delta-seconds or an HTTP-date (a past date → 0); of a header sent twice, the
 * first. `undefined` when absent or unparseable.
 */
export const parseRetryAfter = (headers: Headers, now = Date.now()): number | undefined => {
  // Plain decimals only: `+` reads "0x20" as 32, "1e3" as 1000 and "Infinity" as a wait forever;
  // and 300 digits at most: 400 nines read as Infinity too, `retryAfter: Infinity`. A header sent
  // twice (by a CDN and by the origin) comes joined, "5, 5": its first number is read (parseFloat
  // stops at the comma). An HTTP-date sent twice is cut before the second one's day name: its own
  // first comma is followed by a digit, in every form.
  const decimal = /^\d{1,300}(\.\d+)?(,|$)/;
  const ms = headers.get("retry-after-ms")?.trim() ?? "";
  if (decimal.test(ms)) return parseFloat(ms);
  const value = headers.get("retry-after")?.trim() ?? "";
  // Seconds, or an HTTP-date, which starts with a day name ("Wed, 21 Oct 2015 07:28:00 GMT"; also
  // the obsolete RFC 850 and asctime forms). Anything else is garbage: Date.parse would read
  // "retry in 10" as a date in 2001, and the retry would fire at once. Every form is GMT, but
  // asctime's ("Wed Oct 21 07:28:00 2015") says no zone, and Date.parse reads a date without one
  // as local time: it is given its "GMT" (a 10 s wait was 5 hours in New York, over the cap).
  const until = decimal.test(value)
    ? now + parseFloat(value) * 1000
    : /^(mon|tue|wed|thu|fri|sat|sun)/i.test(value)
      ? Date.parse(value.replace(/, *[a-z].*/i, "").replace(/\d$/, "$& GMT"))
      : NaN;
  return until >= 0 ? Math.max(0, until - now) : undefined;
};
