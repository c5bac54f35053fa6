/**
 * Every bound of every operation's request, read from the spec (not from the generated checks),
 * each as one invalid input: the operation's first example with one value put just past one bound
 * (`maximum: 1000` → 1001, `maxItems: 100` → 101 items, a `pattern` → a text it refuses, an
 * `enum` → a value outside it, a `required` member → left out). validation.test.ts sends each
 * through the client (refused, naming the field and the rule, nothing sent) and straight to the
 * mock (refused there too, by the same keyword at the same place). contracts.ts keeps the
 * hand-written cases (x- rules, wrong encodings); these are the ones a new bound or a new operation
 * gets without a line of test.
 *
 * Beside those keywords: every closed object (`additionalProperties: false`, and the input's top
 * level, which the client closes: a by-name method's params, a REST call's parameters and body)
 * given a member it does not list; every `format` whose text the client refuses through the
 * pattern beside it (the client reads `format` as an annotation: checks-vs-schema.test.ts
 * DIVERGENCES), each as texts of FORMAT_BREAKERS that the format and that pattern both refuse;
 * every `x-solana-transaction` text unsigned or of no transaction's layout; every `x-base58-bytes`
 * text of one byte too many (n + 1 zero bytes). A rule of an object's allOf
 * (`{ if, then }`, a method's `x-all-of`) is walked from the first example that meets its `if`.
 *
 * A bound inside an anyOf / oneOf of two or more alternatives is left out (which branch a value
 * breaks is not one field's rule); a nullable's (`anyOf: [T, {type: null}]`) is T's. `unreached`
 * lists the bounds that could not be given a value (no example to start from, no text a pattern
 * refuses, a format with no breaker or no pattern beside it): validation.test.ts requires it
 * empty, so no new bound goes untested without a word.
 */
// @ts-expect-error — plain ESM scripts without type declarations
import { makeAjv } from "../../scripts/spec/rules.mjs";
import { fromBase58, toBase58 } from "../../packages/mock/src/echo.js";
import { deref, type Operation } from "./spec.js";

export interface BoundCase {
  what: string;
  input: any;
  /** ValidationIssue.path, e.g. `params.limit`, `params[0].tree`. */
  path: string;
  /** The JSON Schema keyword. */
  rule: string;
  /** Why the mock takes the request when sent raw (it cannot see or does not read the rule). */
  mockTakes?: string;
  /** The keyword of the mock's violation (a closed object's, a format's: the client's differs). */
  mockRule?: string;
}

/** The keywords a case is made for. */
export const BOUND_KEYWORDS = [
  "required",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "enum",
] as const;

/** Texts tried, in order, for a value a `pattern` refuses (the first it refuses is taken). */
const PATTERN_BREAKERS = ["0OIl-not-base58!", "!", "http://plain.example/x", "", "a", "a\nb"];

/**
 * Texts each `format` of a request refuses (checked with the spec's ajv, which asserts formats).
 * A field's cases are those its pattern refuses too: the client checks that pattern, not the
 * format. A format of a request with no entry here is `unreached` (give it texts it refuses).
 */
export const FORMAT_BREAKERS: Record<string, string[]> = {
  // (The last, a bad percent-escape, is one the uri patterns take: the client is looser than the
  // format on purpose, so it makes no case; it keeps the filter below honest.)
  uri: ["example.com/no-scheme", "https://spaced host.example/x", "https://example.com/a b", "https://example.com/%zz"], // prettier-ignore
  uuid: ["not-a-uuid", "123e4567-e89b-12d3-a456-42661417400", "123e4567e89b12d3a456426614174000"],
};

/** A member no object of a request lists (the cases of closed objects add it). */
export const UNKNOWN_MEMBER = "notAMember";

/**
 * Why the mock cannot refuse a member of `x-solana-transaction` text (every such case). (Base58
 * text of another number of bytes than `x-base58-bytes` says it refuses: it gives Prism's ajv
 * that keyword.)
 */
const PRISM_READS_NO_X = "Prism reads no x-solana-transaction: it takes text of the right alphabet";

const formatAjv = makeAjv();
/** Whether the spec's ajv refuses `text` for `format` (undefined: ajv knows no such format). */
function formatRefuses(format: string, text: string): boolean | undefined {
  try {
    return !formatAjv.validate({ type: "string", format }, text);
  } catch {
    return undefined;
  }
}

