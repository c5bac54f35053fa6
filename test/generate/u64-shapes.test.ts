// The u64 shapes the generator emits for today's spec (decision 0005): every raw-amount field
// of an asset reaches the caller as a bigint, because its path is in the operation's shape (`1`);
// every float field stays a number, however the server writes it (`0`).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as das from "../../packages/das/src/generated/operations.js";
// @ts-expect-error — plain ESM scripts without type declarations
import { hasU64, u64Shape } from "../../scripts/generate/lib/schema.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { emitRpcArea } from "../../scripts/generate/rpc.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { packageRefusals } from "../../scripts/generate/lib/refusals.mjs";
import * as tokenMetadata from "../../packages/token-metadata/src/generated/operations.js";
import * as wallet from "../../packages/wallet/src/generated/operations.js";
import * as webhooks from "../../packages/webhooks/src/generated/operations.js";

/** What an asset's u64 shape must hold wherever an asset appears in a result. */
const ASSET_U64 = {
  supply: { print_max_supply: 1, print_current_supply: 1 },
  uses: { remaining: 1, total: 1 },
  token_info: { supply: 1, balance: 1, price_info: { price_per_token: 0, total_price: 0 } },
  royalty: { percent: 0 },
};

describe("generated u64 shapes: DAS assets", () => {
  it.each([
    ["getAsset", das.getAsset.u64],
    ["getAssetBatch", das.getAssetBatch.u64],
  ])(
    "%s: token_info.balance and supply, uses.remaining and total; the prices and royalty floats",
    (_id, shape) => {
      expect(shape).toEqual(ASSET_U64);
    },
  );

  it.each([
    ["getAssetsByOwner", das.getAssetsByOwner.u64],
    ["getAssetsByAuthority", das.getAssetsByAuthority.u64],
  ])("%s: the same for each item", (_id, shape) => {
    expect(shape).toEqual({
      items: ASSET_U64,
      nativeBalance: { lamports: 1, price_per_sol: 0, total_price: 0 },
    });
  });
});

describe("generated u64 shapes: wallet", () => {
  // (`amountRaw`, digits on the wire, `type: string, format: uint64`: user trial 56, F5.)
  it("transfers and funded-by: amountRaw a u64 (1), amount a float (0)", () => {
    expect(wallet.getTransfers.u64).toEqual({ data: { amount: 0, amountRaw: 1 } });
    expect(wallet.getFundedBy.u64).toEqual({ amount: 0, amountRaw: 1 });
  });

  it("marks a string of format uint64 as a u64, one without the format not at all", () => {
    const digits = { type: "string", pattern: "^[0-9]+$" };
    expect(
      u64Shape(
        {},
        {
          type: "object",
          properties: { raw: { ...digits, format: "uint64" }, text: digits },
        },
      ),
    ).toEqual({ raw: 1 });
  });
});

describe("generated u64 shapes: token metadata (deprecated)", () => {
  it("getTokenMetadata: lamports, rentEpoch, Metaplex uses and collection size; off-chain numbers", () => {
    expect(tokenMetadata.getTokenMetadata.u64).toEqual({
      onChainAccountInfo: { accountInfo: { lamports: 1, rentEpoch: 1 } },
      onChainMetadata: {
        metadata: { collectionDetails: { size: 1 }, uses: { remaining: 1, total: 1 } },
      },
      // (Off-chain attribute values and creator shares may be numbers: floats, `0`.)
      offChainMetadata: {
        metadata: { attributes: { value: 0 }, properties: { creators: { share: 0 } } },
      },
    });
  });
});

