// One page per area (`<area>/index.html`): facts, hosts, the sender's tips, operations,
// deliveries, quick start, standalone functions, the webhooks edit helpers, schemas.
import {
  badge,
  codeBlock,
  GLANCE_PAGE,
  href,
  KIT_PAGE,
  layout,
  marker,
  opBadges,
  pageContext,
} from "../html.mjs";
import { summaryOf } from "../markdown.mjs";
import { inl, md } from "../schema.mjs";
import {
  API_KEY_ENV,
  restSdkArgs,
  rpcSdkArgs,
  standaloneOf,
  standaloneSnippet,
  tsSnippet,
} from "../snippets.mjs";
import { esc, isObj, tableWrap } from "../util.mjs";
import { requestExamples } from "./examples.mjs";
import { costCredits, standaloneCall } from "./facts.mjs";
import { authText, envTable, regionsBlock } from "./hosts.mjs";
import { standaloneWalk } from "./pagination.mjs";
import { byName, code, section } from "./shared.mjs";
import { editHelpersSection, reachesReceiver, RECEIVER_NAMES } from "./webhooks.mjs";

/**
 * The SDK's names of the sender's `x-minimum-tip-lamports` and `x-tip-accounts` (search finds them
 * too).
 */
export const TIP_NAMES = { minimum: "senderMinimumTipLamports", accounts: "senderTipAccounts" };

/**
 * Where the site builds the transaction a tipped sender requires (its priority fee and tip): the
 * Kit page's program, which its Tips and its sendTransaction page name (before, only the
 * navigation led there). Empty for an area without tip accounts.
 */
export function buildTransactionLink(pc, info) {
  if (!isObj(info?.["x-tip-accounts"])) return "";
  return `<p id="build-transaction">To build such a transaction: <a href="${href(pc, KIT_PAGE)}">Using @solana/kit</a> has a program that adds the priority fee (<code>getSetComputeUnitPriceInstruction</code>) and a tip of <code>${TIP_NAMES.minimum}.default</code> to one of <code>${TIP_NAMES.accounts}</code>, signs the transaction and sends it.</p>`;
}

/**
 * An area's constants (the sender's `x-tip-accounts` and `x-minimum-tip-lamports`), as the SDK
 * exports them.
 */
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
  return section("constants", "Tips", parts.join("") + buildTransactionLink(pc, info));
}

/**
 * An area page's quick start: a whole program, the client made as the area's auth asks and one
 * call, of the area's standalone example (`areaExample`), printed; it runs as it stands (the
 * snippet tests run it against the mock), and a paginated call's page walk is on its page. An area
 * without an example gets the client alone: a comment naming a call (`// e.g. das.getAsset(…)`, as
 * the page had) is no program to run.
 */
export function quickStartSnippet(area) {
  const ex = areaExample(area);
  if (ex) return tsSnippet(ex.op, ex.args, { print: true, walk: false });
  return `import { ${area.factory} } from "${area.pkg}";\n\nconst ${area.clientVar} = ${area.factory}(${area.auth.required === false ? "" : `{ apiKey: process.env.${API_KEY_ENV} }`});`;
}

/**
 * The call an area page's standalone snippet makes: the first operation with an example that
 * documents no error, with its SDK arguments.
 */
