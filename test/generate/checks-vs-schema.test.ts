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
 * Where both refuse, each issue must name the field: its path exists in the value or in the
 * schema, ajv complains about the same field, and the message starts with the path. Odd input
 * (`__proto__` keys, huge arrays, deep nesting, cycles, class instances, fc.anything()) must get a
 * ValidationError or pass, never another error, except the value's own (a throwing getter).
 *
 * The SDK's input is read from the spec here, not from the generator (scripts/generate/lib/
 * operations.mjs), so a mapping mistake there shows up too:
 *   - JSON-RPC: one object of the method's params by name (by-position methods too: the encoder
 *     orders them), plus its `x-query-params` under their camelCase SDK names (`swqos_only` →
 *     `swqosOnly`), with `x-dependent-schemas` between them; no other member (it would be dropped
 *     or sent to a server that does not expect it). An `x-params: array` method takes the params
 *     array itself.
 *   - REST: one flat object of the path and query parameters (by their spec names) and the JSON
 *     body's fields. Each parameter is judged by its own schema, what is left by the body schema.
 *
 * Reproducible: every property runs with the fixed SEED; a failure prints fast-check's seed and
 * path, the value, the check's issues and ajv's errors.
 */
import { readFileSync } from "node:fs";
import { validate, ValidationError, type Check, type ValidationIssue } from "@chaindata/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as admin from "../../packages/admin/src/generated/operations.js";
import * as compression from "../../packages/compression/src/generated/operations.js";
import * as das from "../../packages/das/src/generated/operations.js";
import * as mint from "../../packages/mint/src/generated/operations.js";
import * as sender from "../../packages/sender/src/generated/operations.js";
import * as tokenMetadata from "../../packages/token-metadata/src/generated/operations.js";
import * as wallet from "../../packages/wallet/src/generated/operations.js";
import * as webhooks from "../../packages/webhooks/src/generated/operations.js";
// @ts-expect-error — plain ESM scripts without type declarations
import { makeAjv, toAjvSchema } from "../../scripts/spec/rules.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { MAX_RUNTIME_ENUM } from "../../scripts/generate/lib/validator.mjs";

const SEED = 20_251_122;
const GENERATED_RUNS = 150;
const MUTATED_RUNS = 200;
const ODD_RUNS = 60;

/** The generated operation modules, by area (an area of spec/dist/index.json missing here fails below). */
const GENERATED: Record<string, Record<string, unknown>> = {
  admin,
  compression,
  das,
  mint,
  sender,
  "token-metadata": tokenMetadata,
  wallet,
  webhooks,
};

type Schema = any;
type Key = string | number;
/** A complaint of ajv, at the field it is about (`required` and `additionalProperties` name the property). */
interface SpecError {
  at: Key[];
  keyword: string;
  message: string;
}

// ------------------------------------------------------------------------------------------------
// The spec, and the SDK's input read from it

const ROOT = new URL("../../", import.meta.url);
const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, ROOT), "utf8"));
const index = readJson("spec/dist/index.json");

const ANNOTATIONS = new Set([
  "title",
  "description",
  "examples",
  "example",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
]);
const isAnnotation = (key: string) => ANNOTATIONS.has(key) || key.startsWith("x-");

