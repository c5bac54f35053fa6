// The integer ranges of decision 0005: a u64 (`format: uint64`) is 0 … 2^64−1, an i64 −2^63 …
// 2^63−1, and any other integer within ±(2^53−1), beyond which the SDK would deliver a `bigint` in
// a field typed `number`. Read on the exact value where the bundle holds an integer beyond 2^53
// (bundle.mjs exactInteger). Used by the examples' ajv (examples.mjs), the schemas' bounds
// (schemas.mjs) and the area constants' lamports (area-constants.mjs).
import { exactInteger } from "../bundle.mjs";

export const U64_MAX = 2n ** 64n - 1n;
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const SAFE_MAX = BigInt(Number.MAX_SAFE_INTEGER);
/** `uint64`, `int64` or `plain` (any other schema that admits numbers). */
export const integerKind = (schema) =>
  schema.format === "uint64" || schema.format === "int64" ? schema.format : "plain";

/**
 * Why the integer `n` (a bigint) does not fit a schema of this kind, or undefined. A u64 is
 * 0 … 2^64−1 and an i64 −2^63 … 2^63−1; anywhere else an integer beyond ±(2^53−1) would reach
 * the SDK as a `bigint` (decision 0005) at a field typed `number`.
 */
export function integerRangeProblem(kind, n) {
  if (kind === "uint64")
    return n < 0n || n > U64_MAX ? `${n} is outside the u64 range 0 … ${U64_MAX}` : undefined;
  if (kind === "int64")
    return n < I64_MIN || n > I64_MAX
      ? `${n} is outside the i64 range ${I64_MIN} … ${I64_MAX}`
      : undefined;
  return n < -SAFE_MAX || n > SAFE_MAX
    ? `${n} is beyond ±(2^53−1) at a schema that is not a u64/i64 (the SDK would deliver it as a bigint in a field typed number): make the field $ref: common.yaml#/U64 (or #/I64), decision 0005`
    : undefined;
}

/** Whether a schema admits numbers: an `integer` or `number` type, or a u64/i64 format. */
export const admitsNumbers = (schema) =>
  [schema.type].flat().some((t) => t === "integer" || t === "number") ||
  integerKind(schema) !== "plain";

/** A bound or example value, exact where the bundle holds an integer beyond 2^53. */
export const exactValue = (container, key) => exactInteger(container, key) ?? container[key];
/** Whether `v` is a number a bound can be: a finite number or a bigint. */
export const isNum = (v) => typeof v === "bigint" || (typeof v === "number" && Number.isFinite(v));
/** `v` as a bigint, where it is a whole number; else undefined. */
export const toBig = (v) =>
  typeof v === "bigint" ? v : Number.isInteger(v) ? BigInt(v) : undefined;
