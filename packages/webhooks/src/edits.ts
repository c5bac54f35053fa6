// Changing a webhook's settings a few at a time: editWebhook, and adding and removing watched
// addresses. The service has no endpoint for it: an edit (updateWebhook) takes every setting (and
// may lose one left out), so a change is a read (getWebhook), the new settings, and a write of them
// all, as the service's old SDK and its Rust SDK do it.
import {
  ConfigurationError,
  errorOfIssues,
  runCheck,
  ValidationError,
  vArray,
  vBase58Bytes,
  vObject,
  type Check,
  type OperationDescriptor,
  type RequestOptions,
  type ValidationIssue,
  watchAbort,
  wholeIssue,
} from "@chaindata/core";
import { clientRests } from "./client.js";
import {
  getWebhook as getStandalone,
  updateWebhook as updateStandalone,
  type WebhooksClient,
  type WebhooksRest,
} from "./generated/client.js";
import { getWebhook, updateWebhook } from "./generated/operations.js";
import { trimAuthHeader } from "./header-value.js";
import type { UpdateWebhookRequest, Webhook } from "./generated/types.js";

/**
 * What the helpers change webhooks through: a webhooks client (`createWebhooksClient()`, or the
 * sdk's `webhooks`), or the REST endpoint of the standalone functions (`createWebhooksRest()`).
 */
export type WebhookEditor = Pick<WebhooksClient, "getWebhook" | "updateWebhook"> | WebhooksRest;

/** The params of {@link addWebhookAddresses} and {@link removeWebhookAddresses}. */
export interface WebhookAddressesInput {
  /** The webhook to change. */
  webhookID: string;
  /** Base58 account addresses; repeats, and addresses already (or not) watched, are ignored. */
  addresses: readonly string[];
}

// The spec's `Address` pattern, its description and its `x-base58-bytes` (spec/schemas/common.yaml;
// a test holds them together).
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/u;
const ADDRESS_DESCRIPTION = "a base58 address of 32 bytes (32 to 44 characters; no 0, O, I or l)";
const ADDRESS_BYTES = 32;
const checkAddresses = /* @__PURE__ */ vArray(
  /* @__PURE__ */ vBase58Bytes(ADDRESS, ADDRESS_DESCRIPTION, ADDRESS_BYTES),
);

// The params' names and addresses (any `webhookID` passes here: `addressesCheck` checks it as
// getWebhook does).
const checkFields = /* @__PURE__ */ vObject(
  { webhookID: () => {}, addresses: checkAddresses },
  ["webhookID", "addresses"],
  false,
);

/**
 * The address helpers' params: their names and addresses, and a given `webhookID` as getWebhook
 * checks it.
 */
const addressesCheck: OperationDescriptor = {
  id: "webhookAddresses",
  params: (value, path, issues) => {
    checkFields(value, path, issues);
    const webhookID = (value as Partial<WebhookAddressesInput> | null | undefined)?.webhookID;
    if (webhookID !== undefined) getWebhook.params!({ webhookID }, path, issues);
  },
  idempotent: false,
};

/** How a helper reads, writes and checks through the `webhooks` it was given. */
interface Editing {
  read(params: { webhookID: string }, options?: RequestOptions): Promise<Webhook>;
  write(
    params: WebhookSettings & { webhookID: string },
    options?: RequestOptions,
  ): Promise<Webhook>;
  /**
   * Checks a helper's `params` before anything is sent, as the client (or rest) checks a call's:
   * a refused value quoted, the key and the params' credentials masked. Throws at once, so that a
   * change that passed joins its webhook's queue in call order.
   */
  check(operation: OperationDescriptor, params: unknown, options?: RequestOptions): void;
}

/**
 * For an object the client factory did not make (a stand-in), whose key this helper cannot know,
 * a refused value is described instead, not quoted: it may be the key given in the wrong place.
 */
