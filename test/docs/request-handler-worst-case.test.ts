// The worst case of the defaults, as the docs state it, computed from the code that makes it
// (user trial 66, F7): a page-serving backend reading an area README's Options bullet, or core's
// "In a request handler", learns how long one call may hold its request before it sets its own
// `timeout` and `maxRetries`. A change of a default, of the backoff or of the Retry-After cap and
// jitter fails here until the figures are updated.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resolveConfig } from "../../packages/core/src/config.js";
import { MAX_RETRY_AFTER_MS, retryDelay } from "../../packages/core/src/retry.js";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const core = read("packages/core/README.md");
/** A section of core's README, up to the next heading of its level or above. */
const section = (heading: string) => {
  const start = core.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThan(0);
  const level = heading.split(" ")[0]!;
  const rest = core.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`^#{1,${level.length}} `, "m"));
  return (end < 0 ? rest : rest.slice(0, end)).replace(/\s+/g, " ");
};

afterEach(() => vi.restoreAllMocks());

/** The longest wait before each of the default retries: with Retry-After at its cap, or without. */
function longestWaits(retries: number, retryAfter?: number): number[] {
  vi.spyOn(Math, "random").mockReturnValue(retryAfter === undefined ? 0 : 1);
  return Array.from({ length: retries }, (_, i) => retryDelay(i + 1, retryAfter));
}

describe("the defaults' worst case, in minutes", () => {
  const { timeout, maxRetries } = resolveConfig({ apiKey: "k" });
  const attempts = (maxRetries + 1) * timeout;
  const hung = attempts + longestWaits(maxRetries).reduce((a, b) => a + b, 0);
  const retryAfter =
    attempts + longestWaits(maxRetries, MAX_RETRY_AFTER_MS).reduce((a, b) => a + b, 0);

  it("is about 3 minutes for a host that hangs, 5½ with a server's longest Retry-After waits", () => {
    expect([timeout, maxRetries]).toEqual([60_000, 2]);
    expect(Math.round(hung / 60_000)).toBe(3); // 181.5 s
    expect(retryAfter / 60_000).toBe(5.5); // 3 × 60 s + 2 × 75 s
  });

  it('core\'s README states both in "In a request handler", and the Retries section the longer', () => {
    const handler = section("### In a request handler");
    expect(handler).toContain(
      "`timeout` 60 s per attempt and `maxRetries` 2: a host that hangs holds a call about 3 minutes",
    );
    expect(handler).toContain("up to 5½ minutes");
    expect(section("## Retries")).toContain("with the defaults one call may take up to 5½ minutes");
  });

  it("every area README's Options bullet says both and points there", () => {
    const areas = [
      "admin",
      "compression",
      "das",
      "mint",
      "sender",
      "token-metadata",
      "wallet",
      "webhooks",
    ];
    for (const area of areas)
      expect(read(`packages/${area}/README.md`), area).toContain(
        "the defaults (60 s per attempt, 2 retries) can hold a request about 3 minutes, up to 5½ with a server's `Retry-After` waits (@chaindata/core's README, \"In a request handler\").",
      );
  });
});
