// The TypeScript types the generator emits through openapi-typescript, as editors show them: the
// description is a JSDoc's leading text (not a `@description` tag, which hovers and signature help
// leave out), a property that is a `$ref` carries the description and the default of its target
// (unless it has its own), and the arrays a caller sends are readonly (`as const` arrays pass)
// while results keep mutable ones.
import { describe, expect, it } from "vitest";
import {
  descriptionAsText,
  MAX_TYPE_EXAMPLE_LINES,
  paramsWithRules,
  typesFor,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../scripts/generate/lib/types.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { parseBundle } from "../../scripts/spec/bundle.mjs";

const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const doc = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/things": {
      post: {
        operationId: "createThing",
        summary: "Create a thing",
        description: "Creates one thing.",
        parameters: [
          {
            name: "tags",
            in: "query",
            description: "Tags to set.",
            schema: { type: "array", items: { type: "string" } },
          },
          { name: "region", in: "query", schema: ref("Region") },
        ],
        requestBody: { required: true, ...json(ref("ThingRequest")) },
        responses: { "200": { description: "ok", ...json(ref("Thing")) } },
      },
    },
  },
  webhooks: {
    thingMade: { post: { operationId: "deliverThings", requestBody: json(ref("Delivery")) } },
  },
  components: {
    schemas: {
      Url: {
        title: "Url",
        type: "string",
        description: "A public URL.\n\nHTTPS only.",
        examples: ["https://example.com/a"],
      },
      UrlAlias: ref("Url"),
      Ids: { type: "array", items: { type: "string" }, description: "The ids, at most 10." },
      Region: { type: "string", enum: ["eu", "us"], description: "Where the thing lives." },
      Limit: { type: ["integer", "null"], description: "Page size.", default: 1000 },
      LimitAlias: ref("Limit"),
      ThingRequest: {
        title: "A thing to create",
        description: "The body of createThing.",
        type: "object",
        required: ["url", "ids"],
        properties: {
          url: ref("Url"),
          ids: ref("Ids"),
          mirror: { ...ref("UrlAlias") },
          own: { ...ref("Url"), description: "Its own words." },
          grid: { type: "array", items: { type: "array", items: { type: "integer" } } },
          size: { type: "integer", description: "The size.", default: 1, deprecated: true },
          limit: { ...ref("Limit"), description: "How many." },
          pageSize: ref("LimitAlias"),
          batch: { ...ref("Limit"), default: 10 },
          zone: { ...ref("Region"), default: "us" },
        },
      },
      Thing: {
        type: "object",
        properties: {
          labels: { type: "array", items: { type: "string" } },
          source: ref("UrlAlias"),
        },
      },
      Delivery: { type: "array", items: ref("Thing") },
      Params: {
        type: "object",
        properties: { names: { type: "array", items: { type: "string" } } },
      },
    },
  },
};

