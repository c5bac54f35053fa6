// The generator's one-line usage samples (README first call, JSDoc @example): the result variable
// never takes a name the sample already binds or calls, or the sample would not run
// (`const webhooks = await webhooks.listWebhooks()` is a SyntaxError); and the input is what the
// SDK takes: u64 values as bigint literals with every digit the spec gives, query options by their
// SDK name (test/generate/spec-edit.test.ts compiles such samples against their package).
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { exactInteger, parseBundle, stringifyExact } from "../../scripts/spec/bundle.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { exampleFor as restExample } from "../../scripts/generate/rest.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { exampleFor as rpcExample } from "../../scripts/generate/rpc.mjs";

const restOp = (operationId: string) => ({ o: { operationId }, params: [], body: undefined });
const resultOf = (line: string) => /^const (\S+) = await /.exec(line)?.[1];

describe("REST exampleFor", () => {
  it("names the result after the operation without its verb", () => {
    expect(restExample({}, restOp("getWebhook"), { clientVar: "webhooks" })).toBe(
      "const webhook = await webhooks.getWebhook();",
    );
    expect(resultOf(restExample({}, restOp("getProjectUsage"), { clientVar: "admin" }))).toBe(
      "projectUsage",
    );
    // (A delete gives no webhook back: user trial 32, F9.)
    expect(resultOf(restExample({}, restOp("deleteWebhook"), { clientVar: "webhooks" }))).toBe(
      "deleted",
    );
    expect(resultOf(restExample({}, restOp("deleteWebhook"), { clientVar: "deleted" }))).toBe(
      "webhook",
    );
  });

  it("never reuses the client's name", () => {
    expect(restExample({}, restOp("listWebhooks"), { clientVar: "webhooks" })).toBe(
      "const webhookList = await webhooks.listWebhooks();",
    );
    expect(
      resultOf(restExample({}, restOp("getTokenMetadata"), { clientVar: "tokenMetadata" })),
    ).toBe("metadata");
    expect(resultOf(restExample({}, restOp("getWallet"), { clientVar: "wallet" }))).toBe("result");
    expect(resultOf(restExample({}, restOp("getResult"), { clientVar: "result" }))).toBe("result2");
  });

  it("never reuses another name of the sample, nor a reserved word", () => {
    expect(
      resultOf(
        restExample({}, restOp("getCreateWalletClient"), {
          clientVar: "wallet",
          taken: ["createWalletClient"],
        }),
      ),
    ).toBe("walletClient");
    expect(resultOf(restExample({}, restOp("getDefault"), { clientVar: "admin" }))).toBe("result");
  });
});

describe("JSON-RPC exampleFor", () => {
  const method = (name: string, result: string) => ({
    name,
    result: { name: result },
    examples: [{ params: [{ name: "id", value: "x" }] }],
  });

  it("names the result after the method's result descriptor", () => {
    expect(rpcExample({}, method("getAsset", "asset"), { clientVar: "das" })).toBe(
      'const asset = await das.getAsset({\n  id: "x"\n});',
    );
    expect(rpcExample({}, method("getAsset", "asset"), { firstArg: "rpc" })).toBe(
      'const asset = await getAsset(rpc, {\n  id: "x"\n});',
    );
  });

  it("never reuses the client, `rpc`, the called function or another name of the sample", () => {
    expect(resultOf(rpcExample({}, method("getDas", "das"), { clientVar: "das" }))).toBe("result");
    expect(resultOf(rpcExample({}, method("getRpc", "rpc"), { firstArg: "rpc" }))).toBe("result");
    expect(resultOf(rpcExample({}, method("asset", "asset"), { firstArg: "rpc" }))).toBe("result");
    expect(
      resultOf(
        rpcExample({}, method("getX", "createDasClient"), {
          clientVar: "das",
          taken: ["createDasClient"],
        }),
      ),
    ).toBe("result");
  });
});

// Both take one options object, so that a call copied from one module to the other means the same
// (they took `clientVar, firstArg, taken` and `clientVar, taken, firstArg`: review 43, finding 8).
describe("the two exampleFor take the same options", () => {
  const method = { name: "getThing", result: { name: "thing" }, examples: [{ params: [] }] };
  it("a standalone sample with other names taken reads the same in both", () => {
    const options = { firstArg: "handle", taken: ["thing"] };
    expect(rpcExample({}, method, options)).toBe("const result = await getThing(handle, {});");
    expect(restExample({}, restOp("getThing"), options)).toBe(
      "const result = await getThing(handle);",
    );
  });
  it("the options given one by one, or misspelt, are refused", () => {
    expect(() => rpcExample({}, method, "das", "rpc")).toThrow(
      "exampleFor: the options must be an object { clientVar, firstArg, taken } (got string)",
    );
    expect(() => restExample({}, restOp("getThing"), "webhooks", ["rest"])).toThrow(
      "exampleFor: the options must be an object",
    );
    expect(() => restExample({}, restOp("getThing"), { client: "webhooks" })).toThrow(
      "exampleFor: client is not an option (clientVar, firstArg, taken)",
    );
    expect(() => rpcExample({}, method, { taken: "rpc" })).toThrow(
      "exampleFor: taken must be an array of names",
    );
  });
});

