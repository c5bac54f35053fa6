// Every published package passes publint and @arethetypeswrong/cli (ESM + CJS +
// types resolve under node10, node16 (CJS and ESM) and bundler resolution), and its
// tarball carries the metadata a registry page needs: the LICENSE its "license" names,
// the repository folder, the repository's Node floor, public access.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { publint } from "publint";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { type Packed, packPublished, publishedPackages } from "./published.js";

const root = new URL("../..", import.meta.url).pathname;
const rootPkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const license = readFileSync(join(root, "LICENSE"), "utf8");

// Every published package packed once, by the first test that needs a tarball (one npm run for all:
// published.ts); @arethetypeswrong/cli reads these tarballs (its `--pack` ran one more npm pack a
// package, the same tarball).
const packDir = mkdtempSync(join(tmpdir(), "chaindata-packages-"));
let packs: Record<string, Packed> | undefined;
const packOf = (dir: string) =>
  (packs ??= packPublished(publishedPackages, { destination: packDir, ignoreScripts: true }))[dir]!;

// @arethetypeswrong/cli's answer (its JSON) for each package. Its runs, a process each (~2.5 s of
// CPU), start together at the first attw test, two at a time, in the packages' order, and go on
// while this file's other tests run here: each package's test awaits its own. (Run one after
// another inside the tests, they were half of this file's time, with a core idle.) A run never
// rejects: a failed one answers with what it printed, which its test reads.
let attwRuns: Map<string, Promise<string>> | undefined;
const ATTW_AT_ONCE = 2;
function attwOf(dir: string): Promise<string> {
  if (!attwRuns) {
    const attw = (tarball: string) =>
      new Promise<string>((resolve) =>
        execFile(
          join(root, "node_modules/.bin/attw"),
          [tarball, "--format", "json"],
          { encoding: "utf8", maxBuffer: 64 << 20 },
          (_error, stdout) => resolve(stdout),
        ),
      );
    const lanes: Promise<unknown>[] = Array.from({ length: ATTW_AT_ONCE }, () => Promise.resolve());
    const tarballs = publishedPackages.map((pkgDir) => packOf(pkgDir).tarball!); // (throws here)
    attwRuns = new Map(
      publishedPackages.map((pkgDir, i) => {
        const run = lanes[i % ATTW_AT_ONCE]!.then(() => attw(tarballs[i]!));
        lanes[i % ATTW_AT_ONCE] = run;
        return [pkgDir, run];
      }),
    );
  }
  return attwRuns.get(dir)!;
}

afterAll(async () => {
  await Promise.all([...(attwRuns?.values() ?? [])]); // (they read the tarballs)
  rmSync(packDir, { recursive: true, force: true });
});

describe.each(publishedPackages)("@chaindata/%s", (dir) => {
  const pkgDir = join(root, "packages", dir);
  const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));

  it("is side-effect free, ESM + CJS, with an exports map", () => {
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.exports["."].import.default).toMatch(/\.js$/);
    expect(pkg.exports["."].require.default).toMatch(/\.cjs$/);
    // Bundlers take `module` for `import` and `require` alike: one copy per bundle when a
    // CommonJS dependency requires the package (docs/decisions/0009; smoke.test.ts bundles one).
    // First, before core's `node` too: a bundle for Node takes the first condition it matches,
    // and core's CommonJS build does not tree-shake (user trial 30).
    expect(Object.keys(pkg.exports["."])[0]).toBe("module");
    expect(pkg.exports["."].module).toEqual(pkg.exports["."].import);
  });

  it("ships source maps that carry their sources (stack traces and debuggers show the TypeScript)", () => {
    for (const entry of [pkg.exports["."].import.default, pkg.exports["."].require.default]) {
      const code = readFileSync(join(pkgDir, entry), "utf8");
      expect(code).toMatch(/\n\/\/# sourceMappingURL=[\w.]+\.map\n?$/);
      const map = JSON.parse(readFileSync(join(pkgDir, `${entry}.map`), "utf8"));
      expect(map.sources.length).toBeGreaterThan(0);
      expect(map.sourcesContent.filter((s: unknown) => typeof s !== "string")).toEqual([]);
    }
    // Every JavaScript map's sources are the package's own src/, shipped beside it: no code of a
    // dependency or of the build tool is inlined into dist/ (its licence notice would have to ship
    // too), and no map names a file outside the package (tsup's `shims` put
    // ../../../node_modules/tsup/assets/cjs_shims.js in the mock's index.cjs.map).
    const files = packOf(dir).files;
    const foreign = files
      .filter((file) => /^dist\/[^/]+\.[cm]?js\.map$/.test(file))
      .flatMap((file) => {
        const map = JSON.parse(readFileSync(join(pkgDir, file), "utf8"));
        return map.sources
          .map((source: string) =>
            relative(pkgDir, resolve(dirname(join(pkgDir, file)), map.sourceRoot ?? "", source)),
          )
          .filter((source: string) => !source.startsWith("src/") || !files.includes(source))
          .map((source: string) => `${file}: ${source}`);
      });
    expect(foreign).toEqual([]);
  });

  it("depends only on @chaindata packages and openapi-fetch at runtime", () => {
    const allowed = (name: string) =>
      name.startsWith("@chaindata/") ||
      name === "openapi-fetch" ||
      (dir === "mock" && name.startsWith("@stoplight/"));
    expect(Object.keys(pkg.dependencies ?? {}).filter((n) => !allowed(n))).toEqual([]);
  });

  it("ships the repository's MIT LICENSE, and says where its source is, which Node it needs, that it is public", () => {
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} chaindata contributors\n/);
    expect(pkg.license).toBe("MIT");
    expect(packOf(dir).files).toContain("LICENSE");
    expect(readFileSync(join(pkgDir, "LICENSE"), "utf8")).toBe(license); // a copy of the root LICENSE, not a drifted one
    expect(pkg.repository).toEqual({
      type: "git",
      url: "git+https://github.com/chaindata/chaindata.git",
      directory: `packages/${dir}`,
    });
    expect(pkg.engines).toEqual(rootPkg.engines);
    expect(pkg.publishConfig).toEqual({ access: "public" });
  });

  it("publint finds nothing", async () => {
    const { messages } = await publint({ pkgDir, level: "suggestion", strict: true });
    expect(messages.map((m) => `${m.type} ${m.code} ${JSON.stringify(m.args)}`)).toEqual([]);
  });

  it("@arethetypeswrong/cli finds no problem", async () => {
    const result = JSON.parse(await attwOf(dir));
    const problems = result.analysis?.problems ?? result.problems ?? [];
    // (Every entry of the exports map is analysed: an area's tool schemas too.)
    expect(Object.keys(result.analysis.entrypoints)).toEqual(Object.keys(pkg.exports));
    expect(
      problems.map((p: any) => `${p.kind} ${p.resolutionKind ?? ""} ${p.entrypoint ?? ""}`),
    ).toEqual([]);
  });
});

