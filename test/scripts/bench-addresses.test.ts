/**
 * The benchmarks' made-up addresses (bench/lib/util.mjs `addresses`) are addresses the client
 * accepts: base58 of 32 bytes. When the client began counting an address's bytes, the old 44
 * random characters (often 33 bytes) were refused before sending and `npm run bench` stopped at
 * its first timed call; no test ran the benchmarks, so nothing said so.
 */
import { createDasClient } from "@chaindata/das";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script of the benchmarks, without types
import { addresses } from "../../bench/lib/util.mjs";

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** The byte count of a base58 text: its leading "1"s (zero bytes) plus the bytes of its value. */
function byteCount(text: string): number {
  let value = 0n;
  for (const ch of text) value = value * 58n + BigInt(ALPHABET.indexOf(ch));
  const zeros = text.length - text.replace(/^1+/, "").length;
  return zeros + (value === 0n ? 0 : Math.ceil(value.toString(16).length / 2));
}

describe("bench/lib/util.mjs addresses", () => {
  it("gives base58 of 32 bytes, the same for the same seed", () => {
    const list: string[] = addresses(2000, 7);
    expect(new Set(list).size).toBe(2000);
    expect(list.filter((a) => byteCount(a) !== 32)).toEqual([]);
    expect(addresses(3, 7)).toEqual(list.slice(0, 3));
  });

  it("are sent by the DAS client (getAsset's check passes for every one)", async () => {
    const sent: string[] = [];
    const das = createDasClient({
      apiKey: "bench-addresses-test-key",
      baseUrls: { rpc: "http://127.0.0.1:9" },
      maxRetries: 0,
      fetch: async (_url, init) => {
        const { id, params } = JSON.parse(String(init?.body));
        sent.push(params.id);
        return Response.json({ jsonrpc: "2.0", id, result: { id: params.id } });
      },
    });
    const list: string[] = addresses(200, 11);
    for (const id of list) await das.getAsset({ id });
    expect(sent).toEqual(list);
  });
});
