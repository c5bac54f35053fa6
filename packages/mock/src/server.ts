/**
 * The mock server: one `node:http` server on one port for every host of the spec.
 *
 * - `POST <x-path>` (`/` for rpc, `/fast` for sender) with a JSON-RPC body (or a batch): each
 *   request is routed by its `method` to the synthetic operation `POST /__rpc/<area>/<method>`
 *   (see convert.ts) and answered by Prism, then the id is put back.
 * - `/__mock/requests`: the request log (GET) and clearing it (DELETE).
 * - Anything else goes to Prism unchanged (the REST operations of the OpenAPI bundles).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { convertOpenApi, convertOpenRpc, type RpcError, type RpcMethod } from "./convert.js";
import { mapBigints, parseJson, stringifyJson } from "./json.js";
import {
  createPrismEngine,
  type PrismPreferences,
  type PrismResult,
  type Violation,
} from "./prism.js";
import { loadSpec, type LoadedSpec } from "./spec.js";

export type { Violation } from "./prism.js";

export type MockMode = "examples" | "dynamic";

export interface MockOptions {
  /** TCP port; `0` picks a free one. Default 4010. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /** `examples` (default): the spec's examples, deterministic. `dynamic`: data generated from the schemas. */
  mode?: MockMode;
  /** Folder holding `index.json` and the bundles. Default: the repository's `spec/dist/`, else the copy in the package. */
  specDir?: string;
  /** Do not print the URLs on start. */
  quiet?: boolean;
  /** Print one line per request received (the CLI turns this on). */
  logRequests?: boolean;
  /** Seed of the dynamic generator: the same seed gives the same data. */
  seed?: string;
  /** Where lines are printed. Default `console.log`. */
  print?: (line: string) => void;
  /** The request log keeps the last this many requests. Default 10000. */
  logLimit?: number;
}

/** One HTTP request the mock received. */
export interface RequestLogEntry {
  /** 1, 2, 3, … in arrival order. */
  seq: number;
  /** ISO 8601 time the request arrived. */
  time: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (exact big integers as `bigint`), the text if not JSON, or `undefined`. */
  body: unknown;
  kind: "json-rpc" | "rest" | "other";
  /** The area(s) that answered: `das`, `wallet`, … */
  areas: string[];
  /** JSON-RPC: the method of each request in body order (a batch has several). */
  rpcMethods?: string[];
  /** JSON-RPC: whether the body was a batch array. */
  batch?: boolean;
  /** REST: the operationId Prism routed to. */
  operationId?: string;
  /** The HTTP status answered. */
  status: number;
  /** What Prism (or the dispatcher) found wrong with the request, or with the mocked response. Empty when all is well. */
  violations: Array<Violation & { rpcMethod?: string; entry?: number }>;
  durationMs: number;
}

/** One line of the start-up banner: where an area is served. */
export interface AreaUrl {
  area: string;
  host: string;
  kind: "openrpc" | "openapi";
  /** `POST http://127.0.0.1:4010/` or `http://127.0.0.1:4010/v1/wallet`. */
  url: string;
  /** Method names (JSON-RPC) or `GET /path` (REST). */
  operations: string[];
}

export interface MockServer {
  /** `http://127.0.0.1:<port>`: the base URL of every host. */
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly mode: MockMode;
  /** The base URL per host (every host is the same server): pass as the SDK's `baseUrls`. */
  readonly baseUrls: Record<string, string>;
  /** Where each area is served. */
  readonly areas: AreaUrl[];
  /** The folder the bundles were read from. */
  readonly specDir: string;
  /** Areas listed by index.json whose bundle is missing. */
  readonly skipped: Array<{ area: string; reason: string }>;
  /** A copy of the request log, oldest first. */
  requests(): RequestLogEntry[];
  /** Empties the request log. */
  clearRequests(): void;
  /** Closes the server and every open connection. */
  stop(): Promise<void>;
}

const MAX_BODY = 10 * 1024 * 1024;
/** Bodies longer than this are logged as their length only, so the log stays small. */
const LOG_BODY_MAX = 64 * 1024;

