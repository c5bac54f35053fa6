/**
 * The JSON-RPC side (DAS, compression, the deprecated mintCompressedNft), the envelope and the hosts
 * held to the seed, /work/shared/seed (and shared/reference/api-facts.md where the seed says "not
 * shown"), written out here by hand: seed-wire.test.ts does the same for the REST side and the
 * sender. A spec edit that renames, retypes, unbounds or unmarks a seed parameter or result field (in
 * the spec and, regenerated, in the client together) passes spec:check and the generated code's own
 * tests, as both follow the spec; it fails here.
 *   1. each method: its name, `params` by name (an array for getMultipleNewAddressProofsV2), each
 *      named param with its type, whether it is required, its bounds and defaults, the result's fields
 *      and their types (raw amounts, lamports and supplies as u64s), its cost, deprecation;
 *   2. the enums the seed lists, and the hosts and where the key goes.
 * Where a source calls a value "number", an integer passes (every integer is a JSON number), unless
 * the sources show fractions (`fractional`: the royalty's percent, 0.042).
 */
import { describe, expect, it } from "vitest";
// (The spec only, not the generated code: this file runs after `npm run spec:bundle` alone.)
import { areas, branches, deref, index } from "../spec/documents.js";

const docOf = (area: string) => areas.find((a) => a.area === area && a.kind === "openrpc")!.doc;
/** The JSON types a schema allows, `null` left out (a source that shows null at times is not a type). */
const typesOf = (doc: any, schema: any): string =>
  [
    ...new Set(
      branches(doc, schema).flatMap((b) =>
        b.const !== undefined ? [typeof b.const] : [b.type ?? []].flat(),
      ),
    ),
  ]
    .filter((t) => t !== "null")
    .sort()
    .join("|");
/**
 * Whether the schema is an unsigned 64-bit integer (delivered as a bigint): the U64 type. Stated here
 * where api-facts.md gives a u64 (Photon's UnsignedInteger); a supply the seed calls an integer is a
 * U64 by the spec's own rule (spec:check's u64 names), not by a source.
 */
const isU64 = (doc: any, schema: any) =>
  branches(doc, schema).some((b) => b.type === "integer" && b.format === "uint64");

/**
 * A fact about a param or field: its type (`u64` an unsigned 64-bit integer), and keywords it has.
 * `required`: the sources mark it required. A param not marked is optional in them (the seed's
 * "Required: no", api-facts.md's "req: no" or nullable), and must not be required in the spec
 * either, unless its method lists it in `unstated`; a result field not marked may be either.
 */
type Fact = { type: string; required?: boolean; fractional?: true } & Record<string, unknown>;

/** The keywords of `facts` the schema `schema` (at `where`) differs in. */
function differences(doc: any, schema: any, facts: Fact, where: string): string[] {
  if (!schema) return [`${where}: not in the spec`];
  const problems: string[] = [];
  const s = deref(doc, schema);
  const { type, required: _required, fractional, ...keywords } = facts;
  const got = typesOf(doc, s);
  if (type === "u64") {
    if (!isU64(doc, s)) problems.push(`${where}: type ${got}, not a u64 (format uint64)`);
  } else if (got !== type && !(type === "number" && got === "integer" && !fractional))
    problems.push(`${where}: type ${got}, the sources say ${type}`);
  for (const [keyword, value] of Object.entries(keywords)) {
    // (A keyword of a nullable schema is on its non-null branch.)
    const at = branches(doc, s).find((b) => b.type !== "null" && b[keyword] !== undefined) ?? s;
    const have = keyword === "enum" ? undefined : at[keyword];
    if (keyword === "enum") {
      const values = branches(doc, s).flatMap((b) => b.enum ?? []);
      const missing = (value as string[]).filter((v) => !values.includes(v));
      if (missing.length) problems.push(`${where}: enum lacks ${missing.join(", ")}`);
    } else if (JSON.stringify(have) !== JSON.stringify(value))
      problems.push(`${where}: ${keyword} ${JSON.stringify(have)}, the sources say ${JSON.stringify(value)}`); // prettier-ignore
  }
  return problems;
}

/** Each named field of `fields` in the object schema `schema`, with its type and keywords. */
function fieldDifferences(doc: any, schema: any, fields: Record<string, Fact>, where: string) {
  const s = branches(doc, schema).find((b) => b.type === "object" || b.properties) ?? {};
  return Object.entries(fields).flatMap(([name, facts]) => [
    ...differences(doc, s.properties?.[name], facts, `${where}.${name}`),
    ...(facts.required && !(s.required ?? []).includes(name)
      ? [`${where}.${name}: not required, the sources say it is`]
      : []),
  ]);
}

