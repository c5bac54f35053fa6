// Emits a REST area package's generated code from its bundled OpenAPI document:
//   types.ts       a declaration per named schema and per operation input (<Operation>Input),
//                  <Operation>Result aliases, and the typed operation map (<Area>Operations: the
//                  operation name picks the types) with its names for a wrapper generic over the
//                  operation (<Area>Operation, <Area>Params<O>, <Area>Result<O>)
//   openapi.ts     openapi-typescript's root types (paths, operations, components, webhooks),
//                  for the client and the aliases; the package does not export them
//   operations.ts  one descriptor per operation for @chaindata/core
//   client.ts      create<Area>Rest() and one standalone function per operation over openapi-fetch
//                  (`getIdentity(rest, params)`, `paginateGetBalances(rest, params)`), and
//                  create<Area>Client() composing them; each takes one flat params object
//                  (path + query params + body fields)
//   members.ts     <area>ClientOver(rest): the client's members over a given endpoint, for a
//                  hand-written client that replaces some; the package does not export it
import {
  areaStatusTags,
  banner,
  callMap,
  clientFactoryTags,
  coreTypeImport,
  docComment,
  exampleName,
  exampleOptions,
  exampleValue,
  interfaceDoc,
  literal,
  operationStatusTags,
  operationsModule,
} from "./lib/emit.mjs";
import { callCode } from "./lib/call-code.mjs";
import { typeSources } from "./lib/types.mjs";
import {
  commonDescriptorFields,
  descriptorSource,
  itemSchemaName,
  itemType,
  source as jsSource,
  paginationConstants,
  paginationReexport,
  u64ShapeConstants,
  u64ShapeFunction,
} from "./lib/descriptor.mjs";
import { layout } from "./lib/layout.mjs";
import { inputSchema, operationsOf, responseSchemaOf, successStatuses } from "./lib/operations.mjs";
import {
  clientOverName,
  coreImportsOf,
  REST_CLIENT_IMPORTS,
  REST_MEMBERS_IMPORTS,
} from "./lib/names.mjs";
import { packageRefusals, throwIfRefused } from "./lib/refusals.mjs";
import { createCheckEmitter } from "./lib/validator.mjs";
import { camel, deref, pascal, u64Shape, validationSchema } from "./lib/schema.mjs";
import { exactValueAt } from "../spec/bundle.mjs";

/**
 * A one-line usage sample of `op` on a client named `clientVar`, or with `firstArg` the standalone
 * `<op>(<firstArg>, …)`; `taken` lists the other names the surrounding sample binds (the README's
 * `create<Area>Client` import), which the result never reuses. The input is the path and required
 * parameters' first examples and the body's first example, u64 values as bigint literals with
 * every digit. (Its options are rpc.mjs `exampleFor`'s.)
 */
export function exampleFor(doc, op, options) {
  const { clientVar, firstArg, taken = [] } = exampleOptions(options);
  const input = exampleInput(doc, op);
  const call = firstArg
    ? `${op.o.operationId}(${firstArg}${input ? `, ${input}` : ""})`
    : `${clientVar}.${op.o.operationId}(${input})`;
  // The result is named after the operation without its verb (getWebhook → webhook; a delete's
  // `deleted`); when that is
  // the client's own name (listWebhooks on `webhooks`, getTokenMetadata on `tokenMetadata`), a
  // shorter noun (metadata), a list name (webhookList) or `result`.
  const id = op.o.operationId;
  const verb = /^(get|list|create|update|delete)(?=[A-Z])/.exec(id)?.[1] ?? "";
  const lower = (s) => s.charAt(0).toLowerCase() + s.slice(1);
  const noun = lower(id.slice(verb.length));
  const words = noun.split(/(?=[A-Z])/);
  const candidates = [noun];
  if (verb === "list") candidates.push(`${noun.replace(/s$/, "")}List`);
  // (A delete's result is no webhook: `deleted`.)
  if (verb === "delete") candidates.unshift("deleted");
  for (let i = 1; i < words.length; i++) candidates.push(lower(words.slice(i).join("")));
  const bound = firstArg ? [firstArg, id] : [clientVar];
  return `const ${exampleName(candidates, [...bound, ...taken])} = await ${call};`;
}

