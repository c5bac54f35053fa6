// Emits a REST area package's generated code from its bundled OpenAPI document:
//   types.ts       openapi-typescript output (paths, operations, components, webhooks) plus
//                  <Operation>Input / <Operation>Result aliases
//   operations.ts  one descriptor per operation for @chaindata/core
//   client.ts      create<Area>Client(): one function per operation over openapi-fetch;
//                  each takes one flat input object (path + query params + body fields)
import {
  areaStatusTags,
  banner,
  docComment,
  exampleName,
  exampleValue,
  jsdoc,
  literal,
  typesFor,
  checkOperationNames,
} from "./lib/emit.mjs";
import { commonDescriptorFields, descriptorSource, itemType } from "./lib/descriptor.mjs";
import { createCheckEmitter } from "./lib/validator.mjs";
import { camel, deref, pascal, resolveRef, u64Shape, validationSchema } from "./lib/schema.mjs";

const METHODS = ["get", "put", "post", "delete", "patch"];

// What else a path item may hold besides operations (OpenAPI 3.1).
const PATH_ITEM_FIELDS = ["$ref", "summary", "description", "servers", "parameters"];

/**
 * The operations of `doc`.
 * @throws Error naming the path of an operation whose HTTP method the clients cannot call
 * (`head`, `options`, `trace`): it would otherwise be documented but get no client method
 */
