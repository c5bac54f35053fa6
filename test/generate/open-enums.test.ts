// Open enums (spec/README.md, "Open enums"): known values, others allowed. The shape is
// recognised, typed `Known | (string & {})`, checked at run time by its open branch (a new value is
// sent, the pattern still holds, the message is readable), and the spec checks refuse known
// values the open branch would not accept.
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { oneLine } from "./declarations.js";
import { compileCheck, emitCheck, messages } from "./compile-check.js";
// @ts-expect-error — plain ESM scripts without type declarations
import { openBranchAccepts, openEnumParts } from "../../scripts/lib/open-enum.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { typesFor } from "../../scripts/generate/lib/types.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { validationSchema } from "../../scripts/generate/lib/schema.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { MAX_RUNTIME_ENUM } from "../../scripts/generate/lib/validator.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkOpenEnums } from "../../scripts/spec/rules.mjs";

const PATTERN = "^[A-Z][A-Z0-9_]*$";
const MANY = Array.from({ length: MAX_RUNTIME_ENUM + 10 }, (_, i) => `TYPE_${i}`);
const schemas = {
  TransactionType: {
    title: "TransactionType",
    description: "d",
    "x-source": "assumption: test",
    examples: ["TYPE_1"],
    anyOf: [
      { $ref: "#/components/schemas/KnownTransactionType" },
      { type: "string", pattern: PATTERN, description: "another" },
    ],
  },
  KnownTransactionType: { type: "string", enum: MANY },
  Interface: { anyOf: [{ type: "string", enum: ["V1_NFT", "FungibleToken"] }, { type: "string" }] },
  Body: {
    type: "object",
    properties: {
      types: { type: "array", items: { $ref: "#/components/schemas/TransactionType" } },
      iface: { $ref: "#/components/schemas/Interface" },
      inline: {
        type: "array",
        items: { anyOf: [{ type: "string", enum: ["a", "b"] }, { type: "string" }] },
      },
    },
  },
};
const doc = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {},
  components: { schemas },
};
const resolve = (ref: string) => (schemas as any)[ref.split("/").pop()!];

describe("open enums: the shape", () => {
  it("is recognised with its known branch by reference or inline, and nothing else is", () => {
    expect(openEnumParts(schemas.TransactionType, resolve)).toEqual({
      values: MANY,
      ref: "#/components/schemas/KnownTransactionType",
      open: schemas.TransactionType.anyOf[1],
    });
    expect(openEnumParts(schemas.Interface)?.values).toEqual(["V1_NFT", "FungibleToken"]);
    const open = { type: "string" };
    const known = { type: "string", enum: ["a"] };
    for (const other of [
      { anyOf: [known, open, { type: "null" }] }, // three branches
      { anyOf: [open, known] }, // the known branch comes first
      { type: "string", anyOf: [known, open] }, // a keyword beside anyOf
      { anyOf: [known, { type: "integer" }] }, // the open branch is not a string
      { anyOf: [known, { type: "string", enum: ["b"] }] }, // two closed enums
      { anyOf: [{ type: "string", enum: ["a", 1] }, open] }, // a value that is not a string
      { anyOf: [{ $ref: "#/nowhere" }, open] }, // an unresolvable known branch
      { anyOf: [{ $ref: "#/x", description: "d" }, open] }, // by reference, with siblings
      { enum: ["a"] },
    ])
      expect(
        openEnumParts(other, () => undefined),
        JSON.stringify(other),
      ).toBeUndefined();
  });

  it("means to ajv what the convention says: the known values, and any string the open branch allows", () => {
    const full = new Ajv2020({ strict: true, strictTypes: false }).compile({
      $defs: { KnownTransactionType: schemas.KnownTransactionType },
      anyOf: [{ $ref: "#/$defs/KnownTransactionType" }, { type: "string", pattern: PATTERN }],
    });
    for (const value of ["TYPE_1", "BUY", "CREATE_APPARAISAL"]) {
      expect(full(value), value).toBe(true);
    }
    for (const value of ["buy", "", 42, null]) expect(full(value), String(value)).toBe(false);
    expect(openBranchAccepts({ type: "string", pattern: PATTERN }, "BUY")).toBe(true);
    expect(openBranchAccepts({ type: "string", maxLength: 2 }, "😀😀")).toBe(true); // code points
    expect(openBranchAccepts({ type: "string", minLength: 3 }, "ab")).toBe(false);
  });
});

