// The names the generated code binds, and which of them come from the spec. The generator writes
// a JSON-RPC method name or a REST operationId as a function and a descriptor constant, a schema
// name as an exported type, and its own names (imports, factories, the runtime's re-exports) beside
// them; a spec name that lands on one of its own is a compile error in a package, or a call that
// reaches the wrong function. lib/refusals.mjs turns the table into findings, for the generator and
// for `npm run spec:check` alike; test/generate/names.test.ts compares it with the generated files,
// so an export added to an emitter without its line here fails there.
import { regionalServer, regionNames, runtimeKind } from "./areas.mjs";
import { operationsOf, paramsSchema } from "./operations.mjs";
import { paramRules } from "./param-rules.mjs";
import { camel, pascal, pointerSegment } from "./schema.mjs";
import { CHECK_COMBINATORS } from "./validator.mjs";

/**
 * Words a generated function, constant or variable cannot be named (ECMAScript, strict mode,
 * TypeScript's own).
 */
export const RESERVED_WORDS = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if " +
    "import in instanceof new null return super switch this throw true try typeof var void while with yield let static " +
    "implements interface package private protected public await arguments eval undefined"
  ).split(" "),
);

/** Type names TypeScript keeps for itself: `export type string = …` does not compile. */
export const TYPE_KEYWORDS = new Set(
  "any unknown never string number boolean bigint symbol object undefined void null".split(" "),
);

/**
 * A JavaScript identifier as the generated code writes names (ASCII only, as every emitter
 * assumes).
 */
/** "a" or "an" before a word, by its first letter: "an admin operation", "a das operation". */
export const withArticle = (word, capital = false) =>
  `${capital ? "A" : "a"}${/^[aeiou]/i.test(word) ? "n" : ""} ${word}`;

export const isIdentifier = (name) => typeof name === "string" && /^[A-Za-z_$][\w$]*$/.test(name);

// The runtime's error classes, re-exported by every package (generated/runtime.ts).
const ERROR_CLASSES = [
  "ChainDataError",
  "APIError",
  "BadRequestError",
  "AuthenticationError",
  "PermissionDeniedError",
  "NotFoundError",
  "UnprocessableEntityError",
  "RateLimitError",
  "InternalServerError",
  "JsonRpcError",
  "ConnectionError",
  "TimeoutError",
  "AbortError",
  "InvalidResponseError",
  "ValidationError",
  "ConfigurationError",
];

/**
 * The type parameters of the runtime's generic types that the packages re-export, as core declares
 * them: the sdk's namespaces alias each one with the same parameters (sdk-namespaces.mjs;
 * test/types/namespaces.test.ts compares them with core's).
 */
export const TYPE_PARAMETERS = {
  PageIterable: "I, R, P = unknown",
  PageCheckpoint: "R, P = unknown",
  PageFetcher: "R, P = unknown",
  Paginated: "P, R, I",
  ParamsArgument: "P",
  JsonRpcClient: "Endpoint extends string = string",
  CallOptions: "Query extends string = never",
  SingleMethod: "M",
  RpcMethodDescriptor: "Query extends string = never, Params = unknown, Result = unknown",
  OperationDescriptor: "Params = unknown, Result = unknown",
  RpcEncode: "Query extends string = string",
  U64ShapeOf: "T",
};

/** The error classes, for the sdk's namespaces (which alias them as types). */
export { ERROR_CLASSES };

/**
 * What generated/runtime.ts re-exports from @chaindata/core: values (error classes, option
 * factories, lossless JSON) and the types the clients' signatures and errors use, so that callers
 * can name them. `rpc`: the package is a JSON-RPC one (JsonRpcClient) rather than a REST one;
 * `batch`: its clients take a batcher (not the sender's: its endpoint documents no batches).
 */
