// sendTransaction's check of the transaction text against config.encoding, on many transactions:
// each passes in its own encoding, and text of the other encoding is refused before anything is
// sent, base58 text whose length is a multiple of 4 (valid base64 text too) included: the bytes it
// decodes to as base64 are not laid out as a signed transaction (Base64Transaction's
// x-solana-transaction, spec/schemas/sender.yaml). And a legacy or v0 transaction with a signature
// of 64 zero bytes (how Kit and web3.js encode a signer that has not signed) is refused in either.
import { readFileSync } from "node:fs";
import { validate, ValidationError } from "@chaindata/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sendTransaction } from "./generated/operations.js";

const SEED = 20_260_701;

/** Whether sendTransaction's check passes `transaction` sent with `encoding`. */
function passes(transaction: string, encoding: "base58" | "base64"): boolean {
  try {
    validate(sendTransaction.params!, { transaction, config: { encoding } });
    return true;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return false;
  }
}

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
function base58(bytes: Uint8Array): string {
  let n = 0n;
  for (const byte of bytes) n = n * 256n + BigInt(byte);
  let text = "";
  for (; n > 0n; n /= 58n) text = BASE58[Number(n % 58n)] + text;
  for (const byte of bytes) {
    if (byte) break;
    text = "1" + text;
  }
  return text;
}
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

const compact = (n: number) => (n < 128 ? [n] : [(n & 127) | 128, n >> 7]);

/**
 * Signed transactions as Solana serializes them (legacy, v0 and v1: SIMD-0385), with random
 * signatures, addresses, blockhash and instructions, at most 1,232 bytes (4,096 for v1).
 */
const transactions = fc
  .record({
    layout: fc.constantFrom("legacy", "v0", "v1"),
    s: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 12 })),
    others: fc.integer({ min: 1, max: 12 }),
    readonly: fc.nat(),
    instructions: fc.array(
      fc.record({
        program: fc.nat(),
        accounts: fc.array(fc.nat(), { maxLength: 8 }),
        data: fc.uint8Array({ maxLength: 80 }),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    seed: fc.uint8Array({ minLength: 64 * 12 + 32 * 24 + 32, maxLength: 64 * 12 + 32 * 24 + 32 }),
  })
  .map(({ layout, s, others, readonly, instructions, seed }) => {
    const keys = s + others;
    const signatures = [...seed.subarray(0, 64 * s)];
    for (let i = 0; i < s; i++) signatures[64 * i] ||= 1; // (64 zero bytes: an unsigned slot)
    const addresses = [...seed.subarray(64 * 12, 64 * 12 + 32 * keys)];
    const blockhash = [...seed.subarray(-32)];
    const header = [s, readonly % s, readonly % others];
    const ixs = instructions.map((i) => ({
      program: 1 + (i.program % (keys - 1)),
      accounts: i.accounts.map((a) => a % keys),
      data: [...i.data],
    }));
    if (layout === "v1")
      return Uint8Array.from([
        0x81,
        ...header,
        0,
        0,
        0,
        0,
        ...blockhash,
        ixs.length,
        keys,
        ...addresses,
        ...ixs.flatMap((i) => [
          i.program,
          i.accounts.length,
          i.data.length & 255,
          i.data.length >> 8,
        ]),
        ...ixs.flatMap((i) => [...i.accounts, ...i.data]),
        ...signatures,
      ]);
    return Uint8Array.from([
      ...compact(s),
      ...signatures,
      ...(layout === "v0" ? [0x80] : []),
      ...header,
      ...compact(keys),
      ...addresses,
      ...blockhash,
      ...compact(ixs.length),
      ...ixs.flatMap((i) => [
        i.program,
        ...compact(i.accounts.length),
        ...i.accounts,
        ...compact(i.data.length),
        ...i.data,
      ]),
      ...(layout === "v0" ? [0] : []), // no address table lookups
    ]);
  })
  .filter((bytes) => bytes.length <= (bytes[0] === 0x81 ? 4_096 : 1_232));

const sample = fc.sample(transactions, { seed: SEED, numRuns: 2_000 });

describe("sendTransaction: a transaction in the encoding config.encoding names", () => {
  it("passes in its own encoding, every time", () => {
    expect(sample.filter((bytes) => !passes(base64(bytes), "base64"))).toEqual([]);
    expect(sample.filter((bytes) => !passes(base58(bytes), "base58"))).toEqual([]);
  });

  it("base58 text of a length that is a multiple of 4 (valid base64 text) is refused as base64", () => {
    const texts = sample.map(base58).filter((text) => text.length % 4 === 0);
    // About a quarter of base58 texts: each of them passed before the layout was read.
    expect(texts.length).toBeGreaterThan(sample.length / 6);
    expect(texts.filter((text) => passes(text, "base64"))).toEqual([]);
  });

  it("base64 text is refused as base58", () => {
    expect(sample.map(base64).filter((text) => passes(text, "base58"))).toEqual([]);
  });

  it("refuses the spec's base58 example as base64 with a message that names the field and the rule, not the text", () => {
    const spec = JSON.parse(
      readFileSync(new URL("../../../spec/dist/openrpc/sender.json", import.meta.url), "utf8"),
    );
    const examples = spec.methods.find((m: any) => m.name === "sendTransaction").examples;
    const param = (name: string) =>
      examples.find((e: any) => e.name === name).params.find((p: any) => p.name === "transaction")
        .value as string;
    const [asBase64, asBase58] = [param("base64TipAndPriorityFee"), param("base58Transaction")];
    expect(passes(asBase64, "base64")).toBe(true);
    expect(passes(asBase58, "base58")).toBe(true);
    expect(asBase58.length % 4).toBe(0);
    let error: unknown;
    try {
      validate(sendTransaction.params!, { transaction: asBase58, config: { encoding: "base64" } });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      {
        path: "params.transaction",
        rule: "x-solana-transaction",
        message:
          'params.transaction: must be a signed transaction in base64 (its signature count, message header and length do not agree: is it base58 text?) when params.config.encoding is "base64"',
        detail:
          'must be a signed transaction in base64 (its signature count, message header and length do not agree: is it base58 text?) when params.config.encoding is "base64"',
      },
    ]);
    expect((error as ValidationError).message).not.toContain(asBase58.slice(0, 8));
  });
});

