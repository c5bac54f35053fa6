// An operation page's Parameters: one row per JSON-RPC param or query option, or per REST path,
// query or body field, and the rules between parameters the SDK enforces before sending.
import { expansion, fieldsTable, propertyRows } from "../schema.mjs";
import { deref, esc, isObj, sdkName } from "../util.mjs";
import { andList, code, orList } from "./shared.mjs";

function paramRows(pc, op) {
  if (op.transport === "rpc") {
    const { structure, params, queryParams } = op.rpc;
    const rows = params.map((p, i) => ({
      name: p.name,
      schema: p.schema,
      required: Boolean(p.required),
      description: p.description ?? p.summary,
      source: p["x-source"],
      deprecated: p.deprecated,
      in:
        structure === "array"
          ? "params (whole array)"
          : structure === "positional"
            ? `params[${i}]`
            : "params",
    }));
    // The SDK name first: it is what a caller writes (the generated check rejects the wire name).
    for (const q of queryParams)
      rows.push({
        name: sdkName(q.name),
        wire: `?${q.name}=`,
        schema: q.schema,
        required: Boolean(q.required),
        description: q.description,
        source: q["x-source"],
        deprecated: q.deprecated,
        in: "query",
      });
    return { rows, location: structure !== "object" || queryParams.length > 0 };
  }
  const rows = op.rest.params.map((p) => ({
    name: p.name,
    schema: p.schema,
    required: Boolean(p.required),
    description: p.description,
    source: p["x-source"],
    deprecated: p.deprecated,
    in: p.in,
    examples: Object.entries(p.examples ?? {}).map(([name, e]) => ({
      name,
      summary: e?.summary,
      value: e?.value,
    })),
  }));
  const body = op.rest.body;
  if (body?.schema) {
    const e = expansion(pc, body.schema, []);
    if (e?.properties)
      for (const r of propertyRows(pc, e))
        rows.push({ ...r, required: body.required && r.required, in: "body" });
    else
      rows.push({
        name: "body",
        schema: body.schema,
        required: body.required,
        description: body.description,
        in: "body",
      });
  }
  return { rows, location: true };
}

/** How a JSON-RPC method's query options travel, with a call that sets the first one. */
function queryParamsNote(op) {
  const q = op.rpc.queryParams[0];
  const value = q.schema?.type === "boolean" ? "true" : "…";
  const call = `${op.area.clientVar}.${op.id}({ …, ${sdkName(q.name)}: ${value} })`;
  return `<p class="small muted">Query parameters go on the URL under their wire name (<code>?${esc(q.name)}=${esc(value)}</code>); the SDK method takes them in the same object under the name shown first: <code>${esc(call)}</code>.</p>`;
}

/**
 * Rules between parameters: `x-dependent-schemas` of a JSON-RPC method, `dependentSchemas` of a
 * REST body (`{ page: { properties: { cursor: false } } }` → "`page` cannot be combined with
 * `cursor`"; `{ before: { properties: { sortBy: { properties: { sortBy: { enum: [id] } } } } } }`
 * → "with `before`, `sortBy.sortBy`, if given, must be `id`"). The SDK enforces them before
 * sending, so a caller needs to know them. Members with the same rule share one sentence.
 */
function dependentRules(op) {
  const rules =
    op.transport === "rpc"
      ? op.raw["x-dependent-schemas"]
      : deref(op.area.doc, op.rest.body?.schema)?.dependentSchemas;
  if (!isObj(rules)) return [];
  const out = [];
  const shared = new Map(); // sentence end → the members that bring it in
  for (const [name, rule] of Object.entries(rules)) {
    if (!isObj(rule)) continue;
    const excluded = Object.entries(rule.properties ?? {})
      .filter(([, v]) => v === false)
      .map(([k]) => k);
    const needs = Array.isArray(rule.required) ? rule.required : [];
    if (excluded.length) out.push(`${code(name)} cannot be combined with ${orList(excluded)}`);
    if (needs.length) out.push(`${code(name)} requires ${andList(needs)}`);
    const terms = memberRules(op.area.doc, rule);
    if (terms.length) {
      const end = terms.join(", and ");
      shared.set(end, [...(shared.get(end) ?? []), name]);
    }
  }
  for (const [end, names] of shared) out.push(`with ${orList(names)}, ${end}`);
  return out;
}

