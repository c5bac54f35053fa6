/**
 * The SDK input of every operation of spec/dist, read from the spec, with the descriptor generated
 * for it. For the suites that hold the generated code against the spec:
 * test/generate/checks-vs-schema.test.ts (the checks agree with JSON Schema) and
 * test/contract/wire.property.test.ts (the clients put exactly the input on the wire).
 *
 * The input is read from the spec here, not from the generator (scripts/generate/lib/
 * operations.mjs), so a mapping mistake there shows up in those suites:
 *   - JSON-RPC: one object of the method's params by name (by-position methods too: the encoder
 *     orders them), plus its `x-query-params` under their camelCase SDK names (`swqos_only` →
 *     `swqosOnly`), with `x-dependent-schemas` and `x-all-of` between them; no other member (it would be dropped
 *     or sent to a server that does not expect it). An `x-params: array` method takes the params
 *     array itself.
 *   - REST: one flat object of the path and query parameters (by their spec names) and the JSON
 *     body's fields.
 */
import type { Check } from "@chaindata/core";
import { areas, HTTP_METHODS } from "./documents.js";

export type Schema = any;

/**
 * The generated operation modules, by area: each area's packages/<area>/src/generated/operations.ts
 * (the source, not the build, so the checks hold the generator's output of this spec).
 */
export const GENERATED: Record<string, Record<string, unknown>> = Object.fromEntries(
  await Promise.all(
    [...new Set(areas.map((a) => a.area))].map(async (area) => {
      const file = `../../packages/${area}/src/generated/operations.js`;
      try {
        return [area, (await import(/* @vite-ignore */ file)) as Record<string, unknown>];
      } catch (error) {
        throw new Error(
          `packages/${area}/src/generated/operations.ts of the spec area ${area} does not load (run \`npm run generate\`): ${String(error)}`,
          { cause: error },
        );
      }
    }),
  ),
);

export { index } from "./documents.js";

const ANNOTATIONS = new Set([
  "title",
  "description",
  "examples",
  "example",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
]);
export const isAnnotation = (key: string) => ANNOTATIONS.has(key) || key.startsWith("x-");

