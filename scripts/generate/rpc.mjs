// Emits a JSON-RPC area package's generated code from its bundled OpenRPC document:
//   types.ts       every schema as a named type, <Method>Params / <Method>Result, the
//                  typed method map (<Area>Methods: the method name picks the types), and its
//                  names for a wrapper generic over the method (<Area>Method, <Area>Params<M>,
//                  <Area>Result<M>)
//   operations.ts  one descriptor per method for @chaindata/core (validation schema,
//                  u64 shape, retry safety, pagination, deprecation)
//   client.ts      create<Area>Rpc() (its <Area>Rpc type) and one standalone function per method
//                  over it (`getAsset(rpc, params)`, `paginateGetAssetsByOwner(rpc, params)`),
//                  and create<Area>Client() composing them; JSDoc from the spec
// An area may also have an OpenAPI document (the sender's `GET /ping`): its operations join the
// same package as plain-HTTP calls of the JSON-RPC client's host (see `httpOperations`).
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
  jsdoc,
  literal,
  operationStatusTags,
  operationsModule,
  paramDocs,
} from "./lib/emit.mjs";
import { callCode, standaloneBody } from "./lib/call-code.mjs";
import { paramsWithRules, typeSources } from "./lib/types.mjs";
import {
  commonDescriptorFields,
  descriptorSource,
  itemSchemaName,
  itemType,
  paginationConstants,
  paginationReexport,
  u64ShapeConstants,
  u64ShapeFunction,
} from "./lib/descriptor.mjs";
import { layout } from "./lib/layout.mjs";
import { takesBatcher } from "./lib/areas.mjs";
import { operationsOf, paramsOptional, paramsSchema, paramsShape } from "./lib/operations.mjs";
import { coreImportsOf, RPC_CLIENT_IMPORTS } from "./lib/names.mjs";
import { packageRefusals, throwIfRefused } from "./lib/refusals.mjs";
import { createCheckEmitter } from "./lib/validator.mjs";
import { allowsNull, camel, deref, pascal, u64Shape, validationSchema } from "./lib/schema.mjs";
import { exactValueAt } from "../spec/bundle.mjs";

/**
 * The operations of the area's OpenAPI document (`http`), when it has one besides its OpenRPC
 * document: [{ id, path, o, schema, description }]. They are sent by core's `getText`, without
 * openapi-fetch (decision 0008); what such an operation may be is the `plain-http` rule of
 * lib/refusals.mjs, applied before this runs.
 */
function httpOperations(http) {
  if (!http) return [];
  return operationsOf(http.doc).map((op) => {
    const success = Object.keys(op.o.responses ?? {}).filter((s) => /^2\d\d$/.test(s));
    const response = deref(http.doc, op.o.responses[success[0]]);
    return {
      id: op.o.operationId,
      path: op.path,
      o: op.o,
      schema: response.content["text/plain"].schema ?? { type: "string" },
      description: response.description,
    };
  });
}

/**
 * A one-line usage sample of `method` (of the bundled `doc`): `<clientVar>.<method>(…)`, or with
 * `firstArg` the standalone `<method>(<firstArg>, …)`; `taken` lists the other names the
 * surrounding sample binds (the README's `create<Area>Client` import), which the result never
 * reuses. The params are the first example pairing's, as the SDK takes them: query options by their
 * SDK name, u64 values as bigint literals with every digit. (Its options are rest.mjs
 * `exampleFor`'s.)
 */
export function exampleFor(doc, method, options) {
  const { clientVar, firstArg, taken = [] } = exampleOptions(options);
  const args = exampleArgs(doc, method);
  if (args === undefined) return undefined;
  // Named after the result descriptor (asset, assetList…), unless that is a name the sample uses.
  const resultVar = exampleName(
    [camel(method.result?.name ?? "result").replace(/[^\w$]/g, "")],
    [clientVar, ...(firstArg ? [firstArg, method.name] : []), ...taken],
  );
  return firstArg
    ? `const ${resultVar} = await ${method.name}(${firstArg}, ${args});`
    : `const ${resultVar} = await ${clientVar}.${method.name}(${args});`;
}

/**
 * The params of `method`'s first example pairing as TypeScript source (see exampleFor), or
 * undefined.
 */
