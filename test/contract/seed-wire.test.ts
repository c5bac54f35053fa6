/**
 * The REST side (wallet, admin, webhooks, token metadata) and the sender (`POST /fast`, `GET /ping`)
 * held to the seed, /work/shared/seed (and shared/reference/api-facts.md where the seed says "not
 * shown"), written out here by hand: an oracle apart from the spec, as test/spec/seed-operations.json
 * is for the operation list. test/contract/wire.property.test.ts checks that a client sends what the
 * spec says; this file checks that what the spec says, and so what goes on the wire, is the seed's,
 * so that a spec edit that renames, retypes or moves a seed field (in the spec and, regenerated, in
 * the client together) fails here.
 *   1. the bundles (spec/dist) state each seed fact: method and path, the key's place, each named
 *      parameter and body field with its type, bound and default, the response fields and their
 *      types, the costs, rate limit, beta and deprecation marks, and examples that agree;
 *   2. each operation, called with the built packages against a loopback node:http server that
 *      records the request, sends the seed's method, path, query, key placement and body;
 *   3. the same calls to the mock (Prism) are routed to their operation with no violation.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClients, useMock, type Clients } from "./harness.js";
import { areas, branches, deref, SIGNED_TRANSACTION } from "../spec/documents.js";

const KEY = "seed-key";
const WALLET = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const SIGNATURE =
  "2JNquc1NViVUZd4fJSnitTqGjig5TgNJk6CzCKYpUErh88Sa5QNztu7cnvz4UwkL13Vz2Awv88ZpVzt8zoR8UARi";
const WEBHOOK_ID = "642574b0-72aa-41dd-b293-356451e22168";
const WALLET_PATTERN = "^[1-9A-HJ-NP-Za-km-z]{32,44}$"; // seed, "Conventions"

const docOf = (area: string, kind = "openapi") =>
  areas.find((a) => a.area === area && a.kind === kind)!.doc;
/** The JSON types a schema allows (`null` included). */
const typesOf = (doc: any, schema: any): string[] =>
  [
    ...new Set(
      branches(doc, schema).flatMap((b) =>
        b.const !== undefined ? [typeof b.const] : [b.type ?? []].flat(),
      ),
    ),
  ].sort();

interface SeedOperation {
  area: string;
  id: string;
  method: string;
  path: string;
  /** Where the key goes: the seed's "Authentication". */
  key: "query" | "header or query";
  beta?: true;
  deprecated?: true;
  credits?: number;
  requestsPerSecond?: number;
  /** Query parameters the seed names: type, and the bounds and default it states. */
  query?: Record<string, Record<string, unknown>>;
  /** Body fields the seed names: type, and the bounds and default it states. */
  body?: Record<string, Record<string, unknown>>;
  /** Response fields the seed names, with their type (`?` after the name: the seed calls it optional). */
  response?: { array?: true; fields: Record<string, string | string[]> };
  /** Statuses the seed's "Errors" gives this operation (401, 403, 429 are every call's). */
  statuses?: string[];
}

const FUNDING = {
  funder: "string",
  mint: "string",
  symbol: "string",
  amount: "number",
  amountRaw: "string",
  decimals: "integer",
  signature: "string",
  timestamp: "integer",
  date: "string",
  slot: "integer",
  explorerUrl: "string",
  "funderName?": "string",
  "funderType?": "string",
};
const USAGE = {
  creditsRemaining: "integer",
  creditsUsed: "integer",
  prepaidCreditsRemaining: "integer",
  prepaidCreditsUsed: "integer",
  subscriptionDetails: "object",
  usage: "object",
};
const WEBHOOK = {
  webhookID: "string",
  wallet: "string",
  webhookURL: "string",
  transactionTypes: "array",
  accountAddresses: "array",
  webhookType: "string",
  "authHeader?": "string",
  "active?": "boolean",
};
const WEBHOOK_BODY = {
  webhookURL: { type: "string" },
  transactionTypes: { type: "array" },
  accountAddresses: { type: "array", maxItems: 100000 },
  webhookType: { type: "string" },
  authHeader: { type: "string" },
  encoding: { type: "string" },
  txnStatus: { type: "string" },
};

