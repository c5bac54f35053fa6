// The standalone form, `getWebhook(createWebhooksRest(options), params)`: the request the client's
// method sends, the refusals (a ConfigurationError for a wrong first argument, arguments after the
// options of listWebhooks), and updateWebhook's pointer at editWebhook for a partial body.
import { describe, expect, it, vi } from "vitest";
import type { Client, Middleware } from "openapi-fetch";
import type { paths } from "./generated/openapi.js";
import {
  APIError,
  ConfigurationError,
  ValidationError,
  createWebhook,
  createWebhooksClient,
  createWebhooksRest,
  deleteWebhook,
  editWebhook,
  getWebhook,
  listWebhooks,
  updateWebhook,
} from "./index.js";
import { recordingFetch, wire } from "../../core/src/test-support/testing.js";
import { WEBHOOK_ID as ID, storedWebhook } from "../test-support/webhook.js";

const KEY = "0f3c81aa-5b2e-4c1d-9e7f-a1b2c3d4e5f6";
const webhook = storedWebhook;

/** A fetch that answers every request with the webhook, and the requests it got. */
const stub = () => recordingFetch(() => webhook);

describe("webhooks standalone functions", () => {
  it("send the client method's request (path, body, key) and resolve with its result", async () => {
    const viaClient = stub();
    const viaFunction = stub();
    const client = createWebhooksClient({ apiKey: KEY, fetch: viaClient.fetch });
    const rest = createWebhooksRest({ apiKey: KEY, fetch: viaFunction.fetch });
    expect(await getWebhook(rest, { webhookID: ID })).toEqual(
      await client.getWebhook({ webhookID: ID }),
    );
    await client.updateWebhook(webhook);
    await updateWebhook(rest, webhook);
    await client.listWebhooks();
    await listWebhooks(rest);
    expect(await Promise.all(viaFunction.requests.map(wire))).toEqual(
      await Promise.all(viaClient.requests.map(wire)),
    );
    expect(viaFunction.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      `GET /v0/webhooks/${ID}`,
      `PUT /v0/webhooks/${ID}`,
      "GET /v0/webhooks",
    ]);
  });

  it("updateWebhook with settings left out points at editWebhook, as the client's does; nothing sent", async () => {
    const { fetch, requests } = stub();
    const rest = createWebhooksRest({ apiKey: KEY, fetch });
    const params = { webhookID: ID, webhookURL: "https://hooks.example.com/solana" };
    const error = await updateWebhook(rest, params as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(
      "params.transactionTypes: is required; params.accountAddresses: is required (updateWebhook replaces every setting; to change some only, use editWebhook(rest, params) with this rest)",
    );
    expect(requests).toEqual([]);
    // The call the message names, with the same rest and params: the rest of the settings kept.
    await editWebhook(rest, params);
    expect(requests.map((r) => r.method)).toEqual(["GET", "PUT"]);
    const { webhookID: _, ...settings } = webhook;
    expect(await requests[1]!.json()).toEqual({ ...settings, webhookURL: params.webhookURL });
  });

  it("refuse arguments after listWebhooks' options, as the client does", async () => {
    const { fetch, requests } = stub();
    const rest = createWebhooksRest({ apiKey: KEY, fetch });
    const any = listWebhooks as (...args: unknown[]) => Promise<unknown>;
    const [viaFunction, viaClient] = await Promise.all([
      any(rest, {}, {}).catch((e: Error) => e),
      (
        createWebhooksClient({ apiKey: KEY, fetch }).listWebhooks as (
          ...a: unknown[]
        ) => Promise<unknown>
      )({}, {}).catch((e: Error) => e),
    ]);
    expect(viaFunction).toBeInstanceOf(Error);
    expect(String(viaFunction)).toBe(String(viaClient));
    expect(requests).toEqual([]);
  });

  it("reject anything else given first with a ConfigurationError naming the factory, nothing sent", async () => {
    const { fetch, requests } = stub();
    const cases: [() => Promise<unknown>, string][] = [
      [
        () =>
          (deleteWebhook as (...a: unknown[]) => Promise<unknown>)(
            createWebhooksClient({ apiKey: KEY, fetch }),
            { webhookID: ID },
          ),
        "deleteWebhook: the first argument must be the result of createWebhooksRest() (got a client: call client.deleteWebhook(...) instead)",
      ],
      [
        () => (listWebhooks as (...a: unknown[]) => Promise<unknown>)(),
        "listWebhooks: the first argument must be the result of createWebhooksRest() (got undefined)",
      ],
      [
        () => (updateWebhook as (...a: unknown[]) => Promise<unknown>)(webhook),
        "updateWebhook: the first argument must be the result of createWebhooksRest() (got object)",
      ],
    ];
    for (const [call, message] of cases) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toBe(message);
    }
    expect(requests).toEqual([]);
  });
});

