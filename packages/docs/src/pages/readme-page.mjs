// A page that shows a section of packages/core/README.md as it is (Testing your code, Page walks):
// the section's Markdown, its `### ` subsections as the page's anchored sections, and its ```ts
// blocks for typeScriptSnippetsOf.
import { href, layout, pageContext } from "../html.mjs";
import { md } from "../schema.mjs";
import { esc } from "../util.mjs";
import { section, toc } from "./shared.mjs";

/** The ```ts blocks of a README section's Markdown, in order. */
export const tsBlocks = (markdown) =>
  [...(markdown ?? "").matchAll(/^```ts\n([\s\S]*?)\n```$/gm)].map((m) => m[1]);

/**
 * The id of a `### ` subsection: its heading as GitHub anchors it in the README ("Resuming a
 * walk" → `resuming-a-walk`), so that the page and the README name the same place alike.
 */
export const subsectionId = (heading) =>
  heading
    .toLowerCase()
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-");

/**
 * A section's Markdown split at its `### ` headings: the text before the first, and each
 * subsection as `[id, heading, Markdown]`. (A `### ` line inside a fenced block is no heading.)
 */
export function subsections(markdown) {
  const parts = [{ lines: [] }];
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^### (.+)$/.exec(line);
    if (heading) parts.push({ heading: heading[1].trim(), lines: [] });
    else parts.at(-1).lines.push(line);
  }
  const [intro, ...rest] = parts;
  return {
    intro: intro.lines.join("\n").trim(),
    parts: rest.map((p) => [subsectionId(p.heading), p.heading, p.lines.join("\n").trim()]),
  };
}

/**
 * The page of one README section (`markdown`, read at build time), so the site and the package
 * say the same: a breadcrumb (`crumb`), the README's heading as the page's (`heading`), a lead
 * and a note of the page's own (HTML), then the section as it is, each `### ` subsection an
 * anchored section of its own (with an "On this page" list when there are two or more).
 */
export function readmeSectionPage(
  site,
  { path, crumb, heading, lead, note, markdown, title, description },
) {
  const pc = pageContext(site, { path });
  const { intro, parts } = subsections(markdown ?? "");
  const sections = parts.length
    ? `\n${toc(parts.map(([id, t]) => [id, t]))}${intro ? `\n${md(pc, intro)}` : ""}\n${parts.map(([id, t, text]) => section(id, t, md(pc, text))).join("\n")}`
    : `\n${md(pc, intro)}`;
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › <span>${esc(crumb)}</span></nav>
<h1>${esc(heading)}</h1>
<p class="lead">${lead}</p>
<p class="small">${note}</p>${sections}`;
  return layout(pc, { title, body, description });
}