export function runtimeExports({ rpc, batch = rpc }) {
  // (`stringifyJson` / `parseJson`: u64 values arrive as bigint, which `JSON.stringify` throws on;
  // `reviveU64`, with the package's `<area>U64Shape`, makes them bigint again in a result read
  // back.)
  const values = [
    ...ERROR_CLASSES,
    "isChainDataError",
    "isRetryable",
    ...(batch ? ["createBatcher"] : []),
    "createCoalescer",
    "createRateLimiter",
    "stringifyJson",
    "parseJson",
    "reviveU64",
    // (A raw token amount as exact decimal text and back: `Number(raw) / 10 ** decimals` rounds
    // past 2^53 raw units.)
    "formatUnits",
    "parseUnits",
    // (To walk a method the package does not cover, called by `rpc.call`.)
    "paginate",
    // (A walk error's `resumeFrom`, typed as the walk's params.)
    "resumeParamsOf",
  ];
  const types = [
    "ClientOptions",
    ...(rpc ? [] : ["RestClientOptions"]),
    // (The types of the `environment` and `baseUrls` options, for callers who name them.)
    "EnvironmentName",
    "BaseUrls",
    "RequestOptions",
    "ResponseFields",
    // (What a call's `onAttempt` gets.)
    "AttemptRecord",
    "Logger",
    "PageIterable",
    "PageCheckpoint",
    // (The type of `paginate`'s `fetchPage`, for a fetcher written apart from the call.)
    "PageFetcher",
    "PageWalkOptions",
    // (The types of the clients' members: a paginated operation, the params argument of it and of
    // `request`, so that a wrapper of `das.getAssetsByOwner` can be typed.)
    "Paginated",
    "ParamsArgument",
    "RateLimiter",
    // (The options of createRateLimiter and, where exported, createBatcher, for callers who name
    // them.)
    "RateLimiterOptions",
    ...(batch ? ["BatcherOptions"] : []),
    "Fetch",
    // (The union of the error classes, whose `name` tells them apart in a `switch`; the fields
    // their constructors take, for a test's fake errors; a ConnectionError's `cause`.)
    "AnyChainDataError",
    "ChainDataErrorFields",
    "APIErrorFields",
    "RedactedError",
    "ValidationIssue",
    "InvalidResponseReason",
    "RpcErrorObject",
    // (`request(method, …)` takes a SingleMethod, `JsonRpcClient.call` an RpcMethodDescriptor and
    // its CallOptions; the descriptor is an OperationDescriptor, with an RpcEncode, whose members
    // are a Check, a U64Shape and a PaginationDescriptor: a method the package lacks can be
    // called.)
    ...(rpc
      ? [
          "JsonRpcClient",
          "CallOptions",
          "SingleMethod",
          "RpcMethodDescriptor",
          "OperationDescriptor",
          "RpcEncode",
          "Check",
          "U64Shape",
          "PaginationDescriptor",
        ]
      : // (`<Area>Rest.call` takes an OperationDescriptor, whose members are a Check, a U64Shape and
        // a PaginationDescriptor; the operation map's `<Area>Params` reads a SingleMethod.)
        ["OperationDescriptor", "Check", "U64Shape", "PaginationDescriptor", "SingleMethod"]),
    // (`reviveU64` takes a U64ShapeOf, the type of every generated `<operation>U64Shape`.)
    "U64ShapeOf",
    // (In every package: `ClientOptions` names a Batcher in `batch`, also where `createBatcher` is
    // not exported.)
    "Batcher",
    "Coalescer",
  ];
  return { values, types };
}

// openapi-typescript's root types (`paths`, `components`…): a REST package's openapi.ts declares
// them and types.ts imports `operations` (a JSON-RPC package emits none); the package does not
// export them, but a schema of that name would clash with the import or confuse readers.
const OPENAPI_TS_ROOTS = ["paths", "webhooks", "components", "operations"];

