// Request snippets: the JSON-RPC / HTTP wire request of an example, a TypeScript call
// with the area's generated client, and curl.
import { camel, deref, isObj, pascal, sdkName, toJson } from "./util.mjs";

export const API_KEY_ENV = "CHAINDATA_API_KEY";

// ---------------------------------------------------------------- TypeScript literals
/**
 * Whether the schema `s` holds an example value of JSON type `kind` ("number" or "string") as a
 * u64 (a bigint in the SDK): a u64 or int64 itself, or through `$ref`s, or a union whose branches
 * that take such a value are all u64s (two u64 branches, a u64 and an object; not a u64 and a
 * string, whose string the SDK sends as a string).
 */
function isU64(doc, s, kind, depth = 0) {
  if (!isObj(s) || depth > 8) return false;
  if (s.format === "uint64" || s.format === "int64") return true;
  if (s.$ref) return isU64(doc, deref(doc, s), kind, depth + 1);
  const list = s.anyOf ?? s.oneOf;
  if (!Array.isArray(list)) return false;
  const taking = list.filter((branch) => takes(doc, branch, kind, depth + 1));
  return taking.length > 0 && taking.every((branch) => isU64(doc, branch, kind, depth + 1));
}

/**
 * Whether the schema `s` may take a value of JSON type `kind`: one without a type may, and a u64
 * either (an integer's example may be its digits, as `isU64` reads a u64 given so).
 */
function takes(doc, s, kind, depth) {
  if (!isObj(s) || depth > 8) return false;
  if (s.format === "uint64" || s.format === "int64") return true;
  if (s.$ref) return takes(doc, deref(doc, s), kind, depth + 1);
  const list = s.anyOf ?? s.oneOf;
  if (Array.isArray(list)) return list.some((branch) => takes(doc, branch, kind, depth + 1));
  if (s.type === undefined) return true;
  const types = [s.type].flat();
  return types.includes(kind) || (kind === "number" && types.includes("integer"));
}

/** The schema of a property / item of `s` (refs, allOf and single nullable branches followed). */
function childSchema(doc, s, key) {
  const seen = new Set();
  const visit = (node) => {
    if (!isObj(node) || seen.has(node)) return undefined;
    seen.add(node);
    if (node.$ref) return visit(deref(doc, node));
    if (key === "[]" && node.items) return node.items;
    if (key !== "[]" && node.properties?.[key]) return node.properties[key];
    for (const sub of [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])]) {
      const hit = visit(sub);
      if (hit) return hit;
    }
    if (key !== "[]" && isObj(node.additionalProperties)) return node.additionalProperties;
    return undefined;
  };
  return visit(s);
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** A TypeScript expression for an example value: unquoted keys, u64 values as bigint literals. */
export function tsLiteral(doc, value, schema, indent = 0) {
  const pad = "  ".repeat(indent + 1);
  const end = "  ".repeat(indent);
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "number")
    return isU64(doc, schema, "number") && Number.isInteger(value) ? `${value}n` : String(value);
  if (typeof value === "string")
    return isU64(doc, schema, "string") && /^\d+$/.test(value)
      ? `${value}n`
      : JSON.stringify(value);
  if (Array.isArray(value)) {
    if (!value.length) return "[]";
    const items = value.map((v) => tsLiteral(doc, v, childSchema(doc, schema, "[]"), indent + 1));
    const flat = `[${items.join(", ")}]`;
    if (flat.length <= 60 && !flat.includes("\n")) return flat;
    return `[\n${items.map((i) => pad + i).join(",\n")}\n${end}]`;
  }
  if (isObj(value)) {
    const entries = Object.entries(value);
    if (!entries.length) return "{}";
    const items = entries.map(
      ([k, v]) =>
        `${IDENT.test(k) ? k : JSON.stringify(k)}: ${tsLiteral(doc, v, childSchema(doc, schema, k), indent + 1)}`,
    );
    return `{\n${items.map((i) => pad + i).join(",\n")}\n${end}}`;
  }
  return toJson(value);
}