const describedCheck: Editing["check"] = (operation, params) =>
  runCheck(operation.params!, params, "params", (json) => {
    const value: unknown = JSON.parse(String(json));
    return typeof value === "string"
      ? `a string of ${value.length} character${value.length === 1 ? "" : "s"}`
      : "a value not shown";
  });

/** The reads, writes and check of `webhooks`: a rest's standalone calls, or a client's methods. */
function editingOf(webhooks: WebhookEditor): Editing {
  if ((webhooks as WebhooksRest | undefined)?.area === "webhooks") {
    const rest = webhooks as WebhooksRest;
    return {
      read: (params, options) => getStandalone(rest, params, options),
      write: (params, options) => updateStandalone(rest, params, options),
      check: rest.check,
    };
  }
  const client = webhooks as Partial<WebhooksClient> | null | undefined;
  // (The sdk's client itself, not its `webhooks`, would otherwise fail with "getWebhook is not a
  // function", and `undefined` with "Invalid value used as weak map key".)
  if (typeof client?.getWebhook !== "function" || typeof client.updateWebhook !== "function")
    throw new ConfigurationError(
      `webhooks: must be a webhooks client (createWebhooksClient(), or the sdk client's \`webhooks\`) or the result of createWebhooksRest() (got ${client === null ? "null" : typeof client})`,
    );
  return {
    // (Read from the client at each call, as a call written `webhooks.getWebhook(…)` would.)
    read: (params, options) => client.getWebhook!(params, options),
    write: (params, options) => client.updateWebhook!(params, options),
    check: clientRests.get(client)?.check ?? describedCheck,
  };
}

// Per webhook, the change under way, so that the next one starts after it, whichever client or
// rest of the process either goes through (the sdk's `webhooks` beside a client of this package,
// say). Keyed by the id in lower case: a UUID's hex digits name one webhook in either case. Not by
// host: a rest does not tell its base URL, and the service gives each webhook a random UUID, so two
// hosts holding one id (a test's two fake services) only take turns, each change on its own host.
// Shared through the global registry, so that the ESM and CJS builds loaded side by side queue
// together; made on the first change, not at import (the package has no side effects). An entry
// is removed when its webhook's last change settles.
const PENDING = Symbol.for("@chaindata/webhooks.edits-pending");
const pendingChanges = (): Map<string, Promise<unknown>> =>
  ((globalThis as Record<symbol, Map<string, Promise<unknown>>>)[PENDING] ??= new Map());

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

/**
 * Two setting values alike: equal scalars, or lists of the same elements in any order and with any
 * repeats. Every list setting is a set to the service (the accounts watched, the types and owners
 * matched): a list read from a database without an order, given again, changes nothing, and must
 * not cost an edit's credits on every run.
 */
const alike = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b)) return false;
  const [given, held] = [new Set(a), new Set(b)];
  // (Not alike when the webhook holds repeats and the list given has none: that write removes
  // them, each counted against the 100000 addresses; an address helper's list, which keeps the
  // stored repeats, is alike.)
  return (
    given.size === held.size &&
    (held.size === b.length || given.size < a.length) &&
    [...given].every((value) => held.has(value))
  );
};

/**
 * Reads the webhook, computes the settings to change with `next` and, when one differs, sends
 * the webhook's settings back with them (an edit costs 100 credits; an edit that changes nothing
 * is not sent). Changes made in this process to one webhook run one after another, so two of them
 * do not undo each other; a change made elsewhere (another process, the dashboard) between the
 * read and the write is overwritten, as with any read-modify-write. `options` apply to both the
 * read and the write (an `onResponse` sees each answer). `via` is how the caller gives a setting
 * (`""` for editWebhook's params, `" to editWebhook"` for the address helpers).
 */
