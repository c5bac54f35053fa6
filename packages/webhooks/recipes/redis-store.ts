import type { SignatureStore } from "@chaindata/webhooks";

// The calls of a Redis client such as node-redis; no dependency of this package.
interface Redis {
  set(key: string, value: string, options: { NX?: true; PX: number }): Promise<string | null>;
  exists(key: string): Promise<number>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

// Deletes the key only while it holds the token.
const RELEASE =
  'if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0';

export const redisSignatureStore = (redis: Redis, prefix = "webhook:"): SignatureStore => ({
  has: async (signature) => (await redis.exists(prefix + signature)) === 1,
  // One atomic step: true for the one instance that got the signature.
  claim: async (signature, ttlMs, token) =>
    (await redis.set(prefix + signature, token, { NX: true, PX: ttlMs })) === "OK",
  add: async (signature, ttlMs = 86_400_000) => {
    await redis.set(prefix + signature, "done", { PX: ttlMs });
  },
  // Only this claim's: a late completion's record (add) stays.
  release: async (signature, token) => {
    await redis.eval(RELEASE, { keys: [prefix + signature], arguments: [token] });
  },
});
