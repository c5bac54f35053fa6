// Rendering JSON Schemas: type labels (named schemas link to their page), bounds,
// enums (long ones collapse), defaults, and field tables whose nested objects
// expand in <details>.
import { href, marker, badge } from "./html.mjs";
import { inline, markdown } from "./markdown.mjs";
import { deref, esc, isObj, resolvePointer, schemaRefName, tableWrap, toJson } from "./util.mjs";

const MAX_DEPTH = 7;
const INLINE_ENUM = 8;

/** The page of a named schema of the current area. */
export function schemaHref(pc, name) {
  const id = pc.area?.schemaIds?.[name];
  return id ? href(pc, `schemas/${id}.html`) : undefined;
}

const target = (pc, s) => deref(pc.area.doc, s);

/**
 * The parts of an open enum (spec/README.md, "Open enums"), or undefined when `s` is not one:
 * `anyOf: [<a string enum, inline or by $ref>, { type: string, pattern?, minLength?, maxLength? }]`
 * → `{ values, open }`: the known values, and the open branch that any other value matches.
 * (The repository's scripts recognise the same shape in scripts/lib/open-enum.mjs; a package does
 * not import them. test/docs/open-enum.test.ts holds the two to the same answers.)
 */
export function openEnum(pc, s) {
  if (!isObj(s) || !Array.isArray(s.anyOf) || s.anyOf.length !== 2) return undefined;
  const plain = (x, allowed) =>
    Object.keys(x).every(
      (k) =>
        allowed.includes(k) ||
        k.startsWith("x-") ||
        [
          "title",
          "description",
          "examples",
          "default",
          "deprecated",
          "readOnly",
          "writeOnly",
          "$comment",
        ].includes(k),
    );
  if (!plain(s, ["anyOf"])) return undefined;
  const [known, open] = s.anyOf;
  if (
    !isObj(open) ||
    open.type !== "string" ||
    !plain(open, ["type", "pattern", "minLength", "maxLength"])
  )
    return undefined;
  const k = isObj(known) && known.$ref && plain(known, ["$ref"]) ? target(pc, known) : known;
  if (
    !isObj(k) ||
    !Array.isArray(k.enum) ||
    !k.enum.length ||
    !k.enum.every((v) => typeof v === "string") ||
    (k.type !== undefined && k.type !== "string") ||
    !plain(k, ["type", "enum"])
  )
    return undefined;
  return { values: k.enum, open };
}

/** The non-null branches of an anyOf / oneOf, or the type list without "null". */
function nonNullBranches(s) {
  const list = s.anyOf ?? s.oneOf;
  if (!list) return undefined;
  return list.filter(
    (b) =>
      !(
        isObj(b) &&
        (b.type === "null" ||
          (Array.isArray(b.type) && b.type.length === 1 && b.type[0] === "null"))
      ),
  );
}

export function isNullable(pc, s) {
  if (!isObj(s)) return false;
  if (Array.isArray(s.type) && s.type.includes("null")) return true;
  const list = s.anyOf ?? s.oneOf;
  if (list && nonNullBranches(s).length < list.length) return true;
  if (s.$ref) {
    const t = target(pc, s);
    return t !== s && isNullable(pc, t);
  }
  return false;
}

