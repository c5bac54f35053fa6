// The pages: home, getting started, one per area, one per operation / delivery,
// one per named schema, and the schema index.
import {
  badge,
  codeBlock,
  GLANCE_PAGE,
  href,
  layout,
  marker,
  opBadges,
  pageContext,
  RUNTIMES_PAGE,
  SEARCH_PAGE,
} from "./html.mjs";
import { keyId, LEGEND_PAGE, SOURCE_KEYS } from "./legend.mjs";
import { firstSentence, summaryOf } from "./markdown.mjs";
import {
  fieldsTable,
  inl,
  md,
  schemaBlock,
  typeLabel,
  expansion,
  propertyRows,
} from "./schema.mjs";
import {
  curlDelivery,
  curlRest,
  curlRpc,
  fillPath,
  rpcBody,
  RPC_ID,
  rpcQueryPairs,
  rpcSdkArgs,
  restRequest,
  restSdkArgs,
  standaloneOf,
  standaloneSnippet,
  tsSnippet,
  API_KEY_ENV,
} from "./snippets.mjs";
import { codePre, deref, esc, isObj, pascal, plural, sdkName, tableWrap, toJson } from "./util.mjs";

const json = (v) => toJson(v, 2);
// One locale for every sort, not the host's: under lt_LT, "Y" sorts right after "I", so a
// build's lists would depend on where it ran.
const byName = (a, b) => a.localeCompare(b, "en");
export const STATUS_TEXT = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Payload Too Large",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

function section(id, title, body) {
  return body
    ? `<section id="${id}" aria-labelledby="${id}-h"><h2 id="${id}-h"><a class="anchor" href="#${id}">${esc(title)}</a></h2>\n${body}\n</section>`
    : "";
}

/** The text of a title `esc` wrote (for `toc`, which escapes it again). */
const unescapeHtml = (html) =>
  html.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e],
  );

function toc(items) {
  const list = items.filter(Boolean);
  return list.length > 1
    ? `<nav class="toc" aria-label="On this page"><span class="muted">On this page:</span> ${list.map(([id, t]) => `<a href="#${id}">${esc(t)}</a>`).join(" · ")}</nav>`
    : "";
}

/** One way of sending the key: "the `X-Api-Key` header", "the `api-key` query parameter". */
const keyWay = (w) =>
  `the <code>${esc(w.name)}</code> ${w.in === "header" ? "header" : `${esc(w.in)} parameter`}`;

/**
 * Where the SDK puts a host's API key: the header when index.json's host names one, else the
 * query parameter (the rule by which scripts/generate picks each host's `placeKey`;
 * build.test.ts holds the two together).
 */
export function sdkKeyWay(host) {
  const auth = host?.auth;
  if (auth?.header) return { in: "header", name: auth.header };
  return auth?.query ? { in: "query", name: auth.query } : undefined;
}

function authText(pc, auth, host) {
  if (!auth || !auth.ways.length) return "none";
  const ways = auth.ways.map((w) => `${keyWay(w)}${marker(pc, w.source)}`);
  // With a choice of ways, which one the SDK takes (the admin host: the header).
  const sdk = auth.ways.length > 1 && sdkKeyWay(host);
  return `API key as ${ways.join(" or ")}${sdk ? ` (the SDK sends ${keyWay(sdk)})` : ""} — ${auth.required ? "required" : "optional"}`;
}

/**
 * The ways a host takes the API key, the SDK's first: index.json's host, and the `security` of
 * the areas it serves (the wallet's X-Api-Key header). The home page's API key cell shows them,
 * and the search ranks that table first for each name.
 */
export function hostKeyWays(site, hostKey, host) {
  const sdk = sdkKeyWay(host);
  if (!sdk) return [];
  const ways = new Map([[`${sdk.in}:${sdk.name}`, sdk]]);
  const offered = [
    { in: "query", name: host.auth.query },
    { in: "header", name: host.auth.header },
    ...site.areas
      .flatMap((a) => a.parts ?? [a])
      .filter((a) => a.hostKey === hostKey)
      .flatMap((a) => a.auth.ways),
  ];
  for (const w of offered)
    if (w.name && !ways.has(`${w.in}:${w.name}`)) ways.set(`${w.in}:${w.name}`, w);
  return [...ways.values()];
}

/** The home page's API key cell of a host: where the SDK sends the key, and the other ways. */
function hostKeyText(site, hostKey, host) {
  const [sdk, ...also] = hostKeyWays(site, hostKey, host);
  if (!sdk) return "";
  return `The SDK sends it as ${keyWay(sdk)}${also.length ? `; also accepted: ${also.map(keyWay).join(" or ")}` : ""}. ${host.auth.required ? "Required" : "Optional"}.`;
}

/** An environment's or region's base URL → what the page shows: the operation's endpoint on an operation page. */
const endpointOf = (area, op, url) =>
  op ? (op.transport === "rpc" ? `${url}${area.rpcPath ?? "/"}` : `${url}${op.path}`) : url;

function envTable(pc, area, op) {
  const rows = Object.entries(area.servers.urls).map(([env, url]) => {
    const full = url == null ? null : endpointOf(area, op, url);
    const desc = pc.site.index.environments?.[env]?.description;
    return `<tr><th scope="row"><code>${esc(env)}</code></th><td>${full == null ? '<span class="muted">not available</span>' : `<code class="url">${esc(full)}</code>`}</td><td class="small">${desc ? inl(pc, desc) : ""}</td></tr>`;
  });
  return tableWrap(
    `<table class="envs"><thead><tr><th scope="col">Environment</th><th scope="col">${op ? "Endpoint" : "Base URL"}</th><th scope="col">About</th></tr></thead><tbody>${rows.join("")}</tbody></table>`,
  );
}

/** The SDK's names of the sender's `x-minimum-tip-lamports` and `x-tip-accounts` (search finds them too). */
export const TIP_NAMES = { minimum: "senderMinimumTipLamports", accounts: "senderTipAccounts" };

/** An area's constants (the sender's `x-tip-accounts` and `x-minimum-tip-lamports`), as the SDK exports them. */
function constantsBlock(pc, info) {
  const tips = info?.["x-tip-accounts"];
  const min = info?.["x-minimum-tip-lamports"];
  if (!isObj(tips) && !isObj(min)) return "";
  const lamports = (n) => `${Number(n).toLocaleString("en")} lamports (${Number(n) / 1e9} SOL)`;
  const parts = [];
  if (isObj(min))
    parts.push(
      `<h3>Minimum tip</h3>${md(pc, min.description)}${tableWrap(`<table><thead><tr><th scope="col">Route</th><th scope="col">Minimum (as of ${esc(min.asOf ?? "")})</th></tr></thead><tbody><tr><td>default (dual routing)</td><td>${esc(lamports(min.default))}</td></tr><tr><td><code>swqosOnly</code></td><td>${esc(lamports(min.swqosOnly))}</td></tr></tbody></table>`)}<p class="small">In the SDK: <code>${TIP_NAMES.minimum}</code>${marker(pc, min["x-source"])}</p>`,
    );
  if (isObj(tips) && Array.isArray(tips.accounts))
    parts.push(
      `<h3>Tip accounts (${tips.accounts.length})</h3>${md(pc, tips.description)}<ul class="cols">${tips.accounts.map((a) => `<li><code>${esc(a)}</code></li>`).join("")}</ul><p class="small">In the SDK: <code>${TIP_NAMES.accounts}</code>${marker(pc, tips["x-source"])}</p>`,
    );
  return section("constants", "Tips", parts.join(""));
}

/**
 * The SDK's constant of an area's regional endpoints (scripts/generate/constants.mjs:
 * `<host>Regions`, exported by the area's package), or undefined without regions.
 */
export const regionsExport = (area) => {
  const r = area.servers.regions;
  return isObj(r) && Object.keys(r).length ? `${area.hostKey}Regions` : undefined;
};

/**
 * The regional hosts (`x-regions`), like the environments table: base URLs on the area page (what
 * `baseUrls` takes), the operation's endpoint on an operation page.
 */
function regionsBlock(pc, area, op) {
  const r = area.servers.regions;
  const constant = regionsExport(area);
  if (!constant) return "";
  // On the area page, how to use one: `baseUrls` takes a URL, which the SDK's constant holds.
  const first = Object.keys(r)[0];
  const sdk = op
    ? ""
    : `<p class="small">In the SDK: <code>${esc(constant)}</code> from <code>${esc(area.pkg)}</code>, e.g. <code>${esc(`${area.factory}({ baseUrls: { ${area.hostKey}: ${constant}.${first} } })`)}</code>.${
        Object.values(r).some((url) => /^http:/i.test(String(url)))
          ? ` A key is sent over https only (or to a loopback host): a client given an <code>apiKey</code> refuses a plain-http endpoint when it is created.`
          : ""
      }</p>`;
  return `${sdk}<details class="regions"><summary>Regional endpoints (${Object.keys(r).length})</summary>${tableWrap(
    `<table><thead><tr><th scope="col">Region</th><th scope="col">${op ? "Endpoint" : "Base URL"}</th></tr></thead><tbody>${Object.entries(
      r,
    )
      .map(
        ([k, v]) =>
          `<tr><td><code>${esc(k)}</code></td><td><code class="url">${esc(endpointOf(area, op, String(v).replace(/\/+$/, "")))}</code></td></tr>`,
      )
      .join("")}</tbody></table>`,
  )}</details>`;
}

const code = (x) => `<code>${esc(x)}</code>`;
/** `a`, `b` or `c` */
const orList = (names) =>
  names.length > 1
    ? `${names.slice(0, -1).map(code).join(", ")} or ${code(names.at(-1))}`
    : code(names[0]);

/** `a`, `b` and `c` */
const andList = (names) =>
  names.length > 1
    ? `${names.slice(0, -1).map(code).join(", ")} and ${code(names.at(-1))}`
    : code(names[0]);

/**
 * An operation's Pagination fact: what most readers want first (every item, with `.all()`), then
 * the rest as a list, one point an item: the cap and whole pages, the standalone walk, the wire's
 * paging, and the walk's edge rules.
 */
function paginationText(op) {
  const p = op.pagination;
  if (!p) return "";
  const call = `for await (const item of ${op.area.clientVar}.${op.id}.all(params))`;
  const wire = [`${esc(p.style)} style`];
  if (p.style === "page")
    wire.push(`request ${code(p.page ?? "page")}${p.limit ? ` and ${code(p.limit)}` : ""}`);
  else
    wire.push(
      `pass ${p.nextCursor ? code(p.nextCursor) : "the next cursor"} as ${code(p.cursor ?? "cursor")}${p.limit ? `, page size ${code(p.limit)}` : ""}`,
    );
  if (p.items) wire.push(`items at ${code(p.items)}`);
  wire.push(
    p.hasMore
      ? `more while ${code(p.hasMore)} is true`
      : p.style === "page"
        ? "ends on a short or empty page"
        : "ends when there is no next cursor",
  );
  // A page-style operation that also takes a cursor pages by keyset too (DAS `cursor`).
  const keysetPaging =
    p.style === "page" && p.cursor
      ? ` Keyset paging instead: pass ${code(p.cursor)}, the next one at ${code(p.nextCursor ?? p.cursor)}.`
      : "";
  const items = [
    ...walkOptionsText(op),
    `On the wire: ${wire.join("; ")}.${keysetPaging}`,
    ...allText(p),
  ];
  return `<p><strong>Every item:</strong> <code>${esc(call)}</code> walks every page.</p><ul class="walk">${items.map((i) => `<li>${i}</li>`).join("")}</ul>`;
}

/**
 * The standalone page walk a package exports beside its client (scripts/generate emits
 * `paginate<Operation>` for each paginated method or operation).
 */
export const standaloneWalk = (op) =>
  (op.transport === "rpc" || op.transport === "rest") && op.pagination
    ? `paginate${pascal(op.id)}`
    : undefined;

/**
 * The rest of the page walk (packages/core/src/paginate.ts): without it a reader knows only that
 * `.all()` yields items, not how to cap the walk or get whole pages.
 */
function walkOptionsText(op) {
  const fn = standaloneWalk(op);
  return [
    `<code>{ maxPages: n }</code> as <code>.all()</code>'s second argument stops after n pages; <code>.all(…).pages()</code> yields each page's whole result instead of its items.`,
    ...(fn
      ? [
          `Without a client: <code>${esc(fn)}(${esc(`${standaloneOf(op.area).factory}()`)}, params, { maxPages })</code>, both from <code>${esc(op.area.pkg)}</code>, the same walk.`,
        ]
      : []),
  ];
}

/**
 * What the SDK's `.all()` does at the edges (packages/core/src/paginate.ts), one point an item:
 * an answer that breaks the paging protocol, such as one whose `echoedPage` names another page,
 * ends it with an `InvalidResponseError`; first params that hold a `keyset` param make it walk by
 * cursor if they hold the cursor too, and otherwise refuse to start, unless `maxPages` is 1
 * (spec/README.md, `x-pagination`).
 */
function allText(p) {
  const breaks = [
    p.style === "page" &&
      p.echoedPage &&
      `a result whose ${code(p.echoedPage)} is not the page it asked for, as from a server or mock that ignores ${code(p.page ?? "page")}`,
    (p.style === "cursor" || p.keyset?.length) && "a next cursor it has already sent",
    p.style === "cursor" && p.hasMore && `${code(`${p.hasMore}: true`)} with no next cursor`,
  ].filter(Boolean);
  const out = breaks.length
    ? [
        `<code>.all()</code> stops with an <code>InvalidResponseError</code>, after the pages before, at ${breaks.join(", or at ")}.`,
      ]
    : [];
  if (!Array.isArray(p.keyset) || !p.keyset.length) return out;
  const cursor = p.cursor ?? "cursor";
  const next = p.nextCursor ?? cursor;
  const also = p.keyset.includes(cursor) ? "" : " too";
  out.push(
    `Given ${orList(p.keyset)}, <code>.all()</code> goes on by ${code(cursor)} (each result's ${code(next)}) when the params hold ${code(cursor)}${also}, and otherwise refuses to start (the result names no next page; <code>maxPages: 1</code> makes that one request).`,
  );
  if (p.keysetWhen)
    out.push(
      `With ${code(`${p.keysetWhen.param}: ${JSON.stringify(p.keysetWhen.equals)}`)} and no ${code(p.page ?? "page")}, it pages by keyset from the first request: no ${code(p.page ?? "page")} and no ${code(cursor)} at first, then each result's ${code(next)}.`,
    );
  return out;
}

/**
 * How a client keeps to a documented rate limit (every package exports `createRateLimiter`; a REST
 * package also the limit of its first rate-limited operation, as `<area>RateLimit`:
 * scripts/generate/rest.mjs).
 */
function rateLimitHint(op) {
  const named =
    op.area.kind === "openapi" && op.area.ops.find((o) => o.rateLimit?.requestsPerSecond) === op
      ? `${op.area.clientVar}RateLimit`
      : "";
  // (A limit per plan: the first plan's, said so.)
  const [plan, perPlan] = op.rateLimit.plans?.[0] ?? [];
  const limit = named || `{ requestsPerSecond: ${perPlan ?? op.rateLimit.requestsPerSecond} }`;
  const call = `${op.area.factory}({ rateLimit: createRateLimiter(${limit}) })`;
  return `<span class="small">The client can pace itself: <code>${esc(call)}</code>${plan ? ` on ${esc(plan)}` : ""} (<code>createRateLimiter</code>${named ? ` and <code>${esc(named)}</code>` : ""} from <code>${esc(op.area.pkg)}</code>).</span>`;
}

/**
 * An operation's own SDK defaults (`x-request-defaults`: the sender's ping is not retried and has
 * 5 s), which replace the client's `maxRetries` / `timeout`: "safe to retry" alone reads as if the
 * client's retries applied.
 */
function requestDefaultsText(pc, op) {
  const d = op.raw?.["x-request-defaults"];
  if (!isObj(d)) return "";
  const set = Object.entries(d).filter(([k]) => !k.startsWith("x-"));
  if (!set.length) return "";
  const list = set
    .map(([k, v]) => `<code>${esc(k)}: ${esc(toJson(v))}</code>${k === "timeout" ? " (ms)" : ""}`)
    .join(", ");
  return ` The SDK's defaults for this call: ${list}, in place of the client's; the call's own options override them.${marker(pc, d["x-source"])}`;
}

/**
 * An operation's cost and rate limit as its fact rows word them, and the operations at a glance
 * from the same words: the credits ("10 credits", or none where the service documents no cost;
 * an operation without `x-cost` has none either), per request or, for a delivery, per event.
 */
const costCredits = (op) =>
  op.cost?.credits == null ? undefined : plural(op.cost.credits, "credit");
const costUnit = (op) => (op.transport === "delivery" ? "event" : "request");
const costText = (op) =>
  costCredits(op) ? `${costCredits(op)} per ${costUnit(op)}` : "not documented by the service";
const rateLimitText = (op) =>
  op.rateLimit?.plans
    ? `by plan: ${op.rateLimit.plans.map(([plan, n]) => `${plan} ${n}`).join(", ")} requests/s`
    : op.rateLimit
      ? `${op.rateLimit.requestsPerSecond} requests/s${op.rateLimit.scope ? ` per ${op.rateLimit.scope}` : ""}`
      : undefined;

/**
 * Whether the SDK retries a call by default, and why, as its Retries row says: not a
 * non-idempotent one, nor one whose own defaults (`x-request-defaults`) set `maxRetries: 0`.
 */
function sdkRetries(op) {
  if (op.idempotent === false) return "no: not idempotent";
  const max = op.raw?.["x-request-defaults"]?.maxRetries;
  return max === 0 ? "no: maxRetries: 0 by default" : "yes: idempotent";
}

/** The id of an operation page's fact row (`fact-rate-limit`), which a search hit opens at. */
export const factId = (label) => `fact-${label.toLowerCase().replace(/\s+/g, "-")}`;

/**
 * Whether a call takes params before its options: every JSON-RPC method does; a REST operation
 * with a path or query parameter or a body. One that takes none (`listWebhooks`, the sender's
 * `ping`) takes the options as its only argument (the generated `<name>(options?)`).
 */
