// Changing a webhook's settings a few at a time: editWebhook, and adding and removing watched
// addresses. The service has no endpoint for it: an edit (updateWebhook) takes every setting (and
// may lose one left out), so a change is a read (getWebhook), the new settings, and a write of them
// all, as the service's old SDK and its Rust SDK do it.
import {
  ConfigurationError,
  validate,
  ValidationError,
  vArray,
  vObject,
  vString,
  type Check,
  type RequestOptions,
  type ValidationIssue,
} from "@chaindata/core";
import { clientTransports } from "./client.js";
import type { WebhooksClient } from "./generated/client.js";
import { getWebhook, updateWebhook } from "./generated/operations.js";
import type { UpdateWebhookRequest, Webhook } from "./generated/types.js";

/** What the helpers need of a webhooks client (`createWebhooksClient()`, or the sdk's `webhooks`). */
export type WebhookEditor = Pick<WebhooksClient, "getWebhook" | "updateWebhook">;

/** The input of {@link addWebhookAddresses} and {@link removeWebhookAddresses}. */
export interface WebhookAddressesInput {
  /** The webhook to change. */
  webhookID: string;
  /** Base58 account addresses; repeats, and addresses already (or not) watched, are ignored. */
  addresses: readonly string[];
}

// The spec's `Address` pattern and its description (spec/schemas/common.yaml; a test holds them
// together).
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/u;
const ADDRESS_DESCRIPTION = "a base58 address (32 to 44 characters; no 0, O, I or l)";
const checkAddresses = /* @__PURE__ */ vArray(
  /* @__PURE__ */ vString(ADDRESS, ADDRESS_DESCRIPTION),
);

