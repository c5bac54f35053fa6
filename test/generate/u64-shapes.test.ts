// The u64 shapes the generator emits for today's spec (decision 0005): every raw-amount field
// of an asset reaches the caller as a bigint, because its path is in the operation's shape (`1`);
// every float field stays a number, however the server writes it (`0`).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as das from "../../packages/das/src/generated/operations.js";
// @ts-expect-error — plain ESM scripts without type declarations
import { u64Shape } from "../../scripts/generate/lib/schema.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { emitRpcArea } from "../../scripts/generate/rpc.mjs";
import * as tokenMetadata from "../../packages/token-metadata/src/generated/operations.js";

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

  it("reads properties, items and every kind of branch, through $refs; a nullable u64 is one", () => {
    expect(u64Shape(doc, { type: ["integer", "null"], format: "uint64" })).toBe(1);
    expect(u64Shape(doc, { type: "integer", format: "int64" })).toBe(1);
    expect(u64Shape(doc, { type: "array", items: ACCOUNT })).toEqual({ lamports: 1 });
    for (const key of ["anyOf", "oneOf", "allOf"])
      expect(u64Shape(doc, { [key]: [ACCOUNT, { type: "string" }] }), key).toEqual({
        lamports: 1,
      });
    expect(u64Shape(doc, { type: "object", properties: { name: { type: "string" } } })).toBe(
      undefined,
    );
  });

  it("merges branches: a u64 value wins, a float beside an object takes the object's shape, objects merge member by member", () => {
    expect(u64Shape(doc, { anyOf: [ACCOUNT, U64] })).toBe(1);
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
    expect((das.getAssetsByOwnerU64Shape as { items: unknown }).items).toBe(
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
