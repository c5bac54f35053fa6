// The table of names the generated code binds (scripts/generate/lib/names.mjs), which the
// name-clash rule compares spec names with, must list every name the emitters do write: each
// top-level export and import of every generated module of every package. An emitter that starts
// writing another name fails here until the table has it, so the rule keeps up with the generator.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  coreImportsOf,
  isIdentifier,
  packageBindings,
  reservedPattern,
  REST_CLIENT_IMPORTS,
  REST_MEMBERS_IMPORTS,
  RPC_CLIENT_IMPORTS,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../scripts/generate/lib/names.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { packageRefusals, packagesOf } from "../../scripts/generate/lib/refusals.mjs";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const index = JSON.parse(read("spec/dist/index.json"));
const documents = index.areas.map((a: { file: string }) => ({
  ...a,
  doc: JSON.parse(read(`spec/dist/${a.file}`)),
}));

/**
 * The names a generated module exports (declarations and `export { … }` lists) and imports;
 * `typeOnly`: the names imported as types only (`import type { … }`, `type X` in a list).
 */
function namesOf(source: string): { exported: string[]; imported: string[]; typeOnly: string[] } {
  const exported = [
    ...source.matchAll(/^export (?:declare )?(?:function|const|interface|type|class) ([\w$]+)/gm),
  ].map((m) => m[1]!);
  const entries = (text: string) =>
    text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  const list = (text: string) => entries(text).map((s) => s.replace(/^type /, ""));
  for (const m of source.matchAll(/^export \{([^}]*)\} from/gm)) exported.push(...list(m[1]!));
  const imported: string[] = [];
  const typeOnly: string[] = [];
  for (const m of source.matchAll(/^import (type )?(?:[\w$]+, )?\{([^}]*)\} from/gm)) {
    imported.push(...list(m[2]!));
    for (const entry of entries(m[2]!))
      if (m[1] || entry.startsWith("type ")) typeOnly.push(entry.replace(/^type /, ""));
  }
  for (const m of source.matchAll(/^import (?:type )?(?:\* as )?([\w$]+)(?:, \{[^}]*\})? from/gm))
    imported.push(m[1]!);
  return { exported, imported, typeOnly };
}

describe("the names table of the name-clash rule", () => {
  for (const pkg of packagesOf(documents)) {
    const area: string = pkg[0].area;
    it(`lists every export and import of @chaindata/${area}'s generated modules`, () => {
      const bindings: Array<{ name: string; scope: string; exported: boolean; meaning: string }> =
        packageBindings(pkg);
      const missing: string[] = [];
      for (const module of [
        "client",
        "operations",
        "openapi",
        "members",
        "types",
        "runtime",
        "constants",
      ]) {
        const path = `packages/${area}/src/generated/${module}.ts`;
        if (!existsSync(new URL(`../../${path}`, import.meta.url))) continue;
        const scope = `generated/${module}.ts`;
        const { exported, imported, typeOnly } = namesOf(read(path));
        // (operations.ts is imported as a namespace, and openapi.ts by the generated modules alone,
        // members.ts by the package's hand-written client: none is re-exported, so their names are
        // bound, not exported.)
        const reexported = !["operations", "openapi", "members"].includes(module);
        for (const name of exported) {
          if (module === "operations" && reservedPattern.test(name)) continue;
          const known = bindings.some(
            (b) => b.name === name && b.scope === scope && b.exported === reexported,
          );
          if (!known) missing.push(`${scope} exports ${name}`);
        }
        for (const name of module === "runtime" ? [] : imported)
          if (!bindings.some((b) => b.name === name && b.scope === scope))
            missing.push(`${scope} imports ${name}`);
        // (As the table binds it: a type-only import leaves the name free for a function of the
        // spec's; a value import does not. A wrong meaning lets a clash through, or refuses a name
        // that is free.)
        for (const name of module === "runtime" ? [] : imported) {
          const meaning = bindings.find((b) => b.name === name && b.scope === scope)?.meaning;
          const asType = typeOnly.includes(name);
          if (meaning && (meaning === "type") !== asType)
            missing.push(
              `${scope} imports ${name} as a ${asType ? "type" : "value"}, bound as ${meaning}`,
            );
        }
      }
      expect(missing).toEqual([]);
    });
  }
});

