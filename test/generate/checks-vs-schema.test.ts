/**
 * The generated runtime checks agree with the spec's JSON Schema, on values drawn from the spec.
 *
 * For every operation whose descriptor has a params check (packages/<area>/src/generated/
 * operations.ts), two verdicts are compared on the same input:
 *   - the check, run through core's `validate` (as the clients run it), and
 *   - ajv (JSON Schema 2020-12, the spec's own configuration `makeAjv` of scripts/spec/rules.mjs,
 *     formats asserted) on the schemas of spec/dist, with their $refs kept and resolved by ajv.
 * The inputs are values generated from the spec's schema (fast-check; mostly valid) and one-step
 * mutations of them (a required property dropped, an unknown one added, a wrong type, a number
 * out of range, a string one too long or short, a pattern broken by one character, an array one
 * item too long, null, both members of an exclusive pair…; mostly invalid). Where the verdicts
 * differ, every complaint of the side that refused must be one of DIVERGENCES (the runtime parting
 * from JSON Schema on purpose) at a field that divergence lists; the lists are compared with a
 * walk of the spec, so none can grow unnoticed, and each divergence must be met at least once.
 * (Those that hold for every integer or every object by design take their lists from that walk:
 * a new operation needs an entry only where it meets a narrow one, a format or a bare path param.)
 * Where both refuse, each issue must name the field: its path exists in the value or in the
 * schema, ajv complains about the same field, and the message starts with the path. Odd input
 * (`__proto__` keys, huge arrays, deep nesting, cycles, class instances, fc.anything()) must get a
 * ValidationError or pass, never another error, except the value's own (a throwing getter).
 *
 * The SDK's input is read from the spec (test/spec/sdk-input.ts), not from the generator, so a
 * mapping mistake there shows up too. ajv judges a JSON-RPC input by its one schema; a REST input
 * parameter by parameter, each by its own schema, and what is left by the body schema. The values
 * come from test/spec/arbitraries.ts.
 *
 * Reproducible: every property runs with the fixed SEED; a failure prints fast-check's seed and
 * path, the value, the check's issues and ajv's errors.
 */
import { validate, ValidationError, type Check, type ValidationIssue } from "@chaindata/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { makeAjv, toAjvSchema } from "../../scripts/spec/rules.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { MAX_RUNTIME_ENUM } from "../../scripts/generate/lib/validator.mjs";
import { anyJson, memberName, schemaArbitraries } from "../spec/arbitraries.js";
import { divergenceEdits } from "./divergence-edits.js";
import {
  GENERATED,
  isObjectSchema,
  resolve,
  show,
  specOperations,
  typesOf,
  type Schema,
  type SpecOperation,
} from "../spec/sdk-input.js";

const SEED = 20_251_122;
const GENERATED_RUNS = 150;
const MUTATED_RUNS = 200;
const ODD_RUNS = 60;

type Key = string | number;
/** A complaint of ajv, at the field it is about (`required` and `additionalProperties` name the property). */
interface SpecError {
  at: Key[];
  keyword: string;
  message: string;
}

/** Values of a schema of the spec (mostly valid). */
const arbitraryOf = schemaArbitraries();

// ------------------------------------------------------------------------------------------------
// The operations with a check, and how ajv judges their input

interface Operation extends SpecOperation {
  check: Check;
  /** ajv's complaints about the input (none: valid). */
  judge: (input: unknown) => SpecError[];
}

const ajv = makeAjv();
const errorsOf = (validator: any, prefix: Key[] = []): SpecError[] =>
  validator.errors.map((e: any) => {
    const at: Key[] = [
      ...prefix,
      ...e.instancePath
        .split("/")
        .slice(1)
        .map((k: string) => k.replace(/~1/g, "/").replace(/~0/g, "~")),
    ];
    if (e.keyword === "required") at.push(e.params.missingProperty);
    if (e.keyword === "additionalProperties") at.push(e.params.additionalProperty);
    return { at, keyword: e.keyword, message: `${e.instancePath || "/"} ${e.message}` };
  });

const docId = (op: SpecOperation) => `https://chaindata.invalid/${op.kind}/${op.area}.json`;

/** How ajv judges the input of `op`: a JSON-RPC input by its one schema; a REST one parameter by parameter, the rest by the body schema. */
function judgeOf(op: SpecOperation): Operation["judge"] {
  if (!op.rest) {
    const validator = ajv.compile(toAjvSchema(op.shape, docId(op)));
    return (input) => (validator(input) ? [] : errorsOf(validator));
  }
  const { parameters, body } = op.rest;
  const parameterValidators = parameters.map(
    (p: any) => [p, ajv.compile(toAjvSchema(p.schema, docId(op)))] as const,
  );
  const bodyValidator = body && ajv.compile(toAjvSchema(body.schema, docId(op)));
  return (value) => {
    if (!value || typeof value !== "object" || Array.isArray(value))
      return [{ at: [], keyword: "type", message: "/ must be object" }];
    const input = value as Record<string, unknown>;
    const errors: SpecError[] = [];
    for (const [p, validator] of parameterValidators) {
      if (!Object.hasOwn(input, p.name)) {
        if (p.required)
          errors.push({ at: [p.name], keyword: "required", message: `${p.name} is required` });
      } else if (!validator(input[p.name])) errors.push(...errorsOf(validator, [p.name]));
    }
    const names = new Set(parameters.map((p: any) => p.name));
    const rest = Object.fromEntries(Object.entries(input).filter(([k]) => !names.has(k)));
    if (!bodyValidator)
      for (const k of Object.keys(rest))
        errors.push({ at: [k], keyword: "additionalProperties", message: `${k}: no such input` });
    else if ((body.required || Object.keys(rest).length) && !bodyValidator(rest))
      errors.push(...errorsOf(bodyValidator));
    return errors;
  };
}

