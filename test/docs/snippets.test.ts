// Every TypeScript snippet of the docs site compiles and runs: each operation page's examples,
// each area page's quick start and standalone call, and Getting started's, taken from the docs generator itself
// (`typeScriptSnippets`: the functions its pages are made with) and checked against the built
// pages, so no snippet the site shows is left out. Each one
//   1. type-checks as written against the built packages' declarations: one module per snippet
//      under test/docs/.snippets/ (git-ignored), one `tsc` run, strict and with
//      exactOptionalPropertyTypes, like the README check (test/types/readme.test.ts);
//   2. runs against the mock: transpiled with `typescript`'s transpileModule, imported, awaited.
//      It resolves, having called its operation with requests the mock found valid; an example
//      pairing that documents an error rejects with the class the SDK documents for it.
// Running changes one thing in a snippet: each client (or endpoint) factory call gets the mock's `baseUrls`
// on top of the snippet's own options (see `pointAtMock`). The API key the snippets read,
// process.env.CHAINDATA_API_KEY, is a placeholder here, and so is the receivers' WEBHOOK_AUTH.
// The `@solana/kit` page's transaction takes its blockhash from process.env.SOLANA_RPC_URL: here a
// stand-in Solana RPC on loopback (`solanaRpc`), which answers getLatestBlockhash with a fixed
// fake blockhash and nothing else, so the run needs no network and always builds alike.
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  JsonRpcError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from "@chaindata/core";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  buildDocs,
  typeScriptSnippets,
  type TypeScriptSnippet,
} from "../../packages/docs/src/index.mjs";
import {
  CORE_README,
  PAGE_WALKS_SECTION,
  readmeSections,
  TESTING_SECTION,
  // @ts-expect-error — plain ESM module without type declarations
} from "../../packages/docs/src/build.mjs";
// @ts-expect-error — plain ESM module without type declarations
import { pageWalksRecipes, testingRecipes } from "../../packages/docs/src/pages.mjs";
import { useMock } from "../contract/harness.js";
import { diagnosticsBy, tsc } from "../types/tsc.js";

const root = join(import.meta.dirname, "../..");
// Inside the repository, so `@chaindata/*` resolves through the workspace links as for a user.
const dir = join(import.meta.dirname, ".snippets");
const PLACEHOLDER_KEY = "placeholder-not-a-real-key";
/** tsc's record of the last type-check (`--incremental`): outside `dir`, which each run rewrites. */
const TYPE_CHECK_CACHE = join(root, "node_modules/.cache/chaindata-docs-snippets/tsbuildinfo");
/**
 * The setup's time limit, tsc's type-check of every snippet (one program) nearly all of it. It
 * takes 6-9 s of CPU (see the call), but its wall time grows with the machine's load: 24-25 s at a
 * load average of 20-30 on 2 cores alone, past vitest's 60 s in a run of every docs suite at a
 * load average of 14-28 (docs69). 240 s leaves that worst case 4x room, and still ends a tsc that
 * hangs.
 */
const SETUP_TIMEOUT = 240_000;

const snippets = typeScriptSnippets();
/** A module name per snippet: where it is shown, readable in tsc's output. */
const moduleOf = (snippet: TypeScriptSnippet, i: number) =>
  `${String(i).padStart(2, "0")}-${snippet.area}-${snippet.operation ?? "client"}-${snippet.example}`.replace(
    /[^\w-]+/g,
    "_",
  );
// [test name, case]: the name says area, operation, example and page, e.g.
// "das getAsset (programmableNft, das/getAsset.html)".
const cases = snippets.map(
  (snippet, i) =>
    [
      `${snippet.area} ${snippet.operation ?? "(no call)"} (${snippet.example}, ${snippet.page})`,
      { snippet, module: moduleOf(snippet, i) },
    ] as const,
);

const mock = useMock("examples", { clients: false }); // (the snippets make their own clients)

/** A blockhash for the Kit page's transaction: 32 bytes in base58, of no cluster's. */
const FAKE_BLOCKHASH = "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N";
/**
 * The Solana RPC the Kit page's program reads its blockhash from (process.env.SOLANA_RPC_URL): on
 * loopback, answering getLatestBlockhash alone, and recording each method it is asked for.
 */
const solanaRpc = { server: undefined as Server | undefined, url: "", methods: [] as string[] };
let typeErrors = new Map<string, string[]>();