export const takesParams = (op) =>
  op.transport === "rpc" ||
  op.rest.params.some((p) => p.in === "path" || p.in === "query") ||
  Boolean(op.rest.body);

/** How an operation's standalone function is called: `getAsset(createDasRpc(), params)`, `ping(createSenderRpc())`. */
function standaloneCall(op) {
  return `${op.id}(${standaloneOf(op.area).factory}()${takesParams(op) ? ", params" : ""})`;
}

/** Where a fact the area gives all its operations comes from (its info.x-rate-limit; model.mjs `inheritRateLimit`). */
const areaStated = (pc, fact) =>
  fact.stated === "area"
    ? ` <span class="small">(as the <a href="${href(pc, `${pc.area.key}/index.html`)}">${esc(pc.area.label)} page</a> says of the whole area)</span>`
    : "";

function facts(pc, op) {
  const rows = [];
  const area = op.area;
  rows.push([
    "Package",
    `<code>${esc(area.pkg)}</code> → <code>${esc(area.clientVar)}.${esc(op.id)}()</code>; tree-shakable, without a client: <code>${esc(standaloneCall(op))}</code> (<a href="${href(pc, `${area.key}/index.html#standalone`)}">standalone functions</a>)`,
  ]);
  if (op.transport === "delivery")
    rows[0] = ["Receiver", "your HTTPS endpoint (the webhook's <code>webhookURL</code>)"];
  if (op.cost)
    rows.push([
      "Cost",
      `${esc(costText(op))}${marker(pc, op.cost["x-source"])}${areaStated(pc, op.cost)}`,
    ]);
  if (op.rateLimit)
    rows.push([
      "Rate limit",
      `${esc(rateLimitText(op))}${marker(pc, op.rateLimit["x-source"])}${areaStated(pc, op.rateLimit)}. ${rateLimitHint(op)}`,
    ]);
  if (op.transport !== "delivery") {
    rows.push([
      "Retries",
      op.idempotent === false
        ? `<strong>Not idempotent</strong>: the SDK retries it after a 429 only (refused before it was processed), unless the call's options say <code>{ retryNonIdempotent: true }</code> (<a href="${href(pc, "getting-started.html#options")}">options</a>).`
        : // (The sender's ping is idempotent, yet its own defaults say `maxRetries: 0`.)
          `Idempotent: safe to retry${op.raw?.["x-request-defaults"]?.maxRetries === 0 ? ", but not retried unless the call's options give <code>maxRetries</code>" : ""}.${requestDefaultsText(pc, op)}`,
    ]);
    rows.push(["Auth", authText(pc, op.rest?.auth ?? area.auth, area.host)]);
  }
  if (op.pagination) rows.push(["Pagination", paginationText(op)]);
  return `<dl class="facts">${rows.map(([k, v]) => `<div id="${factId(k)}"><dt>${k}</dt><dd>${v}</dd></div>`).join("")}</dl>`;
}

/** Link plain-text `@chaindata/<area>` mentions (outside tags and code) to the area page. */
function linkPackages(pc, html) {
  return html.replace(
    /(<code>.*?<\/code>|<a [^>]*>.*?<\/a>)|@chaindata\/([\w-]+)/g,
    (m, skip, key) => {
      if (skip) return skip;
      const a = pc.site.areas.find((x) => x.key === key);
      return a ? `<a href="${href(pc, `${a.key}/index.html`)}"><code>${esc(m)}</code></a>` : m;
    },
  );
}

function callouts(pc, op) {
  const out = [];
  if (op.deprecated)
    out.push(
      `<div class="callout callout-deprecated" role="note"><strong>Deprecated.</strong> ${op.replacedBy ? `Use ${linkPackages(pc, inl(pc, op.replacedBy))} instead.` : "No replacement is documented; it may be removed."} The SDK logs a warning once per process when it is called.</div>`,
    );
  if (op.beta)
    out.push(
      `<div class="callout callout-beta" role="note"><strong>Beta.</strong> Routes and response formats may change; response objects may gain fields.</div>`,
    );
  return out.join("\n");
}

// ---------------------------------------------------------------- JSON-RPC request shape
function rpcShape(pc, op) {
  const { structure, params } = op.rpc;
  const k = (s) => `<span class="k">${esc(JSON.stringify(s))}</span>`;
  const c = (s) => `<span class="c">// ${esc(s)}</span>`;
  let p;
  if (structure === "array") {
    const only = params[0];
    const item = only?.schema?.items
      ? typeLabel(pc, only.schema.items, { prim: false })
      : typeLabel(pc, only?.schema, { prim: false });
    p = `[ ${item}, … ]  ${c(`the ${only?.name ?? "params"} array itself`)}`;
  } else if (structure === "positional") {
    p = `[\n${params.map((x, i) => `    ${typeLabel(pc, x.schema, { prim: false })}${i < params.length - 1 ? "," : ""}  ${c(`${i}: ${x.name}${x.required ? "" : " (optional)"}`)}`).join("\n")}\n  ]`;
  } else if (!params.length) p = "{}";
  else
    p = `{\n${params.map((x, i) => `    ${k(x.name)}${x.required ? "" : "?"}: ${typeLabel(pc, x.schema, { prim: false })}${i < params.length - 1 ? "," : ""}`).join("\n")}\n  }`;
  const body = `{\n  ${k("jsonrpc")}: <span class="s">"2.0"</span>,\n  ${k("id")}: <span class="s">"1"</span>,\n  ${k("method")}: <span class="s">${esc(JSON.stringify(op.id))}</span>,\n  ${k("params")}: ${p}\n}`;
  const how =
    structure === "array"
      ? `<code>params</code> is the <code>${esc(params[0]?.name)}</code> array itself (<code>x-params: array</code>), not an object.`
      : structure === "positional"
        ? "<code>params</code> is a positional array (<code>paramStructure: by-position</code>), in the order below; the SDK takes an object keyed by parameter name."
        : "<code>params</code> is an object keyed by parameter name (<code>paramStructure: by-name</code>); a key marked <code>?</code> is optional.";
  const resultShape = `{ <span class="k">"jsonrpc"</span>: <span class="s">"2.0"</span>, <span class="k">"id"</span>: <span class="s">"1"</span>, <span class="k">"result"</span>: ${typeLabel(pc, op.rpc.result?.schema)} }\n{ <span class="k">"jsonrpc"</span>: <span class="s">"2.0"</span>, <span class="k">"id"</span>: <span class="s">"1"</span>, <span class="k">"error"</span>: { <span class="k">"code"</span>: integer, <span class="k">"message"</span>: string, <span class="k">"data"</span>?: any } }`;
  return `<p>${how}</p>${codeBlock(body, { label: "Request body shape", html: true })}${codeBlock(resultShape, { label: "Response body shape (result or error)", html: true })}`;
}

/** The SDK's receiver for deliveries (`@chaindata/webhooks`), named on the pages that show it and in the search. */
export const RECEIVER_NAMES = ["createWebhookHandler", "toNodeHandler"];

/** A delivery that reaches your endpoint (it carries the webhook's authHeader); discord ones go to Discord. */
export const reachesReceiver = (op) =>
  op.transport === "delivery" && op.rest.auth.ways.some((w) => w.in === "header");

/** What a raw delivery's handler takes, and shows of an event (a raw transaction has no type). */
const RAW_HANDLER = {
  kind: `  kind: "raw", // the events are typed and parsed as raw transactions\n`,
  onEvent: "  onEvent: (event) => console.log(event.slot, event.transaction.signatures[0]),\n",
};
/** The handler's line in the recipes (packages/webhooks/recipes), which take enhanced deliveries. */
const ENHANCED_ON_EVENT = "  onEvent: (event) => console.log(event.type, event.signature),\n";

/** A delivery page's receiver: the SDK handler for this delivery kind. */
export function receiverSnippet(op) {
  const raw = op.deliveryName.startsWith("raw");
  return `import { ${RECEIVER_NAMES[0]} } from "${op.area.pkg}";

const handle = ${RECEIVER_NAMES[0]}({
  authHeader: process.env.WEBHOOK_AUTH!, // the authHeader the webhook was created with
${raw ? RAW_HANDLER.kind + RAW_HANDLER.onEvent : ENHANCED_ON_EVENT}});
// node:http: import { ${RECEIVER_NAMES[1]} } from "${op.area.pkg}"; createServer(${RECEIVER_NAMES[1]}(handle)).listen(3000);
// edge runtimes, Deno, Bun: export default { fetch: handle };`;
}

/**
 * One of the receiver's recipes (`site.recipes`, each a file of the webhooks package, shown whole
 * in its README too) for a delivery page: importing from its area's package, and for a raw
 * delivery with the raw handler's lines in place of the enhanced one's.
 */
function receiverRecipe(site, op, key) {
  const text = site.recipes[key].replaceAll('"@chaindata/webhooks"', JSON.stringify(op.area.pkg));
  if (!op.deliveryName.startsWith("raw") || !text.includes(RECEIVER_NAMES[0])) return text;
  if (!text.includes(ENHANCED_ON_EVENT))
    throw new Error(
      `the receiver's ${key} recipe: no line ${JSON.stringify(ENHANCED_ON_EVENT.trim())} for the ${op.deliveryName} page to make a raw handler of`,
    );
  return text.replace(ENHANCED_ON_EVENT, RAW_HANDLER.kind + RAW_HANDLER.onEvent);
}

/** A delivery page's Express recipe: the receiver mounted before any body parser. */
export const receiverExpressSnippet = (site, op) => receiverRecipe(site, op, "express");

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

