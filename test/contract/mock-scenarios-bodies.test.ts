/**
 * The mock's broken-body scenarios (packages/mock/README.md, Scenarios: `body`) through the
 * generated clients: what the SDK does with each answer, its error class, reason and attempts
 * (user trial 57, F8: a service's tests had to wrap `fetch` to get a body cut short, a reset or
 * an HTML page, as test/faults does with stubs).
 */
import {
  ConnectionError,
  InternalServerError,
  InvalidResponseError,
  type ChainDataError,
} from "@chaindata/core";
import type { MockScenario } from "@chaindata/mock";
import { describe, expect, it } from "vitest";
import { useMock } from "./harness.js";
import { operationById } from "./spec.js";

const asset = operationById.get("getAsset")!.input as { id: string };
const wallet = operationById.get("getBalances")!.input as never;

describe("broken bodies through the clients", () => {
  const h = useMock("examples");
  // The client's own fetch, so that the SDK reads the body itself (the harness's recording fetch
  // reads a clone first). Two retries, the default.
  const clients = () => h.clients({ fetch: globalThis.fetch, maxRetries: 2 });
  /** The error `call` rejects with, after `scenario` was set up. */
  const failing = async (scenario: MockScenario, call: () => Promise<unknown>) => {
    h.mock.failNext(scenario);
    return (await call().then(
      () => expect.fail(`${JSON.stringify(scenario)}: the call succeeded`),
      (e: unknown) => e,
    )) as ChainDataError & { reason?: string; status?: number };
  };
  const statuses = () => h.requests().map((r) => [r.status, r.bodyFault]);

  it("truncated once: retried, the second answer is the result", async () => {
    h.mock.failNext({ operation: "getAsset", body: "truncated" });
    expect(await clients().das.getAsset(asset)).toMatchObject({ id: expect.any(String) });
    expect(statuses()).toEqual([
      [200, "truncated"],
      [200, undefined],
    ]);
  });

  it.each([
    ["getAsset", () => clients().das.getAsset(asset)],
    ["getBalances", () => clients().wallet.getBalances(wallet)],
  ])(
    "truncated every time (%s): InvalidResponseError truncated after 3 attempts",
    async (operation, call) => {
      const error = await failing({ operation, body: "truncated", times: 3 }, call);
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect([error.reason, error.status, error.attempts]).toEqual(["truncated", 200, 3]);
      expect(error.message).toBe(
        `Invalid response (truncated) from ${operation}, status 200 (3 attempts)`,
      );
      expect(statuses()).toEqual(Array(3).fill([200, "truncated"]));
    },
  );

  it("reset mid-body: ConnectionError, retried", async () => {
    const error = await failing({ operation: "getAsset", body: "reset", times: 3 }, () =>
      clients().das.getAsset(asset),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.attempts).toBe(3);
    // (undici's words after "terminated": "other side closed" on Node 20.)
    expect(error.message).toMatch(
      /^Connection error from getAsset: terminated\b.* \(3 attempts\)$/,
    );
    expect(statuses()).toEqual(Array(3).fill([200, "reset"]));
  });

  it("an HTML page with 200: InvalidResponseError html naming its title, not retried", async () => {
    const error = await failing({ operation: "getAsset", body: "html" }, () =>
      clients().das.getAsset(asset),
    );
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect([error.reason, error.status, error.attempts]).toEqual(["html", 200, 1]);
    expect(error.message).toBe(
      'Invalid response (html) from getAsset, status 200: page titled "Sign in to the network"',
    );
    expect(statuses()).toEqual([[200, "html"]]);
  });

  it("a proxy's 502 page: InternalServerError naming its title, retried", async () => {
    const error = await failing(
      { operation: "getAsset", status: 502, body: "html", times: 3 },
      () => clients().das.getAsset(asset),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect([error.status, error.attempts]).toEqual([502, 3]);
    expect(error.message).toContain('page titled "502 Bad Gateway"');
    expect(statuses()).toEqual(Array(3).fill([502, "html"]));
  });

  it("not JSON with 200: InvalidResponseError non-json, not retried", async () => {
    const error = await failing({ operation: "getBalances", body: "not-json" }, () =>
      clients().wallet.getBalances(wallet),
    );
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect([error.reason, error.status, error.attempts]).toEqual(["non-json", 200, 1]);
    expect(statuses()).toEqual([[200, "not-json"]]);
  });

  it("with an error status: that status's error (its body the broken text), or a ConnectionError for a reset", async () => {
    const cut = await failing(
      { operation: "getAsset", status: 503, body: "truncated", times: 3 },
      () => clients().das.getAsset(asset),
    );
    expect(cut).toBeInstanceOf(InternalServerError);
    expect([cut.status, cut.attempts]).toEqual([503, 3]);
    expect((cut as InternalServerError).body).toEqual(expect.any(String));
    const text = await failing(
      { operation: "getBalances", status: 503, body: "not-json", times: 3 },
      () => clients().wallet.getBalances(wallet),
    );
    expect(text).toBeInstanceOf(InternalServerError);
    expect((text as InternalServerError).body).toBe(
      'Not JSON: a @chaindata/mock scenario (body: "not-json")\n',
    );
    const reset = await failing(
      { operation: "getAsset", status: 503, body: "reset", times: 3 },
      () => clients().das.getAsset(asset),
    );
    expect(reset).toBeInstanceOf(ConnectionError);
    expect(reset.attempts).toBe(3);
    expect(statuses()).toEqual([
      ...Array(3).fill([503, "truncated"]),
      ...Array(3).fill([503, "not-json"]),
      ...Array(3).fill([503, "reset"]),
    ]);
  });
});
