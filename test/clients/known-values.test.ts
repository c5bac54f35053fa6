// The spec's shared closed lists of strings at run time, from the built packages' `./known-values`
// entries (docs/decisions/0021-known-values.md; user trial 60, F5): a misspelt transaction type
// (`TRANSFERZ`) passes the open enum's pattern and is sent, so a caller tests it against the
// documented list first.
import * as coreValues from "@chaindata/core/known-values";
import * as sdkMain from "@chaindata/sdk";
import * as sdkValues from "@chaindata/sdk/known-values";
import * as walletMain from "@chaindata/wallet";
import * as walletValues from "@chaindata/wallet/known-values";
import * as webhooksMain from "@chaindata/webhooks";
import {
  createWebhooksClient,
  ValidationError,
  type CreateWebhookInput,
} from "@chaindata/webhooks";
import * as webhooksValues from "@chaindata/webhooks/known-values";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const schemaOf = (file: string, name: string) =>
  JSON.parse(readFileSync(join(root, "spec/dist/openapi", file), "utf8")).components.schemas[name];

describe("knownTransactionTypes and isKnownTransactionType (./known-values)", () => {
  const documented: string[] = schemaOf("webhooks.json", "KnownTransactionType").enum;

  it("is the spec's list, in its order, one frozen object shared by core, webhooks, wallet and the sdk", () => {
    expect(documented.length).toBeGreaterThan(500);
    expect(schemaOf("wallet.json", "KnownTransactionType").enum).toEqual(documented);
    expect([...webhooksValues.knownTransactionTypes]).toEqual(documented);
    expect(webhooksValues.knownTransactionTypes).toBe(coreValues.knownTransactionTypes);
    expect(walletValues.knownTransactionTypes).toBe(coreValues.knownTransactionTypes);
    expect(sdkValues.knownTransactionTypes).toBe(coreValues.knownTransactionTypes);
    expect(sdkValues.isKnownTransactionType).toBe(coreValues.isKnownTransactionType);
    expect(webhooksValues.isKnownTransactionType).toBe(coreValues.isKnownTransactionType);
    expect(Object.isFrozen(webhooksValues.knownTransactionTypes)).toBe(true);
    // (ES modules are strict: a write to a frozen list throws instead of changing every importer's.)
    expect(() => (webhooksValues.knownTransactionTypes as string[]).push("TRANSFERZ")).toThrow(
      TypeError,
    );
  });

  it("says which values are documented: each listed one, and nothing else", () => {
    const { isKnownTransactionType } = webhooksValues;
    expect(documented.filter((type) => !isKnownTransactionType(type))).toEqual([]);
    // A misspelling, another case, a type the public docs name that the reference list lacks (the
    // open enum takes it; the guard does not claim it), and values that are no string.
    for (const value of ["TRANSFERZ", "transfer", "BUY", "", " TRANSFER", 42, undefined, null, {}])
      expect(isKnownTransactionType(value), String(value)).toBe(false);
  });

  it("warns of what the call itself sends: TRANSFERZ passes createWebhook's check", async () => {
    const sent: string[] = [];
    const webhooks = createWebhooksClient({
      apiKey: "k".repeat(36),
      maxRetries: 0,
      fetch: async (_url: unknown, init?: RequestInit) => {
        sent.push(String(init?.body));
        return new Response(JSON.stringify({ webhookID: "w" }), {
          headers: { "content-type": "application/json" },
        });
      },
    });
    const params: CreateWebhookInput = {
      webhookURL: "https://example.com/hook",
      transactionTypes: ["TRANSFERZ"],
      accountAddresses: ["86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY"],
    };
    await webhooks.createWebhook(params);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!).transactionTypes).toEqual(["TRANSFERZ"]);
    expect(
      params.transactionTypes.filter((t) => !webhooksValues.isKnownTransactionType(t)),
    ).toEqual(["TRANSFERZ"]);
    // (What the check refuses is not snake case; a misspelling in snake case it cannot know.)
    await expect(
      webhooks.createWebhook({ ...params, transactionTypes: ["transferz"] }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(sent).toHaveLength(1);
  });

  it("is not in the packages' main entries: no call bundle holds the list", () => {
    for (const main of [webhooksMain, walletMain, sdkMain])
      for (const name of ["knownTransactionTypes", "isKnownTransactionType"])
        expect(Object.keys(main)).not.toContain(name);
    for (const pkg of ["core", "webhooks", "wallet", "sdk"])
      for (const file of ["dist/index.js", "dist/index.cjs"])
        expect(readFileSync(join(root, "packages", pkg, file), "utf8")).not.toMatch(
          /known-values|ACCEPT_ESCROW_ARTIST/,
        );
  });
});

// An area's own closed list the spec marks `x-known-values` (spec/README.md): the six webhook
// types, which a port reading the type from a config file tests before the call.
describe("webhookTypes and isWebhookType (@chaindata/webhooks/known-values)", () => {
  const documented: string[] = schemaOf("webhooks.json", "WebhookType").enum;

  it("is the spec's list, in its order, frozen, one object for webhooks and the sdk", () => {
    // Written apart from the spec on purpose: a value added or dropped there changes the public
    // `webhookTypes` list, and this test asks for the same change here.
    const golden =
      "the spec's WebhookType enum differs from the list written in test/clients/known-values.test.ts: update that list with the spec (it is the public webhookTypes), and test/contract/seed-wire.test.ts's with the source of the change";
    expect(documented, golden).toEqual([
      "enhanced",
      "raw",
      "discord",
      "enhancedDevnet",
      "rawDevnet",
      "discordDevnet",
    ]);
    expect([...webhooksValues.webhookTypes]).toEqual(documented);
    expect(sdkValues.webhookTypes).toBe(webhooksValues.webhookTypes);
    expect(sdkValues.isWebhookType).toBe(webhooksValues.isWebhookType);
    expect(Object.isFrozen(webhooksValues.webhookTypes)).toBe(true);
    expect(() => (webhooksValues.webhookTypes as string[]).push("enhancd")).toThrow(TypeError);
  });

  it("takes each listed value and nothing else, as createWebhook's check does", async () => {
    const { isWebhookType } = webhooksValues;
    expect(documented.filter((type) => !isWebhookType(type))).toEqual([]);
    for (const value of ["enhancd", "Enhanced", "ENHANCED", "", "enhanced ", 0, undefined, null])
      expect(isWebhookType(value), String(value)).toBe(false);
    const webhooks = createWebhooksClient({
      apiKey: "k".repeat(36),
      fetch: () => Promise.reject(new Error("nothing is sent")),
    });
    // (A value read from a config file, as a port from the official SDK's string has it.)
    const fromConfig: string = "enhancd";
    await expect(
      webhooks.createWebhook({
        webhookURL: "https://example.com/hook",
        transactionTypes: ["ANY"],
        accountAddresses: ["86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY"],
        webhookType: fromConfig as never,
      }),
    ).rejects.toThrow(/^params\.webhookType: must be one of "enhanced", "raw"/);
  });

  it("is not in the packages' main entries: no call bundle holds the list", () => {
    for (const main of [webhooksMain, sdkMain])
      for (const name of ["webhookTypes", "isWebhookType"])
        expect(Object.keys(main)).not.toContain(name);
  });
});
