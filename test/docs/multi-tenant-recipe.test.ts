// The core README's "Many API keys in one process" recipe does what its section says: a tenant
// without a key is refused (CHAINDATA_API_KEY is not used for it), a key that changes gets a new
// client, and a 429 answering one tenant's key holds that tenant alone while the service's own
// cap still counts every call (user trial 40). The block is taken from the README as written.
import { readFileSync } from "node:fs";
import { runInThisContext } from "node:vm";
import * as das from "@chaindata/das";
import ts from "typescript";
import { afterEach, describe, expect, it, vi } from "vitest";

const readme = readFileSync(new URL("../../packages/core/README.md", import.meta.url), "utf8");
const heading = readme.indexOf("### Many API keys in one process");
if (heading < 0)
  throw new Error('packages/core/README.md has no "### Many API keys in one process"');
const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(heading))![1]!;

interface Recipe {
  dasFor(tenant: string): Promise<das.DasClient>;
  clients: Map<string, unknown>;
}

/** The block as a function of the package and `keyOf` (its `declare`d store). */
function load(keyOf: (tenant: string) => Promise<string | undefined>): Recipe {
  const code = block
    .replace(
      /^import \{([^}]*)\} from '@chaindata\/das';$/m,
      (_, names: string) =>
        `const { ${names
          .split(",")
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith("type "))
          .join(", ")} } = deps;`,
    )
    .replace(/^export /gm, "");
  const js = ts.transpileModule(code, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None },
  }).outputText;
  const make = runInThisContext(`((deps, keyOf) => { ${js}\n return { dasFor, clients }; })`) as (
    deps: typeof das,
    keyOf: (tenant: string) => Promise<string | undefined>,
  ) => Recipe;
  return make(das, keyOf);
}

const id = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";

/** A global fetch (the recipe's clients take the global one) answering per key; records what it got. */
function answering(answer: (key: string, n: number) => Response | undefined) {
  const sent: { key: string; at: number }[] = [];
  const started = Date.now();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const key = new URL(url).searchParams.get("api-key")!;
      sent.push({ key, at: Date.now() - started });
      const { id: rpcId } = JSON.parse(String(init.body)) as { id: string };
      return (
        answer(key, sent.filter((s) => s.key === key).length) ??
        Response.json({ jsonrpc: "2.0", id: rpcId, result: { id, last_indexed_slot: 1 } })
      );
    }),
  );
  return sent;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("the multi-tenant recipe", () => {
  it("refuses a tenant without a key rather than serve it on CHAINDATA_API_KEY", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", "the-service-own-key-0000000000000000");
    const sent = answering(() => undefined);
    const { dasFor } = load(async (tenant) =>
      tenant === "a" ? "key-of-tenant-a-000000000000000000" : undefined,
    );
    await expect(dasFor("b")).rejects.toThrow("No API key for tenant b");
    await (await dasFor("a")).getAsset({ id });
    expect(sent.map((s) => s.key)).toEqual(["key-of-tenant-a-000000000000000000"]);
  });

  it("makes a new client when a tenant's key changes, and keeps one while it does not", async () => {
    answering(() => undefined);
    let key = "first-key-of-tenant-a-000000000000";
    const { dasFor } = load(async () => key);
    const first = await dasFor("a");
    expect(await dasFor("a")).toBe(first);
    key = "second-key-of-tenant-a-00000000000";
    expect(await dasFor("a")).not.toBe(first);
  });

  it("holds only the tenant whose key a 429 answered", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const keys: Record<string, string> = {
      a: "key-of-tenant-a-000000000000000000",
      b: "key-of-tenant-b-000000000000000000",
    };
    // On a fake clock: what is asserted is the recipe's waits, which a loaded machine's slower
    // calls would add to (a bound of 0.9 s on the wall clock failed beside two busy loops).
    vi.useFakeTimers();
    // Tenant a's first request: 429, Retry-After 1 s.
    const sent = answering((key, n) =>
      key === keys.a && n === 1
        ? new Response("slow down", { status: 429, headers: { "retry-after": "1" } })
        : undefined,
    );
    const { dasFor } = load(async (tenant) => keys[tenant]);
    const a = await dasFor("a");
    const b = await dasFor("b");
    const started = Date.now();
    const first = a.getAsset({ id });
    await vi.advanceTimersByTimeAsync(50);
    expect(sent).toHaveLength(1);
    // After the 429: tenant a's next call waits out its second, tenant b's goes at once.
    const took = (call: Promise<unknown>) => call.then(() => Date.now() - started);
    const all = Promise.all([took(first), took(a.getAsset({ id })), took(b.getAsset({ id }))]);
    await vi.advanceTimersByTimeAsync(5_000);
    const [aFirst, aNext, bNext] = await all;
    expect(aFirst).toBeGreaterThanOrEqual(1_000);
    expect(aNext).toBeGreaterThanOrEqual(1_000);
    // (At once, made 50 ms after the 429; held behind tenant a's Retry-After, it ends a second
    // after it, with a's.)
    expect(bNext).toBeLessThan(900);
  });
});
