// A finding of `npm run spec:check`, a refusal of the generator and an error of the bundler lead with
// the YAML file, line and column of what to fix (`spec/schemas/asset.yaml:24:7: das #/components/…`),
// not only the place in the bundle. Each test edits a copy of spec/ as an editor would (its layout
// kept), and finds the expected position by searching the copy's text (positionOf), not with the
// YAML parser that gives the positions.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { bundleAll } from "../../scripts/spec/bundle.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { formatPosition, sourcePosition } from "../../scripts/lib/spec-sources.mjs";
import {
  editText,
  locatedOf,
  methodIndex,
  positionOf,
  removeCopies,
  textEditedCopy,
} from "./spec-copy.js";

afterEach(removeCopies);

/** The message bundling the copy in `specDir` fails with. */
function bundlingError(specDir: string): string {
  try {
    bundleAll({ write: false, specDir });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the copy bundled");
}

describe("a spec:check finding leads with its YAML position, then the place in the bundle", () => {
  it("in a shared schema file: the keyword's line and column, for both validators that report it", () => {
    const slot = "      description: All data up to and including this slot is indexed.\n";
    const specDir = textEditedCopy("schemas/asset.yaml", slot, `${slot}      minimum: "zero"\n`);
    const at = positionOf(specDir, "schemas/asset.yaml", 'minimum: "zero"');
    expect(at).toMatch(/^spec\/schemas\/asset\.yaml:\d+:7$/);
    expect(locatedOf(specDir)).toEqual([
      `${at}: das #/components/schemas/Asset/properties/last_indexed_slot/minimum: OpenRPC meta-schema: should be number`,
      `${at}: das #/components/schemas: schema is invalid: data/$defs/Asset/properties/last_indexed_slot/minimum must be number`,
    ]);
  });

  it("in a shared schema's example: the item, once, naming every area that copies the schema", () => {
    // (It was one line per area, the same line at the same place: six lines for one fix.)
    const address = '["86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY"]';
    const specDir = textEditedCopy("schemas/common.yaml", address, '["0OIl-not-base58"]');
    const at = positionOf(specDir, "schemas/common.yaml", '"0OIl-not-base58"');
    expect(locatedOf(specDir)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${at}: ([a-z-]+, )+[a-z-]+ #/components/schemas/Address/examples/0: example value must match pattern`,
        ),
      ),
    ]);
  });

  it("in an area document's JSON-RPC method: the key, or the method when the finding is about it", () => {
    const das = "openrpc/das.yaml";
    const specDir = textEditedCopy(das, "paramStructure: by-name", "paramStructure: by-nam");
    editText(specDir, das, "    summary: Get one asset by its id.\n", "");
    expect(locatedOf(specDir)).toEqual([
      `${positionOf(specDir, das, "name: getAsset\n")}: das #/methods/0 (getAsset): summary is required`,
      `${positionOf(specDir, das, "paramStructure: by-nam\n")}: das #/methods/0 (getAsset)/paramStructure: OpenRPC meta-schema: should be equal to one of the allowed values ["by-position","by-name","either"]`,
    ]);
  });

  it("in an area document's REST operation: a parameter (Spectral), an example value, an x-pagination key, the operation", () => {
    const wallet = "openapi/wallet.yaml";
    const specDir = textEditedCopy(
      wallet,
      "          description: Include token accounts with a zero balance.\n",
      "",
    );
    editText(
      specDir,
      wallet,
      "              summary: Hide zero balances\n              value: false",
      "              summary: Hide zero balances\n              value: 3",
    );
    editText(specDir, wallet, "limit: limit, items: balances", "limit: limt, items: balances");
    editText(
      specDir,
      "openapi/admin.yaml",
      "      x-cost: { credits: null, x-source: seed }",
      "      x-rate-limit-note: { x-source: seed }",
    );
    const value = positionOf(specDir, wallet, "value: 3");
    const located = locatedOf(specDir);
    for (const line of [
      `${positionOf(specDir, wallet, "name: showZeroBalance")}: wallet #/paths/~1v1~1wallet~1{wallet}~1balances/get/parameters/3: [parameter-description] Every parameter has a description (the SDK's JSDoc and the docs site show it); give the parameter a description: what the value is, in the caller's words`,
      `${value}: wallet #/paths/~1v1~1wallet~1{wallet}~1balances/get/parameters/3/examples/hideZero: example value must be boolean (got 3)`,
      `${positionOf(specDir, wallet, "limit: limt")}: wallet GET /v1/wallet/{wallet}/balances (getBalances): x-pagination.limit: "limt" is not a param of the operation (params: wallet, page, limit, showZeroBalance, showNative, showNfts)`,
    ])
      expect(located).toContain(line);
    // (Said once: Spectral's example rules, which said it again, are off in spec/.spectral.yaml.)
    expect(located.filter((line) => line.startsWith(`${value}: `))).toHaveLength(1);
    expect(located.join("\n")).toContain(
      `${positionOf(specDir, "openapi/admin.yaml", "get:", "/v0/admin/projects/{id}/usage:")}: admin GET /v0/admin/projects/{id}/usage (getProjectUsage): needs x-cost`,
    );
  });

  it("an error every call lists, left out: at the REST operation's responses, at the JSON-RPC method's errors", () => {
    const wallet = "openapi/wallet.yaml";
    const das = "openrpc/das.yaml";
    const tooMany =
      '        "429": { $ref: "./_shared.yaml#/components/responses/TooManyRequests" }\n';
    const specDir = textEditedCopy(wallet, tooMany, "");
    // (getNftEditions' list, the one after its name: Unauthorized and the DAS rate limit left out.)
    const text = readFileSync(join(specDir, das), "utf8");
    const start = text.indexOf("  - name: getNftEditions\n");
    const rest = text
      .slice(start)
      .replace('      - $ref: "./_shared.yaml#/components/errors/Unauthorized"\n', "")
      .replace('      - $ref: "./_shared.yaml#/components/errors/DasRateLimited"\n', "");
    editText(specDir, das, text.slice(start), rest);
    const i = methodIndex(das, "getNftEditions");
    expect(locatedOf(specDir)).toEqual([
      `${positionOf(specDir, wallet, "responses:", "operationId: getIdentity")}: wallet GET /v1/wallet/{wallet}/identity (getIdentity): responses: does not list 429: every REST operation lists 400, 401, 403 and 429 (spec/README.md "Errors"); add "429": { $ref: "./_shared.yaml#/components/responses/TooManyRequests" }`,
      `${positionOf(specDir, das, "errors:", "name: getNftEditions")}: das #/methods/${i} (getNftEditions)/errors: does not list Unauthorized (-32001) or a rate-limit error: every JSON-RPC method lists InvalidParams (-32602), Unauthorized (-32001), Forbidden (-32003) and a rate-limit error (one whose x-error-info httpStatus is 429) (spec/README.md "Errors"); add { $ref: "./_shared.yaml#/components/errors/Unauthorized" }, { $ref: "./_shared.yaml#/components/errors/DasRateLimited" }`,
    ]);
  });

  it("a required list without its x-source: at the list, in the shared schema file", () => {
    const compression = "schemas/compression.yaml";
    const specDir = textEditedCopy(
      compression,
      /^ {2}x-source: "assumption: slot is listed as required.*\n/m.exec(
        readFileSync(new URL(`../../spec/${compression}`, import.meta.url), "utf8"),
      )![0],
      "",
    );
    expect(locatedOf(specDir)).toEqual([
      `${positionOf(specDir, compression, "required: [slot]")}: compression #/components/schemas/CompressionContext/required: [slot] has no x-source: say beside it where each name's requiredness comes from, "seed", "public-docs: <where>" or "assumption: <why>" (spec/README.md, "Provenance")`,
    ]);
  });

  it("OpenAPI 3.0's nullable and singular example: each at its keyword, with what to write instead", () => {
    const slot = "      description: All data up to and including this slot is indexed.\n";
    const specDir = textEditedCopy(
      "schemas/asset.yaml",
      slot,
      `${slot}      nullable: true\n      example: 3\n`,
    );
    editText(
      specDir,
      "schemas/asset.yaml",
      "    total:\n      type: integer\n",
      "    total:\n      type: integer\n      nullable: true\n",
    );
    const located = locatedOf(specDir);
    const file = "schemas/asset.yaml";
    for (const line of [
      `${positionOf(specDir, file, "nullable: true")}: das #/components/schemas/Asset/properties/last_indexed_slot: "nullable" is outside the spec's JSON Schema subset (spec/README.md): write anyOf: [{ $ref: <the same> }, { type: "null" }] instead`,
      `${positionOf(specDir, file, "example: 3")}: das #/components/schemas/Asset/properties/last_indexed_slot: "example" is outside the spec's JSON Schema subset (spec/README.md): write examples: [3] instead (a list)`,
      `${positionOf(specDir, file, "nullable: true", "    total:\n      type: integer\n")}: das #/components/schemas/AssetList/properties/total: "nullable" is outside the spec's JSON Schema subset (spec/README.md): write type: [integer, "null"] instead`,
    ])
      expect(located).toContain(line);
  });

  it("what the generator refuses: at the YAML place of the bundle's pointer", () => {
    const specDir = textEditedCopy(
      "openrpc/das.yaml",
      "  - name: getAsset\n",
      "  - name: get-asset\n",
    );
    expect(locatedOf(specDir)).toEqual([
      // (The rename leaves token-metadata's replacement naming no operation: review 76, F3.)
      `${positionOf(specDir, "openapi/token-metadata.yaml", "x-replaced-by:")}: token-metadata #/paths/~1v0~1token-metadata/post (getTokenMetadata)/x-replaced-by: names getAsset, which is no operation of @chaindata/das: a replacement renamed or removed? (the SDK's warning says "use DAS getAsset / getAssetBatch (@chaindata/das) instead")`,
      // (And das's "These five (…)" sentence naming it: user trial 69, F6.)
      `${positionOf(specDir, "openrpc/das.yaml", "description:", "info:")}: das #/info/description: the "These N (…) are the DAS methods this API description covers" sentence, which the package's README and the docs repeat, is not the spec's: it leaves out get-asset, a method of the spec; it lists getAsset, which is not a method of the spec; write "These five (\`get-asset\`, \`getAssetBatch\`, \`getAssetsByOwner\`, \`getAssetsByAuthority\`, \`getNftEditions\`) are the DAS methods this API description covers, and so the \`@chaindata/das\` package's: the service's other DAS methods (\`searchAssets\`, \`getAssetsByGroup\`, \`getAssetProof\` and more) are outside it." (spec/README.md, step 6 of "Adding or changing an operation")`,
      `${positionOf(specDir, "openrpc/das.yaml", "name: get-asset")}: das #/methods/0 (get-asset): [operation-name] "get-asset": the name must be a JavaScript identifier (it names a generated function, descriptor and client member)`,
    ]);
  });

  it("in a part the bundler copies from spec/hosts.yaml: the host's entry", () => {
    const specDir = textEditedCopy(
      "hosts.yaml",
      'fra: "http://fra-sender.helius-rpc.com"',
      'fra: "http://fra-sender.helius-rpc.com/fast"',
    );
    expect(locatedOf(specDir)).toContain(
      `${positionOf(specDir, "hosts.yaml", "fra:")}: sender #/servers/0/x-regions/fra: must be an http(s) origin without a path, query or trailing slash, got "http://fra-sender.helius-rpc.com/fast"`,
    );
  });

  it("where the YAML has no such place: the nearest that maps, said to be of it (never another line)", () => {
    // ajv names no schema for an unknown keyword: the components, which das.yaml does not have.
    const slot = "      description: All data up to and including this slot is indexed.\n";
    const specDir = textEditedCopy("schemas/asset.yaml", slot, `${slot}      minimun: 3\n`);
    expect(locatedOf(specDir)).toEqual([
      `${positionOf(specDir, "openrpc/das.yaml", "openrpc: 1.3")} (of the enclosing document): das #/components/schemas: strict mode: unknown keyword: "minimun"`,
      `${positionOf(specDir, "schemas/asset.yaml", "minimun: 3")}: das #/components/schemas/Asset/properties/last_indexed_slot: "minimun" is outside the spec's JSON Schema subset (spec/README.md): did you mean minimum?`,
    ]);
    // The server's URL is written by the bundler, from the host's entry.
    const [sender] = bundleAll({ write: false, only: ["sender"] });
    const position = sourcePosition(sender.origins, "#/servers/0/url", sender.specDir);
    expect(formatPosition(position)).toBe(
      `${positionOf(sender.specDir, "hosts.yaml", "sender:", "hosts:")} (of #/hosts/sender, which the bundler wrote it from)`,
    );
  });
});

