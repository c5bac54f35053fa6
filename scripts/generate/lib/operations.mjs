// What the generators read from the operations of a bundled document: the REST operations of an
// OpenAPI document with their parameters and body, a JSON-RPC method's params as one schema, and
// the forms the generated clients send. Shared by the emitters (rest.mjs, rpc.mjs) and by the rules
// they refuse a spec by (lib/refusals.mjs, also run by `npm run spec:check`), so both read an
// operation the same way.
import { camel, deref, pointerSegment, resolveRef } from "./schema.mjs";

/** The HTTP methods the generated clients call (openapi-fetch's, minus head/options/trace). */
export const METHODS = ["get", "put", "post", "delete", "patch"];

// What else a path item may hold besides operations (OpenAPI 3.1).
const PATH_ITEM_FIELDS = ["$ref", "summary", "description", "servers", "parameters"];

/**
 * The keys of the path items that the clients cannot call (`head`, `options`, `trace`): such an
 * operation would be documented but get no client method. [{ path, key, at }]
 */
export function uncallableOperations(doc) {
  const found = [];
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const key of Object.keys(item ?? {}))
      if (!METHODS.includes(key) && !PATH_ITEM_FIELDS.includes(key) && !key.startsWith("x-"))
        found.push({ path, key, at: `#/paths/${pointerSegment(path)}/${pointerSegment(key)}` });
  return found;
}

/** The message for an operation `uncallableOperations` found. */
export const uncallableMessage = ({ path, key }) =>
  `paths["${path}"].${key}: the generated clients call ${METHODS.join(", ")} operations only`;

/**
 * The operations of `doc`: [{ path, method, o, at, params, paramAt, body }], `at` the operation's
 * JSON pointer and `paramAt[i]` that of `params[i]` (a `$ref`'s target: the place to edit).
 * @throws Error naming the path of an operation whose HTTP method the clients cannot call, unless
 * `lenient` (the refusals report it themselves, beside everything else)
 */
export function operationsOf(doc, { lenient = false } = {}) {
  const uncallable = lenient ? [] : uncallableOperations(doc);
  if (uncallable.length) throw new Error(uncallableMessage(uncallable[0]));
  const ops = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const itemAt = `#/paths/${pointerSegment(path)}`;
    for (const method of METHODS) {
      const o = item[method];
      if (!o) continue;
      const at = `${itemAt}/${method}`;
      const given = [
        ...(item.parameters ?? []).map((p, i) => [p, `${itemAt}/parameters/${i}`]),
        ...(o.parameters ?? []).map((p, i) => [p, `${at}/parameters/${i}`]),
      ];
      const media = o.requestBody?.content?.["application/json"];
      ops.push({
        path,
        method,
        o,
        at,
        params: given.map(([p]) => (p.$ref ? resolveRef(doc, p.$ref) : p)),
        paramAt: given.map(([p, where]) => (p.$ref ? p.$ref : where)),
        body: media
          ? {
              schema: media.schema,
              required: Boolean(o.requestBody.required),
              examples: media.examples,
            }
          : undefined,
      });
    }
  }
  return ops;
}

/** An object schema with `allOf` members merged: { properties, required, additionalProperties }. */
function objectView(doc, schema) {
  const s = deref(doc, schema);
  const view = {
    properties: { ...(s.properties ?? {}) },
    required: [...(s.required ?? [])],
    additionalProperties: s.additionalProperties,
  };
  for (const member of s.allOf ?? []) {
    const inner = objectView(doc, member);
    if (!inner) return undefined;
    Object.assign(view.properties, inner.properties);
    view.required.push(...inner.required);
    if (inner.additionalProperties === false) view.additionalProperties = false;
  }
  if (s.type !== undefined && s.type !== "object") return undefined;
  return Object.keys(view.properties).length ? view : undefined;
}

// A path parameter of "." or ".." would move the request to another path (URL parsers resolve
// dot segments, even percent-encoded ones), with the key attached.
const NOT_A_DOT_SEGMENT = "^(?!\\.\\.?$)";

/** A string path parameter's schema, refusing "." and ".." unless its own pattern already does. */
function pathSegment(doc, schema) {
  const s = deref(doc, schema);
  return s?.type === "string" && s.pattern === undefined
    ? { ...s, pattern: NOT_A_DOT_SEGMENT }
    : schema;
}

/** The path and query parameters of an operation: the ones its flat input carries. */
const inputParams = (op) => op.params.filter((p) => p.in === "path" || p.in === "query");

