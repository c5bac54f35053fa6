// The core README's "Tracing each attempt" recipe does what its section says: two requests of a
// gateway, each in its own AsyncLocalStorage store, whose calls share one batch request (retried
// once), each get the records of that request's attempts in their own store. A gateway's tracer
// read the store in the client's logger and fetch, which run in the batch's first caller's
// context, and could not tell the callers apart (user trial). Its metrics example (the client's
// onAttempt) gets every call's attempts. Each block is taken from the README as written (found by
// what it declares: the section has two), and run with the package as published (built dist/).
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import { runInThisContext } from "node:vm";
import * as das from "@chaindata/das";
import ts from "typescript";
import { afterEach, describe, expect, it, vi } from "vitest";

const readme = readFileSync(new URL("../../packages/core/README.md", import.meta.url), "utf8");
const heading = readme.indexOf("### Tracing each attempt");
if (heading < 0) throw new Error('packages/core/README.md has no "### Tracing each attempt"');
/** The section's ts block that holds `text` (the blocks' order is the README's to change). */
const blockWith = (text: string) => {
  const found = [...readme.slice(heading).matchAll(/```ts\n([\s\S]*?)```/g)]
    .map((match) => match[1]!)
    .find((code) => code.includes(text));
  if (!found)
    throw new Error(`packages/core/README.md: no ts block with ${text} under its heading`);
  return found;
};

type Handle = (
  id: string,
  assetId: string,
) => Promise<{ asset: unknown; attempts: Record<string, unknown>[] }>;

/**
 * `block` as a function of its imports (each `import { … } from 'm'` read from `modules`) and of
 * what it declares (`scope`), returning `result`, a name it defines.
 */
function load<T>(
  block: string,
  result: string,
  modules: Record<string, object>,
  scope: Record<string, unknown> = {},
): T {
  const code = block
    .replace(
      /^import \{([^}]*)\} from '([^']+)';$/gm,
      (_, names: string, from: string) => `const {${names}} = modules[${JSON.stringify(from)}];`,
    )
    .replace(/^export /gm, "");
  const js = ts.transpileModule(code, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None },
  }).outputText;
  return runInThisContext(
    `((modules, { ${Object.keys(scope).join(", ")} }) => { ${js}\n return ${result}; })`,
  )(modules, scope) as T;
}

const KEY = "attempts-recipe-key-0123456789";
const asset = (id: string) => ({ id, interface: "V1_NFT" });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("the core README's onAttempt recipe", () => {
  it("gives two requests whose calls share a retried batch each the records of its attempts, in its own store", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", KEY);
    const bodies: unknown[] = [];
    let n = 0;
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      bodies.push(body);
      // The first request fails with a 503 that asks for no wait; the retry is answered.
      if (++n === 1)
        return new Response('{"error":"unavailable"}', {
          status: 503,
          headers: { "retry-after-ms": "0", "x-request-id": "first" },
        });
      return new Response(
        JSON.stringify(
          body.map((r: { id: string; params: { id: string } }) => ({
            jsonrpc: "2.0",
            id: r.id,
            result: asset(r.params.id),
          })),
        ),
        { headers: { "content-type": "application/json", "x-request-id": "second" } },
      );
    });
    const handle = load<Handle>(blockWith("export function handle"), "handle", {
      "node:async_hooks": { AsyncLocalStorage },
      "@chaindata/das": das,
    });
    const ids = [
      "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263",
      "So11111111111111111111111111111111111111112",
    ];
    const [a, b] = await Promise.all([handle("a", ids[0]!), handle("b", ids[1]!)]);
    // One batch request of both calls, sent twice.
    expect(bodies).toHaveLength(2);
    expect((bodies[0] as unknown[]).length).toBe(2);
    expect(a.asset).toMatchObject({ id: ids[0] });
    expect(b.asset).toMatchObject({ id: ids[1] });
    for (const { attempts } of [a, b])
      expect(attempts.map(({ durationMs, ...rest }) => rest)).toEqual([
        {
          operation: "batch(getAsset ×2)",
          batchSize: 2,
          attempt: 1,
          status: 503,
          error: "InternalServerError",
          retryAfter: 0,
          requestId: "first",
          willRetry: true,
        },
        {
          operation: "batch(getAsset ×2)",
          batchSize: 2,
          attempt: 2,
          status: 200,
          error: undefined,
          requestId: "second",
          willRetry: false,
        },
      ]);
    expect(JSON.stringify([a.attempts, b.attempts])).not.toContain(KEY);
  });

  it("its metrics example records every call's attempts, by operation and outcome", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", KEY);
    let n = 0;
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      const { id, params } = JSON.parse(String(init.body));
      // The first request fails with a 503 that asks for no wait; the others are answered.
      if (++n === 1)
        return new Response('{"error":"unavailable"}', {
          status: 503,
          headers: { "retry-after-ms": "0" },
        });
      return new Response(
        JSON.stringify({
          jsonrpc: "2.0",
          id,
          result: params.ids ? params.ids.map(asset) : asset(params.id),
        }),
        {
          headers: { "content-type": "application/json" },
        },
      );
    });
    const histogram = vi.fn();
    const client = load<das.DasClient>(
      blockWith("metrics.histogram"),
      "das",
      { "@chaindata/das": das },
      { metrics: { histogram } },
    );
    await client.getAsset({ id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" });
    await client.getAssetBatch({ ids: ["So11111111111111111111111111111111111111112"] });
    expect(histogram.mock.calls.map(([name, ms, tags]) => [name, typeof ms, tags])).toEqual([
      [
        "chaindata.attempt.ms",
        "number",
        { operation: "getAsset", outcome: "InternalServerError", willRetry: true },
      ],
      [
        "chaindata.attempt.ms",
        "number",
        { operation: "getAsset", outcome: "200", willRetry: false },
      ],
      [
        "chaindata.attempt.ms",
        "number",
        { operation: "getAssetBatch", outcome: "200", willRetry: false },
      ],
    ]);
  });
});

describe("the core README's call-outcome and correlation-header recipes", () => {
  it("counts a call's outcome where it is awaited: a JSON-RPC error in a 200 answer too, which no attempt record shows as one", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", KEY);
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      const { id } = JSON.parse(String(init.body));
      return Response.json({ jsonrpc: "2.0", id, error: { code: -32000, message: "failed" } });
    });
    const increment = vi.fn();
    const findAsset = load<(id: string) => Promise<unknown>>(
      blockWith("async function counted"),
      "findAsset",
      { "@chaindata/das": das },
      { metrics: { increment } },
    );
    await expect(findAsset("DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263")).rejects.toThrow(
      "failed",
    );
    expect(increment.mock.calls).toEqual([
      ["chaindata.calls", { operation: "getAsset", outcome: "JsonRpcError" }],
    ]);
  });

  it("puts the correlation id on every request, a retry's too", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", KEY);
    const seen: (string | null)[] = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers).get("x-correlation-id"));
      const { id, params } = JSON.parse(String(init.body));
      if (seen.length === 1)
        return new Response("{}", { status: 503, headers: { "retry-after-ms": "0" } });
      return Response.json({ jsonrpc: "2.0", id, result: asset(params.id) });
    });
    const handle = load<(id: string, assetId: string) => Promise<unknown>>(
      blockWith("x-correlation-id"),
      "handle",
      { "node:async_hooks": { AsyncLocalStorage }, "@chaindata/das": das },
    );
    await expect(
      handle("req-7", "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263"),
    ).resolves.toMatchObject({ id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" });
    expect(seen).toEqual(["req-7", "req-7"]);
  });
});
