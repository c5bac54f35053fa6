// The examples (spec/README.md "Examples"): every example and `default` validates against its
// schema, by the spec's own ajv (makeAjv: JSON Schema 2020-12, strict, with the u64/i64 formats and
// the integer ranges of integers.mjs on the exact value), which test/contract uses too; an example
// holds no property its schema spells another way (a rename leftover, which ajv lets through an
// open object); and every REST operation has the named request and response examples the docs show
// and the mock answers with (a JSON-RPC method's: openrpc.mjs).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { pointerSegment } from "../../generate/lib/schema.mjs";
import { mistakeId, PLAIN_INTEGER_BEYOND_SAFE } from "../../lib/mistake-ids.mjs";
import { exactInteger } from "../bundle.mjs";
import { admitsNumbers, integerKind, integerRangeProblem } from "./integers.mjs";
import {
  cacheFolder,
  installedPackages,
  keepLines,
  keptLines,
  linesText,
} from "./kept-findings.mjs";
import { HTTP_METHODS, listOperations, operationParameters } from "./operations.mjs";
import { deref, forEachSchema, operationsReaching, schemaBranches } from "./schema-walk.mjs";
import { boundsLeavingNoValue, regexProblem, undeclaredRequired } from "./schemas.mjs";

/**
 * An ajv for the spec's schemas (2020-12, strict, formats incl. uint64/int64). Also used by
 * test/contract. Its `chaindataInteger` keyword is put in by `toAjvSchema(…, { exact: true })`
 * only.
 */
export function makeAjv({ strict = true } = {}) {
  const ajv = new Ajv2020({
    strict,
    // (Not strict: the second compile after an unknown keyword or format, already a finding,
    // prints no warning of it.)
    ...(!strict && { logger: false }),
    strictTypes: false,
    strictRequired: false,
    allowUnionTypes: true,
    allErrors: true,
    validateFormats: true,
    // (`data` on each error: the refused value, shown beside the rule.)
    verbose: true,
    // (Ajv's pass over the generated code that drops unused names: a third of each compile's
    // time, and the rules compile every schema of the spec on each run; what a schema accepts and
    // the errors it gives do not change.)
    code: { optimize: false },
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
    validate: function chaindataInteger(format, data, parentSchema, cxt) {
      if (!Number.isInteger(data)) return true;
      const n = exactInteger(cxt?.parentData, cxt?.parentDataProperty) ?? BigInt(data);
      const problem = integerRangeProblem(format, n);
      // (`parentSchema`: the schema the value is checked at, which checkExamples names.)
      if (problem)
        chaindataInteger.errors = [
          // (`params.kind`: `plain`, an integer beyond ±(2^53−1) where no u64 / i64 is, which
          // checkExamples tells once per field.)
          { keyword: "chaindataInteger", message: problem, parentSchema, params: { kind: format } },
        ];
      return !problem;
    },
  });
  return ajv;
}

/**
 * The schema of the bundle each schema toAjvSchema returns was made from (for a finding's place).
 */
const sourceSchemas = new WeakMap();

/**
 * A schema as ajv sees it: `x-*` annotations stripped, refs pointed at the document's $defs.
 * With `exact`, every schema that admits numbers also checks integers against their range
 * (`integerRangeProblem`), on the exact value where the bundle holds one. `leftOut` (a Map of
 * schema → { bounds, required }, refusedBySchemaRules): keywords and required names left out of
 * that schema, each a mistake of the schema that checkSchemaRules tells once, which every example
 * would tell again.
 */
