// The generator's one-line usage samples (README first call, JSDoc @example): the result variable
// never takes a name the sample already binds or calls, or the sample would not run
// (`const webhooks = await webhooks.listWebhooks()` is a SyntaxError).
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { exampleFor as restExample } from "../../scripts/generate/rest.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { exampleFor as rpcExample } from "../../scripts/generate/rpc.mjs";

const restOp = (operationId: string) => ({ o: { operationId }, params: [], body: undefined });
const resultOf = (line: string) => /^const (\S+) = await /.exec(line)?.[1];

describe("REST exampleFor", () => {
  it("names the result after the operation without its verb", () => {
    expect(restExample({}, restOp("getWebhook"), "webhooks")).toBe(
      "const webhook = await webhooks.getWebhook();",
    );
    expect(resultOf(restExample({}, restOp("getProjectUsage"), "admin"))).toBe("projectUsage");
  });

  it("never reuses the client's name", () => {
    expect(restExample({}, restOp("listWebhooks"), "webhooks")).toBe(
      "const webhookList = await webhooks.listWebhooks();",
    );
    expect(resultOf(restExample({}, restOp("getTokenMetadata"), "tokenMetadata"))).toBe("metadata");
    expect(resultOf(restExample({}, restOp("getWallet"), "wallet"))).toBe("result");
    expect(resultOf(restExample({}, restOp("getResult"), "result"))).toBe("result2");
  });

  it("never reuses another name of the sample, nor a reserved word", () => {
    expect(
      resultOf(restExample({}, restOp("getCreateWalletClient"), "wallet", ["createWalletClient"])),
    ).toBe("walletClient");
    expect(resultOf(restExample({}, restOp("deleteDefault"), "admin"))).toBe("result");
  });
});

describe("JSON-RPC exampleFor", () => {
  const method = (name: string, result: string) => ({
    name,
    result: { name: result },
    examples: [{ params: [{ name: "id", value: "x" }] }],
  });

  it("names the result after the method's result descriptor", () => {
    expect(rpcExample(method("getAsset", "asset"), "das")).toBe(
      'const asset = await das.getAsset({\n  id: "x"\n});',
    );
    expect(rpcExample(method("getAsset", "asset"), "", "rpc")).toBe(
      'const asset = await getAsset(rpc, {\n  id: "x"\n});',
    );
  });

  it("never reuses the client, `rpc`, the called function or another name of the sample", () => {
    expect(resultOf(rpcExample(method("getDas", "das"), "das"))).toBe("result");
    expect(resultOf(rpcExample(method("getRpc", "rpc"), "", "rpc"))).toBe("result");
    expect(resultOf(rpcExample(method("asset", "asset"), "", "rpc"))).toBe("result");
    expect(
      resultOf(
        rpcExample(method("getX", "createDasClient"), "das", undefined, ["createDasClient"]),
      ),
    ).toBe("result");
  });
});
