// Schema helpers for the generators: resolving refs, the pruned schemas that
// @chaindata/core validates input against, and the u64 shapes it revives.
import { placed, placeOf, wrappedParamOf, wrapping } from "./places.mjs";
import { isAnnotation, MAX_RUNTIME_ENUM, RULE_KEYWORDS, TRANSLATED } from "./validator.mjs";

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
 * Whether the generated check of `schema` (of the bundled `doc`) can refuse some non-empty string:
 * by a type that is not a string, a pattern, a length bound other than `minLength: 1`, a `const`
 * or an enum it checks (one no longer than MAX_RUNTIME_ENUM), `not`, every branch of an `anyOf` /
 * `oneOf` or some branch of an `allOf` (`format` is an annotation, never checked). A page walk's
 * next cursor, which the server gives, is checked as the call's cursor param (core's paginate).
 */
export function refusesSomeString(doc, schema, depth = 0) {
  const s = deref(doc, schema);
  if (s === false) return true;
  if (!s || typeof s !== "object" || depth > 32) return false;
  const next = (branch) => refusesSomeString(doc, branch, depth + 1);
  return (
    (s.type !== undefined && ![s.type].flat().includes("string")) ||
    s.pattern !== undefined ||
    s.maxLength !== undefined ||
    (s.minLength ?? 0) > 1 ||
    "const" in s ||
    (Array.isArray(s.enum) && s.enum.length <= MAX_RUNTIME_ENUM) ||
    s.not !== undefined ||
    (Array.isArray(s.anyOf) && s.anyOf.every(next)) ||
    (Array.isArray(s.oneOf) && s.oneOf.every(next)) ||
    (Array.isArray(s.allOf) && s.allOf.some(next))
  );
}

/**
 * The schema of the member at the dotted `path` of the object `schema` (through `$ref`s), if any.
 */
export const propertyAt = (doc, schema, path) =>
  path.split(".").reduce((s, key) => deref(doc, s)?.properties?.[key], schema);

/**
 * A self-contained copy of `schema` with refs inlined and only validation keywords kept. Any
 * keyword neither validated nor an annotation is refused: dropping it would silently lose a check
 * (`exclusiveMaximum`, `multipleOf`, a misspelt `minimun`, OpenAPI 3.0's `nullable`).
 * Each schema object of the copy records its JSON pointer in `doc` (lib/places.mjs), when known:
 * from a `$ref`, from a part `placed` in a schema the generator built, or `at` (`schema`'s
 * pointer); and a params object's copy, the param it wraps (places.mjs `wrapping`).
 * The refusal is an Error naming the path (after `where`) of the keyword, with `path`, `keyword`
 * and `at` (the pointer of the schema holding it, when known) as fields, as the check emitter's
 * have them. It is thrown, or with `refusals` (a list) added to it, the keyword left out and the
 * copy made of the rest, so that one pass finds every such keyword. A schema of annotations alone
 * (`{ description }`: no type, $ref, enum, anyOf…) is refused the same way, at "type".
 */
