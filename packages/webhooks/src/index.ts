// Public entry of @chaindata/webhooks: the generated client and types, plus the
// runtime's option and error types so callers need only this one import.
export * from "./generated/client.js";
export type * from "./generated/types.js";
export {
  ChainDataError, APIError, BadRequestError, AuthenticationError, PermissionDeniedError, NotFoundError,
  UnprocessableEntityError, RateLimitError, InternalServerError, JsonRpcError, ConnectionError, TimeoutError,
  AbortError, InvalidResponseError, ValidationError, ConfigurationError,
  type ClientOptions, type RequestOptions,
} from "@chaindata/core";
export {
  createWebhookHandler, toNodeHandler, parseDelivery, createMemorySignatureStore, safeEqual, eventSignature,
  type DeliveryKind, type DeliveryEvents, type SignatureStore, type WebhookHandlerOptions,
} from "./receiver.js";
