// Loads spec/dist (index.json + one document per area) into one site model that the
// page renderers share: areas in navigation order, one operation record per JSON-RPC
// method, REST operation and webhook delivery, and one registry of named schemas.
import { existsSync, readFileSync } from "node:fs";
import { parseJson } from "@chaindata/core";
import { join } from "node:path";
import {
  camel,
  canonical,
  deref,
  fileSlug,
  inContext,
  isObj,
  pascal,
  resolvePointer,
  schemaRefName,
} from "./util.mjs";

/**
 * Navigation labels, shorter than the spec's titles ("chaindata ZK-compression API"; the spec
 * names no short one). An area not listed is labelled from its title.
 */
const LABELS = {
  das: "DAS",
  compression: "ZK Compression",
  sender: "Sender",
  wallet: "Wallet",
  admin: "Admin",
  webhooks: "Webhooks",
  "token-metadata": "Token metadata",
  mint: "Mint (compressed NFT)",
};
/**
 * The navigation's order, an editorial choice (the seed's: DAS first). An area not listed comes
 * after these in the spec's order, so a new area needs no edit here; deprecated areas come last.
 */
const ORDER = [
  "das",
  "compression",
  "sender",
  "wallet",
  "admin",
  "webhooks",
  "token-metadata",
  "mint",
];
const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

// Losslessly: u64 examples beyond 2^53 keep every digit (as `bigint`s; pages print them with
// `toJson`). A parse error names the file (JSON.parse's message alone does not).
const readJson = (file) => inContext(file, () => parseJson(readFileSync(file, "utf8")));

/**
 * An area's label: its `LABELS` entry, else its title without "chaindata", "API" and a "(beta)" or
 * "(deprecated)" mark, with a capital first letter as the navigation's others have; a title that
 * gives no more than the area's name ("chaindata priority-fee API") is read as words, "Priority
 * fee".
 */
export function labelFor(area, title) {
  if (LABELS[area]) return LABELS[area];
  const label =
    String(title ?? area)
      .replace(/^chaindata\s+/i, "")
      .replace(/\s*\((beta|deprecated)\)\s*$/i, "")
      .replace(/\s+API$/i, "") || area;
  return (label === area ? label.replace(/[-_]+/g, " ") : label).replace(/^[a-z]/, (c) =>
    c.toUpperCase(),
  );
}

/**
 * The area entries of index.json. None at all is a broken spec, not an empty API: the site
 * would build with "0 operations" and ship without anything.
 */
function areaEntries(index, indexFile) {
  if (!Array.isArray(index.areas) || !index.areas.length)
    throw new Error(`${indexFile} lists no areas ("areas" is ${JSON.stringify(index.areas)})`);
  return index.areas;
}

/**
 * @param {string} specDir  a spec/dist directory
 * @param {{ allowMissing?: boolean }} [opts]  allowMissing: skip (with a warning) an area whose
 *   document is missing, instead of failing
 * @returns the site model
 */
export function loadSite(specDir, { allowMissing = false, localUrl } = {}) {
  const local = localUrl?.replace(/\/+$/, "");
  const indexFile = join(specDir, "index.json");
  if (!existsSync(indexFile)) throw new Error(`no ${indexFile}: run \`npm run spec:bundle\` first`);
  const index = readJson(indexFile);
  const warnings = [];
  const areas = [];
  const listed = new Map(); // area → the kinds of document seen
  for (const entry of areaEntries(index, indexFile)) {
    // An area has one document, or an OpenRPC and an OpenAPI one (the sender: POST /fast and
    // GET /ping), merged into one area page below.
    const file = join(specDir, entry.file);
    const present = existsSync(file);
    const doc = present ? readJson(file) : undefined;
    // (An entry without `kind` is its document's kind, as loadArea reads it: else a second
    // OpenRPC document of one area passed as "?" and the area was built twice.)
    const kind = entry.kind ?? (present ? (doc?.openrpc ? "openrpc" : "openapi") : "?");
    const kinds = listed.get(entry.area) ?? [];
    if (kinds.includes(kind) || kinds.length > 1)
      throw new Error(`${indexFile}: area ${entry.area} is listed twice`);
    listed.set(entry.area, [...kinds, kind]);
    if (!present) {
      // A listed area without its document means a broken bundle: the site would lack a whole API.
      const problem = `area ${entry.area}: ${file} is listed in ${indexFile} but missing`;
      if (!allowMissing) throw new Error(`${problem} (--allow-missing skips it)`);
      warnings.push(`${problem}; skipped`);
      continue;
    }
    areas.push(inContext(file, () => loadArea(entry, doc, index, local)));
  }
  // (After the areas, which keep the spec's own local URL beside the one they show.)
  if (local)
    for (const host of Object.values(index.hosts ?? {}))
      if (host.urls?.local != null) host.urls.local = local;
  mergeAreas(areas);
  const rank = (a) => {
    const i = ORDER.indexOf(a.key);
    return (a.deprecated ? 1000 : 0) + (i < 0 ? 100 + areas.indexOf(a) : i);
  };
  areas.sort((a, b) => rank(a) - rank(b));
  const site = { index, areas, warnings, environments: Object.keys(index.environments ?? {}) };
  if (!site.environments.length) site.environments = ["mainnet", "devnet", "local"];
  registerSchemas(site);
  return site;
}

