// Packs every published package (`npm pack`), installs each area's tarball with only
// the tarballs it needs (core, and for sdk every area) into an empty temporary folder,
// and calls one operation through both `import` and `require` against a loopback stub.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { pascal } from "../../scripts/generate/lib/schema.mjs";
import { isTextResponse, operations } from "../contract/spec.js";
import { packPublished, publishedPackages } from "./published.js";

const run = promisify(execFile);
const root = new URL("../..", import.meta.url).pathname;
const ADDRESS = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";
const OWNER = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";

interface Smoke {
  factory: string;
  call: string;
  expect: string;
  needs?: string[];
  /** A derived call's answer: the stub sends `text` to a request `matches` (below). */
  answer?: { matches: (method: string, url: string, rpcMethod?: string) => boolean; text: string };
}

// What each package's smoke program calls, and what it must print. An area package not named here
// gets one derived from the spec (`derived` below).
const handWritten: Record<string, Smoke> = {
  das: {
    factory: "createDasClient",
    call: `c.getAsset({ id: "${ADDRESS}" }).then((r) => r.id)`,
    expect: ADDRESS,
  },
  compression: {
    factory: "createCompressionClient",
    call: `c.getCompressedBalanceByOwner({ owner: "${OWNER}" }).then((r) => typeof r.value + " " + r.value)`,
    expect: "bigint 18446744073709551615",
  },
  sender: {
    factory: "createSenderClient",
    // (The smallest signed transaction, base64: the sender checks its layout.)
    call: `c.sendTransaction({ transaction: btoa(String.fromCharCode(1, ...Array(64).fill(9), 1, 0, 0, 1, ...Array(65).fill(0))), config: { encoding: "base64" } })`,
    expect: "sig",
  },
  mint: {
    factory: "createMintClient",
    call: `c.mintCompressedNft({ name: "N", symbol: "S", description: "D", owner: "${OWNER}" }).then((r) => r.assetId)`,
    expect: ADDRESS,
  },
  wallet: {
    factory: "createWalletClient",
    call: `c.getBalances({ wallet: "${OWNER}" }).then((r) => r.pagination.hasMore)`,
    expect: "false",
  },
  admin: {
    factory: "createAdminClient",
    call: `c.getProjectUsage({ id: "my-project" }).then((r) => r.creditsUsed)`,
    expect: "42",
  },
  webhooks: {
    factory: "createWebhooksClient",
    call: `c.listWebhooks().then((r) => r.length)`,
    expect: "0",
  },
  "token-metadata": {
    factory: "createTokenMetadataClient",
    call: `c.getTokenMetadata({ mintAccounts: ["${ADDRESS}"] }).then((r) => r.length)`,
    expect: "0",
  },
  sdk: {
    factory: "createChainDataClient",
    call: `c.das.getAsset({ id: "${ADDRESS}" }).then((r) => r.id)`,
    expect: ADDRESS,
    // Every area package the sdk depends on (a new area's is added by `npm run generate`).
    needs: Object.keys(
      JSON.parse(readFileSync(join(root, "packages/sdk/package.json"), "utf8")).dependencies,
    )
      .filter((name) => name.startsWith("@chaindata/") && name !== "@chaindata/core")
      .map((name) => name.slice("@chaindata/".length)),
  },
};

/** Numbers and bigints as their digits: a u64 revived to a bigint prints as the wire had it. */
const PRINT = `(r) => JSON.stringify(r, (k, v) => (typeof v === "bigint" || typeof v === "number" ? String(v) : v))`;
const print = (value: unknown) =>
  JSON.stringify(value, (_k, v) =>
    typeof v === "bigint" || typeof v === "number" ? String(v) : v,
  );

/**
 * The smoke call of an area package without a hand-written one: its first operation that answers
 * JSON, with its first spec example as input, answered with its first response example, which the
 * program must print back (u64 fields as their digits).
 */
