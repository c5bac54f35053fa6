/**
 * The operations of the spec bundles (spec/dist/index.json + each area document), read the way
 * the contract tests need them: the client input of each operation's first example, its
 * response schema (validated with ajv, JSON Schema 2020-12), the u64 values a response holds
 * according to the schema, and the raw wire request for an input (to ask the mock directly).
 *
 * Nothing here comes from the generated code: the contract tests compare the clients with the
 * spec, so the spec side is derived independently.
 */
import { parseJson } from "@chaindata/core";
import type Ajv2020 from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv/dist/2020.js";
// @ts-expect-error — plain ESM scripts without type declarations
import { makeAjv, toAjvSchema } from "../../scripts/spec/rules.mjs";

import { areas, deref, HTTP_METHODS, type Area } from "../spec/documents.js";

export { areas, branches, deref, index, root, specDir, type Area } from "../spec/documents.js";

export interface Operation {
  /** OpenRPC method name or OpenAPI operationId. */
  id: string;
  area: string;
  kind: "openrpc" | "openapi";
  host: string;
  doc: any;
  idempotent: boolean;
  deprecated: boolean;
  pagination?: any;
  /** The client input of the first example; `undefined` when the operation takes none. */
  input: unknown;
  /** The client input of every example (OpenRPC; a REST operation's first only), `input` first. */
  inputs: unknown[];
  /** The operation takes no input at all (no params, no request body). */
  noInput: boolean;
  /** OpenRPC */
  method?: any;
  endpoint?: string;
  /** `object` (by-name), `positional` (by-position), `array` (`x-params: array`). */
  wire?: "object" | "positional" | "array";
  /** OpenAPI */
  verb?: string;
  path?: string;
  op?: any;
  params?: any[];
}

/** The value of the first named example of a parameter / media type (or its schema's first example). */
const firstExample = (doc: any, node: any): { value: unknown } | undefined => {
  if (!node) return undefined;
  if (node.examples && !Array.isArray(node.examples)) {
    const first = deref(doc, Object.values<any>(node.examples)[0]);
    if (first && "value" in first) return { value: first.value };
  }
  if (Array.isArray(node.schema?.examples) && node.schema.examples.length)
    return { value: node.schema.examples[0] };
  return undefined;
};

function rpcOperations(a: Area): Operation[] {
  return a.doc.methods.map((method: any): Operation => {
    const ex = method.examples?.[0];
    const wire =
      method["x-params"] === "array"
        ? "array"
        : method.paramStructure === "by-position"
          ? "positional"
          : "object";
    const inputOf = (e: any) =>
      wire === "array"
        ? e?.params?.[0]?.value
        : Object.fromEntries((e?.params ?? []).map((p: any) => [p.name, p.value]));
    return {
      id: method.name,
      area: a.area,
      kind: "openrpc",
      host: a.host,
      doc: a.doc,
      idempotent: method["x-idempotent"] !== false,
      deprecated: !!method.deprecated || !!a.doc.info?.["x-deprecated"],
      pagination: method["x-pagination"],
      input: inputOf(ex),
      inputs: ex ? method.examples.map(inputOf) : [],
      noInput: (method.params ?? []).length === 0,
      method,
      endpoint: a.doc.info?.["x-path"] ?? "/",
      wire,
    };
  });
}