function changeWebhook(
  { read, write }: Editing,
  webhookID: string,
  next: (current: Webhook) => Partial<WebhookSettings>,
  via: string,
  options?: RequestOptions,
): Promise<Webhook> {
  const queue = pendingChanges();
  const key = webhookID.toLowerCase();
  const change = async () => {
    const current = await read({ webhookID }, options);
    const changes: Partial<Record<string, unknown>> = next(current);
    if (
      SETTINGS.every((name) => changes[name] === undefined || alike(changes[name], current[name]))
    )
      return current;
    const settings: Partial<Record<string, unknown>> = {};
    for (const name of SETTINGS) settings[name] = changes[name] ?? current[name];
    // (A stored authHeader that is blank is no secret, and the write refuses one: it is not sent
    // back, as a webhook's without one is not, so that its other settings can still be changed.
    // Blank as the receiver tells it: String#trim also strips U+00A0, a secret the write and the
    // receiver take, and throws on a stored value that is no string.)
    if (
      changes.authHeader === undefined &&
      typeof current.authHeader == "string" &&
      !trimAuthHeader(current.authHeader)
    )
      settings.authHeader = undefined;
    try {
      return await write({ ...(settings as WebhookSettings), webhookID }, options);
    } catch (error) {
      throw error instanceof ValidationError ? ofStored(error, changes, via) : error;
    }
  };
  const previous = queue.get(key);
  // This change's turn: after the previous change to the webhook has settled (its failure is its
  // caller's; this one runs either way), unless this caller gave up while it waited.
  let givenUp = false;
  const turn = () => (givenUp ? undefined : change());
  const run = previous ? previous.then(turn, turn) : change();
  queue.set(key, run);
  const forget = () => {
    if (queue.get(key) === run) queue.delete(key);
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
      read({ webhookID }, options).then(resolve, reject);
    };
    if (signal.aborted) return giveUp();
    // (One listener per signal, however many changes wait on it: Node warns past 10.)
    const settle = watchAbort(signal, giveUp);
    run.then(settle, settle);
    (run as Promise<Webhook>).then(resolve, reject);
  });
}

/** An issue at `path`, whose message is the path, then `detail`, as the generated checks' are. */
const issueAt = (path: string, rule: ValidationIssue["rule"], detail: string): ValidationIssue => ({
  path,
  rule,
  message: `${path}: ${detail}`,
  detail,
});

/**
 * The issues of the write's refusal, each whole: a stand-in's write (a test's) may throw its own
 * ValidationError, its issues without a detail, or none (then none here, and its error is
 * passed on as it is).
 */
const wholeIssues = (error: ValidationError): ValidationIssue[] =>
  Array.isArray(error.issues) ? error.issues.map((issue) => wholeIssue(issue, "params")) : [];

/**
 * The write's refusal of a setting the webhook has stored (an `http://` webhookURL or a type
 * stored before today's rules, say), said as the webhook's, with how to replace it: the caller
 * gave no such value, and without it the webhook could never be edited. (The settings given were
 * checked before the read, so the write refuses only stored ones, and the length of a list the
 * change made, which is the address helpers' to say.) Not let through unchecked: the service may
 * refuse the value too, or take it.
 */
function ofStored(
  error: ValidationError,
  changes: Partial<Record<string, unknown>>,
  via: string,
): ValidationError {
  let stored = false;
  const issues = wholeIssues(error).map((issue) => {
    const name = /^params\.(\w+)/u.exec(issue.path)?.[1] as keyof WebhookSettings | undefined;
    if (
      !name ||
      !SETTINGS.includes(name) ||
      (changes[name] !== undefined && issue.path === `params.${name}`)
    )
      return issue;
    stored = true;
    const how =
      issue.rule === "required"
        ? `the webhook has no ${name} stored; give ${name}${via} to set it`
        : `the webhook's stored ${name}; give ${name}${via} to replace it`;
    return issueAt(issue.path, issue.rule, `${issue.detail} (${how})`);
  });
  return stored ? errorOfIssues(issues, error) : error;
}

