// The sdk's type namespaces (`Das`, `Wallet`, …) as an editor shows them. An editor names a type by
// the first name it finds for it among the file's imports, namespaces included: when every
// namespace re-exported core's `RequestOptions`, a file importing `type Mint` showed a wallet
// call's options as `Mint.RequestOptions` (user trial 12, finding 5). Each namespace now declares
// the runtime's types as aliases of its own (packages/sdk/src/generated/namespaces/, written by scripts/generate), which this holds.
import ts from "typescript";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { runtimeExports } from "../../scripts/generate/lib/names.mjs";
import { displayText, probeService } from "./language-service.js";

/** The sdk's namespaces, by the area package each one holds. */
const NAMESPACES: Record<string, string> = {
  Das: "das",
  Compression: "compression",
  Sender: "sender",
  Mint: "mint",
  Wallet: "wallet",
  Admin: "admin",
  Webhooks: "webhooks",
  TokenMetadata: "token-metadata",
};
const names = Object.keys(NAMESPACES);
const root = new URL("../..", import.meta.url).pathname;

/** A probe importing every namespace, in `order`, where `/*@name*\/` marks a hover. */
const probeOf = (order: string[]) => `
import { createChainDataClient, isRetryable, ${order.map((n) => `type ${n}`).join(", ")} } from "@chaindata/sdk";
const sdk = createChainDataClient();
export async function probe(
  error: unknown,
  pages: Das.PageIterable<Das.Asset, Das.AssetList, Das.GetAssetsByOwnerParams>,
  options: Mint.RequestOptions,
) {
  sdk.wallet./*@getIdentity*/getIdentity;
  sdk.wallet./*@getBalances*/getBalances;
  sdk.mint./*@mintCompressedNft*/mintCompressedNft;
  sdk.das./*@getAsset*/getAsset;
  sdk.das.getAssetsByOwner./*@byOwnerAll*/all;
  sdk.das./*@request*/request;
  sdk.compression./*@compressedAccounts*/getCompressedAccountsByOwner;
  sdk.sender./*@sendTransaction*/sendTransaction;
  sdk.admin./*@getProjectUsage*/getProjectUsage;
  sdk.webhooks./*@listWebhooks*/listWebhooks;
  sdk.tokenMetadata./*@getTokenMetadata*/getTokenMetadata;
  if (isRetryable(error)) /*@retryable*/error;
  /*@pages*/pages;
  /*@options*/options;
}
`;

/** The hover text at every marker of the probe whose imports are in `order`. */
function hoversOf(order: string[]): Record<string, string> {
  const source = probeOf(order);
  const { service, file, at, errors } = probeService("namespaces-probe.ts", source);
  expect([...errors()]).toEqual([]);
  return Object.fromEntries(
    [...source.matchAll(/\/\*@(\w+)\*\//g)].map(([, marker]) => [
      marker,
      displayText(service.getQuickInfoAtPosition(file, at(marker!))?.displayParts),
    ]),
  );
}

const hovers = hoversOf(names);

