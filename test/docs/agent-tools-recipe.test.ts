// The core README's "AI agents and MCP tools" recipe does what its section says: its tools are the
// package's tool schemas (`@chaindata/das/tool-schemas`), a tool call goes to the operation of its
// name with the model's arguments, which the call's checks refuse with nothing sent when they are
// wrong, a page walk cut after `maxItems` items fetches no page after it, u64 values reach the model's text with every
// digit, an error's text is the message (key masked, the server's message cut) with whether the
// same call may succeed later, the host's signal stops the request, and `asJsonData` writes u64
// values as strings. The block is taken from the README as written.
import { readFileSync } from "node:fs";
import { runInThisContext } from "node:vm";
import * as das from "@chaindata/das";
import * as dasTools from "@chaindata/das/tool-schemas";
import ts from "typescript";
import { afterEach, describe, expect, it, vi } from "vitest";

const readme = readFileSync(new URL("../../packages/core/README.md", import.meta.url), "utf8");
const heading = readme.indexOf("## AI agents and MCP tools");
if (heading < 0) throw new Error('packages/core/README.md has no "## AI agents and MCP tools"');
const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(heading))![1]!;

type ToolResult = { content: { type: "text"; text: string }[]; isError?: boolean };
interface Recipe {
  tools: { name: string; description: string; inputSchema: { type: string } }[];
  callTool(name: string, args: unknown, signal: AbortSignal): Promise<ToolResult>;
  assetsByOwner(
    args: { ownerAddress: string; maxItems?: number },
    signal: AbortSignal,
  ): Promise<ToolResult>;
  asJsonData(value: unknown): unknown;
}

/** The block as a function of the package (its client made as it loads, with the global fetch). */
function load(): Recipe {
  const code = block
    .replace(
      /^import \{([^}]*)\} from "@chaindata\/das";$/m,
      (_, names: string) => `const { ${names} } = deps;`,
    )
    .replace(
      /^import \{([^}]*)\} from "@chaindata\/das\/tool-schemas";$/m,
      (_, names: string) => `const { ${names} } = toolDeps;`,
    )
    .replace(/^export /gm, "");
  const js = ts.transpileModule(code, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None },
  }).outputText;
  const make = runInThisContext(
    `((deps, toolDeps) => { ${js}\n return { tools, callTool, assetsByOwner, asJsonData }; })`,
  ) as (deps: typeof das, tools: typeof dasTools) => Recipe;
  return make(das, dasTools);
}

const KEY = "agent-recipe-key-0000000000000000000";
const ownerAddress = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const U64_MAX = "18446744073709551615";

/** A page of `n` assets, each with a supply of 2^64 - 1 written as a bare JSON integer. */
const page = (id: string, n: number) =>
  new Response(
    JSON.stringify({
      jsonrpc: "2.0",
      id,
      result: {
        total: n,
        limit: 100,
        page: 1,
        items: Array.from({ length: n }, (_, i) => ({
          id: `asset${i}`,
          interface: "FungibleToken",
          content: { metadata: { name: `Token ${i}` } },
          token_info: { supply: "SUPPLY" },
        })),
      },
    }).replaceAll('"SUPPLY"', U64_MAX),
    { headers: { "content-type": "application/json" } },
  );

