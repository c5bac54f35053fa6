/**
 * The HTTP engine (http.ts), driven through the REST transport as a generated client drives it:
 * auth and key placement, headers, responses and typed errors, retries, timeouts and aborts, the
 * rate limiter's place in the attempt loop. (More of it: attempts.test.ts, base-url-token.test.ts.)
 */
import { createRateLimiter } from "./rate-limit.js";
import { getEventListeners } from "node:events";
import { createServer } from "node:http";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  AbortError,
  APIError,
  BadRequestError,
  ConfigurationError,
  ConnectionError,
  InternalServerError,
  InvalidResponseError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
} from "./errors.js";
import { adminHost, rpcHost, senderHost, walletHost } from "./generated/environments.js";
import { createJsonRpcClient } from "./json-rpc.js";
import {
  hang,
  jsonResponse,
  never,
  sendRequest,
  stubFetch,
  settle,
  REST_TEST_KEY as KEY,
  getBalancesOp as getBalances,
  createWebhookOp as createWebhook,
  walletRequest as get,
  isolateKeyEnv,
} from "./test-support/testing.js";
import { getText } from "./get-text.js";
import { createRestTransport } from "./rest.js";

// How many characters the redactors of this file's transports were given (countingRedactors):
// how much of an answer was redacted. (Otherwise the redactors of redact.ts.)
const redactorInput = vi.hoisted(() => ({ characters: 0 }));
vi.mock("./redact.js", async (importOriginal) => {
  const { countingRedactors } = await import("./test-support/testing.js");
  return countingRedactors(await importOriginal(), (characters) => {
    redactorInput.characters += characters;
  });
});

isolateKeyEnv();

/**
 * Runs `run` with a `process.env` that tells `onRead` every name read (which may throw, as Deno's
 * does without --allow-env), the real one restored after.
 */
async function withEnv<T>(onRead: (name: string) => void, run: () => Promise<T>): Promise<T> {
  const real = process.env;
  process.env = new Proxy(real, {
    get(target, name) {
      if (typeof name === "string") onRead(name);
      return Reflect.get(target, name) as unknown;
    },
  });
  try {
    return await run();
  } finally {
    process.env = real;
  }
}