/** The node a local `$ref` points at (`#/components/schemas/Address`). */
function pointer(doc: any, ref: string): any {
  if (!ref.startsWith("#/")) throw new Error(`not a local $ref: ${ref}`);
  const node = ref
    .slice(2)
    .split("/")
    .reduce((o, k) => o?.[k.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
  if (node === undefined) throw new Error(`dangling $ref: ${ref}`);
  return node;
}

/**
 * `schema` with its `$ref` followed (annotations beside a `$ref` are kept, anything else is an
 * error: the tests would not know how to combine it), and the refs followed on the way; a `$ref`
 * that leads back into the stack is `{ recursive: $ref }`.
 */
export function resolve(
  doc: any,
  schema: Schema,
  stack: string[] = [],
): { s: Schema; stack: string[] } {
  while (schema && typeof schema === "object" && typeof schema.$ref === "string") {
    const { $ref, ...beside } = schema;
    const extra = Object.keys(beside).find((k) => !isAnnotation(k));
    if (extra) throw new Error(`${$ref}: "${extra}" beside $ref is not handled by this test`);
    if (stack.includes($ref)) return { s: { recursive: $ref }, stack };
    stack = [...stack, $ref];
    schema = pointer(doc, $ref);
  }
  return { s: schema, stack };
}

export const typesOf = (s: Schema): string[] => [s?.type ?? []].flat();

export function isObjectSchema(s: Schema): boolean {
  return (
    typesOf(s).includes("object") ||
    (s.type === undefined && (s.properties !== undefined || s.additionalProperties !== undefined))
  );
}

/** An operation of the spec and the SDK's input to it. */
export interface SpecOperation {
  /** `das getAsset` */
  key: string;
  area: string;
  kind: "openrpc" | "openapi";
  /** The host it is served on (spec/dist/index.json `hosts`). */
  host: string;
  id: string;
  doc: any;
  /** The SDK method takes an input (params or a body); else only the call options. */
  takesInput: boolean;
  /** The generated descriptor's params check, when it has one. */
  check?: Check;
  /** One schema of the whole input, for generating values and walking fields (not for judging). */
  shape: Schema;
  /** The REST path parameters (top-level input fields). */
  pathParams: Set<string>;
  /** JSON-RPC: how the input goes on the wire. */
  rpc?: {
    /** The params, resolved, in the method's order. */
    params: any[];
    byPosition: boolean;
    /** `x-params: array`: the input is the params array itself. */
    arrayParams: boolean;
    /** The `x-query-params`, with their SDK names. */
    query: Array<{ name: string; sdkName: string; schema: Schema }>;
  };
  /** REST: how the input goes on the wire. */
  rest?: {
    verb: string;
    path: string;
    /** The path and query parameters, resolved (an operation's own replace the path item's). */
    parameters: any[];
    /** The JSON request body. */
    body?: { schema: Schema; required: boolean };
  };
}

/** The SDK input of a JSON-RPC method. */
function rpcOperation(method: any, doc: any) {
  const params = (method.params ?? []).map((p: any) => resolve(doc, p).s);
  const query = (method["x-query-params"] ?? []).map((q: any) => ({
    ...q,
    sdkName: q.name.replace(/[-_](\w)/g, (_: string, c: string) => c.toUpperCase()),
  }));
  const arrayParams = method["x-params"] === "array";
  let shape: Schema;
  if (arrayParams) {
    if (params.length !== 1) throw new Error(`${method.name}: x-params array takes one param`);
    shape = params[0].schema;
  } else {
    shape = {
      type: "object",
      properties: Object.fromEntries([
        ...params.map((p: any) => [p.name, p.schema]),
        ...query.map((q: any) => [q.sdkName, q.schema]),
      ]),
      required: [
        ...params.filter((p: any) => p.required).map((p: any) => p.name),
        ...query.filter((q: any) => q.required).map((q: any) => q.sdkName),
      ],
      additionalProperties: false,
      ...(method["x-dependent-schemas"] ? { dependentSchemas: method["x-dependent-schemas"] } : {}),
      ...(method["x-all-of"] ? { allOf: method["x-all-of"] } : {}),
    };
  }
  return {
    shape,
    pathParams: new Set<string>(),
    rpc: { params, byPosition: method.paramStructure === "by-position", arrayParams, query },
  };
}

/** The SDK input of a REST operation: path and query parameters and body fields in one object. */
function restOperation(doc: any, path: string, item: any, verb: string) {
  const o = item[verb];
  // An operation's parameter replaces the path item's of the same name and location (OpenAPI).
  const given = [...(item.parameters ?? []), ...(o.parameters ?? [])].map((p) => resolve(doc, p).s);
  const parameters = [
    ...new Map(given.map((p: any) => [`${p.in} ${p.name}`, p] as const)).values(),
  ].filter((p: any) => p.in === "path" || p.in === "query");
  const media = o.requestBody?.content?.["application/json"];
  const body = media && resolve(doc, media.schema).s;
  if (body && (body.type !== "object" || body.allOf || body.anyOf || body.oneOf))
    throw new Error(`${o.operationId}: only a plain object body is handled by this test`);
  const shape = {
    type: "object",
    properties: {
      ...Object.fromEntries(parameters.map((p: any) => [p.name, p.schema])),
      ...(body?.properties ?? {}),
    },
    required: [
      ...parameters.filter((p: any) => p.required).map((p: any) => p.name),
      ...(body && o.requestBody.required ? (body.required ?? []) : []),
    ],
    additionalProperties: body ? (body.additionalProperties ?? true) : false,
  };
  return {
    shape,
    pathParams: new Set(parameters.filter((p: any) => p.in === "path").map((p: any) => p.name)),
    rest: {
      verb,
      path,
      parameters,
      ...(media && { body: { schema: media.schema, required: Boolean(o.requestBody.required) } }),
    },
  };
}

/** Every operation of spec/dist, in the order of index.json, with the descriptor generated for it. */
export const specOperations: SpecOperation[] = areas.flatMap((area) => {
  const { doc } = area;
  const common = (id: string) => ({
    key: `${area.area} ${id}`,
    area: area.area,
    kind: area.kind,
    host: area.host,
    id,
    doc,
    check: (GENERATED[area.area]?.[id] as { params?: Check } | undefined)?.params,
  });
  if (area.kind === "openrpc")
    return (doc.methods ?? []).map((m: any) => ({
      ...common(m.name),
      takesInput: true,
      ...rpcOperation(m, doc),
    }));
  return Object.entries<any>(doc.paths ?? {}).flatMap(([path, item]) =>
    HTTP_METHODS.filter((verb) => item[verb]).map((verb) => {
      const o = item[verb];
      return {
        ...common(o.operationId),
        takesInput: Boolean(
          [...(item.parameters ?? []), ...(o.parameters ?? [])].length || o.requestBody,
        ),
        ...restOperation(doc, path, item, verb),
      };
    }),
  );
});

/** For failure messages: bigints and undefined shown, long strings and arrays cut. */
export const show = (value: unknown) => {
  try {
    return showJson(value);
  } catch {
    return String(value); // (a cycle, deep nesting)
  }
};
const showJson = (value: unknown) =>
  JSON.stringify(value, (_k, v) =>
    typeof v === "bigint"
      ? `${v}n`
      : v === undefined
        ? "<undefined>"
        : typeof v === "string" && v.length > 60
          ? `${v.slice(0, 60)}…(${v.length})`
          : Array.isArray(v) && v.length > 8
            ? [...v.slice(0, 8), `…(${v.length} items)`]
            : v,
  );