// How the generator finds them (scripts/generate/lib/schema.mjs u64Shape), on schemas today's
// spec does not have yet: a shape that missed a branch would leave a u64 value a rounded number.
describe("u64Shape: where a result's u64 values and floats are", () => {
  const U64 = { type: "integer", format: "uint64" };
  const doc = {
    components: {
      schemas: {
        Lamports: U64,
        Account: {
          type: "object",
          properties: { lamports: { $ref: "#/components/schemas/Lamports" } },
        },
      },
    },
  };
  const ACCOUNT = { $ref: "#/components/schemas/Account" };

  it("reads properties, items and every kind of branch, through $refs", () => {
    // (An i64 is marked apart, `2`: the runtime checks it against a signed range.)
    expect(u64Shape(doc, { type: "integer", format: "int64" })).toBe(2);
    expect(u64Shape(doc, { type: "array", items: ACCOUNT })).toEqual({ lamports: 1 });
    for (const key of ["anyOf", "oneOf", "allOf"])
      expect(u64Shape(doc, { [key]: [ACCOUNT, { type: "string" }] }), key).toEqual({
        lamports: 1,
      });
    expect(u64Shape(doc, { type: "object", properties: { name: { type: "string" } } })).toBe(
      undefined,
    );
  });

  it("merges branches: a u64 value wins over a float, a float beside an object takes the object's shape, objects merge member by member; a u64 beside an object is refused", () => {
    expect(u64Shape(doc, { anyOf: [{ type: "number" }, U64] })).toBe(1);
    // (The runtime refuses an object where a u64 stands since review 68: review 69.)
    expect(() => u64Shape(doc, { anyOf: [ACCOUNT, U64] })).toThrow(
      "the value is an object (or a list of objects) in one branch and uint64 in another (anyOf)",
    );
    expect(u64Shape(doc, { anyOf: [{ type: "number" }, ACCOUNT] })).toEqual({ lamports: 1 });
    expect(u64Shape(doc, { anyOf: [ACCOUNT, { type: "number" }] })).toEqual({ lamports: 1 });
    expect(
      u64Shape(doc, {
        allOf: [
          { properties: { info: { properties: { supply: U64 } } } },
          { properties: { info: { properties: { price: { type: "number" } } } } },
        ],
      }),
    ).toEqual({ info: { supply: 1, price: 0 } });
  });
});

// A u64 and an i64 are told apart (`1`, `2`): a call checks each against its own range, and the
// webhook receiver the deliveries' (decision 0005). A value one branch types uint64 and another
// int64 has no one range: the generator refuses it rather than pick one.
describe("u64Shape: signed (int64) values", () => {
  const U64 = { type: "integer", format: "uint64" };
  const I64 = { type: "integer", format: "int64" };
  const doc = { components: { schemas: { Change: { properties: { delta: I64, after: U64 } } } } };
  const CHANGE = { $ref: "#/components/schemas/Change" };

  it("marks int64 `2` beside uint64 `1`, in properties, items and branches; an i64 wins over a float as a u64 does, and beside an object is refused as a u64 is", () => {
    expect(u64Shape(doc, { type: "array", items: CHANGE })).toEqual({ delta: 2, after: 1 });
    expect(u64Shape(doc, { anyOf: [{ type: "number" }, I64] })).toBe(2);
    expect(() => u64Shape(doc, { anyOf: [CHANGE, I64] })).toThrow(
      "the value is an object (or a list of objects) in one branch and int64 in another (anyOf)",
    );
    expect(u64Shape(doc, { oneOf: [I64, I64] })).toBe(2);
    expect(u64Shape(doc, { allOf: [CHANGE, { properties: { delta: I64, fee: U64 } }] })).toEqual({
      delta: 2,
      after: 1,
      fee: 1,
    });
  });

  it("hasU64 counts an i64 as a value revived to bigint", () => {
    expect(hasU64(2)).toBe(true);
    expect(hasU64({ a: { b: 2 } })).toBe(true);
    expect(hasU64({ a: 0 })).toBe(false);
  });

  it("refuses a value that one branch types uint64 and another int64, naming the schema, the path and the keyword", () => {
    const clash = {
      components: {
        schemas: {
          Reward: {
            anyOf: [
              { properties: { info: { properties: { lamports: U64 } } } },
              { properties: { info: { properties: { lamports: I64 } } } },
            ],
          },
        },
      },
    };
    const call = () => u64Shape(clash, { $ref: "#/components/schemas/Reward" });
    expect(call).toThrow(
      "#/components/schemas/Reward: the value at info.lamports is uint64 in one branch and int64 in another (anyOf), and @chaindata/core checks each value against one range (0 to 2^64 - 1, or -2^63 to 2^63 - 1); give the branches one format",
    );
    expect(call).toThrow(
      expect.objectContaining({ at: "#/components/schemas/Reward", keyword: "anyOf" }),
    );
    // The value itself, and items beside a branch: each refused where it is found, listed (not
    // thrown) with `refusals`, the first branch's mark kept.
    const refusals: Error[] = [];
    expect(u64Shape(doc, { oneOf: [U64, I64] }, [], { at: "#/x", refusals })).toBe(1);
    u64Shape(doc, { items: U64, allOf: [{ items: I64 }] }, [], { at: "#/y", refusals });
    expect(refusals.map((e: any) => [e.message, e.at, e.keyword])).toEqual([
      [
        "a response schema: the value is uint64 in one branch and int64 in another (oneOf), and @chaindata/core checks each value against one range (0 to 2^64 - 1, or -2^63 to 2^63 - 1); give the branches one format",
        "#/x",
        "oneOf",
      ],
      [
        expect.stringContaining(
          "the value is a list of int64 in one branch and a list of uint64 in another (items)",
        ),
        "#/y",
        "items",
      ],
    ]);
  });

  it("is the u64-shape refusal of spec:check and the generator, at the keyword where the branches meet", () => {
    const schema = {
      anyOf: [{ properties: { lamports: U64 } }, { properties: { lamports: I64 } }],
    };
    const doc = {
      openrpc: "1.3.2",
      info: { title: "t", version: "1", "x-host": "rpc" },
      components: { schemas: { Reward: schema } },
      methods: [
        {
          name: "getReward",
          params: [],
          result: { name: "r", schema: { $ref: "#/components/schemas/Reward" } },
        },
      ],
    };
    expect(
      packageRefusals([{ area: "das", kind: "openrpc", file: "openrpc/das.json", doc }])
        .filter((r: { rule: string }) => r.rule === "u64-shape")
        .map((r: { at: string; name: string }) => `${r.at} (${r.name})`),
    ).toEqual(["#/components/schemas/Reward/anyOf (getReward)"]);
  });
});

