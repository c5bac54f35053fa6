// "Adding an area is one spec document + regenerate + npm install" (spec/README.md, "Adding an
// area"). On a copy of spec/, a new REST area (`reports`, a copy of openapi/admin.yaml) and a new
// JSON-RPC area (`minting`, a copy of openrpc/mint.yaml), each with its own x-area and names, are
// bundled and generated into a temporary repository folder (never the real packages/), holding the
// real packages' package.json files as the repository has them. Then:
//   - the generator scaffolds each new package once (package.json, tsconfigs, tsup config, LICENSE,
//     src/index.ts), the sdk's dependency on it and its first-release changeset, and nothing for the
//     existing areas; `--check` lists the missing skeleton and writes nothing;
//   - a second run changes nothing, and a hand-edited scaffold file stays as the editor left it;
//   - tsc accepts the new packages through their own scaffolded tsconfig.json;
//   - a program bundled by esbuild from the new packages calls each one's operation against the
//     mock serving the copy;
//   - the templates reproduce the skeleton of every existing area package (its package.json but
//     the description, its configs, LICENSE, and src/index.ts but for the exports a package added).
import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { startMock, type MockServer } from "@chaindata/mock";
import { importBundled } from "./bundled-program.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { generateInto, scaffold } from "../../scripts/generate/index.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { describeArea, firstReleaseNote, scaffoldFiles } from "../../scripts/generate/scaffold.mjs";
import { index as specIndex } from "../spec/documents.js";
import { bundleCopy, editedCopy, removeCopies } from "../spec/spec-copy.js";

const run = promisify(execFile);

const root = new URL("../..", import.meta.url).pathname;
const API_KEY = "placeholder-api-key";
const REST_AREA = "reports";
const REST_OPERATION = "getProjectReport";
const RPC_AREA = "minting";
const RPC_METHOD = "mintExampleTestNft";
/** The area packages the repository has: the spec's areas (its generated sdk client imports every one). */
const EXISTING: string[] = [
  ...new Set<string>(specIndex.areas.map(({ area }: { area: string }) => area)),
];
const SKELETON = [
  "package.json",
  "tsconfig.json",
  "tsconfig.build.json",
  "tsup.config.ts",
  "tool-schemas/package.json",
  "LICENSE",
  "src/index.ts",
];

/** `file` of the copy in `specDir` written as `to`, with each [text, replacement] applied once. */
function copyDocument(specDir: string, file: string, to: string, edits: [string, string][]) {
  let text = readFileSync(join(specDir, file), "utf8");
  for (const [from, replacement] of edits) {
    if (!text.includes(from)) throw new Error(`${file}: no ${from}`);
    text = text.replace(from, replacement);
  }
  writeFileSync(join(specDir, to), text);
}

/** A repository folder holding what the generator reads of the real one: every package's package.json. */
function repositoryCopy(): string {
  const target = mkdtempSync(join(tmpdir(), "chaindata-scaffold-"));
  for (const pkg of [...EXISTING, "core", "sdk"]) {
    mkdirSync(join(target, "packages", pkg), { recursive: true });
    cpSync(
      join(root, "packages", pkg, "package.json"),
      join(target, "packages", pkg, "package.json"),
    );
  }
  return target;
}

const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");

let specDir: string;
let distDir: string;
let target: string;
let first: { changed: string[]; added: string[]; files: Record<string, string> };
const targets: string[] = [];

beforeAll(async () => {
  specDir = editedCopy("openapi/admin.yaml", () => {});
  copyDocument(specDir, "openapi/admin.yaml", "openapi/reports.yaml", [
    ["title: Admin API", "title: Reports API"],
    ["x-area: admin", `x-area: ${REST_AREA}`],
    ["/v0/admin/projects/{id}/usage:", "/v0/admin/projects/{id}/report:"],
    ["operationId: getProjectUsage", `operationId: ${REST_OPERATION}`],
  ]);
  copyDocument(specDir, "openrpc/mint.yaml", "openrpc/minting.yaml", [
    ["x-area: mint", `x-area: ${RPC_AREA}`],
    ["- name: mintCompressedNft", `- name: ${RPC_METHOD}`],
  ]);
  distDir = bundleCopy(specDir);
  target = repositoryCopy();
  targets.push(target);
  first = await generateInto({ distDir, target });
}, 60_000);
afterAll(() => {
  removeCopies();
  for (const dir of targets) rmSync(dir, { recursive: true, force: true });
});

