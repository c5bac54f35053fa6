// Token amounts between raw units (a u64, the mint's smallest unit) and their decimal text. The
// obvious `Number(raw) / 10 ** decimals` is wrong past 2^53 raw units, where u64 supplies are:
// 18446744073709551615n with 9 decimals reads 18446744073.709553. Both work on digits only, so
// nothing is rounded; neither is in a bundle that does not import it.

/** `decimals` checked: a whole number from 0 to 255 (a mint's `decimals` is a u8). */
function checkDecimals(decimals: unknown, fn: string): asserts decimals is number {
  if (!(Number.isInteger(decimals) && (decimals as number) >= 0 && (decimals as number) <= 255))
    throw new TypeError(
      `${fn}: decimals must be a whole number from 0 to 255 (got ${String(decimals)})`,
    );
}

/**
 * A raw token amount as exact decimal text: `raw` / 10^`decimals`, without trailing zeros in the
 * fraction, and without a fraction when it is zero.
 *
 * @param raw The amount in the mint's smallest unit: a `bigint` (a u64 field of a result), a safe
 * integer, or a string of decimal digits (an amount the service sends as text, such as a webhook
 * event's `uiTokenAmount.amount`), with an optional leading `-`.
 * @param decimals The mint's decimals (`token_info.decimals`), a whole number from 0 to 255.
 * @throws TypeError naming the argument and the rule, for anything else (a fraction, a float past
 * 2^53, text that is not digits): nothing is rounded.
 * @example
 * ```ts
 * formatUnits(18446744073709551615n, 9); // "18446744073.709551615"
 * formatUnits(1_500_000n, 6); // "1.5"
 * formatUnits(asset.token_info.supply, asset.token_info.decimals);
 * ```
 */
export function formatUnits(raw: bigint | number | string, decimals: number): string {
  checkDecimals(decimals, "formatUnits");
  const digits =
    typeof raw === "bigint"
      ? String(raw)
      : typeof raw === "number"
        ? Number.isSafeInteger(raw)
          ? String(raw)
          : ""
        : typeof raw === "string" && /^-?\d+$/.test(raw)
          ? raw
          : "";
  if (!digits)
    throw new TypeError(
      `formatUnits: raw must be a bigint, a safe integer or a string of digits (got ${typeof raw === "string" ? JSON.stringify(raw.slice(0, 40)) : String(raw)})`,
    );
  const negative = digits.startsWith("-");
  const whole = (negative ? digits.slice(1) : digits).padStart(decimals + 1, "0");
  const integer = whole.slice(0, whole.length - decimals).replace(/^0+(?=\d)/, "");
  const fraction = whole.slice(whole.length - decimals).replace(/0+$/, "");
  const text = fraction ? `${integer}.${fraction}` : integer;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/**
 * Decimal text as a raw token amount: `text` × 10^`decimals`, exact, as a `bigint` (the type the
 * u64 params take).
 *
 * @param text Digits with at most `decimals` of them after a `.` (`"1.5"`, `"0.000000001"`,
 * `"-2"`); no exponent, no thousands separators.
 * @param decimals The mint's decimals, a whole number from 0 to 255.
 * @throws TypeError naming the argument and the rule: text that is not such a number, or more
 * fraction digits than `decimals` (`"0.0000000001"` with 9), which would have to be rounded.
 * @example
 * ```ts
 * parseUnits("1.5", 9); // 1500000000n
 * ```
 */
export function parseUnits(text: string, decimals: number): bigint {
  checkDecimals(decimals, "parseUnits");
  const match = typeof text === "string" ? /^(-?)(\d*)(?:\.(\d*))?$/.exec(text.trim()) : null;
  const [, sign, integer = "", fraction = ""] = match ?? [];
  if (!match || !(integer || fraction))
    throw new TypeError(
      `parseUnits: text must be a decimal number such as "1.5" (got ${typeof text === "string" ? JSON.stringify(text.slice(0, 40)) : typeof text})`,
    );
  if (fraction.replace(/0+$/, "").length > decimals)
    throw new TypeError(
      `parseUnits: text has more than ${decimals} digits after the point (got ${JSON.stringify(text.slice(0, 40))}): it would be rounded`,
    );
  return BigInt(`${sign}${integer || "0"}${fraction.padEnd(decimals, "0").slice(0, decimals)}`);
}
