// `npm run spec:diff` (scripts/spec/diff.mjs, decision 0019): each change between two bundles of an
// area, classed for SDK users (breaking / compatible / docs), and the info.version rule. The
// classes on small fixture bundles; the command on copies of the spec as committed (HEAD), so that
// uncommitted edits of spec/ do not change what these tests see.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  changesetBumps,
  diffDocuments,
  formatChange,
  RULES,
  versionVerdict,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../scripts/spec/diff.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { bundleAll } from "../../scripts/spec/bundle.mjs";
import { bundleCopy, editText } from "./spec-copy.js";

type Doc = Record<string, any>;

/** A small OpenRPC area: a param of each kind, a result with a u64, an enum and an open enum. */
const rpc = (): Doc => ({
  openrpc: "1.3.2",
  info: { title: "t", version: "0.1.0", "x-area": "t", "x-host": "rpc" },
  methods: [
    {
      name: "getThing",
      summary: "Get a thing.",
      paramStructure: "by-name",
      params: [
        { name: "id", required: true, schema: { $ref: "#/components/schemas/Address" } },
        { name: "limit", schema: { type: "integer", minimum: 1, maximum: 1000 } },
        { name: "sort", schema: { type: "string", enum: ["asc", "desc"] } },
        {
          name: "options",
          schema: {
            type: "object",
            additionalProperties: false,
            properties: { showFungible: { type: "boolean" } },
          },
        },
      ],
      result: { name: "thing", schema: { $ref: "#/components/schemas/Thing" } },
      errors: [{ $ref: "#/components/errors/InvalidParams" }],
    },
    { name: "getOther", params: [], result: { name: "other", schema: { type: "string" } } },
  ],
  components: {
    schemas: {
      Address: { type: "string", pattern: "^[1-9A-HJ-NP-Za-km-z]{32,44}$" },
      Thing: {
        type: "object",
        description: "A thing.",
        required: ["id", "supply"],
        additionalProperties: true,
        properties: {
          id: { $ref: "#/components/schemas/Address" },
          supply: { $ref: "#/components/schemas/U64" },
          status: { type: "string", enum: ["active", "burnt"] },
          interface: {
            anyOf: [{ $ref: "#/components/schemas/KnownInterface" }, { type: "string" }],
          },
          name: { type: "string" },
          items: { type: "array", maxItems: 1000, items: { type: "integer" } },
          signature: { type: "string", pattern: "^[1-9A-HJ-NP-Za-km-z]{64,88}$" },
        },
      },
      KnownInterface: { type: "string", enum: ["V1_NFT", "Custom"] },
      U64: { type: "integer", format: "uint64" },
    },
    errors: {
      InvalidParams: { code: -32602, message: "Invalid params" },
      NotFound: { code: -32004, message: "Not found" },
    },
  },
});

/** A small OpenAPI area: a path and a shared query param, a body, a success and an error response. */
const rest = (): Doc => ({
  openapi: "3.1.0",
  info: { title: "r", version: "1.2.0", "x-area": "r", "x-host": "wallet" },
  paths: {
    "/v1/things/{id}": {
      get: {
        operationId: "getThing",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { $ref: "#/components/parameters/Limit" },
        ],
        responses: {
          "200": {
            description: "The thing.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
          },
          "400": { $ref: "#/components/responses/BadRequest" },
        },
      },
      post: {
        operationId: "updateThing",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["name"],
                additionalProperties: false,
                properties: { name: { type: "string", maxLength: 32 } },
              },
            },
          },
        },
        responses: { "204": { description: "Updated." } },
      },
    },
  },
  components: {
    parameters: {
      Limit: { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } },
    },
    responses: {
      BadRequest: {
        description: "Bad request.",
        content: { "application/json": { schema: { type: "object" } } },
      },
    },
    schemas: {
      Thing: {
        type: "object",
        required: ["id"],
        properties: { id: { type: "string" }, balance: { type: "number" } },
      },
    },
  },
});

/** The lines spec:diff prints for `edit` of a fixture. */
function linesAfter(fixture: () => Doc, edit: (doc: Doc) => void): string[] {
  const before = fixture();
  const after = fixture();
  edit(after);
  return diffDocuments(before, after).map((ch: object) => formatChange("t", ch));
}

const thing = (doc: Doc) => doc.components.schemas.Thing;
const param = (doc: Doc, name: string) =>
  doc.methods[0].params.find((p: { name: string }) => p.name === name);

