/**
 * The `x-base58-bytes` keyword in an ajv of its own (the class prism.ts gives Prism), on the text
 * the keyword leaves to the pattern: tests written to kill mutants that the request-level tests
 * (base58-bytes.test.ts) let live. Each fails with the mutant named beside it.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { withBase58Bytes } from "./base58-bytes.js";

// (ajv as prism-http requires it: the mock declares no ajv of its own.)
const prismRequire = createRequire(require.resolve("@stoplight/prism-http/package.json"));
const Ajv = withBase58Bytes(prismRequire("ajv/dist/2020")).default;

/** OptionalAccount's string: an address of 32 bytes, or empty. */
const OPTIONAL_ACCOUNT = {
  type: "string",
  pattern: "^([1-9A-HJ-NP-Za-km-z]{32,44})?$",
  "x-base58-bytes": 32,
};

const validate = new Ajv({ allErrors: true, strict: false }).compile(OPTIONAL_ACCOUNT);
const errorsOf = (text: string) => {
  validate(text);
  return (validate.errors ?? []).map((e: { keyword: string }) => e.keyword);
};

describe("x-base58-bytes leaves to the pattern the text it does not count", () => {
  // Mutant: BASE58_TEXT's `+` → `*`: the empty text (an "or empty" schema's none) was counted as
  // 0 bytes and refused.
  it("takes the empty text, which the pattern allows", () => {
    expect(errorsOf("")).toEqual([]);
  });

  // Mutant: the BASE58_TEXT test dropped: a text with a character base58 lacks was counted, and
  // one that sorts past the count's bounds (a lead of `l`, `O` or `I`) threw a TypeError out of
  // ajv (fromBase58 gives no bytes), a 500 instead of the pattern's violation.
  it("gives text with a character base58 lacks the pattern's violation alone", () => {
    for (const lead of ["l", "O", "I", "0"])
      expect(errorsOf(lead + "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY".slice(1))).toEqual([
        "pattern",
      ]);
  });

  it("counts base58 text the pattern takes: 33 bytes are refused, 32 taken", () => {
    expect(errorsOf("z".repeat(44))).toEqual(["x-base58-bytes"]);
    expect(errorsOf("86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY")).toEqual([]);
  });
});
