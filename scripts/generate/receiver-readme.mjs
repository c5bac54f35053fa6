// The README section of the delivery receiver (`createWebhookHandler`, hand-written in the package
// of an area whose document lists `webhooks`): what it answers, how it fails, de-duplication, and
// how to mount it. Its samples type-check as modules (test/types/readme.test.ts); the Express
// recipes run in packages/webhooks/src/receiver.express.test.ts, the Fastify and Next.js ones as
// written in receiver.fastify.test.ts and receiver.next.test.ts.

import { readFileSync } from "node:fs";
import {
  RECEIVER_RECIPES,
  receiverPartsText,
  receiverStopText,
} from "../../packages/docs/src/receiver-recipes.mjs";

/**
 * The Redis store and framework recipes, each a file of the webhooks package shown whole, here and
 * on the docs' delivery pages: one text, type-checked where it is kept
 * (packages/webhooks/recipes/tsconfig.json), and one list of them, the docs package's (which
 * cannot import the repository's scripts), so a recipe cannot reach one and not the other.
 */
export const RECIPES = RECEIVER_RECIPES;

/** A recipe's text, importing from `pkg` (the recipes import `@chaindata/webhooks`). */
const recipe = (file, pkg) =>
  readFileSync(file, "utf8").replaceAll('"@chaindata/webhooks"', JSON.stringify(pkg));

/**
 * The section, for area `area` (the package `@chaindata/<area>`, its client `client` in the README)
 * whose deliveries are of `kinds` (discord ones, posted to Discord, left out).
 */
