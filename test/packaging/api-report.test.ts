// The public API of every published package, as a user's TypeScript reads it from the built
// declarations (`scripts/api-report.mjs`): it matches the committed report of the package
// (test/packaging/api/<package>.api.md), so an export added or removed by accident fails here; a
// deliberate change is written with `node scripts/api-report.mjs --write` and reviewed as a diff.
import { existsSync, readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import * as apiReport from "../../scripts/api-report.mjs";

const { loadSurface, packageOf, reportChanges, reportFile, reportOf, unexportedAdvice } = apiReport;

interface Export {
  name: string;
  symbol: ts.Symbol;
  typeOnly: boolean;
}
interface Entry {
  subpath: string;
  conditions: string;
  file: string;
  exports: Export[];
}
interface Package {
  dir: string;
  name: string;
  entries: Entry[];
}

const surface = loadSurface() as {
  program: ts.Program;
  checker: ts.TypeChecker;
  packages: Package[];
};

describe("the check's output (node scripts/api-report.mjs without --write)", () => {
  it("says which lines differ, gone (-) and new (+), not only which file (user trial 52)", () => {
    const old = "# @chaindata/x\n\nfunction getAsset(): Asset;\nfunction gone(): void;\n";
    const text = "# @chaindata/x\n\nfunction getAsset(): Asset;\nfunction added(): void;\n";
    expect(reportChanges(old, text)).toEqual([
      "- function gone(): void;",
      "+ function added(): void;",
    ]);
    // A line moved is no change of API, and says so; a long change is cut, saying how many lines
    // are left.
    expect(reportChanges("a\nb\n", "b\na\n")).toEqual([
      "(the same lines in another order, or other blank lines)",
    ]);
    expect(reportChanges("a\nb\n", "a\nb\n")).toEqual([]);
    // A line the report has twice, one of them gone (review 69: the sets of lines were equal, and
    // the stale report was named with no line under it).
    const twice =
      "interface A {\n    readonly id: string;\n}\ninterface B {\n    readonly id: string;\n}\n";
    expect(reportChanges(twice, twice.replace("B {\n    readonly id: string;\n", "B {\n"))).toEqual(
      ["-     readonly id: string;"],
    );
    const many = Array.from({ length: 25 }, (_, i) => `const c${i}: 1;`).join("\n");
    const changes = reportChanges("", many);
    expect(changes).toHaveLength(21);
    expect(changes.at(-1)).toBe("… and 5 more lines");
    // A long line, such as a tool's literal description, is cut, saying how long it was.
    const long = `readonly description: "${"d".repeat(15_000)}";`;
    expect(reportChanges(`${long}\n`, "")).toEqual([
      `- ${long.slice(0, 300)}… (${long.length} characters)`,
    ]);
  });
});

describe.each(surface.packages.map((p) => [p.name, p] as const))("%s", (_name, p) => {
  it("exports what its committed API report lists (`node scripts/api-report.mjs --write` updates it)", () => {
    const file = reportFile(p.dir) as string;
    const committed = existsSync(file)
      ? readFileSync(file, "utf8")
      : `(no ${file}: a new package? \`node scripts/api-report.mjs --write\` writes it)`;
    expect(reportOf(surface, p)).toBe(committed);
  });

  it("exports the same names under every condition of an entry point (import, require, node)", () => {
    for (const subpath of new Set(p.entries.map((e) => e.subpath))) {
      const names = p.entries
        .filter((e) => e.subpath === subpath)
        .map((e) => `${e.conditions}: ${e.exports.map((x) => x.name).join(" ")}`);
      expect(new Set(names.map((n) => n.slice(n.indexOf(":")))).size, names.join("\n")).toBe(1);
    }
  });
});

// The JSDoc and TSDoc tags an editor knows. Any other `@word` in a doc comment is text that
// TypeScript took for a tag: a package name written bare (`from @chaindata/mock`) ends the summary
// there, and the rest shows on hover as an unknown tag. (In backticks, `@chaindata/mock` is text.)
const KNOWN_TAGS = new Set(
  `alpha beta default defaultValue deprecated enum example experimental format inheritDoc internal
  link packageDocumentation param privateRemarks public readonly remarks returns see template
  throws typeParam`.split(/\s+/),
);

it("no doc comment of a published declaration holds text TypeScript reads as an unknown tag", () => {
  const published = new Set(surface.packages.map((p) => p.dir));
  const unknown: string[] = [];
  for (const source of surface.program.getSourceFiles()) {
    const at = packageOf(source.fileName) as { dir: string; path: string } | undefined;
    if (!at || !published.has(at.dir) || !at.path.startsWith("dist/")) continue;
    const visit = (node: ts.Node) => {
      for (const doc of (node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [])
        for (const tag of doc.tags ?? [])
          if (!KNOWN_TAGS.has(tag.tagName.text)) {
            const line = source.getLineAndCharacterOfPosition(tag.getStart(source)).line + 1;
            unknown.push(`packages/${at.dir}/${at.path}:${line}: @${tag.tagName.text}`);
          }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  expect(unknown).toEqual([]);
});

// A package is enough for its users (a strict installer lets them import only what they
// installed): every type that an option of its own functions is declared with (`environment:
// EnvironmentName`, `baseUrls: BaseUrls`, `logger: Logger`) can be imported from the package itself.
it("exports the types its functions' options are declared with", () => {
  const { checker } = surface;
  const missing: string[] = [];
  for (const p of surface.packages) {
    const entry = p.entries[0]!;
    const exported = new Set(entry.exports.map((e) => e.symbol));
    for (const { name, symbol } of entry.exports) {
      const declaration = symbol.declarations?.[0];
      // (A function, or a constant of a function type: core declares its functions as arrows.)
      const parameters =
        declaration && ts.isFunctionDeclaration(declaration)
          ? declaration.parameters
          : declaration && ts.isVariableDeclaration(declaration) && declaration.type
            ? ts.isFunctionTypeNode(declaration.type)
              ? declaration.type.parameters
              : undefined
            : undefined;
      if (!declaration || !parameters) continue;
      if ((packageOf(declaration.getSourceFile().fileName) as { dir: string }).dir !== p.dir)
        continue; // (re-exported: the declaring package answers for it)
      const options = parameters.find((q) => q.name.getText() === "options");
      if (!options) continue;
      const type = checker.getNonNullableType(checker.getTypeAtLocation(options));
      for (const member of checker.getPropertiesOfType(type)) {
        const visit = (node: ts.Node): void => {
          if (ts.isTypeReferenceNode(node)) {
            let named = checker.getSymbolAtLocation(node.typeName);
            if (named && named.flags & ts.SymbolFlags.Alias)
              named = checker.getAliasedSymbol(named);
            const at = named?.declarations?.[0];
            if (named && at && !ts.isTypeParameterDeclaration(at)) {
              const from = packageOf(at.getSourceFile().fileName) as { dir: string } | undefined;
              if (from && !exported.has(named))
                missing.push(`${p.name}: ${name}(options).${member.name}: ${named.name}`);
            }
          }
          ts.forEachChild(node, visit);
        };
        for (const d of member.declarations ?? []) visit(d);
      }
    }
  }
  expect([...new Set(missing)]).toEqual([]);
});

// An operation's status (`deprecated`, `x-beta`, or its area's `info.x-deprecated` / `info.x-beta`)
// shows wherever a user meets it: the standalone function, the client's method, and the types
// named after it (`<Op>Params` / `<Op>Input` / `<Op>Result`), which editors strike through when
// deprecated; an area's status also on its factories, client and method map, and in the sdk.
it("marks every way to a deprecated or beta operation, its types included", () => {
  const { checker } = surface;
  const index = JSON.parse(
    readFileSync(new URL("../../spec/dist/index.json", import.meta.url), "utf8"),
  );
  const unmarked: string[] = [];
  const tagsOf = (symbol: ts.Symbol | undefined) =>
    new Set(symbol?.getJsDocTags(checker).map((t) => t.name));
  const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);
  for (const { area, kind, file } of index.areas as {
    area: string;
    kind: string;
    file: string;
  }[]) {
    const doc = JSON.parse(
      readFileSync(new URL(`../../spec/dist/${file}`, import.meta.url), "utf8"),
    );
    const p = surface.packages.find((x) => x.dir === area)!;
    const exports = new Map(p.entries[0]!.exports.map((e) => [e.name, e.symbol]));
    const Area = pascal(area.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase()));
    const areaStatus = [
      ...(doc.info["x-deprecated"] ? ["deprecated"] : []),
      ...(doc.info["x-beta"] ? ["beta"] : []),
    ];
    const operations: { id: string; status: string[] }[] =
      kind === "openrpc"
        ? (doc.methods ?? []).map((m: Record<string, unknown>) => ({
            id: m.name as string,
            status: [...(m.deprecated ? ["deprecated"] : []), ...(m["x-beta"] ? ["beta"] : [])],
          }))
        : Object.values(doc.paths ?? {}).flatMap((item) =>
            Object.values(item as Record<string, Record<string, unknown>>)
              .filter((o) => typeof o?.operationId === "string")
              .map((o) => ({
                id: o.operationId as string,
                status: [...(o.deprecated ? ["deprecated"] : []), ...(o["x-beta"] ? ["beta"] : [])],
              })),
          );
    const client = exports.get(`${Area}Client`);
    const want = (where: string, symbol: ts.Symbol | undefined, status: string[]) => {
      if (!symbol) return;
      const has = tagsOf(symbol);
      for (const tag of status) if (!has.has(tag)) unmarked.push(`${p.name}: ${where}: no @${tag}`);
    };
    for (const name of [
      `create${Area}Client`,
      `create${Area}Rpc`,
      `${Area}Client`,
      `${Area}Methods`,
      `${Area}Operations`,
    ])
      want(name, exports.get(name), areaStatus);
    for (const { id, status } of operations) {
      const all = [...new Set([...status, ...areaStatus])];
      want(id, kind === "openrpc" ? exports.get(id) : undefined, all);
      if (client)
        want(
          `${Area}Client.${id}`,
          checker.getPropertyOfType(checker.getDeclaredTypeOfSymbol(client), id),
          all,
        );
      for (const suffix of ["Params", "Input", "Result"])
        want(`${pascal(id)}${suffix}`, exports.get(`${pascal(id)}${suffix}`), all);
    }
    // The sdk's ways to the area: its client property, and its own options in `areas`.
    const sdk = new Map(
      surface.packages.find((x) => x.dir === "sdk")!.entries[0]!.exports.map((e) => [e.name, e]),
    );
    const prop = Area[0]!.toLowerCase() + Area.slice(1);
    for (const holder of ["ChainDataClient", "ChainDataAreaOptions"]) {
      const type = checker.getDeclaredTypeOfSymbol(sdk.get(holder)!.symbol);
      want(`sdk ${holder}.${prop}`, checker.getPropertyOfType(type, prop), areaStatus);
    }
  }
  expect(unmarked).toEqual([]);
});

// openapi-typescript's root types index the spec for the generated code (openapi-fetch's
// `paths`, the aliases' `operations[…]`); a user reads the named types (`Asset`, `GetBalancesInput`).
// Exported, they would tie the API to openapi-typescript's layout, and `webhooks` (the deliveries'
// index) would sit beside the package of that name.
it("exports none of openapi-typescript's root types", () => {
  const roots = new Set(["paths", "webhooks", "components", "operations", "$defs"]);
  const exported = surface.packages.flatMap((p) =>
    p.entries[0]!.exports.filter((e) => roots.has(e.name)).map((e) => `${p.name}: ${e.name}`),
  );
  expect(exported).toEqual([]);
});

// What an editor shows on hover and in completions. (test/types/option-docs.test.ts holds the
// options and the hand-written types' members to the same.) The sdk's `export type * as Das`
// is left out: TypeScript shows no doc comment for a namespace re-export.
it("every export has a summary, and so has every entry of a method or operation map", () => {
  const { checker } = surface;
  const summary = (symbol: ts.Symbol) =>
    ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  const missing = new Set<string>();
  for (const p of surface.packages)
    for (const { name, symbol } of p.entries[0]!.exports) {
      const declaration = symbol.declarations?.[0];
      if (!declaration || ts.isSourceFile(declaration)) continue;
      if (!summary(symbol)) missing.add(`${p.name}: ${name}`);
      if (/^[A-Z]\w*(?:Methods|Operations)$/.test(name) && symbol.flags & ts.SymbolFlags.Interface)
        for (const entry of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol)))
          if (!summary(entry)) missing.add(`${p.name}: ${name}.${entry.name}`);
    }
  expect([...missing]).toEqual([]);
});

