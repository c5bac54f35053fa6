// The webhooks package's helpers as the site shows them: the receiver (`createWebhookHandler`)
// on the pages of deliveries that reach your endpoint, the edit helpers (`editWebhook`, …) on
// the webhooks area page.
import { codeBlock, href } from "../html.mjs";
import { inline } from "../markdown.mjs";
import { receiverPartsText, receiverStopText } from "../receiver-recipes.mjs";
import { API_KEY_ENV, restRequest, standaloneOf } from "../snippets.mjs";
import { esc } from "../util.mjs";
import { code, section } from "./shared.mjs";

/**
 * The SDK's receiver for deliveries (`@chaindata/webhooks`), named on the pages that show it and in
 * the search.
 */
export const RECEIVER_NAMES = ["createWebhookHandler", "toNodeHandler"];

/**
 * A delivery that reaches your endpoint (it carries the webhook's authHeader); discord ones go to
 * Discord.
 */
export const reachesReceiver = (op) =>
  op.transport === "delivery" && op.rest.auth.ways.some((w) => w.in === "header");

/** What a raw delivery's handler takes, and shows of an event (a raw transaction has no type). */
const RAW_HANDLER = {
  kind: `  kind: "raw", // the events are typed and parsed as raw transactions\n`,
  onEvent: "  onEvent: (event) => console.log(event.slot, event.transaction.signatures[0]),\n",
};
/**
 * The handler's line in the recipes (packages/webhooks/recipes), which take enhanced deliveries.
 */
const ENHANCED_ON_EVENT = "  onEvent: (event) => console.log(event.type, event.signature),\n";
/**
 * That line at any indent (a recipe that makes its handler on the first request nests it deeper).
 */
const ENHANCED_ON_EVENT_LINE =
  /^( *)onEvent: \(event\) => console\.log\(event\.type, event\.signature\),\n/m;

/** A delivery page's receiver: the SDK handler for this delivery kind. */
export function receiverSnippet(op) {
  const raw = op.deliveryName.startsWith("raw");
  return `import { ${RECEIVER_NAMES[0]} } from "${op.area.pkg}";

const handle = ${RECEIVER_NAMES[0]}({
  authHeader: process.env.WEBHOOK_AUTH!, // the authHeader the webhook was created with
${raw ? RAW_HANDLER.kind + RAW_HANDLER.onEvent : ENHANCED_ON_EVENT}});
// node:http: import { ${RECEIVER_NAMES[1]} } from "${op.area.pkg}"; createServer(${RECEIVER_NAMES[1]}(handle)).listen(3000);
// edge runtimes, Deno, Bun: export default { fetch: handle }; (Cloudflare Workers: below)`;
}

/**
 * One of the receiver's recipes (`site.recipes`, each a file of the webhooks package, shown whole
 * in its README too) for a delivery page: importing from its area's package, and for a raw
 * delivery with the raw handler's lines in place of the enhanced one's.
 */
function receiverRecipe(site, op, key) {
  const text = site.recipes[key].replaceAll('"@chaindata/webhooks"', JSON.stringify(op.area.pkg));
  if (!op.deliveryName.startsWith("raw") || !text.includes(RECEIVER_NAMES[0])) return text;
  if (!ENHANCED_ON_EVENT_LINE.test(text))
    throw new Error(
      `the receiver's ${key} recipe: no line ${JSON.stringify(ENHANCED_ON_EVENT.trim())} for the ${op.deliveryName} page to make a raw handler of`,
    );
  // (The raw lines at the recipe's indent: they are written for two spaces.)
  return text.replace(ENHANCED_ON_EVENT_LINE, (_, indent) =>
    (RAW_HANDLER.kind + RAW_HANDLER.onEvent).replace(/^ {2}/gm, indent),
  );
}

/** A delivery page's Express recipe: the receiver mounted before any body parser. */
export const receiverExpressSnippet = (site, op) => receiverRecipe(site, op, "express");

/** A delivery page's Fastify recipe: a plugin of its own, without content-type parsers. */
export const receiverFastifySnippet = (site, op) => receiverRecipe(site, op, "fastify");

/**
 * A delivery page's Next.js recipes (App Router, Pages Router): the handler made on the first
 * request.
 */
export const receiverNextSnippets = (site, op) => [
  receiverRecipe(site, op, "nextApp"),
  receiverRecipe(site, op, "nextPages"),
];

/** A delivery page's shared signature store: the shape of one on Redis (no dependency). */
export const receiverStoreSnippet = (site, op) => receiverRecipe(site, op, "store");

/**
 * The webhooks package's edit helpers (packages/webhooks/src/edits.ts): a read of the webhook and
 * one write of all its settings, since updateWebhook replaces them all and watched addresses have
 * no endpoint of their own. Shown on that package's area page, found by the search.
 */
