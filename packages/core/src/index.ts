/**
 * `@chaindata/core` — the runtime shared by the generated chaindata clients.
 *
 * The exports marked `@remarks Internal: …` below are for the code of the chaindata packages only
 * (the generated clients, the sdk, the webhook receiver, the mock): they may change in a minor
 * release. packages/core/README.md ("Public API") lists the others, which follow semver.
 * @packageDocumentation
 */
// (Not TSDoc's "internal" release tag: tsconfig.build.json strips what carries it from the
// declarations (stripInternal), and the area packages' declarations import these.)
export {
  resolveConfig,
  resolveBaseUrl,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  snapshotOptions,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  unbatched,
  API_KEY_ENV,
  keyFromEnvironment,
} from "./config.js";
// (The packages' own option checks: the `name: rule` error, how a refused value or its type may
// appear in a message, the unknown-name check, the client options and their copy. One set, so the
// sdk and the webhook receiver refuse as the clients do.)
export {
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  CLIENT_OPTIONS,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  knownOptions,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  messageValue,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  misconfigured,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  notOptions,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  ownOptions,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  typeOf,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  unknownNameHint,
} from "./config.js";
export { keyInHeader, keyInQuery } from "./auth.js";
export type { PlaceKey } from "./auth.js";
// (The option types, every one: test/packaging/api/core.api.md lists them.)
export type * from "./options.js";
export {
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  createRestTransport,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  restInit,
} from "./rest.js";
export type {
  RestClientOptions,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  RestTransport,
} from "./rest.js";
export {
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  callByName,
  createJsonRpcClient,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  notAnRpc,
  rpcEncoding,
} from "./json-rpc.js";
/** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
export { checkParams } from "./check-params.js";
export type {
  CallOptions,
  JsonRpcClient,
  RpcEncode,
  RpcMethodDescriptor,
  SingleMethod,
} from "./json-rpc.js";
export {
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  getText,
} from "./get-text.js";
export { createCoalescer } from "./coalesce.js";
export type { Coalescer } from "./coalesce.js";
export { createBatcher } from "./batch.js";
export type {
  Batcher,
  BatcherOptions,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  BatchedCall,
} from "./batch.js";
export {
  paginate,
  resumeParamsOf,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  withPagination,
} from "./paginate.js";
export type {
  PageCheckpoint,
  PageFetcher,
  PageIterable,
  PageWalkOptions,
  Paginated,
  PaginationDescriptor,
  ParamsArgument,
} from "./paginate.js";
export {
  validate,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  runCheck,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  errorOfIssues,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  wholeIssue,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  fromBase58,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vAny,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vAnyOf,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vArray,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vBase58Bytes,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vBoolean,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vBoundedString,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vDependent,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vEnum,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vExclusive,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vInteger,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vNullable,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vNumber,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vObject,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vRenamed,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vString,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vTransaction,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  vWhen,
} from "./validate.js";
export type { Check } from "./validate.js";
export {
  parseJson,
  stringifyJson,
  reviveU64,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  jsonText,
} from "./json.js";
export type { U64Shape, U64ShapeOf } from "./json.js";
export { formatUnits, parseUnits } from "./units.js";
export {
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  warnDeprecated,
} from "./deprecation.js";
export { createRateLimiter } from "./rate-limit.js";
export type { RateLimiter, RateLimiterOptions } from "./rate-limit.js";
export {
  createRedactor,
  redact,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  isSecretName,
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  createSecretMasker,
} from "./redact.js";
export type { Redactor } from "./redact.js";
/** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
export { refuseApiKeyIn } from "./key-free.js";
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
// The spec's data types of two or more areas (`Address`, `Slot`…), declared once here and
// re-exported by each of those area packages: one type, so that `export *` of two packages is no
// clash (scripts/generate/core-files.mjs). Types only: no bytes in a bundle.
export type * from "./generated/schemas.js";
// (The closed lists of strings among them, `KnownTransactionType`, are at run time in the
// `./known-values` entry, generated/known-values.ts, which this one does not import: decision
// 0021.)
export {
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  watchAbort,
} from "./abort.js";
export {
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  quoteServer,
} from "./quote.js";
export {
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  callQuietly,
} from "./internal/callback.js";
export {
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  MAX_TIMER_MS,
} from "./internal/timer.js";
export {
  /** @remarks Internal: for the chaindata packages' own code; may change in a minor release. */
  deepFreeze,
} from "./internal/deep-freeze.js";
