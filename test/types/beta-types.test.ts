// A beta area's data types say they are beta where a library author meets them: in the editor's
// hover and in the declarations a wrapper library re-exports. The wallet README says "routes and
// response formats may change", and its functions, client and `<Op>Input` / `<Op>Result` types
// carried `@beta`, but the response formats themselves (`WalletBalanceItem`,
// `WalletBalancesResponse`, …: the names a wrapper's inferred return types print) did not (user
// trial 37). Read from the built declarations, as a user's TypeScript reads them.
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { areas } from "../spec/documents.js";
import { packageOf, surface, type Package } from "./surface.js";

/** The area documents of `dir`'s package (the sender has two). */
const documentsOf = (dir: string) => areas.filter((a) => a.area === dir);

/** Whether any call of an area document is marked beta on its own (`x-beta` on the operation). */
const hasBetaCall = (doc: any): boolean =>
  (doc.methods ?? []).some((m: any) => m["x-beta"]) ||
  Object.values(doc.paths ?? {}).some((item: any) =>
    Object.values(item ?? {}).some((op: any) => op && typeof op === "object" && op["x-beta"]),
  );

/** The data types a package declares itself (interfaces and type aliases; not core's re-exports). */
function ownTypes(pkg: Package): { name: string; beta: boolean }[] {
  return pkg.entries[0]!.exports.flatMap(({ name, symbol }) => {
    const declaration = symbol.declarations?.[0];
    if (
      !declaration ||
      !(ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration)) ||
      packageOf(declaration.getSourceFile().fileName)?.dir !== pkg.dir
    )
      return [];
    const beta = ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === "beta");
    return [{ name, beta }];
  });
}

const areaPackages = surface.packages.filter((p) => documentsOf(p.dir).length > 0);
const betaAreas = areaPackages.filter((p) => documentsOf(p.dir).some((a) => a.doc.info["x-beta"]));

describe("the data types of a beta area", () => {
  it("there is a beta area to check, and areas that are not", () => {
    expect(betaAreas.map((p) => p.dir)).toContain("wallet");
    expect(areaPackages.length).toBeGreaterThan(betaAreas.length);
  });

  it.each(betaAreas.map((p) => [p.dir, p] as const))(
    "%s: every type the package declares is marked @beta",
    (_dir, pkg) => {
      const types = ownTypes(pkg);
      expect(types.map((t) => t.name)).toContain("WalletBalanceItem");
      expect(types.filter((t) => !t.beta).map((t) => t.name)).toEqual([]);
    },
  );

  // (The other direction: the tag is the area's status, not a mark put on every generated type.)
  it.each(
    areaPackages
      .filter((p) => !betaAreas.includes(p) && !documentsOf(p.dir).some((a) => hasBetaCall(a.doc)))
      .map((p) => [p.dir, p] as const),
  )("%s (not beta): no type is marked @beta", (_dir, pkg) => {
    expect(
      ownTypes(pkg)
        .filter((t) => t.beta)
        .map((t) => t.name),
    ).toEqual([]);
  });
});
