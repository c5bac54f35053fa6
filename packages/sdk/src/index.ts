// Public entry of @chaindata/sdk: one client for every area, each area's own factory,
// the sender's constants, each area's u64 shapes (for a cached result), the admin host's rate limit, the webhook receiver and its helpers, the
// address helpers, the runtime's option and error types, and each area's data types.
export {
  createChainDataClient,
  type ChainDataAreaOptions,
  type ChainDataClient,
  type ChainDataClientOptions,
} from "./generated/client.js";
export { createDasClient, dasU64Shape, type DasClient } from "@chaindata/das";
export {
  compressionU64Shape,
  createCompressionClient,
  type CompressionClient,
} from "@chaindata/compression";
export {
  createSenderClient,
  senderMinimumTipLamports,
  senderRegions,
  senderTipAccounts,
  type SenderClient,
  type SenderRegion,
} from "@chaindata/sender";
export { createWalletClient, walletU64Shape, type WalletClient } from "@chaindata/wallet";
export { adminRateLimit, createAdminClient, type AdminClient } from "@chaindata/admin";
export {
  createWebhooksClient,
  createWebhookHandler,
  toNodeHandler,
  parseDelivery,
  createMemorySignatureStore,
  eventSignature,
  safeEqual,
  addWebhookAddresses,
  editWebhook,
  removeWebhookAddresses,
  type WebhooksClient,
} from "@chaindata/webhooks";
export {
  createTokenMetadataClient,
  tokenMetadataU64Shape,
  type TokenMetadataClient,
} from "@chaindata/token-metadata";
export { createMintClient, type MintClient } from "@chaindata/mint";
export * from "./generated/runtime.js";
// Each area's data types under its name (`Das.Asset`, `Wallet.WalletBalanceItem`), for callers
// who install only this package (a strict installer does not let them import the areas').
export type * as Das from "@chaindata/das";
export type * as Compression from "@chaindata/compression";
export type * as Sender from "@chaindata/sender";
export type * as Wallet from "@chaindata/wallet";
export type * as Admin from "@chaindata/admin";
export type * as Webhooks from "@chaindata/webhooks";
export type * as TokenMetadata from "@chaindata/token-metadata";
export type * as Mint from "@chaindata/mint";