export function validationSchema(doc, schema, stack = [], where = "#", { at, refusals } = {}) {
  if (schema === true || schema === false) return schema;
  at = placeOf(schema) ?? at;
  if (schema?.$ref) {
    if (stack.includes(schema.$ref)) return {}; // recursive type: stop checking below this depth
    // (`x-accepts-bigint` beside a `$ref`, the sender's `minContextSlot: { $ref: Slot }`: kept on
    // the copy, which is this call's own.)
    if (schema["x-accepts-bigint"] === true)
      return Object.assign(
        validationSchema(doc, { $ref: schema.$ref }, stack, where, { at, refusals }),
        {
          "x-accepts-bigint": true,
        },
      );
    return validationSchema(
      doc,
      resolveRef(doc, schema.$ref),
      [...stack, schema.$ref],
      `${schema.$ref} (from ${where})`,
      { at: schema.$ref, refusals },
    );
  }
  const out = placed({}, at);
  const wrapped = wrappedParamOf(schema);
  if (wrapped !== undefined) wrapping(out, wrapped);
  const inner = (value, path) =>
    validationSchema(doc, value, stack, `${where}/${path}`, {
      at: at && `${at}/${path}`,
      refusals,
    });
  for (const [key, value] of Object.entries(schema ?? {})) {
    if (!TRANSLATED.has(key)) {
      // (A u64 or i64's format is kept, an annotation all the same: its check takes a bigint,
      // which any other integer's refuses, validator.mjs `typed`.)
      if (key === "format" && (value === "uint64" || value === "int64")) out.format = value;
      // (The same: a bigint taken.)
      if (key === "x-accepts-bigint" && value === true) out[key] = true;
      if (isAnnotation(key)) continue;
      const error = new Error(
        `${where}: "${key}" is not a keyword the generated checks translate (nor an annotation); express the rule with ${[
          ...TRANSLATED,
        ]
          .filter((k) => !k.startsWith("x-") && !RULE_KEYWORDS.includes(k))
          .map((k) => (k === "allOf" ? "allOf (of rules { if, then })" : k))
          .join(", ")}`,
      );
      Object.assign(error, { at, path: where, keyword: key });
      if (!refusals) throw error;
      refusals.push(error);
      continue;
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
    } else if ((key === "anyOf" || key === "allOf") && Array.isArray(value)) {
      out[key] = value.map((v, i) => inner(v, `${key}/${i}`));
    } else if (key === "if" || key === "then") {
      out[key] = inner(value, key);
    } else out[key] = value; // (an enum of any length: validator.mjs decides what to check)
  }
  // A value the spec describes but gives no type (a forgotten `type: boolean`) would be typed
  // `unknown` and sent unchecked, with no word to the spec's editor. (`{}` says "any value" in so
  // many words; a parameter without a schema is refused apart.)
  const keys = Object.keys(schema ?? {});
  if (keys.length && keys.every(isAnnotation)) {
    const error = new Error(`${where}: "type" ${UNTYPED}`);
    Object.assign(error, { at, path: where, keyword: "type" });
    if (!refusals) throw error;
    refusals.push(error);
  }
  return out;
}

const UNTYPED =
  "is missing: a request value without a type (nor $ref, enum or anyOf) is typed unknown and sent unchecked; give it its type (type: boolean, string, integer, object, array…)";

/**
 * A u64/i64 value: an integer with format uint64/int64, typed `bigint` and revived to one; or a
 * string of that format, a u64 the service writes as decimal digits (the wallet's `amountRaw`),
 * revived from its digits and checked the same way.
 */
export const isU64 = (s) =>
  s &&
  (s.format === "uint64" || s.format === "int64") &&
  [s.type].flat().some((t) => t === "integer" || t === "string");

/**
 * An integer input the spec marks `x-accepts-bigint: true` (the sender's `maxRetries`, which
 * `@solana/kit` types `bigint`): typed `number | bigint`, its check takes a bigint of at most 64
 * bits (its bounds still checked), and core writes one as a bare JSON integer.
 */
export const acceptsBigint = (s) =>
  s?.["x-accepts-bigint"] === true &&
  (s.type === "integer" || (Array.isArray(s.type) && s.type.includes("integer")));

/** A float: a `number` (not integer) value, typed `number`. */
const isFloat = (s) =>
  s && (s.type === "number" || (Array.isArray(s.type) && s.type.includes("number")));

/**
 * The integer marks of a shape: `1` a u64 (uint64), `2` an i64 (int64), `3` a list of u64 values
 * and `4` a list of i64 values (the runtime refuses a list where one value belongs, and the
 * reverse).
 */
const isInteger = (shape) => shape === 1 || shape === 2 || shape === 3 || shape === 4;
const MARKS = ["", "uint64", "int64", "a list of uint64", "a list of int64"];
/** A shape as a refusal names it: an integer mark's words, or an object shape's. */
const marked = (shape) =>
  typeof shape === "object" ? "an object (or a list of objects)" : MARKS[shape];