// Review 68: a list of u64 values was marked as one u64 (`1`: arrays were transparent), so the
// runtime could not tell `"fee": [1]` from a fee, nor `"preBalances": 5` from a list. A list of
// u64 or i64 values is now `3` or `4`; lists of objects stay transparent.
describe("u64Shape: lists of u64 and i64 values", () => {
  const U64 = { type: "integer", format: "uint64" };
  const I64 = { type: "integer", format: "int64" };
  const doc = { components: { schemas: { Balances: { type: "array", items: U64 } } } };

  it("marks a list of u64 `3` and of i64 `4`, through $refs and branches; a list of objects or floats as before", () => {
    expect(u64Shape(doc, { type: "array", items: U64 })).toBe(3);
    expect(u64Shape(doc, { type: "array", items: I64 })).toBe(4);
    expect(u64Shape(doc, { items: { anyOf: [U64, { type: "integer" }] } })).toBe(3);
    expect(
      u64Shape(doc, {
        properties: { pre: { $ref: "#/components/schemas/Balances" }, fee: U64 },
      }),
    ).toEqual({ pre: 3, fee: 1 });
    expect(
      u64Shape(doc, { oneOf: [{ $ref: "#/components/schemas/Balances" }, { items: U64 }] }),
    ).toBe(3);
    expect(u64Shape(doc, { type: "array", items: { type: "number" } })).toBe(0);
    expect(u64Shape(doc, { type: "array", items: { properties: { fee: U64 } } })).toEqual({
      fee: 1,
    });
    expect(hasU64(3)).toBe(true);
    expect(hasU64({ a: 4 })).toBe(true);
  });

  it("refuses a value one branch types a u64 and another a list of them, and a list of lists of u64", () => {
    const refusals: Error[] = [];
    expect(u64Shape(doc, { anyOf: [U64, { items: U64 }] }, [], { at: "#/x", refusals })).toBe(1);
    u64Shape(doc, { properties: { a: { items: { items: I64 } } } }, [], { at: "#/y", refusals });
    expect(refusals.map((e: any) => [e.message, e.at, e.keyword])).toEqual([
      [
        "a response schema: the value is uint64 in one branch and a list of uint64 in another (anyOf), and @chaindata/core refuses a list where one value belongs, and one value where a list does; give the branches one type",
        "#/x",
        "anyOf",
      ],
      [
        "a response schema: a list of lists of u64 or i64 values, which @chaindata/core's u64 shapes cannot mark; make the inner list an object's property",
        "#/y/properties/a",
        "items",
      ],
    ]);
  });

  // Review 69: an integer mark won over an object silently, and since review 68 the runtime
  // refuses an object where a u64 or a list of them stands: a valid answer of the object branch
  // failed every call (`result[0]: must be a whole number from 0 to 2^64 - 1 (got an object)`).
  it("refuses a value one branch types a u64 (or a list of them) and another an object with u64 values", () => {
    const refusals: Error[] = [];
    const withFee = { type: "object", properties: { fee: U64 } };
    u64Shape(doc, { oneOf: [{ items: U64 }, { items: withFee }] }, [], { at: "#/x", refusals });
    u64Shape(doc, { properties: { a: { anyOf: [withFee, I64] } } }, [], { at: "#/y", refusals });
    expect(refusals.map((e: any) => [e.message, e.at, e.keyword])).toEqual([
      [
        "a response schema: the value is a list of uint64 in one branch and an object (or a list of objects) in another (oneOf), and @chaindata/core refuses an object where a u64 or i64 value, or a list of them, belongs; give the branches one type",
        "#/x",
        "oneOf",
      ],
      [
        "a response schema: the value is an object (or a list of objects) in one branch and int64 in another (anyOf), and @chaindata/core refuses an object where a u64 or i64 value, or a list of them, belongs; give the branches one type",
        "#/y/properties/a",
        "anyOf",
      ],
    ]);
    // (A float beside a u64 stays as it was: the u64's mark, no refusal.)
    expect(u64Shape(doc, { anyOf: [U64, { type: "number" }] }, [], { at: "#/z", refusals })).toBe(
      1,
    );
    expect(refusals).toHaveLength(2);
  });
});

