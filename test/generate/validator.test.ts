// The generator's schema → check compiler (scripts/generate/lib/validator.mjs): the text it
// emits, its regex literals, the keywords it refuses, and that the emitted checks accept and
// reject what the schema does (with ajv as the reference for valid/invalid).
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { compileCheck, messages } from "./compile-check.js";
// @ts-expect-error — plain ESM scripts without type declarations
import { createCheckEmitter } from "../../scripts/generate/lib/validator.mjs";

type Schema = unknown;
const ADDRESS_PATTERN = "^[1-9A-HJ-NP-Za-km-z]{32,44}$";
const Address = {
  type: "string",
  pattern: ADDRESS_PATTERN,
  description: "A base58 public key.",
  examples: ["x"],
};
const ADDRESS = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";

const PURE = "/* @__PURE__ */ ";
/** The emitter wrapped so that expected texts read without the `@__PURE__` marks (checked once below). */
function createEmitter() {
  const emitter = createCheckEmitter();
  return {
    ...emitter,
    emit: (schema: Schema, where?: string): string =>
      emitter.emit(schema, where).replaceAll(PURE, ""),
  };
}

/** The generator's refusal of `schema` (its error's message), or "no error". */
function refusalOf(schema: Schema): string {
  try {
    createCheckEmitter().emit(schema);
  } catch (e) {
    return (e as Error).message;
  }
  return "no error";
}

/** One schema's expression, imports and declarations, from a fresh emitter. */
function emitOne(schema: Schema) {
  const emitter = createEmitter();
  const expression: string = emitter.emit(schema);
  return {
    expression,
    imports: emitter.imports() as string[],
    declarations: emitter.declarations() as string,
  };
}

describe("createCheckEmitter: emitted text", () => {
  it("marks every combinator call @__PURE__, so bundlers drop the checks of operations never called", () => {
    const text: string = createCheckEmitter().emit({
      type: "object",
      properties: { ids: { type: "array", items: Address } },
      required: ["ids"],
    });
    expect(text).toBe(`${PURE}vObject({ ids: ${PURE}vArray(${PURE}vString(PATTERN_1)) }, ["ids"])`);
  });

  it("emits an object check with hoisted patterns, quoting names only when needed", () => {
    const emitter = createEmitter();
    const getAsset = {
      type: "object",
      properties: {
        id: Address,
        options: {
          type: "object",
          additionalProperties: false,
          properties: { showFungible: { type: "boolean", default: false } },
        },
      },
      required: ["id"],
      additionalProperties: false,
    };
    expect(emitter.emit(getAsset)).toBe(
      'vObject({ id: vString(PATTERN_1), options: vObject({ showFungible: vBoolean }, [], false) }, ["id"], false)',
    );
    // JSON.parse makes `__proto__` an own property, as a spec could.
    const odd = JSON.parse(
      '{ "properties": { "before-id": { "type": "integer", "minimum": 1, "maximum": 1000 }, "$x": {}, "__proto__": true } }',
    );
    expect(emitter.emit(odd)).toBe(
      'vObject({ "before-id": vInteger(1, 1000), $x: vAny, ["__proto__"]: vAny })',
    );
    expect(emitter.emit({ type: "array", items: Address, maxItems: 1000 })).toBe(
      "vArray(vString(PATTERN_1), undefined, 1000)",
    );
    expect(emitter.emit({ type: "string", pattern: "^https://" })).toBe("vString(PATTERN_2)");
    expect(emitter.imports()).toEqual([
      "vAny",
      "vArray",
      "vBoolean",
      "vInteger",
      "vObject",
      "vString",
    ]);
    expect(emitter.declarations()).toBe(
      `const PATTERN_1 = /${ADDRESS_PATTERN}/u;\nconst PATTERN_2 = /^https:\\/\\//u;`,
    );
  });

  it("hoists each pattern description once, after the patterns, however many params share it", () => {
    const emitter = createEmitter();
    const described = (words: string) => ({
      type: "string",
      pattern: ADDRESS_PATTERN,
      "x-pattern-description": words,
    });
    const address = described("a base58 address");
    expect(
      emitter.emit({
        type: "object",
        properties: { owner: address, mint: address, hash: described("a base58 hash") },
      }),
    ).toBe(
      "vObject({ owner: vString(PATTERN_1, DESCRIPTION_1), mint: vString(PATTERN_1, DESCRIPTION_1), hash: vString(PATTERN_1, DESCRIPTION_2) })",
    );
    expect(emitter.declarations()).toBe(
      `const PATTERN_1 = /${ADDRESS_PATTERN}/u;\nconst DESCRIPTION_1 = "a base58 address";\nconst DESCRIPTION_2 = "a base58 hash";`,
    );
  });

  it("emits scalars, nullable types, enums and anyOf", () => {
    const text = (schema: Schema) => emitOne(schema).expression;
    expect(text({ type: "string" })).toBe("vString()");
    expect(text({ type: "string", minLength: 1 })).toBe("vBoundedString(1)");
    expect(text({ type: "string", minLength: 0 })).toBe("vBoundedString(0)");
    expect(text({ type: "string", pattern: "^a", "x-pattern-description": "words" })).toBe(
      "vString(PATTERN_1, DESCRIPTION_1)",
    );
    expect(text({ type: "integer", minimum: 0 })).toBe("vInteger(0)");
    expect(text({ type: "integer", maximum: 10 })).toBe("vInteger(undefined, 10)");
    // A u64 or i64 (typed bigint) takes a bigint; any other integer (typed number) refuses one.
    expect(text({ type: "integer", format: "uint64", minimum: 0 })).toBe(
      "vInteger(0, undefined, 1)",
    );
    expect(text({ type: ["integer", "null"], format: "int64" })).toBe(
      "vNullable(vInteger(undefined, undefined, 1))",
    );
    expect(text({ type: "integer", format: "int32" })).toBe("vInteger()");
    expect(text({ type: "number", minimum: 0.5, format: "double" })).toBe("vNumber(0.5)");
    expect(text({ type: ["integer", "null"], minimum: 1, maximum: 1000 })).toBe(
      "vNullable(vInteger(1, 1000))",
    );
    expect(text({ type: ["null", "string"] })).toBe("vNullable(vString())");
    expect(text({ type: "string", enum: ["asc", "desc"] })).toBe('vEnum(["asc","desc"])');
    expect(text({ enum: ["asc", 1, true] })).toBe('vEnum(["asc",1,true])');
    expect(text({ type: ["string", "null"], enum: ["asc", null] })).toBe(
      'vNullable(vEnum(["asc"]))',
    );
    // JSON Schema wants the type and the enum to hold: null passes only when both allow it.
    expect(text({ type: ["string", "null"], enum: ["asc"] })).toBe('vEnum(["asc"])');
    expect(text({ type: "string", enum: ["asc", null] })).toBe('vEnum(["asc"])');
    const many = Array.from({ length: 65 }, (_, i) => `T${i}`);
    expect(text({ type: "string", enum: many })).toBe("vString()");
    // (MAX_RUNTIME_ENUM values are still checked one by one.)
    expect(text({ type: "string", enum: many.slice(0, 64) })).toBe(
      `vEnum(${JSON.stringify(many.slice(0, 64))})`,
    );
    expect(text({ type: "array", items: { type: "string", enum: many } })).toBe(
      "vArray(vString())",
    );
    expect(text({ anyOf: [{ type: "string" }, { type: "integer" }] })).toBe(
      "vAnyOf([vString(), vInteger()])",
    );
    expect(text({ anyOf: [Address, { type: "null" }], description: "x" })).toBe(
      "vNullable(vString(PATTERN_1))",
    );
    expect(text({ anyOf: [{ type: "null" }, { type: "string" }, { type: "boolean" }] })).toBe(
      "vNullable(vAnyOf([vString(), vBoolean]))",
    );
    expect(text({ type: "object", additionalProperties: { type: "string" } })).toBe(
      "vObject({}, [], vString())",
    );
    expect(text({ type: "object", additionalProperties: true })).toBe("vObject({})");
    expect(text({ type: "array" })).toBe("vArray(vAny)");
    expect(emitOne({ type: "string" }).declarations).toBe("");
  });

  it("ignores annotations; true and {} accept anything", () => {
    const text = (schema: Schema) => emitOne(schema).expression;
    expect(text(true)).toBe("vAny");
    expect(text({})).toBe("vAny");
    expect(
      text({
        title: "t",
        description: "d",
        examples: [1],
        example: 1,
        default: 1,
        deprecated: true,
        readOnly: true,
        writeOnly: false,
        $comment: "c",
        contentMediaType: "application/json",
        contentEncoding: "base64",
        "x-source": "s",
      }),
    ).toBe("vAny");
    expect(text({ type: "string", format: "uri", "x-anything": { oneOf: [] } })).toBe("vString()");
  });

  it("shares identical patterns, numbers them by first use, and is deterministic", () => {
    const schemas = [
      { type: "array", items: { type: "string", pattern: "^b$" } },
      { properties: { a: Address, b: { type: "string", pattern: "^b$" }, c: Address } },
    ];
    const run = () => {
      const emitter = createEmitter();
      return [
        ...schemas.map((s) => emitter.emit(s)),
        ...emitter.imports(),
        ...emitter.declarations().split("\n"),
      ];
    };
    expect(run()).toEqual([
      "vArray(vString(PATTERN_1))",
      "vObject({ a: vString(PATTERN_2), b: vString(PATTERN_1), c: vString(PATTERN_2) })",
      "vArray",
      "vObject",
      "vString",
      "const PATTERN_1 = /^b$/u;",
      `const PATTERN_2 = /${ADDRESS_PATTERN}/u;`,
    ]);
    expect(run()).toEqual(run());
  });
});

