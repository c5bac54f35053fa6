/**
 * Tests written to kill mutants of receiver.ts that the other suites let live (mutation audit
 * 67): each fails with the mutant named beside it and passes on the code as it is.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { cpuTimeRatio } from "../../core/src/test-support/testing.js";
import { createWebhookHandler, type SignatureStore } from "./receiver.js";

const AUTH = "Bearer s3cr3t-delivery-token";
const COUNT = 100_000;
// (Module-level, so it stays alive across the heap measurements: freed, its 2 MB would hide what
// the handler keeps.)
const BODY = `[${Array.from({ length: COUNT }, (_, i) => `{"signature":"s${i}"}`).join(",")}]`;

describe("de-duplication's record of the deliveries being handled", () => {
  // Mutant: `inFlight.delete(signature)` dropped from `letGo`: every signature ever handled
  // stayed in the handler's map with its promise, for the life of the process.
  it("keeps nothing once each event is handled: memory stays bounded however many signatures come", async () => {
    // A store that remembers nothing: what is kept after the delivery is the handler's own.
    const store: SignatureStore = { has: () => false, add: () => {} };
    let handled = 0;
    const handle = createWebhookHandler({
      authHeader: AUTH,
      onEvent: () => void handled++,
      dedupe: store,
    });
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    gc();
    const heap = process.memoryUsage().heapUsed;
    const deliver = (body: string) =>
      handle(
        new Request("http://localhost/hook", {
          method: "POST",
          headers: { authorization: AUTH },
          body,
        }),
      );
    expect([(await deliver(BODY)).status, handled]).toEqual([200, COUNT]);
    gc();
    // (Measured: about 2 MB here whatever the count, the test's own; 12.6 MB with the 100,000
    // signatures and their promises kept.)
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(6_000_000);
    // (The handler is used again, so it is alive at the measurement: its own memory is counted.)
    expect([(await deliver(`[{"signature":"s0"}]`)).status, handled]).toEqual([200, COUNT + 1]);
  });
});

describe("the Authorization check's time", () => {
  // Mutant: `sameBytes(authorization, form)` → `sameBytes(form, authorization)`: the same answer,
  // in time that grows with the secrets' length instead of the received header's, which tells a
  // sender how long they are.
  it("grows with the received header, not with the secrets: 64 secrets of 8,000 characters cost what 64 of 8 do", async () => {
    const secrets = (length: number) =>
      Array.from({ length: 64 }, (_, i) => `Bearer ${i}`.padEnd(length, "k"));
    const refuseMany = (authHeader: string[]) => {
      const handle = createWebhookHandler({ authHeader, onEvent: () => {}, onRefused: () => {} });
      return async () => {
        for (let i = 0; i < 200; i++) {
          const response = await handle(
            new Request("http://localhost/hook", {
              method: "POST",
              headers: { authorization: "x" },
              body: "[]",
            }),
          );
          expect(response.status).toBe(401);
        }
      };
    };
    const { ratio, smallMs, largeMs } = await cpuTimeRatio(
      refuseMany(secrets(8)),
      refuseMany(secrets(8000)),
    );
    // (Measured: about 1; with the secrets' length, about 10.)
    expect(ratio, `${smallMs} ms, ${largeMs} ms`).toBeLessThan(3);
  });
});