// The deliveries' shapes: the balance changes and rewards that may be negative are i64 (`2`).
describe("generated u64 shapes: webhook deliveries", () => {
  it("enhanced accountData[].nativeBalanceChange and raw meta.rewards[].lamports are i64; fees, amounts and balances u64", () => {
    expect(webhooks.webhookDeliveries.enhanced!.u64).toEqual({
      fee: 1,
      nativeTransfers: { amount: 1 },
      tokenTransfers: { tokenAmount: 0 },
      accountData: { nativeBalanceChange: 2 },
      events: { nft: { amount: 1, fee: 1 } },
    });
    expect(webhooks.webhookDeliveries.raw!.u64).toMatchObject({
      // (The balances are lists of u64 values, `3`: a lone number there is refused.)
      meta: { fee: 1, preBalances: 3, postBalances: 3, rewards: { lamports: 2, postBalance: 1 } },
    });
  });
});

// Each operation's shape is an export of its own (lib/descriptor.mjs u64ShapeConstants): a bundle
// importing one carries no descriptor nor any other operation's shape. The descriptors keep their
// own copy (a bundle that revives nothing pays nothing for the exports): the two are equal.
describe("generated u64 shapes: one export per operation, equal to its descriptor's", () => {
  it("the operation's export is its descriptor's u64; a page's items are its walk's item export", () => {
    expect(das.getAssetU64Shape).toEqual(das.getAsset.u64);
    expect(das.getAssetBatchU64Shape).toEqual(das.getAssetBatch.u64);
    expect(das.getAssetsByOwnerU64Shape).toEqual(das.getAssetsByOwner.u64);
    expect(das.getAssetsByAuthorityU64Shape).toEqual(das.getAssetsByAuthority.u64);
    expect(das.getNftEditionsU64Shape).toEqual(das.getNftEditions.u64);
    expect(tokenMetadata.getTokenMetadataU64Shape).toEqual(tokenMetadata.getTokenMetadata.u64);
    // (Held by the page's shape itself, so the two cannot differ.)
    expect((das.getAssetsByOwnerU64Shape as unknown as { items: unknown }).items).toBe(
      das.getAssetsByOwnerItemU64Shape,
    );
    expect(das.getAssetsByOwnerItemU64Shape).toEqual(ASSET_U64);
    // (An edition holds no u64 value nor float; the page's supplies are its own.)
    expect(das.getNftEditionsItemU64Shape).toBe(undefined);
  });

  it("a shape equal to an earlier operation's is that export, written once", () => {
    // (getAssetBatch's array of assets, each walk's item: a DAS asset, getAsset's.)
    expect(das.getAssetBatchU64Shape).toBe(das.getAssetU64Shape);
    expect(das.getAssetsByAuthorityItemU64Shape).toBe(das.getAssetU64Shape);
    expect(das.getAssetsByAuthorityU64Shape).toBe(das.getAssetsByOwnerU64Shape);
    expect(das.getNftEditionsU64Shape).not.toBe(das.getAssetU64Shape);
  });

  it("their names are ones the name-clash rule holds free", async () => {
    const doc = JSON.parse(
      readFileSync(new URL("../../spec/dist/openrpc/das.json", import.meta.url), "utf8"),
    );
    doc.methods.find((m: { name: string }) => m.name === "getAsset").name =
      "getAssetsByOwnerItemU64Shape";
    await expect(
      emitRpcArea({ area: "das", kind: "openrpc", doc, file: "openrpc/das.json" }),
    ).rejects.toThrow(
      `[name-clash] "getAssetsByOwnerItemU64Shape" is both method getAssetsByOwner's item's u64 shape (generated/operations.ts) and method getAssetsByOwnerItemU64Shape's descriptor (generated/operations.ts)`,
    );
  });
});

