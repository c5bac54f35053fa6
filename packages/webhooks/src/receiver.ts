// Receiving webhook deliveries: the service POSTs a JSON array of events to the
// webhook's URL with `Authorization: <authHeader>`, expects a 200, retries a failed
// delivery (up to 3 times, a minute apart) and may deliver an event more than once.
// This module checks the header in constant time, parses the body into typed events
// (u64 amounts as bigint) and drops events whose signature it has already handled.
import {
  callQuietly,
  ConfigurationError,
  knownOptions,
  MAX_TIMER_MS,
  messageValue,
  misconfigured,
  parseJson,
  quoteServer,
  reviveU64,
  typeOf,
  type U64Shape,
} from "@chaindata/core";
import { webhookDeliveries } from "./generated/operations.js";
import { trimAuthHeader } from "./header-value.js";
import type { EnhancedTransactionEvent, RawTransactionEvent } from "./generated/types.js";

/** The delivery kinds that reach your endpoint (discord webhooks post to Discord instead). */
export type DeliveryKind = "enhanced" | "raw";
/** The event type of each delivery kind. */
export interface DeliveryEvents {
  /** A parsed transaction, as `enhanced` and `enhancedDevnet` webhooks deliver them. */
  enhanced: EnhancedTransactionEvent;
  /** A transaction in the chain's own format, as `raw` and `rawDevnet` webhooks deliver them. */
  raw: RawTransactionEvent;
}

/**
 * Remembers which signatures were handled, so an at-least-once delivery is processed once.
 * `has` and `add` serve one process; a store shared by several (instances that come and go) also
 * needs `claim` and `release`, which make the check and the write one atomic step, so that two
 * instances given the same delivery at once run `onEvent` once. With Redis: `claim` is
 * `SET key token NX PX ttlMs`, `add` is `SET key done PX ttlMs`, and `release` deletes the key only
 * while it still holds the token (a compare-and-delete script).
 */
export interface SignatureStore {
  /** True when `signature` was already recorded. Not called when the store has `claim`. */
  has(signature: string): boolean | Promise<boolean>;
  /**
   * Records `signature` as handled, for `ttlMs`: called once `onEvent` has returned for its event
   * (with `claim`, this turns the claim into the record). The handler always passes `ttlMs`: 24
   * hours, which covers the service's redeliveries (3, a minute apart) with room to spare; a store
   * may keep it longer or shorter (the memory store keeps its own `ttlMs`).
   */
  add(signature: string, ttlMs?: number): void | Promise<void>;
  /**
   * Records `signature` as being handled unless the store holds it already, in one atomic step:
   * true when this caller got it (and then runs `onEvent`), false when another delivery handled
   * it or is handling it (its event is skipped). Optional; when present, `release` is required
   * and `has` is not called. `ttlMs` is how long the claim stands if it is neither turned into a
   * record (`add`) nor released: the handler's `handlerTimeoutMs` (24 hours when that is
   * Infinity), so the claim of an instance that died mid-event is gone before the service's next
   * retry, a minute later. `token` is this claim's own, unique: the store keeps it as the claim's
   * value, for `release`.
   */
  claim?(signature: string, ttlMs: number, token: string): boolean | Promise<boolean>;
  /**
   * Drops the claim of a signature whose handling failed or ran out of time, so that a redelivery
   * can claim it again: only while the store still holds that claim's `token` for it. (An
   * `onEvent` that ran out of time may still complete and `add` the signature, and a redelivery
   * that claimed it meanwhile and then failed must not delete that record.) Required with
   * `claim`; if it fails, the claim still ends after its `ttlMs`.
   */
  release?(signature: string, token: string): void | Promise<void>;
}

/**
 * The options of {@link createWebhookHandler}: `authHeader` and `onEvent`, `kind` (required when
 * the events are typed as raw), and optionally `onError`, `dedupe`, `maxBodyBytes` and
 * `readTimeoutMs`. `K` is the kind the events are typed as; left out, or `never` (as an editor
 * shows it), it stands for `kind` left out, which types them as enhanced, the kind the handler
 * then reads them as: options written before the call are `WebhookHandlerOptions` for enhanced
 * events, `WebhookHandlerOptions<"raw">` for raw ones. `E` is the type
 * `onEvent`'s parameter is annotated with (the kind's events when it is not): one that takes raw
 * events and not enhanced ones needs `kind: "raw"`, and one that does not take the kind's events
 * is refused.
 */
export type WebhookHandlerOptions<
  K extends DeliveryKind = never,
  E = DeliveryEvents[[K] extends [never] ? "enhanced" : K],
> = WebhookHandlerCommonOptions<
  [K] extends [never] ? "enhanced" : K,
  // (E, inferred from `onEvent`'s annotation, where it takes the kind's events; else the kind's
  // events, so that the error says which `onEvent` must take. With `kind` left out, raw events
  // are taken too: the `kind: "raw"` below is then what is missing, and the one error.)
  [K] extends [never]
    ? EnhancedTransactionEvent extends E
      ? E
      : RawTransactionEvent extends E
        ? E
        : EnhancedTransactionEvent
    : DeliveryEvents[K] extends E
      ? E
      : DeliveryEvents[K]
> &
  // (`kind` left out is `never`, not "enhanced": an editor completes `kind: "` from these options
  // with K at its default, and a `kind?: "enhanced"` there would offer that kind alone; a `kind`
  // that allows no kind makes it infer K from the text typed instead, which widens K to every kind.
  // Required when the events are typed as raw: the parser must not read them as enhanced. One
  // signature, not an overload for raw events: a call that matches no overload is told why each
  // failed, the enhanced one's first.)
  ([K] extends [never]
    ? EnhancedTransactionEvent extends E
      ? WebhookHandlerKindLeftOut
      : RawTransactionEvent extends E
        ? {
            /**
             * The webhook's type: `enhanced` (and `enhancedDevnet`) or `raw` (and `rawDevnet`).
             * `onEvent` takes raw events: `"raw"`.
             */
            kind: "raw";
          }
        : WebhookHandlerKindLeftOut
    : "enhanced" extends K
      ? {
          /**
           * The webhook's type: `enhanced` (and `enhancedDevnet`) or `raw` (and `rawDevnet`).
           * @default "enhanced"
           */
          kind?: K | undefined;
        }
      : {
          /** The webhook's type: `enhanced` (and `enhancedDevnet`) or `raw` (and `rawDevnet`). */
          kind: K;
        });

/**
 * The `kind` of {@link WebhookHandlerOptions} left out (`WebhookHandlerOptions<never>`): the
 * events are typed as enhanced, the kind the handler then reads them as.
 */
// (A type literal, not an interface: an editor shows the member as `kind?: undefined`, where an
// interface's would be `WebhookHandlerKindLeftOut.kind?: undefined`.)
export type WebhookHandlerKindLeftOut = {
  /**
   * The webhook's type: `enhanced` (and `enhancedDevnet`) or `raw` (and `rawDevnet`).
   * @default "enhanced"
   */
  kind?: undefined;
};

/**
 * The options of {@link createWebhookHandler} other than `kind`. `E` is the type `onEvent` and
 * `onError` take: the kind's events unless `onEvent`'s parameter is annotated.
 */
