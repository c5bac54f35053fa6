/**
 * `startMock`: one `node:http` server on one port for every host of the spec. It listens,
 * prints where each area is served, keeps the request log, and stops with every connection
 * closed. What happens to each request is handler.ts.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { areaUrls, type AreaUrl } from "./areas.js";
import { CONTROL_PREFIX } from "./control.js";
import { createHandler } from "./handler.js";
import { allowedHostRule } from "./cli-options.mjs";
import { DEFAULT_WALK, walkOf, walkRule } from "./paging.js";
import { problem, sendProblem } from "./http.js";
import {
  createRequestLog,
  formatLogLine,
  selectEntries,
  type RequestFilter,
  type RequestLogEntry,
} from "./request-log.js";
import type { MockScenario, PendingScenario } from "./scenarios.js";
import { loadSpec, type LoadedSpec } from "./spec.js";

/** Where the mock's answers come from: the spec's examples, or data generated from the schemas. */
export type MockMode = "examples" | "dynamic";

/** The options of {@link startMock}. */
export interface MockOptions {
  /**
   * TCP port; `0` picks a free one.
   * @default 4010
   */
  port?: number | undefined;
  /**
   * Interface to listen on.
   * @default "127.0.0.1"
   */
  host?: string | undefined;
  /**
   * `examples`: the spec's examples, deterministic. `dynamic`: data generated from the schemas.
   * @default "examples"
   */
  mode?: MockMode | undefined;
  /**
   * Folder holding `index.json` and the bundles.
   * @default the repository's `spec/dist/`, else the copy in the package
   */
  specDir?: string | undefined;
  /**
   * Do not print the URLs on start.
   * @default false
   */
  quiet?: boolean | undefined;
  /**
   * Print one line per request received (the CLI turns this on).
   * @default false
   */
  logRequests?: boolean | undefined;
  /**
   * Seed of the dynamic generator: the same seed gives the same data (in examples mode, for the
   * requests that ask `Prefer: dynamic=true`).
   * @default none (other data on every request)
   */
  seed?: string | undefined;
  /**
   * Dynamic mode: how many pages with items a walk over a generated list (`.all()`) has, from 1
   * to 3000. The page after the last is empty (DAS) or the last names no next page (`hasMore`,
   * a cursor). A request may ask for another with `Prefer: walk-pages=<n>`.
   * @default 5
   */
  walkPages?: number | undefined;
  /**
   * Dynamic mode: the most entries (items and `errors`) a generated DAS page is filled up to
   * when a `limit` is asked for, from 1 to 1000 (a DAS `limit` is at most 1000). A `limit` above
   * it gets a short page, which ends the walk. A request may ask for another with
   * `Prefer: page-fill=<n>`.
   * @default 50
   */
  pageFill?: number | undefined;
  /**
   * Where lines are printed.
   * @default console.log
   */
  print?: ((line: string) => void) | undefined;
  /**
   * The request log keeps the last this many requests: a whole number >= 1, or `Infinity`. (It
   * also keeps no more than 32 MiB of them as JSON, the oldest dropped first.)
   * @default 10_000
   */
  logLimit?: number | undefined;
  /**
   * Names besides `localhost` and IP addresses that the mock's own endpoints (`/__mock/`: the
   * request log, the scenarios) answer under, such as a docker-compose service's (`"mock"`) or
   * `"host.docker.internal"`; `".example.test"` allows that name and its subdomains. Under any
   * other name they answer 403: a page whose name was re-pointed at the mock (DNS rebinding) would
   * otherwise read the log. The API itself answers under any name.
   * @default none
   */
  allowedHosts?: readonly string[] | undefined;
}

/** The options of {@link startMock}, each with the type it must have. */
const OPTION_TYPES: Record<keyof MockOptions, string> = {
  port: "number",
  host: "string",
  mode: "string",
  specDir: "string",
  quiet: "boolean",
  logRequests: "boolean",
  seed: "string",
  walkPages: "number",
  pageFill: "number",
  print: "function",
  logLimit: "number",
  allowedHosts: "array",
};

