// The published declarations name no `any`: a caller's value typed `any` checks nothing, and the
// editor shows it as if anything went. (Read from the built dist/types of every package.)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const packages = new URL("../../packages/", import.meta.url).pathname;

/** Every `.d.ts` file under `dir`. */
const declarations = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? declarations(join(dir, entry.name))
      : entry.name.endsWith(".d.ts")
        ? [join(dir, entry.name)]
        : [],
  );

describe("the published declarations", () => {
  it("have no `any` type (the types of every export are checked)", () => {
    const found: string[] = [];
    // (Not the mock server's: a development tool run beside the tests, no library a program's
    // types meet.)
    for (const pkg of readdirSync(packages).filter((name) => name !== "mock")) {
      let files: string[];
      try {
        files = declarations(join(packages, pkg, "dist/types"));
      } catch {
        continue; // (a package without declarations: the docs site)
      }
      for (const file of files) {
        const source = ts.createSourceFile(
          file,
          readFileSync(file, "utf8"),
          ts.ScriptTarget.Latest,
        );
        const visit = (node: ts.Node): void => {
          if (node.kind === ts.SyntaxKind.AnyKeyword) {
            const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
            found.push(`${file.slice(packages.length)}:${line + 1}`);
          }
          ts.forEachChild(node, visit);
        };
        visit(source);
      }
    }
    expect(found).toEqual([]);
  });
});
