// "Edit the spec, regenerate, and the client, mock and docs follow", end to end. On a copy of spec/,
// a new JSON-RPC method (openrpc/das.yaml) and a new REST operation (openapi/wallet.yaml) are written
// the way spec/README.md ("Adding or changing an operation") says: an Address param, a bounded
// `limit`, a u64 param and a u64 result field, named examples with u64 values beyond 2^53. Then, with
// the repository's own scripts and nothing hand-written for them:
//   - the spec checks report nothing, and the copy bundles into its own dist/;
//   - the generator (in memory) emits each: types (the JSON-RPC method map entry, params / input and
//     result), the descriptor with its runtime checks and u64 fields, the standalone function and
//     client member with their JSDoc (@example with the u64 param as an exact bigint literal);
//   - a program bundled by esbuild from the generated packages (on @chaindata/core's source) calls
//     them against the mock serving the copy: the u64 param arrives exactly, the example's result
//     comes back, its u64 an exact bigint; a bad address, an out-of-range limit or a rounded u64 is
//     a ValidationError naming the param and the rule, and nothing reaches the mock;
//   - tsc accepts the generated packages, typed calls, the generated @examples and the docs'
//     snippets of both, and refuses a wrong param type;
//   - the docs site built from the copy has a page for each, with its example.
// Every step reads the copy only, so a pipeline that dropped an operation fails here.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMock, type MockServer } from "@chaindata/mock";
import { importBundled } from "./bundled-program.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { declaration, oneLine } from "./declarations.js";
import { buildDocs, typeScriptSnippets } from "../../packages/docs/src/index.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { generate } from "../../scripts/generate/index.mjs";
import {
  bundleCopy,
  editCopy,
  editedCopy,
  findingsOf,
  listInCoverageSentence,
  removeCopies,
} from "../spec/spec-copy.js";
import { tsc } from "../types/tsc.js";

const root = new URL("../..", import.meta.url).pathname;
const OWNER = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
// 2^53 + 1: the first integer a double cannot hold (JSON.parse reads it as ...992); and 2^53 + 3.
const TOTAL_LAMPORTS = 9007199254740993n;
const MIN_LAMPORTS = 9007199254740995n;
const ASSUMPTION = "assumption: a fictional operation of test/generate/spec-edit.test.ts";
const API_KEY = "placeholder-api-key";

// ------------------------------------------------------------------ the JSON-RPC method (das)

const METHOD = "getAssetsByExampleTest";
const METHOD_SUMMARY = "Count the example-test assets an owner holds.";
const METHOD_DESCRIPTION =
  "A fictional method, written by test/generate/spec-edit.test.ts into a copy of the spec. Counts up to `limit` (1 to 100) example-test assets of an owner and adds up their lamports.";

/** The new method, written as spec/README.md "Adding or changing an operation" asks. */
const exampleTestMethod = {
  name: METHOD,
  summary: METHOD_SUMMARY,
  description: METHOD_DESCRIPTION,
  paramStructure: "by-name",
  params: [
    {
      name: "ownerAddress",
      description: "The wallet whose assets are counted.",
      required: true,
      schema: { $ref: "../schemas/common.yaml#/Address" },
      "x-source": ASSUMPTION,
    },
    {
      name: "limit",
      description: "How many assets to count at most, 1 to 100.",
      schema: { type: "integer", minimum: 1, maximum: 100 },
      "x-source": ASSUMPTION,
    },
    {
      name: "minLamports",
      description: "Count only the assets holding at least this many lamports.",
      schema: { $ref: "../schemas/common.yaml#/U64" },
      "x-source": ASSUMPTION,
    },
  ],
  result: {
    name: "exampleTestTotals",
    description: "How many assets were counted, and their lamports.",
    schema: {
      type: "object",
      required: ["count", "total_lamports"],
      "x-source": ASSUMPTION,
      additionalProperties: true,
      properties: {
        count: { type: "integer", minimum: 0, description: "How many assets were counted." },
        total_lamports: {
          $ref: "../schemas/common.yaml#/U64",
          description: "Their lamports, added up.",
        },
      },
    },
    "x-source": ASSUMPTION,
  },
  errors: [
    { $ref: "./_shared.yaml#/components/errors/InvalidParams" },
    { $ref: "./_shared.yaml#/components/errors/Unauthorized" },
    { $ref: "./_shared.yaml#/components/errors/Forbidden" },
    { $ref: "./_shared.yaml#/components/errors/DasRateLimited" },
  ],
  "x-cost": { credits: 10, "x-source": ASSUMPTION },
  "x-source": ASSUMPTION,
  examples: [
    {
      name: "ownerBeyondTwoPow53",
      summary: "An owner whose assets hold more lamports than a double can count exactly",
      params: [
        { name: "ownerAddress", value: OWNER },
        { name: "limit", value: 10n },
        { name: "minLamports", value: MIN_LAMPORTS },
      ],
      result: { name: "exactTotal", value: { count: 3n, total_lamports: TOTAL_LAMPORTS } },
    },
  ],
};

