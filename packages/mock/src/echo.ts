/**
 * Answers that follow the request: where a result names what was asked (an asset id, an owner, a
 * webhook's settings), the mock's answer (an example, or generated data) is given the request's
 * value, and a list answering a list of inputs gets one entry per input, in its order. One table
 * (ECHOES) says which result field echoes which request value; nothing else of the answer changes,
 * so an answer stays valid where the echoed value is valid for its field (the table pairs fields
 * with params of the same schema, or says `only`). See README, "Answers that follow the request".
 */
import { fromBase58 } from "@chaindata/core";
import { isObject } from "./json.js";

/** The result field `to` takes the request's value at `from`. */
export interface FieldEcho {
  /**
   * A dotted path in the result. `key[]` steps into every item of that list, a number into that
   * item; the field is set where the object holding it exists (nothing is made up around it).
   */
  to: string;
  /**
   * A dotted path in the request (JSON-RPC: its `params`; REST: `path.<name>`, `query.<name>`,
   * `body.<path>`).
   */
  from: string;
  /** Echo only a value this matches (the field's schema is narrower than the param's). */
  only?: RegExp;
  /**
   * When the request has no such value (or `null`), the field is removed (an optional setting not
   * sent).
   */
  drop?: true;
}

/** The list at `list` answers the request's list at `from`: one entry per input, in its order. */
export interface ListEcho {
  /** A dotted path in the result; `""` the result itself. */
  list: string;
  /** A dotted path in the request; `""` the request itself (`params` sent as the list). */
  from: string;
  /**
   * The fields of an entry (dotted paths) and the value of its input each takes (`""` the input
   * itself).
   */
  each: Record<string, string>;
  /** Only the inputs this matches are echoed (another's entry is the answer's own, unchanged). */
  only?: RegExp;
  /**
   * The operation that answers one input alone (getAsset for getAssetBatch): in examples mode,
   * its examples' answers are entries too, for the inputs they name (knownEntries).
   */
  alone?: string;
}

/** The result field `to` takes a value made from the request, not copied from it. */
export interface DerivedEcho {
  /** A dotted path in the result; `""` the result itself. */
  to: string;
  /** The value, from the request; `undefined` leaves the answer's. */
  derive: (request: unknown) => unknown;
}

export type Echo = FieldEcho | ListEcho | DerivedEcho;

/**
 * An address (common.yaml#/Address): a wallet's identity carries one, never the domain asked for.
 */
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * A webhook's settings (webhook.yaml, CreateWebhookRequest and UpdateWebhookRequest) as the created
 * or edited webhook carries them.
 */
const WEBHOOK_SETTINGS: FieldEcho[] = [
  { to: "webhookURL", from: "body.webhookURL" },
  { to: "transactionTypes", from: "body.transactionTypes" },
  { to: "accountAddresses", from: "body.accountAddresses" },
  // required in a Webhook, optional in the request: the service's default is not documented
  { to: "webhookType", from: "body.webhookType" },
  { to: "accountAddressOwners", from: "body.accountAddressOwners", drop: true },
  { to: "authHeader", from: "body.authHeader", drop: true },
  { to: "encoding", from: "body.encoding", drop: true },
  { to: "txnStatus", from: "body.txnStatus", drop: true },
];

/**
 * A DAS page's keyset cursors (asset.yaml, AssetList): those of the request, echoed, none
 * otherwise.
 */
const KEYSET: FieldEcho[] = [
  { to: "before", from: "before", drop: true },
  { to: "after", from: "after", drop: true },
];

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** `bytes` as base58 text (a leading zero byte is a `1`). */
export function toBase58(bytes: Uint8Array): string {
  let n = 0n;
  for (const byte of bytes) n = n * 256n + BigInt(byte);
  let text = "";
  for (; n > 0n; n /= 58n) text = BASE58[Number(n % 58n)] + text;
  for (let i = 0; i < bytes.length && bytes[i] === 0; i++) text = "1" + text;
  return text;
}

// (Decoding is core's: the sender's transaction check reads base58 with the same function.)
export { fromBase58 };