/**
 * The two documents of one area become one area: the OpenRPC one (its page, protocol and auth),
 * with the OpenAPI one's operations after its methods. Each operation keeps its own document
 * (`op.area` is the part it comes from: its auth, schemas and URL), and `area.parts` lists both.
 */
function mergeAreas(areas) {
  for (const part of [...areas]) {
    const main = areas.find((a) => a.key === part.key && a !== part && a.kind === "openrpc");
    if (!main || part.kind === "openrpc") continue;
    areas.splice(areas.indexOf(part), 1);
    main.parts = [main, part];
    part.main = main;
    main.ops.push(...part.ops);
  }
}

function loadArea(entry, doc, index, local) {
  const kind = entry.kind ?? (doc.openrpc ? "openrpc" : "openapi");
  const info = doc.info ?? {};
  const key = entry.area ?? info["x-area"];
  const hostKey = entry.host ?? info["x-host"];
  const area = {
    key,
    kind,
    doc,
    file: entry.file,
    title: entry.title ?? info.title ?? key,
    label: labelFor(key, entry.title ?? info.title),
    pkg: `@chaindata/${key}`,
    factory: `create${pascal(key)}Client`,
    clientVar: camel(key),
    hostKey,
    host: index.hosts?.[hostKey],
    beta: Boolean(entry.beta || info["x-beta"]),
    info,
    rpcPath: info["x-path"],
    auth: authOf(doc, kind, index.hosts?.[hostKey]),
    servers: serversOf(doc, hostKey, index, local),
    ops: [],
    deliveries: [],
  };
  area.ops = kind === "openrpc" ? rpcOps(area) : restOps(area);
  area.deliveries = kind === "openapi" ? deliveryOps(area) : [];
  for (const op of area.ops) inheritRateLimit(op, area);
  const all = area.ops;
  area.deprecated =
    (all.length > 0 && all.every((o) => o.deprecated)) || /\(deprecated\)/i.test(area.title);
  return area;
}

/**
 * Base URL of the area's host per environment (null where the host is not available); `local`,
 * where the mock really is (`npm start` on another port), replaces the spec's local URL, which is
 * kept as `specLocal`.
 */
function serversOf(doc, hostKey, index, local) {
  const servers = doc.servers ?? [];
  const main = servers.find((s) => s["x-environments"]) ?? servers[0];
  const urls = {};
  const fromIndex = index.hosts?.[hostKey]?.urls ?? {};
  const envs = new Set([
    ...Object.keys(index.environments ?? {}),
    ...Object.keys(main?.["x-environments"] ?? {}),
    ...Object.keys(fromIndex),
  ]);
  for (const env of envs) {
    let url = main?.["x-environments"]?.[env];
    if (url === undefined) url = fromIndex[env];
    if (url === undefined) {
      const local = servers.find((s) => s["x-environment"] === env);
      if (local) url = local.url;
    }
    urls[env] = url == null ? null : String(url).replace(/\/+$/, "");
  }
  if (!Object.keys(urls).length && main?.url) {
    urls.mainnet = main.url
      .replace(/\{(\w+)\}/g, (_, v) => main.variables?.[v]?.default ?? v)
      .replace(/\/+$/, "");
  }
  const specLocal = urls.local;
  if (local && urls.local != null) urls.local = local;
  return {
    urls,
    specLocal,
    source: main?.["x-source"],
    regions: main?.["x-regions"] ?? index.hosts?.[hostKey]?.["x-regions"],
    description: main?.description,
    list: servers,
  };
}