// ------------------------------------------------------------------ the REST operation (wallet)

const OPERATION = "getExampleTestTotals";
const OPERATION_PATH = "/v1/wallet/{wallet}/example-test-totals";
const OPERATION_SUMMARY = "Count a wallet's example-test assets";
const OPERATION_DESCRIPTION =
  "A fictional operation, written by test/generate/spec-edit.test.ts into a copy of the spec. Counts up to `limit` (1 to 100) example-test assets of a wallet and adds up their lamports.";

/** The new operation, written as spec/README.md asks (beta, as every operation of its area). */
const exampleTestOperation = {
  get: {
    operationId: OPERATION,
    summary: OPERATION_SUMMARY,
    description: OPERATION_DESCRIPTION,
    tags: ["wallet"],
    "x-beta": true,
    "x-cost": { credits: 100, "x-source": ASSUMPTION },
    "x-source": ASSUMPTION,
    parameters: [
      { $ref: "#/components/parameters/WalletAddress" },
      {
        name: "limit",
        in: "query",
        required: false,
        description: "How many assets to count at most, 1 to 100.",
        schema: { type: "integer", minimum: 1, maximum: 100 },
        examples: { ten: { summary: "Ten assets at most", value: 10n } },
        "x-source": ASSUMPTION,
      },
      {
        name: "minLamports",
        in: "query",
        required: false,
        description: "Count only the assets holding at least this many lamports.",
        schema: { $ref: "../schemas/common.yaml#/U64" },
        examples: {
          beyondTwoPow53: { summary: "More than a double holds exactly", value: MIN_LAMPORTS },
        },
        "x-source": ASSUMPTION,
      },
    ],
    responses: {
      "200": {
        description: "How many assets were counted, and their lamports.",
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["count", "totalLamports"],
              "x-source": ASSUMPTION,
              additionalProperties: true,
              properties: {
                count: {
                  type: "integer",
                  minimum: 0,
                  description: "How many assets were counted.",
                },
                totalLamports: {
                  $ref: "../schemas/common.yaml#/U64",
                  description: "Their lamports, added up.",
                },
              },
            },
            examples: {
              walletBeyondTwoPow53: {
                summary: "A wallet whose assets hold more lamports than a double can count exactly",
                value: { count: 3n, totalLamports: TOTAL_LAMPORTS },
              },
            },
          },
        },
      },
      "400": { $ref: "./_shared.yaml#/components/responses/BadRequest" },
      "401": { $ref: "./_shared.yaml#/components/responses/Unauthorized" },
      "403": { $ref: "./_shared.yaml#/components/responses/Forbidden" },
      "429": { $ref: "./_shared.yaml#/components/responses/TooManyRequests" },
      "5XX": { $ref: "./_shared.yaml#/components/responses/ServerError" },
    },
  },
};

// ------------------------------------------------------------------ the programs built on them

/** What a user would write against the generated packages (bundled by esbuild below). */
const PROGRAM = `
import { createDasClient, createDasRpc, ${METHOD}, ValidationError as DasValidationError } from "@chaindata/das";
import { createWalletClient, createWalletRest, ${OPERATION}, ValidationError as WalletValidationError } from "@chaindata/wallet";
export { DasValidationError, WalletValidationError };
const options = (mockUrl) => ({ apiKey: ${JSON.stringify(API_KEY)}, environment: "local", baseUrls: { rpc: mockUrl, wallet: mockUrl }, maxRetries: 0 });
export const rpcViaClient = (mockUrl, params) => createDasClient(options(mockUrl)).${METHOD}(params);
export const rpcViaFunction = (mockUrl, params) => ${METHOD}(createDasRpc(options(mockUrl)), params);
export const restViaClient = (mockUrl, params) => createWalletClient(options(mockUrl)).${OPERATION}(params);
export const restViaFunction = (mockUrl, params) => ${OPERATION}(createWalletRest(options(mockUrl)), params);
`;
/** Typed calls: the valid ones compile, each `@ts-expect-error` must be a real error. */
const CALLS = `
import { createDasClient, type DasMethods, type GetAssetsByExampleTestResult } from "@chaindata/das";
import { createWalletClient, type GetExampleTestTotalsResult } from "@chaindata/wallet";
const das = createDasClient({ apiKey: ${JSON.stringify(API_KEY)} });
const totals: DasMethods[${JSON.stringify(METHOD)}]["result"] = await das.${METHOD}({ ownerAddress: "${OWNER}", limit: 10 });
const lamports: bigint = totals.total_lamports;
const count: number = totals.count;
const byName: GetAssetsByExampleTestResult = await das.request(${JSON.stringify(METHOD)}, { ownerAddress: "${OWNER}" });
// @ts-expect-error — limit is a number
await das.${METHOD}({ ownerAddress: "${OWNER}", limit: "10" });
// @ts-expect-error — ownerAddress is required
await das.${METHOD}({ limit: 10 });
// @ts-expect-error — a u64 is a bigint (a number would have lost digits beyond 2^53)
await das.${METHOD}({ ownerAddress: "${OWNER}", minLamports: 1000 });

const wallet = createWalletClient({ apiKey: ${JSON.stringify(API_KEY)} });
const walletTotals: GetExampleTestTotalsResult = await wallet.${OPERATION}({ wallet: "${OWNER}", limit: 10, minLamports: 1000n });
const walletLamports: bigint = walletTotals.totalLamports;
// @ts-expect-error — limit is a number
await wallet.${OPERATION}({ wallet: "${OWNER}", limit: "10" });
// @ts-expect-error — wallet is required
await wallet.${OPERATION}({ limit: 10 });
// @ts-expect-error — a u64 is a bigint
await wallet.${OPERATION}({ wallet: "${OWNER}", minLamports: 1000 });
export { lamports, count, byName, walletLamports };
`;

