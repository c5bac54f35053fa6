// The standalone form, `getIdentity(createWalletRest(options), params)`: the request the client's
// method sends (the client is built on these functions), and a ConfigurationError naming the
// factory for anything else given first, nothing sent.
import { describe, expect, it } from "vitest";
import {
  ConfigurationError,
  ValidationError,
  createWalletClient,
  createWalletRest,
  getBatchIdentity,
  getIdentity,
  paginateGetBalances,
} from "./index.js";
import { recordingFetch, wire } from "../../core/src/test-support/testing.js";

const KEY = "0f3c81aa-5b2e-4c1d-9e7f-a1b2c3d4e5f6";
const WALLET = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";

const stub = (answer: (request: Request) => unknown = () => ({ address: WALLET })) =>
  recordingFetch(answer);

describe("wallet standalone functions", () => {
  it("send the client method's request and resolve with its result", async () => {
    const viaClient = stub();
    const viaFunction = stub();
    const options = { apiKey: KEY, headers: { "x-trace": "1" } };
    const client = createWalletClient({ ...options, fetch: viaClient.fetch });
    const rest = createWalletRest({ ...options, fetch: viaFunction.fetch });
    expect(await getIdentity(rest, { wallet: WALLET })).toEqual(
      await client.getIdentity({ wallet: WALLET }),
    );
    // (A body too.)
    const batch = { addresses: [WALLET, "toly.sol"] };
    await client.getBatchIdentity(batch);
    await getBatchIdentity(rest, batch);
    expect(viaFunction.requests).toHaveLength(2);
    expect(await Promise.all(viaFunction.requests.map(wire))).toEqual(
      await Promise.all(viaClient.requests.map(wire)),
    );
    const url = new URL(viaFunction.requests[0]!.url);
    expect(url.pathname).toBe(`/v1/wallet/${WALLET}/identity`);
    expect(url.searchParams.get("api-key")).toBe(KEY);
  });

  it("check the params as the client does: a ValidationError naming params.wallet, nothing sent", async () => {
    const { fetch, requests } = stub();
    const error = await getIdentity(createWalletRest({ apiKey: KEY, fetch }), {
      wallet: "not a wallet",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]!.path).toBe("params.wallet");
    expect(requests).toEqual([]);
  });

  it("walk every page with paginate<Operation>, as the client's .all()", async () => {
    const { fetch, requests } = stub((request) => {
      const page = Number(new URL(request.url).searchParams.get("page"));
      return {
        balances: [{ mint: `m${page}` }],
        pagination: { page, limit: 1, hasMore: page < 2 },
      };
    });
    const items = [];
    for await (const item of paginateGetBalances(createWalletRest({ apiKey: KEY, fetch }), {
      wallet: WALLET,
      limit: 1,
    }))
      items.push(item);
    expect(items).toEqual([{ mint: "m1" }, { mint: "m2" }]);
    expect(requests.map((r) => new URL(r.url).searchParams.get("page"))).toEqual(["1", "2"]);
  });

  it("reject anything else given first with a ConfigurationError naming the factory, nothing sent", async () => {
    const { fetch, requests } = stub();
    const any = getIdentity as (...args: unknown[]) => Promise<unknown>;
    const prefix = "getIdentity: the first argument must be the result of createWalletRest()";
    for (const [first, got] of [
      [
        createWalletClient({ apiKey: KEY, fetch }),
        "a client: call client.getIdentity(...) instead",
      ],
      [{ wallet: WALLET }, "object"],
      [undefined, "undefined"],
      [createWalletRest, "function"],
      [KEY, "a long string"],
    ] as const) {
      const error = await any(first, { wallet: WALLET }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toBe(`${prefix} (got ${got})`);
    }
    const walk = (paginateGetBalances as (...args: unknown[]) => AsyncIterable<unknown>)(
      { wallet: WALLET },
      {},
    );
    await expect(walk[Symbol.asyncIterator]().next()).rejects.toThrow(
      new ConfigurationError(
        "getBalances: the first argument must be the result of createWalletRest() (got object)",
        { operation: "getBalances" },
      ),
    );
    expect(requests).toEqual([]);
  });
});