/** How the API key travels: a list of alternatives, first = the one the snippets use. */
function authOf(doc, kind, host) {
  if (kind === "openrpc") {
    const a =
      doc.info?.["x-auth"] ??
      (host?.auth
        ? { in: "query", name: host.auth.query, required: host.auth.required }
        : undefined);
    return a
      ? {
          required: a.required !== false,
          ways: [{ in: a.in ?? "query", name: a.name ?? "api-key" }],
        }
      : { required: false, ways: [] };
  }
  return restAuth(doc, doc.security);
}

function restAuth(doc, security) {
  const ways = [];
  let required = Array.isArray(security) && security.length > 0;
  for (const req of security ?? []) {
    if (!Object.keys(req).length) required = false; // `{}` = anonymous allowed
    for (const name of Object.keys(req)) {
      const scheme = doc.components?.securitySchemes?.[name];
      if (!scheme) continue;
      if (scheme.type === "apiKey")
        ways.push({
          in: scheme.in,
          name: scheme.name,
          description: scheme.description,
          source: scheme["x-source"],
        });
      else if (scheme.type === "http")
        ways.push({
          in: "header",
          name: "Authorization",
          scheme: scheme.scheme,
          description: scheme.description,
        });
    }
  }
  return { required, ways };
}

// ---------------------------------------------------------------- JSON-RPC methods
function rpcOps(area) {
  const doc = area.doc;
  const errorInfo = doc["x-error-info"] ?? {};
  // The JSON-RPC 2.0 protocol errors the endpoint answers whatever the method (the bundler copies
  // them from spec/openrpc/_shared.yaml, with the area's HTTP status for each).
  const protocolErrors = (doc["x-protocol-errors"] ?? []).map((e) => ({
    name: e.name,
    code: e.code,
    message: e.message,
    httpStatus: e.httpStatus,
    source: e["x-source"],
  }));
  const methods = doc.methods ?? [];
  if (!Array.isArray(methods)) throw new Error(`"methods" must be an array`);
  return methods.map((raw, i) =>
    inContext(`method ${raw?.name ?? `#${i}`}`, () => rpcOp(area, raw, errorInfo, protocolErrors)),
  );
}

/** Example params must name a declared param or query option: any other is dropped silently. */
function checkExampleParams(examples, params, queryParams) {
  const names = new Set([...params, ...queryParams].map((p) => p.name));
  for (const ex of examples)
    for (const p of ex.params ?? [])
      if (!names.has(p?.name))
        throw new Error(
          `example ${ex.name ?? "(unnamed)"} gives param ${JSON.stringify(p?.name)}, which the method does not declare (${[...names].join(", ") || "no params"})`,
        );
}

function rpcOp(area, raw, errorInfo, protocolErrors = []) {
  const doc = area.doc;
  const m = isObj(raw) && raw.$ref ? resolvePointer(doc, raw.$ref) : raw;
  if (!isObj(m) || typeof m.name !== "string" || !m.name)
    throw new Error('a method needs a "name" (it names the page and the SDK method)');
  const params = (m.params ?? []).map((p) => (p.$ref ? resolvePointer(doc, p.$ref) : p));
  const structure =
    m["x-params"] === "array"
      ? "array"
      : m.paramStructure === "by-position"
        ? "positional"
        : "object";
  const result = m.result?.$ref ? resolvePointer(doc, m.result.$ref) : m.result;
  const errors = (m.errors ?? []).map((e) => {
    const name = e.$ref ? e.$ref.split("/").pop() : undefined;
    const err = e.$ref ? resolvePointer(doc, e.$ref) : e;
    const info = errorInfo[String(err.code)] ?? {};
    return {
      name,
      code: err.code,
      message: err.message,
      data: err.data,
      description: err.description,
      httpStatus: info.httpStatus,
      source: info["x-source"] ?? err["x-source"],
    };
  });
  const examples = (m.examples ?? []).map((x) => (x.$ref ? resolvePointer(doc, x.$ref) : x));
  checkExampleParams(examples, params, m["x-query-params"] ?? []);
  return {
    ...common(area, m, m.name),
    transport: "rpc",
    method: "POST",
    rpc: {
      structure,
      paramStructure: m.paramStructure ?? "either",
      params,
      queryParams: m["x-query-params"] ?? [],
      result,
      errors,
      protocolErrors,
      examples,
    },
  };
}

function common(area, o, id) {
  return {
    area,
    id,
    slug: fileSlug(id),
    href: `${area.key}/${fileSlug(id)}.html`,
    summary: o.summary ?? "",
    description: o.description ?? "",
    deprecated: Boolean(o.deprecated),
    replacedBy: o["x-replaced-by"],
    beta: Boolean(o["x-beta"] || area.beta),
    cost: o["x-cost"],
    rateLimit: o["x-rate-limit"],
    idempotent: o["x-idempotent"],
    pagination: o["x-pagination"],
    source: o["x-source"],
    tags: o.tags ?? [],
    raw: o,
  };
}

/**
 * An operation without an `x-rate-limit` of its own takes its area's `info.x-rate-limit` (DAS, ZK
 * compression: the plans' limits, for all their methods), marked `stated: "area"`: the area's
 * page gives it. (A delivery is the service's call, limited by nothing of ours.)
 */
function inheritRateLimit(op, area) {
  const limit = area.info["x-rate-limit"];
  if (op.rateLimit || !limit) return;
  op.rateLimit = {
    ...limit,
    ...(limit.plans && { plans: Object.entries(limit.plans) }),
    stated: "area",
  };
}

// ---------------------------------------------------------------- REST operations
function paramsOf(doc, item, o) {
  const byKey = new Map();
  for (const p of [...(item.parameters ?? []), ...(o.parameters ?? [])]) {
    const r = p.$ref ? { ...resolvePointer(doc, p.$ref), ...withoutRef(p) } : p;
    byKey.set(`${r.in}:${r.name}`, r);
  }
  return [...byKey.values()];
}
const withoutRef = (o) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== "$ref"));