/** A short, HTML type label: `Address`, `integer (uint64)`, `AssetAuthority[]`, `Hash | null`. */
export function typeLabel(pc, s, { plainRefs = false, prim = true } = {}) {
  if (s === true || s === undefined || s === null) return '<span class="t">any</span>';
  if (s === false) return '<span class="t">never</span>';
  if (!isObj(s)) return '<span class="t">any</span>';
  if (s.$ref) {
    const name = schemaRefName(s.$ref);
    if (!name) return `<span class="t">${esc(s.$ref.split("/").pop())}</span>`;
    const link = schemaHref(pc, name);
    const t = target(pc, s);
    const p = primitiveOf(pc, t);
    const label =
      link && !plainRefs
        ? `<a class="tref" href="${link}">${esc(name)}</a>`
        : `<span class="tref">${esc(name)}</span>`;
    return p && prim ? `${label} <span class="tprim">${p}</span>${bigintMark(t)}` : label;
  }
  if (s.const !== undefined) return `<code class="lit">${esc(toJson(s.const))}</code>`;
  if (openEnum(pc, s)) return '<span class="t">string</span> <span class="tfmt">open enum</span>';
  const parts = [];
  const list = s.anyOf ?? s.oneOf;
  if (list)
    parts.push(
      list.map((b) => typeLabel(pc, b, { plainRefs, prim })).join(' <span class="op">|</span> '),
    );
  if (s.allOf)
    parts.push(
      s.allOf
        .map((b) => typeLabel(pc, b, { plainRefs, prim }))
        .join(' <span class="op">&amp;</span> '),
    );
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  const own = types.map((t) => {
    if (t === "array") {
      const inner = typeLabel(pc, s.items, { plainRefs, prim: false });
      // A named item type is shown without its primitive (prim: false), and so without its
      // bigint: `U64[]` is a `bigint[]` in the SDK, which the label says once, after the `[]`.
      if (s.items?.$ref) return `${inner}[]${bigintMark(target(pc, s.items), "bigint[]")}`;
      return /\|/.test(inner) ? `(${inner})[]` : `${inner}[]`;
    }
    if (t === "object" && !s.properties && isObj(s.additionalProperties))
      return `map&lt;string, ${typeLabel(pc, s.additionalProperties, { plainRefs, prim })}&gt;`;
    return `<span class="t">${esc(t)}</span>${s.format && t !== "null" ? ` <span class="tfmt">${esc(s.format)}</span>` : ""}${t === "integer" || t === "string" ? bigintMark(s) : ""}`;
  });
  if (own.length) parts.unshift(own.join(' <span class="op">|</span> '));
  if (!parts.length) {
    if (s.enum) return `<span class="t">${esc(typeof s.enum[0])}</span>`;
    if (s.properties) return '<span class="t">object</span>';
    return '<span class="t">any</span>';
  }
  return parts.join(" ");
}

/**
 * What the SDK makes of a 64-bit integer (`format: uint64` / `int64`): a `bigint`, in results and
 * params alike (scripts/generate types them so; @chaindata/core parses them losslessly). The type
 * label says so, or a reader writes `number`.
 */
function bigintMark(s, label = "bigint") {
  return isBigint(s)
    ? ` <span class="tfmt" title="A 64-bit integer: a bigint in the SDK">(${label})</span>`
    : "";
}

/** Is this schema (not a $ref) a 64-bit integer, which the SDK types as `bigint`? */
export function isBigint(s) {
  // (As scripts/generate/lib/schema.mjs `isU64`: an integer, or a u64 the service writes as a
  // decimal string, the wallet's `amountRaw`.)
  const wide = isObj(s) && [s.type].flat().some((t) => t === "integer" || t === "string");
  return wide && (s.format === "uint64" || s.format === "int64");
}

/** `string` / `integer uint64` for a named schema that is a primitive alias (Address, U64). */
function primitiveOf(pc, t) {
  if (openEnum(pc, t)) return "string";
  if (!isObj(t) || t.properties || t.anyOf || t.oneOf || t.allOf) return "";
  const types = Array.isArray(t.type) ? t.type : t.type ? [t.type] : [];
  if (!types.length || types.includes("object") || types.includes("array")) return "";
  return esc(types.join(" | ") + (t.format ? ` ${t.format}` : ""));
}

/** Constraint keywords of a schema (its named target and single non-null branch included). */
function constraintSources(pc, s) {
  const out = [];
  const seen = new Set();
  let cur = s;
  for (let i = 0; i < 8 && isObj(cur) && !seen.has(cur); i++) {
    seen.add(cur);
    out.push(cur);
    if (cur.$ref) cur = resolvePointer(pc.area.doc, cur.$ref);
    else if (openEnum(pc, cur))
      cur = openEnum(pc, cur).open; // its bounds hold for every value
    else {
      const nn = nonNullBranches(cur);
      if (nn && nn.length === 1) cur = nn[0];
      else if (cur.allOf && cur.allOf.length === 1) cur = cur.allOf[0];
      else break;
    }
  }
  return out;
}