function exampleArgs(
  doc,
  method,
  ex = (method.examples ?? []).find((e) => Array.isArray(e.params)),
) {
  if (!ex) return undefined;
  let args;
  if (paramsShape(method) === "array")
    args = exampleValue((ex.params[0] && exactValueAt(ex.params[0], "value")) ?? [], {
      doc,
      schema: method.params?.[0]?.schema,
    });
  else {
    const query = new Set((method["x-query-params"] ?? []).map((q) => q.name));
    const sdkName = (name) => (query.has(name) ? camel(name) : name);
    args = exampleValue(
      Object.fromEntries(ex.params.map((p) => [sdkName(p.name), exactValueAt(p, "value")])),
      { doc, schema: paramsSchema(method, { withQuery: true }) },
    );
  }
  return args;
}

/**
 * The @example of a page walk, the standalone `walk` (`paginate<Method>(rpc, …)`) or the client's
 * `<clientVar>.<method>.all(…)`: a `for await` loop over the items, from the first example that a
 * walk can start from (none that names a keyset param without the cursor, which the walk refuses),
 * with its page and cursor left out (the loop starts at the first page, as the docs site's `.all()`
 * snippets do). The item is named after the items' schema (`asset`), else `item`. (Its options are
 * rest.mjs `walkExampleFor`'s.)
 */
function walkExampleFor(doc, method, { walk, clientVar }) {
  const { page = "page", cursor = "cursor", keyset = [], items } = method["x-pagination"];
  const names = (e) => new Set(e.params.map((p) => p.name));
  const ex = (method.examples ?? []).find(
    (e) =>
      Array.isArray(e.params) && (names(e).has(cursor) || !keyset.some((k) => names(e).has(k))),
  );
  if (!ex || paramsShape(method) !== "object") return undefined;
  const start = { ...ex, params: ex.params.filter((p) => p.name !== page && p.name !== cursor) };
  const args = exampleArgs(doc, method, start);
  const empty = !start.params.length && paramsOptional(method);
  const item = exampleName(
    [itemSchemaName(doc, method.result?.schema, items)],
    clientVar ? [clientVar] : ["rpc", walk],
  );
  const call = clientVar ? `${clientVar}.${method.name}.all(` : `${walk}(rpc${empty ? "" : ", "}`;
  return `for await (const ${item} of ${call}${empty ? "" : args})) {\n  console.log(${item});\n}`;
}

/**
 * An area's generated files. `shared`: the schemas core declares (lib/types.mjs `typeSources`), in
 * the whole spec's run; without it (an area generated alone) the area declares every schema.
 */
export async function emitRpcArea(main, http, shared) {
  // Everything this function would otherwise turn into wrong code (names, parameters, schemas the
  // checks cannot translate…): the same rules as `npm run spec:check`.
  throwIfRefused(packageRefusals([main, http]), [main, http]);
  const { area, doc, file } = main;
  const pkg = {
    area,
    Area: pascal(area),
    clientVar: camel(area),
    doc,
    file,
    http,
    httpOps: httpOperations(http),
    methods: doc.methods ?? [],
    source: `spec/dist/${file}${http ? ` and spec/dist/${http.file}` : ""}`,
  };
  return {
    [`packages/${area}/src/generated/types.ts`]: await emitTypes(pkg, shared),
    [`packages/${area}/src/generated/operations.ts`]: emitOperations(pkg),
    [`packages/${area}/src/generated/client.ts`]: emitClient(pkg),
  };
}

/** types.ts: the schemas (plus synthetic Params/Result) run through openapi-typescript. */
async function emitTypes(pkg, shared) {
  const { area, Area, doc, methods, source } = pkg;
  // (The params are inputs: their arrays are typed readonly, so `as const` arrays pass.)
  // (openapi-typescript's root types, `components` here, only wrap the schemas: nothing reads
  // them.)
  const { schemas: typeSource, fromCore } = await typeSources(
    {
      openapi: "3.1.0",
      info: { title: doc.info.title, version: doc.info.version },
      paths: {},
      components: { schemas: typeSchemas(pkg) },
    },
    {
      inputSchemas: methods.flatMap((m) => [
        `${pascal(m.name)}Params`,
        `${pascal(m.name)}ParamsBase`,
      ]),
      shared,
      area,
    },
  );
  const first = methods[0]?.name ?? "method";
  const map = callMap({
    area,
    Area,
    info: doc.info,
    noun: "method",
    M: "M",
    calls: methods.map((m) => ({
      name: m.name,
      op: m,
      params: `${pascal(m.name)}Params`,
      result: `${pascal(m.name)}Result`,
    })),
    paramsNote: `, as \`${camel(area)}.request\` does. \`${Area}Params<${literal(first)}>\` is \`${pascal(first)}Params\`.`,
  });
  return (
    banner(source, import.meta.url) +
    coreTypeImport(["SingleMethod", ...fromCore]) +
    "\n" +
    typeSource +
    map
  );
}