// ---------------------------------------------------------------- request model of an example
/** JSON-RPC `params` on the wire for an example's named params. */
export function rpcWireParams(op, exParams) {
  const values = new Map((exParams ?? []).map((p) => [p.name, p.value]));
  const { structure, params } = op.rpc;
  if (structure === "array") return values.get(params[0]?.name) ?? [...values.values()][0] ?? [];
  if (structure === "positional") {
    const out = params.map((p) => (values.has(p.name) ? values.get(p.name) : null));
    while (out.length && out[out.length - 1] === null && !values.has(params[out.length - 1]?.name))
      out.pop();
    return out;
  }
  return Object.fromEntries(
    params.filter((p) => values.has(p.name)).map((p) => [p.name, values.get(p.name)]),
  );
}

/** The `[wire name, value]` pairs of an example's query options (`x-query-params`). */
export function rpcQueryPairs(op, exParams) {
  const names = new Set(op.rpc.queryParams.map((q) => q.name));
  return (exParams ?? []).filter((p) => names.has(p.name)).map((p) => [p.name, p.value]);
}

/** The object (or array) the SDK method takes for an example (query options by their SDK name). */
export function rpcSdkArgs(op, exParams) {
  if (op.rpc.structure === "array")
    return { value: rpcWireParams(op, exParams), schema: op.rpc.params[0]?.schema };
  const query = new Set(op.rpc.queryParams.map((q) => q.name));
  const key = (name) => (query.has(name) ? sdkName(name) : name);
  const value = Object.fromEntries((exParams ?? []).map((p) => [key(p.name), p.value]));
  const schema = {
    type: "object",
    properties: Object.fromEntries(
      [...op.rpc.params, ...op.rpc.queryParams].map((p) => [key(p.name), p.schema]),
    ),
  };
  return { value, schema };
}

/** The request id of the examples: a string, as the spec's `JsonRpcId` (and the SDK) has it. */
export const RPC_ID = "1";

export function rpcBody(op, exParams) {
  return { jsonrpc: "2.0", id: RPC_ID, method: op.id, params: rpcWireParams(op, exParams) };
}

/** A REST request for an example: path / query / header values and body. */
export function restRequest(op, { body, useOptional = false } = {}) {
  const path = {};
  const query = {};
  const headers = {};
  for (const p of op.rest.params) {
    const ex = firstExample(p);
    if (ex === undefined) continue;
    const pageParam = op.pagination && [op.pagination.page, op.pagination.limit].includes(p.name);
    if (!p.required && p.in !== "path" && !useOptional && !pageParam) continue;
    (p.in === "path" ? path : p.in === "query" ? query : p.in === "header" ? headers : {})[p.name] =
      ex;
  }
  return { path, query, headers, body };
}

export function firstExample(p) {
  const named = Object.values(p.examples ?? {})[0];
  if (named && named.value !== undefined) return named.value;
  if (p.example !== undefined) return p.example;
  if (Array.isArray(p.schema?.examples) && p.schema.examples.length) return p.schema.examples[0];
  return undefined;
}

/**
 * The flat SDK input of a REST request: path params, query params and body fields in one object.
 */
export function restSdkArgs(op, req) {
  const value = { ...req.path, ...req.query };
  const properties = Object.fromEntries(op.rest.params.map((p) => [p.name, p.schema]));
  let schema = { type: "object", properties };
  if (isObj(req.body)) {
    Object.assign(value, req.body);
    schema = { allOf: [schema, op.rest.body.schema] };
  }
  return {
    value,
    schema,
    hasInput:
      op.rest.params.some((p) => p.in === "path" || p.in === "query") || Boolean(op.rest.body),
  };
}

export function fillPath(path, values) {
  return path.replace(/\{([^}]+)\}/g, (m, name) =>
    values[name] !== undefined ? encodeURIComponent(String(values[name])) : m,
  );
}

// ---------------------------------------------------------------- snippets
/** The variable name a result goes into. */
export function resultVar(op) {
  if (op.transport === "rpc") {
    const n = camel(op.rpc.result?.name ?? "result").replace(/[^\w$]/g, "");
    return n && IDENT.test(n) ? n : "result";
  }
  const noun = op.id.replace(/^(get|list|create|update|delete)(?=[A-Z])/, "");
  const n = noun.charAt(0).toLowerCase() + noun.slice(1);
  return IDENT.test(n) && !["delete", "new", "class", "function"].includes(n) ? n : "result";
}