function bodyOf(doc, o) {
  if (!o.requestBody) return undefined;
  const rb = o.requestBody.$ref ? resolvePointer(doc, o.requestBody.$ref) : o.requestBody;
  const [contentType, media] =
    Object.entries(rb.content ?? {}).find(([t]) => /json/.test(t)) ??
    Object.entries(rb.content ?? {})[0] ??
    [];
  return {
    required: Boolean(rb.required),
    description: rb.description,
    source: rb["x-source"],
    contentType,
    schema: media?.schema,
    examples: namedExamples(doc, media),
  };
}

/** `examples` (named, refs resolved) or a lone `example` of a media type / parameter. */
export function namedExamples(doc, holder) {
  if (!holder) return [];
  const out = [];
  for (const [name, ex] of Object.entries(holder.examples ?? {})) {
    const e = ex?.$ref ? { ...resolvePointer(doc, ex.$ref), ...withoutRef(ex) } : ex;
    out.push({
      name,
      summary: e?.summary,
      description: e?.description,
      value: e?.value,
      external: e?.externalValue,
    });
  }
  if (!out.length && holder.example !== undefined)
    out.push({ name: "example", value: holder.example });
  return out;
}

function responsesOf(doc, o) {
  return Object.entries(o.responses ?? {}).map(([status, r0]) => {
    const r = r0.$ref ? { ...resolvePointer(doc, r0.$ref), ...withoutRef(r0) } : r0;
    const [contentType, media] =
      Object.entries(r.content ?? {}).find(([t]) => /json/.test(t)) ??
      Object.entries(r.content ?? {})[0] ??
      [];
    const headers = Object.entries(r.headers ?? {}).map(([name, h0]) => {
      const h = h0.$ref ? resolvePointer(doc, h0.$ref) : h0;
      return {
        name,
        description: h.description,
        schema: h.schema,
        required: h.required,
        source: h["x-source"],
        examples: namedExamples(doc, h),
      };
    });
    return {
      status,
      description: r.description ?? "",
      source: r["x-source"],
      contentType,
      schema: media?.schema,
      examples: namedExamples(doc, media),
      headers,
      ref: r0.$ref?.split("/").pop(),
    };
  });
}

/** Every `{name}` of a path template needs its path parameter, or the page and snippet omit it. */
function checkPathParams(path, params) {
  const declared = new Set(params.filter((p) => p.in === "path").map((p) => p.name));
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g))
    if (!declared.has(name)) throw new Error(`{${name}} has no path parameter "${name}"`);
}

function restOps(area) {
  const doc = area.doc;
  const ops = [];
  const paths = doc.paths ?? {};
  if (!isObj(paths)) throw new Error(`"paths" must be an object`);
  for (const [path, item0] of Object.entries(paths)) {
    const item = item0.$ref ? resolvePointer(doc, item0.$ref) : item0;
    for (const method of HTTP_METHODS) {
      const o = item[method];
      if (!isObj(o)) continue;
      const id = o.operationId ?? `${method}${pascal(path)}`;
      ops.push(
        inContext(`${method.toUpperCase()} ${path}`, () => {
          const params = paramsOf(doc, item, o);
          checkPathParams(path, params);
          return {
            ...common(area, o, id),
            transport: "rest",
            method: method.toUpperCase(),
            path,
            rest: {
              params,
              body: bodyOf(doc, o),
              responses: responsesOf(doc, o),
              auth: o.security ? restAuth(doc, o.security) : area.auth,
            },
          };
        }),
      );
    }
  }
  return ops;
}

