// Turbo hashes every task's input files once, when the run starts, before any task has run. A
// task whose inputs hold another task's untracked output (spec/dist/, written by //#spec:bundle)
// is therefore hashed with what that output was *before* the run: nothing at all on a fresh clone,
// the previous bundle after a spec edit. The next run sees the new output, gets another hash and
// rebuilds everything again: on a fresh clone the second `npm start` spent 45 s on a full
// rebuild while saying "checking the build (turbo, cached)". Such a task names what the output
// is made from instead (its dependency's inputs); its hash already holds the dependency's hash.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;

interface TurboTask {
  inputs?: string[];
  outputs?: string[];
}
interface Task {
  name: string;
  inputs: string[];
  outputs: string[];
}

/** A glob as a path from the repository root, with `*` as one sample package (`core`). */
function fromRoot(glob: string, packageDir: string): string {
  const path = glob.startsWith("$TURBO_ROOT$/")
    ? glob.slice("$TURBO_ROOT$/".length)
    : `${packageDir}${glob}`;
  return path.replace(/\/\*\*(\/\*)?$/, "").replaceAll("*", "core");
}

function tasksOf(file: string, packageDir: string): Task[] {
  const { tasks } = JSON.parse(readFileSync(join(root, file), "utf8")) as {
    tasks: Record<string, TurboTask>;
  };
  return Object.entries(tasks).map(([name, task]) => {
    // A root task (`//#name`) reads paths from the root; any other from each package's folder.
    const dir = name.startsWith("//#") ? "" : packageDir;
    return {
      name: `${file}: ${name}`,
      inputs: (task.inputs ?? []).map((glob) =>
        glob.startsWith("!") ? `!${fromRoot(glob.slice(1), dir)}` : fromRoot(glob, dir),
      ),
      outputs: (task.outputs ?? []).map((glob) => fromRoot(glob, dir)),
    };
  });
}

const tasks = [
  ...tasksOf("turbo.json", "packages/core/"),
  ...readdirSync(join(root, "packages"))
    .filter((name) => existsSync(join(root, "packages", name, "turbo.json")))
    .flatMap((name) => tasksOf(`packages/${name}/turbo.json`, `packages/${name}/`)),
];

const ignoredByGit = (path: string) => {
  try {
    execFileSync("git", ["check-ignore", "-q", `${path}/file`], { cwd: root });
    return true;
  } catch {
    return false;
  }
};
const within = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);

it("no turbo task's inputs hold another task's untracked output", () => {
  const untrackedOutputs = tasks.flatMap((task) =>
    task.outputs.filter(ignoredByGit).map((output) => ({ task: task.name, output })),
  );
  expect(untrackedOutputs.map((o) => o.output)).toContain("spec/dist");
  const overlaps = tasks.flatMap((task) =>
    untrackedOutputs
      .filter(({ output }) => !task.outputs.includes(output))
      .filter(({ output }) =>
        task.inputs.some(
          (input) =>
            !input.startsWith("!") &&
            (within(input, output) || within(output, input)) &&
            !task.inputs.some((i) => i.startsWith("!") && within(output, i.slice(1))),
        ),
      )
      .map(
        ({ task: producer, output }) => `${task.name} reads ${output}/, the output of ${producer}`,
      ),
  );
  expect(overlaps).toEqual([]);
});

// Turbo puts a task's dependencies' hashes into its own, so a package build that depended on
// //#generate (whose inputs are all of spec/) was rebuilt after any spec edit, all 13 of them for
// one description (user trial 33: 1-5 minutes a loop). The build takes the generated files as
// they are (generate runs first by hand, and `npm test` checks they are fresh), and core's
// spec digest, which every spec edit rewrites and nothing imports, is no input of core's build.
it("a spec edit rebuilds only the packages whose generated files it changes", () => {
  const { tasks } = JSON.parse(readFileSync(join(root, "turbo.json"), "utf8")) as {
    tasks: Record<string, { dependsOn?: string[]; inputs?: string[] }>;
  };
  expect(tasks.build!.dependsOn).toEqual(["^build"]);
  expect(tasks.build!.inputs).toContain("!src/generated/spec-digest.ts");
  // (Were it imported, a build taken from the cache could carry an old digest.)
  const core = join(root, "packages/core/src");
  const importers = readdirSync(core, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".ts"))
    .filter((file) => readFileSync(join(core, file), "utf8").includes("spec-digest"));
  expect(importers).toEqual([]);
});