/** A JSON value as a synthesized TypeScript expression (no source positions to print comments from). */
function expressionOf(factory: ts.NodeFactory, value: unknown): ts.Expression {
  if (typeof value === "string") return factory.createStringLiteral(value);
  if (typeof value === "number") return factory.createNumericLiteral(value);
  if (typeof value === "object" && value !== null)
    return factory.createObjectLiteralExpression(
      Object.entries(value).map(([key, v]) =>
        factory.createPropertyAssignment(
          factory.createStringLiteral(key),
          expressionOf(factory, v),
        ),
      ),
    );
  throw new Error(`no literal for ${typeof value}`);
}

type ErrorClass = abstract new (...args: never[]) => Error;
/** The class the SDK throws for an error object answered with an HTTP status (docs: Getting started, "Errors"). */
function documentedClass(httpStatus = 200): ErrorClass {
  if (httpStatus === 200) return JsonRpcError;
  const byStatus: Record<number, ErrorClass> = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    422: UnprocessableEntityError,
    429: RateLimitError,
  };
  return byStatus[httpStatus] ?? (httpStatus >= 500 ? InternalServerError : APIError);
}

/**
 * The client options a snippet runs with on top of its own: the mock for every host and, for an
 * example pairing that documents an error, the mock's hooks that answer with that error as the
 * service does (with the HTTP status x-error-info gives its code), and no retries of it.
 */
function mockOptions(snippet: TypeScriptSnippet, baseUrls: Record<string, string>) {
  if (!snippet.error) return { baseUrls };
  const { code, httpStatus = 200 } = snippet.error;
  const headers =
    httpStatus === 200
      ? { Prefer: "code=200", "X-Mock-JsonRpc-Error": String(code) }
      : { Prefer: `code=${httpStatus}, example=error${code}` };
  return { baseUrls, headers, maxRetries: 0 };
}

/**
 * A transformer that points every client, and every standalone endpoint, at the mock:
 * `createXClient(options)` becomes `createXClient({ ...options, ...overrides })` (see
 * `mockOptions`), and so do `createXRpc` and `createXRest`, when imported from a chaindata package
 * (not Kit's `createSolanaRpc`). Nothing else changes.
 */
function pointAtMock(overrides: object): ts.TransformerFactory<ts.SourceFile> {
  return (context) => {
    const { factory } = context;
    const chaindata = new Set<string>();
    const visit = (node: ts.Node): ts.Node => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        chaindata.has(node.expression.text) &&
        /^create\w+(?:Client|Rpc|Rest)$/.test(node.expression.text)
      ) {
        const options = factory.createObjectLiteralExpression([
          ...node.arguments.map((argument) => factory.createSpreadAssignment(argument)),
          factory.createSpreadAssignment(expressionOf(factory, overrides)),
        ]);
        return factory.updateCallExpression(node, node.expression, node.typeArguments, [options]);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return (source) => {
      for (const statement of source.statements) {
        const bindings = ts.isImportDeclaration(statement) && statement.importClause?.namedBindings;
        if (
          bindings &&
          ts.isNamedImports(bindings) &&
          (statement.moduleSpecifier as ts.StringLiteral).text.startsWith("@chaindata/")
        )
          for (const element of bindings.elements) chaindata.add(element.name.text);
      }
      return ts.visitNode(source, visit) as ts.SourceFile;
    };
  };
}

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [, { snippet, module }] of cases)
    writeFileSync(join(dir, `${module}.ts`), `${snippet.code}\nexport {};\n`);
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      extends: "../../../tsconfig.base.json",
      compilerOptions: { noEmit: true, exactOptionalPropertyTypes: true },
      include: ["*.ts"],
    }),
  );
  // Incremental: tsc keeps, in TYPE_CHECK_CACHE, each file's hash and the diagnostics it found,
  // and checks again only a snippet whose text or any declaration it reads has changed since;
  // the others' diagnostics it reports from there, so a failure shows as without it. (Measured
  // on 2 shared cores, load average 20-30: 8.9 s of CPU and 24-25 s wall from cold, 5.6 s and
  // 17 s with the cache: parsing the ~1,000 declaration files stays.)
  mkdirSync(dirname(TYPE_CHECK_CACHE), { recursive: true });
  typeErrors = diagnosticsBy(
    tsc("-p", dir, "--pretty", "false", "--incremental", "--tsBuildInfoFile", TYPE_CHECK_CACHE),
    (line) => /\.snippets\/([^/]+)\.ts\(/.exec(line)?.[1],
  );
  // Transpiled after the mock is up (useMock's beforeAll runs first): it knows the port.
  for (const [, { snippet, module }] of cases) {
    const { outputText } = ts.transpileModule(snippet.code, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
      transformers: { before: [pointAtMock(mockOptions(snippet, mock.mock.baseUrls))] },
    });
    writeFileSync(join(dir, `${module}.mjs`), outputText);
  }
  vi.stubEnv("CHAINDATA_API_KEY", PLACEHOLDER_KEY);
  // The delivery receivers' secret (webhooks/deliver*Events.html): a handler without one throws.
  vi.stubEnv("WEBHOOK_AUTH", "placeholder-webhook-secret");
  solanaRpc.server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const { id, method } = JSON.parse(body) as { id: unknown; method: string };
      solanaRpc.methods.push(method);
      const answer =
        method === "getLatestBlockhash"
          ? {
              result: {
                context: { slot: 1 },
                value: { blockhash: FAKE_BLOCKHASH, lastValidBlockHeight: 100 },
              },
            }
          : { error: { code: -32601, message: `Method not found: ${method}` } };
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ jsonrpc: "2.0", id, ...answer }));
    });
  });
  await new Promise<void>((listening) => solanaRpc.server!.listen(0, "127.0.0.1", listening));
  solanaRpc.url = `http://127.0.0.1:${(solanaRpc.server.address() as AddressInfo).port}`;
  vi.stubEnv("SOLANA_RPC_URL", solanaRpc.url);
}, SETUP_TIMEOUT);
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((closed) => solanaRpc.server?.close(closed));
  rmSync(dir, { recursive: true, force: true });
});

