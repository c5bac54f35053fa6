/**
 * What React Native gives the runtime where Node and browsers differ (user trial 47): its own
 * `URL` class, whose getters threw "not implemented" before RN 0.80; no `TextDecoder` before RN
 * 0.85 (Hermes); a `fetch` (whatwg-fetch) whose `Request` has no `body` stream; a `process` with
 * `env.NODE_ENV` only; no `structuredClone`. test/packaging/react-native.test.ts runs a bundled program in such globals.
 */
import createClient from "openapi-fetch";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createCoalescer } from "./coalesce.js";
import { resolveBaseUrl, resolveConfig } from "./config.js";
import { ConfigurationError, InvalidResponseError } from "./errors.js";
import { apiHost, rpcHost, walletHost } from "./generated/environments.js";
import { decodeUtf8 } from "./internal/utf8.js";
import { createJsonRpcClient, type RpcMethodDescriptor } from "./json-rpc.js";
import { createRestTransport, restInit } from "./rest.js";
import {
  createWebhookOp,
  getBalancesOp,
  isolateKeyEnv,
  jsonResponse,
  sendRequest,
  settle,
  stubFetch,
} from "./test-support/testing.js";

isolateKeyEnv();
afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * RN 0.79's `URL` (Libraries/Blob/URL.js), as far as a base URL's check reaches it: the constructor
 * checks nothing when given no base and adds a trailing slash; `href` and `toString()` work; the
 * other getters throw.
 */
class ReactNative079URL {
  _url: string;
  constructor(url: string) {
    this._url = url.endsWith("/") ? url : `${url}/`;
  }
  get href() {
    return this._url;
  }
  toString() {
    return this._url;
  }
  static {
    const getters = ["hash", "host", "hostname", "origin", "password", "pathname", "port"];
    for (const name of [...getters, "protocol", "search", "username"])
      Object.defineProperty(this.prototype, name, {
        get() {
          throw new Error(`URL.${name} is not implemented`);
        },
      });
  }
}

describe("React Native's URL before 0.80 (getters that throw)", () => {
  it("takes the environments' URLs and a valid baseUrls entry, and still refuses credentials, a query and a fragment", () => {
    vi.stubGlobal("URL", ReactNative079URL);
    // (Every client failed its first call with "baseUrls.rpc: must be a valid URL", given or not.)
    expect(resolveBaseUrl(resolveConfig(), rpcHost)).toBe("https://mainnet.helius-rpc.com");
    expect(
      resolveBaseUrl(resolveConfig({ baseUrls: { rpc: "http://10.0.2.2:4010/" } }), rpcHost),
    ).toBe("http://10.0.2.2:4010");
    for (const [url, rule] of [
      ["https://user:pa55word@x.example", "must not have credentials"],
      ["https://k3y-k3y-k3y@x.example/rpc", "must not have credentials"],
      ["https://x.example/?api-key=k3y", "must not have a query"],
      ["https://x.example/#k3y", "must not have a fragment"],
    ] as const)
      expect(() => resolveBaseUrl(resolveConfig({ baseUrls: { rpc: url } }), rpcHost)).toThrow(
        new ConfigurationError(`baseUrls.rpc: ${rule}`),
      );
    // (An `@` in the path or after the host is no credential.)
    expect(
      resolveBaseUrl(resolveConfig({ baseUrls: { rpc: "https://x.example/@team/rpc" } }), rpcHost),
    ).toBe("https://x.example/@team/rpc");
  });
});

