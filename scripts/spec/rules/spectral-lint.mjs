#!/usr/bin/env node
// `spectral lint <files> -r <ruleset> -f json -F hint --quiet`, by Spectral's own modules, the ones
// its CLI loads, without the CLI's command layer: its start (yargs, every output formatter, and the
// rollup bundle of the ruleset) was a tenth of the CPU time of a lint of the five documents, 0.26 s
// of 2.97 s (spec70). spectral.mjs runs it as a process of its own, and
// test/spec/spectral-runner.test.ts holds its findings to the CLI's. The ruleset is read as the CLI reads a YAML ruleset: Spectral's ruleset migrator turns it
// into a module (`extends`, `function: truthy`, … as imports of Spectral's packages), which is
// loaded as the CLI loads its bundle; spec/.spectral.yaml stays the one place rules are set.
//   node scripts/spec/rules/spectral-lint.mjs <ruleset.yaml> <file>…
// Prints the findings as the CLI's `-f json` does (exit 0, findings or none); a failure: exit 2.
import * as fs from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

/** Spectral's modules as its CLI resolves them (the same copies, whatever npm hoists). */
const cliRequire = createRequire(
  createRequire(import.meta.url).resolve("@stoplight/spectral-cli/package.json"),
);
const { Document, Ruleset, Spectral } = cliRequire("@stoplight/spectral-core");
const Parsers = cliRequire("@stoplight/spectral-parsers");
const { readParsable } = cliRequire("@stoplight/spectral-runtime");
const { createHttpAndFileResolver } = cliRequire("@stoplight/spectral-ref-resolver");
const { migrateRuleset } = cliRequire("@stoplight/spectral-ruleset-migrator");

/** The ruleset at `file` (YAML or JSON), as the CLI's getRuleset makes it of a basic ruleset. */
async function loadRuleset(path) {
  // (A relative path from the working folder, as the CLI takes `-r`.)
  const file = resolve(path);
  const source = await migrateRuleset(file, { format: "commonjs", fs });
  // (The CLI names the migrated module `.spectral.js` beside the YAML; its rules' source is that.)
  const moduleFile = join(dirname(file), ".spectral.js");
  const rulesetRequire = createRequire(moduleFile);
  const module = {};
  // (A package, `@stoplight/spectral-functions`, is the CLI's copy, as its bundler's builtins give
  // it; a file a ruleset names, its functions, is beside the ruleset.)
  const load = (id) => (id.startsWith(".") ? rulesetRequire(id) : cliRequire(id));
  Function("module, require", source)(module, load);
  return new Ruleset(module.exports, { severity: "recommended", source: moduleFile });
}

async function lint(rulesetFile, files) {
  const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
  spectral.setRuleset(await loadRuleset(rulesetFile));
  const results = [];
  // (In the CLI's order: its listFiles sorts the paths, `a.localeCompare(b)`.)
  for (const file of files.toSorted((a, b) => a.localeCompare(b))) {
    const document = new Document(
      await readParsable(file, { encoding: "utf8" }),
      Parsers.Yaml,
      file,
    );
    results.push(...(await spectral.run(document, { ignoreUnknownFormat: false })));
  }
  // (`-F hint`: every severity, error 0 to hint 3, is kept; `-f json`'s fields.)
  return results
    .filter((r) => r.severity <= 3)
    .map(({ code, path, message, severity, range, source }) => ({
      code,
      path,
      message,
      severity,
      range,
      source,
    }));
}

const [rulesetFile, ...files] = process.argv.slice(2);
try {
  if (!rulesetFile || !files.length)
    throw new Error("usage: spectral-lint.mjs <ruleset.yaml> <file>…");
  process.stdout.write(JSON.stringify(await lint(rulesetFile, files)));
} catch (error) {
  process.stderr.write(`spectral-lint: ${error?.stack ?? error}\n`);
  process.exitCode = 2;
}
