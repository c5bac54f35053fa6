// The facts of shared/reference/api-facts.md that fill the seed's "not shown" gaps, held to the
// bundles field by field where test/contract/seed-rpc.test.ts and seed-wire.test.ts stop (review 72,
// F3): those check the seed's own fields, and only a few of api-facts' (limits, u64 amounts); the
// display flags of the owner and authority lists, the list result's optional parts, the wallet
// history and identity, the error codes each area answers with and their HTTP statuses, the
// Sender's query flag and cost, the webhook settings' values and the costs of the webhook calls had
// no oracle: a spec edit that renamed, retyped, unbounded or dropped one (and the client,
// regenerated, with it) passed every suite. Written out here by hand, with the section of
// api-facts.md each comes from; where the facts disagree with the spec on purpose, the spec's
// x-source says why and the fact here is the spec's reading of them.
import { describe, expect, it } from "vitest";
import { areas, branches, deref } from "./documents.js";

const docOf = (area: string, kind: "openrpc" | "openapi") =>
  areas.find((a) => a.area === area && a.kind === kind)!.doc;
const das = docOf("das", "openrpc");
const compression = docOf("compression", "openrpc");
const sender = docOf("sender", "openrpc");
const wallet = docOf("wallet", "openapi");
const webhooks = docOf("webhooks", "openapi");
const tokenMetadata = docOf("token-metadata", "openapi");

const methodOf = (doc: any, name: string) => doc.methods.find((m: any) => m.name === name);
const paramOf = (doc: any, method: string, name: string) =>
  deref(doc, methodOf(doc, method).params.find((p: any) => p.name === name)?.schema);
/** The REST operation `operationId` of `doc`. */
const operationOf = (doc: any, id: string) =>
  Object.values<any>(doc.paths)
    .flatMap((item) => Object.values<any>(item))
    .find((o) => o?.operationId === id);
const queryOf = (doc: any, id: string, name: string) =>
  deref(
    doc,
    (operationOf(doc, id).parameters ?? [])
      .map((p: any) => deref(doc, p))
      .find((p: any) => p.in === "query" && p.name === name)?.schema,
  );
const okSchemaOf = (doc: any, id: string) =>
  deref(doc, deref(doc, operationOf(doc, id).responses["200"]).content["application/json"].schema);

/** The JSON types of a schema (null left out), `u64` for an unsigned 64-bit integer. */
const typeOf = (doc: any, schema: any): string =>
  [
    ...new Set(
      branches(doc, schema).flatMap(
        (b) =>
        b?.format === "uint64" ? ["u64"] : b?.const !== undefined ? [typeof b.const] : [b?.type ?? []].flat(), // prettier-ignore
      ),
    ),
  ]
    .filter((t) => t !== "null")
    .sort()
    .join("|");
const enumOf = (doc: any, schema: any): unknown[] =>
  branches(doc, schema).flatMap((b) => b?.enum ?? []);
const nullable = (doc: any, schema: any) =>
  branches(doc, schema).some((b) => [b?.type ?? []].flat().includes("null"));

/**
 * Each field of `fields` ("name": "type", `name?`: optional, a trailing `|null`: nullable) in the
 * object schema: its type, and required unless optional. Returns the differences.
 */
function fieldsDiffer(doc: any, schema: any, fields: Record<string, string>, where: string) {
  const s = branches(doc, schema).find((b) => b?.properties) ?? {};
  const problems: string[] = [];
  for (const [key, want] of Object.entries(fields)) {
    const name = key.replace(/\?$/, "");
    const [type, orNull] = want.split("|null") as [string, string | undefined];
    const prop = s.properties?.[name];
    if (!prop) {
      problems.push(`${where}.${name}: not in the spec`);
      continue;
    }
    if (typeOf(doc, prop) !== type)
      problems.push(`${where}.${name}: ${typeOf(doc, prop)}, the facts say ${type}`);
    if (orNull !== undefined && !nullable(doc, prop))
      problems.push(`${where}.${name}: not nullable, the facts show null`);
    if (!key.endsWith("?") && !(s.required ?? []).includes(name))
      problems.push(`${where}.${name}: not required, the facts give it always`);
  }
  return problems;
}

