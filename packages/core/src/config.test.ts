import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveBaseUrl, resolveConfig } from './config.js';
import { ConfigurationError } from './errors.js';
import { createTransport } from './transport.js';
import { rpcHost, walletHost } from './generated/environments.js';

describe('resolveConfig', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('applies the documented defaults', () => {
    vi.stubEnv('CHAINDATA_API_KEY', '');
    expect(resolveConfig()).toEqual({ apiKey: undefined, secretKey: undefined, environment: 'mainnet', timeout: 60_000, maxRetries: 2 });
    // An explicit `undefined` (forwarded options) still gets the default.
    expect(resolveConfig({ timeout: undefined, maxRetries: undefined })).toMatchObject({ timeout: 60_000, maxRetries: 2 });
  });

  it('trims the key (a key read from a file ends in a newline; headers would strip it anyway)', () => {
    expect(resolveConfig({ apiKey: '  sk_live_abc\n' })).toMatchObject({ apiKey: 'sk_live_abc', secretKey: 'sk_live_abc' });
  });

  it('rejects a rateLimit or batch option that is not a limiter or batcher, naming the option and its factory', () => {
    expect(() => resolveConfig({ rateLimit: { requestsPerSecond: 5 } as never })).toThrow(
      new ConfigurationError('rateLimit: must be made by createRateLimiter({ requestsPerSecond })'),
    );
    expect(() => resolveConfig({ batch: true as never })).toThrow(new ConfigurationError('batch: must be made by createBatcher()'));
    expect(resolveConfig({ batch: false, rateLimit: false })).toMatchObject({ batch: false, rateLimit: false });
  });

  it('reads CHAINDATA_API_KEY when apiKey is not given', () => {
    vi.stubEnv('CHAINDATA_API_KEY', 'from-env');
    expect(resolveConfig().apiKey).toBe('from-env');
    expect(resolveConfig({ apiKey: 'explicit' }).apiKey).toBe('explicit');
  });

  it('sends the placeholder key "local" in the local environment, without treating it as a secret', () => {
    vi.stubEnv('CHAINDATA_API_KEY', '');
    expect(resolveConfig({ environment: 'local' })).toMatchObject({ apiKey: 'local', secretKey: undefined });
    expect(resolveConfig({ environment: 'local', apiKey: 'k' })).toMatchObject({ apiKey: 'k', secretKey: 'k' });
  });

  it('works where `process` does not exist', () => {
    vi.stubGlobal('process', undefined);
    try {
      expect(resolveConfig().apiKey).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('resolveBaseUrl', () => {
  it("uses the environment's URL unless baseUrls overrides it, without a trailing slash", () => {
    expect(resolveBaseUrl(resolveConfig(), rpcHost)).toBe('https://mainnet.helius-rpc.com');
    expect(resolveBaseUrl(resolveConfig({ environment: 'devnet' }), rpcHost)).toBe('https://devnet.helius-rpc.com');
    expect(resolveBaseUrl(resolveConfig({ baseUrls: { rpc: 'https://node.example/' } }), rpcHost)).toBe('https://node.example');
  });

  it('throws a ConfigurationError naming baseUrls.<host> for a host the environment lacks', () => {
    expect(() => createTransport({ environment: 'devnet' }, walletHost)).toThrow(ConfigurationError);
    expect(() => createTransport({ environment: 'devnet' }, walletHost)).toThrow('baseUrls.wallet');
    expect(createTransport({ environment: 'devnet', baseUrls: { wallet: 'https://w.example' } }, walletHost).baseUrl).toBe('https://w.example');
  });
});