/**
 * The input of `op`'s samples as TypeScript source ("" for an operation without one): the path and
 * required parameters' first examples and the body's first example, u64 values as bigint literals
 * with every digit.
 */
function exampleInput(doc, op) {
  const input = {};
  for (const p of op.params) {
    if (p.in !== "path" && p.in !== "query") continue;
    const ex = Object.values(p.examples ?? {})[0];
    if (ex && (p.required || p.in === "path")) input[p.name] = exactValueAt(ex, "value");
  }
  const bodyEx = Object.values(op.body?.examples ?? {})[0];
  if (bodyEx?.value && typeof bodyEx.value === "object")
    Object.assign(input, exactValueAt(bodyEx, "value"));
  const hasInput = Object.keys(input).length > 0 || op.params.length > 0 || op.body;
  return hasInput ? exampleValue(input, { doc, schema: inputSchema(doc, op) }) : "";
}

/**
 * The @example of a page walk, the standalone `walk` (`paginate<Op>(rest, …)`) or the client's
 * `<clientVar>.<op>.all(…)`: a `for await` loop over the items from the first page (the sample's
 * input, which holds no optional parameter, so neither a page nor a cursor). The item is named
 * after the items' schema (`walletBalanceItem`), else `item`. (Its options are rpc.mjs
 * `walkExampleFor`'s.)
 */
function walkExampleFor(doc, op, { walk, clientVar }) {
  const item = exampleName(
    [itemSchemaName(doc, responseSchemaOf(doc, op), op.o["x-pagination"].items)],
    walk ? ["rest", walk] : [clientVar],
  );
  const input = exampleInput(doc, op);
  const call = walk
    ? `${walk}(rest${input ? `, ${input}` : ""})`
    : `${clientVar}.${op.o.operationId}.all(${input})`;
  return `for await (const ${item} of ${call}) {\n  console.log(${item});\n}`;
}

/** A REST area's documented client-side rate limit (the spec's `x-rate-limit`), if any. */
export const documentedRateLimit = (doc) =>
  operationsOf(doc)
    .map((op) => op.o["x-rate-limit"])
    .find((limit) => limit?.requestsPerSecond);

/** The constant a REST package exports its documented rate limit as (`adminRateLimit`). */
export const rateLimitName = (area) => `${camel(area)}RateLimit`;

/**
 * An area's generated files. `shared`: the schemas core declares (lib/types.mjs `typeSources`), in
 * the whole spec's run; without it (an area generated alone) the area declares every schema.
 */
export async function emitRestArea(main, shared) {
  // Everything this function would otherwise turn into wrong code (names, parameters, their
  // serialization, schemas the checks cannot translate…): the same rules as `npm run spec:check`.
  throwIfRefused(packageRefusals([main, undefined]), [main]);
  const { area, doc, file } = main;
  const pkg = {
    area,
    Area: pascal(area),
    clientVar: camel(area),
    doc,
    file,
    ops: operationsOf(doc),
    source: `spec/dist/${file}`,
  };
  const { types, openapi } = await emitTypes(pkg, shared);
  // (Each operation's code in client.ts: its standalone function, its member and the member's
  // implementation, which members.ts writes too.)
  const calls = pkg.ops.map((op) => operationCode(pkg, op));
  return {
    [`packages/${area}/src/generated/types.ts`]: types,
    [`packages/${area}/src/generated/openapi.ts`]: openapi,
    [`packages/${area}/src/generated/operations.ts`]: emitOperations(pkg),
    [`packages/${area}/src/generated/client.ts`]: emitClient(pkg, calls),
    [`packages/${area}/src/generated/members.ts`]: emitMembers(pkg, calls),
  };
}

/**
 * types.ts and openapi.ts. The named schemas and the aliases are the package's types;
 * openapi-typescript's root types (`paths`, `operations`…), which only the generated code reads,
 * sit in openapi.ts, which the package's index does not re-export.
 */
