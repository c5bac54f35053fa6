/**
 * `Prefer: code=500` on a `5XX` response names that code's example in examples mode (rest.ts,
 * areas.ts `codeExamples`); in dynamic mode the body is generated, as every dynamic answer is, not
 * an example's.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startMock, type MockServer } from "./index.js";
import { callMock } from "./test-support.js";

const WALLET = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const balances = `/v1/wallet/${WALLET}/balances?api-key=k`;

let dynamic: MockServer;
beforeAll(async () => {
  dynamic = await startMock({ port: 0, quiet: true, mode: "dynamic", seed: "code-examples" });
});
afterAll(() => dynamic?.stop());

it("a 5xx asked for in dynamic mode is generated, not its code's example", async () => {
  const r = await callMock(dynamic.url, balances, { headers: { Prefer: "code=500" } });
  expect(r.status).toBe(500);
  expect(r.body.error.code).toBe(500);
  // (The example, whole: what examples mode answers.)
  expect(r.body).not.toEqual({ error: { code: 500, message: "Internal server error." } });
});
