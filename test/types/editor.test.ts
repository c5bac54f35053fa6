// What an editor shows while a call is written, asked of TypeScript's language service (what
// VS Code's tsserver runs) over the declarations npm publishes (dist/types, after the build):
// completions, signature help, hovers and the errors of a few calls. tsc alone cannot see these:
// a call that compiles may still offer nothing to complete, or its docs only on hover.
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { probeService } from "./language-service.js";

/** The probe's source, where `/*@name*\/` marks a position the tests ask about. */
const source = `
import { createCompressionClient } from "@chaindata/compression";
import {
  createDasClient,
  createDasRpc,
  paginateGetAssetsByOwner,
  type Asset,
  type AssetSortField,
  type TokenInfo,
  type DasMethod,
  type DasParams,
  type DasResult,
  type InvalidResponseError,
  type RequestOptions,
  type ClientOptions,
} from "@chaindata/das";
import { createChainDataClient } from "@chaindata/sdk";
import { createWalletClient } from "@chaindata/wallet";
import {
  createWebhookHandler,
  createWebhooksClient,
  type EnhancedTransactionEvent,
  type RawTransactionEvent,
  type UpdateWebhookInput,
  type WebhookHandlerOptions,
} from "@chaindata/webhooks";
type /*@neitherKindOption*/NeitherKindOption = WebhookHandlerOptions<never, { foo: string }>["kind"];
import { createAdminClient, type GetProjectUsageInput } from "@chaindata/admin";
const das = createDasClient();
const compression = createCompressionClient();
const wallet = createWalletClient();
const webhooks = createWebhooksClient();
const admin = createAdminClient();
const sdk = createChainDataClient();
const A = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
export async function probe(either: "getAsset" | "getNftEditions", invalid: InvalidResponseError) {
  invalid./*@invalidReason*/reason;
  das.request("/*@dasMethodName*/");
  compression.request("/*@compressionMethodName*/");
  sdk.das.request("/*@sdkMethodName*/");
  await das.request("getAset", { id: A });
  await das.request(either, { id: A });
  das.request(/*@requestHelp*/"getAsset", { id: A });
  async function call<M extends DasMethod>(m: M, p: DasParams<M>, o?: RequestOptions): Promise<DasResult<M>> {
    return das.request(m, p, o);
  }
  await /*@wrapperCall*/call("getAsset", { id: A });
  await call(either, { id: A });
  await das.getAsset(/*@getAssetHelp*/{ id: A });
  await das.getAssetsByOwner(/*@byOwnerHelp*/{ ownerAddress: A });
  das.getAssetsByOwner.all(/*@byOwnerAllHelp*/{ ownerAddress: A });
  await compression.getCompressedAccountsByOwner(/*@compressedHelp*/{ owner: A });
  compression.getLatestCompressionSignatures.all(/*@latestAllHelp*/);
  await wallet.getBalances(/*@balancesHelp*/{ wallet: A });
  wallet.getBalances.all(/*@balancesAllHelp*/{ wallet: A });
  sdk.das.getNftEditions.all(/*@sdkEditionsAllHelp*/{ mint: A });
  das.getAssetsByOwner./*@byOwnerAll*/all;
  wallet.getTransfers./*@transfersAll*/all;
  /*@paginateByOwner*/paginateGetAssetsByOwner(createDasRpc(), { ownerAddress: A });
  paginateGetAssetsByOwner(/*@paginateByOwnerHelp*/createDasRpc(), { ownerAddress: A });
  let update: /*@updateInput*/UpdateWebhookInput;
  let asset: /*@assetType*/Asset;
  let tokenInfo: /*@tokenInfoType*/TokenInfo;
  let sortField: /*@sortFieldType*/AssetSortField;
  let usage: /*@usageInput*/GetProjectUsageInput;
  let shared: /*@clientOptionsType*/ClientOptions;
  createChainDataClient({ /*@sdkRateLimit*/rateLimit: false });
  await admin.getProjectUsage({});
  await webhooks.getWebhook({ webhookId: "x" });
  await das.getAssetsByOwner({ ownerAddress: A, page: 1, cursor: "c" });
  await sdk.das.getAssetsByAuthority({ authorityAddress: A, before: A, page: 2 });
  createWebhookHandler({ authHeader: "s", kind: "/*@handlerKind*/" });
  await wallet.getHistory({ wallet: A, type: "/*@historyType*/" });
  await webhooks.updateWebhook({ webhookID: "w", encoding: "/*@webhookEncoding*/" });
  createWebhookHandler({ authHeader: "s", onEvent: (/*@enhancedEvent*/event) => {} });
  createWebhookHandler({ authHeader: "s", kind: "raw", onEvent: (/*@rawEvent*/event) => {} });
  createWebhookHandler<"raw">({ authHeader: "s", onEvent: () => {} });
  createWebhookHandler<"raw">({ authHeader: "s", kind: "enhanced", onEvent: () => {} });
  createWebhookHandler<"enhanced">({ authHeader: "s", kind: "raw", onEvent: () => {} });
  createWebhookHandler({ authHeader: "s", kind: "enhancd", onEvent: () => {} });
  createWebhookHandler({ authHeader: "s", onEvent: (event: RawTransactionEvent) => {} });
  createWebhookHandler({ authHeader: "s", onEvent(event: RawTransactionEvent) {} });
  createWebhookHandler({ authHeader: "s", kind: "raw", onEvent(event: EnhancedTransactionEvent) {} });
  createWebhookHandler({ onEvent: () => {} });
  createWebhookHandler({ authHeader: "s", maxBodyByte: 1, onEvent: () => {} });
  createWebhookHandler(/*@handlerHelp*/{ authHeader: "s", onEvent: () => {} });
  createWebhookHandler({ authHeader: "s", onEvent(event: { foo: string }) {} });
  createWebhookHandler({ authHeader: "s" });
  createWebhookHandler({ authHeader: "s", onEvent: () => {}, /*@handlerOptionNames*/ });
  createWebhookHandler({ authHeader: "s", /*@onEventName*/onEvent: (event) => {} });
}
`;