/**
 * Strip the pagination cursor and page fields from an example's args (for `.all()`, which starts
 * at the first page). DAS lists name both (`page`, and `cursor` for keyset walks).
 */
function withoutCursor(op, value) {
  if (!isObj(value) || !op.pagination) return value;
  const { cursor, page } = op.pagination;
  return Object.fromEntries(
    Object.entries(value).filter(([key]) => key !== cursor && key !== page),
  );
}

/**
 * The standalone form of an area's package (scripts/generate): the factory of the endpoint its
 * functions take (`createDasRpc`, `createWalletRest`), the endpoint's type and the variable the
 * snippets hold it in. (The sender's `ping` comes from its OpenAPI part: the package is the
 * JSON-RPC one's.)
 */
export function standaloneOf(area) {
  const main = area.main ?? area;
  const rpc = main.kind === "openrpc";
  const name = `${pascal(main.key)}${rpc ? "Rpc" : "Rest"}`;
  return { factory: `create${name}`, type: name, handle: rpc ? "rpc" : "rest" };
}

/** Making `v` with `factory` as the operation's auth asks, and its deprecation, as lines. */
function clientLines(op, v, factory) {
  const lines = [];
  // An operation that takes no key at all (the sender's ping: `security: []`).
  if (op.rest && !op.rest.auth.ways.length)
    lines.push(`// This call sends no API key.`, `const ${v} = ${factory}();`);
  else if (op.area.auth.required === false)
    lines.push(
      `// No API key needed; with a custom limit, pass { apiKey } (${API_KEY_ENV} is not read).`,
      `const ${v} = ${factory}();`,
    );
  else lines.push(`const ${v} = ${factory}({ apiKey: process.env.${API_KEY_ENV} });`);
  if (op.deprecated)
    lines.push(
      `// Deprecated${op.replacedBy ? `: use ${op.replacedBy} instead` : ""}. The SDK warns once per process.`,
    );
  return lines;
}

/** The params of a call as written, or "" for an operation that takes none. */
const callArgs = (op, args) =>
  args.hasInput === false && (!isObj(args.value) || !Object.keys(args.value).length)
    ? ""
    : tsLiteral(op.area.doc, args.value, args.schema);

/**
 * The call of `tsSnippet` in the standalone form: the package's function of the operation on the
 * endpoint of `create<Area>Rpc()` / `create<Area>Rest()`, so that a bundle carries that function
 * alone (an area page's "Standalone functions").
 */
export function standaloneSnippet(op, args) {
  const { factory, handle } = standaloneOf(op.area);
  const pkg = (op.area.main ?? op.area).pkg;
  let out = resultVar(op);
  if ([handle, factory, op.id].includes(out)) out = "result";
  const call = callArgs(op, args);
  return [
    `import { ${factory}, ${op.id} } from "${pkg}";`,
    "",
    ...clientLines(op, handle, factory),
    `const ${out} = await ${op.id}(${handle}${call ? `, ${call}` : ""});`,
  ].join("\n");
}

/**
 * `print`: the snippet ends by printing its result (Getting started's first program); `walk:
 * false` leaves out a paginated operation's `.all()` loop (an area page's quick start: one call).
 */
export function tsSnippet(op, args, { print = false, walk = true } = {}) {
  const area = op.area;
  const doc = area.doc;
  const v = area.clientVar;
  const lines = [`import { ${area.factory} } from "${area.pkg}";`, ""];
  let out = resultVar(op);
  if (out === v || out === area.factory) out = "result";
  lines.push(...clientLines(op, v, area.factory));
  const call = callArgs(op, args);
  lines.push(`const ${out} = await ${v}.${op.id}(${call});`);
  if (print) lines.push(`console.log(${out});`);
  if (op.pagination && walk) {
    const rest = withoutCursor(op, args.value);
    lines.push(
      "",
      `// Every item, page after page (${op.pagination.style} pagination):`,
      `for await (const item of ${v}.${op.id}.all(${tsLiteral(doc, rest, args.schema)})) {`,
      `  console.log(item);`,
      `}`,
    );
  }
  return lines.join("\n");
}

