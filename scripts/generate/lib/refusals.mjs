// Everything the generator refuses in the bundled spec, as a list of findings. One implementation
// for two callers: the generator refuses before it writes anything (`throwIfRefused`), and
// `npm run spec:check` reports the same findings (scripts/spec/rules.mjs, checkGeneratorRefusals),
// so a spec author learns of them from the checker, at the YAML file to edit, rather than from the
// generator later. Each rule is a small function over one package's documents: the area's document,
// and for a JSON-RPC area its OpenAPI companion (the sender's `GET /ping`), each
// `{ area, kind, doc, file, origins?, specDir? }` (`file`: the bundle's, `openrpc/das.json`;
// `origins`: see scripts/lib/spec-sources.mjs; `specDir`: the spec folder whose YAML files they
// name).
import { isDeepStrictEqual } from "node:util";
import { NAME_USED_TWICE } from "../../lib/mistake-ids.mjs";
import {
  formatPosition,
  pointerSegments,
  sourceLocation,
  sourcePosition,
} from "../../lib/spec-sources.mjs";
import {
  isIdentifier,
  packageBindings,
  RESERVED_WORDS,
  reservedPattern,
  TYPE_KEYWORDS,
} from "./names.mjs";
import {
  bodyProblem,
  inputSchema,
  jsonResponseOf,
  METHODS,
  operationsOf,
  paramsSchema,
  paramsShape,
  serializationMismatch,
  uncallableMessage,
  uncallableOperations,
} from "./operations.mjs";
import { camel, deref, pascal, pointerSegment, u64Shape, validationSchema } from "./schema.mjs";
import { createCheckEmitter } from "./validator.mjs";

/**
 * @typedef {object} Refusal
 * @property {string} area
 * @property {string} file     the bundle file (`openrpc/das.json`)
 * @property {string} at       the JSON pointer in it of what to edit (`#/methods/4`; a schema
 *   keyword's, `#/methods/2/params/3/schema/pattern`, for what the checks cannot translate)
 * @property {string} [name]   the method, operation, parameter or schema there (for a keyword:
 *   the method or operation whose check or result it is in)
 * @property {string} rule     one of RULES
 * @property {string} message
 */

/** The rules, by id: what each refuses (docs/decisions/0004-spec-checks.md lists them too). */
export const RULES = {
  "area-documents": "an area has one document, or one OpenRPC and one OpenAPI document",
  "area-name": "area and host names that name packages, factories and constants",
  "operation-name": "method names and operationIds: identifiers, not reserved, once per package",
  "schema-name": "schema names: TypeScript identifiers that can name a type",
  "name-clash": "a spec name on a name the generated code or the runtime already binds or exports",
  "parameter-name": "parameter and body field names the generated objects can hold",
  "parameter-schema": "parameters with a schema (the generated type and check are made from it)",
  "parameter-in": "REST parameters in path or query only",
  "parameter-style": "REST parameters serialized as the generated client sends them",
  "http-method": "REST operations on methods the clients call",
  "response-status": "REST success responses listed by their status codes, not a 2XX range",
  "request-body": "REST request bodies that join the flat input object",
  "request-defaults": "x-request-defaults: where the client reads it, with values it accepts",
  "plain-http": "what the plain-HTTP operations of a JSON-RPC area may be (core's getText)",
  "params-check": "request schemas the generated runtime checks translate",
  "u64-shape": "u64 values in results where the runtime revives them",
  "shared-schema": "a schema name in two areas names one schema (@chaindata/core declares it once)",
};

// ---------------------------------------------------------------- entry points

/**
 * Every refusal over a list of bundled documents ({ area, kind, doc, file, origins? }), grouped
 * into packages as the generator groups them.
 * @returns {Refusal[]}
 */
export function generatorRefusals(documents) {
  const refusals = [];
  for (const docs of byArea(documents).values()) {
    const problem = areaDocumentsProblem(docs);
    if (problem) refusals.push(refusal(docs[0], "#", "area-documents", problem));
    else refusals.push(...packageRefusals(asPackage(docs)));
  }
  return [...refusals, ...sharedSchemaRefusals(documents)];
}

/**
 * The refusals of one package: [main document, its OpenAPI companion or undefined].
 * @returns {Refusal[]}
 */
export function packageRefusals(pkg) {
  // The other rules read each param's name and schema: a param that is no such object is refused
  // alone (spec:check's OpenRPC meta-schema rule reports it too), where they would throw a
  // TypeError.
  const malformed = malformedParams(pkg);
  if (malformed.length) return malformed;
  return [
    areaNames,
    operationNames,
    schemaNames,
    nameClashes,
    parameters,
    requestDefaults,
    plainHttp,
    uncallable,
    responseStatuses,
    paramsChecks,
    u64Shapes,
  ].flatMap((rule) => rule(pkg));
}