const ADDRESS = { type: "string" };
/** `limit` of the compression methods: P's Limit, a u64 of at most 1000 (facts 2). */
const LIMIT = { type: "integer", maximum: 1000 };
const OPTION_FLAGS = Object.fromEntries(
  ["showUnverifiedCollections", "showCollectionMetadata", "showFungible", "showInscription"].map(
    (flag) => [flag, { type: "boolean", default: false }],
  ),
);
/** DAS page-based paging: page from 1, limit up to 1000 (facts 1b, 1c). */
const PAGING = {
  page: { type: "integer", minimum: 1 },
  limit: { type: "integer", maximum: 1000 },
};
const SORT = { type: "object" };
const LIST = {
  last_indexed_slot: { type: "integer" },
  total: { type: "integer" },
  limit: { type: "integer" },
  page: { type: "integer" },
  items: { type: "array" },
};
const COMPRESSED_ACCOUNT = {
  hash: { type: "string" },
  lamports: { type: "u64" }, // facts 2b: P UnsignedInteger
  leafIndex: { type: "integer" },
  seq: { type: "integer" },
  slotCreated: { type: "integer" },
  owner: ADDRESS,
  tree: ADDRESS,
  address: ADDRESS,
  data: { type: "object" },
};
const TOKEN_DATA = {
  amount: { type: "u64" },
  mint: ADDRESS,
  owner: ADDRESS,
  state: { type: "string", enum: ["initialized"] },
  delegate: ADDRESS,
  tlv: { type: "string" },
};
const SIGNATURE_ITEM = {
  blockTime: { type: "integer" },
  signature: { type: "string" },
  slot: { type: "integer" },
};
const PROOF = {
  address: ADDRESS,
  higherRangeAddress: ADDRESS,
  lowerRangeAddress: ADDRESS,
  merkleTree: ADDRESS,
  lowElementLeafIndex: { type: "integer" },
  nextIndex: { type: "integer" },
  proof: { type: "array" },
  root: { type: "string" },
  rootSeq: { type: "integer" },
};

interface SeedMethod {
  area: "das" | "compression" | "mint";
  name: string;
  /** by-name, or by-position: `params` is an array (getMultipleNewAddressProofsV2). */
  byPosition?: true;
  params: Record<string, Fact>;
  /**
   * Fields by the path of their object: `""` the result, `value.items[]` an item of the result's
   * `value`, `params.options` a param's (the first param's `params[0][]`, by position).
   */
  fields: Record<string, Record<string, Fact>>;
  credits: number | null;
  deprecated?: true;
  /** Params whose sources disagree on whether they are required: either passes. */
  unstated?: string[];
}

