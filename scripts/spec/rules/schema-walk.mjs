// How the rules read a bundled document: the node at a JSON pointer, a schema through its local
// `$ref`s, every schema of the document (forEachSchema), a schema with its allOf/anyOf/oneOf
// branches, the schema at a dot-separated property path, and the words of a field's name. Shared by
// the other modules here, so that each rule follows a `$ref` and writes a schema's JSON path the
// same way: every rule over every schema sees the same schemas, and a finding's path is one
// findings.mjs can locate in the YAML.
import { pointerSegment } from "../../generate/lib/schema.mjs";
import { pointerSegments } from "../../lib/spec-sources.mjs";

/** The node at the JSON pointer `segments` of `doc`, or undefined. */
export const nodeAt = (doc, segments) =>
  segments.reduce(
    (node, s) => (node !== null && typeof node === "object" ? node[s] : undefined),
    doc,
  );

/** `schema` through its local $refs, with the JSON path it is at: [schema, at]. */
export function derefAt(doc, schema, at) {
  for (let i = 0; i < 20 && typeof schema?.$ref === "string" && schema.$ref.startsWith("#/"); i++) {
    const target = nodeAt(doc, pointerSegments(schema.$ref));
    if (target === undefined) break;
    at = schema.$ref;
    schema = target;
  }
  return [schema, at];
}

/**
 * The schema a local `$ref` (`#/components/schemas/X`, or any `#/…` pointer) names; others as they
 * are.
 */
export function deref(doc, schema) {
  return derefAt(doc, schema)[0];
}

/**
 * Calls `visit(schema, at, parent)` once for every schema of a bundled document: components,
 * parameters, bodies, responses, headers, method params and results, and every schema nested in
 * them (`properties`, `items`, `additionalProperties`, `dependentSchemas`, `anyOf`/`oneOf`/`allOf`
 * branches; `parent` is the schema whose branch it is). `at` is its JSON path, with the method
 * name after `#/methods/<i>`.
 */
export function forEachSchema(doc, visit) {
  const seen = new Set();
  const schema = (node, at, parent) => {
    if (node === null || typeof node !== "object" || Array.isArray(node) || seen.has(node)) return;
    seen.add(node);
    visit(node, at, parent);
    for (const [key, value] of Object.entries(node)) {
      if (key === "properties" || key === "dependentSchemas")
        for (const [name, s] of Object.entries(value ?? {}))
          schema(s, `${at}/${key}/${pointerSegment(name)}`);
      else if (key === "items" || key === "additionalProperties") schema(value, `${at}/${key}`);
      else if (key === "anyOf" || key === "oneOf" || key === "allOf")
        (value ?? []).forEach((s, i) => schema(s, `${at}/${key}/${i}`, node));
    }
  };
  // Outside `components.schemas`, a schema sits under a `schema` key (OpenAPI parameters and
  // media types, OpenRPC content descriptors).
  const walk = (node, at) => {
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "schema") schema(value, `${at}/schema`);
      else if (key === "examples" || key === "x-error-info") continue;
      else
        walk(
          value,
          at === "#/methods" ? `${at}/${key} (${value?.name})` : `${at}/${pointerSegment(key)}`,
        );
    }
  };
  for (const [name, s] of Object.entries(doc.components?.schemas ?? {}))
    schema(s, `#/components/schemas/${pointerSegment(name)}`);
  walk(doc, "#");
}

/**
 * `schema` and the schemas of its allOf / anyOf / oneOf branches at any depth (up to 10), each
 * through its local $refs, in document order, with their JSON paths (from `at`): [[schema, at], …].
 */
export function branchesAt(doc, schema, at) {
  const found = [];
  const visit = (raw, rawAt, depth) => {
    const [s, sAt] = derefAt(doc, raw, rawAt);
    if (!s || typeof s !== "object" || depth > 10) return;
    found.push([s, sAt]);
    for (const key of ["allOf", "anyOf", "oneOf"]) {
      let i = 0;
      for (const branch of s[key] ?? []) visit(branch, `${sAt}/${key}/${i++}`, depth + 1);
    }
  };
  visit(schema, at, 0);
  return found;
}

/** `schema` and its branches (branchesAt), without their paths. */
export const schemaBranches = (doc, schema) => branchesAt(doc, schema).map(([s]) => s);

/** The `type`s a schema admits (through $refs and branches). */
export function schemaTypes(doc, schema) {
  const types = new Set();
  for (const s of schemaBranches(doc, schema)) {
    for (const t of [s.type].flat()) if (t) types.add(t);
    if (s.items) types.add("array");
  }
  return types;
}

/**
 * The schema at a dot-separated property path of `schema` (through $refs and branches: the first
 * that declares each name as its own property), and its JSON path (from `at`, where given), or
 * undefined. Read by x-pagination's result properties and keysetWhen's param path (operations.mjs)
 * and by a page walk's echoed page and limit (bound-prose.mjs).
 */
export function propertyAt(doc, schema, path, at) {
  let current = [[schema, at]];
  for (const name of path.split(".")) {
    const next = [];
    for (const [raw, rawAt] of current)
      for (const [s, sAt] of branchesAt(doc, raw, rawAt))
        if (s.properties && Object.hasOwn(s.properties, name))
          next.push([s.properties[name], `${sAt}/properties/${pointerSegment(name)}`]);
    if (!next.length) return undefined;
    current = next;
  }
  return { schema: current[0][0], at: current[0][1] };
}

/** The words of a name (camelCase, snake_case, kebab-case), lower case. */
export const nameWords = (name) =>
  String(name)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * The operations whose request or result reaches each place of a bundled document: a function of
 * a JSON pointer (`#/components/schemas/TokenInfo/properties/supply`, `#/methods/0/result/schema`;
 * names in brackets are read past) to the names of the operations (method names, operationIds)
 * that reach it, through every local `$ref` at any depth, in document order. For a message that
 * reports a mistake of a shared schema once, saying how many operations it reaches.
 */
export function operationsReaching({ kind, doc }) {
  const byComponent = new Map(); // `components/<section>/<name>` → Set of operation names
  const own = new Map(); // the operation's own pointer prefix → its name
  const visit = (node, name, seen) => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, name, seen));
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/components/")) {
        const component = pointerSegments(value).slice(0, 3).join("/");
        if (seen.has(component)) continue;
        seen.add(component);
        if (!byComponent.has(component)) byComponent.set(component, new Set());
        byComponent.get(component).add(name);
        visit(nodeAt(doc, pointerSegments(value).slice(0, 3)), name, seen);
      } else if (key !== "examples") visit(value, name, seen);
    }
  };
  if (kind === "openrpc")
    (doc.methods ?? []).forEach((m, i) => {
      own.set(`#/methods/${i}`, m.name);
      visit(m, m.name, new Set());
    });
  else
    for (const [path, item] of Object.entries(doc.paths ?? {}))
      for (const [method, operation] of Object.entries(item ?? {})) {
        if (!operation?.operationId) continue;
        own.set(`#/paths/${pointerSegment(path)}/${method}`, operation.operationId);
        visit([item.parameters, operation], operation.operationId, new Set());
      }
  return (pointer) => {
    const plain = pointer.replace(/ \([^()]*\)/g, "");
    const segments = pointerSegments(plain);
    if (segments[0] === "components")
      return [...(byComponent.get(segments.slice(0, 3).join("/")) ?? [])];
    for (const [prefix, name] of own)
      if (plain === prefix || plain.startsWith(`${prefix}/`)) return [name];
    return [];
  };
}
