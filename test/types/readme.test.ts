// The TypeScript in README.md, in every package README (packages/*/README.md, most of them
// generated) and in the generated clients' @example blocks compiles against the built packages, so
// the docs cannot drift from the API nor show code that does not run (a sample redeclaring its
// client, `const webhooks = await webhooks.listWebhooks()`, is a SyntaxError). Each sample becomes a
// module under test/types/.readme/ (git-ignored); one `tsc` run checks them all.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnosticsBy, tsc } from "./tsc.js";

const root = new URL("../..", import.meta.url).pathname;
const dir = `${root}test/types/.readme`;

/**
 * Package READMEs whose ```ts blocks are fragments, not modules (they lean on code around them),
 * so they are only parsed. Everything else must type-check as it stands.
 */
const FRAGMENTS: Record<string, string> = {
  "packages/mock/README.md":
    "snippets from inside a vitest suite: vitest globals, the SDK's factories and `mock` come from around them",
};
/**
 * A block of a fragments README that imports what it uses is a module a reader copies whole (a
 * test file, a globalSetup): it must type-check too, under the strict options (a suite of the
 * mock's README failed under noUncheckedIndexedAccess; user trial 60, F3).
 */
const isModule = (code: string) => /^import\b/m.test(code);

const tsBlocks = (markdown: string) =>
  [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
/**
 * The ```js blocks that opt into checking as a JavaScript user's file does, `// @ts-check` on
 * their first line: they type-check through JSDoc (checkJs) against the same declarations (user
 * trial 59, F2). Other ```js blocks (a Jest config's CommonJS) are left as they are.
 */
const checkedJsBlocks = (markdown: string) =>
  [...markdown.matchAll(/```js\n(\/\/ @ts-check\n[\s\S]*?)```/g)].map((m) => m[1]!);

const packages = readdirSync(`${root}packages`)
  .filter((p) => existsSync(`${root}packages/${p}/README.md`))
  .sort();
// docs/migrating-from-helius-sdk.md: its "before" blocks type-check against helius-sdk's
// declarations (the benchmarks' devDependency), its "after" blocks against the packages.
const readmes = [
  "README.md",
  "docs/migrating-from-helius-sdk.md",
  ...packages.map((p) => `packages/${p}/README.md`),
].map((file) => ({
  file,
  blocks: tsBlocks(readFileSync(`${root}${file}`, "utf8")),
  jsBlocks: checkedJsBlocks(readFileSync(`${root}${file}`, "utf8")),
}));

/** The @example blocks of a generated client.ts, each with what it needs declared around it. */
function examplesOf(pkg: string): string[] {
  const file = `${root}packages/${pkg}/src/generated/client.ts`;
  if (!existsSync(file)) return [];
  const source = readFileSync(file, "utf8");
  const factory = /export function (create\w+Client)\(/.exec(source)?.[1];
  if (!factory) return [];
  return [...source.matchAll(/^[ \t]*\* @example\n[ \t]*\* ```ts\n([\s\S]*?)^[ \t]*\* ```$/gm)].map(
    (m) => {
      const code = m[1]!.replace(/^[ \t]*\* ?/gm, "");
      // A standalone JSON-RPC function, `getAsset(rpc, …)` (a page walk too,
      // `for await (… of paginateGetAssetsByOwner(rpc, …))`), or a client member, `das.getAsset(…)`.
      // A REST package's is `getIdentity(rest, …)`.
      // (A params check's calls its own and the call, `checkGetAsset(rpc, …)` then `getAsset(rpc, …)`:
      // each is imported.)
      const standalone = /\b(\w+)\((rpc|rest)\b/.exec(code);
      const functions = [
        ...new Set([...code.matchAll(/\b(\w+)\((?:rpc|rest)\b/g)].map((m) => m[1])),
      ];
      // (`rpc` is what the package's create…Rpc returns: the sender's remembers its options, for
      // ping; `rest`, what its create…Rest returns.)
      const makeRpc = /export function (create\w+(?:Rpc|Rest))\(/.exec(source)?.[1];
      if (standalone)
        return `import { ${functions.join(", ")}, type ${makeRpc} } from "@chaindata/${pkg}";\ndeclare const ${standalone[2]}: ReturnType<typeof ${makeRpc}>;\n${code}`;
      // `<area>U64Shape`'s, or an operation's own shape's (`getAssetU64Shape`): a result kept as
      // JSON text, read back.
      const shapes = [...new Set(code.match(/\b\w+U64Shape\b/g))];
      if (shapes.length)
        return `import { parseJson, reviveU64, ${shapes.join(", ")} } from "@chaindata/${pkg}";\ndeclare const text: string, itemText: string;\n${code}`;
      // (A page walk's loop, `for await (const asset of das.getAssetsByOwner.all(…))`, too.)
      const client = /(?:await|of) (\w+)\./.exec(code)![1]!;
      return `import { ${factory} } from "@chaindata/${pkg}";\nconst ${client} = ${factory}();\n${code}`;
    },
  );
}
const examples = packages
  .map((pkg) => ({ pkg, modules: examplesOf(pkg) }))
  .filter((e) => e.modules.length);

/** tsc's diagnostics, by module folder under .readme/ (`readme-webhooks`, `examples-das`…). */
let errors = new Map<string, string[]>();
const folderOf = (file: string) =>
  file === "README.md"
    ? "readme-root"
    : file.startsWith("docs/")
      ? `docs-${file.slice(5, -3)}`
      : `readme-${file.split("/")[1]}`;

beforeAll(() => {
  rmSync(dir, { recursive: true, force: true });
  const write = (folder: string, modules: string[], extension = "ts") => {
    mkdirSync(`${dir}/${folder}`, { recursive: true });
    modules.forEach((code, i) =>
      writeFileSync(`${dir}/${folder}/block${i}.${extension}`, `${code}\nexport {};\n`),
    );
  };
  for (const { file, blocks, jsBlocks } of readmes)
    if (!(file in FRAGMENTS)) {
      write(folderOf(file), blocks);
      write(`${folderOf(file)}-js`, jsBlocks, "js");
    } else write(folderOf(file), blocks.filter(isModule));
  for (const { pkg, modules } of examples) write(`examples-${pkg}`, modules);
  writeFileSync(
    `${dir}/tsconfig.json`,
    JSON.stringify({
      extends: "../../../tsconfig.base.json",
      // (allowJs: the ```js blocks, checked as their `// @ts-check` asks.)
      compilerOptions: { noEmit: true, exactOptionalPropertyTypes: true, allowJs: true },
      include: ["**/*.ts", "**/*.js"],
    }),
  ); // (as strict a consumer as there is)
  const output = tsc("-p", dir, "--pretty", "false");
  errors = diagnosticsBy(output, (line) => /\.readme\/([^/]+)\//.exec(line)?.[1]);
  // (One tsc over every README's blocks, which has taken more than 60 s on a loaded machine.)
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("README ```ts blocks", () => {
  it("README.md and the generated package READMEs have blocks to check", () => {
    expect(readmes[0]!.blocks.length).toBeGreaterThan(1);
    const generated = readmes.filter(({ file }) =>
      readFileSync(`${root}${file}`, "utf8").startsWith("<!-- GENERATED"),
    );
    expect(generated.length).toBeGreaterThan(5);
    for (const { file, blocks } of generated) expect(blocks.length, file).toBeGreaterThan(0);
    for (const file of Object.keys(FRAGMENTS))
      expect(readmes.find((r) => r.file === file)?.blocks.length, file).toBeGreaterThan(0);
  });

  it("the core README has a ```js block checked as JavaScript (// @ts-check)", () => {
    const core = readmes.find(({ file }) => file === "packages/core/README.md")!;
    expect(core.jsBlocks.length).toBeGreaterThan(0);
  });

  it.each(
    readmes
      .filter(({ file, jsBlocks }) => jsBlocks.length && !(file in FRAGMENTS))
      .map(({ file }) => file),
  )("%s: its ```js blocks (// @ts-check) type-check", (file) => {
    expect(errors.get(`${folderOf(file)}-js`) ?? []).toEqual([]);
  });

  it("tsc ran", () => {
    expect(errors.get("(tsc)") ?? []).toEqual([]);
  });

  it.each(
    readmes
      .filter(({ file, blocks }) => blocks.length && !(file in FRAGMENTS))
      .map(({ file }) => file),
  )("%s type-checks", (file) => {
    expect(errors.get(folderOf(file)) ?? []).toEqual([]);
  });

  it.each(Object.keys(FRAGMENTS))("%s (fragments): its blocks that import type-check", (file) => {
    expect(readmes.find((r) => r.file === file)!.blocks.filter(isModule).length).toBeGreaterThan(0);
    expect(errors.get(folderOf(file)) ?? []).toEqual([]);
  });

  it.each(Object.keys(FRAGMENTS))("%s (fragments) parses", (file) => {
    const problems = readmes
      .find((r) => r.file === file)!
      .blocks.flatMap((code, i) =>
        (
          ts.transpileModule(code, {
            reportDiagnostics: true,
            compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
          }).diagnostics ?? []
        ).map((d) => `block ${i}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`),
      );
    expect(problems).toEqual([]);
  });
});

describe("generated @example blocks", () => {
  it.each(examples.map(({ pkg }) => pkg))(
    "packages/%s/src/generated/client.ts type-checks",
    (pkg) => {
      expect(errors.get(`examples-${pkg}`) ?? []).toEqual([]);
    },
  );
});