/**
 * Why an operation's request body cannot join its flat input (one object of parameters and body
 * fields), or undefined: it is not an object with properties, or a field has a parameter's name.
 */
export function bodyProblem(doc, op) {
  if (!op.body) return undefined;
  const body = objectView(doc, op.body.schema);
  if (!body) return "only object request bodies are supported (the input is one object)";
  const names = new Set(inputParams(op).map((p) => p.name));
  const clash = Object.keys(body.properties).find((name) => names.has(name));
  return clash === undefined
    ? undefined
    : `body field ${clash} clashes with a parameter (the input is one object of both)`;
}

/** The flat input object of an operation as one JSON Schema. @throws Error on a `bodyProblem` */
export function inputSchema(doc, op) {
  const problem = bodyProblem(doc, op);
  if (problem) throw new Error(`${op.o.operationId}: ${problem}`);
  const properties = {};
  const required = [];
  let closed = true;
  for (const p of inputParams(op)) {
    properties[p.name] = p.in === "path" ? pathSegment(doc, p.schema) : p.schema;
    if (p.required) required.push(p.name);
  }
  if (op.body) {
    const body = objectView(doc, op.body.schema);
    for (const [name, s] of Object.entries(body.properties)) properties[name] = s;
    if (op.body.required) required.push(...(body.required ?? []));
    if (body.additionalProperties !== false) closed = false;
  }
  return {
    type: "object",
    properties,
    ...(required.length ? { required } : {}),
    ...(closed ? { additionalProperties: false } : {}),
  };
}

/**
 * How the spec serializes a parameter, when openapi-fetch (which the clients call with its default
 * serializers) would send it otherwise, or undefined. openapi-fetch sends a query array as `form`,
 * exploded (`a=1&a=2`), a query object as `deepObject` (`o[k]=v`), a path value as `simple`: a
 * parameter that asks for another style (`explode: false`: `a=1,2`) would be sent in the wrong
 * form without a word.
 */
export function serializationMismatch(doc, p) {
  const sent =
    p.in === "path"
      ? { style: "simple", explode: false }
      : deref(doc, p.schema)?.type === "object"
        ? { style: "deepObject", explode: true }
        : { style: "form", explode: true };
  const style = p.style ?? (p.in === "path" ? "simple" : "form");
  // (OpenAPI's default; deepObject is defined exploded only, and openapi-fetch sends it so either way.)
  const explode = p.explode ?? (style === "form" || style === "deepObject");
  return style === sent.style && explode === sent.explode
    ? undefined
    : `the spec serializes it as style ${style}, explode ${explode}; the generated client sends style ${sent.style}, explode ${sent.explode}`;
}

/** The 2xx statuses an operation lists. */
export const successStatuses = (op) =>
  Object.keys(op.o.responses ?? {}).filter((s) => /^2\d\d$/.test(s));

/** The schema of an operation's first JSON 2xx response, or undefined. */
export function responseSchemaOf(doc, op) {
  for (const status of successStatuses(op)) {
    const r = deref(doc, op.o.responses[status]);
    const schema = r.content?.["application/json"]?.schema;
    if (schema) return schema;
  }
  return undefined;
}

/** How a JSON-RPC method's `params` go on the wire. */
export function paramsShape(method) {
  if (method["x-params"] === "array") return "array";
  return method.paramStructure === "by-position" ? "positional" : "object";
}

/** The params of a method as one JSON Schema (the object the SDK function takes). */
export function paramsSchema(method, { withQuery }) {
  if (paramsShape(method) === "array") return method.params[0].schema;
  const properties = {};
  const required = [];
  for (const p of method.params ?? []) {
    properties[p.name] = p.description ? { ...p.schema, description: p.description } : p.schema;
    if (p.required) required.push(p.name);
  }
  if (withQuery) {
    for (const q of method["x-query-params"] ?? [])
      properties[camel(q.name)] = { ...q.schema, description: q.description };
  }
  // Rules between params (JSON Schema `dependentSchemas` over the params object): OpenRPC has no
  // place for them, so the method carries them as `x-dependent-schemas`.
  const dependentSchemas = method["x-dependent-schemas"];
  return {
    type: "object",
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
    ...(dependentSchemas ? { dependentSchemas } : {}),
  };
}

/** True when the params object may be left out: by-name params of which none is required. */
export const paramsOptional = (method) =>
  paramsShape(method) === "object" && !(method.params ?? []).some((p) => p.required);
