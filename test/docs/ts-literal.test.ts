// The TypeScript literals of the docs' snippets (packages/docs/src/snippets.mjs tsLiteral): a
// 64-bit integer is a bigint in the SDK, so its example is written `5n`. Today's spec has no small u64
// or int64 example in a request, so breaking these passed every docs test (mutation 76).
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM without type declarations
import { rpcWireParams, tsLiteral } from "../../packages/docs/src/snippets.mjs";

const doc = { components: { schemas: { Lamports: { type: "integer", format: "uint64" } } } };
const u64 = { type: "integer", format: "uint64" };

describe("tsLiteral", () => {
  it("writes a u64 or int64 example as a bigint literal, a $ref'd or nullable one too", () => {
    expect(tsLiteral(doc, 5, u64)).toBe("5n");
    expect(tsLiteral(doc, -5, { type: "integer", format: "int64" })).toBe("-5n");
    expect(tsLiteral(doc, 5, { $ref: "#/components/schemas/Lamports" })).toBe("5n");
    expect(tsLiteral(doc, 5, { anyOf: [u64, { type: "null" }] })).toBe("5n");
    expect(tsLiteral(doc, 5, { type: "integer" })).toBe("5");
  });

  it("writes a u64 given as a decimal string as a bigint literal, another string as a string", () => {
    expect(tsLiteral(doc, "18446744073709551615", { type: "string", format: "uint64" })).toBe(
      "18446744073709551615n",
    );
    expect(tsLiteral(doc, "12ab", { type: "string", format: "uint64" })).toBe('"12ab"');
    expect(tsLiteral(doc, "5", { type: "string" })).toBe('"5"');
  });

  it("writes a string of a u64-or-string union as the string it is, which the SDK sends so", () => {
    // (The u64 branch takes a number: a bigint literal would send the example's "5" as 5.)
    const union = { anyOf: [u64, { type: "string" }] };
    expect(tsLiteral(doc, "5", union)).toBe('"5"');
    expect(
      tsLiteral(doc, "5", {
        oneOf: [{ $ref: "#/components/schemas/Lamports" }, { type: "string" }, { type: "null" }],
      }),
    ).toBe('"5"');
  });

  it("writes a number of a union whose number branches are all u64s as a bigint literal", () => {
    // (The SDK types such a value `bigint | …`, where `5` does not compile.)
    const lamports = { $ref: "#/components/schemas/Lamports" };
    expect(tsLiteral(doc, 5, { anyOf: [lamports, { type: "integer", format: "uint64" }] })).toBe(
      "5n",
    );
    const object = { type: "object", properties: { amount: u64 } };
    expect(tsLiteral(doc, 5, { oneOf: [u64, object, { type: "null" }] })).toBe("5n");
    expect(tsLiteral(doc, 5, { anyOf: [u64, { type: "string" }] })).toBe("5n");
    // A float beside it takes `5` as it is (`bigint | number`), and its string stays a string.
    expect(tsLiteral(doc, 5, { anyOf: [u64, { type: "number" }] })).toBe("5");
    expect(tsLiteral(doc, "5", { anyOf: [u64, object] })).toBe("5n");
    expect(tsLiteral(doc, "5", { anyOf: [object, { type: "integer" }] })).toBe('"5"');
  });

  it("keeps a short array on one line and breaks one longer than 60 characters", () => {
    expect(tsLiteral(doc, [1, 2, 3], { type: "array", items: u64 })).toBe("[1n, 2n, 3n]");
    const long = ["a".repeat(30), "b".repeat(30)];
    expect(tsLiteral(doc, long, { type: "array" })).toBe(`[\n  "${long[0]}",\n  "${long[1]}"\n]`);
  });

  it("breaks a short array of objects, one item per line, indented as the objects' members are", () => {
    // (Kept on one line, `[{` opened a block whose members sat under the bracket.)
    expect(tsLiteral(doc, [{ a: 1 }], { type: "array" })).toBe("[\n  {\n    a: 1\n  }\n]");
  });

  it("finds a member's u64 schema in an allOf branch", () => {
    const schema = { allOf: [{ type: "object", properties: { n: u64 } }, { type: "object" }] };
    expect(tsLiteral(doc, { n: 5 }, schema)).toBe("{\n  n: 5n\n}");
  });

  it("quotes a key that is no identifier", () => {
    expect(tsLiteral(doc, { "a-b": 1, ok: 2 }, { type: "object" })).toBe(
      '{\n  "a-b": 1,\n  ok: 2\n}',
    );
  });
});

describe("rpcWireParams", () => {
  // (Keeping the trailing nulls passed every docs test: mutation 76, SN6.)
  it("by position: a missing param in the middle is null, trailing ones are left out", () => {
    const params = ["a", "b", "c"].map((name) => ({ name }));
    const op = { rpc: { structure: "positional", params } };
    expect(rpcWireParams(op, [{ name: "c", value: 3 }])).toEqual([null, null, 3]);
    expect(rpcWireParams(op, [{ name: "a", value: 1 }])).toEqual([1]);
  });
});
