// Bundle pointers carried on the schemas the generator builds. An operation's params object (or a
// REST operation's flat input) holds schemas from several places of the bundle, and validationSchema
// inlines `$ref`s: each part records its JSON pointer in the bundle as it is built, so that what the
// generator refuses in it is reported at the keyword to edit, without working that place out again
// from the refusal afterwards.

const BUNDLE_POINTER = Symbol("bundle pointer");
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A shallow copy of the schema `schema` that records its JSON pointer in the bundle, `at` (the
 * bundle's own objects are never marked). The mark is no key: no spread, key list or JSON carries
 * it, so what is generated from the copy is what would be from `schema`. A boolean schema, or an
 * unknown `at`: `schema` as it is.
 */
export const placed = (schema, at) =>
  isObject(schema) && at !== undefined
    ? Object.defineProperty({ ...schema }, BUNDLE_POINTER, { value: at })
    : schema;

/** The JSON pointer in the bundle that `placed` recorded on `schema`, or undefined. */
export const placeOf = (schema) => (isObject(schema) ? schema[BUNDLE_POINTER] : undefined);