/**
 * The schemas of types.ts: the document's, each method's `<Method>Params` and every `<Call>Result`.
 */
function typeSchemas({ doc, http, httpOps, methods }) {
  const schemas = { ...(doc.components?.schemas ?? {}) };
  // (Their names are free: the name-clash rule of lib/refusals.mjs.)
  // (The method's @beta / @deprecated end each description, so that editors mark its types as
  // they mark its function and method: openapi-typescript writes a description's lines as they
  // are.)
  const withStatus = (text, op, areaBeta = Boolean(doc.info["x-beta"])) =>
    [text, ...operationStatusTags(op, { areaBeta })].join("\n");
  for (const m of methods) {
    const P = `${pascal(m.name)}Params`;
    const R = `${pascal(m.name)}Result`;
    // (Without its rules chosen by a member's value, `allOf: [{ if, then }]` from `x-all-of`: they
    // add nothing a type says, and openapi-typescript would write `& (unknown & unknown)`.)
    const { allOf: _rules, ...params } = paramsSchema(m, { withQuery: true });
    // (With rules between params, `<Method>ParamsBase` and `<Method>Params` that keeps to them.)
    Object.assign(schemas, paramsWithRules(P, params, withStatus(`Params of \`${m.name}\`.`, m)));
    schemas[R] = {
      description: withStatus(m.result.description ?? `Result of \`${m.name}\`.`, m),
      ...m.result.schema,
    };
  }
  for (const h of httpOps) {
    const R = `${pascal(h.id)}Result`;
    schemas[R] = {
      ...h.schema,
      description: withStatus(
        h.description ?? `Result of \`${h.id}\`.`,
        h.o,
        Boolean(http.doc.info["x-beta"] || doc.info["x-beta"]),
      ),
    };
  }
  return schemas;
}

/** operations.ts: runtime descriptors, with the params schema compiled to checks. */
function emitOperations({ area, doc, file, http, httpOps, methods, source }) {
  const checks = createCheckEmitter();
  const encodings = methods.map((m) => encodingOf(doc, m));
  // Each method's u64 shape as an export of its own (where the area has `<area>U64Shape`: some
  // result holds u64 values or floats), beside the descriptors' (lib/descriptor.mjs says why).
  const shapes = u64Example(doc, methods)
    ? u64ShapeConstants(
        `${camel(area)}U64Shape`,
        methods.map((m) => ({
          name: m.name,
          shape: u64Shape(doc, m.result.schema),
          items: m["x-pagination"]?.items,
          revives: `T.${pascal(m.name)}Result`,
          itemRevives:
            m["x-pagination"] &&
            itemType(`T.${pascal(m.name)}Result`, m["x-pagination"].items, {
              doc,
              schema: m.result.schema,
            }),
          tags: operationStatusTags(m, { areaBeta: Boolean(doc.info["x-beta"]) }),
        })),
        (name) => `paginate${pascal(name)}`,
      )
    : undefined;
  // Each paged method's pagination descriptor as an export of its own.
  const paginations = paginationConstants(
    methods
      .filter((m) => m["x-pagination"])
      .map((m) => ({
        name: m.name,
        pagination: commonDescriptorFields(doc, m).pagination,
        tags: operationStatusTags(m, { areaBeta: Boolean(doc.info["x-beta"]) }),
      })),
    (name) => `paginate${pascal(name)}`,
    "(params, answered) => rpc.call(myMethod, params, { onResponse: answered })",
  );
  const descriptors = methods.map((m, i) => methodDescriptor(doc, file, m, checks, encodings[i]));
  for (const h of httpOps) {
    const d = { id: h.id, ...commonDescriptorFields(http.doc, h.o) };
    // The SDK's own per-call defaults (spec/README.md, `x-request-defaults`; their values are
    // the request-defaults rule's).
    const given = h.o["x-request-defaults"];
    if (given) {
      const { "x-source": _provenance, ...defaults } = given;
      d.defaults = defaults;
    }
    descriptors.push(layout(`export const ${h.id}: OperationDescriptor = ${descriptorSource(d)};`));
  }
  return operationsModule(
    source,
    checks,
    [
      ...(shapes ? [`${shapes}\n`] : []),
      ...(paginations ? [`${paginations}\n`] : []),
      ...descriptors,
    ],
    [
      ...(encodings.some(Boolean) ? ["rpcEncoding"] : []),
      ...(httpOps.length ? ["type OperationDescriptor"] : []),
      ...(paginations ? ["type PaginationDescriptor"] : []),
      "type RpcMethodDescriptor",
      ...(shapes ? ["type U64Shape", "type U64ShapeOf"] : []),
    ],
    { typed: true, emitter: import.meta.url },
  );
}

