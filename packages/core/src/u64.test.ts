/**
 * A u64 value of a call's answer that is no u64 (1.5, -1, 2^64, "abc") fails the call with an
 * `InvalidResponseError` of reason `not-u64` naming it, rather than arriving as a `number` (or an
 * out-of-range `bigint`) under a `bigint` type (user trial 32, F4; decision 0005); so does an i64
 * value (shape `2`) that is no whole number from -2^63 to 2^63 - 1. `reviveU64` alone converts
 * without checking; a call gives it `checkU64`.
 */
import { describe, expect, it } from "vitest";
import { createBatcher } from "./batch.js";
import { InvalidResponseError } from "./errors.js";
import { rpcHost, walletHost } from "./generated/environments.js";
import { createJsonRpcClient, type RpcMethodDescriptor } from "./json-rpc.js";
import { parseJson, reviveU64, type U64Shape } from "./json.js";
import { checkU64 } from "./u64.js";
import { jsonResponse, stubFetch, type RecordedCall } from "./test-support/testing.js";
import { createRestTransport } from "./rest.js";
import type { OperationDescriptor } from "./config.js";

const KEY = "u64-check-key-0123456789abcdef";
const RULE = "must be a whole number from 0 to 2^64 - 1";
const SIGNED = "must be a whole number from -2^63 to 2^63 - 1";
const getAsset: RpcMethodDescriptor = {
  id: "getAsset",
  idempotent: true,
  u64: { token_info: { balance: 1, supply: 1, price_info: { price_per_token: 0 } } },
};
const getAssetBatch: RpcMethodDescriptor = { ...getAsset, id: "getAssetBatch" };

/** A JSON-RPC server answering every request (or batch entry) with `result` as JSON text. */
const answering = (result: (params: any) => string) => (call: RecordedCall) => {
  const body = JSON.parse(call.body!);
  const entry = (r: { id: string; params: unknown }) =>
    `{"jsonrpc":"2.0","id":${JSON.stringify(r.id)},"result":${result(r.params)}}`;
  return jsonResponse(Array.isArray(body) ? `[${body.map(entry).join(",")}]` : entry(body));
};
const asset = (balance: string) => `{"id":"a","token_info":{"balance":${balance},"supply":7}}`;
const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value, error: undefined as any }),
    (error) => ({ value: undefined, error }),
  );

describe("reviveU64 with checkU64: each u64 value checked, named from the root", () => {
  const shape: U64Shape = { items: { balance: 1, price: 0 }, total: 1 };
  const check = (text: string) => () => reviveU64(parseJson(text), shape, "result", checkU64);

  it.each([
    ["1.5", "result.items[1].balance", "1.5"],
    ["-1", "result.items[1].balance", "-1"],
    ["18446744073709551616", "result.items[1].balance", "18446744073709551616"],
    ['"-5"', "result.items[1].balance", '"-5"'], // (a string, as sent: review 70, F4)
    ['"12abc"', "result.items[1].balance", '"12abc"'],
    ['"1.5"', "result.items[1].balance", '"1.5"'],
    ["true", "result.items[1].balance", "true"],
    // (User trial 39: a null resolved under a bigint type. No u64 of an answer is nullable.)
    ["null", "result.items[1].balance", "null"],
  ])("%s: a RangeError naming the path and the rule", (bad, path, shown) => {
    expect(check(`{"items":[{"balance":1},{"balance":${bad}}],"total":1}`)).toThrow(
      new RangeError(`${path}: ${RULE} (got ${shown})`),
    );
  });

  it("the root itself, a long string cut to 40 characters and marked so, as digits are", () => {
    expect(() => reviveU64(-3, 1, "result", checkU64)).toThrow(`result: ${RULE} (got -3)`);
    // (Review 69: the string's cut had no mark, where a number's and the receiver's had one.)
    expect(() => reviveU64({ total: "x".repeat(100) }, shape, "body", checkU64)).toThrow(
      `body.total: ${RULE} (got "${"x".repeat(40)}…")`,
    );
    expect(() => reviveU64({ total: "x".repeat(40) }, shape, "body", checkU64)).toThrow(
      `body.total: ${RULE} (got "${"x".repeat(40)}")`,
    );
    expect(() => reviveU64({ total: 10n ** 60n }, shape, "body", checkU64)).toThrow(
      `body.total: ${RULE} (got ${"1" + "0".repeat(39)}…)`,
    );
  });

  it("0, 2^64 - 1, digits in a string and lists of u64 values pass, converted; floats, unmarked fields and a null object pass", () => {
    const text = `{"items":[{"balance":0,"price":-1.5},{"balance":"18446744073709551615","other":-2.5}],"total":18446744073709551615}`;
    expect(reviveU64(parseJson(text), shape, "result", checkU64)).toEqual({
      items: [
        { balance: 0n, price: -1.5 },
        { balance: 18446744073709551615n, other: -2.5 },
      ],
      total: 18446744073709551615n,
    });
    // (A null where the shape is an object's is no u64 value; the root's object too.)
    expect(reviveU64({ total: 1, items: null }, shape, "result", checkU64)).toEqual({
      total: 1n,
      items: null,
    });
    expect(reviveU64(null, shape, "result", checkU64)).toBeNull();
    expect(() => reviveU64({ total: null }, shape, "result", checkU64)).toThrow(
      new RangeError(`result.total: ${RULE} (got null)`),
    );
    expect(() => reviveU64(null, 1, "result", checkU64)).toThrow(
      new RangeError(`result: ${RULE} (got null)`),
    );
    expect(reviveU64([1, "2"], 3, "result", checkU64)).toEqual([1n, 2n]);
  });

  it("reviveU64 alone checks nothing (a webhook event's i64 fields are negative)", () => {
    expect(reviveU64({ total: 1.5, items: [{ balance: -5 }] }, shape)).toEqual({
      total: 1.5,
      items: [{ balance: -5n }],
    });
    // (Nor an i64's range: 2^63 converted as it is.)
    expect(
      reviveU64({ change: 9223372036854775808n, other: "-7" }, { change: 2, other: 2 }),
    ).toEqual({ change: 9223372036854775808n, other: -7n });
  });
});

