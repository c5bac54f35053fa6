// Traits of Cloudflare's workerd that a Node test can stand in for (user trial edge74).
import { afterEach, describe, expect, it, vi } from "vitest";
import { createJsonRpcClient } from "./json-rpc.js";
import { rpcHost } from "./generated/environments.js";
import { isolateKeyEnv, jsonResponse, settle, stubFetch } from "./test-support/testing.js";

isolateKeyEnv();

afterEach(() => vi.unstubAllGlobals());

describe("workerd's process with nodejs_compat, compatibility dates 2025-04-01 to 2025-09-14", () => {
  // (There `process.env` holds the Worker's bindings, and `process.versions` does not exist.)
  const workerdProcess = { env: { CHAINDATA_API_KEY: "a-key-from-a-binding" } };

  it("reads the key from a CHAINDATA_API_KEY binding, and a 401's hint names the variable", async () => {
    vi.stubGlobal("process", workerdProcess);
    const { fetch, calls } = stubFetch(jsonResponse({ error: "Unauthorized" }, { status: 401 }));
    const rpc = createJsonRpcClient({ fetch, maxRetries: 0 }, rpcHost, "/");
    const { error } = await settle(rpc.call({ id: "getAsset", idempotent: true }, {}));
    expect(String(calls[0]!.url)).toContain("api-key=a-key-from-a-binding");
    // (It read "(check the API key: `apiKey`)": the key came from the binding, never named.)
    expect(error.message).toMatch(/\(check the API key: `apiKey` or CHAINDATA_API_KEY\)$/);
    expect(error.message).not.toContain("a-key-from-a-binding");
  });

  it("without a binding, a missing key's message says to pass apiKey, and that the variable is not set or not read", async () => {
    // (The same `process` at 2025-03-31 has an empty `env`, which a binding does not fill, and
    // React Native's is alike: the two cannot be told apart. In this window a binding would be
    // read, so the ending said "not read" of a variable that was only not set, and a misspelt
    // binding's name was not what the user looked for; it now says both.)
    vi.stubGlobal("process", { env: {} });
    const { fetch, mock } = stubFetch(jsonResponse({}));
    const rpc = createJsonRpcClient({ fetch }, rpcHost, "/");
    const { error } = await settle(rpc.call({ id: "getAsset", idempotent: true }, {}));
    expect(error.message).toBe(
      "Missing API key for the rpc host: pass `apiKey`, or `baseUrls.rpc` at your server, which adds it (CHAINDATA_API_KEY is not set or not read here)",
    );
    expect(mock).not.toHaveBeenCalled();
  });
});

describe("a Worker with no process (compatibility date before 2026-08-04, no nodejs_compat)", () => {
  it("a missing key's message says CHAINDATA_API_KEY is not set or not read: a binding of that name is not read", async () => {
    // (It said "pass `apiKey`" alone: a user who set a CHAINDATA_API_KEY secret, as the option's
    // default reads, was not told why it was not used; user trial edge74, F5.)
    vi.stubGlobal("process", undefined);
    const { fetch, mock } = stubFetch(jsonResponse({}));
    const rpc = createJsonRpcClient({ fetch }, rpcHost, "/");
    const { error } = await settle(rpc.call({ id: "getAsset", idempotent: true }, {}));
    expect(error.message).toBe(
      "Missing API key for the rpc host: pass `apiKey`, or `baseUrls.rpc` at your server, which adds it (CHAINDATA_API_KEY is not set or not read here)",
    );
    expect(mock).not.toHaveBeenCalled();
  });
});