describe("generated types: documentation", () => {
  it("puts the description first, as the JSDoc's leading text, and keeps the other tags", async () => {
    const text: string = await typesFor(doc);
    expect(text).not.toContain("@description");
    // one line, multi-line (paragraphs stay, without the tag's four-space indent), with tags
    expect(text).toContain("/** The ids, at most 10. */\nexport type Ids");
    expect(text).toContain(
      "/**\n * A public URL.\n *\n * HTTPS only.\n * @example https://example.com/a\n */\nexport type Url = string;",
    );
    expect(text).toMatch(
      /\/\*\*\n {5}\* The size\.\n {5}\* @deprecated\n {5}\* @default 1\n {5}\*\/\n {4}size\?:/,
    );
    // a title that only repeats the declaration's name is dropped; one that says more stays first
    expect(text).not.toMatch(/\* Url\n/);
    expect(text).toContain(
      "/**\n * A thing to create\n *\n * The body of createThing.\n */\nexport interface ThingRequest {",
    );
    // an operation's summary stays first too
    expect(text).toMatch(/\* Create a thing\n {9}\*\n {9}\* Creates one thing\.\n/);
  });

  it("rewrites one comment text: single line, title, continued lines", () => {
    expect(descriptionAsText("* @description d ", "x")).toBe("* d ");
    expect(descriptionAsText("* @example 1 ", "x")).toBe("* @example 1 ");
    expect(
      descriptionAsText(
        '*\n * Name\n * Format: uuid\n * @description a\n *     b\n * @example {\n *       "k": 1\n *     }\n ',
        "Name",
      ),
    ).toBe('*\n * a\n * b\n *\n * Format: uuid\n * @example\n * {\n *   "k": 1\n * }\n ');
  });

  // TypeScript reads a tag's continued lines against the column its text starts at: JSON begun on
  // the @example line (`@example {`) lost the indent of its first two levels in every hover.
  it("starts a multi-line @example on the next line, so that editors keep its indent; one is enough", () => {
    const json = (value: number) =>
      ` * @example {\n *       "k": {\n *         "v": ${value}\n *       }\n *     }\n`;
    expect(
      descriptionAsText(`*\n * @description d\n${json(1)}${json(2)} * @example 3\n `, "x"),
    ).toBe(
      '*\n * d\n * @example\n * {\n *   "k": {\n *     "v": 1\n *   }\n * }\n * @example 3\n ',
    );
  });

  // (`@enum {string}` and `@constant` describe a JavaScript value to Closure; on a type, an editor
  // shows them as a bare "@enum" line.)
  it("leaves out openapi-typescript's @enum and @constant tags, with or without a description", () => {
    expect(
      descriptionAsText("*\n * @description d\n * @example a\n * @enum {string}\n ", "x"),
    ).toBe("*\n * d\n * @example a\n ");
    expect(descriptionAsText("*\n * @example a\n * @enum {string}\n ", "x")).toBe("* @example a ");
    expect(descriptionAsText("* @constant ", "x")).toBeUndefined();
  });

  it("gives a bare-$ref property (and parameter) the description of its target, following references", async () => {
    const text: string = await typesFor(doc);
    const request = /export interface ThingRequest \{[\s\S]*?\n\}/.exec(text)?.[0] ?? "";
    expect(request).toMatch(
      /\/\*\*\n {5}\* A public URL\.\n {5}\*\n {5}\* HTTPS only\.\n {5}\*\/\n {4}url: Url;/,
    );
    expect(request).toContain("/** The ids, at most 10. */\n    ids: Ids;");
    expect(request).toMatch(/HTTPS only\.\n {5}\*\/\n {4}mirror\?: UrlAlias/);
    // a description beside the $ref wins
    expect(request).toContain("/** Its own words. */\n    own?: Url");
    expect(text).toMatch(/HTTPS only\.\n {5}\*\/\n {4}source\?: UrlAlias/);
    expect(text).toMatch(/\/\*\* Where the thing lives\. \*\/\n {16}region\?: Region/);
  });

  it("gives a $ref property the default of its target (following references), unless it has its own", async () => {
    const text: string = await typesFor(doc);
    const request = /export interface ThingRequest \{[\s\S]*?\n\}/.exec(text)?.[0] ?? "";
    expect(request).toMatch(
      /\/\*\*\n {5}\* How many\.\n {5}\* @default 1000\n {5}\*\/\n {4}limit\?: Limit/,
    );
    expect(request).toMatch(
      /\/\*\*\n {5}\* Page size\.\n {5}\* @default 1000\n {5}\*\/\n {4}pageSize\?: LimitAlias/,
    );
    expect(request).toMatch(/\* @default 10\n {5}\*\/\n {4}batch\?: Limit/);
    // a string quoted, as a caller writes it
    expect(request).toMatch(/\* @default "us"\n {5}\*\/\n {4}zone\?: Region/);
  });
});