export interface WebhookHandlerCommonOptions<K extends DeliveryKind, E = DeliveryEvents[K]> {
  /**
   * The `authHeader` the webhook was created with; every delivery must carry exactly this
   * `Authorization` value. Spaces, tabs and line breaks at either end are ignored (HTTP strips them
   * from header values, and a secret read from a file often ends in a newline).
   *
   * A list accepts any of its values, for rotating the secret without failed deliveries: deploy
   * `[OLD, NEW]`, change the webhook's `authHeader` to `NEW` (`editWebhook`), then deploy `NEW`
   * alone. Each value is compared in constant time, and all of them every time, so the time taken
   * does not say which one came close.
   *
   * Refused at creation: a value with a control character inside (other than tab), which no
   * header can carry, and one over 8192 bytes (Node answers 431 to headers over 16 KB in all,
   * before the handler runs, and without telling `onRefused`).
   */
  authHeader: string | readonly string[];
  /**
   * Called once per new event: an `EnhancedTransactionEvent` with `kind` left out, a
   * `RawTransactionEvent` with `kind: "raw"` (a raw webhook's handler needs it: its events have
   * `transaction` and `meta`). In delivery order, one at a time within a delivery: the next event's
   * call starts once this one has returned, so a batching client (`createBatcher`) groups the calls
   * one event makes at once, never two events of one delivery. (Deliveries are not queued: two that
   * arrive together run at once, their calls overlapping.) A throw answers 500, so the service
   * delivers again (up to 3 times, a minute apart, then it drops the delivery): the events after
   * the one that threw wait for that redelivery, and the ones before it are skipped then
   * (de-duplicated). An event that throws every time takes the events after it in its delivery
   * down with it. The
   * error goes to `onError`. Give the calls it makes (a database, an HTTP API) their own time
   * limits: past `handlerTimeoutMs`, the handler answers 500 without waiting for it.
   */
  onEvent(event: E): void | Promise<void>;
  /**
   * Called with the error and the event when handling an event fails (`onEvent` threw, or the
   * `dedupe` store did), before the 500 is answered: without it, a failing handler would only
   * show as the service's redeliveries. Whatever it throws (or, if async, rejects with) is ignored.
   * @default logs the event's signature and the error with `console.error`
   */
  onError?: ((error: unknown, event: E) => void) | undefined;
  /**
   * Called when a delivery is refused before its events are handled, with the status answered and
   * why (never the header or the body): without it, an `authHeader` that differs from the
   * webhook's, or a `maxBodyBytes` smaller than its deliveries, would only show as the service's
   * failed deliveries, which it drops after its retries. Not called for a request of another
   * method than POST (405), which is no delivery: a browser, a health check. Whatever it throws
   * (or, if async, rejects with) is ignored.
   * @default logs the status and the reason with `console.warn`
   */
  onRefused?: ((refusal: DeliveryRefusal) => void) | undefined;
  /**
   * De-duplication by signature: a store, or `false` to see every delivery. One store per webhook:
   * a transaction that two webhooks deliver (an enhanced and a raw one, or two watching accounts it
   * both touches) has one signature, so the handler of the second would skip it as seen. The
   * default store is per process: lost on a restart, and not shared by other instances, where a
   * store with `claim()` (such as one on Redis) makes each event run once.
   * @default an in-memory store of the last 10,000 signatures, each kept at most 24 hours
   *   (`createMemorySignatureStore()`)
   */
  dedupe?: SignatureStore | false | undefined;
  /**
   * Largest body accepted, in bytes; larger answers 413. A gzip or deflate body
   * (`Content-Encoding`) is held to it as received and as decoded, so a small body that decodes
   * to gigabytes is refused as it decodes.
   * @default 10_485_760 (10 MiB)
   */
  maxBodyBytes?: number | undefined;
  /**
   * How long the whole body may take to arrive, in milliseconds, from when the handler starts
   * reading it; later answers 408 and reading stops. Without it, a sender gone silent mid-body
   * holds the connection until the server's own timeout (300 s in Node). `Infinity`: no limit.
   * `Bun.serve` closes a stalled request at its `idleTimeout`, 10 s by default, before this runs
   * out: the sender then gets no answer, and `onRefused` a 400 (`could not be read`); for the 408,
   * give `Bun.serve` an `idleTimeout` over this, or this a value under that.
   * @default 30_000 (30 s)
   */
  readTimeoutMs?: number | undefined;
  /**
   * How long the handling of a delivery's events may take, in milliseconds, from when the first one
   * starts: an `onEvent` (or `dedupe` store call) still running then is no longer waited for. The
   * delivery is answered 500, `onError` gets an error named `TimeoutError` that names the event's
   * signature, and the signature is released, so that the service's redelivery runs the event
   * again. Without a limit, an `onEvent` that never settles (a call with no timeout of its own)
   * holds its signature for good: every redelivery waits behind it, unanswered, until the service
   * drops the delivery and the events after it. The `onEvent` left running is not stopped (on Node,
   * Deno and Bun): if it still completes, its signature is then recorded in the `dedupe` store (so
   * a later redelivery skips it), and a redelivery that came in between may have run it too;
   * whatever it throws then is ignored. On Workers (workerd) the runtime cancels it once the 500 is
   * answered (a request's pending work ends with its response, and this handler has no
   * `ctx.waitUntil`): it never completes, and the redelivery runs the event again. 30 s keeps an
   * answer within the time senders commonly wait, and frees the signature well before the service's
   * next retry, a minute later. `Infinity`: no limit.
   * @default 30_000 (30 s)
   */
  handlerTimeoutMs?: number | undefined;
}

/** A delivery {@link createWebhookHandler} refused, as its `onRefused` gets it. */
export interface DeliveryRefusal {
  /**
   * The status answered: 401 (`Authorization` missing or not the `authHeader`), 415 (a
   * `Content-Encoding` other than gzip or deflate, or one of those where the runtime cannot decode
   * it: no `DecompressionStream`, or one that throws, as on Next.js's edge runtime), 413 (a body
   * over `maxBodyBytes`, as received or decoded), 408 (a body not all arrived within
   * `readTimeoutMs`), 400 (a request the Node adapter could not read, such as a header value with a
   * NUL byte, once the `Authorization` is right: a NUL in that one is a 401; or a body that could
   * not be read or decoded, or is not a UTF-8 JSON array of events, or holds an amount that is no
   * whole number in its range: a u64 `fee` of `1.5`, an i64 change past 2^63 - 1), or 500 (a body
   * the app read, or locked, before the handler ran).
   */
  status: 400 | 401 | 408 | 413 | 415 | 500;
  /** Why, in words: the answer's text, or for a 401 whether the header was missing or differed. */
  reason: string;
}

/** The options of {@link createMemorySignatureStore}. */
export interface MemorySignatureStoreOptions {
  /**
   * How many signatures are remembered; past it, the oldest is forgotten. Size it to the events a
   * redelivery can trail behind: the service retries for about 3 minutes, so 10,000 covers up to
   * about 55 events a second; at 200 a second, `40_000`. A whole number ≥ 1 (0 would never
   * de-duplicate, and NaN would never forget).
   * @default 10_000
   */
  maxEntries?: number | undefined;
  /**
   * How long a signature is remembered, in milliseconds (sooner forgotten when `maxEntries` newer
   * ones came). The service redelivers a failed delivery up to 3 times, a minute apart: a day
   * covers that with room to spare, and costs no more memory than `maxEntries` allows.
   * `Infinity`: forgotten by count only. A number > 0 (0 or NaN would never de-duplicate).
   * @default 86_400_000 (24 hours)
   */
  ttlMs?: number | undefined;
}

/**
 * An in-memory signature store that forgets the oldest entries beyond `maxEntries`, and any entry
 * older than `ttlMs`: `dedupe: createMemorySignatureStore({ maxEntries: 40_000 })` for a webhook
 * of 200 events a second.
 * @throws ConfigurationError naming the option and the rule: options that are not an object (a
 * number alone: the message says to write `{ maxEntries }`), an unknown option name (a typo would
 * keep the default), a `maxEntries` that is not a whole number ≥ 1, or a `ttlMs` that is not a
 * number > 0
 */
export function createMemorySignatureStore(
  options: MemorySignatureStoreOptions = {},
): SignatureStore {
  // (A second argument, as in `(undefined, { ttlMs })`, would otherwise be dropped without a word.)
  if (arguments.length > 1)
    misconfigured(
      "options",
      `must be the only argument: write createMemorySignatureStore({ maxEntries, ttlMs }) (got ${arguments.length} arguments)`,
    );
  if (typeof options === "number")
    misconfigured(
      "options",
      `must be an object of signature store options: write createMemorySignatureStore({ maxEntries: ${messageValue(options)} }), not createMemorySignatureStore(${messageValue(options)})`,
    );
  if (options != null && typeof options !== "object")
    misconfigured(
      "options",
      `must be an object of signature store options, such as { maxEntries: 10000, ttlMs: 86400000 } (got ${typeof options})`,
    );
  // (`null` reads as "no options", as `undefined` does. A misspelt name, such as `ttl`, would
  // otherwise keep the default without a word.)
  options ??= {};
  knownOptions(options, ["maxEntries", "ttlMs"], "signature store");
  const { maxEntries = 10_000, ttlMs = 24 * 60 * 60 * 1000 } = options;
  if (!(Number.isInteger(maxEntries) && maxEntries >= 1))
    misconfigured("maxEntries", `must be a whole number >= 1 (got ${messageValue(maxEntries)})`);
  if (!(typeof ttlMs === "number" && ttlMs > 0))
    misconfigured(
      "ttlMs",
      `must be a number of milliseconds > 0, or Infinity to forget by count only (got ${messageValue(ttlMs)})`,
    );
  // The signatures in the order added, oldest first from `head`, with when each was added; `at`
  // holds where each remembered one stands (`base` + its place, which stays its number when the
  // forgotten front is dropped). Forgetting takes entries from the front, so an event costs the
  // same whatever `maxEntries` is. (A Map alone, forgetting from its front, costs time in the
  // entries deleted there since its last rehash: 108 µs an event at 100,000 entries, not 1.)
  // A signature added again gets a new place at the end; its old one is dead, skipped at the front.
  let order: string[] = [];
  let times: number[] = [];
  let base = 0;
  let head = 0;
  const at = new Map<string, number>();
  const forget = (now: number) => {
    for (; head < order.length; head++) {
      const live = at.get(order[head]!) === base + head;
      if (live && at.size <= maxEntries && now - times[head]! < ttlMs) break;
      if (live) at.delete(order[head]!);
    }
    // Copies, each after at least as many entries were forgotten or died as it copies: constant
    // time per event in the long run. The front, once it is half the entries:
    if (head > 64 && head * 2 > order.length) {
      order = order.slice(head);
      times = times.slice(head);
      base += head;
      head = 0;
    }
    // And the dead entries behind a live one (signatures added again, that one never forgotten).
    if (order.length - head > 2 * at.size + 64) {
      const [kept, keptTimes] = [[] as string[], [] as number[]];
      for (let i = head; i < order.length; i++)
        if (at.get(order[i]!) === base + i) {
          at.set(order[i]!, base + order.length + kept.length);
          kept.push(order[i]!);
          keptTimes.push(times[i]!);
        }
      [order, times, base, head] = [kept, keptTimes, base + order.length, 0];
    }
  };
  // (A monotonic clock: a wall-clock change must not forget every signature at once.)
  return {
    has(signature) {
      forget(performance.now());
      return at.has(signature);
    },
    add(signature) {
      const now = performance.now();
      at.set(signature, base + order.length);
      order.push(signature);
      times.push(now);
      forget(now);
    },
  };
}

// Made per use, not at import: an environment without them (Jest's jsdom) can still load the
// package.
const encode = (text: string) => new TextEncoder().encode(text);
const decodeUtf8 = (bytes: Uint8Array) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);

/** True when `x` and `y` hold the same bytes, in time that depends only on `x.length`. */
const sameBytes = (x: Uint8Array, y: Uint8Array) => {
  let diff = x.length ^ y.length;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ (y[i % (y.length || 1)] ?? 0);
  return diff === 0;
};

/**
 * Compares two strings in time that depends only on their lengths, not on where they differ,
 * so the secret cannot be guessed byte by byte from response times.
 * @throws TypeError when `a` or `b` is not a string (an unset header or environment variable)
 */
