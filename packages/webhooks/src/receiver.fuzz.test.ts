// Property-based tests of the webhook receiver. The oracle is written from the documented rules
// (the package README, the JSDoc of createWebhookHandler / toNodeHandler, the delivery schemas in
// spec/schemas/webhook-events.yaml), never from receiver.ts:
//  1. Any request gets a documented answer and never a crash: 405 to a non-POST; 401 exactly when
//     Authorization is not the configured value (missing, repeated, near misses...), with not a
//     chunk of the body read; 413 exactly when the body is over maxBodyBytes, reading stopped
//     there; 400 when it cannot be read (the stream fails) or is not a UTF-8 JSON array of event
//     objects, or (its events of the handler's kind) holds a u64 or i64 amount that is no whole
//     number in its range; 500 when onEvent throws; 200 otherwise. onEvent sees a delivery's events only then,
//     and the secret appears in no answer, onError argument or log line.
//  2. De-duplication under concurrency: overlapping deliveries with repeated signatures, some
//     onEvent calls failing or slow, the in-memory store or a slow one. Each signature's onEvent
//     calls never overlap, at most one succeeds and none follows it; a 200 means every event of
//     the delivery was handled; a 500 means the event that threw was the delivery's last, and went
//     to onError (which may throw or reject); a later delivery handles what never succeeded;
//     nothing is left pending, nothing rejected unhandled.
//  3. Typed events are lossless: u64 (and i64) fields up to 2^64 − 1 arrive as exact bigints, all
//     else as JSON.parse reads it.
//  4. toNodeHandler (its serveNode, awaited) on a real loopback server, over raw sockets: the same
//     answer as the Request handler; an answer given before the whole body came (401, 405, 413 by
//     Content-Length) closes the connection, any other leaves it usable; a client gone mid-body,
//     or sending a malformed chunk, gets nothing handled; every handling settles; nothing is
//     unhandled.
// The inputs come from a fixed seed: every run is the same, and a failure prints the shrunk
// counterexample that reproduces it.
import { isUtf8 } from "node:buffer";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { connect } from "node:net";
import { format } from "node:util";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { parseJson } from "@chaindata/core";
import {
  createMemorySignatureStore,
  createWebhookHandler,
  serveNode,
  type DeliveryKind,
  type SignatureStore,
  type NodeRequest,
  type NodeResponse,
} from "./receiver.js";

const SEED = 20_251_114;
const U64_MAX = 2n ** 64n - 1n;
const I64_MIN = -(2n ** 63n);
const HTTP_WHITESPACE = /^[ \t\r\n]+|[ \t\r\n]+$/g;
const encode = (text: string) => new TextEncoder().encode(text);
/** How UTF-8 bytes arrive as a header value: one character per byte (Node, the Headers class). */
const asHeaderBytes = (text: string) => Buffer.from(encode(text)).toString("latin1");

// ------------------------------------------------------------------ typed deliveries from the spec

const spec = parse(
  readFileSync(new URL("../../../spec/schemas/webhook-events.yaml", import.meta.url), "utf8"),
);
const EXAMPLE: Record<DeliveryKind, any> = {
  enhanced: spec.EnhancedDelivery.examples[0][0],
  raw: spec.RawDelivery.examples[0][0],
};
const NATIVE_TRANSFER = spec.NativeTransfer.examples[0];

/** Where a delivery's amounts are: `1` a u64 (common.yaml's U64), `2` an i64 (I64); arrays transparent. */
type Amounts = 1 | 2 | { [key: string]: Amounts };
/** The amounts of `schema`, a schema of webhook-events.yaml, read from the spec (refs within the file followed once). */
const amountsOf = (schema: any, seen: string[] = []): Amounts | undefined => {
  if (!schema || typeof schema !== "object") return undefined;
  const ref: unknown = schema.$ref;
  if (ref === "./common.yaml#/U64") return 1;
  if (ref === "./common.yaml#/I64") return 2;
  if (typeof ref === "string")
    return ref.startsWith("#/") && !seen.includes(ref)
      ? amountsOf(spec[ref.slice(2)], [...seen, ref])
      : undefined;
  const parts = [
    schema.items,
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ].map((part) => amountsOf(part, seen));
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const inner = amountsOf(property, seen);
    if (inner !== undefined) parts.push({ [name]: inner });
  }
  return parts.reduce<Amounts | undefined>(
    (a, b) =>
      a === undefined || typeof b !== "object"
        ? (b ?? a)
        : typeof a !== "object"
          ? a
          : { ...a, ...b },
    undefined,
  );
};
const AMOUNTS: Record<DeliveryKind, Amounts | undefined> = {
  enhanced: amountsOf(spec.EnhancedDelivery),
  raw: amountsOf(spec.RawDelivery),
};
/** How many requests the oracle answered 400 for an amount out of its range (the generators reach it). */
let badAmounts = 0;
/**
 * Whether `value` (read by a lossless parser) holds an amount that the README's rule refuses: a
 * u64 that is no whole number from 0 to 2^64 - 1, an i64 from -2^63 to 2^63 - 1 (digits in a
 * string pass; `null` where an amount goes is refused, as the spec types none nullable; objects
 * and arrays are no amount, an array's items are).
 */