describe("reviveU64 with checkU64: an i64 value (shape 2), from -2^63 to 2^63 - 1", () => {
  const shape: U64Shape = { changes: { delta: 2, after: 1 } };
  const check = (delta: string) => () =>
    reviveU64(parseJson(`{"changes":[{"delta":${delta},"after":5}]}`), shape, "body", checkU64);

  it("-2^63, 2^63 - 1, negatives, digits in a string and 0 pass, each a bigint", () => {
    for (const [delta, value] of [
      ["-9223372036854775808", -9223372036854775808n],
      ["9223372036854775807", 9223372036854775807n],
      ["-5", -5n],
      ['"-5000"', -5000n],
      ["0", 0n],
    ] as const)
      expect(check(delta)(), delta).toEqual({ changes: [{ delta: value, after: 5n }] });
  });

  it.each([
    ["9223372036854775808", "9223372036854775808"],
    ["-9223372036854775809", "-9223372036854775809"],
    ["18446744073709551615", "18446744073709551615"],
    ["-1.5", "-1.5"],
    ['"-5x"', '"-5x"'],
    ["false", "false"],
  ])("%s: a RangeError naming the path and the signed rule", (delta, shown) => {
    expect(check(delta)).toThrow(new RangeError(`body.changes[0].delta: ${SIGNED} (got ${shown})`));
  });

  it("the u64 beside it keeps its own range; the root, and lists of i64 values", () => {
    expect(() =>
      reviveU64(parseJson(`{"changes":[{"delta":-1,"after":-1}]}`), shape, "body", checkU64),
    ).toThrow(new RangeError(`body.changes[0].after: ${RULE} (got -1)`));
    expect(() => reviveU64(2n ** 63n, 2, "result", checkU64)).toThrow(
      `result: ${SIGNED} (got 9223372036854775808)`,
    );
    expect(reviveU64([-1, 2], 4, "result", checkU64)).toEqual([-1n, 2n]);
    expect(() => reviveU64([-1, null], 4, "result", checkU64)).toThrow(
      new RangeError(`result[1]: ${SIGNED} (got null)`),
    );
  });

  it("a call whose answer holds an i64: a negative value resolves, one past 2^63 - 1 fails with not-u64", async () => {
    const op: OperationDescriptor = { id: "getChanges", idempotent: true, u64: shape };
    const call = async (body: string) => {
      const { fetch } = stubFetch(jsonResponse(body));
      const transport = createRestTransport({ apiKey: KEY, fetch, maxRetries: 0 }, walletHost);
      return transport.restCall(op, undefined, undefined, async (send) =>
        send(new Request(`${transport.baseUrl}/v1/x`)),
      );
    };
    await expect(call('{"changes":[{"delta":-5000,"after":1}]}')).resolves.toEqual({
      changes: [{ delta: -5000n, after: 1n }],
    });
    const { error } = await settle(call('{"changes":[{"delta":9223372036854775808,"after":1}]}'));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ reason: "not-u64", operation: "getChanges" });
    expect(error.message).toBe(
      `Invalid response (not-u64) from getChanges, status 200: body.changes[0].delta: ${SIGNED} (got 9223372036854775808)`,
    );
  });
});

