// What the generator knows of an area (scripts/generate/lib/areas.mjs) comes from the spec, never
// from the area's name: the sdk's composition gives every area on a key-optional host (spec/hosts.yaml
// `auth.required: false`) `apiKey: undefined`, so that the shared key never travels there (core's
// createHttp sends `options.apiKey` on such a host), and only the areas that take a batcher get
// `batch`. It was a table keyed by the name `sender` (review 43, finding 16): a second area on the
// sender's host got the shared key.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { oneLine } from "./declarations.js";
// @ts-expect-error — plain ESM scripts without type declarations
import { emitSdk } from "../../scripts/generate/sdk.mjs";
import {
  hostRegionNames,
  keyOptional,
  regionNames,
  regionUrls,
  takesBatcher,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../scripts/generate/lib/areas.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { packagesOf } from "../../scripts/generate/lib/refusals.mjs";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const index = JSON.parse(read("spec/dist/index.json"));
const documents = index.areas.map((a: { file: string }) => ({
  ...a,
  doc: JSON.parse(read(`spec/dist/${a.file}`)),
}));
type Area = { area: string; kind: string; doc: any; title: string; beta?: boolean };
const areas: Area[] = packagesOf(documents).map(([a]: [Area]) => a);
const byName = (name: string) => areas.find((a) => a.area === name)!;

/** A JSON-RPC area of its own on `host` (`batch`: whether its endpoint documents batches). */
const rpcArea = (area: string, host: string, batch: boolean): Area => ({
  area,
  kind: "openrpc",
  title: `${area} API`,
  beta: false,
  doc: {
    info: { title: `${area} API`, version: "1", "x-host": host, "x-batch": batch },
    methods: [],
  },
});

/** The sdk composition's entry of `prop` (`relay: { ...shared, apiKey: undefined },`). */
const compositionOf = (list: Area[], hosts: object, prop: string) => {
  const source = Object.values(emitSdk(list, hosts))[0] as string;
  return new RegExp(`^ {6}${prop}: (.*),$`, "m").exec(source)?.[1];
};

describe("the sdk composition: what each area gets of the shared options", () => {
  it("as generated today: the sender none of the shared key, the batching areas `batch`", () => {
    expect(compositionOf(areas, index.hosts, "sender")).toBe("{ ...shared, apiKey: undefined }");
    expect(compositionOf(areas, index.hosts, "das")).toBe("{ ...shared, batch }");
    expect(compositionOf(areas, index.hosts, "wallet")).toBe("shared");
  });

  it("a second area on the key-optional sender host gets no shared key either", () => {
    const list = [...areas, rpcArea("relay", "sender", false)];
    expect(compositionOf(list, index.hosts, "relay")).toBe("{ ...shared, apiKey: undefined }");
    // (And one whose endpoint batches gets its batcher, still without the key.)
    const batching = [...areas, rpcArea("burst", "sender", true)];
    expect(compositionOf(batching, index.hosts, "burst")).toBe(
      "{ ...shared, apiKey: undefined, batch }",
    );
  });

  it("the rule follows the host, not the name: a sender host that requires a key gets the shared one", () => {
    const hosts = structuredClone(index.hosts);
    hosts.sender.auth.required = true;
    expect(compositionOf(areas, hosts, "sender")).toBe("shared");
  });

  it("an area whose host is not in spec/hosts.yaml is refused, naming the host", () => {
    expect(() => keyOptional(rpcArea("stray", "nowhere", false), index.hosts)).toThrow(
      'stray: info.x-host "nowhere" is not a host of spec/hosts.yaml (rpc, wallet, admin, api, sender)',
    );
  });
});

describe("lib/areas.mjs", () => {
  it("takesBatcher: the JSON-RPC areas whose endpoint documents batches", () => {
    expect(areas.filter(takesBatcher).map((a) => a.area)).toEqual(["compression", "das", "mint"]);
    // (core's `batchingAreas`, generated from the same function, names them.)
    expect(read("packages/core/src/generated/areas.ts")).toContain(
      'export const batchingAreas = "compression, das and mint";',
    );
  });

  it("regionNames: the sender host's regions, `global` first, as core's environments.ts lists them", () => {
    const names = regionNames(byName("sender"));
    expect(names).toEqual(hostRegionNames(index.hosts.sender));
    expect(names?.[0]).toBe("global");
    // (With the paths its clients add, which its base URL must not end in: `…/fast`, user trial 36.)
    // (The code on one line, as the generator broke it at the width: lib/layout.mjs.)
    expect(oneLine(read("packages/core/src/generated/environments.ts"))).toContain(
      `urlFault: /* @__PURE__ */ hostUrlFault("sender", ${JSON.stringify(names).replaceAll(",", ", ")}, ["/fast", "/ping"])`,
    );
    expect(read("packages/core/src/generated/environments.ts")).not.toContain('hostUrlFault("rpc"');
    expect(regionUrls(byName("sender"))).toEqual([
      ["global", index.hosts.sender.urls.mainnet],
      ...Object.entries(index.hosts.sender["x-regions"]),
    ]);
    expect(regionNames(byName("das"))).toBeUndefined();
    expect(hostRegionNames(index.hosts.rpc)).toBeUndefined();
  });
});