// The client imports of lib/names.mjs are what rpc.mjs and rest.mjs write the import from
// (`coreImportsOf`); an entry no package imports any more is one the emitters dropped, which the
// name-clash rule would go on refusing spec names for.
describe("the client import tables", () => {
  // (A REST package's members.ts, which imports a few of its own: REST_MEMBERS_IMPORTS.)
  const clients = (kind: string, module: string) =>
    packagesOf(documents)
      .filter((pkg: Array<{ kind: string }>) => pkg[0]!.kind === kind)
      .map((pkg: Array<{ area: string; doc: any }>) => ({
        host: pkg[0]!.doc.info["x-host"],
        imports: /^import \{([^}]*)\} from "@chaindata\/core";$/m
          .exec(read(`packages/${pkg[0]!.area}/src/generated/${module}.ts`))![1]!
          .split(",")
          .map((name) => name.trim()),
      }));
  for (const [kind, table, tableName, module] of [
    ["openrpc", RPC_CLIENT_IMPORTS, "RPC_CLIENT_IMPORTS", "client"],
    ["openapi", REST_CLIENT_IMPORTS, "REST_CLIENT_IMPORTS", "client"],
    ["openapi", REST_MEMBERS_IMPORTS, "REST_MEMBERS_IMPORTS", "members"],
  ] as const)
    it(`every entry of ${tableName} is imported by some ${kind} package's ${module}.ts, in the table's order`, () => {
      const written = clients(kind, module);
      expect(written.length).toBeGreaterThan(0);
      const unused = table
        .map(([name, meaning]: [string, string]) => ({ name, meaning }))
        .filter(({ name, meaning }: { name: string; meaning: string }) =>
          written.every(({ host, imports }: { host: string; imports: string[] }) => {
            const bound = name === "<host>Host" ? `${host}Host` : name;
            return !imports.includes(meaning === "type" ? `type ${bound}` : bound);
          }),
        )
        .map(({ name }: { name: string }) => name);
      expect(unused).toEqual([]);
      // (Each package's import is the table's names it uses, in the table's order.)
      for (const { host, imports } of written) {
        const order = table.map(([name, meaning]: [string, string]) => {
          const bound = name === "<host>Host" ? `${host}Host` : name;
          return meaning === "type" ? `type ${bound}` : bound;
        });
        expect(imports).toEqual(order.filter((n: string) => imports.includes(n)));
      }
    });
});

describe("coreImportsOf", () => {
  const none = {
    checked: false,
    paginated: false,
    deprecated: false,
    plainHttp: false,
    unbatched: false,
    u64: false,
  };
  it("lists the names always imported, the host's as the package's, types marked `type`", () => {
    expect(coreImportsOf(RPC_CLIENT_IMPORTS, "rpc", none)).toEqual([
      "callByName",
      "createJsonRpcClient",
      "notAnRpc",
      "rpcHost",
      "type ClientOptions",
      "type JsonRpcClient",
      "type ParamsArgument",
      "type RequestOptions",
    ]);
  });

  it("adds a feature's names only where the package has the feature", () => {
    const paginated = coreImportsOf(RPC_CLIENT_IMPORTS, "rpc", { ...none, paginated: true });
    expect(paginated).toContain("withPagination");
    expect(paginated).toContain("type PageIterable");
    expect(paginated).not.toContain("warnDeprecated");
  });

  it("refuses features that say nothing of one the table names", () => {
    expect(() => coreImportsOf(RPC_CLIENT_IMPORTS, "rpc", { checked: true })).toThrow(
      "coreImportsOf: the package's features say nothing of paginated",
    );
  });
});

describe("isIdentifier", () => {
  it("reads a name as the generated code writes one: ASCII letters, digits, `_` and `$`", () => {
    for (const name of ["getAsset", "$", "_private", "get$Asset", "v2"])
      expect(isIdentifier(name)).toBe(true);
    for (const name of ["2fa", "get-asset", "get.asset", "", "getÄsset", undefined])
      expect(isIdentifier(name)).toBe(false);
  });
});