const { service, file, at, errors: errorsOf } = probeService("editor-probe.ts", source);
const text = (parts: ts.SymbolDisplayPart[] | undefined) => ts.displayPartsToString(parts);
const tagsOf = (tags: ts.JSDocTagInfo[] | undefined) =>
  (tags ?? []).map((tag) => `@${tag.name} ${text(tag.text)}`);

/** The names completed at `marker`. */
const completions = (marker: string) =>
  (service.getCompletionsAtPosition(file, at(marker), {})?.entries ?? []).map((e) => e.name);

/** What signature help shows at `marker`: the signature, its documentation and tags. */
function signatureHelp(marker: string) {
  const help = service.getSignatureHelpItems(file, at(marker), {});
  expect(help?.items, marker).toHaveLength(1);
  const [item] = help!.items;
  return {
    signature:
      text(item!.prefixDisplayParts) +
      item!.parameters.map((p) => text(p.displayParts)).join(text(item!.separatorDisplayParts)) +
      text(item!.suffixDisplayParts),
    documentation: text(item!.documentation),
    tags: tagsOf(item!.tags),
  };
}

/**
 * The documentation signature help shows for each parameter at `marker`, by name, its links as an
 * editor shows them (`{@link T.X | X}`: `X`).
 */
function parameterDocs(marker: string) {
  const help = service.getSignatureHelpItems(file, at(marker), {});
  expect(help?.items, marker).toHaveLength(1);
  // (A link's name gives way to its text, when it has one.)
  const shown = (parts: ts.SymbolDisplayPart[]) =>
    parts
      .map((part, i) =>
        part.kind === "link" || (part.kind === "linkName" && parts[i + 1]?.kind === "linkText")
          ? ""
          : part.text,
      )
      .join("");
  return Object.fromEntries(
    help!.items[0]!.parameters.map((p) => [p.name, shown(p.documentation)]),
  );
}

const hover = (marker: string) => {
  const info = service.getQuickInfoAtPosition(file, at(marker));
  return `${text(info?.displayParts)}\n${text(info?.documentation)}`;
};
const hoverTags = (marker: string) =>
  tagsOf(service.getQuickInfoAtPosition(file, at(marker))?.tags);

