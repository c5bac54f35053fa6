// The Express recipes the receiver documents, run on the real Express 5 and Express 4 (root
// devDependencies, `express4` an npm alias of express@4; never one of this package's): a real app on 127.0.0.1, real deliveries POSTed with fetch. It
// proves that `toNodeHandler(handle)` works with no body parser, behind `express.raw()` and behind
// `express.text()` (typed events with u64 amounts as bigint, 401 to a wrong `Authorization`,
// de-duplication, 413 over the limits, 500 when `onEvent` throws); that behind `express.json()` a
// parsed delivery is answered with the documented 500 naming the fix; and that the documented
// pitfall is real: `express.raw({ type: "*/*" })` without a `limit` answers a delivery over 100kb
// 413 before the handler runs. The unit tests in receiver.test.ts only simulate body parsers.
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import express5, { type Express, type RequestHandler } from "express";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import {
  createWebhookHandler,
  toNodeHandler,
  type DeliveryKind,
  type WebhookHandlerOptions,
} from "./receiver.js";

// The default onRefused warns of every refused delivery, which many tests here make on purpose:
// kept out of the test output (a test of the default spies on console.warn itself).
beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));
afterEach(() => vi.mocked(console.warn).mockRestore?.());

const AUTH = "Bearer placeholder-webhook-auth";
const U64_MAX = 18446744073709551615n;
const MiB = 1024 * 1024;

/** The spec's example deliveries (spec/schemas/webhook-events.yaml), one event each. */
const examples = parse(
  readFileSync(new URL("../../../spec/schemas/webhook-events.yaml", import.meta.url), "utf8"),
) as Record<"EnhancedDelivery" | "RawDelivery", { examples: [Record<string, any>[]] }>;

/**
 * A delivery body: the spec's example event with `signature`, its fee set to the largest u64 (which
 * `JSON.parse` would round) and, when `size` is given, a description that pads the body to at
 * least that many bytes.
 */
function delivery(kind: DeliveryKind, signature: string, size = 0): string {
  const example = structuredClone(
    (kind === "raw" ? examples.RawDelivery : examples.EnhancedDelivery).examples[0][0]!,
  );
  if (kind === "raw") example.transaction.signatures = [signature];
  else example.signature = signature;
  example.description = "x".repeat(size);
  const body = JSON.stringify([example]);
  // (The spec's fee is 5000 in both kinds; the u64 goes in as JSON text, digits and all.)
  const fee = kind === "raw" ? '"fee":5000,"innerInstructions"' : '"fee":5000,"feePayer"';
  expect(body).toContain(fee);
  return body.replace(fee, fee.replace("5000", String(U64_MAX)));
}

/** Distinct signatures, so each test's deliveries are new to the handler's store. */
let signatures = 0;
const nextSignature = () => `${++signatures}`.padStart(88, "5");

// The alias has no types of its own (a name TypeScript cannot resolve must be imported through a
// `string`); Express 5's types describe the calls used here.
const importByName = (name: string): Promise<{ default: unknown }> => import(name);
const express4 = (await importByName("express4")).default as typeof express5;

interface App {
  url: string;
  events: any[];
  errors: unknown[];
  /** How many requests got past the body parser to the webhook handler. */
  reachedHandler: number;
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

type Mount = (app: Express, webhook: RequestHandler) => void;

/** `app.post("/hook", ...parsers, webhook)`: the recipes that put a parser on the route. */
const onRoute =
  (...parsers: RequestHandler[]): Mount =>
  (app, webhook) =>
    app.post("/hook", ...parsers, webhook);

/** Starts an Express app where `mount` places `toNodeHandler(handle)` (as `webhook`) on /hook. */
async function serve<K extends DeliveryKind = "enhanced">(
  express: typeof express5,
  mount: Mount,
  options: Partial<WebhookHandlerOptions<K>> = {},
): Promise<App> {
  const app: App = { url: "", events: [], errors: [], reachedHandler: 0 };
  const handle = createWebhookHandler<K>({
    authHeader: AUTH,
    onEvent: (event) => void app.events.push(event),
    onError: (error) => void app.errors.push(error),
    ...options,
  } as WebhookHandlerOptions<K>);
  const webhook = toNodeHandler(handle);
  const expressApp = express();
  mount(expressApp, (req, res) => {
    app.reachedHandler++;
    return webhook(req, res);
  });
  const listening = expressApp.listen(0, "127.0.0.1");
  server = listening;
  await new Promise<void>((resolve, reject) =>
    listening.once("listening", resolve).once("error", reject),
  );
  app.url = `http://127.0.0.1:${(listening.address() as { port: number }).port}/hook`;
  return app;
}

/** POSTs `body` as the service does (JSON, `Authorization`); the status and the answer's text. */
async function post(app: App, body: string, authorization: string | null = AUTH) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization !== null) headers.authorization = authorization;
  const response = await fetch(app.url, { method: "POST", headers, body });
  return [response.status, await response.text()] as const;
}

