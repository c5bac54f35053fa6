// checkU64Names (scripts/spec/rules/u64-names.mjs): a field whose name says it holds a u64 is one.
// The documents: fixtures.ts.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkU64Names } from "../../../scripts/spec/rules/u64-names.mjs";
import { area, components, openrpc } from "./fixtures.js";

describe("spec rules", () => {
  it("u64 names: the quantities a name says are u64s, not counts, display values (ui…, a number balance) or changes; U64 / I64 and their nullable forms pass", () => {
    const U64 = { $ref: "#/components/schemas/U64" };
    const I64 = { $ref: "#/components/schemas/I64" };
    const int = { type: "integer" };
    const doc = {
      ...components({
        U64: { type: "integer", format: "uint64" },
        I64: { type: "integer", format: "int64" },
        Thing: {
          type: "object",
          properties: {
            // plain integers the rule refuses
            lamports: int,
            tipLamports: int,
            rent_epoch: int,
            amountRaw: int,
            print_max_supply: int,
            postBalance: { type: ["integer", "null"] },
            tokenAmount: { anyOf: [int, { type: "null" }] },
            fee: int,
            preBalances: { type: "array", items: int },
            rentEpoch: { type: "number" }, // (a raw unit: a number is as wrong)
            // what it leaves alone
            supply: U64,
            balance: { type: "number" }, // (a wallet balance in tokens)
            uiAmount: int,
            balanceChange: int,
            nativeBalanceChange: I64,
            rewardLamports: I64,
            maxSupply: { anyOf: [U64, { type: "null" }] },
            postBalances: { type: "array", items: U64 },
            total: int,
            remaining: int,
            sellerFeeBasisPoints: int,
            decimals: int,
            amountString: { type: "string" },
          },
        },
      }),
      paths: {
        "/x": {
          get: { parameters: [{ name: "minBalance", in: "query", schema: int }] },
        },
      },
    };
    const at = "t #/components/schemas/Thing/properties";
    expect(
      checkU64Names({ area, kind: "openapi", doc }).map((f: string) => f.split(" without ")[0]),
    ).toEqual([
      `${at}/lamports: property lamports is type: integer`,
      `${at}/tipLamports: property tipLamports is type: integer`,
      `${at}/rent_epoch: property rent_epoch is type: integer`,
      `${at}/amountRaw: property amountRaw is type: integer`,
      `${at}/print_max_supply: property print_max_supply is type: integer`,
      `${at}/postBalance: property postBalance is type: integer`,
      `${at}/tokenAmount: property tokenAmount is type: integer`,
      `${at}/fee: property fee is type: integer`,
      `${at}/preBalances: property preBalances is an array of type: integer items`,
      `${at}/rentEpoch: property rentEpoch is type: number`,
      "t #/paths/~1x/get/parameters/0: param minBalance is type: integer",
    ]);
    // A raw amount the service writes as digits is a u64 too: `format: uint64` beside the string
    // (user trial 56, F5: the wallet's amountRaw was a string beside DAS's bigints), and so is a
    // `supply` or `amount` of digits (user trial 58, F3: digits are no decimal display value), unless
    // `x-u64-as-string` says why it stays a string. A param is left alone.
    const digits = { type: "string", pattern: "^[0-9]+$" };
    const text = components({
      Transfer: {
        type: "object",
        properties: {
          amountRaw: digits,
          rawAmount: { type: "string", pattern: "^\\d+$" },
          lamports: digits,
          marked: { ...digits, format: "uint64" },
          supply: digits,
          amount: digits,
          keptSupply: { ...digits, "x-u64-as-string": "as Solana's own RPC types write it" },
          badlyKeptAmount: { ...digits, "x-u64-as-string": "" },
          amountRawNote: { type: "string" },
          // nullable, in either form (review 80, F2: only `type: string` itself was read)
          lamportsOrNull: { ...digits, type: ["string", "null"] },
          rawAmountOrNull: { anyOf: [digits, { type: "null" }] },
          markedOrNull: { anyOf: [{ ...digits, format: "uint64" }, { type: "null" }] },
          // Review 81, F4: a list of digits is u64s too; a mark on a shared schema keeps every
          // property that $refs it; a mark where it keeps nothing (format: uint64, no u64 name)
          // is stale.
          amounts: { type: "array", items: digits },
          keptAmounts: { type: "array", items: digits, "x-u64-as-string": "as Solana's" },
          sharedSupply: { $ref: "#/components/schemas/KeptDigits" },
          staleSupply: { ...digits, format: "uint64", "x-u64-as-string": "as Solana's" },
          memo: { type: "string", "x-u64-as-string": "as Solana's" },
          // (A plain integer is still named, beside its stale mark: one round of fixes.)
          markedFee: { type: "integer", "x-u64-as-string": "as Solana's" },
          // Digits bounded in number (a u64 has at most 20), and an allOf of a digits schema
          // (review 81, F8: both passed).
          boundedAmount: { type: "string", pattern: "^[0-9]{1,20}$" },
          allOfSupply: { allOf: [digits] },
          // (Not digits alone: a decimal display value.)
          decimalAmount: { type: "string", pattern: "^[0-9]+(\\.[0-9]+)?$" },
          // Signed digits are a 64-bit quantity too, `format: int64` or kept with a reason
          // (review 82, F9: the webhooks' RawTokenAmount.tokenAmount passed unread).
          signedBalance: { type: "string", pattern: "^-?[0-9]+$" },
          signedAmounts: { type: "array", items: { type: "string", pattern: "^-?\\d+$" } },
          signedInt64Balance: { type: "string", pattern: "^-?[0-9]+$", format: "int64" },
          keptChangeAmount: {
            type: "string",
            pattern: "^-?[0-9]+$",
            "x-u64-as-string": "a change of a u64 may pass int64's range",
          },
          allOfMarkedSupply: { allOf: [digits, { format: "uint64" }] },
          // Review 82, F9: 15 digits or fewer hold no value past 2^53 (a fee in basis points), as
          // a `maximum` says of an integer; 16 may.
          bpsFee: { type: "string", pattern: "^[0-9]{1,4}$" },
          wideSupply: { type: "string", pattern: "^[0-9]{1,16}$" },
        },
      },
      KeptDigits: { ...digits, "x-u64-as-string": "as Solana's own RPC types write it" },
    });
    const found = checkU64Names({ area, kind: "openapi", doc: text });
    expect(found.map((f: string) => f.split(" without ")[0])).toEqual([
      "t #/components/schemas/Transfer/properties/amountRaw: property amountRaw is a string of decimal digits",
      "t #/components/schemas/Transfer/properties/rawAmount: property rawAmount is a string of decimal digits",
      "t #/components/schemas/Transfer/properties/lamports: property lamports is a string of decimal digits",
      "t #/components/schemas/Transfer/properties/supply: property supply is a string of decimal digits",
      "t #/components/schemas/Transfer/properties/amount: property amount is a string of decimal digits",
      't #/components/schemas/Transfer/properties/badlyKeptAmount: x-u64-as-string must be a non-empty string saying why this u64 stays a string (got "")',
      "t #/components/schemas/Transfer/properties/lamportsOrNull: property lamportsOrNull is a string of decimal digits",
      "t #/components/schemas/Transfer/properties/rawAmountOrNull: property rawAmountOrNull is a string of decimal digits",
      "t #/components/schemas/Transfer/properties/amounts: property amounts is an array of strings of decimal digits",
      "t #/components/schemas/Transfer/properties/staleSupply: x-u64-as-string keeps a u64 a string of digits, but property staleSupply is already a u64 (format: uint64) or no string of decimal digits: the mark changes nothing here, remove it",
      "t #/components/schemas/Transfer/properties/memo: x-u64-as-string keeps a u64 a string of digits, but property memo has no u64 name: the mark changes nothing here, remove it",
      "t #/components/schemas/Transfer/properties/markedFee: x-u64-as-string keeps a u64 a string of digits, but property markedFee is already a u64 (format: uint64) or no string of decimal digits: the mark changes nothing here, remove it",
      "t #/components/schemas/Transfer/properties/markedFee: property markedFee is type: integer",
      "t #/components/schemas/Transfer/properties/boundedAmount: property boundedAmount is a string of decimal digits",
      "t #/components/schemas/Transfer/properties/allOfSupply: property allOfSupply is a string of decimal digits",
      "t #/components/schemas/Transfer/properties/signedBalance: property signedBalance is a string of signed decimal digits",
      "t #/components/schemas/Transfer/properties/signedAmounts: property signedAmounts is an array of strings of signed decimal digits",
      "t #/components/schemas/Transfer/properties/wideSupply: property wideSupply is a string of decimal digits",
    ]);
    expect(found[0]).toContain(
      "without format: uint64, but its name says it holds a raw token amount, a u64: add format: uint64 beside type: string",
    );
    expect(found.find((f: string) => f.includes("/signedBalance:"))).toContain(
      'without format: int64, but its name says it holds a balance, a 64-bit quantity: add format: int64 beside type: string where its values fit an i64 (the SDK then delivers an exact bigint, range-checked), or, to keep it a string on purpose (a change of a u64 balance may pass int64\'s range), say why in x-u64-as-string: "<reason>"',
    );

    // A JSON-RPC param and query option, by their names.
    const rpc = openrpc({
      params: [{ name: "feeLamports", schema: int }],
      "x-query-params": [{ name: "min_balance", schema: { type: "integer" } }],
    });
    expect(
      checkU64Names({ area, kind: "openrpc", doc: rpc }).map((f: string) => f.split(":")[0]),
    ).toEqual(["t #/methods/0 (getThing)/params/0", "t #/methods/0 (getThing)/x-query-params/0"]);
    // A `maximum` a number holds says it is no u64, whatever the name (review 33): basis points.
    const bounded = openrpc({
      params: [{ name: "fee", schema: { type: "integer", minimum: 0, maximum: 10000 } }],
    });
    expect(checkU64Names({ area, kind: "openrpc", doc: bounded })).toEqual([]);
  });
});
