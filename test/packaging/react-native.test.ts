// The packages in a React Native app (user trial 47): a program bundled as Metro resolves it (the
// `react-native` condition, then `import`/`require` and `default`; main fields `react-native`,
// `browser`, `main`) runs in a `node:vm` context holding only what RN 0.79 gives JavaScript:
// whatwg-fetch over an XMLHttpRequest (here one on node:http, following redirects as iOS and
// Android do), the `abort-controller` polyfill (no `reason`), RN's own URL class (getters that
// throw "not implemented" before RN 0.80), `process.env` with NODE_ENV only, TextEncoder and
// atob (Hermes from RN 0.74) but no TextDecoder (Hermes from RN 0.85) and no structuredClone.
// Against a loopback server. packages/core/README.md, "React Native", says what it found.
import { build } from "esbuild";
import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;
const KEY = "rn-test-key-0123456789abcdef";

/** RN 0.79's Libraries/Blob/URL.js and URLSearchParams.js, as far as a client reaches them. */
const reactNative079Url = `
export class URLSearchParams {
  constructor(params) { this._searchParams = []; if (typeof params === "object") Object.keys(params).forEach((key) => this.append(key, params[key])); }
  append(key, value) { this._searchParams.push([key, value]); }
  toString() { return this._searchParams.length === 0 ? "" : this._searchParams.map(([k, v]) => encodeURIComponent(k) + "=" + encodeURIComponent(v)).join("&"); }
}
for (const name of ["delete", "get", "getAll", "has", "set", "sort"])
  URLSearchParams.prototype[name] = () => { throw new Error("URLSearchParams." + name + " is not implemented"); };
export class URL {
  constructor(url, base) {
    if (base) throw new Error("harness: a base URL is not modelled");
    this._url = url;
    if (!this._url.endsWith("/") && !(this._url.includes("?") || this._url.includes("#"))) this._url += "/";
    this._searchParamsInstance = null;
  }
  get href() { return this.toString(); }
  get searchParams() { return (this._searchParamsInstance ??= new URLSearchParams()); }
  toJSON() { return this.toString(); }
  toString() {
    if (this._searchParamsInstance === null) return this._url;
    const query = this._searchParamsInstance.toString();
    return this._url + (this._url.indexOf("?") > -1 ? "&" : "?") + query;
  }
}
for (const name of ["hash", "host", "hostname", "origin", "password", "pathname", "port", "protocol", "search", "username"])
  Object.defineProperty(URL.prototype, name, { get() { throw new Error("URL." + name + " is not implemented"); } });
`;

/** RN's setUpXHR.js and setUpGlobals.js, for RN 0.79. */
const reactNativeEnvironment = `
import { URL, URLSearchParams } from "rn-url";
import { AbortController, AbortSignal } from "abort-controller/dist/abort-controller.js";
globalThis.window = globalThis.self = globalThis;
globalThis.process = { env: { NODE_ENV: "production" } };
globalThis.navigator = { product: "ReactNative" };
Object.assign(globalThis, { URL, URLSearchParams, AbortController, AbortSignal });
globalThis.FormData = class FormData {};
require("whatwg-fetch");
`;

/** What an app calls: DAS (a read and a page walk), a webhook's creation (a REST POST), no key. */
const app = `
import { createDasClient } from "@chaindata/das";
import { createWebhooksClient } from "@chaindata/webhooks";
globalThis.app = async (base, key) => {
  const das = createDasClient({ apiKey: key, baseUrls: { rpc: base } });
  const asset = await das.getAsset({ id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" });
  const walked = [];
  for await (const item of das.getAssetsByOwner.all({ ownerAddress: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY", limit: 2 }))
    walked.push(item.id);
  const webhooks = createWebhooksClient({ apiKey: key, baseUrls: { api: base } });
  const hook = await webhooks.createWebhook({ webhookURL: "https://hooks.example.com/x", transactionTypes: ["ANY"], accountAddresses: ["86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY"], webhookType: "enhanced" });
  let missingKey;
  // (No baseUrls: a host given its own URL and no key is called without one, a proxy.)
  try { await createDasClient().getAsset({ id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" }); }
  catch (error) { missingKey = error.name + ": " + error.message; }
  return { name: asset.content.metadata.name, supply: asset.token_info.supply, walked, hook: hook.webhookID, missingKey };
};
`;

/** `contents` bundled as Metro resolves packages; `modules`: modules of this test, by name. */
const bundle = async (contents: string, modules: Record<string, string> = {}) => {
  const { outputFiles } = await build({
    stdin: { contents, resolveDir: root, sourcefile: "entry.js" },
    bundle: true,
    write: false,
    format: "iife",
    platform: "neutral",
    mainFields: ["react-native", "browser", "main"],
    conditions: ["react-native"],
    logLevel: "silent",
    plugins: Object.keys(modules).length
      ? [
          {
            name: "test-modules",
            setup(plugin) {
              const filter = new RegExp(`^(${Object.keys(modules).join("|")})$`);
              plugin.onResolve({ filter }, ({ path }) => ({ path, namespace: "test-modules" }));
              plugin.onLoad({ filter: /.*/, namespace: "test-modules" }, ({ path }) => ({
                contents: modules[path],
                loader: "js",
              }));
            },
          },
        ]
      : [],
  });
  return outputFiles[0]!.text;
};

