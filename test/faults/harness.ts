/**
 * Fault-injection harness: a loopback HTTP server (node:http, 127.0.0.1, port 0) that
 * misbehaves on command, a driver for fake timers that lets real sockets run, and the checks
 * every fault test shares (no leaked socket or timer, no unhandled rejection, no API key in any
 * error or log line).
 *
 * Not a test file (no `.test.ts`): the suites in this folder import it.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { createDasClient } from "@chaindata/das";
import { createWalletClient } from "@chaindata/wallet";
import { inspect } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from "vitest";

// Captured at import, before any test fakes them: the server's own delays (trickling) and the
// harness's polling must keep running on real time while the client's timers are fake.
export const realSetTimeout = globalThis.setTimeout;
export const realClearTimeout = globalThis.clearTimeout;
export const realSleep = (ms: number) =>
  new Promise<void>((resolve) => realSetTimeout(resolve, ms));

/** Fake only what the retry/timeout code uses; sockets, setImmediate and performance stay real. */
export const FAKE_TIMERS = { toFake: ["setTimeout", "clearTimeout", "Date"] as const };

interface TrackedTimer {
  due: number;
  ms: number;
  /** Set by undici (Node's fetch) itself, e.g. the keep-alive timer of an idle connection. */
  undici: boolean;
}
/** Pending fake timers, by who set them. Filled while the fake clock is on. */
export const timers = new Map<unknown, TrackedTimer>();
let installed: { set: typeof setTimeout; clear: typeof clearTimeout } | undefined;

/**
 * Fake setTimeout/clearTimeout/Date (real sockets keep working) and track each pending timer
 * with who set it: undici sets its own (keep-alive of idle connections), which are not the
 * runtime's to clear.
 */
export function useFakeClock(now = Date.UTC(2030, 0, 1, 0, 0, 0)) {
  vi.useFakeTimers({ toFake: [...FAKE_TIMERS.toFake], now });
  const set = globalThis.setTimeout;
  const clear = globalThis.clearTimeout;
  installed = { set, clear };
  timers.clear();
  const tracked = ((callback: (...args: unknown[]) => void, ms = 0, ...args: unknown[]) => {
    const undici = /node:internal\/deps\/undici/.test(new Error().stack?.split("\n")[2] ?? "");
    const id = set(
      (...a: unknown[]) => {
        timers.delete(id);
        callback(...a);
      },
      ms,
      ...args,
    );
    timers.set(id, { due: Date.now() + Math.max(0, ms), ms, undici });
    return id;
  }) as typeof setTimeout;
  globalThis.setTimeout = tracked;
  globalThis.clearTimeout = (id: unknown) => {
    timers.delete(id);
    return clear(id as any);
  };
}

/** Puts the real timers back (first the fakes, which vitest restores from). */
export function useRealClock() {
  if (installed) {
    globalThis.setTimeout = installed.set;
    globalThis.clearTimeout = installed.clear;
    installed = undefined;
  }
  timers.clear();
  vi.useRealTimers();
}

/** Pending fake timers set by anything but undici (i.e. by the runtime). */
export const runtimeTimers = () => [...timers.values()].filter((t) => !t.undici);

// ---------------------------------------------------------------------------------------------
// Unhandled rejections: recorded for the whole file, asserted empty after every test.
export const unhandled: unknown[] = [];
process.on("unhandledRejection", (reason) => {
  unhandled.push(reason);
});

// ---------------------------------------------------------------------------------------------
// The server

/** One request as the server received it. */
export interface Received {
  n: number;
  method: string;
  /** The raw request target, e.g. `/?api-key=...`. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The parsed body (JSON-RPC request or batch), when it is JSON. */
  json: any;
  /** `Date.now()` at arrival: the fake clock while timers are fake. */
  at: number;
  /** `performance.now()` at arrival (real time). */
  realAt: number;
  /** The credential as it arrived: the `api-key` query value, else the `X-Api-Key` header. */
  key: string | undefined;
}

export interface FaultContext {
  req: IncomingMessage;
  res: ServerResponse;
  received: Received;
  server: FaultServer;
}
/** What the server does with one request. */
export type Behaviour = (ctx: FaultContext) => void;

export class FaultServer {
  readonly requests: Received[] = [];
  readonly sockets = new Set<Socket>();
  /** Sockets that carried at least one request. */
  private readonly used = new WeakSet<Socket>();
  /** Bytes written by trickling behaviours (to show the trickle really ran). */
  trickled = 0;
  private queue: Behaviour[] = [];

  private constructor(
    readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FaultServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const self = new FaultServer(server, `http://127.0.0.1:${port}`);
    server.on("connection", (socket) => {
      self.sockets.add(socket);
      socket.on("close", () => self.sockets.delete(socket));
    });
    server.on("request", (req, res) => self.handle(req, res));
    return self;
  }