/** The seed's JSON-RPC methods, param for param ("Compressed-account methods", "DAS methods", …). */
const SEED: SeedMethod[] = [
  // -- DAS: credits 10 per call (facts 3c, D billing/credits.mdx) -------------------------------------
  {
    area: "das",
    name: "getAsset",
    params: { id: { type: "string" }, options: { type: "object" } },
    // id: not required in D's schema, non-optional in MPX's GetAsset (api-facts 1b)
    unstated: ["id"],
    fields: { "": { id: { type: "string" }, last_indexed_slot: { type: "integer" }, interface: { type: "string" }, burnt: { type: "boolean" }, mutable: { type: "boolean" } } }, // prettier-ignore
    credits: 10,
  },
  {
    area: "das",
    name: "getAssetBatch",
    // ids: at most 1,000 (facts 1b: D "up to 1,000", MPX BatchSizeExceededError)
    params: { ids: { type: "array", required: true, maxItems: 1000 }, options: { type: "object" } },
    fields: {},
    credits: 10,
  },
  {
    area: "das",
    name: "getAssetsByOwner",
    params: { ownerAddress: { ...ADDRESS, required: true }, ...PAGING, sortBy: SORT, options: { type: "object" } }, // prettier-ignore
    fields: { "": LIST },
    credits: 10,
  },
  {
    area: "das",
    name: "getAssetsByAuthority",
    params: { authorityAddress: { ...ADDRESS, required: true }, ...PAGING, sortBy: SORT, options: { type: "object" } }, // prettier-ignore
    fields: { "": LIST },
    credits: 10,
  },
  {
    area: "das",
    name: "getNftEditions",
    params: { mint: { ...ADDRESS, required: true }, ...PAGING },
    fields: {
      "": {
        last_indexed_slot: { type: "integer" },
        total: { type: "integer" },
        limit: { type: "integer" },
        page: { type: "integer" },
        master_edition_address: ADDRESS,
        supply: { type: "integer" },
        max_supply: { type: "integer" },
        editions: { type: "array" },
      },
      "editions[]": { mint: ADDRESS, edition_address: ADDRESS, edition: { type: "integer" } },
    },
    credits: 10,
  },
  // -- compression: credits 10 per call (facts 2c, D billing/credits.mdx) -----------------------------
  {
    area: "compression",
    name: "getCompressedTokenAccountsByOwner",
    params: { owner: { ...ADDRESS, required: true }, cursor: { type: "string" }, limit: LIMIT, mint: ADDRESS }, // prettier-ignore
    fields: { value: { items: { type: "array" }, cursor: { type: "string" } }, "value.items[]": { account: { type: "object", required: true }, tokenData: { type: "object", required: true } }, "value.items[].tokenData": TOKEN_DATA, "value.items[].account": COMPRESSED_ACCOUNT }, // prettier-ignore
    credits: 10,
  },
  {
    area: "compression",
    name: "getCompressedTokenAccountsByDelegate",
    params: { delegate: { ...ADDRESS, required: true }, cursor: { type: "string" }, limit: LIMIT, mint: ADDRESS }, // prettier-ignore
    fields: { value: { items: { type: "array" }, cursor: { type: "string" } }, "value.items[].tokenData": TOKEN_DATA }, // prettier-ignore
    credits: 10,
  },
  {
    area: "compression",
    name: "getCompressedAccountsByOwner",
    params: { owner: { ...ADDRESS, required: true }, cursor: { type: "string" }, dataSlice: { type: "object" }, filters: { type: "array" }, limit: LIMIT }, // prettier-ignore
    fields: { value: { items: { type: "array" }, cursor: { type: "string" } }, "value.items[]": COMPRESSED_ACCOUNT, "value.items[].data": { data: { type: "string" }, dataHash: { type: "string" }, discriminator: { type: "integer" } } }, // prettier-ignore
    credits: 10,
  },
  {
    area: "compression",
    name: "getCompressedBalanceByOwner",
    params: { owner: { ...ADDRESS, required: true } },
    fields: { "": { value: { type: "u64" }, context: { type: "object" } } },
    credits: 10,
  },
  {
    area: "compression",
    name: "getCompressionSignaturesForAddress",
    params: { address: { ...ADDRESS, required: true }, cursor: { type: "string" }, limit: LIMIT },
    fields: { value: { items: { type: "array" }, cursor: { type: "string" } }, "value.items[]": SIGNATURE_ITEM }, // prettier-ignore
    credits: 10,
  },
  {
    area: "compression",
    name: "getLatestCompressionSignatures",
    params: { cursor: { type: "string" }, limit: LIMIT },
    fields: { value: { items: { type: "array" }, cursor: { type: "string" } }, "value.items[]": SIGNATURE_ITEM }, // prettier-ignore
    credits: 10,
  },
  {
    area: "compression",
    name: "getMultipleNewAddressProofsV2",
    byPosition: true,
    // an array of {address, tree}, 1 to 1,000 (facts 2a, 2c: MAX_ADDRESSES, "No addresses provided")
    params: { "": { type: "array", required: true, minItems: 1, maxItems: 1000 } },
    fields: { "": { value: { type: "array" } }, "value[]": PROOF },
    credits: 10,
  },
  // -- mintCompressedNft (deprecated): no cost shown ---------------------------------------------------
  {
    area: "mint",
    name: "mintCompressedNft",
    params: {
      name: { type: "string", required: true },
      symbol: { type: "string", required: true },
      description: { type: "string", required: true },
      owner: { ...ADDRESS, required: true },
      delegate: ADDRESS,
      collection: ADDRESS,
      uri: { type: "string" },
      attributes: { type: "array" },
      imageUrl: { type: "string" },
      externalUrl: { type: "string" },
      sellerFeeBasisPoints: { type: "number" },
      creators: { type: "array" },
      confirmTransaction: { type: "boolean" },
    },
    fields: { "": { signature: { type: "string" }, minted: { type: "boolean" }, assetId: { type: "string" } } }, // prettier-ignore
    credits: null,
    deprecated: true,
  },
];
// The seed's `options` flags of getAsset and getAssetBatch: booleans defaulting to false.
for (const name of ["getAsset", "getAssetBatch"])
  SEED.find((m) => m.name === name)!.fields["params.options"] = OPTION_FLAGS;
