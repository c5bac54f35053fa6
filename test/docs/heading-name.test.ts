// headingName, the h1 of an operation's or schema's page, read as text: the browser test sees it
// wrap at 375 px in Chromium, where a break in the wrong place or none at all shows only on the
// names long enough to wrap. Here each hump of a name is read, the short names' too, and each
// break breakableName adds for the facts card's calls (after `.`, `/` and `(`).
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM module without type declarations
import { breakableName, headingName } from "../../packages/docs/src/html.mjs";

describe("headingName and breakableName", () => {
  it("puts a <wbr> at each camelCase hump, after a digit too, and before the last capital of a run that starts a word", () => {
    const cases: [string, string[]][] = [
      [
        "getCompressedTokenAccountsByDelegate",
        ["get", "Compressed", "Token", "Accounts", "By", "Delegate"],
      ],
      ["getMultipleNewAddressProofsV2", ["get", "Multiple", "New", "Address", "Proofs", "V2"]],
      ["base64TipAndPriorityFee", ["base64", "Tip", "And", "Priority", "Fee"]],
      // (An acronym is one word: the hump is before the capital that starts the next.)
      ["DASAssetList", ["DAS", "Asset", "List"]],
      ["getNFTEditions", ["get", "NFT", "Editions"]],
      ["getAsset", ["get", "Asset"]],
      ["Asset", ["Asset"]],
      ["URL", ["URL"]],
    ];
    for (const [name, words] of cases)
      expect(headingName(name), name).toBe(`<code>${words.join("<wbr>")}</code>`);
  });

  it("escapes each word as HTML text: a name is the spec's, written into the page", () => {
    expect(headingName("a&bC<d>")).toBe("<code>a&amp;b<wbr>C&lt;d&gt;</code>");
  });

  it("breakableName: a call or a package name also breaks after each ., / and ( that a word follows, the text escaped", () => {
    expect(breakableName("compression.getCompressedTokenAccountsByDelegate()")).toBe(
      "compression.<wbr>get<wbr>Compressed<wbr>Token<wbr>Accounts<wbr>By<wbr>Delegate()",
    );
    expect(breakableName("@chaindata/das")).toBe("@chaindata/<wbr>das");
    expect(breakableName("paginateGetAssets(createDasRpc(), params, { maxPages })")).toBe(
      "paginate<wbr>Get<wbr>Assets(<wbr>create<wbr>Das<wbr>Rpc(), params, { max<wbr>Pages })",
    );
    expect(breakableName("a<b.c")).toBe("a&lt;b.<wbr>c");
  });
});
