// @chaindata/sdk is for callers who install only it (a strict installer lets them import no area
// package): every value an area package exports is exported by the sdk too, except the
// tree-shakable standalone form (`getAsset(rpc, …)`, `paginateGetAssetsByOwner(rpc, …)`; a REST
// area's `getIdentity(rest, …)`), which the sdk's one client replaces. (The endpoint factories,
// `createDasRpc`, `createWalletRest`, are exported: the params checks, `checkGetAsset(rpc, …)`,
// take one; test/clients/param-checks.test.ts.)
import { readFileSync } from "node:fs";
import * as sdk from "@chaindata/sdk";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { pascal } from "../../scripts/generate/lib/schema.mjs";
import { index } from "../spec/documents.js";
import { sdkExportLine, sdkValuesOf, standaloneOf } from "./area-exports.js";

/** Every area of the spec (spec/dist/index.json), with the name of its factory. */
const areas: Record<string, string> = Object.fromEntries(
  index.areas.map(({ area }: { area: string }) => [area, `create${pascal(area)}Client`]),
);

describe("@chaindata/sdk exports", () => {
  it.each(Object.entries(areas))(
    "everything @chaindata/%s exports but its standalone functions",
    async (area, factory) => {
      const exported = (await import(`@chaindata/${area}`)) as Record<string, unknown>;
      // (The whole line, from the package's exports: its u64 shape, constants and helpers with the
      // factory, in one round.)
      expect(
        (sdk as Record<string, unknown>)[factory],
        `@chaindata/sdk does not export ${factory}: add \`${sdkExportLine(area, sdkValuesOf(area, exported))}\` to packages/sdk/src/index.ts`,
      ).toBeTypeOf("function");
      const standalone = standaloneOf(area, exported);
      const missing = Object.keys(exported).filter((name) => !standalone(name) && !(name in sdk));
      expect(
        missing,
        `packages/sdk/src/index.ts does not re-export ${missing.join(", ")}: add ${missing.length > 1 ? "them" : "it"} to its \`export { … } from "@chaindata/${area}";\``,
      ).toEqual([]);
      for (const name of Object.keys(exported))
        if (name in sdk) expect(sdk[name as keyof typeof sdk], name).toBe(exported[name]);
    },
  );
});

describe("@chaindata/sdk type namespaces", () => {
  // (An area's types are exported under its name only, `Compression.GetCompressedAccountsByOwnerResult`:
  // a user who found no `GetCompressedAccountsByOwnerResult` imported the transitive area package.)
  const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");
  // (Each namespace is a module of the sdk's, `export type * from "@chaindata/<area>"` with the
  // runtime's types aliased: packages/sdk/src/index.ts says why.)
  const namespaces = [
    ...read("packages/sdk/src/index.ts").matchAll(
      /^export type \* as (\w+) from "\.\/(generated\/namespaces\/[\w-]+)\.js";$/gm,
    ),
  ].map(([, name, module]) => ({
    name: name!,
    pkg: /^export type \* from "(@chaindata\/[\w-]+)";$/m.exec(
      read(`packages/sdk/src/${module}.ts`),
    )![1]!,
  }));
  const readme = read("packages/sdk/README.md");
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);

  it("the README names each, with its package", () => {
    expect(
      namespaces.map(({ name }) => name).sort(),
      'packages/sdk/src/index.ts: a type namespace per area, `export type * as <Area> from "./generated/namespaces/<area>.js";`',
    ).toEqual(Object.keys(areas).map(pascal).sort());
    for (const { name, pkg } of namespaces)
      expect(readme.replace(/\s+/g, " "), name).toContain(`\`${name}\` (\`${pkg}\`)`);
  });

  it("a README block imports one from @chaindata/sdk and names a type in it", () => {
    const uses = blocks.filter((code) =>
      namespaces.some(
        ({ name }) =>
          new RegExp(`import (?:type )?\\{[^}]*\\b${name}\\b[^}]*\\} from "@chaindata/sdk"`).test(
            code,
          ) && new RegExp(`\\b${name}\\.[A-Z]\\w+`).test(code),
      ),
    );
    expect(uses.length).toBeGreaterThan(0);
  });
});