function restOperations(a: Area): Operation[] {
  return Object.entries<any>(a.doc.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((verb) => item[verb]).map((verb): Operation => {
      const op = item[verb];
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: any) =>
        deref(a.doc, p),
      );
      const input: Record<string, unknown> = {};
      for (const p of params) {
        const ex = firstExample(a.doc, p);
        if (ex && (p.in === "path" || p.in === "query")) input[p.name] = ex.value;
      }
      const body = deref(a.doc, op.requestBody);
      const bodyExample = firstExample(a.doc, body?.content?.["application/json"]);
      if (bodyExample && typeof bodyExample.value === "object")
        Object.assign(input, bodyExample.value);
      const noInput = !body && !params.some((p) => p.in === "path" || p.in === "query");
      return {
        id: op.operationId,
        area: a.area,
        kind: "openapi",
        host: a.host,
        doc: a.doc,
        idempotent: op["x-idempotent"] !== false,
        deprecated: !!op.deprecated || !!a.doc.info?.["x-deprecated"],
        pagination: op["x-pagination"],
        input: noInput ? undefined : input,
        inputs: noInput ? [] : [input],
        noInput,
        verb,
        path,
        op,
        params,
      };
    }),
  );
}

/** Every operation of every area listed by spec/dist/index.json. */
export const operations: Operation[] = areas.flatMap((a) =>
  a.kind === "openrpc" ? rpcOperations(a) : restOperations(a),
);
export const operationById = new Map(operations.map((o) => [o.id, o]));

// -- response schemas (ajv, JSON Schema 2020-12) ----------------------------------------------------

const ajvByArea = new Map<string, { ajv: Ajv2020; id: string }>();
function ajvFor(op: Operation) {
  let entry = ajvByArea.get(op.area);
  if (!entry) {
    const ajv = makeAjv();
    const id = `https://chaindata.invalid/${op.kind}/${op.area}.json`;
    const defs = Object.fromEntries(
      Object.entries<any>(op.doc.components?.schemas ?? {}).map(([n, s]) => [
        n,
        toAjvSchema(s, id),
      ]),
    );
    ajv.addSchema({ $id: id, $defs: defs });
    entry = { ajv, id };
    ajvByArea.set(op.area, entry);
  }
  return entry;
}

/**
 * The schema of an operation's successful response: the OpenRPC `result` schema, or the
 * OpenAPI schema of `status` (default: the lowest 2xx with content). `null` = no body.
 */
export function responseSchema(op: Operation, status?: number): any {
  if (op.kind === "openrpc") return op.method.result.schema;
  const codes = Object.keys(op.op.responses).filter((c) => /^2\d\d$/.test(c));
  const code =
    status !== undefined
      ? String(status)
      : (codes.find((c) => deref(op.doc, op.op.responses[c])?.content) ?? codes[0]);
  const response = deref(op.doc, op.op.responses[code!]);
  if (!response) throw new Error(`${op.id}: the spec has no ${code} response`);
  const content = response.content ?? {};
  return (content["application/json"] ?? content["text/plain"])?.schema ?? null;
}

/** Whether `op`'s 2xx body is text (`text/plain`, the sender's ping), not JSON. */
export function isTextResponse(op: Operation): boolean {
  if (op.kind === "openrpc") return false;
  const code = Object.keys(op.op.responses).find((c) => /^2\d\d$/.test(c));
  const content = deref(op.doc, op.op.responses[code!])?.content ?? {};
  return Boolean(content["text/plain"]) && !content["application/json"];
}

