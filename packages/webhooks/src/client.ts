// The webhooks client: the generated one, with updateWebhook's refusal of a partial body pointing
// at editWebhook (the standalone updateWebhook's too), and (for the edit helpers, edits.ts) a
// transport of the client's own options.
import {
  apiHost,
  createTransport,
  ValidationError,
  type RequestOptions,
  type RestClientOptions,
  type Transport,
} from "@chaindata/core";
import {
  createWebhooksClient as createGenerated,
  updateWebhook as updateGenerated,
  type WebhooksClient,
  type WebhooksRest,
} from "./generated/client.js";
import type { UpdateWebhookInput, UpdateWebhookResult } from "./generated/types.js";

/**
 * Per client made by {@link createWebhooksClient}: a transport of the same options, whose key,
 * headers and checks are the client's. The edit helpers check their input with it as the client
 * checks a call's (a helper holds no key of its own to mask in a refused value it quotes).
 */
export const clientTransports = new WeakMap<object, Transport>();

/** A setting left out of updateWebhook's body, said with the helper that keeps the others (`use`). */
const partialUpdate =
  (use: string) =>
  (error: unknown): never => {
    if (
      error instanceof ValidationError &&
      error.issues.some((issue) => issue.rule === "required" && issue.path !== "params.webhookID")
    )
      error.message += ` (updateWebhook replaces every setting; to change some only, use ${use})`;
    throw error;
  };

/**
 * Edit a webhook: the standalone form of {@link WebhooksClient.updateWebhook} (its settings are
 * replaced with `params`, which must hold every one). A setting left out is refused before
 * anything is sent, pointing at `editWebhook`, which changes some and keeps the rest (it takes a
 * client from {@link createWebhooksClient}).
 *
 * Retried after a 429 only (refused before it was processed); after a 5xx, a timeout or a lost connection a retry could repeat the write: pass `retryNonIdempotent: true` to retry then too.
 *
 * @example
 * ```ts
 * const webhook = await updateWebhook(createWebhooksRest({ apiKey }), { ...settings, webhookID });
 * ```
 */
export function updateWebhook(
  rest: WebhooksRest,
  params: UpdateWebhookInput,
  options?: RequestOptions,
): Promise<UpdateWebhookResult> {
  return updateGenerated(rest, params, options).catch(
    partialUpdate(
      "editWebhook(webhooks, params) with a client from createWebhooksClient() as webhooks",
    ),
  );
}

/** Create a client for the webhooks operations (api host). */
export function createWebhooksClient(options?: RestClientOptions): WebhooksClient {
  const generated = createGenerated(options);
  const client: WebhooksClient = {
    ...generated,
    updateWebhook: (params, options) =>
      generated
        .updateWebhook(params, options)
        .catch(partialUpdate("editWebhook(webhooks, params) with this client as webhooks")),
  };
  clientTransports.set(client, createTransport(options, apiHost));
  return client;
}
