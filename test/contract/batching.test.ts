/**
 * JSON-RPC auto-batching against the mock: calls made in one tick with `batch: createBatcher()` go out as
 * one HTTP request (a JSON-RPC batch array, in the mock's log once, with every method), and each
 * call gets its own result — the mock answers each entry from its method's examples, so the
 * results differ and must not be mixed up. Per-entry errors stay with their call.
 */
import { createBatcher, JsonRpcError, parseJson, type ResponseFields } from "@chaindata/core";
import { describe, expect, it } from "vitest";
import { example } from "./contracts.js";
import { useMock } from "./harness.js";
import { operationById, validateAgainst } from "./spec.js";

const FUNGIBLE = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263"; // getAsset example "fungibleToken"

describe("auto-batching", () => {
  const h = useMock("examples");

  it("four calls in one tick → one HTTP request, a batch of four, each call its own result", async () => {
    const { das } = h.clients({ batch: createBatcher() });
    const [nft, fungible, batch, editions] = await Promise.all([
      das.getAsset(example("getAsset")),
      das.getAsset({ id: FUNGIBLE, options: { showFungible: true } }),
      das.getAssetBatch(example("getAssetBatch")),
      das.getNftEditions(example("getNftEditions")),
    ]);
    const log = h.requests();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      batch: true,
      rpcMethods: ["getAsset", "getAsset", "getAssetBatch", "getNftEditions"],
      status: 200,
    });
    expect(log[0]!.violations).toEqual([]);
    expect(h.exchanges).toHaveLength(1);

    // each call got the answer to its own request
    expect(nft.id).toBe(example("getAsset").id);
    expect(fungible.id).toBe(FUNGIBLE);
    expect(typeof fungible.token_info?.supply).toBe("bigint");
    const batchExample = operationById.get("getAssetBatch")!.method.examples[0].result
      .value as Array<{ id: string } | null>;
    expect(batch.map((a) => a?.id ?? null)).toEqual(batchExample.map((a) => a?.id ?? null));
    expect(editions.editions?.length).toBeGreaterThan(0);

    // the raw batch answer: one entry per request, ids matching, each result schema-valid
    const sent = (log[0]!.body as any[]).map((r) => r.id);
    const answer = parseJson(h.exchanges[0]!.text) as any[];
    expect(answer.map((r) => r.id).sort()).toEqual([...sent].sort());
    expect(new Set(sent).size).toBe(4); // distinct ids
    for (const entry of answer) {
      const method = (log[0]!.body as any[]).find((r) => r.id === entry.id).method;
      const op = operationById.get(method)!;
      expect(
        validateAgainst(
          op,
          op.method.result.schema,
          JSON.parse(
            JSON.stringify(entry.result, (_k, v) => (typeof v === "bigint" ? Number(v) : v)),
          ),
        ),
        method,
      ).toEqual([]);
    }
  });

  it("without batch: the same calls are four HTTP requests", async () => {
    const { das } = h.clients();
    await Promise.all([
      das.getAsset(example("getAsset")),
      das.getAsset({ id: FUNGIBLE }),
      das.getAssetBatch(example("getAssetBatch")),
      das.getNftEditions(example("getNftEditions")),
    ]);
    expect(h.requests()).toHaveLength(4);
    expect(h.requests().every((r) => !r.batch)).toBe(true);
  });

  it("maxSize splits: 5 calls with maxSize 2 → batches of 2, 2 and 1", async () => {
    const { das } = h.clients({ batch: createBatcher({ maxSize: 2 }) });
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        das.getAsset({ id: i % 2 ? FUNGIBLE : example("getAsset").id }),
      ),
    );
    expect(results.map((r) => r.id)).toEqual(
      Array.from({ length: 5 }, (_, i) => (i % 2 ? FUNGIBLE : example("getAsset").id)),
    );
    expect(h.requests().map((r) => r.rpcMethods!.length)).toEqual([2, 2, 1]);
  });

  it("calls across areas on the same host batch per client; the sender (another endpoint) never joins", async () => {
    const c = h.clients({ batch: createBatcher() });
    await Promise.all([
      c.compression.getCompressedBalanceByOwner(example("getCompressedBalanceByOwner")),
      c.compression.getLatestCompressionSignatures(example("getLatestCompressionSignatures")),
      c.sender.sendTransaction(example("sendTransaction")),
    ]);
    const log = h.requests();
    const batch = log.find((r) => r.batch)!;
    expect(batch.rpcMethods).toEqual([
      "getCompressedBalanceByOwner",
      "getLatestCompressionSignatures",
    ]);
    expect(log.find((r) => r.path === "/fast")!.rpcMethods).toEqual(["sendTransaction"]);
    expect(log.every((r) => r.violations.length === 0)).toBe(true);
  });

  it("one failing entry rejects only its own call (X-Mock-JsonRpc-Error per method)", async () => {
    const { das } = h.clients({
      batch: createBatcher(),
      headers: { "x-mock-jsonrpc-error": "getNftEditions=-32004" },
    });
    const settled = await Promise.allSettled([
      das.getAsset(example("getAsset")),
      das.getNftEditions(example("getNftEditions")),
      das.getAssetBatch(example("getAssetBatch")),
    ]);
    expect(h.requests()).toHaveLength(1);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const error = (settled[1] as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ code: -32004, method: "getNftEditions" });
  });

  it("a call with its own maxRetries, headers or another timeout is sent on its own; one with only a signal still batches", async () => {
    const { das } = h.clients({ batch: createBatcher() });
    await Promise.all([
      das.getAsset(example("getAsset")),
      das.getAsset({ id: FUNGIBLE }, { maxRetries: 1 }),
      das.getAsset({ id: FUNGIBLE }, { headers: { "x-trace": "t" } }),
      das.getAsset({ id: FUNGIBLE }, { timeout: 5_000 }),
      das.getNftEditions(example("getNftEditions"), { signal: new AbortController().signal }),
    ]);
    const log = h.requests();
    expect(log).toHaveLength(4);
    expect(log.filter((r) => r.batch).map((r) => r.rpcMethods)).toEqual([
      ["getAsset", "getNftEditions"],
    ]);
  });

  it("onResponse does not take a call out of its batch: each call sees the batch's answer", async () => {
    const { das } = h.clients({ batch: createBatcher() });
    const seen: ResponseFields[] = [];
    await Promise.all([
      das.getAsset(example("getAsset"), { onResponse: (r) => seen.push(r) }),
      das.getNftEditions(example("getNftEditions"), { onResponse: (r) => seen.push(r) }),
    ]);
    expect(h.requests()).toHaveLength(1);
    expect(h.exchanges).toHaveLength(1);
    const { status, headers } = h.exchanges[0]!;
    expect(seen).toEqual([
      expect.objectContaining({ status, headers }),
      expect.objectContaining({ status, headers }),
    ]);
    expect(seen[0]!.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("non-idempotent methods are never batched (mintCompressedNft)", async () => {
    const c = h.clients({ batch: createBatcher() });
    await Promise.all([
      c.mint.mintCompressedNft(example("mintCompressedNft")),
      c.mint.mintCompressedNft(example("mintCompressedNft")),
    ]);
    const log = h.requests();
    expect(log).toHaveLength(2);
    expect(log.every((r) => !r.batch)).toBe(true);
  });
});
