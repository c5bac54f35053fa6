/**
 * OpenRPC → OpenAPI. Prism answers HTTP operations and cannot pick a response by the
 * `method` of a JSON-RPC body, so every OpenRPC method becomes its own operation
 * `POST /__rpc/<area>/<method>`: the request body is the JSON-RPC envelope carrying that
 * method's params schema, the 200 response is the `{ jsonrpc, id, result }` envelope with
 * the method's result schema and examples, and every error status of `x-error-info`
 * (401, 403, 429, …) is a response with a JSON-RPC error body. The dispatcher in
 * `json-rpc.ts` routes each JSON-RPC request (and each entry of a batch) to its operation.
 */
import { addGenerationHints } from "./generate.js";
import { bigintMarker, mapBigints } from "./json.js";
import { pagingOf, type Paging } from "./paging.js";
import { resolveRef, type LoadedArea } from "./spec.js";

export const JSON_SCHEMA_2020 = "https://json-schema.org/draft/2020-12/schema";

/** The synthetic path of a method's operation. */
export const rpcOperationPath = (area: string, method: string) => `/__rpc/${area}/${method}`;

export type ParamStructure = "by-name" | "by-position" | "array" | "either";

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** What the dispatcher knows about one JSON-RPC method. */
export interface RpcMethod {
  area: string;
  /** The endpoint path on the host: `/` or `/fast`. */
  endpoint: string;
  name: string;
  operationPath: string;
  /** Example pairings: name and the wire `params` of its request. */
  examples: Array<{ name: string; params: unknown }>;
  /** The documented error objects (by code). */
  errors: Map<number, RpcError>;
  /** `x-error-info` of the area: code → HTTP status. */
  errorStatus: Map<number, number>;
  /** `info.x-auth` of the area: where the API key goes, and whether it is required. */
  auth: { in: string; name: string; required: boolean };
  /**
   * The HTTP statuses its operation has a response for (200 and the errors), ascending: what
   * `Prefer: code=` may ask.
   */
  statuses: number[];
  /**
   * The names of the examples of each of those responses (200: the pairings with a result; an error
   * status: `error<code>`): what `Prefer: example=` may ask.
   */
  responseExamples: Map<number, string[]>;
  /**
   * How it pages (`x-pagination`), if it does: generated answers follow the request's paging
   * (paging.ts).
   */
  paging?: Paging;
  /** `x-refused-with` of its params (json-rpc-entry.ts `serviceRefusal`). */
  refusals: Refusal[];
}

/**
 * An error object the service answers in place of -32602 when a param breaks `keyword` of its own
 * schema, or of its entries' schema: a rule its method checks after the params parse (the
 * compression service's count of addresses, a filter without `memcmp`: a -32000).
 */
export interface Refusal {
  /** The param's name; undefined for an `x-params: array` method's, which is `params` itself. */
  param?: string;
  /** Where the violation stands, as a violation names it; ANY_ENTRY for an entry of a list. */
  at: string[];
  keyword: string;
  error: RpcError;
}

/** In a {@link Refusal}'s `at`: any entry of the list (an index in the violation's location). */
export const ANY_ENTRY = "*";

/**
 * A param's `x-refused-with` (its `x-` keys are about the list, not keywords): each key a keyword
 * of the param's schema, or `items/<keyword>` for one of its entries' schema (spec/README.md).
 */
const refusalsOf = (param: any, wholeParams: boolean): Refusal[] =>
  Object.entries<any>(param["x-refused-with"] ?? {})
    .filter(([key]) => !key.startsWith("x-"))
    .map(([key, e]) => {
      const steps = key.split("/");
      const keyword = steps.pop()!;
      return {
        ...(!wholeParams && { param: param.name }),
        at: [
          "request",
          "body",
          "params",
          ...(wholeParams ? [] : [param.name]),
          ...steps.map(() => ANY_ENTRY),
        ],
        keyword,
        error: { code: e.code, message: e.message },
      };
    });

