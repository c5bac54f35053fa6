// u64 names (spec/README.md "JSON Schema subset"): a field whose name says it holds a u64 quantity
// (lamports, raw token amounts, supplies, balances, fees, rent epochs) is a u64 (`$ref:
// common.yaml#/U64`), not a plain `type: integer`, which the SDK would type `number` and so lose
// precision beyond 2^53. The list of such names is u64Name's.
import { pointerSegment } from "../../generate/lib/schema.mjs";
import { mistakeId, PLAIN_INTEGER_BEYOND_SAFE } from "../../lib/mistake-ids.mjs";
import { isNum } from "./integers.mjs";
import { HTTP_METHODS } from "./operations.mjs";
import { deref, forEachSchema, nameWords, operationsReaching } from "./schema-walk.mjs";

/**
 * What a field's name says it holds when that is a u64 quantity (spec/README.md "JSON Schema
 * subset": lamports, raw token amounts, supplies, balances, rent epochs), or undefined. The name is
 * split into words (camelCase, snake_case, kebab-case). The list is the spec's own u64 names, each
 * a $ref to common.yaml#/U64 (or #/I64) today, and their compounds:
 * - a word `lamports` / `lamport` (lamports, tipLamports, lamportsPerSignature);
 * - ending in `rent epoch` (rentEpoch, rent_epoch);
 * - the words `raw` and `amount` (amountRaw, rawAmount);
 * - ending in `supply` (supply, max_supply, print_max_supply, print_current_supply);
 * - ending in `balance(s)` (balance, postBalance, preBalances; not balanceChange);
 * - ending in `amount(s)` (amount, tokenAmount), except `ui…` names, decimal display values;
 * - ending in `fee(s)` (fee, priorityFee; not sellerFeeBasisPoints).
 * Left out, though some are U64 in the spec: names that are counts or sizes as often as u64s
 * (total, remaining, size, value, discriminator, seq, slot, index). `strict`: the name says a
 * raw on-chain unit (lamports, rent epoch, raw amount), so `type: number` is as wrong as a plain
 * integer; for the others (a wallet `balance`, `amount` or `fee` in tokens or SOL) a number is a
 * decimal display value, and only an integer is taken for a u64.
 */
function u64Name(name) {
  const words = nameWords(name);
  const last = words.at(-1);
  if (words.includes("lamports") || words.includes("lamport"))
    return { what: "lamports", strict: true };
  if (last === "epoch" && words.at(-2) === "rent") return { what: "a rent epoch", strict: true };
  if (words.includes("raw") && (words.includes("amount") || words.includes("amounts")))
    return { what: "a raw token amount", strict: true };
  if (words[0] === "ui") return undefined;
  if (last === "supply" || last === "supplies") return { what: "a supply", strict: false };
  if (last === "balance" || last === "balances") return { what: "a balance", strict: false };
  if (last === "amount" || last === "amounts") return { what: "an amount", strict: false };
  if (last === "fee" || last === "fees") return { what: "a fee", strict: false };
  return undefined;
}

/**
 * The type a schema holds a number by, where it is not a u64/i64 (`format: uint64` / `int64`,
 * directly, through $refs or an allOf branch): `integer`, `number` (with `strict`), the same of its
 * array's items (`items`), or of an anyOf / oneOf branch (a nullable one); else undefined.
 */
