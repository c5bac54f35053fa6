// What the generators read of an operation (scripts/generate/lib/operations.mjs), on operations
// today's spec does not have yet: a REST operation's flat input (which fields it requires, whether
// it is closed, its path parameters), its success statuses, and a JSON-RPC method's params (by
// position with one object param: the messages when its members are given unwrapped).
import { describe, expect, it } from "vitest";
import { compileCheck, emitCheck, messages } from "./compile-check.js";
// @ts-expect-error — plain ESM scripts without type declarations
import { validationSchema } from "../../scripts/generate/lib/schema.mjs";
import {
  inputSchema,
  paramsOptional,
  paramsSchema,
  successStatuses,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../scripts/generate/lib/operations.mjs";

const doc = {
  components: {
    schemas: {
      Named: {
        type: "object",
        properties: { name: { type: "string" } },
        required: ["name"],
        additionalProperties: false,
      },
      Tagged: {
        type: "object",
        properties: { tags: { type: "array", items: { type: "string" } } },
      },
      Request: {
        type: "object",
        properties: {
          accountKeys: { type: "array", items: { type: "string" } },
          options: { type: "object", additionalProperties: false },
        },
        additionalProperties: false,
        "x-renamed-from": { displayOptions: "options" },
      },
    },
  },
};
const named = { $ref: "#/components/schemas/Named" };
const tagged = { $ref: "#/components/schemas/Tagged" };
const withBody = (schema: object, required = true) => ({
  o: { operationId: "putThing" },
  params: [],
  body: { schema, required },
});

describe("a REST operation's flat input", () => {
  it("requires the body's required fields only when the body itself is required", () => {
    expect(inputSchema(doc, withBody(named)).required).toEqual(["name"]);
    expect(inputSchema(doc, withBody(named, false))).not.toHaveProperty("required");
  });

  it("is closed when the body is, or one of its allOf members is, and open otherwise", () => {
    expect(inputSchema(doc, withBody(named)).additionalProperties).toBe(false);
    expect(inputSchema(doc, withBody(tagged))).not.toHaveProperty("additionalProperties");
    const both = inputSchema(doc, withBody({ allOf: [tagged, named] }));
    expect(Object.keys(both.properties)).toEqual(["tags", "name"]);
    expect(both.additionalProperties).toBe(false);
  });

  it('refuses a path parameter of "." or ".." (URL parsers would move the request to another path), unless its own pattern decides', () => {
    const op = (schema: object) => ({
      o: { operationId: "getThing" },
      params: [{ name: "id", in: "path", required: true, schema }],
    });
    const check = compileCheck(inputSchema(doc, op({ type: "string" })));
    for (const id of [".", ".."])
      expect(messages(check, { id }), id).toEqual([
        `params.id: must be a URL path segment other than "." or ".." (got "${id}")`,
      ]);
    expect(messages(check, { id: ".a" })).toEqual([]);
    expect(inputSchema(doc, op({ type: "string", pattern: "^\\d+$" })).properties.id.pattern).toBe(
      "^\\d+$",
    );
  });
});

describe("success statuses", () => {
  it("are the 2xx status codes an operation lists", () => {
    // (A 2XX range is refused: lib/refusals.mjs, response-status.)
    const responses = { "200": {}, "201": {}, "204": {}, "2XX": {}, "404": {}, default: {} };
    expect(successStatuses({ o: { responses } })).toEqual(["200", "201", "204"]);
  });
});

describe("a JSON-RPC method's params", () => {
  it("carry each param's description, for the generated type's JSDoc", () => {
    const method = {
      name: "getThing",
      params: [
        { name: "id", description: "The thing.", required: true, schema: { type: "string" } },
      ],
    };
    expect(paramsSchema(method, { withQuery: false }).properties.id).toEqual({
      type: "string",
      description: "The thing.",
    });
  });

  it("may be left out when none is required, by name or by position (not x-params: array)", () => {
    const params = [{ name: "id", schema: { type: "string" } }];
    expect(paramsOptional({ name: "a", params })).toBe(true);
    expect(paramsOptional({ name: "b", params: [{ ...params[0], required: true }] })).toBe(false);
    // (Left out, by-position params are sent as `[]`: test/generate/single-object-param.test.ts.)
    expect(paramsOptional({ name: "c", paramStructure: "by-position", params })).toBe(true);
    expect(
      paramsOptional({
        name: "d",
        paramStructure: "by-position",
        params: [params[0], { name: "config", required: true, schema: { type: "object" } }],
      }),
    ).toBe(false);
    expect(
      paramsOptional({ name: "e", paramStructure: "by-position", "x-params": "array", params }),
    ).toBe(false);
  });
});

describe("a JSON-RPC method by position with one object param", () => {
  const request = { $ref: "#/components/schemas/Request" };
  const method = (extra: object = {}) => ({
    name: "getFee",
    paramStructure: "by-position",
    params: [{ name: "request", required: true, schema: request }],
    ...extra,
  });
  // As rpc.mjs compiles a method's params: its validationSchema (refs inlined), then the check.
  const emitted = (m: object) =>
    emitCheck(validationSchema(doc, paramsSchema(m, { withQuery: true }))).expression.replaceAll(
      "/* @__PURE__ */ ",
      "",
    );
  const check = (m: object) =>
    compileCheck(validationSchema(doc, paramsSchema(m, { withQuery: true })));
  const unwrapped = (name: string, allowed: string, there: string) =>
    `params.${name}: is not an allowed property (allowed: ${allowed}); it is named ${there} here`;

  it("refuses its members given unwrapped, each message saying where it goes (its own other names too)", () => {
    expect(messages(check(method()), { accountKeys: [], displayOptions: {} })).toEqual([
      "params.request: is required",
      unwrapped("accountKeys", "request", "request.accountKeys"),
      unwrapped("displayOptions", "request", "request.options"),
    ]);
    expect(messages(check(method()), { request: { accountKeys: [] } })).toEqual([]);
    expect(messages(check(method()), { request: {}, accountKey: [] })).toEqual([
      "params.accountKey: is not an allowed property (allowed: request)",
    ]);
  });

  it("leaves a query option named as a member to the option, and the method's own other names first", () => {
    const query = {
      "x-query-params": [{ name: "options", schema: { type: "boolean" } }],
      "x-renamed-from": { keys: "request" },
    };
    expect(messages(check(method(query)), { request: {}, options: {}, keys: [] })).toEqual([
      "params.options: must be boolean (got object)",
      unwrapped("keys", "request, options", "request"),
    ]);
    expect(messages(check(method(query)), { request: {}, accountKeys: [] })).toEqual([
      unwrapped("accountKeys", "request, options", "request.accountKeys"),
    ]);
  });

  it("names nothing more for two params by position, one by name, or an x-params: array method", () => {
    const config = { name: "config", schema: { type: "object", additionalProperties: false } };
    for (const other of [
      method({ params: [...method().params, config] }),
      method({ paramStructure: "by-name" }),
      method({ "x-params": "array", params: [{ name: "keys", schema: { type: "array" } }] }),
    ])
      expect(emitted(other)).not.toContain('"request.');
    expect(emitted(method())).toBe(
      'vRenamed(vObject({ request: vRenamed(vObject({ accountKeys: vArray(vString()), options: vObject({}, [], false) }, [], false), { displayOptions: "options" }) }, ["request"], false), { accountKeys: "request.accountKeys", options: "request.options", displayOptions: "request.options" })',
    );
  });
});
