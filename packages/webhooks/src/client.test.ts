import { describe, expect, it, vi } from "vitest";
import { createRestTransport, ValidationError } from "@chaindata/core";
import { createWebhooksClient } from "./client.js";
import { editWebhook } from "./edits.js";
import { WEBHOOK_ID as ID, storedWebhook } from "../test-support/webhook.js";

// (createRestTransport as it is, counted: the transports a client builds.)
vi.mock("@chaindata/core", async (original) => {
  const core = await original<typeof import("@chaindata/core")>();
  return { ...core, createRestTransport: vi.fn(core.createRestTransport) };
});

const webhook = storedWebhook;

/** A client over a service that answers every request with the webhook; the requests it got. */
function client() {
  const requests: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init).method);
    return Response.json(webhook);
  };
  return { webhooks: createWebhooksClient({ apiKey: "k", fetch }), requests };
}

describe("updateWebhook with settings left out", () => {
  it("is refused, pointing at editWebhook, which changes some settings and keeps the rest; nothing is sent", async () => {
    const { webhooks, requests } = client();
    const url = "https://hooks.example.com/solana";
    const error = await webhooks
      .updateWebhook({ webhookID: ID, webhookURL: url } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(
      "params.transactionTypes: is required; params.accountAddresses: is required (updateWebhook replaces every setting; to change some only, use editWebhook(webhooks, params) with this client as webhooks)",
    );
    expect(String((error as Error).stack)).toContain("use editWebhook(webhooks, params)");
    // (The issues are the check's own, each about its field.)
    expect((error as ValidationError).issues.map((issue) => issue.message)).toEqual([
      "params.transactionTypes: is required",
      "params.accountAddresses: is required",
    ]);
    expect(requests).toEqual([]);
    // Pointed there too when a setting given is refused beside the ones left out.
    const both = await webhooks
      .updateWebhook({ webhookID: ID, webhookURL: "https://localhost/hook" } as never)
      .catch((e: unknown) => e);
    expect((both as Error).message).toContain(
      "(updateWebhook replaces every setting; to change some only, use editWebhook(webhooks, params) with this client as webhooks)",
    );
    expect(requests).toEqual([]);
    // The call the message names, with the same params: the rest of the settings kept.
    const edited = await editWebhook(webhooks, { webhookID: ID, webhookURL: url });
    expect(edited.webhookID).toBe(ID);
    expect(requests).toEqual(["GET", "PUT"]);
  });

  it("is refused as before where no setting is missing, and createWebhook's refusals name no edit", async () => {
    const { webhooks, requests } = client();
    const { webhookID: _, ...settings } = webhook;
    const messages = await Promise.all([
      webhooks.updateWebhook(settings as never).catch((e: Error) => e.message),
      webhooks.updateWebhook({ ...webhook, webhookURL: "http://x" }).catch((e: Error) => e.message),
      webhooks.updateWebhook(null as never).catch((e: Error) => e.message),
      webhooks
        .createWebhook({ webhookURL: webhook.webhookURL } as never)
        .catch((e: Error) => e.message),
    ]);
    expect(messages).toEqual([
      "params.webhookID: is required",
      'params.webhookURL: must be an https:// URL with a host that is not localhost, 127.x.x.x or [::1], and no whitespace (got "http://x")',
      expect.stringMatching(/^params: must be object \{ webhookID, .*\(got null\)$/),
      "params.transactionTypes: is required; params.accountAddresses: is required",
    ]);
    expect(requests).toEqual([]);
  });

  it("is answered as the generated client answers: a complete update is sent", async () => {
    const { webhooks, requests } = client();
    expect(await webhooks.updateWebhook(webhook as never)).toEqual(webhook);
    expect(requests).toEqual(["PUT"]);
  });
});

it("builds one transport per client, which the edit helpers check their params with", async () => {
  const built = vi.mocked(createRestTransport);
  built.mockClear();
  const KEY = "sk-live-0f3c81aa-7d2e";
  const requests: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init).method);
    return Response.json(webhook);
  };
  const webhooks = createWebhooksClient({ apiKey: KEY, fetch });
  expect(built).toHaveBeenCalledTimes(1);
  // The helpers' check is the client's: the key given in the wrong place is masked, nothing is
  // sent, and no transport is built for it.
  const error = await editWebhook(webhooks, { webhookID: ID, webhookURL: KEY }).catch(
    (e: unknown) => e,
  );
  expect((error as Error).message).toBe(
    'params.webhookURL: must be an https:// URL with a host that is not localhost, 127.x.x.x or [::1], and no whitespace (got "***")',
  );
  await editWebhook(webhooks, { webhookID: ID, txnStatus: "all" });
  expect(requests).toEqual(["GET", "PUT"]);
  expect(built).toHaveBeenCalledTimes(1);
});

