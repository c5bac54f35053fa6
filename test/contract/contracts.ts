/**
 * The contract table: one entry per operation of the spec, keyed by operation id (OpenRPC
 * method name / OpenAPI operationId). Each entry says how the generated client calls the
 * operation and lists invalid inputs the client must reject before sending anything, with the
 * field (`path`) and the JSON Schema rule its ValidationError must name.
 *
 * operations.test.ts fails when the spec has an operation this table lacks (or the reverse).
 */
import { join } from "node:path";
import type { RequestOptions } from "@chaindata/core";
// @ts-expect-error — plain ESM scripts without type declarations
import { formatPosition, readSources, sourcePosition } from "../../scripts/lib/spec-sources.mjs";
import { fromBase58, toBase58 } from "../../packages/mock/src/echo.js";
import type { Clients } from "./harness.js";
import { areas, deref, operationById, root, type Operation } from "./spec.js";

export interface Invalid {
  /** What is wrong, for the test name. */
  what: string;
  input: any;
  /** ValidationIssue.path, e.g. `params.ids`. */
  path: string;
  /** ValidationIssue.rule: the JSON Schema keyword, e.g. `maxItems`. */
  rule: string;
  /**
   * Whether the same request sent straight to the mock is rejected too (the client and the
   * spec agree). `false` when the mock cannot see the rule on the wire (`x-solana-transaction`).
   */
  mockRejects?: boolean;
  /** The keyword the mock refuses it by, when the wire form differs from the client's input. */
  mockRule?: string;
}

export interface Contract {
  area: string;
  call(c: Clients, input: any, options?: RequestOptions): Promise<unknown>;
  /** Invalid inputs; empty only for an operation that takes no input (see `noInputReason`). */
  invalid: Invalid[];
  noInputReason?: string;
}

/** The client input of the operation's first spec example. */
export const example = (id: string): any => {
  const op = operationById.get(id);
  if (!op) throw new Error(`no operation ${id} in the spec`);
  return structuredClone(op.input);
};

/** The value of param `param` in the operation's example `name` (another example than the first). */
const exampleParam = (id: string, name: string, param: string): any =>
  (operationById.get(id) as any).method.examples
    .find((e: any) => e.name === name)
    .params.find((p: any) => p.name === param).value;

/** `bytes` (a legacy or v0 transaction) with its first signature 64 zero bytes: a signer that has not signed. */
const unsigned = (bytes: Uint8Array) => Uint8Array.from(bytes).fill(0, 1, 65);

const A = "DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5";
const BAD_ADDRESS = "0OIl-not-base58"; // 0, O, I and l are not base58; too short as well
const many = (n: number) => Array.from({ length: n }, () => A);

