// The hand-written lists of areas that no other test compares with the spec (spec/README.md, "Adding
// an area"): a new area left out of one of them would go unnoticed (no example, no sdk export, its
// README not a turbo output…). Each spec area must be in each list; a missing one is named with
// the file and what to add there.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { pascal } from "../../scripts/generate/lib/schema.mjs";
import { sdkExportLine, sdkValuesOf, suggestedSdkExport } from "../clients/area-exports.js";

const root = new URL("../..", import.meta.url).pathname;
const read = (file: string) => readFileSync(join(root, file), "utf8");

/**
 * Every list an area belongs in: its file, the list, what the file must hold for `area`, and the
 * line to add when it does not (the package's name as `<area>`, its PascalCase as `<Area>`; `sdk`,
 * the sdk's export of the area, from the package's exports: ../clients/area-exports.ts).
 */
const LISTS: {
  file: string;
  list: string;
  holds: (area: string) => string;
  add: string | ((area: string, sdk: string) => string);
}[] = [
  {
    file: "turbo.json",
    list: "the `outputs` of `//#generate`",
    holds: (area) => `"packages/${area}/README.md"`,
    add: '`"packages/<area>/README.md"`',
  },
  {
    file: "packages/sdk/src/index.ts",
    list: "the area exports",
    holds: (area) => `from "@chaindata/${area}";`,
    add: (_area, sdk) => sdk,
  },
  {
    file: "packages/sdk/src/index.ts",
    list: "the type namespaces",
    holds: (area) => `export type * as ${pascal(area)} from "./generated/namespaces/${area}.js";`,
    add: '`export type * as <Area> from "./generated/namespaces/<area>.js";`',
  },
  {
    file: "packages/sdk/README.md",
    list: "the type namespaces",
    holds: (area) => `\`${pascal(area)}\` (\`@chaindata/${area}\`)`,
    add: "`` `<Area>` (`@chaindata/<area>`) ``",
  },
];

/**
 * One line per list `area` is missing from (and for a missing example, its file). `sdk`: the
 * sdk's export of an area (suggestedSdkExport).
 */
function missingFromLists(areas: string[], sdk: (area: string) => string): string[] {
  // (Whitespace as one space: a README sentence wraps anywhere.)
  const texts = new Map(LISTS.map(({ file }) => [file, read(file).replace(/\s+/g, " ")]));
  const fill = (text: string, area: string) =>
    text.replaceAll("<area>", area).replaceAll("<Area>", pascal(area));
  return areas.flatMap((area) => [
    ...(existsSync(join(root, `examples/${area}.mjs`))
      ? []
      : [
          `examples/${area}.mjs is missing: write an example of the area (examples/run.mjs runs every script there against the mock; examples/admin.mjs is a REST one, examples/das.mjs a JSON-RPC one)`,
        ]),
    ...LISTS.filter(({ file, holds }) => !texts.get(file)!.includes(holds(area))).map(
      ({ file, list, add }) =>
        `${file}: ${list} have no entry for ${area}: add ${typeof add === "string" ? fill(add, area) : add(area, sdk(area))}`,
    ),
  ]);
}

const specAreas: string[] = [
  ...new Set<string>(
    JSON.parse(read("spec/dist/index.json")).areas.map((a: { area: string }) => a.area),
  ),
];

/** The sdk's export of each spec area, from the area package's exports. */
const sdkExports = new Map<string, string>();
for (const area of specAreas) sdkExports.set(area, await suggestedSdkExport(area));

it("every area of the spec is in each hand-written list of areas", () => {
  expect(specAreas.length).toBeGreaterThan(0);
  const missing = missingFromLists(specAreas, (area) => sdkExports.get(area)!);
  // (Each line in the message too: vitest's diff cuts a long array to `[ …(4) ]`.)
  expect(missing, `add the new area to these lists:\n${missing.join("\n")}\n`).toEqual([]);
});

