// A schema name in two areas is one type: @chaindata/core declares it once (generated/schemas.ts)
// and each of those area packages re-exports it, so that a library's `export *` of two packages
// compiles (user trial 37: 26 TS2308 errors; test/types/wrapper-library.test.ts compiles every
// pair). Two areas that give one name different schemas would need two types: the generator refuses
// them (the `shared-schema` rule, which `npm run spec:check` reports too), naming both areas, the
// type and where each is, rather than pick one.
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { emitSharedSchemas } from "../../scripts/generate/core-files.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { generate } from "../../scripts/generate/index.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { typeSources } from "../../scripts/generate/lib/types.mjs";
import { bundleCopy, editedCopy, locatedOf, positionOf, removeCopies } from "../spec/spec-copy.js";

afterAll(removeCopies);

describe("one schema name in two areas", () => {
  it("given two different schemas, is refused by the generator and spec:check, naming both areas, the type and where each is", async () => {
    // (das's own UnixTimestamp, a date string; compression, wallet and webhooks have common.yaml's,
    // seconds since the epoch.)
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      doc.components = {
        schemas: {
          UnixTimestamp: {
            title: "UnixTimestamp",
            description: "An ISO 8601 date and time.",
            type: "string",
            examples: ["2024-11-15T00:00:00Z"],
          },
        },
      };
    });
    const das = positionOf(specDir, "openrpc/das.yaml", "UnixTimestamp:", "\ncomponents:");
    const common = positionOf(specDir, "schemas/common.yaml", "UnixTimestamp:");
    const message =
      `areas compression and das both have a schema UnixTimestamp, and they differ (compression's: ${common} (#/UnixTimestamp)): ` +
      "a name in two areas is one type, which @chaindata/core declares once for both packages (two types of one name would make an app's `export *` of both packages fail, TypeScript's TS2308); " +
      "rename one, and the $refs to it, or make them the same schema";
    // (The only finding: wallet's and webhooks' UnixTimestamp are compression's.)
    expect(locatedOf(specDir)).toEqual([
      `${das}: das #/components/schemas/UnixTimestamp (UnixTimestamp): [shared-schema] ${message}`,
    ]);
    await expect(generate({ distDir: bundleCopy(specDir) })).rejects.toThrow(
      `${das}: #/components/schemas/UnixTimestamp (UnixTimestamp): [shared-schema] ${message}`,
    );
  }, 120_000);

  /** Core's schemas.ts from `areas` (name → OpenAPI document), each typed as its emitter types it. */
  async function coreFrom(areas: Record<string, { doc: object; inputs?: string[] }>) {
    const shared = { names: new Set(["Ids"]), declared: new Map() };
    const modules: Record<string, string> = {};
    for (const [area, { doc, inputs = [] }] of Object.entries(areas)) {
      const { schemas } = await typeSources(doc, { inputSchemas: inputs, shared, area });
      modules[area] = schemas;
    }
    return { modules, core: () => emitSharedSchemas(shared.declared) };
  }
  const ids = { type: "array", items: { type: "string" }, description: "Asset ids." };
  const documentOf = (beta: boolean) => ({
    openapi: "3.1.0",
    info: { title: "t", version: "1", ...(beta && { "x-beta": true }) },
    paths: {},
    components: {
      schemas: {
        Ids: ids,
        Query: { type: "object", properties: { ids: { $ref: "#/components/schemas/Ids" } } },
      },
    },
  });

  it("with one schema, is declared once by core, its doc kept, and re-exported by each area", async () => {
    const { modules, core } = await coreFrom({
      a: { doc: documentOf(false) },
      b: { doc: documentOf(false) },
    });
    for (const text of Object.values(modules)) {
      expect(text).toContain("export type { Ids };\n");
      expect(text).not.toContain("export type Ids =");
      expect(text).toContain("ids?: Ids | undefined;");
    }
    expect(core()["packages/core/src/generated/schemas.ts"]).toContain(
      "/** Asset ids. */\nexport type Ids = string[];\n",
    );
  });

  it("keeps an area's @beta on core's declaration only when every area sharing it is beta", async () => {
    const mixed = await coreFrom({ a: { doc: documentOf(true) }, b: { doc: documentOf(false) } });
    expect(mixed.core()["packages/core/src/generated/schemas.ts"]).not.toContain("@beta");
    const beta = await coreFrom({ a: { doc: documentOf(true) }, b: { doc: documentOf(true) } });
    expect(beta.core()["packages/core/src/generated/schemas.ts"]).toContain(
      "@beta Routes and response formats may change.",
    );
  });

  it("typed two ways by two areas (an input's readonly arrays, a result's), is refused, naming both areas and the type", async () => {
    const { core } = await coreFrom({
      sends: { doc: documentOf(false), inputs: ["Query"] },
      returns: { doc: documentOf(false) },
    });
    expect(core).toThrow(
      "type Ids: areas sends and returns declare it differently (sends: `export type Ids = readonly string[];`, returns: `export type Ids = string[];`), and @chaindata/core declares one type of a name for every area (two would make an app's `export *` of both packages fail, TypeScript's TS2308): give one of them another name in the spec",
    );
  });

  it("none: core's module is still a module (index.ts re-exports it)", () => {
    expect(emitSharedSchemas(new Map())["packages/core/src/generated/schemas.ts"]).toMatch(
      /\nexport \{\};\n$/,
    );
  });
});
