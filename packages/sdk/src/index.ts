// Public entry of @chaindata/sdk: one client for every area, each area's own factory,
// and the runtime's option and error types.
export { createChainDataClient, type ChainDataClient } from "./generated/client.js";
export { createDasClient, type DasClient } from "@chaindata/das";
export { createCompressionClient, type CompressionClient } from "@chaindata/compression";
export { createSenderClient, type SenderClient } from "@chaindata/sender";
export { createWalletClient, type WalletClient } from "@chaindata/wallet";
export { createAdminClient, type AdminClient } from "@chaindata/admin";
export { createWebhooksClient, type WebhooksClient } from "@chaindata/webhooks";
export { createTokenMetadataClient, type TokenMetadataClient } from "@chaindata/token-metadata";
export { createMintClient, type MintClient } from "@chaindata/mint";
export * from "./generated/runtime.js";
