// Page chrome (layout, navigation, search box) and small shared fragments:
// badges, x-source markers with footnotes, code blocks.
import { LEGEND_PAGE, linkSourceKeys } from "./legend.mjs";
import { inline } from "./markdown.mjs";
import { codePre, esc, sourceKind } from "./util.mjs";

/** A page context: where the page sits (for relative links) and its footnotes. */
export function pageContext(site, { path, area }) {
  const depth = path.split("/").length - 1;
  return {
    site,
    area,
    path,
    root: depth ? "../".repeat(depth) : "",
    notes: [],
    noteIndex: new Map(),
  };
}

/** A relative href from the current page to a site path (`das/getAsset.html`). */
export const href = (pc, target) => (target.startsWith("#") ? target : pc.root + target);

/**
 * An x-source marker: nothing for `seed` / absent; otherwise a small superscript link
 * to the page's numbered footnote, with the text as its tooltip.
 */
export function marker(pc, text) {
  const kind = sourceKind(text);
  if (!kind) return "";
  let n = pc.noteIndex.get(text);
  if (!n) {
    pc.notes.push({ text, kind });
    n = pc.notes.length;
    pc.noteIndex.set(text, n);
  }
  const label = kind === "docs" ? "docs" : kind === "assumption" ? "assumption" : "source";
  // The visible "docs 1" is the link's name (WCAG 2.5.3: a speech user says what they see); the
  // footnote it leads to describes it.
  return `<sup class="xs xs-${kind}"><a href="#src-${n}" title="${esc(text)}" aria-describedby="src-${n}">${label}&#8201;${n}</a></sup>`;
}

export function footnotes(pc) {
  if (!pc.notes.length) return "";
  const legend = href(pc, LEGEND_PAGE);
  const items = pc.notes
    .map(
      (n, i) =>
        `<li id="src-${i + 1}" class="xs-${n.kind}"><span class="xs-kind">${n.kind === "docs" ? "public docs" : n.kind}</span> ${linkSourceKeys(inline(n.text.replace(/^(public-docs|assumption):\s*/, "")), legend)}</li>`,
    )
    .join("\n");
  // The notes cite their sources by short keys (D, LD, TS1, "facts 1b"), each linked to the legend.
  return `<section class="sources" aria-labelledby="sources-h"><h2 id="sources-h">Sources</h2><p class="muted">Items that the API reference this spec was first written from (the seed) does not state carry a marker: <span class="xs xs-docs">docs</span> = taken from the service's public docs or SDKs, <span class="xs xs-assumption">assumption</span> = decided by the spec authors. The notes name their sources by short keys (D, LD, TS, …): <a href="${legend}">what each key stands for</a>.</p><ol class="notes">${items}</ol></section>`;
}

/**
 * A name or a call as a page draws it in `code`, with a `<wbr>` at each camelCase hump and after
 * each `.`, `/` and `(` that a word follows: on a narrow screen
 * `compression.getCompressedTokenAccountsByDelegate()` wraps between words, not inside one
 * (`code`'s `overflow-wrap: anywhere` broke it at whatever letter fit), and stays one word to the
 * browser's find and to a copy (a `<wbr>` is no character). HTML: the name's text escaped.
 */
export const breakableName = (name) =>
  String(name)
    .split(/(?<=[a-z\d])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[./(])(?=\w)/)
    .map(esc)
    .join("<wbr>");

/** An operation's or schema's name as its page's h1 shows it (breakableName). */
export const headingName = (name) => `<code>${breakableName(name)}</code>`;

export const badge = (kind, text, title) =>
  `<span class="badge badge-${kind}"${title ? ` title="${esc(title)}"` : ""}>${esc(text)}</span>`;

/**
 * An operation's badges: its transport (or, with `transport: false`, not: an area page's table
 * shows the request beside them), deprecated, beta, not idempotent and paginated.
 */
export function opBadges(op, { transport = true } = {}) {
  const b = [];
  if (transport)
    b.push(
      op.transport === "rpc"
        ? badge("rpc", "JSON-RPC")
        : op.transport === "rest"
          ? badge(`http http-${op.method.toLowerCase()}`, op.method)
          : badge("delivery", "delivery", "Sent by the service to your webhook URL"),
    );
  if (op.deprecated)
    b.push(
      badge("deprecated", "deprecated", op.replacedBy ? `Replaced by ${op.replacedBy}` : undefined),
    );
  if (op.beta) b.push(badge("beta", "beta", "Routes and response formats may change"));
  if (op.idempotent === false)
    b.push(
      badge(
        "write",
        "not idempotent",
        "The SDK retries this call after a 429 only (refused before it was processed), unless its options say retryNonIdempotent: true",
      ),
    );
  if (op.pagination) b.push(badge("paged", "paginated"));
  return b.join(" ");
}

