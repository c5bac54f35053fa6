// The generator refuses spec input it would otherwise turn into wrong code without a word: a
// keyword the checks cannot translate (the check would be lost), an operation name that cannot
// name a function, a header parameter (the flat input would drop it), u64 values the runtime
// would not revive. (The rules are scripts/generate/lib/refusals.mjs, which `npm run spec:check`
// runs too: test/spec/generator-rules.test.ts.)
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { operationsOf } from "../../scripts/generate/lib/operations.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { packageRefusals } from "../../scripts/generate/lib/refusals.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { u64Shape, validationSchema } from "../../scripts/generate/lib/schema.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { emitRestArea } from "../../scripts/generate/rest.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { emitRpcArea } from "../../scripts/generate/rpc.mjs";

describe("generator refusals", () => {
  it("stops on a keyword that is neither translated nor an annotation, naming where it is", () => {
    for (const keyword of [
      "exclusiveMaximum",
      "multipleOf",
      "minimun",
      "nullable",
      "not",
      "patternProperties",
    ]) {
      const schema = { type: "object", properties: { page: { type: "integer", [keyword]: 2 } } };
      expect(() =>
        validationSchema({}, schema, [], "spec/dist/openrpc/das.json getNftEditions params"),
      ).toThrow(
        `spec/dist/openrpc/das.json getNftEditions params/properties/page: "${keyword}" is not a keyword the generated checks translate`,
      );
    }
    // Annotations and extensions pass; a $ref is followed and named.
    const doc = {
      components: {
        schemas: {
          Page: {
            type: "integer",
            minimum: 1,
            description: "d",
            examples: [1],
            "x-source": "seed",
          },
        },
      },
    };
    expect(validationSchema(doc, { $ref: "#/components/schemas/Page" })).toEqual({
      type: "integer",
      minimum: 1,
    });
  });

  it("refuses an operation whose HTTP method the clients cannot call, instead of leaving it out", () => {
    // (operationsOf is the last guard; the http-method rule reports it beside everything else.)
    const ok = { responses: { "200": { description: "ok" } } };
    expect(() => operationsOf({ paths: { "/x": { get: ok, head: ok } } })).toThrow(
      'paths["/x"].head: the generated clients call get, put, post, delete, patch operations only',
    );
    expect(
      operationsOf({
        paths: { "/x": { summary: "s", parameters: [], "x-beta": true, get: ok } },
      }).map((o: { method: string }) => o.method),
    ).toEqual(["get"]);
  });

  it("refuses u64 values under additionalProperties (typed bigint, but the runtime revives named properties only)", () => {
    const doc = {
      components: {
        schemas: {
          Balances: { type: "object", additionalProperties: { type: "integer", format: "uint64" } },
        },
      },
    };
    expect(() =>
      u64Shape(doc, {
        type: "object",
        properties: { balances: { $ref: "#/components/schemas/Balances" } },
      }),
    ).toThrow(
      "#/components/schemas/Balances: u64 values under additionalProperties are not revived",
    );
    // (also when the u64 values sit deeper, in objects under additionalProperties)
    expect(() =>
      u64Shape(doc, {
        type: "object",
        additionalProperties: {
          type: "object",
          properties: { n: { type: "integer", format: "int64" } },
        },
      }),
    ).toThrow("a response schema: u64 values under additionalProperties are not revived");
    expect(
      u64Shape(doc, {
        type: "object",
        properties: { n: { type: "integer", format: "uint64" } },
        additionalProperties: { type: "string" },
      }),
    ).toEqual({ n: 1 });
  });

  it("refuses operation names that cannot name a generated function or client member", () => {
    const refusals = (names: unknown[], kind = "openrpc") =>
      packageRefusals([
        {
          area: "das",
          kind,
          file: `${kind}/das.json`,
          doc:
            kind === "openrpc"
              ? { info: { "x-host": "rpc" }, methods: names.map((name) => ({ name, params: [] })) }
              : {
                  info: { "x-host": "api" },
                  paths: Object.fromEntries(
                    names.map((operationId, i) => [
                      `/x${i}`,
                      { get: { operationId, responses: { "204": { description: "ok" } } } },
                    ]),
                  ),
                },
        },
      ]).map((r: { rule: string; message: string }) => `[${r.rule}] ${r.message}`);
    expect(refusals(["get-nft-editions"])).toEqual([
      '[operation-name] "get-nft-editions": the name must be a JavaScript identifier (it names a generated function, descriptor and client member)',
    ]);
    expect(refusals(["request"])).toEqual([
      '[operation-name] "request": the name is reserved (a member every client has)',
    ]);
    expect(refusals(["delete"])).toEqual([
      '[operation-name] "delete": the name is reserved (a JavaScript word)',
    ]);
    // (Reserved in a module only, which every generated file is: `export function await()` does
    // not parse there.)
    expect(refusals(["await"])).toEqual([
      '[operation-name] "await": the name is reserved (a JavaScript word)',
    ]);
    // operations.ts binds these itself, for its checks' patterns and their descriptions.
    for (const hoisted of ["PATTERN_1", "DESCRIPTION_1"])
      expect(refusals([hoisted])).toEqual([
        `[operation-name] "${hoisted}": the name is reserved (the hoisted patterns and descriptions of generated/operations.ts)`,
      ]);
    expect(refusals(["DESCRIPTION_of_thing", "PATTERNS_1"])).toEqual([]);
    expect(refusals(["getAsset", "getAsset"])).toEqual([
      '[operation-name] "getAsset": the name is used twice in the package (also spec/dist/openrpc/das.json#/methods/0): rename one',
    ]);
    // (A missing operationId is named as missing, with what to write, not quoted as `undefined`.)
    expect(refusals([undefined], "openapi")).toEqual([
      "[operation-name] the operation has no operationId: give it one, a lower-camel-case JavaScript identifier unique across the areas (`operationId: getThing`; it names the client member)",
    ]);
    expect(refusals([undefined])).toEqual([
      "[operation-name] the method has no name: give it one, a lower-camel-case JavaScript identifier new on its host (it names a generated function, descriptor and client member)",
    ]);
    // (A REST operationId is a client member only, so `request` is free there.)
    expect(refusals(["request"], "openapi")).toEqual([]);
  });

  it("refuses schema names that cannot name an exported type: TypeScript keeps its built-in types'", () => {
    const refusals = (names: string[]) =>
      packageRefusals([
        {
          area: "das",
          kind: "openrpc",
          file: "openrpc/das.json",
          doc: {
            info: { "x-host": "rpc" },
            methods: [],
            components: {
              schemas: Object.fromEntries(names.map((name) => [name, { type: "string" }])),
            },
          },
        },
      ]).map((r: { rule: string; message: string }) => `[${r.rule}] ${r.message}`);
    // (`export type bigint = string` is TS2457, "Type alias name cannot be 'bigint'".)
    for (const name of ["bigint", "string", "symbol", "unknown", "object", "void"])
      expect(refusals([name])).toEqual([
        `[schema-name] "${name}": a reserved word or built-in type cannot name a type`,
      ]);
    expect(refusals(["class"])).toEqual([
      '[schema-name] "class": a reserved word or built-in type cannot name a type',
    ]);
    expect(refusals(["Asset-Id"])).toEqual([
      '[schema-name] "Asset-Id": a schema name must be a TypeScript identifier (it names an exported type)',
    ]);
    expect(refusals(["BigInt", "Bigint", "Asset"])).toEqual([]);
  });

  it("refuses request members named like Object.prototype's (`constructor`): TypeScript would refuse every call", () => {
    // A params type with `constructor?: boolean` refuses `{ page: 1 }` and `{}` alike (TS2322:
    // every object has a `constructor`, a Function): the generated client would not compile.
    const rpc = packageRefusals([
      {
        area: "das",
        kind: "openrpc",
        file: "openrpc/das.json",
        doc: {
          info: { "x-host": "rpc" },
          methods: [
            {
              name: "searchThings",
              params: [
                { name: "constructor", schema: { type: "boolean" } },
                { name: "page", schema: { type: "integer" } },
              ],
              "x-query-params": [{ name: "to-string", schema: { type: "string" } }],
            },
          ],
        },
      },
    ]).map((r: { rule: string; message: string }) => `[${r.rule}] ${r.message}`);
    expect(rpc).toEqual([
      "[parameter-name] method searchThings: param constructor is a member of every object (Object.prototype.constructor): TypeScript would refuse every call of the generated input type, `{}` included; rename it",
      "[parameter-name] method searchThings: query option to-string is a member of every object (Object.prototype.toString): TypeScript would refuse every call of the generated input type, `{}` included; rename it",
    ]);
    const rest = packageRefusals([
      {
        area: "wallet",
        kind: "openapi",
        file: "openapi/wallet.json",
        doc: {
          info: { "x-host": "api" },
          paths: {
            "/x": {
              post: {
                operationId: "postThing",
                parameters: [{ name: "valueOf", in: "query", schema: { type: "string" } }],
                requestBody: {
                  content: {
                    "application/json": {
                      schema: {
                        type: "object",
                        properties: { hasOwnProperty: { type: "string" } },
                      },
                    },
                  },
                },
                responses: { "204": { description: "ok" } },
              },
            },
          },
        },
      },
    ]).map((r: { rule: string; message: string }) => `[${r.rule}] ${r.message}`);
    expect(rest).toEqual([
      "[parameter-name] operation postThing: parameter valueOf in query: the name is a member of every object (Object.prototype.valueOf): TypeScript would refuse every call of the generated input type, `{}` included; rename it",
      "[parameter-name] operation postThing: body field hasOwnProperty is a member of every object (Object.prototype.hasOwnProperty): TypeScript would refuse every call of the generated input type, `{}` included; rename it",
    ]);
  });

  it("refuses a REST header parameter instead of dropping it from the input", async () => {
    const doc = {
      openapi: "3.1.0",
      info: { title: "t", version: "1", "x-host": "wallet" },
      paths: {
        "/x": {
          get: {
            operationId: "getX",
            parameters: [
              {
                name: "X-Idempotency-Key",
                in: "header",
                required: true,
                schema: { type: "string" },
              },
            ],
            responses: { "200": { description: "ok" } },
          },
        },
      },
    };
    await expect(
      emitRestArea({ area: "wallet", doc, file: "openapi/wallet.json" }),
    ).rejects.toThrow(
      "spec/dist/openapi/wallet.json#/paths/~1x/get/parameters/0 (X-Idempotency-Key): [parameter-in] operation getX: parameter X-Idempotency-Key in header: not supported (path and query only: the flat input would drop it) (run npm run spec:check for the source location)",
    );
  });

  it("refuses a REST success response keyed by the range 2XX, whose result the client would type undefined and not revive", async () => {
    const doc = {
      openapi: "3.1.0",
      info: { title: "t", version: "1", "x-host": "wallet" },
      paths: {
        "/x": {
          get: {
            operationId: "getX",
            responses: {
              "2XX": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: {
                      type: "object",
                      properties: { lamports: { type: "integer", format: "uint64" } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    await expect(
      emitRestArea({ area: "wallet", kind: "openapi", doc, file: "openapi/wallet.json" }),
    ).rejects.toThrow(
      "spec/dist/openapi/wallet.json#/paths/~1x/get/responses/2XX (getX): [response-status] operation getX: responses.2XX: name each success status by its code (200, 201…): the generated client types and reads only those (run npm run spec:check for the source location)",
    );
  });

  it("refuses a REST parameter serialized otherwise than the client sends it, instead of sending it in the wrong form", async () => {
    const docWith = (parameter: Record<string, unknown>) => ({
      openapi: "3.1.0",
      info: { title: "t", version: "1", "x-host": "wallet" },
      paths: {
        "/x/{id}": {
          get: {
            operationId: "getX",
            parameters: [
              { name: "id", in: "path", required: true, schema: { type: "string" } },
              parameter,
            ],
            responses: { "200": { description: "ok" } },
          },
        },
      },
    });
    const emit = (parameter: Record<string, unknown>) =>
      emitRestArea({ area: "wallet", doc: docWith(parameter), file: "openapi/wallet.json" });
    const mints = {
      name: "mints",
      in: "query",
      schema: { type: "array", items: { type: "string" } },
    };
    // Comma-separated (`mints=a,b`): openapi-fetch would send `mints=a&mints=b`.
    await expect(emit({ ...mints, style: "form", explode: false })).rejects.toThrow(
      "spec/dist/openapi/wallet.json#/paths/~1x~1{id}/get/parameters/1 (mints): [parameter-style] operation getX: parameter mints in query: the spec serializes it as style form, explode false; the generated client sends style form, explode true",
    );
    await expect(emit({ ...mints, style: "pipeDelimited" })).rejects.toThrow(
      "parameter mints in query: the spec serializes it as style pipeDelimited, explode false",
    );
    // A query object is form-exploded by OpenAPI's default (`a=1&b=2`), deepObject by openapi-fetch's.
    const filter = { name: "filter", in: "query", schema: { type: "object" } };
    await expect(emit(filter)).rejects.toThrow(
      "parameter filter in query: the spec serializes it as style form, explode true; the generated client sends style deepObject, explode true",
    );
    // What the client does send passes: the defaults, said or not, and an explicit deepObject.
    await expect(emit(mints)).resolves.toBeDefined();
    await expect(emit({ ...mints, style: "form", explode: true })).resolves.toBeDefined();
    await expect(emit({ ...filter, style: "deepObject" })).resolves.toBeDefined();
  });
});

describe("generator refusals: every keyword, at its place in the bundle", () => {
  // (The rules of what the runtime checks translate and where u64 values are revived, over every
  // kind of part a params object or a flat input is built from.)
  // `[rule] <pointer> (<operation>): <message up to its keyword>`
  const keywordRefusals = (d: { area: string; kind: string; file: string; doc: unknown }) =>
    packageRefusals([d])
      .filter((r: { rule: string }) => r.rule === "params-check" || r.rule === "u64-shape")
      .map(
        (r: { rule: string; at: string; name: string; message: string }) =>
          `[${r.rule}] ${r.at} (${r.name}): ${/^[^"]*"[^"]*"/.exec(r.message)?.[0] ?? r.message}`,
      );
  const u64 = { type: "integer", format: "uint64" };

  it("a JSON-RPC method's: params, a $ref's target, query options, x-dependent-schemas, an x-params array, its result", () => {
    const doc = {
      openrpc: "1.3.2",
      info: { title: "t", version: "1", "x-host": "rpc" },
      components: {
        schemas: {
          Page: { type: "integer", minimum: 1, multipleOf: 2 },
          Balances: { type: "object", additionalProperties: u64 },
        },
      },
      methods: [
        {
          name: "getThings",
          params: [
            { name: "page", schema: { $ref: "#/components/schemas/Page" } },
            { name: "cursor", schema: { type: "string", minLength: -1, maxLength: "2" } },
          ],
          "x-query-params": [{ name: "swqos_only", schema: { type: "boolean", const: true } }],
          "x-dependent-schemas": {
            page: { properties: { cursor: false }, required: ["cursor"] },
            cursor: { properties: { page: { const: 1 } } },
          },
          result: {
            name: "things",
            schema: {
              type: "object",
              properties: {
                a: { type: "object", additionalProperties: u64 },
                b: { $ref: "#/components/schemas/Balances" },
              },
            },
          },
        },
        {
          name: "getByIds",
          "x-params": "array",
          params: [
            { name: "ids", schema: { type: "array", items: { pattern: "(", type: "string" } } },
          ],
          result: { name: "r", schema: { type: "string" } },
        },
      ],
    };
    expect(
      keywordRefusals({ area: "das", kind: "openrpc", file: "openrpc/das.json", doc }),
    ).toEqual([
      '[params-check] #/components/schemas/Page/multipleOf (getThings): #/components/schemas/Page (from getThings params/properties/page): "multipleOf"',
      // (What validationSchema refuses, then what the check emitter does.)
      '[params-check] #/methods/0/x-query-params/0/schema/const (getThings): getThings params/properties/swqosOnly: "const"',
      '[params-check] #/methods/0/x-dependent-schemas/cursor/properties/page/const (getThings): getThings params/dependentSchemas/cursor/properties/page: "const"',
      '[params-check] #/methods/0/params/1/schema/minLength (getThings): getThings params/properties/cursor: "minLength"',
      '[params-check] #/methods/0/params/1/schema/maxLength (getThings): getThings params/properties/cursor: "maxLength"',
      '[params-check] #/methods/0/x-dependent-schemas/page (getThings): getThings params/dependentSchemas/page: "dependentSchemas"',
      '[params-check] #/methods/1/params/0/schema/items/pattern (getByIds): getByIds params/items: "pattern"',
      "[u64-shape] #/methods/0/result/schema/properties/a/additionalProperties (getThings): a response schema: u64 values under additionalProperties are not revived to bigint by @chaindata/core; name the properties, or use a list",
      "[u64-shape] #/components/schemas/Balances/additionalProperties (getThings): #/components/schemas/Balances: u64 values under additionalProperties are not revived to bigint by @chaindata/core; name the properties, or use a list",
    ]);
  });

  it("a JSON-RPC method's x-all-of: a keyword of then (in a $ref's target, and inline), an if it cannot read, a rule beside if and then", () => {
    const when = (value: string, required = ["encoding"]) => ({
      properties: { config: { properties: { encoding: { enum: [value] } }, required } },
      required: ["config"],
    });
    const doc = {
      openrpc: "1.3.2",
      info: { title: "t", version: "1", "x-host": "sender" },
      components: { schemas: { Base58: { type: "string", pattern: "^[1-9]+$", multipleOf: 2 } } },
      methods: [
        {
          name: "send",
          paramStructure: "by-position",
          params: [
            { name: "tx", required: true, schema: { type: "string" } },
            {
              name: "config",
              required: true,
              schema: { type: "object", properties: { encoding: { type: "string" } } },
            },
          ],
          "x-all-of": [
            {
              if: when("base58"),
              then: { properties: { tx: { $ref: "#/components/schemas/Base58" } } },
            },
            { if: when("base64", []), then: { properties: { tx: { const: "x" } } } },
            { if: when("hex"), then: { properties: {} }, else: { properties: {} } },
          ],
          result: { name: "r", schema: { type: "string" } },
        },
      ],
    };
    expect(
      keywordRefusals({ area: "sender", kind: "openrpc", file: "openrpc/sender.json", doc }),
    ).toEqual([
      '[params-check] #/components/schemas/Base58/multipleOf (send): #/components/schemas/Base58 (from send params/allOf/0/then/properties/tx): "multipleOf"',
      '[params-check] #/methods/0/x-all-of/1/then/properties/tx/const (send): send params/allOf/1/then/properties/tx: "const"',
      // (What validationSchema refuses, else, then what the check emitter does.)
      '[params-check] #/methods/0/x-all-of/2/else (send): send params/allOf/2: "else"',
      '[params-check] #/methods/0/x-all-of/1/if/properties/config (send): send params/allOf/1/if/properties/config: "if"',
    ]);
  });

  it("a REST operation's: a $ref'd parameter, body fields of allOf members (one by $ref), its JSON response", () => {
    const doc = {
      openapi: "3.1.0",
      info: { title: "t", version: "1", "x-host": "wallet" },
      components: {
        parameters: {
          Id: {
            name: "id",
            in: "path",
            required: true,
            schema: { type: "string", maxLength: "5" },
          },
        },
        schemas: { Base: { type: "object", properties: { note: { type: "string", not: {} } } } },
      },
      paths: {
        "/x/{id}": {
          post: {
            operationId: "postX",
            parameters: [{ $ref: "#/components/parameters/Id" }],
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: {
                    allOf: [
                      { $ref: "#/components/schemas/Base" },
                      {
                        type: "object",
                        properties: { tag: { type: "string", uniqueItems: true } },
                      },
                    ],
                  },
                },
              },
            },
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": { schema: { type: "object", additionalProperties: u64 } },
                },
              },
            },
          },
        },
      },
    };
    const body = "#/paths/~1x~1{id}/post/requestBody/content/application~1json/schema";
    expect(
      keywordRefusals({ area: "wallet", kind: "openapi", file: "openapi/wallet.json", doc }),
    ).toEqual([
      '[params-check] #/components/schemas/Base/properties/note/not (postX): postX input/properties/note: "not"',
      `[params-check] ${body}/allOf/1/properties/tag/uniqueItems (postX): postX input/properties/tag: "uniqueItems"`,
      '[params-check] #/components/parameters/Id/schema/maxLength (postX): postX input/properties/id: "maxLength"',
      "[u64-shape] #/paths/~1x~1{id}/post/responses/200/content/application~1json/schema/additionalProperties (postX): a response schema: u64 values under additionalProperties are not revived to bigint by @chaindata/core; name the properties, or use a list",
    ]);
  });
});

describe("generator refusals: x-request-defaults", () => {
  // The sender's two bundles: the OpenRPC document and the OpenAPI one whose `ping` has defaults.
  const read = (file: string) =>
    JSON.parse(readFileSync(new URL(`../../spec/dist/${file}`, import.meta.url), "utf8"));
  const emitSender = (defaults: Record<string, unknown>) => {
    const http = read("openapi/sender.json");
    http.paths["/ping"].get["x-request-defaults"] = defaults;
    return emitRpcArea(
      { area: "sender", doc: read("openrpc/sender.json"), file: "openrpc/sender.json" },
      { area: "sender", doc: http, file: "openapi/sender.json" },
    );
  };

  it("refuses a timeout or maxRetries the call options would refuse (getText does not check them)", async () => {
    const at =
      "spec/dist/openapi/sender.json#/paths/~1ping/get/x-request-defaults (ping): [request-defaults] operation ping: x-request-defaults";
    await expect(emitSender({ timeout: "5s" })).rejects.toThrow(
      `${at}.timeout: must be a number of milliseconds > 0 (got "5s")`,
    );
    await expect(emitSender({ timeout: 0 })).rejects.toThrow(`${at}.timeout: must be`);
    await expect(emitSender({ maxRetries: -1 })).rejects.toThrow(
      `${at}.maxRetries: must be a whole number >= 0 (got -1)`,
    );
    await expect(emitSender({ maxRetries: 1.5 })).rejects.toThrow(`${at}.maxRetries: must be`);
    await expect(emitSender({ retries: 0 })).rejects.toThrow(
      `${at}.retries: only timeout and maxRetries`,
    );
    // The spec's own defaults pass.
    await expect(
      emitSender({ maxRetries: 0, timeout: 5000, "x-source": "s" }),
    ).resolves.toHaveProperty(["packages/sender/src/generated/operations.ts"]);
  });

  it("refuses it on an operation of a REST area, whose client would ignore it", async () => {
    const doc = {
      openapi: "3.1.0",
      info: { title: "t", version: "1", "x-host": "wallet" },
      paths: {
        "/x": {
          get: {
            operationId: "getX",
            "x-request-defaults": { maxRetries: 0 },
            responses: { "200": { description: "ok" } },
          },
        },
      },
    };
    await expect(
      emitRestArea({ area: "wallet", doc, file: "openapi/wallet.json" }),
    ).rejects.toThrow(
      "spec/dist/openapi/wallet.json#/paths/~1x/get/x-request-defaults (getX): [request-defaults] operation getX: x-request-defaults: only the plain-HTTP operations of a JSON-RPC area",
    );
  });
});
