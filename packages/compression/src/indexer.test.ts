// What an indexer reads from a walk of compressed token accounts (user trial 39): each page's
// `context.slot` (the items of `.all()` carry none), and raw amounts, exact past 2^53, that need
// the mint's decimals from elsewhere. The README says both, as the walk behaves.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createCompressionClient, formatUnits } from "./index.js";
import { stubFetch, jsonResponse, type RecordedCall } from "../../core/src/test-support/testing.js";

const OWNER = "7aYvkYMd9PFm7x96o4xhpQ19stiQgzYXDD4Cg5EHFdEi";
const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const item = (amount: string) =>
  `{"account":{"hash":"33tmC7HqbfEbTHMDTadjiBXicXFqqPCbwGJ62ZLRm1Pu","address":null,"data":null,"owner":"cTokenmWW8bLPjZEBAUgYy3zKxQZW6VKi7bqNFEVv3m","lamports":0,"tree":"smt1NamzXdq4AMqS2fS2F1i5KTYPZRhoHgWx38d8WsT","leafIndex":1,"seq":1,"slotCreated":1},"tokenData":{"mint":"${MINT}","owner":"${OWNER}","amount":${amount},"delegate":null,"state":"initialized","tlv":null}}`;
// Two pages answered at two slots, as an indexer that goes on between them answers.
const page = (call: RecordedCall) => {
  const { id, params } = JSON.parse(call.body!) as { id: string; params: { cursor?: string } };
  const [slot, amount, cursor] = params.cursor
    ? [318547300, "9007199254740993", "null"]
    : [318547291, "18446744073709551615", '"4yjijviL58sF59PKQDgt3CUyFfUYArdpgfuVsuM7qoAD"'];
  return jsonResponse(
    `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"context":{"slot":${slot}},"value":{"items":[${item(amount)}],"cursor":${cursor}}}}`,
  );
};

describe("an indexer's walk of compressed token accounts", () => {
  it("gives each page's own context.slot through .pages() and .checkpoints(), and exact raw amounts", async () => {
    const { fetch } = stubFetch(page);
    const compression = createCompressionClient({ apiKey: "test", fetch, maxRetries: 0 });
    const walk = compression.getCompressedTokenAccountsByOwner.all({ owner: OWNER, limit: 1 });
    const slots: number[] = [];
    for await (const { result } of walk.checkpoints()) slots.push(result.context.slot);
    expect(slots).toEqual([318547291, 318547300]);
    let sum = 0n;
    for await (const account of walk) {
      expect(Object.keys(account)).toEqual(["account", "tokenData"]);
      sum += account.tokenData.amount;
    }
    expect(sum).toBe(18446744073709551615n + 9007199254740993n);
    expect(formatUnits(sum, 6)).toBe("18455751272964.292608");
  });

  it("is documented as it behaves: the README says where a page's slot and a mint's decimals are", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8").replace(
      /\s+/g,
      " ",
    );
    expect(readme).toContain(
      "these results do not carry the mint's `decimals`, which the DAS method `getAsset` gives for the mint (`token_info.decimals`)",
    );
    expect(readme).toContain(
      "A page walk's items carry no slot: each page's result (`.pages()`, `.checkpoints()`) has its own `context.slot`",
    );
  });
});
