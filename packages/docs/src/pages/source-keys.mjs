// Source keys (sources.html): what the short keys of the x-source notes stand for
// (`SOURCE_KEYS` of ../legend.mjs).
import { href, layout, pageContext } from "../html.mjs";
import { keyId, LEGEND_PAGE, SOURCE_KEYS } from "../legend.mjs";
import { esc, tableWrap } from "../util.mjs";

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
