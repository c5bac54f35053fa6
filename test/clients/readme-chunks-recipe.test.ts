// The generated READMEs' "More `<list>` than one call takes" recipe (user trial 57, F5: 1,500 ids
// for getAssetBatch, refused, and no word on how to split them), run as written against a stub
// fetch: the das block, with 1,500 ids in place of its empty list, sends two requests, of 1,000 and
// 500 ids, and gives the 1,500 entries in request order; the compression block, whose params are
// the list itself, likewise. (test/types/readme.test.ts type-checks
// every area README's blocks, the token-metadata and wallet recipes too.)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

const root = join(import.meta.dirname, "../..");
const readme = (area: string) => readFileSync(join(root, `packages/${area}/README.md`), "utf8");

/** The ```ts block of `area`'s README under the heading that starts with `heading`. */
function recipe(area: string, heading: string): string {
  const text = readme(area);
  const at = text.indexOf(`\n## ${heading}`);
  expect(at, `packages/${area}/README.md has no "## ${heading}…" section`).toBeGreaterThan(-1);
  return /```ts\n([\s\S]*?)```/.exec(text.slice(at))![1]!;
}

// (28 zero bytes, then `2` and five digits: 4 bytes, so 32 in all, as an address decodes to.)
const ID = (n: number) => `${"1".repeat(28)}2${String(n).padStart(5, "0").replace(/0/g, "A")}`;

/**
 * Runs the recipe of `area`'s README under `heading` as a module in `dir`, its empty list (`= [];
 * // as many as you have`) replaced by `input`; resolves with the module's `names`.
 */
async function runRecipe<T>(
  dir: string,
  area: string,
  heading: string,
  input: unknown[],
  names: string[],
): Promise<T> {
  const block = recipe(area, heading);
  const placeholder = "= []; // as many as you have";
  expect(block).toContain(placeholder);
  const source =
    ts.transpileModule(block.replace(placeholder, "= (globalThis as any).recipeInput;"), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText + `\nexport { ${names.join(", ")} };\n`;
  const file = join(dir, `${area}.mjs`);
  writeFileSync(file, source);
  (globalThis as { recipeInput?: unknown[] }).recipeInput = input;
  process.env.CHAINDATA_API_KEY ??= "chunks-recipe-placeholder";
  try {
    return (await import(pathToFileURL(file).href)) as T;
  } finally {
    delete (globalThis as { recipeInput?: unknown[] }).recipeInput;
  }
}

describe("README recipe: more items than one call takes", () => {
  const dir = mkdtempSync(join(root, "test/clients/.chunks-"));
  afterEach(() => vi.unstubAllGlobals());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("das: 1,500 ids go out as two getAssetBatch calls of 1,000 and 500, the results in request order", async () => {
    const sent: number[] = [];
    vi.stubGlobal("fetch", async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      expect(Array.isArray(body), "a batch: the recipe's client has no `batch`").toBe(false);
      sent.push(body.params.ids.length);
      const result = body.params.ids.map((id: string) => ({ id, interface: "V1_NFT" }));
      return new Response(JSON.stringify({ jsonrpc: "2.0", id: body.id, result }), {
        headers: { "content-type": "application/json" },
      });
    });
    const ids = Array.from({ length: 1500 }, (_, i) => ID(i));
    const { results } = await runRecipe<{ results: { id: string }[] }>(
      dir,
      "das",
      "More `ids` than one call takes",
      ids,
      ["results"],
    );
    expect(sent).toEqual([1000, 500]);
    expect(results.map((r) => r.id)).toEqual(ids);
  });

  it("compression: 1,500 addresses, the params themselves, go out as two getMultipleNewAddressProofsV2 calls of 1,000 and 500; the refusal quoted is the client's", async () => {
    const sent: number[] = [];
    vi.stubGlobal("fetch", async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      expect(Array.isArray(body), "a batch: the recipe's client has no `batch`").toBe(false);
      // (The JSON-RPC params are the list itself.)
      expect(Array.isArray(body.params)).toBe(true);
      sent.push(body.params.length);
      const value = body.params.map(({ address }: { address: string }) => ({ address }));
      return new Response(
        JSON.stringify({ jsonrpc: "2.0", id: body.id, result: { context: { slot: 1 }, value } }),
        { headers: { "content-type": "application/json" } },
      );
    });
    const TREE = "amt1Ayt45jfbdw5YSo7iz6WZxUmnZsQTYXy82hVwyC2";
    const addresses = Array.from({ length: 1500 }, (_, i) => ({ address: ID(i), tree: TREE }));
    const { results, compression } = await runRecipe<{
      results: { value: { address: string }[] }[];
      compression: { getMultipleNewAddressProofsV2(p: unknown): Promise<unknown> };
    }>(dir, "compression", "More `addresses` than one call takes", addresses, [
      "results",
      "compression",
    ]);
    expect(sent).toEqual([1000, 500]);
    expect(results.flatMap((r) => r.value.map((p) => p.address))).toEqual(
      addresses.map((a) => a.address),
    );
    // The section quotes the refusal a list of 1,001 gets, nothing sent.
    const refused = await compression
      .getMultipleNewAddressProofsV2(addresses.slice(0, 1001))
      .catch((e: Error) => e);
    expect(sent).toEqual([1000, 500]);
    expect(readme("compression")).toContain(
      `(more is a \`ValidationError\`, nothing sent: \`${(refused as Error).message}\`)`,
    );
  });

  it("names the bound and the batcher's one request where the area batches; the REST areas' without it", () => {
    expect(readme("das")).toContain(
      "`getAssetBatch` takes at most 1,000 `ids` (more is a `ValidationError`, nothing sent: `params.ids: must have at most 1000 items (got 1001)`).",
    );
    expect(readme("das")).toContain(
      "With `batch` on the client, calls made in the same tick go out as ONE HTTP request",
    );
    for (const [area, text] of [
      ["wallet", "`getBatchIdentity` takes at most 100 `addresses`"],
      ["token-metadata", "`getTokenMetadata` takes at most 100 `mintAccounts`"],
    ] as const) {
      expect(readme(area)).toContain(text);
      expect(readme(area)).not.toContain("With `batch` on the client");
    }
  });
});