/** OpenAPI 3.1 top-level `webhooks`: what the service POSTs to the receiver. */
function deliveryOps(area) {
  const doc = area.doc;
  const ops = [];
  const webhooks = doc.webhooks ?? {};
  if (!isObj(webhooks)) throw new Error(`"webhooks" must be an object`);
  for (const [name, item0] of Object.entries(webhooks)) {
    const item = item0.$ref ? resolvePointer(doc, item0.$ref) : item0;
    for (const method of HTTP_METHODS) {
      const o = item[method];
      if (!isObj(o)) continue;
      const id = o.operationId ?? `${name}Delivery`;
      const base = common(area, o, id);
      ops.push(
        inContext(`webhook ${name}`, () => ({
          ...base,
          beta: Boolean(o["x-beta"] || area.beta),
          transport: "delivery",
          deliveryName: name,
          method: method.toUpperCase(),
          path: undefined,
          rest: {
            params: paramsOf(doc, item, o),
            body: bodyOf(doc, o),
            responses: responsesOf(doc, o),
            auth: o.security ? restAuth(doc, o.security) : { required: false, ways: [] },
          },
        })),
      );
    }
  }
  return ops;
}

// ---------------------------------------------------------------- named schemas
/**
 * One page per schema name. The bundler copies a shared schema into every area that
 * uses it, so equal copies share a page; a copy that differs gets its own page
 * (`Name-area`).
 */
function registerSchemas(site) {
  const pages = new Map(); // id → { id, name, areas, schema, doc, area }
  const byName = new Map(); // name → [{ canon, id }]
  const parts = site.areas.flatMap((a) => a.parts ?? [a]);
  for (const area of parts) {
    area.schemaIds = {};
    for (const [name, schema] of Object.entries(area.doc.components?.schemas ?? {})) {
      const canon = canonical(schema);
      const copies = byName.get(name) ?? [];
      let hit = copies.find((c) => c.canon === canon);
      if (!hit) {
        const id = copies.length ? fileSlug(`${name}-${area.key}`) : fileSlug(name);
        hit = { canon, id };
        copies.push(hit);
        byName.set(name, copies);
        pages.set(id, {
          id,
          name,
          schema,
          area,
          areas: [],
          usedBy: new Set(),
          refBy: new Set(),
          href: `schemas/${id}.html`,
        });
      }
      pages.get(hit.id).areas.push(area);
      area.schemaIds[name] = hit.id;
    }
  }
  site.schemas = pages;
  // Who uses what: every named schema reachable from an operation, and direct schema → schema refs.
  for (const page of pages.values()) {
    for (const name of directRefs(page.schema)) {
      const id = page.area.schemaIds[name];
      if (id && id !== page.id) pages.get(id).refBy.add(page.id);
    }
  }
  for (const area of site.areas) {
    for (const op of [...area.ops, ...area.deliveries]) {
      op.schemaIds = new Set();
      const roots = [];
      if (op.rpc) {
        for (const p of [...op.rpc.params, ...op.rpc.queryParams]) roots.push(p.schema);
        roots.push(op.rpc.result?.schema);
      } else {
        for (const p of op.rest.params) roots.push(p.schema);
        roots.push(op.rest.body?.schema);
        for (const r of op.rest.responses) roots.push(r.schema);
      }
      const seen = new Set();
      const visit = (node) => {
        for (const name of directRefs(node)) {
          if (seen.has(name)) continue;
          seen.add(name);
          // (The operation's own document: a merged area has two, see mergeAreas.)
          const id = op.area.schemaIds[name];
          if (!id) continue;
          op.schemaIds.add(id);
          visit(op.area.doc.components.schemas[name]);
        }
      };
      for (const r of roots) visit(r);
      for (const id of op.schemaIds) pages.get(id).usedBy.add(op);
    }
  }
}

/** Names of the schemas a node references directly (not through other named schemas). */
export function directRefs(node, out = new Set()) {
  if (Array.isArray(node)) node.forEach((n) => directRefs(n, out));
  else if (isObj(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref") {
        const name = schemaRefName(v);
        if (name) out.add(name);
      } else if (k !== "examples" && k !== "default" && k !== "const" && k !== "enum")
        directRefs(v, out);
    }
  }
  return out;
}

export { deref };