describe("hovers in a file importing the sdk's namespaces", () => {
  it("name the runtime's types by their own names, whatever the area", () => {
    expect(hovers.getIdentity).toBe(
      "(method) WalletClient.getIdentity(params: Wallet.GetIdentityInput, options?: RequestOptions): Promise<Wallet.GetIdentityResult>",
    );
    expect(hovers.mintCompressedNft).toBe(
      "(method) MintClient.mintCompressedNft(params: Mint.MintCompressedNftParams, options?: RequestOptions): Promise<Mint.MintCompressedNftResult>",
    );
    expect(hovers.byOwnerAll).toBe(
      "(method) all(params: Das.GetAssetsByOwnerParams, options?: PageWalkOptions): PageIterable<Das.Asset, Das.GetAssetsByOwnerResult, Das.GetAssetsByOwnerParams>",
    );
    expect(hovers.getBalances).toContain(
      "all(params: Wallet.GetBalancesInput, options?: PageWalkOptions): PageIterable<Wallet.WalletBalanceItem, Wallet.GetBalancesResult, Wallet.GetBalancesInput>;",
    );
    expect(hovers.request).toContain("...params: ParamsArgument<Das.DasParams<M>>");
    expect(hovers.retryable).toMatch(/^\(parameter\) error: ConnectionError \| TimeoutError \| /);
    expect(hovers.options).toBe("(parameter) options: RequestOptions");
  });

  it("show no runtime type as another namespace's member, nor a generic one written Das.X as another's", () => {
    const { values, types } = runtimeExports({ rpc: true });
    const runtime = [...values, ...types, ...runtimeExports({ rpc: false }).types];
    const qualified = new RegExp(`\\b(${names.join("|")})\\.(${runtime.join("|")})\\b`, "g");
    // (The one runtime type written through a namespace, `Das.PageIterable`, shows as written.)
    expect(hovers.pages).toBe(
      "(parameter) pages: Das.PageIterable<Das.Asset, Das.AssetList, Das.GetAssetsByOwnerParams>",
    );
    const shown = Object.entries(hovers)
      .filter(([marker]) => marker !== "pages")
      .flatMap(([marker, text]) => (text.match(qualified) ?? []).map((m) => `${marker}: ${m}`));
    expect(shown).toEqual([]);
  });

  it("are the same whatever order the namespaces are imported in", () => {
    expect(hoversOf([...names].reverse())).toEqual(hovers);
  });
});

describe("each namespace", () => {
  const { service } = probeService(
    "namespaces-contents.ts",
    `import type * as sdk from "@chaindata/sdk";\n` +
      Object.values(NAMESPACES)
        .map((area, i) => `import type * as area${i} from "@chaindata/${area}";\n`)
        .join("") +
      `export type All = [typeof sdk, ${Object.values(NAMESPACES)
        .map((_, i) => `typeof area${i}`)
        .join(", ")}];\n`,
  );
  const program = service.getProgram()!;
  const checker = program.getTypeChecker();
  const moduleExports = (specifier: string) => {
    const resolved = ts.resolveModuleName(
      specifier,
      `${root}test/types/x.ts`,
      program.getCompilerOptions(),
      ts.sys,
    ).resolvedModule!;
    const file = program.getSourceFile(resolved.resolvedFileName)!;
    return checker.getExportsOfModule(checker.getSymbolAtLocation(file)!);
  };
  const resolve = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const sdkExports = moduleExports("@chaindata/sdk");
  const typeParameters = (symbol: ts.Symbol) =>
    (symbol.declarations ?? []).flatMap((d) =>
      ((d as ts.InterfaceDeclaration).typeParameters ?? []).map((p) => p.getText()),
    );

  for (const [namespace, area] of Object.entries(NAMESPACES))
    it(`${namespace}: @chaindata/${area}'s names, the runtime's types as aliases of its own with core's type parameters`, () => {
      const own = sdkExports.find((s) => s.name === namespace);
      expect(own, namespace).toBeDefined();
      const members = new Map(checker.getExportsOfModule(resolve(own!)).map((s) => [s.name, s]));
      const areaExports = moduleExports(`@chaindata/${area}`);
      expect([...members.keys()].sort()).toEqual(areaExports.map((s) => s.name).sort());
      const fromCore: string[] = [];
      for (const exported of areaExports) {
        const target = resolve(exported);
        const inCore = target.declarations?.some((d) =>
          d.getSourceFile().fileName.includes("/packages/core/"),
        );
        // (A function stays core's, type-only: `typeof Das.isRetryable`; no hover names it.)
        if (!inCore || !(target.flags & (ts.SymbolFlags.Type | ts.SymbolFlags.Class))) continue;
        fromCore.push(exported.name);
        const member = resolve(members.get(exported.name)!);
        const where = `${namespace}.${exported.name}`;
        expect(member, where).not.toBe(target);
        expect(
          member.declarations?.[0]?.getSourceFile().fileName,
          `${where} is declared by the namespace`,
        ).toMatch(new RegExp(`/sdk/dist/types/generated/namespaces/${area}\\.d\\.ts$`));
        expect(typeParameters(member), where).toEqual(typeParameters(target));
      }
      // (The runtime's types are among the package's exports: the check above ran on them.)
      expect(fromCore).toContain("RequestOptions");
      expect(fromCore).toContain("PageIterable");
      expect(fromCore).toContain("RateLimitError");
    });
});