describe("generated types: readonly inputs", () => {
  it("types the arrays a caller sends readonly, and keeps results mutable", async () => {
    const text: string = await typesFor(doc);
    // named schemas reached from a request body or a parameter, nested arrays too
    expect(text).toContain("export type Ids = readonly string[];");
    expect(text).toContain("grid?: readonly (readonly number[])[] | undefined;");
    // inline query parameters
    expect(text).toContain("tags?: readonly string[] | undefined;");
    // results and the deliveries the service sends stay mutable
    expect(text).toContain("labels?: string[] | undefined;");
    expect(text).toContain("export type Delivery = Thing[];");
    expect(text).toContain("names?: string[] | undefined;");
  });

  it("takes further input schemas by name (a JSON-RPC method's params)", async () => {
    const text: string = await typesFor(doc, { inputSchemas: ["Params"] });
    expect(text).toContain("names?: readonly string[] | undefined;");
    expect(text).toContain("labels?: string[] | undefined;");
  });
});

describe("generated types: u64 values", () => {
  it("types as bigint what the runtime revives to one: an integer of format uint64/int64, null kept, and digits of format uint64", async () => {
    const text: string = await typesFor({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {},
      components: {
        schemas: {
          Lamports: { type: "integer", format: "uint64" },
          Change: { type: "integer", format: "int64" },
          MaybeLamports: { type: ["integer", "null"], format: "uint64" },
          // (Digits the service sends, revived and checked as a u64: user trial 56, F5.)
          RawAmount: { type: "string", format: "uint64", pattern: "^[0-9]+$" },
          // (Digits without the format stay a string, as the runtime leaves them.)
          Digits: { type: "string", pattern: "^[0-9]+$" },
        },
      },
    });
    expect(text).toContain("export type Lamports = bigint;");
    expect(text).toContain("export type Change = bigint;");
    expect(text).toContain("export type MaybeLamports = bigint | null;");
    expect(text).toContain("export type RawAmount = bigint;");
    expect(text).toContain("export type Digits = string;");
  });
});

describe("generated types: u64 examples and defaults in the JSDoc", () => {
  // A hover showing `"rentEpoch": 18446744073709552000` (JSON.parse's double, above u64::MAX) or
  // `2174073708845633300` for a discriminator of 2174073708845633166 teaches a wrong value: the
  // @example and @default tags print every digit the spec gives, as the bundle holds them.
  it("prints integers beyond 2^53 exactly, in object examples, scalar examples and defaults", async () => {
    const text: string = await typesFor(
      parseBundle(`{
        "openapi": "3.1.0",
        "info": { "title": "t", "version": "1" },
        "paths": {},
        "components": { "schemas": {
          "Account": {
            "type": "object",
            "properties": { "rentEpoch": { "type": "integer", "format": "uint64" } },
            "examples": [{ "rentEpoch": 18446744073709551615, "small": 5, "text": "9007199254740993" }]
          },
          "Discriminator": {
            "type": "integer", "format": "uint64",
            "default": 2174073708845633166,
            "examples": [2174073708845633166]
          }
        } }
      }`),
    );
    // (An example's u64 values as the bigint its type takes: the next test.)
    expect(text).toContain('"rentEpoch": 18446744073709551615n,');
    expect(text).toContain('"small": 5,');
    expect(text).toContain('"text": "9007199254740993"');
    expect(text).toContain("@example 2174073708845633166n");
    expect(text).toContain("@default 2174073708845633166");
    expect(text).not.toMatch(/18446744073709552000|2174073708845633300/);
  });

  // (User trial 24: `TokenInfo.supply` is a bigint, and its hover's example showed `"supply": 1`.)
  it("prints an example's u64 values as bigint literals, as the type takes them: through references, arrays and branches; other integers stay numbers", async () => {
    const text: string = await typesFor({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {},
      components: {
        schemas: {
          Lamports: { type: "integer", format: "uint64", examples: [5000] },
          Balance: {
            type: "object",
            properties: {
              lamports: ref("Lamports"),
              change: { anyOf: [{ type: "integer", format: "int64" }, { type: "null" }] },
              history: { type: "array", items: ref("Lamports") },
              decimals: { type: "integer" },
              price: { type: "number" },
            },
            examples: [{ lamports: 1, change: -2, history: [3], decimals: 9, price: 1.5 }],
          },
        },
      },
    });
    expect(text).toContain("@example 5000n\n */\nexport type Lamports = bigint;");
    const balance = /\/\*\*\n \* @example\n([\s\S]*?) \*\/\nexport interface Balance/.exec(
      text,
    )?.[1];
    expect(balance).toBe(
      [
        " * {",
        ' *   "lamports": 1n,',
        ' *   "change": -2n,',
        ' *   "history": [',
        " *     3n",
        " *   ],",
        ' *   "decimals": 9,',
        ' *   "price": 1.5',
        " * }",
        "",
      ].join("\n"),
    );
  });
});

