// The checks every bundled spec document must pass. Used by scripts/spec/check.mjs
// (a CLI for spec editors) and by test/spec/*.test.ts (inside `npm test`).
// Each check returns a list of findings ("<area> <JSON path>: <message>"); empty = pass.
// runAllChecks also gives each finding the YAML position of its place (`located`: "spec/schemas/
// asset.yaml:24:7: das #/components/schemas/Asset/…: …"), which spec:check prints.
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { getDocumentExtendedMetaSchema } from "@open-rpc/schema-utils-js";
import { generatorRefusals, refusalPosition } from "../generate/lib/refusals.mjs";
import { openBranchAccepts, openEnumParts } from "../lib/open-enum.mjs";
import { pointerSegment } from "../generate/lib/schema.mjs";
import { describesPattern, PATTERN_DESCRIPTION_RULE } from "../generate/lib/validator.mjs";
import {
  decodeSegment,
  formatPosition,
  pointerSegments,
  segmentsPointer,
  sourcePosition,
} from "../lib/spec-sources.mjs";
import { exactInteger } from "./bundle.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

// ---------------------------------------------------------------- operations

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

// ---------------------------------------------------------------- provenance

const SOURCE = /^(seed|public-docs: \S.*|assumption: \S.*)$/;

/** Every `x-source` is `seed`, `public-docs: …` or `assumption: <reason>`. Returns { findings, items }. */
export function checkProvenance({ area, doc }) {
  const findings = [];
  const items = [];
  const visit = (node, path) => {
    if (Array.isArray(node)) return node.forEach((v, i) => visit(v, `${path}/${i}`));
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "x-source") {
        if (typeof value !== "string" || !SOURCE.test(value)) {
          findings.push(
            `${area} ${path}: x-source must be "seed", "public-docs: <source>" or "assumption: <reason>", got ${JSON.stringify(value)}`,
          );
        } else items.push({ area, path, source: value });
      } else visit(value, `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    }
  };
  visit(doc, "#");
  return { findings, items };
}

// ---------------------------------------------------------------- OpenRPC

/** Meta-schema validation (OpenRPC 1.3) plus our own rules for methods. */
export function checkOpenRpc({ area, doc }) {
  const findings = metaSchemaFindings(area, doc);
  (doc.methods ?? []).forEach((m, i) => {
    const at = `${area} #/methods/${i} (${m.name})`;
    if (!m.summary) findings.push(`${at}: summary is required`);
    if (!m.description) findings.push(`${at}: description is required`);
    if (!m.errors?.length) findings.push(`${at}: list the error objects the method can return`);
    (m.params ?? []).forEach((p, j) => {
      if (!p.description) findings.push(`${at}/params/${j}: param ${p.name} needs a description`);
      // x-sdk-defaults: members of an object param the SDK sends when left out, each with the
      // value its schema's `default` gives (the generator reads it there).
      const sent = p["x-sdk-defaults"];
      if (sent === undefined) return;
      const say = (message) => findings.push(`${at}/params/${j}/x-sdk-defaults: ${message}`);
      let schema = p.schema;
      for (let k = 0; schema?.$ref?.startsWith("#/") && k < 32; k++)
        schema = schema.$ref
          .slice(2)
          .split("/")
          .reduce((o, key) => o?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
      if (!Array.isArray(sent) || !sent.length || sent.some((n) => typeof n !== "string"))
        say("a non-empty list of the param's property names");
      else if (schema?.type !== "object" || !schema.properties)
        say(`param ${p.name} is not an object with properties: there is no member to fill`);
      else
        for (const n of sent)
          if (!Object.hasOwn(schema.properties, n))
            say(`${n} is not a property of param ${p.name}`);
          else if (!("default" in (schema.properties[n] ?? {})))
            say(`${n} has no \`default\`: the SDK sends its schema's default, so give it one`);
    });
    if (m.result && !m.result.description)
      findings.push(`${at}/result: result ${m.result.name} needs a description`);
    // Query options (x-query-params): documented and checked as the params are.
    (m["x-query-params"] ?? []).forEach((q, j) => {
      const say = (message) => findings.push(`${at}/x-query-params/${j}: ${message}`);
      if (typeof q?.name !== "string" || !q.name) say("a query option needs a name");
      for (const key of ["description", "schema"])
        if (!q?.[key]) say(`query option ${q?.name} needs a ${key}`);
      for (const key of Object.keys(q ?? {}))
        if (!QUERY_OPTION_KEYS.includes(key))
          say(`${key} is not a known key of a query option (${QUERY_OPTION_KEYS.join(", ")})`);
    });
    const examples = (m.examples ?? []).filter((e) => !e.$ref);
    if (!examples.some((e) => e.name && Array.isArray(e.params)))
      findings.push(`${at}: needs a named request example (examples[].params)`);
    if (!examples.some((e) => e.result && "value" in e.result))
      findings.push(`${at}: needs a response example (examples[].result.value)`);
    // (`x-params: array` with other than one param: checkGeneratorRefusals, params-check.)
    if (m["x-params"] !== undefined && m["x-params"] !== "array")
      findings.push(`${at}: x-params: the only value is array (with exactly one param)`);
  });
  return findings;
}

const QUERY_OPTION_KEYS = ["name", "description", "required", "schema", "x-source"];

// @open-rpc/schema-utils-js's validateOpenRPCDocument stops at the first error (its ajv 6 runs
// without allErrors): the same ajv and meta-schema run here with every error, and each error's
// schema (verbose), which tells the branches of a oneOf apart.
const requireFromSchemaUtils = createRequire(
  createRequire(import.meta.url).resolve("@open-rpc/schema-utils-js"),
);
const Ajv6 = requireFromSchemaUtils("ajv");
const jsonSchemaMetaSchema = requireFromSchemaUtils("@json-schema-tools/meta-schema").default;

/**
 * Every error of the OpenRPC meta-schema, one line each at its place. A mistake in a method, a
 * content descriptor or a schema also fails the other branches of the `oneOf` that holds it (the
 * reference object: `should have required property '$ref'`; the boolean schema: `should be
 * boolean`): those are left out, and at one place only the errors of the first branch that has any
 * are kept. An invalid `pattern` and a duplicate `enum` value are left to checkSchemaRules, which
 * says what is wrong.
 */
function metaSchemaFindings(area, doc) {
  const ajv = new Ajv6({ allErrors: true, verbose: true });
  ajv.addSchema(jsonSchemaMetaSchema, "https://meta.json-schema.tools");
  try {
    if (ajv.validate(getDocumentExtendedMetaSchema(doc), doc)) return [];
  } catch (error) {
    return [`${area} #: OpenRPC meta-schema: ${String(error?.message ?? error).split("\n")[0]}`];
  }
  const pathOf = (dataPath) => {
    const parts = [];
    for (const m of String(dataPath ?? "").matchAll(
      /\.([^.[]+)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]/g,
    ))
      parts.push(m[1] ?? m[2] ?? m[3].replace(/\\(.)/g, "$1"));
    return parts;
  };
  const items = ajv.errors
    .filter((e) => e.keyword !== "oneOf" && e.keyword !== "anyOf")
    .filter((e) => !e.parentSchema?.required?.includes?.("$ref")) // the reference object's
    .map((e) => ({ e, parts: pathOf(e.dataPath) }));
  const key = (parts) => parts.join("\u0000");
  const deeper = (a, b) => b.length > a.length && key(b.slice(0, a.length)) === key(a);
  const branchAt = new Map(); // place → the schema of its first error
  const lines = new Set();
  for (const { e, parts } of items) {
    // A type that a place with errors inside it fails: another branch's (a schema object is no
    // boolean schema).
    if (e.keyword === "type" && items.some((other) => deeper(parts, other.parts))) continue;
    if (!branchAt.has(key(parts))) branchAt.set(key(parts), e.parentSchema);
    if (branchAt.get(key(parts)) !== e.parentSchema) continue;
    const last = parts.at(-1);
    if (
      (last === "pattern" && e.keyword === "format") ||
      (last === "enum" && e.keyword === "uniqueItems")
    )
      continue; // checkSchemaRules reports these
    // (An unknown key is reported at the key itself.)
    const extra = e.params?.additionalProperty;
    let at = "#";
    [...parts, ...(extra === undefined ? [] : [extra])].forEach((part, i) => {
      at += `/${pointerSegment(part)}`;
      if (i === 1 && parts[0] === "methods") at += ` (${doc.methods?.[part]?.name})`;
    });
    const detail =
      extra !== undefined
        ? ` (${extra})`
        : e.params?.allowedValues
          ? ` ${JSON.stringify(e.params.allowedValues).slice(0, 80)}`
          : "";
    lines.add(`${area} ${at}: OpenRPC meta-schema: ${e.message}${detail}`);
  }
  return [...lines];
}

