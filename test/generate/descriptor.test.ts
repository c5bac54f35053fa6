// What every operation descriptor carries for @chaindata/core besides its id and params check
// (scripts/generate/lib/descriptor.mjs commonDescriptorFields): retry safety, the u64 shape of the
// result, the status marks and the pagination, read from the spec as the runtime needs them.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { commonDescriptorFields } from "../../scripts/generate/lib/descriptor.mjs";

const doc = { info: {} };

describe("commonDescriptorFields", () => {
  it("marks an operation retry-safe unless the spec says x-idempotent: false", () => {
    expect(commonDescriptorFields(doc, {}).idempotent).toBe(true);
    expect(commonDescriptorFields(doc, { "x-idempotent": true }).idempotent).toBe(true);
    expect(commonDescriptorFields(doc, { "x-idempotent": false }).idempotent).toBe(false);
  });

  it("keeps the shape of a result whose only numbers are floats (0): a float written beyond 2^53 is read as a bigint, and turned back into a number", () => {
    expect(commonDescriptorFields(doc, {}, { type: "number" }).u64).toBe(0);
    expect(commonDescriptorFields(doc, {}, { type: "string" })).not.toHaveProperty("u64");
  });

  it("marks every operation of a beta area beta, as its own x-beta does", () => {
    expect(commonDescriptorFields({ info: { "x-beta": true } }, {}).beta).toBe(true);
    expect(commonDescriptorFields(doc, { "x-beta": true }).beta).toBe(true);
    expect(commonDescriptorFields(doc, {})).not.toHaveProperty("beta");
  });

  it("carries x-pagination without its provenance (x-source is for spec readers, not the runtime)", () => {
    const pagination = { style: "page", page: "page", limit: "limit", items: "items" };
    expect(
      commonDescriptorFields(doc, { "x-pagination": { ...pagination, "x-source": "seed" } })
        .pagination,
    ).toEqual(pagination);
  });
});