// A bundled document as `npm run generate` reads it from spec/dist (integers beyond 2^53 exact).
const U64_SCHEMAS = { U64: { type: "integer", format: "uint64", minimum: 0 } };
const U64 = { $ref: "#/components/schemas/U64" };
const bundled = (doc: object) =>
  parseBundle(
    JSON.stringify(doc, (_key, value) =>
      typeof value === "bigint" ? `BIG${value}` : value,
    ).replace(/"BIG(-?\d+)"/g, "$1"),
  );

describe("the sample's input is what the SDK takes", () => {
  it("JSON-RPC: u64 params as bigint literals, every digit of the spec; query options by SDK name", () => {
    const doc = bundled({
      components: { schemas: U64_SCHEMAS },
      methods: [
        {
          name: "sendThing",
          result: { name: "thing" },
          params: [
            { name: "lamports", schema: U64 },
            { name: "limit", schema: { type: "integer" } },
            { name: "amounts", schema: { type: "array", items: U64 } },
            { name: "nested", schema: { type: "object", properties: { fee: U64 } } },
          ],
          "x-query-params": [{ name: "swqos_only", schema: { type: "boolean" } }],
          examples: [
            {
              params: [
                { name: "lamports", value: 9007199254740993n },
                { name: "limit", value: 10 },
                { name: "amounts", value: [1, 18446744073709551615n] },
                { name: "nested", value: { fee: 5000 } },
                { name: "swqos_only", value: true },
              ],
            },
          ],
        },
      ],
    });
    expect(doc.methods[0].examples[0].params[0].value).toBe(9007199254740992); // (JSON.parse's)
    expect(rpcExample(doc, doc.methods[0], { clientVar: "sender" })).toBe(
      [
        "const thing = await sender.sendThing({",
        "  lamports: 9007199254740993n,",
        "  limit: 10,",
        "  amounts: [",
        "    1n,",
        "    18446744073709551615n",
        "  ],",
        "  nested: {",
        "    fee: 5000n",
        "  },",
        "  swqosOnly: true",
        "});",
      ].join("\n"),
    );
  });

  it("REST: u64 parameters and body fields as bigint literals, every digit of the spec", () => {
    const doc = bundled({
      components: { schemas: U64_SCHEMAS },
      paths: {},
      example: { value: { fee: 18446744073709551615n, memo: "12345678901234567890" } },
    });
    const op = {
      o: { operationId: "createThing" },
      params: [
        {
          name: "minLamports",
          in: "query",
          required: true,
          schema: U64,
          examples: { big: { value: 1000 } },
        },
      ],
      body: {
        schema: { type: "object", properties: { fee: U64, memo: { type: "string" } } },
        examples: { one: doc.example },
      },
    };
    expect(restExample(doc, op, { clientVar: "things" })).toBe(
      [
        "const thing = await things.createThing({",
        "  minLamports: 1000n,",
        "  fee: 18446744073709551615n,",
        '  memo: "12345678901234567890"',
        "});",
      ].join("\n"),
    );
  });

  // (Negative ones left as marker strings passed every test: mutation 74, SB2.)
  it("stringifyExact writes bigints beyond 2^53, negative ones too, as their exact digits", () => {
    const value = { max: 18446744073709551615n, min: -9223372036854775808n, small: -1 };
    expect(stringifyExact(value)).toBe(
      '{\n  "max": 18446744073709551615,\n  "min": -9223372036854775808,\n  "small": -1\n}',
    );
  });

  it("parseBundle: exactInteger gives the integers beyond 2^53 exactly; keys and strings stay as written", () => {
    const doc = parseBundle(
      '{"a": 9007199254740993, "b": [-9007199254740993, 1.2345678901234567], "12345678901234567890": "9007199254740993"}',
    );
    expect(exactInteger(doc, "a")).toBe(9007199254740993n);
    expect(exactInteger(doc.b, 0)).toBe(-9007199254740993n);
    expect(exactInteger(doc.b, 1)).toBeUndefined();
    expect(doc).toEqual({
      a: 9007199254740992,
      b: [-9007199254740992, 1.2345678901234567],
      "12345678901234567890": "9007199254740993",
    });
  });
});
