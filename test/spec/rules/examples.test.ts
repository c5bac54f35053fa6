// checkExamples and checkOpenApiExamplesPresent (scripts/spec/rules/examples.mjs): an example
// passes its schema, and a REST operation has the examples it needs. The documents: fixtures.ts.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { parseBundle } from "../../../scripts/spec/bundle.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkCosts } from "../../../scripts/spec/rules/costs.mjs";
import {
  checkExamples,
  checkOpenApiExamplesPresent,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../../scripts/spec/rules/examples.mjs";
import { area, components } from "./fixtures.js";

describe("spec rules", () => {
  it("a REST operation answering 204 needs no response example; a credit cost is a whole number ≥ 0", () => {
    const paths = {
      "/x/{id}": {
        delete: {
          operationId: "deleteX",
          parameters: [{ name: "id", in: "path", examples: { one: { value: "1" } } }],
          responses: { "204": { description: "Deleted." } },
          "x-cost": { credits: 0, "x-source": "seed" },
        },
      },
    };
    const doc = { openapi: "3.1.0", info: { title: "t", version: "1" }, paths };
    expect(checkOpenApiExamplesPresent({ area, doc })).toEqual([]);
    expect(checkCosts({ area, kind: "openapi", doc })).toEqual([]);
    // (A cost given but misshapen is said as it is, not as a missing one: review 71, F4.)
    paths["/x/{id}"].delete["x-cost"].credits = -1;
    expect(checkCosts({ area, kind: "openapi", doc })).toEqual([
      "t DELETE /x/{id} (deleteX): x-cost.credits must be a whole number ≥ 0, or null when the service documents none (got -1)",
    ]);
    (paths["/x/{id}"].delete["x-cost"] as any).credits = "10 credits";
    expect(checkCosts({ area, kind: "openapi", doc })).toEqual([
      't DELETE /x/{id} (deleteX): x-cost.credits must be a whole number ≥ 0, or null when the service documents none (got "10 credits")',
    ]);
    delete (paths["/x/{id}"].delete["x-cost"] as any).credits;
    expect(checkCosts({ area, kind: "openapi", doc })).toEqual([
      "t DELETE /x/{id} (deleteX): x-cost.credits must be a whole number ≥ 0, or null when the service documents none (got none)",
    ]);
    (paths["/x/{id}"].delete as any)["x-cost"] = 10;
    expect(checkCosts({ area, kind: "openapi", doc })).toEqual([
      "t DELETE /x/{id} (deleteX): x-cost must be { credits: <whole number>, or null when the service documents none, x-source: … } (got 10)",
    ]);
    delete (paths["/x/{id}"].delete as any)["x-cost"];
    expect(checkCosts({ area, kind: "openapi", doc })).toEqual([
      "t DELETE /x/{id} (deleteX): needs x-cost: { credits: <whole number>, or null when the service documents none, x-source: … }",
    ]);
  });

  it("a rename leftover only where the example lacks the declared spelling", () => {
    const doc = (example: object) =>
      components({
        Edition: {
          type: "object",
          properties: { masterEdition: { type: "string" } },
          examples: [example],
        },
      });
    const leftover = checkExamples({
      area,
      kind: "openapi",
      doc: doc({ master_edition: "a" }),
    });
    expect(leftover).toEqual([
      't #/components/schemas/Edition/examples/0: example /master_edition: not a property of the schema, which declares "masterEdition" (a rename leftover? update the example)',
    ]);
    // (both spellings: the other is an extra field of an open object, not a rename)
    expect(
      checkExamples({
        area,
        kind: "openapi",
        doc: doc({ masterEdition: "a", master_edition: "a" }),
      }),
    ).toEqual([]);
  });
});

describe("an integer beyond ±(2^53−1) where no u64 is (user trial 34, F13d)", () => {
  it("is one finding at the field, naming how many examples hold one and the operations that use it", () => {
    const big = 2 ** 60;
    const doc = {
      openrpc: "1.3.2",
      info: { title: "t", version: "1" },
      methods: ["getThing", "getOther"].map((name) => ({
        name,
        params: [],
        result: { name: "thing", schema: { $ref: "#/components/schemas/Thing" } },
        examples: [{ name: "one", params: [], result: { name: "r", value: { count: big } } }],
      })),
      components: {
        schemas: {
          Thing: {
            type: "object",
            properties: { count: { type: "integer" } },
            examples: [{ count: big }, { count: 1 }],
          },
        },
      },
    };
    expect(checkExamples({ area, kind: "openrpc", doc })).toEqual([
      `t #/components/schemas/Thing/properties/count: is a plain integer (no format: uint64 / int64), but 3 examples hold an integer beyond ±(2^53−1) here (#/components/schemas/Thing/examples/0 /count, #/methods/0 (getThing)/examples/0 (one) result /count, #/methods/1 (getOther)/examples/0 (one) result /count), which the SDK would deliver as a bigint in a field typed number: make the field $ref: common.yaml#/U64 (or #/I64), decision 0005; one fix for the 2 operations that use it (getThing, getOther)`,
    ]);
  });
});

describe("the findings checkExamples remembers (review 75, F1)", () => {
  // A document of one u64 schema whose example is `n`, parsed as spec/dist is read (bundle.mjs
  // parseBundle): an integer beyond ±(2^53−1) is held rounded, its exact value beside it.
  const bundled = (n: string) =>
    parseBundle(
      `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{},"components":{"schemas":{"Slot":{"type":"integer","format":"uint64","examples":[${n}]}}}}`,
    );
  const outside =
    "t #/components/schemas/Slot/examples/0: example value 18446744073709551616 is outside the u64 range 0 … 18446744073709551615";

  it("are never those of another content: an edit only the exact value shows (u64::MAX + 1 rounds as u64::MAX), or one made in place", () => {
    expect(checkExamples({ area, kind: "openapi", doc: bundled("18446744073709551615") })).toEqual(
      [],
    );
    expect(checkExamples({ area, kind: "openapi", doc: bundled("18446744073709551616") })).toEqual([
      outside,
    ]);
    // The same document object, edited after it was checked.
    const doc = bundled("1");
    expect(checkExamples({ area, kind: "openapi", doc })).toEqual([]);
    doc.components.schemas.Slot.examples[0] = -1;
    expect(checkExamples({ area, kind: "openapi", doc })).toEqual([
      't #/components/schemas/Slot/examples/0: example value must match format "uint64" (got -1)',
      "t #/components/schemas/Slot/examples/0: example value -1 is outside the u64 range 0 … 18446744073709551615",
    ]);
    // Another area or kind with the same document is its own check (findings name the area).
    expect(
      checkExamples({ area: "u", kind: "openapi", doc: bundled("18446744073709551616") }),
    ).toEqual([outside.replace(/^t /, "u ")]);
  });
});

describe("a schema keyword ajv does not know (user trial 58, F4)", () => {
  it("is one finding, and the area's examples are still checked in the same run", () => {
    const doc = components({
      Thing: {
        type: "object",
        properties: { name: { type: "string", maxLenght: 3 }, count: { type: "integer" } },
        examples: [{ name: "a", count: "many" }],
      },
    });
    // (The subset rule, schemas.mjs, names the keyword at its place; before, this finding was the
    // only one, and the example below, which breaks its schema, was reported only once the
    // keyword was fixed: one more round of spec:check for the contributor.)
    expect(checkExamples({ area, kind: "openapi", doc })).toEqual([
      't #/components/schemas: strict mode: unknown keyword: "maxLenght"',
      't #/components/schemas/Thing/examples/0: example /count must be integer (got "many")',
    ]);
  });

  it("so is a format ajv does not know, a misspelt date-time (review 81, F7: it hid them all)", () => {
    const doc = components({
      Thing: {
        type: "object",
        properties: { at: { type: "string", format: "date-tme" }, count: { type: "integer" } },
        examples: [{ at: "2026-01-01T00:00:00Z", count: "many" }],
      },
    });
    expect(checkExamples({ area, kind: "openapi", doc })).toEqual([
      't #/components/schemas: unknown format "date-tme" ignored in schema at path "#/properties/at"',
      't #/components/schemas/Thing/examples/0: example /count must be integer (got "many")',
    ]);
  });

  it("so is any other schema strict mode alone refuses, told by compiling without it, not by ajv's words", () => {
    // (A `then` without `if`, which ajv ignores when not strict: every other keyword still means
    // what it says, so the example that breaks `count` is told in the same run.)
    const doc = components({
      Thing: {
        type: "object",
        properties: {
          name: { type: "string", then: { minLength: 1 } },
          count: { type: "integer" },
        },
        examples: [{ name: "a", count: "many" }],
      },
    });
    const [strict, ...examples] = checkExamples({ area, kind: "openapi", doc });
    expect(strict).toMatch(/^t #\/components\/schemas: strict mode: /);
    expect(examples).toEqual([
      't #/components/schemas/Thing/examples/0: example /count must be integer (got "many")',
    ]);
  });

  it("a schema that does not compile even without strict mode leaves the examples unchecked", () => {
    const doc = components({
      Thing: {
        type: "object",
        properties: { name: { type: "string", minLength: "one" }, count: { type: "integer" } },
        examples: [{ name: "a", count: "many" }],
      },
    });
    const findings = checkExamples({ area, kind: "openapi", doc });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(/^t #\/components\/schemas: schema is invalid: /);
  });
});
