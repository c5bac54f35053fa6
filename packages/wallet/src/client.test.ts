// The wallet client as a consumer uses it, with a stub `fetch`: what a mistake or a server's echo
// can put in an error, and that nothing is sent when the input is refused.
import { describe, expect, it, vi } from "vitest";
import { AuthenticationError, ValidationError, createWalletClient } from "./index.js";

const KEY = "0f3c81aa-5b2e-4c1d-9e7f-a1b2c3d4e5f6";
const WALLET = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";

/** Every text an error shows: message, JSON, issues, body. */
const texts = (error: any) =>
  [error.message, String(error), JSON.stringify(error), JSON.stringify(error.issues)].join("\n");

describe("wallet client", () => {
  it("does not quote the API key when it is given in place of the wallet, and sends nothing", async () => {
    // (`getIdentity({ wallet: process.env.CHAINDATA_API_KEY })`: the ValidationError quoted it.)
    const fetch = vi.fn<typeof globalThis.fetch>();
    const wallet = createWalletClient({ apiKey: KEY, fetch });
    for (const call of [
      () => wallet.getIdentity({ wallet: KEY }),
      () => wallet.getBatchIdentity({ addresses: [WALLET, KEY] }),
      () => wallet.getBalances({ wallet: `${KEY}${KEY}` }),
      () => wallet.getTransfers.all({ wallet: KEY })[Symbol.asyncIterator]().next(),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues[0]!.rule).toBe("pattern");
      expect(texts(error)).not.toContain(KEY);
      expect(texts(error)).not.toContain(KEY.slice(0, 20));
    }
    const error = (await wallet.getIdentity({ wallet: KEY }).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(
      /^params\.wallet: must be a base58 address .*, or a domain such as toly\.sol \(.*\) \(got "\*\*\*"\)$/,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("names both ways to give a wallet when an input is neither an address nor a domain", async () => {
    // (It read `must match ^[1-9A-HJ-NP-Za-km-z]{32,44}$ (got "toly")`: no word of a domain;
    // then `must be a string matching ^[1-9A-HJ-NP-Za-km-z]{32,44}$, or a domain …`: a regex.)
    const fetch = vi.fn<typeof globalThis.fetch>();
    const wallet = createWalletClient({ apiKey: KEY, fetch });
    const either =
      "must be a base58 address of 32 bytes (32 to 44 characters; no 0, O, I or l), or a domain such as toly.sol (no spaces or slashes; only lower-case a-z, 0-9 or - after the last dot)";
    await expect(wallet.getIdentity({ wallet: "toly" })).rejects.toThrow(
      `params.wallet: ${either} (got "toly")`,
    );
    const error = await wallet
      .getBatchIdentity({ addresses: [WALLET, "toly.sol", "toly sol"] })
      .catch((e: unknown) => e);
    expect((error as ValidationError).issues).toEqual([
      {
        path: "params.addresses[2]",
        rule: "pattern",
        message: `params.addresses[2]: ${either} (got "toly sol")`,
        detail: `${either} (got "toly sol")`,
      },
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says that the end of a domain is lower case when it refuses an upper-case one", async () => {
    // (`TOLY.SOL` read `… or a domain such as toly.sol (got "TOLY.SOL")`: as if it were one.)
    // Only the part after the last dot is checked for case, so `TOLY.sol` is sent.
    const fetch = vi.fn<typeof globalThis.fetch>();
    const wallet = createWalletClient({ apiKey: KEY, fetch, maxRetries: 0 });
    const error = (await wallet
      .getIdentity({ wallet: "TOLY.SOL" })
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(
      /, or a domain such as toly\.sol \(.*lower-case.*\) \(got "TOLY\.SOL"\)$/,
    );
    await expect(wallet.getIdentity({ wallet: "TOLY.sol" })).rejects.not.toBeInstanceOf(
      ValidationError,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("masks a gateway's multi-word Authorization credential echoed in a text error body", async () => {
    // A gateway in front of the host, given its own credential in `headers`, echoes it back when
    // it refuses the request; only the scheme word was masked.
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () =>
        new Response("Authorization: Custom gw-part1 gw-part2 was rejected", { status: 401 }),
    );
    const wallet = createWalletClient({
      apiKey: KEY,
      fetch,
      maxRetries: 0,
      headers: { Authorization: "Custom gw-part1 gw-part2" },
    });
    const error = await wallet.getFundedBy({ wallet: WALLET }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).message).toBe(
      "HTTP 401 from getFundedBy: Authorization: *** was rejected (check the API key: `apiKey` or CHAINDATA_API_KEY)",
    );
    expect(texts(error)).not.toMatch(/gw-part/);
  });

  it("getBalances.all() without a limit ends on a page shorter than the echoed pagination.limit", async () => {
    // A beta response without `hasMore`: the walk read the page size at the top of the result
    // (`limit`), where balances have none, and asked for one more (empty) page: 100 credits.
    const sizes = [3, 1];
    const fetch = vi.fn<typeof globalThis.fetch>(async (input) => {
      const page = Number(new URL(String(input)).searchParams.get("page"));
      const balances = Array.from({ length: sizes[page - 1] ?? 0 }, (_, i) => ({
        mint: WALLET,
        balance: page * 10 + i,
        decimals: 0,
        tokenProgram: "spl-token",
      }));
      return Response.json({ balances, totalUsdValue: 0, pagination: { page, limit: 3 } });
    });
    const wallet = createWalletClient({ apiKey: KEY, fetch });
    const items = [];
    for await (const item of wallet.getBalances.all({ wallet: WALLET })) items.push(item.balance);
    expect(items).toEqual([10, 11, 12, 20]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("pages by hand as the JSDoc says: a result's nextCursor goes back as before / cursor, and its null (the last page's) sends none, never \"null\"", async () => {
    const SIGNATURE =
      "29t5c3iaTZv1pKWRjv4iGWd2gSY1XDjom8Mk8gVtqPFYZwHDbzUChxo3iUmA2cpf9u1h8tQZHgSMPMPCgyJuZ7t1";
    const fetch = vi.fn<typeof globalThis.fetch>(async (input) => {
      const given = new URL(String(input)).searchParams;
      const more = !given.has("before") && !given.has("cursor");
      return Response.json({
        data: [],
        pagination: { hasMore: more, nextCursor: more ? SIGNATURE : null },
      });
    });
    const wallet = createWalletClient({ apiKey: KEY, fetch });
    const query = (call: number) => new URL(String(fetch.mock.calls[call]![0])).searchParams;
    const first = await wallet.getHistory({ wallet: WALLET });
    const last = await wallet.getHistory({ wallet: WALLET, before: first.pagination.nextCursor });
    expect(query(1).get("before")).toBe(SIGNATURE);
    expect(last.pagination.nextCursor).toBeNull();
    await wallet.getHistory({ wallet: WALLET, before: last.pagination.nextCursor });
    expect(query(2).has("before")).toBe(false);
    const transfers = await wallet.getTransfers({ wallet: WALLET, cursor: null });
    expect(query(3).has("cursor")).toBe(false);
    await wallet.getTransfers({ wallet: WALLET, cursor: transfers.pagination.nextCursor });
    expect(query(4).get("cursor")).toBe(SIGNATURE);
    expect(fetch.mock.calls.map(([url]) => String(url)).join("\n")).not.toContain("null");
  });

  it("refuses a history `type` that is not an upper-case snake-case transaction type, sending nothing", async () => {
    // `type: "swap"` went out, for a 400 or an empty page at 100 credits.
    const fetch = vi.fn<typeof globalThis.fetch>();
    const wallet = createWalletClient({ apiKey: KEY, fetch });
    for (const type of ["swap", "Swap", "NFT-SALE", "", " SWAP"]) {
      const error = await wallet.getHistory({ wallet: WALLET, type }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues).toEqual([
        expect.objectContaining({ path: "params.type", rule: "pattern" }),
      ]);
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});
