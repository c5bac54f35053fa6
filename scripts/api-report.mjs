#!/usr/bin/env node
// The public API of every published package, as a user's TypeScript sees it: every name each
// entry point of the exports map exports, read from the built declarations (dist/types), one report
// per package in test/packaging/api/<package>.api.md. test/packaging/api-report.test.ts compares
// them with the build, so an export added or removed by accident (an `export *` that picks up a
// helper, a re-export dropped) fails `npm test`; a deliberate change updates the report, and the
// diff shows reviewers the change of API.
//
//   node scripts/api-report.mjs           list the packages whose report differs from the build,
//                                         with the lines that differ
//   node scripts/api-report.mjs --write   rewrite the reports from the build
//
// Run `npx turbo run build` first. Hand-written declarations are printed whole (without their
// docs; `@beta`, `@deprecated` and `@internal` kept as comments); functions and constants always
// with their signature; a generated interface or type by its name alone (its members come from the
// spec, and the committed src/generated/ shows them). A name another package declares is listed as
// a re-export of that package. The exports marked `@remarks Internal: …` (on their declaration, or
// on the export specifier that names them, as core's index.ts does) come last, under a line of
// their own: they are for the chaindata packages' own code and may change in a minor release, so a
// change there is not a change of the public API.
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { parseCli } from "./lib/cli.mjs";
import { publishedPackages } from "./lib/packages.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
export const reportDir = join(root, "test/packaging/api");

/**
 * Every `types` file of an exports map:
 * `{ subpath, conditions: "import" | "node/require" …, file }`.
 */
function typeEntries(dir, pkg) {
  const out = [];
  const walk = (node, subpath, conditions) => {
    for (const [key, value] of Object.entries(node)) {
      if (key === "types") out.push({ subpath, conditions: conditions.join("/"), file: value });
      else if (value && typeof value === "object") walk(value, subpath, [...conditions, key]);
    }
  };
  for (const [subpath, target] of Object.entries(pkg.exports ?? {}))
    if (target && typeof target === "object") walk(target, subpath, []);
  return out.map((e) => ({ ...e, file: join(root, "packages", dir, e.file) }));
}

/**
 * The declarations of every published package in one TypeScript program: `{ program, checker,
 * packages: [{ dir, name, entries: [{ subpath, conditions, file, exports }] }] }`, each export
 * `{ name, symbol (the declaration, aliases followed), typeOnly }`.
 */
export function loadSurface() {
  const packages = publishedPackages().map(({ dir, pkg }) => ({
    dir,
    name: pkg.name,
    entries: typeEntries(dir, pkg),
  }));
  const program = ts.createProgram(
    [...new Set(packages.flatMap((p) => p.entries.map((e) => e.file)))],
    {
      strict: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      // (The reports print the declarations as written; Node's types would only slow the program.)
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: [],
      skipLibCheck: true,
      noEmit: true,
    },
  );
  const checker = program.getTypeChecker();
  for (const p of packages)
    for (const entry of p.entries) {
      const source = program.getSourceFile(entry.file);
      if (!source) throw new Error(`${relative(root, entry.file)}: missing; build first`);
      entry.exports = checker
        .getExportsOfModule(checker.getSymbolAtLocation(source))
        .map((exported) => ({
          name: exported.name,
          exported,
          symbol:
            exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported,
          typeOnly: Boolean(checker.getTypeOnlyAliasDeclaration?.(exported)),
        }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    }
  return { program, checker, packages };
}

/** The package folder (`core`) and the path inside it of a declaration file, or undefined. */
export function packageOf(fileName) {
  const m = /\/packages\/([^/]+)\/(.*)$/.exec(fileName);
  return m ? { dir: m[1], path: m[2] } : undefined;
}

/**
 * The source file a declaration file of a package's build was made from (`dist/types/index.d.ts`
 * → `src/index.ts`), or the path as it is when it is no such file.
 */
const sourceOf = (path) => path.replace(/^dist\/types(?:-cjs)?\/(.*)\.d\.[cm]?ts$/, "src/$1.ts");

/**
 * The line of test/packaging/api-report.test.ts for a named type (or value, `typeof x`) that the
 * package `pkg` ({ dir, name }) does not export though its exports mention it: where it was
 * reached (`where`, its exports' path to it: `ChainDataClient › PriorityFeeClient`), and what to
 * add to which file. `declared`: the package folder and path of its declaration
 * (packageOf), `declaredName` that package's name, `type` whether it is a type (`type X` in an
 * export list) rather than a value.
 */
export function unexportedAdvice({ pkg, where, name, type, declared, declaredName }) {
  const entry = `packages/${pkg.dir}/src/index.ts`;
  const listed = type ? `type ${name}` : name;
  const what =
    declared.dir === pkg.dir
      ? `add \`${listed}\` to an export of it from "./${sourceOf(declared.path)
          .replace(/^src\//, "")
          .replace(/\.ts$/, ".js")}", where it is declared`
      : `add \`${listed}\` to its export from ${declaredName} (or add one, if it has none)`;
  const from = where.split(" › ").slice(0, -1).join(" › ");
  return `${pkg.name}: ${where}: ${name} is reachable from ${from} but not exported by ${entry}: ${what}`;
}

const STATUS_TAGS = ["beta", "deprecated", "internal"];
// (A node's own doc comments only: ts.getJSDocTags also lends a statement's to what it declares.)
const statusComment = (node) => {
  const tags = (node.jsDoc ?? [])
    .flatMap((doc) => doc.tags ?? [])
    .map((t) => t.tagName.text)
    .filter((t) => STATUS_TAGS.includes(t));
  return tags.length ? ` ${[...new Set(tags)].map((t) => `@${t}`).join(" ")} ` : undefined;
};

/**
 * Whether an export is for the chaindata packages' own code: marked `@remarks Internal: …` (core's
 * index.ts marks its helpers for the generated clients so, on the export specifiers: the tag
 * `@internal` would have tsconfig.build.json's stripInternal drop them from the declarations the
 * area packages compile against), on its declaration (a variable's statement) or on the export
 * specifier that names it.
 */
export const isInternal = ({ exported, symbol }) =>
  [...(exported?.declarations ?? []), ...(symbol.declarations ?? [])].some((d) =>
    ((ts.isVariableDeclaration(d) ? d.parent.parent : d).jsDoc ?? [])
      .flatMap((doc) => doc.tags ?? [])
      .some(
        (tag) =>
          tag.tagName.text === "remarks" &&
          /^Internal:/.test(ts.getTextOfJSDocComment(tag.comment) ?? ""),
      ),
  );

/** The line before the internal exports of a report ({@link isInternal}). */
export const INTERNAL_HEADING =
  "// Internal: for the chaindata packages' own code (the generated clients, the sdk, the webhook receiver); may change in a minor release";

const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed });

/**
 * `node` as TypeScript, its docs left out but its status tags (and its members') kept as comments.
 */
function print(node) {
  const { transformed } = ts.transform(node, [
    (context) => {
      const visit = (n) => {
        const status = statusComment(n);
        const out = ts.visitEachChild(n, visit, context);
        // (A tuple on one line: the printer otherwise puts each element on its own.)
        ts.setEmitFlags(
          out,
          ts.EmitFlags.NoComments | (ts.isTupleTypeNode(out) ? ts.EmitFlags.SingleLine : 0),
        );
        if (status)
          ts.addSyntheticLeadingComment(out, ts.SyntaxKind.MultiLineCommentTrivia, status, false);
        return out;
      };
      return visit;
    },
  ]);
  return printer.printNode(ts.EmitHint.Unspecified, transformed[0], node.getSourceFile());
}

/** A generated interface, type or class by its name (and type parameters), with its status tags. */
function printName(node) {
  const status = statusComment(node);
  const kind = ts.isInterfaceDeclaration(node)
    ? "interface"
    : ts.isClassDeclaration(node)
      ? "class"
      : ts.isEnumDeclaration(node)
        ? "enum"
        : "type";
  const params = node.typeParameters?.length
    ? `<${node.typeParameters.map((p) => printer.printNode(ts.EmitHint.Unspecified, p, node.getSourceFile())).join(", ")}>`
    : "";
  return `${status ? `/*${status}*/ ` : ""}export ${kind} ${node.name.text}${params}; // generated`;
}

/** One export as report text. */
function describe({ name, symbol, typeOnly }) {
  const declarations = symbol.declarations ?? [];
  const first = declarations[0];
  if (!first) return `export ${name}; // no declaration`;
  // `export type * as Das from "@chaindata/das"`: a module under a name.
  if (ts.isSourceFile(first)) {
    const from = packageOf(first.fileName);
    return `export ${typeOnly ? "type " : ""}* as ${name} from "@chaindata/${from?.dir}";`;
  }
  const parts = [];
  for (const declaration of declarations) {
    // A variable's declaration is the declarator; its statement carries `export declare const`.
    const statement = ts.isVariableDeclaration(declaration)
      ? declaration.parent.parent
      : declaration;
    const generated = /\/src\/generated\/|\/dist\/types(-cjs)?\/generated\//.test(
      declaration.getSourceFile().fileName,
    );
    const named =
      generated && !ts.isFunctionDeclaration(statement) && !ts.isVariableStatement(statement);
    parts.push(named ? printName(statement) : print(statement));
  }
  const text = [...new Set(parts)].join("\n");
  const local = name === symbol.name ? "" : ` // exported as ${name}`;
  const hasValue = symbol.flags & ts.SymbolFlags.Value;
  return `${typeOnly && hasValue ? "// type-only export of a value:\n" : ""}${text}${local}`;
}

/**
 * The report of one package: its entry points, each condition's exports (identical conditions
 * once).
 */