// getCompressedAccountsByOwner's dataSlice: {length, offset} both required (the seed).
SEED.find((m) => m.name === "getCompressedAccountsByOwner")!.fields["params.dataSlice"] = {
  length: { type: "number", required: true },
  offset: { type: "number", required: true },
};
// getMultipleNewAddressProofsV2's elements: {address, tree}, both required (facts 2a).
SEED.find((m) => m.name === "getMultipleNewAddressProofsV2")!.fields["params[0][]"] = {
  address: { ...ADDRESS, required: true },
  tree: { ...ADDRESS, required: true },
};

/** The schema at a dotted path from the method: `params.x` a param, `params[0]` the first, `[]` items. */
function schemaAt(doc: any, method: any, path: string): any {
  const [head, ...rest] = path.split(".");
  let schema: any;
  let steps = rest;
  if (head === "params[0][]" || head === "params[0]") {
    schema = method.params[0]?.schema;
    if (head.endsWith("[]")) schema = deref(doc, schema)?.items;
  } else if (head === "params") {
    schema = method.params.find((p: any) => p.name === rest[0])?.schema;
    steps = rest.slice(1);
  } else {
    schema = method.result.schema;
    steps = path ? path.split(".") : [];
  }
  for (const step of steps) {
    const name = step.replace(/\[\]$/, "");
    const s = branches(doc, schema).find((b) => b?.properties?.[name] || b?.type === "array");
    schema = name ? s?.properties?.[name] : s;
    if (step.endsWith("[]")) schema = branches(doc, schema).find((b) => b?.items)?.items;
  }
  return schema;
}

describe("the spec states the seed's JSON-RPC methods", () => {
  it.each(SEED.map((m) => [`${m.area} ${m.name}`, m] as const))("%s", (_name, seed) => {
    const doc = docOf(seed.area);
    const method = doc.methods.find((m: any) => m.name === seed.name);
    expect(method, `${seed.area}: no method ${seed.name}`).toBeDefined();
    const problems: string[] = [];

    const structure = seed.byPosition ? "by-position" : "by-name";
    if (method.paramStructure !== structure)
      problems.push(`paramStructure ${method.paramStructure}, the seed's params are ${structure}`);
    if (Boolean(method.deprecated) !== Boolean(seed.deprecated))
      problems.push(`deprecated: ${method.deprecated}`);
    if ((method["x-cost"]?.credits ?? null) !== seed.credits)
      problems.push(`x-cost.credits: ${method["x-cost"]?.credits}, the sources say ${seed.credits}`); // prettier-ignore

    for (const [name, facts] of Object.entries(seed.params)) {
      const param = name ? method.params.find((p: any) => p.name === name) : method.params[0];
      const where = `params.${name || "[0]"}`;
      if (!param) {
        problems.push(`${where}: not in the spec`);
        continue;
      }
      problems.push(...differences(doc, param.schema, facts, where));
      if (facts.required && !param.required) problems.push(`${where}: not required`);
      if (!facts.required && param.required && !seed.unstated?.includes(name))
        problems.push(`${where}: required, the sources say it is optional`);
    }
    for (const [path, fields] of Object.entries(seed.fields)) {
      problems.push(...fieldDifferences(doc, schemaAt(doc, method, path), fields, path || "result")); // prettier-ignore
    }
    expect(
      problems,
      `${seed.name}: the spec differs from SEED in test/contract/seed-rpc.test.ts (the seed's own words, or api-facts.md's): undo the spec edit, or update SEED with the source of the change`,
    ).toEqual([]);
  });

  it("getAssetBatch's result is an array of assets; getAssetsByAuthority's ordering takes the seed's values", () => {
    const das = docOf("das");
    const batch = das.methods.find((m: any) => m.name === "getAssetBatch");
    expect(typesOf(das, batch.result.schema)).toBe("array");
    const byAuthority = das.methods.find((m: any) => m.name === "getAssetsByAuthority");
    const sortBy = deref(das, byAuthority.params.find((p: any) => p.name === "sortBy").schema);
    expect([
      ...differences(das, sortBy.properties.sortBy, { type: "string", enum: ["created", "recent_action", "updated", "none"] }, "sortBy.sortBy"), // prettier-ignore
      ...differences(das, sortBy.properties.sortDirection, { type: "string", enum: ["asc", "desc"] }, "sortBy.sortDirection"), // prettier-ignore
    ]).toEqual([]);
  });

  it("the asset: the seed's interface values and field types", () => {
    const das = docOf("das");
    const asset = das.components.schemas.Asset;
    /** The item schema of the asset's list `name` (creators[], authorities[]). */
    const itemsOf = (name: string) =>
      branches(das, deref(das, asset).properties[name]).find((b) => b?.items)?.items;
    const interfaces = "V1_NFT V1_PRINT LEGACY_NFT V2_NFT FungibleAsset FungibleToken Custom Identity Executable ProgrammableNFT"; // prettier-ignore
    expect([
      ...fieldDifferences(das, asset, { interface: { type: "string", enum: interfaces.split(" ") }, id: { type: "string" }, mutable: { type: "boolean" }, burnt: { type: "boolean" } }, "Asset"), // prettier-ignore
      ...fieldDifferences(das, deref(das, asset).properties.compression, { eligible: { type: "boolean" }, compressed: { type: "boolean" }, seq: { type: "integer" }, leaf_id: { type: "integer" }, tree: { type: "string" } }, "Asset.compression"), // prettier-ignore
      ...fieldDifferences(das, deref(das, asset).properties.supply, { print_max_supply: { type: "integer" }, print_current_supply: { type: "integer" }, edition_nonce: { type: "integer" } }, "Asset.supply"), // prettier-ignore
      ...fieldDifferences(das, deref(das, asset).properties.royalty, { percent: { type: "number", fractional: true }, basis_points: { type: "integer" }, primary_sale_happened: { type: "boolean" }, locked: { type: "boolean" } }, "Asset.royalty"), // prettier-ignore
      ...fieldDifferences(das, deref(das, asset).properties.token_info, { supply: { type: "integer" }, decimals: { type: "integer" }, token_program: ADDRESS }, "Asset.token_info"), // prettier-ignore
      ...fieldDifferences(das, deref(das, asset).properties.ownership, { frozen: { type: "boolean" }, delegated: { type: "boolean" }, owner: ADDRESS }, "Asset.ownership"), // prettier-ignore
      ...fieldDifferences(das, itemsOf("creators"), { address: ADDRESS, share: { type: "integer" }, verified: { type: "boolean" } }, "Asset.creators[]"), // prettier-ignore
      ...fieldDifferences(das, itemsOf("authorities"), { address: ADDRESS, scopes: { type: "array" } }, "Asset.authorities[]"), // prettier-ignore
      ...fieldDifferences(das, deref(das, asset).properties.content, { $schema: { type: "string" }, json_uri: { type: "string" }, files: { type: "array" }, metadata: { type: "object" }, links: { type: "object" } }, "Asset.content"), // prettier-ignore
    ]).toEqual([]);
  });

  it("the compression methods answer {context {slot}, value}", () => {
    const doc = docOf("compression");
    for (const method of doc.methods) {
      const result = deref(doc, method.result.schema);
      expect([result.required, typesOf(doc, result.properties.value) !== ""], method.name).toEqual([
        expect.arrayContaining(["context", "value"]),
        true,
      ]);
      expect(fieldDifferences(doc, result.properties.context, { slot: { type: "integer" } }, method.name)).toEqual([]); // prettier-ignore
    }
  });
});