// Query and header names whose values are credentials.
const KEY_NAME = /^(?:api[-_]?key|x-api-key|authorization)$/i;

/** A copy of `values` with every credential value replaced by `***`. */
function maskKeys<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      KEY_NAME.test(name) && value !== undefined ? "***" : value,
    ]),
  ) as T;
}
const CONTROL_PREFIX = "/__mock/";
/** A request header that turns a 200 JSON-RPC answer into an error object; see README. */
export const RPC_ERROR_HEADER = "x-mock-jsonrpc-error";

/** Starts the mock; resolves once it is listening. */
export async function startMock(options: MockOptions = {}): Promise<MockServer> {
  const mode: MockMode = options.mode ?? "examples";
  if (mode !== "examples" && mode !== "dynamic")
    throw new Error(`@chaindata/mock: unknown mode ${JSON.stringify(mode)} (examples or dynamic)`);
  const host = options.host ?? "127.0.0.1";
  const print = options.print ?? ((line: string) => console.log(line));
  const spec = loadSpec(options.specDir);
  const app = await createApp(spec, mode, options.seed);

  const log: RequestLogEntry[] = [];
  const logLimit = Math.max(1, options.logLimit ?? 10_000);
  let seq = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    app
      .handle(
        req,
        res,
        (entry) => {
          const full = { seq: ++seq, ...entry };
          log.push(full);
          if (log.length > logLimit) log.splice(0, log.length - logLimit);
          if (options.logRequests) print(formatLogLine(full));
        },
        () => log,
        () => void (log.length = 0),
      )
      .catch((e) => {
        if (!res.headersSent)
          send(
            res,
            500,
            { "content-type": "application/problem+json" },
            JSON.stringify({
              type: "about:blank",
              title: "Mock failure",
              status: 500,
              detail: String(e?.stack ?? e),
            }),
          );
        else res.end();
      });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === "IPv6" || address.address.includes(":") ? `[${address.address}]` : address.address}:${address.port}`;
  const areas = app.areaUrls(url);
  const baseUrls = Object.fromEntries(Object.keys(spec.index.hosts ?? {}).map((h) => [h, url]));

  if (!options.quiet) {
    print(`chaindata mock (${mode} mode) listening on ${url}   spec: ${spec.dir}`);
    const w = Math.max(...areas.map((a) => a.area.length));
    const hw = Math.max(...areas.map((a) => a.host.length));
    for (const a of areas)
      print(
        `  ${a.host.padEnd(hw)}  ${a.area.padEnd(w)}  ${a.url.padEnd(url.length + 18)}  ${a.operations.length} ${a.kind === "openrpc" ? "method" : "operation"}${a.operations.length === 1 ? "" : "s"}`,
      );
    for (const s of spec.skipped) print(`  (skipped ${s.area}: ${s.reason})`);
    print(`  request log: GET/DELETE ${url}${CONTROL_PREFIX}requests`);
  }

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
    requests: () => structuredClone(log),
    clearRequests: () => void (log.length = 0),
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

function formatLogLine(e: RequestLogEntry): string {
  const what = e.rpcMethods
    ? e.batch
      ? `[${e.rpcMethods.join(", ")}]`
      : e.rpcMethods.join(", ")
    : (e.operationId ?? "");
  const v = e.violations.length
    ? `  ${e.violations.length} violation(s): ${e.violations.map((x) => `${x.location.join(".")}: ${x.message}`).join("; ")}`
    : "";
  return `${e.time.slice(11, 23)} ${e.method} ${e.path} ${what} → ${e.status}${v}`;
}

// ---------------------------------------------------------------------------------------------

interface App {
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    record: (e: Omit<RequestLogEntry, "seq">) => void,
    read: () => RequestLogEntry[],
    clear: () => void,
  ): Promise<void>;
  areaUrls(base: string): AreaUrl[];
}

async function createApp(spec: LoadedSpec, mode: MockMode, seed?: string): Promise<App> {
  const documents: any[] = [];
  /** endpoint path (`/`, `/fast`) → method name → method. */
  const endpoints = new Map<string, Map<string, RpcMethod>>();
  for (const area of spec.areas) {
    if (area.kind === "openrpc") {
      const { openapi, methods } = convertOpenRpc(area);
      documents.push(openapi);
      for (const m of methods) {
        const byName = endpoints.get(m.endpoint) ?? new Map<string, RpcMethod>();
        if (!byName.has(m.name)) byName.set(m.name, m);
        endpoints.set(m.endpoint, byName);
      }
    } else {
      documents.push(convertOpenApi(area));
    }
  }
  const engine = await createPrismEngine(documents, {
    dynamic: mode === "dynamic",
    ...(seed !== undefined && { seed }),
  });
  // Which area each REST operation belongs to, by "VERB /path".
  const restArea = new Map<string, string>();
  for (const area of spec.areas) {
    if (area.kind !== "openapi") continue;
    for (const [p, item] of Object.entries<any>(area.doc.paths ?? {})) {
      for (const verb of Object.keys(item)) restArea.set(`${verb.toUpperCase()} ${p}`, area.area);
    }
  }

  return {
    areaUrls(base) {
      return spec.areas.map((area) => {
        if (area.kind === "openrpc") {
          const endpoint = area.doc.info?.["x-path"] ?? "/";
          return {
            area: area.area,
            host: area.host,
            kind: area.kind,
            url: `POST ${base}${endpoint}`,
            operations: (area.doc.methods ?? []).map((m: any) => m.name),
          };
        }
        const paths = Object.keys(area.doc.paths ?? {});
        const ops = paths.flatMap((p) =>
          Object.keys(area.doc.paths[p])
            .filter((v) => HTTP_METHODS.has(v))
            .map((v) => `${v.toUpperCase()} ${p}`),
        );
        return {
          area: area.area,
          host: area.host,
          kind: area.kind,
          url: `${base}${commonPrefix(paths)}`,
          operations: ops,
        };
      });
    },

    async handle(req, res, record, read, clear) {
      const started = Date.now();
      const time = new Date(started).toISOString();
      const { pathname, searchParams } = new URL(req.url ?? "/", "http://mock");
      const query = searchParamsToObject(searchParams);
      const method = (req.method ?? "GET").toUpperCase();
      cors(req, res);

      if (method === "OPTIONS" && req.headers["access-control-request-method"]) {
        res.setHeader("Access-Control-Allow-Methods", "GET,POST,PUT,PATCH,DELETE,OPTIONS");
        res.setHeader("Access-Control-Max-Age", "600");
        return send(res, 204, {}, "");
      }
      if (pathname.startsWith(CONTROL_PREFIX)) return control(method, pathname, res, read, clear);

      let raw: Buffer;
      try {
        raw = await readBody(req);
      } catch (e) {
        return send(
          res,
          413,
          { "content-type": "application/problem+json" },
          JSON.stringify({
            type: "about:blank",
            title: "Payload too large",
            status: 413,
            detail: String((e as Error).message),
          }),
        );
      }
      const text = raw.length ? raw.toString("utf8") : undefined;
      const headers = { ...req.headers };
      // The log (and GET /__mock/requests) never holds a key, and never a huge body.
      const base = {
        time,
        method,
        path: pathname,
        query: maskKeys(query),
        headers: maskKeys(headers),
      };
      const finish = (
        entry: Pick<RequestLogEntry, "kind" | "areas" | "status" | "violations" | "body"> &
          Partial<RequestLogEntry>,
      ) =>
        record({
          ...base,
          ...entry,
          ...(text &&
            text.length > LOG_BODY_MAX && {
              body: `[${text.length} characters, not kept in the log]`,
            }),
          durationMs: Date.now() - started,
        });

      const prefs = preferences(req, query);
      const rpcMethods = method === "POST" ? endpoints.get(pathname) : undefined;
      if (rpcMethods)
        return handleJsonRpc({
          res,
          text,
          query,
          headers,
          prefs,
          pathname,
          methods: rpcMethods,
          finish,
        });

      if (pathname.startsWith("/__rpc/")) {
        // The synthetic operations are internal: clients use the real JSON-RPC wire format.
        const body = problem(
          404,
          "Not found",
          `${pathname} is internal to the mock; POST JSON-RPC to ${[...endpoints.keys()].join(" or ")}`,
        );
        send(res, 404, { "content-type": "application/problem+json" }, JSON.stringify(body));
        return finish({
          kind: "other",
          areas: [],
          status: 404,
          violations: [
            {
              location: ["request", "path"],
              message: body.detail,
              code: "no-route",
              severity: "error",
            },
          ],
          body: text,
        });
      }
      if (method === "GET" && pathname === "/ping") {
        // Every sender host answers GET /ping with `ok` (keep-alive); harmless elsewhere.
        send(res, 200, { "content-type": "text/plain" }, "ok");
        return finish({ kind: "other", areas: [], status: 200, violations: [], body: undefined });
      }
      return handleRest({ res, method, pathname, text, query, headers, prefs, finish });
    },
  };

  // -- REST --------------------------------------------------------------------------------------
  async function handleRest(c: {
    res: ServerResponse;
    method: string;
    pathname: string;
    text: string | undefined;
    query: Record<string, string | string[]>;
    headers: Record<string, string | string[] | undefined>;
    prefs: PrismPreferences;
    finish: (e: any) => void;
  }) {
    const contentType = String(c.headers["content-type"] ?? "");
    let body: unknown = c.text;
    let logged: unknown = c.text;
    if (c.text !== undefined && /json/i.test(contentType)) {
      try {
        logged = parseJson(c.text);
        body = toPrismValue(logged);
      } catch {
        // Prism reports the body as not matching the schema.
      }
    }
    const result = await engine.request(
      { method: c.method, path: c.pathname, query: c.query, headers: c.headers, body },
      c.prefs,
    );
    const operationKey = result.operation
      ? `${String(result.operation.method).toUpperCase()} ${result.operation.path}`
      : undefined;
    const area = operationKey ? restArea.get(operationKey) : undefined;
    const common = {
      kind: "rest" as const,
      areas: area ? [area] : [],
      body: logged,
      ...(result.operation?.iid && { operationId: result.operation.iid }),
    };
    if (!result.ok) {
      const violations: Violation[] = [
        {
          location: ["request"],
          message: `${result.problem.title}: ${result.problem.detail}`.trim(),
          code: problemCode(result.problem.type),
          severity: "error",
        },
      ];
      const headers = { "content-type": "application/problem+json", ...result.headers };
      send(c.res, result.problem.status, headers, JSON.stringify(result.problem));
      return c.finish({ ...common, status: result.problem.status, violations });
    }
    const inputErrors = result.violations.filter(
      (v) => v.location[0] === "request" && v.severity === "error",
    );
    let out = result.body;
    if (
      inputErrors.length &&
      (result.status === 400 || result.status === 422) &&
      out &&
      typeof out === "object" &&
      !Array.isArray(out)
    ) {
      // The spec's 400 body is open (`additionalProperties: true`): list what was wrong.
      out = { ...out, violations: inputErrors };
    }
    const headers = normalizeHeaders(result.headers);
    addViolationHeader(headers, result.violations);
    sendBody(c.res, result.status, headers, out);
    return c.finish({ ...common, status: result.status, violations: result.violations });
  }

  // -- JSON-RPC ----------------------------------------------------------------------------------
  async function handleJsonRpc(c: {
    res: ServerResponse;
    text: string | undefined;
    query: Record<string, string | string[]>;
    headers: Record<string, string | string[] | undefined>;
    prefs: PrismPreferences;
    pathname: string;
    methods: Map<string, RpcMethod>;
    finish: (e: any) => void;
  }) {
    const anyMethod = c.methods.values().next().value as RpcMethod;
    const statusFor = (code: number, m?: RpcMethod) =>
      (m ?? anyMethod).errorStatus.get(code) ?? 200;
    const areasOf = (ms: Array<RpcMethod | undefined>) => [
      ...new Set(ms.filter((m): m is RpcMethod => !!m).map((m) => m.area)),
    ];

    let parsed: unknown;
    try {
      if (c.text === undefined) throw new Error("empty body");
      parsed = parseJson(c.text);
    } catch (e) {
      const violation: Violation = {
        location: ["request", "body"],
        message: `The body is not JSON: ${(e as Error).message}`,
        code: "parse-error",
        severity: "error",
      };
      sendBody(
        c.res,
        statusFor(-32700),
        jsonHeaders(),
        rpcErrorBody(null, { code: -32700, message: "Parse error", data: [violation] }),
      );
      return c.finish({
        kind: "json-rpc",
        areas: [],
        status: statusFor(-32700),
        violations: [violation],
        body: c.text,
        rpcMethods: [],
      });
    }

    const batch = Array.isArray(parsed);
    const entries: unknown[] = batch ? (parsed as unknown[]) : [parsed];
    if (batch && entries.length === 0) {
      const violation: Violation = {
        location: ["request", "body"],
        message: "An empty batch is not a valid JSON-RPC request",
        code: "invalid-request",
        severity: "error",
      };
      sendBody(
        c.res,
        statusFor(-32600),
        jsonHeaders(),
        rpcErrorBody(null, { code: -32600, message: "Invalid Request", data: [violation] }),
      );
      return c.finish({
        kind: "json-rpc",
        areas: [],
        status: statusFor(-32600),
        violations: [violation],
        body: parsed,
        rpcMethods: [],
        batch,
      });
    }

    const forced = parseRpcErrorHeader(c.headers[RPC_ERROR_HEADER]);
    const results = await Promise.all(
      entries.map((entry) => answerEntry(entry, { ...c, batch }, forced)),
    );

    const violations = results.flatMap((r, i) =>
      r.violations.map((v) => ({
        ...v,
        ...(r.method && { rpcMethod: r.method.name }),
        ...(batch && { entry: i }),
      })),
    );
    const rpcMethods = entries.map((e) =>
      isObject(e) && typeof e.method === "string" ? e.method : "(invalid)",
    );
    const common = {
      kind: "json-rpc" as const,
      areas: areasOf(results.map((r) => r.method)),
      body: parsed,
      rpcMethods,
      batch,
    };

    if (!batch) {
      const r = results[0]!;
      const status = r.status ?? statusFor(r.code ?? 0, r.method);
      const headers = { ...jsonHeaders(), ...r.headers };
      addViolationHeader(headers, violations);
      sendBody(c.res, status, headers, r.body);
      return c.finish({ ...common, status, violations });
    }
    // A batch: per-request errors (invalid params, unknown method, forced error objects) stay
    // in their entries and the HTTP status is 200; a request-level failure (missing key,
    // Prefer code=401/403/429/5xx, …) fails the whole HTTP request with one error object.
    const failed = results.find(
      (r) => r.status !== undefined && r.status !== 200 && r.status !== 400,
    );
    if (failed) {
      const body =
        isObject(failed.body) && isObject(failed.body.error)
          ? rpcErrorBody(null, failed.body.error as unknown as RpcError)
          : failed.body;
      const headers = { ...jsonHeaders(), ...failed.headers };
      addViolationHeader(headers, violations);
      sendBody(c.res, failed.status!, headers, body);
      return c.finish({ ...common, status: failed.status, violations });
    }
    const headers = jsonHeaders();
    for (const r of results)
      for (const [k, v] of Object.entries(r.headers))
        if (k.toLowerCase() !== "content-type") headers[k] = v;
    addViolationHeader(headers, violations);
    sendBody(
      c.res,
      200,
      headers,
      results.map((r) => r.body),
    );
    return c.finish({ ...common, status: 200, violations });
  }

  interface EntryAnswer {
    method?: RpcMethod;
    /** The HTTP status Prism chose (for invalid params, the one x-error-info gives -32602); undefined for errors the dispatcher made (see `code`). */
    status?: number;
    code?: number;
    headers: Record<string, string>;
    body: unknown;
    violations: Violation[];
  }

  async function answerEntry(
    entry: unknown,
    c: {
      query: Record<string, string | string[]>;
      headers: Record<string, string | string[] | undefined>;
      prefs: PrismPreferences;
      pathname: string;
      methods: Map<string, RpcMethod>;
      batch: boolean;
    },
    forced: (name: string) => number | undefined,
  ): Promise<EntryAnswer> {
    const id = isObject(entry) && "id" in entry ? entry.id : null;
    if (!isObject(entry) || typeof entry.method !== "string" || entry.jsonrpc !== "2.0") {
      const message =
        isObject(entry) && typeof entry.method === "string"
          ? 'Not a JSON-RPC 2.0 request: `jsonrpc` must be "2.0"'
          : 'Not a JSON-RPC request object (an object with `jsonrpc: "2.0"` and a string `method`)';
      const violation: Violation = {
        location: ["request", "body"],
        message,
        code: "invalid-request",
        severity: "error",
      };
      return {
        code: -32600,
        headers: {},
        body: rpcErrorBody(isValidId(id) ? id : null, {
          code: -32600,
          message: "Invalid Request",
          data: [violation],
        }),
        violations: [violation],
      };
    }
    const method = c.methods.get(entry.method);
    if (!method) {
      const others = [...endpoints]
        .filter(([p, ms]) => p !== c.pathname && ms.has(entry.method as string))
        .map(([p]) => p);
      const hint = others.length ? ` (it is served at POST ${others.join(", ")})` : "";
      const violation: Violation = {
        location: ["request", "body", "method"],
        message: `Method ${JSON.stringify(entry.method)} is not in the spec of POST ${c.pathname}${hint}`,
        code: "method-not-found",
        severity: "error",
      };
      return {
        code: -32601,
        headers: {},
        body: rpcErrorBody(id, { code: -32601, message: "Method not found", data: [violation] }),
        violations: [violation],
      };
    }

    const prefs: PrismPreferences = { ...c.prefs };
    if (
      c.batch &&
      prefs.exampleKey !== undefined &&
      !method.examples.some((e) => e.name === prefs.exampleKey) &&
      !/^error-\d+$/.test(prefs.exampleKey)
    ) {
      // In a batch, `Prefer: example=<name>` applies to the methods that have that example.
      delete prefs.exampleKey;
    }
    if (
      prefs.exampleKey === undefined &&
      prefs.code === undefined &&
      !(prefs.dynamic ?? mode === "dynamic")
    ) {
      const best = bestExample(method, entry.params);
      if (best) prefs.exampleKey = best;
    }
    if (prefs.code !== undefined && prefs.code !== 200) prefs.dynamic = false; // documented error objects, always

    const result: PrismResult = await engine.request(
      {
        method: "post",
        path: method.operationPath,
        query: c.query,
        headers: c.headers,
        body: toPrismValue(entry),
      },
      prefs,
    );
    if (!result.ok) {
      const violation: Violation = {
        location: ["mock"],
        message: `${result.problem.title}: ${result.problem.detail}`.trim(),
        code: problemCode(result.problem.type),
        severity: "error",
      };
      return {
        method,
        status: result.problem.status,
        headers: result.headers,
        body: rpcErrorBody(id, {
          code: -32603,
          message: `Mock: ${result.problem.title}`,
          data: [violation],
        }),
        violations: [violation],
      };
    }
    let body = result.body;
    let status = result.status;
    if (isObject(body)) body = { ...body, id: isValidId(id) ? id : null };
    const inputErrors = result.violations.filter(
      (v) => v.location[0] === "request" && v.severity === "error",
    );
    if (result.status === 400 && inputErrors.length && isObject(body) && isObject(body.error)) {
      // Invalid params: -32602 with the violations, at the HTTP status the area documents for
      // that code (x-error-info: 400, or 200 where the service answers method errors inside a
      // 200 body, as the compression service does).
      const error =
        body.error.code === -32602 ? body.error : (method.errors.get(-32602) ?? STANDARD[-32602]);
      body = { ...body, error: { ...error, data: inputErrors } };
      status = method.errorStatus.get(-32602) ?? 400;
    }
    const forcedCode = result.status === 200 ? forced(method.name) : undefined;
    if (forcedCode !== undefined) {
      const err = method.errors.get(forcedCode) ??
        knownError(forcedCode) ?? { code: forcedCode, message: `Mock error ${forcedCode}` };
      body = rpcErrorBody(isValidId(id) ? id : null, err);
    }
    return {
      method,
      status,
      headers: stringHeaders(result.headers),
      body,
      violations: result.violations,
    };
  }

  function knownError(code: number): RpcError | undefined {
    for (const byName of endpoints.values())
      for (const m of byName.values()) if (m.errors.has(code)) return m.errors.get(code);
    return STANDARD[code];
  }
}

const STANDARD: Record<number, RpcError> = {
  [-32700]: { code: -32700, message: "Parse error" },
  [-32600]: { code: -32600, message: "Invalid Request" },
  [-32601]: { code: -32601, message: "Method not found" },
  [-32602]: { code: -32602, message: "Invalid params" },
  [-32603]: { code: -32603, message: "Internal error" },
};

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

// -- helpers --------------------------------------------------------------------------------------

/**
 * The example whose request params best match `params`: an exact match, else the one sharing
 * the most top-level param values (at least one), else none (Prism then answers the first).
 */
export function bestExample(method: RpcMethod, params: unknown): string | undefined {
  const wire = stringifyJson(params ?? null);
  let best: string | undefined;
  let bestScore = 0;
  for (const ex of method.examples) {
    if (stringifyJson(ex.params ?? null) === wire) return ex.name;
    let score = 0;
    if (isObject(params) && isObject(ex.params)) {
      for (const [k, v] of Object.entries(ex.params))
        if (k in params && stringifyJson(params[k]) === stringifyJson(v)) score++;
    } else if (Array.isArray(params) && Array.isArray(ex.params)) {
      ex.params.forEach(
        (v, i) => i < params.length && stringifyJson(params[i]) === stringifyJson(v) && score++,
      );
    }
    if (score > bestScore) {
      bestScore = score;
      best = ex.name;
    }
  }
  return best;
}

/**
 * `X-Mock-JsonRpc-Error: -32004` (every request of the body) or
 * `X-Mock-JsonRpc-Error: getAsset=-32004, getAssetBatch=-32000` (per method).
 */
function parseRpcErrorHeader(
  value: string | string[] | undefined,
): (method: string) => number | undefined {
  if (value === undefined) return () => undefined;
  let all: number | undefined;
  const per = new Map<string, number>();
  for (const part of String(value).split(",")) {
    const [a, b] = part.split("=").map((s) => s.trim());
    if (b === undefined && a && /^-?\d+$/.test(a)) all = Number(a);
    else if (a && b && /^-?\d+$/.test(b)) per.set(a, Number(b));
  }
  return (method) => per.get(method) ?? all;
}

/** Prism's preferences: the `Prefer` header, or the `__code`/`__example`/`__dynamic`/`__seed` query. */
function preferences(
  req: IncomingMessage,
  query: Record<string, string | string[]>,
): PrismPreferences {
  const raw: Record<string, string> = {};
  const header = req.headers["prefer"];
  if (header) {
    for (const part of String(header).split(/[,;]/)) {
      const i = part.indexOf("=");
      const key = (i < 0 ? part : part.slice(0, i)).trim().toLowerCase();
      if (key)
        raw[key] =
          i < 0
            ? "true"
            : part
                .slice(i + 1)
                .trim()
                .replace(/^"(.*)"$/, "$1");
    }
  } else {
    for (const k of ["code", "example", "dynamic", "seed"]) {
      const v = query[`__${k}`];
      if (typeof v === "string") raw[k] = v;
    }
  }
  const prefs: PrismPreferences = {};
  if (raw.code && /^\d{3}$/.test(raw.code)) prefs.code = Number(raw.code);
  if (raw.example) prefs.exampleKey = raw.example;
  if (raw.dynamic === "true" || raw.dynamic === "false") prefs.dynamic = raw.dynamic === "true";
  if (raw.seed) prefs.seed = raw.seed;
  return prefs;
}

function control(
  method: string,
  pathname: string,
  res: ServerResponse,
  read: () => RequestLogEntry[],
  clear: () => void,
) {
  if (pathname === `${CONTROL_PREFIX}requests`) {
    if (method === "GET") return sendBody(res, 200, jsonHeaders(), { requests: read() });
    if (method === "DELETE") {
      clear();
      return send(res, 204, {}, "");
    }
    return send(
      res,
      405,
      { allow: "GET, DELETE", "content-type": "application/problem+json" },
      JSON.stringify(problem(405, "Method not allowed", "GET or DELETE")),
    );
  }
  return send(
    res,
    404,
    { "content-type": "application/problem+json" },
    JSON.stringify(
      problem(
        404,
        "Not found",
        `${pathname}: the mock's own endpoints are GET/DELETE ${CONTROL_PREFIX}requests`,
      ),
    ),
  );
}

