/**
 * What the areas of the spec serve: the documents Prism answers from, the JSON-RPC methods of
 * each endpoint, the area of each REST operation, and where each area is served (the start-up
 * banner, `MockServer.areas`).
 */
import { convertOpenApi, convertOpenRpc, type RpcMethod } from "./convert.js";
import type { ExampleExchange } from "./echo.js";
import { pagingOf, type Paging } from "./paging.js";
import { resolveRef, type LoadedSpec } from "./spec.js";

/** One line of the start-up banner: where an area is served. */
export interface AreaUrl {
  /** The area, e.g. `das`, `wallet`. */
  area: string;
  /** The SDK host the area lives on (`rpc`, `wallet`, …): the key of `baseUrls`. */
  host: string;
  /** Whether the area is a JSON-RPC (OpenRPC) or a REST (OpenAPI) document. */
  kind: "openrpc" | "openapi";
  /** `POST http://127.0.0.1:4010/` or `http://127.0.0.1:4010/v1/wallet`. */
  url: string;
  /** Method names (JSON-RPC) or `GET /path` (REST). */
  operations: string[];
}

/** endpoint path (`/`, `/fast`) → method name → method. */
export type RpcEndpoints = Map<string, Map<string, RpcMethod>>;

/**
 * The OpenAPI documents handed to Prism (one generated per OpenRPC area, see convert.ts), and
 * the JSON-RPC methods of each endpoint (the first area to list a name keeps it).
 */
export function prismDocuments(spec: LoadedSpec): { documents: any[]; endpoints: RpcEndpoints } {
  const documents: any[] = [];
  const endpoints: RpcEndpoints = new Map();
  for (const area of spec.areas) {
    if (area.kind === "openrpc") {
      const { openapi, methods } = convertOpenRpc(area);
      documents.push(openapi);
      for (const m of methods) {
        const byName = endpoints.get(m.endpoint) ?? new Map<string, RpcMethod>();
        if (!byName.has(m.name)) byName.set(m.name, m);
        endpoints.set(m.endpoint, byName);
      }
    } else {
      documents.push(convertOpenApi(area));
    }
  }
  return { documents, endpoints };
}

/**
 * The examples of each operation of the documents handed to Prism (prismDocuments: unsafe
 * integers as markers, as Prism answers them), by JSON-RPC method name or REST operationId: each
 * 200 example's result, with the request example of the same name (a pairing), if there is one.
 */
export function exampleExchanges(documents: any[]): Map<string, ExampleExchange[]> {
  const exchanges = new Map<string, ExampleExchange[]>();
  for (const doc of documents) {
    const resolve = (node: any): any => resolveRef(doc, node);
    for (const [path, item] of Object.entries<any>(doc.paths ?? {}))
      for (const [verb, op] of Object.entries<any>(item ?? {})) {
        if (!HTTP_METHODS.has(verb) || typeof op?.operationId !== "string") continue;
        // (A JSON-RPC method's operation is `POST /__rpc/<area>/<method>`, its examples envelopes.)
        const rpc = path.startsWith("/__rpc/");
        const examplesOf = (node: any) => resolve(node)?.content?.["application/json"]?.examples;
        const requests = examplesOf(op.requestBody) ?? {};
        const list: ExampleExchange[] = [];
        for (const [name, example] of Object.entries<any>(
          examplesOf(op.responses?.["200"]) ?? {},
        )) {
          const result = resolve(example)?.value;
          const request = resolve(requests[name])?.value;
          list.push(
            rpc
              ? { request: request?.params, result: result?.result }
              : { request: request === undefined ? undefined : { body: request }, result },
          );
        }
        const name = rpc ? path.split("/").pop()! : op.operationId;
        if (list.length) exchanges.set(name, [...(exchanges.get(name) ?? []), ...list]);
      }
  }
  return exchanges;
}

