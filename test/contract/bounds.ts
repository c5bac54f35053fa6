/**
 * Every bound of every operation's request, read from the spec (not from the generated checks),
 * each as one invalid input: the operation's first example with one value put just past one bound
 * (`maximum: 1000` → 1001, `maxItems: 100` → 101 items, a `pattern` → a text it refuses, an
 * `enum` → a value outside it, a `required` member → left out). validation.test.ts sends each
 * through the client (refused, naming the field and the rule, nothing sent) and straight to the
 * mock (refused there too). contracts.ts keeps the hand-written cases (x- rules, wrong encodings);
 * these are the ones a new bound or a new operation gets without a line of test.
 *
 * A bound inside an anyOf / oneOf of two or more alternatives is left out (which branch a value
 * breaks is not one field's rule); a nullable's (`anyOf: [T, {type: null}]`) is T's. `unreached`
 * lists the bounds that could not be given a value (no example to start from, no text a pattern
 * refuses): validation.test.ts requires it empty, so no new bound goes untested without a word.
 */
import { deref, type Operation } from "./spec.js";

export interface BoundCase {
  what: string;
  input: any;
  /** ValidationIssue.path, e.g. `params.limit`, `params[0].tree`. */
  path: string;
  /** The JSON Schema keyword. */
  rule: string;
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

/** The request as one schema: an object of the params by name (`x-params: array`: the array). */
function requestRoot(op: Operation): any {
  if (op.kind === "openrpc") {
    if (op.wire === "array") return op.method.params[0].schema;
    return {
      type: "object",
      properties: Object.fromEntries(op.method.params.map((p: any) => [p.name, p.schema])),
      required: op.method.params.filter((p: any) => p.required).map((p: any) => p.name),
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

/** One case per bound of `op`'s request, and the bounds no case could be made for. */
export function boundCases(op: Operation): { cases: BoundCase[]; unreached: string[] } {
  const cases: BoundCase[] = [];
  const unreached: string[] = [];
  const base = op.input;
  const add = (segments: Array<string | number>, rule: string, what: string, value: unknown) =>
    cases.push({ what, rule, path: show(segments), input: setAt(base, segments, value) });

  const walk = (schema: any, value: unknown, segments: Array<string | number>, depth: number) => {
    const s = deref(op.doc, schema);
    if (!s || depth > 12) return;
    for (const branch of s.allOf ?? []) walk(branch, value, segments, depth + 1);
    // (A nullable value, `anyOf: [T, {type: null}]`: T's bounds are the field's.)
    const alternatives = (s.anyOf ?? s.oneOf ?? []).filter(
      (b: any) => deref(op.doc, b)?.type !== "null",
    );
    if (alternatives.length === 1) walk(alternatives[0], value, segments, depth + 1);
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
    if (typeof s.pattern === "string") {
      const re = new RegExp(s.pattern, "u");
      const text = PATTERN_BREAKERS.find((t) => !re.test(t));
      if (text === undefined) unreached.push(`${op.id} ${at} pattern`);
      else add(segments, "pattern", `${at} ${JSON.stringify(text)} (not /${s.pattern}/)`, text);
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
    if (Array.isArray(value) && s.items && value.length)
      walk(s.items, value[0], [...segments, 0], depth + 1);
    if (s.properties && (value === undefined || (value !== null && typeof value === "object"))) {
      for (const name of s.required ?? [])
        if (value !== undefined && (value as any)[name] !== undefined)
          add([...segments, name], "required", `${at} without ${name}`, undefined);
      for (const [name, child] of Object.entries<any>(s.properties)) {
        const v = (value as any)?.[name];
        // (A member the example leaves out is reached only where it needs no value to start from.)
        if (v === undefined && value === undefined) continue;
        walk(child, v, [...segments, name], depth + 1);
      }
    }
  };
  walk(requestRoot(op), base, [], 0);
  return { cases, unreached };
}
