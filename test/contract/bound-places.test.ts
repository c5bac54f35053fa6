// boundPlaces reads where a request has a bound from the schemas alone; validation.test holds each
// to a case of boundCases or an `unreached` line. A place it misses is a bound with no case and no
// word, so what it reads is pinned here on a schema of every shape it walks.
import { expect, it } from "vitest";
import { boundPlaces } from "./bounds.js";
import type { Operation } from "./spec.js";

it("reads a bound in a member, a list's items, a $ref, a single alternative beside null and an allOf branch; not one of two alternatives, a rule's then, a zero minimum length or a list of numbers", () => {
  const schema = {
    type: "object",
    properties: {
      id: { type: "string", pattern: "^[1-9A-HJ-NP-Za-km-z]+$", minLength: 0 },
      ids: { type: "array", minItems: 1, items: { $ref: "#/components/schemas/Id" } },
      sortBy: { anyOf: [{ $ref: "#/components/schemas/Sort" }, { type: "null" }] },
      either: {
        oneOf: [
          { type: "integer", maximum: 1 },
          { type: "integer", minimum: 5 },
        ],
      },
      level: { type: "integer", enum: [1, 2] },
    },
    allOf: [
      { properties: { limit: { type: "integer", maximum: 1000 } } },
      { if: { required: ["id"] }, then: { properties: { id: { maxLength: 44 } } } },
    ],
  };
  const doc = {
    components: {
      schemas: {
        Id: { type: "string", maxLength: 44 },
        Sort: {
          type: "object",
          properties: { sortBy: { type: "string", enum: ["id", "created"] } },
        },
      },
    },
  };
  const op = { id: "op", kind: "openrpc", wire: "array", method: { params: [{ schema }] }, doc };
  expect(boundPlaces(op as unknown as Operation).sort()).toEqual([
    "params.id pattern",
    "params.ids minItems",
    "params.ids[0] maxLength",
    "params.limit maximum",
    "params.sortBy.sortBy enum",
  ]);
});
