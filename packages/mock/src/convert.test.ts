import { describe, expect, it } from "vitest";
import { convertOpenApi, convertOpenRpc, exampleParams, JSON_SCHEMA_2020 } from "./convert.js";
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
    expect(Object.keys(responses["400"].content["application/json"].examples)).toEqual([
      "error-32700",
    ]);
    expect(converted.methods[0]!.errorStatus.get(-32602)).toBe(200);
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