export function operationsOf(doc) {
  const ops = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const key of Object.keys(item)) {
      if (!METHODS.includes(key) && !PATH_ITEM_FIELDS.includes(key) && !key.startsWith("x-")) {
        throw new Error(
          `paths["${path}"].${key}: the generated clients call ${METHODS.join(", ")} operations only`,
        );
      }
    }
    for (const method of METHODS) {
      const o = item[method];
      if (!o) continue;
      const params = [...(item.parameters ?? []), ...(o.parameters ?? [])].map((p) =>
        p.$ref ? resolveRef(doc, p.$ref) : p,
      );
      const media = o.requestBody?.content?.["application/json"];
      ops.push({
        path,
        method,
        o,
        params,
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

/** The flat input object of an operation as one JSON Schema. */
function inputSchema(doc, op) {
  const properties = {};
  const required = [];
  let closed = true;
  for (const p of op.params) {
    if (p.in !== "path" && p.in !== "query") continue;
    properties[p.name] = p.in === "path" ? pathSegment(doc, p.schema) : p.schema;
    if (p.required) required.push(p.name);
  }
  if (op.body) {
    const body = objectView(doc, op.body.schema);
    if (!body) throw new Error(`${op.o.operationId}: only object request bodies are supported`);
    for (const [name, s] of Object.entries(body.properties)) {
      if (properties[name])
        throw new Error(`${op.o.operationId}: body field ${name} clashes with a parameter`);
      properties[name] = s;
    }
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
function serializationMismatch(doc, p) {
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

const successStatuses = (op) => Object.keys(op.o.responses ?? {}).filter((s) => /^2\d\d$/.test(s));

function responseSchemaOf(doc, op) {
  for (const status of successStatuses(op)) {
    const r = deref(doc, op.o.responses[status]);
    const schema = r.content?.["application/json"]?.schema;
    if (schema) return schema;
  }
  return undefined;
}

/**
 * A one-line usage sample of `op` on a client named `clientVar`; `taken` lists the other names the
 * surrounding sample binds (the README's `create<Area>Client` import), which the result never reuses.
 */
export function exampleFor(doc, op, clientVar, taken = []) {
  const input = {};
  for (const p of op.params) {
    if (p.in !== "path" && p.in !== "query") continue;
    const ex = Object.values(p.examples ?? {})[0];
    if (ex && (p.required || p.in === "path")) input[p.name] = ex.value;
  }
  const bodyEx = Object.values(op.body?.examples ?? {})[0];
  if (bodyEx?.value && typeof bodyEx.value === "object") Object.assign(input, bodyEx.value);
  const hasInput = Object.keys(input).length > 0 || op.params.length > 0 || op.body;
  const call = `${clientVar}.${op.o.operationId}(${hasInput ? exampleValue(input) : ""})`;
  // The result is named after the operation without its verb (getWebhook → webhook); when that is
  // the client's own name (listWebhooks on `webhooks`, getTokenMetadata on `tokenMetadata`), a
  // shorter noun (metadata), a list name (webhookList) or `result`.
  const id = op.o.operationId;
  const verb = /^(get|list|create|update|delete)(?=[A-Z])/.exec(id)?.[1] ?? "";
  const lower = (s) => s.charAt(0).toLowerCase() + s.slice(1);
  const noun = lower(id.slice(verb.length));
  const words = noun.split(/(?=[A-Z])/);
  const candidates = [noun];
  if (verb === "list") candidates.push(`${noun.replace(/s$/, "")}List`);
  for (let i = 1; i < words.length; i++) candidates.push(lower(words.slice(i).join("")));
  return `const ${exampleName(candidates, [clientVar, ...taken])} = await ${call};`;
}

export async function emitRestArea({ area, doc, file }) {
  const Area = pascal(area);
  const clientVar = camel(area);
  const source = `spec/dist/${file}`;
  const ops = operationsOf(doc);
  checkOperationNames(
    file,
    ops.map((op) => op.o.operationId),
  );
  for (const op of ops) {
    // (The generated code puts each parameter in an object literal, where `__proto__` would set
    // the prototype instead of a member.)
    const proto = op.params.find((p) => p.name === "__proto__");
    if (proto)
      throw new Error(
        `spec/dist/${file}: operation ${op.o.operationId}: parameter __proto__ in ${proto.in}: the name cannot be a member of the generated objects; rename it`,
      );
    const unsupported = op.params.find((p) => p.in !== "path" && p.in !== "query");
    // The flat input carries path and query params; a header or cookie param would be dropped silently.
    if (unsupported)
      throw new Error(
        `spec/dist/${file}: operation ${op.o.operationId}: parameter ${unsupported.name} in ${unsupported.in} is not supported (path and query only)`,
      );
    // Read only for the plain-HTTP operations of a JSON-RPC area (rpc.mjs, core's getText): on a
    // REST operation the defaults would be dropped without a word.
    if (op.o["x-request-defaults"] !== undefined)
      throw new Error(
        `spec/dist/${file}: operation ${op.o.operationId}: x-request-defaults: only the plain-HTTP operations of a JSON-RPC area (the sender's ping) take it; a REST area's client would ignore it`,
      );
    for (const p of op.params) {
      const mismatch = serializationMismatch(doc, p);
      if (mismatch)
        throw new Error(
          `spec/dist/${file}: operation ${op.o.operationId}: parameter ${p.name} in ${p.in}: ${mismatch} (remove style / explode, or teach scripts/generate/rest.mjs the serialization)`,
        );
    }
  }

  // ---- types.ts
  const aliases = [];
  for (const op of ops) {
    const id = op.o.operationId;
    for (const name of [`${pascal(id)}Input`, `${pascal(id)}Result`]) {
      if (doc.components?.schemas?.[name])
        throw new Error(
          `${area}: schema name ${name} is reserved for operation ${id}; rename the schema`,
        );
    }
    const O = `operations[${literal(id)}]`;
    const parts = [];
    if (op.params.some((p) => p.in === "path")) parts.push(`${O}["parameters"]["path"]`);
    if (op.params.some((p) => p.in === "query"))
      parts.push(`NonNullable<${O}["parameters"]["query"]>`);
    if (op.body) parts.push(`NonNullable<${O}["requestBody"]>["content"]["application/json"]`);
    if (parts.length)
      aliases.push(
        `/** Input of \`${id}\`: path and query parameters and body fields in one object. */\nexport type ${pascal(id)}Input = ${parts.join(" & ")};`,
      );
    const responses = successStatuses(op).map((s) => {
      const r = deref(doc, op.o.responses[s]);
      return r.content?.["application/json"]
        ? `${O}["responses"][${s}]["content"]["application/json"]`
        : "undefined";
    });
    aliases.push(
      `/** Result of \`${id}\` (the 2xx response body). */\nexport type ${pascal(id)}Result = ${[...new Set(responses)].join(" | ") || "undefined"};`,
    );
  }
  const types = banner(source) + "\n" + (await typesFor(doc)) + "\n" + aliases.join("\n") + "\n";

  // ---- operations.ts
  const checks = createCheckEmitter();
  const descriptors = ops.map((op) => {
    const d = {
      id: op.o.operationId,
      ...commonDescriptorFields(doc, op.o, responseSchemaOf(doc, op)),
    };
    // A success without a JSON body (a 204) makes an empty body a result; elsewhere it is an error.
    if (
      successStatuses(op).some((s) => !deref(doc, op.o.responses[s]).content?.["application/json"])
    )
      d.optionalBody = true;
    const where = `spec/dist/${file} ${op.o.operationId} input`;
    const params = checks.emit(validationSchema(doc, inputSchema(doc, op), [], where), where);
    return `export const ${op.o.operationId}: OperationDescriptor = ${descriptorSource(d, params)};`;
  });
  // Deliveries the service POSTs to the user (OpenAPI `webhooks:`): where their u64 values are.
  const deliveries = Object.entries(doc.webhooks ?? {}).map(([name, item]) => {
    const schema = item.post?.requestBody?.content?.["application/json"]?.schema;
    return `  ${literal(name)}: ${literal(schema ? { u64: u64Shape(doc, schema) ?? null } : {})},`;
  });
  // A documented client-side rate limit (admin: 5 requests/s), for createRateLimiter().
  const limited = ops.find((op) => op.o["x-rate-limit"]?.requestsPerSecond);
  if (limited) {
    const { requestsPerSecond, scope } = limited.o["x-rate-limit"];
    descriptors.push(
      `\n/** The documented rate limit of this host (${requestsPerSecond} requests/s${scope ? ` per ${scope}` : ""}): \`rateLimit: createRateLimiter(${camel(area)}RateLimit)\`. */\nexport const ${camel(area)}RateLimit = { requestsPerSecond: ${requestsPerSecond} } as const;`,
    );
  }
  const operations =
    banner(source) +
    `import { ${[...checks.imports(), "type OperationDescriptor", ...(deliveries.length ? ["type U64Shape"] : [])].join(", ")} } from "@chaindata/core";\n\n` +
    (checks.declarations() ? checks.declarations() + "\n\n" : "") +
    descriptors.join("\n") +
    "\n" +
    (deliveries.length
      ? `\n/** The deliveries the service POSTs to a webhook's URL: where their u64 values are. */\nexport const webhookDeliveries: Record<string, { u64: U64Shape | null }> = {\n${deliveries.join("\n")}\n};\n`
      : "");

  // ---- client.ts
  const members = [];
  const impl = [];
  for (const op of ops) {
    const id = op.o.operationId;
    const I = `T.${pascal(id)}Input`;
    const R = `T.${pascal(id)}Result`;
    const pathNames = op.params.filter((p) => p.in === "path").map((p) => p.name);
    const queryNames = op.params.filter((p) => p.in === "query").map((p) => p.name);
    const hasInput = pathNames.length || queryNames.length || op.body;
    // The parameters are read from `input` (`input.wallet`, `input["page-size"]`), never bound as
    // locals: a parameter named `fetch`, `input` or `client` would otherwise shadow the generated
    // code's own bindings (and fail to compile, or call the wrong thing).
    const identifier = (n) => /^[A-Za-z_$][\w$]*$/.test(n);
    const read = (n) => (identifier(n) ? `input.${n}` : `input[${literal(n)}]`);
    const pick = (names) =>
      `{ ${names.map((n) => `${identifier(n) ? n : literal(n)}: ${read(n)}`).join(", ")} }`;
    const init = [];
    const params = [];
    if (pathNames.length) params.push(`path: ${pick(pathNames)}`);
    if (queryNames.length) params.push(`query: ${pick(queryNames)}`);
    if (params.length) init.push(`params: { ${params.join(", ")} }`);
    if (op.body) init.push("body");
    init.push("fetch", 'parseAs: "text"');
    if (op.body) init.push("bodySerializer: stringifyJson");
    // The body is the input without its parameters (left out as `_0`, `_1`…, names no parameter
    // can take from the generated code).
    const unpack = op.body
      ? `      const { ${[...[...pathNames, ...queryNames].map((n, i) => `${identifier(n) ? n : literal(n)}: _${i}`), "...body"].join(", ")} } = input;\n`
      : "";
    const invoke = `(fetch) => {\n${unpack}      return client.${op.method.toUpperCase()}(${literal(op.path)}, { ${init.join(", ")} });\n    }`;
    const warn = op.o.deprecated
      ? `(warnDeprecated(op.${id}.id, op.${id}.deprecated!, transport.logger), `
      : "";
    const call = hasInput
      ? `(input, options) =>\n      ${warn}transport.restCall(op.${id}, input, options, ${invoke.replace(/\n/g, "\n  ")})${warn ? ")" : ""}`
      : `(options) =>\n      ${warn}transport.restCall(op.${id}, {}, options, ${invoke.replace(/\n/g, "\n  ")})${warn ? ")" : ""}`;
    const doc_ = jsdoc(op.o, {
      example: exampleFor(doc, op, clientVar),
      areaBeta: Boolean(doc.info["x-beta"]),
    });
    const pagination = op.o["x-pagination"];
    if (pagination && hasInput) {
      const items = itemType(R, pagination.items);
      members.push(`${doc_}  ${id}: Paginated<${I}, ${R}, ${items}>;`);
      impl.push(`    ${id}: withPagination<${I}, ${R}, ${items}>(${call}, op.${id}.pagination!),`);
    } else if (hasInput) {
      members.push(`${doc_}  ${id}(input: ${I}, options?: RequestOptions): Promise<${R}>;`);
      impl.push(`    ${id}: ${call},`);
    } else {
      members.push(`${doc_}  ${id}(options?: RequestOptions): Promise<${R}>;`);
      impl.push(`    ${id}: ${call},`);
    }
  }
  const info = doc.info;
  const status = areaStatusTags(info);
  const usesPagination = ops.some((op) => op.o["x-pagination"]);
  const client =
    banner(source) +
    `import createFetchClient from "openapi-fetch";\n` +
    `import { createTransport, ${info["x-host"]}Host, stringifyJson, ${usesPagination ? "withPagination, " : ""}${ops.some((o) => o.o.deprecated) ? "warnDeprecated, " : ""}type RestClientOptions, ${usesPagination ? "type Paginated, " : ""}type RequestOptions } from "@chaindata/core";\n` +
    `import * as op from "./operations.js";\n` +
    `import type * as T from "./types.js";\n\n` +
    `/**\n * ${info.title}${info.description ? `\n *\n * ${info.description.trim().split("\n").join("\n * ")}` : ""}${status.length ? `\n *\n * ${status.join("\n * ")}` : ""}\n */\n` +
    `export interface ${Area}Client {\n${members.join("\n")}\n}\n\n` +
    docComment(`Create a client for the ${area} operations (${info["x-host"]} host).`, status) +
    `export function create${Area}Client(options?: RestClientOptions): ${Area}Client {\n` +
    `  const transport = createTransport(options, ${info["x-host"]}Host);\n` +
    `  const client = createFetchClient<T.paths>({ baseUrl: transport.baseUrl });\n` +
    `  return {\n${impl.join("\n")}\n  };\n}\n`;

  return {
    [`packages/${area}/src/generated/types.ts`]: types,
    [`packages/${area}/src/generated/operations.ts`]: operations,
    [`packages/${area}/src/generated/client.ts`]: client,
  };
}
