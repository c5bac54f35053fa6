// Schema helpers for the generators: resolving refs, the pruned schemas that
// @chaindata/core validates input against, and the u64 shapes it revives.
import { isAnnotation, TRANSLATED } from "./validator.mjs";

export function resolveRef(doc, ref) {
  if (!ref.startsWith("#/"))
    throw new Error(`unexpected external $ref ${ref} in a bundled document`);
  let node = doc;
  for (const seg of ref.slice(2).split("/"))
    node = node?.[seg.replace(/~1/g, "/").replace(/~0/g, "~")];
  if (node === undefined) throw new Error(`bad $ref ${ref}`);
  return node;
}

/** Follow `$ref`s until a concrete schema. */
export function deref(doc, schema) {
  let s = schema;
  for (let i = 0; s?.$ref && i < 32; i++) s = resolveRef(doc, s.$ref);
  return s;
}

/**
 * Whether `null` is valid against `schema`: every keyword that constrains null must allow it
 * (`type`, `enum`, `const`, some branch of `anyOf` / `oneOf`, every branch of `allOf`, not `not`);
 * the other keywords (`properties`, `items`, bounds, ...) do not apply to null.
 */
export function allowsNull(doc, schema, depth = 0) {
  const s = deref(doc, schema);
  if (s === true || s === undefined) return true;
  if (!s || typeof s !== "object" || depth > 32) return false;
  const next = (branch) => allowsNull(doc, branch, depth + 1);
  return (
    (s.type === undefined || [s.type].flat().includes("null")) &&
    (s.enum === undefined || s.enum.includes(null)) &&
    (!("const" in s) || s.const === null) &&
    (s.anyOf === undefined || s.anyOf.some(next)) &&
    (s.oneOf === undefined || s.oneOf.some(next)) &&
    (s.allOf === undefined || s.allOf.every(next)) &&
    (s.not === undefined || !next(s.not))
  );
}

/**
 * A self-contained copy of `schema` with refs inlined and only validation keywords kept. Any
 * keyword neither validated nor an annotation stops the generator: dropping it would silently
 * lose a check (`exclusiveMaximum`, `multipleOf`, a misspelt `minimun`, OpenAPI 3.0's `nullable`).
 * @throws Error naming the path (after `where`) of a keyword that is neither validated nor an annotation;
 *   its `at` is the keyword's schema as a JSON pointer of `doc`, when it is inside a referenced one
 *   (`at`: the pointer of `schema` itself, if known), so that the spec checks can name its YAML file;
 *   `path` and `keyword` as fields too, as the check emitter's errors have them
 */
export function validationSchema(doc, schema, stack = [], where = "#", at = undefined) {
  if (schema === true || schema === false) return schema;
  if (schema?.$ref) {
    if (stack.includes(schema.$ref)) return {}; // recursive type: stop checking below this depth
    return validationSchema(
      doc,
      resolveRef(doc, schema.$ref),
      [...stack, schema.$ref],
      `${schema.$ref} (from ${where})`,
      schema.$ref,
    );
  }
  const out = {};
  const inner = (value, path) =>
    validationSchema(doc, value, stack, `${where}/${path}`, at && `${at}/${path}`);
  for (const [key, value] of Object.entries(schema ?? {})) {
    if (!TRANSLATED.has(key)) {
      if (isAnnotation(key)) continue;
      const error = new Error(
        `${where}: "${key}" is not a keyword the generated checks translate (nor an annotation); express the rule with ${[...TRANSLATED].join(", ")}`,
      );
      throw Object.assign(error, { at, path: where, keyword: key });
    }
    if (key === "properties") {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, inner(v, `properties/${pointerSegment(k)}`)]),
      );
    } else if (key === "items") {
      out.items = inner(value, "items");
    } else if (key === "additionalProperties") {
      if (value === false || value === true) out.additionalProperties = value;
      else out.additionalProperties = inner(value, "additionalProperties");
    } else if (key === "dependentSchemas") {
      out.dependentSchemas = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          inner(v, `dependentSchemas/${pointerSegment(k)}`),
        ]),
      );
    } else if (key === "anyOf") {
      out[key] = value.map((v, i) => inner(v, `${key}/${i}`));
    } else out[key] = value; // (an enum of any length: validator.mjs decides what to check)
  }
  return out;
}

/** A u64/i64 value: an integer with format uint64/int64, typed `bigint` and revived to one. */
export const isU64 = (s) =>
  s &&
  (s.format === "uint64" || s.format === "int64") &&
  (s.type === "integer" || (Array.isArray(s.type) && s.type.includes("integer")));

/** A float: a `number` (not integer) value, typed `number`. */
const isFloat = (s) =>
  s && (s.type === "number" || (Array.isArray(s.type) && s.type.includes("number")));

function mergeShapes(a, b) {
  if (a === undefined) return b;
  if (b === undefined) return a;
  if (a === 1 || b === 1) return 1;
  // (A float beside an object, in an anyOf: the object's shape.)
  if (a === 0) return b;
  if (b === 0) return a;
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = mergeShapes(out[k], v);
  return out;
}

/** Whether `shape` marks a u64 value anywhere (`1`), not floats alone. */
const hasU64 = (shape) =>
  shape === 1 || (typeof shape === "object" && Object.values(shape).some(hasU64));

/**
 * Where the u64 values are in a response: `1` = this value, `{ key: shape }` = inside
 * these properties; arrays are transparent (the shape applies to each element). Floats are
 * marked too, `0`: a float the server writes as an integer beyond 2^53 is parsed as a bigint, and
 * the runtime turns it back into the `number` its type says. Returns undefined when the schema
 * holds no u64 and no float at all.
 */
export function u64Shape(doc, schema, stack = []) {
  if (!schema || typeof schema !== "object") return undefined;
  if (schema.$ref) {
    if (stack.includes(schema.$ref)) return undefined;
    return u64Shape(doc, resolveRef(doc, schema.$ref), [...stack, schema.$ref]);
  }
  if (isU64(schema)) return 1;
  if (isFloat(schema)) return 0;
  let shape;
  for (const key of ["anyOf", "oneOf", "allOf"])
    for (const s of schema[key] ?? []) shape = mergeShapes(shape, u64Shape(doc, s, stack));
  if (schema.items) shape = mergeShapes(shape, u64Shape(doc, schema.items, stack));
  for (const [name, s] of Object.entries(schema.properties ?? {})) {
    const inner = u64Shape(doc, s, stack);
    if (inner !== undefined) shape = mergeShapes(shape, { [name]: inner });
  }
  // The types would say bigint, but the runtime revives u64 values only under named properties.
  if (
    typeof schema.additionalProperties === "object" &&
    hasU64(u64Shape(doc, schema.additionalProperties, stack))
  ) {
    const error = new Error(
      `${stack.at(-1) ?? "a response schema"}: u64 values under additionalProperties are not revived to bigint by @chaindata/core; name the properties, or use a list`,
    );
    throw Object.assign(error, { at: stack.at(-1) }); // (the schema's pointer, for the spec checks)
  }
  return shape;
}

/** One JSON pointer segment (`/v1/x` → `~1v1~1x`). */
export const pointerSegment = (key) => String(key).replace(/~/g, "~0").replace(/\//g, "~1");

/** `get_asset-batch` → `GetAssetBatch`. */
export const pascal = (name) => name.replace(/(^|[-_ ])(\w)/g, (_, __, c) => c.toUpperCase());
/** `swqos_only` → `swqosOnly`. */
export const camel = (name) => name.replace(/[-_](\w)/g, (_, c) => c.toUpperCase());
