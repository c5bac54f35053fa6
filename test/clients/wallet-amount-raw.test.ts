/**
 * The wallet's raw amounts (user trial 56, F5): `amountRaw` of transfers and funded-by, which the
 * service sends as a decimal string, arrives as an exact `bigint` with the u64 range check, as DAS
 * raw amounts do (decision 0005); it used to be a `string` the caller read with `BigInt()`.
 */
import { InvalidResponseError } from "@chaindata/core";
import { createWalletClient } from "@chaindata/wallet";
import { describe, expect, it, vi } from "vitest";

const WALLET = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const SIGNATURE =
  "5tY4dUKY8Nz4gN9X4KLFYvAQGFH58QVEToTdjJeWtZVUZaTomFpyHnBhQB75PyfrvpkdhLR5bWFcWsTxxRkM495k";
const RULE = "must be a whole number from 0 to 2^64 - 1";

const transfer = (amountRaw: string) => ({
  signature: SIGNATURE,
  timestamp: 1731619200,
  direction: "in",
  counterparty: WALLET,
  mint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  symbol: "USDC",
  amount: 1.5,
  amountRaw,
  decimals: 6,
});

const funding = (amountRaw: string) => ({
  funder: WALLET,
  mint: "So11111111111111111111111111111111111111112",
  symbol: "SOL",
  amount: 0.05,
  amountRaw,
  decimals: 9,
  signature: SIGNATURE,
  timestamp: 1704067200,
  date: "2024-01-01T00:00:00.000Z",
  slot: 240287164,
  explorerUrl: `https://orbmarkets.io/tx/${SIGNATURE}`,
});

/** A wallet client whose every call is answered `body`, and its fetch. */
function answering(body: unknown) {
  const fetch = vi.fn<typeof globalThis.fetch>(
    async () =>
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );
  return { wallet: createWalletClient({ apiKey: "k", fetch, maxRetries: 0 }), fetch };
}

const page = (amountRaw: string) => ({
  data: [transfer(amountRaw)],
  pagination: { hasMore: false, nextCursor: null },
});

describe("wallet amountRaw is a u64", () => {
  it("transfers: u64::MAX as digits arrives as the exact bigint, in a call and in a page walk", async () => {
    const { wallet } = answering(page("18446744073709551615"));
    const result = await wallet.getTransfers({ wallet: WALLET });
    expect(result.data[0]!.amountRaw).toBe(18446744073709551615n);
    const small = await answering(page("250000000")).wallet.getTransfers({ wallet: WALLET });
    expect(small.data[0]!.amountRaw).toBe(250000000n);
    const items = [];
    for await (const item of wallet.getTransfers.all({ wallet: WALLET })) items.push(item);
    expect(items.map((t) => t.amountRaw)).toEqual([18446744073709551615n]);
  });

  it("transfers: 2^64 is refused, an InvalidResponseError not-u64 naming the field, not retried", async () => {
    const { wallet, fetch } = answering(page("18446744073709551616"));
    const error = await wallet.getTransfers({ wallet: WALLET }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({
      reason: "not-u64",
      operation: "getTransfers",
      message: `Invalid response (not-u64) from getTransfers, status 200: body.data[0].amountRaw: ${RULE} (got "18446744073709551616")`,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("funded-by: digits arrive as a bigint, 2^64 is refused naming amountRaw", async () => {
    const ok = await answering(funding("50000000")).wallet.getFundedBy({ wallet: WALLET });
    expect(ok.amountRaw).toBe(50000000n);
    await expect(
      answering(funding("18446744073709551616")).wallet.getFundedBy({ wallet: WALLET }),
    ).rejects.toMatchObject({
      reason: "not-u64",
      message: `Invalid response (not-u64) from getFundedBy, status 200: body.amountRaw: ${RULE} (got "18446744073709551616")`,
    });
  });
});
