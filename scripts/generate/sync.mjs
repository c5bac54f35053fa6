// Writes the generated files into the repository, or (`--check`) compares them: every
// `src/generated/` folder is the generator's whole (a file there that is no longer generated is
// removed), other generated files (the package READMEs) are compared one by one, and a file that
// differs is reported as missing, stale, or changed by hand (by its modification time).
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Compare (or write) generated files; every `src/generated/` folder is owned by the generator. */
export function sync(files, { check, target, distDir }) {
  const stale = [];
  let inputs;
  // Only the `src/generated/` folders are owned whole (a file there that is no longer generated
  // is removed); other generated files (package READMEs) are compared one by one.
  // (Folders inside one are owned too: the sdk's generated/namespaces/.)
  const owned = new Set(
    Object.keys(files)
      .map((f) => /^.*\/src\/generated(?=\/)/.exec(f)?.[0])
      .filter(Boolean),
  );
  for (const dir of owned) {
    if (!existsSync(join(target, dir))) continue;
    const entries = readdirSync(join(target, dir), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      // (A link is an entry of the folder too; never followed.)
      if (!entry.isFile() && !entry.isSymbolicLink()) continue;
      const f = relative(target, join(entry.parentPath ?? entry.path, entry.name)).replaceAll(
        "\\",
        "/",
      );
      if (!(f in files)) {
        stale.push(`${f} (not generated any more)`);
        if (!check) rmSync(join(target, f));
      }
    }
    // Folders left empty go too, the deepest first.
    if (!check)
      for (const folder of entries
        .filter((e) => e.isDirectory())
        .map((e) => join(e.parentPath ?? e.path, e.name))
        .sort((a, b) => b.length - a.length))
        if (readdirSync(folder).length === 0) rmdirSync(folder);
  }
  for (const [f, content] of Object.entries(files)) {
    const abs = join(target, f);
    const current = existsSync(abs) ? readFileSync(abs, "utf8") : undefined;
    if (current === content) continue;
    // A file written after everything it is made from was last changed was changed since it was
    // generated: by hand, most likely, and the next `npm run generate` undoes it.
    inputs ??= newestInput(distDir);
    stale.push(
      current === undefined
        ? `${f} (missing)`
        : statSync(abs).mtimeMs > inputs
          ? `${f} (changed after it was generated: edited by hand? npm run generate would undo the edit; change the spec or the generator instead)`
          : `${f} (stale: the spec or the generator changed after it was generated)`,
    );
    if (!check) {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, content);
    }
  }
  return stale;
}

/**
 * The newest modification time (ms) of what the generated files are made from: the spec's sources
 * (the folder holding `distDir`, without it: spec/dist is rewritten by every bundle) and the
 * generator's own modules.
 */
function newestInput(distDir) {
  let newest = 0;
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path !== distDir) visit(path);
      } else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of [
    dirname(distDir),
    ...["generate", "lib", "spec"].map((d) => join(root, "scripts", d)),
  ])
    if (existsSync(dir)) visit(dir);
  return newest;
}