function plainNumberType(doc, schema, strict, depth = 0) {
  const s = deref(doc, schema);
  if (!s || typeof s !== "object" || depth > 10) return undefined;
  const wide = (b) => {
    const t = deref(doc, b);
    return t?.format === "uint64" || t?.format === "int64";
  };
  if (wide(s) || (s.allOf ?? []).some(wide)) return undefined;
  // (A `maximum` a number holds says the value is no u64, whatever its name: a `fee` in basis
  // points, `maximum: 10000`.)
  if (isNum(s.maximum) && Math.abs(s.maximum) <= Number.MAX_SAFE_INTEGER) return undefined;
  const types = [s.type].flat();
  if (types.includes("integer")) return "integer";
  if (strict && types.includes("number")) return "number";
  if (s.items && !Array.isArray(s.items)) {
    const inner = plainNumberType(doc, s.items, strict, depth + 1);
    if (inner) return `array of ${inner}`;
  }
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const inner = plainNumberType(doc, branch, strict, depth + 1);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Whether a schema is a string of decimal digits (`pattern: ^[0-9]+$`, `^\d+$`, `^[0-9]{1,20}$`)
 * without a 64-bit format: a u64 the service writes as text that the SDK would leave a string
 * (the wallet's `amountRaw` was one, beside DAS's bigint raw amounts).
 */
function digitsWithoutFormat(doc, schema, depth = 0) {
  const s = deref(doc, schema);
  if (!s || typeof s !== "object" || depth > 10) return undefined;
  const wide = (b) => ["uint64", "int64"].includes(deref(doc, b)?.format);
  if (wide(s) || (s.allOf ?? []).some(wide)) return undefined;
  // (Digits however many: `+`, or a bound such as `{1,20}`, a u64's most. Not a bound of 15
  // digits or fewer, which holds no value past 2^53, as a `maximum` a number holds says it is no
  // u64: a `fee` in basis points, `^[0-9]{1,4}$`.)
  // (After a minus sign too, `^-?[0-9]+$`: an amount that may be negative is a 64-bit quantity as
  // much, an i64, or a change of a u64 kept a string on purpose; without it, the webhooks'
  // RawTokenAmount.tokenAmount passed unread.)
  const digits = /^\^(-\?)?(?:\[0-9\]|\\d)(\+|\{\d+(?:,(\d*))?\})\$$/.exec(s.pattern ?? "");
  const most = digits && Number(digits[3] ?? digits[2].match(/\d+/)?.[0] ?? "");
  if ([s.type].flat().includes("string") && digits && !(most > 0 && most <= 15))
    return digits[1] ? "signed string" : "string";
  // (A list of them too, as a list of plain integers is.)
  const inner = s.items && !Array.isArray(s.items) && digitsWithoutFormat(doc, s.items, depth + 1);
  if (inner) return inner.replace("string", "array");
  // (A nullable one too, `type: [string, "null"]` or an anyOf / oneOf branch, as the generator
  // types either `bigint | null`; an allOf branch too.)
  for (const branch of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const inner = digitsWithoutFormat(doc, branch, depth + 1);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * A field whose name says it holds a u64 quantity (`u64Name`) is a u64: a property of any schema
 * (results, params, bodies, shared schemas) or a parameter (JSON-RPC params and query options, REST
 * parameters) written as a plain `type: integer` (or ["integer", "null"], or an array of them)
 * would be typed `number` by the SDK and lose precision beyond 2^53; spec/README.md says to use
 * `$ref: common.yaml#/U64` (`type: integer, format: uint64`).
 */
export function checkU64Names(r, { ids } = {}) {
  const { area, kind, doc } = r;
  const findings = [];
  const reaching = operationsReaching(r);
  const check = (name, schema, at, what) => {
    const says = u64Name(name);
    const type = says && plainNumberType(doc, schema, says.strict);
    // (Any u64 name, not only a raw unit's: a string of digits is no decimal display value, the
    // reason `strict` exists for numbers. One kept a string on purpose says why in
    // `x-u64-as-string`, as decision 0005's two do.)
    // (Its own mark, or that of the shared schema it $refs, which keeps every property using it.)
    const own = schema?.["x-u64-as-string"];
    const kept = own ?? deref(doc, schema)?.["x-u64-as-string"];
    if (kept !== undefined && (typeof kept !== "string" || !kept.trim())) {
      findings.push(
        `${area} ${at}: x-u64-as-string must be a non-empty string saying why this u64 stays a string (got ${JSON.stringify(kept)})`,
      );
      return;
    }
    const digitsHere = says && what === "property" && digitsWithoutFormat(doc, schema);
    // A mark that keeps nothing (no u64 name; a u64 already, or no digits) would say a field stays
    // a string when it does not, or outlive the field it was for.
    if (own !== undefined && !digitsHere)
      findings.push(
        `${area} ${at}: x-u64-as-string keeps a u64 a string of digits, but ${what} ${name} ${!says ? "has no u64 name" : what === "param" ? "is a param, sent as written" : "is already a u64 (format: uint64) or no string of decimal digits"}: the mark changes nothing here, remove it`,
      );
    const digits = kept === undefined && digitsHere;
    if (!type && !digits) return;
    // (A shared schema's field is one fix, however many operations use it.)
    const operations = reaching(at);
    const used =
      operations.length > 1
        ? ` (one fix for the ${operations.length} operations that use it: ${operations.join(", ")})`
        : "";
    if (typeof digits === "string" && digits.startsWith("signed")) {
      const list = digits === "signed array";
      findings.push(
        `${area} ${at}: property ${name} is ${list ? "an array of strings" : "a string"} of signed decimal digits without format: int64, but its name says it holds ${says.what}, a 64-bit quantity: add format: int64 beside type: string${list ? " in its items" : ""} where its values fit an i64 (the SDK then delivers an exact bigint, range-checked), or, to keep it a string on purpose (a change of a u64 balance may pass int64's range), say why in x-u64-as-string: "<reason>" (docs/decisions/0005)${used}`,
      );
      return;
    }
    if (digits) {
      findings.push(
        `${area} ${at}: property ${name} is ${digits === "array" ? "an array of strings" : "a string"} of decimal digits without format: uint64, but its name says it holds ${says.what}, a u64: add format: uint64 beside type: string${digits === "array" ? " in its items" : ""}, as spec/README.md "JSON Schema subset" says (the SDK then delivers an exact bigint, range-checked, as it does the wallet's amountRaw), or, to keep it a string on purpose, say why in x-u64-as-string: "<reason>" (docs/decisions/0005); as written it stays a string beside the bigint u64s of the other areas${used}`,
      );
      return;
    }
    const items = type.startsWith("array of ");
    const written = `type: ${type.replace("array of ", "")}`;
    findings.push(
      `${area} ${at}: ${what} ${name} ${items ? `is an array of ${written} items` : `is ${written}`} without format: uint64, but its name says it holds ${says.what}, a u64: write ${items ? 'items: { $ref: "../schemas/common.yaml#/U64" }' : '$ref: "../schemas/common.yaml#/U64"'} (from an area document; "./common.yaml#/U64" in spec/schemas/; #/I64 where it can be negative), as spec/README.md "JSON Schema subset" says: as written the SDK types it number, which loses precision beyond 2^53${used}`,
    );
    // (The examples rule's line of this field, an integer beyond ±(2^53−1) in its examples, is
    // this mistake too: `ids`, mistake-ids.mjs.)
    ids?.set(findings.at(-1), mistakeId(PLAIN_INTEGER_BEYOND_SAFE, area, at));
  };
  forEachSchema(doc, (schema, at) => {
    if (at.includes("/dependentSchemas/")) return;
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      check(name, property, `${at}/properties/${pointerSegment(name)}`, "property");
  });
  const params = (list, at) =>
    (Array.isArray(list) ? list : []).forEach((p, i) => {
      if (p && typeof p === "object" && !p.$ref && typeof p.name === "string" && p.schema)
        check(p.name, p.schema, `${at}/${i}`, "param");
    });
  if (kind === "openrpc")
    (doc.methods ?? []).forEach((m, i) => {
      params(m.params, `#/methods/${i} (${m.name})/params`);
      params(m["x-query-params"], `#/methods/${i} (${m.name})/x-query-params`);
    });
  else {
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      const at = `#/paths/${pointerSegment(path)}`;
      params(item.parameters, `${at}/parameters`);
      for (const method of HTTP_METHODS)
        if (item[method]) params(item[method].parameters, `${at}/${method}/parameters`);
    }
    for (const [name, p] of Object.entries(doc.components?.parameters ?? {}))
      if (p?.schema && typeof p.name === "string")
        check(p.name, p.schema, `#/components/parameters/${pointerSegment(name)}`, "param");
  }
  return findings;
}