/**
 * One package per area: [document, its OpenAPI companion]. An area has one document, or an OpenRPC
 * document and an OpenAPI one (the sender: JSON-RPC `POST /fast` and `GET /ping`), whose operations
 * join the JSON-RPC package (rpc.mjs, `httpOperations`).
 * @throws Error for an area with other documents (the `area-documents` rule)
 */
export function packagesOf(documents) {
  return [...byArea(documents).values()].map((docs) => {
    const problem = areaDocumentsProblem(docs);
    if (problem)
      throw new Error(
        `${docs.map((d) => d.origins?.document ?? `spec/dist/${d.file}`).join(", ")}: ${problem}`,
      );
    return asPackage(docs);
  });
}

/**
 * The YAML position of a refusal's place (`spec/openrpc/das.yaml:97:5`, or of the enclosing place
 * the YAML holds, said so: scripts/lib/spec-sources.mjs), from the `origins` of its bundle and the
 * `specDir` their YAML files are in (`document`); undefined without them, or when the file cannot
 * be read. The one way both the generator's messages and spec:check's lines locate a refusal.
 */
export function refusalPosition(r, document) {
  const { origins, specDir } = document ?? {};
  const position = origins && specDir ? sourcePosition(origins, r.at, specDir) : undefined;
  return position && formatPosition(position);
}

/**
 * One line for a refusal, for a person. With the `origins` of its bundle and the `specDir` their
 * YAML files are in (`document`), it names the YAML file a person edits, never the bundle the
 * bundler writes: the position, the pointer there and the name found at it,
 * `spec/schemas/asset.yaml:1067:3: #/GetAssetOptions/not (getAsset): [params-check] …`, and each
 * place its message names in the bundle as the YAML place too (sourcePlacesIn). Where the bundle
 * holds what no YAML file has (a server the bundler wrote), the nearest place that maps, said so,
 * then the bundle's place, the only one that names it; without the YAML file at hand, the YAML file
 * and pointer. Without `origins` (a spec/dist bundled without its sources.json), the bundle's place
 * alone, sending the reader to the checker for the YAML file. `documents`: the other bundles, whose
 * places a message may name (the other document of a package).
 */
export function formatRefusal(r, document, documents = [document]) {
  const name = r.name === undefined ? "" : ` (${r.name})`;
  const inBundle = `spec/dist/${r.file}${r.at}${name}`;
  if (!document?.origins)
    return `${inBundle}: [${r.rule}] ${r.message} (run npm run spec:check for the source location)`;
  const what = `[${r.rule}] ${sourcePlacesIn(r.message, document, documents)}`;
  const { origins, specDir } = document;
  const position = specDir ? sourcePosition(origins, r.at, specDir) : undefined;
  if (!position) return `${sourceLocation(origins, r.at)}${name}: ${what}`;
  return position.kind === "exact"
    ? `${formatPosition(position)}: ${position.at}${name}: ${what}`
    : `${formatPosition(position)}: ${inBundle}: ${what}`;
}

