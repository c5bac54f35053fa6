/**
 * The check of a call's answer that its u64 values are u64s (decision 0005): a `1.5` under a
 * `bigint` type would fail far from the call, in the caller's arithmetic. Given to `reviveU64`
 * by the calls, and kept out of json.ts: the webhook receiver revives without it, and does not
 * bundle it.
 */
import type { U64Check } from "./json.js";

/**
 * A u64 value (shape 1), once revived, that is a number, a string or a bigint must be a whole
 * number from 0 to 2^64 - 1 (which reviving has made a bigint, digits in a string too), or a
 * RangeError names it: `result.token_info.balance: must be a whole number from 0 to 2^64 - 1 (got
 * 1.5)`. (`null`, objects and arrays pass: no value, or a list of u64 values, each checked.)
 * @internal
 */
export const checkU64: U64Check = (value, shape, path) => {
  if (
    shape === 1 &&
    typeof value !== "object" &&
    !(typeof value === "bigint" && value >= 0 && value < 2n ** 64n)
  )
    throw new RangeError(
      `${path}: must be a whole number from 0 to 2^64 - 1 (got ${
        typeof value === "string" ? JSON.stringify(value.slice(0, 40)) : value
      })`,
    );
};
