// The command-line option parsing (parseCli, usageError, parsePort) is written once, in
// scripts/lib/cli.mjs, and copied into the two packages that cannot import it: the docs package
// (packages/docs/src/cli.mjs) and the published mock (packages/mock/src/cli-options.mjs, which its
// CLI and `npm start` share). A fix to one copy must reach the others, or the CLIs drift apart in
// their messages: each copy's functions, reprinted by esbuild (comments and layout aside), must be
// the scripts' own.
import { transformSync } from "esbuild";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;
const SHARED = ["parseCli", "usageError", "parsePort"];
const ORIGINAL = "scripts/lib/cli.mjs";
const COPIES = ["packages/docs/src/cli.mjs", "packages/mock/src/cli-options.mjs"];

/** The top-level functions of a module's source, by name, as esbuild prints them without types. */
function functionsOf(source: string, loader: "js" | "ts"): Record<string, string> {
  const { code } = transformSync(source, { loader, format: "esm" });
  return Object.fromEntries(
    [...code.matchAll(/^(?:export )?(function (\w+)\([^]*?^\})$/gm)].map((m) => [m[2], m[1]]),
  );
}

const shared = (file: string) => {
  const functions = functionsOf(
    readFileSync(join(root, file), "utf8"),
    file.endsWith(".ts") ? "ts" : "js",
  );
  return Object.fromEntries(SHARED.map((name) => [name, functions[name] ?? `(no ${name})`]));
};

it.each(COPIES)(`%s: parseCli, usageError and parsePort as in ${ORIGINAL}`, (copy) => {
  const original = shared(ORIGINAL);
  for (const name of SHARED) expect(original[name]).toMatch(new RegExp(`^function ${name}\\(`));
  expect(shared(copy), `${copy} differs from ${ORIGINAL}: copy the change across`).toEqual(
    original,
  );
});

it("a copy that differs is found (the check above can fail)", () => {
  const original = readFileSync(join(root, ORIGINAL), "utf8");
  const edited = original.replace("exits 2.", "exits 2. (a comment differs: no matter)");
  expect(functionsOf(edited, "js")).toEqual(functionsOf(original, "js"));
  const changed = original.replace("process.exit(2)", "process.exit(1)");
  expect(functionsOf(changed, "js").usageError).not.toEqual(functionsOf(original, "js").usageError);
});