/**
 * The first signature of the transaction `sendTransaction` was given (`[transaction, config]`, in
 * `config.encoding`), base58, as the Sender answers it: bytes 1 to 64 of a legacy or v0
 * transaction, whose first byte counts its signatures. Undefined for text of another layout (a
 * v1 transaction, whose first byte is 0x81, has its signatures after its message): the answer
 * keeps the example's.
 */
export function firstSignature(params: unknown): string | undefined {
  if (!Array.isArray(params) || typeof params[0] !== "string" || !isObject(params[1]))
    return undefined;
  const { encoding } = params[1];
  const bytes =
    encoding === "base58"
      ? fromBase58(params[0])
      : encoding === "base64"
        ? Buffer.from(params[0], "base64")
        : undefined;
  if (!bytes || bytes.length < 65 || bytes[0]! < 1 || bytes[0]! > 127) return undefined;
  return toBase58(bytes.subarray(1, 65));
}

/** Which result field echoes which request value, by JSON-RPC method or REST operationId. */
export const ECHOES: Record<string, Echo[]> = {
  // DAS (spec/openrpc/das.yaml)
  getAsset: [{ to: "id", from: "id" }],
  getAssetBatch: [{ list: "", from: "ids", each: { id: "" }, alone: "getAsset" }],
  getAssetsByOwner: [{ to: "items[].ownership.owner", from: "ownerAddress" }, ...KEYSET],
  getAssetsByAuthority: [
    { to: "items[].authorities.0.address", from: "authorityAddress" },
    ...KEYSET,
  ],
  // ZK compression (spec/openrpc/compression.yaml)
  getCompressedAccountsByOwner: [{ to: "value.items[].owner", from: "owner" }],
  getCompressedTokenAccountsByOwner: [
    { to: "value.items[].tokenData.owner", from: "owner" },
    { to: "value.items[].tokenData.mint", from: "mint" },
  ],
  getCompressedTokenAccountsByDelegate: [
    { to: "value.items[].tokenData.delegate", from: "delegate" },
    { to: "value.items[].tokenData.mint", from: "mint" },
  ],
  getMultipleNewAddressProofsV2: [
    { list: "value", from: "", each: { address: "address", merkleTree: "tree" } },
  ],
  // the sender (spec/openrpc/sender.yaml): the signature is the transaction's own
  sendTransaction: [{ to: "", derive: firstSignature }],
  // wallet (spec/openapi/wallet.yaml): a domain is not echoed (the example's identity answers it)
  getIdentity: [{ to: "address", from: "path.wallet", only: ADDRESS }],
  getBatchIdentity: [
    {
      list: "",
      from: "body.addresses",
      each: { address: "" },
      only: ADDRESS,
      alone: "getIdentity",
    },
  ],
  // webhooks (spec/openapi/webhooks.yaml)
  createWebhook: WEBHOOK_SETTINGS,
  getWebhook: [{ to: "webhookID", from: "path.webhookID" }],
  updateWebhook: [{ to: "webhookID", from: "path.webhookID" }, ...WEBHOOK_SETTINGS],
  // token metadata (spec/openapi/token-metadata.yaml)
  getTokenMetadata: [
    {
      list: "",
      from: "body.mintAccounts",
      each: {
        account: "",
        "onChainAccountInfo.accountInfo.key": "",
        "onChainMetadata.metadata.mint": "",
        "legacyMetadata.address": "",
      },
    },
  ],
};

/** One example of an operation: its request (as echoes read it) and its result. */
export interface ExampleExchange {
  /** JSON-RPC: the `params`; REST: `{ body }` (undefined: no request example of that name). */
  request: unknown;
  result: unknown;
}

/**
 * Per operation with a list echo, the entry the spec's examples give an input (by `inputKey`):
 * `null` for one an example says is not found (DAS).
 */
export type KnownEntries = Map<string, Map<string, unknown>>;

/**
 * The key (one no input has: inputKey writes JSON) of a batch's stand-in, the entry an input no
 * example answers is made from: what the operation of one input answers by default (its first
 * example), given the input.
 */
export const STAND_IN = "(stand-in)";

