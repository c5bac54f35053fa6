// `npm run spec:check` reports what the generator would refuse (scripts/generate/lib/refusals.mjs,
// one implementation for both), at the YAML file, line and column a spec author edits, with the rule;
// the generator refuses the same, naming the YAML file, position and pointer (never the bundle) when
// spec/dist/sources.json says where the bundle came from, and pointing at spec:check when it does not.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { generate, generateInto } from "../../scripts/generate/index.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { bundleAll } from "../../scripts/spec/bundle.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { runAllChecks, runAllChecksAsync } from "../../scripts/spec/rules.mjs";
import {
  editCopy,
  editedCopy,
  editText,
  findingsOf,
  locatedOf,
  methodIndex,
  positionOf,
  removeCopies,
  textEditedCopy,
} from "./spec-copy.js";

afterEach(removeCopies);

// Where das's methods are (a method added to das.yaml moves the ones after it).
const NFT_EDITIONS = methodIndex("openrpc/das.yaml", "getNftEditions");
const BY_AUTHORITY = methodIndex("openrpc/das.yaml", "getAssetsByAuthority");

/** das.yaml with its methods renamed: { old name: new name }. */
const renamedDasMethods = (names: Record<string, string>) =>
  editedCopy("openrpc/das.yaml", (doc) => {
    for (const m of doc.methods) if (names[m.name]) m.name = names[m.name];
  });

