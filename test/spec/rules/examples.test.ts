// checkExamples and checkOpenApiExamplesPresent (scripts/spec/rules/examples.mjs): an example
// passes its schema, and a REST operation has the examples it needs. The documents: fixtures.ts.
import { describe, expect, it } from "vitest";
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
    paths["/x/{id}"].delete["x-cost"].credits = -1;
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
