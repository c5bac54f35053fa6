// The packages' public surface as scripts/api-report.mjs reads it from the built declarations,
// typed for the tests that walk it (status-surface, beta-types, core-internal).
import type ts from "typescript";
import {
  loadSurface,
  packageOf as packageOfFile,
  // @ts-expect-error — plain ESM scripts without type declarations
} from "../../scripts/api-report.mjs";

export interface Export {
  name: string;
  symbol: ts.Symbol;
}
export interface Package {
  dir: string;
  entries: { exports: Export[] }[];
}

/** Every package, its entries and their exports. */
export const surface = loadSurface() as { packages: Package[] };

/** The package whose built declarations hold the file `fileName`, if any. */
export const packageOf = packageOfFile as (fileName: string) => { dir: string } | undefined;