/** `export const <method>: RpcMethodDescriptor…`, its params compiled by `checks`. */
function methodDescriptor(doc, file, m, checks, encode) {
  const d = { id: m.name, ...commonDescriptorFields(doc, m, m.result.schema) };
  // A result the schema lets be null is a value; otherwise `result: null` is an
  // InvalidResponseError.
  if (allowsNull(doc, m.result.schema)) d.optionalBody = true;
  const where = `spec/dist/${file} ${m.name} params`;
  // The query options are validated with the params (they travel in the params object).
  const params = checks.emit(
    validationSchema(doc, paramsSchema(m, { withQuery: true }), [], where),
    where,
  );
  // The query option names type `call`'s options (a misspelt one does not compile); the params
  // and result types, its params and what it resolves with (types.ts's, imported as `T`).
  const query = queryOptions(m);
  const queryNames = query
    ? Object.keys(query)
        .map((n) => JSON.stringify(n))
        .join(" | ")
    : "never";
  const types = `<${queryNames}, T.${pascal(m.name)}Params, T.${pascal(m.name)}Result>`;
  return layout(
    `export const ${m.name}: RpcMethodDescriptor${types} = ${descriptorSource(d, params, encode)};`,
  );
}

/** Method `m`'s query options, `{ <SDK name>: <name sent> }`, when it has some. */
const queryOptions = (m) =>
  m["x-query-params"]?.length
    ? Object.fromEntries(m["x-query-params"].map((q) => [camel(q.name), q.name]))
    : undefined;

/** The `encode` of method `m`'s descriptor, when it needs one (`rpcEncoding(…)`). */
function encodingOf(doc, m) {
  // Positional params and query options need the runtime's encoder; plain-object methods
  // (most) don't, so their bundles don't carry it.
  const positional = paramsShape(m) === "positional" ? m.params.map((p) => p.name) : undefined;
  const query = queryOptions(m);
  // Members of object params the SDK sends when the caller leaves them out (`x-sdk-defaults`:
  // the property names; the values are their schemas' `default`s, which the rules require).
  const sent = Object.fromEntries(
    m.params
      .filter((p) => p["x-sdk-defaults"]?.length)
      .map((p) => {
        const properties = deref(doc, p.schema).properties;
        return [
          p.name,
          Object.fromEntries(p["x-sdk-defaults"].map((n) => [n, properties[n].default])),
        ];
      }),
  );
  const hasSent = Object.keys(sent).length > 0;
  return positional || query || hasSent
    ? `/* @__PURE__ */ rpcEncoding(${positional ? literal(positional) : "undefined"}${query || hasSent ? `, ${query ? literal(query) : "{}"}` : ""}${hasSent ? `, ${literal(sent)}` : ""})`
    : undefined;
}

/**
 * client.ts: standalone functions (tree-shakable: a bundle carries only the methods it calls) and
 * create<Area>Client() composing them (with `.all()` pagination and `request`).
 */
