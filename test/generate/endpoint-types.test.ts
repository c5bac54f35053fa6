// Every JSON-RPC package names the endpoint its standalone functions take (`DasRpc`, as the REST
// packages' `WalletRest`; scripts/generate/rpc.mjs), so that a class field or a parameter can hold
// one without `JsonRpcClient<"rpc /">` or `ReturnType<typeof createDasRpc>` (user trial). The
// committed output is checked, per area of spec/dist/index.json; test/types/calls.ts compiles a
// class that holds them.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");
const index = JSON.parse(read("spec/dist/index.json")) as {
  areas: { area: string; kind: string }[];
};
const pascal = (key: string) => key.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
const rpcAreas = index.areas.filter((a) => a.kind === "openrpc").map((a) => a.area);

describe("the JSON-RPC endpoint types", () => {
  it("cover every JSON-RPC area", () => {
    expect(rpcAreas).toEqual(expect.arrayContaining(["das", "compression", "sender", "mint"]));
  });

  it.each(rpcAreas)(
    "%s: <Area>Rpc is exported with its JSDoc, made by create<Area>Rpc and taken by the standalone functions",
    (area) => {
      const name = `${pascal(area)}Rpc`;
      const client = read(`packages/${area}/src/generated/client.ts`);
      const at = client.search(new RegExp(`^export (type|interface) ${name}\\b`, "m"));
      expect(at, name).toBeGreaterThan(0);
      // (A JSDoc right above it, for the editor's hover.)
      expect(client.slice(0, at).trimEnd().endsWith("*/"), `${name} has a JSDoc`).toBe(true);
      expect(client).toContain(`export function create${name}(options?: `);
      expect(client).toMatch(new RegExp(`export function create${name}\\([^)]*\\): ${name} \\{`));
      // The package's entry exports the generated client whole.
      expect(read(`packages/${area}/src/index.ts`)).toContain(
        'export * from "./generated/client.js";',
      );
      // Its functions take it (the sender's JSON-RPC ones any endpoint of its path: only `ping`
      // needs the options its interface keeps).
      const takes = [...client.matchAll(/^export function \w+\(\s*rpc: ([^,)]+)/gm)].map(
        (m) => m[1],
      );
      expect(takes.length, area).toBeGreaterThan(0);
      for (const type of takes)
        expect([
          name,
          `JsonRpcClient<"${area === "sender" ? "sender /fast" : "rpc /"}">`,
        ]).toContain(type);
      if (area !== "sender") expect(new Set(takes), area).toEqual(new Set([name]));
    },
  );

  it("says that the type is the endpoint's: das and compression share the rpc host's POST /", () => {
    for (const area of ["das", "compression"]) {
      const client = read(`packages/${area}/src/generated/client.ts`);
      expect(client).toContain(`export type ${pascal(area)}Rpc = JsonRpcClient<"rpc /">;`);
      expect(client).toContain(
        "endpoint's type (rpc host, `POST /`), not the area's: an endpoint made for another area",
      );
    }
  });
});
