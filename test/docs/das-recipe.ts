// A README recipe that imports from @chaindata/das, made runnable by a test with a client of its
// own: test/docs/pool-recipe.test.ts and read-ahead-recipe.test.ts.
import ts from "typescript";
import { expect } from "vitest";

/**
 * `block` as the body of an async function: JavaScript, its `import { … } from '@chaindata/das'`
 * read from a `dasModule` argument (type-only names dropped), so that the test hands it a module
 * whose `createDasClient` is pointed at its stub.
 */
export function dasRecipeJs(block: string): string {
  const js = ts.transpileModule(block, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  const imports = /^import \{([^}]*)\} from '@chaindata\/das';$/m;
  expect(js, "the block's import").toMatch(imports);
  return js.replace(imports, (_, names: string) => {
    const kept = names
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith("type "));
    return `const { ${kept.join(", ")} } = dasModule;`;
  });
}

/** The constructor of async functions: `new AsyncFunction("dasModule", …, js)`. */
export const AsyncFunction = (async () => {}).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<void>;
