// A proxy for the browser clients (packages/core/README.md, "In a browser"): the page is given no
// key and `baseUrls: { rpc: <origin>/api/rpc, wallet: <origin>/api/wallet }`; this handler adds
// the key on your server. No dependency: a standard fetch handler, `(request) => Promise<Response>`,
// served as it is by Bun.serve, Deno.serve, Hono (`app.all("/api/*", (c) => proxy(c.req.raw))`) or
// a Next.js App Router catch-all route (`app/api/[...path]/route.ts`: `export { proxy as GET, proxy
// as POST }`); on Node's own `http`, or Express (`app.use("/api", …)` loses the `/api` prefix:
// mount it with `app.all("/api/*path", …)`, Express 4's `"/api/*"`, which Express 5 refuses with
// "Missing parameter name"; before any body parser, such as `express.json()`), by
// `createServer(toNodeListener(proxy))` below; during
// `vite dev`, by the plugin in vite-dev-proxy.ts. It reads the key from
// `process.env` (or its `apiKey` option): on Cloudflare Workers, `process.env` holds the bindings
// from compatibility date 2026-08-04, or with `nodejs_compat` from 2025-04-01 (before, it is
// empty); else pass `createProxy({ apiKey: env.CHAINDATA_API_KEY })` in the Worker's `fetch`. It
// does not say who may call it: put it behind your own session check, or any page on the web
// spends your credits.
//
// What the clients request under a `baseUrls` entry: the JSON-RPC clients POST to `<base>/`; the
// wallet client appends the REST path and query (`<base>/v1/wallet/<address>/balances?limit=5`);
// the admin client too (`<base>/v0/admin/projects/<id>/usage`).
//
// The admin host is refused unless you turn it on (`admin: { projectId }`): a project's usage
// (credits used and left, plan, billing cycle) is account data, not something every visitor of
// the page should read, and its limit (5 requests a second per project) is shared with your
// server's own calls. Turned on, it forwards GET of that one project's usage only, with the key
// in the `X-Api-Key` header (the admin host's place for it), never in the URL; serve it behind a
// check that lets in only your operators.

import type { IncomingMessage, ServerResponse } from "node:http";

/** The JSON-RPC methods the page may call: each entry of a batch (`createBatcher`) too. */
export const ALLOWED_METHODS: readonly string[] = ["getAsset", "getAssetBatch", "getAssetsByOwner"];

/** The largest body and batch forwarded (a batcher's default batch is 100 calls). */
const MAX_BODY_BYTES = 1_000_000;
const MAX_BATCH = 100;

/** The answer's headers the browser client reads: the body's type, the wait, the `requestId`. */
const COPIED_HEADERS = ["content-type", "retry-after", "x-request-id"];