function emitClient(pkg) {
  const { area, Area, doc, httpOps, methods, source } = pkg;
  const info = doc.info;
  const path = info["x-path"] ?? "/";
  // The endpoint's name in the types (core's JsonRpcClient<Endpoint>): a standalone function
  // refuses a client of another endpoint (the areas of one endpoint, das and compression, share
  // it).
  const endpointName = literal(`${info["x-host"]} ${path}`);
  const unbatched = !takesBatcher({ kind: "openrpc", doc });
  const endpoint = {
    name: endpointName,
    path,
    unbatched,
    optionsType: unbatched ? `${Area}ClientOptions` : "ClientOptions",
    // Named per area (`DasRpc`, as the REST packages' `WalletRest`), so that a class field or a
    // parameter can hold one without spelling core's generic. (An area with plain-HTTP operations
    // has its own interface, which only those need: its JSON-RPC functions take any endpoint of its
    // path.)
    type: httpOps.length ? `JsonRpcClient<${endpointName}>` : `${Area}Rpc`,
  };
  const methodCalls = methods.map((m) => methodCode(pkg, m, endpoint.type));
  const httpCalls = httpOps.map((h) => httpOperationCode(pkg, h));
  const calls = [...methodCalls, ...httpCalls];
  const example = u64Example(doc, methods);
  return (
    banner(source, import.meta.url) +
    `import { ${clientImports(pkg, { unbatched, u64Example: example }).join(", ")} } from "@chaindata/core";\n` +
    `import * as op from "./operations.js";\n` +
    `import type * as T from "./types.js";\n\n` +
    endpointFactory(pkg, endpoint) +
    (example
      ? u64ShapeFunction(
          area,
          `keyof T.${Area}Methods`,
          example,
          methods.map((m) => m.name),
          Object.fromEntries(
            methods.filter((m) => m["x-pagination"]).map((m) => [m.name, m["x-pagination"].items]),
          ),
          areaStatusTags(doc.info),
        )
      : "") +
    paginationReexport(methods.filter((m) => m["x-pagination"]).map((m) => m.name)) +
    calls.flatMap((c) => c.standalone).join("\n\n") +
    "\n\n" +
    clientInterface(
      pkg,
      calls.map((c) => c.member),
    ) +
    clientFactory(
      pkg,
      endpoint,
      methodCalls.map((c) => c.impl),
      httpCalls.map((c) => c.impl),
    )
  );
}

/**
 * The first method whose result holds u64 values or floats, if any: the example of
 * `<area>U64Shape`, which is emitted (with each method's own shape) only where there is one.
 */
const u64Example = (doc, methods) =>
  methods.find((m) => u64Shape(doc, m.result.schema) !== undefined)?.name;

/** What client.ts imports from @chaindata/core (lib/names.mjs, RPC_CLIENT_IMPORTS). */
function clientImports({ doc, httpOps, methods }, { unbatched, u64Example }) {
  return coreImportsOf(RPC_CLIENT_IMPORTS, doc.info["x-host"], {
    paginated: methods.some((m) => m["x-pagination"]),
    deprecated: methods.some((m) => m.deprecated) || httpOps.some((h) => h.o.deprecated),
    plainHttp: httpOps.length > 0,
    checked: methods.some((m) => m.params.length),
    unbatched,
    u64: Boolean(u64Example),
  });
}

/** Method `m` in client.ts (lib/call-code.mjs). `endpointType`: the standalone functions' `rpc`. */
function methodCode({ Area, clientVar, doc }, m, endpointType) {
  const P = `${pascal(m.name)}Params`;
  // (The call options take the query options too, as `rpc.call` does, typed as in the params.)
  const options = m["x-query-params"]?.length
    ? `RequestOptions & Pick<T.${P}, ${m["x-query-params"].map((q) => literal(camel(q.name))).join(" | ")}>`
    : "RequestOptions";
  return callCode({
    call: m,
    name: m.name,
    doc,
    clientVar,
    endpoint: { name: "rpc", factory: `create${Area}Rpc`, type: endpointType },
    params: {
      params: P,
      // (A params object without required members may be left out: by name `{}` is sent, by
      // position `[]`.)
      optional: paramsOptional(m),
      // (By position: the wire `params` is the array of the params' values, in order, which the
      // object the caller gives does not show.)
      positional: paramsShape(m) === "positional" ? m.params.map((p) => p.name) : undefined,
    },
    // (A method without params has no params check.)
    checked: m.params.length > 0,
    options,
    // (Query options stay in the params: they are validated with them, and the method's
    // encoding moves them to the URL.)
    send: `rpc.call(op.${m.name}, params, options)`,
    example: (options) => exampleFor(doc, m, options),
    pageWalk: () => ({
      example: (options) => walkExampleFor(doc, m, options),
      resultSchema: m.result.schema,
      paramsSchema: paramsSchema(m, { withQuery: true }),
    }),
  });
}

/**
 * A plain-HTTP operation `h` in client.ts, as methodCode's: sent by core's getText with the options
 * the endpoint was made with (kept on the endpoint object, `<Area>Rpc.options`), never reachable
 * through `request`.
 */
