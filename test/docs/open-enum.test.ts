// The docs site recognises open enums (spec/README.md, "Open enums") with its own copy of the
// scripts' recogniser, since a package does not import the repository's scripts. The two must
// give the same answer for every shape, or the site and the generated types would disagree.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM module without type declarations
import { openEnum } from "../../packages/docs/src/schema.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { openEnumParts } from "../../scripts/lib/open-enum.mjs";

const doc = {
  components: {
    schemas: {
      KnownColour: { type: "string", enum: ["red", "green"] },
      Count: { type: "integer" },
    },
  },
};
const resolve = (ref: string) =>
  ref
    .split("/")
    .slice(1)
    .reduce((node: any, key) => node?.[key], doc);
const docsView = (schema: unknown) => openEnum({ area: { doc } }, schema);

const known = { type: "string", enum: ["a", "b"] };
const open = { type: "string" };
const cases: [string, unknown, string[] | undefined][] = [
  ["inline known branch", { anyOf: [known, open] }, ["a", "b"]],
  [
    "known branch by $ref",
    { anyOf: [{ $ref: "#/components/schemas/KnownColour" }, open] },
    ["red", "green"],
  ],
  [
    "open branch with a pattern and bounds",
    { anyOf: [known, { ...open, pattern: "^[a-z]+$", minLength: 1, maxLength: 9 }] },
    ["a", "b"],
  ],
  [
    "annotations beside anyOf",
    { title: "T", description: "d", readOnly: true, "x-source": "s", anyOf: [known, open] },
    ["a", "b"],
  ],
  [
    "writeOnly and examples beside anyOf",
    { writeOnly: true, examples: ["a"], anyOf: [known, open] },
    ["a", "b"],
  ],
  ["branches reversed", { anyOf: [open, known] }, undefined],
  ["three branches", { anyOf: [known, open, open] }, undefined],
  ["open branch with an enum", { anyOf: [known, { ...open, enum: ["c"] }] }, undefined],
  ["open branch not a string", { anyOf: [known, { type: "integer" }] }, undefined],
  ["known branch not all strings", { anyOf: [{ enum: ["a", 1] }, open] }, undefined],
  ["known branch empty", { anyOf: [{ type: "string", enum: [] }, open] }, undefined],
  [
    "known branch by $ref to a non-enum",
    { anyOf: [{ $ref: "#/components/schemas/Count" }, open] },
    undefined,
  ],
  [
    "a $ref with an annotation beside it",
    { anyOf: [{ $ref: "#/components/schemas/KnownColour", description: "x" }, open] },
    ["red", "green"],
  ],
  ["a type beside anyOf", { type: "string", anyOf: [known, open] }, undefined],
  ["a closed enum", known, undefined],
  ["not a schema", "string", undefined],
];

describe("open enums: the docs site and the scripts agree", () => {
  it.each(cases)("%s", (_name, schema, values) => {
    expect(openEnumParts(schema, resolve)?.values).toEqual(values);
    expect(docsView(schema)?.values).toEqual(values);
  });
});
