// `attempts` on the error of a sendTransaction that failed: how many requests were handed to
// fetch (README "Errors"), against a loopback server that counts what it received. The branch a
// trading bot takes: 0, nothing left the process (sign again); 1 or more, the transaction may have
// landed (check the signature first). User trial 32, F3.
import { AbortError, createSenderClient, InternalServerError } from "@chaindata/sender";
import { describe, expect, it } from "vitest";
import {
  checkLeaksAfterEach,
  drive,
  FaultServer,
  reply,
  rpcResult,
  settle,
  useFakeClock,
  useFaultServer,
} from "./harness.js";
import { SIGNED_TRANSACTION } from "../spec/documents.js";

const params = { transaction: SIGNED_TRANSACTION, config: { encoding: "base64" as const } };

let server: FaultServer;
useFaultServer((started) => (server = started));
checkLeaksAfterEach(() => server);

const sender = (options: Record<string, unknown> = {}) =>
  createSenderClient({ baseUrls: { sender: server.url }, timeout: Infinity, ...options });

describe("sendTransaction: attempts on its errors", () => {
  it("a signal aborted before the call: AbortError, attempts 0, the server got nothing", async () => {
    server.serve(rpcResult("sig"));
    const { error } = await settle(
      sender().sendTransaction(params, { signal: AbortSignal.abort() }),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(error.attempts).toBe(0);
    expect(error.toJSON()).toMatchObject({ name: "AbortError", attempts: 0 });
    expect(server.requests).toHaveLength(0);
  });

  it("a 503, then the call's deadline during the wait before attempt 2: AbortError, attempts 1, as the server counted", async () => {
    // (The deadline fires 50 ms after the first attempt is reported, inside the 375-500 ms wait
    // before the second: a fixed 150 ms deadline could fire before a loaded machine had sent the
    // first request.)
    server.serve(reply(503, JSON.stringify({ error: "unavailable" })));
    const deadline = new AbortController();
    const { error } = await settle(
      sender({
        onAttempt: () =>
          setTimeout(() => deadline.abort(new DOMException("deadline", "TimeoutError")), 50),
      }).sendTransaction(params, { signal: deadline.signal }),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(error.cause?.name).toBe("TimeoutError");
    expect(server.requests).toHaveLength(1);
    expect(error.attempts).toBe(1);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ attempts: 1 });
  });

  it("three 503s (the default two retries): InternalServerError, attempts 3, as the server counted", async () => {
    useFakeClock();
    server.serve(reply(503, JSON.stringify({ error: "unavailable" })));
    const { error } = await drive(sender().sendTransaction(params));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(3);
    expect(error.attempts).toBe(3);
    expect(error.toJSON()).toMatchObject({ attempts: 3, status: 503 });
  });
});
