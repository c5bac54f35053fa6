/**
 * `null` where a u64 belongs (user trial 39, F7). In an answer, the spec types no u64 nullable: a
 * `value: null` from getCompressedBalanceByOwner resolved under a `bigint` type and failed later
 * in the caller's `formatUnits(null, 9)`; the call now fails with InvalidResponseError `not-u64`
 * naming `result.value`, as `true` and `1.5` did already. In a request, a required u64 param
 * given `null` is a ValidationError naming the field and the rule, nothing sent (no operation of
 * the spec takes a u64 param today: the check is compiled from a schema as the generator does).
 */
import { createCompressionClient } from "@chaindata/compression";
import { InvalidResponseError } from "@chaindata/core";
import { describe, expect, it, vi } from "vitest";
import { compileCheck, messages } from "../generate/compile-check.js";

const OWNER = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const RULE = "must be a whole number from 0 to 2^64 - 1";

/** A compression client whose every call is answered `{ context: { slot: 1 }, value }`. */
function answering(value: string) {
  const fetch = vi.fn<typeof globalThis.fetch>(async (_url, init) => {
    const { id } = JSON.parse(String(init!.body)) as { id: unknown };
    return new Response(
      `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"context":{"slot":1},"value":${value}}}`,
      { headers: { "content-type": "application/json" } },
    );
  });
  return { client: createCompressionClient({ apiKey: "k", fetch, maxRetries: 0 }), fetch };
}

describe("null for a u64 of an answer", () => {
  it("getCompressedBalanceByOwner answering value: null fails with not-u64 naming result.value, not retried", async () => {
    const { client, fetch } = answering("null");
    const error = await client.getCompressedBalanceByOwner({ owner: OWNER }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({
      reason: "not-u64",
      operation: "getCompressedBalanceByOwner",
      message: `Invalid response (not-u64) from getCompressedBalanceByOwner, status 200: result.value: ${RULE} (got null)`,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a valid value still resolves as a bigint", async () => {
    const { client } = answering("18446744073709551615");
    await expect(client.getCompressedBalanceByOwner({ owner: OWNER })).resolves.toEqual({
      context: { slot: 1 },
      value: 18446744073709551615n,
    });
  });
});

describe("null for a required u64 param", () => {
  it("is a ValidationError naming the field and the rule", () => {
    const check = compileCheck({
      type: "object",
      properties: { amount: { type: "integer", format: "uint64", minimum: 0 } },
      required: ["amount"],
      additionalProperties: false,
    });
    expect(messages(check, { amount: null })).toEqual([
      "params.amount: must be integer (got null)",
    ]);
    expect(messages(check, { amount: 5n })).toEqual([]);
  });
});
