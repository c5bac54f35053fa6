// The webhooks client: the generated one, with updateWebhook's refusal of a partial body pointing
// at editWebhook (the standalone updateWebhook's too), built here over its rest so that the edit
// helpers (edits.ts) can check their params with it. The other members are the generated ones
// (webhooksClientOver), so an operation added to the spec joins this client with no change here.
import { ValidationError, type RequestOptions, type RestClientOptions } from "@chaindata/core";
import {
  createWebhooksRest,
  updateWebhook as updateGenerated,
  type WebhooksClient,
  type WebhooksRest,
} from "./generated/client.js";
import { webhooksClientOver } from "./generated/members.js";
import type { UpdateWebhookInput, UpdateWebhookResult } from "./generated/types.js";

/**
 * Per client made by {@link createWebhooksClient}: the rest it calls through, whose key, headers
 * and checks are the client's. The edit helpers check their params with it as the client checks a
 * call's (a helper holds no key of its own to mask in a refused value it quotes).
 */
export const clientRests = new WeakMap<object, WebhooksRest>();

/**
 * A setting left out of updateWebhook's body, said with the helper that keeps the others (`use`).
 */
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
 * anything is sent, pointing at `editWebhook`, which changes some and keeps the rest (it takes
 * the same `rest`).
 *
 * Retried after a 429 only (refused before it was processed); after a 5xx, a timeout or a lost
 * connection a retry could repeat the write: pass `retryNonIdempotent: true` to retry then too.
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
    partialUpdate("editWebhook(rest, params) with this rest"),
  );
}

/** Create a client for the webhooks operations (api host). */
export function createWebhooksClient(options?: RestClientOptions): WebhooksClient {
  // (The generated client's members, over a rest of our own: the generated factory keeps its.
  // updateWebhook is wrapped in its place, so the members keep the generated order.)
  const rest = createWebhooksRest(options);
  const client = webhooksClientOver(rest);
  const update = client.updateWebhook;
  client.updateWebhook = (params, options) =>
    update(params, options).catch(
      partialUpdate("editWebhook(webhooks, params) with this client as webhooks"),
    );
  clientRests.set(client, rest);
  return client;
}
