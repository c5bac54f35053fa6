// `npm ci` on any platform: package-lock.json must hold an entry for every optional dependency of
// every locked package (the per-platform binaries of turbo, rollup, esbuild, …). npm resolves a
// node_modules path the way Node does: the package's own node_modules, then each parent's, then
// the root. A missing entry makes `npm ci` refuse the lockfile as "out of sync" on every machine
// (docs/decisions/0011-dependency-pins.md).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface LockEntry {
  optionalDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  link?: boolean;
}

const lock = JSON.parse(
  readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8"),
) as { lockfileVersion: number; packages: Record<string, LockEntry> };

/** Where Node (and npm) would find `name` when required from the package at `from`. */
function resolveFrom(from: string, name: string): string | undefined {
  for (let dir = from; ;) {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut < 0 ? "" : dir.slice(0, cut);
  }
}

describe("package-lock.json", () => {
  it("is lockfile version 3", () => expect(lock.lockfileVersion).toBe(3));

  it("has an entry for every optional dependency of every locked package", () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolveFrom(path, name)) missing.push(`${path || "(root)"} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