/**
 * Rules chosen by a parameter's value: `x-all-of` of a JSON-RPC method, each `{ if, then }` whose
 * `if` names one member and its values (spec/README.md) → "when `config.encoding` is `base58`,
 * `transaction` must be base58 text (…)". A rule this page cannot word is pointed at, not lost.
 */
function conditionalRules(op) {
  const rules = op.transport === "rpc" ? op.raw["x-all-of"] : undefined;
  if (!Array.isArray(rules)) return [];
  // (A required param is always given: its rule needs no "if given".)
  const required = (op.raw.params ?? []).filter((p) => p.required).map((p) => p.name);
  return rules.map((rule) => {
    const member = [];
    let condition = rule?.if;
    while (isObj(condition?.properties) && Object.keys(condition.properties).length === 1) {
      const [name] = Object.keys(condition.properties);
      member.push(name);
      condition = condition.properties[name];
    }
    const terms = isObj(rule?.then) ? memberRules(op.area.doc, rule.then, [], true, required) : [];
    return member.length && Array.isArray(condition?.enum) && terms.length
      ? `when ${code(member.join("."))} is ${orList(condition.enum.map(String))}, ${terms.join(", and ")}`
      : "a rule chosen by a parameter's value (see the spec)";
  });
}

/**
 * What a rule asks of the members it names (not `false`: excluded ones are said above), as
 * phrases: "`sortBy.sortBy`, if given, must be `id`". A rule this page cannot word is pointed at,
 * not lost. `given`: members always there (the required params).
 */
function memberRules(doc, rule, at = [], present = true, given = []) {
  const out = [];
  for (const [name, raw] of Object.entries(rule.properties ?? {})) {
    if (raw === false) continue;
    const schema = deref(doc, raw);
    const path = [...at, name].join(".");
    // `properties` constrains a member only when it is there: "`sortBy.sortBy`, if given, must be
    // `id`" (sortBy may be left out: its default is id), unless the rule requires it at each level.
    const there =
      given.includes(name) ||
      (present && Array.isArray(rule.required) && rule.required.includes(name));
    const must = `${code(path)}${there ? "" : ", if given,"} must be`;
    if (Array.isArray(schema?.enum)) out.push(`${must} ${orList(schema.enum.map(String))}`);
    else if (isObj(schema?.properties) && Object.keys(schema).every((k) => k === "properties"))
      out.push(...memberRules(doc, schema, [...at, name], there));
    else if (typeof schema?.pattern === "string")
      out.push(
        `${must} ${typeof schema["x-pattern-description"] === "string" ? esc(schema["x-pattern-description"]) : "a string matching"} (pattern ${code(schema.pattern)})`,
      );
    else out.push(`${code(path)} has a further rule (see the spec)`);
  }
  return out;
}

/** `anchor`: the section's id, the prefix of its rows' ids (`parameters.sortBy`). */
export function parametersSection(pc, op, anchor) {
  const { rows, location } = paramRows(pc, op);
  if (!rows.length) return '<p class="muted">No parameters.</p>';
  const rules = [...dependentRules(op), ...conditionalRules(op)];
  const rulesNote = rules.length
    ? `<p class="dependent">Rules between parameters: ${rules.join("; ")}.</p>`
    : "";
  let note = "";
  if (op.transport === "rest" && rows.length)
    note = `<p class="small muted">The SDK method takes one flat object: path and query parameters and body fields together.</p>`;
  if (op.transport === "rpc" && op.rpc.queryParams.length) note = queryParamsNote(op);
  return `${note}${rulesNote}${fieldsTable(pc, rows, { location, anchor, open: true })}`;
}
