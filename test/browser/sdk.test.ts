/**
 * The SDK in a real browser (playwright-core driving the system Chromium). Small programs are
 * bundled from the built packages as a browser app bundles them (esbuild --bundle --minify
 * --format=esm --platform=browser), served with an HTML page by a loopback server, and run in the
 * page against the mock, which listens on another port: every call is cross-origin, so the
 * browser preflights it and lets the SDK read only the headers the server exposes. It proves:
 *  - DAS getAsset resolves with a u64 supply above 2^53 as the exact bigint; onResponse sees
 *    the status and headers;
 *  - calls made in one tick with createBatcher() are one HTTP request, each call its own result;
 *  - REST through openapi-fetch (wallet, and admin with its X-Api-Key header) and `.all()`
 *    pagination resolve with what the same calls give in Node;
 *  - the sender's ping() (a text answer) and sendTransaction work;
 *  - errors: a ValidationError with nothing sent; forced 401 / 429 as the right class with its
 *    status and exposed headers, the API key in none of message, toJSON(), String() or stack;
 *    timeout, abort, connection refused and a CORS refusal; a redirect, opaque to a browser, is
 *    not followed and reads "HTTP 3xx" (it read "HTTP 0"); headers a server does not expose are
 *    unreadable (the stub endpoints of this file's server play such a server);
 *  - no console error but those Chromium writes for the errors forced, no page error, no request
 *    off 127.0.0.1.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseJson, stringifyJson } from "@chaindata/core";
import { createAdminClient } from "@chaindata/admin";
import { startMock, type MockServer } from "@chaindata/mock";
import { createWalletClient } from "@chaindata/wallet";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { browserBundle } from "../../bench/lib/programs.mjs";
import { example } from "../contract/contracts.js";
import { operationById, specDir } from "../contract/spec.js";
import { launchChromium } from "../chromium.js";

/** A placeholder, not a secret: the tests look for it where it must never appear. */
const API_KEY = "browser-test-key-not-a-secret";
const BAD_ADDRESS = "0OIl-not-base58";

// getAsset's "fungibleToken" example: its raw supply (8881564943168000000) is above 2^53, which a
// client that parsed it as a Number would round (String() of that Number prints the same digits,
// so the type is checked too). Read from the bundle losslessly, as test/contract does.
const fungibleExample = (
  parseJson(readFileSync(`${specDir}openrpc/das.json`, "utf8")) as any
).methods
  .find((m: any) => m.name === "getAsset")
  .examples.find((e: any) => e.name === "fungibleToken");
const FUNGIBLE_INPUT = Object.fromEntries(
  fungibleExample.params.map((p: any) => [p.name, p.value]),
) as { id: string };
const FUNGIBLE_SUPPLY: bigint = fungibleExample.result.value.token_info.supply;

/**
 * The programs, one page each. Each sets `globalThis.run(name, args)` (a page runs one program;
 * `name` picks a case where a program has several), returning plain data for the test to check.
 */