const RETRY_AFTER = {
  description: "How many seconds to wait before retrying.",
  required: true,
  schema: { type: "integer", minimum: 0 },
  examples: { oneSecond: { value: 1 } },
};

const ID_SCHEMA = { description: "The request id, echoed.", type: ["string", "number", "null"] };

function structureOf(method: any): ParamStructure {
  if (method["x-params"] === "array") return "array";
  if (method.paramStructure === "by-position") return "by-position";
  if (method.paramStructure === "by-name") return "by-name";
  return "either";
}

/** The wire `params` of an example pairing. */
export function exampleParams(method: any, example: any): unknown {
  const structure = structureOf(method);
  const values = new Map<string, unknown>(
    (example.params ?? []).map((p: any) => [p.name, p.value]),
  );
  const params: any[] = method.params ?? [];
  if (structure === "array") return values.get(params[0]?.name) ?? [];
  if (structure === "by-position") {
    const out: unknown[] = [];
    params.forEach((p, i) => {
      if (values.has(p.name)) {
        while (out.length < i) out.push(null);
        out.push(values.get(p.name));
      }
    });
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const p of params) if (values.has(p.name)) out[p.name] = values.get(p.name);
  return out;
}

// The rules between params, by name: `dependentSchemas` (`x-dependent-schemas` of the method, such
// as DAS `page` excluding `cursor`; by position they are not checked) and `allOf` (`x-all-of`:
// rules chosen by a member's value, such as the sender's transaction in its config's encoding; by
// position each names the params by their index, `byPositionRule`).
function byNameSchema(params: any[], dependentSchemas?: unknown, allOf?: unknown[]) {
  const required = params.filter((p) => p.required).map((p) => p.name);
  return {
    type: "object",
    properties: Object.fromEntries(params.map((p) => [p.name, withDescription(p)])),
    ...(required.length && { required }),
    additionalProperties: false,
    ...(dependentSchemas !== undefined && { dependentSchemas }),
    ...(allOf !== undefined && { allOf }),
  };
}

function byPositionSchema(params: any[], allOf?: unknown[]) {
  let minItems = 0;
  params.forEach((p, i) => p.required && (minItems = i + 1));
  return {
    type: "array",
    prefixItems: params.map(withDescription),
    items: false,
    ...(minItems && { minItems }),
    maxItems: params.length,
    ...(allOf !== undefined && { allOf: allOf.map((rule) => byPositionRule(rule, params)) }),
  };
}

/**
 * A rule of `x-all-of` (`{ if, then }`, each over the params object) over the params array: a
 * param's `properties` entry becomes the item at its index, `required` the least number of items.
 * (The generator reads no other keyword at this level: spec/README.md, "Operation extensions".)
 */
function byPositionRule(rule: any, params: any[]): unknown {
  const index = (name: string) => params.findIndex((p) => p.name === name);
  const positional = (schema: any) => {
    if (schema === null || typeof schema !== "object") return schema;
    const { properties, required, ...rest } = schema;
    const items: unknown[] = [];
    for (const [name, s] of Object.entries(properties ?? {})) {
      while (items.length < index(name)) items.push(true);
      items[index(name)] = s;
    }
    const least = Math.max(0, ...(required ?? []).map((name: string) => index(name) + 1));
    return {
      ...rest,
      ...(items.length && { prefixItems: items }),
      ...(least && { minItems: least }),
    };
  };
  return { if: positional(rule?.if), then: positional(rule?.then) };
}

function withDescription(p: any) {
  const schema = p.schema ?? {};
  return p.description && !schema.$ref ? { description: p.description, ...schema } : schema;
}

function paramsSchema(method: any) {
  const params: any[] = method.params ?? [];
  const dependent = method["x-dependent-schemas"];
  const allOf = method["x-all-of"];
  switch (structureOf(method)) {
    case "array":
      return params[0]?.schema ?? { type: "array" };
    case "by-position":
      return byPositionSchema(params, allOf);
    case "by-name":
      return byNameSchema(params, dependent, allOf);
    default:
      return {
        anyOf: [byNameSchema(params, dependent, allOf), byPositionSchema(params, allOf)],
      };
  }
}