// What generated/client.ts imports from @chaindata/core, by kind of package, in the order the
// import lists them: rpc.mjs and rest.mjs `clientImports` write the import from these tables
// (coreImportsOf), and packageBindings binds every name, so that a spec name cannot take one.
// Each entry is `[name, meaning, when]`: the meaning is a value, a type, or both (a class; a
// type-only import leaves the name free for a function: TypeScript keeps values and types apart;
// a value import does not), and `when` the package feature it is imported for (`paginated`: a
// page walk; `deprecated`: a deprecated call; `plainHttp`: a plain-HTTP operation, the sender's
// `ping`; `unbatched`: an endpoint that documents no batches; `u64`: `<area>U64Shape`; `checked`:
// a call with params, and so its `check<Operation>`), or none:
// always. HOST stands for the area's host (`dasHost`).
const HOST = "<host>Host";
export const RPC_CLIENT_IMPORTS = [
  ["callByName", "value"],
  ["createJsonRpcClient", "value"],
  ["notAnRpc", "value"],
  [HOST, "value"],
  ["checkParams", "value", "checked"],
  ["withPagination", "value", "paginated"],
  ["warnDeprecated", "value", "deprecated"],
  ["getText", "value", "plainHttp"],
  ["snapshotOptions", "value", "plainHttp"],
  ["unbatched", "value", "unbatched"],
  ["ClientOptions", "type"],
  ["JsonRpcClient", "type"],
  ["PageIterable", "type", "paginated"],
  ["PageWalkOptions", "type", "paginated"],
  ["ParamsArgument", "type"],
  ["RequestOptions", "type"],
  ["U64Shape", "type", "u64"],
];
export const REST_CLIENT_IMPORTS = [
  ["createRestTransport", "value"],
  ["notAnRpc", "value"],
  [HOST, "value"],
  ["checkParams", "value", "checked"],
  ["restInit", "value"],
  ["jsonText", "value"],
  ["unbatched", "value"],
  ["withPagination", "value", "paginated"],
  ["warnDeprecated", "value", "deprecated"],
  ["Logger", "type"],
  ["OperationDescriptor", "type"],
  ["RestClientOptions", "type"],
  ["PageIterable", "type", "paginated"],
  ["PageWalkOptions", "type", "paginated"],
  ["RequestOptions", "type"],
  ["U64Shape", "type", "u64"],
];
// What a REST package's members.ts imports from @chaindata/core (its members are
// create<Area>Client's, which send their requests themselves).
export const REST_MEMBERS_IMPORTS = [
  ["restInit", "value"],
  ["jsonText", "value", "body"],
  ["withPagination", "value", "paginated"],
  ["warnDeprecated", "value", "deprecated"],
];
// What a REST package's client.ts binds besides: openapi-fetch's default export and its `Client`
// type (rest.mjs writes that import itself), and `Api`, its alias of `Client<paths>`.
const REST_CLIENT_OWN = { createFetchClient: "value", Client: "type", Api: "type" };

/**
 * The names of `table` (RPC_CLIENT_IMPORTS or REST_CLIENT_IMPORTS) that the client.ts of a package
 * on `host` imports, as its import from @chaindata/core lists them (`type RequestOptions`): those
 * imported always, and those of the features `has` says the package has (`{ paginated: true, … }`,
 * one entry per feature the table names).
 */
export function coreImportsOf(table, host, has) {
  return table
    .filter(([, , when]) => {
      if (when !== undefined && !(when in has))
        throw new Error(`coreImportsOf: the package's features say nothing of ${when}`);
      return when === undefined || has[when];
    })
    .map(([name, meaning]) => {
      const bound = name === HOST ? `${host}Host` : name;
      return meaning === "type" ? `type ${bound}` : bound;
    });
}

/**
 * Every name of `table` with its meaning, but the host's (bound apart, to be named in messages).
 */
const importMeanings = (table) =>
  Object.fromEntries(
    table.filter(([name]) => name !== HOST).map(([name, meaning]) => [name, meaning]),
  );
/**
 * The function of a REST package's generated/members.ts that makes the client's members over a
 * given endpoint (`webhooksClientOver(rest)`), as create<Area>Client makes them.
 */
export const clientOverName = (area) => `${camel(area)}ClientOver`;

// The parameters of a page walk's standalone function, the one place where the generated code
// calls an operation by its name inside a function (lib/call-code.mjs pageWalkCode:
// `paginateGetAssetsByOwner(rpc, params, options)` returns a walk over `(params, options) =>
// getAssetsByOwner(rpc, params, options)`): an operation named like one of them would call the
// parameter instead. The endpoint's name (`rpc`, `rest`) is the area's. Everywhere else an
// operation is a property key or `op.<name>` (create<Area>Client, <area>ClientOver, the standalone
// function and its check), where a local of that name changes nothing: `client`, `extra` and the
// like are free.
const PAGE_WALK_LOCALS = ["params", "options"];

