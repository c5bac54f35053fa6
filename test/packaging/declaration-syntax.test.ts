// The published declarations use no syntax newer than TypeScript 4.7, the oldest compiler the
// README promises: a consumer's tsc reads every .d.ts of the packages it imports, and one that
// checks libraries (no `skipLibCheck`) stops on a statement its parser does not know. (User trial
// 49: `export type *`, TypeScript 5.0 syntax, was TS1383 in each package's index.d.ts under 4.7
// to 4.9, while the types were otherwise right there.) The repository's TypeScript parses them
// here, so the check needs no other compiler; the compilers themselves ran in user trial 49
// (.scratch/user-trial-49.md has the commands).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { publishedPackages } from "./published.js";

const root = new URL("../..", import.meta.url).pathname;

/** What a declaration file holds that TypeScript 4.7 cannot read, with the version that can. */
function newerThan47(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(
      `${file.fileName.slice(root.length)}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1} ${what}`,
    );
  const visit = (node: ts.Node): void => {
    if (
      ts.isExportDeclaration(node) &&
      node.isTypeOnly &&
      (!node.exportClause || ts.isNamespaceExport(node.exportClause))
    )
      at(node, "`export type *` (TypeScript 5.0)");
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.attributes)
      at(node, "import attributes (TypeScript 5.3)");
    if (ts.isImportTypeNode(node) && node.attributes)
      at(node, "import type attributes (TypeScript 5.3)");
    if (
      ts.isTypeParameterDeclaration(node) &&
      node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ConstKeyword)
    )
      at(node, "a `const` type parameter (TypeScript 5.0)");
    if (
      ts.canHaveModifiers(node) &&
      ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.AccessorKeyword)
    )
      at(node, "an `accessor` (TypeScript 4.9)");
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
      if (node.typeName.text === "NoInfer") at(node, "`NoInfer` (TypeScript 5.4)");
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function declarationFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".d.ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("the declarations parse with TypeScript 4.7", () => {
  it.each(publishedPackages)("@chaindata/%s", (dir) => {
    const files = ["dist/types", "dist/types-cjs"].flatMap((types) =>
      declarationFiles(`${root}packages/${dir}/${types}`),
    );
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((path) =>
      newerThan47(
        ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true),
      ),
    );
    expect(found).toEqual([]);
  });

  // (The check finds what it looks for: each form in a declaration file of its own.)
  it("finds each form newer than 4.7", () => {
    const found = [
      'export type * from "./types.js";',
      'export type * as Das from "@chaindata/das";',
      'import type { A } from "./a.json" with { type: "json" };',
      'export declare const a: import("./a.js", { with: { "resolution-mode": "import" } }).A;',
      "export declare function f<const T>(t: T): T;",
      "export declare class C { accessor x: number; }",
      "export declare function g<T>(t: NoInfer<T>): T;",
    ].map((text) =>
      newerThan47(ts.createSourceFile(`${root}probe.d.ts`, text, ts.ScriptTarget.Latest, true)),
    );
    expect(found.map((f) => f.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
});
