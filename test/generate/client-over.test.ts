// A REST package's generated/members.ts holds `<area>ClientOver(rest)`: the client's members over a
// given endpoint, for a hand-written client that replaces one and keeps the others
// (@chaindata/webhooks' updateWebhook: packages/webhooks/src/client-members.test.ts). Its members
// are create<Area>Client's, which writes them itself (one function less in its bundles), and the
// package's index does not re-export it: it is no name of the package's API. As
// create<Area>Client's, its members send their requests themselves, without the standalone
// functions' endpoint check (notAnRpc): no program outside the package can reach it, and the
// package's own code gives it a `rest` of create<Area>Rest, which that check never refuses.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { clientOverName } from "../../scripts/generate/lib/names.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { packageRefusals } from "../../scripts/generate/lib/refusals.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { pascal } from "../../scripts/generate/lib/schema.mjs";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const index = JSON.parse(read("spec/dist/index.json"));
// (The REST areas: a JSON-RPC area's OpenAPI companion, the sender's, joins its JSON-RPC package.)
const rpcAreas = new Set(
  index.areas.filter((a: { kind: string }) => a.kind === "openrpc").map((a: any) => a.area),
);
const restAreas: string[] = index.areas
  .filter((a: { kind: string; area: string }) => a.kind === "openapi" && !rpcAreas.has(a.area))
  .map((a: { area: string }) => a.area);

/** The source of `export function <name>(…) {…}` in `source` (up to the first line `}`). */
const body = (source: string, name: string) => {
  const start = source.indexOf(`export function ${name}(`);
  return start < 0 ? undefined : source.slice(start, source.indexOf("\n}\n", start) + 2);
};
/** The member lines of the object a function returns. */
const members = (fn: string | undefined) =>
  fn?.split("\n").filter((line) => /^ {4}[\w$]+: /.test(line));

describe("<area>ClientOver of each REST package", () => {
  it("there are REST packages", () => expect(restAreas.length).toBeGreaterThan(0));
  for (const area of restAreas)
    it(`@chaindata/${area}: ${clientOverName(area)} has create${pascal(area)}Client's members, and is not exported`, () => {
      const over = body(read(`packages/${area}/src/generated/members.ts`), clientOverName(area));
      expect(over).toContain(`(rest: ${pascal(area)}Rest): ${pascal(area)}Client {`);
      expect(members(over)!.length).toBeGreaterThan(0);
      const client = read(`packages/${area}/src/generated/client.ts`);
      expect(members(over)).toEqual(members(body(client, `create${pascal(area)}Client`)));
      // (Neither the package's entry nor the generated modules it re-exports export it.)
      expect(read(`packages/${area}/src/index.ts`)).not.toMatch(/generated\/members/);
      expect(client).not.toContain(clientOverName(area));
    });
});

describe("who calls <area>ClientOver", () => {
  // (Its members do not check their endpoint: a caller that could give it another would get a
  // bare TypeError where the standalone function names its factory.)
  for (const area of restAreas)
    it(`@chaindata/${area}'s exports map does not reach generated/members`, () => {
      const { exports } = JSON.parse(read(`packages/${area}/package.json`));
      const text = JSON.stringify(exports);
      expect(text).not.toMatch(/members|\*/);
    });

  it("only a package's own client module imports it, over a rest of its create<Area>Rest", () => {
    const importers: string[] = [];
    for (const area of restAreas) {
      const dir = `packages/${area}/src`;
      for (const file of readdirSync(new URL(`../../${dir}`, import.meta.url), {
        recursive: true,
      }) as string[]) {
        if (!/\.ts$/.test(file) || /\.test\.ts$/.test(file) || file.startsWith("generated"))
          continue;
        if (/generated\/members\.js/.test(read(`${dir}/${file}`))) importers.push(`${dir}/${file}`);
      }
    }
    expect(importers).toEqual(["packages/webhooks/src/client.ts"]);
    const client = read("packages/webhooks/src/client.ts");
    const calls = [...client.matchAll(/webhooksClientOver\((\w+)\)/g)].map((m) => m[1]);
    expect(calls).toEqual(["rest"]);
    expect(client).toContain("const rest = createWebhooksRest(options);");
  });
});

// members.ts imports no operation's function (its members send their requests themselves), so an
// operation named like <area>ClientOver binds nothing there that clashes with it.
describe("the name <area>ClientOver", () => {
  it("is free as an operationId (the name-clash rule finds no clash)", () => {
    const main = { ...index.areas.find((a: { area: string }) => a.area === "wallet") };
    main.doc = JSON.parse(read(`spec/dist/${main.file}`));
    main.doc.paths["/v1/wallet/{wallet}/identity"].get.operationId = "walletClientOver";
    const clashes = packageRefusals([main, undefined]).filter(
      (r: { rule: string }) => r.rule === "name-clash",
    );
    expect(clashes).toEqual([]);
  });
});
