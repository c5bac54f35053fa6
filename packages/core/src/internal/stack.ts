/**
 * Takes `error`'s stack again where this is called, from the caller of `above` (by default of this
 * function: the SDK's own frame is not the first one shown). Called inside an awaited chain, the
 * stack then reaches the caller's `await` (V8's async stack traces); elsewhere a no-op. (Its type
 * is written out: the default refers to the constant itself, which TypeScript cannot infer.)
 */
export const takeStack: (error: object, above?: object) => void = (error, above = takeStack) => {
  (Error as { captureStackTrace?: (target: object, above: object) => void }).captureStackTrace?.(
    error,
    above,
  );
};

/**
 * A copy of `error` (same class and fields) with its own stack, taken here; other values as they
 * are.
 */
export const ownCopy = (error: unknown): unknown => {
  if (!(error instanceof Error)) return error;
  // (Made by the Error constructor, then given the class and fields: a native error, which
  // `structuredClone` and `postMessage` copy with its message and stack. An `Object.create` copy
  // was a plain object to them: its clone had neither.)
  const copy = Object.defineProperties(
    Object.setPrototypeOf(new Error(), Object.getPrototypeOf(error) as object),
    Object.getOwnPropertyDescriptors(error),
  ) as Error;
  takeStack(copy, ownCopy);
  return copy;
};
