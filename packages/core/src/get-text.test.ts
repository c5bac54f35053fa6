import { createServer as createNetServer, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OperationDescriptor } from "./config.js";
import {
  AbortError,
  ConfigurationError,
  ConnectionError,
  InternalServerError,
  InvalidResponseError,
  TimeoutError,
  ValidationError,
} from "./errors.js";
import { senderHost } from "./generated/environments.js";
import { hang, stubFetch } from "./test-support/testing.js";
import { getText } from "./get-text.js";

const ping: OperationDescriptor = {
  id: "ping",
  idempotent: true,
  defaults: { maxRetries: 0, timeout: 5000 },
};
const text = (body: string, status = 200) =>
  new Response(body, { status, headers: { "content-type": "text/plain" } });
const KEY = "dedicated-sender-key-1234";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("getText (the sender's GET /ping)", () => {
  it("GETs the path on the host's base URL and resolves with the body as text", async () => {
    const { fetch, calls } = stubFetch(text("ok"));
    const body = await getText(
      { fetch, baseUrls: { sender: "http://fra-sender.helius-rpc.com/" } },
      senderHost,
      "/ping",
      ping,
    );
    expect(body).toBe("ok");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe("GET");
    expect(String(calls[0]!.url)).toBe("http://fra-sender.helius-rpc.com/ping");
    expect(calls[0]!.headers.get("accept")).toBe("text/plain");
    expect(calls[0]!.body).toBeUndefined();
  });

  it("onResponse sees the answer's status and headers", async () => {
    const { fetch } = stubFetch(
      new Response("ok", { headers: { "content-type": "text/plain", "x-request-id": "p-1" } }),
    );
    const onResponse = vi.fn();
    await getText({ fetch }, senderHost, "/ping", ping, { onResponse });
    expect(onResponse).toHaveBeenCalledExactlyOnceWith({
      status: 200,
      attempts: 1,
      requestId: "p-1",
      headers: { "content-type": "text/plain", "x-request-id": "p-1" },
    });
  });

  it("sends no API key: neither the client's own nor CHAINDATA_API_KEY, in no header or query", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", "general-key-5678");
    const { fetch, calls } = stubFetch(text("ok"));
    await getText({ fetch, apiKey: KEY, headers: { "x-trace": "1" } }, senderHost, "/ping", ping);
    const { url, headers } = calls[0]!;
    expect(url.search).toBe("");
    const sent = JSON.stringify([...headers]);
    expect(sent).not.toContain(KEY);
    expect(sent).not.toContain("general-key-5678");
    expect(headers.get("x-trace")).toBe("1"); // the client's other options still apply
  });

  it("a 503 rejects with InternalServerError (status 503, the text as body), not retried by default", async () => {
    const { fetch, calls } = stubFetch(text("Service Unavailable", 503));
    const error = await getText({ fetch, maxRetries: 5 }, senderHost, "/ping", ping).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 503, operation: "ping", body: "Service Unavailable" });
    // The operation's default (maxRetries: 0) wins over the client's maxRetries.
    expect(calls).toHaveLength(1);
  });

  // User trial 59, F1: a captive portal's or a proxy's login page answered with a 200 did not come
  // from the host, so the keep-alive must not report it up (as every JSON call refuses such a page).
  it("a 2xx HTML page rejects with InvalidResponseError (reason html, its title), not as the host's text", async () => {
    const portal = `<!DOCTYPE html><html><head><title>Sign in to Hotel WiFi</title></head><body>Accept the terms</body></html>`;
    for (const answer of [
      () => new Response(portal, { headers: { "content-type": "text/html; charset=utf-8" } }),
      () => text(`\n  ${portal}`), // mislabelled text/plain: the first character tells
      () => new Response("Please log in", { headers: { "content-type": "text/html" } }),
    ]) {
      const { fetch, calls } = stubFetch(answer());
      const onResponse = vi.fn();
      const error = await getText({ fetch }, senderHost, "/ping", ping, {
        onResponse,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect(error).toMatchObject({ reason: "html", status: 200, operation: "ping", attempts: 1 });
      expect(calls).toHaveLength(1); // not retried, as a JSON call's 2xx page is not
      expect(onResponse).not.toHaveBeenCalled();
    }
    const { fetch } = stubFetch(new Response(portal, { headers: { "content-type": "text/html" } }));
    await expect(getText({ fetch }, senderHost, "/ping", ping)).rejects.toThrow(
      'Invalid response (html) from ping, status 200: page titled "Sign in to Hotel WiFi"',
    );
  });

  // User trial 59, F4: the key is not sent with a ping, but the host has it from every send of the
  // same client, and may echo it: it must be masked there as it is in sendTransaction's errors.
  it("masks the client's own key in what an answer echoes (message, body, headers, log lines), though it does not send it", async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const log = (message: string, meta?: unknown) => lines.push(message, JSON.stringify(meta));
    const echo = () =>
      new Response(`busy for key ${KEY}`, {
        status: 503,
        headers: { "content-type": "text/plain", "x-echo": `key=${KEY}` },
      });
    const { fetch, calls } = stubFetch(echo(), echo());
    const options = { fetch, apiKey: ` ${KEY}\n`, logger: { debug: log, info: log } };
    const pending = getText(options, senderHost, "/ping", ping, { maxRetries: 1 }).catch(
      (e: unknown) => e,
    );
    await vi.runAllTimersAsync();
    const error = (await pending) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(calls).toHaveLength(2);
    expect(String(calls[0]!.url)).not.toContain(KEY); // still not sent
    expect(error.message).toBe("HTTP 503 from ping: busy for key *** (2 attempts)");
    for (const shown of [error.message, JSON.stringify(error), String(error.body), ...lines])
      expect(shown).not.toContain(KEY);
    expect(lines.join("\n")).toContain("busy for key ***");
  });

  it("a 2xx `ok` is the host's answer, as it came (white space around it and its case aside)", async () => {
    for (const body of ["ok", "  ok\n", "OK", "Ok\r\n"]) {
      const { fetch } = stubFetch(text(body));
      await expect(getText({ fetch }, senderHost, "/ping", ping)).resolves.toBe(body);
    }
  });

  // (Review 81, L1: any text that was no page resolved, a portal's "Please log in" as the host up.)
  it("any other 2xx text, empty too, rejects with InvalidResponseError (reason not-ok, the text as its snippet, masked, and quoted short in its message)", async () => {
    // (The message quotes what answered, as an HTML page's names its title: a keep-alive's log
    // line says "Please log in", not only that the answer was no `ok`.)
    for (const [body, type, quoted] of [
      ["Please log in", "text/plain", "Please log in"],
      ["", "text/plain", ""],
      // (An empty text labelled html is no page, and no ok.)
      [" \n", "text/html; charset=utf-8", ""],
      ["busy < 5 ms", "text/plain", "busy < 5 ms"],
      ["okay", "text/plain", "okay"],
      ['{"status":"ok"}', "application/json", '{"status":"ok"}'],
      [`key ${KEY} expired`, "text/plain", "key *** expired"],
      [
        " Denied\nby\u001b[31m proxy " + "x".repeat(100),
        "text/plain",
        `Denied\\u000aby\\u001b[31m proxy ${"x".repeat(59)}…`,
      ],
    ] as const) {
      const { fetch, calls } = stubFetch(new Response(body, { headers: { "content-type": type } }));
      const onResponse = vi.fn();
      const error = await getText({ apiKey: KEY, fetch }, senderHost, "/ping", ping, {
        onResponse,
      }).catch((e: unknown) => e);
      expect(error, body).toBeInstanceOf(InvalidResponseError);
      expect(error).toMatchObject({
        reason: "not-ok",
        status: 200,
        operation: "ping",
        attempts: 1,
      });
      expect((error as Error).message).toBe(
        `Invalid response (not-ok) from ping, status 200: answered "${quoted}"`,
      );
      expect((error as InvalidResponseError).snippet).toBe(body.replace(KEY, "***"));
      expect(calls).toHaveLength(1); // not retried
      expect(onResponse).not.toHaveBeenCalled();
    }
  });

  it("quotes the text after its leading white space, however long, not the blank start of its snippet", async () => {
    // (The snippet is the body's first 200 characters: quoted from it, 250 line breaks and then
    // "Please log in" read as `answered ""`, an empty answer, which it was not.)
    const body = "\n".repeat(250) + `Please log in: key ${KEY}`;
    const { fetch } = stubFetch(text(body));
    const error = await getText({ apiKey: KEY, fetch }, senderHost, "/ping", ping).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe(
      'Invalid response (not-ok) from ping, status 200: answered "Please log in: key ***"',
    );
    expect((error as InvalidResponseError).snippet).toBe("\n".repeat(200));
  });

  // (User trial 59, F8: a text cut short is told only where the transport can tell it: a body that
  // ends before its content-length, or a chunked one before its last chunk, fails in fetch; one
  // that ends cleanly, its length as sent, is the host's answer.)
  it("a body cut before its content-length rejects with ConnectionError, retried as one", async () => {
    let requests = 0;
    const server = createNetServer((socket) => {
      socket.on("error", () => {});
      socket.once("data", () => {
        requests++;
        socket.end("HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 2\r\n\r\no");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const error = await getText(
        { baseUrls: { sender: `http://127.0.0.1:${port}` } },
        senderHost,
        "/ping",
        ping,
        { maxRetries: 1 },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({ operation: "ping", attempts: 2 });
      expect(requests).toBe(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a call's own maxRetries overrides the operation's default", async () => {
    vi.useFakeTimers();
    const { fetch, calls } = stubFetch(text("busy", 503), text("ok"));
    const pending = getText({ fetch }, senderHost, "/ping", ping, { maxRetries: 1 });
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toBe("ok");
    expect(calls).toHaveLength(2);
  });

  it("times out after the operation's default (5 s), not the client's timeout", async () => {
    vi.useFakeTimers();
    const { fetch } = stubFetch(hang);
    const pending = getText({ fetch, timeout: 60_000 }, senderHost, "/ping", ping);
    const outcome = expect(pending).rejects.toThrow(TimeoutError);
    await vi.advanceTimersByTimeAsync(5000);
    await outcome;
    await expect(pending).rejects.toThrow("timed out after 5000 ms");
  });

  it("a call option given as undefined keeps the operation's defaults (no retry, 5 s)", async () => {
    vi.useFakeTimers();
    const { fetch, calls } = stubFetch(text("busy", 503));
    const options = { maxRetries: undefined, timeout: undefined };
    const error = await getText({ fetch, maxRetries: 3 }, senderHost, "/ping", ping, options).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect(calls).toHaveLength(1);
    const { fetch: hanging } = stubFetch(hang);
    const pending = getText({ fetch: hanging }, senderHost, "/ping", ping, options);
    const outcome = expect(pending).rejects.toThrow("timed out after 5000 ms");
    await vi.advanceTimersByTimeAsync(5000);
    await outcome;
  });

  it("a call's own timeout overrides the default; its signal aborts", async () => {
    vi.useFakeTimers();
    const { fetch } = stubFetch(hang);
    const short = getText({ fetch }, senderHost, "/ping", ping, { timeout: 100 });
    const outcome = expect(short).rejects.toThrow("timed out after 100 ms");
    await vi.advanceTimersByTimeAsync(100);
    await outcome;
    const controller = new AbortController();
    const aborted = getText({ fetch }, senderHost, "/ping", ping, { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toThrow(AbortError);
  });

  it("refuses unknown per-call options before sending anything", async () => {
    const { fetch, calls } = stubFetch(text("ok"));
    await expect(
      getText({ fetch }, senderHost, "/ping", ping, { timout: 10 } as never),
    ).rejects.toThrow(ConfigurationError);
    expect(calls).toHaveLength(0);
  });

  it("names the operation in what it refuses before sending (its options, an argument after them, a bad header), as every call does", async () => {
    const { fetch, calls } = stubFetch(text("ok"));
    const refused = (options: unknown, extra?: unknown[]) =>
      getText({ fetch }, senderHost, "/ping", ping, options as never, extra).catch(
        (e: unknown) => e,
      );
    for (const [error, Class, message] of [
      [await refused({ timout: 10 }), ConfigurationError, "timout: is not a request option ("],
      [await refused({ timeout: -1 }), ConfigurationError, "timeout: must be a number"],
      [await refused(null), ConfigurationError, "options: must be an object of request options"],
      [await refused({ headers: { "a b": "1" } }), ConfigurationError, "headers: must be valid"],
      [await refused({}, [{ x: 1 }]), ValidationError, "params: ping takes no params;"],
    ] as const) {
      expect(error, message).toBeInstanceOf(Class);
      const { message: text, operation } = error as ConfigurationError;
      expect(text.startsWith(message), text).toBe(true);
      expect(operation, message).toBe("ping");
    }
    expect(calls).toHaveLength(0);
  });
});
