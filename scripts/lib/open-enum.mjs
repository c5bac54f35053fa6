// The spec's "open enum" (spec/README.md, "Open enums"): the values a source documents, while the
// service may send or accept others. Plain JSON Schema, so ajv, Prism and OpenRPC read it as is:
//
//   TransactionType:
//     anyOf:
//       - $ref: "#/KnownTransactionType"   # the known branch: { type: string, enum: […] },
//       - type: string                     #   by reference or inline
//         pattern: "^[A-Z][A-Z0-9_]*$"     # the open branch: a string, optionally with a
//                                          #   pattern / minLength / maxLength
//
// Nothing else marks it: this shape is recognised by the type generator (`Known… | (string & {})`),
// the runtime checks (the open branch alone, since it accepts every known value), and the spec
// checks (every known value must pass the open branch). The docs site has its own copy of the
// recogniser (packages/docs/src/schema.mjs): a package does not import the repository's scripts.

const isObject = (s) => typeof s === "object" && s !== null && !Array.isArray(s);
const ANNOTATIONS = new Set([
  "title",
  "description",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
]);
const isAnnotation = (k) => ANNOTATIONS.has(k) || k.startsWith("x-");
/** Every key of `s` is one of `allowed` or an annotation. */
const only = (s, allowed) => Object.keys(s).every((k) => allowed.includes(k) || isAnnotation(k));

/** The values of a closed string enum (`{ type: string, enum: [...] }`), else undefined. */
function stringEnum(s) {
  if (!isObject(s) || !Array.isArray(s.enum) || !s.enum.length) return undefined;
  if ((s.type !== undefined && s.type !== "string") || !only(s, ["type", "enum"])) return undefined;
  return s.enum.every((v) => typeof v === "string") ? s.enum : undefined;
}

/** The open branch: `{ type: string }`, with at most a pattern and length bounds. */
const isOpenString = (s) =>
  isObject(s) && s.type === "string" && only(s, ["type", "pattern", "minLength", "maxLength"]);

/**
 * The parts of an open enum, or undefined when `schema` is not one: `values` (the known values),
 * `ref` (the known branch's `$ref`, when it is one) and `open` (the open branch).
 * @param {unknown} schema
 * @param {(ref: string) => unknown} [resolve] the schema a `$ref` points at (for a known branch by
 *   reference)
 * @returns {{ values: string[], ref?: string, open: Record<string, unknown> } | undefined}
 */
export function openEnumParts(schema, resolve) {
  if (!isObject(schema) || !Array.isArray(schema.anyOf) || schema.anyOf.length !== 2) return;
  if (!only(schema, ["anyOf"])) return;
  const [known, open] = schema.anyOf;
  if (!isOpenString(open) || !isObject(known)) return;
  if (typeof known.$ref === "string") {
    if (!only(known, ["$ref"])) return;
    const values = stringEnum(resolve?.(known.$ref));
    return values && { values, ref: known.$ref, open };
  }
  const values = stringEnum(known);
  return values && { values, open };
}

/** Whether the open branch accepts `value` (its pattern, and its length in code points). */
export function openBranchAccepts(open, value) {
  if (typeof value !== "string") return false;
  const length = [...value].length;
  if (open.minLength !== undefined && length < open.minLength) return false;
  if (open.maxLength !== undefined && length > open.maxLength) return false;
  if (open.pattern === undefined) return true;
  // (With the u flag, as every consumer compiles a pattern; one that does not compile takes
  // nothing here, and npm run spec:check refuses it.)
  try {
    return new RegExp(open.pattern, "u").test(value);
  } catch {
    return false;
  }
}
