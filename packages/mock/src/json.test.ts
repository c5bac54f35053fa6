import { describe, expect, it } from "vitest";
import {
  bigintMarker,
  fromMarker,
  mapBigints,
  nestsDeeperThan,
  parseJson,
  parseJsonBody,
  stringifyJson,
} from "./json.js";

describe("lossless JSON", () => {
  it("reads integers beyond 2^53 as exact bigints and writes them back as digits", () => {
    const text =
      '{"rentEpoch":18446744073709551615,"neg":-9007199254740993,"safe":9007199254740991,"f":0.12345678901234567890,"e":1.5e300,"s":"18446744073709551615"}';
    const value = parseJson(text) as any;
    expect(value.rentEpoch).toBe(18446744073709551615n);
    expect(value.neg).toBe(-9007199254740993n);
    expect(value.safe).toBe(9007199254740991);
    expect(typeof value.f).toBe("number");
    expect(value.e).toBe(1.5e300);
    expect(value.s).toBe("18446744073709551615");
    expect(stringifyJson(value)).toContain('"rentEpoch":18446744073709551615');
    expect(stringifyJson(value)).toContain('"neg":-9007199254740993');
  });

  it("keeps strings that look like the internal tag, and big integers inside arrays and keys", () => {
    const text = '{"\\u0001k":["\\u0001x",12345678901234567890],"12345678901234567890":1}';
    const value = parseJson(text) as any;
    expect(value["\u0001k"]).toEqual(["\u0001x", 12345678901234567890n]);
    expect(value["12345678901234567890"]).toBe(1);
  });

  it("refuses what JSON.parse refuses, even with big integers (a bad request body is a -32700, not a parsed value)", () => {
    for (const text of [
      "{12345678901234567890:1}",
      "[012345678901234567890]",
      '{"a":\\12345678901234567890}',
    ]) {
      expect(() => parseJson(text), text).toThrow(SyntaxError);
    }
  });

  it("writes marker strings (big integers given to Prism) as bare digits", () => {
    const marker = bigintMarker(18446744073709551615n);
    expect(fromMarker(marker)).toBe(18446744073709551615n);
    expect(fromMarker("plain")).toBeUndefined();
    expect(stringifyJson({ a: [marker] })).toBe('{"a":[18446744073709551615]}');
    expect(stringifyJson({ a: 1, b: undefined }, 2)).toBe('{\n  "a": 1\n}');
  });

  it("maps bigints with their key", () => {
    const out = mapBigints(
      { maximum: 18446744073709551615n, examples: [1n] },
      (big, key) => `${key}:${big}`,
    );
    expect(out).toEqual({ maximum: "maximum:18446744073709551615", examples: ["examples:1"] });
  });

  it("nestsDeeperThan measures nesting without recursion, at any depth JSON.parse reads", () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan([], 0)).toBe(true);
    expect(nestsDeeperThan({ a: [1, { b: [] }] }, 4)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: [] }] }, 3)).toBe(true);
    const deep = (n: number) => JSON.parse("[".repeat(n) + "]".repeat(n));
    expect(nestsDeeperThan(deep(512), 512)).toBe(false);
    expect(nestsDeeperThan(deep(513), 512)).toBe(true);
    expect(nestsDeeperThan(deep(200_000), 512)).toBe(true);
  });
});

describe("a body that is not JSON", () => {
  it("is refused with why, without the excerpt of the text JSON.parse quotes (it may hold a credential)", () => {
    for (const [text, why] of [
      ["Bearer hook-s3cret-0123456789", "Unexpected token 'B'"],
      ['{"authHeader": Bearer s3cret-0123456789}', "Unexpected token 'B'"],
      ["s3cret", "Unexpected token 's'"],
      ['{"a":1}s3cret', "Unexpected non-whitespace character after JSON at position 7"],
    ] as const) {
      let error: unknown;
      try {
        parseJsonBody(text);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SyntaxError);
      expect((error as Error).message).toBe(why);
    }
  });
});