function problem(status: number, title: string, detail: string) {
  return { type: "about:blank", title, status, detail };
}

/** `https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR` → `NO_PATH_MATCHED_ERROR`. */
const problemCode = (type: string) => type.split("#").pop() ?? type;

function rpcErrorBody(id: unknown, error: RpcError) {
  return {
    jsonrpc: "2.0",
    id: isValidId(id) ? id : null,
    error: {
      code: error.code,
      message: error.message,
      ...(error.data !== undefined && { data: error.data }),
    },
  };
}

const isValidId = (id: unknown) =>
  id === null || typeof id === "string" || typeof id === "number" || typeof id === "bigint";
const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && !Array.isArray(v);

/** Prism validates plain JSON values: bigints become (rounded) numbers for it. */
const toPrismValue = (value: unknown) => mapBigints(value, (big) => Number(big));

function searchParamsToObject(sp: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(sp.keys())) {
    const all = sp.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

/**
 * The whole body; rejects when it is over MAX_BODY. The rest of an oversized body is read and
 * dropped rather than the socket destroyed, so the client gets its 413 instead of a reset.
 */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on("end", () =>
      size > MAX_BODY
        ? reject(new Error(`body over ${MAX_BODY} bytes (${size})`))
        : resolve(Buffer.concat(chunks)),
    );
    req.on("error", reject);
  });
}

