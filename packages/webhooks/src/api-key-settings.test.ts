// The service sends a webhook's `authHeader` back with every delivery to `webhookURL` (another
// party's server, its proxies and logs): the client's API key in either would leave with each
// one. Every call that sends these settings refuses it before anything is sent, and the refusal
// never shows the key.
import { describe, expect, it } from "vitest";
import {
  ValidationError,
  createWebhook,
  createWebhooksClient,
  createWebhooksRest,
  editWebhook,
  updateWebhook,
  addWebhookAddresses,
} from "./index.js";
import { recordingFetch } from "../../core/src/test-support/testing.js";
import { createChainDataClient } from "../../sdk/src/index.js";
import { WEBHOOK_ID as ID, storedWebhook, webhookSettings } from "../test-support/webhook.js";

// A key that URL-encoding changes (`+`, `/`, `=`), so that its encoded form is a second case.
const KEY = "k3y+Secret/Value=0123456789abcdef";
const ENCODED = encodeURIComponent(KEY);
const settings = webhookSettings;
const webhook = { ...storedWebhook, wallet: settings.accountAddresses[0] };

/** A client's options over a fetch that answers with the webhook; its requests and log lines. */
function recorded(apiKey = KEY) {
  const { fetch, requests } = recordingFetch(() => webhook);
  const lines: string[] = [];
  const log = (message: string, fields?: unknown) =>
    void lines.push(message + JSON.stringify(fields ?? null));
  const options = { apiKey, fetch, logger: { debug: log, info: log, warn: log, error: log } };
  return { options, requests, lines };
}

type Call = (options: ReturnType<typeof recorded>["options"], given: object) => Promise<unknown>;

// Every call that sends a webhook's settings, each given `given` over complete settings.
const calls: [string, Call][] = [
  [
    "client.createWebhook",
    (o, given) => createWebhooksClient(o).createWebhook({ ...settings, ...given }),
  ],
  [
    "createWebhook(rest)",
    (o, given) => createWebhook(createWebhooksRest(o), { ...settings, ...given }),
  ],
  [
    "client.updateWebhook",
    (o, given) => createWebhooksClient(o).updateWebhook({ ...settings, webhookID: ID, ...given }),
  ],
  [
    "updateWebhook(rest)",
    (o, given) => updateWebhook(createWebhooksRest(o), { ...settings, webhookID: ID, ...given }),
  ],
  [
    "editWebhook(client)",
    (o, given) => editWebhook(createWebhooksClient(o), { webhookID: ID, ...given }),
  ],
  [
    "editWebhook(rest)",
    (o, given) => editWebhook(createWebhooksRest(o), { webhookID: ID, ...given }),
  ],
  [
    "sdk webhooks.createWebhook",
    (o, given) => createChainDataClient(o).webhooks.createWebhook({ ...settings, ...given }),
  ],
];

const refused: [string, object, string][] = [
  ["authHeader: the key", { authHeader: KEY }, "authHeader"],
  ["authHeader: Bearer and the key", { authHeader: `Bearer ${KEY}` }, "authHeader"],
  ["authHeader: the key URL-encoded", { authHeader: `Bearer ${ENCODED}` }, "authHeader"],
  [
    "webhookURL with ?api-key=<key>",
    { webhookURL: `https://hooks.example.com/h?api-key=${ENCODED}` },
    "webhookURL",
  ],
  [
    "webhookURL with the key in its path",
    { webhookURL: `https://hooks.example.com/${KEY}` },
    "webhookURL",
  ],
];

/** Everything a refusal shows: its message, stack, JSON and the log lines. */
const shown = (error: unknown, lines: string[]) =>
  [String(error), (error as Error).stack ?? "", JSON.stringify(error), ...lines].join("\n");

describe("the API key in a webhook's settings", () => {
  describe.each(calls)("%s", (_, call) => {
    it.each(refused)(
      "refuses %s, sending nothing and never showing the key",
      async (__, given, field) => {
        const { options, requests, lines } = recorded();
        const error = await call(options, given).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as Error).message).toBe(
          `params.${field}: must not hold the API key (every delivery would carry it to the receiver): use a secret of your own`,
        );
        expect((error as ValidationError).issues).toEqual([
          {
            path: `params.${field}`,
            rule: "apiKey",
            message: (error as Error).message,
            detail:
              "must not hold the API key (every delivery would carry it to the receiver): use a secret of your own",
          },
        ]);
        expect(requests).toHaveLength(0);
        const text = shown(error, lines);
        expect(text).not.toContain(KEY);
        expect(text).not.toContain(ENCODED);
      },
    );

    it("sends a key-free authHeader and webhookURL", async () => {
      const { options, requests } = recorded();
      await call(options, {
        authHeader: "Bearer another-secret",
        webhookURL: "https://h.example.com/x",
      });
      const sent = requests.filter((request) => request.method !== "GET");
      expect(sent).toHaveLength(1);
      expect(await sent[0]!.text()).toContain('"authHeader":"Bearer another-secret"');
    });
  });

  it("compares the key case-sensitively: another case is another secret", async () => {
    const { options, requests } = recorded();
    await createWebhooksClient(options).createWebhook({
      ...settings,
      authHeader: KEY.toUpperCase(),
    });
    expect(requests).toHaveLength(1);
  });

  it("refuses nothing by a key under 8 characters, which ordinary text holds (a test's)", async () => {
    const { options, requests } = recorded("k");
    await createWebhooksClient(options).createWebhook({ ...settings, authHeader: "Bearer k" });
    expect(requests).toHaveLength(1);
  });

  it("refuses by a key of 8 characters, and nothing by one of 7 (the bound where a real key starts)", async () => {
    const seven = recorded("a1b2c3d");
    await createWebhooksClient(seven.options).createWebhook({
      ...settings,
      authHeader: "Bearer a1b2c3d",
    });
    expect(seven.requests).toHaveLength(1);
    const eight = recorded("a1b2c3d4");
    const error = await createWebhooksClient(eight.options)
      .createWebhook({ ...settings, authHeader: "Bearer a1b2c3d4" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toContain("authHeader: must not hold the API key");
    expect(eight.requests).toHaveLength(0);
  });

  it("refuses nothing where the client has no key of its own (the local mock's)", async () => {
    const { fetch, requests } = recordingFetch(() => webhook);
    const rest = createWebhooksRest({ environment: "local", fetch });
    await createWebhook(rest, { ...settings, authHeader: `Bearer ${KEY}` });
    expect(requests).toHaveLength(1);
  });

  it("refuses a stored authHeader holding the key when an address edit sends it back", async () => {
    const { fetch, requests } = recordingFetch(() => ({ ...webhook, authHeader: `Bearer ${KEY}` }));
    const error = await addWebhookAddresses(createWebhooksClient({ apiKey: KEY, fetch }), {
      webhookID: ID,
      addresses: ["M2mx93ekt1fmXSVkTrUL9xVFHkmME8HTUi5Cyc5aF7K"],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toContain("authHeader: must not hold the API key");
    expect(requests.map((request) => request.method)).toEqual(["GET"]); // the read, no write
    expect(shown(error, [])).not.toContain(KEY);
  });
});