const programs = {
  "das-get-asset": `
import { createDasClient } from '@chaindata/das';
globalThis.run = async (_name, { apiKey, baseUrls, input, expectedSupply }) => {
  const das = createDasClient({ apiKey, baseUrls });
  const answers = [];
  const asset = await das.getAsset(input, { onResponse: (answer) => answers.push(answer) });
  const supply = asset.token_info.supply;
  return {
    id: asset.id,
    supplyType: typeof supply,
    supplyIsExact: supply === BigInt(expectedSupply),
    supplyDigits: String(supply),
    answers,
  };
};`,

  "das-batch": `
import { createBatcher, createDasClient } from '@chaindata/das';
globalThis.run = async (_name, { apiKey, baseUrls, nftInput, fungibleInput, batchInput }) => {
  const das = createDasClient({ apiKey, baseUrls, batch: createBatcher() });
  const [nft, fungible, assets] = await Promise.all([
    das.getAsset(nftInput),
    das.getAsset(fungibleInput),
    das.getAssetBatch(batchInput),
  ]);
  return {
    nft: nft.id,
    fungible: fungible.id,
    fungibleSupplyType: typeof fungible.token_info.supply,
    assets: assets.map((asset) => asset?.id ?? null),
  };
};`,

  rest: `
import { createAdminClient } from '@chaindata/admin';
import { createWalletClient, stringifyJson } from '@chaindata/wallet';
globalThis.run = async (_name, { apiKey, baseUrls, balancesInput, transfersInput, usageInput }) => {
  const wallet = createWalletClient({ apiKey, baseUrls });
  const balances = await wallet.getBalances(balancesInput);
  const transfers = [];
  for await (const transfer of wallet.getTransfers.all(transfersInput)) transfers.push(transfer);
  const usage = await createAdminClient({ apiKey, baseUrls }).getProjectUsage(usageInput);
  return stringifyJson({ balances, transfers, usage });
};`,

  sender: `
import { createSenderClient } from '@chaindata/sender';
globalThis.run = async (_name, { baseUrls, transactionInput }) => {
  const sender = createSenderClient({ baseUrls });
  return { ping: await sender.ping(), signature: await sender.sendTransaction(transactionInput) };
};`,

  errors: `
import {
  AbortError, APIError, AuthenticationError, ChainDataError, ConnectionError, createDasClient,
  RateLimitError, TimeoutError, ValidationError,
} from '@chaindata/das';
import { createWalletClient } from '@chaindata/wallet';

const classes = {
  ChainDataError, APIError, AuthenticationError, RateLimitError, ValidationError, TimeoutError,
  AbortError, ConnectionError,
};
/** What the test checks of an error, as plain data; \`texts\`: every way it may be printed. */
const described = (error) => ({
  classes: Object.keys(classes).filter((name) => error instanceof classes[name]),
  name: error.name,
  message: error.message,
  status: error.status,
  retryAfter: error.retryAfter,
  requestId: error.requestId,
  headers: error.headers,
  operation: error.operation,
  issues: error.issues,
  cause: error.cause === undefined ? undefined : String(error.cause),
  texts: [String(error), JSON.stringify(error), error.stack, String(error.cause?.stack)],
});
const rejection = (promise) => promise.then(() => ({ resolved: true }), described);

const cases = {
  invalidAddress: ({ apiKey, baseUrls }) =>
    rejection(createDasClient({ apiKey, baseUrls }).getAsset({ id: '${BAD_ADDRESS}' })),
  rpc401: ({ apiKey, baseUrls, asset }) =>
    rejection(createDasClient({ apiKey, baseUrls }).getAsset(asset, { headers: { prefer: 'code=401' } })),
  rest401: ({ apiKey, baseUrls, wallet }) =>
    rejection(createWalletClient({ apiKey, baseUrls }).getBalances(wallet, { headers: { prefer: 'code=401' } })),
  rest429: ({ apiKey, baseUrls, wallet }) =>
    rejection(
      createWalletClient({ apiKey, baseUrls }).getBalances(wallet, { headers: { prefer: 'code=429' }, maxRetries: 0 }),
    ),
  timeout: ({ apiKey, rpc, asset }) =>
    rejection(createDasClient({ apiKey, baseUrls: { rpc } }).getAsset(asset, { timeout: 1500, maxRetries: 0 })),
  abort: ({ apiKey, rpc, asset }) => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('the user left the page (key ' + apiKey + ')')), 300);
    return rejection(createDasClient({ apiKey, baseUrls: { rpc } }).getAsset(asset, { signal: controller.signal }));
  },
  call: ({ apiKey, rpc, asset }) =>
    rejection(createDasClient({ apiKey, baseUrls: { rpc }, maxRetries: 0 }).getAsset(asset)),
};
globalThis.run = (name, args) => cases[name](args);`,
} as const;
type Program = keyof typeof programs;

// -- the loopback servers --------------------------------------------------------------------------

/**
 * Serves the pages and their bundles (`/<program>.html`, `/<program>.js`) and, for the error
 * cases, stub API endpoints that play a service the mock cannot: `/never…` never answers,
 * `/redirect…` redirects, `/exposed…` and `/unexposed…` answer 429 with a request id and a
 * Retry-After (and the key in the message), exposed to scripts or not, and `/no-cors…` answers
 * without any CORS header. It listens on two ports, which are two origins: the page's, and the
 * stub service's, cross-origin to it.
 */