function checkPagination(p, at, findings) {
  if (p === undefined) return;
  const allowed = new Set([
    "style",
    "page",
    "cursor",
    "limit",
    "items",
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
 * The names the operation extensions use are real: `x-pagination`'s `page`, `limit`, `cursor` and
 * `keyset` name request params, its `items`, `nextCursor`, `hasMore`, `echoedPage` and `echoedLimit`
 * properties of the result (dot-separated paths; `items` an array, `hasMore` a boolean, `echoedPage`
 * and `echoedLimit` integers), its `keysetWhen.param` a param path whose value `equals` can be,
 * `x-dependent-schemas`' keys and excluded names, and the members the `if` and `then` of each
 * `x-all-of` rule name, name params. A misspelling would otherwise compile into a client that
 * reads a missing property, or silently drops a rule between params. Both OpenRPC methods and
 * REST operations (REST params: path and query parameters), except
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
      kind === "openrpc"
        ? `${area} #/methods/${doc.methods.indexOf(o)} (${o.name})`
        : `${area} ${op.wire} (${o.operationId})`;
    const params = new Set(
      kind === "openrpc"
        ? (o.params ?? []).map((p) => p.name)
        : [...(doc.paths[op.path].parameters ?? []), ...(o.parameters ?? [])]
            .map((p) => (p.$ref ? deref(doc, p) : p))
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
        ["nextCursor", undefined],
        ["hasMore", "boolean"],
        ["echoedPage", "integer"],
        ["echoedLimit", "integer"],
      ]) {
        if (typeof p[key] !== "string") continue;
        const target = resultProperty(doc, result, p[key]);
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
        const target = rest.length ? schema && resultProperty(doc, schema, rest.join(".")) : schema;
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

/** The schema at a dot-separated property path of `schema` (through $refs and branches), or undefined. */
function resultProperty(doc, schema, path) {
  let current = [schema];
  for (const name of path.split(".")) {
    const next = [];
    const visit = (s, depth = 0) => {
      s = deref(doc, s);
      if (!s || typeof s !== "object" || depth > 10) return;
      if (s.properties && name in s.properties) next.push(s.properties[name]);
      for (const key of ["allOf", "anyOf", "oneOf"])
        for (const branch of s[key] ?? []) visit(branch, depth + 1);
    };
    current.forEach((s) => visit(s));
    if (!next.length) return undefined;
    current = next;
  }
  return current[0];
}

/**
 * Whether a schema takes `value`: one of its `enum` / `const` values where it lists any (through
 * $refs and branches), else a value of one of its types.
 */
function schemaAdmits(doc, schema, value) {
  const listed = [];
  const visit = (s, depth = 0) => {
    s = deref(doc, s);
    if (!s || typeof s !== "object" || depth > 10) return;
    if (Array.isArray(s.enum)) listed.push(...s.enum);
    if ("const" in s) listed.push(s.const);
    for (const key of ["allOf", "anyOf", "oneOf"])
      for (const branch of s[key] ?? []) visit(branch, depth + 1);
  };
  visit(schema);
  if (listed.length) return listed.includes(value);
  const types = schemaTypes(doc, schema);
  return types.has(typeof value) || (typeof value === "number" && types.has("integer"));
}

/** The `type`s a schema admits (through $refs and branches). */
function schemaTypes(doc, schema, types = new Set(), depth = 0) {
  const s = deref(doc, schema);
  if (!s || typeof s !== "object" || depth > 10) return types;
  for (const t of [s.type].flat()) if (t) types.add(t);
  if (s.items) types.add("array");
  for (const key of ["allOf", "anyOf", "oneOf"])
    for (const branch of s[key] ?? []) schemaTypes(doc, branch, types, depth + 1);
  return types;
}

/**
 * Operation names are unique where a caller or a router tells them apart: a JSON-RPC method name
 * once per area, and once per host and per endpoint path across areas (the real host routes by
 * name; the local mock serves every host on one port and routes by path and name, so the second
 * area's method would be unreachable); a REST operationId once across areas (within an area,
 * Spectral's operation-operationId-unique says it).
 */
export function checkOperationNames(results, { only } = {}) {
  const findings = [];
  // With `only` (spec:check --area), the other areas are there to clash with: a finding is kept
  // when one of its two operations is in a selected area.
  const say = (areas, finding) => {
    if (!only || areas.some((area) => only.includes(area))) findings.push(finding);
  };
  const rpcByHost = new Map();
  const rpcByPath = new Map();
  const restIds = new Map();
  const first = (map, key, value) => {
    const seen = map.get(key);
    if (!seen) map.set(key, value);
    return seen;
  };
  for (const r of results) {
    const inArea = new Map();
    for (const op of listOperations(r)) {
      if (r.kind === "openrpc") {
        const where = `${r.area} #/methods/${r.doc.methods.indexOf(op.operation)} (${op.id})`;
        const host = r.doc.info?.["x-host"];
        const path = r.doc.info?.["x-path"] ?? "/";
        const sameArea = first(inArea, op.id, where);
        if (sameArea) {
          say(
            [r.area],
            `${where}: JSON-RPC method name "${op.id}" is used twice in the area (also ${sameArea})`,
          );
          continue;
        }
        const sameHost = first(rpcByHost, `${host} ${op.id}`, { area: r.area, where });
        const samePath = first(rpcByPath, `${path} ${op.id}`, { area: r.area, where });
        if (sameHost)
          say(
            [r.area, sameHost.area],
            `${where}: JSON-RPC method name "${op.id}" is also a method of ${sameHost.where}, on the same host "${host}": one name, one method per host`,
          );
        else if (samePath)
          say(
            [r.area, samePath.area],
            `${where}: JSON-RPC method name "${op.id}" is also a method of ${samePath.where}, on the same endpoint path "${path}": the local mock serves every host on one port and could route only one of them`,
          );
      } else {
        const where = `${r.area} ${op.wire} (${op.id})`;
        const seen = first(restIds, op.id, { area: r.area, where });
        if (seen && seen.area !== r.area)
          say(
            [r.area, seen.area],
            `${where}: operationId "${op.id}" is also the operationId of ${seen.where}: operationIds are unique across areas`,
          );
      }
    }
  }
  return findings;
}

// ---------------------------------------------------------------- OpenAPI

/** Spectral lint (spec/.spectral.yaml) over bundled OpenAPI documents; warnings fail too. */
export function lintOpenApi(results) {
  return remembered(results, (args) => {
    try {
      return execFileSync(SPECTRAL, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (error) {
      return spectralOutput(error);
    }
  });
}

/** {@link lintOpenApi} in a process of its own, which runs while this one goes on. */
export async function lintOpenApiAsync(results) {
  return remembered(results, async (args) => {
    try {
      return (await execFileAsync(SPECTRAL, args, { encoding: "utf8" })).stdout;
    } catch (error) {
      return spectralOutput(error);
    }
  });
}

/**
 * Spectral's findings over the OpenAPI documents of `results`, run by `lint` on its arguments, or
 * remembered from an earlier run over the same documents and ruleset in this process. Spectral
 * takes 1.5 s a run, and the spec tests check dozens of edited copies of spec/, most of which
 * leave every OpenAPI document as it was (an edit to an OpenRPC document, or to one area).
 * Remembered per process only: a new run reads the ruleset, and Spectral's version, afresh.
 */
function remembered(results, lint) {
  const docs = results.filter((r) => r.kind === "openapi");
  if (!docs.length) return [];
  const key = JSON.stringify([readFileSync(RULESET, "utf8"), docs.map((r) => [r.area, r.doc])]);
  const known = lintRuns.get(key);
  if (known) return [...known];
  const input = spectralInput(docs);
  const finish = (out) => {
    const lines = spectralLines(out);
    lintRuns.set(key, lines);
    if (lintRuns.size > 64) lintRuns.delete(lintRuns.keys().next().value);
    return [...lines];
  };
  const cleanUp = () => rmSync(input.dir, { recursive: true, force: true });
  let out;
  try {
    out = lint(input.args);
  } catch (error) {
    cleanUp();
    throw error;
  }
  if (!(out instanceof Promise)) {
    cleanUp();
    return finish(out);
  }
  return out.then(finish).finally(cleanUp);
}

/** Spectral's findings by the documents and ruleset they were found in (see `remembered`). */
const lintRuns = new Map();
const RULESET = join(root, "spec/.spectral.yaml");

const SPECTRAL = join(root, "node_modules/.bin/spectral");
const execFileAsync = promisify(execFile);

/** The OpenAPI documents `docs` written to a temporary `dir`, and Spectral's `args` over them. */
function spectralInput(docs) {
  const dir = mkdtempSync(join(tmpdir(), "chaindata-spectral-"));
  const files = docs.map((r) => {
    const file = join(dir, `${r.area}.json`);
    writeFileSync(file, JSON.stringify(r.doc, null, 2));
    return file;
  });
  return { dir, args: ["lint", ...files, "-r", RULESET, "-f", "json", "-F", "hint", "--quiet"] };
}

/** Spectral's output when it exits 1 (it found something); a failure without output is thrown. */
function spectralOutput(error) {
  if (!error.stdout)
    throw new Error(`spectral failed: ${error.stderr || error.message}`, { cause: error });
  return error.stdout;
}

/** Spectral's JSON output as finding lines. */
function spectralLines(out) {
  const problems = out.trim() ? JSON.parse(out) : [];
  return problems.map(
    (p) =>
      `${p.source
        .split("/")
        .pop()
        .replace(
          /\.json$/,
          "",
        )} #/${p.path.map(pointerSegment).join("/")}: [${p.code}] ${p.message}`,
  );
}

// ---------------------------------------------------------------- examples

/**
 * An ajv for the spec's schemas (2020-12, strict, formats incl. uint64/int64). Also used by
 * test/contract. Its `chaindataInteger` keyword is put in by `toAjvSchema(…, { exact: true })` only.
 */
export function makeAjv() {
  const ajv = new Ajv2020({
    strict: true,
    strictTypes: false,
    strictRequired: false,
    allowUnionTypes: true,
    allErrors: true,
    validateFormats: true,
    // (`data` on each error: the refused value, shown beside the rule.)
    verbose: true,
  });
  addFormats(ajv);
  ajv.addFormat("uint64", { type: "number", validate: (n) => Number.isInteger(n) && n >= 0 });
  ajv.addFormat("int64", { type: "number", validate: (n) => Number.isInteger(n) });
  ajv.addKeyword({
    keyword: "chaindataInteger",
    type: "number",
    schemaType: "string",
    errors: true,
    // The exact value: a bundled doc holds integers beyond 2^53 rounded (bundle.mjs exactInteger).
    validate: function chaindataInteger(format, data, _schema, cxt) {
      if (!Number.isInteger(data)) return true;
      const n = exactInteger(cxt?.parentData, cxt?.parentDataProperty) ?? BigInt(data);
      const problem = integerRangeProblem(format, n);
      if (problem) chaindataInteger.errors = [{ keyword: "chaindataInteger", message: problem }];
      return !problem;
    },
  });
  return ajv;
}

const U64_MAX = 2n ** 64n - 1n;
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const SAFE_MAX = BigInt(Number.MAX_SAFE_INTEGER);
/** `uint64`, `int64` or `plain` (any other schema that admits numbers). */
const integerKind = (schema) =>
  schema.format === "uint64" || schema.format === "int64" ? schema.format : "plain";

/**
 * Why the integer `n` (a bigint) does not fit a schema of this kind, or undefined. A u64 is
 * 0 … 2^64−1 and an i64 −2^63 … 2^63−1; anywhere else an integer beyond ±(2^53−1) would reach
 * the SDK as a `bigint` (decision 0005) at a field typed `number`.
 */
export function integerRangeProblem(kind, n) {
  if (kind === "uint64")
    return n < 0n || n > U64_MAX ? `${n} is outside the u64 range 0 … ${U64_MAX}` : undefined;
  if (kind === "int64")
    return n < I64_MIN || n > I64_MAX
      ? `${n} is outside the i64 range ${I64_MIN} … ${I64_MAX}`
      : undefined;
  return n < -SAFE_MAX || n > SAFE_MAX
    ? `${n} is beyond ±(2^53−1) at a schema that is not a u64/i64 (the SDK would deliver it as a bigint in a field typed number): make the field $ref: common.yaml#/U64 (or #/I64), decision 0005`
    : undefined;
}

const admitsNumbers = (schema) =>
  [schema.type].flat().some((t) => t === "integer" || t === "number") ||
  integerKind(schema) !== "plain";

/**
 * A schema as ajv sees it: `x-*` annotations stripped, refs pointed at the document's $defs.
 * With `exact`, every schema that admits numbers also checks integers against their range
 * (`integerRangeProblem`), on the exact value where the bundle holds one.
 */
export function toAjvSchema(schema, id, options = {}) {
  if (Array.isArray(schema)) return schema.map((s) => toAjvSchema(s, id, options));
  if (schema === null || typeof schema !== "object") return schema;
  const out = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k.startsWith("x-")) continue;
    if (k === "$ref" && typeof v === "string")
      out.$ref = v.replace(/^#\/components\/schemas\//, `${id}#/$defs/`);
    else if (k === "properties" || k === "patternProperties" || k === "$defs")
      out[k] = Object.fromEntries(
        Object.entries(v).map(([p, s]) => [p, toAjvSchema(s, id, options)]),
      );
    else if (k === "examples" || k === "default" || k === "const" || k === "enum") out[k] = v;
    else if (k === "pattern" && options.exact && regexProblem(v, "u"))
      continue; // checkSchemaRules
    else out[k] = toAjvSchema(v, id, options);
  }
  if (options.exact && admitsNumbers(schema)) out.chaindataInteger = integerKind(schema);
  return out;
}

/**
 * Every example validates against its schema (ajv, JSON Schema 2020-12, strict:
 * an unknown keyword or `type` is a finding too). Covers schema `examples`,
 * OpenRPC example pairings, and OpenAPI parameter / body / response / header examples.
 */
export function checkExamples({ area, kind, doc }) {
  const findings = [];
  const ajv = makeAjv();
  const id = `https://chaindata.invalid/${kind}/${area}.json`;
  const defs = {};
  for (const [name, s] of Object.entries(doc.components?.schemas ?? {}))
    defs[name] = toAjvSchema(s, id, { exact: true });
  try {
    ajv.addSchema({ $id: id, $defs: defs });
    ajv.compile({ $ref: id }); // compiles every definition: reports unknown keywords / types
    for (const name of Object.keys(defs)) ajv.getSchema(`${id}#/$defs/${name}`);
  } catch (error) {
    findings.push(`${area} #/components/schemas: ${error.message}`);
    return findings;
  }
  // The value an ajv error refused, when it is short enough to read beside the rule (a contributor
  // sees which of an example's values breaks a pattern or a bound); none for objects and arrays,
  // which the path already names, nor for the u64 checks, whose messages quote the value.
  const refused = ({ data, keyword }) => {
    if ((data !== null && typeof data === "object") || keyword === "chaindataInteger") return "";
    // (An address, at most 44 characters, is shown whole; a transaction's text is cut.)
    const shown = typeof data === "string" && data.length > 64 ? `${data.slice(0, 64)}…` : data;
    return ` (got ${JSON.stringify(shown)})`;
  };
  // `container[key]` is the example value (the container lets the integer check read its exact value).
  const check = (schema, container, key, where) => {
    const value = container?.[key];
    let validate;
    try {
      validate = ajv.compile(toAjvSchema(schema, id, { exact: true }));
    } catch (error) {
      findings.push(`${area} ${where}: schema does not compile: ${error.message}`);
      return;
    }
    const cxt = {
      instancePath: "",
      parentData: container,
      parentDataProperty: key,
      rootData: value,
    };
    for (const line of undeclaredExampleProperties(doc, schema, value))
      findings.push(`${area} ${where}: ${line}`);
    if (!validate(value, cxt)) {
      // (Without ajv's `must match "then" schema`, beside the error of the then it names.)
      for (const e of validate.errors.filter((e) => e.keyword !== "if").slice(0, 5))
        findings.push(
          `${area} ${where}: example ${e.instancePath || "(root)"} ${e.message}${e.params?.allowedValues ? ` ${JSON.stringify(e.params.allowedValues).slice(0, 80)}` : ""}${refused(e)}`,
        );
    }
  };
  // The `examples` and `default` of every schema, nested ones included.
  forEachSchema(doc, (schema, at) => {
    if (Array.isArray(schema.examples))
      schema.examples.forEach((_ex, i) => check(schema, schema.examples, i, `${at}/examples/${i}`));
    if ("default" in schema) check(schema, schema, "default", `${at}/default`);
  });

  if (kind === "openrpc") {
    (doc.methods ?? []).forEach((m, i) => {
      const at = `#/methods/${i} (${m.name})`;
      const byName = Object.fromEntries((m.params ?? []).map((p) => [p.name, p]));
      (m.examples ?? []).forEach((ex, j) => {
        const where = `${at}/examples/${j} (${ex.name})`;
        for (const p of ex.params ?? []) {
          if (!byName[p.name])
            findings.push(
              `${area} ${where}: example param "${p.name}" is not a param of ${m.name}`,
            );
          else check(byName[p.name].schema, p, "value", `${where} param ${p.name}`);
        }
        const given = new Set((ex.params ?? []).map((p) => p.name));
        for (const p of m.params ?? [])
          if (p.required && !given.has(p.name))
            findings.push(`${area} ${where}: required param "${p.name}" missing from the example`);
        // The rules between params (x-dependent-schemas, x-all-of), over the params by name.
        const rules = {
          ...(m["x-dependent-schemas"] !== undefined && {
            dependentSchemas: m["x-dependent-schemas"],
          }),
          ...(m["x-all-of"] !== undefined && { allOf: m["x-all-of"] }),
        };
        if (Object.keys(rules).length && m["x-params"] !== "array")
          check(
            rules,
            { value: Object.fromEntries((ex.params ?? []).map((p) => [p.name, p.value])) },
            "value",
            `${where} params (the rules between them)`,
          );
        if (ex.result && "value" in ex.result)
          check(m.result.schema, ex.result, "value", `${where} result`);
      });
    });
    return findings;
  }

  // A named example may itself be a `$ref` to #/components/examples/<Name>.
  const exampleObject = (ex) =>
    ex?.$ref ? doc.components?.examples?.[ex.$ref.split("/").pop()] : ex;
  const mediaExamples = (content, where) => {
    for (const [type, media] of Object.entries(content ?? {})) {
      for (const [name, raw] of Object.entries(media.examples ?? {})) {
        const ex = exampleObject(raw);
        if (ex && "value" in ex && media.schema)
          check(
            media.schema,
            ex,
            "value",
            `${where}/content/${pointerSegment(type)}/examples/${pointerSegment(name)}`,
          );
      }
    }
  };
  const paramExamples = (param, where) => {
    const p = param.$ref ? doc.components.parameters[param.$ref.split("/").pop()] : param;
    for (const [name, raw] of Object.entries(p.examples ?? {}))
      if (p.schema) check(p.schema, exampleObject(raw), "value", `${where}/examples/${name}`);
  };
  // A response's body and header examples (a `$ref`'d header's are checked once, below).
  const responseExamples = (response, where) => {
    mediaExamples(response.content, where);
    for (const [h, header] of Object.entries(response.headers ?? {}))
      if (!header.$ref)
        for (const [n, ex] of Object.entries(header.examples ?? {}))
          check(header.schema, exampleObject(ex), "value", `${where}/headers/${h}/examples/${n}`);
  };
  const walkOperation = (op, where) => {
    (op.parameters ?? []).forEach((p, i) => paramExamples(p, `${where}/parameters/${i}`));
    mediaExamples(op.requestBody?.content, `${where}/requestBody`);
    for (const [status, response] of Object.entries(op.responses ?? {})) {
      if (response.$ref) continue; // shared responses are checked once below
      responseExamples(response, `${where}/responses/${status}`);
    }
  };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const at = `#/paths/${pointerSegment(path)}`;
    (item.parameters ?? []).forEach((p, i) => paramExamples(p, `${at}/parameters/${i}`));
    for (const method of HTTP_METHODS)
      if (item[method]) walkOperation(item[method], `${at}/${method}`);
  }
  for (const [name, item] of Object.entries(doc.webhooks ?? {})) {
    for (const method of HTTP_METHODS)
      if (item[method]) walkOperation(item[method], `#/webhooks/${name}/${method}`);
  }
  for (const [name, response] of Object.entries(doc.components?.responses ?? {}))
    responseExamples(response, `#/components/responses/${name}`);
  for (const [name, header] of Object.entries(doc.components?.headers ?? {})) {
    for (const [n, ex] of Object.entries(header.examples ?? {}))
      check(header.schema, ex, "value", `#/components/headers/${name}/examples/${n}`);
  }
  for (const [name, p] of Object.entries(doc.components?.parameters ?? {}))
    paramExamples(p, `#/components/parameters/${name}`);
  return findings;
}

/**
 * Rename leftovers in an example: a property the schema does not declare, while the schema declares
 * the same name in another spelling (`master_edition_address` vs `masterEditionAddress`, `nft-id`
 * vs `nftId`) that the example lacks. Response objects stay open (`additionalProperties: true`,
 * the service may add fields), so ajv accepts such an example; a closed object (`false`) is ajv's.
 */
function undeclaredExampleProperties(doc, schema, value, path = "", out = [], depth = 0) {
  if (value === null || typeof value !== "object" || depth > 40) return out;
  const branches = [];
  const collect = (s, d = 0) => {
    s = deref(doc, s);
    if (!s || typeof s !== "object" || d > 10) return;
    branches.push(s);
    for (const key of ["allOf", "anyOf", "oneOf"]) for (const b of s[key] ?? []) collect(b, d + 1);
  };
  collect(schema);
  if (Array.isArray(value)) {
    const items = branches.map((s) => s.items).filter(Boolean);
    value.forEach((v, i) =>
      items.forEach((s) => undeclaredExampleProperties(doc, s, v, `${path}/${i}`, out, depth + 1)),
    );
    return out;
  }
  const declared = new Map(); // name → schemas
  for (const s of branches)
    for (const [name, prop] of Object.entries(s.properties ?? {}))
      declared.set(name, [...(declared.get(name) ?? []), prop]);
  const spelling = (name) => name.toLowerCase().replace(/[_\-\s]/g, "");
  for (const [name, v] of Object.entries(value)) {
    if (declared.has(name)) {
      for (const s of declared.get(name))
        undeclaredExampleProperties(doc, s, v, `${path}/${name}`, out, depth + 1);
      continue;
    }
    const renamed = [...declared.keys()].find(
      (d) => !(d in value) && spelling(d) === spelling(name),
    );
    if (renamed)
      out.push(
        `example ${path}/${name}: not a property of the schema, which declares "${renamed}" (a rename leftover? update the example)`,
      );
  }
  return out;
}

/**
 * OpenAPI operations need a named request example (params or body) and a response example. The
 * parameters of the path item are the operation's too; parameters and responses may be `$ref`s.
 */
export function checkOpenApiExamplesPresent({ area, doc }) {
  const findings = [];
  for (const op of listOperations({ area, kind: "openapi", doc })) {
    const o = op.operation;
    const params = [...(doc.paths[op.path].parameters ?? []), ...(o.parameters ?? [])].map((p) =>
      deref(doc, p),
    );
    const hasRequestExample =
      params.some((p) => Object.keys(p?.examples ?? {}).length) ||
      Object.values(o.requestBody?.content ?? {}).some((m) => Object.keys(m.examples ?? {}).length);
    const ok = Object.entries(o.responses ?? {}).filter(([s]) => s.startsWith("2"));
    const hasResponseExample =
      ok.some(([, r]) =>
        Object.values(deref(doc, r)?.content ?? {}).some(
          (m) => Object.keys(m.examples ?? {}).length,
        ),
      ) || ok.some(([s]) => s === "204");
    if (!hasRequestExample && (params.length || o.requestBody))
      findings.push(`${area} ${op.wire}: needs a named request example`);
    if (!hasResponseExample)
      findings.push(`${area} ${op.wire}: needs a named 2xx response example`);
  }
  return findings;
}

/**
 * Every callable operation states its credit cost: `x-cost: { credits: <n> }`, or
 * `credits: null` where the service documents none (the SDK then says so), with its `x-source`.
 */
export function checkCosts(result) {
  const findings = [];
  for (const op of listOperations(result)) {
    const cost = op.operation["x-cost"];
    if (
      !cost ||
      !(cost.credits === null || (Number.isInteger(cost.credits) && cost.credits >= 0))
    ) {
      findings.push(
        `${result.area} ${op.wire}: needs x-cost: { credits: <whole number>, or null when the service documents none, x-source: … }`,
      );
    }
    const limit = op.operation["x-rate-limit"];
    if (limit !== undefined) rateLimitFinding(limit, `${result.area} ${op.wire}`, findings);
  }
  // An area's limit for all its operations (DAS: by plan), which the docs show on each.
  const areaLimit = result.doc.info?.["x-rate-limit"];
  if (areaLimit !== undefined)
    rateLimitFinding(areaLimit, `${result.area} #/info/x-rate-limit`, findings);
  // A delivery (the service's call, not the SDK's) may state its cost, per event delivered.
  for (const [name, item] of Object.entries(result.doc.webhooks ?? {})) {
    const cost = item.post?.["x-cost"];
    if (
      cost !== undefined &&
      !(Number.isInteger(cost?.credits) && cost.credits >= 0 && cost.per === "event")
    )
      findings.push(
        `${result.area} #/webhooks/${name}/post/x-cost: must be { credits: <whole number>, per: event, x-source: … } (the cost of each delivered event)`,
      );
  }
  return findings;
}

/**
 * An `x-rate-limit` is one limit for everyone, `{ requestsPerSecond, scope? }` (admin: 5, the
 * generated limiter constant's), or the plans' own, `{ plans: { <plan>: <requests/s> } }` (DAS),
 * with its `x-source`; the docs and the SDK read one of the two forms, nothing else.
 */
function rateLimitFinding(limit, at, findings) {
  const positive = (n) => typeof n === "number" && n > 0 && n < Infinity;
  const { requestsPerSecond, plans, scope, "x-source": source, ...other } = limit ?? {};
  const plansOk =
    plans !== undefined &&
    plans !== null &&
    typeof plans === "object" &&
    Object.keys(plans).length > 0 &&
    Object.values(plans).every(positive);
  if (
    !limit ||
    typeof limit !== "object" ||
    Object.keys(other).length ||
    typeof source !== "string" ||
    (scope !== undefined && typeof scope !== "string") ||
    (requestsPerSecond !== undefined) === (plans !== undefined) ||
    (requestsPerSecond !== undefined ? !positive(requestsPerSecond) : !plansOk)
  )
    findings.push(
      `${at}: x-rate-limit must be { requestsPerSecond: <number > 0>, scope?: <what it counts>, x-source } or { plans: { <plan>: <requests/s> }, x-source }`,
    );
}

// ---------------------------------------------------------------- errors every call lists

// The errors any call on the API's hosts can meet (spec/README.md "Errors"): REST statuses, each
// with the shared response that says it; JSON-RPC codes, each with its shared error object.
const REST_ERRORS = [
  ["400", "BadRequest"],
  ["401", "Unauthorized"],
  ["403", "Forbidden"],
  ["429", "TooManyRequests"],
];
const RPC_ERRORS = [
  [-32602, "InvalidParams"],
  [-32001, "Unauthorized"],
  [-32003, "Forbidden"],
];

/**
 * Every REST operation lists 400, 401, 403 and 429, and every JSON-RPC method InvalidParams,
 * Unauthorized, Forbidden and a rate-limit error (a code whose `x-error-info` status is 429): the
 * docs list an operation's errors from these, and the generated types and the mock take its
 * statuses and error objects from them, so one left out is an error no page shows. `plainHttp`: the
 * document is a JSON-RPC area's plain-HTTP side (the sender's GET /ping, without parameters or key),
 * which lists only what its sources document.
 */
export function checkListedErrors({ area, kind, doc }, { plainHttp = false } = {}) {
  const findings = [];
  if (kind === "openapi") {
    if (plainHttp) return findings;
    for (const op of listOperations({ area, kind, doc })) {
      const responses = op.operation.responses ?? {};
      const missing = REST_ERRORS.filter(([status]) => !Object.hasOwn(responses, status));
      if (missing.length)
        findings.push(
          `${area} ${op.wire} (${op.id}): responses: does not list ${either(missing.map(([s]) => s))}: every REST operation lists 400, 401, 403 and 429 (spec/README.md "Errors"); add ${missing.map(([s, name]) => `"${s}": { $ref: "./_shared.yaml#/components/responses/${name}" }`).join(", ")}`,
        );
    }
    return findings;
  }
  const info = doc["x-error-info"] ?? {};
  const limits = (code) => info[String(code)]?.httpStatus === 429;
  // (The area's own rate-limit error where another method lists one: DAS's DasRateLimited.)
  const rateLimit =
    Object.entries(doc.components?.errors ?? {}).find(([, e]) => limits(e?.code))?.[0] ??
    "RateLimited";
  (doc.methods ?? []).forEach((m, i) => {
    if (!m.errors?.length) return; // (checkOpenRpc asks for the list)
    const codes = m.errors.map((e) => deref(doc, e)?.code);
    const missing = RPC_ERRORS.filter(([code]) => !codes.includes(code)).map(
      ([code, name]) => `${name} (${code})`,
    );
    const names = missing.map((m) => m.split(" ")[0]);
    if (!codes.some(limits)) {
      missing.push("a rate-limit error");
      names.push(rateLimit);
    }
    if (missing.length)
      findings.push(
        `${area} #/methods/${i} (${m.name})/errors: does not list ${either(missing)}: every JSON-RPC method lists InvalidParams (-32602), Unauthorized (-32001), Forbidden (-32003) and a rate-limit error (one whose x-error-info httpStatus is 429) (spec/README.md "Errors"); add ${names.map((n) => `{ $ref: "./_shared.yaml#/components/errors/${n}" }`).join(", ")}`,
      );
  });
  return findings;
}

/** `a`, `a or b`, `a, b or c`. */
const either = (items) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} or ${items.at(-1)}` : items.join("");

// ---------------------------------------------------------------- area constants

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** The bytes a base58 string decodes to (leading `1`s are zero bytes), or undefined if it is not base58. */
export function base58Bytes(text) {
  let n = 0n;
  for (const c of text) {
    const digit = BASE58.indexOf(c);
    if (digit < 0) return undefined;
    n = n * 58n + BigInt(digit);
  }
  const bytes = [];
  for (; n > 0n; n >>= 8n) bytes.unshift(Number(n & 255n));
  for (const c of text) {
    if (c !== "1") break;
    bytes.unshift(0);
  }
  return bytes;
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/;
const REGION = /^[a-z]{2,8}$/;

/**
 * The facts the generator turns into an area's constants (spec/README.md, "Area constants"):
 * `info.x-tip-accounts` ({ description, accounts: base58 32-byte addresses, no repeats, x-source }),
 * `info.x-minimum-tip-lamports` ({ description, default, swqosOnly: positive u64 integers, asOf:
 * YYYY-MM[-DD], x-source }) and the server's `x-regions` (region code → http(s) origin, from
 * spec/hosts.yaml). Unknown keys are refused: a misspelt key would silently drop a constant.
 */
export function checkAreaConstants({ area, doc }) {
  const findings = [];
  const info = doc.info ?? {};
  const keys = (value, at, allowed, required) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      findings.push(`${area} ${at}: must be an object (${allowed.join(", ")})`);
      return false;
    }
    for (const k of Object.keys(value))
      if (!allowed.includes(k))
        findings.push(`${area} ${at}: ${k} is not a known key (${allowed.join(", ")})`);
    for (const k of required)
      if (value[k] === undefined) findings.push(`${area} ${at}: ${k} is required`);
    for (const k of ["description", "x-source"])
      if (value[k] !== undefined && (typeof value[k] !== "string" || !value[k].trim()))
        findings.push(`${area} ${at}/${k}: must be a non-empty string`);
    return true;
  };
  const tips = info["x-tip-accounts"];
  if (tips !== undefined) {
    const at = "#/info/x-tip-accounts";
    const fields = ["description", "accounts", "x-source"];
    if (keys(tips, at, fields, fields) && tips.accounts !== undefined) {
      if (!Array.isArray(tips.accounts) || tips.accounts.length === 0)
        findings.push(`${area} ${at}/accounts: must be a non-empty array of addresses`);
      else
        tips.accounts.forEach((a, i) => {
          const bytes = typeof a === "string" ? base58Bytes(a) : undefined;
          if (bytes?.length !== 32)
            findings.push(
              `${area} ${at}/accounts/${i}: ${JSON.stringify(a)} is not a base58 address (32 bytes)`,
            );
          else if (tips.accounts.indexOf(a) !== i)
            findings.push(`${area} ${at}/accounts/${i}: ${a} is listed twice`);
        });
    }
  }
  const tip = info["x-minimum-tip-lamports"];
  if (tip !== undefined) {
    const at = "#/info/x-minimum-tip-lamports";
    const fields = ["description", "default", "swqosOnly", "asOf", "x-source"];
    if (keys(tip, at, fields, fields)) {
      for (const route of ["default", "swqosOnly"]) {
        if (tip[route] === undefined) continue;
        const n = toBig(exactValue(tip, route));
        if (n === undefined || n <= 0n || n > U64_MAX)
          findings.push(
            `${area} ${at}/${route}: must be a positive whole number of lamports (u64), got ${JSON.stringify(String(tip[route]))}`,
          );
      }
      if (tip.asOf !== undefined && !(typeof tip.asOf === "string" && DATE.test(tip.asOf)))
        findings.push(
          `${area} ${at}/asOf: must be the date the values were checked, "YYYY-MM" or "YYYY-MM-DD"`,
        );
    }
  }
  (doc.servers ?? []).forEach((server, s) => {
    const regions = server["x-regions"];
    if (regions === undefined) return;
    const at = `#/servers/${s}/x-regions`;
    if (regions === null || typeof regions !== "object" || Array.isArray(regions)) {
      findings.push(`${area} ${at}: must map region codes to URLs`);
      return;
    }
    const seen = new Set();
    for (const [code, url] of Object.entries(regions)) {
      // (`global` is the name the generated constant gives the host's own mainnet URL.)
      if (!REGION.test(code) || code === "global")
        findings.push(
          `${area} ${at}/${code}: a region code is 2 to 8 lower-case letters, and not "global"`,
        );
      let ok = typeof url === "string" && /^https?:\/\/[^/?#@]+$/.test(url);
      try {
        ok &&= new URL(url).origin === url;
      } catch {
        ok = false;
      }
      if (!ok)
        findings.push(
          `${area} ${at}/${code}: must be an http(s) origin without a path, query or trailing slash, got ${JSON.stringify(url)}`,
        );
      else if (seen.has(url)) findings.push(`${area} ${at}/${code}: ${url} is listed twice`);
      seen.add(url);
    }
  });
  return findings;
}

