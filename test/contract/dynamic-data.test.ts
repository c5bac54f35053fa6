/**
 * The data the mock generates in dynamic mode, read through the clients: nothing negative where
 * the API never sends a negative value (the spec's bounds). Trial 13: negative fees and USD values.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { contractOf } from "./contracts.js";
import { useMock } from "./harness.js";
import { isTextResponse, operations, valuesWhere, type Operation } from "./spec.js";

const SEEDS = 8;

/** Properties the API never sends negative: prices, USD values, balances, fees, credits. */
const NEVER_NEGATIVE = new Set([
  "fee",
  "balance",
  "pricePerToken",
  "usdValue",
  "totalUsdValue",
  "price_per_token",
  "total_price",
  "price_per_sol",
  "creditsUsed",
  "creditsRemaining",
  "prepaidCreditsUsed",
  "prepaidCreditsRemaining",
  "creditsLimit",
]);

interface Answer {
  op: Operation;
  seed: string;
  text: string;
  result: unknown;
}

describe("dynamic mode: the data looks like the API's", () => {
  const h = useMock("dynamic");
  const answers: Answer[] = [];

  beforeAll(async () => {
    for (const op of operations) {
      if (isTextResponse(op)) continue;
      for (let i = 1; i <= SEEDS; i++) {
        const seed = `${op.id}-data-${i}`;
        const result = await contractOf(op.id).call(h.clients(), op.input, {
          headers: { prefer: `seed=${seed}` },
        });
        answers.push({ op, seed, text: h.exchanges.at(-1)!.text, result });
      }
    }
  }, 120_000);

  it("no negative price, USD value, balance, fee, amount or count", () => {
    let checked = 0;
    for (const { op, seed, text } of answers) {
      const body = JSON.parse(text);
      const result = op.kind === "openrpc" ? body.result : body;
      const where = (path: string) => `${op.id} (seed ${seed}) ${path}`;
      for (const { path, value } of valuesWhere(op, result, (_, name) =>
        NEVER_NEGATIVE.has(name ?? ""),
      )) {
        checked++;
        expect(value as number, where(path)).toBeGreaterThanOrEqual(0);
      }
      // a transfer's or a funding's amount (its direction is a field of its own)
      for (const { path, value } of valuesWhere(
        op,
        result,
        (s) => !!s.properties?.amount && !!s.properties?.amountRaw,
      ))
        expect((value as any).amount, where(path)).toBeGreaterThanOrEqual(0);
      for (const { path, value } of valuesWhere(op, result, (s) => s.title === "ServiceUsage"))
        for (const count of ["api", "das", "rpc", "photon", "webhook"])
          expect((value as any)[count], where(`${path}.${count}`)).toBeGreaterThanOrEqual(0);
    }
    expect(checked).toBeGreaterThan(50);
  });
});
