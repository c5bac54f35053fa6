// Each paged operation's pagination descriptor, exported from its built package as
// `<operation>Pagination` (user trial 57, F7): a method the package does not cover that pages as
// one it does (DAS getAssetsByGroup as getAssetsByOwner) is walked with `paginate` and that
// export, not with nine fields copied from a README.
import * as compression from "@chaindata/compression";
import * as das from "@chaindata/das";
import {
  createDasRpc,
  getAssetsByOwnerPagination,
  getAssetsByOwnerU64Shape,
  paginate,
  type Asset,
  type AssetList,
  type RpcMethodDescriptor,
} from "@chaindata/das";
import * as wallet from "@chaindata/wallet";
import { describe, expect, it } from "vitest";
import * as compressionOps from "../../packages/compression/src/generated/operations.js";
import * as dasOps from "../../packages/das/src/generated/operations.js";
import * as walletOps from "../../packages/wallet/src/generated/operations.js";

const COLLECTION = "J1S9H3QjnRtBbbuD4HjPV6RpRhwuk4zKbxsnCHuTgh9w";
const id = (n: number) => `${"1".repeat(31)}${"ABCDEFGHJK"[n]}`;

/** Whether `value` and every object and list inside it are frozen. */
const deeplyFrozen = (value: unknown): boolean =>
  !value ||
  typeof value !== "object" ||
  (Object.isFrozen(value) && Object.values(value).every(deeplyFrozen));

describe("<operation>Pagination: each paged operation's descriptor, exported", () => {
  const cases = [
    ["das", das, dasOps],
    ["compression", compression, compressionOps],
    ["wallet", wallet, walletOps],
  ] as const;
  for (const [area, pkg, ops] of cases)
    it(`${area}: one export per paged operation, equal to (not the same object as) its descriptor's, frozen`, () => {
      const paged = Object.entries(ops).filter(
        ([, d]) => d && typeof d === "object" && "pagination" in d && d.pagination,
      ) as [string, { pagination: object }][];
      expect(paged.length).toBeGreaterThan(0);
      const exported = Object.keys(pkg)
        .filter((name) => name.endsWith("Pagination"))
        .sort();
      expect(exported).toEqual(paged.map(([name]) => `${name}Pagination`).sort());
      for (const [name, descriptor] of paged) {
        const own = (pkg as Record<string, unknown>)[`${name}Pagination`];
        expect(own, name).toEqual(descriptor.pagination);
        // (A copy: the package's own walks read their descriptor's, which a caller cannot reach.)
        expect(own, name).not.toBe(descriptor.pagination);
        expect(deeplyFrozen(own), name).toBe(true);
      }
    });

  it("das: a caller cannot change the shared export (strict mode throws)", () => {
    expect(() => {
      (getAssetsByOwnerPagination as { items: string }).items = "editions";
    }).toThrow(TypeError);
    expect(() => {
      (getAssetsByOwnerPagination.keyset as string[]).push("page");
    }).toThrow(TypeError);
    expect(getAssetsByOwnerPagination.items).toBe("items");
  });

  it("walks getAssetsByGroup, a method the package does not cover, with getAssetsByOwnerPagination", async () => {
    interface GroupParams {
      groupKey: "collection";
      groupValue: string;
      page?: number;
      limit?: number;
      sortBy?: { sortBy: "id" | "created" };
      cursor?: string;
    }
    const getAssetsByGroup: RpcMethodDescriptor<never, GroupParams, AssetList> = {
      id: "getAssetsByGroup",
      idempotent: true,
      u64: getAssetsByOwnerU64Shape,
    };
    const sent: { method: string; params: Record<string, unknown> }[] = [];
    // Two pages by keyset (sortBy id): a full page of 2 with its cursor, then a short one.
    const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      sent.push({ method: body.method, params: body.params });
      const first = sent.length === 1;
      const items = (first ? [0, 1] : [2]).map((n) => ({
        id: id(n),
        interface: "V1_NFT",
        supply: { print_max_supply: 0, print_current_supply: n },
      }));
      const result = { total: items.length, limit: 2, cursor: first ? "next-1" : null, items };
      return new Response(JSON.stringify({ jsonrpc: "2.0", id: body.id, result }), {
        headers: { "content-type": "application/json" },
      });
    };
    const rpc = createDasRpc({ apiKey: "pagination-export-test-key", fetch });
    const assets: Asset[] = [];
    for await (const asset of paginate<Asset, AssetList, GroupParams>(
      (params, answered) => rpc.call(getAssetsByGroup, params, { onResponse: answered }),
      getAssetsByOwnerPagination,
      { groupKey: "collection", groupValue: COLLECTION, limit: 2, sortBy: { sortBy: "id" } },
      { operation: "getAssetsByGroup", maxPages: 5 },
    ))
      assets.push(asset);
    expect(assets.map((a) => a.id)).toEqual([id(0), id(1), id(2)]);
    // (The export's `u64` partner: a supply below 2^53 is a bigint, as AssetList says.)
    expect(assets[2]?.supply?.print_current_supply).toBe(2n);
    // By keyset from the start (keysetWhen: sortBy.sortBy id): no `page`, then the cursor.
    expect(sent.map((s) => s.method)).toEqual(["getAssetsByGroup", "getAssetsByGroup"]);
    expect(sent[0]?.params).not.toHaveProperty("page");
    expect(sent[1]?.params).toMatchObject({ cursor: "next-1", limit: 2 });
    expect(sent[1]?.params).not.toHaveProperty("page");
  });
});
