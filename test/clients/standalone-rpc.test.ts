// The standalone functions take the endpoint of create<Area>Rpc() first. Given anything else (the
// area's client, the sdk's, the params, nothing), plain JS or `as any`, they reject with a
// ConfigurationError naming the function and the factory, as their other option errors are
// delivered (never a synchronous `TypeError: rpc.call is not a function`), nothing sent, and the
// message never quotes a value of the object given.
import { ConfigurationError, createChainDataClient } from "@chaindata/sdk";
import { createCompressionClient, getCompressedAccountsByOwner } from "@chaindata/compression";
import { createDasClient, createDasRpc, getAsset, paginateGetAssetsByOwner } from "@chaindata/das";
import { createMintClient, mintCompressedNft } from "@chaindata/mint";
import { createSenderClient, ping, sendTransaction } from "@chaindata/sender";
import { describe, expect, it, vi } from "vitest";

const ADDRESS = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";
const KEY = "3f1c9a2e-8b7d-4e6f-a5c4-1d2e3f4a5b6c";
const params = { id: ADDRESS };

/** What `call()` returns or throws, synchronously: a throw here is the bug being guarded. */
const outcome = (call: () => unknown) => {
  try {
    return { returned: call() };
  } catch (thrown) {
    return { thrown };
  }
};

/** The call's rejection, checked to be a ConfigurationError delivered as a rejection. */
async function rejection(call: () => unknown): Promise<ConfigurationError> {
  const { returned, thrown } = outcome(call);
  expect(thrown, "thrown synchronously").toBeUndefined();
  expect(returned).toBeInstanceOf(Promise);
  const error = await (returned as Promise<unknown>).then(
    () => expect.unreachable("resolved"),
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(ConfigurationError);
  return error as ConfigurationError;
}

const PREFIX = "getAsset: the first argument must be an rpc from createDasRpc()";

describe("standalone functions given something other than their rpc", () => {
  const fetch = vi.fn(async () => new Response("{}"));
  const any = getAsset as (...args: unknown[]) => Promise<unknown>;

  it.each([
    [
      "the area's client",
      () => createDasClient({ apiKey: KEY, fetch }),
      `${PREFIX} (got a client: call client.getAsset(...) instead)`,
    ],
    [
      "the sdk's client (devnet: reading its sender area would throw)",
      () => createChainDataClient({ environment: "devnet", apiKey: KEY, fetch }),
      `${PREFIX} (got object)`,
    ],
    ["the params", () => params, `${PREFIX} (got object)`],
    ["nothing", () => undefined, `${PREFIX} (got undefined)`],
    ["null", () => null, `${PREFIX} (got null)`],
    ["the factory itself, not called", () => createDasRpc, `${PREFIX} (got function)`],
    ["a short string", () => "das", `${PREFIX} (got "das")`],
    // (The key given first: a long string is never quoted.)
    ["the key", () => KEY, `${PREFIX} (got a long string)`],
  ])("rejects %s with a ConfigurationError naming the factory", async (_, first, message) => {
    const error = await rejection(() => any(first(), params));
    expect(error.message).toBe(message);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("never shows what an object given holds", async () => {
    const error = await rejection(() => any({ apiKey: KEY, environment: "devnet" }, params));
    expect(error.message).toBe(`${PREFIX} (got object)`);
  });

  it("every JSON-RPC area's functions check it: compression, mint (deprecated), sender and its ping", async () => {
    const warnings = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    try {
      const cases: [() => unknown, string][] = [
        [
          () =>
            (getCompressedAccountsByOwner as (...a: unknown[]) => unknown)(
              createCompressionClient({ apiKey: KEY }),
              { owner: ADDRESS },
            ),
          "getCompressedAccountsByOwner: the first argument must be an rpc from createCompressionRpc() (got a client: call client.getCompressedAccountsByOwner(...) instead)",
        ],
        [
          () =>
            (mintCompressedNft as (...a: unknown[]) => unknown)(
              createMintClient({ apiKey: KEY }),
              {},
            ),
          "mintCompressedNft: the first argument must be an rpc from createMintRpc() (got a client: call client.mintCompressedNft(...) instead)",
        ],
        [
          () => (sendTransaction as (...a: unknown[]) => unknown)(undefined, {}),
          "sendTransaction: the first argument must be an rpc from createSenderRpc() (got undefined)",
        ],
        [
          () => (ping as (...a: unknown[]) => unknown)(createSenderClient()),
          "ping: the first argument must be an rpc from createSenderRpc() (got a client: call client.ping(...) instead)",
        ],
      ];
      for (const [call, message] of cases) expect((await rejection(call)).message).toBe(message);
    } finally {
      warnings.mockRestore();
    }
  });

  it("a page walk refuses it when the loop starts, naming the method it calls", async () => {
    const pages = (paginateGetAssetsByOwner as (...a: unknown[]) => AsyncIterable<unknown>)(
      createDasClient({ apiKey: KEY }),
      { ownerAddress: ADDRESS },
    );
    await expect(pages[Symbol.asyncIterator]().next()).rejects.toThrow(
      new ConfigurationError(
        "getAssetsByOwner: the first argument must be an rpc from createDasRpc() (got a client: call client.getAssetsByOwner(...) instead)",
        { operation: "getAssetsByOwner" },
      ),
    );
  });

  it("an rpc from the factory still works", async () => {
    const answer = vi.fn(
      async (_url: string, init: RequestInit) =>
        new Response(
          JSON.stringify({
            jsonrpc: "2.0",
            id: JSON.parse(String(init.body)).id,
            result: { id: ADDRESS },
          }),
        ),
    );
    await expect(getAsset(createDasRpc({ apiKey: KEY, fetch: answer }), params)).resolves.toEqual({
      id: ADDRESS,
    });
  });
});
