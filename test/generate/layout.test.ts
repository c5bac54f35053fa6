// The generator's line breaks (scripts/generate/lib/layout.mjs): a spec edit shows in a diff as
// the lines of the checks it changed (review 46, F6); the generated sources, which the packages
// ship and "go to definition" opens, read within the repository's width; the code means the same.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { fitLines, layout } from "../../scripts/generate/lib/layout.mjs";
import { oneLine } from "./declarations.js";

const root = new URL("../..", import.meta.url).pathname;
const long = `export const x: D = { id: "x", params: /* @__PURE__ */ vObject({ a: /* @__PURE__ */ vString(PATTERN_1, DESCRIPTION_1), b: /* @__PURE__ */ vInteger(1, 1000), c: /* @__PURE__ */ vEnum(["a, b", "c\\"d"]) }, ["a"], false), idempotent: true };`;

describe("layout", () => {
  it("keeps a declaration that fits on one line as it is", () => {
    const short = `export const y: U64Shape = { supply: 1, max_supply: 1 };`;
    expect(layout(short)).toBe(short);
  });

  it("breaks a long one member a line, a call's short last arguments on its closing line", () => {
    expect(layout(long)).toBe(
      [
        `export const x: D = {`,
        `  id: "x",`,
        `  params: /* @__PURE__ */ vObject({`,
        `    a: /* @__PURE__ */ vString(PATTERN_1, DESCRIPTION_1),`,
        `    b: /* @__PURE__ */ vInteger(1, 1000),`,
        `    c: /* @__PURE__ */ vEnum(["a, b", "c\\"d"])`,
        `  }, ["a"], false),`,
        `  idempotent: true`,
        `};`,
      ].join("\n"),
    );
    // (Commas and brackets inside string literals and comments are text, not structure.)
    expect(oneLine(layout(long))).toBe(long);
  });

  it("leaves code whose brackets do not balance as it is", () => {
    const unbalanced = long.replace("}, [", "}, ").repeat(2);
    expect(layout(unbalanced)).toBe(unbalanced);
  });

  it("is what every area's operations.ts holds: no descriptor line past the width, the code unchanged", () => {
    const dirs = readdirSync(join(root, "packages"));
    let checked = 0;
    for (const dir of dirs) {
      let source: string;
      try {
        source = readFileSync(join(root, "packages", dir, "src/generated/operations.ts"), "utf8");
      } catch {
        continue;
      }
      const declarations = source
        .split(/\n(?=export const \w+: (?:RpcMethodDescriptor|OperationDescriptor)\b)/)
        .slice(1);
      for (const text of declarations) {
        const declared = text.slice(0, text.indexOf("\n};") + 3);
        for (const line of declared.split("\n"))
          expect(line.length, `${dir}: ${line}`).toBeLessThanOrEqual(100);
        // (A long type's arguments one a line, then `> = {` and the descriptor's members.)
        expect(declared, dir).toMatch(/^export const \w+: [^]*? = \{$/m);
        expect(layout(oneLine(declared)), dir).toBe(declared);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(25);
  });
});

/** `code`'s tokens, as TypeScript reads them (white space and line breaks left out). */
function tokens(code: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, code);
  const out: string[] = [];
  let templates = 0;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    // (A `/` where a regex may start: read again as one; `}` of a template, its continuation.)
    if (kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) {
      const previous = out.at(-1) ?? "";
      if (/^[(,=:[!&|?{};]$|^return$/.test(previous)) kind = scanner.reScanSlashToken();
    }
    if (kind === ts.SyntaxKind.CloseBraceToken && templates > 0) {
      kind = scanner.reScanTemplateToken(false);
      if (kind === ts.SyntaxKind.TemplateTail) templates--;
    }
    if (kind === ts.SyntaxKind.TemplateHead) templates++;
    out.push(scanner.getTokenText());
  }
  return out;
}

/**
 * Lines as the generator wrote them before it laid them out (one statement a line), each past
 * the width: an import, a signature with a long return type, a one-line record, a union, a return
 * of `??`, a call over a callback, a long assignment, a guard, an arrow member.
 */
const OLD_LINES = [
  `import { createJsonRpcClient, notAnRpc, rpcHost, withPagination, type ClientOptions, type JsonRpcClient, type PageIterable, type PageWalkOptions, type ParamsArgument, type RequestOptions, type U64Shape, ValidationError } from "@chaindata/core";`,
  `export function paginateGetAssetsByOwner(rpc: DasRpc, params: T.GetAssetsByOwnerParams, options?: PageWalkOptions): PageIterable<T.Asset, T.GetAssetsByOwnerResult, T.GetAssetsByOwnerParams> {`,
  `  return withPagination<T.GetAssetsByOwnerParams, T.GetAssetsByOwnerResult, T.Asset>((params, options) => getAssetsByOwner(rpc, params, options), op.getAssetsByOwner).all(params, options);`,
  `  const shapes: Record<string, U64Shape | undefined> = { getAsset: op.getAssetU64Shape, getAssetBatch: op.getAssetBatchU64Shape, getAssetsByOwner: op.getAssetsByOwnerU64Shape, getNftEditions: op.getNftEditionsU64Shape };`,
  `export function dasU64Shape(operation: "getAssetsByOwner" | "getAssetsByAuthority" | "getNftEditions", part: "item"): U64Shape | undefined;`,
  `export type KnownAssetInterface = "V1_NFT" | "V1_PRINT" | "LEGACY_NFT" | "V2_NFT" | "FungibleAsset" | "FungibleToken" | "Custom" | "Identity" | "Executable" | "ProgrammableNFT";`,
  `  return notAnRpc(rpc, "createDasRpc", op.getAssetsByOwner) ?? rpc.call(op.getAssetsByOwner, params, options);`,
  `  return Object.defineProperty({ ...createJsonRpcClient<"sender /fast">(unbatched(options, "sender"), senderHost, "/fast") }, "options", { value: { ...snapshotOptions(options), apiKey: undefined } }) as SenderRpc;`,
  `    return (client as Api).GET("/v1/wallet/{wallet}/transfers", { params: { path: { wallet: params.wallet }, query: { limit: params.limit, cursor: params.cursor } }, fetch, parseAs: "stream" });`,
  `export type GetProjectUsageResult = operations["getProjectUsage"]["responses"][200]["content"]["application/json"];`,
  `  if (!Object.hasOwn(items, operation)) throw new TypeError(\`operation: \${String(operation)} has no page walk, so no item shape (those with one: getAssetsByOwner)\`);`,
  `    call: (operation, params, options, send, extra) => transport.restCall(operation, params, options, (fetch) => send(client, fetch), extra),`,
  `  getCompressedAccountsByOwner: { params: GetCompressedAccountsByOwnerParams; result: GetCompressedAccountsByOwnerResult };`,
  `const PATTERN_1 = /^[hH][tT][tT][pP][sS]:\\/\\/(?!([lL][oO][cC][aA][lL][hH][oO][sS][tT]|127\\.\\d+)(:\\d+)?([/?#]|$))/u;`,
];

/**
 * Whether generated line `line` may pass the width: JSDoc (prose, and `@example` code as a reader
 * writes it), and a line that is one string, template or regex literal, which cannot be split
 * (a page walk's list in a TypeError's message, a long pattern or its description).
 */
const mayPassWidth = (line: string) =>
  /^\s*(?:\/\*\*|\*)/.test(line) ||
  /^\s*(?:"(?:[^"\\]|\\.)*"|`[^`]*`|\/(?:\[(?:[^\]\\]|\\.)*\]|[^/[\\]|\\.)+\/[a-z]*)[,;)]*$/.test(
    line,
  );

describe("fitLines: generated code within the width", () => {
  it("breaks each old line within the width, changing no token but the parentheses of a broken return and a union's leading |", () => {
    for (const line of OLD_LINES) {
      const fitted: string = fitLines(line);
      for (const out of fitted.split("\n"))
        if (!mayPassWidth(out)) expect(out.length, `${out}\n(of ${line})`).toBeLessThanOrEqual(100);
      expect(fitted, line).toContain("\n");
      const before = tokens(line);
      let after = tokens(fitted);
      if (after[0] === "return" && after[1] === "(" && before[1] !== "(")
        after = ["return", ...after.slice(2, -2), ";"];
      after = after.filter((t, n) => t !== "|" || !["=", ":"].includes(after[n - 1]!));
      // (A broken type literal's last member ends with its `;`.)
      expect(after.join(" ").replace("; } ;", "} ;"), line).toBe(
        before.join(" ").replace("; } ;", "} ;"),
      );
      // (And again: laid out, it stays so.)
      expect(fitLines(fitted)).toBe(fitted);
    }
  });

  it("writes them as Prettier would: lists one item a line, parameters before the return type, unions one member a line", () => {
    const [imports, signature, , record, overload, union, either] = OLD_LINES.map(
      (line) => fitLines(line) as string,
    ) as [string, string, string, string, string, string, string];
    expect(imports.split("\n").slice(0, 3)).toEqual([
      "import {",
      "  createJsonRpcClient,",
      "  notAnRpc,",
    ]);
    expect(imports.split("\n").at(-1)).toBe('} from "@chaindata/core";');
    expect(signature).toBe(
      [
        "export function paginateGetAssetsByOwner(",
        "  rpc: DasRpc,",
        "  params: T.GetAssetsByOwnerParams,",
        "  options?: PageWalkOptions",
        "): PageIterable<T.Asset, T.GetAssetsByOwnerResult, T.GetAssetsByOwnerParams> {",
      ].join("\n"),
    );
    expect(record.split("\n").slice(0, 2)).toEqual([
      "  const shapes: Record<string, U64Shape | undefined> = {",
      "    getAsset: op.getAssetU64Shape,",
    ]);
    expect(overload).toBe(
      [
        "export function dasU64Shape(",
        '  operation: "getAssetsByOwner" | "getAssetsByAuthority" | "getNftEditions",',
        '  part: "item"',
        "): U64Shape | undefined;",
      ].join("\n"),
    );
    expect(union.split("\n").slice(0, 3)).toEqual([
      "export type KnownAssetInterface =",
      '  | "V1_NFT"',
      '  | "V1_PRINT"',
    ]);
    expect(union.split("\n").at(-1)).toBe('  | "ProgrammableNFT";');
    expect(either).toBe(
      [
        "  return (",
        '    notAnRpc(rpc, "createDasRpc", op.getAssetsByOwner) ??',
        "    rpc.call(op.getAssetsByOwner, params, options)",
        "  );",
      ].join("\n"),
    );
  });

  it("leaves JSDoc, a line that fits and the lines of a template literal as they are; wraps a line comment", () => {
    const jsdoc = `/**\n * ${"word ".repeat(30)}\n */`;
    expect(fitLines(jsdoc)).toBe(jsdoc);
    const template = `const t = \`\n${"a, b(c), ".repeat(15)}\n\`;`;
    expect(fitLines(template)).toBe(template);
    const comment = `  // ${"word ".repeat(30).trim()}`;
    const wrapped: string = fitLines(comment);
    expect(wrapped.split("\n").every((l) => l.length <= 100 && l.startsWith("  // "))).toBe(true);
    expect(wrapped.replaceAll("\n  // ", " ")).toBe(comment);
    // A banner breaks at its dash, not before its last word.
    const banner = `// GENERATED by scripts/generate from spec/dist (${"x".repeat(35)}) — do not edit by hand.`;
    expect(fitLines(banner).split("\n")).toEqual([
      `// GENERATED by scripts/generate from spec/dist (${"x".repeat(35)})`,
      "// — do not edit by hand.",
    ]);
  });

  it("is what every generated file holds: no code line past the width but an unsplittable literal", () => {
    const root = new URL("../..", import.meta.url).pathname;
    const files = readdirSync(join(root, "packages"))
      .flatMap((dir) => {
        try {
          return readdirSync(join(root, "packages", dir, "src/generated"), { recursive: true })
            .map(String)
            .filter((f) => f.endsWith(".ts"))
            .map((f) => join("packages", dir, "src/generated", f));
        } catch {
          return [];
        }
      })
      .sort();
    expect(files.length).toBeGreaterThan(40);
    const over = files.flatMap((file) =>
      readFileSync(join(root, file), "utf8")
        .split("\n")
        .map((line, n) => ({ line, at: `${file}:${n + 1}` }))
        .filter(({ line }) => line.length > 100 && !mayPassWidth(line))
        .map(({ line, at }) => `${at} (${line.length} columns): ${line.slice(0, 80)}…`),
    );
    expect(over).toEqual([]);
  });
});