function derived(area: string): Smoke | undefined {
  const op = operations.find((o) => o.area === area && !isTextResponse(o));
  if (!op) return undefined;
  const result =
    op.kind === "openrpc"
      ? op.method.examples?.[0]?.result?.value
      : (() => {
          const status = Object.keys(op.op.responses).find((s) => /^2\d\d$/.test(s))!;
          const media = op.op.responses[status].content?.["application/json"];
          const example = media?.examples && Object.values<any>(media.examples)[0];
          return example?.value;
        })();
  const path = op.path
    ? new RegExp(`^${op.path.replace(/\{[^}]+\}/g, "[^/?]+")}(?:\\?|$)`)
    : undefined;
  return {
    factory: `create${pascal(area)}Client`,
    call: `c.${op.id}(${op.input === undefined ? "" : JSON.stringify(op.input)}).then(${PRINT})`,
    expect: print(result),
    answer: {
      matches: (method, url, rpcMethod) =>
        op.kind === "openrpc"
          ? rpcMethod === op.id
          : method === op.verb!.toUpperCase() && path!.test(url),
      text: JSON.stringify(result),
    },
  };
}

const calls: Record<string, Smoke> = { ...handWritten };
for (const dir of publishedPackages)
  if (!(dir in calls) && dir !== "core" && dir !== "mock") {
    const smoke = derived(dir);
    if (smoke) calls[dir] = smoke;
  }

it("has a call for every published package but core and the mock", () => {
  const missing = publishedPackages.filter(
    (dir) => dir !== "core" && dir !== "mock" && !(dir in calls),
  );
  expect(
    missing,
    `test/packaging/smoke.test.ts: \`handWritten\` has no entry for ${missing.join(", ")} (not an area of the spec, so no call is derived): add \`"${missing[0]}": { factory, call, expect }\`, the call its smoke program makes, answered by stub() below`,
  ).toEqual([]);
});

