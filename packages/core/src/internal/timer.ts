/**
 * The longest delay a timer can wait, in ms: 2^31 - 1 (about 24.8 days). Browsers (the HTML
 * standard) and Node keep `setTimeout`'s delay as a 32-bit signed integer, and fire a longer one
 * at once (Node after 1 ms): a limit or a wait past it is refused where it is given (the batcher's
 * `wait`, the rate limiter's step, the webhook receiver's time limits), or read as none (a request
 * `timeout`, which allows `Infinity`). (Exported, marked internal, for the chaindata packages.)
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;
