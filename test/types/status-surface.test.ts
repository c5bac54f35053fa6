// A deprecated or beta area says so on every function and constant it exports, as an editor shows
// them: each operation's own (`<op>U64Shape`, `<op>Tool`) and the area's (`<area>U64Shape`,
// `toolSchemas`), in both entries (the main one and `./tool-schemas`). The functions, client and
// `<Op>Params` / `<Op>Result` types had their tags, but the u64 shapes and the tools an app
// imports beside them did not (review 76, F5). A deprecated area's data types stay unmarked on
// purpose (scripts/generate/lib/types.mjs: its calls say so; beta-types.test.ts checks the beta
// ones). Read from the built declarations, as a user's TypeScript reads them.
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { areas } from "../spec/documents.js";
import { packageOf, surface, type Package } from "./surface.js";

/** The functions and constants a package declares itself, in every entry, with their tags. */
function ownValues(pkg: Package): { name: string; tags: string[] }[] {
  return pkg.entries.flatMap((entry) =>
    entry.exports.flatMap(({ name, symbol }) => {
      const declaration = symbol.declarations?.[0];
      if (
        !declaration ||
        !(ts.isFunctionDeclaration(declaration) || ts.isVariableDeclaration(declaration)) ||
        packageOf(declaration.getSourceFile().fileName)?.dir !== pkg.dir
      )
        return [];
      // (A variable's JSDoc is its statement's.)
      const tagged = ts.isVariableDeclaration(declaration)
        ? declaration.parent.parent
        : declaration;
      return [{ name, tags: ts.getJSDocTags(tagged).map((tag) => tag.tagName.text) }];
    }),
  );
}

const status = (mark: "x-deprecated" | "x-beta") =>
  surface.packages.filter((p) => areas.some((a) => a.area === p.dir && a.doc.info[mark]));
const untagged = (pkg: Package, tag: string) =>
  ownValues(pkg)
    .filter((v) => !v.tags.includes(tag))
    .map((v) => v.name);

describe("the functions and constants of a deprecated or beta area", () => {
  it("there are such areas", () => {
    expect(status("x-deprecated").map((p) => p.dir)).toEqual(
      expect.arrayContaining(["token-metadata", "mint"]),
    );
    expect(status("x-beta").map((p) => p.dir)).toContain("wallet");
  });

  it.each(status("x-deprecated").map((p) => [p.dir, p] as const))(
    "%s: every one is marked @deprecated",
    (_dir, pkg) => {
      expect(ownValues(pkg).map((v) => v.name)).toContain("toolSchemas");
      expect(untagged(pkg, "deprecated")).toEqual([]);
    },
  );

  it.each(status("x-beta").map((p) => [p.dir, p] as const))(
    "%s: every one is marked @beta",
    (_dir, pkg) => {
      expect(ownValues(pkg).map((v) => v.name)).toEqual(
        expect.arrayContaining(["walletU64Shape", "getBalancesU64Shape", "getBalancesTool"]),
      );
      expect(untagged(pkg, "beta")).toEqual([]);
    },
  );
});
