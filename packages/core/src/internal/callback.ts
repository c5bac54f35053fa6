/**
 * Calls an app's callback through `call` (a logger's method, the webhook receiver's `onError`),
 * letting nothing it does fail us: what it throws (from the method, or from a getter that reads
 * it) is ignored, and so is what it rejects with, if async (not awaited, but caught: Node ends the
 * process on an unhandled rejection). The callback may have done its work before it failed, so its
 * failure must not fail the call. `failed` gets what it threw or rejected with (to say so once,
 * say), and must throw nothing itself. (Exported, marked internal, for the chaindata packages.)
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const callQuietly = (
  call: () => unknown,
  failed: (error: unknown) => void = () => {},
): void => {
  try {
    (call() as any)?.then?.(undefined, failed);
  } catch (error) {
    failed(error);
  }
};