// Each area's component schemas, for the $refs ajv resolves (before any compile).
for (const op of new Map(specOperations.map((o) => [docId(o), o])).values())
  ajv.addSchema({
    $id: docId(op),
    $defs: Object.fromEntries(
      Object.entries(op.doc.components?.schemas ?? {}).map(([n, s]) => [
        n,
        toAjvSchema(s, docId(op)),
      ]),
    ),
  });

const operations: Operation[] = specOperations
  .filter((s) => s.check)
  .map((s) => ({ ...s, check: s.check!, judge: judgeOf(s) }));

// ------------------------------------------------------------------------------------------------
// Values, paths and field names

/** Sets an own, ordinary data member (`out[key] = value` would set the prototype for `__proto__`). */
const setMember = (out: object, key: Key, value: unknown) =>
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** How the whole input is named as a field (an object, but for an `x-params: array` method). */
const INPUT = "(input)";
/**
 * `filters[].memcmp.offset`: a path with its array indices left out (how DIVERGENCES name
 * fields); a name that is not an identifier is quoted (`["a.b"]`), so it reads as no listed field.
 */
const fieldName = (at: Key[]) =>
  at
    .map((k, i) =>
      typeof k === "number"
        ? "[]"
        : /^[A-Za-z_$][\w$]*$/.test(k)
          ? `${i ? "." : ""}${k}`
          : `[${JSON.stringify(k)}]`,
    )
    .join("") || INPUT;

/** The schema and its anyOf/oneOf branches, resolved: what a value at one place is checked by. */
function alternatives(doc: any, schema: Schema): Schema[] {
  // (Kept: odd input has 50,000 issues to read back.)
  let found = alternativesOf.get(schema);
  if (!found) {
    const { s } = resolve(doc, schema);
    found =
      s && typeof s === "object"
        ? [s, ...[...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap((b) => alternatives(doc, b))]
        : [];
    alternativesOf.set(schema, found);
  }
  return found;
}
const alternativesOf = new Map<Schema, Schema[]>();

/**
 * The keys of the field a check issue's path names (`params.filters[0].memcmp.offset`), or
 * undefined when it names none: each `.name` step must be a member of the value there or a
 * property of its schema (a name may hold a dot or a bracket: every reading is tried), each
 * `[i]` an item of an array.
 */
function issueKeys(op: Operation, value: unknown, path: string): Key[] | undefined {
  const walk = (text: string, node: any, schemas: Schema[]): Key[] | undefined => {
    if (!text) return [];
    const object = node && typeof node === "object" && !Array.isArray(node);
    const names = new Set<string>([
      ...(object ? Object.keys(node) : []),
      ...schemas.flatMap((s) => Object.keys(s.properties ?? {})),
    ]);
    for (const name of names) {
      if (!text.startsWith(`.${name}`)) continue;
      const inner = schemas.flatMap((s) =>
        Object.hasOwn(s.properties ?? {}, name) ? alternatives(op.doc, s.properties[name]) : [],
      );
      const rest = walk(text.slice(name.length + 1), object ? node[name] : undefined, inner);
      if (rest) return [name, ...rest];
    }
    const item = /^\[(\d+)\]/.exec(text);
    if (item && Array.isArray(node) && Number(item[1]) < node.length) {
      const inner = schemas.flatMap((s) =>
        s.items === undefined ? [] : alternatives(op.doc, s.items),
      );
      const rest = walk(text.slice(item[0].length), node[Number(item[1])], inner);
      if (rest) return [Number(item[1]), ...rest];
    }
    return undefined;
  };
  return path.startsWith("params")
    ? walk(path.slice("params".length), value, alternatives(op.doc, op.shape))
    : undefined;
}

/** Array indices as numbers (ajv's instance paths give them as strings), by walking `value`. */
function typedKeys(value: unknown, at: Key[]): Key[] {
  let node: any = value;
  return at.map((k) => {
    const key = Array.isArray(node) && /^\d+$/.test(String(k)) ? Number(k) : k;
    node = node && typeof node === "object" ? node[key] : undefined;
    return key;
  });
}

const valueAt = (value: unknown, at: Key[]) =>
  at.reduce<any>((node, k) => (node && typeof node === "object" ? node[k] : undefined), value);

/** A copy of `root` with the value at `at` replaced (REMOVE: deleted); the rest is shared. */
const REMOVE = Symbol("remove");
function replaceAt(root: unknown, at: Key[], replacement: unknown): unknown {
  if (!at.length) return replacement;
  const [k, ...rest] = at;
  const inner = replaceAt((root as any)[k!], rest, replacement);
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[k as number] = inner;
    return copy;
  }
  const copy: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(root as object)) if (name !== k) setMember(copy, name, v);
  if (replacement !== REMOVE || rest.length) setMember(copy, k!, inner);
  return copy;
}

// ------------------------------------------------------------------------------------------------
// The schema's fields (a static walk), for the divergences' scopes

interface Field {
  op: Operation;
  /** `config.maxRetries`, `filters[].memcmp.offset`, `(input)` */
  name: string;
  schema: Schema;
  /** The known values of an open enum (an anyOf beside a plain string branch): not a closed enum. */
  openEnumKnown: boolean;
  /** The place where a `$ref` leads back into itself. */
  recursive: boolean;
}