export const EDIT_HELPERS = {
  pkg: "@chaindata/webhooks",
  names: ["editWebhook", "addWebhookAddresses", "removeWebhookAddresses"],
};

/** The edit helpers' snippet, for the area whose package exports them (else undefined). */
export function editHelpersSnippet(area) {
  const update = area.pkg === EDIT_HELPERS.pkg && area.ops.find((o) => o.id === "updateWebhook");
  const id = update && restRequest(update).path.webhookID;
  if (!id) return undefined;
  const [edit, add, remove] = EDIT_HELPERS.names;
  return `import { ${[add, area.factory, edit, remove].join(", ")} } from "${area.pkg}";

const ${area.clientVar} = ${area.factory}({ apiKey: process.env.${API_KEY_ENV} });
const webhookID = ${JSON.stringify(id)};
// Change some settings, keep the others: one read, then one write of them all.
await ${edit}(${area.clientVar}, { webhookID, transactionTypes: ["TRANSFER", "SWAP", "NFT_SALE"] });
// Watch one more account, or one fewer (nothing is written when nothing changes).
const wallet = "HBft1JpdWQtL8h3cWq1amnprK88551u8JVZEVxgWBRHy";
await ${add}(${area.clientVar}, { webhookID, addresses: [wallet] });
await ${remove}(${area.clientVar}, { webhookID, addresses: [wallet] });`;
}

export function editHelpersSection(pc, area) {
  const snippet = editHelpersSnippet(area);
  if (!snippet) return "";
  const update = area.ops.find((o) => o.id === "updateWebhook");
  const [edit, add, remove] = EDIT_HELPERS.names.map(code);
  return section(
    "edits",
    "Change a webhook's settings",
    `<p><a href="${href(pc, update.href)}"><code>updateWebhook</code></a> replaces all of a webhook's settings, so a setting left out of its body may be lost. ${edit} reads the webhook and sends its settings back with the ones you give; ${add} and ${remove} do the same with the watched addresses, which have no endpoint of their own. A change that changes nothing writes nothing (no edit credits); changes to one webhook in one process run one at a time. Each takes the client, or the standalone functions' <code>${esc(standaloneOf(area).factory)}()</code>. A setting cannot be removed this way: <code>null</code> is refused, nothing sent.</p>${codeBlock(snippet, { label: "TypeScript", lang: "ts" })}`,
  );
}