const validators = new WeakMap<object, ValidateFunction>();
/** Validates `value` (plain JSON, as `JSON.parse` gives it) against `schema` of `op`'s document. */
export function validateAgainst(op: Operation, schema: any, value: unknown): string[] {
  let validate = validators.get(schema);
  if (!validate) {
    const { ajv, id } = ajvFor(op);
    validate = ajv.compile(toAjvSchema(schema, id)) as ValidateFunction;
    validators.set(schema, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (e) =>
      `${e.instancePath || "(root)"} ${e.message}${e.params && "allowedValues" in e.params ? ` ${JSON.stringify(e.params.allowedValues).slice(0, 80)}` : ""}`,
  );
}

/**
 * Validates a raw response text the mock sent for `op`: the JSON-RPC envelope's `result`, or
 * the REST body of `status`. Returns the problems (empty: valid).
 */
export function validateRawResponse(op: Operation, text: string, status = 200): string[] {
  if (op.kind === "openrpc") {
    const envelope = JSON.parse(text);
    if (envelope?.jsonrpc !== "2.0" || !("result" in envelope))
      return [`not a JSON-RPC result envelope: ${text.slice(0, 200)}`];
    return validateAgainst(op, responseSchema(op), envelope.result);
  }
  const schema = responseSchema(op, status);
  if (schema === null)
    return text === ""
      ? []
      : [`status ${status} has no body in the spec, got ${text.slice(0, 100)}`];
  return validateAgainst(op, schema, isTextResponse(op) ? text : JSON.parse(text));
}

// -- u64 values ------------------------------------------------------------------------------------

// (A string of that format too: a u64 the service writes as digits, the wallet's `amountRaw`.)
const isU64 = (s: any) =>
  s &&
  s.format === "uint64" &&
  [s.type].flat().some((t: unknown) => t === "integer" || t === "string");

/**
 * Every value of `value` that the response schema of `op` marks as u64 (`format: uint64`),
 * with its path. Walks schema and value together (refs, properties, items, anyOf/oneOf/allOf,
 * additionalProperties), so it finds u64 fields however deep, independently of the SDK's own
 * u64 map.
 */
export function u64Values(
  op: Operation,
  value: unknown,
  schema = responseSchema(op),
): Array<{ path: string; value: unknown }> {
  return valuesWhere(op, value, isU64, schema).map(({ path, value }) => ({ path, value }));
}

/**
 * Every value of `value` whose schema (in the response schema of `op`) `match` picks, with its
 * path and that schema; `name` is the property the value is of. Walks schema and value together
 * as u64Values says, and does not look inside a value it picks.
 */
export function valuesWhere(
  op: Operation,
  value: unknown,
  match: (schema: any, name: string | undefined) => boolean,
  schema = responseSchema(op),
): Array<{ path: string; value: unknown; schema: any }> {
  const found = new Map<string, { value: unknown; schema: any }>();
  const walk = (s: any, v: unknown, path: string, name: string | undefined, depth: number) => {
    s = deref(op.doc, s);
    if (!s || v === undefined || v === null || depth > 40) return;
    if (match(s, name)) {
      found.set(path, { value: v, schema: s });
      return;
    }
    for (const k of ["anyOf", "oneOf", "allOf"])
      for (const branch of s[k] ?? []) walk(branch, v, path, name, depth + 1);
    if (Array.isArray(v)) {
      if (s.items) v.forEach((item, i) => walk(s.items, item, `${path}[${i}]`, name, depth + 1));
    } else if (typeof v === "object") {
      for (const [k, child] of Object.entries(v)) {
        if (s.properties?.[k]) walk(s.properties[k], child, `${path}.${k}`, k, depth + 1);
        else if (s.additionalProperties && typeof s.additionalProperties === "object")
          walk(s.additionalProperties, child, `${path}.${k}`, k, depth + 1);
      }
    }
  };
  walk(schema, value, "result", undefined, 0);
  return [...found].map(([path, v]) => ({ path, ...v }));
}

// -- the raw wire request for an input ---------------------------------------------------------------

export interface RawRequest {
  method: string;
  /** Path and query, relative to the mock's URL (the API key included). */
  url: string;
  body?: unknown;
}

/** The HTTP request a correct client makes for `input` (used to ask the mock directly). */
export function rawRequest(
  op: Operation,
  input: any,
  apiKey = "test",
  id: string | number = "1",
): RawRequest {
  if (op.kind === "openrpc") {
    let params: unknown = input;
    if (op.wire === "positional") {
      const list = (op.method.params as any[]).map((p) => input?.[p.name]);
      while (list.length && list[list.length - 1] === undefined) list.pop();
      params = list;
    }
    return {
      method: "POST",
      url: `${op.endpoint}?api-key=${apiKey}`,
      body: { jsonrpc: "2.0", id, method: op.id, params },
    };
  }
  let path = op.path!;
  const query = new URLSearchParams({ "api-key": apiKey });
  const rest: Record<string, unknown> = { ...(input ?? {}) };
  for (const p of op.params!) {
    // (A path parameter left out leaves its segment empty, which the server reads as no value.)
    if (p.in === "path")
      path = path.replace(
        `{${p.name}}`,
        rest[p.name] === undefined ? "" : encodeURIComponent(String(rest[p.name])),
      );
    else if (p.in === "query" && rest[p.name] !== undefined)
      query.set(p.name, String(rest[p.name]));
    if (p.in === "path" || p.in === "query") delete rest[p.name];
  }
  // (With no body, a member no parameter names goes to the query string, as a plain HTTP call
  // would.)
  if (!op.op.requestBody)
    for (const [name, value] of Object.entries(rest))
      if (value !== undefined) query.set(name, String(value));
  return {
    method: op.verb!.toUpperCase(),
    url: `${path}?${query}`,
    ...(op.op.requestBody && { body: rest }),
  };
}

/** A request violation the mock (Prism) reports: its JSON Schema keyword and where, dotted. */
export interface MockViolation {
  rule: string;
  /** `request.body.params.1.encoding`, `request.path`: a `required` or `additionalProperties`
   * violation is at the object that lacks or has the member. */
  location: string;
}

/**
 * The violation the mock must report for `rawRequest(op, input)` when the client refuses `input`
 * with `rule` at `path` (a ValidationIssue's). Mostly the client's own keyword at the same place;
 * where the wire cannot carry the input as the client sees it, the keyword the spec gives that
 * wire form:
 * - a by-position method's required param left out: the list ends before its position (the
 *   method's `minItems`), or, a later param being there, its place holds `null` (its `type`);
 * - a REST path parameter left out or empty: an empty path segment, which is no value (`required`).
 */
export function mockViolation(
  op: Operation,
  input: any,
  path: string,
  rule: string,
): MockViolation {
  const segments: string[] = path
    .replace(/^params/, "")
    .split(/[.[\]]/)
    .filter(Boolean);
  const at = (rule: string, place: string[], where: string[]) => ({
    rule,
    location: [...where, ...(["required", "additionalProperties"].includes(rule) ? place.slice(0, -1) : place)].join("."), // prettier-ignore
  });
  if (op.kind === "openrpc") {
    if (op.wire !== "positional" || !segments.length)
      return at(rule, segments, ["request", "body", "params"]);
    const index = (op.method.params as any[]).findIndex((p) => p.name === segments[0]);
    const place = [String(index), ...segments.slice(1)];
    if (rule === "required" && segments.length === 1) {
      const sent = (rawRequest(op, input).body as { params: unknown[] }).params;
      return index < sent.length
        ? at("type", place, ["request", "body", "params"])
        : { rule: "minItems", location: "request.body.params" };
    }
    return at(rule, place, ["request", "body", "params"]);
  }
  const param = (op.params ?? []).find((p) => p.name === segments[0] && p.in !== "header");
  if (!param) return at(rule, segments, ["request", "body"]);
  if (param.in === "path" && segments.length === 1 && [undefined, ""].includes(input?.[param.name]))
    return { rule: "required", location: "request.path" };
  return at(rule, segments, ["request", param.in]);
}

/** What the server sent as the operation's result: the JSON-RPC `result`, or the REST body (`undefined` when empty). */
export function sentResult(op: Operation, text: string): unknown {
  if (text === "") return undefined;
  if (isTextResponse(op)) return text;
  const body = parseJson(text);
  return op.kind === "openrpc" ? (body as { result?: unknown }).result : body;
}

/** Every number and bigint as its decimal digits, so a client value (u64 → bigint) compares with the wire JSON. */
export function digits(value: unknown): unknown {
  if (typeof value === "bigint" || typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(digits);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, digits(v)]));
  return value;
}