/** The seed's REST operations, field for field ("Wallet API (beta)", "Admin API", …). */
const SEED: SeedOperation[] = [
  ...["identity", "balances", "history", "transfers", "funded-by"].map((route) => ({
    area: "wallet",
    id: { identity: "getIdentity", balances: "getBalances", history: "getHistory", transfers: "getTransfers", "funded-by": "getFundedBy" }[route]!, // prettier-ignore
    method: "get",
    path: `/v1/wallet/{wallet}/${route}`,
    key: "query" as const,
    beta: true as const,
    credits: 100,
  })),
  {
    area: "wallet",
    id: "getBatchIdentity",
    method: "post",
    path: "/v1/wallet/batch-identity",
    key: "query",
    beta: true,
    credits: 100,
    body: { addresses: { type: "array", maxItems: 100 } },
  },
  {
    area: "admin",
    id: "getProjectUsage",
    method: "get",
    path: "/v0/admin/projects/{id}/usage",
    key: "header or query",
    requestsPerSecond: 5,
    response: { fields: USAGE },
    statuses: ["400"],
  },
  {
    area: "webhooks",
    id: "createWebhook",
    method: "post",
    path: "/v0/webhooks",
    key: "query",
    body: WEBHOOK_BODY,
    response: { fields: WEBHOOK },
  },
  {
    area: "token-metadata",
    id: "getTokenMetadata",
    method: "post",
    path: "/v0/token-metadata",
    key: "query",
    deprecated: true,
    body: {
      mintAccounts: { type: "array", maxItems: 100 },
      includeOffChain: { type: "boolean", default: false },
      disableCache: { type: "boolean", default: false },
    },
    response: {
      array: true,
      fields: {
        account: "string",
        "onChainAccountInfo?": "object",
        "onChainMetadata?": "object",
        "offChainMetadata?": "object",
        "legacyMetadata?": ["null", "object"],
      },
    },
  },
];
// The parts of the wallet routes the seed details.
Object.assign(
  SEED.find((o) => o.id === "getBalances")!,
  {
    query: {
      page: { type: "integer", default: 1, minimum: 1 },
      limit: { type: "integer", default: 100, minimum: 1, maximum: 100 },
      showZeroBalance: { type: "boolean", default: false },
      showNative: { type: "boolean", default: true },
      showNfts: { type: "boolean", default: false },
    },
    response: {
      fields: {
        balances: "array",
        totalUsdValue: "number",
        pagination: "object",
        "nfts?": "array",
      },
    },
  },
);
Object.assign(
  SEED.find((o) => o.id === "getTransfers")!,
  {
    query: {
      limit: { type: "integer", minimum: 1, maximum: 100 },
      cursor: { type: "string" },
    },
    response: { fields: { data: "array", pagination: "object" } },
  },
);
Object.assign(
  SEED.find((o) => o.id === "getFundedBy")!,
  { response: { fields: FUNDING } },
);

/** `name` → [type, optional]: a seed field list's entry (`name?` is optional). */
const fieldsOf = (fields: Record<string, string | string[]>) =>
  Object.entries(fields).map(
    ([name, type]) => [name.replace(/\?$/, ""), [type].flat().sort(), name.endsWith("?")] as const,
  );

