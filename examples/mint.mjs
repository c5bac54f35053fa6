// Mint a compressed NFT (deprecated: mint through ZK compression instead). Calling it warns once.
import { createMintClient } from "@chaindata/mint";

const url = process.env.CHAINDATA_MOCK_URL ?? "http://127.0.0.1:4010";
const mint = createMintClient({ environment: "local", baseUrls: { rpc: url } });

const minted = await mint.mintCompressedNft({
  name: "Aurora Pass #42",
  symbol: "AURA",
  description: "Access pass for the Aurora community, season 1.",
  owner: "7aYvkYMd9PFm7x96o4xhpQ19stiQgzYXDD4Cg5EHFdEi",
  collection: "2jA9NjPLiXJox9zFmzdK8bBYXWbzQ4Kks6vnL149Ry7z",
  imageUrl: "https://arweave.net/aurora-pass-42.png",
  sellerFeeBasisPoints: 500,
});
console.log(
  `minted ${minted.assetId} (confirmed: ${minted.minted}), signature ${minted.signature}`,
);