// ---------------------------------------------------------------- marks, u64 names, bound prose

/** The JSON path of an operation, its name in brackets: `#/methods/2 (getAssetsByOwner)`, `#/paths/~1v1~1x/get (getX)`. */
function operationPath({ kind, doc }, op) {
  return kind === "openrpc"
    ? `#/methods/${doc.methods.indexOf(op.operation)} (${op.id})`
    : `#/paths/${pointerSegment(op.path)}/${op.method} (${op.id})`;
}

// (A string the generator would read as `true`, written by someone who meant a boolean.)
const BOOLEAN_WORD = /^\s*(true|false|yes|no|y|n|on|off|0|1)\s*$/i;

/**
 * The status marks (spec/README.md "Deprecating an operation", and `info`'s keys) have the forms
 * the generator, the SDK and the docs read, which read them by truthiness: an operation is
 * deprecated by `deprecated: true` (+ `x-replaced-by: "<what to use instead>"`, a non-empty
 * string, only beside it) and beta by `x-beta: true`; a whole area by `info.x-deprecated` (true,
 * or a message the generated JSDoc shows) and `info.x-beta: true`. `false` is allowed, the same as
 * leaving the mark out. Refused: `x-deprecated` on an operation (nothing reads it there: the
 * operation would not be deprecated at all), `x-replaced-by` on an operation that is not
 * deprecated (nothing reads it either), and a mark of another type, such as `x-beta: "no"`, which
 * any reader takes as true.
 */