describe("a new REST area and a new JSON-RPC area", () => {
  it("are scaffolded once each, with the sdk's dependency and a first-release note; no existing area gets a file", () => {
    expect([...first.added].sort()).toEqual([REST_AREA, RPC_AREA].sort());
    // (Besides the generated files: the temporary folder has none yet, of any area.)
    const outside = first.changed.filter(
      (line) => !/\/src\/generated\/|\/README\.md \(missing\)$/.test(line),
    );
    expect(outside.sort()).toEqual(
      [
        ...[REST_AREA, RPC_AREA].flatMap((area) => [
          ...SKELETON.map(
            (f) => `packages/${area}/${f} (missing: scaffolded once, then hand-written)`,
          ),
          `.changeset/first-release-${area}.md (missing: scaffolded once, then hand-written)`,
        ]),
        "packages/sdk/package.json (a dependency on the new area package)",
      ].sort(),
    );
    for (const area of EXISTING)
      for (const f of SKELETON.slice(1))
        expect(existsSync(join(target, "packages", area, f)), `packages/${area}/${f}`).toBe(false);
  });

  it(`${REST_AREA}: the skeleton of a REST package, like packages/admin`, () => {
    const dir = join(target, "packages", REST_AREA);
    const pkg = JSON.parse(read(dir, "package.json"));
    const admin = JSON.parse(read(root, "packages/admin/package.json"));
    expect(pkg).toEqual({
      ...admin,
      name: `@chaindata/${REST_AREA}`,
      description:
        "Reports API: credit usage, subscription and per-service request counts of a project.",
      repository: { ...admin.repository, directory: `packages/${REST_AREA}` },
      keywords: ["solana", "chaindata", "sdk", REST_AREA],
      dependencies: { "@chaindata/core": "0.0.0", "openapi-fetch": "0.17.0" },
    });
    expect(read(dir, "package.json")).toBe(JSON.stringify(pkg, null, 2) + "\n");
    for (const f of [
      "tsconfig.json",
      "tsconfig.build.json",
      "tsup.config.ts",
      "tool-schemas/package.json",
    ])
      expect(read(dir, f), f).toBe(read(root, `packages/admin/${f}`));
    expect(read(dir, "LICENSE")).toBe(read(root, "LICENSE"));
    expect(read(dir, "src/index.ts")).toBe(
      [
        `// Public entry of @chaindata/${REST_AREA}: the generated client and types, plus the`,
        "// runtime's option and error types (generated/runtime.ts) so callers need only this one import.",
        'export * from "./generated/client.js";',
        'export type * from "./generated/types.js";',
        'export * from "./generated/runtime.js";',
        // (admin.yaml's x-rate-limit: the generated constant, exported as admin exports its own.)
        'export { reportsRateLimit } from "./generated/operations.js";',
        "",
      ].join("\n"),
    );
    expect(read(target, `.changeset/first-release-${REST_AREA}.md`)).toBe(
      `---\n"@chaindata/${REST_AREA}": minor\n---\n\nFirst release of the Reports API: credit usage, subscription and per-service request counts of a project.\n`,
    );
  });

  it(`${RPC_AREA}: the skeleton of a JSON-RPC package, like packages/das`, () => {
    const dir = join(target, "packages", RPC_AREA);
    const pkg = JSON.parse(read(dir, "package.json"));
    const das = JSON.parse(read(root, "packages/das/package.json"));
    expect(pkg).toEqual({
      ...das,
      name: `@chaindata/${RPC_AREA}`,
      // (The description's sentence alone: it has a colon of its own, and says "deprecated".)
      description:
        "The deprecated `mintCompressedNft` JSON-RPC method: the service mints a compressed NFT to a wallet and pays for it.",
      repository: { ...das.repository, directory: `packages/${RPC_AREA}` },
      keywords: ["solana", "chaindata", "sdk", RPC_AREA],
      dependencies: { "@chaindata/core": "0.0.0" },
    });
    for (const f of [
      "tsconfig.json",
      "tsconfig.build.json",
      "tsup.config.ts",
      "tool-schemas/package.json",
    ])
      expect(read(dir, f), f).toBe(read(root, `packages/das/${f}`));
    expect(read(dir, "LICENSE")).toBe(read(root, "LICENSE"));
    expect(read(dir, "src/index.ts")).toBe(
      read(root, "packages/das/src/index.ts").replace("@chaindata/das:", `@chaindata/${RPC_AREA}:`),
    );
  });

  it("the sdk depends on both, after its own dependencies as they were", () => {
    const before = JSON.parse(read(root, "packages/sdk/package.json"));
    const after = JSON.parse(read(target, "packages/sdk/package.json"));
    expect(after).toEqual({
      ...before,
      dependencies: {
        ...before.dependencies,
        [`@chaindata/${RPC_AREA}`]: "0.0.0",
        [`@chaindata/${REST_AREA}`]: "0.0.0",
      },
    });
    expect(first.files["packages/sdk/src/generated/client.ts"]).toContain(
      `from "@chaindata/${REST_AREA}";`,
    );
  });

  it("a second run changes nothing, and leaves a hand-edited scaffold file as it is", async () => {
    const index = join(target, "packages", REST_AREA, "src/index.ts");
    const edited = `${read(target, `packages/${REST_AREA}/src/index.ts`)}export const handWritten = 1;\n`;
    writeFileSync(index, edited);
    const pkgFile = join(target, "packages", REST_AREA, "package.json");
    const pkg = read(target, `packages/${REST_AREA}/package.json`).replace(
      /"description": "[^"]*"/,
      '"description": "Reports, edited by hand."',
    );
    writeFileSync(pkgFile, pkg);
    expect((await generateInto({ distDir, target, check: true })).changed).toEqual([]);
    const second = await generateInto({ distDir, target });
    expect(second.changed).toEqual([]);
    expect(second.added).toEqual([]);
    expect(read(target, `packages/${REST_AREA}/src/index.ts`)).toBe(edited);
    expect(read(target, `packages/${REST_AREA}/package.json`)).toBe(pkg);
  });

  it("gives each new area its sdk namespace, and removes a generated file no area makes any more, in a folder too", async () => {
    for (const area of [REST_AREA, RPC_AREA])
      expect(first.files[`packages/sdk/src/generated/namespaces/${area}.ts`]).toContain(
        `export type * from "@chaindata/${area}";`,
      );
    const gone = "packages/sdk/src/generated/namespaces/gone.ts";
    const deep = "packages/sdk/src/generated/namespaces/old/deep.ts";
    const link = "packages/das/src/generated/link.ts";
    writeFileSync(join(target, gone), "export {};\n");
    mkdirSync(join(target, "packages/sdk/src/generated/namespaces/old"));
    writeFileSync(join(target, deep), "export {};\n");
    symlinkSync("types.ts", join(target, link)); // (a link is not followed, but it is no generated file)
    expect((await generateInto({ distDir, target, check: true })).changed.sort()).toEqual(
      [link, deep, gone].map((f) => `${f} (not generated any more)`).sort(),
    );
    expect(existsSync(join(target, gone))).toBe(true);
    await generateInto({ distDir, target });
    expect(existsSync(join(target, gone))).toBe(false);
    expect(existsSync(join(target, "packages/sdk/src/generated/namespaces/old"))).toBe(false);
    expect(existsSync(join(target, link))).toBe(false);
    expect(existsSync(join(target, "packages/das/src/generated/types.ts"))).toBe(true);
  });

  it("--check lists a missing skeleton as stale and writes nothing", async () => {
    const fresh = repositoryCopy();
    targets.push(fresh);
    const { changed } = await generateInto({ distDir, target: fresh, check: true });
    expect(changed).toContain(
      `packages/${REST_AREA}/package.json (missing: scaffolded once, then hand-written)`,
    );
    expect(changed).toContain("packages/sdk/package.json (a dependency on the new area package)");
    expect(existsSync(join(fresh, "packages", REST_AREA))).toBe(false);
    expect(read(fresh, "packages/sdk/package.json")).toBe(read(root, "packages/sdk/package.json"));
  });
});

