// checkOperationLists (scripts/spec/rules/operation-lists.mjs): an area's info.description that
// lists its operations names every one, and an OpenRPC area's "These N (…) are the … methods this
// API description covers" sentence counts and lists the spec's methods, as spec:check reports it
// (user trial 69, F6: spec:check said 0 findings while compression's "These seven (…)" and the
// wallet's list left the new operations out). How the words are read: operation-prose.test.ts.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkOperationLists } from "../../../scripts/spec/rules/operation-lists.mjs";
import { openrpc } from "./fixtures.js";

const STEP_6 = '(spec/README.md, step 6 of "Adding or changing an operation")';
/** What a gap's finding says after the name to add: how a paragraph on what is not covered is marked. */
const OR_NOT_COVERED =
  '; or, if they are named in a paragraph on what is not covered (no list), lead that paragraph with a bold heading that says "not covered", as `**An endpoint not covered (SDK).**`';

/** An OpenRPC area `area` whose methods are `names`, its info.description `description`. */
const rpcArea = (area: string, names: string[], description: string) => {
  const doc = openrpc();
  return {
    area,
    kind: "openrpc",
    doc: {
      ...doc,
      info: { ...doc.info, description },
      methods: names.map((name) => ({ ...doc.methods[0], name })),
    },
  };
};

/** A REST area `area` whose GET operations are `ids`, its info.description `description`. */
const restArea = (area: string, ids: string[], description: string) => ({
  area,
  kind: "openapi",
  doc: {
    openapi: "3.1.0",
    info: { title: area, version: "1", description },
    paths: Object.fromEntries(ids.map((id) => [`/v1/${id}`, { get: { operationId: id } }])),
  },
});

const texts = (entries: { text: string }[]) => entries.map((e) => e.text);

const COVERAGE =
  "Reads things. These two (`getA`, `getB`) are the ZK methods this API description covers, and so the package's: the service's other ZK methods (`getC`, `getD` and more) are outside it. Every method is POST /.";

