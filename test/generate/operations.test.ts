// What the generators read of an operation (scripts/generate/lib/operations.mjs), on operations
// today's spec does not have yet: a REST operation's flat input (which fields it requires, whether
// it is closed, its path parameters), its success statuses, and a JSON-RPC method's params.
import { describe, expect, it } from "vitest";
import { compileCheck, messages } from "./compile-check.js";
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
