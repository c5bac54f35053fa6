import { describe, expect, it } from "vitest";
import {
  convertOpenApi,
  convertOpenRpc,
  exampleParams,
  JSON_SCHEMA_2020,
  RESULT_OR_ERROR,
} from "./convert.js";
import { HINT } from "./generate.js";
import { bigintMarker } from "./json.js";

// A minimal OpenRPC area without the optional extensions: the defaults must still give a
// complete operation per method.
const doc = {
  openrpc: "1.3.2",
  info: { title: "x", version: "1" },
  methods: [
    {
      name: "getThing",
      params: [
        { name: "id", required: true, schema: { type: "string" } },
        { name: "limit", schema: { type: "integer", maximum: 18446744073709551615n } },
      ],
      result: { name: "thing", schema: { $ref: "#/components/schemas/Thing" } },
      examples: [
        {
          name: "one",
          params: [{ name: "id", value: "a" }],
          result: { name: "r", value: { supply: 18446744073709551615n } },
        },
      ],
    },
  ],
  components: {
    schemas: { Thing: { type: "object", properties: { supply: { type: "integer" } } } },
  },
};

describe("convertOpenRpc", () => {
  const { openapi, methods } = convertOpenRpc({
    area: "x",
    kind: "openrpc",
    file: "x.json",
    host: "rpc",
    doc,
  });
  const op = openapi.paths["/__rpc/x/getThing"].post;

  it("makes one operation per method, with the JSON-RPC envelope as the body", () => {
    expect(JSON_SCHEMA_2020).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(openapi.jsonSchemaDialect).toBe(JSON_SCHEMA_2020);
    const body = op.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(["jsonrpc", "method", "params"]);
    expect(body.properties.method).toEqual({ const: "getThing" });
    // No paramStructure: by name or by position.
    expect(body.properties.params.anyOf.map((s: any) => s.type)).toEqual(["object", "array"]);
    expect(methods[0]).toMatchObject({
      name: "getThing",
      endpoint: "/",
      examples: [{ name: "one", params: { id: "a" } }],
    });
  });

  it("matches request params only against pairings with a result (an error-only one cannot answer)", () => {
    const method = doc.methods[0]!;
    const withError = {
      ...doc,
      methods: [
        {
          ...method,
          examples: [
            ...method.examples,
            {
              name: "missing",
              params: [{ name: "id", value: "nope" }],
              error: { code: -32000, message: "not found" },
            },
          ],
        },
      ],
    };
    const converted = convertOpenRpc({
      area: "x",
      kind: "openrpc",
      file: "x.json",
      host: "rpc",
      doc: withError,
    });
    expect(converted.methods[0]!.examples.map((e) => e.name)).toEqual(["one"]);
  });

  it("requires the api-key by default and always has 400/401/403/429 error responses", () => {
    expect(op.security).toEqual([{ RpcApiKey: [] }]);
    expect(openapi.components.securitySchemes.RpcApiKey).toEqual({
      type: "apiKey",
      in: "query",
      name: "api-key",
    });
    expect(Object.keys(op.responses)).toEqual(["200", "400", "401", "403", "429"]);
    expect(op.responses["429"].headers["Retry-After"].required).toBe(true);
    expect(
      op.responses["401"].content["application/json"].examples["error-32001"].value.error,
    ).toEqual({ code: -32001, message: "Unauthorized" });
  });

  it("tells the dispatcher the names of each response's examples (what Prefer: example= may ask)", () => {
    const names = Object.fromEntries(
      Object.entries<any>(op.responses).map(([status, r]) => [
        status,
        Object.keys(r.content["application/json"].examples ?? {}),
      ]),
    );
    expect(Object.fromEntries(methods[0]!.responseExamples)).toEqual(names);
    expect(methods[0]!.responseExamples.get(200)).toEqual(["one"]);
    expect(methods[0]!.responseExamples.get(429)).toEqual(["error-32005"]);
  });

  it("gives an area that answers -32602 with HTTP 200 a parse error (-32700) as its 400", () => {
    const withErrors = {
      ...doc,
      methods: [{ ...doc.methods[0], errors: [{ code: -32602, message: "Invalid params" }] }],
      "x-error-info": { "-32602": { httpStatus: 200 }, "-32001": { httpStatus: 401 } },
    };
    const converted = convertOpenRpc({
      area: "zk",
      kind: "openrpc",
      file: "zk.json",
      host: "rpc",
      doc: withErrors,
    });
    const responses = converted.openapi.paths["/__rpc/zk/getThing"].post.responses;
    expect(Object.keys(responses)).toEqual(["200", "400", "401", "403", "429"]);
    expect(responses["400"].content["application/json"].examples).toEqual({
      "error-32700": {
        value: { jsonrpc: "2.0", id: 1, error: { code: -32700, message: "Parse error" } },
      },
    });
    expect(converted.methods[0]!.errorStatus.get(-32602)).toBe(200);
    // its 200 is the result's envelope or the error's, which the mock's -32602 is checked against
    expect(responses["200"].content["application/json"].schema).toMatchObject({
      [RESULT_OR_ERROR]: true,
      then: { properties: { error: { properties: { code: { enum: [-32602] } } } } },
      else: { required: ["jsonrpc", "id", "result"] },
    });
    // without the override, 400 is -32602 as before
    expect(Object.keys(op.responses["400"].content["application/json"].examples)).toEqual([
      "error-32602",
    ]);
  });

  it("writes big integers of examples as markers, and of schema bounds as numbers", () => {
    expect(op.responses["200"].content["application/json"].examples.one.value.result.supply).toBe(
      bigintMarker(18446744073709551615n),
    );
    const limit =
      op.requestBody.content["application/json"].schema.properties.params.anyOf[0].properties.limit;
    expect(typeof limit.maximum).toBe("number");
  });

  it("builds positional and array params from example pairings", () => {
    const positional = {
      paramStructure: "by-position",
      params: [{ name: "a" }, { name: "b" }, { name: "c" }],
    };
    expect(
      exampleParams(positional, {
        params: [
          { name: "a", value: 1 },
          { name: "c", value: 3 },
        ],
      }),
    ).toEqual([1, null, 3]);
    const array = { "x-params": "array", params: [{ name: "list" }] };
    expect(exampleParams(array, { params: [{ name: "list", value: [1, 2] }] })).toEqual([1, 2]);
    // a param not given: an empty list; no param at all: the same
    expect(exampleParams(array, { params: [] })).toEqual([]);
    expect(exampleParams({ "x-params": "array" }, {})).toEqual([]);
    const byName = { paramStructure: "by-name", params: [{ name: "a" }, { name: "b" }] };
    expect(
      Object.keys(exampleParams(byName, { params: [{ name: "b", value: 2 }] }) as object),
    ).toEqual(["b"]);
  });
});

