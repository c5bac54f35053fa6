// checkSchemaRules (scripts/spec/rules/schemas.mjs): bounds that leave a value, and a `required`
// name a branch takes from the schema it is a branch of. The documents: fixtures.ts.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkSchemaRules, unicodeOnlySyntax } from "../../../scripts/spec/rules/schemas.mjs";
import { area, components } from "./fixtures.js";

const rules = (doc: object) => checkSchemaRules({ area, doc });

describe("spec rules", () => {
  it("patterns: what reads differently without the u flag, an escaped backslash before it not", () => {
    const differs = (pattern: string) => unicodeOnlySyntax(pattern) !== undefined;
    for (const pattern of [
      "^\\p{L}+$",
      "[\\P{Lu}]",
      "^\\u{1F600}$",
      "^😀{2}$",
      "a\\\\\\p{L}",
      "^\\ud83d\\ude00+$",
      "[\\uD83D\\uDE00]",
    ])
      expect(differs(pattern), pattern).toBe(true);
    for (const pattern of [
      "^\\\\p{L}$",
      "^\\u0041$",
      "^\\u0041\\u0042$",
      "^\\ud83d$",
      "^\\\\ud83d\\ude00$",
      "^\\d{2}$",
      "^[1-9A-HJ-NP-Za-km-z]{32,44}$",
      "",
    ])
      expect(differs(pattern), pattern).toBe(false);
    // (A character past U+FFFF written as its two escapes: the quantifier takes the trail half.)
    expect(unicodeOnlySyntax("^\\ud83d\\ude00+$")).toBe(
      "\\ud83d\\ude00 (a surrogate pair's escapes) is one character with it, two UTF-16 units without",
    );
    // (With the flag, a brace must be escaped where it is no quantifier.)
    expect(rules(components({ S: { type: "string", pattern: "^\\\\p\\{L\\}$" } }))).toEqual([]);
  });

  it("bounds: an exclusive bound on the other bound leaves no value; equal inclusive bounds leave one", () => {
    expect(rules(components({ N: { type: "number", exclusiveMinimum: 1, maximum: 1 } }))).toEqual([
      "t #/components/schemas/N: exclusiveMinimum (1) is above maximum (1): no value can pass",
    ]);
    expect(
      rules(
        components({
          Code: { type: "string", minLength: 4, maxLength: 4 },
          N: { type: "number", minimum: 1, maximum: 1 },
        }),
      ),
    ).toEqual([]);
  });

  it("pattern: one valid only without the u flag is refused, naming the escape read another way", () => {
    // The flag's own error, then what the pattern would mean without it (`\\A`: the letter A).
    const refused = (name: string, pattern: string, problem: string, reading: string) =>
      `t #/components/schemas/${name}: pattern ${JSON.stringify(pattern)} is not a valid regular ` +
      "expression with the u flag, as JSON Schema 2020-12 reads an ECMA-262 pattern and ajv, " +
      `Prism, the mock and the SDK's checks compile it: Invalid regular expression: /${pattern}/u: ` +
      `${problem}; without the flag ${reading}`;
    expect(
      rules(
        components({
          Anchored: { type: "string", pattern: "\\A[a-z]+\\z" },
          Dash: { type: "string", pattern: "^\\-\\d$" },
          Brace: { type: "string", pattern: "^[a-z]{2,$" },
          Neither: { type: "string", pattern: "^[a-z+$" },
        }),
      ),
    ).toEqual([
      refused(
        "Anchored",
        "\\A[a-z]+\\z",
        "Invalid escape",
        "`\\A` is read as the letter A (ECMA-262 has no \\A and \\z: anchor with ^ and $)",
      ),
      refused(
        "Dash",
        "^\\-\\d$",
        "Invalid escape",
        "`\\-` is read as the character - (write it bare)",
      ),
      refused(
        "Brace",
        "^[a-z]{2,$",
        "Incomplete quantifier",
        "a brace or bracket that opens or closes nothing is read as a plain character",
      ),
      // (Invalid both ways: the flag's error alone.)
      refused("Neither", "^[a-z+$", "Unterminated character class", "").replace(
        "; without the flag ",
        "",
      ),
    ]);
  });

  it("required: a name a branch requires may be a property of the schema it is a branch of", () => {
    const doc = components({
      Thing: {
        type: "object",
        properties: { id: { type: "string" }, kind: { type: "string" } },
        anyOf: [{ required: ["id"] }, { required: ["kind"] }],
      },
    });
    expect(rules(doc)).toEqual([]);
  });
});
