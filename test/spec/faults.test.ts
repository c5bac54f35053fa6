// The spec checks can fail: each test copies spec/ to a temporary folder, breaks
// one thing, and expects the same checks `npm test` runs to report it.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { bundleAll, clearCache, staleBundles } from "../../scripts/spec/bundle.mjs";
import {
  checkExamples,
  checkOperationNames,
  checkSchemaRules,
  checkU64Names,
  lintOpenApi,
  runAllChecks,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../scripts/spec/rules.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { generatorRefusals } from "../../scripts/generate/lib/refusals.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { mistakeId } from "../../scripts/lib/mistake-ids.mjs";
import {
  editCopy,
  editText,
  editedCopy,
  findingsOf,
  locatedOf,
  methodIndex,
  positionOf,
  removeCopies,
  textEditedCopy,
} from "./spec-copy.js";

/**
 * Sets the modification times of files of the copy in `specDir`, each `seconds` after one fixed
 * moment: which file was written last, for the rules that read it, told exactly (a copy and its
 * edit can fall in one tick of the file system's clock).
 */
function writtenAt(specDir: string, seconds: Record<string, number>): void {
  const moment = Date.now() / 1000 - 3600;
  for (const [file, s] of Object.entries(seconds))
    utimesSync(join(specDir, file), moment + s, moment + s);
}

/** `text` as a regular expression that matches it literally. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

// (The one test that copies spec/ itself, dist included.)
let dir: string | undefined;
afterEach(() => {
  removeCopies();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("spec checks catch", () => {
  it("a broken example", () => {
    const specDir = editedCopy("schemas/common.yaml", (doc) => {
      doc.Address.examples = ["0OIl-not-base58"];
    });
    const findings = findingsOf(specDir);
    expect(findings.join("\n")).toMatch(/Address\/examples\/0: example value must match pattern/);
  });

  it("a bad $ref", () => {
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods[0].result.schema = { $ref: "../schemas/asset.yaml#/NoSuchSchema" };
    });
    expect(() => bundleAll({ write: false, specDir })).toThrow(
      /bad \$ref "\.\.\/schemas\/asset\.yaml#\/NoSuchSchema"/,
    );
  });

  it("a $ref to a missing file, naming the file, line and column and the JSON path of the reference", () => {
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods[0].result.schema = { $ref: "../schemas/assets.yaml#/Asset" };
    });
    expect(() => bundleAll({ write: false, specDir })).toThrow(
      /^spec\/openrpc\/das\.yaml:\d+:\d+: #\/methods\/0\/result\/schema\/\$ref: bad \$ref "\.\.\/schemas\/assets\.yaml#\/Asset": there is no spec\/schemas\/assets\.yaml: did you mean "\.\.\/schemas\/asset\.yaml" \(spec\/schemas\/asset\.yaml\)\?$/,
    );
  });

  it("a spec edit that spec/dist does not hold yet (generate refuses to run on it)", () => {
    dir = mkdtempSync(join(tmpdir(), "chaindata-spec-"));
    cpSync(new URL("../../spec", import.meta.url), dir, { recursive: true });
    expect(staleBundles(dir)).toEqual([]);
    const file = join(dir, "openrpc/das.yaml");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace(
        "summary: Get one asset by its id.",
        "summary: Get one asset by id.",
      ),
    );
    clearCache();
    expect(staleBundles(dir)).toEqual(["spec/dist/openrpc/das.json"]);
  });

  it("a keyword outside the JSON Schema subset, in any schema (nullable, a misspelling, exclusiveMaximum), with what to write instead", () => {
    const specDir = editedCopy("schemas/asset.yaml", (doc) => {
      doc.AssetList.properties.total.nullable = true;
      doc.AssetList.properties.limit.minimun = 1;
      doc.AssetList.properties.limit.maxlength = 10;
      doc.AssetList.properties.page.exclusiveMaximum = 5;
      doc.AssetList.properties.grand_total.exclusiveMinimum = 0.5;
      doc.AssetList.properties.cursor.sortable = true;
    });
    const findings = findingsOf(specDir);
    // (A misspelling is named by the keyword it is nearest to, user trial 52; a name more than two
    // edits from every keyword, `sortable`, by none: a guess there would mislead.)
    for (const [property, keyword, instead] of [
      ["total", "nullable", ': write type: [integer, "null"] instead'],
      ["limit", "minimun", ": did you mean minimum?"],
      ["limit", "maxlength", ": did you mean maxLength?"],
      [
        "page",
        "exclusiveMaximum",
        ": write maximum: 4 instead (the subset's bounds are inclusive)",
      ],
      [
        "grand_total",
        "exclusiveMinimum",
        ": write minimum: 1 instead (the subset's bounds are inclusive)",
      ],
      ["cursor", "sortable", ""],
    ]) {
      expect(findings).toContain(
        `das #/components/schemas/AssetList/properties/${property}: "${keyword}" is outside the spec's JSON Schema subset (spec/README.md)${instead}`,
      );
    }
  });

  it("an x-pattern-description that is not words beside a pattern (the client's check reads it as its message)", () => {
    const specDir = editedCopy("schemas/webhook.yaml", (doc) => {
      doc.WebhookUrl["x-pattern-description"] = "";
      doc.TransactionTypeFilter["x-pattern-description"] = "a type"; // (an array: no pattern)
    });
    const text = findingsOf(specDir).join("\n");
    for (const schema of ["WebhookUrl", "TransactionTypeFilter"])
      expect(text).toContain(
        `webhooks #/components/schemas/${schema}: x-pattern-description must be a non-empty string beside a pattern (what the pattern accepts, in words)`,
      );
    // The generator refuses it too, at the request param it would check.
    expect(text).toMatch(/\[params-check\][^\n]*x-pattern-description/);
  });

  it("a pattern without an x-pattern-description (the client's message would quote the regex)", () => {
    const specDir = editedCopy("schemas/common.yaml", (doc) => {
      delete doc.Signature["x-pattern-description"];
    });
    // (One line for the shared schema, naming the areas that copy it.)
    expect(findingsOf(specDir)).toContainEqual(
      expect.stringMatching(
        /^([a-z-]+, )*compression(, [a-z-]+)+ #\/components\/schemas\/Signature: a pattern needs an x-pattern-description \(what it accepts, in words: the client's message says it instead of quoting the pattern\)$/,
      ),
    );
  });

  it("a page's limit raised, its items' maxItems left behind (user trial 34, F3): at the result's maxItems, naming the limit's YAML place", () => {
    const limit =
      "editions per page, 1 to 1,000. The hosted default is not documented.\n        schema: { type: integer, minimum: 1, maximum: 1000 }";
    const specDir = textEditedCopy(
      "openrpc/das.yaml",
      limit,
      limit.replace("1,000", "2,000").replace("1000", "2000"),
    );
    const editions = methodIndex("openrpc/das.yaml", "getNftEditions");
    const maximum = positionOf(specDir, "openrpc/das.yaml", "maximum: 2000");
    expect(locatedOf(specDir)).toContain(
      `${positionOf(specDir, "schemas/asset.yaml", "maxItems: 1000", "    editions:")}: das #/components/schemas/EditionList/properties/editions: maxItems 1000 follows the request bound of getNftEditions's limit (maximum: 2000, at ${maximum} (#/methods/${editions}/params/2/schema/maximum)), since a page holds at most the limit asked for; write maxItems: 2000 here (the two are one number: a changed request bound moves this one too, spec/README.md "Changing a bound")`,
    );
  });

  it("a deprecated operation's summary that says so again, at the summary's YAML line (review 66)", () => {
    const specDir = textEditedCopy(
      "openapi/token-metadata.yaml",
      "summary: Get token metadata\n",
      "summary: Get token metadata (deprecated)\n",
    );
    expect(locatedOf(specDir)).toContain(
      `${positionOf(specDir, "openapi/token-metadata.yaml", "summary: Get token metadata (deprecated)")}: token-metadata #/paths/~1v0~1token-metadata/post (getTokenMetadata)/summary: says the operation is deprecated ("Get token metadata (deprecated)"), which \`deprecated: true\` and x-replaced-by already make the JSDoc, the docs page and the tool description say: take that sentence out (spec/README.md, "Deprecating an operation")`,
    );
  });

  it("an operation without a credit cost (x-cost; credits: null where the service documents none)", () => {
    const specDir = editedCopy("openapi/admin.yaml", (doc) => {
      delete doc.paths["/v0/admin/projects/{id}/usage"].get["x-cost"];
    });
    expect(findingsOf(specDir).join("\n")).toContain(
      "admin GET /v0/admin/projects/{id}/usage (getProjectUsage): needs x-cost",
    );
    // (A JSON-RPC method's place is its pointer: its wire, `POST /`, is every method's.)
    const rpc = editedCopy("openrpc/das.yaml", (doc) => {
      delete doc.methods.find((m: { name: string }) => m.name === "getAsset")["x-cost"];
    });
    expect(locatedOf(rpc)).toEqual([
      `${positionOf(rpc, "openrpc/das.yaml", "name: getAsset")}: das #/methods/${methodIndex("openrpc/das.yaml", "getAsset")} (getAsset): needs x-cost: { credits: <whole number>, or null when the service documents none, x-source: … }`,
    ]);
  });

  it("a REST parameter without a description (as an OpenRPC param without one)", () => {
    const specDir = editedCopy("openapi/wallet.yaml", (doc) => {
      delete doc.paths["/v1/wallet/{wallet}/balances"].get.parameters[2].description;
    });
    expect(findingsOf(specDir)).toContain(
      "wallet #/paths/~1v1~1wallet~1{wallet}~1balances/get/parameters/2: [parameter-description] Every parameter has a description (the SDK's JSDoc and the docs site show it); give the parameter a description: what the value is, in the caller's words",
    );
  });

  it("a schema property, component schema or method result without a description (a bare $ref takes its target's), at its place", () => {
    const webhooks = editedCopy("schemas/webhook-events.yaml", (doc) => {
      const header = doc.RawMessageHeader;
      delete header.properties.numRequiredSignatures.description;
      header.properties.numReadonlySignedAccounts.description = "  ";
      // RawMessage.header is a bare $ref: without its target's description it has none either.
      delete header.description;
      // A dependentSchemas rule's properties are constraints, not fields: they need none.
      header.dependentSchemas = {
        numReadonlySignedAccounts: { properties: { numRequiredSignatures: { minimum: 1 } } },
      };
    });
    expect(findingsOf(webhooks)).toEqual([
      "webhooks #/components/schemas/RawMessage/properties/header: property header needs a description (the SDK's JSDoc and the docs show it; a bare $ref takes its target's)",
      "webhooks #/components/schemas/RawMessageHeader: schema RawMessageHeader needs a description (the generated type's JSDoc and the docs show it)",
      "webhooks #/components/schemas/RawMessageHeader/properties/numRequiredSignatures: property numRequiredSignatures needs a description (the SDK's JSDoc and the docs show it; a bare $ref takes its target's)",
      "webhooks #/components/schemas/RawMessageHeader/properties/numReadonlySignedAccounts: property numReadonlySignedAccounts needs a description (the SDK's JSDoc and the docs show it; a bare $ref takes its target's)",
    ]);
    expect(locatedOf(webhooks)).toContain(
      `${positionOf(webhooks, "schemas/webhook-events.yaml", "numRequiredSignatures:", "\nRawMessageHeader:")}: ${findingsOf(webhooks)[2]}`,
    );
    const das = editedCopy("openrpc/das.yaml", (doc) => {
      delete doc.methods[methodIndex("openrpc/das.yaml", "getAsset")].result.description;
    });
    expect(findingsOf(das)).toEqual([
      `das #/methods/${methodIndex("openrpc/das.yaml", "getAsset")} (getAsset)/result: result asset needs a description`,
    ]);
  });

  it("a path's own parameter (path-item parameters) without a description or examples, as an operation's", () => {
    const specDir = editedCopy("openapi/webhooks.yaml", (doc) => {
      delete doc.components.parameters.WebhookID.description;
      delete doc.components.parameters.WebhookID.examples;
    });
    const findings = findingsOf(specDir);
    for (const method of ["GET", "DELETE"])
      expect(findings).toContain(
        `webhooks ${method} /v0/webhooks/{webhookID}: needs a named request example`,
      );
    // (Spectral names the component the path's `$ref` leads to: the place to edit.)
    for (const rule of ["parameter-description", "parameter-examples"])
      expect(findings.join("\n")).toContain(
        `webhooks #/components/parameters/WebhookID: [${rule}]`,
      );
  });

  it("a JSON-RPC param or query option without a description, at its place; a query option without a name or schema, or with an unknown key", () => {
    const das = editedCopy("openrpc/das.yaml", (doc) => {
      delete doc.methods[0].params[0].description;
    });
    expect(findingsOf(das)).toEqual([
      "das #/methods/0 (getAsset)/params/0: param id needs a description",
    ]);
    const sender = editedCopy("openrpc/sender.yaml", (doc) => {
      const [query] = doc.methods[0]["x-query-params"];
      delete query.description;
      delete query.schema;
      query.requird = true;
    });
    expect(findingsOf(sender)).toEqual([
      "sender #/methods/0 (sendTransaction)/x-query-params/0: query option swqos_only needs a description",
      "sender #/methods/0 (sendTransaction)/x-query-params/0: query option swqos_only needs a schema",
      // (The option's param, made from its schema, then has no type either: user trial 67, F3.)
      'sender #/methods/0 (sendTransaction)/x-query-params/0/schema: [params-check] sendTransaction params/properties/swqosOnly: "type" is missing: a request value without a type (nor $ref, enum or anyOf) is typed unknown and sent unchecked; give it its type (type: boolean, string, integer, object, array…)',
      "sender #/methods/0 (sendTransaction)/x-query-params/0: requird is not a known key of a query option (name, description, required, schema, x-source)",
    ]);
  });

  it("x-all-of rules that name no param, on a REST operation, or broken by an example pairing (the client would drop or misread the rule)", () => {
    const send = methodIndex("openrpc/sender.yaml", "sendTransaction");
    const sender = editedCopy("openrpc/sender.yaml", (doc) => {
      const [base58, base64] = doc.methods[send]["x-all-of"];
      base58.then.properties = { transacton: base58.then.properties.transaction };
      base64.if.properties = { confg: base64.if.properties.config };
      base64.if.required = ["confg"];
    });
    const at = `sender #/methods/${send} (sendTransaction)`;
    const findings = findingsOf(sender);
    expect(findings).toContain(
      `${at}: x-all-of/0/then: "transacton" is not a param of the operation`,
    );
    expect(findings).toContain(`${at}: x-all-of/1/if: "confg" is not a param of the operation`);
    // (The generator refuses to read that `if` too: it names no member of the params.)
    expect(findings).toContainEqual(
      expect.stringMatching(
        /^sender #\/methods\/\d+ \(sendTransaction\)\/x-all-of\/1\/if: \[params-check\] sendTransaction params\/allOf\/1\/if: "if" must name one member and its values/,
      ),
    );
    expect(findings).toHaveLength(3);
    // An example pairing the rules refuse: the base64 example's transaction, said to be base58.
    const example = editedCopy("openrpc/sender.yaml", (doc) => {
      doc.methods[send].examples[0].params[1].value.encoding = "base58";
    });
    expect(findingsOf(example)).toEqual([
      `${at}/examples/0 (base64TipAndPriorityFee) params (the rules between them): example /transaction must match pattern "^[1-9A-HJ-NP-Za-km-z]+$" (got "AUQ4BI0nYq1N1LVoJfqTRAPWbViaAwwiLstKIAZ/e33lI9GU3f2pYVA/f8SrN0yS…")`,
    ]);
    const wallet = editedCopy("openapi/wallet.yaml", (doc) => {
      doc.paths["/v1/wallet/{wallet}/balances"].get["x-all-of"] = [
        {
          if: { properties: { page: { enum: [1] } }, required: ["page"] },
          then: { required: ["limit"], "x-source": "assumption: a test rule" },
        },
      ];
    });
    expect(findingsOf(wallet)).toEqual([
      "wallet GET /v1/wallet/{wallet}/balances (getBalances): x-all-of: only a JSON-RPC method's is read, of params by name or by position (not x-params: array, whose one param is the array); a REST operation states such rules in its body schema",
    ]);
  });

  it("x-dependent-schemas on a REST operation (only a JSON-RPC method's is read: the client and the docs would drop the rule)", () => {
    const specDir = editedCopy("openapi/wallet.yaml", (doc) => {
      doc.paths["/v1/wallet/{wallet}/balances"].get["x-dependent-schemas"] = {
        page: { properties: { limit: false } },
      };
    });
    expect(findingsOf(specDir)).toEqual([
      "wallet GET /v1/wallet/{wallet}/balances (getBalances): x-dependent-schemas: only a JSON-RPC method's is read; a REST operation states its rules between body fields in the body schema's dependentSchemas (the generated client and the docs would drop this one)",
    ]);
  });

  it("x-dependent-schemas on an x-params: array method (its one param is the array: the client and the mock would drop the rule)", () => {
    const specDir = editedCopy("openrpc/compression.yaml", (doc) => {
      const method = doc.methods.find(
        (m: { name: string }) => m.name === "getMultipleNewAddressProofsV2",
      );
      method["x-dependent-schemas"] = {
        addresses: { properties: { addresses: { maxItems: 10 } } },
      };
    });
    expect(findingsOf(specDir)).toEqual([
      expect.stringMatching(
        /^compression #\/methods\/\d+ \(getMultipleNewAddressProofsV2\): x-dependent-schemas: not on an x-params: array method/,
      ),
    ]);
  });

  it("an x-renamed-from the client's message cannot read: a name that is no param, a param's own name, on a REST operation or an x-params: array method", () => {
    const getAsset = methodIndex("openrpc/das.yaml", "getAsset");
    const das = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods[getAsset]["x-renamed-from"] = { displayOptions: "option", id: "options" };
    });
    expect(findingsOf(das)).toEqual([
      `das #/methods/${getAsset} (getAsset)/x-renamed-from: [params-check] getAsset params: "x-renamed-from" must map other SDKs' names to properties of this object, { <their name>: <a property here> }, on an object with additionalProperties: false (a name of its own is no other name): displayOptions names "option", no property of this object; id is a property of its own (its properties: id, options)`,
    ]);
    const wallet = editedCopy("openapi/wallet.yaml", (doc) => {
      doc.paths["/v1/wallet/{wallet}/balances"].get["x-renamed-from"] = { owner: "wallet" };
    });
    expect(findingsOf(wallet)).toEqual([
      "wallet GET /v1/wallet/{wallet}/balances (getBalances): x-renamed-from: only a JSON-RPC method's is read, of params by name or by position (not x-params: array, whose one param is the array); a REST operation gives it in its body schema",
    ]);
    const compression = editedCopy("openrpc/compression.yaml", (doc) => {
      const method = doc.methods.find(
        (m: { name: string }) => m.name === "getMultipleNewAddressProofsV2",
      );
      method["x-renamed-from"] = { newAddresses: "addresses" };
    });
    expect(findingsOf(compression)).toEqual([
      expect.stringMatching(
        /^compression #\/methods\/\d+ \(getMultipleNewAddressProofsV2\): x-renamed-from: only a JSON-RPC method's is read, of params by name or by position \(not x-params: array/,
      ),
    ]);
  });

  it("a response header's example in an operation's own response (not only in the shared responses), at a JSON pointer", () => {
    const specDir = editedCopy("openapi/wallet.yaml", (doc) => {
      const ok = doc.paths["/v1/wallet/{wallet}/balances"].get.responses["200"];
      ok.headers = {
        "X-Page-Count": {
          description: "The number of pages.",
          schema: { type: "integer", minimum: 1 },
          examples: { none: { value: 0 } },
        },
      };
      ok.content["application/json"].examples.lastPage.value = 5;
    });
    const findings = findingsOf(specDir);
    const at = "wallet #/paths/~1v1~1wallet~1{wallet}~1balances/get/responses/200";
    expect(findings).toContain(
      `${at}/headers/X-Page-Count/examples/none: example value must be >= 1 (got 0)`,
    );
    expect(findings).toContain(
      `${at}/content/application~1json/examples/lastPage: example value must be object (got 5)`,
    );
  });

  it("an unknown type", () => {
    const specDir = editedCopy("schemas/common.yaml", (doc) => {
      doc.Slot.type = "integr";
    });
    const findings = findingsOf(specDir);
    expect(findings.join("\n")).toMatch(/type must be equal to one of the allowed values/);
  });

  it("an open enum with a known value its open branch refuses (the runtime check is the open branch)", () => {
    const specDir = editedCopy("schemas/webhook.yaml", (doc) => {
      doc.KnownTransactionType.enum.push("lower_case");
    });
    expect(findingsOf(specDir).join("\n")).toContain(
      "webhooks #/components/schemas/TransactionType: open enum: known values the open branch does not accept: lower_case",
    );
  });

  it("an area's x-error-info for a code none of its error objects has", () => {
    const specDir = editedCopy("openrpc/compression.yaml", (doc) => {
      doc["x-error-info"]["-32029"] = { httpStatus: 200, "x-source": "assumption: test" };
    });
    expect(() => bundleAll({ write: false, specDir })).toThrow(
      /^spec\/openrpc\/compression\.yaml:\d+:\d+: x-error-info\["-32029"\]: no error object of the area has that code$/,
    );
  });

  it("an integer beyond ±(2^53−1) at a schema that is not a u64/i64: one finding, at the field, with the operations that use it (user trial 34, F13d)", () => {
    let specDir = editedCopy("schemas/asset.yaml", (doc) => {
      doc.TokenInfo.properties.supply = { type: "integer", minimum: 0, description: "Supply." };
    });
    // (Four examples hold BONK's supply there, and four operations reach TokenInfo: one line, the
    // name rule's, since the field's name says u64 too.)
    expect(findingsOf(specDir)).toEqual([
      'das #/components/schemas/TokenInfo/properties/supply: property supply is type: integer without format: uint64, but its name says it holds a supply, a u64: write $ref: "../schemas/common.yaml#/U64" (from an area document; "./common.yaml#/U64" in spec/schemas/; #/I64 where it can be negative), as spec/README.md "JSON Schema subset" says: as written the SDK types it number, which loses precision beyond 2^53 (one fix for the 4 operations that use it: getAsset, getAssetBatch, getAssetsByOwner, getAssetsByAuthority)',
    ]);
    specDir = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods[2].params[1].schema.default = 9007199254740993n;
    });
    expect(findingsOf(specDir)).toEqual([
      "das #/methods/2 (getAssetsByOwner)/params/1/schema: is a plain integer (no format: uint64 / int64), but 1 default holds an integer beyond ±(2^53−1) here (#/methods/2 (getAssetsByOwner)/params/1/schema/default), which the SDK would deliver as a bigint in a field typed number: make the field $ref: common.yaml#/U64 (or #/I64), decision 0005; one fix for the operation that uses it (getAssetsByOwner)",
    ]);
  });

  it("a u64 / i64 clash in a shared result schema: one finding, not one per operation whose result reaches it (user trial 34, F13d)", () => {
    const specDir = editedCopy("schemas/asset.yaml", (doc) => {
      doc.TokenInfo.properties.supply = {
        anyOf: [{ $ref: "./common.yaml#/U64" }, { $ref: "./common.yaml#/I64" }],
        description: "Supply.",
      };
    });
    expect(findingsOf(specDir)).toEqual([
      "das #/components/schemas/TokenInfo/properties/supply/anyOf: [u64-shape] spec/schemas/asset.yaml#/TokenInfo: the value is uint64 in one branch and int64 in another (anyOf), and @chaindata/core checks each value against one range (0 to 2^64 - 1, or -2^63 to 2^63 - 1); give the branches one format (one mistake, refused for each of the 4 operations that reach it: getAsset, getAssetBatch, getAssetsByOwner, getAssetsByAuthority)",
    ]);
  });

  it("a u64 value above 2^64−1 (even u64::MAX + 1, which rounds to the same double) or a u64 bound outside 0 … 2^64−1", () => {
    const specDir = editedCopy("schemas/token-metadata.yaml", (doc) => {
      doc.LegacyAccountInfo.examples[0].rentEpoch = 18446744073709551616n;
    });
    const text = findingsOf(specDir).join("\n");
    expect(text).toContain(
      "token-metadata #/components/schemas/LegacyAccountInfo/examples/0: example /rentEpoch 18446744073709551616 is outside the u64 range 0 … 18446744073709551615",
    );
    // u64::MAX itself, elsewhere in the spec, passes
    expect(text).not.toContain("18446744073709551615 is outside");

    const bounds = editedCopy("schemas/common.yaml", (doc) => {
      doc.U64.maximum = 18446744073709551616n;
      doc.I64.minimum = -9223372036854775809n;
    });
    const findings = findingsOf(bounds);
    expect(findings).toContainEqual(
      expect.stringMatching(
        /^([a-z-]+, )+[a-z-]+ #\/components\/schemas\/U64: maximum: 18446744073709551616 is outside the u64 range 0 … 18446744073709551615$/,
      ),
    );
    expect(findings.join("\n")).toContain(
      "#/components/schemas/I64: minimum: -9223372036854775809 is outside the i64 range",
    );
  });

  it("bounds that leave no value, whether or not an example uses the schema", () => {
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      const byOwner = doc.methods.find((m: any) => m.name === "getAssetsByOwner");
      const param = (name: string) => byOwner.params.find((p: any) => p.name === name);
      param("before").schema = { type: "string", minLength: 50, maxLength: 2 };
      param("page").schema = { type: "integer", minimum: 1000, maximum: 1 };
    });
    const asset = editedCopy("schemas/asset.yaml", (doc) => {
      doc.EditionList.properties.editions.minItems = 1001;
    });
    const findings = [...findingsOf(specDir), ...findingsOf(asset)];
    for (const line of [
      "das #/methods/2 (getAssetsByOwner)/params/3/schema: minLength (50) is above maxLength (2): no value can pass",
      "das #/methods/2 (getAssetsByOwner)/params/1/schema: minimum (1000) is above maximum (1): no value can pass",
      "das #/components/schemas/EditionList/properties/editions: minItems (1001) is above maxItems (1000): no value can pass",
    ])
      expect(findings).toContain(line);
  });

  it("exclusive bounds that leave no whole number", () => {
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods[2].params[1].schema = {
        type: "integer",
        exclusiveMinimum: 1,
        exclusiveMaximum: 2,
      };
    });
    const findings = findingsOf(specDir);
    expect(findings).toContain(
      "das #/methods/2 (getAssetsByOwner)/params/1/schema: exclusiveMinimum (1) and exclusiveMaximum (2) leave no whole number for this integer: no value can pass",
    );
    // (The line leads with the position of the first bound it names.)
    const [located] = locatedOf(specDir).filter((line) => line.includes("no whole number"));
    expect(located).toMatch(
      new RegExp(`^${positionOf(specDir, "openrpc/das.yaml", "exclusiveMinimum: 1")}: `),
    );
  });

  it("a required name that is not a property (misspelt or removed), with or without an example of the schema", () => {
    const specDir = editedCopy("schemas/asset.yaml", (doc) => {
      doc.AssetListError.required = ["id", "message"];
      doc.GetAssetOptions.required = ["showFungibel"];
    });
    const findings = findingsOf(specDir);
    expect(findings).toContain(
      'das #/components/schemas/AssetListError: required lists "message", not in properties (a misspelling or a removed property? the generated type would drop the requirement)',
    );
    expect(findings.join("\n")).toContain(
      'das #/components/schemas/GetAssetOptions: required lists "showFungibel", not in properties',
    );
  });

  /** Why a pattern must compile with the u flag, as the schema rule's message says. */
  const U_FLAG_READERS =
    "as JSON Schema 2020-12 reads an ECMA-262 pattern and ajv, Prism, the mock and the SDK's checks compile it";

  it("a pattern that compiles only without the u flag, or means something else without it, is refused at its place", () => {
    // `\-` outside a class is an identity escape without the u flag and a syntax error with it:
    // the generator used to check it without the flag, where Prism's ajv and the mock's start-up
    // compile it with the flag. `\p{L}` compiles both ways, a letter with the flag and the text
    // `p{L}` without, as json-schema-faker reads it for the mock's dynamic strings.
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods[2].params[3].schema = {
        type: "string",
        pattern: "^\\-?[a-z]+$",
        "x-pattern-description": "lower-case letters",
      };
      doc.methods[2].params[4].schema = {
        type: "string",
        pattern: "^\\p{L}+$",
        "x-pattern-description": "letters",
      };
    });
    expect(findingsOf(specDir)).toEqual([
      `das #/methods/2 (getAssetsByOwner)/params/3/schema: pattern "^\\\\-?[a-z]+$" is not a valid regular expression with the u flag, ${U_FLAG_READERS}: Invalid regular expression: /^\\-?[a-z]+$/u: Invalid escape; without the flag \`\\-\` is read as the character - (write it bare)`,
      'das #/methods/2 (getAssetsByOwner)/params/4/schema: pattern "^\\\\p{L}+$" reads differently without the u flag (\\p{…} is a Unicode property escape with it, the letters p{…} without): json-schema-faker compiles patterns without it for the mock\'s dynamic strings, so write the pattern the same both ways',
    ]);
  });

  it("a mistake two rules tell shares one identity, a code and the place, whatever their words", () => {
    // (spec:check told the generator's line apart from the rule's by regexes over the rules'
    // messages: a reworded message brought the second line back.)
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods[2].params[3].schema = {
        type: "string",
        pattern: "^[a-z+$",
        "x-pattern-description": "lower-case letters",
      };
      doc.methods[1].name = doc.methods[0].name;
    });
    const [das] = bundleAll({ write: false, only: ["das"], specDir });
    const ids = new Map<string, string>();
    checkSchemaRules(das, { ids });
    checkOperationNames([das], { ids });
    const coded = generatorRefusals([das]).filter((r: { code?: string }) => r.code);
    expect([...ids.values()]).toEqual([
      "pattern-without-u-flag das #/methods/2/params/3/schema/pattern",
      "name-used-twice das #/methods/1",
    ]);
    expect(
      coded.map((r: { code: string; area: string; at: string }) => mistakeId(r.code, r.area, r.at)),
    ).toEqual([
      "name-used-twice das #/methods/1",
      "pattern-without-u-flag das #/methods/2/params/3/schema/pattern",
    ]);
  });

  it("what spec:check leaves out beside another rule's line goes by identity, not by the words of either", () => {
    // (Two regexes over messages chose: one over the examples rule's words, one over Spectral's,
    // whose wording is a dependency's. Each line now carries its identity, a code and the place.)
    const specDir = editedCopy("schemas/asset.yaml", (doc) => {
      doc.TokenInfo.properties.supply = { type: "integer", minimum: 0, description: "Supply." };
    });
    editCopy(specDir, "openapi/wallet.yaml", (doc) => {
      const balances = doc.paths["/v1/wallet/{wallet}/balances"].get;
      delete balances.parameters.find((p: { name: string }) => p.name === "limit").schema;
    });
    const bundles = bundleAll({ write: false, only: ["das", "wallet"], specDir });
    const das = bundles.find((r: { area: string }) => r.area === "das");
    const wallet = bundles.find((r: { area: string }) => r.area === "wallet");
    // The field's name says u64 and its examples hold BONK's supply: one mistake, two rules.
    const supply = "plain-integer-beyond-safe das #/components/schemas/TokenInfo/properties/supply";
    const named = new Map<string, string>();
    const [nameLine] = checkU64Names(das, { ids: named });
    expect(named.get(nameLine)).toBe(supply);
    const examples = new Map<string, string>();
    const exampleLines = checkExamples(das, { ids: examples });
    expect(exampleLines.filter((line: string) => examples.get(line) === supply)).toEqual([
      expect.stringMatching(/^das #\/components\/schemas\/TokenInfo\/properties\/supply: /),
    ]);
    // Spectral's lines at the parameter without a schema: its rule and the parameter's place.
    const lint = new Map<string, string>();
    const lines = lintOpenApi([wallet], { ids: lint });
    const parameter = "wallet #/paths/~1v1~1wallet~1{wallet}~1balances/get/parameters/2";
    const atParameter = lines.filter((line: string) => line.startsWith(`${parameter}: `));
    expect(atParameter.length).toBeGreaterThan(0);
    expect(new Set(atParameter.map((line: string) => lint.get(line)))).toEqual(
      new Set([`oas3-schema ${parameter}`]),
    );
  }, 60_000);

  it("one mistake, one line: a required name not declared, bounds that leave no value, a mark that is no boolean", () => {
    // (They gave 12, 3 and 2 lines: every example of the schema refused again, in an anyOf with
    // `must be null` and `must match a schema in anyOf` beside it; a page's echo told to copy
    // bounds no value passes; the OpenRPC meta-schema's `should be boolean` beside the marks
    // rule's line, which says what to write.)
    const required = editedCopy("schemas/asset.yaml", (doc) => {
      doc.Asset.required.unshift("nmae");
    });
    expect(findingsOf(required)).toEqual([
      expect.stringMatching(
        /^das #\/components\/schemas\/Asset: required lists "nmae", not in properties \(/,
      ),
    ]);
    const bounds = textEditedCopy(
      "openrpc/das.yaml",
      "schema: { type: integer, minimum: 1, maximum: 1000 }",
      "schema: { type: integer, minimum: 1001, maximum: 1000 }",
    );
    expect(findingsOf(bounds)).toEqual([
      expect.stringMatching(
        /^das #\/methods\/\d+ \(\w+\)\/params\/\d+\/schema: minimum \(1001\) is above maximum \(1000\): no value can pass$/,
      ),
    ]);
    const markRpc = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods.find((m: { name: string }) => m.name === "getAsset").deprecated = "yes";
    });
    expect(findingsOf(markRpc)).toEqual([
      `das #/methods/${methodIndex("openrpc/das.yaml", "getAsset")} (getAsset)/deprecated: must be true or false, not "yes"; write deprecated: true (with x-replaced-by: "<what to use instead>")`,
    ]);
    // (A REST operation's: Spectral's meta-schema line there is left out, by its rule and place.)
    const markRest = editedCopy("openapi/wallet.yaml", (doc) => {
      doc.paths["/v1/wallet/{wallet}/identity"].get.deprecated = "yes";
    });
    expect(findingsOf(markRest)).toEqual([
      'wallet #/paths/~1v1~1wallet~1{wallet}~1identity/get (getIdentity)/deprecated: must be true or false, not "yes"; write deprecated: true (with x-replaced-by: "<what to use instead>")',
    ]);
  }, 120_000);

  it("an integer's bounds with no whole number between them: one line, the schema rule's", () => {
    // (They gave 6: the examples held to them (`must be <= 0.8`), the prose told to say "0.2 to
    // 0.8", the page's echo and its maxItems told to follow bounds no value passes.)
    const specDir = textEditedCopy(
      "openrpc/das.yaml",
      "schema: { type: integer, minimum: 1, maximum: 1000 }",
      "schema: { type: integer, minimum: 0.2, maximum: 0.8 }",
    );
    expect(findingsOf(specDir)).toEqual([
      expect.stringMatching(
        /^das #\/methods\/\d+ \(\w+\)\/params\/\d+\/schema: minimum \(0\.2\) and maximum \(0\.8\) leave no whole number for this integer: no value can pass$/,
      ),
    ]);
  }, 120_000);

  it("a shared schema's prose that disagrees with its bounds: one line, for every param and area", () => {
    // (It was told once per param that reaches Address, `(of id)`, `(of ownerAddress)`, …, in
    // each area: 5 lines at one position, one of them naming six params.)
    const specDir = textEditedCopy(
      "schemas/common.yaml",
      "base58-encoded (32 bytes → 32 to 44 characters)",
      "base58-encoded (32 bytes → 32 to 45 characters)",
    );
    expect(locatedOf(specDir)).toEqual([
      `spec/schemas/common.yaml:6:3: compression, das, mint, token-metadata, wallet, webhooks #/components/schemas/Address/description: "32 to 45" (of Address) disagrees with #/components/schemas/Address: maxLength: 44 (by its pattern); write "32 to 44" here, or the pattern's lengths (maxLength: 45) there (a changed bound changes both: spec/README.md "Changing a bound")`,
    ]);
  }, 120_000);

  it("a JSON-RPC method's required param after an optional one, at the param", () => {
    // (Neither the OpenRPC meta-schema nor a rule said a word.)
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods.find((m: { name: string }) => m.name === "getAsset").params.reverse();
    });
    const method = `das #/methods/${methodIndex("openrpc/das.yaml", "getAsset")} (getAsset)`;
    expect(locatedOf(specDir)).toEqual([
      `${positionOf(specDir, "openrpc/das.yaml", "name: id", "name: getAsset")}: ${method}/params/1: param id is required but comes after the optional options (params/0): OpenRPC lists every required param before the optional ones, so that a call by position can leave the optional ones out; move id before options`,
    ]);
  }, 120_000);

  it("a misspelt path parameter and a REST schema's enum value twice: one line each, with what to write", () => {
    // (Spectral told the first twice, at the operation and at the parameter, and the second beside
    // the schema rule's line.)
    const identity = "wallet #/paths/~1v1~1wallet~1{wallet}~1identity/get (getIdentity)";
    const misspelt = editedCopy("openapi/wallet.yaml", (doc) => {
      doc.paths["/v1/wallet/{wallet}/identity"].get.parameters[0].name = "walet";
    });
    expect(findingsOf(misspelt)).toEqual([
      `${identity}/parameters/0/name: path parameter "walet" is not in the path /v1/wallet/{wallet}/identity, whose {wallet} no parameter declares; name the parameter wallet (or write {walet} in the path)`,
    ]);
    const twice = editedCopy("schemas/wallet.yaml", (doc) => {
      doc.WalletTransferItem.properties.direction.enum = ["in", "out", "in"];
    });
    expect(findingsOf(twice)).toEqual([
      'wallet #/components/schemas/WalletTransferItem/properties/direction: enum lists "in" twice; list each value once',
    ]);
  }, 120_000);

  it("a param's deprecated that is no boolean: one line of the marks rule's, JSON-RPC or REST", () => {
    // (A JSON-RPC param's got only the OpenRPC meta-schema's `should be boolean`, a REST
    // parameter's only Spectral's meta-schema line: neither said what the docs make of it.)
    const told = (at: string) =>
      `${at}/deprecated: must be true or false, not "yes": the docs read it as true, so this marks the param deprecated; write deprecated: true (or leave it out)`;
    const rpc = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods.find((m: { name: string }) => m.name === "getAsset").params[1].deprecated = "yes";
    });
    expect(findingsOf(rpc)).toEqual([
      told(`das #/methods/${methodIndex("openrpc/das.yaml", "getAsset")} (getAsset)/params/1`),
    ]);
    const rest = editedCopy("openapi/wallet.yaml", (doc) => {
      doc.paths["/v1/wallet/{wallet}/identity"].get.parameters[0].deprecated = "yes";
    });
    expect(findingsOf(rest)).toEqual([
      told("wallet #/paths/~1v1~1wallet~1{wallet}~1identity/get (getIdentity)/parameters/0"),
    ]);
  }, 120_000);

  it("a parameter's member OpenAPI does not define is named at the member, with or without a schema", () => {
    // (Spectral's `"0" property must not have unevaluated properties` names no member; beside a
    // missing schema it was left out with the rest of Spectral's lines there, and the member was
    // not told at all.)
    const parameter = "wallet #/paths/~1v1~1wallet~1{wallet}~1identity/get/parameters/0";
    const member = `${parameter}/styles: "styles" is no member of an OpenAPI parameter, so nothing reads it (did you mean style?); write one of its members (name, in, description, required, deprecated, allowEmptyValue, style, explode, allowReserved, schema, example, examples, content) or an x- extension`;
    const withSchema = editedCopy("openapi/wallet.yaml", (doc) => {
      doc.paths["/v1/wallet/{wallet}/identity"].get.parameters[0].styles = "simple";
    });
    expect(findingsOf(withSchema)).toEqual([member]);
    const withoutSchema = editedCopy("openapi/wallet.yaml", (doc) => {
      const [wallet] = doc.paths["/v1/wallet/{wallet}/identity"].get.parameters;
      wallet.styles = "simple";
      delete wallet.schema;
    });
    expect(findingsOf(withoutSchema)).toEqual([
      expect.stringMatching(
        new RegExp(`^${escaped(parameter)} \\(wallet\\): \\[parameter-schema\\] `),
      ),
      member,
    ]);
  }, 120_000);

  it("an invalid pattern or a duplicate enum value in an OpenRPC area: one line each, at its place, no meta-schema dump", () => {
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods[2].params[3].schema = {
        type: "string",
        pattern: "^[a-z+$",
        "x-pattern-description": "lower-case letters",
      };
    });
    const findings = findingsOf(specDir);
    // (A request's pattern is also compiled into the SDK's checks, whose generator refuses it too:
    // npm run generate says so, spec:check once, by the schema rule, which says more.)
    expect(findings).toEqual([
      `das #/methods/2 (getAssetsByOwner)/params/3/schema: pattern "^[a-z+$" is not a valid regular expression with the u flag, ${U_FLAG_READERS}: Invalid regular expression: /^[a-z+$/u: Unterminated character class`,
    ]);
    // A shared schema's: no refusal for each of the operations whose checks reach it (there were
    // 22, beside the schema rule's line of each area).
    const shared = editedCopy("schemas/common.yaml", (doc) => {
      doc.Address.pattern = "^[1-9A-HJ-NP-Za-km-z]{32,44}\\z";
    });
    const sharedFindings = findingsOf(shared);
    expect(sharedFindings.filter((f) => f.includes('"pattern" does not compile'))).toEqual([]);
    // (And one schema line, not one per area that copies the schema: it names them.)
    expect(
      sharedFindings.filter((f) => f.includes(" #/components/schemas/Address: pattern ")),
    ).toEqual([expect.stringMatching(/^([a-z-]+, )+[a-z-]+ #\/components\/schemas\/Address: /)]);
    const enumDir = editedCopy("schemas/asset.yaml", (doc) => {
      doc.AssetSortDirection.enum = ["asc", "desc", "asc"];
    });
    expect(findingsOf(enumDir)).toEqual([
      'das #/components/schemas/AssetSortDirection: enum lists "asc" twice; list each value once',
    ]);
  });

  it("any other OpenRPC meta-schema error: one line at the deepest place", () => {
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods[1].paramStructure = "by-nam";
    });
    expect(findingsOf(specDir)).toEqual([
      'das #/methods/1 (getAssetBatch)/paramStructure: OpenRPC meta-schema: should be equal to one of the allowed values ["by-position","by-name","either"]',
    ]);
  });

  it("every OpenRPC meta-schema error of a document, each at its place, not only the first", () => {
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods[0].paramStructure = "by-nam";
      doc.methods[0].sumary = "A misspelt key, beside a deeper error of the same method.";
      doc.methods[1].bar = 1;
      doc.methods[1].baz = 2;
      const method = (name: string) => doc.methods.find((m: any) => m.name === name);
      method("getAssetsByAuthority").summary = 5;
      method("getNftEditions").params[0].schema = { type: "integer", minimum: "one" };
    });
    const located = locatedOf(specDir).filter((line) => line.includes("OpenRPC meta-schema"));
    const das = (marker: string, after = "") =>
      positionOf(specDir, "openrpc/das.yaml", marker, after);
    expect(located).toEqual([
      `${das("paramStructure: by-nam")}: das #/methods/0 (getAsset)/paramStructure: OpenRPC meta-schema: should be equal to one of the allowed values ["by-position","by-name","either"]`,
      `${das("sumary:")}: das #/methods/0 (getAsset)/sumary: OpenRPC meta-schema: should NOT have additional properties (sumary)`,
      `${das("bar: 1")}: das #/methods/1 (getAssetBatch)/bar: OpenRPC meta-schema: should NOT have additional properties (bar)`,
      `${das("baz: 2")}: das #/methods/1 (getAssetBatch)/baz: OpenRPC meta-schema: should NOT have additional properties (baz)`,
      `${das("summary: 5")}: das #/methods/${methodIndex("openrpc/das.yaml", "getAssetsByAuthority")} (getAssetsByAuthority)/summary: OpenRPC meta-schema: should be string`,
      `${das("minimum: one")}: das #/methods/${methodIndex("openrpc/das.yaml", "getNftEditions")} (getNftEditions)/params/0/schema/minimum: OpenRPC meta-schema: should be number`,
    ]);
  });

  it("a JSON-RPC method name twice in an area, or in two areas on the same host; a REST operationId in two areas: the other named with its YAML position (user trial 34, F13c)", () => {
    const twoAreas = editedCopy("openrpc/compression.yaml", (doc) => {
      doc.methods.find((m: any) => m.name === "getCompressedBalanceByOwner").name = "getAsset";
    });
    // (The two files written at one time: the finding is at the later area's operation.)
    writtenAt(twoAreas, { "openrpc/das.yaml": 0, "openrpc/compression.yaml": 0 });
    expect(findingsOf(twoAreas).join("\n")).toContain(
      `das #/methods/0 (getAsset): JSON-RPC method name "getAsset" is also a method of compression #/methods/${methodIndex("openrpc/compression.yaml", "getCompressedBalanceByOwner")} (getAsset), at ${positionOf(twoAreas, "openrpc/compression.yaml", "name: getAsset")}, on the same host "rpc"`,
    );
    const oneArea = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods.find((m: any) => m.name === "getNftEditions").name = "getAssetsByAuthority";
    });
    const byAuthority = methodIndex("openrpc/das.yaml", "getAssetsByAuthority");
    const first = positionOf(oneArea, "openrpc/das.yaml", "name: getAssetsByAuthority");
    // One line for the one mistake, with both places and the fix: the generator's own
    // [operation-name] refusal of the name (npm run generate's) is not a second one.
    expect(findingsOf(oneArea).filter((f) => f.includes('"getAssetsByAuthority"'))).toEqual([
      `das #/methods/${methodIndex("openrpc/das.yaml", "getNftEditions")} (getAssetsByAuthority): JSON-RPC method name "getAssetsByAuthority" is used twice in the area (also das #/methods/${byAuthority} (getAssetsByAuthority), at ${first}): rename one`,
    ]);
    const rest = editedCopy("openapi/webhooks.yaml", (doc) => {
      doc.paths["/v0/webhooks"].get.operationId = "getProjectUsage";
    });
    writtenAt(rest, { "openapi/admin.yaml": 0, "openapi/webhooks.yaml": 0 });
    expect(findingsOf(rest)).toContain(
      `webhooks GET /v0/webhooks (getProjectUsage): operationId "getProjectUsage" is also the operationId of admin GET /v0/admin/projects/{id}/usage (getProjectUsage), at ${positionOf(rest, "openapi/admin.yaml", "get:", "/v0/admin/projects/{id}/usage:")}: operationIds are unique across areas: rename one`,
    );
  });

  it("a clash of two areas is at the operation of the YAML file written last, the one just edited, the other named after it (user trial 58, F6)", () => {
    // A compression method renamed to a DAS method of the same host: compression comes first in the
    // bundles (a tie would be at das's), compression.yaml is the file edited.
    const rpc = editedCopy("openrpc/compression.yaml", (doc) => {
      doc.methods.find((m: any) => m.name === "getCompressedBalanceByOwner").name = "getAsset";
    });
    writtenAt(rpc, { "openrpc/das.yaml": 0, "openrpc/compression.yaml": 10 });
    const atCompression = positionOf(rpc, "openrpc/compression.yaml", "name: getAsset");
    const atDas = positionOf(rpc, "openrpc/das.yaml", "name: getAsset");
    const compression = `compression #/methods/${methodIndex("openrpc/compression.yaml", "getCompressedBalanceByOwner")} (getAsset)`;
    const clash = (line: string) => line.includes('method name "getAsset" is also');
    expect(locatedOf(rpc).filter(clash)).toEqual([
      `${atCompression}: ${compression}: JSON-RPC method name "getAsset" is also a method of das #/methods/0 (getAsset), at ${atDas}, on the same host "rpc": one name, one method per host: rename one`,
    ]);
    // The same clash, das.yaml written last: at das's operation.
    writtenAt(rpc, { "openrpc/das.yaml": 20 });
    expect(locatedOf(rpc).filter(clash)).toEqual([
      `${atDas}: das #/methods/0 (getAsset): JSON-RPC method name "getAsset" is also a method of ${compression}, at ${atCompression}, on the same host "rpc": one name, one method per host: rename one`,
    ]);
    // A REST operationId: wallet's renamed to one of webhooks (which comes after it, so a tie would be
    // at webhooks').
    const rest = editedCopy("openapi/wallet.yaml", (doc) => {
      doc.paths["/v1/wallet/{wallet}/funded-by"].get.operationId = "getWebhook";
    });
    writtenAt(rest, { "openapi/webhooks.yaml": 0, "openapi/wallet.yaml": 10 });
    const located = locatedOf(rest).filter((line) => line.includes('operationId "getWebhook"'));
    expect(located).toHaveLength(1);
    expect(located[0]).toMatch(
      /^spec\/openapi\/wallet\.yaml:\d+:\d+: wallet GET \/v1\/wallet\/\{wallet\}\/funded-by \(getWebhook\): operationId "getWebhook" is also the operationId of webhooks GET \/v0\/webhooks\/\{webhookID\} \(getWebhook\), at spec\/openapi\/webhooks\.yaml:\d+:\d+: operationIds are unique across areas: rename one$/,
    );
  });

  it("a name clash with an area not selected (spec:check --area): the other areas are compared against", () => {
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods.find((m: any) => m.name === "getNftEditions").name =
        "getCompressedBalanceByOwner";
    });
    const all = bundleAll({ write: false, specDir });
    const select = (area: string) => ({
      selected: all.filter((r: { area: string }) => r.area === area),
      others: all.filter((r: { area: string }) => r.area !== area),
    });
    const das = select("das");
    const checked = runAllChecks(das.selected, { others: das.others });
    // (The rename leaves das's "These five (…)" sentence listing getNftEditions too: its own
    // finding, user trial 69's F6, left out here.)
    const sentence = (f: string) => f.startsWith("das #/info/description: ");
    expect(checked.findings.filter(sentence)).toHaveLength(1);
    const findings = checked.findings.filter((f: string) => !sentence(f));
    const located = checked.located.filter(
      (_: string, i: number) => !sentence(checked.findings[i]),
    );
    expect(findings).toEqual([
      `das #/methods/${methodIndex("openrpc/das.yaml", "getNftEditions")} (getCompressedBalanceByOwner): JSON-RPC method name "getCompressedBalanceByOwner" is also a method of compression #/methods/${methodIndex("openrpc/compression.yaml", "getCompressedBalanceByOwner")} (getCompressedBalanceByOwner), at ${positionOf(specDir, "openrpc/compression.yaml", "name: getCompressedBalanceByOwner")}, on the same host "rpc": one name, one method per host: rename one`,
    ]);
    expect(located).toEqual([
      `${positionOf(specDir, "openrpc/das.yaml", "name: getCompressedBalanceByOwner")}: ${findings[0]}`,
    ]);
    const compression = select("compression");
    expect(
      runAllChecks(compression.selected, { others: compression.others }).findings.join("\n"),
    ).toMatch(/JSON-RPC method name "getCompressedBalanceByOwner" is also a method of/);
    // A clash between two areas not selected is theirs to report.
    const mint = select("mint");
    expect(runAllChecks(mint.selected, { others: mint.others }).findings).toEqual([]);
  });

  it("x-pagination and x-dependent-schemas names that are not params / result properties", () => {
    const das = editedCopy("openrpc/das.yaml", (doc) => {
      const editions = doc.methods.find((m: any) => m.name === "getNftEditions");
      editions["x-pagination"] = { style: "page", page: "page", limit: "limt", items: "editons" };
      const byOwner = doc.methods.find((m: any) => m.name === "getAssetsByOwner");
      byOwner["x-dependent-schemas"].page.properties.befor = false;
    });
    const findings = findingsOf(das).join("\n");
    expect(findings).toMatch(
      /das #\/methods\/\d+ \(getNftEditions\): x-pagination\.limit: "limt" is not a param of the operation/,
    );
    expect(findings).toMatch(
      /das #\/methods\/\d+ \(getNftEditions\): x-pagination\.items: "editons" is not a property of the result/,
    );
    expect(findings).toMatch(
      /das #\/methods\/2 \(getAssetsByOwner\): x-dependent-schemas\.page: "befor" is not a param of the operation/,
    );
    const wallet = editedCopy("openapi/wallet.yaml", (doc) => {
      doc.paths["/v1/wallet/{wallet}/balances"].get["x-pagination"].hasMore = "pagination.hasMor";
      doc.paths["/v1/wallet/{wallet}/balances"].get["x-pagination"].items = "pagination";
      doc.paths["/v1/wallet/{wallet}/balances"].get["x-pagination"].echoedPage =
        "pagination.hasMore";
      doc.paths["/v1/wallet/{wallet}/transfers"].get["x-pagination"].echoedPage = "pagination.page";
    });
    expect(findingsOf(wallet)).toEqual([
      'wallet GET /v1/wallet/{wallet}/balances (getBalances): x-pagination.items: "pagination" is not an array',
      'wallet GET /v1/wallet/{wallet}/balances (getBalances): x-pagination.hasMore: "pagination.hasMor" is not a property of the result (paths are dot-separated, from the result)',
      'wallet GET /v1/wallet/{wallet}/balances (getBalances): x-pagination.echoedPage: "pagination.hasMore" is not an integer',
      "wallet GET /v1/wallet/{wallet}/transfers (getTransfers): x-pagination.echoedPage is the page number in a page-style result",
      'wallet GET /v1/wallet/{wallet}/transfers (getTransfers): x-pagination.echoedPage: "pagination.page" is not a property of the result (paths are dot-separated, from the result)',
    ]);
  });

  it("x-pagination.echoedLimit: an integer property of a page-style result", () => {
    const wallet = editedCopy("openapi/wallet.yaml", (doc) => {
      doc.paths["/v1/wallet/{wallet}/balances"].get["x-pagination"].echoedLimit =
        "pagination.hasMore";
      doc.paths["/v1/wallet/{wallet}/transfers"].get["x-pagination"].echoedLimit =
        "pagination.limit";
    });
    expect(findingsOf(wallet)).toEqual([
      'wallet GET /v1/wallet/{wallet}/balances (getBalances): x-pagination.echoedLimit: "pagination.hasMore" is not an integer',
      "wallet GET /v1/wallet/{wallet}/transfers (getTransfers): x-pagination.echoedLimit is the page size in a page-style result",
      'wallet GET /v1/wallet/{wallet}/transfers (getTransfers): x-pagination.echoedLimit: "pagination.limit" is not a property of the result (paths are dot-separated, from the result)',
    ]);
  });

  it("an example property left over from a rename (the schema declares it in another spelling)", () => {
    const specDir = editedCopy("schemas/asset.yaml", (doc) => {
      const props = doc.EditionList.properties;
      props.masterEditionAddress = props.master_edition_address;
      delete props.master_edition_address;
    });
    const findings = findingsOf(specDir).join("\n");
    expect(findings).toContain(
      'das #/components/schemas/EditionList/examples/0: example /master_edition_address: not a property of the schema, which declares "masterEditionAddress" (a rename leftover? update the example)',
    );
    expect(findings).toMatch(
      /das #\/methods\/\d+ \(getNftEditions\)\/examples\/0 \(\w+\) result: example \/master_edition_address: not a property of the schema/,
    );
  });

  it("a sender tip account, minimum tip or region the generator could not turn into a constant", () => {
    const sender = editedCopy("openrpc/sender.yaml", (doc) => {
      const tips = doc.info["x-tip-accounts"];
      tips.accounts[1] = tips.accounts[1].slice(0, -3); // cut short: 31 bytes
      tips.accounts[2] = tips.accounts[2].replace(/^./, "0"); // not base58
      tips.accounts[3] = tips.accounts[0];
      tips.acounts = [];
      const tip = doc.info["x-minimum-tip-lamports"];
      tip.default = 0;
      tip.swqosOnly = 5000.5;
      tip.asOf = "January 2026";
      tip.dual = 200000;
      delete tip["x-source"];
    });
    expect(findingsOf(sender)).toEqual([
      expect.stringMatching(
        /^sender #\/info\/x-tip-accounts\/accounts\/1: "D2L6\w+" is not a base58 address \(32 bytes\)$/,
      ),
      expect.stringMatching(
        /^sender #\/info\/x-tip-accounts\/accounts\/2: "0\w+" is not a base58 address \(32 bytes\)$/,
      ),
      "sender #/info/x-tip-accounts/accounts/3: 4ACfpUFoaSD9bfPdeu6DBt89gB6ENTeHBXCAi87NhDEE is listed twice",
      "sender #/info/x-tip-accounts: acounts is not a known key (description, accounts, x-source)",
      "sender #/info/x-minimum-tip-lamports: x-source is required",
      'sender #/info/x-minimum-tip-lamports/default: must be a positive whole number of lamports (u64), got "0"',
      'sender #/info/x-minimum-tip-lamports/swqosOnly: must be a positive whole number of lamports (u64), got "5000.5"',
      'sender #/info/x-minimum-tip-lamports/asOf: must be the date the values were checked, "YYYY-MM" or "YYYY-MM-DD"',
      "sender #/info/x-minimum-tip-lamports: dual is not a known key (description, default, swqosOnly, asOf, x-source)",
    ]);
    const hosts = editedCopy("hosts.yaml", (doc) => {
      const regions = doc.hosts.sender["x-regions"];
      regions.fra = "http://fra-sender.helius-rpc.com/fast";
      regions.global = "https://sender.helius-rpc.com";
      regions.AMS = regions.ams;
    });
    const regionFindings = [
      'sender #/servers/0/x-regions/fra: must be an http(s) origin without a path, query or trailing slash, got "http://fra-sender.helius-rpc.com/fast"',
      'sender #/servers/0/x-regions/global: a region code is 2 to 8 lower-case letters, and not "global"',
      'sender #/servers/0/x-regions/AMS: a region code is 2 to 8 lower-case letters, and not "global"',
      "sender #/servers/0/x-regions/AMS: http://ams-sender.helius-rpc.com is listed twice",
    ];
    // (Both sender documents, OpenRPC and OpenAPI, carry the host's server: each line twice, side
    // by side; spec:check prints it once.)
    expect(findingsOf(hosts)).toEqual(regionFindings.flatMap((line) => [line, line]));
  });

  it("a malformed x-source", () => {
    const specDir = editedCopy("schemas/common.yaml", (doc) => {
      doc.Slot["x-source"] = "assumption";
    });
    const findings = findingsOf(specDir);
    expect(findings.join("\n")).toMatch(/x-source must be/);
  });
});

