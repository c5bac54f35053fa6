// The browser proxy (browser-proxy.ts) during `vite dev` and `vite preview`: a Vite plugin that
// mounts its fetch handler on the dev server, so the page's clients call `/api/rpc/`,
// `/api/wallet/…` (and `/api/admin/…`, if turned on) on the page's own origin, as in production.
// Copy both files beside your vite.config.ts:
//
//   import react from "@vitejs/plugin-react";
//   import { defineConfig } from "vite";
//   import { chaindataDevProxy } from "./vite-dev-proxy";
//
//   export default defineConfig({ plugins: [react(), chaindataDevProxy()] });
//
// The key: `CHAINDATA_API_KEY` from the shell or from the `.env` files Vite reads (`.env.local`,
// `.env.[mode]`…), loaded here with `loadEnv(mode, envDir, "CHAINDATA_")`. Vite gives the page's
// code only the variables whose names start with `envPrefix` (`VITE_`): never name it
// `VITE_CHAINDATA_API_KEY`, nor add `CHAINDATA_` to `envPrefix`, or the key is in the bundle.
//
// Why not `server.proxy`: a `rewrite` can append `api-key=` to the path, but Vite then forwards
// any method and any upstream text as it is, and when the upstream cannot be reached it logs
// `http proxy error: <the rewritten URL>`, key included, to the terminal (Vite 8.3). This plugin
// runs the recipe: the allow-list, the key added on the server, the upstream's text scrubbed.
//
// The dev server is open to every page the browser has open: Vite's CORS default stops other
// origins from reading the answers, not from sending requests (a form, an `<img>`, a `no-cors`
// fetch), and each would spend your credits. So a request the browser marks as from another
// site (`Sec-Fetch-Site: cross-site` or `same-site`, e.g. another port on localhost) is refused,
// and so is one whose `Origin` is not the server's own (browsers send no `Sec-Fetch-Site` over
// plain http off localhost, `vite --host` on a LAN address; a `no-cors` GET carries no `Origin`,
// but the recipe forwards no GET of the RPC routes). Vite 7 or later: from Vite 7 a plugin's
// middleware runs after Vite's host check, which stops a DNS-rebinding page; before, it ran first.
import type { IncomingMessage, ServerResponse } from "node:http";
import { loadEnv, version, type Connect, type Plugin } from "vite";
import { createProxy, type ProxyOptions } from "./browser-proxy.js";

/**
 * The paths the recipe serves: everything else goes on to Vite (modules, HMR, the SPA fallback).
 */
const PROXIED = /^\/api\/(?:rpc|wallet|admin)(?:[/?]|$)/;

export function chaindataDevProxy(options: ProxyOptions = {}): Plugin {
  if (Number(version.split(".")[0]) < 7)
    throw new Error(
      `chaindataDevProxy needs Vite 7 or later (this is ${version}): before it, a plugin's middleware ran before Vite's host check, open to DNS rebinding`,
    );
  let handler: ((request: Request) => Promise<Response>) | undefined;
  const middleware: Connect.NextHandleFunction = (req, res, next) => {
    if (!handler || !PROXIED.test(req.url ?? "")) return next();
    const site = req.headers["sec-fetch-site"];
    const origin = req.headers.origin;
    if (
      site === "cross-site" ||
      site === "same-site" ||
      (origin !== undefined && origin.replace(/^https?:\/\//, "") !== req.headers.host)
    ) {
      res.writeHead(403, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "The dev proxy answers this page's own origin only" }));
      return;
    }
    bridge(handler, req, res).catch(() => {
      // (A page that left mid-request; or a fault, whose text may quote the upstream URL: say
      // nothing of it.)
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "The dev proxy failed" }));
    });
  };
  return {
    name: "chaindata-dev-proxy",
    configResolved(config) {
      // `loadEnv` reads the `.env` files and `process.env`; the page gets none of it.
      const apiKey =
        options.apiKey ?? loadEnv(config.mode, config.envDir, "CHAINDATA_").CHAINDATA_API_KEY;
      handler = createProxy(apiKey ? { ...options, apiKey } : options);
    },
    // Mounted before Vite's own middlewares (after its host check and CORS headers).
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
}

/** Node's request in, the handler's `Response` out. */
async function bridge(
  handler: (request: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const aborted = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) aborted.abort(); // the page left: so does the upstream call
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (!name.startsWith(":") && value !== undefined)
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new Request(new URL(req.url!, "http://localhost"), {
    method: req.method!,
    headers,
    body: hasBody ? Buffer.concat(chunks) : null,
    signal: aborted.signal,
  });
  const response = await handler(request);
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}
