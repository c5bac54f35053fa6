/** Client options and their resolution to a complete configuration. */
import { ConfigurationError } from './errors.js';
import type { RateLimiter } from './rate-limit.js';
import { environments, type EnvironmentName, type HostName } from './generated/environments.js';

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
   * JSON-RPC auto-batching: calls made in the same tick (or within `wait` ms) go out as one
   * JSON-RPC batch. `true` means `{ maxSize: 100, wait: 0 }`.
   * @default false
   */
  batch?:
    | boolean
    | {
        /**
         * Most calls per batch request; a full batch is sent at once.
         * @default 100
         */
        maxSize?: number;
        /**
         * How long to collect calls, in ms; `0` = calls made in the same tick.
         * @default 0
         */
        wait?: number;
      };
  /**
   * A client-side limiter applied before every attempt (retries included), e.g.
   * `createRateLimiter({ requestsPerSecond: 5 })` for the admin host's documented limit. Pass
   * the same limiter to several clients to share one budget. (An object rather than a number,
   * so that bundles of clients that never limit do not carry the limiter.)
   * @default undefined (no limit)
   */
  rateLimit?: RateLimiter | false;
}

/** {@link ClientOptions} with every default applied. */
export interface ResolvedConfig {
  /** The key to send: the option, else the environment variable, else `"local"` in the `local` environment. */
  apiKey: string | undefined;
  /** The configured key (option or environment variable), never the `local` placeholder: what gets redacted. */
  secretKey: string | undefined;
  environment: EnvironmentName;
  baseUrls: Partial<Record<HostName, string>>;
  fetch: typeof globalThis.fetch | undefined;
  headers: Record<string, string>;
  timeout: number;
  maxRetries: number;
  logger: Logger | undefined;
  batch: false | { maxSize: number; wait: number };
  rateLimit: RateLimiter | false;
}

/** The environment variable read when `apiKey` is not given. */
export const API_KEY_ENV = 'CHAINDATA_API_KEY';

/** Applies the defaults to `options`. */
export function resolveConfig(options: ClientOptions = {}): ResolvedConfig {
  const environment = options.environment ?? 'mainnet';
  let secretKey = options.apiKey;
  // `process` does not exist in browsers, and reading it throws in Deno without --allow-env.
  try {
    secretKey ||= (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[API_KEY_ENV];
  } catch {}
  // A key read from a file often ends in a newline. Header APIs strip such whitespace before
  // sending, so the key the server sees (and may echo back) must be the one we redact.
  secretKey = secretKey?.trim();
  const batch = options.batch === true ? {} : options.batch;
  if (options.rateLimit && typeof options.rateLimit.acquire !== 'function') {
    throw new ConfigurationError('rateLimit: must be a limiter from createRateLimiter({ requestsPerSecond })');
  }
  return {
    // The local mock only checks that a key is present.
    apiKey: secretKey || (environment === 'local' ? 'local' : undefined),
    secretKey: secretKey || undefined,
    environment,
    baseUrls: options.baseUrls ?? {},
    fetch: options.fetch,
    headers: options.headers ?? {},
    timeout: options.timeout ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
    logger: options.logger,
    batch: batch ? { maxSize: batch.maxSize ?? 100, wait: batch.wait ?? 0 } : false,
    rateLimit: options.rateLimit ?? false,
  };
}

/**
 * The base URL of `host`, without a trailing slash: `baseUrls[host]`, else the environment's.
 * @throws ConfigurationError naming `baseUrls.<host>` when neither has one
 */
export function resolveBaseUrl(config: ResolvedConfig, host: HostName): string {
  const url = config.baseUrls[host] ?? environments[config.environment]?.[host];
  if (!url) throw new ConfigurationError(`No ${host} URL for environment "${config.environment}": set \`baseUrls.${host}\``);
  return url.replace(/\/+$/, '');
}
