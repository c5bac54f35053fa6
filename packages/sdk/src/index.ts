// Public entry of @chaindata/sdk: one client for every area, each area's own factory,
// the sender's constants, each area's u64 shapes (for a cached result: by name, and one per
// operation) and paged operations' pagination descriptors, each call's params check
// (`checkGetAsset`) with the endpoint factory it takes (`createDasRpc`), the admin host's rate
// limit, the webhook receiver and its helpers, the address helpers, the runtime's option and error
// types, and each area's data types.
export {
  createChainDataClient,
  type ChainDataAreaOptions,
  type ChainDataClient,
  type ChainDataClientOptions,
} from "./generated/client.js";
export { createDasClient, type DasClient } from "@chaindata/das";
export { createCompressionClient, type CompressionClient } from "@chaindata/compression";
export {
  createSenderClient,
  senderMinimumTipLamports,
  senderRegions,
  senderTipAccounts,
  type SenderClient,
  type SenderRegion,
} from "@chaindata/sender";
export { createWalletClient, type WalletClient } from "@chaindata/wallet";
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
export { createTokenMetadataClient, type TokenMetadataClient } from "@chaindata/token-metadata";
export { createMintClient, type MintClient } from "@chaindata/mint";
export * from "./generated/u64-shapes.js";
export * from "./generated/runtime.js";
// (The REST areas' options, for `areas.wallet` and createWalletClient: the runtime's JSON-RPC set
// above lacks it, and the namespaces hold it as an alias, `Wallet.RestClientOptions`.)
export type { RestClientOptions } from "@chaindata/core";
// Each area's data types under its name (`Das.Asset`, `Wallet.WalletBalanceItem`), for callers
// who install only this package (a strict installer does not let them import the areas'). Each
// namespace (generated: scripts/generate/sdk-namespaces.mjs) declares the runtime's types
// that its package re-exports (`Das.RequestOptions`) as aliases of its own: an editor names a type
// by the first import of the file it finds it under, namespaces included, so with core's own names
// re-exported a file importing `type Mint` showed a wallet call's options as `Mint.RequestOptions`.
// Now core's types show as `RequestOptions`, and a generic one written `Das.PageIterable<…>` as
// that, not as another namespace's.
export type * as Das from "./generated/namespaces/das.js";
export type * as Compression from "./generated/namespaces/compression.js";
export type * as Sender from "./generated/namespaces/sender.js";
export type * as Wallet from "./generated/namespaces/wallet.js";
export type * as Admin from "./generated/namespaces/admin.js";
export type * as Webhooks from "./generated/namespaces/webhooks.js";
export type * as TokenMetadata from "./generated/namespaces/token-metadata.js";
export type * as Mint from "./generated/namespaces/mint.js";