describe("DAS (api-facts §1)", () => {
  it("getAssetsByOwner's seven documented display flags and getAssetsByAuthority's four: booleans, default false (§1a)", () => {
    const flags = {
      getAssetsByOwner: "showUnverifiedCollections showCollectionMetadata showGrandTotal showFungible showNativeBalance showInscription showZeroBalance", // prettier-ignore
      getAssetsByAuthority: "showUnverifiedCollections showCollectionMetadata showGrandTotal showInscription", // prettier-ignore
    };
    const problems: string[] = [];
    for (const [method, names] of Object.entries(flags)) {
      const options = paramOf(das, method, "options");
      for (const flag of names.split(" ")) {
        const s = deref(das, options?.properties?.[flag]);
        if (s?.type !== "boolean" || s.default !== false)
          problems.push(`${method} options.${flag}: ${JSON.stringify(s)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("the owner and authority lists page by page (1-based) or by keyset (before and after: asset ids, so addresses; cursor: a string), sorted by sortBy {sortBy, sortDirection} (§1b, §1c)", () => {
    const address = deref(das, { $ref: "#/components/schemas/Address" });
    for (const method of ["getAssetsByOwner", "getAssetsByAuthority"]) {
      expect(paramOf(das, method, "page"), method).toMatchObject({ type: "integer", minimum: 1 });
      expect(paramOf(das, method, "limit"), method).toMatchObject({ type: "integer", maximum: 1000 }); // prettier-ignore
      // (An asset id is refused before the call when it is no address, as getAsset's id: review 72, F4.)
      for (const keyset of ["before", "after"])
        expect(paramOf(das, method, keyset), `${method} ${keyset}`).toEqual(address);
      // ("Currently the last asset id": the format is the service's to change, so not held to one.)
      expect(typeOf(das, paramOf(das, method, "cursor")), `${method} cursor`).toBe("string");
      const sortBy = paramOf(das, method, "sortBy");
      expect(enumOf(das, sortBy.properties.sortBy).sort(), method).toEqual(
        ["created", "id", "none", "recent_action", "updated"], // (D pagination.mdx adds id)
      );
      expect(enumOf(das, sortBy.properties.sortDirection).sort(), method).toEqual(["asc", "desc"]);
    }
  });

  it("a list result: last_indexed_slot, total, limit and items always; page, before, after, cursor, grand_total, nativeBalance {lamports u64, price_per_sol, total_price} and errors [{id, error}] when they apply (§1b)", () => {
    const list = deref(das, das.components.schemas.AssetList);
    expect([
      ...fieldsDiffer(das, list, { last_indexed_slot: "integer", total: "integer", limit: "integer", items: "array", "page?": "integer", "before?": "string", "after?": "string", "cursor?": "string", "grand_total?": "integer", "nativeBalance?": "object", "errors?": "array" }, "AssetList"), // prettier-ignore
      ...fieldsDiffer(das, list.properties.nativeBalance, { "lamports?": "u64", "price_per_sol?": "number", "total_price?": "number" }, "AssetList.nativeBalance"), // prettier-ignore
      ...fieldsDiffer(das, deref(das, list.properties.errors).items, { "id?": "string", "error?": "string" }, "AssetList.errors[]"), // prettier-ignore
    ]).toEqual([]);
    for (const method of ["getAssetsByOwner", "getAssetsByAuthority"])
      expect(deref(das, methodOf(das, method).result.schema), method).toBe(list);
  });

  it("getNftEditions' result: the master edition, its supply and max supply (u64), and editions with burnt (§1b)", () => {
    const editions = deref(das, methodOf(das, "getNftEditions").result.schema);
    expect([
      ...fieldsDiffer(das, editions, { last_indexed_slot: "integer", total: "integer", limit: "integer", "page?": "integer", "master_edition_address?": "string", "supply?": "u64", "max_supply?": "u64", editions: "array" }, "EditionList"), // prettier-ignore
    ]).toEqual([]);
    const edition = deref(das, deref(das, editions.properties.editions).items);
    expect(Object.keys(edition.properties).sort()).toEqual(["burnt", "edition", "edition_address", "mint"]); // prettier-ignore
  });

  it("the asset's known values: authority scopes, ownership and royalty models, the RS interfaces as other values (§1b)", () => {
    const asset = deref(das, das.components.schemas.Asset);
    const scopes = deref(das, deref(das, asset.properties.authorities).items).properties.scopes;
    expect(enumOf(das, deref(das, scopes).items)).toEqual(["full", "royalty", "metadata", "extension"]); // prettier-ignore
    const ownership = deref(das, asset.properties.ownership);
    expect(enumOf(das, ownership.properties.ownership_model)).toEqual(["single", "token"]);
    const royalty = deref(das, asset.properties.royalty);
    expect(enumOf(das, royalty.properties.royalty_model)).toEqual(["creators", "fanout", "single"]);
    // open enums: a value the lists lack (MplCoreAsset, an RS interface) is a string they take
    for (const schema of [asset.properties.interface, ownership.properties.ownership_model])
      expect(branches(das, schema).some((b) => b.type === "string" && !b.enum)).toBe(true);
    expect([
      ...fieldsDiffer(das, royalty, { "target?": "string|null" }, "royalty"),
      ...fieldsDiffer(das, ownership, { "delegate?": "string|null" }, "ownership"),
      ...fieldsDiffer(das, asset, { "supply?": "object|null" }, "Asset"),
    ]).toEqual([]);
  });

  it("every DAS method answers not found with -32004 and the rate limit with -32029 (HTTP 404 and 429), a server error with -32000 (500) (§1d)", () => {
    for (const method of das.methods) {
      const codes = method.errors.map((e: any) => deref(das, e).code);
      expect(codes, method.name).toEqual(expect.arrayContaining([-32602, -32001, -32003, -32004, -32029, -32000])); // prettier-ignore
    }
    const status = (code: number) => das["x-error-info"][String(code)]?.httpStatus;
    expect([-32602, -32001, -32003, -32004, -32029, -32000].map(status)).toEqual([400, 401, 403, 404, 429, 500]); // prettier-ignore
  });

  it('every method of the JSON-RPC host lists a plan out of credits, -32429 "max usage reached" at HTTP 429, beside its rate limit (§3b, third-party observations)', () => {
    // (So the mock answers it, `Prefer: code=429, example=error-32429`, and a service's credits
    // alert can be exercised without a stub fetch: user trial 63, F4.)
    const rpcHost = areas.filter((a) => a.kind === "openrpc" && a.doc.info["x-host"] === "rpc");
    expect(rpcHost.map((a) => a.area).sort()).toEqual(["compression", "das", "mint"]);
    for (const { doc } of rpcHost) {
      for (const method of doc.methods)
        expect(
          method.errors.map((e: any) => deref(doc, e)).find((e: any) => e.code === -32429),
          method.name,
        ).toEqual({ code: -32429, message: "max usage reached" });
      expect(doc["x-error-info"]["-32429"].httpStatus).toBe(429);
    }
  });
});

describe("ZK compression (api-facts §2)", () => {
  it("limit: 1000 at most and by default, null taken; filters: at most 5 memcmp {offset, bytes}; dataSlice {offset, length} (§2a)", () => {
    for (const method of compression.methods) {
      const limit = method.params.find((p: any) => p.name === "limit");
      if (!limit) continue;
      const s = deref(compression, limit.schema);
      expect(nullable(compression, s), method.name).toBe(true);
      expect(branches(compression, s).find((b) => b.maximum)?.maximum ?? s.maximum, method.name).toBe(1000); // prettier-ignore
      expect(s.default, method.name).toBe(1000);
    }
    const filters = paramOf(compression, "getCompressedAccountsByOwner", "filters");
    expect(filters.maxItems).toBe(5);
    const selector = deref(compression, filters.items);
    expect(selector.required).toEqual(["memcmp"]);
    const memcmp = deref(compression, selector.properties.memcmp);
    expect([
      ...fieldsDiffer(compression, memcmp, { offset: "integer", bytes: "string" }, "memcmp"),
      ...fieldsDiffer(compression, paramOf(compression, "getCompressedAccountsByOwner", "dataSlice"), { offset: "integer", length: "integer" }, "dataSlice"), // prettier-ignore
    ]).toEqual([]);
  });

  it("an account: hash, owner, lamports (u64), tree, leafIndex and slotCreated always; address, data and seq may be null; a token account's state is initialized or frozen; account and signature pages always carry cursor, null on the last (§2b)", () => {
    const schemas = compression.components.schemas;
    expect([
      ...fieldsDiffer(compression, schemas.CompressedAccount, { hash: "string", owner: "string", lamports: "u64", tree: "string", leafIndex: "integer", slotCreated: "integer", "address?": "string|null", "data?": "object|null", "seq?": "integer|null" }, "CompressedAccount"), // prettier-ignore
      ...fieldsDiffer(compression, schemas.CompressedAccountData, { discriminator: "u64", data: "string", dataHash: "string" }, "CompressedAccount.data"), // prettier-ignore
      ...fieldsDiffer(compression, schemas.CompressedTokenData, { mint: "string", owner: "string", amount: "u64", state: "string", "delegate?": "string|null", "tlv?": "string|null" }, "tokenData"), // prettier-ignore
      ...fieldsDiffer(compression, schemas.CompressedAccountList, { items: "array", cursor: "string|null" }, "accounts"), // prettier-ignore
      ...fieldsDiffer(compression, schemas.CompressionSignatureList, { items: "array", cursor: "string|null" }, "signatures"), // prettier-ignore
    ]).toEqual([]);
    expect(enumOf(compression, schemas.CompressedTokenData.properties.state).sort()).toEqual(["frozen", "initialized"]); // prettier-ignore
  });

  it("application errors are -32000 and bad params -32602, both answered with HTTP 200 (jsonrpsee); the rate limit -32005 (§2c, §3a)", () => {
    for (const method of compression.methods) {
      const codes = method.errors.map((e: any) => deref(compression, e).code);
      expect(codes, method.name).toEqual(expect.arrayContaining([-32602, -32000, -32005]));
    }
    const info = compression["x-error-info"];
    expect([info["-32000"].httpStatus, info["-32602"].httpStatus, info["-32005"].httpStatus]).toEqual([200, 200, 429]); // prettier-ignore
  });

  it("the rules a method checks after the params parse are -32000 with its text, not -32602: no addresses, more than 1000, more than 5 filters, a filter without memcmp (§2a, §2c)", () => {
    const refusals = (method: string, param: string) => {
      const { "x-source": _source, ...byKeyword } = methodOf(compression, method).params.find((p: any) => p.name === param)["x-refused-with"] ?? {}; // prettier-ignore
      return byKeyword;
    };
    expect(refusals("getMultipleNewAddressProofsV2", "addresses")).toEqual({
      minItems: { code: -32000, message: "Validation Error: No addresses provided" },
      maxItems: { code: -32000, message: "Validation Error: Too many addresses requested {count}. Maximum allowed: 1000" }, // prettier-ignore
    });
    expect(refusals("getCompressedAccountsByOwner", "filters")).toEqual({
      maxItems: { code: -32000, message: "Validation Error: Too many filters. The maximum number of filters allowed is 5" }, // prettier-ignore
      "items/required": { code: -32000, message: "Validation Error: Filter instance cannot be null" }, // prettier-ignore
    });
  });
});

describe("the Sender (api-facts §6)", () => {
  it("swqos_only: a boolean query flag, default false; no credits; -32602 for a bad submission (400) and -32005 for the rate limit (429) (§6a)", () => {
    const method = methodOf(sender, "sendTransaction");
    const flag = method["x-query-params"].find((q: any) => q.name === "swqos_only");
    expect(flag).toMatchObject({ required: false, schema: { type: "boolean", default: false } });
    expect(method["x-cost"].credits).toBe(0);
    const codes = method.errors.map((e: any) => deref(sender, e).code);
    expect(codes).toEqual(expect.arrayContaining([-32602, -32005]));
    const info = sender["x-error-info"];
    expect([info["-32602"].httpStatus, info["-32005"].httpStatus]).toEqual([400, 429]);
  });
});

describe("the Wallet API (api-facts §5)", () => {
  it("history: limit 1 to 100 (default 100), before and after signatures, type, tokenAccounts none | balanceChanged | all (default balanceChanged)", () => {
    expect(queryOf(wallet, "getHistory", "limit")).toMatchObject({ type: "integer", maximum: 100, default: 100 }); // prettier-ignore
    for (const name of ["before", "after", "type"])
      expect(typeOf(wallet, queryOf(wallet, "getHistory", name)), name).toBe("string");
    const tokenAccounts = queryOf(wallet, "getHistory", "tokenAccounts");
    expect([enumOf(wallet, tokenAccounts), tokenAccounts.default]).toEqual([["none", "balanceChanged", "all"], "balanceChanged"]); // prettier-ignore
  });

  it("history's answer: data [{signature, timestamp int | null, slot, fee, feePayer, error string | null, balanceChanges [{mint, amount, decimals}]}], pagination {hasMore, nextCursor?}", () => {
    const history = okSchemaOf(wallet, "getHistory");
    const item = deref(wallet, deref(wallet, history.properties.data).items);
    expect([
      ...fieldsDiffer(wallet, history, { data: "array", pagination: "object" }, "history"),
      ...fieldsDiffer(wallet, item, { signature: "string", timestamp: "integer|null", slot: "integer", fee: "number", feePayer: "string", error: "string|null", balanceChanges: "array" }, "history.data[]"), // prettier-ignore
      ...fieldsDiffer(wallet, deref(wallet, item.properties.balanceChanges).items, { mint: "string", amount: "number", decimals: "integer" }, "balanceChanges[]"), // prettier-ignore
      ...fieldsDiffer(wallet, history.properties.pagination, { hasMore: "boolean", "nextCursor?": "string|null" }, "history.pagination"), // prettier-ignore
    ]).toEqual([]);
  });

  it("identity: {address, type, name, category, tags, domainNames?}; batch identity: an array of them for 1 to 100 inputs", () => {
    const identity = okSchemaOf(wallet, "getIdentity");
    expect(fieldsDiffer(wallet, identity, { address: "string", type: "string", name: "string", category: "string", tags: "array", "domainNames?": "array" }, "identity")).toEqual([]); // prettier-ignore
    const batch = okSchemaOf(wallet, "getBatchIdentity");
    expect([batch.type, deref(wallet, batch.items)]).toEqual(["array", identity]);
  });

  it("transfers: limit 1 to 100, default 50; direction in or out; balances' tokenProgram knows spl-token and token-2022 and takes others", () => {
    expect(queryOf(wallet, "getTransfers", "limit")).toMatchObject({ minimum: 1, maximum: 100, default: 50 }); // prettier-ignore
    const item = deref(wallet, deref(wallet, okSchemaOf(wallet, "getTransfers").properties.data).items); // prettier-ignore
    expect(enumOf(wallet, item.properties.direction)).toEqual(["in", "out"]);
    const balance = deref(wallet, deref(wallet, okSchemaOf(wallet, "getBalances").properties.balances).items); // prettier-ignore
    const program = balance.properties.tokenProgram;
    expect(enumOf(wallet, program)).toEqual(["spl-token", "token-2022"]);
    expect(branches(wallet, program).some((b) => b.type === "string" && !b.enum)).toBe(true);
  });

  it("funded-by answers 404 when no funding transaction is found", () => {
    expect(operationOf(wallet, "getFundedBy").responses["404"]).toBeDefined();
  });
});

describe("webhooks (api-facts §4)", () => {
  it("txnStatus all | success | failed; webhookType's six kinds; webhookID a UUID; create requires webhookURL, transactionTypes and accountAddresses (TS) (§4a, §4b)", () => {
    const schemas = webhooks.components.schemas;
    expect(enumOf(webhooks, schemas.TxnStatus)).toEqual(["all", "success", "failed"]);
    expect(deref(webhooks, schemas.Webhook).properties.webhookID.format).toBe("uuid");
    expect(schemas.CreateWebhookRequest.required).toEqual(["webhookURL", "transactionTypes", "accountAddresses"]); // prettier-ignore
    for (const name of ["CreateWebhookRequest", "UpdateWebhookRequest"])
      for (const field of ["encoding", "txnStatus", "authHeader", "webhookType"])
        expect(schemas[name].properties[field], `${name}.${field}`).toBeDefined();
  });

  it("create, edit and delete cost 100 credits each (list and read: not documented); delete answers 200 {message?} or 204 (§3c, §4a)", () => {
    const credits = (id: string) => operationOf(webhooks, id)["x-cost"]?.credits;
    expect(["createWebhook", "updateWebhook", "deleteWebhook", "listWebhooks", "getWebhook"].map(credits)).toEqual([100, 100, 100, null, null]); // prettier-ignore
    const responses = operationOf(webhooks, "deleteWebhook").responses;
    expect([responses["200"] !== undefined, responses["204"] !== undefined]).toEqual([true, true]);
  });
});

describe("token metadata (api-facts §8)", () => {
  it("each part's error is empty or one of AccountErrorType's five values", () => {
    const errors = deref(tokenMetadata, tokenMetadata.components.schemas.AccountErrorType);
    expect(errors.enum).toEqual(["", "UNKNOWN", "EMPTY_ACCOUNT", "TIMEOUT", "INVALID_ACCOUNT", "INVALID_PUBKEY"]); // prettier-ignore
  });
});