describe("generated types: the @example of a type or member", () => {
  const example = (lines: number) =>
    ` * @example {\n${Array.from({ length: lines - 2 }, (_, i) => ` *       "k${i}": ${i},\n`).join("")} *     }\n`;
  const kept = (lines: number) =>
    `@example\n * {\n${Array.from({ length: lines - 2 }, (_, i) => ` *   "k${i}": ${i},\n`).join("")} * }\n`;

  // (User trial 24: `Asset`'s hover was 105 lines, most of them its example's JSON; the docs site
  // shows every example whole, and a call's @example in client.ts stays whatever its length.)
  it(`keeps a multi-line example of at most ${MAX_TYPE_EXAMPLE_LINES} lines and leaves out a longer one`, () => {
    expect(MAX_TYPE_EXAMPLE_LINES).toBe(10);
    expect(descriptionAsText(`*\n * @description d\n${example(10)} `, "x")).toBe(
      `*\n * d\n * ${kept(10)} `,
    );
    expect(descriptionAsText(`*\n * @description d\n${example(11)} `, "x")).toBe("* d ");
    // A short one after a long one is kept; scalar examples stay whatever comes before them.
    expect(
      descriptionAsText(`*\n * @description d\n${example(30)}${example(3)} * @example 3\n `, "x"),
    ).toBe(`*\n * d\n * ${kept(3)} * @example 3\n `);
    // Nothing left but the description: one line.
    expect(descriptionAsText(`*\n${example(11)} `, "x")).toBeUndefined();
  });

  it("leaves the long examples out of the generated types, not the short ones", async () => {
    const text: string = await typesFor({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {},
      components: {
        schemas: {
          Short: {
            type: "object",
            description: "Short.",
            properties: { a: { type: "integer" } },
            examples: [{ a: 1 }],
          },
          Long: {
            type: "object",
            description: "Long.",
            properties: { a: { type: "array", items: { type: "integer" } } },
            examples: [{ a: Array.from({ length: 12 }, (_, i) => i) }],
          },
        },
      },
    });
    expect(text).toContain(
      '/**\n * Short.\n * @example\n * {\n *   "a": 1\n * }\n */\nexport interface Short',
    );
    expect(text).toContain("/** Long. */\nexport interface Long");
  });
});

