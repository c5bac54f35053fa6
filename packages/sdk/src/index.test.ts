// The composite client as a user meets it, area by area: every client option reaches each area it
// is meant for (the key placed as the area's host takes it, none to the sender), the key is masked
// in every area's errors and log lines, the deprecated areas warn once per process, and a bundle
// importing one name from the sdk carries that name's code alone (sideEffects: false).
// (Wire formats, batching across areas and option checks: test/clients/generated.test.ts; one
// area's own options, `areas`: areas.test.ts.)
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  createChainDataClient,
  createCoalescer,
  InternalServerError,
  TimeoutError,
  type ChainDataClient,
  type ChainDataClientOptions,
} from "./index.js";
import { browserBundle } from "../../../bench/lib/programs.mjs";
import { ADDRESS, areaCalls as calls, baseUrls, specAreas } from "./test-support/area-calls.js";

const KEY = "sdk-test-key-5c1f0e";
const WEBHOOK_ID = "642574b0-72aa-41dd-b293-356451e22168";
type Area = keyof ChainDataClient;
const areas = Object.keys(calls) as Area[];

// Where each area goes, given a base URL per host, and how its host takes the key.
const hostOf = Object.fromEntries(specAreas.map(({ key, host }) => [key, host])) as Record<
  Area,
  keyof typeof baseUrls
>;
const keyIn = (host: string) =>
  host === "admin" ? "header" : host === "sender" ? "none" : "query";

// The deprecation warnings of the whole file (once per process, whichever test calls first), kept
// across tests: the config's restoreMocks ends each test's spy.
const warnings: unknown[] = [];
beforeEach(() => {
  vi.spyOn(process, "emitWarning").mockImplementation((warning) => void warnings.push(warning));
});
// (Or the `logger.warn` of the client that calls first: a logger given takes them.)
const loggedWarnings: string[] = [];

interface Seen {
  origin: string;
  key: "query" | "header" | "none";
  team: string | null;
}

