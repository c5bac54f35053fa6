// Emits a JSON-RPC area package's generated code from its bundled OpenRPC document:
//   types.ts       every schema as a named type, <Method>Params / <Method>Result, and the
//                  typed method map (<Area>Methods: the method name picks the types)
//   operations.ts  one descriptor per method for @chaindata/core (validation schema,
//                  u64 shape, retry safety, pagination, deprecation)
//   client.ts      create<Area>Client(): one function per method, JSDoc from the spec
import { banner, exampleValue, jsdoc, literal, typesFor } from "./lib/emit.mjs";
import { camel, pascal, u64Shape, validationSchema } from "./lib/schema.mjs";

/** How the method's `params` go on the wire. */
function paramsShape(method) {
  if (method["x-params"] === "array") return "array";
  return method.paramStructure === "by-position" ? "positional" : "object";
}

/** The params of a method as one JSON Schema (the object the SDK function takes). */
function paramsSchema(method, { withQuery }) {
  if (paramsShape(method) === "array") return method.params[0].schema;
  const properties = {};
  const required = [];
  for (const p of method.params ?? []) {
    properties[p.name] = p.description ? { ...p.schema, description: p.description } : p.schema;
    if (p.required) required.push(p.name);
  }
  if (withQuery) {
    for (const q of method["x-query-params"] ?? []) properties[camel(q.name)] = { ...q.schema, description: q.description };
  }
  return { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

/** `value.items` → `NonNullable<NonNullable<R["value"]>["items"]>[number]`. */
const itemType = (resultType, path) =>
  `${path.split(".").reduce((acc, key) => `NonNullable<${acc}[${literal(key)}]>`, resultType)}[number]`;

function exampleFor(method, clientVar) {
  const ex = (method.examples ?? []).find((e) => Array.isArray(e.params));
  if (!ex) return undefined;
  const resultVar = camel(method.result?.name ?? "result").replace(/[^\w$]/g, "") || "result";
  let args;
  if (paramsShape(method) === "array") args = exampleValue(ex.params[0]?.value ?? []);
  else args = exampleValue(Object.fromEntries(ex.params.map((p) => [p.name, p.value])));
  return `const ${resultVar} = await ${clientVar}.${method.name}(${args});`;
}

export async function emitRpcArea({ area, doc, file }) {
  const Area = pascal(area);
  const clientVar = camel(area);
  const source = `spec/dist/${file}`;
  const methods = doc.methods ?? [];

  // ---- types.ts: run the schemas (plus synthetic Params/Result) through openapi-typescript.
  const schemas = { ...(doc.components?.schemas ?? {}) };
  for (const m of methods) {
    const P = `${pascal(m.name)}Params`;
    const R = `${pascal(m.name)}Result`;
    if (schemas[P] || schemas[R]) throw new Error(`${area}: schema names ${P}/${R} are reserved for method ${m.name}`);
    schemas[P] = { description: `Params of \`${m.name}\`.`, ...paramsSchema(m, { withQuery: true }) };
    schemas[R] = { description: m.result.description ?? `Result of \`${m.name}\`.`, ...m.result.schema };
  }
  const typeSource = await typesFor({ openapi: "3.1.0", info: { title: doc.info.title, version: doc.info.version }, paths: {}, components: { schemas } });
  const methodMap = methods
    .map((m) => `  ${m.name}: { params: ${pascal(m.name)}Params; result: ${pascal(m.name)}Result };`)
    .join("\n");
  const types =
    banner(source) +
    "\n" +
    typeSource.replace(/^export type (paths|webhooks|\$defs|operations) = Record<string, never>;\n/gm, "") +
    `\n/** The ${area} methods: the method name picks the params and result types. */\nexport interface ${Area}Methods {\n${methodMap}\n}\n`;

  // ---- operations.ts: runtime descriptors.
  const descriptors = methods.map((m) => {
    const d = {
      id: m.name,
      idempotent: m["x-idempotent"] !== false,
      paramsShape: paramsShape(m),
      params: validationSchema(doc, paramsSchema(m, { withQuery: false })),
    };
    if (d.paramsShape === "positional") d.positional = m.params.map((p) => p.name);
    const query = m["x-query-params"];
    if (query?.length) d.query = Object.fromEntries(query.map((q) => [camel(q.name), q.name]));
    const u64 = u64Shape(doc, m.result.schema);
    if (u64 !== undefined) d.u64 = u64;
    if (m.deprecated) d.deprecated = m["x-replaced-by"] ?? "no replacement named";
    if (m["x-beta"]) d.beta = true;
    if (m["x-pagination"]) {
      const { "x-source": _ignored, ...pagination } = m["x-pagination"];
      d.pagination = pagination;
    }
    return `export const ${m.name}: RpcMethodDescriptor = ${literal(d)};`;
  });
  const operations =
    banner(source) +
    `import type { RpcMethodDescriptor } from "@chaindata/core";\n\n` +
    descriptors.join("\n") +
    "\n";

  // ---- client.ts
  const info = doc.info;
  const members = [];
  const impl = [];
  for (const m of methods) {
    const P = `T.${pascal(m.name)}Params`;
    const R = `T.${pascal(m.name)}Result`;
    const doc_ = jsdoc(m, { example: exampleFor(m, clientVar) });
    const queryNames = (m["x-query-params"] ?? []).map((q) => camel(q.name));
    const call = queryNames.length
      ? `({ ${queryNames.join(", ")}, ...params }, options) => rpc.call(op.${m.name}, params, { ...options, ${queryNames.join(", ")} })`
      : `(params, options) => rpc.call(op.${m.name}, params, options)`;
    if (m["x-pagination"]) {
      const items = itemType(R, m["x-pagination"].items);
      members.push(`${doc_}  ${m.name}: Paginated<${P}, ${R}, ${items}>;`);
      impl.push(`    ${m.name}: withPagination<${P}, ${R}, ${items}>(${call}, op.${m.name}.pagination!),`);
    } else {
      members.push(`${doc_}  ${m.name}(params: ${P}, options?: RequestOptions): Promise<${R}>;`);
      impl.push(`    ${m.name}: ${call},`);
    }
  }
  const statusNote = [info["x-beta"] ? "@beta" : "", info["x-deprecated"] ? "@deprecated" : ""].filter(Boolean).join(" ");
  const client =
    banner(source) +
    (methods.some((m) => m["x-pagination"])
      ? `import { createJsonRpcClient, withPagination, type ClientOptions, type Paginated, type RequestOptions } from "@chaindata/core";\n`
      : `import { createJsonRpcClient, type ClientOptions, type RequestOptions } from "@chaindata/core";\n`) +
    `import * as op from "./operations.js";\n` +
    `import type * as T from "./types.js";\n\n` +
    `/**\n * ${info.title}${info.description ? `\n *\n * ${info.description.trim().split("\n").join("\n * ")}` : ""}${statusNote ? `\n * ${statusNote}` : ""}\n */\n` +
    `export interface ${Area}Client {\n${members.join("\n")}\n` +
    `  /** Call any ${area} method by name; the name picks the params and result types. */\n` +
    `  request<M extends keyof T.${Area}Methods>(method: M, params: T.${Area}Methods[M]["params"], options?: RequestOptions): Promise<T.${Area}Methods[M]["result"]>;\n}\n\n` +
    `const methods = { ${methods.map((m) => `${m.name}: op.${m.name}`).join(", ")} };\n\n` +
    `/** Create a client for the ${area} methods (${doc.servers?.[0]?.["x-host"] ?? "rpc"} host, \`POST ${info["x-path"] ?? "/"}\`). */\n` +
    `export function create${Area}Client(options?: ClientOptions): ${Area}Client {\n` +
    `  const rpc = createJsonRpcClient(options, { host: ${literal(info["x-host"])}, path: ${literal(info["x-path"] ?? "/")} });\n` +
    `  return {\n${impl.join("\n")}\n` +
    `    request: (method, params, options) => rpc.call(methods[method], params, options),\n  };\n}\n`;

  return {
    [`packages/${area}/src/generated/types.ts`]: types,
    [`packages/${area}/src/generated/operations.ts`]: operations,
    [`packages/${area}/src/generated/client.ts`]: client,
  };
}