export interface ProxyOptions {
  /** The upstream hosts: the SDK's mainnet URLs by default (`@chaindata/core`'s `hosts`). */
  upstream?: { rpc?: string; wallet?: string; admin?: string };
  /** The JSON-RPC methods to forward (default `ALLOWED_METHODS`). */
  methods?: readonly string[];
  /**
   * Forward the admin host's usage report of this one project (`/api/admin/v0/admin/projects/
   * <projectId>/usage`, GET). Off by default: `/api/admin/` is answered 403 with the reason.
   */
  admin?: { projectId: string };
  /** The key; by default `process.env.CHAINDATA_API_KEY`, read on each request. */
  apiKey?: string;
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export function createProxy(options: ProxyOptions = {}): (request: Request) => Promise<Response> {
  const rpc = (options.upstream?.rpc ?? "https://mainnet.helius-rpc.com").replace(/\/+$/, "");
  const wallet = (options.upstream?.wallet ?? "https://api.helius.xyz").replace(/\/+$/, "");
  const admin = (options.upstream?.admin ?? "https://admin-api.helius.xyz").replace(/\/+$/, "");
  const methods = new Set(options.methods ?? ALLOWED_METHODS);
  const projectId = options.admin?.projectId;
  if (options.admin !== undefined && (typeof projectId !== "string" || projectId.trim() === ""))
    throw new TypeError("createProxy: admin.projectId must be a non-empty string (the project id)");
  const usagePath =
    projectId === undefined
      ? undefined
      : `/v0/admin/projects/${encodeURIComponent(projectId)}/usage`;

  return async function proxy(request: Request): Promise<Response> {
    const key = options.apiKey || process.env.CHAINDATA_API_KEY;
    if (!key) return json(500, { error: "The proxy has no CHAINDATA_API_KEY" });
    const url = new URL(request.url);
    let target: URL;
    let body: string | null = null;
    let keyInHeader = false; // the admin host: `X-Api-Key`; the others: `?api-key=`
    if (url.pathname === "/api/rpc" || url.pathname === "/api/rpc/") {
      if (request.method !== "POST") return json(405, { error: "POST only" });
      const text = await request.text();
      if (text.length > MAX_BODY_BYTES) return json(413, { error: "The body is too large" });
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return json(400, { error: "The body is not JSON" });
      }
      const entries: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
      if (entries.length > MAX_BATCH) return json(413, { error: "The batch is too large" });
      const refused = entries.find(
        (e) =>
          typeof e !== "object" ||
          e === null ||
          typeof (e as { method?: unknown }).method !== "string" ||
          !methods.has((e as { method: string }).method),
      );
      if (entries.length === 0 || refused !== undefined) {
        const method = (refused as { method?: unknown } | undefined)?.method;
        return json(403, {
          // (A method that is no string is shown as JSON: `String` throws on some objects.)
          error: `Method not allowed by this proxy: ${(typeof method === "string" ? method : String(JSON.stringify(method))).slice(0, 64)}`,
        });
      }
      // What was checked is what is sent: the text as parsed, written again (a duplicate
      // "method" member, which JSON.parse reads as its last, might be read as its first upstream).
      // (No allowed method takes an integer past 2^53, which JSON.parse would round.)
      body = JSON.stringify(parsed);
      target = new URL(`${rpc}/`);
    } else if (url.pathname.startsWith("/api/wallet/v1/wallet/")) {
      if (request.method !== "GET" && request.method !== "POST")
        return json(405, { error: "GET or POST only" });
      // (`URL` has already resolved any `..` in the path; an encoded `/`, `\` or `.` it leaves,
      // which an upstream may decode into a path out of /v1/wallet/, is refused.)
      if (/%(2f|5c|2e)/i.test(url.pathname)) return json(404, { error: "Not found" });
      target = new URL(`${wallet}${url.pathname.slice("/api/wallet".length)}${url.search}`);
      if (request.method === "POST") body = await request.text();
      if ((body?.length ?? 0) > MAX_BODY_BYTES)
        return json(413, { error: "The body is too large" });
    } else if (url.pathname === "/api/admin" || url.pathname.startsWith("/api/admin/")) {
      if (usagePath === undefined)
        return json(403, {
          error:
            "This proxy does not forward the admin host: a project's usage is account data " +
            "(createProxy's `admin` option turns on one project's usage, for your operators only)",
        });
      if (url.pathname !== `/api/admin${usagePath}`) return json(404, { error: "Not found" });
      if (request.method !== "GET") return json(405, { error: "GET only" });
      target = new URL(`${admin}${usagePath}`); // (the operation takes no query: none is sent)
      keyInHeader = true;
    } else {
      return json(404, { error: "Not found" });
    }
    if (!keyInHeader) target.searchParams.set("api-key", key); // replaces any the page sent

    let upstream: Response;
    try {
      upstream = await fetch(target, {
        method: request.method,
        headers: {
          accept: "application/json",
          ...(body === null ? {} : { "content-type": "application/json" }),
          ...(keyInHeader ? { "x-api-key": key } : {}),
        },
        body,
        signal: request.signal, // the page gave up: so does the upstream call
      });
    } catch {
      // A fetch error's text may quote the URL, and so the key: say only what happened.
      return json(502, { error: "The upstream service could not be reached" });
    }
    // Never forward upstream text verbatim: the browser client masks `api-key=` values it can
    // recognise, but not a key it never had. (Add any other secret this proxy holds.)
    let text = await upstream.text();
    for (const secret of new Set([key, encodeURIComponent(key)]))
      text = text.replaceAll(secret, "***");
    const headers = new Headers();
    for (const name of COPIED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const noBody = [204, 205, 304].includes(upstream.status);
    return new Response(noBody ? null : text, { status: upstream.status, headers });
  };
}

/**
 * The handler on Node's `http` (`createServer(toNodeListener(proxy))`), where no framework turns a
 * request into a `Request`. The body is read up to MAX_BODY_BYTES (past it: 413, the rest unread,
 * the connection closed), the whole of it handed on: a POST without it reaches the upstream empty
 * (a wallet batch-identity call is then answered 400). The `Request`'s signal aborts when
 * the page goes away, and so the upstream call; a handler that throws is answered 500.
 */
export function toNodeListener(
  handler: (request: Request) => Promise<Response>,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const gone = new AbortController();
    res.on("close", () => res.writableFinished || gone.abort());
    const send = async (answer: Response) => {
      const body = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(body);
    };
    // (Read by events, not `for await`: leaving that loop early destroys the request, and with it
    // the socket the 413 goes out on.)
    const read = new Promise<Buffer | undefined>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on("data", (chunk: Buffer) => {
        if ((size += chunk.length) <= MAX_BODY_BYTES) return void chunks.push(chunk);
        req.pause(); // (the rest is left unread)
        resolve(undefined);
      });
      req.on("end", () => resolve(Buffer.concat(chunks)));
      req.on("error", reject);
    });
    void (async () => {
      // A body parser in front (Express's `app.use(express.json())`) has read the body: its 'end'
      // is past, and the wait for it would hang every call. Mount the proxy
      // before any body parser.
      if (req.readableEnded)
        return await send(
          json(500, {
            error: "The body was read before the proxy: mount it before any body parser",
          }),
        );
      try {
        const body = await read;
        if (body === undefined) {
          res.setHeader("connection", "close");
          return await send(json(413, { error: "The body is too large" }));
        }
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (value !== undefined)
            headers.set(name, Array.isArray(value) ? value.join(", ") : value);
        const method = req.method ?? "GET";
        // The path and query from the request line alone, as a check in front of this one reads
        // them (`req.url`, Express's `req.path`): a URL made of `Host` and `req.url` let a `Host`
        // of `x/api/admin/v0/…?` pick the route while the check saw `/api/wallet/…`. The `Host`
        // is then set as a host only: the setter stops at a `/`, `?` or `#`.
        const url = new URL(`http://localhost${req.url ?? "/"}`);
        if (req.headers.host) url.host = req.headers.host;
        const request = new Request(url, {
          method,
          headers,
          ...(method === "GET" || method === "HEAD" ? {} : { body: new Uint8Array(body) }),
          signal: gone.signal,
        });
        await send(await handler(request));
      } catch {
        // (No detail: an error's text may quote the key.)
        if (!res.headersSent) await send(json(500, { error: "The proxy failed" })).catch(() => {});
        else res.destroy();
      }
    })();
  };
}

/** The handler, for the mainnet hosts. */
export const proxy = createProxy();
export default proxy;
