// The spec rules a contributor trial found missing (scripts/spec/rules.mjs: checkStatusMarks,
// checkU64Names, checkBoundProse), each mistake written into a copy of spec/ as a contributor
// would write it, and reported by spec:check at the YAML place to edit; today's spec passes them.
import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { bundleAll } from "../../scripts/spec/bundle.mjs";
import {
  checkBoundProse,
  checkStatusMarks,
  checkU64Names,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../scripts/spec/rules.mjs";
import {
  bundleCopy,
  editCopy,
  editedCopy,
  editText,
  locatedOf,
  methodIndex,
  positionOf,
  removeCopies,
  textEditedCopy,
} from "./spec-copy.js";

afterEach(removeCopies);

const BATCH = methodIndex("openrpc/das.yaml", "getAssetBatch");
const EDITIONS = methodIndex("openrpc/das.yaml", "getNftEditions");
const MINT = methodIndex("openrpc/mint.yaml", "mintCompressedNft");
const PROOFS = methodIndex("openrpc/compression.yaml", "getMultipleNewAddressProofsV2");
const IDENTITY = "#/paths/~1v1~1wallet~1{wallet}~1identity/get (getIdentity)";
const BALANCES = "#/paths/~1v1~1wallet~1{wallet}~1balances/get (getBalances)";

/** The line of `located` that ends with `finding`, which must be there once. */
function lineOf(located: string[], finding: string): string {
  const lines = located.filter((line) => line.endsWith(`: ${finding}`));
  expect(lines, `${finding}\n\nin:\n${located.join("\n")}`).toHaveLength(1);
  return lines[0]!;
}

describe("spec rules: operation marks, u64 names, bounds and their prose", () => {
  it("today's spec breaks none of them", () => {
    const results = bundleAll({ write: false });
    for (const r of results)
      expect([...checkStatusMarks(r), ...checkU64Names(r), ...checkBoundProse(r)]).toEqual([]);
  });

  it("x-deprecated on a method (the method would not be deprecated at all), x-replaced-by without deprecated: true, a string x-beta, a changed bound its prose still states", () => {
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      const method = (name: string) => doc.methods.find((m: any) => m.name === name);
      method("getAsset")["x-deprecated"] = true;
      method("getAssetBatch")["x-replaced-by"] = "getAsset";
      method("getAssetBatch").params[0].schema.maxItems = 500n;
      method("getNftEditions")["x-beta"] = "no";
    });
    const located = locatedOf(specDir);
    const at = (marker: string, after: string) =>
      positionOf(specDir, "openrpc/das.yaml", marker, after);
    expect(
      lineOf(
        located,
        'das #/methods/0 (getAsset)/x-deprecated: x-deprecated is read only in info (a whole area): on an operation nothing reads it, so this one is not deprecated at all; write deprecated: true (and x-replaced-by: "<what to use instead>") instead of x-deprecated: true',
      ),
    ).toMatch(new RegExp(`^${at("x-deprecated: true", "name: getAsset\n")}: `));
    expect(
      lineOf(
        located,
        `das #/methods/${BATCH} (getAssetBatch)/x-replaced-by: "getAsset" on an operation that is not deprecated (no deprecated: true): nothing reads x-replaced-by without it; add deprecated: true, or remove x-replaced-by`,
      ),
    ).toMatch(new RegExp(`^${at("x-replaced-by:", "name: getAssetBatch")}: `));
    expect(
      lineOf(
        located,
        `das #/methods/${EDITIONS} (getNftEditions)/x-beta: must be true or false, not "no": the generator reads it as true, so this marks the operation beta; write x-beta: true (or leave it out)`,
      ),
    ).toMatch(new RegExp(`^${at("x-beta: no", "name: getNftEditions")}: `));
    // ids: maxItems 1000 → 500, while the summary, the description and the param still say 1,000.
    const schema = `#/methods/${BATCH} (getAssetBatch)/params/0/schema`;
    const advice = (phrase: string) =>
      `write "${phrase}" here, or maxItems: 1000 there (a changed bound changes both: spec/README.md "Changing a bound")`;
    expect(
      lineOf(
        located,
        `das #/methods/${BATCH} (getAssetBatch)/summary: "up to 1,000" (of ids) disagrees with ${schema}: maxItems: 500; ${advice("up to 500")}`,
      ),
    ).toMatch(new RegExp(`^${at("summary:", "name: getAssetBatch")}: `));
    expect(
      lineOf(
        located,
        `das #/methods/${BATCH} (getAssetBatch)/description: "1 to 1,000" (of ids) disagrees with ${schema}: maxItems: 500; ${advice("1 to 500")}`,
      ),
    ).toMatch(new RegExp(`^${at("description:", "name: getAssetBatch")}: `));
    expect(
      lineOf(
        located,
        `das #/methods/${BATCH} (getAssetBatch)/params/0/description: "1 to 1,000" (of ids) disagrees with ${schema}: maxItems: 500; ${advice("1 to 500")}`,
      ),
    ).toMatch(new RegExp(`^${at("description:", "- name: ids")}: `));
  });

  it("a page size's echo in the result with other bounds than the param; a plain integer named as a u64 (lamports, a supply), in a shared schema", () => {
    const specDir = editedCopy("schemas/asset.yaml", (doc) => {
      doc.EditionList.properties.limit.maximum = 500n;
      doc.AssetListNativeBalance.properties.lamports = {
        type: "integer",
        description: "The wallet's SOL balance, in lamports.",
      };
      doc.TokenInfo.properties.supply = {
        type: ["integer", "null"],
        description: "The token's supply.",
      };
    });
    const located = locatedOf(specDir);
    const at = (marker: string, after: string) =>
      positionOf(specDir, "schemas/asset.yaml", marker, after);
    expect(
      lineOf(
        located,
        `das #/components/schemas/EditionList/properties/limit: echoes the limit param limit of getNftEditions (the same name), but its bounds differ: minimum: 1, maximum: 500 here, minimum: 1, maximum: 1000 at #/methods/${EDITIONS} (getNftEditions)/params/2/schema; give it the param's bound keywords (the two are one value)`,
      ),
    ).toMatch(new RegExp(`^${at("limit:", "\nEditionList:")}: `));
    const u64 = (what: string) =>
      `a u64: write $ref: "../schemas/common.yaml#/U64" (from an area document; "./common.yaml#/U64" in spec/schemas/; #/I64 where it can be negative), as spec/README.md "JSON Schema subset" says: as written the SDK types it number, which loses precision beyond 2^53`.replace(
        "a u64",
        `${what}, a u64`,
      );
    expect(
      lineOf(
        located,
        `das #/components/schemas/AssetListNativeBalance/properties/lamports: property lamports is type: integer without format: uint64, but its name says it holds ${u64("lamports")} (one fix for the 2 operations that use it: getAssetsByOwner, getAssetsByAuthority)`,
      ),
    ).toMatch(new RegExp(`^${at("lamports:", "\nAssetListNativeBalance:")}: `));
    expect(
      lineOf(
        located,
        `das #/components/schemas/TokenInfo/properties/supply: property supply is type: integer without format: uint64, but its name says it holds ${u64("a supply")} (one fix for the 4 operations that use it: getAsset, getAssetBatch, getAssetsByOwner, getAssetsByAuthority)`,
      ),
    ).toMatch(new RegExp(`^${at("supply:", "\nTokenInfo:")}: `));
  });

  it("in a REST area: x-deprecated on an operation, a string info.x-beta and deprecated, a page size changed in one place only", () => {
    const specDir = editedCopy("openapi/wallet.yaml", (doc) => {
      doc.info["x-beta"] = "false";
      doc.paths["/v1/wallet/{wallet}/identity"].get["x-deprecated"] = true;
      const balances = doc.paths["/v1/wallet/{wallet}/balances"].get;
      balances.deprecated = "yes";
      balances.parameters.find((p: any) => p.name === "limit").schema.maximum = 50n;
    });
    const located = locatedOf(specDir);
    const at = (marker: string, after = "") =>
      positionOf(specDir, "openapi/wallet.yaml", marker, after);
    expect(
      lineOf(
        located,
        'wallet #/info/x-beta: must be true or false, not "false": the generator reads it as true, so this marks the whole area beta; write x-beta: true (or leave it out)',
      ),
    ).toMatch(new RegExp(`^${at("x-beta:")}: `));
    expect(
      lineOf(
        located,
        `wallet ${IDENTITY}/x-deprecated: x-deprecated is read only in info (a whole area): on an operation nothing reads it, so this one is not deprecated at all; write deprecated: true (and x-replaced-by: "<what to use instead>") instead of x-deprecated: true`,
      ),
    ).toMatch(new RegExp(`^${at("x-deprecated:", "/v1/wallet/{wallet}/identity:")}: `));
    expect(
      lineOf(
        located,
        `wallet ${BALANCES}/deprecated: must be true or false, not "yes"; write deprecated: true (with x-replaced-by: "<what to use instead>")`,
      ),
    ).toMatch(new RegExp(`^${at("deprecated:", "/v1/wallet/{wallet}/balances:")}: `));
    const limit = "#/paths/~1v1~1wallet~1{wallet}~1balances/get/parameters/2";
    expect(
      lineOf(
        located,
        `wallet ${limit}/description: "1 to 100" (of limit) disagrees with ${limit}/schema: maximum: 50; write "1 to 50" here, or maximum: 100 there (a changed bound changes both: spec/README.md "Changing a bound")`,
      ),
    ).toMatch(new RegExp(`^${at("description:", "- name: limit")}: `));
    expect(located.join("\n")).toContain(
      `wallet #/components/schemas/WalletPagePagination/properties/limit: echoes the limit param limit of getBalances (x-pagination.echoedLimit), but its bounds differ: minimum: 1, maximum: 100 here, minimum: 1, maximum: 50 at ${limit}/schema; give it the param's bound keywords`,
    );
  });

  // A batch's bound stated without the value's name: the wallet's "up to 100 wallets" (the words
  // `addresses`' description begins with, "The wallet addresses …") and the body's bare "(1 to
  // 100)" (a body of one property); compression's "(1 to 1000 entries)" of the x-params: array
  // method (its only array param). Today's spec states them right ("today's spec breaks none").
  const BATCH_IDENTITY = "#/paths/~1v1~1wallet~1batch-identity/post";
  const IDENTITIES = "#/components/schemas/BatchIdentityRequest/properties/addresses";
  const PROOFS_SCHEMA = `#/methods/${PROOFS} (getMultipleNewAddressProofsV2)/params/0/schema`;
  const changesBoth = '(a changed bound changes both: spec/README.md "Changing a bound")';

  it("a batch's maxItems changed, while its operation's prose still states the old one: the wallet's addresses, compression's x-params: array method", () => {
    const specDir = editedCopy("schemas/wallet.yaml", (doc) => {
      doc.BatchIdentityRequest.properties.addresses.maxItems = 50n;
    });
    editCopy(specDir, "openrpc/compression.yaml", (doc) => {
      doc.methods[PROOFS].params[0].schema.maxItems = 500n;
    });
    const located = locatedOf(specDir);
    const wallet = (marker: string) =>
      positionOf(specDir, "openapi/wallet.yaml", marker, "operationId: getBatchIdentity");
    const stated: [string, string, string][] = [
      [`${BATCH_IDENTITY} (getBatchIdentity)/summary`, "up to 100", "summary:"],
      [`${BATCH_IDENTITY} (getBatchIdentity)/description`, "up to 100", "description:"],
      [`${BATCH_IDENTITY}/requestBody/description`, "1 to 100", "description: The addresses"],
    ];
    for (const [at, phrase, marker] of stated)
      expect(
        lineOf(
          located,
          `wallet ${at}: "${phrase}" (of addresses) disagrees with ${IDENTITIES}: maxItems: 50; write "${phrase.replace("100", "50")}" here, or maxItems: 100 there ${changesBoth}`,
        ),
      ).toMatch(new RegExp(`^${wallet(marker)}: `));
    expect(
      lineOf(
        located,
        `compression #/methods/${PROOFS} (getMultipleNewAddressProofsV2)/description: "1 to 1000" (of addresses) disagrees with ${PROOFS_SCHEMA}: maxItems: 500; write "1 to 500" here, or maxItems: 1000 there ${changesBoth}`,
      ),
    ).toMatch(
      new RegExp(
        `^${positionOf(specDir, "openrpc/compression.yaml", "description:", "name: getMultipleNewAddressProofsV2")}: `,
      ),
    );
  });

  it("a batch's bound changed in its operation's prose only: the wallet's summary, compression's description", () => {
    const specDir = textEditedCopy(
      "openapi/wallet.yaml",
      "summary: Get the identities of up to 100 wallets",
      "summary: Get the identities of up to 200 wallets",
    );
    editText(specDir, "openrpc/compression.yaml", "(1 to 1000 entries)", "(2 to 1000 entries)");
    const located = locatedOf(specDir);
    expect(
      lineOf(
        located,
        `wallet ${BATCH_IDENTITY} (getBatchIdentity)/summary: "up to 200" (of addresses) disagrees with ${IDENTITIES}: maxItems: 100; write "up to 100" here, or maxItems: 200 there ${changesBoth}`,
      ),
    ).toMatch(
      new RegExp(
        `^${positionOf(specDir, "openapi/wallet.yaml", "summary:", "operationId: getBatchIdentity")}: `,
      ),
    );
    expect(
      lineOf(
        located,
        `compression #/methods/${PROOFS} (getMultipleNewAddressProofsV2)/description: "2 to 1000" (of addresses) disagrees with ${PROOFS_SCHEMA}: minItems: 1; write "1 to 1000" here, or minItems: 2 there ${changesBoth}`,
      ),
    ).toMatch(
      new RegExp(
        `^${positionOf(specDir, "openrpc/compression.yaml", "description:", "name: getMultipleNewAddressProofsV2")}: `,
      ),
    );
    // Nothing else: the rest of the spec, and the prose that still agrees, pass.
    expect(located).toHaveLength(2);
  });

  // The bounds stated outside a request value's prose: a result schema's own description (the
  // wallet's nfts, a webhook's accountAddresses), the schemas only sendTransaction's x-all-of names
  // (Base58Transaction, Base64Transaction: their characters, not the transaction's 1,232 bytes), an
  // area's info.description (token-metadata's mints, webhooks' accounts) and "more than N" where it
  // is refused (the wallet's batch).
  const NFTS = "#/components/schemas/WalletBalancesResponse/properties/nfts";
  const HOOK_ADDRESSES = "#/components/schemas/Webhook/properties/accountAddresses";
  const WATCHED = "#/components/schemas/WatchedAddresses";
  const MINTS = "#/components/schemas/TokenMetadataRequest/properties/mintAccounts";
  const BASE58 = "#/components/schemas/Base58Transaction";
  const BASE64 = "#/components/schemas/Base64Transaction";
  /** checkBoundProse's finding: [area, at, phrase, value, schema, its keyword, prose instead, keyword instead]. */
  const disagrees = ([area, at, phrase, value, schema, has, instead, there]: string[]) =>
    `${area} ${at}: "${phrase}" (of ${value}) disagrees with ${schema}: ${has}; write "${instead}" here, or ${there} there ${changesBoth}`;

  it("a bound changed in a result schema, an x-all-of branch's schema and a request value an area's info.description names, while their prose still states the old one", () => {
    const specDir = editedCopy("schemas/wallet.yaml", (doc) => {
      doc.WalletBalancesResponse.properties.nfts.maxItems = 50n;
    });
    editCopy(specDir, "schemas/webhook.yaml", (doc) => {
      doc.Webhook.properties.accountAddresses.maxItems = 50000n;
      doc.WatchedAddresses.maxItems = 50000n;
    });
    editCopy(specDir, "schemas/sender.yaml", (doc) => {
      doc.Base58Transaction.maxLength = 5000n;
      doc.Base64Transaction.maxLength = 5000n;
    });
    editCopy(specDir, "schemas/token-metadata.yaml", (doc) => {
      doc.TokenMetadataRequest.properties.mintAccounts.maxItems = 50n;
    });
    const located = locatedOf(specDir);
    const at = (file: string, marker: string, after: string) =>
      new RegExp(`^${positionOf(specDir, file, marker, after)}: `);
    const refused: [string[], RegExp][] = [
      [
        [
          "wallet",
          `${NFTS}/description`,
          "at most 100",
          "nfts",
          NFTS,
          "maxItems: 50",
          "at most 50",
          "maxItems: 100",
        ],
        at("schemas/wallet.yaml", "description:", "    nfts:"),
      ],
      [
        [
          "webhooks",
          `${HOOK_ADDRESSES}/description`,
          "at most 100,000",
          "accountAddresses",
          HOOK_ADDRESSES,
          "maxItems: 50000",
          "at most 50,000",
          "maxItems: 100000",
        ],
        at("schemas/webhook.yaml", "description:", "    accountAddresses:"),
      ],
      [
        [
          "sender",
          `${BASE58}/description`,
          "At most 5,594",
          "Base58Transaction",
          BASE58,
          "maxLength: 5000",
          "At most 5,000",
          "maxLength: 5594",
        ],
        at("schemas/sender.yaml", "description:", "\nBase58Transaction:"),
      ],
      [
        [
          "sender",
          `${BASE64}/description`,
          "At most 5,464",
          "Base64Transaction",
          BASE64,
          "maxLength: 5000",
          "At most 5,000",
          "maxLength: 5464",
        ],
        at("schemas/sender.yaml", "description:", "\nBase64Transaction:"),
      ],
      // The areas' info.description, held to the one request value it names.
      [
        [
          "token-metadata",
          "#/info/description",
          "up to 100",
          "mintAccounts",
          MINTS,
          "maxItems: 50",
          "up to 50",
          "maxItems: 100",
        ],
        at("openapi/token-metadata.yaml", "description:", "info:"),
      ],
      [
        [
          "webhooks",
          "#/info/description",
          "up to 100,000",
          "accountAddresses",
          WATCHED,
          "maxItems: 50000",
          "up to 50,000",
          "maxItems: 100000",
        ],
        at("openapi/webhooks.yaml", "description:", "info:"),
      ],
    ];
    for (const [finding, position] of refused)
      expect(lineOf(located, disagrees(finding))).toMatch(position);
    // (Base58Transaction's "at most 1,232 bytes" is the transaction's size, not the text's length.)
    expect(located.filter((line) => line.includes("1,232"))).toEqual([]);
  });

  it("a bound changed only in a result schema's, an x-all-of branch's schema's or an area's prose, or in a refused \"more than N\"", () => {
    const specDir = textEditedCopy(
      "schemas/wallet.yaml",
      "`showNfts=true`: at most 100,",
      "`showNfts=true`: at most 200,",
    );
    const edits: [string, string, string][] = [
      [
        "openapi/wallet.yaml",
        "refuses more\n        than 100 entries",
        "refuses more\n        than 200 entries",
      ],
      ["schemas/webhook.yaml", "(at most 100,000)", "(at most 200,000)"],
      ["schemas/sender.yaml", "sent. At most 5,594 characters", "sent. At most 5,600 characters"],
      // (The transaction's bytes, not the text's characters: no finding.)
      ["schemas/sender.yaml", "been at most 1,232 bytes", "been at most 1,300 bytes"],
      ["openapi/token-metadata.yaml", "up to 100 mints", "up to 200 mints"],
      ["openapi/webhooks.yaml", "watches up to 100,000 accounts", "watches up to 200,000 accounts"],
    ];
    for (const [file, text, replacement] of edits) editText(specDir, file, text, replacement);
    const located = locatedOf(specDir);
    const at = (file: string, marker: string, after: string) =>
      new RegExp(`^${positionOf(specDir, file, marker, after)}: `);
    const refused: [string[], RegExp][] = [
      [
        [
          "wallet",
          `${NFTS}/description`,
          "at most 200",
          "nfts",
          NFTS,
          "maxItems: 100",
          "at most 100",
          "maxItems: 200",
        ],
        at("schemas/wallet.yaml", "description:", "    nfts:"),
      ],
      [
        [
          "wallet",
          `${BATCH_IDENTITY} (getBatchIdentity)/description`,
          "more than 200",
          "addresses",
          IDENTITIES,
          "maxItems: 100",
          "more than 100",
          "maxItems: 200",
        ],
        at("openapi/wallet.yaml", "description:", "operationId: getBatchIdentity"),
      ],
      [
        [
          "webhooks",
          `${HOOK_ADDRESSES}/description`,
          "at most 200,000",
          "accountAddresses",
          HOOK_ADDRESSES,
          "maxItems: 100000",
          "at most 100,000",
          "maxItems: 200000",
        ],
        at("schemas/webhook.yaml", "description:", "    accountAddresses:"),
      ],
      [
        [
          "sender",
          `${BASE58}/description`,
          "At most 5,600",
          "Base58Transaction",
          BASE58,
          "maxLength: 5594",
          "At most 5,594",
          "maxLength: 5600",
        ],
        at("schemas/sender.yaml", "description:", "\nBase58Transaction:"),
      ],
      [
        [
          "token-metadata",
          "#/info/description",
          "up to 200",
          "mintAccounts",
          MINTS,
          "maxItems: 100",
          "up to 100",
          "maxItems: 200",
        ],
        at("openapi/token-metadata.yaml", "description:", "info:"),
      ],
      [
        [
          "webhooks",
          "#/info/description",
          "up to 200,000",
          "accountAddresses",
          WATCHED,
          "maxItems: 100000",
          "up to 100,000",
          "maxItems: 200000",
        ],
        at("openapi/webhooks.yaml", "description:", "info:"),
      ],
    ];
    for (const [finding, position] of refused)
      expect(lineOf(located, disagrees(finding))).toMatch(position);
    // Nothing else: "at most 1,300 bytes", and the rest of the spec, pass.
    expect(located).toHaveLength(refused.length);
  });

  it("a refused \"fewer than N\" that is not the minItems, and an area's bound a second schema it names breaks: compression's batch, updateWebhook's own accountAddresses", () => {
    const specDir = textEditedCopy(
      "openrpc/compression.yaml",
      "An empty array fails with",
      "Fewer than 2 entries fail with",
    );
    // updateWebhook's accountAddresses, no longer WatchedAddresses: a schema of its own, with a
    // smaller bound than the area's "up to 100,000 accounts" (createWebhook's still agrees).
    editCopy(specDir, "schemas/webhook.yaml", (doc) => {
      doc.UpdateWebhookRequest.properties.accountAddresses = {
        description: "The accounts to watch.",
        type: "array",
        maxItems: 50000n,
        items: { $ref: "./common.yaml#/Address" },
      };
    });
    const located = locatedOf(specDir);
    const at = (file: string, marker: string, after: string) =>
      new RegExp(`^${positionOf(specDir, file, marker, after)}: `);
    const refused: [string[], RegExp][] = [
      [
        [
          "compression",
          `#/methods/${PROOFS} (getMultipleNewAddressProofsV2)/description`,
          "Fewer than 2",
          "addresses",
          PROOFS_SCHEMA,
          "minItems: 1",
          "Fewer than 1",
          "minItems: 2",
        ],
        at("openrpc/compression.yaml", "description:", "name: getMultipleNewAddressProofsV2"),
      ],
      [
        [
          "webhooks",
          "#/info/description",
          "up to 100,000",
          "accountAddresses",
          "#/components/schemas/UpdateWebhookRequest/properties/accountAddresses",
          "maxItems: 50000",
          "up to 50,000",
          "maxItems: 100000",
        ],
        at("openapi/webhooks.yaml", "description:", "info:"),
      ],
    ];
    for (const [finding, position] of refused)
      expect(lineOf(located, disagrees(finding))).toMatch(position);
    // Nothing else: createWebhook's WatchedAddresses agrees with the area's prose.
    expect(located).toHaveLength(refused.length);
  });

  it("a bound only prose states, of a schema with no bound keyword (a string, an array, a page size), or one its pattern's lengths refuse", () => {
    const specDir = textEditedCopy(
      "schemas/admin.yaml",
      "The plan name, e.g. `business` or `professional`.",
      "The plan name, e.g. `business` or `professional`; at most 32 characters.",
    );
    editText(
      specDir,
      "schemas/webhook.yaml",
      "(old SDK only; semantics not documented).",
      "(old SDK only; semantics not documented), at most 100.",
    );
    editCopy(specDir, "openrpc/das.yaml", (doc) => {
      const limit = doc.methods[EDITIONS].params.find((p: any) => p.name === "limit");
      limit.description = "Returns at most 1,000 editions per page.";
      delete limit.schema.maximum;
    });
    editText(specDir, "schemas/common.yaml", "km-z]{32,44}$", "km-z]{30,44}$");
    const located = locatedOf(specDir);
    const at = (file: string, marker: string, after: string) =>
      new RegExp(`^${positionOf(specDir, file, marker, after)}: `);
    const none = (
      area: string,
      at: string,
      phrase: string,
      value: string,
      schema: string,
      keyword: string,
      n: number,
    ) =>
      `${area} ${at}: "${phrase}" (of ${value}) disagrees with ${schema}: no ${keyword}; give the schema ${keyword}: ${n} (a bound is a schema keyword, never only prose), or change the prose ${changesBoth}`;
    const PLAN = "#/components/schemas/SubscriptionDetails/properties/plan";
    const OWNERS = "#/components/schemas/Webhook/properties/accountAddressOwners";
    const LIMIT = `#/methods/${EDITIONS} (getNftEditions)/params/2`;
    const found: [string, RegExp][] = [
      [
        none("admin", `${PLAN}/description`, "at most 32", "plan", PLAN, "maxLength", 32),
        at("schemas/admin.yaml", "description: The plan name", ""),
      ],
      [
        none(
          "webhooks",
          `${OWNERS}/description`,
          "at most 100",
          "accountAddressOwners",
          OWNERS,
          "maxItems",
          100,
        ),
        at("schemas/webhook.yaml", "description: Owner addresses", ""),
      ],
      // (A page size's own "1,000 editions per page" states its maximum.)
      [
        none(
          "das",
          `${LIMIT}/description`,
          "at most 1,000",
          "limit",
          `${LIMIT}/schema`,
          "maximum",
          1000,
        ),
        at("openrpc/das.yaml", "description: Returns at most", "name: getNftEditions"),
      ],
      [
        // (Told once for every area that copies Address: the areas are named.)
        `compression, das, mint, token-metadata, wallet, webhooks #/components/schemas/Address/description: "32 to 44" (of Address) disagrees with #/components/schemas/Address: minLength: 30 (by its pattern); write "30 to 44" here, or the pattern's lengths (minLength: 32) there ${changesBoth}`,
        at("schemas/common.yaml", "description: A Solana public key", ""),
      ],
    ];
    for (const [finding, position] of found) expect(lineOf(located, finding)).toMatch(position);
  });

  it("an area's x-deprecated that is not true or a message, and an empty x-replaced-by", () => {
    const specDir = editedCopy("openrpc/mint.yaml", (doc) => {
      doc.info["x-deprecated"] = "false";
      doc.methods[MINT]["x-replaced-by"] = "";
    });
    const located = locatedOf(specDir);
    expect(
      lineOf(
        located,
        'mint #/info/x-deprecated: must be true (or false), or a message saying what to use instead, not "false": the generated JSDoc shows a string as the message; write x-deprecated: true, or x-deprecated: "<what to use instead>"',
      ),
    ).toMatch(new RegExp(`^${positionOf(specDir, "openrpc/mint.yaml", "x-deprecated:")}: `));
    expect(
      lineOf(
        located,
        `mint #/methods/${MINT} (mintCompressedNft)/x-replaced-by: must be a non-empty string naming what to use instead, not "" (the SDK's warning and the JSDoc say "use <it> instead")`,
      ),
    ).toMatch(new RegExp(`^${positionOf(specDir, "openrpc/mint.yaml", "x-replaced-by:")}: `));
  });

  it("an operation of a deprecated area left unmarked (it would neither warn nor be marked, while the README says every call warns): review 76, F1", () => {
    const specDir = editedCopy("openrpc/mint.yaml", (doc) => {
      delete doc.methods[MINT].deprecated;
      delete doc.methods[MINT]["x-replaced-by"];
    });
    const located = locatedOf(specDir);
    expect(
      lineOf(
        located,
        `mint #/methods/${MINT} (mintCompressedNft)/deprecated: the area is deprecated (info.x-deprecated), so its README says every call warns and its client's JSDoc that every operation is deprecated, but this operation is not: it would neither warn nor be marked; add deprecated: true (and x-replaced-by: "<what to use instead>"), or take x-deprecated out of info if the area is not deprecated`,
      ),
    ).toMatch(
      new RegExp(
        `^${positionOf(specDir, "openrpc/mint.yaml", "name: mintCompressedNft")} \\(of the enclosing #/methods/${MINT}\\): `,
      ),
    );
  });

  it("an operation deprecated while another's x-replaced-by names it: spec:check reports it at that x-replaced-by (review 76, F3)", () => {
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      const batch = doc.methods[BATCH];
      batch.deprecated = true;
      batch["x-replaced-by"] = "getAsset";
    });
    expect(
      lineOf(
        locatedOf(specDir),
        "token-metadata #/paths/~1v0~1token-metadata/post (getTokenMetadata)/x-replaced-by: names getAssetBatch, which is deprecated itself: name what to use now",
      ),
    ).toMatch(
      new RegExp(`^${positionOf(specDir, "openapi/token-metadata.yaml", "x-replaced-by:")}: `),
    );
  });

  it("npm run generate refuses them too (it runs the same rules): a method marked x-deprecated is not generated as a deprecated one", () => {
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods.find((m: any) => m.name === "getAssetBatch")["x-deprecated"] = true;
    });
    bundleCopy(specDir); // as `npm run spec:bundle` does
    const generated = spawnSync(
      process.execPath,
      ["scripts/generate/index.mjs", "--check", "--spec-dir", specDir],
      { encoding: "utf8" },
    );
    expect(generated.status).toBe(1);
    expect(generated.stderr).toContain(
      `  ✗ ${positionOf(specDir, "openrpc/das.yaml", "x-deprecated: true", "name: getAssetBatch")}: das #/methods/${BATCH} (getAssetBatch)/x-deprecated: x-deprecated is read only in info (a whole area): on an operation nothing reads it, so this one is not deprecated at all;`,
    );
  }, 120_000);
});