// Review 68: the shape marked a u64 and a list of them the same way (`1`), and the check let any
// object or array through, so `"supply": [5]` or `{}` reached the caller typed `bigint`. A list of
// u64 or i64 values is now `3` or `4`, and each is refused where the other belongs.
describe("reviveU64 with checkU64: a list where one value belongs, and none where a list does", () => {
  const shape: U64Shape = { supply: 1, change: 2, balances: 3, changes: 4, items: { fee: 1 } };
  const check = (text: string) => () => reviveU64(parseJson(text), shape, "result", checkU64);

  it.each([
    ['{"supply":[5]}', `result.supply: ${RULE} (got a list)`],
    ['{"supply":[]}', `result.supply: ${RULE} (got a list)`],
    ['{"supply":{}}', `result.supply: ${RULE} (got an object)`],
    ['{"supply":{"0":5}}', `result.supply: ${RULE} (got an object)`],
    ['{"change":[-5]}', `result.change: ${SIGNED} (got a list)`],
    ['{"items":[{"fee":[1]}]}', `result.items[0].fee: ${RULE} (got a list)`],
    ['{"balances":5}', "result.balances: must be a list (got 5)"],
    // (Digits in a string are converted first, as under a `1`, and shown as sent: review 70, F4.)
    ['{"balances":"5"}', 'result.balances: must be a list (got "5")'],
    ['{"supply":"18446744073709551616"}', `result.supply: ${RULE} (got "18446744073709551616")`],
    ['{"balances":"x"}', 'result.balances: must be a list (got "x")'],
    ['{"balances":{"0":5}}', "result.balances: must be a list (got an object)"],
    ['{"balances":null}', "result.balances: must be a list (got null)"],
    ['{"changes":-5}', "result.changes: must be a list (got -5)"],
    // (The elements are single values: a list inside the list is refused, and each is in range.)
    ['{"balances":[1,[2]]}', `result.balances[1]: ${RULE} (got a list)`],
    ['{"balances":[1,{}]}', `result.balances[1]: ${RULE} (got an object)`],
    ['{"balances":[1,-2]}', `result.balances[1]: ${RULE} (got -2)`],
    [
      '{"changes":[-1,9223372036854775808]}',
      `result.changes[1]: ${SIGNED} (got 9223372036854775808)`,
    ],
  ])("%s: a RangeError naming the path", (text, message) => {
    expect(check(text)).toThrow(new RangeError(message));
  });

  it("lists where the shape has them, single values elsewhere, pass converted; the root too", () => {
    expect(
      check(
        '{"supply":18446744073709551615,"change":-1,"balances":[0,"7",18446744073709551615],"changes":[],"items":[{"fee":5}]}',
      )(),
    ).toEqual({
      supply: 18446744073709551615n,
      change: -1n,
      balances: [0n, 7n, 18446744073709551615n],
      changes: [],
      items: [{ fee: 5n }],
    });
    expect(() => reviveU64([5], 1, "result", checkU64)).toThrow(`result: ${RULE} (got a list)`);
    expect(() => reviveU64(5, 3, "result", checkU64)).toThrow("result: must be a list (got 5)");
  });

  it("reviveU64 alone still converts what it can, a list or not (it checks nothing)", () => {
    expect(reviveU64({ supply: [5], balances: 5 }, shape)).toEqual({ supply: [5n], balances: 5n });
  });

  it("a call: InvalidResponseError not-u64 naming result.token_info.supply", async () => {
    for (const [supply, shown] of [
      ["[5]", "a list"],
      ["{}", "an object"],
    ]) {
      const { fetch } = stubFetch(
        answering(() => `{"id":"a","token_info":{"balance":1,"supply":${supply}}}`),
      );
      const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
      const { error } = await settle(rpc.call(getAsset, { id: "a" }));
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect(error).toMatchObject({
        reason: "not-u64",
        message: `Invalid response (not-u64) from getAsset, status 200: result.token_info.supply: ${RULE} (got ${shown})`,
      });
    }
  });
});

