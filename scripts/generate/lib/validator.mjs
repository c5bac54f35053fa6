// Compiles an operation's parameter JSON Schema into an expression of @chaindata/core's check
// combinators (`vObject({ id: vString(PATTERN_1) }, ["id"], false)`), so a bundle carries only
// the checks its operations use and no schema interpreter.
//
// Every keyword is translated, ignored as an annotation, or an error: a spec edit that adds a
// keyword this file does not know fails the generator instead of silently losing validation.

import { PATTERN_WITHOUT_U_FLAG } from "../../lib/mistake-ids.mjs";
import { openBranchAccepts, openEnumParts } from "../../lib/open-enum.mjs";
import { isObject as isSchemaObject, placeOf, wrappedParamOf } from "./places.mjs";
import { acceptsBigint, isU64 } from "./schema.mjs";

// An enum this long is checked by the TypeScript types and by the server; shipping it to every
// bundle costs kilobytes. Only its base type is checked. (The 572 webhook transaction types are an
// open enum, whose check is its open branch: see anyOf below.)
export const MAX_RUNTIME_ENUM = 64;

export const ANNOTATIONS = new Set([
  "title",
  "description",
  "examples",
  "example",
  "default",
  "format",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
  "contentMediaType",
  "contentEncoding",
]);
/** The rule of `x-pattern-description` (the generator's and the spec rules'). */
export const PATTERN_DESCRIPTION_RULE =
  "must be a non-empty string beside a pattern (what the pattern accepts, in words)";
/** Whether schema `s` has an `x-pattern-description` its check can use: words beside a pattern. */
export const describesPattern = (s) => {
  const described = s["x-pattern-description"];
  return typeof described === "string" && described.trim() !== "" && s.pattern !== undefined;
};

/**
 * Whether `source` compiles as a pattern with the u flag, as the generated checks compile every
 * one. (An anyOf branch whose pattern does not is left out of a join, so that its refusal names
 * the branch, not the joined pattern.)
 */
const compilesWithU = (source) => {
  try {
    return !!new RegExp(source, "u");
  } catch {
    return false;
  }
};

/** What a rule of an object's allOf must be (the generator's and the spec rules'). */
export const RULE_SHAPE =
  "an allOf member is one rule { if, then }: when the member if names has one of its values, the object also passes then";
/** What the `if` of such a rule must be. */
export const IF_SHAPE =
  "must name one member and its values, { properties: { <name>: { enum: [<value>, …] } }, required: [<name>] }, nested as deep as the member is, through members typed object (not null)";
const isObjectType = (s) => isSchemaObject(s) && s.type === "object";

/**
 * The rule of `x-solana-transaction` (the generator's): its value is the encoding the runtime
 * decodes, base64 or base58. (Base58 text sent as base64 is what the base64 pattern cannot refuse;
 * in either, a signature of 64 zero bytes is an unsigned signer's slot.)
 */
export const SOLANA_TRANSACTION_RULE =
  'must be "base64" or "base58", on a string: the text is a serialized transaction in that encoding (the runtime decodes no other)';

/**
 * The rule of `x-base58-bytes` (the generator's): the number of bytes base58 text decodes to, which
 * no pattern can say (44 × `z` is 33 bytes), beside a pattern whose description names it, since the
 * check's message is that description (`must be a base58 address of 32 bytes (…) (got "zz…z": 33
 * bytes)`).
 */
export const BASE58_BYTES_RULE =
  'must be a whole number of bytes (1 or more) beside a pattern whose x-pattern-description says it ("… of <n> bytes …"): the text the pattern accepts decodes from base58 to that many bytes';

/**
 * The rule of `x-renamed-from` (the generator's): what it must be, on an object whose other
 * properties are refused (its message names the property another SDK's name stands for).
 */
export const RENAMED_FROM_RULE =
  "must map other SDKs' names to properties of this object, { <their name>: <a property here> }, on an object with additionalProperties: false (a name of its own is no other name)";

/** The `x-` keywords that are rules the checks hold a value to. */
const X_RULES = ["x-solana-transaction", "x-base58-bytes"];

/**
 * Keywords that only document (and `x-` extensions, but X_RULES): they add nothing to check.
 * (`x-pattern-description` and `x-renamed-from` add nothing to check either, but the checks read
 * them for their messages.)
 */
export const isAnnotation = (keyword) =>
  ANNOTATIONS.has(keyword) || (keyword.startsWith("x-") && !X_RULES.includes(keyword));

