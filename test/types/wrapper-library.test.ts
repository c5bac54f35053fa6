// A library that wraps the chaindata packages and publishes its own declarations (user trial 37):
// built as CommonJS with `declaration: true` and return types left to inference, it must compile
// and name only the packages it imports; an ES module app then mixes the library's values, typed
// by the packages' `require` declarations (dist/types-cjs), with its own, typed by their `import`
// declarations (dist/types). Those are two copies of every type (decision 0012): they must stay
// assignable both ways, or such an app stops compiling though one runtime copy serves both
// (decision 0009). A class given a `#private` field or a `unique symbol` brand would break that.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { index } from "../spec/documents.js";

const root = new URL("../..", import.meta.url).pathname;

/** What tsc printed, whether or not it found errors (`--listFiles` lists on success too). */
function tsc(...args: string[]): string {
  try {
    return execFileSync(`${root}node_modules/.bin/tsc`, args, { encoding: "utf8" });
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

const dir = mkdtempSync(join(tmpdir(), "chaindata-wrapper-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const compilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: false,
  target: "ES2022",
  lib: ["es2022", "dom"],
  types: [],
  module: "Node16",
};

function project(files: Record<string, string>, options: object, ...args: string[]): string {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(options));
  return tsc("-p", dir, "--pretty", "false", ...args);
}

describe("a wrapper library's declarations", () => {
  symlinkSync(`${root}node_modules`, join(dir, "node_modules"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));

  it("build as CommonJS with inferred return types, naming only the packages the wrapper imports", () => {
    const output = project(
      {
        "lib/package.json": JSON.stringify({ type: "commonjs" }),
        "lib/index.ts": [
          `import { createDasClient, createDasRpc, paginateGetAssetsByOwner, RateLimitError, isChainDataError, type DasMethod, type DasParams, type GetAssetsByOwnerParams } from "@chaindata/das";`,
          `import { createCompressionClient } from "@chaindata/compression";`,
          `import { createWalletClient } from "@chaindata/wallet";`,
          `export function makeToolkit(apiKey?: string) {`,
          `  const das = createDasClient({ apiKey, environment: "local" });`,
          `  const wallet = createWalletClient({ apiKey, environment: "local" });`,
          `  const compression = createCompressionClient({ apiKey, environment: "local" });`,
          `  return {`,
          `    das, wallet, compression, rpc: createDasRpc({ apiKey, environment: "local" }),`,
          `    asset: (id: string) => das.getAsset({ id }),`,
          `    owned: (ownerAddress: string) => das.getAssetsByOwner.all({ ownerAddress }),`,
          `    balances: (address: string) => wallet.getBalances.all({ wallet: address }),`,
          `    compressedPages: (owner: string) => compression.getCompressedAccountsByOwner.all({ owner }).pages(),`,
          `    walker: das.getAssetsByOwner,`,
          `    request: das.request,`,
          `  };`,
          `}`,
          `export type Toolkit = ReturnType<typeof makeToolkit>;`,
          `export const call = <M extends DasMethod>(tk: Toolkit, method: M, params: DasParams<M>) => tk.das.request(method, params);`,
          `export const isRateLimited = (error: unknown): error is RateLimitError => error instanceof RateLimitError;`,
          `export const isChainData = (error: unknown) => isChainDataError(error);`,
          `export const rateLimitClass = RateLimitError;`,
          `export const retryAfterOf = (error: RateLimitError) => error.retryAfter;`,
          `export async function* ownedItems(tk: Toolkit, params: GetAssetsByOwnerParams) { yield* paginateGetAssetsByOwner(tk.rpc, params); }`,
          `export const checkpoints = (tk: Toolkit, params: GetAssetsByOwnerParams) => tk.das.getAssetsByOwner.all(params).checkpoints();`,
          `export const issuesOf = (error: unknown) => (isChainDataError(error) && error.name === "ValidationError" ? error.issues : []);`,
          ``,
        ].join("\n"),
      },
      {
        compilerOptions: { ...compilerOptions, declaration: true, outDir: "lib/out" },
        files: ["lib/index.ts"],
      },
    );
    expect(output).toBe("");
    const declarations = readFileSync(join(dir, "lib/out/index.d.ts"), "utf8");
    const named = new Set(
      [...declarations.matchAll(/(?:from |import\()"([^"]+)"/g)].map((m) => m[1]),
    );
    expect([...named].sort()).toEqual([
      "@chaindata/compression",
      "@chaindata/das",
      "@chaindata/wallet",
    ]);
  });

  it("read by an ES module app: the `require` and `import` declarations of each type are assignable both ways", () => {
    const output = project(
      {
        "app/app.mts": [
          `import { createDasClient, RateLimitError, ValidationError, type DasClient, type Asset, type ClientOptions, type RequestOptions, type PageIterable, type PageCheckpoint, type GetAssetsByOwnerParams, type GetAssetsByOwnerResult, type AnyChainDataError } from "@chaindata/das";`,
          `import { createWalletClient, type WalletClient, type RestClientOptions } from "@chaindata/wallet";`,
          `import * as lib from "../lib/out/index.js";`,
          `const tk = lib.makeToolkit("k");`,
          // the library's values (require types) as the app's (import types)
          `const das: DasClient = tk.das;`,
          `const wallet: WalletClient = tk.wallet;`,
          `const owned: PageIterable<Asset, GetAssetsByOwnerResult, GetAssetsByOwnerParams> = tk.owned("o");`,
          `const saved: AsyncIterable<PageCheckpoint<GetAssetsByOwnerResult, GetAssetsByOwnerParams>> = lib.checkpoints(tk, { ownerAddress: "o" });`,
          `const cls: typeof RateLimitError = lib.rateLimitClass;`,
          `export async function handle(error: unknown): Promise<RateLimitError | AnyChainDataError | undefined> {`,
          `  if (lib.isRateLimited(error)) return error;`,
          `  if (lib.isChainData(error)) return error;`,
          `  return undefined;`,
          `}`,
          // the app's values (import types) given to the library (require types)
          `const mine: lib.Toolkit = { ...tk, das: createDasClient(), wallet: createWalletClient() };`,
          `const options: ClientOptions & RestClientOptions & RequestOptions = {};`,
          `await lib.call(mine, "getAsset", { id: "x" });`,
          `declare const appError: RateLimitError;`,
          `const retryAfter: number | undefined = lib.retryAfterOf(appError);`,
          `const issues: ValidationError["issues"] = lib.issuesOf(new ValidationError("m", { issues: [] }));`,
          `console.log(das, wallet, owned, saved, cls, options, issues, retryAfter);`,
          ``,
        ].join("\n"),
      },
      {
        compilerOptions: { ...compilerOptions, noEmit: true },
        files: ["app/app.mts"],
      },
      "--listFiles",
    );
    const lines = output.split("\n").filter(Boolean);
    expect(lines.filter((line) => !line.startsWith("/"))).toEqual([]);
    // (Both copies were read: the library's through `require`, the app's through `import`.)
    for (const types of ["dist/types-cjs/", "dist/types/"])
      expect(
        lines.some((line) => line.includes(`/packages/core/${types}errors.d.ts`)),
        types,
      ).toBe(true);
  });
});

// A library re-exporting two area packages whole, `export * from "@chaindata/das"; export * from
// "@chaindata/compression";`, got a TS2308 error ("has already exported a member named 'Address'")
// per type both declared (26 for all of them, user trial 37). The spec's types of two or more
// areas are now declared once by @chaindata/core and re-exported by each package: one type, which
// two `export *` give no clash. Every pair, and all at once, as ES modules and as CommonJS (each
// resolves the packages' declarations of its kind: dist/types, dist/types-cjs).
describe("a library re-exporting area packages with `export *`", () => {
  const packages: string[] = [...new Set<string>(index.areas.map((a: { area: string }) => a.area))];
  const reexports = (names: string[]) =>
    names.map((name) => `export * from "@chaindata/${name}";\n`).join("");
  const files: Record<string, string> = {};
  for (const [i, a] of packages.entries())
    for (const b of packages.slice(i + 1))
      for (const ext of ["mts", "cts"]) files[`reexport/${a}+${b}.${ext}`] = reexports([a, b]);
  for (const ext of ["mts", "cts"]) files[`reexport/all.${ext}`] = reexports(packages);

  it(`compiles for every pair of the ${packages.length} area packages, and for all at once`, () => {
    expect(packages.length).toBeGreaterThan(2);
    const output = project(
      files,
      { compilerOptions: { ...compilerOptions, noEmit: true }, files: Object.keys(files) },
      "--listFiles",
    );
    const lines = output.split("\n").filter(Boolean);
    expect(lines.filter((line) => !line.startsWith("/"))).toEqual([]);
    // (Both kinds of declarations were read, and the packages' shared types are core's.)
    for (const types of ["dist/types-cjs/", "dist/types/"])
      expect(
        lines.some((line) => line.includes(`/packages/core/${types}generated/schemas.d.ts`)),
        types,
      ).toBe(true);
  });
});