/** Which area each REST operation belongs to, by "VERB /path". */
export function restAreaByOperation(spec: LoadedSpec): Map<string, string> {
  const restArea = new Map<string, string>();
  for (const area of spec.areas) {
    if (area.kind !== "openapi") continue;
    for (const [p, item] of Object.entries<any>(area.doc.paths ?? {})) {
      for (const verb of Object.keys(item)) restArea.set(`${verb.toUpperCase()} ${p}`, area.area);
    }
  }
  return restArea;
}

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** The REST operation a request goes to: its operationId, and how it pages, if it does. */
export interface RestRoute {
  operationId: string;
  area: string;
  /** The statuses it has a response for: `200`, `404`, a range (`5XX`), `default`. */
  responses: string[];
  paging?: Paging;
  /**
   * The query parameters an empty value (`?cursor=`) breaks, with the keyword it breaks: Prism
   * reads an empty value as none and takes it, where the spec refuses it (no `allowEmptyValue`).
   */
  emptyRefused?: Map<string, string>;
  /**
   * The example that answers an error status from a range's or `default`'s examples (`5XX`: 500,
   * 503, 504), named by the `error.code` of its value: Prism answers a range's first example
   * whatever status is asked for.
   */
  codeExamples?: Map<number, string>;
}

/**
 * The examples of `responses` that a status of a range (`5XX`) or `default` answers, by the
 * `error.code` of their values: each only where that response is the one Prism answers the code
 * with (not when the code has a response of its own).
 */
export function codeExamples(doc: any, responses: Record<string, any>): Map<number, string> {
  const found = new Map<number, string>();
  for (const [key, raw] of Object.entries(responses)) {
    const examples = resolveRef(doc, raw)?.content?.["application/json"]?.examples ?? {};
    for (const [name, example] of Object.entries<any>(examples)) {
      const code = resolveRef(doc, example)?.value?.error?.code;
      const status = String(code);
      if (typeof code !== "number" || !/^[1-5]\d\d$/.test(status) || found.has(code)) continue;
      const answering = [status, `${status[0]}XX`, "default"].find((k) => k in responses);
      if (answering === key && key !== status) found.set(code, name);
    }
  }
  return found;
}

/**
 * The example that answers `status` from a range's or `default`'s examples (RestRoute
 * `codeExamples`): the one of that code; else, for a status the range answers (none of its own),
 * the one of the range's own status, 500 for a 502 (5XX's general case, "A server-side failure":
 * the spec gives an example of the statuses the docs name only, 500, 503 and 504), whatever the
 * order of the examples. A status with a response of its own is answered from that response.
 */
export const exampleForStatus = (route: RestRoute, status: number): string | undefined =>
  route.codeExamples?.get(status) ??
  (route.responses.includes(String(status))
    ? undefined
    : route.codeExamples?.get(status - (status % 100)));

/**
 * Whether `pattern` (with the u flag, as Prism's ajv compiles it) takes `text`; undefined when it
 * does not compile, which npm run spec:check refuses, and which Prism is left to answer (so that
 * a spec served from --spec-dir with such a pattern does not stop the mock at start-up).
 */
function patternTakes(pattern: string, text: string): boolean | undefined {
  try {
    return new RegExp(pattern, "u").test(text);
  } catch {
    return undefined;
  }
}

/** The keyword of `schema` (a query parameter's) that the empty text breaks, if one does. */
export function emptyBreaks(doc: any, schema: any): string | undefined {
  schema = resolveRef(doc, schema);
  if (!schema || typeof schema !== "object") return undefined;
  const types = [schema.type].flat().filter((t) => typeof t === "string");
  if (types.length && !types.includes("string")) return "type";
  if (typeof schema.minLength === "number" && schema.minLength > 0) return "minLength";
  if (typeof schema.pattern === "string" && patternTakes(schema.pattern, "") === false)
    return "pattern";
  if (Array.isArray(schema.enum) && !schema.enum.includes("")) return "enum";
  // (Alternatives: refused when every one refuses it, by the first one's keyword.)
  const branches: any[] = schema.anyOf ?? schema.oneOf ?? [];
  const each = branches.map((b) => emptyBreaks(doc, b));
  return each.length && each.every(Boolean) ? each[0] : undefined;
}

/**
 * The REST operation of a request, by its method and path, before Prism routes it (a scenario
 * names the operation it applies to; the seed of a generated page depends on the page asked
 * for). A path of literals first (`/v0/webhooks/{id}` does not take `/v0/webhooks/list`).
 */
