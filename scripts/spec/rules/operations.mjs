// The operations of a bundled document (listOperations: an OpenRPC document's methods, an OpenAPI
// document's path operations), which most rules go through, and the rules about an operation's own
// extensions and names: `x-pagination`, `x-all-of`, `x-dependent-schemas` and `x-renamed-from` name
// params and result properties that exist, where the generator reads them
// (checkOperationExtensions); a JSON-RPC method name is unique per area, host and endpoint path, a
// REST operationId across areas (checkOperationNames). A misspelt name here compiles into a client
// that reads a missing property or silently drops a rule; a clash makes a method unreachable.
import { statSync } from "node:fs";
import { pointerSegment } from "../../generate/lib/schema.mjs";
import { mistakeId, NAME_USED_TWICE } from "../../lib/mistake-ids.mjs";
import { formatPosition, sourcePosition, specFile } from "../../lib/spec-sources.mjs";
import { deref, propertyAt, schemaBranches, schemaTypes } from "./schema-walk.mjs";

export const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

/** The operations of one bundled document: [{ area, kind, id, wire, operation }]. */
export function listOperations({ area, kind, doc }) {
  if (kind === "openrpc") {
    const path = doc.info["x-path"] ?? "/";
    return (doc.methods ?? []).map((m) => ({
      area,
      kind,
      id: m.name,
      wire: `POST ${path} ${m.name}`,
      operation: m,
    }));
  }
  const ops = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      if (item[method])
        ops.push({
          area,
          kind,
          id: item[method].operationId,
          wire: `${method.toUpperCase()} ${path}`,
          operation: item[method],
          path,
          method,
        });
    }
  }
  return ops;
}

/**
 * The parameters of a REST operation (listOperations' `op`): its path item's, then its own, each
 * through its `$ref`.
 */
export const operationParameters = (doc, op) =>
  [...(doc.paths[op.path].parameters ?? []), ...(op.operation.parameters ?? [])].map((p) =>
    deref(doc, p),
  );

/**
 * The JSON path of an operation, its name in brackets: `#/methods/2 (getAssetsByOwner)`,
 * `#/paths/~1v1~1x/get (getX)`.
 */
export function operationPath({ kind, doc }, op) {
  return kind === "openrpc"
    ? `#/methods/${doc.methods.indexOf(op.operation)} (${op.id})`
    : `#/paths/${pointerSegment(op.path)}/${op.method} (${op.id})`;
}

/**
 * The names the operation extensions use are real: `x-pagination`'s `page`, `limit`, `cursor` and
 * `keyset` name request params, its `items`, `skipped`, `nextCursor`, `hasMore`, `echoedPage` and
 * `echoedLimit` properties of the result (dot-separated paths; `items` and `skipped` arrays,
 * `hasMore` a boolean, `echoedPage` and `echoedLimit` integers), its `keysetWhen.param` a param
 * path whose value `equals` can be, `x-dependent-schemas`' keys and excluded names, and the members
 * the `if` and `then` of each `x-all-of` rule name, name params. A misspelling would otherwise
 * compile into a client that reads a missing property, or silently drops a rule between params.
 * Both OpenRPC methods and REST operations (REST params: path and query parameters), except
 * `x-dependent-schemas`, `x-all-of` and `x-renamed-from`, which only a JSON-RPC method may have
 * (nothing reads a REST operation's; nor those of an `x-params: array` method, whose one param is
 * the array).
 */
