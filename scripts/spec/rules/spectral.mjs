// Spectral's lint of the OpenAPI documents, by the ruleset spec/.spectral.yaml (warnings fail too),
// as finding lines like the other rules'. Spectral runs as a process of its own (1.5 s a run):
// lintOpenApiAsync lets the other rules run meanwhile, and a run over documents and a ruleset
// already linted in this process is remembered, since the spec tests check dozens of edited copies
// of spec/ that leave every OpenAPI document as it was.
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { pointerSegment } from "../../generate/lib/schema.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** Spectral lint (spec/.spectral.yaml) over bundled OpenAPI documents; warnings fail too. */
export function lintOpenApi(results) {
  return remembered(results, (args) => {
    try {
      return execFileSync(SPECTRAL, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (error) {
      return spectralOutput(error);
    }
  });
}

/** {@link lintOpenApi} in a process of its own, which runs while this one goes on. */
export async function lintOpenApiAsync(results) {
  return remembered(results, async (args) => {
    try {
      return (await execFileAsync(SPECTRAL, args, { encoding: "utf8" })).stdout;
    } catch (error) {
      return spectralOutput(error);
    }
  });
}

/**
 * Spectral's findings over the OpenAPI documents of `results`, run by `lint` on its arguments, or
 * remembered from an earlier run over the same documents and ruleset in this process. Spectral
 * takes 1.5 s a run, and the spec tests check dozens of edited copies of spec/, most of which
 * leave every OpenAPI document as it was (an edit to an OpenRPC document, or to one area).
 * Remembered per process only: a new run reads the ruleset, and Spectral's version, afresh.
 */
function remembered(results, lint) {
  const docs = results.filter((r) => r.kind === "openapi");
  if (!docs.length) return [];
  const key = JSON.stringify([readFileSync(RULESET, "utf8"), docs.map((r) => [r.area, r.doc])]);
  const known = lintRuns.get(key);
  if (known) return [...known];
  const input = spectralInput(docs);
  const finish = (out) => {
    const lines = spectralLines(out);
    lintRuns.set(key, lines);
    if (lintRuns.size > 64) lintRuns.delete(lintRuns.keys().next().value);
    return [...lines];
  };
  const cleanUp = () => rmSync(input.dir, { recursive: true, force: true });
  let out;
  try {
    out = lint(input.args);
  } catch (error) {
    cleanUp();
    throw error;
  }
  if (!(out instanceof Promise)) {
    cleanUp();
    return finish(out);
  }
  return out.then(finish).finally(cleanUp);
}

/** Spectral's findings by the documents and ruleset they were found in (see `remembered`). */
const lintRuns = new Map();
const RULESET = join(root, "spec/.spectral.yaml");

const SPECTRAL = join(root, "node_modules/.bin/spectral");
const execFileAsync = promisify(execFile);

/** The OpenAPI documents `docs` written to a temporary `dir`, and Spectral's `args` over them. */
function spectralInput(docs) {
  const dir = mkdtempSync(join(tmpdir(), "chaindata-spectral-"));
  const files = docs.map((r) => {
    const file = join(dir, `${r.area}.json`);
    writeFileSync(file, JSON.stringify(r.doc, null, 2));
    return file;
  });
  return { dir, args: ["lint", ...files, "-r", RULESET, "-f", "json", "-F", "hint", "--quiet"] };
}

/** Spectral's output when it exits 1 (it found something); a failure without output is thrown. */
function spectralOutput(error) {
  if (!error.stdout)
    throw new Error(`spectral failed: ${error.stderr || error.message}`, { cause: error });
  return error.stdout;
}

/** Spectral's JSON output as finding lines. */
function spectralLines(out) {
  const problems = out.trim() ? JSON.parse(out) : [];
  return problems.map(
    (p) =>
      `${p.source
        .split("/")
        .pop()
        .replace(
          /\.json$/,
          "",
        )} #/${p.path.map(pointerSegment).join("/")}: [${p.code}] ${p.message}`,
  );
}
