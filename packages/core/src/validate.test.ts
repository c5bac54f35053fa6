import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ValidationError, type ValidationIssue } from "./errors.js";
import { refuseExtraArguments } from "./config.js";
import { writeJson } from "./internal/write-json.js";
import { callByName } from "./json-rpc.js";
import { refuseApiKeyIn } from "./key-free.js";
import { createRedactor } from "./redact.js";
import { cpuTimeOf } from "./test-support/testing.js";
import {
  type Check,
  validate,
  vDependent,
  vExclusive,
  vAny,
  vAnyOf,
  vBase58Bytes,
  vArray,
  vBoolean,
  vBoundedString,
  vEnum,
  vInteger,
  vNullable,
  vNumber,
  vObject,
  vRenamed,
  vString,
  vTransaction,
  vWhen,
  fromBase58,
} from "./validate.js";

const Address = vString(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/u);
const ADDRESS = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";

/** The issue messages `validate` reports, or [] when valid. */
function messages(check: Check, value: unknown): string[] {
  try {
    validate(check, value);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).issues.map((i) => i.message);
  }
}

describe("validate", () => {
  it("names the field and the rule, with the actual value", () => {
    const check = vObject({ ids: vArray(Address, undefined, 1000) });
    const value = { ids: Array(1001).fill(ADDRESS) };
    expect(messages(check, value)).toEqual(["params.ids: must have at most 1000 items (got 1001)"]);
    expect(() => validate(check, value)).toThrow(
      expect.objectContaining({
        name: "ValidationError",
        message: "params.ids: must have at most 1000 items (got 1001)",
        issues: [
          {
            path: "params.ids",
            rule: "maxItems",
            message: "params.ids: must have at most 1000 items (got 1001)",
            detail: "must have at most 1000 items (got 1001)",
          },
        ],
      }),
    );
  });

  it("checks types: integer (safe, or a 64-bit bigint where wide), number, boolean, object, null", () => {
    expect(messages(vString(), 1)).toEqual(["params: must be string (got number 1)"]);
    expect(messages(vInteger(0, undefined, 1), 2n ** 64n - 1n)).toEqual([]); // u64's largest
    expect(messages(vInteger(undefined, undefined, 1), -(2n ** 63n))).toEqual([]); // i64's smallest
    expect(messages(vInteger(undefined, undefined, 1), 2n ** 64n)).toEqual([
      "params: must fit in 64 bits (got 18446744073709551616n)",
    ]);
    expect(messages(vInteger(undefined, undefined, 1), -(2n ** 63n) - 1n)).toEqual([
      "params: must fit in 64 bits (got -9223372036854775809n)",
    ]);
    expect(messages(vInteger(), 1.5)).toEqual(["params: must be integer (got number 1.5)"]);
    expect(messages(vInteger(undefined, undefined, 1), 2 ** 60)).toEqual([
      "params: must be a safe integer (±9007199254740991 at most) or a bigint (JSON has none) (got 1152921504606847000)", // (already rounded: the point of the rule)
    ]);
    // A field typed `number` (no u64): no bigint, so no advice to give one.
    expect(messages(vInteger(), -(2 ** 53))).toEqual([
      "params: must be a safe integer (±9007199254740991 at most) (got -9007199254740992)",
    ]);
    expect(messages(vInteger(), 2 ** 53 - 1)).toEqual([]);
    expect(messages(vInteger(), "1")).toEqual(["params: must be integer (got string)"]);
    expect(messages(vNumber(), NaN)).toEqual(["params: must be number (got number NaN)"]);
    expect(messages(vNumber(), 0.5)).toEqual([]);
    expect(messages(vObject({}), null)).toEqual(["params: must be object (got null)"]);
    expect(messages(vObject({}), [])).toEqual(["params: must be object (got Array)"]);
    expect(messages(vBoolean, false)).toEqual([]);
    expect(messages(vBoolean, 0)).toEqual(["params: must be boolean (got number 0)"]);
    expect(messages(vAny, undefined)).toEqual([]);
  });

  it("names the class of an object that is not plain where a type is wrong (Kit's wire bytes: `got Uint8Array`)", () => {
    class Transaction {
      messageBytes = new Uint8Array(1);
    }
    expect(messages(vString(), new Uint8Array(8))).toEqual([
      "params: must be string (got Uint8Array)",
    ]);
    expect(messages(vString(), new Transaction())).toEqual([
      "params: must be string (got Transaction)",
    ]);
    expect(messages(vBoolean, new Date(0))).toEqual(["params: must be boolean (got Date)"]);
    expect(messages(vArray(vAny), new Set())).toEqual(["params: must be array (got Set)"]);
    // A plain object, one of no prototype, an anonymous class's: "object" as before.
    expect(messages(vString(), { a: 1 })).toEqual(["params: must be string (got object)"]);
    expect(messages(vString(), Object.create(null))).toEqual([
      "params: must be string (got object)",
    ]);
    expect(messages(vString(), new (class {})())).toEqual(["params: must be string (got object)"]);
    // The name is read from the prototype, never from the value's own members.
    expect(messages(vString(), { constructor: { name: "Secret" } })).toEqual([
      "params: must be string (got object)",
    ]);
    expect(messages(vString(), Object.create({ constructor: { name: 5 } }))).toEqual([
      "params: must be string (got object)",
    ]);
  });

  it("names no class it cannot read safely: a throwing trap or getter, a long or odd name, a key", () => {
    const key = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0";
    // A Proxy's trap or a getter that throws: a ValidationError still (it was the trap's error,
    // thrown out of validate as it was, message and all).
    const trapped = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error(`trap ${key}`);
        },
      },
    );
    expect(messages(vString(), trapped)).toEqual(["params: must be string (got object)"]);
    class Getter {
      static get name(): string {
        throw new Error(`getter ${key}`);
      }
    }
    expect(messages(vString(), new Getter())).toEqual(["params: must be string (got object)"]);
    expect(
      messages(
        vString(),
        Object.create({
          get constructor() {
            throw new Error("constructor");
          },
        }),
      ),
    ).toEqual(["params: must be string (got object)"]);
    // A name the caller chose: no identifier of at most 40 characters, none shown (a message is
    // logged: 100,000 characters, a line break and terminal escapes, a UUID key).
    const named = (name: string) => {
      const Named = class {};
      Object.defineProperty(Named, "name", { value: name });
      return new Named();
    };
    for (const name of ["x".repeat(100_000), "Line\n\u001b[31mred", key, "A".repeat(41)])
      expect(messages(vString(), named(name))).toEqual(["params: must be string (got object)"]);
    expect(messages(vObject({}), named(key))).toEqual([
      "params: must be a plain object (got a class instance)",
    ]);
    // (A class with a name that is shown is named: mutation testing, review 57.)
    expect(messages(vObject({}), new Map())).toEqual(["params: must be a plain object (got Map)"]);
    expect(messages(vString(), named("A".repeat(40)))).toEqual([
      `params: must be string (got ${"A".repeat(40)})`,
    ]);
    // A redactor is handed JSON text, never the name: the webhook helpers' parses what it is given.
    const parsing = (json: unknown) => (JSON.parse(String(json)), "a value not shown");
    const issues = (() => {
      try {
        validate(vString(), new Uint8Array(1), "params", parsing);
      } catch (error) {
        return (error as ValidationError).issues.map((issue) => issue.message);
      }
    })();
    expect(issues).toEqual(["params: must be string (got Uint8Array)"]);
  });

  it("lets null through vNullable, and reports the inner type otherwise", () => {
    expect(messages(vNullable(vString()), null)).toEqual([]);
    expect(messages(vNullable(vString()), "a")).toEqual([]);
    expect(messages(vNullable(vString()), [])).toEqual(["params: must be string (got Array)"]);
    expect(messages(vNullable(vInteger(1)), 0)).toEqual(["params: must be >= 1 (got 0)"]);
  });

  it("refuses a bigint where the type is number (user trial 39: `limit: 10n` was sent as 10), takes one where it is a u64 or i64", () => {
    // The types refuse `limit: 10n`; so does the run-time check now, naming the field and the rule.
    const check = vObject({ limit: vInteger(1, 1000), page: vInteger(1) }, [], false);
    expect(messages(check, { limit: 10n, page: 2n })).toEqual([
      "params.limit: must be a number, not a bigint (got 10n)",
      "params.page: must be a number, not a bigint (got 2n)",
    ]);
    expect(() => validate(check, { limit: 10n })).toThrow(
      expect.objectContaining({
        name: "ValidationError",
        issues: [
          {
            path: "params.limit",
            rule: "type",
            message: "params.limit: must be a number, not a bigint (got 10n)",
            detail: "must be a number, not a bigint (got 10n)",
          },
        ],
      }),
    );
    expect(messages(vNumber(), 1n)).toEqual(["params: must be number (got bigint)"]);
    // A u64 or i64 (wide) takes a bigint, and a safe number (the same JSON).
    expect(messages(vInteger(0, undefined, 1), 10n)).toEqual([]);
    expect(messages(vInteger(0, undefined, 1), 10)).toEqual([]);
  });

  it("checks minimum and maximum, on bigints too", () => {
    expect(messages(vInteger(1, 1000), 1000)).toEqual([]);
    expect(messages(vInteger(1, 1000), 1001)).toEqual(["params: must be <= 1000 (got 1001)"]);
    expect(messages(vInteger(0, undefined, 1), 2n ** 64n - 1n)).toEqual([]);
    // A bigint is written as code writes it, with its `n`, as the option checks write one:
    // "got 11" would read as a number.
    expect(messages(vInteger(undefined, 10, 1), 11n)).toEqual(["params: must be <= 10 (got 11n)"]);
    expect(messages(vInteger(0, undefined, 1), -(2n ** 63n))).toEqual([
      "params: must be >= 0 (got -9223372036854775808n)",
    ]);
    expect(messages(vEnum([1, 2]), 5n)).toEqual(["params: must be one of 1, 2 (got 5n)"]);
    expect(messages(vNumber(0.5), 0.25)).toEqual(["params: must be >= 0.5 (got 0.25)"]);
  });

  it("checks required, properties and additional properties", () => {
    const check = vObject({ id: Address, limit: vInteger(1, 1000) }, ["id", "limit"], false);
    expect(messages(check, { id: ADDRESS, limit: 10 })).toEqual([]);
    expect(messages(check, { id: "nope", limit: 0, extra: true })).toEqual([
      'params.id: must match ^[1-9A-HJ-NP-Za-km-z]{32,44}$ (got "nope")',
      "params.limit: must be >= 1 (got 0)",
      "params.extra: is not an allowed property (allowed: id, limit)",
    ]);
    // `undefined` members vanish in JSON: a required one is missing, an unknown one is no error.
    expect(messages(check, { limit: 1001, id: undefined, other: undefined })).toEqual([
      "params.id: is required",
      "params.limit: must be <= 1000 (got 1001)",
    ]);
    expect(messages(vObject({}, [], vString()), { a: "x", b: 1 })).toEqual([
      "params.b: must be string (got number 1)",
    ]);
    expect(messages(vObject({ a: vString() }), { a: "x", b: 1 })).toEqual([]); // additional omitted: anything
    // An object that allows no property says so, rather than listing nothing.
    expect(messages(vObject({}, [], false), { a: 1 })).toEqual([
      "params.a: is not an allowed property (allowed: none)",
    ]);
  });

  it("counts a refused name longer than 24 characters instead of quoting it: it may be the API key (user trial 48)", () => {
    // `getBalances({ wallet, [key]: 1 })` showed the key in the message, `issues[].path`, the
    // stack and every logger's and error tracker's copy of them (core's knownOptions counts an
    // option's name by the same rule).
    const key = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0";
    const check = vObject({ wallet: vString() }, [], false);
    let error: ValidationError | undefined;
    try {
      validate(check, { wallet: "x", [key]: 1 });
    } catch (thrown) {
      error = thrown as ValidationError;
    }
    expect(error?.issues).toEqual([
      {
        path: "params.<a name of 36 characters>",
        rule: "additionalProperties",
        message: "params.<a name of 36 characters>: is not an allowed property (allowed: wallet)",
        detail: "is not an allowed property (allowed: wallet)",
      },
    ]);
    expect(`${error?.stack}${JSON.stringify(error)}`).not.toContain(key.slice(0, 8));
    // A typo, as long as a name of the spec's (showUnverifiedCollections has 25), is quoted.
    expect(messages(check, { ["x".repeat(24)]: 1 })).toEqual([
      `params.${"x".repeat(24)}: is not an allowed property (allowed: wallet)`,
    ]);
  });

  it("names the allowed property nearest a refused one, as an unknown option's message does", () => {
    // (`params.limt: is not an allowed property` named no fix beyond the list, while `timout` as an
    // option got `; did you mean timeout?`: core's unknownNameHint, one rule for both.)
    const check = vObject({ ownerAddress: vString(), limit: vAny, page: vAny }, [], false);
    expect(messages(check, { limt: 1, Page: 2, ownerAdress: "x", owner: "x" })).toEqual([
      "params.limt: is not an allowed property (allowed: ownerAddress, limit, page); did you mean limit?",
      "params.Page: is not an allowed property (allowed: ownerAddress, limit, page); did you mean page?",
      "params.ownerAdress: is not an allowed property (allowed: ownerAddress, limit, page); did you mean ownerAddress?",
      // (No name within 2 characters of its length: none offered, rather than a wrong guess.)
      "params.owner: is not an allowed property (allowed: ownerAddress, limit, page)",
    ]);
    // A walk's cap given as a param is told where it goes, as it is given as a call's option.
    expect(messages(check, { maxPages: 3 })).toEqual([
      "params.maxPages: is not an allowed property (allowed: ownerAddress, limit, page); a paged method's .all() takes it",
    ]);
    // A name that is not shown (it may be the API key) gets no hint: one would tell its start.
    const named = "x".repeat(25);
    expect(messages(vObject({ [named.slice(0, 24)]: vAny }, [], false), { [named]: 1 })).toEqual([
      `params.<a name of 25 characters>: is not an allowed property (allowed: ${named.slice(0, 24)})`,
    ]);
  });

  it("refuses additional properties named like Object.prototype members (own keys only)", () => {
    expect(
      messages(vObject({ id: vAny }, [], false), { constructor: 1, toString: 1, id: 1 }),
    ).toEqual([
      "params.constructor: is not an allowed property (allowed: id)",
      "params.toString: is not an allowed property (allowed: id)",
    ]);
    expect(messages(vObject({}, [], vString()), { hasOwnProperty: 1 })).toEqual([
      "params.hasOwnProperty: must be string (got number 1)",
    ]);
  });

  it("accepts a value exactly at each bound and refuses one beyond it", () => {
    const cases: [Check, unknown[], unknown[]][] = [
      [vInteger(1, 10), [1, 10], [0, 11, 1n, 10n]],
      [vInteger(1, 10, 1), [1, 10, 1n, 10n], [0, 11, 0n, 11n]],
      [vNumber(0.5, 1.5), [0.5, 1.5], [0.49, 1.51]],
      [
        vArray(vAny, 2, 3),
        [
          [1, 2],
          [1, 2, 3],
        ],
        [[1], [1, 2, 3, 4]],
      ],
      [vBoundedString(2, 3), ["ab", "abc", "😀😀"], ["a", "abcd", "😀😀😀😀"]],
    ];
    for (const [check, pass, fail] of cases) {
      for (const value of pass) expect(messages(check, value), String(value)).toEqual([]);
      for (const value of fail) expect(messages(check, value), String(value)).toHaveLength(1);
    }
  });

  it("checks nested paths", () => {
    const check = vObject({ options: vObject({ showFungible: vBoolean }, [], false) });
    expect(messages(check, { options: { showFungible: "yes", other: 1 } })).toEqual([
      "params.options.showFungible: must be boolean (got string)",
      "params.options.other: is not an allowed property (allowed: showFungible)",
    ]);
  });

  it("checks strings: minLength/maxLength in code points, pattern unanchored", () => {
    expect(messages(vBoundedString(2), "a")).toEqual([
      "params: must have at least 2 characters (got 1)",
    ]);
    expect(messages(vBoundedString(undefined, 1), "😀")).toEqual([]);
    expect(messages(vBoundedString(undefined, 1), "ab")).toEqual([
      "params: must have at most 1 character (got 2)",
    ]);
    expect(messages(vString(/b/u), "abc")).toEqual([]);
    expect(messages(vBoundedString(3, undefined, /^a+$/u), "b")).toEqual([
      'params: must match ^a+$ (got "b")',
      "params: must have at least 3 characters (got 1)",
    ]);
    // A pattern described in words (the spec's x-pattern-description) is named so, not quoted.
    expect(messages(vString(/^a+$/u, "a run of a's"), "b")).toEqual([
      `params: must be a run of a's (got "b")`,
    ]);
    expect(messages(vBoundedString(3, undefined, /^a+$/u, "a run of a's"), "b")).toEqual([
      `params: must be a run of a's (got "b")`,
      "params: must have at least 3 characters (got 1)",
    ]);
    // Long values are cut in the message.
    expect(messages(vString(/^a$/u), "b".repeat(50))).toEqual([
      `params: must match ^a$ (got "${"b".repeat(47)}…)`,
    ]);
  });

  it("checks arrays: items (with index paths), minItems", () => {
    expect(messages(vArray(Address), [ADDRESS, "x"])).toEqual([
      'params[1]: must match ^[1-9A-HJ-NP-Za-km-z]{32,44}$ (got "x")',
    ]);
    expect(messages(vArray(vAny, 1), [])).toEqual(["params: must have at least 1 item (got 0)"]);
    expect(messages(vArray(vAny, 2), [1])).toEqual(["params: must have at least 2 items (got 1)"]);
    expect(messages(vArray(vAny), {})).toEqual(["params: must be array (got object)"]);
    expect(
      messages(vObject({ ids: vArray(vObject({ id: vString() }, ["id"])) }), {
        ids: [{ id: "a" }, {}],
      }),
    ).toEqual(["params.ids[1].id: is required"]);
  });

  it("checks enum", () => {
    expect(messages(vEnum(["asc", "desc"]), "up")).toEqual([
      'params: must be one of "asc", "desc" (got "up")',
    ]);
    expect(messages(vEnum(["asc", "desc"]), "asc")).toEqual([]);
    expect(messages(vEnum([1, 2]), 2)).toEqual([]);
    expect(messages(vEnum([1, 2]), "2")).toEqual(['params: must be one of 1, 2 (got "2")']);
  });

  it("names an object that is not plain given for an enum by its class, as a wrong type is named: its JSON misled (a Date's ISO text, a Map's {}, a String object's the value allowed)", () => {
    const sortBy = vEnum(["created", "id"]);
    const rule = 'params: must be one of "created", "id"';
    expect(messages(sortBy, new Date(0))).toEqual([`${rule} (got Date)`]);
    expect(messages(sortBy, new Map([["id", 1]]))).toEqual([`${rule} (got Map)`]);
    expect(messages(sortBy, new String("id"))).toEqual([`${rule} (got String)`]);
    expect(messages(sortBy, Object(5n))).toEqual([`${rule} (got BigInt)`]);
    expect(messages(sortBy, new Uint8Array(2))).toEqual([`${rule} (got Uint8Array)`]);
    // (As a wrong type names them: a String object where a string belongs.)
    expect(messages(vString(), new String("id"))).toEqual(["params: must be string (got String)"]);
    // A plain object, one without a prototype, and an array are still quoted: their JSON shows
    // what was given.
    expect(messages(sortBy, { sortBy: "id" })).toEqual([`${rule} (got {"sortBy":"id"})`]);
    expect(messages(sortBy, Object.assign(Object.create(null), { a: 1 }))).toEqual([
      `${rule} (got {"a":1})`,
    ]);
    expect(messages(sortBy, ["id"])).toEqual([`${rule} (got ["id"])`]);
  });

  it("reports the closest anyOf branch", () => {
    const AddressOrDomain = vAnyOf([Address, vString(/^[^\s/.]+(\.[^\s/.]+)*\.[a-z0-9-]+$/u)]);
    expect(messages(AddressOrDomain, "toly.sol")).toEqual([]);
    expect(messages(AddressOrDomain, ADDRESS)).toEqual([]);
    // Both branches fail with one issue: the first is reported.
    expect(messages(AddressOrDomain, "not valid")).toEqual([
      'params: must match ^[1-9A-HJ-NP-Za-km-z]{32,44}$ (got "not valid")',
    ]);
    expect(messages(AddressOrDomain, 1)).toEqual(["params: must be string (got number 1)"]);
    // The object branch is closer than the string branch: its type matched, its issue is deeper.
    expect(messages(vAnyOf([vString(), vObject({}, ["id"])]), {})).toEqual([
      "params.id: is required",
    ]);
    // Among branches whose type matched, the one with the fewest issues.
    const check = vAnyOf([vObject({}, ["a", "b"]), vObject({}, ["c"])]);
    expect(messages(check, {})).toEqual(["params.c: is required"]);
  });

  it("reports a closest anyOf branch of very many issues (a huge array) as a ValidationError", () => {
    // 200,000 issues: spread into one push they overflowed the call stack (RangeError).
    const check = vAnyOf([vArray(vString(/^a$/u)), vBoolean]);
    const issues = (() => {
      try {
        validate(check, new Array<string>(200_000).fill("b"));
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return (error as ValidationError).issues;
      }
    })();
    expect(issues).toHaveLength(200_000);
    expect(issues?.[199_999]?.message).toBe('params[199999]: must match ^a$ (got "b")');
  });

  it("redacts the values its messages quote with `redact`, given one, before cutting them short", () => {
    const key = "sk-live-0123456789";
    const long = "sk-live-" + "0123456789".repeat(5); // (more than the 40 characters shown)
    const check = vObject({
      wallet: Address,
      mint: Address,
      webhookURL: vString(/^https:/u),
      authHeader: vString(),
      kind: vEnum(["a"]),
    });
    const value = {
      wallet: key,
      mint: `x${long}`,
      webhookURL: "http://h/x?api-key=other-key",
      authHeader: 1,
      kind: [key],
    };
    let error: ValidationError | undefined;
    try {
      validate(check, value, "params", createRedactor(key, [long]));
    } catch (thrown) {
      error = thrown as ValidationError;
    }
    expect(error?.issues.map((issue) => issue.message)).toEqual([
      'params.wallet: must match ^[1-9A-HJ-NP-Za-km-z]{32,44}$ (got "***")',
      'params.mint: must match ^[1-9A-HJ-NP-Za-km-z]{32,44}$ (got "x***")',
      'params.webhookURL: must match ^https: (got "http://h/x?…")',
      // (The message itself is not redacted: `authHeader: must` is no header and its value.)
      "params.authHeader: must be string (got number 1)",
      'params.kind: must be "a" (got ["***"])',
    ]);
    // The next call without one quotes as it is.
    expect(messages(check, { wallet: key })).toEqual([
      `params.wallet: must match ^[1-9A-HJ-NP-Za-km-z]{32,44}$ (got "${key}")`,
    ]);
  });

  it("holds base58 text to its byte count (x-base58-bytes), in the pattern's words, masked as the pattern's", () => {
    const words = "a base58 address of 32 bytes (32 to 44 characters)";
    const address = vBase58Bytes(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/u, words, 32);
    expect(messages(address, ADDRESS)).toEqual([]);
    expect(messages(address, "1".repeat(32))).toEqual([]); // (32 zero bytes: the system program)
    expect(messages(address, "z".repeat(44))).toEqual([
      `params: must be ${words} (got "${"z".repeat(44)}": 33 bytes)`,
    ]);
    expect(messages(address, "1".repeat(34))).toEqual([
      `params: must be ${words} (got "${"1".repeat(34)}": 34 bytes)`,
    ]);
    // (Fewer than 32: 32 characters of which the first is not 1 may be 24 bytes.)
    expect(messages(address, "2".repeat(32))).toEqual([
      `params: must be ${words} (got "${"2".repeat(32)}": 23 bytes)`,
    ]);
    expect(() => validate(address, "z".repeat(44))).toThrow(
      expect.objectContaining({ issues: [expect.objectContaining({ rule: "x-base58-bytes" })] }),
    );
    // A refusal by the pattern is the pattern's, with no count.
    expect(messages(address, "0".repeat(32))).toEqual([
      `params: must be ${words} (got "${"0".repeat(32)}")`,
    ]);
    // Empty text (an "or empty" schema's none) and text with a character base58 lacks (a domain
    // beside an address) are not decoded.
    const orEmptyOrDomain = vBase58Bytes(/^(?:[1-9A-HJ-NP-Za-km-z]{32,44})?$|\./u, words, 32);
    expect(messages(orEmptyOrDomain, "")).toEqual([]);
    expect(messages(orEmptyOrDomain, "toly.sol")).toEqual([]);
    // Around a bounded string's check, whose bounds are still told beside the count.
    const base58 = /^[1-9A-HJ-NP-Za-km-z]+$/u;
    const bounded = vBase58Bytes(base58, words, 32, vBoundedString(1, 3, base58, words));
    expect(messages(bounded, "zz")).toEqual([`params: must be ${words} (got "zz": 2 bytes)`]);
    expect(messages(bounded, "zzzz")).toEqual([
      `params: must be ${words} (got "zzzz": 3 bytes)`,
      "params: must have at most 3 characters (got 4)",
    ]);
    expect(messages(bounded, "0")).toEqual([`params: must be ${words} (got "0")`]);
    expect(messages(bounded, 7)).toEqual(["params: must be string (got number 7)"]);
    // A key-like value is masked as the pattern's message masks it.
    const key = "z".repeat(44);
    let error: ValidationError | undefined;
    try {
      validate(address, key, "params", createRedactor(key));
    } catch (thrown) {
      error = thrown as ValidationError;
    }
    expect(error?.message).toBe(`params: must be ${words} (got "***": 33 bytes)`);
  });

  it("leaves a URL's credentials and query out of the value it quotes (trial 10: a webhook URL's token was shown)", () => {
    const check = vObject({ webhookURL: vString(/^https:\/\/[^/]+\.[a-z]+\//u), list: vAny });
    expect(messages(check, { webhookURL: "http://hooks.example.com/x?token=abc123#frag" })).toEqual(
      [
        'params.webhookURL: must match ^https:\\/\\/[^/]+\\.[a-z]+\\/ (got "http://hooks.example.com/x?…")',
      ],
    );
    expect(messages(check, { webhookURL: "https://user:pa55@hooks/x#token=abc" })).toEqual([
      'params.webhookURL: must match ^https:\\/\\/[^/]+\\.[a-z]+\\/ (got "https://…@hooks/x?…")',
    ]);
    // A string that is no URL is quoted as it is, `?` and `@` included.
    expect(messages(vString(/^x$/u), "what?a@b")).toEqual([
      'params: must match ^x$ (got "what?a@b")',
    ]);
  });

  it("lists the values a rule allows as the spec gives them, whatever `redact` does to the value refused", () => {
    // (As the webhook helpers' redactor does: it describes every value it is shown.)
    const describe = (json: unknown) => `a value of ${String(json).length} characters`;
    const check = vWhen(
      vObject({ kind: vEnum(["raw", "enhanced"]), x: vAny }),
      ["kind"],
      ["raw"],
      vObject({}, ["x"]),
    );
    const messagesOf = (value: unknown) => {
      try {
        validate(check, value, "params", describe);
      } catch (error) {
        return (error as ValidationError).issues.map((issue) => issue.message);
      }
      return [];
    };
    expect(messagesOf({ kind: "bogus" })).toEqual([
      'params.kind: must be one of "raw", "enhanced" (got a value of 7 characters)',
    ]);
    expect(messagesOf({ kind: "raw" })).toEqual([
      'params.x: is required when params.kind is "raw"',
    ]);
  });

  it("names the root by `path`", () => {
    expect(() => validate(vString(), 1, "input")).toThrow("input: must be string (got number 1)");
  });

  it("summarises many issues in the message", () => {
    expect(() => validate(vArray(vString()), [1, 2, 3, 4, 5])).toThrow(
      "params[0]: must be string (got number 1); params[1]: must be string (got number 2); params[2]: must be string (got number 3) (and 2 more)",
    );
    expect(() => validate(vArray(vString()), [1, 2, 3])).toThrow(
      /^params\[0\]: must be string \(got number 1\); params\[1\]: must be string \(got number 2\); params\[2\]: must be string \(got number 3\)$/,
    );
  });

  it("validates 100,000 addresses with one pattern test each and no per-item builtin work", async () => {
    const check = vObject({ ids: vArray(Address) });
    const ids = Array.from(
      { length: 100_000 },
      (_, i) => ADDRESS.slice(0, 40) + String((i % 9) + 1).repeat(4),
    );
    // Counted, not timed: a wall-clock bound (the best of five runs under a multiple of the bare
    // pattern's time) had a margin under 2x beside two busy loops. The forms a per-item slowdown
    // takes here are counted: the pattern tested again, a string spread to count its code points,
    // a message, a path or a list built for a valid item. Each builtin is wrapped while validate
    // runs only, and restored before anything else runs.
    const builtins: Record<string, [object, PropertyKey]> = {
      "RegExp#test": [RegExp.prototype, "test"],
      "RegExp#exec": [RegExp.prototype, "exec"],
      "RegExp#[Symbol.replace]": [RegExp.prototype, Symbol.replace],
      "RegExp#[Symbol.split]": [RegExp.prototype, Symbol.split],
      "RegExp#[Symbol.match]": [RegExp.prototype, Symbol.match],
      "String#[Symbol.iterator]": [String.prototype, Symbol.iterator],
      "String#slice": [String.prototype, "slice"],
      "String#padStart": [String.prototype, "padStart"],
      "Array#join": [Array.prototype, "join"],
      "Array#map": [Array.prototype, "map"],
      "Array#slice": [Array.prototype, "slice"],
      "Array#some": [Array.prototype, "some"],
      "Array#includes": [Array.prototype, "includes"],
      "Array#indexOf": [Array.prototype, "indexOf"],
      "Array#push": [Array.prototype, "push"],
      "Object.keys": [Object, "keys"],
      "Object.entries": [Object, "entries"],
      "JSON.stringify": [JSON, "stringify"],
    };
    type Slot = Record<PropertyKey, (...args: unknown[]) => unknown>;
    const calls: Record<string, number> = {};
    const originals = Object.entries(builtins).map(([label, [owner, name]]) => {
      const original = (owner as Slot)[name]!;
      calls[label] = 0;
      (owner as Slot)[name] = function (this: unknown, ...args: unknown[]) {
        calls[label]!++;
        return original.apply(this, args);
      };
      return [owner as Slot, name, original] as const;
    });
    // (The first 10,000: a wrapped RegExp#test loses its fast path, ~15 us a call under load.)
    const counted = ids.slice(0, 10_000);
    try {
      validate(check, { ids: counted });
    } finally {
      for (const [owner, name, original] of originals) owner[name] = original;
    }
    const { "RegExp#test": tests, "RegExp#exec": execs, ...others } = calls;
    // (The seam is live: the pattern's tests are counted, one per address. A test runs the
    // regular expression's exec, as the language says it does: one exec per test, and no other.)
    expect([tests, execs]).toEqual([counted.length, counted.length]);
    const perItem = Object.entries(others).filter(([, n]) => n >= 100);
    expect(perItem, "builtins called about once per valid item").toEqual([]);
    // A backstop against a quadratic form, far from the linear one's time under load (41 ms of CPU
    // beside two busy loops) over all 100,000.
    const { ms } = await cpuTimeOf(() => validate(check, { ids }));
    expect(ms).toBeLessThan(2000);
  });
});

describe("vExclusive", () => {
  it("refuses the excluded properties beside the one that excludes them, naming each", () => {
    const check = vExclusive(vObject({ page: vAny, cursor: vAny, before: vAny }), "page", [
      "cursor",
      "before",
    ]);
    expect(() => validate(check, { page: 1, cursor: "c", before: undefined })).toThrow(
      "params.cursor: cannot be used with page",
    );
    expect(() => validate(check, { page: 1, cursor: "c", before: "b" })).toThrow(
      "params.cursor: cannot be used with page; params.before: cannot be used with page",
    );
    expect(() => validate(check, { cursor: "c", before: "b" })).not.toThrow();
    expect(() => validate(check, { page: 2 })).not.toThrow();
    expect(() => validate(check, null)).toThrow(
      "params: must be object { page, cursor, before } (got null)",
    );
  });

  it("counts undefined as absent, on either side", () => {
    const check = vExclusive(vObject({ page: vAny, cursor: vAny }), "page", ["cursor"]);
    expect(messages(check, { page: 1, cursor: undefined })).toEqual([]);
    expect(messages(check, { page: undefined, cursor: "c" })).toEqual([]);
    expect(messages(check, { page: 1, cursor: "c" })).toEqual([
      "params.cursor: cannot be used with page",
    ]);
  });
});

describe("vDependent", () => {
  const sortById = vObject({ sortBy: vObject({ sortBy: vEnum(["id"]) }) });
  const check = vDependent(
    vObject({ before: vString(), sortBy: vObject({ sortBy: vEnum(["id", "created"]) }) }),
    ["before", "after"],
    sortById,
  );

  it("applies the dependent rule only when the member is given, and says which member brought it in", () => {
    expect(messages(check, { before: "a", sortBy: { sortBy: "created" } })).toEqual([
      'params.sortBy.sortBy: must be "id" (got "created") when params.before is given',
    ]);
    expect(messages(check, { before: "a", sortBy: { sortBy: "id" } })).toEqual([]);
    expect(messages(check, { before: "a" })).toEqual([]);
    expect(messages(check, { before: "a", sortBy: {} })).toEqual([]);
    expect(messages(check, { sortBy: { sortBy: "created" } })).toEqual([]);
    expect(messages(check, { before: undefined, sortBy: { sortBy: "created" } })).toEqual([]);
  });

  it("names the first of its members that is given", () => {
    const both = vDependent(
      vObject({ before: vAny, after: vAny, sortBy: vAny }),
      ["before", "after"],
      sortById,
    );
    expect(messages(both, { after: "b", sortBy: { sortBy: "none" } })).toEqual([
      'params.sortBy.sortBy: must be "id" (got "none") when params.after is given',
    ]);
    expect(messages(both, { after: "b", before: "a", sortBy: { sortBy: "none" } })).toEqual([
      'params.sortBy.sortBy: must be "id" (got "none") when params.before is given',
    ]);
    expect(
      messages(both, { before: undefined, after: undefined, sortBy: { sortBy: "none" } }),
    ).toEqual([]);
  });

  it("keeps the inner rule, so an issue reads like the schema keyword that refused", () => {
    let issues: ValidationIssue[] = [];
    try {
      validate(check, { before: "a", sortBy: { sortBy: "created" } });
    } catch (error) {
      issues = (error as ValidationError).issues;
    }
    expect(issues.map((i) => [i.path, i.rule])).toEqual([["params.sortBy.sortBy", "enum"]]);
  });

  it("reads the rule only once every member passes on its own (no second report of a wrong member)", () => {
    expect(messages(check, { before: "a", sortBy: { sortBy: "nope" } })).toEqual([
      'params.sortBy.sortBy: must be one of "id", "created" (got "nope")',
    ]);
    expect(messages(check, { before: 1, sortBy: { sortBy: "created" } })).toEqual([
      "params.before: must be string (got number 1)",
    ]);
    expect(messages(check, null)).toEqual(["params: must be object { before, sortBy } (got null)"]);
  });

  it("counts only its own object's issues, inside an array of them", () => {
    const list = vArray(check);
    expect(messages(list, [{ before: 1 }, { before: "a", sortBy: { sortBy: "created" } }])).toEqual(
      [
        "params[0].before: must be string (got number 1)",
        'params[1].sortBy.sortBy: must be "id" (got "created") when params[1].before is given',
      ],
    );
  });
});

describe("vRenamed", () => {
  const getAsset = vRenamed(
    vObject({ id: vString(), options: vObject({}, [], false) }, ["id"], false),
    {
      displayOptions: "options",
    },
  );

  it("says what another SDK's name is called here, where the object refuses it, keeping the rule and the names allowed", () => {
    let issues: ValidationIssue[] = [];
    try {
      validate(getAsset, { id: "a", displayOptions: { showFungible: true }, extra: 1 });
    } catch (error) {
      issues = (error as ValidationError).issues;
    }
    expect(issues).toEqual([
      {
        path: "params.displayOptions",
        rule: "additionalProperties",
        message:
          "params.displayOptions: is not an allowed property (allowed: id, options); it is named options here",
        detail: "is not an allowed property (allowed: id, options); it is named options here",
      },
      // (Another name is refused as before.)
      {
        path: "params.extra",
        rule: "additionalProperties",
        message: "params.extra: is not an allowed property (allowed: id, options)",
        detail: "is not an allowed property (allowed: id, options)",
      },
    ]);
    expect(messages(getAsset, { id: "a", options: {} })).toEqual([]);
    // (`undefined` is no property: JSON leaves it out.)
    expect(messages(getAsset, { id: "a", displayOptions: undefined })).toEqual([]);
    // Its own object's member only, not a member of the same name deeper down.
    const nested = vObject({ options: vObject({}, [], false) }, [], false);
    expect(
      messages(vRenamed(nested, { displayOptions: "options" }), { options: { displayOptions: 1 } }),
    ).toEqual(["params.options.displayOptions: is not an allowed property (allowed: none)"]);
  });

  it("names each object's own member, inside an array of them, once", () => {
    expect(
      messages(vArray(getAsset), [
        { id: "a", displayOptions: {} },
        { id: 1, displayOptions: {} },
      ]),
    ).toEqual([
      "params[0].displayOptions: is not an allowed property (allowed: id, options); it is named options here",
      "params[1].id: must be string (got number 1)",
      "params[1].displayOptions: is not an allowed property (allowed: id, options); it is named options here",
    ]);
  });
});

describe("vWhen", () => {
  const base58 = vObject({ transaction: vString(/^[1-9A-HJ-NP-Za-km-z]+$/u, "base58 text") });
  const check = vWhen(
    vObject(
      {
        transaction: vString(/^[A-Za-z0-9+/]+={0,2}$/u),
        config: vObject({ encoding: vEnum(["base58", "base64"]) }, ["encoding"]),
      },
      ["transaction", "config"],
    ),
    ["config", "encoding"],
    ["base58"],
    base58,
  );

  it("applies the rule only when the member has one of the values, and says which value brought it in", () => {
    expect(messages(check, { transaction: "AQ/D", config: { encoding: "base58" } })).toEqual([
      'params.transaction: must be base58 text (got "AQ/D") when params.config.encoding is "base58"',
    ]);
    expect(messages(check, { transaction: "3yZe", config: { encoding: "base58" } })).toEqual([]);
    expect(messages(check, { transaction: "AQ/D", config: { encoding: "base64" } })).toEqual([]);
  });

  it("names every value that brings the rule in, and reads a member of the object itself", () => {
    const either = vWhen(vObject({ kind: vAny, x: vAny }), ["kind"], ["a", 1], vObject({}, ["x"]));
    expect(messages(either, { kind: 1 })).toEqual([
      'params.x: is required when params.kind is "a" or 1',
    ]);
    expect(messages(either, { kind: "a", x: 0 })).toEqual([]);
    expect(messages(either, { kind: "b" })).toEqual([]);
    expect(messages(either, {})).toEqual([]);
  });

  it("keeps the inner rule, reads the rule only once the object passes on its own, and counts only its own issues", () => {
    let issues: ValidationIssue[] = [];
    try {
      validate(check, { transaction: "AQ/D", config: { encoding: "base58" } });
    } catch (error) {
      issues = (error as ValidationError).issues;
    }
    expect(issues.map((i) => [i.path, i.rule])).toEqual([["params.transaction", "pattern"]]);
    expect(messages(check, { transaction: "A D", config: { encoding: "base58" } })).toEqual([
      'params.transaction: must match ^[A-Za-z0-9+/]+={0,2}$ (got "A D")',
    ]);
    expect(messages(check, { transaction: "AQ/D", config: {} })).toEqual([
      "params.config.encoding: is required",
    ]);
    expect(messages(check, null)).toEqual([
      "params: must be object { transaction, config } (got null)",
    ]);
    expect(
      messages(vArray(check), [
        { transaction: 1 },
        { transaction: "AQ/D", config: { encoding: "base58" } },
      ]),
    ).toEqual([
      "params[0].config: is required",
      "params[0].transaction: must be string (got number 1)",
      'params[1].transaction: must be base58 text (got "AQ/D") when params[1].config.encoding is "base58"',
    ]);
  });
});

describe("vTransaction", () => {
  const check = vTransaction(vString(/^[A-Za-z0-9+/]+={0,2}$/u, "base64 text"));
  const base64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes));
  const fill = (n: number, byte = 7) => Array<number>(n).fill(byte);
  // The smallest transactions of each layout, with s signatures: the count (legacy, v0) or the
  // prefix, then what agave reads (the header [s, read-only signers, read-only others], s signer
  // addresses, a blockhash, no instructions; v0 no lookup tables; v1 an empty config mask).
  const legacy = (s: number, header = [s, 0, 0]) => [
    s,
    ...fill(64 * s),
    ...header,
    s,
    ...fill(32 * s),
    ...fill(32),
    0,
  ];
  const v0 = (s: number) => [
    s,
    ...fill(64 * s),
    0x80,
    s,
    0,
    0,
    s,
    ...fill(32 * s),
    ...fill(32),
    0,
    0,
  ];
  const v1 = (s: number, header = [s, 0, 0]) => [
    0x81,
    ...header,
    0,
    0,
    0,
    0,
    ...fill(32),
    0,
    s,
    ...fill(32 * s),
    ...fill(64 * s),
  ];
  // (Asked "is it base58 text?" only where the text could be: base64 with none of `0OIl+/=`.)
  const RULE =
    "params: must be a signed transaction in base64 (its signature count, message header and length do not agree)";
  const BASE58_RULE =
    "params: must be a signed transaction in base64 (its signature count, message header and length do not agree: is it base58 text?)";

  it("passes each layout agave reads: legacy, v0 and v1, with one signature or the most", () => {
    for (const bytes of [legacy(1), legacy(2, [2, 1, 3]), v0(1), v0(3), v1(1), v1(12, [12, 11, 0])])
      expect(messages(check, base64(bytes))).toEqual([]);
    expect(messages(check, base64(legacy(127)))).toEqual([]); // (12,230 bytes: the rule is not the size limit)
  });

  it("refuses bytes of no such layout, without quoting the text", () => {
    const refused = [
      legacy(0), // no signature
      legacy(2, [1, 0, 0]), // the header asks for one signature, two are given
      legacy(2, [3, 0, 0]),
      legacy(2, [2, 2, 0]), // no writable signer to pay the fee
      legacy(1).slice(0, -1), // a byte short of the smallest
      legacy(2).slice(0, -1), // a byte short of the smallest with two signatures (96 bytes each)
      v1(2).slice(0, -1),
      [1, ...fill(64), 0x81, 1, 0, 0, ...legacy(1).slice(66)], // a v1 message after a count
      v1(13, [13, 0, 0]), // v1 has at most 12 signatures
      v1(2, [2, 2, 0]),
      v1(1).slice(0, -1),
      [0xff, ...fill(300)],
    ];
    for (const bytes of refused)
      expect(messages(check, base64(bytes)), String(bytes)).toEqual([RULE]);
    // No v2: text of base58's alphabet alone (`gQcHBwcH…`), which base58 text may be.
    expect(messages(check, base64([0x82, ...v1(1).slice(1)]))).toEqual([BASE58_RULE]);
    expect(() => validate(check, base64(legacy(0)))).toThrow(
      expect.objectContaining({
        issues: [
          {
            path: "params",
            rule: "x-solana-transaction",
            message: RULE,
            detail: RULE.slice("params: ".length),
          },
        ],
      }),
    );
  });

  it("refuses base58 text that is also base64 text (a length that is a multiple of 4)", () => {
    // A real transaction (the spec's example), base58: 364 characters, which base64 reads as 273 bytes.
    const base58 =
      "4iXPGWBQShuDvAhycZtdPvHR3KcP6gjvL6poDsWX7omZg2fXpA9C3nXzc8fqpSiBHPc9bPw9qz9Xqc1SoZ52J7JXVygHnoAYjtPZgctWGHLnDdEEWvFBTxVoDTRFrP2uPBiyQidwKdb8vmHV1bRxFXSJjqgcpQ7PAHqh9z7NfpqNNt4jy1UWgt1U38ACQLw9oRcdDe3em1z3qAa9WMrBkVee7RD479gxXg3UwpmeuAd7A2E9PhMJA1KKyLLywyk2zfivnPogDeBtFjTbBL3GCiBypX49Lgm3M1ZnhTHB4m3ar3nod6DHVpKvL4MySAJ294YnS46qzkHEEnUDJy5tcH3feMvf3JNbiZz7hTNmDm3V";
    expect(base58.length % 4).toBe(0);
    expect(messages(vString(/^[A-Za-z0-9+/]+={0,2}$/u), base58)).toEqual([]);
    expect(messages(check, base58)).toEqual([BASE58_RULE]);
  });

  it("asks whether base64 text is base58 only where it could be: a transaction cut short is not asked", () => {
    // (Signatures of 0xff bytes, `////` in base64, as a real signature's bytes hold some.)
    const whole = base64(legacy(2, [2, 1, 3]).fill(0xff, 1, 129));
    expect(messages(check, whole)).toEqual([]);
    // Cut to a multiple of 4 characters: still base64 text, and no base58 text.
    const cut = whole.slice(0, 100);
    expect(cut).toContain("////");
    expect(messages(check, cut)).toEqual([RULE]);
  });

  const UNSIGNED = (i: number, s: number) =>
    `params: must be signed (signature ${i} of ${s} is 64 zero bytes: its signer has not signed; sign with every signer before sending)`;
  /** `bytes` with signature `i` (from 1) of a legacy or v0 layout set to 64 zero bytes. */
  const unsign = (bytes: number[], i: number) => [
    ...bytes.slice(0, 1 + 64 * (i - 1)),
    ...fill(64, 0),
    ...bytes.slice(1 + 64 * i),
  ];

  it("refuses a legacy or v0 transaction with a signature of 64 zero bytes (a signer's slot not signed), naming which", () => {
    expect(messages(check, base64(unsign(legacy(1), 1)))).toEqual([UNSIGNED(1, 1)]);
    expect(messages(check, base64(unsign(legacy(2, [2, 1, 0]), 2)))).toEqual([UNSIGNED(2, 2)]);
    expect(messages(check, base64(unsign(unsign(v0(3), 3), 2)))).toEqual([UNSIGNED(2, 3)]);
    expect(() => validate(check, base64(unsign(v0(1), 1)))).toThrow(
      expect.objectContaining({
        issues: [
          {
            path: "params",
            rule: "x-solana-transaction",
            message: UNSIGNED(1, 1),
            detail: UNSIGNED(1, 1).slice("params: ".length),
          },
        ],
      }),
    );
    // One byte set is a signature (no cryptography: its value is not verified).
    const oneByte = unsign(legacy(1), 1);
    oneByte[64] = 1;
    expect(messages(check, base64(oneByte))).toEqual([]);
    // v1's signatures follow a message of its own length: not read.
    expect(messages(check, base64([...v1(1).slice(0, -64), ...fill(64, 0)]))).toEqual([]);
  });

  describe("in base58", () => {
    const check58 = vTransaction(vString(/^[1-9A-HJ-NP-Za-km-z]+$/u, "base58 text"), 1);
    const base58 = (bytes: number[]) => {
      let n = 0n;
      for (const byte of bytes) n = n * 256n + BigInt(byte);
      let text = "";
      for (; n > 0n; n /= 58n)
        text = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"[Number(n % 58n)] + text;
      for (let i = 0; bytes[i] === 0; i++) text = "1" + text;
      return text;
    };
    const RULE58 =
      "params: must be a signed transaction in base58 (its signature count, message header and length do not agree)";

    it("passes each layout, with the spec's example, and refuses a signature of 64 zero bytes", () => {
      for (const bytes of [
        legacy(1),
        legacy(2, [2, 1, 3]),
        v0(3),
        v1(12, [12, 11, 0]),
        legacy(127),
      ])
        expect(messages(check58, base58(bytes))).toEqual([]);
      // The spec's example (spec/schemas/sender.yaml Base58Transaction), the same transaction as base64's.
      const example =
        "4iXPGWBQShuDvAhycZtdPvHR3KcP6gjvL6poDsWX7omZg2fXpA9C3nXzc8fqpSiBHPc9bPw9qz9Xqc1SoZ52J7JXVygHnoAYjtPZgctWGHLnDdEEWvFBTxVoDTRFrP2uPBiyQidwKdb8vmHV1bRxFXSJjqgcpQ7PAHqh9z7NfpqNNt4jy1UWgt1U38ACQLw9oRcdDe3em1z3qAa9WMrBkVee7RD479gxXg3UwpmeuAd7A2E9PhMJA1KKyLLywyk2zfivnPogDeBtFjTbBL3GCiBypX49Lgm3M1ZnhTHB4m3ar3nod6DHVpKvL4MySAJ294YnS46qzkHEEnUDJy5tcH3feMvf3JNbiZz7hTNmDm3V";
      expect(messages(check58, example)).toEqual([]);
      expect(messages(check58, base58(unsign(legacy(1), 1)))).toEqual([UNSIGNED(1, 1)]);
      expect(messages(check58, base58(unsign(v0(2), 2)))).toEqual([UNSIGNED(2, 2)]);
    });

    it("refuses bytes of no such layout, and text the decoder refuses", () => {
      for (const bytes of [
        legacy(0),
        legacy(2, [1, 0, 0]),
        legacy(1).slice(0, -1),
        [0, ...legacy(1)],
      ])
        expect(messages(check58, base58(bytes)), String(bytes)).toEqual([RULE58]);
      expect(messages(check58, "3yZe7d")).toEqual([RULE58]);
      expect(messages(vTransaction(vString(), 1), "0OIl")).toEqual([RULE58]);
      expect(messages(vTransaction(vString(), 1), "")).toEqual([RULE58]);
    });
  });

  it("reads the layout only once the string check passes, and of text atob refuses reads none", () => {
    expect(messages(check, 7)).toEqual(["params: must be string (got number 7)"]);
    expect(messages(check, "AQ D")).toEqual(['params: must be base64 text (got "AQ D")']);
    // (A string check that lets through what atob refuses: the rule is still told, nothing thrown.)
    expect(messages(vTransaction(vString()), "A")).toEqual([BASE58_RULE]);
    expect(messages(vTransaction(vString()), "\u0100AAA")).toEqual([RULE]);
  });
});