it("tsc accepts the new packages through their scaffolded tsconfig.json, on @chaindata/core's source", async () => {
  // The repository's base config, plus where the temporary folder finds what it imports: core's
  // source with this run's generated modules (schemas.ts declares the schemas the new areas share
  // with admin and mint, which their types.ts import from core).
  const base = JSON.parse(read(root, "tsconfig.base.json"));
  base.compilerOptions.typeRoots = [join(root, "node_modules/@types")];
  const coreSource = join(root, "packages/core/src");
  cpSync(coreSource, join(target, "packages/core/src"), {
    recursive: true,
    filter: (path) => path !== join(coreSource, "generated"),
  });
  base.compilerOptions.paths = {
    "@chaindata/core": [join(target, "packages/core/src/index.ts")],
    "openapi-fetch": [join(root, "node_modules/openapi-fetch")],
  };
  writeFileSync(join(target, "tsconfig.base.json"), JSON.stringify(base));
  // (Both at once: each tsc takes seconds.)
  const outputs = await Promise.all(
    [REST_AREA, RPC_AREA].map((area) =>
      run(join(root, "node_modules/.bin/tsc"), [
        "-p",
        join(target, "packages", area),
        "--noEmit",
        "--pretty",
        "false",
      ]).then(
        () => "",
        (error: { stdout: string; stderr: string }) => `${error.stdout}${error.stderr}`,
      ),
    ),
  );
  expect(outputs).toEqual(["", ""]);
}, 60_000);