function httpOperationCode({ Area, clientVar, doc, http }, h) {
  const R = `T.${pascal(h.id)}Result`;
  const host = `${doc.info["x-host"]}Host`;
  const getText = (args) =>
    `getText(rpc.options, ${host}, ${literal(h.path)}, op.${h.id}, ${args})`;
  const endpoint = { name: "rpc", factory: `create${Area}Rpc` };
  const body = standaloneBody({
    endpoint,
    name: h.id,
    deprecated: h.o.deprecated,
    send: getText("options"),
  });
  const opts = { areaBeta: Boolean(http.doc.info["x-beta"] || doc.info["x-beta"]) };
  return {
    standalone: [
      jsdoc(h.o, {
        ...opts,
        indent: "",
        example: `const ${camel(h.id)}Text = await ${h.id}(rpc);`,
        params: paramDocs({ endpoint }),
      }) +
        `export function ${h.id}(rpc: ${Area}Rpc, options?: RequestOptions): Promise<${R}> ${body}`,
    ],
    member: `${jsdoc(h.o, { ...opts, example: `const ${camel(h.id)}Text = await ${clientVar}.${h.id}();`, params: paramDocs({}) })}  ${h.id}(options?: RequestOptions): Promise<${R}>;`,
    // (The call itself rather than the standalone function: one function less in every client
    // bundle.)
    impl: `    ${h.id}: (options, ...extra) => ${h.o.deprecated ? `(warnDeprecated(op.${h.id}.id, op.${h.id}.deprecated!, rpc.logger), ${getText("options, extra")})` : getText("options, extra")},`,
  };
}

/**
 * The endpoint the standalone functions take, `<Area>Rpc`, and its factory create<Area>Rpc() (and
 * the options of an endpoint that documents no batches).
 */
