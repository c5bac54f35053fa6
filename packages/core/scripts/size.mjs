// What a browser app pays for the JSON-RPC client: a program that defines one descriptor and
// makes one call, bundled and minified by esbuild from the built dist, then gzipped (level 9).
// Run `npm run build` first.
//
//   node scripts/size.mjs              sizes
//   node scripts/size.mjs --breakdown  also: what each module adds (bundle without it, from src)
//   node scripts/size.mjs --print      also: print the json-rpc bundle
//   node scripts/size.mjs --pieces     also: what each piece of the DAS getAsset program costs
//                                      (the table of decision 0008)
//   node scripts/size.mjs --text       also: what the message text of that program costs
import { build, transform } from "esbuild";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import ts from "typescript";
// (The budgets' esbuild options, so that these figures and test/size's agree. Not published: core's
// `files` holds dist and src only.)
import { browserBundle } from "../../../bench/lib/programs.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const call = `
  const rpc = createJsonRpcClient({ apiKey: 'k' }, rpcHost, '/');
  rpc.call(getAsset, { id: 'x' }).then(console.log);`;
const programs = {
  "json-rpc call": `import { createJsonRpcClient, rpcHost } from '@chaindata/core';
    const getAsset = { id: 'getAsset', idempotent: true, u64: { supply: 1 } };${call}`,
  "json-rpc call + params check": `import { createJsonRpcClient, rpcHost, vObject, vString } from '@chaindata/core';
    const getAsset = { id: 'getAsset', idempotent: true,
      params: vObject({ id: vString(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/u) }, ['id'], false) };${call}`,
  "parseJson only": `import { parseJson } from '@chaindata/core'; console.log(parseJson('1'));`,
  everything: `export * from '@chaindata/core';`,
};

/** The names of the classes declared in src/errors.ts. */
function errorClasses() {
  const path = `${root}src/errors.ts`;
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest);
  return source.statements.filter(ts.isClassDeclaration).map((node) => node.name.text);
}

/** Bundles `contents`; `stub` replaces src modules by name (for --breakdown). */
async function size(contents, { fromSource = false, stub = {} } = {}) {
  const result = await build({
    ...browserBundle(contents, "program.mjs", root),
    alias: { "@chaindata/core": fromSource ? "./src/index.ts" : "./dist/index.js" },
    plugins: [
      {
        name: "stub",
        setup(b) {
          b.onLoad({ filter: /[/\\]src[/\\].*\.ts$/ }, ({ path }) => {
            const name = Object.keys(stub).find((n) =>
              path.replace(/\\/g, "/").endsWith(`/src/${n}.ts`),
            );
            return name ? { contents: stub[name], loader: "ts" } : undefined;
          });
        },
      },
    ],
  });
  const code = result.outputFiles[0].contents;
  return { code, min: code.length, gz: gzipSync(code, { level: 9 }).length };
}

for (const [name, contents] of Object.entries(programs)) {
  const { code, min, gz } = await size(contents);
  console.log(
    `${name.padEnd(32)} ${String(min).padStart(6)} B min  ${String(gz).padStart(5)} B min+gz`,
  );
  if (process.argv.includes("--print") && name === "json-rpc call")
    console.log(new TextDecoder().decode(code));
}

if (process.argv.includes("--breakdown")) {
  // Each module replaced by a do-nothing stand-in: the difference is what it costs.
  const stubs = {
    // (errorOfIssues, madeWhole: check-params.ts and paginate.ts import them, unreached by the
    // program.)
    validate: `export const validate = () => {}, runCheck = () => {}, vObject = () => {}, vString = () => {}, errorOfIssues = () => {}, refusal = () => {}, madeWhole = () => {}`,
    "rate-limit": `export const createRateLimiter = () => ({ acquire: async () => {} })`,
    deprecation: `export const warnDeprecated = () => {}`,
    redact: `export const createRedactor = () => (s) => String(s), scrub = (v) => v, credentialsIn = () => [], isSecretName = () => false, urlCredentialsIn = () => []`,
    json: `export const parseJson = JSON.parse, stringifyJson = JSON.stringify, jsonText = JSON.stringify, reviveU64 = (v) => v, reviveParsed = (v) => v, looksTruncated = () => false`,
    batch: `export const createBatcher = () => {}`,
    retry: `export const retryDelay = () => 1, parseRetryAfter = () => undefined, MAX_RETRY_AFTER_MS = 6e4, retryableStatus = (s) => s > 407`,
    errors: `class E extends Error {} export { E as ChainDataError, E as ConfigurationError, E as ValidationError, E as APIError, E as JsonRpcError, E as ConnectionError, E as TimeoutError, E as AbortError, E as InvalidResponseError }; export const makeAPIError = (m) => new E(m), ofOperation = (e) => e, refusedToSend = () => false`,
    "generated/environments": `export const rpcHost = { name: 'rpc', urls: { mainnet: 'x' }, placeKey: (url) => url }, hostNames = ['rpc']`,
  };
  const program = programs["json-rpc call + params check"];
  const { gz: all } = await size(program, { fromSource: true });
  console.log(`\nbreakdown of "json-rpc call + params check" (${all} B gz from src):`);
  for (const [name, contents] of Object.entries(stubs)) {
    const { gz } = await size(program, { fromSource: true, stub: { [name]: contents } });
    console.log(`  ${name.padEnd(24)} ${String(all - gz).padStart(5)} B gz`);
  }
  const { gz: rest } = await size(program, { fromSource: true, stub: stubs });
  console.log(
    `  ${"http + json-rpc + config".padEnd(24)} ${String(rest).padStart(5)} B gz (everything above stubbed)`,
  );
}

if (process.argv.includes("--pieces")) {
  // The standalone DAS getAsset program of the size budgets, bundled from src without minifying;
  // each piece (a group of top-level declarations, or of the engine's inner ones) is cut out of
  // that text at once, and the rest minified and gzipped: the difference is what the piece costs.
  // Pieces share gzip's window, so the costs overlap and do not add up to the whole.
  const pieces = {
    "send loop: headers, key, fetch, timeout and abort race, retries, log lines": [
      "createHttp.send",
      "race",
      "watchAbort",
      "watched",
      "addHeaders",
      "createHttp.log",
      "createHttp.quietly",
      "createHttp.failedHooks",
      "connectionError",
      "sanitize",
      "retryDelay",
      "refusedToSend",
      "finishCallError",
      "takeStack",
    ],
    "option checks: client options, environment and baseUrls, per-call options": [
      "resolveConfig",
      "resolveBaseUrl",
      "urlFault",
      "checkRequestOptions",
      "checkLimits",
      "requireMadeBy",
      "knownOptions",
      "unknownNameHint",
      "CLIENT_OPTIONS",
      "REQUEST_OPTIONS",
      "hostNames",
      "messageValue",
      "typeOf",
    ],
    "JSON-RPC call and answer checks": ["createJsonRpcClient"],
    "API errors and response decoding": [
      "apiError",
      "keyHint",
      "notRetriedNote",
      "decodeJson",
      "invalidResponse",
      "responseFieldsOf",
      "parseRetryAfter",
      "decodeUtf8",
      "byStatus",
      "makeAPIError",
      "looksTruncated",
    ],
    // (writeJson, the request written as JSON: internal/write-json.ts.)
    "lossless JSON": ["parseJson", "jsonText", "reviveParsed", "leaf", "writeJson"],
    validation: [
      ...["vObject", "vString", "vBoolean", "runCheck", "add", "kind", "show", "typed"],
      ...["vBase58Bytes", "base58Hex", "BASE58"], // (an address's bytes counted: x-base58-bytes)
    ],
    "redaction of the key": [
      "createRedactor",
      "anyForm",
      "secretPattern",
      "scrub",
      "MASK",
      "QUERY",
      "HEADER",
      "hex",
      "HTML_NAMED",
      "SECRET_NAME",
      "createHttp.redactWith",
    ],
    // Every class errors.ts declares (a new one is counted without an edit here).
    "the error classes": errorClasses(),
    "getAsset's descriptor and the rpc host": [
      "getAsset",
      "PATTERN_1",
      "rpcHost",
      "keyInQuery",
      "appendQuery",
    ],
  };
  const program = `import { createDasRpc, getAsset } from '@chaindata/das';
    getAsset(createDasRpc({ apiKey: 'k' }), { id: 'x' }).then(console.log);`;
  const result = await build({
    ...browserBundle(program, "program.mjs", root),
    // (Minified after each cut, below: unminified, the declarations can be found by name.)
    minify: false,
    alias: { "@chaindata/core": "./src/index.ts", "@chaindata/das": "../das/src/index.ts" },
  });
  const text = result.outputFiles[0].text;
  const gz = async (code) =>
    gzipSync((await transform(code, { minify: true, format: "esm" })).code, { level: 9 }).length;
  // Declarations by name: top level, and inside createHttp (the engine's closures). A name that
  // esbuild had to rename (`getAsset2`) is found under its source name too.
  const declared = new Map();
  const nameOf = (node) =>
    node.name?.text ?? node.declarationList?.declarations[0]?.name.getText(file);
  const file = ts.createSourceFile("bundle.js", text, ts.ScriptTarget.Latest, true);
  for (const node of file.statements) {
    const name = nameOf(node);
    if (!name) continue;
    declared.set(name, node);
    if (!declared.has(name.replace(/\d+$/, ""))) declared.set(name.replace(/\d+$/, ""), node);
    // (The engine is an arrow function, `var createHttp = (…) => {…}`: its body's statements.)
    if (name === "createHttp")
      for (const inner of node.declarationList.declarations[0].initializer.body.statements) {
        const innerName = nameOf(inner);
        if (innerName) declared.set(`createHttp.${innerName.replace(/\d+$/, "")}`, inner);
      }
  }
  const whole = await gz(text);
  console.log(`\npieces of the DAS getAsset standalone program (${whole} B gz from src):`);
  for (const [piece, names] of Object.entries(pieces)) {
    const missing = names.filter((name) => !declared.has(name));
    // (A renamed or removed declaration must be noticed, not measured as costing nothing.)
    if (missing.length)
      throw new Error(`--pieces: "${piece}": no declaration ${missing.join(", ")}`);
    const nodes = names.map((name) => declared.get(name)).sort((a, b) => b.pos - a.pos);
    let cut = text;
    for (const node of nodes) cut = cut.slice(0, node.getFullStart()) + cut.slice(node.end);
    console.log(`  ${piece.padEnd(78)} ${String(whole - (await gz(cut))).padStart(5)} B gz`);
  }
}

if (process.argv.includes("--text")) {
  // The standalone DAS getAsset program, bundled with the budgets' options, then every string and
  // template part that holds a space (the prose of messages, hints and log lines; no code token has
  // one) emptied: the difference is what the words cost, and the rest is what no rewording can
  // save.
  const program = `import { createDasRpc, getAsset } from '@chaindata/das';
    getAsset(createDasRpc({ apiKey: 'k' }), { id: 'x' }).then(console.log);`;
  const result = await build({
    ...browserBundle(program, "program.mjs", root),
    alias: { "@chaindata/core": "./dist/index.js", "@chaindata/das": "../das/dist/index.js" },
  });
  const text = result.outputFiles[0].text;
  const file = ts.createSourceFile("bundle.js", text, ts.ScriptTarget.Latest, true);
  const prose = []; // [start, end] of the text inside each literal or template part
  const visit = (node) => {
    const k = ts.SyntaxKind;
    const open = {
      [k.StringLiteral]: 1,
      [k.NoSubstitutionTemplateLiteral]: 1,
      [k.TemplateHead]: 1,
      [k.TemplateMiddle]: 1,
      [k.TemplateTail]: 1,
    }[node.kind];
    const close = { [k.TemplateHead]: 2, [k.TemplateMiddle]: 2 }[node.kind] ?? 1;
    if (open && /\s/.test(node.text)) prose.push([node.getStart() + open, node.end - close]);
    ts.forEachChild(node, visit);
  };
  visit(file);
  let bare = text;
  for (const [start, end] of prose.sort((a, b) => b[0] - a[0]))
    bare = bare.slice(0, start) + bare.slice(end);
  const gz = (code) => gzipSync(code, { level: 9 }).length;
  const chars = prose.reduce((sum, [start, end]) => sum + end - start, 0);
  console.log(`\nmessage text of the DAS getAsset standalone program (${gz(text)} B gz):`);
  console.log(`  ${prose.length} literals with a space, ${chars} of ${text.length} characters`);
  console.log(
    `  without their text: ${gz(bare)} B gz (the words cost ${gz(text) - gz(bare)} B gz)`,
  );
}