/** `bytes` in `encoding` (`x-solana-transaction`'s value). */
const encode = (bytes: Uint8Array, encoding: string) =>
  encoding === "base58" ? toBase58(bytes) : Buffer.from(bytes).toString("base64");
const decode = (text: string, encoding: string) =>
  encoding === "base58" ? fromBase58(text) : Uint8Array.from(Buffer.from(text, "base64"));

/**
 * Whether `value` meets the `if` of an object's rule (the generator's shape: members named with
 * their values, `{ properties: { <name>: { enum } }, required: [<name>] }`, nested).
 */
function meets(condition: any, value: any): boolean {
  if (!value || typeof value !== "object") return false;
  if ((condition.required ?? []).some((name: string) => value[name] === undefined)) return false;
  return Object.entries<any>(condition.properties ?? {}).every(
    ([name, sub]) =>
      value[name] === undefined ||
      ((!Array.isArray(sub.enum) || sub.enum.includes(value[name])) &&
        (!sub.properties || meets(sub, value[name]))),
  );
}

/** The request as one schema: an object of the params by name (`x-params: array`: the array). */
function requestRoot(op: Operation): any {
  if (op.kind === "openrpc") {
    if (op.wire === "array") return op.method.params[0].schema;
    return {
      type: "object",
      properties: Object.fromEntries(op.method.params.map((p: any) => [p.name, p.schema])),
      required: op.method.params.filter((p: any) => p.required).map((p: any) => p.name),
      // (A method's rules between params: the sender's transaction in its config's encoding.)
      ...(op.method["x-all-of"] && { allOf: op.method["x-all-of"] }),
    };
  }
  const params = op.params!.filter((p) => p.in === "path" || p.in === "query");
  const body = deref(
    op.doc,
    deref(op.doc, op.op.requestBody)?.content?.["application/json"]?.schema,
  );
  return {
    type: "object",
    properties: {
      ...Object.fromEntries(params.map((p) => [p.name, p.schema])),
      ...body?.properties,
    },
    required: [...params.filter((p) => p.required).map((p) => p.name), ...(body?.required ?? [])],
    ...(body?.additionalProperties === false && { additionalProperties: false }),
  };
}

