// The spec's own checks, inside `npm test`: every area bundles, OpenRPC documents
// validate against the OpenRPC meta-schema, OpenAPI documents lint clean under
// spec/.spectral.yaml, every example validates against its schema (ajv, 2020-12,
// strict), and every x-source is well-formed.
import { readdirSync, readFileSync } from "node:fs";
import YAML from "yaml";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { bundleAll } from "../../scripts/spec/bundle.mjs";
import {
  checkExamples,
  checkGeneratorRefusals,
  checkListedErrors,
  checkOpenApiExamplesPresent,
  checkOpenRpc,
  checkOperationExtensions,
  checkOperationNames,
  checkProvenance,
  checkSchemaRules,
  lintOpenApi,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../scripts/spec/rules.mjs";

const results: Array<{
  area: string;
  kind: string;
  doc: any;
  origins: { components: Record<string, string> };
}> = bundleAll({
  write: false,
});

// The area documents test/spec/seed-operations.json implies (the operations' oracle: "Adding or
// changing an operation"): an area of JSON-RPC methods (wire `POST <path> <method>`) has an
// OpenRPC document, an area of REST operations (`<VERB> <path>`) an OpenAPI one.
const SEED = "test/spec/seed-operations.json";
const seedDocuments = [
  ...new Set(
    (
      JSON.parse(readFileSync(new URL("./seed-operations.json", import.meta.url), "utf8"))
        .operations as Array<{ area: string; wire: string }>
    ).map(({ area, wire }) => `${area} ${wire.split(" ").length === 3 ? "openrpc" : "openapi"}`),
  ),
].sort();

describe("spec bundles", () => {
  it(`has every area document of ${SEED}'s operations (the sender's area has two: JSON-RPC and plain HTTP)`, () => {
    const documents = results.map((r) => `${r.area} ${r.kind}`).sort();
    const unlisted = documents.filter((d) => !seedDocuments.includes(d));
    const missing = seedDocuments.filter((d) => !documents.includes(d));
    expect(
      documents,
      [
        ...unlisted.map(
          (d) =>
            `the ${d} document has no operation in ${SEED}: add a line per operation there (test/spec/operations.test.ts names each)`,
        ),
        ...missing.map(
          (d) =>
            `${SEED} lists ${d} operations, but spec/${d.split(" ")[1]}/ has no document of that area (\`info.x-area\`)`,
        ),
      ].join("; "),
    ).toEqual(seedDocuments);
    expect(seedDocuments).toContain("sender openapi"); // (the wire tells the two kinds apart)
    expect(seedDocuments).toContain("sender openrpc");
  });

  for (const r of results) {
    describe(r.area, () => {
      if (r.kind === "openrpc") {
        it("validates against the OpenRPC meta-schema and has summary, description, errors and examples per method", () => {
          expect(checkOpenRpc(r)).toEqual([]);
        });
      } else {
        it("has a named request example and a response example per operation", () => {
          expect(checkOpenApiExamplesPresent(r)).toEqual([]);
        });
      }
      it("every example validates against its schema", () => {
        expect(checkExamples(r)).toEqual([]);
      });
      it("schemas: bounds leave a value, integer bounds in range, required names declared, patterns compile, no duplicate enum value", () => {
        expect(checkSchemaRules(r)).toEqual([]);
      });
      it("x-pagination and x-dependent-schemas name real params and result properties", () => {
        expect(checkOperationExtensions(r)).toEqual([]);
      });
      it("lists the errors every call can meet: 400, 401, 403 and 429 per REST operation (not on a JSON-RPC area's plain-HTTP side); InvalidParams, Unauthorized, Forbidden and a rate-limit error per JSON-RPC method", () => {
        const plainHttp =
          r.kind === "openapi" && results.some((o) => o.area === r.area && o.kind === "openrpc");
        expect(checkListedErrors(r, { plainHttp })).toEqual([]);
      });
      it("every x-source is seed, public-docs: … or assumption: <reason>", () => {
        expect(checkProvenance(r).findings).toEqual([]);
      });
    });
  }

  it("webhookURL has one rule wherever it appears: a webhook read with getWebhook can be sent back to updateWebhook", () => {
    const { doc } = results.find((r) => r.area === "webhooks")!;
    const schemas = doc.components.schemas;
    const resolve = (s: any): any => (s?.$ref ? resolve(schemas[s.$ref.split("/").pop()]) : s);
    const holders = Object.keys(schemas).filter((name) => schemas[name].properties?.webhookURL);
    expect(holders).toEqual(["CreateWebhookRequest", "UpdateWebhookRequest", "Webhook"]);
    const rules = holders.map((name) => resolve(schemas[name].properties.webhookURL).pattern);
    expect(new Set(rules).size).toBe(1);
    // (HTTPS only, the scheme in any letter case.)
    const rule = new RegExp(rules[0], "u");
    expect(["https://a.io/h", "HTTPS://a.io/h", "http://a.io/h"].map((u) => rule.test(u))).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("every schema of spec/schemas is in some bundle: a schema nothing refers to constrains nothing, yet reads as a rule", () => {
    // (spec/schemas/jsonrpc.yaml described the JSON-RPC envelope and no document referred to it:
    // an edit there changed no bundle, no client and no test. The envelope is the runtime's and
    // the seed's: test/contract/seed-wire.test.ts holds it.)
    const bundled = new Set(results.flatMap((r) => Object.values<string>(r.origins.components)));
    const schemas = new URL("../../spec/schemas/", import.meta.url);
    const unused = readdirSync(schemas).flatMap((file) =>
      Object.keys(YAML.parse(readFileSync(new URL(file, schemas), "utf8")) ?? {})
        .map((name) => `spec/schemas/${file}#/${name}`)
        .filter((place) => !bundled.has(place)),
    );
    expect(unused, "refer to each from an area document, or delete it").toEqual([]);
  });

  it("operation names are unique per area, per JSON-RPC host and endpoint, and REST operationIds across areas", () => {
    expect(checkOperationNames(results)).toEqual([]);
  });

  it("the generator refuses nothing: names, parameters, request schemas (scripts/generate/lib/refusals.mjs)", () => {
    expect(checkGeneratorRefusals(results)).toEqual([]);
  });

  it("OpenAPI documents lint clean (Spectral, spec/.spectral.yaml)", () => {
    expect(lintOpenApi(results)).toEqual([]);
  });
});