/** Each seed field of `fields` present in `schema` with the seed's type, required unless optional. */
function checkFields(
  doc: any,
  schema: any,
  fields: Record<string, string | string[]>,
  where: string,
) {
  const s = deref(doc, schema);
  const problems: string[] = [];
  for (const [name, type, optional] of fieldsOf(fields)) {
    const prop = s.properties?.[name];
    if (!prop) {
      problems.push(`${where}: no field ${name}`);
      continue;
    }
    // (A field the sources show as null at times may allow null besides the seed's type.)
    const got = typesOf(doc, prop).filter((t) => t !== "null" || type.includes("null"));
    if (got.join() !== type.join())
      problems.push(`${where}.${name}: type ${got.join("|")}, the seed says ${type.join("|")}`);
    if (!optional && !(s.required ?? []).includes(name))
      problems.push(`${where}.${name}: not required, the seed does not call it optional`);
  }
  return problems;
}

describe("the spec states the seed's REST operations", () => {
  it.each(SEED.map((o) => [`${o.area} ${o.id}`, o] as const))("%s", (_name, seed) => {
    const doc = docOf(seed.area);
    const op = doc.paths[seed.path]?.[seed.method];
    expect(op?.operationId, `${seed.method.toUpperCase()} ${seed.path}`).toBe(seed.id);
    const problems: string[] = [];

    // The key: every REST host takes `api-key` in the query; the admin host the header too.
    const schemes = (op.security ?? doc.security).map(
      (alt: any) => doc.components.securitySchemes[Object.keys(alt)[0]!],
    );
    const places = schemes.map((s: any) => `${deref(doc, s).in} ${deref(doc, s).name}`);
    expect(places).toContain("query api-key");
    if (seed.key === "header or query") expect(places[0]).toBe("header X-Api-Key");

    if (Boolean(op["x-beta"]) !== Boolean(seed.beta)) problems.push(`x-beta: ${op["x-beta"]}`);
    if (Boolean(op.deprecated) !== Boolean(seed.deprecated))
      problems.push(`deprecated: ${op.deprecated}`);
    if (seed.credits !== undefined && op["x-cost"]?.credits !== seed.credits)
      problems.push(`x-cost.credits: ${op["x-cost"]?.credits}, the seed says ${seed.credits}`);
    if (
      seed.requestsPerSecond !== undefined &&
      op["x-rate-limit"]?.requestsPerSecond !== seed.requestsPerSecond
    )
      problems.push(`x-rate-limit: ${JSON.stringify(op["x-rate-limit"])}`);
    // The cost is the generator's line from x-cost (one phrasing everywhere), and beta the
    // generator's @beta from x-beta (the description does not say it again: spec/README.md,
    // "Deprecating an operation"): the standalone function's JSDoc, what an editor shows, says both.
    if (seed.credits || seed.beta) {
      const client = readFileSync(
        new URL(`../../packages/${seed.area}/src/generated/client.ts`, import.meta.url),
        "utf8",
      );
      const at = client.indexOf(`export function ${seed.id}(`);
      const doc = client.slice(client.lastIndexOf("/**", at), at);
      if (seed.credits && (at < 0 || !doc.includes(`Cost: ${seed.credits} credits per request.`)))
        problems.push("the generated JSDoc does not give the credit cost");
      if (seed.beta && (at < 0 || !doc.includes("@beta Routes and response formats may change.")))
        problems.push("the generated JSDoc does not say @beta");
    }

    // Path parameters: every wallet route takes the wallet address (identity also a domain).
    const params = [...(doc.paths[seed.path].parameters ?? []), ...(op.parameters ?? [])].map(
      (p: any) => deref(doc, p),
    );
    for (const name of seed.path.match(/(?<=\{)[^}]+/g) ?? []) {
      const p = params.find((x) => x.in === "path" && x.name === name);
      if (!p?.required) problems.push(`path parameter ${name}: missing or not required`);
      else if (!branches(doc, p.schema).every((b) => b.type === "string"))
        problems.push(`path parameter ${name}: not a string`);
      if (name === "wallet" && !branches(doc, p?.schema).some((b) => b.pattern === WALLET_PATTERN))
        problems.push(`path parameter wallet: no branch has the seed's pattern ${WALLET_PATTERN}`);
    }

    // Query parameters and body fields: the seed's names, types, bounds and defaults.
    const bodySchema = deref(
      doc,
      deref(doc, op.requestBody)?.content?.["application/json"]?.schema,
    );
    const stated: Array<[string, Record<string, unknown>, any]> = [
      ...Object.entries(seed.query ?? {}).map(
        ([name, facts]) =>
          [
            `query ${name}`,
            facts,
            params.find((x) => x.in === "query" && x.name === name)?.schema,
          ] as [string, Record<string, unknown>, any],
      ),
      ...Object.entries(seed.body ?? {}).map(
        ([name, facts]) =>
          [`body ${name}`, facts, bodySchema?.properties?.[name]] as [
            string,
            Record<string, unknown>,
            any,
          ],
      ),
    ];
    for (const [where, facts, schema] of stated) {
      if (!schema) {
        problems.push(`${where}: not in the spec`);
        continue;
      }
      const s = deref(doc, schema);
      for (const [keyword, value] of Object.entries(facts)) {
        const got =
          keyword === "type"
            ? typesOf(doc, s)
                .filter((t) => t !== "null")
                .join("|")
            : s[keyword];
        if (got !== value) problems.push(`${where}: ${keyword} ${got}, the seed says ${value}`);
      }
    }
    // A field of the seed's webhook body is optional unless the facts make it required.
    if (seed.id === "getBatchIdentity" && !(bodySchema.required ?? []).includes("addresses"))
      problems.push("body addresses: not required");

    // The response: the seed's fields and types.
    if (seed.response) {
      const media = deref(doc, op.responses["200"]).content["application/json"];
      const schema = deref(doc, media.schema);
      if (seed.response.array && schema.type !== "array") problems.push("200: not an array");
      problems.push(
        ...checkFields(
          doc,
          seed.response.array ? schema.items : schema,
          seed.response.fields,
          "200",
        ),
      );
    }
    // Every REST call lists 401, 403 and 429 (429 with Retry-After), and its own statuses.
    for (const status of ["200", "401", "403", "429", ...(seed.statuses ?? [])])
      if (!op.responses[status]) problems.push(`no ${status} response`);
    if (!deref(doc, op.responses["429"])?.headers?.["Retry-After"])
      problems.push("429 without Retry-After");

    // (Where the spec parts from this file's SEED table: the spec was changed by mistake, or the
    // service changed, and the SEED entry changes with the source that says so.)
    expect(
      problems,
      `${seed.id}: the spec differs from SEED in test/contract/seed-wire.test.ts (the seed's own words): undo the spec edit, or update SEED with the source of the change`,
    ).toEqual([]);
  });

  it("balances' pagination {page, limit, hasMore} and transfers' {hasMore, nextCursor}", () => {
    const doc = docOf("wallet");
    const of = (id: string) => {
      const op = Object.values<any>(doc.paths)
        .flatMap((item) => Object.values<any>(item))
        .find((o) => o?.operationId === id);
      return deref(doc, deref(doc, op.responses["200"]).content["application/json"].schema);
    };
    expect([
      ...checkFields(doc, of("getBalances").properties.pagination, { page: "integer", limit: "integer", hasMore: "boolean" }, "balances.pagination"), // prettier-ignore
      ...checkFields(doc, of("getTransfers").properties.pagination, { hasMore: "boolean", "nextCursor?": ["null", "string"] }, "transfers.pagination"), // prettier-ignore
      ...checkFields(doc, of("getTransfers").properties.data.items, { signature: "string", timestamp: "integer", direction: "string", counterparty: "string", mint: "string", amount: "number", amountRaw: "string", decimals: "integer", "symbol?": ["null", "string"] }, "transfers.data[]"), // prettier-ignore
      ...checkFields(doc, of("getBalances").properties.balances.items, { mint: "string", balance: "number", decimals: "integer", tokenProgram: "string", "symbol?": ["null", "string"], "name?": ["null", "string"], "pricePerToken?": ["null", "number"], "usdValue?": ["null", "number"], "logoUri?": ["null", "string"] }, "balances.balances[]"), // prettier-ignore
      ...checkFields(doc, of("getBalances").properties.nfts.items, { mint: "string", compressed: "boolean", "name?": ["null", "string"], "imageUri?": ["null", "string"], "collectionName?": ["null", "string"], "collectionAddress?": ["null", "string"] }, "balances.nfts[]"), // prettier-ignore
    ]).toEqual([]);
    expect(of("getBalances").properties.nfts.maxItems).toBe(100);
    expect(docOf("wallet").info["x-beta"]).toBe(true);
  });

  it("the usage report, the webhook and the legacy record hold the seed's fields", () => {
    const admin = docOf("admin");
    const usage = deref(admin, admin.components.schemas.ProjectUsage);
    const services = "api archival das grpc grpcGeyser photon rpc stream webhook websocket";
    const webhooks = docOf("webhooks");
    const type = deref(webhooks, webhooks.components.schemas.WebhookType);
    const types = branches(webhooks, webhooks.components.schemas.TransactionType);
    expect([
      ...checkFields(admin, usage.properties.usage, Object.fromEntries(services.split(" ").map((s) => [s, "integer"])), "usage"), // prettier-ignore
      ...checkFields(admin, usage.properties.subscriptionDetails, { billingCycle: ["null", "object"], creditsLimit: "integer", plan: "string" }, "subscriptionDetails"), // prettier-ignore
    ]).toEqual([]);
    expect(type.enum, "WebhookType's enum differs from the seed's six webhook types, written in test/contract/seed-wire.test.ts (the seed's own words, and api-facts.md's): undo the spec edit, or update this list with the source of the change").toEqual(["enhanced", "raw", "discord", "enhancedDevnet", "rawDevnet", "discordDevnet"]); // prettier-ignore
    const known = types.find((b) => b.enum)!.enum;
    for (const t of "ANY TRANSFER SWAP NFT_SALE NFT_LISTING NFT_MINT COMPRESSED_NFT_MINT BURN STAKE UNKNOWN".split(
      " ",
    ))
      // prettier-ignore
      expect(known).toContain(t);
    // "each is an upper-case snake-case identifier": any other such name is taken too
    expect(types.some((b) => b.pattern === "^[A-Z][A-Z0-9_]*$")).toBe(true);
    // each of onChainAccountInfo, onChainMetadata and offChainMetadata carries its own error string
    const tm = docOf("token-metadata");
    for (const part of [
      "LegacyOnChainAccountInfo",
      "LegacyOnChainMetadata",
      "LegacyOffChainMetadata",
    ]) {
      const s = deref(tm, tm.components.schemas[part]);
      expect(s.required, part).toContain("error");
      expect(deref(tm, s.properties.error).enum, part).toContain("");
    }
    // The record's inner fields whose type the seed gives ("Legacy token metadata record"): a
    // mint's supply is a string there, a creator's share on chain too.
    const schemas = tm.components.schemas;
    expect([
      ...checkFields(tm, schemas.LegacyAccountInfo, { "isSigner?": "boolean", "isWritable?": "boolean", "executable?": "boolean" }, "accountInfo"), // prettier-ignore
      ...checkFields(tm, schemas.LegacyMintInfo, { "supply?": "string", "isInitialized?": "boolean" }, "parsed.info"), // prettier-ignore
      ...checkFields(tm, schemas.LegacyMetadataAccount, { "primarySaleHappened?": "boolean", "isMutable?": "boolean" }, "onChainMetadata.metadata"), // prettier-ignore
      ...checkFields(tm, schemas.LegacyOnChainCreator, { "share?": "string", "verified?": "boolean" }, "metadata.data.creators[]"), // prettier-ignore
    ]).toEqual([]);
  });

  it("the sender: POST /fast with a JSON-RPC sendTransaction of [transaction, options], the key optional", () => {
    const doc = docOf("sender", "openrpc");
    expect(doc.info["x-path"]).toBe("/fast");
    expect(doc.info["x-auth"]).toEqual({ in: "query", name: "api-key", required: false });
    const method = doc.methods.find((m: any) => m.name === "sendTransaction");
    expect(method.paramStructure).toBe("by-position");
    expect(method.params.map((p: any) => p.name)).toEqual(["transaction", "config"]);
    const config = deref(doc, method.params[1].schema);
    expect(typesOf(doc, config.properties.encoding)).toEqual(["string"]);
    expect(deref(doc, config.properties.encoding).enum).toEqual(["base58", "base64"]);
    expect(config.properties.skipPreflight.type).toBe("boolean");
    expect(config.properties.maxRetries.type).toBe("integer");
    expect(typesOf(doc, method.result.schema)).toEqual(["string"]);
    const ping = docOf("sender").paths["/ping"].get;
    expect(ping.security).toEqual([]);
  });

  it("the batch-identity examples: one identity per input of the request example", () => {
    // (The description says "one identity per resolved input", and the request example's domain,
    // toly.sol, resolves in getIdentity's own example: a pair that drops it teaches a reader that
    // a domain input gets no identity.)
    const doc = docOf("wallet");
    const op = doc.paths["/v1/wallet/batch-identity"].post;
    const request = deref(doc, op.requestBody).content["application/json"].examples;
    const response = deref(doc, op.responses["200"]).content["application/json"].examples;
    const inputs = (Object.values<any>(request)[0].value.addresses as string[]).length;
    expect(Object.values<any>(response)[0].value).toHaveLength(inputs);
    const schemas = doc.components.schemas;
    expect(schemas.WalletBatchIdentityResponse.examples[0]).toHaveLength(
      schemas.BatchIdentityRequest.examples[0].addresses.length,
    );
  });
});