describe("docs TypeScript snippets", () => {
  it("are every TypeScript block of the built site", () => {
    const out = mkdtempSync(join(tmpdir(), "chaindata-docs-snippets-"));
    try {
      buildDocs({ out });
      const unescape = (html: string) =>
        html
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&amp;/g, "&");
      const shown: string[] = [];
      const walk = (folder: string) => {
        for (const entry of readdirSync(folder, { withFileTypes: true })) {
          const path = join(folder, entry.name);
          if (entry.isDirectory()) walk(path);
          else if (entry.name.endsWith(".html"))
            // Snippet blocks (`<pre data-lang="ts"><code>`) and fenced blocks of the spec's
            // Markdown (`<code data-lang="ts">`).
            for (const match of readFileSync(path, "utf8").matchAll(
              /data-lang="(?:ts|typescript)"><code>([\s\S]*?)<\/code>|<code data-lang="(?:ts|typescript)">([\s\S]*?)<\/code>/g,
            ))
              shown.push(unescape(match[1] ?? match[2]!));
        }
      };
      walk(out);
      expect(shown.length).toBeGreaterThan(0);
      expect(snippets.map((s) => s.code).sort()).toEqual(shown.sort());
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("cover every operation of the spec (one without an example would have none)", () => {
    const called = new Set(snippets.map((s) => `${s.area} ${s.operation}`));
    const index = JSON.parse(readFileSync(join(root, "spec/dist/index.json"), "utf8"));
    const operations: string[] = [];
    for (const { area, file } of index.areas) {
      const doc = JSON.parse(readFileSync(join(root, "spec/dist", file), "utf8"));
      for (const method of doc.methods ?? []) operations.push(`${area} ${method.name}`);
      for (const item of Object.values<any>(doc.paths ?? {}))
        for (const operation of Object.values<any>(item))
          if (operation?.operationId) operations.push(`${area} ${operation.operationId}`);
    }
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.filter((op) => !called.has(op))).toEqual([]);
  });

  it("Getting started's first call runs as the page says, on this Node (20 included), in a fresh project with only the packages installed (user trial 17: node first-call.mts failed on Node 20)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "chaindata-docs-first-call-"));
    const unescape = (html: string) =>
      html
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, "&");
    try {
      buildDocs({ out: join(dir, "site"), localUrl: mock.mock.url });
      const html = readFileSync(join(dir, "site/getting-started.html"), "utf8");
      const blocks = (id: string) =>
        new Map(
          [
            ...new RegExp(`<section id="${id}"[^]*?</section>`)
              .exec(html)![0]
              .matchAll(/<div class="codebox-h"><span>([^<]*)<\/span>[^]*?<code>([^]*?)<\/code>/g),
          ].map((m) => [m[1]!, unescape(m[2]!)]),
        );
      // What step 2 says to save the snippet as, and to run; step 3's snippet runs the same way.
      const file = /save it as <code>([^<]+)<\/code>/.exec(html)?.[1];
      const command = blocks("call").get("shell");
      const code = blocks("local").get("TypeScript (local mock)");
      expect({ file, command }).toEqual({ file: "first-call.mjs", command: "node first-call.mjs" });
      // A project as `npm init -y` makes it ("type": "commonjs"), the packages linked in as
      // `npm install <clone>/packages/core <clone>/packages/das` links them.
      const project = join(dir, "project");
      mkdirSync(join(project, "node_modules/@chaindata"), { recursive: true });
      writeFileSync(
        join(project, "package.json"),
        JSON.stringify({ name: "project", version: "1.0.0", type: "commonjs" }),
      );
      for (const pkg of ["core", "das"])
        symlinkSync(join(root, "packages", pkg), join(project, "node_modules/@chaindata", pkg));
      writeFileSync(join(project, file!), code!);
      const [program, ...args] = command!.split(" ");
      expect(program).toBe("node");
      // (Not spawnSync: the mock answers from this process.)
      const { stdout, stderr } = await promisify(execFile)(process.execPath, args, {
        cwd: project,
      });
      expect(stderr).toBe("");
      expect(stdout).toMatch(/^\{\n {2}last_indexed_slot: \d+,/);
      expect(mock.requests().map((r) => r.rpcMethods)).toEqual([["getAsset"]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("tsc ran", () => {
    expect(typeErrors.get("(tsc)") ?? []).toEqual([]);
  });

  it.each(cases)("%s type-checks", (_name, { module }) => {
    expect(typeErrors.get(module) ?? []).toEqual([]);
  });

  // The Testing page's recipes are test files: testing-guide.test.ts runs them under vitest (as
  // the core README's blocks, which these are: checked here). The Page walks page's are programs
  // that do not run as they stand (a `store` of yours, a method outside the spec):
  // page-walks.test.ts runs the resume recipe with a store of its own.
  const tests = cases.filter(([, { snippet }]) => snippet.runsAs === "vitest");
  const recipes = cases.filter(([, { snippet }]) => snippet.runsAs === "recipe");
  // (The local-mock programs run as shown, below: pointed at the mock by their own options.)
  let builtForMock: TypeScriptSnippet[] | undefined;
  const locals = cases.filter(([, { snippet }]) => snippet.environment === "local");
  const programs = cases.filter(
    ([, { snippet }]) => snippet.runsAs === undefined && snippet.environment !== "local",
  );

  it("the test-file snippets are the core README's testing recipes, which testing-guide.test.ts runs", () => {
    const blocks = testingRecipes({
      testing: readmeSections(CORE_README, TESTING_SECTION).testing,
    });
    expect(tests.map(([, { snippet }]) => snippet.code)).toEqual(blocks);
    expect(tests.length).toBeGreaterThan(0);
    expect(cases.length).toBe(tests.length + recipes.length + programs.length + locals.length);
  });

  it("the snippets not run as programs are the core README's page walks recipes: type-checked here, the resume one run by page-walks.test.ts (user trial 29)", () => {
    const blocks = pageWalksRecipes({
      pageWalks: readmeSections(CORE_README, PAGE_WALKS_SECTION).pageWalks,
    });
    expect(recipes.map(([, { snippet }]) => snippet.code)).toEqual(blocks);
    expect(recipes.map(([, { snippet }]) => snippet.page)).toEqual(
      blocks.map(() => "page-walks.html"),
    );
    // (Each declares what the reader fills in, a store or a page's button, or calls a method the
    // mock does not answer.)
    for (const code of blocks)
      expect(code, code.slice(0, 80)).toMatch(
        /\bdeclare function store\(|\bdeclare const \w+: HTML\w*Element;|rpc\.call\(/,
      );
    expect(blocks.length).toBeGreaterThanOrEqual(2);
  });

  it.each(programs)("%s runs against the mock", async (_name, { snippet, module }) => {
    await runsAgainstMock(snippet, module);
  });

  // Review 65, F8: an operation page showed its examples with your API key only, so running one
  // against `npm start`'s mock meant rewriting the client's options by hand. Each example now has
  // its local-mock program beside it, made for the mock's URL the site is built with.
  it("every request example of an operation page has its local-mock program beside it", () => {
    const onOperationPages = snippets.filter(
      (s) => s.operation && /^[\w-]+\/\w+\.html$/.test(s.page) && !s.page.endsWith("/index.html"),
    );
    const keyed = onOperationPages.filter((s) => s.environment === undefined);
    const local = onOperationPages.filter((s) => s.environment === "local");
    expect(keyed.length).toBeGreaterThan(20);
    expect(local.map((s) => [s.page, s.example])).toEqual(
      keyed.map((s) => [s.page, `${s.example} (local mock)`]),
    );
    for (const [i, s] of local.entries()) {
      expect(s.code, s.page).not.toMatch(/process\.env/);
      expect(s.code, s.page).toMatch(/\(\{ environment: "local"/);
      // (The same program but for the client's options.)
      expect(s.code.replace(/\bcreate\w+Client\([^;]*\);/, ""), s.page).toBe(
        keyed[i]!.code.replace(/\bcreate\w+Client\([^;]*\);/, ""),
      );
    }
  });

  // Built for the mock's URL, as `npm start` builds the site, and run as shown: only an example
  // pairing that documents an error gets the hooks that make the mock answer it (no baseUrls).
  it.each(locals)("%s runs as shown against the mock", async (_name, { snippet, module }) => {
    builtForMock ??= typeScriptSnippets({ localUrl: mock.mock.url });
    const shown = builtForMock[snippets.indexOf(snippet)]!;
    expect([shown.page, shown.example, shown.environment]).toEqual([
      snippet.page,
      snippet.example,
      "local",
    ]);
    expect(shown.code, "the mock's URL in the program").toContain(JSON.stringify(mock.mock.url));
    const { baseUrls: _pointed, ...errorHooks } = mockOptions(shown, {});
    const { outputText } = ts.transpileModule(shown.code, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
      transformers: { before: Object.keys(errorHooks).length ? [pointAtMock(errorHooks)] : [] },
    });
    const file = `${module}-as-shown`;
    writeFileSync(join(dir, `${file}.mjs`), outputText);
    await runsAgainstMock(shown, file);
  });
});

/** Runs a snippet's module from .snippets/ and checks what it sent the mock and printed. */
async function runsAgainstMock(snippet: TypeScriptSnippet, module: string) {
  solanaRpc.methods.length = 0;
  // (The `.all()` loops print every item they walk.)
  const printed = vi.spyOn(console, "log").mockImplementation(() => {});
  let booleans: unknown[];
  const run = import(pathToFileURL(join(dir, `${module}.mjs`)).href);
  try {
    if (snippet.error) {
      const error: any = await run.then(
        () => "resolved",
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(documentedClass(snippet.error.httpStatus));
      const rpcCode = error instanceof JsonRpcError ? error.code : error?.rpcError?.code;
      expect(rpcCode, "the JSON-RPC error code").toBe(snippet.error.code);
    } else {
      // A Worker's module (Bun, Deno, Workers, browsers) calls from its fetch handler, with
      // the key from the Worker's env.
      const module: { default?: { fetch?: (request: Request, env: object) => unknown } } =
        await run;
      if (typeof module.default?.fetch === "function")
        await module.default.fetch(new Request("http://127.0.0.1/"), {
          CHAINDATA_API_KEY: PLACEHOLDER_KEY,
        });
    }
    booleans = printed.mock.calls.flat().filter((value) => typeof value === "boolean");
    // A program that calls and prints shows its reader something when run against the mock: a
    // walk over an example's empty last page printed nothing, and read as a snippet that does not
    // work. (A receiver prints the events it is sent: none here.)
    if (snippet.operation && !snippet.error && snippet.code.includes("console.log("))
      expect(printed.mock.calls.length, "the lines it printed").toBeGreaterThan(0);
  } finally {
    printed.mockRestore();
  }
  // What a snippet says it prints (`console.log(…); // true: …`) is what it printed.
  const said = [...snippet.code.matchAll(/^console\.log\(.*\); \/\/ (true|false)\b/gm)];
  if (said.length)
    expect(booleans, "the booleans it printed").toEqual(said.map((m) => m[1] === "true"));
  // (Only the Kit page's transaction asks the stand-in Solana RPC, for its blockhash.)
  expect(solanaRpc.methods, "methods asked of the stand-in Solana RPC").toEqual(
    snippet.code.includes("getLatestBlockhash(") ? ["getLatestBlockhash"] : [],
  );
  const requests = mock.requests();
  expect(
    requests.filter((r) => r.violations.length),
    "requests the mock found invalid",
  ).toEqual([]);
  if (snippet.operation)
    expect(
      requests.some(
        (r) => r.operationId === snippet.operation || r.rpcMethods?.includes(snippet.operation!),
      ),
      `a request for ${snippet.operation} (sent: ${requests.map((r) => r.operationId ?? r.rpcMethods).join(", ")})`,
    ).toBe(true);
  else expect(requests, "a snippet without a call sends nothing").toEqual([]);
}