export function codeBlock(code, { lang, label, html = false } = {}) {
  const body = html ? code : esc(code);
  return `<div class="codebox">${label ? `<div class="codebox-h"><span>${esc(label)}</span><button type="button" class="copy" aria-label="Copy ${esc(label)}">Copy</button></div>` : ""}${codePre(`<code>${body}</code>`, lang ? ` data-lang="${esc(lang)}"` : "")}</div>`;
}

/**
 * The errors reference, Getting started's "5. Errors" (the classes, what an error holds, the
 * JSON-RPC codes): in the navigation too, as an SDK's docs list their errors, since a reader with
 * an error in hand looks there rather than under Getting started.
 */
export const ERRORS_SECTION = "getting-started.html#errors";

function nav(pc) {
  const { site } = pc;
  const cur = pc.path;
  const link = (target, text, extra = "") =>
    `<a href="${href(pc, target)}"${target === cur ? ' aria-current="page"' : ""}${extra}>${text}</a>`;
  // The deprecated dot is a colour, and a title that Chromium leaves out of the link's name: the
  // link's text says it for screen readers (and the dot stays out, so that none says it twice).
  const deprecatedDot =
    '<span class="dot dot-dep" title="deprecated" aria-hidden="true"></span><span class="visually-hidden"> (deprecated)</span>';
  const areaBlock = (a) => {
    const open = pc.area === a;
    const items = [...a.ops, ...a.deliveries]
      .map(
        (o) =>
          `<li>${link(o.href, `<span class="nav-op">${esc(o.id)}</span>${o.deprecated ? deprecatedDot : ""}`)}</li>`,
      )
      .join("");
    return `<li class="nav-area${open ? " open" : ""}">${link(`${a.key}/index.html`, `${esc(a.label)}${a.beta ? ' <span class="badge badge-beta">beta</span>' : ""}`)}<ul>${items}</ul></li>`;
  };
  const live = site.areas.filter((a) => !a.deprecated);
  const dep = site.areas.filter((a) => a.deprecated);
  // Each area list is named (a screen reader says "Deprecated, list" as it enters), and its visible
  // heading is hidden from the accessibility tree: CSS writes it in capitals, which Chromium would
  // read out as "APIS", and it would be heard twice.
  const group = (label, areas, cls = "nav-areas") =>
    areas.length
      ? `<p class="nav-h" aria-hidden="true">${label}</p><ul class="${cls}" aria-label="${label}">${areas.map(areaBlock).join("")}</ul>`
      : "";
  return `<nav class="side" id="site-nav" aria-label="Site">
<a class="menu-close" href="#main">Close menu</a>
<ul class="nav-top"><li>${link("index.html", "Overview")}</li><li>${link("getting-started.html", "Getting started")}</li><li>${link(RUNTIMES_PAGE, RUNTIMES_TITLE)}</li><li>${link(PAGE_WALKS_PAGE, "Page walks")}</li><li>${link(TESTING_PAGE, "Testing your code")}</li><li>${link(KIT_PAGE, "Using @solana/kit")}</li><li>${link(AGENTS_PAGE, "AI agents and MCP tools")}</li><li>${link(GLANCE_PAGE, "Operations at a glance")}</li><li>${link(ERRORS_SECTION, "Errors")}</li></ul>
${group("APIs", live)}
${group("Deprecated", dep, "nav-areas nav-deprecated")}
<ul class="nav-top"><li>${link("schemas/index.html", "Schemas")}</li><li>${link(SEARCH_PAGE, "Index")}</li><li>${link(LEGEND_PAGE, "Source keys")}</li></ul>
</nav>`;
}

// Inline (data:) so that no page issues a favicon request of its own (the server's 404 page too).
export const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Cpath d='M16 2 30 16 16 30 2 16z' fill='%235b3fd6'/%3E%3Cpath d='M16 9 23 16 16 23 9 16z' fill='%23fff'/%3E%3C/svg%3E";

/**
 * Without it a phone lays a page out 980 px wide and shrinks it to fit (the server's 404 page too).
 */
export const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';

/**
 * Where the search box's form goes: the index page, which lists every name the search finds, for
 * the browser's find to search where the box cannot (no script, or pages opened from files).
 */
export const SEARCH_PAGE = "search.html";

/** The operations at a glance: every operation's cost, rate limit, retries and status. */
export const GLANCE_PAGE = "operations.html";

/**
 * Bun, Deno, Cloudflare Workers, browsers and React Native: the API key there, and what else
 * differs from Node.
 */
export const RUNTIMES_PAGE = "runtimes.html";

/**
 * What the links to RUNTIMES_PAGE, its breadcrumb and its title call it: every runtime its h1
 * names, in fewer words (the navigation said "Bun, Deno, Workers, browsers", the h1 added React
 * Native).
 */
export const RUNTIMES_TITLE = "Bun, Deno, Workers, browsers, React Native";

/** Testing code that calls chaindata: fetch stubs, fake timers, errors, webhook deliveries. */
export const TESTING_PAGE = "testing.html";

/** Page walks: every item, resuming a walk from a checkpoint, a method no package covers. */
export const PAGE_WALKS_PAGE = "page-walks.html";

