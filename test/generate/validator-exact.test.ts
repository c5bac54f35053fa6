// The schema → check compiler (scripts/generate/lib/validator.mjs) translates each keyword exactly
// or refuses it: cases that the StrykerJS mutation run of review 55 found no test held (an enum
// value that does not fit its type, a `maximum` on a number, a `maxItems` that is no integer, an
// anyOf branch that only looks like a pattern, an allOf rule of another shape, the pointer a
// refusal names). Each asserts what the compiled check accepts and refuses, or the refusal itself.
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { compileCheck, messages } from "./compile-check.js";
// @ts-expect-error — plain ESM scripts without type declarations
import { placed, wrapping } from "../../scripts/generate/lib/places.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { parseBundle } from "../../scripts/spec/bundle.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { createCheckEmitter } from "../../scripts/generate/lib/validator.mjs";

type Refusal = Error & { path: string; keyword: string; at?: string };

/** The message of the refusal `emit` throws for `schema` ("no error" when it translates it). */
function error(schema: unknown): string {
  try {
    createCheckEmitter().emit(schema);
  } catch (e) {
    return (e as Error).message;
  }
  return "no error";
}

/** Every refusal of `schema`, collected. */
function refusals(schema: unknown, where = "getX params"): Refusal[] {
  const found: Refusal[] = [];
  createCheckEmitter({ refusals: found }).emit(schema, where);
  return found;
}

const ajv = new Ajv({ strict: false, allErrors: true });

/** The check of `schema` passes exactly the `valid` values (ajv agrees), refusing the others. */
function agreesWithAjv(schema: object, valid: unknown[], invalid: unknown[]) {
  const check = compileCheck(schema);
  for (const value of valid) {
    expect(messages(check, value), JSON.stringify(value)).toEqual([]);
    expect(ajv.validate(schema, value), JSON.stringify(value)).toBe(true);
  }
  for (const value of invalid) {
    expect(messages(check, value), JSON.stringify(value)).not.toEqual([]);
    expect(ajv.validate(schema, value), JSON.stringify(value)).toBe(false);
  }
}

describe("enums: the values must fit the type, and the check takes them", () => {
  it("checks an enum of each type by its values", () => {
    agreesWithAjv({ type: "string", enum: ["a", "b"] }, ["a", "b"], ["c", 1, null]);
    agreesWithAjv({ type: "integer", enum: [1, 2] }, [1, 2], [3, 1.5, "1"]);
    agreesWithAjv({ type: "number", enum: [0.5, 2] }, [0.5, 2], [1, "0.5"]);
    agreesWithAjv({ type: "boolean", enum: [true] }, [true], [false, "true", 1]);
    expect(messages(compileCheck({ type: "number", enum: [0.5, 2] }), 1)).toEqual([
      "params: must be one of 0.5, 2 (got 1)",
    ]);
  });

  it("takes null in an enum without a type (JSON Schema: the enum alone holds)", () => {
    agreesWithAjv({ enum: ["a", null] }, ["a", null], ["b", 0]);
  });

  it("refuses values that do not fit the type, naming them and the type", () => {
    for (const [type, values] of [
      ["string", [1]],
      ["string", ["a", true]],
      ["integer", [0.5]],
      ["number", ["1"]],
      ["boolean", ["true"]],
      ["array", [[1]]],
      ["object", [{}]],
    ] as const)
      expect(error({ type, enum: values }), type).toBe(
        `#: "enum" values ${JSON.stringify(values)} do not fit type ${JSON.stringify(type)}`,
      );
    expect(error({ enum: [{ a: 1 }] })).toBe(
      '#: "enum" values [{"a":1}] do not fit type "string | number | boolean"',
    );
  });
});

describe("bounds: each is read for the types that have it", () => {
  it("checks the maximum of a number, not only of an integer", () => {
    const check = compileCheck({ type: "number", minimum: 0.5, maximum: 2.5 });
    expect(messages(check, 2.5)).toEqual([]);
    expect(messages(check, 3)).toEqual(["params: must be <= 2.5 (got 3)"]);
    expect(messages(check, 0)).toEqual(["params: must be >= 0.5 (got 0)"]);
  });

  it("refuses a maxItems or minItems that is no non-negative integer", () => {
    for (const keyword of ["minItems", "maxItems"])
      for (const value of [1.5, -1, "2"])
        expect(error({ type: "array", [keyword]: value })).toBe(
          `#: "${keyword}" must be a non-negative integer (got ${JSON.stringify(value)})`,
        );
  });
});