/** The address helpers' change: the params checked, then the new list. */
async function changeAddresses(
  webhooks: WebhookEditor,
  params: WebhookAddressesInput,
  next: (watched: readonly string[], given: ReadonlySet<string>) => string[],
  options?: RequestOptions,
): Promise<Webhook> {
  const editing = editingOf(webhooks);
  // Checked before anything is sent (a throw here rejects the call), in one pass so that every
  // issue is reported at once (a misspelt `webhookId` is named beside the missing `webhookID`).
  editing.check(addressesCheck, params, options);
  const given = new Set(params.addresses);
  try {
    return await changeWebhook(
      editing,
      params.webhookID,
      (current) => ({ accountAddresses: next(current.accountAddresses, given) }),
      " to editWebhook",
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
  const issues = wholeIssues(error);
  if (!issues.some((issue) => issue.path === list)) return error;
  return errorOfIssues(
    issues.map((issue) =>
      issue.path === list
        ? issueAt(
            "params.addresses",
            issue.rule,
            `too many for the webhook: its accountAddresses ${issue.detail}`,
          )
        : issue,
    ),
    error,
  );
}

/**
 * The params of {@link editWebhook}: the webhook, and the settings to change (a setting given as
 * `undefined` is left as it is).
 */
export type EditWebhookInput = {
  [Name in keyof WebhookSettings]?: WebhookSettings[Name] | undefined;
} & {
  /** The webhook to change. */
  webhookID: string;
  /**
   * Set by the service, not by an edit (refused, as `project` and `active` are). Typed `never` so
   * that a webhook read and spread back (`{ ...hook, txnStatus }`) is a compile error, not a
   * ValidationError at run time: give only the settings to change.
   */
  wallet?: never;
  /** Set by the service, not by an edit (see `wallet`). */
  project?: never;
  /** Set by the service, not by an edit (see `wallet`). */
  active?: never;
};

/** The fields of a webhook the service sets: an edit leaves them as they are. */
const READ_ONLY = ["wallet", "project", "active"];

/**
 * editWebhook's params: as updateWebhook checks its own, but a setting may be left out, and at
 * least one must be given; the read-only fields are refused by name, and so is a setting's
 * removal (`null`), which the service has no documented way to make.
 */
const checkEdit: Check = (value, path, issues) => {
  const found: ValidationIssue[] = [];
  updateWebhook.params!(value, path, found);
  for (const issue of found) {
    const name = issue.path.slice(path.length + 1) as keyof WebhookSettings;
    if (SETTINGS.includes(name) && (value as Record<string, unknown>)[name] === null)
      issues.push(
        issueAt(
          issue.path,
          issue.rule,
          "cannot be removed (got null): the service documents no way to remove a setting",
        ),
      );
    else if (issue.rule !== "required" || issue.path === `${path}.webhookID`) issues.push(issue);
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return;
  const params = value as Record<string, unknown>;
  for (const name of READ_ONLY)
    if (params[name] !== undefined)
      issues.push(issueAt(`${path}.${name}`, "readOnly", "is set by the service, not by an edit"));
  if (SETTINGS.every((name) => params[name] === undefined))
    issues.push(
      issueAt(path, "minProperties", `names no setting to change (${SETTINGS.join(", ")})`),
    );
};
// (updateWebhook's refusal of the API key in a setting too, so that it comes before the read:
// read from it in a function, as a property read at module scope would keep this module, and
// updateWebhook's checks, in every program of the package, the receiver's too.)
const editCheck: OperationDescriptor = {
  id: "editWebhook",
  params: checkEdit,
  idempotent: false,
  keyFree: (input, apiKey) => updateWebhook.keyFree!(input, apiKey),
};

/**
 * Changes some of a webhook's settings and keeps the others: reads the webhook, lays the given
 * settings over its own, and sends them all back (updateWebhook's body is the complete settings,
 * so a setting left out of it may be lost: an `authHeader`, say). Resolves with the webhook as
 * edited, or as read when every given setting already had its value (then nothing is written and
 * no credits are spent): a list (`accountAddresses`, `transactionTypes`, `accountAddressOwners`)
 * has its value when it holds the same elements in any order, repeats aside, as the service
 * matches them, and is written without its repeats (so a list given once removes the repeats a
 * webhook holds). A setting given as `undefined` is left as it is. Runs after any other
 * change to the webhook made by these helpers in this process, through any client or rest, with
 * its id in any letter case (as {@link addWebhookAddresses} and {@link removeWebhookAddresses} do),
 * so two changes do not undo each other.
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
 * // The standalone form: the same params, given the rest.
 * await editWebhook(createWebhooksRest(), { webhookID, txnStatus: "all" });
 * ```
 *
 * @throws ValidationError for a malformed `webhookID` or setting, a setting given as `null`, a
 * read-only field (`wallet`, `project`, `active`), or no setting at all (nothing is sent); and
 * for a setting the webhook has stored that the write's checks refuse, an `http://` webhookURL
 * say (the webhook is read, nothing is written; give that setting to replace it)
 * @throws ConfigurationError when `webhooks` is neither a webhooks client nor a webhooks rest
 * (nothing is sent)
 */
export async function editWebhook(
  webhooks: WebhookEditor,
  params: EditWebhookInput,
  options?: RequestOptions,
): Promise<Webhook> {
  const editing = editingOf(webhooks);
  editing.check(editCheck, params, options);
  // A list given is written without its repeats (first occurrences, in the order given): the
  // service matches it as a set, as `alike` compares it, and a repeat would count against the
  // webhook's 100000 addresses.
  const changes = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      Array.isArray(value) ? [...new Set<unknown>(value)] : value,
    ]),
  ) as EditWebhookInput;
  return changeWebhook(editing, params.webhookID, () => changes, "", options);
}

