// 2xx answers that cannot be used (truncated, HTML, empty, not UTF-8, wrong JSON-RPC id) and
// JSON-RPC batches answered with entries missing or out of order — through the real
// @chaindata/das (JSON-RPC) and @chaindata/wallet (REST) against a loopback server.
import {
  createBatcher,
  InvalidResponseError,
  isRetryable,
  JsonRpcError,
  InternalServerError,
} from "@chaindata/das";
import { createMintClient } from "@chaindata/mint";
import { createWebhooksClient } from "@chaindata/webhooks";
import { describe, expect, it, vi } from "vitest";
import {
  API_KEY,
  ASSET_ID,
  checkLeaksAfterEach,
  dasOf,
  drive,
  expectRedacted,
  FaultServer,
  loggedDelays,
  recordingLogger,
  reply,
  rpcResult,
  settle,
  useFakeClock,
  useFaultServer,
  WALLET,
  walletOf,
  type Behaviour,
} from "./harness.js";

let server: FaultServer;
useFaultServer((started) => (server = started));
checkLeaksAfterEach(() => server);

// maxRetries 2 everywhere: none of these faults may be retried (exactly one request), but a body
// cut short, which a read retries (its own describe below).
const das = (options: Record<string, unknown> = {}) =>
  dasOf(server, { maxRetries: 2, timeout: 5_000, ...options });
const wallet = (options: Record<string, unknown> = {}) =>
  walletOf(server, { maxRetries: 2, timeout: 5_000, ...options });

const ASSET_IDS = [
  "6nMMVpm7qQSBMPqJEoJGHxWEBKtozk1Cs5oZTgGryqZp",
  "CZUs7STKR7tVmvmfPsLibWt3woMiJB8CvsEwzfJ17YE",
  ASSET_ID,
];
/** A realistic result with escapes and multi-byte UTF-8 (2-, 3- and 4-byte sequences). */
const asset = (id: string) => ({
  interface: "V1_NFT",
  id,
  content: {
    metadata: { name: 'Ünïcode "漢字" 🚀 \\ edition', symbol: "ÆØÅ" },
    links: { image: "https://example.com/a.png" },
  },
  token_info: { supply: "18446744073709551615", decimals: 0 },
  burnt: false,
});
/** The server echoes the request target (with the key in it), as error pages often do. */
const htmlPage =
  (status: string): Behaviour =>
  (ctx) =>
    reply(
      200,
      `<!DOCTYPE html>\n<html><head><title>${status}</title></head><body><h1>${status}</h1><p>POST ${ctx.received.url}</p></body></html>`,
      {
        "content-type": "text/html; charset=utf-8",
      },
    )(ctx);

/** A JSON-RPC answer to the request, cut after 90 bytes (the body itself ends cleanly). */
const cutRpc: Behaviour = (ctx) =>
  reply(
    200,
    JSON.stringify({ jsonrpc: "2.0", id: ctx.received.json.id, result: asset(ASSET_ID) }).slice(
      0,
      90,
    ),
  )(ctx);
/** Backoff before retry n (1-based): 500 ms · 2^(n-1), minus up to 25 % jitter. */
const expectBackoff = (waits: number[]) =>
  waits.forEach((wait, i) => {
    const base = 500 * 2 ** i;
    expect(wait, `wait before retry ${i + 1}`).toBeGreaterThanOrEqual(Math.floor(base * 0.75));
    expect(wait, `wait before retry ${i + 1}`).toBeLessThanOrEqual(base);
  });