export function safeEqual(a: string, b: string): boolean {
  // TextEncoder reads undefined as "" and null as "null": an absent `Authorization` compared with
  // an unset secret (`process.env.WEBHOOK_AUTH`) would be equal, and let every request in.
  for (const [name, value] of [
    ["a", a],
    ["b", b],
  ] as const)
    if (typeof value !== "string")
      throw new TypeError(`safeEqual: ${name} must be a string (got ${typeOf(value)})`);
  return sameBytes(encode(a), encode(b));
}

/**
 * The forms a configured `authHeader` can arrive in. Header values are byte strings: a sender
 * that writes the value as UTF-8 bytes (the service, curl) arrives as one character per byte
 * (how Node and the `Headers` class read header bytes), while an in-process `Request` keeps the
 * string as given. For ASCII secrets both forms are the same.
 */
const authForms = (secret: string) => [
  ...new Set([secret, String.fromCharCode(...encode(secret))]),
];

/**
 * The signature an event is de-duplicated by (a raw event's first), or `undefined` when it has
 * none. An empty string is none: de-duplicating by it would drop every other such event.
 */
export function eventSignature(
  event: EnhancedTransactionEvent | RawTransactionEvent,
): string | undefined {
  const own: unknown = (event as { signature?: unknown }).signature;
  const signatures: unknown = (event as RawTransactionEvent).transaction?.signatures;
  const signature =
    typeof own === "string" ? own : Array.isArray(signatures) ? signatures[0] : undefined;
  return typeof signature === "string" && signature !== "" ? signature : undefined;
}

/**
 * An event's signature as a message or log line shows it: the delivery's text, so each control
 * or bidi character escaped (a line break would forge a log line, an ANSI escape recolour the
 * terminal) and cut past 100 characters (a signature has at most 88), as core quotes a server's.
 */
const shownSignature = (event: EnhancedTransactionEvent | RawTransactionEvent) => {
  const signature = eventSignature(event);
  if (signature === undefined) return "(no signature)";
  return quoteServer(signature, 100);
};

/**
 * The rule of `kind`, as a refusal of `value` says it. A webhook type given for its kind
 * (`enhancedDevnet`, the likely mistake) is quoted with the kind it stands for: such a value is no
 * secret, while `messageValue` hides a long string, which may be one.
 */
const kindRule = (value: unknown) => {
  const type = typeof value === "string" && /^(enhanced|raw)devnet$/i.exec(value);
  return `must be "enhanced" or "raw" (got ${type ? `"${value}", a webhook type: its kind is "${type[1]!.toLowerCase()}"` : messageValue(value)})`;
};

/**
 * Parses a delivery body (a JSON array of events, as text or UTF-8 bytes such as
 * `express.raw()` leaves) into typed events, u64 and i64 values as bigint.
 * @throws TypeError naming the rule when the body is not such an array, not UTF-8, or not text or
 * bytes at all (a body already parsed by `JSON.parse`, whose u64 amounts are rounded), or when a
 * value the event's type makes a `bigint` is no whole number in its range, naming its path: a u64
 * from 0 to 2^64 - 1, an i64 (a balance change) from -2^63 to 2^63 - 1 (`delivery body[0].fee:
 * must be a whole number from 0 to 2^64 - 1 (got 1.5)`; digits in a string pass, `null` does not),
 * or when an event's signature (as `eventSignature` reads it: a raw event's own string, else its
 * transaction's first, `transaction.signatures[0]`), which its type promises and de-duplication
 * goes by, is no non-empty string (`delivery body[1].signature: must be a non-empty string (got
 * 5)`)
 * @throws ConfigurationError when `kind` is not `"enhanced"` or `"raw"`, or an event is of the
 *   other kind (a raw event parsed as enhanced, or the reverse: the message names the `kind` it
 *   needs)
 */
export function parseDelivery<K extends DeliveryKind>(
  body: string | Uint8Array,
  kind: K,
): DeliveryEvents[K][] {
  // (Any other kind has no u64 shape: fees and amounts would stay numbers, typed as bigint.)
  if (kind !== "enhanced" && kind !== "raw")
    throw new ConfigurationError(`kind: ${kindRule(kind)}`);
  // (A byte order mark, which decoding the bytes drops: read as text, as with readFileSync(file,
  // "utf8"), it would make the body "not JSON".)
  if (typeof body === "string") body = body.replace(/^\uFEFF/, "");
  else {
    // (A parsed array would otherwise be read as the text "[object Object]": "must be JSON".)
    if (!(body instanceof Uint8Array))
      throw new TypeError(
        `delivery body: must be the body's text or bytes (got ${body === null ? "null" : typeof body}): a body already parsed by JSON.parse has its u64 amounts rounded`,
      );
    try {
      body = decodeUtf8(body);
    } catch {
      throw new TypeError("delivery body: must be UTF-8");
    }
  }
  const events = parseEvents(body);
  events.forEach((event, i) => {
    const why = wrongKind(event, kind);
    if (why) throw new ConfigurationError(`delivery body[${i}]: ${why}`);
  });
  return reviveEvents(events, kind);
}

/** The events of a delivery body, not yet revived: {@link parseDelivery}'s first step. */
function parseEvents(body: string): object[] {
  let value: unknown;
  try {
    value = parseJson(body);
  } catch {
    throw new TypeError("delivery body: must be JSON");
  }
  if (!Array.isArray(value)) throw new TypeError("delivery body: must be a JSON array of events");
  value.forEach((event, i) => {
    if (event === null || typeof event !== "object" || Array.isArray(event))
      throw new TypeError(`delivery body[${i}]: must be an event object`);
  });
  return value as object[];
}

/**
 * Checks one value of a delivery that its shape marks as a u64 (`1`) or an i64 (`2`), once
 * revived: it must be a whole number in its range (a bigint by then: digits in a string too), or
 * a TypeError names it, `delivery body[0].fee: must be a whole number from 0 to 2^64 - 1 (got
 * 1.5)`. `null` is refused too, as core's check refuses it in an answer: webhook-events.yaml
 * types no u64 or i64 of a delivery nullable (one that may be missing is optional, and then
 * absent), and a null would reach `onEvent` under a `bigint` type. So are an object and a list
 * (`"fee": [1]`): one would reach `onEvent` typed as a `bigint`. A value the shape marks as a
 * list of them (`3` or `4`: `preBalances`) must be a list (`delivery body[0].meta.preBalances:
 * must be a list (got 5)`), each element then checked as `1` or `2` (so a list inside it is
 * refused: no u64 field is a list of lists).
 * The rule of core's `checkU64`, which calls use; the receiver has its own because core exports
 * neither it nor the form of `reviveU64` that takes a check (both are for core's calls: exported,
 * they would join the public API of core and of every area package that re-exports `reviveU64`),
 * and because a bad body is a TypeError here, where a call's answer fails with a RangeError that
 * becomes an `InvalidResponseError`. A string is not quoted (`onRefused` is never told the body),
 * and a number is cut to its first 40 digits.
 */
const checkInteger = (value: unknown, shape: U64Shape | undefined, path: string) => {
  // (Shapes 2 and 4 are i64; an object shape is NaN, 0 a float and undefined nothing: unchecked.)
  const low = (shape as number) % 2 ? 0n : -(2n ** 63n);
  if (
    (shape as number) > 2
      ? !Array.isArray(value)
      : (shape as number) > 0 &&
        !(typeof value === "bigint" && value >= low && value < low + 2n ** 64n)
  ) {
    throw new TypeError(
      `${path}: must be ${(shape as number) > 2 ? "a list" : `a whole number from ${low ? "-2^63 to 2^63" : "0 to 2^64"} - 1`} (got ${shownValue(
        value,
        // (Not "not digits": a string of 1,001 digits stays a string too.)
        "a string not of 1 to 1,000 digits",
      )})`,
    );
  }
};

/**
 * A delivery's wrong value as a refusal shows it: a string never (`onRefused` is never told the
 * body) but as `aString` says, a list or object by its kind, anything else cut to 40 characters.
 */
const shownValue = (value: unknown, aString: string) => {
  const shown =
    typeof value === "string"
      ? aString
      : Array.isArray(value)
        ? "a list"
        : value && typeof value === "object"
          ? "an object"
          : String(value);
  return shown.length > 40 ? `${shown.slice(0, 40)}…` : shown;
};

/**
 * Core's `reviveU64` in the form its calls use, which gives each value the shape marks to a check
 * with its path from `name`: in core's build, not in its declarations (stripped, as internal).
 */
const reviveChecked = reviveU64 as unknown as <T>(
  value: T,
  shape: U64Shape | undefined,
  name: string,
  check: typeof checkInteger,
) => T;

/**
 * The events of `kind`, their signatures checked and their u64 and i64 values revived to bigint
 * and checked.
 * @throws TypeError naming the first signature that is no non-empty string, or the first value
 * that is no whole number in its range
 */
const reviveEvents = <K extends DeliveryKind>(events: object[], kind: K) => {
  // De-duplication goes by the signature, which the event's type promises as a string: one that is
  // none (`"signature": 5`, "", or missing) would reach onEvent typed as a string, never
  // de-duplicated. (The other fields are the app's to read: checking them all would cost bytes.)
  events.forEach((event, i) => {
    // (eventSignature's own test, which de-duplication goes by: a test of its own, by the kind
    // alone, let a raw event's own `""` pass, never de-duplicated.)
    if (!eventSignature(event as DeliveryEvents[K])) {
      // Which one it read, for the message: the event's own string, else a raw event's first of
      // its transaction's.
      const { signature, transaction } = event as { signature?: unknown; transaction?: unknown };
      const own = typeof signature == "string" || kind !== "raw";
      const list = (transaction as { signatures?: unknown } | null)?.signatures;
      const value = own ? signature : Array.isArray(list) ? list[0] : undefined;
      throw new TypeError(
        `delivery body[${i}].${own ? "signature" : "transaction.signatures[0]"}: must be a non-empty string (got ${shownValue(value, "an empty string")})`,
      );
    }
  });
  return reviveChecked(
    events,
    webhookDeliveries[kind]?.u64 ?? undefined,
    "delivery body",
    checkInteger,
  ) as DeliveryEvents[K][];
};