describe("spec:check reports what the generator refuses, at the YAML position", () => {
  it("a JSON-RPC method name that is no identifier", () => {
    const specDir = renamedDasMethods({ getNftEditions: "get-nft-editions" });
    expect(locatedOf(specDir)).toContain(
      `${positionOf(specDir, "openrpc/das.yaml", "name: get-nft-editions")}: das #/methods/${NFT_EDITIONS} (get-nft-editions): [operation-name] "get-nft-editions": the name must be a JavaScript identifier (it names a generated function, descriptor and client member)`,
    );
  });

  it("a method name that clashes with a runtime export, an import of the generated code, or a parameter of its page walk", () => {
    const specDir = renamedDasMethods({
      getAsset: "stringifyJson",
      getAssetBatch: "withPagination",
      getNftEditions: "options",
      // (A local of createDasClient, where a method is a property key: no clash.)
      getAssetsByAuthority: "client",
    });
    const findings = findingsOf(specDir);
    expect(findings).toContain(
      'das #/methods/0 (stringifyJson): [name-clash] "stringifyJson" is both method stringifyJson\'s function (generated/client.ts) and a runtime export (generated/runtime.ts): @chaindata/das would export both (TypeScript error TS2308)',
    );
    expect(findings).toContain(
      'das #/methods/1 (withPagination): [name-clash] "withPagination" is both method withPagination\'s function (generated/client.ts) and an import from @chaindata/core (generated/client.ts): one name cannot be bound twice in generated/client.ts',
    );
    expect(findings).toContain(
      `das #/methods/${NFT_EDITIONS} (options): [name-clash] "options" is both method options's call (paginateOptions) and a parameter of the page walk (paginateOptions): paginateOptions (generated/client.ts) calls method options by name, where "options" names its own parameter: rename the method`,
    );
    expect(findings.filter((f: string) => f.includes("(client)"))).toEqual([]);
  });

  it("a schema named like a method's generated type, or no identifier, in the file that defines it", () => {
    const das = editedCopy("openrpc/das.yaml", (doc) => {
      doc.components = { schemas: { GetAssetParams: { type: "object" } } };
    });
    expect(locatedOf(das)).toContain(
      `${positionOf(das, "openrpc/das.yaml", "GetAssetParams:", "\ncomponents:")}: das #/components/schemas/GetAssetParams (GetAssetParams): [name-clash] "GetAssetParams" is both schema GetAssetParams's type (generated/types.ts) and method getAsset's params type (generated/types.ts): one name cannot be bound twice in generated/types.ts`,
    );
    // The type a rule between params gives a param it leaves out, named after the rule, is bound
    // once for the methods sharing it: a schema of that name would otherwise be overwritten.
    const rule = editedCopy("openrpc/das.yaml", (doc) => {
      doc.components = { schemas: { PageExcludesBeforeAfterAndCursor: { type: "object" } } };
    });
    expect(findingsOf(rule)).toContain(
      `das #/components/schemas/PageExcludesBeforeAfterAndCursor (PageExcludesBeforeAfterAndCursor): [name-clash] "PageExcludesBeforeAfterAndCursor" is both schema PageExcludesBeforeAfterAndCursor's type (generated/types.ts) and method getAssetsByOwner's type of a param a rule leaves out (generated/types.ts): one name cannot be bound twice in generated/types.ts`,
    );
    // A shared schema is named at its own file (spec/schemas/…), not at the area that uses it.
    const shared = editedCopy("schemas/asset.yaml", (doc) => {
      doc.NftEdition.properties.edition_kind = { $ref: "#/edition-kind" };
      doc["edition-kind"] = { type: "string", "x-source": "assumption: a test" };
    });
    expect(locatedOf(shared)).toContain(
      `${positionOf(shared, "schemas/asset.yaml", "edition-kind:", "\nedition-kind:")}: das #/components/schemas/edition-kind (edition-kind): [schema-name] "edition-kind": a schema name must be a TypeScript identifier (it names an exported type)`,
    );
  });

  it("a request keyword the runtime checks cannot translate, at the keyword itself: in a shared schema, a method's own param, a query option, a REST parameter", () => {
    const das = "openrpc/das.yaml";
    const shared = editedCopy("schemas/asset.yaml", (doc) => {
      doc.GetAssetOptions.properties.showFungible.const = false;
    });
    editText(
      shared,
      das,
      "schema: { type: integer, minimum: 1, maximum: 1000 }", // getAssetsByOwner's `limit`
      "schema: { type: [integer, string], minimum: 1, maximum: 1000 }",
    );
    const located = locatedOf(shared);
    expect(located.join("\n")).toContain(
      `${positionOf(shared, "schemas/asset.yaml", "const: false", "\nGetAssetOptions:")}: das #/components/schemas/GetAssetOptions/properties/showFungible/const (getAsset): [params-check] spec/schemas/asset.yaml#/GetAssetOptions (from getAsset params/properties/options)/properties/showFungible: "const" is not a keyword the generated checks translate`,
    );
    expect(located).toContain(
      `${positionOf(shared, das, "type: [integer, string]")}: das #/methods/2 (getAssetsByOwner)/params/2/schema/type: [params-check] getAssetsByOwner params/properties/limit: "type" with several types ["integer","string"] is not translated`,
    );

    const inline = textEditedCopy(
      das,
      "schema: { type: integer, minimum: 1 }", // getAssetsByOwner's `page`
      "schema: { type: integer, minimum: 1, const: 1 }",
    );
    // (Every keyword of an operation, not its first only: a second in the same method.)
    editText(
      inline,
      das,
      "schema: { type: string, minLength: 1 }", // getAssetsByOwner's `cursor`
      "schema: { type: string, minLength: 1, maxLength: -1 }",
    );
    editText(
      inline,
      "openrpc/sender.yaml",
      "          type: boolean\n          default: false\n",
      "          type: boolean\n          default: false\n          const: false\n",
    );
    editText(
      inline,
      "openapi/wallet.yaml",
      "schema: { type: integer, minimum: 1, maximum: 100, default: 100 }",
      "schema: { type: integer, minimum: 1, maximum: 100, default: 100, const: 100 }",
    );
    const lines = locatedOf(inline);
    expect(lines).toContain(
      `${positionOf(inline, das, "const: 1")}: das #/methods/2 (getAssetsByOwner)/params/1/schema/const: [params-check] getAssetsByOwner params/properties/page: "const" is not a keyword the generated checks translate (nor an annotation); express the rule with type, enum, anyOf, pattern, minLength, maxLength, minimum, maximum, items, minItems, maxItems, properties, required, additionalProperties, dependentSchemas, allOf (of rules { if, then })`,
    );
    expect(lines).toContain(
      `${positionOf(inline, das, "maxLength: -1")}: das #/methods/2 (getAssetsByOwner)/params/5/schema/maxLength: [params-check] getAssetsByOwner params/properties/cursor: "maxLength" must be a non-negative integer (got -1)`,
    );
    expect(lines.join("\n")).toContain(
      `${positionOf(inline, "openrpc/sender.yaml", "const: false")}: sender #/methods/0 (sendTransaction)/x-query-params/0/schema/const: [params-check] sendTransaction params/properties/swqosOnly: "const"`,
    );
    expect(lines.join("\n")).toContain(
      `${positionOf(inline, "openapi/wallet.yaml", "const: 100")}: wallet #/paths/~1v1~1wallet~1{wallet}~1balances/get/parameters/2/schema/const (getBalances): [params-check] getBalances input/properties/limit: "const"`,
    );
  });

  it("a u64 request bound past 2^53, which the check would hold rounded: the only finding", () => {
    const copy = textEditedCopy(
      "schemas/sender.yaml",
      "    maxRetries:\n      type: integer\n      minimum: 0\n",
      "    maxRetries:\n      type: integer\n      format: uint64\n      minimum: 0\n      maximum: 18446744073709551614\n",
    );
    expect(locatedOf(copy)).toEqual([
      `${positionOf(copy, "schemas/sender.yaml", "maximum: 18446744073709551614")}: sender #/components/schemas/SendTransactionConfig/properties/maxRetries/maximum (sendTransaction): [params-check] sendTransaction params/properties/config/properties/maxRetries: "maximum" must be within ±9007199254740991 (2^53 − 1) on an integer: the generated check holds its bounds as numbers, so one past that is rounded and lets values beyond it through; a u64 or i64 is held to 64 bits without it (read as 18446744073709552000)`,
    ]);
  });

  it("a REST parameter serialized otherwise than the client sends it, and x-request-defaults the client would not apply", () => {
    const wallet = editedCopy("openapi/wallet.yaml", (doc) => {
      doc.paths["/v1/wallet/{wallet}/balances"].get.parameters[3].explode = false;
    });
    expect(locatedOf(wallet)).toContain(
      `${positionOf(wallet, "openapi/wallet.yaml", "name: showZeroBalance", "/v1/wallet/{wallet}/balances:")}: wallet #/paths/~1v1~1wallet~1{wallet}~1balances/get/parameters/3 (showZeroBalance): [parameter-style] operation getBalances: parameter showZeroBalance in query: the spec serializes it as style form, explode false; the generated client sends style form, explode true (remove style / explode, or teach scripts/generate/lib/operations.mjs the serialization)`,
    );
    const sender = editedCopy("openapi/sender.yaml", (doc) => {
      doc.paths["/ping"].get["x-request-defaults"].timeout = "5s";
    });
    expect(locatedOf(sender)).toContain(
      `${positionOf(sender, "openapi/sender.yaml", "x-request-defaults:")}: sender #/paths/~1ping/get/x-request-defaults (ping): [request-defaults] operation ping: x-request-defaults.timeout: must be a number of milliseconds > 0 (got "5s")`,
    );
  });

  it("a parameter without a schema (a JSON-RPC param, a REST parameter), which would generate an unchecked `unknown` / `string`", async () => {
    // The meta-schemas catch these too, but the generator used to emit them as a vAny check (any
    // value sent) typed `unknown` (JSON-RPC) or `string` (REST, openapi-typescript's default).
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      const byOwner = doc.methods.find((m: { name: string }) => m.name === "getAssetsByOwner");
      delete byOwner.params.find((p: { name: string }) => p.name === "limit").schema;
    });
    editCopy(specDir, "openapi/wallet.yaml", (doc) => {
      const balances = doc.paths["/v1/wallet/{wallet}/balances"].get;
      delete balances.parameters.find((p: { name: string }) => p.name === "limit").schema;
    });
    const located = locatedOf(specDir);
    expect(located).toContain(
      `${positionOf(specDir, "openrpc/das.yaml", "name: limit", "name: getAssetsByOwner")}: das #/methods/2/params/2 (limit): [parameter-schema] method getAssetsByOwner: param limit has no schema: its generated type would be \`unknown\` and its check would let any value through; give it a \`schema\``,
    );
    // The REST one alone: Spectral's meta-schema lines on the same parameter (`must have required
    // property "content"`, `must match exactly one schema in oneOf`, …) are left out (user trial 52).
    expect(
      located.filter((line) =>
        line.includes(": wallet #/paths/~1v1~1wallet~1{wallet}~1balances/get/parameters/2"),
      ),
    ).toEqual([
      `${positionOf(specDir, "openapi/wallet.yaml", "name: limit", "/v1/wallet/{wallet}/balances:")}: wallet #/paths/~1v1~1wallet~1{wallet}~1balances/get/parameters/2 (limit): [parameter-schema] operation getBalances: parameter limit in query: no schema: its generated type would be \`string\` and its check would let any value through; give it a \`schema\` (a \`content\` parameter is not supported)`,
    ]);
    // spec:check and `npm run generate` lint in a process of their own while the other rules run
    // (runAllChecksAsync): the same lines, Spectral's left out there too.
    const { located: checkedAsync } = await runAllChecksAsync(bundleAll({ write: false, specDir }));
    expect(checkedAsync).toEqual(located);
    bundleAll({ write: true, specDir });
    const target = mkdtempSync(join(tmpdir(), "chaindata-generate-"));
    try {
      await expect(generateInto({ distDir: join(specDir, "dist"), target })).rejects.toThrow(
        "[parameter-schema] method getAssetsByOwner: param limit has no schema",
      );
      expect(readdirSync(target)).toEqual([]);
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });

  it("in spec:check --area too (the selected area's documents alone)", () => {
    const specDir = renamedDasMethods({ getAsset: "stringifyJson" });
    const das = bundleAll({ write: false, specDir, only: ["das"] });
    expect(runAllChecks(das).located.join("\n")).toContain(
      `${positionOf(specDir, "openrpc/das.yaml", "name: stringifyJson")}: das #/methods/0 (stringifyJson): [name-clash] "stringifyJson"`,
    );
  });
});

