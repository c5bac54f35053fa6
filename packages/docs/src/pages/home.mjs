// The home page (index.html): the areas, the hosts per environment and where each takes the API
// key; `AREA_WORDS`, what its first sentence calls each area.
import {
  badge,
  GLANCE_PAGE,
  href,
  layout,
  marker,
  pageContext,
  RUNTIMES_PAGE,
  RUNTIMES_TITLE,
  SEARCH_PAGE,
} from "../html.mjs";
import { LEGEND_PAGE } from "../legend.mjs";
import { summaryOf } from "../markdown.mjs";
import { inl } from "../schema.mjs";
import { esc, plural, tableWrap } from "../util.mjs";
import { hostKeyText } from "./hosts.mjs";
import { andWords, section } from "./shared.mjs";

/**
 * An area's calls as its page lists them: JSON-RPC methods and REST operations counted apart, so
 * the sender (one method, sendTransaction, and one REST operation, GET /ping) reads "1 method ·
 * 1 operation", not "2 methods".
 */
function opCounts(a) {
  const methods = a.ops.filter((o) => o.transport === "rpc").length;
  const operations = a.ops.length - methods;
  const counts = [
    methods && plural(methods, "method"),
    operations && plural(operations, "operation"),
  ].filter(Boolean);
  return counts.length
    ? counts.join(" · ")
    : plural(0, a.kind === "openrpc" ? "method" : "operation");
}

function areaCard(pc, a) {
  return `<li class="card${a.deprecated ? " card-deprecated" : ""}"><a class="card-link" href="${href(pc, `${a.key}/index.html`)}"><span class="card-title">${esc(a.label)}</span> ${badge(a.kind === "openrpc" ? "rpc" : "rest", a.kind === "openrpc" ? "JSON-RPC" : "REST")}${a.beta ? ` ${badge("beta", "beta")}` : ""}${a.deprecated ? ` ${badge("deprecated", "deprecated")}` : ""}</a><p class="small">${esc(summaryOf(a.info))}</p><p class="small muted"><code>${esc(a.pkg)}</code> · ${opCounts(a)}${a.deliveries.length ? ` · ${plural(a.deliveries.length, "delivery", "deliveries")}` : ""}</p></li>`;
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

/**
 * The home page's word for area `a`: its `AREA_WORDS` entry, else its label as a word within a
 * sentence (the first letter lower-cased, but for an acronym: "Token metadata" → "token metadata",
 * "ZK Compression" stays).
 */
export const areaWord = (a) =>
  AREA_WORDS[a.key] ?? a.label.replace(/^[A-Z](?![A-Z])/, (c) => c.toLowerCase());

/**
 * The home page's words for `areas`, in their order: "digital assets (DAS), …, usage and webhooks".
 */
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
<p><a class="button" href="${href(pc, "getting-started.html")}">Getting started</a> <a href="${href(pc, RUNTIMES_PAGE)}">${RUNTIMES_TITLE}</a> <span class="muted small">${plural(site.areas.length, "area")} · ${plural(nOps, "operation")} · ${plural(site.schemas.size, "schema")}</span></p>
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