export function toAjvSchema(schema, id, options = {}) {
  if (Array.isArray(schema)) return schema.map((s) => toAjvSchema(s, id, options));
  if (schema === null || typeof schema !== "object") return schema;
  const out = {};
  const leftOut = options.leftOut?.get(schema);
  for (const [k, v] of Object.entries(schema)) {
    if (k.startsWith("x-") || leftOut?.bounds.has(k)) continue;
    if (k === "$ref" && typeof v === "string")
      out.$ref = v.replace(/^#\/components\/schemas\//, `${id}#/$defs/`);
    else if (k === "required" && leftOut?.required.size && Array.isArray(v))
      out.required = v.filter((name) => !leftOut.required.has(name));
    else if (k === "properties" || k === "patternProperties" || k === "$defs")
      out[k] = Object.fromEntries(
        Object.entries(v).map(([p, s]) => [p, toAjvSchema(s, id, options)]),
      );
    else if (k === "examples" || k === "default" || k === "const" || k === "enum") out[k] = v;
    else if (k === "pattern" && options.exact && regexProblem(v))
      continue; // checkSchemaRules
    else out[k] = toAjvSchema(v, id, options);
  }
  if (options.exact && admitsNumbers(schema)) out.chaindataInteger = integerKind(schema);
  sourceSchemas.set(out, schema);
  return out;
}

/**
 * Every example validates against its schema (ajv, JSON Schema 2020-12, strict:
 * an unknown keyword or `type` is a finding too). Covers schema `examples`,
 * OpenRPC example pairings, and OpenAPI parameter / body / response / header examples.
 *
 * The findings of a document already checked (the same area, kind and content, its exact integers
 * included) are remembered: compiling every example's schema is most of the rules' time (about 1 s
 * a run), and the spec tests check dozens of edited copies of spec/, each of which leaves all but
 * one document as it was. In this process, and between runs in node_modules/.cache (as Spectral's,
 * spectral.mjs), keyed also by the code that checks: every script of scripts/ (this one, what it
 * imports, anything it may import later), the installed packages (ajv) and Node's version
 * (examplesCacheKey).
 */
export function checkExamples(r, { ids } = {}) {
  const key = examplesKey(r);
  let findings = checkedDocs.get(key);
  if (!findings) {
    const packages = installedPackages();
    const kept = packages && examplesCacheKey(key, scriptsDigest(), packages);
    findings = (kept && keptLines(EXAMPLES_CACHE, kept)) ?? examplesOf(r);
    if (kept) keepLines(EXAMPLES_CACHE, kept, findings);
    checkedDocs.set(key, findings);
    if (checkedDocs.size > 64) checkedDocs.delete(checkedDocs.keys().next().value);
  }
  // (`ids`: a finding's identity, where another rule tells the same mistake, mistake-ids.mjs.)
  return linesText(findings, ids);
}

const EXAMPLES_CACHE = cacheFolder("chaindata-examples");
/** The file that keeps checkExamples' findings of `r` (its tests read it). */
export const examplesCacheFile = (r) =>
  join(
    EXAMPLES_CACHE,
    `${examplesCacheKey(examplesKey(r), scriptsDigest(), installedPackages())}.json`,
  );

/** The key of a document's kept findings: its examplesKey, the scripts' digest, the packages. */
export const examplesCacheKey = (documentKey, scripts, packages) =>
  createHash("sha256")
    .update(JSON.stringify([documentKey, scripts, packages]))
    .digest("hex");

/**
 * A digest of every script under `dir` (default: scripts/), by path and text: the rules, the
 * bundler and the generator's helpers they import. Any edit of one makes a new key, which is more
 * than checkExamples reads, and simpler than following its imports.
 */
export function scriptsDigest(dir = SCRIPTS) {
  if (dir === SCRIPTS && scriptsDigestOnce) return scriptsDigestOnce;
  const hash = createHash("sha256");
  const files = readdirSync(dir, { recursive: true })
    .filter((f) => /\.(mjs|cjs|js|json)$/.test(f))
    .sort();
  for (const f of files)
    hash
      .update(`${f}\0`)
      .update(readFileSync(join(dir, f)))
      .update("\0");
  const digest = hash.digest("hex");
  if (dir === SCRIPTS) scriptsDigestOnce = digest;
  return digest;
}
const SCRIPTS = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
let scriptsDigestOnce;

/** checkExamples' findings by examplesKey. */
const checkedDocs = new Map();

/**
 * A digest of what checkExamples reads of `r`: its area, kind and document, with what JSON text
 * would lose or confuse spelled out (an integer beyond ±(2^53−1) by its exact value, which the
 * document holds rounded: u64::MAX and u64::MAX + 1 are one double; `undefined`, a bigint, a
 * number JSON has no text for).
 */
function examplesKey({ area, kind, doc }) {
  const text = JSON.stringify([area, kind, doc], function (key, value) {
    const exact = exactInteger(this, key);
    if (exact !== undefined) return `\u0000exact:${exact}`;
    if (value === undefined) return "\u0000undefined";
    if (typeof value === "bigint") return `\u0000bigint:${value}`;
    if (typeof value === "number" && (!Number.isFinite(value) || Object.is(value, -0)))
      return `\u0000number:${Object.is(value, -0) ? "-0" : value}`;
    // (A string that starts like a marker, told apart from one.)
    if (typeof value === "string" && value.startsWith("\u0000")) return `\u0000${value}`;
    return value;
  });
  return createHash("sha256").update(text).digest("hex");
}

/**
 * The ajv of each strictness that checks one document at a time, its schemas removed after each
 * (examplesOf): making an ajv compiles the JSON Schema meta-schema, a tenth of the rules' time when
 * each document had its own. Made again after `AJV_USES` documents, since an ajv keeps a reference
 * to every schema it compiled, and the spec tests check hundreds of copies of the spec.
 */
const documentAjvs = new Map();
const AJV_USES = 32;
function documentAjv(strict) {
  let shared = documentAjvs.get(strict);
  if (!shared || shared.uses >= AJV_USES) {
    shared = { ajv: makeAjv({ strict }), uses: 0 };
    documentAjvs.set(strict, shared);
  }
  shared.uses++;
  return shared.ajv;
}

/** examplesIn(r), with the schemas of `r` removed from the shared ajvs afterwards. */
function examplesOf(r) {
  try {
    return examplesIn(r);
  } finally {
    for (const { ajv } of documentAjvs.values()) ajv.removeSchema();
  }
}

function examplesIn(r) {
  const { area, kind, doc } = r;
  const findings = [];
  const id = `https://chaindata.invalid/${kind}/${area}.json`;
  const ajvOptions = { exact: true, leftOut: refusedBySchemaRules(doc) };
  const defs = {};
  for (const [name, s] of Object.entries(doc.components?.schemas ?? {}))
    defs[name] = toAjvSchema(s, id, ajvOptions);
  const compiled = (strict) => {
    const made = documentAjv(strict);
    made.addSchema({ $id: id, $defs: defs });
    made.compile({ $ref: id }); // compiles every definition: reports unknown keywords / types
    for (const name of Object.keys(defs)) made.getSchema(`${id}#/$defs/${name}`);
    return made;
  };
  let ajv;
  try {
    ajv = compiled(true);
  } catch (error) {
    findings.push(`${area} #/components/schemas: ${error.message}`);
    // What strict mode alone refuses, an unknown keyword (a misspelt `maxLength`, which the subset
    // rule also names at its place), an unknown format (`date-tme`) or a keyword ajv would ignore
    // (`then` without `if`), leaves every other keyword meaning what it did: the examples are
    // checked against the schemas compiled without strict mode, in this run, rather than after it
    // is fixed. What does not compile even so (a keyword of the wrong type, a `$ref` to nothing)
    // leaves nothing to check them against. Told apart by that second compile: ajv throws a plain
    // Error for either, with no keyword or code, and its words are no interface.
    try {
      ajv = compiled(false);
    } catch {
      return findings;
    }
  }
  // Where each schema is (its first JSON path), and which operations reach a place: an integer
  // beyond ±(2^53−1) in a field that is no u64 is one mistake of the field, however many examples
  // hold such a value: reported once, at the field, with the examples.
  const placeOf = new Map();
  forEachSchema(doc, (schema, at) => placeOf.has(schema) || placeOf.set(schema, at));
  /** field place → the examples (place and path) holding a value beyond ±(2^53−1) there */
  const beyondSafe = new Map();
  // The value an ajv error refused, when it is short enough to read beside the rule (a contributor
  // sees which of an example's values breaks a pattern or a bound); none for objects and arrays,
  // which the path already names, nor for the u64 checks, whose messages quote the value.
  const refused = ({ data, keyword }) => {
    if ((data !== null && typeof data === "object") || keyword === "chaindataInteger") return "";
    // (An address, at most 44 characters, is shown whole; a transaction's text is cut.)
    const shown = typeof data === "string" && data.length > 64 ? `${data.slice(0, 64)}…` : data;
    return ` (got ${JSON.stringify(shown)})`;
  };
  // `container[key]` is the example value (the container lets the integer check read its exact
  // value). A message names the part of it that is wrong by its path in the value
  // (`example /token_info/ supply …`), the whole of it as `example value` (`default value` for a
  // schema's default).
  // Each schema compiled once, however many examples it has: a component schema is its
  // definition, which `compiled` has compiled already; another is compiled at its first example.
  // (Compiling is most of the rules' time, and compiling a schema again for each of its examples
  // was a fourth of it.)
  const definitionOf = new Map(
    Object.entries(doc.components?.schemas ?? {}).map(([name, s]) => [s, name]),
  );
  const validators = new Map();
  const validatorOf = (schema) => {
    if (!validators.has(schema)) {
      const name = definitionOf.get(schema);
      try {
        const validate =
          (name !== undefined && ajv.getSchema(`${id}#/$defs/${name}`)) ||
          ajv.compile(toAjvSchema(schema, id, ajvOptions));
        validators.set(schema, { validate });
      } catch (error) {
        validators.set(schema, { error });
      }
    }
    return validators.get(schema);
  };
  const check = (schema, container, key, where) => {
    const what = key === "default" && container === schema ? "default" : "example";
    const value = container?.[key];
    const { validate, error } = validatorOf(schema);
    if (error) {
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
      for (const e of validate.errors.filter((e) => e.keyword !== "if").slice(0, 5)) {
        const field =
          e.keyword === "chaindataInteger" &&
          e.params?.kind === "plain" &&
          placeOf.get(sourceSchemas.get(e.parentSchema));
        if (field) {
          if (!beyondSafe.has(field)) beyondSafe.set(field, []);
          beyondSafe.get(field).push(`${where}${e.instancePath ? ` ${e.instancePath}` : ""}`);
          continue;
        }
        findings.push(
          `${area} ${where}: ${what} ${e.instancePath || "value"} ${e.message}${e.params?.allowedValues ? ` ${JSON.stringify(e.params.allowedValues).slice(0, 80)}` : ""}${refused(e)}`,
        );
      }
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
    return [...findings, ...beyondSafeFindings(r, beyondSafe)];
  }

  // A named example may itself be a `$ref` to #/components/examples/<Name>.
  const exampleObject = (ex) =>
    ex?.$ref ? doc.components?.examples?.[ex.$ref.split("/").pop()] : ex;
  /** The media types, parameters and headers whose examples the walks below have checked. */
  const checkedHolders = new Set();
  const mediaExamples = (content, where) => {
    for (const [type, media] of Object.entries(content ?? {})) {
      checkedHolders.add(media);
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
    checkedHolders.add(p);
    for (const [name, raw] of Object.entries(p.examples ?? {}))
      if (p.schema) check(p.schema, exampleObject(raw), "value", `${where}/examples/${name}`);
  };
  // A response's body and header examples (a `$ref`'d header's are checked once, below).
  const responseExamples = (response, where) => {
    mediaExamples(response.content, where);
    for (const [h, header] of Object.entries(response.headers ?? {}))
      if (!header.$ref && checkedHolders.add(header))
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
    checkedHolders.add(header);
    for (const [n, ex] of Object.entries(header.examples ?? {}))
      check(header.schema, ex, "value", `#/components/headers/${name}/examples/${n}`);
  }
  for (const [name, p] of Object.entries(doc.components?.parameters ?? {}))
    paramExamples(p, `#/components/parameters/${name}`);
  // Any other holder of named examples beside a schema (a parameter's or header's `content`,
  // components.requestBodies, callbacks, a path item's parameters under webhooks or components):
  // Spectral's oas3-valid-media-example reads those too, and spec/.spectral.yaml leaves every
  // example to this rule (test/spec/rules/examples-spectral.test.ts holds the two to each place).
  const otherHolders = (node, at) => {
    if (node === null || typeof node !== "object") return;
    if (node.schema && isNamedExamples(node.examples) && !checkedHolders.has(node))
      for (const [name, raw] of Object.entries(node.examples)) {
        const ex = exampleObject(raw);
        if (ex && "value" in ex)
          check(node.schema, ex, "value", `${at}/examples/${pointerSegment(name)}`);
      }
    for (const [key, value] of Object.entries(node))
      if (key !== "schema" && key !== "examples" && !(at === "#/components" && key === "schemas"))
        otherHolders(value, `${at}/${pointerSegment(key)}`);
  };
  otherHolders(doc, "#");
  return [...findings, ...beyondSafeFindings(r, beyondSafe)];
}

/**
 * What the examples are not held to, by schema (toAjvSchema's `leftOut`): bound keywords that leave
 * no value (an integer's no whole number too) and `required` names no property declares. checkSchemaRules tells each at the schema,
 * with what to write; an example checked against them would tell it again (`must be >= 1001`, or
 * `must have required property 'nmae'` and, in an anyOf, `must be null` and `must match a schema
 * in anyOf` beside it), once per example, before the schema's line.
 */
function refusedBySchemaRules(doc) {
  const leftOut = new Map();
  forEachSchema(doc, (schema, _at, parent) => {
    const bounds = boundsLeavingNoValue(schema).flat();
    const required = undeclaredRequired(doc, schema, parent);
    if (bounds.length || required.length)
      leftOut.set(schema, { bounds: new Set(bounds), required: new Set(required) });
  });
  return leftOut;
}

/** OpenAPI's named examples: a map of example objects (a schema's `examples` is a list). */
const isNamedExamples = (examples) =>
  examples !== null && typeof examples === "object" && !Array.isArray(examples);

/**
 * One finding per field that holds integers beyond ±(2^53−1) in its examples without being a u64 /
 * i64 (`beyondSafe`: field place → the examples), at the field, with how many examples hold one
 * (the first three named) and the operations that use the field; each with its identity (the
 * u64-name rule tells the same mistake where the field's name says u64).
 */
function beyondSafeFindings(r, beyondSafe) {
  const reaching = operationsReaching(r);
  return [...beyondSafe].map(([field, examples]) => {
    const shown = examples.slice(0, 3).join(", ") + (examples.length > 3 ? ", …" : "");
    const defaults = examples.filter((e) => / ?\/default( |$)/.test(e)).length;
    const counts = [
      [examples.length - defaults, "example"],
      [defaults, "default"],
    ]
      .filter(([n]) => n > 0)
      .map(([n, what]) => `${n} ${what}${n === 1 ? "" : "s"}`);
    const many = `${counts.join(" and ")} hold${examples.length === 1 ? "s" : ""}`;
    const operations = reaching(field);
    const used = operations.length
      ? `; one fix for the ${operations.length === 1 ? "operation" : `${operations.length} operations`} that use${operations.length === 1 ? "s" : ""} it (${operations.join(", ")})`
      : "";
    const text = `${r.area} ${field}: is a plain integer (no format: uint64 / int64), but ${many} an integer beyond ±(2^53−1) here (${shown}), which the SDK would deliver as a bigint in a field typed number: make the field $ref: common.yaml#/U64 (or #/I64), decision 0005${used}`;
    return { text, id: mistakeId(PLAIN_INTEGER_BEYOND_SAFE, r.area, field) };
  });
}

/**
 * Rename leftovers in an example: a property the schema does not declare, while the schema declares
 * the same name in another spelling (`master_edition_address` vs `masterEditionAddress`, `nft-id`
 * vs `nftId`) that the example lacks. Response objects stay open (`additionalProperties: true`,
 * the service may add fields), so ajv accepts such an example; a closed object (`false`) is ajv's.
 */
function undeclaredExampleProperties(doc, schema, value, path = "", out = [], depth = 0) {
  if (value === null || typeof value !== "object" || depth > 40) return out;
  const branches = schemaBranches(doc, schema);
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
    const params = operationParameters(doc, op);
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