describe("auth", () => {
  it("adds api-key to the query on query hosts", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({}));
    await sendRequest(createRestTransport({ apiKey: KEY, fetch }, walletHost), get("/v1/x?a=1"), {
      operation: getBalances,
    });
    expect(calls[0]!.url.href).toBe(`https://api.helius.xyz/v1/x?a=1&api-key=${KEY}`);
    expect(calls[0]!.headers.has("x-api-key")).toBe(false);
  });

  it("sends X-Api-Key instead of the query parameter on the admin host", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({}));
    const transport = createRestTransport({ apiKey: KEY, fetch }, adminHost);
    await sendRequest(transport, new Request(`${transport.baseUrl}/v0/projects/p`), {
      operation: getBalances,
    });
    expect(calls[0]!.url.searchParams.has("api-key")).toBe(false);
    expect(calls[0]!.headers.get("x-api-key")).toBe(KEY);
  });

  it("follows no redirect, so the X-Api-Key header never reaches the host a Location names (real fetch, loopback)", async () => {
    const seen: (string | undefined)[] = [];
    const elsewhere = createServer((req, res) => {
      seen.push(req.headers["x-api-key"] as string | undefined);
      res.end("{}");
    });
    await new Promise<void>((r) => elsewhere.listen(0, "127.0.0.1", r));
    const { port: otherPort } = elsewhere.address() as AddressInfo;
    const admin = createServer((_req, res) => {
      res.writeHead(307, { location: `http://localhost:${otherPort}/collect` });
      res.end();
    });
    await new Promise<void>((r) => admin.listen(0, "127.0.0.1", r));
    const { port } = admin.address() as AddressInfo;
    try {
      const transport = createRestTransport(
        { apiKey: KEY, baseUrls: { admin: `http://127.0.0.1:${port}` } },
        adminHost,
      );
      const error = await sendRequest(
        transport,
        new Request(`${transport.baseUrl}/v0/projects/p`),
        { operation: getBalances },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(APIError);
      expect(error).toMatchObject({ status: 307 });
      expect(seen).toEqual([]); // not followed (and not retried into it either)
    } finally {
      await Promise.all([admin, elsewhere].map((s) => new Promise((r) => s.close(r))));
    }
  });

  // User trial 70, F2: "HTTP 302 Found from getBalances" alone did not say that a redirect was
  // refused, nor where to (a base URL that moved, http to https, a missing path).
  it("a 3xx's message says the redirect was not followed and names its Location, redacted", async () => {
    const { fetch } = stubFetch(
      () =>
        new Response(null, {
          status: 302,
          statusText: "Found",
          headers: { location: `https://elsewhere.example/v1/wallet?api-key=${KEY}` },
        }),
    );
    const transport = createRestTransport({ apiKey: KEY, fetch }, walletHost);
    const error = await sendRequest(transport, get(), { operation: getBalances }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      status: 302,
      message:
        'HTTP 302 Found from getBalances (redirect to "https://elsewhere.example/v1/wallet?api-key=***" not followed)',
    });
    const { fetch: noLocation } = stubFetch(() => new Response(null, { status: 301 }));
    const bare = createRestTransport({ apiKey: KEY, fetch: noLocation }, walletHost);
    const bareError = await sendRequest(bare, get(), { operation: getBalances }).catch(
      (e: unknown) => e,
    );
    expect((bareError as Error).message).toBe("HTTP 301 from getBalances (redirect not followed)");
  });

  it("a browser's opaque redirect (status 0, no headers) is an APIError reading 'HTTP 3xx', not 'HTTP 0'", async () => {
    // What a browser's fetch resolves with for `redirect: "manual"` (Response cannot be built
    // with status 0, so a stand-in with the fields the transport reads).
    const opaqueRedirect = {
      type: "opaqueredirect",
      status: 0,
      statusText: "",
      ok: false,
      headers: new Headers(),
      arrayBuffer: async () => new ArrayBuffer(0),
    } as unknown as Response;
    const { fetch, calls } = stubFetch(() => opaqueRedirect);
    const transport = createRestTransport({ apiKey: KEY, fetch, maxRetries: 2 }, walletHost);
    const error = await sendRequest(transport, get(), { operation: getBalances }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({
      status: 0,
      headers: {},
      message: "HTTP 3xx from getBalances",
    });
    expect(calls).toHaveLength(1); // not retried
    expect(calls[0]!.redirect).toBe("manual");
  });

  it("sends a key to the sender only when one is configured", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({}));
    await sendRequest(
      createRestTransport({ fetch }, senderHost),
      new Request("https://sender.helius-rpc.com/fast"),
      { operation: getBalances },
    );
    expect(calls[0]!.url.search).toBe("");
    await sendRequest(
      createRestTransport({ fetch, apiKey: KEY }, senderHost),
      new Request("https://sender.helius-rpc.com/fast"),
      { operation: getBalances },
    );
    expect(calls[1]!.url.searchParams.get("api-key")).toBe(KEY);
  });

  it("never sends CHAINDATA_API_KEY to the sender: only a key given to its own client", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", "env-key");
    const { fetch, calls } = stubFetch(jsonResponse({}));
    await sendRequest(
      createRestTransport({ fetch }, senderHost),
      new Request("https://sender.helius-rpc.com/fast"),
      { operation: getBalances },
    );
    expect(calls[0]!.url.search).toBe("");
  });

  it("does not read CHAINDATA_API_KEY for the sender, whose calls never send it: Deno would ask a terminal for access to it (user trial 46)", async () => {
    const reads: string[] = [];
    const { fetch, calls } = stubFetch(jsonResponse({}));
    await withEnv(
      (name) => void reads.push(name),
      async () => {
        for (const options of [{ fetch }, { fetch, apiKey: undefined }])
          await sendRequest(
            createRestTransport(options, senderHost),
            new Request("https://sender.helius-rpc.com/fast"),
            { operation: getBalances },
          );
        // (The other hosts still read it.)
        createRestTransport({ fetch }, walletHost);
      },
    );
    expect(reads.filter((name) => name === "CHAINDATA_API_KEY")).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });

  it("reads the sender's options by name as every client's (a getter, an inherited value) while it leaves the variable unread", async () => {
    // (Spread into a copy with no key, a class's getters and `Object.create(defaults)`'s values
    // were lost: the calls went to the public sender with the global fetch.)
    const LOCAL = "http://127.0.0.1:9";
    const { fetch, calls } = stubFetch((call) =>
      jsonResponse({ jsonrpc: "2.0", id: JSON.parse(call.body!).id, result: "sig" }),
    );
    class Settings {
      get fetch() {
        return fetch;
      }
      get baseUrls() {
        return { sender: LOCAL };
      }
    }
    // (A lost `fetch` would find this one, and send nothing: a lost base URL alone, the public host.)
    vi.stubGlobal("fetch", () => Promise.reject(new Error("the global fetch")));
    try {
      for (const options of [new Settings(), Object.create({ fetch, baseUrls: { sender: LOCAL } })])
        await createJsonRpcClient(options as object, senderHost, "/fast").call(
          { id: "sendTransaction", idempotent: true },
          {},
          { maxRetries: 0 },
        );
    } finally {
      vi.unstubAllGlobals();
    }
    expect(calls.map((call) => call.url.origin)).toEqual([LOCAL, LOCAL]);
  });

  it("says why a missing key was not read from CHAINDATA_API_KEY where reading it throws (Deno without --allow-env); nothing is sent (user trial 46)", async () => {
    const refusal =
      'Requires env access to "CHAINDATA_API_KEY", run again with the --allow-env flag';
    const { fetch, mock } = stubFetch(jsonResponse({}));
    const error = await withEnv(
      (name) => {
        if (name === "CHAINDATA_API_KEY")
          throw Object.assign(new Error(refusal), { name: "NotCapable" });
      },
      async () =>
        (
          await settle(
            sendRequest(createRestTransport({ fetch }, walletHost), get(), {
              operation: getBalances,
            }),
          )
        ).error,
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toBe(
      `Missing API key for the wallet host: pass \`apiKey\` or set CHAINDATA_API_KEY before the client is created (${refusal})`,
    );
    expect(mock).not.toHaveBeenCalled();
  });

  it("adds nothing to a missing key's message where reading CHAINDATA_API_KEY throws something that is no error (only a runtime's own words are quoted)", async () => {
    const { fetch, mock } = stubFetch(jsonResponse({}));
    const unreadable = Object.defineProperty({}, "message", {
      get() {
        throw new Error("message unreadable");
      },
    });
    for (const thrown of [undefined, null, "text", {}, unreadable]) {
      const error = await withEnv(
        (name) => {
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- what the test is about
          if (name === "CHAINDATA_API_KEY") throw thrown;
        },
        async () =>
          (
            await settle(
              sendRequest(createRestTransport({ fetch }, walletHost), get(), {
                operation: getBalances,
              }),
            )
          ).error,
      );
      expect(error, String(thrown)).toBeInstanceOf(ConfigurationError);
      expect(error.message).toBe(
        "Missing API key for the wallet host: pass `apiKey` or set CHAINDATA_API_KEY before the client is created",
      );
    }
    expect(mock).not.toHaveBeenCalled();
  });

  it("URL-encodes the key in the query", async () => {
    const key = "a&b+c=d#e%/";
    const { fetch, calls } = stubFetch(jsonResponse({}));
    await sendRequest(createRestTransport({ apiKey: key, fetch }, walletHost), get("/v1/x?a=1"), {
      operation: getBalances,
    });
    expect(calls[0]!.url.searchParams.get("api-key")).toBe(key);
    expect([...calls[0]!.url.searchParams.keys()]).toEqual(["a", "api-key"]);
  });

  it("sends the configured key once beside an X-Api-Key header of the same key, and refuses another one (client or call); nothing is sent", async () => {
    const { fetch, calls, mock } = stubFetch(jsonResponse({}));
    const same = createRestTransport(
      { apiKey: KEY, fetch, headers: { "X-Api-Key": KEY } },
      adminHost,
    );
    await sendRequest(same, new Request(`${same.baseUrl}/v0/projects/p`), {
      operation: getBalances,
    });
    expect(calls[0]!.headers.get("x-api-key")).toBe(KEY);
    const stale = createRestTransport(
      { apiKey: KEY, fetch, headers: { "x-api-key": "stale" } },
      adminHost,
    );
    const request = new Request(`${stale.baseUrl}/v0/projects/p`);
    const { error } = await settle(sendRequest(stale, request, { operation: getBalances }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toContain("headers.x-api-key: the key is sent from the client's apiKey");
    const perCall = await settle(
      sendRequest(same, new Request(`${same.baseUrl}/v0/projects/p`), {
        operation: getBalances,
        options: { headers: { "X-Api-Key": "other" } },
      }),
    );
    expect(perCall.error).toBeInstanceOf(ConfigurationError);
    expect(mock).toHaveBeenCalledTimes(1);
  });

  it("rejects with a ConfigurationError naming apiKey and CHAINDATA_API_KEY when a required key is missing; nothing is sent", async () => {
    const { fetch, mock } = stubFetch(jsonResponse({}));
    const transport = createRestTransport({ fetch }, walletHost); // constructing does not throw
    const { error } = await settle(sendRequest(transport, get(), { operation: getBalances }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toContain("apiKey");
    expect(error.message).toContain("CHAINDATA_API_KEY");
    expect(mock).not.toHaveBeenCalled();
  });

  it("refuses at creation to send a key over plain http but to a loopback host or in the local environment (the key would travel in cleartext); nothing is sent", async () => {
    const { fetch, mock } = stubFetch(jsonResponse({}));
    const refused = (baseUrl: string, host = rpcHost, options: object = { apiKey: KEY }) => {
      const name = host.name as "rpc";
      try {
        createRestTransport({ ...options, fetch, baseUrls: { [name]: baseUrl } }, host);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigurationError);
        // (The sender's way out is named: its regional endpoints are http only, user trial 36 F12.)
        expect((error as Error).message).toBe(
          `baseUrls.${name}: must be https:// to carry the API key (http only to a loopback host${host === senderHost ? "; use senderRegions.global" : ""})`,
        );
        return true;
      }
      return false;
    };
    for (const url of [
      "http://rpc.example.com",
      "HTTP://rpc.example.com:8899/path",
      "http://localhost.example.com",
      "http://127.0.0.1.example.com",
      "http://10.0.0.7:4010",
    ])
      expect(refused(url), url).toBe(true);
    // The sender's regional http hosts, given the Sender's own key; its general key never goes there.
    expect(refused("http://fra-sender.helius-rpc.com", senderHost)).toBe(true);
    vi.stubEnv("CHAINDATA_API_KEY", "env-key");
    expect(refused("http://fra-sender.helius-rpc.com", senderHost, {})).toBe(false);
    expect(refused("http://rpc.example.com", rpcHost, {})).toBe(true);
    for (const url of [
      "https://rpc.example.com",
      "http://127.0.0.1:4010",
      "http://localhost:8899",
      "http://[::1]:4010/rpc",
    ])
      expect(refused(url), url).toBe(false);
    // A mock by name, in the local environment (a container next to the tests).
    expect(refused("http://prism:4010", rpcHost, { apiKey: KEY, environment: "local" })).toBe(
      false,
    );
    expect(mock).not.toHaveBeenCalled();
  });

  it("calls a host given its own base URL and no key without one (a proxy adds it); without the base URL a missing key is refused", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({}));
    const proxied = createRestTransport(
      { fetch, baseUrls: { wallet: "https://app.example/api" } },
      walletHost,
    );
    await sendRequest(proxied, new Request(`${proxied.baseUrl}/v1/x`), { operation: getBalances });
    expect(calls[0]!.url.href).toBe("https://app.example/api/v1/x");
    const { error } = await settle(
      sendRequest(
        createRestTransport({ fetch, baseUrls: { rpc: "https://rpc.example" } }, walletHost),
        get(),
        {
          operation: getBalances,
        },
      ),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(calls).toHaveLength(1);
  });

  // Review 81, F6: a client that sends no key knows none to mask; the proxy that adds it may be
  // echoed by name in a body kept as text (an HTML page, a body cut short, a text 5xx), where only
  // `api-key=…` and X-Api-Key / Authorization values were masked: `"api-key": "…"` showed whole.
  it("masks a key its own endpoint added, echoed by name and quoted in a body kept as text", async () => {
    const added = "proxy-added-real-key-0123456789";
    for (const [status, body] of [
      [200, `{"result":{"request":{"api-key":"${added}","url":"/`],
      [200, `<html><title>Bad</title><pre>api-key: "${added}"</pre></html>`],
      [500, `upstream said {"apiKey": "${added}"} is bad`],
    ] as const) {
      const proxied = createRestTransport(
        {
          fetch: stubFetch(new Response(body, { status })).fetch,
          baseUrls: { wallet: "https://app.example/api" },
          maxRetries: 0,
        },
        walletHost,
      );
      const { error } = await settle(sendRequest(proxied, get(), { operation: getBalances }));
      expect(JSON.stringify(error) + error.message + String(error.body), body).not.toContain(added);
      expect(JSON.stringify(error), body).toContain('"***');
    }
  });

  it("a JSON-RPC 404 without a JSON-RPC error, from a base URL of the caller's own, says to check that URL: a wrong proxy path read as 'asset not found'", async () => {
    const getAsset = (options: object, answer: Response) =>
      settle(
        createJsonRpcClient(
          { fetch: stubFetch(answer).fetch, maxRetries: 0, ...options },
          rpcHost,
          "/",
        ).call({ id: "getAsset", idempotent: true }, {}),
      );
    const wrongPath = () => jsonResponse({ error: "Not found" }, { status: 404 });
    const hint = " (no JSON-RPC error, from your baseUrls.rpc endpoint)";
    const proxied = await getAsset(
      { baseUrls: { rpc: "https://app.example/api/rcp" } },
      wrongPath(),
    );
    expect(proxied.error).toBeInstanceOf(NotFoundError);
    expect(proxied.error.message).toBe(`HTTP 404 from getAsset: Not found${hint}`);
    // An asset not found is the method's own answer (-32004): no hint.
    const missing = await getAsset(
      { baseUrls: { rpc: "https://app.example/api/rpc" } },
      jsonResponse(
        { jsonrpc: "2.0", id: "1", error: { code: -32004, message: "Asset not found" } },
        { status: 404 },
      ),
    );
    expect(missing.error.message).toBe("HTTP 404 from getAsset: Asset not found");
    // The service's own host, given no base URL: no hint either.
    const hosted = await getAsset({ apiKey: KEY }, wrongPath());
    expect(hosted.error.message).toBe("HTTP 404 from getAsset: Not found");
    // Nor a REST host's 404 through a base URL of one's own: a REST path's 404 is its answer
    // (a wallet with nothing found), no sign of a wrong URL.
    const wallet = createRestTransport(
      {
        apiKey: KEY,
        fetch: stubFetch(wrongPath()).fetch,
        baseUrls: { wallet: "https://w.example" },
      },
      walletHost,
    );
    const rest = await settle(sendRequest(wallet, get(), { operation: getBalances }));
    expect(rest.error).toBeInstanceOf(NotFoundError);
    expect(rest.error.message).not.toContain("JSON-RPC");
  });

  it("a 401 or 403 to a call sent with no key (its own endpoint adds it) says so, not to check a key the client never had (user trial 31)", async () => {
    const refusal = (status: number) =>
      stubFetch(jsonResponse({ error: "Session expired: sign in again" }, { status })).fetch;
    for (const status of [401, 403]) {
      const proxied = createRestTransport(
        { fetch: refusal(status), baseUrls: { wallet: "https://app.example/api" }, maxRetries: 0 },
        walletHost,
      );
      const { error } = await settle(sendRequest(proxied, get(), { operation: getBalances }));
      expect(error.message).toMatch(
        /: Session expired: sign in again \(sent with no API key, to your baseUrls\.wallet endpoint\)$/,
      );
    }
    // The sender, whose key is optional, keeps its hint at a region URL of the service's own
    // (review 39).
    const region = createRestTransport(
      {
        fetch: refusal(403),
        baseUrls: { sender: "https://slc-sender.example" },
        maxRetries: 0,
      },
      senderHost,
    );
    const sent = await settle(sendRequest(region, get(), { operation: getBalances }));
    expect(sent.error.message).toMatch(/\(check the API key: the sender host's own `apiKey`\)$/);
    // A client with a key keeps the hint to check it.
    const keyed = createRestTransport(
      { fetch: refusal(401), apiKey: "key-0123456789abcdef", maxRetries: 0 },
      walletHost,
    );
    const { error } = await settle(sendRequest(keyed, get(), { operation: getBalances }));
    expect(error.message).toMatch(/\(check the API key: `apiKey` or CHAINDATA_API_KEY\)$/);
  });

  it('apiKey: "" is no key: CHAINDATA_API_KEY is not read, so a proxy on a server with it set gets no key (user trial)', async () => {
    vi.stubEnv("CHAINDATA_API_KEY", "env-key-0123456789");
    const { fetch, calls } = stubFetch(jsonResponse({}));
    const proxied = createRestTransport(
      { apiKey: "", fetch, baseUrls: { wallet: "http://10.0.0.7:8080/api" } },
      walletHost,
    );
    await sendRequest(proxied, new Request(`${proxied.baseUrl}/v1/x`), { operation: getBalances });
    expect(calls[0]!.url.href).toBe("http://10.0.0.7:8080/api/v1/x");
    // Left out, the variable is read: the key then goes, and not over that plain http.
    expect(() =>
      createRestTransport({ fetch, baseUrls: { wallet: "http://10.0.0.7:8080/api" } }, walletHost),
    ).toThrow(ConfigurationError);
  });

  it('apiKey: "" on the default hosts is refused by each call without telling to set CHAINDATA_API_KEY, which is then not read (trial 17)', async () => {
    vi.stubEnv("CHAINDATA_API_KEY", "env-key-0123456789");
    const { fetch, calls } = stubFetch(jsonResponse({}));
    for (const apiKey of ["", "  "]) {
      const transport = createRestTransport({ apiKey, fetch }, walletHost);
      const error = await sendRequest(transport, new Request(`${transport.baseUrl}/v1/x`), {
        operation: getBalances,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toBe(
        "Missing API key for the wallet host: pass `apiKey` (a blank one is no key, and CHAINDATA_API_KEY is then not read)",
      );
    }
    expect(calls).toHaveLength(0);
  });

  it("does not read CHAINDATA_API_KEY in the local environment: the mock, perhaps over plain http by a container's name, gets the placeholder (user trial)", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", "real-key-0123456789abcdef");
    const { fetch, calls } = stubFetch(jsonResponse({}));
    const mock = createRestTransport(
      { fetch, environment: "local", baseUrls: { wallet: "http://prism:4010" } },
      walletHost,
    );
    await sendRequest(mock, new Request(`${mock.baseUrl}/v1/x`), { operation: getBalances });
    expect(calls[0]!.url.searchParams.get("api-key")).toBe("local");
  });

  it('reads the key from CHAINDATA_API_KEY, and sends "local" to the local mock', async () => {
    const { fetch, calls } = stubFetch(jsonResponse({}));
    vi.stubEnv("CHAINDATA_API_KEY", "env-key");
    await sendRequest(createRestTransport({ fetch }, walletHost), get(), {
      operation: getBalances,
    });
    vi.stubEnv("CHAINDATA_API_KEY", "");
    const local = createRestTransport({ fetch, environment: "local" }, walletHost);
    await sendRequest(local, new Request(`${local.baseUrl}/v1/x`), { operation: getBalances });
    expect(calls.map((c) => c.url.searchParams.get("api-key"))).toEqual(["env-key", "local"]);
    expect(calls[1]!.url.origin).toBe("http://127.0.0.1:4010");
  });
});

describe("headers", () => {
  it("merges client headers, request headers and per-call headers, and asks for JSON", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({}));
    const transport = createRestTransport(
      { apiKey: KEY, fetch, headers: { "x-client": "c", "x-both": "client" } },
      walletHost,
    );
    const request = new Request("https://api.helius.xyz/v1/x", {
      method: "POST",
      body: '{"a":1}',
      headers: { "content-type": "application/json", "x-req": "r" },
    });
    await sendRequest(transport, request, {
      operation: getBalances,
      options: { headers: { "x-both": "call" } },
    });
    const { headers, method, body } = calls[0]!;
    expect(method).toBe("POST");
    expect(body).toBe('{"a":1}');
    expect(Object.fromEntries(headers)).toMatchObject({
      accept: "application/json",
      "content-type": "application/json",
      "x-client": "c",
      "x-req": "r",
      "x-both": "call",
    });
  });

  it("lets per-call headers override the request's own, and a null per-call header remove a client or request header", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({}));
    const transport = createRestTransport(
      { apiKey: KEY, fetch, headers: { "x-client": "c" } },
      walletHost,
    );
    const request = new Request("https://api.helius.xyz/v1/x", {
      headers: { "x-both": "request", "x-req": "r" },
    });
    await sendRequest(transport, request, {
      operation: getBalances,
      options: { headers: { "X-Both": "call", "x-client": null, "x-req": null } },
    });
    const { headers } = calls[0]!;
    expect(headers.get("x-both")).toBe("call");
    expect(headers.has("x-client")).toBe(false);
    expect(headers.has("x-req")).toBe(false);
  });

  it("keeps a content-type given by the caller for a body", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({}));
    const transport = createRestTransport({ apiKey: KEY, fetch }, walletHost);
    const request = new Request("https://api.helius.xyz/v1/x", { method: "POST", body: "hi" });
    await sendRequest(transport, request, {
      operation: getBalances,
      options: { headers: { "Content-Type": "text/plain" } },
    });
    expect(calls[0]!.headers.get("content-type")).toBe("text/plain");
  });

  it("sends a content-type only with a body: a GET has none", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({}));
    const transport = createRestTransport({ apiKey: KEY, fetch }, walletHost);
    await sendRequest(transport, get(), { operation: getBalances });
    // (Bytes: a string body would get the Request's own text/plain.)
    const body = new TextEncoder().encode("{}");
    await sendRequest(
      transport,
      new Request("https://api.helius.xyz/v1/x", { method: "POST", body }),
      {
        operation: getBalances,
      },
    );
    expect(calls.map((c) => c.headers.get("content-type"))).toEqual([null, "application/json"]);
  });
});