const badAmount = (value: any, amounts: Amounts | undefined): boolean => {
  if (amounts === undefined) return false;
  if (value === null) return typeof amounts !== "object";
  if (Array.isArray(value)) return value.some((item) => badAmount(item, amounts));
  if (typeof amounts === "object")
    return (
      typeof value === "object" &&
      Object.entries(amounts).some(
        ([key, inner]) => Object.hasOwn(value, key) && badAmount(value[key], inner),
      )
    );
  if (typeof value === "object") return false;
  const whole =
    typeof value === "bigint"
      ? value
      : (typeof value === "number" && Number.isInteger(value)) ||
          (typeof value === "string" && /^-?\d+$/.test(value))
        ? BigInt(value)
        : undefined;
  const low = amounts === 2 ? -(2n ** 63n) : 0n;
  return whole === undefined || whole < low || whole >= low + 2n ** 64n;
};

/** JSON text with bigints written as bare integers, and `gap` after every `,` and `:`. */
const toJson = (value: unknown, gap = ""): string =>
  typeof value === "bigint"
    ? String(value)
    : Array.isArray(value)
      ? `[${value.map((item) => toJson(item, gap)).join(`,${gap}`)}]`
      : value && typeof value === "object"
        ? `{${Object.entries(value)
            .map(([key, item]) => `${JSON.stringify(key)}:${gap}${toJson(item, gap)}`)
            .join(`,${gap}`)}}`
        : JSON.stringify(value);

const u64 = fc.oneof(
  fc.constantFrom(0n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, 10n ** 16n, U64_MAX),
  fc.bigInt({ min: 0n, max: U64_MAX }),
);
const i64 = fc.oneof(
  fc.constantFrom(I64_MIN, -(2n ** 53n) - 1n, -1n, 2n ** 63n - 1n),
  fc.bigInt({ min: I64_MIN, max: 2n ** 63n - 1n }),
);
/** Numbers JSON.parse reads exactly as written (an integer past 2^53 written in digits is not one). */
const plainNumber = fc
  .oneof(fc.maxSafeInteger(), fc.double({ noNaN: true, noDefaultInfinity: true }))
  .filter(
    (n) =>
      !Object.is(n, -0) && (Number.isSafeInteger(n) || !Number.isInteger(n) || Math.abs(n) >= 1e21),
  );
// Any text, and text around a u64's digits (which must stay text).
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.tuple(fc.string(), u64, fc.string()).map(([before, n, after]) => `${before}${n}${after}`),
);
const BASE58 = [..."123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"];
const signature = fc.string({ unit: fc.constantFrom(...BASE58), minLength: 1, maxLength: 88 });
// Fields the schemas leave open (additionalProperties), with names that also appear elsewhere.
const extras = fc.dictionary(
  fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("amount", "meta", "preBalances")),
  fc.oneof(text, plainNumber, fc.boolean(), fc.constant(null)),
  { maxKeys: 3 },
);

/** The spec's enhanced example with u64 `fee`, `nativeTransfers[].amount` and i64 `accountData[].nativeBalanceChange`. */
const enhancedEvent = fc
  .record({
    extras,
    signature,
    description: text,
    fee: u64,
    slot: fc.maxSafeNat(),
    tokenAmount: plainNumber,
    amounts: fc.array(u64, { maxLength: 3 }),
    changes: fc.array(i64, { maxLength: 3 }),
  })
  .map(({ extras, amounts, changes, tokenAmount, ...fields }) => {
    const event = { ...extras, ...structuredClone(EXAMPLE.enhanced), ...fields };
    event.nativeTransfers = amounts.map((amount) => ({ ...NATIVE_TRANSFER, amount }));
    event.accountData = changes.map((nativeBalanceChange, i) => ({
      ...EXAMPLE.enhanced.accountData[i % EXAMPLE.enhanced.accountData.length],
      nativeBalanceChange,
    }));
    event.tokenTransfers[0].tokenAmount = tokenAmount; // a number, not a u64
    return event;
  });

/** The spec's raw example with u64 `meta.fee`, `meta.preBalances[]`, `meta.postBalances[]`. */
const rawEvent = fc
  .record({
    extras,
    signatures: fc.array(signature, { minLength: 1, maxLength: 2 }),
    fee: u64,
    preBalances: fc.array(u64, { maxLength: 5 }),
    postBalances: fc.array(u64, { maxLength: 5 }),
    blockTime: fc.maxSafeNat(),
  })
  .map(({ extras, signatures, blockTime, ...meta }) => {
    const event = { ...extras, ...structuredClone(EXAMPLE.raw), blockTime };
    Object.assign(event.meta, meta);
    event.transaction.signatures = signatures;
    return event;
  });

const gap = fc.constantFrom("", " ", "\n\t");
const delivery = fc
  .tuple(fc.array(fc.oneof(enhancedEvent, rawEvent), { maxLength: 3 }), gap)
  .map(([events, gap]) => toJson(events, gap));

