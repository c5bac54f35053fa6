// The packages under packages/ that npm publishes (not `private`), by folder name.
// @ts-expect-error — plain ESM scripts without type declarations
import { publishedPackages as published } from "../../scripts/lib/packages.mjs";

export const publishedPackages: string[] = published().map(({ dir }: { dir: string }) => dir);