describe("responses and typed errors", () => {
  it("resolves a 2xx with its status, headers, request id and parsed body, none carrying the key", async () => {
    const { fetch } = stubFetch(
      jsonResponse({ ok: 1 }, { status: 201, headers: { "x-request-id": "r-1", "x-echo": KEY } }),
    );
    const answered = await sendRequest(
      createRestTransport({ apiKey: KEY, fetch }, walletHost),
      get(),
      {
        operation: getBalances,
      },
    );
    expect(answered).toMatchObject({ status: 201, requestId: "r-1", body: { ok: 1 } });
    expect(answered.headers["content-type"]).toBe("application/json");
    expect(JSON.stringify(answered)).not.toContain(KEY);
  });

  it("maps statuses to error classes with a readable message, body, headers and request id", async () => {
    const { fetch } = stubFetch(
      jsonResponse(
        { error: { code: 403, message: "Plan does not include the Wallet API" } },
        { status: 403, headers: { "x-request-id": "req-1" } },
      ),
    );
    const { error } = await settle(
      sendRequest(createRestTransport({ apiKey: KEY, fetch }, walletHost), get(), {
        operation: getBalances,
      }),
    );
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({
      message:
        "HTTP 403 from getBalances: Plan does not include the Wallet API (check the API key: `apiKey` or CHAINDATA_API_KEY)",
      status: 403,
      operation: "getBalances",
      requestId: "req-1",
      body: { error: { code: 403, message: "Plan does not include the Wallet API" } },
    });
    expect(error.headers["content-type"]).toBe("application/json");
  });

  it.each([401, 403])(
    "a %i says where the API key is set (the option, the variable), never the key",
    async (status) => {
      const { fetch } = stubFetch(
        jsonResponse({ error: "Unauthorized" }, { status }),
        jsonResponse({ error: "Unauthorized" }, { status }),
      );
      const { error } = await settle(
        sendRequest(createRestTransport({ apiKey: KEY, fetch }, walletHost), get(), {
          operation: getBalances,
        }),
      );
      expect(error.message).toBe(
        `HTTP ${status} from getBalances: Unauthorized (check the API key: \`apiKey\` or CHAINDATA_API_KEY)`,
      );
      // The sender takes only a key given to its own client, never the variable's.
      const sent = await settle(
        sendRequest(createRestTransport({ apiKey: KEY, fetch }, senderHost), get(), {
          operation: getBalances,
        }),
      );
      expect(sent.error.message).toBe(
        `HTTP ${status} from getBalances: Unauthorized (check the API key: the sender host's own \`apiKey\`)`,
      );
      // The local environment does not read the variable: only the option can be checked there
      // (user trial 56, F6).
      const local = await settle(
        sendRequest(
          createRestTransport(
            {
              apiKey: KEY,
              fetch: stubFetch(jsonResponse({ error: "Unauthorized" }, { status })).fetch,
              environment: "local",
            },
            walletHost,
          ),
          get(),
          { operation: getBalances },
        ),
      );
      expect(local.error.message).toBe(
        `HTTP ${status} from getBalances: Unauthorized (check the API key: \`apiKey\`)`,
      );
      for (const e of [error, sent.error, local.error])
        expect(JSON.stringify(e) + e.stack).not.toContain(KEY);
    },
  );

  it("reads the detail of an RFC 9457 problem body (the mock's own errors, Prism's, gateways')", async () => {
    // (It read `HTTP 422 from getBalances` and no more: the body's `detail` was not looked at.)
    const detail = "getBalances documents no HTTP 404 response";
    const { fetch } = stubFetch(
      jsonResponse(
        { title: "Mock: undocumented status", status: 422, detail },
        { status: 422, headers: { "content-type": "application/problem+json" } },
      ),
    );
    const { error } = await settle(
      sendRequest(createRestTransport({ apiKey: KEY, fetch }, walletHost), get(), {
        operation: getBalances,
      }),
    );
    expect(error.message).toBe(`HTTP 422 from getBalances: ${detail}`);
  });

  it("says nothing of the key for other statuses", async () => {
    const { fetch } = stubFetch(jsonResponse({ error: "no such wallet" }, { status: 404 }));
    const { error } = await settle(
      sendRequest(createRestTransport({ apiKey: KEY, fetch }, walletHost), get(), {
        operation: getBalances,
      }),
    );
    expect(error.message).toBe("HTTP 404 from getBalances: no such wallet");
  });

  it("takes the request id from request-id when x-request-id is absent", async () => {
    const { fetch } = stubFetch(
      jsonResponse({}, { status: 400, headers: { "request-id": "req-2" } }),
    );
    const { error } = await settle(
      sendRequest(createRestTransport({ apiKey: KEY, fetch }, walletHost), get(), {
        operation: getBalances,
      }),
    );
    expect(error.requestId).toBe("req-2");
  });

  it("redacts a key echoed in response headers, raw or URL-encoded, in error.headers and its JSON", async () => {
    const key = "sk/test+key";
    const { fetch } = stubFetch(
      new Response("no", {
        status: 400,
        headers: { "x-echo": `got ${key}`, "x-echo-encoded": `got ${encodeURIComponent(key)}` },
      }),
    );
    const { error } = await settle(
      sendRequest(createRestTransport({ apiKey: key, fetch }, walletHost), get(), {
        operation: getBalances,
      }),
    );
    expect(error.headers["x-echo"]).toBe("got ***");
    expect(error.headers["x-echo-encoded"]).toBe("got ***");
    const json = JSON.stringify(error);
    expect(json).not.toContain(key);
    expect(json).not.toContain(encodeURIComponent(key));
  });

  it("masks credential-named response headers by name, as request headers are (user trial 40, F5)", async () => {
    const { fetch } = stubFetch(
      new Response("no", {
        status: 500,
        headers: {
          "set-cookie": "session=s3cr3tSessionValue123; HttpOnly",
          "proxy-authorization": "Basic dXNlcjpwYXNzd29yZDEyMw==",
          "x-session": "short",
          "www-authenticate": 'Bearer realm="api", error="invalid_token"',
          "x-backend": "node-7.internal",
        },
      }),
    );
    const { error } = await settle(
      sendRequest(createRestTransport({ apiKey: KEY, fetch, maxRetries: 0 }, walletHost), get(), {
        operation: getBalances,
      }),
    );
    expect(error.headers).toMatchObject({
      "set-cookie": "***",
      "proxy-authorization": "***",
      // Under 8 characters holds no real secret (the request headers' rule); a challenge names
      // the scheme the server wants, which says why a 401 came.
      "x-session": "short",
      "www-authenticate": 'Bearer realm="api", error="invalid_token"',
      "x-backend": "node-7.internal",
    });
    expect(JSON.stringify(error)).not.toContain("s3cr3t");
  });

  it("resolves a 204 or 205 response without a body", async () => {
    for (const status of [204, 205]) {
      const { fetch } = stubFetch(new Response(null, { status }));
      const response = await sendRequest(
        createRestTransport({ apiKey: KEY, fetch }, walletHost),
        get(),
        {
          operation: getBalances,
        },
      );
      expect(response.status).toBe(status);
      expect(response.body).toBeUndefined();
    }
  });

  it("reads the message from `error` strings, `message` and text bodies; of an HTML page, only its title", async () => {
    const cases: [Response, string][] = [
      [
        jsonResponse({ error: "bad wallet" }, { status: 400 }),
        "HTTP 400 from getBalances: bad wallet",
      ],
      [jsonResponse({ message: "nope" }, { status: 404 }), "HTTP 404 from getBalances: nope"],
      [new Response("plain failure", { status: 409 }), "HTTP 409 from getBalances: plain failure"],
      [
        new Response("<html>502</html>", { status: 502, statusText: "Bad Gateway" }),
        "HTTP 502 Bad Gateway from getBalances",
      ],
      // A firewall's block page is no key's fault: its title says what answered. Redacted, and
      // cut to 80 characters, marked.
      [
        new Response(
          `<!DOCTYPE html><html><head><title>\n Attention Required! | Cloudflare (${KEY}) ${"x".repeat(90)}</title></head><body>blocked</body></html>`,
          { status: 403, statusText: "Forbidden", headers: { "content-type": "text/html" } },
        ),
        `HTTP 403 Forbidden from getBalances: page titled "${`Attention Required! | Cloudflare (***) ${"x".repeat(90)}`.slice(0, 80)}…" (check the API key: \`apiKey\` or CHAINDATA_API_KEY)`,
      ],
    ];
    for (const [response, message] of cases) {
      const { fetch } = stubFetch(response);
      const { error } = await settle(
        sendRequest(createRestTransport({ apiKey: KEY, fetch, maxRetries: 0 }, walletHost), get(), {
          operation: getBalances,
        }),
      );
      expect(error).toBeInstanceOf(APIError);
      expect(error.message).toBe(message);
    }
  });

  it("send: onResponse sees a success's status, redacted headers and request id, once; not a failure", async () => {
    const seen: unknown[] = [];
    const { fetch } = stubFetch(
      jsonResponse({}, { headers: { "x-request-id": "req-1", "x-echo": `api-key=${KEY}` } }),
      jsonResponse({ error: "no" }, { status: 400 }),
    );
    const transport = createRestTransport({ apiKey: KEY, fetch }, walletHost);
    const options = { onResponse: (r: unknown) => seen.push(r) };
    await sendRequest(transport, get(), { operation: getBalances, options });
    await settle(sendRequest(transport, get(), { operation: getBalances, options }));
    expect(seen).toEqual([
      {
        status: 200,
        attempts: 1,
        requestId: "req-1",
        headers: {
          "content-type": "application/json",
          "x-request-id": "req-1",
          "x-echo": "api-key=***",
        },
      },
    ]);
  });

  it("caps the server's message at 500 characters in the error message, marked cut (the body keeps it whole)", async () => {
    const long = "x".repeat(600);
    const { fetch } = stubFetch(jsonResponse({ error: long }, { status: 400 }));
    const { error } = await settle(
      sendRequest(createRestTransport({ apiKey: KEY, fetch }, walletHost), get(), {
        operation: getBalances,
      }),
    );
    expect(error.message).toBe(`HTTP 400 from getBalances: ${"x".repeat(500)}…`);
    expect(error.body).toEqual({ error: long });
    // A message of 500 characters is whole, so it has no mark.
    const { fetch: exact } = stubFetch(jsonResponse({ error: "x".repeat(500) }, { status: 400 }));
    const { error: whole } = await settle(
      sendRequest(createRestTransport({ apiKey: KEY, fetch: exact }, walletHost), get(), {
        operation: getBalances,
      }),
    );
    expect(whole.message).toBe(`HTTP 400 from getBalances: ${"x".repeat(500)}`);
  });

  it("keeps a body over 64 KiB (a proxy's page) as its first 64 KiB of text: errors are logged and copied (trial 11: a 5 MB page was kept whole)", async () => {
    const page = `<html>${"busy ".repeat(40_000)}${KEY}</html>`;
    const { fetch } = stubFetch(new Response(page, { status: 400 }));
    const { error } = await settle(
      sendRequest(createRestTransport({ apiKey: KEY, fetch, maxRetries: 0 }, walletHost), get(), {
        operation: getBalances,
      }),
    );
    expect(error.body).toBe(`${page.slice(0, 65536)}…`);
    expect(JSON.stringify(error).length).toBeLessThan(70_000);
    // Kept as text, a key cut inside one of its strings is masked too (trial 14).
    const cut = KEY.slice(0, -2);
    const { error: long } = await settle(
      sendRequest(
        createRestTransport(
          {
            apiKey: KEY,
            maxRetries: 0,
            fetch: stubFetch(
              jsonResponse(
                `{"error":{"message":"invalid api key ${cut}"},"pad":"${"y".repeat(65_530)}"}`,
                { status: 401 },
              ),
            ).fetch,
          },
          walletHost,
        ),
        get(),
        { operation: getBalances },
      ),
    );
    expect(JSON.stringify(long)).not.toContain(cut.slice(0, 8));
    // Up to 64 KiB, JSON is parsed as before.
    const json = { error: "x".repeat(65_000) };
    const { error: parsed } = await settle(
      sendRequest(
        createRestTransport(
          { apiKey: KEY, fetch: stubFetch(jsonResponse(json, { status: 400 })).fetch },
          walletHost,
        ),
        get(),
        { operation: getBalances },
      ),
    );
    expect(parsed.body).toEqual(json);
  });

  // The whole body was redacted, then its first 64 KiB kept: 50 MB of text shaped like pieces of
  // the key took the redactor 1.7 s per attempt, the event loop held. Only the first 65 KiB are
  // redacted now, and a key across the cut still never shows.
  describe("a long answer is redacted only as far as it is kept", () => {
    const uuid = "0123abcd-4567-89ef-0123-456789abcdef";
    // (Each piece is the key's first 30 characters: masked, as a key cut short is.)
    const huge = `${uuid.slice(0, 30)} `.repeat(100_000); // 3.1 MB
    const sendUuid = (response: Response) =>
      settle(
        sendRequest(
          createRestTransport(
            { apiKey: uuid, fetch: stubFetch(response).fetch, maxRetries: 0 },
            walletHost,
          ),
          get(),
          { operation: getBalances },
        ),
      );

    // (What the call's redactors were given, counted, not timed: a bound of time against a
    // plain body's, one sample a side, each seconds long, sat 1.75 times from failing on a loaded
    // machine. Besides the 66,560 characters of the body, a message, headers and a stack: a few
    // hundred. Redacted whole, the body's 3.1 MB.)
    const redactedOf = async (status: number) => {
      const before = redactorInput.characters;
      const { error } = await sendUuid(new Response(huge, { status }));
      return { error, redacted: redactorInput.characters - before };
    };

    it("an error body of 3 MB: its first 64 KiB less a margin, masked, no piece of a key at its end, and only its first 65 KiB redacted", async () => {
      const { error, redacted } = await redactedOf(400);
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.body).toMatch(/^(\*\*\* )+\*{0,3}…$/);
      expect(redacted).toBeGreaterThanOrEqual(66_560);
      expect(redacted).toBeLessThan(70_000);
    });

    it("a 2xx of 3 MB that is no JSON: its snippet, masked, and only its first 65 KiB redacted", async () => {
      const { error, redacted } = await redactedOf(200);
      expect(error).toMatchObject({ name: "InvalidResponseError", reason: "non-json" });
      expect(error.snippet).toMatch(/^(\*\*\* )+\*{0,3}$/);
      expect(redacted).toBeGreaterThanOrEqual(66_560);
      expect(redacted).toBeLessThan(70_000);
    });

    it("a key across the 64 KiB cut, or a few characters past it, never shows; nor a piece of it", async () => {
      for (const at of [65536 - 20, 65536 - 36, 65536 - 3, 65536, 65536 + 500, 65536 + 1020]) {
        const text = "x ".repeat(at / 2) + uuid + " y".repeat(40_000);
        const { error } = await sendUuid(new Response(text, { status: 400 }));
        expect(error.body, String(at)).not.toContain(uuid.slice(0, 4));
        expect(error.body.endsWith("…"), String(at)).toBe(true);
        const { error: invalid } = await sendUuid(new Response(`<title>${text}`, { status: 200 }));
        expect(invalid.message, String(at)).not.toContain(uuid.slice(0, 4));
      }
      // Across the end of what is redacted, 65 KiB, where masks before it (100 keys) made the
      // text 3 kB shorter: the piece before that end (under 8 characters, which the redactor leaves)
      // would fall inside the 64 KiB kept.
      for (const before of [3, 7, 20]) {
        const masked = `${uuid} `.repeat(100);
        const text = masked + "x".repeat(66560 - before - masked.length) + uuid + " y".repeat(9);
        const { error } = await sendUuid(new Response(text, { status: 400 }));
        expect(error.body, String(before)).not.toContain(uuid.slice(0, 3));
      }
      // (Whole when short, and masked.)
      const { error } = await sendUuid(new Response(`bad key ${uuid}`, { status: 400 }));
      expect(error.body).toBe("bad key ***");
    });
  });

  it("a REST error has no rpcError, whatever its body's error object holds (a numeric code too: the host's own); the body keeps it", async () => {
    for (const body of [
      { error: "bad wallet" },
      { error: { code: "E_WALLET", message: "bad wallet" } },
      { message: "bad wallet", code: 400 },
      { error: { code: 400, message: "bad wallet" } },
      { jsonrpc: "2.0", id: "1", error: { code: -32602, message: "bad wallet" } },
    ]) {
      const { fetch } = stubFetch(jsonResponse(body, { status: 400 }));
      const { error } = await settle(
        sendRequest(createRestTransport({ apiKey: KEY, fetch }, walletHost), get(), {
          operation: getBalances,
        }),
      );
      expect(error, JSON.stringify(body)).toBeInstanceOf(BadRequestError);
      expect(error.rpcError, JSON.stringify(body)).toBeUndefined();
      expect(error.body, JSON.stringify(body)).toEqual(body);
      expect(error.message).toBe("HTTP 400 from getBalances: bad wallet");
    }
    // (Nor the sender's `ping`, a text call.)
    const { fetch } = stubFetch(
      jsonResponse({ error: { code: 503, message: "down" } }, { status: 503 }),
    );
    const { error } = await settle(
      getText({ fetch, maxRetries: 0 }, senderHost, "/ping", { id: "ping", idempotent: true }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.rpcError).toBeUndefined();
  });

  it("a JSON-RPC call answered with a non-2xx status has the error object as rpcError, only when its code is a number", async () => {
    const call = (error: unknown) => {
      const { fetch } = stubFetch(
        jsonResponse({ jsonrpc: "2.0", id: "1", error }, { status: 400 }),
      );
      return settle(
        createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/").call(
          { id: "getAsset", idempotent: true },
          {},
        ),
      );
    };
    const { error } = await call({ code: -32602, message: "Invalid params" });
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.rpcError).toEqual({ code: -32602, message: "Invalid params" });
    expect(error.message).toBe("HTTP 400 from getAsset: Invalid params");
    expect((await call({ code: "E", message: "Invalid params" })).error.rpcError).toBeUndefined();
  });
});

