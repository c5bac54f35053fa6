// One page per named schema (`schemas/<name>.html`), and the schema index (schemas/index.html).
import { badge, codeBlock, href, layout, pageContext } from "../html.mjs";
import { firstSentence } from "../markdown.mjs";
import { schemaBlock, typeLabel } from "../schema.mjs";
import { esc, plural, tableWrap } from "../util.mjs";
import { byName, json, section } from "./shared.mjs";

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