it("derives a call for an area package left out of `handWritten`, answered with its spec example", () => {
  const admin = derived("admin")!;
  expect(admin.call).toMatch(/^c\.getProjectUsage\(\{"id":"[^"]+"\}\)\.then\(/);
  expect(admin.expect).toContain('"creditsUsed":"23456789"');
  expect(admin.answer!.matches("GET", "/v0/admin/projects/p/usage?api-key=k", undefined)).toBe(
    true,
  );
  expect(admin.answer!.matches("GET", "/v0/admin/projects/p/other", undefined)).toBe(false);
  const das = derived("das")!;
  expect(das.answer!.matches("POST", "/?api-key=k", "getAsset")).toBe(true);
  expect(das.answer!.matches("POST", "/?api-key=k", "getAssetBatch")).toBe(false);
});

function stub(): Server {
  return createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      const rpc = req.method === "POST" && body.startsWith("{") ? JSON.parse(body) : undefined;
      const smoke = Object.values(calls).find(({ answer }) =>
        answer?.matches(req.method!, req.url!, rpc?.method),
      );
      if (smoke?.answer)
        return res.end(
          rpc?.jsonrpc
            ? `{"jsonrpc":"2.0","id":${JSON.stringify(rpc.id)},"result":${smoke.answer.text}}`
            : smoke.answer.text,
        );
      if (req.method === "POST" && (req.url?.startsWith("/?") || req.url?.startsWith("/fast"))) {
        const { id, method } = JSON.parse(body);
        const results: Record<string, string> = {
          getAsset: `{"interface":"V1_NFT","id":"${ADDRESS}"}`,
          getCompressedBalanceByOwner: `{"context":{"slot":1},"value":18446744073709551615}`,
          sendTransaction: `"sig"`,
          mintCompressedNft: `{"signature":"sig","minted":true,"assetId":"${ADDRESS}"}`,
        };
        return res.end(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${results[method]}}`);
      }
      if (req.url?.startsWith("/v1/wallet/"))
        return res.end(
          `{"balances":[],"totalUsdValue":0,"pagination":{"page":1,"limit":100,"hasMore":false}}`,
        );
      if (req.url?.startsWith("/v0/admin/"))
        return res.end(
          `{"creditsRemaining":1,"creditsUsed":42,"prepaidCreditsRemaining":0,"prepaidCreditsUsed":0,"usage":{}}`,
        );
      return res.end("[]");
    });
  });
}

/** The options of every smoke program's client: each host the loopback stub. */
const clientOptions = () =>
  `{ apiKey: "smoke-key", environment: "local", baseUrls: { rpc: "${url}", sender: "${url}", wallet: "${url}", admin: "${url}", api: "${url}" } }`;

/**
 * Writes `area`'s smoke program into `dir` twice, one `import`ing the package and one `require`-ing
 * it, runs each, and checks that it prints what its call must.
 */
async function callFromImportAndRequire(dir: string, area: string) {
  const spec = calls[area]!;
  const program = (load: string) =>
    `${load}\nconst c = ${spec.factory}(${clientOptions()});\n${spec.call}.then((v) => console.log(String(v)), (e) => { console.error(e); process.exit(1); });\n`;
  writeFileSync(
    join(dir, "esm.mjs"),
    program(`import { ${spec.factory} } from "@chaindata/${area}";`),
  );
  writeFileSync(
    join(dir, "cjs.cjs"),
    program(`const { ${spec.factory} } = require("@chaindata/${area}");`),
  );
  for (const file of ["esm.mjs", "cjs.cjs"]) {
    const { stdout } = await run(process.execPath, ["--no-deprecation", file], { cwd: dir });
    expect(stdout.trim(), `${area} ${file}`).toBe(spec.expect);
  }
}

const tarballs: Record<string, string> = {};
let server: Server;
let url = "";
let mockGroup: ChildProcess | undefined;
const work = mkdtempSync(join(tmpdir(), "chaindata-smoke-"));

beforeAll(async () => {
  server = stub();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const packDir = join(work, "tarballs");
  mkdirSync(packDir);
  // (Every package a smoke program installs: the sdk's needs name each area it depends on.)
  const packed = new Set([
    "core",
    ...Object.values(calls).flatMap((c) => c.needs ?? []),
    ...Object.keys(calls),
    "mock",
  ]);
  // (One npm run packs them all: published.ts.)
  for (const [dir, { tarball }] of Object.entries(
    packPublished([...packed], { destination: packDir }),
  ))
    tarballs[dir] = tarball!;
}, 120_000);

afterAll(() => {
  // (A mock the test below left running, with the npx and shell above it: their process group.)
  if (mockGroup?.exitCode === null && mockGroup.signalCode === null)
    process.kill(-mockGroup.pid!, "SIGKILL");
  server?.close();
  // (The mock's install is 124 packages: its removal took over a minute on a loaded machine.)
  rmSync(work, { recursive: true, force: true });
}, 120_000);

describe.each(Object.keys(calls))("@chaindata/%s from its tarball", (area) => {
  it("installs alone and works from import and require", async () => {
    const spec = calls[area]!;
    const dir = join(work, area);
    mkdirSync(dir);
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({ name: `smoke-${area}`, private: true }),
    );
    const needed = ["core", ...(spec.needs ?? []), area].map((d) => tarballs[d]!);
    await run(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", ...needed],
      { cwd: dir },
    );
    expect(readdirSync(join(dir, "node_modules", "@chaindata")).sort()).toEqual(
      ["core", ...(spec.needs ?? []), area].sort(),
    );
    const options = clientOptions();
    await callFromImportAndRequire(dir, area);
    // An area's tool schemas (`./tool-schemas`, docs/decisions/0020): one tool per operation of
    // the spec, from `import` and `require`, and their types under node16 ESM, CJS and node10.
    // The sdk's: every area's (sorted: it lists them area by area), each with its client member.
    const all = area === "sdk";
    const tools = operations.filter((o) => all || o.area === area).map((o) => o.id);
    if (all) tools.sort();
    if (tools.length) {
      const subpath = `@chaindata/${area}/tool-schemas`;
      const list = `Object.values(toolSchemas).map((t) => t.name + ":" + t.inputSchema.type)${all ? ".sort()" : ""}.join(",")`;
      writeFileSync(
        join(dir, "tools.mjs"),
        `import { toolSchemas } from "${subpath}";\nconsole.log(${list});\n`,
      );
      writeFileSync(
        join(dir, "tools.cjs"),
        `const { toolSchemas } = require("${subpath}");\nconsole.log(${list});\n`,
      );
      for (const file of ["tools.mjs", "tools.cjs"]) {
        const { stdout } = await run(process.execPath, ["--no-deprecation", file], { cwd: dir });
        expect(stdout.trim(), `${area} ${file}`).toBe(tools.map((t) => `${t}:object`).join(","));
      }
      const first = all ? "getAsset" : tools[0]!;
      // (The sdk's module has no `<name>Tool` of its own: its record, and each tool's area.)
      const typed = (load: string) =>
        all
          ? `${load}\nexport const name: "${first}" = toolSchemas.${first}.name;\nexport const area: "das" = toolAreas.${first};\n`
          : `${load}\nexport const name: "${first}" = toolSchemas.${first}.name;\nexport const tool: typeof ${first}Tool = toolSchemas.${first};\n`;
      const named = all ? "toolSchemas, toolAreas" : `toolSchemas, ${first}Tool`;
      writeFileSync(join(dir, "tools-esm.mts"), typed(`import { ${named} } from "${subpath}";`));
      writeFileSync(
        join(dir, "tools-cjs.cts"),
        typed(
          all
            ? `import tools = require("${subpath}");\nconst { toolSchemas, toolAreas } = tools;`
            : `import tools = require("${subpath}");\nconst { toolSchemas } = tools;\ntype ${first}Tool = typeof tools.${first}Tool;\ndeclare const ${first}Tool: ${first}Tool;`,
        ),
      );
      writeFileSync(join(dir, "tools-node10.ts"), typed(`import { ${named} } from "${subpath}";`));
      const tsc = [
        join(root, "node_modules/typescript/bin/tsc"),
        "--noEmit",
        "--strict",
        "--skipLibCheck",
        "false",
      ];
      await run(
        process.execPath,
        [...tsc, "--module", "nodenext", "tools-esm.mts", "tools-cjs.cts"],
        { cwd: dir },
      ).catch((e) => {
        throw new Error(`${area}: tsc (nodenext) failed: ${e.stdout}${e.stderr}`);
      });
      await run(
        process.execPath,
        [...tsc, "--module", "commonjs", "--moduleResolution", "node10", "tools-node10.ts"],
        { cwd: dir },
      ).catch((e) => {
        throw new Error(`${area}: tsc (node10) failed: ${e.stdout}${e.stderr}`);
      });
    }
    if (area === "das") {
      // One process loading both builds (an ESM app with a CommonJS dependency): an error thrown
      // through either is an instance of the classes loaded the other way.
      writeFileSync(
        join(dir, "mixed.mjs"),
        `import { createRequire } from "node:module";
import { createDasRpc, getAsset, ValidationError, ChainDataError } from "@chaindata/das";
const required = createRequire(import.meta.url);
const cjsCore = required("@chaindata/core");
const cjsDas = required("@chaindata/das");
const fromEsm = await getAsset(createDasRpc(${options}), { id: "x" }).catch((e) => e);
const fromCjs = await cjsDas.getAsset(cjsDas.createDasRpc(${options}), { id: "x" }).catch((e) => e);
const builds = [import.meta.resolve("@chaindata/core"), required.resolve("@chaindata/core")];
console.log(builds.map((file) => file.split("@chaindata/core/")[1]).join(" "));
console.log([fromEsm instanceof cjsCore.ValidationError, fromEsm instanceof cjsCore.ChainDataError, fromCjs instanceof ValidationError, fromCjs instanceof ChainDataError, cjsCore.ValidationError === ValidationError].join(" "));
`,
      );
      // Node 20.19 and later match `module-sync`: `import` and `require` both load core's ESM
      // build (required as ESM), which Node loads in a third of the time it takes to `import` the
      // CommonJS build. Where nothing matches it (Bun; Node without require(esm), as
      // `--no-experimental-require-module` makes it), `import` gets the wrapper of the CommonJS
      // build that `require` gets: one copy either way.
      for (const [flags, builds] of [
        [[], "dist/index.js dist/index.js"],
        [["--no-experimental-require-module"], "dist/index.node.mjs dist/index.cjs"],
      ] as const) {
        const { stdout } = await run(
          process.execPath,
          ["--no-deprecation", ...flags, "mixed.mjs"],
          { cwd: dir },
        );
        expect(stdout.trim(), flags.join(" ") || "Node's defaults").toBe(
          `${builds}\ntrue true true true true`,
        );
      }

      // The same app bundled: a bundler resolves `require` to the `require` condition unless a
      // `module` condition names one build for both ways, and the bundle then held two copies of
      // core (and of das), whose classes failed `instanceof` against each other. Core's exports map
      // names `module` first, so a bundle for a browser and one for Node alike hold its ESM build
      // once, whether das and core are required (the CommonJS dependency) or imported (the app).
      writeFileSync(
        join(dir, "dependency.cjs"),
        `module.exports = { core: require("@chaindata/core"), das: require("@chaindata/das") };\n`,
      );
      writeFileSync(
        join(dir, "bundled-app.mjs"),
        `import dependency from "./dependency.cjs";
import { createDasRpc, getAsset, ValidationError, ChainDataError } from "@chaindata/das";
import * as core from "@chaindata/core";
const fromEsm = await getAsset(createDasRpc(${options}), { id: "x" }).catch((e) => e);
const fromCjs = await dependency.das.getAsset(dependency.das.createDasRpc(${options}), { id: "x" }).catch((e) => e);
console.log([fromEsm instanceof dependency.core.ValidationError, fromEsm instanceof dependency.core.ChainDataError, fromCjs instanceof ValidationError, fromCjs instanceof ChainDataError, dependency.core.ValidationError === ValidationError, dependency.das.getAsset === getAsset, fromCjs instanceof core.ValidationError, core.ChainDataError === dependency.core.ChainDataError].join(" "));
`,
      );
      /** The files of `pkg` in a bundle, as its metafile names them. */
      const bundled = (metafile: Metafile, pkg: string) =>
        Object.keys(metafile.inputs)
          .filter((input) => input.includes(`node_modules/@chaindata/${pkg}/`))
          .map((input) => input.replace(/^.*node_modules\/@chaindata\//, ""));
      for (const platform of ["browser", "node"] as const) {
        const outfile = join(dir, `bundled-${platform}.mjs`);
        const { warnings, metafile } = await build({
          entryPoints: [join(dir, "bundled-app.mjs")],
          absWorkingDir: dir,
          bundle: true,
          format: "esm",
          platform,
          outfile,
          metafile: true,
          logLevel: "silent",
        });
        expect(warnings, platform).toEqual([]);
        // One copy of each: core's ESM build (for Node too: with `node` before `module`, the Node
        // bundle held core's CommonJS build and its import wrapper, which do not tree-shake).
        expect(bundled(metafile, "core"), `core bundled for ${platform}`).toEqual([
          "core/dist/index.js",
        ]);
        expect(bundled(metafile, "das"), `das bundled for ${platform}`).toEqual([
          "das/dist/index.js",
        ]);
        const { stdout } = await run(process.execPath, ["--no-deprecation", outfile], { cwd: dir });
        expect(stdout.trim(), `bundled for ${platform}`).toBe(
          "true true true true true true true true",
        );
      }

      // A getAsset program bundled for Node (esbuild --platform=node, as AWS Lambda, CDK
      // NodejsFunction and SST bundle one) tree-shakes as a browser bundle does: within a few
      // hundred bytes (it was 15.8 kB gzipped against 9.1 kB when it took core's CommonJS build).
      writeFileSync(
        join(dir, "get-asset.mjs"),
        `import { createDasRpc, getAsset } from "@chaindata/das";
getAsset(createDasRpc({ apiKey: "k" }), { id: "${ADDRESS}" }).then(console.log);
`,
      );
      const sizes: Record<string, number> = {};
      for (const [platform, format] of [
        ["browser", "esm"],
        ["node", "esm"],
        ["node", "cjs"],
      ] as const) {
        const { outputFiles, metafile } = await build({
          entryPoints: [join(dir, "get-asset.mjs")],
          absWorkingDir: dir,
          bundle: true,
          minify: true,
          format,
          platform,
          write: false,
          metafile: true,
          logLevel: "silent",
        });
        expect(bundled(metafile, "core"), `getAsset for ${platform} (${format})`).toEqual([
          "core/dist/index.js",
        ]);
        sizes[`${platform} ${format}`] = gzipSync(outputFiles[0]!.contents, { level: 9 }).length;
      }
      for (const node of ["node esm", "node cjs"])
        expect(
          Math.abs(sizes[node]! - sizes["browser esm"]!),
          `getAsset gzipped: ${JSON.stringify(sizes)}`,
        ).toBeLessThanOrEqual(300);
    }
  }, 120_000);
});

// The same programs under pnpm (the root's devDependency, pinned), whose node_modules is strict:
// `hoist: false` lets each package see only what it declares, so a dependency a package uses
// without declaring it (which npm's flat tree hides) fails here, and the project sees only the
// packages it depends on (not core). One project for every package: one install (pnpm's start-up
// is most of one). Core, a dependency of each, not on the registry yet, and the areas the sdk depends
// on are mapped to their tarballs by `overrides` in pnpm-workspace.yaml (where pnpm 10 reads them,
// and pnpm 12 only there: 12.26.0 reads no "pnpm" field of package.json).
it("every package installs under pnpm with what it declares, and works from import and require", async () => {
  const dir = join(work, "pnpm");
  mkdirSync(dir);
  const areas = Object.keys(calls);
  const tarball = (d: string) => JSON.stringify(`file:${tarballs[d]}`);
  const dependencies = areas.map((d) => `"@chaindata/${d}": ${tarball(d)}`);
  writeFileSync(
    join(dir, "package.json"),
    `{ "name": "smoke-pnpm", "private": true, "dependencies": { ${dependencies.join(", ")} } }`,
  );
  writeFileSync(
    join(dir, "pnpm-workspace.yaml"),
    `hoist: false\noverrides:\n  "@chaindata/core": ${tarball("core")}\n${areas.map((d) => `  "@chaindata/${d}": ${tarball(d)}\n`).join("")}`,
  );
  // (No lockfile to freeze, which pnpm insists on where CI is set; npm's own settings, which
  // `npm test` passes on as npm_config_* variables, are not pnpm's.)
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  await run(
    process.execPath,
    [
      join(root, "node_modules/pnpm/bin/pnpm.cjs"),
      "install",
      "--no-frozen-lockfile",
      "--prefer-offline",
      "--reporter=silent",
    ],
    { cwd: dir, env },
  );
  expect(readdirSync(join(dir, "node_modules", "@chaindata")).sort()).toEqual(areas.sort());
  for (const area of areas) await callFromImportAndRequire(dir, area);
}, 240_000);

/** The long options of the mock README's option table (`-p, --port <n>` gives `--port`). */
function readmeMockOptions(): string[] {
  const readme = readFileSync(join(root, "packages/mock/README.md"), "utf8");
  const rows = readme.split("\n").filter((line) => /^\| `-/.test(line));
  return rows.flatMap((row) =>
    [...row.split(/(?<!\\)\|/)[1]!.matchAll(/--[a-z][a-z-]*/g)].map((m) => m[0]),
  );
}

// The mock as a user installs it (its tarball and core's, no repository around it) and runs it:
// `npx chaindata-mock` finds the bin, which finds the spec copy the tarball ships (dist/spec) and
// Prism in an ordinary install; a client installed from its tarball calls it; Ctrl-C (SIGINT to
// the terminal's process group: npx, its shell and the mock) leaves nothing listening. (The CLI's
// options and signals from source: packages/mock/src/cli.test.ts.)
describe("@chaindata/mock from its tarball", () => {
  it("`npx chaindata-mock` starts, says where it listens, answers a client from its tarball, and stops on Ctrl-C", async () => {
    const dir = join(work, "mock");
    mkdirSync(dir);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "smoke-mock", private: true }));
    const needed = ["core", "mock", "das", "wallet"].map((d) => tarballs[d]!);
    await run(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", ...needed],
      { cwd: dir },
    );

    // `--help` names every option the README's table does.
    const { stdout: help } = await run("npx", ["chaindata-mock", "--help"], { cwd: dir });
    const options = readmeMockOptions();
    expect(options).toEqual(expect.arrayContaining(["--port", "--dynamic", "--json", "--version"]));
    expect(options.filter((option) => !help.includes(option))).toEqual([]);

    // (Its own process group, as a terminal's foreground job is: the Ctrl-C below reaches it all.)
    const child = spawn("npx", ["chaindata-mock", "--port", "0"], {
      cwd: dir,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    mockGroup = child;
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const lines: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`not ready in 120 s:\n${lines.join("\n")}\n${stderr}`)),
        120_000,
      );
      createInterface({ input: child.stdout }).on("line", (line) => {
        lines.push(line);
        if (/^ {2}ready in \d+ ms/.test(line)) {
          clearTimeout(timer);
          resolve();
        }
      });
      void exited.then(() =>
        reject(new Error(`exited before ready:\n${lines.join("\n")}\n${stderr}`)),
      );
    });
    const [, mockUrl, specDir] =
      /^chaindata mock \(examples mode\) listening on (http:\/\/127\.0\.0\.1:\d+) {3}spec: (.+)$/.exec(
        lines[0]!,
      ) ?? [];
    expect(mockUrl, lines.join("\n")).toBeDefined();
    expect(specDir).toBe(join(dir, "node_modules/@chaindata/mock/dist/spec"));
    const { areas } = JSON.parse(readFileSync(join(specDir!, "index.json"), "utf8"));
    for (const { area } of areas)
      expect(lines.join("\n"), area).toMatch(new RegExp(`^ {2}\\w+ +${area} +`, "m"));

    writeFileSync(
      join(dir, "client.mjs"),
      `import { createDasClient } from "@chaindata/das";
import { createWalletClient } from "@chaindata/wallet";
const das = createDasClient({ environment: "local", baseUrls: { rpc: "${mockUrl}" } });
const asset = await das.getAsset({ id: "${ADDRESS}" });
const wallet = createWalletClient({ environment: "local", baseUrls: { wallet: "${mockUrl}" } });
const { balances } = await wallet.getBalances({ wallet: "${OWNER}" });
console.log(asset.id, typeof asset.token_info?.supply, balances.length > 0);
`,
    );
    const { stdout } = await run(process.execPath, ["client.mjs"], { cwd: dir });
    expect(stdout.trim()).toBe(`${ADDRESS} bigint true`);
    // (Logged by the mock, one line a request, with no violation.)
    await expect
      .poll(() => lines.slice(-2).map((line) => line.replace(/^[\d:.]+ /, "")))
      .toEqual(["POST / getAsset → 200", `GET /v1/wallet/${OWNER}/balances getBalances → 200`]);

    process.kill(-child.pid!, "SIGINT");
    await exited;
    await expect
      .poll(() =>
        fetch(`${mockUrl}/ping`).then(
          () => "listening",
          () => "closed",
        ),
      )
      .toBe("closed");
    expect(stderr).toBe("");
    // (About 20 s of CPU, most of it npm installing the mock's 124 packages from its cache; 116 s
    // and over 120 s of wall time measured with seven other test runs on two cores.)
  }, 240_000);
});