interface Program {
  DasValidationError: new (...args: never[]) => Error;
  WalletValidationError: new (...args: never[]) => Error;
  rpcViaClient(mockUrl: string, params: unknown): Promise<any>;
  rpcViaFunction(mockUrl: string, params: unknown): Promise<any>;
  restViaClient(mockUrl: string, params: unknown): Promise<any>;
  restViaFunction(mockUrl: string, params: unknown): Promise<any>;
}

let distDir: string;
let files: Record<string, string>;
let findings: string[];
/** Holds a copy of packages/das and packages/wallet with this run's generated code, and the builds. */
let work: string;

beforeAll(async () => {
  // (With the prose that lists each area's operations naming it: spec/README.md, step 6.)
  const specDir = editedCopy("openrpc/das.yaml", (doc) => {
    doc.methods.push(exampleTestMethod);
    listInCoverageSentence(doc, [exampleTestMethod.name]);
  });
  editCopy(specDir, "openapi/wallet.yaml", (doc) => {
    doc.paths[OPERATION_PATH] = exampleTestOperation;
    const description = String(doc.info.description);
    doc.info.description = description.replace(
      "and who first funded it.",
      "who first funded it, and its example-test totals.",
    );
    const summary = String(doc.info.summary);
    doc.info.summary = summary.replace("and funding source", "funding source and totals");
    if (doc.info.description === description || doc.info.summary === summary)
      throw new Error("wallet.yaml: no list to extend");
  });
  findings = findingsOf(specDir);
  distDir = bundleCopy(specDir);
  files = await generate({ distDir });
  work = mkdtempSync(join(tmpdir(), "chaindata-spec-edit-"));
  for (const area of ["das", "wallet"]) {
    // The hand-written files as they are (not their tests, which need vitest from the repo);
    // the generated folder only from this run.
    const src = join(root, `packages/${area}/src`);
    cpSync(src, join(work, area, "src"), {
      recursive: true,
      filter: (path) => path !== join(src, "generated") && !path.endsWith(".test.ts"),
    });
    mkdirSync(join(work, area, "src/generated"));
    for (const [path, text] of Object.entries(files))
      if (path.startsWith(`packages/${area}/src/`))
        writeFileSync(join(work, path.slice("packages/".length)), text);
  }
}, 60_000);
afterAll(() => {
  removeCopies();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A JSDoc block: summary, description, then `tags` (lines), each line indented by `indent`. */
const jsdoc = (summary: string, description: string[], tags: string[], indent = "") =>
  [
    "/**",
    ` * ${summary}`,
    " *",
    ...description.map((line) => ` * ${line}`),
    " *",
    ...tags.map((t) => ` * ${t}`),
    " */",
  ]
    .map((line) => (indent + line).trimEnd())
    .join("\n");

/** The `@param` lines of a generated call's JSDoc (signature help shows them beside each argument). */
const PARAMS = (type: string) =>
  `@param params - The call's params, a {@link T.${type} | ${type}}; checked before anything is sent.`;
// (The cost comes from `x-cost` alone, in the words of scripts/generate/lib/emit.mjs costText.)
const METHOD_COST = "Cost: 10 credits per request.";
const OPTIONS =
  "@param options - Per-call request options ({@link RequestOptions}: `signal`, `timeout`, `maxRetries`, `headers`, `retryNonIdempotent`, `onResponse`, `onAttempt`), which override the client's.";

/** The text of an HTML fragment, as a reader sees it. */
const toText = (html: string | undefined) =>
  html
    ?.replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

describe("the spec copy with a new JSON-RPC method (das) and a new REST operation (wallet)", () => {
  it("passes every spec check (what `npm run spec:check` runs)", () => {
    expect(findings).toEqual([]);
  });

  it("bundles both into the copy's dist/", () => {
    const das = JSON.parse(readFileSync(join(distDir, "openrpc/das.json"), "utf8"));
    expect(das.methods.map((m: { name: string }) => m.name)).toContain(METHOD);
    const wallet = JSON.parse(readFileSync(join(distDir, "openapi/wallet.json"), "utf8"));
    expect(wallet.paths[OPERATION_PATH]?.get?.operationId).toBe(OPERATION);
  });
});

describe(`generated (in memory): the JSON-RPC method ${METHOD}`, () => {
  it("types: the method map entry, its params and result, the u64 as bigint", () => {
    const types = files["packages/das/src/generated/types.ts"];
    // (Past the width on one line: a member a line, lib/layout.mjs.)
    expect(declaration(types, "export interface DasMethods {")).toContain(
      [
        `\n  ${METHOD}: {`,
        "    params: GetAssetsByExampleTestParams;",
        "    result: GetAssetsByExampleTestResult;",
        "  };\n",
      ].join("\n"),
    );
    expect(declaration(types, "export interface GetAssetsByExampleTestParams {")).toBe(
      [
        "/** Params of `getAssetsByExampleTest`. */",
        "export interface GetAssetsByExampleTestParams {",
        "    /** The wallet whose assets are counted. */",
        "    ownerAddress: Address;",
        "    /** How many assets to count at most, 1 to 100. */",
        "    limit?: number | undefined;",
        "    /** Count only the assets holding at least this many lamports. */",
        "    minLamports?: U64 | undefined;",
        "}",
      ].join("\n"),
    );
    expect(declaration(types, "export interface GetAssetsByExampleTestResult {")).toBe(
      [
        "/** How many assets were counted, and their lamports. */",
        "export interface GetAssetsByExampleTestResult {",
        "    /** How many assets were counted. */",
        "    count: number;",
        "    /** Their lamports, added up. */",
        "    total_lamports: U64;",
        "}",
      ].join("\n"),
    );
    // (U64, other areas' too, is declared once by @chaindata/core and re-exported by das.)
    expect(types).toMatch(/^export type \{[^}]*\bU64\b[^}]*\};$/m);
    const core = files["packages/core/src/generated/schemas.ts"];
    expect(declaration(core, "export type U64 =")).toMatch(/^export type U64 = bigint;$/m);
  });

  it("descriptor: the params' checks (Address pattern, limit bounds, no unknown param), the u64 field, and the params and result types `call` takes and resolves with", () => {
    const operations = files["packages/das/src/generated/operations.ts"];
    expect(operations).toContain('\nimport type * as T from "./types.js";\n');
    expect(oneLine(declaration(operations, `export const ${METHOD}:`))).toBe(
      `export const ${METHOD}: RpcMethodDescriptor<never, T.GetAssetsByExampleTestParams, T.GetAssetsByExampleTestResult> = { id: "${METHOD}", params: /* @__PURE__ */ vObject({ ownerAddress: /* @__PURE__ */ vBase58Bytes(PATTERN_1, DESCRIPTION_1, 32), limit: /* @__PURE__ */ vInteger(1, 100), minLamports: /* @__PURE__ */ vInteger(0, undefined, 1) }, ["ownerAddress"], false), idempotent: true, u64: { total_lamports: 1 } };`,
    );
    // (And the method's own export of it, typed as what it revives: lib/descriptor.mjs
    // u64ShapeConstants.)
    expect(oneLine(operations)).toContain(
      `export const ${METHOD}U64Shape = /* @__PURE__ */ Object.freeze({ total_lamports: 1 }) as U64Shape as U64ShapeOf<T.GetAssetsByExampleTestResult>;`,
    );
    expect(declaration(operations, "const PATTERN_1 =")).toBe(
      "const PATTERN_1 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/u;",
    );
  });

  it("standalone function and client member, with JSDoc from the summary, description and example", () => {
    const client = files["packages/das/src/generated/client.ts"];
    const example = (call: string) => [
      "@example",
      "```ts",
      `const exampleTestTotals = await ${call}{`,
      `  ownerAddress: "${OWNER}",`,
      "  limit: 10,",
      // (A u64 param as the bigint its type takes, every digit as the spec gives it.)
      `  minLamports: ${MIN_LAMPORTS}n`,
      "});",
      "```",
    ];
    expect(declaration(client, `export function ${METHOD}(`)).toBe(
      [
        jsdoc(
          METHOD_SUMMARY,
          [METHOD_DESCRIPTION, "", METHOD_COST],
          [
            "@param rpc - The endpoint to call, made by {@link createDasRpc}.",
            PARAMS("GetAssetsByExampleTestParams"),
            OPTIONS,
            ...example(`${METHOD}(rpc, `),
          ],
        ),
        // (Laid out as Prettier would at the width: lib/layout.mjs.)
        `export function ${METHOD}(`,
        "  rpc: DasRpc,",
        "  params: T.GetAssetsByExampleTestParams,",
        "  options?: RequestOptions",
        "): Promise<T.GetAssetsByExampleTestResult> {",
        "  return (",
        `    notAnRpc(rpc, "createDasRpc", op.${METHOD}) ??`,
        `    rpc.call(op.${METHOD}, params, options)`,
        "  );",
        "}",
      ].join("\n"),
    );
    expect(declaration(client, `  ${METHOD}(`)).toBe(
      [
        jsdoc(
          METHOD_SUMMARY,
          [METHOD_DESCRIPTION, "", METHOD_COST],
          [PARAMS("GetAssetsByExampleTestParams"), OPTIONS, ...example(`das.${METHOD}(`)],
          "  ",
        ),
        `  ${METHOD}(`,
        "    params: T.GetAssetsByExampleTestParams,",
        "    options?: RequestOptions",
        "  ): Promise<T.GetAssetsByExampleTestResult>;",
      ].join("\n"),
    );
    // (The client's member sends by its own endpoint, which needs no check: a client program
    // carries no standalone function and no notAnRpc.)
    // (Its name is long enough that the layout breaks the line after `=>`.)
    expect(client).toMatch(
      new RegExp(
        `\n {4}${METHOD}: \\(params, options\\) =>\\s+rpc\\.call\\(op\\.${METHOD}, params, options\\),\n`,
      ),
    );
    expect(files["packages/das/README.md"]).toContain(`| \`${METHOD}\` | ${METHOD_SUMMARY} |`);
  });
});

