/**
 * The mock's scenarios and delays (packages/mock/README.md, Scenarios) through the clients, as a
 * team tests its service's retries and timeouts against a black box (trial 13: "503 then 200",
 * "fail the next 2 calls" and a client timeout could not be set up on the mock, and every forced
 * 429 said `Retry-After: 1`).
 */
import { JsonRpcError, NotFoundError, RateLimitError, TimeoutError } from "@chaindata/core";
import { describe, expect, it } from "vitest";
import { useMock } from "./harness.js";
import { operationById, operations, rawRequest } from "./spec.js";

const asset = operationById.get("getAsset")!.input as { id: string };

describe("scenarios and delays through the clients", () => {
  const h = useMock("examples");

  it("every operation, with each error status it documents as a scenario: the answer sent holds no violation", async () => {
    // (The mock checks what it sends, its own edits included; a status an operation does not
    // document is refused when the scenario is set up, and skipped here.)
    const statuses = [400, 401, 403, 404, 429, 500, 503];
    let answered = 0;
    for (const op of operations)
      for (const status of statuses) {
        try {
          h.mock.failNext({
            operation: op.id,
            status,
            retryAfter: "Wed, 21 Oct 2026 07:28:00 GMT",
          });
        } catch {
          continue;
        }
        h.mock.clearRequests();
        await h.raw(rawRequest(op, op.input));
        const [entry] = h.requests();
        // (the status as the area answers it: compression's -32602 in a 200)
        expect(entry!.violations, `${op.id} ${status} (answered ${entry!.status})`).toEqual([]);
        answered++;
      }
    expect(answered).toBeGreaterThan(operations.length * 3);
  });

  it("503 then 200: the client retries and gets the answer", async () => {
    h.mock.failNext({ operation: "getAsset", status: 503 });
    const result = await h.clients().das.getAsset(asset);
    expect(result).toBeDefined();
    expect(h.requests().map((r) => r.status)).toEqual([503, 200]);
  });

  it("the next 2 calls fail: a client with 2 retries gets the third answer, one with 1 fails", async () => {
    h.mock.failNext({ operation: "getAsset", status: 500, times: 2 });
    await h.clients({ maxRetries: 2 }).das.getAsset(asset);
    expect(h.requests().map((r) => r.status)).toEqual([500, 500, 200]);
    h.mock.clearRequests();
    h.mock.failNext({ operation: "getAsset", status: 500, times: 2 });
    await expect(h.clients({ maxRetries: 1 }).das.getAsset(asset)).rejects.toMatchObject({
      status: 500,
    });
    expect(h.requests().map((r) => r.status)).toEqual([500, 500]);
  });

  it("a 429 with Retry-After: 0 is retried at once; one over 60 s is thrown at once with its retryAfter", async () => {
    h.mock.failNext({ operation: "getBalances", status: 429, retryAfter: 0, times: 2 });
    // The waits before the retries, as the client's log tells them (`delay`, ms): a wall-clock
    // bound just under the 2 s of two Retry-After: 1 was left 1.3 times by a loaded machine.
    const delays: unknown[] = [];
    const logger = {
      info: (_: string, meta?: Record<string, unknown>) => delays.push(meta?.delay),
    };
    await h
      .clients({ logger })
      .wallet.getBalances(operationById.get("getBalances")!.input as never);
    expect(delays).toEqual([0, 0]);
    expect(h.requests().map((r) => r.status)).toEqual([429, 429, 200]);

    h.mock.clearRequests();
    const later = new Date(Date.now() + 3_600_000).toUTCString();
    for (const retryAfter of [120, later]) {
      h.mock.failNext({ operation: "getAsset", status: 429, retryAfter });
      const error = await h
        .clients()
        .das.getAsset(asset)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryAfter).toBeGreaterThan(60);
    }
    expect(h.requests()).toHaveLength(2);
  });

  it("a JSON-RPC error scenario: the call fails with that JsonRpcError", async () => {
    h.mock.failNext({ operation: "getAsset", rpcError: -32004 });
    await expect(h.clients().das.getAsset(asset)).rejects.toBeInstanceOf(JsonRpcError);
    expect(h.requests().map((r) => r.status)).toEqual([200]);
  });

  it("a wallet error in an HTTP 200 (errorIn200): the error of its code, not retried (user trial 66, F1)", async () => {
    const wallet = operationById.get("getFundedBy")!.input as never;
    h.mock.failNext({ operation: "getFundedBy", errorIn200: 404 });
    const error = await h
      .clients()
      .wallet.getFundedBy(wallet)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toMatch(/\(in an HTTP 200 answer\)$/);
    h.mock.failNext({ operation: "getBalances", errorIn200: 429 });
    await expect(
      h.clients().wallet.getBalances(operationById.get("getBalances")!.input as never),
    ).rejects.toBeInstanceOf(RateLimitError);
    expect(h.requests().map((r) => [r.operationId, r.status])).toEqual([
      ["getFundedBy", 200],
      ["getBalances", 200],
    ]);
  });

  it("a page walk failing mid-way: delay 0 scenarios let the first pages through, the next fails (the README's recipe)", async () => {
    // A call's `Prefer: code=500` goes with every page, so the walk fails at its first; the
    // scenarios apply in order, and one with `delay: 0` alone answers as the mock would.
    const owner = operationById.get("getAssetsByOwner")!.input as { ownerAddress: string };
    h.mock.failNext({ operation: "getAssetsByOwner", delay: 0 });
    h.mock.failNext({ operation: "getAssetsByOwner", status: 500 });
    const seen: string[] = [];
    const walk = h
      .clients({ maxRetries: 0 })
      .das.getAssetsByOwner.all({ ownerAddress: owner.ownerAddress, limit: 1 });
    const error = await (async () => {
      for await (const item of walk) seen.push(item.id);
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, resumeFrom: { page: 2, limit: 1 } });
    expect((error as Error).message).toContain("stopped at page 2, after 1 page");
    expect(seen).toHaveLength(1);
    expect(h.requests().map((r) => r.status)).toEqual([200, 500]);
  });

  it("a delay longer than the client's timeout: TimeoutError, and the mock logs the request as aborted", async () => {
    h.mock.failNext({ operation: "getAsset", delay: 5_000 });
    const t0 = Date.now();
    const slow = h.clients({ timeout: 200, maxRetries: 0 }).das.getAsset(asset);
    await expect(slow).rejects.toBeInstanceOf(TimeoutError);
    // Per request, with the client's headers: the same.
    await expect(
      h
        .clients({ timeout: 200, maxRetries: 0, headers: { Prefer: "delay=5000" } })
        .das.getAsset(asset),
    ).rejects.toBeInstanceOf(TimeoutError);
    // Both calls over and both logged before the 5 s delay could have ended either: 4.5 s, where
    // they take about 0.4 s, so load does not decide it (review 75 F2: the log was polled 50 times,
    // then the time bounded at 4 s).
    while (h.requests().length < 2 && Date.now() - t0 < 4_500)
      await new Promise((r) => setTimeout(r, 20));
    expect(Date.now() - t0).toBeLessThan(4_500);
    expect(h.requests().map((r) => [r.status, r.aborted])).toEqual([
      [499, true],
      [499, true],
    ]);
  });
});
