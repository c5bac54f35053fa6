// The areas that batch, read from the spec, and the message refusing a `batch` anywhere else
// (core's `unbatched`), for the tests that check that message: packages/sdk/src/areas.test.ts,
// test/clients/generated.test.ts and test/clients/options.property.test.ts. The expected text
// follows the spec (each JSON-RPC area batches unless its `info.x-batch` is false), not the
// generated list (packages/core/src/generated/areas.ts), so a new batching area needs no test
// edit and a generator that lists the wrong areas still fails them. Not published.
import { readFileSync } from "node:fs";
import { camelArea } from "./area-names.js";

const dist = new URL("../../../../spec/dist/", import.meta.url);
const index = JSON.parse(readFileSync(new URL("index.json", dist), "utf8")) as {
  areas: { area: string; kind: string; file: string }[];
};

/** The camelCase names of the areas that batch, in spec/dist/index.json's order. */
export const batchingAreaKeys: readonly string[] = [
  ...new Set(
    index.areas
      .filter(
        ({ kind, file }) =>
          kind === "openrpc" &&
          (
            JSON.parse(readFileSync(new URL(file, dist), "utf8")) as {
              info: Record<string, unknown>;
            }
          ).info["x-batch"] !== false,
      )
      .map(({ area }) => camelArea(area)),
  ),
];

/** `a, b and c`. */
const listed = (names: readonly string[]) =>
  names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * The ConfigurationError message of a `batch` given to `area` (camelCase), which cannot batch;
 * `prefix` goes before the option's name (the sdk's `areas.wallet.`).
 */
export const notABatchOption = (area: string, prefix = "") =>
  `${prefix}batch: is not an option of the ${area} client (only the ${listed(batchingAreaKeys)} areas batch)`;