export function checkStatusMarks(r) {
  const { area, doc } = r;
  const findings = [];
  const show = (value) => JSON.stringify(value) ?? String(value);
  const info = doc.info ?? {};
  const beta = (value, at, what) => {
    if (value === undefined || typeof value === "boolean") return;
    findings.push(
      `${area} ${at}/x-beta: must be true or false, not ${show(value)}: the generator reads it as ${Boolean(value)}, so this ${value ? "marks" : "does not mark"} ${what} beta; write x-beta: true (or leave it out)`,
    );
  };
  beta(info["x-beta"], "#/info", "the whole area");
  const areaDeprecated = info["x-deprecated"];
  if (
    areaDeprecated !== undefined &&
    typeof areaDeprecated !== "boolean" &&
    !(
      typeof areaDeprecated === "string" &&
      areaDeprecated.trim() &&
      !BOOLEAN_WORD.test(areaDeprecated)
    )
  )
    findings.push(
      `${area} #/info/x-deprecated: must be true (or false), or a message saying what to use instead, not ${show(areaDeprecated)}: the generated JSDoc shows a string as the message; write x-deprecated: true, or x-deprecated: "<what to use instead>"`,
    );
  for (const op of listOperations(r)) {
    const o = op.operation;
    const at = operationPath(r, op);
    const say = (key, message) => findings.push(`${area} ${at}/${key}: ${message}`);
    beta(o["x-beta"], at, "the operation");
    if (o.deprecated !== undefined && typeof o.deprecated !== "boolean")
      say(
        "deprecated",
        `must be true or false, not ${show(o.deprecated)}; write deprecated: true (with x-replaced-by: "<what to use instead>")`,
      );
    if (o["x-deprecated"] !== undefined)
      say(
        "x-deprecated",
        o.deprecated === true
          ? "x-deprecated is read only in info (a whole area); deprecated: true already marks this operation: remove x-deprecated"
          : `x-deprecated is read only in info (a whole area): on an operation nothing reads it, so this one is not deprecated at all; write deprecated: true (and x-replaced-by: "<what to use instead>") instead of x-deprecated: ${show(o["x-deprecated"])}`,
      );
    const replacedBy = o["x-replaced-by"];
    if (replacedBy === undefined) continue;
    if (typeof replacedBy !== "string" || !replacedBy.trim())
      say(
        "x-replaced-by",
        `must be a non-empty string naming what to use instead, not ${show(replacedBy)} (the SDK's warning and the JSDoc say "use <it> instead")`,
      );
    else if (o.deprecated !== true)
      say(
        "x-replaced-by",
        `${show(replacedBy)} on an operation that is not deprecated (no deprecated: true): nothing reads x-replaced-by without it; add deprecated: true, or remove x-replaced-by`,
      );
  }
  return findings;
}

/** The words of a name (camelCase, snake_case, kebab-case), lower case. */
const nameWords = (name) =>
  String(name)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * What a field's name says it holds when that is a u64 quantity (spec/README.md "JSON Schema
 * subset": lamports, raw token amounts, supplies, balances, rent epochs), or undefined. The name is
 * split into words (camelCase, snake_case, kebab-case). The list is the spec's own u64 names, each
 * a $ref to common.yaml#/U64 (or #/I64) today, and their compounds:
 * - a word `lamports` / `lamport` (lamports, tipLamports, lamportsPerSignature);
 * - ending in `rent epoch` (rentEpoch, rent_epoch);
 * - the words `raw` and `amount` (amountRaw, rawAmount);
 * - ending in `supply` (supply, max_supply, print_max_supply, print_current_supply);
 * - ending in `balance(s)` (balance, postBalance, preBalances; not balanceChange);
 * - ending in `amount(s)` (amount, tokenAmount), except `ui…` names, decimal display values;
 * - ending in `fee(s)` (fee, priorityFee; not sellerFeeBasisPoints).
 * Left out, though some are U64 in the spec: names that are counts or sizes as often as u64s
 * (total, remaining, size, value, discriminator, seq, slot, index). `strict`: the name says a
 * raw on-chain unit (lamports, rent epoch, raw amount), so `type: number` is as wrong as a plain
 * integer; for the others (a wallet `balance`, `amount` or `fee` in tokens or SOL) a number is a
 * decimal display value, and only an integer is taken for a u64.
 */
function u64Name(name) {
  const words = nameWords(name);
  const last = words.at(-1);
  if (words.includes("lamports") || words.includes("lamport"))
    return { what: "lamports", strict: true };
  if (last === "epoch" && words.at(-2) === "rent") return { what: "a rent epoch", strict: true };
  if (words.includes("raw") && (words.includes("amount") || words.includes("amounts")))
    return { what: "a raw token amount", strict: true };
  if (words[0] === "ui") return undefined;
  if (last === "supply" || last === "supplies") return { what: "a supply", strict: false };
  if (last === "balance" || last === "balances") return { what: "a balance", strict: false };
  if (last === "amount" || last === "amounts") return { what: "an amount", strict: false };
  if (last === "fee" || last === "fees") return { what: "a fee", strict: false };
  return undefined;
}

/**
 * The type a schema holds a number by, where it is not a u64/i64 (`format: uint64` / `int64`,
 * directly, through $refs or an allOf branch): `integer`, `number` (with `strict`), the same of its
 * array's items (`items`), or of an anyOf / oneOf branch (a nullable one); else undefined.
 */
function plainNumberType(doc, schema, strict, depth = 0) {
  const s = deref(doc, schema);
  if (!s || typeof s !== "object" || depth > 10) return undefined;
  const wide = (b) => {
    const t = deref(doc, b);
    return t?.format === "uint64" || t?.format === "int64";
  };
  if (wide(s) || (s.allOf ?? []).some(wide)) return undefined;
  // (A `maximum` a number holds says the value is no u64, whatever its name: a `fee` in basis
  // points, `maximum: 10000`.)
  if (isNum(s.maximum) && Math.abs(s.maximum) <= Number.MAX_SAFE_INTEGER) return undefined;
  const types = [s.type].flat();
  if (types.includes("integer")) return "integer";
  if (strict && types.includes("number")) return "number";
  if (s.items && !Array.isArray(s.items)) {
    const inner = plainNumberType(doc, s.items, strict, depth + 1);
    if (inner) return `array of ${inner}`;
  }
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const inner = plainNumberType(doc, branch, strict, depth + 1);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * A field whose name says it holds a u64 quantity (`u64Name`) is a u64: a property of any schema
 * (results, params, bodies, shared schemas) or a parameter (JSON-RPC params and query options, REST
 * parameters) written as a plain `type: integer` (or ["integer", "null"], or an array of them)
 * would be typed `number` by the SDK and lose precision beyond 2^53; spec/README.md says to use
 * `$ref: common.yaml#/U64` (`type: integer, format: uint64`).
 */
export function checkU64Names({ area, kind, doc }) {
  const findings = [];
  const check = (name, schema, at, what) => {
    const says = u64Name(name);
    const type = says && plainNumberType(doc, schema, says.strict);
    if (!type) return;
    const items = type.startsWith("array of ");
    const written = `type: ${type.replace("array of ", "")}`;
    findings.push(
      `${area} ${at}: ${what} ${name} ${items ? `is an array of ${written} items` : `is ${written}`} without format: uint64, but its name says it holds ${says.what}, a u64: write ${items ? 'items: { $ref: "../schemas/common.yaml#/U64" }' : '$ref: "../schemas/common.yaml#/U64"'} (from an area document; "./common.yaml#/U64" in spec/schemas/; #/I64 where it can be negative), as spec/README.md "JSON Schema subset" says: as written the SDK types it number, which loses precision beyond 2^53`,
    );
  };
  forEachSchema(doc, (schema, at) => {
    if (at.includes("/dependentSchemas/")) return;
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      check(name, property, `${at}/properties/${pointerSegment(name)}`, "property");
  });
  const params = (list, at) =>
    (Array.isArray(list) ? list : []).forEach((p, i) => {
      if (p && typeof p === "object" && !p.$ref && typeof p.name === "string" && p.schema)
        check(p.name, p.schema, `${at}/${i}`, "param");
    });
  if (kind === "openrpc")
    (doc.methods ?? []).forEach((m, i) => {
      params(m.params, `#/methods/${i} (${m.name})/params`);
      params(m["x-query-params"], `#/methods/${i} (${m.name})/x-query-params`);
    });
  else {
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      const at = `#/paths/${pointerSegment(path)}`;
      params(item.parameters, `${at}/parameters`);
      for (const method of HTTP_METHODS)
        if (item[method]) params(item[method].parameters, `${at}/${method}/parameters`);
    }
    for (const [name, p] of Object.entries(doc.components?.parameters ?? {}))
      if (p?.schema && typeof p.name === "string")
        check(p.name, p.schema, `#/components/parameters/${pointerSegment(name)}`, "param");
  }
  return findings;
}

// The bound keywords of a request schema (the exclusive forms are refused there: [params-check]),
// by the kind of value: [lower, upper].
const BOUND_KEYWORDS = {
  array: ["minItems", "maxItems"],
  string: ["minLength", "maxLength"],
  number: ["minimum", "maximum"],
};
const ALL_BOUNDS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
];

/** `schema` through its local $refs, with the JSON path it is at: [schema, at]. */
function derefAt(doc, schema, at) {
  for (let i = 0; i < 20 && typeof schema?.$ref === "string" && schema.$ref.startsWith("#/"); i++) {
    const target = nodeAt(doc, pointerSegments(schema.$ref));
    if (target === undefined) break;
    at = schema.$ref;
    schema = target;
  }
  return [schema, at];
}

/**
 * The schema that holds a request value's bounds (through $refs; of its one bounded anyOf/oneOf
 * branch, a nullable one's) and its path, with the kind of value they bound, or undefined when it
 * can have none. A string, an array or a number without a bound keyword is one too (`unbounded`):
 * a bound its prose states is then one the schema, and so the SDK's checks, do not enforce. (Of
 * its anyOf/oneOf branches, the one of a kind, a nullable one's.)
 */
function boundedSchema(doc, schema, at, depth = 0) {
  const [s, sAt] = derefAt(doc, schema, at);
  if (!s || typeof s !== "object" || depth > 10) return undefined;
  const types = [s.type].flat();
  const typed =
    types.includes("array") || s.items
      ? "array"
      : types.includes("string")
        ? "string"
        : types.includes("integer") || types.includes("number")
          ? "number"
          : undefined;
  if (ALL_BOUNDS.some((k) => isNum(s[k]))) return { schema: s, at: sAt, kind: typed ?? "number" };
  for (const key of ["anyOf", "oneOf"]) {
    const found = (s[key] ?? [])
      .map((b, i) => boundedSchema(doc, b, `${sAt}/${key}/${i}`, depth + 1))
      .filter(Boolean);
    const bounded = found.filter((b) => !b.unbounded);
    if (bounded.length === 1) return bounded[0];
    if (!bounded.length && found.length === 1) return found[0];
  }
  return typed && { schema: s, at: sAt, kind: typed, unbounded: true };
}

// A number as prose writes it: 1000, 1,000 (thousands separated by commas).
const PROSE_NUMBER = String.raw`\d{1,3}(?:,\d{3})+|\d+`;
// Not part of a longer number, a date (2026-03-01), a decimal, a version or a word (UUIDv4).
const NOT_BEFORE = String.raw`(?<![\w.,/:-])`;
const NOT_AFTER = String.raw`(?![.,]?\d|[\w%]|-\d)`;
/**
 * The phrases that state a bound: `kind` lower / upper / range, with the numbers they state.
 * ("more than N", "fewer than N" and "less than N" are COMPARATIVE's; "from N" is left out: a
 * start, "`page` from 1". "must not exceed N" / "never exceeds N" is the upper bound N.)
 */
const BOUND_PHRASES = [
  {
    kind: "range",
    re: new RegExp(
      String.raw`${NOT_BEFORE}(${PROSE_NUMBER})\s*(?:to|–|-|\.\.)\s*(${PROSE_NUMBER})${NOT_AFTER}`,
      "gi",
    ),
  },
  {
    kind: "range",
    re: new RegExp(
      String.raw`\bbetween\s+(${PROSE_NUMBER})\s+and\s+(${PROSE_NUMBER})${NOT_AFTER}`,
      "gi",
    ),
  },
  {
    kind: "upper",
    re: new RegExp(
      String.raw`(?:\b(?:up to|at most|no more than|not more than|maximum(?: of)?:?|max\.?:?|(?:(?:must|may|should|can|does|do|will)\s+)?(?:not|never)\s+exceed(?:s|ing)?|(?:cannot|can't|mustn't|won't|doesn't|shouldn't)\s+exceed)\s+|(?:≤|<=)\s*)(${PROSE_NUMBER})${NOT_AFTER}`,
      "gi",
    ),
  },
  {
    kind: "lower",
    re: new RegExp(
      String.raw`(?:\b(?:at least|no fewer than|not fewer than|no less than|not less than|minimum(?: of)?:?)\s+|(?:≥|>=)\s*)(${PROSE_NUMBER})${NOT_AFTER}`,
      "gi",
    ),
  },
];
/**
 * "more than N" / "fewer than N" / "less than N" (not after "no" / "not": BOUND_PHRASES'). What it
 * states depends on its sentence (`comparativeKind`): N + 1 (N − 1) is refused, so N is the upper
 * (lower) bound, where its clause (the sentence, or its part between semicolons) says so, by a
 * refusal not negated ("a call that does not fail", "without error" refuse nothing): "refuses more than 100 entries", "more than 1000 ids
 * fail", "fewer than 2 addresses are rejected" (REFUSAL), "cannot hold more than 100", "must not
 * have fewer than 2" (a negation just before it); N + 1 (N − 1) passes, where a verb of accepting
 * comes just before it and nothing is refused: "accepts more than 1000 ids" (a claim the bound
 * keyword must leave room for: kind `over` / `under`). Elsewhere it states no bound of a request
 * value and is left alone: "may hold more than 1000", "must hold more than 10" (the owner's?),
 * "returns fewer than 10 items" (a result's page). And it is a bound of a value only where it
 * counts that value (`comparativeCounts`), not another noun: "fewer than 2 signatures".
 */