it("refuses an authHeader with a line break or another control character before sending (no header could carry it), masking it", async () => {
  const { webhooks, requests } = client();
  const { webhookID: _, ...settings } = webhook;
  for (const authHeader of ["Bearer s3cret-value\nX-Evil: 1", "Bearer s3cret\u0000value"]) {
    const errors = await Promise.all([
      webhooks.createWebhook({ ...settings, authHeader }).catch((e: Error) => e),
      editWebhook(webhooks, { webhookID: ID, authHeader }).catch((e: Error) => e),
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toMatch(
        /^params\.authHeader: must be a header value, not blank \(no control characters other than tab, no line breaks\) \(got .*\)$/,
      );
      expect((error as Error).message).not.toContain("s3cret");
    }
  }
  expect(requests).toEqual([]);
  // A tab is allowed, as in any header value.
  expect(await webhooks.createWebhook({ ...settings, authHeader: "Bearer\tx" })).toEqual(webhook);
});

it("refuses a blank authHeader before sending (it arrives as no secret, which the receiver refuses)", async () => {
  const { webhooks, requests } = client();
  const { webhookID: _, ...settings } = webhook;
  // (An unset variable's "" among them: `authHeader: process.env.WEBHOOK_AUTH`.)
  for (const authHeader of ["", " ", "\t", " \t "]) {
    const errors = await Promise.all([
      webhooks.createWebhook({ ...settings, authHeader }).catch((e: Error) => e),
      webhooks.updateWebhook({ ...webhook, authHeader }).catch((e: Error) => e),
      editWebhook(webhooks, { webhookID: ID, authHeader }).catch((e: Error) => e),
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues).toEqual([
        expect.objectContaining({ path: "params.authHeader", rule: "pattern" }),
      ]);
      expect((error as Error).message).toMatch(
        /^params\.authHeader: must be a header value, not blank /,
      );
    }
  }
  expect(requests).toEqual([]);
  // Spaces and tabs around a secret are a header's own, as the receiver reads it.
  expect(await webhooks.createWebhook({ ...settings, authHeader: " Bearer x\t" })).toEqual(webhook);
});

it("refuses an authHeader over 8192 characters before sending (no header could carry it to the receiver), without quoting it", async () => {
  const { webhooks, requests } = client();
  const { webhookID: _, ...settings } = webhook;
  const long = `Bearer ${"k".repeat(8186)}`;
  const messages = await Promise.all([
    webhooks.createWebhook({ ...settings, authHeader: long }).catch((e: Error) => e),
    webhooks.updateWebhook({ ...webhook, authHeader: long }).catch((e: Error) => e),
    editWebhook(webhooks, { webhookID: ID, authHeader: long }).catch((e: Error) => e),
  ]);
  for (const error of messages) {
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(
      "params.authHeader: must have at most 8192 characters (got 8193)",
    );
  }
  expect(requests).toEqual([]);
  expect(await webhooks.createWebhook({ ...settings, authHeader: long.slice(1) })).toEqual(webhook);
});

// The spec documents an empty list rather than refusing one (WatchedAddresses,
// TransactionTypeFilter): the official SDKs send one, and the service's docs do not say it
// refuses it. Sent as given, so a webhook can start with no address and gain some later.
describe("empty transactionTypes and accountAddresses", () => {
  it("are sent as given by createWebhook and editWebhook, not refused", async () => {
    const bodies: unknown[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.body) bodies.push(JSON.parse(String(init.body)));
      return Response.json(webhook);
    };
    const webhooks = createWebhooksClient({ apiKey: "k", fetch });
    const url = "https://hooks.example.com/solana";
    await webhooks.createWebhook({ webhookURL: url, transactionTypes: [], accountAddresses: [] });
    await editWebhook(webhooks, { webhookID: ID, accountAddresses: [] });
    expect(bodies).toMatchObject([
      { transactionTypes: [], accountAddresses: [] },
      { accountAddresses: [] },
    ]);
  });
});
