// The sdk's `admin` namespace (index.ts says why the runtime's types are aliased here, not
// re-exported): @chaindata/admin's exports, and the runtime's types it re-exports, as names of
// this module (a name declared here takes the place of the same name from `export *`).
import type * as core from "@chaindata/core";

export type * from "@chaindata/admin";
export type ChainDataError = core.ChainDataError;
export type APIError = core.APIError;
export type BadRequestError = core.BadRequestError;
export type AuthenticationError = core.AuthenticationError;
export type PermissionDeniedError = core.PermissionDeniedError;
export type NotFoundError = core.NotFoundError;
export type UnprocessableEntityError = core.UnprocessableEntityError;
export type RateLimitError = core.RateLimitError;
export type InternalServerError = core.InternalServerError;
export type JsonRpcError = core.JsonRpcError;
export type ConnectionError = core.ConnectionError;
export type TimeoutError = core.TimeoutError;
export type AbortError = core.AbortError;
export type InvalidResponseError = core.InvalidResponseError;
export type ValidationError = core.ValidationError;
export type ConfigurationError = core.ConfigurationError;
export type ClientOptions = core.ClientOptions;
export type RestClientOptions = core.RestClientOptions;
export type EnvironmentName = core.EnvironmentName;
export type BaseUrls = core.BaseUrls;
export type RequestOptions = core.RequestOptions;
export type ResponseFields = core.ResponseFields;
export type Logger = core.Logger;
export type PageIterable<I, R> = core.PageIterable<I, R>;
export type PageWalkOptions = core.PageWalkOptions;
export type Paginated<P, R, I> = core.Paginated<P, R, I>;
export type ParamsArgument<P> = core.ParamsArgument<P>;
export type RateLimiter = core.RateLimiter;
export type Fetch = core.Fetch;
export type AnyChainDataError = core.AnyChainDataError;
export type ChainDataErrorFields = core.ChainDataErrorFields;
export type APIErrorFields = core.APIErrorFields;
export type RedactedError = core.RedactedError;
export type ValidationIssue = core.ValidationIssue;
export type InvalidResponseReason = core.InvalidResponseReason;
export type RpcErrorObject = core.RpcErrorObject;
export type OperationDescriptor = core.OperationDescriptor;
export type Check = core.Check;
export type U64Shape = core.U64Shape;
export type PaginationDescriptor = core.PaginationDescriptor;
export type Batcher = core.Batcher;