/**
 * The relative paths a module's static imports and re-exports name, from `./` on (`./a.mjs` as
 * `a.mjs`): written on one line or over several (`import {\n  a,\n} from "./a.mjs";`, as prettier
 * writes a long list), without bindings (`import "./a.mjs";`), in either quotes.
 */
function relativeImports(source: string): string[] {
  return [
    ...source.matchAll(/^(?:import|export)\b(?:[^;'"]*?\bfrom)?\s*["'](\.{1,2}\/[^"']+)["']/gm),
  ].map(([, path]) => path!.replace(/^\.\//, ""));
}

it("reads a tsup config's relative imports over several lines, without bindings and re-exported", () => {
  const config = [
    'import { defineConfig } from "tsup";',
    "import {",
    "  emitDeclarations,",
    "  withoutSourcesContent,",
    '} from "../../tsup.config.base.js";',
    'import "./scripts/setup.mjs";',
    "export { keepConstants } from './scripts/keep-constants.mjs';",
    "const text = \"import x from './not-a-module.mjs'\";",
    'export default defineConfig({ entry: "./src/index.ts" });',
  ].join("\n");
  expect(relativeImports(config)).toEqual([
    "../../tsup.config.base.js",
    "scripts/setup.mjs",
    "scripts/keep-constants.mjs",
  ]);
});

/**
 * The tsconfig files a package's build reads, as paths from its folder: its `tsconfig.json` and
 * `tsconfig.build.json` (tsup's and the declarations' tsc's), and each file they extend, at any
 * depth. (Their comments are whole lines: `//` to the line's end.)
 */
function tsconfigsOf(dir: string): string[] {
  const found: string[] = [];
  const read = (path: string) => {
    if (found.includes(path) || !existsSync(join(dir, path))) return;
    found.push(path);
    const text = readFileSync(join(dir, path), "utf8").replace(/^\s*\/\/.*$/gm, "");
    const base = (JSON.parse(text) as { extends?: string }).extends;
    if (base?.startsWith(".")) read(normalize(join(dirname(path), base)));
  };
  read("tsconfig.json");
  read("tsconfig.build.json");
  return found;
}

// A file a package's build config imports is an input of its build (and so is each tsconfig it
// reads): core's tsup.config.ts runs
// scripts/keep-constants.mjs over its dist, and an edit of that script once left turbo serving
// the dist built by the old one from its cache (mutants79).
it("every file a package's tsup.config.ts imports, and every tsconfig its build reads, is an input of its build", () => {
  const covered = (inputs: string[], path: string) =>
    inputs.some((glob) => {
      const input = glob.startsWith("$TURBO_ROOT$/") ? `../../${glob.slice(13)}` : glob;
      return input.endsWith("/**") ? path.startsWith(input.slice(0, -2)) : path === input;
    });
  const { tasks: rootTasks } = JSON.parse(readFileSync(join(root, "turbo.json"), "utf8")) as {
    tasks: Record<string, TurboTask>;
  };
  const missing = readdirSync(join(root, "packages"))
    .filter((name) => existsSync(join(root, "packages", name, "tsup.config.ts")))
    .flatMap((name) => {
      const own = join(root, "packages", name, "turbo.json");
      const inputs = existsSync(own)
        ? (JSON.parse(readFileSync(own, "utf8")) as { tasks: Record<string, TurboTask> }).tasks
            .build!.inputs!
        : rootTasks.build!.inputs!;
      const config = readFileSync(join(root, "packages", name, "tsup.config.ts"), "utf8");
      const imported = relativeImports(config);
      expect(imported.length, `packages/${name}/tsup.config.ts imports`).toBeGreaterThan(0);
      return [...imported, ...tsconfigsOf(join(root, "packages", name))]
        .filter((path) => !covered(inputs, path))
        .map((path) => `packages/${name}: ${path}`);
    });
  expect(missing).toEqual([]);
});
