// Small helpers every page module shares: a section with its anchored heading, the "On this
// page" list, names in <code> joined as lists, plain words joined, and the sort by name.
import { esc, toJson } from "../util.mjs";

/** A value as indented JSON (u64 values whole). */
export const json = (v) => toJson(v, 2);
// One locale for every sort, not the host's: under lt_LT, "Y" sorts right after "I", so a
// build's lists would depend on where it ran.
export const byName = (a, b) => a.localeCompare(b, "en");

/** A page section with an anchored `<h2>`; nothing when it has no body. */
export function section(id, title, body) {
  return body
    ? `<section id="${id}" aria-labelledby="${id}-h"><h2 id="${id}-h"><a class="anchor" href="#${id}">${esc(title)}</a></h2>\n${body}\n</section>`
    : "";
}

/** The "On this page" list of `[id, title]` items (none for fewer than two). */
export function toc(items) {
  const list = items.filter(Boolean);
  return list.length > 1
    ? `<nav class="toc" aria-label="On this page"><span class="muted">On this page:</span> ${list.map(([id, t]) => `<a href="#${id}">${esc(t)}</a>`).join(" · ")}</nav>`
    : "";
}

/** A name in `<code>`. */
export const code = (x) => `<code>${esc(x)}</code>`;
/** `a`, `b` or `c` */
export const orList = (names) =>
  names.length > 1
    ? `${names.slice(0, -1).map(code).join(", ")} or ${code(names.at(-1))}`
    : code(names[0]);

/** `a`, `b` and `c` */
export const andList = (names) =>
  names.length > 1
    ? `${names.slice(0, -1).map(code).join(", ")} and ${code(names.at(-1))}`
    : code(names[0]);

/** "a", "a and b", "a, b and c" (plain words; `andList` puts names in code). */
export const andWords = (words) =>
  words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words.join("");

/** The text with a capital first letter. */
export const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);