function fieldsOf(op: Operation): Field[] {
  const fields: Field[] = [];
  const walk = (schema: Schema, at: Key[], stack: string[], openEnumKnown = false) => {
    const { s, stack: inner } = resolve(op.doc, schema, stack);
    if (!s || typeof s !== "object") return;
    // (`x-accepts-bigint` beside a `$ref` is the field's, not its target's: kept on the field.)
    const marked = schema?.["x-accepts-bigint"] === true && !s["x-accepts-bigint"];
    fields.push({
      op,
      name: fieldName(at),
      schema: marked ? { ...s, "x-accepts-bigint": true } : s,
      openEnumKnown,
      recursive: !!s.recursive,
    });
    const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
    const open = branches.some((b: Schema) => {
      const r = resolve(op.doc, b).s;
      return r?.type === "string" && r.enum === undefined;
    });
    for (const b of branches) walk(b, at, inner, open);
    for (const [k, p] of Object.entries<Schema>(s.properties ?? {}))
      if (p !== false) walk(p, [...at, k], inner);
    if (s.items !== undefined) walk(s.items, [...at, 0], inner);
    if (s.additionalProperties && typeof s.additionalProperties === "object")
      walk(s.additionalProperties, [...at, "*"], inner);
  };
  walk(op.shape, [], []);
  return fields;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

// ------------------------------------------------------------------------------------------------
// Where the runtime parts from JSON Schema on purpose

interface Divergence {
  reason: string;
  /** The fields it applies to, by operation: exactly what `appliesTo` finds in the spec. */
  fields: Record<string, string[]>;
  appliesTo: (field: Field) => boolean;
  /**
   * What ajv is shown instead of a part of the value that the check reads differently (undefined:
   * no change); `listed`: whether the divergence lists the part's field.
   */
  translate?: (part: unknown, listed: boolean) => { as: unknown } | undefined;
  /** An ajv error that the check, on purpose, does not give. */
  excusesSpecError?: (error: SpecError, value: unknown) => boolean;
  /** A check issue that ajv, on purpose, does not give. */
  excusesCheckIssue?: (issue: ValidationIssue, value: unknown) => boolean;
  /**
   * How a spec edit can avoid the divergence instead of listing the fields, for the failures
   * (undefined: it cannot, for these fields).
   */
  avoid?: (fields: Field[]) => string | undefined;
}

/**
 * The fields, by operation, where `appliesTo` holds. For the divergences that hold for every field
 * of a kind by design (every integer, every object of an input), their fields are read from the
 * spec this way, so that a new operation needs no entry here; the narrow divergences below list
 * theirs by hand, and the test comparing each list with the spec names the one to extend.
 */
function everyFieldWhere(appliesTo: (field: Field) => boolean): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const field of operations.flatMap(fieldsOf).filter(appliesTo)) {
    const names = (fields[field.op.key] ??= []);
    if (!names.includes(field.name)) names.push(field.name);
  }
  return fields;
}
/**
 * A u64 or i64 integer (typed bigint), or one marked `x-accepts-bigint` (typed `number | bigint`):
 * the kinds of field whose check takes a bigint.
 */
const isWide = (f: Field) =>
  typesOf(f.schema).includes("integer") &&
  (f.schema.format === "uint64" ||
    f.schema.format === "int64" ||
    f.schema["x-accepts-bigint"] === true);
const isObject = (f: Field) => isObjectSchema(f.schema);
/** Whether the field is base58 text of a number of bytes (`x-base58-bytes`). */
const isBase58Bytes = (f: Field) => f.schema["x-base58-bytes"] !== undefined;
/** Whether an allOf rule of the input holds the field to a transaction's layout (`x-solana-transaction`). */
const isTransaction = (f: Field) =>
  (resolve(f.op.doc, f.op.shape).s?.allOf ?? []).some((rule: Schema) => {
    const then = resolve(f.op.doc, resolve(f.op.doc, rule).s?.then).s;
    const member = then?.properties?.[f.name];
    return member !== undefined && !!resolve(f.op.doc, member).s?.["x-solana-transaction"];
  });

