// Releases: in a temporary clone, a new changeset plus `npx changeset version` bumps the
// named package by its bump type, writes its CHANGELOG entry, and bumps the packages that
// depend on it (internal dependencies are updated as a patch).
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "chaindata-changesets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const version = (base: string, pkg: string) =>
  JSON.parse(readFileSync(join(base, "packages", pkg, "package.json"), "utf8")).version as string;
const bump = (v: string, kind: "patch" | "minor") => {
  const [major, minor, patch] = v.split(".").map(Number) as [number, number, number];
  return kind === "minor" ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
};

const publicPackages = readdirSync(join(root, "packages")).filter(
  (pkg) =>
    existsSync(join(root, "packages", pkg, "package.json")) &&
    !JSON.parse(readFileSync(join(root, "packages", pkg, "package.json"), "utf8")).private,
);

/** A clone of this repository (committed state) in `name`, using its node_modules; and its pending changesets. */
const cloneRepo = (name: string) => {
  const repo = join(dir, name);
  execFileSync("git", ["clone", "-q", root, repo]);
  symlinkSync(join(root, "node_modules"), join(repo, "node_modules"));
  const pending = readdirSync(join(repo, ".changeset")).filter(
    (f) => f.endsWith(".md") && f !== "README.md",
  );
  return { repo, pending };
};

describe("changesets", () => {
  it("the first release: every public package goes from 0.0.0 to 0.1.0 with one CHANGELOG entry, its own note; the private docs package is not versioned", () => {
    const { repo, pending } = cloneRepo("first");
    // Until 0.1.0 is out, the pending changesets are the first-release notes, one per package.
    expect(pending.sort()).toEqual(publicPackages.map((pkg) => `first-release-${pkg}.md`).sort());
    for (const pkg of publicPackages) expect(version(repo, pkg), pkg).toBe("0.0.0");
    const docsVersion = version(repo, "docs");
    execFileSync("npx", ["changeset", "version"], { cwd: repo, stdio: "ignore" });
    for (const pkg of publicPackages) {
      expect(version(repo, pkg), pkg).toBe("0.1.0");
      const changelog = readFileSync(join(repo, "packages", pkg, "CHANGELOG.md"), "utf8");
      expect(changelog.match(/^## .*/gm), pkg).toEqual(["## 0.1.0"]);
      expect(changelog, pkg).toContain("First release");
      // Each package's own note, not another package's: no note is repeated.
      expect(changelog.match(/^- \w+: /gm), pkg).toHaveLength(1);
    }
    const sdk = JSON.parse(readFileSync(join(repo, "packages/sdk/package.json"), "utf8"));
    for (const [name, range] of Object.entries(sdk.dependencies as Record<string, string>))
      if (name.startsWith("@chaindata/")) expect(range, name).toBe("0.1.0");
    expect(version(repo, "docs")).toBe(docsVersion);
    expect(existsSync(join(repo, "packages/docs/CHANGELOG.md"))).toBe(false);
  }, 120_000);

  it("`changeset version` bumps the changed package, its dependents, and writes changelogs", () => {
    const { repo, pending } = cloneRepo("repo");
    // Consume whatever is pending first, so the test sees only its own changeset.
    if (pending.length)
      execFileSync("npx", ["changeset", "version"], { cwd: repo, stdio: "ignore" });
    const before = {
      das: version(repo, "das"),
      core: version(repo, "core"),
      sdk: version(repo, "sdk"),
      wallet: version(repo, "wallet"),
    };
    writeFileSync(
      join(repo, ".changeset", "test-das-fix.md"),
      `---\n"@chaindata/das": patch\n---\n\nFix the getAsset example.\n`,
    );
    execFileSync("npx", ["changeset", "version"], { cwd: repo, stdio: "ignore" });
    expect(version(repo, "das")).toBe(bump(before.das, "patch"));
    expect(version(repo, "core")).toBe(before.core);
    expect(version(repo, "wallet")).toBe(before.wallet);
    expect(version(repo, "sdk")).toBe(bump(before.sdk, "patch")); // depends on das
    const sdkPkg = JSON.parse(readFileSync(join(repo, "packages/sdk/package.json"), "utf8"));
    expect(sdkPkg.dependencies["@chaindata/das"]).toBe(version(repo, "das"));
    expect(readFileSync(join(repo, "packages/das/CHANGELOG.md"), "utf8")).toContain(
      "Fix the getAsset example.",
    );
    expect(existsSync(join(repo, ".changeset", "test-das-fix.md"))).toBe(false);
  }, 120_000);
});
