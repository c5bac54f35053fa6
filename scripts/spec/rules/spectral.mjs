// Spectral's lint of the OpenAPI documents, by the ruleset spec/.spectral.yaml (warnings fail too),
// as finding lines like the other rules'. Spectral runs as a process of its own (1.5 s a run):
// lintOpenApiAsync lets the other rules run meanwhile, and the findings of a document already
// linted (the same content, area, ruleset and installed packages) are remembered, in this process
// and in node_modules/.cache, since `npm run generate` lints unchanged documents on every run and
// the spec tests check dozens of edited copies of spec/ that leave all but one OpenAPI document as
// they were.
import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { pointerSegment } from "../../generate/lib/schema.mjs";
import { mistakeId } from "../../lib/mistake-ids.mjs";
import {
  cacheFolder,
  installedPackages,
  keepLines,
  keptLines,
  linesText,
} from "./kept-findings.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * Spectral lint (spec/.spectral.yaml) over bundled OpenAPI documents; warnings fail too. `ids`, a
 * Map, gets each line's identity: Spectral's rule and the place (mistakeId(code, area, pointer)).
 */
export function lintOpenApi(results, { ids } = {}) {
  const lines = remembered(results, (args) => {
    try {
      return execFileSync(SPECTRAL, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (error) {
      return spectralOutput(error);
    }
  });
  return linesText(lines, ids);
}

/** {@link lintOpenApi} in a process of its own, which runs while this one goes on. */
export async function lintOpenApiAsync(results, { ids } = {}) {
  const lines = await remembered(results, async (args) => {
    try {
      return (await execFileAsync(SPECTRAL, args, { encoding: "utf8" })).stdout;
    } catch (error) {
      return spectralOutput(error);
    }
  });
  return linesText(lines, ids);
}

/**
 * Spectral's findings over the OpenAPI documents of `results`, in Spectral's order: those of each
 * document already linted in this process (the same content, area and ruleset) remembered, and the
 * others linted by `lint` (on its arguments) in one run. Spectral takes 1.5 s a run, and the spec
 * tests check dozens of edited copies of spec/, most of which change one OpenAPI document or none.
 * Spectral lints each file on its own (its lint command runs each file through the same ruleset and
 * lists the findings file by file), so a document's findings do not depend on the others linted
 * with it. Remembered per process only: a new run reads the ruleset, and Spectral's version,
 * afresh.
 */
function remembered(results, lint) {
  const docs = results.filter((r) => r.kind === "openapi");
  if (!docs.length) return [];
  const ruleset = readFileSync(RULESET, "utf8");
  const packages = installedPackages();
  const keys = docs.map((r) => lintKey(ruleset, packages, r));
  /**
   * Each document's lines, by its index in `docs`: those remembered now, the rest after the run.
   */
  const found = keys.map((key) => lintedDocs.get(key) ?? cachedLines(key, packages));
  const unseen = docs.filter((_, i) => !found[i]);
  const inSpectralOrder = () =>
    spectralOrder(docs.map((r, i) => ({ r, lines: found[i] }))).flatMap(({ lines }) => lines);
  if (!unseen.length) return inSpectralOrder();
  const input = spectralInput(unseen);
  const finish = (out) => {
    const byArea = spectralLines(out);
    docs.forEach((r, i) => {
      if (found[i]) return;
      found[i] = byArea.get(r.area) ?? [];
      lintedDocs.set(keys[i], found[i]);
      if (packages && selfContained(r.doc)) cacheLines(keys[i], found[i]);
      if (lintedDocs.size > 256) lintedDocs.delete(lintedDocs.keys().next().value);
    });
    return inSpectralOrder();
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

/**
 * What a document's findings depend on: the ruleset's text, Spectral's options, the packages
 * installed (Spectral and everything it loads, each at its exact version) and Node's version, the
 * document's area (its file's name, which starts each line) and its content (as written to that
 * file), and `format`, how the lines are made from Spectral's output (LINES_FORMAT). Spectral
 * reads nothing else of a self-contained document (selfContained).
 */
export const lintKey = (ruleset, packages, r, format = LINES_FORMAT) =>
  createHash("sha256")
    .update(
      JSON.stringify([ruleset, OPTIONS, packages, r.area, JSON.stringify(r.doc, null, 2), format]),
    )
    .digest("hex");

/**
 * The form of the kept lines: a digest of the scripts that make them from Spectral's JSON (this
 * one, with its what-to-do table, and mistake-ids.mjs, the identities). A line kept by another
 * version of them says other words, or carries another identity, and is not read: edit either and
 * every document is linted again, once.
 */
export const LINES_FORMAT = [
  fileURLToPath(import.meta.url),
  join(root, "scripts/lib/mistake-ids.mjs"),
]
  .reduce((hash, file) => hash.update(readFileSync(file)).update("\0"), createHash("sha256"))
  .digest("hex");

/**
 * A document whose every `$ref` is inside it (as the bundler writes them): Spectral would fetch
 * any other, so its findings could change with no change of the key.
 */
const selfContained = (doc) => !/"\$ref":"(?!#)/.test(JSON.stringify(doc));

/**
 * The findings of earlier runs, one file per key (lintKey): a fresh clone, or CI, has none and
 * lints every document; an edited document, ruleset or install makes a new key. The oldest files
 * beyond kept-findings.mjs's limit are removed (the spec tests lint hundreds of edited copies).
 */
const CACHE_DIR = cacheFolder("chaindata-spectral");
/**
 * The file that keeps the findings of the OpenAPI document `r` (its tests read it), in the lines'
 * `format` (LINES_FORMAT unless given).
 */
export const spectralCacheFile = (r, format = LINES_FORMAT) =>
  join(CACHE_DIR, `${lintKey(readFileSync(RULESET, "utf8"), installedPackages(), r, format)}.json`);
const cachedLines = (key, packages) => (packages ? keptLines(CACHE_DIR, key) : undefined);
const cacheLines = (key, lines) => keepLines(CACHE_DIR, key, lines);

/**
 * `documents` in the order Spectral lints (and lists) them: its lint command sorts the files it is
 * given by path (`a.localeCompare(b)`, @stoplight/spectral-cli's listFiles), all in one folder
 * here.
 */
const spectralOrder = (documents) =>
  documents.toSorted((a, b) => fileName(a.r).localeCompare(fileName(b.r)));
const fileName = (r) => `${r.area}.json`;

/** Spectral's findings (lines) of each document linted in this process, by {@link lintKey}. */
const lintedDocs = new Map();
const RULESET = join(root, "spec/.spectral.yaml");
/** Spectral's options: the ruleset, JSON output, every finding (hints up) fails, findings only. */
const OPTIONS = ["-r", RULESET, "-f", "json", "-F", "hint", "--quiet"];

const SPECTRAL = join(root, "node_modules/.bin/spectral");
const execFileAsync = promisify(execFile);

/** The OpenAPI documents `docs` written to a temporary `dir`, and Spectral's `args` over them. */
function spectralInput(docs) {
  const dir = mkdtempSync(join(tmpdir(), "chaindata-spectral-"));
  const files = docs.map((r) => {
    const file = join(dir, fileName(r));
    writeFileSync(file, JSON.stringify(r.doc, null, 2));
    return file;
  });
  return { dir, args: ["lint", ...files, ...OPTIONS] };
}

/** Spectral's output when it exits 1 (it found something); a failure without output is thrown. */
function spectralOutput(error) {
  if (!error.stdout)
    throw new Error(`spectral failed: ${error.stderr || error.message}`, { cause: error });
  return error.stdout;
}

/**
 * What to do, by Spectral's rule (its `code`), for each rule that spec/.spectral.yaml turns on for
 * an OpenAPI 3.1 document: Spectral's messages say what is wrong, not what to write (a test holds
 * the table to the ruleset and to spectral:oas's recommended rules). A rule missing here gives its
 * line without one.
 */
export const SPECTRAL_WHAT_TO_DO = {
  // spec/.spectral.yaml's own rules
  "operation-operationId": "give the operation an operationId, the SDK method's name (camelCase)",
  "operation-description":
    "write the operation's description: what it returns, as the JSDoc and its docs page say it",
  "operation-tags": "give the operation tags: [<its group>], the docs site's section for it",
  "operation-summary": "write the operation's summary: one line, its docs page's heading",
  "parameter-description":
    "give the parameter a description: what the value is, in the caller's words",
  "parameter-examples":
    "give the parameter named examples (examples: { <name>: { value: … } }), as its siblings have",
  "request-body-examples":
    "give this media type named examples (examples: { <name>: { value: … } }): the docs show them",
  "response-examples":
    "give this media type named examples (examples: { <name>: { value: … } }): the mock answers with them",
  "webhook-body-examples":
    "give this delivery body named examples (examples: { <name>: { value: … } }): the docs show them",
  "no-singular-example":
    "write examples instead (named, { <name>: { value: … } }, beside a parameter or media type; a list in a schema)",
  // spectral:oas (recommended) rules an OpenAPI 3.1 document can trip
  "oas3-schema":
    "make the object here what OpenAPI 3.1 allows: a misspelt or misplaced key, a required key missing, or a value of another type",
  "operation-success-response": "give the operation a 2xx response (or 3xx)",
  "operation-operationId-unique": "give each operation an operationId of its own",
  "operation-operationId-valid-in-url":
    "keep the operationId to letters, digits and - . _ ~ (a camelCase name)",
  "operation-parameters": "list each parameter (its name and in) once in the operation",
  "operation-tag-defined": "use a tag the document's top-level tags list, or add it there",
  "path-params":
    "declare each {name} of the path as a parameter (in: path, required: true), and no path parameter the path lacks",
  "path-declarations-must-exist":
    "name each path parameter in its braces: /assets/{id}, not /assets/{}",
  "path-keys-no-trailing-slash": "remove the path's trailing /",
  "path-not-include-query": "move the query out of the path into in: query parameters",
  "duplicated-entry-in-enum": "list each enum value once",
  "typed-enum": "make every enum value of the schema's type (or widen the type)",
  "array-items": "give the array schema its items",
  "info-contact": "give info a contact (name, url, email)",
  "info-description": "write info.description: what the area is for, the docs' first sentence",
  "no-eval-in-markdown": "remove the eval( from the text",
  "no-script-tags-in-markdown": "remove the <script tag from the text",
  "openapi-tags-uniqueness": "list each top-level tag once",
  "oas3-api-servers": "give the document servers, each with its url",
  "oas3-server-trailing-slash": "remove the server url's trailing /",
  "oas3-server-variables":
    "declare each {variable} of the server url under variables, with a default, and no other",
  "oas3-examples-value-or-externalValue": "give the example a value or an externalValue, not both",
  "oas3-operation-security-defined":
    "name a security scheme that components.securitySchemes declares, or declare it there",
  "oas3-unused-component": "$ref the component where it is meant to be used, or remove it",
  "oas3-callbacks-in-callbacks": "move the callback out of the callback it is in",
  "oas3_1-servers-in-webhook": "remove servers from the webhook (a webhook is sent, not called)",
  "oas3_1-callbacks-in-webhook": "remove callbacks from the webhook",
};

/**
 * Spectral's message with what to do (SPECTRAL_WHAT_TO_DO) after it, where the table has its rule.
 */
const withWhatToDo = (code, message) => {
  const whatToDo = Object.hasOwn(SPECTRAL_WHAT_TO_DO, code) ? SPECTRAL_WHAT_TO_DO[code] : "";
  return whatToDo ? `${message.replace(/\.$/, "")}; ${whatToDo}` : message;
};

/**
 * Spectral's JSON output as finding lines, by the area of the document each was found in: each
 * `{ text, id }`, its identity made of Spectral's rule (`code`) and the place it names (`path`), so
 * that no rule reads Spectral's words.
 */
function spectralLines(out) {
  const problems = out.trim() ? JSON.parse(out) : [];
  const byArea = new Map();
  for (const p of problems) {
    const area = p.source
      .split("/")
      .pop()
      .replace(/\.json$/, "");
    if (!byArea.has(area)) byArea.set(area, []);
    const at = `#/${p.path.map(pointerSegment).join("/")}`;
    byArea.get(area).push({
      text: `${area} ${at}: [${p.code}] ${withWhatToDo(p.code, p.message)}`,
      id: mistakeId(p.code, area, at),
    });
  }
  return byArea;
}