const DIVERGENCES: Record<string, Divergence> = {
  "bigint integers": {
    reason:
      "vInteger takes a bigint for a u64 or i64 integer (format uint64 or int64, typed bigint; or " +
      "x-accepts-bigint, typed number | bigint; core " +
      "writes it exactly in the JSON), and ajv cannot be given one: it is shown the bigint's value " +
      "as a number, clamped to ±(2^53−1), which compares with every bound of the spec as the " +
      "bigint does (the bounds are safe integers, asserted below). A bigint wider than 64 bits is " +
      "refused by vInteger, and shown to ajv as the text it is, which no integer schema takes. " +
      "(Any other integer is typed number: its check refuses a bigint, as ajv does, so a bigint " +
      "there is shown to ajv as it is.)",
    fields: everyFieldWhere(isWide),
    appliesTo: isWide,
    translate: (part, listed) =>
      typeof part !== "bigint" || !listed
        ? undefined
        : part != BigInt.asUintN(64, part) && part != BigInt.asIntN(64, part)
          ? { as: `${part}n` }
          : { as: Number(part < -MAX_SAFE ? -MAX_SAFE : part > MAX_SAFE ? MAX_SAFE : part) },
  },
  "unsafe integers": {
    reason:
      "a number beyond ±(2^53−1) has already lost digits, so vInteger asks for a bigint; ajv " +
      "accepts any integral number (the spec checks call such a value a u64/i64 in a field typed " +
      "number: rules.mjs integerRangeProblem)",
    fields: {
      "compression getCompressedAccountsByOwner": [
        "dataSlice.offset",
        "dataSlice.length",
        "filters[].memcmp.offset",
      ],
      "das getAssetsByOwner": ["page"],
      "das getAssetsByAuthority": ["page"],
      "das getNftEditions": ["page"],
      "sender sendTransaction": ["config.maxRetries", "config.minContextSlot"],
      "wallet getBalances": ["page"],
    },
    appliesTo: (f) =>
      typesOf(f.schema).includes("integer") &&
      !(f.schema.maximum <= MAX_SAFE && f.schema.minimum >= -MAX_SAFE),
    excusesCheckIssue: (issue, value) =>
      issue.rule === "type" &&
      typeof value === "number" &&
      Number.isInteger(value) &&
      !Number.isSafeInteger(value),
    // (Not for a u64 / i64 or an input that takes a bigint: a maximum within ±(2^53−1) would cut
    // its range, and listing it is the one fix: user trial 58, F7.)
    avoid: (fields) =>
      fields.some((f) => !isWide(f))
        ? "or, where the value has a documented bound, give the field a maximum (and a minimum) within " +
          "±(2^53−1) in the spec, and it is no divergence"
        : undefined,
  },
  "formats are annotations": {
    reason:
      "the generator treats `format` as an annotation (validator.mjs ANNOTATIONS): no URI or UUID " +
      "parser in every bundle (decision 0008); the spec's ajv asserts formats (ajv-formats). Where " +
      "a pattern stands beside the format (webhookURL, webhookID), the pattern is checked",
    fields: {
      "mint mintCompressedNft": ["uri", "imageUrl", "externalUrl"],
      "webhooks createWebhook": ["webhookURL"],
      "webhooks getWebhook": ["webhookID"],
      "webhooks updateWebhook": ["webhookID", "webhookURL"],
      "webhooks deleteWebhook": ["webhookID"],
    },
    appliesTo: (f) => f.schema.format !== undefined,
    excusesSpecError: (error) => error.keyword === "format",
  },
  "transaction layouts": {
    reason:
      "`x-solana-transaction: base64` (Base64Transaction) holds the text to the layout of a signed " +
      "transaction once decoded (vTransaction), so that base58 text, which is base64 text too when " +
      "its length is a multiple of 4, is refused; ajv reads no x- keyword and accepts any such text",
    fields: { "sender sendTransaction": ["transaction"] },
    appliesTo: isTransaction,
    excusesCheckIssue: (issue) => issue.rule === "x-solana-transaction",
  },
  "base58 byte counts": {
    reason:
      "`x-base58-bytes` holds base58 text to the number of bytes it decodes to (an address 32, a " +
      "signature 64: vBase58Bytes' count), which no pattern can say (44 × z is 33 bytes); ajv reads no " +
      "x- keyword and accepts any text of the pattern",
    fields: everyFieldWhere(isBase58Bytes),
    appliesTo: isBase58Bytes,
    excusesCheckIssue: (issue) => issue.rule === "x-base58-bytes",
  },
  "dot path segments": {
    reason:
      "a path parameter of '.' or '..' would move the request to another path (URL parsers resolve " +
      "dot segments) with the key attached: the generator gives a string path parameter without a " +
      "pattern the pattern ^(?!\\.\\.?$) (operations.mjs pathSegment)",
    fields: { "admin getProjectUsage": ["id"] },
    appliesTo: (f) =>
      f.op.pathParams.has(f.name) &&
      typesOf(f.schema).includes("string") &&
      f.schema.pattern === undefined,
    excusesCheckIssue: (issue, value) =>
      issue.rule === "pattern" && (value === "." || value === ".."),
  },
  "long enums": {
    reason: `an enum of more than ${MAX_RUNTIME_ENUM} values is checked as its base type only (validator.mjs MAX_RUNTIME_ENUM: kilobytes in every bundle); the known values of an open enum are not one (its open branch is the whole check, and ajv agrees)`,
    fields: {},
    appliesTo: (f) =>
      Array.isArray(f.schema.enum) && f.schema.enum.length > MAX_RUNTIME_ENUM && !f.openEnumKnown,
    excusesSpecError: (error) => error.keyword === "enum",
  },
  "typeless objects": {
    reason:
      "a schema with object keywords (properties, required, additionalProperties, " +
      "dependentSchemas) but no type is checked as an object (validator.mjs), while JSON Schema " +
      "lets any non-object pass it; none is a field of an input today",
    fields: {},
    appliesTo: (f) =>
      f.schema.type === undefined &&
      ["properties", "required", "additionalProperties", "dependentSchemas"].some(
        (k) => f.schema[k] !== undefined,
      ),
    excusesCheckIssue: (issue, value) =>
      issue.rule === "type" && (typeof value !== "object" || value === null),
  },
  "recursive refs": {
    reason:
      "the generator checks nothing below a $ref that leads back into itself (schema.mjs " +
      "validationSchema); none does in any input today (give this divergence an excuse when one does)",
    fields: {},
    appliesTo: (f) => f.recursive,
  },
  "undefined members": {
    reason:
      "vObject reads a member whose value is undefined as absent, as JSON writes the input (the " +
      "member vanishes; the REST client leaves such a parameter out); ajv sees an own member, which " +
      "additionalProperties: false refuses when it is unknown. ajv is shown the object without them",
    fields: everyFieldWhere(isObject),
    appliesTo: isObject,
    translate: (part) =>
      isPlainObject(part) && Object.values(part).includes(undefined)
        ? {
            as: Object.fromEntries(Object.entries(part).filter(([, v]) => v !== undefined)),
          }
        : undefined,
  },
  "plain objects": {
    reason:
      "vObject refuses a class instance (an object whose prototype is not Object.prototype or null): " +
      "JSON writes own members only, while the request builders read inherited ones too; ajv " +
      "judges any object",
    fields: everyFieldWhere(isObject),
    appliesTo: isObject,
    excusesCheckIssue: (issue, value) =>
      issue.rule === "type" &&
      /plain object/.test(issue.message) &&
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      !isPlainObject(value),
  },
};

/** The divergences met, and where: "<divergence>: <operation> <field>". */
const divergencesMet = new Set<string>();

// ------------------------------------------------------------------------------------------------
// The two verdicts

/** The check's issues for `value` (none: it passes). Anything but a ValidationError is a failure. */
function checkIssues(op: Operation, value: unknown): ValidationIssue[] {
  try {
    validate(op.check, value);
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.issues;
    throw new Error(`${op.key}: the check threw ${String(error)} instead of a ValidationError`, {
      cause: error,
    });
  }
}

/**
 * `value` as ajv is shown it: each part that the check reads differently from ajv, on purpose,
 * translated by its divergence (which must list the field).
 */
function translateForAjv(op: Operation, value: unknown, at: Key[] = []): unknown {
  if (Array.isArray(value)) value = value.map((item, i) => translateForAjv(op, item, [...at, i]));
  else if (isPlainObject(value)) {
    const out: Record<string, unknown> = Object.create(Object.getPrototypeOf(value));
    for (const [k, v] of Object.entries(value))
      setMember(out, k, translateForAjv(op, v, [...at, k]));
    value = out;
  }
  const field = fieldName(at);
  for (const [name, d] of Object.entries(DIVERGENCES)) {
    const translated = d.translate?.(value, !!d.fields[op.key]?.includes(field));
    if (!translated) continue;
    if (!d.fields[op.key]?.includes(field))
      throw new Error(
        `${op.key} ${field}: "${name}" is not listed for this field (DIVERGENCES["${name}"].fields in test/generate/checks-vs-schema.test.ts)`,
      );
    divergencesMet.add(`${name}: ${op.key} ${field}`);
    return translated.as;
  }
  return value;
}

