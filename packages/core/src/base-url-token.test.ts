/**
 * A token in a `baseUrls` path (an endpoint whose URL authenticates: QuickNode `/<token>/`,
 * Alchemy `/v2/<key>`, Triton `/<token>`) is a secret: each path segment of 16 characters or more
 * is masked wherever the key is (README "Errors", decision 0016). User trial 32, F2: the debug
 * line printed it, and so did a message quoting a server that echoed the path.
 */
import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OperationDescriptor } from "./config.js";
import { rpcHost, senderHost, walletHost } from "./generated/environments.js";
import { createJsonRpcClient, type RpcMethodDescriptor } from "./json-rpc.js";
import { jsonResponse, sendRequest, stubFetch, type RecordedCall } from "./test-support/testing.js";
import { getText } from "./get-text.js";
import { createRestTransport } from "./rest.js";
import { vBoundedString, vObject } from "./validate.js";

const TOKEN = "3f9a1c2e7b4d4e0f8a6b5c3d2e1f0a9b"; // 32 characters
const SIXTEEN = "abcdefgh12345678"; // exactly 16
const getAsset: RpcMethodDescriptor = {
  id: "getAsset",
  idempotent: true,
  params: vObject({ id: vBoundedString(3) }, ["id"], false),
};
/** An answer of `status` that echoes the request's URL in its body and a header. */
const echo = (status: number) => (call: RecordedCall) =>
  jsonResponse(
    { error: { code: -32000, message: `failed: ${call.url.href}` }, path: call.url.pathname },
    { status, headers: { "x-url": call.url.pathname, "retry-after-ms": "0" } },
  );
const views = (error: any, lines: string[]) =>
  [
    error.message,
    error.stack,
    String(error),
    JSON.stringify(error),
    inspect(error, { depth: 10, showHidden: true }),
    ...lines,
  ].join("\n");
const logged = () => {
  const lines: string[] = [];
  const line = (message: string, meta: unknown) => lines.push(`${message} ${JSON.stringify(meta)}`);
  return { lines, logger: { debug: line, info: line, warn: line } };
};

afterEach(() => vi.unstubAllEnvs());

describe("a token in a baseUrls path is masked as the key is", () => {
  it("keyless JSON-RPC, a 503 echoing the URL, retried once: no log line nor error view holds it", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", "");
    const { fetch, calls } = stubFetch(echo(503));
    const { lines, logger } = logged();
    const rpc = createJsonRpcClient(
      { fetch, logger, maxRetries: 1, baseUrls: { rpc: `https://x.quiknode.pro/${TOKEN}/` } },
      rpcHost,
      "/",
    );
    const error = await rpc.call(getAsset, { id: "abc" }).catch((e: unknown) => e);
    expect(calls.map((c) => c.url.href)).toEqual([
      `https://x.quiknode.pro/${TOKEN}/`,
      `https://x.quiknode.pro/${TOKEN}/`,
    ]);
    expect(lines[0]).toMatch(/^getAsset: POST https:\/\/x\.quiknode\.pro\/\*\*\*\/ … /);
    expect(lines[1]).toMatch(/^getAsset: POST https:\/\/x\.quiknode\.pro\/\*\*\*\/ → 503/);
    expect(lines.some((line) => line.startsWith("Retrying getAsset"))).toBe(true);
    expect(error).toMatchObject({
      message: "HTTP 503 from getAsset: failed: https://x.quiknode.pro/***/ (2 attempts)",
      body: { path: "/***/" },
      headers: { "x-url": "/***/" },
    });
    const text = views(error, lines);
    expect(text).not.toContain(TOKEN);
    // (Nor a long piece of it: 8 characters or more of its start, where a body was cut.)
    expect(text).not.toContain(TOKEN.slice(0, 12));
  });

  it("segments under 16 characters and the host stay; one of exactly 16 is masked; a REST call, with a key, too", async () => {
    const { fetch } = stubFetch(echo(404));
    const { lines, logger } = logged();
    const transport = createRestTransport(
      {
        apiKey: "rest-key-0123456789",
        fetch,
        logger,
        baseUrls: { wallet: `https://solana-mainnet.g.alchemy.com/v2/${SIXTEEN}/` },
      },
      walletHost,
    );
    const operation: OperationDescriptor = { id: "getBalances", idempotent: true };
    const error = await sendRequest(
      transport,
      new Request(`${transport.baseUrl}/v1/wallet/balances`),
      { operation },
    ).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      "HTTP 404 from getBalances: failed: https://solana-mainnet.g.alchemy.com/v2/***/v1/wallet/balances?api-key=***",
    );
    expect(lines[0]).toContain(
      "GET https://solana-mainnet.g.alchemy.com/v2/***/v1/wallet/balances",
    );
    expect(views(error, lines)).not.toContain(SIXTEEN);
  });

  it("a path segment of 15 characters is not taken for a token", async () => {
    const fifteen = "chaindata-proxy";
    const { fetch } = stubFetch(echo(500));
    const rpc = createJsonRpcClient(
      { apiKey: "", fetch, maxRetries: 0, baseUrls: { rpc: `https://example.com/${fifteen}/rpc` } },
      rpcHost,
      "/",
    );
    await expect(rpc.call(getAsset, { id: "abc" })).rejects.toThrow(
      `failed: https://example.com/${fifteen}/rpc/`,
    );
  });

  it("the sender's ping (its own engine, without the key) masks it too", async () => {
    const { fetch } = stubFetch(echo(503));
    const { lines, logger } = logged();
    const ping = await getText(
      { fetch, logger, baseUrls: { sender: `https://sender.example.com/${TOKEN}` } },
      senderHost,
      "/ping",
      { id: "ping", idempotent: true, defaults: { maxRetries: 0 } },
    ).catch((e: unknown) => e);
    expect(ping).toMatchObject({ name: "InternalServerError" });
    expect(views(ping, lines)).not.toContain(TOKEN);
  });
});