// A delivery with one amount out of its range: a u64 fee (1.5, a string, null, past 2^64 - 1, negative),
// or an i64 balance change past 2^63 - 1 (a u64's range, but not an i64's).
const notU64 = fc.oneof(
  fc.constantFrom<unknown>(1.5, -0.5, "5000 lamports", true, -1n, null),
  fc.bigInt({ min: U64_MAX + 1n, max: 2n ** 80n }),
  fc.bigInt({ min: -(2n ** 80n), max: -1n }),
);
const badAmountDelivery = fc
  .tuple(
    fc.oneof(
      fc.tuple(enhancedEvent, notU64).map(([event, bad]) => ({ ...event, fee: bad })),
      fc
        .tuple(enhancedEvent, fc.bigInt({ min: 2n ** 63n, max: U64_MAX }))
        .map(([event, change]) => ({
          ...event,
          accountData: [{ ...EXAMPLE.enhanced.accountData[0], nativeBalanceChange: change }],
        })),
      fc
        .tuple(rawEvent, notU64)
        .map(([event, bad]) => ({ ...event, meta: { ...event.meta, fee: bad } })),
    ),
    gap,
  )
  .map(([event, gap]) => toJson([event], gap));

// ------------------------------------------------------------------ requests

type BodySpec = { bytes: Uint8Array } | { sizeFromLimit: number };
interface Input {
  method: string;
  /** In order; names and values as sent (values are byte strings: characters up to U+00FF). */
  headers: [string, string][];
  body: BodySpec | null;
  /** whole: bytes (streamed when `fails`); stream: chunks; stream+length: chunks and a Content-Length. */
  mode: "whole" | "stream" | "stream+length";
  cuts: number[];
  /** The body stream fails (the sender disconnects) instead of ending. */
  fails: boolean;
}
interface Config {
  /** As configured: may carry whitespace at either end. */
  authHeader: string;
  maxBodyBytes: number;
  kind: DeliveryKind;
  onEventThrows: boolean;
  /** Failures go to a custom onError, or to the default one (console.error). */
  customOnError: boolean;
}

const HEADER_CHARS = [
  "\t",
  ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i)),
  ...Array.from({ length: 128 }, (_, i) => String.fromCharCode(0x80 + i)),
];
const headerValue = (maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...HEADER_CHARS), maxLength });

const config = fc.record<Config>({
  authHeader: fc
    .tuple(
      fc.constantFrom("Bearer ", "Basic ", ""),
      fc
        .string({
          unit: fc.constantFrom(..."aZ09-_.~+/= ", "é", "ß", "\u00a0", "€", "😀"),
          minLength: 12,
          maxLength: 40,
        })
        .filter((token) => /[^ ]/.test(token)),
      fc.constantFrom("", " ", "\n", "\t\r\n"),
    )
    .map(([scheme, token, padding]) => `${padding}${scheme}${token}${padding}`),
  maxBodyBytes: fc.oneof(
    fc.integer({ min: 1, max: 64 }),
    { weight: 2, arbitrary: fc.integer({ min: 65, max: 4096 }) },
    fc.integer({ min: 4097, max: 1 << 18 }),
  ),
  kind: fc.constantFrom("enhanced", "raw"),
  onEventThrows: fc.boolean(),
  customOnError: fc.boolean(),
});

/** A header value as sent: one beyond U+00FF can only be sent as its UTF-8 bytes. */
const sendable = (value: string) => (/[^\0-\xff]/.test(value) ? asHeaderBytes(value) : value);

/** Authorization values around the configured one: itself, padded, as UTF-8 bytes, near misses. */
const authorizationValue = (secret: string) =>
  fc
    .oneof(
      { weight: 12, arbitrary: fc.constant(secret) },
      fc.constant(asHeaderBytes(secret)),
      fc
        .tuple(fc.stringMatching(/^[ \t]{0,3}$/), fc.stringMatching(/^[ \t]{0,3}$/))
        .map(([a, b]) => a + secret + b),
      fc.nat().map((n) => secret.slice(0, n % secret.length)),
      headerValue(3).map((suffix) => secret + suffix),
      fc.nat().map((n) => {
        const i = n % secret.length;
        return secret.slice(0, i) + (secret[i] === "x" ? "y" : "x") + secret.slice(i + 1);
      }),
      fc.constantFrom(secret.toLowerCase(), secret.toUpperCase(), secret.replace(" ", "  ")),
      headerValue(30),
      fc.integer({ min: 1000, max: 6000 }).map((n) => secret.repeat(Math.ceil(n / secret.length))),
    )
    .map(sendable);

