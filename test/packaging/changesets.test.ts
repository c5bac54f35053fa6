// Releases: in a temporary clone, a new changeset plus `npx changeset version` bumps the
// named package by its bump type, writes its CHANGELOG entry, and bumps the packages that
// depend on it (internal dependencies are updated as a patch).
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
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

/** The changesets in `.changeset/` (of `base`: by default this working tree, committed or not). */
const changesets = (base = root) =>
  readdirSync(join(base, ".changeset")).filter((f) => f.endsWith(".md") && f !== "README.md");

/**
 * The files of `source`'s working tree that its last commit lacks or holds otherwise (edited,
 * added, untracked but not ignored), and those deleted since: what a clone of it misses.
 */
const uncommitted = (source: string) => {
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: source, encoding: "utf8" }).split("\0").filter(Boolean);
  const changed = [
    ...git("diff", "--name-only", "-z", "HEAD"),
    ...git("ls-files", "--others", "--exclude-standard", "-z"),
  ];
  return {
    present: changed.filter((f) => existsSync(join(source, f))),
    deleted: changed.filter((f) => !existsSync(join(source, f))),
  };
};

/**
 * A clone of `source` (by default this repository) in `name`, using its node_modules, with the
 * working tree's uncommitted changes copied over it (a new area's package and first-release note
 * before they are committed: `npm run generate` scaffolds both); and its pending changesets.
 */
const cloneRepo = (name: string, source = root) => {
  const repo = join(dir, name);
  execFileSync("git", ["clone", "-q", source, repo]);
  const { present, deleted } = uncommitted(source);
  for (const file of present) cpSync(join(source, file), join(repo, file), { recursive: true });
  for (const file of deleted) rmSync(join(repo, file), { force: true });
  // (Committed in the clone, as they will be: a CHANGELOG entry names the commit of its note.)
  if (present.length || deleted.length) {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, stdio: "ignore" });
    git("add", "-A");
    git(
      "-c",
      "user.name=test",
      "-c",
      "user.email=test@example.com",
      "commit",
      "-q",
      "-m",
      "uncommitted",
    );
  }
  // (Each entry of node_modules linked, not the folder: `npm install --package-lock-only` rewrites
  // node_modules/.package-lock.json, which must be the clone's, not this repository's.)
  if (existsSync(join(source, "node_modules"))) {
    mkdirSync(join(repo, "node_modules"));
    for (const entry of readdirSync(join(source, "node_modules")))
      if (entry !== ".package-lock.json")
        symlinkSync(join(source, "node_modules", entry), join(repo, "node_modules", entry));
  }
  return { repo, pending: changesets(repo) };
};

/**
 * What is wrong with the pending changesets before the first release, said as what to do: each
 * public package has its first-release note, and there is no other changeset (a change before then
 * edits the note of the package it changes: .changeset/README.md).
 */