describe("request changes (what a caller sends: stricter breaks)", () => {
  it.each([
    [
      "a bound tightened (trial 33: limit ≤ 1000 → ≤ 100)",
      (d: Doc) => (param(d, "limit").schema.maximum = 100),
      "BREAKING   t getThing params.limit maximum: 1000 → 100 [request-bound-tightened]  #/methods/0/params/1/schema/maximum",
    ],
    [
      "a bound loosened",
      (d: Doc) => (param(d, "limit").schema.maximum = 2000),
      "compatible t getThing params.limit maximum: 1000 → 2000 [request-bound-loosened]  #/methods/0/params/1/schema/maximum",
    ],
    [
      "a lower bound raised",
      (d: Doc) => (param(d, "limit").schema.minimum = 10),
      "BREAKING   t getThing params.limit minimum: 1 → 10 [request-bound-tightened]  #/methods/0/params/1/schema/minimum",
    ],
    [
      "a bound set where there was none",
      (d: Doc) =>
        (param(d, "options").schema.properties.showFungible = { type: "boolean", const: true }),
      "BREAKING   t getThing params.options.showFungible const: (none) → [true] [request-values-limited]  #/methods/0/params/3/schema/properties/showFungible/const",
    ],
    [
      "a bound removed",
      (d: Doc) => delete param(d, "limit").schema.maximum,
      "compatible t getThing params.limit maximum: 1000 → (none) [request-bound-loosened]  #/methods/0/params/1/schema/maximum",
    ],
    [
      "a pattern changed (in a shared schema, named where it is)",
      (d: Doc) => (d.components.schemas.Address.pattern = "^[1-9A-HJ-NP-Za-km-z]{43,44}$"),
      'BREAKING   t getThing params.id pattern: "^[1-9A-HJ-NP-Za-km-z]{32,44}$" → "^[1-9A-HJ-NP-Za-km-z]{43,44}$" [request-pattern-changed]  #/components/schemas/Address/pattern',
    ],
    [
      "a pattern loosened, provably (one run of one character, its lengths widened)",
      (d: Doc) => (d.components.schemas.Address.pattern = "^[1-9A-HJ-NP-Za-km-z]{32,88}$"),
      'compatible t getThing params.id pattern: "^[1-9A-HJ-NP-Za-km-z]{32,44}$" → "^[1-9A-HJ-NP-Za-km-z]{32,88}$" [request-pattern-loosened]  #/components/schemas/Address/pattern',
    ],
    [
      "a pattern of one run changed to another character (no containment either way)",
      (d: Doc) => (d.components.schemas.Address.pattern = "^[0-9a-zA-Z]{32,88}$"),
      'BREAKING   t getThing params.id pattern: "^[1-9A-HJ-NP-Za-km-z]{32,44}$" → "^[0-9a-zA-Z]{32,88}$" [request-pattern-changed]  #/components/schemas/Address/pattern',
    ],
    [
      "a pattern set where there was none",
      (d: Doc) => (param(d, "sort").schema.pattern = "^[a-z]+$"),
      'BREAKING   t getThing params.sort pattern: (none) → "^[a-z]+$" [request-pattern-changed]  #/methods/0/params/2/schema/pattern',
    ],
    [
      "a byte count set where there was none (x-base58-bytes: text the pattern took is refused)",
      (d: Doc) => (d.components.schemas.Address["x-base58-bytes"] = 32),
      "BREAKING   t getThing params.id x-base58-bytes: (none) → 32 [request-pattern-changed]  #/components/schemas/Address/x-base58-bytes",
    ],
    [
      "a pattern removed",
      (d: Doc) => delete d.components.schemas.Address.pattern,
      'compatible t getThing params.id pattern: "^[1-9A-HJ-NP-Za-km-z]{32,44}$" → (none) [request-pattern-removed]  #/components/schemas/Address/pattern',
    ],
    [
      "a new required param",
      (d: Doc) =>
        d.methods[0].params.push({ name: "cursor", required: true, schema: { type: "string" } }),
      'BREAKING   t getThing params.cursor param: (none) → "params.cursor" [request-param-added-required]  #/methods/0/params/4',
    ],
    [
      "a new optional param",
      (d: Doc) => d.methods[0].params.push({ name: "cursor", schema: { type: "string" } }),
      'compatible t getThing params.cursor param: (none) → "params.cursor" [request-param-added-optional]  #/methods/0/params/4',
    ],
    [
      "an optional param removed (callers that pass it are refused)",
      (d: Doc) => d.methods[0].params.splice(2, 1),
      'BREAKING   t getThing params.sort param: "params.sort" → (none) [request-param-removed]  #/methods/0/params/2',
    ],
    [
      "a param made required",
      (d: Doc) => (param(d, "limit").required = true),
      "BREAKING   t getThing params.limit required: false → true [request-param-became-required]  #/methods/0/params/1/required",
    ],
    [
      "a param made optional",
      (d: Doc) => delete param(d, "id").required,
      "compatible t getThing params.id required: true → false [request-param-became-optional]  #/methods/0/params/0/required",
    ],
    [
      "an enum value removed",
      (d: Doc) => (param(d, "sort").schema.enum = ["asc"]),
      'BREAKING   t getThing params.sort enum: "desc" removed [request-value-removed]  #/methods/0/params/2/schema/enum',
    ],
    [
      "an enum value added",
      (d: Doc) => param(d, "sort").schema.enum.push("random"),
      'compatible t getThing params.sort enum: "random" added [request-value-added]  #/methods/0/params/2/schema/enum',
    ],
    [
      "a type narrowed",
      (d: Doc) => (param(d, "limit").schema.type = "string"),
      'BREAKING   t getThing params.limit type: "integer" → "string" [request-type-narrowed]  #/methods/0/params/1/schema/type',
    ],
    [
      "a type widened (nullable)",
      (d: Doc) => (param(d, "sort").schema.type = ["string", "null"]),
      'compatible t getThing params.sort type: "string" → ["string","null"] [request-type-widened]  #/methods/0/params/2/schema/type',
    ],
    [
      "a new required member of an object param",
      (d: Doc) => {
        param(d, "options").schema.properties.page = { type: "integer" };
        param(d, "options").schema.required = ["page"];
      },
      'BREAKING   t getThing params.options.page properties: (none) → "page" [request-property-added-required]  #/methods/0/params/3/schema/properties/page',
    ],
    [
      "a member of an object param removed",
      (d: Doc) => delete param(d, "options").schema.properties.showFungible,
      'BREAKING   t getThing params.options.showFungible properties: "showFungible" → (none) [request-property-removed]  #/methods/0/params/3/schema/properties/showFungible',
    ],
    [
      "other members allowed",
      (d: Doc) => (param(d, "options").schema.additionalProperties = true),
      "compatible t getThing params.options additionalProperties: false → true [request-additional-properties-allowed]  #/methods/0/params/3/schema/additionalProperties",
    ],
    [
      "a request rule added",
      (d: Doc) => (d.methods[0]["x-dependent-schemas"] = { sort: { required: ["limit"] } }),
      'BREAKING   t getThing x-dependent-schemas: (none) → {"sort":{"required":["limit"]}} [request-rule-added]  #/methods/0/x-dependent-schemas',
    ],
  ])("%s", (_what, edit, line) => {
    expect(linesAfter(rpc, edit)).toContain(line);
  });
});

