// What the generators read from the operations of a bundled document: the REST operations of an
// OpenAPI document with their parameters and body, a JSON-RPC method's params as one schema, and
// the forms the generated clients send. Shared by the emitters (rest.mjs, rpc.mjs) and by the rules
// they refuse a spec by (lib/refusals.mjs, also run by `npm run spec:check`), so both read an
// operation the same way.
import { placed, wrapping } from "./places.mjs";
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

/**
 * An object schema with `allOf` members merged: { properties, required, additionalProperties }.
 * With the schema's JSON pointer `at`, each property is `placed` at the pointer of the one it comes
 * from.
 */
function objectView(doc, schema, at = undefined) {
  const s = deref(doc, schema);
  at = refTarget(doc, schema, at);
  const view = {
    properties: placedEach(s.properties ?? {}, at && `${at}/properties`),
    required: [...(s.required ?? [])],
    additionalProperties: s.additionalProperties,
  };
  for (const [i, member] of (s.allOf ?? []).entries()) {
    const inner = objectView(doc, member, at && `${at}/allOf/${i}`);
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

/**
 * A string path parameter's schema, refusing "." and ".." unless its own pattern already does
 * (`at`: the schema's JSON pointer, which the schema with that pattern records, `placed`).
 */
function pathSegment(doc, schema, at) {
  const s = deref(doc, schema);
  return s?.type === "string" && s.pattern === undefined
    ? placed(
        {
          ...s,
          pattern: NOT_A_DOT_SEGMENT,
          // (The check's message: the pattern itself, `^(?!\.\.?$)`, says nothing to most readers.)
          "x-pattern-description": 'a URL path segment other than "." or ".."',
        },
        refTarget(doc, schema, at),
      )
    : placed(schema, at);
}

/**
 * The schemas of a map of schemas (`properties`, `dependentSchemas`) at `at`, each `placed` at its
 * own pointer.
 */
const placedEach = (schemas, at) =>
  at === undefined || typeof schemas !== "object" || schemas === null
    ? schemas
    : Object.fromEntries(
        Object.entries(schemas).map(([key, s]) => [key, placed(s, `${at}/${pointerSegment(key)}`)]),
      );

/**
 * The JSON pointer of the schema that `schema` (at `at`) leads to through its `$ref`s, as `deref`
 * follows them.
 */
function refTarget(doc, schema, at) {
  for (let i = 0; schema?.$ref && i < 32; i++) {
    at = schema.$ref;
    schema = resolveRef(doc, schema.$ref);
  }
  return at;
}

/** A path or query parameter: the ones an operation's flat input carries. */
const isInput = (p) => p.in === "path" || p.in === "query";
/** The path and query parameters of an operation. */
const inputParams = (op) => op.params.filter(isInput);

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

/**
 * The flat input object of an operation as one JSON Schema, each parameter's and body field's
 * schema `placed` at its JSON pointer (a parameter's, or its `$ref`'s target; the body schema's, or
 * that of the `allOf` member declaring the field). @throws Error on a `bodyProblem`
 */
export function inputSchema(doc, op) {
  const problem = bodyProblem(doc, op);
  if (problem) throw new Error(`${op.o.operationId}: ${problem}`);
  const properties = {};
  const required = [];
  let closed = true;
  op.params.forEach((p, i) => {
    if (!isInput(p)) return;
    const at = op.paramAt?.[i] && `${op.paramAt[i]}/schema`;
    properties[p.name] = p.in === "path" ? pathSegment(doc, p.schema, at) : placed(p.schema, at);
    if (p.required) required.push(p.name);
  });
  if (op.body) {
    const body = objectView(
      doc,
      op.body.schema,
      op.at && `${op.at}/requestBody/content/application~1json/schema`,
    );
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
  // (OpenAPI's default; deepObject is defined exploded only, and openapi-fetch sends it so either
  // way.)
  const explode = p.explode ?? (style === "form" || style === "deepObject");
  return style === sent.style && explode === sent.explode
    ? undefined
    : `the spec serializes it as style ${style}, explode ${explode}; the generated client sends style ${sent.style}, explode ${sent.explode}`;
}

/** The 2xx statuses an operation lists. */
export const successStatuses = (op) =>
  Object.keys(op.o.responses ?? {}).filter((s) => /^2\d\d$/.test(s));

/**
 * The schema of an operation's first JSON 2xx response and its JSON pointer (a `$ref`'d response's,
 * in the response it leads to), `{ schema, at }`, or undefined.
 */
export function jsonResponseOf(doc, op) {
  for (const status of successStatuses(op)) {
    const response = op.o.responses[status];
    const schema = deref(doc, response).content?.["application/json"]?.schema;
    if (schema) {
      const at = refTarget(doc, response, `${op.at}/responses/${status}`);
      return { schema, at: `${at}/content/application~1json/schema` };
    }
  }
  return undefined;
}

/** The schema of an operation's first JSON 2xx response, or undefined. */
export const responseSchemaOf = (doc, op) => jsonResponseOf(doc, op)?.schema;

/** How a JSON-RPC method's `params` go on the wire. */
export function paramsShape(method) {
  if (method["x-params"] === "array") return "array";
  return method.paramStructure === "by-position" ? "positional" : "object";
}

/**
 * The params of a method as one JSON Schema (the object the SDK function takes). With the method's
 * JSON pointer `at` (`#/methods/2`), each part is `placed` at its own: a param's schema, a query
 * option's, a rule of `x-dependent-schemas` or `x-all-of`. The method's `x-renamed-from` (other
 * SDKs' names for its params) is the object's. By position with one param, the object is marked
 * as wrapping it (places.mjs `wrapping`), for the check's messages.
 */
export function paramsSchema(method, { withQuery, at = undefined }) {
  const within = (path) => at && `${at}/${path}`;
  if (paramsShape(method) === "array")
    return placed(method.params[0].schema, within("params/0/schema"));
  const properties = {};
  const required = [];
  (method.params ?? []).forEach((p, i) => {
    const schema = p.description ? { ...p.schema, description: p.description } : p.schema;
    properties[p.name] = placed(schema, within(`params/${i}/schema`));
    if (p.required) required.push(p.name);
  });
  if (withQuery) {
    (method["x-query-params"] ?? []).forEach((q, i) => {
      const schema = { ...q.schema, description: q.description };
      properties[camel(q.name)] = placed(schema, within(`x-query-params/${i}/schema`));
    });
  }
  // Rules between params (JSON Schema `dependentSchemas` and `allOf` over the params object):
  // OpenRPC has no place for them, so the method carries them as `x-dependent-schemas` and
  // `x-all-of`.
  const dependentSchemas = method["x-dependent-schemas"];
  const allOf = method["x-all-of"];
  // Other SDKs' names for params, as an object schema gives them for its properties.
  const renamed = method["x-renamed-from"];
  const schema = {
    type: "object",
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
    ...(renamed !== undefined ? { "x-renamed-from": renamed } : {}),
    ...(dependentSchemas
      ? { dependentSchemas: placedEach(dependentSchemas, within("x-dependent-schemas")) }
      : {}),
    ...(allOf !== undefined
      ? {
          allOf: Array.isArray(allOf)
            ? allOf.map((rule, i) => placed(rule, within(`x-all-of/${i}`)))
            : placed(allOf, within("x-all-of")),
        }
      : {}),
  };
  // By position, one param: the caller wraps it (`{ request: { accountKeys } }`), and a check's
  // message names where a member given unwrapped goes (places.mjs `wrapping`).
  return paramsShape(method) === "positional" && method.params?.length === 1
    ? wrapping(schema, method.params[0].name)
    : schema;
}

/**
 * True when the params object may be left out: params by name or by position of which none is
 * required. Left out, by-name params are sent as `{}` and by-position ones as `[]` (core's
 * rpcEncoding drops the trailing params not given), as a caller's `{}` is: the SDK sends no value
 * the caller did not give (`[{}]` would be one). Not an `x-params: array` method's: its one param
 * is the wire `params` itself.
 */
export const paramsOptional = (method) =>
  paramsShape(method) !== "array" && !(method.params ?? []).some((p) => p.required);