const COMPARATIVE = new RegExp(
  String.raw`\b(more|fewer|less)\s+than\s+(${PROSE_NUMBER})${NOT_AFTER}`,
  "gi",
);
// A negation in the (up to two) words before a comparative: "cannot hold", "must not have", "does
// not accept", "never more than". (Right before it, "no more than" / "not fewer than", it is
// BOUND_PHRASES'.)
// (Not across a preposition or a conjunction: "not needed with fewer than 10" negates "needed".)
const NEGATED = /(?:\b(?:not|never|cannot)|n't)((?:\s+[\w-]+){0,2})\s+$/i;
const NOT_NEGATING = new Set(
  "with without for when if in on at by from of after before until unless since as while where because so to".split(
    " ",
  ),
);
const negated = (before) => {
  const m = NEGATED.exec(before);
  return (
    !!m &&
    !m[1]
      .trim()
      .split(/\s+/)
      .some((w) => NOT_NEGATING.has(w.toLowerCase()))
  );
};
const RIGHT_AFTER_NO = /\b(?:no|not)\s+$/i;
// A verb of accepting right before a comparative: "accepts more than", "also allows fewer than".
const ACCEPTING =
  /\b(?:accepts?|accepted|accepting|allows?|allowed|allowing|permits?|permitted|takes?|taking|supports?|supported|handles?)(?:\s+(?:also|still|even))?\s+$/i;
// The words of a sentence that says what it names is refused ("refuses", "fail", "rejected", "an
// error", "Too many addresses requested").
// (Not one negated: "a call that does not fail", "without error", "never rejected".)
const REFUSAL = /\b(?:refus\w*|reject\w*|fail\w*|errors?|too many|not allowed|invalid)\b/gi;
const NOT_REFUSED = /(?:\b(?:not|never|no|without|cannot)|n't)(?:\s+[\w-]+){0,2}\s+$/i;
const refuses = (text) =>
  [...text.matchAll(REFUSAL)].some((m) => !NOT_REFUSED.test(text.slice(0, m.index)));
/**
 * The sentence of `text` the characters from `start` to `end` are in (`clause`: the part of it
 * between semicolons, "The last page may hold fewer than 100; a larger `limit` is rejected").
 */
function sentenceOf(text, start, end, clause = false) {
  let from = 0;
  const before = clause ? /[.!?]\s|;/g : /[.!?]\s/g;
  for (const m of text.slice(0, start).matchAll(before)) from = m.index + m[0].length;
  const stop = text.slice(end).search(clause ? /[.!?](?:\s|$)|;/ : /[.!?](?:\s|$)/);
  return text.slice(from, stop < 0 ? text.length : end + stop);
}

// A unit of time among the words after a number: a duration or a rate ("1-2 seconds", "at most 50
// pages a minute"), not a bound of a request value.
const TIME_UNIT = /^(?:ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|hours?|days?|weeks?)$/i;
// A count of tries right after a number ("retried up to 3 times", "at most 5 attempts").
const REPEAT_UNIT = /^(?:times|retries|attempts|tries)$/i;
// The words after a length that make it each part's ("at most 44 characters each", "… per line"),
// or before it ("each of at most 44 characters"): no bound of the whole string.
const EACH_AFTER = /^(?:each|per|apiece)$/i;
const EACH_BEFORE = /\beach(?:\s+(?:of|one of|with|up to|at most))?\s*$/i;
// The units among the words after a number that say what it counts: characters, a string's length
// (minLength / maxLength); bytes and the like, a size in bytes, which no string length or array
// size is ("at most 5,594 characters" of base58 text beside "at most 1,232 bytes" of the
// transaction it encodes).
const LENGTH_UNIT = /^(?:characters?|chars?)$/i;
const SIZE_UNIT = /^(?:bytes?|bits?|[KMG]i?B|kilobytes?|megabytes?|gigabytes?)$/i;

// The unit a phrase counts per, in its clause: "at most 1,000 assets per page", "each page holds
// at most 1,000 assets" (page).
const PER_UNIT = /\b(?:per|each|every)\s+([A-Za-z][\w-]*)/i;

/**
 * Every bound phrase of `text`: { kind (lower / upper / range, or `over` / `under`: a claim that
 * more / fewer than its number pass), phrase, numbers (as written), index, end, unit ("length",
 * "size" or undefined: LENGTH_UNIT / SIZE_UNIT among the words after it), after (the words after
 * it: followingWords), bare (no word after it in its clause: "at most 32.", "(at most 32)"), per
 * (the unit it counts per: PER_UNIT, after it in its clause or else before), comparative }.
 */
function boundPhrases(text) {
  const found = [];
  const add = (kind, m, numbers, index = m.index, comparative = false) => {
    const end = m.index + m[0].length;
    const after = followingWords(text, end);
    if (after.some((w) => w.split("/").some((part) => TIME_UNIT.test(part)))) return;
    if (REPEAT_UNIT.test(after[0] ?? "")) return;
    const unit = after.some((w) => LENGTH_UNIT.test(w))
      ? "length"
      : after.some((w) => SIZE_UNIT.test(w))
        ? "size"
        : undefined;
    if (
      unit === "length" &&
      (after.some((w) => EACH_AFTER.test(w)) || EACH_BEFORE.test(text.slice(0, index)))
    )
      return;
    const phrase = text.slice(index, end);
    const clauseAfter = /^[^.;:,()\n]*/.exec(text.slice(end))[0];
    const clauseBefore = /[^.;:,()\n]*$/.exec(text.slice(0, index))[0];
    const per = (PER_UNIT.exec(clauseAfter) ?? PER_UNIT.exec(clauseBefore))?.[1].toLowerCase();
    found.push({
      kind,
      phrase,
      numbers,
      index,
      end,
      unit,
      after,
      bare: !after.length,
      per,
      comparative,
    });
  };
  for (const { kind, re } of BOUND_PHRASES)
    for (const m of text.matchAll(re))
      add(
        kind,
        m,
        m.slice(1).filter((n) => n !== undefined),
      );
  for (const m of text.matchAll(COMPARATIVE)) {
    const c = comparativeKind(text, m);
    if (c) add(c.kind, m, [m[2]], c.index, true);
  }
  return found.sort((a, b) => a.index - b.index);
}

/**
 * What the comparative `m` (COMPARATIVE's match in `text`) states: { kind, index (where its
 * phrase begins: a claim's takes in its verb, "accepts more than 1000") }, or undefined.
 */
function comparativeKind(text, m) {
  const more = m[1].toLowerCase() === "more";
  const end = m.index + m[0].length;
  const before = text.slice(0, m.index);
  if (RIGHT_AFTER_NO.test(before)) return undefined;
  const bound = { kind: more ? "upper" : "lower", index: m.index };
  if (negated(before)) return bound;
  const accepting = ACCEPTING.exec(before);
  // (A claim is left alone where anything in its sentence is refused; a bound needs its own clause
  // to refuse.)
  if (accepting && !refuses(sentenceOf(text, m.index, end)))
    return { kind: more ? "over" : "under", index: accepting.index };
  if (!accepting && refuses(sentenceOf(text, m.index, end, true))) return bound;
  return undefined;
}

/**
 * Whether the bound phrase `p` can state a bound of `bounded`'s kind (boundedSchema) by its unit:
 * characters only a string's length; a size in bytes no string's length nor array's size; a phrase
 * of no unit a string's length only where it is about the value (`about`: its name before it, its
 * words after the number), as a string's prose counts what it holds ("the byte s (1 to 127)",
 * "0-9" of its alphabet) more often than its characters.
 */
function unitFits(p, bounded, about) {
  if (p.unit === "length") return bounded.kind === "string";
  if (p.unit === "size") return bounded.kind === "number";
  return bounded.kind !== "string" || about;
}

// A string that holds a number as text (a u64 as decimal digits): a bound its prose states without
// a unit may be its value's as well as its length's.
const NUMBER_FORMATS = /^(?:u?int\d*|integer|number|decimal|float|double|bigint)$/i;
const numberAsText = (s) =>
  (typeof s.format === "string" && NUMBER_FORMATS.test(s.format)) ||
  (typeof s.pattern === "string" &&
    /\\d|0-9/.test(s.pattern) &&
    !/[A-Za-z]-[A-Za-z]/.test(s.pattern));

/**
 * Whether the bound phrase `p` of a value's own description (its param's, property's or schema's)
 * is about the value, without its name or its words (phraseIsAbout): where nothing follows it in
 * its clause ("The mints to look up, at most 100.", "A label (at most 32)"), or, of a string, where
 * characters follow it ("at most 64 characters"; "… characters each" is no phrase: boundPhrases).
 * Of a string, a bare range is rather its alphabet or a byte's values ("0-9", "the byte s (1 to
 * 127)"), and a bare phrase of one that holds a number as text (numberAsText) may be its value:
 * those are not. Of a number that counts things (`value.count`: namedValue), a page size, what
 * follows is what it counts: "Returns at most 1000 items per page" in `limit`'s states its
 * maximum as "up to 1000" does. (Of another number it may count something else: "At most 1,000
 * assets come per page" in `page`'s is the page size, not which page.)
 */
function ownPhraseIsAbout(p, bounded, value) {
  if (bounded.kind === "number") return p.bare || !!value.count;
  if (bounded.kind !== "string") return p.bare;
  if (p.unit === "length") return true;
  return p.bare && p.kind !== "range" && !numberAsText(bounded.schema);
}

// The words of a name that say its number counts things: `limit`, `pageSize`, `maxResults`,
// `itemsPerPage`, `count`, `total` (not `page` or `pageNumber`, which say which one).
const COUNT_NAME_WORDS = new Set(["limit", "size", "count", "total", "max", "maximum", "per"]);
// A description that begins by saying its number counts things: "The maximum number of assets per
// page", "Page size, 1 to 1000".
const COUNT_DESCRIPTION =
  /^\s*(?:(?:the|a|an)\s+)?(?:(?:maximum|max|minimum|largest)\s+)?(?:(?:number|count)\s+of\b|page\s+size\b)/i;

const proseValue = (written) => Number(written.replace(/,/g, ""));
/** `n` as prose writes it, with thousands separators where `like` has them. */
const proseNumber = (n, like) => (like.includes(",") ? n.toLocaleString("en-US") : String(n));

/** Whether two words are the same noun, one the plural of the other (id / ids, entry / entries). */
const sameNoun = (a, b) =>
  a === b ||
  [a, b].some(
    (x) =>
      [`${x}s`, `${x}es`].includes(x === a ? b : a) ||
      (x.endsWith("y") && `${x.slice(0, -1)}ies` === (x === a ? b : a)),
  );

// The words that name an array's members whatever it holds ("1 to 1000 entries"): a phrase with
// one is about the operation's only array request value. ("items" is left out: it is as often the
// result's list, DAS's and compression's `items`.)
const MEMBER_NOUNS = ["entry", "element"];
// The words before the noun of the phrase a description begins with, and those that end it (a
// preposition, a relative pronoun, a verb that follows a noun: "The addresses to prove unused").
const DETERMINERS = new Set(
  "the a an its their this these those each every all any some one".split(" "),
);
const PHRASE_END = new Set(
  "to of for that which who whose with without in on at by as from per into than when where while if is are was were be been can may must will would should has have had do does sent given up not only".split(
    " ",
  ),
);

/**
 * The words of the noun phrase a description begins with, what an array holds by its own prose:
 * "The wallet addresses and/or name-service domains to look up, 1 to 100 entries" → wallet,
 * addresses, name, service, domains. Up to the first punctuation, number, backtick, determiner or
 * word of PHRASE_END (six words at most); "and" / "or" join the phrase and are left out.
 */
function leadingNounWords(text) {
  if (typeof text !== "string") return [];
  const head = /^[^.,;:()[\]`'"!?\d]*/.exec(text.trim())[0];
  const words = head
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const found = [];
  for (const [i, w] of words.entries()) {
    if (i === 0 && DETERMINERS.has(w)) continue;
    if (DETERMINERS.has(w) || PHRASE_END.has(w) || found.length === 6) break;
    if (w !== "and" && w !== "or") found.push(w);
  }
  return found;
}

/**
 * A request value as its prose names it: { name, names (its name, and `params` for an
 * `x-params: array` method's one param, which is the wire `params`), words (its name's words, and
 * for an array those of the noun phrase its own description begins with: `addresses`' "The wallet
 * addresses and/or name-service domains" names wallets), count (a number that counts things, by
 * its name or its description's first words: COUNT_NAME_WORDS, COUNT_DESCRIPTION; a page walk's
 * `limit` param too, which checkBoundProse marks) }.
 */
function namedValue(doc, name, node, schema) {
  const words = nameWords(name);
  const types = schemaTypes(doc, schema);
  const texts = new Set([node?.description, deref(doc, schema)?.description]);
  if (types.has("array")) for (const text of texts) words.push(...leadingNounWords(text));
  const count =
    (types.has("integer") || types.has("number")) &&
    (words.some((w) => COUNT_NAME_WORDS.has(w)) ||
      [...texts].some((text) => typeof text === "string" && COUNT_DESCRIPTION.test(text)));
  return { name, names: [name], words, count };
}

/**
 * Whether the bound phrase `p` of `text` is about the request value `value` (namedValue), and how:
 * `"name"`, one of its names (in backticks or not) right before it (`` `limit` up to 1,000 ``,
 * `` `filters` (up to 5 ``); `"words"`, one of its words among the (up to three) words that follow
 * its number in the same clause (`up to 1,000 assets by id`, `1 to 1,000 asset ids`, `up to
 * 100,000 addresses` of accountAddresses, `up to 100 wallets` of addresses, "The wallet addresses
 * …"); false, neither.
 */
function phraseIsAbout(text, p, value) {
  const before = /(?:`([\w.-]+)`|([A-Za-z_][\w]*))\s*[(:,]?\s*$/.exec(text.slice(0, p.index));
  if (before && value.names.includes(before[1] ?? before[2])) return "name";
  // (Not a word after "per" / "each" / "every": the unit it counts per, "at most 1,000 assets per
  // page", is no value it bounds: not `page`.)
  const words = followingWords(text, p.end).filter(
    (w, i, all) => !/^(?:per|each|every)$/i.test(all[i - 1] ?? ""),
  );
  return words.some((w) => value.words.some((n) => sameNoun(w.toLowerCase(), n))) && "words";
}

// The words that may follow a comparative's number where it counts the value itself, not another
// noun: a verb ("more than 100 are refused", "less than 1 fails"), a preposition ("more than 100
// in one call").
const NOT_COUNTED = new Set(
  "is are was were be been will would can cannot could may might must should do does did fail fails failed get gets cause causes trigger triggers return returns raise raises throw throws yield yields give gives in at and or but then so also always too".split(
    " ",
  ),
);

/**
 * Whether the comparative `p` (about = phraseIsAbout's) counts `value` itself: its name right
 * before it, or the word right after its number one of the value's words ("fewer than 2 ids"), or
 * (in the value's own description, `own`) no word or a verb after it ("Page size; errors if less
 * than 1.", "more than 100 are refused"), not another noun: "One with fewer than 2 signatures
 * fails" in `transactions`' is about signatures, "may have fewer than 100 items" in `limit`'s
 * about items.
 */
function comparativeCounts(p, value, about, own) {
  if (about === "name") return true;
  const first = (p.after[0] ?? "").toLowerCase().replace(/[^a-z-]/g, "");
  if (first && value.words.some((n) => sameNoun(first, n))) return true;
  return own && (!first || NOT_COUNTED.has(first));
}

/** The (up to three) words after `end` in the same clause of `text`, without backticks. */
const followingWords = (text, end) =>
  /^[^.;:,()\n]*/
    .exec(text.slice(end))[0]
    .replace(/`/g, "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3);

// A pattern that is one run of one character (a class, an escape or a literal), with a quantifier
// or none: "^[1-9A-HJ-NP-Za-km-z]{32,44}$" (Address) allows 32 to 44 characters.
const ONE_RUN =
  /^\^(?:\[(?:\\.|[^\]\\])+\]|\\.|[^\\[\](){}|^$*+?])(?:\{(\d+)(,?)(\d*)\}|([+*?]))?\$$/;

/**
 * The lengths a string's `pattern` allows, { minLength, maxLength } (undefined where it allows any),
 * where it is one run of one character (ONE_RUN); undefined for any other pattern. Such a pattern
 * bounds the length as the keywords do: prose that states its lengths states enforced bounds.
 */
function patternLengths(pattern) {
  const m = typeof pattern === "string" ? ONE_RUN.exec(pattern) : null;
  if (!m) return undefined;
  const [, min, comma, max, sign] = m;
  if (min !== undefined)
    return {
      minLength: Number(min),
      maxLength: comma ? (max ? Number(max) : undefined) : Number(min),
    };
  if (sign === "+") return { minLength: 1, maxLength: undefined };
  if (sign === "*") return { minLength: 0, maxLength: undefined };
  return { minLength: sign === "?" ? 0 : 1, maxLength: 1 };
}

/**
 * The bound `key` of `bounded` (boundedSchema): { has (the number, or undefined where it has
 * none), pattern (it is the string's pattern's: patternLengths) }. An array or a string without
 * minItems / minLength has 0 as its lower bound.
 */
function boundOf(bounded, key) {
  const s = bounded.schema;
  if (isNum(s[key])) return { has: Number(s[key]) };
  const lengths = bounded.kind === "string" ? patternLengths(s.pattern) : undefined;
  if (lengths?.[key] !== undefined) return { has: lengths[key], pattern: true };
  const lower = key === BOUND_KEYWORDS[bounded.kind][0];
  return { has: lower && bounded.kind !== "number" ? 0 : undefined };
}

/**
 * Where a bound phrase disagrees with the schema keywords of the value it is about, what to say, or
 * undefined: `bounded` is { schema, at, kind } (boundedSchema).
 */
function phraseProblem(p, bounded) {
  const [lowerKey, upperKey] = BOUND_KEYWORDS[bounded.kind];
  const wrong = [];
  const stated = (key, written) => {
    const want = proseValue(written);
    const { has, pattern } = boundOf(bounded, key);
    if (has !== want) wrong.push({ key, written, has, pattern });
  };
  if (p.kind === "over" || p.kind === "under") return claimProblem(p, bounded);
  if (p.kind === "range") {
    stated(lowerKey, p.numbers[0]);
    stated(upperKey, p.numbers[1]);
  } else stated(p.kind === "lower" ? lowerKey : upperKey, p.numbers[0]);
  if (!wrong.length) return undefined;
  // (A bound the schema does not have at all: `report` takes it only from a phrase about the value.)
  const missing = wrong.some(({ has }) => has === undefined);
  const keywords = wrong
    .map(({ key, has, pattern }) =>
      has === undefined ? `no ${key}` : `${key}: ${has}${pattern ? " (by its pattern)" : ""}`,
    )
    .join(" and ");
  const prose = wrong.every(({ has }) => has !== undefined)
    ? wrong.reduce(
        (phrase, { written, has }) => phrase.replace(written, proseNumber(has, written)),
        p.phrase,
      )
    : undefined;
  const keyword = wrong.map(({ key, written }) => `${key}: ${proseValue(written)}`).join(", ");
  // (A length its pattern bounds changes with the pattern: a looser maxLength would not loosen it.)
  const there = wrong.some(({ pattern }) => pattern)
    ? `the pattern's lengths (${keyword})`
    : keyword;
  return {
    missing,
    keywords,
    instead: prose
      ? `write "${prose}" here, or ${there} there`
      : `give the schema ${keyword} (a bound is a schema keyword, never only prose), or change the prose`,
  };
}

/**
 * Where a claim that more (`over`) or fewer (`under`) than a number pass ("accepts more than 1000
 * ids") is refused by the bound keyword of the value it is about, what to say, or undefined: an
 * upper bound at or below the number, a lower bound at or above it (an array's or a string's 0
 * where it has none). A value without the keyword leaves room for the claim.
 */
function claimProblem(p, bounded) {
  const [lowerKey, upperKey] = BOUND_KEYWORDS[bounded.kind];
  const over = p.kind === "over";
  const key = over ? upperKey : lowerKey;
  const written = p.numbers[0];
  const n = proseValue(written);
  const { has } = boundOf(bounded, key);
  if (has === undefined || (over ? has > n : has < n)) return undefined;
  const comparative = /\b(?:more|fewer|less)\s+than\s+\S+$/i;
  const prose = p.phrase.replace(
    comparative,
    `${over ? "up to" : "at least"} ${proseNumber(has, written)}`,
  );
  return {
    missing: false,
    keywords: `${key}: ${has} (${over ? "more" : "fewer"} than ${has} are refused)`,
    instead: `write "${prose}" here, or a ${key} ${over ? "above" : "below"} ${n} there`,
  };
}

/**
 * Whether the bound phrase `p` of shared prose (an operation's, a body's, the area's), tied to the
 * value `value` of no bound keyword by its words only (`about`: phraseIsAbout's), ties by its name
 * or words to a bounded one of `others` ([{ value, bounded }]) too: it then states that one's
 * bound, not one `value` lacks. Words are shared: "accepts up to 100,000 addresses per webhook"
 * states accountAddresses' maxItems, and accountAddressOwners' description ("Owner addresses …")
 * names addresses too. Its name right before the phrase ties it to `value` all the same.
 */
function statesAnother(text, p, value, bounded, about, others) {
  if (about !== "words" || !bounded.unbounded) return false;
  return others.some(
    (o) =>
      o.value !== value && o.bounded && !o.bounded.unbounded && phraseIsAbout(text, p, o.value),
  );
}

/**
 * The prose that repeats a bound agrees with its schema keyword (spec/README.md "Changing a
 * bound"), and the result's echo of a page walk's bounded params carries the same bounds:
 * - a bound phrase ("up to 1,000", "at most 100", "maximum 1000", "1 to 1,000", "0-100",
 *   "between 1 and 10", "≤ 100", "at least 1", a refused or negated "more than 100" / "fewer than
 *   2": COMPARATIVE) in the description of a
 *   bounded request value (a JSON-RPC param or query option, a REST parameter or body property,
 *   and their object properties, and the schema a $ref names), or of any other bounded schema
 *   (a result's, a shared one's, one only an x-all-of rule names), is about that value; in the
 *   operation's summary or description, or the request body's description, one is about a
 *   top-level request value when `phraseIsAbout` says so (its name right before, or one of its
 *   words just after the number: its name's, an array's description's first noun phrase's,
 *   "entries" of the operation's only array), or, in the body's description, when it is followed
 *   by no word and the body has that one property; in the area's info.description, one is about
 *   the request values `phraseIsAbout` says, of any operation, and held to each of their bounded
 *   schemas. Its numbers must be the value's `maxItems` / `maxLength` / `maximum` (and `minItems` /
 *   `minLength` / `minimum` for a range or a lower bound), where its unit fits (`unitFits`:
 *   characters a string's, bytes no string's or array's; of a string, a phrase of no unit only
 *   where it is about it, which in its own description a bare one is: `ownPhraseIsAbout`; a
 *   length with "each" / "per" / "apiece", a count of tries, a rate are no bound). A comparative
 *   is held to a value only where it counts it (`comparativeCounts`), in its own description too.
 *   A keyword the value lacks is a finding where the phrase is about the value, also of a string,
 *   an array or a number with no bound keyword at all (prose promises a bound nothing enforces);
 *   a string's `pattern` of one run (`^[…]{32,44}$`) bounds its length as the keywords do
 *   (`patternLengths`). In a page size's own description (a count: namedValue) the noun after the
 *   number is what it counts ("Returns at most 1000 items per page" states its maximum); in
 *   another value's, a phrase per one of its own units ("1,000 assets per page" in `page`'s)
 *   is no bound of it. In shared prose, a phrase its words tie to a bounded value too states
 *   that one's bound (`statesAnother`). A claim that more (fewer) than N pass ("accepts more
 *   than 1000 ids") must leave room: no `maxItems` ≤ N (`minItems` ≥ N). A phrase about
 *   nothing, or about a value that takes no bound (`showNfts`, a boolean: "at most 100" NFTs),
 *   is left alone.
 * - a page walk (`x-pagination`) whose result echoes its `page` or `limit` param (`echoedPage` /
 *   `echoedLimit`, or a top-level result property of the param's name: DAS's `limit` and `page`)
 *   gives the echo the param's bound keywords, the same values.
 */
export function checkBoundProse(r) {
  const { area, kind, doc } = r;
  const findings = new Set();
  // The descriptions already held to a request value's bounds (by `ownProse`, naming the value),
  // which the pass over every schema (`schemaProse`) leaves alone.
  const checked = new Set();
  // Every operation's top-level bounded request values, [{ value, bounded }]: what an area's
  // info.description can be about.
  const requestValues = [];
  const described = (node, at) => ({ text: node?.description, at: `${at}/description` });
  // (A phrase that states a bound the value's schema lacks is a finding only where it is about
  // the value, `about`, even in the value's own description: "At most 1,000 assets come per
  // page" in `page`'s is about the assets, and no `maximum` of `page`. One whose unit is not what
  // the keyword counts, `unitFits`, is about something else: "at most 1,232 bytes" of base58 text.)
  // (A string's own noun after the number, without characters, counts strings, not its
  // characters: "up to 100 addresses" is no length of an `address`.)
  // (In a value's own description, a phrase that counts per one of the value's own units states
  // what one of them holds, not the value: "At most 1,000 assets come per page" in `page`'s. Of a
  // count (a page size, `pageSize`), that is the value: "at most 1000 items per page".)
  const report = (at, p, value, bounded, about, own = false) => {
    if (p.comparative && !comparativeCounts(p, value, about, own)) return;
    if (own && p.per && !value.count && value.words.some((n) => sameNoun(p.per, n))) return;
    if (about === "words" && bounded.kind === "string" && p.unit !== "length") about = false;
    if (own && !about) about = ownPhraseIsAbout(p, bounded, value);
    if (!unitFits(p, bounded, about)) return;
    const problem = phraseProblem(p, bounded);
    if (problem && !(problem.missing && !about))
      findings.add(
        `${area} ${at}: "${p.phrase}" (of ${value.name}) disagrees with ${bounded.at}: ${problem.keywords}; ${problem.instead} (a changed bound changes both: spec/README.md "Changing a bound")`,
      );
  };
  for (const op of listOperations(r)) {
    const o = op.operation;
    const opAt = operationPath(r, op);
    const pathAt = kind === "openapi" ? `#/paths/${pointerSegment(op.path)}` : undefined;
    // The request values: [{ name, node (the param / property), at (its path), schema, schemaAt,
    // only (a request body's one property), value (namedValue, where it has a name and a schema) }].
    const inputs = [];
    // (The body's descriptions, `body: true`: a bare phrase there is about a body of one property.)
    const prose = [
      { text: o.summary, at: `${opAt}/summary` },
      { text: o.description, at: `${opAt}/description` },
    ];
    const param = (p, at) =>
      inputs.push({ name: p?.name, node: p, at, schema: p?.schema, schemaAt: `${at}/schema` });
    if (kind === "openrpc") {
      (o.params ?? []).forEach((p, i) => param(p, `${opAt}/params/${i}`));
      (o["x-query-params"] ?? []).forEach((p, i) => param(p, `${opAt}/x-query-params/${i}`));
    } else {
      const list = [
        ...(doc.paths[op.path].parameters ?? []).map((p, i) => [p, `${pathAt}/parameters/${i}`]),
        ...(o.parameters ?? []).map((p, i) => [p, `${pathAt}/${op.method}/parameters/${i}`]),
      ];
      for (const [raw, rawAt] of list) param(...derefAt(doc, raw, rawAt));
      const [body, bodyAt] = derefAt(doc, o.requestBody, `${pathAt}/${op.method}/requestBody`);
      prose.push({ ...described(body, bodyAt), body: true });
      const media = body?.content?.["application/json"];
      if (media?.schema) {
        const [s, sAt] = derefAt(doc, media.schema, `${bodyAt}/content/application~1json/schema`);
        prose.push({ ...described(s, sAt), body: true });
        const properties = Object.entries(s?.properties ?? {});
        for (const [name, property] of properties) {
          const at = `${sAt}/properties/${pointerSegment(name)}`;
          const only = properties.length === 1;
          inputs.push({ name, node: property, at, schema: property, schemaAt: at, only });
        }
      }
    }
    for (const input of inputs)
      if (typeof input.name === "string" && input.schema)
        input.value = namedValue(doc, input.name, input.node, input.schema);
    const named = inputs.filter((i) => i.value);
    // The operation's only array request value (a batch: DAS's `ids`, the wallet's `addresses`) is
    // what its "entries" are; an `x-params: array` method's one param is the wire `params`.
    const arrays = named.filter((i) => schemaTypes(doc, i.schema).has("array"));
    if (arrays.length === 1) arrays[0].value.words.push(...MEMBER_NOUNS);
    if (kind === "openrpc" && o["x-params"] === "array" && named.length === 1)
      named[0].value.names.push("params");
    // A page walk's `limit` param counts its page's items, whatever its name says.
    const walkLimit = o["x-pagination"]?.limit;
    for (const input of named) if (input.name === walkLimit) input.value.count = true;
    // A value's own descriptions (its param's or property's, and its schema's), and those of its
    // object properties at any depth (an array's items' too): every phrase there is about it.
    const ownProse = (value, node, nodeAt, schema, schemaAt, depth = 0) => {
      if (depth > 6 || !schema || typeof schema !== "object") return;
      const bounded = boundedSchema(doc, schema, schemaAt);
      const [s, sAt] = derefAt(doc, schema, schemaAt);
      const texts = [described(node, nodeAt)];
      if (s !== node) texts.push(described(s, sAt));
      for (const { at } of texts) checked.add(at);
      if (bounded)
        for (const { text, at } of texts)
          if (typeof text === "string")
            for (const p of boundPhrases(text))
              report(at, p, value, bounded, phraseIsAbout(text, p, value), true);
      const holders = [[s, sAt]];
      if (s?.items && typeof s.items === "object")
        holders.push(derefAt(doc, s.items, `${sAt}/items`));
      for (const [holder, holderAt] of holders)
        for (const [n, property] of Object.entries(holder?.properties ?? {})) {
          const at = `${holderAt}/properties/${pointerSegment(n)}`;
          ownProse(namedValue(doc, n, property, property), property, at, property, at, depth + 1);
        }
    };
    const values = named.map((input) => ({
      input,
      value: input.value,
      bounded: boundedSchema(doc, input.schema, input.schemaAt),
    }));
    for (const { input, value, bounded } of values) {
      ownProse(value, input.node, input.at, input.schema, input.schemaAt);
      if (!bounded) continue;
      requestValues.push({ value, bounded });
      // In the body's description, a bound phrase followed by no word ("(1 to 100)") is about a
      // body of one property.
      const bare = (text, p, body) => body && input.only && !followingWords(text, p.end).length;
      for (const { text, at, body } of prose)
        if (typeof text === "string")
          for (const p of boundPhrases(text)) {
            const about = phraseIsAbout(text, p, value) || bare(text, p, body);
            if (about && !statesAnother(text, p, value, bounded, about, values))
              report(at, p, value, bounded, about);
          }
    }
    // The result's echoes of the walk's page and limit.
    const walk = o["x-pagination"];
    if (!walk || typeof walk !== "object") continue;
    let result;
    if (kind === "openrpc") result = o.result?.schema && [o.result.schema, `${opAt}/result/schema`];
    else
      for (const [status, raw] of Object.entries(o.responses ?? {})) {
        if (!status.startsWith("2") || result) continue;
        const [res, resAt] = derefAt(
          doc,
          raw,
          `${pathAt}/${op.method}/responses/${pointerSegment(status)}`,
        );
        const schema = res?.content?.["application/json"]?.schema;
        if (schema) result = [schema, `${resAt}/content/application~1json/schema`];
      }
    if (!result) continue;
    for (const [key, echoKey] of [
      ["page", "echoedPage"],
      ["limit", "echoedLimit"],
    ]) {
      const input = inputs.find((i) => i.name === walk[key]);
      if (!input) continue;
      const path = typeof walk[echoKey] === "string" ? walk[echoKey] : input.name;
      const echo = propertyAt(doc, result[0], result[1], path);
      // (One that is no number is checkOperationExtensions' finding: x-pagination.echoedPage.)
      const numeric = (t) => t === "integer" || t === "number";
      if (!echo || ![...schemaTypes(doc, echo.schema)].some(numeric)) continue;
      const [param, paramAt] = derefAt(doc, input.schema, input.schemaAt);
      const [e] = derefAt(doc, echo.schema, echo.at);
      const list = (s) =>
        ALL_BOUNDS.filter((k) => isNum(s?.[k]))
          .map((k) => `${k}: ${s[k]}`)
          .join(", ") || "none";
      if (list(param) !== list(e))
        findings.add(
          `${area} ${echo.at}: echoes the ${key} param ${input.name} of ${op.id} (${typeof walk[echoKey] === "string" ? `x-pagination.${echoKey}` : "the same name"}), but its bounds differ: ${list(e)} here, ${list(param)} at ${paramAt}; give it the param's bound keywords (the two are one value)`,
        );
    }
  }
  // Every other bounded schema's own description (a result's, a shared one's, one that only an
  // x-all-of rule names: Base58Transaction), with its name: every phrase there is about it, as in
  // a request value's.
  const schemaProse = (schema, at) => {
    const { text, at: textAt } = described(schema, at);
    if (typeof text !== "string" || checked.has(textAt)) return;
    checked.add(textAt);
    const bounded = boundedSchema(doc, schema, at);
    if (!bounded) return;
    const value = namedValue(doc, schemaName(at), schema, schema);
    for (const p of boundPhrases(text))
      report(textAt, p, value, bounded, phraseIsAbout(text, p, value), true);
  };
  forEachSchema(doc, schemaProse);
  // (The schemas an x-all-of rule gives a param inline: forEachSchema walks no x-all-of.)
  if (kind === "openrpc")
    (doc.methods ?? []).forEach((m, i) => {
      const rules = Array.isArray(m?.["x-all-of"]) ? m["x-all-of"] : [];
      rules.forEach((rule, j) => {
        for (const branch of ["then", "else"])
          for (const [n, s] of Object.entries(rule?.[branch]?.properties ?? {}))
            if (s && typeof s === "object")
              schemaProse(
                s,
                `#/methods/${i} (${m.name})/x-all-of/${j}/${branch}/properties/${pointerSegment(n)}`,
              );
      });
    });
  // The area's info.description: a phrase is about the request values it names (phraseIsAbout) of
  // whichever operation, and is held to each schema those have, once a schema (createWebhook's and
  // updateWebhook's accountAddresses are both WatchedAddresses): an area's prose states what every
  // value it names takes, so one of them that takes another bound is a finding.
  const info = doc.info?.description;
  if (typeof info === "string")
    for (const p of boundPhrases(info)) {
      const schemas = new Set();
      for (const { value, bounded } of requestValues)
        if (!schemas.has(bounded.at)) {
          const about = phraseIsAbout(info, p, value);
          if (!about || statesAnother(info, p, value, bounded, about, requestValues)) continue;
          schemas.add(bounded.at);
          report("#/info/description", p, value, bounded, about);
        }
    }
  return [...findings];
}

/**
 * The name a schema goes by at the JSON path `at`: its property's or its component's, the nearest
 * up its path (`nfts` of …/WalletBalancesResponse/properties/nfts/items), or "the schema".
 */
function schemaName(at) {
  const segments = at.split("/");
  for (let i = segments.length - 1; i > 1; i--)
    if (
      segments[i - 1] === "properties" ||
      (segments[i - 1] === "schemas" && segments[i - 2] === "components")
    )
      return decodeSegment(segments[i]);
  return "the schema";
}

/** The schema at a dot-separated property path of `schema` (through $refs and branches) and its JSON path, or undefined. */
function propertyAt(doc, schema, at, path) {
  let current = [[schema, at]];
  for (const name of path.split(".")) {
    const next = [];
    const visit = (raw, rawAt, depth = 0) => {
      const [s, sAt] = derefAt(doc, raw, rawAt);
      if (!s || typeof s !== "object" || depth > 10) return;
      if (s.properties && Object.hasOwn(s.properties, name))
        next.push([s.properties[name], `${sAt}/properties/${pointerSegment(name)}`]);
      for (const key of ["allOf", "anyOf", "oneOf"])
        (s[key] ?? []).forEach((b, i) => visit(b, `${sAt}/${key}/${i}`, depth + 1));
    };
    current.forEach(([s, sAt]) => visit(s, sAt));
    if (!next.length) return undefined;
    current = next;
  }
  return { schema: current[0][0], at: current[0][1] };
}

/** All checks for a list of bundled areas: { findings, assumptions, operations }. */
// The JSON Schema subset of spec/README.md ("JSON Schema subset"): keywords that mean the same to
// OpenAPI 3.1, OpenRPC, ajv and both TypeScript generators. (`x-` extensions pass too.)
const SCHEMA_KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
  "uniqueItems",
  "format",
  "default",
  "anyOf",
  "oneOf",
  "allOf",
  "$ref",
  "title",
  "description",
  "examples",
  "deprecated",
  "dependentSchemas",
  "readOnly",
  "writeOnly",
  "$comment",
  "contentMediaType",
  "contentEncoding",
]);

/**
 * Every keyword outside the subset, in every schema of the document (components, parameters,
 * bodies, responses, method params and results): `nullable`, a singular `example`, `$defs`,
 * `prefixItems`, `if`, a misspelt `minimun`… would otherwise pass the bundle and lint and
 * mean different things to different tools.
 */
export function checkSchemaKeywords({ area, doc }) {
  const findings = [];
  forEachSchema(doc, (node, at) => {
    for (const key of Object.keys(node))
      if (!SCHEMA_KEYWORDS.has(key) && !key.startsWith("x-"))
        findings.push(
          `${area} ${at}: "${key}" is outside the spec's JSON Schema subset (spec/README.md)${insteadOf(key, node)}`,
        );
    // (Read by the client's checks as the words of the pattern's message: only beside a pattern,
    // and beside every one, so that no message quotes a regex at the caller.)
    if (node["x-pattern-description"] !== undefined && !describesPattern(node))
      findings.push(`${area} ${at}: x-pattern-description ${PATTERN_DESCRIPTION_RULE}`);
    else if (node.pattern !== undefined && node["x-pattern-description"] === undefined)
      findings.push(
        `${area} ${at}: a pattern needs an x-pattern-description (what it accepts, in words: the client's message says it instead of quoting the pattern)`,
      );
  });
  return findings;
}

/** What the subset says instead of OpenAPI 3.0's `nullable` and singular `example`, or "". */
function insteadOf(key, node) {
  if (key === "nullable") {
    if (node.nullable !== true) return ': drop it (a type without "null" is not nullable)';
    if (node.$ref) return `: write anyOf: [{ $ref: <the same> }, { type: "null" }] instead`;
    const types = [node.type].flat().filter((t) => typeof t === "string" && t !== "null");
    return `: write type: [${types.join(", ") || "<type>"}, "null"] instead`;
  }
  if (key === "example") {
    const value = JSON.stringify(node.example) ?? "";
    return `: write examples: [${value.length > 60 ? "<the value>" : value}] instead (a list)`;
  }
  return "";
}

/**
 * Calls `visit(schema, at, parent)` once for every schema of a bundled document: components,
 * parameters, bodies, responses, headers, method params and results, and every schema nested in
 * them (`properties`, `items`, `additionalProperties`, `dependentSchemas`, `anyOf`/`oneOf`/`allOf`
 * branches; `parent` is the schema whose branch it is). `at` is its JSON path, with the method
 * name after `#/methods/<i>`.
 */
export function forEachSchema(doc, visit) {
  const seen = new Set();
  const schema = (node, at, parent) => {
    if (node === null || typeof node !== "object" || Array.isArray(node) || seen.has(node)) return;
    seen.add(node);
    visit(node, at, parent);
    for (const [key, value] of Object.entries(node)) {
      if (key === "properties" || key === "dependentSchemas")
        for (const [name, s] of Object.entries(value ?? {}))
          schema(s, `${at}/${key}/${pointerSegment(name)}`);
      else if (key === "items" || key === "additionalProperties") schema(value, `${at}/${key}`);
      else if (key === "anyOf" || key === "oneOf" || key === "allOf")
        (value ?? []).forEach((s, i) => schema(s, `${at}/${key}/${i}`, node));
    }
  };
  // Outside `components.schemas`, a schema sits under a `schema` key (OpenAPI parameters and
  // media types, OpenRPC content descriptors).
  const walk = (node, at) => {
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "schema") schema(value, `${at}/schema`);
      else if (key === "examples" || key === "x-error-info") continue;
      else
        walk(
          value,
          at === "#/methods" ? `${at}/${key} (${value?.name})` : `${at}/${pointerSegment(key)}`,
        );
    }
  };
  for (const [name, s] of Object.entries(doc.components?.schemas ?? {}))
    schema(s, `#/components/schemas/${pointerSegment(name)}`);
  walk(doc, "#");
}