function editHelpersSection(pc, area) {
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

function receiverSection(pc, op) {
  if (!reachesReceiver(op)) return "";
  const ts = (snippet) => codeBlock(snippet, { label: "TypeScript", lang: "ts" });
  const [handler, adapter] = RECEIVER_NAMES.map(code);
  return `<p>${handler} of <code>${esc(op.area.pkg)}</code> is a receiver for this delivery: it checks <code>Authorization</code> in constant time, parses the events (u64 values as <code>bigint</code>), drops repeated deliveries by signature, and answers as above (200 once every new event is handled, 500 when <code>onEvent</code> throws, so the service delivers again). It takes a standard <code>Request</code>; ${adapter} adapts it to <code>node:http</code>.</p>${ts(receiverSnippet(op))}
<h3 id="receiver-answers">What it answers</h3>
<ul><li>200 once every new event is handled.</li><li>401 when <code>Authorization</code> is missing or not the <code>authHeader</code>, before the body is read.</li><li>415 to a <code>Content-Encoding</code> other than gzip or deflate (those it decodes where the runtime has <code>DecompressionStream</code>).</li><li>413 to a body over <code>maxBodyBytes</code> (10 MiB by default), as received or decoded.</li><li>408 to a body not all arrived within <code>readTimeoutMs</code> (30 s by default); reading stops there.</li><li>400 to a body that is not a UTF-8 JSON array of events.</li><li>500 when <code>onEvent</code> throws, or has not finished within <code>handlerTimeoutMs</code> (30 s by default), and to a body a parser read before the handler ran.</li></ul>
<p>Each refused delivery goes to <code>onRefused</code> with its status and reason (by default <code>console.warn</code>), and each failed event to <code>onError</code> with the error (by default <code>console.error</code>): a wrong <code>authHeader</code> or a failing database shows in your logs, not only as the service's failed deliveries. Node answers a header over 16 KB (431) and a malformed request (400) itself, before any handler runs.</p>
<h3 id="receiver-failures">When an event fails</h3>
<p>After a 500 the service delivers again, up to 3 times a minute apart, then drops the delivery. On a redelivery the events before the failed one are skipped as seen and the ones after it are handled then, so an event that fails every time takes the later events of its delivery down with it. An <code>onEvent</code> still running after <code>handlerTimeoutMs</code> gets the 500 too, with an error named <code>TimeoutError</code>, and its signature is released so the redelivery runs it again (the run left behind is not stopped, and if it completes, its signature is recorded; on Workers the runtime cancels it once the 500 is answered). Give the calls <code>onEvent</code> makes, to a database or an HTTP API, time limits of their own.</p>
<h3 id="receiver-dedupe">De-duplication</h3>
<p>By default it remembers the last 10,000 signatures, each for at most 24 hours, in memory and per process: they are lost on a restart and not shared with other instances. Size it to what a redelivery can trail behind, about 3 minutes of events (<code>dedupe: createMemorySignatureStore({ maxEntries: 40_000 })</code> for 200 events a second), and where instances come and go, as on serverless platforms, give <code>dedupe</code> a shared store. A store with <code>claim()</code> makes the check and the write one atomic step, so two instances given the same delivery run <code>onEvent</code> once; on Redis, <code>SET NX PX</code>:</p>${ts(receiverStoreSnippet(pc.site, op))}
<h3 id="receiver-express">Behind Express</h3>
<p>Mount the handler before any body parser. A parser in front reads the whole body before the handler runs: <code>Authorization</code> is checked only after an unauthenticated upload was buffered, and <code>readTimeoutMs</code> no longer applies (Node's <code>requestTimeout</code>, 300 s, does). Behind <code>express.json()</code> every delivery is answered 500 (<code>JSON.parse</code> has rounded its u64 amounts), and the service drops it after its retries. If a parser must come first, make it <code>express.raw({ type: "*/*", limit: "10mb" })</code>: without that limit, body-parser's default of 100kb answers a larger delivery 413 before the handler runs.</p>${ts(receiverExpressSnippet(pc.site, op))}
<h3 id="receiver-rotation">Rotating the secret</h3>
<p><code>authHeader</code> takes several values, each compared in constant time: deploy <code>authHeader: [OLD, NEW]</code>, change the webhook's with <code>editWebhook(webhooks, { webhookID, authHeader: NEW })</code>, then deploy <code>NEW</code> alone. No delivery is refused in between.</p>`;
}

function requestSection(pc, op) {
  const area = op.area;
  if (op.transport === "delivery") {
    const auth = op.rest.auth.ways.find((w) => w.in === "header");
    return `<p class="endpoint"><span class="badge badge-http http-post">${esc(op.method)}</span> <code class="url">&lt;your webhookURL&gt;</code></p>
<p>The service sends this request to the <code>webhookURL</code> of a webhook (delivery kind <code>${esc(op.deliveryName)}</code>), with <code>Content-Type: ${esc(op.rest.body?.contentType ?? "application/json")}</code>${auth ? ` and the webhook's <code>authHeader</code> as the <code>${esc(auth.name)}</code> header${marker(pc, auth.source)}` : ""}.${auth?.description ? ` ${inl(pc, auth.description)}` : ""}</p>`;
  }
  const main = area.servers.urls.mainnet ?? Object.values(area.servers.urls).find(Boolean) ?? "";
  const auth = op.rest?.auth ?? area.auth;
  const q = auth.ways[0]?.in === "query" ? `?${auth.ways[0].name}=&lt;API_KEY&gt;` : "";
  const optionalKey =
    auth.ways.length && !auth.required
      ? ' <span class="muted small">(API key optional)</span>'
      : "";
  let line;
  if (op.transport === "rpc")
    line = `<span class="badge badge-http http-post">POST</span> <code class="url">${esc(main)}${esc(area.rpcPath ?? "/")}${q}</code>`;
  else
    line = `<span class="badge badge-http http-${op.method.toLowerCase()}">${esc(op.method)}</span> <code class="url">${esc(main)}${esc(op.path).replace(/\{([^}]+)\}/g, '<span class="pp">{$1}</span>')}${q}</code>`;
  const hdr =
    auth.ways[0]?.in === "header"
      ? `<p class="small">Header: <code>${esc(auth.ways[0].name)}: &lt;API_KEY&gt;</code></p>`
      : "";
  const parts = [`<p class="endpoint">${line}${optionalKey}</p>`, hdr];
  parts.push(
    `<p class="small">Host <code>${esc(area.hostKey)}</code>${marker(pc, area.servers.source)}${area.host?.description ? ` — ${inl(pc, area.host.description)}` : ""}</p>`,
  );
  parts.push(envTable(pc, area, op));
  parts.push(regionsBlock(pc, area, op));
  if (op.transport === "rpc") parts.push(rpcShape(pc, op));
  else if (op.rest.body)
    parts.push(
      `<p>Body: <code>${esc(op.rest.body.contentType)}</code>, ${typeLabel(pc, op.rest.body.schema)}${op.rest.body.required ? " (required)" : " (optional)"}${marker(pc, op.rest.body.source)}. ${op.rest.body.description ? inl(pc, op.rest.body.description) : ""}</p>`,
    );
  return parts.join("\n");
}

// ---------------------------------------------------------------- parameters
function paramRows(pc, op) {
  if (op.transport === "rpc") {
    const { structure, params, queryParams } = op.rpc;
    const rows = params.map((p, i) => ({
      name: p.name,
      schema: p.schema,
      required: Boolean(p.required),
      description: p.description ?? p.summary,
      source: p["x-source"],
      deprecated: p.deprecated,
      in:
        structure === "array"
          ? "params (whole array)"
          : structure === "positional"
            ? `params[${i}]`
            : "params",
    }));
    // The SDK name first: it is what a caller writes (the generated check rejects the wire name).
    for (const q of queryParams)
      rows.push({
        name: sdkName(q.name),
        wire: `?${q.name}=`,
        schema: q.schema,
        required: Boolean(q.required),
        description: q.description,
        source: q["x-source"],
        deprecated: q.deprecated,
        in: "query",
      });
    return { rows, location: structure !== "object" || queryParams.length > 0 };
  }
  const rows = op.rest.params.map((p) => ({
    name: p.name,
    schema: p.schema,
    required: Boolean(p.required),
    description: p.description,
    source: p["x-source"],
    deprecated: p.deprecated,
    in: p.in,
    examples: Object.entries(p.examples ?? {}).map(([name, e]) => ({
      name,
      summary: e?.summary,
      value: e?.value,
    })),
  }));
  const body = op.rest.body;
  if (body?.schema) {
    const e = expansion(pc, body.schema, []);
    if (e?.properties)
      for (const r of propertyRows(pc, e))
        rows.push({ ...r, required: body.required && r.required, in: "body" });
    else
      rows.push({
        name: "body",
        schema: body.schema,
        required: body.required,
        description: body.description,
        in: "body",
      });
  }
  return { rows, location: true };
}

/** How a JSON-RPC method's query options travel, with a call that sets the first one. */
function queryParamsNote(op) {
  const q = op.rpc.queryParams[0];
  const value = q.schema?.type === "boolean" ? "true" : "…";
  const call = `${op.area.clientVar}.${op.id}({ …, ${sdkName(q.name)}: ${value} })`;
  return `<p class="small muted">Query parameters go on the URL under their wire name (<code>?${esc(q.name)}=${esc(value)}</code>); the SDK method takes them in the same object under the name shown first: <code>${esc(call)}</code>.</p>`;
}

/**
 * Rules between parameters: `x-dependent-schemas` of a JSON-RPC method, `dependentSchemas` of a
 * REST body (`{ page: { properties: { cursor: false } } }` → "`page` cannot be combined with
 * `cursor`"; `{ before: { properties: { sortBy: { properties: { sortBy: { enum: [id] } } } } } }`
 * → "with `before`, `sortBy.sortBy`, if given, must be `id`"). The SDK enforces them before sending, so a
 * caller needs to know them. Members with the same rule share one sentence.
 */
function dependentRules(op) {
  const rules =
    op.transport === "rpc"
      ? op.raw["x-dependent-schemas"]
      : deref(op.area.doc, op.rest.body?.schema)?.dependentSchemas;
  if (!isObj(rules)) return [];
  const out = [];
  const shared = new Map(); // sentence end → the members that bring it in
  for (const [name, rule] of Object.entries(rules)) {
    if (!isObj(rule)) continue;
    const excluded = Object.entries(rule.properties ?? {})
      .filter(([, v]) => v === false)
      .map(([k]) => k);
    const needs = Array.isArray(rule.required) ? rule.required : [];
    if (excluded.length) out.push(`${code(name)} cannot be combined with ${orList(excluded)}`);
    if (needs.length) out.push(`${code(name)} requires ${andList(needs)}`);
    const terms = memberRules(op.area.doc, rule);
    if (terms.length) {
      const end = terms.join(", and ");
      shared.set(end, [...(shared.get(end) ?? []), name]);
    }
  }
  for (const [end, names] of shared) out.push(`with ${orList(names)}, ${end}`);
  return out;
}

/**
 * Rules chosen by a parameter's value: `x-all-of` of a JSON-RPC method, each `{ if, then }` whose
 * `if` names one member and its values (spec/README.md) → "when `config.encoding` is `base58`,
 * `transaction` must be base58 text (…)". A rule this page cannot word is pointed at, not lost.
 */
function conditionalRules(op) {
  const rules = op.transport === "rpc" ? op.raw["x-all-of"] : undefined;
  if (!Array.isArray(rules)) return [];
  // (A required param is always given: its rule needs no "if given".)
  const required = (op.raw.params ?? []).filter((p) => p.required).map((p) => p.name);
  return rules.map((rule) => {
    const member = [];
    let condition = rule?.if;
    while (isObj(condition?.properties) && Object.keys(condition.properties).length === 1) {
      const [name] = Object.keys(condition.properties);
      member.push(name);
      condition = condition.properties[name];
    }
    const terms = isObj(rule?.then) ? memberRules(op.area.doc, rule.then, [], true, required) : [];
    return member.length && Array.isArray(condition?.enum) && terms.length
      ? `when ${code(member.join("."))} is ${orList(condition.enum.map(String))}, ${terms.join(", and ")}`
      : "a rule chosen by a parameter's value (see the spec)";
  });
}

/**
 * What a rule asks of the members it names (not `false`: excluded ones are said above), as
 * phrases: "`sortBy.sortBy`, if given, must be `id`". A rule this page cannot word is pointed at,
 * not lost. `given`: members always there (the required params).
 */
function memberRules(doc, rule, at = [], present = true, given = []) {
  const out = [];
  for (const [name, raw] of Object.entries(rule.properties ?? {})) {
    if (raw === false) continue;
    const schema = deref(doc, raw);
    const path = [...at, name].join(".");
    // `properties` constrains a member only when it is there: "`sortBy.sortBy`, if given, must be
    // `id`" (sortBy may be left out: its default is id), unless the rule requires it at each level.
    const there =
      given.includes(name) ||
      (present && Array.isArray(rule.required) && rule.required.includes(name));
    const must = `${code(path)}${there ? "" : ", if given,"} must be`;
    if (Array.isArray(schema?.enum)) out.push(`${must} ${orList(schema.enum.map(String))}`);
    else if (isObj(schema?.properties) && Object.keys(schema).every((k) => k === "properties"))
      out.push(...memberRules(doc, schema, [...at, name], there));
    else if (typeof schema?.pattern === "string")
      out.push(
        `${must} ${typeof schema["x-pattern-description"] === "string" ? esc(schema["x-pattern-description"]) : "a string matching"} (pattern ${code(schema.pattern)})`,
      );
    else out.push(`${code(path)} has a further rule (see the spec)`);
  }
  return out;
}

/** `anchor`: the section's id, the prefix of its rows' ids (`parameters.sortBy`). */
function parametersSection(pc, op, anchor) {
  const { rows, location } = paramRows(pc, op);
  if (!rows.length) return '<p class="muted">No parameters.</p>';
  const rules = [...dependentRules(op), ...conditionalRules(op)];
  const rulesNote = rules.length
    ? `<p class="dependent">Rules between parameters: ${rules.join("; ")}.</p>`
    : "";
  let note = "";
  if (op.transport === "rest" && rows.length)
    note = `<p class="small muted">The SDK method takes one flat object: path and query parameters and body fields together.</p>`;
  if (op.transport === "rpc" && op.rpc.queryParams.length) note = queryParamsNote(op);
  return `${note}${rulesNote}${fieldsTable(pc, rows, { location, anchor })}`;
}

// ---------------------------------------------------------------- results and errors
function resultSection(pc, op) {
  if (op.transport === "rpc") {
    const r = op.rpc.result;
    if (!r) return '<p class="muted">No result.</p>';
    return `<p><code>result</code> (<code>${esc(r.name ?? "result")}</code>)${r.description ? `: ${inl(pc, r.description)}` : ""}${marker(pc, r["x-source"])}</p>${schemaBlock(pc, r.schema, { showDescription: false, anchor: "result" })}`;
  }
  const ok = op.rest.responses.filter((r) => /^2\d\d$/.test(r.status));
  if (!ok.length) return '<p class="muted">No success response is documented.</p>';
  return ok
    .map((r) => {
      const headers = r.headers.length
        ? `<p class="small">Headers: ${r.headers.map((h) => `<code>${esc(h.name)}</code>${h.description ? ` — ${inl(pc, h.description)}` : ""}`).join("; ")}</p>`
        : "";
      return `<div class="response"><h3 id="response-${esc(r.status)}">${statusBadge(r.status)} ${inl(pc, r.description)}${marker(pc, r.source)}</h3>${headers}${r.schema ? schemaBlock(pc, r.schema, { anchor: `response-${r.status}` }) : '<p class="muted small">No body.</p>'}</div>`;
    })
    .join("\n");
}

function statusBadge(status) {
  const cls = /^2/.test(status)
    ? "ok"
    : /^4/.test(status)
      ? "client"
      : /^5/.test(status)
        ? "server"
        : "other";
  return `<span class="status status-${cls}">${esc(status)}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ""}</span>`;
}

/**
 * The class a REST status becomes, linked to its row in Getting started's table; a `default`
 * response stands for any status, so the table as a whole.
 */
function sdkErrorCell(pc, status) {
  if (!/^\d/.test(status))
    return `<a href="${href(pc, "getting-started.html#errors")}">by status</a>`;
  const cls = errorClassOf(status);
  return `<a href="${href(pc, `getting-started.html#${errorClassId(cls)}`)}"><code>${esc(cls)}</code></a>`;
}

/** A JSON-RPC error code's row of a method's table: code (to its Getting started row), message, status. */
function rpcErrorRow(pc, e) {
  return `<tr><td><a href="${href(pc, `getting-started.html#${rpcCodeId(e.code)}`)}"><code>${esc(e.code)}</code></a></td><td>${esc(e.message ?? "")}${e.description ? `<div class="small">${inl(pc, e.description)}</div>` : ""}</td><td>${e.httpStatus ? statusBadge(String(e.httpStatus)) : '<span class="muted">not documented</span>'}</td><td><code>${esc(e.name ?? "")}</code></td><td>${marker(pc, e.source)}${e.data !== undefined ? `<details><summary>data</summary>${codePre(`<code>${esc(json(e.data))}</code>`)}</details>` : ""}</td></tr>`;
}

const RPC_ERROR_HEAD = `<thead><tr><th scope="col">Code</th><th scope="col">Message</th><th scope="col">HTTP status</th><th scope="col">Name</th><th scope="col">Source</th></tr></thead>`;

/**
 * The JSON-RPC 2.0 protocol errors (`x-protocol-errors`): the endpoint answers them whatever the
 * method, so the spec lists them once per area rather than on each method.
 */
function protocolErrorsPart(pc, op) {
  const errs = op.rpc.protocolErrors ?? [];
  if (!errs.length) return "";
  return `<h3 id="protocol-errors">Protocol errors</h3><p>Whatever the method, the endpoint (<code>POST ${esc(op.area.rpcPath ?? "/")}</code>) answers a body that is not JSON, a body that is not a JSON-RPC 2.0 request, and a method it does not serve with these JSON-RPC 2.0 codes. The SDK always sends a well-formed request, so through it you meet them only when the endpoint does not serve the method (a <code>baseUrls</code> override pointing elsewhere, for instance).</p>${tableWrap(`<table class="errors">${RPC_ERROR_HEAD}<tbody>${errs.map((e) => rpcErrorRow(pc, e)).join("")}</tbody></table>`)}`;
}

function errorsSection(pc, op) {
  if (op.transport === "rpc") {
    const errs = op.rpc.errors;
    const all = [...errs, ...(op.rpc.protocolErrors ?? [])];
    const in200 = all.some((e) => e.httpStatus === 200)
      ? " A code documented with HTTP 200 arrives inside a successful HTTP answer and becomes a <code>JsonRpcError</code>."
      : "";
    const intro = `<p>Errors arrive as a JSON-RPC <code>error</code> object. The HTTP status documented with each code (<code>x-error-info</code>) picks the SDK's <a href="${href(pc, "getting-started.html#errors")}">error class</a>; the code, message and data stay available on it.${in200}</p>`;
    const own = errs.length
      ? tableWrap(
          `<table class="errors">${RPC_ERROR_HEAD}<tbody>${errs.map((e) => rpcErrorRow(pc, e)).join("")}</tbody></table>`,
        )
      : '<p class="muted">No error objects are documented.</p>';
    return `${intro}${own}${protocolErrorsPart(pc, op)}`;
  }
  // A delivery's statuses are your receiver's answers to the service: no SDK error comes of them.
  const delivery = op.transport === "delivery";
  const bad = delivery
    ? op.rest.responses
    : op.rest.responses.filter((r) => !/^2\d\d$/.test(r.status));
  if (!bad.length) return "";
  const rows = bad
    .map((r) => {
      const headers = r.headers
        .map(
          (h) =>
            `<div><code>${esc(h.name)}</code>${h.required ? "" : " (optional)"}: ${typeLabel(pc, h.schema)}${h.description ? ` — ${inl(pc, h.description)}` : ""}${marker(pc, h.source)}</div>`,
        )
        .join("");
      const ex = r.examples.length
        ? `<details class="ex-errors"><summary>${plural(r.examples.length, "example")}</summary>${r.examples.map((x) => `<p class="small"><code>${esc(x.name)}</code>${x.summary ? ` — ${esc(x.summary)}` : ""}</p>${codePre(`<code>${esc(json(x.value))}</code>`)}`).join("")}</details>`
        : "";
      return `<tr><td>${statusBadge(r.status)}</td><td>${md(pc, r.description)}${marker(pc, r.source)}</td>${delivery ? "" : `<td>${sdkErrorCell(pc, r.status)}</td>`}<td>${headers}</td><td>${r.schema ? typeLabel(pc, r.schema) : '<span class="muted">—</span>'}</td><td>${ex}</td></tr>`;
    })
    .join("");
  const title = delivery ? "<p>What your receiver answers:</p>" : "";
  return `${title}${tableWrap(`<table class="errors"><thead><tr><th scope="col">Status</th><th scope="col">Meaning</th>${delivery ? "" : '<th scope="col">SDK error</th>'}<th scope="col">Headers</th><th scope="col">Body</th><th scope="col">Examples</th></tr></thead><tbody>${rows}</tbody></table>`)}`;
}

// ---------------------------------------------------------------- examples
function exampleBox(title, summary, description, blocks, open) {
  return `<details class="example"${open ? " open" : ""}><summary><code>${esc(title)}</code>${summary ? ` — ${esc(summary)}` : ""}</summary>${description ? `<p>${esc(description)}</p>` : ""}<div class="ex-grid">${blocks.join("")}</div></details>`;
}

/**
 * The request examples of a JSON-RPC method or REST operation, each with the TypeScript call its
 * page shows: one per OpenRPC example pairing (`example`), one per request-body example, else
 * one from the parameters' examples (`req`). A delivery has none: the service sends it.
 */
export function requestExamples(op) {
  if (op.transport === "rpc")
    return op.rpc.examples.map((example, i) => ({
      name: example.name ?? `example ${i + 1}`,
      summary: example.summary,
      description: example.description,
      example,
      ts: tsSnippet(op, rpcSdkArgs(op, example.params)),
    }));
  if (op.transport === "delivery") return [];
  const bodyExamples = op.rest.body?.examples ?? [];
  const requests = bodyExamples.length
    ? bodyExamples.map((ex) => ({
        name: ex.name,
        summary: ex.summary,
        description: ex.description,
        req: restRequest(op, { body: ex.value }),
      }))
    : [
        {
          name: "request",
          summary: "Path and required parameters from their examples",
          req: restRequest(op),
        },
      ];
  return requests.map((r) => ({ ...r, ts: tsSnippet(op, restSdkArgs(op, r.req)) }));
}

function examplesSection(pc, op) {
  const out = [];
  if (op.transport === "rpc") {
    const exs = requestExamples(op);
    if (!exs.length) return '<p class="muted">No examples.</p>';
    exs.forEach(({ example: ex, name, ts }, i) => {
      const body = rpcBody(op, ex.params);
      const blocks = [
        codeBlock(ts, { label: "TypeScript", lang: "ts" }),
        codeBlock(curlRpc(op, body, { query: rpcQueryPairs(op, ex.params) }), {
          label: "curl",
          lang: "sh",
        }),
        codeBlock(json(body), { label: "Request body", lang: "json" }),
      ];
      if (ex.result !== undefined)
        blocks.push(
          codeBlock(json({ jsonrpc: "2.0", id: RPC_ID, result: ex.result.value }), {
            label: `Response${ex.result.name ? ` (${ex.result.name})` : ""}`,
            lang: "json",
          }),
        );
      if (ex.error !== undefined)
        blocks.push(
          codeBlock(json({ jsonrpc: "2.0", id: RPC_ID, error: ex.error }), {
            label: "Error response",
            lang: "json",
          }),
        );
      out.push(exampleBox(name, ex.summary, ex.description, blocks, i === 0));
    });
    return out.join("\n");
  }
  if (op.transport === "delivery") {
    // A delivery without an Authorization header (discord) goes to Discord, not to your
    // receiver, which would answer 401: no curl for it.
    const toReceiver = op.rest.auth.ways.some((w) => w.in === "header");
    for (const [i, ex] of (op.rest.body?.examples ?? []).entries()) {
      const blocks = [codeBlock(json(ex.value), { label: "Delivery body", lang: "json" })];
      if (toReceiver)
        blocks.push(
          codeBlock(curlDelivery(op, ex.value), {
            label: "curl: simulate a delivery to a local receiver",
            lang: "sh",
          }),
        );
      out.push(exampleBox(ex.name, ex.summary, ex.description, blocks, i === 0));
    }
    return out.join("\n") || '<p class="muted">No examples.</p>';
  }
  requestExamples(op).forEach((r, i) => {
    const url = `${fillPath(op.path, r.req.path)}${Object.keys(r.req.query).length ? `?${new URLSearchParams(Object.entries(r.req.query).map(([k, v]) => [k, String(v)]))}` : ""}`;
    const blocks = [
      codeBlock(r.ts, { label: "TypeScript", lang: "ts" }),
      codeBlock(curlRest(op, r.req), { label: "curl", lang: "sh" }),
      codeBlock(
        `${op.method} ${url}${r.req.body !== undefined ? `\nContent-Type: ${op.rest.body.contentType}\n\n${json(r.req.body)}` : ""}`,
        { label: "HTTP request", lang: "http" },
      ),
    ];
    out.push(exampleBox(r.name, r.summary, r.description, blocks, i === 0));
  });
  const responses = op.rest.responses.filter((r) => /^2\d\d$/.test(r.status) && r.examples.length);
  if (responses.length) {
    out.push(`<h3 id="response-examples">Response examples</h3>`);
    for (const r of responses)
      for (const [i, ex] of r.examples.entries())
        out.push(
          exampleBox(
            ex.name,
            `${r.status}${ex.summary ? ` · ${ex.summary}` : ""}`,
            ex.description,
            [codeBlock(json(ex.value), { label: `Response ${r.status}`, lang: "json" })],
            i === 0,
          ),
        );
  }
  return out.join("\n");
}

// ---------------------------------------------------------------- pages
export function operationPage(site, op) {
  const pc = pageContext(site, { path: op.href, area: op.area });
  const area = op.area;
  const isRpc = op.transport === "rpc";
  const isDelivery = op.transport === "delivery";
  // Render in reading order so the footnote numbers of x-source markers ascend down the page.
  const head = `${callouts(pc, op)}\n${facts(pc, op)}`;
  const sections = [
    [
      "description",
      "Description",
      op.description
        ? `${md(pc, op.description)}${op.source ? `<p class="small">Source ${marker(pc, op.source)}</p>` : ""}`
        : op.source
          ? `<p class="small">Source ${marker(pc, op.source)}</p>`
          : "",
    ],
    ["request", isDelivery ? "Delivery request" : "Request", requestSection(pc, op)],
    [
      isDelivery ? "headers" : "parameters",
      isDelivery ? "Headers and parameters" : "Parameters",
      isDelivery && !op.rest.params.length
        ? ""
        : parametersSection(pc, op, isDelivery ? "headers" : "parameters"),
    ],
    [
      isDelivery ? "payload" : "result",
      isDelivery ? "Payload" : isRpc ? "Result" : "Response",
      isDelivery
        ? op.rest.body?.schema
          ? schemaBlock(pc, op.rest.body.schema, { anchor: "payload" })
          : ""
        : resultSection(pc, op),
    ],
    [
      isDelivery ? "answer" : "errors",
      isDelivery ? "Receiver answer" : "Errors",
      errorsSection(pc, op),
    ],
    ["receiver", "Receive with the SDK", isDelivery ? receiverSection(pc, op) : ""],
    ["examples", "Examples", examplesSection(pc, op)],
  ].filter(([, , b]) => b);
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › ${area.deprecated ? "Deprecated › " : ""}<a href="${href(pc, `${area.key}/index.html`)}">${esc(area.label)}</a>${isDelivery ? " › Deliveries" : ""} › <span>${esc(op.id)}</span></nav>
<header class="op-head"><h1><code>${esc(op.id)}</code></h1><div class="badges">${opBadges(op)}</div></header>
${op.summary ? `<p class="lead">${inl(pc, op.summary)}</p>` : ""}
${head}
${toc(sections.map(([id, t]) => [id, t]))}
${sections.map(([id, t, b]) => section(id, t, b)).join("\n")}`;
  return layout(pc, { title: `${op.id} · ${area.label}`, body, description: op.summary });
}

/** An area page's quick start: the client, made as the area's auth asks. */
export function quickStartSnippet(area) {
  const firstOp = area.ops[0];
  return `import { ${area.factory} } from "${area.pkg}";\n\nconst ${area.clientVar} = ${area.factory}(${area.auth.required === false ? "" : `{ apiKey: process.env.${API_KEY_ENV} }`});${firstOp ? `\n// e.g. ${area.clientVar}.${firstOp.id}(…)` : ""}`;
}

/**
 * The call an area page's standalone snippet makes: the first operation with an example that
 * documents no error, with its SDK arguments.
 */
function areaExample(area) {
  for (const op of area.ops) {
    const ex = requestExamples(op).find((e) => e.example?.error === undefined);
    if (ex)
      return {
        op,
        args: op.transport === "rpc" ? rpcSdkArgs(op, ex.example.params) : restSdkArgs(op, ex.req),
      };
  }
  return undefined;
}

/**
 * The size ceilings of the area's one-call programs (`site.sizes`, read from the repository's
 * test/size/budgets.json at build time), as a sentence; "" without them. Ceilings, not
 * measurements: the size test fails a build whose program passes one, so "at most" stays true
 * between two resets of the budgets, where a measured figure would go stale.
 */
function sizesText(pc, area) {
  const sizes = pc.site.sizes;
  if (!sizes) return "";
  const calls = new Map();
  for (const [key, gz] of Object.entries(sizes.programs)) {
    const [of, call, form] = key.split("/");
    if (of !== area.key) continue;
    if (!calls.has(call)) calls.set(call, {});
    calls.get(call)[form] = gz;
  }
  const bytes = (n) => `${n.toLocaleString("en-US")} B`;
  const ceilings = [...calls]
    .filter(([, by]) => by.standalone !== undefined && by.client !== undefined)
    .map(([call, by]) => {
      const op = area.ops.find((o) => o.id === call);
      const name = op ? `<a href="${href(pc, op.href)}"><code>${esc(call)}</code></a>` : code(call);
      return `a program that makes one ${name} call is at most ${bytes(by.standalone)} this way, at most ${bytes(by.client)} with <code>${esc(area.factory)}()</code>`;
    });
  if (!ceilings.length) return "";
  return `<p>Bundled for a browser and gzipped, ${ceilings.join("; ")} (${esc(sizes.flags)}). These are ceilings, checked by the size test: <code>test/size/size.test.ts</code> of the repository fails a change that bundles more (its budgets, <code>test/size/budgets.json</code>); <code>BENCHMARKS.md</code> there measures them beside other clients.</p>`;
}

/**
 * The endpoint an area page's "Standalone functions" names, for the search (its factory and
 * type), or undefined where the page has no such section.
 */
export const standaloneNames = (area) => (areaExample(area) ? standaloneOf(area) : undefined);

/** An area page's "Standalone functions": the tree-shakable form of every operation. */
function standaloneSection(pc, area) {
  const ex = areaExample(area);
  if (!ex) return "";
  const { factory, type, handle } = standaloneOf(area);
  const what = area.kind === "openrpc" ? "method" : "operation";
  const calls = area.ops.map(
    (op) =>
      `<a href="${href(pc, op.href)}"><code>${esc(standaloneCall(op).replace(`${factory}()`, handle))}</code></a>`,
  );
  const walks = area.ops
    .filter(standaloneWalk)
    .map((op) => `<code>${esc(`${standaloneWalk(op)}(${handle}, params)`)}</code>`);
  return section(
    "standalone",
    "Standalone functions (tree-shakable)",
    `<p>Each ${what} is also a function of its own, exported by <code>${esc(area.pkg)}</code>, that takes in place of a client the endpoint <code>${esc(factory)}(options)</code> makes (the client's options; its type is <code>${esc(type)}</code>). A bundle then carries only the functions it imports, where <code>${esc(area.factory)}()</code> carries every ${what} of the area; params, checks, retries, errors and results are the client's.</p>${sizesText(pc, area)}${codeBlock(standaloneSnippet(ex.op, ex.args), { label: "TypeScript", lang: "ts" })}<p>Functions: ${calls.join(", ")}.${walks.length ? ` Page walks (the client's <code>.all()</code>): ${walks.join(", ")}.` : ""}</p>`,
  );
}

/**
 * How to install a package: `npm install <pkg>` once it is released; before that (its
 * package.json still at 0.0.0, `site.unreleased`), from a clone, as the repository's README says.
 */
function installText(pc, pkg) {
  if (!pc.site.unreleased?.has(pkg)) return `<code>npm install ${esc(pkg)}</code>`;
  return `Not on npm yet: install it <a href="${href(pc, "getting-started.html#install")}">from a clone</a> of the repository. After the first release: <code>npm install ${esc(pkg)}</code>.`;
}

export function areaPage(site, area) {
  const pc = pageContext(site, { path: `${area.key}/index.html`, area });
  const info = area.info;
  const rows = area.ops
    .map(
      (o) =>
        `<tr${o.deprecated ? ' class="is-deprecated"' : ""}><td><a href="${href(pc, o.href)}"><code>${esc(o.id)}</code></a></td><td class="small">${o.transport === "rpc" ? `<code>POST ${esc(area.rpcPath ?? "/")}</code>` : `<code>${esc(o.method)} ${esc(o.path)}</code>`}</td><td>${inl(pc, o.summary)}</td><td>${opBadges(o, { compact: true })}</td></tr>`,
    )
    .join("");
  const dl = area.deliveries
    .map(
      (o) =>
        `<tr><td><a href="${href(pc, o.href)}"><code>${esc(o.id)}</code></a></td><td class="small"><code>${esc(o.deliveryName)}</code></td><td>${inl(pc, o.summary)}</td></tr>`,
    )
    .join("");
  const schemaIds = [...new Set(Object.values(area.schemaIds))].sort(byName);
  // (The lead adds an OpenAPI area's info.summary to its title. The description's first sentence,
  // which `summaryOf` gives the cards, the search and the page's meta description where there is
  // no summary, is not repeated there: the description follows the lead.)
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › ${area.deprecated ? "Deprecated › " : ""}<span>${esc(area.label)}</span></nav>
<header class="op-head"><h1>${esc(area.label)}</h1><div class="badges">${badge(area.kind === "openrpc" ? "rpc" : "rest", area.kind === "openrpc" ? "JSON-RPC" : "REST")}${area.beta ? ` ${badge("beta", "beta")}` : ""}${area.deprecated ? ` ${badge("deprecated", "deprecated")}` : ""}</div></header>
<p class="lead">${esc(area.title)}${info.summary ? ` — ${inl(pc, info.summary)}` : ""}</p>
${area.beta ? '<div class="callout callout-beta" role="note"><strong>Beta.</strong> Routes and response formats may change.</div>' : ""}
${area.deprecated ? '<div class="callout callout-deprecated" role="note"><strong>Deprecated.</strong> Every operation of this area is deprecated; see each page for its replacement.</div>' : ""}
${md(pc, info.description)}${info["x-source"] || area.doc["x-source"] ? `<p class="small">Source ${marker(pc, info["x-source"])}${marker(pc, area.doc["x-source"])}</p>` : ""}
<dl class="facts"><div><dt>Package</dt><dd>${installText(pc, area.pkg)}</dd></div><div><dt>Client</dt><dd><code>${esc(area.factory)}()</code></dd></div><div><dt>Protocol</dt><dd>${area.kind === "openrpc" ? `JSON-RPC 2.0 over <code>POST ${esc(area.rpcPath ?? "/")}</code> (OpenRPC ${esc(area.doc.openrpc ?? "")})` : `REST (OpenAPI ${esc(area.doc.openapi ?? "")})`}</dd></div><div><dt>Auth</dt><dd>${authText(pc, area.auth, area.host)}</dd></div><div><dt>Spec version</dt><dd>${esc(info.version ?? "")}</dd></div></dl>
${section("hosts", "Hosts", `<p class="small">Host <code>${esc(area.hostKey)}</code>${marker(pc, area.servers.source)}${area.host?.description ? ` — ${inl(pc, area.host.description)}` : ""}</p>${envTable(pc, area)}${regionsBlock(pc, area)}`)}
${constantsBlock(pc, info)}
${section("operations", area.kind === "openrpc" ? "Methods" : "Operations", tableWrap(`<table class="ops"><thead><tr><th scope="col">Name</th><th scope="col">Request</th><th scope="col">Summary</th><th scope="col">Notes</th></tr></thead><tbody>${rows}</tbody></table>`))}
${dl ? section("deliveries", "Deliveries (sent to your URL)", `<p>${inl(pc, (area.doc.tags ?? []).find((t) => t.name === area.deliveries[0]?.tags?.[0])?.description ?? "What the service POSTs to a webhook's URL.")}</p>${area.deliveries.some(reachesReceiver) ? `<p><code>${RECEIVER_NAMES[0]}</code> of <code>${esc(area.pkg)}</code> receives them (each delivery's page shows how, what it answers, how it de-duplicates across instances, and how to mount it behind Express).</p>` : ""}${tableWrap(`<table class="ops"><thead><tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">Summary</th></tr></thead><tbody>${dl}</tbody></table>`)}`) : ""}
${section("quick-start", "Quick start", codeBlock(quickStartSnippet(area), { label: "TypeScript", lang: "ts" }))}
${standaloneSection(pc, area)}
${editHelpersSection(pc, area)}
${section("schemas", "Schemas", `<ul class="cols">${schemaIds.map((id) => `<li><a href="${href(pc, `schemas/${id}.html`)}">${esc(site.schemas.get(id).name)}</a></li>`).join("")}</ul>`)}`;
  return layout(pc, { title: area.label, body, description: summaryOf(info) || area.title });
}

function areaCard(pc, a) {
  return `<li class="card${a.deprecated ? " card-deprecated" : ""}"><a class="card-link" href="${href(pc, `${a.key}/index.html`)}"><span class="card-title">${esc(a.label)}</span> ${badge(a.kind === "openrpc" ? "rpc" : "rest", a.kind === "openrpc" ? "JSON-RPC" : "REST")}${a.beta ? ` ${badge("beta", "beta")}` : ""}${a.deprecated ? ` ${badge("deprecated", "deprecated")}` : ""}</a><p class="small">${esc(summaryOf(a.info))}</p><p class="small muted"><code>${esc(a.pkg)}</code> · ${plural(a.ops.length, a.kind === "openrpc" ? "method" : "operation")}${a.deliveries.length ? ` · ${plural(a.deliveries.length, "delivery", "deliveries")}` : ""}</p></li>`;
}

/**
 * What the home page's first sentence calls each area: an editorial word, not the spec's title
 * ("usage" for the admin API). An area not here is called by its label (`areaWord`: "Priority
 * fees" → "priority fees"), so the sentence names a new area without an edit here, and no longer
 * names a removed or deprecated one; an entry here is optional, for a better word than that.
 */
export const AREA_WORDS = {
  das: "digital assets (DAS)",
  compression: "ZK compression",
  sender: "fast transaction sending",
  wallet: "wallets",
  admin: "usage",
  webhooks: "webhooks",
};

/** "a", "a and b", "a, b and c" (plain words; `andList` puts names in code). */
const andWords = (words) =>
  words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words.join("");

const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The home page's word for area `a`: its `AREA_WORDS` entry, else its label as a word within a
 * sentence (the first letter lower-cased, but for an acronym: "Token metadata" → "token metadata",
 * "ZK Compression" stays).
 */
export const areaWord = (a) =>
  AREA_WORDS[a.key] ?? a.label.replace(/^[A-Z](?![A-Z])/, (c) => c.toLowerCase());

/** The home page's words for `areas`, in their order: "digital assets (DAS), …, usage and webhooks". */
export const areaWords = (areas) => andWords(areas.map(areaWord));

export function homePage(site) {
  const pc = pageContext(site, { path: "index.html" });
  const live = site.areas.filter((a) => !a.deprecated);
  const dep = site.areas.filter((a) => a.deprecated);
  const hosts = Object.entries(site.index.hosts ?? {});
  const envs = site.environments;
  const hostRows = hosts
    .map(
      ([k, h]) =>
        `<tr><th scope="row"><code>${esc(k)}</code>${marker(pc, h["x-source"])}</th>${envs.map((e) => `<td data-label="${esc(e)}">${h.urls?.[e] ? `<code class="url">${esc(h.urls[e])}</code>` : '<span class="muted">—</span>'}</td>`).join("")}<td class="small" data-label="API key">${hostKeyText(site, k, h)}</td></tr>`,
    )
    .join("");
  const nOps = site.areas.reduce((n, a) => n + a.ops.length, 0);
  const body = `<h1>chaindata API</h1>
<p class="lead">One reference for the REST and JSON-RPC APIs of chaindata — ${esc(areaWords(live))} — and the TypeScript packages generated from the same spec.</p>
<p><a class="button" href="${href(pc, "getting-started.html")}">Getting started</a> <a href="${href(pc, RUNTIMES_PAGE)}">Bun, Deno, Workers, browsers</a> <span class="muted small">${plural(site.areas.length, "area")} · ${plural(nOps, "operation")} · ${plural(site.schemas.size, "schema")}</span></p>
${section("areas", "APIs", `<p>What each call costs, how fast it may be called and whether the SDK retries it, for every operation in one table: <a href="${href(pc, GLANCE_PAGE)}">Operations at a glance</a>.</p><ul class="cards">${live.map((a) => areaCard(pc, a)).join("")}</ul>`)}
${dep.length ? section("deprecated", "Deprecated", `<ul class="cards">${dep.map((a) => areaCard(pc, a)).join("")}</ul>`) : ""}
${section(
  "hosts",
  "Hosts and environments",
  `<p>Every client takes <code>environment</code>: ${envs.map((e) => `<code>${esc(e)}</code>`).join(", ")}. ${envs
    .map((e) =>
      site.index.environments?.[e]?.description
        ? `<code>${esc(e)}</code>: ${inl(pc, site.index.environments[e].description)}`
        : "",
    )
    .filter(Boolean)
    .join(
      " ",
    )}</p>${tableWrap(`<table class="envs hosts"><thead><tr><th scope="col">Host</th>${envs.map((e) => `<th scope="col">${esc(e)}</th>`).join("")}<th scope="col">API key</th></tr></thead><tbody>${hostRows}</tbody></table>`)}`,
)}
${section("conventions", "Reading these pages", `<ul><li>Each operation page shows the wire format (method, host, path, JSON-RPC body), parameters with bounds, the result with expandable nested fields, errors, examples, and a TypeScript and a curl snippet.</li><li>A <span class="xs xs-docs">docs</span> marker means the item comes from the service's public docs or SDKs rather than from the API reference the spec was first written from (the seed); an <span class="xs xs-assumption">assumption</span> marker means the spec authors decided it. Hover a marker for its source, or follow it to the page's Sources list, whose short keys (D, LD, TS1, …) <a href="${href(pc, LEGEND_PAGE)}">Source keys</a> explains.</li><li>The search box finds operations, summaries, field names, SDK names, error codes and HTTP statuses as you type; without JavaScript, Enter in it opens the <a href="${href(pc, SEARCH_PAGE)}">index</a> of them all, for the browser's find. <kbd>Ctrl</kbd>+<kbd>K</kbd>, or <kbd>⌘</kbd>+<kbd>K</kbd> on a Mac, takes you to it from anywhere on the page.</li></ul>`)}`;
  return layout(pc, { title: "Overview", body, description: "chaindata API reference" });
}

/**
 * One row per operation: its link with its beta / deprecated marks, area, transport, cost, rate
 * limit and the SDK's retries, in the words of the operation page's fact rows (the same
 * functions), so that the table cannot drift from the pages. A delivery has no SDK call: no rate
 * limit, no retries, and its cost is per event.
 */
function glanceTable(pc, ops, { name, caption }) {
  const cols = [
    ["Area", (op) => esc(op.area.label)],
    ["Transport", (op) => INDEX_KINDS[op.transport]],
    [`Cost per ${costUnit(ops[0])}`, (op) => esc(costCredits(op) ?? "not documented")],
    ...(ops[0].transport !== "delivery"
      ? [
          [
            "Rate limit",
            (op) =>
              op.rateLimit
                ? esc(rateLimitText(op))
                : '<span aria-hidden="true">—</span><span class="visually-hidden">none documented</span>',
          ],
          ["SDK retries", (op) => esc(sdkRetries(op))],
        ]
      : []),
  ];
  const marks = (op) =>
    `${op.beta ? ` ${badge("beta", "beta")}` : ""}${op.deprecated ? ` ${badge("deprecated", "deprecated")}` : ""}`;
  const rows = ops
    .map(
      (op) =>
        `<tr${op.deprecated ? ' class="is-deprecated"' : ""}><th scope="row"><a href="${href(pc, op.href)}"><code>${esc(op.id)}</code></a>${marks(op)}</th>${cols.map(([, cell]) => `<td>${cell(op)}</td>`).join("")}</tr>`,
    )
    .join("");
  return tableWrap(
    `<table class="glance"><caption>${caption}</caption><thead><tr>${[name, ...cols.map(([h]) => h)].map((h) => `<th scope="col">${h}</th>`).join("")}</tr></thead><tbody>${rows}</tbody></table>`,
  );
}

/**
 * Every operation on one page, for what no single operation page answers: which calls cost what,
 * which are paced, which the SDK retries, which are beta or deprecated.
 */
export function glancePage(site) {
  const pc = pageContext(site, { path: GLANCE_PAGE });
  const ops = site.areas.flatMap((a) => a.ops);
  const deliveries = site.areas.flatMap((a) => a.deliveries);
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › <span>Operations at a glance</span></nav>
<h1>Operations at a glance</h1>
<p class="lead">What each call costs, how fast it may be called, whether the SDK retries it, and whether it is beta or deprecated: each operation page's facts, side by side.</p>
${
  ops.length
    ? section(
        "operations",
        "Operations",
        `<p class="small">Cost and rate limit as each operation's page gives them (its Sources say where from); a dash: none documented. The SDK retries an idempotent call after a 408, 429, 5xx, connection error or timeout; a call that is not idempotent after a 429 only (refused before it was processed), unless with <code>{ retryNonIdempotent: true }</code> (<a href="${href(pc, "getting-started.html#options")}">options</a>).</p>${glanceTable(
          pc,
          ops,
          {
            name: "Operation",
            caption: `The ${plural(ops.length, "operation")} by area`,
          },
        )}`,
      )
    : ""
}
${deliveries.length ? section("deliveries", "Webhook deliveries", `<p class="small">Sent by the service to your URL: no SDK call, so no rate limit or retries.</p>${glanceTable(pc, deliveries, { name: "Delivery", caption: `The ${plural(deliveries.length, "delivery", "deliveries")}` })}`) : ""}`;
  return layout(pc, {
    title: "Operations at a glance",
    body,
    description: `Cost, rate limit, SDK retries and status of the ${ops.length} chaindata operations.`,
  });
}

// The options of every client (`ClientOptions` of packages/core/src/config.ts) and of each call
// (`RequestOptions`, after the params). test/docs/build.test.ts checks this list against both
// interfaces, so a new option fails the tests until it is described here.
export const CLIENT_OPTIONS = [
  [
    "apiKey",
    'The API key. Default: <code>process.env.CHAINDATA_API_KEY</code> (<code>local</code> in the <code>local</code> environment). Sent as the <code>api-key</code> query parameter, or the <code>X-Api-Key</code> header on the admin host; never in errors or logs. Without a key, a call to a host at its environment\'s URL throws a <code>ConfigurationError</code> before sending, but a host given its own <code>baseUrls</code> entry is called without one (a proxy that adds the key). <code>apiKey: ""</code> is no key, and <code>CHAINDATA_API_KEY</code> is then not read.',
  ],
  [
    "environment",
    "<code>mainnet</code> (default), <code>devnet</code> or <code>local</code>: picks every host's base URL.",
  ],
  [
    "baseUrls",
    "A base URL per host, overriding the environment's: a dedicated node, a regional sender endpoint, a proxy.",
  ],
  ["timeout", "Time limit per attempt in ms (default 60 000). Also per call."],
  [
    "maxRetries",
    "Retries after a 408, 429, 5xx, connection error or timeout (default 2); a write (not idempotent) after a 429 only, unless the call says <code>retryNonIdempotent: true</code>. Also per call.",
  ],
  [
    "rateLimit",
    "<code>createRateLimiter({ requestsPerSecond })</code>: waits before every attempt to keep a documented limit (admin: 5/s). Pass one limiter to several clients to share the budget.",
  ],
  [
    "batch",
    "<code>createBatcher()</code>: JSON-RPC calls made in the same tick go as one batch request, also across clients that share the batcher and their other options (a DAS and a compression call of <code>@chaindata/sdk</code>). JSON-RPC areas only, not the sender.",
  ],
  [
    "headers",
    "Headers sent with every request. Also per call, where <code>null</code> removes one.",
  ],
  ["fetch", "The <code>fetch</code> to use (a proxy agent, a test stub)."],
  ["logger", "Where log lines go (<code>console</code> fits); silent by default."],
];
export const CALL_OPTIONS = [
  ["signal", "An <code>AbortSignal</code>: aborts the call, also while it waits to retry."],
  ["timeout", "As the client option, for this call."],
  ["maxRetries", "As the client option, for this call."],
  ["headers", "Extra headers for this call."],
  [
    "retryNonIdempotent",
    "<code>true</code> retries a non-idempotent operation (a write) too; only safe if repeating it is harmless. Default <code>false</code>.",
  ],
  [
    "onResponse",
    "Called with a successful answer's <code>status</code>, <code>headers</code> (key redacted) and <code>requestId</code> before the call resolves (per page with <code>.all()</code>; a batched call sees its batch's answer).",
  ],
];
// The error classes every package exports (packages/core/src/errors.ts), checked by the tests;
// the third item is the HTTP status that picks the class (errors.ts `byStatus`).
export const ERROR_CLASSES = [
  ["ValidationError", "the params do not match the schema; nothing was sent"],
  [
    "ConfigurationError",
    "a bad option, no API key for a host at its environment's URL (one given in <code>baseUrls</code> is called without a key), no base URL for a host; nothing was sent",
  ],
  ["BadRequestError", "HTTP 400", 400],
  ["AuthenticationError", "HTTP 401", 401],
  ["PermissionDeniedError", "HTTP 403", 403],
  ["NotFoundError", "HTTP 404", 404],
  ["UnprocessableEntityError", "HTTP 422", 422],
  ["RateLimitError", "HTTP 429 (<code>retryAfter</code> in seconds)", 429],
  [
    "InternalServerError",
    "any 5xx (<code>retryAfter</code> when it gives <code>Retry-After</code>)",
  ],
  ["APIError", "any other non-2xx status (and the base class of the HTTP ones above)"],
  ["JsonRpcError", "a JSON-RPC error object (<code>code</code>, <code>data</code>); never retried"],
  ["ConnectionError", "no response (DNS, TCP, TLS); retried"],
  ["TimeoutError", "an attempt took longer than <code>timeout</code>; retried"],
  ["AbortError", "the call's <code>signal</code> fired; never retried"],
  ["InvalidResponseError", "a 2xx whose body is not what the protocol promises"],
  ["ChainDataError", "the base class of all of them"],
];

/**
 * The class the SDK throws for a non-2xx status (a number, or an OpenAPI range such as "5XX"), as
 * errors.ts picks it: its own class, else any 5xx an InternalServerError, else an APIError.
 */
export function errorClassOf(status) {
  const own = ERROR_CLASSES.find(([, , s]) => String(s) === String(status));
  return own ? own[0] : /^5/.test(String(status)) ? "InternalServerError" : "APIError";
}

/** An error class's row in Getting started's table (an id: the search leads there too). */
export const errorClassId = (name) => `error-${name}`;
/** A JSON-RPC error code's row in Getting started's table of codes: `code-32602`. */
export const rpcCodeId = (code) => `code${code}`;

/**
 * Every JSON-RPC error code the methods list, in code order: its message, its name in the spec,
 * and per HTTP status documented with it (`x-error-info`, which an area may change: compression
 * answers -32602 with 200, DAS with 400) the areas that answer so (`null`: not documented).
 */
export function rpcErrorCodes(site) {
  const codes = new Map();
  for (const area of site.areas)
    for (const op of area.ops)
      for (const e of [...(op.rpc?.errors ?? []), ...(op.rpc?.protocolErrors ?? [])]) {
        if (!codes.has(e.code))
          codes.set(e.code, { code: e.code, message: e.message, name: e.name, areas: new Map() });
        const byStatus = codes.get(e.code).areas;
        const status = e.httpStatus ?? null;
        if (!byStatus.has(status)) byStatus.set(status, new Set());
        byStatus.get(status).add(area);
      }
  return [...codes.values()].sort((a, b) => a.code - b.code);
}

/**
 * What the SDK makes of a JSON-RPC error code, per documented status: a 2xx answer holds a
 * JsonRpcError, any other status picks its class. `link(name)` renders a class name.
 */
export function rpcCodeOutcomes(c, link = (name) => name) {
  return [...c.areas]
    .map(([status, areas]) => {
      const labels = [...areas].map((a) => a.label).join(", ");
      if (status === null) return `HTTP status not documented: ${labels}`;
      const cls = /^2/.test(String(status)) ? "JsonRpcError" : errorClassOf(status);
      return `HTTP ${status} → ${link(cls)}: ${labels}`;
    })
    .join("; ");
}

/** Getting started's table of the JSON-RPC error codes the methods list. */
function rpcCodesTable(site) {
  const codes = rpcErrorCodes(site);
  if (!codes.length) return "";
  const protocol = [
    ...new Set(
      site.areas.flatMap((a) =>
        a.ops.flatMap((o) => (o.rpc?.protocolErrors ?? []).map((e) => e.code)),
      ),
    ),
  ];
  const classLink = (name) => `<a href="#${errorClassId(name)}"><code>${esc(name)}</code></a>`;
  // The spec's name (the methods' pages show it) where it is more than the message run together.
  const squeezed = (t) =>
    String(t ?? "")
      .replace(/\W/g, "")
      .toLowerCase();
  const rows = codes
    .map(
      (c) =>
        `<tr id="${rpcCodeId(c.code)}"><td><code>${esc(c.code)}</code></td><td>${esc(c.message ?? "")}${c.name && squeezed(c.name) !== squeezed(c.message) ? ` <span class="muted small">(${esc(c.name)})</span>` : ""}</td><td>${rpcCodeOutcomes(c, classLink)}</td></tr>`,
    )
    .join("");
  return `<h3 id="rpc-error-codes">JSON-RPC error codes</h3><p>The codes the methods list (each method's page lists its own)${protocol.length ? `, and the JSON-RPC 2.0 protocol errors an endpoint answers whatever the method (${protocol.map((c) => `<code>${esc(c)}</code>`).join(", ")})` : ""}. The HTTP status the service answers a code with picks the class, as above; in a batch each call's error is a <code>JsonRpcError</code>. Either way <code>err.rpcError?.code</code> holds the code.</p>${tableWrap(`<table><thead><tr><th scope="col">Code</th><th scope="col">Message</th><th scope="col">HTTP status → SDK error: areas</th></tr></thead><tbody>${rows}</tbody></table>`)}`;
}

const optionTable = (rows) =>
  tableWrap(
    `<table><thead><tr><th scope="col">Option</th><th scope="col">What</th></tr></thead><tbody>${rows.map(([name, what]) => `<tr><td><code>${esc(name)}</code></td><td>${what}</td></tr>`).join("")}</tbody></table>`,
  );

/** Getting started's client and call options, shown on one area's client. */
export function optionsSnippet(area) {
  const pkg = area?.pkg ?? "@chaindata/das";
  const factory = area?.factory ?? "createDasClient";
  const v = area?.clientVar ?? "das";
  return `import { ${factory}, createRateLimiter } from "${pkg}";

const ${v} = ${factory}({
  apiKey: process.env.${API_KEY_ENV},
  environment: "devnet",
  maxRetries: 3,
  rateLimit: createRateLimiter({ requestsPerSecond: 10 }),
});
// Call options follow the params: ${v}.<method>(params, { timeout: 10_000, signal })`;
}

/** Getting started's all-in-one client (`@chaindata/sdk`) and one call through it. */
export const ALL_IN_ONE_SNIPPET = `import { createChainDataClient } from "@chaindata/sdk";

const chaindata = createChainDataClient({ apiKey: process.env.${API_KEY_ENV} });
const asset = await chaindata.das.getAsset({ id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" });`;

/** Getting started's results kept as JSON text: u64 values written whole and read back as `bigint`. */
export const KEEP_RESULTS_SNIPPET = `import { createDasClient, dasU64Shape, parseJson, reviveU64, stringifyJson } from "@chaindata/das";

const das = createDasClient({ apiKey: process.env.${API_KEY_ENV} });
const asset = await das.getAsset({ id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" });
// JSON.stringify throws on a bigint; stringifyJson writes it as bare digits.
const text = stringifyJson(asset);
// parseJson gives a bigint only past 2^53 - 1: the shape makes every u64 field one again.
const cached = reviveU64(parseJson(text), dasU64Shape("getAsset")) as typeof asset;
console.log(cached.token_info?.supply);

// One item of a page walk per line (JSON lines): the item's shape, not the page's.
const owner = { ownerAddress: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY" };
for await (const item of das.getAssetsByOwner.all(owner, { maxPages: 1 })) {
  const line = stringifyJson(item);
  const back = reviveU64(parseJson(line), dasU64Shape("getAssetsByOwner", "item")) as typeof item;
  console.log(back.id);
}`;

/**
 * helius-sdk's calls beside chaindata's, for Getting started's "Coming from helius-sdk". Only names
 * read in helius-sdk's source: 1.x is `new Helius(apiKey)` (src/Helius.ts, with DAS on `rpc`:
 * src/RpcClient.ts), 2.x and 3.x are `createHelius({ apiKey })` (src/rpc/createHelius.eager.ts,
 * src/webhooks/client.ts, src/wallet/client.ts, src/transactions/client.ts). The DAS methods have
 * the same names in both and in the spec; those the spec lacks join its own list of the
 * service's other DAS methods under "Not covered".
 */
export const HELIUS = {
  das: [
    "getAsset",
    "getAssetBatch",
    "getAssetsByOwner",
    "getAssetsByAuthority",
    "getNftEditions",
    "getAssetsByCreator",
    "getAssetsByGroup",
    "searchAssets",
    "getAssetProof",
    "getAssetProofBatch",
    "getSignaturesForAsset",
    "getTokenAccounts",
  ],
  // [1.x, 2.x and 3.x, chaindata's operation or helper, its call as written, a note]
  webhooks: [
    [
      "helius.getAllWebhooks()",
      "helius.webhooks.getAll()",
      "listWebhooks",
      "webhooks.listWebhooks()",
    ],
    [
      "helius.getWebhookByID(id)",
      "helius.webhooks.get(id)",
      "getWebhook",
      "webhooks.getWebhook({ webhookID })",
    ],
    [
      "helius.createWebhook(request)",
      "helius.webhooks.create(request)",
      "createWebhook",
      "webhooks.createWebhook(request)",
    ],
    [
      "helius.editWebhook(id, changes)",
      "",
      "editWebhook",
      "editWebhook(webhooks, { webhookID, ...changes })",
      "reads the webhook and sends its settings back with yours",
    ],
    [
      "",
      "helius.webhooks.update(id, changes)",
      "updateWebhook",
      "webhooks.updateWebhook({ webhookID, ...settings })",
      "its body is the complete settings, which the service replaces; to change a few, <code>editWebhook</code>",
    ],
    [
      "helius.appendAddressesToWebhook(id, addresses)",
      "",
      "addWebhookAddresses",
      "addWebhookAddresses(webhooks, { webhookID, addresses })",
    ],
    [
      "helius.removeAddressesFromWebhook(id, addresses)",
      "",
      "removeWebhookAddresses",
      "removeWebhookAddresses(webhooks, { webhookID, addresses })",
    ],
    [
      "helius.deleteWebhook(id)",
      "helius.webhooks.delete(id)",
      "deleteWebhook",
      "webhooks.deleteWebhook({ webhookID })",
    ],
  ],
  // helius.zk (2.x, 3.x: src/zk/client.ts), in its order. Those the spec has (by name, in the
  // compression area) get a row; the rest join the ZK-compression area's own list of the service's
  // other methods under "Not covered".
  zk: [
    "getCompressedAccount",
    "getCompressedAccountProof",
    "getCompressedAccountsByOwner",
    "getCompressedBalance",
    "getCompressedBalanceByOwner",
    "getCompressedMintTokenHolders",
    "getCompressedTokenAccountBalance",
    "getCompressedTokenAccountsByDelegate",
    "getCompressedTokenAccountsByOwner",
    "getCompressedTokenBalancesByOwner",
    "getCompressedTokenBalancesByOwnerV2",
    "getCompressionSignaturesForAccount",
    "getCompressionSignaturesForAddress",
    "getCompressionSignaturesForOwner",
    "getCompressionSignaturesForTokenOwner",
    "getIndexerHealth",
    "getIndexerSlot",
    "getLatestCompressionSignatures",
    "getLatestNonVotingSignatures",
    "getMultipleCompressedAccountProofs",
    "getMultipleCompressedAccounts",
    "getMultipleNewAddressProofs",
    "getMultipleNewAddressProofsV2",
    "getTransactionWithCompressionInfo",
    "getValidityProof",
    "getSignaturesForAsset",
  ],
  // helius.zk's token balances by owner: the owner's token accounts summed by mint (the snippet).
  zkBalances: ["getCompressedTokenBalancesByOwner", "getCompressedTokenBalancesByOwnerV2"],
  // helius.wallet (2.2 on, its CHANGELOG's #275; getBalanceAt 3.1 on, #334): those the spec has
  // get the wallet row, the rest "Not covered".
  wallet: [
    "getIdentity",
    "getBatchIdentity",
    "getBalances",
    "getHistory",
    "getTransfers",
    "getFundedBy",
    "getBalanceAt",
  ],
  // [call, the versions that have it, the operation that would cover it (null: none would), what
  // it does, its name for the search (by default the call's)]: "Not covered" while the spec has no
  // operation of that name (src/webhooks/toggleWebhook.ts: a PATCH of `{ active }`, which
  // chaindata's edits refuse as read-only; src/rpc/index.ts: `rebateAddress`, a query parameter).
  uncovered: [
    [
      "helius.webhooks.toggle(webhookID, active)",
      "3.x",
      "toggleWebhook",
      "turns a webhook's deliveries off or on again (a <code>PATCH</code> of <code>{ active }</code>): no operation of the spec sets <code>active</code>, which <code>editWebhook</code> refuses as read-only (the service sets it, and may turn a webhook off itself after failed deliveries)",
    ],
    [
      "createHelius({ rebateAddress })",
      "2.x, 3.x",
      null,
      "the wallet that receives rebates for the client's RPC use, sent as a <code>rebate-address</code> query parameter: no client option of chaindata's sends it",
      "rebateAddress",
    ],
  ],
  // The createHelius options (HeliusRpcOptions of src/rpc/types.ts) and what chaindata calls them
  // ([helius-sdk's, chaindata's client option]); `apiKey` has the row above, `rebateAddress` is
  // under "Not covered" (`uncovered`).
  options: [
    ["network", "environment"],
    ["baseUrl", "baseUrls"],
    ["userAgent", "headers"],
    ["transport", "maxRetries"],
    ["transport", "fetch"],
  ],
  sender: "helius.tx.sendTransactionWithSender",
  // helius-sdk/transactions/sendViaSender: POSTs a signed base64 transaction to a region's /fast
  // (2.x: tx64, region, swqosOnly; 3.1 adds skipPreflight, its CHANGELOG's #335), and its regions (SENDER_ENDPOINTS of
  // src/transactions/types.ts), matched to the spec's by URL.
  viaSender: "sendViaSender",
  senderEndpoints: {
    Default: "https://sender.helius-rpc.com",
    US_SLC: "http://slc-sender.helius-rpc.com",
    US_EAST: "http://ewr-sender.helius-rpc.com",
    EU_WEST: "http://lon-sender.helius-rpc.com",
    EU_CENTRAL: "http://fra-sender.helius-rpc.com",
    EU_NORTH: "http://ams-sender.helius-rpc.com",
    AP_SINGAPORE: "http://sg-sender.helius-rpc.com",
    AP_TOKYO: "http://tyo-sender.helius-rpc.com",
  },
  // What builds, prices and confirms a transaction (1.x on `rpc`, 2.x and 3.x on `tx` and the
  // client): [its name, what it does to a transaction, what "Not covered" calls it in words (none:
  // its name says it)]. One the spec has (an operation of that name in any area) is covered, and
  // leaves "Not covered", its words with it (`notCovered`, `sendingWords`).
  sending: [
    ["sendSmartTransaction", "building"],
    ["createSmartTransaction", "building"],
    ["getPriorityFeeEstimate", "pricing", "priority-fee estimates"],
    ["pollTransactionConfirmation", "confirming", "confirmation"],
  ],
};

/**
 * The DAS methods the DAS area's description says the package leaves out (its "the service's
 * other DAS methods (…) are outside it"), and helius-sdk's DAS methods the spec has not.
 */
export function dasNotCovered(site) {
  return othersOf(site, "das", "DAS", HELIUS.das);
}

/**
 * The same for ZK compression: the methods its description says the package leaves out (its "the
 * service's other ZK-compression methods (…) are outside it"), and helius-sdk's `zk` methods the
 * spec has not.
 */
export function zkNotCovered(site) {
  return othersOf(site, "compression", "ZK-compression", HELIUS.zk);
}

/** The methods area `key`'s description lists as "the service's other <word> methods (…)", and `helius`, but the area's own. */
function othersOf(site, key, word, helius) {
  const area = site.areas.find((a) => a.key === key);
  if (!area) return [];
  const own = new Set(area.ops.map((o) => o.id));
  const said = new RegExp(`the service's other ${word} methods \\(([^)]*)\\) are outside it`).exec(
    (area.info.description ?? "").replace(/\s+/g, " "),
  );
  const listed = said
    ? said[1]
        .replace(/ and more$/, "")
        .replace(/`/g, "")
        .split(", ")
    : [];
  return [...new Set([...listed, ...helius])].filter((m) => !own.has(m));
}

/**
 * What Getting started's "Not covered" lists: the service's other DAS methods (with a DAS area;
 * `dasNotCovered`), what builds, prices and confirms a transaction (with a Sender area), the other
 * ZK-compression methods (`zkNotCovered`), helius-sdk's wallet calls the Wallet area has not, and
 * its calls and options of `HELIUS.uncovered` that no operation covers. The page's list, the
 * search's entry and its summary all come from here, so a method the spec adds leaves all three.
 */
export function notCovered(site) {
  const has = (key) => site.areas.some((a) => a.key === key);
  const own = specOperations(site);
  return {
    das: has("das") ? dasNotCovered(site) : [],
    sending: has("sender") ? HELIUS.sending.map(([m]) => m).filter((m) => !own.has(m)) : [],
    zk: zkNotCovered(site),
    wallet: has("wallet") ? HELIUS.wallet.filter((m) => !own.has(m)) : [],
    // (by the call's name, `helius.webhooks.toggle`, or the one its row gives: `rebateAddress`)
    calls: uncoveredCalls(site).map(([call, , , , name]) => name ?? call.replace(/\(.*$/, "")),
  };
}

/** The rows of `HELIUS.uncovered` whose operation the spec has not. */
const uncoveredCalls = (site) => {
  const own = specOperations(site);
  return HELIUS.uncovered.filter(([, , id]) => id === null || !own.has(id));
};

/**
 * The names of every operation of the spec, in any area (a JSON-RPC method's or an operationId),
 * or of those `which` keeps.
 */
const specOperations = (site, which = () => true) =>
  new Set(site.areas.flatMap((a) => a.ops.filter(which).map((o) => o.id)));

/**
 * What the sending methods `names` (of `HELIUS.sending`) do, in words: `doing`, "building, pricing
 * and confirming", and `words`, what the item's parentheses call those whose names do not say it
 * ("priority-fee estimates, confirmation"). Only theirs: a method the spec has takes its words along.
 */
export function sendingWords(names) {
  const rows = HELIUS.sending.filter(([m]) => names.includes(m));
  return {
    doing: andWords([...new Set(rows.map(([, doing]) => doing))]),
    words: rows.flatMap(([, , words]) => (words ? [words] : [])),
  };
}

/**
 * The search's summary of "Not covered": the items the page lists, by the same names (of the ZK
 * methods, how many and the first three: the list is long).
 */
export function notCoveredSummary(site) {
  const { das, sending, zk, wallet, calls } = notCovered(site);
  const items = [
    das.length && `other DAS methods (${das.join(", ")})`,
    sending.length && [sending[0], ...sendingWords(sending).words].join(", "),
    zk.length &&
      `${zk.length} ZK-compression methods (${zk.slice(0, 3).join(", ")}${zk.length > 3 ? ", …" : ""})`,
    wallet.length && `wallet calls (${wallet.join(", ")})`,
    ...calls,
  ].filter(Boolean);
  return `What helius-sdk does that chaindata does not: ${items.join(", ") || "nothing listed"}`;
}

/**
 * helius-sdk's calls that "Coming from helius-sdk" gives a row of their own, as the spec has their
 * chaindata operations: DAS methods and wallet calls by their names, and whether the sender's
 * sendTransaction is there.
 */
function heliusCovered(site) {
  const ops = (key) => site.areas.find((a) => a.key === key)?.ops ?? [];
  const has = (key, id) => ops(key).some((o) => o.id === id);
  return {
    das: HELIUS.das.filter((m) => has("das", m)),
    zk: HELIUS.zk.filter((m) => has("compression", m)),
    wallet: HELIUS.wallet.filter((m) => has("wallet", m)),
    sender: has("sender", "sendTransaction"),
    // (by name, in whichever area has it: [name, area])
    sending: HELIUS.sending.flatMap(([m]) => {
      const area = site.areas.find((a) => a.ops.some((o) => o.id === m));
      return area ? [[m, area]] : [];
    }),
  };
}

/** The search's summary of "Coming from helius-sdk": some of the calls its rows show. */
export function heliusSummary(site) {
  const { das, wallet, sender } = heliusCovered(site);
  const calls = [
    das.length && `rpc.${das[0]}`,
    das.includes("getAssetsByOwner") && "displayOptions",
    // (The webhook rows are there whatever the spec has: helius-sdk's names, chaindata's helpers.)
    "getAllWebhooks",
    "editWebhook",
    "appendAddressesToWebhook",
    wallet.length && "the wallet",
    sender && "the sender",
  ].filter(Boolean);
  return `Migrating from helius-sdk: its calls beside chaindata's (${calls.join(", ")})`;
}

/** The Sender area's sentence that leaves building and confirming a transaction to the caller. */
const senderLeaves = (sender) =>
  (sender?.info.description ?? "").split(/(?<=\.)\s+/).find((t) => /are the caller's/.test(t));

/**
 * Every helius-sdk name "Coming from helius-sdk" shows, for the search: the wallet and zk calls
 * the spec has (the others are "Not covered"'s, `notCoveredNames`).
 */
export const heliusNames = (site) => {
  const covered = heliusCovered(site);
  return [
    "new Helius",
    "createHelius",
    "displayOptions",
    ...HELIUS.das.flatMap((m) => [`helius.rpc.${m}`, `helius.${m}`]),
    ...HELIUS.webhooks.flatMap(([v1, v2]) =>
      [v1, v2].filter(Boolean).map((c) => c.replace(/\(.*$/, "")),
    ),
    ...HELIUS.webhooks
      .map(([v1]) => /\.(\w+)\(/.exec(v1)?.[1])
      // (Bare, but for a name chaindata has too, which leads to its own page.)
      .filter((m) => m && !EDIT_HELPERS.names.includes(m) && !/^(create|delete)Webhook$/.test(m)),
    ...covered.wallet.map((m) => `helius.wallet.${m}`),
    "helius.zk",
    ...covered.zk.map((m) => `helius.zk.${m}`),
    HELIUS.sender,
    HELIUS.sender.split(".").at(-1),
    HELIUS.viaSender,
    ...Object.keys(HELIUS.senderEndpoints),
    "HELIUS_API_KEY",
  ];
};

/** The names "Not covered" lists, for the search: bare, and as helius-sdk calls them (`helius.zk.getValidityProof`). */
export function notCoveredNames(site) {
  const { das, sending, zk, wallet, calls } = notCovered(site);
  return [
    ...new Set([
      ...das,
      ...sending,
      ...zk,
      ...zk.map((m) => `helius.zk.${m}`),
      ...wallet,
      ...wallet.map((m) => `helius.wallet.${m}`),
      ...calls,
    ]),
  ];
}

/**
 * helius-sdk's sender regions (`SENDER_ENDPOINTS`) as `senderRegions` names them: [helius-sdk's
 * key, the region, or undefined for a URL the spec has not]. `global` is the host's mainnet URL
 * (the SDK's `senderRegions.global`), the others its `x-regions`.
 */
export function heliusSenderRegions(site) {
  const sender = site.areas.find((a) => a.key === "sender");
  const trim = (url) => String(url).replace(/\/+$/, "");
  const regions = Object.entries({
    global: sender?.servers.urls.mainnet,
    ...(sender?.servers.regions ?? {}),
  });
  return Object.entries(HELIUS.senderEndpoints).map(([key, url]) => [
    key,
    regions.find(([, u]) => u && trim(u) === trim(url))?.[0],
  ]);
}

/**
 * "Coming from helius-sdk"'s sum of compressed token balances by mint, which helius-sdk's
 * `zk.getCompressedTokenBalancesByOwner(V2)` answer (the indexer's balances by owner are those of
 * the owner's token accounts, summed per mint).
 */
export const ZK_BALANCES_SNIPPET = `import { createCompressionClient } from "@chaindata/compression";

const compression = createCompressionClient({ apiKey: process.env.${API_KEY_ENV} });
// helius.zk.getCompressedTokenBalancesByOwnerV2({ owner }): the owner's token accounts, summed by mint
const balances = new Map<string, bigint>();
const owner = { owner: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY" };
for await (const { tokenData } of compression.getCompressedTokenAccountsByOwner.all(owner)) {
  balances.set(tokenData.mint, (balances.get(tokenData.mint) ?? 0n) + tokenData.amount);
}
for (const [mint, balance] of balances) console.log(mint, balance);`;

/** Whether "Coming from helius-sdk" shows ZK_BALANCES_SNIPPET: the compression area has its method. */
const showsZkBalances = (site) =>
  site.areas.some(
    (a) =>
      a.key === "compression" &&
      a.ops.some((o) => o.id === "getCompressedTokenAccountsByOwner" && o.pagination),
  );

function heliusSection(pc, site) {
  const areaOf = (key) => site.areas.find((a) => a.key === key);
  const das = areaOf("das");
  const opLink = (area, id, call) => {
    const op = area?.ops.find((o) => o.id === id);
    return op ? `<a href="${href(pc, op.href)}">${code(call)}</a>` : code(call);
  };
  const versions = (v1, v2) =>
    [v1 && `${code(v1)} (1.x)`, v2 && `${code(v2)} (2.x, 3.x)`].filter(Boolean).join(", ");
  const rows = [
    [
      versions("new Helius(apiKey)", "createHelius({ apiKey })"),
      `${site.areas
        .filter((a) => !a.deprecated)
        .map((a) => code(`${a.factory}()`))
        .join(
          ", ",
        )}, or every area in one: <code>createChainDataClient()</code> of <code>@chaindata/sdk</code>`,
      "one client per area; each reads <code>CHAINDATA_API_KEY</code> when not given <code>apiKey</code>, but the sender's, which takes a key given to it only",
    ],
    [
      `${code("createHelius({ network, baseUrl, userAgent, transport })")} (2.x, 3.x; <code>baseUrl</code> and <code>userAgent</code> 2.2, <code>transport</code> 3.2), and your code's <code>process.env.HELIUS_API_KEY</code>`,
      `${[
        site.index.environments?.devnet ? '{ environment: "devnet" }' : "{ environment }",
        "{ baseUrls: { rpc } }",
        '{ headers: { "user-agent": … } }',
        "{ maxRetries }",
        "{ fetch }",
      ]
        .map(code)
        .join(", ")}, <code>${API_KEY_ENV}</code> (section 4)`,
      `<code>baseUrls.rpc</code> is the JSON-RPC host's URL (DAS, ZK compression); the other hosts have keys of their own in <code>baseUrls</code>. <code>transport</code> was helius-sdk's hook for retries and failover: chaindata retries by itself (below), and <code>fetch</code> takes over the HTTP layer. helius-sdk added <code>userAgent</code> to its own <code>User-Agent</code>; chaindata sends none of its own, so a <code>user-agent</code> header is sent as given. helius-sdk reads no API-key variable (of the environment it reads only <code>HELIUS_API_URL</code> and <code>HELIUS_PAYMENT_HOST</code>, for its signup and payment calls); chaindata reads <code>${API_KEY_ENV}</code> when not given <code>apiKey</code>. <code>rebateAddress</code> is under Not covered`,
    ],
  ];
  const covered = heliusCovered(site);
  for (const m of covered.das)
    rows.push([
      versions(`helius.rpc.${m}`, `helius.${m}`),
      opLink(das, m, `das.${m}`),
      m === "getAssetsByOwner"
        ? "<code>displayOptions</code> is <code>options</code> here: the old name is refused (a TypeScript error, and a <code>ValidationError</code> before sending). <code>.all()</code> walks the pages"
        : "",
    ]);
  const compression = areaOf("compression");
  const uncovered = notCovered(site);
  if (covered.zk.length)
    rows.push([
      `${covered.zk.map((m) => code(`helius.zk.${m}`)).join(", ")} (2.x, 3.x)`,
      covered.zk.map((m) => opLink(compression, m, `${compression.clientVar}.${m}`)).join(", "),
      `the same names; helius-sdk's other ${uncovered.zk.length} are under Not covered${
        showsZkBalances(site)
          ? `. Its token balances by owner (${HELIUS.zkBalances.map((m) => code(`helius.zk.${m}`)).join(", ")}) are the owner's token accounts summed by mint: the loop below`
          : ""
      }`,
    ]);
  const webhooks = areaOf("webhooks");
  for (const [v1, v2, id, call, note] of HELIUS.webhooks) {
    const helper = EDIT_HELPERS.names.includes(id);
    rows.push([
      versions(v1, v2),
      helper
        ? `<a href="${href(pc, "webhooks/index.html#edits")}">${code(call)}</a>`
        : opLink(webhooks, id, call),
      note ?? "",
    ]);
  }
  const wallet = areaOf("wallet");
  const walletOps = covered.wallet;
  if (walletOps.length)
    rows.push([
      `${walletOps.map((m) => code(`helius.wallet.${m}`)).join(", ")} (2.2 on)`,
      walletOps.map((m) => opLink(wallet, m, `wallet.${m}`)).join(", "),
      "the same names",
    ]);
  const sender = areaOf("sender");
  if (covered.sender)
    rows.push([
      versions("", `${HELIUS.sender}(…)`),
      opLink(sender, "sendTransaction", "sender.sendTransaction({ transaction, config })"),
      "sends a transaction you built and signed, its tip and priority fee in it (below)",
    ]);
  const regions = regionsExport(sender ?? { servers: {} });
  if (covered.sender && regions) {
    const matched = heliusSenderRegions(site);
    const first = matched.find(([key, region]) => key !== "Default" && region);
    const byUrl = matched
      .map(
        ([key, region]) =>
          `<code>${esc(key)}</code> → <code>${esc(region ? `${regions}.${region}` : HELIUS.senderEndpoints[key])}</code>`,
      )
      .join(", ");
    rows.push([
      `${code(`${HELIUS.viaSender}(tx64, region, swqosOnly, skipPreflight)`)} (2.x, 3.x; <code>skipPreflight</code> 3.1) of <code>helius-sdk/transactions/${HELIUS.viaSender}</code>`,
      opLink(
        sender,
        "sendTransaction",
        `createSenderClient({ baseUrls: { sender: ${regions}.${first?.[1] ?? "global"} } }).sendTransaction({ transaction: tx64, config: { encoding: "base64", skipPreflight }, swqosOnly })`,
      ),
      `the same request. helius-sdk's regions, by URL: ${byUrl}; a client given an <code>apiKey</code> refuses the plain-http regional URLs. <code>config.encoding</code> is required (helius-sdk always sent base64), and the transaction is checked before it is sent: a placeholder such as <code>"AQID"</code> is refused with a <code>ValidationError</code>, so a test needs a signed transaction (the sendTransaction page's example serves)`,
    ]);
  }
  for (const [m, area] of covered.sending)
    rows.push([code(m), opLink(area, m, `${area.clientVar}.${m}(…)`), "the same name"]);
  rows.push([
    `a thrown <code>SolanaError</code> (JSON-RPC): ${code("if (isSolanaError(err, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR) && err.context.statusCode === 429) …")} (of <code>@solana/errors</code>, which <code>@solana/kit</code> re-exports; its message holds the status only when <code>NODE_ENV</code> is not <code>production</code>), or an <code>Error</code> (REST, the sender) whose message holds the status: ${code("if (/429/.test(String(err))) …")}`,
    `${code("if (err instanceof RateLimitError) … err.retryAfter")}, ${code("err instanceof APIError && err.status === 404")} (section 5)`,
    `a class per status, exported by every package; the message still holds the status (<code>HTTP 429 Too Many Requests from getAsset</code>), so a string check keeps working while you move`,
  ]);
  const table = tableWrap(
    `<table><thead><tr><th scope="col">helius-sdk</th><th scope="col">chaindata</th><th scope="col">Note</th></tr></thead><tbody>${rows.map((r) => `<tr><td>${r[0]}</td><td>${r[1]}</td><td>${r[2]}</td></tr>`).join("")}</tbody></table>`,
  );
  const leaves = senderLeaves(sender);
  const sending = sendingWords(uncovered.sending);
  const notCoveredItems = [
    uncovered.das.length &&
      `<li>The service's other DAS methods, outside <code>@chaindata/das</code> as the <a href="${href(pc, "das/index.html")}">DAS page</a> says: ${uncovered.das.map(code).join(", ")}. <code>createJsonRpcClient</code> and <code>rpcHost</code> of <code>@chaindata/core</code> can still call one, with a descriptor such as <code>{ id: ${esc(JSON.stringify(uncovered.das[0]))}, idempotent: true }</code>: its params unchecked, its result untyped (the package's README).</li>`,
    uncovered.sending.length &&
      `<li>${capitalize(sending.doing)} a transaction: ${uncovered.sending.map(code).join(", ")}${sending.words.length ? ` (${sending.words.join(", ")})` : ""}. ${leaves ? `As the <a href="${href(pc, "sender/index.html")}">Sender page</a> says: ${inl(pc, leaves)}` : ""} The tip accounts and minimum tip are on that page (<code>${TIP_NAMES.accounts}</code>, <code>${TIP_NAMES.minimum}</code>).</li>`,
    uncovered.zk.length &&
      `<li>helius-sdk's other ZK-compression methods (<code>helius.zk</code>), outside <code>${esc(compression?.pkg ?? "@chaindata/compression")}</code>${compression ? ` as the <a href="${href(pc, "compression/index.html")}">ZK compression page</a> says` : ""}: ${uncovered.zk.map(code).join(", ")}.${showsZkBalances(site) ? ` For ${HELIUS.zkBalances.map(code).join(" and ")}, sum the owner's token accounts by mint (above).` : ""} <code>createJsonRpcClient</code> calls the others as it calls a DAS method.</li>`,
    uncovered.wallet.length &&
      `<li>helius-sdk's wallet calls that the Wallet API description has not: ${uncovered.wallet.map((m) => code(`helius.wallet.${m}`)).join(", ")}${uncovered.wallet.includes("getBalanceAt") ? " (3.1 on: a wallet's balance of one token at a past time or slot)" : ""}.</li>`,
    ...uncoveredCalls(site).map(
      ([call, version, , what]) => `<li>${code(call)} (${esc(version)}): ${what}.</li>`,
    ),
  ].filter(Boolean);
  const hostsWithout = (env) =>
    Object.entries(site.index.hosts ?? {})
      .filter(([, host]) => host?.urls && env in host.urls && host.urls[env] == null)
      .map(([key]) => key);
  const noDevnet = hostsWithout("devnet");
  const walletArea = areaOf("wallet");
  const writes = specOperations(site, (o) => o.idempotent === false);
  const changes = [
    `Retries are on by default: an idempotent call (a read, the sender's <code>sendTransaction</code>) that fails with a 408, 429, 5xx, a connection error or a timeout is tried up to 3 times (<code>maxRetries: 2</code>, <a href="${href(pc, "getting-started.html#retries")}">section 6</a>), where helius-sdk tries once${writes.size ? `; a write (${[...writes].map(code).join(", ")}) is retried after a 429 only, unless the call says <code>{ retryNonIdempotent: true }</code>` : ""}. A retry wrapper kept from helius-sdk (its <code>transport</code> hook, or a loop of your own) multiplies the attempts of an idempotent call, 3 × 3 = 9: remove it, or give the client <code>maxRetries: 0</code>.`,
    noDevnet.length &&
      `helius-sdk sends wallet calls to its mainnet host whatever <code>network</code> says; with <code>environment: "devnet"</code>, chaindata's ${noDevnet.map(code).join(" and ")} ${noDevnet.length > 1 ? "hosts have" : "host has"} no URL, so ${
        walletArea && noDevnet.includes(walletArea.hostKey)
          ? `<code>${esc(walletArea.factory)}({ environment: "devnet" })</code> throws a <code>ConfigurationError</code> (as does <code>createChainDataClient({ environment: "devnet" }).${esc(walletArea.clientVar)}</code>): give <code>baseUrls.${esc(walletArea.hostKey)}</code>`
          : `a client for ${noDevnet.length > 1 ? "them" : "it"} throws a <code>ConfigurationError</code>: give its <code>baseUrls</code> entry`
      }.`,
    `The local mock checks every request against this spec, so helius-sdk's own requests that send <code>displayOptions</code> are refused there (400): the old and the new code cannot run side by side against it for those calls.`,
  ].filter(Boolean);
  const balances = showsZkBalances(site)
    ? `<p>Compressed token balances by owner, as helius-sdk's ${HELIUS.zkBalances.map((m) => code(`zk.${m}`)).join(" and ")} gave them (the indexer's balances by owner are the owner's token accounts, summed per mint):</p>${codeBlock(ZK_BALANCES_SNIPPET, { label: "TypeScript", lang: "ts" })}`
    : "";
  return section(
    "helius-sdk",
    "9. Coming from helius-sdk",
    `<p>Moving a service off helius-sdk: its calls and chaindata's. Each chaindata call takes one params object and throws the typed errors above; u64 values are <code>bigint</code> (section 8).</p>${table}<p>What changes besides the names:</p><ul>${changes.map((c) => `<li>${c}</li>`).join("")}</ul>${balances}<h3 id="not-covered">Not covered</h3><ul>${notCoveredItems.join("")}</ul>`,
  );
}

/** Getting started's try/catch around a call: a 429 the retries did not get past. */
export const RETRIES_SNIPPET = `import { createDasClient, RateLimitError } from "@chaindata/das";

const das = createDasClient({ apiKey: process.env.${API_KEY_ENV}, maxRetries: 3, timeout: 10_000 });
try {
  // At most 10 s an attempt, and 30 s for the call, its retries and waits included.
  const asset = await das.getAsset(
    { id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" },
    { signal: AbortSignal.timeout(30_000) },
  );
  console.log(asset.id);
} catch (err) {
  // The retries are spent, or the server asked for a wait over 60 s: retryAfter is that wait.
  if (err instanceof RateLimitError) console.log(\`rate limited; try again in \${err.retryAfter ?? "a few"} s\`);
  else throw err;
}`;

/**
 * The base URL option, with the host names it takes (index.json's hosts) and the areas on each:
 * a reader otherwise infers them from the home page's hosts table (user trial 8).
 */
function baseUrlsText(site, what) {
  const hosts = Object.keys(site.index.hosts ?? {}).map((key) => {
    const on = site.areas.filter((a) => a.hostKey === key).map((a) => a.label);
    return `<code>${esc(key)}</code>${on.length ? ` (${esc(on.join(", "))})` : ""}`;
  });
  return hosts.length ? `${what} Hosts: ${hosts.join(", ")}.` : what;
}

/** Getting started's SDK reference: the all-in-one package, client and call options, errors. */
function sdkSections(pc, site, area) {
  const paramless = site.areas.flatMap((a) => a.ops.filter((o) => !takesParams(o)));
  const clientOptions = CLIENT_OPTIONS.map(([name, what]) => [
    name,
    name === "baseUrls" ? baseUrlsText(site, what) : what,
  ]);
  return [
    section(
      "options",
      "4. Client and call options",
      `<p>Every factory takes the same client options (the REST areas and the sender take no <code>batch</code>); every method takes call options after its params.${paramless.length ? ` A method that takes no params (${paramless.map((o) => `<a href="${href(pc, o.href)}"><code>${esc(`${o.area.clientVar}.${o.id}`)}</code></a>`).join(", ")}) takes them as its only argument: <code>${esc(`${paramless[0].area.clientVar}.${paramless[0].id}({ timeout: 10_000 })`)}</code>.` : ""}</p>${optionTable(clientOptions)}<p>Call options:</p>${optionTable(CALL_OPTIONS)}${codeBlock(optionsSnippet(area), { label: "TypeScript", lang: "ts" })}`,
    ),
    section(
      "errors",
      "5. Errors",
      `<p>Every package exports the error classes, so <code>err instanceof RateLimitError</code> works with one import, and <code>isChainDataError(err)</code>, a guard of their union <code>AnyChainDataError</code>: after it, <code>err.name === "RateLimitError"</code> narrows to that class. The HTTP status picks the class:</p>${tableWrap(`<table><thead><tr><th scope="col">Class</th><th scope="col">When</th></tr></thead><tbody>${ERROR_CLASSES.map(([name, when]) => `<tr id="${errorClassId(name)}"><td><code>${esc(name)}</code></td><td>${when}</td></tr>`).join("")}</tbody></table>`)}${rpcCodesTable(site)}`,
    ),
    section(
      "retries",
      "6. Retries and timeouts",
      `<p>A call is retried after a 408, a 429, a 5xx, a connection error or a timeout, up to <code>maxRetries</code> more attempts (default 2), each sending the same bytes. The waits are 0.5 s, 1 s, 2 s, 4 s, then 8 s (the cap), each shortened by up to 25 % (jitter). A <code>Retry-After</code> (or <code>retry-after-ms</code>) of up to 60 s replaces that wait, lengthened by up to 25 % so that callers refused together do not all come back in the same instant (never shorter than asked); over 60 s, the error is thrown at once with <code>retryAfter</code> set (a <code>RateLimitError</code>, or a 503's <code>InternalServerError</code>) rather than hold your promise for minutes. A write (not idempotent: each operation page's Retries row says which) is retried after a 429 only, which refuses a request before it is processed, unless the call says <code>retryNonIdempotent: true</code>. A JSON-RPC error object is never retried, nor a 429 saying the plan's credits are used up (<code>max usage reached</code>): waiting does not bring them back. A 2xx body cut short (JSON left open: reason <code>truncated</code>) is retried as a connection error is, since a connection lost mid-body leaves one. <code>timeout</code> (default 60 000 ms) limits each attempt, reading the body included, not the call: with the defaults one call may take about five minutes (three attempts of 60 s, and two waits of up to 60 s a server asks for). For one deadline over the whole call, its retries and waits included, pass <code>signal: AbortSignal.timeout(ms)</code>: it ends the call with an <code>AbortError</code>. When the retries are spent, the last error is thrown; <code>isRetryable(err)</code>, exported by every package, says whether it is of a kind retried here.</p>${codeBlock(RETRIES_SNIPPET, { label: "TypeScript", lang: "ts" })}`,
    ),
    section(
      "all-in-one",
      "7. Every area in one client",
      `<p><code>@chaindata/sdk</code> holds every area: <code>createChainDataClient(options)</code> gives <code>chaindata.das</code>, <code>chaindata.wallet</code>, … with the options shared (<code>batch</code> goes to the JSON-RPC areas but the sender, which then batch together; a <code>rateLimit</code> is an area's own, given in <code>areas</code>; the sender gets no shared API key: its key is a dedicated one, given as <code>areas.sender.apiKey</code> or to <code>createSenderClient</code>). <code>areas</code> gives one area its own options, laid over the shared ones: <code>areas: { sender: { apiKey: senderKey, timeout: 2_000 } }</code>. Each area is created on first use, but its code is in the bundle either way: the client bundles every area (and the REST areas' <code>openapi-fetch</code>), so a browser app that needs only DAS should import <code>@chaindata/das</code>${site.areas.some((a) => a.key === "das" && standaloneNames(a)) ? ` (its <a href="${href(pc, "das/index.html#standalone")}">standalone functions</a> bundle least)` : ""}. In a browser, give the client no API key: every visitor could read it. Point <code>baseUrls</code> at your server, which adds it (<a href="${href(pc, `${RUNTIMES_PAGE}#browser`)}">In a browser</a>).</p>${codeBlock(ALL_IN_ONE_SNIPPET, { label: "TypeScript", lang: "ts" })}`,
    ),
    section(
      "numbers",
      "8. u64 values, and keeping results as JSON",
      `<p>Lamports, raw token amounts, supplies and balances are u64 on chain and often pass 2<sup>53</sup>, where <code>JSON.parse</code> rounds. Every package parses them whole: a field the spec marks as u64 is always a <code>bigint</code>, whatever its size; a float (a price, a human-readable amount) is always a <code>number</code>; and a <code>bigint</code> in params is written as a bare JSON integer. To keep a result as text (a cache, a JSON-lines file), write it with <code>stringifyJson</code> and read it back with <code>parseJson</code> and <code>reviveU64</code>, given the operation's shape from <code>&lt;area&gt;U64Shape</code> (for one item of a page walk, its <code>"item"</code> shape).</p>${codeBlock(KEEP_RESULTS_SNIPPET, { label: "TypeScript", lang: "ts" })}`,
    ),
  ].join("\n");
}

/**
 * Getting started's one call: the first operation with an example of DAS (else of the first
 * live area), as TypeScript (with the API key, and against the local mock) and curl.
 */
export function gettingStartedCall(site) {
  const area =
    site.areas.find((a) => a.key === "das" && a.ops.length) ??
    site.areas.find((a) => a.ops.length && !a.deprecated) ??
    site.areas[0];
  const op =
    area?.ops.find((o) => (o.transport === "rpc" ? o.rpc.examples.length : true)) ?? area?.ops[0];
  // (A JSON-RPC method's first example pairing; a REST operation's first body example. A first
  // program shows what it got: the snippet prints its result.)
  const example = op?.transport === "rpc" ? op.rpc.examples[0] : undefined;
  let ts = "";
  let localTs = "";
  let curl = "";
  if (op) {
    if (op.transport === "rpc") {
      const args = rpcSdkArgs(op, example?.params ?? []);
      ts = tsSnippet({ ...op, pagination: undefined }, args, { print: true });
      curl = curlRpc(op, rpcBody(op, example?.params ?? []), { env: "local" });
    } else {
      const req = restRequest(op, { body: op.rest.body?.examples?.[0]?.value });
      ts = tsSnippet({ ...op, pagination: undefined }, restSdkArgs(op, req), { print: true });
      curl = curlRest(op, req, { env: "local" });
    }
    // (`local` means the spec's URL: a mock elsewhere is given as the host's base URL too.)
    const { urls, specLocal } = area.servers;
    localTs = ts.replace(
      /\(\{ apiKey: process\.env\.\w+ \}\)|\(\)(?=;\n)/,
      urls.local === specLocal
        ? '({ environment: "local" })'
        : `({ environment: "local", baseUrls: { ${area.hostKey}: ${JSON.stringify(urls.local)} } })`,
    );
  }
  return { area, op, example, ts, localTs, curl };
}

/** Where Getting started's first call is saved, and the command that runs it (on Node 20 too). */
export const FIRST_CALL_FILE = "first-call.mjs";
export const FIRST_CALL_RUN = `node ${FIRST_CALL_FILE}`;

/**
 * Getting started's install: from a clone while the package is not on npm (the repository's
 * README, "Until the first release is on npm"), the npm command after.
 */
function installSteps(pc, pkg) {
  const npm = codeBlock(`npm install ${pkg}`, { label: "shell", lang: "sh" });
  if (!pc.site.unreleased?.has(pkg)) return npm;
  const dir = pkg.replace("@chaindata/", "");
  return `<p>The packages are not on npm yet. Until their first release, install them from a clone of the repository: run <code>npm install &amp;&amp; npm run build</code> in the clone, then, in your project:</p>${codeBlock(`npm install <clone>/packages/core <clone>/packages/${dir}`, { label: "shell", lang: "sh" })}<p class="small">After the first release: <code>npm install ${esc(pkg)}</code>.</p>`;
}

export function gettingStartedPage(site) {
  const pc = pageContext(site, { path: "getting-started.html" });
  const { area, op, ts, localTs, curl } = gettingStartedCall(site);
  const localUrl = area?.servers.urls.local;
  const specLocal = area?.servers.specLocal;
  const pkgRows = site.areas
    .map(
      (a) =>
        `<tr${a.deprecated ? ' class="is-deprecated"' : ""}><td><code>${esc(a.pkg)}</code></td><td><code>${esc(a.factory)}</code></td><td><a href="${href(pc, `${a.key}/index.html`)}">${esc(a.label)}</a>${a.beta ? ` ${badge("beta", "beta")}` : ""}${a.deprecated ? ` ${badge("deprecated", "deprecated")}` : ""}</td><td class="small">${esc(summaryOf(a.info, 120))}</td></tr>`,
    )
    .join("");
  const pkg = area?.pkg ?? "@chaindata/das";
  const envRows = Object.entries(site.index.environments ?? {})
    .map(
      ([k, e]) =>
        `<tr><td><code>${esc(k)}</code></td><td>${inl(pc, e.description ?? "")}</td></tr>`,
    )
    .join("");
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › <span>Getting started</span></nav>
<h1>Getting started</h1>
<p class="lead">Install one package, call one method, and run it against the local mock — no real API key needed.</p>
<!--toc-->
${section("install", "1. Install one package", `<p>Every area is its own package on the same small runtime (<code>@chaindata/core</code>); install only what you use. Each package has a client${op ? ` (<code>${esc(area.factory)}()</code>)` : ""} and the same calls as standalone functions${op ? ` (<code>${esc(standaloneCall(op))}</code>)` : ""}, which a bundler keeps only when they are imported: each area's page shows both.</p>${installSteps(pc, pkg)}`)}
${op ? section("call", "2. Call one method", `<p>Set <code>${API_KEY_ENV}</code> in the environment, then call <a href="${href(pc, op.href)}"><code>${esc(op.id)}</code></a>:</p>${codeBlock(ts, { label: "TypeScript", lang: "ts" })}<p>Run it: this snippet is plain JavaScript as well, so save it as <code>${FIRST_CALL_FILE}</code> in your project and run</p>${codeBlock(FIRST_CALL_RUN, { label: "shell", lang: "sh" })}<p class="small">The snippets are ES modules (top-level <code>await</code>): the <code>.mjs</code> ending makes the file one in any project, whatever its <code>package.json</code> says. Node 20 does not run TypeScript files (<code>.ts</code>, <code>.mts</code>); to run a snippet with types, save it as <code>first-call.mts</code> (the <code>.mts</code> ending, like <code>.mjs</code>, makes it an ES module) and run <code>npx tsx first-call.mts</code> (tsx 4 runs on Node 20), or compile it with <code>tsc</code> first. u64 values (lamports, raw amounts, supplies) arrive as <code>bigint</code>, parsed without loss. Outside Node (Bun, Deno, Cloudflare Workers, a browser) the key gets in differently: see <a href="${href(pc, RUNTIMES_PAGE)}">Bun, Deno, Workers, browsers</a>.</p>`) : ""}
${section("local", "3. Run against the local mock", `<p>In a clone of the repository, <code>npm start</code> builds everything and serves the mock API${localUrl ? ` at <code class="url">${esc(localUrl)}</code>` : ""} (and these docs). Point a client at it with <code>environment: "local"</code>${localUrl !== specLocal ? ` and, since <code>local</code> stands for <code class="url">${esc(specLocal)}</code>, this URL in <code>baseUrls</code> (as below)` : ""}. The mock needs no real API key, but it does require one to be present (it answers 401 without): it accepts any value, and in the <code>local</code> environment the client sends <code>local</code> for you when no <code>apiKey</code> is given (an exported <code>${API_KEY_ENV}</code> is not read there, so the real key never goes to the mock). With curl, pass it yourself, as below. The TypeScript below runs as step 2's does: saved as <code>${FIRST_CALL_FILE}</code>, with <code>${FIRST_CALL_RUN}</code>.</p>${codeBlock("npm install && npm start", { label: "shell", lang: "sh" })}${localTs ? codeBlock(localTs, { label: "TypeScript (local mock)", lang: "ts" }) : ""}${curl ? codeBlock(curl, { label: "curl (local mock)", lang: "sh" }) : ""}`)}
${sdkSections(pc, site, area)}
${heliusSection(pc, site)}
${section("environments", "Environments", `${tableWrap(`<table><thead><tr><th scope="col">environment</th><th scope="col">What</th></tr></thead><tbody>${envRows}</tbody></table>`)}<p class="small">Each area's page lists its host URL per environment.</p>`)}
${section("packages", "Packages", tableWrap(`<table><thead><tr><th scope="col">Package</th><th scope="col">Factory</th><th scope="col">Area</th><th scope="col">What</th></tr></thead><tbody>${pkgRows}</tbody></table>`))}`;
  // The longest page: its contents, from its own sections (some are other functions').
  const contents = [
    ...body.matchAll(
      /<section id="([^"]+)"[^>]*><h2[^>]*><a class="anchor"[^>]*>(.*?)<\/a><\/h2>/g,
    ),
  ].map(([, id, title]) => [id, unescapeHtml(title)]);
  return layout(pc, {
    title: "Getting started",
    body: body.replace("<!--toc-->", toc(contents)),
    description: "Install a chaindata package and call the API",
  });
}

/**
 * The Runtimes page's Worker: the key from the fetch handler's `env`, which every compatibility
 * date has (packages/core/README.md, "Bun, Deno and Cloudflare Workers").
 */
export const WORKER_SNIPPET = `import { createDasClient } from "@chaindata/das";

interface Env {
  ${API_KEY_ENV}: string; // a secret or a variable of the Worker
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const das = createDasClient({ apiKey: env.${API_KEY_ENV} });
    const asset = await das.getAsset({ id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" });
    return new Response(asset.id);
  },
};`;

/**
 * Bun, Deno, Cloudflare Workers and browsers: how the key gets in and who can read it. The two
 * sections of packages/core/README.md that say so are shown as they are (`site.runtimes`, read at
 * build time), so the site and the package say the same; the page adds only the warning at its
 * top, which the README's browser section says in its own words, and a Worker that passes the key.
 */
export function runtimesPage(site) {
  const pc = pageContext(site, { path: RUNTIMES_PAGE });
  const { browser, others } = site.runtimes;
  const sections = [
    [
      "workers",
      "Bun, Deno and Cloudflare Workers",
      `${md(pc, others)}<p>A Worker that passes the key from its <code>env</code> (any compatibility date):</p>${codeBlock(WORKER_SNIPPET, { label: "TypeScript", lang: "ts" })}`,
    ],
    ["browser", "In a browser", md(pc, browser)],
  ];
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › <span>Bun, Deno, Workers, browsers</span></nav>
<h1>Bun, Deno, Cloudflare Workers and browsers</h1>
<p class="lead">The packages run there unchanged. What differs from Node is how the API key gets in and, in a browser, who can read it.</p>
<div class="callout callout-warn" role="note"><strong>A browser bundle with an API key hands the key to every visitor.</strong> The key travels in the request's URL (<code>?api-key=</code>) or its <code>X-Api-Key</code> header, where anyone who uses the page can read it. Keep it on your server: give the page no key and point <code>baseUrls</code> at an endpoint of yours that adds it; a host given its own URL and no key is called without one (<a href="#browser">In a browser</a>).</div>
<p class="small">The two sections below are those of the <code>@chaindata/core</code> package's README (every package runs on it), shown as they are, with a Worker added.</p>
${toc(sections.map(([id, t]) => [id, t]))}
${sections.map(([id, t, b]) => section(id, t, b)).join("\n")}`;
  return layout(pc, {
    title: "Bun, Deno, Workers, browsers",
    body,
    description:
      "The API key on Bun, Deno, Cloudflare Workers and in a browser, and what else differs from Node",
  });
}

/** The legend of the source keys that the x-source notes cite (legend.mjs `SOURCE_KEYS`). */
export function legendPage(site) {
  const pc = pageContext(site, { path: LEGEND_PAGE });
  const rows = SOURCE_KEYS.map(
    ([key, , what]) =>
      `<tr id="${keyId(key)}"><th scope="row"><code>${esc(key)}</code></th><td>${esc(what)}</td></tr>`,
  ).join("");
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › <span>Source keys</span></nav>
<h1>Source keys</h1>
<p class="lead">What the short names in the pages' Sources notes stand for.</p>
<p>The spec was first written from one API reference, the seed. Where the seed shows nothing, the spec takes the fact from the service's public docs and SDKs (a <span class="xs xs-docs">docs</span> marker) or says that its authors decided it (an <span class="xs xs-assumption">assumption</span> marker). Each marker leads to a note at the foot of its page, which names its source by one of these keys: “D billing/credits.mdx” is the file <code>billing/credits.mdx</code> of D.</p>
${tableWrap(`<table><thead><tr><th scope="col">Key</th><th scope="col">Source</th></tr></thead><tbody>${rows}</tbody></table>`)}`;
  return layout(pc, {
    title: "Source keys",
    body,
    description:
      "What the source keys of the chaindata docs' notes stand for (D, LD, TS1, facts, the seed)",
  });
}

export function schemaPage(site, page) {
  const pc = pageContext(site, { path: page.href, area: page.area });
  const s = page.schema;
  const used = [...page.usedBy].sort((a, b) => byName(a.area.key + a.id, b.area.key + b.id));
  const refBy = [...page.refBy].sort();
  const examples =
    Array.isArray(s?.examples) && s.examples.length
      ? section(
          "examples",
          "Examples",
          s.examples
            .map((v, i) => codeBlock(json(v), { label: `Example ${i + 1}`, lang: "json" }))
            .join(""),
        )
      : "";
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › <a href="${href(pc, "schemas/index.html")}">Schemas</a> › <span>${esc(page.name)}</span></nav>
<header class="op-head"><h1><code>${esc(page.name)}</code></h1><div class="badges">${s?.deprecated ? badge("deprecated", "deprecated") : ""}</div></header>
${s?.title && s.title !== page.name ? `<p class="lead">${esc(s.title)}</p>` : ""}
<p class="small muted">In ${page.areas.map((a) => `<a href="${href(pc, `${a.key}/index.html`)}">${esc(a.label)}</a>`).join(", ")}</p>
${section("definition", "Definition", schemaBlock(pc, s, { stack: [page.name], anchor: "definition" }))}
${examples}
${section("used-by", "Used by", used.length ? `<ul class="cols">${used.map((o) => `<li><a href="${href(pc, o.href)}"><code>${esc(o.id)}</code></a> <span class="muted small">${esc(o.area.label)}</span></li>`).join("")}</ul>` : '<p class="muted">No operation uses it directly or through another schema.</p>')}
${refBy.length ? section("referenced-by", "Referenced by schemas", `<ul class="cols">${refBy.map((id) => `<li><a href="${href(pc, `schemas/${id}.html`)}">${esc(site.schemas.get(id).name)}</a></li>`).join("")}</ul>`) : ""}`;
  return layout(pc, {
    title: `${page.name} schema`,
    body,
    description: firstSentence(s?.description),
  });
}

export function schemaIndexPage(site) {
  const pc = pageContext(site, { path: "schemas/index.html" });
  const list = [...site.schemas.values()].sort(
    (a, b) => byName(a.name, b.name) || byName(a.id, b.id),
  );
  const rows = list
    .map((p) => {
      const apc = { ...pc, area: p.area };
      return `<tr><td><a href="${href(pc, p.href)}"><code>${esc(p.name)}</code></a>${p.id !== p.name ? ` <span class="muted small">(${esc(p.area.label)} copy)</span>` : ""}</td><td class="small">${typeLabel(apc, p.schema, { plainRefs: true })}</td><td class="small">${p.areas.map((a) => esc(a.label)).join(", ")}</td><td class="small">${esc(firstSentence(p.schema?.description, 160))}</td></tr>`;
    })
    .join("");
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › <span>Schemas</span></nav>
<h1>Schemas</h1><p class="lead">${plural(list.length, "named schema")} shared by the operations (<code>components.schemas</code>).</p>
${tableWrap(`<table class="ops"><thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Areas</th><th scope="col">Description</th></tr></thead><tbody>${rows}</tbody></table>`)}`;
  return layout(pc, {
    title: "Schemas",
    description: `The ${list.length} named schemas shared by the chaindata operations.`,
    body,
  });
}

// The index page's groups of search entries (their `k`), each in A–Z order but the errors, which
// keep the index's (the SDK's classes, then JSON-RPC codes, then HTTP statuses).
const INDEX_GROUPS = [
  ["guides", "Guides and areas", ["page", "area"]],
  ["operations", "Methods and operations", ["rpc", "rest"]],
  ["deliveries", "Webhook deliveries", ["delivery"]],
  ["errors", "Errors", ["error"]],
  ["schemas", "Schemas", ["schema"]],
];
const INDEX_KINDS = { rpc: "JSON-RPC", rest: "REST", delivery: "delivery", area: "area" };

/** One entry of the search index as the index page lists it: its link, what it is, what it holds. */
function indexItem(pc, e) {
  const to = (id) => `${href(pc, e.u)}${id ? `#${esc(id)}` : ""}`;
  const what = [INDEX_KINDS[e.k], e.a, e.d && "deprecated", e.b && "beta"].filter(Boolean);
  const topics = (e.t ?? []).map(([label, id]) => `<a href="${to(id)}">${esc(label)}</a>`);
  const names = (label, list) =>
    list?.length
      ? `<p class="idx-names">${label}: <code>${list.map(esc).join(", ")}</code></p>`
      : "";
  // The words it is known by (its own, its topics'), which the search finds it by too.
  const known = [...(e.w ?? []), ...(e.t ?? []).flatMap(([, , words]) => words ?? [])];
  return `<li><a href="${to("")}"><code>${esc(e.n)}</code></a>${what.length ? ` <span class="muted small">${esc(what.join(" · "))}</span>` : ""}${e.s ? ` — ${esc(e.s)}` : ""}${topics.length ? ` <span class="small">(${topics.join(", ")})</span>` : ""}${names("names", e.f)}${names("values", e.v)}${names("also", [...new Set(known)])}</li>`;
}

/**
 * The index page (`search.html`): every entry of the search index, with the names and values it
 * is found by, for the browser's find to search where the search box cannot — without script its
 * form comes here, and from files (file://) the script cannot fetch the index.
 */
export function indexPage(site, entries) {
  const pc = pageContext(site, { path: SEARCH_PAGE });
  const groups = INDEX_GROUPS.map(([id, title, kinds]) => {
    const list = entries.filter((e) => kinds.includes(e.k));
    if (id !== "errors") list.sort((a, b) => byName(a.n, b.n));
    return [id, title, `<ul class="idx">${list.map((e) => indexItem(pc, e)).join("\n")}</ul>`];
  });
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › <span>Index</span></nav>
<h1>Index</h1>
<p class="lead">Every page, method, operation, error and schema of these docs, with the names and values each one lists: what the search box finds.</p>
<p>Where the search box cannot search (without JavaScript it brings you here), find your word on this page with the browser's find: <kbd>Ctrl</kbd>+<kbd>F</kbd>, or <kbd>⌘</kbd>+<kbd>F</kbd> on a Mac.</p>
${toc(groups.map(([id, title]) => [id, title]))}
${groups.map(([id, title, html]) => section(id, title, html)).join("\n")}`;
  return layout(pc, {
    title: "Index",
    description: "Every page, method, operation, error and schema of the chaindata API docs.",
    body,
  });
}

/**
 * Every TypeScript snippet the site shows, with where: each operation page's examples, each area
 * page's quick start, and Getting started's. `operation` is the operation a snippet calls (none
 * for a client made without a call), `error` the error object of an example pairing that
 * documents an error instead of a result. test/docs/snippets.test.ts compiles and runs them all,
 * and checks this list against the built pages.
 */
export function typeScriptSnippetsOf(site) {
  // An example pairing's error, with the HTTP status the service answers it with (x-error-info).
  const documentedError = (op, example) =>
    example?.error !== undefined && {
      error: {
        ...example.error,
        httpStatus: op.rpc.errors.find((e) => e.code === example.error.code)?.httpStatus,
      },
    };
  const snippets = [];
  for (const area of site.areas) {
    for (const op of area.ops)
      for (const ex of requestExamples(op))
        snippets.push({
          page: op.href,
          area: area.key,
          operation: op.id,
          example: ex.name,
          ...documentedError(op, ex.example),
          code: ex.ts,
        });
    for (const op of area.deliveries.filter(reachesReceiver))
      for (const [example, code] of [
        ["receiver", receiverSnippet(op)],
        ["receiver signature store", receiverStoreSnippet(site, op)],
        ["receiver behind Express", receiverExpressSnippet(site, op)],
      ])
        snippets.push({ page: op.href, area: area.key, example, code });
    snippets.push({
      page: `${area.key}/index.html`,
      area: area.key,
      example: "quick start",
      code: quickStartSnippet(area),
    });
    const edits = editHelpersSnippet(area);
    if (edits)
      snippets.push({
        page: `${area.key}/index.html`,
        area: area.key,
        operation: "updateWebhook",
        example: "edit helpers",
        code: edits,
      });
    const standalone = areaExample(area);
    if (standalone)
      snippets.push({
        page: `${area.key}/index.html`,
        area: area.key,
        operation: standalone.op.id,
        example: "standalone",
        code: standaloneSnippet(standalone.op, standalone.args),
      });
  }
  const page = "getting-started.html";
  const { area, op, example, ts, localTs } = gettingStartedCall(site);
  if (op) {
    const called = { page, area: area.key, operation: op.id, ...documentedError(op, example) };
    snippets.push({ ...called, example: "call one method", code: ts });
    snippets.push({ ...called, example: "local mock", code: localTs });
  }
  snippets.push(
    {
      page,
      area: area?.key ?? "das",
      example: "client and call options",
      code: optionsSnippet(area),
    },
    {
      page,
      area: "das",
      operation: "getAsset",
      example: "retries and errors",
      code: RETRIES_SNIPPET,
    },
    {
      page,
      area: "sdk",
      operation: "getAsset",
      example: "every area in one client",
      code: ALL_IN_ONE_SNIPPET,
    },
    {
      page,
      area: "das",
      operation: "getAsset",
      example: "u64 values kept as JSON",
      code: KEEP_RESULTS_SNIPPET,
    },
    ...(showsZkBalances(site)
      ? [
          {
            page,
            area: "compression",
            operation: "getCompressedTokenAccountsByOwner",
            example: "compressed token balances by mint",
            code: ZK_BALANCES_SNIPPET,
          },
        ]
      : []),
    // (A module a Worker serves: its default export's fetch makes the call.)
    {
      page: RUNTIMES_PAGE,
      area: "das",
      operation: "getAsset",
      example: "Cloudflare Worker",
      code: WORKER_SNIPPET,
    },
  );
  return snippets;
}