/** A running mock: where it listens, what it serves, its request log, and `stop()`. */
export interface MockServer {
  /** `http://127.0.0.1:<port>`: the base URL of every host. */
  readonly url: string;
  /** The port it listens on (the one picked, when `port: 0` was asked for). */
  readonly port: number;
  /** The interface it listens on. */
  readonly host: string;
  /** Where its answers come from. */
  readonly mode: MockMode;
  /** The base URL per host (every host is the same server): pass as the SDK's `baseUrls`. */
  readonly baseUrls: Record<string, string>;
  /** Where each area is served. */
  readonly areas: AreaUrl[];
  /** The folder the bundles were read from. */
  readonly specDir: string;
  /** Areas listed by index.json whose bundle is missing. */
  readonly skipped: Array<{ area: string; reason: string }>;
  /**
   * A copy of the request log, oldest first; `filter`: only the entries after a `seq`, the last
   * `limit`, or those of an operation.
   */
  requests(filter?: RequestFilter): RequestLogEntry[];
  /** Empties the request log and drops the pending scenarios: a reset between tests. */
  clearRequests(): void;
  /**
   * Makes the next `times` requests (1 by default) to `operation` (or to any) answer `status`, the
   * JSON-RPC error `rpcError`, a broken `body` (truncated, reset, HTML, not JSON) or after `delay`
   * ms; then the mock answers normally. A scenario is
   * checked now (a TypeError names the member and the rule) and used in the order they were set up.
   */
  failNext(scenario: MockScenario): PendingScenario;
  /** The scenarios not used up yet, in the order they apply. */
  scenarios(): PendingScenario[];
  /** Drops the pending scenarios (`clearRequests()` does too). */
  clearScenarios(): void;
  /** Closes the server and every open connection. */
  stop(): Promise<void>;
}