describe(`generated (in memory): the REST operation ${OPERATION}`, () => {
  it("types: input (path and query parameters, each with its description) and result, from the OpenAPI types", () => {
    const types = files["packages/wallet/src/generated/types.ts"];
    expect(declaration(types, `export interface GetExampleTestTotalsInput {`)).toBe(
      [
        "/**",
        " * Input of `getExampleTestTotals`: path and query parameters and body fields in one object.",
        " * @beta Routes and response formats may change.", // (the wallet area is beta)
        " */",
        "export interface GetExampleTestTotalsInput {",
        "    /** The wallet address (base58). */",
        "    wallet: Address;",
        "    /** How many assets to count at most, 1 to 100. */",
        "    limit?: number | undefined;",
        "    /** Count only the assets holding at least this many lamports. */",
        "    minLamports?: U64 | undefined;",
        "}",
      ].join("\n"),
    );
    expect(declaration(types, `export type GetExampleTestTotalsResult =`)).toBe(
      [
        "/**",
        " * Result of `getExampleTestTotals` (the 2xx response body).",
        " * @beta Routes and response formats may change.",
        " */",
        "export type GetExampleTestTotalsResult =",
        `  operations["${OPERATION}"]["responses"][200]["content"]["application/json"];`,
      ].join("\n"),
    );
    // The response body as openapi-typescript emits it, with the u64 typed `U64` (= bigint), in
    // openapi.ts with the other root types (`operations`).
    const openapi = files["packages/wallet/src/generated/openapi.ts"];
    expect(declaration(openapi, `    ${OPERATION}: {`)).toContain(
      [
        '                    "application/json": {',
        "                        /** How many assets were counted. */",
        "                        count: number;",
        "                        /** Their lamports, added up. */",
        "                        totalLamports: U64;",
        "                    };",
      ].join("\n"),
    );
  });

  it("descriptor: the params' checks, the u64 field, the beta mark, and the params and result types `call` takes and resolves with", () => {
    const operations = files["packages/wallet/src/generated/operations.ts"];
    expect(operations).toContain('\nimport type * as T from "./types.js";\n');
    expect(oneLine(declaration(operations, `export const ${OPERATION}:`))).toBe(
      `export const ${OPERATION}: OperationDescriptor<T.GetExampleTestTotalsInput, T.GetExampleTestTotalsResult> = { id: "${OPERATION}", params: /* @__PURE__ */ vObject({ wallet: /* @__PURE__ */ vBase58Bytes(PATTERN_2, DESCRIPTION_2, 32), limit: /* @__PURE__ */ vInteger(1, 100), minLamports: /* @__PURE__ */ vInteger(0, undefined, 1) }, ["wallet"], false), idempotent: true, u64: { totalLamports: 1 }, beta: true };`,
    );
    expect(oneLine(operations)).toContain(
      `export const ${OPERATION}U64Shape = /* @__PURE__ */ Object.freeze({ totalLamports: 1 }) as U64Shape as U64ShapeOf<T.GetExampleTestTotalsResult>;`,
    );
    // (PATTERN_1 is the identity operations' address-or-domain pattern.)
    expect(declaration(operations, "const PATTERN_2 =")).toBe(
      "const PATTERN_2 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/u;",
    );
  });

  it("client member with JSDoc, sending the path and query parameters where the spec puts them", () => {
    const client = files["packages/wallet/src/generated/client.ts"];
    expect(declaration(client, `  ${OPERATION}(`)).toBe(
      [
        jsdoc(
          OPERATION_SUMMARY,
          [OPERATION_DESCRIPTION, "", "Cost: 100 credits per request."],
          [
            PARAMS("GetExampleTestTotalsInput"),
            OPTIONS,
            "@beta Routes and response formats may change.",
            "@example",
            "```ts",
            `const exampleTestTotals = await wallet.${OPERATION}({`,
            `  wallet: "${OWNER}"`,
            "});",
            "```",
          ],
          "  ",
        ),
        `  ${OPERATION}(`,
        "    params: T.GetExampleTestTotalsInput,",
        "    options?: RequestOptions",
        "  ): Promise<T.GetExampleTestTotalsResult>;",
      ].join("\n"),
    );
    // (The client's method sends the request itself, as the standalone function does after its
    // check of `rest`, which the client's own cannot fail.)
    expect(declaration(client, `    ${OPERATION}: (`)).toContain(
      [
        `    ${OPERATION}: (params, options) => rest.call(`,
        `      op.${OPERATION},`,
        "      params,",
        "      options,",
        "      (client, fetch) => {",
        `        return (client as Api).GET("${OPERATION_PATH}", {`,
        "          params: {",
        "            path: { wallet: params.wallet },",
        "            query: { limit: params.limit, minLamports: params.minLamports }",
        "          },",
        "          fetch,",
        "          ...restInit",
        "        });",
        "      }",
        "    ),",
      ].join("\n"),
    );
    expect(declaration(client, `export function ${OPERATION}(`)).toContain(
      [
        `export function ${OPERATION}(`,
        "  rest: WalletRest,",
        "  params: T.GetExampleTestTotalsInput,",
        "  options?: RequestOptions",
        "): Promise<T.GetExampleTestTotalsResult> {",
        "  return (",
        `    notAnRpc(rest, "createWalletRest", op.${OPERATION}, "the result of") ??`,
        `    rest.call(op.${OPERATION}, params, options, (client, fetch) => {`,
        `      return (client as Api).GET("${OPERATION_PATH}", {`,
        "        params: {",
        "          path: { wallet: params.wallet },",
        "          query: { limit: params.limit, minLamports: params.minLamports }",
        "        },",
        "        fetch,",
        "        ...restInit",
        "      });",
        "    })",
        "  );",
        "}",
      ].join("\n"),
    );
    expect(files["packages/wallet/README.md"]).toContain(
      `| \`${OPERATION}\` | ${OPERATION_SUMMARY} |`,
    );
  });
});