async function emitTypes(pkg, shared) {
  const { area, doc, source } = pkg;
  const inputs = inputSchemas(pkg);
  const { roots, schemas, schemaNames, fromCore } = await typeSources(
    {
      ...doc,
      components: { ...doc.components, schemas: { ...doc.components?.schemas, ...inputs } },
    },
    { inputSchemas: Object.keys(inputs), shared, area },
  );
  return {
    types:
      banner(source, import.meta.url) +
      coreTypeImport(["SingleMethod", ...fromCore]) +
      `import type { operations } from "./openapi.js";\n\n` +
      schemas +
      "\n" +
      resultAliases(pkg).join("\n") +
      "\n" +
      operationMap(pkg, inputs),
    openapi:
      banner(source, import.meta.url) +
      `// openapi-typescript's root types, for openapi-fetch (\`paths\`) and the operation aliases of\n` +
      `// types.ts (\`operations\`); not re-exported by the package.\n` +
      (schemaNames.length ? `import type { ${schemaNames.join(", ")} } from "./types.js";\n` : "") +
      "\n" +
      roots,
  };
}

/**
 * Each operation's input as a named schema, `<Operation>Input`, which openapi-typescript types as
 * the other schemas: an interface of its parameters (an intersection with the body's type when
 * there is one), each member with its parameter's description. (As an alias of
 * `operations[…]["parameters"]["path"] & …`, editors showed
 * `components["parameters"]["WalletAddress"]` in its hover, and errors an input without a body as
 * its expansion, `'{ id: string; }'`.)
 */
function inputSchemas({ doc, ops }) {
  const inputs = {};
  for (const op of ops) {
    const id = op.o.operationId;
    const params = op.params.filter((p) => p.in === "path" || p.in === "query");
    if (!params.length && !op.body) continue;
    // (The operation's @beta / @deprecated, so that editors mark its types as they mark its method;
    // openapi-typescript writes a description's lines as they are.)
    const description = [
      `Input of \`${id}\`: path and query parameters and body fields in one object.`,
      ...operationStatusTags(op.o, { areaBeta: Boolean(doc.info["x-beta"]) }),
    ].join("\n");
    const member = (p) => ({
      ...p.schema,
      ...(p.description !== undefined && { description: p.description }),
      ...(p.deprecated && { deprecated: true }),
    });
    const object = params.length && {
      type: "object",
      properties: Object.fromEntries(params.map((p) => [p.name, member(p)])),
      required: params.filter((p) => p.required || p.in === "path").map((p) => p.name),
    };
    // (Its name is free: the name-clash rule of lib/refusals.mjs.)
    inputs[`${pascal(id)}Input`] = {
      description,
      ...(op.body ? { allOf: [...(object ? [object] : []), op.body.schema] } : object),
    };
  }
  return inputs;
}

/** `<Operation>Result`: an alias of each operation's 2xx response bodies. */
function resultAliases({ doc, ops }) {
  return ops.map((op) => {
    const id = op.o.operationId;
    // (The operation's @beta / @deprecated, so that editors mark its types as they mark its
    // method.)
    const status = operationStatusTags(op.o, { areaBeta: Boolean(doc.info["x-beta"]) });
    const O = `operations[${literal(id)}]`;
    const responses = successStatuses(op).map((s) => {
      const r = deref(doc, op.o.responses[s]);
      return r.content?.["application/json"]
        ? `${O}["responses"][${s}]["content"]["application/json"]`
        : "undefined";
    });
    return `${docComment(`Result of \`${id}\` (the 2xx response body).`, status)}export type ${pascal(id)}Result = ${[...new Set(responses)].join(" | ") || "undefined"};`;
  });
}

/**
 * The operation map, as a JSON-RPC package's method map (lib/emit.mjs, callMap). An operation
 * without params (`listWebhooks`) maps to an empty object, as a JSON-RPC method without required
 * params takes `{}` or nothing (`ParamsArgument` leaves it out): `{ [name: string]: never }` rather
 * than `Record<string, never>`, which a schema named `Record` would change the meaning of.
 */
function operationMap({ area, Area, doc, ops }, inputs) {
  const inputOf = (id) => (inputs[`${pascal(id)}Input`] ? `${pascal(id)}Input` : undefined);
  const ids = ops.map((op) => op.o.operationId);
  const example = ids.find(inputOf);
  const bare = ids.filter((id) => !inputOf(id));
  return callMap({
    area,
    Area,
    info: doc.info,
    noun: "operation",
    M: "O",
    calls: ops.map((op) => ({
      name: op.o.operationId,
      op: op.o,
      params: inputOf(op.o.operationId) ?? "{ [name: string]: never }",
      result: `${pascal(op.o.operationId)}Result`,
    })),
    paramsNote:
      "." +
      (example ? ` \`${Area}Params<${literal(example)}>\` is \`${inputOf(example)}\`.` : "") +
      (bare.length
        ? ` An operation without params (${bare.map((id) => `\`${id}\``).join(", ")}) has an empty object, \`{}\`: its function takes only the options.`
        : ""),
  });
}

