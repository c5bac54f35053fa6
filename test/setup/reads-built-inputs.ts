// Which test files read what the spec is built into (user trial 34, F15): the bundles in spec/dist,
// the generated code (a package's src/generated/), or the built packages (`@chaindata/*`, whose dist/
// holds the generated code). A run whose spec edit is not bundled or generated stops those files,
// and only those (fresh-inputs.ts): a test that reads none of them (a rule's unit test on a small
// document, the bundler's own tests on a copy of the spec) tests what it reads, fresh or not.
//
// Read from the source, by the imports: the test file and every module of the repository it imports
// (relative imports, followed), but not into scripts/, whose readers of spec/dist refuse a stale one
// themselves (the generator, spec:diff) and whose other modules read the spec's YAML. A file reads the
// built inputs when its code (comments aside) imports `@chaindata/…` or a `generated/` module, or
// names `spec/dist` or a package's `dist/` in a string.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * What a test file reads of the built inputs, each with what and through which file
 * (`@chaindata/das (through test/contract/harness.ts)`): `bundles`, spec/dist; `generated`, the
 * generated code, in a package's src/generated/ or built into its dist/.
 */
export interface Reads {
  bundles?: string;
  generated?: string;
}

// (Import specifiers: `from "x"`, `import("x")`, `import "x"`, `require("x")`.)
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["'`]([^"'`]+)["'`]/g;

/** A file's code without its comments (a `//` in a string, as in a URL, kept). */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .map((line) => line.replace(/(^|[\s;{}(),])\/\/.*$/, "$1"))
    .join("\n");
}

/** The file a relative import names (`./x.js` is `x.ts` in TypeScript), or undefined. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, ".ts"),
    `${base}.ts`,
    `${base}.js`,
    join(base, "index.ts"),
  ];
  return candidates.find((file) => /\.(ts|mts|js|mjs)$/.test(file) && existsSync(file));
}

/** What a file's own code reads of the built inputs, without following its imports. */
function ownReads(source: string): Reads {
  const reads: Reads = {};
  if (/spec\/dist\b/.test(source)) reads.bundles = "spec/dist";
  if (/packages\/[^"'`\s]*\/dist\b/.test(source)) reads.generated = "a package's dist/";
  for (const [, specifier] of source.matchAll(SPECIFIER))
    if (specifier!.startsWith("@chaindata/") || /(^|\/)generated\//.test(specifier!))
      reads.generated ??= specifier;
  return reads;
}

const cache = new Map<string, Reads>();

/** What the test file `file` (an absolute path) reads of the built inputs, and through which file. */
export function readsBuiltInputs(file: string): Reads {
  const cached = cache.get(file);
  if (cached) return cached;
  const seen = new Set<string>();
  const queue = [file];
  const found: Reads = {};
  while (queue.length && !(found.bundles && found.generated)) {
    const current = queue.shift()!;
    if (seen.has(current)) continue;
    seen.add(current);
    let source: string;
    try {
      source = code(readFileSync(current, "utf8"));
    } catch {
      continue;
    }
    const own = ownReads(source);
    const via = current === file ? "" : ` (through ${relative(root, current)})`;
    for (const input of ["bundles", "generated"] as const)
      if (own[input] && !found[input]) found[input] = `${own[input]}${via}`;
    for (const [, specifier] of source.matchAll(SPECIFIER)) {
      if (!specifier!.startsWith(".")) continue;
      const target = resolveImport(current, specifier!);
      const inRepository = target && !relative(root, target).startsWith("..");
      if (target && inRepository && !/^(scripts|node_modules)\//.test(relative(root, target)))
        queue.push(target);
    }
  }
  cache.set(file, found);
  return found;
}