// JSON-RPC 2.0 responses have exactly these members: closed, so dynamic answers add no others.
const errorEnvelope = (codes: number[]) => ({
  type: "object",
  required: ["jsonrpc", "id", "error"],
  additionalProperties: false,
  properties: {
    jsonrpc: { const: "2.0" },
    id: ID_SCHEMA,
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: codes.length ? { type: "integer", enum: codes } : { type: "integer" },
        message: { type: "string", minLength: 1 },
        data: {},
      },
    },
  },
});

/**
 * Marks a JSON-RPC 200 that is either envelope (resultOrError): Prism generates from its result's
 * alone (prism.ts).
 */
export const RESULT_OR_ERROR = "x-chaindata-result-or-error";

/**
 * The body of a JSON-RPC 200: the result's envelope, or where the area answers errors in a 200
 * (`codes`), either envelope, as JSON-RPC 2.0 has a response carry `result` or `error` (an
 * `if`/`else`, so that a wrong answer's violations are its own envelope's).
 */
function resultOrError(result: unknown, codes: number[]) {
  const resultEnvelope = {
    type: "object",
    required: ["jsonrpc", "id", "result"],
    additionalProperties: false,
    properties: { jsonrpc: { const: "2.0" }, id: ID_SCHEMA, result },
  };
  if (!codes.length) return resultEnvelope;
  return {
    [RESULT_OR_ERROR]: true,
    if: { type: "object", required: ["error"] },
    then: errorEnvelope(codes),
    else: resultEnvelope,
  };
}

/** The documented error objects of a method (refs resolved), by code. */
function methodErrors(doc: any, method: any): Map<number, RpcError> {
  const errors = new Map<number, RpcError>();
  for (const e of method.errors ?? []) {
    const err = resolveRef(doc, e);
    if (err && typeof err.code === "number")
      errors.set(err.code, {
        code: err.code,
        message: err.message,
        ...(err.data !== undefined && { data: err.data }),
      });
  }
  return errors;
}

/** Named errors of the whole area (`components.errors`), by code. */
function areaErrors(doc: any): Map<number, RpcError> {
  const errors = new Map<number, RpcError>();
  for (const err of Object.values<any>(doc.components?.errors ?? {})) {
    if (typeof err?.code === "number" && !errors.has(err.code))
      errors.set(err.code, { code: err.code, message: err.message });
  }
  return errors;
}

const STANDARD_ERRORS: Record<number, RpcError> = {
  [-32700]: { code: -32700, message: "Parse error" },
  [-32001]: { code: -32001, message: "Unauthorized" },
  [-32003]: { code: -32003, message: "Forbidden" },
  [-32005]: { code: -32005, message: "Rate limit exceeded" },
  [-32602]: { code: -32602, message: "Invalid params" },
};
// The statuses every method answers, each with its usual code and then the fallbacks: an area
// that documents -32602 at another status (the compression service answers it with HTTP 200)
// answers 400 with a parse error, as its server does for malformed JSON.
const ALWAYS: Record<number, number[]> = {
  400: [-32602, -32700],
  401: [-32001],
  403: [-32003],
  429: [-32005],
};

/**
 * One OpenAPI 3.1 document with an operation per method of an OpenRPC area, and what the
 * dispatcher needs to know about each method.
 */
