// checkCosts (scripts/spec/rules/costs.mjs): x-cost and x-rate-limit have the forms the docs and
// the SDK read.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkCosts } from "../../../scripts/spec/rules/costs.mjs";
import { area } from "./fixtures.js";

describe("spec rules", () => {
  it("an x-rate-limit is one limit (requestsPerSecond) or the plans' (plans), on an operation or the area's info; a delivery's x-cost is per event", () => {
    const source = "public-docs: x";
    const op = (limit: unknown) => ({
      openrpc: "1.3.2",
      info: { title: "t", version: "1", "x-rate-limit": limit },
      methods: [{ name: "m", "x-cost": { credits: 1, "x-source": source }, "x-rate-limit": limit }],
    });
    const wrong = (at: string) =>
      `${at}: x-rate-limit must be { requestsPerSecond: <number > 0>, scope?: <what it counts>, x-source } or { plans: { <plan>: <requests/s> }, x-source }`;
    for (const good of [
      { requestsPerSecond: 5, scope: "project", "x-source": source },
      { plans: { Free: 2, Developer: 10 }, "x-source": source },
    ])
      expect(checkCosts({ area, kind: "openrpc", doc: op(good) }), JSON.stringify(good)).toEqual(
        [],
      );
    for (const bad of [
      { requestsPerSecond: 0, "x-source": source },
      { requestsPerSecond: 5, plans: { Free: 2 }, "x-source": source },
      { plans: {}, "x-source": source },
      { plans: { Free: "2" }, "x-source": source },
      { rps: 5, "x-source": source },
      { requestsPerSecond: 5 },
      5,
    ])
      expect(checkCosts({ area, kind: "openrpc", doc: op(bad) }), JSON.stringify(bad)).toEqual([
        wrong("t #/methods/0 (m)"),
        wrong("t #/info/x-rate-limit"),
      ]);
    const delivery = (cost: unknown) => ({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      webhooks: { enhanced: { post: { operationId: "deliver", "x-cost": cost } } },
    });
    expect(
      checkCosts({
        area,
        kind: "openapi",
        doc: delivery({ credits: 1, per: "event", "x-source": source }),
      }),
    ).toEqual([]);
    for (const bad of [
      { credits: 1 },
      { credits: -1, per: "event" },
      { credits: 1, per: "request" },
    ])
      expect(
        checkCosts({ area, kind: "openapi", doc: delivery(bad) }),
        JSON.stringify(bad),
      ).toEqual([
        "t #/webhooks/enhanced/post/x-cost: must be { credits: <whole number>, per: event, x-source: … } (the cost of each delivered event)",
      ]);
  });
});

describe("a cost's provenance (user trial 34, F8)", () => {
  const rule =
    'every fact names its source (spec/README.md "Provenance: x-source"): x-source: seed, "public-docs: <source>" or "assumption: <reason>"';
  it("an x-cost without its x-source is refused, naming the operation and the rule", () => {
    const rpc = (cost: unknown) => ({
      openrpc: "1.3.2",
      info: { title: "t", version: "1" },
      methods: [{ name: "getThing", "x-cost": cost }],
    });
    expect(checkCosts({ area, kind: "openrpc", doc: rpc({ credits: 10 }) })).toEqual([
      `t #/methods/0 (getThing): x-cost of getThing has no x-source: ${rule}, inside the x-cost (x-cost: { credits: 10, x-source: … })`,
    ]);
    expect(
      checkCosts({ area, kind: "openrpc", doc: rpc({ credits: null, "x-source": "seed" }) }),
    ).toEqual([]);
    // (A free call, 0 credits, is a whole number ≥ 0: refused with `>= 0` made `> 0`, mutation 74.)
    expect(
      checkCosts({ area, kind: "openrpc", doc: rpc({ credits: 0, "x-source": "seed" }) }),
    ).toEqual([]);
    const rest = (cost: unknown) => ({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: { "/v0/things": { get: { operationId: "listThings", "x-cost": cost } } },
      webhooks: {
        enhanced: {
          post: { operationId: "deliver", "x-cost": { ...(cost as object), per: "event" } },
        },
      },
    });
    expect(checkCosts({ area, kind: "openapi", doc: rest({ credits: 100 }) })).toEqual([
      `t GET /v0/things (listThings): x-cost of listThings has no x-source: ${rule}, inside the x-cost (x-cost: { credits: 100, x-source: … })`,
      `t #/webhooks/enhanced/post/x-cost: the delivery enhanced's x-cost has no x-source: ${rule}`,
    ]);
    expect(
      checkCosts({
        area,
        kind: "openapi",
        doc: rest({ credits: 1, "x-source": "public-docs: D" }),
      }),
    ).toEqual([]);
  });
});
