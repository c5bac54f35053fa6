/**
 * The contract table: one entry per operation of the spec, keyed by operation id (OpenRPC
 * method name / OpenAPI operationId). Each entry says how the generated client calls the
 * operation and lists invalid inputs the client must reject before sending anything, with the
 * field (`path`) and the JSON Schema rule its ValidationError must name.
 *
 * operations.test.ts fails when the spec has an operation this table lacks (or the reverse).
 */
import type { RequestOptions } from "@chaindata/core";
import type { Clients } from "./harness.js";
import { operationById } from "./spec.js";

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
   * spec agree). `false` when the input cannot be put on the wire (a missing path parameter).
   */
  mockRejects?: boolean;
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
        // The mock (Prism) reads no x- keyword: it takes the text as base64 and answers.
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
        mockRejects: false,
      },
      { what: "no project id", input: {}, path: "params.id", rule: "required", mockRejects: false },
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
        // `?cursor=` on the wire: the mock (Prism) reads an empty query value as no value
        mockRejects: false,
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
        mockRejects: false,
      },
      {
        what: "a numeric webhookID",
        input: { webhookID: 42 },
        path: "params.webhookID",
        rule: "type",
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
        mockRejects: false,
      },
    ],
  },
};

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
