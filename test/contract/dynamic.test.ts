/**
 * The mock in dynamic mode (data generated from the schemas, every optional field filled):
 * every operation is called several times with a different seed each (`Prefer: seed=…`, so a
 * failure is reproducible), and for each call the raw response validates against the response
 * schema, the call resolves, the client returns the data sent (digit for digit) and every u64
 * field is a `bigint`. This is what makes the clients parse varied, schema-valid data rather
 * than the few hand-written examples.
 */
import { describe, expect, it } from "vitest";
import { ECHOES } from "../../packages/mock/src/echo.js";
import { contractOf } from "./contracts.js";
import { useMock } from "./harness.js";
import {
  areas,
  digits,
  isTextResponse,
  operations,
  sentResult,
  u64Values,
  validateRawResponse,
} from "./spec.js";

const CALLS_PER_OPERATION = 3;

describe("dynamic mode: varied schema-valid data", () => {
  const h = useMock("dynamic");

  describe.each(areas.map((a) => [a.area] as const))("%s", (area) => {
    it.each(operations.filter((o) => o.area === area).map((o) => [o.id, o] as const))(
      `%s × ${CALLS_PER_OPERATION}`,
      async (_id, op) => {
        const contract = contractOf(op.id);
        const bodies = new Set<string>();
        for (let i = 1; i <= CALLS_PER_OPERATION; i++) {
          const seed = `${op.id}-${i}`;
          const result = await contract.call(h.clients(), op.input, {
            headers: { prefer: `seed=${seed}` },
          });
          const { status, text } = h.exchanges.at(-1)!;
          const where = `${op.id} (seed ${seed})`;
          expect(validateRawResponse(op, text, status), `${where}: ${text.slice(0, 300)}`).toEqual(
            [],
          );
          const sent = sentResult(op, text);
          if (sent !== undefined) expect(digits(result), where).toEqual(digits(sent));
          for (const { path, value } of u64Values(op, result))
            expect(typeof value, `${where} ${path}`).toBe("bigint");
          bodies.add(op.kind === "openrpc" ? JSON.stringify(JSON.parse(text).result) : text);
        }
        const log = h.requests();
        expect(log).toHaveLength(CALLS_PER_OPERATION);
        for (const entry of log)
          expect(entry.violations, JSON.stringify(entry.violations)).toEqual([]);
        // generated data, not the spec's example every time (a bodiless answer is always the
        // same, and so is a text one: the sender's `ok`, a string whose value is its example, and
        // one the mock makes whole from the request: sendTransaction's, the transaction's own
        // first signature)
        const derived = ECHOES[op.id]?.some((echo) => "derive" in echo && echo.to === "");
        if (!bodies.has("") && !isTextResponse(op) && !derived)
          expect(
            bodies.size,
            `${op.id}: the seeds gave ${bodies.size} different answers`,
          ).toBeGreaterThan(1);
      },
    );
  });
});