  /** The next requests get these behaviours in turn; the last one repeats. */
  serve(...behaviours: Behaviour[]) {
    this.queue = behaviours;
  }

  reset() {
    this.requests.length = 0;
    this.queue = [];
    this.trickled = 0;
  }

  /** Open connections that carried a request: after a call settles, there must be none. */
  get busySockets() {
    return [...this.sockets].filter((socket) => this.used.has(socket)).length;
  }
  /** Open connections that never carried a request (undici opens one after an aborted request: see expectNoLeaks). */
  get idleSockets() {
    return this.sockets.size - this.busySockets;
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    this.used.add(req.socket);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      // Every answer closes its connection, so a socket still open after a call has settled is
      // one the client failed to release (a timed-out or aborted fetch still running).
      res.setHeader("connection", "close");
      const url = new URL(req.url ?? "/", this.url);
      if (url.pathname === "/__warmup") return void res.end("{}");
      const body = Buffer.concat(chunks).toString("utf8");
      let json: any;
      try {
        json = JSON.parse(body);
      } catch {}
      const headerKey = req.headers["x-api-key"];
      const received: Received = {
        n: this.requests.length + 1,
        method: req.method ?? "",
        url: req.url ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        json,
        at: Date.now(),
        realAt: performance.now(),
        key:
          url.searchParams.get("api-key") ?? (Array.isArray(headerKey) ? headerKey[0] : headerKey),
      };
      this.requests.push(received);
      const behaviour = this.queue.length > 1 ? this.queue.shift()! : this.queue[0];
      if (!behaviour) {
        res.writeHead(599, { "content-type": "text/plain" });
        return void res.end("fault server: no behaviour scripted");
      }
      try {
        behaviour({ req, res, received, server: this });
      } catch (error) {
        res.destroy();
        throw error;
      }
    });
  }

  /**
   * One real request through the global fetch while timers are still real: undici creates its
   * internal clock timer on first use, and it must be a real one, or every later fake-timer
   * count would include it.
   */
  async warmUp() {
    await (await fetch(`${this.url}/__warmup`)).text();
    await this.waitForSockets();
  }

  /** Waits (real time) until every connection has closed; returns how many are still open. */
  async waitForSockets(ms = 2_000): Promise<number> {
    const deadline = performance.now() + ms;
    while (this.sockets.size && performance.now() < deadline) await realSleep(5);
    return this.sockets.size;
  }

  /** Waits (real time) until every connection that carried a request has closed; returns how many are still open. */
  async waitForBusySockets(ms = 2_000): Promise<number> {
    const deadline = performance.now() + ms;
    while (this.busySockets && performance.now() < deadline) await realSleep(5);
    return this.busySockets;
  }

  async waitForRequests(n: number, ms = 5_000) {
    const deadline = performance.now() + ms;
    while (this.requests.length < n && performance.now() < deadline) await realSleep(2);
    return this.requests.length;
  }

  /**
   * Forcefully drops every connection and waits until the client side has seen it, so that no
   * test inherits a dead pooled connection from the one before.
   */
  async dropAll() {
    for (const socket of this.sockets) socket.destroy();
    const deadline = performance.now() + 2_000;
    while (tcpSockets() && performance.now() < deadline) await realSleep(5);
  }

  async close() {
    await this.dropAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

// ---------------------------------------------------------------------------------------------
// Behaviours

/** A complete answer. */
export const reply =
  (status: number, body: string | Buffer = "", headers: Record<string, string> = {}): Behaviour =>
  ({ res }) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(body);
  };

/** A JSON-RPC success echoing the request id (a single request); `result` may be a function of the received request. */
export const rpcResult =
  (result: unknown): Behaviour =>
  (ctx) =>
    reply(
      200,
      JSON.stringify({
        jsonrpc: "2.0",
        id: ctx.received.json?.id,
        result: typeof result === "function" ? (result as any)(ctx.received) : result,
      }),
    )(ctx);

/** Headers and a part of the body, then the socket is destroyed (`reset: true`: with an RST). */
export const dropMidBody =
  (
    partial = '{"jsonrpc":"2.0","id":"1","result":{"interface":"V1_NFT","id":"',
    { declared = 4096, reset = false } = {},
  ): Behaviour =>
  ({ res }) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": String(declared) });
    res.write(partial, () => {
      const socket = res.socket;
      if (reset) socket?.resetAndDestroy();
      else socket?.destroy();
    });
  };

/** Never answers (the connection stays open until the client gives up). */
export const hang: Behaviour = () => {};

