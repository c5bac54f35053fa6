// What @chaindata/sdk re-exports of an area package by hand, and the line of
// packages/sdk/src/index.ts that does it, read from the package's own exports (not a template: a
// template that left a value out sent a contributor round twice, user trial 26; the u64 shapes
// are re-exported by the generated packages/sdk/src/generated/u64-shapes.ts, user trial 33). Used by test/clients/sdk-exports.test.ts and
// test/generate/area-lists.test.ts.
import * as core from "@chaindata/core";
// @ts-expect-error — plain ESM scripts without type declarations
import { pascal } from "../../scripts/generate/lib/schema.mjs";

/**
 * Whether `name`, an export of the area package `exported`, is its tree-shakable standalone form
 * (`createDasRpc`, `getAsset(rpc, …)`, `paginateGetAssetsByOwner(rpc, …)`; a REST area's
 * `createWalletRest`, `getIdentity(rest, …)`), which the sdk's one client replaces: a method of
 * the package's client (made with its own factory) or the page walk of one.
 */
export function standaloneOf(
  area: string,
  exported: Record<string, unknown>,
): (name: string) => boolean {
  const factory = exported[`create${pascal(area)}Client`];
  const client =
    typeof factory === "function"
      ? (factory as (o: object) => Record<string, unknown>)({ environment: "local" })
      : {};
  const method = (name: string) => typeof client[name] === "function";
  return (name) =>
    /^create\w+(?:Rpc|Rest)$/.test(name) ||
    method(name) ||
    (/^paginate[A-Z]/.test(name) && method(name[8]!.toLowerCase() + name.slice(9)));
}

/**
 * The values of the area package `exported` that packages/sdk/src/index.ts exports from it by
 * hand: all but its standalone functions, the runtime's (`ValidationError`, `reviveU64`…: the
 * sdk has those from its own generated/runtime.ts), its u64 shapes (`getAssetU64Shape`), its
 * pagination descriptors (`getAssetsByOwnerPagination`) and its params checks (`checkGetAsset`:
 * all from the sdk's generated/u64-shapes.ts), sorted as index.ts lists them.
 */
export function sdkValuesOf(area: string, exported: Record<string, unknown>): string[] {
  const standalone = standaloneOf(area, exported);
  return Object.keys(exported)
    .filter(
      (name) =>
        !standalone(name) && !(name in core) && !/(?:U64Shape|Pagination)$|^check[A-Z]/.test(name),
    )
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The export of packages/sdk/src/index.ts for `area`: `values`, then the client's type. */
export const sdkExportLine = (area: string, values: string[]) =>
  `export { ${[...values, `type ${pascal(area)}Client`].join(", ")} } from "@chaindata/${area}";`;

/**
 * The line to add to packages/sdk/src/index.ts for `area`, from the package's built exports; when
 * the package cannot be imported (not installed or not built yet), the factory and the client's
 * type, and what to run to learn the rest.
 */
export async function suggestedSdkExport(area: string): Promise<string> {
  let exported: Record<string, unknown>;
  try {
    exported = (await import(`@chaindata/${area}`)) as Record<string, unknown>;
  } catch (error) {
    return `\`${sdkExportLine(area, [`create${pascal(area)}Client`])}\` with every other value the package exports but its standalone functions (@chaindata/${area} could not be imported to list them, ${String((error as Error)?.message ?? error)}: run \`npm install && npx turbo run build\`, then this test again)`;
  }
  return `\`${sdkExportLine(area, sdkValuesOf(area, exported))}\``;
}
