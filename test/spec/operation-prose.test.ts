// The prose outside spec/ that lists an area's operations names every one (test/spec/operation-prose.ts;
// spec/README.md, step 6 of "Adding or changing an operation"; user trial 34, F7).
import { describe, expect, it } from "vitest";
import { areas, HTTP_METHODS, root } from "./documents.js";
import {
  nameParts,
  operationProsePlaces,
  replacementFindings,
  statusSaidAgain,
  unlistedOperations,
} from "./operation-prose.js";

/** What a gap's finding says after the name to add: how a paragraph on what is not covered is marked. */
const OR_NOT_COVERED =
  '; or, if they are named in a paragraph on what is not covered (no list), lead that paragraph with a bold heading that says "not covered", as `**An endpoint not covered (SDK).**`';
/** {@link OR_NOT_COVERED} in a RegExp. */
const OR_NOT_COVERED_PATTERN = OR_NOT_COVERED.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every area's operations (both of the sender's documents), and its documents' info.description. */
const byArea = new Map<
  string,
  { ids: string[]; descriptions: { where: string; text: string }[] }
>();
for (const a of areas) {
  const entry = byArea.get(a.area) ?? { ids: [], descriptions: [] };
  byArea.set(a.area, entry);
  if (a.kind === "openrpc") entry.ids.push(...a.doc.methods.map((m: { name: string }) => m.name));
  else
    for (const item of Object.values<any>(a.doc.paths ?? {}))
      for (const verb of HTTP_METHODS) if (item[verb]) entry.ids.push(item[verb].operationId);
  entry.descriptions.push({
    where: `spec/${a.kind}/${a.area}.yaml (info.description)`,
    text: String(a.doc.info?.description ?? ""),
  });
}

/** Every operation of the spec, with its marks, x-replaced-by, summary and description. */
const operations = areas.flatMap((a) => {
  const where = (id: string) => `spec/${a.kind}/${a.area}.yaml (${id})`;
  const of = (id: string, o: any) => ({
    area: a.area,
    id,
    where: where(id),
    deprecated: o.deprecated === true,
    beta: o["x-beta"] === true || a.doc.info?.["x-beta"] === true,
    replacedBy: o["x-replaced-by"],
    summary: o.summary,
    description: String(o.description ?? ""),
  });
  if (a.kind === "openrpc") return a.doc.methods.map((m: any) => of(m.name, m));
  return Object.values<any>(a.doc.paths ?? {}).flatMap((item) =>
    HTTP_METHODS.filter((verb) => item[verb]).map((verb) => of(item[verb].operationId, item[verb])),
  );
});

