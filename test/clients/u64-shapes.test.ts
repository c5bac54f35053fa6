// A result kept as JSON text and read back: `parseJson` gives `bigint` only past 2^53 - 1, and the
// package's `<area>U64Shape` (or the operation's own `<operation>U64Shape`) with `reviveU64` makes
// every u64 value a `bigint` again, as the call did.
import { dasU64Shape, createDasClient, parseJson, reviveU64, stringifyJson } from "@chaindata/das";
import { compressionU64Shape, createCompressionClient } from "@chaindata/compression";
import { createWalletClient, walletU64Shape } from "@chaindata/wallet";
import { describe, expect, it } from "vitest";
import { areas, HTTP_METHODS } from "../spec/documents.js";

const ADDRESS = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";

/** Whether `value` and every object inside it are frozen. */
const deeplyFrozen = (value: unknown): boolean =>
  !value ||
  typeof value !== "object" ||
  (Object.isFrozen(value) && Object.values(value).every(deeplyFrozen));
const answer = (body: string) => async () =>
  new Response(body, { headers: { "content-type": "application/json" } });

describe("<area>U64Shape: a cached result read back as the call gave it", () => {
  it("das getAsset: small and large u64 values, floats left as numbers", async () => {
    const asset = `{"id":"${ADDRESS}","interface":"FungibleToken","token_info":{"balance":5,"supply":18446744073709551615,"decimals":6,"price_info":{"price_per_token":1.5,"total_price":7.5}},"royalty":{"percent":0.05}}`;
    const das = createDasClient({
      apiKey: "u64-shape-test-key",
      fetch: answer(`{"jsonrpc":"2.0","id":"1","result":${asset}}`),
    });
    const result = await das.getAsset({ id: ADDRESS });
    expect(result.token_info?.balance).toBe(5n);
    const readBack = parseJson(stringifyJson(result)) as typeof result;
    // (What the shape is for: JSON alone brings a small u64 back as a number.)
    expect(readBack.token_info?.balance).toBe(5);
    expect(reviveU64(readBack, dasU64Shape("getAsset"))).toEqual(result);
    expect(readBack.token_info?.supply).toBe(18446744073709551615n);
    expect(readBack.token_info?.price_info?.price_per_token).toBe(1.5);
    expect(dasU64Shape("getNftEditions")).toEqual({ supply: 1, max_supply: 1 });
  });

  it("wallet getBalances: the shape of a REST operation, a float written as a big integer a number again", async () => {
    const wallet = createWalletClient({
      apiKey: "u64-shape-test-key",
      fetch: answer(
        `{"balances":[{"mint":"${ADDRESS}","balance":2.5,"decimals":6,"tokenProgram":"spl-token","usdValue":123456789012345678901}],"totalUsdValue":0,"pagination":{"page":1,"limit":100,"hasMore":false}}`,
      ),
    });
    const result = await wallet.getBalances({ wallet: ADDRESS });
    expect(result.balances[0]?.usdValue).toBe(Number("123456789012345678901"));
    const readBack = parseJson(stringifyJson(result)) as typeof result;
    expect(typeof readBack.balances[0]?.usdValue).toBe("bigint");
    expect(reviveU64(readBack, walletU64Shape("getBalances"))).toEqual(result);
  });

  it('(operation, "item"): one item of `.all()` kept alone, its path inside the page (DAS `items`, compression `value.items`)', async () => {
    // (The shape of a page does not fit an item, and the item's was undocumented: trial 4.)
    const asset = `{"id":"${ADDRESS}","interface":"FungibleToken","token_info":{"balance":5,"supply":7,"price_info":{"price_per_token":2}}}`;
    const das = createDasClient({
      apiKey: "u64-shape-test-key",
      fetch: answer(
        `{"jsonrpc":"2.0","id":"1","result":{"total":1,"limit":10,"page":1,"items":[${asset}]}}`,
      ),
    });
    for await (const item of das.getAssetsByOwner.all({ ownerAddress: ADDRESS, limit: 10 })) {
      expect(item.token_info?.supply).toBe(7n);
      const readBack = parseJson(stringifyJson(item));
      expect(reviveU64(readBack, dasU64Shape("getAssetsByOwner")), "the page's shape").not.toEqual(
        item,
      );
      expect(reviveU64(readBack, dasU64Shape("getAssetsByOwner", "item"))).toEqual(item);
    }
    const account = `{"hash":"h","lamports":3,"leafIndex":1,"owner":"${ADDRESS}","tree":"${ADDRESS}","slotCreated":9}`;
    const compression = createCompressionClient({
      apiKey: "u64-shape-test-key",
      fetch: answer(
        `{"jsonrpc":"2.0","id":"1","result":{"context":{"slot":1},"value":{"cursor":null,"items":[${account}]}}}`,
      ),
    });
    const items = [];
    for await (const item of compression.getCompressedAccountsByOwner.all({ owner: ADDRESS }))
      items.push(item);
    expect(items).toHaveLength(1);
    expect(items[0]?.lamports).toBe(3n);
    const shape = compressionU64Shape("getCompressedAccountsByOwner", "item");
    expect(reviveU64(parseJson(stringifyJson(items[0])), shape)).toEqual(items[0]);
  });

  it('(operation, "item") for an operation without a page walk: a TypeError naming those with one (JavaScript; the types refuse it)', () => {
    const call = () => (dasU64Shape as (name: string, part: string) => unknown)("getAsset", "item");
    expect(call).toThrow(TypeError);
    expect(call).toThrow(
      "operation: getAsset has no page walk, so no item shape (those with one: getAssetsByOwner, getAssetsByAuthority, getNftEditions)",
    );
    // A misspelt part gave the page's shape, and the items were revived without their bigints
    // (trial 9).
    const typo = () =>
      (dasU64Shape as (name: string, part: string) => unknown)("getAssetsByOwner", "items");
    expect(typo).toThrow(new TypeError('part: must be "item" or left out (got "items")'));
  });
});