describe("createChainDataClient: options reach every area", () => {
  it("apiKey, baseUrls per host, fetch, headers, maxRetries and logger; the key in no error or log line", async () => {
    const seen = new Map<string, Seen[]>();
    const lines: string[] = [];
    const log = (message: string, meta?: object) =>
      lines.push(`${message} ${JSON.stringify(meta)}`);
    const options: ChainDataClientOptions = {
      apiKey: KEY,
      baseUrls,
      headers: { "X-Team": "t" },
      maxRetries: 1,
      logger: { debug: log, info: log, warn: (message: string) => loggedWarnings.push(message) },
      // A 503 that echoes the URL and key header it got, as a careless server might.
      fetch: async (url, init) => {
        const headers = new Headers(init.headers);
        const { origin, searchParams } = new URL(url);
        const key = headers.get("x-api-key");
        const entry: Seen = {
          origin,
          key: searchParams.get("api-key") === KEY ? "query" : key === KEY ? "header" : "none",
          team: headers.get("x-team"),
        };
        seen.set(origin, [...(seen.get(origin) ?? []), entry]);
        const body = JSON.stringify({ error: `unavailable: ${url} ${key}` });
        return new Response(body, { status: 503, headers: { "retry-after": "0" } });
      },
    };
    const sdk = createChainDataClient(options);
    for (const area of areas) {
      seen.clear();
      const error = await calls[area](sdk).catch((e: unknown) => e);
      expect(error, area).toBeInstanceOf(InternalServerError);
      for (const text of [String(error), inspect(error, { depth: 9 }), JSON.stringify(error)])
        expect(text, area).not.toContain(KEY);
      const host = hostOf[area];
      const attempts = area === "mint" ? 1 : 2; // (a write is not retried)
      expect([...seen.keys()], area).toEqual([baseUrls[host]]);
      expect(seen.get(baseUrls[host]), area).toEqual(
        Array(attempts).fill({ origin: baseUrls[host], key: keyIn(host), team: "t" }),
      );
    }
    expect(lines.length).toBeGreaterThan(areas.length);
    expect(lines.filter((line) => line.includes(KEY))).toEqual([]);
  });

  it("reads CHAINDATA_API_KEY once, when created, as an area client does", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", KEY);
    const keys: (string | null)[] = [];
    const sdk = createChainDataClient({
      baseUrls,
      maxRetries: 0,
      fetch: (url) => {
        keys.push(new URL(url).searchParams.get("api-key"));
        return Promise.reject(new Error("stop"));
      },
    });
    // (An app that clears its secrets from the environment after start-up.)
    vi.stubEnv("CHAINDATA_API_KEY", "");
    try {
      await sdk.das.getAsset({ id: ADDRESS }).catch(() => {});
      await sdk.wallet.getBalances({ wallet: ADDRESS }).catch(() => {});
    } finally {
      vi.unstubAllEnvs();
    }
    expect(keys).toEqual([KEY, KEY]);
  });

  it("coalesce: in every area, two identical reads made in the same tick are one request; a write is two", async () => {
    const sent: string[] = [];
    const sdk = createChainDataClient({
      apiKey: KEY,
      baseUrls,
      maxRetries: 0,
      coalesce: createCoalescer(),
      fetch: (url) => {
        sent.push(new URL(url).origin);
        return Promise.reject(new Error("stop"));
      },
    });
    const errors = await Promise.all(
      areas.flatMap((area) => [calls[area](sdk), calls[area](sdk)].map((p) => p.catch((e) => e))),
    );
    // (Each caller its own error.)
    expect(new Set(errors).size).toBe(errors.length);
    // Requests per host: one per area there, two for mint's write.
    const perHost = (origins: string[]) =>
      origins.reduce((n, origin) => n.set(origin, (n.get(origin) ?? 0) + 1), new Map());
    expect(perHost(sent)).toEqual(
      perHost(areas.flatMap((area) => Array(area === "mint" ? 2 : 1).fill(baseUrls[hostOf[area]]))),
    );
    expect(sent).toHaveLength(areas.length + 1);
  });

  it("timeout", async () => {
    const sdk = createChainDataClient({
      environment: "local",
      timeout: 20,
      maxRetries: 0,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener("abort", () => reject(init.signal!.reason as Error)),
        ),
    });
    const errors = await Promise.all(areas.map((area) => calls[area](sdk).catch((e) => e)));
    expect(errors.map((e) => e instanceof TimeoutError)).toEqual(areas.map(() => true));
  });

  it("maxRetries: every call but the sender's ping and the webhook writes, as the README says", async () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const said = readme.replace(/\s+/g, " ");
    expect(said).toContain("the sender's `ping` waits 5 s per attempt and is not retried");
    expect(said).toContain("(`createWebhook`, `updateWebhook`, `deleteWebhook`) take the shared");
    let sent = 0;
    const sdk = createChainDataClient({
      apiKey: KEY,
      baseUrls,
      maxRetries: 2,
      fetch: async () => {
        sent++;
        return new Response("{}", { status: 503, headers: { "retry-after": "0" } });
      },
    });
    const webhook = { webhookURL: "https://hooks.example.com/x", accountAddresses: [ADDRESS] };
    const byName = {
      ping: () => sdk.sender.ping(),
      createWebhook: () => sdk.webhooks.createWebhook({ ...webhook, transactionTypes: ["ANY"] }),
      deleteWebhook: () => sdk.webhooks.deleteWebhook({ webhookID: WEBHOOK_ID }),
      listWebhooks: () => sdk.webhooks.listWebhooks(),
    };
    const attempts: Record<string, number> = {};
    for (const [name, call] of Object.entries(byName)) {
      sent = 0;
      await expect(call(), name).rejects.toBeInstanceOf(InternalServerError);
      attempts[name] = sent;
    }
    expect(attempts).toEqual({ ping: 1, createWebhook: 1, deleteWebhook: 1, listWebhooks: 3 });
  });

  it("environment: local, every host on the mock's URL; the `local` placeholder key, none to the sender", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", "developer-own-key"); // (not read in `local`)
    const sent: string[] = [];
    const sdk = createChainDataClient({
      environment: "local",
      maxRetries: 0,
      fetch: (url, init) => {
        const key =
          new URL(url).searchParams.get("api-key") ?? new Headers(init.headers).get("x-api-key");
        sent.push(`${new URL(url).origin} ${key}`);
        return Promise.reject(new Error("stop"));
      },
    });
    for (const area of areas) await calls[area](sdk).catch(() => {});
    vi.unstubAllEnvs();
    expect(sent).toEqual(
      areas.map((area) => `http://127.0.0.1:4010 ${area === "sender" ? null : "local"}`),
    );
  });
});