export function checkOperationExtensions(r) {
  const { area, kind, doc } = r;
  const findings = [];
  for (const op of listOperations(r)) {
    const o = op.operation;
    const at =
      kind === "openrpc" ? `${area} ${operationPath(r, op)}` : `${area} ${op.wire} (${op.id})`;
    const params = new Set(
      kind === "openrpc"
        ? (o.params ?? []).map((p) => p.name)
        : operationParameters(doc, op)
            .filter((p) => p?.in === "query" || p?.in === "path")
            .map((p) => p.name),
    );
    const p = o["x-pagination"];
    if (p !== undefined) {
      checkPagination(p, at, findings);
      const result =
        kind === "openrpc"
          ? o.result?.schema
          : Object.entries(o.responses ?? {})
              .filter(([status]) => status.startsWith("2"))
              .map(([, res]) => deref(doc, res)?.content?.["application/json"]?.schema)
              .find(Boolean);
      for (const key of ["page", "limit", "cursor"])
        if (typeof p[key] === "string" && !params.has(p[key]))
          findings.push(
            `${at}: x-pagination.${key}: "${p[key]}" is not a param of the operation (params: ${[...params].join(", ")})`,
          );
      for (const name of Array.isArray(p.keyset) ? p.keyset : [])
        if (!params.has(name))
          findings.push(`${at}: x-pagination.keyset: "${name}" is not a param of the operation`);
      for (const [key, type] of [
        ["items", "array"],
        ["skipped", "array"],
        ["nextCursor", undefined],
        ["hasMore", "boolean"],
        ["echoedPage", "integer"],
        ["echoedLimit", "integer"],
      ]) {
        if (typeof p[key] !== "string") continue;
        const target = propertyAt(doc, result, p[key])?.schema;
        if (!target)
          findings.push(
            `${at}: x-pagination.${key}: "${p[key]}" is not a property of the result (paths are dot-separated, from the result)`,
          );
        else if (type && !schemaTypes(doc, target).has(type))
          findings.push(
            `${at}: x-pagination.${key}: "${p[key]}" is not ${type === "boolean" ? "a boolean" : `an ${type}`}`,
          );
      }
      // (The value must be one the param takes: a misspelt path or value would never match, and
      // the walk would page by number without a word.)
      const when = p.keysetWhen;
      if (typeof when?.param === "string") {
        const [name, ...rest] = when.param.split(".");
        const schema =
          kind === "openrpc" ? o.params?.find((q) => q.name === name)?.schema : undefined;
        const target = rest.length
          ? schema && propertyAt(doc, schema, rest.join("."))?.schema
          : schema;
        if (!params.has(name) || (kind === "openrpc" && !target))
          findings.push(
            `${at}: x-pagination.keysetWhen.param: "${when.param}" is not a param path of the operation (dot-separated, from the params)`,
          );
        else if (target && !schemaAdmits(doc, target, when.equals))
          findings.push(
            `${at}: x-pagination.keysetWhen.equals: ${JSON.stringify(when.equals)} is not a value ${when.param} takes`,
          );
      }
    }
    const allOf = o["x-all-of"];
    if (allOf !== undefined && (kind !== "openrpc" || o["x-params"] === "array"))
      findings.push(
        `${at}: x-all-of: only a JSON-RPC method's is read, of params by name or by position (not x-params: array, whose one param is the array); a REST operation states such rules in its body schema`,
      );
    else if (allOf !== undefined && !Array.isArray(allOf))
      findings.push(`${at}: x-all-of: must be a list of rules { if, then }`);
    else if (allOf !== undefined)
      allOf.forEach((rule, i) => {
        for (const part of ["if", "then"])
          for (const name of Object.keys(rule?.[part]?.properties ?? {}))
            if (!params.has(name))
              findings.push(
                `${at}: x-all-of/${i}/${part}: "${name}" is not a param of the operation`,
              );
      });
    // (Whether it names params, and other names, the generator's check says: [params-check].)
    if (o["x-renamed-from"] !== undefined && (kind !== "openrpc" || o["x-params"] === "array"))
      findings.push(
        `${at}: x-renamed-from: only a JSON-RPC method's is read, of params by name or by position (not x-params: array, whose one param is the array); a REST operation gives it in its body schema`,
      );
    const dependent = o["x-dependent-schemas"];
    if (dependent !== undefined && kind !== "openrpc")
      findings.push(
        `${at}: x-dependent-schemas: only a JSON-RPC method's is read; a REST operation states its rules between body fields in the body schema's dependentSchemas (the generated client and the docs would drop this one)`,
      );
    else if (dependent !== undefined && o["x-params"] === "array")
      findings.push(
        `${at}: x-dependent-schemas: not on an x-params: array method, whose one param is the array (the client and the mock would drop the rule); state it in the param's schema`,
      );
    else if (dependent !== undefined) {
      for (const [key, rule] of Object.entries(dependent ?? {})) {
        if (!params.has(key))
          findings.push(`${at}: x-dependent-schemas: "${key}" is not a param of the operation`);
        for (const name of Object.keys(rule?.properties ?? {}))
          if (!params.has(name))
            findings.push(
              `${at}: x-dependent-schemas.${key}: "${name}" is not a param of the operation`,
            );
      }
    }
  }
  return findings;
}