const bundles = new Map<string, Uint8Array>();
const stubRequests: string[] = [];
function serve(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? "/", "http://stub").pathname;
  const page = /^\/([\w-]+)\.(html|js)$/.exec(path);
  if (page && bundles.has(page[1]!)) {
    if (page[2] === "js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      return res.end(bundles.get(page[1]!));
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    return res.end(
      `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>${page[1]}</title>` +
        `<script type="module" src="/${page[1]}.js"></script>`,
    );
  }
  stubRequests.push(`${req.method} ${path}`);
  if (path.startsWith("/no-cors")) return void res.writeHead(204).end(); // no CORS headers at all
  res.setHeader("access-control-allow-origin", "*");
  if (req.method === "OPTIONS") {
    res.writeHead(204, {
      "access-control-allow-methods": "POST",
      "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "",
    });
    return res.end();
  }
  if (path.startsWith("/never")) return; // left open until close() ends every connection
  if (path.startsWith("/redirect")) {
    res.writeHead(302, { location: "/taken" });
    return res.end();
  }
  const exposed = path.startsWith("/exposed");
  if (exposed || path.startsWith("/unexposed")) {
    res.writeHead(429, {
      "content-type": "application/json",
      "retry-after": "1",
      "x-request-id": "req-browser-1",
      ...(exposed && { "access-control-expose-headers": "x-request-id, retry-after" }),
    });
    // The message quotes the key, as some servers' do: the SDK must mask it.
    const key = new URL(req.url ?? "/", "http://stub").searchParams.get("api-key");
    const error = { code: -32029, message: `Slow down, ${key}` };
    return res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error }));
  }
  res.writeHead(404);
  res.end();
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

// -- the browser -----------------------------------------------------------------------------------

/** One network request the page made, as Chromium's DevTools protocol reports it (preflights too). */
interface Sent {
  method: string;
  url: string;
  preflight: boolean;
}

let mock: MockServer;
let pageServer: Server;
let stubServer: Server;
let pageOrigin: string;
let stubOrigin: string;
/** A port nothing listens on (a server was there and closed). */
let closedPort: number;
let browser: Browser;
let page: Page;
const sent: Sent[] = [];
const offsite: string[] = [];
/** Page errors (an exception nobody caught, a rejection nobody handled): none is expected. */
const pageErrors: string[] = [];
/**
 * The console's errors and warnings. Chromium writes one itself for every request that fails or
 * gets an error status ("Failed to load resource: …", a CORS refusal): a test that forces one
 * declares it with {@link expectConsole}; any other line fails the test.
 */
const consoleLines: string[] = [];
let expectedConsole: Array<string | RegExp> = [];
const expectConsole = (...lines: Array<string | RegExp>) => (expectedConsole = lines);
const failedRequests: string[] = [];

/** Loads `program`'s page and runs its `run(name, args)` in it. */
async function runInPage<T = any>(program: Program, name: string, args: object): Promise<T> {
  await page.goto(`${pageOrigin}/${program}.html`);
  return page.evaluate(([name, args]) => (globalThis as any).run(name, args) as Promise<T>, [
    name,
    args,
  ] as const);
}

const mockUrl = () => mock.url;
const toMock = () => sent.filter((r) => r.url.startsWith(`${mockUrl()}/`));
/** What the page sent to `origin`, as `METHOD /path`, sorted (the protocol's events come in no set order). */
const requestsTo = (origin: string) =>
  sent
    .filter((r) => r.url.startsWith(`${origin}/`))
    .map((r) => `${r.method} ${new URL(r.url).pathname}${r.preflight ? " (preflight)" : ""}`)
    .sort();
const baseUrls = () => mock.baseUrls;

beforeAll(async () => {
  const started = Date.now();
  [mock] = await Promise.all([
    startMock({ port: 0, quiet: true }),
    ...Object.entries(programs).map(async ([name, contents]) => {
      const result = await build(browserBundle(contents, `${name}.mjs`));
      bundles.set(name, result.outputFiles[0]!.contents);
    }),
  ]);
  pageServer = createServer(serve);
  stubServer = createServer(serve);
  [pageOrigin, stubOrigin] = await Promise.all([listen(pageServer), listen(stubServer)]);
  const gone = createServer();
  closedPort = Number(new URL(await listen(gone)).port);
  await close(gone);

  browser = await launchChromium([
    // Nothing resolves but 127.0.0.1. (Not page.route like the docs test: with request
    // interception on, Playwright answers CORS preflights itself, which would hide the mock's.)
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
  ]);
  const context = await browser.newContext({ serviceWorkers: "block" });
  page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      consoleLines.push(message.text());
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("requestfailed", (request) =>
    failedRequests.push(`${request.method()} ${request.url()} ${request.failure()?.errorText}`),
  );
  // Playwright's request events leave CORS preflights out; the DevTools protocol has them.
  const devtools = await context.newCDPSession(page);
  devtools.on("Network.requestWillBeSent", ({ request, initiator }) => {
    const url = new URL(request.url);
    if (url.protocol !== "data:" && url.hostname !== "127.0.0.1") offsite.push(url.href);
    sent.push({
      method: request.method,
      url: request.url,
      preflight: initiator.type === "preflight",
    });
  });
  await devtools.send("Network.enable");
  console.log(`browser test set up in ${Date.now() - started} ms`);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([pageServer, stubServer].filter(Boolean).map(close));
  await mock?.stop();
});

