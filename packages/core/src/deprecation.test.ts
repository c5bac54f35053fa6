import { afterEach, describe, expect, it, vi } from "vitest";
import { warnDeprecated } from "./deprecation.js";

describe("warnDeprecated", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("emits one DeprecationWarning per operation per process", () => {
    const emit = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    warnDeprecated("getOldThing", "use getNewThing instead");
    warnDeprecated("getOldThing", "use getNewThing instead");
    warnDeprecated("getOtherOldThing", "use getOther instead");
    expect(emit).toHaveBeenCalledTimes(2);
    expect(emit).toHaveBeenCalledWith("getOldThing is deprecated: use getNewThing instead", {
      type: "DeprecationWarning",
      code: "CHAINDATA_DEPRECATED",
    });
  });

  it("warns once even when a second copy of the module is loaded (the ESM and CJS builds side by side)", async () => {
    const emit = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    warnDeprecated("getDualThing", "use getNewThing instead");
    vi.resetModules();
    // (A query makes a second module instance; typed as a string so TypeScript does not resolve it.)
    const secondCopy: string = "./deprecation.js?copy";
    const copy = (await import(secondCopy)) as typeof import("./deprecation.js");
    expect(copy.warnDeprecated).not.toBe(warnDeprecated);
    copy.warnDeprecated("getDualThing", "use getNewThing instead");
    expect(
      emit.mock.calls.filter(([message]) => String(message).startsWith("getDualThing")),
    ).toHaveLength(1);
  });

  it("goes to the client's logger.warn when it has one, on Node too (not process.emitWarning)", () => {
    const emit = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    emit.mockClear(); // (the spy of the tests above)
    const logger = { warn: vi.fn(), info: vi.fn() };
    warnDeprecated("loggedOld", "use loggedNew", logger);
    // With `meta` naming the operation, as the other log lines do (review 76, F9).
    expect(logger.warn).toHaveBeenCalledWith("loggedOld is deprecated: use loggedNew", {
      operation: "loggedOld",
      replacement: "use loggedNew",
    });
    expect(emit).not.toHaveBeenCalled();
    // A logger without `warn` leaves it to Node's warning.
    warnDeprecated("loggedOld2", "use loggedNew2", { info: vi.fn() });
    expect(emit).toHaveBeenCalledTimes(1);
    emit.mockRestore();
  });

  it("under --throw-deprecation, Node's warning throws and fails the call, as asked", () => {
    const emit = vi.spyOn(process, "emitWarning").mockImplementation(() => {
      throw new Error("DeprecationWarning thrown");
    });
    expect(() => warnDeprecated("fatalOld", "use fatalNew")).toThrow("DeprecationWarning thrown");
    emit.mockRestore();
  });

  it("falls back to logger.warn, then console.warn, where process.emitWarning does not exist", () => {
    vi.stubGlobal("process", undefined);
    const logger = { warn: vi.fn() };
    warnDeprecated("browserOld", "use browserNew", logger);
    expect(logger.warn).toHaveBeenCalledWith("browserOld is deprecated: use browserNew", {
      operation: "browserOld",
      replacement: "use browserNew",
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    warnDeprecated("browserOld2", "use browserNew2");
    expect(warn).toHaveBeenCalledWith("browserOld2 is deprecated: use browserNew2");
  });

  it("on Workers, where process.emitWarning exists (nodejs_compat) but prints nothing, goes to console.warn (user trial 15)", () => {
    const emit = vi.fn();
    vi.stubGlobal("process", { emitWarning: emit });
    vi.stubGlobal("navigator", { userAgent: "Cloudflare-Workers" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    warnDeprecated("workerOld", "use workerNew");
    expect(warn).toHaveBeenCalledWith("workerOld is deprecated: use workerNew");
    expect(emit).not.toHaveBeenCalled();
    // Bun and Deno (user agents of their own) print what process.emitWarning emits, as Node does.
    vi.stubGlobal("navigator", { userAgent: "Deno/2.9.6" });
    warnDeprecated("denoOld", "use denoNew");
    expect(emit).toHaveBeenCalledWith("denoOld is deprecated: use denoNew", expect.any(Object));
    warn.mockRestore();
  });

  it("calls a class-based logger as a method, and a logger that throws does not fail the call", () => {
    vi.stubGlobal("process", undefined);
    class Lines {
      lines: string[] = [];
      warn(message: string) {
        this.lines.push(message);
      }
    }
    const logger = new Lines();
    warnDeprecated("classOld", "use classNew", logger);
    expect(logger.lines).toEqual(["classOld is deprecated: use classNew"]);
    const throwing = {
      warn() {
        throw new Error("disk full");
      },
    };
    expect(() => warnDeprecated("throwOld", "use throwNew", throwing)).not.toThrow();
  });

  it("an async logger that rejects leaves no unhandled rejection", async () => {
    vi.stubGlobal("process", undefined);
    const rejected = Promise.reject(new Error("log sink down"));
    const caught = vi.spyOn(rejected, "then");
    warnDeprecated("asyncOld", "use asyncNew", { warn: () => rejected as never });
    // (The rejection is handled: a handler was attached to the promise the logger returned.)
    expect(caught).toHaveBeenCalledWith(undefined, expect.any(Function));
    await rejected.catch(() => {});
  });
});