/** A request as it reached the server. */
interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Each call of the seed's operations, and what the seed says goes on the wire for it. */
const CALLS: Array<{
  name: string;
  call: (c: Clients) => Promise<unknown>;
  answer: { status?: number; type?: string; body: string };
  want: { method: string; path: string; query?: Record<string, string>; body?: unknown };
  key: "query" | "header" | "none";
}> = [
  {
    name: "wallet getIdentity (a domain)",
    call: (c) => c.wallet.getIdentity({ wallet: "toly.sol" }),
    answer: { body: JSON.stringify({ address: WALLET, type: "individual", name: "toly", category: "Individual", tags: [] }) }, // prettier-ignore
    want: { method: "GET", path: "/v1/wallet/toly.sol/identity" },
    key: "query",
  },
  {
    name: "wallet getBatchIdentity",
    call: (c) => c.wallet.getBatchIdentity({ addresses: [WALLET, "toly.sol"] }),
    answer: { body: "[]" },
    want: { method: "POST", path: "/v1/wallet/batch-identity", body: { addresses: [WALLET, "toly.sol"] } }, // prettier-ignore
    key: "query",
  },
  {
    name: "wallet getBalances",
    call: (c) =>
      c.wallet.getBalances({ wallet: WALLET, page: 2, limit: 10, showZeroBalance: true, showNative: false, showNfts: true }), // prettier-ignore
    answer: { body: JSON.stringify({ balances: [], totalUsdValue: 0, pagination: { page: 2, limit: 10, hasMore: false } }) }, // prettier-ignore
    want: {
      method: "GET",
      path: `/v1/wallet/${WALLET}/balances`,
      query: { page: "2", limit: "10", showZeroBalance: "true", showNative: "false", showNfts: "true" }, // prettier-ignore
    },
    key: "query",
  },
  {
    name: "wallet getHistory",
    call: (c) => c.wallet.getHistory({ wallet: WALLET, limit: 5, before: SIGNATURE }),
    answer: { body: JSON.stringify({ data: [], pagination: { hasMore: false } }) },
    want: { method: "GET", path: `/v1/wallet/${WALLET}/history`, query: { limit: "5", before: SIGNATURE } }, // prettier-ignore
    key: "query",
  },
  {
    name: "wallet getTransfers",
    call: (c) => c.wallet.getTransfers({ wallet: WALLET, limit: 5, cursor: "c+/=1" }),
    answer: { body: JSON.stringify({ data: [], pagination: { hasMore: false } }) },
    want: { method: "GET", path: `/v1/wallet/${WALLET}/transfers`, query: { limit: "5", cursor: "c+/=1" } }, // prettier-ignore
    key: "query",
  },
  {
    name: "wallet getFundedBy",
    call: (c) => c.wallet.getFundedBy({ wallet: WALLET }),
    answer: { body: "{}" },
    want: { method: "GET", path: `/v1/wallet/${WALLET}/funded-by` },
    key: "query",
  },
  {
    name: "admin getProjectUsage",
    call: (c) => c.admin.getProjectUsage({ id: "3f9a6c1e-8b2d-4e7a-9c51-2d7e0b4f8a63" }),
    answer: { body: "{}" },
    want: { method: "GET", path: "/v0/admin/projects/3f9a6c1e-8b2d-4e7a-9c51-2d7e0b4f8a63/usage" },
    key: "header",
  },
  {
    name: "webhooks createWebhook",
    call: (c) =>
      c.webhooks.createWebhook({ webhookURL: "https://hooks.example.com/in", transactionTypes: ["ANY"], accountAddresses: [WALLET], webhookType: "raw", authHeader: "Bearer s", encoding: "jsonParsed", txnStatus: "all" }), // prettier-ignore
    answer: { body: "{}" },
    want: {
      method: "POST",
      path: "/v0/webhooks",
      body: { webhookURL: "https://hooks.example.com/in", transactionTypes: ["ANY"], accountAddresses: [WALLET], webhookType: "raw", authHeader: "Bearer s", encoding: "jsonParsed", txnStatus: "all" }, // prettier-ignore
    },
    key: "query",
  },
  {
    name: "webhooks listWebhooks",
    call: (c) => c.webhooks.listWebhooks(),
    answer: { body: "[]" },
    want: { method: "GET", path: "/v0/webhooks" },
    key: "query",
  },
  {
    name: "webhooks getWebhook",
    call: (c) => c.webhooks.getWebhook({ webhookID: WEBHOOK_ID }),
    answer: { body: "{}" },
    want: { method: "GET", path: `/v0/webhooks/${WEBHOOK_ID}` },
    key: "query",
  },
  {
    name: "webhooks updateWebhook",
    call: (c) =>
      c.webhooks.updateWebhook({ webhookID: WEBHOOK_ID, webhookURL: "https://hooks.example.com/in", transactionTypes: ["SWAP"], accountAddresses: [WALLET, MINT] }), // prettier-ignore
    answer: { body: "{}" },
    want: {
      method: "PUT",
      path: `/v0/webhooks/${WEBHOOK_ID}`,
      body: { webhookURL: "https://hooks.example.com/in", transactionTypes: ["SWAP"], accountAddresses: [WALLET, MINT] }, // prettier-ignore
    },
    key: "query",
  },
  {
    name: "webhooks deleteWebhook",
    call: (c) => c.webhooks.deleteWebhook({ webhookID: WEBHOOK_ID }),
    answer: { body: "{}" },
    want: { method: "DELETE", path: `/v0/webhooks/${WEBHOOK_ID}` },
    key: "query",
  },
  {
    name: "token-metadata getTokenMetadata",
    call: (c) => c["token-metadata"].getTokenMetadata({ mintAccounts: [MINT], includeOffChain: true, disableCache: false }), // prettier-ignore
    answer: { body: "[]" },
    want: {
      method: "POST",
      path: "/v0/token-metadata",
      body: { mintAccounts: [MINT], includeOffChain: true, disableCache: false },
    },
    key: "query",
  },
  {
    name: "sender sendTransaction (swqos_only)",
    call: (c) =>
      c.sender.sendTransaction({ transaction: SIGNED_TRANSACTION, config: { encoding: "base64" }, swqosOnly: true }), // prettier-ignore
    answer: { body: JSON.stringify({ jsonrpc: "2.0", id: "1", result: SIGNATURE }) },
    want: {
      method: "POST",
      path: "/fast",
      query: { swqos_only: "true" },
      // seed: {jsonrpc "2.0", id string, method sendTransaction, params [transaction, options]}
      body: {
        jsonrpc: "2.0",
        id: "1",
        method: "sendTransaction",
        params: [SIGNED_TRANSACTION, { encoding: "base64", skipPreflight: true, maxRetries: 0 }],
      },
    },
    // (The harness gives the sender client the key, as a user with a custom TPS limit does.)
    key: "query",
  },
  {
    name: "sender ping",
    call: (c) => c.sender.ping(),
    answer: { type: "text/plain", body: "ok" },
    want: { method: "GET", path: "/ping" },
    key: "none",
  },
];

