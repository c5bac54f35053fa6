// Logging or serialising the composite client (a debug dump, a DI container copying it) neither
// throws nor creates its areas, and never shows the key: devnet has no sender or wallet host, so
// creating every area there throws.
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { createChainDataClient, type ChainDataClient } from "./index.js";
import { specAreas } from "./test-support/area-calls.js";

const KEY = "3f1c9a2e-8b7d-4e6f-a5c4-1d2e3f4a5b6c";
// (The client's areas, in its order: the spec's, spec/dist/index.json.)
const AREAS = specAreas.map(({ key }) => key);

describe.each(["devnet", "mainnet"] as const)(
  "a %s client, logged or serialised",
  (environment) => {
    const make = () => createChainDataClient({ environment, apiKey: KEY });

    it("JSON.stringify describes it by its areas", () => {
      expect(JSON.parse(JSON.stringify(make()))).toEqual({ areas: AREAS });
    });

    it("a spread, Object.keys, Object.entries and Object.values create no area and copy nothing", () => {
      const client = make();
      expect({ ...client }).toEqual({});
      expect(Object.keys(client)).toEqual([]);
      expect(Object.entries(client)).toEqual([]);
      expect(Object.values(client)).toEqual([]);
      expect(structuredClone(client)).toEqual({});
    });

    it("util.inspect (console.log) names the areas, also with showHidden and getters, and shows no key", () => {
      const client = make();
      const shown = `ChainDataClient { ${AREAS.join(", ")} }`;
      expect(inspect(client)).toBe(shown);
      expect(inspect(client, { showHidden: true, getters: true, depth: 9 })).toBe(shown);
      expect(inspect({ client })).toContain(shown);
    });

    it("the areas are still there, each created once on first use", () => {
      const client = make();
      for (const area of AREAS) expect(area in client).toBe(true);
      expect(client.das).toBe(client.das);
      expect(typeof client.das.getAsset).toBe("function");
      // Once used, an area stays out of the dumps too; none of them holds the key.
      const dumps = [JSON.stringify(client), inspect(client, { showHidden: true, depth: 9 })];
      for (const dump of dumps) expect(dump).not.toContain(KEY);
    });
  },
);

it("a devnet client's areas without a host still throw when used, and only then", () => {
  const client: ChainDataClient = createChainDataClient({ environment: "devnet", apiKey: KEY });
  expect(JSON.stringify(client)).toBe(JSON.stringify({ areas: AREAS }));
  expect(() => client.sender).toThrow('No sender URL for environment "devnet"');
  expect(() => client.wallet).toThrow('No wallet URL for environment "devnet"');
  // (Not kept: used again, it throws again.)
  expect(() => client.sender).toThrow('No sender URL for environment "devnet"');
});