beforeEach(() => {
  mock.clearRequests();
  for (const list of [sent, offsite, pageErrors, consoleLines, failedRequests, stubRequests])
    list.length = 0;
  expectedConsole = [];
});

afterEach(async () => {
  expect(pageErrors).toEqual([]);
  expect(offsite).toEqual([]);
  // (Polled: Chromium's lines may come in after the call settled.)
  await expect
    .poll(() => consoleLines)
    .toEqual(
      expectedConsole.map((line) =>
        typeof line === "string" ? line : expect.stringMatching(line),
      ),
    );
});

describe("the SDK in Chromium, cross-origin against the mock", () => {
  it("getAsset resolves, its u64 supply above 2^53 an exact bigint; the call is preflighted; onResponse sees status and headers", async () => {
    expect(FUNGIBLE_SUPPLY).toBeGreaterThan(2n ** 53n);
    const result = await runInPage("das-get-asset", "", {
      apiKey: API_KEY,
      baseUrls: baseUrls(),
      input: FUNGIBLE_INPUT,
      expectedSupply: String(FUNGIBLE_SUPPLY),
    });
    expect(result).toMatchObject({
      id: FUNGIBLE_INPUT.id,
      supplyType: "bigint",
      supplyIsExact: true,
      supplyDigits: String(FUNGIBLE_SUPPLY),
    });
    // cross-origin for real: the page is on another port, and the browser asked first (the
    // protocol's events come in no set order; the browser sends the POST only after the OPTIONS)
    expect(new URL(pageOrigin).origin).not.toBe(new URL(mockUrl()).origin);
    expect(requestsTo(mockUrl())).toEqual(["OPTIONS / (preflight)", "POST /"]);
    expect(toMock().find((r) => !r.preflight)!.url).toContain(`api-key=${API_KEY}`); // the key was sent
    const [entry, ...more] = mock.requests();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ rpcMethods: ["getAsset"], status: 200, violations: [] });
    // onResponse: once, with the status and the headers (`date` is readable only because the
    // mock exposes every header: it is not CORS-safelisted)
    expect(result.answers).toHaveLength(1);
    expect(result.answers[0].status).toBe(200);
    expect(result.answers[0].headers).toMatchObject({
      "content-type": "application/json",
      date: expect.any(String),
    });
  });

  it("batching: three calls in one tick are one HTTP request; each call gets its own result", async () => {
    const nftInput = example("getAsset");
    const batchInput = example("getAssetBatch");
    const result = await runInPage("das-batch", "", {
      apiKey: API_KEY,
      baseUrls: baseUrls(),
      nftInput,
      fungibleInput: FUNGIBLE_INPUT,
      batchInput,
    });
    expect(toMock().filter((r) => !r.preflight)).toHaveLength(1);
    const log = mock.requests();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      batch: true,
      rpcMethods: ["getAsset", "getAsset", "getAssetBatch"],
      status: 200,
      violations: [],
    });
    const batchExample = operationById.get("getAssetBatch")!.method.examples[0].result
      .value as Array<{ id: string } | null>;
    expect(result).toEqual({
      nft: nftInput.id,
      fungible: FUNGIBLE_INPUT.id,
      fungibleSupplyType: "bigint",
      assets: batchExample.map((asset) => asset?.id ?? null),
    });
  });

  it("REST via openapi-fetch: wallet getBalances, getTransfers.all() and admin getProjectUsage give what they give in Node", async () => {
    const args = {
      apiKey: API_KEY,
      baseUrls: baseUrls(),
      balancesInput: example("getBalances"),
      transfersInput: example("getTransfers"),
      usageInput: example("getProjectUsage"),
    };
    const inBrowser = await runInPage<string>("rest", "", args);
    const log = mock.requests();
    expect(log.map((r) => [r.operationId, r.status, r.violations])).toEqual([
      ["getBalances", 200, []],
      ["getTransfers", 200, []], // the example is a last page: the walk ends after it
      ["getProjectUsage", 200, []],
    ]);
    // A GET with only `accept` is a simple request, sent without a preflight; admin's X-Api-Key
    // header needs one.
    expect(requestsTo(mockUrl())).toEqual([
      `GET /v0/admin/projects/${args.usageInput.id}/usage`,
      `GET /v1/wallet/${args.balancesInput.wallet}/balances`,
      `GET /v1/wallet/${args.transfersInput.wallet}/transfers`,
      `OPTIONS /v0/admin/projects/${args.usageInput.id}/usage (preflight)`,
    ]);

    const options = { apiKey: API_KEY, baseUrls: baseUrls() };
    const wallet = createWalletClient(options);
    const transfers: unknown[] = [];
    for await (const transfer of wallet.getTransfers.all(args.transfersInput))
      transfers.push(transfer);
    const inNode = stringifyJson({
      balances: await wallet.getBalances(args.balancesInput),
      transfers,
      usage: await createAdminClient(options).getProjectUsage(args.usageInput),
    });
    expect(transfers.length).toBeGreaterThan(0);
    expect(inBrowser).toBe(inNode);
  });

  it("sender: ping() answers its text, sendTransaction its signature", async () => {
    const transactionInput = example("sendTransaction");
    const result = await runInPage("sender", "", { baseUrls: baseUrls(), transactionInput });
    expect(result.ping).toBe("ok");
    expect(result.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(mock.requests().map((r) => [r.method, r.path, r.status, r.violations])).toEqual([
      ["GET", "/ping", 200, []],
      ["POST", "/fast", 200, []],
    ]);
  });
});

