/**
 * The REST transport (rest.ts): `restCall` (validation first, openapi-fetch's request through our
 * `fetch`, the lossless parse and u64 revival, empty bodies) and `check`.
 */
import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  InvalidResponseError,
  isRetryable,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ValidationError,
} from "./errors.js";
import { apiHost, walletHost } from "./generated/environments.js";
import {
  jsonResponse,
  sendRequest,
  stubFetch,
  settle,
  isolateKeyEnv,
  REST_TEST_KEY as KEY,
  getBalancesOp as getBalances,
  createWebhookOp as createWebhook,
  walletRequest as get,
} from "./test-support/testing.js";
import { createCoalescer } from "./coalesce.js";
import { createRestTransport, restInit } from "./rest.js";
import { vBoundedString, vObject, vString } from "./validate.js";
import type { OperationDescriptor } from "./config.js";

isolateKeyEnv();

describe("restCall", () => {
  type Invoke = Parameters<ReturnType<typeof createRestTransport>["restCall"]>[3];
  const op: OperationDescriptor = {
    id: "getBalances",
    idempotent: true,
    params: vObject({ wallet: vBoundedString(32) }, ["wallet"]),
    u64: { balances: { amount: 1 } },
  };
  const run = async (
    response: Response | Error,
    input: unknown = { wallet: "w".repeat(32) },
    operation = op,
  ) => {
    const stub = stubFetch(response);
    const transport = createRestTransport(
      { apiKey: KEY, fetch: stub.fetch, maxRetries: 0 },
      walletHost,
    );
    const invoke: Invoke = async (fetch) => {
      const response = await fetch(new Request(`${transport.baseUrl}/v1/wallet/w/balances`));
      return { data: await response.text(), response };
    };
    return { ...(await settle(transport.restCall(operation, input, undefined, invoke))), stub };
  };

  it("parses the body losslessly and revives u64 fields", async () => {
    const { value } = await run(
      jsonResponse(
        '{"balances":[{"amount":18446744073709551615,"decimals":9},{"amount":"5","decimals":0}]}',
      ),
    );
    expect(value).toEqual({
      balances: [
        { amount: 18446744073709551615n, decimals: 9 },
        { amount: 5n, decimals: 0 },
      ],
    });
  });

  it("leaves no reference to the body in RegExp's legacy statics (the body stayed alive after the call until another regex matched)", async () => {
    // (Answers without a long integer: parseJson's own regexes match nothing in them.)
    for (const body of ['{"balances":[]}', ' \n\t{"balances":[{"decimals":9}]}', "  ", ""]) {
      const response = jsonResponse(body);
      const { value } = await run(response, undefined, { ...op, optionalBody: true });
      expect(value, body).toEqual(body.trim() ? JSON.parse(body) : undefined);
      expect(RegExp.input, body).not.toBe(body);
    }
    // An HTML page is still told by its first character after white space.
    const { error } = await run(new Response("\n <html>", { status: 200 }));
    expect(error).toMatchObject({ reason: "html" });
  });

  it("onResponse: reports a success's status, redacted headers and request id, once, before resolving; not called on failure", async () => {
    const seen: unknown[] = [];
    const onResponse = (r: unknown) => seen.push(r);
    const stub = stubFetch(
      jsonResponse(
        { balances: [] },
        { headers: { "x-request-id": "req-9", "x-echo": `api-key=${KEY}` } },
      ),
      jsonResponse({ error: "no" }, { status: 400 }),
    );
    const transport = createRestTransport(
      { apiKey: KEY, fetch: stub.fetch, maxRetries: 0 },
      walletHost,
    );
    const invoke: Invoke = async (fetch) =>
      fetch(new Request(`${transport.baseUrl}/v1/wallet/w/balances`));
    const input = { wallet: "w".repeat(32) };
    expect(await transport.restCall(op, input, { onResponse }, invoke)).toEqual({ balances: [] });
    expect(seen).toEqual([
      {
        status: 200,
        attempts: 1,
        requestId: "req-9",
        headers: {
          "content-type": "application/json",
          "x-request-id": "req-9",
          "x-echo": "api-key=***",
        },
      },
    ]);
    await expect(transport.restCall(op, input, { onResponse }, invoke)).rejects.toMatchObject({
      status: 400,
    });
    expect(seen).toHaveLength(1);
  });

  it("returns undefined for an empty body only where the operation allows one (optionalBody: a 204 in the spec)", async () => {
    const deleteWebhook = { ...op, optionalBody: true };
    // (Resolved, not rejected: a rejection's `value` is undefined too.)
    for (const response of [
      new Response(null, { status: 204 }),
      new Response("", { status: 200 }),
      // A JSON `null` there is no result either: `undefined`, as the result's type says, not `null`.
      jsonResponse("null"),
    ]) {
      const { value, error } = await run(response, undefined, deleteWebhook);
      expect(error).toBeUndefined();
      expect(value).toBe(undefined);
    }
    // Elsewhere the typed result would be undefined behind an object type: an error at the call.
    for (const response of [
      new Response("", { status: 200, headers: { "content-length": "0" } }),
      new Response("  \n", { status: 200 }),
      new Response(null, { status: 204 }),
      jsonResponse("null"), // a value, but none the result type allows
    ]) {
      const { error } = await run(response);
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect(error).toMatchObject({ reason: "empty", status: response.status, snippet: "" });
      expect(error.message).toBe(
        `Invalid response (empty) from getBalances, status ${response.status}`,
      );
    }
    // No byte where a body is due, not declared empty (no `content-length: 0`, no 204): a body
    // cut before its first byte, `truncated` (retried as one cut short: decision 0006).
    const { error } = await run(new Response(null, { status: 200 }));
    expect(error).toMatchObject({ reason: "truncated", status: 200, snippet: "" });
  });

  // Review 86, F1: the wallet API answers some errors with HTTP 200 and its error body alone (the
  // reference SDK checks every wallet answer for `error`, and its getFundedBy test answers "No
  // funding transaction found" both as a 404 and so). Resolved, it was a result with none of its
  // fields: `funded.amountRaw`, typed bigint, was undefined.
  it("a 2xx answer whose body is the host's error body alone is that error, not a result: the class of the status its code names", async () => {
    const noFunder = { error: { code: 404, message: "No funding transaction found" } };
    const { value, error, stub } = await run(
      jsonResponse(noFunder, { headers: { "x-request-id": "req-7" } }),
    );
    expect(value).toBeUndefined();
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({
      status: 404,
      operation: "getBalances",
      body: noFunder,
      requestId: "req-7",
      attempts: 1,
    });
    expect(error.message).toBe(
      "HTTP 404 from getBalances: No funding transaction found (in an HTTP 200 answer)",
    );
    expect(stub.calls).toHaveLength(1);
    // A code that names no error status, or none: an APIError of the answer's own status.
    for (const [body, message] of [
      [{ error: "Invalid wallet" }, ": Invalid wallet"],
      [{ error: { code: -32602, message: "Invalid params" } }, ": Invalid params"],
      [{ error: {} }, ""],
    ] as const) {
      const { error } = await run(jsonResponse(body));
      expect(error?.constructor).toBe(APIError);
      expect(error).toMatchObject({ status: 200, body });
      expect(error.message).toBe(`HTTP 200 from getBalances${message} (in an HTTP 200 answer)`);
    }
    // A JSON-RPC error envelope, what a JSON-RPC host answers a request it cannot read (HTTP 200):
    // a REST `baseUrls` entry given the JSON-RPC host's URL. It resolved as the typed result, with
    // none of its fields (user trial 70, F4).
    for (const body of [
      { jsonrpc: "2.0", error: { code: -32600, message: "Invalid request" }, id: null },
      { jsonrpc: "2.0", id: "1", error: { code: -32601, message: "Method not found" } },
    ]) {
      const { value, error } = await run(jsonResponse(body));
      expect(value).toBeUndefined();
      expect(error?.constructor).toBe(APIError);
      expect(error).toMatchObject({ status: 200, body });
      expect(error.message).toBe(
        `HTTP 200 from getBalances: ${body.error.message} (in an HTTP 200 answer)`,
      );
    }
    // A result that merely has an `error` field beside others stays a result.
    const { value: withField } = await run(jsonResponse({ jsonrpc: "2.0", error: "x", data: 1 }));
    expect(withField).toEqual({ jsonrpc: "2.0", error: "x", data: 1 });
    // So does one of an `id` and an `error` without `jsonrpc` (a transaction's record and its
    // failure): only a JSON-RPC envelope's `id` is not the body's own.
    const failedTransaction = {
      id: "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnb",
      error: "Custom",
    };
    const { value: record } = await run(jsonResponse(failedTransaction));
    expect(record).toEqual(failedTransaction);
    // A code written as a string is read as its number, `status` a number as its type says; a
    // code with a fraction, in a list or an object names no status, and an object that cannot be
    // compared is no TypeError (review 88, F1: `status` was "404", [404] or 404.5; F2: a
    // TypeError without the call's name was the call's error).
    for (const [code, Class, status] of [
      ["404", NotFoundError, 404],
      [404.5, APIError, 200],
      [[404], APIError, 200],
      ["4e2", APIError, 200],
      [{ toString: 1 }, APIError, 200],
    ] as const) {
      const { error } = await run(jsonResponse({ error: { code, message: "m" } }));
      expect(error?.constructor).toBe(Class);
      expect(error.status).toBe(status);
      expect(error.message).toBe(`HTTP ${status} from getBalances: m (in an HTTP 200 answer)`);
    }
    // A 429 of a plan out of credits is told as the engine tells one: `reason`, so that
    // `isRetryable` does not send a loop back to a plan out of credits (review 88, F4). A 429
    // without those words, or whose message is no string, is a rate limit.
    const { error: spent, stub: once } = await run(
      jsonResponse({ error: { code: 429, message: "max usage reached" } }),
    );
    expect(spent).toBeInstanceOf(RateLimitError);
    expect(spent).toMatchObject({ status: 429, reason: "credits-exhausted", attempts: 1 });
    expect(isRetryable(spent)).toBe(false);
    expect(once.calls).toHaveLength(1);
    for (const message of ["busy", { toString: 1 }]) {
      const { error } = await run(jsonResponse({ error: { code: 429, message } }));
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error.reason).toBeUndefined();
    }
    // The key echoed in it is masked, as in any error.
    const { error: echoed } = await run(
      jsonResponse({ error: { code: 401, message: `bad key ${KEY}` } }),
    );
    expect(echoed).toBeInstanceOf(AuthenticationError);
    expect(JSON.stringify([echoed.message, echoed.body])).not.toContain(KEY);
    // A 401 or 403 ends with the key hint, as a real 401's or 403's message does (review 88, F5).
    expect(echoed.message).toBe(
      "HTTP 401 from getBalances: bad key *** (in an HTTP 200 answer) (check the API key: `apiKey` or CHAINDATA_API_KEY)",
    );
    const { error: denied } = await run(
      jsonResponse({ error: { code: "403", message: "Plan does not include the Wallet API" } }),
    );
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect(denied.message).toBe(
      "HTTP 403 from getBalances: Plan does not include the Wallet API (in an HTTP 200 answer) (check the API key: `apiKey` or CHAINDATA_API_KEY)",
    );
    // A body over 64 KiB is kept as a non-2xx answer's is, its start as text, not whole: it is
    // logged, serialised and copied to every coalesced caller (review 88, F6: 10 MB kept). One
    // within it stays parsed (above).
    const long = { error: { code: 400, message: `${KEY} ` + "x".repeat(70_000) } };
    const { error: big } = await run(jsonResponse(long));
    const { error: bigAs400 } = await run(jsonResponse(long, { status: 400 }));
    expect(big).toBeInstanceOf(BadRequestError);
    expect(big.body).toBe(bigAs400.body);
    expect(big.body.length).toBeLessThanOrEqual(65537); // 64 KiB and the `…`
    expect(big.body).toMatch(/^\{"error":\{"code":400,"message":"\*\*\* x+…$/);
    // A result that merely holds an `error` member beside others, or a list, stays a result.
    for (const body of [
      { error: null },
      { error: "x", balances: [] },
      [{ error: { code: 404 } }],
    ]) {
      const { value, error } = await run(jsonResponse(body));
      expect(error).toBeUndefined();
      expect(value).toEqual(body);
    }
  });

  it("refuses unknown or mistyped per-call options before sending (a typo such as timout would mean no time limit)", async () => {
    for (const [options, message] of [
      [
        { timout: 50 },
        "timout: is not a request option (signal, timeout, maxRetries, headers, retryNonIdempotent, onResponse, onAttempt); did you mean timeout?",
      ],
      ["fast", "options: must be an object of request options (got string)"],
      [null, "options: must be an object of request options (got null)"],
    ] as const) {
      const stub = stubFetch(jsonResponse({}));
      const transport = createRestTransport({ apiKey: KEY, fetch: stub.fetch }, walletHost);
      const error = await transport
        .restCall(op, { wallet: "w".repeat(32) }, options as never, async () => {})
        .catch((e: Error) => e);
      expect(error).toEqual(new ConfigurationError(message, { operation: op.id }));
      await expect(
        sendRequest(transport, get(), { operation: getBalances, options: options as never }),
      ).rejects.toEqual(new ConfigurationError(message, { operation: getBalances.id }));
      expect(stub.mock).not.toHaveBeenCalled();
    }
  });

  it("validates the input first: nothing is sent", async () => {
    const { error, stub } = await run(jsonResponse({}), { wallet: "short" });
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe("params.wallet: must have at least 32 characters (got 5)");
    expect(stub.mock).not.toHaveBeenCalled();
  });

  it("does not quote the key, or a credential the call sends, in a ValidationError (the key given as a param)", async () => {
    // (A mix-up such as `getIdentity({ wallet: process.env.CHAINDATA_API_KEY })` quoted the key.)
    const check: OperationDescriptor = {
      ...op,
      params: vObject({ wallet: vString(/^w+$/u), authHeader: vString(/^Bearer /u) }),
    };
    const { error, stub } = await run(jsonResponse({}), { wallet: KEY }, check);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe('params.wallet: must match ^w+$ (got "***")');
    expect(JSON.stringify(error.issues)).not.toContain(KEY);
    const secret = await run(jsonResponse({}), { authHeader: "Token hook-s3cret" }, check);
    expect(secret.error.message).toBe('params.authHeader: must match ^Bearer  (got "***")');
    expect(stub.mock).not.toHaveBeenCalled();
    expect(secret.stub.mock).not.toHaveBeenCalled();
  });

  it("names the operation in what a call refuses before sending (params, options, extra arguments, a lone surrogate, a missing key), in the error and its JSON", async () => {
    const stub = stubFetch(jsonResponse({}));
    const transport = createRestTransport({ apiKey: KEY, fetch: stub.fetch }, walletHost);
    const keyless = createRestTransport({ fetch: stub.fetch, environment: "mainnet" }, walletHost);
    const valid = { wallet: "w".repeat(32) };
    const fetchIt: Invoke = async (fetch) => fetch(get());
    const surrogate: Invoke = async () => {
      throw new URIError("URI malformed");
    };
    const refusals = [
      [transport.restCall(op, { wallet: "short" }, undefined, fetchIt), ValidationError],
      [transport.restCall(op, valid, { timout: 1 } as never, fetchIt), ConfigurationError],
      [transport.restCall(op, valid, undefined, fetchIt, [{}]), ValidationError],
      [
        transport.restCall(op, { wallet: "\ud800".padEnd(32, "w") }, undefined, surrogate),
        ValidationError,
      ],
      [transport.restCall(op, valid, { timeout: -1 }, fetchIt), ConfigurationError],
      [keyless.restCall(op, valid, undefined, fetchIt), ConfigurationError],
    ] as const;
    for (const [promise, Class] of refusals) {
      const { error } = await settle(promise);
      expect(error).toBeInstanceOf(Class);
      expect(error.operation, error.message).toBe("getBalances");
      expect(error.toJSON()).toMatchObject({ name: Class.name, operation: "getBalances" });
    }
    let checked: ValidationError | undefined;
    try {
      transport.check(op, { wallet: "short" });
    } catch (error) {
      checked = error as ValidationError;
    }
    expect(checked).toBeInstanceOf(ValidationError);
    expect(checked!.operation).toBe("getBalances");
    expect(stub.mock).not.toHaveBeenCalled();
  });

  it("check: refuses as the call does, the same messages and redaction, at once; sends nothing, and passes good input", async () => {
    const check: OperationDescriptor = {
      ...op,
      params: vObject({ wallet: vString(/^w+$/u), authHeader: vString(/^Bearer /u) }),
    };
    const stub = stubFetch(jsonResponse({}));
    const transport = createRestTransport({ apiKey: KEY, fetch: stub.fetch }, walletHost);
    const cases: [unknown, unknown][] = [
      [{ wallet: KEY }, undefined],
      [{ authHeader: "Token hook-s3cret" }, undefined],
      [{ wallet: "www" }, { timout: 50 }],
      [{ wallet: "Token header-s3cret" }, { headers: { authorization: "Token header-s3cret" } }],
    ];
    for (const [input, options] of cases) {
      const called = await transport
        .restCall(check, input, options as never, async () => {})
        .catch((e: Error) => e);
      let checked: unknown;
      try {
        transport.check(check, input, options as never);
      } catch (error) {
        checked = error;
      }
      expect(called, JSON.stringify(input)).toBeInstanceOf(Error);
      expect(checked).toEqual(called);
      expect((checked as Error).constructor).toBe((called as Error).constructor);
      expect((checked as Error).message).not.toMatch(new RegExp(`${KEY}|s3cret`));
    }
    expect(transport.check(check, { wallet: "www" }, { timeout: 50 })).toBeUndefined();
    expect(stub.mock).not.toHaveBeenCalled();
  });

  it("rejects a 200 with HTML, truncated JSON, other non-JSON or invalid UTF-8 with InvalidResponseError", async () => {
    const cases: [Response, string][] = [
      [
        new Response("<!doctype html><html>maintenance</html>", {
          headers: { "content-type": "text/html" },
        }),
        "html",
      ],
      [jsonResponse("  <html>"), "html"],
      [
        new Response('{"ok":true}', { headers: { "content-type": "text/html; charset=utf-8" } }),
        "html",
      ],
      [jsonResponse('{"balances":[{"amount":1'), "truncated"],
      [jsonResponse('{"a":"unterminated'), "truncated"],
      [jsonResponse("OK"), "non-json"],
      [jsonResponse("\u00a0\u2028"), "non-json"], // (white space to String.trim, not to JSON)
      [new Response(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])), "invalid-utf8"],
      [
        new Response(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])),
        "invalid-utf8",
      ], // {"a":"\xff"} parses
    ];
    for (const [response, reason] of cases) {
      const { error } = await run(response);
      expect(error, reason).toBeInstanceOf(InvalidResponseError);
      expect(error).toMatchObject({ reason, status: 200 });
      expect(error.message).toBe(`Invalid response (${reason}) from getBalances, status 200`);
      expect(error.snippet.length).toBeLessThanOrEqual(200);
    }
  });

  it("names an HTML page by its title, redacted, trimmed and cut to 80 characters (a captive portal or a proxy's login page; user trial 34, F5)", async () => {
    const page = (head: string) =>
      new Response(`<!DOCTYPE html>\n<html><head>${head}</head><body>Log in</body></html>`, {
        headers: { "content-type": "text/html" },
      });
    const long = "Welcome ".repeat(20);
    const cases: [string, string][] = [
      ["<title>\n  Sign in to Hotel WiFi\n</title>", ': page titled "Sign in to Hotel WiFi"'],
      ["<TITLE>Proxy login</TITLE>", ': page titled "Proxy login"'],
      [
        `<title>Login for https://h/?api-key=${KEY}&x=1 (key ${KEY})</title>`,
        ': page titled "Login for https://h/?api-key=***&x=1 (key ***)"',
      ],
      [`<title>${long}</title>`, `: page titled "${long.slice(0, 80)}…"`],
      // No title, or one of white space alone: nothing to add.
      ["<title> \n </title>", ""],
      ["<title></title>", ""],
      ["<meta charset=utf-8>", ""],
    ];
    for (const [head, said] of cases) {
      const { error } = await run(page(head));
      expect(error, head).toMatchObject({ reason: "html", status: 200 });
      expect(error.message, head).toBe(
        `Invalid response (html) from getBalances, status 200${said}`,
      );
    }
    // A key with a `<` in it: the body is redacted before the title is read (a title read from
    // the raw body would end inside the key, at its `<`, and keep `ab3` unmasked).
    const key = "ab3<cdefghijklmnopqrstuvwxyz0123";
    const stub = stubFetch(page(`<title>Denied for ${key}</title>`));
    const transport = createRestTransport(
      { apiKey: key, fetch: stub.fetch, maxRetries: 0 },
      walletHost,
    );
    const invoke: Invoke = async (fetch) => {
      const response = await fetch(new Request(`${transport.baseUrl}/v1/wallet/w/balances`));
      return { data: await response.text(), response };
    };
    const { error } = await settle(
      transport.restCall(op, { wallet: "w".repeat(32) }, undefined, invoke),
    );
    expect((error as Error).message).toBe(
      'Invalid response (html) from getBalances, status 200: page titled "Denied for ***"',
    );
  });

  it("redacts the whole body before cutting the snippet, so a key across character 200 does not leak", async () => {
    const { error } = await run(new Response("x".repeat(190) + KEY + " is not JSON"));
    expect(error).toMatchObject({ reason: "non-json" });
    expect(error.snippet).toBe("x".repeat(190) + "*** is not");
    expect(error.snippet).not.toContain(KEY.slice(0, 8));
  });

  it("masks a webhook's authHeader in the snippet of a body cut short, and in an error body kept as text", async () => {
    const webhook = '{"webhookID":"w","authHeader":"Bearer hook-secret","accountAddresses":["a"';
    const { error } = await run(jsonResponse(webhook));
    expect(error).toMatchObject({ reason: "truncated" });
    expect(error.snippet).toContain('"authHeader":"Bearer ***"');
    const rejected = await run(new Response(`${webhook} (not JSON)`, { status: 400 }));
    expect(rejected.error).toBeInstanceOf(BadRequestError);
    expect(JSON.stringify(rejected.error)).not.toContain("hook-secret");
  });

  it("masks a credential the input sends (a webhook's authHeader) in errors and log lines, echoed bare, HTML-escaped or in a header", async () => {
    const secret = "hook-s3cret-9f2c";
    const input = { webhookURL: "https://h/x", authHeader: `Bearer ${secret}` };
    const answers = [
      new Response(`upstream refused Bearer ${secret}`, {
        status: 503,
        headers: { "retry-after": "0" },
      }),
      new Response(`<p>&quot;authHeader&quot;:&quot;Bearer ${secret}&quot;</p>`, { status: 400 }),
      new Response("{}", {
        status: 500,
        headers: { "x-echo": `Bearer ${secret}`, "retry-after": "0" },
      }),
      new Response(`<html>${secret}</html>`), // a 2xx that is not JSON: its snippet
    ];
    for (const answer of answers) {
      const lines: unknown[] = [];
      const logger = { info: (m: string) => lines.push(m), debug: (m: string) => lines.push(m) };
      const { fetch } = stubFetch(answer, answer.clone());
      const transport = createRestTransport({ apiKey: KEY, fetch, logger }, walletHost);
      const { error } = await settle(
        transport.restCall(createWebhook, input, { retryNonIdempotent: true, maxRetries: 1 }, (f) =>
          f(new Request(`${transport.baseUrl}/v0/webhooks`, { method: "POST", body: "{}" })),
        ),
      );
      expect(error).toBeInstanceOf(Error);
      for (const form of [error.message, JSON.stringify(error), error.stack, ...lines])
        expect(String(form)).not.toContain(secret);
    }
  });

  it("returns undefined for a 205 where an empty body is allowed", async () => {
    const { value, error } = await run(new Response(null, { status: 205 }), undefined, {
      ...op,
      optionalBody: true,
    });
    expect(error).toBeUndefined();
    expect(value).toBeUndefined();
  });

  it("works with openapi-fetch, which passes its Request to our fetch", async () => {
    const { fetch, calls } = stubFetch(
      jsonResponse('{"balances":[{"amount":18446744073709551615}]}'),
    );
    const transport = createRestTransport({ apiKey: KEY, fetch }, walletHost);
    const client = createClient<any>({ baseUrl: transport.baseUrl });
    const result = await transport.restCall(op, { wallet: "W".repeat(32) }, undefined, (fetch) =>
      client.GET("/v1/wallet/{wallet}/balances", {
        params: { path: { wallet: "W".repeat(32) }, query: { page: 2 } },
        fetch,
        parseAs: "stream",
      }),
    );
    expect(result).toEqual({ balances: [{ amount: 18446744073709551615n }] });
    expect(calls[0]!.url.href).toBe(
      `https://api.helius.xyz/v1/wallet/${"W".repeat(32)}/balances?page=2&api-key=${KEY}`,
    );

    const failing = createRestTransport(
      { apiKey: KEY, fetch: stubFetch(jsonResponse({ message: "no" }, { status: 404 })).fetch },
      walletHost,
    );
    await expect(
      failing.restCall(op, { wallet: "W".repeat(32) }, undefined, (fetch) =>
        client.GET("/v1/x", { fetch, parseAs: "stream" }),
      ),
    ).rejects.toMatchObject({ name: "NotFoundError", message: "HTTP 404 from getBalances: no" });
  });

  it("openapi-fetch given the transport's Request sends what it sends with a real one: URL, method, headers, body (perf review 74, F9)", async () => {
    const sent = async (real: boolean, path: string, body?: unknown) => {
      const { fetch: stub, calls } = stubFetch(jsonResponse("{}"));
      // (The URL as given to `fetch`, which the debug log line shows too: the stub's is parsed.)
      let given = "";
      const fetch: typeof globalThis.fetch = (input, init) => (
        (given = String(input)),
        stub(input, init)
      );
      const transport = createRestTransport({ apiKey: KEY, fetch }, apiHost);
      const client = createClient<any>({
        baseUrl: transport.baseUrl,
        ...(!real && { Request: restInit.Request }),
      });
      const method = body === undefined ? "GET" : "POST";
      await transport.restCall({ id: "x", idempotent: true }, {}, undefined, (fetch) =>
        client[method](path, {
          params: { path: { id: "a b/ü" }, query: { page: 2, tag: ["x", "y"] } },
          body,
          bodySerializer: (value: unknown) => JSON.stringify(value),
          fetch,
          parseAs: "stream",
        }),
      );
      const [{ url, method: verb, headers, body: text }] = calls as [(typeof calls)[0]];
      return { given, url: url.href, verb, headers: [...headers], text };
    };
    const body = { accountAddresses: ["A".repeat(44)], note: 'é \u2028 \\ "' };
    for (const [path, given] of [
      ["/v0/webhooks/{id}", body],
      ["/v0/webhooks/{id}", undefined],
    ] as const) {
      const ours = await sent(false, path, given);
      expect(ours, path).toEqual(await sent(true, path, given));
      if (given) expect(JSON.parse(ours.text!)).toEqual(given);
    }
    // Dot segments: a Request resolves them, the transport's leaves them to `fetch`, which sends
    // the same resolved URL. (Only the debug line and the coalescing key read them unresolved.)
    const dots = "/v0/webhooks/../x/{id}/.";
    const [ours, real] = [await sent(false, dots), await sent(true, dots)];
    expect({ ...ours, given: undefined }).toEqual({ ...real, given: undefined });
    expect(ours.given).toContain("/v0/webhooks/../x/a%20b%2F%C3%BC/.?page=2");
    expect(real.given).toContain("/v0/x/a%20b%2F%C3%BC/?page=2");
  });
  it("a lone surrogate in a path or query param: a ValidationError naming it, nothing sent (openapi-fetch's URIError)", async () => {
    const { fetch, calls } = stubFetch(jsonResponse({ balances: [] }));
    const transport = createRestTransport({ apiKey: KEY, fetch }, walletHost);
    const client = createClient<any>({ baseUrl: transport.baseUrl });
    const wallet = "W".repeat(32);
    const call = (input: { wallet: string; type?: readonly string[] | string; meta?: object }) =>
      settle(
        transport.restCall(op, input, undefined, (fetch) =>
          client.GET("/v1/wallet/{wallet}/balances", {
            params: { path: { wallet: input.wallet }, query: { type: input.type } },
            fetch,
            parseAs: "stream",
          }),
        ),
      );
    // (The check takes 32 characters of anything: the surrogate gets through it to the URL.)
    for (const [input, path] of [
      [{ wallet: "\ud800".padEnd(32, "W") }, "params.wallet"],
      [{ wallet, type: "\udfff" }, "params.type"],
      [{ wallet, type: ["ok", "x\ud83d"] }, "params.type"],
      // (A body member String() throws on is passed over, not a TypeError.)
      [{ wallet, meta: Object.create(null), type: "\udfff" }, "params.type"],
    ] as const) {
      const { error } = await call(input);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({
        message: `${path}: must be well-formed Unicode to go in a URL (got a lone surrogate)`,
        issues: [
          {
            path,
            rule: "unicode",
            detail: "must be well-formed Unicode to go in a URL (got a lone surrogate)",
          },
        ],
        cause: expect.any(URIError),
      });
    }
    // One deeper than a member's own value (an object's member in the query) is named `params`.
    const { error: deep } = await settle(
      transport.restCall(op, { wallet, meta: { tag: "\ud800" } }, undefined, (fetch) =>
        client.GET("/v1/wallet/{wallet}/balances", {
          params: { path: { wallet }, query: { meta: { tag: "\ud800" } } },
          fetch,
          parseAs: "text",
        }),
      ),
    );
    expect(deep).toBeInstanceOf(ValidationError);
    expect(deep).toMatchObject({
      message: "params: must be well-formed Unicode to go in a URL (got a lone surrogate)",
      issues: [{ path: "params", rule: "unicode" }],
    });
    expect(calls).toHaveLength(0);
    // A surrogate pair is a character like any other.
    expect((await call({ wallet, type: "😀" })).value).toEqual({ balances: [] });
    expect(calls[0]!.url.search).toBe(`?type=${encodeURIComponent("😀")}&api-key=${KEY}`);
  });

  it("a custom fetch's own URIError after the request went out is that URIError, not the caller's ValidationError (which says nothing was sent)", async () => {
    // A logging wrapper decoding the URL for its line, after the request reached the server: the
    // base URL's raw `%` makes decodeURIComponent throw.
    const { fetch: network, calls } = stubFetch(jsonResponse({ webhookID: "x" }));
    const fetch = async (url: string, init: RequestInit) => {
      const response = await network(url, init);
      decodeURIComponent(url);
      return response;
    };
    const transport = createRestTransport(
      { apiKey: KEY, fetch, baseUrls: { api: "https://gw.example.com/100%off" } },
      apiHost,
    );
    const client = createClient<any>({ baseUrl: transport.baseUrl });
    const call = (webhookURL: string) =>
      settle(
        transport.restCall(createWebhook, { webhookURL }, undefined, (fetch) =>
          client.POST("/v0/webhooks", { body: { webhookURL }, fetch, parseAs: "text" }),
        ),
      );
    const { error } = await call("https://example.com/hook");
    expect(calls).toHaveLength(1);
    expect(error).not.toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(URIError);
    expect(error.message).toBe("URI malformed");
    // Before the request reaches `fetch` (openapi-fetch's own encodeURIComponent of a path param),
    // a URIError is still the input's, and nothing is sent.
    const { error: refused } = await settle(
      transport.restCall(getBalances, { wallet: "\ud800" }, undefined, (fetch) =>
        client.GET("/v1/wallet/{wallet}/balances", {
          params: { path: { wallet: "\ud800" } },
          fetch,
          parseAs: "text",
        }),
      ),
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused).toMatchObject({ attempts: 0, issues: [{ path: "params.wallet" }] });
    expect(calls).toHaveLength(1);
  });

  describe("found by mutation testing (review 57)", () => {
    const read: OperationDescriptor = { id: "getBalances", idempotent: true, optionalBody: true };

    it("hands `invoke` a bodiless 204 (openapi-fetch reads nothing of it), and the caller the answer: result, status, headers, request id", async () => {
      // The answer is parsed once, by the call: what openapi-fetch makes of the Response it gets
      // is thrown away, so it gets an empty one, whatever came (perf72, F2; rest73).
      const { fetch } = stubFetch(
        new Response('{"a":1}', {
          status: 201,
          statusText: "Made",
          headers: { "content-type": "application/json", "x-request-id": "r-1" },
        }),
        new Response(null, { status: 204, headers: { "x-request-id": "r-2" } }),
        new Response(null, { status: 205 }),
      );
      const transport = createRestTransport({ apiKey: KEY, fetch, maxRetries: 0 }, walletHost);
      const client = createClient<any>({ baseUrl: transport.baseUrl });
      const handed: [number, string, number, string, boolean][] = [];
      const answered: unknown[] = [];
      // openapi-fetch as the generated code calls it (no `parseAs`: its default "json"), then as
      // a `send` of one's own might, asking for a stream or text: none reads a body, nor fails.
      for (const parseAs of ["json", "stream", "text"] as const) {
        const { value, error } = await settle(
          transport.restCall(
            read,
            undefined,
            { onResponse: ({ status, requestId }) => answered.push([status, requestId]) },
            async (fetch) => {
              const { data, error, response } = await client.GET("/v1/a", {
                fetch: async (request: Request) => {
                  const response = await fetch(request);
                  handed.push([
                    response.status,
                    response.url,
                    [...response.headers].length,
                    await response.clone().text(),
                    response.bodyUsed,
                  ]);
                  return response;
                },
                parseAs,
              });
              expect([data, error, response.status]).toEqual([undefined, undefined, 204]);
            },
          ),
        );
        expect(error).toBeUndefined();
        answered.push(value);
      }
      expect(handed).toEqual(Array(3).fill([204, "", 0, "", false]));
      expect(answered).toEqual([
        [201, "r-1"],
        { a: 1 },
        [204, "r-2"],
        undefined,
        [205, undefined],
        undefined,
      ]);
    });

    it("a custom fetch's bug keeps the stack of where it was thrown, the call shared or not", async () => {
      async function fetchWithABug(): Promise<Response> {
        throw new ReferenceError("notDefined is not defined");
      }
      for (const coalesce of [undefined, createCoalescer()]) {
        const transport = createRestTransport(
          { apiKey: KEY, fetch: fetchWithABug, coalesce },
          walletHost,
        );
        const { error } = await settle(
          transport.restCall(read, undefined, undefined, async (fetch) => {
            await fetch(new Request(`${transport.baseUrl}/v1/a`));
          }),
        );
        expect(error).toBeInstanceOf(ReferenceError);
        expect(error.stack, String(coalesce)).toContain("fetchWithABug");
      }
    });
  });
});