const headers = (secret: string): fc.Arbitrary<[string, string][]> => {
  const authorization = fc.tuple(
    fc.constantFrom("authorization", "Authorization", "AUTHORIZATION", "aUTHORIZATION"),
    authorizationValue(secret),
  );
  const others = fc.array(
    fc.tuple(
      fc.constantFrom(
        "Authorisation",
        "X-Authorization",
        "Proxy-Authorization",
        "Content-Type",
        "Accept",
      ),
      fc.oneof(fc.constant(sendable(secret)), headerValue(20)),
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(
      fc.oneof(
        { weight: 1, arbitrary: fc.constant([]) },
        { weight: 8, arbitrary: fc.tuple(authorization) },
        { weight: 1, arbitrary: fc.tuple(authorization, authorization) },
      ),
      others,
      fc.boolean(),
    )
    .map(([auth, others, authFirst]) => (authFirst ? [...auth, ...others] : [...others, ...auth]));
};

// Bytes no UTF-8 decoder may accept: a stray byte, an overlong `/`, a surrogate, past U+10FFFF, a cut € sign.
const NOT_UTF8 = [
  [0xff],
  [0x80],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x82],
];
const concat = (...parts: ArrayLike<number>[]) =>
  new Uint8Array(Buffer.concat(parts.map((part) => Uint8Array.from(part))));
const bodyBytes: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 6, arbitrary: delivery.map(encode) },
  badAmountDelivery.map(encode),
  // A delivery with edits: often no longer JSON, sometimes still a delivery.
  fc
    .tuple(
      delivery,
      fc.array(fc.tuple(fc.nat(), fc.boolean(), fc.constantFrom("", ...'[]{}",:09-e.\\ né')), {
        minLength: 1,
        maxLength: 3,
      }),
    )
    .map(([body, edits]) =>
      encode(
        edits.reduce((text, [at, remove, insert]) => {
          const i = at % (text.length + 1);
          return text.slice(0, i) + insert + text.slice(remove ? i + 1 : i);
        }, body),
      ),
    ),
  fc.json().map(encode),
  fc
    .array(fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue())), { maxLength: 3 })
    .map((items) => encode(JSON.stringify(items))),
  delivery.map((body) => concat([0xef, 0xbb, 0xbf], encode(body))), // a BOM
  fc.tuple(delivery, fc.nat(), fc.constantFrom(...NOT_UTF8)).map(([body, at, bad]) => {
    const bytes = encode(body);
    const i = at % (bytes.length + 1);
    return concat(bytes.subarray(0, i), bad, bytes.subarray(i));
  }),
  fc
    .tuple(delivery, fc.nat())
    .map(([body, at]) => encode(body).subarray(0, at % (body.length + 1))), // cut, maybe mid-character
  fc.uint8Array({ maxLength: 64 }),
  fc.constant(new Uint8Array()),
);

const input = (secret: string) =>
  fc.record<Input>({
    method: fc.oneof(
      { weight: 8, arbitrary: fc.constant("POST") },
      fc.constantFrom(
        "post",
        "Post",
        "GET",
        "HEAD",
        "PUT",
        "DELETE",
        "PATCH",
        "OPTIONS",
        "PROPFIND",
      ),
    ),
    headers: headers(secret),
    body: fc.oneof(
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 8, arbitrary: bodyBytes.map((bytes) => ({ bytes })) },
      // Right at the limit: `[`, spaces, `]` of maxBodyBytes − 2 … + 2 bytes.
      {
        weight: 2,
        arbitrary: fc.integer({ min: -2, max: 2 }).map((sizeFromLimit) => ({ sizeFromLimit })),
      },
    ),
    mode: fc.constantFrom("whole", "stream", "stream+length"),
    cuts: fc.array(fc.nat(), { maxLength: 4 }),
    fails: fc.nat(5).map((n) => n === 0),
  });

const cases = config.chain((config) =>
  fc.record({
    config: fc.constant(config),
    input: input(config.authHeader.replace(HTTP_WHITESPACE, "")),
  }),
);

const bodyOf = (input: Input, limit: number): Uint8Array | null =>
  input.body === null
    ? null
    : "bytes" in input.body
      ? input.body.bytes
      : encode(`[${" ".repeat(Math.max(0, limit + input.body.sizeFromLimit - 2))}]`);
const chunksOf = (bytes: Uint8Array, cuts: number[]) => {
  const at = [
    0,
    ...cuts.map((cut) => cut % (bytes.length + 1)).sort((a, b) => a - b),
    bytes.length,
  ];
  return at.slice(1).map((end, i) => bytes.subarray(at[i], end));
};
const sendsBody = (input: Input) => input.method !== "GET" && input.method !== "HEAD";

// ------------------------------------------------------------------ the oracle

interface Expected {
  status: 200 | 400 | 401 | 405 | 413 | 500;
  /** The events onEvent must see, in order (as JSON.parse reads them). */
  events: Record<string, unknown>[];
}