export function receiverSection(pc, op) {
  if (!reachesReceiver(op)) return "";
  const ts = (snippet) => codeBlock(snippet, { label: "TypeScript", lang: "ts" });
  const [handler, adapter] = RECEIVER_NAMES.map(code);
  return `<p>${handler} of <code>${esc(op.area.pkg)}</code> is a receiver for this delivery: it checks <code>Authorization</code> in constant time, parses the events (u64 values as <code>bigint</code>), drops repeated deliveries by signature, and answers as above (200 once every new event is handled, 500 when <code>onEvent</code> throws, so the service delivers again). It takes a standard <code>Request</code>; ${adapter} adapts it to <code>node:http</code>.</p>${ts(receiverSnippet(op))}
<h3 id="receiver-answers">What it answers</h3>
<ul><li>200 once every new event is handled.</li><li>401 when <code>Authorization</code> is missing or not the <code>authHeader</code>, before the body is read.</li><li>415 to a <code>Content-Encoding</code> other than gzip or deflate (those it decodes where the runtime's <code>DecompressionStream</code> works: on Next.js's edge runtime, which has one that throws, they are answered 415 too).</li><li>413 to a body over <code>maxBodyBytes</code> (10 MiB by default), as received or decoded.</li><li>408 to a body not all arrived within <code>readTimeoutMs</code> (30 s by default); reading stops there.</li><li>400 to a body that is not a UTF-8 JSON array of events.</li><li>500 when <code>onEvent</code> throws, or has not finished within <code>handlerTimeoutMs</code> (30 s by default), and to a body a parser read before the handler ran.</li></ul>
<p><code>Content-Type</code> is not checked: the service sends <code>application/json</code>, and a valid body is read whatever its type. Each refused delivery goes to <code>onRefused</code> with its status and reason (by default <code>console.warn</code>), and each failed event to <code>onError</code> with the error (by default <code>console.error</code>): a wrong <code>authHeader</code> or a failing database shows in your logs, not only as the service's failed deliveries. Node answers a header over 16 KB (431) and a malformed request (400) itself, before any handler runs. Behind ${adapter}, an answer given before the body was read (401, 413) closes the connection once it has read and discarded the rest of the upload (up to 16 MiB, for up to 5 s), so a sender that writes its whole body before reading still gets the status; a sender still sending past those bounds may see the connection reset instead, which <code>onRefused</code> still gets.</p>
<h3 id="receiver-failures">When an event fails</h3>
<p>After a 500 the service delivers again, up to 3 times a minute apart, then drops the delivery. On a redelivery the events before the failed one are skipped as seen and the ones after it are handled then, so an event that fails every time takes the later events of its delivery down with it. An <code>onEvent</code> still running after <code>handlerTimeoutMs</code> gets the 500 too, with an error named <code>TimeoutError</code>, and its signature is released so the redelivery runs it again (the run left behind is not stopped, and if it completes, its signature is recorded; on Workers the runtime cancels it once the 500 is answered). Give the calls <code>onEvent</code> makes, to a database or an HTTP API, time limits of their own.</p>
<h3 id="receiver-dedupe">De-duplication</h3>
<p>By default it remembers the last 10,000 signatures, each for at most 24 hours, in memory and per process: they are lost on a restart and not shared with other instances. Size it to what a redelivery can trail behind, about 3 minutes of events (<code>dedupe: createMemorySignatureStore({ maxEntries: 40_000 })</code> for 200 events a second), and where instances come and go, as on serverless platforms, give <code>dedupe</code> a shared store. A store with <code>claim()</code> makes the check and the write one atomic step, so two instances given the same delivery run <code>onEvent</code> once; on Redis, <code>SET NX PX</code>:</p>${ts(receiverStoreSnippet(pc.site, op))}
<h3 id="receiver-stop">Stopping the server</h3>
<p>${inline(receiverStopText())}</p>
<h3 id="receiver-express">Behind Express</h3>
<p>Mount the handler before any body parser. A parser in front reads the whole body before the handler runs: <code>Authorization</code> is checked only after an unauthenticated upload was buffered, and <code>readTimeoutMs</code> no longer applies (Node's <code>requestTimeout</code>, 300 s, does). Behind <code>express.json()</code> every delivery is answered 500 (<code>JSON.parse</code> has rounded its u64 amounts), and the service drops it after its retries. If a parser must come first, make it <code>express.raw({ type: "*/*", limit: "10mb" })</code>: without that limit, body-parser's default of 100kb answers a larger delivery 413 before the handler runs.</p>${ts(receiverExpressSnippet(pc.site, op))}
<h3 id="receiver-fastify">Behind Fastify</h3>
<p>Route the handler in a plugin of its own that removes Fastify's content-type parsers and adds a <code>"*"</code> parser that reads nothing, and answer with <code>reply.hijack()</code> and ${adapter}. A route of the app itself has its body read by Fastify's parsers first: every delivery is answered 500, and one over Fastify's <code>bodyLimit</code> (1 MiB by default) 413 before the handler runs. The app's other routes keep Fastify's parsers.</p>${ts(receiverFastifySnippet(pc.site, op))}
<h3 id="receiver-next">Next.js and Hono</h3>
<p>Hono and the Next.js App Router hand a route the standard <code>Request</code>: <code>app.post("/webhooks/chaindata", (c) =&gt; handle(c.req.raw))</code> (Hono), <code>export const POST = handle</code> (App Router). ${handler} checks its options when it is called, and throws when <code>authHeader</code> is unset: where a framework imports route modules at build time without the runtime's environment (<code>next build</code>), make the handler on the first request, as below. A Next.js API route (Pages Router) needs Next.js's body parser turned off, <code>export const config = { api: { bodyParser: false } }</code>: with it on, every delivery is answered 500.</p>${receiverNextSnippets(pc.site, op).map(ts).join("")}
<h3 id="receiver-workers">Cloudflare Workers</h3>
<p>Make the handler once per isolate and keep it (<code>let handle;</code> at module scope, <code>(handle ??= ${RECEIVER_NAMES[0]}({ authHeader: env.WEBHOOK_AUTH, onEvent }))(request)</code> in <code>fetch(request, env)</code>): a handler made for each request has a store of its own each time, so a redelivery runs <code>onEvent</code> again. At module scope the secrets are in <code>env</code> from <code>import { env } from "cloudflare:workers"</code>; <code>process.env</code> holds them only from compatibility date 2026-08-04, or with <code>nodejs_compat</code> from 2025-04-01. The memory store is the isolate's, and Cloudflare runs a Worker in many: to de-duplicate across them, give <code>dedupe</code> a store kept in a Durable Object, whose <code>claim()</code> is then one atomic step (Workers KV has no set-if-absent).</p>
<h3 id="receiver-rotation">Rotating the secret</h3>
<p><code>authHeader</code> takes several values, each compared in constant time: deploy <code>authHeader: [OLD, NEW]</code>, change the webhook's with <code>editWebhook(webhooks, { webhookID, authHeader: NEW })</code>, then deploy <code>NEW</code> alone. No delivery is refused in between.</p>
<h3 id="receiver-parts">Its parts, for a receiver of your own</h3>
<p>${inline(receiverPartsText(op.area.pkg))}</p>`;
}