function pick(sources, key) {
  for (const s of sources) if (s[key] !== undefined) return s[key];
  return undefined;
}

const fmtNum = (n) =>
  typeof n === "number" && Math.abs(n) >= 10000 ? n.toLocaleString("en-US") : String(n);

/**
 * Human-readable bounds: `1 – 1000`, `length 32 – 44`, `≤ 1000 items`, `pattern …`; a union's
 * per branch. `depth` stops recursive schemas (a JSON value whose items are JSON values).
 */
export function constraints(pc, s, depth = 0) {
  const src = constraintSources(pc, s);
  const out = [];
  const range = (lo, hi, unit, exLo, exHi) => {
    if (lo === undefined && hi === undefined && exLo === undefined && exHi === undefined) return;
    if (lo !== undefined && hi !== undefined)
      out.push(
        lo === hi
          ? `${unit ? `${unit} ` : ""}exactly ${fmtNum(lo)}`
          : `${unit ? `${unit} ` : ""}${fmtNum(lo)} – ${fmtNum(hi)}`,
      );
    else if (lo !== undefined) out.push(`${unit ? `${unit} ` : ""}≥ ${fmtNum(lo)}`);
    else if (hi !== undefined) out.push(`${unit ? `${unit} ` : ""}≤ ${fmtNum(hi)}`);
    if (exLo !== undefined) out.push(`${unit ? `${unit} ` : ""}&gt; ${fmtNum(exLo)}`);
    if (exHi !== undefined) out.push(`${unit ? `${unit} ` : ""}&lt; ${fmtNum(exHi)}`);
  };
  range(
    pick(src, "minimum"),
    pick(src, "maximum"),
    "",
    pick(src, "exclusiveMinimum"),
    pick(src, "exclusiveMaximum"),
  );
  if (pick(src, "maxLength") === 0) out.push("empty");
  else range(pick(src, "minLength"), pick(src, "maxLength"), "length");
  range(pick(src, "minItems"), pick(src, "maxItems"), "items");
  range(pick(src, "minProperties"), pick(src, "maxProperties"), "properties");
  if (pick(src, "uniqueItems")) out.push("unique items");
  if (pick(src, "multipleOf") !== undefined) out.push(`multiple of ${pick(src, "multipleOf")}`);
  const pattern = pick(src, "pattern");
  const described = pick(src, "x-pattern-description");
  if (pattern !== undefined)
    out.push(
      `${described === undefined ? "" : `${esc(described)}: `}pattern <code class="pattern">${esc(pattern)}</code>`,
    );
  const fmt = pick(src, "format");
  if (fmt !== undefined) out.push(`format <code>${esc(fmt)}</code>`);
  // Array items: their bounds too (an array of addresses → each address's pattern).
  const arr = src.find(
    (x) => x.items && (x.type === "array" || (Array.isArray(x.type) && x.type.includes("array"))),
  );
  if (arr && depth < 3) {
    const inner = constraints(pc, arr.items, depth + 1);
    if (inner.length) out.push(`each item: ${inner.join(", ")}`);
  }
  const union = unionConstraints(pc, src.at(-1), depth);
  if (union) out.push(union);
  return out;
}

/**
 * The bounds of a union of several non-null branches, branch by branch ("Address: pattern …; or
 * Domain: pattern …"): a value meets one branch's. "" when no branch has any.
 */
function unionConstraints(pc, s, depth) {
  if (depth >= 3 || !isObj(s) || openEnum(pc, s)) return "";
  const branches = nonNullBranches(s);
  if (!branches || branches.length < 2) return "";
  const each = branches.map((b) => [b, constraints(pc, b, depth + 1)]);
  if (!each.some(([, c]) => c.length)) return "";
  return each
    .map(([b, c]) => {
      const label = typeLabel(pc, b, { plainRefs: true, prim: false });
      if (c.length) return `${label}: ${c.join(", ")}`;
      // (A literal is its own bound.)
      return isObj(b) && b.const !== undefined ? label : `${label}: no bounds`;
    })
    .join("; or ");
}