export const contracts: Record<string, Contract> = {
  // -- das ----------------------------------------------------------------------------------------
  getAsset: {
    area: "das",
    call: (c, i, o) => c.das.getAsset(i, o),
    invalid: [
      {
        what: "an id that is not a base58 address",
        input: { id: BAD_ADDRESS },
        path: "params.id",
        rule: "pattern",
      },
      { what: "no id", input: {}, path: "params.id", rule: "required" },
    ],
  },
  getAssetBatch: {
    area: "das",
    call: (c, i, o) => c.das.getAssetBatch(i, o),
    invalid: [
      {
        what: "1001 ids (> 1000)",
        input: { ids: many(1001) },
        path: "params.ids",
        rule: "maxItems",
      },
      { what: "no ids", input: { ids: [] }, path: "params.ids", rule: "minItems" },
    ],
  },
  getAssetsByOwner: {
    area: "das",
    call: (c, i, o) => c.das.getAssetsByOwner(i, o),
    invalid: [
      {
        what: "limit 1001 (> 1000)",
        input: { ...example("getAssetsByOwner"), limit: 1001 },
        path: "params.limit",
        rule: "maximum",
      },
    ],
  },
  getAssetsByAuthority: {
    area: "das",
    call: (c, i, o) => c.das.getAssetsByAuthority(i, o),
    invalid: [
      {
        what: "an unknown sortBy",
        input: { ...example("getAssetsByAuthority"), sortBy: { sortBy: "price" } },
        path: "params.sortBy.sortBy",
        rule: "enum",
      },
      {
        what: "a sortBy without its field (sortDirection alone)",
        input: { ...example("getAssetsByAuthority"), sortBy: { sortDirection: "asc" } },
        path: "params.sortBy.sortBy",
        rule: "required",
      },
      {
        what: "a bad authority address",
        input: { authorityAddress: BAD_ADDRESS },
        path: "params.authorityAddress",
        rule: "pattern",
      },
    ],
  },
  getNftEditions: {
    area: "das",
    call: (c, i, o) => c.das.getNftEditions(i, o),
    invalid: [
      {
        what: "page 0 (pages start at 1)",
        input: { ...example("getNftEditions"), page: 0 },
        path: "params.page",
        rule: "minimum",
      },
    ],
  },

  // -- compression --------------------------------------------------------------------------------
  getCompressedAccountsByOwner: {
    area: "compression",
    call: (c, i, o) => c.compression.getCompressedAccountsByOwner(i, o),
    invalid: [
      { what: "no owner", input: { limit: 10 }, path: "params.owner", rule: "required" },
      {
        what: "6 filters (> 5)",
        input: {
          ...example("getCompressedAccountsByOwner"),
          filters: Array.from({ length: 6 }, () => ({
            memcmp: { offset: 0, bytes: "QxJumLKW57U" },
          })),
        },
        path: "params.filters",
        rule: "maxItems",
      },
      {
        // (A Hash param, which bounds.ts makes no case of: no example gives a cursor.)
        what: "a cursor of 33 bytes (a Hash is 32), which its pattern takes",
        input: { ...example("getCompressedAccountsByOwner"), cursor: toBase58(new Uint8Array(33)) },
        path: "params.cursor",
        rule: "x-base58-bytes",
      },
    ],
  },
  getCompressedTokenAccountsByOwner: {
    area: "compression",
    call: (c, i, o) => c.compression.getCompressedTokenAccountsByOwner(i, o),
    invalid: [
      {
        what: "a bad owner address",
        input: { ...example("getCompressedTokenAccountsByOwner"), owner: BAD_ADDRESS },
        path: "params.owner",
        rule: "pattern",
      },
      {
        what: "an empty cursor (it names no page)",
        input: { ...example("getCompressedTokenAccountsByOwner"), cursor: "" },
        path: "params.cursor",
        rule: "pattern",
      },
    ],
  },
  getCompressedTokenAccountsByDelegate: {
    area: "compression",
    call: (c, i, o) => c.compression.getCompressedTokenAccountsByDelegate(i, o),
    invalid: [
      {
        what: "limit 0 (< 1)",
        input: { ...example("getCompressedTokenAccountsByDelegate"), limit: 0 },
        path: "params.limit",
        rule: "minimum",
      },
    ],
  },
  getCompressedBalanceByOwner: {
    area: "compression",
    call: (c, i, o) => c.compression.getCompressedBalanceByOwner(i, o),
    invalid: [{ what: "no owner", input: {}, path: "params.owner", rule: "required" }],
  },
  getCompressionSignaturesForAddress: {
    area: "compression",
    call: (c, i, o) => c.compression.getCompressionSignaturesForAddress(i, o),
    invalid: [
      {
        what: "a bad address",
        input: { ...example("getCompressionSignaturesForAddress"), address: BAD_ADDRESS },
        path: "params.address",
        rule: "pattern",
      },
    ],
  },
  getLatestCompressionSignatures: {
    area: "compression",
    call: (c, i, o) => c.compression.getLatestCompressionSignatures(i, o),
    invalid: [
      {
        what: "an unknown param",
        input: { ...example("getLatestCompressionSignatures"), owner: A },
        path: "params.owner",
        rule: "additionalProperties",
      },
      {
        what: "an empty cursor (it names no page)",
        input: { cursor: "" },
        path: "params.cursor",
        rule: "minLength",
      },
      {
        what: "limit 1001 (> 1000)",
        input: { limit: 1001 },
        path: "params.limit",
        rule: "maximum",
      },
    ],
  },
  getMultipleNewAddressProofsV2: {
    area: "compression",
    call: (c, i, o) => c.compression.getMultipleNewAddressProofsV2(i, o),
    invalid: [
      {
        what: "an entry without its tree",
        input: [{ address: A }],
        path: "params[0].tree",
        rule: "required",
      },
      { what: "an empty list", input: [], path: "params", rule: "minItems" },
    ],
  },

  // -- mint (deprecated) ---------------------------------------------------------------------------
  mintCompressedNft: {
    area: "mint",
    call: (c, i, o) => c.mint.mintCompressedNft(i, o),
    invalid: [
      {
        what: "sellerFeeBasisPoints 10001 (> 10000)",
        input: { ...example("mintCompressedNft"), sellerFeeBasisPoints: 10001 },
        path: "params.sellerFeeBasisPoints",
        rule: "maximum",
      },
      {
        what: "a bad owner address",
        input: { ...example("mintCompressedNft"), owner: BAD_ADDRESS },
        path: "params.owner",
        rule: "pattern",
      },
    ],
  },

  // -- sender --------------------------------------------------------------------------------------
  sendTransaction: {
    area: "sender",
    call: (c, i, o) => c.sender.sendTransaction(i, o),
    invalid: [
      {
        what: "an unknown encoding",
        input: { ...example("sendTransaction"), config: { encoding: "hex" } },
        path: "params.config.encoding",
        rule: "enum",
      },
      {
        what: "no transaction",
        input: { config: { encoding: "base64" } },
        path: "params.transaction",
        rule: "required",
      },
      {
        what: "a base64 transaction sent as base58 (the example's text, another encoding)",
        input: { ...example("sendTransaction"), config: { encoding: "base58" } },
        path: "params.transaction",
        rule: "pattern",
      },
      {
        what: "base58 text sent as base64 (its length no multiple of 4: no padded base64)",
        input: { transaction: "3yZe7d", config: { encoding: "base64" } },
        path: "params.transaction",
        rule: "pattern",
      },
      {
        what: "the base58 example sent as base64 (364 characters: base64 text too, not a transaction's layout once decoded)",
        input: {
          transaction: exampleParam("sendTransaction", "base58Transaction", "transaction"),
          config: { encoding: "base64" },
        },
        path: "params.transaction",
        rule: "x-solana-transaction",
        // The mock (Prism) reads no x-solana-transaction: it takes the text as base64 and answers.
        mockRejects: false,
      },
      {
        what: "the base64 example unsigned (its signature 64 zero bytes, as Kit encodes a signer that has not signed)",
        input: {
          ...example("sendTransaction"),
          transaction: Buffer.from(
            unsigned(Buffer.from(example("sendTransaction").transaction, "base64")),
          ).toString("base64"),
        },
        path: "params.transaction",
        rule: "x-solana-transaction",
        mockRejects: false, // (Prism reads no x-solana-transaction: it answers an unsigned one too)
      },
      {
        what: "the base58 example unsigned",
        input: {
          transaction: toBase58(
            unsigned(
              fromBase58(exampleParam("sendTransaction", "base58Transaction", "transaction"))!,
            ),
          ),
          config: { encoding: "base58" },
        },
        path: "params.transaction",
        rule: "x-solana-transaction",
        mockRejects: false,
      },
    ],
  },

  ping: {
    area: "sender",
    call: (c, _i, o) => c.sender.ping(o),
    invalid: [],
    noInputReason:
      "ping takes no parameters and no body (the client method has only the options argument), so no input can be invalid",
  },

  // -- admin ---------------------------------------------------------------------------------------
  getProjectUsage: {
    area: "admin",
    call: (c, i, o) => c.admin.getProjectUsage(i, o),
    invalid: [
      {
        what: "an empty project id",
        input: { id: "" },
        path: "params.id",
        rule: "minLength",
      },
      { what: "no project id", input: {}, path: "params.id", rule: "required" },
    ],
  },

  // -- token-metadata (deprecated) -------------------------------------------------------------------
  getTokenMetadata: {
    area: "token-metadata",
    call: (c, i, o) => c["token-metadata"].getTokenMetadata(i, o),
    invalid: [
      {
        what: "101 mintAccounts (> 100)",
        input: { mintAccounts: many(101) },
        path: "params.mintAccounts",
        rule: "maxItems",
      },
      {
        what: "a bad mint address",
        input: { mintAccounts: [BAD_ADDRESS] },
        path: "params.mintAccounts[0]",
        rule: "pattern",
      },
    ],
  },

  // -- wallet (beta) -------------------------------------------------------------------------------
  getIdentity: {
    area: "wallet",
    call: (c, i, o) => c.wallet.getIdentity(i, o),
    invalid: [
      {
        what: "neither an address nor a domain",
        input: { wallet: "not a wallet" },
        path: "params.wallet",
        rule: "pattern",
      },
    ],
  },
  getBatchIdentity: {
    area: "wallet",
    call: (c, i, o) => c.wallet.getBatchIdentity(i, o),
    invalid: [
      {
        what: "101 addresses (> 100)",
        input: { addresses: many(101) },
        path: "params.addresses",
        rule: "maxItems",
      },
    ],
  },
  getBalances: {
    area: "wallet",
    call: (c, i, o) => c.wallet.getBalances(i, o),
    invalid: [
      {
        what: "limit 101 (> 100)",
        input: { ...example("getBalances"), limit: 101 },
        path: "params.limit",
        rule: "maximum",
      },
    ],
  },
  getHistory: {
    area: "wallet",
    call: (c, i, o) => c.wallet.getHistory(i, o),
    invalid: [
      {
        what: "an unknown tokenAccounts mode",
        input: { ...example("getHistory"), tokenAccounts: "some" },
        path: "params.tokenAccounts",
        rule: "enum",
      },
    ],
  },
  getTransfers: {
    area: "wallet",
    call: (c, i, o) => c.wallet.getTransfers(i, o),
    invalid: [
      {
        // the cursor is opaque (any non-empty string the service sent, base58 or not)
        what: "an empty cursor",
        input: { ...example("getTransfers"), cursor: "" },
        path: "params.cursor",
        rule: "minLength",
      },
    ],
  },
  getFundedBy: {
    area: "wallet",
    call: (c, i, o) => c.wallet.getFundedBy(i, o),
    invalid: [
      {
        what: "a bad wallet address",
        input: { wallet: BAD_ADDRESS },
        path: "params.wallet",
        rule: "pattern",
      },
    ],
  },

  // -- webhooks ------------------------------------------------------------------------------------
  listWebhooks: {
    area: "webhooks",
    call: (c, _i, o) => c.webhooks.listWebhooks(o),
    invalid: [],
    noInputReason:
      "listWebhooks takes no parameters and no body (the client method has only the options argument), so no input can be invalid",
  },
  createWebhook: {
    area: "webhooks",
    call: (c, i, o) => c.webhooks.createWebhook(i, o),
    invalid: [
      {
        what: "a plain-http webhookURL",
        input: { ...example("createWebhook"), webhookURL: "http://hooks.example.com/x" },
        path: "params.webhookURL",
        rule: "pattern",
      },
      {
        what: "no accountAddresses",
        input: { webhookURL: "https://hooks.example.com/x", transactionTypes: ["ANY"] },
        path: "params.accountAddresses",
        rule: "required",
      },
      {
        // an open enum: an undocumented type passes, but it is still upper-case snake case
        what: "a transaction type that is not upper-case snake case",
        input: { ...example("createWebhook"), transactionTypes: ["BUY", "nft_sale"] },
        path: "params.transactionTypes[1]",
        rule: "pattern",
      },
    ],
  },
  getWebhook: {
    area: "webhooks",
    call: (c, i, o) => c.webhooks.getWebhook(i, o),
    invalid: [
      {
        what: "no webhookID",
        input: {},
        path: "params.webhookID",
        rule: "required",
      },
      {
        what: "a numeric webhookID",
        input: { webhookID: 42 },
        path: "params.webhookID",
        rule: "type",
        // (A path is text: on the wire it is "42", which the mock refuses as no uuid.)
        mockRule: "pattern",
      },
    ],
  },
  updateWebhook: {
    area: "webhooks",
    call: (c, i, o) => c.webhooks.updateWebhook(i, o),
    invalid: [
      {
        what: "an unknown webhookType",
        input: { ...example("updateWebhook"), webhookType: "email" },
        path: "params.webhookType",
        rule: "enum",
      },
      {
        // (An open enum's pattern is inside an anyOf, which bounds.ts does not derive cases from.)
        what: "a transaction type that is not upper-case snake case",
        input: { ...example("updateWebhook"), transactionTypes: ["nft_sale"] },
        path: "params.transactionTypes[0]",
        rule: "pattern",
      },
    ],
  },
  deleteWebhook: {
    area: "webhooks",
    call: (c, i, o) => c.webhooks.deleteWebhook(i, o),
    invalid: [
      {
        what: "no webhookID",
        input: {},
        path: "params.webhookID",
        rule: "required",
      },
    ],
  },
};