describe("the generator's own refusal", () => {
  it("leads with the YAML position and the pointer there from spec/dist/sources.json, or sends the reader to spec:check without it", async () => {
    const specDir = renamedDasMethods({
      getNftEditions: "get-nft-editions",
      getAssetsByOwner: "rpc",
    });
    bundleAll({ write: true, specDir });
    const distDir = join(specDir, "dist");
    await expect(generate({ distDir })).rejects.toThrow(
      `the spec has 2 things the generator refuses (npm run spec:check reports them too):\n  ${positionOf(specDir, "openrpc/das.yaml", "name: get-nft-editions")}: #/methods/${NFT_EDITIONS} (get-nft-editions): [operation-name] "get-nft-editions": the name must be a JavaScript identifier`,
    );
    await expect(generate({ distDir })).rejects.toThrow(
      `\n  ${positionOf(specDir, "openrpc/das.yaml", "name: rpc")}: #/methods/${methodIndex("openrpc/das.yaml", "getAssetsByOwner")} (rpc): [name-clash] "rpc" is both method rpc's call (paginateRpc) and a parameter of the page walk`,
    );
    rmSync(join(distDir, "sources.json"));
    await expect(generate({ distDir })).rejects.toThrow(
      `spec/dist/openrpc/das.json#/methods/${NFT_EDITIONS} (get-nft-editions): [operation-name] "get-nft-editions": the name must be a JavaScript identifier (it names a generated function, descriptor and client member) (run npm run spec:check for the source location)`,
    );
  });

  it("names no bundle place: a shared schema's keyword at its own file and pointer, the schema the check reached and the other operation of one name at theirs", async () => {
    const specDir = editedCopy("schemas/asset.yaml", (doc) => {
      doc.GetAssetOptions.properties.showFungible.const = false;
    });
    editCopy(specDir, "openrpc/das.yaml", (doc) => {
      doc.methods[NFT_EDITIONS].name = "getAsset";
    });
    bundleAll({ write: true, specDir });
    const message = await generate({ distDir: join(specDir, "dist") }).then(
      () => "",
      (error: Error) => error.message,
    );
    const at = positionOf(specDir, "schemas/asset.yaml", "const: false", "\nGetAssetOptions:");
    expect(message).toContain(
      `\n  ${at}: #/GetAssetOptions/properties/showFungible/const (getAsset): [params-check] spec/schemas/asset.yaml#/GetAssetOptions (from getAsset params/properties/options)/properties/showFungible: "const" is not a keyword the generated checks translate`,
    );
    expect(message).toContain(
      `\n  ${positionOf(specDir, "openrpc/das.yaml", "name: getAsset\n", "name: getAssetsByAuthority")}: #/methods/${NFT_EDITIONS} (getAsset): [operation-name] "getAsset": the name is used twice in the package (also ${positionOf(specDir, "openrpc/das.yaml", "name: getAsset\n")} (#/methods/0)): rename one`,
    );
    expect(message).not.toContain("spec/dist");
  });
});