describe("convertOpenApi", () => {
  it("keeps the document and declares JSON Schema 2020-12", () => {
    const out = convertOpenApi({
      area: "r",
      kind: "openapi",
      file: "r.json",
      host: "api",
      doc: { openapi: "3.1.0", paths: {}, x: 18446744073709551615n },
    });
    expect(out.jsonSchemaDialect).toBe(JSON_SCHEMA_2020);
    expect(out.x).toBe(bigintMarker(18446744073709551615n));
  });
});

// Every extension the conversion reads, in one area: each method's operation and what the
// dispatcher is told about it are checked whole (generate.ts's hints left out: generate.test.ts).
const BIG = 18446744073709551615n;
const full = {
  openrpc: "1.3.2",
  info: {
    title: "Full",
    version: "2",
    "x-path": "/fast",
    "x-auth": { in: "header", name: "x-key", required: false },
  },
  "x-error-info": {
    "-32001": { httpStatus: 401 },
    "-32020": { httpStatus: 400 }, // (before -32602: the first code of a status is its fallback)
    "-32602": { httpStatus: 400 },
    "-32004": { httpStatus: 404 },
    "-32014": { httpStatus: 404 },
    "-32010": { httpStatus: 200 },
    "-32011": { httpStatus: 503 },
    "-32050": { httpStatus: 403 },
    "-32099": {},
    "-32098": null,
  },
  "x-protocol-errors": [
    { code: -32700, message: "Parse error", httpStatus: 400 },
    { code: -32601, message: "Method not found", httpStatus: 404 },
    { code: -32001, httpStatus: 500 }, // (x-error-info's status stays)
    { code: -32600 },
    { httpStatus: 400 },
    null,
  ],
  methods: [
    {
      name: "getByName",
      summary: "By name.",
      deprecated: true,
      paramStructure: "by-name",
      params: [
        { $ref: "#/components/contentDescriptors/Id" },
        { name: "page", description: "The page.", schema: { $ref: "#/components/schemas/Page" } },
        {
          name: "cursor",
          schema: { type: "string" },
          "x-refused-with": { maxLength: { code: -32020, message: "Bad page" }, "x-source": "s" },
        },
      ],
      "x-dependent-schemas": { page: { not: { required: ["cursor"] } } },
      "x-all-of": [{ if: { properties: { page: { const: 1 } } }, then: { required: ["cursor"] } }],
      "x-query-params": [{ $ref: "#/components/x-query/Region" }, { name: "trace" }],
      "x-pagination": { style: "page", items: "items", limit: "limit" },
      errors: [
        { $ref: "#/components/errors/Not~1Found~0" },
        { code: -32014, message: "Gone" },
        { code: -32020, message: "Bad page" },
        { code: -32010, message: "Slow down", data: { retry: 1 } },
        { code: -32099, message: "Unmapped" },
        { message: "no code" },
        { $ref: "#/components/errors/Missing/deeper" },
        { $ref: "#/components/errors/Loop" },
      ],
      result: { $ref: "#/components/contentDescriptors/Items" },
      examples: [
        { $ref: "#/components/examplePairings/One" },
        {
          name: "missing",
          params: [{ name: "id", value: "zz" }],
          error: { code: -32004, message: "Not found" },
        },
        { params: [], result: { value: 1 } }, // (no name: not a pairing)
      ],
    },
    {
      name: "getByPosition",
      paramStructure: "by-position",
      params: [
        { name: "a", schema: { type: "integer", maximum: BIG } },
        { name: "b", required: true, schema: { type: "string" } },
        {
          name: "c",
          schema: {
            type: "object",
            properties: {
              n: {
                minimum: BIG,
                exclusiveMaximum: BIG,
                exclusiveMinimum: BIG,
                multipleOf: BIG,
                const: BIG,
                enum: [BIG],
                default: BIG,
              },
            },
          },
        },
      ],
      "x-all-of": [
        {
          if: { properties: { c: { required: ["x"] } }, required: ["c"] },
          then: { properties: { a: { minimum: 1 } }, required: ["a"] },
        },
        { if: true, then: { type: "array" } },
        { if: null },
      ],
      result: { name: "r", schema: { type: "boolean" } },
      examples: [
        {
          name: "two",
          summary: "Two of three.",
          params: [
            { name: "b", value: "x" },
            { name: "c", value: {} },
          ],
          result: { value: true },
        },
      ],
    },
    {
      name: "getList",
      "x-params": "array",
      params: [
        {
          name: "list",
          schema: { type: "array", items: { type: "string", minLength: 1 } },
          "x-refused-with": {
            minItems: { code: -32010, message: "Empty {count}" },
            "items/minLength": { code: -32010, message: "An empty entry" },
          },
        },
      ],
    },
    { name: "getAny", "x-params": "array" },
    { name: "ping" },
  ],
  components: {
    contentDescriptors: {
      Id: { name: "id", required: true, description: "The id.", schema: { type: "string" } },
      Items: {
        name: "items",
        description: "A page.",
        schema: { $ref: "#/components/schemas/Items" },
      },
    },
    examplePairings: {
      One: {
        name: "one",
        summary: "The first.",
        params: [
          { name: "id", value: "a" },
          { name: "page", value: 2 },
        ],
        result: { value: { items: [] } },
      },
    },
    "x-query": {
      Region: { name: "region", required: true, description: "Where.", schema: { enum: ["eu"] } },
    },
    errors: {
      "Not/Found~": { $ref: "#/components/errors/NotFoundError" },
      NotFoundError: { code: -32004, message: "Not found", data: "gone" },
      Unauthorized: { code: -32001, message: "Who?" },
      Unauthorized2: { code: -32001, message: "Second" }, // (the first of a code is the area's)
      InvalidParams: { code: -32602, message: "Params?" },
      Busy: { code: -32011, message: "Busy" },
      Loop: { $ref: "#/components/errors/Loop" },
      NoCode: { message: "none" },
      Nothing: null,
    },
    schemas: {
      Page: { type: "integer", minimum: 1 },
      Items: { type: "object", properties: { items: { type: "array" } } },
    },
  },
};