// Decision 0006: JSON left open in a body that ended cleanly is a transport failure (what a
// connection lost mid-body leaves when the body's end was not marked), retried by the rule of
// connection errors: reads, or writes with `retryNonIdempotent`. A write's 2xx says it was made.
// (`timeout: Infinity`: with the fake clock, the only timers are the retry waits, which `drive`
// fires; its steps are the waits.)
describe("a 2xx body cut short (truncated JSON): retried for reads, not for writes", () => {
  it("JSON-RPC read (getAsset): maxRetries + 1 identical requests with backoff, then 'truncated' saying its attempts", async () => {
    useFakeClock();
    const { client, lines } = das({ timeout: Infinity });
    server.serve(cutRpc);
    const { error, steps } = await drive(client.getAsset({ id: ASSET_ID }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ reason: "truncated", status: 200, operation: "getAsset" });
    expect(error.message).toMatch(/ \(3 attempts\)$/);
    expect(error.snippet).toMatch(/^\{"jsonrpc":"2.0","id":"1","result":\{"interface":"V1_NFT"/);
    expect(isRetryable(error)).toBe(true);
    expect(server.requests).toHaveLength(3);
    expect(new Set(server.requests.map((r) => r.body)).size).toBe(1);
    expect(steps).toHaveLength(2);
    expectBackoff(steps);
    expect(loggedDelays(lines)).toEqual(steps);
    expectRedacted([API_KEY], error, lines);
  });

  it("JSON-RPC read: cut once, then answered whole → resolves with the result", async () => {
    useFakeClock();
    const { client } = das({ timeout: Infinity });
    server.serve(cutRpc, rpcResult(asset(ASSET_ID)));
    const { value, error } = await drive(client.getAsset({ id: ASSET_ID }));
    expect(error).toBeUndefined();
    expect(value).toMatchObject({ id: ASSET_ID, token_info: { supply: 18446744073709551615n } });
    expect(server.requests).toHaveLength(2);
  });

  it("REST read (wallet.getIdentity): maxRetries + 1 requests, then 'truncated' saying its attempts", async () => {
    useFakeClock();
    const { client, lines } = wallet({ timeout: Infinity });
    server.serve(
      reply(200, '{"address":"86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY","name":"Bin'),
    );
    const { error, steps } = await drive(client.getIdentity({ wallet: WALLET }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ reason: "truncated", status: 200, operation: "getIdentity" });
    expect(error.message).toMatch(/ \(3 attempts\)$/);
    expect(server.requests).toHaveLength(3);
    expect(
      server.requests.every(
        (r) => r.method === "GET" && r.path === `/v1/wallet/${WALLET}/identity`,
      ),
    ).toBe(true);
    expectBackoff(steps);
    expectRedacted([API_KEY], error, lines);
  });

  const webhookInput = {
    webhookURL: "https://example.com/hook",
    transactionTypes: ["ANY" as const],
    accountAddresses: [WALLET],
  };
  const cutWebhook = reply(200, '{"webhookID":"0e8a4b6c-5d3f-4e21-9a7b-1c2d3e4f5a6b","wallet":"');
  const webhooks = (options: Record<string, unknown> = {}) => {
    const { lines, logger } = recordingLogger();
    const client = createWebhooksClient({
      apiKey: API_KEY,
      baseUrls: { api: server.url },
      logger,
      maxRetries: 2,
      timeout: Infinity,
      ...options,
    });
    return { client, lines };
  };

  it("REST write (webhooks.createWebhook): sent once, then 'truncated' (the 2xx says the write was made)", async () => {
    useFakeClock();
    const { client, lines } = webhooks();
    server.serve(cutWebhook);
    const { error, steps } = await drive(client.createWebhook(webhookInput));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ reason: "truncated", status: 200, operation: "createWebhook" });
    expect(error.message).not.toMatch(/attempts\)$/);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: "POST", path: "/v0/webhooks" });
    expect(steps).toEqual([]);
    expect(loggedDelays(lines)).toEqual([]);
    expectRedacted([API_KEY], error, lines);
  });

  it("REST write with retryNonIdempotent: true: retried (maxRetries + 1 identical requests)", async () => {
    useFakeClock();
    const { client } = webhooks();
    server.serve(cutWebhook);
    const { error, steps } = await drive(
      client.createWebhook(webhookInput, { retryNonIdempotent: true }),
    );
    expect(error).toMatchObject({ name: "InvalidResponseError", reason: "truncated" });
    expect(error.message).toMatch(/ \(3 attempts\)$/);
    expect(server.requests).toHaveLength(3);
    expect(new Set(server.requests.map((r) => r.body)).size).toBe(1);
    expectBackoff(steps);
  });

  it("JSON-RPC write (mint.mintCompressedNft): sent once, then 'truncated'", async () => {
    useFakeClock();
    // (The method is deprecated: its once-per-process warning is kept out of the test output.)
    const emit = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    try {
      const { lines, logger } = recordingLogger();
      const client = createMintClient({
        apiKey: API_KEY,
        baseUrls: { rpc: server.url },
        logger,
        maxRetries: 2,
        timeout: Infinity,
      });
      server.serve((ctx) =>
        reply(
          200,
          `{"jsonrpc":"2.0","id":${JSON.stringify(ctx.received.json.id)},"result":{"signature":"5VERv8`,
        )(ctx),
      );
      const { error, steps } = await drive(
        client.mintCompressedNft({ name: "N", symbol: "S", description: "D", owner: WALLET }),
      );
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect(error).toMatchObject({
        reason: "truncated",
        status: 200,
        operation: "mintCompressedNft",
      });
      expect(error.message).not.toMatch(/attempts\)$/);
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.json).toMatchObject({ method: "mintCompressedNft" });
      expect(steps).toEqual([]);
      expectRedacted([API_KEY], error, lines);
    } finally {
      emit.mockRestore();
    }
  });
});

