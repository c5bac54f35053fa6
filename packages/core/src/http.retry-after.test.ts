// The end of a retryable answer's message once no retry is left: the wait the last answer asked
// for, then the attempts, and no wait where the answer asked for none (`Retry-After: 0`).
import { describe, expect, it } from "vitest";
import { InternalServerError } from "./errors.js";
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

const sendWith = (headers: Record<string, string>, maxRetries: number) => {
  const { fetch, mock } = stubFetch(new Response("", { status: 503, headers }));
  const transport = createRestTransport({ apiKey: KEY, fetch, maxRetries }, walletHost);
  return { mock, result: settle(sendRequest(transport, get(), { operation: getBalances })) };
};

describe("a retryable answer's message after its last attempt", () => {
  it("says the last answer's wait before the count of attempts", async () => {
    // (`retry-after-ms`: a wait of 5 ms, so that the retry is not a second's.)
    const { mock, result } = sendWith({ "retry-after-ms": "5" }, 1);
    const { error } = await result;
    expect(mock).toHaveBeenCalledTimes(2);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.message).toBe("HTTP 503 from getBalances (Retry-After 0.005 s) (2 attempts)");
  });

  it("says no wait where the answer asked for none (Retry-After: 0), after one attempt or more", async () => {
    for (const maxRetries of [0, 1]) {
      const { error } = await sendWith({ "retry-after": "0" }, maxRetries).result;
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error.message).toBe(
        `HTTP 503 from getBalances${maxRetries ? ` (${maxRetries + 1} attempts)` : ""}`,
      );
    }
  });
});
