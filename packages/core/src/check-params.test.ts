// checkParams: a call's params check without the call, over the call's own endpoint (user trial 60,
// F6; docs/decisions/0023-param-checks.md). The same refusal as the call's, thrown at once, the
// endpoint's key masked, nothing sent.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBatcher } from "./batch.js";
import { checkParams } from "./check-params.js";
import { createCoalescer } from "./coalesce.js";
import type { OperationDescriptor } from "./config.js";
import { ConfigurationError, ValidationError } from "./errors.js";
import { apiHost, rpcHost } from "./generated/environments.js";
import { createJsonRpcClient, notAnRpc, type RpcMethodDescriptor } from "./json-rpc.js";
import { createRestTransport } from "./rest.js";
import { stubFetch } from "./test-support/testing.js";
import { vObject, vString } from "./validate.js";

// (A key shaped as the service's, which the address rule refuses: a key pasted into a field.)
const KEY = "3f8c2a1e-7b4d-4e9a-9c21-5d6e7f809a1b";
const ADDRESS = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const address = vString(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, "a base58 address");
const getThing: RpcMethodDescriptor = {
  id: "getThing",
  idempotent: true,
  params: vObject({ id: address, note: vString() }, ["id"], false),
};
const createThing: OperationDescriptor = {
  id: "createThing",
  idempotent: false,
  params: vObject({ owner: address, authHeader: vString(/^\S+$/, "one word") }, ["owner"], false),
};

/** What the call itself rejects with, for `params` (nothing answers: its `fetch` throws). */
const callError = async (call: () => Promise<unknown>) => {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error("the call did not refuse");
};

/** What `check` throws, synchronously. */
const thrown = (check: () => void) => {
  try {
    check();
  } catch (error) {
    return error;
  }
  throw new Error("the check did not refuse");
};

beforeEach(() => vi.stubEnv("CHAINDATA_API_KEY", ""));
afterEach(() => vi.unstubAllEnvs());

describe("checkParams over a JSON-RPC endpoint", () => {
  it("throws at once the call's own ValidationError, the key quoted as ***, and sends nothing", async () => {
    const stub = stubFetch(new Error("not to be sent"));
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch: stub.fetch, maxRetries: 0 },
      rpcHost,
      "/",
    );
    const bad = { id: KEY, note: 5, extra: 1 };
    const error = thrown(() => checkParams(rpc, "createThingRpc", getThing, bad));
    expect(error).toBeInstanceOf(ValidationError);
    const expected = (await callError(() => rpc.call(getThing, bad))) as ValidationError;
    expect(expected).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(expected.message);
    expect((error as ValidationError).issues).toEqual(expected.issues);
    expect((error as ValidationError).operation).toBe("getThing");
    expect((error as ValidationError).message).toBe(
      'params.id: must be a base58 address (got "***"); params.note: must be string (got number 5); params.extra: is not an allowed property (allowed: id, note)',
    );
    expect(JSON.stringify((error as ValidationError).issues)).not.toContain(KEY);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stub.calls).toEqual([]);
  });

  it("returns for params the call takes, still sending nothing, with no key, a batcher or a coalescer", async () => {
    const stub = stubFetch(new Error("not to be sent"));
    for (const options of [
      { fetch: stub.fetch, environment: "mainnet" as const },
      { apiKey: KEY, fetch: stub.fetch, batch: createBatcher(), coalesce: createCoalescer() },
    ]) {
      const rpc = createJsonRpcClient(options, rpcHost, "/");
      expect(checkParams(rpc, "createThingRpc", getThing, { id: ADDRESS })).toBeUndefined();
      // (No params check at all: anything passes, as the call sends it.)
      expect(
        checkParams(rpc, "createThingRpc", { id: "raw", idempotent: true }, 1),
      ).toBeUndefined();
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stub.calls).toEqual([]);
  });

  it("an endpoint of the caller's own making, whose call runs no check: the check, every refused value of 16 characters or more masked, a shorter one shown", () => {
    const own = { call: async () => "answered" };
    // (A short value is no key: shown, so the message says what is wrong with it.)
    const error = thrown(() => checkParams(own, "createThingRpc", getThing, { id: "0OIl" }));
    expect((error as ValidationError).message).toBe(
      'params.id: must be a base58 address (got "0OIl")',
    );
    // (Its key, when it wraps an endpoint of ours, is unknown: a key pasted into a field was
    // quoted whole, review 87, F2.)
    expect(() => checkParams(own, "createThingRpc", getThing, { id: KEY, note: 5 })).toThrow(
      'params.id: must be a base58 address (got "***"); params.note: must be string (got number 5)',
    );
    for (const [id, shown] of [
      ["x".repeat(15), `"${"x".repeat(15)}"`],
      ["x".repeat(16), '"***"'],
      ["secret-key-16chr", '"***"'],
    ])
      expect(() => checkParams(own, "createThingRpc", getThing, { id })).toThrow(
        `params.id: must be a base58 address (got ${shown})`,
      );
    expect(() =>
      checkParams(own, "createThingRpc", getThing, { id: ADDRESS, note: 1234567890123456 }),
    ).toThrow("params.note: must be string (got number ***)");
    expect(checkParams(own, "createThingRpc", getThing, { id: ADDRESS })).toBeUndefined();
  });

  it("never runs the `call` of an endpoint of the caller's own making: a test's double, a wrapper (review 87, F2)", async () => {
    // (Its `call` was run to find the check: a double's queued answer was taken and its count
    // was 2 for one call, a wrapper that awaits before it calls ran its own work for a check.)
    const double = { call: vi.fn(async () => "answered") };
    checkParams(double, "createThingRpc", getThing, { id: ADDRESS });
    expect(() => checkParams(double, "createThingRpc", getThing, { id: "0OIl" })).toThrow(
      ValidationError,
    );
    const stub = stubFetch(new Error("not to be sent"));
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch: stub.fetch }, rpcHost, "/");
    const waited = vi.fn();
    const wrapper = {
      call: async (...args: Parameters<typeof rpc.call>) => {
        waited();
        await Promise.resolve();
        return rpc.call(...args);
      },
    };
    checkParams(wrapper, "createThingRpc", getThing, { id: ADDRESS });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(double.call).not.toHaveBeenCalled();
    expect(waited).not.toHaveBeenCalled();
    expect(stub.calls).toEqual([]);
  });

  it("runs no other `call` than the one it found its own: a getter that answers ours, then a double (review 88, F3)", async () => {
    // (`call` was read three times: its type, the WeakSet, the run; the third read's was run.)
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch: stubFetch(new Error("no")).fetch },
      rpcHost,
      "/",
    );
    const double = vi.fn(async () => "answered");
    let reads = 0;
    const shifty = {
      get call() {
        return ++reads <= 2 ? rpc.call : double;
      },
    };
    expect(() => checkParams(shifty, "createThingRpc", getThing, { id: "0OIl" })).toThrow(
      ValidationError,
    );
    expect(double).not.toHaveBeenCalled();
  });
});