describe("the prose that lists an area's operations", () => {
  it("names every operation, in the root README's row, the package's description, its first-release note and the area's info.description", () => {
    const findings = [...byArea].flatMap(([area, { ids, descriptions }]) =>
      unlistedOperations({ area, ids }, operationProsePlaces(root, area, descriptions)),
    );
    expect(findings).toEqual([]);
  });

  it("a new REST operation left out of each place that lists its area's operations, in words or by name", () => {
    // Only the findings about the fictional operation are this test's: an operation the spec gains
    // (and the prose does not name yet) is the test above's to report, naming the places to edit,
    // and must not fail this one with a diff of both (user trial 52; user trial 42 for das's).
    const about = (id: string, findings: string[]) =>
      findings.filter((finding) => finding.includes(` but not ${id}: `));
    const wallet = byArea.get("wallet")!;
    const ids = [...wallet.ids, "getStakeAccounts"];
    const walletFindings = about(
      "getStakeAccounts",
      unlistedOperations(
        { area: "wallet", ids },
        operationProsePlaces(root, "wallet", wallet.descriptions),
      ),
    );
    expect(walletFindings.map((finding) => finding.slice(0, finding.indexOf(": names ")))).toEqual([
      "README.md (the @chaindata/wallet row of the packages table)",
      "packages/wallet/package.json (description)",
      ".changeset/first-release-wallet.md",
      "spec/openapi/wallet.yaml (info.description)",
    ]);
    for (const finding of walletFindings)
      expect(finding).toMatch(
        new RegExp(
          `: names \\d+ of wallet's ${ids.length} operations in words \\(getIdentity, [^)]*\\) but not getStakeAccounts: add it by its words \\("account…"\\)${OR_NOT_COVERED_PATTERN} \\(spec/README\\.md, step 6 of "Adding or changing an operation"\\)$`,
        ),
      );
    const das = byArea.get("das")!;
    const dasIds = das.ids.includes("getAssetProof") ? das.ids : [...das.ids, "getAssetProof"];
    const found = about(
      "getAssetProof",
      unlistedOperations(
        { area: "das", ids: dasIds },
        operationProsePlaces(root, "das", das.descriptions),
      ),
    );
    expect(found.find((finding) => finding.startsWith("packages/das/package.json"))).toMatch(
      new RegExp(
        `^packages/das/package\\.json \\(description\\): names \\d+ of das's ${dasIds.length} operations by name \\(getAsset, [^)]*\\) but not getAssetProof: add it as \`getAssetProof\`${OR_NOT_COVERED_PATTERN} \\(spec/README\\.md, step 6 of "Adding or changing an operation"\\)$`,
      ),
    );
  });

  it("a name ending in a preposition whose word another operation shares is named by both words (user trial 44)", () => {
    expect(nameParts("getBalanceAt")).toEqual({ verb: "get", head: "balance" });
    const wallet = { area: "wallet", ids: ["getIdentity", "getBalances", "getBalanceAt"] };
    const finding = (where: string) =>
      `${where}: names 2 of wallet's 3 operations in words (getIdentity, getBalances) but not getBalanceAt: add it by its words ("balance at…")${OR_NOT_COVERED} (spec/README.md, step 6 of "Adding or changing an operation")`;
    // "balances" names getBalances, not getBalanceAt; an "at" elsewhere in the text names nothing.
    expect(
      unlistedOperations(wallet, [
        { where: "x", text: "identity and balances" },
        { where: "y", text: "Look at a wallet: identity, balances." },
      ]),
    ).toEqual([finding("x"), finding("y")]);
    expect(
      unlistedOperations(wallet, [
        { where: "x", text: "identity, balances (now and at a past time)" },
        { where: "y", text: "identity, balances, balance at a time" },
        { where: "z", text: "identity, balances, balances at a past time" },
        {
          where: "v",
          text: "identity, what it holds (balances, and its balance of a token at a past time)",
        },
        { where: "w", text: "identity, balances of every token, and what it paid at a store" },
      ]),
    ).toEqual([finding("w")]);
    // A name ending in a preposition whose word is its own keeps the word alone (funded-by).
    expect(
      unlistedOperations({ area: "wallet", ids: ["getIdentity", "getFundedBy"] }, [
        { where: "x", text: "identity and funding source" },
      ]),
    ).toEqual([]);
  });

  it("an operation whose subject holds another's of the same word and verb is named with its own words: NFT transfers (spec67, F8)", () => {
    const wallet = {
      area: "wallet",
      ids: ["getIdentity", "getBalances", "getTransfers", "getNftTransfers"],
    };
    const finding = (where: string) =>
      `${where}: names 3 of wallet's 4 operations in words (getIdentity, getBalances, getTransfers) but not getNftTransfers: add it by its words ("nft transfer…")${OR_NOT_COVERED} (spec/README.md, step 6 of "Adding or changing an operation")`;
    // "transfers" names getTransfers only; "NFT" elsewhere in the text (another clause) names nothing.
    expect(
      unlistedOperations(wallet, [
        { where: "x", text: "identity, balances and transfers" },
        { where: "y", text: "identity, balances (with NFTs), transfers" },
      ]),
    ).toEqual([finding("x"), finding("y")]);
    expect(
      unlistedOperations(wallet, [
        { where: "x", text: "identity, balances, transfers and NFT transfers" },
        { where: "y", text: "identity, balances, transfers, transfers of NFTs" },
      ]),
    ).toEqual([]);
  });

  it("reads an operation's words as the places write them; a place that names one operation lists none", () => {
    expect(nameParts("getFundedBy")).toEqual({ verb: "get", head: "fund" });
    expect(nameParts("getMultipleNewAddressProofsV2")).toEqual({ verb: "get", head: "proof" });
    expect(nameParts("getCompressedTokenAccountsByDelegate")).toEqual({
      verb: "get",
      head: "account",
    });
    const webhooks = {
      area: "webhooks",
      ids: ["createWebhook", "listWebhooks", "getWebhook", "updateWebhook"],
    };
    // (One word for four operations: the verbs tell them apart, in the words a text uses.)
    expect(
      unlistedOperations(webhooks, [
        { where: "x", text: "Register webhooks and manage them (list, read, edit)." },
      ]),
    ).toEqual([]);
    expect(
      unlistedOperations(webhooks, [{ where: "x", text: "webhook create / list / get" }]),
    ).toEqual([
      `x: names 3 of webhooks's 4 operations in words (createWebhook, listWebhooks, getWebhook) but not updateWebhook: add it by its words ("webhook…")${OR_NOT_COVERED} (spec/README.md, step 6 of "Adding or changing an operation")`,
    ]);
    expect(unlistedOperations(webhooks, [{ where: "x", text: "Webhook management." }])).toEqual([]);
  });
});

