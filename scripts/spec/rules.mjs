// The checks every bundled spec document must pass. Used by scripts/spec/check.mjs
// (a CLI for spec editors) and by test/spec/*.test.ts (inside `npm test`).
// Each check returns a list of findings ("<area> <JSON path>: <message>"); empty = pass.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { validateOpenRPCDocument } from "@open-rpc/schema-utils-js";
import { openBranchAccepts, openEnumParts } from "../lib/open-enum.mjs";

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
  const findings = [];
  const result = validateOpenRPCDocument(doc);
  if (result !== true) {
    const errors = result.errors ?? [result];
    for (const e of errors)
      findings.push(
        `${area} ${e.instancePath ?? e.dataPath ?? ""}: OpenRPC meta-schema: ${e.message ?? String(e)}`,
      );
  }
  (doc.methods ?? []).forEach((m, i) => {
    const at = `${area} #/methods/${i} (${m.name})`;
    if (!m.summary) findings.push(`${at}: summary is required`);
    if (!m.description) findings.push(`${at}: description is required`);
    if (!m.errors?.length) findings.push(`${at}: list the error objects the method can return`);
    for (const p of m.params ?? [])
      if (!p.description) findings.push(`${at}: param ${p.name} needs a description`);
    const examples = (m.examples ?? []).filter((e) => !e.$ref);
    if (!examples.some((e) => e.name && Array.isArray(e.params)))
      findings.push(`${at}: needs a named request example (examples[].params)`);
    if (!examples.some((e) => e.result && "value" in e.result))
      findings.push(`${at}: needs a response example (examples[].result.value)`);
    if (m["x-params"] !== undefined && (m["x-params"] !== "array" || m.params?.length !== 1)) {
      findings.push(`${at}: x-params: array requires exactly one param (the array)`);
    }
    checkPagination(m["x-pagination"], at, findings);
  });
  return findings;
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
    "keyset",
    "x-source",
  ]);
  if (p.style !== "page" && p.style !== "cursor")
    findings.push(`${at}: x-pagination.style must be page or cursor`);
  if (!p.items) findings.push(`${at}: x-pagination.items is required`);
  if (p.style === "page" && !p.page)
    findings.push(`${at}: x-pagination.page names the page parameter`);
  if (p.style === "cursor" && !(p.cursor && p.nextCursor))
    findings.push(`${at}: x-pagination needs cursor and nextCursor`);
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
      `${at}: x-pagination.keyset lists the params that change how a walk goes on (a walk with one of them continues by cursor, or is one request), and needs cursor`,
    );
  }
  for (const k of Object.keys(p))
    if (!allowed.has(k)) findings.push(`${at}: x-pagination.${k} is not a known key`);
}

// ---------------------------------------------------------------- OpenAPI