/** The schema a local `$ref` (`#/components/schemas/X`, or any `#/…` pointer) names; others as they are. */
function deref(doc, schema) {
  return derefAt(doc, schema)[0];
}

/** The property names a schema declares: its `properties` and those of its allOf/anyOf/oneOf branches. */
function declaredProperties(doc, schema, names = new Set(), seen = new Set()) {
  const s = deref(doc, schema);
  if (s === null || typeof s !== "object" || seen.has(s)) return names;
  seen.add(s);
  for (const name of Object.keys(s.properties ?? {})) names.add(name);
  for (const key of ["allOf", "anyOf", "oneOf"])
    for (const branch of s[key] ?? []) declaredProperties(doc, branch, names, seen);
  return names;
}

/** A bound or example value, exact where the bundle holds an integer beyond 2^53. */
const exactValue = (container, key) => exactInteger(container, key) ?? container[key];
const isNum = (v) => typeof v === "bigint" || (typeof v === "number" && Number.isFinite(v));
const toBig = (v) => (typeof v === "bigint" ? v : Number.isInteger(v) ? BigInt(v) : undefined);

/**
 * Rules on each schema by itself, in every schema of the document (see forEachSchema):
 * - bounds that leave no value: minimum > maximum (also with the exclusive forms; for an integer,
 *   no whole number between them), minLength > maxLength, minItems > maxItems,
 *   minProperties > maxProperties — whether or not an example uses the schema;
 * - integer bounds in range: a u64's within 0 … 2^64−1, an i64's within −2^63 … 2^63−1, any other
 *   integer's within ±(2^53−1) (decision 0005);
 * - every name in `required` is a declared property (of the schema, its branches, or the schema
 *   it is a branch of): otherwise a misspelling or a removed property, which the generated type
 *   drops without a word;
 * - `dependentSchemas`: each key and each excluded name is a declared property;
 * - `pattern` compiles as a regular expression; `enum` lists no value twice.
 */
