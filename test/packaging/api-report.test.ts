// The public API of every published package, as a user's TypeScript reads it from the built
// declarations (`scripts/api-report.mjs`): it matches the committed report of the package
// (test/packaging/api/<package>.api.md), so an export added or removed by accident fails here; a
// deliberate change is written with `node scripts/api-report.mjs --write` and reviewed as a diff.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { loadSurface, reportFile, reportOf } from "../../scripts/api-report.mjs";

interface Export {
  name: string;
  symbol: import("typescript").Symbol;
  typeOnly: boolean;
}
interface Entry {
  subpath: string;
  conditions: string;
  file: string;
  exports: Export[];
}
interface Package {
  dir: string;
  name: string;
  entries: Entry[];
}

const surface = loadSurface() as {
  program: import("typescript").Program;
  checker: import("typescript").TypeChecker;
  packages: Package[];
};

describe.each(surface.packages.map((p) => [p.name, p] as const))("%s", (_name, p) => {
  it("exports what its committed API report lists (`node scripts/api-report.mjs --write` updates it)", () => {
    const file = reportFile(p.dir) as string;
    const committed = existsSync(file)
      ? readFileSync(file, "utf8")
      : `(no ${file}: a new package? \`node scripts/api-report.mjs --write\` writes it)`;
    expect(reportOf(surface, p)).toBe(committed);
  });

  it("exports the same names under every condition of an entry point (import, require, node)", () => {
    for (const subpath of new Set(p.entries.map((e) => e.subpath))) {
      const names = p.entries
        .filter((e) => e.subpath === subpath)
        .map((e) => `${e.conditions}: ${e.exports.map((x) => x.name).join(" ")}`);
      expect(new Set(names.map((n) => n.slice(n.indexOf(":")))).size, names.join("\n")).toBe(1);
    }
  });
});
