// Findings kept between runs in node_modules/.cache/<folder>/<key>.json, for the rules whose result
// is a pure function of what their key digests (Spectral's lint, spectral.mjs; checkExamples,
// examples.mjs). A fresh clone, or CI (`npm ci`), has none; deleting the folders is always safe.
import { createHash } from "node:crypto";
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
/**
 * The files kept per folder: the oldest beyond it are removed (the spec tests check hundreds of
 * edited copies).
 */
const KEPT_FILES = 200;

/** The folder of a cache (`chaindata-spectral`, `chaindata-examples`). */
export const cacheFolder = (name) => join(root, "node_modules/.cache", name);

/**
 * The installed packages, exactly: a digest of npm's record of node_modules (every package's
 * version and integrity, rewritten by each install) and Node's version; undefined without that
 * record, and then nothing is kept on disk.
 */
export function installedPackages() {
  // (Read once per process: every document's key asks, and the record is hundreds of KB.)
  if (installed !== null) return installed;
  try {
    const record = readFileSync(join(root, "node_modules/.package-lock.json"));
    installed = `${process.version} ${createHash("sha256").update(record).digest("hex")}`;
  } catch {
    installed = undefined;
  }
  return installed;
}
/** installedPackages' answer in this process; null before it is asked. */
let installed = null;

/**
 * The lines kept under `key` in `folder`, or undefined. A line is its text, or `{ text, id }` where
 * the rule gave it an identity (scripts/lib/mistake-ids.mjs), which the text does not tell.
 */
export function keptLines(folder, key) {
  try {
    const lines = JSON.parse(readFileSync(join(folder, `${key}.json`), "utf8"));
    return Array.isArray(lines) && lines.every(isLine) ? lines : undefined;
  } catch {
    return undefined;
  }
}

const isLine = (line) =>
  typeof line === "string" ||
  (typeof line?.text === "string" && typeof line.id === "string" && Object.keys(line).length === 2);

/** The texts of kept `lines` (keptLines), each identity recorded in `ids` (a Map), if given. */
export function linesText(lines, ids) {
  return lines.map((line) => {
    if (typeof line === "string") return line;
    ids?.set(line.text, line.id);
    return line.text;
  });
}

/**
 * `lines` kept under `key` in `folder`; a failure to write is no failure (the next run checks
 * again).
 */
export function keepLines(folder, key, lines) {
  try {
    mkdirSync(folder, { recursive: true });
    // (Written whole, then renamed: a run that reads it meanwhile sees all of it or none.)
    const part = join(folder, `${key}.${process.pid}.part`);
    writeFileSync(part, JSON.stringify(lines));
    renameSync(part, join(folder, `${key}.json`));
    const files = readdirSync(folder).filter((f) => f.endsWith(".json"));
    if (files.length <= KEPT_FILES) return;
    const byAge = files
      .map((f) => ({ f, at: statSync(join(folder, f)).mtimeMs }))
      .sort((x, y) => x.at - y.at);
    for (const { f } of byAge.slice(0, files.length - KEPT_FILES)) unlinkSync(join(folder, f));
  } catch {
    // (A cache that cannot be written is no cache: the next run checks again.)
  }
}
