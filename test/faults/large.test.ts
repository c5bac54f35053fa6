// A 50 MB JSON-RPC response (a valid getAssetBatch result with a large array) through the real
// @chaindata/das: it must parse, with u64 values exact, in bounded time. Durations are printed.
import { createDasClient } from "@chaindata/das";
import { describe, expect, it } from "vitest";
import {
  API_KEY,
  ASSET_ID,
  checkLeaksAfterEach,
  FaultServer,
  loggedDelays,
  recordingLogger,
  useFaultServer,
  type Behaviour,
} from "./harness.js";

let server: FaultServer;
useFaultServer((started) => (server = started));
checkLeaksAfterEach(() => server);

const TARGET = 50 * 1024 * 1024;
// Base58-looking ids, deterministic.
const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const id58 = (n: number) => {
  let s = "";
  for (let i = 0; i < 44; i++) s += ALPHABET[(n * 31 + i * 17 + ((n >> (i % 13)) & 7)) % 58];
  return s;
};

/**
 * The body of a getAssetBatch result of ≥ 50 MB. With `unsafe`, every asset carries u64 values
 * beyond 2^53 (supply 18446744073709551615), so the lossless parser takes its slow path.
 */
function bigBody(unsafe: boolean): { head: string; tail: Buffer; count: number } {
  const parts: string[] = [];
  let size = 0;
  let n = 0;
  while (size < TARGET) {
    const supply = unsafe ? `${18446744073709551615n - BigInt(n)}` : `${1_000_000 + n}`;
    const asset =
      `{"interface":"FungibleToken","id":"${id58(n)}","content":{"$schema":"https://schema.metaplex.com/nft1.0.json","json_uri":"https://arweave.net/${id58(n + 1)}",` +
      `"metadata":{"name":"Token #${n}","symbol":"TK","description":"Asset ${n} — ünïcödé ✓"},"links":{"image":"https://example.com/${n}.png"}},` +
      `"authorities":[{"address":"${id58(n + 2)}","scopes":["full"]}],"compression":{"compressed":false,"eligible":false},` +
      `"ownership":{"frozen":false,"delegated":false,"ownership_model":"token","owner":"${id58(n + 3)}"},` +
      `"supply":{"print_max_supply":0,"print_current_supply":0,"edition_nonce":null},"mutable":true,"burnt":false,` +
      `"token_info":{"supply":${supply},"decimals":6,"token_program":"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA","price_info":{"price_per_token":1.0001,"currency":"USDC"}}}`;
    parts.push(asset);
    size += Buffer.byteLength(asset) + 1;
    n++;
  }
  return {
    head: '{"jsonrpc":"2.0","id":',
    tail: Buffer.from(`,"result":[${parts.join(",")}]}`),
    count: n,
  };
}

const serveBig =
  (body: ReturnType<typeof bigBody>): Behaviour =>
  ({ res, received }) => {
    const head = Buffer.from(body.head + JSON.stringify(received.json.id));
    res.writeHead(200, {
      "content-type": "application/json",
      "content-length": String(head.length + body.tail.length),
    });
    res.write(head);
    res.end(body.tail);
  };

describe("a 50 MB response", () => {
  it.each([
    ["safe integers only (JSON.parse fast path)", false],
    ["u64 values beyond 2^53 in every item (lossless slow path)", true],
  ])(
    "%s: parses completely, in bounded time",
    async (_name, unsafe) => {
      const body = bigBody(unsafe);
      const bytes = body.head.length + body.tail.length;
      const { lines, logger } = recordingLogger();
      const das = createDasClient({
        apiKey: API_KEY,
        baseUrls: { rpc: server.url },
        logger,
        timeout: 30_000,
        maxRetries: 0,
      });
      server.serve(serveBig(body));
      const started = performance.now();
      const result = await das.getAssetBatch({ ids: [ASSET_ID] });
      const elapsed = performance.now() - started;
      const mb = bytes / 1024 / 1024;
      console.log(
        `[faults] 50 MB response, ${unsafe ? "u64 > 2^53 in every item" : "safe integers only"}: ${mb.toFixed(1)} MB, ${body.count} items, call settled in ${elapsed.toFixed(0)} ms (${(mb / (elapsed / 1000)).toFixed(1)} MB/s)`,
      );
      expect(bytes).toBeGreaterThanOrEqual(TARGET);
      expect(result).toHaveLength(body.count);
      const last = result[body.count - 1]!;
      expect(last.id).toBe(id58(body.count - 1));
      // u64 fields are bigint, and exact.
      expect(last.token_info!.supply).toBe(
        unsafe
          ? 18446744073709551615n - BigInt(body.count - 1)
          : BigInt(1_000_000 + body.count - 1),
      );
      expect(result[0]!.content!.metadata!.name).toBe("Token #0");
      // Bounded: a generous ceiling for 2 slow, shared cores (a quadratic scan of 50 MB would take
      // hours); the measured time is printed above.
      expect(elapsed).toBeLessThan(120_000);
      expect(lines.some((l) => l.startsWith("debug getAssetBatch: POST"))).toBe(true);
    },
    240_000,
  );

  // A body that ends cleanly but holds cut JSON is retried as a lost connection is (a read:
  // decision 0006), so each attempt reads and rejects all 50 MB; the bound is per attempt.
  it("cut off 1 KB before its end: retried (maxRetries + 1 requests), then InvalidResponseError 'truncated', each attempt in bounded time", async () => {
    const body = bigBody(true);
    const { lines, logger } = recordingLogger();
    const das = createDasClient({
      apiKey: API_KEY,
      baseUrls: { rpc: server.url },
      logger,
      timeout: 30_000,
      maxRetries: 2,
    });
    server.serve(({ res, received }) => {
      const head = Buffer.from(body.head + JSON.stringify(received.json.id));
      const tail = body.tail.subarray(0, body.tail.length - 1024);
      res.writeHead(200, {
        "content-type": "application/json",
        "content-length": String(head.length + tail.length),
      });
      res.write(head);
      res.end(tail);
    });
    const started = performance.now();
    const error: any = await das.getAssetBatch({ ids: [ASSET_ID] }).catch((e) => e);
    const elapsed = performance.now() - started;
    // Each attempt: from its request's arrival to the next one's (less the retry wait), or to the end.
    const waits = loggedDelays(lines);
    const arrivals = [...server.requests.map((r) => r.realAt), started + elapsed];
    const attempts = server.requests.map((r, i) => arrivals[i + 1]! - r.realAt - (waits[i] ?? 0));
    console.log(
      `[faults] 50 MB response cut 1 KB short: ${error?.name} '${error?.reason}' after ${elapsed.toFixed(0)} ms (attempts ${attempts.map((ms) => ms.toFixed(0)).join(", ")} ms; waits ${waits.join(", ")} ms)`,
    );
    expect(error).toMatchObject({ name: "InvalidResponseError", reason: "truncated", status: 200 });
    expect(error.message).toMatch(/ \(3 attempts\)$/);
    expect(error.snippet.length).toBeLessThanOrEqual(200);
    expect(server.requests).toHaveLength(3);
    expect(new Set(server.requests.map((r) => r.body)).size).toBe(1);
    expect(waits).toHaveLength(2);
    for (const ms of attempts) expect(ms).toBeLessThan(120_000);
  }, 240_000);
});
