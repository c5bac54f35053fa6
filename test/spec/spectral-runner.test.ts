// Spectral runs through its modules (scripts/spec/rules/spectral-lint.mjs), not its CLI, whose own
// start (yargs, its output formatters, the rollup bundle of the ruleset) was a tenth of a lint's CPU
// time (spec70). The runner reads spec/.spectral.yaml as the CLI reads it, so the two must find the
// same: here both lint the repository's documents, documents with a mistake for
// every rule spec/.spectral.yaml turns on (spectral:oas's and this project's), and those documents
// under a ruleset that turns rules on and off, and their findings (rule, place, message, severity,
// range, file, in order) are the same.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { bundleAll } from "../../scripts/spec/bundle.mjs";

const root = resolve(import.meta.dirname, "../..");
const RULESET = join(root, "spec/.spectral.yaml");
const dir = mkdtempSync(join(tmpdir(), "chaindata-spectral-runner-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Finding = { code: string; path: string[]; message: string; source: string };

/** `spectral lint` (the CLI) with the options spectral.mjs used to give it. */
function cli(ruleset: string, files: string[]): Finding[] {
  const args = ["lint", ...files, "-r", ruleset, "-f", "json", "-F", "hint", "--quiet"];
  try {
    const out = execFileSync(join(root, "node_modules/.bin/spectral"), args, { encoding: "utf8" });
    return out.trim() ? JSON.parse(out) : [];
  } catch (error: any) {
    // (It exits 1 when it finds something, its findings on stdout.)
    if (!error.stdout) throw error;
    return JSON.parse(error.stdout);
  }
}

/** The runner spectral.mjs runs. */
const runner = (ruleset: string, files: string[]): Finding[] =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [join(root, "scripts/spec/rules/spectral-lint.mjs"), ruleset, ...files],
      { encoding: "utf8" },
    ),
  );

/** Each document written as spectral.mjs writes it (`<name>.json`, indented), their paths. */
const written = (docs: Record<string, object>) =>
  Object.entries(docs).map(([name, doc]) => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(doc, null, 2));
    return file;
  });

const ok = {
  description: "ok",
  content: { "application/json": { examples: { a: { value: 1 } } } },
};
/** An operation with everything spec/.spectral.yaml asks of one. */
const operation = (operationId: string, more: object = {}) => ({
  operationId,
  summary: "s",
  description: "d",
  tags: ["t"],
  responses: { "200": ok },
  ...more,
});
const info = { title: "t", version: "1", description: "d", contact: { name: "c" } };
const base = {
  openapi: "3.1.0",
  info,
  servers: [{ url: "https://example.com" }],
  tags: [{ name: "t" }],
};

/**
 * A mistake for each rule spec/.spectral.yaml turns on (for OpenAPI 3.1: spectral:oas's rules for
 * OpenAPI 2.0 and 3.2 only cannot fire), spread over documents where one would hide another
 * (`oas3-schema` on a malformed document).
 */
const planted: Record<string, object> = {
  operations: {
    ...base,
    tags: [{ name: "t" }, { name: "t" }], // openapi-tags-uniqueness
    paths: {
      "/a/{id}": {
        // path-params: {id} is not declared
        get: operation("dup", {
          responses: { "400": ok }, // operation-success-response
          tags: ["undefined-tag"], // operation-tag-defined
          security: [{ nowhere: [] }], // oas3-operation-security-defined
          parameters: [
            { name: "q", in: "query", description: "d", schema: {}, examples: { a: { value: 1 } } },
            { name: "q", in: "query", description: "d", schema: {}, examples: { a: { value: 1 } } }, // operation-parameters
          ],
        }),
        post: operation("dup"), // operation-operationId-unique
      },
      "/b/": { get: operation("bad id") }, // path-keys-no-trailing-slash, operation-operationId-valid-in-url
      "/c?x=1": { get: operation("c") }, // path-not-include-query
      "/d/{}": { get: operation("d") }, // path-declarations-must-exist
      "/e": {
        get: {
          responses: { "200": ok }, // operation-operationId, -summary, -description, -tags
        },
        post: operation("e", {
          description: "<script>alert(1)</script> eval(x)", // no-script-tags-in-markdown, no-eval-in-markdown
          parameters: [
            { name: "p", in: "query", schema: {} }, // parameter-description, parameter-examples
          ],
          requestBody: { content: { "application/json": { schema: {} } } }, // request-body-examples
          responses: { "200": { description: "ok", content: { "application/json": {} } } }, // response-examples
        }),
        put: operation("e2", {
          callbacks: {
            cb: {
              "{$request.query.p}": {
                post: operation("e2cb", {
                  callbacks: { inner: { "{$request.query.p}": { post: operation("e2cbi") } } }, // oas3-callbacks-in-callbacks
                }),
              },
            },
          },
        }),
      },
      "/f": {
        get: operation("f", {
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      list: { type: "array" }, // array-items
                      kind: { type: "string", enum: ["a", "a", 1] }, // duplicated-entry-in-enum, typed-enum
                    },
                  },
                  example: { list: [] }, // no-singular-example
                  examples: { a: { value: 1, externalValue: "https://example.com/a" } }, // oas3-examples-value-or-externalValue
                },
              },
            },
          },
        }),
      },
    },
    webhooks: {
      w: {
        post: operation("w", {
          servers: [{ url: "https://example.com" }], // oas3_1-servers-in-webhook
          requestBody: { content: { "application/json": { schema: {} } } }, // webhook-body-examples
          callbacks: { cb: { "{$request.query.p}": { post: operation("wcb") } } }, // oas3_1-callbacks-in-webhook
        }),
      },
    },
    components: { schemas: { Unused: { type: "string" } } }, // oas3-unused-component
  },
  servers: {
    ...base,
    info: { title: "t", version: "1" }, // info-contact, info-description
    servers: [
      { url: "https://example.com/" }, // oas3-server-trailing-slash
      { url: "https://{region}.example.com" }, // oas3-server-variables
    ],
    paths: { "/a": { get: operation("a") } },
  },
  noServers: { ...base, servers: undefined, paths: { "/a": { get: operation("a") } } }, // oas3-api-servers
  malformed: { ...base, paths: { "/a": { get: operation("a", { responses: { "200": {} } }) } } }, // oas3-schema
  notOpenApi: { swagger: "1.0", info }, // unrecognized-format
};

