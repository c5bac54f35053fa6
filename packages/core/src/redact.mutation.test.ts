/**
 * Tests written to kill mutants of redact.ts that the other suites let live (mutation audit 67):
 * each fails with the mutant named beside it and passes on the code as it is.
 */
import { describe, expect, it } from "vitest";
import { createSecretMasker } from "./redact.js";

describe("createSecretMasker", () => {
  // Mutant: its secrets sorted shortest first (`a.length - b.length`): where one secret starts
  // another, the shorter one was masked and the rest of the longer one shown.
  it("masks the longer of two secrets whole where one starts the other, given in either order", () => {
    const [short, long] = ["tok3n-abcdef", "tok3n-abcdef-ghijklmnop"];
    for (const whole of [true, false])
      for (const secrets of [
        [short, long],
        [long, short],
      ]) {
        const mask = createSecretMasker(secrets, whole);
        expect(mask(`a ${long} b`), `${whole} ${secrets[0]}`).toBe("a *** b");
        expect(mask(`a ${short} b`), `${whole} ${secrets[0]}`).toBe("a *** b");
      }
  });
});
