// The OpenRPC documents' own rules: the OpenRPC 1.3 meta-schema, with every error it finds (not
// only the first, as @open-rpc/schema-utils-js reports), and what the SDK and the docs need of a
// method beyond it: a summary, a description, its errors, described params (the required ones
// first, as OpenRPC says) and result, a named request example and a response example, well-formed
// query options (`x-query-params`) and `x-sdk-defaults` that name members the SDK can fill from
// their schema's `default`.
import { createRequire } from "node:module";
import { getDocumentExtendedMetaSchema } from "@open-rpc/schema-utils-js";
import { pointerSegment } from "../../generate/lib/schema.mjs";
import { MARK_NOT_BOOLEAN, mistakeId } from "../../lib/mistake-ids.mjs";
import { deref } from "./schema-walk.mjs";

/**
 * Meta-schema validation (OpenRPC 1.3) plus our own rules for methods. `ids`, a Map, gets the
 * identity of a meta-schema line that another rule tells in its own words (mistake-ids.mjs).
 */
export function checkOpenRpc({ area, doc }, { ids } = {}) {
  const findings = metaSchemaFindings(area, doc, ids);
  (doc.methods ?? []).forEach((m, i) => {
    const at = `${area} #/methods/${i} (${m.name})`;
    if (!m.summary) findings.push(`${at}: summary is required`);
    if (!m.description) findings.push(`${at}: description is required`);
    if (!m.errors?.length) findings.push(`${at}: list the error objects the method can return`);
    // (The first optional param: a required one after it breaks OpenRPC's order.)
    let optional;
    (m.params ?? []).forEach((p, j) => {
      if (!p.description) findings.push(`${at}/params/${j}: param ${p.name} needs a description`);
      if (p.required !== true) optional ??= { name: p.name, j };
      else if (optional)
        findings.push(
          `${at}/params/${j}: param ${p.name} is required but comes after the optional ${optional.name} (params/${optional.j}): OpenRPC lists every required param before the optional ones, so that a call by position can leave the optional ones out; move ${p.name} before ${optional.name}`,
        );
      checkRefusedWith(doc, m, p, `${at}/params/${j}/x-refused-with`, findings);
      // x-sdk-defaults: members of an object param the SDK sends when left out, each with the
      // value its schema's `default` gives (the generator reads it there).
      const sent = p["x-sdk-defaults"];
      if (sent === undefined) return;
      const say = (message) => findings.push(`${at}/params/${j}/x-sdk-defaults: ${message}`);
      const schema = deref(doc, p.schema);
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

/**
 * x-refused-with: the error object the service answers, in place of -32602, when the param breaks
 * one of its schema's own keywords, or of its entries' schema (a rule its method checks after the
 * params parse): each key is such a keyword, or `items/<keyword>`, each value `{ code, message }`
 * with a code the method lists; the mock answers it.
 */
function checkRefusedWith(doc, m, p, at, findings) {
  const refusals = p["x-refused-with"];
  if (refusals === undefined) return;
  const say = (message) => findings.push(`${at}: ${message}`);
  if (!refusals || typeof refusals !== "object" || Array.isArray(refusals))
    return say("a map of the param's schema keywords to { code, message }");
  if (typeof refusals["x-source"] !== "string") say("needs an x-source: where the service says so");
  const codes = new Set((m.errors ?? []).map((e) => deref(doc, e)?.code));
  for (const [key, error] of Object.entries(refusals)) {
    if (key.startsWith("x-")) continue;
    const steps = key.split("/");
    const keyword = steps.pop();
    let schema = deref(doc, p.schema) ?? {};
    for (const step of steps) schema = step === "items" ? (deref(doc, schema.items) ?? {}) : {};
    const whose = steps.length ? `the entries of param ${p.name}` : `param ${p.name}`;
    if (steps.some((step) => step !== "items"))
      say(`${key}: a keyword of the param's schema, or items/<keyword> of its entries'`);
    else if (!Object.hasOwn(schema, keyword))
      say(`${keyword} is not a keyword of ${whose}'s schema: nothing to break`);
    if (typeof error?.message !== "string" || !error.message)
      say(`${key}: needs the message the service answers`);
    if (!codes.has(error?.code))
      say(`${key}: code ${error?.code} is not one of the errors ${m.name} lists`);
  }
}

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
function metaSchemaFindings(area, doc, ids) {
  let validate;
  try {
    validate = metaSchemaValidator(getDocumentExtendedMetaSchema(doc));
    if (validate(doc)) return [];
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
  const items = validate.errors
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
    const line = `${area} ${at}: OpenRPC meta-schema: ${e.message}${detail}`;
    lines.add(line);
    // (A value that must be a boolean: at a status mark, status-marks.mjs's to tell.)
    if (e.keyword === "type" && e.params?.type === "boolean")
      ids?.set(line, mistakeId(MARK_NOT_BOOLEAN, area, at));
  }
  return [...lines];
}

/**
 * The meta-schema `metaSchema` compiled, once per process for each meta-schema: the documents of
 * a run extend the same one (and compiling it was most of this rule's time).
 */
function metaSchemaValidator(metaSchema) {
  const key = JSON.stringify(metaSchema);
  if (!metaSchemaValidators.has(key)) {
    const ajv = new Ajv6({ allErrors: true, verbose: true });
    ajv.addSchema(jsonSchemaMetaSchema, "https://meta.json-schema.tools");
    metaSchemaValidators.set(key, ajv.compile(metaSchema));
    if (metaSchemaValidators.size > 8)
      metaSchemaValidators.delete(metaSchemaValidators.keys().next().value);
  }
  return metaSchemaValidators.get(key);
}
const metaSchemaValidators = new Map();
