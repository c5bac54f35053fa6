/**
 * A bigint where a param is typed `number` (a page, a limit, an offset, a share, a retry count) is
 * refused by the run-time check as the types refuse it: a ValidationError naming the field and
 * the rule, nothing sent (user trial 39: `limit: 10n` passed and was sent as 10). Only a u64 or
 * i64 param (typed `bigint`) takes one, none of the spec's operations has one today, and an integer
 * the spec marks `x-accepts-bigint` (typed `number | bigint`: the sender's `config.maxRetries` and
 * `config.minContextSlot`, which `@solana/kit` types `bigint`), sent as a bare JSON integer. (Every
 * integer field of every operation meets a bigint in test/generate/checks-vs-schema.test.ts, where
 * ajv refuses it as well.)
 */
import { createCompressionClient } from "@chaindata/compression";
import { ValidationError } from "@chaindata/core";
import { createDasClient } from "@chaindata/das";
import { createMintClient } from "@chaindata/mint";
import { createSenderClient } from "@chaindata/sender";
import { createWalletClient } from "@chaindata/wallet";
import { describe, expect, it, vi } from "vitest";

const ADDRESS = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const TX_BASE64 =
  "AUQ4BI0nYq1N1LVoJfqTRAPWbViaAwwiLstKIAZ/e33lI9GU3f2pYVA/f8SrN0ySqw+K7/ZMs4oJ4l3Dsse4Ug8BAAIE+dCUhLhDr+MiUbGM9HY82w67DVWdbvaDBp1iQFDnFqcu7nuJKk74pEqr+XDMDjfq9yZ2dRcMHWmc0xJ0SWxUPwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAwZGb+UhFzL/7K26csOb57yM5bvF9xJrLEObOkAAAAC1mWaqQqnxp+/GVr22qds7K3UnRDfYIPwTG3kS53nq7gMDAAUCeAUAAAMACQOghgEAAAAAAAICAAEMAgAAAEBCDwAAAAAA";

/** The issues of the ValidationError `call` rejects with, and that nothing was sent. */
async function refusal(call: (fetch: typeof globalThis.fetch) => Promise<unknown>) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => {
    throw new Error("nothing should be sent");
  });
  const error = await call(fetch).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  expect(fetch).not.toHaveBeenCalled();
  return (error as ValidationError).issues;
}

const options = (fetch: typeof globalThis.fetch) => ({ apiKey: "k", fetch, maxRetries: 0 });
const bigintIssue = (path: string, value: bigint) => ({
  path,
  rule: "type",
  message: `${path}: must be a number, not a bigint (got ${value}n)`,
  detail: `must be a number, not a bigint (got ${value}n)`,
});

describe("a bigint for a param typed number: ValidationError naming the field, nothing sent", () => {
  it.each<[string, (fetch: typeof globalThis.fetch) => Promise<unknown>, string, bigint]>([
    [
      "das getAssetsByOwner limit",
      (f) =>
        createDasClient(options(f)).getAssetsByOwner({
          ownerAddress: ADDRESS,
          limit: 10n as never,
        }),
      "params.limit",
      10n,
    ],
    [
      "das getAssetsByOwner page",
      (f) =>
        createDasClient(options(f)).getAssetsByOwner({ ownerAddress: ADDRESS, page: 2n as never }),
      "params.page",
      2n,
    ],
    [
      "das getAssetsByOwner .all() limit",
      async (f) => {
        for await (const _ of createDasClient(options(f)).getAssetsByOwner.all({
          ownerAddress: ADDRESS,
          limit: 10n as never,
        }));
      },
      "params.limit",
      10n,
    ],
    [
      "wallet getBalances limit",
      (f) => createWalletClient(options(f)).getBalances({ wallet: ADDRESS, limit: 5n as never }),
      "params.limit",
      5n,
    ],
    [
      "compression getCompressedAccountsByOwner dataSlice.offset",
      (f) =>
        createCompressionClient(options(f)).getCompressedAccountsByOwner({
          owner: ADDRESS,
          dataSlice: { offset: 0n as never, length: 8 },
        }),
      "params.dataSlice.offset",
      0n,
    ],
    [
      "mint mintCompressedNft sellerFeeBasisPoints",
      (f) =>
        createMintClient(options(f)).mintCompressedNft({
          name: "n",
          symbol: "S",
          description: "d",
          owner: ADDRESS,
          sellerFeeBasisPoints: 500n as never,
        }),
      "params.sellerFeeBasisPoints",
      500n,
    ],
  ])("%s", async (_name, call, path, value) => {
    expect(await refusal(call)).toEqual([bigintIssue(path, value)]);
  });
});

describe("an integer the spec marks x-accepts-bigint takes a bigint, range checked, sent as a bare JSON integer", () => {
  it("sender sendTransaction config.maxRetries and config.minContextSlot", async () => {
    const bodies: string[] = [];
    const fetch = vi.fn<typeof globalThis.fetch>(async (_url, init) => {
      bodies.push(String(init?.body));
      return new Response('{"jsonrpc":"2.0","id":"1","result":"sig"}');
    });
    const sender = createSenderClient(options(fetch));
    await sender.sendTransaction({
      transaction: TX_BASE64,
      config: { encoding: "base64", maxRetries: 5n, minContextSlot: 2n ** 64n - 1n },
    });
    expect(bodies[0]).toContain('"maxRetries":5,"minContextSlot":18446744073709551615');
    expect(
      await refusal((f) =>
        createSenderClient(options(f)).sendTransaction({
          transaction: TX_BASE64,
          config: { encoding: "base64", maxRetries: -1n, minContextSlot: 2n ** 64n },
        }),
      ),
    ).toEqual([
      {
        path: "params.config.maxRetries",
        rule: "minimum",
        message: "params.config.maxRetries: must be >= 0 (got -1n)",
        detail: "must be >= 0 (got -1n)",
      },
      {
        path: "params.config.minContextSlot",
        rule: "type",
        message: "params.config.minContextSlot: must fit in 64 bits (got 18446744073709551616n)",
        detail: "must fit in 64 bits (got 18446744073709551616n)",
      },
    ]);
  });
});
