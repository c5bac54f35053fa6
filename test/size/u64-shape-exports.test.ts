// A result kept as JSON text is revived with its operation's u64 shape. `<area>U64Shape(name)`
// looks it up by name among every operation's shapes, so a bundle that calls it carries them all;
// each operation's own export (`getAssetsByOwnerItemU64Shape`) carries that shape alone (user
// trial 31: +441 B gz for one revived DAS item). Each program is bundled as the size budgets are
// (esbuild --bundle --minify --format=esm --platform=browser, from the built dist/, gzip -9).
// Another operation's method name (a descriptor's `id`, a key of the lookup) in the output is
// what a bundle holding that operation's code shows: minification keeps strings, not names.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { browserBundle } from "../../bench/lib/programs.mjs";

const OWNER = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";

/** The minified bundle of `source`, and its size gzipped (level 9). */
async function bundle(source: string): Promise<{ code: string; gz: number }> {
  const result = await build(browserBundle(source, "u64-shape-program.mjs"));
  const bytes = result.outputFiles[0]!.contents;
  return { code: new TextDecoder().decode(bytes), gz: gzipSync(bytes, { level: 9 }).length };
}

/** A DAS program that walks an owner's assets and revives one item kept as text with `shape`. */
const dasProgram = (imports: string, shape: string) =>
  `import { createDasRpc, getAssetsByOwner, parseJson, reviveU64, ${imports} } from '@chaindata/das';
const rpc = createDasRpc({ apiKey: 'k' });
getAssetsByOwner(rpc, { ownerAddress: '${OWNER}' }).then(console.log);
console.log(reviveU64(parseJson(localStorage.getItem('item')), ${shape}));`;

/** The other DAS methods, none of which the programs call. */
const OTHER_DAS_METHODS = ["getAssetBatch", "getAssetsByAuthority", "getNftEditions"];

describe("an operation's own u64 shape export: a bundle carries no other operation", () => {
  let lookup: { code: string; gz: number };
  let own: { code: string; gz: number };
  beforeAll(async () => {
    [lookup, own] = await Promise.all([
      bundle(dasProgram("dasU64Shape", "dasU64Shape('getAssetsByOwner', 'item')")),
      bundle(dasProgram("getAssetsByOwnerItemU64Shape", "getAssetsByOwnerItemU64Shape")),
    ]);
  });

  it("the lookup by name carries every DAS method (what the check below finds)", () => {
    for (const name of OTHER_DAS_METHODS) expect(lookup.code, name).toContain(name);
  });

  it("getAssetsByOwnerItemU64Shape carries the method it calls and no other", () => {
    expect(own.code).toContain('"getAssetsByOwner"');
    for (const name of [...OTHER_DAS_METHODS, 'getAsset"'])
      expect(own.code, name).not.toContain(name);
  });

  it("is smaller gzipped than the lookup", () => {
    expect(own.gz).toBeLessThan(lookup.gz);
  });

  it("alone, without the call, carries no descriptor nor params check (DAS and a REST area)", async () => {
    const das =
      await bundle(`import { getAssetsByOwnerItemU64Shape, parseJson, reviveU64 } from '@chaindata/das';
console.log(reviveU64(parseJson(localStorage.getItem('item')), getAssetsByOwnerItemU64Shape));`);
    expect(das.code).toContain("token_info");
    for (const name of ["getAssetsByOwner", "ownerAddress", ...OTHER_DAS_METHODS])
      expect(das.code, name).not.toContain(name);
    const wallet =
      await bundle(`import { getBalancesItemU64Shape, parseJson, reviveU64 } from '@chaindata/wallet';
console.log(reviveU64(parseJson(localStorage.getItem('item')), getBalancesItemU64Shape));`);
    expect(wallet.code).toContain("usdValue");
    for (const name of ["getBalances", "getHistory", "getTransfers", "getIdentity"])
      expect(wallet.code, name).not.toContain(name);
  });
});
