// The packages under packages/ that npm publishes (not `private`), by folder name; and their
// `npm pack`, for the packaging tests.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
// @ts-expect-error — plain ESM scripts without type declarations
import { publishedPackages as published } from "../../scripts/lib/packages.mjs";

const root = new URL("../..", import.meta.url).pathname;

export const publishedPackages: string[] = published().map(({ dir }: { dir: string }) => dir);

/**
 * One package's `npm pack`: the files its tarball holds, the tarball (none in a dry run), and the
 * sizes in bytes npm gives, of the tarball and of its files unpacked.
 */
export interface Packed {
  files: string[];
  tarball?: string;
  size: number;
  unpackedSize: number;
}

/**
 * `npm pack` of the packages in `dirs` (folders under packages/), by folder: into `destination`,
 * or a dry run (the file lists only) without one. One npm run packs them all (`--workspace` each):
 * the same tarballs as an `npm pack` in each package's folder, but npm's start-up, most of such a
 * run, comes once, not once a package (the packaging tests packed every package, one npm a package).
 */
export function packPublished(
  dirs: string[],
  { destination, ignoreScripts = false }: { destination?: string; ignoreScripts?: boolean } = {},
): Record<string, Packed> {
  const out = execFileSync(
    "npm",
    [
      "pack",
      "--json",
      ...(destination ? ["--pack-destination", destination] : ["--dry-run"]),
      ...(ignoreScripts ? ["--ignore-scripts"] : []),
      ...dirs.map((dir) => `--workspace=packages/${dir}`),
    ],
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 },
  );
  const dirOf = new Map<string, string>(
    published().map(({ dir, pkg }: { dir: string; pkg: { name: string } }) => [pkg.name, dir]),
  );
  const packs: Record<string, Packed> = {};
  for (const p of JSON.parse(out) as {
    name: string;
    filename: string;
    files: { path: string }[];
    size: number;
    unpackedSize: number;
  }[])
    packs[dirOf.get(p.name) ?? p.name] = {
      files: p.files.map((f) => f.path),
      size: p.size,
      unpackedSize: p.unpackedSize,
      ...(destination && { tarball: join(destination, p.filename) }),
    };
  const missing = dirs.filter((dir) => !packs[dir]);
  if (missing.length) throw new Error(`npm pack printed no pack of ${missing.join(", ")}:\n${out}`);
  return packs;
}