export function checkSchemaRules({ area, doc }) {
  const findings = [];
  forEachSchema(doc, (schema, at, parent) => {
    const say = (message) => findings.push(`${area} ${at}: ${message}`);
    const v = (key) => (key in schema ? exactValue(schema, key) : undefined);
    const show = (key) => `${key} (${v(key)})`;
    const pairs = [
      ["minimum", "maximum", (a, b) => a > b],
      ["exclusiveMinimum", "maximum", (a, b) => a >= b],
      ["minimum", "exclusiveMaximum", (a, b) => a >= b],
      ["exclusiveMinimum", "exclusiveMaximum", (a, b) => a >= b],
      ["minLength", "maxLength", (a, b) => a > b],
      ["minItems", "maxItems", (a, b) => a > b],
      ["minProperties", "maxProperties", (a, b) => a > b],
    ];
    let empty = false;
    for (const [lo, hi, contradicts] of pairs) {
      if (isNum(v(lo)) && isNum(v(hi)) && contradicts(v(lo), v(hi))) {
        say(`${show(lo)} is above ${show(hi)}: no value can pass`);
        empty = true;
      }
    }
    const types = [schema.type].flat();
    const integer = types.includes("integer") && !types.includes("number");
    if (integer && !empty) {
      // The smallest and largest whole numbers each bound allows: [keyword, number].
      const ceil = (x) => (typeof x === "bigint" ? x : Math.ceil(x));
      const floor = (x) => (typeof x === "bigint" ? x : Math.floor(x));
      const one = (x) => (typeof x === "bigint" ? 1n : 1);
      const whole = {
        minimum: (x) => ceil(x),
        exclusiveMinimum: (x) => floor(x) + one(x),
        maximum: (x) => floor(x),
        exclusiveMaximum: (x) => ceil(x) - one(x),
      };
      const bounds = (keys) => keys.filter((k) => isNum(v(k))).map((k) => [k, whole[k](v(k))]);
      const his = bounds(["maximum", "exclusiveMaximum"]);
      for (const [lo, least] of bounds(["minimum", "exclusiveMinimum"])) {
        const hi = his.find(([, most]) => least > most)?.[0];
        if (hi) {
          say(
            `${show(lo)} and ${show(hi)} leave no whole number for this integer: no value can pass`,
          );
          break;
        }
      }
    }
    if (admitsNumbers(schema) && (integer || integerKind(schema) !== "plain")) {
      for (const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) {
        const n = isNum(v(key)) ? toBig(v(key)) : undefined;
        const problem = n === undefined ? undefined : integerRangeProblem(integerKind(schema), n);
        if (problem) say(`${key}: ${problem}`);
      }
    }

    if (Array.isArray(schema.required)) {
      const declared = declaredProperties(doc, schema);
      if (parent) declaredProperties(doc, parent, declared);
      const missing = schema.required.filter((name) => !declared.has(name));
      if (missing.length)
        say(
          `required lists ${missing.map((m) => JSON.stringify(m)).join(", ")}, not in properties (a misspelling or a removed property? the generated type would drop the requirement)`,
        );
    }
    if (schema.dependentSchemas && typeof schema.dependentSchemas === "object") {
      const declared = declaredProperties(doc, schema);
      for (const [key, dependent] of Object.entries(schema.dependentSchemas)) {
        if (!declared.has(key)) say(`dependentSchemas: "${key}" is not a property of this schema`);
        for (const name of Object.keys(dependent?.properties ?? {}))
          if (!declared.has(name))
            say(`dependentSchemas.${key}: "${name}" is not a property of this schema`);
      }
    }
    if ("pattern" in schema) {
      const problem = regexProblem(schema.pattern);
      if (problem)
        say(
          `pattern ${JSON.stringify(schema.pattern)} is not a valid regular expression: ${problem}`,
        );
    }
    if (Array.isArray(schema.enum)) {
      const seen = new Set();
      for (const value of schema.enum) {
        const key = JSON.stringify(value);
        if (seen.has(key)) say(`enum lists ${key} twice`);
        seen.add(key);
      }
    }
  });
  return findings;
}

