// The TypeScript the docs show passes the repository's own type-aware ESLint (eslint.config.mjs:
// typescript-eslint's recommendedTypeChecked): code copied from README.md, a package README or a
// docs-site snippet into a project linted that way must not fail it. Caught this way:
// `createServer(toNodeHandler(handle))` failed `@typescript-eslint/no-misused-promises` while the
// adapter returned a promise (user trial 27). test/types/readme.test.ts and snippets.test.ts
// type-check the same code with tsc; this lints it.
//
// Each block becomes a module under test-results/snippets-lint/ (git-, ESLint- and
// Prettier-ignored, outside the root tsconfig), with a tsconfig of its own there for the type
// information, and one ESLint run lints them all with the repository's configuration. One rule is
// off: a snippet binds a result to show its name and type (`const asset = await das.getAsset(…)`)
// and leaves it unused, which `no-unused-vars` would flag in every other block.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typeScriptSnippets } from "../../packages/docs/src/index.mjs";

const root = join(import.meta.dirname, "../..");
const dir = join(root, "test-results/snippets-lint");

/** READMEs whose ```ts blocks are fragments that lean on code around them (as in test/types/readme.test.ts). */
const FRAGMENTS = new Set(["packages/mock/README.md"]);

const tsBlocks = (markdown: string) =>
  [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);

const readmes = [
  "README.md",
  "docs/migrating-from-helius-sdk.md",
  ...readdirSync(join(root, "packages"))
    .filter((p) => existsSync(join(root, "packages", p, "README.md")))
    .sort()
    .map((p) => `packages/${p}/README.md`),
].filter((file) => !FRAGMENTS.has(file));

/** Each source (a README, a docs page) with its blocks. */
const sources = new Map<string, string[]>();
for (const file of readmes) sources.set(file, tsBlocks(readFileSync(join(root, file), "utf8")));
for (const snippet of typeScriptSnippets()) {
  const page = `docs: ${snippet.page}`;
  sources.set(page, [...(sources.get(page) ?? []), snippet.code]);
}
const moduleName = (source: string, i: number) =>
  `${source.replace(/[^\w]+/g, "_")}-${String(i).padStart(2, "0")}.ts`;

/** ESLint's findings ("line:column rule: message"), by source. */
const findings = new Map<string, string[]>();

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const sourceOf = new Map<string, string>();
  for (const [source, blocks] of sources)
    blocks.forEach((code, i) => {
      const name = moduleName(source, i);
      sourceOf.set(join(dir, name), `${source} block ${i}`);
      writeFileSync(join(dir, name), `${code}\nexport {};\n`);
    });
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      extends: "../../tsconfig.base.json",
      compilerOptions: { noEmit: true },
      include: ["*.ts"],
    }),
  );
  // `ignore: false`: test-results/ is in the configuration's ignores.
  const eslint = new ESLint({
    cwd: root,
    ignore: false,
    overrideConfig: {
      files: ["**/*.ts"],
      rules: { "@typescript-eslint/no-unused-vars": "off" },
    },
  });
  for (const result of await eslint.lintFiles([join(dir, "*.ts")])) {
    const where = sourceOf.get(result.filePath) ?? result.filePath;
    const source = where.replace(/ block \d+$/, "");
    for (const m of result.messages)
      findings.set(source, [
        ...(findings.get(source) ?? []),
        `${where} ${m.line}:${m.column} ${m.ruleId ?? "(parse)"}: ${m.message}`,
      ]);
  }
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("TypeScript in the READMEs and on the docs site, under the repository's type-aware ESLint", () => {
  it("has the blocks to lint: every README that has some, the docs site's snippets, the webhook receiver's", () => {
    expect(sources.get("README.md")!.length).toBeGreaterThan(1);
    expect([...sources.keys()].filter((s) => s.startsWith("docs: ")).length).toBeGreaterThan(10);
    // The adapter's line the trial copied: in the root README and the webhooks package's.
    for (const file of ["README.md", "packages/webhooks/README.md"])
      expect(
        sources.get(file)!.some((code) => code.includes("createServer(toNodeHandler(handle))")),
        file,
      ).toBe(true);
  });

  it.each([...sources.keys()].filter((source) => sources.get(source)!.length))(
    "%s passes",
    (source) => {
      expect(findings.get(source) ?? []).toEqual([]);
    },
  );
});