/** `x-pagination` (`p`) by itself: its keys are known, and its style has the ones it needs. */
function checkPagination(p, at, findings) {
  if (p === undefined) return;
  const allowed = new Set([
    "style",
    "page",
    "cursor",
    "limit",
    "items",
    "skipped",
    "nextCursor",
    "hasMore",
    "echoedPage",
    "echoedLimit",
    "keyset",
    "keysetWhen",
    "x-source",
  ]);
  if (p.style !== "page" && p.style !== "cursor")
    findings.push(`${at}: x-pagination.style must be page or cursor`);
  if (!p.items) findings.push(`${at}: x-pagination.items is required`);
  if (p.style === "page" && !p.page)
    findings.push(`${at}: x-pagination.page names the page parameter`);
  if (p.style === "cursor" && !(p.cursor && p.nextCursor))
    findings.push(`${at}: x-pagination needs cursor and nextCursor`);
  if (p.echoedPage !== undefined && p.style !== "page")
    findings.push(`${at}: x-pagination.echoedPage is the page number in a page-style result`);
  if (p.echoedLimit !== undefined && p.style !== "page")
    findings.push(`${at}: x-pagination.echoedLimit is the page size in a page-style result`);
  if (
    p.keyset !== undefined &&
    !(
      Array.isArray(p.keyset) &&
      p.keyset.length &&
      p.keyset.every((k) => typeof k === "string") &&
      p.cursor
    )
  ) {
    findings.push(
      `${at}: x-pagination.keyset lists the params that change how a walk goes on (a walk with one of them continues by cursor, or refuses to start), and needs cursor`,
    );
  }
  const when = p.keysetWhen;
  if (
    when !== undefined &&
    !(
      p.style === "page" &&
      p.cursor &&
      typeof when?.param === "string" &&
      ["string", "number", "boolean"].includes(typeof when.equals)
    )
  )
    findings.push(
      `${at}: x-pagination.keysetWhen is { param, equals }: a param path and the value of it that makes a page-style walk go by cursor from the start, and needs cursor`,
    );
  for (const k of Object.keys(p))
    if (!allowed.has(k)) findings.push(`${at}: x-pagination.${k} is not a known key`);
}

/**
 * Whether a schema takes `value`: one of its `enum` / `const` values where it lists any (through
 * $refs and branches), else a value of one of its types.
 */
function schemaAdmits(doc, schema, value) {
  const listed = [];
  for (const s of schemaBranches(doc, schema)) {
    if (Array.isArray(s.enum)) listed.push(...s.enum);
    if ("const" in s) listed.push(s.const);
  }
  if (listed.length) return listed.includes(value);
  const types = schemaTypes(doc, schema);
  return types.has(typeof value) || (typeof value === "number" && types.has("integer"));
}

/**
 * Operation names are unique where a caller or a router tells them apart: a JSON-RPC method name
 * once per area, and once per host and per endpoint path across areas (the real host routes by
 * name; the local mock serves every host on one port and routes by path and name, so the second
 * area's method would be unreachable); a REST operationId once across areas (within an area,
 * Spectral's operation-operationId-unique says it).
 */
