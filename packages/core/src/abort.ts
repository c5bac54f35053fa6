/**
 * One `abort` listener per signal, however many calls wait on it at once. Node warns ("Possible
 * EventTarget memory leak detected") past 10 listeners on one signal, and an app that cancels
 * everything through one controller routinely has more calls than that in flight.
 */
// (An entry is a pair, not an object: an object's property names survive minification, 14 B gz
// in every bundle.)
const watched = /* @__PURE__ */ new WeakMap<
  AbortSignal,
  [callbacks: Set<() => void>, stop: () => void]
>();

/**
 * Calls `callback` when `signal` aborts, through one listener per signal however many callers
 * watch it (Node warns past 10 listeners on one signal). Check `signal.aborted` first: an aborted
 * signal fires no more events. For a helper that waits on a caller's signal, as the runtime's
 * calls do.
 * @returns a function that stops watching (and removes the listener once no call is left)
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const watchAbort = (signal: AbortSignal, callback: () => void): (() => void) => {
  let entry = watched.get(signal);
  if (!entry) {
    const callbacks = new Set<() => void>();
    const fire = () => {
      stop();
      // As EventTarget does with its listeners: one that throws does not keep the others (other
      // calls on this signal) from running; the error is reported, not lost.
      callbacks.forEach((f) => {
        try {
          f();
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      });
    };
    const stop = () => {
      signal.removeEventListener("abort", fire);
      watched.delete(signal);
    };
    watched.set(signal, (entry = [callbacks, stop]));
    signal.addEventListener("abort", fire);
  }
  const [callbacks, stop] = entry;
  callbacks.add(callback);
  return () => {
    if (callbacks.delete(callback) && !callbacks.size && watched.get(signal) === entry) stop();
  };
};