describe("a call whose answer holds a u64 value that is none", () => {
  it("JSON-RPC: InvalidResponseError not-u64 naming result.token_info.balance; not retried; onResponse not called", async () => {
    const { fetch, calls } = stubFetch(answering(() => asset("1.5")));
    const seen: unknown[] = [];
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    const { error } = await settle(
      rpc.call(getAsset, { id: "a" }, { onResponse: (r) => seen.push(r) }),
    );
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({
      reason: "not-u64",
      operation: "getAsset",
      status: 200,
      attempts: 1,
      message: `Invalid response (not-u64) from getAsset, status 200: result.token_info.balance: ${RULE} (got 1.5)`,
    });
    expect(error.snippet).toContain('"balance":1.5');
    expect(calls).toHaveLength(1);
    expect(seen).toEqual([]);
  });

  it("null for a u64 value: InvalidResponseError not-u64 naming it (user trial 39: it resolved as null under a bigint type)", async () => {
    const { fetch, calls } = stubFetch(answering(() => asset("null")));
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    const { error } = await settle(rpc.call(getAsset, { id: "a" }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({
      reason: "not-u64",
      message: `Invalid response (not-u64) from getAsset, status 200: result.token_info.balance: ${RULE} (got null)`,
    });
    expect(calls).toHaveLength(1);
  });

  it("negative and 2^64: refused the same way; a valid answer still resolves with bigints", async () => {
    for (const [balance, shown] of [
      ["-1", "-1"],
      ["18446744073709551616", "18446744073709551616"],
    ]) {
      const { fetch } = stubFetch(answering(() => asset(balance!)));
      const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
      await expect(rpc.call(getAsset, { id: "a" })).rejects.toThrow(
        `result.token_info.balance: ${RULE} (got ${shown})`,
      );
    }
    const { fetch } = stubFetch(answering(() => asset('"18446744073709551615"')));
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    await expect(rpc.call(getAsset, { id: "a" })).resolves.toMatchObject({
      token_info: { balance: 18446744073709551615n, supply: 7n },
    });
  });

  it("a list result names the item; in a batch, only the call whose entry is bad fails", async () => {
    const { fetch } = stubFetch(
      answering((params) => (params.id === "bad" ? `[${asset("1")},${asset("2.5")}]` : "[]")),
    );
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch, batch: createBatcher() }, rpcHost, "/");
    const [bad, good] = await Promise.all([
      settle(rpc.call(getAssetBatch, { id: "bad" })),
      settle(rpc.call(getAssetBatch, { id: "good" })),
    ]);
    expect(bad.error).toMatchObject({ reason: "not-u64", operation: "getAssetBatch" });
    expect(bad.error.message).toContain(`result[1].token_info.balance: ${RULE} (got 2.5)`);
    expect(good.value).toEqual([]);
  });

  it("the value shown is redacted: a key the server echoes in a u64 field is masked", async () => {
    const { fetch } = stubFetch(answering(() => asset(JSON.stringify(`key ${KEY}`))));
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch }, rpcHost, "/");
    const { error } = await settle(rpc.call(getAsset, { id: "a" }));
    expect(error.message).toContain(`result.token_info.balance: ${RULE} (got "key ***")`);
    expect(JSON.stringify(error)).not.toContain(KEY);
  });

  it("REST: the path starts from body", async () => {
    const op: OperationDescriptor = {
      id: "getBalances",
      idempotent: true,
      u64: { balances: { amount: 1 } },
    };
    const { fetch } = stubFetch(jsonResponse({ balances: [{ amount: 5 }, { amount: 0.5 }] }));
    const transport = createRestTransport({ apiKey: KEY, fetch, maxRetries: 0 }, walletHost);
    const { error } = await settle(
      transport.restCall(op, undefined, undefined, async (send) =>
        send(new Request(`${transport.baseUrl}/v1/x`)),
      ),
    );
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ reason: "not-u64", operation: "getBalances", attempts: 1 });
    expect(error.message).toBe(
      `Invalid response (not-u64) from getBalances, status 200: body.balances[1].amount: ${RULE} (got 0.5)`,
    );
    expect(error.snippet).toBe('{"balances":[{"amount":5},{"amount":0.5}]}');
  });
});
