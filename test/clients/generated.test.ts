// The generated clients put each operation on the wire as the spec says: the
// JSON-RPC params shapes (by name, by position, bare array), the sender's query flag,
// REST path/query/body splitting, per-host auth, u64 revival, deprecation warnings,
// and the standalone (tree-shakable) functions. A stub `fetch` records every request.
import { createAdminClient } from "@chaindata/admin";
import { rpcEncoding } from "@chaindata/core";
import { ConfigurationError, createChainDataClient, type ClientOptions } from "@chaindata/sdk";
import { createCompressionClient } from "@chaindata/compression";
import {
  createBatcher,
  createDasClient,
  createDasRpc,
  getAsset,
  InvalidResponseError,
  paginateGetAssetsByOwner,
  ValidationError,
} from "@chaindata/das";
import { createMintClient } from "@chaindata/mint";
import {
  createSenderClient,
  createSenderRpc,
  InternalServerError as SenderServerError,
  ping,
} from "@chaindata/sender";
import { createTokenMetadataClient } from "@chaindata/token-metadata";
import { createWalletClient } from "@chaindata/wallet";
import { createWebhooksClient } from "@chaindata/webhooks";
import { execFileSync } from "node:child_process";
import { inspect } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { notABatchOption } from "../../packages/sdk/src/test-support/batching-areas.js";
import { areas } from "../spec/documents.js";

const ADDRESS = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";
const OWNER = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const KEY = "test-key-9f8e7d";
// The webhook URL's rule, in the spec's words (its x-pattern-description).
const WEBHOOK_URL_RULE =
  "must be an https:// URL with a host that is not localhost, 127.x.x.x or [::1], and no whitespace";
// One signed transaction in both encodings (the spec's sendTransaction examples).
const TX_BASE64 =
  "AUQ4BI0nYq1N1LVoJfqTRAPWbViaAwwiLstKIAZ/e33lI9GU3f2pYVA/f8SrN0ySqw+K7/ZMs4oJ4l3Dsse4Ug8BAAIE+dCUhLhDr+MiUbGM9HY82w67DVWdbvaDBp1iQFDnFqcu7nuJKk74pEqr+XDMDjfq9yZ2dRcMHWmc0xJ0SWxUPwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAwZGb+UhFzL/7K26csOb57yM5bvF9xJrLEObOkAAAAC1mWaqQqnxp+/GVr22qds7K3UnRDfYIPwTG3kS53nq7gMDAAUCeAUAAAMACQOghgEAAAAAAAICAAEMAgAAAEBCDwAAAAAA";
const TX_BASE58 =
  "4iXPGWBQShuDvAhycZtdPvHR3KcP6gjvL6poDsWX7omZg2fXpA9C3nXzc8fqpSiBHPc9bPw9qz9Xqc1SoZ52J7JXVygHnoAYjtPZgctWGHLnDdEEWvFBTxVoDTRFrP2uPBiyQidwKdb8vmHV1bRxFXSJjqgcpQ7PAHqh9z7NfpqNNt4jy1UWgt1U38ACQLw9oRcdDe3em1z3qAa9WMrBkVee7RD479gxXg3UwpmeuAd7A2E9PhMJA1KKyLLywyk2zfivnPogDeBtFjTbBL3GCiBypX49Lgm3M1ZnhTHB4m3ar3nod6DHVpKvL4MySAJ294YnS46qzkHEEnUDJy5tcH3feMvf3JNbiZz7hTNmDm3V";

const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
  body: any;
}