/** Every rule planted above, by the code Spectral reports it under. */
const PLANTED_RULES = [
  "array-items",
  "duplicated-entry-in-enum",
  "info-contact",
  "info-description",
  "no-eval-in-markdown",
  "no-script-tags-in-markdown",
  "no-singular-example",
  "oas3-api-servers",
  "oas3-callbacks-in-callbacks",
  "oas3-examples-value-or-externalValue",
  "oas3-operation-security-defined",
  "oas3-schema",
  "oas3-server-trailing-slash",
  "oas3-server-variables",
  "oas3-unused-component",
  "oas3_1-callbacks-in-webhook",
  "oas3_1-servers-in-webhook",
  "openapi-tags-uniqueness",
  "operation-description",
  "operation-operationId",
  "operation-operationId-unique",
  "operation-operationId-valid-in-url",
  "operation-parameters",
  "operation-success-response",
  "operation-summary",
  "operation-tag-defined",
  "operation-tags",
  "parameter-description",
  "parameter-examples",
  "path-declarations-must-exist",
  "path-keys-no-trailing-slash",
  "path-not-include-query",
  "path-params",
  "request-body-examples",
  "response-examples",
  "typed-enum",
  "unrecognized-format",
  "webhook-body-examples",
];
const codes = (findings: Finding[]) => [...new Set(findings.map((f) => f.code))].sort();

describe("Spectral's runner (spectral-lint.mjs) finds what its CLI finds", () => {
  it("on the repository's OpenAPI documents and on documents with a mistake for each rule spec/.spectral.yaml turns on", () => {
    // (One run of each over both sets: each run costs Spectral's start, about 2.5 s.)
    const repository = bundleAll({ write: false })
      .filter((r: { kind: string }) => r.kind === "openapi")
      .map((r: { area: string; doc: object }) => [`repository-${r.area}`, r.doc]);
    expect(repository.length).toBeGreaterThan(3);
    const files = written({ ...Object.fromEntries(repository), ...planted });
    const byCli = cli(RULESET, files);
    // (Each planted rule fires, so the comparison below is over every one of them.)
    expect(codes(byCli)).toEqual(PLANTED_RULES);
    expect(runner(RULESET, files)).toEqual(byCli);
  });

  it("under another ruleset: the runner takes the rules turned on and off from the file", () => {
    const text = readFileSync(RULESET, "utf8");
    const edited = text
      .replace(/^ {2}oas3-valid-media-example: off$/m, "  oas3-valid-media-example: warn")
      .replace(/^ {2}operation-tags: error$/m, "  operation-tags: off");
    expect(edited).not.toBe(text);
    const ruleset = join(dir, ".spectral.yaml");
    writeFileSync(ruleset, edited);
    const files = written({
      ...planted,
      wrongExample: {
        ...base,
        paths: {
          "/a": {
            get: operation("a", {
              responses: {
                "200": {
                  description: "ok",
                  content: {
                    "application/json": {
                      schema: { type: "integer" },
                      examples: { wrong: { value: "x" } },
                    },
                  },
                },
              },
            }),
          },
        },
      },
    });
    const byCli = cli(ruleset, files);
    expect(codes(byCli)).toContain("oas3-valid-media-example");
    expect(codes(byCli)).not.toContain("operation-tags");
    expect(runner(ruleset, files)).toEqual(byCli);
  });
});
