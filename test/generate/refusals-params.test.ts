// The generator's refusals of request parameters a check could not hold (scripts/generate/lib/
// refusals.mjs: parameter-schema, params-check, request-body, parameter-name), read directly with
// packageRefusals on small documents: cases that the StrykerJS mutation run of review 55 found held
// only by the slow spec:check suite (test/spec/generator-rules.test.ts) or by none. A parameter
// the generator let through unrefused would be sent unchecked.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { packageRefusals } from "../../scripts/generate/lib/refusals.mjs";

interface Refusal {
  rule: string;
  at: string;
  name?: string;
  message: string;
}

const rpc = (methods: unknown[]) =>
  packageRefusals([
    {
      area: "das",
      kind: "openrpc",
      file: "openrpc/das.json",
      doc: { openrpc: "1.3.2", info: { title: "t", version: "1", "x-host": "rpc" }, methods },
    },
  ]) as Refusal[];

const rest = (paths: object) =>
  packageRefusals([
    {
      area: "wallet",
      kind: "openapi",
      file: "openapi/wallet.json",
      doc: { openapi: "3.1.0", info: { title: "t", version: "1", "x-host": "api" }, paths },
    },
  ]) as Refusal[];

const brief = (refusals: Refusal[]) => refusals.map((r) => `[${r.rule}] ${r.at}: ${r.message}`);
const ok = { responses: { "200": { description: "ok" } } };

describe("a well-formed package is refused nothing", () => {
  it("JSON-RPC params, query options, and REST parameters and body fields with schemas", () => {
    expect(
      rpc([
        {
          name: "getThings",
          params: [
            { name: "owner", schema: { type: "string" } },
            { name: "limit", schema: { type: "integer", minimum: 1 } },
          ],
          "x-query-params": [{ name: "api-version", schema: { type: "string" } }],
        },
        { name: "getOther", params: [] },
      ]),
    ).toEqual([]);
    expect(
      rest({
        "/x/{id}": {
          post: {
            ...ok,
            operationId: "postThing",
            parameters: [
              { name: "id", in: "path", required: true, schema: { type: "string" } },
              { name: "limit", in: "query", schema: { type: "integer" } },
            ],
            requestBody: {
              content: {
                "application/json": {
                  schema: { type: "object", properties: { note: { type: "string" } } },
                },
              },
            },
          },
        },
      }),
    ).toEqual([]);
  });
});

describe("where a name is refused", () => {
  it("a JSON-RPC param at the param, a body field at the request body", () => {
    expect(
      rpc([
        { name: "getThings", params: [{ name: "constructor", schema: { type: "string" } }] },
      ]).map((r) => [r.rule, r.at]),
    ).toEqual([["parameter-name", "#/methods/0/params/0"]]);
    expect(
      brief(
        rest({
          "/x": {
            post: {
              ...ok,
              operationId: "postThing",
              requestBody: {
                content: {
                  "application/json": {
                    schema: { type: "object", properties: { constructor: { type: "string" } } },
                  },
                },
              },
            },
          },
        }),
      ),
    ).toEqual([
      expect.stringMatching(
        /^\[parameter-name\] #\/paths\/~1x\/post\/requestBody: operation postThing: body field constructor is a member of every object/,
      ),
    ]);
  });
});

describe("parameter-schema: a parameter without a schema would be sent unchecked", () => {
  it("refuses a JSON-RPC param without a schema, at the param (not one given by $ref)", () => {
    expect(
      brief(
        rpc([
          {
            name: "getThings",
            params: [
              { name: "owner", schema: { type: "string" } },
              { name: "limit" },
              { $ref: "#/components/contentDescriptors/Limit" },
            ],
          },
        ]).filter((r) => r.rule === "parameter-schema"),
      ),
    ).toEqual([
      "[parameter-schema] #/methods/0/params/1: method getThings: param limit has no schema: its generated type would be `unknown` and its check would let any value through; give it a `schema`",
    ]);
  });

  it("refuses a REST parameter without a schema, at the parameter", () => {
    expect(
      brief(
        rest({
          "/x": {
            get: {
              ...ok,
              operationId: "getThing",
              parameters: [
                { name: "a", in: "query", schema: { type: "string" } },
                { name: "b", in: "query", content: { "application/json": {} } },
              ],
            },
          },
        }),
      ),
    ).toEqual([
      "[parameter-schema] #/paths/~1x/get/parameters/1: operation getThing: parameter b in query: no schema: its generated type would be `string` and its check would let any value through; give it a `schema` (a `content` parameter is not supported)",
    ]);
  });
});

