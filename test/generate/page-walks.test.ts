// The standalone page walks (`paginate<Method>`, scripts/generate/rpc.mjs): one per paginated
// JSON-RPC method, with the method's status in its JSDoc, an @example a walk can run, through the
// method's own standalone function (so a deprecated method warns as its one-page call does), and
// a name the name-clash rule holds free.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { emitRestArea } from "../../scripts/generate/rest.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { emitRpcArea } from "../../scripts/generate/rpc.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { refusesSomeString } from "../../scripts/generate/lib/schema.mjs";

const das = () =>
  JSON.parse(
    readFileSync(new URL("../../spec/dist/openrpc/das.json", import.meta.url), "utf8"),
  ) as { info: Record<string, unknown>; methods: any[] };
const clientOf = async (doc: object): Promise<string> =>
  (await emitRpcArea({ area: "das", kind: "openrpc", doc, file: "openrpc/das.json" }))[
    "packages/das/src/generated/client.ts"
  ];
/** An area package's generated client.ts, from its bundled spec (`file`, under spec/dist). */
const bundledClient = async (emit: typeof emitRpcArea, area: string, file: string) =>
  (
    await emit({
      area,
      kind: file.split("/")[0],
      doc: JSON.parse(
        readFileSync(new URL(`../../spec/dist/${file}`, import.meta.url), "utf8"),
      ) as object,
      file,
    })
  )[`packages/${area}/src/generated/client.ts`] as string;
/** The compression package's generated client.ts, from the bundled spec. */
const compressionClient = () =>
  bundledClient(emitRpcArea, "compression", "openrpc/compression.json");
/** The JSDoc and declaration of one generated function. */
const functionOf = (client: string, name: string) => {
  const at = client.indexOf(`export function ${name}(`);
  expect(at, name).toBeGreaterThan(0);
  const start = client.lastIndexOf("/**", at);
  return client.slice(start, client.indexOf("\n}\n", at));
};

