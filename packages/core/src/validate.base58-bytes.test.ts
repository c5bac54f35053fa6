import { describe, expect, it } from "vitest";
import { ValidationError } from "./errors.js";
import { type Check, validate, vBase58Bytes } from "./validate.js";

const messages = (check: Check, value: unknown): string[] => {
  try {
    validate(check, value);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).issues.map((issue) => `${issue.rule}: ${issue.message}`);
  }
};

describe("vBase58Bytes", () => {
  const words = "a base58 address of 32 bytes (32 to 44 characters)";
  const address = vBase58Bytes(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/u, words, 32);

  it("counts only text its pattern accepts: base58 text the pattern refuses gets the pattern's issue alone, not a count beside it", () => {
    // 45 × z (34 bytes) and 31 × 2 (23 bytes) are base58 that the 32-to-44 pattern refuses.
    for (const text of ["z".repeat(45), "2".repeat(31)])
      expect(messages(address, text)).toEqual([
        `pattern: params: must be ${words} (got "${text}")`,
      ]);
  });
});
