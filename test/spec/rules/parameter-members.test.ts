// checkParameterMembers (scripts/spec/rules/parameter-members.mjs): a parameter's member that
// OpenAPI 3.1 does not define is named at the member, wherever the parameter is listed.
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { checkParameterMembers } from "../../../scripts/spec/rules/parameter-members.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { mistakeId, OPENAPI_META_SCHEMA } from "../../../scripts/lib/mistake-ids.mjs";
import { area, openrpc } from "./fixtures.js";

const MEMBERS =
  "name, in, description, required, deprecated, allowEmptyValue, style, explode, allowReserved, schema, example, examples, content";
/** The line for `key` at the parameter `at`, with `near` the member it is near, if any. */
const line = (at: string, key: string, near?: string) =>
  `${area} ${at}/${key}: ${JSON.stringify(key)} is no member of an OpenAPI parameter, so nothing reads it${near ? ` (did you mean ${near}?)` : ""}; write one of its members (${MEMBERS}) or an x- extension`;
const parameter = (extra: Record<string, unknown> = {}) => ({
  name: "id",
  in: "query",
  schema: { type: "string" },
  ...extra,
});
const run = (doc: unknown, options?: { ids?: Map<string, string> }) =>
  checkParameterMembers({ area, kind: "openapi", doc }, options) as string[];

describe("checkParameterMembers", () => {
  it("names an unknown member of a parameter listed by a path, an operation, a webhook or components.parameters", () => {
    const doc = {
      paths: {
        "/things/{id}": {
          parameters: [parameter({ styles: "simple" })],
          get: { parameters: [parameter(), parameter({ explod: true })] },
        },
      },
      webhooks: { thingMade: { post: { parameters: [parameter({ requird: true })] } } },
      components: { parameters: { Limit: parameter({ shema: {} }) } },
    };
    expect(run(doc)).toEqual([
      line("#/paths/~1things~1{id}/parameters/0", "styles", "style"),
      line("#/paths/~1things~1{id}/get/parameters/1", "explod", "explode"),
      line("#/webhooks/thingMade/post/parameters/0", "requird", "required"),
      line("#/components/parameters/Limit", "shema", "schema"),
    ]);
  });

  it("leaves x- extensions, every OpenAPI member, a $ref and an OpenRPC document alone", () => {
    const every = Object.fromEntries(MEMBERS.split(", ").map((member) => [member, 1]));
    const doc = {
      paths: {
        "/things": {
          get: {
            parameters: [
              parameter({ "x-u64": true, "x-key-free": true }),
              every,
              { $ref: "#/components/parameters/Limit", styles: "simple" },
            ],
          },
        },
      },
    };
    expect(run(doc)).toEqual([]);
    // (An OpenRPC method's params are content descriptors, not OpenAPI parameters.)
    const paths = { "/things": { get: { parameters: [parameter({ styles: "simple" })] } } };
    expect(checkParameterMembers({ area, kind: "openrpc", doc: { ...openrpc(), paths } })).toEqual(
      [],
    );
  });

  it("suggests a member two edits away at most, and fewer than half the key's length", () => {
    const at = "#/components/parameters/P";
    const lineFor = (key: string) =>
      run({ components: { parameters: { P: parameter({ [key]: 1 }) } } });
    // (A key of four letters may be one edit away, `Math.floor(3 / 2)`; one of five, two.)
    expect(lineFor("xame")).toEqual([line(at, "xame", "name")]);
    expect(lineFor("nmae")).toEqual([line(at, "nmae")]);
    expect(lineFor("iin")).toEqual([line(at, "iin", "in")]);
    expect(lineFor("nmaee")).toEqual([line(at, "nmaee", "name")]);
    expect(lineFor("sxxle")).toEqual([line(at, "sxxle", "style")]);
    // Three edits: no suggestion, however long the key.
    expect(lineFor("szzzle")).toEqual([line(at, "szzzle")]);
    expect(lineFor("descriptionxyz")).toEqual([line(at, "descriptionxyz")]);
  });

  it("gives each line the identity of Spectral's meta-schema at the parameter, which run.mjs leaves out", () => {
    const ids = new Map<string, string>();
    const at = "#/paths/~1things/get/parameters/0";
    const [found] = run(
      { paths: { "/things": { get: { parameters: [parameter({ a: 1 })] } } } },
      {
        ids,
      },
    );
    expect(found).toBe(line(at, "a"));
    expect([...ids]).toEqual([[found, mistakeId(OPENAPI_META_SCHEMA, area, at)]]);
  });
});