// The map of an area's calls and its three names (`DasMethods`, `DasMethod`, `DasParams`,
// `DasResult`; a REST area's `WalletOperations`, `WalletOperation`, …) are the generator's own:
// a spec name on one of them would declare the type twice in types.ts.
describe("the names of an area's call map", () => {
  const clashesOf = (area: string, edit: (doc: any) => void) => {
    const pkg = packagesOf(documents).find((p: Array<{ area: string }>) => p[0]!.area === area);
    const doc = structuredClone(pkg[0].doc);
    edit(doc);
    return packageRefusals([{ ...pkg[0], doc }, pkg[1]])
      .filter((r: { rule: string }) => r.rule === "name-clash")
      .map((r: { message: string }) => r.message);
  };
  it("a schema named like a REST area's operation map or its types is refused", () => {
    const found = clashesOf("wallet", (doc) => {
      for (const name of ["WalletOperations", "WalletOperation", "WalletParams", "WalletResult"])
        doc.components.schemas[name] = { type: "object" };
    });
    expect(found).toEqual([
      '"WalletOperations" is both schema WalletOperations\'s type (generated/types.ts) and the operation map type (generated/types.ts): one name cannot be bound twice in generated/types.ts',
      '"WalletOperation" is both schema WalletOperation\'s type (generated/types.ts) and a type of the operation map (generated/types.ts): one name cannot be bound twice in generated/types.ts',
      '"WalletParams" is both schema WalletParams\'s type (generated/types.ts) and a type of the operation map (generated/types.ts): one name cannot be bound twice in generated/types.ts',
      '"WalletResult" is both schema WalletResult\'s type (generated/types.ts) and a type of the operation map (generated/types.ts): one name cannot be bound twice in generated/types.ts',
    ]);
  });
  it("an operation whose result type is the map's (`wallet` → WalletResult) is refused, as a method's (`das` → DasResult)", () => {
    const rest = clashesOf("wallet", (doc) => {
      doc.paths["/v1/wallet/{wallet}/identity"].get.operationId = "wallet";
    });
    expect(rest).toContainEqual(
      '"WalletResult" is both operation wallet\'s result type (generated/types.ts) and a type of the operation map (generated/types.ts): one name cannot be bound twice in generated/types.ts',
    );
    const rpc = clashesOf("das", (doc) => {
      doc.methods[0].name = "das";
    });
    expect(rpc).toContainEqual(
      '"DasParams" is both method das\'s params type (generated/types.ts) and a type of the method map (generated/types.ts): one name cannot be bound twice in generated/types.ts',
    );
  });
});

// A package's hand-written entry may export names of its own beside the generated ones (the
// webhooks receiver and address helpers). An explicit export silently wins over the same name from
// an `export *`, so a spec schema named like one would vanish from the package without an error:
// this holds them apart for the spec as it is (the name-clash rule does not read hand-written code).
describe("hand-written exports beside the generated ones", () => {
  for (const pkg of packagesOf(documents)) {
    const area: string = pkg[0].area;
    it(`@chaindata/${area}: no hand-written export hides a generated one`, () => {
      const generated = new Set<string>();
      for (const module of ["client", "types", "runtime", "constants"]) {
        const path = `packages/${area}/src/generated/${module}.ts`;
        if (existsSync(new URL(`../../${path}`, import.meta.url)))
          namesOf(read(path)).exported.forEach((name) => generated.add(name));
      }
      expect(generated.size).toBeGreaterThan(0);
      const own = [
        ...read(`packages/${area}/src/index.ts`).matchAll(/^export (?:type )?\{([^}]*)\} from/gm),
      ].flatMap((m) =>
        m[1]!
          .split(",")
          .map((s) => s.trim().replace(/^type /, ""))
          .filter(Boolean),
      );
      // (Except the hand-written wrappers each package says it exports over the generated ones:
      // webhooks' createWebhooksClient and updateWebhook, src/client.ts.)
      const wrappers: Record<string, string[]> = {
        webhooks: ["createWebhooksClient", "updateWebhook"],
      };
      expect(own.filter((name) => generated.has(name))).toEqual(wrappers[area] ?? []);
    });
  }
});