describe("rest.call with a send of the caller's own", () => {
  const own = { id: "listWebhooksOwn", idempotent: true };
  // (What a send that makes no request, or makes it after it returned, is refused with.)
  const refused = new ConfigurationError(
    "send: must make its request with the fetch it is given, and wait for it",
    { operation: own.id },
  );
  const { webhookID: _, ...created } = webhook;

  it("gives a client of real Requests: a fetch of its own may clone one, a per-call middleware replace it", async () => {
    // (The client made the transport's stand-in, no Request: `clone` was undefined, and a
    // middleware's `new Request()` threw "onRequest: must return new Request() or Response()".)
    const { fetch, requests } = stub();
    const rest = createWebhooksRest({ apiKey: KEY, fetch });
    const seen: unknown[] = [];
    const traced: Middleware = {
      onRequest: ({ request }) => {
        const replaced = new Request(request, { headers: request.headers });
        replaced.headers.set("x-trace", "t-1");
        return replaced;
      },
    };
    const result = await rest.call(
      { id: "createWebhookTraced", idempotent: false },
      created,
      undefined,
      (client, send) =>
        (client as Client<paths>).POST("/v0/webhooks", {
          body: created,
          middleware: [traced],
          fetch: async (request) => {
            seen.push(request instanceof Request, await request.clone().text());
            return send(request);
          },
          parseAs: "stream",
        }),
    );
    expect(result).toEqual(webhook);
    expect(seen).toEqual([true, JSON.stringify(created)]);
    const [sent] = requests as [Request];
    expect(sent.headers.get("x-trace")).toBe("t-1");
    expect(JSON.parse(await sent.text())).toEqual(created);
    expect(new URL(sent.url).pathname).toBe("/v0/webhooks");
  });

  it("the generated functions still give openapi-fetch the transport's own Request, which keeps the body as text", async () => {
    const { fetch, requests } = stub();
    const rest = createWebhooksRest({ apiKey: KEY, fetch });
    const handed: Request[] = [];
    // (A middleware added to the shared client with use() sees the generated functions' requests.)
    await rest.call({ id: "listWebhooks", idempotent: true }, {}, undefined, (client, fetch) => {
      (client as Client<paths>).use({ onRequest: ({ request }) => void handed.push(request) });
      return (client as Client<paths>).GET("/v0/webhooks", { fetch, parseAs: "stream" });
    });
    await createWebhook(rest, created);
    expect(handed).toHaveLength(2);
    expect(handed[0]).toBeInstanceOf(Request);
    expect(handed[1]).not.toBeInstanceOf(Request);
    expect(await handed[1]!.text()).toBe(JSON.stringify(created));
    expect(JSON.parse(await requests[1]!.text())).toEqual(created);
  });

  it("a send that makes no request with its fetch, or whose middleware answers instead, is told so, not a TypeError", async () => {
    // (There was no answer to read: "Cannot read properties of undefined (reading 'value')".)
    const { fetch, requests } = stub();
    const rest = createWebhooksRest({ apiKey: KEY, fetch });
    await expect(rest.call(own, {}, undefined, async () => {})).rejects.toThrow(refused);
    const answering: Middleware = { onRequest: () => Response.json([]) };
    await expect(
      rest.call(own, {}, undefined, (client, fetch) =>
        (client as Client<paths>).GET("/v0/webhooks", { fetch, middleware: [answering] }),
      ),
    ).rejects.toThrow(refused);
    expect(requests).toHaveLength(0);
  });

  it("a send that returns before its fetch has its request: the call is refused, and that request is never sent", async () => {
    // (The call said nothing was sent, and the request went out after it: its fetch was handed the
    // request, or a middleware still ran, when `send` returned.)
    const { fetch, requests } = stub();
    const rest = createWebhooksRest({ apiKey: KEY, fetch });
    const slowMiddleware: Middleware = { onRequest: () => new Promise((r) => setTimeout(r, 10)) };
    for (const middleware of [[], [slowMiddleware]]) {
      let late: Promise<unknown> | undefined;
      await expect(
        rest.call(own, {}, undefined, async (client, fetch) => {
          late = (client as Client<paths>)
            .GET("/v0/webhooks", { fetch, middleware })
            .catch((error: unknown) => error);
        }),
      ).rejects.toThrow(refused);
      // (The request the late fetch was handed is refused too, with the call's message.)
      expect(await late).toEqual(new ConfigurationError(refused.message));
    }
    expect(requests).toHaveLength(0);
  });

  it("a request a send starts and does not wait for, after one it waited for or before it throws, is never sent", async () => {
    const { fetch, requests } = stub();
    const rest = createWebhooksRest({ apiKey: KEY, fetch });
    const slowMiddleware: Middleware = { onRequest: () => new Promise((r) => setTimeout(r, 10)) };
    const thrown = new Error("the send's own");
    for (const middleware of [[], [slowMiddleware]]) {
      let late: Promise<unknown> | undefined;
      const startLate = (client: unknown, fetch: (request: Request) => Promise<Response>) =>
        (late = (client as Client<paths>)
          .GET("/v0/webhooks", { fetch, middleware })
          .catch((error: unknown) => error));
      await rest.call(own, {}, undefined, async (client, fetch) => {
        await (client as Client<paths>).GET("/v0/webhooks", { fetch });
        void startLate(client, fetch);
      });
      expect(await late).toEqual(new ConfigurationError(refused.message));
      await expect(
        rest.call(own, {}, undefined, async (client, fetch) => {
          void startLate(client, fetch);
          throw thrown;
        }),
      ).rejects.toThrow(thrown.message);
      expect(await late).toEqual(new ConfigurationError(refused.message));
    }
    // (The one each first call waited for.)
    expect(requests).toHaveLength(2);
  });

  it("a send that returns once its fetch has read the request, before the answer, is given that answer", async () => {
    // (The refusal above is for a request its fetch had not read when `send` returned: this one
    // is sent, so the call waits for its answer rather than saying nothing was sent.)
    const answered: string[] = [];
    const rest = createWebhooksRest({
      apiKey: KEY,
      fetch: async (input) => {
        answered.push(new URL(String(input)).pathname);
        await new Promise((r) => setTimeout(r, 20));
        return Response.json([webhook]);
      },
    });
    let returned = false;
    const result = await rest.call(own, {}, undefined, async (client, fetch) => {
      void (client as Client<paths>).GET("/v0/webhooks", { fetch });
      await vi.waitFor(() => expect(answered).toHaveLength(1));
      returned = true;
    });
    expect([returned, result, answered]).toEqual([true, [webhook], ["/v0/webhooks"]]);
  });

  it("a send that catches its fetch's error fails with that error: the request was made", async () => {
    // (It was told to make its request with the fetch it is given, which it had: the 500 the
    // server answered was lost for a ConfigurationError.)
    let sent = 0;
    const failing = createWebhooksRest({
      apiKey: KEY,
      maxRetries: 0,
      fetch: async () => (sent++, new Response("{}", { status: 500 })),
    });
    const error = await failing
      .call(own, {}, undefined, (client, fetch) =>
        (client as Client<paths>).GET("/v0/webhooks", { fetch }).catch(() => {}),
      )
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 500, operation: "listWebhooksOwn" });
    expect(sent).toBe(1);
  });

  it("a middleware added with use() may change a generated call's headers in place, or return a new Request: its URL, method, headers and body are what is sent", async () => {
    // (What the generated `call`'s TSDoc says a middleware author can rely on. A Request returned
    // was refused: "onRequest: must return new Request() or Response() when modifying the
    // request", as openapi-fetch took only an instance of the transport's own request class.)
    const { fetch, requests } = stub();
    const rest = createWebhooksRest({ apiKey: KEY, fetch });
    let replace = false;
    const bodies: unknown[] = [];
    await rest.call({ id: "listWebhooks", idempotent: true }, {}, undefined, (client, fetch) => {
      (client as Client<paths>).use({
        onRequest: async ({ request }) => {
          if (!replace) return void request.headers.set("x-trace", "t-2");
          // (The openapi-fetch docs' way to read a body without using it up: a clone.)
          bodies.push(await request.clone().text());
          const headers = new Headers(request.headers);
          headers.set("x-trace", "t-3");
          const url = request.url.replace("/v0/webhooks", "/v0/webhooks/renamed");
          return request.method === "POST"
            ? new Request(url, { method: "PUT", headers, body: '{"replaced":true}' })
            : new Request(request.clone(), { headers });
        },
      });
      return (client as Client<paths>).GET("/v0/webhooks", { fetch, parseAs: "stream" });
    });
    await getWebhook(rest, { webhookID: ID });
    expect(requests.map((r) => r.headers.get("x-trace"))).toEqual(["t-2", "t-2"]);
    replace = true;
    await getWebhook(rest, { webhookID: ID });
    const { webhookID: _, ...created } = webhook;
    await createWebhook(rest, created);
    const [, , got, posted] = requests;
    expect([bodies[0], JSON.parse(bodies[1] as string)]).toEqual(["", created]);
    expect([got!.method, new URL(got!.url).pathname, got!.headers.get("x-trace")]).toEqual([
      "GET",
      `/v0/webhooks/${ID}`,
      "t-3",
    ]);
    expect(got!.headers.get("x-api-key") ?? got!.url).toContain(KEY);
    expect([posted!.method, new URL(posted!.url).pathname, await posted!.text()]).toEqual([
      "PUT",
      "/v0/webhooks/renamed",
      '{"replaced":true}',
    ]);
    expect(posted!.headers.get("x-trace")).toBe("t-3");
  });

  it("a middleware added with use() that answers a generated call with a Response sends nothing, and one that returns neither a Request nor a Response is refused by openapi-fetch", async () => {
    // (The transport's own request is told from a Response by its `method`, and from a bare
    // object by its `text()`.)
    for (const [answer, message] of [
      [Response.json([]), refused.message],
      [{ method: "GET" }, "onRequest: must return new Request() or Response()"],
    ] as const) {
      const { fetch, requests } = stub();
      const rest = createWebhooksRest({ apiKey: KEY, fetch });
      // (A send that only adds the middleware, and is refused for making no request.)
      await rest
        .call(own, {}, undefined, async (client) => {
          (client as Client<paths>).use({ onRequest: () => answer as Response });
        })
        .catch(() => {});
      const error = await getWebhook(rest, { webhookID: ID }).catch((thrown: unknown) => thrown);
      expect((error as Error).message).toContain(message);
      expect(requests).toEqual([]);
    }
  });
});
