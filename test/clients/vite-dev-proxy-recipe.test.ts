// The Vite recipe (packages/core/recipes/vite-dev-proxy.ts; user trial 31): the browser proxy
// mounted on a real Vite dev server (and `vite preview`) by a plugin, as a user's vite.config.ts
// does, with the key in the app's `.env.local`. The page's clients, made with no key and
// `baseUrls` at the dev server's origin, call the local mock through it; what the page sends and
// receives, and what the dev server logs, never holds the key.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createDasClient } from "@chaindata/das";
import { startMock, type MockServer } from "@chaindata/mock";
import { createWalletClient } from "@chaindata/wallet";
import {
  createServer as createViteServer,
  preview,
  type InlineConfig,
  type Logger,
  type PreviewServer,
  type ViteDevServer,
} from "vite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chaindataDevProxy } from "../../packages/core/recipes/vite-dev-proxy.js";

const root = join(import.meta.dirname, "../..");
const recipesDir = join(root, "packages/core/recipes");
const KEY = "ck_live_VITEDEVPROXYKEY_41c9";
const ADDRESS = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";

/** What the dev server logged (Vite's logger), every level. */
const logged: string[] = [];
function captureLogger(into: string[]): Logger {
  const warned = new Set<string>();
  const push = (msg: string) => void into.push(msg);
  return {
    info: push,
    warn: push,
    warnOnce: (msg) => void (warned.has(msg) || (warned.add(msg), push(msg))),
    error: (msg, options) => push(`${msg}${options?.error ? `\n${options.error.stack}` : ""}`),
    clearScreen: () => {},
    hasErrorLogged: () => false,
    hasWarned: false,
  };
}

/** What went between the page's clients and the dev server: each request, each answer. */
const seen: string[] = [];
const pageFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  const response = await fetch(request.clone());
  seen.push(
    JSON.stringify({
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: await request.text(),
      status: response.status,
      answerHeaders: Object.fromEntries(response.headers),
      answer: await response.clone().text(),
    }),
  );
  return response;
};

let mock: MockServer;
let dir: string;
let dev: ViteDevServer;
let devUrl: string;
const savedKey = process.env.CHAINDATA_API_KEY;

/** The page's clients, as the core README's "In a browser" makes them: no key, `baseUrls` here. */
const das = (origin = devUrl) =>
  createDasClient({ baseUrls: { rpc: `${origin}/api/rpc` }, fetch: pageFetch, maxRetries: 0 });
const wallet = () =>
  createWalletClient({ baseUrls: { wallet: `${devUrl}/api/wallet` }, fetch: pageFetch });

/** The app: the two recipes copied beside its vite.config.ts, the key in its .env.local. */
function writeApp(mockUrl: string): string {
  // (Under the repository's node_modules, so that the config's `import "vite"` resolves.)
  mkdirSync(join(root, "node_modules/.cache"), { recursive: true });
  const app = mkdtempSync(join(root, "node_modules/.cache/vite-dev-proxy-"));
  for (const file of ["browser-proxy.ts", "vite-dev-proxy.ts"])
    cpSync(join(recipesDir, file), join(app, file));
  writeFileSync(
    join(app, "vite.config.ts"),
    `import { defineConfig } from "vite";
import { chaindataDevProxy } from "./vite-dev-proxy";

export default defineConfig({
  plugins: [chaindataDevProxy({ upstream: { rpc: ${JSON.stringify(mockUrl)}, wallet: ${JSON.stringify(mockUrl)} } })],
});
`,
  );
  writeFileSync(join(app, ".env.local"), `CHAINDATA_API_KEY=${KEY}\n`);
  writeFileSync(join(app, "index.html"), '<script type="module" src="/main.ts"></script>\n');
  writeFileSync(join(app, "main.ts"), "export const env = import.meta.env;\n");
  mkdirSync(join(app, "dist"));
  writeFileSync(join(app, "dist/index.html"), "<p>built</p>\n");
  return app;
}

