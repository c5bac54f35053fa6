/**
 * The check of a call's answer that its u64 and i64 values are in range (decision 0005): a `1.5`
 * under a `bigint` type would fail far from the call, in the caller's arithmetic. Given to
 * `reviveU64` by the calls, and kept out of json.ts: a bundle that revives without making calls
 * (the webhook receiver, which checks with a function of its own) does not carry it.
 */
import { quoteServer } from "./quote.js";
import type { U64Check } from "./json.js";

/**
 * A u64 value (shape 1) or an i64 value (shape 2), once revived, must be a whole number in its
 * range, which reviving has made a bigint (digits in a string too): from 0 to 2^64 - 1 for a u64,
 * from -2^63 to 2^63 - 1 for an i64 (the 2^64 values from -2^63). Otherwise a RangeError names
 * it: `result.token_info.balance: must be a whole number from 0 to 2^64 - 1 (got 1.5)`, a value
 * quoted to its first 40 characters, `…` where it was cut (a server's 20 MB integer made a 20 MB
 * message). `null` is refused too, which would otherwise resolve under a `bigint` type: the spec
 * types no u64 of an answer nullable (one that may be missing is optional, and then absent). So
 * are an object and a list (`"supply": [5]` would reach the caller typed `bigint`). A list of them
 * (shape 3 or 4) must be a list (`result.balances: must be a list (got 5)`), whose elements the
 * walk then checks as shape 1 or 2. A string is shown as the server sent it, quoted (`(got "5")`),
 * though its digits were converted.
 * @internal
 */
export const checkU64: U64Check = (value, shape, path, sent = value) => {
  // (Shapes 2 and 4 are i64; an object shape is NaN, 0 a float and undefined nothing: unchecked.)
  const low = (shape as number) % 2 ? 0n : -(2n ** 63n);
  if (
    (shape as number) > 2
      ? !Array.isArray(value)
      : (shape as number) > 0 &&
        !(typeof value === "bigint" && value >= low && value < low + 2n ** 64n)
  )
    throw new RangeError(
      `${path}: must be ${(shape as number) > 2 ? "a list" : `a whole number from ${low ? "-2^63 to 2^63" : "0 to 2^64"} - 1`} (got ${
        // (A string as sent: digits in one, converted, showed as a number, `(got 5)`.)
        typeof sent === "string"
          ? // (Quoted as well: JSON.stringify escapes C0 only, not a bidi control or a C1 one.)
            quoteServer(JSON.stringify(sent.length > 40 ? sent.slice(0, 40) + "…" : sent))
          : value && typeof value == "object"
            ? Array.isArray(value)
              ? "a list"
              : "an object"
            : quoteServer(String(value), 40)
      })`,
    );
};