describe("an integer's bound past 2^53", () => {
  const rule =
    "must be within ±9007199254740991 (2^53 − 1) on an integer: the generated check holds its bounds as numbers, so one past that is rounded and lets values beyond it through; a u64 or i64 is held to 64 bits without it";
  it("is refused: the bundle is read rounded, and the check written from it would pass more", () => {
    // Read as the generator reads a bundle (parseBundle: JSON.parse), the bound is
    // 18446744073709552000, and a check written with it passes 18446744073709551615n.
    const u64 = parseBundle(
      '{ "type": "integer", "format": "uint64", "minimum": 0, "maximum": 18446744073709551614 }',
    );
    expect(error(u64)).toBe(`#: "maximum" ${rule} (read as 18446744073709552000)`);
    const i64 = parseBundle(
      '{ "type": "integer", "format": "int64", "minimum": -9223372036854775807 }',
    );
    expect(error(i64)).toBe(`#: "minimum" ${rule} (read as -9223372036854776000)`);
  });

  it("leaves a safe integer's bound, and a float's of any size, as they were", () => {
    const u64 = compileCheck({ type: "integer", format: "uint64", maximum: 2 ** 53 - 1 });
    expect(messages(u64, 2n ** 53n - 1n)).toEqual([]);
    expect(messages(u64, 2n ** 53n)).toEqual([
      "params: must be <= 9007199254740991 (got 9007199254740992n)",
    ]);
    expect(messages(compileCheck({ type: "number", maximum: 1e300 }), 1e301)).toEqual([
      "params: must be <= 1e+300 (got 1e+301)",
    ]);
  });
});

describe("an enum on an integer that takes a bigint", () => {
  it("is refused: vEnum compares with ===, and the SDK's 1n is not 1", () => {
    const rule =
      "on an integer that takes a bigint (a u64, an i64, x-accepts-bigint) is not translated: its check compares values with ===, so the bigint 1n the SDK types it is not 1, and a value past 2^53 is read rounded; bound it with minimum and maximum instead";
    expect(error({ type: "integer", format: "uint64", enum: [0, 1] })).toBe(`#: "enum" ${rule}`);
    expect(error({ type: "integer", "x-accepts-bigint": true, enum: [0, 1] })).toBe(
      `#: "enum" ${rule}`,
    );
    // The rest of the schema is still checked, and refused beside it only for itself.
    expect(
      refusals({ type: ["integer", "null"], format: "int64", enum: [1, null], minimum: 0 }).map(
        (r) => r.message,
      ),
    ).toEqual([`getX params: "enum" ${rule}`]);
    // A plain integer's enum, and a long one checked as its type, as they were.
    expect(messages(compileCheck({ type: "integer", enum: [0, 1] }), 1)).toEqual([]);
    const many = [...Array(65).keys()];
    expect(messages(compileCheck({ type: "integer", format: "uint64", enum: many }), 1n)).toEqual(
      [],
    );
  });
});

describe("anyOf: only plain strings with patterns join into one string check", () => {
  it("refuses a branch whose pattern compiles only without the u flag, rather than join it", () => {
    // `\-` outside a class is an error with the u flag, as ajv and Prism compile a pattern (joined,
    // the whole pattern would lose the flag: `.` one UTF-16 unit, half an emoji).
    expect(
      error({
        anyOf: [
          { type: "string", pattern: "^\\-$" },
          { type: "string", pattern: "^.$" },
        ],
      }),
    ).toBe(
      '#/anyOf/0: "pattern" does not compile with the u flag, as JSON Schema 2020-12, ajv and Prism read it: Invalid regular expression: /^\\-$/u: Invalid escape',
    );
    const check = compileCheck({
      anyOf: [
        { type: "string", pattern: "^-$" },
        { type: "string", pattern: "^.$" },
      ],
    });
    expect(messages(check, "😀")).toEqual([]);
    expect(messages(check, "-")).toEqual([]);
    expect(messages(check, "ab")).not.toEqual([]);
  });

  it("does not join branches that are no plain string with a pattern", () => {
    // A branch with no type is refused as it would be alone (JSON Schema: it holds for a number).
    expect(error({ anyOf: [{ pattern: "^a$" }, { pattern: "^b$" }] })).toBe(
      '#/anyOf/0: "pattern" without a type is not translated',
    );
    // A string with no pattern takes every string.
    agreesWithAjv(
      { anyOf: [{ type: "string" }, { type: "string", pattern: "^b$" }] },
      ["hello", "b", ""],
      [1, null],
    );
  });
});