describe("result changes (what a caller gets: looser breaks)", () => {
  it.each([
    [
      "a field removed",
      (d: Doc) => delete thing(d).properties.name,
      'BREAKING   t getThing result.name properties: "name" → (none) [response-property-removed]  #/components/schemas/Thing/properties/name',
    ],
    [
      "a field made optional",
      (d: Doc) => (thing(d).required = ["id"]),
      "BREAKING   t getThing result.supply required: true → false [response-property-became-optional]  #/components/schemas/Thing/required",
    ],
    [
      "a field made nullable",
      (d: Doc) => (thing(d).properties.name.type = ["string", "null"]),
      'BREAKING   t getThing result.name type: "string" → ["string","null"] [response-became-nullable]  #/components/schemas/Thing/properties/name/type',
    ],
    [
      "a value added to a closed enum",
      (d: Doc) => thing(d).properties.status.enum.push("frozen"),
      'BREAKING   t getThing result.status enum: "frozen" added [response-value-added]  #/components/schemas/Thing/properties/status/enum',
    ],
    [
      "a type changed",
      (d: Doc) => (thing(d).properties.name.type = "integer"),
      'BREAKING   t getThing result.name type: "string" → "integer" [response-type-changed]  #/components/schemas/Thing/properties/name/type',
    ],
    [
      "a u64 made a plain integer (bigint → number in the SDK)",
      (d: Doc) => (thing(d).properties.supply = { type: "integer" }),
      'BREAKING   t getThing result.supply format: "uint64" → (none) [u64-changed]  #/components/schemas/U64/format',
    ],
    [
      "a new field",
      (d: Doc) => (thing(d).properties.max_supply = { $ref: "#/components/schemas/U64" }),
      'compatible t getThing result.max_supply properties: (none) → "max_supply" [response-property-added]  #/components/schemas/Thing/properties/max_supply',
    ],
    [
      "a field made required",
      (d: Doc) => thing(d).required.push("name"),
      "compatible t getThing result.name required: false → true [response-property-became-required]  #/components/schemas/Thing/required",
    ],
    [
      "a value removed from a closed enum",
      (d: Doc) => (thing(d).properties.status.enum = ["active"]),
      'compatible t getThing result.status enum: "burnt" removed [response-value-removed]  #/components/schemas/Thing/properties/status/enum',
    ],
    [
      "a known value added to an open enum (any string was allowed)",
      (d: Doc) => d.components.schemas.KnownInterface.enum.push("MplCoreAsset"),
      'compatible t getThing result.interface enum: "MplCoreAsset" added [open-enum-value-added]  #/components/schemas/KnownInterface/enum',
    ],
    [
      "a result's bound loosened (a value the old document said cannot come may come: oasdiff's rule)",
      (d: Doc) => (thing(d).properties.items.maxItems = 2000),
      "BREAKING   t getThing result.items maxItems: 1000 → 2000 [response-bound-loosened]  #/components/schemas/Thing/properties/items/maxItems",
    ],
    [
      "a result's bound removed",
      (d: Doc) => delete thing(d).properties.items.maxItems,
      "BREAKING   t getThing result.items maxItems: 1000 → (none) [response-bound-loosened]  #/components/schemas/Thing/properties/items/maxItems",
    ],
    [
      "a result's bound tightened (every value it lets through, the old one did)",
      (d: Doc) => (thing(d).properties.items.maxItems = 100),
      "compatible t getThing result.items maxItems: 1000 → 100 [response-bound-tightened]  #/components/schemas/Thing/properties/items/maxItems",
    ],
    [
      "a result's bound set where there was none",
      (d: Doc) => (thing(d).properties.name.maxLength = 32),
      "compatible t getThing result.name maxLength: (none) → 32 [response-bound-tightened]  #/components/schemas/Thing/properties/name/maxLength",
    ],
    [
      "a result's pattern set where there was none (less may come)",
      (d: Doc) => (thing(d).properties.name.pattern = "^[A-Za-z ]+$"),
      'compatible t getThing result.name pattern: (none) → "^[A-Za-z ]+$" [response-pattern-added]  #/components/schemas/Thing/properties/name/pattern',
    ],
    [
      "a result's pattern removed (any string may come)",
      (d: Doc) => delete thing(d).properties.signature.pattern,
      'BREAKING   t getThing result.signature pattern: "^[1-9A-HJ-NP-Za-km-z]{64,88}$" → (none) [response-pattern-removed]  #/components/schemas/Thing/properties/signature/pattern',
    ],
    [
      "a result's pattern changed to another (strings it refused may come)",
      (d: Doc) => (thing(d).properties.signature.pattern = "^[0-9a-f]{128}$"),
      'BREAKING   t getThing result.signature pattern: "^[1-9A-HJ-NP-Za-km-z]{64,88}$" → "^[0-9a-f]{128}$" [response-pattern-changed]  #/components/schemas/Thing/properties/signature/pattern',
    ],
    [
      "a result's pattern loosened (one run, its lengths widened)",
      (d: Doc) => (thing(d).properties.signature.pattern = "^[1-9A-HJ-NP-Za-km-z]{64,100}$"),
      'BREAKING   t getThing result.signature pattern: "^[1-9A-HJ-NP-Za-km-z]{64,88}$" → "^[1-9A-HJ-NP-Za-km-z]{64,100}$" [response-pattern-changed]  #/components/schemas/Thing/properties/signature/pattern',
    ],
    [
      "a result's pattern tightened, provably (one run, its lengths within the old ones)",
      (d: Doc) => (thing(d).properties.signature.pattern = "^[1-9A-HJ-NP-Za-km-z]{87,88}$"),
      'compatible t getThing result.signature pattern: "^[1-9A-HJ-NP-Za-km-z]{64,88}$" → "^[1-9A-HJ-NP-Za-km-z]{87,88}$" [response-pattern-tightened]  #/components/schemas/Thing/properties/signature/pattern',
    ],
    [
      "a result's pattern narrowed in a form spec:diff does not compare (taken as breaking)",
      (d: Doc) => (thing(d).properties.signature.pattern = "^(?:[1-9A-HJ-NP-Za-km-z]{87,88})$"),
      'BREAKING   t getThing result.signature pattern: "^[1-9A-HJ-NP-Za-km-z]{64,88}$" → "^(?:[1-9A-HJ-NP-Za-km-z]{87,88})$" [response-pattern-changed]  #/components/schemas/Thing/properties/signature/pattern',
    ],
    [
      "a result's shared pattern tightened: breaking for the param, compatible for the result",
      (d: Doc) => (d.components.schemas.Address.pattern = "^[1-9A-HJ-NP-Za-km-z]{43,44}$"),
      'compatible t getThing result.id pattern: "^[1-9A-HJ-NP-Za-km-z]{32,44}$" → "^[1-9A-HJ-NP-Za-km-z]{43,44}$" [response-pattern-tightened]  #/components/schemas/Address/pattern',
    ],
    [
      "a result's uniqueItems set (no duplicates may come)",
      (d: Doc) => (thing(d).properties.items.uniqueItems = true),
      "compatible t getThing result.items uniqueItems: (none) → true [response-pattern-added]  #/components/schemas/Thing/properties/items/uniqueItems",
    ],
    [
      "an item type changed",
      (d: Doc) => (thing(d).properties.items.items.type = "string"),
      'BREAKING   t getThing result.items[] type: "integer" → "string" [response-type-changed]  #/components/schemas/Thing/properties/items/items/type',
    ],
  ])("%s", (_what, edit, line) => {
    expect(linesAfter(rpc, edit)).toContain(line);
  });
});

describe("a result bound that follows a request bound (scripts/spec/rules/result-bounds.mjs)", () => {
  /** The fixture, walked by pages: its result's `items` hold at most `limit` (≤ 1000). */
  const paged = () => {
    const d = rpc();
    d.methods[0]["x-pagination"] = {
      style: "cursor",
      cursor: "cursor",
      limit: "limit",
      items: "items",
      nextCursor: "cursor",
    };
    return d;
  };
  /** A batch beside it: one entry per id asked for, at most 100. */
  const batch = () => {
    const d = rpc();
    d.methods.push({
      name: "getThings",
      params: [
        { name: "ids", schema: { type: "array", maxItems: 100, items: { type: "string" } } },
        { name: "full", schema: { type: "boolean" } },
      ],
      result: {
        name: "things",
        schema: { type: "array", maxItems: 100, items: { type: "string" } },
      },
    });
    return d;
  };

  it("a page's maxItems raised with its limit's maximum: compatible, both (more comes only to a call the old document refused)", () => {
    expect(
      linesAfter(paged, (d) => {
        param(d, "limit").schema.maximum = 2000;
        thing(d).properties.items.maxItems = 2000;
      }),
    ).toEqual([
      "compatible t getThing params.limit maximum: 1000 → 2000 [request-bound-loosened]  #/methods/0/params/1/schema/maximum",
      "compatible t getThing result.items maxItems: 1000 → 2000 [response-bound-follows-request]  #/components/schemas/Thing/properties/items/maxItems",
    ]);
  });

  it("a batch result's maxItems with its ids' maxItems, the same; a result bound that follows none breaks when loosened", () => {
    expect(
      linesAfter(batch, (d) => {
        d.methods[2].params[0].schema.maxItems = 200;
        d.methods[2].result.schema.maxItems = 200;
      }),
    ).toEqual([
      "compatible t getThings params.ids maxItems: 100 → 200 [request-bound-loosened]  #/methods/2/params/0/schema/maxItems",
      "compatible t getThings result maxItems: 100 → 200 [response-bound-follows-request]  #/methods/2/result/schema/maxItems",
    ]);
    // (getThing's items follow no request bound of its own: no x-pagination.)
    expect(linesAfter(batch, (d) => (thing(d).properties.items.maxItems = 2000))).toEqual([
      "BREAKING   t getThing result.items maxItems: 1000 → 2000 [response-bound-loosened]  #/components/schemas/Thing/properties/items/maxItems",
    ]);
  });
});

