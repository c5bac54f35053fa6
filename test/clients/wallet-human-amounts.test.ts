/**
 * The wallet's human-unit amounts (user trial 66, F3; decision 0026): a balance's `balance` and a
 * history balance change's `amount` are JSON numbers, the raw amount divided by 10^decimals, and
 * the service sends no raw amount beside them. The spec says so ("past about 15 significant
 * digits it is rounded, and no raw amount is given"), and this pins what a caller gets today from
 * a real-shaped body, as the server writes it (more digits than a double holds, which
 * `JSON.stringify` of a number can never produce): the nearest double, a `number`, never a
 * bigint or text, and nothing else on the item. Decision 0026 weighs how to deliver them exactly.
 */
import { createWalletClient } from "@chaindata/wallet";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const WALLET = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const SIGNATURE =
  "2JNquc1NViVUZd4fJSnitTqGjig5TgNJk6CzCKYpUErh88Sa5QNztu7cnvz4UwkL13Vz2Awv88ZpVzt8zoR8UARi";
const BONK = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";

// Bodies as text: the literals carry more digits than a double, as a server's JSON may.
const BALANCES = `{"balances":[
  {"mint":"So11111111111111111111111111111111111111112","balance":1000000000.123456789,"decimals":9,"tokenProgram":"spl-token"},
  {"mint":"${BONK}","balance":12345678901234.56789,"decimals":5,"tokenProgram":"spl-token"},
  {"mint":"EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v","balance":1523.75,"decimals":6,"tokenProgram":"spl-token"},
  {"mint":"${BONK}","balance":98765432109876543210,"decimals":5,"tokenProgram":"spl-token"}
],"totalUsdValue":0,"pagination":{"page":1,"limit":100,"hasMore":false}}`;
const HISTORY = `{"data":[{"signature":"${SIGNATURE}","timestamp":1731619200,"slot":301246511,"fee":0.000005,"feePayer":"${WALLET}","error":null,
  "balanceChanges":[{"mint":"${BONK}","amount":-12345678901234.56789,"decimals":5},{"mint":"SOL","amount":-0.500005,"decimals":9}]}],
  "pagination":{"hasMore":false,"nextCursor":null}}`;

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader("content-type", "application/json");
    response.end(request.url!.includes("/history") ? HISTORY : BALANCES);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const client = () =>
  createWalletClient({ apiKey: "k", baseUrls: { wallet: baseUrl }, maxRetries: 0 });

describe("wallet human-unit amounts are rounded numbers (as documented)", () => {
  it("getBalances: past 15 significant digits a balance arrives as the nearest double", async () => {
    const { balances } = await client().getBalances({ wallet: WALLET });
    // 1e9 tokens of 9 decimals: 19 significant digits sent, 17 kept.
    expect(balances[0]!.balance).toBe(1000000000.1234568);
    expect(String(balances[0]!.balance)).not.toBe("1000000000.123456789");
    // A BONK-style holding, trillions of tokens of 5 decimals: 19 sent, the last 3 lost.
    expect(balances[1]!.balance).toBe(12345678901234.568);
    // Up to 15 significant digits a balance is exact.
    expect(String(balances[2]!.balance)).toBe("1523.75");
    // A whole balance past 2^53 (parsed as a bigint by the u64 parser) is turned back into the
    // `number` the field is typed, not delivered as a bigint.
    expect(balances[3]!.balance).toBe(Number(98765432109876543210n));
    expect(typeof balances[3]!.balance).toBe("number");
    // Nothing on the item holds the exact amount: only what the server sent.
    for (const item of balances)
      expect(Object.keys(item).sort()).toEqual(["balance", "decimals", "mint", "tokenProgram"]);
  });

  it("getHistory: a balance change's signed amount is rounded the same way", async () => {
    const { data } = await client().getHistory({ wallet: WALLET });
    const [bonk, sol] = data[0]!.balanceChanges;
    expect(bonk!.amount).toBe(-12345678901234.568);
    expect(typeof bonk!.amount).toBe("number");
    expect(sol!.amount).toBe(-0.500005);
    expect(Object.keys(bonk!).sort()).toEqual(["amount", "decimals", "mint"]);
  });
});
