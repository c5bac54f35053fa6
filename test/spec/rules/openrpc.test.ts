// checkOpenRpc (scripts/spec/rules/openrpc.mjs): what a JSON-RPC method needs beyond the OpenRPC
// meta-schema. The documents: fixtures.ts.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkOpenRpc } from "../../../scripts/spec/rules/openrpc.mjs";
import { area, openrpc } from "./fixtures.js";

describe("spec rules", () => {
  it("a JSON-RPC method lists at least one error object and a response example with a value; x-sdk-defaults names members that have a default", () => {
    expect(checkOpenRpc({ area, doc: openrpc() })).toEqual([]);
    expect(checkOpenRpc({ area, doc: openrpc({ errors: [] }) })).toContain(
      "t #/methods/0 (getThing): list the error objects the method can return",
    );
    const noValue = openrpc({
      examples: [{ name: "one", params: [{ name: "id", value: "a" }], result: { name: "r" } }],
    });
    expect(checkOpenRpc({ area, doc: noValue })).toContain(
      "t #/methods/0 (getThing): needs a response example (examples[].result.value)",
    );
    const defaults = (sent: unknown) => {
      const doc = openrpc();
      Object.assign(doc.methods[0]!.params[1]!, { "x-sdk-defaults": sent });
      return checkOpenRpc({ area, doc });
    };
    expect(defaults(["full"])).toEqual([]);
    expect(defaults([])).toEqual([
      "t #/methods/0 (getThing)/params/1/x-sdk-defaults: a non-empty list of the param's property names",
    ]);
    expect(defaults(["depth"])).toEqual([
      "t #/methods/0 (getThing)/params/1/x-sdk-defaults: depth has no `default`: the SDK sends its schema's default, so give it one",
    ]);
  });

  it("x-refused-with names keywords of the param's own schema, each with a message and a code the method lists", () => {
    const refused = (refusals: unknown) => {
      const doc = openrpc();
      Object.assign(doc.methods[0]!.params[0]!, {
        schema: { type: "string", minLength: 1 },
        "x-refused-with": refusals,
      });
      return checkOpenRpc({ area, doc });
    };
    const at = "t #/methods/0 (getThing)/params/0/x-refused-with";
    const source = { "x-source": "public-docs: where the service says so" };
    expect(refused({ minLength: { code: -32602, message: "Empty id" }, ...source })).toEqual([]);
    expect(refused({ maxLength: { code: -32000, message: "" } })).toEqual([
      `${at}: needs an x-source: where the service says so`,
      `${at}: maxLength is not a keyword of param id's schema: nothing to break`,
      `${at}: maxLength: needs the message the service answers`,
      `${at}: maxLength: code -32000 is not one of the errors getThing lists`,
    ]);
    expect(refused(["minLength"])).toEqual([
      `${at}: a map of the param's schema keywords to { code, message }`,
    ]);
    // `items/<keyword>`: a keyword of the entries' schema (a filter without its memcmp)
    const entries = (refusals: object) => {
      const doc = openrpc();
      Object.assign(doc.methods[0]!.params[0]!, {
        schema: { type: "array", items: { type: "object", required: ["memcmp"] } },
        "x-refused-with": { ...refusals, ...source },
      });
      return checkOpenRpc({ area, doc });
    };
    const error = { code: -32602, message: "No memcmp" };
    expect(entries({ "items/required": error })).toEqual([]);
    expect(entries({ "items/minItems": error, "properties/memcmp/required": error })).toEqual([
      `${at}: minItems is not a keyword of the entries of param id's schema: nothing to break`,
      `${at}: properties/memcmp/required: a keyword of the param's schema, or items/<keyword> of its entries'`,
    ]);
  });

  it("a JSON-RPC method lists its required params before the optional ones, as OpenRPC says", () => {
    const swapped = openrpc();
    swapped.methods[0]!.params.reverse();
    expect(checkOpenRpc({ area, doc: swapped })).toEqual([
      "t #/methods/0 (getThing)/params/1: param id is required but comes after the optional options (params/0): OpenRPC lists every required param before the optional ones, so that a call by position can leave the optional ones out; move id before options",
    ]);
    // Behind two optional ones, the first is named: the one to move it before.
    const later = openrpc();
    const [id, options] = later.methods[0]!.params;
    later.methods[0]!.params = [options!, { ...options!, name: "extra" }, id!];
    expect(checkOpenRpc({ area, doc: later })).toEqual([
      "t #/methods/0 (getThing)/params/2: param id is required but comes after the optional options (params/0): OpenRPC lists every required param before the optional ones, so that a call by position can leave the optional ones out; move id before options",
    ]);
  });
});