describe("createCheckEmitter: regex literals", () => {
  // Each pattern as it would stand in the spec's JSON, with strings to try it on.
  const cases: Array<[pattern: string, flags: string, samples: string[]]> = [
    ["^https://", "u", ["https://x", "http://x", "https:\\/\\/"]],
    ["^[^\\s/.]+(\\.[^\\s/.]+)*\\.[a-z0-9-]+$", "u", ["toly.sol", "a/b.sol", "a b.sol"]],
    ["a\\/b", "u", ["a/b", "a\\/b"]], // already escaped in the spec
    ["\\\\/", "u", ["\\/", "/"]], // an escaped backslash, then a bare slash
    ["[/]", "u", ["/", "x"]],
    ["a\nb", "u", ["a\nb", "anb", "a\\nb"]], // a raw line terminator
    ["a\u2028b", "u", ["a\u2028b", "ab"]],
    ["", "u", ["", "x"]],
    ["^\\p{Lu}$", "u", ["A", "a", "p{Lu}"]], // needs the u flag
    ["^.$", "u", ["😀", "a", "ab"]], // u: one code point
    ["^[1-9A-HJ-NP-Za-km-z]{32,44}$", "u", [ADDRESS, "0OIl"]],
  ];

  it.each(cases)("%j round-trips through its regex literal", (pattern, flags, samples) => {
    const emitter = createCheckEmitter();
    emitter.emit({ type: "string", pattern });
    const line: string = emitter.declarations();
    expect(line).toMatch(new RegExp(`^const PATTERN_1 = /.*/${flags};$`, "s"));
    const literal = (0, eval)(
      line.replace(/^const PATTERN_1 = /, "(").replace(/;$/, ")"),
    ) as RegExp;
    const reference = new RegExp(pattern, flags);
    expect(literal.source).toBe(reference.source);
    expect(literal.flags).toBe(flags);
    for (const sample of samples) expect(literal.test(sample), sample).toBe(reference.test(sample));
  });
});