/**
 * Why `event` is not of `kind`, or `undefined`: a raw event has a `transaction` object and no
 * `signature` of its own, an enhanced one the reverse. Without this, a handler left on the default
 * kind for a raw webhook would hand every event to `onEvent` typed as enhanced, its `signature`,
 * `type` and `fee` undefined, and answer 200: nothing would say what is wrong.
 */
function wrongKind(event: object, kind: DeliveryKind): string | undefined {
  const { signature, transaction } = event as { signature?: unknown; transaction?: unknown };
  const ownSignature = typeof signature === "string";
  if (
    kind === "enhanced" &&
    !ownSignature &&
    transaction !== null &&
    typeof transaction === "object"
  )
    return 'a raw event (a transaction object, no signature) where enhanced events were expected: a raw or rawDevnet webhook needs kind: "raw"';
  if (kind === "raw" && ownSignature && transaction === undefined)
    return 'an enhanced event (a signature, no transaction) where raw events were expected: an enhanced or enhancedDevnet webhook needs kind: "enhanced"';
  return undefined;
}

const BODY_READ_BEFORE =
  "delivery body: already read before this handler ran (request.json() rounds u64 amounts): " +
  "hand the handler the request before anything reads its body, or a clone() of it";

const BODY_LOCKED =
  "delivery body: locked by a reader taken before this handler ran (request.body.getReader()): " +
  "hand the handler the request before anything reads its body, or a clone() of it";

/** The one content type of every answer, here and in the Node adapter. */
const TEXT = "text/plain; charset=utf-8";

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "content-type": TEXT, ...headers } });

/**
 * The decoding that `Content-Encoding` asks for: `null` for none, `undefined` for one this handler
 * does not decode (a list of codings, `br`). The service does not document compressing
 * deliveries; a proxy in front may.
 */
const contentCoding = (value: string | null) => {
  const coding = value?.trim().toLowerCase() ?? "";
  if (coding === "" || coding === "identity") return null;
  // (x-gzip: RFC 9110 §8.4.1.3 has it read as gzip.)
  return coding === "gzip" || coding === "x-gzip"
    ? "gzip"
    : coding === "deflate"
      ? coding
      : undefined;
};

/** The refusal of bytes past the limit as they arrive, before decoding (see readBody). */
const OVER_LIMIT = /* @__PURE__ */ new Error("delivery body: over maxBodyBytes");

/** `[]` as gzip and as deflate (zlib), which a runtime that can decode them decodes. */
const DECODABLE = {
  gzip: [31, 139, 8, 0, 0, 0, 0, 0, 0, 3, 139, 142, 5, 0, 41, 187, 76, 13, 2, 0, 0, 0],
  deflate: [120, 156, 139, 142, 5, 0, 1, 21, 0, 185],
};

/**
 * Whether this runtime's `DecompressionStream` decodes `coding`: asked once a body failed to
 * decode, to tell a body that is not valid gzip (400) from a runtime whose `DecompressionStream`
 * fails whatever it is given (415), as Next.js's edge runtime has one that throws.
 */
async function decodes(coding: "gzip" | "deflate"): Promise<boolean> {
  try {
    const decoded = new Response(new Uint8Array(DECODABLE[coding])).body!.pipeThrough(
      new DecompressionStream(coding),
    );
    return decodeUtf8(new Uint8Array(await new Response(decoded).arrayBuffer())) === "[]";
  } catch {
    return false;
  }
}

/**
 * Reads a body of at most `limit` bytes that all arrives within `timeoutMs`; else the status that
 * refuses it, as soon as that is known: 413 once it grows past `limit`, 408 once the time is up
 * (the rest is not read, so an oversized or stalled upload costs no memory and is not waited for).
 * With a `decoder` (the `DecompressionStream` of its `Content-Encoding`), the limit holds for the
 * bytes received and for the bytes they decode to: a small body that decodes to gigabytes (a zip
 * bomb) is refused as the decoded bytes pass it.
 */
async function readBody(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  timeoutMs: number,
  decoder: DecompressionStream | undefined,
): Promise<Uint8Array | 408 | 413> {
  if (!body) return new Uint8Array();
  let received = 0;
  const reader = (
    decoder
      ? body
          .pipeThrough(
            new TransformStream<Uint8Array, Uint8Array<ArrayBuffer>>({
              transform(chunk, controller) {
                received += chunk.byteLength;
                if (received > limit) controller.error(OVER_LIMIT);
                // (Bytes from a Request body, never over shared memory: typed as
                // DecompressionStream takes them.)
                else controller.enqueue(chunk as Uint8Array<ArrayBuffer>);
              },
            }),
          )
          .pipeThrough(decoder)
      : body
  ).getReader();
  let timedOut = false;
  // Cancelling ends a pending read at once (done), however long the sender stays silent.
  const timer =
    timeoutMs === Infinity
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          reader.cancel().catch(() => {});
        }, timeoutMs);
  try {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      // (workerd rejects the read that the timer's cancel() interrupts, where the streams
      // standard ends it as done: a 408 either way, not a 400 "could not be read".)
      const { done, value } = await reader.read().catch((error: unknown) => {
        if (timedOut || error === OVER_LIMIT) return { done: true, value: undefined };
        throw error;
      });
      if (received > limit) return 413;
      if (timedOut) return 408;
      if (done) break;
      // (A stream made in-process may yield strings: counted as NaN bytes, they would escape the
      // limit.)
      if (!ArrayBuffer.isView(value))
        throw new TypeError("delivery body: a chunk that is not bytes");
      size += value.byteLength;
      if (size > limit) {
        reader.cancel().catch(() => {});
        return 413;
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) bytes.set(chunk, (offset += chunk.byteLength) - chunk.byteLength);
    return bytes;
  } finally {
    // (A pending timer would also keep a Node process, or a serverless instance, alive.)
    clearTimeout(timer);
  }
}

const HANDLER_OPTIONS = [
  "authHeader",
  "onEvent",
  "kind",
  "onError",
  "onRefused",
  "dedupe",
  "maxBodyBytes",
  "readTimeoutMs",
  "handlerTimeoutMs",
];

/** How long a handled signature is to be remembered, as `add` is told (see SignatureStore). */
const REMEMBER_MS = 24 * 60 * 60 * 1000;

/**
 * The end of a delivery's time limit (`handlerTimeoutMs`), told apart from the end of its events.
 */
const TIMED_OUT = Symbol("handlerTimeoutMs");

/**
 * The options of {@link createWebhookHandler}, checked, with their defaults: `authHeaders` the
 * accepted values (trimmed as HTTP trims them), `several` whether a list was given.
 * @throws ConfigurationError naming the option and the rule (see createWebhookHandler)
 */
function checkHandlerOptions<K extends DeliveryKind>(
  options: WebhookHandlerCommonOptions<K> & { kind?: K | undefined },
) {
  // (Options that are no object are refused by their type, not quoted: a string here is likely
  // the secret itself. A typo such as `maxBodyByte` would otherwise be ignored: deliveries over the
  // default limit would be answered 413, then dropped by the service.)
  knownOptions(options, HANDLER_OPTIONS, "webhook handler");
  const {
    kind = "enhanced" as K,
    dedupe,
    maxBodyBytes = 10 * 1024 * 1024,
    readTimeoutMs = 30_000,
    handlerTimeoutMs = 30_000,
  } = options;
  const several = Array.isArray(options.authHeader);
  const secrets: unknown[] = several ? [...options.authHeader] : [options.authHeader];
  if (!secrets.length)
    misconfigured(
      "authHeader",
      "must list at least one value (a list is for rotating the secret: [current, next])",
    );
  const authHeaders = secrets.map((value, i) => {
    const name = several ? `authHeader[${i}]` : "authHeader";
    // (Not String#trim's wider set: U+00A0 is part of a secret.)
    const secret = typeof value === "string" ? trimAuthHeader(value) : "";
    if (!secret)
      misconfigured(
        name,
        "required, the webhook's authHeader (a non-empty string); a webhook without one: set it with editWebhook(webhooks, { webhookID, authHeader })",
      );
    // (The value itself is never quoted: it is the secret.)
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    if (/[\0-\x08\n-\x1f\x7f]/.test(secret))
      misconfigured(
        name,
        "must not contain control characters (other than tab): no header value can carry them, so no delivery would match",
      );
    const bytes = encode(secret).length;
    if (bytes > 8192)
      misconfigured(
        name,
        `must be at most 8192 bytes (got ${bytes}): Node answers 431 to headers over 16 KB in all, before the handler runs`,
      );
    return secret;
  });
  if (typeof options.onEvent !== "function")
    misconfigured("onEvent", "required, a function called with each new event");
  const {
    onError = (error: unknown, event: DeliveryEvents[K]) =>
      console.error(`webhook event ${shownSignature(event)} failed:`, error),
  } = options;
  if (typeof onError !== "function") misconfigured("onError", "must be a function");
  const {
    onRefused = ({ status, reason }: DeliveryRefusal) =>
      console.warn(`webhook delivery refused with ${status}: ${reason}`),
  } = options;
  if (typeof onRefused !== "function") misconfigured("onRefused", "must be a function");
  if (kind !== "enhanced" && kind !== "raw") misconfigured("kind", kindRule(kind));
  if (
    dedupe !== undefined &&
    dedupe !== false &&
    (typeof dedupe?.has !== "function" || typeof dedupe.add !== "function")
  )
    misconfigured("dedupe", "must be false or a store with has() and add()");
  // (Without release, a failed event's claim would stand for its whole ttlMs: every redelivery
  // within it would skip the event.)
  if (
    dedupe &&
    dedupe.claim !== undefined &&
    (typeof dedupe.claim !== "function" || typeof dedupe.release !== "function")
  )
    misconfigured(
      "dedupe",
      "a store with claim() needs release() too, to free the signature of an event that failed",
    );
  if (!(Number.isSafeInteger(maxBodyBytes) && maxBodyBytes > 0))
    misconfigured(
      "maxBodyBytes",
      `must be a whole number of bytes > 0 (got ${messageValue(maxBodyBytes)})`,
    );
  // (A timer fires at once past MAX_TIMER_MS: a longer limit would answer every delivery 408, or
  // 500.)
  for (const [name, ms] of [
    ["readTimeoutMs", readTimeoutMs],
    ["handlerTimeoutMs", handlerTimeoutMs],
  ] as const)
    if (ms !== Infinity && !(Number.isInteger(ms) && ms >= 1 && ms <= MAX_TIMER_MS))
      misconfigured(
        name,
        `must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}, or Infinity for no limit (got ${messageValue(ms)})`,
      );
  return {
    kind,
    dedupe,
    maxBodyBytes,
    readTimeoutMs,
    handlerTimeoutMs,
    several,
    authHeaders,
    onError,
    onRefused,
  };
}