/** Which divergence excuses a complaint at `at` (undefined: none does). */
function excuse(op: Operation, at: Key[], excuses: (d: Divergence) => boolean): string | undefined {
  const field = fieldName(at);
  return Object.entries(DIVERGENCES).find(
    ([, d]) => d.fields[op.key]?.includes(field) && excuses(d),
  )?.[0];
}

/**
 * For a failure: the divergence that would excuse the difference at `at` if it listed the field,
 * and the entry to write (a new operation's field, not yet in DIVERGENCES: user trial 44, F2).
 */
function unlistedExcuse(op: Operation, at: Key[], excuses: (d: Divergence) => boolean): string {
  const field = fieldName(at);
  const found = Object.entries(DIVERGENCES).find(
    ([, d]) => !d.fields[op.key]?.includes(field) && excuses(d),
  );
  if (!found) return "";
  const [name, d] = found;
  const edits = divergenceEdits(d.fields, {
    ...d.fields,
    [op.key]: [...(d.fields[op.key] ?? []), field],
  });
  const avoid = d.avoid?.(fieldsOf(op).filter((f) => f.name === field));
  return ` (a divergence on purpose, DIVERGENCES["${name}"], which does not list ${op.key} ${field}: ${edits.join("; ")} in its fields${avoid ? `, ${avoid}` : ""})`;
}

interface Verdicts {
  issues: ValidationIssue[];
  errors: SpecError[];
}

/** The check's and ajv's verdicts on `value`; throws with both when they differ beyond DIVERGENCES. */
function compare(op: Operation, value: unknown, what = "generated"): Verdicts {
  const issues = checkIssues(op, value);
  // (What ajv is shown: `value`, except where a divergence translates a part of it.)
  const shown = translateForAjv(op, value);
  const errors = op.judge(shown);
  const fail = (why: string) => {
    throw new Error(
      `${op.key} (${what}): ${why}\n  value: ${show(value)}\n  check: ${issues.map((i) => i.message).join(" | ") || "valid"}\n  ajv:   ${errors.map((e) => e.message).join(" | ") || "valid"}`,
    );
  };
  // Every issue names a field of the value or of the schema, and its message starts with its path.
  const issueAt = issues.map((issue) => {
    const at = issueKeys(op, value, issue.path);
    if (!at) fail(`${issue.path} names no field of the value or of the schema`);
    if (!issue.message.startsWith(`${issue.path}: `))
      fail(`the message of ${issue.path} does not start with its path`);
    return at!;
  });
  const excusedIssue = (n: number) =>
    excuse(
      op,
      issueAt[n]!,
      (d) => !!d.excusesCheckIssue?.(issues[n]!, valueAt(value, issueAt[n]!)),
    );
  if (!issues.length && errors.length) {
    for (const error of errors) {
      const at = typedKeys(shown, error.at);
      const excuses = (d: Divergence) => !!d.excusesSpecError?.(error, valueAt(shown, at));
      const met = excuse(op, at, excuses);
      if (!met) fail(`the check accepts what ajv refuses${unlistedExcuse(op, at, excuses)}`);
      divergencesMet.add(`${met}: ${op.key} ${fieldName(at)}`);
    }
  } else if (issues.length && !errors.length) {
    issues.forEach((_issue, n) => {
      const met = excusedIssue(n);
      if (!met)
        fail(
          `the check refuses what ajv accepts${unlistedExcuse(op, issueAt[n]!, (d) => !!d.excusesCheckIssue?.(issues[n]!, valueAt(value, issueAt[n]!)))}`,
        );
      divergencesMet.add(`${met}: ${op.key} ${fieldName(issueAt[n]!)}`);
    });
  } else if (issues.length) {
    // Both refuse: ajv complains about a field an issue names (unless every issue is excused).
    const named = new Set(errors.map((e) => fieldName(typedKeys(shown, e.at))));
    if (
      !issueAt.some((at) => named.has(fieldName(at))) &&
      !issues.every((_issue, n) => excusedIssue(n))
    )
      fail("no issue names a field ajv complains about");
  }
  return { issues, errors };
}

// ------------------------------------------------------------------------------------------------
// Mutations: one step away from a generated value, at one place

interface Mutation {
  what: string;
  value: unknown;
}

const OTHER_TYPES: unknown[] = [42, "text", true, [], {}, null];
const jsonType = (v: unknown) =>
  v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ? "number" : typeof v;
/** Characters that break most patterns of the spec when put in place of one. */
const BREAKERS = [" ", "0", "O", "I", "l", "+", "/", "=", ".", "-", "_", "é", "😀", "\n", "a", "Z"];

class Instance {}

/** Base58 text whose length is a multiple of 4: base64 text too, by its alphabet and length. */
const BASE58_TEXT_OF_BASE64_LENGTH = fc.stringMatching(/^(?:[1-9A-HJ-NP-Za-km-z]{4}){20,80}$/);