describe("errors in Chromium", () => {
  const run = (name: string, args: object = {}) =>
    runInPage("errors", name, { apiKey: API_KEY, baseUrls: baseUrls(), ...args });
  /** The API key in no form an error may be printed or logged in. */
  const expectNoKey = (error: { texts: string[]; headers?: object; message: string }) => {
    expect(error.texts.length).toBe(4);
    for (const text of [...error.texts, JSON.stringify(error.headers ?? {})])
      expect(text).not.toContain(API_KEY);
  };

  it("an invalid address: ValidationError naming the field, nothing sent", async () => {
    const error = await run("invalidAddress");
    expect(error.classes).toEqual(["ChainDataError", "ValidationError"]);
    expect(error.issues).toEqual([expect.objectContaining({ path: "params.id", rule: "pattern" })]);
    expect(mock.requests()).toEqual([]);
    expect(toMock()).toEqual([]);
  });

  it.each([
    ["rpc401", "getAsset", { asset: FUNGIBLE_INPUT }],
    ["rest401", "getBalances", { wallet: example("getBalances") }],
  ])(
    "%s: a forced 401 is an AuthenticationError with its status and headers, without the key",
    async (name, operation, args) => {
      const error = await run(name, args);
      expect(error.classes).toEqual(["ChainDataError", "APIError", "AuthenticationError"]);
      expect(error).toMatchObject({ status: 401, operation });
      expect(error.message).toMatch(new RegExp(`^HTTP 401 Unauthorized from ${operation}`));
      // Where the key is set, never the key; not the variable, which a page has none of (as a
      // missing key's message: user trial 72, F3).
      expect(error.message).toMatch(/ \(check the API key: `apiKey`\)$/);
      expect(error.headers["content-type"]).toMatch(/json/);
      expectNoKey(error);
      // …although the key was sent, in the query
      expect(toMock().find((r) => !r.preflight)!.url).toContain(`api-key=${API_KEY}`);
      expect(mock.requests()).toHaveLength(1);
      expectConsole(
        "Failed to load resource: the server responded with a status of 401 (Unauthorized)",
      );
    },
  );

  it("a forced 429 is a RateLimitError whose Retry-After (exposed by the mock) is read", async () => {
    const error = await run("rest429", { wallet: example("getBalances") });
    expect(error.classes).toEqual(["ChainDataError", "APIError", "RateLimitError"]);
    expect(error).toMatchObject({ status: 429, retryAfter: 1, operation: "getBalances" });
    expect(error.headers["retry-after"]).toBe("1");
    expectNoKey(error);
    expect(mock.requests()).toHaveLength(1);
    expectConsole(
      "Failed to load resource: the server responded with a status of 429 (Too Many Requests)",
    );
  });

  it("a server's exposed headers give requestId and retryAfter (the key its message quotes masked); unexposed ones are unreadable (core README)", async () => {
    const exposed = await run("call", { rpc: `${stubOrigin}/exposed`, asset: FUNGIBLE_INPUT });
    expect(exposed.classes).toContain("RateLimitError");
    expect(exposed).toMatchObject({ requestId: "req-browser-1", retryAfter: 1 });
    expect(exposed.message).toBe(
      "HTTP 429 Too Many Requests from getAsset: Slow down, *** (Retry-After 1 s)",
    );
    expectNoKey(exposed);
    const hidden = await run("call", { rpc: `${stubOrigin}/unexposed`, asset: FUNGIBLE_INPUT });
    expect(hidden.classes).toContain("RateLimitError");
    expect(hidden.requestId).toBeUndefined();
    expect(hidden.retryAfter).toBeUndefined();
    expect(Object.keys(hidden.headers).sort()).toEqual(["content-type"]); // CORS-safelisted only
    expectConsole(
      "Failed to load resource: the server responded with a status of 429 (Too Many Requests)",
      "Failed to load resource: the server responded with a status of 429 (Too Many Requests)",
    );
  });

  it("a per-call timeout on a server that never answers: TimeoutError", async () => {
    const started = Date.now();
    const error = await run("timeout", { rpc: `${stubOrigin}/never`, asset: FUNGIBLE_INPUT });
    expect(error.classes).toEqual(["ChainDataError", "TimeoutError"]);
    expect(error).toMatchObject({
      operation: "getAsset",
      message: "getAsset timed out after 1500 ms (raise `timeout`)",
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expectNoKey(error);
    expect(stubRequests).toEqual(["OPTIONS /never/", "POST /never/"]); // sent, never answered
    // the browser cancelled the request (its event may come after the call settled)
    await expect
      .poll(() => failedRequests)
      .toEqual([`POST ${stubOrigin}/never/?api-key=${API_KEY} net::ERR_ABORTED`]);
  });

  it("an AbortController abort: AbortError, its cause the signal's reason with the key masked", async () => {
    const error = await run("abort", { rpc: `${stubOrigin}/never`, asset: FUNGIBLE_INPUT });
    expect(error.classes).toEqual(["ChainDataError", "AbortError"]);
    expect(error).toMatchObject({
      operation: "getAsset",
      message: "getAsset was aborted",
      cause: "Error: the user left the page (key ***)",
    });
    expectNoKey(error);
  });

  it("connection refused: ConnectionError (the browser's 'Failed to fetch'), without the key", async () => {
    const error = await run("call", {
      rpc: `http://127.0.0.1:${closedPort}`,
      asset: FUNGIBLE_INPUT,
    });
    expect(error.classes).toEqual(["ChainDataError", "ConnectionError"]);
    expect(error.message).toBe("Connection error from getAsset: Failed to fetch");
    expectNoKey(error);
    expectConsole("Failed to load resource: net::ERR_CONNECTION_REFUSED");
  });

  it("a server that does not answer CORS: ConnectionError (the browser says only 'Failed to fetch')", async () => {
    const error = await run("call", { rpc: `${stubOrigin}/no-cors`, asset: FUNGIBLE_INPUT });
    expect(error.classes).toEqual(["ChainDataError", "ConnectionError"]);
    expect(error.message).toBe("Connection error from getAsset: Failed to fetch");
    expectNoKey(error);
    expect(stubRequests).toEqual(["OPTIONS /no-cors/"]); // refused at the preflight
    expectConsole(
      /^Access to fetch at '.*\/no-cors\/.*' has been blocked by CORS policy/,
      "Failed to load resource: net::ERR_FAILED",
    );
  });

  it("a redirect is not followed: an APIError reading HTTP 3xx (a browser hides the status: 0)", async () => {
    const error = await run("call", { rpc: `${stubOrigin}/redirect`, asset: FUNGIBLE_INPUT });
    expect(error.classes).toEqual(["ChainDataError", "APIError"]);
    expect(error).toMatchObject({ status: 0, operation: "getAsset", headers: {} });
    expect(error.message).toBe("HTTP 3xx from getAsset");
    expectNoKey(error);
    expect(stubRequests).toEqual(["OPTIONS /redirect/", "POST /redirect/"]); // never /taken
  });
});