/** The node a local `$ref` points at (`#/components/schemas/Address`). */
function pointer(doc: any, ref: string): any {
  if (!ref.startsWith("#/")) throw new Error(`not a local $ref: ${ref}`);
  const node = ref
    .slice(2)
    .split("/")
    .reduce((o, k) => o?.[k.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
  if (node === undefined) throw new Error(`dangling $ref: ${ref}`);
  return node;
}

/**
 * `schema` with its `$ref` followed (annotations beside a `$ref` are kept, anything else is an
 * error: this file's generator would not know how to combine it), and the refs followed on the way.
 */
function resolve(doc: any, schema: Schema, stack: string[] = []): { s: Schema; stack: string[] } {
  while (schema && typeof schema === "object" && typeof schema.$ref === "string") {
    const { $ref, ...beside } = schema;
    const extra = Object.keys(beside).find((k) => !isAnnotation(k));
    if (extra) throw new Error(`${$ref}: "${extra}" beside $ref is not handled by this test`);
    if (stack.includes($ref)) return { s: { recursive: $ref }, stack };
    stack = [...stack, $ref];
    schema = pointer(doc, $ref);
  }
  return { s: schema, stack };
}

interface Operation {
  /** `das getAsset` */
  key: string;
  area: string;
  id: string;
  doc: any;
  /** The descriptor's params check. */
  check: Check;
  /** One schema of the whole input, for generating values and walking fields (not for judging). */
  shape: Schema;
  /** The REST path parameters (top-level input fields). */
  pathParams: Set<string>;
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

/** The SDK input of a JSON-RPC method and how ajv judges it. */
function rpcOperation(doc: any, docId: string, method: any) {
  const params = (method.params ?? []).map((p: any) => resolve(doc, p).s);
  let shape: Schema;
  if (method["x-params"] === "array") {
    if (params.length !== 1) throw new Error(`${method.name}: x-params array takes one param`);
    shape = params[0].schema;
  } else {
    const query = method["x-query-params"] ?? [];
    const sdkName = (name: string) => name.replace(/[-_](\w)/g, (_, c: string) => c.toUpperCase());
    shape = {
      type: "object",
      properties: Object.fromEntries([
        ...params.map((p: any) => [p.name, p.schema]),
        ...query.map((q: any) => [sdkName(q.name), q.schema]),
      ]),
      required: [
        ...params.filter((p: any) => p.required).map((p: any) => p.name),
        ...query.filter((q: any) => q.required).map((q: any) => sdkName(q.name)),
      ],
      additionalProperties: false,
      ...(method["x-dependent-schemas"] ? { dependentSchemas: method["x-dependent-schemas"] } : {}),
    };
  }
  const validator = ajv.compile(toAjvSchema(shape, docId));
  return {
    shape,
    pathParams: new Set<string>(),
    judge: (input: unknown) => (validator(input) ? [] : errorsOf(validator)),
  };
}

const HTTP_METHODS = ["get", "put", "post", "delete", "patch"];

/** The SDK input of a REST operation (path and query parameters and body fields in one object) and how ajv judges it. */
function restOperation(doc: any, docId: string, item: any, o: any) {
  // An operation's parameter replaces the path item's of the same name and location (OpenAPI).
  const given = [...(item.parameters ?? []), ...(o.parameters ?? [])].map((p) => resolve(doc, p).s);
  const parameters = [
    ...new Map(given.map((p: any) => [`${p.in} ${p.name}`, p] as const)).values(),
  ].filter((p: any) => p.in === "path" || p.in === "query");
  const media = o.requestBody?.content?.["application/json"];
  const body = media && resolve(doc, media.schema).s;
  if (body && (body.type !== "object" || body.allOf || body.anyOf || body.oneOf))
    throw new Error(`${o.operationId}: only a plain object body is handled by this test`);
  const shape = {
    type: "object",
    properties: {
      ...Object.fromEntries(parameters.map((p: any) => [p.name, p.schema])),
      ...(body?.properties ?? {}),
    },
    required: [
      ...parameters.filter((p: any) => p.required).map((p: any) => p.name),
      ...(body && o.requestBody.required ? (body.required ?? []) : []),
    ],
    additionalProperties: body ? (body.additionalProperties ?? true) : false,
  };
  const parameterValidators = parameters.map(
    (p: any) => [p, ajv.compile(toAjvSchema(p.schema, docId))] as const,
  );
  const bodyValidator = body && ajv.compile(toAjvSchema(media.schema, docId));
  const judge = (value: unknown): SpecError[] => {
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
    else if ((o.requestBody.required || Object.keys(rest).length) && !bodyValidator(rest))
      errors.push(...errorsOf(bodyValidator));
    return errors;
  };
  return {
    shape,
    pathParams: new Set(parameters.filter((p: any) => p.in === "path").map((p: any) => p.name)),
    judge,
  };
}

/** Every spec operation, and the descriptor generated for it. */
const specOperations = index.areas.flatMap((area: any) => {
  const doc = readJson(`spec/dist/${area.file}`);
  const docId = `https://chaindata.invalid/${area.kind}/${area.area}.json`;
  ajv.addSchema({
    $id: docId,
    $defs: Object.fromEntries(
      Object.entries(doc.components?.schemas ?? {}).map(([n, s]) => [n, toAjvSchema(s, docId)]),
    ),
  });
  const descriptorOf = (id: string) => GENERATED[area.area]?.[id] as { params?: Check } | undefined;
  if (area.kind === "openrpc")
    return (doc.methods ?? []).map((m: any) => ({
      area: area.area,
      id: m.name,
      doc,
      takesInput: true,
      descriptor: descriptorOf(m.name),
      make: () => rpcOperation(doc, docId, m),
    }));
  return Object.values<any>(doc.paths ?? {}).flatMap((item) =>
    HTTP_METHODS.filter((verb) => item[verb]).map((verb) => {
      const o = item[verb];
      return {
        area: area.area,
        id: o.operationId,
        doc,
        takesInput: Boolean(
          [...(item.parameters ?? []), ...(o.parameters ?? [])].length || o.requestBody,
        ),
        descriptor: descriptorOf(o.operationId),
        make: () => restOperation(doc, docId, item, o),
      };
    }),
  );
});

const operations: Operation[] = specOperations
  .filter((s: any) => s.descriptor?.params)
  .map((s: any) => ({
    key: `${s.area} ${s.id}`,
    area: s.area,
    id: s.id,
    doc: s.doc,
    check: s.descriptor.params,
    ...s.make(),
  }));

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

/** For failure messages: bigints and undefined shown, long strings and arrays cut. */
const show = (value: unknown) => {
  try {
    return showJson(value);
  } catch {
    return String(value); // (a cycle, deep nesting)
  }
};
const showJson = (value: unknown) =>
  JSON.stringify(value, (_k, v) =>
    typeof v === "bigint"
      ? `${v}n`
      : v === undefined
        ? "<undefined>"
        : typeof v === "string" && v.length > 60
          ? `${v.slice(0, 60)}…(${v.length})`
          : Array.isArray(v) && v.length > 8
            ? [...v.slice(0, 8), `…(${v.length} items)`]
            : v,
  );

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
    fields.push({ op, name: fieldName(at), schema: s, openEnumKnown, recursive: !!s.recursive });
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

const typesOf = (s: Schema): string[] => [s?.type ?? []].flat();
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

// ------------------------------------------------------------------------------------------------
// Where the runtime parts from JSON Schema on purpose

interface Divergence {
  reason: string;
  /** The fields it applies to, by operation: exactly what `appliesTo` finds in the spec. */
  fields: Record<string, string[]>;
  appliesTo: (field: Field) => boolean;
  /** What ajv is shown instead of a part of the value that the check reads differently (undefined: no change). */
  translate?: (part: unknown) => { as: unknown } | undefined;
  /** An ajv error that the check, on purpose, does not give. */
  excusesSpecError?: (error: SpecError, value: unknown) => boolean;
  /** A check issue that ajv, on purpose, does not give. */
  excusesCheckIssue?: (issue: ValidationIssue, value: unknown) => boolean;
}

const INTEGERS = {
  "compression getCompressedAccountsByOwner": [
    "dataSlice.offset",
    "dataSlice.length",
    "filters[].memcmp.offset",
    "limit",
  ],
  "compression getCompressedTokenAccountsByOwner": ["limit"],
  "compression getCompressedTokenAccountsByDelegate": ["limit"],
  "compression getCompressionSignaturesForAddress": ["limit"],
  "compression getLatestCompressionSignatures": ["limit"],
  "das getAssetsByOwner": ["page", "limit"],
  "das getAssetsByAuthority": ["page", "limit"],
  "das getNftEditions": ["page", "limit"],
  "mint mintCompressedNft": ["sellerFeeBasisPoints", "creators[].share"],
  "sender sendTransaction": ["config.maxRetries"],
  "wallet getBalances": ["page", "limit"],
  "wallet getHistory": ["limit"],
  "wallet getTransfers": ["limit"],
};

/** Every object of every input. */
const OBJECTS = {
  "admin getProjectUsage": [INPUT],
  "compression getCompressedAccountsByOwner": [INPUT, "dataSlice", "filters[]", "filters[].memcmp"],
  "compression getCompressedBalanceByOwner": [INPUT],
  "compression getCompressedTokenAccountsByDelegate": [INPUT],
  "compression getCompressedTokenAccountsByOwner": [INPUT],
  "compression getCompressionSignaturesForAddress": [INPUT],
  "compression getLatestCompressionSignatures": [INPUT],
  "compression getMultipleNewAddressProofsV2": ["[]"],
  "das getAsset": [INPUT, "options"],
  "das getAssetBatch": [INPUT, "options"],
  "das getAssetsByAuthority": [INPUT, "options", "sortBy"],
  "das getAssetsByOwner": [INPUT, "options", "sortBy"],
  "das getNftEditions": [INPUT],
  "mint mintCompressedNft": [INPUT, "attributes[]", "creators[]"],
  "sender sendTransaction": [INPUT, "config"],
  "token-metadata getTokenMetadata": [INPUT],
  "wallet getBalances": [INPUT],
  "wallet getBatchIdentity": [INPUT],
  "wallet getFundedBy": [INPUT],
  "wallet getHistory": [INPUT],
  "wallet getIdentity": [INPUT],
  "wallet getTransfers": [INPUT],
  "webhooks createWebhook": [INPUT],
  "webhooks deleteWebhook": [INPUT],
  "webhooks getWebhook": [INPUT],
  "webhooks listWebhooks": [INPUT],
  "webhooks updateWebhook": [INPUT],
};

const DIVERGENCES: Record<string, Divergence> = {
  "bigint integers": {
    reason:
      "vInteger takes a bigint for any integer (the u64 form; core writes it exactly in the JSON), " +
      "and ajv cannot be given one: it is shown the bigint's value as a number, clamped to ±(2^53−1), " +
      "which compares with every bound of the spec as the bigint does (the bounds are safe integers, " +
      "asserted below)",
    fields: INTEGERS,
    appliesTo: (f) => typesOf(f.schema).includes("integer") || typesOf(f.schema).includes("number"),
    translate: (part) =>
      typeof part === "bigint"
        ? { as: Number(part < -MAX_SAFE ? -MAX_SAFE : part > MAX_SAFE ? MAX_SAFE : part) }
        : undefined,
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
      "sender sendTransaction": ["config.maxRetries"],
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
  "patterns without the u flag": {
    reason:
      "a pattern that compiles only without the u flag is checked without it (validator.mjs), " +
      "where ajv cannot compile it at all; none is in an input today",
    fields: {},
    appliesTo: (f) => typeof f.schema.pattern === "string" && !compilesWithU(f.schema.pattern),
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
    fields: OBJECTS,
    appliesTo: (f) => isObjectSchema(f.schema),
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
    fields: OBJECTS,
    appliesTo: (f) => isObjectSchema(f.schema),
    excusesCheckIssue: (issue, value) =>
      issue.rule === "type" &&
      /plain object/.test(issue.message) &&
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      !isPlainObject(value),
  },
};

function compilesWithU(pattern: string): boolean {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}

function isObjectSchema(s: Schema): boolean {
  return (
    typesOf(s).includes("object") ||
    (s.type === undefined && (s.properties !== undefined || s.additionalProperties !== undefined))
  );
}

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
  for (const [name, d] of Object.entries(DIVERGENCES)) {
    const translated = d.translate?.(value);
    if (!translated) continue;
    const field = fieldName(at);
    if (!d.fields[op.key]?.includes(field))
      throw new Error(`${op.key} ${field}: "${name}" is not listed for this field`);
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
      const met = excuse(op, at, (d) => !!d.excusesSpecError?.(error, valueAt(shown, at)));
      if (!met) fail("the check accepts what ajv refuses");
      divergencesMet.add(`${met}: ${op.key} ${fieldName(at)}`);
    }
  } else if (issues.length && !errors.length) {
    issues.forEach((_issue, n) => {
      const met = excusedIssue(n);
      if (!met) fail("the check refuses what ajv accepts");
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
// Values from the schema (fast-check)

const anyJson = fc.jsonValue({ maxDepth: 2 });
/** Names for unknown members: plain identifiers, so that an issue's path reads back unambiguously. */
const memberName = fc.stringMatching(/^x[a-z]{1,6}$/);

// (Built once per schema: mutations ask for the same item arbitraries on every run.)
const arbitraries = new Map<Schema, Map<string, fc.Arbitrary<unknown>>>();

/** Values of `schema` (mostly valid: the generator follows the keywords the spec uses). */
function arbitraryOf(doc: any, schema: Schema, stack: string[] = []): fc.Arbitrary<unknown> {
  if (!arbitraries.has(schema)) arbitraries.set(schema, new Map());
  const known = arbitraries.get(schema)!;
  const key = stack.join(" ");
  if (!known.has(key)) known.set(key, buildArbitrary(doc, schema, stack));
  return known.get(key)!;
}

function buildArbitrary(doc: any, schema: Schema, stack: string[]): fc.Arbitrary<unknown> {
  const { s, stack: inner } = resolve(doc, schema, stack);
  if (s === true || s?.recursive) return anyJson;
  if (!s || typeof s !== "object") throw new Error(`not a schema: ${show(s)}`);
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return fc.oneof(...branches.map((b: Schema) => arbitraryOf(doc, b, inner)));
  const types = typesOf(s).length
    ? typesOf(s)
    : isObjectSchema(s)
      ? ["object"]
      : s.items !== undefined
        ? ["array"]
        : [];
  if (!types.length) return anyJson;
  return fc.oneof(
    ...types.map((type) => ({
      arbitrary: typedArbitrary(doc, s, type, inner),
      weight: type === "null" ? 1 : 4,
    })),
  );
}

const codePoints = (text: string) => [...text].length;

function typedArbitrary(doc: any, s: Schema, type: string, stack: string[]): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer": {
      const min = BigInt(s.minimum ?? -MAX_SAFE);
      const max = BigInt(s.maximum ?? MAX_SAFE);
      return fc.bigInt({ min, max }).map(Number);
    }
    case "number":
      return fc.double({
        min: s.minimum,
        max: s.maximum,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "string": {
      const fits = (text: string) =>
        codePoints(text) >= (s.minLength ?? 0) &&
        codePoints(text) <= (s.maxLength ?? Infinity) &&
        (s.pattern === undefined || new RegExp(s.pattern, "u").test(text));
      const base =
        s.format === "uri"
          ? fc.webUrl({ validSchemes: ["https"] })
          : s.format === "uuid"
            ? fc.uuid()
            : s.pattern !== undefined
              ? fc.stringMatching(new RegExp(s.pattern, "u"))
              : fc.string({
                  unit: "binary",
                  minLength: s.minLength ?? 0,
                  maxLength: Math.min(s.maxLength ?? 12, (s.minLength ?? 0) + 12),
                });
      return base.filter(fits);
    }
    case "array": {
      const minLength = s.minItems ?? 0;
      return fc.array(s.items === undefined ? anyJson : arbitraryOf(doc, s.items, stack), {
        minLength,
        maxLength: Math.min(s.maxItems ?? Infinity, minLength + 4),
      });
    }
    case "object": {
      const properties = Object.entries<Schema>(s.properties ?? {}).filter(([, p]) => p !== false);
      const names = new Set(Object.keys(s.properties ?? {}));
      const known = fc.record(
        Object.fromEntries(properties.map(([k, p]) => [k, arbitraryOf(doc, p, stack)])),
        { requiredKeys: (s.required ?? []).filter((k: string) => names.has(k)) },
      );
      const other = s.additionalProperties;
      const extra =
        other === false
          ? fc.constant({})
          : fc.dictionary(
              memberName.filter((k) => !names.has(k)),
              other === undefined || other === true ? anyJson : arbitraryOf(doc, other, stack),
              { maxKeys: 2 },
            );
      // dependentSchemas of the form { name: { properties: { other: false } } }: one of the pair.
      const exclusions = Object.entries<Schema>(s.dependentSchemas ?? {}).map(([name, d]) => {
        const dependent = resolve(doc, d).s;
        const excluded = Object.entries<Schema>(dependent.properties ?? {});
        if (
          Object.keys(dependent).some((k) => k !== "properties" && !isAnnotation(k)) ||
          excluded.some(([, v]) => v !== false)
        )
          throw new Error(`dependentSchemas.${name}: only { properties: { x: false } } is handled`);
        return [name, excluded.map(([k]) => k)] as const;
      });
      return fc.tuple(known, extra).map(([k, e]) => {
        const value: Record<string, unknown> = { ...e, ...k };
        for (const [name, excluded] of exclusions)
          if (value[name] !== undefined) for (const x of excluded) delete value[x];
        return value;
      });
    }
    default:
      throw new Error(`type ${type} is not handled by this test`);
  }
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
    // Both members of an exclusive pair (dependentSchemas { name: { properties: { other: false } } }).
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
  it("each area of spec/dist has its generated operations here, and each operation that takes input has a check", () => {
    expect(Object.keys(GENERATED).sort()).toEqual(
      [...new Set(index.areas.map((a: any) => a.area))].sort(),
    );
    const uncovered = specOperations
      .filter((s: any) => s.takesInput && !s.descriptor?.params)
      .map((s: any) => `${s.area} ${s.id}`);
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
    expect(sorted(found), d.reason).toEqual(sorted(d.fields));
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