/** Every mutation of `root` at `at` (where `value` sits, described by `schema`) and below. */
function mutationsOf(
  doc: any,
  schema: Schema,
  root: unknown,
  at: Key[],
  stack: string[] = [],
): fc.Arbitrary<Mutation>[] {
  const { s, stack: inner } = resolve(doc, schema, stack);
  const value = valueAt(root, at);
  const field = fieldName(at);
  const out: fc.Arbitrary<Mutation>[] = [];
  const to = (what: string, replacement: fc.Arbitrary<unknown>) =>
    out.push(
      replacement.map((r) => ({ what: `${field}: ${what}`, value: replaceAt(root, at, r) })),
    );
  to(
    "wrong type (or null)",
    fc.constantFrom(...OTHER_TYPES.filter((v) => jsonType(v) !== jsonType(value))),
  );
  to("any JSON value", anyJson);
  if (!s || typeof s !== "object" || s.recursive) return out;
  for (const b of [...(s.anyOf ?? []), ...(s.oneOf ?? [])])
    out.push(...mutationsOf(doc, b, root, at, inner));

  if (typeof value === "number") {
    // Each bound, just inside and just outside it (off-by-one mistakes show only there).
    if (s.minimum !== undefined) to("at the minimum", fc.constant(s.minimum));
    if (s.minimum !== undefined) to("below the minimum", fc.constant(s.minimum - 1));
    if (s.maximum !== undefined) to("at the maximum", fc.constant(s.maximum));
    if (s.maximum !== undefined) to("above the maximum", fc.constant(s.maximum + 1));
    if (typesOf(s).includes("integer")) {
      to("not an integer", fc.constant(value + 0.5));
      to("as a bigint", fc.constant(BigInt(value)));
      to(
        "a bigint out of range",
        fc.constant(s.maximum !== undefined ? BigInt(s.maximum) + 1n : BigInt(s.minimum ?? 0) - 1n),
      );
      to("a bigint beyond 2^64", fc.constant(2n ** 64n + 1n));
      to("beyond 2^53", fc.constantFrom(2 ** 53 + 2, -(2 ** 53) - 2, 1e300));
    }
    to("not finite", fc.constantFrom(NaN, Infinity, -Infinity));
  }

  if (typeof value === "string") {
    const chars = [...value];
    // (Padded with the string's own last character, or cut: the pattern mostly still holds.)
    const length = (n: number) =>
      [...chars, ...Array<string>(Math.max(0, n - chars.length)).fill(chars.at(-1) ?? "a")]
        .slice(0, n)
        .join("");
    if (s.maxLength !== undefined) {
      to("at the maximum length", fc.constant(length(s.maxLength)));
      to("one character too long", fc.constant(length(s.maxLength + 1)));
    }
    if (s.minLength !== undefined) {
      to("at the minimum length", fc.constant(length(s.minLength)));
      if (s.minLength) to("one character too short", fc.constant(length(s.minLength - 1)));
    }
    if (s.pattern !== undefined)
      to(
        "pattern broken by one character",
        fc
          .tuple(
            fc.nat(),
            fc.constantFrom(...BREAKERS),
            fc.constantFrom("replace", "insert", "delete"),
          )
          .map(([i, c, how]) => {
            const copy = [...chars];
            const p = chars.length ? i % (chars.length + (how === "insert" ? 1 : 0)) : 0;
            if (how === "replace" && chars.length) copy[p] = c;
            else if (how === "delete" && chars.length) copy.splice(p, 1);
            else copy.splice(p, 0, c);
            return copy.join("");
          }),
      );
    if (Array.isArray(s.enum))
      to("not in the enum", fc.constantFrom(`${value}x`, value.toUpperCase(), ` ${value}`));
    if (s.format !== undefined)
      to(
        `not a ${s.format}`,
        fc.constantFrom("https://exa mple.com", "https://[::1", "not a url", "https://a%zz"),
      );
    if (typesOf(s).includes("string") && s.pattern === undefined)
      to("a dot segment", fc.constantFrom(".", ".."));
  }

  if (Array.isArray(value) && typesOf(s).includes("array")) {
    const item = s.items === undefined ? anyJson : arbitraryOf(doc, s.items, inner);
    const items = (n: number) =>
      item.map((x) => [...value, ...Array(Math.max(0, n - value.length)).fill(x)].slice(0, n));
    if (s.maxItems !== undefined) {
      to("at the maximum number of items", items(s.maxItems));
      to("one item too many", items(s.maxItems + 1));
    }
    if (s.minItems !== undefined) {
      to("at the minimum number of items", items(s.minItems));
      if (s.minItems) to("one item too few", items(s.minItems - 1));
    }
    to("an undefined item", fc.constant([...value, undefined]));
    // (The first items stand for the others: every item has the same schema.)
    value.slice(0, 2).forEach((_x, i) => {
      if (s.items !== undefined) out.push(...mutationsOf(doc, s.items, root, [...at, i], inner));
    });
  }

  if (isPlainObject(value) && isObjectSchema(s)) {
    const properties: Record<string, Schema> = s.properties ?? {};
    const names = new Set(Object.keys(properties));
    for (const name of s.required ?? [])
      if (Object.hasOwn(value, name)) {
        to(`without required ${name}`, fc.constant(withMember(value, name, REMOVE)));
        to(`required ${name} undefined`, fc.constant(withMember(value, name, undefined)));
      }
    to(
      "an unknown member",
      fc
        .tuple(
          memberName.filter((k) => !names.has(k)),
          anyJson,
        )
        .map(([k, v]) => withMember(value, k, v)),
    );
    to("an unknown member, undefined", fc.constant(withMember(value, "xundefined", undefined)));
    to("a __proto__ member", fc.constant(withMember(value, "__proto__", { polluted: true })));
    for (const name of Object.keys(value))
      if (!(s.required ?? []).includes(name))
        to(`optional ${name} undefined`, fc.constant(withMember(value, name, undefined)));
    to("with a null prototype", fc.constant(Object.assign(Object.create(null), value)));
    to("a class instance", fc.constant(Object.assign(new Instance(), value)));
    // Both members of a dependentSchemas pair: an exclusive one ({ name: { properties: { other:
    // false } } }), or a rule on `other` that holds when `name` is given (any `other` is drawn).
    for (const [name, d] of Object.entries<Schema>(s.dependentSchemas ?? {}))
      for (const other of Object.keys(resolve(doc, d).s.properties ?? {})) {
        const pair = fc.tuple(
          arbitraryOf(doc, properties[name], inner),
          arbitraryOf(doc, properties[other], inner),
        );
        to(
          `both ${name} and ${other}`,
          pair.map(([a, b]) => withMember(withMember(value, name, a), other, b)),
        );
      }
    // An allOf rule { if, then } brought in or left out: the member its `if` reads, and each member
    // its `then` names, drawn again from the object's own schema of it (the sender's encoding, and
    // a transaction of the alphabet both encodings share: mostly in the wrong one).
    for (const rule of s.allOf ?? []) {
      const { if: condition, then } = resolve(doc, rule).s;
      const member: string[] = [];
      let holder: Schema = s;
      for (let c = resolve(doc, condition).s; c?.properties;) {
        const [name] = Object.keys(c.properties);
        if (name === undefined || !holder?.properties?.[name]) break;
        member.push(name);
        c = resolve(doc, c.properties[name]).s;
        holder = resolve(doc, holder.properties[name], inner).s;
      }
      const drawn = (path: string[], schema: Schema) =>
        out.push(
          arbitraryOf(doc, schema, inner).map((v) => ({
            what: `${field}: ${path.join(".")} drawn again (an allOf rule)`,
            value:
              valueAt(root, [...at, ...path.slice(0, -1)]) === undefined
                ? root
                : replaceAt(root, [...at, ...path], v),
          })),
        );
      if (member.length) drawn(member, holder);
      for (const [name, p] of Object.entries<Schema>(resolve(doc, then).s?.properties ?? {})) {
        if (properties[name] === undefined || !Object.hasOwn(value, name)) continue;
        drawn([name], properties[name]);
        // Base58 text of a length that is a multiple of 4, where a transaction's layout is read:
        // base64 text by its pattern, refused by its layout (the gap x-solana-transaction closes).
        if (resolve(doc, p).s?.["x-solana-transaction"] !== undefined)
          out.push(
            BASE58_TEXT_OF_BASE64_LENGTH.map((text) => ({
              what: `${field}: ${name} in base58 text, a multiple of 4 characters`,
              value: replaceAt(root, [...at, name], text),
            })),
          );
      }
    }
    for (const name of Object.keys(value)) {
      const p = names.has(name)
        ? properties[name]
        : typeof s.additionalProperties === "object"
          ? s.additionalProperties
          : undefined;
      if (p !== undefined && p !== false)
        out.push(...mutationsOf(doc, p, root, [...at, name], inner));
    }
  }
  return out;
}