/** The description a schema has, its own or (for a `$ref`) its target's, followed as the generated JSDoc and the docs follow it. */
function describedBy(doc, schema) {
  for (let s = schema, hops = 0; s && typeof s === "object" && hops < 32; hops++) {
    if (typeof s.description === "string") return s.description;
    if (typeof s.$ref !== "string" || !s.$ref.startsWith("#/")) return undefined;
    s = nodeAt(doc, pointerSegments(s.$ref));
  }
  return undefined;
}

/**
 * Every component schema and every schema property has a description (a `$ref` property may take
 * its target's): it is the hover text of the generated type and the text of the docs site's field
 * table, which show nothing for a field without one. A `description` of only spaces counts as
 * none. The properties of a `dependentSchemas` rule are constraints, not fields, and are skipped.
 */
export function checkDescriptions({ area, doc }) {
  const findings = [];
  const missing = (schema) => !describedBy(doc, schema)?.trim();
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {}))
    if (missing(schema))
      findings.push(
        `${area} #/components/schemas/${pointerSegment(name)}: schema ${name} needs a description (the generated type's JSDoc and the docs show it)`,
      );
  forEachSchema(doc, (schema, at) => {
    if (at.includes("/dependentSchemas/")) return;
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      if (property && typeof property === "object" && missing(property))
        findings.push(
          `${area} ${at}/properties/${pointerSegment(name)}: property ${name} needs a description (the SDK's JSDoc and the docs show it; a bare $ref takes its target's)`,
        );
  });
  return findings;
}

/** Why `source` does not compile as a regular expression with any of `flags` (by default with the u flag or, as the generator allows, without), or undefined. */
function regexProblem(source, flags = ["u", ""]) {
  if (typeof source !== "string") return "it must be a string";
  let problem;
  for (const flag of flags) {
    try {
      new RegExp(source, flag);
      return undefined;
    } catch (error) {
      problem ??= error.message;
    }
  }
  return problem;
}

/**
 * Open enums (spec/README.md): every known value passes the open branch, so the open branch alone
 * is the set of values the schema accepts (the generated runtime checks rely on it), and the pattern
 * the docs show holds for every value.
 */
export function checkOpenEnums({ area, doc }) {
  const findings = [];
  const resolve = (ref) =>
    ref.startsWith("#/components/schemas/")
      ? doc.components?.schemas?.[ref.slice("#/components/schemas/".length)]
      : undefined;
  const seen = new Set();
  const visit = (node, at) => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach((v, i) => visit(v, `${at}/${i}`));
    const open = openEnumParts(node, resolve);
    if (open) {
      const outside = open.values.filter((v) => !openBranchAccepts(open.open, v));
      if (outside.length)
        findings.push(
          `${area} ${at}: open enum: known values the open branch does not accept: ${outside.slice(0, 5).join(", ")}${outside.length > 5 ? ` and ${outside.length - 5} more` : ""} (widen the open branch, or fix the values)`,
        );
    }
    for (const [key, value] of Object.entries(node))
      if (key !== "examples" && key !== "enum" && key !== "const" && key !== "default")
        visit(value, `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
  };
  visit(doc, "#");
  return findings;
}

/**
 * Everything the generator would refuse (scripts/generate/lib/refusals.mjs: names that cannot be
 * identifiers or clash with the generated code or the runtime's exports, parameters it cannot send,
 * schemas its checks cannot translate…), by the generator's own rules, at the generator's own
 * places: `<area> #<pointer> (<name>): [<rule>] <message>`, a keyword the checks cannot translate
 * at that keyword, after the method that holds it
 * (`das #/methods/2 (getAssetsByOwner)/params/3/schema/pattern: [params-check] …`). (runAllChecks
 * puts the YAML position in front, as the generator does: refusals.mjs `refusalPosition`.)
 */
export function checkGeneratorRefusals(results) {
  return generatorRefusals(results).map(refusalFinding);
}

// The rules whose refusal is at a keyword, named by the operation whose check or result holds it.
const AT_KEYWORD = new Set(["params-check", "u64-shape"]);

function refusalFinding(r) {
  const name = r.name === undefined ? "" : ` (${r.name})`;
  // (A keyword in a method: the method's name follows `#/methods/<i>`, where it names that method.)
  const method = AT_KEYWORD.has(r.rule) ? /^#\/methods\/\d+/.exec(r.at)?.[0] : undefined;
  const place = method ? `${method}${name}${r.at.slice(method.length)}` : `${r.at}${name}`;
  return `${r.area} ${place}: [${r.rule}] ${r.message}`;
}

/**
 * Every rule over `results`. `others` (spec:check --area): the bundles of the areas not selected,
 * which the cross-area rules (names unique per host, operationIds across areas) compare against.
 * `findings` are the rules' lines; `located` the same lines, in the same order, each led by the YAML
 * position of its place (see locateFinding; a refusal's, refusalPosition), as spec:check prints them.
 */
export function runAllChecks(results, { others } = {}) {
  return withLint(ruleEntries(results, others), lintOpenApi(results));
}

/**
 * {@link runAllChecks}, with Spectral (the slowest rule: a process of its own) running while the
 * others run here (`npm run generate` runs them all before it generates).
 */
export async function runAllChecksAsync(results, { others } = {}) {
  const linting = lintOpenApiAsync(results);
  // (Caught now: a failure of Spectral's while the other rules run is thrown by the await below.)
  linting.catch(() => {});
  const entries = ruleEntries(results, others);
  return withLint(entries, await linting);
}

/** Every rule but Spectral's: the entries of the findings, the assumptions and the operations. */
function ruleEntries(results, others) {
  /** @type {{ text: string, document?: object, at?: string, located?: string }[]} */
  const entries = [];
  const add = (document, texts) => entries.push(...texts.map((text) => ({ text, document })));
  const assumptions = [];
  const operations = [];
  const all = others ? [...others, ...results] : results;
  for (const r of results) {
    const prov = checkProvenance(r);
    add(r, prov.findings);
    assumptions.push(...prov.items.filter((i) => i.source.startsWith("assumption")));
    if (r.kind === "openrpc") add(r, checkOpenRpc(r));
    else add(r, checkOpenApiExamplesPresent(r));
    add(r, checkExamples(r));
    add(r, checkSchemaKeywords(r));
    add(r, checkSchemaRules(r));
    add(r, checkDescriptions(r));
    add(r, checkOpenEnums(r));
    add(r, checkCosts(r));
    // (A JSON-RPC area's plain-HTTP document: its area has an OpenRPC document too.)
    const plainHttp =
      r.kind === "openapi" && all.some((o) => o.area === r.area && o.kind === "openrpc");
    add(r, checkListedErrors(r, { plainHttp }));
    add(r, checkOperationExtensions(r));
    add(r, checkAreaConstants(r));
    add(r, checkStatusMarks(r));
    add(r, checkU64Names(r));
    add(r, checkBoundProse(r));
    operations.push(...listOperations(r));
  }
  // The rules over several documents: each line's document, by its area and the form of its place
  // (`#/methods/…` is a JSON-RPC method; `GET /path` a REST operation, Spectral's are OpenAPI's).
  const documentOf = (text, kind) => {
    const area = text.slice(0, text.indexOf(" "));
    const place = text.slice(area.length + 1);
    kind ??= place.startsWith("#/methods/") ? "openrpc" : HTTP_WIRE.test(place) ? "openapi" : kind;
    const candidates = all.filter((r) => r.area === area && (!kind || r.kind === kind));
    return candidates.length === 1 ? candidates[0] : undefined;
  };
  for (const text of others
    ? checkOperationNames(all, { only: results.map((r) => r.area) })
    : checkOperationNames(results))
    entries.push({ text, document: documentOf(text) });
  // (Each refusal at the YAML position the generator gives it, by the same function.)
  for (const r of generatorRefusals(results)) {
    const text = refusalFinding(r);
    const position = refusalPosition(
      r,
      results.find((d) => d.file === r.file),
    );
    entries.push({ text, located: position ? `${position}: ${text}` : text });
  }
  return { entries, assumptions, operations, documentOf };
}

/** The result of the rules: `ruleEntries`' with Spectral's lines (`lint`) last. */
function withLint({ entries, assumptions, operations, documentOf }, lint) {
  for (const text of lint) entries.push({ text, document: documentOf(text, "openapi") });
  return {
    findings: entries.map((e) => e.text),
    located: entries.map((e) => e.located ?? locateFinding(e)),
    assumptions,
    operations,
  };
}

// ---------------------------------------------------------------- YAML positions

const HTTP_WIRE = /^(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS) (\/\S*)/;

/**
 * A finding led by the YAML position of its place: `spec/schemas/asset.yaml:24:7: das #/…: …`
 * (scripts/lib/spec-sources.mjs; "(of the enclosing …)" after it where the place itself is not in the
 * YAML). `document` is the bundle the finding is about (a `bundleAll` result: its `origins` and
 * `specDir`); `at`, its pointer there when known, else it is read from the finding (findingPointer).
 * A finding whose document or file is unknown stays as it is.
 */
export function locateFinding({ text, document, at }) {
  if (!document?.origins || !document.specDir) return text;
  const pointer = at ?? findingPointer(text, document);
  const position = sourcePosition(document.origins, pointer ?? "#", document.specDir);
  if (!position) return text;
  // (A place the finding's text does not lead to is given the document's start, said so.)
  if (pointer === undefined && position.kind === "exact") position.kind = "enclosing";
  return `${formatPosition(position)}: ${text}`;
}

/**
 * The JSON pointer in the bundled `document.doc` of the place a finding is about, read from its text:
 * `<area> <place>: <message>`, the place being a JSON path (`#/methods/2 (getAssetsByOwner)/params/1/
 * schema`, names in brackets; keys escaped as JSON pointer segments, `#/paths/~1v1~1x/get`, and read
 * unescaped too, `#/paths//v1/x/get`),
 * an OpenRPC example's ` param <name>` or ` result`, or an operation (`GET /v1/x (getX)`,
 * `POST / getAsset`). Then, as deep as the bundle has it, what the message names first: the ajv
 * schema path of `schema is invalid: data/$defs/<Name>/…`, an example's `example /a/b` instance path,
 * or a key (`"nullable" is outside…`, `x-pagination.limit: …`, `minimum: …`). Undefined when the
 * place is not one of those forms.
 */
export function findingPointer(text, { doc, kind }) {
  const area = text.slice(0, text.indexOf(" "));
  const rest = text.slice(area.length + 1);
  const end = rest.indexOf(": ");
  if (end < 0) return undefined;
  let place = rest.slice(0, end);
  const message = rest.slice(end + 2);
  let segments;
  const wire = HTTP_WIRE.exec(place);
  if (place.startsWith("#")) {
    // The names in brackets (`#/methods/2 (getAssetsByOwner)`) and the example's param or result.
    const param = / param (\S+)$/.exec(place);
    const result = / result$/.test(place);
    place = place.replace(/ param \S+$| result$/, "").replace(/ \([^()]*\)/g, "");
    segments = resolveKeys(doc, place.slice(1)).segments;
    const example = nodeAt(doc, segments);
    if (param) {
      const i = (example?.params ?? []).findIndex((p) => p?.name === param[1]);
      if (i >= 0) segments.push("params", String(i), "value");
    } else if (result && example?.result && "value" in example.result)
      segments.push("result", "value");
  } else if (wire && kind === "openrpc") {
    const name = place.slice(wire[0].length + 1);
    const i = (doc.methods ?? []).findIndex((m) => m?.name === name);
    if (i < 0) return undefined;
    segments = ["methods", String(i)];
  } else if (wire && doc.paths?.[wire[2]]?.[wire[1].toLowerCase()]) {
    segments = ["paths", wire[2], wire[1].toLowerCase()];
  } else return undefined;
  return segmentsPointer([...segments, ...messageSegments(doc, segments, message)]);
}

/** What a finding's message names first, below its place, as far as the bundle has it (findingPointer). */
function messageSegments(doc, segments, message) {
  const node = nodeAt(doc, segments);
  const existing = (more) => {
    const found = [];
    let cur = node;
    for (const segment of more) {
      if (cur === null || typeof cur !== "object" || !Object.hasOwn(cur, segment)) break;
      cur = cur[segment];
      found.push(segment);
    }
    return found;
  };
  // ajv compiling the components: `schema is invalid: data/$defs/Asset/properties/x/minimum must…`
  const invalid = /^schema is invalid: data\/\$defs\/(\S+)/.exec(message);
  if (invalid && segments.join("/") === "components/schemas")
    return existing(invalid[1].split("/").map(decodeSegment));
  // An example's instance path: `example /token_info/supply 888… is beyond…`, `example (root) …`.
  const example = /^example (\/\S*?|\(root\)):? /.exec(message);
  if (example) {
    // (An OpenAPI example object holds its value under `value`; a schema's `examples` item is it.)
    const inObject =
      segments.at(-2) === "examples" &&
      !Array.isArray(nodeAt(doc, segments.slice(0, -1))) &&
      node !== null &&
      typeof node === "object" &&
      "value" in node;
    const path = example[1] === "(root)" ? [] : pointerSegments(example[1]);
    return existing(inObject ? ["value", ...path] : path);
  }
  // A key the message starts with (`"nullable" is outside…`, `x-pagination.limit: "limt"…`).
  // (Unquoted, `schema` and `example` begin a message about the schema or an example value; quoted,
  // they are keywords: `"example" is outside…`.)
  const key = /^(")?([\w$-]+(?:\.[\w$-]+)*)"?(?=[ :])/.exec(message);
  if (key && (key[1] || !/^(schema|example)$/.test(key[2]))) return existing(key[2].split("."));
  return [];
}

/**
 * The segments of `path` (`/paths//v1/wallet/{wallet}/get/parameters/2`: keys written escaped or
 * not) in `node`: at each level the longest key of the node that the path goes on with (with a
 * complete match preferred); past what `node` holds, the rest as escaped JSON pointer segments.
 */
function resolveKeys(node, path) {
  if (path === "") return { segments: [], complete: true };
  if (!path.startsWith("/")) return { segments: [], complete: false };
  const rest = path.slice(1);
  const keys =
    node !== null && typeof node === "object"
      ? Object.keys(node).flatMap((k) => [
          [k, k],
          [k, pointerSegment(k)],
        ])
      : [];
  const matches = keys
    .filter(([, written]) => rest === written || rest.startsWith(`${written}/`))
    .sort(([, a], [, b]) => b.length - a.length);
  let fallback;
  for (const [key, written] of matches) {
    const tail = resolveKeys(node[key], rest.slice(written.length));
    const found = { segments: [key, ...tail.segments], complete: tail.complete };
    if (found.complete) return found;
    fallback ??= found;
  }
  return (
    fallback ?? {
      segments: pointerSegments(path),
      complete: false,
    }
  );
}

const nodeAt = (doc, segments) =>
  segments.reduce(
    (node, s) => (node !== null && typeof node === "object" ? node[s] : undefined),
    doc,
  );