/** A global fetch answering with `answer`; records each request's signal. */
function answering(answer: (id: string, n: number, signal: AbortSignal) => Promise<Response>) {
  const signals: AbortSignal[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      signals.push(init.signal!);
      const { id } = JSON.parse(String(init.body)) as { id: string };
      return answer(id, signals.length, init.signal!);
    }),
  );
  return signals;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("the agent tools recipe", () => {
  it("lists every DAS operation as a tool, from the package's tool schemas", () => {
    const { tools } = load();
    expect(tools.map((t) => t.name)).toEqual(Object.keys(dasTools.toolSchemas));
    expect(tools.map((t) => t.name)).toContain("getAssetsByOwner");
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.description.length).toBeGreaterThan(0);
    }
  });

  it("calls the operation a tool names with the model's arguments; wrong ones are refused with nothing sent", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", KEY);
    const sent = answering(async (id) =>
      Response.json({ jsonrpc: "2.0", id, result: { id: ownerAddress, interface: "V1_NFT" } }),
    );
    const { callTool } = load();
    const signal = new AbortController().signal;
    const found = await callTool("getAsset", { id: ownerAddress }, signal);
    expect(found.isError).toBeUndefined();
    expect(JSON.parse(found.content[0]!.text)).toMatchObject({ id: ownerAddress });
    expect(sent).toHaveLength(1);
    const wrong = await callTool(
      "getAssetsByOwner",
      { ownerAddress, page: 2, cursor: "abc" },
      signal,
    );
    expect(wrong.isError).toBe(true);
    expect(wrong.content[0]!.text).toBe(
      "params.cursor: cannot be used with page\nRetrying the same call will not help.",
    );
    const unknown = await callTool("searchAssets", {}, signal);
    expect(unknown).toEqual({
      isError: true,
      content: [{ type: "text", text: "No tool named searchAssets" }],
    });
    expect(sent).toHaveLength(1);
  });

  it("cuts a walk at maxItems (no page after it fetched) and writes every u64 digit", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", KEY);
    const sent = answering(async (id) => page(id, 100));
    const { assetsByOwner } = load();
    const result = await assetsByOwner({ ownerAddress, maxItems: 3 }, new AbortController().signal);
    expect(sent).toHaveLength(1);
    expect(result.isError).toBeUndefined();
    expect(result.content[0]!.text).toBe(
      `[${[0, 1, 2].map((i) => `{"id":"asset${i}","name":"Token ${i}","supply":${U64_MAX}}`).join(",")}]`,
    );
  });

  // (User trial 62, F7: `reply` cut a long result at 20,000 characters mid-JSON, which a model
  // reads as whole; a page of getAssetsByOwner without `limit` is far past it.)
  it("gives a result whole as JSON, and past 20,000 characters says how to ask for less instead of cutting the JSON", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", KEY);
    const sizes = [100, 400];
    answering(async (id, n) => page(id, sizes[n - 1]!));
    const { callTool } = load();
    const signal = new AbortController().signal;
    const whole = await callTool("getAssetsByOwner", { ownerAddress }, signal);
    expect(whole.isError).toBeUndefined();
    expect(das.parseJson(whole.content[0]!.text)).toMatchObject({ total: 100 });
    const long = await callTool("getAssetsByOwner", { ownerAddress }, signal);
    expect(long.isError).toBe(true);
    const [, length] =
      /^The result is (\d+) characters of JSON, over the 20000 a tool result may hold: ask for fewer items \(a smaller limit\)\.$/.exec(
        long.content[0]!.text,
      ) ?? [];
    expect(Number(length)).toBeGreaterThan(20_000);
  });

  it("gives an error's message, key masked and the server's message cut, and whether to retry", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", KEY);
    answering(async (id, n) =>
      n <= 2
        ? new Response("busy", { status: 503 })
        : Response.json({
            jsonrpc: "2.0",
            id,
            error: { code: -32602, message: `Invalid params for ${KEY}: ${"x".repeat(1000)}` },
          }),
    );
    const { assetsByOwner } = load();
    const signal = new AbortController().signal;
    const busy = await assetsByOwner({ ownerAddress }, signal);
    expect(busy.isError).toBe(true);
    expect(busy.content[0]!.text).toBe(
      "HTTP 503 from getAssetsByOwner: busy (2 attempts)\nThe same call may succeed later.",
    );
    const refused = (await assetsByOwner({ ownerAddress }, signal)).content[0]!.text;
    expect(refused).toMatch(
      /^JSON-RPC error -32602 from getAssetsByOwner: Invalid params for \*\*\*: x+…\nRetrying the same call will not help\.$/,
    );
    expect(refused).not.toContain(KEY);
    expect(refused.length).toBeLessThan(600);
  });

  it("stops the request in flight when the host's signal aborts", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", KEY);
    const signals = answering(
      (_id, _n, signal) =>
        new Promise((_, reject) =>
          signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        ),
    );
    const { assetsByOwner } = load();
    const host = new AbortController();
    const pending = assetsByOwner({ ownerAddress }, host.signal);
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    host.abort(new Error("cancelled by the client"));
    const result = await pending;
    expect(signals[0]!.aborted).toBe(true);
    expect(result.content[0]!.text).toMatch(/^getAssetsByOwner was aborted/);
  });

  it("asJsonData writes u64 values as strings, where a JSON round trip of stringifyJson rounds them", () => {
    const { asJsonData } = load();
    const result = { token_info: { supply: 2n ** 64n - 1n, decimals: 6 } };
    expect(asJsonData(result)).toEqual({ token_info: { supply: U64_MAX, decimals: 6 } });
    // (What the README warns of: the text keeps the digits, JSON.parse does not.)
    const roundTrip = JSON.parse(das.stringifyJson(result)) as { token_info: { supply: number } };
    expect(String(roundTrip.token_info.supply)).toBe("18446744073709552000");
  });
});