describe("what the clients put on the wire is the seed's", () => {
  const received: Received[] = [];
  let answer: (typeof CALLS)[number]["answer"] = { body: "{}" };
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const url = new URL(req.url!, "http://127.0.0.1");
      received.push({
        method: req.method!,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      });
      res.writeHead(answer.status ?? 200, { "content-type": answer.type ?? "application/json" });
      res.end(answer.body);
    });
  });
  let clients: Clients;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    clients = makeClients({
      apiKey: KEY,
      maxRetries: 0,
      baseUrls: { rpc: url, wallet: url, admin: url, api: url, sender: url },
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(CALLS.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    received.length = 0;
    answer = c.answer;
    await c.call(clients);
    expect(received).toHaveLength(1);
    const [got] = received as [Received];
    const { "api-key": queryKey, ...query } = got.query;
    expect({ method: got.method, path: got.path, query }).toEqual({
      method: c.want.method,
      path: c.want.path,
      query: c.want.query ?? {},
    });
    // The key: in the query on the wallet, api and sender hosts, in the X-Api-Key header (and
    // nowhere else) on the admin host; none on the sender's ping.
    expect({ query: queryKey, header: got.headers["x-api-key"] }).toEqual({
      query: c.key === "query" ? KEY : undefined,
      header: c.key === "header" ? KEY : undefined,
    });
    if (c.want.body === undefined) expect(got.body).toBe("");
    else {
      expect(got.headers["content-type"]).toMatch(/^application\/json/);
      const body = JSON.parse(got.body);
      // (A JSON-RPC id is the client's to choose; the seed's is a string.)
      if (c.want.path === "/fast") expect(typeof body.id).toBe("string");
      expect(c.want.path === "/fast" ? { ...body, id: "1" } : body).toEqual(c.want.body);
    }
  });

  it("the sender without a key sends none (only users with a custom TPS limit send one)", async () => {
    received.length = 0;
    answer = { body: JSON.stringify({ jsonrpc: "2.0", id: "1", result: SIGNATURE }) };
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { sender } = makeClients({ maxRetries: 0, baseUrls: { sender: url, rpc: url, wallet: url, admin: url, api: url } }); // prettier-ignore
    await sender.sendTransaction({
      transaction: SIGNED_TRANSACTION,
      config: { encoding: "base64" },
    });
    expect(received.map((r) => [r.path, r.query, r.headers["x-api-key"]])).toEqual([["/fast", {}, undefined]]); // prettier-ignore
  });
});

describe("the mock takes each of those calls", () => {
  const h = useMock("examples");
  it.each(CALLS.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    await c.call(h.clients());
    const requests = h.requests();
    expect(requests.map((r) => [r.method, r.path, r.status, r.violations])).toEqual([
      [c.want.method, c.want.path, 200, []],
    ]);
  });
});