/**
 * Two branches' shapes of one value as one: an integer mark wins over a float or an object, and
 * objects merge member by member. A place that two branches mark differently (u64 `1` and i64
 * `2`, a u64 and a list of them, `3`, or either and an object with u64 values or floats, which
 * the runtime then refuses) has no one rule the runtime could check it against:
 * `conflict` is called with its path (`.a.b`, or "" for the value itself) and both marks, and the
 * first branch's mark kept.
 */
function mergeShapes(a, b, conflict, path = "") {
  if (a === undefined) return b;
  if (b === undefined) return a;
  if (
    isInteger(a) || isInteger(b)
      ? a !== b && (typeof a === "object" || typeof b === "object" || (a !== 0 && b !== 0))
      : false
  )
    conflict(path, a, b);
  if (isInteger(a)) return a;
  if (isInteger(b)) return b;
  // (A float beside an object, in an anyOf: the object's shape.)
  if (a === 0) return b;
  if (b === 0) return a;
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = mergeShapes(out[k], v, conflict, `${path}.${k}`);
  return out;
}

/** Whether `shape` marks a u64 or i64 value anywhere (`1` or `2`), not floats alone. */
export const hasU64 = (shape) =>
  isInteger(shape) || (typeof shape === "object" && Object.values(shape).some(hasU64));

/**
 * Whether a value of `schema` may be other than a number: null, a string, a boolean, an object or
 * an array, by its `type`, `const`, `enum`, `properties`, `items` or a branch. A schema that says
 * none of these (`{}`, a bare `description`) counts as a number: nothing says otherwise.
 */
function mayHoldNonNumber(doc, schema, stack = []) {
  if (!schema || typeof schema !== "object") return false;
  if (schema.$ref)
    return (
      !stack.includes(schema.$ref) &&
      mayHoldNonNumber(doc, resolveRef(doc, schema.$ref), [...stack, schema.$ref])
    );
  const types = [schema.type ?? []].flat();
  return (
    types.some((t) => t !== "integer" && t !== "number") ||
    ("const" in schema && typeof schema.const !== "number") ||
    (schema.enum ?? []).some((v) => typeof v !== "number") ||
    Boolean(schema.properties || schema.items) ||
    ["anyOf", "oneOf"].some((key) =>
      (schema[key] ?? []).some((s) => mayHoldNonNumber(doc, s, stack)),
    )
  );
}

/**
 * Where the u64 values are in a response: `1` = this value is a u64 (uint64), `2` = an i64
 * (int64: signed, such as a balance change), `3` and `4` = a list of u64 or of i64 values,
 * `{ key: shape }` = inside these properties; a list of objects or floats is transparent (the
 * shape applies to each element). A call checks each against its range, 0 to 2^64 - 1 or -2^63
 * to 2^63 - 1 (decision 0005), and refuses a list where one value belongs and the reverse. Floats
 * are marked too, `0`: a float the server writes as an integer beyond 2^53 is parsed as a bigint,
 * and the runtime turns it back into the `number` its type says. Returns undefined when the schema
 * holds no u64, i64 nor float at all. Refused, each an Error with `keyword` and `at` (the JSON
 * pointer of the schema holding it: `at` is `schema`'s, if known) as fields, thrown, or with
 * `refusals` (a list) added to it and the rest of the schema read on: u64 values under
 * `additionalProperties` (the runtime would not revive them), and a value that one branch (of
 * `anyOf`, `oneOf`, `allOf`, or beside `items` or `properties`) types uint64 and another int64 (the
 * runtime checks a value against one range), or one a single value and another a list of them; a
 * u64 or i64 value that may also be null or another type (`type: ["integer", "null"]`, a `null` or
 * string branch of `anyOf` / `oneOf`: the runtime refuses those); and a list of lists of u64 values
 * (no mark says one).
 */