describe("a bundling error leads with the YAML position", () => {
  it("a YAML syntax error, in a file a $ref reads", () => {
    const slot = "      description: All data up to and including this slot is indexed.\n";
    const specDir = textEditedCopy("schemas/asset.yaml", slot, `${slot}      description: again\n`);
    expect(bundlingError(specDir)).toBe(
      `${positionOf(specDir, "schemas/asset.yaml", "description: again")}: YAML: \`description:\` is a key twice in one mapping (first at line ${Number(positionOf(specDir, "schemas/asset.yaml", slot.trim()).split(":")[1])}): remove or rename one (YAML keeps one value of a key)`,
    );
  });

  it("an indentation mistake: the line to fix, at its key, and what went wrong (user trial 34, F13a)", () => {
    const supply = '    supply:\n      $ref: "./common.yaml#/U64"\n      description: The token';
    const deeper = textEditedCopy(
      "schemas/asset.yaml",
      supply,
      supply.replace("      description:", "        description:"),
    );
    const ref = positionOf(
      deeper,
      "schemas/asset.yaml",
      '$ref: "./common.yaml#/U64"\n        description: The token',
    );
    expect(bundlingError(deeper)).toBe(
      `${positionOf(deeper, "schemas/asset.yaml", "description: The token", "    supply:\n      $ref")}: YAML: \`description:\` is indented 8 spaces, deeper than \`$ref:\` on line ${ref.split(":")[1]} (6), which already has a value: a key cannot go under it. Indent it 6 spaces to make it a key beside \`$ref:\`, or move \`$ref:\`'s value under it to nest it`,
    );
    const shallower = textEditedCopy(
      "schemas/asset.yaml",
      supply,
      supply.replace("      description:", "     description:"),
    );
    expect(bundlingError(shallower)).toMatch(
      new RegExp(
        `^${positionOf(shallower, "schemas/asset.yaml", "description: The token", "    supply:\n      $ref").replace(/\./g, "\\.")}: YAML: \`description:\` is indented 5 spaces, which lines up with no key above it: 6 spaces puts it beside \`\\$ref:\``,
      ),
    );
  });

  it("a YAML syntax error in an area document", () => {
    const specDir = textEditedCopy(
      "openrpc/das.yaml",
      "    summary: Get one asset by its id.",
      '    summary: "Get one asset by its id.',
    );
    expect(bundlingError(specDir)).toMatch(/^spec\/openrpc\/das\.yaml:\d+:\d+: YAML: \S/);
  });

  it("a bad $ref: in an area document, in a shared schema file, in a _shared.yaml component", () => {
    const das = textEditedCopy(
      "openrpc/das.yaml",
      'schema: { $ref: "../schemas/asset.yaml#/Asset" }',
      'schema: { $ref: "../schemas/asset.yaml#/NoSuchSchema" }',
    );
    // (The message names what the file holds instead, nearest first: user trial 42.)
    const nearest = /its nearest names: ((?:\w+, ){4}\w+), of/.exec(bundlingError(das))?.[1];
    const assetNames = (
      readFileSync(join(das, "schemas/asset.yaml"), "utf8").match(/^\w+:/gm) ?? []
    ).length;
    expect(bundlingError(das)).toBe(
      `${positionOf(das, "openrpc/das.yaml", '$ref: "../schemas/asset.yaml#/NoSuchSchema"')}: #/methods/0/result/schema/$ref: bad $ref "../schemas/asset.yaml#/NoSuchSchema": nothing at that location (spec/schemas/asset.yaml has no NoSuchSchema; its nearest names: ${nearest}, of ${assetNames}): point the $ref at one of them, or add NoSuchSchema there`,
    );
    const asset = textEditedCopy(
      "schemas/asset.yaml",
      '$ref: "./common.yaml#/Slot"',
      '$ref: "./common.yaml#/Slott"',
    );
    expect(bundlingError(asset)).toBe(
      `${positionOf(asset, "schemas/asset.yaml", '$ref: "./common.yaml#/Slott"')}: #/Asset/properties/last_indexed_slot/$ref: bad $ref "./common.yaml#/Slott": nothing at that location (spec/schemas/common.yaml has no Slott; its nearest names: Slot, ${/its nearest names: Slot, (.*)\): point/.exec(bundlingError(asset))?.[1]}): point the $ref at one of them, or add Slott there`,
    );
    const shared = textEditedCopy(
      "openapi/_shared.yaml",
      '    BadRequest:\n      description: The request is malformed or violates a parameter rule.\n      x-source: "public-docs: D components/responses 400; body shape kept open"\n      content:\n        application/json:\n          schema: { $ref: "../schemas/http.yaml#/ErrorBody" }',
      '    BadRequest:\n      description: The request is malformed or violates a parameter rule.\n      x-source: "public-docs: D components/responses 400; body shape kept open"\n      content:\n        application/json:\n          schema: { $ref: "../schemas/http.yaml#/ErrorBodyy" }',
    );
    expect(bundlingError(shared)).toBe(
      `${positionOf(shared, "openapi/_shared.yaml", '$ref: "../schemas/http.yaml#/ErrorBodyy"')}: #/components/responses/BadRequest/content/application~1json/schema/$ref: bad $ref "../schemas/http.yaml#/ErrorBodyy": nothing at that location (spec/schemas/http.yaml has no ErrorBodyy; its nearest names: ErrorBody): point the $ref at one of them, or add ErrorBodyy there`,
    );
  });

  it("every bad $ref of one run, each once at its place, then fails", () => {
    // (A contributor with three typos ran spec:bundle three times: it told the first alone.)
    const specDir = textEditedCopy(
      "openrpc/das.yaml",
      'schema: { $ref: "../schemas/asset.yaml#/Asset" }',
      'schema: { $ref: "../schemas/asset.yaml#/Assett" }',
    );
    editText(
      specDir,
      "schemas/asset.yaml",
      '$ref: "./common.yaml#/Address"',
      '$ref: "./comon.yaml#/Address"',
    );
    editText(
      specDir,
      "openapi/_shared.yaml",
      'schema: { $ref: "../schemas/http.yaml#/ErrorBody" }',
      'schema: { $ref: "../schemas/http.yaml#/ErrorBodyy" }',
    );
    const lines = bundlingError(specDir).split("\n");
    // (bundleAll's heading claims nothing: each command says what it leaves undone, below.)
    expect(lines[0]).toBe(`${lines.length - 1} mistakes, one a line:`);
    const mistakes = lines.slice(1).map((line) => line.replace(/^ {2}/, ""));
    // Each once, however many areas reach it, with its position, file by file in reading order.
    expect(new Set(mistakes).size).toBe(mistakes.length);
    expect(mistakes.map((m) => m.slice(0, m.indexOf(":")))).toEqual([
      "spec/openapi/_shared.yaml",
      "spec/openrpc/das.yaml",
      "spec/schemas/asset.yaml",
    ]);
    expect(mistakes.filter((m) => m.includes('"../schemas/asset.yaml#/Assett"'))).toEqual([
      expect.stringMatching(
        /^spec\/openrpc\/das\.yaml:\d+:\d+: #\/methods\/0\/result\/schema\/\$ref: bad \$ref .*: point the \$ref at one of them, or add Assett there$/,
      ),
    ]);
    expect(mistakes.filter((m) => m.includes('"./comon.yaml#/Address"'))).toEqual([
      `${positionOf(specDir, "schemas/asset.yaml", '$ref: "./comon.yaml#/Address"')}: #/Asset/properties/id/$ref: bad $ref "./comon.yaml#/Address": there is no spec/schemas/comon.yaml: did you mean "./common.yaml" (spec/schemas/common.yaml)?`,
    ]);
    expect(mistakes.filter((m) => m.includes('"../schemas/http.yaml#/ErrorBodyy"'))).toEqual([
      `${positionOf(specDir, "openapi/_shared.yaml", '$ref: "../schemas/http.yaml#/ErrorBodyy"')}: #/components/responses/BadRequest/content/application~1json/schema/$ref: bad $ref "../schemas/http.yaml#/ErrorBodyy": nothing at that location (spec/schemas/http.yaml has no ErrorBodyy; its nearest names: ErrorBody): point the $ref at one of them, or add ErrorBodyy there`,
    ]);
    // Nothing but bad $refs, and no $ref told twice (a copied $ref that bundled to nothing is the
    // one bad $ref it came from, not a second "nothing at that location" of the bundle's).
    expect(mistakes.every((m) => /: bad \$ref "/.test(m))).toBe(true);
    expect(mistakes.some((m) => m.includes('bad $ref "#/components/'))).toBe(false);
  });

  it("a bad $ref in a YAML anchor's node is one mistake, at the anchor, however many aliases", () => {
    // (Parsed, an alias is the anchor's node itself: the walk meets that $ref once per place.)
    const options = 'schema: { $ref: "../schemas/asset.yaml#/GetAssetOptions" }';
    const specDir = textEditedCopy(
      "openrpc/das.yaml",
      options,
      'schema: &options { $ref: "../schemas/assett.yaml#/GetAssetOptions" }',
    );
    editText(specDir, "openrpc/das.yaml", options, "schema: *options");
    expect(bundlingError(specDir)).toBe(
      `${positionOf(specDir, "openrpc/das.yaml", '$ref: "../schemas/assett.yaml')}: #/methods/0/params/1/schema/$ref: bad $ref "../schemas/assett.yaml#/GetAssetOptions": there is no spec/schemas/assett.yaml: did you mean "../schemas/asset.yaml" (spec/schemas/asset.yaml)?`,
    );
  });

  it("two schemas of one name that reach one bundle: both YAML places (user trial 34, F13c)", () => {
    const wallet = "schemas/wallet.yaml";
    const ref = '$ref: "./common.yaml#/Address"';
    const specDir = textEditedCopy(wallet, ref, '$ref: "#/Address"');
    const own =
      "Address:\n  title: Address\n  description: A wallet's own address.\n  type: string\n\n";
    editText(
      specDir,
      wallet,
      "WalletBatchIdentityResponse:\n",
      `${own}WalletBatchIdentityResponse:\n`,
    );
    const message = bundlingError(specDir);
    expect(message).toContain(
      `component name clash: two schemas named Address reach this bundle, ${positionOf(specDir, "schemas/common.yaml", "Address:\n  title: Address")} and ${positionOf(specDir, wallet, own)} (the bundle holds one of a name): rename one, and the $refs to it`,
    );
    expect(message.startsWith(`${positionOf(specDir, wallet, '$ref: "#/Address"')}: #/`)).toBe(
      true,
    );
  });

  it("a local $ref to nothing, and a $ref to a file that is not there", () => {
    const local = textEditedCopy(
      "openrpc/das.yaml",
      'schema: { $ref: "../schemas/asset.yaml#/Asset" }',
      'schema: { $ref: "#/components/schemas/Nothing" }',
    );
    // (What to do too: the names the bundle holds there, nearest first.)
    expect(bundlingError(local)).toBe(
      `${positionOf(local, "openrpc/das.yaml", '$ref: "#/components/schemas/Nothing"')}: #/methods/0/result/schema/$ref: bad $ref "#/components/schemas/Nothing": nothing at that location (the bundle has no Nothing at #/components/schemas; its nearest names: ${/its nearest names: (.*)\): point/.exec(bundlingError(local))?.[1]}): point the $ref at one of them, or $ref the file that defines Nothing (../schemas/<domain>.yaml#/Nothing)`,
    );
    const assets = textEditedCopy(
      "openrpc/das.yaml",
      'schema: { $ref: "../schemas/asset.yaml#/Asset" }',
      'schema: { $ref: "#/components/schemas/Assets" }',
    );
    expect(bundlingError(assets)).toMatch(/ its nearest names: Asset, /);
    const missing = textEditedCopy(
      "openrpc/das.yaml",
      'schema: { $ref: "../schemas/asset.yaml#/Asset" }',
      'schema: { $ref: "../schemas/assets.yaml#/Asset" }',
    );
    expect(bundlingError(missing)).toBe(
      `${positionOf(missing, "openrpc/das.yaml", '$ref: "../schemas/assets.yaml#/Asset"')}: #/methods/0/result/schema/$ref: bad $ref "../schemas/assets.yaml#/Asset": there is no spec/schemas/assets.yaml: did you mean "../schemas/asset.yaml" (spec/schemas/asset.yaml)?`,
    );
    // A misspelt folder was "not allowed (only spec/schemas/* and _shared.yaml)", as if the file
    // were one a $ref may not reach (user trial 58, F5); a file far from every one is said so.
    const folder = textEditedCopy(
      "schemas/asset.yaml",
      '$ref: "./common.yaml#/Address"',
      '$ref: "../common.yaml#/Address"',
    );
    expect(bundlingError(folder)).toBe(
      `${positionOf(folder, "schemas/asset.yaml", '$ref: "../common.yaml#/Address"')}: #/Asset/properties/id/$ref: bad $ref "../common.yaml#/Address": there is no spec/common.yaml: did you mean "./common.yaml" (spec/schemas/common.yaml)?`,
    );
    const shared = textEditedCopy(
      "openrpc/das.yaml",
      '$ref: "./_shared.yaml#/components/errors/InvalidParams"',
      '$ref: "./_shared.yml#/components/errors/InvalidParams"',
    );
    expect(bundlingError(shared)).toContain(
      `bad $ref "./_shared.yml#/components/errors/InvalidParams": there is no spec/openrpc/_shared.yml: did you mean "./_shared.yaml" (spec/openrpc/_shared.yaml)?`,
    );
    const far = textEditedCopy(
      "openrpc/das.yaml",
      'schema: { $ref: "../schemas/asset.yaml#/Asset" }',
      'schema: { $ref: "../schemas/nft-things.yaml#/Asset" }',
    );
    expect(bundlingError(far)).toContain(
      `bad $ref "../schemas/nft-things.yaml#/Asset": there is no spec/schemas/nft-things.yaml (a $ref reaches spec/schemas/<domain>.yaml or the area folder's _shared.yaml)`,
    );
    // A URL or an absolute path is no misspelt file of the spec: it was looked for under the
    // document's folder, "there is no spec/openrpc/https:/x.example/asset.yaml" (review 81, F3).
    for (const written of ["https://x.example/asset.yaml#/Asset", "/schemas/asset.yaml#/Asset"]) {
      const remote = textEditedCopy(
        "openrpc/das.yaml",
        'schema: { $ref: "../schemas/asset.yaml#/Asset" }',
        `schema: { $ref: "${written}" }`,
      );
      expect(bundlingError(remote)).toBe(
        `${positionOf(remote, "openrpc/das.yaml", `$ref: "${written}"`)}: #/methods/0/result/schema/$ref: bad $ref "${written}": a $ref is a path relative to its own file, to spec/schemas/<domain>.yaml or the area folder's _shared.yaml: a URL or an absolute path is not followed`,
      );
    }
  });
});
