// A JSON-RPC method whose params are by position and are ONE object: Helius's public
// getPriorityFeeEstimate takes `params: [ { accountKeys, options } ]` (trial 25 wrote it by name, and
// left this shape untested). On a copy of spec/ (openrpc/das.yaml), two such methods are written as
// spec/README.md says (`paramStructure: by-position`, one param whose schema is an object): one whose
// param is required, one whose param may be left out. Then, with the repository's scripts only:
//   - the spec checks report nothing;
//   - types: the caller passes the params object keyed by the param's name, as for every by-position
//     method (the sender's `{ transaction, config }`): `{ request: { accountKeys, options } }`; the
//     optional method's object may be left out, as a by-name method's object without a required
//     member may;
//   - the descriptor checks the object under the param's name and encodes it by position;
//   - JSDoc: the @example is the call the caller writes, and `@param params` says what goes on the
//     wire (`params: [request]`; left out, `params: []`);
//   - a program bundled from the generated package sends `"params":[{…}]` (one element, the object
//     as given), to the mock serving the copy, which accepts it; a bad member is a ValidationError
//     naming it the way the sender's by-position checks do (`params.request.accountKeys`), and the
//     object given unwrapped (Helius SDK style, `{ accountKeys }`) is refused naming the param it
//     belongs in and where each member goes (`it is named request.accountKeys here`); nothing is sent;
//   - left out, the optional method sends `"params":[]` (JSON-RPC by position: a trailing optional
//     param is left out of the array; the SDK invents no `{}`), from the client member, the standalone
//     function and `request(name)` alike; `{ request: {} }` sends `[{}]`, as given;
//   - tsc accepts the typed calls, the @examples and the docs' snippets, and refuses the unwrapped
//     object and a required object left out.
import { mkdirSync, cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMock, type MockServer } from "@chaindata/mock";
import { importBundled } from "./bundled-program.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { declaration, oneLine } from "./declarations.js";
import { typeScriptSnippets } from "../../packages/docs/src/index.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { generate } from "../../scripts/generate/index.mjs";
import {
  bundleCopy,
  editedCopy,
  findingsOf,
  listInCoverageSentence,
  removeCopies,
} from "../spec/spec-copy.js";
import { tsc } from "../types/tsc.js";

const root = new URL("../..", import.meta.url).pathname;
const ACCOUNT = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const ASSUMPTION = "assumption: a fictional method of test/generate/single-object-param.test.ts";
const API_KEY = "placeholder-api-key";
const REQUIRED = "getExampleFeeEstimate";
const OPTIONAL = "getExampleFeeEstimateOptional";
const LEVELS = ["Min", "Low", "Medium", "High", "VeryHigh", "UnsafeMax"];

/** The one object param, Helius's GetPriorityFeeEstimateRequest (without `transaction`). */
const requestSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    accountKeys: {
      description: "The accounts the transaction locks, 1 to 128.",
      type: "array",
      minItems: 1,
      maxItems: 128,
      items: { $ref: "../schemas/common.yaml#/Address" },
    },
    options: {
      description: "What the estimate gives.",
      type: "object",
      additionalProperties: false,
      properties: {
        priorityLevel: {
          description: "The level the estimate is for.",
          type: "string",
          enum: LEVELS,
        },
        includeAllPriorityFeeLevels: {
          description: "Whether the result lists every level.",
          type: "boolean",
        },
      },
    },
  },
};

