// Marks carried on the schemas the generator builds: bundle pointers (and, at the end, the one
// param a params object wraps). An operation's params object (or a REST operation's flat input)
// holds schemas from several places of the bundle, and validationSchema inlines `$ref`s: each part
// records its JSON pointer in the bundle as it is built, so that what the generator refuses in it
// is reported at the keyword to edit, without working that place out again from the refusal
// afterwards.

const BUNDLE_POINTER = Symbol("bundle pointer");
/** Whether `value` is an object that is not an array (a schema, or a map such as `properties`). */
export const isObject = (value) =>
  typeof value === "object" && value !== null && !Array.isArray(value);

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

// A second mark of the same kind, on the params object paramsSchema builds for a JSON-RPC method by
// position with one param: that param's name (`request`). The caller passes `{ request: { … } }`;
// the likeliest mistake is the object unwrapped, `{ accountKeys }`, and the check's message then
// says where each of its members goes (validator.mjs renamedCheck). Carried by validationSchema's
// copy, as the pointer is; no key, so nothing else generated from the schema sees it.
const WRAPPED_PARAM = Symbol("wrapped param");

/** `schema` (an object paramsSchema built), marked as wrapping the one param `name`. */
export const wrapping = (schema, name) =>
  Object.defineProperty(schema, WRAPPED_PARAM, { value: name });

/** The name of the one param `schema` wraps (`wrapping`), or undefined. */
export const wrappedParamOf = (schema) => (isObject(schema) ? schema[WRAPPED_PARAM] : undefined);
