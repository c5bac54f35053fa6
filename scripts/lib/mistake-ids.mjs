// The identity of a mistake that two rules each tell their own way: a code for what is wrong and
// its place (`<area> <JSON pointer>`, the pointer without the names in brackets). spec:check keeps
// the first line of each identity and leaves out the others (scripts/spec/rules/run.mjs), whatever
// their messages say; the generator, run alone, still tells its own.

/** A JSON-RPC method name used twice in one area: operations.mjs, refusals.mjs [operation-name]. */
export const NAME_USED_TWICE = "name-used-twice";

/** A pattern that does not compile with the u flag: schemas.mjs, validator.mjs [params-check]. */
export const PATTERN_WITHOUT_U_FLAG = "pattern-without-u-flag";

/**
 * A field that is no u64 / i64 but holds integers beyond ±(2^53−1): examples.mjs (its examples hold
 * one), u64-names.mjs (its name says u64), one mistake at the field, which the name rule tells.
 */
export const PLAIN_INTEGER_BEYOND_SAFE = "plain-integer-beyond-safe";

/**
 * Spectral's OpenAPI meta-schema (its rule oas3-schema) refusing the object at a place:
 * spectral.mjs. At a parameter the generator refuses for having no schema ([parameter-schema]),
 * the refusal tells the mistake (run.mjs).
 */
export const OPENAPI_META_SCHEMA = "oas3-schema";

/**
 * A mark (`deprecated`, `x-beta`) that is no boolean: status-marks.mjs says what the readers make
 * of it and what to write; the OpenRPC meta-schema (openrpc.mjs, its `type` error) tells the same
 * place, and is left out (run.mjs), as Spectral's meta-schema line there is (OPENAPI_META_SCHEMA).
 */
export const MARK_NOT_BOOLEAN = "mark-not-boolean";

/**
 * An enum that lists a value twice: schemas.mjs tells it at the schema, with what to write;
 * Spectral's rule of this name tells it at the schema's `enum` of an OpenAPI document, and is left
 * out (run.mjs). The code is Spectral's, so that the identities of the two lines are one.
 */
export const ENUM_VALUE_TWICE = "duplicated-entry-in-enum";

/** The identity of mistake `code` at `at` (a finding's place or a pointer) of `area`. */
export const mistakeId = (code, area, at) => `${code} ${area} ${at.replace(/ \([^()]*\)/g, "")}`;