/** `value` without generate.ts's hints. */
const unhinted = (value: unknown): any =>
  JSON.parse(JSON.stringify(value, (key, v) => (key === HINT ? undefined : v)));

const ID = { description: "The request id, echoed.", type: ["string", "number", "null"] };
const request = (method: string, params: object, withParams = true) => ({
  type: "object",
  required: ["jsonrpc", "method", ...(withParams ? ["params"] : [])],
  additionalProperties: false,
  properties: { jsonrpc: { const: "2.0" }, id: ID, method: { const: method }, params },
});
const success = (description: string, result: object, examples?: object) => ({
  description,
  content: {
    "application/json": {
      schema: {
        type: "object",
        required: ["jsonrpc", "id", "result"],
        additionalProperties: false,
        properties: { jsonrpc: { const: "2.0" }, id: ID, result },
      },
      ...(examples && { examples }),
    },
  },
});
/**
 * A 200 of a method with errors answered in a 200: either envelope, the result's for Prism to
 * generate from (convert.ts resultOrError).
 */
const orError = (
  response: ReturnType<typeof success>,
  errors: Array<{ code: number; message: string }>,
) => {
  const content = response.content["application/json"];
  const schema = {
    [RESULT_OR_ERROR]: true,
    if: { type: "object", required: ["error"] },
    then: failure(errors).content["application/json"].schema,
    else: content.schema,
  };
  return { ...response, content: { "application/json": { ...content, schema } } };
};
const failure = (errors: Array<{ code: number; message: string; data?: unknown }>) => ({
  description: errors.map((e) => `${e.code} ${e.message}`).join("; "),
  content: {
    "application/json": {
      schema: {
        type: "object",
        required: ["jsonrpc", "id", "error"],
        additionalProperties: false,
        properties: {
          jsonrpc: { const: "2.0" },
          id: ID,
          error: {
            type: "object",
            required: ["code", "message"],
            properties: {
              code: { type: "integer", enum: errors.map((e) => e.code) },
              message: { type: "string", minLength: 1 },
              data: {},
            },
          },
        },
      },
      examples: Object.fromEntries(
        errors.map((e) => [`error${e.code}`, { value: { jsonrpc: "2.0", id: 1, error: e } }]),
      ),
    },
  },
});
const RETRY_AFTER = {
  description: "How many seconds to wait before retrying.",
  required: true,
  schema: { type: "integer", minimum: 0 },
  examples: { oneSecond: { value: 1 } },
};