const serverOptions = (app: string, log: string[]): InlineConfig => ({
  root: app,
  configFile: join(app, "vite.config.ts"),
  cacheDir: join(app, ".vite"),
  customLogger: captureLogger(log),
  server: { host: "127.0.0.1", port: 0, watch: null },
  preview: { host: "127.0.0.1", port: 0 },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const originOf = (server: { httpServer: unknown }) =>
  `http://127.0.0.1:${((server.httpServer as Server).address() as AddressInfo).port}`;

beforeAll(async () => {
  delete process.env.CHAINDATA_API_KEY; // only the app's .env.local has it
  mock = await startMock({ port: 0, quiet: true });
  dir = writeApp(mock.url);
  dev = await createViteServer(serverOptions(dir, logged));
  await dev.listen();
  devUrl = originOf(dev);
}, 30_000);
afterAll(async () => {
  if (savedKey === undefined) delete process.env.CHAINDATA_API_KEY;
  else process.env.CHAINDATA_API_KEY = savedKey;
  await dev?.close();
  await mock?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  // What the page saw and what the dev server logged, over every case: never the key.
  expect(seen.length).toBeGreaterThan(0);
  for (const exchange of seen) expect(exchange).not.toContain(KEY);
  expect(logged.join("\n")).not.toContain(KEY);
});
beforeEach(() => mock.clearRequests());

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable("resolved"),
    (error: unknown) => error,
  );

describe("the Vite dev proxy recipe (packages/core/recipes/vite-dev-proxy.ts) on a real dev server", () => {
  it("forwards a JSON-RPC call and a wallet call from the page, adding the key from .env.local", async () => {
    const before = seen.length;
    const asset = await das().getAsset({ id: ADDRESS });
    expect(asset.id).toBe(ADDRESS);
    const balances = await wallet().getBalances({ wallet: ADDRESS, limit: 2 });
    expect(balances.balances).toBeInstanceOf(Array);
    expect(seen.slice(before).map((e) => JSON.parse(e).url)).toEqual([
      `${devUrl}/api/rpc/`,
      `${devUrl}/api/wallet/v1/wallet/${ADDRESS}/balances?limit=2`,
    ]);
    const requests = mock.requests();
    expect(requests.map((r) => [r.method, r.path, r.query, r.status])).toEqual([
      ["POST", "/", { "api-key": "***" }, 200], // (the mock masks the key it got)
      ["GET", `/v1/wallet/${ADDRESS}/balances`, { limit: "2", "api-key": "***" }, 200],
    ]);
    expect(requests[0]!.rpcMethods).toEqual(["getAsset"]);
    // The recipe's headers came through the bridge: the page's requestId.
    expect(JSON.parse(seen[before]!).answerHeaders["x-request-id"]).toMatch(/^mock-\d+$/);
  });

  it("refuses a method not on the allow-list with the recipe's 403, and forwards nothing", async () => {
    const error = await rejection(das().getAssetsByAuthority({ authorityAddress: ADDRESS }));
    expect(error).toMatchObject({ name: "PermissionDeniedError", status: 403 });
    expect((error as Error).message).toContain(
      "Method not allowed by this proxy: getAssetsByAuthority",
    );
    expect(mock.requests()).toEqual([]);
  });

  it("refuses a request the browser marks as from another site (another port too), and forwards nothing", async () => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "getAsset",
      params: { id: ADDRESS },
    });
    const post = (site: string) =>
      fetch(`${devUrl}/api/rpc/`, {
        method: "POST",
        body,
        headers: { "content-type": "text/plain", "sec-fetch-site": site },
      });
    for (const site of ["cross-site", "same-site"]) {
      const answer = await post(site);
      expect([answer.status, await answer.json()]).toEqual([
        403,
        { error: "The dev proxy answers this page's own origin only" },
      ]);
    }
    expect(mock.requests()).toEqual([]);
    expect((await post("same-origin")).status).toBe(200);
    expect(mock.requests()).toHaveLength(1);
  });

  it("refuses a request from another origin that carries no Sec-Fetch-Site (plain http off localhost)", async () => {
    const post = (origin: string) =>
      fetch(`${devUrl}/api/rpc/`, {
        method: "POST",
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "getAsset",
          params: { id: ADDRESS },
        }),
        headers: { "content-type": "text/plain", origin },
      });
    const refused = await post("http://192.168.1.20:5173");
    expect([refused.status, await refused.json()]).toEqual([
      403,
      { error: "The dev proxy answers this page's own origin only" },
    ]);
    expect(mock.requests()).toEqual([]);
    expect((await post(devUrl)).status).toBe(200);
    expect(mock.requests()).toHaveLength(1);
  });

  it("leaves the page's modules to Vite, which serves them without the key", async () => {
    const module = await fetch(`${devUrl}/main.ts`);
    expect(module.status).toBe(200);
    const code = await module.text();
    expect(code).toContain('"MODE": "development"'); // the env Vite gives the page
    expect(code).not.toContain(KEY);
    expect(code).not.toContain("CHAINDATA_API_KEY");
  });

  it("serves `vite preview` too", async () => {
    const built: PreviewServer = await preview(serverOptions(dir, logged));
    try {
      const asset = await das(originOf(built)).getAsset({ id: ADDRESS });
      expect(asset.id).toBe(ADDRESS);
      expect(mock.requests().map((r) => [r.path, r.query])).toEqual([["/", { "api-key": "***" }]]);
    } finally {
      await built.close();
    }
  });

  it("answers 502 when the upstream cannot be reached, logging nothing; server.proxy's rewrite logs the key there", async () => {
    // A port nobody listens on.
    const closed = createServer();
    closed.listen(0, "127.0.0.1");
    await once(closed, "listening");
    const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));

    const log: string[] = [];
    const server = await createViteServer({
      ...serverOptions(dir, log),
      configFile: false,
      plugins: [chaindataDevProxy({ upstream: { rpc: gone } })],
      server: {
        host: "127.0.0.1",
        port: 0,
        watch: null,
        // The server.proxy way (user trial 31's dev config): a rewrite that appends the key.
        proxy: {
          "/raw-rpc": {
            target: gone,
            rewrite: (path) => `${path.replace(/^\/raw-rpc/, "")}?api-key=${KEY}`,
          },
        },
      },
    });
    await server.listen();
    try {
      const error = await rejection(das(originOf(server)).getAsset({ id: ADDRESS }));
      expect(error).toMatchObject({ status: 502 });
      expect((error as Error).message).toContain("The upstream service could not be reached");
      expect(log.join("\n")).not.toContain(KEY);

      const raw = await fetch(`${originOf(server)}/raw-rpc/`, { method: "POST", body: "{}" });
      expect(raw.status).toBe(502);
      expect(log.join("\n")).toContain(`http proxy error: /?api-key=${KEY}`);
    } finally {
      await server.close();
    }
  });
});
