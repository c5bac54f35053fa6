// The docs site's model (packages/docs/src/model.mjs), read from copies of spec/dist with one
// index.json edit each. (Neither rule below was tested: dropping either passed every docs test,
// mutation 76.)
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
// @ts-expect-error — plain ESM without type declarations
import { loadSite } from "../../packages/docs/src/model.mjs";

const specDir = join(new URL("../..", import.meta.url).pathname, "spec/dist");
const tmp = mkdtempSync(join(tmpdir(), "chaindata-docs-model-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Entry = { area: string; kind?: string; title?: string };
/** A copy of spec/dist whose index.json `areas` are `edit`'s. */
function specWith(name: string, edit: (areas: Entry[]) => Entry[]): string {
  const spec = join(tmp, name);
  cpSync(specDir, spec, { recursive: true });
  const index = JSON.parse(readFileSync(join(spec, "index.json"), "utf8"));
  index.areas = edit(index.areas);
  writeFileSync(join(spec, "index.json"), JSON.stringify(index));
  return spec;
}

it("refuses an area listed twice with the same kind of document", () => {
  const spec = specWith("twice", (areas) => [...areas, areas.find((a) => a.area === "das")!]);
  expect(() => loadSite(spec)).toThrow(`${join(spec, "index.json")}: area das is listed twice`);
});

it("puts a deprecated area after every other, whatever its place in the navigation's order", () => {
  const spec = specWith("deprecated", (areas) =>
    areas.map((a) => (a.area === "das" ? { ...a, title: "chaindata DAS API (deprecated)" } : a)),
  );
  const areas: { key: string; deprecated: boolean }[] = loadSite(spec).areas;
  expect(areas.find((a) => a.key === "das")?.deprecated).toBe(true);
  const firstDeprecated = areas.findIndex((a) => a.deprecated);
  expect(areas.slice(firstDeprecated).every((a) => a.deprecated)).toBe(true);
});

it("refuses an example that gives a param its method does not declare", () => {
  const spec = specWith("example-param", (areas) => areas);
  const file = join(spec, "openrpc/das.json");
  const doc = JSON.parse(readFileSync(file, "utf8"));
  doc.methods
    .find((m: { name: string }) => m.name === "getAsset")
    .examples[0].params.push({
      name: "idd",
      value: 1,
    });
  writeFileSync(file, JSON.stringify(doc));
  expect(() => loadSite(spec)).toThrow(
    /method getAsset: example programmableNft gives param "idd", which the method does not declare/,
  );
});