describe("the hosts and where the key goes", () => {
  it("each area's host, and the key in the api-key query parameter (the admin host: the X-Api-Key header too; optional on the sender)", () => {
    const hosts = index.hosts;
    // facts: D endpoints; LD admin; D sender.mdx; LD/TS wallet base; D (or TS's api.helius.xyz) for api
    expect(hosts.rpc.urls).toMatchObject({ mainnet: "https://mainnet.helius-rpc.com", devnet: "https://devnet.helius-rpc.com" }); // prettier-ignore
    expect(hosts.admin.urls.mainnet).toBe("https://admin-api.helius.xyz");
    expect(hosts.sender.urls.mainnet).toBe("https://sender.helius-rpc.com");
    expect(hosts.wallet.urls.mainnet).toBe("https://api.helius.xyz");
    expect(["https://api-mainnet.helius-rpc.com", "https://api.helius.xyz"]).toContain(hosts.api.urls.mainnet); // prettier-ignore
    for (const [name, host] of Object.entries<any>(hosts)) {
      expect(host.auth.query, name).toBe("api-key");
      expect(host.auth.required, name).toBe(name !== "sender");
    }
    expect(hosts.admin.auth.header).toBe("X-Api-Key");
    for (const area of ["das", "compression", "mint"]) {
      const doc = docOf(area);
      expect(doc.info["x-host"], area).toBe("rpc");
      expect(doc.info["x-path"], area).toBe("/");
      expect(doc.info["x-auth"], area).toEqual({ in: "query", name: "api-key", required: true });
    }
  });
});
