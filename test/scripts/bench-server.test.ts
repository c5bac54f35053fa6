/**
 * The benchmarks' loopback server (bench/server.mjs) answers the benchmark's own Node clients
 * only: a request under another `Host` (a page whose name was re-pointed at 127.0.0.1, DNS
 * rebinding) or from a page (an `Origin`: a cross-site POST /__reset zeroed a run's counters) is
 * refused with 403, as the docs server and the mock's own endpoints refuse them.
 */
// (Review 81, L4.)
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script of the benchmarks, without types
import { startServer } from "../../bench/lib/util.mjs";

let server: { url: string; stop(): Promise<void>; stats(): Promise<{ requests: number }> };
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

/** One request with exactly these headers (fetch may not set `Host`). */
function send(method: string, path: string, headers: Record<string, string>, body = "") {
  const { hostname, port } = new URL(server.url);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request({ hostname, port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const getAsset = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getAsset", params: {} });

describe("bench/server.mjs", () => {
  it("answers its clients at 127.0.0.1 and localhost, Node's fetch too", async () => {
    const port = new URL(server.url).port;
    expect((await send("POST", "/", { host: `127.0.0.1:${port}` }, getAsset)).status).toBe(200);
    expect((await send("POST", "/", { host: `localhost:${port}` }, getAsset)).status).toBe(200);
    const r = await fetch(`${server.url}/`, { method: "POST", body: getAsset });
    expect(r.status).toBe(200);
  });

  it("refuses another Host, and a page's request, without counting it", async () => {
    const before = (await server.stats()).requests;
    const rebound = await send("POST", "/", { host: "evil.example:80" }, getAsset);
    expect(rebound.status).toBe(403);
    expect(rebound.text).toContain('the Host "evil.example:80" is no name of this machine');
    const port = new URL(server.url).port;
    for (const path of ["/__reset", "/"]) {
      const page = await send("POST", path, {
        host: `127.0.0.1:${port}`,
        origin: "https://evil.example",
      });
      expect(page.status, path).toBe(403);
    }
    expect((await server.stats()).requests).toBe(before);
  });
});