describe("deprecated areas", () => {
  it("warn once per process per operation, the others never", async () => {
    const fetch = () => Promise.reject(new Error("stop"));
    for (let i = 0; i < 2; i++) {
      const sdk = createChainDataClient({ environment: "local", fetch, maxRetries: 0 });
      for (const area of areas) await calls[area](sdk).catch(() => {});
    }
    const ids = [...warnings, ...loggedWarnings].map((message) => String(message).split(" ")[0]);
    expect(ids.sort()).toEqual(["getTokenMetadata", "mintCompressedNft"]);
  });
});

describe("tree-shaking", () => {
  /** A minified browser bundle of `source`, built as the size budgets' programs are. */
  const bundle = async (source: string) => {
    const result = await build(browserBundle(source));
    return result.outputFiles[0]!.text;
  };
  const operations = ["getAsset", "getBalances", "sendTransaction", "listWebhooks"];

  it("an area's factory from the sdk bundles as from its own package", async () => {
    // (The same code; the minifier may name it differently.)
    const fromSdk = await bundle('export { createDasClient } from "@chaindata/sdk";');
    const fromDas = await bundle('export { createDasClient } from "@chaindata/das";');
    expect(fromSdk.length).toBe(fromDas.length);
  });

  it("a runtime name from the sdk carries no area", async () => {
    const code = await bundle('export { createBatcher, ValidationError } from "@chaindata/sdk";');
    expect(operations.filter((name) => code.includes(name))).toEqual([]);
    // (and the check sees areas where they are)
    const all = await bundle('export { createChainDataClient } from "@chaindata/sdk";');
    expect(operations.filter((name) => all.includes(name))).toEqual(operations);
  });
});

describe("an area's request given another area's method (review 88, F7.2)", () => {
  it("says which area has it, sending nothing; a name of no area, or of an area the environment lacks, gets the area's own list", async () => {
    const fetch = vi.fn(async () => new Response("{}"));
    const chaindata = createChainDataClient({ apiKey: KEY, fetch });
    const refusal = (message: string) =>
      expect.objectContaining({
        name: "ValidationError",
        message,
        issues: [
          { path: "method", rule: "enum", message, detail: message.slice("method: ".length) },
        ],
      });
    const own = "getAsset, getAssetBatch, getAssetsByOwner, getAssetsByAuthority, getNftEditions";
    await expect(
      chaindata.das.request("getCompressedAccountsByOwner" as never, { owner: ADDRESS } as never),
    ).rejects.toEqual(
      refusal(
        `method: must be one of ${own} (got "getCompressedAccountsByOwner", a method of the compression area: call client.compression.getCompressedAccountsByOwner(…))`,
      ),
    );
    await expect(
      chaindata.compression.request("getBalances" as never, undefined as never),
    ).rejects.toEqual(
      expect.objectContaining({
        message: expect.stringMatching(
          /\(got "getBalances", a method of the wallet area: call client\.wallet\.getBalances\(…\)\)$/,
        ),
      }),
    );
    // (The review's `getCompressedAccount` is no method of this API: no area has it.)
    for (const name of ["getAssetz", "getCompressedAccount"])
      await expect(chaindata.das.request(name as never, undefined as never)).rejects.toEqual(
        refusal(`method: must be one of ${own} (got "${name}")`),
      );
    // (`request` itself is no method of another area, though the JSON-RPC areas each have one:
    // it was "a method of the compression area: call client.compression.request(…)", and of two
    // more, review 90 F3.)
    await expect(chaindata.das.request("request" as never, undefined as never)).rejects.toEqual(
      refusal(`method: must be one of ${own} (got "request")`),
    );
    expect(fetch).not.toHaveBeenCalled();
    // Its own methods go as before (the stub's answer is no JSON-RPC one: sent, then refused).
    await expect(chaindata.das.request("getAsset", { id: ADDRESS })).rejects.toThrow(
      /not-json-rpc/,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    // Devnet has no sender host: that area is passed over, not thrown for.
    const devnet = createChainDataClient({ apiKey: KEY, fetch, environment: "devnet" });
    await expect(
      devnet.das.request("sendTransaction" as never, undefined as never),
    ).rejects.toEqual(refusal(`method: must be one of ${own} (got "sendTransaction")`));
  });
});