// The keywords each type translates (besides `type` and `enum`).
const KEYWORDS = {
  string: [
    "pattern",
    "x-pattern-description",
    "minLength",
    "maxLength",
    "x-solana-transaction",
    "x-base58-bytes",
  ],
  integer: ["minimum", "maximum"],
  number: ["minimum", "maximum"],
  boolean: [],
  array: ["items", "minItems", "maxItems"],
  object: [
    "properties",
    "required",
    "additionalProperties",
    "dependentSchemas",
    "allOf",
    "x-renamed-from",
  ],
};
/** Read only as the parts of an object's `allOf` rules (`{ if, then }`), never on their own. */
export const RULE_KEYWORDS = ["if", "then"];
const OBJECT_KEYWORDS = KEYWORDS.object;
/**
 * The @chaindata/core check combinators the emitted expressions call (lib/names.mjs: names
 * operations.ts imports).
 */
export const CHECK_COMBINATORS = [
  "vAny",
  "vAnyOf",
  "vArray",
  "vBase58Bytes",
  "vBoolean",
  "vBoundedString",
  "vDependent",
  "vEnum",
  "vExclusive",
  "vInteger",
  "vNullable",
  "vNumber",
  "vObject",
  "vRenamed",
  "vString",
  "vTransaction",
  "vWhen",
];
/** Every keyword the generated checks translate. */
export const TRANSLATED = new Set([
  "type",
  "enum",
  "anyOf",
  ...Object.values(KEYWORDS).flat(),
  ...RULE_KEYWORDS,
]);

// What an enum value must be to fit the schema's `type`.
const FITS = {
  string: (v) => typeof v === "string",
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === "number",
  boolean: (v) => typeof v === "boolean",
};

