/**
 * Tests written to kill mutants of batch.ts that the other suites let live (mutation audit 67):
 * each fails with the mutant named beside it and passes on the code as it is.
 */
import { describe, expect, it, vi } from "vitest";
import { createBatcher, type BatchedCall } from "./batch.js";

const call = (id: string): BatchedCall => ({
  request: { id, method: "getAsset" },
  text: JSON.stringify({ id, method: "getAsset" }),
  method: { idempotent: true },
  reject: vi.fn(),
});

describe("createBatcher's defaults", () => {
  // Mutant: `maxSize = 100` → `maxSize = 1000` (BatcherOptions documents @default 100).
  it("sends at most 100 calls in a batch request: 101 calls in one tick are a batch of 100 and a lone call", async () => {
    const bodies: string[] = [];
    const enqueue = createBatcher().bind(
      async (body) => {
        bodies.push(body);
        return [[], new Response()];
      },
      () => {},
    );
    for (let i = 1; i <= 101; i++) expect(enqueue(call(String(i)), {})).toBe(true);
    // The full batch went at once; the lone call goes after the tick.
    expect(bodies).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bodies).toHaveLength(2);
    expect((JSON.parse(bodies[0]!) as unknown[]).length).toBe(100);
    expect(JSON.parse(bodies[1]!)).toEqual({ id: "101", method: "getAsset" });
  });
});
