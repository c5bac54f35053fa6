// checkBoundProse (scripts/spec/rules/bound-prose.mjs, bound-phrases.mjs): prose that repeats a
// bound agrees with the schema keyword. The documents: fixtures.ts.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkBoundProse } from "../../../scripts/spec/rules/bound-prose.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { parseBundle, stringifyExact } from "../../../scripts/spec/bundle.mjs";
import { area, components, openrpc } from "./fixtures.js";

/** checkBoundProse's findings on `openrpc(changes)`, the one-method document of fixtures.ts. */
const rpcBoundProse = (changes?: Record<string, unknown>) =>
  checkBoundProse({ area, kind: "openrpc", doc: openrpc(changes) });
/** checkBoundProse over a one-area OpenAPI document of `paths` (with its `info.description` and `components`, if given). */
const restBoundProse = (
  paths: object,
  { description, components }: { description?: string; components?: object } = {},
) =>
  checkBoundProse({
    area,
    kind: "openapi",
    doc: {
      openapi: "3.1.0",
      info: { title: "t", version: "1", ...(description !== undefined && { description }) },
      paths,
      ...(components && { components }),
    },
  });

describe("spec rules", () => {
  it("bound prose (review 33): a duration or a rate is no bound, and a bound the schema lacks counts only in a phrase about the value", () => {
    const check = (description: string, params: object[]) => rpcBoundProse({ description, params });
    const page = { name: "page", description: "", schema: { type: "integer", minimum: 1 } };
    const limit = (description: string) => ({
      name: "limit",
      description,
      schema: { type: "integer", minimum: 1, maximum: 1000 },
    });
    expect(check("The service serves at most 50 pages a minute.", [page])).toEqual([]);
    expect(
      check("Pages.", [{ ...page, description: "At most 1,000 assets come per page." }]),
    ).toEqual([]);
    expect(check("Pages.", [limit("A large limit takes 1-2 seconds.")])).toEqual([]);
    // Still found: a phrase about the value, with or without the keyword.
    expect(check("Pages.", [limit("`limit`: 1 to 500.")])).toEqual([
      expect.stringContaining('"1 to 500" (of limit) disagrees'),
    ]);
    expect(check("At most 50 pages.", [page])).toEqual([
      expect.stringContaining('"At most 50" (of page) disagrees'),
    ]);
  });

  it("bound prose of a page size (a limit): the noun after its number is what it counts, so its own prose states its maximum however it is phrased; a page number's does not", () => {
    // A page walk of `page` and a page size named `size` (a walk's limit whatever its name).
    const walk = (params: object[]) =>
      rpcBoundProse({
        params,
        "x-pagination": { style: "page", page: "page", limit: "size", items: "items" },
      });
    const at = (i: number) => `#/methods/0 (getThing)/params/${i}`;
    const param = (name: string, description: string, schema: object) => ({
      name,
      description,
      schema: { type: "integer", minimum: 1, ...schema },
    });
    const max = { maximum: 1000 };
    // Agreeing, in each form: the phrase states the page size's maximum.
    for (const text of [
      "Returns at most 1000 items per page.",
      "Page size, up to 1000 items per page.",
      "Returns up to 1,000 assets per page.",
      "The maximum number of assets per page, 1 to 1,000.",
      "Returns no more than 1000 results in one page.",
      "Returns 1 to 1000 items per page.",
    ]) {
      expect(walk([param("limit", text, max)]), text).toEqual([]);
      expect(walk([param("size", text, max)]), text).toEqual([]);
    }
    // Disagreeing: a mismatch is found, whatever follows the number.
    expect(walk([param("limit", "Returns at most 500 items per page.", max)])).toEqual([
      `t ${at(0)}/description: "at most 500" (of limit) disagrees with ${at(0)}/schema: maximum: 1000; write "at most 1000" here, or maximum: 500 there ${changesBoth}`,
    ]);
    expect(walk([param("limit", "Returns at most 1000 items.", { maximum: 100 })])).toEqual([
      `t ${at(0)}/description: "at most 1000" (of limit) disagrees with ${at(0)}/schema: maximum: 100; write "at most 100" here, or maximum: 1000 there ${changesBoth}`,
    ]);
    // No maximum: the prose promises one the schema does not enforce. A page size by its name
    // (limit, pageSize, maxResults), its description's first words ("The number of", "Page
    // size") or the walk's `limit`, with or without a minimum.
    const noMaximum = (i: number, name: string, phrase: string) =>
      `t ${at(i)}/description: "${phrase}" (of ${name}) disagrees with ${at(i)}/schema: no maximum; give the schema maximum: 1000 (a bound is a schema keyword, never only prose), or change the prose ${changesBoth}`;
    for (const [name, text] of [
      ["limit", "Returns at most 1000 items per page."],
      ["pageSize", "Returns at most 1000 items per page."],
      ["maxResults", "Returns at most 1000 items per page."],
      ["n", "The number of items per page; at most 1000 items per page."],
      ["n", "Page size; returns at most 1000 items per page."],
      ["size", "Returns at most 1000 items per page."],
    ] as const) {
      expect(walk([param(name, text, {})]), `${name}: ${text}`).toEqual([
        noMaximum(0, name, "at most 1000"),
      ]);
      const bare = { name, description: text, schema: { type: "integer" } };
      expect(walk([bare]), `${name}: ${text}`).toEqual([noMaximum(0, name, "at most 1000")]);
    }
    // A page number's prose states the page size, not which page: left alone, with or without
    // its minimum; a duration is no bound of a page size either.
    for (const schema of [{ type: "integer", minimum: 1 }, { type: "integer" }])
      expect(
        walk([{ name: "page", description: "At most 1,000 assets come per page.", schema }]),
      ).toEqual([]);
    // Nor where the phrase names the page right after "per", or the page number has a maximum
    // of its own: a page's contents are not which page; in the operation's prose neither.
    for (const [description, schema] of [
      ["The page to return; at most 1,000 assets per page.", { type: "integer", minimum: 1 }],
      ["At most 1,000 assets per page.", { type: "integer", minimum: 1, maximum: 100 }],
      [
        "The page (up to 100); each page holds at most 1,000 assets.",
        { type: "integer", maximum: 100 },
      ],
    ] as const)
      expect(walk([{ name: "page", description, schema }]), description).toEqual([]);
    const opProse = (description: string) =>
      rpcBoundProse({
        description,
        params: [param("page", "The page.", {}), param("size", "The page size.", max)],
        "x-pagination": { style: "page", page: "page", limit: "size", items: "items" },
      });
    expect(opProse("Returns at most 1,000 assets per page.")).toEqual([]);
    expect(opProse("Returns `page` 1 to 100, at most 1,000 assets per page.")).toEqual([
      expect.stringContaining('"1 to 100" (of page) disagrees'),
    ]);
    expect(walk([param("limit", "A full page takes 1-2 seconds.", {})])).toEqual([]);
    // (Another number's own prose with a noun after it: its keyword must agree, but a keyword it
    // lacks is no finding: "keeps at most 150 blocks" bounds something else.)
    expect(walk([param("slot", "A slot; the service keeps at most 150 blocks.", {})])).toEqual([]);
  });

  it("bound prose shared by values of like words: a phrase that a bounded value's words tie it to states that one's bound, not one an unbounded value lacks; a name ties it all the same", () => {
    // createWebhook's body: accountAddresses (maxItems) beside accountAddressOwners (none), whose
    // descriptions both name addresses.
    const create = (description: string, owners: object = {}) =>
      restBoundProse({
        "/v0/webhooks": {
          post: {
            operationId: "createWebhook",
            description,
            requestBody: {
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      accountAddresses: {
                        description: "The addresses to watch.",
                        type: "array",
                        maxItems: 100000,
                        items: { type: "string" },
                      },
                      accountAddressOwners: {
                        description: "Owner addresses whose accounts are watched.",
                        type: "array",
                        items: { type: "string" },
                        ...owners,
                      },
                    },
                  },
                },
              },
            },
            responses: { "200": { description: "Done." } },
          },
        },
      });
    const at = "t #/paths/~1v0~1webhooks/post (createWebhook)/description";
    const owners =
      "#/paths/~1v0~1webhooks/post/requestBody/content/application~1json/schema/properties/accountAddressOwners";
    expect(create("Accepts up to 100,000 addresses per webhook.")).toEqual([]);
    // Named right before the phrase, the unbounded one is held to it.
    expect(create("Accepts `accountAddressOwners` up to 100,000.")).toEqual([
      `${at}: "up to 100,000" (of accountAddressOwners) disagrees with ${owners}: no maxItems; give the schema maxItems: 100000 (a bound is a schema keyword, never only prose), or change the prose ${changesBoth}`,
    ]);
    // A bounded one is held to it as before: both disagree here.
    expect(create("Accepts up to 1,000 addresses per webhook.", { maxItems: 500 })).toEqual([
      expect.stringContaining('"up to 1,000" (of accountAddresses) disagrees'),
      expect.stringContaining('"up to 1,000" (of accountAddressOwners) disagrees'),
    ]);
  });

  it("bound prose is not held to bounds the schema rules refuse: a pattern that does not compile, a lower bound above the upper", () => {
    const prose = (description: string, schema: object) =>
      rpcBoundProse({
        summary: "Get a thing.",
        description: "Gets a thing.",
        params: [{ name: "owner", description, schema }],
      });
    // (Its lengths unread, "32 to 44" was told wrong once per param that reaches the schema, beside
    // the schema rule's line of the pattern itself.)
    const address = { type: "string", pattern: "^[1-9A-HJ-NP-Za-km-z]{32,44}\\z" };
    expect(prose("A base58 address, 32 to 44 characters.", address)).toEqual([]);
    // (The prose was told to say "1001 to 1,000", bounds no value passes.)
    const limit = { type: "integer", minimum: 1001, maximum: 1000 };
    expect(prose("The page size, 1 to 1,000.", limit)).toEqual([]);
    // (The same prose of readable bounds is still held to them.)
    expect(
      prose("A base58 address, 32 to 44 characters.", { type: "string", maxLength: 40 }),
    ).toEqual([expect.stringContaining('"32 to 44" (of owner) disagrees')]);
  });

  it("bound prose of a named schema that several params reach by $ref: one line, by the schema's name", () => {
    // (It was told once per param, `(of owner)`, `(of delegate)`: one mistake, one fix.)
    const doc = {
      ...openrpc({
        params: ["owner", "delegate"].map((name) => ({
          name,
          description: `The ${name}.`,
          schema: { $ref: "#/components/schemas/Address" },
        })),
      }),
      components: {
        schemas: {
          Address: {
            description: "A base58 address, 32 to 45 characters.",
            type: "string",
            pattern: "^[1-9A-HJ-NP-Za-km-z]{32,44}$",
          },
        },
      },
    };
    const address = "#/components/schemas/Address";
    expect(checkBoundProse({ area, kind: "openrpc", doc })).toEqual([
      `t ${address}/description: "32 to 45" (of Address) disagrees with ${address}: maxLength: 44 (by its pattern); write "32 to 44" here, or the pattern's lengths (maxLength: 45) there (a changed bound changes both: spec/README.md "Changing a bound")`,
    ]);
  });

  it("bound prose: each way prose states a bound is compared with the keyword, anchored to the param; other numbers are left alone", () => {
    const prose = (description: string, schema: object, summary = "Get a thing.") =>
      rpcBoundProse({
        summary,
        description,
        params: [
          { name: "ids", description: "The ids.", schema },
          { name: "filters", description: "Filters.", schema: { type: "array", maxItems: 5 } },
          {
            name: "showAll",
            description: "Everything (at most 100 items).",
            schema: { type: "boolean" },
          },
        ],
      });
    const ids = { type: "array", minItems: 1, maxItems: 1000 };
    // Agreeing prose, in each form.
    for (const text of [
      "Takes up to 1,000 ids.",
      "Takes at most 1000 ids.",
      "Takes 1–1,000 ids.",
      "Takes 1 to 1000 ids.",
      "Takes between 1 and 1,000 ids.",
      "Takes ≤ 1000 ids.",
      "Takes `ids` (maximum 1000).",
      "Takes at least 1 id.",
    ])
      expect(prose(text, ids), text).toEqual([]);
    // The same, disagreeing with maxItems: 500 (or minItems: 2).
    const wrong = (text: string, schema: object = { ...ids, maxItems: 500 }) => prose(text, schema);
    const at = "t #/methods/0 (getThing)/description";
    const schema = "#/methods/0 (getThing)/params/0/schema";
    expect(wrong("Takes up to 1,000 ids.")).toEqual([
      `${at}: "up to 1,000" (of ids) disagrees with ${schema}: maxItems: 500; write "up to 500" here, or maxItems: 1000 there (a changed bound changes both: spec/README.md "Changing a bound")`,
    ]);
    for (const text of [
      "Takes 1–1,000 ids.",
      "Takes between 1 and 1,000 ids.",
      "Takes ≤ 1000 ids.",
      "Takes `ids` (maximum 1000).",
      "Takes asset ids, at most 1000 ids.",
      // "more than N" in a sentence that says they fail states maxItems N: 1000 pass, 1001 fail.
      "More than 1000 ids fail with -32000.",
      "The client refuses more than 1,000 ids before sending.",
    ])
      expect(wrong(text), text).toEqual([expect.stringContaining("maxItems: 500; write")]);
    expect(wrong("More than 1000 ids fail with -32000.")).toEqual([
      `${at}: "More than 1000" (of ids) disagrees with ${schema}: maxItems: 500; write "More than 500" here, or maxItems: 1000 there (a changed bound changes both: spec/README.md "Changing a bound")`,
    ]);
    expect(prose("More than 1000 ids fail with -32000.", ids)).toEqual([]);
    expect(wrong("Takes at least 1 id.", { ...ids, minItems: 2 })).toEqual([
      `${at}: "at least 1" (of ids) disagrees with ${schema}: minItems: 2; write "at least 2" here, or minItems: 1 there (a changed bound changes both: spec/README.md "Changing a bound")`,
    ]);
    // A bound only the prose states is a finding too (a bound is a keyword, not only prose).
    expect(wrong("Takes 1 to 1,000 ids.", { type: "array", minItems: 1 })).toEqual([
      `${at}: "1 to 1,000" (of ids) disagrees with ${schema}: no maxItems; give the schema maxItems: 1000 (a bound is a schema keyword, never only prose), or change the prose (a changed bound changes both: spec/README.md "Changing a bound")`,
    ]);
    // Numbers that are not the bound of a bounded param: about something else (also when more
    // than it fail), "more than" in a sentence that refuses nothing (a lower bound as often), a
    // date, an ordinal, a param without bounds.
    for (const text of [
      "With filters, the owner must have at most 1,000,000 child accounts.",
      "More than 1,000,000 child accounts fail with -32000.",
      "The owner must hold more than 10 ids.",
      "Valid from 2026-03-01; ids are 1-based; retried up to 3 times.",
      "A plan allows a limited number of webhooks (Free 5, paid plans 50), the dashboard only 25.",
      "Items come on the first page only, at most 100.",
    ])
      expect(wrong(text), text).toEqual([]);
    // (A param's own description is about it: showAll has no bound, so its "at most 100" is not checked.)
    expect(wrong("Get things.", ids)).toEqual([]);
  });

  it("bound prose in a batch: the words its description names it by, its entries, the body of one property it is (the wallet's getBatchIdentity, compression's x-params: array method)", () => {
    // getBatchIdentity as the spec writes it: `addresses`' description begins "The wallet
    // addresses", so "up to 100 wallets" is about it; the body's "(1 to 100)" is too (its only
    // property).
    type Batch = {
      summary?: string;
      description?: string;
      body?: string;
      addresses?: object;
      more?: object;
    };
    const identity = ({
      summary = "Get the identities of up to 100 wallets",
      description = "Looks up the identities of up to 100 wallets at once, given as addresses and/or name-service domains.",
      body = "The addresses and/or domains to look up (1 to 100).",
      addresses = {},
      more = {},
    }: Batch = {}): string[] =>
      restBoundProse(
        {
          "/batch": {
            post: {
              operationId: "getBatchIdentity",
              summary,
              description,
              requestBody: {
                description: body,
                content: {
                  "application/json": { schema: { $ref: "#/components/schemas/Request" } },
                },
              },
              responses: { "200": { description: "The identities." } },
            },
          },
        },
        {
          components: {
            schemas: {
              Request: {
                type: "object",
                properties: {
                  addresses: {
                    description:
                      "The wallet addresses and/or name-service domains to look up, 1 to 100 entries.",
                    type: "array",
                    minItems: 1,
                    maxItems: 100,
                    items: { type: "string" },
                    ...addresses,
                  },
                  ...more,
                },
              },
            },
          },
        },
      );
    const op = "t #/paths/~1batch/post (getBatchIdentity)";
    const body = "t #/paths/~1batch/post/requestBody/description";
    const own = "t #/components/schemas/Request/properties/addresses/description";
    const schema = "#/components/schemas/Request/properties/addresses";
    const where = (findings: string[]) => findings.map((f) => f.split(": ")[0]);
    expect(identity()).toEqual([]);
    // maxItems changed: every phrase that states it is refused, each naming the keyword.
    expect(identity({ addresses: { maxItems: 50 } })).toEqual([
      `${own}: "1 to 100" (of addresses) disagrees with ${schema}: maxItems: 50; write "1 to 50" here, or maxItems: 100 there (a changed bound changes both: spec/README.md "Changing a bound")`,
      `${op}/summary: "up to 100" (of addresses) disagrees with ${schema}: maxItems: 50; write "up to 50" here, or maxItems: 100 there (a changed bound changes both: spec/README.md "Changing a bound")`,
      `${op}/description: "up to 100" (of addresses) disagrees with ${schema}: maxItems: 50; write "up to 50" here, or maxItems: 100 there (a changed bound changes both: spec/README.md "Changing a bound")`,
      `${body}: "1 to 100" (of addresses) disagrees with ${schema}: maxItems: 50; write "1 to 50" here, or maxItems: 100 there (a changed bound changes both: spec/README.md "Changing a bound")`,
    ]);
    // The prose changed, in the summary only.
    expect(identity({ summary: "Get the identities of up to 200 wallets" })).toEqual([
      `${op}/summary: "up to 200" (of addresses) disagrees with ${schema}: maxItems: 100; write "up to 100" here, or maxItems: 200 there (a changed bound changes both: spec/README.md "Changing a bound")`,
    ]);
    // The anchor is what the description names: without "wallet" there, "wallets" is another noun.
    expect(
      where(identity({ addresses: { maxItems: 50, description: "The addresses to look up." } })),
    ).toEqual([body]);
    // A bare phrase in the body's description is about a body of one property only.
    expect(
      where(identity({ addresses: { maxItems: 50 }, more: { label: { type: "string" } } })),
    ).toEqual([own, `${op}/summary`, `${op}/description`]);
    // Other nouns, durations, rates and counts of tries stay left alone in a batch.
    expect(
      where(
        identity({
          addresses: { maxItems: 50 },
          summary: "Get the identities of up to 100 identities",
          description:
            "Each owner may have at most 1,000,000 child accounts; retried up to 3 times, at most 50 requests a minute, answers in 1-2 seconds.",
          body: "The addresses to look up, at most 5 per account.",
        }),
      ),
    ).toEqual([own]);

    // compression's getMultipleNewAddressProofsV2: its one param is the wire `params`, an array
    // whose "entries" the description counts.
    const param = (schema: object = {}, name = "addresses") => ({
      name,
      description: "The addresses to prove unused, each with its address tree.",
      required: true,
      schema: { type: "array", minItems: 1, maxItems: 1000, items: { type: "string" }, ...schema },
    });
    const real =
      "The JSON-RPC `params` is the array of entries itself (1 to 1000 entries), not an object. An empty array fails, and more than 1000 entries.";
    const proofs = (description: string, params = [param()], positional = true) =>
      rpcBoundProse({
        description,
        params,
        ...(positional && { paramStructure: "by-position", "x-params": "array" }),
      });
    const at = "t #/methods/0 (getThing)/description";
    const paramSchema = "#/methods/0 (getThing)/params/0/schema";
    expect(proofs(real)).toEqual([]);
    expect(proofs(real, [param({ maxItems: 500 })])).toEqual([
      `${at}: "1 to 1000" (of addresses) disagrees with ${paramSchema}: maxItems: 500; write "1 to 500" here, or maxItems: 1000 there (a changed bound changes both: spec/README.md "Changing a bound")`,
      `${at}: "more than 1000" (of addresses) disagrees with ${paramSchema}: maxItems: 500; write "more than 500" here, or maxItems: 1000 there (a changed bound changes both: spec/README.md "Changing a bound")`,
    ]);
    expect(proofs(real.replace("1 to 1000", "1 to 2000"))).toEqual([
      `${at}: "1 to 2000" (of addresses) disagrees with ${paramSchema}: maxItems: 1000; write "1 to 1000" here, or maxItems: 2000 there (a changed bound changes both: spec/README.md "Changing a bound")`,
    ]);
    // `params` names the one param of an x-params: array method only.
    expect(proofs("`params` (up to 2000).")).toEqual([
      expect.stringContaining('"up to 2000" (of addresses) disagrees'),
    ]);
    expect(proofs("`params` (up to 2000).", [param()], false)).toEqual([]);
    // With two arrays, "entries" are of neither.
    expect(proofs(real, [param({ maxItems: 500 }), param({}, "trees")], false)).toEqual([]);
  });

  const changesBoth = '(a changed bound changes both: spec/README.md "Changing a bound")';

  it("bound prose of any bounded schema: a result's own description (the wallet's nfts, a webhook's accountAddresses), through a $ref, once", () => {
    type Parts = { nfts?: object; watched?: object; shared?: object };
    const results = ({ nfts = {}, watched = {}, shared = {} }: Parts = {}): string[] =>
      restBoundProse(
        {
          "/balances": {
            get: {
              operationId: "getBalances",
              responses: {
                "200": {
                  description: "A page.",
                  content: {
                    "application/json": {
                      schema: { $ref: "#/components/schemas/WalletBalancesResponse" },
                    },
                  },
                },
              },
            },
          },
          "/webhooks": {
            post: {
              operationId: "createWebhook",
              requestBody: {
                content: {
                  "application/json": {
                    schema: {
                      type: "object",
                      properties: {
                        accountAddresses: { $ref: "#/components/schemas/WatchedAddresses" },
                      },
                    },
                  },
                },
              },
              responses: { "200": { description: "The webhook." } },
            },
          },
        },
        {
          components: {
            schemas: {
              WalletBalancesResponse: {
                type: "object",
                properties: {
                  nfts: {
                    description:
                      "The wallet's NFTs, present only when `showNfts=true`: at most 100, and only on the first page.",
                    type: "array",
                    maxItems: 100,
                    items: { type: "object" },
                    ...nfts,
                  },
                },
              },
              Webhook: {
                type: "object",
                properties: {
                  accountAddresses: {
                    description: "The watched accounts (at most 100,000).",
                    type: "array",
                    maxItems: 100000,
                    items: { type: "string" },
                    ...watched,
                  },
                  // A $ref's own description is held to the bounds of the schema it names.
                  watched: {
                    $ref: "#/components/schemas/WatchedAddresses",
                    description: "The accounts this webhook watches, up to 100,000.",
                  },
                },
              },
              WatchedAddresses: {
                description: "The accounts to watch, at most 100,000.",
                type: "array",
                maxItems: 100000,
                items: { type: "string" },
                ...shared,
              },
            },
          },
        },
      );
    const nfts = "#/components/schemas/WalletBalancesResponse/properties/nfts";
    const hook = "#/components/schemas/Webhook/properties";
    expect(results()).toEqual([]);
    expect(results({ nfts: { maxItems: 50 } })).toEqual([
      `t ${nfts}/description: "at most 100" (of nfts) disagrees with ${nfts}: maxItems: 50; write "at most 50" here, or maxItems: 100 there ${changesBoth}`,
    ]);
    expect(
      results({
        nfts: { description: "The wallet's NFTs: at most 200, and only on the first page." },
      }),
    ).toEqual([
      `t ${nfts}/description: "at most 200" (of nfts) disagrees with ${nfts}: maxItems: 100; write "at most 100" here, or maxItems: 200 there ${changesBoth}`,
    ]);
    expect(results({ watched: { maxItems: 50000 } })).toEqual([
      `t ${hook}/accountAddresses/description: "at most 100,000" (of accountAddresses) disagrees with ${hook}/accountAddresses: maxItems: 50000; write "at most 50,000" here, or maxItems: 100000 there ${changesBoth}`,
    ]);
    // The shared schema a request value and a result name: its description once, by its own
    // name; the result's $ref with its own description, by the property's.
    const shared = "#/components/schemas/WatchedAddresses";
    expect(results({ shared: { maxItems: 50000 } })).toEqual([
      `t ${shared}/description: "at most 100,000" (of WatchedAddresses) disagrees with ${shared}: maxItems: 50000; write "at most 50,000" here, or maxItems: 100000 there ${changesBoth}`,
      `t ${hook}/watched/description: "up to 100,000" (of watched) disagrees with ${shared}: maxItems: 50000; write "up to 50,000" here, or maxItems: 100000 there ${changesBoth}`,
    ]);
  });

  it("bound prose of a schema only an x-all-of rule names (the sender's Base58Transaction, Base64Transaction): characters are its length, bytes are not", () => {
    // As spec/schemas/sender.yaml writes them.
    const base58 =
      "A serialized transaction as base58 text. At most 5,594 characters, the most that base58 text of 4,096 bytes has: a Solana transaction has been at most 1,232 bytes (a packet), and SIMD-0296 raises the limit to 4,096 bytes.";
    const base64 =
      "A serialized transaction as standard base64 text (A-Z, a-z, 0-9, `+` and `/`). With s signatures, a legacy or v0 transaction begins with the byte s (1 to 127); a v1 transaction's s (1 to 12) signatures follow the message, and the whole is at least 38 + 96·s bytes. At most 5,464 characters, base64 text of 4,096 bytes.";
    type Parts = { b58?: object; b64?: object; inline?: object };
    const sender = ({ b58 = {}, b64 = {}, inline }: Parts = {}): string[] =>
      checkBoundProse({
        area,
        kind: "openrpc",
        doc: {
          ...openrpc({
            params: [
              {
                name: "transaction",
                description: "The transaction.",
                required: true,
                schema: { type: "string", minLength: 1, maxLength: 5594 },
              },
              {
                name: "encoding",
                description: "Its encoding.",
                schema: { type: "string", enum: ["base58", "base64"] },
              },
            ],
            "x-all-of": [
              {
                if: { properties: { encoding: { const: "base58" } }, required: ["encoding"] },
                then: {
                  properties: {
                    transaction: inline ?? { $ref: "#/components/schemas/Base58Transaction" },
                  },
                },
              },
              {
                if: { properties: { encoding: { const: "base64" } }, required: ["encoding"] },
                then: {
                  properties: { transaction: { $ref: "#/components/schemas/Base64Transaction" } },
                },
              },
            ],
          }),
          components: {
            schemas: {
              Base58Transaction: {
                description: base58,
                type: "string",
                maxLength: 5594,
                ...b58,
              },
              Base64Transaction: {
                description: base64,
                type: "string",
                maxLength: 5464,
                ...b64,
              },
            },
          },
        },
      });
    const b58 = "#/components/schemas/Base58Transaction";
    const b64 = "#/components/schemas/Base64Transaction";
    expect(sender()).toEqual([]);
    // maxLength changed: the characters are refused, and nothing else (1,232 bytes, "(1 to 127)",
    // "0-9", "(1 to 12) signatures", "at least 38 + 96·s bytes" count no characters).
    expect(sender({ b58: { maxLength: 5000 }, b64: { maxLength: 5000 } })).toEqual([
      `t ${b58}/description: "At most 5,594" (of Base58Transaction) disagrees with ${b58}: maxLength: 5000; write "At most 5,000" here, or maxLength: 5594 there ${changesBoth}`,
      `t ${b64}/description: "At most 5,464" (of Base64Transaction) disagrees with ${b64}: maxLength: 5000; write "At most 5,000" here, or maxLength: 5464 there ${changesBoth}`,
    ]);
    // The prose changed: the characters are refused, the bytes of the transaction are another noun.
    expect(
      sender({
        b58: {
          description: base58
            .replace("At most 5,594 characters", "At most 5,600 characters")
            .replace("at most 1,232 bytes", "at most 1,300 bytes"),
        },
      }),
    ).toEqual([
      `t ${b58}/description: "At most 5,600" (of Base58Transaction) disagrees with ${b58}: maxLength: 5594; write "At most 5,594" here, or maxLength: 5600 there ${changesBoth}`,
    ]);
    // A schema an x-all-of rule gives inline (forEachSchema walks no x-all-of).
    const rule = "#/methods/0 (getThing)/x-all-of/0/then/properties/transaction";
    expect(
      sender({
        inline: { type: "string", maxLength: 5000, description: "At most 5,594 characters." },
      }),
    ).toEqual([
      `t ${rule}/description: "At most 5,594" (of transaction) disagrees with ${rule}: maxLength: 5000; write "At most 5,000" here, or maxLength: 5594 there ${changesBoth}`,
    ]);
  });

  it("bound prose of a u64: a number past 2^53 is read exactly, in the prose and in the bundled schema", () => {
    const U64_MAX = 2n ** 64n - 1n;
    // (As the rules read a bundle: JSON text, integers past 2^53 rounded in the doc and recorded
    // exactly beside it, bundle.mjs parseBundle.)
    const bundled = (maximum: bigint, description: string) =>
      checkBoundProse({
        area,
        kind: "openrpc",
        doc: parseBundle(
          stringifyExact(
            openrpc({
              params: [
                {
                  name: "lamports",
                  description,
                  schema: { type: "integer", format: "uint64", minimum: 0, maximum },
                },
              ],
            }),
          ),
        ),
      });
    expect(bundled(U64_MAX, "At most 18446744073709551615 lamports.")).toEqual([]);
    expect(bundled(U64_MAX, "At most 18,446,744,073,709,551,615 lamports.")).toEqual([]);
    // One apart: the same double (1.8446744073709552e19), so a double's reading found nothing.
    expect(bundled(U64_MAX - 1n, "At most 18446744073709551615 lamports.")).toEqual([
      expect.stringContaining(
        'disagrees with #/methods/0 (getThing)/params/0/schema: maximum: 18446744073709551614; write "At most 18446744073709551614" here, or maximum: 18446744073709551615 there',
      ),
    ]);
    expect(bundled(U64_MAX, "At most 18446744073709551616 lamports.")).toEqual([
      expect.stringContaining(
        'schema: maximum: 18446744073709551615; write "At most 18446744073709551615" here',
      ),
    ]);
  });

  it("bound prose: the unit after the number says which keyword it states (characters a string's length, bytes a number's)", () => {
    const own = (schema: object) =>
      checkBoundProse({ area, kind: "openapi", doc: components({ S: schema }) });
    const at = "t #/components/schemas/S/description";
    // Characters: a string's maxLength only (an array's "characters" are its items').
    expect(own({ type: "string", maxLength: 50, description: "At most 64 characters." })).toEqual([
      expect.stringContaining(`${at}: "At most 64" (of S) disagrees`),
    ]);
    expect(
      own({ type: "array", maxItems: 50, description: "Codes of at most 64 characters each." }),
    ).toEqual([]);
    // Bytes: a number's (a size), no string's length nor array's size.
    expect(own({ type: "integer", maximum: 2048, description: "At most 4096 bytes." })).toEqual([
      expect.stringContaining(`${at}: "At most 4096" (of S) disagrees`),
    ]);
    expect(own({ type: "string", maxLength: 50, description: "At most 4096 bytes." })).toEqual([]);
    expect(own({ type: "array", maxItems: 50, description: "At most 4096 bytes in all." })).toEqual(
      [],
    );
    // No unit: a string's length only where the phrase is about it (its name before it).
    expect(
      own({ type: "string", maxLength: 50, description: "A digit 0-9, then letters." }),
    ).toEqual([]);
    expect(own({ type: "string", maxLength: 50, description: "`S` up to 64." })).toEqual([
      expect.stringContaining(`${at}: "up to 64" (of S) disagrees`),
    ]);
    // An array's or a number's own phrase of no unit is about it, as before.
    expect(own({ type: "array", maxItems: 50, description: "At most 64." })).toEqual([
      expect.stringContaining(`${at}: "At most 64" (of S) disagrees`),
    ]);
  });

  it('bound prose: "fewer than N" / "less than N" where it is refused states the lower bound N, a negation before a comparative states its bound; elsewhere they are left alone', () => {
    const prose = (description: string, schema: object, limit: object = {}) =>
      rpcBoundProse({
        description,
        params: [
          { name: "ids", description: "The ids.", schema },
          {
            name: "limit",
            description: "Page size.",
            schema: { type: "integer", minimum: 1, maximum: 1000, ...limit },
          },
        ],
      });
    const ids = { type: "array", minItems: 2, maxItems: 1000 };
    const at = "t #/methods/0 (getThing)/description";
    const schema = "#/methods/0 (getThing)/params/0/schema";
    const refused = [
      "Fewer than 2 ids are refused.",
      "The client rejects fewer than 2 ids before sending.",
      "A call with fewer than 2 ids fails with -32602.",
      "A call must not have fewer than 2 ids.",
      "A call cannot hold less than 2 ids.",
    ];
    // Agreeing with minItems: 2.
    for (const text of refused) expect(prose(text, ids), text).toEqual([]);
    // Disagreeing with minItems: 1 (and no minItems: an array's lower bound is then 0).
    for (const text of refused) {
      const phrase = /(?:fewer|less) than 2/i.exec(text)![0];
      expect(prose(text, { ...ids, minItems: 1 }), text).toEqual([
        `${at}: "${phrase}" (of ids) disagrees with ${schema}: minItems: 1; write "${phrase.replace("2", "1")}" here, or minItems: 2 there ${changesBoth}`,
      ]);
      expect(prose(text, { type: "array", maxItems: 1000 }), text).toEqual([
        expect.stringContaining(`"${phrase}" (of ids) disagrees with ${schema}: minItems: 0;`),
      ]);
    }
    // A number's: `limit` less than 1 fails.
    expect(prose("`limit` less than 1 fails.", ids)).toEqual([]);
    expect(prose("`limit` less than 1 fails.", ids, { minimum: 0 })).toEqual([
      `${at}: "less than 1" (of limit) disagrees with #/methods/0 (getThing)/params/1/schema: minimum: 0; write "less than 0" here, or minimum: 1 there ${changesBoth}`,
    ]);
    // A negated "more than": the upper bound.
    expect(prose("A call cannot hold more than 1,000 ids.", ids)).toEqual([]);
    expect(prose("A call does not accept more than 1,000 ids.", { ...ids, maxItems: 500 })).toEqual(
      [
        `${at}: "more than 1,000" (of ids) disagrees with ${schema}: maxItems: 500; write "more than 500" here, or maxItems: 1000 there ${changesBoth}`,
      ],
    );
    // "not fewer than" right before the number is one phrase (a lower bound), found once.
    expect(prose("Takes not fewer than 2 ids.", ids)).toEqual([]);
    expect(prose("Takes not fewer than 2 ids.", { ...ids, minItems: 3 })).toEqual([
      `${at}: "not fewer than 2" (of ids) disagrees with ${schema}: minItems: 3; write "not fewer than 3" here, or minItems: 2 there ${changesBoth}`,
    ]);
    // Where nothing is refused, a comparative states no bound of the value, whatever the keyword:
    // a result's last page, what a value may hold, a requirement of something else.
    const other = { type: "array", minItems: 5, maxItems: 10 };
    for (const text of [
      "Returns fewer than 2 ids on the last page.",
      "A page of fewer than 1000 ids is the last.",
      "The result may hold more than 1000 ids.",
      "The list may hold fewer than 2 ids.",
      "The owner must hold more than 10 ids.",
      "Each id is less than 64 bytes.",
      // (Accepted and refused in one sentence: which of them the number bounds is not known.)
      "The service accepts more than 1000 ids, but the client refuses them.",
    ])
      expect(prose(text, other), text).toEqual([]);
  });

  it("bound prose: a claim that more (fewer) than N are accepted is found where the schema refuses them (maxItems ≤ N, minItems ≥ N)", () => {
    const prose = (description: string, schema: object) =>
      rpcBoundProse({ description, params: [{ name: "ids", description: "The ids.", schema }] });
    const at = "t #/methods/0 (getThing)/description";
    const schema = "#/methods/0 (getThing)/params/0/schema";
    const more = "The service accepts more than 1,000 ids in one call.";
    expect(prose(more, { type: "array", maxItems: 1000 })).toEqual([
      `${at}: "accepts more than 1,000" (of ids) disagrees with ${schema}: maxItems: 1000 (more than 1000 are refused); write "accepts up to 1,000" here, or a maxItems above 1000 there ${changesBoth}`,
    ]);
    expect(prose(more, { type: "array", maxItems: 500 })).toEqual([
      expect.stringContaining('"accepts more than 1,000" (of ids) disagrees'),
    ]);
    // Room for the claim: a larger maxItems, or none.
    expect(prose(more, { type: "array", maxItems: 1001 })).toEqual([]);
    expect(prose(more, { type: "array", minItems: 1 })).toEqual([]);
    // Fewer: the lower bound (an array's 0 where it has none) must be below N.
    const fewer = "It also allows fewer than 2 ids.";
    expect(prose(fewer, { type: "array", minItems: 2 })).toEqual([
      `${at}: "allows fewer than 2" (of ids) disagrees with ${schema}: minItems: 2 (fewer than 2 are refused); write "allows at least 2" here, or a minItems below 2 there ${changesBoth}`,
    ]);
    // (An adverb between: "accepts even more than".)
    expect(
      prose("It accepts even more than 1,000 ids.", { type: "array", maxItems: 1000 }),
    ).toEqual([expect.stringContaining('"accepts even more than 1,000" (of ids) disagrees')]);
    expect(prose(fewer, { type: "array", minItems: 1 })).toEqual([]);
    expect(prose(fewer, { type: "array", maxItems: 10 })).toEqual([]);
    // A claim about another noun is left alone.
    expect(
      prose("The service accepts more than 1,000 requests.", { type: "array", maxItems: 5 }),
    ).toEqual([]);
  });

  it("bound prose of a value's own description: a phrase with nothing after it is about the value (of a string, its length: \"at most 32\"), unless it may be the string's alphabet or value", () => {
    const own = (schema: object) =>
      checkBoundProse({ area, kind: "openapi", doc: components({ S: schema }) });
    const at = "t #/components/schemas/S/description";
    const label = { type: "string", minLength: 1, maxLength: 32 };
    // A string's bare upper or lower bound is its length.
    expect(own({ ...label, description: "A label, at most 32." })).toEqual([]);
    expect(own({ ...label, description: "A label (at least 1)." })).toEqual([]);
    expect(own({ ...label, maxLength: 50, description: "A label, at most 32." })).toEqual([
      `${at}: "at most 32" (of S) disagrees with #/components/schemas/S: maxLength: 50; write "at most 50" here, or maxLength: 32 there ${changesBoth}`,
    ]);
    // A bound only the prose states: a finding (a bound is a keyword, not only prose), also of
    // characters, and of an array's or a number's bare phrase.
    expect(own({ type: "string", minLength: 1, description: "A label, at most 32." })).toEqual([
      expect.stringContaining(
        `${at}: "at most 32" (of S) disagrees with #/components/schemas/S: no maxLength;`,
      ),
    ]);
    expect(
      own({ type: "string", minLength: 1, description: "A label of at most 32 characters." }),
    ).toEqual([
      expect.stringContaining(
        `${at}: "at most 32" (of S) disagrees with #/components/schemas/S: no maxLength;`,
      ),
    ]);
    expect(own({ type: "array", minItems: 1, description: "The mints, at most 100." })).toEqual([
      expect.stringContaining(
        `${at}: "at most 100" (of S) disagrees with #/components/schemas/S: no maxItems;`,
      ),
    ]);
    expect(own({ type: "integer", minimum: 1, description: "A page size (up to 1000)." })).toEqual([
      expect.stringContaining(
        `${at}: "up to 1000" (of S) disagrees with #/components/schemas/S: no maximum;`,
      ),
    ]);
    // Not the string's length: a bare range (an alphabet, a byte's values), a number as text, a
    // phrase with a noun after it, characters of each part, a phrase followed by words.
    for (const schema of [
      { type: "string", minLength: 1, description: "Letters and digits (0-9)." },
      { type: "string", minLength: 1, description: "Begins with the byte s (1 to 127)." },
      { type: "string", minLength: 1, description: "Begins with the byte s, between 1 and 127." },
      {
        type: "string",
        pattern: "^[0-9]+$",
        maxLength: 20,
        description: "A u64 as decimal digits, at most 18446744073709551615.",
      },
      { type: "string", format: "uint64", maxLength: 20, description: "A count, at least 1." },
      { type: "string", minLength: 1, description: "A phrase of at most 32 words." },
      { type: "string", minLength: 1, description: "Words of at most 8 characters each." },
      { type: "array", minItems: 1, description: "At most 1,000 assets come per page." },
    ])
      expect(own(schema), schema.description).toEqual([]);
    // A schema without any bound keyword: a bound its own prose states is one nothing enforces
    // (the SDK checks the keywords), a finding of the keyword it lacks, whatever its type's form.
    const none = (keyword: string, phrase: string, where = "") =>
      expect.stringContaining(
        `${at}: "${phrase}" (of S) disagrees with #/components/schemas/S${where}: no ${keyword};`,
      );
    for (const [schema, keyword, phrase, where] of [
      [
        { type: "string", description: "A label, at most 32 characters." },
        "maxLength",
        "at most 32",
      ],
      [{ type: "string", description: "A label, at most 32." }, "maxLength", "at most 32"],
      [{ type: ["string", "null"], description: "A label (up to 32)." }, "maxLength", "up to 32"],
      [
        { anyOf: [{ type: "string" }, { type: "null" }], description: "At most 32 characters." },
        "maxLength",
        "At most 32",
        "/anyOf/0",
      ],
      [
        { type: "array", items: {}, description: "The mints, at most 100." },
        "maxItems",
        "at most 100",
      ],
      [
        { type: "array", description: "The mints to look up, up to 100 mints." },
        "maxItems",
        "up to 100",
      ],
      [{ type: "integer", description: "A page size (up to 1000)." }, "maximum", "up to 1000"],
      [{ type: "number", description: "A share, at most 100." }, "maximum", "at most 100"],
      [{ type: "integer", description: "A share, at least 1." }, "minimum", "at least 1"],
    ] as const)
      expect(own(schema), schema.description).toEqual([none(keyword, phrase, where)]);
    // A pattern of one run of one character bounds the length as the keywords do (Address:
    // "32 to 44 characters"); one of another form bounds none the rule can read.
    const base58 = (quantifier: string, description: string) => ({
      type: "string",
      pattern: `^[1-9A-HJ-NP-Za-km-z]${quantifier}$`,
      description,
    });
    expect(own(base58("{32,44}", "A key, base58 (32 to 44 characters)."))).toEqual([]);
    expect(own(base58("{32,44}", "A key, base58 (at most 44 characters)."))).toEqual([]);
    expect(own(base58("{32,40}", "A key, base58 (32 to 44 characters)."))).toEqual([
      `${at}: "32 to 44" (of S) disagrees with #/components/schemas/S: maxLength: 40 (by its pattern); write "32 to 40" here, or the pattern's lengths (maxLength: 44) there ${changesBoth}`,
    ]);
    expect(own(base58("+", "A key, base58 (at most 44 characters)."))).toEqual([
      none("maxLength", "at most 44"),
    ]);
    expect(
      own({ type: "string", pattern: "^[A-Z][A-Z0-9_]*$", description: "At most 32 characters." }),
    ).toEqual([none("maxLength", "At most 32")]);
    // Still not the value's bound without keywords either: an alphabet, a number as text, another
    // noun, each part's length, a page's contents in a page number's prose; a value of no kind
    // that takes bounds (a boolean, an object).
    for (const schema of [
      { type: "string", description: "Letters and digits (0-9)." },
      {
        type: "string",
        format: "uint64",
        description: "A u64 as decimal digits, at most 18446744073709551615.",
      },
      { type: "string", description: "A phrase of at most 32 words." },
      { type: "string", description: "Words of at most 8 characters each." },
      { type: "array", description: "At most 1,000 assets come per page." },
      { type: "integer", description: "The page to return; at most 1,000 assets come per page." },
      { type: "boolean", description: "Include the NFTs (at most 100)." },
      { type: "object", description: "Options, at most 10." },
      { description: "Anything, at most 10." },
    ])
      expect(own(schema), schema.description).toEqual([]);
    // Elsewhere than its own description (an operation's), a bare phrase needs the value's name.
    const op = (description: string) =>
      rpcBoundProse({
        description,
        params: [{ name: "label", description: "A label.", schema: label }],
      });
    expect(op("Labels a thing, at most 50.")).toEqual([]);
    expect(op("Labels a thing: `label` at most 50.")).toEqual([
      expect.stringContaining('"at most 50" (of label) disagrees'),
    ]);
  });

  it('bound prose: a comparative counts the value only where it says so (its name before it, its noun right after it, or in its own description nothing or a verb after it), in a clause that refuses it (not "does not fail")', () => {
    // A param's own description: `transactions` (minItems 1, maxItems 100), `limit` (minimum 1,
    // maximum 100).
    const own = (name: string, description: string) =>
      rpcBoundProse({
        params: [
          {
            name,
            description,
            schema:
              name === "limit"
                ? { type: "integer", minimum: 1, maximum: 100 }
                : { type: "array", items: { type: "string" }, minItems: 1, maxItems: 100 },
          },
        ],
      });
    const at = "t #/methods/0 (getThing)/params/0/description";
    const schema = "#/methods/0 (getThing)/params/0/schema";
    // Another noun after the number (signatures, items, results, assets), a refusal in another
    // clause or negated, a negation of another word: not a bound of the value.
    for (const [name, text] of [
      ["transactions", "Signed transactions. One with fewer than 2 signatures fails."],
      ["transactions", "Signed transactions; a transaction with more than 64 accounts fails."],
      [
        "limit",
        "Page size. The last page may have fewer than 100 items; a larger value is rejected.",
      ],
      ["limit", "Page size. A call that does not fail may return fewer than 50 items."],
      ["limit", "Page size, not needed with fewer than 10 results."],
      ["limit", "Page size. If the wallet holds more than 1000 assets, the call fails."],
    ] as [string, string][])
      expect(own(name, text), text).toEqual([]);
    // Still a bound of the value: its noun after the number, no word or a verb or a preposition
    // after it, its name before it; agreeing, then not.
    expect(own("transactions", "Signed transactions; fewer than 1 transaction fails.")).toEqual([]);
    expect(own("transactions", "Signed transactions; fewer than 2 transactions fail.")).toEqual([
      `${at}: "fewer than 2" (of transactions) disagrees with ${schema}: minItems: 1; write "fewer than 1" here, or minItems: 2 there ${changesBoth}`,
    ]);
    expect(own("transactions", "Signed transactions; more than 50 are rejected.")).toEqual([
      `${at}: "more than 50" (of transactions) disagrees with ${schema}: maxItems: 100; write "more than 100" here, or maxItems: 50 there ${changesBoth}`,
    ]);
    for (const [agrees, wrong] of [
      ["Page size; errors if less than 1.", "Page size; errors if less than 2."],
      ["Page size; values less than 1 are invalid.", "Page size; values less than 5 are invalid."],
      [
        "Page size; more than 100 in one call fails.",
        "Page size; more than 500 in one call fails.",
      ],
      ["Page size; `limit` more than 100 fails.", "Page size; `limit` more than 500 fails."],
      ["Page size, never less than 1.", "Page size, never less than 5."],
    ] as [string, string][]) {
      expect(own("limit", agrees), agrees).toEqual([]);
      expect(own("limit", wrong), wrong).toEqual([
        expect.stringContaining(`${at}: "${/(?:more|less) than \d+/.exec(wrong)![0]}" (of limit)`),
      ]);
    }

    // An operation's description: `ids` (minItems 2, maxItems 1000).
    const op = (description: string) =>
      rpcBoundProse({
        description,
        params: [
          {
            name: "ids",
            description: "The ids.",
            schema: { type: "array", items: { type: "string" }, minItems: 2, maxItems: 1000 },
          },
        ],
      });
    for (const text of [
      // (The refusal is in the next clause, or negated; the negation is of "needed".)
      "Pages through ids; the last page may have fewer than 100 ids; a larger page is rejected.",
      "A call that does not fail may return fewer than 50 ids.",
      "A lookup of more than 5 ids without error is cached.",
      "Pagination is not needed with fewer than 10 ids.",
      // (The number counts signatures.)
      "A call with fewer than 3 signatures per id fails.",
    ])
      expect(op(text), text).toEqual([]);
    // (A refusal in its own clause, a negated verb before it: still found.)
    expect(op("Pages through ids; fewer than 3 ids are rejected.")).toEqual([
      expect.stringContaining('"fewer than 3" (of ids) disagrees'),
    ]);
    expect(op("A call must not hold more than 500 ids.")).toEqual([
      expect.stringContaining('"more than 500" (of ids) disagrees'),
    ]);
  });

  it('bound prose: a length with "each" / "per" / "apiece" is its parts\', no bound of the string at all; repeats ("up to 3 times") and rates ("10 req/s") are no bound; "must not exceed N" is an upper one', () => {
    const own = (description: string, schema: object) =>
      rpcBoundProse({ params: [{ name: "mints", description, schema }] });
    const at = "t #/methods/0 (getThing)/params/0/description";
    const joined = { type: "string", maxLength: 4400 };
    for (const text of [
      "Comma-separated mints, at most 44 characters each.",
      "Comma-separated mints, at most 44 characters per mint.",
      "Comma-separated mints, at most 44 characters apiece.",
      "Comma-separated mints, each of at most 44 characters.",
      "Comma-separated mints, at most 4400 characters.",
    ])
      expect(own(text, joined), text).toEqual([]);
    expect(own("Comma-separated mints, at most 44 characters.", joined)).toEqual([
      `${at}: "at most 44" (of mints) disagrees with #/methods/0 (getThing)/params/0/schema: maxLength: 4400; write "at most 4400" here, or maxLength: 44 there ${changesBoth}`,
    ]);
    // Repeats and rates in a number's own description.
    const limit = { type: "integer", minimum: 1, maximum: 100 };
    for (const text of [
      "Page size; a failed page is retried up to 3 times.",
      "Page size; at most 5 attempts.",
      "Page size; up to 10 requests/second.",
      "Page size; the plan allows up to 10 req/s.",
      "Page size; up to 100.",
    ])
      expect(own(text, limit), text).toEqual([]);
    expect(own("Page size; up to 1000.", limit)).toEqual([
      expect.stringContaining('"up to 1000" (of mints) disagrees'),
    ]);
    // "must not exceed N", "never exceeds N": the upper bound N.
    const ids = { type: "array", items: { type: "string" }, maxItems: 100 };
    expect(own("The mints; must not exceed 100.", ids)).toEqual([]);
    expect(own("The mints; must not exceed 100.", { ...ids, maxItems: 50 })).toEqual([
      `${at}: "must not exceed 100" (of mints) disagrees with #/methods/0 (getThing)/params/0/schema: maxItems: 50; write "must not exceed 50" here, or maxItems: 100 there ${changesBoth}`,
    ]);
    expect(own("The mints; never exceeds 1000 mints.", ids)).toEqual([
      expect.stringContaining('"never exceeds 1000" (of mints) disagrees'),
    ]);
    expect(
      rpcBoundProse({
        description: "`mints` must not exceed 200.",
        params: [{ name: "mints", description: "The mints.", schema: ids }],
      }),
    ).toEqual([expect.stringContaining('"must not exceed 200" (of mints) disagrees')]);
  });

  it("bound prose in an area's info.description: held to each schema of the request values it names (token-metadata's mints, webhooks' accounts)", () => {
    const mints = {
      description: "The mints to look up, at most 100.",
      type: "array",
      minItems: 1,
      maxItems: 100,
      items: { type: "string" },
    };
    const op = (id: string, properties: object) => ({
      operationId: id,
      requestBody: {
        content: { "application/json": { schema: { type: "object", properties } } },
      },
      responses: { "200": { description: "Done." } },
    });
    const inArea = (description: string, paths: object, schemas: object = {}) =>
      restBoundProse(paths, { description, components: { schemas } });
    const tokens =
      "The deprecated token-metadata endpoint: the old token-list entry for up to 100 mints per request.";
    const one = (schema: object) => ({
      "/v0/token-metadata": { post: op("getTokenMetadata", { mintAccounts: schema }) },
    });
    const mintSchema =
      "#/paths/~1v0~1token-metadata/post/requestBody/content/application~1json/schema/properties/mintAccounts";
    expect(inArea(tokens, one(mints))).toEqual([]);
    expect(inArea(tokens, one({ ...mints, maxItems: 50, description: "The mints." }))).toEqual([
      `t #/info/description: "up to 100" (of mintAccounts) disagrees with ${mintSchema}: maxItems: 50; write "up to 50" here, or maxItems: 100 there ${changesBoth}`,
    ]);
    expect(inArea(tokens.replace("100", "200"), one(mints))).toEqual([
      `t #/info/description: "up to 200" (of mintAccounts) disagrees with ${mintSchema}: maxItems: 100; write "up to 100" here, or maxItems: 200 there ${changesBoth}`,
    ]);
    // Two operations' values of one schema (createWebhook's and updateWebhook's accountAddresses):
    // one finding; of two schemas, one for each schema that disagrees (the area states what every
    // value it names takes).
    const hooks =
      "Register webhooks. A webhook watches up to 100,000 accounts; plans allow up to 5 webhooks.";
    const watched = {
      description: "The accounts to watch.",
      type: "array",
      maxItems: 50000,
      items: { type: "string" },
    };
    const ref = { accountAddresses: { $ref: "#/components/schemas/WatchedAddresses" } };
    const both = (create: object, update: object) => ({
      "/v0/webhooks": { post: op("createWebhook", create) },
      "/v0/webhooks/{id}": { put: op("updateWebhook", update) },
    });
    expect(inArea(hooks, both(ref, ref), { WatchedAddresses: watched })).toEqual([
      `t #/info/description: "up to 100,000" (of accountAddresses) disagrees with #/components/schemas/WatchedAddresses: maxItems: 50000; write "up to 50,000" here, or maxItems: 100000 there ${changesBoth}`,
    ]);
    const body = (path: string, method: string) =>
      `#/paths/${path}/${method}/requestBody/content/application~1json/schema/properties/accountAddresses`;
    const create = body("~1v0~1webhooks", "post");
    const update = body("~1v0~1webhooks~1{id}", "put");
    expect(
      inArea(hooks, both({ accountAddresses: watched }, { accountAddresses: watched })),
    ).toEqual([
      `t #/info/description: "up to 100,000" (of accountAddresses) disagrees with ${create}: maxItems: 50000; write "up to 50,000" here, or maxItems: 100000 there ${changesBoth}`,
      `t #/info/description: "up to 100,000" (of accountAddresses) disagrees with ${update}: maxItems: 50000; write "up to 50,000" here, or maxItems: 100000 there ${changesBoth}`,
    ]);
    // Of two schemas, one agreeing: the other is found (updateWebhook's, here), and only it.
    const agreeing = { ...watched, maxItems: 100000 };
    expect(
      inArea(hooks, both({ accountAddresses: agreeing }, { accountAddresses: watched })),
    ).toEqual([
      `t #/info/description: "up to 100,000" (of accountAddresses) disagrees with ${update}: maxItems: 50000; write "up to 50,000" here, or maxItems: 100000 there ${changesBoth}`,
    ]);
    expect(
      inArea(hooks, both({ accountAddresses: agreeing }, { accountAddresses: agreeing })),
    ).toEqual([]);
    // A $ref and an inline schema of another bound: the shared schema agrees, the inline one not.
    expect(
      inArea(hooks, both(ref, { accountAddresses: watched }), { WatchedAddresses: agreeing }),
    ).toEqual([
      `t #/info/description: "up to 100,000" (of accountAddresses) disagrees with ${update}: maxItems: 50000; write "up to 50,000" here, or maxItems: 100000 there ${changesBoth}`,
    ]);
    // A phrase about no request value ("5 webhooks"), or a value that takes no bound (a
    // boolean), is left alone.
    expect(
      inArea(hooks.replace("100,000 accounts", "100,000 things"), both(ref, ref), {
        WatchedAddresses: watched,
      }),
    ).toEqual([]);
    const flag = { accountAddresses: { type: "boolean", description: "Watch the accounts." } };
    expect(inArea(hooks, both(flag, flag))).toEqual([]);
    // An array without maxItems: the area promises a bound its schema does not enforce.
    expect(
      inArea(hooks, both(ref, ref), {
        WatchedAddresses: { type: "array", items: { type: "string" } },
      }),
    ).toEqual([
      `t #/info/description: "up to 100,000" (of accountAddresses) disagrees with #/components/schemas/WatchedAddresses: no maxItems; give the schema maxItems: 100000 (a bound is a schema keyword, never only prose), or change the prose ${changesBoth}`,
    ]);
  });

  it('bound prose: "up to 100 addresses" counts addresses, not the characters of a string `address` (the wallet\'s getIdentity beside getBatchIdentity)', () => {
    const address = { type: "string", minLength: 32, maxLength: 44 };
    const addresses = { type: "array", items: address, minItems: 1, maxItems: 100 };
    const wallet = (info: string, description = "Looks up a wallet.") =>
      checkBoundProse({
        area,
        kind: "openrpc",
        doc: {
          openrpc: "1.3.2",
          info: { title: "t", version: "1", description: info },
          methods: [
            {
              name: "getIdentity",
              summary: "One wallet",
              description,
              params: [{ name: "address", description: "The wallet address.", schema: address }],
              result: { name: "r", schema: { type: "string" } },
            },
            {
              name: "getBatchIdentity",
              summary: "Many wallets",
              params: [
                { name: "addresses", description: "The wallet addresses.", schema: addresses },
              ],
              result: { name: "r", schema: { type: "string" } },
            },
          ],
        },
      });
    const batch = "#/methods/1 (getBatchIdentity)/params/0/schema";
    // The area's prose: held to the array, not to the string (no "write "up to 44" here").
    expect(wallet("Identifies up to 100 addresses per call.")).toEqual([]);
    expect(wallet("Identifies up to 50 addresses per call.")).toEqual([
      `t #/info/description: "up to 50" (of addresses) disagrees with ${batch}: maxItems: 100; write "up to 100" here, or maxItems: 50 there ${changesBoth}`,
    ]);
    // An operation's prose: the string's own count of addresses is no length either.
    expect(
      wallet(
        "Identifies up to 100 addresses per call.",
        "See getBatchIdentity for up to 100 addresses.",
      ),
    ).toEqual([]);
    // Its name right before: still its length.
    expect(wallet("Identifies wallets.", "`address` at most 40.")).toEqual([
      expect.stringContaining('"at most 40" (of address) disagrees'),
    ]);
  });
});