/** A text that is the same for equal inputs (an object's members in any order). */
export function inputKey(input: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : isObject(v)
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted(v[k])]),
          )
        : v;
  return JSON.stringify(sorted(input)) ?? "undefined";
}

/** The input an entry of a list echo names (its fields `each` fills), if it names one. */
function inputNamed(echo: ListEcho, entry: unknown): unknown {
  if (!isObject(entry)) return undefined;
  const fields = Object.entries(echo.each);
  const whole = fields.find(([, from]) => from === "");
  if (whole) {
    const value = get(entry, whole[0]);
    return typeof value === "string" && (!echo.only || echo.only.test(value)) ? value : undefined;
  }
  const input = Object.fromEntries(fields.map(([field, from]) => [from, get(entry, field)]));
  return Object.values(input).every((v) => v !== undefined) ? input : undefined;
}

/**
 * The entries the spec's examples give the inputs of each list echo, so that in examples mode an
 * input an example answers gets that answer, not another example's under its name (the BONK id
 * in a getAssetBatch is BONK, not the batch example's NFT). First found wins, in this order: the
 * operation's own pairings, input by input (an input that is not found: `null`); the answers of
 * the operation that takes one input (`alone`), by what they name; the operation's own entries,
 * by what they name. With `alone`, a stand-in (STAND_IN) for the other inputs, and the entries
 * found (not the `null`s) answer `alone` too.
 */
export function knownEntries(
  exchanges: Map<string, ExampleExchange[]>,
  echoes: Record<string, Echo[]> = ECHOES,
): KnownEntries {
  const known: KnownEntries = new Map();
  for (const [operation, list] of Object.entries(echoes))
    for (const echo of list) {
      if (!("list" in echo)) continue;
      const byInput = new Map<string, unknown>();
      const add = (input: unknown, entry: unknown) => {
        const key = inputKey(input);
        if (input !== undefined && !byInput.has(key)) byInput.set(key, entry);
      };
      const own = exchanges.get(operation) ?? [];
      for (const { request, result } of own) {
        const inputs = get(request, echo.from);
        const entries = get(result, echo.list);
        if (Array.isArray(inputs) && Array.isArray(entries) && inputs.length === entries.length)
          inputs.forEach((input, i) => add(input, entries[i]));
      }
      const alone = exchanges.get(echo.alone ?? "") ?? [];
      for (const { result } of alone) add(inputNamed(echo, result), result);
      for (const { result } of own) {
        const entries = get(result, echo.list);
        if (Array.isArray(entries)) for (const e of entries) add(inputNamed(echo, e), e);
      }
      // (The operation of one input answers it as the batch does, where the spec has an answer.)
      const found = [...byInput].filter(([, entry]) => isObject(entry));
      if (echo.alone && found.length && !known.has(echo.alone))
        known.set(echo.alone, new Map(found));
      if (isObject(alone[0]?.result)) byInput.set(STAND_IN, alone[0].result);
      if (byInput.size) known.set(operation, byInput);
    }
  return known;
}

/**
 * `result` (the answer to `operation`, not changed) with the values of `request` its echoes name.
 * `known` (examples mode: knownEntries) first: the answer to one input it has is that entry
 * (getAsset of the BONK id: BONK), and a list echo gives an input the entry it has; else a list
 * echo builds an entry from the list's objects in turn (a `null` entry, DAS's "not found", names
 * no id to give); with none, each input gets `null`, or the list stays as it is when it is empty.
 */