/**
 * The de-duplication of one handler over `store`: `handleOnce(signature, handle, hold)` runs
 * `handle` unless `signature` was handled already, one handling per signature at a time. `hold`
 * is given the function that lets go of the signature (its place in the queue, and its claim),
 * which the delivery's time limit calls: a redelivery may then run the event, while the handling
 * left running stops at its next step, or records the signature if `handle` completes late.
 * `claimMs`: how long a claim stands if its instance dies mid-event (see SignatureStore.claim).
 */
const createDedupe = (store: SignatureStore, claimMs: number) => {
  // Signatures being handled right now, by this handler, with the promise the next delivery of
  // one waits for (settled once every handling queued for it so far is over).
  const inFlight = new Map<string, Promise<void>>();
  return async (
    signature: string,
    handle: () => void | Promise<void>,
    hold: (letGo: () => Promise<void> | undefined) => void,
  ) => {
    // Deliveries of one signature queue up: each waits for the one before it only (so N of them
    // cost N wake-ups, not N²). Reading the previous one and registering ours happen with no
    // await between them, so two deliveries cannot take the same place in the queue.
    const previous = inFlight.get(signature);
    let settle!: () => void;
    const mine = new Promise<void>((resolve) => (settle = resolve));
    // The next in the queue waits for ours and for the one before ours: a handling that leaves
    // the queue before its turn (its delivery's time limit) must not let the next one run beside
    // the handling still running ahead of it.
    const turn = previous ? previous.then(() => mine) : mine;
    inFlight.set(signature, turn);
    void turn.then(() => inFlight.get(signature) === turn && inFlight.delete(signature));
    let claimed = false;
    let gone = false;
    // (This handling's own claim, told apart from a record a late completion made meanwhile.)
    const token = crypto.randomUUID();
    // (A promise only when there is a claim to release: no await, no tick, for the rest. A
    // release that fails is ignored: the claim ends after its ttlMs anyway.)
    const letGo = () => {
      gone = true;
      settle();
      if (!claimed) return undefined;
      claimed = false;
      return Promise.resolve(store.release?.(signature, token)).catch(() => {});
    };
    hold(letGo);
    try {
      await previous; // (never rejects: settled by letGo)
      if (gone) return;
      if (store.claim) {
        claimed = await store.claim(signature, claimMs, token);
        if (!claimed || gone) return;
      } else if ((await store.has(signature)) || gone) return;
      await handle();
      await store.add(signature, REMEMBER_MS);
      claimed = false;
    } finally {
      // Freed before the 500 is answered, so that the redelivery it brings can claim it.
      const released = letGo();
      if (released) await released;
    }
  };
};

/**
 * A handler for webhook deliveries on any platform with the standard `Request`/`Response`
 * (Node, Deno, Bun, edge runtimes). Answers 405 to a non-POST, 401 to a wrong or missing
 * `Authorization` (before reading the body), 415 to a `Content-Encoding` other than gzip or
 * deflate (which it decodes where the runtime's `DecompressionStream` works; else a 415 too, as on
 * Next.js's edge runtime), 413 to a body over `maxBodyBytes` and 408 to one not all arrived
 * within `readTimeoutMs` (reading stops there), 400 to a body that cannot be read or is not a
 * UTF-8 JSON array of events (nor one whose signatures are non-empty strings and whose u64 and
 * i64 amounts are whole numbers in their ranges: the answer names the first that is not, as
 * `parseDelivery` does), 500 to a body the app
 * read (or locked) before the handler ran (the answer says so), 500 when `onEvent` throws, has
 * not finished within `handlerTimeoutMs`, or the events are of the other `kind` (a raw webhook's
 * events, with the default kind: a `ConfigurationError` to `onError`), and 200 once every new
 * event was handled.
 *
 * De-duplication: an event whose signature the store already holds is skipped, and while one
 * delivery is handling a signature, another delivery with the same signature waits for it (then
 * skips it, or handles it if the first one failed). Across processes that share a store, that
 * takes a store with `claim()` (see {@link SignatureStore}); with `has()` and `add()` alone, two
 * deliveries racing on one signature can both run `onEvent`: make `onEvent` idempotent there.
 *
 * @example
 * ```ts
 * const handle = createWebhookHandler({
 *   authHeader: process.env.WEBHOOK_AUTH!,
 *   onEvent: (event) => console.log(event.type, event.signature),
 * });
 * export default { fetch: handle };
 * ```
 * @throws ConfigurationError naming the option and the rule: options that are not an object, an
 * unknown option name (a typo), a missing `authHeader` or `onEvent`, or a wrong value of another
 * option
 */
export function createWebhookHandler<
  K extends DeliveryKind = never,
  E = DeliveryEvents[[K] extends [never] ? "enhanced" : K],