describe("the prose of info.description that lists the area's operations", () => {
  it("passes a coverage sentence that counts and lists the spec's methods, and a list in words that names each", () => {
    expect(checkOperationLists([rpcArea("zk", ["getA", "getB"], COVERAGE)])).toEqual([]);
    const wallet = restArea(
      "wallet",
      ["getIdentity", "getBatchIdentity", "getBalances", "getBalanceAt"],
      "About one wallet: who it is (identity, single or batch), what it holds (balances, and its balance at a past time).",
    );
    expect(checkOperationLists([wallet])).toEqual([]);
    // (One operation named, or none: no list.)
    expect(
      checkOperationLists([restArea("admin", ["getUsage", "getPlan"], "A project's usage.")]),
    ).toEqual([]);
  });

  it("a method the spec gains, left out of the coverage sentence: one finding at #/info/description, with the sentence to write", () => {
    const area = rpcArea("zk", ["getA", "getB", "getC"], COVERAGE);
    const found = checkOperationLists([area]);
    expect(texts(found)).toEqual([
      `zk #/info/description: the "These N (…) are the ZK methods this API description covers" sentence, which the package's README and the docs repeat, is not the spec's: it says "These two": the spec has three ZK methods; it leaves out getC, a method of the spec; it names getC among the service's other ZK methods, outside the package, but the spec has it; write "These three (\`getA\`, \`getB\`, \`getC\`) are the ZK methods this API description covers, and so the package's: the service's other ZK methods (\`getD\` and more) are outside it." ${STEP_6}`,
    ]);
    expect(found[0].document).toBe(area);
    // Only the count stale (the list edited): the count to write.
    expect(
      texts(
        checkOperationLists([
          rpcArea("zk", ["getA", "getB", "getE"], COVERAGE.replace("`getB`", "`getB`, `getE`")),
        ]),
      ),
    ).toEqual([
      expect.stringMatching(
        /: it says "These two": the spec has three ZK methods; write "These three \(`getA`, `getB`, `getE`\) are/,
      ),
    ]);
    // A method removed from the spec, still listed.
    expect(texts(checkOperationLists([rpcArea("zk", ["getA"], COVERAGE)]))[0]).toContain(
      "it lists getB, which is not a method of the spec",
    );
  });

  it("an operation the spec gains, left out of a list in words or by name: the words or the name to add", () => {
    const wallet = restArea(
      "wallet",
      ["getIdentity", "getBalances", "getHistory", "getBalanceAt"],
      "About one wallet: its identity, balances and history.",
    );
    expect(texts(checkOperationLists([wallet]))).toEqual([
      `wallet #/info/description: names 3 of wallet's 4 operations in words (getIdentity, getBalances, getHistory) but not getBalanceAt: add it by its words ("balance at…")${OR_NOT_COVERED} ${STEP_6}`,
    ]);
    const byName = rpcArea(
      "das",
      ["getAsset", "getAssetBatch", "getNftEditions"],
      "Methods: `getAsset`, `getAssetBatch`.",
    );
    expect(texts(checkOperationLists([byName]))).toEqual([
      `das #/info/description: names 2 of das's 3 operations by name (getAsset, getAssetBatch) but not getNftEditions: add it as \`getNftEditions\`${OR_NOT_COVERED} ${STEP_6}`,
    ]);
  });

  it("a paragraph that says an endpoint is not covered is no list; named as not covered once the spec has it, a finding of its own", () => {
    const notCovered =
      "**An endpoint not covered (SDK).** The public docs also name `GET /v1/wallet/{wallet}/balance-at`,\n" +
      "a wallet's balance at a past time (`helius.wallet.getBalanceAt`), so no operation here calls it.";
    const description = [
      "About one wallet: who it is (identity), its balances (now and at a past time), and who funded it.",
      'Errors: `getFundedBy` of a wallet nobody funded answers 404 "not found".',
      notCovered,
    ].join("\n\n");
    const wallet = restArea(
      "wallet",
      ["getIdentity", "getBalances", "getFundedBy", "getBalanceAt"],
      description,
    );
    // (Read as a list, the two names in unrelated paragraphs asked for getIdentity and getBalances
    // by name: contrib69, L1.)
    expect(texts(checkOperationLists([wallet]))).toEqual([
      `wallet #/info/description: a paragraph says an endpoint is not covered but names getBalanceAt, an operation of wallet: remove the paragraph, or rewrite it for what is still not covered ${STEP_6}`,
    ]);
    // Without getBalanceAt in the spec, as today: nothing to say.
    const today = restArea("wallet", ["getIdentity", "getBalances", "getFundedBy"], description);
    expect(texts(checkOperationLists([today]))).toEqual([]);
  });

  it('only a paragraph led by a bold heading saying so is a not-covered one: a list that says "not covered" in passing is still checked', () => {
    const ids = ["getIdentity", "getBalances", "getFundedBy"];
    // A list by name that mentions, in passing, what it does not cover: its gap is not hidden.
    const list =
      "Calls: `getIdentity`, `getBalances`. Balances at a past time are not covered (undocumented).";
    expect(texts(checkOperationLists([restArea("wallet", ids, list)]))).toEqual([
      `wallet #/info/description: names 2 of wallet's 3 operations by name (getIdentity, getBalances) but not getFundedBy: add it as \`getFundedBy\`${OR_NOT_COVERED} ${STEP_6}`,
    ]);
    // The spec's form, with a heading of other words: no list.
    const errors = 'Errors: `getFundedBy` of a wallet nobody funded answers 404 "not found".';
    const outside =
      "**Outside the SDK, not covered.** `getBalanceAt` and `getIdentityBatch` are not documented.";
    expect(
      texts(checkOperationLists([restArea("wallet", ids, `${errors}\n\n${outside}`)])),
    ).toEqual([]);
  });

  it("a gap's finding says how to mark a paragraph on what is not covered, and the mark it names ends the finding (diff70)", () => {
    const ids = ["getIdentity", "getBalances", "getFundedBy"];
    const lacks = "the identity of many wallets at once, and balances at a past time.";
    // Written without the heading, the paragraph on what the SDK lacks reads as a list in words.
    const unmarked = `Who a wallet is.\n\nOutside the SDK: ${lacks}`;
    expect(texts(checkOperationLists([restArea("wallet", ids, unmarked)]))).toEqual([
      `wallet #/info/description: names 2 of wallet's 3 operations in words (getIdentity, getBalances) but not getFundedBy: add it by its words ("fund…"); or, if they are named in a paragraph on what is not covered (no list), lead that paragraph with a bold heading that says "not covered", as \`**An endpoint not covered (SDK).**\` ${STEP_6}`,
    ]);
    // Led by the heading the finding names: no list, nothing to say.
    const marked = `Who a wallet is.\n\n**An endpoint not covered (SDK).** Outside the SDK: ${lacks}`;
    expect(texts(checkOperationLists([restArea("wallet", ids, marked)]))).toEqual([]);
  });

  it("a method renamed: the new name in the old one's place; an info.summary that lists the operations is held as the description is", () => {
    expect(texts(checkOperationLists([rpcArea("zk", ["getA", "getB2"], COVERAGE)]))[0]).toContain(
      'it leaves out getB2, a method of the spec; it lists getB, which is not a method of the spec; write "These two (`getA`, `getB2`) are',
    );
    const wallet = restArea("wallet", ["getIdentity", "getBatchIdentity", "getBalances"], "");
    wallet.doc.info = { ...wallet.doc.info, summary: "Identity and balances of a wallet." } as any;
    expect(texts(checkOperationLists([wallet]))).toEqual([
      `wallet #/info/summary: names 2 of wallet's 3 operations in words (getIdentity, getBalances) but not getBatchIdentity: add it by its words ("batch identity…")${OR_NOT_COVERED} ${STEP_6}`,
    ]);
  });

  it("counts the operations of every document of the area (the sender's two), and reports under --area those of the selected documents", () => {
    const rpc = rpcArea(
      "sender",
      ["sendTransaction", "getTip"],
      "Send: `sendTransaction`, `getTip`.",
    );
    const rest = restArea("sender", ["ping"], "GET /ping keeps the host warm.");
    expect(texts(checkOperationLists([rpc, rest]))).toEqual([
      `sender #/info/description: names 2 of sender's 3 operations by name (sendTransaction, getTip) but not ping: add it as \`ping\`${OR_NOT_COVERED} ${STEP_6}`,
    ]);
    const other = restArea("wallet", ["getIdentity", "getBalances"], "Identity only.");
    expect(texts(checkOperationLists([rpc, rest], [rpc, rest, other]))).toHaveLength(1);
    expect(checkOperationLists([other], [rpc, rest, other])).toEqual([]);
  });
});
