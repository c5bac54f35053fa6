// "Go to definition" on a published package opens its TypeScript source: from every types entry
// of the exports map (`import` and `require`), the declaration of a known export has a
// declaration map, and the map sends its position to the line of `src/…ts` that declares it.
// Everything followed (declaration file, map, source) must be in the tarball. TypeScript resolves
// the export as an editor does (through re-exports); node:module's SourceMap reads the maps.
import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { pascal } from "../../scripts/generate/lib/schema.mjs";
import { type Packed, packPublished, publishedPackages } from "./published.js";

const root = new URL("../..", import.meta.url).pathname;

// What each package's tarball holds: one `npm pack --dry-run` of every package, by the first test
// (one npm run for all, published.ts).
let dryRuns: Record<string, Packed> | undefined;
const dryRunOf = (dir: string) =>
  (dryRuns ??= packPublished(publishedPackages, { ignoreScripts: true }))[dir]!;

// One export per package, declared in the package's own source: an area package's factory
// (`create<Area>Client`, in its generated client.ts), or the one named here.
const symbols: Record<string, string> = {
  core: "ValidationError",
  webhooks: "createWebhookHandler", // (hand-written: src/receiver.ts)
  sdk: "createChainDataClient",
  mock: "startMock",
};
const symbolOf = (dir: string) => symbols[dir] ?? `create${pascal(dir)}Client`;

// Every `types` path in an exports map, whatever the conditions around it.
const typesEntries = (exports: unknown): string[] =>
  typeof exports !== "object" || exports === null
    ? []
    : Object.entries(exports).flatMap(([key, value]) =>
        key === "types" && typeof value === "string" ? [value] : typesEntries(value),
      );

it("names a symbol of each package in `symbols` that is a published package", () => {
  const unknown = Object.keys(symbols).filter((dir) => !publishedPackages.includes(dir));
  expect(
    unknown,
    `test/packaging/declaration-maps.test.ts: \`symbols\` names ${unknown.join(", ")}, not a published package: remove the entry`,
  ).toEqual([]);
});

describe.each(publishedPackages)("@chaindata/%s", (dir) => {
  const pkgDir = join(root, "packages", dir);
  const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  const packageSymbol = symbolOf(dir);

  it(`ships declaration maps: go to definition on ${packageSymbol} opens src/ (import and require)`, () => {
    const packed = new Set<string>(dryRunOf(dir).files);
    const shipped = (file: string) => {
      const path = relative(pkgDir, file);
      expect(packed, `${path} is in the tarball`).toContain(path);
      return file;
    };
    // Every shipped declaration file names its map, and every map's sources ship.
    const declarationFiles = [...packed].filter((f) => /\.d\.[cm]?ts$/.test(f));
    expect(declarationFiles.length).toBeGreaterThan(0);
    for (const file of declarationFiles) {
      const url = /\n\/\/# sourceMappingURL=(\S+)\s*$/.exec(
        readFileSync(join(pkgDir, file), "utf8"),
      );
      expect(url, `${file} names a declaration map`).not.toBeNull();
      const mapFile = shipped(resolve(dirname(join(pkgDir, file)), url![1]!));
      const map = JSON.parse(readFileSync(mapFile, "utf8"));
      for (const source of map.sources)
        shipped(resolve(dirname(mapFile), map.sourceRoot ?? "", source));
    }

    const entries = [...new Set([pkg.types, ...typesEntries(pkg.exports)])].map((e: string) =>
      join(pkgDir, e),
    );
    expect(entries.length).toBeGreaterThanOrEqual(2);
    const program = ts.createProgram(entries, {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    });
    const checker = program.getTypeChecker();
    for (const entry of entries) {
      // (An area's `./tool-schemas` entry: its map of tools, docs/decisions/0020.)
      // (A `./known-values` entry: the list, docs/decisions/0021. An area's re-exports core's: its
      // own declaration, the export specifier, is the one mapped to its own source.)
      const knownValues = entry.endsWith("/known-values.d.ts");
      const symbol = entry.endsWith("/tool-schemas.d.ts")
        ? "toolSchemas"
        : knownValues
          ? "knownTransactionTypes"
          : packageSymbol;
      // The declaration an editor lands on first: the export, through its re-exports.
      const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(shipped(entry))!)!;
      let exported = checker.getExportsOfModule(moduleSymbol).find((s) => s.name === symbol);
      expect(
        exported,
        `${symbol} is not exported from ${entry}${symbols[dir] ? "" : ` (an area package's factory; another export of the package goes in \`symbols\` of test/packaging/declaration-maps.test.ts: \`"${dir}": "<export>"\`)`}`,
      ).toBeDefined();
      if (exported!.flags & ts.SymbolFlags.Alias && !(knownValues && dir !== "core"))
        exported = checker.getAliasedSymbol(exported!);
      const declaration = exported!.declarations![0] as ts.NamedDeclaration;
      const dts = declaration.getSourceFile();
      shipped(dts.fileName);
      const at = dts.getLineAndCharacterOfPosition(declaration.name!.getStart(dts));

      // Its declaration map, named by the file's last line.
      const url = /\n\/\/# sourceMappingURL=(\S+)\s*$/.exec(dts.text)?.[1];
      expect(url, `${relative(pkgDir, dts.fileName)} names a declaration map`).toBeDefined();
      const mapFile = shipped(resolve(dirname(dts.fileName), url!));
      const map = JSON.parse(readFileSync(mapFile, "utf8"));

      // The mapped position: the same name, declared in a shipped source file.
      const found = new SourceMap(map).findEntry(at.line, at.character);
      expect(found).toHaveProperty("originalSource");
      const { originalSource, originalLine, originalColumn } = found as {
        originalSource: string;
        originalLine: number;
        originalColumn: number;
      };
      const source = shipped(resolve(dirname(mapFile), map.sourceRoot ?? "", originalSource));
      expect(relative(pkgDir, source)).toMatch(/^src\/.*\.ts$/);
      const line = readFileSync(source, "utf8").split("\n")[originalLine]!;
      expect(line).toMatch(
        knownValues && dir !== "core"
          ? new RegExp(`^export \\{.*\\b${symbol}\\b.*\\} from "@chaindata/core/known-values";$`)
          : new RegExp(`^export .*\\b(function|class|const) ${symbol}\\b`),
      );
      expect(line.slice(originalColumn)).toMatch(new RegExp(`^${symbol}\\b`));
    }
  });
});
