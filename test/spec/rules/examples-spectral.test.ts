// spec/.spectral.yaml turns off Spectral's two example rules (oas3-valid-media-example,
// oas3-valid-schema-example): they repeated checkExamples on every example, and cost a fifth of
// Spectral's run. This holds them to what replaces them: a document with a wrong example or default
// in every place those two rules read is linted by them (Spectral, a ruleset that turns them back
// on), and each of their findings is one of ours, at the same place.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkExamples,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../../scripts/spec/rules/examples.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkSchemaKeywords } from "../../../scripts/spec/rules/schemas.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { pointerSegment } from "../../../scripts/generate/lib/schema.mjs";

const root = resolve(import.meta.dirname, "../../..");
const integer = { type: "integer" };
const bad = { value: "x" };
const media = () => ({ schema: integer, examples: { bad } });
const param = (name: string) => ({ name, in: "query", schema: integer, examples: { bad } });

/** A wrong value (a string where an integer goes) in each place Spectral's two rules read. */
const doc = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/a/{id}": {
      parameters: [param("p")],
      get: {
        operationId: "getA",
        parameters: [
          { ...param("id"), in: "path", required: true },
          { $ref: "#/components/parameters/Q" },
          { name: "c", in: "query", content: { "application/json": media() } },
          { name: "d", in: "query", schema: { type: "integer", default: "x" } },
        ],
        requestBody: { $ref: "#/components/requestBodies/B" },
        responses: {
          "200": {
            description: "ok",
            headers: {
              H: { schema: integer, examples: { bad } },
              HC: { content: { "text/plain": media() } },
            },
            content: {
              "application/json": {
                schema: { type: "object", properties: { n: { type: "integer", default: "x" } } },
                examples: { bad: { $ref: "#/components/examples/Bad" } },
              },
              "text/plain": { schema: integer, example: "x" },
            },
          },
          "400": { $ref: "#/components/responses/R" },
        },
        callbacks: {
          cb: {
            "{$request.query.p}": {
              post: {
                requestBody: { content: { "application/json": media() } },
                responses: {
                  "200": { description: "ok", content: { "application/json": media() } },
                },
              },
            },
          },
        },
      },
    },
  },
  webhooks: {
    w: {
      parameters: [param("wp")],
      post: {
        requestBody: { content: { "application/json": media() } },
        responses: { "200": { description: "ok" } },
      },
    },
  },
  components: {
    schemas: {
      D: { type: "integer", default: "x" },
      O: { type: "object", properties: { m: { type: "integer", default: "x" } } },
      E: { type: "integer", example: "x" },
      N: { not: { type: "integer", default: "x" } },
    },
    parameters: { Q: param("q") },
    requestBodies: { B: { content: { "application/json": media() } } },
    responses: {
      R: {
        description: "r",
        headers: { H: { $ref: "#/components/headers/H" } },
        content: { "application/json": media() },
      },
    },
    headers: { H: { schema: integer, examples: { bad } } },
    examples: { Bad: bad },
    pathItems: { P: { parameters: [param("pp")] } },
  },
};