describe("convertOpenRpc: every extension, each operation whole", () => {
  const { openapi, methods } = convertOpenRpc({
    area: "f",
    kind: "openrpc",
    file: "f.json",
    host: "rpc",
    doc: full,
  });
  const operation = (method: string) => unhinted(openapi.paths[`/__rpc/f/${method}`].post);
  const shared = {
    area: "f",
    endpoint: "/fast",
    auth: { in: "header", name: "x-key", required: false },
    errorStatus: new Map([
      [-32001, 401],
      [-32020, 400],
      [-32602, 400],
      [-32004, 404],
      [-32014, 404],
      [-32010, 200],
      [-32011, 503],
      [-32050, 403],
      [-32700, 400],
      [-32601, 404],
    ]),
  };
  const unauthorized = failure([{ code: -32001, message: "Who?" }]);
  const forbidden = failure([{ code: -32050, message: "Error" }]);
  const rateLimited = {
    headers: { "Retry-After": RETRY_AFTER },
    ...failure([{ code: -32005, message: "Rate limit exceeded" }]),
  };

  it("the document: the area's title and version, its schemas, the key where x-auth puts it", () => {
    expect(Object.keys(openapi.paths)).toEqual(
      ["getByName", "getByPosition", "getList", "getAny", "ping"].map((m) => `/__rpc/f/${m}`),
    );
    expect(unhinted({ ...openapi, paths: undefined })).toEqual({
      openapi: "3.1.0",
      jsonSchemaDialect: JSON_SCHEMA_2020,
      info: { title: "Full (JSON-RPC methods as operations)", version: "2" },
      components: {
        schemas: full.components.schemas,
        securitySchemes: { RpcApiKey: { type: "apiKey", in: "header", name: "x-key" } },
      },
    });
  });

  it("by name: params with their descriptions (not beside a $ref), dependentSchemas, allOf; query params; deprecated; documented errors by status", () => {
    expect(operation("getByName")).toEqual({
      operationId: "f.getByName",
      summary: "By name.",
      deprecated: true,
      security: [],
      parameters: [
        {
          name: "region",
          in: "query",
          required: true,
          schema: { enum: ["eu"] },
          description: "Where.",
        },
        { name: "trace", in: "query", required: false, schema: { type: "string" } },
      ],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: request("getByName", {
              type: "object",
              properties: {
                id: { description: "The id.", type: "string" },
                page: { $ref: "#/components/schemas/Page" },
                cursor: { type: "string" },
              },
              required: ["id"],
              additionalProperties: false,
              dependentSchemas: { page: { not: { required: ["cursor"] } } },
              allOf: [
                { if: { properties: { page: { const: 1 } } }, then: { required: ["cursor"] } },
              ],
            }),
            examples: {
              one: {
                summary: "The first.",
                value: {
                  jsonrpc: "2.0",
                  id: 1,
                  method: "getByName",
                  params: { id: "a", page: 2 },
                },
              },
              missing: {
                value: { jsonrpc: "2.0", id: 1, method: "getByName", params: { id: "zz" } },
              },
            },
          },
        },
      },
      responses: {
        // (-32010 is answered in a 200: x-error-info)
        "200": orError(
          success(
            "A page.",
            { $ref: "#/components/schemas/Items" },
            {
              one: {
                summary: "The first.",
                value: { jsonrpc: "2.0", id: 1, result: { items: [] } },
              },
            },
          ),
          [{ code: -32010, message: "Slow down" }],
        ),
        "400": failure([
          { code: -32020, message: "Bad page" },
          { code: -32602, message: "Params?" },
        ]),
        "401": unauthorized,
        "403": forbidden,
        "404": failure([
          { code: -32004, message: "Not found", data: "gone" },
          { code: -32014, message: "Gone" },
        ]),
        "429": rateLimited,
      },
    });
    expect(methods[0]).toEqual({
      ...shared,
      name: "getByName",
      operationPath: "/__rpc/f/getByName",
      examples: [{ name: "one", params: { id: "a", page: 2 } }],
      errors: new Map([
        [-32004, { code: -32004, message: "Not found", data: "gone" }],
        [-32014, { code: -32014, message: "Gone" }],
        [-32020, { code: -32020, message: "Bad page" }],
        [-32010, { code: -32010, message: "Slow down", data: { retry: 1 } }],
        [-32099, { code: -32099, message: "Unmapped" }],
      ]),
      statuses: [200, 400, 401, 403, 404, 429],
      responseExamples: new Map([
        [200, ["one"]],
        [400, ["error-32020", "error-32602"]],
        [401, ["error-32001"]],
        [403, ["error-32050"]],
        [404, ["error-32004", "error-32014"]],
        [429, ["error-32005"]],
      ]),
      paging: {
        style: "page",
        page: "page",
        cursor: "cursor",
        limit: "limit",
        items: "items",
        nextCursor: "cursor",
        echoedLimit: "limit",
        keyset: [],
        cursorLength: 32,
      },
      // (the param's place as a violation names it: a by-name param under `params`)
      refusals: [
        {
          param: "cursor",
          at: ["request", "body", "params", "cursor"],
          keyword: "maxLength",
          error: { code: -32020, message: "Bad page" },
        },
      ],
    });
  });

  it("by position: prefixItems up to the last required, allOf rules by index, big bounds as numbers; the area's -32602 for 400", () => {
    const big = Number(BIG);
    expect(operation("getByPosition")).toEqual({
      operationId: "f.getByPosition",
      security: [],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: request("getByPosition", {
              type: "array",
              prefixItems: [
                { type: "integer", maximum: big },
                { type: "string" },
                {
                  type: "object",
                  properties: {
                    n: {
                      minimum: big,
                      exclusiveMaximum: big,
                      exclusiveMinimum: big,
                      multipleOf: big,
                      const: big,
                      enum: [big],
                      default: bigintMarker(BIG),
                    },
                  },
                },
              ],
              items: false,
              minItems: 2,
              maxItems: 3,
              allOf: [
                {
                  if: { prefixItems: [true, true, { required: ["x"] }], minItems: 3 },
                  then: { prefixItems: [{ minimum: 1 }], minItems: 1 },
                },
                { if: true, then: { type: "array" } },
                { if: null },
              ],
            }),
            examples: {
              two: {
                summary: "Two of three.",
                value: { jsonrpc: "2.0", id: 1, method: "getByPosition", params: [null, "x", {}] },
              },
            },
          },
        },
      },
      responses: {
        "200": success(
          "The result.",
          { type: "boolean" },
          { two: { summary: "Two of three.", value: { jsonrpc: "2.0", id: 1, result: true } } },
        ),
        "400": failure([{ code: -32602, message: "Params?" }]),
        "401": unauthorized,
        "403": forbidden,
        "429": rateLimited,
      },
    });
    expect(methods[1]).toEqual({
      ...shared,
      name: "getByPosition",
      operationPath: "/__rpc/f/getByPosition",
      examples: [{ name: "two", params: [null, "x", {}] }],
      errors: new Map(),
      statuses: [200, 400, 401, 403, 429],
      responseExamples: new Map([
        [200, ["two"]],
        [400, ["error-32602"]],
        [401, ["error-32001"]],
        [403, ["error-32050"]],
        [429, ["error-32005"]],
      ]),
      refusals: [],
    });
  });

  it("an array of params: the param's schema (a list without one), params not required; no params: either structure, empty", () => {
    const body = (method: string) =>
      operation(method).requestBody.content["application/json"].schema;
    expect(body("getList")).toEqual(
      request("getList", { type: "array", items: { type: "string", minLength: 1 } }, false),
    );
    expect(body("getAny")).toEqual(request("getAny", { type: "array" }, false));
    // (an `x-params: array` method's param is the params themselves; `items/`: any entry of it)
    expect(methods[2]!.refusals).toEqual([
      {
        at: ["request", "body", "params"],
        keyword: "minItems",
        error: { code: -32010, message: "Empty {count}" },
      },
      {
        at: ["request", "body", "params", "*"],
        keyword: "minLength",
        error: { code: -32010, message: "An empty entry" },
      },
    ]);
    expect(body("ping")).toEqual(
      request(
        "ping",
        {
          anyOf: [
            { type: "object", properties: {}, additionalProperties: false },
            { type: "array", prefixItems: [], items: false, maxItems: 0 },
          ],
        },
        false,
      ),
    );
    expect(operation("ping").requestBody.content["application/json"]).not.toHaveProperty(
      "examples",
    );
    expect(operation("ping").responses["200"]).toEqual(success("The result.", {}));
    expect(methods[4]).toMatchObject({ examples: [], errors: new Map() });
    // (no member for what the spec does not give: toEqual above would not tell)
    expect(
      Object.keys(
        openapi.paths["/__rpc/f/ping"].post.requestBody.content["application/json"].schema
          .properties.params.anyOf[0],
      ),
    ).toEqual(["type", "properties", "additionalProperties"]);
    expect(Object.keys(methods[0]!.errors.get(-32014)!)).toEqual(["code", "message"]);
    expect(methods[4]).not.toHaveProperty("paging");
  });
});

