// The loopback server of the benchmarks: node:http on 127.0.0.1, keep-alive, fixed bodies.
// Runs in its own process (`startServer` in bench/lib/util.mjs forks it) so it
// never shares the event loop with the client being measured. Reports its port over IPC.
//
//   POST /…            JSON-RPC, single or batch: getAsset → a fixed asset (the spec's
//                      `programmableNft` example) with the request's id echoed;
//                      getAssetBatch → one asset per id; getAssetsByOwner → pages of
//                      `limit` generated assets out of a total set by the path
//                      (`/t100000/` = 100,000 assets; default 1,000)
//   POST /v0/webhooks  the spec's created-webhook example (the body is read and counted)
//   GET  /__stats      { requests, rpcCalls, bytesIn } since the last reset (not counted)
//   POST /__reset      zero the counters (not counted)
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const specDir = fileURLToPath(new URL("../spec/dist/", import.meta.url));
const das = JSON.parse(readFileSync(`${specDir}openrpc/das.json`, "utf8"));
const webhooks = JSON.parse(readFileSync(`${specDir}openapi/webhooks.json`, "utf8"));

const method = (name) => das.methods.find((m) => m.name === name);
// Raw JSON text of the examples (integers kept exactly as written in the spec).
const ASSET = JSON.stringify(
  method("getAsset").examples.find((e) => e.name === "programmableNft")?.result.value ??
    method("getAsset").examples[0].result.value,
);
const pageItems = method("getAssetsByOwner").examples[0].result.value.items;
const WEBHOOK = JSON.stringify(
  webhooks.paths["/v0/webhooks"].post.responses["200"].content["application/json"].examples.created
    .value,
);

// Page items: the example's two assets (an NFT, and a fungible token with a 16-digit supply,
// so the client's lossless parser takes its slow path) alternating, each with its own id.
const templates = pageItems.map((item) =>
  JSON.stringify({ ...item, id: "@@ID@@" }).split('"@@ID@@"'),
);
const itemJson = (i) => {
  const [head, tail] = templates[i % templates.length];
  return `${head}"Ast${String(i).padStart(41, "1")}"${tail}`;
};

let stats = { requests: 0, rpcCalls: 0, bytesIn: 0 };

function answer(req, path) {
  const { id, method: name, params } = req ?? {};
  const idJson = JSON.stringify(id ?? null);
  switch (name) {
    case "getAsset":
      return `{"jsonrpc":"2.0","id":${idJson},"result":${ASSET}}`;
    case "getAssetBatch":
      return `{"jsonrpc":"2.0","id":${idJson},"result":[${(params?.ids ?? []).map(() => ASSET).join(",")}]}`;
    case "getAssetsByOwner": {
      const total = Number(/\/t(\d+)/.exec(path)?.[1] ?? 1000);
      const limit = params?.limit ?? 1000;
      const page = params?.page ?? 1;
      const start = (page - 1) * limit;
      const end = Math.min(total, start + limit);
      const items = [];
      for (let i = start; i < end; i++) items.push(itemJson(i));
      return `{"jsonrpc":"2.0","id":${idJson},"result":{"last_indexed_slot":398412733,"total":${items.length},"limit":${limit},"page":${page},"items":[${items.join(",")}]}}`;
    }
    default:
      return `{"jsonrpc":"2.0","id":${idJson},"error":{"code":-32601,"message":"Method not found"}}`;
  }
}

// This machine's names (a `Host` with its port): 127/8, `localhost` (and `*.localhost`), [::1].
const LOOPBACK_HOST = /^(?:127(?:\.\d{1,3}){3}|(?:[^:]+\.)?localhost|\[::1\])(?::\d+)?$/i;

/**
 * Why a request is refused, or undefined. The server answers the benchmark's own clients (Node,
 * on 127.0.0.1), never a page: a page sends an `Origin` (a cross-site POST /__reset, reachable
 * without CORS, would zero the counters of a run), and a page whose name was re-pointed at
 * 127.0.0.1 (DNS rebinding) sends its own name as `Host`. The docs server and the mock's own
 * endpoints refuse such requests too.
 */
function refusal(headers) {
  if (headers.origin !== undefined) return `a page of ${JSON.stringify(headers.origin)} may not`;
  if (headers.host !== undefined && !LOOPBACK_HOST.test(headers.host))
    return `the Host ${JSON.stringify(headers.host)} is no name of this machine (DNS rebinding?)`;
  return undefined;
}

const server = createServer({ keepAlive: true, keepAliveTimeout: 120_000 }, (req, res) => {
  const path = req.url ?? "/";
  const refused = refusal(req.headers);
  if (refused) {
    req.resume();
    res.writeHead(403, { "content-type": "text/plain" }).end(`Forbidden: ${refused}\n`);
    return;
  }
  if (path.startsWith("/__stats")) {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(stats));
    return;
  }
  if (path.startsWith("/__reset")) {
    stats = { requests: 0, rpcCalls: 0, bytesIn: 0 };
    req.resume();
    res.writeHead(204).end();
    return;
  }
  stats.requests++;
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const raw = Buffer.concat(chunks);
    stats.bytesIn += raw.length;
    let body;
    if (path.startsWith("/v0/webhooks")) {
      body = WEBHOOK;
    } else {
      let parsed;
      try {
        parsed = JSON.parse(raw.toString("utf8"));
      } catch {
        res
          .writeHead(400, { "content-type": "application/json" })
          .end('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}');
        return;
      }
      if (Array.isArray(parsed)) {
        stats.rpcCalls += parsed.length;
        body = `[${parsed.map((r) => answer(r, path)).join(",")}]`;
      } else {
        stats.rpcCalls++;
        body = answer(parsed, path);
      }
    }
    res
      .writeHead(200, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
      })
      .end(body);
  });
});
server.maxRequestsPerSocket = 0;
server.headersTimeout = 120_000;
server.requestTimeout = 0;

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address();
  if (process.send) process.send({ port });
  else console.log(`listening on http://127.0.0.1:${port}`);
});
// The parent went away: stop.
process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", () => process.exit(0));
