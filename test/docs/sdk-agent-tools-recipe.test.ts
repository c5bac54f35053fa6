// The sdk README's agent tools recipe (`@chaindata/sdk/tool-schemas`, `toolAreas`) as written: a
// tool call goes to its area's operation with the model's arguments, and the arguments the call
// would never see, a no-params tool's (listWebhooks, ping) and those beside a wrapped array
// (getMultipleNewAddressProofsV2's `addresses`), are refused with nothing sent, instead of being
// dropped while the model believes they applied (user trial 62, F3).
import { readFileSync } from "node:fs";
import { runInThisContext } from "node:vm";
import * as sdk from "@chaindata/sdk";
import * as sdkTools from "@chaindata/sdk/tool-schemas";
import ts from "typescript";
import { afterEach, describe, expect, it, vi } from "vitest";

const readme = readFileSync(new URL("../../packages/sdk/README.md", import.meta.url), "utf8");
const start = readme.indexOf("Every area's operations as tools");
if (start < 0) throw new Error('packages/sdk/README.md has no "Every area\'s operations as tools"');
const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(start))![1]!;

type CallTool = (
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
) => Promise<unknown>;

/** The block as a function of the packages (its client made as it loads, with the global fetch). */
function load(): { tools: { name: string }[]; callTool: CallTool } {
  const code = block
    .replace(
      /^import \{([^}]*)\} from "@chaindata\/sdk";$/m,
      (_, n: string) => `const {${n}} = deps;`,
    )
    .replace(
      /^import \{([^}]*)\} from "@chaindata\/sdk\/tool-schemas";$/m,
      (_, n: string) => `const {${n}} = toolDeps;`,
    )
    .replace(/^export /gm, "");
  const js = ts.transpileModule(code, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None },
  }).outputText;
  return (
    runInThisContext(`((deps, toolDeps) => { ${js}\n return { tools, callTool }; })`) as (
      deps: typeof sdk,
      tools: typeof sdkTools,
    ) => { tools: { name: string }[]; callTool: CallTool }
  )(sdk, sdkTools);
}

const address = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("the sdk's agent tools recipe", () => {
  it("calls each area's operation, and refuses the arguments a call would not see, with nothing sent", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", "sdk-recipe-key-00000000000000000000");
    const sent: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push(new URL(url).pathname);
        if (init.method === "GET") return Response.json([]);
        const { id } = JSON.parse(String(init.body)) as { id: string };
        return Response.json({ jsonrpc: "2.0", id, result: { context: { slot: 1 }, value: [] } });
      }),
    );
    const { tools, callTool } = load();
    expect(tools.map((t) => t.name)).toEqual(Object.keys(sdkTools.toolSchemas));
    const signal = new AbortController().signal;

    await expect(callTool("listWebhooks", { limit: 5 }, signal)).rejects.toThrow(
      "limit: not an argument of listWebhooks (it takes none)",
    );
    const addresses = [{ address, tree: address }];
    await expect(
      callTool("getMultipleNewAddressProofsV2", { addresses, limit: 3 }, signal),
    ).rejects.toThrow(
      "limit: not an argument of getMultipleNewAddressProofsV2 (it takes addresses)",
    );
    await expect(
      callTool("getMultipleNewAddressProofsV2", { address, tree: address }, signal),
    ).rejects.toThrow("address, tree: not an argument of getMultipleNewAddressProofsV2");
    await expect(callTool("getMultipleNewAddressProofsV2", {}, signal)).rejects.toThrow(
      "addresses: is required",
    );
    expect(sent).toEqual([]);

    await expect(callTool("listWebhooks", {}, signal)).resolves.toEqual([]);
    await expect(
      callTool("getMultipleNewAddressProofsV2", { addresses }, signal),
    ).resolves.toMatchObject({ value: [] });
    expect(sent).toEqual(["/v0/webhooks", "/"]);
  });
});