export function checkOperationNames(results, { only, ids } = {}) {
  const findings = [];
  // With `only` (spec:check --area), the other areas are there to clash with: a finding is kept
  // when one of its two operations is in a selected area. (`ids`: each finding's identity, where
  // another rule tells the same mistake, scripts/lib/mistake-ids.mjs.)
  const say = (areas, finding, id) => {
    if (only && !areas.some((area) => only.includes(area))) return;
    findings.push(finding);
    if (id) ids?.set(finding, id);
  };
  const rpcByHost = new Map();
  const rpcByPath = new Map();
  const restIds = new Map();
  const first = (map, key, value) => {
    const seen = map.get(key);
    if (!seen) map.set(key, value);
    return seen;
  };
  // An operation as a clash names it: `where` (the finding's place, which spec:check and the
  // generator lead with its YAML position) and `at`, the same with that position, for the other of
  // two operations (a contributor edits the YAML, where a clash of two files is two places to
  // compare); `file`, the YAML file it is written in.
  // (The position is read when a clash names the operation: finding it parses the YAML file,
  // which an operation without a clash, nearly every one, does not need.)
  const named = (r, op, where) => {
    let position;
    const locate = () => {
      const pointer = operationPath(r, op).replace(/ \([^()]*\)$/, "");
      position ??=
        (r.origins && r.specDir && sourcePosition(r.origins, pointer, r.specDir)) || null;
      return position;
    };
    return {
      area: r.area,
      where,
      get at() {
        const p = locate();
        return p ? `${where}, at ${formatPosition(p)}` : where;
      },
      get file() {
        const p = locate();
        return p ? specFile(r.specDir, p.file) : undefined;
      },
    };
  };
  // Which of two clashing operations of two areas the finding is at, the other named after "also":
  // the one the contributor is at work on, so that the first file:line they read is theirs: the
  // selected area's (spec:check --area), else the one whose YAML file was written last (the one
  // just edited, as sync.mjs tells a generated file edited by hand); else the later.
  const edited = (file) => {
    try {
      return file ? statSync(file).mtimeMs : -Infinity;
    } catch {
      return -Infinity;
    }
  };
  const ordered = (seen, current) => {
    const selected = (o) => Boolean(only?.includes(o.area));
    if (selected(seen) !== selected(current))
      return selected(seen) ? [seen, current] : [current, seen];
    return edited(seen.file) > edited(current.file) ? [seen, current] : [current, seen];
  };
  for (const r of results) {
    const inArea = new Map();
    for (const op of listOperations(r)) {
      if (r.kind === "openrpc") {
        const where = `${r.area} ${operationPath(r, op)}`;
        const host = r.doc.info?.["x-host"];
        const path = r.doc.info?.["x-path"] ?? "/";
        const self = named(r, op, where);
        const sameArea = first(inArea, op.id, self);
        if (sameArea) {
          say(
            [r.area],
            `${where}: JSON-RPC method name "${op.id}" is used twice in the area (also ${sameArea.at}): rename one`,
            mistakeId(NAME_USED_TWICE, r.area, operationPath(r, op)),
          );
          continue;
        }
        const sameHost = first(rpcByHost, `${host} ${op.id}`, self);
        const samePath = first(rpcByPath, `${path} ${op.id}`, self);
        if (sameHost) {
          const [lead, other] = ordered(sameHost, self);
          say(
            [r.area, sameHost.area],
            `${lead.where}: JSON-RPC method name "${op.id}" is also a method of ${other.at}, on the same host "${host}": one name, one method per host: rename one`,
          );
        } else if (samePath) {
          const [lead, other] = ordered(samePath, self);
          say(
            [r.area, samePath.area],
            `${lead.where}: JSON-RPC method name "${op.id}" is also a method of ${other.at}, on the same endpoint path "${path}": the local mock serves every host on one port and could route only one of them: rename one`,
          );
        }
      } else {
        const self = named(r, op, `${r.area} ${op.wire} (${op.id})`);
        const seen = first(restIds, op.id, self);
        if (seen && seen.area !== r.area) {
          const [lead, other] = ordered(seen, self);
          say(
            [r.area, seen.area],
            `${lead.where}: operationId "${op.id}" is also the operationId of ${other.at}: operationIds are unique across areas: rename one`,
          );
        }
      }
    }
  }
  return findings;
}
