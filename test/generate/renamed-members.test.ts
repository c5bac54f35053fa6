// Another SDK's name for a param (`x-renamed-from`) is typed as a deprecated member taking only
// `undefined`. Its @deprecated tag carries the name to use: an editor's strike-through tooltip
// shows the tag's text, and a bare tag said only "'displayOptions' is deprecated" (review 48, F7).
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const source = ts.createSourceFile(
  "types.ts",
  readFileSync(new URL("../../packages/das/src/generated/types.ts", import.meta.url), "utf8"),
  ts.ScriptTarget.Latest,
  true,
);

function member(interfaceName: string, name: string): ts.PropertySignature {
  let found: ts.PropertySignature | undefined;
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === interfaceName)
      for (const m of node.members)
        if (ts.isPropertySignature(m) && m.name.getText(source) === name) found = m;
  });
  if (!found) throw new Error(`${interfaceName}.${name} not found`);
  return found;
}

describe("a renamed param's member names the param to use", () => {
  for (const params of ["GetAssetParams", "GetAssetBatchParams", "GetAssetsByOwnerParamsBase"])
    it(`${params}.displayOptions`, () => {
      const m = member(params, "displayOptions");
      const [doc] = ts.getJSDocCommentsAndTags(m).filter(ts.isJSDoc);
      expect(ts.getTextOfJSDocComment(doc?.comment)).toBe(
        "Another SDK's name for `options`: this SDK refuses it; pass `options` instead.",
      );
      const deprecated = ts.getJSDocTags(m).filter((t) => t.tagName.text === "deprecated");
      expect(deprecated.map((t) => ts.getTextOfJSDocComment(t.comment))).toEqual([
        "Use `options` instead.",
      ]);
      expect(m.type?.kind).toBe(ts.SyntaxKind.UndefinedKeyword);
    });
});