/**
 * @typedef {object} Binding  One name the generated code of a package binds.
 * @property {string} name
 * @property {string} scope   where it is bound: `generated/<module>.ts`, or a function in it
 * @property {"value" | "type" | "both"} meaning two bindings of one scope clash when their meanings
 *   meet (a function and an interface of one name merge; two functions, or a function and a value
 *   import, do not)
 * @property {boolean} exported  re-exported by the package's index (`export *` of client, types,
 *   constants, runtime): two such names from different modules are ambiguous (TypeScript TS2308),
 *   whatever their meanings
 * @property {string} what what it is, for a message: the generator's own ("a runtime export"), or
 *   what the spec item makes of it ("function", "params type")
 * @property {{ at: string, file: string, name: string, kind: "operation" | "schema", label: string
 *   } | undefined} spec the spec item that names it (its bundle file, JSON pointer, name, and
 *   `method getAsset` as a label), or undefined for the generator's own names
 */

/**
 * Every binding of one package's generated code: [main document, its OpenAPI companion (the
 * sender's `ping`), or undefined]. Each document is `{ area, kind, doc, file }`. Patterns are
 * hoisted as `PATTERN_<n>` (their descriptions as `DESCRIPTION_<n>`) in operations.ts;
 * `reservedPattern` says so separately (a family, not a name).
 * @returns {Binding[]} the generator's own names first, then the spec's (methods, then schemas)
 */
export function packageBindings([main, http]) {
  return [...generatorBindings(main), ...operationBindings(main, http), ...schemaBindings(main)];
}

/** Where a binding is: the generated modules of a package. */
const MODULE = {
  operations: "generated/operations.ts",
  client: "generated/client.ts",
  types: "generated/types.ts",
  openapi: "generated/openapi.ts",
  members: "generated/members.ts",
  runtime: "generated/runtime.ts",
  constants: "generated/constants.ts",
};

const values = (names) => Object.fromEntries(names.map((n) => [n, "value"]));
const typeNames = (names) => Object.fromEntries(names.map((n) => [n, "type"]));

/** The generator's own names in the package of `main` (its main document): {@link Binding}s. */
function generatorBindings(main) {
  const { area, kind, doc } = main;
  const rpc = kind === "openrpc";
  const Area = pascal(area);
  const host = doc.info?.["x-host"];
  const { operations: ops, client, types, openapi, members } = MODULE;
  const out = [];
  /** `meanings` maps each name to its meaning. */
  const own = (meanings, scope, what, exported = false) => {
    for (const [name, meaning] of Object.entries(meanings))
      out.push({ name, scope, meaning, exported, what, spec: undefined });
  };

  own(values(CHECK_COMBINATORS), ops, "a check imported from @chaindata/core");
  own(
    rpc
      ? {
          rpcEncoding: "value",
          RpcMethodDescriptor: "type",
          OperationDescriptor: "type",
          PaginationDescriptor: "type",
          U64Shape: "type",
          U64ShapeOf: "type",
          T: "both",
        }
      : {
          // (The `x-key-free` params' check, imported where an operation has one.)
          refuseApiKeyIn: "value",
          OperationDescriptor: "type",
          PaginationDescriptor: "type",
          U64Shape: "type",
          U64ShapeOf: "type",
          T: "both",
        },
    ops,
    "an import from @chaindata/core",
  );
  if (!rpc && doc.webhooks) own(values(["webhookDeliveries"]), ops, "the deliveries' u64 shapes");
  if (!rpc) own(values([`${camel(area)}RateLimit`]), ops, "the area's rate limit");
  own({ op: "both", T: "both" }, client, "the import of operations.js / types.js");
  own(
    importMeanings(rpc ? RPC_CLIENT_IMPORTS : REST_CLIENT_IMPORTS),
    client,
    "an import from @chaindata/core",
  );
  if (!rpc) own(REST_CLIENT_OWN, client, "openapi-fetch's client or its type (imported, or `Api`)");
  own(values([`${host}Host`]), client, "the host imported from @chaindata/core");
  const factories = values([
    rpc ? `create${Area}Rpc` : `create${Area}Rest`,
    `create${Area}Client`,
    `${camel(area)}U64Shape`,
  ]);
  const clientTypes = typeNames([
    ...(rpc ? [`${Area}ClientOptions`, `${Area}Rpc`] : [`${Area}Rest`]),
    `${Area}Client`,
  ]);
  own({ ...factories, ...clientTypes }, client, "the client's own export", true);
  own(typeNames(OPENAPI_TS_ROOTS), types, "openapi-typescript's root type");
  if (!rpc) {
    own(typeNames(OPENAPI_TS_ROOTS), openapi, "openapi-typescript's root type");
    own(typeNames(["paths"]), client, "the import of openapi.js");
    // (members.ts: <area>ClientOver, whose members send their requests as create<Area>Client's
    // do: it imports no operation's function. Its locals are create<Area>Client's, bound above.
    // Not re-exported.)
    own(values([clientOverName(area)]), members, "the client's members over a given endpoint");
    own(importMeanings(REST_MEMBERS_IMPORTS), members, "an import from @chaindata/core");
    own(
      { op: "both", T: "both", paths: "type" },
      members,
      "the import of operations.js, openapi.js or types.js",
    );
    own(
      { Client: "type", Api: "type" },
      members,
      "openapi-fetch's client type (imported, or `Api`)",
    );
    own(typeNames([`${Area}Client`, `${Area}Rest`]), members, "the import of client.js");
  }
  // (The map of the calls, lib/emit.mjs `callMap`: `DasMethods`, `WalletOperations`…)
  const [map, call] = rpc ? ["method map", "Method"] : ["operation map", "Operation"];
  own(typeNames([`${Area}${call}s`]), types, `the ${map} type`, true);
  own(
    typeNames([`${Area}${call}`, `${Area}Params`, `${Area}Result`]),
    types,
    `a type of the ${map}`,
    true,
  );
  own(typeNames(["SingleMethod"]), types, "an import from @chaindata/core");
  const runtime = runtimeExports(runtimeKind(main));
  own(
    { ...values(runtime.values), ...typeNames(runtime.types) },
    MODULE.runtime,
    "a runtime export",
    true,
  );
  own(constantNames(main), MODULE.constants, "an area constant", true);
  return out;
}

