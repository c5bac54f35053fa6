// The spec rules (scripts/spec/rules/, by its entry scripts/spec/rules.mjs) at their edges, on small
// documents: what faults.test.ts does not break in a copy of the spec (each copy costs a bundle),
// such as an empty list where one item is required, a bound on the boundary, or a value that only
// looks like a mistake. One test file per rules module, of the same name; these are the documents
// they share.
export const area = "t";
/** An OpenRPC document of one method that passes checkOpenRpc, with `changes` laid over the method. */
export const openrpc = (changes: Record<string, unknown> = {}) => ({
  openrpc: "1.3.2",
  info: { title: "t", version: "1" },
  methods: [
    {
      name: "getThing",
      summary: "Get a thing",
      description: "Gets a thing.",
      params: [
        { name: "id", description: "The thing.", required: true, schema: { type: "string" } },
        {
          name: "options",
          description: "Display options.",
          schema: {
            type: "object",
            properties: { full: { type: "boolean", default: false }, depth: { type: "integer" } },
          },
        },
      ],
      result: { name: "thing", description: "The thing.", schema: { type: "string" } },
      errors: [{ code: -32602, message: "Invalid params" }],
      examples: [
        { name: "one", params: [{ name: "id", value: "a" }], result: { name: "r", value: "x" } },
      ],
      ...changes,
    },
  ],
});
/** An OpenAPI document of the component schemas `schemas`. */
export const components = (schemas: Record<string, unknown>) => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {},
  components: { schemas },
});