/** The errors of the probe, by the source line each is on (its text, the message flattened). */
const errors = errorsOf();
const errorOn = (line: string) => errors.get(line) ?? "(no error)";

describe("request(method, …)", () => {
  it("completes the method names", () => {
    const das = completions("dasMethodName");
    expect(das.sort()).toEqual([
      "getAsset",
      "getAssetBatch",
      "getAssetsByAuthority",
      "getAssetsByOwner",
      "getNftEditions",
    ]);
    expect(completions("compressionMethodName")).toContain("getCompressedAccountsByOwner");
    expect(completions("sdkMethodName")).toContain("getNftEditions");
  });

  it("refuses a misspelt method name by naming the methods, not as `never`", () => {
    const error = errorOn(`await das.request("getAset", { id: A });`);
    expect(error).toContain(`Argument of type '"getAset"' is not assignable to parameter`);
    expect(error).not.toContain("'never'");
  });

  it("still refuses a union of method names (its params could not be checked)", () => {
    expect(errorOn("await das.request(either, { id: A });")).toMatch(/not assignable/);
  });

  it("shows the method map's names in the overload for a wrapper generic over the method", () => {
    const help = service.getSignatureHelpItems(file, at("requestHelp"), {});
    const signatures = (help?.items ?? []).map(
      (item) =>
        text(item.prefixDisplayParts) +
        item.parameters.map((p) => text(p.displayParts)).join(text(item.separatorDisplayParts)) +
        text(item.suffixDisplayParts),
    );
    expect(signatures).toEqual([
      'request(method: "getAsset", params: GetAssetParams, options?: RequestOptions | undefined): Promise<Asset>',
      "request<M extends DasMethod>(method: M, params: DasParams<M>, options?: RequestOptions | undefined): Promise<DasResult<M>>",
    ]);
  });
});

describe("a wrapper generic over request(method, …), typed with DasMethod / DasParams / DasResult", () => {
  it("shows the method's own params and result at a call", () => {
    expect(hover("wrapperCall")).toMatch(
      /^\(local function\) call<"getAsset">\(m: "getAsset", p: GetAssetParams, o\?: RequestOptions\): Promise<Asset>\n/,
    );
  });

  it("refuses a union of method names, as request does (params never)", () => {
    expect(errorOn("await call(either, { id: A });")).toBe(
      "Argument of type '{ id: string; }' is not assignable to parameter of type 'never'.",
    );
  });
});

