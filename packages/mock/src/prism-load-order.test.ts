/**
 * Prism's ajv is given `x-base58-bytes` while prism-http loads (prism.ts). Here other code of the
 * process loads prism-http first, as a test suite that uses Prism itself may: the mock must still
 * check the count (it loads its own copy, through its hook), not answer as if the keyword were not
 * there. (A file of its own: vitest runs each file in a process of its own, so nothing else has
 * loaded the mock's Prism before this file's first line.)
 */
import { createRequire } from "node:module";
import { afterAll, expect, it } from "vitest";
import { startMock, type MockServer } from "./index.js";
import { callMock, rpcRequest } from "./test-support.js";

const require = createRequire(import.meta.url);
let mock: MockServer | undefined;
afterAll(() => mock?.stop());

it("checks the byte count when other code loaded prism-http before the mock", async () => {
  const early = require("@stoplight/prism-http");
  expect(typeof early.createInstance).toBe("function");
  mock = await startMock({ port: 0, quiet: true });
  const r = await callMock(mock.url, "/?api-key=k", {
    body: rpcRequest("getAsset", { id: "z".repeat(44) }, "1"),
  });
  expect(r.status).toBe(400);
  expect(r.body.error.data).toEqual([
    expect.objectContaining({
      code: "x-base58-bytes",
      message:
        "Request body property params.id must be base58 text of 32 bytes (x-base58-bytes), not 33",
    }),
  ]);
});
