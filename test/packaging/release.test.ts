// Releasing (README.md "Releasing", .changeset/README.md): `npm publish` (and so `npx changeset
// publish`) runs each published package's `prepublishOnly`, scripts/release/check-build.mjs, which
// refuses a package whose dist/ is missing or older than its sources, naming the package and what
// to run (user trial 33, F1: with dist/ missing, das published 8 files and the dry run said
// success). `npm pack` runs nothing (the smoke test packs as is). Every tarball carries the
// package's CHANGELOG.md (F10). The root's `version-packages` and `release` scripts run the steps
// in order (F9: the lockfile; F1: bundle, check, build, publish). Packages a new area scaffolds
// get the same (scripts/generate/scaffold.mjs). The copies live in a temporary folder, with the
// repository's scripts/ linked beside them, as `../../scripts` is from a package's folder.
import { execFile, execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { restSkeleton, rpcSkeleton } from "../../scripts/generate/scaffold.mjs";
import { publishedPackages } from "./published.js";

const run = promisify(execFile);
const root = new URL("../..", import.meta.url).pathname;
const GUARD = "node ../../scripts/release/check-build.mjs";
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8"));

const tmp = mkdtempSync(join(tmpdir(), "chaindata-release-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A new temporary repository folder with scripts/ linked: `{ base, copy(pkg, parts) }`. */
function repository() {
  const base = mkdtempSync(join(tmp, "repo-"));
  symlinkSync(join(root, "scripts"), join(base, "scripts"));
  /** packages/<pkg> copied into it, `parts` only (dist/ among them or not): its folder. */
  const copy = (pkg: string, parts: string[]) => {
    const to = join(base, "packages", pkg);
    mkdirSync(to, { recursive: true });
    for (const part of parts)
      if (existsSync(join(root, "packages", pkg, part)))
        cpSync(join(root, "packages", pkg, part), join(to, part), { recursive: true });
    return to;
  };
  return { base, copy };
}

const SOURCES = ["package.json", "tsconfig.json", "tsconfig.build.json", "tsup.config.ts", "src"];

/** Sets the modification time of `path` (every file under it, when a folder) to `seconds`. */
function touch(path: string, seconds: number) {
  const paths = statSync(path).isDirectory()
    ? readdirSync(path, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name))
    : [path];
  for (const file of paths) utimesSync(file, seconds, seconds);
}

/** Runs the package's prepublishOnly in `dir`, as npm does: `{ code, stderr }`. */
function prepublish(dir: string): { code: number; stderr: string } {
  const script = readJson(join(dir, "package.json")).scripts?.prepublishOnly;
  expect(script, `${dir}: scripts.prepublishOnly`).toBeTypeOf("string");
  try {
    execFileSync("sh", ["-c", script], { cwd: dir, encoding: "utf8", stdio: "pipe" });
    return { code: 0, stderr: "" };
  } catch (error: any) {
    return { code: error.status, stderr: String(error.stderr) };
  }
}

const T = 1_800_000_000; // (seconds: a fixed time, later than any checkout's)

describe("publishing refuses a missing or stale build (prepublishOnly)", () => {
  it("npm publish --dry-run of das without dist/ fails, naming the package, the missing files and the commands to run", async () => {
    const { copy } = repository();
    const dir = copy("das", SOURCES);
    let result: { code: number; out: string };
    try {
      const { stdout, stderr } = await run("npm", ["publish", "--dry-run"], { cwd: dir });
      result = { code: 0, out: stdout + stderr };
    } catch (error: any) {
      result = { code: error.code, out: `${error.stdout}${error.stderr}` };
    }
    expect(result.code, result.out).not.toBe(0);
    expect(result.out).toContain("@chaindata/das: not published: its build is missing or stale.");
    expect(result.out).toContain("dist/index.cjs is missing (named by main)");
    expect(result.out).toContain(
      'dist/types-cjs/index.d.ts is missing (named by exports["."]["require"]["types"])',
    );
    expect(result.out).toContain("`npm run release` at the repository root");
    expect(result.out).toContain("`npx turbo run build --force --filter=@chaindata/das`");
    // (Refused before anything was packed.)
    expect(result.out).not.toMatch(/total files/);
  }, 60_000);

  it("a source newer than dist/ (a branch switched to and back) is refused, naming the file; a fresh build passes, test files and core's spec digest do not count", () => {
    const { copy } = repository();
    const dir = copy("das", [...SOURCES, "dist"]);
    touch(dir, T);
    touch(join(dir, "dist"), T + 100);
    expect(prepublish(dir)).toEqual({ code: 0, stderr: "" });

    // Not built into dist/: a unit test, core's spec digest (turbo.json leaves both out too).
    writeFileSync(join(dir, "src/index.test.ts"), "");
    mkdirSync(join(dir, "src/generated"), { recursive: true });
    writeFileSync(join(dir, "src/generated/spec-digest.ts"), "");
    touch(join(dir, "src/index.test.ts"), T + 200);
    touch(join(dir, "src/generated/spec-digest.ts"), T + 200);
    expect(prepublish(dir)).toEqual({ code: 0, stderr: "" });

    touch(join(dir, "src/generated/client.ts"), T + 200);
    const stale = prepublish(dir);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain("@chaindata/das: not published: its build is missing or stale.");
    expect(stale.stderr).toMatch(
      /1 source file is newer than the build: src\/generated\/client\.ts \(2027-01-15T08:03:20\.000Z\) is newer than dist\/\S+ \(2027-01-15T08:01:40\.000Z\)/,
    );
    expect(stale.stderr).toContain("npx turbo run build --force --filter=@chaindata/das");

    // The package's own configs count as sources too.
    touch(join(dir, "src"), T);
    touch(join(dir, "tsup.config.ts"), T + 200);
    expect(prepublish(dir).stderr).toContain("tsup.config.ts (2027-01-15T08:03:20.000Z)");
  });

  it("the mock's build includes the spec bundle it copies: a missing dist/spec or a newer spec/dist is refused", () => {
    const { base, copy } = repository();
    const dir = copy("mock", [...SOURCES, "scripts", "dist"]);
    cpSync(join(root, "spec/dist"), join(base, "spec/dist"), { recursive: true });
    touch(dir, T);
    touch(join(base, "spec/dist"), T);
    touch(join(dir, "dist"), T + 100);
    expect(prepublish(dir)).toEqual({ code: 0, stderr: "" });

    touch(join(base, "spec/dist/index.json"), T + 200);
    expect(prepublish(dir).stderr).toContain(
      "1 source file is newer than the build: ../../spec/dist/index.json",
    );
    touch(join(base, "spec/dist/index.json"), T);
    touch(join(dir, "scripts/copy-spec.mjs"), T + 200);
    expect(prepublish(dir).stderr).toContain("scripts/copy-spec.mjs");
    touch(join(dir, "scripts/copy-spec.mjs"), T);

    rmSync(join(dir, "dist/spec"), { recursive: true });
    const missing = prepublish(dir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("dist/spec/index.json is missing (named by --output)");
  });
});

describe("every published package", () => {
  it.each(publishedPackages)(
    "@chaindata/%s: prepublishOnly runs the guard; nothing runs on npm pack; CHANGELOG.md is in its tarball",
    async (pkg) => {
      const json = readJson(join(root, "packages", pkg, "package.json"));
      expect(json.scripts.prepublishOnly).toMatch(
        new RegExp(`^${GUARD.replace(/\./g, "\\.")}(?: |$)`),
      );
      // (npm pack must pack as is: the tarball smoke test packs every package, unbuilt or not.)
      for (const hook of ["prepack", "prepare", "postpack", "prepublish"])
        expect(json.scripts[hook], hook).toBeUndefined();
      expect(json.files).toContain("CHANGELOG.md");
      // (A copy with a CHANGELOG.md, as `changeset version` writes one.)
      const { copy } = repository();
      const dir = copy(pkg, ["package.json", "LICENSE"]);
      writeFileSync(join(dir, "CHANGELOG.md"), `# ${json.name}\n`);
      const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
        cwd: dir,
      });
      const files = JSON.parse(stdout)[0].files.map((f: { path: string }) => f.path);
      expect(files).toContain("CHANGELOG.md");
    },
    30_000,
  );

  it("a new area's scaffolded package.json has the same prepublishOnly and CHANGELOG.md", () => {
    const options = { area: "fees", description: "d", version: "0.0.0", coreVersion: "0.0.0" };
    for (const files of [
      rpcSkeleton(options, "MIT"),
      restSkeleton({ ...options, openapiFetch: "0.17.0" }, "MIT"),
    ]) {
      const pkg = JSON.parse(files["packages/fees/package.json"]);
      expect(pkg.scripts.prepublishOnly).toBe(GUARD);
      expect(pkg.files).toContain("CHANGELOG.md");
    }
  });
});

describe("the root scripts", () => {
  const scripts = readJson(join(root, "package.json")).scripts;
  const steps = (script: string) => script.split("&&").map((step) => step.trim());

  it("`npm run release` bundles, checks the generated code, builds every package afresh, then publishes", () => {
    expect(steps(scripts.release)).toEqual([
      "npm run spec:bundle",
      "npm run generate -- --check",
      // (--force: a cache hit leaves dist/ as it is, older than sources a checkout rewrote.)
      "turbo run build --force --output-logs=errors-only",
      "changeset publish",
    ]);
  });

  it("`npm run version-packages` checks the bumps, versions, then brings package-lock.json in step", () => {
    expect(steps(scripts["version-packages"])).toEqual([
      // (changesets gives a dependent a patch whatever its dependency's bump: user trial 61, F1.)
      "node scripts/release/check-bumps.mjs",
      "changeset version",
      "npm install --package-lock-only --no-audit --no-fund",
    ]);
    // (Not `version`: npm runs a script of that name inside `npm version`.)
    expect(scripts.version).toBeUndefined();
  });
});