// An area package's tool schemas (docs/decisions/0020-tool-schemas.md): a second entry, resolved
// as "." is under every condition, and by resolvers that read no exports map (its folder's
// package.json: TypeScript's node10, older bundlers).
const areaPackages = publishedPackages.filter((dir) =>
  existsSync(join(root, "packages", dir, "src/generated/tool-schemas.ts")),
);
describe.each(areaPackages)("@chaindata/%s/tool-schemas", (dir) => {
  const pkgDir = join(root, "packages", dir);
  const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));

  it('exports ./tool-schemas as it exports ".", with a folder for node10', () => {
    const entry = pkg.exports["./tool-schemas"];
    expect(Object.keys(entry)).toEqual(Object.keys(pkg.exports["."]));
    expect(entry.module).toEqual(entry.import);
    expect(entry.import).toEqual({
      types: "./dist/types/generated/tool-schemas.d.ts",
      default: "./dist/tool-schemas.js",
    });
    expect(entry.require).toEqual({
      types: "./dist/types-cjs/generated/tool-schemas.d.ts",
      default: "./dist/tool-schemas.cjs",
    });
    const folder = JSON.parse(readFileSync(join(pkgDir, "tool-schemas/package.json"), "utf8"));
    const outside = (path: string) => `.${path.slice("..".length)}`;
    expect(outside(folder.main)).toBe(entry.require.default);
    expect(outside(folder.module)).toBe(entry.import.default);
    expect(outside(folder.types)).toBe(entry.require.types);
    for (const file of [
      entry.import.default,
      entry.require.default,
      entry.import.types,
      entry.require.types,
    ])
      expect(packOf(dir).files, file).toContain(file.slice(2));
    expect(packOf(dir).files).toContain("tool-schemas/package.json");
    // The main entry never loads it: no call bundle carries the schemas.
    for (const main of [pkg.exports["."].import.default, pkg.exports["."].require.default])
      expect(readFileSync(join(pkgDir, main), "utf8")).not.toMatch(/tool-schemas/);
  });
});

it("ships no `@internal` item and no repository history in its declarations, and every declaration file type-checks", () => {
  // tsconfig.build.json strips them (stripInternal); an item stripped that another declaration
  // names would leave that file broken, so every shipped file is checked, not only the entries.
  const files = publishedPackages.flatMap((dir) =>
    ["types", "types-cjs"].flatMap((types) => {
      const at = join(root, "packages", dir, "dist", types);
      return readdirSync(at, { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".d.ts"))
        .map((file) => join(at, file));
    }),
  );
  expect(
    files
      .filter((file) => readFileSync(file, "utf8").includes("@internal"))
      .map((file) => relative(root, file)),
  ).toEqual([]);
  // A user cannot look up "user trial 7" or "session 29": a hover states the contract, and the
  // history stays in `//` comments and docs/decisions.
  expect(
    files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          /\b(?:trial|session) \d/i.test(line) ? [`${relative(root, file)}:${i + 1}: ${line}`] : [],
        ),
    ),
  ).toEqual([]);
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    types: ["node"],
  });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? relative(root, d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
    );
  expect(problems).toEqual([]);
});

it("ships no repository history in its README (a user cannot look up a trial or a session)", () => {
  const lines = publishedPackages.flatMap((dir) => {
    const file = join(root, "packages", dir, "README.md");
    const text = readFileSync(file, "utf8");
    // Across line breaks too: a wrapped paragraph once split "trial" from its number.
    return [...text.matchAll(/\b(?:(?:trial|session)\s+\d+|the trial\b)/gi)].map(
      (match) =>
        `${relative(root, file)}:${text.slice(0, match.index).split("\n").length}: ${match[0].replace(/\s+/g, " ")}`,
    );
  });
  expect(publishedPackages.length).toBeGreaterThan(5);
  expect(lines).toEqual([]);
});
