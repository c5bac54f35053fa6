// The sender keep-alive recipe (packages/sender/recipes/keep-alive.ts; user trial 32, F1), run as
// written against a loopback server that sends no Keep-Alive hint, as a host behind a CDN often
// does not: Node's built-in fetch closes a connection idle for 4 s, so a ping keeps nothing warm
// and the next sendTransaction opens a new connection; the recipe's client keeps it.
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { createSenderClient } from "@chaindata/sender";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createWarmSenderClient } from "../../packages/sender/recipes/keep-alive.js";
import { SIGNED_TRANSACTION } from "../spec/documents.js";
import { tsc } from "../types/tsc.js";

const root = join(import.meta.dirname, "../..");
const recipesDir = join(root, "packages/sender/recipes");
const SIGNATURE =
  "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";

/**
 * An HTTP/1.1 server on a loopback port that counts the connections made to it and answers
 * `GET /ping` and `POST /fast` with no `Connection` or `Keep-Alive` header.
 */
async function hintlessServer() {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let buffered = "";
    socket.on("data", (chunk) => {
      buffered += chunk.toString("latin1");
      for (;;) {
        const end = buffered.indexOf("\r\n\r\n");
        if (end < 0) return;
        const head = buffered.slice(0, end);
        const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        const body = buffered.slice(end + 4, end + 4 + length);
        buffered = buffered.slice(end + 4 + length);
        const [method, path] = head.split(" ");
        requests.push(`${method} ${path}`);
        const [type, answer] =
          path === "/ping"
            ? ["text/plain", "ok"]
            : [
                "application/json",
                JSON.stringify({ jsonrpc: "2.0", id: JSON.parse(body).id, result: SIGNATURE }),
              ];
        socket.write(
          `HTTP/1.1 200 OK\r\ncontent-type: ${type}\r\ncontent-length: ${Buffer.byteLength(answer)}\r\n\r\n${answer}`,
        );
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    connections: () => connections,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

const servers: { close(): void }[] = [];
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
  for (const server of servers.splice(0)) server.close();
});

const send = { transaction: SIGNED_TRANSACTION, config: { encoding: "base64" as const } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("packages/sender/recipes/keep-alive.ts", () => {
  it("keeps the connection open across 5 s idle between a ping and a sendTransaction; Node's fetch does not", async () => {
    const [plainServer, warmServer] = [await hintlessServer(), await hintlessServer()];
    servers.push(plainServer, warmServer);
    const plain = createSenderClient({ baseUrls: { sender: plainServer.url } });
    const warm = createWarmSenderClient({ baseUrls: { sender: warmServer.url } });
    stops.push(warm.stop);
    await Promise.all([plain.ping(), warm.sender.ping()]);
    await sleep(5_000);
    expect(await plain.sendTransaction(send)).toBe(SIGNATURE);
    expect(await warm.sender.sendTransaction(send)).toBe(SIGNATURE);
    expect(plainServer.requests).toEqual(["GET /ping", "POST /fast"]);
    expect(warmServer.requests).toEqual(["GET /ping", "POST /fast"]);
    // (The problem the recipe is for: without it, the send after the idle gap reconnects.)
    expect(plainServer.connections()).toBe(2);
    expect(warmServer.connections()).toBe(1);
  }, 20_000);

  it("pings only while no transaction goes out", async () => {
    const server = await hintlessServer();
    servers.push(server);
    const warm = createWarmSenderClient({ baseUrls: { sender: server.url }, pingEveryMs: 500 });
    stops.push(warm.stop);
    // Busy: a send every 100 ms or so, each followed by sent(): no ping (400 ms to spare each).
    for (let i = 0; i < 6; i++) {
      await warm.sender.sendTransaction(send);
      warm.sent();
      await sleep(100);
    }
    expect(server.requests.filter((r) => r === "GET /ping")).toEqual([]);
    // Idle for 1,700 ms: pings go out, one every 500 ms.
    await sleep(1_700);
    expect(server.requests.filter((r) => r === "GET /ping").length).toBeGreaterThanOrEqual(2);
    expect(server.connections()).toBe(1);
  }, 20_000);

  it("never lets more than pingEveryMs pass without a use, whenever the last send was", async () => {
    vi.useFakeTimers();
    try {
      const warm = createWarmSenderClient({ pingEveryMs: 60_000 });
      stops.push(warm.stop);
      const ping = vi.spyOn(warm.sender, "ping").mockResolvedValue("ok");
      await vi.advanceTimersByTimeAsync(1_000);
      warm.sent();
      await vi.advanceTimersByTimeAsync(59_999);
      expect(ping).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(ping).toHaveBeenCalledTimes(1); // 60 s after the send, not up to 90
      await vi.advanceTimersByTimeAsync(60_000);
      expect(ping).toHaveBeenCalledTimes(2); // and every 60 s while idle
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a ping interval the agent's idle limit would not cover", () => {
    expect(() => createWarmSenderClient({ pingEveryMs: 65_000 })).toThrow(
      "pingEveryMs: must be > 0 and < 65000 (the idle limit)",
    );
    expect(() => createWarmSenderClient({ pingEveryMs: 0 })).toThrow(RangeError);
  });

  it("type-checks as a user's module, and is not published", () => {
    const listed = execFileSync(
      join(root, "node_modules/.bin/tsc"),
      ["-p", recipesDir, "--listFilesOnly"],
      { encoding: "utf8" },
    );
    expect(listed).toContain(join(recipesDir, "keep-alive.ts"));
    expect(tsc("-p", recipesDir, "--pretty", "false")).toBe("");
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
        cwd: join(root, "packages/sender"),
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }),
    );
    const paths: string[] = packed.files.map((f: { path: string }) => f.path);
    expect(paths).toContain("README.md");
    expect(paths.filter((p) => p.startsWith("recipes"))).toEqual([]);
  });
});