/**
 * The enumerated values of a schema (its named target, single non-null branch or array items
 * included): `{ values, open }`, where `open` says that other values may occur too (an open enum).
 */
export function enumOf(pc, s) {
  const src = constraintSources(pc, s);
  for (const x of src) {
    const open = openEnum(pc, x);
    if (open) return { values: open.values, open: true };
    if (x.enum !== undefined) return { values: x.enum, open: false };
  }
  const c = pick(src, "const");
  if (c !== undefined) return { values: [c], open: false };
  const arr = src.find((x) => x.items);
  if (arr && (arr.type === "array" || (Array.isArray(arr.type) && arr.type.includes("array"))))
    return enumOf(pc, arr.items);
  return undefined;
}

/** The values as chips (a long list collapses); an open enum says that others may occur. */
export function enumHTML(values, { name = "values", open = false } = {}) {
  if (!values || !values.length) return "";
  const chip = (v) => `<code class="enum">${esc(typeof v === "string" ? v : toJson(v))}</code>`;
  const others = '<span class="enum-open">Other values may occur.</span>';
  if (values.length <= INLINE_ENUM)
    return `<div class="enum-inline">${open ? `<span class="enum-open">Known values:</span> ` : ""}${values.map(chip).join(" ")}${open ? ` ${others}` : ""}</div>`;
  return `<details class="enum-list"><summary>${values.length} ${open ? "known" : "allowed"} ${esc(name)}${open ? " (others may occur)" : ""}</summary><div class="enum-wrap" tabindex="0">${values.map(chip).join(" ")}</div></details>`;
}

/** {@link enumHTML} of a schema's values ("" when it has none). */
const enumBlock = (pc, s) => {
  const e = enumOf(pc, s);
  return e ? enumHTML(e.values, { open: e.open }) : "";
};

export function defaultOf(pc, s) {
  return pick(constraintSources(pc, s), "default");
}

/**
 * What a schema expands to: the object fields (allOf merged, refs / arrays / single
 * nullable branch unwrapped) or several variants. `stack` holds the named schemas
 * being expanded (no infinite recursion).
 */
export function expansion(pc, s, stack) {
  let cur = s;
  let via = "";
  const names = [];
  for (let i = 0; i < 12 && isObj(cur); i++) {
    if (cur.$ref) {
      const name = schemaRefName(cur.$ref);
      if (name && (stack.includes(name) || names.includes(name))) return { recursive: name };
      if (name) names.push(name);
      cur = resolvePointer(pc.area.doc, cur.$ref);
      continue;
    }
    const types = Array.isArray(cur.type) ? cur.type : cur.type ? [cur.type] : [];
    if (types.includes("array") && cur.items !== undefined) {
      via = via || "items";
      cur = cur.items;
      continue;
    }
    const nn = nonNullBranches(cur);
    if (nn) {
      if (nn.length === 1 && !cur.properties) {
        cur = nn[0];
        continue;
      }
      const variants = nn.filter((b) => hasFields(pc, b, [...stack, ...names]));
      if (variants.length) return { variants: nn, names, via };
      return undefined;
    }
    if (cur.allOf) {
      const merged = mergeAllOf(pc, cur, [...stack, ...names]);
      return merged && Object.keys(merged.properties).length
        ? { ...merged, names, via }
        : undefined;
    }
    if (cur.properties)
      return {
        properties: cur.properties,
        required: cur.required ?? [],
        additional: cur.additionalProperties,
        names,
        via,
      };
    if (isObj(cur.additionalProperties)) {
      via = "values";
      cur = cur.additionalProperties;
      continue;
    }
    return undefined;
  }
  return undefined;
}

function hasFields(pc, s, stack) {
  const e = expansion(pc, s, stack);
  return Boolean(e && (e.properties || e.variants));
}