describe("no TextDecoder (Hermes before React Native 0.85)", () => {
  const samples = [
    "",
    '{"jsonrpc":"2.0","result":1}',
    "Mad Lads #8420 — ñ, 日本, 🎨, \u{10FFFF}",
    "x".repeat(10_000) + "é".repeat(5_000) + "🎨".repeat(3_000),
  ];
  const bad = [[0xc3], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0x61, 0xff, 0x62], [0xf0, 0x90, 0x80]];

  it("decodes UTF-8 as TextDecoder does: every valid text alike, strict refuses bad bytes, lenient replaces them", () => {
    const encoded = samples.map((text) => new TextEncoder().encode(text));
    const invalid = bad.map((bytes) => new Uint8Array(bytes));
    const lenient = invalid.map((bytes) => new TextDecoder().decode(bytes));
    vi.stubGlobal("TextDecoder", undefined);
    expect(encoded.map((bytes) => decodeUtf8(bytes, true))).toEqual(samples);
    expect(encoded.map((bytes) => decodeUtf8(bytes))).toEqual(samples);
    for (const bytes of invalid) expect(() => decodeUtf8(bytes, true)).toThrow(URIError);
    // (TextDecoder makes a cut 4-byte sequence one U+FFFD; here each byte is one.)
    expect(invalid.map((bytes) => decodeUtf8(bytes))).toEqual([
      ...lenient.slice(0, 4),
      "\ufffd\ufffd\ufffd",
    ]);
  });

  it("reads a JSON-RPC answer (a u64 as bigint, non-ASCII text) and reports a body that is not UTF-8", async () => {
    // (Node's own fetch classes need TextDecoder when first loaded: loaded before it goes.)
    await new Response("").clone().arrayBuffer();
    const getAsset: RpcMethodDescriptor = {
      id: "getAsset",
      idempotent: true,
      u64: { supply: 1 },
    };
    const name = "Mad Lads #8420 — 🎨";
    const { fetch } = stubFetch(
      new Response(
        `{"jsonrpc":"2.0","id":"1","result":{"name":${JSON.stringify(name)},"supply":18446744073709551615}}`,
      ),
      new Response(new Uint8Array([...new TextEncoder().encode('{"a":"'), 0xff, 0x22, 0x7d])),
    );
    const rpc = createJsonRpcClient({ apiKey: "k", fetch, maxRetries: 0 }, rpcHost, "/");
    vi.stubGlobal("TextDecoder", undefined);
    // (Before: ReferenceError: TextDecoder is not defined, after the request was sent.)
    expect(await rpc.call(getAsset, {})).toEqual({ name, supply: 18446744073709551615n });
    const { error } = await settle(rpc.call(getAsset, {}));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.reason).toBe("invalid-utf8");
  });
});

describe("React Native's fetch (whatwg-fetch): a Request without a body stream", () => {
  it("sends a REST call's body", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({ webhookID: "w" }));
    const body = JSON.stringify({
      webhookURL: "https://hooks.example/x",
      transactionTypes: ["ANY"],
    });
    const request = new Request("https://api.helius.xyz/v0/webhooks", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    // (whatwg-fetch keeps the body for text()/arrayBuffer(), with no `body` property.)
    Object.defineProperty(request, "body", { value: undefined });
    await sendRequest(createRestTransport({ apiKey: "k", fetch }, walletHost), request, {
      operation: createWebhookOp,
    });
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.body).toBe(body);
    expect(calls[0]!.headers.get("content-type")).toBe("application/json");
  });

  it("openapi-fetch with the transport's Request sends the URL as made: no '/' added by RN's URL", async () => {
    vi.stubGlobal("URL", ReactNative079URL);
    let given = "";
    const { fetch: stub } = stubFetch(jsonResponse({ webhookID: "w" }));
    const fetch: typeof globalThis.fetch = (input, init) => (
      (given = String(input)),
      stub(input, init)
    );
    const transport = createRestTransport({ apiKey: "k", fetch }, apiHost);
    const client = createClient<any>({ baseUrl: transport.baseUrl, Request: restInit.Request });
    await transport.restCall(createWebhookOp, {}, undefined, (fetch) =>
      client.POST("/v0/webhooks", { body: {}, fetch, parseAs: "stream" }),
    );
    expect(given).toMatch(/^https:\/\/[^/]+\/v0\/webhooks\?api-key=k$/);
  });
});

