/**
 * The data the mock generates in dynamic mode, read through the clients: u64 values past 2^53 come
 * now and then and reach the caller digit for digit (as `bigint`s), the same seed gives the same
 * answer, and the values look like the API's: nothing negative where the API never sends a negative
 * value, decimals 0 to 18, URLs that are https URLs, an open enum's known values, block times and
 * dates since Solana's launch (packages/mock/README.md, "Dynamic data"). Trial 13: u64 values stayed
 * below 1e8, so the lossless path was never exercised in dynamic mode; negative fees and USD values,
 * `decimals: 49`, `webhookURL: "httpS://"`.
 */
import { fromBase58, parseJson } from "@chaindata/core";
import { beforeAll, describe, expect, it } from "vitest";
import { contractOf } from "./contracts.js";
import { useMock } from "./harness.js";
import {
  deref,
  isTextResponse,
  operations,
  rawRequest,
  sentResult,
  u64Values,
  valuesWhere,
  type Operation,
} from "./spec.js";

const SEEDS = 8;
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/**
 * The mock makes a u64 past 2^53 one time in four, each value on its own, where the schema allows
 * values that large (packages/mock/src/generate.ts, `USUAL.u64PastSafe`; README, "Dynamic data").
 * 8 answers of an operation with one u64 field hold none past 2^53 one time in ten ((3/4)^8), and
 * which operations those are depends only on their names (the seeds): so an operation that has
 * shown none asks more seeds, until one comes or it has shown PAST_WITHIN u64 values. An operation
 * whose u64s come as the mock says then fails by chance with (3/4)^64 ≈ 1.0e-8. (MAX_SEEDS bounds
 * the asking for an operation whose answers seldom hold a u64: 256 answers with an optional one.)
 */
const PAST_CHANCE = 1 / 4;
const PAST_WITHIN = 64;
const MAX_SEEDS = 256;
/** Solana's mainnet beta began on 2020-03-16: no block time or date of the API is earlier. */
const LAUNCH = Date.UTC(2020, 2, 16) / 1000;
const LATEST = Date.UTC(2030, 0, 1) / 1000;

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
/** Plain string properties that hold a URL. */
const URL_NAMES = new Set([
  "uri",
  "json_uri",
  "cdn_uri",
  "image",
  "external_url",
  "animation_url",
  "logoUri",
  "logoURI",
  "imageUri",
]);

const types = (s: any): string[] => [s.type ?? []].flat();
/** spec/README.md, "Open enums": `anyOf` of the known values and an open string. */
const knownValues = (op: Operation, s: any): string[] | undefined => {
  if (s.anyOf?.length !== 2) return undefined;
  const [known, open] = s.anyOf.map((b: any) => deref(op.doc, b));
  return Array.isArray(known?.enum) && types(open).includes("string") && !open.enum
    ? known.enum
    : undefined;
};

interface Answer {
  op: Operation;
  seed: string;
  text: string;
  result: unknown;
}

