// The run's own guard (test/setup/fresh-build.ts): a spec edit not bundled stops a targeted run
// with the steps to run, and sources newer than a package's build are named (user trial 6: a
// stale build failed a contract test as "expected undefined to be an instance of ValidationError").
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  bundleAll,
  bundleDigest,
  clearCache,
  staleBundleSources,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../scripts/spec/bundle.mjs";
import { report, staleInputs } from "./fresh-build.js";
import { stopReason } from "./fresh-inputs.js";
import { readsBuiltInputs } from "./reads-built-inputs.js";

const root = new URL("../..", import.meta.url).pathname;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Sets the modification times of files of the copy's spec folder `spec`, each `seconds` after a
 * moment ahead of now (so that this checkout's bundler, an input of every bundle, is older).
 */
function writtenAt(spec: string, seconds: Record<string, number>): void {
  const moment = Date.now() / 1000 + 3600;
  for (const [file, s] of Object.entries(seconds))
    utimesSync(join(spec, file), moment + s, moment + s);
}

/** A bundled copy of spec/ and an empty packages folder. */
function copy() {
  const dir = mkdtempSync(join(tmpdir(), "chaindata-fresh-"));
  dirs.push(dir);
  const spec = join(dir, "spec");
  cpSync(join(root, "spec"), spec, { recursive: true, filter: (path) => !path.includes("/dist") });
  bundleAll({ specDir: spec });
  const packages = join(dir, "packages");
  mkdirSync(packages);
  return { spec, packages };
}

describe("the test run's guard against stale inputs", () => {
  it("a bundle left in spec/dist by a removed area (a turbo cache hit restores, never deletes) does not change the digest", () => {
    const { spec } = copy();
    const before = bundleDigest(join(spec, "dist"));
    writeFileSync(join(spec, "dist/openapi/removed-area.json"), "{}");
    expect(bundleDigest(join(spec, "dist"))).toBe(before);
  });

  it("nothing to say when the bundle is today's spec and each build is newer than its sources", () => {
    const { spec, packages } = copy();
    expect(staleInputs(spec, packages)).toEqual({});
  });

  it("a spec edit not bundled: an error naming the bundle, the file edited since and the steps to run", () => {
    const { spec, packages } = copy();
    const file = join(spec, "openrpc/das.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace("maximum: 1000", "maximum: 999"));
    clearCache(); // (the bundler keeps the YAML it read; a run's setup reads it afresh)
    writtenAt(spec, { "dist/openrpc/das.json": 1000, "openrpc/das.yaml": 2000 });
    expect(staleInputs(spec, packages)).toEqual({
      stale: "bundles",
      error:
        "spec/ has changed since it was last bundled (spec/dist/openrpc/das.json; edited since: spec/openrpc/das.yaml): run `npm run spec:bundle && npm run generate && npx turbo run build` before the tests, which read the generated code through the packages' dist/",
    });
  });

  // (Leaving the bundler out of a stale bundle's inputs passed every test: mutation 74, SB3.)
  it("names the bundler among what changed since a stale bundle was written, when it is newer", () => {
    const { spec } = copy();
    const file = join(spec, "openrpc/das.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace("maximum: 1000", "maximum: 999"));
    clearCache();
    const past = new Date(2001, 0, 1);
    utimesSync(join(spec, "dist/openrpc/das.json"), past, past);
    const das = staleBundleSources(spec).find(
      (s: { bundle: string }) => s.bundle === "spec/dist/openrpc/das.json",
    );
    expect(das?.newer).toEqual(
      expect.arrayContaining(["spec/openrpc/das.yaml", "scripts/spec/bundle.mjs"]),
    );
  });

  it("names the shared file edited, not only the bundles made from it (user trial 69, F9); none when each bundle is newer than its sources", () => {
    const { spec, packages } = copy();
    const file = join(spec, "schemas/asset.yaml");
    const text = readFileSync(file, "utf8");
    const edited = text.replace("maximum: 1\n", "maximum: 0.9\n");
    expect(edited).not.toBe(text);
    writeFileSync(file, edited);
    clearCache();
    // The bundles made from asset.yaml, by the bundler's record of where each part came from.
    const sources = JSON.parse(readFileSync(join(spec, "dist/sources.json"), "utf8")).documents;
    const fromAsset = Object.keys(sources)
      .filter((b) => JSON.stringify(sources[b]).includes("spec/schemas/asset.yaml#"))
      .map((b) => `spec/dist/${b}`)
      .sort();
    expect(fromAsset).toContain("spec/dist/openrpc/das.json");
    const bundles = Object.fromEntries(fromAsset.map((b) => [b.slice("spec/".length), 1000]));
    writtenAt(spec, { ...bundles, "schemas/asset.yaml": 2000, "openrpc/das.yaml": 500 });
    const error = (edits: string) =>
      `spec/ has changed since it was last bundled (${fromAsset.join(", ")}${edits}): run \`npm run spec:bundle && npm run generate && npx turbo run build\` before the tests, which read the generated code through the packages' dist/`;
    expect(staleInputs(spec, packages).error).toBe(
      error("; edited since: spec/schemas/asset.yaml"),
    );
    // A bundle newer than the edit (a turbo cache hit restores spec/dist): the bundles alone.
    writtenAt(spec, { ...bundles, "schemas/asset.yaml": 500 });
    expect(staleInputs(spec, packages).error).toBe(error(""));
  });

  it("a spec bundled but not regenerated: an error naming the steps (the generated code records the digest of the bundles it was made from)", () => {
    const { spec, packages } = copy();
    const recorded = join(packages, "core/src/generated/spec-digest.ts");
    mkdirSync(join(recorded, ".."), { recursive: true });
    writeFileSync(recorded, `export const specDigest = "${bundleDigest(join(spec, "dist"))}";\n`);
    // (No error; the warning is of core never built, in this copy.)
    expect(staleInputs(spec, packages).error).toBeUndefined();
    const file = join(spec, "openrpc/das.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace("maximum: 1000", "maximum: 999"));
    clearCache();
    bundleAll({ specDir: spec });
    expect(staleInputs(spec, packages)).toEqual({
      stale: "generated",
      error:
        "spec/dist has changed since the code was generated from it: run `npm run generate && npx turbo run build` before the tests, which read the generated code through the packages' dist/",
    });
  });

  it("the repository's own generated code records today's bundles", () => {
    const recorded = readFileSync(join(root, "packages/core/src/generated/spec-digest.ts"), "utf8");
    expect(recorded).toContain(`specDigest = "${bundleDigest(join(root, "spec/dist"))}"`);
  });

  it("sources newer than the package's dist/, or no dist/: a warning naming the packages (test files do not count)", () => {
    const { spec, packages } = copy();
    const make = (name: string, files: Record<string, number>) => {
      for (const [path, seconds] of Object.entries(files)) {
        mkdirSync(join(packages, name, path, ".."), { recursive: true });
        writeFileSync(join(packages, name, path), "");
        utimesSync(join(packages, name, path), seconds, seconds);
      }
    };
    make("built", { "src/index.ts": 100, "src/index.test.ts": 300, "dist/index.js": 200 });
    make("edited", { "src/index.ts": 100, "src/generated/types.ts": 300, "dist/index.js": 200 });
    make("unbuilt", { "src/index.ts": 100 });
    // (No TypeScript, no build: packages/docs, whose generator runs from its .mjs sources.)
    make("scripts", { "src/build.mjs": 300 });
    expect(staleInputs(spec, packages)).toEqual({
      warning:
        "packages/{edited,unbuilt}/src changed after the last build: the tests import dist/; run `npx turbo run build` (--force if turbo says it is cached)",
    });
  });
});

describe("the guard's report", () => {
  it("says once what is stale and that only the test files reading it stop; a warning is a hint (no exit: user trial 34, F15)", () => {
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      report({ error: "spec/ has changed", warning: "packages/{das}/src changed" });
      expect(exit).not.toHaveBeenCalled();
      expect(warn.mock.calls).toEqual([
        [
          "[setup] spec/ has changed. The test files that read them stop, each saying so; the others run.",
        ],
        ["[setup] packages/{das}/src changed"],
      ]);
    } finally {
      exit.mockRestore();
      warn.mockRestore();
    }
  });
});

describe("which test files stop on stale inputs (user trial 34, F15)", () => {
  const at = (file: string) => join(root, file);

  it("reads what each test file reads, through the modules it imports (not into scripts/)", () => {
    // A rule's unit test on small documents, the bundler's tests on copies: nothing built.
    expect(readsBuiltInputs(at("test/spec/rules/costs.test.ts"))).toEqual({});
    expect(readsBuiltInputs(at("test/spec/positions.test.ts"))).toEqual({});
    // The bundles, through the module that reads them; the built packages by their name.
    expect(readsBuiltInputs(at("test/spec/contract-bounds.test.ts"))).toEqual({
      bundles: expect.stringMatching(/^spec\/dist \(through test\/\S+\)$/),
      generated: expect.stringMatching(/^@chaindata\/\w+/),
    });
    expect(readsBuiltInputs(at("test/contract/validation.test.ts")).generated).toBe(
      "@chaindata/core",
    );
    // A package's unit test reads its generated code, in src/generated.
    expect(readsBuiltInputs(at("packages/core/src/config.test.ts")).generated).toMatch(
      /generated\//,
    );
  });

  it("stale bundles stop the files that read the bundles or the generated code; stale generated code, those that read the code", () => {
    const file = at("test/x.test.ts");
    const bundles = {
      stale: "bundles" as const,
      error: "spec/ has changed since it was last bundled",
    };
    const generated = {
      stale: "generated" as const,
      error: "spec/dist has changed since the code was generated",
    };
    expect(
      stopReason(bundles, { bundles: "spec/dist (through test/spec/documents.ts)" }, file),
    ).toBe(
      "[setup] test/x.test.ts was not run: it reads spec/dist (through test/spec/documents.ts), and spec/ has changed since it was last bundled",
    );
    expect(stopReason(bundles, { generated: "@chaindata/das" }, file)).toBe(
      "[setup] test/x.test.ts was not run: it reads @chaindata/das, and spec/ has changed since it was last bundled",
    );
    expect(stopReason(generated, { bundles: "spec/dist" }, file)).toBeUndefined();
    expect(stopReason(generated, { bundles: "spec/dist", generated: "@chaindata/das" }, file)).toBe(
      "[setup] test/x.test.ts was not run: it reads @chaindata/das, and spec/dist has changed since the code was generated",
    );
    expect(stopReason(bundles, {}, file)).toBeUndefined();
  });
});