describe("retries", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2025, 0, 1)); // a whole second, as HTTP-dates have no milliseconds
    vi.spyOn(Math, "random").mockReturnValue(0); // no jitter: delays are exactly 500, 1000, ...
  });

  // `options.call` holds the request options; the rest are client options.
  const sendAt = (
    fetch: typeof globalThis.fetch,
    { call, ...options }: { call?: object; [option: string]: unknown } = {},
    operation = getBalances,
    request = get(),
  ) =>
    settle(
      sendRequest(createRestTransport({ apiKey: KEY, fetch, ...options }, walletHost), request, {
        operation,
        options: call,
      }),
    );

  it("retries 500s twice by default, with exponential backoff, then throws InternalServerError", async () => {
    const { fetch, mock } = stubFetch(new Response("down", { status: 500 }));
    const result = sendAt(fetch);
    await vi.advanceTimersByTimeAsync(0);
    expect(mock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(mock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(mock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(mock).toHaveBeenCalledTimes(3);
    const { error } = await result;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.message).toBe("HTTP 500 from getBalances: down (3 attempts)");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("retries 408, 429 and 5xx, then succeeds; never 400/401/403/404/422", async () => {
    for (const status of [408, 429, 502, 503, 504]) {
      const { fetch, mock } = stubFetch(new Response("", { status }), jsonResponse({ ok: true }));
      const result = sendAt(fetch);
      await vi.advanceTimersByTimeAsync(500);
      expect((await result).value?.status).toBe(200);
      expect(mock).toHaveBeenCalledTimes(2);
    }
    for (const status of [400, 401, 403, 404, 422]) {
      const { fetch, mock } = stubFetch(new Response("", { status }));
      const { error } = await sendAt(fetch);
      expect(error).toBeInstanceOf(APIError);
      expect(mock).toHaveBeenCalledTimes(1);
    }
  });

  it("caps the backoff at 8 s and honours maxRetries from the client and the call", async () => {
    const { fetch, mock } = stubFetch(new Response("", { status: 503 }));
    const result = sendAt(fetch, { maxRetries: 6 });
    for (const delay of [0, 500, 1000, 2000, 4000, 8000, 8000]) {
      await vi.advanceTimersByTimeAsync(delay);
    }
    expect(mock).toHaveBeenCalledTimes(7);
    expect((await result).error).toBeInstanceOf(InternalServerError);

    const once = stubFetch(new Response("", { status: 503 }));
    const { error } = await sendAt(once.fetch, { call: { maxRetries: 0 } });
    expect(error).toBeInstanceOf(InternalServerError);
    expect(once.mock).toHaveBeenCalledTimes(1);
  });

  it("honours Retry-After in seconds, as an HTTP-date and as retry-after-ms", async () => {
    const at = (headers: Record<string, string>) => new Response("", { status: 429, headers });
    for (const [headersAt, wait] of [
      [() => ({ "retry-after": "3" }), 3000],
      [() => ({ "retry-after": new Date(Date.now() + 5000).toUTCString() }), 5000],
      [() => ({ "retry-after-ms": "1234" }), 1234],
      [() => ({ "retry-after": "soon" }), 500], // garbage → backoff
    ] as const) {
      const headers = headersAt();
      const { fetch, mock } = stubFetch(at(headers), jsonResponse({}));
      const result = sendAt(fetch);
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(mock, JSON.stringify(headers)).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(mock, JSON.stringify(headers)).toHaveBeenCalledTimes(2);
      expect((await result).value?.status).toBe(200);
    }
  });

  it("adds up to a quarter to a Retry-After (never less), so callers told the same wait do not come back together", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.999999);
    for (const headersAt of [
      () => ({ "retry-after": "3" }),
      () => ({ "retry-after": new Date(Date.now() + 3000).toUTCString() }),
    ]) {
      vi.setSystemTime(Date.UTC(2025, 0, 1)); // (a whole second: HTTP-dates have no milliseconds)
      const headers = headersAt();
      const { fetch, mock } = stubFetch(
        new Response("", { status: 429, headers }),
        jsonResponse({}),
      );
      const result = sendAt(fetch);
      await vi.advanceTimersByTimeAsync(3749);
      expect(mock, JSON.stringify(headers)).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(mock, JSON.stringify(headers)).toHaveBeenCalledTimes(2);
      expect((await result).value?.status).toBe(200);
    }
  });

  it("waits out a Retry-After of exactly 60 s, but throws at once for 61 s", async () => {
    const { fetch, mock } = stubFetch(
      new Response("", { status: 429, headers: { "retry-after": "60" } }),
      jsonResponse({}),
    );
    const result = sendAt(fetch);
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await result).value?.status).toBe(200);
    expect(mock).toHaveBeenCalledTimes(2);

    const over = stubFetch(new Response("", { status: 429, headers: { "retry-after": "61" } }));
    const { error } = await sendAt(over.fetch);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(61);
    expect(over.mock).toHaveBeenCalledTimes(1);
  });

  it("throws RateLimitError at once, with retryAfter, when Retry-After is over the 60 s cap", async () => {
    const { fetch, mock } = stubFetch(
      new Response('{"message":"slow down"}', { status: 429, headers: { "retry-after": "120" } }),
    );
    const { error } = await sendAt(fetch);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(120);
    expect(error.message).toBe(
      "HTTP 429 from getBalances: slow down (not retried: Retry-After 120 s is over 60 s)",
    );
    expect(mock).toHaveBeenCalledTimes(1);
  });

  it("says the wait a single attempt's 429 or 503 asked for (`maxRetries: 0`), as after retries, so a caller's own loop reads it from the log line", async () => {
    for (const [status, type] of [
      [429, RateLimitError],
      [503, InternalServerError],
    ] as const) {
      const answer = new Response('{"message":"slow down"}', {
        status,
        headers: { "retry-after": "2" },
      });
      const { error } = await sendAt(stubFetch(answer).fetch, { maxRetries: 0 });
      expect(error).toBeInstanceOf(type);
      expect(error.retryAfter).toBe(2);
      expect(error.message).toBe(`HTTP ${status} from getBalances: slow down (Retry-After 2 s)`);
    }
    // None asked for: nothing said.
    const plain = await sendAt(stubFetch(new Response("", { status: 503 })).fetch, {
      maxRetries: 0,
    });
    expect(plain.error.message).toBe("HTTP 503 from getBalances");
  });

  it("a 503 over the cap is thrown at once with its retryAfter (when to come back); another status without Retry-After has no such member", async () => {
    // (It had none: only RateLimitError carried it, and a job queue had to parse the header
    // itself, though the message said the wait was over the cap: user trial 7.)
    const { fetch, mock } = stubFetch(
      new Response("", { status: 503, headers: { "retry-after": "120" } }),
    );
    const { error } = await sendAt(fetch);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.message).toBe(
      "HTTP 503 from getBalances (not retried: Retry-After 120 s is over 60 s)",
    );
    expect(error.retryAfter).toBe(120);
    expect(error.toJSON()).toHaveProperty("retryAfter", 120);
    expect(mock).toHaveBeenCalledTimes(1);
    const plain = await sendAt(stubFetch(new Response("", { status: 404 })).fetch);
    expect(plain.error).not.toHaveProperty("retryAfter");
    expect(plain.error.toJSON()).not.toHaveProperty("retryAfter");
  });

  it("sets RateLimitError.retryAfter from an HTTP-date, and leaves it undefined when absent or garbage", async () => {
    for (const [headers, retryAfter] of [
      [{ "retry-after": new Date(Date.now() + 90_000).toUTCString() }, 90],
      [{}, undefined],
      [{ "retry-after": "later" }, undefined],
    ] as const) {
      const { fetch } = stubFetch(new Response("", { status: 429, headers }));
      const { error } = await sendAt(fetch, { maxRetries: 0 });
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error.retryAfter).toBe(retryAfter);
    }
  });

  it("never retries a non-idempotent operation unless retryNonIdempotent is set", async () => {
    const { fetch, mock } = stubFetch(new Response("", { status: 503 }));
    const { error } = await sendAt(fetch, {}, createWebhook);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(mock).toHaveBeenCalledTimes(1);

    const failedConnection = stubFetch(new TypeError("fetch failed"));
    expect((await sendAt(failedConnection.fetch, {}, createWebhook)).error).toBeInstanceOf(
      ConnectionError,
    );
    expect(failedConnection.mock).toHaveBeenCalledTimes(1);

    const optIn = stubFetch(new Response("", { status: 503 }), jsonResponse({}));
    const result = sendAt(optIn.fetch, { call: { retryNonIdempotent: true } }, createWebhook);
    await vi.advanceTimersByTimeAsync(500);
    expect((await result).value?.status).toBe(200);
  });

  it("re-sends an identical body on every attempt", async () => {
    const { fetch, calls } = stubFetch(
      new Response("", { status: 500 }),
      new Response("", { status: 500 }),
      jsonResponse({}),
    );
    const body = JSON.stringify({ wallet: "w", amounts: [1, 2, 3] });
    const result = sendAt(
      fetch,
      {},
      getBalances,
      new Request("https://api.helius.xyz/v1/x", { method: "POST", body }),
    );
    await vi.advanceTimersByTimeAsync(1500);
    expect((await result).value?.status).toBe(200);
    expect(calls.map((c) => c.body)).toEqual([body, body, body]);
  });

  it("retries a 2xx body cut short (JSON left open) as a lost connection: a read, not a write", async () => {
    const cut = () => jsonResponse('{"balances":[{"amount":1');
    // A REST call, which parses the body it returns.
    const restAt = (fetch: typeof globalThis.fetch, operation = getBalances) => {
      const transport = createRestTransport({ apiKey: KEY, fetch }, walletHost);
      return settle(
        transport.restCall(operation, undefined, undefined, async (fetch) => {
          const response = await fetch(new Request(`${transport.baseUrl}/v1/x`));
          return { data: await response.text(), response };
        }),
      );
    };
    const once = stubFetch(cut(), jsonResponse({ balances: [] }));
    const result = restAt(once.fetch);
    await vi.advanceTimersByTimeAsync(500);
    expect((await result).value).toEqual({ balances: [] });
    expect(once.mock).toHaveBeenCalledTimes(2);

    // Every attempt cut: the error of the last, which says how many were made.
    const always = stubFetch(cut());
    const failed = restAt(always.fetch);
    await vi.advanceTimersByTimeAsync(1500);
    const { error } = await failed;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ reason: "truncated", status: 200, operation: "getBalances" });
    expect(error.message).toBe(
      "Invalid response (truncated) from getBalances, status 200 (3 attempts)",
    );
    expect(always.mock).toHaveBeenCalledTimes(3);

    // A write that answered 2xx has happened: not sent again, and the message says so, as after
    // any failure of a write that reached the server (user trial 81, F5: a caller who retried on
    // it made a second webhook).
    const write = stubFetch(cut(), jsonResponse({}));
    const written = await restAt(write.fetch, createWebhook);
    expect(written.error).toMatchObject({ reason: "truncated", status: 200 });
    expect(written.error.message).toBe(
      "Invalid response (truncated) from createWebhook, status 200 (not retried: the write may have been made)",
    );
    expect(write.mock).toHaveBeenCalledTimes(1);
  });

  it("retries a connection lost while the body is read (a ConnectionError)", async () => {
    const dropped = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"balances":['));
            controller.error(new TypeError("terminated"));
          },
        }),
      );
    const { fetch, mock } = stubFetch(dropped, jsonResponse({}));
    const result = sendAt(fetch);
    await vi.advanceTimersByTimeAsync(500);
    expect((await result).value?.status).toBe(200);
    expect(mock).toHaveBeenCalledTimes(2);
    const { error } = await sendAt(stubFetch(dropped).fetch, { call: { maxRetries: 0 } });
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe("Connection error from getBalances: terminated");
  });

  it("retries connection errors and throws a ConnectionError whose cause is a redacted copy", async () => {
    const raw = new TypeError("fetch failed", {
      cause: Object.assign(
        new Error(`connect ECONNREFUSED https://api.helius.xyz/v1/x?api-key=${KEY}`),
        { code: "ECONNREFUSED" },
      ),
    });
    const { fetch, mock } = stubFetch(raw);
    const result = sendAt(fetch);
    await vi.advanceTimersByTimeAsync(1500);
    const { error } = await result;
    expect(mock).toHaveBeenCalledTimes(3);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe(
      "Connection error from getBalances: fetch failed: connect ECONNREFUSED https://api.helius.xyz/v1/x?api-key=*** (3 attempts)",
    );
    expect(error.cause).not.toBe(raw);
    expect(error.cause).toMatchObject({ name: "TypeError", message: "fetch failed" });
    expect(error.cause.cause).toMatchObject({ code: "ECONNREFUSED" });
    expect(error.cause.cause.message).not.toContain(KEY);
  });

  it("toJSON writes a ConnectionError's cause chain with each code, redacted (a CLI logs the errno; user trial 34, F11)", async () => {
    // Node's fetch: the errno on the cause's cause. A custom fetch's (node-fetch): on the error it
    // throws. A code that echoes the key is written redacted, as on the object.
    const node = new TypeError("fetch failed", {
      cause: Object.assign(new Error(`getaddrinfo ENOTFOUND h?api-key=${KEY}`), {
        code: "ENOTFOUND",
        errno: -3008,
        hostname: `h?api-key=${KEY}`,
      }),
    });
    const custom = Object.assign(new Error("request failed"), { code: `E_${KEY}` });
    const cases: [Error, unknown][] = [
      [
        node,
        {
          name: "TypeError",
          message: "fetch failed",
          cause: {
            name: "Error",
            message: "getaddrinfo ENOTFOUND h?api-key=***",
            code: "ENOTFOUND",
          },
        },
      ],
      [custom, { name: "Error", message: "request failed", code: "E_***" }],
    ];
    for (const [thrown, cause] of cases) {
      const { fetch } = stubFetch(thrown);
      const result = sendAt(fetch, { maxRetries: 0 });
      const { error } = await result;
      expect(error).toBeInstanceOf(ConnectionError);
      const json = JSON.parse(JSON.stringify(error));
      // (Only name, message and code of each cause: no stack, no other field, such as `hostname`.)
      expect(json.cause).toEqual(cause);
      expect(JSON.stringify(error)).not.toContain(KEY);
    }
  });

  it("a cause that is an object but no Error reads as its message, and without one is left out", async () => {
    // (A custom fetch's `cause: { request: … }` read `boom: [object Object]`.)
    const thrown = async (cause: unknown) => {
      const fetch = async () => Promise.reject(new Error("boom", { cause }));
      const { error } = await sendAt(fetch, { maxRetries: 0 });
      expect(error).toBeInstanceOf(ConnectionError);
      return error;
    };
    const message = async (cause: unknown) => (await thrown(cause)).message;
    expect(await message({ request: { key: KEY } })).toBe(
      "Connection error from getBalances: boom",
    );
    const coded = await thrown({ code: "E_PROXY" });
    expect(coded.message).toBe("Connection error from getBalances: boom");
    expect(coded.cause.cause).toMatchObject({ code: "E_PROXY" });
    expect(await message({ message: `refused ${KEY}` })).toBe(
      "Connection error from getBalances: boom: refused ***",
    );
    expect(await message("reset")).toBe("Connection error from getBalances: boom: reset");
  });

  it("a fetch that rejects with no Error says so, not [object Object]", async () => {
    const rejected = async (value: unknown) => {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what is tested
      const fetch = async () => Promise.reject(value);
      const { error } = await sendAt(fetch, { maxRetries: 0 });
      expect(error).toBeInstanceOf(ConnectionError);
      return error;
    };
    const plain = await rejected({ code: "E_PROXY", request: { key: KEY } });
    expect(plain.message).toBe("Connection error from getBalances: fetch failed with no message");
    expect(plain.cause).toMatchObject({ code: "E_PROXY" });
    for (const nothing of [null, undefined])
      expect((await rejected(nothing)).message).toBe(
        "Connection error from getBalances: fetch failed with no message",
      );
    expect((await rejected("reset")).message).toBe("Connection error from getBalances: reset");
  });

  it("logs each retry at info with the attempt number and delay, redacted", async () => {
    const info = vi.fn();
    const debug = vi.fn();
    const { fetch } = stubFetch(
      new Response("", { status: 503, headers: { "x-request-id": `req-1-${KEY}` } }),
      jsonResponse({}),
    );
    const result = sendAt(fetch, { logger: { info, debug } });
    await vi.advanceTimersByTimeAsync(500);
    await result;
    expect(info).toHaveBeenCalledTimes(1);
    // The meta says what failed as fields too: a trace records each attempt's error class, status
    // and request id (to quote to support) without reading the message (user trial 40).
    expect(info.mock.calls[0]).toEqual([
      "Retrying getBalances in 500 ms (attempt 2 of 3): HTTP 503 from getBalances",
      {
        operation: "getBalances",
        attempt: 2,
        delay: 500,
        error: "InternalServerError",
        status: 503,
        requestId: "req-1-***",
      },
    ]);
    // Per attempt, a line as the request is sent (a request that hangs shows at once) and one
    // with its answer and duration (user trial 34).
    expect(debug).toHaveBeenCalledTimes(4);
    expect(debug.mock.calls[0]).toEqual([
      "getBalances: GET https://api.helius.xyz/v1/x?api-key=*** …",
      { operation: "getBalances", attempt: 1 },
    ]);
    expect(debug.mock.calls[1]).toEqual([
      "getBalances: GET https://api.helius.xyz/v1/x?api-key=*** → 503 (0 ms)",
      { operation: "getBalances", attempt: 1, status: 503, durationMs: 0 },
    ]);
  });

  it("names a failed attempt that got no answer by its error class alone", async () => {
    const info = vi.fn();
    const { fetch } = stubFetch(new TypeError("fetch failed"), jsonResponse({}));
    const result = sendAt(fetch, { logger: { info } });
    await vi.advanceTimersByTimeAsync(500);
    await result;
    expect(info.mock.calls[0]![1]).toEqual({
      operation: "getBalances",
      attempt: 2,
      delay: 500,
      error: "ConnectionError",
    });
  });
});