/** Sends the headers and the start of a body, then one more byte every `everyMs` (real time) until the client disconnects. */
export const trickle =
  (everyMs = 20, head = '{"jsonrpc":"2.0","id":"1","result":['): Behaviour =>
  ({ res, server }) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write(head);
    let timer: ReturnType<typeof setTimeout>;
    const drip = () => {
      if (res.destroyed || res.writableEnded) return;
      res.write("1,");
      server.trickled += 2;
      timer = realSetTimeout(drip, everyMs);
    };
    timer = realSetTimeout(drip, everyMs);
    res.on("close", () => realClearTimeout(timer));
  };

// ---------------------------------------------------------------------------------------------
// Fake-timer driver

export interface Driven<T> {
  value?: T;
  error?: any;
  /** How far the fake clock moved at each step (one step = the next pending timer fired). */
  steps: number[];
}

/**
 * Settles `promise` while timers are fake: polls in real time (so sockets run), and whenever a
 * timer set by the runtime is pending and `canAdvance(step)` allows it, moves the clock to the
 * earliest one (firing it, and any undici timer due before it). With the default `canAdvance`,
 * every pending timer may fire at once: use it only when no attempt timer is running
 * (`timeout: Infinity`), i.e. the only timers are retry waits.
 */
export async function drive<T>(
  promise: Promise<T>,
  {
    canAdvance = () => true,
    budgetMs = 10_000,
  }: { canAdvance?: (step: number) => boolean; budgetMs?: number } = {},
): Promise<Driven<T>> {
  let outcome: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => (outcome = { settled: true, value }),
    (error) => (outcome = { settled: true, error }),
  );
  const steps: number[] = [];
  const deadline = performance.now() + budgetMs;
  while (!outcome.settled) {
    if (performance.now() > deadline) {
      throw new Error(
        `drive: the call is still pending after ${budgetMs} ms of real time (runtime timers pending: ${JSON.stringify(runtimeTimers())}, steps: ${steps})`,
      );
    }
    await realSleep(1);
    if (outcome.settled) break;
    const pending = runtimeTimers();
    if (pending.length && canAdvance(steps.length)) {
      const before = Date.now();
      await vi.advanceTimersByTimeAsync(Math.min(...pending.map((t) => t.due)) - before);
      steps.push(Date.now() - before);
    }
  }
  return { value: outcome.value, error: outcome.error, steps };
}

/** Settles a promise into `{ value }` or `{ error }` (real timers). */
export const settle = <T>(promise: Promise<T>): Promise<{ value?: T; error?: any }> =>
  promise.then(
    (value) => ({ value }),
    (error) => ({ error }),
  );

// ---------------------------------------------------------------------------------------------
// Leak checks

/** Open TCP sockets in this process (both ends of every loopback connection). */
export const tcpSockets = () =>
  process.getActiveResourcesInfo().filter((name) => name === "TCPSocketWrap").length;

/**
 * After a call has settled: every connection has closed (server side and client side), no fake
 * timer is pending, nothing was rejected unhandled.
 *
 * `abortedFetch: true` is for calls where the client aborted a request in flight (timeout, abort
 * while waiting for the answer). Node's fetch (undici) then closes that request's socket at once
 * but opens a fresh idle connection to the origin, which no request rides on and which its
 * keep-alive timer (a 4 s native setTimeout inside undici) closes later: reproducible with a bare
 * `fetch` + `AbortController`, so not the runtime's doing. Only for such calls, connections that
 * never carried a request, and undici's own timers, are tolerated; sockets that carried a request
 * must still be closed, and timers set by the runtime must still be cleared.
 */
