// Adding and removing a webhook's watched addresses. The service has no endpoint for it: an
// edit (updateWebhook) replaces every setting, so a change is a read (getWebhook), the new list,
// and a write of the whole settings, as the service's own SDKs do it.
import {
  validate,
  vArray,
  vObject,
  vString,
  type Check,
  type RequestOptions,
} from "@chaindata/core";
import type { WebhooksClient } from "./generated/client.js";
import { getWebhook } from "./generated/operations.js";
import type { Webhook } from "./generated/types.js";

/** What the helpers need of a webhooks client (`createWebhooksClient()`, or the sdk's `webhooks`). */
export type WebhookEditor = Pick<WebhooksClient, "getWebhook" | "updateWebhook">;

/** The input of {@link addWebhookAddresses} and {@link removeWebhookAddresses}. */
export interface WebhookAddressesInput {
  /** The webhook to change. */
  webhookID: string;
  /** Base58 account addresses; repeats, and addresses already (or not) watched, are ignored. */
  addresses: readonly string[];
}

// The spec's `Address` pattern (spec/schemas/common.yaml; a test holds the two together).
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/u;
const checkAddresses = vArray(vString(ADDRESS));

// The input's names and addresses (any `webhookID` passes here: `checkInput` checks it as getWebhook does).
const checkFields = vObject(
  { webhookID: () => {}, addresses: checkAddresses },
  ["webhookID", "addresses"],
  false,
);

/** The input's check: its names and addresses, and a given `webhookID` as getWebhook checks it. */
const checkInput: Check = (value, path, issues) => {
  checkFields(value, path, issues);
  const webhookID = (value as Partial<WebhookAddressesInput> | null | undefined)?.webhookID;
  if (webhookID !== undefined) getWebhook.params!({ webhookID }, path, issues);
};

/**
 * How a refused value is shown: described, not quoted. A client would mask its key in the quote,
 * but this helper holds no key, and a refused value may be the key given in the wrong place.
 */
const described = (json: unknown) => {
  const value: unknown = JSON.parse(String(json));
  return typeof value === "string" ? `a string of ${value.length} characters` : "a value not shown";
};

/** Per client, per webhook: the change under way, so that the next one starts after it. */
const pending = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Reads the webhook, computes the new address list with `next` and, when the list changed, sends
 * the webhook's settings back with it (an edit costs 100 credits; an edit that changes nothing is
 * not sent). Changes made through one client to one webhook run one after another, so two of
 * them do not undo each other; a change made elsewhere (another process, the dashboard) between
 * the read and the write is overwritten, as with any read-modify-write. `options` apply to both
 * the read and the write (an `onResponse` sees each answer).
 */
async function changeAddresses(
  webhooks: WebhookEditor,
  input: WebhookAddressesInput,
  next: (watched: readonly string[], given: ReadonlySet<string>) => string[],
  options?: RequestOptions,
): Promise<Webhook> {
  // Checked before anything is sent (a throw here rejects the call), in one pass so that every
  // issue is reported at once (a misspelt `webhookId` is named beside the missing `webhookID`).
  validate(checkInput, input, "params", described);
  const { webhookID, addresses } = input;
  let queue = pending.get(webhooks);
  if (!queue) pending.set(webhooks, (queue = new Map()));
  const change = async () => {
    const current = await webhooks.getWebhook({ webhookID }, options);
    const accountAddresses = next(current.accountAddresses, new Set(addresses));
    if (
      accountAddresses.length === current.accountAddresses.length &&
      accountAddresses.every((address, i) => address === current.accountAddresses[i])
    )
      return current;
    // The settings (CreateWebhookRequest's fields) with the new list. The read-only `wallet`,
    // `project` and `active` stay out, as the service's own SDKs leave them out.
    const { webhookURL, transactionTypes, accountAddressOwners, webhookType } = current;
    const { authHeader, encoding, txnStatus } = current;
    return webhooks.updateWebhook(
      {
        webhookID,
        webhookURL,
        transactionTypes,
        accountAddresses,
        accountAddressOwners,
        webhookType,
        authHeader,
        encoding,
        txnStatus,
      },
      options,
    );
  };
  const previous = queue.get(webhookID);
  // This change's turn: after the previous change to the webhook has settled (its failure is its
  // caller's; this one runs either way), unless this caller gave up while it waited.
  let givenUp = false;
  const turn = () => (givenUp ? undefined : change());
  const run = previous ? previous.then(turn, turn) : change();
  queue.set(webhookID, run);
  const forget = () => {
    if (queue.get(webhookID) === run) queue.delete(webhookID);
  };
  run.then(forget, forget);
  const signal = options?.signal;
  if (!previous || !signal) return run as Promise<Webhook>;
  // A signal that aborts while the change waits for its turn rejects it at once, as a client call
  // rejects during a retry wait, and the change is never made. (The AbortError is the client's
  // own: a call with an aborted signal rejects with it before anything is sent.)
  return new Promise<Webhook>((resolve, reject) => {
    const giveUp = () => {
      givenUp = true;
      webhooks.getWebhook({ webhookID }, options).then(resolve, reject);
    };
    if (signal.aborted) return giveUp();
    signal.addEventListener("abort", giveUp, { once: true });
    const settle = () => signal.removeEventListener("abort", giveUp);
    run.then(settle, settle);
    (run as Promise<Webhook>).then(resolve, reject);
  });
}

/**
 * Adds `addresses` to the accounts a webhook watches, after the ones it watches already (in the
 * order given, without repeats). Resolves with the webhook as edited, or as read when every
 * address was already watched (then nothing is written and no credits are spent).
 *
 * ```ts
 * const webhooks = createWebhooksClient();
 * await addWebhookAddresses(webhooks, { webhookID, addresses: [wallet] });
 * ```
 *
 * @throws ValidationError for a malformed `webhookID` or address (nothing is sent), and when the
 * list would pass the service's 100000 addresses (the webhook is read, nothing is written)
 */
export function addWebhookAddresses(
  webhooks: WebhookEditor,
  input: WebhookAddressesInput,
  options?: RequestOptions,
): Promise<Webhook> {
  return changeAddresses(
    webhooks,
    input,
    (watched, given) => {
      const known = new Set(watched);
      return [...watched, ...[...given].filter((address) => !known.has(address))];
    },
    options,
  );
}

/**
 * Removes `addresses` from the accounts a webhook watches (the others keep their order).
 * Resolves with the webhook as edited, or as read when it watched none of them (then nothing is
 * written and no credits are spent).
 *
 * @throws ValidationError for a malformed `webhookID` or address (nothing is sent)
 */
export function removeWebhookAddresses(
  webhooks: WebhookEditor,
  input: WebhookAddressesInput,
  options?: RequestOptions,
): Promise<Webhook> {
  return changeAddresses(
    webhooks,
    input,
    (watched, given) => watched.filter((address) => !given.has(address)),
    options,
  );
}
