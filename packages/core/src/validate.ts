/**
 * A small JSON Schema validator for the subset the spec uses (refs already inlined by the
 * generator), so bad parameters fail before a request is sent, with a message that names the
 * field and the rule.
 */
import { ValidationError, type ValidationIssue } from './errors.js';
import { stringifyJson } from './json.js';

/** A JSON type name; `integer` accepts safe integers and `bigint`. */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** The JSON Schema keywords checked by {@link validate}; others (`format`, `title`, ...) are ignored. */
export interface JsonSchemaSubset {
  type?: JsonType | readonly JsonType[];
  properties?: { readonly [name: string]: JsonSchemaSubset };
  required?: readonly string[];
  /** `false`: a property not in `properties` is an error; a schema: extra properties must match it. */
  additionalProperties?: boolean | JsonSchemaSubset;
  items?: JsonSchemaSubset;
  enum?: readonly unknown[];
  const?: unknown;
  /** An ECMAScript regular expression, unanchored as in JSON Schema; compiled once per schema object. */
  pattern?: string;
  /** In Unicode code points. */
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  anyOf?: readonly JsonSchemaSubset[];
  /** Exactly one branch must match. */
  oneOf?: readonly JsonSchemaSubset[];
  allOf?: readonly JsonSchemaSubset[];
  format?: string;
  [keyword: string]: unknown;
}

// Compiled patterns, keyed by the schema object holding them: the generator's schemas are
// module constants, so each RegExp is built once.
const patterns = new WeakMap<object, RegExp>();

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

const numeric = (v: unknown): v is number | bigint => typeof v === 'bigint' || (typeof v === 'number' && isFinite(v));

// Values are compared as JSON text: 1 equals 1n, objects compare by content (in key order).
const json = (v: unknown) => String(stringifyJson(v));

const show = (v: unknown) => {
  const text = json(v);
  return text.length > 40 ? text.slice(0, 40) + '…' : text;
};

const is = (type: JsonType, value: unknown) =>
  type === 'integer' ? Number.isSafeInteger(value) || typeof value === 'bigint' : type === 'number' ? numeric(value) : kind(value) === type;

/** Collects the issues of `value` against `schema` into `out`. Runs once per array item: keep it lean. */
function check(schema: JsonSchemaSubset, value: any, path: string, out: ValidationIssue[]): void {
  const add = (rule: string, message: string, at = path): void => {
    out.push({ path: at, rule, message: `${at}: ${message}` });
  };
  // minLength & co.: worded "must have at least 3 items" or "must be >= 3".
  const bound = (rule: string, actual: number | bigint, unit?: string) => {
    const limit = schema[rule] as number | undefined;
    const min = rule[1] === 'i';
    if (limit !== undefined && (min ? actual < limit : actual > limit)) {
      add(rule, `must ${unit ? `have at ${min ? 'least' : 'most'} ${limit} ${unit}${limit === 1 ? '' : 's'}` : `be ${min ? '>=' : '<='} ${limit}`} (got ${actual})`);
    }
  };

  const { type } = schema;
  if (type !== undefined && !(typeof type === 'string' ? is(type, value) : type.some((t) => is(t, value)))) {
    return add('type', `must be ${[type].flat().join(' or ')} (got ${kind(value)})`); // the other rules would only repeat it
  }
  if (schema.enum && !schema.enum.map(json).includes(json(value))) {
    add('enum', `must be one of ${schema.enum.map(show).join(', ')} (got ${show(value)})`);
  }
  if ('const' in schema && json(schema.const) !== json(value)) add('const', `must be ${show(schema.const)} (got ${show(value)})`);

  if (typeof value === 'string') {
    const { pattern } = schema;
    if (pattern !== undefined) {
      let re = patterns.get(schema);
      if (!re) {
        try {
          re = new RegExp(pattern, 'u');
        } catch {
          re = new RegExp(pattern); // valid only without the u flag
        }
        patterns.set(schema, re);
      }
      if (!re.test(value)) add('pattern', `must match ${pattern} (got ${show(value)})`);
    }
    if (schema.minLength !== undefined || schema.maxLength !== undefined) {
      // JSON Schema counts code points; only strings with surrogates need the slow count.
      const length = /[\uD800-\uDFFF]/.test(value) ? [...value].length : value.length;
      bound('minLength', length, 'character');
      bound('maxLength', length, 'character');
    }
  } else if (numeric(value)) {
    bound('minimum', value);
    bound('maximum', value);
  } else if (Array.isArray(value)) {
    bound('minItems', value.length, 'item');
    bound('maxItems', value.length, 'item');
    if (schema.uniqueItems && new Set(value.map(json)).size < value.length) add('uniqueItems', 'must not contain duplicate items');
    const { items } = schema;
    if (items) for (let i = 0; i < value.length; i++) check(items, value[i], `${path}[${i}]`, out);
  } else if (value && typeof value === 'object') {
    const { properties = {}, additionalProperties } = schema;
    for (const name of schema.required ?? []) if (value[name] === undefined) add('required', 'is required', `${path}.${name}`);
    for (const name in value) {
      // `undefined` members vanish in JSON: neither checked nor "additional".
      const sub = value[name] === undefined || (Object.hasOwn(properties, name) ? properties[name] : additionalProperties);
      if (sub === false) add('additionalProperties', 'is not an allowed property', `${path}.${name}`);
      else if (sub !== true && sub) check(sub, value[name], `${path}.${name}`, out);
    }
  }

  if (schema.allOf) for (const sub of schema.allOf) check(sub, value, path, out);
  if (schema.anyOf || schema.oneOf) {
    for (const rule of ['anyOf', 'oneOf'] as const) {
      const results = schema[rule]?.map((branch) => {
        const issues: ValidationIssue[] = [];
        check(branch, value, path, issues);
        return issues;
      });
      if (!results) continue;
      const passed = results.filter((issues) => !issues.length).length;
      if (passed > 1 && rule === 'oneOf') add('oneOf', `must match exactly one schema (matched ${passed})`);
      // None passed: report the branch that came closest, i.e. one whose type matched (its
      // issues are deeper), then the one with the fewest issues.
      const score = (issues: ValidationIssue[]) => issues.length + (issues[0]?.path === path && issues[0].rule === 'type' ? 1e9 : 0);
      if (!passed) out.push(...results.reduce((best, issues) => (score(issues) < score(best) ? issues : best)));
    }
  }
}

/**
 * Checks `value` against `schema` (JSON Schema subset: `type`, `properties`, `required`,
 * `additionalProperties`, `items`, `enum`, `const`, `pattern`, `minLength`/`maxLength`,
 * `minimum`/`maximum`, `minItems`/`maxItems`, `uniqueItems`, `anyOf`/`oneOf`/`allOf`; `format`
 * and annotations are ignored). `enum`, `const` and `uniqueItems` compare values as JSON text.
 *
 * @param path - how the value is named in messages. @default 'params'
 * @throws ValidationError listing every issue, e.g. `params.ids: must have at most 1000 items (got 1001)`
 */
export function validate(schema: JsonSchemaSubset, value: unknown, path = 'params'): void {
  const issues: ValidationIssue[] = [];
  check(schema, value, path, issues);
  if (issues.length) {
    const shown = issues.slice(0, 3).map((i) => i.message).join('; ');
    throw new ValidationError(issues.length > 3 ? `${shown} (and ${issues.length - 3} more)` : shown, { issues });
  }
}
