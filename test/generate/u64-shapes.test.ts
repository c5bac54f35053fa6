// The u64 shapes the generator emits for today's spec (decision 0005): every raw-amount field
// of an asset reaches the caller as a bigint, because its path is in the operation's shape (`1`);
// every float field stays a number, however the server writes it (`0`).
import { describe, expect, it } from "vitest";
import * as das from "../../packages/das/src/generated/operations.js";
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