// A package is enough for its users, all through: every named type that its exports mention — in
// a signature, a property, a type argument, an `extends` or `implements`, and in turn in those
// types — can be imported from the package itself, so that a user who installed only
// `@chaindata/das` can type a wrapper of `JsonRpcClient.call` or a variable of `ClientOptions`.
// A type the package re-exports from another published package is followed like its own; one it
// offers only under a namespace (the sdk's `Das.…`) is that package's to answer for. Not checked:
// TypeScript's lib, anything outside the packages' dist/, and what is tagged `@internal`.
const UNEXPORTED_ON_PURPOSE: Record<string, string> = {
  BatchedCall:
    "core's, named by `Batcher.bind` (the JSON-RPC client's way into a batcher, kept in the declarations so that `Batcher` is no empty type): a user passes a batcher, and never calls `bind`",
  toolSchemas:
    "each area's, exported by its own `@chaindata/<area>/tool-schemas`: the sdk's `toolSchemas` (`@chaindata/sdk/tool-schemas`) is typed as their intersection (`typeof`), and re-exporting eight values of one name would need eight new names",
  operations:
    "openapi-typescript's index of a REST spec, which the generated `<Op>Input` / `<Op>Result` read; those are the names a user has (and the test above keeps the root out of the API)",
};

it("exports every named type reachable from its exports (`@internal` excepted)", () => {
  const { checker } = surface;
  const published = new Set(surface.packages.map((p) => p.dir));
  const hasTag = (node: ts.Node, tag: string) =>
    ((node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? []).some((d) =>
      (d.tags ?? []).some((t) => t.tagName.text === tag),
    );
  const internal = (symbol: ts.Symbol) =>
    (symbol.declarations ?? []).some(
      (d) =>
        hasTag(d, "internal") ||
        (ts.isVariableDeclaration(d) && hasTag(d.parent.parent, "internal")),
    );
  const ownDeclaration = (d: ts.Declaration) => {
    const at = packageOf(d.getSourceFile().fileName) as { dir: string; path: string } | undefined;
    return at && published.has(at.dir) && at.path.startsWith("dist/");
  };
  // The named type (or value, for `typeof x`) a node of a declaration mentions, aliases followed.
  const mentioned = (node: ts.Node): ts.Symbol | undefined => {
    const name = ts.isTypeReferenceNode(node)
      ? node.typeName
      : ts.isExpressionWithTypeArguments(node)
        ? node.expression
        : ts.isTypeQueryNode(node)
          ? node.exprName
          : ts.isImportTypeNode(node)
            ? node.qualifier
            : undefined;
    if (!name) return undefined;
    let symbol = checker.getSymbolAtLocation(name);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    if (symbol && symbol.flags & ts.SymbolFlags.EnumMember)
      symbol = (symbol as { parent?: ts.Symbol }).parent;
    return symbol;
  };
  const unexported: string[] = [];
  for (const p of surface.packages) {
    const nameable = new Set<ts.Symbol>();
    const namespaced = new Set<ts.Symbol>(); // (under `export type * as Das`: Das's to answer for)
    for (const entry of p.entries)
      for (const { symbol } of entry.exports) {
        nameable.add(symbol);
        if (symbol.declarations?.[0] && ts.isSourceFile(symbol.declarations[0]))
          for (const inner of checker.getExportsOfModule(symbol))
            namespaced.add(
              inner.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(inner) : inner,
            );
      }
    // Breadth first from every entry file's exports, each type with the way it was reached.
    const via = new Map<ts.Symbol, string>();
    const queue: ts.Symbol[] = [];
    const reach = (symbol: ts.Symbol, path: string) => {
      if (via.has(symbol)) return;
      via.set(symbol, path);
      queue.push(symbol);
    };
    for (const file of new Set(p.entries.map((e) => e.file)))
      for (const { name, symbol } of p.entries.find((e) => e.file === file)!.exports)
        if (!(symbol.declarations?.[0] && ts.isSourceFile(symbol.declarations[0])))
          if (!internal(symbol)) reach(symbol, name);
    while (queue.length) {
      const symbol = queue.shift()!;
      const path = via.get(symbol)!;
      const visit = (node: ts.Node): void => {
        // (A private or `@internal` member is no part of what a user names.)
        if (hasTag(node, "internal")) return;
        if (
          ts.canHaveModifiers(node) &&
          ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)
        )
          return;
        const member = (node as { name?: ts.Node }).name;
        if (member && ts.isPrivateIdentifier(member)) return;
        const target = mentioned(node);
        const at = target?.declarations?.[0];
        if (
          target &&
          at &&
          !ts.isTypeParameterDeclaration(at) &&
          ownDeclaration(at) &&
          !internal(target)
        ) {
          const where = `${path} › ${target.name}`;
          if (nameable.has(target)) reach(target, where);
          else if (!namespaced.has(target) && !(target.name in UNEXPORTED_ON_PURPOSE)) {
            const declared = packageOf(at.getSourceFile().fileName) as {
              dir: string;
              path: string;
            };
            unexported.push(
              unexportedAdvice({
                pkg: p,
                where,
                name: target.name,
                type: !(target.flags & ts.SymbolFlags.Value),
                declared,
                declaredName: surface.packages.find((x) => x.dir === declared.dir)?.name,
              }),
            );
          }
        }
        ts.forEachChild(node, visit);
      };
      for (const d of symbol.declarations ?? []) {
        if (!ownDeclaration(d)) continue;
        if (
          ts.isVariableDeclaration(d) ||
          ts.isFunctionDeclaration(d) ||
          ts.isClassDeclaration(d) ||
          ts.isInterfaceDeclaration(d) ||
          ts.isTypeAliasDeclaration(d) ||
          ts.isEnumDeclaration(d)
        )
          ts.forEachChild(d, visit);
      }
    }
  }
  // (Each line in the message too: vitest's diff cuts a long array.)
  const lines = [...new Set(unexported)];
  expect(lines, lines.join("\n")).toEqual([]);
});