function mergeAllOf(pc, s, stack) {
  const out = {
    properties: { ...(s.properties ?? {}) },
    required: [...(s.required ?? [])],
    additional: s.additionalProperties,
  };
  for (const member of s.allOf ?? []) {
    const e = expansion(pc, member, stack);
    if (!e || !e.properties) continue;
    Object.assign(out.properties, e.properties);
    out.required.push(...e.required);
    if (e.additional === false) out.additional = false;
  }
  return out;
}

/** Field rows of an object schema. */
export function propertyRows(pc, e) {
  return Object.entries(e.properties).map(([name, schema]) => ({
    name,
    schema,
    required: e.required.includes(name),
  }));
}

/** Description of a property: the site's own, else its named target's. */
function describe(pc, s) {
  if (!isObj(s)) return "";
  if (s.description) return s.description;
  const t = target(pc, s);
  if (t !== s && t?.description) return t.description;
  const nn = nonNullBranches(s);
  if (nn && nn.length === 1) return describe(pc, nn[0]);
  return "";
}

/**
 * The id of a field's row: its path from the section (`parameters.sortBy.sortDirection`,
 * `result.items.id`), so that a link (a search hit, a shared URL) can lead to one field, nested
 * ones too (the browser, or site.js, opens the <details> around it). Unique on the page: a second
 * row with the same path (a REST query parameter and a body field of one name) gets `-2`.
 */
function fieldId(pc, path) {
  pc.fieldIds ??= new Set();
  const base = path.replace(/[^\w$.-]/g, "_");
  let id = base;
  for (let n = 2; pc.fieldIds.has(id); n++) id = `${base}-${n}`;
  pc.fieldIds.add(id);
  return id;
}

/** The anchor of a union's i-th branch (its fields' rows are `<anchor>.variant-<i + 1>.<name>`). */
const variantAnchor = (anchor, i) => (anchor ? `${anchor}.variant-${i + 1}` : undefined);

/**
 * A field table. rows: { name, schema, required, description?, source?, deprecated?, in?,
 * examples?, wire? } (wire: the name on the wire when the SDK's differs, e.g. `?swqos_only=`).
 * Nested objects become <details> rows below their field, open with `open` (a parameter's members:
 * what the caller writes, at most 11 today, seen without a click and by every browser's find,
 * where a closed <details> hides them from some). With `anchor` (the section's id, or the row id of
 * the field being expanded), every row has an id (see fieldId).
 */
