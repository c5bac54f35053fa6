import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  checkRequestOptions,
  refuseExtraArguments,
  resolveBaseUrl,
  resolveConfig,
  snapshotOptions,
  unbatched,
  type RequestOptions,
} from "./config.js";
import { AbortError, ConfigurationError, ValidationError } from "./errors.js";
import { paginate, withPagination } from "./paginate.js";
import { createRateLimiter } from "./rate-limit.js";
import { createRestTransport } from "./rest.js";
import { adminHost, apiHost, rpcHost, senderHost, walletHost } from "./generated/environments.js";
import { createBatcher } from "./batch.js";
import { createJsonRpcClient, rpcEncoding } from "./json-rpc.js";
import { jsonResponse, stubFetch } from "./test-support/testing.js";

describe("resolveConfig", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("applies the documented defaults", () => {
    vi.stubEnv("CHAINDATA_API_KEY", "");
    expect(resolveConfig()).toEqual({
      apiKey: undefined,
      keyToMask: undefined,
      environment: "mainnet",
      timeout: 60_000,
      maxRetries: 2,
    });
    // An explicit `undefined` (forwarded options) still gets the default.
    expect(resolveConfig({ timeout: undefined, maxRetries: undefined })).toMatchObject({
      timeout: 60_000,
      maxRetries: 2,
    });
  });

  it("holds the key in properties that logging and JSON do not show", () => {
    const config = resolveConfig({ apiKey: "sk_live_abc", timeout: 5 });
    expect(config.apiKey).toBe("sk_live_abc");
    expect(config.keyToMask).toBe("sk_live_abc");
    expect(JSON.stringify(config)).not.toContain("sk_live_abc");
    expect(inspect(config, { depth: 5 })).not.toContain("sk_live_abc");
    // Nor when non-enumerable properties are shown (`util.inspect` with `showHidden`, a debugger).
    expect(inspect(config, { depth: 5, showHidden: true })).not.toContain("sk_live_abc");
    expect({ ...config }).toEqual({ environment: "mainnet", timeout: 5, maxRetries: 2 });
  });

  it("trims the key (a key read from a file ends in a newline; headers would strip it anyway)", () => {
    expect(resolveConfig({ apiKey: "  sk_live_abc\n" })).toMatchObject({
      apiKey: "sk_live_abc",
      keyToMask: "sk_live_abc",
    });
  });

  it("rejects a rateLimit or batch option that is not a limiter or batcher, naming the option and its factory", () => {
    expect(() => resolveConfig({ rateLimit: { requestsPerSecond: 5 } as never })).toThrow(
      new ConfigurationError(
        "rateLimit: must be made by createRateLimiter({ requestsPerSecond }) (got object)",
      ),
    );
    // What it got, as every other option check says (user trial 81, F7).
    expect(() => resolveConfig({ batch: true as never })).toThrow(
      new ConfigurationError("batch: must be made by createBatcher() (got true)"),
    );
    expect(() => resolveConfig({ batch: "yes" as never })).toThrow(
      new ConfigurationError('batch: must be made by createBatcher() (got "yes")'),
    );
    expect(resolveConfig({ batch: false, rateLimit: false })).toMatchObject({
      batch: false,
      rateLimit: false,
    });
  });

  it("refuses bad options with a ConfigurationError naming the option and the rule", () => {
    const refuses = (options: object, message: string) =>
      expect(() => resolveConfig(options as never)).toThrow(new ConfigurationError(message));
    refuses(
      { baseUrl: "http://127.0.0.1:4010" },
      "baseUrl: is not a client option (apiKey, environment, baseUrls, fetch, headers, timeout, maxRetries, logger, onAttempt, batch, coalesce, rateLimit); did you mean baseUrls?",
    );
    // The nearest name, as tsc suggests one (user trial 81, F6): the first option that starts with
    // the same three letters, case aside, and is within 2 characters of its length. None when no
    // option is that near (a guess that misleads is worse than the list alone).
    for (const [typo, near] of [
      ["timout", "timeout"],
      ["timeoutMs", "timeout"],
      ["apikey", "apiKey"],
      ["API_KEY", "apiKey"],
      ["maxRetry", "maxRetries"],
      ["onattempt", "onAttempt"],
      ["ratelimit", "rateLimit"],
    ])
      expect(() => resolveConfig({ [typo!]: 1 })).toThrow(
        new ConfigurationError(
          `${typo}: is not a client option (apiKey, environment, baseUrls, fetch, headers, timeout, maxRetries, logger, onAttempt, batch, coalesce, rateLimit); did you mean ${near}?`,
        ),
      );
    for (const typo of ["env", "retries", "batchSize", "signal"])
      expect(() => resolveConfig({ [typo]: 1 })).toThrow(/\(apiKey, .*, rateLimit\)$/);
    expect(() => checkRequestOptions({ retry: 1 })).toThrow(
      new ConfigurationError(
        "retry: is not a request option (signal, timeout, maxRetries, headers, retryNonIdempotent, onResponse, onAttempt)",
      ),
    );
    // A name longer than any option's is not quoted: it may be the key, given as a name
    // (`{ [key]: 1 }`), as the sdk's createChainDataClient hides one (review 43).
    const key = "0123abcd-4567-89ef-0123-456789abcdef";
    refuses(
      { [key]: 1 },
      "<a name of 36 characters>: is not a client option (apiKey, environment, baseUrls, fetch, headers, timeout, maxRetries, logger, onAttempt, batch, coalesce, rateLimit)",
    );
    expect(() => checkRequestOptions({ [key]: 1 })).toThrow(/^<a name of 36 characters>: /);
    expect(() => createBatcher({ [key]: 1 } as never)).toThrow(
      /^batch\.<a name of 36 characters>: /,
    );
    refuses({ apiKey: 12345 }, "apiKey: must be a string (got number)");
    refuses({ fetch: "x" }, "fetch: must be a function (got string)");
    // (`null` is no fetch, not the global one: refused as `onResponse: null` is.)
    refuses({ fetch: null }, "fetch: must be a function (got null)");
    for (const timeout of [0, -1, NaN, "5s", "5000"])
      refuses(
        { timeout },
        `timeout: must be a number of milliseconds > 0, or Infinity (got ${typeof timeout === "string" ? `"${timeout}"` : timeout})`,
      );
    for (const maxRetries of [-1, 1.5, NaN, Infinity, "2"])
      refuses(
        { maxRetries },
        // (A string quoted: "2" must not read as the number 2.)
        `maxRetries: must be a whole number >= 0 (got ${typeof maxRetries === "string" ? `"${maxRetries}"` : maxRetries})`,
      );
    refuses({ batch: createBatcher }, "batch: must be made by createBatcher() (got function)");
    // (`console.log` has no logging methods: nothing would ever be logged.)
    for (const [logger, type] of [
      [console.log, "function"],
      ["console", "string"],
      [true, "boolean"],
    ])
      refuses(
        { logger },
        `logger: must be an object with debug, info and/or warn methods (got ${type})`,
      );
    expect(resolveConfig({ logger: null as never })).toMatchObject({ logger: null });
    // (Named by its type, not quoted: a string here is often the API key itself.)
    refuses("fast" as never, "options: must be an object of client options (got string)");
    // A value with no text is named by its type (String() of it throws).
    refuses(
      { timeout: Object.create(null) },
      "timeout: must be a number of milliseconds > 0, or Infinity (got object)",
    );
    // A key is printable ASCII without spaces (real keys are UUIDs): a key pasted with a line
    // break, a space or a non-ASCII letter inside would be sent and answered 401 like any wrong
    // key (user trial 70, F9). Control characters also JSON-escape (`\t`) past redaction, and a
    // lone surrogate made the query placement throw a bare URIError. Never quoted: it is the key.
    const KEY_RULE = "must be printable ASCII with no space or line break inside";
    for (const apiKey of [
      "abc\tdef",
      "abc\ndef",
      "abc def",
      "abc\u00a0def",
      "abcdéf",
      "abc\u{1f511}def",
      "abc\ud800def",
      "abc\x7fdef",
      "abc\0",
    ]) {
      refuses({ apiKey }, `apiKey: ${KEY_RULE}`);
      expect(() => resolveConfig({ apiKey })).not.toThrow(/abc|def/);
    }
    // The variable's key is checked as the option's, and named as the variable.
    const refusesVariable = (value: string, rule: string) => {
      vi.stubEnv("CHAINDATA_API_KEY", value);
      try {
        refuses({}, `CHAINDATA_API_KEY: ${rule}`);
      } finally {
        vi.unstubAllEnvs();
      }
    };
    vi.stubEnv("CHAINDATA_API_KEY", " abc def\n");
    try {
      refuses({}, `CHAINDATA_API_KEY: ${KEY_RULE}`);
      // (Not read: by the sender's client, in the local environment, or past `apiKey: ""`.)
      expect(resolveConfig({}, false).apiKey).toBeUndefined();
      expect(resolveConfig({ environment: "local" }).apiKey).toBe("local");
      expect(resolveConfig({ apiKey: "" }).apiKey).toBeUndefined();
      vi.stubEnv("CHAINDATA_API_KEY", "abc-def_0123\r\n");
      expect(resolveConfig({}).apiKey).toBe("abc-def_0123");
    } finally {
      vi.unstubAllEnvs();
    }
    // The text of an unset variable ("undefined" from `process.env.KEY = unsetVariable` or a
    // template, "null"), in any case, is refused, named as where it came from: it would be sent and
    // answered 401 (user trial 73, F3). A key that only holds the word is a key.
    const UNSET_RULE = "looks like an unset variable turned into text";
    for (const apiKey of ["undefined", "null", " NULL\n", "Undefined"])
      refuses({ apiKey }, `apiKey: ${UNSET_RULE}`);
    for (const apiKey of ["undefined1", "nullable", "xnull"])
      expect(resolveConfig({ apiKey }).keyToMask).toBe(apiKey);
    refusesVariable("undefined", UNSET_RULE);
    // A key in quotes, as `docker run --env-file` keeps them from a .env line (`KEY="…"`), is
    // refused, named as where it came from, never quoted: it would be sent and answered 401. A
    // quote inside a key, or at one end only, is a key's character.
    const QUOTES_RULE = "must not be wrapped in quotes";
    for (const apiKey of ['"abc-def"', "'abc-def'", ' "abc-def"\n', '""'])
      refuses({ apiKey }, `apiKey: ${QUOTES_RULE}`);
    expect(() => resolveConfig({ apiKey: '"abc-def"' })).not.toThrow(/abc/);
    for (const apiKey of ['abc"def"', '"abc-def', "abc-def'", `"abc-def'`, '"'])
      expect(resolveConfig({ apiKey }).keyToMask).toBe(apiKey);
    refusesVariable('"abc-def"', QUOTES_RULE);
    // A URL holding the key, copied whole from a dashboard, is refused, never quoted: it would be
    // sent, URL and all, and answered 401. A key that only holds "http" or "api-key" is a key.
    const URL_RULE = "must be the key alone, not a URL holding it";
    for (const apiKey of [
      "https://mainnet.example.com/?api-key=abc-def",
      "HTTP://127.0.0.1:8899",
      "mainnet.example.com/?api-key=abc-def",
      "?API-KEY=abc-def",
    ])
      refuses({ apiKey }, `apiKey: ${URL_RULE}`);
    expect(() => resolveConfig({ apiKey: "?api-key=abc-def" })).not.toThrow(/abc/);
    for (const apiKey of ["http-abc", "abc-http:", "api-key-abc", "abc=api-key"])
      expect(resolveConfig({ apiKey }).keyToMask).toBe(apiKey);
    refusesVariable("https://example.com/?api-key=abc-def", URL_RULE);
    // Every printable ASCII character but the space is a key's.
    const printable = String.fromCharCode(...Array.from({ length: 94 }, (_, i) => 33 + i));
    expect(resolveConfig({ apiKey: printable }).keyToMask).toBe(printable);
    // `null` reads as no options, as `undefined` does.
    expect(resolveConfig(null)).toEqual(resolveConfig());
    expect(resolveConfig({ timeout: Infinity, maxRetries: 0 })).toMatchObject({
      timeout: Infinity,
      maxRetries: 0,
    });
  });

  it("refuses a URL holding the key by any key parameter spelling or by a host without scheme, and takes real-looking keys", () => {
    const URL_RULE = "must be the key alone, not a URL holding it";
    // The key in each is this UUID, which the message must never show, nor any part of it.
    const KEY = "3f2a9c1e-7b4d-4e8a-9c6f-1a2b3c4d5e6f";
    for (const apiKey of [
      `https://mainnet.example.com/?apiKey=${KEY}`,
      `?apiKey=${KEY}`,
      `?api_key=${KEY}`,
      `&APIKEY=${KEY}`,
      // The query parameter copied alone, from its first character.
      `apiKey=${KEY}`,
      `api-key=${KEY}`,
      `rpc?Api_Key=${KEY}`,
      `mainnet.example.com/?x=1&key=${KEY}`,
      `mainnet.example.com?token=${KEY}`,
      `mainnet.example.com/${KEY}`,
      `node-1.example.com/rpc/${KEY}`,
      `127.0.0.1/?k=${KEY}`,
      `localhost:8899/?api_key=${KEY}`,
      // A host with a port and no scheme, the key in its path or query.
      `rpc.example.com:8899/${KEY}/`,
      `localhost:8899/${KEY}`,
      `LOCALHOST:4010?token=${KEY}`,
      `127.0.0.1:8899/${KEY}`,
      `[::1]:8899/rpc/${KEY}`,
      `node.example.com:443/rpc?k=${KEY}`,
    ]) {
      const refused = (() => {
        try {
          resolveConfig({ apiKey });
        } catch (error) {
          return error as Error;
        }
      })();
      expect(refused, apiKey).toEqual(new ConfigurationError(`apiKey: ${URL_RULE}`));
      for (const part of KEY.split("-")) expect(refused!.message).not.toContain(part);
      vi.stubEnv("CHAINDATA_API_KEY", apiKey);
      try {
        expect(() => resolveConfig({})).toThrow(
          new ConfigurationError(`CHAINDATA_API_KEY: ${URL_RULE}`),
        );
      } finally {
        vi.unstubAllEnvs();
      }
    }
    // What a real key looks like is taken as given: a UUID, base64 (`+`, `/`, `=`), base64url,
    // hex, a JWT (dotted base64url, no slash), and words near the rule's that are no parameter.
    for (const apiKey of [
      KEY,
      KEY.toUpperCase(),
      "q8Zk/3fP+Xw0a9Lr2M1tVbN7cYd4EhGs5uJiK6oQ=",
      "q8Zk_3fP-Xw0a9Lr2M1tVbN7cYd4EhGs5uJiK6oQ",
      "0123456789abcdef0123456789abcdef",
      "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.Dq8Zk_3fP-Xw0a9Lr2M1tVbN7c",
      "apikey",
      "api_key-abc",
      "abc=apiKey",
      "key.v2",
      "a.b:c",
      "key:v2",
    ])
      expect(resolveConfig({ apiKey }).keyToMask, apiKey).toBe(apiKey);
  });

  it("reads CHAINDATA_API_KEY when apiKey is not given", () => {
    vi.stubEnv("CHAINDATA_API_KEY", "from-env");
    expect(resolveConfig().apiKey).toBe("from-env");
    expect(resolveConfig({ apiKey: "explicit" }).apiKey).toBe("explicit");
  });

  it('sends the placeholder key "local" in the local environment, without treating it as a secret', () => {
    vi.stubEnv("CHAINDATA_API_KEY", "");
    expect(resolveConfig({ environment: "local" })).toMatchObject({
      apiKey: "local",
      keyToMask: undefined,
    });
    expect(resolveConfig({ environment: "local", apiKey: "k" })).toMatchObject({
      apiKey: "k",
      keyToMask: "k",
    });
  });

  it("works where `process` does not exist", () => {
    vi.stubGlobal("process", undefined);
    try {
      expect(resolveConfig().apiKey).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("resolveBaseUrl", () => {
  it("uses the environment's URL unless baseUrls overrides it, without a trailing slash", () => {
    expect(resolveBaseUrl(resolveConfig(), rpcHost)).toBe("https://mainnet.helius-rpc.com");
    expect(resolveBaseUrl(resolveConfig({ environment: "devnet" }), rpcHost)).toBe(
      "https://devnet.helius-rpc.com",
    );
    expect(
      resolveBaseUrl(resolveConfig({ baseUrls: { rpc: "https://node.example/" } }), rpcHost),
    ).toBe("https://node.example");
  });

  it("quotes a short unknown environment, but not a long string (it may be the key, or a URL holding it)", () => {
    const refuses = (environment: string, got: string) =>
      expect(() => resolveBaseUrl(resolveConfig({ environment } as never), rpcHost)).toThrow(
        new ConfigurationError(`environment: must be one of mainnet, devnet, local (got ${got})`),
      );
    refuses("mainet", '"mainet"');
    refuses("123456789012", '"123456789012"');
    refuses("1234567890123", "a long string");
    refuses("https://rpc.example/?api-key=sk_live_abc", "a long string");
  });

  it("quotes no refused option value that may be the key: a long string, an array, a function's source", async () => {
    const key = "sk_live_0123456789abcdef";
    const getKey = () => "sk_live_0123456789abcdef";
    const { fetch } = stubFetch(jsonResponse({ jsonrpc: "2.0", id: "1", result: {} }));
    const rpc = createJsonRpcClient({ apiKey: key, fetch }, rpcHost, "/");
    for (const value of [key, [key], getKey]) {
      const thrown = [
        () => resolveConfig({ timeout: value as never }),
        () => resolveConfig({ maxRetries: value as never }),
        () => createBatcher({ maxSize: value as never }),
        () => createBatcher({ wait: value as never }),
        () => createRateLimiter({ requestsPerSecond: value as never }),
        () =>
          paginate(
            async () => ({}),
            { style: "page", items: "items" },
            {},
            { maxPages: value as never },
          ),
      ].map((make) => {
        try {
          make();
        } catch (error) {
          return error;
        }
      });
      for (const options of [{ timeout: value }, { maxRetries: value }])
        thrown.push(
          await rpc
            .call({ id: "getAsset", idempotent: true }, {}, options as never)
            .catch((e: unknown) => e),
        );
      for (const error of thrown) {
        expect(error).toBeInstanceOf(ConfigurationError);
        expect((error as Error).message).not.toContain("0123456789abcdef");
      }
    }
    // A short string is still quoted: `timeout: "100"` must not read as the number 100.
    expect(() => resolveConfig({ timeout: "100" as never })).toThrow('(got "100")');
  });

  it("throws a ConfigurationError naming baseUrls.<host> for a host the environment lacks", () => {
    expect(() => createRestTransport({ environment: "devnet" }, walletHost)).toThrow(
      ConfigurationError,
    );
    expect(() => createRestTransport({ environment: "devnet" }, walletHost)).toThrow(
      "baseUrls.wallet",
    );
    expect(
      createRestTransport(
        { environment: "devnet", baseUrls: { wallet: "https://w.example" } },
        walletHost,
      ).baseUrl,
    ).toBe("https://w.example");
  });
});

describe("resolveBaseUrl: refused before anything is sent", () => {
  const config = (options: object) => resolveConfig({ apiKey: "k", ...options });
  it("refuses an unknown environment, a baseUrls key that is no host, and a URL that is not plain http(s)", () => {
    expect(() =>
      resolveBaseUrl(
        config({ environment: "testnet", baseUrls: { rpc: "https://x.example" } }),
        rpcHost,
      ),
    ).toThrow(
      new ConfigurationError('environment: must be one of mainnet, devnet, local (got "testnet")'),
    );
    expect(() =>
      resolveBaseUrl(config({ baseUrls: { RPC: "http://127.0.0.1:4010" } }), rpcHost),
    ).toThrow(
      new ConfigurationError("baseUrls.RPC: is not a host (rpc, wallet, admin, api, sender)"),
    );
    // Each names the rule broken. A value without a scheme is shown if it is a host name (no
    // path, credentials, query or fragment: they may hold a token) or short (a long bare word may
    // be the key itself); the others are not.
    const KEY = "3f1c9a2e-8b7d-4e6f-a5c4-1d2e3f4a5b6c";
    const refused: [unknown, string][] = [
      // (Given, so not "no URL: set baseUrls.rpc".)
      ["", 'must start with http:// or https:// (got "")'],
      ["127.0.0.1:4050", 'must start with http:// or https:// (got "127.0.0.1:4050")'],
      ["node.example.com", 'must start with http:// or https:// (got "node.example.com")'],
      // (A host and port without a dot: long, but a host name all the same.)
      ["rpc-internal:8899", 'must start with http:// or https:// (got "rpc-internal:8899")'],
      ["localhost:4010/v0", "must start with http:// or https:// (got a long string)"],
      [`node.example.com/${KEY}`, "must start with http:// or https:// (got a long string)"],
      [
        `mainnet.helius-rpc.com/?api-key=${KEY}`,
        "must start with http:// or https:// (got a long string)",
      ],
      [`${KEY}@node.example.com`, "must start with http:// or https:// (got a long string)"],
      // (A query right after the host, no path between: not shown either.)
      [`node.example.com?token=${KEY}`, "must start with http:// or https:// (got a long string)"],
      ["not a url", 'must start with http:// or https:// (got "not a url")'],
      // (A same-origin path, as a page's code writes it first: user trial 31.)
      [
        "/api/rpc",
        'must start with http:// or https:// (got "/api/rpc", a path: in a page, give new URL(path, location.href).href)',
      ],
      // (Two slashes are no path: a URL without its scheme, review 39.)
      [
        "//api.example.com/rpc",
        "must start with http:// or https:// (got a long string, add https:)",
      ],
      ["//x.io", 'must start with http:// or https:// (got "//x.io", add https:)'],
      // (The key given as the URL: a long bare word is never shown.)
      [KEY, "must start with http:// or https:// (got a long string)"],
      ["ftp://x.example", "must start with http:// or https:// (got a long string)"],
      [4050, "must start with http:// or https:// (got 4050)"],
      [{ url: KEY }, "must start with http:// or https:// (got object)"],
      [`https://x.example/v2/${KEY}?tenant=a`, "must not have a query"],
      [`https://x.example?api-key=${KEY}`, "must not have a query"],
      [`https://x.example/#${KEY}`, "must not have a fragment"],
      ["https://x.example/#a?b", "must not have a fragment"],
      ["https://user:pa55word@x.example", "must not have credentials"],
      [`https://${KEY}@x.example`, "must not have credentials"],
      // (Passes the patterns, but fetch would refuse it on every call.)
      ["http://exa mple.com", "must be a valid URL"],
      ["http://x.example:99999", "must be a valid URL"],
      ["https://", "must be a valid URL"],
    ];
    for (const [url, rule] of refused) {
      let thrown: unknown;
      try {
        resolveBaseUrl(config({ baseUrls: { rpc: url } }), rpcHost);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toEqual(new ConfigurationError(`baseUrls.rpc: ${rule}`));
      expect(String(thrown)).not.toContain("pa55word");
      expect(String(thrown)).not.toContain(KEY);
    }
    // A region's name given for its URL is told the constant that holds it; another short word
    // (another SDK's name for a region) the regions' names; neither on a host without regions.
    expect(() => resolveBaseUrl(config({ baseUrls: { sender: "slc" } }), senderHost)).toThrow(
      new ConfigurationError(
        'baseUrls.sender: must start with http:// or https:// (got "slc", a region: use senderRegions.slc)',
      ),
    );
    expect(() => resolveBaseUrl(config({ baseUrls: { sender: "mars" } }), senderHost)).toThrow(
      new ConfigurationError(
        'baseUrls.sender: must start with http:// or https:// (got "mars", not a region of senderRegions: global, slc, ewr, lon, fra, ams, sg, tyo)',
      ),
    );
    expect(() => resolveBaseUrl(config({ baseUrls: { rpc: "slc" } }), rpcHost)).toThrow(
      new ConfigurationError('baseUrls.rpc: must start with http:// or https:// (got "slc")'),
    );
    // The Sender's endpoint as the public docs print it, `…/fast`, would send to /fast/fast and
    // /fast/ping (user trial 36, F2): refused, naming the path only (the URL's may hold a token).
    for (const url of [
      "https://sender.helius-rpc.com/fast",
      "http://127.0.0.1:4010/fast/",
      `https://proxy.example/${KEY}/fast`,
      "http://fra-sender.helius-rpc.com/ping",
    ]) {
      const path = url.includes("ping") ? "/ping" : "/fast";
      let thrown: unknown;
      try {
        resolveBaseUrl(config({ baseUrls: { sender: url } }), senderHost);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toEqual(
        new ConfigurationError(`baseUrls.sender: must not end with ${path} (the client adds it)`),
      );
      expect(String(thrown)).not.toContain(KEY);
    }
    // Only the paths the sender's clients add, and only on the sender host.
    for (const url of ["https://proxy.example/breakfast", "https://proxy.example/fast/lane"])
      expect(resolveBaseUrl(config({ baseUrls: { sender: url } }), senderHost)).toBe(url);
    expect(
      resolveBaseUrl(config({ baseUrls: { rpc: "https://proxy.example/fast" } }), rpcHost),
    ).toBe("https://proxy.example/fast");
    // A REST host's URL with the leading part of its paths that the docs print with it
    // (`https://api.helius.xyz/v1/wallet/…`) would send it twice, `/v1/wallet/v1/wallet/…`: a 404,
    // which the wallet's readers take for "nothing found". Refused, the path named alone.
    for (const [host, url, path] of [
      [walletHost, "https://api.helius.xyz/v1/wallet", "/v1/wallet"],
      [walletHost, `https://proxy.example/${KEY}/v1/`, "/v1"],
      [apiHost, "https://api-mainnet.helius-rpc.com/v0/webhooks/", "/v0/webhooks"],
      [apiHost, "http://127.0.0.1:4010/v0", "/v0"],
      [adminHost, "https://admin-api.helius.xyz/v0/admin", "/v0/admin"],
    ] as const) {
      let thrown: unknown;
      try {
        resolveBaseUrl(config({ baseUrls: { [host.name]: url } }), host);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, url).toEqual(
        new ConfigurationError(
          `baseUrls.${host.name}: must not end with ${path} (the client adds it)`,
        ),
      );
      expect(String(thrown)).not.toContain(KEY);
    }
    // A path of a proxy's own, or another host's paths, pass.
    for (const [host, url] of [
      [walletHost, "https://proxy.example/helius"],
      [walletHost, "https://proxy.example/v2"],
      [walletHost, "https://proxy.example/v0/webhooks"],
      [apiHost, "https://proxy.example/v1/wallet"],
      [rpcHost, "https://proxy.example/v0"],
    ] as const)
      expect(resolveBaseUrl(config({ baseUrls: { [host.name]: url } }), host)).toBe(url);
    expect(() => resolveBaseUrl(config({ environment: Object.create(null) }), rpcHost)).toThrow(
      new ConfigurationError("environment: must be one of mainnet, devnet, local (got object)"),
    );
    // (Not quoted: such a URL may hold a key.)
    expect(() => resolveBaseUrl(config({ baseUrls: "http://x.example" }), rpcHost)).toThrow(
      new ConfigurationError("baseUrls: must be an object of host name → URL (got string)"),
    );
    // `null` reads as no overrides.
    expect(resolveBaseUrl(config({ baseUrls: null }), rpcHost)).toBe(
      "https://mainnet.helius-rpc.com",
    );
    // Paths (an `@` in one too) and ports are fine.
    expect(
      resolveBaseUrl(config({ baseUrls: { rpc: "http://127.0.0.1:4010/v0/" } }), rpcHost),
    ).toBe("http://127.0.0.1:4010/v0");
    expect(
      resolveBaseUrl(config({ baseUrls: { rpc: "https://proxy.example/@scope/rpc" } }), rpcHost),
    ).toBe("https://proxy.example/@scope/rpc");
  });
});

describe("per-call options and the logger", () => {
  const getAsset = { id: "getAsset", idempotent: true };
  const answer = () =>
    stubFetch((call) => jsonResponse({ jsonrpc: "2.0", id: JSON.parse(call.body!).id, result: 1 }));

  it("refuses a signal that is not an AbortSignal, bad timeout/maxRetries and invalid headers, sending nothing and leaving no timer", async () => {
    vi.useFakeTimers();
    try {
      const { fetch, calls } = answer();
      const rpc = createJsonRpcClient({ apiKey: "k", fetch }, rpcHost, "/");
      await expect(rpc.call(getAsset, {}, { signal: {} as AbortSignal })).rejects.toThrow(
        new ConfigurationError("signal: must be an AbortSignal (got Object)", {
          operation: getAsset.id,
        }),
      );
      const controller = new AbortController() as unknown as AbortSignal;
      await expect(rpc.call(getAsset, {}, { signal: controller })).rejects.toThrow(
        new ConfigurationError("signal: must be an AbortSignal (got AbortController)", {
          operation: getAsset.id,
        }),
      );
      // Half an AbortSignal would crash later, from a timer, when the call removes its listener.
      const halfSignal = { aborted: false, addEventListener() {} } as unknown as AbortSignal;
      await expect(rpc.call(getAsset, {}, { signal: halfSignal })).rejects.toThrow(
        new ConfigurationError("signal: must be an AbortSignal (got Object)", {
          operation: getAsset.id,
        }),
      );
      await expect(rpc.call(getAsset, {}, { timeout: NaN })).rejects.toThrow(
        "timeout: must be a number of milliseconds > 0, or Infinity (got NaN)",
      );
      await expect(rpc.call(getAsset, {}, { maxRetries: -1 })).rejects.toThrow(
        "maxRetries: must be a whole number >= 0 (got -1)",
      );
      // The key in a header value with a line break is not quoted back.
      const error = await rpc
        .call(getAsset, {}, { headers: { authorization: "Bearer k\r\nx: y" } })
        .catch((e: Error) => e);
      expect(error).toEqual(
        new ConfigurationError(
          "headers: must be valid header names and values (no spaces, : or other separators in a name; no line breaks in a value)",
          { operation: getAsset.id },
        ),
      );
      // A string would be read as an object of its characters (`0: a`, `1: b`, ...).
      await expect(
        rpc.call(getAsset, {}, { headers: "abc" as unknown as Record<string, string> }),
      ).rejects.toThrow(
        new ConfigurationError("headers: must be an object, a Headers or pairs", {
          operation: getAsset.id,
        }),
      );
      expect(calls).toHaveLength(0);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses an unknown or misspelt per-call option, also when batching, and accepts a method's query options", async () => {
    const { fetch, calls } = answer();
    const rpc = createJsonRpcClient({ apiKey: "k", fetch }, rpcHost, "/");
    const batched = createJsonRpcClient(
      { apiKey: "k", fetch, batch: createBatcher() },
      rpcHost,
      "/",
    );
    const names = "signal, timeout, maxRetries, headers, retryNonIdempotent, onResponse, onAttempt";
    for (const client of [rpc, batched]) {
      // @ts-expect-error — a misspelt option: refused at compile time too
      await expect(client.call(getAsset, {}, { timout: 50 })).rejects.toThrow(
        new ConfigurationError(
          `timout: is not a request option (${names}); did you mean timeout?`,
          {
            operation: getAsset.id,
          },
        ),
      );
      await expect(
        // @ts-expect-error — not a request option: refused at compile time too
        client.call(getAsset, {}, { abortSignal: new AbortController().signal }),
      ).rejects.toThrow(
        new ConfigurationError(`abortSignal: is not a request option (${names})`, {
          operation: getAsset.id,
        }),
      );
      // @ts-expect-error — the options are an object: refused at compile time too
      await expect(client.call(getAsset, {}, "fast")).rejects.toThrow(
        new ConfigurationError("options: must be an object of request options (got string)", {
          operation: getAsset.id,
        }),
      );
    }
    expect(calls).toHaveLength(0);
    const sendTransaction = {
      id: "sendTransaction",
      idempotent: true,
      encode: rpcEncoding(["transaction"], { swqosOnly: "swqos_only" }),
    };
    await rpc.call(sendTransaction, { transaction: "AQID" }, { swqosOnly: true });
    expect(calls[0]!.url.search).toBe("?swqos_only=true&api-key=k");
    await expect(
      // @ts-expect-error — not this method's query option: refused at compile time too
      rpc.call(sendTransaction, { transaction: "AQID" }, { swqos: true }),
    ).rejects.toThrow(
      new ConfigurationError(`swqos: is not a request option (${names}, swqosOnly)`, {
        operation: sendTransaction.id,
      }),
    );
  });

  it("refuses a page walk's maxPages given to one call or to the client, saying .all() takes it, sending nothing", async () => {
    const { fetch, calls } = stubFetch((call) =>
      jsonResponse({ jsonrpc: "2.0", id: JSON.parse(call.body!).id, result: { items: [7] } }),
    );
    const rpc = createJsonRpcClient({ apiKey: "k", fetch }, rpcHost, "/");
    const names = "signal, timeout, maxRetries, headers, retryNonIdempotent, onResponse, onAttempt";
    const getAssets = withPagination(
      (params: object, options?: RequestOptions) => rpc.call(getAsset, params, options),
      { id: getAsset.id, pagination: { style: "page", items: "items" } },
    );
    for (const call of [
      // @ts-expect-error — a walk's option: refused at compile time too
      () => rpc.call(getAsset, {}, { maxPages: 3 }),
      // @ts-expect-error — the one-page call of a paginated operation, as a client has it
      () => getAssets({}, { maxPages: 3 }),
    ])
      await expect(call()).rejects.toThrow(
        new ConfigurationError(
          `maxPages: is not a request option (${names}); a paged method's .all() takes it`,
          {
            operation: getAsset.id,
          },
        ),
      );
    expect(() =>
      // @ts-expect-error — a walk's option given to the client
      createJsonRpcClient({ apiKey: "k", fetch, maxPages: 3 }, rpcHost, "/"),
    ).toThrow(
      /^maxPages: is not a client option \(apiKey, .*, rateLimit\); a paged method's \.all\(\) takes it$/,
    );
    // A misspelt name is not taken for the cap: only the list is shown.
    await expect(rpc.call(getAsset, {}, { maxPage: 3 } as never)).rejects.toThrow(
      new ConfigurationError(`maxPage: is not a request option (${names})`, {
        operation: getAsset.id,
      }),
    );
    expect(calls).toHaveLength(0);
    // Where it belongs, it is taken: one page, then the walk stops.
    const walked = [];
    for await (const page of getAssets.all({}, { maxPages: 1 }).pages()) walked.push(page);
    expect(walked).toEqual([{ items: [7] }]);
    expect(calls).toHaveLength(1);
  });

  it("refuses options that hold none of their own (a Promise, a Map, a Date, an array…), named as the argument, sending nothing", async () => {
    // (Read as "no options", the client went on to the production host with $CHAINDATA_API_KEY,
    // and a call's timeout, signal or a walk's maxPages were silently lost: user trial 73, F1, for
    // a Promise, an async config not awaited; options74 for a Map, a Date, `[]`. A batcher's and a
    // limiter's are named `batch` and `rateLimit`, as their other errors are: review 73, F3.)
    const { fetch, calls } = answer();
    class Thenable {
      #loaded = Promise.resolve({ fetch, apiKey: "k", timeout: 1 });
      then(...handlers: Parameters<Promise<object>["then"]>) {
        return this.#loaded.then(...handlers);
      }
    }
    const rpc = createJsonRpcClient({ apiKey: "k", fetch }, rpcHost, "/");
    const walks = withPagination(async () => ({ items: [] }), {
      id: "getAssets",
      pagination: { style: "page", items: "items" },
    });
    for (const [given, kind] of [
      [Promise.resolve({ fetch, apiKey: "k", timeout: 1 }), "Promise"],
      [
        new Map<string, unknown>([
          ["fetch", fetch],
          ["timeout", 1],
        ]),
        "Map",
      ],
      [new Date(), "Date"],
      [[], "Array"],
      [[{ timeout: 1 }], "Array"],
      [new Set(["timeout"]), "Set"],
      // (A library's thenable, its state in a private field: for-in finds no name in it.)
      [new Thenable(), "Promise"],
    ] as const) {
      expect(() => resolveConfig(given as never)).toThrow(
        new ConfigurationError(`options: must be an object of client options (got ${kind})`),
      );
      expect(() => createJsonRpcClient(given as never, rpcHost, "/")).toThrow(
        `options: must be an object of client options (got ${kind})`,
      );
      await expect(rpc.call(getAsset, {}, given as never)).rejects.toThrow(
        `options: must be an object of request options (got ${kind})`,
      );
      expect(() => walks.all({}, given as never)).toThrow(
        `options: must be an object of request options (got ${kind})`,
      );
      expect(() => createBatcher(given as never)).toThrow(
        new ConfigurationError(`batch: must be an object of batcher options (got ${kind})`),
      );
      expect(() => createRateLimiter(given as never)).toThrow(
        new ConfigurationError(
          `rateLimit: must be an object of rate limiter options (got ${kind})`,
        ),
      );
    }
    expect(calls).toHaveLength(0);
  });

  it("escapes and cuts the kind a class sets itself (Symbol.toStringTag), as a name shown is", () => {
    const tagged = (tag: string) => ({ [Symbol.toStringTag]: tag });
    expect(() => resolveConfig(tagged("Config\nERROR forged") as never)).toThrow(
      new ConfigurationError(
        "options: must be an object of client options (got Config\\u000aERROR forged)",
      ),
    );
    expect(() => resolveConfig({ timeout: tagged("T".repeat(100)) as never })).toThrow(
      new ConfigurationError(
        `timeout: must be a number of milliseconds > 0, or Infinity (got ${"T".repeat(40)}…)`,
      ),
    );
  });

  it("takes options of any object that holds them by name: a class instance's getters, Object.create(defaults), no prototype, a module namespace", async () => {
    const { fetch, calls } = answer();
    class Options {
      get fetch() {
        return fetch;
      }
      get apiKey() {
        return "k";
      }
    }
    const bare = Object.assign(Object.create(null) as object, { fetch, apiKey: "k" });
    // (A module namespace from a data: URL: a specifier TypeScript has no declarations for.)
    const moduleUrl: string = "data:text/javascript,export const timeout = 5000;";
    const namespace = (await import(moduleUrl)) as object;
    expect(Object.prototype.toString.call(namespace)).toBe("[object Module]");
    for (const options of [new Options(), Object.create({ fetch, apiKey: "k" }), bare])
      await createJsonRpcClient(options, rpcHost, "/").call(getAsset, {}, namespace);
    expect(calls).toHaveLength(3);
    expect(resolveConfig(namespace)).toMatchObject({ timeout: 5000 });
  });

  it('refuses a retryNonIdempotent that is not a boolean: the string "false" would retry a write', async () => {
    const write = { id: "createThing", idempotent: false };
    const { fetch, calls } = answer();
    const rpc = createJsonRpcClient({ apiKey: "k", fetch }, rpcHost, "/");
    for (const [retryNonIdempotent, type] of [
      ["false", "string"],
      [0, "number"],
      [null, "null"],
    ] as const)
      await expect(
        rpc.call(write, {}, { retryNonIdempotent: retryNonIdempotent as never }),
      ).rejects.toThrow(
        new ConfigurationError(`retryNonIdempotent: must be true or false (got ${type})`, {
          operation: write.id,
        }),
      );
    expect(calls).toHaveLength(0);
    await rpc.call(write, {}, { retryNonIdempotent: false });
    expect(calls).toHaveLength(1);
  });

  it("sends no header for a null or undefined value; a null per-call value removes a client header", async () => {
    const { fetch, calls } = answer();
    const rpc = createJsonRpcClient(
      { apiKey: "k", fetch, headers: { "x-team": "a", "x-none": undefined } },
      rpcHost,
      "/",
    );
    await rpc.call(getAsset, {}, { headers: { "X-Team": null } });
    await rpc.call(getAsset, {});
    expect(calls.map((c) => [c.headers.get("x-team"), c.headers.has("x-none")])).toEqual([
      [null, false],
      ["a", false],
    ]);
  });

  it("ignores a logger whose methods cannot be read (a getter that throws): the request was sent, the call succeeds", async () => {
    const { fetch, calls } = answer();
    const logger = Object.defineProperty({}, "debug", {
      get() {
        throw new Error("no logger yet");
      },
    });
    await expect(
      createJsonRpcClient({ apiKey: "k", fetch, logger }, rpcHost, "/").call(
        { id: "createThing", idempotent: false },
        {},
      ),
    ).resolves.toBe(1);
    expect(calls).toHaveLength(1);
  });

  it("ignores a logger that throws: the call still succeeds", async () => {
    const { fetch } = answer();
    const throwing = {
      debug: () => {
        throw new Error("disk full");
      },
    };
    await expect(
      createJsonRpcClient({ apiKey: "k", fetch, logger: throwing }, rpcHost, "/").call(
        getAsset,
        {},
      ),
    ).resolves.toBe(1);
  });

  it("ignores an async logger that rejects: no unhandled rejection (Node ends the process on one)", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      // A 503 first, so the retry's `info` line is written too.
      const { fetch } = stubFetch(
        jsonResponse({}, { status: 503 }),
        jsonResponse({ jsonrpc: "2.0", id: "1", result: 1 }),
      );
      // (Typed `void`, as the Logger's methods are: an async function passes for one.)
      const rejecting = (() => Promise.reject(new Error("log sink down"))) as () => void;
      const rpc = createJsonRpcClient(
        { apiKey: "k", fetch, logger: { debug: rejecting, info: rejecting } },
        rpcHost,
        "/",
      );
      vi.useFakeTimers();
      const result = rpc.call(getAsset, {});
      await vi.runAllTimersAsync();
      await expect(result).resolves.toBe(1);
      vi.useRealTimers();
      // (Unhandled rejections are reported after the microtask queue drains.)
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      vi.useRealTimers();
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("refuses a logger whose debug, info or warn is there but not a function, naming it", () => {
    for (const [logger, message] of [
      [{ debug: true }, "logger.debug: must be a function (got boolean)"],
      [{ debug() {}, info: "yes" }, "logger.info: must be a function (got string)"],
      [{ warn: {} }, "logger.warn: must be a function (got object)"],
    ] as const)
      expect(() => createJsonRpcClient({ apiKey: "k", logger } as never, rpcHost, "/")).toThrow(
        new ConfigurationError(message),
      );
    // Absent or null methods are allowed (nothing is logged at that level); `console` fits.
    for (const logger of [{}, { debug: null, info: undefined }, console])
      expect(() =>
        createJsonRpcClient({ apiKey: "k", logger } as never, rpcHost, "/"),
      ).not.toThrow();
  });
});

describe("options read by name, as the checks read them (inherited values and getters too)", () => {
  // A spread keeps own enumerable properties only: the `baseUrls` of a getter, or the `signal`
  // of `Object.create(defaults)`, passed the checks and then went missing. Each case below was
  // such a loss.
  const LOCAL = "http://127.0.0.1:9";
  const getAsset = { id: "getAsset", idempotent: true };
  const rpcAnswer = () =>
    stubFetch((call) => jsonResponse({ jsonrpc: "2.0", id: JSON.parse(call.body!).id, result: 1 }));

  it("client options: a class instance's getter, and an inherited value, are used", async () => {
    const { fetch, calls } = rpcAnswer();
    class Settings {
      apiKey = "k";
      fetch = fetch;
      get baseUrls() {
        return { rpc: LOCAL };
      }
    }
    await createJsonRpcClient(new Settings(), rpcHost, "/").call(getAsset, {});
    await createJsonRpcClient(
      Object.assign(Object.create({ baseUrls: { rpc: LOCAL } }), { apiKey: "k", fetch }),
      rpcHost,
      "/",
    ).call(getAsset, {});
    expect(calls.map((c) => c.url.origin)).toEqual([LOCAL, LOCAL]);
    // The resolved configuration holds them as its own.
    expect(resolveConfig(new Settings())).toMatchObject({ baseUrls: { rpc: LOCAL }, fetch });
  });

  it("snapshotOptions keeps inherited and getter values, and an unknown own name for the client to refuse", () => {
    const snapshot = snapshotOptions(
      Object.create(
        { timeout: 5, baseUrls: Object.create({ rpc: LOCAL }) },
        { timout: { value: 1, enumerable: true } },
      ),
    );
    expect(snapshot).toEqual({
      timeout: 5,
      timout: 1,
      baseUrls: { rpc: LOCAL },
      headers: undefined,
    });
    expect(() => resolveConfig(snapshot)).toThrow(/^timout: is not a client option/);
  });

  it("per-call options of a REST call: inherited headers are sent, an inherited signal aborts", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({ ok: true }));
    const transport = createRestTransport({ apiKey: "k", fetch }, walletHost);
    const operation = { id: "getIdentity", idempotent: true };
    const invoke = (f: (request: Request) => Promise<Response>) =>
      f(new Request(`${transport.baseUrl}/v1/x`));
    await transport.restCall(
      operation,
      {},
      Object.create({ headers: { "x-trace": "t1" } }),
      invoke,
    );
    expect(calls[0]!.headers.get("x-trace")).toBe("t1");
    const controller = new AbortController();
    controller.abort();
    await expect(
      transport.restCall(operation, {}, Object.create({ signal: controller.signal }), invoke),
    ).rejects.toBeInstanceOf(AbortError);
    expect(calls).toHaveLength(1);
  });

  it("a page walk's options: an inherited signal reaches every page", async () => {
    const { fetch, calls } = rpcAnswer();
    const rpc = createJsonRpcClient({ apiKey: "k", fetch }, rpcHost, "/");
    const pages = withPagination(
      (params: object, options?: RequestOptions) => rpc.call(getAsset, params, options),
      {
        id: "getAsset",
        pagination: { style: "page", page: "page", limit: "limit", items: "items" },
      },
    );
    const controller = new AbortController();
    controller.abort();
    const walk = pages.all({}, Object.create({ signal: controller.signal }));
    await expect(walk[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(AbortError);
    expect(calls).toHaveLength(0);
  });
});

describe("option checks no other config test pinned (found by mutation testing)", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("quotes an unknown option name of 24 characters (the longest option's length), counts one of 25", () => {
    const name = "a".repeat(24);
    expect(() => resolveConfig({ [name]: 1 })).toThrow(`${name}: is not a client option (`);
    expect(() => resolveConfig({ [`${name}b`]: 1 })).toThrow(
      "<a name of 25 characters>: is not a client option (",
    );
  });

  it("escapes an unknown option name as a refused value is: a line break, a bidi control or an ANSI escape in it reach no log raw (review 71, F3)", () => {
    const message = (check: () => unknown) => {
      try {
        check();
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(message(() => resolveConfig({ "x\nERROR forged": 1 } as never))).toMatch(
      /^x\\u000aERROR forged: is not a client option \(/,
    );
    expect(message(() => checkRequestOptions({ "t\u202egnp.exe": 1 }))).toMatch(
      /^t\\u202egnp\.exe: is not a request option \(/,
    );
    expect(message(() => createBatcher({ "w\x1b[2J": 1 } as never))).toMatch(
      /^batch\.w\\u001b\[2J: is not a batcher option \(/,
    );
  });

  it("names a boxed number, bigint or string given as an option by its kind, as the parameter checks do (got Number, not object), and refuses it: none is taken as its primitive", async () => {
    const { fetch, calls } = stubFetch(() => jsonResponse({ jsonrpc: "2.0", id: 1, result: 1 }));
    expect(() => resolveConfig({ timeout: new Number(5) as never })).toThrow(
      new ConfigurationError(
        "timeout: must be a number of milliseconds > 0, or Infinity (got Number)",
      ),
    );
    expect(() => resolveConfig({ maxRetries: Object(2n) as never })).toThrow(
      new ConfigurationError("maxRetries: must be a whole number >= 0 (got BigInt)"),
    );
    expect(() =>
      resolveBaseUrl(resolveConfig({ environment: new String("devnet") as never }), rpcHost),
    ).toThrow(
      new ConfigurationError("environment: must be one of mainnet, devnet, local (got String)"),
    );
    expect(() => createBatcher({ maxSize: new Number(5) as never })).toThrow(
      new ConfigurationError(
        "batch.maxSize: must be a whole number >= 1, or Infinity (got Number)",
      ),
    );
    expect(() => createRateLimiter({ requestsPerSecond: Object(5n) })).toThrow(
      new ConfigurationError(
        "rateLimit.requestsPerSecond: must be a finite number > 0, at least one request per 22.5 days (got BigInt)",
      ),
    );
    const rpc = createJsonRpcClient({ apiKey: "k", fetch }, rpcHost, "/");
    await expect(
      rpc.call({ id: "getAsset", idempotent: true }, {}, { timeout: new Number(5) as never }),
    ).rejects.toThrow("timeout: must be a number of milliseconds > 0, or Infinity (got Number)");
    expect(calls).toHaveLength(0);
  });

  it("names a function and a bigint given as a limit by what they are: (got function), (got 2n)", () => {
    expect(() => resolveConfig({ timeout: (() => 1) as never })).toThrow(
      new ConfigurationError(
        "timeout: must be a number of milliseconds > 0, or Infinity (got function)",
      ),
    );
    expect(() => resolveConfig({ maxRetries: 2n as never })).toThrow(
      new ConfigurationError("maxRetries: must be a whole number >= 0 (got 2n)"),
    );
  });

  it("request options: none is no options; a signal without addEventListener, and an onResponse or onAttempt that is no function (null too), are refused", () => {
    expect(checkRequestOptions(undefined)).toEqual({});
    expect(() => checkRequestOptions({ signal: { removeEventListener() {} } as never })).toThrow(
      new ConfigurationError("signal: must be an AbortSignal (got Object)"),
    );
    for (const name of ["onResponse", "onAttempt"]) {
      expect(() => checkRequestOptions({ [name]: "log" })).toThrow(
        new ConfigurationError(`${name}: must be a function (got string)`),
      );
      // (`null` turns off the client's hook only: a call's own is a function or not given.)
      expect(() => checkRequestOptions({ [name]: null })).toThrow(
        new ConfigurationError(`${name}: must be a function (got null)`),
      );
    }
  });

  it("the local environment sends the placeholder key even where CHAINDATA_API_KEY is set (the real key does not travel to the mock)", () => {
    vi.stubEnv("CHAINDATA_API_KEY", "real-key-from-env");
    expect(resolveConfig({ environment: "local" }).apiKey).toBe("local");
  });

  it("wallet on devnet (no URL there) says to give baseUrls.wallet, not that undefined is no URL", () => {
    expect(() => resolveBaseUrl(resolveConfig({ environment: "devnet" }), walletHost)).toThrow(
      new ConfigurationError('No wallet URL for environment "devnet": set `baseUrls.wallet`'),
    );
  });

  it("snapshotOptions: no options, null or a string come back as given; headers as pairs or an object are copied whole", () => {
    for (const options of [undefined, null, "key-given-alone"])
      expect(snapshotOptions(options)).toBe(options);
    const pairs = [["x-team", "a"]];
    const copied = snapshotOptions({ headers: pairs });
    expect(copied.headers).toEqual([["x-team", "a"]]);
    expect(copied.headers[0]).not.toBe(pairs[0]);
    expect(snapshotOptions({ headers: { "x-team": "a" } }).headers).toEqual({ "x-team": "a" });
  });

  it("unbatched: a batch given to a client that cannot batch is refused (with the sdk's prefix too); false or none is fine", () => {
    const batch = createBatcher();
    expect(() => unbatched({ batch }, "sender")).toThrow(
      new ConfigurationError(
        "batch: is not an option of the sender client (only the compression, das and mint areas batch)",
      ),
    );
    expect(() => unbatched({ batch: true }, "wallet", "areas.wallet.")).toThrow(
      /^areas\.wallet\.batch: is not an option of the wallet client \(/,
    );
    for (const options of [{ batch: false }, {}, undefined, null])
      expect(unbatched(options, "sender")).toBe(options);
  });

  it("a rateLimit that is no limiter names the factory to make one with; one made by it is taken", () => {
    expect(() =>
      resolveConfig({ rateLimit: createRateLimiter({ requestsPerSecond: 5 }) }),
    ).not.toThrow();
    expect(() => resolveConfig({ rateLimit: {} as never })).toThrow(
      new ConfigurationError(
        "rateLimit: must be made by createRateLimiter({ requestsPerSecond }) (got object)",
      ),
    );
  });

  it("baseUrls: every trailing slash dropped; a URL object, a scheme not at the start and a long bare word refused (the word unquoted: it may be the key)", () => {
    const url = (rpc: unknown) =>
      resolveBaseUrl(resolveConfig({ baseUrls: { rpc } as never }), rpcHost);
    expect(url("https://node.example//")).toBe("https://node.example");
    const rule = "baseUrls.rpc: must start with http:// or https://";
    expect(() => url(new URL("https://node.example"))).toThrow(
      new ConfigurationError(`${rule} (got URL)`),
    );
    expect(() => url("ftp://node.example/https://x")).toThrow(`${rule} (got a long string)`);
    expect(() => url("notarealkeybutlong123")).toThrow(
      new ConfigurationError(`${rule} (got a long string)`),
    );
  });

  it("baseUrls: trailing white space dropped with the trailing slashes (a URL read from a file ends in a line break, which fetch's URL parser drops only after the path is joined: `/proxy/\\n` + `/v1/…` went to `/proxy//v1/…`, `/proxy \\n` to `/proxy%20/…`; review 71, F1)", () => {
    const url = (rpc: unknown) =>
      resolveBaseUrl(resolveConfig({ baseUrls: { rpc } as never }), rpcHost);
    expect(url("https://node.example/proxy/\n")).toBe("https://node.example/proxy");
    expect(url("https://node.example/proxy \r\n")).toBe("https://node.example/proxy");
    expect(url("https://node.example/\t/")).toBe("https://node.example");
    // (Inside the URL, a space is the caller's path, left as given.)
    expect(url("https://node.example/a b")).toBe("https://node.example/a b");
  });

  it("an operation without params given a second argument refuses it, counting the arguments; none is fine", () => {
    const message =
      "params: getHealth takes no params; its only argument is the request options (got 2 arguments)";
    let error: unknown;
    try {
      refuseExtraArguments("getHealth", [{ timeout: 5 }]);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      message,
      issues: [
        { path: "params", rule: "arguments", message, detail: message.slice("params: ".length) },
      ],
    });
    expect(() => refuseExtraArguments("getHealth", [])).not.toThrow();
    expect(() => refuseExtraArguments("getHealth")).not.toThrow();
  });
});
