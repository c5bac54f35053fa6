/** Client and per-request options, operation descriptors, and their resolution to a configuration. */
import { ConfigurationError } from './errors.js';
import type { Batcher } from './batch.js';
import type { Host, EnvironmentName, HostName } from './generated/environments.js';
import type { U64Shape } from './json.js';
import type { PaginationDescriptor } from './paginate.js';
import type { RateLimiter } from './rate-limit.js';
import type { Check } from './validate.js';

/**
 * Receives the SDK's log lines; any method may be omitted. Lines and metadata are redacted
 * (no API key) before they get here. `console` fits.
 */
export interface Logger {
  /** One line per HTTP attempt: operation, method, URL, status, duration. */
  debug?(message: string, meta?: Record<string, unknown>): void;
  /** Retries: attempt number, delay and the reason. */
  info?(message: string, meta?: Record<string, unknown>): void;
  /** Deprecation warnings where `process.emitWarning` does not exist. */
  warn?(message: string, meta?: Record<string, unknown>): void;
  error?(message: string, meta?: Record<string, unknown>): void;
}

/** Options accepted by every chaindata client. */
export interface ClientOptions {
  /**
   * The API key. Sent as the `api-key` query parameter, or as the `X-Api-Key` header on
   * hosts that take one (admin). Never appears in errors or logs.
   * @default process.env.CHAINDATA_API_KEY (and `"local"` in the `local` environment)
   */
  apiKey?: string;
  /**
   * Which deployment to talk to; picks the base URL of every host.
   * @default 'mainnet'
   */
  environment?: EnvironmentName;
  /**
   * Base URL per host, overriding the environment's (e.g. a dedicated node, a regional
   * sender, a proxy). Required for a host the environment has no URL for.
   * @default {} (the environment's URLs)
   */
  baseUrls?: Partial<Record<HostName, string>>;
  /**
   * The `fetch` to use (a proxy agent, a test stub, a polyfill).
   * @default globalThis.fetch (looked up at request time)
   */
  fetch?: typeof globalThis.fetch;
  /**
   * Headers sent with every request; per-request `headers` override them.
   * @default {}
   */
  headers?: Record<string, string>;
  /**
   * Time limit per attempt in ms, from sending the request to reading the whole body.
   * `Infinity` disables it.
   * @default 60_000
   */
  timeout?: number;
  /**
   * Retries after a 408, 429, 5xx, connection error or timeout (idempotent operations only).
   * @default 2
   */
  maxRetries?: number;
  /**
   * Where log lines go.
   * @default undefined (silent)
   */
  logger?: Logger;
  /**
   * JSON-RPC auto-batching: `createBatcher()` (or `createBatcher({ maxSize, wait })`) sends
   * calls made in the same tick (or within `wait` ms) as one JSON-RPC batch request. Pass the
   * same batcher to several clients to batch alike. (An object rather than `true`, so that
   * bundles of clients that never batch do not carry the batcher.)
   * @default undefined (each call is its own request)
   */
  batch?: Batcher | false;
  /**
   * A client-side limiter applied before every attempt (retries included), e.g.
   * `createRateLimiter({ requestsPerSecond: 5 })` for the admin host's documented limit. Pass
   * the same limiter to several clients to share one budget.
   * @default undefined (no limit)
   */
  rateLimit?: RateLimiter | false;
}

/**
 * Per-call options; each overrides the client option of the same name for this call.
 * (A type alias rather than an interface, so that a `RequestOptions` value is assignable to
 * `RequestOptions & Record<string, unknown>`, the JSON-RPC call's options.)
 */
export type RequestOptions = {
  /**
   * Aborts the call, also while it waits to retry; it then rejects with `AbortError` at once.
   * @default undefined
   */
  signal?: AbortSignal;
  /**
   * Time limit per attempt in ms.
   * @default the client's `timeout` (60_000)
   */
  timeout?: number;
  /**
   * Retries for this call.
   * @default the client's `maxRetries` (2)
   */
  maxRetries?: number;
  /**
   * Extra headers for this call; they override the client's `headers`.
   * @default {}
   */
  headers?: Record<string, string>;
  /**
   * Retry a non-idempotent operation (a write) too. Only safe if a repeated write is harmless.
   * @default false
   */
  retryNonIdempotent?: boolean;
};

/** What the generator emits for each operation; the runtime acts on it. */
export interface OperationDescriptor {
  /** The operationId or JSON-RPC method name; appears in error messages. */
  id: string;
  /** `false` for writes: never retried unless `RequestOptions.retryNonIdempotent`, never batched. */
  idempotent: boolean;
  /** The check of the parameters (compiled from their schema), run before anything is sent. */
  params?: Check;
  /** Which response fields are u64 (delivered as `bigint`). */
  u64?: U64Shape;
  /** Set when deprecated: what to use instead. (The generated code warns once per process.) */
  deprecated?: string;
  /** The operation is beta: routes and formats may change. */
  beta?: boolean;
  /** How to walk pages with `paginate`. */
  pagination?: PaginationDescriptor;
}

/** {@link ClientOptions} with the key and the defaults resolved. */
export interface ResolvedConfig extends ClientOptions {
  /** The key to send: the option, else the environment variable, else `"local"` in the `local` environment. */
  apiKey: string | undefined;
  /** The configured key (option or environment variable), never the `local` placeholder: what gets redacted. */
  secretKey: string | undefined;
  environment: EnvironmentName;
  timeout: number;
  maxRetries: number;
}

/** The environment variable read when `apiKey` is not given. */
export const API_KEY_ENV = 'CHAINDATA_API_KEY';

/**
 * Applies the defaults to `options`.
 * @throws ConfigurationError for a `batch` or `rateLimit` that is not a batcher or limiter
 */
export function resolveConfig(options: ClientOptions = {}): ResolvedConfig {
  const { environment = 'mainnet', timeout = 60_000, maxRetries = 2, batch, rateLimit } = options;
  let secretKey = options.apiKey;
  // `process` does not exist in browsers, and reading it throws in Deno without --allow-env.
  try {
    secretKey ||= (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[API_KEY_ENV];
  } catch {}
  // A key read from a file often ends in a newline. Header APIs strip such whitespace before
  // sending, so the key the server sees (and may echo back) must be the one we redact.
  secretKey = secretKey?.trim() || undefined;
  const made = (name: string, value: unknown, method: string, factory: string) => {
    if (value && typeof (value as Record<string, unknown>)[method] !== 'function') throw new ConfigurationError(`${name}: must be made by ${factory}`);
  };
  made('batch', batch, 'bind', 'createBatcher()');
  made('rateLimit', rateLimit, 'acquire', 'createRateLimiter({ requestsPerSecond })');
  return {
    ...options,
    // The local mock only checks that a key is present.
    apiKey: secretKey ?? (environment === 'local' ? 'local' : undefined),
    secretKey,
    environment,
    timeout,
    maxRetries,
  };
}

/**
 * The base URL of `host`, without a trailing slash: `baseUrls[host]`, else the environment's.
 * @throws ConfigurationError naming `baseUrls.<host>` when neither has one
 */
export function resolveBaseUrl(config: ResolvedConfig, host: Host): string {
  const { name } = host;
  const url = config.baseUrls?.[name] ?? host.urls[config.environment];
  if (!url) throw new ConfigurationError(`No ${name} URL for environment "${config.environment}": set \`baseUrls.${name}\``);
  return url.replace(/\/+$/, '');
}