describe("called by a program bundled from the new packages, against the mock serving the copy", () => {
  let mock: MockServer;
  let program: {
    rest: (mockUrl: string) => Promise<Record<string, unknown>>;
    rpc: (mockUrl: string, params: unknown) => Promise<Record<string, unknown>>;
  };
  beforeAll(async () => {
    program = await importBundled(
      target,
      `
import { createReportsClient } from "@chaindata/${REST_AREA}";
import { createMintingClient } from "@chaindata/${RPC_AREA}";
const options = (mockUrl) => ({ apiKey: ${JSON.stringify(API_KEY)}, environment: "local", baseUrls: { rpc: mockUrl, admin: mockUrl }, maxRetries: 0, logger: { warn() {}, info() {}, debug() {} } });
export const rest = (mockUrl) => createReportsClient(options(mockUrl)).${REST_OPERATION}({ id: "my-project" });
export const rpc = (mockUrl, params) => createMintingClient(options(mockUrl)).${RPC_METHOD}(params);
`,
      {
        [`@chaindata/${REST_AREA}`]: join(target, "packages", REST_AREA, "src/index.ts"),
        [`@chaindata/${RPC_AREA}`]: join(target, "packages", RPC_AREA, "src/index.ts"),
      },
    );
    mock = await startMock({ port: 0, quiet: true, specDir: distDir });
  }, 60_000);
  afterAll(() => mock?.stop());

  it(`${REST_AREA}.${REST_OPERATION} answers with the example`, async () => {
    const dist = JSON.parse(read(distDir, `openapi/${REST_AREA}.json`));
    const path = Object.values(dist.paths)[0] as any;
    const examples: Record<string, { value: unknown }> =
      path.get.responses["200"].content["application/json"].examples;
    const [example] = Object.values(examples);
    expect(await program.rest(mock.url)).toEqual(example!.value);
    expect(mock.requests()).toMatchObject([
      { method: "GET", operationId: REST_OPERATION, status: 200, violations: [] },
    ]);
  });

  it(`${RPC_AREA}.${RPC_METHOD} answers with the example`, async () => {
    mock.clearRequests();
    const dist = JSON.parse(read(distDir, `openrpc/${RPC_AREA}.json`));
    const [example] = dist.methods[0].examples;
    const params = Object.fromEntries(
      example.params.map((p: { name: string; value: unknown }) => [p.name, p.value]),
    );
    expect(await program.rpc(mock.url, params)).toEqual(example.result.value);
    expect(mock.requests()).toMatchObject([
      { rpcMethods: [RPC_METHOD], status: 200, violations: [] },
    ]);
  });
});

describe("the templates reproduce every existing area package's skeleton", () => {
  it.each(EXISTING)("%s", async (area) => {
    const empty = mkdtempSync(join(tmpdir(), "chaindata-scaffold-"));
    targets.push(empty);
    const { files } = scaffold({ distDir, generated: first.files, target: empty });
    const dir = `packages/${area}`;
    const real = JSON.parse(read(root, `${dir}/package.json`));
    // (The description is the editor's: the templates start it from the spec's info.)
    expect(JSON.parse(files[`${dir}/package.json`])).toEqual({
      ...real,
      description: expect.any(String),
    });
    for (const f of SKELETON.slice(0, -1).filter((f) => f !== "package.json"))
      expect(files[`${dir}/${f}`], f).toBe(read(root, `${dir}/${f}`));
    expect(files[`${dir}/package.json`]).toBe(
      read(root, `${dir}/package.json`).replace(
        /"description": "[^"]*"/,
        `"description": ${JSON.stringify(JSON.parse(files[`${dir}/package.json`]).description)}`,
      ),
    );
    // src/index.ts: the template's exports first, in its order, then any the package added;
    // without added exports, the whole file (comments too) where the package kept the template's.
    const code = (text: string) => text.split("\n").filter((l) => l && !l.startsWith("//"));
    const template = files[`${dir}/src/index.ts`];
    const index = read(root, `${dir}/src/index.ts`);
    expect(code(index).slice(0, code(template).length)).toEqual(code(template));
    if (["das", "compression", "mint", "wallet", "token-metadata"].includes(area))
      expect(index).toBe(template);
  });
});