export function areaExample(area) {
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
 * An area page's Methods / Operations table: each one's name, request and summary, then what a
 * reader scanning the area looks for, which the request beside it does not say (before, a Notes
 * column repeated "JSON-RPC" or the HTTP method on every row): its cost, in a column where the
 * area's operations differ, else in one sentence above; and its marks, deprecated, beta,
 * paginated and not idempotent, in a Notes column where any has one, each explained below the
 * table (a badge's title reaches no keyboard or touch reader).
 */
export function operationsTable(pc, area) {
  const what = area.kind === "openrpc" ? "method" : "operation";
  const costOf = (op) => costCredits(op) ?? "not documented";
  const costs = new Set(area.ops.map(costOf));
  const notes = new Map(area.ops.map((op) => [op, opBadges(op, { transport: false })]));
  const cols = [
    ["Name", (o) => `<a href="${href(pc, o.href)}"><code>${esc(o.id)}</code></a>`],
    [
      "Request",
      (o) =>
        o.transport === "rpc"
          ? `<code>POST ${esc(area.rpcPath ?? "/")}</code>`
          : `<code>${esc(o.method)} ${esc(o.path)}</code>`,
      "small",
    ],
    ["Summary", (o) => inl(pc, o.summary)],
    ...(costs.size > 1 ? [["Cost per request", (o) => esc(costOf(o)), "cost"]] : []),
    ...([...notes.values()].some(Boolean) ? [["Notes", (o) => notes.get(o)]] : []),
  ];
  const rows = area.ops
    .map(
      (o) =>
        `<tr${o.deprecated ? ' class="is-deprecated"' : ""}>${cols.map(([, cell, cls]) => `<td${cls ? ` class="${cls}"` : ""}>${cell(o)}</td>`).join("")}</tr>`,
    )
    .join("");
  const glance = `<a href="${href(pc, GLANCE_PAGE)}">Operations at a glance</a> sets every operation's cost, rate limit and retries side by side`;
  const [cost] = costs;
  const costLine =
    costs.size > 1
      ? `<p class="small">${glance}.</p>`
      : cost === "not documented"
        ? `<p class="small">The service documents no credit cost for ${area.ops.length > 1 ? `these ${what}s` : `this ${what}`}. ${glance}.</p>`
        : `<p class="small">${area.ops.length > 1 ? `Each ${what} costs` : "It costs"} ${esc(cost)} per request. ${glance}.</p>`;
  const has = (test) => area.ops.some(test);
  const legend = [
    has((o) => o.pagination) &&
      `${badge("paged", "paginated")}: the client's <code>.all()</code> walks every page (the ${what}'s Pagination row says how)`,
    has((o) => o.idempotent === false) &&
      `${badge("write", "not idempotent")}: the SDK retries it after a 429 only (refused before it was processed), unless the call says <code>{ retryNonIdempotent: true }</code>`,
  ].filter(Boolean);
  return `${costLine}${tableWrap(`<table class="ops"><thead><tr>${cols.map(([h]) => `<th scope="col">${h}</th>`).join("")}</tr></thead><tbody>${rows}</tbody></table>`)}${legend.length ? `<p class="small">${legend.join("; ")}.</p>` : ""}`;
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
  const table = operationsTable(pc, area);
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
${section("operations", area.kind === "openrpc" ? "Methods" : "Operations", table)}
${dl ? section("deliveries", "Deliveries (sent to your URL)", `<p>${inl(pc, (area.doc.tags ?? []).find((t) => t.name === area.deliveries[0]?.tags?.[0])?.description ?? "What the service POSTs to a webhook's URL.")}</p>${area.deliveries.some(reachesReceiver) ? `<p><code>${RECEIVER_NAMES[0]}</code> of <code>${esc(area.pkg)}</code> receives them (each delivery's page shows how, what it answers, how it de-duplicates across instances, and how to mount it behind Express).</p>` : ""}${tableWrap(`<table class="ops"><thead><tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">Summary</th></tr></thead><tbody>${dl}</tbody></table>`)}`) : ""}
${section("quick-start", "Quick start", codeBlock(quickStartSnippet(area), { label: "TypeScript", lang: "ts" }))}
${standaloneSection(pc, area)}
${editHelpersSection(pc, area)}
${section("schemas", "Schemas", `<ul class="cols">${schemaIds.map((id) => `<li><a href="${href(pc, `schemas/${id}.html`)}">${esc(site.schemas.get(id).name)}</a></li>`).join("")}</ul>`)}`;
  return layout(pc, { title: area.label, body, description: summaryOf(info) || area.title });
}