describe("called by a program bundled from the generated packages, against the mock serving the copy", () => {
  let mock: MockServer;
  let program: Program;
  beforeAll(async () => {
    program = await importBundled<Program>(work, PROGRAM, {
      "@chaindata/das": join(work, "das/src/index.ts"),
      "@chaindata/wallet": join(work, "wallet/src/index.ts"),
    });
    mock = await startMock({ port: 0, quiet: true, specDir: distDir });
  });
  afterAll(() => mock?.stop());
  beforeEach(() => mock.clearRequests());

  it("the mock serves both", () => {
    expect(mock.specDir).toBe(distDir);
    expect(mock.areas.find((a) => a.area === "das")?.operations).toContain(METHOD);
    expect(mock.areas.find((a) => a.area === "wallet")?.operations).toContain(
      `GET ${OPERATION_PATH}`,
    );
  });

  it.each(["rpcViaClient", "rpcViaFunction"] as const)(
    `${METHOD} (%s): resolves with the example's result, the u64 beyond 2^53 an exact bigint`,
    async (call) => {
      const params = { ownerAddress: OWNER, limit: 10, minLamports: MIN_LAMPORTS };
      const totals = await program[call](mock.url, params);
      expect(totals).toEqual({ count: 3, total_lamports: TOTAL_LAMPORTS });
      expect(typeof totals.total_lamports).toBe("bigint");
      const [request, ...more] = mock.requests();
      expect(more).toEqual([]);
      expect(request).toMatchObject({ rpcMethods: [METHOD], status: 200, violations: [] });
      // (The mock's log parses the body losslessly: the u64 param arrived digit for digit.)
      expect(request!.body).toMatchObject({ method: METHOD, params });
    },
  );

  it.each(["restViaClient", "restViaFunction"] as const)(
    `${OPERATION} (%s): resolves with the example's result, the u64 beyond 2^53 an exact bigint`,
    async (call) => {
      const params = { wallet: OWNER, limit: 10, minLamports: MIN_LAMPORTS };
      const totals = await program[call](mock.url, params);
      expect(totals).toEqual({ count: 3, totalLamports: TOTAL_LAMPORTS });
      expect(typeof totals.totalLamports).toBe("bigint");
      const [request, ...more] = mock.requests();
      expect(more).toEqual([]);
      expect(request).toMatchObject({
        method: "GET",
        path: `/v1/wallet/${OWNER}/example-test-totals`,
        query: { limit: "10", minLamports: String(MIN_LAMPORTS) },
        operationId: OPERATION,
        status: 200,
        violations: [],
      });
    },
  );

  const calls = [
    { call: "rpcViaClient", address: "ownerAddress", error: "DasValidationError" },
    { call: "restViaClient", address: "wallet", error: "WalletValidationError" },
    { call: "restViaFunction", address: "wallet", error: "WalletValidationError" },
  ] as const;
  /** A valid input but for one param (`address`: the call's address param; `undefined`: left out). */
  const refusals = [
    {
      what: "an address that is not base58",
      param: "address",
      value: "not-an-address",
      rule: "pattern",
      message:
        'must be a base58 address of 32 bytes (32 to 44 characters; no 0, O, I or l) (got "not-an-address")',
    },
    {
      what: "no address",
      param: "address",
      value: undefined,
      rule: "required",
      message: "is required",
    },
    {
      what: "a limit above its maximum",
      param: "limit",
      value: 101,
      rule: "maximum",
      message: "must be <= 100",
    },
    {
      what: "a limit below its minimum",
      param: "limit",
      value: 0,
      rule: "minimum",
      message: "must be >= 1",
    },
    {
      what: "a negative u64",
      param: "minLamports",
      value: -1n,
      rule: "minimum",
      message: "must be >= 0",
    },
    {
      what: "a u64 given as a number beyond 2^53 (already rounded)",
      param: "minLamports",
      value: Number(MIN_LAMPORTS),
      rule: "type",
      message: `must be a safe integer (±9007199254740991 at most) or a bigint (JSON has none) (got ${Number(MIN_LAMPORTS)})`,
    },
  ];

  it.each(calls.flatMap((c) => refusals.map((r) => ({ ...c, ...r }))))(
    "$call refuses $what with a ValidationError naming the param and the rule; nothing is sent",
    async ({ call, address, error: errorClass, param, value, rule, message }) => {
      const name = param === "address" ? address : param;
      const input: Record<string, unknown> = { [address]: OWNER, limit: 10, [name]: value };
      if (value === undefined) delete input[name];
      const error = await program[call](mock.url, input).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(program[errorClass]);
      const { issues, message: text } = error as { issues: unknown[]; message: string };
      const issue = `params.${name}: ${message}`;
      expect(issues).toEqual([
        {
          path: `params.${name}`,
          rule,
          message: expect.stringContaining(issue),
          detail: expect.stringContaining(message),
        },
      ]);
      expect(text).toContain(issue);
      expect(mock.requests()).toEqual([]);
    },
  );
});

