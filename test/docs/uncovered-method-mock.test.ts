// packages/core/README.md's "Walking a method no package covers" says what its getAssetsByGroup
// walk does against the local mock, which answers the spec's methods only: an indexer's walk of
// a collection, tried there, failed with a NotFoundError the README did not mention. The message
// quoted there is the one the walk rejects with, run against the mock, with the JSON-RPC code it
// names.
import { readFileSync } from "node:fs";
import {
  createDasRpc,
  getAssetsByOwnerPagination,
  isChainDataError,
  paginate,
  type Asset,
  type AssetList,
  type RpcMethodDescriptor,
} from "@chaindata/das";
import { startMock, type MockServer } from "@chaindata/mock";
import { afterAll, beforeAll, expect, it } from "vitest";

const readme = readFileSync(new URL("../../packages/core/README.md", import.meta.url), "utf8");
const heading = "### Walking a method no package covers";
const section = readme.slice(readme.indexOf(heading)).split(/^## /m)[0]!;

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0, quiet: true });
});
afterAll(async () => {
  await mock?.stop();
});

it("quotes the error the section's walk rejects with against the local mock", async () => {
  const quoted = /rejects with a `NotFoundError`:\s+`([^`]+)`/.exec(section)?.[1];
  expect(quoted, `the message quoted under '${heading}'`).toBeDefined();
  expect(section).toContain("`err.rpcError?.code === -32601`");

  interface GroupParams {
    groupKey: "collection";
    groupValue: string;
    limit?: number;
    sortBy?: { sortBy: "id" };
  }
  const getAssetsByGroup: RpcMethodDescriptor<never, GroupParams, AssetList> = {
    id: "getAssetsByGroup",
    idempotent: true,
  };
  const rpc = createDasRpc({ environment: "local", baseUrls: { rpc: mock.url }, maxRetries: 0 });
  const walk = paginate<Asset, AssetList, GroupParams>(
    (params, answered) => rpc.call(getAssetsByGroup, params, { onResponse: answered }),
    getAssetsByOwnerPagination,
    {
      groupKey: "collection",
      groupValue: "J1S9H3QjnRtBbbuD4HjPV6RpRhwuk4zKbxsnCHuTgh9w",
      limit: 1000,
      sortBy: { sortBy: "id" },
    },
    { operation: "getAssetsByGroup", maxPages: 100 },
  );
  const error = await (async () => {
    for await (const asset of walk) void asset;
  })().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isChainDataError(error)) throw new Error(`not a ChainDataError: ${String(error)}`);
  expect(error.name).toBe("NotFoundError");
  expect(error.message).toBe(quoted);
  expect(error.name === "NotFoundError" && error.rpcError?.code).toBe(-32601);
});