/** The documented answer to `input` (sent with `bytes` as its body) by a handler made with `config`. */
function expectedAnswer(config: Config, input: Input, bytes: Uint8Array | null): Expected {
  const answer = (status: Expected["status"], events: Record<string, unknown>[] = []) => ({
    status,
    events,
  });
  if (input.method.toUpperCase() !== "POST") return answer(405); // (`Request` upper-cases post)
  // The Fetch rule: a header's values, each stripped of HTTP whitespace, joined by ", ".
  const received = input.headers
    .filter(([name]) => name.toLowerCase() === "authorization")
    .map(([, value]) => value.replace(HTTP_WHITESPACE, ""));
  const secret = config.authHeader.replace(HTTP_WHITESPACE, "");
  const value = received.join(", ");
  if (!received.length || (value !== secret && value !== asHeaderBytes(secret))) return answer(401);
  const body = bytes ?? new Uint8Array();
  if (body.length > config.maxBodyBytes) return answer(413);
  if (input.fails && bytes) return answer(400);
  if (!isUtf8(body)) return answer(400);
  let events: unknown;
  try {
    // The UTF-8 decode of the Encoding standard (and of fetch's .json()) drops one leading BOM.
    events = JSON.parse(
      Buffer.from(body)
        .toString("utf8")
        .replace(/^\uFEFF/, ""),
    );
  } catch {
    return answer(400);
  }
  if (
    !Array.isArray(events) ||
    events.some((e) => e === null || typeof e !== "object" || Array.isArray(e))
  )
    return answer(400);
  // An event of the other kind (a raw one has a transaction object and no signature of its own,
  // an enhanced one the reverse) is the handler's misconfiguration: 500 before any event is seen.
  const other = (event: Record<string, unknown>) =>
    config.kind === "enhanced"
      ? typeof event.signature !== "string" &&
        typeof event.transaction === "object" &&
        event.transaction !== null
      : typeof event.signature === "string" && event.transaction === undefined;
  if ((events as Record<string, unknown>[]).some(other)) return answer(500);
  // De-duplication goes by each event's signature (a raw one's first), so one that is no
  // non-empty string (`"signature": 5`, or missing) makes a body that is no delivery: 400.
  const signed = (event: Record<string, unknown>) => {
    const signatures = (event.transaction as { signatures?: unknown } | null)?.signatures;
    const value =
      config.kind === "raw"
        ? Array.isArray(signatures)
          ? (signatures[0] as unknown)
          : undefined
        : event.signature;
    return typeof value === "string" && value !== "";
  };
  if (!(events as Record<string, unknown>[]).every(signed)) return answer(400);
  // (JSON.parse rounds 2^64 to the double next to 2^64 - 1: the amounts are judged on exact values.)
  const exact = parseJson(
    Buffer.from(body)
      .toString("utf8")
      .replace(/^\uFEFF/, ""),
  );
  if (badAmount(exact, AMOUNTS[config.kind])) {
    badAmounts++;
    return answer(400);
  }
  if (config.onEventThrows && events.length) return answer(500, events.slice(0, 1));
  return answer(200, events);
}

/** A handler made with `config` (no de-duplication: every event must reach onEvent), and what it saw. */
function receiver(config: Config) {
  const seen = { events: [] as Record<string, unknown>[], reported: [] as unknown[] };
  const handle = createWebhookHandler<DeliveryKind>({
    authHeader: config.authHeader,
    kind: config.kind,
    maxBodyBytes: config.maxBodyBytes,
    dedupe: false,
    onEvent: (event) => {
      seen.events.push(event as never);
      if (config.onEventThrows) throw new Error("database down");
    },
    ...(config.customOnError
      ? { onError: (error: unknown) => void seen.reported.push(error) }
      : {}),
  });
  return { handle, seen };
}

/** `input` as a `Request`, and how many chunks of its body stream were pulled. */
function toRequest(input: Input, bytes: Uint8Array | null) {
  const headers = new Headers();
  for (const [name, value] of input.headers) headers.append(name, value);
  let pulls = 0;
  let body: BodyInit | null = null;
  if (bytes && sendsBody(input)) {
    if (input.mode === "whole" && !input.fails) body = bytes.slice();
    else {
      const chunks = chunksOf(bytes, input.cuts);
      // highWaterMark 0: nothing is pulled until the handler reads.
      body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            const chunk = chunks[pulls++];
            if (chunk) controller.enqueue(chunk);
            else if (input.fails) controller.error(new Error("connection reset"));
            else controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      if (input.mode === "stream+length") headers.set("content-length", String(bytes.length));
    }
  }
  const request = new Request("http://127.0.0.1/hook", {
    method: input.method,
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  return { request, pulls: () => pulls };
}

/** Rejects when `promise` takes longer than `ms`: nothing may hang. */
const within = <T>(promise: Promise<T>, what: string, ms = 2000) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still pending after ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
};

/** Records console output (the default onError logs there) and unhandled rejections and exceptions. */
function watchProcess() {
  const logged: string[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  beforeEach(() => {
    for (const level of ["error", "warn", "log", "info"] as const)
      vi.spyOn(console, level).mockImplementation((...args) => void logged.push(format(...args)));
    process.on("unhandledRejection", onUnhandled).on("uncaughtException", onUnhandled);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    process.off("unhandledRejection", onUnhandled).off("uncaughtException", onUnhandled);
  });
  return {
    /** Fails on anything unhandled so far (after a turn of the event loop, when Node reports it), then forgets it. */
    async expectNothingUnhandled() {
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled.splice(0)).toEqual([]);
    },
    takeLog: () => logged.splice(0),
  };
}

/** The answer must not show the secret, nor may anything logged or reported. */
function expectNoLeak(secret: string, texts: string[]) {
  for (const form of [secret, asHeaderBytes(secret)])
    for (const text of texts)
      expect(text.includes(form), `leaks the authHeader: ${text}`).toBe(false);
}

// ------------------------------------------------------------------ 1. any request

describe("createWebhookHandler, any request", () => {
  const watch = watchProcess();

  it("gets the documented answer, never a rejection; onEvent sees only a whole, authorized delivery; the secret leaks nowhere", async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(cases, async ({ config, input }) => {
        const bytes = bodyOf(input, config.maxBodyBytes);
        const expected = expectedAnswer(config, input, bytes);
        const { handle, seen } = receiver(config);
        const { request, pulls } = toRequest(input, bytes);
        const response = await within(handle(request), "the answer");
        const text = await response.text();
        expect(response.status).toBe(expected.status);
        statuses.add(response.status);
        // Judged before anything about the body: not a chunk of it was pulled. Over the limit,
        // reading stops at the chunk that crossed it.
        if (expected.status === 401 || expected.status === 405) expect(pulls()).toBe(0);
        if (expected.status === 413 && bytes) {
          let size = 0;
          const crossing = chunksOf(bytes, input.cuts).findIndex(
            (chunk) => (size += chunk.length) > config.maxBodyBytes,
          );
          expect(pulls()).toBeLessThanOrEqual(crossing + 1);
        }
        // The same events, in order (their values are property 3's business).
        expect(seen.events.map((event) => Object.keys(event))).toEqual(
          expected.events.map((event) => Object.keys(event)),
        );
        const logged = watch.takeLog();
        if (expected.status === 500)
          expect(config.customOnError ? seen.reported : logged).toHaveLength(1);
        expectNoLeak(config.authHeader.replace(HTTP_WHITESPACE, ""), [
          text,
          ...[...response.headers].flat(),
          ...logged,
          ...seen.reported.map((error) => format(error)),
        ]);
        await watch.expectNothingUnhandled();
      }),
      { seed: SEED, numRuns: 3000 },
    );
    // The generators reach every documented answer, and a 400 for an amount out of range.
    expect([...statuses].sort()).toEqual([200, 400, 401, 405, 413, 500]);
    expect(badAmounts).toBeGreaterThan(0);
  });
});