it("an area left out of them is named in each, with the line to add (the check above can fail)", async () => {
  // (No package of that name: the sdk's line says what to run to learn its other values.)
  const sdk = await suggestedSdkExport("example-test");
  expect(missingFromLists(["example-test"], () => sdk)).toEqual([
    "examples/example-test.mjs is missing: write an example of the area (examples/run.mjs runs every script there against the mock; examples/admin.mjs is a REST one, examples/das.mjs a JSON-RPC one)",
    'turbo.json: the `outputs` of `//#generate` have no entry for example-test: add `"packages/example-test/README.md"`',
    // (With the import's own error, whose path differs by machine.)
    expect.stringMatching(
      /^packages\/sdk\/src\/index\.ts: the area exports have no entry for example-test: add `export \{ createExampleTestClient, type ExampleTestClient \} from "@chaindata\/example-test";` with every other value the package exports but its standalone functions \(@chaindata\/example-test could not be imported to list them, Cannot find package '@chaindata\/example-test' .*: run `npm install && npx turbo run build`, then this test again\)$/,
    ),
    'packages/sdk/src/index.ts: the type namespaces have no entry for example-test: add `export type * as ExampleTest from "./generated/namespaces/example-test.js";`',
    "packages/sdk/README.md: the type namespaces have no entry for example-test: add `` `ExampleTest` (`@chaindata/example-test`) ``",
  ]);
});

// The sdk's line is built from what the package exports, so a new area needs one round: an area
// whose results hold u64 values or floats exports its `<areaCamel>U64Shape` too, which a fixed
// template left out (user trial 26). Each area's suggested line is the export the sdk has for it.
it("the sdk export it suggests for an area holds every value the sdk exports from that package by hand (its u64 shapes and pagination descriptors are generated)", async () => {
  const index = read("packages/sdk/src/index.ts");
  const values = (area: string) =>
    new RegExp(`export \\{([^}]*)\\} from "@chaindata/${area}";`)
      .exec(index)?.[1]!
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith("type "))
      .sort();
  // (An area the sdk has no export of yet is the first test's to name.)
  const exporting = specAreas.filter((area) => index.includes(`from "@chaindata/${area}";`));
  expect(exporting.length).toBeGreaterThan(5);
  for (const area of exporting) {
    const exported = (await import(`@chaindata/${area}`)) as Record<string, unknown>;
    expect(sdkExports.get(area), area).toBe(
      `\`${sdkExportLine(area, sdkValuesOf(area, exported))}\``,
    );
    expect(sdkValuesOf(area, exported), area).toEqual(values(area));
  }
  expect(sdkExports.get("das")).toBe(
    '`export { createDasClient, type DasClient } from "@chaindata/das";`',
  );
});

// (User trial 33: a new operation's shapes were a hand edit of packages/sdk/src/index.ts that
// "Adding or changing an operation" did not name.)
// (And its params checks with the endpoint factory they take: docs/decisions/0023.)
it("the sdk re-exports every area's u64 shapes, pagination descriptors, params checks and endpoint factory by name from its generated u64-shapes.ts", async () => {
  const generated = read("packages/sdk/src/generated/u64-shapes.ts");
  expect(read("packages/sdk/src/index.ts")).toContain('export * from "./generated/u64-shapes.js";');
  for (const area of specAreas) {
    const exported = (await import(`@chaindata/${area}`)) as Record<string, unknown>;
    const shapes = Object.keys(exported)
      .filter((name) => /(?:U64Shape|Pagination)$|^check[A-Z]|^create\w+(?:Rpc|Rest)$/.test(name))
      .sort();
    const listed =
      new RegExp(`export \\{([^}]*)\\} from "@chaindata/${area}";`)
        .exec(generated)?.[1]!
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean) ?? [];
    expect(listed, area).toEqual(shapes);
  }
  expect(generated).toMatch(/getAssetsByOwnerItemU64Shape,/);
  expect(generated).toMatch(/getAssetsByOwnerPagination,/);
  expect(generated).toMatch(/checkGetAsset,/);
  expect(generated).toMatch(/createDasRpc,/);
});