export function u64Shape(doc, schema, stack = [], { at, refusals } = {}) {
  if (!schema || typeof schema !== "object") return undefined;
  if (schema.$ref) {
    if (stack.includes(schema.$ref)) return undefined;
    return u64Shape(doc, resolveRef(doc, schema.$ref), [...stack, schema.$ref], {
      at: schema.$ref,
      refusals,
    });
  }
  const where = stack.at(-1) ?? "a response schema";
  const refuse = (error, keyword) => {
    Object.assign(error, { at, keyword });
    if (!refusals) throw error;
    refusals.push(error);
  };
  // A u64 of an answer that may be null or another type: the runtime refuses all but a whole
  // number where a u64 stands (a null resolved typed bigint: decision 0005), so it would refuse
  // the spec's own valid answers. One that may be missing is optional instead.
  const notOnlyNumbers = (mark, keyword) =>
    refuse(
      new Error(
        `${where}: the value is ${MARKS[mark]} and may also be null or another type (${keyword}), and @chaindata/core refuses anything but a whole number where a u64 or i64 value stands; make it optional rather than nullable, or give it one type`,
      ),
      keyword,
    );
  if (isU64(schema)) {
    const mark = schema.format === "int64" ? 2 : 1;
    if (schema.type.includes?.("null")) notOnlyNumbers(mark, "type");
    return mark;
  }
  if (isFloat(schema)) return 0;
  const inner = (s, path) => u64Shape(doc, s, stack, { at: at && `${at}/${path}`, refusals });
  let shape;
  /** Merges `b` into the shape so far, refusing a u64 / i64 clash at `keyword`. */
  const merge = (b, keyword) =>
    (shape = mergeShapes(shape, b, (path, x, y) =>
      refuse(
        new Error(
          `${where}: ${path ? `the value at ${path.slice(1)}` : "the value"} is ${marked(x)} in one branch and ${marked(y)} in another (${keyword}), and @chaindata/core ${typeof x === "object" || typeof y === "object" ? "refuses an object where a u64 or i64 value, or a list of them, belongs; give the branches one type" : x > 2 === y > 2 ? "checks each value against one range (0 to 2^64 - 1, or -2^63 to 2^63 - 1); give the branches one format" : "refuses a list where one value belongs, and one value where a list does; give the branches one type"}`,
        ),
        keyword,
      ),
    ));
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const branches = (schema[key] ?? []).map((s, i) => [s, inner(s, `${key}/${i}`)]);
    for (const [, b] of branches) merge(b, key);
    // (allOf's branches hold at once: one that says no type beside a u64 is no other type.)
    const other = branches.find(([s, b]) => b === undefined && mayHoldNonNumber(doc, s));
    if (key !== "allOf" && typeof shape === "number" && shape > 0 && other)
      notOnlyNumbers(shape, key);
  }
  if (schema.items) {
    const item = inner(schema.items, "items");
    if (item > 2)
      refuse(
        new Error(
          `${where}: a list of lists of u64 or i64 values, which @chaindata/core's u64 shapes cannot mark; make the inner list an object's property`,
        ),
        "items",
      );
    // (A list of u64 or i64 values is marked as one, `3` or `4`: see above.)
    else {
      merge(item > 0 ? item + 2 : item, "items");
      if (item > 0 && schema.type?.includes?.("null")) notOnlyNumbers(item + 2, "type");
    }
  }
  for (const [name, s] of Object.entries(schema.properties ?? {})) {
    const below = inner(s, `properties/${pointerSegment(name)}`);
    if (below !== undefined) merge({ [name]: below }, "properties");
  }
  // The types would say bigint, but the runtime revives u64 values only under named properties.
  if (
    typeof schema.additionalProperties === "object" &&
    hasU64(inner(schema.additionalProperties, "additionalProperties"))
  )
    refuse(
      new Error(
        `${where}: u64 values under additionalProperties are not revived to bigint by @chaindata/core; name the properties, or use a list`,
      ),
      "additionalProperties",
    );
  return shape;
}

/** One JSON pointer segment (`/v1/x` → `~1v1~1x`). */
export const pointerSegment = (key) => String(key).replace(/~/g, "~0").replace(/\//g, "~1");

/** `get_asset-batch` → `GetAssetBatch`. */
export const pascal = (name) => name.replace(/(^|[-_ ])(\w)/g, (_, __, c) => c.toUpperCase());
/** `swqos_only` → `swqosOnly`. */
export const camel = (name) => name.replace(/[-_](\w)/g, (_, c) => c.toUpperCase());