export function fieldsTable(
  pc,
  rows,
  { stack = [], depth = 0, location = false, caption, anchor, open = false } = {},
) {
  if (!rows.length) return "";
  const head = `<tr><th scope="col">Name</th>${location ? '<th scope="col">In</th>' : ""}<th scope="col">Type</th><th scope="col">Required</th><th scope="col">Default</th><th scope="col">Constraints</th><th scope="col">Description</th></tr>`;
  const cols = location ? 7 : 6;
  const body = rows
    .map((r) => {
      const s = r.schema;
      const sObj = isObj(s) ? s : {};
      const t = isObj(s) ? target(pc, s) : s;
      const deprecated =
        r.deprecated || sObj.deprecated || (isObj(t) && t.deprecated && !sObj.$ref);
      const desc = r.description ?? describe(pc, s);
      const def = defaultOf(pc, s);
      const cons = constraints(pc, s);
      const src = r.source ?? sObj["x-source"];
      const ex = (r.examples ?? []).filter((x) => x.value !== undefined);
      const nullable = isNullable(pc, s);
      const exHTML = ex.length
        ? `<div class="ex-inline">${ex.length === 1 ? "Example" : "Examples"}: ${ex.map((x) => `<code title="${esc(x.summary ?? x.name)}">${esc(toJson(x.value))}</code>${ex.length > 1 ? ` <span class="muted">(${esc(x.name)})</span>` : ""}`).join(", ")}</div>`
        : "";
      const schemaEx =
        Array.isArray(sObj.examples) && !ex.length
          ? `<div class="ex-inline">Example: ${sObj.examples
              .slice(0, 3)
              .map((v) => `<code>${esc(toJson(v))}</code>`)
              .join(", ")}</div>`
          : "";
      const id = anchor ? fieldId(pc, `${anchor}.${r.name}`) : undefined;
      const row = `<tr${id ? ` id="${esc(id)}"` : ""}${deprecated ? ' class="is-deprecated"' : ""}>
<td class="f-name"><code>${esc(r.name)}</code>${deprecated ? ` ${badge("deprecated", "deprecated")}` : ""}${r.wire ? `<div class="f-wire">wire: <code>${esc(r.wire)}</code></div>` : ""}</td>${location ? `<td class="f-in">${esc(r.in ?? "")}</td>` : ""}
<td class="f-type">${typeLabel(pc, s)}${nullable ? ' <span class="tnull">nullable</span>' : ""}</td>
<td class="f-req">${r.required ? '<span class="req">required</span>' : '<span class="opt">optional</span>'}</td>
<td class="f-def">${def !== undefined ? `<code>${esc(toJson(def))}</code>` : ""}</td>
<td class="f-cons">${cons.join("<br>")}</td>
<td class="f-desc">${desc ? markdown(desc, linker(pc)) : ""}${marker(pc, src)}${enumBlock(pc, s)}${exHTML}${schemaEx}</td>
</tr>`;
      const nested =
        depth < MAX_DEPTH
          ? nestedFields(pc, s, { stack, depth: depth + 1, label: r.name, anchor: id, open })
          : "";
      return nested ? `${row}\n<tr class="nested"><td colspan="${cols}">${nested}</td></tr>` : row;
    })
    .join("\n");
  return tableWrap(
    `<table class="fields${depth ? " fields-nested" : ""}">${caption ? `<caption>${caption}</caption>` : ""}<thead>${head}</thead><tbody>${body}</tbody></table>`,
  );
}

/** The collapsible nested field list of a field, or "" when it has no fields. */
export function nestedFields(pc, s, { stack, depth, label, open = false, anchor }) {
  const e = expansion(pc, s, stack);
  if (!e) return "";
  if (e.recursive)
    return `<p class="muted small">Recursive: see <a href="${schemaHref(pc, e.recursive) ?? "#"}">${esc(e.recursive)}</a>.</p>`;
  const inner = [...stack, ...(e.names ?? [])];
  const itemSchema = e.via === "items" && isObj(s) && s.items ? s.items : s;
  const titleType = typeLabel(pc, itemSchema, { plainRefs: true, prim: false });
  if (e.variants) {
    const parts = e.variants
      .map((v, i) => {
        const vt = typeLabel(pc, v, { plainRefs: true });
        const body = fieldsFor(pc, v, inner, depth, variantAnchor(anchor, i), open);
        return `<details class="variant"${open ? " open" : ""}><summary>Variant ${i + 1}: ${vt}</summary>${body || '<p class="muted small">No fields.</p>'}</details>`;
      })
      .join("");
    return `<details class="sub"${open ? " open" : ""}><summary><code>${esc(label)}</code> is one of ${e.variants.length} variants</summary>${parts}</details>`;
  }
  const rows = propertyRows(pc, e);
  const note =
    e.additional === true
      ? '<p class="muted small">The service may add fields.</p>'
      : isObj(e.additional)
        ? `<p class="muted small">Other keys: ${typeLabel(pc, e.additional)}.</p>`
        : "";
  const what = e.via === "items" ? "each item" : e.via === "values" ? "each value" : "fields";
  return `<details class="sub"${open ? " open" : ""}><summary><code>${esc(label)}</code> ${what}: ${titleType} <span class="muted">(${rows.length})</span></summary>${fieldsTable(pc, rows, { stack: inner, depth, anchor, open })}${note}</details>`;
}