describe("a missing key where no environment variable can be set", () => {
  // (npm's `process/browser`, which webpack 4 and the node-polyfill plugins of webpack 5, Vite and
  // Rollup put in a page: its `env` and `versions` are empty objects.)
  const POLYFILL = { env: {}, versions: {}, browser: true, title: "browser", version: "" };
  for (const [platform, process] of [
    ["React Native (process.env holds NODE_ENV only)", { env: { NODE_ENV: "production" } }],
    ["a page (no process)", undefined],
    ["a page with a bundler's process polyfill (npm's `process`)", POLYFILL],
  ] as const)
    it(`tells to pass apiKey or point baseUrls at a server of yours, and that CHAINDATA_API_KEY is not read: ${platform}`, async () => {
      vi.stubGlobal("process", process);
      const { fetch, mock } = stubFetch(jsonResponse({}));
      const rpc = createJsonRpcClient({ fetch }, rpcHost, "/");
      const { error } = await settle(rpc.call({ id: "getAsset", idempotent: true }, {}));
      vi.unstubAllGlobals();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toBe(
        "Missing API key for the rpc host: pass `apiKey`, or `baseUrls.rpc` at your server, which adds it (CHAINDATA_API_KEY is not set or not read here)",
      );
      expect(mock).not.toHaveBeenCalled();
    });

  it("names the baseUrls key of the host the call goes to: the wallet host's", async () => {
    vi.stubGlobal("process", undefined);
    const { fetch, mock } = stubFetch(jsonResponse({}));
    const wallet = createRestTransport({ fetch }, walletHost);
    const { error } = await settle(
      sendRequest(wallet, new Request(`${wallet.baseUrl}/v1/wallet/a/balances`), {
        operation: getBalancesOp,
      }),
    );
    vi.unstubAllGlobals();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toBe(
      "Missing API key for the wallet host: pass `apiKey`, or `baseUrls.wallet` at your server, which adds it (CHAINDATA_API_KEY is not set or not read here)",
    );
    expect(mock).not.toHaveBeenCalled();
  });

  for (const [platform, process] of [
    ["React Native", { env: { NODE_ENV: "production" } }],
    ["a page", undefined],
    ["a page with a bundler's process polyfill", POLYFILL],
  ] as const)
    it(`a 401's hint names apiKey only, not CHAINDATA_API_KEY: ${platform}`, async () => {
      // (It read "(check the API key: `apiKey` or CHAINDATA_API_KEY)" in a page; user trial 72,
      // F3.)
      vi.stubGlobal("process", process);
      const { fetch } = stubFetch(jsonResponse({ error: "Unauthorized" }, { status: 401 }));
      const rpc = createJsonRpcClient(
        { apiKey: "a-key-in-the-page", fetch, maxRetries: 0 },
        rpcHost,
        "/",
      );
      const { error } = await settle(rpc.call({ id: "getAsset", idempotent: true }, {}));
      vi.unstubAllGlobals();
      expect(error.message).toMatch(/\(check the API key: `apiKey`\)$/);
    });
});

describe("no structuredClone (React Native installs none)", () => {
  it("a coalescer copies a shared answer, JSON-RPC and REST, for each caller", async () => {
    const { fetch, calls } = stubFetch((call) =>
      call.body
        ? new Response(
            `{"jsonrpc":"2.0","id":${JSON.stringify((JSON.parse(call.body) as { id: string }).id)},"result":{"supply":18446744073709551615}}`,
          )
        : new Response('{"balances":[{"amount":18446744073709551615}]}'),
    );
    const coalesce = createCoalescer();
    const rpc = createJsonRpcClient({ apiKey: "k", fetch, coalesce }, rpcHost, "/");
    const rest = createRestTransport({ apiKey: "k", fetch, coalesce }, walletHost);
    const get = () =>
      rest.restCall(getBalancesOp, undefined, undefined, async (fetch) => ({
        response: await fetch(new Request(`${rest.baseUrl}/v1/a`)),
      })) as Promise<any>;
    const getAsset: RpcMethodDescriptor = { id: "getAsset", idempotent: true, u64: { supply: 1 } };
    vi.stubGlobal("structuredClone", undefined);
    // (Before: ReferenceError: structuredClone is not defined, before anything was sent.)
    const assets = (await Promise.all([rpc.call(getAsset, {}), rpc.call(getAsset, {})])) as any[];
    const balances = await Promise.all([get(), get()]);
    expect(calls).toHaveLength(2);
    expect(assets).toEqual([{ supply: 18446744073709551615n }, { supply: 18446744073709551615n }]);
    expect(assets[0]).not.toBe(assets[1]);
    expect(balances[0]).toEqual({ balances: [{ amount: 18446744073709551615n }] });
    expect(balances[1]).toEqual(balances[0]);
    expect(balances[1].balances).not.toBe(balances[0].balances);
  });
});
