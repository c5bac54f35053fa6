// The packages under packages/ that npm publishes (not `private`), by folder name.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("../..", import.meta.url).pathname;

export const publishedPackages = readdirSync(join(root, "packages")).filter((dir) => {
  try {
    const pkg = JSON.parse(readFileSync(join(root, "packages", dir, "package.json"), "utf8"));
    return !pkg.private;
  } catch {
    return false;
  }
});
