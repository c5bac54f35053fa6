/**
 * The spec's `x-base58-bytes: <n>` (an address or a hash 32, a signature 64) as a keyword of
 * Prism's ajv (prism.ts gives prism-http an ajv class that adds it): base58 text must decode to n
 * bytes, as the client checks it (core's `vBase58Bytes`; spec/README.md). So a request sent by hand
 * with an address of 33 bytes, which its pattern takes, is refused as any other invalid param:
 * -32602, or the operation's 400, the violation's code `x-base58-bytes`. As the client, it decodes
 * neither the empty text nor text with a character base58 lacks (the pattern's to refuse).
 * Answers are held to it too, as to every other keyword (a violation in the request log): the
 * spec's examples meet it, and the mock generates such text as n random bytes (generate.ts).
 */
import { fromBase58 } from "@chaindata/core";
import { toBase58 } from "./echo.js";

const BASE58_TEXT = /^[1-9A-HJ-NP-Za-km-z]+$/;

/** 256^k as base58 text (k + 1 bytes, the first 1), by k: the least text of k + 1 bytes. */
const powers: string[] = [];
const power = (k: number) => (powers[k] ??= toBase58(Uint8Array.of(1, ...new Uint8Array(k))));

/** a < b, both base58 text without leading `1`s: by length, then by character (ASCII order). */
const below = (a: string, b: string) => (a.length === b.length ? a < b : a.length < b.length);

/**
 * Whether base58 `text` decodes to `bytes` bytes, counted without decoding (a leading `1` is a
 * zero byte; the rest holds k bytes when 256^(k-1) ≤ its value < 256^k): a few string compares,
 * where decoding an address takes a bigint step per character.
 */
export function hasBytes(text: string, bytes: number): boolean {
  let zeros = 0;
  while (text[zeros] === "1") zeros++;
  const rest = text.slice(zeros);
  const k = bytes - zeros;
  if (k <= 0) return k === 0 && !rest;
  return !below(rest, power(k - 1)) && below(rest, power(k));
}

/** The keyword's check: ajv calls it with the keyword's value and a string it validates. */
function base58Bytes(bytes: unknown, text: string): boolean {
  if (typeof bytes !== "number" || !BASE58_TEXT.test(text) || hasBytes(text, bytes)) return true;
  const size = fromBase58(text)!.length;
  base58Bytes.errors = [
    {
      keyword: "x-base58-bytes",
      message: `must be base58 text of ${bytes} bytes (x-base58-bytes), not ${size}`,
      params: { bytes, size },
    },
  ];
  return false;
}
base58Bytes.errors = [] as object[];

/**
 * An ajv module (one draft's) whose class adds `x-base58-bytes`. (No `schemaType`: a value that
 * is no number would make ajv refuse to compile the schema, and Prism then checks nothing of it.)
 * Its errors are `verbose` (each carries its schema), which {@link countOfNullable} reads.
 */
export function withBase58Bytes(ajv: any): any {
  const Ajv = ajv.default;
  class WithBase58Bytes extends Ajv {
    constructor(options: object) {
      super({ ...options, verbose: true });
      this.addKeyword({
        keyword: "x-base58-bytes",
        type: "string",
        errors: true,
        validate: base58Bytes,
      });
    }

    compile(schema: object, meta?: boolean) {
      const validate = super.compile(schema, meta);
      const checked = (...args: unknown[]) => {
        const valid = validate(...args);
        checked.errors = valid ? validate.errors : countOfNullable(validate.errors);
        return valid;
      };
      checked.errors = null as object[] | null;
      return Object.assign(checked, { schema: validate.schema });
    }
  }
  return { ...ajv, default: WithBase58Bytes };
}

interface AjvError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params?: { type?: unknown };
  schema?: unknown;
}

/**
 * A nullable of counted text (`anyOf: [Address, { type: "null" }]`, the compression cursor, a
 * delegate) whose text has another count fails as its text fails: the count's error alone, as for
 * a field that is not nullable, without its null branch's "must be null" and the anyOf's "must
 * match a schema in anyOf" beside it (text is not null, so that branch says nothing).
 */
function countOfNullable(errors: AjvError[]): AjvError[] {
  const counted = new Set(
    errors.filter((e) => e.keyword === "x-base58-bytes").map((e) => e.instancePath),
  );
  const noise = new Set<AjvError>();
  for (const anyOf of errors) {
    const branches = anyOf.schema;
    if (anyOf.keyword !== "anyOf" || !counted.has(anyOf.instancePath)) continue;
    if (!Array.isArray(branches) || branches.length !== 2) continue;
    const nullAt = branches.findIndex((b) => b?.type === "null");
    const notNull = errors.find(
      (e) =>
        e.keyword === "type" &&
        e.instancePath === anyOf.instancePath &&
        e.schemaPath === `${anyOf.schemaPath}/${nullAt}/type`,
    );
    if (notNull) noise.add(anyOf).add(notNull);
  }
  return noise.size ? errors.filter((e) => !noise.has(e)) : errors;
}