// Mutation testing (StrykerJS) found these unchecked: each names the mutants it kills.
describe("an issue's detail: its message without the path in front, to show beside the field", () => {
  /** Every issue of `validate(check, value)` (it must refuse). */
  const issuesOf = (check: Check, value: unknown): ValidationIssue[] => {
    try {
      validate(check, value);
    } catch (error) {
      return (error as ValidationError).issues;
    }
    throw new Error("not refused");
  };
  /** Every issue of a refusal made outside a check (`run` must throw a ValidationError). */
  const issuesThrownBy = (run: () => unknown): ValidationIssue[] => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).issues;
    }
    throw new Error("not refused");
  };
  const expectPathThenDetail = (issues: ValidationIssue[]) => {
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(issue.message).toBe(`${issue.path}: ${issue.detail}`);
  };

  it("is the rule text alone, for every kind of check", () => {
    const address = vObject(
      { ownerAddress: Address, limit: vInteger(1, 1000) },
      ["ownerAddress"],
      false,
    );
    const issues = issuesOf(address, { ownerAddress: "toly.sol", limit: 0, extra: 1 });
    expect(issues.map((i) => [i.path, i.detail])).toEqual([
      ["params.ownerAddress", 'must match ^[1-9A-HJ-NP-Za-km-z]{32,44}$ (got "toly.sol")'],
      ["params.limit", "must be >= 1 (got 0)"],
      ["params.extra", "is not an allowed property (allowed: ownerAddress, limit)"],
    ]);
    expectPathThenDetail(issues);
    expectPathThenDetail(issuesOf(vArray(Address, 1, 2), ["x", ADDRESS, ADDRESS]));
    expectPathThenDetail(issuesOf(vAnyOf([vInteger(), vObject({ a: vString() }, ["a"])]), {}));
    expectPathThenDetail(issuesOf(vNullable(vBoolean), 1));
    expectPathThenDetail(
      issuesOf(vExclusive(vObject({}), "page", ["cursor"]), { page: 1, cursor: "c" }),
    );
  });

  it("carries what a rule between members adds, as the message does", () => {
    const renamed = vRenamed(vObject({ id: vString() }, ["id"], false), {
      displayOptions: "options",
    });
    const dependent = vDependent(
      vObject({ before: vString(), sortBy: vAny }),
      ["before"],
      vObject({ sortBy: vEnum(["id"]) }),
    );
    const when = vWhen(vObject({ kind: vAny, x: vAny }), ["kind"], ["a"], vObject({}, ["x"]));
    const cases: [Check, unknown, string][] = [
      [
        renamed,
        { id: "a", displayOptions: {} },
        "is not an allowed property (allowed: id); it is named options here",
      ],
      [
        dependent,
        { before: "a", sortBy: "created" },
        'must be "id" (got "created") when params.before is given',
      ],
      [when, { kind: "a" }, 'is required when params.kind is "a"'],
    ];
    for (const [check, value, detail] of cases) {
      const issues = issuesOf(check, value);
      expect(issues.map((i) => i.detail)).toEqual([detail]);
      expectPathThenDetail(issues);
    }
  });

  it("is set on the refusals made outside a check: JSON, extra arguments, the method name, the API key", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const cases: [() => unknown, string, RegExp][] = [
      [() => writeJson(cycle, "params"), "params", /^cannot be written as JSON \(/],
      [
        () => refuseExtraArguments("getHealth", [{}]),
        "params",
        /^getHealth takes no params; its only argument is the request options/,
      ],
      [
        () =>
          refuseApiKeyIn(["authHeader"])({ authHeader: "Bearer secret-key-123" }, "secret-key-123"),
        "params.authHeader",
        /^must not hold the API key/,
      ],
    ];
    for (const [run, path, detail] of cases) {
      const issues = issuesThrownBy(run);
      expect(issues).toHaveLength(1);
      expect(issues[0]!.path).toBe(path);
      expect(issues[0]!.detail).toMatch(detail);
      expectPathThenDetail(issues);
    }
  });

  describe("of a plain-JavaScript check's issue that leaves one text out: validate makes it", () => {
    /** A check of the caller's own, untyped: pushes `issue` (its path added) for any value. */
    const pushing =
      (issue: object): Check =>
      (_value, path, issues) =>
        void issues.push({ path: `${path}.amount`, rule: "pattern", ...issue } as ValidationIssue);
    const refusedBy = (check: Check) => {
      try {
        validate(check, {});
      } catch (error) {
        return error as ValidationError;
      }
      throw new Error("not refused");
    };

    it("a detail left out (or no string) is the message without the path in front", () => {
      for (const detail of [undefined, null, 5, { text: "must be even" }]) {
        const error = refusedBy(pushing({ message: "params.amount: must be even", detail }));
        expect(error.message).toBe("params.amount: must be even");
        expect(error.issues).toEqual([
          {
            path: "params.amount",
            rule: "pattern",
            message: "params.amount: must be even",
            detail: "must be even",
          },
        ]);
        expect((error.toJSON().issues as ValidationIssue[])[0]!.detail).toBe("must be even");
      }
    });

    it("a message without the path in front is the detail whole", () => {
      // (Only a path at the start is taken out: this one names its field in its middle.)
      const message = "must be even, as params.amount: 2 is";
      const error = refusedBy(pushing({ message }));
      expect(error.message).toBe(message);
      expect(error.issues[0]!.detail).toBe(message);
    });

    it("a message left out is the path, then the detail: the error's message is not empty", () => {
      const error = refusedBy(pushing({ detail: "must be even" }));
      expect(error.message).toBe("params.amount: must be even");
      expect(error.issues[0]).toMatchObject({
        message: "params.amount: must be even",
        detail: "must be even",
      });
    });

    it("neither given (nor a string): the detail names the check's rule, the message the path too", () => {
      for (const texts of [{}, { message: null, detail: 5 }]) {
        const error = refusedBy(pushing(texts));
        expect(error.message).toBe("params.amount: breaks the check's `pattern` rule");
        expect(error.issues[0]).toMatchObject({
          message: "params.amount: breaks the check's `pattern` rule",
          detail: "breaks the check's `pattern` rule",
        });
      }
    });

    it("both given are kept as the check wrote them, and so are the issues of the other checks", () => {
      const issue = { message: "params.amount: must be even", detail: "even, please" };
      expect(refusedBy(pushing(issue)).issues[0]).toMatchObject(issue);
      expect(refusedBy(vObject({ a: vString() }, ["a"], false)).issues).toEqual([
        {
          path: "params.a",
          rule: "required",
          message: "params.a: is required",
          detail: "is required",
        },
      ]);
    });

    it("an issue the check froze (a constant it pushes each time) is filled in a copy, not a TypeError (review 79)", () => {
      const frozen = Object.freeze({
        path: "params.amount",
        rule: "pattern",
        message: "params.amount: must be even",
      });
      const error = refusedBy((_value, _path, issues) => void issues.push(frozen as never));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.issues).toEqual([{ ...frozen, detail: "must be even" }]);
      expect(frozen).not.toHaveProperty("detail");
      // (The same with its message left out: filled in a copy too.)
      const detailOnly = Object.freeze({ path: "params.amount", rule: "pattern", detail: "odd" });
      const refused = refusedBy((_value, _path, issues) => void issues.push(detailOnly as never));
      expect(refused.issues).toEqual([{ ...detailOnly, message: "params.amount: odd" }]);
      expect(detailOnly).not.toHaveProperty("message");
    });

    it("a pushed string is the detail of an issue at the check's path, rule `check`; no object is named there by its type, not quoted", () => {
      const pushing =
        (value: unknown): Check =>
        (_value, _path, issues) =>
          void issues.push(value as never);
      expect(refusedBy(pushing("must be even")).issues).toEqual([
        { path: "params", rule: "check", message: "params: must be even", detail: "must be even" },
      ]);
      for (const [value, type] of [
        [1234, "number"],
        [null, "null"],
        [undefined, "undefined"],
        [() => "must be even", "function"],
      ]) {
        const detail = `breaks the check: its issue must be an object (got ${type})`;
        expect(refusedBy(pushing(value)).issues).toEqual([
          { path: "params", rule: "check", message: `params: ${detail}`, detail },
        ]);
      }
    });

    it("texts that are empty count as left out, and so does a path: the check's is taken", () => {
      const error = refusedBy(
        (_value, _path, issues) =>
          void issues.push({ path: "", rule: "pattern", message: "", detail: "" } as never),
      );
      expect(error.message).toBe("params: breaks the check's `pattern` rule");
      expect(error.issues[0]!.detail).toBe("breaks the check's `pattern` rule");
    });

    it("an issue without a path, its texts and rule given, is at the check's path, and so is a pushed string under a path of the caller's own", () => {
      const texts = { rule: "pattern", message: "params: must be even", detail: "must be even" };
      expect(refusedBy((_value, _path, issues) => void issues.push(texts as never)).issues).toEqual(
        [{ path: "params", ...texts }],
      );
      expect(() =>
        validate((_value, _path, issues) => void issues.push("must be even" as never), {}, "input"),
      ).toThrow(
        expect.objectContaining({
          issues: [
            {
              path: "input",
              rule: "check",
              message: "input: must be even",
              detail: "must be even",
            },
          ],
        }),
      );
    });

    it("an issue made whole keeps the members of the check's own beside the texts (a copy, not a new issue)", () => {
      const issue = {
        path: "params.amount",
        rule: "pattern",
        detail: "must be even",
        code: "EVEN",
      };
      expect(refusedBy((_value, _path, issues) => void issues.push(issue as never)).issues).toEqual(
        [{ ...issue, message: "params.amount: must be even" }],
      );
    });

    it("an issue without a rule gets rule `check`, and with no text either, the detail `breaks the check` (not a rule named `undefined`)", () => {
      const bare = refusedBy(
        (_value, _path, issues) => void issues.push({ path: "params.amount" } as never),
      );
      expect(bare.issues).toEqual([
        {
          path: "params.amount",
          rule: "check",
          message: "params.amount: breaks the check",
          detail: "breaks the check",
        },
      ]);
      // (Both texts given, the rule alone left out: the texts as written, the rule filled.)
      const texts = { path: "params.amount", message: "params.amount: odd", detail: "odd" };
      expect(refusedBy((_value, _path, issues) => void issues.push(texts as never)).issues).toEqual(
        [{ ...texts, rule: "check" }],
      );
    });
  });

  it("is set on the refusal of a method name that the client lacks", async () => {
    const refused = await callByName({ getAsset() {} }, "getAset", []).catch((e) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused.issues).toEqual([
      {
        path: "method",
        rule: "enum",
        message: 'method: must be one of getAsset (got "getAset")',
        detail: 'must be one of getAsset (got "getAset")',
      },
    ]);
  });
});