describe("allOf rules { if, then }: each part of the shape `if` must have", () => {
  const object = {
    type: "object",
    properties: {
      mode: { type: "string", enum: ["a", "b"] },
      n: { type: "integer" },
    },
  };
  const then = { properties: { n: { type: "integer", minimum: 10 } } };
  const ruleRefusals = (rule: unknown, schema: object = object) =>
    refusals({ ...schema, allOf: [rule] }).map((r) => r.message);
  const IF_SHAPE = expect.stringMatching(/^getX params\/allOf\/0\/if: "if" must name one member/);

  it("refuses an if of two members, of other keywords, or whose required is not that member alone", () => {
    // Two members, one required.
    expect(
      ruleRefusals({
        if: { properties: { mode: { enum: ["a"] }, n: { enum: [1] } }, required: ["mode"] },
        then,
      }),
    ).toEqual([IF_SHAPE]);
    // Another keyword beside properties and required.
    expect(
      ruleRefusals({
        if: { type: "object", properties: { mode: { enum: ["a"] } }, required: ["mode"] },
        then,
      }),
    ).toEqual([IF_SHAPE]);
    // Two required, or another member required.
    expect(
      ruleRefusals({
        if: { properties: { mode: { enum: ["a"] } }, required: ["mode", "n"] },
        then,
      }),
    ).toEqual([IF_SHAPE]);
    expect(
      ruleRefusals({ if: { properties: { mode: { enum: ["a"] } }, required: ["n"] }, then }),
    ).toEqual([IF_SHAPE]);
  });

  it("refuses a value condition with more than the enum", () => {
    expect(
      ruleRefusals({
        if: { properties: { mode: { enum: ["a"], not: { const: "b" } } }, required: ["mode"] },
        then,
      }),
    ).toEqual([
      expect.stringMatching(/^getX params\/allOf\/0\/if\/properties\/mode: "if" must name one/),
    ]);
  });

  it("refuses an if that is no object, or names a member of an object without properties", () => {
    expect(ruleRefusals({ if: null, then })).toEqual([IF_SHAPE]);
    expect(
      ruleRefusals(
        { if: { properties: { mode: { enum: ["a"] } }, required: ["mode"] }, then },
        { type: "object" },
      ),
    ).toEqual([IF_SHAPE]);
  });

  it("says which part of a rule is missing, and that allOf holds rules", () => {
    expect(ruleRefusals({ then })).toEqual([
      expect.stringMatching(
        /^getX params\/allOf\/0: "if" is missing \(an allOf member is one rule/,
      ),
    ]);
    expect(ruleRefusals(true)).toEqual([
      expect.stringMatching(
        /^getX params\/allOf\/0: "allOf" an allOf member is one rule \{ if, then \}/,
      ),
    ]);
    expect(refusals({ ...object, allOf: {} }).map((r) => [r.message, r.keyword])).toEqual([
      ['getX params: "allOf" must be an array of rules { if, then }', "allOf"],
    ]);
  });

  it("reads annotations in if as annotations", () => {
    const schema = {
      ...object,
      allOf: [
        {
          if: {
            description: "in mode a",
            properties: { mode: { enum: ["a"], description: "a" } },
            required: ["mode"],
          },
          then,
        },
      ],
    };
    expect(refusals(schema)).toEqual([]);
    const check = compileCheck(schema);
    expect(messages(check, { mode: "a", n: 10 })).toEqual([]);
    expect(messages(check, { mode: "b", n: 1 })).toEqual([]);
    expect(messages(check, { mode: "a", n: 1 })).toEqual([
      expect.stringMatching(/^params\.n: must be >= 10 \(got 1\)/),
    ]);
  });
});

describe("dependentSchemas: an exclusion is refused beside other rules", () => {
  it("refuses { properties: { other: false } } with another keyword, at the entry", () => {
    expect(
      error({
        type: "object",
        properties: { page: { type: "integer" }, cursor: { type: "string" } },
        dependentSchemas: { page: { properties: { cursor: false }, required: ["cursor"] } },
      }),
    ).toBe(
      '#/dependentSchemas/page: "dependentSchemas" excludes properties beside other rules (write { properties: { name: false, … } } alone, or no false)',
    );
  });
});

describe("x-renamed-from: every entry must name a property", () => {
  it("refuses a map with one entry that names no property, beside one that does", () => {
    expect(
      error({
        type: "object",
        properties: { options: { type: "object" } },
        additionalProperties: false,
        "x-renamed-from": { displayOptions: "options", other: "nothing" },
      }),
    ).toMatch(/^#: "x-renamed-from" must map other SDKs' names to properties of this object/);
  });

  const wrapped = (outer: object) =>
    wrapping(
      {
        type: "object",
        properties: {
          request: {
            type: "object",
            properties: { accountKeys: { type: "array" }, options: { type: "object" } },
          },
        },
        ...outer,
      },
      "request",
    );

  it("names where an unwrapped member goes, but an own other name first, and only when others are refused", () => {
    const schema = wrapped({
      additionalProperties: false,
      "x-renamed-from": { options: "request" },
    });
    // (The map each bundle carries: one entry a name, none besides.)
    expect(createCheckEmitter().emit(schema).replaceAll("/* @__PURE__ */ ", "")).toMatch(
      /^vRenamed\(vObject\(.*\), \{ options: "request", accountKeys: "request\.accountKeys" \}\)$/,
    );
    const check = compileCheck(schema);
    expect(messages(check, { request: {}, accountKeys: [] })).toEqual([
      "params.accountKeys: is not an allowed property (allowed: request); it is named request.accountKeys here",
    ]);
    expect(messages(check, { request: {}, options: {} })).toEqual([
      "params.options: is not an allowed property (allowed: request); it is named request here",
    ]);
    // Where other properties are checked by a schema, a wrong one is no wrapped member.
    const open = compileCheck(wrapped({ additionalProperties: { type: "string" } }));
    expect(messages(open, { request: {}, accountKeys: 1 })).toEqual([
      "params.accountKeys: must be string (got number 1)",
    ]);
  });
});

describe("refusals name the keyword where it is written", () => {
  it("names the path through additionalProperties, an open enum's open branch, and a null-only anyOf", () => {
    expect(error({ type: "object", additionalProperties: { type: "string", const: "x" } })).toBe(
      '#/additionalProperties: "const" is not translated into a runtime check',
    );
    expect(
      error({
        anyOf: [
          { type: "string", enum: ["A"] },
          { type: "string", minLength: -1 },
        ],
      }),
    ).toBe('#/anyOf/1: "minLength" must be a non-negative integer (got -1)');
    expect(refusals({ anyOf: [{ type: "null" }] }).map((r) => r.keyword)).toEqual(["anyOf"]);
  });

  it("records the bundle pointer: the schema's own, else its parent's and the way down, else none", () => {
    const bad = { type: "string", const: "x" };
    const schema = placed(
      {
        type: "object",
        properties: { a: bad, b: placed(bad, "#/components/schemas/B") },
      },
      "#/methods/0/params/0/schema",
    );
    expect(refusals(schema).map((r) => [r.path, r.at])).toEqual([
      ["getX params/properties/a", "#/methods/0/params/0/schema/properties/a"],
      ["getX params/properties/b", "#/components/schemas/B"],
    ]);
    expect(refusals({ type: "object", properties: { a: bad } }).map((r) => r.at)).toEqual([
      undefined,
    ]);
  });
});