/** A copy of `object` with member `name` set (REMOVE: deleted), as an own data property. */
function withMember(object: unknown, name: string, member: unknown): Record<string, unknown> {
  return replaceAt(object, [name], member) as Record<string, unknown>;
}

// ------------------------------------------------------------------------------------------------
// The tests

describe("every operation's check is covered", () => {
  // (GENERATED is loaded per area of spec/dist, test/spec/sdk-input.ts: a missing module throws there.)
  it("each operation that takes input has a check", () => {
    const uncovered = specOperations.filter((s) => s.takesInput && !s.check).map((s) => s.key);
    expect(uncovered).toEqual([]);
    // Every descriptor with a check belongs to a spec operation (none is left out of the run).
    const descriptors = Object.entries(GENERATED).flatMap(([area, mod]) =>
      Object.entries(mod)
        .filter(([, d]) => typeof (d as any)?.params === "function")
        .map(([id]) => `${area} ${id}`),
    );
    expect(operations.map((op) => op.key).sort()).toEqual(descriptors.sort());
  });
});

describe("the divergences from JSON Schema are exactly where the spec has them", () => {
  const allFields = operations.flatMap(fieldsOf);

  it("an unlisted unsafe integer is told to take a maximum within ±(2^53−1) only where that keeps its range (user trial 58, F7)", () => {
    const avoid = DIVERGENCES["unsafe integers"]!.avoid!;
    const field = (schema: Schema): Field => ({
      op: operations[0]!,
      name: "minLamports",
      schema,
      openEnumKnown: false,
      recursive: false,
    });
    // A u64 query param (a wallet `minLamports` of U64) is listed, never capped at 2^53.
    expect(avoid([field({ type: "integer", format: "uint64", minimum: 0 })])).toBeUndefined();
    expect(avoid([field({ type: "integer", minimum: 1 })])).toMatch(/give the field a maximum/);
  });

  it.each(Object.keys(DIVERGENCES))("%s", (name) => {
    const d = DIVERGENCES[name]!;
    const found: Record<string, string[]> = {};
    for (const f of allFields.filter(d.appliesTo)) {
      const names = (found[f.op.key] ??= []);
      if (!names.includes(f.name)) names.push(f.name);
    }
    const sorted = (fields: Record<string, string[]>) =>
      Object.entries(fields)
        .flatMap(([key, names]) => names.map((name) => `${key} ${name}`))
        .sort();
    const edits = divergenceEdits(d.fields, found);
    const unlisted = allFields.filter(
      (f) => d.appliesTo(f) && !d.fields[f.op.key]?.includes(f.name),
    );
    const avoid = unlisted.length ? d.avoid?.(unlisted) : undefined;
    expect(
      sorted(found),
      `${d.reason}. The fields where the spec has it must be DIVERGENCES["${name}"].fields in test/generate/checks-vs-schema.test.ts: ${edits.join("; ")}${avoid ? ` (${avoid})` : ""}`,
    ).toEqual(sorted(d.fields));
  });

  it("every bound in an input is a safe integer (the bigint clamp relies on it)", () => {
    const bounds = allFields.flatMap((f) => [f.schema.minimum, f.schema.maximum]);
    expect(bounds.filter((b) => b !== undefined && !Number.isSafeInteger(b))).toEqual([]);
  });
});

