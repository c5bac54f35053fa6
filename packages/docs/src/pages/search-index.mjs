// The Index page (search.html): every entry of the search index with the names and values it is
// found by, for the browser's find (the search box's form without script).
import { href, layout, pageContext, SEARCH_PAGE } from "../html.mjs";
import { esc } from "../util.mjs";
import { byName, section, toc } from "./shared.mjs";

// The index page's groups of search entries (their `k`), each in A–Z order but the errors, which
// keep the index's (the SDK's classes, then JSON-RPC codes, then HTTP statuses).
const INDEX_GROUPS = [
  ["guides", "Guides and areas", ["page", "area"]],
  ["operations", "Methods and operations", ["rpc", "rest"]],
  ["deliveries", "Webhook deliveries", ["delivery"]],
  ["errors", "Errors", ["error"]],
  ["schemas", "Schemas", ["schema"]],
];
export const INDEX_KINDS = { rpc: "JSON-RPC", rest: "REST", delivery: "delivery", area: "area" };

/**
 * One entry of the search index as the index page lists it: its link, what it is, what it holds.
 */
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
