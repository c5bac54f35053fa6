// A REST package's generated/members.ts holds `<area>ClientOver(rest)`: the client's members over a
// given endpoint, for a hand-written client that replaces one and keeps the others
// (@chaindata/webhooks' updateWebhook: packages/webhooks/src/client-members.test.ts). It lists the
// same members as create<Area>Client, which writes them itself (one function less in its bundles),
// and the package's index does not re-export it: it is no name of the package's API.
import { readFileSync } from "node:fs";
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
/**
 * The member names of the object a function returns. (Names, not lines: create<Area>Client's
 * members send their requests themselves, its `rest` being its own; <area>ClientOver's, over a
 * given endpoint, call the standalone functions, which check it.)
 */
const members = (fn: string | undefined) =>
  fn?.split("\n").flatMap((line) => /^ {4}([\w$]+): /.exec(line)?.[1] ?? []);

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

// An operation named like it would be imported into members.ts over the function itself.
describe("the name <area>ClientOver", () => {
  it("is refused as an operationId (the name-clash rule)", () => {
    const main = { ...index.areas.find((a: { area: string }) => a.area === "wallet") };
    main.doc = JSON.parse(read(`spec/dist/${main.file}`));
    main.doc.paths["/v1/wallet/{wallet}/identity"].get.operationId = "walletClientOver";
    const clashes = packageRefusals([main, undefined])
      .filter((r: { rule: string }) => r.rule === "name-clash")
      .map((r: { message: string }) => r.message);
    expect(clashes).toContainEqual(
      "\"walletClientOver\" is both operation walletClientOver's function, imported (generated/members.ts) and the client's members over a given endpoint (generated/members.ts): one name cannot be bound twice in generated/members.ts",
    );
  });
});