describe("validate: the rule each issue names", () => {
  const issuesOf = (check: Check, value: unknown) => {
    try {
      validate(check, value);
    } catch (error) {
      return (error as ValidationError).issues.map((i) => [i.path, i.rule]);
    }
    throw new Error("not refused");
  };

  it("names the JSON Schema keyword that refused: minItems, maxLength, maximum, type, required, dependentSchemas", () => {
    // (Each rule's string made `""`, and `unit === "item"` made true or false, changed one.)
    const check = vExclusive(
      vObject(
        {
          list: vArray(vInteger(), 2, 3),
          long: vArray(vInteger(), 0, 1),
          name: vBoundedString(2, 3),
          short: vBoundedString(2, 3),
          n: vInteger(1, 5),
          m: vInteger(1, 5),
          big: vInteger(),
          page: vInteger(),
          cursor: vString(),
        },
        ["must"],
      ),
      "page",
      ["cursor"],
    );
    expect(
      issuesOf(check, {
        list: [1],
        long: [1, 2],
        name: "abcd",
        short: "a",
        n: 9,
        m: 0,
        big: 2 ** 60,
        page: 1,
        cursor: "c",
      }),
    ).toEqual([
      ["params.must", "required"],
      ["params.list", "minItems"],
      ["params.long", "maxItems"],
      ["params.name", "maxLength"],
      ["params.short", "minLength"],
      ["params.n", "maximum"],
      ["params.m", "minimum"],
      ["params.big", "type"],
      ["params.cursor", "dependentSchemas"],
    ]);
  });

  it("refuses a non-string for a bounded string with a type issue, not a TypeError", () => {
    // (`typeof value === "string"` made `true` spread the number 5: a TypeError.)
    expect(issuesOf(vBoundedString(1, 3), 5)).toEqual([["params", "type"]]);
    // (A class instance is refused as a type too: its `"type"` made `""`.)
    expect(issuesOf(vObject({}), new (class {})())).toEqual([["params", "type"]]);
  });

  it("quotes a value of exactly 48 characters whole, and cuts a longer one", () => {
    // (`text.length > 48` made `>= 48` cut the first.)
    const quoted48 = "x".repeat(46); // (quoted: 48 characters)
    expect(messages(vString(/^a$/u), quoted48)).toEqual([
      `params: must match ^a$ (got "${quoted48}")`,
    ]);
    expect(messages(vString(/^a$/u), quoted48 + "x")).toEqual([
      `params: must match ^a$ (got "${quoted48}x…)`,
    ]);
  });

  it("quotes an address pasted with a space or a line break after it whole, closing quote and all", () => {
    // (Cut at 46, `"…Mpo2MMY "` showed as `"…Mpo2MMY …`: a longer value cut short, to a reader
    // looking for what was wrong with it.)
    const address = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
    const base58 = vString(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/u, "a base58 address");
    for (const after of [" ", "  ", "\t", "\n"])
      expect(messages(base58, address + after)).toEqual([
        `params: must be a base58 address (got ${JSON.stringify(address + after)})`,
      ]);
  });

  it("cuts a refused value after an escape's letter, not before it: an address's line break shows as \\n", () => {
    // (Cut at 46, `"…Mpo2MMY\n"` showed as `"…Mpo2MMY\…`: the line break of an address read from
    // a file, the character it was refused for, was gone; user trial 73, F2.)
    const address = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
    const base58 = vString(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/u, "a base58 address");
    expect(messages(base58, address + "\r\n")).toEqual([
      `params: must be a base58 address (got "${address}\\r\\n…)`,
    ]);
    expect(messages(base58, address + "\n\n")).toEqual([
      `params: must be a base58 address (got "${address}\\n\\n…)`,
    ]);
  });

  it("cuts after the escape a backslash run ends with, not inside an escaped backslash (`\\\\` then `\\n`)", () => {
    // (Cut by the character at the cut alone, the second half of an escaped backslash kept the
    // next backslash without its letter: `…\\\\\\…`, the line break gone again; review73 F1.)
    const value = "A".repeat(45) + "\\\n"; // (quoted: `\\` at 46-47, `\n` at 48-49)
    expect(messages(vString(/^x$/u), value)).toEqual([
      `params: must match ^x$ (got "${"A".repeat(45)}\\\\…)`,
    ]);
    // (An escaped backslash that ends at the cut is kept whole; an escape started there too.)
    expect(messages(vString(/^x$/u), "A".repeat(44) + "\\\nx")).toEqual([
      `params: must match ^x$ (got "${"A".repeat(44)}\\\\\\n…)`,
    ]);
  });

  it("quotes a refused 44-character address whole, so the character the rule names shows", () => {
    // (Cut at 40, `…Mpo2MM0` showed as `…Mpo2…`: the 0 it was refused for was gone; user trial
    // 60, F4.)
    const address = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MM0";
    expect(
      messages(vString(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/u, "a base58 address"), address),
    ).toEqual([`params: must be a base58 address (got "${address}")`]);
  });

  it("cuts a refused value between characters, not inside an emoji, and escapes a bidi control or line separator (review 82, F2)", () => {
    // (The cut fell between the halves of 😀, whose lone first half a UTF-8 log writes as U+FFFD;
    // U+202E reversed the rest of the message as a terminal shows it.)
    const cut = "a".repeat(46) + "😀b";
    expect(messages(vString(/^x$/u), cut)).toEqual([
      `params: must match ^x$ (got "${"a".repeat(46)}…)`,
    ]);
    expect(messages(vString(/^x$/u), "\u202eevil\u2028line")).toEqual([
      'params: must match ^x$ (got "\\u202eevil\\u2028line")',
    ]);
  });
});

