// Small helpers shared by the generator: HTML escaping, $ref resolution, naming.

// The boxes that may scroll (code blocks, tables, long enum lists) are focusable in the HTML: a
// keyboard can only scroll a box once it has the focus, and without script the page cannot know
// which of them overflow. site.js then leaves in the tab order only those that do, on every
// width (keyboardScrollable).

/** A code block's `<pre>` around `code` (HTML, its `<code>` element included). */
export const codePre = (code, attributes = "") =>
  `<pre class="code" tabindex="0"${attributes}>${code}</pre>`;

/** The box around a `<table>` (HTML) that scrolls it sideways when it is wider than the page. */
export const tableWrap = (table) => `<div class="table-wrap" tabindex="0">${table}</div>`;

/** Escape text for HTML element content and attribute values. */
export function esc(value) {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const ENTITIES = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
/** The text `esc` was given back (one pass, so `&amp;lt;` stays `&lt;`). */
export const unescapeHtml = (html) =>
  String(html).replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);

/** Resolve a local JSON pointer (`#/components/schemas/Asset`) in `doc`. */
export function resolvePointer(doc, ref) {
  if (typeof ref !== "string" || !ref.startsWith("#/"))
    throw new Error(`unsupported $ref ${ref} (only local refs are expected in spec/dist)`);
  let node = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node == null || !(key in Object(node))) throw new Error(`unresolvable $ref ${ref}`);
    node = node[key];
  }
  return node;
}

/**
 * Runs `fn`, prefixing an error's message with where it happened (a file, an operation), so that
 * a broken spec names its place rather than only the broken value.
 */
export function inContext(where, fn) {
  try {
    return fn();
  } catch (err) {
    if (err instanceof Error) err.message = `${where}: ${err.message}`;
    throw err;
  }
}

/** Follow `$ref`s until a non-ref node (sibling keywords of the first node are kept on top). */
export function deref(doc, node, max = 20) {
  let out = node;
  for (let i = 0; out && typeof out === "object" && out.$ref && i < max; i++)
    out = resolvePointer(doc, out.$ref);
  return out;
}

/** `#/components/schemas/Asset` → `Asset` (undefined for other refs). */
export function schemaRefName(ref) {
  const m = typeof ref === "string" && /^#\/components\/schemas\/([^/]+)$/.exec(ref);
  return m ? decodeURIComponent(m[1]).replace(/~1/g, "/").replace(/~0/g, "~") : undefined;
}

export const pascal = (s) =>
  String(s)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");
export const camel = (s) => {
  const p = pascal(s);
  return p ? p[0].toLowerCase() + p.slice(1) : p;
};

/**
 * The SDK's name of a wire name (`swqos_only` → `swqosOnly`): the generated clients take
 * JSON-RPC query options (`x-query-params`) under it. The same rule as `camel()` in
 * scripts/generate/lib/schema.mjs, which a package cannot import; test/docs/build.test.ts holds
 * the two to the same answers.
 */
export const sdkName = (wire) => String(wire).replace(/[-_](\w)/g, (_, c) => c.toUpperCase());

/**
 * A safe file-name slug that keeps case (operation and schema names are case-sensitive
 * identifiers).
 */
export const fileSlug = (s) =>
  String(s)
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "") || "x";

/**
 * `JSON.stringify` that writes `bigint`s (u64 examples beyond 2^53, as the spec reader keeps
 * them) as their exact digits. (Bigints pass through a marker string with NUL characters,
 * which no spec text holds.)
 */
export function toJson(value, indent) {
  const bigints = [];
  const text = JSON.stringify(
    value,
    (_key, v) => (typeof v === "bigint" ? `\u0000${bigints.push(v) - 1}\u0000` : v),
    indent,
  );
  return text?.replace(/"\\u0000(\d+)\\u0000"/g, (_, i) => String(bigints[i]));
}

/** Stable JSON text used to compare two copies of a schema. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(",")}}`;
  }
  return toJson(value);
}

export const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The kind of an x-source value: "docs", "assumption", or undefined (seed / absent → no marker).
 */
export function sourceKind(text) {
  if (typeof text !== "string") return undefined;
  const t = text.trim();
  if (!t || t === "seed") return undefined;
  if (t.startsWith("public-docs")) return "docs";
  if (t.startsWith("assumption")) return "assumption";
  return "other";
}

export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