// No body byte where one is due, which no `content-length: 0` (nor a 204) declared: a body cut
// before its first byte (decision 0006), which a close-delimited answer whose connection dropped
// reads as. Retried as a body cut short is, and reported as one (`truncated`).
describe("a 2xx with no body byte where one is due, not declared empty: retried as 'truncated'", () => {
  /** Headers and no body, the end of the body marked only by the connection's close. */
  const closeDelimitedEmpty: Behaviour = (ctx) => {
    ctx.res.socket!.end(
      "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n",
    );
  };

  it("JSON-RPC read: a close-delimited body lost before its first byte, then answered → resolves (2 requests)", async () => {
    useFakeClock();
    const { client, lines } = das({ timeout: Infinity });
    server.serve(closeDelimitedEmpty, rpcResult(asset(ASSET_ID)));
    const { value, error, steps } = await drive(client.getAsset({ id: ASSET_ID }));
    expect(error).toBeUndefined();
    expect(value).toMatchObject({ id: ASSET_ID });
    expect(server.requests).toHaveLength(2);
    expect(steps).toHaveLength(1);
    expect(lines.join("\n")).toContain("Invalid response (truncated) from getAsset, status 200");
  });

  it("JSON-RPC read, never a byte (chunked, ended cleanly): maxRetries + 1 requests, then 'truncated' saying its attempts", async () => {
    useFakeClock();
    const { client, lines } = das({ timeout: Infinity });
    server.serve(reply(200, ""));
    const { error, steps } = await drive(client.getAsset({ id: ASSET_ID }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ reason: "truncated", status: 200, snippet: "" });
    expect(error.message).toBe(
      "Invalid response (truncated) from getAsset, status 200 (3 attempts)",
    );
    expect(isRetryable(error)).toBe(true);
    expect(server.requests).toHaveLength(3);
    expectBackoff(steps);
    expectRedacted([API_KEY], error, lines);
  });

  it("REST read (wallet.getIdentity): retried, then resolves", async () => {
    useFakeClock();
    const { client } = wallet({ timeout: Infinity });
    server.serve(reply(200, ""), reply(200, JSON.stringify({ address: WALLET, name: "Binance" })));
    const { value, error } = await drive(client.getIdentity({ wallet: WALLET }));
    expect(error).toBeUndefined();
    expect(value).toMatchObject({ address: WALLET });
    expect(server.requests).toHaveLength(2);
  });

  it("declared empty (content-length: 0) → 'empty', one request: the server's own answer", async () => {
    const { client } = das();
    server.serve(reply(200, "", { "content-length": "0" }));
    const { error } = await settle(client.getAsset({ id: ASSET_ID }));
    expect(error).toMatchObject({ name: "InvalidResponseError", reason: "empty", snippet: "" });
    expect(isRetryable(error)).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it("a write (webhooks.createWebhook): sent once, then 'truncated' (the 2xx says the write was made)", async () => {
    const client = createWebhooksClient({
      apiKey: API_KEY,
      baseUrls: { api: server.url },
      maxRetries: 2,
    });
    server.serve(reply(200, ""));
    const { error } = await settle(
      client.createWebhook({
        webhookURL: "https://example.com/hook",
        transactionTypes: ["ANY"],
        accountAddresses: [WALLET],
      }),
    );
    expect(error).toMatchObject({ name: "InvalidResponseError", reason: "truncated" });
    expect(server.requests).toHaveLength(1);
  });
});

describe("JSON-RPC: unusable 2xx bodies (not retried)", () => {
  it("truncated at every byte of a valid response → 'truncated' each time (never 'non-json' or 'invalid-utf8')", async () => {
    // A fresh client per cut, so that the request id is always "1" and the body is fixed.
    // `maxRetries: 0`: this is about how each cut is read, and retries would wait out two real
    // backoffs per cut (the retry itself is shown above).
    const full = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: "1", result: asset(ASSET_ID) }));
    const reasons = new Map<string, number[]>();
    // (From 0: no byte at all is a body cut too, decision 0006.)
    for (let cut = 0; cut < full.length; cut++) {
      server.serve(reply(200, full.subarray(0, cut)));
      const { error } = await settle(das({ maxRetries: 0 }).client.getAsset({ id: ASSET_ID }));
      const reason =
        error instanceof InvalidResponseError
          ? error.reason
          : `not InvalidResponseError: ${error?.name}`;
      reasons.set(reason, [...(reasons.get(reason) ?? []), cut]);
    }
    const summary = Object.fromEntries(
      [...reasons].map(([reason, cuts]) => [
        reason,
        `${cuts.length} cuts` +
          (reason === "truncated"
            ? ""
            : ` at bytes ${cuts.join(", ")}; body ends ${cuts.map((c) => JSON.stringify(full.subarray(Math.max(0, c - 4), c).toString("latin1"))).join(" ")}`),
      ]),
    );
    expect(summary).toEqual({ truncated: `${full.length} cuts` });
    expect(server.requests).toHaveLength(full.length);
  });

  it("an HTML error page with status 200 → InvalidResponseError 'html'", async () => {
    const { client, lines } = das();
    server.serve(htmlPage("502 Bad Gateway"));
    const { error } = await settle(client.getAsset({ id: ASSET_ID }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ reason: "html", status: 200 });
    expect(error.snippet).toMatch(/^<!DOCTYPE html>/);
    expect(error.snippet).toContain("api-key=***");
    expect(server.requests).toHaveLength(1);
    expectRedacted([API_KEY], error, lines);
  });

  it("a captive portal's login page with status 200 → 'html', its message naming the page's title, key masked (user trial 34, F5)", async () => {
    const { client, lines } = das();
    server.serve((ctx) =>
      reply(
        200,
        `<!doctype html><html><head>\n<title>\n  Hotel WiFi: sign in to reach ${ctx.received.url}\n</title></head><body><form></form></body></html>`,
        { "content-type": "text/html" },
      )(ctx),
    );
    const { error } = await settle(client.getAsset({ id: ASSET_ID }));
    expect(error).toMatchObject({ name: "InvalidResponseError", reason: "html", status: 200 });
    expect(error.message).toBe(
      'Invalid response (html) from getAsset, status 200: page titled "Hotel WiFi: sign in to reach /?api-key=***"',
    );
    expect(server.requests).toHaveLength(1);
    expectRedacted([API_KEY], error, lines);
  });

  it("an HTML page labelled application/json → 'html'", async () => {
    const { client } = das();
    server.serve(reply(200, "\n  <html><body>Service Unavailable</body></html>"));
    const { error } = await settle(client.getAsset({ id: ASSET_ID }));
    expect(error).toMatchObject({ name: "InvalidResponseError", reason: "html" });
  });

  it("a body declared empty with status 200 → InvalidResponseError 'empty' (as on REST)", async () => {
    const { client, lines } = das();
    server.serve(reply(200, "", { "content-length": "0" }));
    const { error } = await settle(client.getAsset({ id: ASSET_ID }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ reason: "empty", status: 200, snippet: "" });
    expect(server.requests).toHaveLength(1);
    expectRedacted([API_KEY], error, lines);
  });

  it("a body that is not JSON at all → 'non-json'", async () => {
    const { client } = das();
    server.serve(reply(200, "OK", { "content-type": "text/plain" }));
    const { error } = await settle(client.getAsset({ id: ASSET_ID }));
    expect(error).toMatchObject({ name: "InvalidResponseError", reason: "non-json" });
  });

  it.each([
    ["another id", "999"],
    ["the id as a number", 1],
    ["a null id with a result", null],
  ])(
    "a response with the wrong id (%s) → InvalidResponseError 'id-mismatch'",
    async (_name, id) => {
      const { client, lines } = das();
      server.serve(reply(200, JSON.stringify({ jsonrpc: "2.0", id, result: asset(ASSET_ID) })));
      const { error } = await settle(client.getAsset({ id: ASSET_ID }));
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect(error).toMatchObject({ reason: "id-mismatch", status: 200 });
      expect(server.requests).toHaveLength(1);
      expectRedacted([API_KEY], error, lines);
    },
  );

  it("invalid UTF-8 → InvalidResponseError 'invalid-utf8'", async () => {
    const { client, lines } = das();
    server.serve((ctx) =>
      reply(
        200,
        Buffer.concat([
          Buffer.from(`{"jsonrpc":"2.0","id":"${ctx.received.json.id}","result":{"id":"`),
          Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
          Buffer.from('"}}'),
        ]),
      )(ctx),
    );
    const { error } = await settle(client.getAsset({ id: ASSET_ID }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ reason: "invalid-utf8", status: 200 });
    expect(server.requests).toHaveLength(1);
    expectRedacted([API_KEY], error, lines);
  });

  it("a JSON-RPC object with neither result nor error → 'not-json-rpc'", async () => {
    const { client } = das();
    server.serve((ctx) =>
      reply(200, JSON.stringify({ jsonrpc: "2.0", id: ctx.received.json.id }))(ctx),
    );
    const { error } = await settle(client.getAsset({ id: ASSET_ID }));
    expect(error).toMatchObject({ name: "InvalidResponseError", reason: "not-json-rpc" });
  });
});

