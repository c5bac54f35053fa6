// `npm ci` on any platform: package-lock.json must hold an entry for every optional dependency of
// every locked package (the per-platform binaries of turbo, rollup, esbuild, …). npm resolves a
// node_modules path the way Node does: the package's own node_modules, then each parent's, then
// the root. A missing entry makes `npm ci` refuse the lockfile as "out of sync" on every machine
// (docs/decisions/0011-dependency-pins.md).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const semver = createRequire(import.meta.url)("semver") as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

interface LockEntry {
  version?: string;
  engines?: { node?: string };
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  link?: boolean;
}

const lock = JSON.parse(
  readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8"),
) as { lockfileVersion: number; packages: Record<string, LockEntry> };
const rootEngines = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    engines: { node: string };
  }
).engines.node;

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

  // `npm ci` on the oldest Node the repository supports prints no EBADENGINE: @solana/kit's
  // @solana/errors asked for commander 15 (Node >= 22.12) for its decode CLI, which nothing here
  // runs; the override gives it 14, which takes Node 20 (user trial 61, F4). npm skips an optional
  // package whose engines refuse the Node in use without a warning, so those are not counted.
  it("installs no package whose engines refuse the oldest Node the repository supports", () => {
    const oldestNode = semver.minVersion(rootEngines)?.version;
    expect(oldestNode).toMatch(/^20\./);
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path && !entry.optional && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(oldestNode!, entry.engines!.node!))
      .map(([path, entry]) => `${path}@${entry.version}: node ${entry.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
