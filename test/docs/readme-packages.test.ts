// The root README's package table, held to packages/*/package.json: a package scaffolded for a new
// area (or any other new published package) needs its row, which only a person can write (what
// the package is for), so the test names the row to add. A private package (the docs site) has none.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const readme = readFileSync(join(root, "README.md"), "utf8");

/** The published packages of packages/*: name → whether it is private. */
const packages = readdirSync(join(root, "packages"))
  .map((dir) => join(root, "packages", dir, "package.json"))
  .filter((file) => existsSync(file))
  .map((file) => JSON.parse(readFileSync(file, "utf8")) as { name: string; private?: boolean });

/** The package column of README.md's table headed `| package | what |`, in its order. */
function packageRows(markdown: string): string[] {
  const lines = markdown.split("\n");
  const head = lines.findIndex((l) => /^\|\s*package\s*\|\s*what\s*\|\s*$/.test(l));
  if (head < 0) return [];
  const rows: string[] = [];
  for (const line of lines.slice(head + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(/^\|\s*`?([^`|]+?)`?\s*\|/.exec(line)?.[1] ?? line);
  }
  return rows;
}

describe("README.md package table", () => {
  it("has a row for every published package of packages/*, and none for another", () => {
    const rows = packageRows(readme);
    expect(rows.length, 'README.md has no table headed "| package | what |"').toBeGreaterThan(0);
    const published = packages.filter((p) => !p.private).map((p) => p.name);
    const missing = published.filter((name) => !rows.includes(name));
    expect(
      missing,
      `README.md's package table ("| package | what |") has no row for ${missing.join(", ")}: add ${missing.map((name) => `"| \`${name}\` | <what it is for> |"`).join(", ")} (before @chaindata/sdk's row; then npx prettier --write README.md)`,
    ).toEqual([]);
    const extra = rows.filter((name) => !published.includes(name));
    expect(
      extra,
      `README.md's package table lists ${extra.join(", ")}, which no published package of packages/* is named (package.json "name"; a private one has no row): remove or rename the row`,
    ).toEqual([]);
    expect(new Set(rows).size, "README.md's package table lists a package twice").toBe(rows.length);
  });

  it("reads the package column of the table (and finds a missing row)", () => {
    const table = [
      "| package | what |",
      "| --- | --- |",
      "| `@chaindata/core` | runtime |",
      "| `@chaindata/das` | DAS |",
      "",
      "| other | table |",
    ].join("\n");
    expect(packageRows(table)).toEqual(["@chaindata/core", "@chaindata/das"]);
    expect(packageRows("no table")).toEqual([]);
  });
});