const method = (name: string, required: boolean) => ({
  name,
  summary: "Estimate a priority fee.",
  description: `A fictional method, written by test/generate/single-object-param.test.ts into a copy of the spec: by position, one object param (${required ? "required" : "optional"}), as Helius's getPriorityFeeEstimate. Costs 1 credit.`,
  paramStructure: "by-position",
  params: [
    {
      name: "request",
      description: "What to estimate the fee for.",
      required,
      schema: requestSchema,
      "x-source": ASSUMPTION,
    },
  ],
  result: {
    name: "estimate",
    description: "The estimate.",
    schema: {
      type: "object",
      properties: {
        priorityFeeEstimate: {
          description: "The fee, in micro-lamports per compute unit.",
          type: "number",
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
  "x-cost": { credits: 1n, "x-source": ASSUMPTION },
  "x-source": ASSUMPTION,
  examples: [
    {
      name: "oneAccountHigh",
      summary: "The high level for one account",
      params: [
        {
          name: "request",
          value: { accountKeys: [ACCOUNT], options: { priorityLevel: "High" } },
        },
      ],
      result: { name: "highEstimate", value: { priorityFeeEstimate: 1200.5 } },
    },
  ],
});

/** What a user would write against the generated package (bundled by esbuild below). */
const PROGRAM = `
import { createDasClient, createDasRpc, ${REQUIRED}, ${OPTIONAL}, ValidationError } from "@chaindata/das";
export { ValidationError };
/** The body text of every request sent, in order. */
export const sent = [];
const options = (mockUrl) => ({
  apiKey: ${JSON.stringify(API_KEY)}, environment: "local", baseUrls: { rpc: mockUrl }, maxRetries: 0,
  fetch: (url, init) => { sent.push(String(init.body)); return fetch(url, init); },
});
export const viaClient = (mockUrl, name, ...args) => createDasClient(options(mockUrl))[name](...args);
export const viaFunction = (mockUrl, name, ...args) => ({ ${REQUIRED}, ${OPTIONAL} })[name](createDasRpc(options(mockUrl)), ...args);
export const viaRequest = (mockUrl, name, ...args) => createDasClient(options(mockUrl)).request(name, ...args);
`;

/** Typed calls: the valid ones compile, each `@ts-expect-error` must be a real error. */
const CALLS = `
import { createDasClient, createDasRpc, ${OPTIONAL}, type GetExampleFeeEstimateResult } from "@chaindata/das";
const das = createDasClient({ apiKey: ${JSON.stringify(API_KEY)} });
const request = { accountKeys: ["${ACCOUNT}"], options: { priorityLevel: "High", includeAllPriorityFeeLevels: true } } as const;
const estimate: GetExampleFeeEstimateResult = await das.${REQUIRED}({ request });
const fee: number | undefined = estimate.priorityFeeEstimate;
await das.request(${JSON.stringify(REQUIRED)}, { request: { accountKeys: ["${ACCOUNT}"] } });
await das.${OPTIONAL}();
await das.${OPTIONAL}({});
await das.${OPTIONAL}({ request: {} });
await ${OPTIONAL}(createDasRpc());
await das.request(${JSON.stringify(OPTIONAL)});
// @ts-expect-error — the object goes under its param's name (the wire array holds it)
await das.${REQUIRED}({ accountKeys: ["${ACCOUNT}"] });
// @ts-expect-error — the required param's object may not be left out
await das.${REQUIRED}();
// @ts-expect-error — nor may its param
await das.${REQUIRED}({});
// @ts-expect-error — priorityLevel is one of the levels
await das.${REQUIRED}({ request: { options: { priorityLevel: "Highest" } } });
export { fee };
`;

interface Program {
  ValidationError: new (...args: never[]) => Error;
  sent: string[];
  viaClient(mockUrl: string, name: string, ...args: unknown[]): Promise<any>;
  viaFunction(mockUrl: string, name: string, ...args: unknown[]): Promise<any>;
  viaRequest(mockUrl: string, name: string, ...args: unknown[]): Promise<any>;
}

let distDir: string;
let files: Record<string, string>;
let findings: string[];
/** Holds a copy of packages/das with this run's generated code, and the builds. */
let work: string;

beforeAll(async () => {
  const specDir = editedCopy("openrpc/das.yaml", (doc) => {
    doc.methods.push(method(REQUIRED, true), method(OPTIONAL, false));
    listInCoverageSentence(doc, [REQUIRED, OPTIONAL]);
  });
  findings = findingsOf(specDir);
  distDir = bundleCopy(specDir);
  files = await generate({ distDir });
  work = mkdtempSync(join(tmpdir(), "chaindata-single-object-param-"));
  const src = join(root, "packages/das/src");
  cpSync(src, join(work, "das/src"), {
    recursive: true,
    filter: (path) => path !== join(src, "generated") && !path.endsWith(".test.ts"),
  });
  mkdirSync(join(work, "das/src/generated"));
  for (const [path, text] of Object.entries(files))
    if (path.startsWith("packages/das/src/"))
      writeFileSync(join(work, path.slice("packages/".length)), text);
}, 60_000);
afterAll(() => {
  removeCopies();
  if (work) rmSync(work, { recursive: true, force: true });
});

it("the spec copy passes every spec check", () => {
  expect(findings).toEqual([]);
});

describe("generated (in memory)", () => {
  it("types: the object under the param's name; optional for the optional method", () => {
    const types = files["packages/das/src/generated/types.ts"];
    const object = (indent: string) =>
      [
        "{",
        "    /** The accounts the transaction locks, 1 to 128. */",
        "    accountKeys?: readonly Address[] | undefined;",
        "    /** What the estimate gives. */",
        "    options?: {",
        "        /** The level the estimate is for. */",
        // (Past the width on one line: a member a line, as Prettier writes it, lib/layout.mjs.)
        "        priorityLevel?:",
        ...LEVELS.map((l) => `          | ${JSON.stringify(l)}`),
        "          | undefined;",
        "        /** Whether the result lists every level. */",
        "        includeAllPriorityFeeLevels?: boolean | undefined;",
        "    } | undefined;",
        "}",
      ]
        .map((line, i) => (i ? indent + line : line))
        .join("\n");
    expect(declaration(types, "export interface GetExampleFeeEstimateParams {")).toBe(
      [
        `/** Params of \`${REQUIRED}\`. */`,
        "export interface GetExampleFeeEstimateParams {",
        "    /** What to estimate the fee for. */",
        `    request: ${object("    ")};`,
        "}",
      ].join("\n"),
    );
    expect(declaration(types, "export interface GetExampleFeeEstimateOptionalParams {")).toBe(
      [
        `/** Params of \`${OPTIONAL}\`. */`,
        "export interface GetExampleFeeEstimateOptionalParams {",
        "    /** What to estimate the fee for. */",
        `    request?: ${object("    ")} | undefined;`,
        "}",
      ].join("\n"),
    );
  });

  it("descriptor: the object checked under the param's name (its members given unwrapped named where they go), sent by position", () => {
    const operations = files["packages/das/src/generated/operations.ts"];
    const request = `request: /* @__PURE__ */ vObject({ accountKeys: /* @__PURE__ */ vArray(/* @__PURE__ */ vBase58Bytes(PATTERN_1, DESCRIPTION_1, 32), 1, 128), options: /* @__PURE__ */ vObject({ priorityLevel: /* @__PURE__ */ vEnum(${JSON.stringify(LEVELS).replaceAll(",", ", ")}), includeAllPriorityFeeLevels: vBoolean }, [], false) }, [], false)`;
    // (vRenamed: `params.accountKeys: … ; it is named request.accountKeys here`.)
    const hinted = (object: string) =>
      `/* @__PURE__ */ vRenamed(${object}, { accountKeys: "request.accountKeys", options: "request.options" })`;
    expect(oneLine(declaration(operations, `export const ${REQUIRED}:`))).toBe(
      `export const ${REQUIRED}: RpcMethodDescriptor<never, T.GetExampleFeeEstimateParams, T.GetExampleFeeEstimateResult> = { id: "${REQUIRED}", params: ${hinted(`/* @__PURE__ */ vObject({ ${request} }, ["request"], false)`)}, idempotent: true, u64: { priorityFeeEstimate: 0 }, encode: /* @__PURE__ */ rpcEncoding(["request"]) };`,
    );
    expect(oneLine(operations)).toContain(
      `export const ${REQUIRED}U64Shape = /* @__PURE__ */ Object.freeze({ priorityFeeEstimate: 0 }) as U64Shape as U64ShapeOf<T.GetExampleFeeEstimateResult>;`,
    );
    expect(oneLine(declaration(operations, `export const ${OPTIONAL}:`))).toBe(
      `export const ${OPTIONAL}: RpcMethodDescriptor<never, T.GetExampleFeeEstimateOptionalParams, T.GetExampleFeeEstimateOptionalResult> = { id: "${OPTIONAL}", params: ${hinted(`/* @__PURE__ */ vObject({ ${request} }, [], false)`)}, idempotent: true, u64: { priorityFeeEstimate: 0 }, encode: /* @__PURE__ */ rpcEncoding(["request"]) };`,
    );
  });

  it("client: the optional method's params may be left out; JSDoc says what goes on the wire, and shows the call", () => {
    const client = files["packages/das/src/generated/client.ts"];
    const example = (call: string) =>
      [
        "@example",
        "```ts",
        `const estimate = await ${call}{`,
        "  request: {",
        "    accountKeys: [",
        `      "${ACCOUNT}"`,
        "    ],",
        "    options: {",
        '      priorityLevel: "High"',
        "    }",
        "  }",
        "});",
        "```",
      ].map((line) => `   * ${line}`.trimEnd());
    const param = (type: string, optional: boolean) =>
      `   * @param params - The call's params, a {@link T.${type} | ${type}}${optional ? " (may be left out: no member is required)" : ""}; checked before anything is sent, then sent by position (\`params: [request]\`, trailing ones not given left out${optional ? "; no params, `params: []`" : ""}).`;
    for (const [name, type, optional] of [
      [REQUIRED, "GetExampleFeeEstimateParams", false],
      [OPTIONAL, "GetExampleFeeEstimateOptionalParams", true],
    ] as const) {
      const member = declaration(client, `  ${name}(`)!;
      expect(member.split("\n")).toEqual(expect.arrayContaining([param(type, optional)]));
      expect(member).toContain(example(`das.${name}(`).join("\n"));
      // (The signature after the JSDoc, broken at the width: lib/layout.mjs.)
      expect(oneLine(member.split("*/\n").at(-1))).toBe(
        `  ${name}(params${optional ? "?" : ""}: T.${type}, options?: RequestOptions): Promise<T.${type.replace(/Params$/, "Result")}>;`,
      );
      const standalone = declaration(client, `export function ${name}(`)!;
      expect(standalone).toContain(param(type, optional).slice(2));
      expect(oneLine(standalone)).toContain(
        `export function ${name}(rpc: DasRpc, params: T.${type}${optional ? " = {}" : ""}, options?: RequestOptions)`,
      );
    }
  });
});

describe("called by a program bundled from the generated package, against the mock serving the copy", () => {
  let mock: MockServer;
  let program: Program;
  beforeAll(async () => {
    program = await importBundled<Program>(work, PROGRAM, {
      "@chaindata/das": join(work, "das/src/index.ts"),
    });
    mock = await startMock({ port: 0, quiet: true, specDir: distDir });
  });
  afterAll(() => mock?.stop());
  beforeEach(() => {
    mock.clearRequests();
    program.sent.length = 0;
  });

  /** The one request sent: its `params` as JSON text (the wire's own), and the mock's verdict. */
  const onlyRequest = (name: string) => {
    expect(program.sent).toHaveLength(1);
    const params = /"params":(.*)}$/.exec(program.sent[0]!)?.[1];
    const [logged, ...more] = mock.requests();
    expect(more).toEqual([]);
    expect(logged).toMatchObject({ rpcMethods: [name], status: 200, violations: [] });
    return params;
  };

  const request = { accountKeys: [ACCOUNT], options: { priorityLevel: "High" } };
  it.each(["viaClient", "viaFunction", "viaRequest"] as const)(
    "sends the one object as the one element of the params array (%s)",
    async (via) => {
      for (const name of [REQUIRED, OPTIONAL]) {
        program.sent.length = 0;
        mock.clearRequests();
        expect(await program[via](mock.url, name, { request })).toEqual({
          priorityFeeEstimate: 1200.5,
        });
        expect(onlyRequest(name)).toBe(JSON.stringify([request]));
      }
    },
  );

  it.each(["viaClient", "viaFunction", "viaRequest"] as const)(
    "left out, the optional one's params are sent as [] (%s); given {} or { request: {} }, as given",
    async (via) => {
      for (const [args, wire] of [
        [[], "[]"],
        [[undefined], "[]"],
        [[{}], "[]"],
        [[{ request: {} }], "[{}]"],
      ] as const) {
        program.sent.length = 0;
        mock.clearRequests();
        await program[via](mock.url, OPTIONAL, ...args);
        expect(onlyRequest(OPTIONAL), JSON.stringify(args)).toBe(wire);
      }
    },
  );

  const refusals = [
    {
      what: "no account key",
      params: { request: { accountKeys: [] } },
      path: "params.request.accountKeys",
      rule: "minItems",
    },
    {
      what: "an account key that is not an address",
      params: { request: { accountKeys: ["not-an-address"] } },
      path: "params.request.accountKeys[0]",
      rule: "pattern",
    },
    {
      what: "a level that is not one",
      params: { request: { options: { priorityLevel: "Highest" } } },
      path: "params.request.options.priorityLevel",
      rule: "enum",
    },
    {
      what: "a member the object does not have",
      params: { request: { transactions: [] } },
      path: "params.request.transactions",
      rule: "additionalProperties",
    },
    {
      what: "the object given unwrapped (as the Helius SDK takes it)",
      params: { accountKeys: [ACCOUNT] },
      path: "params.accountKeys",
      rule: "additionalProperties",
      message:
        "params.accountKeys: is not an allowed property (allowed: request); it is named request.accountKeys here",
    },
    {
      what: "an array given for the params (the wire's form)",
      params: [request],
      path: "params",
      rule: "type",
    },
  ];
  it.each(refusals.flatMap((r) => [REQUIRED, OPTIONAL].map((name) => ({ ...r, name }))))(
    "$name refuses $what with a ValidationError naming $path; nothing is sent",
    async ({ name, params, path, rule, message }) => {
      const error = await program.viaClient(mock.url, name, params).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(program.ValidationError);
      const { issues, message: text } = error as {
        issues: { path: string; rule: string }[];
        message: string;
      };
      // (The required method also says that `request` is missing.)
      expect(issues).toEqual(
        name === REQUIRED && path === "params.accountKeys"
          ? [
              expect.objectContaining({ path: "params.request", rule: "required" }),
              expect.objectContaining({ path, rule }),
            ]
          : [expect.objectContaining({ path, rule })],
      );
      expect(text).toContain(message ?? `${path}: `);
      expect(program.sent).toEqual([]);
      expect(mock.requests()).toEqual([]);
    },
  );

  it.each([REQUIRED, OPTIONAL])(
    "%s refuses both members given unwrapped, each message saying where it goes",
    async (name) => {
      const error = await program
        .viaClient(mock.url, name, { accountKeys: [ACCOUNT], options: { priorityLevel: "High" } })
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
      expect(error).toBeInstanceOf(program.ValidationError);
      const unwrapped = (member: string) => ({
        path: `params.${member}`,
        rule: "additionalProperties",
        message: `params.${member}: is not an allowed property (allowed: request); it is named request.${member} here`,
        detail: `is not an allowed property (allowed: request); it is named request.${member} here`,
      });
      expect((error as { issues: unknown[] }).issues).toEqual([
        ...(name === REQUIRED
          ? [
              {
                path: "params.request",
                rule: "required",
                message: "params.request: is required",
                detail: "is required",
              },
            ]
          : []),
        unwrapped("accountKeys"),
        unwrapped("options"),
      ]);
      expect(program.sent).toEqual([]);
      expect(mock.requests()).toEqual([]);
    },
  );

  it.each([
    {
      args: [],
      path: "params",
      rule: "type",
      message: "params: must be object { request } (got undefined)",
    },
    {
      args: [{}],
      path: "params.request",
      rule: "required",
      message: "params.request: is required",
    },
  ])(
    "the required one refuses its param left out ($args), naming it",
    async ({ args, path, rule, message }) => {
      const error = await program.viaClient(mock.url, REQUIRED, ...args).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(program.ValidationError);
      expect((error as { issues: unknown[] }).issues).toEqual([
        { path, rule, message, detail: message.slice(path.length + 2) },
      ]);
      expect(program.sent).toEqual([]);
    },
  );
});

it("type-checks: typed calls, the @examples and the docs' snippets compile; the unwrapped object does not", () => {
  writeFileSync(join(work, "calls.ts"), CALLS);
  const client = files["packages/das/src/generated/client.ts"];
  const setups = {
    member: `import { createDasClient } from "@chaindata/das";\nconst das = createDasClient({ apiKey: "${API_KEY}" });`,
    function: `import { createDasRpc, ${REQUIRED}, ${OPTIONAL} } from "@chaindata/das";\nconst rpc = createDasRpc({ apiKey: "${API_KEY}" });`,
  };
  for (const name of [REQUIRED, OPTIONAL])
    for (const [kind, head] of [
      ["member", `  ${name}(`],
      ["function", `export function ${name}(`],
    ] as const) {
      const example = /```ts\n([^]*?)\n\s*\* ```/.exec(declaration(client, head) ?? "")?.[1];
      expect(example, `the @example of ${head.trim()}`).toBeDefined();
      const code = example!.replace(/^\s*\* ?/gm, "");
      writeFileSync(
        join(work, `example-${name}-${kind}.ts`),
        `${setups[kind]}\n${code}\nexport {};\n`,
      );
    }
  const snippets = typeScriptSnippets({ spec: distDir }).filter(
    (snippet) => snippet.operation === REQUIRED || snippet.operation === OPTIONAL,
  );
  // (Each example twice: as shown, then against the local mock, after the area's others.)
  expect(
    snippets.map(
      (snippet) => snippet.page + (snippet.environment ? ` ${snippet.environment}` : ""),
    ),
  ).toEqual([
    `das/${REQUIRED}.html`,
    `das/${OPTIONAL}.html`,
    `das/${REQUIRED}.html local`,
    `das/${OPTIONAL}.html local`,
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
        typeRoots: [join(root, "node_modules/@types")],
        paths: {
          "@chaindata/das": ["./das/src/index.ts"],
          "@chaindata/core": [join(root, "packages/core/src/index.ts")],
        },
      },
      include: ["das/src/**/*.ts", "*.ts"],
    }),
  );
  expect(tsc("-p", work, "--pretty", "false")).toBe("");
}, 60_000);