// Each operation's own shape (`getAssetU64Shape`, and for an operation with a page walk its item's,
// `getAssetsByOwnerItemU64Shape`), which a bundle carries alone, where `<area>U64Shape(name)`
// carries every operation's (user trial 31): the same object the lookup gives, for every
// operation of every area that has the lookup (`undefined` where the result holds no u64 value
// nor float), and nothing besides them.
describe("<operation>U64Shape and <operation>ItemU64Shape: the lookup's shapes, one export each", () => {
  /** The operations `<area>U64Shape` knows: the area's document's (not a JSON-RPC area's plain-HTTP ones). */
  const operationsOf = (area: string): { name: string; paginated: boolean }[] => {
    const docs = areas.filter((a) => a.area === area);
    const main = docs.find((a) => a.kind === "openrpc") ?? docs[0]!;
    return main.kind === "openrpc"
      ? main.doc.methods.map((m: any) => ({ name: m.name, paginated: !!m["x-pagination"] }))
      : Object.values(main.doc.paths as Record<string, Record<string, any>>).flatMap((item) =>
          HTTP_METHODS.filter((verb) => item[verb]).map((verb) => ({
            name: item[verb].operationId,
            paginated: !!item[verb]["x-pagination"],
          })),
        );
  };
  const areaNames = [...new Set(areas.map((a) => a.area))];
  const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

  it.each(areaNames)("@chaindata/%s", async (area) => {
    const pkg = (await import(`@chaindata/${area}`)) as Record<string, unknown>;
    const shapeExports = Object.keys(pkg).filter((name) => name.endsWith("U64Shape"));
    const lookup = pkg[`${camel(area)}U64Shape`] as
      ((name: string, part?: "item") => unknown) | undefined;
    if (!lookup) {
      // (No result holds a u64 value or float: no shape at all.)
      expect(shapeExports).toEqual([]);
      return;
    }
    const expected = [`${camel(area)}U64Shape`];
    for (const { name, paginated } of operationsOf(area)) {
      expect(`${name}U64Shape` in pkg, `${name}U64Shape is not exported`).toBe(true);
      expect(pkg[`${name}U64Shape`], `${name}U64Shape`).toBe(lookup(name));
      expected.push(`${name}U64Shape`);
      if (paginated) {
        expect(`${name}ItemU64Shape` in pkg, `${name}ItemU64Shape is not exported`).toBe(true);
        expect(pkg[`${name}ItemU64Shape`], `${name}ItemU64Shape`).toBe(lookup(name, "item"));
        expected.push(`${name}ItemU64Shape`);
      }
    }
    expect(shapeExports.sort()).toEqual(expected.sort());
    // Frozen to the last level, as the `<operation>Pagination` exports are (das-extras L2): one
    // caller's change would change every other's revival.
    for (const name of expected.slice(1))
      expect(deeplyFrozen(pkg[name]), `${name} is not deeply frozen`).toBe(true);
  });

  it("a caller cannot change a shared shape (strict mode throws)", async () => {
    const das = await import("@chaindata/das");
    const shape = das.getAssetU64Shape as unknown as { token_info: { supply: number } };
    expect(() => {
      shape.token_info.supply = 0;
    }).toThrow(TypeError);
    expect(das.dasU64Shape("getAsset")).toMatchObject({ token_info: { supply: 1 } });
  });

  it("covers shapes that hold something: the DAS asset's, a page's and an item's", async () => {
    const das = await import("@chaindata/das");
    expect(das.getAssetU64Shape).toMatchObject({ token_info: { supply: 1 } });
    expect(das.getAssetsByOwnerU64Shape).toMatchObject({ items: { token_info: { supply: 1 } } });
    // (The page holds the item's shape itself: the two cannot drift apart.)
    expect((das.getAssetsByOwnerU64Shape as unknown as { items: unknown }).items).toBe(
      das.getAssetsByOwnerItemU64Shape,
    );
    const compression = await import("@chaindata/compression");
    expect(compression.getCompressedAccountsByOwnerItemU64Shape).toMatchObject({ lamports: 1 });
  });
});