describe("a refused property name (review 71, F2)", () => {
  it("is escaped as a refused value is: no line break, terminal escape or bidi control in the message or the path", () => {
    // (Arguments from a file or a model's tool call: `{ "x\nERROR forged": 1 }` forged a log
    // line; U+202E reordered the message as a terminal shows it.)
    const check = vObject({ id: vAny }, [], false);
    for (const [name, shown] of [
      ["x\nERROR forged", "x\\u000aERROR forged"],
      ["\u202egnp.exe", "\\u202egnp.exe"],
      ["\x1b[2J", "\\u001b[2J"],
    ] as const) {
      let error: ValidationError | undefined;
      try {
        validate(check, { [name]: 1 });
      } catch (thrown) {
        error = thrown as ValidationError;
      }
      expect(error?.issues).toEqual([
        {
          path: `params.${shown}`,
          rule: "additionalProperties",
          message: `params.${shown}: is not an allowed property (allowed: id)`,
          detail: "is not an allowed property (allowed: id)",
        },
      ]);
    }
  });
});

describe("fromBase58 (found by mutation testing, review 57)", () => {
  it("reads each leading 1 as a zero byte, and the rest as a number", () => {
    expect(fromBase58("")).toEqual(new Uint8Array([]));
    expect(fromBase58("11")).toEqual(new Uint8Array([0, 0]));
    expect(fromBase58("112")).toEqual(new Uint8Array([0, 0, 1]));
    expect(fromBase58("5R")).toEqual(new Uint8Array([1, 0]));
  });

  it("gives undefined for a character base58 lacks (0, O, I, l)", () => {
    for (const text of ["0", "O", "I", "l", "2l2"]) expect(fromBase58(text), text).toBeUndefined();
  });
});