// -- a bound case that the spec's bound no longer refuses --------------------------------------------
//
// A case of a bound (`limit 1001 (> 1000)`) is written by hand on purpose, apart from the spec: a
// bound changed by mistake fails it. A bound changed on purpose fails it too, and did so as
// "expected undefined to be an instance of ValidationError" (user trial 34, F6). Each such case's
// `input` is read through a check that says, when the spec's bound at its `path` no longer refuses
// it, which bound the spec has now, where in the YAML, and what to update here.

/** The JSON Schema keywords a bound case is about, and whether the input breaks each. */
const BOUND_RULES: Record<string, (value: any, bound: number) => boolean> = {
  maxItems: (v, b) => Array.isArray(v) && v.length > b,
  minItems: (v, b) => Array.isArray(v) && v.length < b,
  maxLength: (v, b) => typeof v === "string" && [...v].length > b,
  minLength: (v, b) => typeof v === "string" && [...v].length < b,
  maximum: (v, b) => typeof v === "number" && v > b,
  minimum: (v, b) => typeof v === "number" && v < b,
  exclusiveMaximum: (v, b) => typeof v === "number" && v >= b,
  exclusiveMinimum: (v, b) => typeof v === "number" && v <= b,
};

/** The segments of a ValidationIssue path: `params.sortBy.sortBy` → [sortBy, sortBy], `params[0].tree` → [0, tree]. */
const pathSegments = (path: string): string[] =>
  path
    .replace(/^params/, "")
    .split(/[.[\]]/)
    .filter(Boolean);