describe("a deprecated operation's replacement", () => {
  it("names operations of the spec, of the package it names, not deprecated", () => {
    expect(operations.filter((o) => o.replacedBy !== undefined).length).toBeGreaterThan(0);
    expect(replacementFindings(operations)).toEqual([]);
  });

  it("a replacement renamed, in another package, or deprecated itself", () => {
    const das = (id: string, deprecated = false) => ({
      area: "das",
      id,
      where: `das (${id})`,
      deprecated,
      description: "",
    });
    const old = (replacedBy: string, description: string) => ({
      area: "token-metadata",
      id: "getTokenMetadata",
      where: "token-metadata (getTokenMetadata)",
      deprecated: true,
      replacedBy,
      description,
    });
    const spec = [
      das("getAsset"),
      das("getAssetBatch"),
      das("getOldAsset", true),
      { ...das("getCompressedBalanceByOwner"), area: "compression" },
    ];
    const fine = old(
      "DAS getAsset / getAssetBatch (@chaindata/das)",
      "Returns records. (Called `queryMetadataV1`.)",
    );
    // (An operation that is not deprecated may name one that is.)
    const successor = {
      ...das("getAssetBatch"),
      description: "Replaces the deprecated getTokenMetadata.",
    };
    expect(replacementFindings([...spec, successor, fine])).toEqual([]);
    expect(
      replacementFindings([
        ...spec,
        old("DAS getAsset / getAssets (@chaindata/das)", "Returns records."),
      ]),
    ).toEqual([
      'token-metadata (getTokenMetadata): x-replaced-by names getAssets, which is no operation of @chaindata/das: a replacement renamed or removed? (the SDK\'s warning says "use DAS getAsset / getAssets (@chaindata/das) instead")',
    ]);
    expect(
      replacementFindings([
        ...spec,
        old("getAsset (@chaindata/compression)", "No deprecation sentence here"),
      ]),
    ).toEqual([
      'token-metadata (getTokenMetadata): x-replaced-by names getAsset, which is no operation of @chaindata/compression: a replacement renamed or removed? (the SDK\'s warning says "use getAsset (@chaindata/compression) instead")',
    ]);
    expect(replacementFindings([...spec, old("getOldAsset (@chaindata/dass)", "")])).toEqual([
      "token-metadata (getTokenMetadata): x-replaced-by names @chaindata/dass, which is no area of the spec (areas: das, compression, token-metadata)",
      'token-metadata (getTokenMetadata): x-replaced-by names getOldAsset, which is no operation of @chaindata/dass: a replacement renamed or removed? (the SDK\'s warning says "use getOldAsset (@chaindata/dass) instead")',
    ]);
    expect(replacementFindings([...spec, old("getOldAsset", "")])).toEqual([
      "token-metadata (getTokenMetadata): x-replaced-by names getOldAsset, which is deprecated itself: name what to use now",
    ]);
  });
});

describe("an operation's status, said by its marks only", () => {
  it("no deprecated or beta operation's summary or description says so again", () => {
    expect(operations.filter((o) => o.deprecated).length).toBeGreaterThan(0);
    expect(operations.filter((o) => o.beta).length).toBeGreaterThan(0);
    expect(statusSaidAgain(operations)).toEqual([]);
  });

  it("a '(deprecated)', a 'Deprecated: use …' or a '**Beta**: …' of the operation's own", () => {
    const op = (marks: { deprecated?: boolean; beta?: boolean }, description: string) => ({
      area: "wallet",
      id: "getBalances",
      where: "wallet (getBalances)",
      deprecated: false,
      beta: false,
      ...marks,
      description,
    });
    expect(
      statusSaidAgain([
        op({ deprecated: true }, "Returns records.\n\n**Deprecated**: use getAsset."),
      ]),
    ).toEqual([
      'wallet (getBalances): the summary or description says the operation is deprecated ("**Deprecated**: use getAsset."), which `deprecated: true` and x-replaced-by already make the JSDoc, the docs page and the tool description say: take that sentence out (spec/README.md, "Deprecating an operation")',
    ]);
    expect(
      statusSaidAgain([
        op(
          { deprecated: true },
          "Returns records. This endpoint is deprecated. Use getAssetBatch.",
        ),
      ])[0],
    ).toContain('("This endpoint is deprecated.")');
    expect(
      statusSaidAgain([
        { ...op({ deprecated: true }, ""), summary: "Get token metadata (deprecated)" },
      ])[0],
    ).toContain('("Get token metadata (deprecated)")');
    expect(
      statusSaidAgain([op({ beta: true }, "Returns balances.\n\n**Beta**: the route may change.")]),
    ).toEqual([
      'wallet (getBalances): the summary or description says the operation is beta ("**Beta**: the route may change."), which `x-beta: true` (the operation\'s or its area\'s) already make the JSDoc, the docs page and the tool description say: take that sentence out (spec/README.md, "Deprecating an operation")',
    ]);
    // An operation without the mark may name the status: a successor names what it replaces. A
    // marked one may use the word in another sense (review 69).
    expect(
      statusSaidAgain([
        op({}, "Replaces the deprecated getTokenMetadata. This endpoint is deprecated."),
        op({ beta: true }, "Returns weights (alpha and beta) for the wallet."),
        op({ deprecated: true }, "The `authority` field is deprecated; read `authorities`."),
      ]),
    ).toEqual([]);
    for (const sentence of ["Deprecated.", "Beta: may change.", "The route is in beta."])
      expect(
        statusSaidAgain([op({ deprecated: true, beta: true }, `Returns x. ${sentence} More.`)]),
      ).toHaveLength(1);
  });
});