describe("timeouts and aborts", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0);
  });

  it("times out each attempt, retries, then throws TimeoutError; no timer or listener is left", async () => {
    const controller = new AbortController();
    const { fetch, calls } = stubFetch(hang);
    const transport = createRestTransport({ apiKey: KEY, fetch, timeout: 1000 }, walletHost);
    const result = settle(
      sendRequest(transport, get(), {
        operation: getBalances,
        options: { signal: controller.signal },
      }),
    );
    await vi.advanceTimersByTimeAsync(1000 + 500 + 1000 + 1000 + 1000);
    const { error } = await result;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe(
      "getBalances timed out after 1000 ms (raise `timeout`) (3 attempts)",
    );
    expect(calls).toHaveLength(3);
    expect(calls.every((c) => c.signal.aborted)).toBe(true); // each timed-out fetch was cancelled
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("one abort listener on a signal shared by 30 calls in flight (Node warns past 10); all abort together; none left after", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const controller = new AbortController();
      const transport = createRestTransport(
        { apiKey: KEY, fetch: stubFetch(hang).fetch },
        walletHost,
      );
      const limited = createRestTransport(
        {
          apiKey: KEY,
          fetch: stubFetch(hang).fetch,
          rateLimit: createRateLimiter({ requestsPerSecond: 1 }),
        },
        walletHost,
      );
      const calls = [...Array(30)].map((_, i) =>
        settle(
          sendRequest(i % 2 ? limited : transport, get(), {
            operation: getBalances,
            options: { signal: controller.signal },
          }),
        ),
      );
      await vi.advanceTimersByTimeAsync(10);
      expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
      controller.abort();
      const results = await Promise.all(calls);
      expect(results.every(({ error }) => error instanceof AbortError)).toBe(true);
      expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
      expect(vi.getTimerCount()).toBe(0);

      // Calls that finish (no abort) leave nothing behind either.
      const shared = new AbortController();
      const ok = createRestTransport(
        { apiKey: KEY, fetch: stubFetch(jsonResponse({})).fetch },
        walletHost,
      );
      await Promise.all(
        [...Array(20)].map(() =>
          sendRequest(ok, get(), { operation: getBalances, options: { signal: shared.signal } }),
        ),
      );
      expect(getEventListeners(shared.signal, "abort")).toHaveLength(0);
      await new Promise((resolve) => process.nextTick(resolve));
      expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("times out even when fetch ignores its signal", async () => {
    const { fetch } = stubFetch(never);
    const result = settle(
      sendRequest(
        createRestTransport({ apiKey: KEY, fetch, timeout: 50, maxRetries: 0 }, walletHost),
        get(),
        {
          operation: getBalances,
        },
      ),
    );
    await vi.advanceTimersByTimeAsync(50);
    expect((await result).error).toBeInstanceOf(TimeoutError);
  });

  it("treats a timeout of 2^31 ms or more as none", async () => {
    const { fetch } = stubFetch(
      () => new Promise((resolve) => setTimeout(() => resolve(jsonResponse({})), 1000)),
    );
    const result = settle(
      sendRequest(createRestTransport({ apiKey: KEY, fetch, maxRetries: 0 }, walletHost), get(), {
        operation: getBalances,
        options: { timeout: 2 ** 31 + 5 },
      }),
    );
    await vi.advanceTimersByTimeAsync(1000);
    const { value, error } = await result;
    expect(error).toBeUndefined();
    expect(value?.status).toBe(200);
  });

  it("clears the timer and the abort listener after a success", async () => {
    const controller = new AbortController();
    const { fetch } = stubFetch(jsonResponse({}));
    await sendRequest(createRestTransport({ apiKey: KEY, fetch }, walletHost), get(), {
      operation: getBalances,
      options: { signal: controller.signal, timeout: 5000 },
    });
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("rejects at once with AbortError when the caller aborts during a request", async () => {
    const controller = new AbortController();
    const { fetch, calls } = stubFetch(never);
    const result = settle(
      sendRequest(createRestTransport({ apiKey: KEY, fetch }, walletHost), get(), {
        operation: getBalances,
        options: { signal: controller.signal },
      }),
    );
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    const { error } = await result;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.name).toBe("AbortError");
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("says an abort was the signal's time limit (`AbortSignal.timeout()`'s TimeoutError), so a log line does not read as a Ctrl-C; other aborts as before", async () => {
    const abortWith = async (reason: unknown) => {
      const controller = new AbortController();
      const result = settle(
        sendRequest(
          createRestTransport({ apiKey: KEY, fetch: stubFetch(never).fetch }, walletHost),
          get(),
          {
            operation: getBalances,
            options: { signal: controller.signal },
          },
        ),
      );
      await vi.advanceTimersByTimeAsync(10);
      controller.abort(reason);
      return (await result).error;
    };
    // (What AbortSignal.timeout(ms) aborts with.)
    const timedOut = await abortWith(new DOMException("The operation timed out.", "TimeoutError"));
    expect(timedOut).toBeInstanceOf(AbortError);
    expect(timedOut.message).toBe("getBalances was aborted (its signal timed out)");
    expect(timedOut.cause).toMatchObject({ name: "TimeoutError" });
    expect((await abortWith(undefined)).message).toBe("getBalances was aborted");
    expect((await abortWith(new Error("shutting down"))).message).toBe("getBalances was aborted");
  });

  it("rejects with AbortError when the Request's own signal aborts", async () => {
    const controller = new AbortController();
    const { fetch, calls } = stubFetch(never);
    const request = new Request("https://api.helius.xyz/v1/x", { signal: controller.signal });
    const result = settle(
      sendRequest(
        createRestTransport({ apiKey: KEY, fetch, timeout: 1000, maxRetries: 0 }, walletHost),
        request,
        { operation: getBalances },
      ),
    );
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await vi.advanceTimersByTimeAsync(1000); // (a missed abort would end in a TimeoutError)
    expect((await result).error).toBeInstanceOf(AbortError);
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it("rejects at once with AbortError when the caller aborts during a retry wait", async () => {
    const controller = new AbortController();
    const { fetch, mock } = stubFetch(
      new Response("", { status: 503, headers: { "retry-after": "30" } }),
    );
    const result = settle(
      sendRequest(createRestTransport({ apiKey: KEY, fetch }, walletHost), get(), {
        operation: getBalances,
        options: { signal: controller.signal },
      }),
    );
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect((await result).error).toBeInstanceOf(AbortError);
    expect(mock).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  // (The contract of decision 0006 and the core README: the failed attempt's error is in the
  // retry's info line, not the AbortError's `cause`, which callers read for their own reason.)
  it("an abort during a retry wait keeps the signal's reason, redacted, as its cause; the failed attempt is in the retry's log line", async () => {
    const controller = new AbortController();
    const info = vi.fn();
    const { fetch } = stubFetch(
      new Response("", { status: 503, headers: { "retry-after": "30" } }),
    );
    const result = settle(
      sendRequest(
        createRestTransport({ apiKey: KEY, fetch, logger: { info } }, walletHost),
        get(),
        { operation: getBalances, options: { signal: controller.signal } },
      ),
    );
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort(new Error(`shutting down (${KEY})`));
    await vi.advanceTimersByTimeAsync(0);
    const { error } = await result;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.attempts).toBe(1);
    expect(error.cause).toMatchObject({ name: "Error", message: "shutting down (***)" });
    expect(info).toHaveBeenCalledWith(
      expect.stringMatching(/^Retrying getBalances in \d+ ms \(attempt 2 of 3\): HTTP 503 /),
      expect.objectContaining({ error: "InternalServerError", status: 503 }),
    );
  });

  it("sends nothing when the signal is already aborted", async () => {
    const { fetch, mock } = stubFetch(jsonResponse({}));
    const { error } = await settle(
      sendRequest(createRestTransport({ apiKey: KEY, fetch }, walletHost), get(), {
        operation: getBalances,
        options: { signal: AbortSignal.abort() },
      }),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(mock).not.toHaveBeenCalled();
  });
});

describe("a timeout before anything was written (real fetch, loopback)", () => {
  // User trial 81 and note 81: `Request to X timed out` was said where no request had been written.
  // An https URL whose server never answers the TLS hello is such a case: the attempt's time runs
  // out in the handshake, the request unwritten. The message says the call timed out, which is
  // true there and wherever the request went.
  it("says the call timed out, not that a request did, and names the option to raise", async () => {
    vi.useRealTimers();
    let received = "";
    const silent = createNetServer((socket) =>
      socket.on("data", (bytes) => (received += bytes.toString("latin1"))),
    );
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const { port } = silent.address() as AddressInfo;
    try {
      const transport = createRestTransport(
        { apiKey: KEY, baseUrls: { wallet: `https://127.0.0.1:${port}` }, maxRetries: 0 },
        walletHost,
      );
      const error = await sendRequest(transport, new Request(`${transport.baseUrl}/v1/x`), {
        operation: getBalances,
        options: { timeout: 200 },
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({
        message: "getBalances timed out after 200 ms (raise `timeout`)",
        attempts: 1,
      });
      // The TLS hello reached the server; no byte of the request did.
      expect(received).not.toBe("");
      expect(received).not.toContain("GET");
      expect(received).not.toContain(KEY);
    } finally {
      silent.close();
    }
  });
});

describe("rate limit", () => {
  it("spaces attempts with the client-side limiter", async () => {
    vi.useFakeTimers();
    const { fetch, mock } = stubFetch(jsonResponse({}));
    const transport = createRestTransport(
      { apiKey: KEY, fetch, rateLimit: createRateLimiter({ requestsPerSecond: 1 }) },
      adminHost,
    );
    const first = sendRequest(transport, new Request(`${transport.baseUrl}/a`), {
      operation: getBalances,
    });
    const second = sendRequest(transport, new Request(`${transport.baseUrl}/b`), {
      operation: getBalances,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(mock).toHaveBeenCalledTimes(1);
    // (1.1 s: the limiter aims a tenth under the rate.)
    await vi.advanceTimersByTimeAsync(1099);
    expect(mock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(mock).toHaveBeenCalledTimes(2);
    await Promise.all([first, second]);
  });

  it("an abort while waiting for the limiter is worded as any abort, naming the operation", async () => {
    vi.useFakeTimers();
    const { fetch, mock } = stubFetch(jsonResponse({}));
    const transport = createRestTransport(
      { apiKey: KEY, fetch, rateLimit: createRateLimiter({ requestsPerSecond: 1 }) },
      adminHost,
    );
    await sendRequest(transport, new Request(`${transport.baseUrl}/a`), { operation: getBalances });
    const controller = new AbortController();
    const waiting = settle(
      sendRequest(transport, new Request(`${transport.baseUrl}/b`), {
        operation: getBalances,
        options: { signal: controller.signal },
      }),
    );
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    const { error } = await waiting;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.message).toBe("getBalances was aborted");
    expect(mock).toHaveBeenCalledTimes(1);
  });

  it("acquires a slot before every attempt, retries included", async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0);
    const acquire = vi.fn(async () => {});
    const { fetch } = stubFetch(new Response("", { status: 503 }), jsonResponse({}));
    const result = settle(
      sendRequest(
        createRestTransport({ apiKey: KEY, fetch, rateLimit: { acquire } }, walletHost),
        get(),
        {
          operation: getBalances,
        },
      ),
    );
    await vi.advanceTimersByTimeAsync(500);
    expect((await result).value?.status).toBe(200);
    expect(acquire).toHaveBeenCalledTimes(2);
  });
});

describe("engine rules that no other test pinned (found by mutation testing)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2025, 0, 1));
    vi.spyOn(Math, "random").mockReturnValue(0);
  });

  const sendWith = (
    fetch: typeof globalThis.fetch,
    { call, ...options }: { call?: object; [option: string]: unknown } = {},
    operation = getBalances,
  ) =>
    settle(
      sendRequest(createRestTransport({ apiKey: KEY, fetch, ...options }, walletHost), get(), {
        operation,
        options: call,
      }),
    );
  const rejectedWith = async (thrown: unknown) => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what is tested
    const { error } = await sendWith(async () => Promise.reject(thrown), { maxRetries: 0 });
    return error;
  };

  it("refuses headers that are neither an object, a Headers nor pairs with its own message; nothing is sent", async () => {
    const { fetch, mock } = stubFetch(jsonResponse({}));
    const { error } = await sendWith(fetch, { call: { headers: "x-a: 1" } });
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toContain("headers: must be an object, a Headers or pairs");
    expect(mock).not.toHaveBeenCalled();
  });

  it("says to pass `fetch` when there is no global fetch; nothing is sent", async () => {
    vi.stubGlobal("fetch", undefined);
    try {
      const { error } = await settle(
        sendRequest(createRestTransport({ apiKey: KEY }, walletHost), get(), {
          operation: getBalances,
        }),
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toBe("No global fetch: pass the `fetch` option");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("leaves the signal given to fetch unaborted after an answer: only a loser is stopped", async () => {
    // (`return resolve(value)` made `resolve(value)`: every success aborted its fetch's signal,
    // which a custom fetch listening to it takes as a cancel, and built a DOMException.)
    const signals: AbortSignal[] = [];
    const fetch = (async (_url: unknown, init?: RequestInit) => {
      signals.push(init!.signal!);
      return jsonResponse({});
    }) as typeof globalThis.fetch;
    expect((await sendWith(fetch)).value?.status).toBe(200);
    expect(signals.map((signal) => signal.aborted)).toEqual([false]);
  });

  it("a timeout of exactly 2^31 - 1 ms is still a timeout (the longest a timer waits)", async () => {
    const { fetch } = stubFetch(hang);
    const result = sendWith(fetch, { maxRetries: 0, call: { timeout: 2 ** 31 - 1 } });
    await vi.advanceTimersByTimeAsync(2 ** 31 - 1);
    const { error } = await result;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe(`getBalances timed out after ${2 ** 31 - 1} ms (raise \`timeout\`)`);
  });

  it("a lost connection's cause chain is copied 3 causes deep, and one without a cause has none", async () => {
    const chain = ["m0", "m1", "m2", "m3", "m4", "m5"].reduceRight<Error | undefined>(
      (cause, message) => new Error(message, cause && { cause }),
      undefined,
    );
    const deep = await rejectedWith(chain);
    expect(deep).toBeInstanceOf(ConnectionError);
    expect(deep.message).toBe("Connection error from getBalances: m0: m1: m2: m3");
    expect(deep.cause.cause.cause.cause.message).toBe("m3");
    expect(deep.cause.cause.cause.cause.cause).toBeUndefined();
    const alone = await rejectedWith(new TypeError("fetch failed"));
    expect(alone.message).toBe("Connection error from getBalances: fetch failed");
    expect(alone.cause.cause).toBeUndefined();
  });

  it("the copy of a thrown value keeps its redacted stack, and names a value without a name Error with an empty stack", async () => {
    const raw = new TypeError(`refused ${KEY}`);
    const copied = (await rejectedWith(raw)).cause;
    expect(copied.stack).toBe(raw.stack!.replace(KEY, "***"));
    const plain = (await rejectedWith({ message: "reset" })).cause;
    expect(plain).toMatchObject({ name: "Error", message: "reset", stack: "" });
  });

  it("a thrown value that cannot be read is a connection error saying so", async () => {
    const unreadable = {
      get message(): string {
        throw new Error("no");
      },
    };
    const error = await rejectedWith(unreadable);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe("Connection error from getBalances: (an error that cannot be read)");
  });

  it("only an error named exactly ReferenceError (…, URIError) is a custom fetch's bug: rethrown with its own redacted stack", async () => {
    for (const name of ["NotAReferenceError", "SyntaxErrors"]) {
      const error = await rejectedWith(Object.assign(new Error("odd"), { name }));
      expect(error).toBeInstanceOf(ConnectionError);
    }
    const bug = Object.assign(new ReferenceError(`x is not defined ${KEY}`), {
      stack: `ReferenceError: x is not defined ${KEY}\n    at customFetch (fetch.js:1:1)`,
    });
    const error = await rejectedWith(bug);
    expect(error).toBeInstanceOf(ReferenceError);
    expect(error).not.toBe(bug);
    expect(error.stack).toBe(
      "ReferenceError: x is not defined ***\n    at customFetch (fetch.js:1:1)",
    );
  });

  it("masks a credential-named response header of 8 characters or more, `-authenticate` only at the end of a name exempt", async () => {
    const { fetch } = stubFetch(
      new Response("", {
        status: 400,
        headers: {
          "set-cookie": "id=1234",
          "x-session": "id=12345",
          "x-authenticate-key": "abcdefgh123",
          "www-authenticate": 'Bearer realm="api"',
        },
      }),
    );
    const { error } = await sendWith(fetch);
    expect(error.headers).toMatchObject({
      "set-cookie": "id=1234",
      "x-session": "***",
      "x-authenticate-key": "***",
      "www-authenticate": 'Bearer realm="api"',
    });
  });

  it("names the page title only in the message of an HTML answer", async () => {
    const { fetch } = stubFetch(
      new Response("oops <title>Gateway</title>", {
        headers: { "content-type": "application/json" },
      }),
    );
    const { error } = await settle(
      createRestTransport({ apiKey: KEY, fetch }, walletHost).restCall(
        getBalances,
        undefined,
        undefined,
        async (send) => {
          await send(get());
        },
      ),
    );
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toBe("Invalid response (non-json) from getBalances, status 200");
  });

  it("keeps an error body of exactly 64 KiB whole", async () => {
    const text = "x".repeat(65536);
    const { fetch } = stubFetch(new Response(text, { status: 400 }));
    const { error } = await sendWith(fetch);
    expect(error.body).toBe(text);
  });

  it("quotes a server's message that has a < inside, trimmed; a page after white space is read by its title", async () => {
    const message = async (body: string) =>
      (await sendWith(stubFetch(new Response(body, { status: 400 })).fetch)).error.message;
    expect(await message('{"error":{"message":"  limit must be < 1000 \\n"}}')).toBe(
      "HTTP 400 from getBalances: limit must be < 1000",
    );
    expect(await message("\n  <html><head><title>Blocked</title><p>no</p></html>")).toBe(
      'HTTP 400 from getBalances: page titled "Blocked"',
    );
  });

  it("a 429 without Retry-After has a retryAfter member (undefined), as every 429 does", async () => {
    const { error } = await sendWith(stubFetch(new Response("", { status: 429 })).fetch, {
      maxRetries: 0,
    });
    expect(error).toBeInstanceOf(RateLimitError);
    expect(Object.keys(error)).toContain("retryAfter");
    expect(error.retryAfter).toBeUndefined();
  });

  it("retries a write after a 429 (refused unprocessed), also with a limiter that cannot pause", async () => {
    for (const rateLimit of [undefined, { acquire: async () => {} }]) {
      const { fetch, mock } = stubFetch(new Response("", { status: 429 }), jsonResponse({}));
      const result = sendWith(fetch, { rateLimit }, createWebhook);
      await vi.advanceTimersByTimeAsync(500);
      const { value, error } = await result;
      expect(error).toBeUndefined();
      expect(value?.status).toBe(200);
      expect(mock).toHaveBeenCalledTimes(2);
    }
  });

  it("onAttempt's durationMs is the attempt's time", async () => {
    const records: { durationMs: number }[] = [];
    const { fetch } = stubFetch(
      () => new Promise((resolve) => setTimeout(() => resolve(jsonResponse({})), 250)),
    );
    const result = sendWith(fetch, {
      call: { onAttempt: (r: { durationMs: number }) => records.push(r) },
    });
    await vi.advanceTimersByTimeAsync(250);
    await result;
    expect(records.map((r) => r.durationMs)).toEqual([250]);
  });

  it("a failed attempt frees its place in the limiter at once: the next call waits for the step, not a minute", async () => {
    const { fetch, mock } = stubFetch(new TypeError("fetch failed"), jsonResponse({}));
    const rateLimit = createRateLimiter({ requestsPerSecond: 1 });
    const first = sendWith(fetch, { rateLimit, maxRetries: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect((await first).error).toBeInstanceOf(ConnectionError);
    const transport = createRestTransport({ apiKey: KEY, fetch, rateLimit }, walletHost);
    const second = settle(sendRequest(transport, get(), { operation: getBalances }));
    await vi.advanceTimersByTimeAsync(1100);
    expect(mock).toHaveBeenCalledTimes(2);
    expect((await second).value?.status).toBe(200);
  });
});

describe("keys and base URLs that no other test pinned (found by mutation testing)", () => {
  it("trims a sender key, and makes a sender client with no options at all", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({ jsonrpc: "2.0", id: "1", result: "ok" }));
    const sender = createJsonRpcClient({ apiKey: " sk-sender-1 ", fetch }, senderHost, "/fast");
    await sender.call({ id: "ping", idempotent: true }, {});
    expect(calls[0]!.url.href).not.toContain("%20");
    expect(JSON.stringify([calls[0]!.url.href, [...calls[0]!.headers]])).toContain("sk-sender-1");
    expect(() => createJsonRpcClient(undefined, senderHost, "/fast")).not.toThrow();
  });

  it("reads CHAINDATA_API_KEY for a client made with no options", () => {
    vi.stubEnv("CHAINDATA_API_KEY", "sk-env-123");
    expect(() => createRestTransport(undefined, walletHost)).not.toThrow();
  });

  it("takes plain http with a key to any 127.x.y.z and to a bare localhost, and an https URL that mentions http:// later", () => {
    for (const url of [
      "http://127.0.0.10:8080",
      "http://localhost",
      "https://gateway.example/forward/http://api.example",
    ])
      expect(() =>
        createRestTransport({ apiKey: KEY, baseUrls: { wallet: url } }, walletHost),
      ).not.toThrow();
  });
});