const AUTH = "Bearer fuzz-placeholder-secret";
const post = (body: string) =>
  new Request("http://127.0.0.1/hook", { method: "POST", headers: { authorization: AUTH }, body });
/** Lets `n` turns of the microtask queue pass: slowness that is the same on every run. */
const ticks = async (n: number) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

// ------------------------------------------------------------------ 2. de-duplication

describe("createWebhookHandler, de-duplication under concurrency", () => {
  const watch = watchProcess();
  const SIGNATURES = [
    "5h6xBEauJ3PK6SWCZ1PGjBvj8vDdWG3KpwATGy1ARAXFSDwt8GFXM7W5Ncn16wmqokgpiKRLuS83KUxyZyv2sUYv",
    "4ETf86tK7b4W72f27kNLJLgRWi9UfJjgH4koHGUXMFtn1UWyZtUzBDpBsQeYtMmfAhsnZ8H3VAZJzZ7EwWiGjRzD",
    "3ZtQ7CL3xQR1o7DCAJ2KXSXDsqPww837feVksXMpwDfh",
  ];
  interface Planned {
    /** (A missing or empty one is refused: 400, see the first property.) */
    signature: string;
    throws: boolean;
    ticks: number;
  }
  const plans = fc.record({
    deliveries: fc.array(
      fc.record({
        startAfter: fc.nat(30),
        events: fc.array(
          fc.record<Planned>({
            signature: fc.constantFrom(...SIGNATURES),
            throws: fc.nat(3).map((n) => n === 0),
            ticks: fc.nat(30),
          }),
          { minLength: 1, maxLength: 4 },
        ),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    onError: fc.constantFrom("returns", "throws", "rejects"),
    /** The in-memory store, or one that answers after some turns (as a database would). */
    storeTicks: fc.option(fc.nat(10), { nil: undefined }),
  });
  /** A delivery of the spec's example event, once per planned event, each marked with where it was planned. */
  const deliveryOf = (events: Planned[], delivery: number) =>
    toJson(
      events.map(({ signature }, index) => ({
        ...EXAMPLE.enhanced,
        signature,
        at: [delivery, index],
      })),
    );

  it("hands each signature to onEvent until one call succeeds, one call at a time; answers 200 only when every event was handled", async () => {
    await fc.assert(
      fc.asyncProperty(plans, async ({ deliveries, onError, storeTicks }) => {
        interface Call {
          delivery: number;
          index: number;
          signature: string;
          start: number;
          end?: number;
          error?: Error;
        }
        const calls: Call[] = [];
        const reported: [string, unknown][] = [];
        let clock = 0;
        // The last delivery, added after the others settled, repeats every event once, none failing.
        const planned = deliveries.map((d) => d.events);
        const memory = createMemorySignatureStore();
        const slowStore: SignatureStore = {
          has: async (signature) => (await ticks(storeTicks!), memory.has(signature)),
          add: async (signature) => (await ticks(storeTicks!), memory.add(signature)),
        };
        const handle = createWebhookHandler({
          authHeader: AUTH,
          dedupe: storeTicks === undefined ? undefined : slowStore,
          onEvent: async (event: any) => {
            const [delivery, index] = event.at as [number, number];
            const { signature, throws, ticks: slowness } = planned[delivery]![index]!;
            const call: Call = {
              delivery,
              index,
              signature,
              start: ++clock,
            };
            calls.push(call);
            await ticks(slowness);
            call.end = ++clock;
            if (throws && delivery < deliveries.length)
              throw (call.error = new Error(`event ${delivery}.${index} failed`));
          },
          // eslint-disable-next-line @typescript-eslint/no-misused-promises -- an async onError is allowed (and must not fail the handler)
          onError: (error: unknown, event: any) => {
            reported.push([(error as Error).message, event.at]);
            if (onError === "throws") throw new Error("logger down");
            if (onError === "rejects") return Promise.reject(new Error("logger down"));
          },
        });
        const answers = await within(
          Promise.all(
            deliveries.map(async ({ startAfter, events }, delivery) => {
              await ticks(startAfter);
              const { status } = await handle(post(deliveryOf(events, delivery)));
              return { status, at: ++clock };
            }),
          ),
          "the deliveries",
        );

        // One signature: its calls never overlap, and only the last may succeed.
        for (const signature of SIGNATURES) {
          const ofSignature = calls.filter((call) => call.signature === signature);
          ofSignature.forEach((call, i) => {
            if (i > 0)
              expect(call.start, `${signature} handled twice at once`).toBeGreaterThan(
                ofSignature[i - 1]!.end!,
              );
            if (i < ofSignature.length - 1)
              expect(call.error, `${signature} after a success`).toBeDefined();
          });
        }
        // One delivery: its events in order; 500 when (and right after) one threw, else 200; every
        // event before that handled (by this delivery or, for a signature, by any) before it answered.
        answers.forEach(({ status, at }, delivery) => {
          const own = calls.filter((call) => call.delivery === delivery);
          own.forEach((call, i) => i > 0 && expect(call.index).toBeGreaterThan(own[i - 1]!.index));
          const failed = own.filter((call) => call.error);
          expect(failed.length).toBeLessThanOrEqual(1);
          expect(status, `delivery ${delivery}`).toBe(failed.length ? 500 : 200);
          if (failed[0]) expect(own.at(-1)).toBe(failed[0]);
          const reached = failed[0]?.index ?? deliveries[delivery]!.events.length;
          const by = failed[0]?.start ?? at;
          deliveries[delivery]!.events.slice(0, reached).forEach(({ signature }, index) => {
            const handled = calls.some(
              (call) => call.signature === signature && !call.error && call.end! < by,
            );
            expect(handled, `event ${delivery}.${index} handled`).toBe(true);
          });
        });
        // Every failure went to onError, with its event.
        expect(reported.sort()).toEqual(
          calls
            .filter((call) => call.error)
            .map((call) => [call.error!.message, [call.delivery, call.index]])
            .sort(),
        );
        await watch.expectNothingUnhandled();

        // Redelivered once more, nothing failing: only what never succeeded reaches onEvent, once.
        const succeeded = new Set(
          calls.filter((call) => !call.error).map((call) => call.signature),
        );
        const again: Planned[] = [
          ...new Set(deliveries.flatMap((d) => d.events.map((e) => e.signature))),
        ].map((signature) => ({ signature, throws: false, ticks: 0 }));
        planned.push(again);
        const before = calls.length;
        const { status } = await within(
          handle(post(deliveryOf(again, deliveries.length))),
          "the redelivery",
        );
        expect(status).toBe(200);
        expect(
          calls.slice(before).map((call) => call.index),
          "the events of the redelivery that reach onEvent",
        ).toEqual(
          again.flatMap(({ signature }, index) => (succeeded.has(signature) ? [] : [index])),
        );
      }),
      { seed: SEED, numRuns: 1500 },
    );
  });
});

// ------------------------------------------------------------------ 3. lossless typed events

describe("createWebhookHandler, typed events", () => {
  const deliveries = fc.constantFrom<DeliveryKind>("enhanced", "raw").chain((kind) =>
    fc.record({
      kind: fc.constant(kind),
      events: fc.array(kind === "raw" ? rawEvent : enhancedEvent, { minLength: 1, maxLength: 3 }),
      gap,
    }),
  );
  const rounded = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? Number(v) : v)),
    );

  it("carries exact bigints at every u64 and i64 field, and everything else as JSON.parse reads it", async () => {
    await fc.assert(
      fc.asyncProperty(deliveries, async ({ kind, events, gap }) => {
        const body = toJson(events, gap);
        const received: unknown[] = [];
        const handle = createWebhookHandler<DeliveryKind>({
          authHeader: AUTH,
          kind,
          dedupe: false,
          onEvent: (event) => void received.push(event),
        });
        expect((await handle(post(body))).status).toBe(200);
        expect(received).toEqual(events); // bigints where generated, numbers elsewhere
        expect(received.map(rounded)).toEqual(JSON.parse(body));
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });
});

// ------------------------------------------------------------------ 4. the Node adapter

/** A raw HTTP/1.1 client connection: writes bytes, reads answers. */
function open(port: number) {
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => {}); // (a reset after an answer or a disconnect is allowed)
  let received = Buffer.alloc(0);
  let ended = false;
  let wake = () => {};
  socket.on("data", (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    wake();
  });
  const closed = new Promise<void>((resolve) =>
    socket.on("close", () => {
      ended = true;
      wake();
      resolve();
    }),
  );
  /** The first whole answer received, taken out of the buffer; undefined while there is none. */
  const take = (head: boolean) => {
    const end = received.indexOf("\r\n\r\n");
    if (end < 0) return undefined;
    const [statusLine, ...lines] = received.subarray(0, end).toString("latin1").split("\r\n");
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(":")).toLowerCase(),
        line.slice(line.indexOf(":") + 1).trim(),
      ]),
    );
    const length = head ? 0 : Number(headers["content-length"] ?? 0);
    if (received.length < end + 4 + length) return undefined;
    const text = received.subarray(end + 4, end + 4 + length).toString("utf8");
    received = received.subarray(end + 4 + length);
    return { status: Number(statusLine!.split(" ")[1]), headers, text };
  };
  return {
    socket,
    closed,
    take,
    write: (bytes: Uint8Array | string) =>
      new Promise<void>((resolve) => socket.write(bytes, () => resolve())),
    /** The next answer, or undefined when the connection closes without one. */
    async answer(head = false) {
      for (;;) {
        const answer = take(head);
        if (answer || ended) return answer;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

/**
 * `input` as HTTP/1.1 bytes: the head, then the body in pieces, with a Content-Length or chunked
 * (a failing body: chunked, and never ended).
 */
function toHttp(input: Input, bytes: Uint8Array | null) {
  const chunked = input.mode === "stream" || input.fails;
  const data = bytes ? chunksOf(bytes, input.cuts).filter((chunk) => chunk.length) : [];
  const framing = !bytes
    ? []
    : chunked
      ? ["Transfer-Encoding: chunked"]
      : [`Content-Length: ${bytes.length}`];
  const lines = [
    `${input.method} /hook HTTP/1.1`,
    "Host: 127.0.0.1",
    ...input.headers.map(([name, value]) => `${name}: ${value}`),
    ...framing,
  ];
  const pieces: Uint8Array[] = !chunked
    ? data
    : [
        ...data.map((chunk) =>
          concat(encode(`${chunk.length.toString(16)}\r\n`), chunk, encode("\r\n")),
        ),
        ...(input.fails || !bytes ? [] : [encode("0\r\n\r\n")]),
      ];
  return { head: Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), pieces, chunked };
}

describe("serveNode (what toNodeHandler runs), on a loopback server", () => {
  const watch = watchProcess();
  // (Lower-case and unknown methods never reach a handler: Node answers them 400 itself.)
  const NODE_METHODS = ["POST", "GET", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND"];
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it("answers as the Request handler does; closes the connection after an early answer, else keeps it usable; survives disconnects", async () => {
    // (serveNode is what toNodeHandler's listener runs, as a promise: it settles once answered.)
    let serve: (req: NodeRequest, res: NodeResponse) => Promise<void> = async () => {};
    // Every request's handling, awaited at the end of each run: it must settle, never reject.
    const handlings: Promise<void>[] = [];
    const server = createServer((req, res) => void handlings.push(serve(req, res)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      await fc.assert(
        fc.asyncProperty(
          cases.filter(({ input }) => NODE_METHODS.includes(input.method)),
          fc.boolean(),
          async ({ config, input }, garbled) => {
            const bytes = bodyOf(input, config.maxBodyBytes);
            const expected = expectedAnswer(config, input, bytes);
            const { handle, seen } = receiver(config);
            serve = (req, res) => serveNode(handle, req, res);

            const { head, pieces, chunked } = toHttp(input, bytes);
            handlings.length = 0; // (a failed run may have left its own)
            const connection = open(port);
            try {
              await connection.write(head);
              // An answer that needs no body (documented: it closes the connection) must come
              // while the sender still holds part of the body back.
              const early =
                expected.status === 401 ||
                expected.status === 405 ||
                (expected.status === 413 && !chunked);
              const held = early && !input.fails ? pieces.pop() : undefined;
              for (const piece of pieces) {
                await connection.write(piece);
                await nextTurn();
              }

              if (input.fails) {
                // Gone mid-body, or a malformed chunk that Node's parser refuses (400, its own
                // answer). An answer of the handler, if one came in time, is the one decided
                // before the body ended.
                let answered;
                if (garbled) {
                  await connection.write("zz\r\n");
                  answered = await within(connection.answer(input.method === "HEAD"), "closing");
                } else {
                  connection.socket.destroy();
                  answered = connection.take(input.method === "HEAD");
                }
                expect([undefined, expected.status, ...(garbled ? [400] : [])]).toContain(
                  answered?.status,
                );
                const probe = open(port);
                await probe.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
                expect((await within(probe.answer(), "an answer after a disconnect"))?.status).toBe(
                  405,
                );
                await within(Promise.all(handlings.splice(0)), "the handling after a disconnect");
                expect(seen.events).toEqual([]);
                await watch.expectNothingUnhandled();
                return;
              }

              const answer = await within(
                connection.answer(input.method === "HEAD"),
                held ? "an answer before the whole body" : "the answer",
              );
              expect(answer?.status).toBe(expected.status);
              if (held || answer!.headers.connection === "close") {
                if (held) expect(answer!.headers.connection).toBe("close");
                await within(connection.closed, "closing the connection");
              } else {
                await connection.write("GET /again HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
                expect(
                  (await within(connection.answer(), "a second answer on the connection"))?.status,
                ).toBe(405);
              }
              expect(seen.events.map((event) => Object.keys(event))).toEqual(
                expected.events.map((event) => Object.keys(event)),
              );
              expectNoLeak(config.authHeader.replace(HTTP_WHITESPACE, ""), [
                answer!.text,
                ...Object.entries(answer!.headers).flat(),
                ...watch.takeLog(),
              ]);

              // The same answer as the Request handler gives.
              const viaRequest = await receiver(config).handle(toRequest(input, bytes).request);
              expect(answer!.status).toBe(viaRequest.status);
              if (input.method !== "HEAD") expect(answer!.text).toBe(await viaRequest.text());
              await within(Promise.all(handlings.splice(0)), "the handling");
              await watch.expectNothingUnhandled();
            } finally {
              connection.socket.destroy();
            }
          },
        ),
        { seed: SEED, numRuns: 600 },
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
