// @chaindata/sdk's type namespaces, one per area (packages/sdk/src/generated/namespaces/<area>.ts):
// the area package's types, with the types it re-exports from @chaindata/core declared as aliases,
// each with the JSDoc of the type it aliases.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { banner } from "./lib/emit.mjs";
import { ERROR_CLASSES, runtimeExports, TYPE_PARAMETERS } from "./lib/names.mjs";
import { pascal } from "./lib/schema.mjs";

// (Required, not imported: lib/types.mjs says why.)
const ts = createRequire(import.meta.url)("typescript");

const root = fileURLToPath(new URL("../..", import.meta.url));
const CORE_ENTRY = "packages/core/src/index.ts";

/**
 * The doc comments of core's exports `names`, read from core's sources (`files`: the generated
 * files of this run, by repository path, which take the place of those on disk: core's shared
 * schemas are among them), as `name → lines` (without the comment's `/**`, `*\/` and ` * `
 * prefixes). A tag that marks the declaration internal (`@internal`, `@remarks Internal: …`) is
 * left out: on an alias, stripInternal would drop the alias from the declarations, and the api
 * report would list it as internal. A name without a doc comment is absent.
 */
export function coreDocs(names, files = {}) {
  const inMemory = new Map(Object.entries(files).map(([path, text]) => [root + path, text]));
  const read = (path) => inMemory.get(path) ?? ts.sys.readFile(path);
  const options = { noLib: true, noEmit: true, types: [], allowImportingTsExtensions: false };
  const host = ts.createCompilerHost(options);
  host.readFile = read;
  host.fileExists = (path) => inMemory.has(path) || ts.sys.fileExists(path);
  host.getSourceFile = (path, languageVersion) => {
    const text = read(path);
    return text === undefined ? undefined : ts.createSourceFile(path, text, languageVersion, true);
  };
  const program = ts.createProgram({ rootNames: [root + CORE_ENTRY], options, host });
  const checker = program.getTypeChecker();
  const entry = program.getSourceFile(root + CORE_ENTRY);
  const exports = new Map(
    checker.getExportsOfModule(checker.getSymbolAtLocation(entry)).map((s) => [s.name, s]),
  );
  const docs = new Map();
  for (const name of names) {
    let symbol = exports.get(name);
    if (!symbol) continue;
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const jsDoc = (symbol.declarations ?? [])
      .map((d) => d.jsDoc?.at(-1))
      .find((d) => d !== undefined);
    if (!jsDoc) continue;
    const lines = jsDoc
      .getSourceFile()
      .text.slice(jsDoc.getStart(), jsDoc.end)
      .replace(/^\/\*\*\s?|\s*\*\/$/g, "")
      .split("\n")
      .map((line) => line.replace(/^\s*\* ?/, "").trimEnd());
    // (A tag runs to the next tag; an internal one goes whole.)
    const kept = [];
    let dropping = false;
    for (const line of lines) {
      if (/^@\w/.test(line)) dropping = /^@internal\b|^@remarks Internal\b/.test(line);
      const inline = line.replace(/\s*@internal\b.*$/, "");
      if (!dropping && (inline || !line)) kept.push(inline);
    }
    while (kept.length && !kept.at(-1)) kept.pop();
    while (kept.length && !kept[0]) kept.shift();
    if (kept.length) docs.set(name, kept);
  }
  return { docs, exported: new Set(exports.keys()) };
}

/**
 * The doc comment of an alias in a namespace module, from `lines` (its type's, coreDocs): a
 * `{@link X}` to a core export that the module does not declare links to `core.X` (the module's
 * import of core), still shown as `X`.
 */
function aliasDoc(lines, { declared, exported }) {
  const link = (whole, name, members, text) =>
    declared.has(name) || !exported.has(name)
      ? whole
      : `{@link core.${name}${members}${text ?? ` | ${name}${members}`}}`;
  // (A note naming the spec's extension, "(the spec's `x-pagination`)", is core's own business:
  // the published JSDoc of generated code names none, test/generate/published-jsdoc.test.ts.)
  const text = lines
    .join("\n")
    .replace(/ ?\([^()]*`x-[a-z-]+`[^()]*\)/g, "")
    .replace(/\{@link\s+([A-Za-z_$][\w$]*)((?:\.[\w$]+)*)(\s*\|[^}]*)?\}/g, link)
    .replace(/\*\//g, "*\\/")
    .split("\n");
  return text.length === 1
    ? `/** ${text[0]} */\n`
    : `/**\n${text.map((l) => (l ? ` * ${l}` : " *")).join("\n")}\n */\n`;
}

/**
 * packages/sdk/src/generated/namespaces/<area>.ts: the sdk's type namespace of one area (`Das`,
 * `Wallet`…): the area package's exports, and the types it re-exports from core (the runtime's, and
 * the schemas of two or more areas) as aliases of this module (a name declared here takes the place
 * of the same name from `export *`). An editor names a type by the first import of the file it
 * finds it under, namespaces included: with core's own names re-exported under every namespace, a
 * wallet call's options showed as `Mint.RequestOptions`; as aliases per namespace they show as
 * `RequestOptions`. Each alias carries the doc comment of the type it aliases (`docs`, coreDocs):
 * an alias without one showed no docs on hover (`Das.NotFoundError`).
 */
export function emitSdkNamespace(area, { rpc, batch }, shared = [], core = coreDocs([])) {
  // (`shared`: the schemas core declares for two or more areas, which the package re-exports too:
  // aliased here for the same reason: else a file importing `Wallet` and `Webhooks` showed a
  // `Webhooks.ErrorBody` as `Wallet.ErrorBody`.)
  const types = [...runtimeExports({ rpc, batch }).types, ...shared];
  const declared = new Set([...ERROR_CLASSES, ...types]);
  const doc = (name) => {
    const lines = core.docs.get(name);
    return lines ? aliasDoc(lines, { declared, exported: core.exported }) : "";
  };
  const alias = (name) => {
    const declaredParams = TYPE_PARAMETERS[name];
    const used = declaredParams?.split(",").map((p) => p.trim().split(" ")[0]);
    return (
      doc(name) +
      (declaredParams
        ? `export type ${name}<${declaredParams}> = core.${name}<${used.join(", ")}>;`
        : `export type ${name} = core.${name};`)
    );
  };
  return {
    [`packages/sdk/src/generated/namespaces/${area}.ts`]:
      banner("spec/dist/index.json", import.meta.url) +
      `// The sdk's \`${pascal(area)}\` namespace: @chaindata/${area}'s exports, with the types it re-exports\n` +
      `// from @chaindata/core declared here as aliases, so that hovers name them \`RequestOptions\`, never\n` +
      `// another namespace's (scripts/generate/sdk-namespaces.mjs says why), each with its type's docs.\n` +
      `import type * as core from "@chaindata/core";\n\n` +
      `export type * from "@chaindata/${area}";\n` +
      // (An error class is a value too: `typeof Das.ValidationError` names its constructor. Its
      // alias and its constant carry the same doc, which an editor shows once.)
      [...ERROR_CLASSES, ...types].map(alias).join("\n") +
      "\n" +
      ERROR_CLASSES.map((c) => `${doc(c)}export declare const ${c}: typeof core.${c};`).join("\n") +
      "\n",
  };
}
