// The Next.js recipes the receiver documents (packages/webhooks/recipes/next-*.ts), imported and
// run as written, without Next.js (not installed here): an App Router route is a function from a
// Request to a Response, and a Pages Router API route a node:http listener. It proves that each
// can be imported without the webhook's secret in the environment, as `next build` imports route
// modules (user trial 30 F1: a handler made at module scope threw there), makes its handler on the
// first request, and then answers deliveries (200, 401, de-duplication); and that the Pages Router
// route turns Next.js's body parser off.
import { createServer, type Server } from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const AUTH = "Bearer placeholder-webhook-auth";

let signatures = 0;
const nextSignature = () => `${++signatures}`.padStart(88, "6");
const delivery = (signature: string) =>
  JSON.stringify([{ signature, type: "TRANSFER", source: "SYSTEM_PROGRAM", fee: 5000 }]);

/** The recipe's onEvent logs each event's type and signature: the events it handled. */
let logged: unknown[][];
beforeEach(() => {
  logged = [];
  vi.spyOn(console, "log").mockImplementation((...args) => void logged.push(args));
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => void delete process.env.WEBHOOK_AUTH);

type Post = (body: string, authorization?: string | null) => Promise<readonly [number, string]>;

/** What both routes must do once the secret is set: 200, 401, and a repeated delivery once. */
function answersDeliveries(post: () => Post) {
  it("then answers deliveries: 200 with the events handled, 401 to a wrong Authorization, a repeated delivery handled once", async () => {
    process.env.WEBHOOK_AUTH = AUTH;
    const signature = nextSignature();
    expect(await post()(delivery(signature))).toEqual([200, "ok"]);
    expect(await post()(delivery(signature))).toEqual([200, "ok"]);
    expect(await post()(delivery(nextSignature()), "Bearer wrong-placeholder")).toEqual([
      401,
      "unauthorized",
    ]);
    expect(await post()(delivery(nextSignature()), null)).toEqual([401, "unauthorized"]);
    expect(logged).toEqual([["TRANSFER", signature]]);
  });
}

describe("the Next.js App Router recipe (recipes/next-app-router.ts)", () => {
  let POST: (request: Request) => Promise<Response>;
  const post: Post = async (body, authorization = AUTH) => {
    const response = await POST(
      new Request("http://localhost/webhooks/chaindata", {
        method: "POST",
        headers: authorization === null ? {} : { authorization },
        body,
      }),
    );
    return [response.status, await response.text()] as const;
  };

  it("is imported without WEBHOOK_AUTH in the environment (as `next build` imports it)", async () => {
    delete process.env.WEBHOOK_AUTH;
    ({ POST } = await import("../recipes/next-app-router.js"));
    expect(typeof POST).toBe("function");
  });

  it("makes its handler on the first request: without the secret that request fails, naming authHeader, and a later one with it set is handled", async () => {
    await expect(post(delivery(nextSignature()))).rejects.toThrow(/^authHeader: required/);
    process.env.WEBHOOK_AUTH = AUTH;
    const signature = nextSignature();
    expect(await post(delivery(signature))).toEqual([200, "ok"]);
    expect(logged).toEqual([["TRANSFER", signature]]);
  });

  answersDeliveries(() => post);
});

describe("the Next.js Pages Router recipe (recipes/next-pages-router.ts)", () => {
  let server: Server;
  let url: string;
  let route: typeof import("../recipes/next-pages-router.js");

  beforeAll(async () => {
    delete process.env.WEBHOOK_AUTH;
    route = await import("../recipes/next-pages-router.js");
    // As Next.js serves an API route whose bodyParser is off: the request as it arrived.
    server = createServer((req, res) => route.default(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/webhooks/chaindata`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post: Post = async (body, authorization = AUTH) => {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(authorization === null ? {} : { authorization }),
      },
      body,
    });
    return [response.status, await response.text()] as const;
  };

  it("turns Next.js's body parser off (else every delivery is answered 500)", () => {
    expect(route.config).toEqual({ api: { bodyParser: false } });
  });

  it("is imported without WEBHOOK_AUTH in the environment, and makes its handler on the first request", async () => {
    // (Without the secret, creating the handler throws: the route throws, and Next.js answers 500.)
    expect(() => route.default({} as never, {} as never)).toThrow(/^authHeader: required/);
    process.env.WEBHOOK_AUTH = AUTH;
    const signature = nextSignature();
    expect(await post(delivery(signature))).toEqual([200, "ok"]);
    expect(logged).toEqual([["TRANSFER", signature]]);
  });

  answersDeliveries(() => post);
});