function firstReleaseProblems(pending: string[], base = root): string[] {
  const notes = publicPackages.map((pkg) => `first-release-${pkg}.md`);
  const problems = notes
    .filter((note) => !pending.includes(note))
    .map(
      (note) =>
        `.changeset/${note} is missing: each public package has its first-release note until 0.1.0 is published (write it as \`---\\n"@chaindata/${note.slice("first-release-".length, -3)}": minor\\n---\\n\\nFirst release: <what the package is>\\n\`; \`npm run generate\` writes it only with a new package's skeleton)`,
    );
  for (const file of pending.filter((f) => !notes.includes(f))) {
    // (The packages it names, from its front matter: `"@chaindata/das": minor`.)
    const text = readFileSync(join(base, ".changeset", file), "utf8");
    const named = [...text.matchAll(/^["']?@chaindata\/([\w-]+)["']?\s*:/gm)].map((m) => m[1]!);
    const notes = named.map((pkg) => `.changeset/first-release-${pkg}.md`);
    const edit = notes.length
      ? notes.length > 1
        ? `${notes.slice(0, -1).join(", ")} and ${notes.at(-1)}`
        : notes[0]
      : ".changeset/first-release-<package>.md";
    problems.push(
      `.changeset/${file}: until 0.1.0 is published, edit ${edit} rather than adding a changeset (fold what it says into the note${named.length > 1 ? "s" : ""}, then delete it; .changeset/README.md)`,
    );
  }
  return problems;
}

describe("changesets", () => {
  it("before the first release, the pending changesets (of the working tree, committed or not) are the first-release notes, one per public package; another says which note to edit instead", () => {
    expect(firstReleaseProblems(changesets())).toEqual([]);
    // An extra changeset, named as `npx changeset` names them, for two packages.
    const extra = mkdtempSync(join(dir, "extra-"));
    cpSync(join(root, ".changeset"), join(extra, ".changeset"), { recursive: true });
    writeFileSync(
      join(extra, ".changeset", "brave-owls-sing.md"),
      `---\n"@chaindata/das": minor\n"@chaindata/wallet": minor\n---\n\nA new method.\n`,
    );
    rmSync(join(extra, ".changeset", "first-release-mint.md"));
    expect(firstReleaseProblems(changesets(extra), extra)).toEqual([
      '.changeset/first-release-mint.md is missing: each public package has its first-release note until 0.1.0 is published (write it as `---\\n"@chaindata/mint": minor\\n---\\n\\nFirst release: <what the package is>\\n`; `npm run generate` writes it only with a new package\'s skeleton)',
      ".changeset/brave-owls-sing.md: until 0.1.0 is published, edit .changeset/first-release-das.md and .changeset/first-release-wallet.md rather than adding a changeset (fold what it says into the notes, then delete it; .changeset/README.md)",
    ]);
  });

  it("a clone carries the working tree's uncommitted files: an untracked note counts, a deleted one is missing", () => {
    const source = mkdtempSync(join(dir, "source-"));
    const git = (...args: string[]) => execFileSync("git", args, { cwd: source, stdio: "ignore" });
    git("init", "-q");
    writeFileSync(join(source, ".gitignore"), "ignored.md\n");
    cpSync(join(root, ".changeset"), join(source, ".changeset"), { recursive: true });
    git("add", ".");
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "notes");
    // An area's note not yet `git add`ed, one added but not committed, one deleted, one ignored.
    writeFileSync(join(source, ".changeset", "first-release-new-area.md"), "---\n---\n");
    writeFileSync(join(source, ".changeset", "first-release-staged.md"), "---\n---\n");
    git("add", ".changeset/first-release-staged.md");
    rmSync(join(source, ".changeset", "first-release-mint.md"));
    writeFileSync(join(source, ".changeset", "ignored.md"), "---\n---\n");
    const { pending } = cloneRepo("overlay", source);
    expect(pending).toContain("first-release-new-area.md");
    expect(pending).toContain("first-release-staged.md");
    expect(pending).not.toContain("first-release-mint.md");
    expect(pending).not.toContain("ignored.md");
    expect(pending).toContain("first-release-das.md");
  });

  it("the first release (`npm run version-packages`): every public package goes from 0.0.0 to 0.1.0 with one CHANGELOG entry, its own note, and so does package-lock.json; the sdk's dependencies are one entry; the private docs package is not versioned", () => {
    const { repo, pending } = cloneRepo("first");
    // Until 0.1.0 is out, the pending changesets are the first-release notes, one per package
    // (`changeset version` runs in a clone with the working tree's uncommitted changes copied
    // over it: a new package and its note count before they are committed.)
    expect(firstReleaseProblems(pending, repo)).toEqual([]);
    for (const pkg of publicPackages) expect(version(repo, pkg), pkg).toBe("0.0.0");
    const docsVersion = version(repo, "docs");
    // (`changeset version`, then `npm install --package-lock-only`: .changeset/README.md.)
    execFileSync("npm", ["run", "version-packages"], { cwd: repo, stdio: "ignore" });
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
    // The lockfile records the versions and ranges the package.json files now say (user trial 33,
    // F9: `changeset version` alone left 29 lines at 0.0.0).
    const lock = JSON.parse(readFileSync(join(repo, "package-lock.json"), "utf8"));
    for (const pkg of publicPackages) {
      const json = JSON.parse(readFileSync(join(repo, "packages", pkg, "package.json"), "utf8"));
      const locked = lock.packages[`packages/${pkg}`];
      expect(locked.version, `package-lock.json packages/${pkg}`).toBe("0.1.0");
      expect(locked.dependencies ?? {}, `package-lock.json packages/${pkg}`).toEqual(
        json.dependencies ?? {},
      );
    }
    // Its bumped dependencies are one "Updated dependencies" entry listing the nine, not one line
    // per changeset of each (F11: ten lines, nine of them alike; scripts/release/changelog.cjs).
    const sdkLog = readFileSync(join(repo, "packages/sdk/CHANGELOG.md"), "utf8");
    expect(sdkLog.match(/^- Updated dependencies.*$/gm)).toEqual([
      expect.stringMatching(/^- Updated dependencies \[[0-9a-f]{7}(, [0-9a-f]{7})*\]$/),
    ]);
    expect(sdkLog.match(/^ {2}- @chaindata\/[\w-]+@0\.1\.0$/gm)).toHaveLength(
      Object.keys(sdk.dependencies).filter((name) => name.startsWith("@chaindata/")).length,
    );
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

  // changesets bumps a dependent by a patch whatever its dependency's bump: an area's 0.x minor
  // (outside `^0.1.0`) reached the sdk's users as sdk 0.1.0 → 0.1.1 (user trial 61, F1).
  it("`npm run version-packages` refuses a dependency's breaking bump without one for its dependents, naming the changeset line to add", () => {
    const { repo, pending } = cloneRepo("breaking");
    if (pending.length)
      execFileSync("npx", ["changeset", "version"], { cwd: repo, stdio: "ignore" });
    const before = { das: version(repo, "das"), sdk: version(repo, "sdk") };
    expect(before.das.startsWith("0.")).toBe(true);
    writeFileSync(
      join(repo, ".changeset", "test-das-breaking.md"),
      `---\n"@chaindata/das": minor\n---\n\nRename a param.\n`,
    );
    const run = spawnSync("npm", ["run", "--silent", "version-packages"], {
      cwd: repo,
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n").slice(1)).toEqual([
      `  - @chaindata/sdk gets a patch (${before.sdk} → ${bump(before.sdk, "patch")}) with @chaindata/das's minor (${before.das} → ${bump(before.das, "minor")}, outside ^${before.das}), which it depends on: add "@chaindata/sdk": minor to a changeset (.changeset/README.md)`,
    ]);
    expect(version(repo, "das")).toBe(before.das); // nothing versioned
    writeFileSync(
      join(repo, ".changeset", "test-sdk-breaking.md"),
      `---\n"@chaindata/sdk": minor\n---\n\nThe das client's renamed param.\n`,
    );
    execFileSync("npm", ["run", "--silent", "version-packages"], { cwd: repo, stdio: "ignore" });
    expect(version(repo, "das")).toBe(bump(before.das, "minor"));
    expect(version(repo, "sdk")).toBe(bump(before.sdk, "minor"));
  }, 120_000);
});
