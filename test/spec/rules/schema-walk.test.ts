// The JSON Schema helpers every spec rule reads a document through (scripts/spec/rules/
// schema-walk.mjs), at their edges: a pointer past a string, a chain of `$ref`s, a `$ref` to
// nothing. The documents: fixtures.ts.
import { describe, expect, it } from "vitest";
import {
  branchesAt,
  derefAt,
  forEachSchema,
  nameWords,
  nodeAt,
  operationsReaching,
  propertyAt,
  schemaTypes,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../../scripts/spec/rules/schema-walk.mjs";
import { components, openrpc } from "./fixtures.js";

describe("spec rules", () => {
  it("schema walk: visits a schema object once where the document holds it in two places", () => {
    // (As a YAML alias, `*name`, parses: one object in both places. Each rule would report it
    // twice.)
    const shared = { type: "string", maxLength: 44 };
    const doc = components({
      Owner: { type: "object", properties: { address: shared, delegate: shared } },
      Address: shared,
    });
    const visited: unknown[] = [];
    forEachSchema(doc, (schema: unknown) => visited.push(schema));
    expect(visited.filter((schema) => schema === shared)).toHaveLength(1);
    expect(visited).toContain(doc.components.schemas.Owner);
  });

  it("schema walk: a $ref into another file is not read as one into this document", () => {
    const doc = components({ Id: { type: "integer" } });
    const remote = { $ref: "common.json#/components/schemas/Id" };
    expect(derefAt(doc, remote, "#/x")).toEqual([remote, "#/x"]);
  });

  it("schema walk: a name's words keep their digits (`token2022Program`)", () => {
    expect(nameWords("token2022Program")).toEqual(["token2022", "program"]);
    expect(nameWords("max_supply-v2")).toEqual(["max", "supply", "v2"]);
  });

  it("schema walk: a pointer past a string or a number reaches no node", () => {
    const doc = components({ Id: { type: "string", maxLength: 44 } });
    expect(nodeAt(doc, ["components", "schemas", "Id", "type"])).toBe("string");
    // (A string's `length` or its characters are no node of the document.)
    expect(nodeAt(doc, ["components", "schemas", "Id", "type", "length"])).toBeUndefined();
    expect(nodeAt(doc, ["components", "schemas", "Id", "type", "0"])).toBeUndefined();
    expect(nodeAt(doc, ["components", "schemas", "Id", "maxLength", "toFixed"])).toBeUndefined();
  });

  it("schema walk: follows a chain of $refs to its end, and stops at one that names nothing", () => {
    const doc = components({
      Owner: { $ref: "#/components/schemas/Address" },
      Address: { $ref: "#/components/schemas/Base58" },
      Base58: { type: "string", pattern: "^[1-9A-HJ-NP-Za-km-z]+$" },
      Orphan: { $ref: "#/components/schemas/Missing" },
    });
    const start = "#/paths/~1x/get/parameters/0/schema";
    expect(derefAt(doc, { $ref: "#/components/schemas/Owner" }, start)).toEqual([
      doc.components.schemas.Base58,
      "#/components/schemas/Base58",
    ]);
    // (Where a `$ref` names nothing, the schema that holds it, at its own path: a rule reports
    // the dangling `$ref` there, and never reads `undefined` as a schema.)
    const orphan = doc.components.schemas.Orphan;
    expect(derefAt(doc, orphan, "#/components/schemas/Orphan")).toEqual([
      orphan,
      "#/components/schemas/Orphan",
    ]);
    expect(derefAt(doc, { $ref: "#/components/schemas/Orphan" }, start)).toEqual([
      orphan,
      "#/components/schemas/Orphan",
    ]);
  });

  it("schema walk: visits every schema once, nested ones too, with its path and its parent", () => {
    const config = {
      type: "object",
      additionalProperties: { type: "integer" },
      dependentSchemas: { limit: { required: ["page"] } },
      anyOf: [{ required: ["owner"] }],
    };
    const media = {
      schema: { $ref: "#/components/schemas/Config" },
      // (An example's value is data, whatever keys it has: never a schema.)
      examples: { one: { value: { schema: { type: "string" } } } },
    };
    const doc = {
      ...components({ Config: config }),
      paths: {
        "/x": {
          get: {
            parameters: [{ name: "q", in: "query", schema: { type: "string" } }],
            responses: { "200": { description: "ok", content: { "application/json": media } } },
          },
        },
      },
    };
    const seen: [string, string | undefined][] = [];
    forEachSchema(doc, (_schema: unknown, at: string, parent: unknown) =>
      seen.push([at, parent === undefined ? undefined : parent === config ? "Config" : "other"]),
    );
    expect(seen).toEqual([
      ["#/components/schemas/Config", undefined],
      ["#/components/schemas/Config/additionalProperties", undefined],
      ["#/components/schemas/Config/dependentSchemas/limit", undefined],
      ["#/components/schemas/Config/anyOf/0", "Config"],
      ["#/paths/~1x/get/parameters/0/schema", undefined],
      ["#/paths/~1x/get/responses/200/content/application~1json/schema", undefined],
    ]);
  });

  it("schema walk: a method's schemas are at paths that name the method", () => {
    const seen: string[] = [];
    forEachSchema(openrpc(), (_schema: unknown, at: string) => seen.push(at));
    expect(seen).toEqual([
      "#/methods/0 (getThing)/params/0/schema",
      "#/methods/0 (getThing)/params/1/schema",
      "#/methods/0 (getThing)/params/1/schema/properties/full",
      "#/methods/0 (getThing)/params/1/schema/properties/depth",
      "#/methods/0 (getThing)/result/schema",
    ]);
  });

  it("schema walk: a schema's branches at any depth, through $refs, with their paths", () => {
    const doc = components({
      Amount: { allOf: [{ anyOf: [{ oneOf: [{ $ref: "#/components/schemas/Lamports" }] }] }] },
      Lamports: { type: "integer", minimum: 0 },
    });
    const at = "#/components/schemas/Amount";
    expect(
      branchesAt(doc, doc.components.schemas.Amount, at).map(([, path]: string[]) => path),
    ).toEqual([at, `${at}/allOf/0`, `${at}/allOf/0/anyOf/0`, "#/components/schemas/Lamports"]);
  });

  it("schema walk: the types a schema admits, an array by its items where it names no type", () => {
    const doc = components({
      Ids: { items: { type: "string" } },
      MaybeIds: { anyOf: [{ type: ["string", "null"] }, { $ref: "#/components/schemas/Ids" }] },
    });
    expect([...schemaTypes(doc, doc.components.schemas.Ids)]).toEqual(["array"]);
    expect([...schemaTypes(doc, { $ref: "#/components/schemas/MaybeIds" })]).toEqual([
      "string",
      "null",
      "array",
    ]);
  });

  it("schema walk: the property at a path is the first branch's that declares it", () => {
    const doc = components({
      Page: {
        allOf: [
          { properties: { page: { type: "integer", minimum: 1 } } },
          { properties: { page: { type: "integer" }, limit: { type: "integer" } } },
        ],
      },
      Result: { properties: { paging: { $ref: "#/components/schemas/Page" } } },
    });
    expect(propertyAt(doc, { $ref: "#/components/schemas/Result" }, "paging.page", "#/r")).toEqual({
      schema: { type: "integer", minimum: 1 },
      at: "#/components/schemas/Page/allOf/0/properties/page",
    });
    expect(propertyAt(doc, doc.components.schemas.Result, "paging.cursor", "#/r")).toBeUndefined();
  });

  it("schema walk: the operations reaching a place, a method's own at its named path too", () => {
    const doc = {
      ...openrpc({ result: { name: "thing", schema: { $ref: "#/components/schemas/Thing" } } }),
      components: {
        schemas: {
          Thing: { type: "object", properties: { owner: { $ref: "#/components/schemas/Owner" } } },
          Owner: { type: "string" },
        },
      },
    };
    const reaching = operationsReaching({ kind: "openrpc", doc });
    // (forEachSchema's paths name the method after its index.)
    expect(reaching("#/methods/0 (getThing)/params/0/schema")).toEqual(["getThing"]);
    expect(reaching("#/methods/0/result/schema")).toEqual(["getThing"]);
    expect(reaching("#/components/schemas/Thing/properties/owner")).toEqual(["getThing"]);
    expect(reaching("#/components/schemas/Owner")).toEqual(["getThing"]);
    expect(reaching("#/methods/1/result/schema")).toEqual([]);
  });

  it("schema walk: a path's own parameters reach each of its operations", () => {
    const doc = {
      ...components({ Id: { type: "string" }, Thing: { type: "object" } }),
      paths: {
        "/things/{id}": {
          parameters: [
            { name: "id", in: "path", required: true, schema: { $ref: "#/components/schemas/Id" } },
          ],
          get: { operationId: "getThing", responses: { "200": { description: "ok" } } },
          delete: { operationId: "deleteThing", responses: { "204": { description: "gone" } } },
        },
      },
    };
    const reaching = operationsReaching({ kind: "openapi", doc });
    expect(reaching("#/components/schemas/Id")).toEqual(["getThing", "deleteThing"]);
    expect(reaching("#/paths/~1things~1{id}/delete/responses")).toEqual(["deleteThing"]);
    expect(reaching("#/components/schemas/Thing")).toEqual([]);
    // (The operation itself, not only a place inside it; a longer path's name is another's.)
    expect(reaching("#/paths/~1things~1{id}/delete")).toEqual(["deleteThing"]);
    expect(reaching("#/paths/~1things~1{id}/deleteAll")).toEqual([]);
  });

  it("schema walk: an example's data reaches nothing, though it reads like a $ref", () => {
    // (An example of a JSON Schema service's answer may hold `$ref` as data.)
    const example = { value: { $ref: "#/components/schemas/Thing" } };
    const doc = {
      ...components({ Thing: { type: "object" }, Id: { type: "string" } }),
      paths: {
        "/things": {
          get: {
            operationId: "listThings",
            parameters: [{ name: "id", in: "query", schema: { $ref: "#/components/schemas/Id" } }],
            responses: {
              "200": {
                description: "ok",
                content: { "application/json": { schema: {}, examples: { one: example } } },
              },
            },
          },
        },
      },
    };
    const reaching = operationsReaching({ kind: "openapi", doc });
    expect(reaching("#/components/schemas/Thing")).toEqual([]);
    expect(reaching("#/components/schemas/Id")).toEqual(["listThings"]);
  });
});
