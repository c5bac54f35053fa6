/**
 * A server error once the mock listens (accept's EMFILE) is reported, not thrown: with no listener
 * an "error" event throws, and ended the process the mock runs in (review 72, F6).
 */
import type { Server } from "node:http";
import { expect, it, vi } from "vitest";

const servers: Server[] = [];
vi.mock("node:http", async (importOriginal) => {
  const http = await importOriginal<typeof import("node:http")>();
  return {
    ...http,
    createServer: (...args: Parameters<typeof http.createServer>) => {
      const server = http.createServer(...args);
      servers.push(server);
      return server;
    },
  };
});

it("reports a server error after it listens, and keeps serving", async () => {
  const { startMock } = await import("./server.js");
  const mock = await startMock({ port: 0, quiet: true });
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const accept = Object.assign(new Error("accept EMFILE"), { code: "EMFILE" });
    expect(() => servers.at(-1)!.emit("error", accept)).not.toThrow();
    expect(error).toHaveBeenCalledWith("@chaindata/mock: accept EMFILE (the mock keeps serving)");
    const answer = await fetch(`${mock.url}/__mock/requests`);
    expect(answer.status).toBe(200);
    await answer.body?.cancel();
  } finally {
    error.mockRestore();
    await mock.stop();
  }
});
