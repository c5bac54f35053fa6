/**
 * Tests written to kill mutants of http.ts that the other suites let live (mutation audit 67):
 * each fails with the mutant named beside it and passes on the code as it is.
 */
import { describe, expect, it } from "vitest";
import type { InvalidResponseError } from "./errors.js";
import { walletHost } from "./generated/environments.js";
import { createRestTransport } from "./rest.js";
import {
  getBalancesOp as getBalances,
  isolateKeyEnv,
  REST_TEST_KEY as KEY,
  sendRequest,
  settle,
  stubFetch,
  walletRequest as get,
} from "./test-support/testing.js";

isolateKeyEnv();

describe("an InvalidResponseError's snippet", () => {
  // Mutant: `redacted.slice(0, 200)` → `slice(0, 2000)` (errors.ts documents "≤ 200 characters").
  it("is the first 200 characters of a long body, redacted", async () => {
    const body = `${KEY} ` + "a".repeat(190) + "b".repeat(300);
    const { fetch } = stubFetch(new Response(body, { status: 200 }));
    const transport = createRestTransport({ apiKey: KEY, fetch, maxRetries: 0 }, walletHost);
    const { error } = await settle(sendRequest(transport, get(), { operation: getBalances }));
    expect(error).toMatchObject({ name: "InvalidResponseError", reason: "non-json" });
    const { snippet } = error as InvalidResponseError;
    expect(snippet).toBe(`*** ${"a".repeat(190)}bbbbbb`);
    expect(snippet).toHaveLength(200);
  });
});