describe("convertOpenRpc: an area that says nothing", () => {
  const { openapi, methods } = convertOpenRpc({
    area: "bare",
    kind: "openrpc",
    file: "bare.json",
    host: "rpc",
    doc: { methods: [{ name: "m" }] },
  });

  it("named by its area, version 0.0.0, the api-key in the query, the standard errors", () => {
    const op = unhinted(openapi.paths["/__rpc/bare/m"].post);
    expect(unhinted({ ...openapi, paths: undefined })).toEqual({
      openapi: "3.1.0",
      jsonSchemaDialect: JSON_SCHEMA_2020,
      info: { title: "bare (JSON-RPC methods as operations)", version: "0.0.0" },
      components: {
        schemas: {},
        securitySchemes: { RpcApiKey: { type: "apiKey", in: "query", name: "api-key" } },
      },
    });
    expect(op.security).toEqual([{ RpcApiKey: [] }]);
    expect(op).not.toHaveProperty("deprecated");
    expect(op).not.toHaveProperty("parameters");
    expect(op.responses).toEqual({
      "200": success("The result.", {}),
      "400": failure([{ code: -32602, message: "Invalid params" }]),
      "401": failure([{ code: -32001, message: "Unauthorized" }]),
      "403": failure([{ code: -32003, message: "Forbidden" }]),
      "429": {
        headers: { "Retry-After": RETRY_AFTER },
        ...failure([{ code: -32005, message: "Rate limit exceeded" }]),
      },
    });
    expect(methods[0]).toMatchObject({
      endpoint: "/",
      auth: { in: "query", name: "api-key", required: true },
      errorStatus: new Map(),
    });
  });

  it("an x-auth without in or name: the scheme's query api-key", () => {
    const partial = convertOpenRpc({
      area: "p",
      kind: "openrpc",
      file: "p.json",
      host: "rpc",
      doc: { info: { "x-auth": { required: true } }, methods: [] },
    });
    expect(partial.openapi.components.securitySchemes.RpcApiKey).toEqual({
      type: "apiKey",
      in: "query",
      name: "api-key",
    });
    expect(partial.methods).toEqual([]);
    expect(
      convertOpenRpc({ area: "e", kind: "openrpc", file: "e.json", host: "rpc", doc: {} }),
    ).toMatchObject({ methods: [], openapi: { paths: {} } });
  });
});
