// The rules on each schema by itself (spec/README.md "JSON Schema subset"): only the keywords of
// the spec's subset, which mean the same to OpenAPI 3.1, OpenRPC, ajv and both TypeScript
// generators (checkSchemaKeywords: `nullable`, a singular `example` or a misspelt `minimun` would
// pass the bundle and lint and mean different things to different tools), an
// `x-pattern-description` beside every `pattern`, and bounds, `required` names, `dependentSchemas`,
// patterns and enums that make sense (checkSchemaRules: a schema no value passes, a requirement the
// generated type would drop).
import { describesPattern, PATTERN_DESCRIPTION_RULE } from "../../generate/lib/validator.mjs";
import { editDistance } from "../../lib/edit-distance.mjs";
import { ENUM_VALUE_TWICE, mistakeId, PATTERN_WITHOUT_U_FLAG } from "../../lib/mistake-ids.mjs";
import {
  admitsNumbers,
  exactValue,
  integerKind,
  integerRangeProblem,
  isNum,
  toBig,
} from "./integers.mjs";
import { deref, forEachSchema } from "./schema-walk.mjs";

// The JSON Schema subset of spec/README.md ("JSON Schema subset"): keywords that mean the same to
// OpenAPI 3.1, OpenRPC, ajv and both TypeScript generators. (`x-` extensions pass too.)
export const SCHEMA_KEYWORDS = new Set([
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

/** The keywords of JSON Schema 2020-12 and OpenAPI 3.x schemas that the subset leaves out. */
const KNOWN_OUTSIDE = new Set([
  "$id",
  "$schema",
  "$anchor",
  "$dynamicRef",
  "$dynamicAnchor",
  "$vocabulary",
  "$defs",
  "definitions",
  "not",
  "if",
  "then",
  "else",
  "dependentRequired",
  "prefixItems",
  "contains",
  "minContains",
  "maxContains",
  "patternProperties",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "minProperties",
  "maxProperties",
  "multipleOf",
  "contentSchema",
  "discriminator",
  "xml",
  "externalDocs",
]);

/**
 * Every keyword outside the subset, in every schema of the document (components, parameters,
 * bodies, responses, method params and results): `nullable`, a singular `example`, `$defs`,
 * `prefixItems`, `if`, a misspelt `minimun`… would otherwise pass the bundle and lint and
 * mean different things to different tools.
 */
export function checkSchemaKeywords({ area, doc }) {
  const findings = [];
  forEachSchema(doc, (node, at) => {
    for (const key of Object.keys(node))
      if (!SCHEMA_KEYWORDS.has(key) && !key.startsWith("x-"))
        findings.push(
          `${area} ${at}: "${key}" is outside the spec's JSON Schema subset (spec/README.md)${insteadOf(key, node)}`,
        );
    // (Read by the client's checks as the words of the pattern's message: only beside a pattern,
    // and beside every one, so that no message quotes a regex at the caller.)
    if (node["x-pattern-description"] !== undefined && !describesPattern(node))
      findings.push(`${area} ${at}: x-pattern-description ${PATTERN_DESCRIPTION_RULE}`);
    else if (node.pattern !== undefined && node["x-pattern-description"] === undefined)
      findings.push(
        `${area} ${at}: a pattern needs an x-pattern-description (what it accepts, in words: the client's message says it instead of quoting the pattern)`,
      );
  });
  return findings;
}

/**
 * What the subset says instead of a keyword outside it, or "": for OpenAPI 3.0's `nullable` and
 * singular `example`, the subset's form; for an exclusive bound, the inclusive one; for a
 * misspelling (`maximun`, `maxlength`), the keyword it is nearest to.
 */
function insteadOf(key, node) {
  if (key === "nullable") {
    if (node.nullable !== true) return ': drop it (a type without "null" is not nullable)';
    if (node.$ref) return `: write anyOf: [{ $ref: <the same> }, { type: "null" }] instead`;
    const types = [node.type].flat().filter((t) => typeof t === "string" && t !== "null");
    return `: write type: [${types.join(", ") || "<type>"}, "null"] instead`;
  }
  if (key === "example") {
    const value = JSON.stringify(node.example) ?? "";
    return `: write examples: [${value.length > 60 ? "<the value>" : value}] instead (a list)`;
  }
  const exclusive = /^exclusive(Minimum|Maximum)$/.exec(key);
  if (exclusive) {
    const inclusive = exclusive[1].toLowerCase();
    const up = inclusive === "minimum";
    // (OpenAPI 3.0's form, a boolean that makes the `minimum` / `maximum` beside it exclusive.)
    const boolean = typeof node[key] === "boolean";
    if (boolean && !node[key])
      return ": drop it (OpenAPI 3.0's form: false leaves the bound inclusive)";
    const value = boolean ? node[inclusive] : node[key];
    const was = boolean ? ` and ${key}: true (OpenAPI 3.0's form)` : "";
    if (typeof value != "number" || !Number.isFinite(value))
      return `: write ${inclusive} instead (the subset's bounds are inclusive)`;
    // A whole number's exclusive bound is the next one in; a float's has no inclusive form, and
    // the same value as `minimum` would let that value itself through.
    return [node.type].flat().includes("integer")
      ? `: write ${inclusive}: ${up ? Math.floor(value) + 1 : Math.ceil(value) - 1} instead${was ? ` of ${inclusive}: ${value}${was}` : ""} (the subset's bounds are inclusive)`
      : `: write ${inclusive}: <the ${up ? "least" : "greatest"} value allowed> instead${was ? ` of ${inclusive}: ${value}${was}` : ""} (the subset's bounds are inclusive: ${inclusive}: ${value} would let ${value} through)`;
  }
  // (A rule the keywords cannot state is prose, by the subset's own rule; a few values, an enum.)
  if (key === "multipleOf")
    return ": the subset has no keyword for it: say the rule in the description (the service checks it, the SDK does not), or list the values in an enum";
  // A keyword of JSON Schema or OpenAPI that the subset leaves out is no misspelling: `$defs` is
  // not a `$ref` (spec:check said "did you mean $ref?" before).
  if (KNOWN_OUTSIDE.has(key)) return "";
  const nearest = [...SCHEMA_KEYWORDS]
    .map((keyword) => ({ keyword, d: editDistance(keyword.toLowerCase(), key.toLowerCase()) }))
    .sort((a, b) => a.d - b.d)[0];
  // (Two edits at most, and fewer than half the name: `maximun` is maximum, `max` is no keyword.)
  return nearest && nearest.d <= Math.min(2, Math.floor((key.length - 1) / 2))
    ? `: did you mean ${nearest.keyword}?`
    : "";
}

/**
 * The property names a schema declares: its `properties` and those of its allOf/anyOf/oneOf
 * branches.
 */
function declaredProperties(doc, schema, names = new Set(), seen = new Set()) {
  const s = deref(doc, schema);
  if (s === null || typeof s !== "object" || seen.has(s)) return names;
  seen.add(s);
  for (const name of Object.keys(s.properties ?? {})) names.add(name);
  for (const key of ["allOf", "anyOf", "oneOf"])
    for (const branch of s[key] ?? []) declaredProperties(doc, branch, names, seen);
  return names;
}

/** Bound keyword pairs that leave no value when the lower is above the upper (or at it). */
const BOUND_PAIRS = [
  ["minimum", "maximum", (a, b) => a > b],
  ["exclusiveMinimum", "maximum", (a, b) => a >= b],
  ["minimum", "exclusiveMaximum", (a, b) => a >= b],
  ["exclusiveMinimum", "exclusiveMaximum", (a, b) => a >= b],
  ["minLength", "maxLength", (a, b) => a > b],
  ["minItems", "maxItems", (a, b) => a > b],
  ["minProperties", "maxProperties", (a, b) => a > b],
];

/**
 * The [lower, upper] bound keywords of `schema` that leave no value between them (on their exact
 * values), each pair a finding of checkSchemaRules.
 */
export function contradictoryBounds(schema) {
  if (schema === null || typeof schema !== "object") return [];
  const v = (key) => (key in schema ? exactValue(schema, key) : undefined);
  return BOUND_PAIRS.filter(
    ([lo, hi, contradicts]) => isNum(v(lo)) && isNum(v(hi)) && contradicts(v(lo), v(hi)),
  ).map(([lo, hi]) => [lo, hi]);
}

/**
 * The [lower, upper] bound keywords of an integer schema that leave no whole number between them
 * (minimum 0.2, maximum 0.8), where contradictoryBounds finds no pair: at most one pair, the first
 * lower bound's, a finding of checkSchemaRules.
 */
export function boundsWithoutWholeNumber(schema) {
  if (schema === null || typeof schema !== "object" || contradictoryBounds(schema).length)
    return [];
  const types = [schema.type].flat();
  if (!types.includes("integer") || types.includes("number")) return [];
  const v = (key) => (key in schema ? exactValue(schema, key) : undefined);
  // The smallest and largest whole numbers each bound allows: [keyword, number].
  const ceil = (x) => (typeof x === "bigint" ? x : Math.ceil(x));
  const floor = (x) => (typeof x === "bigint" ? x : Math.floor(x));
  const one = (x) => (typeof x === "bigint" ? 1n : 1);
  const whole = {
    minimum: (x) => ceil(x),
    exclusiveMinimum: (x) => floor(x) + one(x),
    maximum: (x) => floor(x),
    exclusiveMaximum: (x) => ceil(x) - one(x),
  };
  const bounds = (keys) => keys.filter((k) => isNum(v(k))).map((k) => [k, whole[k](v(k))]);
  const his = bounds(["maximum", "exclusiveMaximum"]);
  for (const [lo, least] of bounds(["minimum", "exclusiveMinimum"])) {
    const hi = his.find(([, most]) => least > most)?.[0];
    if (hi) return [[lo, hi]];
  }
  return [];
}

/**
 * Every [lower, upper] pair of bound keywords of `schema` that no value passes (contradictoryBounds
 * and boundsWithoutWholeNumber): checkSchemaRules tells each, so the rules that read bounds (the
 * examples, bound prose, a result's echo or maxItems) are not held to them and do not tell them
 * again.
 */
export const boundsLeavingNoValue = (schema) => [
  ...contradictoryBounds(schema),
  ...boundsWithoutWholeNumber(schema),
];

/**
 * The names `schema.required` lists that no property declares (of the schema, its branches, or
 * the schema it is a branch of, `parent`): a finding of checkSchemaRules.
 */
export function undeclaredRequired(doc, schema, parent) {
  if (!Array.isArray(schema?.required)) return [];
  const declared = declaredProperties(doc, schema);
  if (parent) declaredProperties(doc, parent, declared);
  return schema.required.filter((name) => !declared.has(name));
}

/**
 * Rules on each schema by itself, in every schema of the document (see forEachSchema):
 * - bounds that leave no value: minimum > maximum (also with the exclusive forms; for an integer,
 *   no whole number between them), minLength > maxLength, minItems > maxItems,
 *   minProperties > maxProperties — whether or not an example uses the schema;
 * - integer bounds in range: a u64's within 0 … 2^64−1, an i64's within −2^63 … 2^63−1, any other
 *   integer's within ±(2^53−1) (decision 0005);
 * - every name in `required` is a declared property (of the schema, its branches, or the schema
 *   it is a branch of): otherwise a misspelling or a removed property, which the generated type
 *   drops without a word;
 * - `dependentSchemas`: each key and each excluded name is a declared property;
 * - `pattern` compiles as a regular expression; `enum` lists no value twice.
 */
export function checkSchemaRules({ area, doc }, { ids } = {}) {
  const findings = [];
  forEachSchema(doc, (schema, at, parent) => {
    // (`ids`: a finding's identity, where another rule tells the same mistake, mistake-ids.mjs.)
    const say = (message, id) => {
      const finding = `${area} ${at}: ${message}`;
      findings.push(finding);
      if (id) ids?.set(finding, id);
    };
    const v = (key) => (key in schema ? exactValue(schema, key) : undefined);
    const show = (key) => `${key} (${v(key)})`;
    const contradictions = contradictoryBounds(schema);
    for (const [lo, hi] of contradictions)
      say(`${show(lo)} is above ${show(hi)}: no value can pass`);
    const types = [schema.type].flat();
    const integer = types.includes("integer") && !types.includes("number");
    for (const [lo, hi] of boundsWithoutWholeNumber(schema))
      say(`${show(lo)} and ${show(hi)} leave no whole number for this integer: no value can pass`);
    if (admitsNumbers(schema) && (integer || integerKind(schema) !== "plain")) {
      for (const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) {
        const n = isNum(v(key)) ? toBig(v(key)) : undefined;
        const problem = n === undefined ? undefined : integerRangeProblem(integerKind(schema), n);
        if (problem) say(`${key}: ${problem}`);
      }
    }

    if (Array.isArray(schema.required)) {
      const missing = undeclaredRequired(doc, schema, parent);
      if (missing.length)
        say(
          `required lists ${missing.map((m) => JSON.stringify(m)).join(", ")}, not in properties (a misspelling or a removed property? the generated type would drop the requirement)`,
        );
    }
    if (schema.dependentSchemas && typeof schema.dependentSchemas === "object") {
      const declared = declaredProperties(doc, schema);
      for (const [key, dependent] of Object.entries(schema.dependentSchemas)) {
        if (!declared.has(key)) say(`dependentSchemas: "${key}" is not a property of this schema`);
        for (const name of Object.keys(dependent?.properties ?? {}))
          if (!declared.has(name))
            say(`dependentSchemas.${key}: "${name}" is not a property of this schema`);
      }
    }
    if ("pattern" in schema) {
      const problem = regexProblem(schema.pattern);
      if (problem)
        say(
          `pattern ${JSON.stringify(schema.pattern)} is not a valid regular expression with the u flag, ${U_FLAG_READERS}: ${problem}${readWithoutUnicode(schema.pattern, problem)}`,
          mistakeId(PATTERN_WITHOUT_U_FLAG, area, `${at}/pattern`),
        );
      else {
        const unicodeOnly = unicodeOnlySyntax(schema.pattern);
        if (unicodeOnly)
          say(
            `pattern ${JSON.stringify(schema.pattern)} reads differently without the u flag (${unicodeOnly}): json-schema-faker compiles patterns without it for the mock's dynamic strings, so write the pattern the same both ways`,
          );
      }
    }
    if (Array.isArray(schema.enum)) {
      const seen = new Set();
      const twice = new Set();
      for (const value of schema.enum) {
        const key = JSON.stringify(value);
        if (seen.has(key)) twice.add(key);
        seen.add(key);
      }
      for (const key of twice)
        say(
          `enum lists ${key} twice; list each value once`,
          mistakeId(ENUM_VALUE_TWICE, area, `${at}/enum`),
        );
    }
  });
  return findings;
}

// The letters an escape means something by with the u flag; any other is an identity escape,
// which only a pattern without the flag may hold (PCRE's \A and \z read as the letters A and z).
const UNICODE_ESCAPE_LETTERS = "bBcdDfknpPrsStuvwWx";
const SYNTAX_CHARACTERS = "^$\\.*+?()[]{}|/";

/**
 * For a pattern the u flag refuses but a plain RegExp takes (PCRE habits such as `\A…\z`), what
 * it would mean without the flag, in words, as a sentence to append; "" when it compiles neither
 * way. Its first escape the flag refuses, else a brace or bracket that closes nothing, else
 * Annex B's reading.
 */
function readWithoutUnicode(source, unicodeProblem) {
  try {
    new RegExp(source);
  } catch {
    return "";
  }
  return `; without the flag ${readingWithoutUnicode(source, unicodeProblem)}`;
}

function readingWithoutUnicode(source, unicodeProblem) {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === "\\") {
      const next = source[++i] ?? "";
      const allowed =
        /[0-9]/.test(next) ||
        UNICODE_ESCAPE_LETTERS.includes(next) ||
        SYNTAX_CHARACTERS.includes(next) ||
        (inClass && next === "-");
      if (allowed) continue;
      if (next === "A" || next === "z" || next === "Z")
        return `\`\\${next}\` is read as the letter ${next} (ECMA-262 has no \\A and \\z: anchor with ^ and $)`;
      const what = /[A-Za-z]/.test(next) ? "the letter" : "the character";
      return `\`\\${next}\` is read as ${what} ${next} (write it bare)`;
    }
    if (char === "[") inClass = true;
    else if (char === "]") inClass = false;
  }
  if (/Lone quantifier brackets|Incomplete quantifier/.test(unicodeProblem))
    return "a brace or bracket that opens or closes nothing is read as a plain character";
  return "the pattern is read by the looser rules of ECMA-262's Annex B";
}