>(options: WebhookHandlerOptions<K, E>): (request: Request) => Promise<Response>;
// (Within, the events are of one kind: the `never` of a kind left out is for the caller's editor.)
export function createWebhookHandler<K extends DeliveryKind>(
  options: WebhookHandlerCommonOptions<K> & { kind?: K | undefined },
): (request: Request) => Promise<Response> {
  const {
    kind,
    dedupe,
    maxBodyBytes,
    readTimeoutMs,
    handlerTimeoutMs,
    several,
    authHeaders,
    onError,
    onRefused,
  } = checkHandlerOptions(options);
  const store = dedupe === false ? undefined : (dedupe ?? createMemorySignatureStore());
  const handleOnce =
    store && createDedupe(store, handlerTimeoutMs === Infinity ? REMEMBER_MS : handlerTimeoutMs);
  // Encoded once: encoding the secret per request would make every check's time depend on its
  // length. So a check costs time in the length of the received header only.
  const accepted = authHeaders.flatMap(authForms).map(encode);

  /** Hands a failure to onError and answers 500 (the service delivers again). */
  const report = (error: unknown, event: DeliveryEvents[K]) => {
    callQuietly(() => onError(error, event));
    return text(500, "handler failed");
  };

  /** Tells onRefused, then answers `status` with `body` (the sender's text; `reason` the app's). */
  const refuse = (status: DeliveryRefusal["status"], body: string, reason = body) => {
    callQuietly(() => onRefused({ status, reason }));
    return text(status, body);
  };

  return async (request) => {
    if (request.method !== "POST") return text(405, "method not allowed", { allow: "POST" });
    // What the Node adapter could not pass on (a header value `Headers` refuses, such as a NUL):
    // judged after the Authorization check, so an unauthenticated sender gets its 401 and learns
    // nothing else, and `onRefused` gets no list of its header names. An unreadable Authorization
    // is a 401 of its own (left out, or only the first of several lines passed on).
    const unreadable = unreadableRequests.get(request);
    const authorization = encode(request.headers.get("authorization") ?? "");
    // Every form is compared, so the time taken does not say which one came close.
    let authorized = false;
    for (const form of accepted) authorized = sameBytes(authorization, form) || authorized;
    if (!authorized || unreadable?.[0] === 401)
      return refuse(
        401,
        "unauthorized",
        unreadable?.[0] === 401
          ? unreadable[1]
          : request.headers.has("authorization")
            ? `Authorization is not ${several ? "any of the authHeader values" : "the authHeader"} given to this handler (is it the webhook's?)`
            : "no Authorization header",
      );
    if (unreadable) return refuse(400, "bad request", unreadable[1]);
    // (Before a body that would not be read anyway is waited for.)
    const encoding = request.headers.get("content-encoding");
    const coding = contentCoding(encoding);
    if (coding === undefined)
      return refuse(
        415,
        "unsupported Content-Encoding: gzip, deflate or none",
        // (Quoted: a coding is no secret, and a list of them, the likely case, is long. A header
        // value may hold C1 controls, U+0085 a line break to some log readers, U+009B an ANSI
        // escape's start, which JSON.stringify leaves as they are.)
        `Content-Encoding ${quoteServer(JSON.stringify(encoding!.length > 60 ? encoding!.slice(0, 60) + "…" : encoding), Infinity)} is not gzip, deflate or identity`,
      );
    /**
     * The 415 of a coding this runtime cannot decode, `why` (not the sender's fault: a 415, not a
     * 400).
     */
    const cannotDecode = (coding: "gzip" | "deflate", why: string) =>
      refuse(
        415,
        `unsupported Content-Encoding: this runtime cannot decode ${coding} (${why})`,
        `Content-Encoding "${coding}" cannot be decoded in this runtime (${why})`,
      );
    // (Vercel's edge-runtime has none: there gzip is not one of the codings this handler decodes.)
    if (coding && typeof DecompressionStream !== "function")
      return cannotDecode(coding, "no DecompressionStream");
    // Made before anything is read. Next.js's edge runtime has a DecompressionStream that throws
    // when constructed ("A Node.js API is used … not supported in the Edge Runtime").
    let decoder: DecompressionStream | undefined;
    try {
      decoder = coding ? new DecompressionStream(coding) : undefined;
    } catch {
      return cannotDecode(coding!, UNUSABLE_DECODER);
    }
    if (Number(request.headers.get("content-length") ?? 0) > maxBodyBytes)
      return refuse(413, "payload too large", `Content-Length over maxBodyBytes (${maxBodyBytes})`);
    // Read, or locked by a reader, before the handler ran (`await request.json()` for a log
    // line): the app's doing, not the sender's, so a 500 that names it rather than a 400 "could
    // not be read".
    if (request.bodyUsed) return refuse(500, BODY_READ_BEFORE);
    if (request.body?.locked) return refuse(500, BODY_LOCKED);
    let bytes: Uint8Array | 408 | 413;
    try {
      bytes = await readBody(request.body, maxBodyBytes, readTimeoutMs, decoder);
    } catch (error) {
      // The Node adapter's body that a body parser had consumed (the adapter answers its 500).
      if ((error as Error | undefined)?.message === BODY_ALREADY_READ)
        return refuse(500, BODY_ALREADY_READ);
      // A DecompressionStream that fails in use, whatever it is given: the runtime's, not the
      // body's.
      if (coding && !(await decodes(coding))) return cannotDecode(coding, UNUSABLE_DECODER);
      // (A stream that failed: the sender's fault or ours, not UTF-8. Its error goes to
      // `onRefused` alone, so a sender that closed the connection mid-body, Node's "aborted",
      // reads as one in the logs.)
      const refusal = coding
        ? `delivery body: could not be read and decoded as ${coding} (Content-Encoding)`
        : "delivery body: could not be read";
      return refuse(
        400,
        refusal,
        error instanceof Error
          ? `${refusal} (${quoteServer(`${error.name}: ${error.message}`, 200)})`
          : refusal,
      );
    }
    if (bytes === 413)
      return refuse(
        413,
        "payload too large",
        `body over maxBodyBytes (${maxBodyBytes})${coding ? `, read or decoded (Content-Encoding: ${coding})` : ""}`,
      );
    if (bytes === 408)
      return refuse(
        408,
        "request timeout",
        `body not all arrived within readTimeoutMs (${readTimeoutMs})`,
      );
    let body: string;
    try {
      body = decodeUtf8(bytes);
    } catch {
      return refuse(400, "delivery body: must be UTF-8");
    }
    let events: DeliveryEvents[K][];
    try {
      const parsed = parseEvents(body);
      // Events of the other kind are this handler's misconfiguration, not the sender's fault: a
      // 500 (the service delivers again, while the fix is made) and onError says which option to
      // fix. (Before the amounts are checked: the other kind's are at other paths.)
      for (const [i, event] of parsed.entries()) {
        const why = wrongKind(event, kind);
        if (why)
          return report(
            new ConfigurationError(`kind: delivery body[${i}] is ${why}`),
            event as DeliveryEvents[K],
          );
      }
      // A signature that is no non-empty string, or an amount that is no whole number in its
      // range (a fee of 1.5, a u64 past 2^64 - 1), makes a body that is no delivery, as one that
      // is not JSON does: 400, and no event is handled.
      events = reviveEvents(parsed, kind);
    } catch (error) {
      return refuse(400, (error as Error).message);
    }
    // The events, one after the other, raced as a whole against the time limit (one timer and
    // one race a delivery: a race per event costs microseconds each). Failures are returned, not
    // thrown: the run may go on after the race is over, and end unawaited.
    let current: DeliveryEvents[K] | undefined;
    let letGo: (() => Promise<void> | undefined) | undefined;
    let timedOut = false;
    const run = (async () => {
      for (const event of events) {
        if (timedOut) return;
        [current, letGo] = [event, undefined];
        const signature = eventSignature(event);
        try {
          if (handleOnce && signature !== undefined)
            await handleOnce(
              signature,
              () => options.onEvent(event),
              (hold) => (letGo = hold),
            );
          else await options.onEvent(event);
        } catch (error) {
          return { error, event };
        }
      }
    })();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const failed = await (handlerTimeoutMs === Infinity
      ? run
      : Promise.race([
          run,
          new Promise<typeof TIMED_OUT>(
            (resolve) => (timer = setTimeout(resolve, handlerTimeoutMs, TIMED_OUT)),
          ),
        ]));
    // (A pending timer would also keep a Node process, or a serverless instance, alive.)
    clearTimeout(timer);
    if (failed === TIMED_OUT) {
      timedOut = true;
      await letGo?.();
      return report(
        Object.assign(
          new Error(
            `event ${shownSignature(current!)}: not handled within handlerTimeoutMs (${handlerTimeoutMs} ms), so answered 500; onEvent is no longer waited for, and its signature released for the redelivery to run it again`,
          ),
          { name: "TimeoutError" },
        ),
        current!,
      );
    }
    if (failed) return report(failed.error, failed.event);
    return text(200, "ok");
  };
}

/** Why a runtime whose `DecompressionStream` throws cannot decode a body. */
const UNUSABLE_DECODER = "its DecompressionStream throws, as on Next.js's edge runtime";

/**
 * Requests the Node adapter made without what it could not pass on, with the status and why: the
 * handler refuses them (401 when the Authorization is one, else 400 once authorized) through its
 * `onRefused`, which the adapter does not know. (Worded by the adapter: a bundle of the handler
 * alone, on an edge runtime, carries none of it.)
 */
const unreadableRequests = /* @__PURE__ */ new WeakMap<Request, [400 | 401, string]>();

/**
 * A body that fails when read, after calling `onRead` (`highWaterMark: 0`: nothing is pulled before
 * a read).
 */
const failsWhenRead = (onRead: () => void) =>
  new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        onRead();
        controller.error(new Error(BODY_ALREADY_READ));
      },
    },
    { highWaterMark: 0 },
  );

// The parsers of the frameworks the README has recipes for, each with its remedy. The Express one
// names a `limit`: body-parser's default (100kb) answers a larger delivery 413 before this
// handler runs, and the service drops it after its retries.
const BODY_ALREADY_READ =
  "delivery body: already read by a body parser that ran before this handler (express.json(), " +
  "Fastify's content-type parsers, Next.js API routes' bodyParser; JSON.parse rounds u64 amounts). " +
  "Express: mount the handler before it, or give it the raw body " +
  '(express.raw({ type: "*/*", limit: "10mb" }), as large as maxBodyBytes). ' +
  'Fastify: route it in a plugin that calls removeAllContentTypeParsers() and adds a "*" parser ' +
  "that reads nothing. Next.js: export const config = { api: { bodyParser: false } }";

/**
 * Minimal shapes of Node's `http.IncomingMessage` / `ServerResponse`, so this module needs no Node
 * types at runtime.
 */
export interface NodeRequest extends AsyncIterable<Uint8Array | string> {
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  /** The header lines as received, names and values alternating. */
  rawHeaders?: string[] | undefined;
  /** Set once the whole body was read. */
  complete?: boolean;
  /** Set once something has consumed the body (a body parser mounted before this handler). */
  readableEnded?: boolean;
  /**
   * The body a body parser left: raw bytes or text are used as the body (`express.raw()`,
   * `express.text()`, with a `limit` as large as `maxBodyBytes`).
   */
  body?: unknown;
  /**
   * The body's bytes, where a platform keeps them beside the parsed body (Google Cloud Functions,
   * Firebase): used as the body.
   */
  rawBody?: unknown;
  /** node:http2's stream of the request (its compatibility API): closed after an early answer. */
  stream?: { close(code?: number): unknown } | undefined;
  /**
   * node:http's connection (a `net.Socket`): after an early answer it is half-closed, and read
   * and discarded until the sender closes its side, then closed (see {@link toNodeHandler}).
   * Without it (or without `destroySoon`), the connection is closed as Node closes it.
   */
  socket?: NodeSocket | undefined;
}
/** The members of Node's `net.Socket` that {@link toNodeHandler} uses after an early answer. */
export interface NodeSocket {
  /** Node's server calls it once an answer with `Connection: close` is flushed. */
  destroySoon?: (() => void) | undefined;
  /** Half-closes the connection (a FIN once what was written is sent), still reading. */
  end(): unknown;
  /** Closes the connection at once (a RST when data the server has not read is left). */
  destroy(): unknown;
  /**
   * Set once the connection is closed (after an early answer, when the sender closed its side):
   * the lingering is then over.
   */
  destroyed?: boolean | undefined;
  /**
   * The server that accepted the connection: once it no longer listens (`server.close()`), a
   * connection lingering after an early answer is closed (within 100 ms), not waited for. (Only
   * when it listened as the lingering began: one handed its connections by another never does.)
   */
  server?: { listening?: boolean } | null | undefined;
}
/** The minimal shape of Node's `http.ServerResponse` that {@link toNodeHandler} writes to. */
export interface NodeResponse {
  statusCode: number;
  headersSent?: boolean;
  setHeader(name: string, value: string): unknown;
  // (Required, as the adapter always passes it: node:http2's `end(data, callback?)` fits only
  // then.)
  end(body: string): unknown;
}

/**
 * How much is read and discarded after an early answer, at most: 16 MiB (above the 10 MiB default
 * of `maxBodyBytes`, so a delivery the handler refused for its size is read to its end), within
 * 5 s (a stalled sender, answered 408, holds the connection no longer than that). Past either
 * bound the connection is destroyed, as Node destroys it, and a sender that is still sending may
 * see it reset instead of the answer. Not tied to `maxBodyBytes`: a 413's sender sends more than
 * that by definition (a bound at it would reset every one whose upload outlasts the kernels'
 * buffers), and the adapter takes any handler, whose settings it does not know.
 */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 5_000;