describe("signature help of a call's parameters", () => {
  it("documents the params (naming their type), the options and a standalone function's endpoint", () => {
    const method = parameterDocs("getAssetHelp");
    expect(method.params).toMatch(/^- The call's params, a GetAssetParams; /);
    expect(method.options).toMatch(/^- Per-call request options \(RequestOptions: `signal`, /);
    const walk = parameterDocs("byOwnerAllHelp");
    expect(walk.params).toContain("GetAssetsByOwnerParams");
    expect(walk.options).toContain("`maxPages`");
    const standalone = parameterDocs("paginateByOwnerHelp");
    expect(standalone.rpc).toBe("- The endpoint to call, made by createDasRpc.");
    expect(standalone.options).toContain("every page");
    expect(parameterDocs("balancesHelp").params).toContain("GetBalancesInput");
  });
});

describe("signature help of a paginated method", () => {
  it("shows the method's documentation, as for one that is not paginated", () => {
    const plain = signatureHelp("getAssetHelp");
    expect(plain.documentation).toMatch(/^Get one asset by its id\./);
    for (const [marker, summary] of [
      ["byOwnerHelp", "List the assets a wallet owns."],
      ["compressedHelp", "List the compressed accounts owned by an address."],
      ["balancesHelp", "Get a wallet's token and NFT balances"],
    ]) {
      const help = signatureHelp(marker!);
      expect(help.documentation.split("\n")[0], marker).toBe(summary);
      expect(help.documentation, marker).toMatch(/\nCost: \d+ credits? per request\.(\n|$)/);
      expect(
        help.tags.some((tag) => tag.startsWith("@example")),
        marker,
      ).toBe(true);
    }
    expect(signatureHelp("balancesHelp").tags).toContain(
      "@beta Routes and response formats may change.",
    );
  });

  it("shows .all()'s own documentation: the method's every page, its cost per page, its status", () => {
    const all = signatureHelp("byOwnerAllHelp");
    expect(all.signature).toBe(
      "all(params: GetAssetsByOwnerParams, options?: PageWalkOptions): PageIterable<Asset, AssetList, GetAssetsByOwnerParams>",
    );
    expect(all.documentation.split("\n")[0]).toBe("List the assets a wallet owns, every page.");
    expect(all.documentation).toContain(
      "Each page is one getAssetsByOwner call.\n\nCost: 10 credits per request.",
    );
    expect(all.tags.join("\n")).toContain("for await (const asset of das.getAssetsByOwner.all({");
    expect(signatureHelp("balancesAllHelp").tags).toContain(
      "@beta Routes and response formats may change.",
    );
    expect(signatureHelp("balancesAllHelp").documentation.split("\n")[0]).toBe(
      "Get a wallet's token and NFT balances, every page.",
    );
    expect(signatureHelp("sdkEditionsAllHelp").documentation).toContain(
      "Each page is one getNftEditions call",
    );
    // (Params that are all optional may be left out, as in the one-page call.)
    expect(signatureHelp("latestAllHelp").signature).toMatch(/^all\(params\?: /);
  });
});

describe("the items of a page walk", () => {
  it("are shown by their type's name on hover, not as an indexed type of the result", () => {
    expect(hover("byOwnerAll")).toMatch(
      /\): PageIterable<Asset, GetAssetsByOwnerResult, GetAssetsByOwnerParams>\n/,
    );
    expect(hover("transfersAll")).toMatch(
      /\): PageIterable<WalletTransferItem, GetTransfersResult, GetTransfersInput>\n/,
    );
    expect(hover("paginateByOwner")).toMatch(
      /\): PageIterable<Asset, GetAssetsByOwnerResult, GetAssetsByOwnerParams>\n/,
    );
  });
});

/** The probe's calls that break a rule between params: `page` excludes `before` and `cursor`. */
const BREAKING_A_RULE = [
  `await das.getAssetsByOwner({ ownerAddress: A, page: 1, cursor: "c" });`,
  "await sdk.das.getAssetsByAuthority({ authorityAddress: A, before: A, page: 2 });",
];

describe("rules between params", () => {
  it("are named in the error of a call that breaks one (page with a cursor), not as `undefined`", () => {
    for (const line of BREAKING_A_RULE) {
      const error = errorOn(line);
      expect(error, line).toContain("'PageExcludesBeforeAfterAndCursor'");
      expect(error, line).not.toContain("'undefined'");
    }
  });
});

describe("REST inputs", () => {
  it("show their members by the types' own names, never openapi-typescript's `components[…]`", () => {
    const update = hover("updateInput");
    expect(update).toContain("webhookID: string");
    expect(update).not.toContain("components[");
  });

  it("are named in errors, not expanded", () => {
    expect(errorOn("await admin.getProjectUsage({});")).toContain("'GetProjectUsageInput'");
    expect(errorOn(`await webhooks.getWebhook({ webhookId: "x" });`)).toContain(
      "'GetWebhookInput'",
    );
    expect(hover("usageInput")).toMatch(/^\(alias\) interface GetProjectUsageInput\b/);
  });
});

// (An options object typed ClientOptions given to a REST client, the sender or the sdk fails with
// a deep message: "Types of property 'batch' are incompatible. Type 'Batcher' is not assignable to
// type 'false'" (user trial 70, F8). The hovers of what the user wrote say what to type instead.)
describe("options shared by several clients", () => {
  it("ClientOptions' hover quotes the error and names the type every area's factory takes", () => {
    const shown = hover("clientOptionsType").replace(/\s+/g, " ");
    expect(shown).toContain("Types of property 'batch' are incompatible");
    expect(shown).toContain("type options shared by several clients `RestClientOptions`");
    expect(shown).toContain("`SenderClientOptions`");
  });

  it("the sdk's refused top-level rateLimit names the type shared with its factory too", () => {
    const shown = hover("sdkRateLimit").replace(/\s+/g, " ");
    expect(shown).toContain("Type 'RateLimiter' is not assignable to type 'false'");
    expect(shown).toContain('`Omit<RestClientOptions, "rateLimit">`');
  });
});

