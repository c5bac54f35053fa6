// The hand-written lists of areas that no other test compares with the spec (spec/README.md, "Adding
// an area"): a new area left out of one of them would go unnoticed (no example, no sdk export, its
// README not a turbo output…). Each spec area must be in each list; a missing one is named with
// the file and what to add there.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { pascal } from "../../scripts/generate/lib/schema.mjs";

const root = new URL("../..", import.meta.url).pathname;
const read = (file: string) => readFileSync(join(root, file), "utf8");

/** Every list an area belongs in: its file, and what the file must hold for `area`. */
const LISTS: { file: string; holds: (area: string) => string }[] = [
  { file: "turbo.json", holds: (area) => `"packages/${area}/README.md"` },
  { file: "packages/sdk/src/index.ts", holds: (area) => `from "@chaindata/${area}";` },
  { file: "test/clients/sdk-exports.test.ts", holds: (area) => `sdk.create${pascal(area)}Client,` },
];

/** One line per list `area` is missing from (and for a missing example, its file). */
function missingFromLists(areas: string[]): string[] {
  const texts = new Map(LISTS.map(({ file }) => [file, read(file)]));
  return areas.flatMap((area) => [
    ...(existsSync(join(root, `examples/${area}.mjs`))
      ? []
      : [`examples/${area}.mjs is missing: an example of the area, run by examples/run.mjs`]),
    ...LISTS.filter(({ file, holds }) => !texts.get(file)!.includes(holds(area))).map(
      ({ file, holds }) => `${file} has no \`${holds(area).trim()}\` for ${area}: add it`,
    ),
  ]);
}

const specAreas: string[] = [
  ...new Set<string>(
    JSON.parse(read("spec/dist/index.json")).areas.map((a: { area: string }) => a.area),
  ),
];

it("every area of the spec is in each hand-written list of areas", () => {
  expect(specAreas.length).toBeGreaterThan(0);
  expect(missingFromLists(specAreas)).toEqual([]);
});

it("an area left out of them is named in each (the check above can fail)", () => {
  expect(missingFromLists(["example-test"])).toEqual([
    "examples/example-test.mjs is missing: an example of the area, run by examples/run.mjs",
    'turbo.json has no `"packages/example-test/README.md"` for example-test: add it',
    'packages/sdk/src/index.ts has no `from "@chaindata/example-test";` for example-test: add it',
    "test/clients/sdk-exports.test.ts has no `sdk.createExampleTestClient,` for example-test: add it",
  ]);
});