const asset = (id: string, name = id) => ({
  id,
  interface: "V1_NFT",
  content: { metadata: { name } },
  token_info: { supply: "__U64__" },
});

const received: { url: string; body: string }[] = [];
let base = "";
const server = createServer((req: IncomingMessage, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    received.push({ url: req.url!, body });
    res.setHeader("content-type", "application/json");
    if (req.url!.startsWith("/v0/webhooks"))
      return res.end(JSON.stringify(body ? { webhookID: "hook-1" } : { error: "no body" }));
    const { id, method, params } = JSON.parse(body) as {
      id: string;
      method: string;
      params: { page?: number };
    };
    const result =
      method === "getAsset"
        ? asset("DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263", "Mad Lads #8420 — 🎨")
        : {
            total: 2,
            limit: 2,
            page: params.page ?? 1,
            items: (params.page ?? 1) === 1 ? [asset("a1"), asset("a2")] : [],
          };
    // (A u64 past 2^53, as the service writes it: a bare JSON integer.)
    res.end(
      JSON.stringify({ jsonrpc: "2.0", id, result }).replaceAll(
        '"__U64__"',
        "18446744073709551615",
      ),
    );
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** RN's XMLHttpRequest as whatwg-fetch drives it, over node:http (`arraybuffer` responses). */
const xmlHttpRequest = `
globalThis.XMLHttpRequest = class XMLHttpRequest {
  constructor() { this.readyState = 0; this.responseType = ""; this._headers = {}; }
  open(method, url) { this._method = method; this._url = url; this.readyState = 1; }
  setRequestHeader(name, value) { this._headers[name] = value; }
  getAllResponseHeaders() { return this._raw.filter((_, i) => i % 2 === 0).map((name, i) => name + ": " + this._raw[2 * i + 1]).join("\\r\\n"); }
  abort() { this._aborted = true; this.readyState = 4; this.onabort && this.onabort(); }
  send(body) {
    hostRequest(this._method, this._url, this._headers, body, (error, status, raw, bytes) => {
      if (this._aborted) return;
      this.readyState = 4;
      this.onreadystatechange && this.onreadystatechange();
      if (error) return this.onerror && this.onerror();
      Object.assign(this, { status, statusText: "", _raw: raw, responseURL: this._url, response: new Uint8Array(bytes).buffer });
      this.onload && this.onload();
    });
  }
};`;

function hostRequest(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | null,
  done: (error: Error | null, status?: number, raw?: string[], bytes?: Buffer) => void,
) {
  const req = httpRequest(url, { method, headers }, (res) => {
    const chunks: Buffer[] = [];
    res.on("data", (chunk: Buffer) => chunks.push(chunk));
    res.on("end", () => done(null, res.statusCode, res.rawHeaders, Buffer.concat(chunks)));
  });
  req.on("error", (error) => done(error));
  req.end(body ?? undefined);
}

describe("in React Native 0.79's globals (no TextDecoder, URL getters that throw, whatwg-fetch)", () => {
  it("a DAS read and page walk, a REST POST and a missing key's error work as on Node", async () => {
    const environment = await bundle(reactNativeEnvironment, { "rn-url": reactNative079Url });
    const program = await bundle(app);
    const context = vm.createContext({
      console,
      setTimeout,
      clearTimeout,
      setInterval,
      clearInterval,
      queueMicrotask,
      performance: { now: () => performance.now() },
      TextEncoder,
      atob,
      btoa,
      hostRequest,
    });
    vm.runInContext(xmlHttpRequest, context);
    vm.runInContext(environment, context);
    vm.runInContext(program, context);
    expect(vm.runInContext("typeof TextDecoder + typeof structuredClone", context)).toBe(
      "undefinedundefined",
    );
    expect(() => vm.runInContext("new URL('https://x.example').username", context)).toThrow(
      "URL.username is not implemented",
    );

    const result = await (context.app as (base: string, key: string) => Promise<unknown>)(
      base,
      KEY,
    );
    expect(result).toEqual({
      name: "Mad Lads #8420 — 🎨",
      supply: 18446744073709551615n,
      walked: ["a1", "a2"],
      hook: "hook-1",
      missingKey:
        "ConfigurationError: Missing API key for the rpc host: pass `apiKey`, or `baseUrls.rpc` at your server, which adds it (CHAINDATA_API_KEY is not set or not read here)",
    });
    const posted = received.find((r) => r.url.startsWith("/v0/webhooks"))!;
    expect(JSON.parse(posted.body)).toMatchObject({ webhookURL: "https://hooks.example.com/x" });
  });
});