it("names a type reachable but not exported with the file and the export to add it to (the check above can fail)", () => {
  const sdk = { dir: "sdk", name: "@chaindata/sdk" };
  // (The sdk's client reaches a new area's client type, declared in that area's package.)
  expect(
    unexportedAdvice({
      pkg: sdk,
      where: "ChainDataClient › PriorityFeeClient",
      name: "PriorityFeeClient",
      type: true,
      declared: { dir: "priority-fee", path: "dist/types/generated/client.d.ts" },
      declaredName: "@chaindata/priority-fee",
    }),
  ).toBe(
    "@chaindata/sdk: ChainDataClient › PriorityFeeClient: PriorityFeeClient is reachable from ChainDataClient but not exported by packages/sdk/src/index.ts: add `type PriorityFeeClient` to its export from @chaindata/priority-fee (or add one, if it has none)",
  );
  // (A package's own type, declared in one of its modules: exported from there.)
  expect(
    unexportedAdvice({
      pkg: { dir: "das", name: "@chaindata/das" },
      where: "getAsset › GetAssetParams › AssetOptions",
      name: "AssetOptions",
      type: true,
      declared: { dir: "das", path: "dist/types-cjs/generated/types.d.ts" },
      declaredName: "@chaindata/das",
    }),
  ).toBe(
    '@chaindata/das: getAsset › GetAssetParams › AssetOptions: AssetOptions is reachable from getAsset › GetAssetParams but not exported by packages/das/src/index.ts: add `type AssetOptions` to an export of it from "./generated/types.js", where it is declared',
  );
  // (A value, named by `typeof`: exported as a value.)
  expect(
    unexportedAdvice({
      pkg: sdk,
      where: "senderRegions › senderHosts",
      name: "senderHosts",
      type: false,
      declared: { dir: "sender", path: "dist/types/generated/constants.d.ts" },
      declaredName: "@chaindata/sender",
    }),
  ).toMatch(
    /: add `senderHosts` to its export from @chaindata\/sender \(or add one, if it has none\)$/,
  );
});
