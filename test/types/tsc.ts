// Runs the repository's TypeScript compiler and returns what it printed: "" when it found nothing.
import { execFileSync } from "node:child_process";

const root = new URL("../..", import.meta.url).pathname;

export function tsc(...args: string[]): string {
  return tscOf(`${root}node_modules/.bin/tsc`, args);
}

/**
 * `tsc` of TypeScript `version`, run with `args`: the published declarations must compile with
 * old versions too. Installed from the registry (the npm cache first) into `dir`, not as a
 * devDependency: a second `typescript` would take the repository's `tsc` command over.
 */
export function tscAt(version: string, dir: string, ...args: string[]): string {
  return typescriptAt(version, dir)(...args);
}

/** Installs TypeScript `version` into `dir` as tscAt does; returns its `tsc`, to run many times. */
export function typescriptAt(version: string, dir: string): (...args: string[]) => string {
  execFileSync(
    "npm",
    [
      "install",
      "--prefix",
      dir,
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      "--loglevel=error",
      `typescript@${version}`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  return (...args) => tscOf(`${dir}/node_modules/typescript/bin/tsc`, args);
}

/**
 * The oldest TypeScript the type tests themselves compile with: `satisfies` is 4.9's, and their
 * tsconfig's `moduleResolution` Bundler 5.0's.
 */
export const OLDEST_TYPESCRIPT = "5.0.4";

/**
 * The oldest TypeScript the READMEs promise (user trial 49): oldest-consumer.ts, written in its
 * syntax, compiles with it; test/packaging/declaration-syntax.test.ts keeps the declarations'
 * syntax within it.
 */
export const OLDEST_PROMISED_TYPESCRIPT = "4.7.4";

/**
 * The newest TypeScript, the native compiler (user trial 70, F10: `npm install -D typescript`
 * gives it): every consumer of types.test.ts compiles with it too. Exact, so that a release does
 * not change the test unseen: bump it by hand. Installed as tscAt installs the oldest ones: as
 * an aliased devDependency (`"typescript7": "npm:typescript@7.0.2"`) it took the repository's
 * `node_modules/.bin/tsc` link over on `npm install` (docs/decisions/0011-dependency-pins.md).
 */
export const NEWEST_TYPESCRIPT = "7.0.2";

function tscOf(bin: string, args: string[]): string {
  try {
    execFileSync(bin, args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    return "";
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return `${stdout}${stderr}`;
  }
}

/**
 * tsc's diagnostics (`--pretty false`) grouped by `keyOf(path)` of the file each is about: one
 * diagnostic per unindented line (`<path>(line,col): error TS…`), its indented lines after it.
 * A line about no file it recognises (a config error) goes under "(tsc)".
 */
export function diagnosticsBy(
  output: string,
  keyOf: (line: string) => string | undefined,
): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  let current = "(tsc)";
  for (const line of output.split("\n")) {
    if (!line.trim()) continue;
    if (!/^\s/.test(line)) current = keyOf(line) ?? "(tsc)";
    groups.set(current, [...(groups.get(current) ?? []), line]);
  }
  return groups;
}