describe("params-check and the input's names", () => {
  it("refuses an x-params: array method without exactly one param, at x-params", () => {
    const array = { type: "array", items: { type: "string" } };
    for (const params of [
      [
        { name: "a", schema: array },
        { name: "b", schema: array },
      ],
      [],
      undefined,
    ])
      expect(
        brief(rpc([{ name: "getThings", "x-params": "array", params }])),
        JSON.stringify(params),
      ).toEqual([
        "[params-check] #/methods/0/x-params: x-params: array requires exactly one param (the array)",
      ]);
    expect(
      rpc([{ name: "getThings", "x-params": "array", params: [{ name: "a", schema: array }] }]),
    ).toEqual([]);
  });

  it("refuses a query option named as a param, at the option", () => {
    expect(
      brief(
        rpc([
          {
            name: "getThings",
            params: [{ name: "apiVersion", schema: { type: "string" } }],
            "x-query-params": [{ name: "api-version", schema: { type: "string" } }],
          },
        ]),
      ),
    ).toEqual([
      "[parameter-name] #/methods/0/x-query-params/0: method getThings: query option api-version is taken as apiVersion beside the params, and that name is taken (a param, or another query option)",
    ]);
  });

  it("refuses a request body that clashes with a parameter once, at the body (its input is not compiled)", () => {
    expect(
      brief(
        rest({
          "/x": {
            post: {
              ...ok,
              operationId: "postThing",
              parameters: [{ name: "note", in: "query", schema: { type: "string" } }],
              requestBody: {
                content: {
                  "application/json": {
                    schema: { type: "object", properties: { note: { type: "integer" } } },
                  },
                },
              },
            },
          },
        }),
      ),
    ).toEqual([
      "[request-body] #/paths/~1x/post/requestBody: operation postThing: body field note clashes with a parameter (the input is one object of both)",
    ]);
  });

  it("reports an operation the clients cannot call beside the others, instead of stopping", () => {
    // (operationsOf, read leniently: the http-method rule reports the HEAD operation.)
    const refusals = rest({
      "/x": {
        get: {
          ...ok,
          operationId: "getThing",
          parameters: [{ name: "b", in: "query" }],
        },
        head: { ...ok, operationId: "headThing" },
      },
    });
    expect(refusals.map((r) => r.rule).sort()).toEqual(["http-method", "parameter-schema"]);
  });

  it("reports a check it could not build (a $ref to nothing) as a refusal at the operation", () => {
    expect(
      brief(
        rpc([
          {
            name: "getThings",
            params: [{ name: "a", schema: { $ref: "#/components/schemas/Missing" } }],
          },
        ]),
      ),
    ).toEqual(["[params-check] #/methods/0: bad $ref #/components/schemas/Missing"]);
  });
});

describe("a param that is no object with a name is refused, not a TypeError (review 55 F4)", () => {
  // (spec:check's meta-schema rule says so too, but `npm run generate` reads the bundle alone.)
  it.each([
    ["params", null, "param 0 is null, not an object with a name and a schema"],
    ["params", "owner", 'param 0 is "owner", not an object with a name and a schema'],
    ["params", { schema: { type: "string" } }, "param 0 has no name"],
    ["x-query-params", null, "query option 0 is null, not an object with a name and a schema"],
    ["x-query-params", { schema: { type: "string" } }, "query option 0 has no name"],
    ["x-query-params", { $ref: "#/components/x" }, "query option 0 has no name"],
  ])("JSON-RPC %s [%j]", (key, param, message) => {
    const rule = message.endsWith("no name") ? "parameter-name" : "parameter-schema";
    expect(brief(rpc([{ name: "getThings", params: [], [key]: [param] }]))).toEqual([
      `[${rule}] #/methods/0/${key}/0: method getThings: ${message}`,
    ]);
  });

  it("a JSON-RPC param given by $ref needs no name of its own", () => {
    const refused = rpc([{ name: "getThings", params: [{ $ref: "#/components/x" }] }]);
    expect(refused.filter((r) => r.rule === "parameter-name")).toEqual([]);
  });

  it.each([
    [null, "parameter-schema", "parameter 0 is null, not an object with a name and a schema"],
    ["x", "parameter-schema", 'parameter 0 is "x", not an object with a name and a schema'],
    [{ in: "query", schema: { type: "string" } }, "parameter-name", "parameter 0 has no name"],
  ])("REST parameter %j, of the operation and of its path", (param, rule, message) => {
    expect(
      brief(rest({ "/x": { get: { ...ok, operationId: "getX", parameters: [param] } } })),
    ).toEqual([`[${rule}] #/paths/~1x/get/parameters/0: operation getX: ${message}`]);
    expect(
      brief(rest({ "/x": { parameters: [param], get: { ...ok, operationId: "getX" } } })),
    ).toEqual([`[${rule}] #/paths/~1x/parameters/0: path /x: ${message}`]);
  });
});

describe("a request value of annotations alone is refused: it would be typed unknown and sent unchecked (user trial 67)", () => {
  const UNTYPED =
    '"type" is missing: a request value without a type (nor $ref, enum or anyOf) is typed unknown and sent unchecked; give it its type (type: boolean, string, integer, object, array…)';

  it("a JSON-RPC param, at its schema", () => {
    expect(
      brief(
        rpc([
          {
            name: "getThings",
            params: [
              { name: "owner", schema: { type: "string" } },
              { name: "onlyVerified", schema: { description: "Only the verified ones." } },
            ],
          },
        ]),
      ),
    ).toEqual([
      `[params-check] #/methods/0/params/1/schema: getThings params/properties/onlyVerified: ${UNTYPED}`,
    ]);
  });

  it("a REST query parameter and a body field", () => {
    const refused = brief(
      rest({
        "/x": {
          post: {
            ...ok,
            operationId: "postThing",
            parameters: [{ name: "limit", in: "query", schema: { description: "How many." } }],
            requestBody: {
              content: {
                "application/json": {
                  schema: { type: "object", properties: { note: { title: "A note" } } },
                },
              },
            },
          },
        },
      }),
    );
    expect(refused).toHaveLength(2);
    expect(refused.every((r) => r.startsWith("[params-check] ") && r.endsWith(UNTYPED))).toBe(true);
    expect(refused.join("\n")).toMatch(/limit/);
    expect(refused.join("\n")).toMatch(/note/);
  });

  it("an open value still passes: additionalProperties: true, a true schema, an array without items", () => {
    expect(
      rpc([
        {
          name: "getThings",
          params: [
            { name: "filter", schema: { type: "object", additionalProperties: true } },
            { name: "anything", schema: true },
            { name: "list", schema: { type: "array" } },
          ],
        },
      ]),
    ).toEqual([]);
  });
});
