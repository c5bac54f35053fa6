// One page per named schema (`schemas/<name>.html`), and the schema index (schemas/index.html).
import {
  badge,
  breakableName,
  codeBlock,
  headingName,
  href,
  layout,
  pageContext,
} from "../html.mjs";
import { firstSentence } from "../markdown.mjs";
import { schemaBlock, typeLabel } from "../schema.mjs";
import { esc, plural, tableWrap } from "../util.mjs";
import { byName, json, section } from "./shared.mjs";

/**
 * A closed list of strings as the packages hold it at run time, or undefined: the generator
 * (scripts/generate/core-files.mjs) writes each list that two or more areas' packages share, and
 * each list an area's spec marks `x-known-values`, into those packages' `./known-values` entry
 * (and the sdk's) as `<name>s` and its guard `is<Name>` (`knownTransactionTypes`, `webhookTypes`,
 * `isWebhookType`). A shared list is the known part of an open enum (KnownTransactionType); an
 * area's own is closed (WebhookType).
 */
export function knownValues(page) {
  const s = page.schema;
  if (s?.type !== "string" || !Array.isArray(s.enum)) return undefined;
  const pkgs = [...new Set(page.areas.map((a) => a.pkg))];
  const shared = pkgs.length > 1;
  if (!shared && s["x-known-values"] !== true) return undefined;
  const list = `${page.name[0].toLowerCase()}${page.name.slice(1)}s`;
  const guard = `is${page.name}`;
  const example = JSON.stringify(s.examples?.[0] ?? s.enum[0]);
  const entry = `${pkgs[pkgs.length - 1]}/known-values`;
  const snippet = `import { ${guard}, ${list} } from "${entry}";

const value: string = ${example}; // read from a file or a form
${
  shared
    ? `// Not a refusal: the service names values the list lacks.
if (!${guard}(value)) console.warn(\`not one of the \${${list}.length} documented values: \${value}\`);`
    : `// A value the guard refuses, a call's check refuses too, before sending.
if (!${guard}(value)) throw new Error(\`not one of \${${list}.join(", ")}: \${value}\`);`
}`;
  return { list, guard, pkgs: [...pkgs, "@chaindata/sdk"], shared, snippet };
}

/** A schema page's "In code" section, for a list `knownValues` finds. */
function knownValuesSection(page) {
  const known = knownValues(page);
  if (!known) return "";
  const entries = known.pkgs.map((pkg) => `<code>${esc(pkg)}/known-values</code>`);
  const rule = known.shared
    ? "The service names values this list lacks: use the guard to warn of a likely misspelling, not to refuse a value."
    : "The list is closed: a value the guard refuses, a call's check refuses too, before sending.";
  return section(
    "in-code",
    "In code",
    `<p><code>${esc(known.list)}</code> holds the ${page.schema.enum.length} values (frozen), and <code>${esc(known.guard)}(value)</code> says whether a value is one of them, narrowing it to <code>${esc(page.name)}</code>. Both are exported by ${entries.join(", ")}: a module of its own, which the client does not load. ${rule}</p>${codeBlock(known.snippet, { label: "TypeScript", lang: "ts" })}`,
  );
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
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › <a href="${href(pc, "schemas/index.html")}">Schemas</a> › <span class="name">${breakableName(page.name)}</span></nav>
<header class="op-head"><h1>${headingName(page.name)}</h1><div class="badges">${s?.deprecated ? badge("deprecated", "deprecated") : ""}</div></header>
${s?.title && s.title !== page.name ? `<p class="lead">${esc(s.title)}</p>` : ""}
<p class="small muted">In ${page.areas.map((a) => `<a href="${href(pc, `${a.key}/index.html`)}">${esc(a.label)}</a>`).join(", ")}</p>
${section("definition", "Definition", schemaBlock(pc, s, { stack: [page.name], anchor: "definition" }))}
${knownValuesSection(page)}
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