/** A fetch that records requests and answers `reply(request)` (JSON-RPC results are wrapped). */
function stub(reply: (r: Recorded) => string) {
  const requests: Recorded[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    const r: Recorded = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(r);
    return new Response(reply(r), { status: 200, headers: { "content-type": "application/json" } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}
const rpcReply = (result: string) => (r: Recorded) =>
  `{"jsonrpc":"2.0","id":"${r.body.id}","result":${result}}`;
const options = (fetch: typeof globalThis.fetch) => ({ apiKey: KEY, fetch, maxRetries: 0 });
/** A webhook write's answer: the webhook it sent, with the id and owner the service adds. */
const webhookEcho = (r: Recorded) =>
  JSON.stringify({ webhookID: "7f8c0b1e-2a3d-4c5e-8f90-1a2b3c4d5e6f", wallet: OWNER, ...r.body });

/**
 * Creates a webhook at each URL with a webhooks client on a stub fetch; resolves with the stub's
 * requests. `refused`: each URL must be refused by the check, naming the rule and quoting the URL
 * as `[url, shown]` says (the check quotes a URL without its query or userinfo), nothing sent.
 */
async function createWebhooksAt({
  refused = [],
  accepted = [],
}: {
  refused?: Array<string | [url: string, shown: string]>;
  accepted?: string[];
}) {
  const { fetch, requests } = stub(webhookEcho);
  const webhooks = createWebhooksClient(options(fetch));
  const at = (webhookURL: string) =>
    webhooks.createWebhook({ webhookURL, transactionTypes: ["ANY"], accountAddresses: [OWNER] });
  for (const entry of refused) {
    const [webhookURL, shown] = typeof entry === "string" ? [entry, entry] : entry;
    await expect(at(webhookURL), JSON.stringify(webhookURL)).rejects.toMatchObject({
      name: "ValidationError",
      // The rule in the spec's words (x-pattern-description), not the pattern's 100 characters.
      issues: [
        {
          path: "params.webhookURL",
          rule: "pattern",
          message: `params.webhookURL: ${WEBHOOK_URL_RULE} (got ${JSON.stringify(shown)})`,
        },
      ],
    });
  }
  expect(requests).toHaveLength(0);
  for (const webhookURL of accepted) await at(webhookURL);
  expect(requests).toHaveLength(accepted.length);
}

describe("JSON-RPC wire format", () => {
  it("sends params by name on POST /?api-key= and revives u64 fields as bigint", async () => {
    const { fetch, requests } = stub(
      rpcReply(
        `{"id":"${ADDRESS}","interface":"FungibleToken","token_info":{"supply":8881564943168000000,"decimals":5}}`,
      ),
    );
    const das = createDasClient(options(fetch));
    const asset = await das.getAsset({ id: ADDRESS, options: { showFungible: true } });
    expect(asset.token_info?.supply).toBe(8881564943168000000n);
    const [r] = requests;
    expect(r!.method).toBe("POST");
    expect(`${r!.url.origin}${r!.url.pathname}`).toBe("https://mainnet.helius-rpc.com/");
    expect(r!.url.searchParams.get("api-key")).toBe(KEY);
    expect(r!.body).toEqual({
      jsonrpc: "2.0",
      id: r!.body.id,
      method: "getAsset",
      params: { id: ADDRESS, options: { showFungible: true } },
    });
    expect(typeof r!.body.id).toBe("string");
  });

  it("revives token_info.balance (a raw u64 amount) as bigint, small or large, in every DAS asset result", async () => {
    const asset = (balance: string) =>
      `{"id":"${ADDRESS}","interface":"FungibleToken","token_info":{"balance":${balance},"supply":10,"decimals":5,"associated_token_address":"${OWNER}","price_info":{"price_per_token":0.5,"currency":"USDC","total_price":1.5}},"uses":{"use_method":"Single","remaining":1,"total":3}}`;
    const das = createDasClient(
      options(
        stub((r) => {
          const result =
            r.body.method === "getAsset"
              ? asset("42")
              : r.body.method === "getAssetBatch"
                ? `[${asset("18446744073709551615")},null]`
                : `{"total":1,"limit":1,"page":1,"items":[${asset("7")}]}`;
          return `{"jsonrpc":"2.0","id":"${r.body.id}","result":${result}}`;
        }).fetch,
      ),
    );
    const one = await das.getAsset({ id: ADDRESS });
    expect(one.token_info?.balance).toBe(42n);
    expect(one.token_info?.price_info?.total_price).toBe(1.5);
    expect(one.uses).toEqual({ use_method: "Single", remaining: 1n, total: 3n });
    const [big] = await das.getAssetBatch({ ids: [ADDRESS, OWNER] });
    expect(big?.token_info?.balance).toBe(18446744073709551615n);
    const owned = await das.getAssetsByOwner({ ownerAddress: OWNER, page: 1, limit: 1 });
    expect(owned.items[0]?.token_info?.balance).toBe(7n);
    const byAuthority = await das.getAssetsByAuthority({ authorityAddress: OWNER, page: 1 });
    expect(byAuthority.items[0]?.token_info?.balance).toBe(7n);
  });

  it("sends sendTransaction params by position on POST /fast, swqosOnly as ?swqos_only=true, and no key when none is set", async () => {
    const { fetch, requests } = stub(
      rpcReply(
        `"5h6xBEauJ3PK6SWCZ1PGjBvj8vDdWG3KpwATGy1ARAXFSDwt8GFXM7W5Ncn16wmqokgpiKRLuS83KUxyZyv2sUYv"`,
      ),
    );
    const sender = createSenderClient({ fetch, apiKey: undefined });
    vi.stubEnv("CHAINDATA_API_KEY", "");
    await sender.sendTransaction({
      transaction: TX_BASE64,
      config: { encoding: "base64", skipPreflight: true },
      swqosOnly: true,
    });
    vi.unstubAllEnvs();
    const [r] = requests;
    expect(r!.url.pathname).toBe("/fast");
    expect(r!.url.searchParams.get("swqos_only")).toBe("true");
    expect(r!.url.searchParams.has("api-key")).toBe(false);
    expect(r!.body.params).toEqual([
      TX_BASE64,
      { encoding: "base64", skipPreflight: true, maxRetries: 0 },
    ]);
  });

  it("sender: a config that leaves out skipPreflight and maxRetries is sent with skipPreflight: true and maxRetries: 0, as helius-sdk sends; values given are sent as given", async () => {
    const { fetch, requests } = stub(rpcReply('"sig"'));
    const sender = createSenderClient({ fetch });
    const config = { encoding: "base64" } as const;
    await sender.sendTransaction({ transaction: TX_BASE64, config });
    await sender.sendTransaction({
      transaction: TX_BASE58,
      config: { encoding: "base58", skipPreflight: false, maxRetries: 3 },
    });
    await sender.sendTransaction({
      transaction: TX_BASE64,
      config: { encoding: "base64", skipPreflight: undefined, maxRetries: 1 },
    });
    await createSenderRpc({ fetch }).call(
      { id: "sendTransaction", idempotent: true, encode: rpcEncoding(["transaction", "config"]) },
      { transaction: TX_BASE64, config },
    );
    expect(requests.map((r) => r.body.params)).toEqual([
      [TX_BASE64, { encoding: "base64", skipPreflight: true, maxRetries: 0 }],
      [TX_BASE58, { encoding: "base58", skipPreflight: false, maxRetries: 3 }],
      [TX_BASE64, { encoding: "base64", skipPreflight: true, maxRetries: 1 }],
      // (A descriptor without the spec's defaults sends only what it is given.)
      [TX_BASE64, { encoding: "base64" }],
    ]);
    expect(config).toEqual({ encoding: "base64" }); // the caller's object is left as it was
    // A name the config does not have (a misspelt skipPreflight) is refused: it would go out
    // beside the skipPreflight: true added for it, and the service would skip what was asked for.
    await expect(
      sender.sendTransaction({
        transaction: TX_BASE64,
        config: { encoding: "base64", skip_preflight: false } as never,
      }),
    ).rejects.toThrow(
      "params.config.skip_preflight: is not an allowed property (allowed: encoding, skipPreflight, maxRetries, preflightCommitment, minContextSlot)",
    );
    expect(requests).toHaveLength(4);
    // The rest of the standard sendTransaction config is sent as given.
    await sender.sendTransaction({
      transaction: TX_BASE64,
      config: {
        encoding: "base64",
        skipPreflight: false,
        preflightCommitment: "confirmed",
        minContextSlot: 1,
      },
    });
    expect(requests[4]!.body.params[1]).toEqual({
      encoding: "base64",
      skipPreflight: false,
      maxRetries: 0,
      preflightCommitment: "confirmed",
      minContextSlot: 1,
    });
  });

  it("das: a Date, a Map or a String object given for an enum is named by its class, not quoted as its JSON (a Date's ISO text read as a string given), and nothing is sent", async () => {
    const { fetch, requests } = stub(rpcReply("{}"));
    const das = createDasClient({ apiKey: KEY, fetch });
    for (const [given, kind] of [
      [new Date(0), "Date"],
      [new Map(), "Map"],
      [new String("id"), "String"],
    ] as const) {
      const error = await das
        .getAssetsByOwner({ ownerAddress: OWNER, sortBy: { sortBy: given as never } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toBe(
        `params.sortBy.sortBy: must be one of "created", "recent_action", "updated", "none", "id" (got ${kind})`,
      );
    }
    expect(requests).toEqual([]);
  });

  it("sender: a transaction that is not in the encoding config.encoding names is refused, and nothing is sent; a base58 and a base64 transaction in their own encodings are sent", async () => {
    const { fetch, requests } = stub(rpcReply('"sig"'));
    const sender = createSenderClient({ fetch });
    const refused = async (transaction: string, encoding: "base58" | "base64") => {
      const error = await sender
        .sendTransaction({ transaction, config: { encoding } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      return error as InstanceType<typeof ValidationError>;
    };
    const asBase58 = await refused(TX_BASE64, "base58");
    expect(asBase58.issues.map((i) => `${i.path} ${i.rule}`)).toEqual([
      "params.transaction pattern",
    ]);
    expect(asBase58.message).toBe(
      'params.transaction: must be base58 text (no 0, O, I, l, +, / or =) (got "AUQ4BI0nYq1N1LVoJfqTRAPWbViaAwwiLstKIAZ/e33lI9G…) when params.config.encoding is "base58"',
    );
    // Base58 text whose length is not a multiple of 4 is no padded base64. One whose length is, as
    // TX_BASE58 (364 characters), is valid base64 text too: the bytes it decodes to tell, which
    // are not laid out as a signed transaction. The message does not quote the text.
    const asBase64 = await refused("3yZe7d", "base64");
    expect(asBase64.message).toBe(
      'params.transaction: must be standard base64 text, padded with = to a multiple of 4 characters, with no bits set after the last byte, not base58 (got "3yZe7d") when params.config.encoding is "base64"',
    );
    const base58AsBase64 = await refused(TX_BASE58, "base64");
    expect(base58AsBase64.issues.map((i) => `${i.path} ${i.rule}`)).toEqual([
      "params.transaction x-solana-transaction",
    ]);
    expect(base58AsBase64.message).toBe(
      'params.transaction: must be a signed transaction in base64 (its signature count, message header and length do not agree: is it base58 text?) when params.config.encoding is "base64"',
    );
    // Base64 text of a few bytes is no transaction either.
    expect((await refused("AQIDBA==", "base64")).issues[0]!.rule).toBe("x-solana-transaction");
    // Unpadded base64 (a multiple of 4 less its "=") is refused too: the service's decoder wants the padding.
    await refused("AQIDBA", "base64");
    await refused("AQIDBA==", "base58");
    // Bits after the last byte that are not zero (no encoder writes them; the service's decoder,
    // the base64 crate's standard engine, refuses them): "B=="/"BB==" and "AQIDBAV=" are one bit off.
    for (const text of ["AQIDBB==", "AQIDBAV="])
      expect((await refused(text, "base64")).message).toBe(
        `params.transaction: must be standard base64 text, padded with = to a multiple of 4 characters, with no bits set after the last byte, not base58 (got "${text}") when params.config.encoding is "base64"`,
      );
    // Longer than any transaction of 4,096 bytes (SIMD-0296's limit; Solana's packets held 1,232)
    // can be in either encoding.
    const tooLong = await refused("A".repeat(5_595), "base64");
    expect(tooLong.issues.map((i) => `${i.path} ${i.rule}`)).toEqual([
      "params.transaction maxLength",
    ]);
    expect(tooLong.message).toBe(
      "params.transaction: must have at most 5594 characters (got 5595)",
    );
    // Base64 text of more than 4,096 bytes but fewer characters than base58 text of 4,096 bytes.
    expect((await refused("A".repeat(5_468), "base64")).message).toBe(
      'params.transaction: must have at most 5464 characters (got 5468) when params.config.encoding is "base64"',
    );
    expect(requests).toEqual([]);

    await sender.sendTransaction({ transaction: TX_BASE64, config: { encoding: "base64" } });
    await sender.sendTransaction({ transaction: TX_BASE58, config: { encoding: "base58" } });
    // The longest texts of 4,096 bytes, in each encoding: those of 4,096 bytes of 0xff, but for the
    // layout of a transaction with one signature (base58: v1, its prefix 0x81 then the header
    // [1, 0]; base64: the count, then the header [1, 0, 0]). Base58 text of 4,096 bytes of 0xff is
    // no longer.
    const bytes = Buffer.alloc(4_096, 0xff);
    bytes.set([0x81, 1, 0], 0);
    let n = BigInt(`0x${bytes.toString("hex")}`);
    let base58 = "";
    for (; n > 0n; n /= 58n) base58 = BASE58_ALPHABET[Number(n % 58n)] + base58;
    bytes.fill(0xff, 0, 3);
    bytes.set([1], 0);
    bytes.set([1, 0, 0], 65);
    const longest = [bytes.toString("base64"), base58];
    expect(longest.map((text) => text.length)).toEqual([5_464, 5_594]);
    await sender.sendTransaction({ transaction: longest[0]!, config: { encoding: "base64" } });
    await sender.sendTransaction({ transaction: longest[1]!, config: { encoding: "base58" } });
    expect(requests.map((r) => r.body.params[0])).toEqual([TX_BASE64, TX_BASE58, ...longest]);
  });

  it("sender: the general key (option via the sdk, or CHAINDATA_API_KEY) never goes to the Sender; a key given to its own client does", async () => {
    const { fetch, requests } = stub(rpcReply('"sig"'));
    vi.stubEnv("CHAINDATA_API_KEY", "general-key");
    try {
      const tx = { transaction: TX_BASE64, config: { encoding: "base64" as const } };
      await createSenderClient({ fetch }).sendTransaction(tx);
      await createChainDataClient({
        fetch,
        apiKey: KEY,
        baseUrls: { sender: "http://fra-sender.helius-rpc.com" },
      }).sender.sendTransaction(tx);
      await createSenderClient({ fetch, apiKey: "dedicated-sender-key" }).sendTransaction(tx);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(requests.map((r) => r.url.searchParams.get("api-key"))).toEqual([
      null,
      null,
      "dedicated-sender-key",
    ]);
  });

  it("a float field stays a number when the server writes it as an integer beyond 2^53 (a u64 beside it is a bigint)", async () => {
    const balance = `{"mint":"So11111111111111111111111111111111111111112","symbol":"X","name":"X","balance":20000000000000000,"decimals":0,"tokenProgram":"spl-token","pricePerToken":null,"usdValue":null}`;
    const { fetch } = stub(
      () =>
        `{"balances":[${balance}],"totalUsdValue":0,"pagination":{"page":1,"limit":100,"hasMore":false}}`,
    );
    const result = await createWalletClient(options(fetch)).getBalances({ wallet: OWNER });
    expect(result.balances[0]!.balance).toBe(20000000000000000);
  });

  it("sender: logging or serialising the standalone endpoint shows neither the key nor a credential given in headers", () => {
    const rpc = createSenderRpc({
      apiKey: "dedicated-s3cret-key",
      headers: { authorization: "Bearer gateway-s3cret" },
    });
    for (const shown of [inspect(rpc, { depth: 10 }), JSON.stringify(rpc)]) {
      expect(shown).not.toContain("dedicated-s3cret-key");
      expect(shown).not.toContain("gateway-s3cret");
    }
  });

  it("sender and sdk: options given through a prototype or a getter are used, and an unknown one is still refused", async () => {
    // (The sender's endpoint copies its options to unset `batch`, and the sdk's areas are made
    // from a copy: neither copy may drop what the client's checks read.)
    const { fetch, requests } = stub(rpcReply('"sig"'));
    const URL_ = "http://127.0.0.1:9";
    const tx = { transaction: TX_BASE64, config: { encoding: "base64" as const } };
    const inherited = Object.assign(Object.create({ baseUrls: { sender: URL_, rpc: URL_ } }), {
      fetch,
    });
    await createSenderClient(inherited).sendTransaction(tx);
    await createChainDataClient(inherited).sender.sendTransaction(tx);
    expect(requests.map((r) => r.url.origin)).toEqual([URL_, URL_]);
    expect(() =>
      createSenderClient(Object.assign(Object.create({ fetch }), { baseUrl: URL_ }) as never),
    ).toThrow(/^baseUrl: is not a client option/);
  });

  // User trial 59, F4: ping sends no key, but the host has the client's from its sends, and may
  // echo it; sendTransaction's errors masked it, ping's showed it.
  it("sender: ping's errors mask the client's dedicated key, as sendTransaction's do (the client, the standalone endpoint, the sdk's area)", async () => {
    const secret = "dedicated-s3cret-key";
    const fetch = (async () =>
      new Response(`busy for key ${secret}`, {
        status: 503,
        headers: { "content-type": "text/plain" },
      })) as unknown as typeof globalThis.fetch;
    const options = {
      fetch,
      apiKey: `${secret}\n`,
      baseUrls: { sender: "https://fra-sender.example" },
    };
    const errors = await Promise.all(
      [
        () => createSenderClient(options).ping(),
        () => ping(createSenderRpc(options)),
        () =>
          createChainDataClient({
            fetch,
            areas: { sender: { apiKey: secret } },
            baseUrls: options.baseUrls,
          }).sender.ping(),
      ].map((call) =>
        call().then(
          () => new Error("resolved"),
          (e: unknown) => e as Error,
        ),
      ),
    );
    for (const error of errors) {
      expect(error).toBeInstanceOf(SenderServerError);
      expect(error.message).toBe("HTTP 503 from ping: busy for key ***");
      expect(JSON.stringify(error)).not.toContain(secret);
    }
    // (Still not shown by the endpoint itself: the test above.)
    expect(inspect(createSenderRpc(options), { depth: 10 })).not.toContain(secret);
  });

  it("sender: ping is GET /ping on the client's sender host, sends no key (not even the dedicated one) and resolves with the text", async () => {
    const requests: Recorded[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push({
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: undefined,
      });
      return new Response("ok", { headers: { "content-type": "text/plain" } });
    }) as typeof globalThis.fetch;
    // (An https endpoint: a key is refused beside a regional http one, see the transport's tests.)
    const baseUrls = { sender: "https://fra-sender.example" };
    const sender = createSenderClient({ fetch, apiKey: "dedicated-sender-key", baseUrls });
    await expect(sender.ping()).resolves.toBe("ok");
    // The standalone form, on the endpoint of createSenderRpc, and through the sdk's client.
    const rpc = createSenderRpc({ fetch, apiKey: "dedicated-sender-key", baseUrls });
    await expect(ping(rpc)).resolves.toBe("ok");
    await expect(
      createChainDataClient({ fetch, apiKey: KEY, baseUrls }).sender.ping(),
    ).resolves.toBe("ok");
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(
      Array(3).fill("GET https://fra-sender.example/ping"),
    );
    for (const r of requests) {
      expect(r.headers.get("accept")).toBe("text/plain");
      expect(JSON.stringify([...r.headers])).not.toMatch(/dedicated-sender-key|test-key/);
    }
    // `request` reaches JSON-RPC methods only.
    await expect(sender.request("ping" as never, {} as never)).rejects.toThrow(ValidationError);
  });

  it("sender: a base URL ending in /fast (the endpoint as the docs print it) is refused when the client is made, nothing sent", () => {
    const fetch = vi.fn();
    const baseUrls = { sender: "http://127.0.0.1:47390/fast" };
    const refused = new ConfigurationError(
      "baseUrls.sender: must not end with /fast (the client adds it)",
    );
    expect(() => createSenderClient({ fetch, baseUrls })).toThrow(refused);
    expect(() => createSenderRpc({ fetch, baseUrls })).toThrow(refused);
    expect(() => createChainDataClient({ fetch, baseUrls })).toThrow(refused);
    expect(() => createChainDataClient({ fetch, areas: { sender: { baseUrls } } }).sender).toThrow(
      "areas.sender.baseUrls.sender: must not end with /fast (the client adds it)",
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sender: ping goes to the host the client sends through, even after the caller's options change", async () => {
    const urls: string[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      urls.push(`${init?.method} ${String(input)}`);
      return String(input).endsWith("/ping")
        ? new Response("ok")
        : Response.json({ jsonrpc: "2.0", id: JSON.parse(String(init?.body)).id, result: "sig" });
    }) as typeof globalThis.fetch;
    const options = { fetch, baseUrls: { sender: "http://fra-sender.helius-rpc.com" } };
    const sender = createSenderClient(options);
    const rpc = createSenderRpc(options);
    options.baseUrls.sender = "http://elsewhere.example";
    await sender.sendTransaction({ transaction: TX_BASE64, config: { encoding: "base64" } });
    await sender.ping();
    await ping(rpc);
    expect(urls).toEqual([
      "POST http://fra-sender.helius-rpc.com/fast",
      "GET http://fra-sender.helius-rpc.com/ping",
      "GET http://fra-sender.helius-rpc.com/ping",
    ]);
  });

  it("sender: ping sends the headers the client was made with, whatever their form, even after the caller's change them", async () => {
    const seen: (string | null)[] = [];
    const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get("x-team"));
      return new Response("ok");
    }) as typeof globalThis.fetch;
    const record = { "x-team": "a" };
    const headers = new Headers({ "x-team": "a" });
    const pairs: [string, string][] = [["x-team", "a"]];
    const clients = [record, headers, pairs].map((h) =>
      createSenderClient({ fetch, headers: h as Record<string, string> }),
    );
    record["x-team"] = "b";
    headers.set("x-team", "b");
    pairs[0]![1] = "b";
    for (const client of clients) await client.ping();
    expect(seen).toEqual(["a", "a", "a"]);
  });

  it("sender: a 503 from ping is an InternalServerError at once (not retried by default); maxRetries per call retries", async () => {
    let calls = 0;
    const fetch = (async () => {
      calls++;
      return new Response("Service Unavailable", {
        status: 503,
        headers: { "content-type": "text/plain" },
      });
    }) as unknown as typeof globalThis.fetch;
    const sender = createSenderClient({ fetch, maxRetries: 3 });
    const error = await sender.ping().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SenderServerError);
    expect(error).toMatchObject({ status: 503, operation: "ping" });
    expect(calls).toBe(1);
    vi.useFakeTimers();
    try {
      const retried = sender.ping({ maxRetries: 1 }).catch((e: unknown) => e);
      await vi.runAllTimersAsync();
      expect(await retried).toBeInstanceOf(SenderServerError);
      expect(calls).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("sender: swqosOnly is validated with the params; missing params reject with a ValidationError; calls with query options are never batched", async () => {
    const { fetch, requests } = stub((r) =>
      Array.isArray(r.body)
        ? JSON.stringify(r.body.map((e: any) => ({ jsonrpc: "2.0", id: e.id, result: "sig" })))
        : rpcReply('"sig"')(r),
    );
    // (No batcher can reach the sender: its factories refuse one, see "a client that cannot batch".)
    const sender = createSenderClient({ fetch });
    await expect(
      sender.sendTransaction({
        transaction: TX_BASE64,
        config: { encoding: "base64" },
        swqosOnly: "yes",
      } as never),
    ).rejects.toThrow("params.swqosOnly: must be boolean (got string)");
    await expect(sender.sendTransaction(undefined as never)).rejects.toThrow(
      "params: must be object { transaction, config, swqosOnly } (got undefined)",
    );
    // A blank or spaced transaction is neither base64 nor base58.
    for (const transaction of [" ", "AQID AQID", "AQID\n"])
      await expect(
        sender.sendTransaction({ transaction, config: { encoding: "base64" } }),
        JSON.stringify(transaction),
      ).rejects.toThrow(
        "params.transaction: must be base58 or base64 text (letters, digits, + and /, then at most two =; no spaces) (got ",
      );
    expect(requests).toHaveLength(0);
    const tx = { transaction: TX_BASE64, config: { encoding: "base64" as const }, swqosOnly: true };
    await Promise.all([sender.sendTransaction(tx), sender.sendTransaction(tx)]);
    expect(requests.map((r) => [Array.isArray(r.body), r.url.search])).toEqual([
      [false, "?swqos_only=true"],
      [false, "?swqos_only=true"],
    ]);
    expect(requests[0]!.body.params).toEqual([
      TX_BASE64,
      { encoding: "base64", skipPreflight: true, maxRetries: 0 },
    ]);
    // The Sender documents no batches (x-batch: false): plain calls go one per request too.
    const plain = { transaction: TX_BASE64, config: { encoding: "base64" as const } };
    await Promise.all([sender.sendTransaction(plain), sender.sendTransaction(plain)]);
    expect(requests.slice(2).map((r) => Array.isArray(r.body))).toEqual([false, false]);
  });

  it("a method whose params are all optional can be called without them (sends {}), also with .all()", async () => {
    const { fetch, requests } = stub(
      rpcReply(
        `{"context":{"slot":1},"value":{"cursor":null,"items":[{"signature":"s","slot":1,"blockTime":1}]}}`,
      ),
    );
    const compression = createCompressionClient(options(fetch));
    await compression.getLatestCompressionSignatures();
    const items = [];
    for await (const item of compression.getLatestCompressionSignatures.all())
      items.push(item.signature);
    expect(items).toEqual(["s"]);
    expect(requests.map((r) => r.body.params)).toEqual([{}, {}]);
  });

  // (User trial 59, F6: when each refusal comes, as Paginated.all's doc says. Params are checked
  // where the call is made, with the client's key masked: a param equal to it shows as "***".)
  it(".all() sends nothing before it is iterated: bad options throw at once, bad params reject the first iteration", async () => {
    const { fetch, requests } = stub(rpcReply("{}"));
    const compression = createCompressionClient(options(fetch));
    expect(() =>
      compression.getCompressedAccountsByOwner.all({ owner: OWNER }, { maxPages: 0 }),
    ).toThrow(ConfigurationError);
    const walk = compression.getCompressedAccountsByOwner.all({ owner: KEY });
    const error = await walk[Symbol.asyncIterator]()
      .next()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(
      'params.owner: must be a base58 address of 32 bytes (32 to 44 characters; no 0, O, I or l) (got "***")',
    );
    expect(requests).toEqual([]);
  });

  it("sends getMultipleNewAddressProofsV2 params as the bare array", async () => {
    const { fetch, requests } = stub(rpcReply(`{"context":{"slot":1},"value":[]}`));
    await createCompressionClient(options(fetch)).getMultipleNewAddressProofsV2([
      { address: OWNER, tree: ADDRESS },
    ]);
    expect(requests[0]!.body.params).toEqual([{ address: OWNER, tree: ADDRESS }]);
  });

  it("request() picks the method by name; the standalone function sends the same request", async () => {
    const { fetch, requests } = stub(rpcReply(`{"id":"${ADDRESS}","interface":"V1_NFT"}`));
    const das = createDasClient(options(fetch));
    await das.request("getAsset", { id: ADDRESS });
    await getAsset(createDasRpc(options(fetch)), { id: ADDRESS });
    expect(requests.map((r) => [r.body.method, r.body.params])).toEqual([
      ["getAsset", { id: ADDRESS }],
      ["getAsset", { id: ADDRESS }],
    ]);
  });

  it("rejects invalid params before sending, naming the field and the rule", async () => {
    const { fetch, requests } = stub(rpcReply("null"));
    const das = createDasClient(options(fetch));
    const tooMany = das.getAssetBatch({ ids: Array.from({ length: 1001 }, () => ADDRESS) });
    await expect(tooMany).rejects.toBeInstanceOf(ValidationError);
    await expect(tooMany).rejects.toMatchObject({
      message: "params.ids: must have at most 1000 items (got 1001)",
      issues: [{ path: "params.ids", rule: "maxItems" }],
    });
    await expect(das.getAsset({ id: "not-an-address" })).rejects.toThrow(
      'params.id: must be a base58 address of 32 bytes (32 to 44 characters; no 0, O, I or l) (got "not-an-address")',
    );
    expect(requests).toHaveLength(0);
  });

  it("rejects an address of the pattern's alphabet and length that is not 32 bytes, before sending", async () => {
    const { fetch, requests } = stub(rpcReply(`{"id":"${"1".repeat(32)}","interface":"V1_NFT"}`));
    const das = createDasClient(options(fetch));
    // 44 × z is 33 bytes; 34 × 1 is 34 zero bytes; wrapped SOL's mint (43 characters) with its
    // first character typed twice.
    const wrong = ["z".repeat(44), "1".repeat(34), "SSo11111111111111111111111111111111111111112"];
    const sizes = ["33", "34", "33"];
    for (const [i, id] of wrong.entries()) {
      const call = das.getAsset({ id });
      await expect(call).rejects.toBeInstanceOf(ValidationError);
      await expect(call).rejects.toMatchObject({
        message: `params.id: must be a base58 address of 32 bytes (32 to 44 characters; no 0, O, I or l) (got ${JSON.stringify(id)}: ${sizes[i]} bytes)`,
        issues: [{ path: "params.id", rule: "x-base58-bytes" }],
      });
    }
    // 32 × 1 (the system program: 32 zero bytes) is an address.
    await das.getAsset({ id: "1".repeat(32) });
    expect(requests).toHaveLength(1);
  });

  it("sends the display flags the public SDKs send (documented or not), and still refuses unknown ones", async () => {
    const { fetch, requests } = stub(rpcReply(`{"id":"${ADDRESS}","interface":"MplCoreAsset"}`));
    const das = createDasClient(options(fetch));
    const extra = {
      showRawData: true,
      requireFullIndex: true,
      showSystemMetadata: true,
      showNativeBalance: true,
    };
    const asset = await das.getAsset({ id: ADDRESS, options: extra });
    expect(asset.interface).toBe("MplCoreAsset"); // an interface the reference does not list
    expect(requests[0]!.body.params).toEqual({ id: ADDRESS, options: extra });
    await das.getAssetsByAuthority({
      authorityAddress: OWNER,
      options: { showClosedAccounts: true, showFungible: true },
    });
    expect(requests).toHaveLength(2);
    await expect(
      das.getAsset({ id: ADDRESS, options: { showClosedAccounts: true } as any }),
    ).rejects.toThrow("params.options.showClosedAccounts: is not an allowed property");
    // Another SDK's name for a param (helius-sdk sends `displayOptions`) is refused with the names
    // this call takes and the one it stands for (the spec's x-renamed-from), so the fix is in the
    // message.
    await expect(
      das.getAsset({ id: ADDRESS, displayOptions: { showFungible: true } } as any),
    ).rejects.toThrow(
      "params.displayOptions: is not an allowed property (allowed: id, options); it is named options here",
    );
    for (const call of [
      das.getAssetBatch({ ids: [ADDRESS], displayOptions: {} } as any),
      das.getAssetsByOwner({ ownerAddress: ADDRESS, displayOptions: {} } as any),
      das.getAssetsByAuthority({ authorityAddress: ADDRESS, displayOptions: {} } as any),
    ])
      await expect(call).rejects.toThrow(/^params\.displayOptions: .*; it is named options here$/);
    expect(requests).toHaveLength(2);
  });
});

describe("REST wire format", () => {
  it("splits the flat input into path and query parameters", async () => {
    const { fetch, requests } = stub(
      () => `{"balances":[],"totalUsdValue":0,"pagination":{"page":2,"limit":50,"hasMore":false}}`,
    );
    await createWalletClient(options(fetch)).getBalances({
      wallet: OWNER,
      page: 2,
      limit: 50,
      showNfts: true,
    });
    const [r] = requests;
    expect(r!.method).toBe("GET");
    expect(r!.url.pathname).toBe(`/v1/wallet/${OWNER}/balances`);
    expect(Object.fromEntries(r!.url.searchParams)).toEqual({
      page: "2",
      limit: "50",
      showNfts: "true",
      "api-key": KEY,
    });
  });

  it("sends path params in the path and the other fields as the JSON body", async () => {
    const { fetch, requests } = stub(webhookEcho);
    const webhooks = createWebhooksClient(options(fetch));
    const body = {
      webhookURL: "https://example.com/hook",
      transactionTypes: ["TRANSFER" as const],
      accountAddresses: [OWNER],
      webhookType: "enhanced" as const,
    };
    await webhooks.updateWebhook({ webhookID: "7f8c0b1e-2a3d-4c5e-8f90-1a2b3c4d5e6f", ...body });
    const [r] = requests;
    expect([r!.method, r!.url.pathname]).toEqual([
      "PUT",
      "/v0/webhooks/7f8c0b1e-2a3d-4c5e-8f90-1a2b3c4d5e6f",
    ]);
    expect(r!.body).toEqual(body);
    expect(r!.headers.get("content-type")).toBe("application/json");
  });

  it("sends a transaction type the documented list lacks (an open enum), and checks its pattern", async () => {
    const { fetch, requests } = stub(webhookEcho);
    const webhooks = createWebhooksClient(options(fetch));
    const hook = await webhooks.createWebhook({
      webhookURL: "https://example.com/hook",
      transactionTypes: ["BUY", "SWAP"],
      accountAddresses: [OWNER],
    });
    expect(requests[0]!.body.transactionTypes).toEqual(["BUY", "SWAP"]);
    expect(hook.transactionTypes).toEqual(["BUY", "SWAP"]);
    await expect(
      webhooks.createWebhook({
        webhookURL: "https://example.com/hook",
        transactionTypes: ["buy"],
        accountAddresses: [OWNER],
      }),
    ).rejects.toMatchObject({
      message: expect.stringContaining(
        'params.transactionTypes[0]: must be an upper-case snake-case name such as NFT_SALE (got "buy")',
      ),
      issues: [{ path: "params.transactionTypes[0]", rule: "pattern" }],
    });
    expect(requests).toHaveLength(1);
  });

  it("refuses a webhook URL that is not https:// or is on localhost or a loopback address (the service wants a public HTTPS URL); in any letter case; a host that only starts with localhost is fine", async () => {
    await createWebhooksAt({
      refused: [
        // The rule names the scheme first: a public http:// URL is refused for it alone (user
        // trial 57, F11: the message named only localhost for it).
        "http://x.example.com/hook",
        "https://localhost/hook",
        "https://localhost:3000/hook",
        "https://127.0.0.1:8443/hook",
        "https://[::1]/hook",
        // (A URL is quoted without its query: a token is often there.)
        ["https://localhost?x=1", "https://localhost?…"],
        // Scheme and host are case-insensitive in a URL.
        "https://LocalHost/hook",
        "HTTPS://LOCALHOST:3000/hook",
      ],
      accepted: [
        "https://localhost.example.com/hook",
        "https://localhosting.io/h",
        "HTTPS://Hooks.Example.com/h",
      ],
    });
  });

  it("refuses a webhook URL without a host or with whitespace (a line break read with it from a file), naming the rule; nothing is sent", async () => {
    // (These passed the check and were sent: the mock answered 400 naming no field, and the
    // service wants a public HTTPS URL; user trial 60, F1.)
    await createWebhooksAt({
      refused: [
        "https://",
        "https:///hook",
        "https://hooks.example.com/solana\n",
        "https://hooks.example.com/my hook",
        "https://hooks.example.com\t/hook",
      ],
      // A host with userinfo or a port, a query and a fragment stay fine.
      accepted: [
        "https://user@hooks.example.com:8443/h?x=1#y",
        "https://hooks.example.com",
        "https://hooks.example.com?token=abc",
      ],
    });
  });

  it("refuses a webhook URL whose host is empty or localhost after a userinfo or before a port, and localhost with a trailing dot", async () => {
    // (Review 82, F1: `[^\s/?#]+` took `user@` or `:443` for a host, and the localhost rule read
    // only the characters after `https://`, so `https://x@localhost/` passed; the message quotes
    // the URL without its userinfo.)
    await createWebhooksAt({
      refused: [
        ["https://user@/hook", "https://…@/hook"],
        "https://:443/hook",
        ["https://@/hook", "https://…@/hook"],
        ["https://x@localhost/hook", "https://…@localhost/hook"],
        ["https://u:p@LOCALHOST:8443/hook", "https://…@LOCALHOST:8443/hook"],
        ["https://u@127.0.0.1/hook", "https://…@127.0.0.1/hook"],
        "https://localhost./hook",
      ],
      // An `@` past the host, userinfo holding an `@`, an IPv6 host and a name that starts with
      // `localhost.` stay fine.
      accepted: [
        "https://hooks.example.com/@team",
        "https://a@b@hooks.example.com/h",
        "https://[2001:db8::1]:8443/hook",
        "https://localhost.example.com/hook",
      ],
    });
  });

  it("accepts a webhook read with getWebhook, changed and sent back whole (read-only fields included)", async () => {
    const read = {
      webhookID: "7f8c0b1e-2a3d-4c5e-8f90-1a2b3c4d5e6f",
      wallet: OWNER,
      project: "p-1",
      active: true,
      webhookURL: "https://example.com/hook",
      transactionTypes: ["TRANSFER" as const],
      accountAddresses: [OWNER],
      webhookType: "enhanced" as const,
    };
    const { fetch, requests } = stub(() => JSON.stringify(read));
    const webhooks = createWebhooksClient(options(fetch));
    const webhook = await webhooks.getWebhook({ webhookID: read.webhookID });
    // the read carries the webhookID and every setting the update requires
    await webhooks.updateWebhook({
      ...webhook,
      accountAddresses: [...webhook.accountAddresses, OWNER],
    });
    const [, put] = requests;
    expect([put!.method, put!.url.pathname]).toEqual(["PUT", `/v0/webhooks/${read.webhookID}`]);
    expect(put!.body).toMatchObject({
      wallet: OWNER,
      active: true,
      accountAddresses: [OWNER, OWNER],
    });
  });

  it('refuses a path parameter of "." or ".." (it would move the request, key attached, to another path)', async () => {
    const { fetch, requests } = stub(() => "{}");
    const admin = createAdminClient(options(fetch));
    for (const id of [".", ".."])
      await expect(admin.getProjectUsage({ id })).rejects.toThrow(
        `params.id: must be a URL path segment other than "." or ".." (got "${id}")`,
      );
    expect(requests).toHaveLength(0);
  });

  it("request() calls methods by their own name only: anything else rejects with a ValidationError, nothing sent", async () => {
    const { fetch, requests } = stub(rpcReply("{}"));
    const das = createDasClient(options(fetch));
    const names = "getAsset, getAssetBatch, getAssetsByOwner, getAssetsByAuthority, getNftEditions";
    const given: [unknown, string][] = [
      // A name in a method name's form is quoted: the typo shows.
      ["toString", '"toString"'],
      ["constructor", '"constructor"'],
      ["getAssett", '"getAssett"'],
      ["x", '"x"'],
      ["get-asset", "a string of 9 characters"],
      // The API key given as the name is described, never quoted (the client has no redactor here):
      // a key has digits or dashes (a UUID), which no method name has.
      [KEY, `a string of ${KEY.length} characters`],
      // (A null-prototype object threw a TypeError from the own-name lookup.)
      [Object.create(null), "object"],
      [null, "null"],
    ];
    for (const [name, described] of given) {
      const error = await das.request(name as "getAsset", { id: ADDRESS }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({
        message: `method: must be one of ${names} (got ${described})`,
        issues: [{ path: "method", rule: "enum" }],
      });
    }
    expect(requests).toHaveLength(0);
  });

  // (The dispatch is core's callByName, called from the client's own arrow: the method keeps the
  // name an object literal gives it, as when each client held its own copy.)
  it("request() is named request, as a method of the client", () => {
    expect(createDasClient(options(stub(rpcReply("{}")).fetch)).request.name).toBe("request");
  });

  it("sdk: copies the options when created, and an area's own rate limiter limits that area alone", async () => {
    const { fetch, requests } = stub((r) =>
      r.url.pathname.includes("admin")
        ? `{"creditsRemaining":1,"creditsUsed":2,"prepaidCreditsRemaining":0,"prepaidCreditsUsed":0,"usage":{}}`
        : rpcReply("{}")(r),
    );
    const acquire = vi.fn(async () => {});
    const opts = { ...options(fetch), areas: { admin: { rateLimit: { acquire } } } };
    const sdk = createChainDataClient(opts);
    opts.apiKey = "changed-later";
    await sdk.das.getAsset({ id: ADDRESS });
    expect(acquire).not.toHaveBeenCalled();
    await sdk.admin.getProjectUsage({ id: "p" });
    expect(acquire).toHaveBeenCalledOnce();
    expect(requests[0]!.url.searchParams.get("api-key")).toBe(KEY);
    expect(requests[1]!.headers.get("x-api-key")).toBe(KEY);
  });

  it("a client that cannot batch (REST, the sender) refuses a batcher as the sdk's `areas` do, in the same words, nothing sent; `batch: false` passes; the sdk's shared batcher goes to the JSON-RPC areas only", async () => {
    const { fetch, requests } = stub((r) =>
      r.url.pathname.includes("wallet")
        ? `{"balances":[],"totalUsdValue":0,"pagination":{"page":1,"limit":100,"hasMore":false}}`
        : JSON.stringify(
            r.body.map((call: { id: string }) => ({
              jsonrpc: "2.0",
              id: call.id,
              result: { id: ADDRESS },
            })),
          ),
    );
    const batch = createBatcher();
    const shared: ClientOptions = { ...options(fetch), batch };
    const unbatched = {
      wallet: createWalletClient,
      admin: createAdminClient,
      webhooks: createWebhooksClient,
      tokenMetadata: createTokenMetadataClient,
      sender: createSenderClient,
    } as const;
    const refusal = (make: () => unknown) => {
      try {
        make();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigurationError);
        return (error as Error).message;
      }
      return "accepted";
    };
    for (const [area, create] of Object.entries(unbatched)) {
      const sdk = refusal(() =>
        createChainDataClient({ ...options(fetch), areas: { [area]: { batch } } }),
      );
      expect(sdk).toBe(notABatchOption(area, `areas.${area}.`));
      expect(
        refusal(() => create(shared as never)),
        area,
      ).toBe(sdk.slice(`areas.${area}.`.length));
      expect(
        refusal(() => create({ ...options(fetch), batch: false } as never)),
        area,
      ).toBe("accepted");
    }
    expect(refusal(() => createSenderRpc(shared as never))).toBe(notABatchOption("sender"));
    expect(requests).toEqual([]);
    const sdk = createChainDataClient({ ...options(fetch), batch });
    await sdk.wallet.getBalances({ wallet: OWNER });
    await Promise.all([sdk.das.getAsset({ id: ADDRESS }), sdk.das.getAsset({ id: ADDRESS })]);
    expect(
      requests.map((r) => (Array.isArray(r.body) ? `batch of ${r.body.length}` : r.url.pathname)),
    ).toEqual([`/v1/wallet/${OWNER}/balances`, "batch of 2"]);
  });

  it("the sdk batches its JSON-RPC areas together (packages/sdk/README.md): DAS and compression calls of one tick go as one batch, each result to its call", async () => {
    const { fetch, requests } = stub((r) =>
      JSON.stringify(
        r.body.map((call: { id: string; method: string }) => ({
          jsonrpc: "2.0",
          id: call.id,
          result: call.method === "getAsset" ? { id: ADDRESS } : { context: { slot: 1 }, value: 1 },
        })),
      ),
    );
    const sdk = createChainDataClient({ ...options(fetch), batch: createBatcher() });
    const results = await Promise.all([
      sdk.das.getAsset({ id: ADDRESS }),
      sdk.compression.getCompressedBalanceByOwner({ owner: OWNER }),
      sdk.das.getAsset({ id: ADDRESS }),
      sdk.compression.getCompressedBalanceByOwner({ owner: OWNER }),
    ]);
    expect(
      requests.map((r) => r.body.map((call: { method: string }) => call.method).join(", ")),
    ).toEqual(["getAsset, getCompressedBalanceByOwner, getAsset, getCompressedBalanceByOwner"]);
    expect(new Set(requests[0]!.body.map((call: { id: string }) => call.id)).size).toBe(4);
    expect(results.map((result) => ("value" in result ? result.value : result.id))).toEqual([
      ADDRESS,
      1n,
      ADDRESS,
      1n,
    ]);
  });

  it("DAS: page and a keyset param together is a ValidationError; .all() with a cursor walks by cursor, sending no page", async () => {
    const { fetch, requests } = stub(
      (r) =>
        `{"jsonrpc":"2.0","id":"${r.body.id}","result":{"total":1,"limit":1,"items":${r.body.params.cursor === "c2" ? "[]" : `[{"id":"${r.body.params.cursor}"}]`},"cursor":"c2"}}`,
    );
    const das = createDasClient(options(fetch));
    await expect(
      // @ts-expect-error — refused by the types too (test/types/calls.ts); the check is a JavaScript caller's
      das.getAssetsByOwner({ ownerAddress: OWNER, page: 1, cursor: "c1" }),
    ).rejects.toThrow("params.cursor: cannot be used with page");
    expect(requests).toHaveLength(0);
    const ids: unknown[] = [];
    for await (const asset of das.getAssetsByOwner.all({
      ownerAddress: OWNER,
      limit: 1,
      cursor: "c1",
      sortBy: { sortBy: "id" },
    }))
      ids.push(asset.id);
    expect(ids).toEqual(["c1"]);
    expect(requests.map((r) => r.body.params)).toEqual([
      { ownerAddress: OWNER, limit: 1, cursor: "c1", sortBy: { sortBy: "id" } },
      { ownerAddress: OWNER, limit: 1, cursor: "c2", sortBy: { sortBy: "id" } },
    ]);
  });

  it("DAS: a page that lost assets to `errors` is no end of the walk: they count toward its limit (user trial 29)", async () => {
    // Page 1 holds 1 item and 1 error of a limit of 2; page 2 is the short last one.
    const { fetch, requests } = stub((r) => {
      const { page } = r.body.params;
      const result =
        page === 1
          ? { total: 2, limit: 2, page, items: [{ id: "a1" }], errors: [{ id: "a2", error: "x" }] }
          : { total: 1, limit: 2, page, items: [{ id: "a3" }] };
      return JSON.stringify({
        jsonrpc: "2.0",
        id: r.body.id,
        result: { last_indexed_slot: 1, ...result },
      });
    });
    const ids: unknown[] = [];
    for await (const asset of createDasClient(options(fetch)).getAssetsByOwner.all({
      ownerAddress: OWNER,
      limit: 2,
    }))
      ids.push(asset.id);
    expect(ids).toEqual(["a1", "a3"]);
    expect(requests).toHaveLength(2);
  });

  describe("DAS: .all() sorted by id without page walks by keyset from the start", () => {
    /** Asset ids a1…aN in id order, as a keyset server pages them: the cursor is the last id. */
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `a${i + 1}`);
    /** A DAS list server of `all` (page `limit`, default 3); `tweak` rewrites a result. */
    const keysetServer = (all: string[], tweak: (result: any) => object = (r) => r) =>
      stub((r) => {
        const { cursor, page, limit = 3 } = r.body.params;
        const from = cursor === undefined ? 0 : all.indexOf(cursor) + 1;
        const items = page === undefined ? all.slice(from, from + limit) : [];
        const result = {
          last_indexed_slot: 1,
          total: items.length,
          limit,
          ...(page === undefined ? { cursor: items.at(-1) } : { page }),
          items: items.map((id) => ({ id })),
        };
        return JSON.stringify({ jsonrpc: "2.0", id: r.body.id, result: tweak(result) });
      });
    const sortBy = { sortBy: "id", sortDirection: "asc" } as const;
    const walked = async (walk: AsyncIterable<{ id: string }>) => {
      const got: string[] = [];
      for await (const asset of walk) got.push(asset.id);
      return got;
    };

    it("the first request has no page (nor cursor), the next ones the previous answer's cursor; it ends on a short page", async () => {
      const { fetch, requests } = keysetServer(ids(7));
      const das = createDasClient(options(fetch));
      expect(await walked(das.getAssetsByOwner.all({ ownerAddress: OWNER, sortBy }))).toEqual(
        ids(7),
      );
      expect(requests.map((r) => r.body.params)).toEqual([
        { ownerAddress: OWNER, sortBy },
        { ownerAddress: OWNER, sortBy, cursor: "a3" },
        { ownerAddress: OWNER, sortBy, cursor: "a6" },
      ]);
      // getAssetsByAuthority, and the standalone walk, the same way (a limit of the params).
      requests.length = 0;
      const authority = { authorityAddress: OWNER, limit: 4, sortBy: { sortBy: "id" as const } };
      expect(await walked(das.getAssetsByAuthority.all(authority))).toEqual(ids(7));
      expect(requests.map((r) => r.body.params.cursor)).toEqual([undefined, "a4"]);
      expect(requests.map((r) => r.body.params.page)).toEqual([undefined, undefined]);
      requests.length = 0;
      const rpc = createDasRpc(options(fetch));
      expect(
        await walked(paginateGetAssetsByOwner(rpc, { ownerAddress: OWNER, limit: 5, sortBy })),
      ).toEqual(ids(7));
      expect(requests.map((r) => r.body.params.cursor)).toEqual([undefined, "a5"]);
    });

    it("ends on an empty page after full ones, and on a page with no cursor", async () => {
      const full = keysetServer(ids(6));
      const das = createDasClient(options(full.fetch));
      expect(await walked(das.getAssetsByOwner.all({ ownerAddress: OWNER, sortBy }))).toEqual(
        ids(6),
      );
      expect(full.requests.map((r) => r.body.params.cursor)).toEqual([undefined, "a3", "a6"]);
      // A full page without a cursor is the last one the walk asks for.
      const { fetch, requests } = keysetServer(ids(9), (r) =>
        r.items[0].id === "a4" ? { ...r, cursor: undefined } : r,
      );
      const walk = createDasClient(options(fetch)).getAssetsByOwner.all({
        ownerAddress: OWNER,
        sortBy,
      });
      expect(await walked(walk)).toEqual(ids(6));
      expect(requests).toHaveLength(2);
    });

    it("a page given keeps the page walk: page 1, 2, … and no cursor", async () => {
      const { fetch, requests } = keysetServer(ids(7));
      const das = createDasClient(options(fetch));
      expect(
        await walked(das.getAssetsByOwner.all({ ownerAddress: OWNER, page: 1, sortBy })),
      ).toEqual([]);
      expect(requests.map((r) => r.body.params)).toEqual([
        { ownerAddress: OWNER, page: 1, sortBy },
      ]);
      // Sorted otherwise (or not at all), no page given: the page walk, from page 1.
      requests.length = 0;
      await walked(
        das.getAssetsByOwner.all({ ownerAddress: OWNER, sortBy: { sortBy: "created" } }),
      );
      await walked(das.getAssetsByOwner.all({ ownerAddress: OWNER }));
      expect(requests.map((r) => r.body.params.page)).toEqual([1, 1]);
    });

    it("a cursor the walk has sent before ends it with an InvalidResponseError (broken-paging), after the pages before", async () => {
      // A server (or a static mock) answering every page with the same cursor.
      const { fetch, requests } = keysetServer(ids(9), (r) => ({ ...r, cursor: "a3" }));
      const das = createDasClient(options(fetch));
      const got: string[] = [];
      let error: unknown;
      try {
        for await (const asset of das.getAssetsByOwner.all({ ownerAddress: OWNER, sortBy }))
          got.push(asset.id);
      } catch (thrown) {
        error = thrown;
      }
      expect(got).toEqual(ids(6));
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect(error).toMatchObject({
        reason: "broken-paging",
        operation: "getAssetsByOwner",
        message:
          'getAssetsByOwner page walk: the answer to page 2 gives cursor "a3" again, which page 2 was asked with (stopped after 2 pages)',
      });
      expect(requests.map((r) => r.body.params.cursor)).toEqual([undefined, "a3"]);
    });
  });

  it("DAS: keyset paging (before, after, cursor) sorted other than by id is a ValidationError naming sortBy and the param that needs it; nothing sent", async () => {
    const { fetch, requests } = stub(
      (r) => `{"jsonrpc":"2.0","id":"${r.body.id}","result":{"total":0,"limit":1,"items":[]}}`,
    );
    const das = createDasClient(options(fetch));
    await expect(
      // @ts-expect-error — refused by the types too (test/types/calls.ts); the check is a JavaScript caller's
      das.getAssetsByOwner({ ownerAddress: OWNER, before: ADDRESS, sortBy: { sortBy: "created" } }),
    ).rejects.toThrow(
      'params.sortBy.sortBy: must be "id" (got "created") when params.before is given',
    );
    await expect(
      // @ts-expect-error — refused by the types too (test/types/calls.ts); the check is a JavaScript caller's
      das.getAssetsByAuthority({
        authorityAddress: OWNER,
        cursor: "c1",
        sortBy: { sortBy: "recent_action", sortDirection: "asc" },
      }),
    ).rejects.toThrow(
      'params.sortBy.sortBy: must be "id" (got "recent_action") when params.cursor is given',
    );
    // @ts-expect-error — refused by the types too (test/types/calls.ts); the check is a JavaScript caller's
    const walk = das.getAssetsByOwner.all({
      ownerAddress: OWNER,
      after: ADDRESS,
      cursor: "c1",
      sortBy: { sortBy: "updated" },
    });
    await expect(walk[Symbol.asyncIterator]().next()).rejects.toThrow("when params.after is given");
    expect(requests).toHaveLength(0);
    // A sortBy object without its field is refused (the service cannot read it: review 45, W1).
    await expect(
      das.getAssetsByOwner({
        ownerAddress: OWNER,
        cursor: "c1",
        sortBy: { sortDirection: "asc" } as never,
      }),
    ).rejects.toThrow("params.sortBy.sortBy: is required");
    expect(requests).toHaveLength(0);
    // Sorted by id, or with no sortBy (id is the default), it is sent; page paging sorts freely.
    await das.getAssetsByOwner({ ownerAddress: OWNER, after: ADDRESS, sortBy: { sortBy: "id" } });
    await das.getAssetsByOwner({ ownerAddress: OWNER, cursor: "c1" });
    await das.getAssetsByOwner({ ownerAddress: OWNER, page: 2, sortBy: { sortBy: "created" } });
    expect(requests).toHaveLength(3);
  });

  it("sender: requires config.encoding (the service documents no default), nothing sent without it", async () => {
    const { fetch, requests } = stub(rpcReply('"sig"'));
    const sender = createSenderClient(options(fetch));
    await expect(sender.sendTransaction({ transaction: "AQID" } as never)).rejects.toThrow(
      "params.config: is required",
    );
    await expect(
      sender.sendTransaction({ transaction: "AQID", config: {} } as never),
    ).rejects.toThrow("params.config.encoding: is required");
    expect(requests).toHaveLength(0);
  });

  it("sends the admin key as X-Api-Key, not in the URL", async () => {
    const { fetch, requests } = stub(
      () =>
        `{"creditsRemaining":1,"creditsUsed":2,"prepaidCreditsRemaining":0,"prepaidCreditsUsed":0,"usage":{}}`,
    );
    await createAdminClient(options(fetch)).getProjectUsage({ id: "my-project" });
    const [r] = requests;
    expect(r!.url.pathname).toBe("/v0/admin/projects/my-project/usage");
    expect(r!.url.searchParams.has("api-key")).toBe(false);
    expect(r!.headers.get("x-api-key")).toBe(KEY);
  });

  it("wallet transfers: sends the previous page's cursor as it came (an opaque string, not only base58), and .all() follows it", async () => {
    const opaque = "eyJvZmZzZXQiOjUwLCJzaWciOiIwT0lsIn0=";
    const { fetch, requests } = stub((r) =>
      r.url.searchParams.get("cursor") === opaque
        ? `{"data":[],"pagination":{"hasMore":false,"nextCursor":null}}`
        : `{"data":[{"signature":"s1"}],"pagination":{"hasMore":true,"nextCursor":"${opaque}"}}`,
    );
    const wallet = createWalletClient(options(fetch));
    await wallet.getTransfers({ wallet: OWNER, cursor: "0OIl_-:+/=" });
    expect(requests[0]!.url.searchParams.get("cursor")).toBe("0OIl_-:+/=");
    const pages = [];
    for await (const page of wallet.getTransfers.all({ wallet: OWNER }).pages()) pages.push(page);
    expect(pages).toHaveLength(2);
    expect(requests.map((r) => r.url.searchParams.get("cursor"))).toEqual([
      "0OIl_-:+/=",
      null,
      opaque,
    ]);
    await expect(wallet.getTransfers({ wallet: OWNER, cursor: "" })).rejects.toThrow(
      ValidationError,
    );
  });

  it("revives u64 fields of a REST response (token-metadata rentEpoch = u64::MAX)", async () => {
    const record = `[{"account":"${ADDRESS}","onChainAccountInfo":{"accountInfo":{"key":"${ADDRESS}","isSigner":false,"isWritable":false,"lamports":1461600,"owner":"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA","executable":false,"rentEpoch":18446744073709551615},"error":""}}]`;
    const { fetch } = stub(() => record);
    const emit = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    const [first] = await createTokenMetadataClient(options(fetch)).getTokenMetadata({
      mintAccounts: [ADDRESS],
    });
    expect(first!.onChainAccountInfo?.accountInfo?.rentEpoch).toBe(18446744073709551615n);
    expect(first!.onChainAccountInfo?.accountInfo?.lamports).toBe(1461600n);
    emit.mockRestore();
  });
});

describe("deprecated operations", () => {
  it("warn once per process, naming the replacement; others never warn", async () => {
    const emit = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    const { fetch } = stub(rpcReply(`{"signature":"sig","minted":true,"assetId":"${ADDRESS}"}`));
    const mint = createMintClient(options(fetch));
    const params = { name: "N", symbol: "S", description: "D", owner: OWNER };
    await mint.mintCompressedNft(params);
    await mint.mintCompressedNft(params);
    await createMintClient(options(fetch)).mintCompressedNft(params);
    const das = createDasClient(
      options(stub(rpcReply(`{"id":"${ADDRESS}","interface":"V1_NFT"}`)).fetch),
    );
    await das.getAsset({ id: ADDRESS });
    expect(emit).toHaveBeenCalledTimes(1);
    expect(emit.mock.calls[0]![0]).toMatch(/^mintCompressedNft is deprecated: .*compression/);
    emit.mockRestore();
  });

  it("warn once per process across the ESM and CJS builds, clients, standalone functions and the sdk", () => {
    // A Node process of its own (this one's registry already holds the warnings above), importing
    // and requiring the built packages by name as an app and a CommonJS dependency would.
    const script = `
      import { createRequire } from "node:module";
      const require = createRequire(import.meta.url);
      const seen = [];
      process.on("warning", (w) => seen.push(w.code + " " + w.message));
      const reply = (result) => async (_url, init) => new Response(JSON.stringify(
        { jsonrpc: "2.0", id: JSON.parse(init.body).id, result }));
      const mintOptions = { apiKey: "k", fetch: reply({ signature: "s", minted: true }) };
      const tokenOptions = { apiKey: "k", fetch: async () => new Response("[]") };
      const params = { name: "N", symbol: "S", description: "D", owner: "${OWNER}" };
      const mints = { mintAccounts: ["${ADDRESS}"] };
      for (const load of [(name) => import(name), async (name) => require(name)]) {
        const mint = await load("@chaindata/mint");
        const tokenMetadata = await load("@chaindata/token-metadata");
        const sdk = (await load("@chaindata/sdk")).createChainDataClient({ ...mintOptions });
        await mint.createMintClient(mintOptions).mintCompressedNft(params);
        await mint.mintCompressedNft(mint.createMintRpc(mintOptions), params);
        await sdk.mint.request("mintCompressedNft", params);
        await tokenMetadata.createTokenMetadataClient(tokenOptions).getTokenMetadata(mints);
        await (await load("@chaindata/sdk")).createChainDataClient(tokenOptions).tokenMetadata.getTokenMetadata(mints);
      }
      setImmediate(() => console.log(JSON.stringify(seen)));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: import.meta.dirname,
      encoding: "utf8",
    });
    expect(JSON.parse(out)).toEqual([
      "CHAINDATA_DEPRECATED mintCompressedNft is deprecated: use the service's ZK-compression API (@chaindata/compression only reads it) instead",
      "CHAINDATA_DEPRECATED getTokenMetadata is deprecated: use DAS getAsset / getAssetBatch (@chaindata/das) instead",
    ]);
  });
});

describe("@chaindata/sdk", () => {
  it("creates each area on first use, so devnet (no wallet or sender host) serves the other areas", async () => {
    const { fetch, requests } = stub(rpcReply(`{"id":"${ADDRESS}","interface":"V1_NFT"}`));
    const sdk = createChainDataClient({ environment: "devnet", ...options(fetch) });
    await sdk.das.getAsset({ id: ADDRESS });
    expect(requests[0]!.url.origin).toBe("https://devnet.helius-rpc.com");
    expect(sdk.das).toBe(sdk.das);
    expect(() => sdk.wallet).toThrow(ConfigurationError);
    expect(() => sdk.wallet).toThrow("set `baseUrls.wallet`");
  });
  it("checks its options when created, though areas come later: a typo throws at once; null reads as none", () => {
    expect(() => createChainDataClient({ baseUrl: "http://127.0.0.1:4010" } as never)).toThrow(
      new ConfigurationError(
        "baseUrl: is not a client option (apiKey, environment, baseUrls, fetch, headers, timeout, maxRetries, logger, onAttempt, batch, coalesce, areas); did you mean baseUrls?",
      ),
    );
    expect(() => createChainDataClient("fast" as never)).toThrow(
      new ConfigurationError("options: must be an object of client options (got string)"),
    );
    expect(typeof createChainDataClient(null as never).das.getAsset).toBe("function");
  });
  it("checks the environment and baseUrls when created too, as each area's own factory does", () => {
    expect(() => createChainDataClient({ environment: "mainet" as never })).toThrow(
      'environment: must be one of mainnet, devnet, local (got "mainet")',
    );
    expect(() => createChainDataClient({ baseUrls: { rcp: "http://node" } as never })).toThrow(
      "baseUrls.rcp: is not a host",
    );
    expect(() => createChainDataClient({ baseUrls: { sender: "fra" } })).toThrow(
      'baseUrls.sender: must start with http:// or https:// (got "fra", a region: use senderRegions.fra)',
    );
    // A host the environment lacks is still no error until its area is used.
    expect(() => createChainDataClient({ environment: "devnet" })).not.toThrow();
  });
  it("sends headers given as a Headers or as pairs, as each area's own factory does, and refuses bad ones when created", async () => {
    for (const headers of [new Headers({ "X-Team": "a" }), [["X-Team", "a"]]]) {
      const { fetch, requests } = stub(rpcReply(`{"id":"${ADDRESS}","interface":"V1_NFT"}`));
      const sdk = createChainDataClient({ ...options(fetch), headers: headers as never });
      await sdk.das.getAsset({ id: ADDRESS });
      expect(requests[0]!.headers.get("x-team")).toBe("a");
      expect(requests[0]!.headers.has("0")).toBe(false);
    }
    // Spread into an object, a string would be sent as headers "0", "1", ...
    for (const headers of ["x-team: a", { "x-team": "a\nb" }])
      expect(() => createChainDataClient({ headers: headers as never })).toThrow(
        ConfigurationError,
      );
  });
});

describe("options", () => {
  it("reject a rate limit or batch option not made by its factory, naming the option and the factory", () => {
    expect(() => createAdminClient({ rateLimit: { requestsPerSecond: 5 } as never })).toThrow(
      "rateLimit: must be made by createRateLimiter({ requestsPerSecond }) (got object)",
    );
    expect(() => createDasClient({ batch: true as never })).toThrow(
      "batch: must be made by createBatcher() (got true)",
    );
    expect(() => createBatcher({ maxSize: 0 })).toThrow(
      "batch.maxSize: must be a whole number >= 1, or Infinity (got 0)",
    );
  });
});

describe("every package exports the lossless JSON functions", () => {
  // u64 values arrive as bigint, which JSON.stringify throws on: a user queuing an event or
  // caching a result needs `stringifyJson`, from the one package they installed.
  const packages = [...new Set(areas.map((a) => `@chaindata/${a.area}`)), "@chaindata/sdk"];
  it.each(packages)("%s", async (name) => {
    const { stringifyJson, parseJson } = (await import(name)) as {
      stringifyJson: (value: unknown) => string;
      parseJson: (text: string) => unknown;
    };
    const text = stringifyJson({ fee: 5000n, supply: 2n ** 64n - 1n });
    expect(text).toBe('{"fee":5000,"supply":18446744073709551615}');
    expect(parseJson(text)).toEqual({ fee: 5000, supply: 2n ** 64n - 1n });
  });
});

// (After "deprecated operations": a mint call here would take the once-per-process warning first.)
describe("URL params", () => {
  it("refuses a URL without a scheme, or with spaces, by name; nothing is sent", async () => {
    const emit = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    const { fetch, requests } = stub(rpcReply(`{"signature":"sig","minted":true}`));
    const mint = createMintClient(options(fetch));
    const params = { name: "N", symbol: "S", description: "D", owner: OWNER };
    await expect(
      mint.mintCompressedNft({ ...params, uri: "arweave", imageUrl: "https://x.io/a b.png" }),
    ).rejects.toThrow(
      'params.uri: must be an absolute URL such as https://example.com/x (a scheme, then no spaces) (got "arweave"); params.imageUrl: must be an absolute URL',
    );
    expect(requests).toHaveLength(0);
    // Any scheme a URI may have is sent as given.
    for (const uri of ["https://arweave.net/abc", "ipfs://bafy/1.json", "ar://abc"])
      await mint.mintCompressedNft({ ...params, uri });
    expect(requests).toHaveLength(3);
    emit.mockRestore();
  });
});

describe("operations without params", () => {
  it("refuse a call written as (params, options): its options would be ignored; nothing is sent", async () => {
    const { fetch, requests } = stub(() => "[]");
    const aborted = AbortSignal.abort();
    const webhooks = createWebhooksClient(options(fetch));
    const sender = createSenderClient(options(fetch));
    for (const [call, id] of [
      [() => (webhooks.listWebhooks as any)({}, { signal: aborted }), "listWebhooks"],
      [() => (sender.ping as any)({}, { signal: aborted }), "ping"],
    ] as const) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toBe(
        `params: ${id} takes no params; its only argument is the request options (got 2 arguments)`,
      );
    }
    expect(requests).toHaveLength(0);
    // The options alone are read as always.
    await expect(webhooks.listWebhooks({ signal: aborted })).rejects.toThrow("aborted");
    expect(requests).toHaveLength(0);
    await webhooks.listWebhooks();
    expect(requests).toHaveLength(1);
  });
});
