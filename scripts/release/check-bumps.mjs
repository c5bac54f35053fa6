#!/usr/bin/env node
// Run by `npm run version-packages` before `changeset version`: refuses pending changesets that
// give a package a breaking bump while a public package depending on it gets less. changesets
// bumps an internal dependent by a patch whatever its dependency's bump
// (`updateInternalDependencies` decides only whether it is bumped), so a minor of a 0.x area
// (breaking under `^0.1.0`) went out in the sdk as a patch, 0.1.0 → 0.1.1, and a breaking core
// reached every area's users the same way: the areas re-export core's API, the sdk every area's,
// and each pins its internal dependencies exactly.
//
//   node scripts/release/check-bumps.mjs
//
// Breaking: the new version is out of the caret range of the old one (a major; a minor at 0.x; any
// bump at 0.0.x). The changesets are read from their front matter (`"@chaindata/das": minor`).
import { existsSync, readFileSync, readdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseCli } from "../lib/cli.mjs";

const USAGE = `Usage (at the repository root, before \`changeset version\`):
  node scripts/release/check-bumps.mjs

Refuses (exit 1) when a pending changeset gives a package a breaking bump (a major, a minor at 0.x)
and a public package depending on it is not given a breaking bump of its own.`;

const RANK = { none: 0, patch: 1, minor: 2, major: 3 };

/** `version` bumped by `bump` ("patch" | "minor" | "major"). */
export function bumped(version, bump) {
  const [major, minor, patch] = version.split(".").map(Number);
  if (bump === "major") return `${major + 1}.0.0`;
  if (bump === "minor") return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** Whether `bump` takes `version` out of its caret range (`^version`). */
export function isBreaking(version, bump) {
  const [major, minor] = version.split(".").map(Number);
  if (bump === "major") return true;
  if (major > 0) return false;
  return bump === "minor" || (minor === 0 && bump === "patch");
}

/** The highest bump each package is given by the changesets in `dir`: `Map<name, bump>`. */
export function pendingBumps(dir) {
  const bumps = new Map();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith(".md") || file === "README.md") continue;
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(join(dir, file), "utf8"));
    for (const [, name, bump] of (front?.[1] ?? "").matchAll(
      /^\s*["']?([^"':\s]+)["']?\s*:\s*["']?(major|minor|patch|none)["']?\s*$/gm,
    ))
      if (RANK[bump] > RANK[bumps.get(name) ?? "none"]) bumps.set(name, bump);
  }
  return bumps;
}

/** The problems of the pending changesets of the repository at `root`, each a sentence. */
export function checkBumps(root) {
  const packagesDir = join(root, "packages");
  const packages = readdirSync(packagesDir)
    .filter((dir) => existsSync(join(packagesDir, dir, "package.json")))
    .map((dir) => JSON.parse(readFileSync(join(packagesDir, dir, "package.json"), "utf8")))
    .filter((pkg) => !pkg.private);
  const versions = new Map(packages.map((pkg) => [pkg.name, pkg.version]));
  const bumps = pendingBumps(join(root, ".changeset"));
  const problems = [];
  for (const pkg of packages) {
    const own = bumps.get(pkg.name) ?? "none";
    if (own !== "none" && isBreaking(pkg.version, own)) continue;
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
    for (const dep of deps.filter((name) => versions.has(name))) {
      const bump = bumps.get(dep) ?? "none";
      if (bump === "none" || !isBreaking(versions.get(dep), bump)) continue;
      const needed = pkg.version.startsWith("0.") ? "minor" : "major";
      const gets = own === "none" ? "a patch" : `only a ${own}`;
      problems.push(
        `${pkg.name} gets ${gets} (${pkg.version} → ${bumped(pkg.version, own === "none" ? "patch" : own)}) with ${dep}'s ${bump} (${versions.get(dep)} → ${bumped(versions.get(dep), bump)}, outside ^${versions.get(dep)}), which it depends on: add "${pkg.name}": ${needed} to a changeset (.changeset/README.md)`,
      );
    }
  }
  return problems;
}

// (Run, not imported. Node runs the file at its real path: scripts/ may be reached by a link.)
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  parseCli("check-bumps", {}, USAGE);
  const problems = checkBumps(process.cwd());
  if (problems.length) {
    console.error(
      `check-bumps: a dependency's breaking bump would reach its dependents' users in a compatible one:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    process.exit(1);
  }
}
