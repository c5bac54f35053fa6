// Public entry of @chaindata/webhooks: the generated client and types, plus the
// runtime's option and error types (generated/runtime.ts) so callers need only this one import.
export * from "./generated/client.js";
export type * from "./generated/types.js";
export * from "./generated/runtime.js";
// (Over the generated factory and standalone updateWebhook of the same names: see client.ts.)
export { createWebhooksClient, updateWebhook } from "./client.js";
export {
  createWebhookHandler,
  toNodeHandler,
  parseDelivery,
  createMemorySignatureStore,
  safeEqual,
  eventSignature,
  type DeliveryKind,
  type DeliveryEvents,
  type DeliveryRefusal,
  type SignatureStore,
  type MemorySignatureStoreOptions,
  type WebhookHandlerOptions,
  type WebhookHandlerKindLeftOut,
  type WebhookHandlerCommonOptions,
  type NodeRequest,
  type NodeResponse,
  type NodeSocket,
} from "./receiver.js";
export {
  addWebhookAddresses,
  editWebhook,
  removeWebhookAddresses,
  type EditWebhookInput,
  type WebhookAddressesInput,
  type WebhookEditor,
  type WebhookSettings,
} from "./edits.js";