/**
 * operations.ts: a descriptor per operation, its input schema compiled to checks, typed with the
 * operation's params and result types (types.ts's `<Operation>Input` and `<Operation>Result`,
 * imported as `T`), which `<Area>Rest.call` takes and resolves with.
 */
function emitOperations({ area, doc, file, ops, source }) {
  const inputs = inputSchemas({ doc, ops });
  const checks = createCheckEmitter();
  // Each operation's u64 shape as an export of its own (where the area has `<area>U64Shape`: some
  // result holds u64 values or floats), beside the descriptors' (lib/descriptor.mjs says why).
  const shapes = u64Example(doc, ops)
    ? u64ShapeConstants(
        `${camel(area)}U64Shape`,
        ops.map((op) => ({
          name: op.o.operationId,
          shape: u64Shape(doc, responseSchemaOf(doc, op) ?? {}),
          items: op.o["x-pagination"]?.items,
          revives: `T.${pascal(op.o.operationId)}Result`,
          itemRevives:
            op.o["x-pagination"] &&
            itemType(`T.${pascal(op.o.operationId)}Result`, op.o["x-pagination"].items, {
              doc,
              schema: responseSchemaOf(doc, op),
            }),
          tags: operationStatusTags(op.o, { areaBeta: Boolean(doc.info["x-beta"]) }),
        })),
        (name) => `paginate${pascal(name)}`,
      )
    : undefined;
  // Each paged operation's pagination descriptor as an export of its own.
  const paginations = paginationConstants(
    ops
      .filter((op) => op.o["x-pagination"])
      .map((op) => ({
        name: op.o.operationId,
        pagination: commonDescriptorFields(doc, op.o).pagination,
        tags: operationStatusTags(op.o, { areaBeta: Boolean(doc.info["x-beta"]) }),
      })),
    (name) => `paginate${pascal(name)}`,
    "fetchPage",
  );
  let usesKeyFree = false;
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
    const opInput = inputSchema(doc, op);
    const params = checks.emit(validationSchema(doc, opInput, [], where), where);
    // The params the service passes on to another party (`x-key-free`: a webhook's authHeader
    // and URL, sent with every delivery), which the client's API key must not be in.
    const keyFree = Object.entries(opInput.properties)
      .filter(([, schema]) => deref(doc, schema)["x-key-free"])
      .map(([name]) => name);
    if (keyFree.length) usesKeyFree = true;
    // (An operation without params is called with `{}`, typed as its entry of the operation map.)
    const id = op.o.operationId;
    const input = inputs[`${pascal(id)}Input`]
      ? `T.${pascal(id)}Input`
      : "{ [name: string]: never }";
    const types = `<${input}, T.${pascal(id)}Result>`;
    return layout(
      `export const ${id}: OperationDescriptor${types} = ${descriptorSource(d, params, undefined, keyFree.length ? `/* @__PURE__ */ refuseApiKeyIn(${literal(keyFree)})` : undefined)};`,
    );
  });
  // Deliveries the service POSTs to the user (OpenAPI `webhooks:`): where their u64 values are.
  const deliveries = Object.entries(doc.webhooks ?? {}).map(([name, item]) => {
    const schema = item.post?.requestBody?.content?.["application/json"]?.schema;
    return `${literal(name)}: ${jsSource(schema ? { u64: u64Shape(doc, schema) ?? null } : {})}`;
  });
  // A documented client-side rate limit (admin: 5 requests/s), for createRateLimiter().
  const limit = documentedRateLimit(doc);
  if (limit) {
    const { requestsPerSecond, scope } = limit;
    descriptors.push(
      `\n/** The documented rate limit of this host (${requestsPerSecond} requests/s${scope ? ` per ${scope}` : ""}): \`rateLimit: createRateLimiter(${rateLimitName(area)})\`. */\nexport const ${rateLimitName(area)} = { requestsPerSecond: ${requestsPerSecond} } as const;`,
    );
  }
  return (
    operationsModule(
      source,
      checks,
      [
        ...(shapes ? [`${shapes}\n`] : []),
        ...(paginations ? [`${paginations}\n`] : []),
        ...descriptors,
      ],
      [
        ...(usesKeyFree ? ["refuseApiKeyIn"] : []),
        "type OperationDescriptor",
        ...(paginations ? ["type PaginationDescriptor"] : []),
        ...(deliveries.length || shapes ? ["type U64Shape"] : []),
        ...(shapes ? ["type U64ShapeOf"] : []),
      ],
      { typed: true, emitter: import.meta.url },
    ) +
    (deliveries.length
      ? `\n/** The deliveries the service POSTs to a webhook's URL: where their u64 (1) and i64 (2) values, and lists of them (3, 4), are. */\n${layout(`export const webhookDeliveries: Record<string, { u64: U64Shape | null }> = { ${deliveries.join(", ")} };`)}\n`
      : "")
  );
}