/** The one example that `$ref`s #/components/examples/Bad. */
const USING_BAD = "#/paths/~1a~1{id}/get/responses/200/content/application~1json/examples/bad";
const EXAMPLE_RULES = ["oas3-valid-media-example", "oas3-valid-schema-example"];
const dir = mkdtempSync(join(tmpdir(), "chaindata-examples-spectral-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Spectral's findings over `doc` by spec/.spectral.yaml with the two example rules on again. */
function spectral(): { code: string; place: string }[] {
  const ruleset = join(dir, "ruleset.yaml");
  writeFileSync(
    ruleset,
    `extends: [${JSON.stringify(join(root, "spec/.spectral.yaml"))}]\nrules:\n${EXAMPLE_RULES.map((r) => `  ${r}: error\n`).join("")}`,
  );
  const file = join(dir, "t.json");
  writeFileSync(file, JSON.stringify(doc, null, 2));
  let out: string;
  try {
    out = execFileSync(
      join(root, "node_modules/.bin/spectral"),
      ["lint", file, "-r", ruleset, "-f", "json", "-F", "hint", "--quiet"],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
  } catch (error: any) {
    if (!error.stdout) throw error;
    out = error.stdout;
  }
  return JSON.parse(out).map((p: { code: string; path: string[] }) => ({
    code: p.code,
    place: `#/${p.path.map(pointerSegment).join("/")}`,
  }));
}

describe("Spectral's example rules, left to checkExamples", () => {
  it("each of their findings is one of this project's rules', at the same place", () => {
    const lint = spectral();
    const examples = lint.filter((p) => EXAMPLE_RULES.includes(p.code));
    // (Every place of the document: none left out, or this test would prove nothing there.)
    expect(examples.map((p) => p.place.replace(/\/value$/, ""))).toEqual([
      "#/paths/~1a~1{id}/parameters/0/examples/bad",
      "#/paths/~1a~1{id}/get/parameters/0/examples/bad",
      "#/paths/~1a~1{id}/get/parameters/2/content/application~1json/examples/bad",
      "#/paths/~1a~1{id}/get/parameters/3/schema/default",
      "#/paths/~1a~1{id}/get/responses/200/headers/H/examples/bad",
      "#/paths/~1a~1{id}/get/responses/200/headers/HC/content/text~1plain/examples/bad",
      "#/paths/~1a~1{id}/get/responses/200/content/application~1json/schema/properties/n/default",
      "#/paths/~1a~1{id}/get/responses/200/content/text~1plain/example",
      "#/paths/~1a~1{id}/get/callbacks/cb/{$request.query.p}/post/requestBody/content/application~1json/examples/bad",
      "#/paths/~1a~1{id}/get/callbacks/cb/{$request.query.p}/post/responses/200/content/application~1json/examples/bad",
      "#/webhooks/w/parameters/0/examples/bad",
      "#/webhooks/w/post/requestBody/content/application~1json/examples/bad",
      "#/components/schemas/D/default",
      "#/components/schemas/O/properties/m/default",
      "#/components/schemas/E/example",
      "#/components/schemas/N/not/default",
      "#/components/parameters/Q/examples/bad",
      "#/components/requestBodies/B/content/application~1json/examples/bad",
      "#/components/responses/R/content/application~1json/examples/bad",
      "#/components/headers/H/examples/bad",
      "#/components/examples/Bad",
      "#/components/pathItems/P/parameters/0/examples/bad",
    ]);

    const ours = [
      ...checkExamples({ area: "t", kind: "openapi", doc }),
      ...checkSchemaKeywords({ area: "t", doc }),
    ].map((text: string) => ({ place: text.slice(2, text.indexOf(": ")), text }));
    const singular = new Set(
      lint.filter((p) => p.code === "no-singular-example").map((p) => p.place),
    );
    /** What still refuses Spectral's finding at `place`, or undefined. */
    const refusal = (place: string) =>
      // checkExamples at that example or default
      ours.find((o) => o.place === place)?.text ??
      // the subset rule at the schema, naming the keyword (`example`, `not`) the place is under
      ours.find((o) => {
        const keyword = /^"([^"]+)" is outside the spec's JSON Schema subset/.exec(
          o.text.slice(o.text.indexOf(": ") + 2),
        )?.[1];
        return keyword !== undefined && place.startsWith(`${o.place}/${keyword}`);
      })?.text ??
      // spec/.spectral.yaml's own rule against a singular `example`
      (singular.has(place) ? "[no-singular-example]" : undefined) ??
      // a shared example (Spectral names it once, at its component): at each example using it
      ours.find((o) => o.place === USING_BAD && place === "#/components/examples/Bad")?.text;
    const uncovered = examples
      .map((p) => p.place.replace(/\/value$/, ""))
      .filter((place) => refusal(place) === undefined);
    expect(uncovered).toEqual([]);
  });
});