describe("generated types: rules between params (x-dependent-schemas)", () => {
  const object = (properties: Record<string, unknown>, dependentSchemas?: unknown) => ({
    type: "object",
    properties,
    additionalProperties: false,
    ...(dependentSchemas ? { dependentSchemas } : {}),
  });
  const source = async (schemas: Record<string, unknown>) =>
    typesFor(
      { openapi: "3.1.0", info: { title: "t", version: "1" }, paths: {}, components: { schemas } },
      { inputSchemas: Object.keys(schemas) },
    );
  const str = { type: "string" };
  const params = (rules: unknown) =>
    object({ page: { type: "integer" }, cursor: str, before: str, sort: str, q: str }, rules);

  it("types the params as their members and one variant per group of params given together", async () => {
    const rules = {
      page: { properties: { cursor: false, before: false } },
      cursor: { properties: { sort: { enum: ["id"] } } },
      before: { properties: { sort: { enum: ["id"] } } },
    };
    const out: string = await source(paramsWithRules("MParams", params(rules), "Params of `m`."));
    expect(out).toContain("export interface MParamsBase {");
    expect(out).toContain(
      '/** Params of `m`. Rules between them: `page` excludes `cursor` and `before`; with `cursor` or `before`, `sort` must be "id". */\n' +
        "export type MParams = MParamsBase & ({\n" +
        "    /** Not with `page`. */\n" +
        "    cursor?: PageExcludesCursorAndBefore | undefined;\n" +
        "    /** Not with `page`. */\n" +
        "    before?: PageExcludesCursorAndBefore | undefined;\n" +
        "} | {\n" +
        "    /** Not with `cursor` or `before`. */\n" +
        "    page?: PageExcludesCursorAndBefore | undefined;\n" +
        '    sort?: "id" | undefined;\n' +
        "});",
    );
  });

  it("types a member a rule leaves out as the rule's own type, which no value has, so that the compiler's error names the rule", async () => {
    const rules = { page: { properties: { cursor: false } } };
    const out: string = await source(paramsWithRules("MParams", params(rules), "P."));
    expect(out).toContain(
      "/** The type of a param that a rule between params leaves out where another is given: `page` excludes `cursor`. No value has it, so that the compiler's error names the rule: leave the param out (or give `undefined`). */\n" +
        "export interface PageExcludesCursor {\n" +
        '    readonly "page excludes cursor": never;\n' +
        "}",
    );
    expect(out).toContain("    cursor?: PageExcludesCursor | undefined;\n");
    expect(out).toContain("    page?: PageExcludesCursor | undefined;\n");
  });

  it("adds a variant without any of them where every group narrows, and types only what a type says", async () => {
    const rules = { cursor: { properties: { sort: { enum: ["id"], pattern: "^i" } } } };
    const out: string = await source(paramsWithRules("MParams", params(rules), "P."));
    expect(out).toContain(
      'export type MParams = MParamsBase & ({\n    sort?: "id" | undefined;\n} | {\n    cursor?: undefined;\n});',
    );
  });

  it("leaves the params one interface (the check alone keeps the rules) where the groups overlap", async () => {
    // (`page` excludes `cursor` and `before`, `q` excludes `cursor` but not `before`: no split into
    // groups, each member excluding every member of the others, that variants could state exactly.)
    const rules = {
      page: { properties: { cursor: false, before: false } },
      q: { properties: { cursor: false } },
    };
    const out: string = await source(paramsWithRules("MParams", params(rules), "P."));
    expect(out).toContain("export interface MParams {");
    expect(out).not.toContain("MParamsBase");
  });

  it("leaves the params one interface where the members of a group narrow others differently", async () => {
    // (`cursor` and `before` are given together, but each makes `sort` something else: no variant
    // states both.)
    const rules = {
      page: { properties: { cursor: false, before: false } },
      cursor: { properties: { sort: { enum: ["id"] } } },
      before: { properties: { sort: { enum: ["time"] } } },
    };
    const out: string = await source(paramsWithRules("MParams", params(rules), "P."));
    expect(out).toContain("export interface MParams {");
    expect(out).not.toContain("MParamsBase");
  });

  it("reads a rule as an exclusion only where every member it names is `false`", async () => {
    // (`page` leaves out `cursor` and makes `sort` "id": its own rule, no exclusion of `sort`.)
    const rules = { page: { properties: { cursor: false, sort: { enum: ["id"] } } } };
    const out: string = await source(paramsWithRules("MParams", params(rules), "P."));
    expect(out).not.toContain("Excludes");
  });
});