function cors(req: IncomingMessage, res: ServerResponse) {
  // Any page may call the mock (the docs site does), but without credentials: the mock keeps no
  // cookies, and a reflected origin with credentials would let any site read the request log.
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader(
    "Access-Control-Allow-Headers",
    req.headers["access-control-request-headers"] ?? "*",
  );
  res.setHeader("Access-Control-Expose-Headers", "*");
}

const jsonHeaders = (): Record<string, string> => ({ "content-type": "application/json" });

function stringHeaders(h: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(h)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

function normalizeHeaders(h: Record<string, string | number>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(stringHeaders(h))) out[k.toLowerCase()] = v;
  return out;
}

function addViolationHeader(headers: Record<string, string>, violations: Violation[]) {
  if (!violations.length) return;
  let value = JSON.stringify(violations);
  // Header values must be latin-1 and reasonably short.
  value = value.replace(/[^\x20-\x7e]/g, "?");
  headers["sl-violations"] = value.length > 8000 ? `${value.slice(0, 8000)}...` : value; // (ASCII: a header cannot carry U+2026)
}

function sendBody(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: unknown,
) {
  const ct = Object.entries(headers).find(([k]) => k.toLowerCase() === "content-type")?.[1];
  if (body === undefined || status === 204 || status === 304) return send(res, status, headers, "");
  if (typeof body === "string" && ct && !/json/i.test(ct)) return send(res, status, headers, body);
  return send(
    res,
    status,
    ct ? headers : { ...headers, "content-type": "application/json" },
    stringifyJson(body),
  );
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, text: string) {
  if (res.headersSent) return void res.end();
  const h: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) h[k.toLowerCase()] = v;
  if (status !== 204 && status !== 304) h["content-length"] = String(Buffer.byteLength(text));
  res.writeHead(status, h);
  res.end(status === 204 || status === 304 ? undefined : text);
}

function commonPrefix(paths: string[]): string {
  if (!paths.length) return "/";
  const split = paths.map((p) => p.split("/"));
  const out: string[] = [];
  for (let i = 0; ; i++) {
    const seg = split[0]![i];
    if (seg === undefined || seg.includes("{") || !split.every((s) => s[i] === seg)) break;
    out.push(seg);
  }
  return out.join("/") || "/";
}