describe("REST (wallet.getIdentity): unusable 2xx bodies (not retried)", () => {
  it("an HTML error page with status 200 → 'html'", async () => {
    const { client, lines } = wallet();
    server.serve(htmlPage("503 Service Unavailable"));
    const { error } = await settle(client.getIdentity({ wallet: WALLET }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ reason: "html", status: 200 });
    expect(server.requests).toHaveLength(1);
    expectRedacted([API_KEY], error, lines);
  });

  it("invalid UTF-8 → 'invalid-utf8'", async () => {
    const { client } = wallet();
    server.serve(
      reply(
        200,
        Buffer.concat([
          Buffer.from('{"address":"'),
          Buffer.from([0xed, 0xa0, 0x80]),
          Buffer.from('"}'),
        ]),
      ),
    );
    const { error } = await settle(client.getIdentity({ wallet: WALLET }));
    expect(error).toMatchObject({ name: "InvalidResponseError", reason: "invalid-utf8" });
    expect(server.requests).toHaveLength(1);
  });

  // Documented (Transport.restCall): an empty body is `undefined` only where the spec allows one
  // (a 204: deleteWebhook); elsewhere the typed result would be a lie, so it is an error.
  const emptyBodies = [
    ["200 with content-length: 0", reply(200, "", { "content-length": "0" })],
    ["200 with an empty body and no content-type", ((ctx) => ctx.res.end()) as Behaviour],
    ["204 No Content", ((ctx) => (ctx.res.writeHead(204), ctx.res.end())) as Behaviour],
  ] as const;
  it.each(emptyBodies)(
    "%s → InvalidResponseError 'empty' where a body is due",
    async (_name, behaviour) => {
      const { client } = wallet();
      server.serve(behaviour);
      const { value, error } = await settle(client.getIdentity({ wallet: WALLET }));
      expect(value).toBeUndefined();
      expect(error).toMatchObject({ name: "InvalidResponseError", reason: "empty", snippet: "" });
      expect(server.requests).toHaveLength(1);
    },
  );
  it.each([
    ...emptyBodies,
    // (Not declared empty, but no body is due: not read as one cut short.)
    ["200 with no body byte, chunked", reply(200, "")] as const,
  ])("%s → undefined from deleteWebhook (its spec allows a 204)", async (_name, behaviour) => {
    const client = createWebhooksClient({
      apiKey: API_KEY,
      baseUrls: { api: server.url },
      maxRetries: 0,
    });
    server.serve(behaviour);
    const { value, error } = await settle(
      client.deleteWebhook({ webhookID: "0e8a4b6c-5d3f-4e21-9a7b-1c2d3e4f5a6b" }),
    );
    expect(error).toBeUndefined();
    expect(value).toBeUndefined();
    expect(server.requests).toHaveLength(1);
  });
});

