/**
 * Values of a JSON Schema of the spec, as fast-check arbitraries: `schemaArbitraries(options)`
 * gives `arbitraryOf(doc, schema)`. The values are mostly valid: the translator follows the
 * keywords the spec's inputs use (types, const, enum, anyOf/oneOf, bounds, lengths, patterns,
 * formats uri and uuid, `x-solana-transaction` (a transaction's layout, base64 or base58),
 * `x-base58-bytes` (base58 text of so many bytes), items,
 * properties, required, additionalProperties, dependentSchemas of
 * the form `{ name: { properties: { … } } }`, allOf rules `{ if, then: { properties: { … } } }`,
 * local `$ref`s, recursion), and throws on
 * a type it does not know. Strings without a pattern are any Unicode (no lone surrogates).
 * The options add the values a caller may pass that the schema alone does not suggest.
 */
import fc from "fast-check";
import { toBase58 } from "../../packages/mock/src/echo.js";
import { isAnnotation, isObjectSchema, resolve, typesOf, type Schema } from "./sdk-input.js";

export const anyJson = fc.jsonValue({ maxDepth: 2 });
/** Names for unknown members: plain identifiers, so that an issue's path reads back unambiguously. */
export const memberName = fc.stringMatching(/^x[a-z]{1,6}$/);

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** The largest array {@link ArbitraryOptions.fullArrays} fills to its maxItems. */
export const MAX_FULL_ARRAY = 1000;

export interface ArbitraryOptions {
  /**
   * u64 and i64 integers (`format: uint64 | int64`) as numbers or bigints (the SDK takes either),
   * over the whole range the schema allows: to 2^64 − 1 where it sets no maximum, from −2^63 where
   * it sets no minimum; each bound often. (Any other integer is typed `number`, whose check refuses
   * a bigint: a safe integer.)
   */
  bigints?: boolean;
  /** Arrays also at their maxItems, when it is at most {@link MAX_FULL_ARRAY}. */
  fullArrays?: boolean;
  /** Optional members also present as `undefined` (a caller's `{ limit: undefined }`). */
  undefinedMembers?: boolean;
}

/** `arbitraryOf(doc, schema)`: values of `schema` (a schema of `doc`), with `options`. */
export function schemaArbitraries(options: ArbitraryOptions = {}) {
  // (Built once per schema: mutations ask for the same item arbitraries on every run.)
  const arbitraries = new Map<Schema, Map<string, fc.Arbitrary<unknown>>>();

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
    if (!s || typeof s !== "object") throw new Error(`not a schema: ${JSON.stringify(s)}`);
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

  function typedArbitrary(doc: any, s: Schema, type: string, stack: string[]) {
    switch (type) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer":
        return options.bigints && (s.format === "uint64" || s.format === "int64")
          ? wideInteger(s)
          : safeInteger(s);
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
          s["x-solana-transaction"] === "base64"
            ? signedTransaction.map((bytes) => Buffer.from(bytes).toString("base64"))
            : s["x-solana-transaction"] === "base58"
              ? signedTransaction.map((bytes) => toBase58(Uint8Array.from(bytes)))
              : s["x-base58-bytes"] !== undefined
                ? // (That many bytes; or empty text, which the pattern of an "or empty" schema takes.)
                  fc.oneof(
                    fc
                      .uint8Array({
                        minLength: s["x-base58-bytes"],
                        maxLength: s["x-base58-bytes"],
                      })
                      .map(toBase58),
                    fc.constant(""),
                  )
                : s.format === "uri"
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
        const item = s.items === undefined ? anyJson : arbitraryOf(doc, s.items, stack);
        const minLength = s.minItems ?? 0;
        const short = fc.array(item, {
          minLength,
          maxLength: Math.min(s.maxItems ?? Infinity, minLength + 4),
        });
        if (!options.fullArrays || !(s.maxItems <= MAX_FULL_ARRAY)) return short;
        const full = fc.array(item, { minLength: s.maxItems, maxLength: s.maxItems });
        return fc.oneof({ arbitrary: short, weight: 9 }, { arbitrary: full, weight: 1 });
      }
      case "object": {
        const properties = Object.entries<Schema>(s.properties ?? {}).filter(
          ([, p]) => p !== false,
        );
        const names = new Set(Object.keys(s.properties ?? {}));
        const required = (s.required ?? []).filter((k: string) => names.has(k));
        const member = (name: string, p: Schema) =>
          options.undefinedMembers && !required.includes(name)
            ? fc.option(arbitraryOf(doc, p, stack), { nil: undefined, freq: 4 })
            : arbitraryOf(doc, p, stack);
        const known = fc.record(Object.fromEntries(properties.map(([k, p]) => [k, member(k, p)])), {
          requiredKeys: required,
        });
        const other = s.additionalProperties;
        const extra =
          other === false
            ? fc.constant({})
            : fc.dictionary(
                memberName.filter((k) => !names.has(k)),
                other === undefined || other === true ? anyJson : arbitraryOf(doc, other, stack),
                { maxKeys: 2 },
              );
        // dependentSchemas of the forms { name: { properties: { other: false } } } (one of the
        // pair) and { name: { properties: { other: rule } } } (when name is given, other is left
        // out: the mutations of checks-vs-schema put both in, so the rule is met both ways).
        const dependents = Object.entries<Schema>(s.dependentSchemas ?? {}).map(([name, d]) => {
          const dependent = resolve(doc, d).s;
          if (Object.keys(dependent).some((k) => k !== "properties" && !isAnnotation(k)))
            throw new Error(`dependentSchemas.${name}: only { properties: { … } } is handled`);
          return [name, Object.keys(dependent.properties ?? {})] as const;
        });
        // allOf rules { if, then } (a member's value chooses a rule: the sender's transaction in
        // its config's encoding): where `if` holds, each member `then` names is drawn again from
        // then's schema of it, which must imply the member's own (Base58Transaction is an
        // EncodedTransaction).
        const rules = (s.allOf ?? []).map((r: Schema, i: number) => {
          const rule = resolve(doc, r).s;
          const then = resolve(doc, rule.then).s;
          const other = (schema: Schema, known: string[]) =>
            Object.keys(schema ?? {}).some((k) => !known.includes(k) && !isAnnotation(k));
          if (rule.if === undefined || then === undefined || other(rule, ["if", "then"]))
            throw new Error(`allOf/${i}: only rules { if, then } are handled`);
          if (other(then, ["properties"]))
            throw new Error(`allOf/${i}/then: only { properties: { … } } is handled`);
          const members = Object.entries<Schema>(then.properties ?? {});
          return {
            if: rule.if,
            then: fc.record(
              Object.fromEntries(members.map(([k, p]) => [k, arbitraryOf(doc, p, stack)])),
            ),
          };
        });
        return fc
          .tuple(
            known,
            extra,
            fc.tuple(...rules.map((r: { then: fc.Arbitrary<object> }) => r.then)),
          )
          .map(([k, e, drawn]) => {
            const value: Record<string, unknown> = { ...e, ...k };
            for (const [name, others] of dependents)
              if (value[name] !== undefined) for (const x of others) delete value[x];
            rules.forEach((rule: { if: Schema }, i: number) => {
              if (!holds(doc, rule.if, value)) return;
              for (const [name, member] of Object.entries(drawn[i]!))
                if (value[name] !== undefined) value[name] = member;
            });
            return value;
          });
      }
      default:
        throw new Error(`type ${type} is not handled by this test`);
    }
  }

  return arbitraryOf;
}