/** Spectral lint (spec/.spectral.yaml) over bundled OpenAPI documents; warnings fail too. */
export function lintOpenApi(results) {
  const docs = results.filter((r) => r.kind === "openapi");
  if (!docs.length) return [];
  const dir = mkdtempSync(join(tmpdir(), "chaindata-spectral-"));
  try {
    const files = docs.map((r) => {
      const file = join(dir, `${r.area}.json`);
      writeFileSync(file, JSON.stringify(r.doc, null, 2));
      return file;
    });
    let out;
    try {
      out = execFileSync(
        join(root, "node_modules/.bin/spectral"),
        [
          "lint",
          ...files,
          "-r",
          join(root, "spec/.spectral.yaml"),
          "-f",
          "json",
          "-F",
          "hint",
          "--quiet",
        ],
        {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
    } catch (error) {
      out = error.stdout;
      if (!out)
        throw new Error(`spectral failed: ${error.stderr || error.message}`, { cause: error });
    }
    const problems = out.trim() ? JSON.parse(out) : [];
    return problems.map(
      (p) =>
        `${p.source
          .split("/")
          .pop()
          .replace(/\.json$/, "")} #/${p.path.join("/")}: [${p.code}] ${p.message}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- examples

/** An ajv for the spec's schemas (2020-12, strict, formats incl. uint64/int64). Also used by test/contract. */
export function makeAjv() {
  const ajv = new Ajv2020({
    strict: true,
    strictTypes: false,
    strictRequired: false,
    allowUnionTypes: true,
    allErrors: true,
    validateFormats: true,
  });
  addFormats(ajv);
  ajv.addFormat("uint64", { type: "number", validate: (n) => Number.isInteger(n) && n >= 0 });
  ajv.addFormat("int64", { type: "number", validate: (n) => Number.isInteger(n) });
  return ajv;
}

/** A schema as ajv sees it: `x-*` annotations stripped, refs pointed at the document's $defs. */
export function toAjvSchema(schema, id) {
  if (Array.isArray(schema)) return schema.map((s) => toAjvSchema(s, id));
  if (schema === null || typeof schema !== "object") return schema;
  const out = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k.startsWith("x-")) continue;
    if (k === "$ref" && typeof v === "string")
      out.$ref = v.replace(/^#\/components\/schemas\//, `${id}#/$defs/`);
    else if (k === "properties" || k === "patternProperties" || k === "$defs")
      out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, toAjvSchema(s, id)]));
    else if (k === "examples" || k === "default" || k === "const" || k === "enum") out[k] = v;
    else out[k] = toAjvSchema(v, id);
  }
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
    defs[name] = toAjvSchema(s, id);
  try {
    ajv.addSchema({ $id: id, $defs: defs });
    ajv.compile({ $ref: id }); // compiles every definition: reports unknown keywords / types
    for (const name of Object.keys(defs)) ajv.getSchema(`${id}#/$defs/${name}`);
  } catch (error) {
    findings.push(`${area} #/components/schemas: ${error.message}`);
    return findings;
  }
  const check = (schema, value, where) => {
    let validate;
    try {
      validate = ajv.compile(toAjvSchema(schema, id));
    } catch (error) {
      findings.push(`${area} ${where}: schema does not compile: ${error.message}`);
      return;
    }
    if (!validate(value)) {
      for (const e of validate.errors.slice(0, 5))
        findings.push(
          `${area} ${where}: example ${e.instancePath || "(root)"} ${e.message}${e.params?.allowedValues ? ` ${JSON.stringify(e.params.allowedValues).slice(0, 80)}` : ""}`,
        );
    }
  };
  const visitSchemaExamples = (schema, where) => {
    if (Array.isArray(schema?.examples))
      schema.examples.forEach((ex, i) => check(schema, ex, `${where}/examples/${i}`));
  };
  for (const [name, s] of Object.entries(doc.components?.schemas ?? {}))
    visitSchemaExamples(s, `#/components/schemas/${name}`);

  if (kind === "openrpc") {
    (doc.methods ?? []).forEach((m, i) => {
      const at = `#/methods/${i} (${m.name})`;
      const byName = Object.fromEntries((m.params ?? []).map((p) => [p.name, p]));
      (m.params ?? []).forEach((p, j) => visitSchemaExamples(p.schema, `${at}/params/${j}/schema`));
      (m.examples ?? []).forEach((ex, j) => {
        const where = `${at}/examples/${j} (${ex.name})`;
        for (const p of ex.params ?? []) {
          if (!byName[p.name])
            findings.push(
              `${area} ${where}: example param "${p.name}" is not a param of ${m.name}`,
            );
          else check(byName[p.name].schema, p.value, `${where} param ${p.name}`);
        }
        const given = new Set((ex.params ?? []).map((p) => p.name));
        for (const p of m.params ?? [])
          if (p.required && !given.has(p.name))
            findings.push(`${area} ${where}: required param "${p.name}" missing from the example`);
        if (ex.result && "value" in ex.result)
          check(m.result.schema, ex.result.value, `${where} result`);
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
          check(media.schema, ex.value, `${where}/content/${type}/examples/${name}`);
      }
    }
  };
  const paramExamples = (param, where) => {
    const p = param.$ref ? doc.components.parameters[param.$ref.split("/").pop()] : param;
    for (const [name, raw] of Object.entries(p.examples ?? {}))
      if (p.schema) check(p.schema, exampleObject(raw)?.value, `${where}/examples/${name}`);
  };
  const walkOperation = (op, where) => {
    (op.parameters ?? []).forEach((p, i) => paramExamples(p, `${where}/parameters/${i}`));
    mediaExamples(op.requestBody?.content, `${where}/requestBody`);
    for (const [status, response] of Object.entries(op.responses ?? {})) {
      if (response.$ref) continue; // shared responses are checked once below
      mediaExamples(response.content, `${where}/responses/${status}`);
    }
  };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    (item.parameters ?? []).forEach((p, i) => paramExamples(p, `#/paths/${path}/parameters/${i}`));
    for (const method of HTTP_METHODS)
      if (item[method]) walkOperation(item[method], `#/paths/${path}/${method}`);
  }
  for (const [name, item] of Object.entries(doc.webhooks ?? {})) {
    for (const method of HTTP_METHODS)
      if (item[method]) walkOperation(item[method], `#/webhooks/${name}/${method}`);
  }
  for (const [name, response] of Object.entries(doc.components?.responses ?? {})) {
    mediaExamples(response.content, `#/components/responses/${name}`);
    for (const [h, header] of Object.entries(response.headers ?? {})) {
      if (!header.$ref)
        for (const [n, ex] of Object.entries(header.examples ?? {}))
          check(
            header.schema,
            ex.value,
            `#/components/responses/${name}/headers/${h}/examples/${n}`,
          );
    }
  }
  for (const [name, header] of Object.entries(doc.components?.headers ?? {})) {
    for (const [n, ex] of Object.entries(header.examples ?? {}))
      check(header.schema, ex.value, `#/components/headers/${name}/examples/${n}`);
  }
  for (const [name, p] of Object.entries(doc.components?.parameters ?? {}))
    paramExamples(p, `#/components/parameters/${name}`);
  return findings;
}

/** OpenAPI operations need a named request example (params or body) and a response example. */
export function checkOpenApiExamplesPresent({ area, doc }) {
  const findings = [];
  for (const op of listOperations({ area, kind: "openapi", doc })) {
    const o = op.operation;
    const params = (o.parameters ?? []).map((p) =>
      p.$ref ? doc.components.parameters[p.$ref.split("/").pop()] : p,
    );
    const hasRequestExample =
      params.some((p) => Object.keys(p.examples ?? {}).length) ||
      Object.values(o.requestBody?.content ?? {}).some((m) => Object.keys(m.examples ?? {}).length);
    const ok = Object.entries(o.responses ?? {}).filter(([s]) => s.startsWith("2"));
    const hasResponseExample =
      ok.some(([, r]) =>
        Object.values(r.content ?? {}).some((m) => Object.keys(m.examples ?? {}).length),
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
  }
  return findings;
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
  const seen = new Set();
  const schema = (node, at) => {
    if (node === null || typeof node !== "object" || Array.isArray(node) || seen.has(node)) return;
    seen.add(node);
    for (const [key, value] of Object.entries(node)) {
      if (!SCHEMA_KEYWORDS.has(key) && !key.startsWith("x-"))
        findings.push(
          `${area} ${at}: "${key}" is outside the spec's JSON Schema subset (spec/README.md)`,
        );
      if (key === "properties" || key === "dependentSchemas")
        for (const [name, s] of Object.entries(value ?? {})) schema(s, `${at}/${key}/${name}`);
      else if (key === "items" || key === "additionalProperties") schema(value, `${at}/${key}`);
      else if (key === "anyOf" || key === "oneOf" || key === "allOf")
        (value ?? []).forEach((s, i) => schema(s, `${at}/${key}/${i}`));
    }
  };
  // Outside `components.schemas`, a schema sits under a `schema` key (OpenAPI parameters and
  // media types, OpenRPC content descriptors).
  const walk = (node, at) => {
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "schema") schema(value, `${at}/schema`);
      else if (key === "examples" || key === "x-error-info") continue;
      else walk(value, `${at}/${key}`);
    }
  };
  for (const [name, s] of Object.entries(doc.components?.schemas ?? {}))
    schema(s, `#/components/schemas/${name}`);
  walk(doc, "#");
  return findings;
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

export function runAllChecks(results) {
  const findings = [];
  const assumptions = [];
  const operations = [];
  for (const r of results) {
    const prov = checkProvenance(r);
    findings.push(...prov.findings);
    assumptions.push(...prov.items.filter((i) => i.source.startsWith("assumption")));
    if (r.kind === "openrpc") findings.push(...checkOpenRpc(r));
    else findings.push(...checkOpenApiExamplesPresent(r));
    findings.push(...checkExamples(r));
    findings.push(...checkSchemaKeywords(r));
    findings.push(...checkOpenEnums(r));
    findings.push(...checkCosts(r));
    operations.push(...listOperations(r));
  }
  findings.push(...lintOpenApi(results));
  return { findings, assumptions, operations };
}
