import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUnits, parseUnits } from "./units.js";

/** The oracle: bigint division, written out. */
function reference(raw: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const size = raw < 0n ? -raw : raw;
  const fraction = String(size % scale)
    .padStart(decimals, "0")
    .replace(/0+$/, "");
  const text = `${size / scale}${fraction ? `.${fraction}` : ""}`;
  return raw < 0n ? `-${text}` : text;
}

describe("formatUnits", () => {
  it("is exact where Number() rounds: the largest u64 with 9 decimals", () => {
    expect(formatUnits(18446744073709551615n, 9)).toBe("18446744073.709551615");
    expect(String(Number(18446744073709551615n) / 1e9)).toBe("18446744073.709553"); // (the trap)
  });

  it("drops trailing zeros of the fraction, and a zero fraction", () => {
    expect(formatUnits(1_500_000n, 6)).toBe("1.5");
    expect(formatUnits(2_000_000n, 6)).toBe("2");
    expect(formatUnits(1n, 9)).toBe("0.000000001");
    expect(formatUnits(0n, 9)).toBe("0");
    expect(formatUnits(42n, 0)).toBe("42");
    expect(formatUnits(-1_500n, 3)).toBe("-1.5");
  });

  it("takes a safe integer or a string of digits (an amount sent as text) as it takes a bigint", () => {
    expect(formatUnits(1_500, 3)).toBe("1.5");
    expect(formatUnits("18446744073709551615", 9)).toBe("18446744073.709551615");
    expect(formatUnits("-0", 2)).toBe("0");
  });

  it("refuses what it would have to round or guess, naming the argument and the rule", () => {
    expect(() => formatUnits(1.5, 2)).toThrow(
      new TypeError(
        "formatUnits: raw must be a bigint, a safe integer or a string of digits (got 1.5)",
      ),
    );
    expect(() => formatUnits(2 ** 53, 2)).toThrow(/raw must be .* \(got 9007199254740992\)/);
    expect(() => formatUnits("1.5", 2)).toThrow(/raw must be .* \(got "1\.5"\)/);
    expect(() => formatUnits(1n, 1.5)).toThrow(
      new TypeError("formatUnits: decimals must be a whole number from 0 to 255 (got 1.5)"),
    );
    expect(() => formatUnits(1n, 256)).toThrow(/decimals must be .* \(got 256\)/);
    expect(() => formatUnits(1n, -1)).toThrow(/decimals must be/);
  });

  it("agrees with bigint division for any amount and decimals", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }),
        fc.integer({ min: 0, max: 30 }),
        (raw, decimals) => {
          expect(formatUnits(raw, decimals)).toBe(reference(raw, decimals));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("parseUnits", () => {
  it("reads decimal text into raw units, exactly", () => {
    expect(parseUnits("1.5", 9)).toBe(1_500_000_000n);
    expect(parseUnits("18446744073.709551615", 9)).toBe(18446744073709551615n);
    expect(parseUnits("0.000000001", 9)).toBe(1n);
    expect(parseUnits(".5", 1)).toBe(5n);
    expect(parseUnits("7.", 2)).toBe(700n);
    expect(parseUnits("-2", 3)).toBe(-2000n);
    expect(parseUnits("1.50", 1)).toBe(15n);
  });

  it("refuses more fraction digits than the decimals (it would round) and text that is not a number", () => {
    expect(() => parseUnits("0.0000000001", 9)).toThrow(
      new TypeError(
        'parseUnits: text has more than 9 digits after the point (got "0.0000000001"): it would be rounded',
      ),
    );
    for (const text of ["", ".", "1e9", "1,000", "abc", "1.2.3", "--1"])
      expect(() => parseUnits(text, 9), text).toThrow(/parseUnits: text must be a decimal number/);
    expect(() => parseUnits(15 as unknown as string, 1)).toThrow(/\(got number\)/);
    expect(() => parseUnits("1", 300)).toThrow(/parseUnits: decimals must be/);
  });

  it("is formatUnits undone", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }),
        fc.integer({ min: 0, max: 30 }),
        (raw, decimals) => {
          expect(parseUnits(formatUnits(raw, decimals), decimals)).toBe(raw);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("units: rules found by mutation testing (review 57)", () => {
  it("takes 255 decimals, the largest a u8 holds", () => {
    expect(formatUnits(5n, 255)).toBe(`0.${"0".repeat(254)}5`);
    expect(parseUnits("1", 255)).toBe(10n ** 255n);
  });

  it("formatUnits drops leading zeros of a string of digits", () => {
    expect(formatUnits("000123", 0)).toBe("123");
    expect(formatUnits("-0012345", 2)).toBe("-123.45");
    expect(formatUnits("0000", 2)).toBe("0");
  });

  it("formatUnits refuses a value that only reads as digits, and quotes 40 characters of a string", () => {
    for (const raw of [["5"], { toString: () => "5" }])
      expect(() => formatUnits(raw as never, 0)).toThrow(
        new TypeError(
          "formatUnits: raw must be a bigint, a safe integer or a string of digits (got 5)",
        ),
      );
    expect(() => formatUnits("x".repeat(50), 0)).toThrow(
      new TypeError(
        `formatUnits: raw must be a bigint, a safe integer or a string of digits (got "${"x".repeat(40)}")`,
      ),
    );
  });

  it("parseUnits: white space around the number, zeros after the fraction's last digit, a sign before the point", () => {
    expect(parseUnits(" 1.5\n", 9)).toBe(1_500_000_000n);
    expect(parseUnits("1.500", 1)).toBe(15n);
    expect(parseUnits("-.0", 0)).toBe(0n);
    expect(parseUnits("-.50", 1)).toBe(-5n);
  });

  it("parseUnits quotes 40 characters of the text it refuses", () => {
    expect(() => parseUnits("abc", 9)).toThrow(
      new TypeError('parseUnits: text must be a decimal number such as "1.5" (got "abc")'),
    );
    expect(() => parseUnits("a".repeat(50), 9)).toThrow(
      new TypeError(
        `parseUnits: text must be a decimal number such as "1.5" (got "${"a".repeat(40)}")`,
      ),
    );
    const long = `0.${"1".repeat(50)}`;
    expect(() => parseUnits(long, 9)).toThrow(
      new TypeError(
        `parseUnits: text has more than 9 digits after the point (got ${JSON.stringify(long.slice(0, 40))}): it would be rounded`,
      ),
    );
  });
});
