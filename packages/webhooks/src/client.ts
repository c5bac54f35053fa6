// The webhooks client: the generated one, with updateWebhook's refusal of a partial body pointing
// at editWebhook, and (for the edit helpers, edits.ts) a transport of the client's own options.
import {
  apiHost,
  createTransport,
  ValidationError,
  type RestClientOptions,
  type Transport,
} from "@chaindata/core";
import {
  createWebhooksClient as createGenerated,
  type WebhooksClient,
} from "./generated/client.js";

/**
 * Per client made by {@link createWebhooksClient}: a transport of the same options, whose key,
 * headers and checks are the client's. The edit helpers check their input with it as the client
 * checks a call's (a helper holds no key of its own to mask in a refused value it quotes).
 */
export const clientTransports = new WeakMap<object, Transport>();

/** A setting left out of updateWebhook's body, said with the helper that keeps the others. */
const partialUpdate = (error: unknown): never => {
  if (
    error instanceof ValidationError &&
    error.issues.some((issue) => issue.rule === "required" && issue.path !== "params.webhookID")
  )
    error.message +=
      " (updateWebhook replaces every setting; to change some only, use editWebhook(webhooks, params) with this client as webhooks)";
  throw error;
};

/** Create a client for the webhooks operations (api host). */
export function createWebhooksClient(options?: RestClientOptions): WebhooksClient {
  const generated = createGenerated(options);
  const client: WebhooksClient = {
    ...generated,
    updateWebhook: (input, options) => generated.updateWebhook(input, options).catch(partialUpdate),
  };
  clientTransports.set(client, createTransport(options, apiHost));
  return client;
}
