// The hand-written createWebhooksClient (client.ts) is the generated client with one member
// replaced: its members are the generated `webhooksClientOver(rest)`'s (generated/members.ts), in
// their order, so an operation added to the spec joins it with no change to client.ts (it listed
// every generated member again: review 43, finding 15). Each member sends what the generated client's sends;
// updateWebhook adds only its pointer at editWebhook (client.test.ts).
import { describe, expect, it } from "vitest";
import { createWebhooksClient } from "./client.js";
import { createWebhooksClient as createGenerated, createWebhooksRest } from "./generated/client.js";
import { webhooksClientOver } from "./generated/members.js";
import { recordingFetch, wire } from "../../core/src/test-support/testing.js";
import { WEBHOOK_ID as ID, storedWebhook } from "../test-support/webhook.js";

const KEY = "0f3c81aa-5b2e-4c1d-9e7f-a1b2c3d4e5f6";
const webhook = storedWebhook;
const { webhookID: _, ...settings } = webhook;

describe("createWebhooksClient's members", () => {
  it("are the generated ones over its rest, in their order", () => {
    const generated = Object.keys(webhooksClientOver(createWebhooksRest({ apiKey: KEY })));
    expect(generated.length).toBeGreaterThan(0);
    expect(Object.keys(createWebhooksClient({ apiKey: KEY }))).toEqual(generated);
    // (And the generated factory's, which writes the same members itself.)
    expect(Object.keys(createGenerated({ apiKey: KEY }))).toEqual(generated);
  });

  it("each sends what the generated client's sends, and resolves with its result", async () => {
    const calls: Record<string, (client: any) => Promise<unknown>> = {
      listWebhooks: (c) => c.listWebhooks(),
      createWebhook: (c) => c.createWebhook(settings),
      getWebhook: (c) => c.getWebhook({ webhookID: ID }),
      updateWebhook: (c) => c.updateWebhook(webhook),
      deleteWebhook: (c) => c.deleteWebhook({ webhookID: ID }),
    };
    expect(Object.keys(calls)).toEqual(Object.keys(createGenerated()));
    for (const [name, call] of Object.entries(calls)) {
      const ours = recordingFetch(() => webhook);
      const theirs = recordingFetch(() => webhook);
      expect(await call(createWebhooksClient({ apiKey: KEY, fetch: ours.fetch })), name).toEqual(
        await call(createGenerated({ apiKey: KEY, fetch: theirs.fetch })),
      );
      expect(await Promise.all(ours.requests.map(wire)), name).toEqual(
        await Promise.all(theirs.requests.map(wire)),
      );
      expect(ours.requests.length, name).toBe(1);
    }
  });
});
