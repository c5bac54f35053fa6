import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChainDataError, ConfigurationError } from './errors.js';
import { jsonResponse, stubFetch, type RecordedCall } from './internal/testing.js';
import { createJsonRpcClient } from './json-rpc.js';
import { stringifyJson } from './json.js';
import { createRedactor, redact } from './redact.js';
import { adminHost, rpcHost, walletHost } from './generated/environments.js';
import { createTransport } from './transport.js';

describe('redact', () => {
  it('masks the raw key, its URL-encoded and JSON-escaped forms', () => {
    const key = 'a b&c"d/é';
    const text = [key, encodeURIComponent(key), new URLSearchParams({ k: key }).toString().slice(2), JSON.stringify(key)].join(' | ');
    expect(redact(text, key)).toBe('*** | *** | *** | "***"');
  });

  it('masks any api-key query value and X-Api-Key / Authorization header values, even without a key', () => {
    expect(redact('GET https://h/x?a=1&api-key=secret&b=2')).toBe('GET https://h/x?a=1&api-key=***&b=2');
    expect(redact('X-Api-Key: secret')).toBe('X-Api-Key: ***');
    expect(redact('{"authorization":"Bearer secret"}')).toBe('{"authorization":"Bearer ***"}');
  });

  it('masks a key with regex metacharacters literally, and never splices it back together', () => {
    expect(redact('x.*+?^${}()|[]\\y', '.*+?^${}()|[]\\')).toBe('x***y');
    expect(redact('a**b', '**')).not.toContain('**');
  });
});

describe('the API key never leaks (property)', () => {
  beforeEach(() => {
    vi.stubEnv('CHAINDATA_API_KEY', '');
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.useRealTimers();
  });

  // Keys with regex metacharacters and characters that need URL encoding. Backslash and
  // double quote are left out: JSON.stringify writes other text *as* them (`\"`), which would
  // make a key "appear" in the JSON of a message that never contained it.
  const keyChar = fc.constantFrom(...'abcXYZ0189-_.~*+?^$|()[]{}/ %&=#!\':;,@<>é€'.split(''));
  const apiKey = fc.string({ unit: keyChar, minLength: 12, maxLength: 40 });

  // How a server might echo the key back.
  const echoes = (key: string) => [
    key,
    encodeURIComponent(key),
    new URLSearchParams({ k: key }).toString().slice(2),
    `https://mainnet.helius-rpc.com/?api-key=${encodeURIComponent(key)}`,
  ];
  // JSON with non-ASCII escaped as \uXXXX, as Python's json.dumps writes it.
  const asciiJson = (value: unknown) => JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

  type Failure = (echo: string, call: RecordedCall) => Response | Promise<Response>;
  const failures: Record<string, Failure> = {
    httpJson: (echo) => jsonResponse({ error: { code: 401, message: `invalid key ${echo}` }, echo }, { status: 401, headers: { 'x-echo': encodeURIComponent(echo) } }),
    httpAsciiJson: (echo) => jsonResponse(asciiJson({ message: `bad ${echo}` }), { status: 403 }),
    httpText: (echo) => new Response(`denied for ${echo}`, { status: 400 }),
    retried: (echo) => jsonResponse({ message: `busy ${echo}` }, { status: 503, headers: { 'retry-after-ms': '0' } }),
    html200: (echo) => new Response(`<html>${echo}</html>`, { headers: { 'content-type': 'text/html' } }),
    nonJson200: (echo) => new Response(`oops ${echo}`),
    truncated200: (echo) => jsonResponse(`{"result":"${echo}`),
    rpcError: (echo) => jsonResponse(asciiJson({ jsonrpc: '2.0', id: '1', error: { code: -32000, message: `no ${echo}`, data: { echo, [echo]: 1 } } })),
    idMismatch: (echo) => jsonResponse({ jsonrpc: '2.0', id: echo, result: echo }),
    connection: (echo, call) => {
      throw new TypeError(`fetch failed for ${call.url.href}`, { cause: Object.assign(new Error(`connect ${echo}`), { code: echo }) });
    },
  };

  const texts = (error: unknown, lines: unknown[]): string[] => {
    const out: string[] = [stringifyJson(lines)];
    if (error) out.push(String(error), JSON.stringify(error));
    for (let e = error as any; e; e = e.cause) out.push(e.message, e.stack, String(e), JSON.stringify(e), stringifyJson({ ...e }));
    return out;
  };

  it('is absent from messages, stacks, causes, JSON and log lines, whatever fails', async () => {
    await fc.assert(
      fc.asyncProperty(
        apiKey,
        fc.constantFrom(...Object.keys(failures)),
        fc.nat(3),
        fc.constantFrom('rpc' as const, 'admin' as const, 'wallet' as const),
        async (key, failure, echoIndex, host) => {
          const echo = echoes(key)[echoIndex]!;
          const { fetch } = stubFetch((call) => failures[failure]!(echo, call));
          const lines: unknown[] = [];
          const logger = { debug: (...a: unknown[]) => lines.push(a), info: (...a: unknown[]) => lines.push(a) };
          const options = { apiKey: key, fetch, logger, maxRetries: 1 };
          let pending: Promise<unknown>;
          if (host === 'rpc') {
            const rpc = createJsonRpcClient(options, rpcHost, '/');
            pending = rpc.call({ id: 'getAsset', idempotent: true }, { id: 'x' });
          } else {
            const transport = createTransport(options, host === 'admin' ? adminHost : walletHost);
            pending = transport.restCall({ id: 'op', idempotent: true }, {}, undefined, async (f) => ({
              response: await f(new Request(`${transport.baseUrl}/v1/x`)),
            }));
          }
          pending = pending.catch((e: unknown) => e);
          await vi.runAllTimersAsync(); // the retry backoff
          let error = await pending;
          // A key that is no valid header value fails before sending, as a ConfigurationError.
          if (!(error instanceof ConfigurationError)) expect(lines.length).toBeGreaterThan(0);
          // JSON-RPC-shaped failures are plain successes on a REST host: then only the logs count.
          if (host === 'rpc' || !['rpcError', 'idMismatch'].includes(failure)) expect(error).toBeInstanceOf(ChainDataError);
          else if (!(error instanceof ChainDataError)) error = undefined;
          for (const text of texts(error, lines)) expect(text).not.toContain(key);
        },
      ),
      { numRuns: 500 },
    );
  });
});