describe("spec:check", () => {
  const check = (specDir: string) =>
    spawnSync(process.execPath, ["scripts/spec/check.mjs", "--spec-dir", specDir], {
      encoding: "utf8",
    });

  it("writes spec/dist only when it finds nothing (the generator reads spec/dist)", () => {
    const broken = editedCopy("schemas/common.yaml", (doc) => {
      doc.Address.examples = ["0OIl-not-base58"];
    });
    const refused = check(broken);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/Address\/examples\/0: example value must match pattern/);
    expect(existsSync(join(broken, "dist"))).toBe(false);

    const fine = editedCopy("schemas/common.yaml", () => {});
    const passed = check(fine);
    expect(passed.stderr).toBe("");
    expect(passed.status).toBe(0);
    expect(existsSync(join(fine, "dist", "index.json"))).toBe(true);
    expect(staleBundles(fine)).toEqual([]);
  }, 120_000);

  it("with several bad $refs: a heading that says what spec:check leaves undone, then each", () => {
    // (The heading said the bundles were not written, spec:bundle's consequence, under every
    // command that bundles.)
    const specDir = editedCopy("openrpc/das.yaml", (doc) => {
      doc.methods[0].result.schema.$ref = "../schemas/asset.yaml#/Assett";
      doc.methods[1].result.schema.$ref = "../schemas/asset.yaml#/Assett";
    });
    const cli = spawnSync(
      process.execPath,
      ["scripts/spec/check.mjs", "--spec-dir", specDir, "--area", "das"],
      { encoding: "utf8" },
    );
    expect(cli.status).toBe(1);
    const lines = cli.stderr.trimEnd().split("\n");
    expect(lines[0]).toBe(
      "spec:check: bundling failed: 2 mistakes, one a line (no rule runs until all are fixed):",
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^ {2}spec\/openrpc\/das\.yaml:\d+:\d+: #\/methods\/0\/result\/schema/),
      expect.stringMatching(/^ {2}spec\/openrpc\/das\.yaml:\d+:\d+: #\/methods\/1\/result\/schema/),
    ]);
  }, 60_000);

  it("spec:bundle --spec-dir with two bad $refs: its own heading, the lines sorted, no dist", () => {
    // (The mistakes of two areas, bundled openrpc first: das's line would come first unsorted.)
    const specDir = textEditedCopy(
      "openrpc/das.yaml",
      '$ref: "../schemas/asset.yaml#/Asset"',
      '$ref: "../schemas/asset.yaml#/Assett"',
    );
    editText(
      specDir,
      "openapi/wallet.yaml",
      '$ref: "../schemas/wallet.yaml#/WalletIdentity"',
      '$ref: "../schemas/wallet.yaml#/WalletIdentityy"',
    );
    const distFile = join("spec", "dist", "index.json");
    const repoDistBefore = readFileSync(distFile, "utf8");
    const cli = spawnSync(process.execPath, ["scripts/spec/bundle.mjs", "--spec-dir", specDir], {
      encoding: "utf8",
    });
    expect(cli.stdout).toBe("");
    const shown = relative(process.cwd(), specDir);
    const lines = cli.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      `spec:bundle: 2 mistakes, one a line (${shown}/dist is not written until all are fixed):`,
    );
    const walletRef = '$ref: "../schemas/wallet.yaml#/WalletIdentityy"';
    expect(lines[1]).toMatch(
      new RegExp(
        `^  ${escaped(positionOf(specDir, "openapi/wallet.yaml", walletRef))}: ${escaped(
          "#/paths/~1v1~1wallet~1{wallet}~1identity/get/responses/200/content/application~1json/schema/$ref: " +
            'bad $ref "../schemas/wallet.yaml#/WalletIdentityy": nothing at that location ' +
            "(spec/schemas/wallet.yaml has no WalletIdentityy; its nearest names: WalletIdentity, ",
        )}`,
      ),
    );
    const dasRef = '$ref: "../schemas/asset.yaml#/Assett"';
    expect(lines[2]).toMatch(
      new RegExp(
        `^  ${escaped(positionOf(specDir, "openrpc/das.yaml", dasRef))}: ${escaped(
          `#/methods/${methodIndex("openrpc/das.yaml", "getAsset")}/result/schema/$ref: ` +
            'bad $ref "../schemas/asset.yaml#/Assett": nothing at that location',
        )}`,
      ),
    );
    expect(cli.status).toBe(1);
    expect(existsSync(join(specDir, "dist"))).toBe(false);
    expect(readFileSync(distFile, "utf8")).toBe(repoDistBefore);
  }, 60_000);

  it("says 1 finding, not 1 findings (a missing 429: at the operation's responses)", () => {
    const one = editedCopy("openapi/admin.yaml", (doc) => {
      delete doc.paths["/v0/admin/projects/{id}/usage"].get.responses["429"];
    });
    const cli = spawnSync(
      process.execPath,
      ["scripts/spec/check.mjs", "--spec-dir", one, "--area", "admin"],
      { encoding: "utf8" },
    );
    expect(cli.status).toBe(1);
    expect(cli.stderr).toMatch(
      /^ {2}✗ spec\/openapi\/admin\.yaml:\d+:\d+: admin GET \/v0\/admin\/projects\/\{id\}\/usage \(getProjectUsage\): responses: does not list 429: every REST operation lists 400, 401, 403 and 429 /,
    );
    expect(cli.stdout).toMatch(
      /^spec:check: 1 document, 1 operation, \d+ x-source assumptions?, 1 finding\n$/,
    );
  }, 60_000);

  it("an operation added while its area's info.summary and info.description list the others: at each, with what to write (user trial 69, F6: 0 findings before)", () => {
    const specDir = editedCopy("openrpc/compression.yaml", (doc) => {
      const method = doc.methods.find((m: any) => m.name === "getCompressedBalanceByOwner");
      doc.methods.push({ ...structuredClone(method), name: "getCompressedAccountCountByOwner" });
    });
    editCopy(specDir, "openapi/wallet.yaml", (doc) => {
      const balances = structuredClone(doc.paths["/v1/wallet/{wallet}/balances"]);
      balances.get.operationId = "getBalanceAt";
      doc.paths["/v1/wallet/{wallet}/balance-at"] = balances;
      // (Its paragraph on the endpoint not covered goes, as a contributor covering it takes it out.)
      doc.info.description = doc.info.description.replace(
        /\n+\*\*An endpoint not covered[^]*$/,
        "",
      );
    });
    const cli = spawnSync(
      process.execPath,
      ["scripts/spec/check.mjs", "--spec-dir", specDir, "--area", "compression,wallet"],
      { encoding: "utf8" },
    );
    expect(cli.status).toBe(1);
    // (In reading order: spec/openapi/wallet.yaml's summary and description, then compression's.)
    const [summary, wallet, compression, ...more] = cli.stderr.trimEnd().split("\n");
    expect(more).toEqual([]);
    const at = (file: string, key = "description:") =>
      `  ✗ ${positionOf(specDir, file, key, "info:")}: `;
    const step6 = '(spec/README.md, step 6 of "Adding or changing an operation")';
    expect(compression).toMatch(
      /: it says "These (\w+)": the spec has \w+ ZK-compression methods; it leaves out getCompressedAccountCountByOwner, a method of the spec; write "These \w+ \(`getCompressedAccountsByOwner`, [^)]*, `getCompressedAccountCountByOwner`\) are the ZK-compression methods this API description covers, /,
    );
    expect(
      compression!.startsWith(
        `${at("openrpc/compression.yaml")}compression #/info/description: the "These N (…) are the ZK-compression methods`,
      ),
    ).toBe(true);
    expect(compression!.endsWith(` are outside it." ${step6}`)).toBe(true);
    // The wallet's summary and description, each a list in words (the summary first, as in info).
    for (const [line, key] of [
      [summary, "summary"],
      [wallet, "description"],
    ] as const) {
      expect(line).toMatch(
        new RegExp(
          `^ {2}✗ \\S+: wallet #/info/${key}: names \\d+ of wallet's \\d+ operations in words \\(getIdentity, [^)]*\\) but not getBalanceAt: add it by its words \\("balance at…"\\); or, if they are named in a paragraph on what is not covered \\(no list\\), lead that paragraph with a bold heading that says "not covered", as `,
        ),
      );
      expect(line!.startsWith(at("openapi/wallet.yaml", `${key}:`))).toBe(true);
      expect(line!.endsWith(step6)).toBe(true);
    }
    expect(cli.stdout).toMatch(/, 3 findings\n$/);
  }, 120_000);

  it("names each area once, the sender's two documents included", () => {
    const cli = spawnSync(process.execPath, ["scripts/spec/check.mjs", "--area", "nope"], {
      encoding: "utf8",
    });
    expect(cli.status).toBe(2);
    const areas = /\(areas: (.*)\)/.exec(cli.stderr)![1]!.split(", ");
    expect(areas).toContain("sender");
    expect(areas).toEqual([...new Set(areas)]);
  });
});