export async function expectNoLeaks(server: FaultServer, { abortedFetch = false } = {}) {
  if (abortedFetch) {
    expect(
      await server.waitForBusySockets(),
      "server-side sockets that carried a request still open after the call settled",
    ).toBe(0);
    const deadline = performance.now() + 2_000;
    while (tcpSockets() > 2 * server.idleSockets && performance.now() < deadline)
      await realSleep(5);
    expect(
      tcpSockets(),
      "TCP socket handles in the process beyond both ends of undici's idle connections",
    ).toBeLessThanOrEqual(2 * server.idleSockets);
  } else {
    expect(
      await server.waitForSockets(),
      "server-side sockets still open after the call settled",
    ).toBe(0);
    const deadline = performance.now() + 2_000;
    while (tcpSockets() && performance.now() < deadline) await realSleep(5);
    expect(
      tcpSockets(),
      "TCP socket handles still active in the process after the call settled",
    ).toBe(0);
  }
  if (vi.isFakeTimers()) {
    expect(
      runtimeTimers(),
      "timers set by the runtime still pending after the call settled",
    ).toEqual([]);
    if (!abortedFetch)
      expect(vi.getTimerCount(), "fake timers still pending after the call settled").toBe(0);
  }
  await realSleep(2);
  expect(unhandled, "unhandled rejections").toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// Logging and redaction checks

export function recordingLogger() {
  const lines: string[] = [];
  const line = (level: string) => (message: string, meta?: Record<string, unknown>) =>
    lines.push(`${level} ${message} ${safeJson(meta)}`);
  return {
    lines,
    logger: { debug: line("debug"), info: line("info"), warn: line("warn"), error: line("error") },
  };
}

/**
 * A DAS client of `server` with the test key and a recording logger: `{ client, lines }`. Each
 * suite gives its own `maxRetries` and `timeout` in `options`.
 */
export function dasOf(server: FaultServer, options: Record<string, unknown>) {
  const { lines, logger } = recordingLogger();
  const client = createDasClient({
    apiKey: API_KEY,
    baseUrls: { rpc: server.url },
    logger,
    ...options,
  });
  return { client, lines };
}

/** A wallet client of `server`, as {@link dasOf}. */
export function walletOf(server: FaultServer, options: Record<string, unknown>) {
  const { lines, logger } = recordingLogger();
  const client = createWalletClient({
    apiKey: API_KEY,
    baseUrls: { wallet: server.url },
    logger,
    ...options,
  });
  return { client, lines };
}

/** The retry delays announced at `info` ("Retrying X in N ms"). */
export const loggedDelays = (lines: string[]) =>
  lines.flatMap((l) => {
    const m = /^info Retrying \S+ in (\d+) ms/.exec(l);
    return m ? [Number(m[1])] : [];
  });

export function safeJson(value: unknown): string {
  try {
    return String(JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? String(v) : v)));
  } catch (error) {
    return `<JSON.stringify threw: ${String((error as Error)?.message)}>`;
  }
}

/** Every text a caller could see of an error: message, stack, String, JSON, inspect, down the cause chain. */
export function errorTexts(error: unknown): Record<string, string> {
  const texts: Record<string, string> = {};
  let e: any = error;
  for (let depth = 0; e != null && depth < 10; depth++, e = e.cause) {
    const at = depth ? `cause^${depth}.` : "";
    texts[`${at}message`] = String(e?.message);
    texts[`${at}stack`] = String(e?.stack);
    texts[`${at}String()`] = String(e);
    texts[`${at}JSON.stringify`] = safeJson(e);
    if (depth === 0) texts["util.inspect"] = inspect(e, { depth: 10 });
  }
  return texts;
}

/** The forms in which a key could be read: raw, URL-encoded (both encoders), JSON-escaped. */
export function keyForms(key: string): string[] {
  return [
    ...new Set([
      key,
      encodeURIComponent(key),
      new URLSearchParams({ k: key }).toString().slice(2),
      JSON.stringify(key).slice(1, -1),
    ]),
  ].filter((form) => form.length > 0);
}

/**
 * Asserts that no form of any of `keys` occurs in the error's texts or in the log lines. Pass the
 * configured key and, where it differs, the key as it went over the wire.
 */
export function expectRedacted(keys: string[], error: unknown, lines: string[]) {
  const forms = [...new Set(keys.flatMap(keyForms))];
  const texts = {
    ...errorTexts(error),
    ...Object.fromEntries(lines.map((l, i) => [`log line ${i}`, l])),
  };
  const leaks: string[] = [];
  for (const [where, text] of Object.entries(texts)) {
    for (const form of forms) {
      const at = text.indexOf(form);
      if (at !== -1)
        leaks.push(
          `${where} contains ${JSON.stringify(form)}: …${JSON.stringify(text.slice(Math.max(0, at - 60), at + form.length + 20))}…`,
        );
    }
  }
  expect(leaks, "API key found").toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// Fixtures

export const ASSET_ID = "DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5";
export const WALLET = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
/** A distinctive key: URL-encoding and regex metacharacters, none of which occur in normal output. */
export const API_KEY = "sk_live+F4u/lt=Key&x?(.*)$[q]";

/**
 * Registers the hooks every fault suite shares: one server per file (started and warmed up
 * once), reset before each test with the unhandled-rejection log cleared and no API key in
 * the environment. `assign` receives the server.
 */
/**
 * After each test of the file: nothing left behind (`expectNoLeaks`), then the clock, the
 * environment and the server's connections restored, whatever the check found.
 */
export function checkLeaksAfterEach(
  server: () => FaultServer,
  options: { abortedFetch?: boolean } = {},
): void {
  afterEach(async () => {
    try {
      await expectNoLeaks(server(), options);
    } finally {
      useRealClock();
      vi.unstubAllEnvs();
      await server().dropAll();
    }
  });
}

export function useFaultServer(assign: (server: FaultServer) => void): void {
  let server: FaultServer;
  beforeAll(async () => {
    server = await FaultServer.start();
    await server.warmUp();
    assign(server);
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.reset();
    unhandled.length = 0;
    vi.stubEnv("CHAINDATA_API_KEY", "");
  });
}