// A place in a bundle as a message writes it: `spec/dist/openrpc/das.json#/methods/0` (another
// operation of one name), or a bare pointer of the message's own bundle (`#/components/schemas/
// GetAssetOptions (from getAsset params/…)`, where a check of the params reached a named schema).
const BUNDLE_PLACE =
  /spec\/dist\/([\w./-]+\.json)(#[^\s),;:]*)|(?<=^|[\s(])#\/components\/[^\s),;:]+/g;

/**
 * `text` with each bundle place it names given as the YAML place it comes from: a bundle file's
 * place as its position and the pointer in that file, `spec/openrpc/das.yaml:37:5 (#/methods/0)`;
 * a bare `#/components/…` pointer of `document` (the bundle the message is about) as the YAML file
 * and pointer, `spec/schemas/asset.yaml#/GetAssetOptions`. A place whose bundle or origins are
 * unknown stays as it is. `documents`: the bundles a `spec/dist/…` place may name. Shared by the
 * generator's messages (formatRefusal) and spec:check's lines of the same refusals.
 */
export function sourcePlacesIn(text, document, documents = [document]) {
  return text.replace(BUNDLE_PLACE, (place, file, pointer) => {
    if (file === undefined)
      return document?.origins ? sourceLocation(document.origins, place) : place;
    const of = documents.find((d) => d?.file === file);
    const position =
      of?.origins && of.specDir ? sourcePosition(of.origins, pointer, of.specDir) : undefined;
    if (!position) return place;
    return `${formatPosition(position)} (${position.kind === "exact" ? position.at : pointer})`;
  });
}

/**
 * The generator's guard: throws one Error listing `refusals`, if any. `documents` are the bundles
 * they come from, whose `origins` and `specDir` (when known) name the YAML files.
 */
export function throwIfRefused(refusals, documents) {
  if (!refusals.length) return;
  const lines = refusals.map((r) =>
    formatRefusal(
      r,
      documents.find((d) => d?.file === r.file),
      documents,
    ),
  );
  throw new Error(
    lines.length === 1
      ? lines[0]
      : `the spec has ${lines.length} things the generator refuses (npm run spec:check reports them too):\n  ${lines.join("\n  ")}`,
  );
}

// ---------------------------------------------------------------- schemas of two areas

/** Each schema name of `documents` with the documents that have it, in their order. */
function schemaHolders(documents) {
  const holders = new Map();
  for (const d of documents)
    for (const name of Object.keys(d.doc.components?.schemas ?? {}))
      holders.set(name, [...(holders.get(name) ?? []), d]);
  return holders;
}

/**
 * The schema names of two or more areas (`documents`: bundles, or packages' documents): one type
 * each, which @chaindata/core declares once and each of those packages re-exports, so that an
 * app's `export *` of two of them is no clash (TypeScript's TS2308 on two types of one name).
 */
export const sharedSchemaNames = (documents) =>
  new Set(
    [...schemaHolders(documents.filter(Boolean))]
      .filter(([, docs]) => new Set(docs.map((d) => d.area)).size > 1)
      .map(([name]) => name),
  );

/**
 * A schema name two areas give different schemas: core's one type cannot be both, and the two
 * packages' own types of one name would break an app's `export *` of both (TS2308). One finding
 * per area differing from the first area that has the name, at that area's schema.
 */
function sharedSchemaRefusals(documents) {
  const out = [];
  for (const [name, docs] of schemaHolders(documents)) {
    const [first] = docs;
    const at = `#/components/schemas/${pointerSegment(name)}`;
    for (const d of docs.filter((d) => d.area !== first.area)) {
      if (isDeepStrictEqual(d.doc.components.schemas[name], first.doc.components.schemas[name]))
        continue;
      out.push(
        refusal(
          d,
          at,
          "shared-schema",
          `areas ${first.area} and ${d.area} both have a schema ${name}, and they differ (${first.area}'s: spec/dist/${first.file}${at}): a name in two areas is one type, which @chaindata/core declares once for both packages (two types of one name would make an app's \`export *\` of both packages fail, TypeScript's TS2308); rename one, and the $refs to it, or make them the same schema`,
          name,
        ),
      );
    }
  }
  return out;
}

// ---------------------------------------------------------------- packages

function byArea(documents) {
  const areas = new Map();
  for (const d of documents) areas.set(d.area, [...(areas.get(d.area) ?? []), d]);
  return areas;
}

function areaDocumentsProblem(docs) {
  const rpc = docs.filter((d) => d.kind === "openrpc");
  return docs.length > 2 || (docs.length === 2 && rpc.length !== 1)
    ? `area ${docs[0].area}: an area has one document, or one OpenRPC and one OpenAPI document`
    : undefined;
}

const asPackage = (docs) => {
  const rpc = docs.find((d) => d.kind === "openrpc");
  return rpc ? [rpc, docs.find((d) => d !== rpc)] : [docs[0], undefined];
};

/** A Refusal of `rule` (a key of RULES) at `at` of the document `{ area, file }`. */
function refusal({ area, file }, at, rule, message, name, code) {
  if (!Object.hasOwn(RULES, rule)) throw new Error(`refusals.mjs: no rule ${rule}`);
  return {
    area,
    file,
    at,
    ...(name === undefined ? {} : { name }),
    rule,
    message,
    ...(code && { code }),
  };
}

/**
 * The JSON pointer of `keyword` in the schema at `at` of `doc`, when that schema holds it; else the
 * schema's own (for a keyword of what the generator built around it, as the params object's
 * `type`).
 */
function keywordAt(doc, at, keyword) {
  if (keyword === undefined) return at;
  const schema = pointerSegments(at).reduce((node, segment) => node?.[segment], doc);
  return schema !== null && typeof schema === "object" && Object.hasOwn(schema, keyword)
    ? `${at}/${pointerSegment(keyword)}`
    : at;
}

/**
 * Runs `work` with a list it collects refusals in, and returns each as a Refusal of `rule` at its
 * keyword. What `work` throws is one too: a fault of the generator's own, placed at `fallback` (the
 * operation) when it carries no place.
 */
function collected(main, rule, name, fallback, work) {
  const refused = [];
  try {
    work(refused);
  } catch (error) {
    refused.push(error);
  }
  return refused.map((error) =>
    refusal(
      main,
      keywordAt(main.doc, error.at ?? fallback, error.keyword),
      rule,
      error.message,
      name,
      error.code,
    ),
  );
}

/**
 * The operations of a package's documents, each with its document: [{ d, name, at, o }] (`o`: the
 * method or operation object).
 */
function operationsOfPackage([main, http]) {
  const rest = (d) =>
    operationsOf(d.doc, { lenient: true }).map((op) => ({ d, name: op.o.operationId, ...op }));
  const ops =
    main.kind === "openrpc"
      ? (main.doc.methods ?? []).map((m, i) => ({
          d: main,
          name: m.name,
          at: `#/methods/${i}`,
          o: m,
        }))
      : rest(main);
  return http ? [...ops, ...rest(http)] : ops;
}

// ---------------------------------------------------------------- names

// An area names the package `@chaindata/<area>`, `create<Area>Client`, and the SDK client's
// `<area>` member (camel-cased): lower-case words joined by "-", each starting with a letter, so
// that no two areas share a camel-cased or Pascal-cased name.
const AREA = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/;
// The packages that are not areas.
const NOT_AREAS = ["core", "sdk", "mock", "docs"];
// A host names `<host>Host` (core's environments), `<host>Regions` and the `baseUrls` keys.
const HOST = /^[a-z][A-Za-z0-9]*$/;

function areaNames([main]) {
  const out = [];
  const { area } = main;
  if (!AREA.test(area))
    out.push(
      refusal(
        main,
        "#/info/x-area",
        "area-name",
        `area "${area}" (the file name) must be lower-case words joined by "-", each starting with a letter: it names the package @chaindata/<area>, create<Area>Client and the SDK client's member`,
      ),
    );
  else if (NOT_AREAS.includes(area))
    out.push(
      refusal(
        main,
        "#/info/x-area",
        "area-name",
        `area "${area}": @chaindata/${area} is a package of its own, not an area`,
      ),
    );
  else if (pascal(area) === "ChainData")
    out.push(
      refusal(
        main,
        "#/info/x-area",
        "area-name",
        `area "${area}": its factory would be createChainDataClient, the SDK's own`,
      ),
    );
  const host = main.doc.info?.["x-host"];
  if (typeof host !== "string" || !HOST.test(host))
    out.push(
      refusal(
        main,
        "#/info/x-host",
        "area-name",
        `host ${JSON.stringify(host)} (a key of spec/hosts.yaml) must be a lower camel-case identifier: it names ${host}Host and ${host}Regions`,
      ),
    );
  return out;
}

/**
 * A method name or operationId names a generated function (JSON-RPC), a descriptor constant and a
 * client member: a JavaScript identifier, not a reserved word, not a member every JSON-RPC client
 * has (`request`), not `__proto__` (the client's object literal would set its prototype), not
 * one of operations.ts's hoisted patterns, once per package.
 */
function operationNames(pkg) {
  const rpc = pkg[0].kind === "openrpc";
  const out = [];
  const seen = new Map();
  for (const op of operationsOfPackage(pkg)) {
    const say = (message, code) =>
      out.push(refusal(op.d, op.at, "operation-name", message, op.name, code));
    const { name } = op;
    if (name === undefined || name === null || name === "")
      say(
        rpc
          ? "the method has no name: give it one, a lower-camel-case JavaScript identifier new on its host (it names a generated function, descriptor and client member)"
          : "the operation has no operationId: give it one, a lower-camel-case JavaScript identifier unique across the areas (`operationId: getThing`; it names the client member)",
      );
    else if (!isIdentifier(name))
      say(
        `${JSON.stringify(name)}: the name must be a JavaScript identifier (it names a generated function, descriptor and client member)`,
      );
    else if (RESERVED_WORDS.has(name)) say(`"${name}": the name is reserved (a JavaScript word)`);
    else if (rpc && name === "request")
      say(`"${name}": the name is reserved (a member every client has)`);
    else if (name === "__proto__")
      say(
        `"${name}": the name cannot be a member of the generated objects (in the client's object literal it sets the prototype); rename it`,
      );
    else if (reservedPattern.test(name))
      say(
        `"${name}": the name is reserved (the hoisted patterns and descriptions of generated/operations.ts)`,
      );
    else if (seen.has(name))
      say(
        `"${name}": the name is used twice in the package (also ${seen.get(name)}): rename one`,
        NAME_USED_TWICE,
      );
    else seen.set(name, `spec/dist/${op.d.file}${op.at}`);
  }
  return out;
}

/** A schema name names an exported type: a TypeScript identifier, not a word TypeScript keeps. */
function schemaNames([main]) {
  return Object.keys(main.doc.components?.schemas ?? {}).flatMap((name) => {
    const at = `#/components/schemas/${pointerSegment(name)}`;
    if (!isIdentifier(name))
      return [
        refusal(
          main,
          at,
          "schema-name",
          `${JSON.stringify(name)}: a schema name must be a TypeScript identifier (it names an exported type)`,
          name,
        ),
      ];
    if (RESERVED_WORDS.has(name) || TYPE_KEYWORDS.has(name))
      return [
        refusal(
          main,
          at,
          "schema-name",
          `"${name}": a reserved word or built-in type cannot name a type`,
          name,
        ),
      ];
    return [];
  });
}

/**
 * A name the spec gives (a method, an operationId, a schema, and the types named after them,
 * `<Method>Params`…) bound where the generated code already binds that name: the same module's top
 * level, a paginated operation's page walk (`paginate<Operation>`, which calls the operation by
 * name beside its own parameters), or the package's exports (its index re-exports
 * client, types, constants and runtime with `export *`: one name from two modules is TypeScript's
 * TS2308). One finding per pair of things, at the spec's (the later one when both are the spec's:
 * schemas come last, since a method name is the service's, not ours).
 */
function nameClashes(pkg) {
  const out = [];
  const reported = new Set();
  for (const [a, b] of sameNamePairs(packageBindings(pkg))) {
    const why = clashReason(a, b, pkg[0].area);
    const subject = b.spec ? b : a;
    const other = subject === b ? a : b;
    if (!why || !subject.spec || sameOperation(a, b)) continue;
    // (One finding per pair of things, not per name they share: getAsset and GetAsset share both
    // GetAssetParams and GetAssetResult.)
    const key = `${subject.spec.file}${subject.spec.at} ${other.spec ? `${other.spec.file}${other.spec.at}` : other.what}`;
    if (reported.has(key)) continue;
    reported.add(key);
    out.push(
      refusal(
        pkg.find((d) => d?.file === subject.spec.file),
        subject.spec.at,
        "name-clash",
        `"${a.name}" is both ${describe(subject)} and ${describe(other)}: ${why}`,
        subject.spec.name,
      ),
    );
  }
  return out;
}

/** Every two bindings of one name, in the order of `bindings`. */
function* sameNamePairs(bindings) {
  const byName = new Map();
  for (const b of bindings) byName.set(b.name, [...(byName.get(b.name) ?? []), b]);
  for (const group of byName.values())
    for (let i = 0; i < group.length; i++)
      for (let j = i + 1; j < group.length; j++) yield [group[i], group[j]];
}

/** Why two bindings of one name clash, or undefined. */
function clashReason(a, b, area) {
  // (A function's scope: a page walk, which calls its operation by name.)
  if (a.scope === b.scope && !a.scope.startsWith("generated/")) {
    // (Not two of the walk's own parameters, nor its operation twice: two operations of one name
    // have two walks of one name, which operation-name reports once as "used twice".)
    const spec = a.spec ?? b.spec;
    if (!spec || (a.spec && b.spec)) return undefined;
    return `${a.scope} (generated/client.ts) calls ${spec.label} by name, where "${a.name}" names its own parameter: rename the ${spec.label.split(" ")[0]}`;
  }
  if (a.scope === b.scope && meet(a.meaning, b.meaning))
    return `one name cannot be bound twice in ${a.scope}`;
  if (a.exported && b.exported && a.scope !== b.scope)
    return `@chaindata/${area} would export both (TypeScript error TS2308)`;
  return undefined;
}

// A value and a type of one name live side by side (a function and an interface merge).
const meet = (a, b) => a === "both" || b === "both" || a === b;

// (Two operations of one name: operation-name says "used twice" once, not once per binding. One
// spec item bound in two places is no clash either.)
const sameOperation = (a, b) =>
  a.spec &&
  b.spec &&
  (a.spec === b.spec ||
    (a.spec.kind === "operation" && b.spec.kind === "operation" && a.spec.name === b.spec.name));

const describe = (b) =>
  b.spec ? `${b.spec.label}'s ${b.what} (${b.scope})` : `${b.what} (${b.scope})`;

// ---------------------------------------------------------------- parameters and bodies

/**
 * Why a request member's name cannot be one, or undefined: `__proto__` sets an object literal's
 * prototype; any other member of Object.prototype (`constructor`, `toString`, `valueOf`, …) is one
 * every object already has, so TypeScript reads it as that member (a Function) on every value given
 * for the generated params type, and refuses every call, `{}` included.
 */
function memberNameProblem(name) {
  if (name === "__proto__") return "cannot be a member of the generated objects; rename it";
  if (typeof name === "string" && Object.hasOwn(Object.prototype, name))
    return `is a member of every object (Object.prototype.${name}): TypeScript would refuse every call of the generated input type, \`{}\` included; rename it`;
  return undefined;
}

/**
 * Parameters, by their names and places: `__proto__` cannot be a member of the generated objects
 * (in an object literal it sets the prototype); a REST parameter is in path or query (the flat
 * input carries those; a header or cookie would be dropped), serialized as openapi-fetch sends it,
 * and its body joins the input; a JSON-RPC query option (`x-query-params`) is taken camel-cased
 * beside the params, so its camel-cased name must be free.
 */
function parameters([main]) {
  return main.kind === "openrpc" ? rpcParameters(main) : restParameters(main);
}

/**
 * Parameters that are not objects, and ones with no string name (a JSON-RPC param may be a `$ref`
 * and a REST one too, where its target is read later): each a refusal at its place.
 */
function malformedParams([main]) {
  const lists = []; // [the list, its pointer, what its members are called, who holds it]
  if (main.kind === "openrpc")
    (main.doc.methods ?? []).forEach((m, i) => {
      lists.push([m?.params, `#/methods/${i}/params`, "param", `method ${m?.name}`]);
      lists.push([
        m?.["x-query-params"],
        `#/methods/${i}/x-query-params`,
        "query option",
        `method ${m?.name}`,
      ]);
    });
  else
    for (const [path, item] of Object.entries(main.doc.paths ?? {})) {
      const at = `#/paths/${pointerSegment(path)}`;
      lists.push([item?.parameters, `${at}/parameters`, "parameter", `path ${path}`]);
      // (The operations whose parameters the other rules read: operationsOf's. Another method's
      // operation is the http-method rule's to refuse.)
      for (const method of METHODS)
        lists.push([
          item?.[method]?.parameters,
          `${at}/${method}/parameters`,
          "parameter",
          `operation ${item?.[method]?.operationId}`,
        ]);
    }
  const out = [];
  for (const [list, at, what, holder] of lists)
    (Array.isArray(list) ? list : []).forEach((p, j) => {
      const object = p !== null && typeof p === "object" && !Array.isArray(p);
      if (object && (typeof p.name === "string" || (what !== "query option" && p.$ref))) return;
      out.push(
        object
          ? refusal(main, `${at}/${j}`, "parameter-name", `${holder}: ${what} ${j} has no name`)
          : refusal(
              main,
              `${at}/${j}`,
              "parameter-schema",
              `${holder}: ${what} ${j} is ${JSON.stringify(p) ?? String(p)}, not an object with a name and a schema`,
            ),
      );
    });
  return out;
}

function restParameters(main) {
  const out = [];
  for (const op of operationsOf(main.doc, { lenient: true })) {
    const id = op.o.operationId;
    op.params.forEach((p, i) => {
      const at = op.paramAt[i];
      const say = (rule, message) =>
        out.push(
          refusal(
            main,
            at,
            rule,
            `operation ${id}: parameter ${p.name} in ${p.in}: ${message}`,
            p.name,
          ),
        );
      const nameProblem = memberNameProblem(p.name);
      if (nameProblem) say("parameter-name", `the name ${nameProblem}`);
      if (p.in !== "path" && p.in !== "query")
        say("parameter-in", "not supported (path and query only: the flat input would drop it)");
      else if (p.schema === undefined)
        say(
          "parameter-schema",
          "no schema: its generated type would be `string` and its check would let any value through; give it a `schema` (a `content` parameter is not supported)",
        );
      else {
        const mismatch = serializationMismatch(main.doc, p);
        if (mismatch)
          say(
            "parameter-style",
            `${mismatch} (remove style / explode, or teach scripts/generate/lib/operations.mjs the serialization)`,
          );
      }
    });
    const problem = bodyProblem(main.doc, op);
    if (problem)
      out.push(
        refusal(main, `${op.at}/requestBody`, "request-body", `operation ${id}: ${problem}`, id),
      );
    else if (op.body)
      for (const field of Object.keys(deref(main.doc, op.body.schema)?.properties ?? {})) {
        const nameProblem = memberNameProblem(field);
        if (nameProblem)
          out.push(
            refusal(
              main,
              `${op.at}/requestBody`,
              "parameter-name",
              `operation ${id}: body field ${field} ${nameProblem}`,
              id,
            ),
          );
      }
  }
  return out;
}

function rpcParameters(main) {
  const out = [];
  (main.doc.methods ?? []).forEach((m, i) => {
    const at = `#/methods/${i}`;
    const names = new Set();
    (m.params ?? []).forEach((p, j) => {
      const nameProblem = memberNameProblem(p?.name);
      if (nameProblem)
        out.push(
          refusal(
            main,
            `${at}/params/${j}`,
            "parameter-name",
            `method ${m.name}: param ${p.name} ${nameProblem}`,
            p.name,
          ),
        );
      if (p && typeof p === "object" && !p.$ref && p.schema === undefined)
        out.push(
          refusal(
            main,
            `${at}/params/${j}`,
            "parameter-schema",
            `method ${m.name}: param ${p.name} has no schema: its generated type would be \`unknown\` and its check would let any value through; give it a \`schema\``,
            p.name,
          ),
        );
      names.add(p?.name);
    });
    (m["x-query-params"] ?? []).forEach((q, j) => {
      const name = typeof q?.name === "string" ? camel(q.name) : q?.name;
      const say = (message) =>
        out.push(
          refusal(
            main,
            `${at}/x-query-params/${j}`,
            "parameter-name",
            `method ${m.name}: ${message}`,
            q?.name,
          ),
        );
      const nameProblem = memberNameProblem(name);
      if (nameProblem) say(`query option ${q.name} ${nameProblem}`);
      else if (names.has(name))
        say(
          `query option ${q.name} is taken as ${name} beside the params, and that name is taken (a param, or another query option)`,
        );
      names.add(name);
    });
  });
  return out;
}

// ---------------------------------------------------------------- per-call defaults, plain HTTP

/**
 * `x-request-defaults` is read only for the plain-HTTP operations of a JSON-RPC area (rpc.mjs,
 * core's getText): on a REST operation the defaults would be dropped without a word. Its values
 * follow the rules of the call options they stand for (core's checkLimits), which getText does not
 * apply to them: a timeout of "5s" would mean no time limit, a maxRetries of -1 no attempt.
 */
function requestDefaults(pkg) {
  const out = [];
  for (const op of operationsOfPackage(pkg)) {
    const given = op.o?.["x-request-defaults"];
    if (given === undefined) continue;
    const at = `${op.at}/x-request-defaults`;
    const say = (message) =>
      out.push(
        refusal(
          op.d,
          at,
          "request-defaults",
          `operation ${op.name}: x-request-defaults${message}`,
          op.name,
        ),
      );
    if (op.d === pkg[0]) {
      say(
        `: only the plain-HTTP operations of a JSON-RPC area (the sender's ping) take it; ${pkg[0].kind === "openrpc" ? "a JSON-RPC method's" : "a REST area's"} client would ignore it`,
      );
      continue;
    }
    const { "x-source": _provenance, ...defaults } = given ?? {};
    for (const key of Object.keys(defaults))
      if (key !== "timeout" && key !== "maxRetries") say(`.${key}: only timeout and maxRetries`);
    const { timeout, maxRetries } = defaults;
    if (timeout !== undefined && !(typeof timeout === "number" && timeout > 0))
      say(`.timeout: must be a number of milliseconds > 0 (got ${JSON.stringify(timeout)})`);
    if (maxRetries !== undefined && !(Number.isInteger(maxRetries) && maxRetries >= 0))
      say(`.maxRetries: must be a whole number >= 0 (got ${JSON.stringify(maxRetries)})`);
  }
  return out;
}

/**
 * The operations of a JSON-RPC area's OpenAPI document are sent by core's `getText`, without
 * openapi-fetch (decision 0008), so only what that call does is accepted: a GET without parameters
 * or body, on the area's host, unauthenticated (`security: []`) on a key-optional host, whose 2xx
 * answer is `text/plain`. Anything else would send or read something else.
 */
function plainHttp([main, http]) {
  if (!http) return [];
  const out = [];
  const host = main.doc.info?.["x-host"];
  if (http.doc.info?.["x-host"] !== host)
    out.push(
      refusal(
        http,
        "#/info/x-host",
        "plain-http",
        `info.x-host must be "${host}", the host of the area's JSON-RPC document`,
      ),
    );
  const ops = operationsOf(http.doc, { lenient: true });
  // (core's getText drops the client's key; only a key-optional host then sends none at all.)
  if (ops.length && main.doc.info?.["x-auth"]?.required !== false)
    out.push(
      refusal(
        http,
        "#/paths",
        "plain-http",
        "plain-HTTP operations join a JSON-RPC area only on a key-optional host (x-auth.required: false); elsewhere the general key would still be sent",
      ),
    );
  for (const op of ops) {
    const say = (message) =>
      out.push(
        refusal(
          http,
          op.at,
          "plain-http",
          `operation ${op.o.operationId ?? op.path}: ${message}`,
          op.o.operationId,
        ),
      );
    if (op.method !== "get" || op.params.length || op.body)
      say(
        "only a GET without parameters or body can join a JSON-RPC area (it is sent by core's getText)",
      );
    const security = op.o.security ?? http.doc.security;
    if (!Array.isArray(security) || security.length)
      say(
        "must be unauthenticated (`security: []`): the plain-HTTP calls of a JSON-RPC area send no key",
      );
    const success = Object.keys(op.o.responses ?? {}).filter((s) => /^2\d\d$/.test(s));
    const media = success.map((s) => deref(http.doc, op.o.responses[s])?.content ?? {});
    if (!media.length || media.some((c) => Object.keys(c).join() !== "text/plain"))
      say("its 2xx responses must be text/plain (and nothing else)");
  }
  return out;
}

/** Operations on `head`, `options` or `trace`: documented, but no client method would call them. */
function uncallable(pkg) {
  return pkg
    .filter((d) => d && d.kind === "openapi")
    .flatMap((d) =>
      uncallableOperations(d.doc).map((u) =>
        refusal(
          d,
          u.at,
          "http-method",
          uncallableMessage(u),
          d.doc.paths[u.path][u.key]?.operationId,
        ),
      ),
    );
}

/**
 * A REST operation's results are read from its success responses by status code (`200`, `201`:
 * operations.mjs successStatuses). A `2XX` range passes the spec checks, but the client would type
 * its result `undefined`, and neither revive its u64 values nor turn its floats back into numbers.
 */
function responseStatuses(pkg) {
  return pkg
    .filter((d) => d && d.kind === "openapi")
    .flatMap((d) =>
      operationsOf(d.doc, { lenient: true }).flatMap((op) =>
        Object.keys(op.o.responses ?? {})
          .filter((status) => /^2xx$/i.test(status))
          .map((status) =>
            refusal(
              d,
              `${op.at}/responses/${status}`,
              "response-status",
              `operation ${op.o.operationId}: responses.${status}: name each success status by its code (200, 201…): the generated client types and reads only those`,
              op.o.operationId,
            ),
          ),
      ),
    );
}

// ---------------------------------------------------------------- what the emitters compile

/**
 * The request schemas, compiled as the generator compiles them (schema.mjs validationSchema, then
 * validator.mjs): a keyword the runtime checks do not translate would otherwise lose its check.
 * Every keyword either refuses is one refusal, at that keyword: the params schema is built with the
 * JSON pointer of each of its parts (operations.mjs), which both carry to what they refuse. (Its
 * message names the path inside the params; `name`, the operation.)
 */
function paramsChecks([main]) {
  const out = [];
  const compile = (schema, at, name, where) =>
    out.push(
      ...collected(main, "params-check", name, at, (refusals) => {
        const params = validationSchema(main.doc, schema, [], where, { refusals });
        createCheckEmitter({ refusals }).emit(params, where);
      }),
    );
  if (main.kind === "openrpc")
    (main.doc.methods ?? []).forEach((m, i) => {
      const at = `#/methods/${i}`;
      if (paramsShape(m) === "array" && m.params?.length !== 1)
        out.push(
          refusal(
            main,
            `${at}/x-params`,
            "params-check",
            "x-params: array requires exactly one param (the array)",
            m.name,
          ),
        );
      else compile(paramsSchema(m, { withQuery: true, at }), at, m.name, `${m.name} params`);
    });
  else
    for (const op of operationsOf(main.doc, { lenient: true }))
      if (!bodyProblem(main.doc, op))
        compile(inputSchema(main.doc, op), op.at, op.o.operationId, `${op.o.operationId} input`);
  return out;
}

/**
 * The u64 shapes of results and deliveries, as descriptor.mjs / rest.mjs compute them (schema.mjs
 * u64Shape): every `additionalProperties` it refuses is one refusal, at that keyword.
 */
function u64Shapes([main]) {
  const out = [];
  // (`at`: the schema's JSON pointer; `operation`'s, where what it refuses has no pointer.)
  const shape = (schema, at, operation, name) =>
    out.push(
      ...collected(main, "u64-shape", name, operation, (refusals) => {
        if (schema) u64Shape(main.doc, schema, [], { at, refusals });
      }),
    );
  if (main.kind === "openrpc")
    (main.doc.methods ?? []).forEach((m, i) =>
      shape(m.result?.schema, `#/methods/${i}/result/schema`, `#/methods/${i}`, m.name),
    );
  else {
    for (const op of operationsOf(main.doc, { lenient: true })) {
      const response = jsonResponseOf(main.doc, op);
      shape(response?.schema, response?.at, op.at, op.o.operationId);
    }
    for (const [name, item] of Object.entries(main.doc.webhooks ?? {})) {
      const at = `#/webhooks/${pointerSegment(name)}/post`;
      shape(
        item?.post?.requestBody?.content?.["application/json"]?.schema,
        `${at}/requestBody/content/application~1json/schema`,
        at,
        name,
      );
    }
  }
  return out;
}
