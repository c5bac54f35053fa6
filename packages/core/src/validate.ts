/**
 * Parameter validation, so bad input fails before anything is sent, with a message that names
 * the field and the rule.
 *
 * The generator compiles each operation's parameter schema into a tree of the small checks
 * below (`vObject({ id: vString(PATTERN_1, DESCRIPTION_1) }, ["id"], false)`, each pattern and its
 * description hoisted once per file as `PATTERN_n` and `DESCRIPTION_n`), so a bundle carries only
 * the checks its operations use, and no schema interpreter. The generator writes a `@__PURE__`
 * annotation before every factory call (esbuild does not honour `@__NO_SIDE_EFFECTS__` across
 * modules: docs/decisions/0008-runtime-size.md), so bundlers drop the checks of operations a
 * program never calls; the factories also carry `@__NO_SIDE_EFFECTS__` for bundlers that do.
 * (`validate` itself carries neither: it throws, and a bundler would drop its calls.)
 */
import { messageValue, typeOf, unknownNameHint } from "./config.js";
import { ValidationError, type ValidationIssue } from "./errors.js";
import { jsonText } from "./json.js";
import { quoteServer } from "./quote.js";
import type { Redactor } from "./redact.js";

/**
 * Checks `value` (named `path` in messages) and adds what is wrong to `issues`, each with both its
 * `message` and its `detail`. (Given to `validate` or `paginate`, an issue that leaves a text out,
 * or a string pushed in its place, is made whole; a descriptor's `params` check, run by the call,
 * is taken as written.)
 */
export type Check = (value: unknown, path: string, issues: ValidationIssue[]) => void;

const add = (
  issues: ValidationIssue[],
  path: string,
  rule: ValidationIssue["rule"],
  detail: string,
) => {
  issues.push({ path, rule, message: `${path}: ${detail}`, detail });
};

/**
 * The redactor of the `validate` call under way, for `show` and `kind`: a refused value may be the
 * API key given in the wrong place. Set by each call for its run only (checks run synchronously)
 * and cleared after it, however the run ends: no other run quotes through it (a check run outside
 * `validate`, the page walk's on a next cursor, quotes values as they are), and neither it nor the
 * secrets its pattern holds outlive the call.
 */
let hide: Redactor | undefined;

// (A number is shown too: `must be integer (got number)` would not say what is wrong with 2.5.
// An object not plain is named by its class, read from its prototype, never its own members:
// `(got Uint8Array)` says to encode the bytes, where `(got object)` hid them. An array is one
// too, `(got Array)`, as the option checks name it.)
const kind = (value: unknown): string =>
  value === null
    ? "null"
    : typeof value === "number"
      ? `number ${hide ? hide(value) : value}` // (a secret given as a number: masked)
      : typeof value == "object"
        ? className(value) || "object"
        : typeof value;

/**
 * An object's class name (`Uint8Array`), or "" for a plain one or one without a name. The
 * name is the caller's to set (a computed class name, a `name` or `constructor` getter, a Proxy's
 * trap): a trap or getter that throws, or a name that is no identifier of at most 40 characters
 * (100,000 of them, a line break, a UUID key's hyphens), says "". (Not given to the
 * redactor: it is handed JSON text, and the webhook helpers' parses it.)
 */
const className = (value: object) => {
  let name: unknown;
  try {
    name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)
      ?.constructor?.name;
  } catch {
    // (Refused as its type says: never the trap's error, which validate's caller would get.)
  }
  return typeof name == "string" && /^[A-Za-z_$][\w$]{0,39}$/.test(name) && name != "Object"
    ? name
    : "";
};

/**
 * `value` as a message quotes it: JSON, redacted (before it is cut short: no key half shown); a
 * bigint with its `n`, as {@link messageValue} writes one.
 */
