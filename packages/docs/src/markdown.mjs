// A deliberately small Markdown subset for spec descriptions: paragraphs, line breaks,
// bullet / numbered lists, fenced code, `code`, **bold**, *emphasis*, [links](url).
// Everything is escaped first; no raw HTML passes through.
import { codePre, esc, unescapeHtml } from "./util.mjs";

/**
 * @param {string} text
 * @param {{ linkCode?: (code: string) => string | undefined }} [opts]
 *   linkCode: an href for a `code` span that names an operation, schema or package.
 */
export function markdown(text, opts = {}) {
  if (typeof text !== "string" || !text.trim()) return "";
  const out = [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^\s*```/.test(line)) {
      const lang = line.trim().slice(3).trim();
      const body = [];
      i++;
      while (i < lines.length && !/^\s*```/.test(lines[i])) body.push(lines[i++]);
      i++;
      out.push(
        codePre(`<code${lang ? ` data-lang="${esc(lang)}"` : ""}>${esc(body.join("\n"))}</code>`),
      );
      continue;
    }
    if (!line.trim()) {
      i++;
      continue;
    }
    const bullet = /^\s*[-*]\s+/;
    const numbered = /^\s*\d+[.)]\s+/;
    if (bullet.test(line) || numbered.test(line)) {
      const re = bullet.test(line) ? bullet : numbered;
      const tag = re === bullet ? "ul" : "ol";
      const items = [];
      while (i < lines.length && lines[i].trim()) {
        if (re.test(lines[i])) items.push(lines[i].replace(re, ""));
        else if (items.length) items[items.length - 1] += ` ${lines[i].trim()}`;
        i++;
      }
      out.push(`<${tag}>${items.map((it) => `<li>${inline(it, opts)}</li>`).join("")}</${tag}>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      out.push(`<p class="md-h"><strong>${inline(heading[2], opts)}</strong></p>`);
      i++;
      continue;
    }
    const para = [];
    while (
      i < lines.length &&
      lines[i].trim() &&
      !/^\s*```/.test(lines[i]) &&
      !bullet.test(lines[i]) &&
      !numbered.test(lines[i])
    )
      para.push(lines[i++].trim());
    out.push(`<p>${inline(para.join(" "), opts)}</p>`);
  }
  return out.join("\n");
}

/** Inline Markdown only (no block elements): for summaries and table cells. */
export function inline(text, opts = {}) {
  const codes = [];
  // Pull out code spans first so nothing inside them is interpreted.
  let s = String(text).replace(/`([^`]+)`/g, (_, code) => {
    codes.push(code);
    return `\u0000${codes.length - 1}\u0000`;
  });
  s = esc(s);
  s = s.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, url) => {
    // The URL was escaped with the rest of the text: undo that before checking and escaping it
    // for the attribute, or a `"` in it would be written `&amp;quot;`.
    const u = unescapeHtml(url);
    if (!/^(https?:|mailto:|#|\.{0,2}\/|[\w-]+\.html)/.test(u)) return label;
    const external = /^(https?:|mailto:)/.test(u);
    return `<a href="${esc(u)}"${external ? ' rel="noopener noreferrer" class="ext"' : ""}>${label}</a>`;
  });
  s = s.replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
  s = s.replace(/(^|[\s(])\*([^*\s][^*]*)\*(?=[\s).,;:!?]|$)/g, "$1<em>$2</em>");
  // eslint-disable-next-line no-control-regex -- NUL brackets the placeholders of code spans
  s = s.replace(/\u0000(\d+)\u0000/g, (_, n) => {
    const code = codes[Number(n)];
    const href = opts.linkCode?.(code);
    return href
      ? `<a href="${esc(href)}"><code>${esc(code)}</code></a>`
      : `<code>${esc(code)}</code>`;
  });
  return s;
}

/** The first sentence of a description, as plain text (for cards and the search index). */
export function firstSentence(text, max = 200) {
  if (typeof text !== "string") return "";
  const plain = text
    .replace(/`([^`]+)`/g, "$1")
    .replace(/\*\*([^*]+)\*\*/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]+\)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
  const m = /^(.+?[.!?])(\s|$)/.exec(plain);
  const s = m ? m[1] : plain;
  // (Cut at a space: a word cut in two, "new a…", reads as a typo.)
  return s.length > max
    ? `${s
        .slice(0, max)
        .replace(/\s+\S*$/, "")
        .replace(/[,;:]$/, "")}…`
    : s;
}

/**
 * What an area does, in a sentence: its `info.summary` (OpenAPI 3.1's; OpenRPC's `info` has none,
 * and its meta-schema refuses one), else the first sentence of its `info.description`, as the
 * package description the scaffold writes (`describeArea` of scripts/generate/scaffold.mjs). Cut
 * at a space near `max` characters.
 */
export const summaryOf = (info, max) => firstSentence(info?.summary ?? info?.description, max);
