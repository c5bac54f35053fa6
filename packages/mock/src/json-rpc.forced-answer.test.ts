/**
 * What the mock checks of the answer it sends (json-rpc-entry.ts, `checkAnswer`): not an error a
 * hook forced, which is answered in a 200 whatever its code and so breaks the 200's result-only
 * response by design; the log holds the request's violations alone (none here).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startMock, type MockServer } from "./index.js";
import { callMock, rpcRequest } from "./test-support.js";

const ID = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0, quiet: true });
});
afterAll(() => mock?.stop());

it("a forced error in a 200 is not held to the 200's response: no violation logged", async () => {
  mock.failNext({ rpcError: -32004 });
  const r = await callMock(mock.url, "/?api-key=k", {
    body: rpcRequest("getAsset", { id: ID }, "1"),
  });
  expect([r.status, r.body.error]).toEqual([200, { code: -32004, message: "Not found" }]);
  expect(mock.requests().at(-1)).toMatchObject({ status: 200, violations: [] });
  expect(r.headers.get("sl-violations")).toBeNull();
});