describe("JSON-RPC batches (batch: createBatcher(), several calls in one tick)", () => {
  /** Answers a batch request with `shape(entries)`, each entry the result for its request. */
  const batchReply =
    (shape: (entries: any[]) => any[]): Behaviour =>
    (ctx) => {
      const requests: any[] = ctx.received.json;
      const entries = requests.map((r) => ({
        jsonrpc: "2.0",
        id: r.id,
        result: asset(r.params.id),
      }));
      reply(200, JSON.stringify(shape(entries)))(ctx);
    };
  const callAll = (client: ReturnType<typeof das>["client"]) =>
    Promise.all(ASSET_IDS.map((id) => settle(client.getAsset({ id }))));

  it("sends one request for three calls", async () => {
    const { client } = das({ batch: createBatcher() });
    server.serve(batchReply((e) => e));
    const results = await callAll(client);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.json.map((r: any) => [r.id, r.method, r.params.id])).toEqual(
      ASSET_IDS.map((id, i) => [String(i + 1), "getAsset", id]),
    );
    expect(results.map((r) => r.value?.id)).toEqual(ASSET_IDS);
    expect(results[0]!.value!.token_info!.supply).toBe(18446744073709551615n);
  });

  it("entries out of order → every call resolves with its own result", async () => {
    const { client } = das({ batch: createBatcher() });
    server.serve(batchReply((e) => [e[2], e[0], e[1]]));
    const results = await callAll(client);
    expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
    expect(results.map((r) => r.value?.id)).toEqual(ASSET_IDS);
    expect(server.requests).toHaveLength(1);
  });

  it("an entry missing → that call rejects 'missing-entry', the others resolve", async () => {
    const { client, lines } = das({ batch: createBatcher() });
    server.serve(batchReply((e) => [e[2], e[0]]));
    const [first, second, third] = await callAll(client);
    expect(first!.value?.id).toBe(ASSET_IDS[0]);
    expect(third!.value?.id).toBe(ASSET_IDS[2]);
    expect(second!.error).toBeInstanceOf(InvalidResponseError);
    expect(second!.error).toMatchObject({ reason: "missing-entry", status: 200 });
    expect(server.requests).toHaveLength(1);
    expectRedacted([API_KEY], second!.error, lines);
  });

  it("an empty batch answer → every call rejects 'missing-entry'", async () => {
    const { client } = das({ batch: createBatcher() });
    server.serve(batchReply(() => []));
    const results = await callAll(client);
    expect(results.map((r) => r.error?.reason)).toEqual([
      "missing-entry",
      "missing-entry",
      "missing-entry",
    ]);
  });

  it("one entry is a JSON-RPC error → that call rejects JsonRpcError, the others resolve", async () => {
    const { client } = das({ batch: createBatcher() });
    server.serve(
      batchReply((e) => [
        e[0],
        { jsonrpc: "2.0", id: e[1].id, error: { code: -32000, message: "Asset not found" } },
        e[2],
      ]),
    );
    const [first, second, third] = await callAll(client);
    expect(first!.value?.id).toBe(ASSET_IDS[0]);
    expect(third!.value?.id).toBe(ASSET_IDS[2]);
    expect(second!.error).toBeInstanceOf(JsonRpcError);
    expect(second!.error).toMatchObject({ code: -32000, rpcMessage: "Asset not found", id: "2" });
  });

  it("a 503 on the batch → retried as one batch; then every call rejects InternalServerError", async () => {
    const { client } = das({ batch: createBatcher() });
    server.serve(reply(503, "", { "retry-after": "0" }));
    const results = await callAll(client);
    expect(server.requests).toHaveLength(3);
    expect(new Set(server.requests.map((r) => r.body)).size).toBe(1);
    for (const r of results) expect(r.error).toBeInstanceOf(InternalServerError);
  });

  it("truncated batch answer → retried as one batch; then every call rejects 'truncated' saying its attempts", async () => {
    const { client } = das({ batch: createBatcher() });
    server.serve((ctx) => {
      const body = JSON.stringify(
        ctx.received.json.map((r: any) => ({
          jsonrpc: "2.0",
          id: r.id,
          result: asset(r.params.id),
        })),
      );
      reply(200, body.slice(0, body.length - 40))(ctx);
    });
    const results = await callAll(client);
    expect(results.map((r) => r.error?.reason)).toEqual(["truncated", "truncated", "truncated"]);
    for (const r of results) expect(r.error.message).toMatch(/ \(3 attempts\)$/);
    expect(server.requests).toHaveLength(3);
    expect(new Set(server.requests.map((r) => r.body)).size).toBe(1);
    expect(server.requests[0]!.json).toHaveLength(3);
  });

  it("a 1-entry batch answer to a lone call → rpcResult works (single requests are not arrays)", async () => {
    const { client } = das({ batch: createBatcher() });
    server.serve(rpcResult((received: any) => asset(received.json.params.id)));
    const { value } = await settle(client.getAsset({ id: ASSET_ID }));
    expect(value?.id).toBe(ASSET_ID);
    expect(Array.isArray(server.requests[0]!.json)).toBe(false);
  });
});
