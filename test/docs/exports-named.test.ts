// The site names every function, class and constant that the packages an app installs export
// (user trial 79: `parseUnits`, the `./known-values` entries and the receiver's `parseDelivery`,
// `eventSignature` and `safeEqual` were exported by the packages, documented in their READMEs and
// nowhere on the site, so a reader of the site alone could not find them). The exports are read
// from the API reports (test/packaging/api/<package>.api.md, held to the build by
// api-report.test.ts): each entry's names before its `// Internal:` line. A family of generated
// names counts as named when the site names its pattern (`check<Method>`). Types are left out:
// each schema has its page, and an operation's input and result types are named on its page.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildDocs } from "../../packages/docs/src/index.mjs";
import { specDir } from "../contract/spec.js";

const API_DIR = join(import.meta.dirname, "../packaging/api");
// @chaindata/core is the runtime the other packages re-export what an app uses of (its README
// documents the rest, for a client of your own); the mock is a tool the site links to its README.
const NOT_INSTALLED_BY_APPS = new Set(["core", "mock"]);
// Generated per operation: named on the site by the pattern, with one example of it.
const FAMILIES = [
  { pattern: "check&lt;Method&gt;", matches: (name: string) => /^check[A-Z]/.test(name) },
  { pattern: "&lt;operation&gt;Pagination", matches: (name: string) => /Pagination$/.test(name) },
  { pattern: "&lt;operation&gt;Tool", matches: (name: string) => /Tool$/.test(name) },
];

const tmp = mkdtempSync(join(tmpdir(), "chaindata-exports-named-"));
let html = "";
beforeAll(() => {
  const out = join(tmp, "site");
  buildDocs({ spec: specDir, out });
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".html")) pages.push(readFileSync(path, "utf8"));
    }
  };
  walk(out);
  html = pages.join("\n");
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Each entry of a package's API report (`.`, `./known-values`, …) with its public value exports. */
function publicValues(pkg: string): { entry: string; names: string[] }[] {
  const report = readFileSync(join(API_DIR, `${pkg}.api.md`), "utf8");
  return report
    .split(/^## /m)
    .slice(1)
    .map((section) => {
      const entry = /^`([^`]+)`/.exec(section)![1]!;
      const open = section.split(/^\/\/ Internal:/m)[0]!;
      // (Every `export { … }` list, a re-export from core then one from another package; each
      // name without its `/* @beta */` or `/* @deprecated */` mark.)
      const listed = [...open.matchAll(/export \{([\s\S]*?)\}/g)].flatMap((m) => m[1]!.split(","));
      const names = [
        ...listed
          .map((n) => n.replace(/\/\*.*?\*\//g, "").trim())
          .filter((n) => n && !n.startsWith("type ")),
        ...[...open.matchAll(/export declare (?:const|function|class) ([\w$]+)/g)].map(
          (m) => m[1]!,
        ),
      ];
      return { entry, names };
    });
}

const packages = readdirSync(API_DIR)
  .map((file) => file.replace(/\.api\.md$/, ""))
  .filter((pkg) => !NOT_INSTALLED_BY_APPS.has(pkg));

it("reads the exports of every package an app installs", () => {
  expect(packages).toEqual(expect.arrayContaining(["das", "wallet", "webhooks", "sdk"]));
  const webhooks = publicValues("webhooks");
  expect(webhooks.map((e) => e.entry)).toEqual([".", "./tool-schemas", "./known-values"]);
  expect(webhooks[0]!.names).toEqual(
    expect.arrayContaining(["createWebhookHandler", "parseUnits", "parseDelivery"]),
  );
});

it("names each package's functions, classes and constants (or their generated family)", () => {
  const text = html.replace(/<[^>]+>/g, " ");
  const words = new Set(text.match(/[\w$]+/g));
  const missing: string[] = [];
  for (const pkg of packages)
    for (const { entry, names } of publicValues(pkg))
      for (const name of names) {
        if (words.has(name)) continue;
        const family = FAMILIES.find((f) => f.matches(name));
        if (family && html.includes(family.pattern)) continue;
        missing.push(`@chaindata/${pkg}${entry.slice(1)}: ${name}`);
      }
  expect(missing).toEqual([]);
});

it("names each entry point beside the main one (`@chaindata/<area>/known-values`)", () => {
  const subpaths = new Set(
    packages.flatMap((pkg) =>
      publicValues(pkg)
        .map((e) => e.entry)
        .filter((entry) => entry !== "."),
    ),
  );
  expect([...subpaths].sort()).toEqual(["./known-values", "./tool-schemas"]);
  const unnamed = [...subpaths].filter(
    (subpath) => !new RegExp(`@chaindata/[a-z-]+${subpath.slice(1)}\\b`).test(html),
  );
  expect(unnamed).toEqual([]);
});

it("a schema page's In code names only entries that export its list and guard", () => {
  const sections = [...html.matchAll(/<section id="in-code"[\s\S]*?<\/section>/g)].map((m) => m[0]);
  expect(sections.length).toBeGreaterThanOrEqual(2); // KnownTransactionType, WebhookType
  const wrong: string[] = [];
  for (const section of sections) {
    const [list, guard] = [...section.matchAll(/<code>(\w+)<\/code> holds|<code>(\w+)\(value\)/g)]
      .map((m) => m[1] ?? m[2]!)
      .slice(0, 2);
    for (const [, pkg] of section.matchAll(/<code>@chaindata\/([a-z-]+)\/known-values<\/code>/g)) {
      const names = publicValues(pkg!).find((e) => e.entry === "./known-values")?.names ?? [];
      for (const name of [list!, guard!])
        if (!names.includes(name)) wrong.push(`@chaindata/${pkg}/known-values: no ${name}`);
    }
  }
  expect(wrong).toEqual([]);
});
