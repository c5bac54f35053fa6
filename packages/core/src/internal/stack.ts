/**
 * Takes `error`'s stack again where this is called. Called inside an awaited chain, the stack
 * then reaches the caller's `await` (V8's async stack traces); elsewhere a no-op.
 */
export const takeStack = (error: object): void =>
  (Error as { captureStackTrace?: (target: object) => void }).captureStackTrace?.(error);

/** A copy of `error` (same class and fields) with its own stack, taken here; other values as they are. */
export const ownCopy = (error: unknown): unknown => {
  if (!(error instanceof Error)) return error;
  const copy = Object.create(
    Object.getPrototypeOf(error) as object,
    Object.getOwnPropertyDescriptors(error),
  ) as Error;
  takeStack(copy);
  return copy;
};