describe("dynamic mode: the data looks like the API's", () => {
  const h = useMock("dynamic");
  const answers: Answer[] = [];

  /**
   * The answer of `op` to the seed `${op.id}-data-${i}`, kept in `answers` when `keep` (the first
   * SEEDS of each operation, which every test reads: the same data whichever tests run).
   */
  const ask = async (op: Operation, i: number, keep = true): Promise<Answer> => {
    const seed = `${op.id}-data-${i}`;
    const result = await contractOf(op.id).call(h.clients(), op.input, {
      headers: { prefer: `seed=${seed}` },
    });
    const answer = { op, seed, text: h.exchanges.at(-1)!.text, result };
    if (keep) answers.push(answer);
    return answer;
  };

  beforeAll(async () => {
    for (const op of operations) {
      if (isTextResponse(op)) continue;
      for (let i = 1; i <= SEEDS; i++) await ask(op, i);
    }
  }, 120_000);

  const withU64 = () => [
    ...new Set(answers.filter((a) => u64Values(a.op, a.result).length).map((a) => a.op)),
  ];

  it("u64 values past 2^53 come in every operation that has u64 fields, and reach the caller exact", async () => {
    expect(withU64().length).toBeGreaterThan(5);
    let lossy = 0;
    const seen = { values: 0, past: 0 };
    /** The u64 values of one answer: exact, as the wire text has them; how many, how many past 2^53. */
    const check = ({ op, seed, text, result }: Answer) => {
      const sent = new Map(u64Values(op, sentResult(op, text)).map((u) => [u.path, u.value]));
      const values = u64Values(op, result);
      let past = 0;
      for (const { path, value } of values) {
        const where = `${op.id} (seed ${seed}) ${path}`;
        expect(typeof value, where).toBe("bigint");
        // the digits of the wire text, read without a number in between
        expect(value, where).toBe(BigInt(sent.get(path) as bigint | number));
        expect(text, where).toContain(String(value));
        if ((value as bigint) > SAFE) past++;
        if (BigInt(Number(value)) !== value) lossy++;
      }
      seen.values += values.length;
      seen.past += past;
      return { values: values.length, past };
    };
    for (const op of withU64()) {
      let [values, past, asked] = [0, 0, 0];
      for (const a of answers.filter((x) => x.op === op)) {
        const found = check(a);
        [values, past, asked] = [values + found.values, past + found.past, asked + 1];
      }
      while (past === 0 && values < PAST_WITHIN && asked < MAX_SEEDS) {
        const found = check(await ask(op, ++asked, false));
        [values, past] = [values + found.values, past + found.past];
      }
      expect(
        past,
        `${op.id}: no u64 value past 2^53 in ${values} u64 values (${asked} answers); the mock ` +
          `makes one in ${1 / PAST_CHANCE} past 2^53 where the schema's maximum allows it (so by ` +
          `chance, this fails with (1 − ${PAST_CHANCE})^${PAST_WITHIN})`,
      ).toBeGreaterThan(0);
    }
    // the bound above holds for the mock's rate: one u64 value in four past 2^53 (of hundreds)
    expect(seen.values).toBeGreaterThan(200);
    expect(seen.past / seen.values, "u64 values past 2^53, of all").toBeGreaterThan(
      PAST_CHANCE / 2,
    );
    // digits that JSON.parse (a number) would change, so a client that rounds fails here
    expect(lossy).toBeGreaterThan(10);
  });

  it("the same seed gives the same answer", async () => {
    for (const op of operations) {
      const request = rawRequest(op, op.input);
      const headers = { prefer: `seed=${op.id}-again` };
      const first = await h.raw(request, headers);
      const second = await h.raw(request, headers);
      expect(first.status, op.id).toBeLessThan(300);
      expect([second.status, second.text], op.id).toEqual([first.status, first.text]);
    }
  });

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

  it("decimals from 0 to 18, https URLs, an open enum's known values, times since Solana's launch", () => {
    const seen = { decimals: 0, url: 0, known: 0, time: 0 };
    for (const { op, seed, text } of answers) {
      const body = parseJson(text) as any;
      const result = op.kind === "openrpc" ? body.result : body;
      const where = (path: string) => `${op.id} (seed ${seed}) ${path}`;
      const at = (match: (s: any, name: string | undefined) => boolean) =>
        valuesWhere(op, result, match);

      for (const { path, value } of at(
        (s, n) => n === "decimals" && types(s).includes("integer"),
      )) {
        seen.decimals++;
        expect(value, where(path)).toBeGreaterThanOrEqual(0);
        expect(value, where(path)).toBeLessThanOrEqual(18);
      }
      for (const { path, value } of at(
        (s, n) => types(s).includes("string") && (s.format === "uri" || URL_NAMES.has(n ?? "")),
      )) {
        seen.url++;
        const url = new URL(value as string); // (throws on a malformed URL)
        expect(url.protocol, where(path)).toBe("https:");
        expect(url.hostname, where(path)).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
      }
      for (const { path, value, schema } of at((s) => knownValues(op, s) !== undefined)) {
        seen.known++;
        expect(knownValues(op, schema), where(path)).toContain(value);
      }
      for (const { path, value } of at((s) => s.title === "UnixTimestamp")) {
        seen.time++;
        expect(value as number, where(path)).toBeGreaterThanOrEqual(LAUNCH);
        expect(value as number, where(path)).toBeLessThan(LATEST);
      }
      for (const { path, value } of at((s) => s.format === "date" || s.format === "date-time")) {
        const time = Date.parse(value as string) / 1000;
        expect(time, where(path)).toBeGreaterThanOrEqual(LAUNCH - 86_400);
        expect(time, where(path)).toBeLessThan(LATEST);
      }
    }
    // each rule met values to check
    for (const [rule, count] of Object.entries(seen)) expect(count, rule).toBeGreaterThan(10);
  });

  it("base64 fields (account data, token TLV) hold what an encoder writes: they decode and encode back to the same text", () => {
    // (Review 72, F1: the Base64 pattern took "5=" and "kn9==", and the mock answered them.)
    let seen = 0;
    for (const { op, seed, text } of answers) {
      const body = parseJson(text) as any;
      const result = op.kind === "openrpc" ? body.result : body;
      for (const { path, value } of valuesWhere(op, result, (s) => s.title === "Base64")) {
        seen++;
        const again = Buffer.from(value as string, "base64").toString("base64");
        expect(again, `${op.id} (seed ${seed}) ${path}: ${JSON.stringify(value)}`).toBe(value);
      }
    }
    expect(seen).toBeGreaterThan(10);
  });

  it("every address, hash and signature decodes to the bytes its schema's x-base58-bytes says", () => {
    // (Generated from the pattern, a 44-character address was 33 bytes seven times in ten, and a
    // client that parses it, `@solana/kit`'s `address()`, throws.)
    const counted = (s: any) => typeof s["x-base58-bytes"] === "number";
    const shown = new Set<string>();
    let seen = 0;
    for (const { op, seed, text } of answers) {
      for (const { path, value, schema } of valuesWhere(op, sentResult(op, text), counted)) {
        // (the empty text of an OptionalAccount; text of another branch, a domain, is not base58)
        if (typeof value !== "string" || !/^[1-9A-HJ-NP-Za-km-z]+$/.test(value)) continue;
        seen++;
        shown.add(op.id);
        const where = `${op.id} (seed ${seed}) ${path}: ${value}`;
        expect(fromBase58(value)?.length, where).toBe(schema["x-base58-bytes"]);
      }
    }
    expect(seen).toBeGreaterThan(1000);
    expect(shown.size).toBeGreaterThan(operations.length / 2);
  });
});
