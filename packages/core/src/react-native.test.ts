/**
 * What React Native gives the runtime where Node and browsers differ (user trial 47): its own
 * `URL` class, whose getters threw "not implemented" before RN 0.80; no `TextDecoder` before RN
 * 0.85 (Hermes); a `fetch` (whatwg-fetch) whose `Request` has no `body` stream; a `process` with
 * `env.NODE_ENV` only. test/packaging/react-native.test.ts runs a bundled program in such globals.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { resolveBaseUrl, resolveConfig } from "./config.js";
import { ConfigurationError } from "./errors.js";
import { rpcHost } from "./generated/environments.js";
import { isolateKeyEnv } from "./test-support/testing.js";

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