describe("checkParams over a REST endpoint", () => {
  it("runs the endpoint's check: the call's ValidationError, its key and the input's credential masked", async () => {
    const stub = stubFetch(new Error("not to be sent"));
    const transport = createRestTransport({ apiKey: KEY, fetch: stub.fetch }, apiHost);
    // (A REST area's endpoint, as the generated create<Area>Rest makes it: `call` and `check`.)
    const rest = {
      call: (operation: OperationDescriptor, params: unknown) =>
        transport.restCall(operation, params, undefined, (fetch) =>
          fetch(new Request(`${transport.baseUrl}/v0/things`, { method: "POST", body: "{}" })),
        ),
      check: transport.check,
    };
    const bad = { owner: KEY, authHeader: "Bearer s3cret-value" };
    const error = thrown(() => checkParams(rest, "createThingsRest", createThing, bad));
    const expected = (await callError(() => rest.call(createThing, bad))) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(expected.message);
    expect((error as ValidationError).issues).toEqual(expected.issues);
    expect((error as ValidationError).operation).toBe("createThing");
    expect((error as ValidationError).message).toBe(
      'params.owner: must be a base58 address (got "***"); params.authHeader: must be one word (got "***")',
    );
    expect(stub.calls).toEqual([]);
  });

  it("over an endpoint of the caller's own making (a double with `call`, no `check`), masks a credential the params carry however short: a webhook secret read with its line break (review 90, F1)", () => {
    const own = { call: async () => "answered" };
    for (const authHeader of ["s3cret\n", "Bearer s3cr", 'Bearer\ts3cr"et\n']) {
      const error = thrown(() =>
        checkParams(own, "createThingsRest", createThing, { owner: ADDRESS, authHeader }),
      ) as ValidationError;
      expect(error.message).toMatch(/^params\.authHeader: must be one word \(got "\*\*\*/);
      expect(error.message).not.toContain("s3cr");
    }
    // A short value at no credential's name is still shown (decision 0023).
    expect(() =>
      checkParams(own, "createThingsRest", createThing, { owner: "0OIl", authHeader: "s3cret" }),
    ).toThrow('params.owner: must be a base58 address (got "0OIl")');
  });
});

describe("checkParams given no endpoint", () => {
  it("throws a ConfigurationError naming the factory, never quoting a string given (it may be the key)", () => {
    for (const [given, got] of [
      [KEY, "a long string"],
      [undefined, "undefined"],
      [
        { getThing: () => {} },
        "a client: its calls check their own params; pass createThingRpc()'s result",
      ],
      // (The sdk's composed client: the call one level down, under its area's name.)
      [{ thing: {} }, "a client: its calls check their own params; pass createThingRpc()'s result"],
      [{}, "object"],
    ] as const) {
      const error = thrown(() => checkParams(given, "createThingRpc", getThing, { id: ADDRESS }));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).message).toBe(
        `getThing: the first argument must be an rpc from createThingRpc() (got ${got})`,
      );
      expect((error as ConfigurationError).operation).toBe("getThing");
    }
  });

  it("words the refusal of what is no client as the call does (notAnRpc): one message written twice", async () => {
    for (const [given, what] of [
      [KEY, undefined],
      [undefined, undefined],
      [{}, undefined],
      [null, "the result of"],
    ] as const) {
      const call = await notAnRpc(given, "createThingRpc", getThing, what)!.catch((e) => e);
      const check = thrown(() => checkParams(given, "createThingRpc", getThing, {}, what));
      expect((check as Error).message).toBe((call as Error).message);
    }
  });

  it("words what a REST endpoint must be as the REST call does", () => {
    const error = thrown(() =>
      checkParams(null, "createThingsRest", createThing, {}, "the result of"),
    );
    expect((error as ConfigurationError).message).toBe(
      "createThing: the first argument must be the result of createThingsRest() (got null)",
    );
  });
});
