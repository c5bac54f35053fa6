// packages/core/README.md's "Resuming a walk" recipe saves each checkpoint so that a power loss
// cannot leave it empty (user trial 35, F7): the temp file's data is flushed to the disk (an fsync)
// before the rename that puts it in place. The recipe runs here as written, with `node:fs` and the
// DAS client replaced by recorders (test/docs/page-walks.test.ts runs it for real, against the
// mock; a flush cannot be seen from there).
import ts from "typescript";
import { expect, it } from "vitest";
// @ts-expect-error — plain ESM module without type declarations
import * as build from "../../packages/docs/src/build.mjs";
// @ts-expect-error — plain ESM module without type declarations
import { pageWalksRecipes } from "../../packages/docs/src/pages.mjs";

const recipes: string[] = pageWalksRecipes({
  pageWalks: build.readmeSections(build.CORE_README, build.PAGE_WALKS_SECTION).pageWalks,
});
const recipe = recipes.find((code) => code.includes(".checkpoints()"))!;

/** The recipe as JavaScript, its imports read from the modules it is run with. */
function runnable(code: string) {
  const js = ts.transpileModule(code, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  const imports = /^import \{([^}]*)\} from '(node:fs|@chaindata\/das)';$/gm;
  expect(js.match(imports), "the recipe's imports").toHaveLength(2);
  const body = js.replace(imports, (_, names: string, from: string) => {
    const kept = names
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith("type "));
    return `const { ${kept.join(", ")} } = ${from === "node:fs" ? "fsModule" : "dasModule"};`;
  });
  const AsyncFunction = (async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>;
  return new AsyncFunction("fsModule", "dasModule", "store", body);
}

it("flushes each checkpoint's temp file to the disk before renaming it into place (user trial 35, F7)", async () => {
  const calls: [string, ...unknown[]][] = [];
  const fds = new Map<number, string>();
  const fs = new Proxy(
    {},
    {
      get:
        (_, name: string) =>
        (...args: unknown[]) => {
          calls.push([name, ...args]);
          if (name === "existsSync") return false;
          if (name === "openSync") {
            const fd = fds.size + 3;
            fds.set(fd, args[0] as string);
            return fd;
          }
          return undefined;
        },
    },
  );
  const das = {
    createDasClient: () => ({
      getAssetsByOwner: {
        all: () => ({
          async *checkpoints() {
            yield { result: { items: [] }, next: { ownerAddress: "o", limit: 1000, page: 2 } };
            yield { result: { items: [] }, next: undefined };
          },
        }),
      },
    }),
    parseJson: JSON.parse,
    stringifyJson: JSON.stringify,
  };
  await runnable(recipe)(fs, das, async () => {});

  // Each rename's source was written and flushed since the rename before it: by writeFileSync's
  // `flush: true`, or an fsyncSync of a descriptor opened on it.
  const renames = calls.flatMap(([name, from], i) => (name === "renameSync" ? [{ from, i }] : []));
  expect(renames).toHaveLength(2);
  let since = 0;
  for (const { from, i } of renames) {
    const before = calls.slice(since, i);
    const flushed = before.some(
      ([name, path, , options]) =>
        (name === "writeFileSync" &&
          path === from &&
          (options as { flush?: boolean } | undefined)?.flush === true) ||
        (name === "fsyncSync" && fds.get(path as number) === from),
    );
    expect(flushed, `${String(from)} flushed before its rename: ${JSON.stringify(before)}`).toBe(
      true,
    );
    since = i + 1;
  }
});