/**
 * The first operation whose result holds u64 values or floats, if any: the example of
 * `<area>U64Shape`, which is emitted (with each operation's own shape) only where there is one.
 */
const u64Example = (doc, ops) =>
  ops.find((op) => u64Shape(doc, responseSchemaOf(doc, op) ?? {}) !== undefined)?.o.operationId;

/**
 * client.ts: create<Area>Rest() (the transport and openapi-fetch client of the host), one
 * standalone function per operation over it (tree-shakable: a bundle carries only the operations
 * it calls), a page walk per paginated one, and create<Area>Client() composing them.
 */
function emitClient(pkg, calls) {
  const { area, Area, doc, ops, source } = pkg;
  const info = doc.info;
  const status = areaStatusTags(info);
  const example = u64Example(doc, ops);
  return (
    banner(source, import.meta.url) +
    `import createFetchClient, { type Client } from "openapi-fetch";\n` +
    `import { ${clientImports(pkg, example).join(", ")} } from "@chaindata/core";\n` +
    `import * as op from "./operations.js";\n` +
    `import type { paths } from "./openapi.js";\n` +
    `import type * as T from "./types.js";\n\n` +
    restFactory(pkg) +
    (example
      ? u64ShapeFunction(
          area,
          `keyof ${Area}Client`,
          example,
          ops.map((op) => op.o.operationId),
          Object.fromEntries(
            ops
              .filter((op) => op.o["x-pagination"])
              .map((op) => [op.o.operationId, op.o["x-pagination"].items]),
          ),
          areaStatusTags(doc.info),
        )
      : "") +
    paginationReexport(ops.filter((op) => op.o["x-pagination"]).map((op) => op.o.operationId)) +
    calls.flatMap((c) => c.standalone).join("\n\n") +
    "\n\n" +
    interfaceDoc(info) +
    `export interface ${Area}Client {\n${calls.map((c) => c.member).join("\n")}\n}\n\n` +
    docComment(`Create a client for the ${area} operations (${info["x-host"]} host).`, [
      ...status,
      ...clientFactoryTags(area, info),
    ]) +
    `export function create${Area}Client(options?: RestClientOptions): ${Area}Client {\n` +
    `  const rest = create${Area}Rest(options);\n` +
    `  return {\n${calls.map((c) => c.impl).join("\n")}\n  };\n}\n`
  );
}