export function restRoutes(
  spec: LoadedSpec,
): (method: string, pathname: string) => RestRoute | undefined {
  const routes: Array<{ verb: string; pattern: RegExp; params: number; route: RestRoute }> = [];
  for (const area of spec.areas) {
    if (area.kind !== "openapi") continue;
    for (const [path, item] of Object.entries<any>(area.doc.paths ?? {}))
      for (const [verb, op] of Object.entries<any>(item)) {
        if (!HTTP_METHODS.has(verb) || typeof op?.operationId !== "string") continue;
        const schema = op.responses?.["200"]?.content?.["application/json"]?.schema;
        const paging = pagingOf(op["x-pagination"], area.doc, schema);
        const emptyRefused = new Map<string, string>();
        for (const raw of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
          const param = resolveRef(area.doc, raw);
          if (param?.in !== "query" || param.allowEmptyValue === true) continue;
          const keyword = emptyBreaks(area.doc, param.schema);
          if (keyword) emptyRefused.set(param.name, keyword);
        }
        const byCode = codeExamples(area.doc, op.responses ?? {});
        routes.push({
          verb: verb.toUpperCase(),
          pattern: templatePattern(path),
          params: path.split("{").length,
          route: {
            operationId: op.operationId,
            area: area.area,
            responses: Object.keys(op.responses ?? {}),
            ...(paging && { paging }),
            ...(emptyRefused.size && { emptyRefused }),
            ...(byCode.size && { codeExamples: byCode }),
          },
        });
      }
  }
  routes.sort((a, b) => a.params - b.params);
  return (method, pathname) =>
    routes.find((r) => r.verb === method && r.pattern.test(pathname))?.route;
}

/**
 * The HTTP methods the spec serves at a path, for the `Allow` header of a 405: the verbs of the
 * REST paths whose template matches it (`{wallet}` is one segment), and POST at a JSON-RPC
 * endpoint.
 */
export function allowedMethods(
  spec: LoadedSpec,
  endpoints: RpcEndpoints,
): (pathname: string) => string[] {
  const routes = spec.areas
    .filter((area) => area.kind === "openapi")
    .flatMap((area) => Object.entries<any>(area.doc.paths ?? {}))
    .map(([path, item]) => ({
      pattern: templatePattern(path),
      verbs: Object.keys(item)
        .filter((v) => HTTP_METHODS.has(v))
        .map((v) => v.toUpperCase()),
    }));
  return (pathname) => {
    const verbs = routes.filter((r) => r.pattern.test(pathname)).flatMap((r) => r.verbs);
    if (endpoints.has(pathname)) verbs.push("POST");
    return [...new Set(verbs)];
  };
}

/**
 * `/v0/webhooks/{webhookID}` as a RegExp of the paths it matches, a parameter being one segment.
 */
function templatePattern(template: string): RegExp {
  const literals = template.split(/\{[^}]*\}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${literals.join("[^/]+")}$`);
}

/** Where each area is served, with `base` the mock's URL. */
export function areaUrls(spec: LoadedSpec, base: string): AreaUrl[] {
  return spec.areas.map((area) => {
    if (area.kind === "openrpc") {
      const endpoint = area.doc.info?.["x-path"] ?? "/";
      return {
        area: area.area,
        host: area.host,
        kind: area.kind,
        url: `POST ${base}${endpoint}`,
        operations: (area.doc.methods ?? []).map((m: any) => m.name),
      };
    }
    const paths = Object.keys(area.doc.paths ?? {});
    const ops = paths.flatMap((p) =>
      Object.keys(area.doc.paths[p])
        .filter((v) => HTTP_METHODS.has(v))
        .map((v) => `${v.toUpperCase()} ${p}`),
    );
    return {
      area: area.area,
      host: area.host,
      kind: area.kind,
      url: `${base}${commonPrefix(paths)}`,
      operations: ops,
    };
  });
}

function commonPrefix(paths: string[]): string {
  if (!paths.length) return "/";
  const split = paths.map((p) => p.split("/"));
  const out: string[] = [];
  for (let i = 0; ; i++) {
    const seg = split[0]![i];
    if (seg === undefined || seg.includes("{") || !split.every((s) => s[i] === seg)) break;
    out.push(seg);
  }
  return out.join("/") || "/";
}