describe("the generator reports every refusal of the spec in one run", () => {
  /** The message `promise` (a generator run) is rejected with. */
  const refusalOf = async (promise: Promise<unknown>): Promise<string> => {
    try {
      await promise;
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error("the generator wrote the spec's code");
  };

  it("every keyword of every operation, each at its YAML position, and writes nothing", async () => {
    const das = "openrpc/das.yaml";
    // getAssetsByOwner: two keywords in two params (one the check emitter refuses, one it cannot
    // compile); getAssetsByAuthority: two in one param (validationSchema refuses both); getBalances:
    // a REST parameter's.
    const specDir = textEditedCopy(
      das,
      "schema: { type: integer, minimum: 1, maximum: 1000 }", // getAssetsByOwner's `limit`
      "schema: { type: [integer, string], minimum: 1, maximum: 1000 }",
    );
    editText(
      specDir,
      das,
      "schema: { type: string, minLength: 1 }", // getAssetsByOwner's `cursor`
      'schema: { type: string, minLength: 1, pattern: "(" }',
    );
    editText(
      specDir,
      das,
      "schema: { type: integer, minimum: 1, maximum: 1000 }", // now getAssetsByAuthority's `limit`
      "schema: { type: integer, minimum: 1, maximum: 1000, multipleOf: 10, exclusiveMaximum: 999 }",
    );
    editText(
      specDir,
      "openapi/wallet.yaml",
      "schema: { type: integer, minimum: 1, maximum: 100, default: 100 }",
      "schema: { type: integer, minimum: 1, maximum: 100, default: 100, const: 100 }",
    );
    bundleAll({ write: true, specDir });
    const distDir = join(specDir, "dist");
    const target = mkdtempSync(join(tmpdir(), "chaindata-generate-"));
    try {
      const message = await refusalOf(generateInto({ distDir, target }));
      const lines = message.split("\n").slice(1);
      expect(message.split("\n")[0]).toBe(
        "the spec has 5 things the generator refuses (npm run spec:check reports them too):",
      );
      const byOwner = "#/methods/2/params";
      const byAuthority = `#/methods/${BY_AUTHORITY}/params/2/schema`;
      expect(lines).toEqual([
        `  ${positionOf(specDir, das, "type: [integer, string]")}: ${byOwner}/2/schema/type (getAssetsByOwner): [params-check] getAssetsByOwner params/properties/limit: "type" with several types ["integer","string"] is not translated`,
        expect.stringMatching(
          new RegExp(
            `^  ${escape(positionOf(specDir, das, 'pattern: "("'))}: ${escape(byOwner)}/5/schema/pattern \\(getAssetsByOwner\\): \\[params-check\\] getAssetsByOwner params/properties/cursor: "pattern" does not compile with the u flag, as JSON Schema 2020-12, ajv and Prism read it: `,
          ),
        ),
        `  ${positionOf(specDir, das, "multipleOf: 10")}: ${byAuthority}/multipleOf (getAssetsByAuthority): [params-check] getAssetsByAuthority params/properties/limit: "multipleOf" is not a keyword the generated checks translate (nor an annotation); express the rule with type, enum, anyOf, pattern, minLength, maxLength, minimum, maximum, items, minItems, maxItems, properties, required, additionalProperties, dependentSchemas, allOf (of rules { if, then })`,
        expect.stringContaining(
          `  ${positionOf(specDir, das, "exclusiveMaximum: 999")}: ${byAuthority}/exclusiveMaximum (getAssetsByAuthority): [params-check] getAssetsByAuthority params/properties/limit: "exclusiveMaximum" is not a keyword`,
        ),
        expect.stringContaining(
          `  ${positionOf(specDir, "openapi/wallet.yaml", "const: 100")}: #/paths/~1v1~1wallet~1{wallet}~1balances/get/parameters/2/schema/const (getBalances): [params-check] getBalances input/properties/limit: "const" is not a keyword`,
        ),
      ]);
      // (--check refuses the same, and neither writes a file.)
      expect(await refusalOf(generateInto({ distDir, target, check: true }))).toBe(message);
      expect(readdirSync(target)).toEqual([]);
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("the rules' documentation", () => {
  it("decision 0004 lists every rule", async () => {
    // @ts-expect-error — plain ESM scripts without type declarations
    const { RULES } = await import("../../scripts/generate/lib/refusals.mjs");
    const decision = readFileSync(
      new URL("../../docs/decisions/0004-spec-checks.md", import.meta.url),
      "utf8",
    );
    const missing = Object.keys(RULES).filter((rule) => !decision.includes(`\`${rule}\``));
    expect(missing).toEqual([]);
  });
});