/** How often a lingering connection checks its bound of time and that its server still listens. */
const LINGER_CHECK_MS = 100;
/**
 * What a request pipelined behind an early answer counts against {@link LINGER_BYTES} besides its
 * body, once: the largest head Node's parser takes by default (16 KiB), whatever its size. Node
 * keeps each such request until the connection closes, so a flood of small ones ends the lingering.
 */
const PIPELINED_HEAD_BYTES = 16_384;

/**
 * Connections answered early with `Connection: close`, each with what discards the body of a
 * request pipelined behind that answer (when the connection lingers): such a request is neither
 * handled nor answered (RFC 9112 §9.6: no further request on that connection is processed), as
 * its answer could not be written on a connection half-closed or closed.
 */
const closingConnections = /* @__PURE__ */ new WeakMap<
  NodeSocket,
  ((chunks: AsyncIterator<Uint8Array | string>) => void) | undefined
>();

/**
 * Requests node:http answered 503 itself, past its `maxRequestsPerSocket`, as its `dropRequest`
 * event tells them (one listener per server, added at the first request the adapter serves from
 * a server with that limit): never emitted, their bodies have no reader, as those of the 400 and
 * 417 it gives (see the lingering's `pause`). Its own count is not readable from outside.
 */
const droppedRequests = /* @__PURE__ */ new WeakSet<object>();
const serversWatched = /* @__PURE__ */ new WeakSet<object>();

/**
 * RFC 9112 §9.6's staged close, after an early answer with `Connection: close` over HTTP/1: Node
 * destroys the socket once the answer is flushed, and closing a socket with unread data makes
 * Linux send a RST, which drops the answer from the sender's unread receive queue (a sender that
 * writes its whole upload before reading, from about a few hundred KB on loopback). So Node's
 * `destroySoon` only half-closes the socket (FIN after the answer), and the connection is read
 * until the sender closes its side: the rest of the upload, and the bodies of requests pipelined
 * behind it, are read and discarded, never buffered, up to {@link LINGER_BYTES} or
 * {@link LINGER_MS}, past which the socket is destroyed. The sender's close (its FIN, once it has
 * the answer) then closes the socket with nothing unread: no RST, even for what it sent after
 * the upload. A server that closes the socket otherwise than through `destroySoon` keeps that
 * close: a `destroy()` ends the reading (the reset as before), an `end()` leaves the socket to
 * the sender's close as well. The socket's `pause` is shadowed too, so that the body of a request
 * Node answers itself, which nobody reads, is discarded rather than stop the reading, and Node's
 * pause for its answers queued unsent, which nothing would resume, is ignored; each request Node
 * parses meanwhile counts its head once, as it is parsed. Returns what discards a pipelined
 * request's body.
 */
function lingerAfterEarlyAnswer(
  socket: NodeSocket | undefined,
  chunks: AsyncIterator<Uint8Array | string>,
) {
  // (A fake or a framework's own socket without it: closed as before.)
  if (typeof socket?.destroySoon !== "function") return;
  // Node's own, restored once the lingering is over; an own property shadows the prototype's.
  const destroySoon = socket.destroySoon;
  const nodeSocket = socket as NodeSocket & {
    pause?: () => unknown;
    _paused?: boolean;
    server?: {
      requireHostHeader?: boolean;
      listenerCount?: (event: string) => number;
    } | null;
    parser?: {
      onIncoming?: ((...request: unknown[]) => unknown) | null;
      incoming?:
        | (AsyncIterable<Uint8Array> & {
            readableFlowing: unknown;
            readableLength: number;
            httpVersion: string;
            headers: Record<string, unknown>;
          })
        | null;
    } | null;
  };
  const { pause } = nodeSocket;
  let over = false;
  let read = 0;
  socket.destroySoon = () => socket.end();
  const stop = (cut: boolean) => {
    if (over) return;
    over = true;
    clearInterval(timer);
    socket.destroySoon = destroySoon;
    nodeSocket.pause = pause;
    if (cut) socket.destroy();
  };
  // Unref'd, so a process that is otherwise done does not wait for a sender's upload; and a
  // server shut down (`server.close()` waits for its open connections) is not held up either.
  // Only a server that listened when the lingering began can be closing: an HTTPS server handed
  // its connections by another (`emit("connection")`, a port shared by protocols) never listens.
  // (Polled, as the sender's close is: a listener on the socket would have to be taken off.)
  const server = socket.server?.listening ? socket.server : undefined;
  let waitedMs = 0;
  const timer = setInterval(() => {
    waitedMs += LINGER_CHECK_MS;
    if (socket.destroyed) stop(false);
    else if (waitedMs >= LINGER_MS || server?.listening === false) stop(true);
  }, LINGER_CHECK_MS);
  (timer as { unref?: () => void }).unref?.();
  // Each request Node parses from here on counts its head once, as its head is parsed, whoever
  // answers it: Node, which never emits the requests it answers itself (400, 417, 503), or the
  // server's listeners. (`onIncoming` is Node's own, undocumented, and dropped with the parser at
  // the close: without it, a request counts its head where its body is discarded.)
  const { parser } = nodeSocket;
  const onIncoming = parser?.onIncoming;
  let headBytes = PIPELINED_HEAD_BYTES;
  if (parser && onIncoming) {
    headBytes = 0;
    parser.onIncoming = (...request) => {
      if (!over && (read += PIPELINED_HEAD_BYTES) > LINGER_BYTES) stop(true);
      return onIncoming.apply(parser, request);
    };
  }
  const discard = async (body: AsyncIterator<Uint8Array | string>, counted: number) => {
    read += counted;
    try {
      while (!over && read <= LINGER_BYTES) {
        const { done, value } = await body.next();
        if (done) return;
        read += value.length;
      }
      stop(true);
    } catch {
      // The sender closed or reset the connection: nothing is left to read.
      stop(false);
    }
  };
  // Node stops reading the connection (`pause`) while a request's body is buffered unread: with
  // one it answers itself and never emits (400 to one without a Host, 417, 503 past the server's
  // `maxRequestsPerSocket`), the lingering stalled until its bound and reset the sender. That body
  // is discarded instead. (`parser` is Node's own, undocumented: without it the connection is
  // paused as before.) Only such a request's, told as Node's parserOnIncoming tells them (HTTP/1.1
  // only; one its `dropRequest` named, a Host a server requires, an `Expect` other than
  // 100-continue it has no `checkExpectation` listener for): one it emits may go to another route,
  // which reads it later, after an await, and would find it empty.
  nodeSocket.pause = () => {
    // Node's other pause, for its answers queued unsent (its parserOnIncoming sets `_paused`
    // first): the 400s and 417s of a flood of pipelined requests pile up on the half-closed
    // connection, never to drain, so nothing resumed it and the sender's close went unread until
    // the 5 s bound. Ignored, its flag cleared (or Node pauses its parser too, which then refuses
    // the next bytes, HPE_PAUSED, and destroys the socket): the count of heads, not this pause,
    // bounds what Node keeps.
    if (nodeSocket._paused) {
      nodeSocket._paused = false;
      return socket;
    }
    const unread = nodeSocket.parser?.incoming;
    const expect = unread?.headers.expect;
    const server = nodeSocket.server;
    if (
      unread?.readableFlowing === null &&
      unread.readableLength &&
      unread.httpVersion === "1.1" &&
      (droppedRequests.has(unread) ||
        (unread.headers.host === undefined && server?.requireHostHeader !== false) ||
        (expect !== undefined &&
          !/(^|\W)100-continue(\W|$)/i.test(String(expect)) &&
          !server?.listenerCount?.("checkExpectation")))
    )
      void discard(unread[Symbol.asyncIterator](), headBytes);
    else pause?.call(socket);
    return socket;
  };
  void discard(chunks, 0);
  return (pipelined: AsyncIterator<Uint8Array | string>) => void discard(pipelined, headBytes);
}

/** What the adapter reads of node:http's server, for the requests it answers 503 itself. */
interface NodeServer {
  maxRequestsPerSocket?: number | null;
  on?: (event: string, listener: (request: object) => void) => unknown;
}