describe("open enums: types", () => {
  it("types them Known | (string & {}) (by reference) or the literals | (string & {}) (inline), wherever they sit", async () => {
    const text: string = await typesFor(doc);
    expect(text).toContain("export type TransactionType = KnownTransactionType | (string & {});");
    expect(text).toContain('export type KnownTransactionType = "TYPE_0" | "TYPE_1"');
    expect(text).toContain('export type Interface = "V1_NFT" | "FungibleToken" | (string & {});');
    expect(text).toMatch(/types\?: TransactionType\[\] \| undefined;/);
    expect(text).toMatch(/inline\?: \("a" \| "b" \| \(string & \{\}\)\)\[\] \| undefined;/);
    // the description and the examples still reach the JSDoc
    expect(text).toMatch(/\/\*\*\n \* d\n \* @example TYPE_1\n \*\/\nexport type TransactionType/);
    // (the plain union would have reduced to `string`)
    expect(text).not.toMatch(/\| string;/);
  });

  it("are what the packages ship", () => {
    const webhooks = readFileSync(
      new URL("../../packages/webhooks/src/generated/types.ts", import.meta.url),
      "utf8",
    );
    // (TransactionType, the wallet's too, is declared once by @chaindata/core, which webhooks re-exports.)
    const core = readFileSync(
      new URL("../../packages/core/src/generated/schemas.ts", import.meta.url),
      "utf8",
    );
    expect(core).toContain("export type TransactionType = KnownTransactionType | (string & {});");
    expect(webhooks).toMatch(/^export type \{[^}]*\bTransactionType\b[^}]*\};$/m);
    expect(webhooks).toContain(
      "export type TransactionSource = KnownTransactionSource | (string & {});",
    );
    // the facts' TokenStandard enum (D webhooks.yaml), open: Metaplex defines further standards
    expect(webhooks).toContain("export type TokenStandard = KnownTokenStandard | (string & {});");
    // (Past the width on one line: a member a line, lib/layout.mjs.)
    expect(oneLine(webhooks)).toContain(
      'export type KnownTokenStandard = "NonFungible" | "FungibleAsset" | "Fungible" | "NonFungibleEdition";',
    );
    const das = readFileSync(
      new URL("../../packages/das/src/generated/types.ts", import.meta.url),
      "utf8",
    );
    expect(das).toContain("export type AssetInterface = KnownAssetInterface | (string & {});");
    const wallet = readFileSync(
      new URL("../../packages/wallet/src/generated/types.ts", import.meta.url),
      "utf8",
    );
    expect(wallet).toContain("export type TokenProgram = KnownTokenProgram | (string & {});");
    expect(wallet).toMatch(/direction: "in" \| "out";/); // closed where the facts give every value
  });
});

describe("open enums: runtime checks", () => {
  const compile = (schema: unknown) => {
    const validation = validationSchema(doc, schema);
    const { expression } = emitCheck(validation);
    return {
      expression: expression.replaceAll("/* @__PURE__ */ ", ""),
      check: compileCheck(validation),
    };
  };

  it("check the open branch alone: any value the schema accepts passes, and the pattern still holds", () => {
    const { expression, check } = compile({
      type: "object",
      properties: { types: schemas.Body.properties.types },
    });
    expect(expression).toBe("vObject({ types: vArray(vString(PATTERN_1)) })");
    expect(messages(check, { types: ["TYPE_1", "BUY", "CREATE_APPARAISAL"] })).toEqual([]);
    expect(messages(check, { types: ["buy", 7] })).toEqual([
      `params.types[0]: must match ${PATTERN} (got "buy")`,
      "params.types[1]: must be string (got number 7)",
    ]);
    // without a pattern, any string
    expect(compile(schemas.Interface).expression).toBe("vString()");
  });

  it("keep both branches when a known value falls outside the open one (the spec checks report it)", () => {
    const { expression, check } = compile({
      anyOf: [
        { type: "string", enum: ["lower"] },
        { type: "string", pattern: PATTERN },
      ],
    });
    expect(expression).toBe('vAnyOf([vEnum(["lower"]), vString(PATTERN_1)])');
    expect(messages(check, "lower")).toEqual([]);
    expect(messages(check, "BUY")).toEqual([]);
    // a long enum there would be checked as a plain string, losing the pattern: refused
    expect(() =>
      compile({
        anyOf: [
          { type: "string", enum: [...MANY, "lower"] },
          { type: "string", pattern: PATTERN },
        ],
      }),
    ).toThrow(/"enum" of more than 64 values beside other anyOf branches is not translated/);
  });

  it("ship the pattern check for webhook transaction types", () => {
    const operations = readFileSync(
      new URL("../../packages/webhooks/src/generated/operations.ts", import.meta.url),
      "utf8",
    );
    const name = /^const (PATTERN_\d+) = \/\^\[A-Z\]\[A-Z0-9_\]\*\$\/u;$/m.exec(operations)?.[1];
    const words =
      /^const (DESCRIPTION_\d+) = "an upper-case snake-case name such as NFT_SALE";$/m.exec(
        operations,
      )?.[1];
    expect(name).toBeDefined();
    expect(words).toBeDefined();
    expect(operations).toContain(
      `transactionTypes: /* @__PURE__ */ vArray(/* @__PURE__ */ vString(${name}, ${words}))`,
    );
  });
});

describe("open enums: spec checks", () => {
  it("report known values the open branch does not accept", () => {
    const bad = {
      components: {
        schemas: {
          ...schemas,
          KnownTransactionType: { type: "string", enum: ["GOOD", "bad", "ALSO_GOOD", "worse"] },
        },
      },
    };
    expect(checkOpenEnums({ area: "webhooks", doc: bad })).toEqual([
      "webhooks #/components/schemas/TransactionType: open enum: known values the open branch does not accept: bad, worse (widen the open branch, or fix the values)",
    ]);
    expect(checkOpenEnums({ area: "webhooks", doc })).toEqual([]);
  });
});