/** The schema (through $refs and anyOf / oneOf / allOf branches) of `path` in `op`'s request, and its pointer. */
function requestSchemaAt(
  op: Operation,
  path: string,
): { schema: any; pointer: string } | undefined {
  const doc = op.doc;
  const follow = (node: any, pointer: string): { schema: any; pointer: string } => {
    for (let i = 0; i < 20 && node && typeof node.$ref === "string"; i++) {
      pointer = node.$ref;
      node = deref(doc, { $ref: node.$ref });
    }
    return { schema: node, pointer };
  };
  type At = { schema: any; pointer: string } | undefined;
  const down = (at: At, segment: string): At => {
    if (!at?.schema) return undefined;
    const { schema, pointer } = follow(at.schema, at.pointer);
    if (schema?.properties?.[segment] !== undefined)
      return { schema: schema.properties[segment], pointer: `${pointer}/properties/${segment}` };
    if (/^\d+$/.test(segment) && schema?.items)
      return { schema: schema.items, pointer: `${pointer}/items` };
    for (const key of ["anyOf", "oneOf", "allOf"])
      for (const [i, branch] of (schema?.[key] ?? []).entries()) {
        const found = down({ schema: branch, pointer: `${pointer}/${key}/${i}` }, segment);
        if (found) return found;
      }
    return undefined;
  };
  const [first, ...rest] = pathSegments(path);
  let at: { schema: any; pointer: string } | undefined;
  if (op.kind === "openrpc") {
    const i = doc.methods.indexOf(op.method);
    if (op.wire === "array") {
      at = { schema: op.method.params[0].schema, pointer: `#/methods/${i}/params/0/schema` };
      if (first !== undefined) at = down(at, first);
    } else {
      const j = op.method.params.findIndex((p: any) => p.name === first);
      if (j >= 0)
        at = { schema: op.method.params[j].schema, pointer: `#/methods/${i}/params/${j}/schema` };
    }
  } else {
    const escaped = `#/paths/${op.path!.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    const item = doc.paths[op.path!];
    const listed = [
      ...(item.parameters ?? []).map((p: any, k: number) => [p, `${escaped}/parameters/${k}`]),
      ...(op.op.parameters ?? []).map((p: any, k: number) => [
        p,
        `${escaped}/${op.verb}/parameters/${k}`,
      ]),
    ];
    for (const [raw, rawAt] of listed) {
      const p = deref(doc, raw);
      if (p?.name === first) at = { schema: p.schema, pointer: `${raw.$ref ?? rawAt}/schema` };
    }
    if (!at && op.op.requestBody) {
      const bodyAt = op.op.requestBody.$ref ?? `${escaped}/${op.verb}/requestBody`;
      const media = deref(doc, op.op.requestBody)?.content?.["application/json"];
      at = down(
        { schema: media?.schema, pointer: `${bodyAt}/content/application~1json/schema` },
        first!,
      );
    }
  }
  for (const segment of rest) at = down(at, segment);
  return at && follow(at.schema, at.pointer);
}

/** The value at `path` in a client input. */
const valueAt = (input: any, path: string): unknown =>
  pathSegments(path).reduce(
    (v, s) => (v === null || typeof v !== "object" ? undefined : v[s]),
    input,
  );

/** Where a bundle pointer of `op`'s document is in the YAML (`spec/openrpc/das.yaml:230:11`), or the pointer. */
function yamlPlace(op: Operation, pointer: string): string {
  const file = areas.find((a) => a.area === op.area && a.kind === op.kind)?.file;
  const origins = readSources(join(root, "spec/dist"))?.[file ?? ""];
  const position = origins && sourcePosition(origins, pointer, join(root, "spec"));
  return position ? `${formatPosition(position)} (${pointer})` : pointer;
}

/**
 * The bound a case's `what` names, as `(> 1000)` or `(< 1)` (any comparison sign, digits with or
 * without thousands commas), or undefined.
 */
const boundInWhat = (what: string): number | undefined => {
  const named = /\((?:>|<|>=|<=|≥|≤) ?(-?[\d,]+(?:\.\d+)?)\)/.exec(what)?.[1];
  return named === undefined ? undefined : Number(named.replace(/,/g, ""));
};

/**
 * What the spec says of a bound case's value now, when it no longer refuses the case's input, or
 * when the case's `what` names a bound the spec no longer has (`1001 ids (> 1000)` after maxItems
 * went to 500: the input still breaks it, the description is stale; spec67, F9).
 */
export function staleBound(id: string, bad: Invalid, input: unknown): string | undefined {
  const breaks = BOUND_RULES[bad.rule];
  const op = operationById.get(id);
  if (!breaks || !op) return undefined;
  const value = valueAt(input, bad.path);
  const at = requestSchemaAt(op, bad.path);
  const bound = at?.schema?.[bad.rule];
  const size = Array.isArray(value)
    ? `${value.length} items`
    : typeof value === "string"
      ? `${[...value].length} characters`
      : JSON.stringify(value);
  const where = `\`${bad.what}\` of contracts.${id}.invalid in test/contract/contracts.ts`;
  const update = `If the spec's bound changed on purpose, update the case's \`what\` and \`input\` there to break the spec's bound (spec/README.md "Changing a bound"); if not, the spec is what to fix.`;
  if (typeof bound !== "number")
    return `${where}: the spec's ${bad.path} has no ${bad.rule} now${at ? ` (at ${yamlPlace(op, at.pointer)})` : ""}, so its input (${size}) breaks none. ${update}`;
  const boundAt = () => yamlPlace(op, `${at!.pointer}/${bad.rule}`);
  if (!breaks(value, bound))
    return `${where}: the spec's ${bad.path} has ${bad.rule}: ${bound} now (at ${boundAt()}), which its input (${size}) keeps: the client would send it. ${update}`;
  const named = boundInWhat(bad.what);
  if (named === undefined || named === bound) return undefined;
  return `${where}: the spec's ${bad.path} has ${bad.rule}: ${bound} now (at ${boundAt()}), which its input (${size}) still breaks, but the case's \`what\` names ${named}. If the spec's bound changed on purpose, update the case's \`what\` there to name ${bound}, and its \`input\` to break it by one (spec/README.md "Changing a bound"); if not, the spec is what to fix.`;
}

// (Read when a test takes the case's input: a bound that no longer refuses it fails that test,
// with the reason, and no other.)
for (const [id, contract] of Object.entries(contracts))
  for (const bad of contract.invalid) {
    if (!(bad.rule in BOUND_RULES)) continue;
    const input = bad.input;
    Object.defineProperty(bad, "input", {
      enumerable: true,
      get() {
        const stale = staleBound(id, bad, input);
        if (stale) throw new Error(stale);
        return input;
      },
    });
  }

/** The contract of operation `id`; a spec operation without one fails with what to do. */
export function contractOf(id: string): Contract {
  const contract = contracts[id];
  if (!contract) {
    const area = operationById.get(id)?.area ?? "<area>";
    throw new Error(
      `no contract for the spec operation ${id}: add \`${id}: { area: "${area}", call: (c, i, o) => c["${area}"].${id}(i, o), invalid: [{ what, input, path, rule }] }\` to \`contracts\` in test/contract/contracts.ts (a new area's client goes in \`makeClients\` of test/contract/harness.ts first), and its call to test/contract/types.check.ts`,
    );
  }
  return contract;
}