/**
 * Using chaindata with `@solana/kit`: branded types, slots, a Kit transaction through the Sender.
 */
export const KIT_PAGE = "solana-kit.html";

/**
 * AI agents and MCP tools: arguments, results and errors a model reads, cancellation, many calls.
 */
export const AGENTS_PAGE = "ai-agents.html";

/**
 * The search box's placeholder: whole in the box down to a 320 px screen (where site.css shrinks
 * the box to a magnifier that opens over the header's row); site.js adds the shortcut's keys where
 * they fit too.
 */
const SEARCH_PLACEHOLDER = "Search methods, fields, errors…";

/**
 * A page's copy buttons with names a screen reader's list of buttons tells apart: where several
 * share one ("Copy TypeScript": Getting started has six, an operation one per example), each
 * also names the heading above it, or the example (a `<summary>`'s name) it is in.
 */
export function distinctCopyLabels(body) {
  const shared = (html) => {
    const labels = [...html.matchAll(/class="copy" aria-label="([^"]*)"/g)].map((m) => m[1]);
    return new Set(labels.filter((label, i) => labels.indexOf(label) !== i));
  };
  let twice = shared(body);
  if (!twice.size) return body;
  let place = "";
  body = body.replace(
    /<(h[23]|summary)\b[^>]*>([\s\S]*?)<\/\1>|class="copy" aria-label="([^"]*)"/g,
    (match, tag, inner, label) => {
      if (tag) {
        // (An example's summary: its name, the <code> before the " — " of its summary.)
        const name = tag === "summary" ? /^<code>([^<]*)<\/code>/.exec(inner)?.[1] : undefined;
        place =
          name ??
          inner
            .replace(/<[^>]+>/g, "")
            .replace(/\s+/g, " ")
            .trim();
        return match;
      }
      return twice.has(label) && place ? `class="copy" aria-label="${label}: ${place}"` : match;
    },
  );
  // Two blocks under one heading (Next.js and Hono): numbered.
  twice = shared(body);
  const seen = new Map();
  return body.replace(/class="copy" aria-label="([^"]*)"/g, (match, label) => {
    if (!twice.has(label)) return match;
    seen.set(label, (seen.get(label) ?? 0) + 1);
    return `class="copy" aria-label="${label} (${seen.get(label)})"`;
  });
}

/**
 * The packages' version and license, as their package.json files give them (build.mjs
 * `publishedPackages`), for the footer: one version for all when they share it (0.0.0: not on
 * npm yet), else each package's; one license likewise. ("" without packages.)
 */
export function releaseLine(packages = []) {
  if (!packages.length) return "";
  const one = (key) => new Set(packages.map((p) => p[key])).size === 1;
  const each = (key) =>
    packages.map((p) => `<code>${esc(p.name)}</code> ${esc(p[key] ?? "none")}`).join(", ");
  const [{ version, license }] = packages;
  const versions = one("version")
    ? `version ${esc(version)}${version === "0.0.0" ? " (not on npm yet)" : ""}`
    : `versions ${each("version")}`;
  const licenses = one("license")
    ? `${esc(license ?? "no")} license`
    : `licenses ${each("license")}`;
  return ` <span class="release">Packages (<code>@chaindata/*</code>): ${versions}; ${licenses}.</span>`;
}

/** The full HTML document of one page. */
export function layout(pc, { title, body, description }) {
  const r = pc.root;
  body = distinctCopyLabels(body);
  return `<!doctype html>
<html lang="en" data-root="${esc(r || "./")}">
<head>
<meta charset="utf-8">
${VIEWPORT}
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'">
<title>${esc(title)} · chaindata API docs</title>
${description ? `<meta name="description" content="${esc(description)}">` : ""}
<link rel="icon" href="${FAVICON}">
<link rel="stylesheet" href="${r}assets/site.css">
<script src="${r}assets/site.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
<a class="brand" href="${r}index.html"><span class="logo" aria-hidden="true">◆</span> chaindata <span class="muted">API docs</span></a>
<a class="menu-link" href="#site-nav">Menu</a>
<form class="search" role="search" action="${r}${SEARCH_PAGE}" method="get">
<input id="search" name="q" type="search" placeholder="${SEARCH_PLACEHOLDER}" autocomplete="off" spellcheck="false" enterkeyhint="search" aria-label="Search the docs" aria-controls="search-results" aria-describedby="search-status">
<p id="search-status" class="visually-hidden" role="status"></p>
<ul id="search-results" class="search-results" aria-label="Search results" hidden></ul>
</form>
</header>
<div class="layout">
${nav(pc)}
<main id="main">
${body}
${footnotes(pc)}
</main>
</div>
<footer class="foot">Generated from the chaindata spec (<code>spec/dist</code>) by <code>@chaindata/docs</code>. Works offline: no external requests.${releaseLine(pc.site?.packages)}</footer>
</body>
</html>
`;
}