describe("paginate<Method>", () => {
  it("exists for each paginated method only, and walks through the method's standalone function", async () => {
    const client = await clientOf(das());
    expect([...client.matchAll(/^export function (paginate\w+)\(/gm)].map((m) => m[1])).toEqual([
      "paginateGetAssetsByOwner",
      "paginateGetAssetsByAuthority",
      "paginateGetNftEditions",
    ]);
    expect(functionOf(client, "paginateGetNftEditions")).toContain(
      "((params, options) => getNftEditions(rpc, params, options), op.getNftEditions).all(params, options);",
    );
  });

  it("carries the method's @deprecated and the area's @beta", async () => {
    const doc = das();
    doc.info["x-beta"] = true;
    const owner = doc.methods.find((m) => m.name === "getAssetsByOwner");
    Object.assign(owner, { deprecated: true, "x-replaced-by": "getAssetsByAuthority" });
    const walk = functionOf(await clientOf(doc), "paginateGetAssetsByOwner");
    expect(walk).toContain(" * @beta Routes and response formats may change.\n");
    expect(walk).toContain(" * @deprecated Use getAssetsByAuthority instead.\n");
    // (The one-page function it calls warns, once per process.)
    expect(walk).toContain("=> getAssetsByOwner(rpc, params, options)");
  });

  it("shows a for-await loop from the first example a walk can start from, without its page", async () => {
    const doc = das();
    const owner = doc.methods.find((m) => m.name === "getAssetsByOwner");
    const keysetOnly = structuredClone(owner.examples[0]);
    keysetOnly.params = keysetOnly.params
      .filter((p: { name: string }) => p.name !== "page")
      .concat({ name: "after", value: "keyset-start" });
    owner.examples.unshift(keysetOnly);
    const walk = functionOf(await clientOf(doc), "paginateGetAssetsByOwner");
    expect(walk).toContain(" * for await (const asset of paginateGetAssetsByOwner(rpc, {\n");
    expect(walk).toContain(" *   console.log(asset);\n * }\n");
    expect(walk).not.toContain("keyset-start"); // (the walk would refuse to start from it)
    expect(walk).not.toMatch(/^ \* {3}page:/m);
  });

  it("says where the walk starts and how it goes on: page by page (a keyset param and no cursor refused), or cursor by cursor", async () => {
    const byOwner = functionOf(await clientOf(das()), "paginateGetAssetsByOwner");
    expect(byOwner).toContain(
      "The walk starts from `page` (1 when absent), page after page. With `before`, `after`, `cursor` in `params` it walks by each result's `cursor` instead, and `before` or `after` without `cursor` is refused (a `ConfigurationError` when the loop starts, nothing sent) unless `maxPages: 1`.",
    );
    const client = await compressionClient();
    expect(functionOf(client, "paginateGetCompressedTokenAccountsByOwner")).toContain(
      "The walk starts from `params` as given (a `cursor` there starts mid-way), each result's cursor naming the next page.",
    );
  });

  it("says when a walk goes by keyset from the start (x-pagination.keysetWhen), and how a walk by cursor ends", async () => {
    const client = await clientOf(das());
    const keyset =
      'With `sortBy.sortBy: "id"` and no `page`, `before`, `after` or `cursor`, it walks by keyset from the start: the first request carries no `page`, each next one the previous result\'s `cursor`. A walk by `cursor` ends on a page that is empty, shorter than `limit` or without `cursor`.';
    for (const name of ["paginateGetAssetsByOwner", "paginateGetAssetsByAuthority"])
      expect(functionOf(client, name), name).toContain(keyset);
    // (And the client's `.all()`, whose JSDoc is the same text.)
    expect(client.split(keyset)).toHaveLength(5);
    expect(functionOf(client, "paginateGetNftEditions")).not.toContain("by keyset");
  });

  it("says which answers break the paging protocol and end the walk with an InvalidResponseError", async () => {
    expect(functionOf(await clientOf(das()), "paginateGetAssetsByOwner")).toContain(
      "An answer that breaks the paging protocol (a page that names another page than the one asked for, or a `cursor` the walk has already sent) ends the walk with an `InvalidResponseError`, after the pages before it.",
    );
    const client = await compressionClient();
    expect(functionOf(client, "paginateGetCompressionSignaturesForAddress")).toContain(
      "An answer that breaks the paging protocol (a `value.cursor` the walk has already sent) ends the walk with an `InvalidResponseError`, after the pages before it.",
    );
    // (A walk by page number that reads `hasMore`: an empty page said to have more, review 77, F5.)
    const wallet = await bundledClient(emitRestArea, "wallet", "openapi/wallet.json");
    const byPage =
      "An answer that breaks the paging protocol (a page that names another page than the one asked for, or `pagination.hasMore: true` of a page with no items) ends the walk with an `InvalidResponseError`, after the pages before it.";
    expect(functionOf(wallet, "paginateGetBalances")).toContain(byPage);
    // (And the client's `.all()`, whose JSDoc is the same text.)
    expect(wallet.split(byPage)).toHaveLength(3);
  });

  // (core's paginate runs the call's params check on each next cursor, and a server's cursor it
  // refuses breaks the walk before the next call: review 39 #5.)
  const REFUSED = (next: string, cursor: string) =>
    `or a \`${next}\` that the call's params check refuses as \`${cursor}\`, which is not sent) ends the walk with an \`InvalidResponseError\``;

  it("names a next cursor the call's check refuses as a break, where the cursor param has a check that can refuse one (a pattern)", async () => {
    const client = await compressionClient();
    // (Base58 and Hash patterns.)
    for (const name of [
      "paginateGetCompressedTokenAccountsByOwner",
      "paginateGetCompressedAccountsByOwner",
    ])
      expect(functionOf(client, name), name).toContain(
        `(a \`value.cursor\` the walk has already sent, ${REFUSED("value.cursor", "cursor")}`,
      );
    // (A REST walk's cursor is a query param: the wallet history's `before`, a Signature.)
    const wallet = await bundledClient(emitRestArea, "wallet", "openapi/wallet.json");
    expect(functionOf(wallet, "paginateGetHistory")).toContain(
      REFUSED("pagination.nextCursor", "before"),
    );
    // (And the client's `.all()`, whose JSDoc is the same text.)
    expect(client.split(REFUSED("value.cursor", "cursor"))).toHaveLength(7);
  });

  it("does not name it where the cursor param takes any non-empty string (a type alone, minLength 1)", async () => {
    const client = await compressionClient();
    // (`type: [string, null]`.)
    expect(functionOf(client, "paginateGetCompressionSignaturesForAddress")).not.toContain(
      "params check refuses",
    );
    // (DAS `cursor`: minLength 1; the walk never sends an empty cursor.)
    expect(await clientOf(das())).not.toContain("params check refuses");
    const doc = das();
    const owner = doc.methods.find((m) => m.name === "getAssetsByOwner");
    const params = owner.params.find((p: { name: string }) => p.name === "cursor");
    params.schema = { ...params.schema, pattern: "^[1-9A-HJ-NP-Za-km-z]+$" };
    expect(functionOf(await clientOf(doc), "paginateGetAssetsByOwner")).toContain(
      REFUSED("cursor", "cursor"),
    );
  });

  it("refusesSomeString: the checks that can refuse a non-empty string", () => {
    const doc = { components: { schemas: { Hash: { type: "string", pattern: "^[a-z]+$" } } } };
    const hash = { $ref: "#/components/schemas/Hash" };
    for (const schema of [
      hash,
      { anyOf: [hash, { type: "null" }] },
      { type: "string", maxLength: 10 },
      { type: "string", minLength: 2 },
      { enum: ["a", "b"] },
      { const: "a" },
      { type: "integer" },
      { allOf: [{ type: "string" }, hash] },
      { not: { const: "a" } },
    ])
      expect(refusesSomeString(doc, schema), JSON.stringify(schema)).toBe(true);
    for (const schema of [
      undefined,
      {},
      { type: "string" },
      { type: ["string", "null"], minLength: 1 },
      { type: "string", format: "byte" },
      { anyOf: [hash, { type: "string" }] },
    ])
      expect(refusesSomeString(doc, schema), JSON.stringify(schema)).toBe(false);
  });

  it("is a name the name-clash rule holds free", async () => {
    const doc = das();
    doc.methods.find((m) => m.name === "getAsset").name = "paginateGetAssetsByOwner";
    await expect(clientOf(doc)).rejects.toThrow(
      `(getAssetsByOwner): [name-clash] "paginateGetAssetsByOwner" is both method getAssetsByOwner's page-walk function (generated/client.ts) and method paginateGetAssetsByOwner's function (generated/client.ts): one name cannot be bound twice in generated/client.ts`,
    );
  });
});

// The clients' `.all()` (scripts/generate/lib/call-code.mjs `paginatedMember`): each paginated member
// is a call signature and `.all()`, each with its own JSDoc, so that signature help shows the
// operation's docs and `.all()` its walk, cost per page and status (not one text for all).
describe("<client>.<operation>.all()", () => {
  /** The JSDoc and signature of a member's `.all()`, in a client interface. */
  const allOf = (client: string, name: string) => {
    const member = client.indexOf(`  ${name}: {\n`);
    expect(member, name).toBeGreaterThan(0);
    const at = client.indexOf("    all(", member);
    return client.slice(client.lastIndexOf("    /**", at), client.indexOf("\n", at));
  };

  it("documents the walk as paginate<Method> does, with a for-await loop over the client", async () => {
    const all = allOf(await clientOf(das()), "getAssetsByOwner");
    expect(all).toContain("     * List the assets a wallet owns, every page.\n");
    expect(all).toContain("Every page of `getAssetsByOwner`, fetched lazily");
    // (Its cost in the words of the call's own JSDoc: lib/emit.mjs costText.)
    expect(all).toContain(
      "Each page is one getAssetsByOwner call.\n     *\n     * Cost: 10 credits per request.\n",
    );
    expect(all).not.toContain("without the client");
    expect(all).toContain("     * for await (const asset of das.getAssetsByOwner.all({\n");
    expect(all).toContain(
      "    all(params: T.GetAssetsByOwnerParams, options?: PageWalkOptions): PageIterable<T.Asset, T.GetAssetsByOwnerResult, T.GetAssetsByOwnerParams>;",
    );
  });

  it("of a REST operation walked by cursor, says which keyset param it refuses without the cursor, and carries the area's @beta", async () => {
    const wallet = JSON.parse(
      readFileSync(new URL("../../spec/dist/openapi/wallet.json", import.meta.url), "utf8"),
    ) as object;
    const client = (
      await emitRestArea({
        area: "wallet",
        kind: "openapi",
        doc: wallet,
        file: "openapi/wallet.json",
      })
    )["packages/wallet/src/generated/client.ts"];
    const history = allOf(client, "getHistory");
    expect(history).toContain(
      "The walk starts from `params` as given (a `before` there starts mid-way), each result's cursor naming the next page. With `after` in `params` it is refused (a `ConfigurationError` when the loop starts, nothing sent) unless `maxPages: 1`: the results name no next page in that order.",
    );
    expect(history).toContain("     * @beta Routes and response formats may change.\n");
    expect(history).toContain("    all(params: T.GetHistoryInput, options?: PageWalkOptions)");
  });
});

// A REST package's standalone page walks (scripts/generate/rest.mjs), as a JSON-RPC package's.
describe("paginate<Operation> of a REST package", () => {
  const walletClient = () => bundledClient(emitRestArea, "wallet", "openapi/wallet.json");

  it("exists for each paginated operation only, walks through its standalone function, and documents the walk", async () => {
    const client = await walletClient();
    expect([...client.matchAll(/^export function (paginate\w+)\(/gm)].map((m) => m[1])).toEqual([
      "paginateGetBalances",
      "paginateGetHistory",
      "paginateGetTransfers",
    ]);
    const walk = functionOf(client, "paginateGetHistory");
    expect(walk).toContain(
      "((params, options) => getHistory(rest, params, options), op.getHistory).all(params, options);",
    );
    expect(walk).toContain(" * Every page of {@link getHistory}, fetched lazily");
    expect(walk).toContain("without the client: a bundle carries only the functions it imports.");
    expect(walk).toContain(" * @beta Routes and response formats may change.\n");
    expect(walk).toContain(" * for await (const walletHistoryItem of paginateGetHistory(rest, {\n");
    expect(walk).toContain(
      "export function paginateGetHistory(rest: WalletRest, params: T.GetHistoryInput, options?: PageWalkOptions): PageIterable<T.WalletHistoryItem, T.GetHistoryResult, T.GetHistoryInput> {",
    );
  });
});
