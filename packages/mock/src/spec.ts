/**
 * Finding and reading the spec bundles (`spec/dist/` of the repository, or the copy shipped in
 * the package's `dist/spec/`).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseJson } from "./json.js";

/**
 * The node a `$ref` in `doc` points at (`#/components/schemas/Asset`), followed through a chain
 * of up to 20; any other node as it is.
 */
export function resolveRef(doc: any, node: any): any {
  for (let hops = 0; typeof node?.$ref === "string" && hops < 20; hops++)
    node = node.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce((at: any, key: string) => at?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
  return node;
}

/** One entry of `index.json`'s `areas`. */
export interface AreaEntry {
  area: string;
  kind: "openrpc" | "openapi";
  /** Relative to the spec directory, e.g. `openrpc/das.json`. */
  file: string;
  title?: string;
  /** A key of `index.json`'s `hosts`: rpc, wallet, admin, api, sender. */
  host: string;
  beta?: boolean;
}

/** An area whose bundle was read (big integers are `bigint`s). */
export interface LoadedArea extends AreaEntry {
  doc: any;
}

export interface LoadedSpec {
  /** The directory holding `index.json`. */
  dir: string;
  index: any;
  areas: LoadedArea[];
  /** Areas listed in `index.json` whose file is missing or unreadable, with the reason. */
  skipped: Array<AreaEntry & { reason: string }>;
}

/** The package's root folder (`src/..` when run from source, `dist/..` when built). */
export function packageRoot(): string {
  // (In the CommonJS build `import.meta.url` comes from src/cjs-shim.ts: tsup.config.ts.)
  return resolve(dirname(fileURLToPath(import.meta.url)), "..");
}

/**
 * The spec directory: `explicit`, else `$CHAINDATA_SPEC_DIR`, else the repository's
 * `spec/dist/` when the package sits in the chaindata monorepo, else the copy made at build
 * time (`dist/spec/`).
 */
export function resolveSpecDir(explicit?: string): string {
  if (explicit) return resolve(explicit);
  // (Trimmed: a .env file with CRLF line ends leaves a "\r" that no folder name ends in.)
  const fromEnv = process.env.CHAINDATA_SPEC_DIR?.trim();
  if (fromEnv) return resolve(fromEnv);
  const candidates: string[] = [];
  const root = packageRoot();
  const repo = resolve(root, "../..");
  if (isChaindataRepo(repo)) candidates.push(join(repo, "spec/dist"));
  candidates.push(join(root, "dist/spec"));
  const found = candidates.find((dir) => existsSync(join(dir, "index.json")));
  if (!found) {
    throw new Error(
      `@chaindata/mock: no spec bundle found (looked for index.json in ${candidates.join(", ")}). Run \`npm run spec:bundle\` in the repository, or pass specDir.`,
    );
  }
  return found;
}

function isChaindataRepo(dir: string): boolean {
  try {
    return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name === "chaindata";
  } catch {
    return false;
  }
}

/** Reads `index.json` and every bundle it lists. Missing bundles are skipped, not fatal. */
export function loadSpec(specDir?: string): LoadedSpec {
  const dir = resolveSpecDir(specDir);
  const indexFile = join(dir, "index.json");
  // (Named with where the folder came from: the parser's own "Unexpected token" names no file.)
  const refuse = (why: string): never => {
    const from = specDir
      ? "specDir, or --spec-dir"
      : process.env.CHAINDATA_SPEC_DIR?.trim()
        ? "$CHAINDATA_SPEC_DIR"
        : "the bundle found";
    throw new Error(`@chaindata/mock: spec index ${indexFile} (${from}): ${why}`);
  };
  let index: any;
  try {
    index = parseJson(readFileSync(indexFile, "utf8"));
  } catch (e) {
    const { code, message } = e as NodeJS.ErrnoException;
    refuse(code === "ENOENT" ? "no such file" : `cannot be read: ${message}`);
  }
  if (!Array.isArray(index?.areas)) refuse("must be a JSON object with an areas list");
  const areas: LoadedArea[] = [];
  const skipped: LoadedSpec["skipped"] = [];
  for (const entry of index.areas as AreaEntry[]) {
    const file = join(dir, entry.file);
    if (!existsSync(file)) {
      skipped.push({ ...entry, reason: `missing file ${entry.file}` });
      continue;
    }
    try {
      areas.push({ ...entry, doc: parseJson(readFileSync(file, "utf8")) });
    } catch (e) {
      skipped.push({ ...entry, reason: `cannot read ${entry.file}: ${(e as Error).message}` });
    }
  }
  if (!areas.length)
    throw new Error(`@chaindata/mock: ${join(dir, "index.json")} lists no readable area`);
  return { dir, index, areas, skipped };
}