export function receiverReadme({ area, client, kinds }) {
  const pkg = `@chaindata/${area}`;
  const fence = (code) => "```ts\n" + code + "```";
  const server = fence(
    `import { createWebhookHandler, toNodeHandler } from "${pkg}";\n` +
      `import { createServer } from "node:http";\n\n` +
      `const handle = createWebhookHandler({\n` +
      `  authHeader: process.env.WEBHOOK_AUTH!, // the authHeader the webhook was created with\n` +
      `  onEvent: (event) => console.log(event.type, event.signature),\n` +
      `});\n` +
      "createServer(toNodeHandler(handle)).listen(3000); // or `export default { fetch: handle }` on edge runtimes (Workers: below)\n",
  );
  // (A handler made in a Worker's `fetch` for each request de-duplicates nothing, and
  // `process.env` at module scope throws where a Worker has no `process`.)
  const worker = fence(
    `import { createWebhookHandler } from "${pkg}";\n\n` +
      `interface Env {\n  WEBHOOK_AUTH: string; // a secret: npx wrangler secret put WEBHOOK_AUTH\n}\n\n` +
      `// Made on the isolate's first request and kept: one made per request de-duplicates nothing.\n` +
      `let handle: ((request: Request) => Promise<Response>) | undefined;\n\n` +
      `export default {\n` +
      `  fetch: (request: Request, env: Env) =>\n` +
      `    (handle ??= createWebhookHandler({\n` +
      `      authHeader: env.WEBHOOK_AUTH,\n` +
      `      onEvent: (event) => console.log(event.type, event.signature),\n` +
      `    }))(request),\n` +
      `};\n`,
  );
  // (`onEvent` runs one event at a time: a batching client cannot group a delivery's events, so
  // the lookup of an NFT event's assets is one `getAssetBatch` per event.)
  const lookup = fence(
    `import { createWebhookHandler, toNodeHandler } from "${pkg}";\n` +
      `import { createDasClient } from "@chaindata/das";\n` +
      `import { createServer } from "node:http";\n\n` +
      `const das = createDasClient({ apiKey: process.env.CHAINDATA_API_KEY, timeout: 10_000, maxRetries: 1 });\n\n` +
      `const handle = createWebhookHandler({\n` +
      `  authHeader: process.env.WEBHOOK_AUTH!, // the authHeader the webhook was created with\n` +
      `  onEvent: async (event) => {\n` +
      `    const ids = event.events.nft?.nfts?.flatMap((nft) => (nft.mint ? [nft.mint] : [])) ?? [];\n` +
      `    if (ids.length === 0) return;\n` +
      `    // One request for all of this event's NFTs; an asset not indexed yet is null.\n` +
      `    const assets = await das.getAssetBatch({ ids });\n` +
      `    for (const asset of assets) console.log(event.type, asset?.content?.metadata?.name ?? "(not indexed yet)");\n` +
      `  },\n` +
      `});\n` +
      `createServer(toNodeHandler(handle)).listen(3000);\n`,
  );
  const [express, store, fastify, nextApp, nextPages] = [
    RECIPES.express,
    RECIPES.store,
    RECIPES.fastify,
    RECIPES.nextApp,
    RECIPES.nextPages,
  ].map((file) => fence(recipe(file, pkg)));
  return [
    `Deliveries to your endpoint (${kinds.join(", ")}; discord webhooks post to Discord): \`createWebhookHandler({ authHeader, onEvent })\` takes a standard \`Request\` (\`toNodeHandler()\` adapts it to \`node:http\` and \`node:http2\`), checks \`Authorization\` in constant time, parses the events (u64 and i64 amounts as \`bigint\`, each checked against its range) and drops repeated deliveries by signature. A raw webhook's handler needs \`kind: "raw"\` (options written before the call are typed \`WebhookHandlerOptions<"raw">\`, an enhanced webhook's \`WebhookHandlerOptions\`; an editor shows the kind left out as \`never\`: \`createWebhookHandler<never, EnhancedTransactionEvent>\`). It belongs on your server or an edge function, at the public URL the service POSTs to, never in a page or an app: \`authHeader\` is a secret, which a bundle gives every visitor (as the API key that the webhook calls above send; a page manages webhooks through your server). On a development machine, create the webhook with the HTTPS URL of a tunnel to it: the service posts to public HTTPS URLs only, and the webhook calls refuse an \`http://\` \`webhookURL\` or a loopback host before sending (\`params.webhookURL: must be an https:// URL with a host that is not localhost, 127.x.x.x or [::1], …\`). The local mock (\`@chaindata/mock\`) answers the webhook calls but posts no delivery: post one yourself, as the \`curl\` of a delivery's docs page does.`,
    server,
    `It answers 200 once every new event is handled. A refused delivery is answered 401 (\`Authorization\` missing or not the \`authHeader\`, before the body is read), 415 (a \`Content-Encoding\` other than gzip or deflate, which it decodes where the runtime's \`DecompressionStream\` works: on Next.js's edge runtime, which has one that throws, gzip and deflate are answered 415 too), 413 (a body over \`maxBodyBytes\`, 10 MiB by default, as received or decoded), 408 (a body not all arrived within \`readTimeoutMs\`, 30 s by default) or 400 (not a UTF-8 JSON array of events, or one with a signature that is no non-empty string, or an amount that is no whole number in its range: a \`fee\` of \`1.5\`, past 2^64 − 1, negative, \`null\`, a list or an object, or a \`preBalances\` that is no list; the answer names it, \`delivery body[0].fee: must be a whole number from 0 to 2^64 - 1 (got 1.5)\`), and goes to \`onRefused\` with its status and reason, by default \`console.warn\`: a wrong \`authHeader\` shows in your logs, not only as the service's failed deliveries. \`Content-Type\` is not checked: the service sends \`application/json\`, and a valid body is read whatever its type. (Node answers a header over 16 KB 431, and a malformed request 400, before any handler runs. Behind \`toNodeHandler\`, a header value with a NUL byte, which the \`Headers\` class refuses, is answered 401 when it is the \`Authorization\`; another is answered 400, naming the header, only after the \`Authorization\` check passed: an unauthenticated sender gets its 401 either way.) Behind \`toNodeHandler\`, an answer given before the body was read (401, 413) closes the connection once the sender has closed its side, reading and discarding meanwhile the rest of the upload and any request pipelined behind it (up to 16 MiB, each pipelined request counting 16 KiB more, for up to 5 s), so a sender that writes its whole body before reading still gets the status; a sender still sending past those bounds may see the connection reset instead, which \`onRefused\` still gets.`,
    `When \`onEvent\` throws, the handler answers 500 and the error goes to \`onError\` (by default \`console.error\`); the service then delivers again, up to 3 times a minute apart, and drops the delivery after that. On a redelivery the events before the failed one are skipped as seen and the ones after it are handled then, so an event that fails every time takes the later events of its delivery down with it. An \`onEvent\` still running after \`handlerTimeoutMs\` (30 s by default) gets the same 500, with an error named \`TimeoutError\`, and its signature is released so the redelivery runs it again (the run left behind is not stopped, except on Workers, where the runtime cancels it once the 500 is answered): give the calls \`onEvent\` makes (a database, an HTTP API) time limits of their own.`,
    `A delivery's events are handled one at a time, in its order: the next event's \`onEvent\` starts once the one before it has returned. Deliveries are not queued: two that arrive together are handled at once, so their \`onEvent\` calls overlap (keep what they share safe to change at once). A client's \`batch: createBatcher()\` groups the calls one \`onEvent\` makes at once (a \`Promise.all\`), never two events of one delivery: a delivery of 50 NFT mints, each looked up with its own awaited \`getAsset\`, is 50 requests one after another, batching or not. Look an event's assets up in one call, \`getAssetBatch\` with every mint of its \`events.nft.nfts\`, as below; for fewer requests across events, keep \`onEvent\` short (record the event in a queue or a table) and look the assets up in bulk from there. \`toNodeHandler\` answers every path of its server (405 to any method but POST): to serve other paths too, such as a health check, route by \`req.url\` before it, \`createServer((req, res) => (req.url === "/health" ? res.end("ok") : webhook(req, res)))\` with \`const webhook = toNodeHandler(handle)\`.`,
    lookup,
    `De-duplication is in memory and per process by default: the last 10,000 signatures, each for at most 24 hours, lost on a restart and not shared with other instances. Size it to what a redelivery can trail behind, about 3 minutes of events: \`dedupe: createMemorySignatureStore({ maxEntries: 40_000 })\` for 200 events a second (10,000 covers about 55). Where instances come and go, as on serverless platforms, give \`dedupe\` a shared store; one with \`claim()\` makes the check and the write one atomic step, so two instances given the same delivery run \`onEvent\` once. One store per webhook: a transaction that two webhooks deliver has one signature. Each event's signature (an enhanced event's \`signature\`, a raw one's first of \`transaction.signatures\`: \`eventSignature(event)\` reads either) must be a non-empty string, as its type says: a delivery with one that is not, or none, is answered 400 naming it (\`delivery body[1].signature: must be a non-empty string (got 5)\`), and none of its events is handled. Only the signatures and the amounts are checked: any other field reaches \`onEvent\` as it came, under the spec's type.`,
    store,
    receiverStopText(),
    receiverPartsText(pkg),
    `Behind Express, mount the handler before any body parser, as below. A parser in front reads the whole body before the handler runs: \`Authorization\` is checked only after an unauthenticated upload was buffered, and \`readTimeoutMs\` no longer applies (Node's \`requestTimeout\`, 300 s, does). \`express.json()\` in front answers every delivery 500 (\`JSON.parse\` has rounded its u64 amounts, and the answer says so). If a parser must come first, make it \`express.raw({ type: "*/*", limit: "10mb" })\`: without that limit, body-parser's default of 100kb answers a larger delivery 413 before the handler runs.`,
    express,
    `Behind Fastify, route the handler in a plugin of its own that removes Fastify's content-type parsers and adds a \`"*"\` parser that reads nothing, and answer with \`reply.hijack()\` and \`toNodeHandler\`, as below. A route of the app itself has its body read by Fastify's parsers first: every delivery is answered 500, and one over Fastify's \`bodyLimit\` (1 MiB by default) 413 before the handler runs. The app's other routes keep Fastify's parsers.`,
    fastify,
    `Hono and the Next.js App Router hand a route the standard \`Request\`: \`app.post("/webhooks/chaindata", (c) => handle(c.req.raw))\` (Hono), \`export const POST = handle\` (App Router). \`createWebhookHandler\` checks its options when it is called, and throws when \`authHeader\` is unset: where a framework imports route modules at build time without the runtime's environment (\`next build\`), make the handler on the first request, as below. A Next.js API route (Pages Router) needs Next.js's body parser turned off, \`export const config = { api: { bodyParser: false } }\`: with it on, every delivery is answered 500.`,
    nextApp,
    nextPages,
    `On Cloudflare Workers, make the handler once per isolate and keep it, as below: a handler made in \`fetch\` for each request has a store of its own each time, so a redelivery (or a duplicate sent at once) runs \`onEvent\` again. The Worker's secrets are in \`fetch\`'s \`env\`, or at module scope in \`env\` from \`import { env } from "cloudflare:workers"\` (\`export default { fetch: createWebhookHandler({ authHeader: env.WEBHOOK_AUTH, onEvent }) }\`); \`process.env\` holds them only from compatibility date 2026-08-04, or with \`nodejs_compat\` from 2025-04-01 (before, a Worker without that flag has no \`process\`, and \`process.env.WEBHOOK_AUTH\` at module scope stops it at start-up). The memory store is the isolate's: Cloudflare runs a Worker in many isolates, side by side and one after another, and a redelivery may reach one that did not see the delivery. To de-duplicate across them, give \`dedupe\` a store kept in a Durable Object, whose requests run one at a time, so its \`claim()\` is one atomic step (Workers KV has no set-if-absent, and a write may take a minute to reach other locations: a store on it cannot claim).`,
    worker,
    `Make \`authHeader\` a long random secret, such as 32 random bytes, \`randomBytes(32).toString("base64url")\` with \`randomBytes\` from \`node:crypto\`: a short or guessable one lets anyone who finds the endpoint post events that \`onEvent\` takes as the service's (the handler checks that the value matches, not how strong it is). Make it a secret of its own, not the API key: the service sends \`authHeader\` with every delivery to \`webhookURL\`, where your server's logs and proxies see it, and returns it with every webhook it lists or gets. The webhook calls refuse an \`authHeader\` or a \`webhookURL\` that holds the client's API key (as written or URL-encoded), before anything is sent: \`params.authHeader: must not hold the API key (every delivery would carry it to the receiver): use a secret of your own\`. Create the webhook with your secret and give the handler the same value; a variable that is unset leaves the webhook without an \`authHeader\` (\`authHeader: process.env.WEBHOOK_AUTH\` sends none, as \`authHeader\` is optional, and the handler then refuses every delivery), so check it before the call. To rotate the secret without failed deliveries, deploy \`authHeader: [OLD, NEW]\` (each value is compared in constant time), change the webhook's with \`editWebhook(${client}, { webhookID, authHeader: NEW })\`, then deploy \`authHeader: NEW\` alone.`,
  ].join("\n\n");
}