describe.each(operations.map((op) => [op.key, op] as const))("%s", (_key, op) => {
  const values = arbitraryOf(op.doc, op.shape);

  it(`values from the schema: the check and ajv agree (${GENERATED_RUNS} runs)`, () => {
    let valid = 0;
    fc.assert(
      fc.property(values, (value) => {
        if (!compare(op, value).errors.length) valid++;
      }),
      { seed: SEED, numRuns: GENERATED_RUNS },
    );
    // The generator follows the schema: most of its values are valid (else these runs test little).
    expect(valid / GENERATED_RUNS).toBeGreaterThan(0.9);
  });

  it(`mutations of them: the check and ajv agree (${MUTATED_RUNS} runs)`, () => {
    let invalid = 0;
    const mutated = values.chain((value) => fc.oneof(...mutationsOf(op.doc, op.shape, value, [])));
    fc.assert(
      fc.property(mutated, ({ what, value }) => {
        if (compare(op, value, what).errors.length) invalid++;
      }),
      { seed: SEED, numRuns: MUTATED_RUNS },
    );
    // Many mutations make the value invalid (else they test the refusals little; some, such as
    // an undefined member or a null prototype, keep it valid on purpose).
    expect(invalid / MUTATED_RUNS).toBeGreaterThan(0.4);
  });

  it(`odd input gets a ValidationError or passes, never another error (${ODD_RUNS} runs and fixed cases)`, () => {
    const odd = fc.anything({
      maxDepth: 3,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withNullPrototype: true,
      withSet: true,
      withSparseArray: true,
      withTypedArray: true,
      withUnicodeString: true,
      key: fc.oneof(
        fc.string(),
        fc.constantFrom("__proto__", "constructor", "toString", "valueOf"),
      ),
    });
    // Odd values in place of the whole input and of each field of a generated value.
    const placed = fc.oneof(
      odd,
      values.chain((value) =>
        fc.oneof(
          odd,
          ...fieldPaths(op.doc, op.shape, value).map((at) =>
            odd.map((o) => replaceAt(value, at, o)),
          ),
        ),
      ),
    );
    fc.assert(
      fc.property(placed, (value) => {
        wellFormed(op, value);
      }),
      { seed: SEED, numRuns: ODD_RUNS },
    );
    const [sample] = fc.sample(values, { seed: SEED, numRuns: 1 });
    for (const at of [[], ...fieldPaths(op.doc, op.shape, sample)])
      for (const oddValue of FIXED_ODD_VALUES) wellFormed(op, replaceAt(sample, at, oddValue()));
  });
});

describe("the one other error: what the value's own code throws", () => {
  // A getter or a Proxy trap that throws while the check reads the value: that error is the
  // caller's own and passes through unchanged, as JSON.stringify would pass it. Not wrapped.
  it.each(operations.map((op) => [op.key, op] as const))("%s", (_key, op) => {
    const [sample] = fc.sample(arbitraryOf(op.doc, op.shape), { seed: SEED, numRuns: 1 });
    const own = new Error("the caller's own");
    const thrower = () => {
      throw own;
    };
    const withGetter = Array.isArray(sample) ? [...sample] : { ...(sample as object) };
    Object.defineProperty(withGetter, Array.isArray(sample) ? 0 : "xgetter", {
      get: thrower,
      enumerable: true,
    });
    for (const value of [
      withGetter,
      new Proxy(sample as object, { get: thrower, getPrototypeOf: thrower }),
    ]) {
      let thrown: unknown;
      try {
        validate(op.check, value);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBe(own);
    }
  });
});

describe("the divergences are all needed", () => {
  // (Met by the runs above: run the whole file.)
  it.each(
    Object.entries(DIVERGENCES)
      .filter(([, d]) => Object.keys(d.fields).length)
      .map(([name]) => name),
  )("%s was met", (name) => {
    expect([...divergencesMet].filter((m) => m.startsWith(`${name}: `))).not.toEqual([]);
  });
});

/** The paths of the fields of `value` that the schema describes (properties and first items). */
function fieldPaths(doc: any, schema: Schema, value: unknown, at: Key[] = []): Key[][] {
  const { s } = resolve(doc, schema);
  const node = valueAt(value, at);
  const out: Key[][] = at.length ? [at] : [];
  if (!s || typeof s !== "object" || !node || typeof node !== "object") return out;
  for (const b of [...(s.anyOf ?? []), ...(s.oneOf ?? [])])
    out.push(...fieldPaths(doc, b, value, at).filter((p) => p.length > at.length));
  if (Array.isArray(node) && s.items !== undefined && node.length)
    out.push(...fieldPaths(doc, s.items, value, [...at, 0]));
  if (!Array.isArray(node))
    for (const [k, p] of Object.entries<Schema>(s.properties ?? {}))
      if (Object.hasOwn(node, k)) out.push(...fieldPaths(doc, p, value, [...at, k]));
  return out;
}

/** Odd values the generators do not make: deep nesting, huge arrays, cycles, symbols, functions… */
const FIXED_ODD_VALUES: Array<() => unknown> = [
  () => nest(100_000, (inner) => ({ a: inner })),
  () => nest(100_000, (inner) => [inner]),
  () => new Array(50_000).fill("x"),
  () => new Array(50_000),
  () => JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1, "toString": 2}'),
  () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    return cycle;
  },
  () => Symbol("odd"),
  () => () => 1,
  () => new Instance(),
  () => Object.create(null),
  () => ({
    toJSON() {
      throw new Error("no JSON");
    },
  }),
  () => "\ud800",
  () => "x".repeat(100_000),
  () => -0,
  () => 2n ** 200n,
];

function nest(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = "x";
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
}

/**
 * The check passes `value` or gives it a ValidationError (checkIssues fails on anything else)
 * whose issues are well formed: a known rule, a path naming a field of the value or the schema,
 * a message starting with the path.
 */
function wellFormed(op: Operation, value: unknown, issues = checkIssues(op, value)) {
  for (const issue of issues)
    if (
      !RULES.includes(issue.rule) ||
      !issueKeys(op, value, issue.path) ||
      !issue.message.startsWith(`${issue.path}: `)
    )
      throw new Error(`${op.key}: a malformed issue ${show(issue)} for ${show(value)}`);
}

/** The rules the checks report (validate.ts). */
const RULES = [
  "type",
  "required",
  "additionalProperties",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
  "enum",
  "dependentSchemas",
];
