/**
 * Who may use the mock's own endpoints (`/__mock/`): this machine's programs and pages, not any
 * site open in the browser, nor one that re-points its name at the mock (DNS rebinding): review
 * 74, F1. The request log holds what requests sent (a webhook's URL with its token).
 */
import { request } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callMock } from "./test-support.js";
import { startMock, type MockServer } from "./index.js";

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0, quiet: true });
});
afterAll(() => mock?.stop());
beforeEach(() => mock.clearRequests());

const HOOK = "https://discord.example/api/webhooks/1/hook-s3cret-token";

/** A request with exactly these headers (fetch would not send the `Host` given): status, body. */
function send(method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      `${mock.url}${path}`,
      {
        method,
        headers: { ...headers, ...(body !== undefined && { "content-type": "text/plain" }) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A webhook created with a secret in its URL: what a foreign page would be after. */
async function createWebhook() {
  const r = await callMock(mock.url, "/v0/webhooks?api-key=k", {
    body: {
      webhookURL: HOOK,
      transactionTypes: ["ANY"],
      accountAddresses: ["86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY"],
      webhookType: "enhanced",
    },
  });
  expect(r.status).toBe(200);
  expect(mock.requests()).toHaveLength(1);
}

const port = () => new URL(mock.url).port;

describe("the mock's own endpoints", () => {
  it("answer this machine's programs and pages: no Origin, or a localhost / 127.0.0.1 / [::1] one; by IP address or localhost", async () => {
    await createWebhook();
    const callers: Array<Record<string, string>> = [
      {},
      { host: `localhost:${port()}` },
      { host: `127.0.0.1:${port()}`, origin: "http://localhost:5173" },
      { origin: "http://127.0.0.1:3000" },
      { origin: "http://[::1]:8080" },
      { origin: "http://app.localhost:3000" },
      // a page on another port of the address the mock is called at (a LAN address)
      { host: `192.168.1.5:${port()}`, origin: "http://192.168.1.5:3000" },
    ];
    for (const headers of callers) {
      const r = await send("GET", "/__mock/requests", headers);
      expect([headers, r.status]).toEqual([headers, 200]);
      expect(r.text).toContain("hook-s3cret-token");
    }
  });

  it("refuse a page of another site: the log is not read, no scenario is set up, nothing is cleared", async () => {
    await createWebhook();
    for (const origin of ["https://evil.example", "null", "http://localhost.evil.example:4010"]) {
      const read = await send("GET", "/__mock/requests", { origin });
      expect([origin, read.status]).toEqual([origin, 403]);
      expect(read.text).not.toContain("s3cret");
      expect(JSON.parse(read.text).detail).toBe(
        `a page of ${JSON.stringify(origin)} may not: the mock's own endpoints answer this machine's programs, and pages of localhost, 127.0.0.1 or [::1] (any port)`,
      );
      // (A text/plain POST is sent without a preflight: the refusal is the server's.)
      const post = await send("POST", "/__mock/scenarios", { origin }, '{"status":503}');
      expect(post.status).toBe(403);
      expect((await send("DELETE", "/__mock/requests", { origin })).status).toBe(403);
    }
    expect(mock.scenarios()).toEqual([]);
    expect(mock.requests()).toHaveLength(1);
  });

  it("refuse a Host that is no address of this machine (DNS rebinding: the page is same-origin, and sends no Origin on a GET)", async () => {
    await createWebhook();
    for (const host of [`evil.example:${port()}`, "rebind.attacker.test", `mock.lan:${port()}`]) {
      const read = await send("GET", "/__mock/requests", { host });
      expect([host, read.status]).toEqual([host, 403]);
      expect(read.text).not.toContain("s3cret");
      expect(JSON.parse(read.text).detail).toMatch(
        new RegExp(
          `^the Host ${JSON.stringify(host).replace(/[.]/g, "\\.")} is no address of this machine: .*DNS rebinding\\)$`,
        ),
      );
      expect((await send("POST", "/__mock/scenarios", { host }, '{"status":503}')).status).toBe(
        403,
      );
    }
    expect(mock.scenarios()).toEqual([]);
  });

  it("answer a name given in allowedHosts (a docker-compose service's), '.name' for its subdomains too; another name still gets 403 (review 77, F6)", async () => {
    const shared = await startMock({
      port: 0,
      quiet: true,
      allowedHosts: ["mock", "HOST.docker.internal", ".ci.example"],
    });
    try {
      const at = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const req = request(`${shared.url}/__mock/requests`, { headers: { host } }, (res) => {
            res.resume();
            resolve(res.statusCode!);
          });
          req.on("error", reject).end();
        });
      const p = new URL(shared.url).port;
      for (const host of [`mock:${p}`, "host.docker.internal", `ci.example:${p}`, "a.b.ci.example"])
        expect([host, await at(host)]).toEqual([host, 200]);
      for (const host of [`mock.evil.example:${p}`, "badci.example", "evil.example", "mocks"])
        expect([host, await at(host)]).toEqual([host, 403]);
    } finally {
      await shared.stop();
    }
    // (The default mock allows none of them.)
    expect((await send("GET", "/__mock/requests", { host: `mock:${port()}` })).status).toBe(403);
  });

  it("refuse an allowedHosts entry that is no host name, naming it and the rule", async () => {
    for (const [allowedHosts, message] of [
      ["mock", "options.allowedHosts must be an array of host names"],
      [["mock:4010"], "options.allowedHosts[0] must be a host name with no port or scheme"],
      [["ok", "http://mock"], "options.allowedHosts[1] must be a host name"],
      [[""], "options.allowedHosts[0] must be a host name"],
      [[7], "options.allowedHosts[0] must be a host name"],
    ] as const)
      await expect(
        startMock({ port: 0, quiet: true, allowedHosts: allowedHosts as never }),
      ).rejects.toThrow(message);
  });

  it("the API itself still answers any origin and any Host (a browser app on any dev server)", async () => {
    const r = await send("GET", "/ping", { origin: "https://app.example", host: "app.example" });
    expect(r).toEqual({ status: 200, text: "ok" });
  });
});