/**
 * members.ts: `<area>ClientOver(rest)`, the client's members over `rest` as create<Area>Client
 * makes them (its `calls`' `impl`, which send their requests themselves), for a client of the
 * package's own that replaces some and keeps the others, which it would otherwise list again
 * (@chaindata/webhooks' updateWebhook: an operation added to the spec then joins that client too).
 * A module of its own, which neither the package's index re-exports nor its `exports` map reaches:
 * no name of the package's API, and called by the package's own code only, with a `rest` of
 * create<Area>Rest. So, as create<Area>Client's, its members do not check the endpoint (the
 * standalone functions' notAnRpc, which that `rest` never fails: a client program carries neither
 * it nor one function per operation). (create<Area>Client writes the members itself rather than
 * calling it: one function less in every client bundle.)
 */
function emitMembers({ area, Area, doc, ops, source }, calls) {
  const paginated = ops.some((op) => op.o["x-pagination"]);
  const core = coreImportsOf(REST_MEMBERS_IMPORTS, doc.info["x-host"], {
    paginated,
    deprecated: ops.some((op) => op.o.deprecated),
    body: ops.some((op) => op.body),
  });
  return (
    banner(source, import.meta.url) +
    `// The client's members over a given endpoint, for a client of the package's own that replaces\n` +
    `// some (the package's index does not re-export this module).\n` +
    (ops.length ? `import type { Client } from "openapi-fetch";\n` : "") +
    (core.length ? `import { ${core.join(", ")} } from "@chaindata/core";\n` : "") +
    `import type { ${Area}Client, ${Area}Rest } from "./client.js";\n` +
    (ops.length
      ? `import * as op from "./operations.js";\nimport type { paths } from "./openapi.js";\n`
      : "") +
    (paginated ? `import type * as T from "./types.js";\n` : "") +
    "\n" +
    (ops.length
      ? `/** This host's openapi-fetch client, as the members use it (client.ts's \`Api\`). */\n` +
        `type Api = Client<paths>;\n\n`
      : "") +
    docComment(
      `The members of {@link ${Area}Client} over \`rest\`, as \`create${Area}Client\` makes them: for a client of the package's own that replaces some and keeps the others on the same endpoint. \`rest\` is not checked, as the standalone functions check theirs: it must be one of \`create${Area}Rest\`.`,
    ) +
    `export function ${clientOverName(area)}(rest: ${Area}Rest): ${Area}Client {\n` +
    `  return {\n${calls.map((c) => c.impl).join("\n")}\n  };\n}\n`
  );
}

/**
 * What client.ts imports from @chaindata/core (lib/names.mjs, REST_CLIENT_IMPORTS). `u64Example`:
 * the operation `<area>U64Shape` is emitted with, if any.
 */
function clientImports({ doc, ops }, u64Example) {
  return coreImportsOf(REST_CLIENT_IMPORTS, doc.info["x-host"], {
    paginated: ops.some((op) => op.o["x-pagination"]),
    deprecated: ops.some((op) => op.o.deprecated),
    checked: ops.some(hasInputOf),
    u64: Boolean(u64Example),
  });
}

