/**
 * `@chaindata/core` — the runtime shared by the generated chaindata clients.
 * @packageDocumentation
 */
export {
  resolveConfig,
  resolveBaseUrl,
  snapshotOptions,
  unbatched,
  API_KEY_ENV,
  keyFromEnvironment,
} from "./config.js";
// (How an option's refused value may appear in a message, and the unknown-name check, for the
// packages' own option checks.)
export { knownOptions, messageValue } from "./config.js";
export { keyInHeader, keyInQuery } from "./auth.js";
export type { PlaceKey } from "./auth.js";
export type {
  ClientOptions,
  Fetch,
  Logger,
  OperationDescriptor,
  RequestOptions,
  ResolvedConfig,
  ResponseFields,
} from "./config.js";
export { createTransport } from "./transport.js";
export type { RestClientOptions, SendContext, Transport } from "./transport.js";
export { createJsonRpcClient, notAnRpc, rpcEncoding } from "./json-rpc.js";
export type {
  CallOptions,
  JsonRpcClient,
  RpcEncode,
  RpcMethodDescriptor,
  SingleMethod,
} from "./json-rpc.js";
export { getText } from "./text.js";
export { createBatcher } from "./batch.js";
export type { Batcher, BatchedCall } from "./batch.js";
export { paginate, withPagination } from "./paginate.js";
export type {
  PageIterable,
  PageWalkOptions,
  Paginated,
  PaginationDescriptor,
  ParamsArgument,
} from "./paginate.js";
export {
  validate,
  errorOfIssues,
  vAny,
  vAnyOf,
  vArray,
  vBoolean,
  vBoundedString,
  vDependent,
  vEnum,
  vExclusive,
  vInteger,
  vNullable,
  vNumber,
  vObject,
  vRenamed,
  vString,
  vTransaction,
  vWhen,
} from "./validate.js";
export type { Check } from "./validate.js";
export { parseJson, stringifyJson, reviveU64 } from "./json.js";
export type { U64Shape } from "./json.js";
export { warnDeprecated } from "./deprecation.js";
export { createRateLimiter } from "./rate-limit.js";
export type { RateLimiter } from "./rate-limit.js";
export { createRedactor, redact } from "./redact.js";
export type { Redactor } from "./redact.js";
export {
  ChainDataError,
  APIError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  JsonRpcError,
  ConnectionError,
  TimeoutError,
  AbortError,
  InvalidResponseError,
  ValidationError,
  ConfigurationError,
  isChainDataError,
  isRetryable,
} from "./errors.js";
export type {
  AnyChainDataError,
  APIErrorFields,
  ChainDataErrorFields,
  InvalidResponseReason,
  RedactedError,
  RpcErrorObject,
  ValidationIssue,
} from "./errors.js";
export * from "./generated/environments.js";
export { watchAbort } from "./abort.js";