/**
 * The names each operation of the package binds (its descriptor, function, page walk, params
 * check, client member, u64 shapes, pagination descriptor and types): {@link Binding}s of `main`'s
 * methods or operations, then of `http`'s (the sender's `ping`).
 */
function operationBindings(main, http) {
  const { kind } = main;
  const rpc = kind === "openrpc";
  const { operations: ops, client, types, openapi } = MODULE;
  const out = [];
  const operations = [
    ...(rpc ? rpcMethods(main) : restOperations(main)),
    ...(http ? restOperations(http) : []),
  ];
  const rulesBound = new Set();
  for (const o of operations) {
    if (!isIdentifier(o.name)) continue; // (the operation-name rule says why)
    const label = `${o.method ? "method" : "operation"} ${o.name}`;
    const spec = { at: o.at, file: o.file, name: o.name, kind: "operation", label };
    // (In operations.ts and client.ts an operation is a value; the types named after it are types,
    // in types.ts and as openapi.ts imports them.)
    const bind = (name, scope, what, exported) =>
      out.push({
        name,
        scope,
        meaning: scope === types || scope === openapi ? "type" : "value",
        exported,
        what,
        spec,
      });
    bind(o.name, ops, "descriptor", false);
    // (A JSON-RPC package's plain-HTTP operations, the sender's `ping`, are standalone functions
    // too.)
    bind(o.name, client, "function", true);
    if (o.paginated) {
      const walk = `paginate${pascal(o.name)}`;
      bind(walk, client, "page-walk function", true);
      // (Its page walk calls it by name, inside a function whose parameters are bound too.)
      bind(o.name, walk, "call", false);
      for (const name of [rpc ? "rpc" : "rest", ...PAGE_WALK_LOCALS])
        out.push({
          name,
          scope: walk,
          meaning: "value",
          exported: false,
          what: "a parameter of the page walk",
          spec: undefined,
        });
    }
    // (Its params check, `check<Operation>`: lib/call-code.mjs checkFunction. Bound for every
    // operation, as the u64 shapes are: an operation gaining params then clashes with nothing.)
    bind(`check${pascal(o.name)}`, client, "params-check function", true);
    if (o.method || !rpc) {
      // (Its own u64 shape and its page walk's item's, declared in operations.ts and re-exported
      // by client.ts, where the area has `<area>U64Shape`: lib/descriptor.mjs u64ShapeConstants;
      // bound in every area, as that is, so that a result gaining a u64 value clashes with
      // nothing.)
      for (const scope of [ops, client]) {
        bind(`${o.name}U64Shape`, scope, "u64 shape", scope === client);
        if (o.paginated) bind(`${o.name}ItemU64Shape`, scope, "item's u64 shape", scope === client);
        // (Its pagination descriptor, declared and re-exported alike: descriptor.mjs
        // paginationConstants.)
        if (o.paginated)
          bind(`${o.name}Pagination`, scope, "pagination descriptor", scope === client);
      }
    }
    const Name = pascal(o.name);
    if (o.method) bind(`${Name}Params`, types, "params type", true);
    // (Bound for every method, as the u64 shapes are: a method gaining rules between its params,
    // and with them `<Method>ParamsBase` (lib/types.mjs paramsWithRules), then clashes with
    // nothing.)
    if (o.method) bind(`${Name}ParamsBase`, types, "params type without their rules", true);
    // (The type a param left out by such a rule is given, named after the rule: one per rule,
    // however many methods share it, lib/param-rules.mjs.)
    if (o.rule && !rulesBound.has(o.rule)) {
      rulesBound.add(o.rule);
      bind(o.rule, types, "type of a param a rule leaves out", true);
    }
    if (!rpc) bind(`${Name}Input`, types, "input type", true);
    // (A REST package's openapi.ts imports the inputs too, as the schemas they are typed as.)
    if (!rpc) bind(`${Name}Input`, openapi, "input type", false);
    bind(`${Name}Result`, types, "result type", true);
  }
  return out;
}