function endpointFactory({ area, Area, clientVar, doc, httpOps, methods }, endpoint) {
  const { name: endpointName, path, unbatched, optionsType } = endpoint;
  const info = doc.info;
  const rpcType = `${Area}Rpc`;
  const status = areaStatusTags(info)
    .map((tag) => `\n * ${tag}`)
    .join("");
  const make = unbatched
    ? // (A batcher refused, in the words of the sdk's `areas.<area>.batch`.)
      `createJsonRpcClient<${endpointName}>(unbatched(options, ${literal(clientVar)}), ${info["x-host"]}Host, ${literal(path)})`
    : `createJsonRpcClient<${endpointName}>(options, ${info["x-host"]}Host, ${literal(path)})`;
  return (
    (unbatched
      ? `/**\n * The options of the ${area} clients: those of every client but \`batch\`. The endpoint documents no\n * JSON-RPC batches, so calls to it are never batched; at run time a batcher is refused too (a\n * ConfigurationError, rather than ignored: the caller would believe its calls are batched);\n * \`batch: false\` passes.\n */\nexport interface ${Area}ClientOptions extends Omit<ClientOptions, "batch"> {\n  /**\n   * Not an option of the ${area} clients (only \`false\`, which says so): at run time a batcher is\n   * refused with a ConfigurationError. An options object typed \`ClientOptions\` may hold one, so the\n   * compiler refuses it here too (\`Type 'Batcher' is not assignable to type 'false'\`): type\n   * options shared with other clients \`RestClientOptions\` or \`${Area}ClientOptions\` (the same\n   * options: every area's factory takes them).\n   * @default undefined (no batcher: each call is its own request)\n   */\n  batch?: false | undefined;\n}\n\n`
      : "") +
    (httpOps.length
      ? `/** The ${area} endpoint of {@link create${Area}Rpc}: a JSON-RPC client that also remembers its options, for the calls that are not JSON-RPC (${httpOps.map((h) => `\`${h.id}\``).join(", ")}). */\n` +
        `export interface ${Area}Rpc extends JsonRpcClient<${endpointName}> {\n  /** The options the endpoint was made with (base URL, fetch, headers, timeouts…), the key behind a getter (not shown when logged or serialised): for its errors to mask it, not to send it. @internal */\n  readonly options: ${optionsType} | undefined;\n}\n\n`
      : `/**\n * The ${area} JSON-RPC endpoint that {@link create${Area}Rpc} makes, as the standalone functions take it${methods[0] ? `\n * (\`${methods[0].name}(rpc, params)\`)` : ""}: the type of a field or parameter that holds one. It is the\n * endpoint's type (${info["x-host"]} host, \`POST ${path}\`), not the area's: an endpoint made for another area\n * served there passes too; one of another host or path does not compile.${status}\n */\n` +
        `export type ${Area}Rpc = JsonRpcClient<${endpointName}>;\n\n`) +
    `/**\n * The ${area} JSON-RPC endpoint (${info["x-host"]} host, \`POST ${path}\`), for the standalone\n * functions: \`${methods[0] ? `await ${methods[0].name}(rpc, params)` : ""}\`. A bundle then carries only the methods it calls.${status}\n */\n` +
    `export function create${Area}Rpc(options?: ${optionsType}): ${rpcType} {\n` +
    // The options are kept as they are now, `baseUrls` and `headers` too: a later change to the
    // caller's object must not send `ping` elsewhere, or with other headers, than the JSON-RPC
    // calls, whose URL and headers are already resolved. The key only behind a getter: those
    // calls send no key, and logging the endpoint would show it as a member; but their errors mask
    // it, as the JSON-RPC calls' do, since the host has it from those. Not enumerable either: a
    // credential given in `headers` (a gateway's `Authorization`) would show when the endpoint is
    // logged.
    (httpOps.length
      ? `  const rpc = { ...${make} };\n  const { apiKey, ...kept } = { ...snapshotOptions(options) };\n  return Object.defineProperty(rpc, "options", { value: Object.defineProperty(kept, "apiKey", { get: () => apiKey }) }) as ${rpcType};\n}\n\n`
      : `  return ${make};\n}\n\n`)
  );
}

/** The client interface, `<Area>Client`: its methods' `members`, and `request`. */
function clientInterface({ area, Area, doc }, members) {
  return (
    interfaceDoc(doc.info) +
    `export interface ${Area}Client {\n${members.join("\n")}\n` +
    `  /** Call any ${area} method by name; the name picks the params and result types (one name: with a union of names the params are \`never\`). */\n` +
    // (`method: M` itself, so that editors complete the method names and a misspelt one is refused
    // as not one of them; a union of names is refused through the params (${Area}Params), which
    // could not be checked against the method actually called. `M & SingleMethod<M>` as the
    // method's type left both to `never`: no completions, "not assignable to parameter of type
    // 'never'".)
    `  request<M extends T.${Area}Method>(method: M, ...args: [...params: ParamsArgument<T.${Area}Params<M>>, options?: RequestOptions | undefined]): Promise<T.${Area}Result<M>>;\n` +
    // (For a wrapper generic over the method, passing on its params typed `${Area}Params<M>` (or
    // `${Area}Methods[M]["params"]`): the signature above reads them through a conditional type
    // (`ParamsArgument`, whose params may be left out) that TypeScript cannot resolve for a type
    // parameter. Here the params are required, and a union of names is still refused through them.)
    `  /** Call any ${area} method by name, its params given: for a wrapper generic over the method name (\`M extends ${Area}Method\`, its params typed \`${Area}Params<M>\`). */\n` +
    `  request<M extends T.${Area}Method>(method: M, params: T.${Area}Params<M>, options?: RequestOptions | undefined): Promise<T.${Area}Result<M>>;\n}\n\n`
  );
}

/**
 * create<Area>Client(): the methods' `impl` over one endpoint, the plain-HTTP calls' `httpImpl`,
 * and `request`.
 */
function clientFactory({ area, Area, doc, httpOps }, { path, optionsType }, impl, httpImpl) {
  const info = doc.info;
  return (
    docComment(
      `Create a client for every ${area} method (${info["x-host"]} host, \`POST ${path}\`).`,
      [...areaStatusTags(info), ...clientFactoryTags(area, info)],
    ) +
    `export function create${Area}Client(options?: ${optionsType}): ${Area}Client {\n` +
    `  const rpc = create${Area}Rpc(options);\n` +
    `  const client: Omit<${Area}Client, ${["request", ...httpOps.map((h) => h.id)].map(literal).join(" | ")}> = {\n${impl.join("\n")}\n  };\n` +
    `  return {\n` +
    `    ...client,\n` +
    httpImpl.map((l) => l + "\n").join("") +
    `    request: (method, ...args) => callByName(client, method, args),\n` +
    `  };\n}\n`
  );
}
