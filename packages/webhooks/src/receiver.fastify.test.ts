// The Fastify recipe the receiver documents (packages/webhooks/recipes/fastify.ts), imported and
// run as written on the real Fastify 5 (a root devDependency, never one of this package's): its
// app on 127.0.0.1, real deliveries POSTed to it. It proves that the plugin leaves the body to the
// handler (200 with the events handled, 401 before the body is read, de-duplication, 413 over
// maxBodyBytes with or without a Content-Length, gzip decoded by the handler) while the app's other
// routes keep Fastify's JSON parser; and that a plain Fastify route, whose parser reads the body
// first, is answered the 500 that names Fastify and its remedy (user trial 30 F4).
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { createWebhookHandler, toNodeHandler } from "./receiver.js";

beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));

const AUTH = "Bearer placeholder-webhook-auth";
const MiB = 1024 * 1024;
const PATH = "/webhooks/chaindata";

/** The spec's example delivery (spec/schemas/webhook-events.yaml), one enhanced event. */
const example = (
  parse(
    readFileSync(new URL("../../../spec/schemas/webhook-events.yaml", import.meta.url), "utf8"),
  ) as { EnhancedDelivery: { examples: [Record<string, any>[]] } }
).EnhancedDelivery.examples[0][0]!;

/** A delivery body of one event with `signature`. */
const delivery = (signature: string) => JSON.stringify([{ ...example, signature }]);

let signatures = 0;
const nextSignature = () => `${++signatures}`.padStart(88, "7");

it("runs on the major it names (Fastify 5)", () => {
  const require = createRequire(import.meta.url);
  const { version } = require("fastify/package.json") as { version: string };
  expect(version.split(".")[0]).toBe("5");
});

describe("the Fastify recipe (recipes/fastify.ts), as written", () => {
  let app: FastifyInstance;
  let url: string;
  /** The recipe's onEvent logs each event's type and signature: the events it handled. */
  let logged: unknown[][];

  beforeAll(async () => {
    process.env.WEBHOOK_AUTH = AUTH;
    app = ((await import("../recipes/fastify.js")) as { default: FastifyInstance }).default;
    // One of the app's other routes: Fastify's JSON parser still reads its bodies.
    app.post("/echo", async (request) => ({ got: request.body }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app?.close();
    delete process.env.WEBHOOK_AUTH;
  });
  beforeEach(() => {
    logged = [];
    vi.spyOn(console, "log").mockImplementation((...args) => void logged.push(args));
  });

  /** POSTs `body` as the service does (JSON, `Authorization`); the status and the answer's text. */
  const post = async (
    body: string | Uint8Array<ArrayBuffer>,
    authorization: string | null = AUTH,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(url + PATH, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(authorization === null ? {} : { authorization }),
        ...headers,
      },
      body,
    });
    return [response.status, await response.text()] as const;
  };

  it("hands the delivery's events to onEvent and answers 200", async () => {
    const signature = nextSignature();
    expect(await post(delivery(signature))).toEqual([200, "ok"]);
    expect(logged).toEqual([["TRANSFER", signature]]);
  });

  it("answers 401 to a wrong or missing Authorization and never calls onEvent", async () => {
    const body = delivery(nextSignature());
    expect(await post(body, "Bearer wrong-placeholder")).toEqual([401, "unauthorized"]);
    expect(await post(body, null)).toEqual([401, "unauthorized"]);
    expect(logged).toEqual([]);
  });

  it("de-duplicates a repeated delivery (200 both times, onEvent once)", async () => {
    const signature = nextSignature();
    expect(await post(delivery(signature))).toEqual([200, "ok"]);
    expect(await post(delivery(signature))).toEqual([200, "ok"]);
    expect(logged).toEqual([["TRANSFER", signature]]);
  });

  it("reads a gzip'd delivery (Content-Encoding: gzip): no parser of Fastify's in the way", async () => {
    const signature = nextSignature();
    const body = new Uint8Array(gzipSync(delivery(signature)));
    expect(await post(body, AUTH, { "content-encoding": "gzip" })).toEqual([200, "ok"]);
    expect(logged).toEqual([["TRANSFER", signature]]);
  });

  /**
   * POSTs a body of `size` bytes (and, without `contentLength`, one more: chunked), stopping
   * once answered; the status. With a Content-Length over the limit the handler answers before
   * any of the body is sent, so none is; without one, all `size` bytes go first, then the one that
   * passes the limit, so the answer does not race with bytes still being sent.
   */
  const postLarge = (size: number, contentLength: boolean) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(url + PATH, {
        method: "POST",
        headers: {
          authorization: AUTH,
          "content-type": "application/json",
          ...(contentLength ? { "content-length": String(size + 1) } : {}),
        },
      });
      let answered = false;
      req.on("response", (response) => {
        answered = true;
        response.resume();
        resolve(response.statusCode!);
        req.destroy();
      });
      req.on("error", (error) => answered || reject(error));
      if (contentLength) return void req.flushHeaders();
      const chunk = Buffer.alloc(64 * 1024, " ");
      let sent = 0;
      const write = () => {
        while (!answered && sent < size) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", write);
        }
        if (!answered) req.write("[");
      };
      write();
    });

  it("answers 413 to a body over maxBodyBytes (10 MiB) from its Content-Length, before reading it", async () => {
    expect(await postLarge(10 * MiB, true)).toBe(413);
    expect(logged).toEqual([]);
  });

  it("answers 413 to a body over maxBodyBytes (10 MiB) sent without a Content-Length, as it passes the limit", async () => {
    expect(await postLarge(10 * MiB, false)).toBe(413);
    expect(logged).toEqual([]);
  });

  it("leaves the app's other routes to Fastify's JSON parser", async () => {
    const response = await fetch(url + "/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a":1}',
    });
    expect([response.status, await response.json()]).toEqual([200, { got: { a: 1 } }]);
  });
});

describe("a plain Fastify route (its content-type parsers read the body first)", () => {
  it("answers a delivery with the 500 that names Fastify's parsers and the plugin that avoids them, never calling onEvent", async () => {
    const onEvent = vi.fn();
    const refusals: unknown[] = [];
    const webhook = toNodeHandler(
      createWebhookHandler({ authHeader: AUTH, onEvent, onRefused: (r) => void refusals.push(r) }),
    );
    const app = Fastify();
    app.post(PATH, (request, reply) => {
      reply.hijack();
      webhook(request.raw, reply.raw);
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const response = await fetch(
        `http://127.0.0.1:${(app.server.address() as { port: number }).port}${PATH}`,
        {
          method: "POST",
          headers: { "content-type": "application/json", authorization: AUTH },
          body: delivery(nextSignature()),
        },
      );
      const text = await response.text();
      expect(response.status).toBe(500);
      expect(text).toContain("already read by a body parser that ran before this handler");
      expect(text).toContain("Fastify's content-type parsers");
      expect(text).toContain('removeAllContentTypeParsers() and adds a "*" parser');
      expect(refusals).toEqual([{ status: 500, reason: text }]);
      expect(onEvent).not.toHaveBeenCalled();
    } finally {
      await app.close();
    }
  });
});