it("type-checks: the generated packages, typed calls, their @examples and the docs' snippets compile; a wrong param type does not", () => {
  writeFileSync(join(work, "calls.ts"), CALLS);
  // The generated JSDoc @examples, each after the lines that make the client it calls.
  const client = (area: string) => files[`packages/${area}/src/generated/client.ts`];
  const examples = {
    "example-das-member": [
      client("das"),
      `  ${METHOD}(`,
      `import { createDasClient } from "@chaindata/das";\nconst das = createDasClient({ apiKey: "${API_KEY}" });`,
    ],
    "example-das-function": [
      client("das"),
      `export function ${METHOD}(`,
      `import { createDasRpc, ${METHOD} } from "@chaindata/das";\nconst rpc = createDasRpc({ apiKey: "${API_KEY}" });`,
    ],
    "example-wallet-member": [
      client("wallet"),
      `  ${OPERATION}(`,
      `import { createWalletClient } from "@chaindata/wallet";\nconst wallet = createWalletClient({ apiKey: "${API_KEY}" });`,
    ],
  } as const;
  for (const [module, [source, head, setup]] of Object.entries(examples)) {
    const example = /```ts\n([^]*?)\n\s*\* ```/.exec(declaration(source, head) ?? "")?.[1];
    expect(example, `the @example of ${head.trim()}`).toBeDefined();
    const code = example!.replace(/^\s*\* ?/gm, "");
    writeFileSync(join(work, `${module}.ts`), `${setup}\n${code}\nexport {};\n`);
  }
  // What the docs site shows a user for the new operations must compile against the new packages.
  const snippets = typeScriptSnippets({ spec: distDir }).filter(
    (snippet) => snippet.operation === METHOD || snippet.operation === OPERATION,
  );
  // (Each example twice: as shown, then against the local mock, after the area's others.)
  expect(
    snippets.map(
      (snippet) => snippet.page + (snippet.environment ? ` ${snippet.environment}` : ""),
    ),
  ).toEqual([
    `das/${METHOD}.html`,
    `das/${METHOD}.html local`,
    `wallet/${OPERATION}.html`,
    `wallet/${OPERATION}.html local`,
  ]);
  snippets.forEach((snippet, i) =>
    writeFileSync(join(work, `snippet-${i}.ts`), `${snippet.code}\nexport {};\n`),
  );
  writeFileSync(
    join(work, "tsconfig.json"),
    JSON.stringify({
      extends: join(root, "tsconfig.base.json"),
      compilerOptions: {
        noEmit: true,
        // (The folder is outside the repository: its type packages and dependencies by path.)
        typeRoots: [join(root, "node_modules/@types")],
        paths: {
          "@chaindata/das": ["./das/src/index.ts"],
          "@chaindata/wallet": ["./wallet/src/index.ts"],
          "@chaindata/core": [join(root, "packages/core/src/index.ts")],
          // (The wallet's `./known-values` re-exports core's: docs/decisions/0021.)
          "@chaindata/core/known-values": [
            join(root, "packages/core/src/generated/known-values.ts"),
          ],
          "openapi-fetch": [join(root, "node_modules/openapi-fetch")],
        },
      },
      include: ["das/src/**/*.ts", "wallet/src/**/*.ts", "*.ts"],
    }),
  );
  expect(tsc("-p", work, "--pretty", "false")).toBe("");
}, 60_000);

