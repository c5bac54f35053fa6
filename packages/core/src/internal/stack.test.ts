import { describe, expect, it } from "vitest";
import { ownCopy, takeStack } from "./stack.js";

/** The first frame of a V8 stack (the line after the message). */
const firstFrame = (error: unknown) => String((error as Error).stack).split("\n")[1];

describe("takeStack", () => {
  it("starts the stack at its caller, not at itself (user trial 15: `at takeStack` was the first frame of timeouts)", () => {
    const error = new Error("timed out");
    function sendLikeTheTransport() {
      takeStack(error);
    }
    sendLikeTheTransport();
    expect(firstFrame(error)).toMatch(/^\s+at sendLikeTheTransport /);
  });

  it("reaches the caller's await when called in an awaited chain", async () => {
    const error = new Error("timed out");
    async function send() {
      await Promise.resolve();
      takeStack(error);
    }
    async function appCode() {
      await send();
    }
    await appCode();
    expect(firstFrame(error)).toMatch(/^\s+at send /);
    expect(error.stack).toMatch(/at (async )?appCode /);
  });
});

describe("ownCopy", () => {
  it("gives the copy a stack that starts at the caller, not at ownCopy or takeStack", () => {
    const original = new TypeError("boom");
    let copy: unknown;
    function batchMember() {
      copy = ownCopy(original);
    }
    batchMember();
    expect(copy).toBeInstanceOf(TypeError);
    expect(copy).not.toBe(original);
    expect(firstFrame(copy)).toMatch(/^\s+at batchMember /);
  });
});

describe("ownCopy of a value that is no Error (found by mutation testing, review 57)", () => {
  it("returns it as it is: a thrown plain object, string, null or undefined", () => {
    const plain = { message: "not an Error" };
    for (const value of [plain, "text", null, undefined, 5])
      expect(ownCopy(value), String(value)).toBe(value);
  });
});
