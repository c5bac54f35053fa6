// Receiving webhook deliveries: the service POSTs a JSON array of events to the
// webhook's URL with `Authorization: <authHeader>`, expects a 200, retries a failed
// delivery (up to 3 times, a minute apart) and may deliver an event more than once.
// This module checks the header in constant time, parses the body into typed events
// (u64 amounts as bigint) and drops events whose signature it has already handled.
import { parseJson, reviveU64 } from "@chaindata/core";
import { webhookDeliveries } from "./generated/operations.js";
import type { EnhancedTransactionEvent, RawTransactionEvent } from "./generated/types.js";

/** The delivery kinds that reach your endpoint (discord webhooks post to Discord instead). */
export type DeliveryKind = "enhanced" | "raw";
/** The event type of each delivery kind. */
export interface DeliveryEvents {
  enhanced: EnhancedTransactionEvent;
  raw: RawTransactionEvent;
}

/** Remembers which signatures were handled, so an at-least-once delivery is processed once. */
export interface SignatureStore {
  /** True when `signature` was already recorded. */
  has(signature: string): boolean | Promise<boolean>;
  add(signature: string): void | Promise<void>;
}

export interface WebhookHandlerOptions<K extends DeliveryKind> {
  /** The `authHeader` the webhook was created with; every delivery must carry exactly this `Authorization` value. */
  authHeader: string;
  /** The webhook's type: `enhanced` (and `enhancedDevnet`) or `raw` (and `rawDevnet`). @default "enhanced" */
  kind?: K;
  /** Called once per new event, in delivery order. A throw answers 500, so the service delivers again. */
  onEvent(event: DeliveryEvents[K]): void | Promise<void>;
  /** De-duplication by signature: a store, or `false` to see every delivery. @default an in-memory store of the last 10,000 signatures */
  dedupe?: SignatureStore | false;
  /** Largest body accepted, in bytes; larger answers 413. @default 10_485_760 (10 MiB) */
  maxBodyBytes?: number;
}

/** An in-memory signature store that forgets the oldest entries beyond `maxEntries`. */
export function createMemorySignatureStore(maxEntries = 10_000): SignatureStore {
  const seen = new Set<string>();
  return {
    has: (signature) => seen.has(signature),
    add(signature) {
      seen.add(signature);
      // A Set iterates in insertion order: the first entry is the oldest.
      if (seen.size > maxEntries) seen.delete(seen.values().next().value as string);
    },
  };
}

const encoder = new TextEncoder();

/**
 * Compares two strings in time that depends only on their lengths, not on where they differ,
 * so the secret cannot be guessed byte by byte from response times.
 */
export function safeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ (y[i % (y.length || 1)] ?? 0);
  return diff === 0;
}

/** The signature an event is de-duplicated by. */
export function eventSignature(event: EnhancedTransactionEvent | RawTransactionEvent): string | undefined {
  if ("signature" in event && typeof event.signature === "string") return event.signature;
  const signatures = (event as RawTransactionEvent).transaction?.signatures;
  return Array.isArray(signatures) && typeof signatures[0] === "string" ? signatures[0] : undefined;
}

/**
 * Parses a delivery body (a JSON array of events) into typed events, u64 values as bigint.
 * Throws a TypeError naming the rule when the body is not such an array.
 */
export function parseDelivery<K extends DeliveryKind>(body: string, kind: K): DeliveryEvents[K][] {
  let value: unknown;
  try {
    value = parseJson(body);
  } catch {
    throw new TypeError("delivery body: must be JSON");
  }
  if (!Array.isArray(value)) throw new TypeError("delivery body: must be a JSON array of events");
  value.forEach((event, i) => {
    if (event === null || typeof event !== "object" || Array.isArray(event)) throw new TypeError(`delivery body[${i}]: must be an event object`);
  });
  return reviveU64(value, webhookDeliveries[kind]?.u64 ?? undefined) as DeliveryEvents[K][];
}

const text = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

/**
 * A handler for webhook deliveries on any platform with the standard `Request`/`Response`
 * (Node 18+, Deno, Bun, edge runtimes). Answers 405 to a non-POST, 401 to a wrong or missing
 * `Authorization`, 413 to a body over `maxBodyBytes`, 400 to a body that is not an array of
 * events, 500 when `onEvent` throws, and 200 once every new event was handled.
 *
 * @example
 * ```ts
 * const handle = createWebhookHandler({
 *   authHeader: process.env.WEBHOOK_AUTH!,
 *   onEvent: (event) => console.log(event.type, event.signature),
 * });
 * export default { fetch: handle };
 * ```
 */
export function createWebhookHandler<K extends DeliveryKind = "enhanced">(options: WebhookHandlerOptions<K>): (request: Request) => Promise<Response> {
  if (typeof options.authHeader !== "string" || options.authHeader.length === 0) {
    throw new TypeError("authHeader: required, the webhook's authHeader (a non-empty string)");
  }
  const kind = (options.kind ?? "enhanced") as K;
  const store = options.dedupe === false ? undefined : (options.dedupe ?? createMemorySignatureStore());
  const maxBodyBytes = options.maxBodyBytes ?? 10 * 1024 * 1024;

  return async (request) => {
    if (request.method !== "POST") return new Response("method not allowed", { status: 405, headers: { allow: "POST" } });
    if (!safeEqual(request.headers.get("authorization") ?? "", options.authHeader)) return text(401, "unauthorized");
    const declared = Number(request.headers.get("content-length") ?? 0);
    if (declared > maxBodyBytes) return text(413, "payload too large");
    const body = await request.text();
    if (encoder.encode(body).length > maxBodyBytes) return text(413, "payload too large");
    let events: DeliveryEvents[K][];
    try {
      events = parseDelivery(body, kind);
    } catch (error) {
      return text(400, (error as Error).message);
    }
    try {
      for (const event of events) {
        const signature = eventSignature(event);
        if (store && signature !== undefined && (await store.has(signature))) continue;
        await options.onEvent(event);
        if (store && signature !== undefined) await store.add(signature);
      }
    } catch {
      return text(500, "handler failed");
    }
    return text(200, "ok");
  };
}

/** Minimal shapes of Node's `http.IncomingMessage` / `ServerResponse`, so this module needs no Node types at runtime. */
interface NodeRequest extends AsyncIterable<Uint8Array | string> {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}
interface NodeResponse {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(body?: string): unknown;
}

/**
 * Adapts a `Request` handler to Node's `http` server.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http";
 * createServer(toNodeHandler(createWebhookHandler({ authHeader, onEvent }))).listen(3000);
 * ```
 */
export function toNodeHandler(handler: (request: Request) => Promise<Response>): (req: NodeRequest, res: NodeResponse) => Promise<void> {
  return async (req, res) => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of req) chunks.push(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const method = req.method ?? "GET";
    const body = method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks);
    const response = await handler(new Request(new URL(req.url ?? "/", "http://localhost"), { method, headers, body }));
    res.statusCode = response.status;
    response.headers.forEach((value, name) => res.setHeader(name, value));
    res.end(await response.text());
  };
}