describe("a value made nullable, as the spec writes it (anyOf with null)", () => {
  const nullable = (schema: Doc) => ({ anyOf: [schema, { type: "null" }] });
  it("breaks a result, and is all that changed", () => {
    expect(
      linesAfter(rpc, (d) => (thing(d).properties.id = nullable(thing(d).properties.id))),
    ).toEqual([
      'BREAKING   t getThing result.id anyOf: "not nullable" → "nullable" [response-became-nullable]  #/components/schemas/Thing/properties/id/anyOf',
    ]);
  });
  it("widens a request param", () => {
    expect(
      linesAfter(rpc, (d) => (param(d, "id").schema = nullable(param(d, "id").schema))),
    ).toEqual([
      'compatible t getThing params.id anyOf: "not nullable" → "nullable" [request-type-widened]  #/methods/0/params/0/schema/anyOf',
    ]);
  });
  // (Read as nullable with its third branch dropped, it passed every test: mutation 76, DF2.)
  it("an anyOf of three with null among them is a union, not a nullable value", () => {
    expect(
      linesAfter(
        rpc,
        (d) =>
          (thing(d).properties.name = {
            anyOf: [{ type: "string" }, { type: "null" }, { type: "integer" }],
          }),
      ).map((line) => line.replace(/ {2}#.*/, "")),
    ).toEqual([
      'BREAKING   t getThing result.name type: "string" → (none) [response-type-changed]',
      'BREAKING   t getThing result.name(anyOf 0) anyOf: (none) → "branch 0" [response-branch-added]',
      'BREAKING   t getThing result.name(anyOf 1) anyOf: (none) → "branch 1" [response-branch-added]',
      'BREAKING   t getThing result.name(anyOf 2) anyOf: (none) → "branch 2" [response-branch-added]',
    ]);
  });
});

describe("integers past 2^53, as the bundles write them (read exactly, shown with every digit)", () => {
  const U64_MAX = 2n ** 64n - 1n;
  /** The fixture with a u64 param bounded by u64::MAX, and u64::MAX the one value of U64. */
  const wide = (): Doc => {
    const doc = rpc();
    doc.methods[0].params.push({
      name: "minLamports",
      schema: { type: "integer", format: "uint64", maximum: U64_MAX },
    });
    Object.assign(doc.components.schemas.U64, { enum: [U64_MAX], examples: [U64_MAX] });
    return doc;
  };
  it("a request bound one below u64::MAX is tightened; a value and an example are named", () => {
    expect(
      linesAfter(wide, (d) => {
        d.methods[0].params[4].schema.maximum = U64_MAX - 1n;
        d.components.schemas.U64.enum.push(U64_MAX - 1n);
        d.components.schemas.U64.examples = [U64_MAX - 1n];
      }),
    ).toEqual([
      "BREAKING   t getThing params.minLamports maximum: 18446744073709551615 → 18446744073709551614 [request-bound-tightened]  #/methods/0/params/4/schema/maximum",
      "BREAKING   t getThing result.supply enum: 18446744073709551614 added [response-value-added]  #/components/schemas/U64/enum",
      "docs       t getThing result.supply examples: [18446744073709551615] → [18446744073709551614] [prose-changed]  #/components/schemas/U64/examples",
    ]);
  });
});

describe("the base side's bundles, read exactly", () => {
  it("from one parse of each bundle's text (bundleAll's exact option), integers past 2^53 as bigints", () => {
    // (spec:diff parsed each base bundle twice: bundleAll's JSON.parse, then parseExact.)
    const parse = vi.spyOn(JSON, "parse");
    try {
      const [das] = bundleAll({ write: false, only: ["das"], exact: true });
      expect(parse).toHaveBeenCalledTimes(1);
      const bigints: bigint[] = [];
      const walk = (node: unknown): void => {
        if (typeof node === "bigint") bigints.push(node);
        else if (node !== null && typeof node === "object") Object.values(node).forEach(walk);
      };
      walk(das.doc);
      // (DAS's examples hold a token supply past 2^53, 8881564943168000000.)
      expect(bigints).toContain(8881564943168000000n);
    } finally {
      parse.mockRestore();
    }
  });
});

describe("operations, exported types and prose", () => {
  // (Neither was tested: an error code no longer listed went unreported, and a number field made
  // an integer read as a breaking type change: mutation 76, DF9 and DF12.)
  it("an error code no longer listed is a compatible change, named", () => {
    expect(linesAfter(rpc, (d) => (d.methods[0].errors = []))).toEqual([
      "compatible t getThing errors: -32602 removed [error-response-changed]  #/methods/0/errors",
    ]);
  });

  it("a result's number made an integer is narrower: compatible", () => {
    expect(linesAfter(rest, (d) => (thing(d).properties.balance.type = "integer"))).toEqual([
      'compatible t getThing response 200.balance type: "number" → "integer" [response-type-narrowed]  #/components/schemas/Thing/properties/balance/type',
    ]);
  });

  it("an operation removed is breaking, a new one compatible (a rename is both)", () => {
    expect(linesAfter(rpc, (d) => (d.methods[1].name = "getAnother"))).toEqual([
      'BREAKING   t getOther operation: "getOther" → (none) [operation-removed]  #/methods/1',
      'compatible t getAnother operation: (none) → "getAnother" [operation-added]  #/methods/1',
    ]);
  });

  it("a param renamed (the same schema and required, its prose aside, a name alike) is one breaking change, as a member is; an unrelated one a removal and an addition", () => {
    const renamed = (to: string, edit: (p: Doc) => void = () => {}) =>
      linesAfter(rpc, (d) => {
        param(d, "sort").name = to;
        param(d, to).description = "The order.";
        edit(param(d, to));
      }).map((l) => l.replace(/ {2}#.*/, ""));
    expect(renamed("sortOrder")).toEqual([
      'BREAKING   t getThing params.sort param: "params.sort" → "params.sortOrder" [request-param-renamed]',
      'docs       t getThing params.sortOrder description: (none) → "The order." [prose-changed]',
    ]);
    // Another schema, or made required: not the same param under a new name.
    expect(renamed("sortOrder", (p) => (p.required = true))).toEqual([
      'BREAKING   t getThing params.sort param: "params.sort" → (none) [request-param-removed]',
      'BREAKING   t getThing params.sortOrder param: (none) → "params.sortOrder" [request-param-added-required]',
    ]);
    expect(renamed("order")).toEqual([
      'BREAKING   t getThing params.sort param: "params.sort" → (none) [request-param-removed]',
      'compatible t getThing params.order param: (none) → "params.order" [request-param-added-optional]',
    ]);
  });

  it("a member renamed (the same contract, its prose aside, a name alike) is one breaking change; another member is a removal and an addition (spec67, F10)", () => {
    const renamed = (d: Doc) => {
      delete thing(d).properties.name;
      thing(d).properties.displayName = { type: "string", description: "Its display name." };
      delete param(d, "options").schema.properties.showFungible;
      param(d, "options").schema.properties.showFungibles = { type: "boolean" };
    };
    expect(linesAfter(rpc, renamed)).toEqual([
      'BREAKING   t getThing params.options.showFungible properties: "showFungible" → "showFungibles" [request-property-renamed]  #/methods/0/params/3/schema/properties/showFungibles',
      'BREAKING   t getThing result.name properties: "name" → "displayName" [response-property-renamed]  #/components/schemas/Thing/properties/displayName',
      'docs       t getThing result.displayName description: (none) → "Its display name." [prose-changed]  #/components/schemas/Thing/properties/displayName/description',
    ]);
    const replaced = (d: Doc) => {
      delete thing(d).properties.name;
      thing(d).properties.count = { type: "integer" };
    };
    expect(linesAfter(rpc, replaced)).toEqual([
      'BREAKING   t getThing result.name properties: "name" → (none) [response-property-removed]  #/components/schemas/Thing/properties/name',
      'compatible t getThing result.count properties: (none) → "count" [response-property-added]  #/components/schemas/Thing/properties/count',
    ]);
  });

  // (A name of one or two letters found in another, `ab` in `xabyzw`, read as a rename: passed
  // every test, mutation 76, DF20.)
  it("a short name within a longer one is no rename: `name` → `nameOfThing` is, `ab` → `xabyzw` not", () => {
    const moved = (from: string, to: string) => (d: Doc) => {
      thing(d).properties[to] = thing(d).properties[from];
      delete thing(d).properties[from];
    };
    expect(
      linesAfter(rpc, moved("name", "nameOfThing")).map((l) => l.replace(/ {2}#.*/, "")),
    ).toEqual([
      'BREAKING   t getThing result.name properties: "name" → "nameOfThing" [response-property-renamed]',
    ]);
    // (Nor two letters in five changed, `owner` → `other`: one in three at most. DF21.)
    for (const [from, to, type] of [
      ["ab", "xabyzw", "boolean"],
      ["owner", "other", "string"],
    ] as const) {
      const [before, after] = [rpc(), rpc()];
      thing(before).properties[from] = { type };
      thing(after).properties[to] = { type };
      expect(
        diffDocuments(before, after).map((ch: { rule: string }) => ch.rule),
        `${from} → ${to}`,
      ).toEqual(["response-property-removed", "response-property-added"]);
    }
  });

  // (Cut at 6 characters instead of 60, it passed every test: mutation 76, DF25.)
  it("shows two values of up to 60 characters whole, however much of them is alike", () => {
    const tail = "with a tail of words that stays the same.";
    const [before, after] = [rpc(), rpc()];
    thing(before).description = `A thing, ${tail}`;
    thing(after).description = `The thing, ${tail}`;
    expect(diffDocuments(before, after).map((ch: object) => formatChange("t", ch))).toEqual([
      `docs       t getThing result description: "A thing, ${tail}" → "The thing, ${tail}" [prose-changed]  #/components/schemas/Thing/description`,
    ]);
  });

  it("a rename only between names alike, and only when one pairing fits: an unrelated swap is a removal and an addition (review 91, F7)", () => {
    // `name` → `title`, both strings: no name is the other in another form.
    const swapped = (d: Doc) => {
      delete thing(d).properties.name;
      thing(d).properties.title = { type: "string" };
    };
    expect(linesAfter(rpc, swapped)).toEqual([
      'BREAKING   t getThing result.name properties: "name" → (none) [response-property-removed]  #/components/schemas/Thing/properties/name',
      'compatible t getThing result.title properties: (none) → "title" [response-property-added]  #/components/schemas/Thing/properties/title',
    ]);
    // Two of one contract renamed: each paired with the name it resembles, not by written order.
    const parties = () => {
      const d = rpc();
      thing(d).properties.sellerAddress = { $ref: "#/components/schemas/Address" };
      thing(d).properties.buyerAddress = { $ref: "#/components/schemas/Address" };
      return d;
    };
    const shortened = (d: Doc) => {
      delete thing(d).properties.sellerAddress;
      delete thing(d).properties.buyerAddress;
      thing(d).properties.buyer = { $ref: "#/components/schemas/Address" };
      thing(d).properties.seller = { $ref: "#/components/schemas/Address" };
    };
    expect(linesAfter(parties, shortened)).toEqual([
      'BREAKING   t getThing result.sellerAddress properties: "sellerAddress" → "seller" [response-property-renamed]  #/components/schemas/Thing/properties/seller',
      'BREAKING   t getThing result.buyerAddress properties: "buyerAddress" → "buyer" [response-property-renamed]  #/components/schemas/Thing/properties/buyer',
    ]);
    // One removed and two alike added: which one it became is not for the diff to guess.
    const split = (d: Doc) => {
      delete thing(d).properties.name;
      thing(d).properties.nameShort = { type: "string" };
      thing(d).properties.nameLong = { type: "string" };
    };
    expect(linesAfter(rpc, split)).toEqual([
      'BREAKING   t getThing result.name properties: "name" → (none) [response-property-removed]  #/components/schemas/Thing/properties/name',
      'compatible t getThing result.nameShort properties: (none) → "nameShort" [response-property-added]  #/components/schemas/Thing/properties/nameShort',
      'compatible t getThing result.nameLong properties: (none) → "nameLong" [response-property-added]  #/components/schemas/Thing/properties/nameLong',
    ]);
  });

  it("a component schema renamed: its exported type is gone, though every operation reads the same", () => {
    const rename = (d: Doc) => {
      d.components.schemas.Item = d.components.schemas.Thing;
      delete d.components.schemas.Thing;
      d.methods[0].result.schema.$ref = "#/components/schemas/Item";
    };
    expect(linesAfter(rpc, rename)).toEqual([
      'BREAKING   t (components) schemas.Thing type: "Thing" → (none) [type-removed]  #/components/schemas/Thing',
      'compatible t (components) schemas.Item type: (none) → "Item" [type-added]  #/components/schemas/Item',
    ]);
  });

  it("a description is docs only, and needs no new version", () => {
    const lines = linesAfter(rpc, (d) => (thing(d).description = "A thing, with its supply."));
    expect(lines).toEqual([
      'docs       t getThing result description: "A thing." → "A thing, with its supply." [prose-changed]  #/components/schemas/Thing/description',
    ]);
    const before = rpc();
    const after = rpc();
    thing(after).description = "A thing, with its supply.";
    expect(versionVerdict("0.1.0", "0.1.0", diffDocuments(before, after))).toEqual({ ok: true });
  });

  it("a deprecation, a new error and a page walk are compatible contract changes", () => {
    const lines = linesAfter(rpc, (d) => {
      d.methods[0].deprecated = true;
      d.methods[0].errors.push({ $ref: "#/components/errors/NotFound" });
      d.methods[0]["x-pagination"] = {
        style: "page",
        page: "page",
        limit: "limit",
        items: "items",
      };
    });
    expect(lines.map((l) => l.replace(/ {2}#.*/, ""))).toEqual([
      'compatible t getThing x-pagination: (none) → {"style":"page","page":"page","limit":"limit","items":"item… [pagination-added]',
      "compatible t getThing errors: -32004 added [error-response-changed]",
      "compatible t getThing deprecated: no replacement is documented (calls still work; the SDK marks it @deprecated and warns when it is called) [operation-deprecated]",
    ]);
    // (Undone, it is no rule's own: a plain contract change.)
    const before = rpc();
    before.methods[0].deprecated = true;
    expect(diffDocuments(before, rpc()).map((ch: { rule: string }) => ch.rule)).toEqual([
      "contract-changed",
    ]);
  });

  it("a deprecation names its replacement (x-replaced-by) in its one line, or says none is documented", () => {
    const deprecatedFor = (replacement?: string) =>
      linesAfter(rpc, (d) => {
        d.methods[0].deprecated = true;
        if (replacement !== undefined) d.methods[0]["x-replaced-by"] = replacement;
      }).map((l) => l.replace(/ {2}#.*/, ""));
    // (One edit, one line: the replacement is not told again as a prose change.)
    expect(deprecatedFor("getOtherThing (@chaindata/t)")).toEqual([
      "compatible t getThing deprecated: use getOtherThing (@chaindata/t) instead (calls still work; the SDK marks it @deprecated and warns when it is called) [operation-deprecated]",
    ]);
    expect(deprecatedFor()).toEqual([
      "compatible t getThing deprecated: no replacement is documented (calls still work; the SDK marks it @deprecated and warns when it is called) [operation-deprecated]",
    ]);
    // A replacement named later, of an operation already deprecated, is a prose change of its own.
    const before = rpc();
    before.methods[0].deprecated = true;
    const after = rpc();
    after.methods[0].deprecated = true;
    after.methods[0]["x-replaced-by"] = "getOtherThing";
    expect(diffDocuments(before, after).map((ch: object) => formatChange("t", ch))).toEqual([
      'docs       t getThing x-replaced-by: (none) → "getOtherThing" [prose-changed]  #/methods/0/x-replaced-by',
    ]);
  });

  it("an example changed, added or removed is named, not shown as a window of its JSON", () => {
    const example = (name: string, value: number) => ({
      name,
      params: [{ name: "id", value: "So11111111111111111111111111111111111111112" }],
      result: { name: "thing", value: { id: "x".repeat(40), supply: value } },
    });
    const before = rpc();
    before.methods[0].examples = [example("one", 1), example("two", 2), example("gone", 3)];
    const after = rpc();
    after.methods[0].examples = [example("one", 1), example("two", 20), example("new", 3)];
    expect(diffDocuments(before, after).map((ch: object) => formatChange("t", ch))).toEqual([
      'docs       t getThing examples: changed "two"; added "new"; removed "gone" [prose-changed]  #/methods/0/examples',
    ]);
    // A schema's examples have no names: the window of JSON still shows them.
    expect(linesAfter(rpc, (d) => (thing(d).examples = [{ id: "a" }]))[0]).toContain(
      'examples: (none) → [{"id":"a"}] [prose-changed]',
    );
  });

  it("says the changeset each changed package needs, from the classes of its changes", () => {
    const changes = (edit: (d: Doc) => void) => {
      const after = rpc();
      edit(after);
      return diffDocuments(rpc(), after);
    };
    const tightened = changes((d) => (param(d, "limit").schema.maximum = 100));
    const added = changes((d) =>
      d.methods.push({
        name: "getNew",
        params: [],
        result: { name: "n", schema: { type: "string" } },
      }),
    );
    const deprecated = changes((d) => (d.methods[0].deprecated = true));
    const prose = changes((d) => (thing(d).description = "A thing, with its supply."));
    const versions: Record<string, string> = {
      "@chaindata/das": "1.2.0",
      "@chaindata/wallet": "0.3.1",
      "@chaindata/admin": "0.3.1",
      "@chaindata/webhooks": "0.3.1",
      "@chaindata/mint": "0.3.1",
      "@chaindata/compression": "0.0.0",
    };
    const bumps = changesetBumps(
      [
        { area: "das", changes: tightened },
        { area: "wallet", changes: tightened },
        { area: "admin", changes: added },
        { area: "webhooks", changes: deprecated },
        { area: "mint", changes: prose },
        { area: "compression", changes: added },
        { area: "sender", changes: [] }, // unchanged: no line
        { area: "nowhere", changes: prose }, // no package
      ],
      (name: string) => versions[name],
    );
    expect(bumps).toEqual([
      '"@chaindata/das": major ([request-bound-tightened] is breaking); and "@chaindata/sdk": major with it (.changeset/README.md)',
      '"@chaindata/wallet": minor ([request-bound-tightened] is breaking, and 0.3.1 is 0.x); and "@chaindata/sdk": minor with it (.changeset/README.md)',
      '"@chaindata/admin": minor ([operation-added] is an addition)',
      '"@chaindata/webhooks": minor ([operation-deprecated] is a deprecation: semver\'s minor)',
      '"@chaindata/mint": patch (docs only: the generated JSDoc changes)',
      // (Before the first release a change edits the package's first-release note: a "minor"
      // here would read as a changeset to add, which test/packaging/changesets.test.ts refuses.)
      '"@chaindata/compression": no changeset before the first release (0.0.0): edit .changeset/first-release-compression.md if it no longer describes the package ([operation-added] is an addition)',
    ]);
  });

  // (An object schema for extra members where any passed read "allowed", and an allOf branch
  // added read as looser: both passed every test, mutation 76, DF17 and DF18.)
  it("a request's extra members held to a schema are refused where any passed; an allOf branch added breaks", () => {
    const before = rpc();
    delete param(before, "options").schema.additionalProperties;
    const after = rpc();
    param(after, "options").schema.additionalProperties = { type: "boolean" };
    expect(diffDocuments(before, after).map((ch: { rule: string }) => ch.rule)).toEqual([
      "request-additional-properties-refused",
    ]);
    const narrowed = linesAfter(rpc, (d) => (param(d, "limit").schema.allOf = [{ maximum: 500 }]));
    expect(narrowed.map((l) => l.replace(/ {2}#.*/, ""))).toEqual([
      'BREAKING   t getThing params.limit(allOf 0) allOf: (none) → "branch 0" [request-branch-removed]',
    ]);
  });

  it("by-position params in another order break the call", () => {
    const lines = linesAfter(rpc, (d) => {
      d.methods[0].paramStructure = "by-position";
      d.methods[0].params.reverse();
    });
    expect(lines).toContain(
      'BREAKING   t getThing params: ["id","limit","sort","options"] → ["options","sort","limit","id"] [call-shape-changed]  #/methods/0/params',
    );
  });

  it("no change, no line; every rule has a class", () => {
    expect(diffDocuments(rpc(), rpc())).toEqual([]);
    expect(diffDocuments(rest(), rest())).toEqual([]);
    expect(new Set(Object.values(RULES))).toEqual(new Set(["breaking", "compatible", "docs"]));
  });
});

describe("REST operations", () => {
  it.each([
    [
      "a shared query param's bound tightened",
      (d: Doc) => (d.components.parameters.Limit.schema.maximum = 50),
      "BREAKING   t getThing query.limit maximum: 100 → 50 [request-bound-tightened]  #/components/parameters/Limit/schema/maximum",
    ],
    [
      "a body member's bound tightened",
      (d: Doc) =>
        (d.paths["/v1/things/{id}"].post.requestBody.content[
          "application/json"
        ].schema.properties.name.maxLength = 16),
      "BREAKING   t updateThing body.name maxLength: 32 → 16 [request-bound-tightened]  #/paths/~1v1~1things~1{id}/post/requestBody/content/application~1json/schema/properties/name/maxLength",
    ],
    [
      "a result field removed",
      (d: Doc) => delete d.components.schemas.Thing.properties.balance,
      'BREAKING   t getThing response 200.balance properties: "balance" → (none) [response-property-removed]  #/components/schemas/Thing/properties/balance',
    ],
    [
      "a success status removed",
      (d: Doc) => {
        const op = d.paths["/v1/things/{id}"].get;
        op.responses["201"] = op.responses["200"];
        delete op.responses["200"];
      },
      'BREAKING   t getThing response 200 responses: "200" → (none) [response-success-status-removed]  #/paths/~1v1~1things~1{id}/get/responses/200',
    ],
    [
      "an error response's body changed",
      (d: Doc) =>
        (d.components.responses.BadRequest.content["application/json"].schema = { type: "string" }),
      'compatible t getThing response 400 type: "object" → "string" [error-response-changed]  #/components/responses/BadRequest/content/application~1json/schema/type',
    ],
    [
      "an operation moved to another path",
      (d: Doc) => {
        d.paths["/v2/things/{id}"] = d.paths["/v1/things/{id}"];
        delete d.paths["/v1/things/{id}"];
      },
      'BREAKING   t getThing request: "GET /v1/things/{id}" → "GET /v2/things/{id}" [operation-moved]  #/paths/~1v2~1things~1{id}/get',
    ],
    [
      "an operationId renamed (the SDK's function)",
      (d: Doc) => (d.paths["/v1/things/{id}"].post.operationId = "putThing"),
      'BREAKING   t updateThing operation: "POST /v1/things/{id}" → (none) [operation-removed]  #/paths/~1v1~1things~1{id}/post',
    ],
  ])("%s", (_what, edit, line) => {
    expect(linesAfter(rest, edit)).toContain(line);
  });
});

describe("the info.version rule", () => {
  const breaking = [{ cls: "breaking" }];
  const compatible = [{ cls: "compatible" }];
  const docs = [{ cls: "docs" }];
  it.each([
    ["0.1.0", "0.2.0", breaking, true],
    ["0.1.0", "1.0.0", breaking, true],
    ["0.1.0", "0.1.1", breaking, false],
    ["1.4.2", "2.0.0", breaking, true],
    ["1.4.2", "1.5.0", breaking, false],
    ["0.0.3", "0.0.4", breaking, true],
    ["0.1.0", "0.1.1", compatible, true],
    ["0.1.0", "0.2.0", compatible, true],
    ["0.1.0", "0.1.0", compatible, false],
    ["0.1.0", "0.1.0", docs, true],
    ["0.1.0", "0.1.0", [], true],
    ["0.2.0", "0.1.0", docs, false],
    ["0.1.0", "0.2", docs, false],
  ])("%s → %s with %j: ok %s", (from, to, changes, ok) => {
    expect(versionVerdict(from, to, changes).ok).toBe(ok);
  });

  it("says which version would do, and why", () => {
    expect(versionVerdict("0.1.0", "0.1.0", breaking).why).toBe(
      "a breaking change needs 0.2.0 or later (outside ^0.1.0; in 0.x the first non-zero part is the major), got 0.1.0",
    );
    expect(versionVerdict("1.4.2", "1.5.0", breaking).why).toBe(
      "a breaking change needs 2.0.0 or later (outside ^1.4.2), got 1.5.0",
    );
    expect(versionVerdict("0.1.0", "0.1.0", compatible).why).toBe(
      "a contract change needs a greater version (0.1.1, or 0.2.0 for an addition), got 0.1.0 unchanged",
    );
    // An addition names the minor version it asks for (user trial 44: "0.1.1, or 0.2.0 for an
    // addition" beside an [operation-added] line left the choice to the reader).
    const added = [
      { cls: "compatible", rule: "type-added", op: "(components)" },
      { cls: "compatible", rule: "operation-added", op: "getBalanceAt" },
    ];
    expect(versionVerdict("0.1.0", "0.1.0", added).why).toBe(
      "an addition (getBalanceAt [operation-added]) needs a greater minor version, 0.2.0 (0.1.1 would say a fix), got 0.1.0 unchanged",
    );
    expect(versionVerdict("1.4.2", "1.4.2", added.slice(0, 1)).why).toBe(
      "an addition ([type-added]) needs a greater minor version, 1.5.0 (1.4.3 would say a fix), got 1.4.2 unchanged",
    );
    expect(versionVerdict("0.1.0", "0.1.1", added).ok).toBe(true);
    // A deprecation asks for the minor too: semver 2.0.0, item 7 ("It MUST be incremented if any
    // public API functionality is marked as deprecated").
    const deprecated = [{ cls: "compatible", rule: "operation-deprecated", op: "getThing" }];
    expect(versionVerdict("1.4.2", "1.4.2", deprecated).why).toBe(
      "a deprecation (getThing [operation-deprecated]) needs a greater minor version, 1.5.0 (1.4.3 would say a fix), got 1.4.2 unchanged",
    );
    expect(versionVerdict("0.2.0", "0.1.0", docs).why).toBe("it went down, 0.2.0 → 0.1.0");
    expect(versionVerdict("0.1.0", "v2", docs).why).toBe(
      '"v2" is not MAJOR.MINOR.PATCH (semver, digits only)',
    );
  });
});

describe("npm run spec:diff", () => {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  /** spec/ as committed (HEAD), in a new temporary folder: its path. */
  const committedSpec = (): string => {
    const dir = mkdtempSync(join(tmpdir(), "chaindata-spec-diff-test-"));
    dirs.push(dir);
    const archive = spawnSync("git", ["-C", root, "archive", "--format=tar", "HEAD", "spec"]);
    spawnSync("tar", ["-x", "-C", dir], { input: archive.stdout });
    return join(dir, "spec");
  };
  const head = committedSpec();
  /** A bundled copy of the committed spec with `edits` ([file, text, replacement]) made. */
  const edited = (...edits: [string, string, string][]): string => {
    const copy = join(mkdtempSync(join(tmpdir(), "chaindata-spec-diff-test-")), "spec");
    dirs.push(join(copy, ".."));
    cpSync(head, copy, { recursive: true });
    for (const [file, text, replacement] of edits) editText(copy, file, text, replacement);
    bundleCopy(copy);
    return copy;
  };
  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, ["scripts/spec/diff.mjs", ...args], {
      cwd: root,
      encoding: "utf8",
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const limit = "editions per page, 1 to 1,000. The hosted default is not documented.";
  const tighten: [string, string, string] = [
    "openrpc/das.yaml",
    `${limit}\n        schema: { type: integer, minimum: 1, maximum: 1000 }`,
    `${limit}\n        schema: { type: integer, minimum: 1, maximum: 100 }`,
  ];
  // The committed das version, and the versions a change needs from it (0.x: the minor is the major).
  const dasVersion = /\n {2}version: (\d+)\.(\d+)\.(\d+)\n/.exec(
    readFileSync(join(head, "openrpc/das.yaml"), "utf8"),
  )!;
  const [, major, minor, patch] = dasVersion.map(Number);
  const current = `${major}.${minor}.${patch}`;
  const nextMinor = `${major}.${minor! + 1}.0`;
  const nextPatch = `${major}.${minor}.${patch! + 1}`;
  const bump = (version: string): [string, string, string] => [
    "openrpc/das.yaml",
    `version: ${current}`,
    `version: ${version}`,
  ];
  const escape = (text: string) => text.replace(/[.^]/g, "\\$&");

  it("reports no change between the committed spec and its own bundles (--base HEAD)", () => {
    const r = run("--base", "HEAD", "--spec-dir", edited());
    expect(r.stdout).toMatch(
      /dist against HEAD \([0-9a-f]{9}\): 0 changes, 0 version findings in \d+ ms\n$/,
    );
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  }, 60_000);

  it("catches trial 33's limit ≤ 1000 → ≤ 100 left at the same info.version, with its YAML line", () => {
    const r = run("--base", "HEAD", "--spec-dir", edited(tighten));
    expect(r.stdout).toContain(
      "BREAKING   das getNftEditions params.limit maximum: 1000 → 100 [request-bound-tightened]  #/methods/4/params/2/schema/maximum\n",
    );
    expect(r.stderr).toMatch(
      new RegExp(
        `^ {2}✗ spec/openrpc/das\\.yaml:9:3: das info\\.version ${escape(current)} at HEAD \\([0-9a-f]{9}\\): ` +
          `a breaking change needs ${escape(nextMinor)} or later \\(outside \\^${escape(current)}; ` +
          `in 0\\.x the first non-zero part is the major\\), got ${escape(current)}\n`,
      ),
    );
    // (The version is in the bundles and the generated spec digest: a bump made after the build
    // stops the tests until they are made again; user trial 44.)
    expect(r.stderr).toContain(
      "then `npm run spec:bundle && npm run generate && npx turbo run build` again before the tests",
    );
    // (The package's own version decides: 0.0.0 until the first release.)
    const dasPackage = JSON.parse(readFileSync(join(root, "packages/das/package.json"), "utf8"));
    const dasLine =
      dasPackage.version === "0.0.0"
        ? '"@chaindata/das": no changeset before the first release (0.0.0): edit .changeset/first-release-das.md if it no longer describes the package ([request-bound-tightened] is breaking)\n'
        : `"@chaindata/das": ${/^0\./.test(dasPackage.version) ? "minor" : "major"} ([request-bound-tightened] is breaking`;
    expect(r.stdout).toContain(`the versions of this checkout's packages):\n  ${dasLine}`);
    expect(r.stdout).toMatch(/1 change, 1 version finding in \d+ ms\n$/);
    expect(r.status).toBe(1);
  }, 60_000);

  it("passes the same edit with a minor bump (0.x), still listing it", () => {
    const r = run("--base-dir", head, "--spec-dir", edited(tighten, bump(nextMinor)));
    expect(r.stdout).toContain("BREAKING   das getNftEditions params.limit maximum: 1000 → 100");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  }, 60_000);

  it("wants a patch bump at least for a compatible change, none for a description", () => {
    const loosen: [string, string, string] = [
      tighten[0],
      tighten[1],
      tighten[1].replace("1000", "5000"),
    ];
    const compatible = run("--base-dir", head, "--spec-dir", edited(loosen));
    expect(compatible.stderr).toContain(
      `das info.version ${current} at ${head}: a contract change needs a greater version ` +
        `(${nextPatch}, or ${nextMinor} for an addition), got ${current} unchanged`,
    );
    expect(compatible.status).toBe(1);
    const prose = run(
      "--base-dir",
      head,
      "--spec-dir",
      edited(["openrpc/das.yaml", limit, limit.replace("The hosted default", "The default")]),
    );
    expect(prose.stdout).toContain("docs       das getNftEditions params.limit description:");
    expect(prose.stdout).toMatch(/1 change, 0 version findings in \d+ ms\n$/);
    expect(prose.status).toBe(0);
  }, 60_000);

  it("reads --spec-dir's own checkout (another worktree or clone): its git history and its packages' versions; a lone copy, this checkout's, saying so", () => {
    // A checkout of its own: the committed spec, a das package released at 1.2.0, one commit.
    const checkout = mkdtempSync(join(tmpdir(), "chaindata-spec-diff-test-"));
    dirs.push(checkout);
    cpSync(head, join(checkout, "spec"), { recursive: true });
    mkdirSync(join(checkout, "packages/das"), { recursive: true });
    writeFileSync(join(checkout, "packages/das/package.json"), '{ "version": "1.2.0" }\n');
    mkdirSync(join(checkout, ".changeset"));
    writeFileSync(join(checkout, ".changeset/README.md"), "# Changesets\n");
    const git = (...args: string[]) =>
      spawnSync("git", ["-C", checkout, "-c", "user.name=t", "-c", "user.email=t@t", ...args], {
        encoding: "utf8",
      });
    git("init", "-q");
    git("add", "-A");
    git("commit", "-qm", "spec");
    const commit = git("rev-parse", "HEAD").stdout.trim();
    editText(join(checkout, "spec"), tighten[0], tighten[1], tighten[2]);
    bundleCopy(join(checkout, "spec"));
    const r = run("--base", "HEAD", "--spec-dir", join(checkout, "spec"));
    expect(r.stdout).toContain(
      `changesets (.changeset/README.md; the versions of ${relative(root, checkout)}/packages):\n` +
        '  "@chaindata/das": major ([request-bound-tightened] is breaking); and "@chaindata/sdk": major with it (.changeset/README.md)\n',
    );
    expect(r.stdout).toContain(` against HEAD (${commit.slice(0, 9)}): 1 change,`);
    // A lone copy: this checkout's versions, and the heading says whose.
    const lone = run("--base", "HEAD", "--spec-dir", edited(tighten));
    expect(lone.stdout).toMatch(
      /\nchangesets \(\.changeset\/README\.md; \S+\/spec is no checkout's spec\/: the versions of this checkout's packages\):\n {2}"@chaindata\/das": /,
    );
  }, 60_000);

  it("tells a request bound past 2^53 from the one below it: both sides read exactly", () => {
    const bound = (maximum: string): [string, string, string] => [
      tighten[0],
      tighten[1],
      tighten[1].replace("maximum: 1000", `maximum: ${maximum}`),
    ];
    const base = edited(bound("18446744073709551615"));
    const r = run("--base-dir", base, "--spec-dir", edited(bound("18446744073709551614")));
    expect(r.stdout).toContain(
      "BREAKING   das getNftEditions params.limit maximum: 18446744073709551615 → 18446744073709551614 [request-bound-tightened]  #/methods/4/params/2/schema/maximum\n",
    );
    expect(r.stdout).toMatch(/: 1 change, 1 version finding in \d+ ms\n$/);
    expect(r.stderr).toContain(`das info.version ${current} at ${base}: a breaking change needs`);
    expect(r.status).toBe(1);
  }, 60_000);

  it("a base that does not bundle: each mistake, under a heading true of spec:diff", () => {
    const base = join(mkdtempSync(join(tmpdir(), "chaindata-spec-diff-test-")), "spec");
    dirs.push(join(base, ".."));
    cpSync(head, base, { recursive: true });
    const assetRef = '$ref: "../schemas/asset.yaml#/Asset"';
    const text = readFileSync(join(base, "openrpc/das.yaml"), "utf8");
    writeFileSync(
      join(base, "openrpc/das.yaml"),
      text.replaceAll(assetRef, '$ref: "../schemas/asset.yaml#/Assett"'),
    );
    const r = run("--base-dir", base, "--spec-dir", edited());
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines[0]).toMatch(
      /^spec:diff: the spec of \S+ does not bundle with today's bundler: \d+ mistakes, one a line \(nothing is compared\):$/,
    );
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines.slice(1))
      expect(line).toMatch(
        /^ {2}spec\/openrpc\/das\.yaml:\d+:\d+: .*"\.\.\/schemas\/asset\.yaml#\/Assett"/,
      );
    expect(r.status).toBe(2);
  }, 60_000);

  it("refuses a spec folder not bundled since its last edit, and an unknown ref", () => {
    const copy = edited();
    editText(copy, tighten[0], tighten[1], tighten[2]);
    // (A modification time after the bundle's, as an edit made after `npm run spec:bundle` has.)
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(copy, tighten[0]), later, later);
    const stale = run("--base", "HEAD", "--spec-dir", copy);
    expect(stale.stderr).toMatch(
      /is missing or older than .*\(spec\/dist\/openrpc\/das\.json; edited since: spec\/openrpc\/das\.yaml\): run npm run spec:bundle first\n$/,
    );
    expect(stale.status).toBe(2);
    const unknown = run("--base", "no-such-ref-here");
    expect(unknown.stderr).toMatch(/^spec:diff: --base: no commit "no-such-ref-here" here\n/);
    expect(unknown.status).toBe(2);
  }, 60_000);
});