// Against references written here (random values, seeded): base58 as Solana's tools write it and
// the byte-at-a-time decoder fromBase58 replaced, each with its own copy of the alphabet.
describe("fromBase58 and x-base58-bytes' count, against a reference encoder and decoder", () => {
  const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  /** base58 of `bytes`: a `1` for each leading zero byte, then the rest as a number in base 58. */
  const encode = (bytes: Uint8Array) => {
    let n = 0n;
    for (const byte of bytes) n = n * 256n + BigInt(byte);
    let text = "";
    for (; n > 0n; n /= 58n) text = ALPHABET[Number(n % 58n)] + text;
    for (let i = 0; bytes[i] === 0; i++) text = "1" + text;
    return text;
  };
  /** The bytes of base58 `text`, one digit at a time into a little-endian byte list. */
  const decode = (text: string) => {
    const bytes: number[] = [];
    for (const char of text) {
      let carry = ALPHABET.indexOf(char);
      for (let i = 0; i < bytes.length; i++, carry >>= 8)
        bytes[i] = (carry += bytes[i]! * 58) & 255;
      for (; carry; carry >>= 8) bytes.push(carry & 255);
    }
    for (let i = 0; text[i] === "1"; i++) bytes.push(0);
    return Uint8Array.from(bytes.reverse());
  };
  /** Up to 5 leading zero bytes, then `rest`. */
  const led = ([zeros, rest]: [number, Uint8Array]) =>
    Uint8Array.from([...Array<number>(zeros).fill(0), ...rest]);
  const RUNS = { seed: 20261207, numRuns: 1500 };

  it("decodes what the reference encodes, each leading zero byte a 1", () => {
    const bytes = fc.tuple(fc.nat(5), fc.uint8Array({ maxLength: 70 })).map(led);
    fc.assert(
      fc.property(bytes, (bytes) => {
        expect(fromBase58(encode(bytes))).toEqual(bytes);
      }),
      RUNS,
    );
  });

  it("decodes any base58 text as the reference does, a 1 after the first other digit a digit like another", () => {
    // (A `1` drawn often: leading, between digits, last.)
    const char = fc.oneof(fc.constant("1"), fc.constantFrom(...ALPHABET));
    fc.assert(
      fc.property(fc.array(char, { maxLength: 90 }), (chars) => {
        const text = chars.join("");
        expect(fromBase58(text), text).toEqual(decode(text));
      }),
      RUNS,
    );
  });

  it("holds text to its count: 32 bytes pass, 31 and 33 (leading zero bytes among them) are refused with their count", () => {
    const words = "a base58 address of 32 bytes";
    const address = vBase58Bytes(/^[1-9A-HJ-NP-Za-km-z]+$/u, words, 32);
    const bytes = fc
      .integer({ min: 31, max: 33 })
      .chain((length) =>
        fc
          .nat(Math.min(length, 5))
          .chain((zeros) =>
            fc.tuple(
              fc.constant(zeros),
              fc.uint8Array({ minLength: length - zeros, maxLength: length - zeros }),
            ),
          ),
      )
      .map(led);
    fc.assert(
      fc.property(bytes, (bytes) => {
        const text = encode(bytes);
        expect(messages(address, text), text).toEqual(
          bytes.length == 32
            ? []
            : [`params: must be ${words} (got "${text}": ${bytes.length} bytes)`],
        );
      }),
      RUNS,
    );
  });
});