/**
 * Adds `addresses` to the accounts a webhook watches, after the ones it watches already (in the
 * order given, without repeats). Resolves with the webhook as edited, or as read when every
 * address was already watched (then nothing is written and no credits are spent). Runs after any
 * other change to the webhook made by these helpers in this process, through any client or rest,
 * with its id in any letter case, so two changes do not undo each other.
 *
 * ```ts
 * const webhooks = createWebhooksClient();
 * await addWebhookAddresses(webhooks, { webhookID, addresses: [wallet] });
 * // The standalone form: the same params, given the rest.
 * await addWebhookAddresses(createWebhooksRest(), { webhookID, addresses: [wallet] });
 * ```
 *
 * @throws ValidationError for a malformed `webhookID` or address (nothing is sent); when the
 * list would pass the service's 100000 addresses, or a setting the webhook has stored is one the
 * write's checks refuse (an `http://` webhookURL, say: replace it with {@link editWebhook}), the
 * webhook is read, nothing is written
 * @throws ConfigurationError when `webhooks` is neither a webhooks client nor a webhooks rest
 * (nothing is sent)
 */
export function addWebhookAddresses(
  webhooks: WebhookEditor,
  params: WebhookAddressesInput,
  options?: RequestOptions,
): Promise<Webhook> {
  return changeAddresses(
    webhooks,
    params,
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
 * written and no credits are spent). Runs after any other change to the webhook made by these
 * helpers in this process, as {@link addWebhookAddresses} does.
 *
 * @throws ValidationError for a malformed `webhookID` or address (nothing is sent); when a setting
 * the webhook has stored is one the write's checks refuse, the webhook is read, nothing is written
 * @throws ConfigurationError when `webhooks` is neither a webhooks client nor a webhooks rest
 * (nothing is sent)
 */
export function removeWebhookAddresses(
  webhooks: WebhookEditor,
  params: WebhookAddressesInput,
  options?: RequestOptions,
): Promise<Webhook> {
  return changeAddresses(
    webhooks,
    params,
    (watched, given) => watched.filter((address) => !given.has(address)),
    options,
  );
}