/** Starts the mock; resolves once it is listening. */
export async function startMock(options: MockOptions = {}): Promise<MockServer> {
  checkOptions(options);
  const mode: MockMode = options.mode ?? "examples";
  if (mode !== "examples" && mode !== "dynamic")
    throw new Error(`@chaindata/mock: unknown mode ${JSON.stringify(mode)} (examples or dynamic)`);
  const host = options.host ?? "127.0.0.1";
  const print = options.print ?? ((line: string) => console.log(line));
  const spec = loadSpec(options.specDir);
  const log = createRequestLog(options.logLimit ?? 10_000, (entry) => {
    if (options.logRequests) print(formatLogLine(entry));
  });
  const walk = walkOf(options, DEFAULT_WALK);
  const { handle, scenarios } = await createHandler(
    spec,
    {
      dynamic: mode === "dynamic",
      ...(options.seed !== undefined && { seed: options.seed }),
      walk,
      allowedHosts: options.allowedHosts ?? [],
    },
    log,
  );

  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e) => sendMockFailure(res, e));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  // An idle connection stays open longer than a client keeps one (undici closes its own a
  // second or two before the server's advertised timeout), so the client, never the mock, closes
  // it. The mock often runs inside a test's own process: a synchronous stretch of that test longer
  // than Node's default 5 s (fast-check building an arbitrary, a large fixture) let the mock close
  // the connection just as the client wrote its next request on it, a `fetch failed` the client
  // rightly retried, so a test counting requests saw one more than the call made.
  server.keepAliveTimeout = 65_000;

  await listen(server, options.port ?? 4010, host);
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === "IPv6" || address.address.includes(":") ? `[${address.address}]` : address.address}:${address.port}`;
  const areas = areaUrls(spec, url);
  const baseUrls = Object.fromEntries(Object.keys(spec.index.hosts ?? {}).map((h) => [h, url]));
  if (!options.quiet)
    printBanner(print, { label: modeLabel({ ...options, mode }), url, spec, areas });

  let stopping: Promise<void> | undefined;
  return {
    url,
    port: address.port,
    host,
    mode,
    baseUrls,
    areas,
    specDir: spec.dir,
    skipped: spec.skipped.map((s) => ({ area: s.area, reason: s.reason })),
    requests(filter) {
      try {
        return structuredClone(selectEntries(log.entries(), filter as Record<string, unknown>));
      } catch (e) {
        throw new TypeError(`@chaindata/mock: requests: filter.${(e as Error).message}`, {
          cause: e,
        });
      }
    },
    clearRequests() {
      log.clear();
      scenarios.clear();
    },
    failNext(scenario) {
      try {
        return scenarios.add(scenario);
      } catch (e) {
        throw new TypeError(`@chaindata/mock: failNext: ${(e as Error).message}`, { cause: e });
      }
    },
    scenarios: () => scenarios.list(),
    clearScenarios: () => scenarios.clear(),
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections?.();
        for (const s of sockets) s.destroy();
      });
      return stopping;
    },
  };
}

/** Refuses an option that is not one, or a value of another type (port, mode: checked later). */
function checkOptions(options: MockOptions) {
  if (options === null || typeof options !== "object" || Array.isArray(options))
    throw new TypeError(`@chaindata/mock: startMock(options): options must be an object`);
  for (const [name, value] of Object.entries(options)) {
    const type = OPTION_TYPES[name as keyof MockOptions];
    if (!type)
      throw new TypeError(
        `@chaindata/mock: startMock: unknown option "${name}" (the options are ${Object.keys(OPTION_TYPES).join(", ")})`,
      );
    // (An array is checked below, with what its entries must be.)
    if (value !== undefined && type !== "array" && typeof value !== type)
      throw new TypeError(
        `@chaindata/mock: startMock: options.${name} must be a ${type} (got ${value === null ? "null" : typeof value})`,
      );
  }
  const { logLimit } = options;
  if (
    logLimit !== undefined &&
    !(logLimit === Infinity || (Number.isInteger(logLimit) && logLimit >= 1))
  )
    throw new RangeError(
      `@chaindata/mock: startMock: options.logLimit must be a whole number >= 1, or Infinity (got ${logLimit})`,
    );
  const { allowedHosts } = options;
  if (allowedHosts !== undefined) {
    if (!Array.isArray(allowedHosts))
      throw new TypeError(
        `@chaindata/mock: startMock: options.allowedHosts must be an array of host names`,
      );
    allowedHosts.forEach((name: unknown, i) => {
      const rule = allowedHostRule(name);
      if (rule)
        throw new TypeError(
          `@chaindata/mock: startMock: options.allowedHosts[${i}] must be ${rule} (got ${JSON.stringify(name)})`,
        );
    });
  }
  for (const name of ["walkPages", "pageFill"] as const) {
    const rule = options[name] === undefined ? undefined : walkRule(name, options[name]);
    if (rule)
      throw new RangeError(
        `@chaindata/mock: startMock: options.${name} must be ${rule} (got ${options[name]})`,
      );
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      // A server error once listening (accept's EMFILE, out of file descriptors under a load
      // test) had no listener: thrown, it ended the process (the CLI, or the tests the mock
      // runs in). Node keeps accepting after it, so the mock says so and keeps serving.
      server.on("error", (e) =>
        console.error(`@chaindata/mock: ${e.message} (the mock keeps serving)`),
      );
      resolve();
    });
  });
}

/** A request whose handling threw: 500 with the stack, or the end of a response already begun. */
function sendMockFailure(res: ServerResponse, e: any) {
  if (!res.headersSent) sendProblem(res, problem(500, "Mock failure", String(e?.stack ?? e)));
  else res.end();
}

/**
 * `dynamic mode, seed "s", walk-pages 20, page-fill 1000`: the mode and the options given that
 * shape its data (the banner's and the CLI's `--quiet` line).
 */
export function modeLabel(o: Pick<MockOptions, "mode" | "seed" | "walkPages" | "pageFill">) {
  return [
    `${o.mode ?? "examples"} mode`,
    ...(o.seed === undefined ? [] : [`seed ${JSON.stringify(o.seed)}`]),
    ...(o.walkPages === undefined ? [] : [`walk-pages ${o.walkPages}`]),
    ...(o.pageFill === undefined ? [] : [`page-fill ${o.pageFill}`]),
  ].join(", ");
}

/**
 * An area's banner URL as something a reader can try: a REST area's one operation with its method
 * (`POST …/v0/token-metadata`, `GET …/v0/admin/projects/{id}/usage`), its common path when a GET
 * answers there (`…/v0/webhooks`), else that path with `/…` after it (`…/v1/wallet/…`): the bare
 * common path of several operations answers 404, which reads as a broken mock.
 */
function bannerUrl(a: AreaUrl, base: string): string {
  if (a.kind === "openrpc") return a.url;
  const path = a.url.slice(base.length);
  if (a.operations.length === 1) return a.operations[0]!.replace(" ", ` ${base}`);
  return a.operations.includes(`GET ${path}`) ? a.url : `${a.url.replace(/\/$/, "")}/…`;
}

function printBanner(
  print: (line: string) => void,
  { label, url, spec, areas }: { label: string; url: string; spec: LoadedSpec; areas: AreaUrl[] },
) {
  print(`chaindata mock (${label}) listening on ${url}   spec: ${spec.dir}`);
  const w = Math.max(...areas.map((a) => a.area.length));
  const hw = Math.max(...areas.map((a) => a.host.length));
  const lines = areas.map((a) => [a, bannerUrl(a, url)] as const);
  const uw = Math.max(...lines.map(([, shown]) => shown.length));
  for (const [a, shown] of lines)
    print(
      `  ${a.host.padEnd(hw)}  ${a.area.padEnd(w)}  ${shown.padEnd(uw)}  ${a.operations.length} ${a.kind === "openrpc" ? "method" : "operation"}${a.operations.length === 1 ? "" : "s"}`,
    );
  for (const s of spec.skipped) print(`  (skipped ${s.area}: ${s.reason})`);
  print(`  request log: GET/DELETE ${url}${CONTROL_PREFIX}requests`);
  print(`  failure scenarios: GET/POST/DELETE ${url}${CONTROL_PREFIX}scenarios`);
}