describe("the hover of a generated type", () => {
  it("shows one example of an object, its JSON indented as written, its u64 values as the bigints its type has", () => {
    const examples = hoverTags("tokenInfoType").filter((tag) => tag.startsWith("@example"));
    expect(examples).toHaveLength(1);
    expect(examples[0]).toMatch(/^@example \{\n {2}"symbol": "Bonk",\n {2}"supply": \d+n,\n/);
    expect(examples[0]).toContain('\n  "price_info": {\n    "price_per_token": ');
  });

  // (User trial 24: `Asset`'s hover was 105 lines, most of them its example; the docs site shows it.)
  it("shows no example longer than a few lines: its description, then its members' own docs", () => {
    expect(hoverTags("assetType").filter((tag) => tag.startsWith("@example"))).toEqual([]);
    const shown = [hover("assetType"), ...hoverTags("assetType")].join("\n");
    expect(shown.split("\n").length, shown).toBeLessThan(10);
  });

  it("shows no bare @enum tag", () => {
    expect(hoverTags("sortFieldType")).toEqual(['@default "id"', "@example created"]);
  });
});

describe("an invalid response's reason", () => {
  it("shows what each value means on hover (a union's members have no documentation of their own)", () => {
    const shown = hover("invalidReason");
    for (const reason of [
      "non-json",
      "empty",
      "html",
      "truncated",
      "invalid-utf8",
      "id-mismatch",
      "missing-entry",
      "duplicate-entry",
      "not-json-rpc",
      "broken-paging",
      "not-ok",
    ])
      expect(shown, reason).toMatch(new RegExp(`\\n- \`${reason}\`: \\w`));
  });
});

// (User trial 24: both were typed `string`, so an editor offered nothing.)
describe("inputs of open enums", () => {
  it("complete the known values: getHistory's `type` the webhook transaction types, a webhook's `encoding` the encodings the SDKs name", () => {
    const types = completions("historyType");
    expect(types.length).toBeGreaterThan(500);
    for (const known of ["SWAP", "TRANSFER", "NFT_SALE", "NFT_MINT", "BURN", "ANY"])
      expect(types, known).toContain(known);
    expect(completions("webhookEncoding").sort()).toEqual(["json", "jsonParsed"]);
  });
});

describe("createWebhookHandler's kind", () => {
  it("completes every delivery kind, not only the default", () => {
    expect(completions("handlerKind").sort()).toEqual(["enhanced", "raw"]);
  });

  it("types the events as enhanced when kind is left out, and as the kind given", () => {
    expect(hover("enhancedEvent")).toMatch(/^\(parameter\) event: EnhancedTransactionEvent\n/);
    expect(hover("rawEvent")).toMatch(/^\(parameter\) event: RawTransactionEvent\n/);
  });

  it("refuses a kind other than the explicit type argument's, or none for raw, and a misspelt one", () => {
    expect(
      errorOn(`createWebhookHandler<"raw">({ authHeader: "s", onEvent: () => {} });`),
    ).toContain("Property 'kind' is missing");
    expect(
      errorOn(
        `createWebhookHandler<"raw">({ authHeader: "s", kind: "enhanced", onEvent: () => {} });`,
      ),
    ).toContain(`Type '"enhanced"' is not assignable to type '"raw"'`);
    expect(
      errorOn(
        `createWebhookHandler<"enhanced">({ authHeader: "s", kind: "raw", onEvent: () => {} });`,
      ),
    ).toContain(`Type '"raw"' is not assignable to type '"enhanced"'`);
    expect(
      errorOn(`createWebhookHandler({ authHeader: "s", kind: "enhancd", onEvent: () => {} });`),
    ).toContain(`Did you mean '"enhanced"'?`);
  });

  it("refuses a handler of raw events without kind by naming kind, not only its onEvent", () => {
    // (One signature, E inferred from onEvent's annotation: with an overload of its own for raw
    // events, the error was "No overload matches this call", the enhanced overload's lines about
    // onEvent first, then the raw one's about kind.)
    expect(
      errorOn(
        `createWebhookHandler({ authHeader: "s", onEvent: (event: RawTransactionEvent) => {} });`,
      ),
    ).toBe(
      [
        `Argument of type '{ authHeader: string; onEvent: (event: RawTransactionEvent) => void; }' is not assignable to parameter of type 'WebhookHandlerOptions<never, RawTransactionEvent>'.`,
        `  Property 'kind' is missing in type '{ authHeader: string; onEvent: (event: RawTransactionEvent) => void; }' but required in type '{ kind: "raw"; }'.`,
      ].join("\n"),
    );
    expect(
      errorOn(`createWebhookHandler({ authHeader: "s", onEvent(event: RawTransactionEvent) {} });`),
    ).toBe(
      [
        `Argument of type '{ authHeader: string; onEvent(event: RawTransactionEvent): void; }' is not assignable to parameter of type 'WebhookHandlerOptions<never, RawTransactionEvent>'.`,
        `  Property 'kind' is missing in type '{ authHeader: string; onEvent(event: RawTransactionEvent): void; }' but required in type '{ kind: "raw"; }'.`,
      ].join("\n"),
    );
  });

  it("refuses other mistakes with one error each, not one per overload", () => {
    expect(
      errorOn(
        `createWebhookHandler({ authHeader: "s", kind: "raw", onEvent(event: EnhancedTransactionEvent) {} });`,
      ),
    ).toBe(
      [
        "Type '(event: EnhancedTransactionEvent) => void' is not assignable to type '(event: RawTransactionEvent) => void | Promise<void>'.",
        "  Types of parameters 'event' and 'event' are incompatible.",
        "    Type 'RawTransactionEvent' is missing the following properties from type 'EnhancedTransactionEvent': description, type, source, fee, and 7 more.",
      ].join("\n"),
    );
    expect(errorOn(`createWebhookHandler({ onEvent: () => {} });`)).toBe(
      [
        "Argument of type '{ onEvent: () => void; }' is not assignable to parameter of type 'WebhookHandlerOptions<never, EnhancedTransactionEvent>'.",
        `  Property 'authHeader' is missing in type '{ onEvent: () => void; }' but required in type 'WebhookHandlerCommonOptions<"enhanced", EnhancedTransactionEvent>'.`,
      ].join("\n"),
    );
    expect(
      errorOn(`createWebhookHandler({ authHeader: "s", maxBodyByte: 1, onEvent: () => {} });`),
    ).toBe(
      "Object literal may only specify known properties, but 'maxBodyByte' does not exist in type 'WebhookHandlerOptions<never, EnhancedTransactionEvent>'. Did you mean to write 'maxBodyBytes'?",
    );
    expect(
      errorOn(`createWebhookHandler({ authHeader: "s", kind: "enhancd", onEvent: () => {} });`),
    ).toBe(
      `Type '"enhancd"' is not assignable to type 'DeliveryKind | undefined'. Did you mean '"enhanced"'?`,
    );
  });

  // (Red on the options' top type turned into a conditional, which names them
  // `EnhancedWebhookHandlerOptions` here, and on a change that adds a second error. The
  // neither-kind options' `kind` shows in no message, TypeScript reporting the `onEvent` mismatch
  // alone: it is read from the type's hover, red when that fallback demands `kind: "raw"` instead
  // of leaving the kind out.)
  it("refuses an onEvent of neither kind's events, and a missing onEvent, with one error each", () => {
    expect(errorOn(`createWebhookHandler({ authHeader: "s" });`)).toBe(
      [
        "Argument of type '{ authHeader: string; }' is not assignable to parameter of type 'WebhookHandlerOptions<never, EnhancedTransactionEvent>'.",
        `  Property 'onEvent' is missing in type '{ authHeader: string; }' but required in type 'WebhookHandlerCommonOptions<"enhanced", EnhancedTransactionEvent>'.`,
      ].join("\n"),
    );
    expect(
      errorOn(`createWebhookHandler({ authHeader: "s", onEvent(event: { foo: string }) {} });`),
    ).toBe(
      [
        "Type '(event: { foo: string; }) => void' is not assignable to type '(event: EnhancedTransactionEvent) => void | Promise<void>'.",
        "  Types of parameters 'event' and 'event' are incompatible.",
        "    Property 'foo' is missing in type 'EnhancedTransactionEvent' but required in type '{ foo: string; }'.",
      ].join("\n"),
    );
    expect(hover("neitherKindOption")).toBe("type NeitherKindOption = undefined\n");
  });

  // (Red on WebhookHandlerKindLeftOut made an interface, shown as
  // `(property) WebhookHandlerKindLeftOut.kind?: undefined`, and on its doc line or `@default`
  // changed or lost.)
  it("documents kind where it is completed with kind left out: its kinds and its default", () => {
    const position = at("handlerOptionNames");
    const entry = service
      .getCompletionsAtPosition(file, position, {})
      ?.entries.find((e) => e.name === "kind");
    const details = service.getCompletionEntryDetails(
      file,
      position,
      "kind",
      {},
      undefined,
      undefined,
      entry?.data,
    );
    expect(text(details?.displayParts)).toBe("(property) kind?: undefined");
    expect(text(details?.documentation)).toBe(
      "The webhook's type: `enhanced` (and `enhancedDevnet`) or `raw` (and `rawDevnet`).",
    );
    expect(tagsOf(details?.tags)).toEqual(['@default "enhanced"']);
  });

  // (An unannotated `(event) => event.transaction` without kind is told only that the property does
  // not exist on EnhancedTransactionEvent: onEvent's hover says which kind types which event.)
  it('says on onEvent\'s hover that kind "raw" types the events as raw', () => {
    expect(hover("onEventName").split("\n").slice(1, 4).join("\n")).toBe(
      [
        "Called once per new event: an `EnhancedTransactionEvent` with `kind` left out, a",
        '`RawTransactionEvent` with `kind: "raw"` (a raw webhook\'s handler needs it: its events have',
        "`transaction` and `meta`). In delivery order, one at a time within a delivery: the next event's",
      ].join("\n"),
    );
  });

  it("shows one signature while the options are written", () => {
    expect(signatureHelp("handlerHelp").signature).toBe(
      "createWebhookHandler(options: WebhookHandlerOptions<never, EnhancedTransactionEvent>): (request: Request) => Promise<Response>",
    );
  });
});

// (The probe compiles but for the lines whose errors are asserted above.)
it("the probe has no other errors", () => {
  const asserted = [
    `await das.request("getAset", { id: A });`,
    "await das.request(either, { id: A });",
    "await call(either, { id: A });",
    "await admin.getProjectUsage({});",
    `await webhooks.getWebhook({ webhookId: "x" });`,
    ...BREAKING_A_RULE,
    `createWebhookHandler<"raw">({ authHeader: "s", onEvent: () => {} });`,
    `createWebhookHandler<"raw">({ authHeader: "s", kind: "enhanced", onEvent: () => {} });`,
    `createWebhookHandler<"enhanced">({ authHeader: "s", kind: "raw", onEvent: () => {} });`,
    `createWebhookHandler({ authHeader: "s", kind: "enhancd", onEvent: () => {} });`,
    `createWebhookHandler({ authHeader: "s", onEvent: (event: RawTransactionEvent) => {} });`,
    `createWebhookHandler({ authHeader: "s", onEvent(event: RawTransactionEvent) {} });`,
    `createWebhookHandler({ authHeader: "s", kind: "raw", onEvent(event: EnhancedTransactionEvent) {} });`,
    "createWebhookHandler({ onEvent: () => {} });",
    `createWebhookHandler({ authHeader: "s", maxBodyByte: 1, onEvent: () => {} });`,
    `createWebhookHandler({ authHeader: "s", onEvent(event: { foo: string }) {} });`,
    `createWebhookHandler({ authHeader: "s" });`,
  ];
  const others = [...errors].filter(([line]) => !asserted.includes(line) && !line.includes("/*@"));
  expect(others).toEqual([]);
});