/**
 * Adapts a `Request` handler to Node's `http` server (or `http2`'s compatibility API). The body is
 * streamed to the handler, not buffered first, so a handler that answers early (401, 413) never
 * holds an upload in memory.
 * The listener is typed as returning nothing, as Node's `RequestListener` is, so
 * `createServer(toNodeHandler(handle))` passes `@typescript-eslint/no-misused-promises`; it does
 * return a promise, which settles once the request is answered (or given up on) and never
 * rejects, so a framework that awaits its handler (a Next.js API route) waits for the answer.
 * Nothing it does can become an unhandled rejection: whatever happens (a client that disconnects
 * mid-body, a method or URL `Request` refuses) it answers or gives up on that request. A handler
 * that throws or rejects is answered 500 ("handler failed"; `createWebhookHandler`'s never does: it
 * hands `onEvent`'s errors to its `onError` and answers 500 itself), and an answer that cannot be
 * written (a response whose `end` throws) is given up on, the error dropped. An answer given before
 * the body was read (401, 405, 408, 413) closes the connection (`Connection: close`) in stages,
 * as RFC 9112 §9.6 asks: the answer, then a half-close, while the connection is read until the
 * sender closes its side (as it does once it has the answer), then the close. What is read is
 * discarded, never buffered: the rest of the upload, and the bodies of requests pipelined behind
 * it, chunked or not, which are neither handled nor answered (RFC 9112 §9.6), nor those Node
 * answers itself (one without a Host, an `Expect` it refuses, one past the server's
 * `maxRequestsPerSocket`): on the half-closed connection Node's own 100 Continue, 400, 417 or 503
 * is never sent. So a sender that writes its whole body, or more requests, before reading still
 * gets the status, not a reset. The reading is bounded: after 16 MiB (each pipelined request
 * counting 16 KiB more) or 5 s from the answer, however slowly the bytes come, the connection is
 * destroyed, and a sender still sending then may see it reset instead of the status (a failed
 * delivery either way; `onRefused` is still told the status and why). Bytes that do not parse as
 * HTTP make Node destroy the connection itself, a reset too (unless a `clientError` listener keeps
 * it open: it then closes on the sender's close, or after 5 s), and the lingering ends with it,
 * leaving no listener or timer behind. Nor does it hold up a shutdown: once the server no longer
 * listens (`server.close()`) the connection is closed within 100 ms, and its timer is unref'd. It
 * needs `req.socket`'s `destroySoon` (node:http's and node:https' socket; frameworks pass it on);
 * without it the connection is closed as Node closes it. Over HTTP/2 it closes the request's stream
 * instead (RST_STREAM NO_ERROR, once the answer is sent), and the connection serves other streams.
 *
 * Behind Express or another framework, mount it before any body parser:
 * `app.post(path, toNodeHandler(handle))` before `app.use(express.json())`; in Fastify, in a
 * plugin without content-type parsers, after `reply.hijack()`; in a Next.js API route (Pages
 * Router), with `export const config = { api: { bodyParser: false } }`. A parser in front
 * reads the whole body before the handler runs, so `Authorization` is checked only after an
 * unauthenticated upload was buffered, and `readTimeoutMs` no longer applies (Node's
 * `requestTimeout`, 300 s, does). If one must come first, give the handler the raw body
 * (`express.raw({ type: "*\/*", limit: "10mb" })`; raw bytes or text in `req.body` are used as the
 * body, and so are the bytes in `req.rawBody` that Google Cloud Functions keep), with a `limit` as
 * large as `maxBodyBytes`: body-parser's default, 100kb, answers a larger delivery 413 before this
 * handler runs, and the service drops it after its retries. A body already parsed into an object
 * is answered with a 500 that says so: `JSON.parse` has rounded its u64 amounts.
 *
 * A header value the `Headers` class refuses (a NUL byte) is left out, and the handler answers
 * the request 401 when it is the `Authorization`, else checks the `Authorization` first (a 401
 * if it is wrong) and answers 400, each told to its `onRefused`. Node itself answers a header over
 * 16 KB (431) or a malformed request (400) before any handler runs.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http";
 * createServer(toNodeHandler(createWebhookHandler({ authHeader, onEvent }))).listen(3000);
 * ```
 * @throws ConfigurationError when `handler` is not a function
 */
export function toNodeHandler(
  handler: (request: Request) => Promise<Response>,
): (req: NodeRequest, res: NodeResponse) => void {
  // (Otherwise every delivery would be answered 500, and dropped by the service after its retries.)
  if (typeof handler !== "function")
    throw new ConfigurationError(
      "handler: must be a function from a Request to a Response, such as createWebhookHandler() returns",
    );
  // Typed void for node:http, but the promise is returned: awaiting it waits for the answer. The
  // rule guards against a rejection nobody handles, and this promise never rejects.
  const listener = (req: NodeRequest, res: NodeResponse) => serveNode(handler, req, res);
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- serveNode never rejects
  return listener;
}

/**
 * {@link toNodeHandler}'s work for one request: settles once it has answered or given up, and
 * never rejects. (Exported for the tests, which wait for it; not from the package.)
 */
export async function serveNode(
  handler: (request: Request) => Promise<Response>,
  req: NodeRequest,
  res: NodeResponse,
): Promise<void> {
  // (Before anything else: a request Node drops may be parsed behind this one in the same read.)
  const server = (req.socket as { server?: NodeServer | null } | undefined)?.server;
  if (server && server.maxRequestsPerSocket! > 0 && !serversWatched.has(server)) {
    serversWatched.add(server);
    server.on?.("dropRequest", (dropped: object) => void droppedRequests.add(dropped));
  }
  // (Left unanswered, its body discarded while the connection lingers, until the sender closes.)
  if (req.socket && closingConnections.has(req.socket))
    return closingConnections.get(req.socket)?.(req[Symbol.asyncIterator]());
  let chunks: AsyncIterator<Uint8Array | string> | undefined;
  let lingering = false;
  // (One iterator for the handler's reads and the discarding after an early answer.)
  const bodyChunks = () => (chunks ??= req[Symbol.asyncIterator]());
  const reply = (status: number, body: string, headers = new Headers({ "content-type": TEXT })) => {
    if (res.headersSent) return;
    res.statusCode = status;
    headers.forEach((value, name) => res.setHeader(name, value));
    // An unread upload would otherwise keep arriving on a kept-alive connection (HTTP/1), or
    // hold its stream open, the sender stalled by flow control (HTTP/2, which has no Connection
    // header: there the stream is closed instead, the connection kept for other streams).
    const unread = !req.complete;
    if (unread && !req.stream) {
      res.setHeader("connection", "close");
      // (Once: the 500 tried after an `end` that threw would take this stand-in for Node's.)
      if (!lingering && req.socket)
        closingConnections.set(req.socket, lingerAfterEarlyAnswer(req.socket, bodyChunks()));
      lingering = true;
    }
    res.end(body);
    // RST_STREAM with NO_ERROR (0), which RFC 9113 §8.1 gives for this case: node:http2 sends it
    // once the answer is flushed, so it does not cut the answer off.
    if (unread) req.stream?.close(0);
  };
  const method = req.method ?? "GET";
  // Set when the handler reads a body that a body parser had consumed already.
  let alreadyRead = false;
  try {
    let request: Request;
    try {
      const headers = new Headers();
      // Header values `Headers` refuses (a NUL byte, which Node lets through) are left out and
      // named: the handler answers such a request 401 (an Authorization) or 400, and tells its
      // onRefused.
      const refused: string[] = [];
      const set = (name: string, value: string) => {
        try {
          headers.set(name, value);
        } catch {
          // (Out whole: several Authorization lines, one with a NUL, left the first one in.)
          headers.delete(name);
          refused.push(name);
        }
      };
      for (const [name, value] of Object.entries(req.headers)) {
        // (node:http2's pseudo-headers, `:method` and `:path`, are no header names: `Headers`
        // throws on them, which would answer every HTTP/2 delivery 400.)
        if (value !== undefined && name[0] !== ":")
          set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      // Node keeps the first of several Authorization lines only; a `Request` joins them, which
      // is not the configured value. Joined here too, they are refused (401) here as there.
      const authorizations = req.rawHeaders?.filter(
        (_, i, lines) => i % 2 === 1 && lines[i - 1]!.toLowerCase() === "authorization",
      );
      if (authorizations && authorizations.length > 1)
        set("authorization", authorizations.join(", "));
      // A body parser mounted before this handler has read the stream already. Raw bytes or
      // text it left are the body; a parsed object is not: `JSON.parse` has rounded its u64
      // amounts (fees, lamports), so writing it back would pass on wrong numbers.
      // (Google Cloud Functions and Firebase parse the body, and keep its bytes in `rawBody`.)
      const left = req.rawBody instanceof Uint8Array ? req.rawBody : req.body;
      const raw = typeof left === "string" ? encode(left) : left instanceof Uint8Array ? left : 0;
      // A body parser decodes what it reads (body-parser inflates gzip and deflate, and answers
      // 415 itself to other codings): what it left, or consumed, is no longer encoded.
      if (raw || req.readableEnded) headers.delete("content-encoding");
      const body =
        method === "GET" || method === "HEAD"
          ? undefined
          : raw ||
            // (Consumed: the handler answers first what needs no body, such as a wrong
            // `Authorization`, which so learns nothing of the server's parsers.)
            (req.readableEnded ? failsWhenRead(() => (alreadyRead = true)) : undefined) ||
            new ReadableStream<Uint8Array>(
              {
                async pull(controller) {
                  const { done, value } = await bodyChunks().next();
                  if (done) controller.close();
                  else controller.enqueue(typeof value === "string" ? encode(value) : value);
                },
                // Not `chunks.return()`: that destroys the socket, and the answer (413, 408)
                // with it. The rest of the upload is read and discarded once the answer is
                // given (HTTP/1), or left to its stream's reset (HTTP/2).
                cancel() {},
              },
              // (Nothing pulled before the handler reads: with the default of 1, a chunk of an
              // unauthenticated upload, up to 64 KB, was read as the stream was made.)
              { highWaterMark: 0 },
            );
      // `duplex: "half"` is how a streamed request body is declared (not yet in the DOM types).
      request = new Request(new URL(req.url ?? "/", "http://localhost"), {
        method,
        headers,
        body,
        duplex: "half",
      } as RequestInit);
      if (refused.length) {
        const why = "a value the Headers class refuses (such as one with a NUL byte)";
        // Names only, each once, quoted and cut: Node takes up to 16 KB of them.
        const names = [...new Set(refused)].join(", ");
        unreadableRequests.set(
          request,
          refused.includes("authorization")
            ? [401, `Authorization is ${why}`]
            : [400, `header ${quoteServer(names, 200)}: ${why}`],
        );
      }
    } catch {
      // A method `Request` refuses (CONNECT, TRACE, TRACK), or a malformed URL.
      return method === "POST"
        ? reply(400, "bad request")
        : reply(405, "method not allowed", new Headers({ "content-type": TEXT, allow: "POST" }));
    }
    const response = await handler(request);
    if (alreadyRead) return reply(500, BODY_ALREADY_READ);
    reply(response.status, await response.text(), response.headers);
  } catch {
    try {
      reply(500, "handler failed");
    } catch {
      // The response cannot be written (its `end` or `setHeader` throws): nothing is left to
      // answer with, and a rejection here would be unhandled (the listener returns nothing).
    }
  }
}