/**
 * `tsSnippet`'s program pointed at the local mock (`npm start`'s, at the URL the site was built
 * with): its client made with `environment: "local"`, and, since `local` means the spec's URL, a
 * mock elsewhere given as the host's base URL too. No API key: in `local` the client sends the
 * placeholder the mock accepts, and never reads the real key from the environment. Shown beside
 * each request example (and Getting started's step 3), so a reader can run any of them against
 * the mock as it stands.
 */
export function localMockSnippet(ts, area) {
  const { urls, specLocal } = area.servers;
  const options =
    urls.local === specLocal
      ? '({ environment: "local" })'
      : `({ environment: "local", baseUrls: { ${area.hostKey}: ${JSON.stringify(urls.local)} } })`;
  // (The client's options, with the key or none: the first factory call's.)
  const factoryCall = new RegExp(
    `(\\b${area.factory})(?:\\(\\{ apiKey: process\\.env\\.\\w+ \\}\\)|\\(\\))(?=;\\n)`,
  );
  if (!factoryCall.test(ts)) throw new Error(`no ${area.factory}(…) to point at the local mock`);
  return ts.replace(factoryCall, `$1${options}`);
}

const shq = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

function endpointUrl(area, op, env = "mainnet") {
  const base = area.servers.urls[env] ?? Object.values(area.servers.urls).find(Boolean) ?? "";
  if (op.transport === "rpc") return `${base}${area.rpcPath ?? "/"}`;
  return base;
}

// The local mock answers 401 without a key but accepts any value: like the SDK in the `local`
// environment, the snippets send the placeholder `local` there.
function authParts(auth, { env }) {
  const way = auth.ways[0];
  if (!way) return { query: [], headers: [] };
  const value = env === "local" ? "local" : `$${API_KEY_ENV}`;
  if (way.in === "header") return { query: [], headers: [`${way.name}: ${value}`] };
  if (way.in === "query") return { query: [[way.name, value]], headers: [] };
  return { query: [], headers: [] };
}

const qs = (pairs) =>
  pairs.length
    ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${String(v).startsWith("$") ? v : encodeURIComponent(typeof v === "string" ? v : toJson(v))}`).join("&")}`
    : "";

/** `query`: the example's query options (`rpcQueryPairs`), sent before the key. */
export function curlRpc(op, body, { env = "mainnet", query = [] } = {}) {
  const area = op.area;
  const a = area.auth.required ? authParts(area.auth, { env }) : { query: [], headers: [] };
  const url = `${endpointUrl(area, op, env)}${qs([...query, ...a.query])}`;
  const lines = [`curl -sS -X POST "${url}"`, `  -H "Content-Type: application/json"`];
  for (const h of a.headers) lines.push(`  -H "${h}"`);
  lines.push(`  -d ${shq(toJson(body, 2))}`);
  return lines.join(" \\\n");
}

export function curlRest(op, req, { env = "mainnet" } = {}) {
  const area = op.area;
  const a = authParts(op.rest.auth ?? area.auth, { env });
  const url = `${endpointUrl(area, op, env)}${fillPath(op.path, req.path)}${qs([...Object.entries(req.query), ...a.query])}`;
  const lines = [`curl -sS -X ${op.method} "${url}"`];
  for (const h of a.headers) lines.push(`  -H "${h}"`);
  for (const [k, v] of Object.entries(req.headers)) lines.push(`  -H ${shq(`${k}: ${v}`)}`);
  if (req.body !== undefined) {
    lines.push(`  -H "Content-Type: ${op.rest.body?.contentType ?? "application/json"}"`);
    lines.push(`  -d ${shq(toJson(req.body, 2))}`);
  }
  return lines.join(" \\\n");
}

/** curl that simulates a webhook delivery against your own receiver. */
/**
 * The path a delivery page's receiver listens on behind Express, and its curl posts to (the
 * node:http one takes any path): one constant, so that the page's curl reaches its own recipe.
 */
export const RECEIVER_PATH = "/webhooks/chaindata";

export function curlDelivery(op, body) {
  const auth = op.rest.auth.ways.find((w) => w.in === "header");
  const lines = [
    `curl -sS -X ${op.method} "http://127.0.0.1:3000${RECEIVER_PATH}"`,
    `  -H "Content-Type: application/json"`,
  ];
  if (auth) lines.push(`  -H "${auth.name}: <your authHeader>"`);
  lines.push(`  -d ${shq(toJson(body, 2))}`);
  return lines.join(" \\\n");
}