describe("sendTransaction: a signature of 64 zero bytes (a signer that has not signed)", () => {
  /** `bytes` with legacy or v0 signature `i` (from 0) set to 64 zero bytes. */
  const unsign = (bytes: Uint8Array, i: number) =>
    Uint8Array.from(bytes).fill(0, 1 + 64 * i, 65 + 64 * i);
  const issues = (transaction: string, encoding: "base58" | "base64") => {
    try {
      validate(sendTransaction.params!, { transaction, config: { encoding } });
      return [];
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return error.issues;
    }
  };
  const legacyAndV0 = sample.filter((bytes) => bytes[0] !== 0x81);

  it("is refused in base64 and in base58, naming which signature, for every legacy or v0 transaction", () => {
    expect(legacyAndV0.length).toBeGreaterThan(sample.length / 2);
    for (const bytes of legacyAndV0) {
      const s = bytes[0]!;
      const i = (bytes[70]! + bytes[100]!) % s; // (any of them)
      const unsigned = unsign(bytes, i);
      for (const [text, encoding] of [
        [base64(unsigned), "base64"],
        [base58(unsigned), "base58"],
      ] as const)
        expect(issues(text, encoding)).toEqual([
          {
            path: "params.transaction",
            rule: "x-solana-transaction",
            message: `params.transaction: must be signed (signature ${i + 1} of ${s} is 64 zero bytes: its signer has not signed; sign with every signer before sending) when params.config.encoding is "${encoding}"`,
            detail: `must be signed (signature ${i + 1} of ${s} is 64 zero bytes: its signer has not signed; sign with every signer before sending) when params.config.encoding is "${encoding}"`,
          },
        ]);
    }
  });

  it("is quoted whole in the README's Checks (SDK), encoding and all: the message, word for word", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const quoted = /`(params\.transaction: must be signed \(signature 2 of 2 [^`]*)`/.exec(readme);
    expect(quoted, "the README quotes the refusal").not.toBeNull();
    const twoSigners = legacyAndV0.find((bytes) => bytes[0] === 2)!;
    expect(twoSigners).toBeDefined();
    expect(issues(base64(unsign(twoSigners, 1)), "base64")[0]?.message).toBe(
      quoted![1]!.replace(/\s+/g, " "),
    );
  });

  it("passes once one byte of the signature is set (no cryptography: a signature is not verified)", () => {
    const bytes = unsign(legacyAndV0[0]!, 0);
    bytes[64] = 1;
    expect(passes(base64(bytes), "base64")).toBe(true);
    expect(passes(base58(bytes), "base58")).toBe(true);
  });
});
