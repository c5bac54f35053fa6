// Token metadata (deprecated: use DAS getAsset / getAssetBatch). Calling it warns once.
import { createTokenMetadataClient } from "@chaindata/token-metadata";

const url = process.env.CHAINDATA_MOCK_URL ?? "http://127.0.0.1:4010";
const tokenMetadata = createTokenMetadataClient({ environment: "local", baseUrls: { api: url } });

const [usdc] = await tokenMetadata.getTokenMetadata({
  mintAccounts: ["EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"],
  includeOffChain: true,
});
const info = usdc?.onChainAccountInfo?.accountInfo;
console.log(
  `${usdc?.account}: ${usdc?.onChainMetadata?.metadata?.data?.name ?? "(no name)"}, account lamports ${info?.lamports} (${typeof info?.lamports})`,
);