function fieldsFor(pc, s, stack, depth, anchor, open = false) {
  const e = expansion(pc, s, stack);
  if (!e) return "";
  if (e.recursive)
    return `<p class="muted small">Recursive: see <a href="${schemaHref(pc, e.recursive) ?? "#"}">${esc(e.recursive)}</a>.</p>`;
  if (e.variants) return nestedFields(pc, s, { stack, depth, label: "value", anchor, open });
  return fieldsTable(pc, propertyRows(pc, e), {
    stack: [...stack, ...(e.names ?? [])],
    depth,
    anchor,
    open,
  });
}

/**
 * A schema shown at the top of a section (result, body, schema page): type line, description,
 * bounds and enum, then its fields open (nested ones collapsed).
 */
export function schemaBlock(
  pc,
  s,
  { stack = [], description, showDescription = true, anchor } = {},
) {
  const parts = [];
  parts.push(
    `<p class="schema-type">Type: ${typeLabel(pc, s)}${isNullable(pc, s) ? ' <span class="tnull">nullable</span>' : ""}</p>`,
  );
  const desc = description ?? (showDescription ? describe(pc, s) : "");
  if (desc) parts.push(markdown(desc, linker(pc)));
  if (isObj(s) && s["x-source"])
    parts.push(`<p class="small">Source ${marker(pc, s["x-source"])}</p>`);
  const cons = constraints(pc, s);
  if (cons.length) parts.push(`<p class="small">Constraints: ${cons.join("; ")}</p>`);
  const def = defaultOf(pc, s);
  if (def !== undefined)
    parts.push(`<p class="small">Default: <code>${esc(toJson(def))}</code></p>`);
  const en = enumBlock(pc, s);
  if (en) parts.push(en);
  const e = expansion(pc, s, stack);
  if (e?.recursive)
    parts.push(
      `<p class="muted small">Recursive: see <a href="${schemaHref(pc, e.recursive)}">${esc(e.recursive)}</a>.</p>`,
    );
  else if (e?.variants) {
    const inner = [...stack, ...(e.names ?? [])];
    parts.push(
      `<p>One of:</p>${e.variants
        .map(
          (v, i) =>
            `<details class="variant"${i === 0 ? " open" : ""}><summary>Variant ${i + 1}: ${typeLabel(pc, v, { plainRefs: true })}</summary>${schemaBlock(pc, v, { stack: inner, showDescription: true, anchor: variantAnchor(anchor, i) })}</details>`,
        )
        .join("")}`,
    );
  } else if (e?.properties) {
    const inner = [...stack, ...(e.names ?? [])];
    if (e.via === "items") parts.push('<p class="small muted">Each item has these fields:</p>');
    if (e.via === "values") parts.push('<p class="small muted">Each value has these fields:</p>');
    parts.push(fieldsTable(pc, propertyRows(pc, e), { stack: inner, anchor }));
    if (e.additional === true)
      parts.push('<p class="muted small">Open object: the service may add fields.</p>');
    else if (e.additional === false)
      parts.push('<p class="muted small">Closed object: unknown fields are rejected.</p>');
  }
  return parts.join("\n");
}

/** Links `code` spans naming an operation of the area, a schema, or a package. */
export function linker(pc) {
  return {
    linkCode(code) {
      const area = pc.area;
      if (area) {
        const op = [...area.ops, ...area.deliveries].find((o) => o.id === code);
        if (op) return href(pc, op.href);
        const id = area.schemaIds?.[code];
        if (id) return href(pc, `schemas/${id}.html`);
      }
      const pkg = /^@chaindata\/([\w-]+)$/.exec(code);
      if (pkg) {
        const a = pc.site.areas.find((x) => x.key === pkg[1]);
        if (a) return href(pc, `${a.key}/index.html`);
      }
      if (!area) {
        for (const a of pc.site.areas) {
          const op = a.ops.find((o) => o.id === code);
          if (op) return href(pc, op.href);
        }
      }
      return undefined;
    },
  };
}

/** Inline markdown with the page's linker. */
export const inl = (pc, text) => inline(text ?? "", linker(pc));
export const md = (pc, text) => markdown(text ?? "", linker(pc));