// The input's names and addresses (any `webhookID` passes here: `checkInput` checks it as getWebhook does).
const checkFields = /* @__PURE__ */ vObject(
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

/** What the check's call is given instead of a request: it stops there. */
const UNSENT = /* @__PURE__ */ new Error("not sent");

/**
 * Checks a helper's `input` before anything is sent, as the client `webhooks` checks a call's
 * (its transport's own check, the call then sending nothing): a refused value quoted, the client's
 * key and the input's credentials masked. `undefined` once the input passed, known at once (so a
 * change joins its webhook's queue in call order); else a promise that rejects with the refusal.
 * For an object the client factory did not make (a stand-in), whose key this helper cannot know,
 * a refused value is described instead, not quoted: it may be the key given in the wrong place.
 */
function checkAgainst(
  webhooks: WebhookEditor,
  check: Check,
  input: unknown,
  options?: RequestOptions,
): Promise<void> | undefined {
  const transport = clientTransports.get(webhooks);
  if (!transport) {
    validate(check, input, "params", (json) => {
      const value: unknown = JSON.parse(String(json));
      return typeof value === "string"
        ? `a string of ${value.length} character${value.length === 1 ? "" : "s"}`
        : "a value not shown";
    });
    return;
  }
  // (The call reaches the request once its options and input have passed: at once, today.)
  let passed = false;
  const checked = transport
    .restCall({ id: "check", params: check, idempotent: true }, input, options, () => {
      passed = true;
      return Promise.reject(UNSENT);
    })
    .then(
      () => {},
      (error: unknown) => {
        if (error !== UNSENT) throw error;
      },
    );
  return passed ? undefined : checked;
}

/** Per client, per webhook: the change under way, so that the next one starts after it. */
const pending = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * The settings {@link editWebhook} changes, each one given replacing the webhook's: updateWebhook's
 * body without the read-only `wallet`, `project` and `active` (which the service sets).
 */
export type WebhookSettings = Pick<
  UpdateWebhookRequest,
  | "webhookURL"
  | "transactionTypes"
  | "accountAddresses"
  | "accountAddressOwners"
  | "webhookType"
  | "authHeader"
  | "encoding"
  | "txnStatus"
>;

/** The settings a write sends back, every one of {@link WebhookSettings} (the record says so). */
const SETTINGS = /* @__PURE__ */ Object.keys({
  webhookURL: 1,
  transactionTypes: 1,
  accountAddresses: 1,
  accountAddressOwners: 1,
  webhookType: 1,
  authHeader: 1,
  encoding: 1,
  txnStatus: 1,
} satisfies Record<keyof WebhookSettings, 1>) as (keyof WebhookSettings)[];

/** Two setting values alike: equal scalars, or lists of equal elements in the same order. */
const alike = (a: unknown, b: unknown): boolean =>
  a === b ||
  (Array.isArray(a) &&
    Array.isArray(b) &&
    a.length === b.length &&
    a.every((value, i) => value === b[i]));

/**
 * Reads the webhook, computes the settings to change with `next` and, when one differs, sends
 * the webhook's settings back with them (an edit costs 100 credits; an edit that changes nothing
 * is not sent). Changes made through one client to one webhook run one after another, so two of
 * them do not undo each other; a change made elsewhere (another process, the dashboard) between
 * the read and the write is overwritten, as with any read-modify-write. `options` apply to both
 * the read and the write (an `onResponse` sees each answer).
 */
function changeWebhook(
  webhooks: WebhookEditor,
  webhookID: string,
  next: (current: Webhook) => Partial<WebhookSettings>,
  options?: RequestOptions,
): Promise<Webhook> {
  // (The sdk's client itself, not its `webhooks`, would otherwise fail with "getWebhook is not a
  // function", and `undefined` with "Invalid value used as weak map key".)
  if (typeof webhooks?.getWebhook !== "function" || typeof webhooks.updateWebhook !== "function")
    throw new ConfigurationError(
      `webhooks: must be a webhooks client, createWebhooksClient() or the sdk client's \`webhooks\` (got ${webhooks === null ? "null" : typeof webhooks})`,
    );
  let queue = pending.get(webhooks);
  if (!queue) pending.set(webhooks, (queue = new Map()));
  const change = async () => {
    const current = await webhooks.getWebhook({ webhookID }, options);
    const changes: Partial<Record<string, unknown>> = next(current);
    if (
      SETTINGS.every((name) => changes[name] === undefined || alike(changes[name], current[name]))
    )
      return current;
    const settings: Partial<Record<string, unknown>> = {};
    for (const name of SETTINGS) settings[name] = changes[name] ?? current[name];
    return webhooks.updateWebhook({ ...(settings as WebhookSettings), webhookID }, options);
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

/** The address helpers' change: the input checked, then the new list. */
async function changeAddresses(
  webhooks: WebhookEditor,
  input: WebhookAddressesInput,
  next: (watched: readonly string[], given: ReadonlySet<string>) => string[],
  options?: RequestOptions,
): Promise<Webhook> {
  // Checked before anything is sent (a throw here rejects the call), in one pass so that every
  // issue is reported at once (a misspelt `webhookId` is named beside the missing `webhookID`).
  const checking = checkAgainst(webhooks, checkInput, input, options);
  if (checking) await checking;
  const given = new Set(input.addresses);
  try {
    return await changeWebhook(
      webhooks,
      input.webhookID,
      (current) => ({ accountAddresses: next(current.accountAddresses, given) }),
      options,
    );
  } catch (error) {
    throw error instanceof ValidationError ? ofAddresses(error) : error;
  }
}

/**
 * The write's refusal of the list a change made (longer than the service's 100000 addresses), said
 * of the caller's `addresses`: `params.accountAddresses` is no field the caller gave.
 */
function ofAddresses(error: ValidationError): ValidationError {
  const list = "params.accountAddresses";
  if (!error.issues.some((issue) => issue.path === list)) return error;
  const issues = error.issues.map((issue) =>
    issue.path === list
      ? {
          ...issue,
          path: "params.addresses",
          message: `params.addresses: too many for the webhook: its accountAddresses ${issue.message.slice(list.length + 2)}`,
        }
      : issue,
  );
  return new ValidationError(issues.map((issue) => issue.message).join("; "), { issues }, error);
}

/** The input of {@link editWebhook}: the webhook, and the settings to change. */
export interface EditWebhookInput extends Partial<WebhookSettings> {
  /** The webhook to change. */
  webhookID: string;
}

/** The fields of a webhook the service sets: an edit leaves them as they are. */
const READ_ONLY = ["wallet", "project", "active"];

/**
 * editWebhook's input: as updateWebhook checks its own, but a setting may be left out, and at
 * least one must be given; the read-only fields are refused by name, and so is a setting's
 * removal (`null`), which the service has no documented way to make.
 */
const checkEdit: Check = (value, path, issues) => {
  const found: ValidationIssue[] = [];
  updateWebhook.params!(value, path, found);
  for (const issue of found) {
    const name = issue.path.slice(path.length + 1) as keyof WebhookSettings;
    if (SETTINGS.includes(name) && (value as Record<string, unknown>)[name] === null)
      issues.push({
        ...issue,
        message: `${issue.path}: cannot be removed (got null): the service documents no way to remove a setting`,
      });
    else if (issue.rule !== "required" || issue.path === `${path}.webhookID`) issues.push(issue);
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return;
  const input = value as Record<string, unknown>;
  for (const name of READ_ONLY)
    if (input[name] !== undefined)
      issues.push({
        path: `${path}.${name}`,
        rule: "readOnly",
        message: `${path}.${name}: is set by the service, not by an edit`,
      });
  if (SETTINGS.every((name) => input[name] === undefined))
    issues.push({
      path,
      rule: "minProperties",
      message: `${path}: names no setting to change (${SETTINGS.join(", ")})`,
    });
};

/**
 * Changes some of a webhook's settings and keeps the others: reads the webhook, lays the given
 * settings over its own, and sends them all back (updateWebhook's body is the complete settings,
 * so a setting left out of it may be lost: an `authHeader`, say). Resolves with the webhook as
 * edited, or as read when every given setting already had its value (then nothing is written and
 * no credits are spent). A setting given as `undefined` is left as it is. Runs after any other
 * change to the webhook made through the same client, as {@link addWebhookAddresses} does.
 *
 * A setting cannot be removed (an `authHeader`, an `accountAddressOwners` filter): the service
 * documents no value that removes one, and not whether a write that leaves a setting out clears
 * it or keeps it (its own TypeScript SDK sends partial writes, as if kept), so `null` is refused
 * and every setting the webhook has is sent back. Give the setting another value instead
 * (`txnStatus: "all"` delivers transactions of every outcome), or create the webhook anew.
 *
 * ```ts
 * const webhooks = createWebhooksClient();
 * await editWebhook(webhooks, { webhookID, webhookURL: "https://hooks.example.com/solana" });
 * ```
 *
 * @throws ValidationError for a malformed `webhookID` or setting, a setting given as `null`, a
 * read-only field (`wallet`, `project`, `active`), or no setting at all (nothing is sent)
 * @throws ConfigurationError when `webhooks` is no webhooks client (nothing is sent)
 */
export async function editWebhook(
  webhooks: WebhookEditor,
  input: EditWebhookInput,
  options?: RequestOptions,
): Promise<Webhook> {
  const checking = checkAgainst(webhooks, checkEdit, input, options);
  if (checking) await checking;
  return changeWebhook(webhooks, input.webhookID, () => input, options);
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
 * @throws ConfigurationError when `webhooks` is no webhooks client (nothing is sent)
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
 * @throws ConfigurationError when `webhooks` is no webhooks client (nothing is sent)
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
