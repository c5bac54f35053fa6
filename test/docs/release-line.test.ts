/**
 * The site's version and license line (review 47 F6: no page said which version the packages are,
 * nor under which license they ship): the footer of every page gives the published packages'
 * version and license as their package.json files say them, never a copy in the docs' code.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocs } from "../../packages/docs/src/index.mjs";
// @ts-expect-error — plain ESM module without type declarations
import { publishedPackages } from "../../packages/docs/src/build.mjs";
// @ts-expect-error — plain ESM module without type declarations
import { releaseLine } from "../../packages/docs/src/html.mjs";

const root = join(import.meta.dirname, "../..");
const out = join(mkdtempSync(join(tmpdir(), "chaindata-docs-release-")), "site");
beforeAll(() => {
  buildDocs({ spec: join(root, "spec/dist"), out });
});
afterAll(() => rmSync(join(out, ".."), { recursive: true, force: true }));

const htmlFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) =>
    statSync(join(dir, f)).isDirectory()
      ? htmlFiles(join(dir, f))
      : f.endsWith(".html")
        ? [join(dir, f)]
        : [],
  );

/** What packages/*\/package.json say: each published package's name, version and license. */
function fromPackageJson() {
  return readdirSync(join(root, "packages")).flatMap((name) => {
    const pkg = JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8"));
    return pkg.private ? [] : [{ name: pkg.name, version: pkg.version, license: pkg.license }];
  });
}

/** How the footer must say `key` of `packages`: once when they share it, else per package. */
function expectedPart(packages: ReturnType<typeof fromPackageJson>, key: "version" | "license") {
  const values = [...new Set(packages.map((p) => p[key]))];
  if (values.length > 1) return packages.map((p) => `<code>${p.name}</code> ${p[key]}`);
  return key === "version"
    ? [`version ${values[0]}${values[0] === "0.0.0" ? " (not on npm yet)" : ""};`]
    : [` ${values[0]} license.</span></footer>`];
}

describe("the footer's version and license", () => {
  it("every page's footer gives the packages' version and license from their package.json", () => {
    const packages = fromPackageJson();
    expect(packages.length).toBeGreaterThan(5);
    const parts = [...expectedPart(packages, "version"), ...expectedPart(packages, "license")];
    const files = htmlFiles(out);
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const footer = /<footer class="foot">[\s\S]*?<\/footer>/.exec(
        readFileSync(file, "utf8"),
      )?.[0];
      for (const part of parts) expect(footer, file).toContain(part);
    }
    // (MIT today, the repository's LICENSE.)
    if (new Set(packages.map((p) => p.license)).size === 1)
      expect(readFileSync(join(root, "LICENSE"), "utf8").split("\n")[0]).toBe(
        `${packages[0]!.license} License`,
      );
  });

  it("reads the private package (the docs') out, and lists each package where they differ", () => {
    const packages = publishedPackages(join(root, "packages"));
    expect(packages.map((p: { name: string }) => p.name)).not.toContain("@chaindata/docs");
    expect(packages.map((p: { name: string }) => p.name)).toContain("@chaindata/core");
    expect(
      releaseLine([
        { name: "@chaindata/core", version: "1.2.0", license: "MIT" },
        { name: "@chaindata/das", version: "1.3.0", license: "Apache-2.0" },
      ]),
    ).toBe(
      ' <span class="release">Packages (<code>@chaindata/*</code>): versions <code>@chaindata/core</code> 1.2.0, <code>@chaindata/das</code> 1.3.0; licenses <code>@chaindata/core</code> MIT, <code>@chaindata/das</code> Apache-2.0.</span>',
    );
    expect(releaseLine([{ name: "@chaindata/core", version: "1.0.0", license: "MIT" }])).toBe(
      ' <span class="release">Packages (<code>@chaindata/*</code>): version 1.0.0; MIT license.</span>',
    );
    expect(releaseLine([])).toBe("");
  });
});