export function convertOpenRpc(area: LoadedArea): { openapi: any; methods: RpcMethod[] } {
  const doc = area.doc;
  const endpoint: string = doc.info?.["x-path"] ?? "/";
  const auth = doc.info?.["x-auth"] ?? { in: "query", name: "api-key", required: true };
  const errorStatus = new Map<number, number>();
  for (const [code, info] of Object.entries<any>(doc["x-error-info"] ?? {})) {
    if (typeof info?.httpStatus === "number") errorStatus.set(Number(code), info.httpStatus);
  }
  // The JSON-RPC 2.0 protocol errors (-32700, -32600, -32601), which no method lists: the bundler
  // gives each its status for the area (spec/README.md), and the dispatcher answers them with it.
  for (const e of doc["x-protocol-errors"] ?? [])
    if (typeof e?.code === "number" && typeof e.httpStatus === "number" && !errorStatus.has(e.code))
      errorStatus.set(e.code, e.httpStatus);
  const knownErrors = areaErrors(doc);
  const paths: Record<string, any> = {};
  const methods: RpcMethod[] = [];

  for (const method of doc.methods ?? []) {
    const m = resolveRef(doc, method);
    const operationPath = rpcOperationPath(area.area, m.name);
    const params: any[] = (m.params ?? []).map((p: any) => resolveRef(doc, p));
    const mm = { ...m, params };
    const errors = methodErrors(doc, m);
    const examples = (m.examples ?? [])
      .map((e: any) => resolveRef(doc, e))
      .filter((e: any) => e && e.name);
    const anyRequired = params.some((p) => p.required);
    const requestSchema = {
      type: "object",
      required: ["jsonrpc", "method", ...(anyRequired ? ["params"] : [])],
      additionalProperties: false,
      properties: {
        jsonrpc: { const: "2.0" },
        id: ID_SCHEMA,
        method: { const: m.name },
        params: paramsSchema(mm),
      },
    };
    const requestExamples = Object.fromEntries(
      examples.map((e: any) => [
        e.name,
        {
          ...(e.summary && { summary: e.summary }),
          value: { jsonrpc: "2.0", id: 1, method: m.name, params: exampleParams(mm, e) },
        },
      ]),
    );
    const resultExamples = Object.fromEntries(
      examples
        .filter((e: any) => e.result && "value" in e.result)
        .map((e: any) => [
          e.name,
          {
            ...(e.summary && { summary: e.summary }),
            value: { jsonrpc: "2.0", id: 1, result: e.result.value },
          },
        ]),
    );
    const result = resolveRef(doc, m.result);
    const paging = pagingOf(m["x-pagination"], doc, result?.schema);

    // Error responses: every HTTP status the area maps a code to, plus 400/401/403/429 always.
    const byStatus = new Map<number, RpcError[]>();
    const add = (status: number, err: RpcError) => {
      const list = byStatus.get(status) ?? [];
      if (!list.some((e) => e.code === err.code)) list.push(err);
      byStatus.set(status, list);
    };
    for (const [code, status] of errorStatus) {
      if (status < 400) continue;
      const err = errors.get(code) ?? knownErrors.get(code);
      if (err && (errors.has(code) || ALWAYS[status]?.[0] === code)) add(status, err);
    }
    for (const [status, codes] of Object.entries(ALWAYS)) {
      if (byStatus.has(Number(status))) continue;
      const codeForStatus =
        [...errorStatus].find(([, s]) => s === Number(status))?.[0] ??
        codes.find((c) => (errorStatus.get(c) ?? Number(status)) === Number(status)) ??
        codes[0]!;
      add(
        Number(status),
        errors.get(codeForStatus) ??
          knownErrors.get(codeForStatus) ??
          STANDARD_ERRORS[codeForStatus] ?? { code: codeForStatus, message: "Error" },
      );
    }
    // The codes the area answers in a 200 (x-error-info: compression's method errors), of the
    // method's errors and the mock's own -32602.
    const errorsIn200 = [...errorStatus]
      .filter(([code, status]) => status === 200 && (errors.has(code) || code === -32602))
      .map(([code]) => code);
    const errorResponses = Object.fromEntries(
      [...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([status, errs]) => [
          String(status),
          {
            description: errs.map((e) => `${e.code} ${e.message}`).join("; "),
            ...(status === 429 && { headers: { "Retry-After": RETRY_AFTER } }),
            content: {
              "application/json": {
                schema: errorEnvelope(errs.map((e) => e.code)),
                examples: Object.fromEntries(
                  errs.map((e) => [
                    `error${e.code}`,
                    { value: { jsonrpc: "2.0", id: 1, error: e } },
                  ]),
                ),
              },
            },
          },
        ]),
    );

    methods.push({
      area: area.area,
      endpoint,
      name: m.name,
      operationPath,
      // Only pairings with a result: the params of an error-only pairing must not pick it for a
      // plain request, which Prism can answer only with a result example.
      examples: examples
        .filter((e: any) => Object.hasOwn(resultExamples, e.name))
        .map((e: any) => ({ name: e.name, params: exampleParams(mm, e) })),
      errors,
      errorStatus,
      auth,
      statuses: [200, ...[...byStatus.keys()].sort((a, b) => a - b)],
      responseExamples: new Map([
        [200, Object.keys(resultExamples)],
        ...Object.entries(errorResponses).map(([status, r]): [number, string[]] => [
          Number(status),
          Object.keys(r.content["application/json"].examples),
        ]),
      ]),
      ...(paging && { paging }),
      refusals: params.flatMap((p) => refusalsOf(p, m["x-params"] === "array")),
    });

    const queryParams = (m["x-query-params"] ?? []).map((q: any) => {
      const p = resolveRef(doc, q);
      return {
        name: p.name,
        in: "query",
        required: p.required === true,
        schema: p.schema ?? { type: "string" },
        ...(p.description && { description: p.description }),
      };
    });

    paths[operationPath] = {
      post: {
        operationId: `${area.area}.${m.name}`,
        summary: m.summary,
        ...(m.deprecated && { deprecated: true }),
        ...(auth.required ? { security: [{ RpcApiKey: [] }] } : { security: [] }),
        ...(queryParams.length && { parameters: queryParams }),
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: requestSchema,
              ...(examples.length && { examples: requestExamples }),
            },
          },
        },
        responses: {
          "200": {
            description: result?.description ?? "The result.",
            content: {
              "application/json": {
                schema: resultOrError(result?.schema ?? {}, errorsIn200),
                ...(Object.keys(resultExamples).length && { examples: resultExamples }),
              },
            },
          },
          ...errorResponses,
        },
      },
    };
  }

  const openapi = {
    openapi: "3.1.0",
    jsonSchemaDialect: JSON_SCHEMA_2020,
    info: {
      title: `${doc.info?.title ?? area.area} (JSON-RPC methods as operations)`,
      version: doc.info?.version ?? "0.0.0",
    },
    paths,
    components: {
      schemas: doc.components?.schemas ?? {},
      securitySchemes: {
        RpcApiKey: { type: "apiKey", in: auth.in ?? "query", name: auth.name ?? "api-key" },
      },
    },
  };
  return { openapi: forPrism(openapi), methods };
}

/**
 * A REST bundle as Prism gets it: JSON Schema 2020-12, big integers as markers, generation hints
 * (generate.ts).
 */
export function convertOpenApi(area: LoadedArea): any {
  return forPrism({
    ...area.doc,
    jsonSchemaDialect: area.doc.jsonSchemaDialect ?? JSON_SCHEMA_2020,
  });
}

// Schema keywords whose value must stay a number; anywhere else (example values, schema
// `examples`, defaults) an unsafe integer becomes a marker string that the response writer
// turns back into exact digits.
const NUMERIC_KEYWORDS = new Set([
  "maximum",
  "minimum",
  "exclusiveMaximum",
  "exclusiveMinimum",
  "multipleOf",
  "const",
  "enum",
]);

function forPrism(doc: any): any {
  return addGenerationHints(
    mapBigints(doc, (big, key) =>
      key !== undefined && NUMERIC_KEYWORDS.has(key) ? Number(big) : bigintMarker(big),
    ),
  );
}