export function reportOf(surface, p) {
  const bySubpath = new Map();
  for (const entry of p.entries) {
    const own = [];
    const internal = [];
    const reexports = new Map();
    for (const e of entry.exports) {
      const file = e.symbol.declarations?.[0]?.getSourceFile().fileName ?? "";
      const from = packageOf(file);
      const isModule = e.symbol.declarations?.[0] && ts.isSourceFile(e.symbol.declarations[0]);
      if (from && from.dir !== p.dir && !isModule) {
        const list = reexports.get(from.dir) ?? [];
        const status = e.symbol.declarations?.map(statusComment).find(Boolean);
        list.push(`${status ? `/*${status}*/ ` : ""}${e.typeOnly ? "type " : ""}${e.name}`);
        reexports.set(from.dir, list);
      } else (isInternal(e) ? internal : own).push(describe(e));
    }
    // One-line entries (generated names, short signatures) one per line; a block between blank
    // lines.
    const blocks = [
      ...[...reexports].map(
        ([dir, names]) =>
          `export {\n${names.map((n) => `  ${n},`).join("\n")}\n} from "@chaindata/${dir}";`,
      ),
      ...own,
    ];
    const joined = (list) =>
      list
        .map((b, i) => (i && (b.includes("\n") || list[i - 1].includes("\n")) ? `\n${b}` : b))
        .join("\n");
    const text =
      joined(blocks) + (internal.length ? `\n\n${INTERNAL_HEADING}\n\n${joined(internal)}` : "");
    const count = `${entry.exports.length} names${internal.length ? ` (${internal.length} of them internal)` : ""}`;
    const sections = bySubpath.get(entry.subpath) ?? [];
    const same = sections.find((s) => s.text === text);
    if (same) same.conditions.push(entry.conditions);
    else sections.push({ conditions: [entry.conditions], text, count });
    bySubpath.set(entry.subpath, sections);
  }
  const out = [
    `# ${p.name}: public API`,
    "",
    "Written by `node scripts/api-report.mjs --write` from the built declarations; compared with the",
    "build by test/packaging/api-report.test.ts. A generated interface or type is listed by name (its",
    "members are in the package's src/generated/). Exports marked `@remarks Internal: …` come last,",
    "after a line of their own: for the chaindata packages' code, they may change in a minor release.",
  ];
  for (const [subpath, sections] of bySubpath)
    for (const s of sections) {
      out.push(
        "",
        `## \`${subpath}\` (${s.conditions.map((c) => `\`${c}\``).join(", ")})`,
        "",
        `${s.count}.`,
        "",
        "```ts",
        s.text,
        "```",
      );
    }
  return `${out.join("\n")}\n`;
}

export const reportFile = (dir) => join(reportDir, `${dir}.api.md`);

/**
 * How a committed report differs from the build, as lines to print: each line only the report has
 * (`- `, gone from the API) and each only the build has (`+ `, new), in their order, at most `max`
 * of them, so that the check says what changed and not only which file (before, `--write` and
 * `git diff` were the only way to see it). A line moved within the report is no change of API;
 * one line the report has several times (`readonly description: …` of two properties) is counted
 * as often as it is there, so one of them gone is a change (counted once, it printed nothing). A
 * report that differs in the order of its lines alone says so, not nothing.
 */
export function reportChanges(old, text, max = 20) {
  const linesOf = (report) => report.split("\n").filter((l) => l.trim());
  const before = linesOf(old);
  const after = linesOf(text);
  /** The lines of `lines` that `other` does not have as often: its count used up in order. */
  const unmatched = (lines, other) => {
    const left = new Map();
    for (const l of other) left.set(l, (left.get(l) ?? 0) + 1);
    return lines.filter((l) => {
      const n = left.get(l) ?? 0;
      left.set(l, n - 1);
      return n <= 0;
    });
  };
  // A line over 300 characters (a tool's literal description: up to 15 kB) is cut: its start names
  // the declaration, and `--write` then `git diff` shows the rest.
  const shown = (l) => (l.length > 300 ? `${l.slice(0, 300)}… (${l.length} characters)` : l);
  const lines = [
    ...unmatched(before, after).map((l) => `- ${shown(l)}`),
    ...unmatched(after, before).map((l) => `+ ${shown(l)}`),
  ];
  if (!lines.length && old !== text)
    return ["(the same lines in another order, or other blank lines)"];
  return lines.length > max
    ? [...lines.slice(0, max), `… and ${lines.length - max} more lines`]
    : lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { write } = parseCli(
    "api-report",
    { write: { type: "boolean" } },
    "usage: node scripts/api-report.mjs [--write]   (after `npx turbo run build`)",
  );
  const surface = loadSurface();
  const stale = [];
  for (const p of surface.packages) {
    const text = reportOf(surface, p);
    let old;
    try {
      old = readFileSync(reportFile(p.dir), "utf8");
    } catch {
      old = undefined;
    }
    if (old === text) continue;
    stale.push(relative(root, reportFile(p.dir)));
    if (write) writeFileSync(reportFile(p.dir), text);
    else
      console.error(
        [
          `${relative(root, reportFile(p.dir))}:`,
          ...(old === undefined
            ? ["  (no report yet)"]
            : reportChanges(old, text).map((l) => `  ${l}`)),
        ].join("\n"),
      );
  }
  if (write)
    console.log(stale.length ? `api-report: wrote ${stale.join(", ")}` : "api-report: up to date");
  else if (stale.length) {
    console.error(`api-report: differs from the build: ${stale.join(", ")} (--write updates)`);
    process.exit(1);
  } else console.log("api-report: every report matches the build");
}
