import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors.js';
import { validate, type JsonSchemaSubset } from './validate.js';

const Address: JsonSchemaSubset = { type: 'string', pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' };
const ADDRESS = '86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY';

/** The issue messages `validate` reports, or [] when valid. */
function messages(schema: JsonSchemaSubset, value: unknown): string[] {
  try {
    validate(schema, value);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).issues.map((i) => i.message);
  }
}

describe('validate', () => {
  it('names the field and the rule, with the actual value', () => {
    const schema: JsonSchemaSubset = { type: 'object', properties: { ids: { type: 'array', items: Address, maxItems: 1000 } } };
    expect(messages(schema, { ids: Array(1001).fill(ADDRESS) })).toEqual(['params.ids: must have at most 1000 items (got 1001)']);
    try {
      validate(schema, { ids: Array(1001).fill(ADDRESS) });
    } catch (error) {
      expect(error).toMatchObject({
        name: 'ValidationError',
        message: 'params.ids: must have at most 1000 items (got 1001)',
        issues: [{ path: 'params.ids', rule: 'maxItems' }],
      });
    }
  });

  it('checks types, including type arrays, integer (safe or bigint) and null', () => {
    expect(messages({ type: 'string' }, 1)).toEqual(['params: must be string (got number)']);
    expect(messages({ type: ['string', 'null'] }, null)).toEqual([]);
    expect(messages({ type: ['string', 'null'] }, [])).toEqual(['params: must be string or null (got array)']);
    expect(messages({ type: 'integer' }, 2n ** 64n)).toEqual([]);
    expect(messages({ type: 'integer' }, 1.5)).toEqual(['params: must be integer (got number)']);
    expect(messages({ type: 'integer' }, 2 ** 60)).toEqual(['params: must be integer (got number)']);
    expect(messages({ type: 'number' }, NaN)).toEqual(['params: must be number (got number)']);
    expect(messages({ type: 'object' }, null)).toEqual(['params: must be object (got null)']);
    expect(messages({ type: 'boolean' }, false)).toEqual([]);
  });

  it('checks required, properties and additionalProperties', () => {
    const schema: JsonSchemaSubset = {
      type: 'object',
      required: ['id', 'limit'],
      properties: { id: Address, limit: { type: 'integer', minimum: 1, maximum: 1000 } },
      additionalProperties: false,
    };
    expect(messages(schema, { id: ADDRESS, limit: 10 })).toEqual([]);
    expect(messages(schema, { id: 'nope', limit: 0, extra: true })).toEqual([
      'params.id: must match ^[1-9A-HJ-NP-Za-km-z]{32,44}$ (got "nope")',
      'params.limit: must be >= 1 (got 0)',
      'params.extra: is not an allowed property',
    ]);
    expect(messages(schema, { limit: 1001, id: undefined })).toEqual(['params.id: is required', 'params.limit: must be <= 1000 (got 1001)']);
    expect(messages({ type: 'object', additionalProperties: { type: 'string' } }, { a: 'x', b: 1 })).toEqual([
      'params.b: must be string (got number)',
    ]);
  });

  it('checks strings: minLength/maxLength in code points, pattern', () => {
    expect(messages({ type: 'string', minLength: 2 }, 'a')).toEqual(['params: must have at least 2 characters (got 1)']);
    expect(messages({ type: 'string', maxLength: 1 }, '😀')).toEqual([]);
    expect(messages({ type: 'string', maxLength: 1 }, 'ab')).toEqual(['params: must have at most 1 character (got 2)']);
    expect(messages({ type: 'string', pattern: 'b' }, 'abc')).toEqual([]); // unanchored
  });

  it('checks arrays: items (with index paths), minItems, uniqueItems', () => {
    expect(messages({ type: 'array', items: Address }, [ADDRESS, 'x'])).toEqual([
      'params[1]: must match ^[1-9A-HJ-NP-Za-km-z]{32,44}$ (got "x")',
    ]);
    expect(messages({ type: 'array', minItems: 1 }, [])).toEqual(['params: must have at least 1 item (got 0)']);
    expect(messages({ type: 'array', uniqueItems: true }, [1, 2, 1])).toEqual(['params: must not contain duplicate items']);
    expect(messages({ type: 'array', uniqueItems: true }, [{ a: 1 }, { a: 1 }])).toEqual(['params: must not contain duplicate items']);
    expect(messages({ type: 'array', uniqueItems: true }, [1, '1', { a: 1 }, { a: 2 }])).toEqual([]);
  });

  it('checks enum and const (numbers and bigints compare as JSON)', () => {
    expect(messages({ enum: ['asc', 'desc'] }, 'up')).toEqual(['params: must be one of "asc", "desc" (got "up")']);
    expect(messages({ enum: [1, 2] }, 2n)).toEqual([]);
    expect(messages({ const: '2.0' }, '1.0')).toEqual(['params: must be "2.0" (got "1.0")']);
    expect(messages({ const: { a: [1] } }, { a: [1] })).toEqual([]);
  });

  it('reports the closest anyOf/oneOf branch, and several oneOf matches', () => {
    const AddressOrDomain: JsonSchemaSubset = {
      anyOf: [Address, { type: 'string', pattern: '^[^\\s/.]+(\\.[^\\s/.]+)*\\.[a-z0-9-]+$' }],
    };
    expect(messages(AddressOrDomain, 'toly.sol')).toEqual([]);
    expect(messages(AddressOrDomain, ADDRESS)).toEqual([]);
    expect(messages(AddressOrDomain, 'not valid')).toEqual(['params: must match ^[1-9A-HJ-NP-Za-km-z]{32,44}$ (got "not valid")']);
    // The object branch is closer than the string branch: its issue is deeper.
    const schema: JsonSchemaSubset = { oneOf: [{ type: 'string' }, { type: 'object', required: ['id'] }] };
    expect(messages(schema, {})).toEqual(['params.id: is required']);
    expect(messages({ oneOf: [{ type: 'integer' }, { type: 'number' }] }, 1)).toEqual(['params: must match exactly one schema (matched 2)']);
    expect(messages({ allOf: [{ minimum: 1 }, { maximum: 0 }] }, 5)).toEqual(['params: must be <= 0 (got 5)']);
  });

  it('ignores format and annotations, and names the root by `path`', () => {
    expect(messages({ type: 'string', format: 'uri', description: 'x', title: 'y' }, 'not a uri')).toEqual([]);
    expect(() => validate({ type: 'string' }, 1, 'input')).toThrow('input: must be string (got number)');
  });

  it('summarises many issues in the message', () => {
    expect(() => validate({ type: 'array', items: { type: 'string' } }, [1, 2, 3, 4, 5])).toThrow(
      'params[0]: must be string (got number); params[1]: must be string (got number); params[2]: must be string (got number) (and 2 more)',
    );
  });

  it('compiles each pattern once per schema object', () => {
    const spy = globalThis.RegExp;
    let compiled = 0;
    globalThis.RegExp = new Proxy(spy, { construct: (target, args) => (compiled++, new target(...(args as [string]))) });
    try {
      const schema: JsonSchemaSubset = { type: 'array', items: { type: 'string', pattern: '^a+$' } };
      validate(schema, ['a', 'aa']);
      validate(schema, ['aaa']);
      expect(compiled).toBe(1);
    } finally {
      globalThis.RegExp = spy;
    }
  });

  it('validates 100,000 addresses against the base58 pattern in well under 100 ms', () => {
    const schema: JsonSchemaSubset = { type: 'object', properties: { ids: { type: 'array', items: Address } } };
    const ids = Array.from({ length: 100_000 }, (_, i) => ADDRESS.slice(0, 40) + String(i % 9 + 1).repeat(4));
    // The best of three runs (the first includes JIT warm-up), to keep CI noise out.
    const times = [0, 1, 2].map(() => {
      const start = performance.now();
      validate(schema, { ids });
      return performance.now() - start;
    });
    expect(Math.min(...times)).toBeLessThan(50);
  });
});