// The scaffolded description and first-release note are a contributor's to review (spec/README.md,
// "Adding an area"), but should need no rewrite: one sentence, without the product's name (the
// package is @chaindata/… already) and without two colons, "chaindata priority fee API: priority
// fee estimates: the …" (user trial 26).
describe("the scaffolded description and first-release note read as one sentence", () => {
  /** The colons of `text` outside code spans (`https://…`). */
  const colons = (text: string) => text.replace(/`[^`]*`/g, "``").split(": ").length - 1;

  it("for every existing area's document", () => {
    const empty = mkdtempSync(join(tmpdir(), "chaindata-scaffold-"));
    targets.push(empty);
    const { files } = scaffold({ distDir, generated: first.files, target: empty });
    for (const area of EXISTING) {
      const description: string = JSON.parse(files[`packages/${area}/package.json`]).description;
      const note = /\n---\n\n([^]*)\n$/.exec(files[`.changeset/first-release-${area}.md`])![1]!;
      for (const [what, text] of [
        ["description", description],
        ["note", note],
      ] as const) {
        expect(text, `${area} ${what}`).toMatch(/^[A-Z].*\.$/);
        expect(text, `${area} ${what}`).not.toMatch(/chaindata/i);
        expect(colons(text), `${area} ${what}: ${text}`).toBeLessThanOrEqual(1);
        // (Not lower-cased after a colon where a name begins: "Digital Asset Standard".)
        expect(text, `${area} ${what}`).not.toMatch(/: [a-z]\w* [A-Z][a-z]/);
      }
      expect(note, area).toMatch(/^First release of the /);
    }
    expect(EXISTING.length).toBeGreaterThan(5);
  });

  it("for user trial 26's priority-fee area, whose description opens with a phrase and a colon", () => {
    const info = {
      title: "chaindata priority fee API",
      description:
        "Priority fee estimates: the `getPriorityFeeEstimate` JSON-RPC method estimates the priority fee a\ntransaction touching the given accounts should pay to land, at one priority level or at every level.\n`POST /?api-key=<API_KEY>` on the JSON-RPC host.",
    };
    const sentence =
      "Priority fee estimates: the `getPriorityFeeEstimate` JSON-RPC method estimates the priority fee a transaction touching the given accounts should pay to land, at one priority level or at every level.";
    expect(describeArea(info)).toBe(sentence);
    expect(firstReleaseNote(info)).toBe(`First release of the priority fee API. ${sentence}`);
    // (A title's status the sentence does not say marks its phrase, as the title does.)
    expect(describeArea({ ...info, title: "chaindata priority fee API (beta)" })).toBe(
      sentence.replace("estimates:", "estimates (beta):"),
    );
  });

  it("refuses a title that names no area, rather than write ': counts …' (review 35)", () => {
    for (const title of ["", "  ", "chaindata", "Chaindata ", "the", "chaindata the ", undefined]) {
      const info = { title, summary: "Counts of things." };
      const rule = `info.title must name the area (got ${JSON.stringify(title ?? null)})`;
      expect(() => describeArea(info), String(title)).toThrow(rule);
      expect(() => firstReleaseNote(info), String(title)).toThrow(rule);
    }
    // The generator's error names the area whose spec it is.
    const area = { area: "counts", kind: "openrpc", doc: { info: { title: "chaindata" } } };
    const target = mkdtempSync(join(tmpdir(), "chaindata-scaffold-title-"));
    try {
      expect(() => scaffoldFiles([[area]], {}, { repo: root, target })).toThrow(
        'counts: info.title must name the area (got "chaindata")',
      );
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
    // (A title that only starts with the product's name is one.)
    expect(describeArea({ title: "chaindataX API", summary: "Counts of things." })).toBe(
      "ChaindataX API: counts of things.",
    );
  });

  it("for an area whose summary has no colon: the name, then the sentence", () => {
    const info = { title: "chaindata Example API (beta)", summary: "Counts of `a: b` things." };
    expect(describeArea(info)).toBe("Example API (beta): counts of `a: b` things.");
    expect(firstReleaseNote(info)).toBe(
      "First release of the Example API (beta): counts of `a: b` things.",
    );
    expect(describeArea({ title: "DAS API", summary: "Digital Asset Standard methods." })).toBe(
      "DAS API: Digital Asset Standard methods.",
    );
    // A name the area's text writes capitalised inside a sentence keeps its capital (review 35);
    // a common word does not.
    const token = { title: "chaindata Solana token API", summary: "Solana token prices, by mint." };
    expect(describeArea({ ...token, description: "Prices of tokens on Solana, by mint." })).toBe(
      "Solana token API: Solana token prices, by mint.",
    );
    expect(describeArea({ ...token, summary: "Token prices on Solana, by mint." })).toBe(
      "Solana token API: token prices on Solana, by mint.",
    );
  });
});
