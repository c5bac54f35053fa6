// What spec:check says to write for a keyword outside the JSON Schema subset (checkSchemaKeywords'
// hints, user trial 52). Review 69: `$defs` was "did you mean $ref?", and an exclusive bound on a
// float, or OpenAPI 3.0's boolean form, was told "write minimum instead", which lets the bound's
// own value through (a price over 0 would take 0) or names a bound already there.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkSchemaKeywords } from "../../../scripts/spec/rules/schemas.mjs";

/** The hint spec:check gives for `key` in `schema`: the finding's text after the README's name. */
const hint = (schema: object, key: string): string => {
  const findings: string[] = checkSchemaKeywords({
    area: "das",
    doc: { components: { schemas: { A: schema } } },
  });
  const finding = findings.find((f) => f.includes(`"${key}" is outside`));
  return finding!.split("(spec/README.md)")[1]!;
};

describe("spec:check's hint for a keyword outside the subset", () => {
  it("names no nearest keyword for one of JSON Schema or OpenAPI that the subset leaves out", () => {
    for (const key of ["$defs", "not", "if", "then", "else", "minProperties", "contains", "xml"])
      expect(hint({ type: "object", [key]: {} }, key), key).toBe("");
    // A misspelling still gets one.
    expect(hint({ type: "string", maxLenght: 3 }, "maxLenght")).toBe(": did you mean maxLength?");
  });

  it("says where a rule the subset cannot state goes: multipleOf, as prose", () => {
    expect(hint({ type: "integer", multipleOf: 7 }, "multipleOf")).toBe(
      ": the subset has no keyword for it: say the rule in the description (the service " +
        "checks it, the SDK does not), or list the values in an enum",
    );
  });

  it("gives a whole number's exclusive bound as the next whole number in, in either form", () => {
    expect(hint({ type: "integer", exclusiveMaximum: 51 }, "exclusiveMaximum")).toBe(
      ": write maximum: 50 instead (the subset's bounds are inclusive)",
    );
    expect(hint({ type: "integer", exclusiveMinimum: 0.5 }, "exclusiveMinimum")).toBe(
      ": write minimum: 1 instead (the subset's bounds are inclusive)",
    );
    expect(hint({ type: "integer", maximum: 50, exclusiveMaximum: true }, "exclusiveMaximum")).toBe(
      ": write maximum: 49 instead of maximum: 50 and exclusiveMaximum: true (OpenAPI 3.0's form) (the subset's bounds are inclusive)",
    );
    expect(hint({ type: "integer", minimum: 0, exclusiveMinimum: false }, "exclusiveMinimum")).toBe(
      ": drop it (OpenAPI 3.0's form: false leaves the bound inclusive)",
    );
  });

  it("does not tell a float's exclusive bound to become the same inclusive one", () => {
    expect(hint({ type: "number", exclusiveMinimum: 0 }, "exclusiveMinimum")).toBe(
      ": write minimum: <the least value allowed> instead (the subset's bounds are inclusive: minimum: 0 would let 0 through)",
    );
    expect(hint({ type: "number", maximum: 1, exclusiveMaximum: true }, "exclusiveMaximum")).toBe(
      ": write maximum: <the greatest value allowed> instead of maximum: 1 and exclusiveMaximum: true (OpenAPI 3.0's form) (the subset's bounds are inclusive: maximum: 1 would let 1 through)",
    );
  });
});
