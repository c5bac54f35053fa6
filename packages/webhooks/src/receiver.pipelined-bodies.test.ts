/**
 * The lingering connection's count of requests pipelined behind an early answer that Node answers
 * itself (no Host) and that carry a body: each counts its head once (16 KiB, as Node parses it:
 * receiver.ts `onIncoming`), not again where its unread body is discarded at Node's pause.
 */
import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createWebhookHandler, toNodeHandler } from "./receiver.js";

beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));

const AUTH = "Bearer s3cr3t-delivery-token";

describe("a lingering connection's count of the requests Node answers itself", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  // Mutant: a request whose unread body is discarded at Node's pause counted its head again
  // (32 KiB): 380 requests of 20 KiB bodies (13.4 MiB with their heads counted once, 19.3 MiB
  // twice) passed the 16 MiB bound, and the connection was cut before the sender's close was read.
  it("counts the head of a request with a body that Node answers itself once: 380 pipelined without a Host, each body over Node's 16 KiB buffer, stay under the bound, read on to the sender's close", async () => {
    server = createServer(
      toNodeHandler(createWebhookHandler({ authHeader: AUTH, onEvent: () => {} })),
    );
    let closeRead = false;
    let closed = false;
    server.on("connection", (socket: Socket) => {
      socket.on("end", () => (closeRead = true));
      socket.on("close", () => (closed = true));
    });
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    // An upload's head (1 of 1000 bytes) with a wrong Authorization: answered 401 at once, the
    // server's end then lingers, reading (allowHalfOpen: the client closes only at the end).
    const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    socket.on("error", () => {});
    let answer = "";
    socket.on("data", (chunk) => (answer += String(chunk)));
    await new Promise<void>((resolve) => {
      socket.on("end", () => resolve());
      socket.write(
        "POST /hook HTTP/1.1\r\nHost: x\r\nAuthorization: wrong\r\nContent-Length: 1000\r\n\r\n[",
      );
    });
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 401 Unauthorized");
    try {
      // Each of the 380 counts its head, 16 KiB, as Node parses it, and its body, 20 KiB, as it
      // is discarded (more than Node buffers, so Node pauses the socket for each).
      socket.end(
        " ".repeat(999) +
          ("POST / HTTP/1.1\r\nContent-Length: 20480\r\n\r\n" + "x".repeat(20480)).repeat(380),
      );
      for (let waited = 0; !closed && waited < 4_500; waited += 20)
        await new Promise((r) => setTimeout(r, 20));
      expect({ closed, closeRead }).toEqual({ closed: true, closeRead: true });
    } finally {
      socket.destroy();
    }
  });
});