const setAt = (root: any, segments: Array<string | number>, value: unknown): any => {
  if (segments.length === 0) return value;
  const copy = structuredClone(root);
  let node = copy;
  for (const s of segments.slice(0, -1)) node = node[s];
  const last = segments[segments.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
};

const show = (segments: Array<string | number>) =>
  "params" + segments.map((s) => (typeof s === "number" ? `[${s}]` : `.${s}`)).join("");

/** An object of `schema`'s required members only, each its schema's first example (or enum value). */
const sampleObject = (schema: any, doc: any): object | undefined => {
  const members = (schema.required ?? []).map((name: string) => {
    const s = deref(doc, schema.properties?.[name]);
    return [name, s?.examples?.[0] ?? s?.enum?.[0]];
  });
  return members.some(([, v]: unknown[]) => v === undefined)
    ? undefined
    : Object.fromEntries(members);
};

/** The `if` of a rule in words: `when config.encoding is base58`. */
function condition(schema: any, at = ""): string {
  return Object.entries<any>(schema.properties ?? {})
    .map(([name, sub]) =>
      sub.properties
        ? condition(sub, `${at}${name}.`)
        : `when ${at}${name} is ${sub.enum?.join(" or ")}`,
    )
    .join(", ");
}

/** Why the mock cannot refuse a member the input's top level does not list (undefined: it does). */
function topLevelTakes(op: Operation): string | undefined {
  if (op.kind === "openrpc")
    return op.wire === "positional"
      ? "a by-position method's params are a list: a member that is no param has no place in it"
      : undefined; // (The mock closes a by-name method's params, as the client does.)
  const body = deref(
    op.doc,
    deref(op.doc, op.op.requestBody)?.content?.["application/json"]?.schema,
  );
  if (!op.op.requestBody)
    return "sent as a query parameter the operation does not list: OpenAPI does not close the query string, so Prism takes it (the client closes its input, so a misspelt name is caught)";
  return body?.additionalProperties === false ? undefined : "the body schema is open";
}

const valueAt = (root: any, segments: Array<string | number>) =>
  segments.reduce((node, s) => node?.[s], root);

/** One case per bound of `op`'s request, and the bounds no case could be made for. */
export function boundCases(op: Operation): { cases: BoundCase[]; unreached: string[] } {
  const cases: BoundCase[] = [];
  const unreached: string[] = [];
  const isObject = (v: unknown) => !!v && typeof v === "object" && !Array.isArray(v);

  /** An input holding an object of `schema` at `segments`: another example's, or `base` given one. */
  const objectFrom = (schema: any, segments: Array<string | number>, base: unknown) => {
    if (!segments.length) return undefined;
    const found = op.inputs.find((input) => isObject(valueAt(input, segments)));
    if (found !== undefined) return found;
    const sample = sampleObject(schema, op.doc);
    return sample && isObject(valueAt(base, segments.slice(0, -1)))
      ? setAt(base, segments, sample)
      : undefined;
  };

  /** An input holding a list of `items` at `segments`: another example's, or `base` given one. */
  const listFrom = (items: any, segments: Array<string | number>, base: unknown) => {
    const found = op.inputs.find((input) => {
      const list = valueAt(input, segments);
      return Array.isArray(list) && list.length > 0;
    });
    if (found !== undefined) return found;
    const item = deref(op.doc, items);
    const sample = item?.examples?.[0] ?? item?.enum?.[0];
    return sample !== undefined && isObject(valueAt(base, segments.slice(0, -1)))
      ? setAt(base, segments, [sample])
      : undefined;
  };

  const walk = (
    schema: any,
    value: unknown,
    segments: Array<string | number>,
    depth: number,
    base: unknown,
    note = "",
  ) => {
    const s = deref(op.doc, schema);
    if (!s || depth > 12) return;
    const add = (at: Array<string | number>, rule: string, what: string, v: unknown, mockTakes?: string) => // prettier-ignore
      cases.push({ what: what + note, rule, path: show(at), input: setAt(base, at, v), ...(mockTakes && { mockTakes }) }); // prettier-ignore
    for (const branch of s.allOf ?? []) {
      const b = deref(op.doc, branch);
      if (!b?.if) {
        walk(branch, value, segments, depth + 1, base, note);
        continue;
      }
      // (A rule: walked from the first example whose value here meets its `if`.)
      const from = op.inputs.find((input) => meets(b.if, valueAt(input, segments)));
      if (from === undefined)
        unreached.push(`${op.id} ${show(segments)} allOf rule (no example meets its if)`); // prettier-ignore
      else walk(b.then, valueAt(from, segments), segments, depth + 1, from, `${note} (${condition(b.if)})`); // prettier-ignore
    }
    // (A nullable value, `anyOf: [T, {type: null}]`: T's bounds are the field's.)
    const alternatives = (s.anyOf ?? s.oneOf ?? []).filter(
      (b: any) => deref(op.doc, b)?.type !== "null",
    );
    if (alternatives.length === 1) walk(alternatives[0], value, segments, depth + 1, base, note);
    const at = show(segments);
    if (typeof s.maximum === "number")
      add(segments, "maximum", `${at} ${s.maximum + 1} (> ${s.maximum})`, s.maximum + 1);
    if (typeof s.minimum === "number")
      add(segments, "minimum", `${at} ${s.minimum - 1} (< ${s.minimum})`, s.minimum - 1);
    if (typeof s.exclusiveMaximum === "number")
      add(segments, "exclusiveMaximum", `${at} ${s.exclusiveMaximum} (≥ ${s.exclusiveMaximum})`, s.exclusiveMaximum); // prettier-ignore
    if (typeof s.exclusiveMinimum === "number")
      add(segments, "exclusiveMinimum", `${at} ${s.exclusiveMinimum} (≤ ${s.exclusiveMinimum})`, s.exclusiveMinimum); // prettier-ignore
    if (typeof s.maxLength === "number")
      add(segments, "maxLength", `${at} ${s.maxLength + 1} characters (> ${s.maxLength})`, "a".repeat(s.maxLength + 1)); // prettier-ignore
    if (typeof s.minLength === "number" && s.minLength > 0)
      add(segments, "minLength", `${at} ${s.minLength - 1} characters (< ${s.minLength})`, "a".repeat(s.minLength - 1)); // prettier-ignore
    const re = typeof s.pattern === "string" ? new RegExp(s.pattern, "u") : undefined;
    if (re) {
      const text = PATTERN_BREAKERS.find((t) => !re.test(t));
      if (text === undefined) unreached.push(`${op.id} ${at} pattern`);
      else add(segments, "pattern", `${at} ${JSON.stringify(text)} (not /${s.pattern}/)`, text);
    }
    if (typeof s.format === "string") {
      // (The client reads `format` as an annotation: what it refuses is the pattern beside it.)
      const breakers = (FORMAT_BREAKERS[s.format] ?? []).filter((t) => formatRefuses(s.format, t));
      const refused = breakers.filter((t) => re && !re.test(t));
      if (!breakers.length) unreached.push(`${op.id} ${at} format ${s.format} (no text of FORMAT_BREAKERS that the format refuses)`); // prettier-ignore
      else if (!re) unreached.push(`${op.id} ${at} format ${s.format} (no pattern beside it: the client checks no format)`); // prettier-ignore
      else if (!refused.length) unreached.push(`${op.id} ${at} format ${s.format} (its pattern takes every text of FORMAT_BREAKERS)`); // prettier-ignore
      for (const text of refused)
        cases.push({ what: `${at} ${JSON.stringify(text)} (not format ${s.format})${note}`, rule: "pattern", mockRule: "format", path: at, input: setAt(base, segments, text) }); // prettier-ignore
    }
    const encoding = s["x-solana-transaction"];
    if (encoding !== undefined) {
      const bytes = typeof value === "string" ? decode(value, encoding) : undefined;
      const rule = "x-solana-transaction";
      // (The first byte of a legacy or v0 transaction counts its signatures; v1's is 0x81.)
      if (!bytes || !(bytes[0]! > 0 && bytes[0]! < 0x80))
        unreached.push(`${op.id} ${at} x-solana-transaction (no legacy or v0 example to unsign)`);
      else
        add(segments, rule, `${at} the example unsigned (its first signature 64 zero bytes, ${encoding})`, encode(Uint8Array.from(bytes).fill(0, 1, 65), encoding), PRISM_READS_NO_X); // prettier-ignore
      const empty = encode(new Uint8Array(3), encoding);
      add(segments, rule, `${at} ${JSON.stringify(empty)} (${encoding} text of no transaction's layout)`, empty, PRISM_READS_NO_X); // prettier-ignore
    }
    const bytes = s["x-base58-bytes"];
    // (Where the example gives the field, so that the input breaks no other rule: the mock takes
    // it. A field no example gives, such as DAS `before`, which excludes the examples' `page`,
    // has its pattern's case only.)
    if (typeof bytes === "number" && typeof value === "string") {
      // (One zero byte too many: n + 1 × `1`, which an address's or a signature's pattern takes.)
      const text = toBase58(new Uint8Array(bytes + 1));
      if (re && !re.test(text)) unreached.push(`${op.id} ${at} x-base58-bytes (its pattern refuses ${bytes + 1} zero bytes)`); // prettier-ignore
      else add(segments, "x-base58-bytes", `${at} ${JSON.stringify(text)} (${bytes + 1} bytes, not ${bytes})`, text); // prettier-ignore
    }
    if (Array.isArray(s.enum) && s.enum.every((v: unknown) => typeof v === "string"))
      add(segments, "enum", `${at} "not-a-listed-value" (not in the enum)`, "not-a-listed-value");
    if (typeof s.minItems === "number" && s.minItems > 0) {
      const items = Array.isArray(value) ? value : [];
      add(segments, "minItems", `${at} ${s.minItems - 1} items (< ${s.minItems})`, items.slice(0, s.minItems - 1)); // prettier-ignore
    }
    if (typeof s.maxItems === "number") {
      if (Array.isArray(value) && value.length)
        add(segments, "maxItems", `${at} ${s.maxItems + 1} items (> ${s.maxItems})`, Array.from({ length: s.maxItems + 1 }, (_, i) => value[i % value.length])); // prettier-ignore
      else unreached.push(`${op.id} ${at} maxItems (no example item)`);
    }
    if (s.items) {
      // (A list the example leaves out or empty: its items are walked from another example's
      // list, or from a list of the item schema's example, as an object's members are below.)
      const from = Array.isArray(value) && value.length ? base : listFrom(s.items, segments, base);
      const at = [...segments, 0];
      if (from !== undefined) walk(s.items, valueAt(from, at), at, depth + 1, from, note);
    }
    if (s.additionalProperties === false && segments.length) {
      // (Where the example has no such object: another example's, or one of its required members
      // only, each its schema's example.)
      const from = isObject(value) ? base : op.inputs.find((i) => isObject(valueAt(i, segments)));
      const object = from === undefined ? sampleObject(s, op.doc) : valueAt(from, segments);
      const what = `${at} with a member ${UNKNOWN_MEMBER} (not one of its properties)${note}`;
      if (!object) unreached.push(`${op.id} ${at} additionalProperties (no example object)`);
      else cases.push({ what, rule: "additionalProperties", mockRule: "additionalProperties", path: show([...segments, UNKNOWN_MEMBER]), input: setAt(from ?? base, segments, { ...object, [UNKNOWN_MEMBER]: true }) }); // prettier-ignore
    }
    if (s.properties && (value === undefined || (value !== null && typeof value === "object"))) {
      for (const name of s.required ?? [])
        if (value !== undefined && (value as any)[name] !== undefined)
          add([...segments, name], "required", `${at} without ${name}`, undefined);
      // (An object the example leaves out, such as getAsset's `options`: its members are walked from
      // another example that holds it, or from its required members only, each its schema's example,
      // so that a bound of an optional member no first example gives still has its case.)
      const from = value === undefined ? objectFrom(s, segments, base) : undefined;
      for (const [name, child] of Object.entries<any>(s.properties)) {
        const at = [...segments, name];
        if (from !== undefined) walk(child, valueAt(from, at), at, depth + 1, from, note);
        else if (value !== undefined) walk(child, (value as any)[name], at, depth + 1, base, note);
      }
    }
  };
  walk(requestRoot(op), op.input, [], 0, op.input);
  // The top level: the client closes every input object (the spec, a body or by-name params).
  if (isObject(op.input))
    cases.push({
      what: `params with a member ${UNKNOWN_MEMBER} (no param or body member of ${op.id})`,
      rule: "additionalProperties",
      mockRule: "additionalProperties",
      path: show([UNKNOWN_MEMBER]),
      input: { ...(op.input as object), [UNKNOWN_MEMBER]: true },
      ...(topLevelTakes(op) && { mockTakes: topLevelTakes(op) }),
    });
  return { cases, unreached };
}

/** The keywords `boundPlaces` reads, each as its case's rule. */
const PLACE_KEYWORDS = ["minimum", "maximum", "minLength", "maxLength", "pattern", "minItems", "maxItems", "enum"]; // prettier-ignore

/**
 * Where `op`'s request has a bound (`params.options.previewWidth maximum`), read from the schemas
 * alone, as `closedObjects` reads closed objects: each must have its case or be `unreached`, so
 * that a member no example holds is not left out without a word. (A zero `minLength` or
 * `minItems` bounds nothing; a bound inside an anyOf / oneOf of two or more alternatives, or in a
 * rule's `then`, is left out, as `boundCases` leaves it.)
 */
export function boundPlaces(op: Operation): string[] {
  const found = new Set<string>();
  const walk = (schema: any, segments: Array<string | number>, depth: number) => {
    const s = deref(op.doc, schema);
    if (!s || depth > 12) return;
    for (const keyword of PLACE_KEYWORDS)
      if (s[keyword] !== undefined && s[keyword] !== 0 && (keyword !== "enum" || s.enum.every((v: unknown) => typeof v === "string")))
        found.add(`${show(segments)} ${keyword}`); // prettier-ignore
    for (const b of s.allOf ?? []) if (!deref(op.doc, b)?.if) walk(b, segments, depth + 1);
    const alternatives = (s.anyOf ?? s.oneOf ?? []).filter((b: any) => deref(op.doc, b)?.type !== "null"); // prettier-ignore
    if (alternatives.length === 1) walk(alternatives[0], segments, depth + 1);
    if (s.items) walk(s.items, [...segments, 0], depth + 1);
    for (const [name, child] of Object.entries<any>(s.properties ?? {}))
      walk(child, [...segments, name], depth + 1);
  };
  walk(requestRoot(op), [], 0);
  return [...found];
}

/**
 * Where `op`'s request has an object closed by the spec (`additionalProperties: false`; `params`:
 * a closed body), read from the schemas alone (every branch, no example): each must have its case.
 */
export function closedObjects(op: Operation): string[] {
  const found = new Set<string>();
  const walk = (schema: any, segments: Array<string | number>, depth: number) => {
    const s = deref(op.doc, schema);
    if (!s || depth > 12) return;
    if (s.additionalProperties === false) found.add(show(segments));
    for (const b of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])])
      walk(deref(op.doc, b)?.then ?? b, segments, depth + 1);
    if (s.items) walk(s.items, [...segments, 0], depth + 1);
    for (const [name, child] of Object.entries<any>(s.properties ?? {}))
      walk(child, [...segments, name], depth + 1);
  };
  walk(requestRoot(op), [], 0);
  return [...found];
}