const pointer = (name) => name.replace(/~/g, "~0").replace(/\//g, "~1");
// `__proto__: x` in an object literal sets the prototype instead of defining a property.
const propertyKey = (name) =>
  name === "__proto__"
    ? `["__proto__"]`
    : /^[A-Za-z_$][\w$]*$/.test(name)
      ? name
      : JSON.stringify(name);

/**
 * @typedef {object} CheckEmitter
 * @property {(schema: unknown, where?: string) => string} emit
 *   A JS expression building the check for `schema` (refs already inlined). `where` names the
 *   schema in errors, e.g. `das getAsset params`. @throws Error naming the path and the keyword
 *   it cannot translate (see createCheckEmitter).
 * @property {() => string[]} imports Sorted names of the combinators used so far (from
 *   "@chaindata/core").
 * @property {() => string} declarations The hoisted patterns, one `const PATTERN_n = /…/u;` line
 *   each in order of first use, then the hoisted pattern descriptions
 *   (`const DESCRIPTION_n = "…";`) ("" when there are none), for the top of the module.
 */

/**
 * An emitter for one generated module: it collects the imports and the hoisted patterns of every
 * `emit`. What it cannot translate is an Error naming the path and the keyword, with `path`,
 * `keyword` and `at` as fields (`at`: the JSON pointer in the bundle of the schema holding the
 * keyword, as validationSchema's copy records it, lib/places.mjs). It is thrown; or, with
 * `refusals` (a list), added to it, and the emitter goes on without that keyword (or without the
 * schema, when the rest of it cannot be read without the keyword), so that one `emit` finds every
 * keyword it refuses. (Its expression is then no check to write.)
 * @returns {CheckEmitter}
 */
export function createCheckEmitter({ refusals } = {}) {
  // What the functions below share, as `cx`: the list of refusals when collecting, the
  // combinators used, and the hoisted patterns and descriptions.
  const cx = {
    refusals,
    used: new Set(),
    /** @type {Map<string, { name: string, line: string }>} pattern → its hoisted constant */
    patterns: new Map(),
    /**
     * @type {Map<string, { name: string, line: string }>} x-pattern-description → its hoisted
     *   constant
     */
    descriptions: new Map(),
  };
  return {
    emit: (schema, where = "#") => check(cx, schema, { path: where, at: placeOf(schema) }),
    imports: () => [...cx.used].sort(),
    declarations: () =>
      [...cx.patterns.values(), ...cx.descriptions.values()].map((p) => p.line).join("\n"),
  };
}

// ---------------------------------------------------------------- refusals and places

// (A place is `{ path, at }`: the path the messages name, and the JSON pointer, when known.)
/** The Error refusing `keyword` of the schema at `place`. */
const keywordError = (place, keyword, why, code) =>
  Object.assign(new Error(`${place.path}: "${keyword}" ${why}`), {
    path: place.path,
    keyword,
    at: place.at,
    ...(code && { code }),
  });

/**
 * Refuses `keyword` of the schema at `place`; when collecting, the caller goes on without it.
 * `code`: the mistake's identity, where a spec rule tells it too (scripts/lib/mistake-ids.mjs).
 */
const refuseKeyword = (cx, place, keyword, why, code) => {
  const error = keywordError(place, keyword, why, code);
  if (!cx.refusals) throw error;
  cx.refusals.push(error);
};

/**
 * Refuses `keyword` of the schema at `place`, whose check then cannot be built: always thrown
 * (when collecting, `check` records it and goes on with the next schema).
 */
const refuseSchema = (place, keyword, why) => {
  throw keywordError(place, keyword, why);
};

/**
 * The place of `schema`, at `segments` (escaped) inside the schema at `place`; its pointer is the
 * one validationSchema's copy of it records, if any (a `$ref`'s target, a param's schema…).
 */
const below = (place, schema, ...segments) => ({
  path: [place.path, ...segments].join("/"),
  at: placeOf(schema) ?? (place.at && [place.at, ...segments].join("/")),
});

/** `s` without its keywords outside `allowed`, each of which is refused. */
const only = (cx, s, allowed, place, why) => {
  const extra = Object.keys(s).filter((k) => !allowed.includes(k));
  for (const keyword of extra) refuseKeyword(cx, place, keyword, why);
  return extra.length
    ? Object.fromEntries(Object.entries(s).filter(([k]) => allowed.includes(k)))
    : s;
};

// ---------------------------------------------------------------- the emitted source

/** The combinator `name`, recorded as one operations.ts imports. */
const ref = (cx, name) => {
  // (The list names what operations.ts may import, so that no operation is named like one.)
  if (!CHECK_COMBINATORS.includes(name)) throw new Error(`${name}: not in CHECK_COMBINATORS`);
  cx.used.add(name);
  return name;
};

/** `name(args)`, trailing undefined arguments dropped, middle ones written `undefined`. */
// `@__PURE__`: a bundler may then drop the checks of operations a program never calls
// (esbuild does not carry the factories' own `@__NO_SIDE_EFFECTS__` across modules).
const call = (cx, name, ...args) => {
  while (args.length && args[args.length - 1] === undefined) args.pop();
  return `/* @__PURE__ */ ${ref(cx, name)}(${args.map((a) => a ?? "undefined").join(", ")})`;
};

// ---------------------------------------------------------------- a schema

/**
 * The check of `schema`, at `place`. (When collecting, a refusal after which the schema cannot be
 * read further is recorded here, and the others, around it, are still read.)
 */
function check(cx, schema, place) {
  if (!cx.refusals) return translate(cx, schema, place);
  try {
    return translate(cx, schema, place);
  } catch (error) {
    if (error.path === undefined) throw error; // (not a refusal: a fault of this file's)
    cx.refusals.push(error);
    return ref(cx, "vAny"); // (never written: a refused spec generates nothing)
  }
}

function translate(cx, schema, place) {
  if (schema === true) return ref(cx, "vAny");
  if (!isSchemaObject(schema))
    throw Object.assign(
      new Error(
        `${place.path}: ${JSON.stringify(schema)} is not a schema this generator translates`,
      ),
      place,
    );
  // Annotations only document; they add nothing to check.
  // (`x-pattern-description` and `x-renamed-from` are x- keys the check reads: the words of its
  // pattern's message, and the property another SDK's name stands for.)
  let s = Object.fromEntries(
    Object.entries(schema).filter(
      ([k]) => !isAnnotation(k) || k === "x-pattern-description" || k === "x-renamed-from",
    ),
  );
  if (!Object.keys(s).length) return ref(cx, "vAny");
  s = only(cx, s, [...TRANSLATED], place, "is not translated into a runtime check");
  s = only(
    cx,
    s,
    [...TRANSLATED].filter((k) => !RULE_KEYWORDS.includes(k)),
    place,
    "is translated only in a rule of an object's allOf (allOf: [{ if, then }])",
  );
  if (!Object.keys(s).length) return ref(cx, "vAny"); // (what was left to check was refused)
  if (s.anyOf !== undefined) {
    s = only(cx, s, ["anyOf"], place, "beside anyOf is not translated (move it into the branches)");
    return anyOfCheck(cx, s.anyOf, place);
  }

  const { type, nullable } = typeOf(s, place);
  // (A u64 the service writes as digits is typed `bigint`, which core would send as a bare
  // integer: a results-only form.)
  if (type === "string" && isU64(schema))
    refuseSchema(
      place,
      "format",
      `${schema.format} on a string (a u64 written as decimal digits, typed bigint) is read in results only: an input's u64 is type integer, which core writes a bigint as`,
    );
  if (s.enum !== undefined && !Array.isArray(s.enum))
    refuseSchema(place, "enum", "must be an array");
  if (s.enum !== undefined && (isU64(schema) || acceptsBigint(schema))) {
    // (A longer enum is checked as its type only, which takes a bigint: nothing to refuse.)
    if (s.enum.length <= MAX_RUNTIME_ENUM) refuseKeyword(cx, place, "enum", BIGINT_ENUM_RULE);
    s = Object.fromEntries(Object.entries(s).filter(([keyword]) => keyword !== "enum"));
  }
  if (s.enum !== undefined && s.enum.length <= MAX_RUNTIME_ENUM)
    return enumCheck(cx, s, type, nullable, place);
  if (type === undefined)
    refuseSchema(place, Object.keys(s)[0], "without a type is not translated");
  s = only(cx, s, ["type", "enum", ...KEYWORDS[type]], place, `is not translated for type ${type}`);
  // (`format` is an annotation, gone from `s`: a u64 or i64 is read from the schema as written, and
  // so is `x-accepts-bigint`, an integer input typed `number | bigint`: its check takes a bigint
  // too.)
  const inner = typed(
    cx,
    type,
    s,
    place,
    wrappedParamOf(schema),
    isU64(schema) || acceptsBigint(schema),
  );
  return nullable ? call(cx, "vNullable", inner) : inner;
}

/**
 * The rule of an enum on an integer that takes a bigint (a u64, an i64, `x-accepts-bigint`): its
 * check (vEnum) compares with ===, where the SDK's `1n` is not the enum's `1`, and the bundle is
 * read with JSON.parse, which rounds a value past 2^53.
 */
const BIGINT_ENUM_RULE =
  "on an integer that takes a bigint (a u64, an i64, x-accepts-bigint) is not translated: its check compares values with ===, so the bigint 1n the SDK types it is not 1, and a value past 2^53 is read rounded; bound it with minimum and maximum instead";

/** A rule's `if` on a member that takes a bigint: refused, as BIGINT_ENUM_RULE's enum is. */
const BIGINT_CONDITION_RULE =
  "of a rule's if, on a member that takes a bigint (a u64, an i64, x-accepts-bigint), is not translated: the rule compares the member's value with ===, so the bigint 1n the SDK types it is not 1 and the rule would never apply, and a value past 2^53 is read rounded; bring the rule in by a member of another type";

/** The type schema `s` is checked as (undefined: none), and whether its `type` allows null. */
function typeOf(s, place) {
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  const nonNull = types.filter((t) => t !== "null");
  if (nonNull.length > 1)
    refuseSchema(place, "type", `with several types ${JSON.stringify(s.type)} is not translated`);
  if (types.length && !nonNull.length)
    refuseSchema(place, "type", "null alone is not translated (use it in a type array or anyOf)");
  // A schema with object keywords but no type means an object.
  const type =
    nonNull[0] ?? (OBJECT_KEYWORDS.some((k) => s[k] !== undefined) ? "object" : undefined);
  if (type !== undefined && !Object.hasOwn(KEYWORDS, type))
    refuseSchema(place, "type", `${JSON.stringify(type)} is not a JSON Schema type`);
  return { type, nullable: types.includes("null") };
}

/**
 * The check of schema `s` with an enum short enough to ship (MAX_RUNTIME_ENUM), of type `type`
 * (typeOf's); `typeNullable`: its `type` allows null.
 */
function enumCheck(cx, s, type, typeNullable, place) {
  // The enum implies the type; JSON Schema wants both to hold, so null passes only when both allow
  // it.
  s = only(cx, s, ["type", "enum"], place, "beside enum is not translated");
  const values = s.enum.filter((v) => v !== null);
  const fits =
    type === undefined
      ? (v) => ["string", "number", "boolean"].includes(typeof v)
      : (FITS[type] ?? (() => false));
  if (!values.length || !values.every(fits))
    refuseSchema(
      place,
      "enum",
      `values ${JSON.stringify(s.enum)} do not fit type ${JSON.stringify(s.type ?? "string | number | boolean")}`,
    );
  const inner = call(cx, "vEnum", JSON.stringify(values));
  const nullable = values.length < s.enum.length && (typeNullable || s.type === undefined);
  return nullable ? call(cx, "vNullable", inner) : inner;
}

/**
 * The check of `s`, of type `type`, with only the keywords that type translates (KEYWORDS);
 * `wrapped`: the one param a params object wraps (places.mjs `wrapping`), if any; `wide`: a u64 or
 * i64 integer (`format: uint64 | int64`), typed `bigint`, whose check takes a bigint too (any other
 * integer's refuses one, as its `number` type does).
 */
function typed(cx, type, s, place, wrapped, wide) {
  switch (type) {
    case "string":
      return stringCheck(cx, s, place);
    case "integer":
    case "number":
      return call(
        cx,
        type === "integer" ? "vInteger" : "vNumber",
        number(cx, s, "minimum", place, false, type === "integer"),
        number(cx, s, "maximum", place, false, type === "integer"),
        type === "integer" && wide ? "1" : undefined,
      );
    case "boolean":
      return ref(cx, "vBoolean");
    case "array":
      return call(
        cx,
        "vArray",
        s.items === undefined
          ? ref(cx, "vAny")
          : check(cx, s.items, below(place, s.items, "items")),
        number(cx, s, "minItems", place, true),
        number(cx, s, "maxItems", place, true),
      );
    case "object":
      return objectCheck(cx, s, place, wrapped);
  }
}

/**
 * The rule of an integer's bound past 2^53 (a u64's or an i64's; npm run spec:check refuses one on
 * any other integer). The bundle is read with JSON.parse, which rounds it, and the check compares
 * in numbers: `maximum: 18446744073709551614` would be written 18446744073709552000, and
 * 18446744073709551615n would pass.
 */
const SAFE_BOUND_RULE =
  "must be within ±9007199254740991 (2^53 − 1) on an integer: the generated check holds its bounds as numbers, so one past that is rounded and lets values beyond it through; a u64 or i64 is held to 64 bits without it";

/**
 * The bound `keyword` of `s` as source, if any (`integer`: a non-negative integer, a length;
 * `ofInteger`: the bound of an integer value, within ±(2^53 − 1)).
 */
function number(cx, s, keyword, place, integer = false, ofInteger = false) {
  const value = s[keyword];
  if (value === undefined) return undefined;
  if (ofInteger && Number.isInteger(value) && !Number.isSafeInteger(value)) {
    refuseKeyword(cx, place, keyword, `${SAFE_BOUND_RULE} (read as ${value})`);
    return undefined;
  }
  if (
    typeof value !== "number" ||
    !Number.isFinite(value) ||
    (integer && !(Number.isInteger(value) && value >= 0))
  ) {
    refuseKeyword(
      cx,
      place,
      keyword,
      `must be a ${integer ? "non-negative integer" : "finite number"} (got ${JSON.stringify(value)})`,
    );
    return undefined;
  }
  return String(value);
}

// ---------------------------------------------------------------- strings

function stringCheck(cx, s, place) {
  const regex = s.pattern === undefined ? undefined : pattern(cx, s.pattern, place);
  const min = number(cx, s, "minLength", place, true);
  const max = number(cx, s, "maxLength", place, true);
  const described = patternDescription(cx, s, place);
  const bytes = base58Bytes(cx, s, place);
  // Pattern-only strings (most: addresses) use the smaller vString. A base58 count has a check of
  // its own (around a bounded string's), so that only a bundle with one carries the decoding.
  const bounded =
    min === undefined && max === undefined
      ? undefined
      : call(cx, "vBoundedString", min, max, regex, described);
  const string = bytes
    ? call(cx, "vBase58Bytes", regex, described, bytes, bounded)
    : (bounded ?? call(cx, "vString", regex, described));
  const transaction = s["x-solana-transaction"];
  if (transaction === undefined) return string;
  if (transaction !== "base64" && transaction !== "base58")
    return refuseKeyword(cx, place, "x-solana-transaction", SOLANA_TRANSACTION_RULE) ?? string;
  // (Read once the string check passes: the layout of text it refuses is not told.)
  return call(cx, "vTransaction", string, transaction === "base58" ? 1 : undefined);
}

/**
 * The spec's `x-base58-bytes` as source, if any: refused (undefined) unless it is a whole number
 * of at least 1 beside a pattern whose description names it, which is the check's message.
 */
function base58Bytes(cx, s, place) {
  const bytes = s["x-base58-bytes"];
  if (bytes === undefined) return undefined;
  if (
    Number.isInteger(bytes) &&
    bytes > 0 &&
    describesPattern(s) &&
    s["x-pattern-description"].includes(` of ${bytes} bytes`)
  )
    return String(bytes);
  refuseKeyword(cx, place, "x-base58-bytes", `${BASE58_BYTES_RULE} (got ${JSON.stringify(bytes)})`);
}

/** The name of the hoisted constant of pattern `source` (`PATTERN_n`). */
function pattern(cx, source, place) {
  if (typeof source !== "string") return refuseKeyword(cx, place, "pattern", "must be a string");
  let entry = cx.patterns.get(source);
  if (!entry) {
    // The u flag, as JSON Schema 2020-12 (ECMA-262), ajv and Prism compile a pattern: one that
    // compiles only without it would be checked here by a rule the mock and the spec checks do
    // not apply (npm run spec:check refuses it too).
    let re;
    try {
      re = new RegExp(source, "u");
    } catch (error) {
      return refuseKeyword(
        cx,
        place,
        "pattern",
        `does not compile with the u flag, as JSON Schema 2020-12, ajv and Prism read it: ${error.message}`,
        PATTERN_WITHOUT_U_FLAG,
      );
    }
    // `.source` is escaped (`/`, line terminators) so that `/source/flags` is a regex literal
    // equivalent to `new RegExp(source, flags)`: ECMA-262 EscapeRegExpPattern guarantees it.
    const name = `PATTERN_${cx.patterns.size + 1}`;
    entry = { name, line: `const ${name} = /${re.source}/${re.flags};` };
    cx.patterns.set(source, entry);
  }
  return entry.name;
}

/**
 * The spec's `x-pattern-description` (what `pattern` accepts, in words, for the check's message),
 * as the name of its hoisted constant (`DESCRIPTION_n`). Refused where it could not reach a
 * message: not a non-empty string, or beside no `pattern`.
 */
function patternDescription(cx, s, place) {
  const text = s["x-pattern-description"];
  if (text === undefined) return undefined;
  if (!describesPattern(s))
    return refuseKeyword(cx, place, "x-pattern-description", PATTERN_DESCRIPTION_RULE);
  // Hoisted like the patterns: a description shared by many params (an address's) is written
  // once in the module, so a bundle of many operations carries it once.
  let entry = cx.descriptions.get(text);
  if (!entry) {
    const name = `DESCRIPTION_${cx.descriptions.size + 1}`;
    entry = { name, line: `const ${name} = ${JSON.stringify(text)};` };
    cx.descriptions.set(text, entry);
  }
  return entry.name;
}

// ---------------------------------------------------------------- anyOf

function anyOfCheck(cx, branches, place) {
  if (!Array.isArray(branches) || !branches.length)
    refuseSchema(place, "anyOf", "must be a non-empty array");
  // An open enum (spec/README.md): its open branch accepts every known value (the spec checks
  // see to it), so the open branch alone is the whole check, and its message the one to read
  // (`must match ^[A-Z][A-Z0-9_]*$`, not a list of 572 values that are not the only ones allowed).
  const open = openEnumParts({ anyOf: branches });
  if (open && open.values.every((v) => openBranchAccepts(open.open, v)))
    return check(cx, open.open, below(place, open.open, "anyOf", 1));
  // A long enum beside other branches would be checked as its base type only, which accepts
  // what the other branches exist to refuse.
  branches.forEach((b, i) => {
    if (isSchemaObject(b) && Array.isArray(b.enum) && b.enum.length > MAX_RUNTIME_ENUM)
      refuseSchema(
        below(place, b, "anyOf", i),
        "enum",
        `of more than ${MAX_RUNTIME_ENUM} values beside other anyOf branches is not translated (make it an open enum whose open branch accepts every value)`,
      );
  });
  // A `{ type: "null" }` branch becomes vNullable around the others: there is no null check.
  const isNull = (b) =>
    isSchemaObject(b) &&
    b.type === "null" &&
    Object.keys(b).every((k) => k === "type" || isAnnotation(k));
  // Strings that differ only in their pattern (an address or a domain) are one string check whose
  // pattern is any of theirs, so its message names every way (`must be a string matching ^…$, or
  // a domain such as toly.sol`), where vAnyOf reports the first branch alone when all fail alike;
  // and the bundle needs no vAnyOf.
  const strings = branches.filter((b) => !isNull(b));
  if (strings.length > 1 && strings.every(isPatternOnly) && joinedBytes(strings) !== null) {
    const joined = check(cx, joinedPatterns(strings), place);
    return strings.length < branches.length ? call(cx, "vNullable", joined) : joined;
  }
  const checks = branches.flatMap((b, i) =>
    isNull(b) ? [] : [check(cx, b, below(place, b, "anyOf", i))],
  );
  if (!checks.length) refuseSchema(place, "anyOf", "has only null branches");
  const inner = checks.length === 1 ? checks[0] : call(cx, "vAnyOf", `[${checks.join(", ")}]`);
  return checks.length < branches.length ? call(cx, "vNullable", inner) : inner;
}

/**
 * Whether anyOf branch `b` is a string checked by its pattern alone, which can join others (not a
 * pattern whose groups a join would renumber or clash).
 */
const isPatternOnly = (b) =>
  isSchemaObject(b) &&
  b.type === "string" &&
  typeof b.pattern === "string" &&
  !/\\[1-9k]|\(\?</.test(b.pattern) &&
  compilesWithU(b.pattern) &&
  Object.keys(b).every(
    (k) =>
      k === "type" ||
      k === "pattern" ||
      k === "x-pattern-description" ||
      k === "x-base58-bytes" ||
      isAnnotation(k),
  );

/**
 * The `x-base58-bytes` of pattern-only `strings` joined (isPatternOnly), if they can be: the one
 * count of those that give one (none: undefined; two counts: null, not joined). The joined check
 * decodes only text of base58 characters alone, so the count holds no other branch's text that has
 * one base58 lacks (a domain's dot); a branch without it that accepts base58 text would be held to
 * it too (none does in the spec: its only such join is AddressOrDomain).
 */
const joinedBytes = (strings) => {
  const counts = new Set(strings.map((b) => b["x-base58-bytes"]).filter((n) => n !== undefined));
  return counts.size > 1 ? null : [...counts][0];
};

/** The one string schema of the pattern-only `strings` (isPatternOnly): any of their patterns. */
const joinedPatterns = (strings) => ({
  type: "string",
  pattern: strings.map((b) => `(?:${b.pattern})`).join("|"),
  ...(joinedBytes(strings) && { "x-base58-bytes": joinedBytes(strings) }),
  "x-pattern-description": strings
    .map((b) =>
      describesPattern(b) ? b["x-pattern-description"] : `a string matching ${b.pattern}`,
    )
    .join(", or "),
});

// ---------------------------------------------------------------- objects

function objectCheck(cx, s, place, wrapped) {
  if (s.properties !== undefined && !isSchemaObject(s.properties))
    refuseSchema(place, "properties", "must be an object");
  if (
    s.required !== undefined &&
    !(Array.isArray(s.required) && s.required.every((r) => typeof r === "string"))
  )
    refuseSchema(place, "required", "must be an array of names");
  const members = Object.entries(s.properties ?? {}).map(
    ([name, p]) =>
      `${propertyKey(name)}: ${check(cx, p, below(place, p, "properties", pointer(name)))}`,
  );
  const { additionalProperties: other } = s;
  const additional =
    other === undefined || other === true
      ? undefined
      : other === false
        ? "false"
        : check(cx, other, below(place, other, "additionalProperties"));
  // `[]` (the default) is shorter than `undefined` when `additional` follows.
  const required = s.required?.length ? JSON.stringify(s.required) : additional && "[]";
  let object = call(
    cx,
    "vObject",
    members.length ? `{ ${members.join(", ")} }` : "{}",
    required,
    additional,
  );
  object = renamedCheck(cx, object, s, place, wrapped);
  object = dependentChecks(cx, object, s, place);
  return ruleChecks(cx, object, s, place);
}

/**
 * What is wrong with an object's `x-renamed-from` (`renamed`, its `entries`), each said apart:
 * the rule alone did not say which entry of a map broke it (`{ displayOptions: "option" }`, a
 * property's name mistyped). `names`: the object's properties.
 */
function renamedFromFaults(renamed, entries, names, additionalProperties) {
  if (!entries.length) return [`got ${JSON.stringify(renamed)}`];
  const faults = [];
  if (additionalProperties !== false)
    faults.push(
      `this object's additionalProperties is ${additionalProperties === undefined ? "left out" : JSON.stringify(additionalProperties)}, so another name would be accepted, not refused`,
    );
  const wrong = [];
  for (const [from, to] of entries)
    if (names.includes(from)) wrong.push(`${from} is a property of its own`);
    else if (typeof to !== "string" || !names.includes(to))
      wrong.push(`${from} names ${JSON.stringify(to)}, no property of this object`);
  if (wrong.length)
    faults.push(`${wrong.join("; ")} (its properties: ${names.join(", ") || "none"})`);
  return faults;
}

/**
 * `object` (the check of `s`) with other SDKs' names for its properties (`x-renamed-from:
 * { displayOptions: options }`): refused as any other property, with a message that names the
 * property meant. And, on a params object that wraps one param (`wrapped`, places.mjs), the members
 * of that param's object given unwrapped, each named where it goes: `accountKeys` is
 * `request.accountKeys` here (and so are the param's own other names: `displayOptions` is
 * `request.options`).
 */
function renamedCheck(cx, object, s, place, wrapped) {
  const renamed = s["x-renamed-from"];
  const names = Object.keys(s.properties ?? {});
  let entries = [];
  if (renamed !== undefined) {
    entries = isSchemaObject(renamed) ? Object.entries(renamed) : [];
    const faults = renamedFromFaults(renamed, entries, names, s.additionalProperties);
    if (faults.length) {
      refuseKeyword(cx, place, "x-renamed-from", `${RENAMED_FROM_RULE}: ${faults.join("; ")}`);
      entries = [];
    }
  }
  const param = wrapped === undefined ? undefined : s.properties?.[wrapped];
  if (s.additionalProperties === false && isSchemaObject(param)) {
    const own = (map) => (isSchemaObject(map) ? Object.entries(map) : []);
    const members = [
      ...Object.keys(isSchemaObject(param.properties) ? param.properties : {}).map((m) => [m, m]),
      ...own(param["x-renamed-from"]),
    ];
    for (const [from, to] of members)
      if (!names.includes(from) && !entries.some(([name]) => name === from))
        entries.push([from, `${wrapped}.${to}`]);
  }
  if (!entries.length) return object;
  return call(
    cx,
    "vRenamed",
    object,
    `{ ${entries.map(([from, to]) => `${propertyKey(from)}: ${JSON.stringify(to)}`).join(", ")} }`,
  );
}

/**
 * `object` (the check of `s`) with its `dependentSchemas`, of two forms: "these properties exclude
 * those" (`{ page: { properties: { cursor: false } } }`, with its own message), and any other
 * schema the object must also pass when it has the property (`{ before: { properties: { sortBy:
 * … } } }`). Properties with the same rule share one check (DAS `before`, `after` and `cursor`).
 */
function dependentChecks(cx, object, s, place) {
  const rules = new Map(); // check expression → the properties that bring it in
  for (const [name, dependent] of Object.entries(s.dependentSchemas ?? {})) {
    const where = below(place, dependent, "dependentSchemas", pointer(name));
    const others = isSchemaObject(dependent) ? Object.entries(dependent.properties ?? {}) : [];
    const excluded = others.filter(([, v]) => v === false);
    if (!excluded.length) {
      const rule = check(cx, dependent, where);
      rules.set(rule, [...(rules.get(rule) ?? []), name]);
    } else if (
      excluded.length < others.length ||
      Object.keys(dependent).some((k) => k !== "properties" && !isAnnotation(k))
    )
      refuseKeyword(
        cx,
        where,
        "dependentSchemas",
        "excludes properties beside other rules (write { properties: { name: false, … } } alone, or no false)",
      );
    else
      object = call(
        cx,
        "vExclusive",
        object,
        JSON.stringify(name),
        JSON.stringify(excluded.map(([k]) => k)),
      );
  }
  for (const [rule, names] of rules)
    object = call(cx, "vDependent", object, JSON.stringify(names), rule);
  return object;
}

/**
 * `object` (the check of `s`) with the rules chosen by a member's value (`allOf: [{ if, then }]`):
 * when the member that `if` names has one of its values, the object also passes `then` (the
 * sender's transaction must be in the encoding its config names).
 */
function ruleChecks(cx, object, s, place) {
  if (s.allOf !== undefined && !Array.isArray(s.allOf))
    refuseSchema(place, "allOf", "must be an array of rules { if, then }");
  (s.allOf ?? []).forEach((rule, i) => {
    const where = below(place, rule, "allOf", i);
    const condition = conditionOf(cx, rule, s, where);
    if (condition)
      object = call(
        cx,
        "vWhen",
        object,
        JSON.stringify(condition.member),
        JSON.stringify(condition.values),
        check(cx, rule.then, below(where, rule.then, "then")),
      );
  });
  return object;
}

/**
 * The member and values of a rule `{ if, then }` of object `s`'s allOf: `if` must name one member
 * (nested: a member of a member) and its values, `{ properties: { config: { properties: {
 * encoding: { enum: [base58] } }, required: [encoding] } }, required: [config] }`, through
 * members that `s` types as objects (not null). So `if` holds exactly when that member is given
 * with one of the values, once `s` itself holds, which is when the runtime reads the rule (JSON
 * Schema would also hold a bare `properties` for a member left out, or for a value that is no
 * object). Anything else is refused (undefined).
 */
function conditionOf(cx, rule, s, place) {
  if (!isSchemaObject(rule)) return refuseKeyword(cx, place, "allOf", RULE_SHAPE);
  const extra = Object.keys(rule).filter((k) => !RULE_KEYWORDS.includes(k) && !isAnnotation(k));
  for (const keyword of extra)
    refuseKeyword(cx, place, keyword, `beside if and then is not translated (${RULE_SHAPE})`);
  if (rule.if === undefined || rule.then === undefined)
    return refuseKeyword(
      cx,
      place,
      rule.if === undefined ? "if" : "then",
      `is missing (${RULE_SHAPE})`,
    );
  const member = [];
  let condition = rule.if;
  let schema = s; // the object schema the condition's member is a property of
  for (;;) {
    const at = below(place, condition, "if", ...member.flatMap((m) => ["properties", pointer(m)]));
    const keys = isSchemaObject(condition)
      ? Object.keys(condition).filter((k) => !isAnnotation(k))
      : [];
    if (keys.length === 1 && keys[0] === "enum" && member.length) {
      const values = condition.enum;
      // (vWhen compares the member's value with ===, as vEnum does: the enum check's refusal.)
      if (isU64(schema) || acceptsBigint(schema))
        return refuseKeyword(cx, at, "enum", BIGINT_CONDITION_RULE);
      if (Array.isArray(values) && values.length) return { member, values };
      return refuseKeyword(
        cx,
        at,
        "enum",
        "must be a non-empty array of the values that bring the rule in",
      );
    }
    const names = isSchemaObject(condition?.properties) ? Object.keys(condition.properties) : [];
    const [name] = names;
    const declared = name !== undefined && isSchemaObject(schema?.properties?.[name]);
    if (
      names.length !== 1 ||
      keys.some((k) => k !== "properties" && k !== "required") ||
      !(Array.isArray(condition.required) && condition.required.length === 1) ||
      condition.required[0] !== name ||
      !declared ||
      (member.length && !isObjectType(schema))
    )
      return refuseKeyword(cx, at, "if", IF_SHAPE);
    member.push(name);
    condition = condition.properties[name];
    schema = schema.properties[name];
  }
}