const versions: [string, typeof express5][] = [
  ["Express 5", express5],
  ["Express 4", express4],
];

it("runs on the majors it names (Express 5 and, through the alias, Express 4)", () => {
  const require = createRequire(import.meta.url);
  const major = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
  expect([major("express"), major("express4")].map((v) => v.split(".")[0])).toEqual(["5", "4"]);
});

describe.each(versions)("%s", (_version, express) => {
  // The recipes that hand the handler the delivery's bytes: no parser, raw bytes, text.
  const recipes: [string, Mount][] = [
    ["no body parser", onRoute()],
    [
      'express.raw({ type: "*/*", limit: "10mb" })',
      onRoute(express.raw({ type: "*/*", limit: "10mb" })),
    ],
    [
      'express.text({ type: "*/*", limit: "10mb" })',
      onRoute(express.text({ type: "*/*", limit: "10mb" })),
    ],
  ];

  describe.each(recipes)("%s", (_name, mount) => {
    it("hands onEvent typed enhanced events, u64 amounts as exact bigints, and answers 200", async () => {
      const app = await serve(express, mount);
      const signature = nextSignature();
      expect(await post(app, delivery("enhanced", signature))).toEqual([200, "ok"]);
      expect(app.events).toHaveLength(1);
      const [event] = app.events;
      expect(event.signature).toBe(signature);
      expect(event.type).toBe("TRANSFER");
      expect(event.fee).toBe(U64_MAX);
      expect(event.accountData[0].nativeBalanceChange).toBe(-5000n);
      // Not a u64: stays a number.
      expect(event.tokenTransfers[0].tokenAmount).toBe(25);
    });

    it("hands onEvent typed raw events (kind: raw), u64 amounts as exact bigints", async () => {
      const app = await serve<"raw">(express, mount, { kind: "raw" });
      const signature = nextSignature();
      expect(await post(app, delivery("raw", signature))).toEqual([200, "ok"]);
      const [event] = app.events;
      expect(event.transaction.signatures).toEqual([signature]);
      expect(event.meta.fee).toBe(U64_MAX);
      expect(event.meta.preBalances[0]).toBe(1500000000n);
    });

    it("answers 401 to a wrong or missing Authorization and never calls onEvent", async () => {
      const app = await serve(express, mount);
      const body = delivery("enhanced", nextSignature());
      expect(await post(app, body, "Bearer wrong-placeholder")).toEqual([401, "unauthorized"]);
      expect(await post(app, body, null)).toEqual([401, "unauthorized"]);
      expect(app.events).toEqual([]);
    });

    it("de-duplicates a repeated delivery (200 both times, onEvent once)", async () => {
      const app = await serve(express, mount);
      const body = delivery("enhanced", nextSignature());
      expect(await post(app, body)).toEqual([200, "ok"]);
      expect(await post(app, body)).toEqual([200, "ok"]);
      expect(app.events).toHaveLength(1);
    });

    it("answers 413 to a body over maxBodyBytes, without calling onEvent", async () => {
      const app = await serve(express, mount, { maxBodyBytes: 64 * 1024 });
      const [status, text] = await post(app, delivery("enhanced", nextSignature(), 64 * 1024));
      expect([status, text]).toEqual([413, "payload too large"]);
      expect(app.events).toEqual([]);
    });

    it("answers 413 to a body over 10 MiB (the parser's limit and the default maxBodyBytes)", async () => {
      const app = await serve(express, mount);
      const [status] = await post(app, delivery("enhanced", nextSignature(), 10 * MiB));
      expect(status).toBe(413);
      expect(app.events).toEqual([]);
      // Just under the limit is still a delivery.
      const fits = delivery("enhanced", nextSignature(), 10 * MiB - 2048);
      expect(fits.length).toBeLessThanOrEqual(10 * MiB);
      expect(await post(app, fits)).toEqual([200, "ok"]);
    });

    it("reads a gzip'd delivery (Content-Encoding: gzip): decoded by the handler, or by the parser in front", async () => {
      const app = await serve(express, mount);
      const signature = nextSignature();
      const response = await fetch(app.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-encoding": "gzip",
          authorization: AUTH,
        },
        body: gzipSync(delivery("enhanced", signature)),
      });
      expect([response.status, await response.text()]).toEqual([200, "ok"]);
      expect(app.events[0].signature).toBe(signature);
      expect(app.events[0].fee).toBe(U64_MAX);
    });

    it("answers 500 when onEvent throws, and passes the error to onError", async () => {
      const app = await serve(express, mount, {
        onEvent: () => {
          throw new Error("database down");
        },
      });
      expect(await post(app, delivery("enhanced", nextSignature()))).toEqual([
        500,
        "handler failed",
      ]);
      expect(app.errors).toEqual([new Error("database down")]);
    });
  });

  describe("express.json() in front", () => {
    it("answers a parsed delivery with the documented 500 naming the fix, never calling onEvent", async () => {
      const app = await serve(express, onRoute(express.json({ limit: "10mb" })));
      const [status, text] = await post(app, delivery("enhanced", nextSignature()));
      expect(status).toBe(500);
      expect(text).toContain("already read by a body parser");
      expect(text).toContain('express.raw({ type: "*/*", limit: "10mb" })');
      expect(app.events).toEqual([]);
    });

    it("answers a wrong Authorization 401 first", async () => {
      const app = await serve(express, onRoute(express.json()));
      const body = delivery("enhanced", nextSignature());
      expect(await post(app, body, "Bearer wrong-placeholder")).toEqual([401, "unauthorized"]);
      expect(app.events).toEqual([]);
    });
    it("is not in the way when the handler is mounted before it (the documented fix)", async () => {
      const app = await serve(express, (expressApp, webhook) => {
        expressApp.post("/hook", webhook);
        expressApp.use(express.json());
      });
      expect(await post(app, delivery("enhanced", nextSignature()))).toEqual([200, "ok"]);
      expect(app.events[0].fee).toBe(U64_MAX);
    });
  });

  // When no parser matched the content type, Express 5 leaves `req.body` undefined and Express 4
  // sets it to {}; both leave the stream unread: the handler reads the delivery itself.
  describe("a parser whose type does not match a JSON delivery", () => {
    it.each([
      ["express.raw() (application/octet-stream only)", express.raw()],
      ["express.text() (text/plain only)", express.text()],
    ])("%s leaves the delivery to the handler", async (_name, parser) => {
      const app = await serve(express, onRoute(parser));
      expect(await post(app, delivery("enhanced", nextSignature()))).toEqual([200, "ok"]);
      expect(app.events[0].fee).toBe(U64_MAX);
    });
  });

  describe('the documented pitfall: express.raw({ type: "*/*" }) without a limit', () => {
    it("answers a delivery over 100kb 413 before the handler runs", async () => {
      const app = await serve(express, onRoute(express.raw({ type: "*/*" })));
      // Under body-parser's default limit (100kb = 102,400 bytes): delivered.
      expect(await post(app, delivery("enhanced", nextSignature(), 90_000))).toEqual([200, "ok"]);
      expect(app.reachedHandler).toBe(1);
      // Over it: a valid delivery, well under maxBodyBytes (10 MiB), lost.
      const [status, text] = await post(app, delivery("enhanced", nextSignature(), 110_000));
      expect(status).toBe(413);
      expect(text).not.toBe("payload too large"); // (body-parser's answer, not the receiver's)
      expect(app.reachedHandler).toBe(1);
      expect(app.events).toHaveLength(1);
    });
  });
});
