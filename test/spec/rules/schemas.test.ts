// checkSchemaRules (scripts/spec/rules/schemas.mjs): bounds that leave a value, and a `required`
// name a branch takes from the schema it is a branch of. The documents: fixtures.ts.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkSchemaRules } from "../../../scripts/spec/rules/schemas.mjs";
import { area, components } from "./fixtures.js";

const rules = (doc: object) => checkSchemaRules({ area, doc });

describe("spec rules", () => {
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
    // The SDK's check would compile it without the flag (`\\A`: the letter A), while the examples
    // check leaves the pattern out and the mock reads it its own way: three rules for one field.
    expect(
      rules(
        components({
          Anchored: { type: "string", pattern: "\\A[a-z]+\\z" },
          Dash: { type: "string", pattern: "^\\-\\d$" },
          Brace: { type: "string", pattern: "^[a-z]{2,$" },
          Letter: { type: "string", pattern: "^\\p{Lu}[a-z-]+$" },
        }),
      ),
    ).toEqual([
      't #/components/schemas/Anchored: pattern "\\\\A[a-z]+\\\\z" is not valid with the u flag ' +
        "(Invalid regular expression: /\\A[a-z]+\\z/u: Invalid escape), which JSON Schema's " +
        "checkers (ajv: the examples check, the mock) use; without it `\\A` is read as the letter A " +
        "(ECMA-262 has no \\A and \\z: anchor with ^ and $), so the SDK's check would hold the " +
        "field to another rule: write it so that it compiles with the u flag",
      't #/components/schemas/Dash: pattern "^\\\\-\\\\d$" is not valid with the u flag ' +
        "(Invalid regular expression: /^\\-\\d$/u: Invalid escape), which JSON Schema's " +
        "checkers (ajv: the examples check, the mock) use; without it `\\-` is read as the " +
        "character - (write it bare), so the SDK's check would hold the field to another rule: " +
        "write it so that it compiles with the u flag",
      't #/components/schemas/Brace: pattern "^[a-z]{2,$" is not valid with the u flag ' +
        "(Invalid regular expression: /^[a-z]{2,$/u: Incomplete quantifier), which JSON Schema's " +
        "checkers (ajv: the examples check, the mock) use; without it a brace or bracket that " +
        "opens or closes nothing is read as a plain character, so the SDK's check would hold the " +
        "field to another rule: write it so that it compiles with the u flag",
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