describe("the docs site built from the copy", () => {
  let out: string;
  beforeAll(() => {
    out = join(work, "site");
    expect(buildDocs({ spec: distDir, out }).warnings).toEqual([]);
  });
  /** The page's own content (without the navigation every page repeats), as text. */
  const pageText = (path: string) => {
    expect(existsSync(join(out, path)), `${path} exists`).toBe(true);
    return toText(/<main[^]*<\/main>/.exec(readFileSync(join(out, path), "utf8"))?.[0]);
  };
  /** The row of an area page's operations table that links to `href`, as text. */
  const areaRow = (area: string, href: string) =>
    toText(
      new RegExp(`<tr><td><a href="../${href}">.*?</tr>`).exec(
        readFileSync(join(out, `${area}/index.html`), "utf8"),
      )?.[0],
    );

  it(`has a page for ${METHOD}: params with their bounds, the u64 result, the named example`, () => {
    const text = pageText(`das/${METHOD}.html`);
    expect(text).toContain(METHOD_SUMMARY);
    expect(text).toContain("10 credits per request");
    expect(text).toMatch(new RegExp(`"method": "${METHOD}",\\s*"params": \\{`));
    // (One table cell per line; an empty one is an empty line.)
    expect(text).toMatch(
      /\nownerAddress\n+Address string\n+required\n+a base58 address of 32 bytes \(32 to 44 characters; no 0, O, I or l\): pattern \^\[1-9A-HJ-NP-Za-km-z\]\{32,44\}\$\n/,
    );
    expect(text).toMatch(/\nlimit\n+integer\n+optional\n+1 – 100\n/);
    expect(text).toMatch(/\nminLamports\n+U64 integer uint64 \(bigint\)\n+optional\n+≥ 0/);
    expect(text).toMatch(/\ntotal_lamports\n+U64 integer uint64 \(bigint\)\n+required\n/);
    expect(text).toContain(
      "ownerBeyondTwoPow53 — An owner whose assets hold more lamports than a double can count exactly",
    );
    expect(text).toMatch(
      new RegExp(
        `const exampleTestTotals = await das\\.${METHOD}\\(\\{\\s*ownerAddress: "${OWNER}",\\s*limit: 10,\\s*minLamports: ${MIN_LAMPORTS}n\\s*\\}\\)`,
      ),
    );
    // The example's u64 digit for digit, not as JSON.parse would round it.
    expect(text).toMatch(/Response \(exactTotal\)[^]*"total_lamports": 9007199254740993\n/);
    // Its row in the area's table: the name, the request, the summary; no note (neither paginated,
    // deprecated nor beta).
    expect(areaRow("das", `das/${METHOD}.html`)).toBe(`${METHOD}POST /${METHOD_SUMMARY}`);
  });

  it(`has a page for ${OPERATION}: params with their bounds, the u64 result, the named example`, () => {
    const text = pageText(`wallet/${OPERATION}.html`);
    expect(text).toContain(OPERATION_SUMMARY);
    expect(text).toContain("100 credits per request");
    expect(text).toContain(`GET https://`);
    expect(text).toContain(`${OPERATION_PATH}?api-key=<API_KEY>`);
    expect(text).toContain(`http://127.0.0.1:4010${OPERATION_PATH}`);
    expect(text).toMatch(/\nlimitquery\n+integer\n+optional\n+1 – 100\n/);
    expect(text).toMatch(/\ntotalLamports\n+U64 integer uint64 \(bigint\)\n+required\n/);
    expect(text).toContain(
      "walletBeyondTwoPow53 — 200 · A wallet whose assets hold more lamports than a double can count exactly",
    );
    expect(text).toMatch(/"totalLamports": 9007199254740993\n/);
    expect(areaRow("wallet", `wallet/${OPERATION}.html`)).toContain(OPERATION_SUMMARY);
  });

  it("lists both in the search index", () => {
    const index = readFileSync(join(out, "search-index.json"), "utf8");
    expect(index).toContain(`"${METHOD}"`);
    expect(index).toContain(`"${OPERATION}"`);
  });
});
