// The packages under packages/ that npm publishes (not `private`): for the API report and the
// packaging tests.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const packagesDir = fileURLToPath(new URL("../../packages", import.meta.url));

/** The published packages (not `private`), by folder: `{ dir, pkg }` (`pkg`: its package.json). */
export function publishedPackages() {
  return readdirSync(packagesDir)
    .map((dir) => {
      try {
        return {
          dir,
          pkg: JSON.parse(readFileSync(join(packagesDir, dir, "package.json"), "utf8")),
        };
      } catch {
        return undefined;
      }
    })
    .filter((p) => p && !p.pkg.private);
}