/**
 * The names `main`'s schemas bind, as types (types.ts; a REST package's openapi.ts imports them).
 */
function schemaBindings({ kind, doc, file }) {
  const { types, openapi } = MODULE;
  const out = [];
  for (const name of Object.keys(doc.components?.schemas ?? {})) {
    const at = `#/components/schemas/${pointerSegment(name)}`;
    const spec = { at, file, name, kind: "schema", label: `schema ${name}` };
    out.push({ name, scope: types, meaning: "type", exported: true, what: "type", spec });
    // (A REST package's openapi.ts imports every schema, beside the root types it declares.)
    if (kind !== "openrpc")
      out.push({ name, scope: openapi, meaning: "type", exported: false, what: "type", spec });
  }
  return out;
}

/**
 * operations.ts hoists each pattern of the checks as `PATTERN_<n>`, and each pattern's description
 * as `DESCRIPTION_<n>`.
 */
export const reservedPattern = /^(?:PATTERN|DESCRIPTION)_\d+$/;

/**
 * The constants constants.mjs emits for an area (tip accounts, minimum tip, the host's regions),
 * with their meanings.
 */
function constantNames(a) {
  const { area, doc } = a;
  const info = doc.info ?? {};
  const host = regionNames(a) && regionalServer(a)["x-host"];
  return {
    ...(info["x-tip-accounts"] ? { [`${camel(area)}TipAccounts`]: "value" } : {}),
    ...(info["x-minimum-tip-lamports"] ? { [`${camel(area)}MinimumTipLamports`]: "value" } : {}),
    ...(host ? { [`${host}Regions`]: "value", [`${pascal(host)}Region`]: "type" } : {}),
  };
}

/**
 * The methods of an OpenRPC document, where each is, as {@link restOperations} lists operations.
 */
const rpcMethods = ({ doc, file }) =>
  (doc.methods ?? []).map((m, i) => ({
    name: m.name,
    at: `#/methods/${i}`,
    file,
    method: true,
    paginated: Boolean(m["x-pagination"]),
    rule: ruleTypeName(m),
  }));

/** The name of the type `paramsWithRules` (lib/types.mjs) declares for `method`'s rules, if any. */
function ruleTypeName(method) {
  try {
    return paramRules(paramsSchema(method, { withQuery: true }))?.Rule || undefined;
  } catch {
    // (A method whose params the other rules refuse: the types are not written.)
    return undefined;
  }
}

/** The operationIds of an OpenAPI document, where each is (every method the clients call). */
const restOperations = ({ doc, file }) =>
  operationsOf(doc, { lenient: true }).map((op) => ({
    name: op.o.operationId,
    at: op.at,
    file,
    paginated: Boolean(op.o["x-pagination"]),
  }));
