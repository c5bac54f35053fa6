import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { watchAbort } from "./abort.js";

describe("watchAbort", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps one listener for every watcher of a signal, and none once the last one stops", () => {
    const controller = new AbortController();
    const stops = [1, 2, 3].map(() => watchAbort(controller.signal, () => {}));
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    stops[0]!();
    stops[1]!();
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    stops[2]!();
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
    // Watching again after that starts afresh.
    const seen = vi.fn();
    watchAbort(controller.signal, seen);
    controller.abort();
    expect(seen).toHaveBeenCalledTimes(1);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("calls every watcher once on abort, also when one stops another or throws; the error is reported, not lost", async () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const reported: unknown[] = [];
    const onUncaught = (error: unknown) => reported.push(error);
    const listeners = process.listeners("uncaughtException");
    process.removeAllListeners("uncaughtException");
    process.on("uncaughtException", onUncaught);
    try {
      let stopThird = () => {};
      watchAbort(controller.signal, () => {
        calls.push("first");
        stopThird(); // stopping a watcher while the abort is being handed out
      });
      watchAbort(controller.signal, () => {
        calls.push("second");
        throw new Error("a polyfilled listener threw");
      });
      stopThird = watchAbort(controller.signal, () => calls.push("third"));
      watchAbort(controller.signal, () => calls.push("fourth"));
      controller.abort();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(calls).toEqual(["first", "second", "fourth"]);
      expect(reported).toEqual([new Error("a polyfilled listener threw")]);
      expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
    } finally {
      process.off("uncaughtException", onUncaught);
      for (const listener of listeners) process.on("uncaughtException", listener);
    }
  });

  it("a watcher stopped after the abort leaves a later watch of that signal alone: still one listener", () => {
    // (After an abort, the callbacks of the entry that fired are still held; stopping the last of
    // them must not remove the entry a later watch made, or the next watch adds a second listener.)
    const controller = new AbortController();
    const { signal } = controller;
    const stopEarly = watchAbort(signal, () => {});
    controller.abort();
    const stopLater = watchAbort(signal, () => {});
    stopEarly();
    const stopLast = watchAbort(signal, () => {});
    expect(getEventListeners(signal, "abort")).toHaveLength(1);
    stopLater();
    stopLast();
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });
});