/** Who compiles a spec pattern with the u flag, the one rule for a pattern (decision 0004). */
const U_FLAG_READERS =
  "as JSON Schema 2020-12 reads an ECMA-262 pattern and ajv, Prism, the mock and the SDK's checks compile it";

/**
 * Why `source` does not compile as a regular expression with the u flag, as every consumer of
 * the spec compiles a pattern (ajv's default, Prism's ajv, the mock, the generated checks), or
 * undefined.
 */
export function regexProblem(source) {
  if (typeof source !== "string") return "it must be a string";
  try {
    new RegExp(source, "u");
    return undefined;
  } catch (error) {
    return error.message;
  }
}

/**
 * The first part of `source` (a pattern that compiles with the u flag) that means something else
 * without it, or undefined: `\p{…}` / `\P{…}` (a Unicode property; without u the letters
 * `p{…}`), `\u{…}` (a code point; without u `u` repeated), a character past U+FFFF, as itself or
 * as a surrogate pair's two `\u` escapes (two UTF-16 units without u, so a quantifier or a class
 * takes half of it). json-schema-faker compiles
 * patterns without the flag. (`.` and negated classes also differ, on input past U+FFFF only:
 * json-schema-faker writes none, and the mock checks what it writes.)
 */
export function unicodeOnlySyntax(source) {
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      const escape = source.slice(i, i + 3);
      if (/^\\[pP]\{$/.test(escape))
        return `${escape}…} is a Unicode property escape with it, the letters ${escape.slice(1)}…} without`;
      if (escape === "\\u{") return "\\u{…} is a code point with it, u repeated without";
      const pair = source.slice(i, i + 12);
      if (/^\\u[dD][89abAB][\da-fA-F]{2}\\u[dD][c-fC-F][\da-fA-F]{2}$/.test(pair))
        return `${pair} (a surrogate pair's escapes) is one character with it, two UTF-16 units without`;
      i++; // (the escaped character, whatever it is)
    } else if (source.codePointAt(i) > 0xffff)
      return `${String.fromCodePoint(source.codePointAt(i))} is one character with it, two UTF-16 units without`;
  }
  return undefined;
}