const codePoints = (text: string) => [...text].length;

/**
 * The bytes of a signed transaction, as `x-solana-transaction` reads them (spec/schemas/sender.yaml
 * Base64Transaction): legacy, v0 or v1, with s signatures, the header [s, read-only signers < s,
 * read-only others], s or more addresses and a blockhash, then bytes the rule does not read; no
 * signature is 64 zero bytes.
 */
const signedTransaction = fc
  .record({
    layout: fc.constantFrom("legacy", "v0", "v1"),
    s: fc.integer({ min: 1, max: 3 }),
    extra: fc.nat(3),
    readonly: fc.nat(5),
    random: fc.uint8Array({ minLength: 64 * 3 + 32 * 6 + 32, maxLength: 64 * 3 + 32 * 6 + 32 }),
    tail: fc.uint8Array({ maxLength: 80 }),
  })
  .map(({ layout, s, extra, readonly, random, tail }) => {
    const signatures = [...random.subarray(0, 64 * s)];
    // A signature of 64 zero bytes is an unsigned signer's slot, refused (and fast-check's bias
    // draws zeros): each has a byte set.
    for (let i = 0; i < s; i++) signatures[64 * i] ||= 1;
    const keys = s + extra;
    const addresses = [...random.subarray(64 * 3, 64 * 3 + 32 * keys)];
    const blockhash = [...random.subarray(-32)];
    const header = [s, readonly % s, readonly];
    if (layout === "v1")
      return [
        0x81,
        ...header,
        0,
        0,
        0,
        0,
        ...blockhash,
        0,
        keys,
        ...addresses,
        ...tail,
        ...signatures,
      ];
    return [
      s,
      ...signatures,
      ...(layout === "v0" ? [0x80] : []),
      ...header,
      keys,
      ...addresses,
      ...blockhash,
      ...tail,
    ];
  });

/**
 * Whether `value` passes the `if` of an allOf rule, a schema of `properties`, `required`, `enum`
 * and `const` (what the generator translates there, and `const`); an undefined member counts as
 * left out, as JSON writes it.
 */
function holds(doc: any, schema: Schema, value: unknown): boolean {
  const { s } = resolve(doc, schema);
  const other = Object.keys(s).find(
    (k) => !["properties", "required", "enum", "const"].includes(k) && !isAnnotation(k),
  );
  if (other) throw new Error(`if: "${other}" is not handled by this test`);
  if ("const" in s && value !== s.const) return false;
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return false;
  if (!value || typeof value !== "object" || Array.isArray(value)) return true;
  const members = value as Record<string, unknown>;
  return (
    (s.required ?? []).every((name: string) => members[name] !== undefined) &&
    Object.entries<Schema>(s.properties ?? {}).every(
      ([name, p]) => members[name] === undefined || holds(doc, p, members[name]),
    )
  );
}

/** Safe integers (numbers) between the schema's bounds. */
const safeInteger = (s: Schema) =>
  fc
    .bigInt({ min: BigInt(s.minimum ?? -MAX_SAFE), max: BigInt(s.maximum ?? MAX_SAFE) })
    .map(Number);

/** Integers between the schema's bounds (i64/u64 where it sets none), as numbers or bigints. */
function wideInteger(s: Schema) {
  const min = s.minimum === undefined ? -(2n ** 63n) : BigInt(s.minimum);
  const max = s.maximum === undefined ? 2n ** 64n - 1n : BigInt(s.maximum);
  const value = fc.oneof(fc.constantFrom(min, max), fc.bigInt({ min, max }));
  const safe = (n: bigint) => n >= BigInt(-MAX_SAFE) && n <= BigInt(MAX_SAFE);
  return fc
    .tuple(value, fc.boolean())
    .map(([n, asBigint]) => (asBigint || !safe(n) ? n : Number(n)));
}