describe("createCheckEmitter: what it refuses", () => {
  const error = (schema: Schema, where?: string) => {
    try {
      createCheckEmitter().emit(schema, where);
    } catch (e) {
      return (e as Error).message;
    }
    return "no error";
  };

  it("throws naming the path and the keyword it does not translate", () => {
    const nested = {
      type: "object",
      properties: { a: { type: "array", items: { type: "string", const: "x" } } },
    };
    expect(error(nested)).toBe(
      '#/properties/a/items: "const" is not translated into a runtime check',
    );
    expect(error(nested, "das getAsset params")).toBe(
      'das getAsset params/properties/a/items: "const" is not translated into a runtime check',
    );
    expect(error({ properties: { "a/b~": { oneOf: [] } } })).toBe(
      '#/properties/a~1b~0: "oneOf" is not translated into a runtime check',
    );
    for (const keyword of [
      "else",
      "not",
      "$ref",
      "uniqueItems",
      "exclusiveMinimum",
      "multipleOf",
      "nullable",
      "patternProperties",
    ]) {
      expect(error({ type: "array", [keyword]: true })).toBe(
        `#: "${keyword}" is not translated into a runtime check`,
      );
    }
  });

  it("throws on keywords the type does not use, and on types it cannot express", () => {
    expect(error({ type: "string", minimum: 1 })).toBe(
      '#: "minimum" is not translated for type string',
    );
    expect(error({ type: "integer", pattern: "^1$" })).toBe(
      '#: "pattern" is not translated for type integer',
    );
    expect(error({ minLength: 1 })).toBe('#: "minLength" without a type is not translated');
    expect(error({ type: ["string", "integer"] })).toBe(
      '#: "type" with several types ["string","integer"] is not translated',
    );
    expect(error({ type: "null" })).toMatch(/^#: "type" null alone/);
    expect(error({ type: "date" })).toBe('#: "type" "date" is not a JSON Schema type');
    expect(error({ type: "constructor" })).toBe(
      '#: "type" "constructor" is not a JSON Schema type',
    );
    expect(error({ type: "string", anyOf: [{ pattern: "a" }] })).toMatch(/^#: "type" beside anyOf/);
    expect(error({ anyOf: [{ type: "null" }] })).toBe('#: "anyOf" has only null branches');
    expect(error({ type: "string", enum: ["a"], minLength: 1 })).toBe(
      '#: "minLength" beside enum is not translated',
    );
    expect(error({ type: "integer", enum: [1, "2"] })).toMatch(
      /^#: "enum" values \[1,"2"\] do not fit type "integer"/,
    );
    expect(error({ type: "string", pattern: "(" })).toMatch(/^#: "pattern" does not compile/);
    // Compiled with the u flag only, as ajv and Prism compile it: no check of a rule they lack.
    expect(error({ type: "string", pattern: "^\\-$" })).toBe(
      '#: "pattern" does not compile with the u flag, as JSON Schema 2020-12, ajv and Prism read it: Invalid regular expression: /^\\-$/u: Invalid escape',
    );
    expect(error({ type: "string", minLength: -1 })).toBe(
      '#: "minLength" must be a non-negative integer (got -1)',
    );
    expect(error({ type: "array", minItems: 1.5 })).toBe(
      '#: "minItems" must be a non-negative integer (got 1.5)',
    );
    expect(error({ type: "integer", minimum: "1" })).toBe(
      '#: "minimum" must be a finite number (got "1")',
    );
    expect(error({ type: "string", pattern: 5 })).toBe('#: "pattern" must be a string');
    expect(error({ type: "string", enum: "a" })).toBe('#: "enum" must be an array');
    expect(error({ type: "integer", enum: [1, 1.5] })).toMatch(
      /^#: "enum" values \[1,1.5\] do not fit type "integer"/,
    );
    expect(error({ type: "boolean", enum: [true, "no"] })).toMatch(
      /^#: "enum" values \[true,"no"\] do not fit type "boolean"/,
    );
    expect(error({ type: ["string", "null"], enum: [null] })).toMatch(
      /^#: "enum" values \[null\] do not fit type \["string","null"\]/,
    );
    expect(error({ anyOf: [] })).toBe('#: "anyOf" must be a non-empty array');
    // A long enum beside other branches would be checked as its base type only.
    const long = (length: number) => Array.from({ length }, (_, i) => `T${i}`);
    expect(error({ anyOf: [{ type: "string", enum: long(65) }, { type: "integer" }] })).toMatch(
      /^#\/anyOf\/0: "enum" of more than 64 values beside other anyOf branches/,
    );
    expect(error({ anyOf: [{ type: "string", enum: long(64) }, { type: "integer" }] })).toBe(
      "no error",
    );
    // A null branch with more than a type is read like any other, not dropped as "or null".
    expect(error({ anyOf: [{ type: "string" }, { type: "null", const: null }] })).toBe(
      '#/anyOf/1: "const" is not translated into a runtime check',
    );
    expect(error({ type: "object", properties: [] })).toBe('#: "properties" must be an object');
    expect(error({ type: "object", required: ["a", 1] })).toBe(
      '#: "required" must be an array of names',
    );
    // x-pattern-description: words beside a pattern (the check's message reads them).
    for (const described of ["", " \n", 5])
      expect(error({ type: "string", pattern: "^a", "x-pattern-description": described })).toBe(
        '#: "x-pattern-description" must be a non-empty string beside a pattern (what the pattern accepts, in words)',
      );
    expect(error({ type: "string", "x-pattern-description": "words" })).toBe(
      '#: "x-pattern-description" must be a non-empty string beside a pattern (what the pattern accepts, in words)',
    );
    expect(error(false)).toBe("#: false is not a schema this generator translates");
    expect(error({ type: "array", items: [{ type: "string" }] })).toMatch(/^#\/items: \[/);
  });

  it("with a list to collect them, refuses every keyword: the others of a schema, and the schemas around one it cannot read", () => {
    const refusals: Array<Error & { path: string; keyword: string; at?: string }> = [];
    createCheckEmitter({ refusals }).emit(
      {
        type: "object",
        properties: {
          // (Its type unreadable, the rest of `a` is not read: its minimum says nothing more.)
          a: { type: ["string", "integer"], minimum: "x" },
          b: { type: "string", pattern: "(", minLength: -1, maxLength: -2 },
          c: { type: "integer", pattern: "x", exclusiveMinimum: 1 },
          // (Not an object: its properties are not read as schemas, one refusal says so.)
          d: { type: "object", properties: "x" },
        },
      },
      "getX params",
    );
    expect(refusals.map((r) => r.message)).toEqual([
      'getX params/properties/a: "type" with several types ["string","integer"] is not translated',
      'getX params/properties/b: "pattern" does not compile with the u flag, as JSON Schema 2020-12, ajv and Prism read it: Invalid regular expression: /(/u: Unterminated group',
      'getX params/properties/b: "minLength" must be a non-negative integer (got -1)',
      'getX params/properties/b: "maxLength" must be a non-negative integer (got -2)',
      'getX params/properties/c: "exclusiveMinimum" is not translated into a runtime check',
      'getX params/properties/c: "pattern" is not translated for type integer',
      'getX params/properties/d: "properties" must be an object',
    ]);
    // Each with its path and keyword as fields (and `at`, the pointer validationSchema's copy records).
    expect(refusals[1]).toMatchObject({ path: "getX params/properties/b", keyword: "pattern" });
  });

  it("with a list to collect them, still throws what is no refusal (a fault of the generator, not of the spec)", () => {
    const refusals: Error[] = [];
    const faulty = {
      get type(): string {
        throw new TypeError("a fault");
      },
    };
    expect(() =>
      createCheckEmitter({ refusals }).emit({ type: "object", properties: { a: faulty } }),
    ).toThrow("a fault");
    expect(refusals).toEqual([]);
  });
});

describe("createCheckEmitter: the emitted checks behave like the schema", () => {
  const ajv = new Ajv({ strict: false, allErrors: true });
  // [schema, [value, the messages validate() reports]...]: ajv must agree on valid vs invalid.
  const cases: Array<[name: string, schema: Schema, samples: Array<[unknown, string[]]>]> = [
    [
      "das getAsset",
      {
        type: "object",
        properties: {
          id: Address,
          options: {
            type: "object",
            additionalProperties: false,
            properties: { showFungible: { type: "boolean" }, showInscription: { type: "boolean" } },
          },
        },
        required: ["id"],
        additionalProperties: false,
      },
      [
        [{ id: ADDRESS }, []],
        [{ id: ADDRESS, options: { showFungible: true } }, []],
        [{}, ["params.id: is required"]],
        [{ id: "0OIl" }, [`params.id: must match ${ADDRESS_PATTERN} (got "0OIl")`]],
        [
          { id: ADDRESS, options: { showFungible: 1, other: true } },
          [
            "params.options.showFungible: must be boolean (got number 1)",
            "params.options.other: is not an allowed property (allowed: showFungible, showInscription)",
          ],
        ],
        [[ADDRESS], ["params: must be object { id, options } (got Array)"]],
      ],
    ],
    [
      "das getAssetBatch ids",
      {
        type: "object",
        properties: { ids: { type: "array", minItems: 1, maxItems: 1000, items: Address } },
        required: ["ids"],
      },
      [
        [{ ids: [ADDRESS] }, []],
        [{ ids: [] }, ["params.ids: must have at least 1 item (got 0)"]],
        [
          { ids: Array(1001).fill(ADDRESS) },
          ["params.ids: must have at most 1000 items (got 1001)"],
        ],
        [{ ids: [ADDRESS, 7] }, ["params.ids[1]: must be string (got number 7)"]],
      ],
    ],
    [
      "compression cursor/limit (nullable)",
      {
        type: "object",
        properties: {
          mint: { anyOf: [Address, { type: "null" }] },
          limit: { type: ["integer", "null"], minimum: 1, maximum: 1000 },
          dataSlice: {
            anyOf: [
              {
                type: "object",
                required: ["offset", "length"],
                properties: {
                  offset: { type: "integer", minimum: 0 },
                  length: { type: "integer", minimum: 0 },
                },
                additionalProperties: false,
              },
              { type: "null" },
            ],
          },
        },
        additionalProperties: false,
      },
      [
        [{ mint: null, limit: null, dataSlice: null }, []],
        [{ mint: ADDRESS, limit: 1000, dataSlice: { offset: 0, length: 32 } }, []],
        [{ limit: 0 }, ["params.limit: must be >= 1 (got 0)"]],
        [{ limit: 1.5 }, ["params.limit: must be integer (got number 1.5)"]],
        [{ mint: 1 }, ["params.mint: must be string (got number 1)"]],
        [
          { dataSlice: { offset: -1 } },
          [
            "params.dataSlice.length: is required",
            "params.dataSlice.offset: must be >= 0 (got -1)",
          ],
        ],
      ],
    ],
    [
      "wallet addresses (anyOf of strings): one check whose message names every branch",
      {
        type: "object",
        properties: {
          addresses: {
            type: "array",
            maxItems: 100,
            items: {
              anyOf: [
                Address,
                {
                  type: "string",
                  pattern: "^[^\\s/.]+(\\.[^\\s/.]+)*\\.[a-z0-9-]+$",
                  "x-pattern-description": "a domain such as toly.sol",
                },
              ],
            },
          },
        },
        required: ["addresses"],
        additionalProperties: false,
      },
      [
        [{ addresses: [ADDRESS, "toly.sol"] }, []],
        [
          { addresses: ["not valid", "toly"] },
          [
            `params.addresses[0]: must be a string matching ${ADDRESS_PATTERN}, or a domain such as toly.sol (got "not valid")`,
            `params.addresses[1]: must be a string matching ${ADDRESS_PATTERN}, or a domain such as toly.sol (got "toly")`,
          ],
        ],
        [{ addresses: [null] }, ["params.addresses[0]: must be string (got null)"]],
      ],
    ],
    [
      "a nullable anyOf of strings, and one whose patterns cannot be joined (a back-reference)",
      {
        type: "object",
        properties: {
          owner: {
            anyOf: [Address, { type: "string", pattern: "^[a-z]+\\.sol$" }, { type: "null" }],
          },
          pair: {
            anyOf: [
              { type: "string", pattern: "^(a)\\1$" },
              { type: "string", pattern: "^b$" },
            ],
          },
        },
      },
      [
        [{ owner: null, pair: "aa" }, []],
        [{ owner: "toly.sol", pair: "b" }, []],
        [
          { owner: "x", pair: "ab" },
          [
            `params.owner: must be a string matching ${ADDRESS_PATTERN}, or a string matching ^[a-z]+\\.sol$ (got "x")`,
            'params.pair: must match ^(a)\\1$ (got "ab")',
          ],
        ],
      ],
    ],
    [
      "enums, a long enum, typeless object, open object",
      {
        properties: {
          sortDirection: { type: "string", enum: ["asc", "desc"] },
          transactionTypes: {
            type: "array",
            items: { type: "string", enum: Array.from({ length: 100 }, (_, i) => `T${i}`) },
          },
          webhookURL: { type: "string", pattern: "^https://", minLength: 9 },
          meta: { type: "object", additionalProperties: { type: "integer" } },
        },
      },
      [
        [
          {
            sortDirection: "asc",
            transactionTypes: ["T5"],
            webhookURL: "https://x.io",
            meta: { a: 1 },
          },
          [],
        ],
        [
          { sortDirection: "up" },
          ['params.sortDirection: must be one of "asc", "desc" (got "up")'],
        ],
        [{ transactionTypes: [1] }, ["params.transactionTypes[0]: must be string (got number 1)"]],
        [
          { webhookURL: "http://x" },
          [
            'params.webhookURL: must match ^https:\\/\\/ (got "http://x")',
            "params.webhookURL: must have at least 9 characters (got 8)",
          ],
        ],
        [{ meta: { a: "1" } }, ["params.meta.a: must be integer (got string)"]],
        [{ extra: { anything: true } }, []],
      ],
    ],
    [
      "patterns described in words (x-pattern-description)",
      {
        type: "object",
        properties: {
          webhookURL: {
            type: "string",
            pattern: "^https://",
            "x-pattern-description": "an HTTPS URL",
          },
          name: {
            type: "string",
            pattern: "^[a-z]+$",
            minLength: 2,
            "x-pattern-description": "lower-case letters",
          },
        },
      },
      [
        [{ webhookURL: "https://x.io", name: "ab" }, []],
        [{ webhookURL: "http://x" }, ['params.webhookURL: must be an HTTPS URL (got "http://x")']],
        [
          { name: "A" },
          [
            'params.name: must be lower-case letters (got "A")',
            "params.name: must have at least 2 characters (got 1)",
          ],
        ],
      ],
    ],
  ];

  it.each(cases)("%s", (_name, schema, samples) => {
    const check = compileCheck(schema);
    for (const [value, expected] of samples) {
      expect(messages(check, value), JSON.stringify(value)).toEqual(expected);
      expect(ajv.validate(schema as object, value), JSON.stringify(value)).toBe(
        expected.length === 0,
      );
    }
  });

  it("a plain integer (typed number) refuses a bigint, as its type does; a u64 takes one (user trial 39)", () => {
    const check = compileCheck({
      type: "object",
      properties: {
        limit: { type: "integer", minimum: 1, maximum: 1000 },
        amount: { type: "integer", format: "uint64", minimum: 0 },
      },
      additionalProperties: false,
    });
    expect(messages(check, { limit: 10n, amount: 10n })).toEqual([
      "params.limit: must be a number, not a bigint (got 10n)",
    ]);
    expect(messages(check, { limit: 10, amount: 2n ** 64n - 1n })).toEqual([]);
    expect(messages(check, { amount: 2n ** 64n })).toEqual([
      "params.amount: must fit in 64 bits (got 18446744073709551616n)",
    ]);
  });

  it("translates dependentSchemas of the form { name: { properties: { other: false } } } (DAS page vs keyset params)", () => {
    const schema = {
      type: "object",
      properties: {
        page: { type: "integer", minimum: 1 },
        cursor: { type: "string" },
        before: { type: "string" },
      },
      additionalProperties: false,
      dependentSchemas: { page: { properties: { cursor: false, before: false } } },
    };
    expect(emitOne(schema).expression).toBe(
      'vExclusive(vObject({ page: vInteger(1), cursor: vString(), before: vString() }, [], false), "page", ["cursor","before"])',
    );
    const check = compileCheck(schema);
    const ajv2020 = new Ajv2020({ strict: false, allErrors: true });
    const samples: Array<[unknown, string[]]> = [
      [{ page: 1 }, []],
      [{ cursor: "c", before: "b" }, []],
      [{ page: 1, cursor: "c" }, ["params.cursor: cannot be used with page"]],
      [
        { page: 0, before: "b" },
        ["params.page: must be >= 1 (got 0)", "params.before: cannot be used with page"],
      ],
    ];
    for (const [value, expected] of samples) {
      expect(messages(check, value), JSON.stringify(value)).toEqual(expected);
      expect(ajv2020.validate(schema, value), JSON.stringify(value)).toBe(expected.length === 0);
    }
    expect(() =>
      createCheckEmitter().emit({
        type: "object",
        properties: { page: { type: "integer" }, cursor: { type: "string" } },
        dependentSchemas: { page: { properties: { cursor: false, x: { type: "string" } } } },
      }),
    ).toThrow(/dependentSchemas" excludes properties beside other rules/);
  });

  it("translates any other dependentSchemas entry as a rule the object also passes when it has the property (DAS keyset paging sorts by id)", () => {
    const schema = {
      type: "object",
      properties: {
        before: { type: "string" },
        after: { type: "string" },
        limit: { type: "integer" },
        sortBy: {
          type: "object",
          properties: { sortBy: { type: "string", enum: ["id", "created"] } },
        },
      },
      additionalProperties: false,
      dependentSchemas: {
        before: { properties: { sortBy: { properties: { sortBy: { enum: ["id"] } } } } },
        after: { properties: { sortBy: { properties: { sortBy: { enum: ["id"] } } } } },
        limit: { required: ["before"] },
      },
    };
    expect(emitOne(schema).expression).toBe(
      'vDependent(vDependent(vObject({ before: vString(), after: vString(), limit: vInteger(), sortBy: vObject({ sortBy: vEnum(["id","created"]) }) }, [], false), ["before","after"], vObject({ sortBy: vObject({ sortBy: vEnum(["id"]) }) })), ["limit"], vObject({}, ["before"]))',
    );
    const check = compileCheck(schema);
    const ajv2020 = new Ajv2020({ strict: false, allErrors: true });
    const samples: Array<[unknown, string[]]> = [
      [{ before: "b" }, []],
      [{ before: "b", sortBy: { sortBy: "id" } }, []],
      [{ sortBy: { sortBy: "created" } }, []],
      [
        { before: "b", sortBy: { sortBy: "created" } },
        ['params.sortBy.sortBy: must be "id" (got "created") when params.before is given'],
      ],
      [
        { after: "a", sortBy: { sortBy: "created" } },
        ['params.sortBy.sortBy: must be "id" (got "created") when params.after is given'],
      ],
      [{ limit: 1 }, ["params.before: is required when params.limit is given"]],
      [{ limit: 1, before: "b" }, []],
    ];
    for (const [value, expected] of samples) {
      expect(messages(check, value), JSON.stringify(value)).toEqual(expected);
      expect(ajv2020.validate(schema, value), JSON.stringify(value)).toBe(expected.length === 0);
    }
  });

  describe("allOf rules { if, then }: a rule chosen by a member's value (the sender's transaction in its config's encoding)", () => {
    const BASE58 = "^[1-9A-HJ-NP-Za-km-z]+$";
    const PADDED_BASE64 =
      "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=|[A-Za-z0-9+/][AQgw]==)?$";
    const when = (encoding: string) => ({
      properties: {
        config: { properties: { encoding: { enum: [encoding] } }, required: ["encoding"] },
      },
      required: ["config"],
    });
    const sendTransaction = {
      type: "object",
      properties: {
        transaction: { type: "string", pattern: "^[A-Za-z0-9+/]+={0,2}$" },
        config: {
          type: "object",
          properties: { encoding: { type: "string", enum: ["base58", "base64"] } },
          required: ["encoding"],
        },
      },
      required: ["transaction", "config"],
      additionalProperties: false,
      allOf: [
        {
          if: when("base58"),
          then: {
            properties: {
              transaction: {
                pattern: BASE58,
                type: "string",
                "x-pattern-description": "base58 text",
              },
            },
          },
        },
        {
          if: when("base64"),
          then: { properties: { transaction: { type: "string", pattern: PADDED_BASE64 } } },
        },
      ],
    };

    it("emits vWhen around the object's check, one per rule: the member's path, its values, then's check", () => {
      const { expression, imports } = emitOne(sendTransaction);
      expect(expression).toBe(
        'vWhen(vWhen(vObject({ transaction: vString(PATTERN_1), config: vObject({ encoding: vEnum(["base58","base64"]) }, ["encoding"]) }, ["transaction","config"], false), ["config","encoding"], ["base58"], vObject({ transaction: vString(PATTERN_2, DESCRIPTION_1) })), ["config","encoding"], ["base64"], vObject({ transaction: vString(PATTERN_3) }))',
      );
      expect(imports).toEqual(["vEnum", "vObject", "vString", "vWhen"]);
    });

    it("accepts and refuses what ajv does, and says which value brought the rule in", () => {
      const check = compileCheck(sendTransaction);
      const ajv2020 = new Ajv2020({ strict: false, allErrors: true });
      const samples: Array<[unknown, string[]]> = [
        [{ transaction: "3yZe7d", config: { encoding: "base58" } }, []],
        [{ transaction: "AQIDBA==", config: { encoding: "base64" } }, []],
        // Base58 text of a length that is a multiple of 4 is valid base64 too.
        [{ transaction: "3yZe", config: { encoding: "base64" } }, []],
        [
          { transaction: "AQIDBA==", config: { encoding: "base58" } },
          [
            'params.transaction: must be base58 text (got "AQIDBA==") when params.config.encoding is "base58"',
          ],
        ],
        [
          { transaction: "3yZe7d", config: { encoding: "base64" } },
          [
            `params.transaction: must match ${PADDED_BASE64} (got "3yZe7d") when params.config.encoding is "base64"`,
          ],
        ],
        // Unpadded, and a last character whose unused bits are not zero: not as an encoder writes it.
        [
          { transaction: "AQIDBA", config: { encoding: "base64" } },
          [expect.stringMatching(/when params\.config\.encoding is "base64"$/)],
        ],
        [
          { transaction: "AQIDBB==", config: { encoding: "base64" } },
          [expect.stringMatching(/^params\.transaction: must match/)],
        ],
        // The rules are read once the object passes its own checks: a member refused there is not
        // refused again, and a value no rule names brings none in.
        [
          { transaction: "AQ ID", config: { encoding: "base58" } },
          ['params.transaction: must match ^[A-Za-z0-9+/]+={0,2}$ (got "AQ ID")'],
        ],
        [
          { transaction: "AQIDBA==", config: { encoding: "hex" } },
          ['params.config.encoding: must be one of "base58", "base64" (got "hex")'],
        ],
        [{ transaction: "AQIDBA==", config: {} }, ["params.config.encoding: is required"]],
      ];
      for (const [value, expected] of samples) {
        expect(messages(check, value), JSON.stringify(value)).toEqual(expected);
        expect(ajv2020.validate(sendTransaction, value), JSON.stringify(value)).toBe(
          expected.length === 0,
        );
      }
    });

    it("a member of the object itself, several values, and any then over the object", () => {
      const schema = {
        type: "object",
        properties: {
          kind: { type: "string" },
          limit: { type: "integer" },
          cursor: { type: "string" },
        },
        allOf: [
          {
            if: { properties: { kind: { enum: ["a", "b"] } }, required: ["kind"] },
            then: { required: ["cursor"], properties: { limit: { type: "integer", maximum: 10 } } },
          },
        ],
      };
      expect(emitOne(schema).expression).toBe(
        'vWhen(vObject({ kind: vString(), limit: vInteger(), cursor: vString() }), ["kind"], ["a","b"], vObject({ limit: vInteger(undefined, 10) }, ["cursor"]))',
      );
      const check = compileCheck(schema);
      const ajv2020 = new Ajv2020({ strict: false, allErrors: true });
      const samples: Array<[unknown, string[]]> = [
        [{ kind: "c", limit: 50 }, []],
        [{ limit: 50 }, []],
        [{ kind: "b", cursor: "x", limit: 10 }, []],
        [
          { kind: "a", limit: 11 },
          [
            'params.cursor: is required when params.kind is "a" or "b"',
            'params.limit: must be <= 10 (got 11) when params.kind is "a" or "b"',
          ],
        ],
      ];
      for (const [value, expected] of samples) {
        expect(messages(check, value), JSON.stringify(value)).toEqual(expected);
        expect(ajv2020.validate(schema, value), JSON.stringify(value)).toBe(expected.length === 0);
      }
    });

    it("refuses a rule it cannot translate exactly, at the keyword to edit", () => {
      const refused = (rule: unknown, properties: object = sendTransaction.properties) => {
        const refusals: Array<Error & { path: string; keyword: string }> = [];
        createCheckEmitter({ refusals }).emit(
          { type: "object", properties, allOf: [rule] },
          "getX params",
        );
        return refusals.map((r) => r.message);
      };
      const then = { properties: { transaction: { type: "string", pattern: BASE58 } } };
      const IF = "must name one member and its values";
      // A bare `properties` also holds for a member left out (JSON Schema): `required` must say it
      // is given, at each level.
      expect(
        refused({
          if: { properties: { config: { properties: { encoding: { enum: ["base58"] } } } } },
          then,
        }),
      ).toEqual([expect.stringContaining(`getX params/allOf/0/if: "if" ${IF}`)]);
      expect(
        refused({
          if: {
            properties: { config: { properties: { encoding: { enum: ["base58"] } } } },
            required: ["config"],
          },
          then,
        }),
      ).toEqual([expect.stringContaining(`getX params/allOf/0/if/properties/config: "if" ${IF}`)]);
      // One member only (two would be a rule of both, which the runtime does not read).
      expect(
        refused({
          if: {
            properties: { ...when("base58").properties, transaction: { enum: ["x"] } },
            required: ["config", "transaction"],
          },
          then,
        }),
      ).toEqual([expect.stringContaining(`getX params/allOf/0/if: "if" ${IF}`)]);
      // A member the object does not declare, or one on the way that may be null (a bare
      // `properties` holds for null too).
      expect(
        refused({
          if: { properties: { encoding: { enum: ["base58"] } }, required: ["encoding"] },
          then,
        }),
      ).toEqual([expect.stringContaining(`getX params/allOf/0/if: "if" ${IF}`)]);
      expect(
        refused(
          { if: when("base58"), then },
          {
            ...sendTransaction.properties,
            config: { ...sendTransaction.properties.config, type: ["object", "null"] },
          },
        ),
      ).toEqual([expect.stringContaining(`getX params/allOf/0/if/properties/config: "if" ${IF}`)]);
      // A member that takes a bigint: the rule compares with ===, where the SDK's 1n is not 1
      // (nor is a u64 past 2^53 read exactly), so it would never apply: refused as an enum on
      // such a member is.
      for (const tip of [
        { type: "integer", format: "uint64" },
        { type: "integer", format: "int64" },
        { type: "integer", "x-accepts-bigint": true },
      ]) {
        const config = { type: "object", properties: { tip }, required: ["tip"] };
        expect(
          refused(
            {
              if: {
                properties: { config: { properties: { tip: { enum: [1] } }, required: ["tip"] } },
                required: ["config"],
              },
              then,
            },
            { ...sendTransaction.properties, config },
          ),
        ).toEqual([
          `getX params/allOf/0/if/properties/config/properties/tip: "enum" of a rule's if, on a member that takes a bigint (a u64, an i64, x-accepts-bigint), is not translated: the rule compares the member's value with ===, so the bigint 1n the SDK types it is not 1 and the rule would never apply, and a value past 2^53 is read rounded; bring the rule in by a member of another type`,
        ]);
      }
      expect(
        refused({ if: { properties: { config: { enum: [] } }, required: ["config"] }, then }),
      ).toEqual([
        'getX params/allOf/0/if/properties/config: "enum" must be a non-empty array of the values that bring the rule in',
      ]);
      expect(refused({ if: when("base58"), then, else: then })).toEqual([
        expect.stringMatching(
          /^getX params\/allOf\/0: "else" beside if and then is not translated \(an allOf member is one rule \{ if, then \}/,
        ),
      ]);
      expect(refused({ if: when("base58") })).toEqual([
        expect.stringMatching(/^getX params\/allOf\/0: "then" is missing/),
      ]);
      expect(refused(then)).toEqual([
        expect.stringMatching(/^getX params\/allOf\/0: "properties" beside if and then/),
        expect.stringMatching(/^getX params\/allOf\/0: "if" is missing/),
      ]);
      // `then` is translated as any schema is: what it cannot translate is refused there.
      expect(
        refused({ if: when("base58"), then: { properties: { transaction: { const: "x" } } } }),
      ).toEqual([
        'getX params/allOf/0/then/properties/transaction: "const" is not translated into a runtime check',
      ]);
      // if / then only inside allOf, and allOf only on an object.
      const bare: string[] = [];
      createCheckEmitter({ refusals: bare }).emit(
        { type: "object", if: when("base58"), then },
        "#",
      );
      expect(bare).toEqual([
        expect.objectContaining({
          message:
            '#: "if" is translated only in a rule of an object\'s allOf (allOf: [{ if, then }])',
        }),
        expect.objectContaining({
          message:
            '#: "then" is translated only in a rule of an object\'s allOf (allOf: [{ if, then }])',
        }),
      ]);
      expect(() =>
        createCheckEmitter().emit({ type: "string", allOf: [{ if: when("x"), then }] }),
      ).toThrow('#: "allOf" is not translated for type string');
    });
  });

  // Where the runtime parts from JSON Schema on purpose (ajv would disagree).
  it("checks only the base type of an enum too long to ship", () => {
    const check = compileCheck({
      type: "string",
      enum: Array.from({ length: 65 }, (_, i) => `T${i}`),
    });
    expect(messages(check, "ANY_STRING")).toEqual([]);
    expect(messages(check, 1)).toEqual(["params: must be string (got number 1)"]);
  });

  it("takes a schema with properties but no type as an object", () => {
    const check = compileCheck({ properties: { a: { type: "string" } } });
    expect(messages(check, "x")).toEqual(["params: must be object { a } (got string)"]);
    expect(messages(check, { a: "x" })).toEqual([]);
  });

  it("checks u64 integers given as bigint", () => {
    const check = compileCheck({
      type: "object",
      properties: { slot: { type: "integer", minimum: 0, format: "uint64" } },
    });
    expect(messages(check, { slot: 2n ** 64n - 1n })).toEqual([]);
    // A bigint is written with its `n`, a number without: the message shows what was passed.
    expect(messages(check, { slot: -1n })).toEqual(["params.slot: must be >= 0 (got -1n)"]);
    expect(messages(check, { slot: -1 })).toEqual(["params.slot: must be >= 0 (got -1)"]);
  });
});

describe("x-solana-transaction: base64 text that must decode to a signed transaction's layout", () => {
  const BASE64 = "^[A-Za-z0-9+/]+={0,2}$";
  const Transaction = {
    type: "string",
    pattern: BASE64,
    "x-pattern-description": "base64 text",
    "x-solana-transaction": "base64",
  };
  // A legacy transaction with one signature (header [1, 0, 0], one address, a blockhash, no
  // instructions), and base58 text whose length is a multiple of 4 (so also base64 text).
  const signed = btoa(
    String.fromCharCode(1, ...Array(64).fill(9), 1, 0, 0, 1, ...Array(65).fill(3)),
  );
  const BASE58 = "3yZe7d3yZe7d";

  it("wraps the string check in vTransaction, which it imports", () => {
    const text = (schema: Schema) => emitOne(schema).expression;
    expect(text(Transaction)).toBe("vTransaction(vString(PATTERN_1, DESCRIPTION_1))");
    expect(text({ ...Transaction, maxLength: 5464 })).toBe(
      "vTransaction(vBoundedString(undefined, 5464, PATTERN_1, DESCRIPTION_1))",
    );
    expect(emitOne(Transaction).imports).toEqual(["vString", "vTransaction"]);
    // base58: the same check, told to decode base58.
    expect(text({ ...Transaction, "x-solana-transaction": "base58" })).toBe(
      "vTransaction(vString(PATTERN_1, DESCRIPTION_1), 1)",
    );
    // (Not an annotation: an anyOf of such a string and another is not joined into one pattern.)
    expect(text({ anyOf: [Transaction, { type: "string", pattern: "^x$" }] })).toBe(
      "vAnyOf([vTransaction(vString(PATTERN_1, DESCRIPTION_1)), vString(PATTERN_2)])",
    );
  });

  it("refuses base58 text that is also base64 text, naming the field and the rule, and passes a transaction", () => {
    const check = compileCheck({
      type: "object",
      properties: {
        transaction: { type: "string", pattern: BASE64, "x-pattern-description": "base64 text" },
        encoding: { type: "string", enum: ["base58", "base64"] },
      },
      allOf: [
        {
          if: { properties: { encoding: { enum: ["base64"] } }, required: ["encoding"] },
          then: { properties: { transaction: Transaction } },
        },
      ],
    });
    expect(messages(check, { transaction: BASE58, encoding: "base64" })).toEqual([
      'params.transaction: must be a signed transaction in base64 (its signature count, message header and length do not agree: is it base58 text?) when params.encoding is "base64"',
    ]);
    expect(messages(check, { transaction: signed, encoding: "base64" })).toEqual([]);
    expect(messages(check, { transaction: BASE58, encoding: "base58" })).toEqual([]);
    expect(messages(check, { transaction: "AQ D" })).toEqual([
      'params.transaction: must be base64 text (got "AQ D")',
    ]);
  });

  it("refuses another value, and the keyword where no string check holds it", () => {
    const error = refusalOf;
    for (const value of ["base32", "hex", true, { encoding: "base64" }])
      expect(error({ ...Transaction, "x-solana-transaction": value })).toBe(
        '#: "x-solana-transaction" must be "base64" or "base58", on a string: the text is a serialized transaction in that encoding (the runtime decodes no other)',
      );
    expect(error({ type: "integer", "x-solana-transaction": "base64" })).toBe(
      '#: "x-solana-transaction" is not translated for type integer',
    );
    expect(error({ type: "string", enum: ["a"], "x-solana-transaction": "base64" })).toBe(
      '#: "x-solana-transaction" beside enum is not translated',
    );
    expect(error({ "x-solana-transaction": "base64" })).toBe(
      '#: "x-solana-transaction" without a type is not translated',
    );
  });
});

describe("x-base58-bytes: base58 text that must decode to so many bytes", () => {
  const ADDRESS = "^[1-9A-HJ-NP-Za-km-z]{32,44}$";
  const Address = {
    type: "string",
    pattern: ADDRESS,
    "x-pattern-description": "a base58 address of 32 bytes",
    "x-base58-bytes": 32,
  };
  const Domain = {
    type: "string",
    pattern: "^[^\\s/.]+\\.[a-z]+$",
    "x-pattern-description": "a domain such as toly.sol",
  };
  const error = refusalOf;

  it("gives the count to a check of its own, and holds the text to it in the description's words", () => {
    const text = (schema: Schema) => emitOne(schema).expression;
    expect(text(Address)).toBe("vBase58Bytes(PATTERN_1, DESCRIPTION_1, 32)");
    expect(text({ ...Address, maxLength: 44 })).toBe(
      "vBase58Bytes(PATTERN_1, DESCRIPTION_1, 32, vBoundedString(undefined, 44, PATTERN_1, DESCRIPTION_1))",
    );
    const check = compileCheck({ type: "object", properties: { id: Address } });
    expect(messages(check, { id: "z".repeat(44) })).toEqual([
      `params.id: must be a base58 address of 32 bytes (got "${"z".repeat(44)}": 33 bytes)`,
    ]);
    expect(messages(check, { id: "1".repeat(32) })).toEqual([]);
  });

  it("joins an address and a domain into one pattern that keeps the count (a domain has a dot, which base58 lacks)", () => {
    expect(emitOne({ anyOf: [Address, Domain] }).expression).toBe(
      "vBase58Bytes(PATTERN_1, DESCRIPTION_1, 32)",
    );
    const check = compileCheck({ anyOf: [Address, Domain] });
    expect(messages(check, "toly.sol")).toEqual([]);
    expect(messages(check, "1".repeat(34))).toEqual([
      `params: must be a base58 address of 32 bytes, or a domain such as toly.sol (got "${"1".repeat(34)}": 34 bytes)`,
    ]);
    // Two counts cannot be one: not joined.
    const Signature = { ...Address, "x-pattern-description": "a signature of 64 bytes", "x-base58-bytes": 64 }; // prettier-ignore
    expect(emitOne({ anyOf: [Address, Signature] }).expression).toBe(
      "vAnyOf([vBase58Bytes(PATTERN_1, DESCRIPTION_1, 32), vBase58Bytes(PATTERN_1, DESCRIPTION_2, 64)])",
    );
  });

  it("refuses a count that is no whole number of bytes, beside no pattern, or that the description does not name", () => {
    const RULE =
      '#: "x-base58-bytes" must be a whole number of bytes (1 or more) beside a pattern whose x-pattern-description says it ("… of <n> bytes …"): the text the pattern accepts decodes from base58 to that many bytes';
    for (const value of [0, -32, 32.5, "32", null])
      expect(error({ ...Address, "x-base58-bytes": value })).toBe(
        `${RULE} (got ${JSON.stringify(value)})`,
      );
    expect(error({ ...Address, "x-base58-bytes": 64 })).toBe(`${RULE} (got 64)`);
    expect(error({ type: "string", "x-base58-bytes": 32 })).toBe(`${RULE} (got 32)`);
    expect(error({ type: "integer", "x-base58-bytes": 32 })).toBe(
      '#: "x-base58-bytes" is not translated for type integer',
    );
  });
});

describe("x-accepts-bigint: an integer input that takes a bigint too (the sender's maxRetries, as Kit types it)", () => {
  const MaxRetries = { type: "integer", minimum: 0, "x-accepts-bigint": true };

  it("emits the wide integer check, as a u64's, with its bounds", () => {
    expect(emitOne(MaxRetries).expression).toBe("vInteger(0, undefined, 1)");
    expect(emitOne({ type: "integer", minimum: 0 }).expression).toBe("vInteger(0)");
    expect(emitOne({ ...MaxRetries, "x-accepts-bigint": false }).expression).toBe("vInteger(0)");
  });

  it("takes a bigint of at most 64 bits within the range, and a number, refusing the rest", () => {
    const check = compileCheck({
      type: "object",
      properties: { maxRetries: MaxRetries, plain: { type: "integer", minimum: 0 } },
    });
    expect(messages(check, { maxRetries: 0n })).toEqual([]);
    expect(messages(check, { maxRetries: 3 })).toEqual([]);
    expect(messages(check, { maxRetries: -1n })).toEqual([
      "params.maxRetries: must be >= 0 (got -1n)",
    ]);
    expect(messages(check, { maxRetries: 2n ** 64n })).toEqual([
      "params.maxRetries: must fit in 64 bits (got 18446744073709551616n)",
    ]);
    expect(messages(check, { plain: 0n })).toEqual([
      "params.plain: must be a number, not a bigint (got 0n)",
    ]);
  });
});

describe("format uint64 on a string: a u64 the service writes as digits (user trial 56, F5)", () => {
  it("is refused in an input, which its bigint type would send as a bare integer", () => {
    const error = refusalOf;
    expect(error({ type: "string", format: "uint64", pattern: "^[0-9]+$" })).toBe(
      '#: "format" uint64 on a string (a u64 written as decimal digits, typed bigint) is read in results only: an input\'s u64 is type integer, which core writes a bigint as',
    );
    expect(error({ type: "string", format: "date-time" })).toBe("no error");
  });
});

describe("x-renamed-from: another SDK's name for a property, which the check's message names", () => {
  const getAsset = {
    type: "object",
    properties: { id: Address, options: { type: "object", additionalProperties: false } },
    required: ["id"],
    additionalProperties: false,
    "x-renamed-from": { displayOptions: "options" },
  };

  it("wraps the object's own check in vRenamed, which it imports, inside the rules between members", () => {
    expect(emitOne(getAsset).expression).toBe(
      'vRenamed(vObject({ id: vString(PATTERN_1), options: vObject({}, [], false) }, ["id"], false), { displayOptions: "options" })',
    );
    expect(emitOne(getAsset).imports).toEqual(["vObject", "vRenamed", "vString"]);
    expect(
      emitOne({ ...getAsset, dependentSchemas: { id: { properties: { options: false } } } })
        .expression,
    ).toBe(
      'vExclusive(vRenamed(vObject({ id: vString(PATTERN_1), options: vObject({}, [], false) }, ["id"], false), { displayOptions: "options" }), "id", ["options"])',
    );
    // (Names as object keys: quoted only where needed, `__proto__` as a computed key.)
    expect(
      emitOne({
        type: "object",
        properties: { a: {} },
        additionalProperties: false,
        "x-renamed-from": JSON.parse('{ "old-a": "a", "__proto__": "a" }'),
      }).expression,
    ).toBe('vRenamed(vObject({ a: vAny }, [], false), { "old-a": "a", ["__proto__"]: "a" })');
  });

  it("refuses the other name as before, and says which property it stands for", () => {
    const check = compileCheck(getAsset);
    expect(messages(check, { id: ADDRESS, displayOptions: {} })).toEqual([
      "params.displayOptions: is not an allowed property (allowed: id, options); it is named options here",
    ]);
    expect(messages(check, { id: ADDRESS, options: {} })).toEqual([]);
  });

  it("refuses one that cannot reach a message: not names of properties, beside other properties allowed, or off an object", () => {
    const error = refusalOf;
    const rule =
      "must map other SDKs' names to properties of this object, { <their name>: <a property here> }, on an object with additionalProperties: false (a name of its own is no other name)";
    // (Each message then says what broke the rule, the entry of a map among them: review 71, F3.)
    const own = "its properties: id, options";
    for (const [renamed, fault] of [
      [{}, "got {}"],
      ["displayOptions", 'got "displayOptions"'],
      [["options"], 'got ["options"]'],
      [
        { displayOptions: "option" },
        `displayOptions names "option", no property of this object (${own})`,
      ],
      [{ displayOptions: 1 }, `displayOptions names 1, no property of this object (${own})`],
      [{ id: "options" }, `id is a property of its own (${own})`],
    ] as const)
      expect(error({ ...getAsset, "x-renamed-from": renamed }), JSON.stringify(renamed)).toBe(
        `#: "x-renamed-from" ${rule}: ${fault}`,
      );
    // Where other properties pass, the other name would be sent, not refused.
    for (const [additionalProperties, said] of [
      [undefined, "left out"],
      [true, "true"],
      [{ type: "string" }, '{"type":"string"}'],
    ] as const)
      expect(error({ ...getAsset, additionalProperties })).toBe(
        `#: "x-renamed-from" ${rule}: this object's additionalProperties is ${said}, so another name would be accepted, not refused`,
      );
    expect(error({ type: "string", "x-renamed-from": { a: "b" } })).toBe(
      '#: "x-renamed-from" is not translated for type string',
    );
  });
});