// The runtime refuses all but a whole number where a u64 or i64 stands (null too: decision 0005),
// so a schema that lets one be null or another type would have its own valid answers refused
// (review 69 F2): the generator refuses it, pointing at optional instead.
describe("u64Shape: a u64 that may be null or another type", () => {
  const U64 = { type: "integer", format: "uint64" };
  const I64 = { type: "integer", format: "int64" };
  const doc = { components: { schemas: { Balances: { type: "array", items: U64 } } } };
  const refused = (schema: object) => {
    const refusals: Error[] = [];
    u64Shape(doc, schema, [], { at: "#/x", refusals });
    return refusals.map((e: any) => [e.message, e.keyword]);
  };
  const rule = (what: string, keyword: string) => [
    `a response schema: the value is ${what} and may also be null or another type (${keyword}), and @chaindata/core refuses anything but a whole number where a u64 or i64 value stands; make it optional rather than nullable, or give it one type`,
    keyword,
  ];

  it("refuses a nullable u64, i64 or list of them, and a null, string or object branch beside one", () => {
    expect(refused({ type: ["integer", "null"], format: "uint64" })).toEqual([
      rule("uint64", "type"),
    ]);
    expect(refused({ type: ["integer", "null"], format: "int64" })).toEqual([
      rule("int64", "type"),
    ]);
    expect(refused({ type: ["array", "null"], items: I64 })).toEqual([
      rule("a list of int64", "type"),
    ]);
    expect(refused({ oneOf: [I64, I64, { type: "null" }] })).toEqual([rule("int64", "oneOf")]);
    expect(refused({ anyOf: [U64, { type: "string" }] })).toEqual([rule("uint64", "anyOf")]);
    expect(refused({ anyOf: [U64, { properties: { name: { type: "string" } } }] })).toEqual([
      rule("uint64", "anyOf"),
    ]);
    expect(
      refused({ oneOf: [{ $ref: "#/components/schemas/Balances" }, { const: null }] }),
    ).toEqual([rule("a list of uint64", "oneOf")]);
    // Where it stands: a property's own schema, at that depth.
    expect(refused({ properties: { fee: { anyOf: [U64, { type: "null" }] } } })).toEqual([
      rule("uint64", "anyOf"),
    ]);
  });

  it("lets a number branch, an allOf's annotation and an object beside a nullable object stand", () => {
    expect(refused({ anyOf: [U64, { type: "integer" }, { type: "number" }] })).toEqual([]);
    expect(refused({ allOf: [U64, { description: "the fee" }] })).toEqual([]);
    // (A nullable object holding a u64 is fine: a null object has no u64 to check.)
    expect(refused({ anyOf: [{ properties: { fee: U64 } }, { type: "null" }] })).toEqual([]);
    expect(refused({ type: ["object", "null"], properties: { fee: U64 } })).toEqual([]);
  });
});