export function echoRequest(
  operation: string,
  request: unknown,
  result: unknown,
  echoes: Record<string, Echo[]> = ECHOES,
  known?: KnownEntries,
): unknown {
  let out = result;
  const given = known?.get(operation);
  const single = (echoes[operation] ?? []).find((e): e is FieldEcho => "to" in e && "from" in e);
  const key = single && inputKey(get(request, single.from));
  if (given && key !== undefined && given.has(key)) out = structuredClone(given.get(key));
  for (const echo of echoes[operation] ?? []) {
    if ("derive" in echo) {
      const value = echo.derive(request);
      if (value !== undefined) out = echo.to ? put(out, echo.to.split("."), value) : value;
      continue;
    }
    if ("list" in echo) {
      const inputs = get(request, echo.from);
      const list = get(out, echo.list);
      if (!Array.isArray(inputs) || !Array.isArray(list) || !list.length) continue;
      // (In examples mode an input no example answers gets the answer of the operation of one
      // input, so that a batch of one id answers as the call of that id does.)
      const templates = given?.has(STAND_IN) ? [given.get(STAND_IN)] : list.filter(isObject);
      // (An input `only` refuses, a name-service domain, is not echoed: its entry is the
      // template's as it is, an identity the domain "resolves" to, as getIdentity answers one.)
      const entries = inputs.map((input, i) => {
        if (given) {
          const key = inputKey(input);
          if (given.has(key)) return structuredClone(given.get(key));
        }
        if (!templates.length) return null;
        const template = templates[i % templates.length];
        if (echo.only && !(typeof input === "string" && echo.only.test(input))) return template;
        return Object.entries(echo.each).reduce<unknown>((entry, [field, from]) => {
          const value = get(input, from);
          return value == null ? entry : put(entry, field.split("."), value);
        }, template);
      });
      out = echo.list ? put(out, echo.list.split("."), entries) : entries;
      continue;
    }
    // `null` asks for nothing (compression's `mint: null`: any mint)
    const value = get(request, echo.from) ?? undefined;
    if (value === undefined ? !echo.drop : echo.only && !echo.only.test(String(value))) continue;
    out = put(out, echo.to.split("."), value);
  }
  return out;
}

/** Whether the answer has no object to build the entries of a list echo from (only `null`s). */
export function lacksEntries(
  operation: string,
  result: unknown,
  echoes: Record<string, Echo[]> = ECHOES,
): boolean {
  return (echoes[operation] ?? []).some((echo) => {
    const list = "list" in echo ? get(result, echo.list) : undefined;
    return Array.isArray(list) && list.length > 0 && !list.some(isObject);
  });
}

/** The value at a dotted path (`""`: `value` itself). */
function get(value: unknown, path: string): unknown {
  if (!path) return value;
  return path
    .split(".")
    .reduce<unknown>(
      (v, key) => (isObject(v) || Array.isArray(v) ? (v as any)[key] : undefined),
      value,
    );
}

/**
 * A copy of `value` with the field at `path` set to `to` (removed for `undefined`), copying only
 * the objects along it; where a step is missing, `value` unchanged.
 */
function put(value: unknown, path: string[], to: unknown): unknown {
  const [step, ...rest] = path as [string, ...string[]];
  const each = step.endsWith("[]");
  const key = each ? step.slice(0, -2) : step;
  if (Array.isArray(value)) {
    const i = Number(key);
    if (!/^\d+$/.test(key) || i >= value.length) return value;
    const copy = [...value];
    copy[i] = rest.length ? put(value[i], rest, to) : to;
    return copy;
  }
  if (!isObject(value)) return value;
  const copy: Record<string, unknown> = { ...value };
  if (each) {
    const items = value[key];
    if (!Array.isArray(items)) return value;
    copy[key] = items.map((item) => (rest.length ? put(item, rest, to) : to));
  } else if (rest.length) {
    if (!(key in value)) return value;
    copy[key] = put(value[key], rest, to);
  } else if (to === undefined) delete copy[key];
  else copy[key] = to;
  return copy;
}

/**
 * The path parameters of `pathname` by the operation's path `template`
 * (`/v0/webhooks/{webhookID}`).
 */
export function pathParams(template: string, pathname: string): Record<string, string> {
  const names = template.split("/");
  const values = pathname.split("/");
  const params: Record<string, string> = {};
  if (names.length !== values.length) return params;
  names.forEach((name, i) => {
    const param = /^\{(.+)\}$/.exec(name)?.[1];
    if (!param) return;
    try {
      params[param] = decodeURIComponent(values[i]!);
    } catch {
      params[param] = values[i]!; // (Prism routed it: a `%` that starts no escape stays as sent)
    }
  });
  return params;
}