/** The handle the standalone functions take, `<Area>Rest`, and its factory create<Area>Rest(). */
function restFactory({ area, Area, clientVar, doc, ops }) {
  const info = doc.info;
  const Rest = `${Area}Rest`;
  const status = areaStatusTags(info);
  const first = ops[0]?.o.operationId;
  return (
    // (openapi-fetch's types stay out of the declarations: without skipLibCheck, a consumer's tsc
    // reports errors in openapi-fetch's own .d.ts.)
    `/** This host's openapi-fetch client, as the functions use it (not in the package's types). */\n` +
    `type Api = Client<paths>;\n\n` +
    `/**\n * The ${area} REST endpoint (${info["x-host"]} host), for the standalone functions:\n * \`${first ? `await ${first}(rest${ops[0].params.length || ops[0].body ? ", params" : ""})` : ""}\`. A bundle then carries only the operations it calls.${status.map((tag) => `\n * ${tag}`).join("")}\n */\n` +
    `export interface ${Rest} {\n` +
    // (Each type parameter of `call` and `check` is read from the descriptor only, never from the
    // other arguments nor from what the caller assigns the result to: `[T][…]` defers it, as
    // core's JsonRpcClient.call does. A result type the caller names, `call<R>`, or assigns the
    // result to would be an unchecked cast.)
    `  /** One operation: checks \`params\`, then \`send\` makes the request with this host's openapi-fetch client and \`fetch\` (key, headers, timeout, retries, rate limit), and the body is parsed losslessly (that \`fetch\` resolves, on a 2xx, with an empty 204, not the answer: what \`send\` returns is not used; a \`send\` that makes no request with it, has a middleware answer instead, or returns before its \`fetch\` has read the request is a ConfigurationError, and that request is then never sent (one that returns later is given the answer); one that catches its error fails with that error). The client makes real \`Request\`s, which a fetch or per-call middleware of your own may read, clone or replace (the generated functions give theirs the transport's own, \`restInit\`, which is none: a middleware added to the client with \`use()\` gets those too, with \`url\`, \`method\`, \`headers\`, which it may change in place, \`text()\`, and \`clone()\`, a real \`Request\`; a \`Request\` it returns in their place is what is sent, its URL, method, headers and body, but \`new Request(request, …)\` cannot copy one, which is no \`Request\`: copy \`request.clone()\`). \`params\` and the result are of the descriptor's types (a generated operation's: its \`<Operation>Input\` and \`<Operation>Result\`; any value and \`unknown\` for a descriptor that states none). For the generated functions. */\n` +
    `  call<Params = unknown, Result = unknown>(operation: OperationDescriptor<Params, Result>, params: [Params][Params extends unknown ? 0 : never], options: RequestOptions | undefined, send: (client: unknown, fetch: (request: Request) => Promise<Response>) => Promise<unknown>, extra?: readonly unknown[]): Promise<[Result][Result extends unknown ? 0 : never]>;\n` +
    `  /** Checks \`params\` with \`operation.params\`, and \`options\`, as \`call\` does (the same refusals, a refused value shown with the same redaction, \`params\` of the descriptor's type), and sends nothing; throws at once. For a helper that checks its own params before the calls it makes. */\n` +
    `  check<Params = unknown>(operation: OperationDescriptor<Params>, params: [Params][Params extends unknown ? 0 : never], options?: RequestOptions): void;\n` +
    `  /** The logger of the options (for the deprecation warnings). */\n` +
    `  readonly logger?: Logger | undefined;\n` +
    `  /** The area: another area's functions, or a JSON-RPC endpoint's, do not compile with this handle. */\n` +
    `  readonly area: ${literal(area)};\n}\n\n` +
    docComment(
      `The ${area} REST endpoint (${info["x-host"]} host), for the standalone functions: \`${first ? `${first}(create${Rest}(), …)` : ""}\`. A bundle then carries only the operations it calls.`,
      status,
    ) +
    `export function create${Rest}(options?: RestClientOptions): ${Rest} {\n` +
    // (A batcher is refused, not ignored: a REST client cannot batch, and a caller who passes one
    // would believe its calls are batched.)
    `  const transport = createRestTransport(unbatched(options, ${literal(clientVar)}), ${info["x-host"]}Host);\n` +
    // (A client of real Requests, for a `send` of the caller's own; the generated functions give
    // each call the transport's own `Request`, which keeps the body as text: core's `restInit`.)
    `  const client = createFetchClient<paths>({ baseUrl: transport.baseUrl });\n` +
    `  return {\n` +
    `    call: (operation, params, options, send, extra) => transport.restCall(operation, params, options, (fetch) => send(client, fetch), extra),\n` +
    `    check: transport.check,\n` +
    `    logger: transport.logger,\n` +
    `    area: ${literal(area)},\n` +
    `  };\n}\n\n`
  );
}