const show = (value: unknown) => {
  let text: string;
  try {
    text = typeof value == "bigint" ? value + "n" : String(jsonText(value));
  } catch {
    return kind(value); // (a cycle)
  }
  if (hide) text = hide(text);
  // A URL's credentials and query are left out: a webhook URL often carries a token there, and a
  // message is logged. (`https://user:pass@host/x?token=…` shows as `https://…@host/x?…`; a
  // query or fragment with a `=` goes without a scheme too: `host/h?token=…`, `https:/h?t=…`.)
  text = text.replace(/(:\/\/)[^"/@]*@/g, "$1…@").replace(/[?#][^"?#\s]*=[^"]*/g, "?…");
  // Long enough for a whole address with a line break (`\n`) or two spaces after it, quoted
  // (44 + 2 + 2): cut at 40, a refused one hid the character at its end the rule names (`no 0, O,
  // I or l`); cut at 46, one pasted with a space after it lost only its closing quote, and
  // `"…uAi9 …` read as a longer value cut short. Cut and escaped as a server's text is: a value
  // may come from anywhere (a file, a model's tool call), and a cut inside an emoji left half of
  // it, a bidi control reordered the message.
  // A cut right after an escape's backslash keeps its letter: `\…` hid the `\n` of an address read
  // from a file with its line break, the character it was refused for. (The backslash that starts
  // an escape is the last of an odd run: `\\` is an escape of its own.)
  return quoteServer(text, /[^\\](\\\\)*\\$/.test(text.slice(0, 48)) ? 49 : 48);
};

/**
 * A value the spec allows (an enum's, a rule's), as a message lists it: the spec's own constant,
 * never a secret, so not given to the redactor, which may describe every string it is shown (the
 * webhook helpers' does: `must be one of a string of 3 characters, …` named no allowed value).
 */
const allowed = (values: readonly unknown[]) => values.map((value) => JSON.stringify(value));

/** Reports a type mismatch; true when the type is right (then the other rules apply). */
const typed = (
  ok: unknown,
  type: string,
  value: unknown,
  path: string,
  issues: ValidationIssue[],
): boolean => {
  if (!ok) add(issues, path, "type", `must be ${type} (got ${kind(value)})`);
  return !!ok;
};

/** `min`/`max` rules, worded "must have at least 2 items" (with a unit) or "must be >= 2". */
const bounds = (
  issues: ValidationIssue[],
  path: string,
  actual: number | bigint,
  min?: number,
  max?: number,
  unit?: string,
) => {
  const check = (rule: ValidationIssue["rule"], limit: number | undefined, least: boolean) => {
    if (limit !== undefined && (least ? actual < limit : actual > limit)) {
      const words = least ? ["least", ">="] : ["most", "<="];
      add(
        issues,
        path,
        rule,
        `must ${unit ? `have at ${words[0]} ${limit} ${unit}${limit === 1 ? "" : "s"}` : `be ${words[1]} ${limit}`} (got ${messageValue(actual)})`,
      );
    }
  };
  check(unit ? `min${unit === "item" ? "Items" : "Length"}` : "minimum", min, true);
  check(unit ? `max${unit === "item" ? "Items" : "Length"}` : "maximum", max, false);
};

/**
 * Anything (a schema without constraints).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const vAny: Check = () => {};

/**
 * A string; `pattern` is unanchored unless it says `^…$`. `described`: what the pattern accepts, in
 * words (the spec's `x-pattern-description`), for a message a reader can act on where the pattern
 * itself is hard to read (`must be an https:// URL whose host …`, not `must match ^[hH][tT]…`).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
/* @__NO_SIDE_EFFECTS__ */ export const vString = (pattern?: RegExp, described?: string): Check => {
  return (value, path, issues) => {
    if (
      typed(typeof value === "string", "string", value, path, issues) &&
      pattern &&
      !pattern.test(value as string)
    ) {
      add(
        issues,
        path,
        "pattern",
        `must ${described ? "be " + described : "match " + pattern.source} (got ${show(value)})`,
      );
    }
  };
};

/**
 * A string with a length limit, counted in code points as JSON Schema does. (Apart from
 * {@link vString}, so the many pattern-only strings don't bundle the bounds messages.)
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
/* @__NO_SIDE_EFFECTS__ */ export const vBoundedString = (
  minLength?: number,
  maxLength?: number,
  pattern?: RegExp,
  described?: string,
): Check => {
  const string = vString(pattern, described);
  return (value, path, issues) => {
    string(value, path, issues);
    if (typeof value === "string")
      bounds(issues, path, [...value].length, minLength, maxLength, "character");
  };
};

/**
 * A string that `pattern` accepts (in `described`'s words) and that decodes from base58 to `bytes`
 * bytes (the spec's `x-base58-bytes`), which no pattern can say (44 × `z` is 33 bytes, 34 × `1` is
 * 34), refused in the pattern's own words (its description names the count). Empty text (an "or
 * empty" schema's none) and text with a character base58 lacks (a domain beside an address) are not
 * counted. `string`: the string's own check, a {@link vBoundedString} where it has bounds. (Apart
 * from {@link vString}, so that a program checking no such string carries no base58 decoding.)
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
/* @__NO_SIDE_EFFECTS__ */ export const vBase58Bytes = (
  pattern: RegExp,
  described: string,
  bytes: number,
  string: Check = vString(pattern, described),
): Check => {
  return (value, path, issues) => {
    // (Counted only where the pattern passes, so `string` adds no pattern issue beside this one.)
    const size =
      typeof value == "string" && pattern.test(value) && (base58Hex(value)?.length ?? 0) / 2;
    if (size && size != bytes)
      add(
        issues,
        path,
        "x-base58-bytes",
        `must be ${described} (got ${show(value)}: ${size} bytes)`,
      );
    string(value, path, issues);
  };
};

/**
 * An integer: a safe-integer `number`; with `wide` (a u64 or i64 field, typed `bigint`), also a
 * `bigint` of at most 64 bits. Elsewhere a `bigint` is refused, as the types refuse it (`limit:
 * 10n`): a field typed `number` takes a number.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
/* @__NO_SIDE_EFFECTS__ */ export const vInteger = (
  minimum?: number,
  maximum?: number,
  wide?: 1,
): Check => {
  return (value, path, issues) => {
    // A whole number beyond 2^53 has already lost digits: only a bigint carries it exactly. The
    // bound in numbers, as a tool schema's `maximum` says it, and that JSON gives no bigint: a
    // model that writes a call's arguments reads this too.
    if (Number.isInteger(value) && !Number.isSafeInteger(value))
      return add(
        issues,
        path,
        "type",
        `must be a safe integer (±9007199254740991 at most)${wide ? " or a bigint (JSON has none)" : ""} (got ${value})`,
      );
    // No integer on this service is wider than 64 bits (u64 or i64).
    if (
      typeof value == "bigint" &&
      (!wide || (value != BigInt.asUintN(64, value) && value != BigInt.asIntN(64, value)))
    )
      return add(
        issues,
        path,
        "type",
        `must ${wide ? "fit in 64 bits" : "be a number, not a bigint"} (got ${value}n)`,
      );
    if (
      typed(Number.isSafeInteger(value) || typeof value == "bigint", "integer", value, path, issues)
    )
      bounds(issues, path, value as number, minimum, maximum);
  };
};

/**
 * A finite `number` (a field typed `number`: a `bigint` is refused, as the types refuse it).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
/* @__NO_SIDE_EFFECTS__ */ export const vNumber = (minimum?: number, maximum?: number): Check => {
  return (value, path, issues) => {
    if (typed(Number.isFinite(value), "number", value, path, issues)) {
      bounds(issues, path, value as number, minimum, maximum);
    }
  };
};

/**
 * `true` or `false`.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const vBoolean: Check = (value, path, issues) => {
  typed(typeof value === "boolean", "boolean", value, path, issues);
};

/**
 * One of `values` (compared with `===`).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
/* @__NO_SIDE_EFFECTS__ */ export const vEnum = (
  values: readonly (string | number | boolean)[],
): Check => {
  return (value, path, issues) => {
    // An object not plain (nor an array) is named by its class, as `kind` names one: its JSON
    // misled, a Date's ISO text read as a string given, a Map's `{}`, a String object's the very
    // value allowed.
    const name = value && typeof value == "object" && !Array.isArray(value) && className(value);
    if (!values.includes(value as string))
      add(
        issues,
        path,
        "enum",
        `must be ${values[1] === undefined ? "" : "one of "}${allowed(values).join(", ")} (got ${name || show(value)})`,
      );
  };
};

/**
 * `null`, or what `check` accepts.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
/* @__NO_SIDE_EFFECTS__ */ export const vNullable = (check: Check): Check => {
  return (value, path, issues) => {
    if (value !== null) check(value, path, issues);
  };
};

/**
 * An array whose every item passes `items`; issues name the index: `params.ids[3]`.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
/* @__NO_SIDE_EFFECTS__ */ export const vArray = (
  items: Check,
  minItems?: number,
  maxItems?: number,
): Check => {
  return (value, path, issues) => {
    if (!typed(Array.isArray(value), "array", value, path, issues)) return;
    const array = value as unknown[];
    bounds(issues, path, array.length, minItems, maxItems, "item");
    for (let i = 0; i < array.length; i++) items(array[i], `${path}[${i}]`, issues);
  };
};

/**
 * An object (not an array, not `null`).
 * @param properties - the check of each known property
 * @param required - properties that must be present (`undefined` counts as absent)
 * @param additional - other properties: `false` forbids them, a check checks them; omitted, they
 * pass
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
/* @__NO_SIDE_EFFECTS__ */ export const vObject = (
  properties: Readonly<Record<string, Check>>,
  required: readonly string[] = [],
  additional?: false | Check,
): Check => {
  // (Named in the messages, so a wrong shape or name shows the right one: `must be object { id,
  // options } (got string)`, `is not an allowed property (allowed: id, options)`.)
  const names = () => Object.keys(properties).join(", ");
  return (value, path, issues) => {
    if (!(value && typeof value === "object" && !Array.isArray(value))) {
      const list = names();
      return void typed(0, list ? `object { ${list} }` : "object", value, path, issues);
    }
    const object = value as Record<string, unknown>;
    // A plain object only (its prototype is some realm's Object.prototype, or none): JSON writes
    // own members, while the request builders read inherited ones too, so for a class instance or
    // an `Object.create(proto)` what is checked, what is read and what is sent could all differ.
    // (paginate.ts's `copy` reads a plain object by the same rule.)
    const proto = Object.getPrototypeOf(object) as object | null;
    if (proto && Object.getPrototypeOf(proto)) {
      const name = className(object);
      return add(
        issues,
        path,
        "type",
        `must be a plain object (got ${name || "a class instance"})`,
      );
    }
    const own = Object.keys(object);
    for (const name of required)
      if (!own.includes(name) || object[name] === undefined)
        add(issues, `${path}.${name}`, "required", "is required");
    for (const name of own) {
      // `undefined` members vanish in JSON: neither checked nor "additional".
      if (object[name] === undefined) continue;
      const check = Object.hasOwn(properties, name) ? properties[name] : additional;
      if (check === false)
        // (The names allowed show the fix of a typo, and the nearest of them is named as an
        // unknown option's is, `; did you mean limit?`; another SDK's name for one of them,
        // `displayOptions` for `options`, says so too where the spec gives it: vRenamed.) A name
        // longer than 24 characters is counted, not quoted, as knownOptions counts an option's: it
        // may be the API key given as a name, `{ [key]: 1 }`, and no name is offered for it (that
        // would tell its first letters). A shorter one is escaped as a refused value is:
        // unescaped, a line break in it forged a log line.
        add(
          issues,
          `${path}.${name.length > 24 ? `<a name of ${name.length} characters>` : quoteServer(name)}`,
          "additionalProperties",
          `is not an allowed property (allowed: ${names() || "none"})${name.length > 24 ? "" : unknownNameHint(name, Object.keys(properties))}`,
        );
      else check?.(object[name], `${path}.${name}`, issues);
    }
  };
};

/**
 * `check` (an object's, whose other properties are refused), plus: where a property is refused that
 * another SDK names for one of this object's (the spec's `x-renamed-from`, `{ <their name>: <ours>
 * }`), the message says which: `params.displayOptions: is not an allowed property (allowed: id,
 * options); it is named options here`. (The only issue at that path: the generator gives no name of
 * the object's own.) The generator also names where a member goes when a by-position method's one
 * object param is given unwrapped: `{ accountKeys: "request.accountKeys" }`, `params.accountKeys:
 * is not an allowed property (allowed: request); it is named request.accountKeys here`.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
/* @__NO_SIDE_EFFECTS__ */ export const vRenamed = (
  check: Check,
  renamed: Readonly<Record<string, string>>,
): Check => {
  return (value, path, issues) => {
    check(value, path, issues);
    for (const name in renamed)
      for (const issue of issues)
        if (issue.path == `${path}.${name}`) {
          // (Said in the message and the detail alike.)
          const more = `; it is named ${renamed[name]} here`;
          issue.message += more;
          issue.detail += more;
        }
  };
};

/**
 * At least one of `branches`. When none passes, reports the branch that came closest: one whose
 * type matched (its issues are deeper), then the one with the fewest issues.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
/* @__NO_SIDE_EFFECTS__ */ export const vAnyOf = (branches: readonly Check[]): Check => {
  return (value, path, issues) => {
    let best: ValidationIssue[] | undefined;
    let bestScore = Infinity;
    for (const branch of branches) {
      const found: ValidationIssue[] = [];
      branch(value, path, found);
      if (!found.length) return;
      const score = found.length + (found[0]!.path === path && found[0]!.rule === "type" ? 1e9 : 0);
      if (score < bestScore) [best, bestScore] = [found, score];
    }
    // (One at a time: `push(...best)` overflows the call stack beyond about 150,000 issues, a
    // RangeError for a huge array in an anyOf branch.)
    for (const issue of best!) issues.push(issue);
  };
};

/**
 * `check`, plus: when the object has `name`, it has none of `others` (JSON Schema
 * `dependentSchemas: { name: { properties: { other: false } } }`), e.g. DAS `page` with
 * `cursor`, which the service refuses.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
/* @__NO_SIDE_EFFECTS__ */ export const vExclusive = (
  check: Check,
  name: string,
  others: readonly string[],
): Check => {
  return (value, path, issues) => {
    check(value, path, issues);
    const object = value as Record<string, unknown> | null;
    if (object?.[name] === undefined) return;
    for (const other of others)
      if (object[other] !== undefined)
        add(issues, `${path}.${other}`, "dependentSchemas", `cannot be used with ${name}`);
  };
};

/**
 * `check`, plus: when the object has any of `names`, it also passes `dependent` (JSON Schema
 * `dependentSchemas: { name: schema }`, one entry per name), e.g. DAS keyset paging with `before`,
 * `after` or `cursor`, which sorts by `id` only. The rule between members is read once each member
 * passes on its own (else a wrong `sortBy` would be reported twice); its issues say which member
 * brought it in (the first given):
 * `params.sortBy.sortBy: must be "id" (got "created") when params.before is given`.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
/* @__NO_SIDE_EFFECTS__ */ export const vDependent = (
  check: Check,
  names: readonly string[],
  dependent: Check,
): Check => {
  return (value, path, issues) => {
    const count = issues.length;
    check(value, path, issues);
    const given =
      issues.length > count
        ? undefined
        : names.find((name) => (value as Record<string, unknown>)[name] !== undefined);
    if (given === undefined) return;
    const found: ValidationIssue[] = [];
    dependent(value, path, found);
    // (`found` is this run's own: its issues are changed in place, message and detail alike.)
    const more = ` when ${path}.${given} is given`;
    for (const issue of found) {
      issue.message += more;
      issue.detail += more;
      issues.push(issue);
    }
  };
};

/**
 * `check`, plus: when the member at `member` (a path of property names) is one of `values`, the
 * object also passes `then` (JSON Schema `if: { properties: { config: { properties: { encoding:
 * { enum: ["base58"] } }, required: [encoding] } }, required: [config] }, then: …`, the generator
 * reads no other `if`), e.g. the sender's transaction, whose text must be in the encoding its
 * config names:
 * `params.transaction: must be base58 text (…) (got "AUQ4…") when params.config.encoding is
 * "base58"`.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
/* @__NO_SIDE_EFFECTS__ */ export const vWhen = (
  check: Check,
  member: readonly string[],
  values: readonly unknown[],
  then: Check,
): Check => {
  return (value, path, issues) => {
    const count = issues.length;
    check(value, path, issues);
    if (issues.length > count) return; // (as vDependent: no second report of a wrong member)
    // (Every object on the way passed `check`, whose schema types each an object: the generator
    // refuses a member path through anything else.)
    let given = value;
    for (const name of member) given = (given as Record<string, unknown> | undefined)?.[name];
    if (!values.includes(given)) return;
    const found: ValidationIssue[] = [];
    then(value, path, found);
    const more = ` when ${path}.${member.join(".")} is ${allowed(values).join(" or ")}`;
    for (const issue of found) {
      issue.message += more;
      issue.detail += more;
      issues.push(issue);
    }
  };
};

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/**
 * base58 `text` as the hex of its bytes (two digits a byte, a leading `1` a zero byte: `"00"`), or
 * undefined when it holds a character base58 lacks. Half its length is the byte count, what an
 * address's check reads ({@link vBase58Bytes}'s `bytes`), without the bytes themselves.
 */
const base58Hex = (text: string): string | undefined => {
  // (A bigint, then its hex: 1 ms for 1,232 bytes, where a byte array multiplied by 58 for each
  // character takes 2.)
  let n = 0n;
  let zeros = "";
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return;
    n = n * 58n + BigInt(digit);
    if (!n) zeros += "00";
  }
  const hex = n ? n.toString(16) : "";
  return zeros + (hex.length % 2 ? "0" : "") + hex;
};

/**
 * The bytes of base58 `text`, or undefined when it holds a character base58 lacks (a leading `1`
 * is a zero byte).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const fromBase58 = (text: string): Uint8Array | undefined => {
  const hex = base58Hex(text);
  return hex === undefined
    ? undefined
    : Uint8Array.from(hex.match(/../g) ?? [], (byte) => parseInt(byte, 16));
};

/**
 * `check` (a string's, holding it to base64 text, or base58 text with `base58`), plus: the bytes
 * the text decodes to are laid out as a signed Solana transaction (the spec's
 * `x-solana-transaction: base64` or `base58`), so that base58 text, whose alphabet base64's holds,
 * is refused before it is sent as base64. With `s` signatures: legacy and v0 begin with `s` (a
 * one-byte compact-u16: 128 signatures would not fit the size limit), then the signatures, then the
 * message (v0 after a 0x80 byte); v1 (SIMD-0385) begins with 0x81 and its message, the signatures
 * after it. The message header's first byte is `s` (at most 12 in v1), its second (read-only
 * signers) less than `s`, and the whole at least 38 + 96·s bytes (the count, the signatures, the
 * header, `s` signer addresses, a blockhash and an instruction count; v1: 42 + 96·s, its prefix,
 * header, config mask, blockhash, counts, addresses, signatures). (agave refuses any other:
 * VersionedTransaction::sanitize, Message::sanitize.) And no signature of a legacy or v0
 * transaction is 64 zero bytes: the slot Kit and web3.js write for a signer that has not signed (no
 * cryptography: a signature is not verified; v1's signatures, after a message of its own length,
 * are not read). Its messages never quote the text.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
/* @__NO_SIDE_EFFECTS__ */ export const vTransaction = (check: Check, base58?: 1): Check => {
  return (value, path, issues) => {
    const count = issues.length;
    check(value, path, issues);
    if (issues.length > count) return;
    let bytes: Uint8Array = new Uint8Array();
    try {
      bytes = base58
        ? (fromBase58(value as string) ?? bytes)
        : Uint8Array.from(atob(value as string), (char) => char.charCodeAt(0));
    } catch {
      // (Text the string check let through that the decoder refuses: no layout is read from it.)
    }
    const at = (i: number) => bytes[i]!; // (undefined past the end: every comparison fails)
    const v1 = at(0) === 0x81;
    const s = at(+v1);
    let header = v1 ? 1 : 1 + 64 * s;
    if (!v1 && at(header) === 0x80) header++;
    if (!(
      s > 0 &&
      s < (v1 ? 13 : 128) &&
      bytes.length >= (v1 ? 42 : 38) + 96 * s &&
      at(header) === s &&
      at(header + 1) < s
    ))
      return add(
        issues,
        path,
        "x-solana-transaction",
        // (The question only where the text could be base58: one with a character base58 lacks,
        // `0OIl+/=`, is not, mostly a transaction cut short. Decoded only on this error path.)
        `must be a signed transaction in base${base58 ? "58" : "64"} (its signature count, message header and length do not agree${base58 || !fromBase58(value as string) ? "" : ": is it base58 text?"})`,
      );
    for (let i = 0; i < s && !v1; i++)
      if (!bytes.slice(1 + 64 * i, 65 + 64 * i).some((byte) => byte))
        return add(
          issues,
          path,
          "x-solana-transaction",
          `must be signed (signature ${i + 1} of ${s} is 64 zero bytes: its signer has not signed; sign with every signer before sending)`,
        );
  };
};

/**
 * Runs `check` on `value` as {@link validate} does, but takes its issues as the check wrote them:
 * what every call runs on its params, a descriptor's own `params` too. (The generated checks write
 * both texts of every issue; making a missing one whole here cost every program 57 to 180 B
 * gzipped, as the texts it made were rougher or finer.)
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const runCheck = (
  check: Check,
  value: unknown,
  path = "params",
  redact?: Redactor,
): void => {
  const issues: ValidationIssue[] = [];
  hide = redact;
  try {
    check(value, path, issues);
  } finally {
    hide = undefined;
  }
  if (issues.length) throw errorOfIssues(issues);
};

/**
 * Runs `check` on `value`.
 * @param path - how the value is named in messages. @default 'params'
 * @param redact - applied to every value a message quotes (a refused value may be the API key
 *   given in the wrong place: `getIdentity({ wallet: key })`)
 * @throws ValidationError listing every issue (the message shows the first three), e.g.
 * `params.ids: must have at most 1000 items (got 1001)`. An issue a check of your own in plain
 * JavaScript leaves a text out of is made whole first, as {@link wholeIssue} says.
 */
export const validate = (check: Check, value: unknown, path?: string, redact?: Redactor): void => {
  runCheck(madeWhole(check), value, path, redact);
};

/**
 * `check`, each issue it pushes made whole ({@link wholeIssue}): for a check of the caller's own
 * (`validate`'s, `paginate`'s). The calls run a descriptor's check as it is: this in every
 * program cost 57 B gzipped or more.
 */
export const madeWhole =
  (check: Check): Check =>
  (value, path, issues) => {
    check(value, path, issues);
    issues.forEach((issue, i) => (issues[i] = wholeIssue(issue, path)));
  };

/** `text` when it is a string with something in it; else undefined. */
const textOf = (text: unknown) => (typeof text == "string" && text ? text : undefined);

/**
 * `issue`, pushed by a check of the caller's own (untyped, in plain JavaScript), as a whole issue,
 * each text made as `add` makes both, so that a form reading `detail` never shows `undefined` and
 * an error's message is never `""`: a `detail` that is missing, empty or no string is the
 * `message` with its leading `path: ` taken off (a path inside it is left alone); a `message`
 * likewise is `path: detail`; with neither, the detail is ``breaks the check's `<rule>` rule``.
 * An issue without a `rule` (or an empty one) gets rule `check`, its detail then `breaks the
 * check`: the issue names no rule, and `undefined` is none. A pushed string is the detail of an
 * issue at `path` (the path the check was given), rule `check`; any other value that is no object
 * is named there by its type, never quoted: `breaks the check: its issue must be an object (got
 * number)`. A whole issue is returned as it is, one made whole is a copy (the check's may be
 * frozen, a constant it pushes each time).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const wholeIssue = (issue: unknown, path: string): ValidationIssue => {
  if (typeof issue != "object" || !issue)
    issue = {
      path,
      rule: "check",
      detail:
        textOf(issue) ?? `breaks the check: its issue must be an object (got ${typeOf(issue)})`,
    };
  const given = issue as ValidationIssue;
  const at = textOf(given.path) ?? path;
  const message = textOf(given.message);
  const rule = textOf(given.rule);
  const prefix = `${at}: `;
  const detail =
    textOf(given.detail) ??
    (message
      ? message.startsWith(prefix)
        ? message.slice(prefix.length)
        : message
      : rule
        ? `breaks the check's \`${rule}\` rule`
        : "breaks the check");
  return detail === given.detail && message && at === given.path && rule
    ? given
    : {
        ...given,
        path: at,
        rule: (rule ?? "check") as ValidationIssue["rule"],
        message: message ?? prefix + detail,
        detail,
      };
};

/**
 * The ValidationError of one issue, `detail` at `path`, made as {@link validate} makes its own: for
 * a refusal found outside a check (a value that cannot be written as JSON or put in a URL).
 */
export const refusal = (
  path: string,
  rule: ValidationIssue["rule"],
  detail: string,
  cause?: Error,
): ValidationError => {
  const issues: ValidationIssue[] = [];
  add(issues, path, rule, detail);
  return errorOfIssues(issues, cause);
};

/**
 * The ValidationError of `issues` (at least one), as {@link validate} throws it: the message shows
 * the first three. For a helper that restates the issues of a refusal (`cause`).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const errorOfIssues = (issues: ValidationIssue[], cause?: Error): ValidationError => {
  const shown = issues
    .slice(0, 3)
    .map((issue) => issue.message)
    .join("; ");
  return new ValidationError(
    issues.length > 3 ? `${shown} (and ${issues.length - 3} more)` : shown,
    { issues },
    cause,
  );
};