/** Whether operation `op` takes params: path or query parameters, or a body. */
const hasInputOf = (op) =>
  op.params.some((p) => p.in === "path" || p.in === "query") || Boolean(op.body);

/**
 * Operation `op` in client.ts (lib/call-code.mjs). Its member sends the request itself:
 * create<Area>Client's and <area>ClientOver's are over a `rest` of
 * create<Area>Rest, which the standalone functions' endpoint check never refuses.
 */
function operationCode({ Area, clientVar, doc }, op) {
  const id = op.o.operationId;
  const hasInput = hasInputOf(op);
  // (Paginated ones only, as before the standalone form: an input without a required member
  // may be left out, as `ParamsArgument` has it.)
  const optional =
    Boolean(op.o["x-pagination"]) && !op.params.some((p) => p.required) && !op.body?.required;
  return callCode({
    call: op.o,
    name: id,
    doc,
    clientVar,
    endpoint: { name: "rest", factory: `create${Area}Rest`, type: `${Area}Rest` },
    params: hasInput ? { params: `${pascal(id)}Input`, optional } : {},
    // (An operation without input has no params check.)
    checked: hasInput,
    send: sendSource(op, hasInput),
    example: (options) => exampleFor(doc, op, options),
    pageWalk: () => ({
      example: (options) => walkExampleFor(doc, op, options),
      resultSchema: responseSchemaOf(doc, op),
      paramsSchema: inputSchema(doc, op),
    }),
  });
}

/** The `rest.call(…)` that sends `op`, whose openapi-fetch request takes the params apart. */
function sendSource(op, hasInput) {
  const pathNames = op.params.filter((p) => p.in === "path").map((p) => p.name);
  const queryNames = op.params.filter((p) => p.in === "query").map((p) => p.name);
  // The parameters are read from `params` (`params.wallet`, `params["page-size"]`), never bound
  // as locals: a parameter named `fetch`, `params` or `client` would otherwise shadow the
  // generated code's own bindings (and fail to compile, or call the wrong thing).
  const identifier = (n) => /^[A-Za-z_$][\w$]*$/.test(n);
  const read = (n) => (identifier(n) ? `params.${n}` : `params[${literal(n)}]`);
  const pick = (names) =>
    `{ ${names.map((n) => `${identifier(n) ? n : literal(n)}: ${read(n)}`).join(", ")} }`;
  const init = [];
  const urlParams = [];
  if (pathNames.length) urlParams.push(`path: ${pick(pathNames)}`);
  if (queryNames.length) urlParams.push(`query: ${pick(queryNames)}`);
  if (urlParams.length) init.push(`params: { ${urlParams.join(", ")} }`);
  if (op.body) init.push("body");
  // (core's `restInit`: the transport's own `Request`, which keeps the body as text. No `parseAs`:
  // openapi-fetch's `data` is not the result, restCall parses the bytes itself, and its `fetch`
  // answers openapi-fetch with a bodiless 204, which it reads nothing of whatever its `parseAs`;
  // core's rest.test holds it to that, its default "json" included.)
  init.push("fetch", "...restInit");
  if (op.body) init.push("bodySerializer: jsonText");
  // The body is the input without its parameters (left out as `_0`, `_1`…, names no parameter
  // can take from the generated code).
  const unpack = op.body
    ? `  const { ${[...[...pathNames, ...queryNames].map((n, i) => `${identifier(n) ? n : literal(n)}: _${i}`), "...body"].join(", ")} } = params;\n`
    : "";
  // (Written from column 0: returnEither indents it where it goes.)
  return `rest.call(op.${op.o.operationId}, ${hasInput ? "params" : "{}"}, options, (client, fetch) => {\n${unpack}  return (client as Api).${op.method.toUpperCase()}(${literal(op.path)}, { ${init.join(", ")} });\n}${hasInput ? "" : ", extra"})`;
}
