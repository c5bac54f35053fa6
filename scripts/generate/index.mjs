#!/usr/bin/env node
// Generates every package's `src/generated/` from the spec bundles (spec/dist/).
//   npm run generate             write (only files whose content changed; stale files removed)
//   npm run generate -- --check  write nothing; exit 1 listing every stale or missing file
//   npm run generate -- --spec-dir <folder>   read the bundles of a copy of spec/ (its dist/)
// Reads only spec/dist (run `npm run spec:bundle` first), and refuses bundles that break the spec
// rules as `npm run spec:check` does. Deterministic: a second run changes nothing.
// This file drives the emitters: rpc.mjs and rest.mjs (an area's code),
// constants.mjs (an area's constants), tool-schemas.mjs (its tools' input schemas), readme.mjs (its
// README), core-files.mjs (core's generated modules, the schemas of two or more areas among them,
// and each package's runtime.ts), sdk.mjs (@chaindata/sdk's client), sdk-namespaces.mjs (its type
// namespaces) and scaffold.mjs (a new area's package, written once); sync.mjs writes (or compares)
// the generated files they return.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseCli } from "../lib/cli.mjs";
import { readSources } from "../lib/spec-sources.mjs";
import {
  bundleDigest,
  defaultSpecDir,
  editedSources,
  parseBundle,
  staleBundleSources,
} from "../spec/bundle.mjs";
import { runtimeKind } from "./lib/areas.mjs";
import { fitLines } from "./lib/layout.mjs";
import { ERROR_CLASSES, runtimeExports } from "./lib/names.mjs";
import {
  generatorRefusals,
  packagesOf,
  sharedSchemaNames,
  throwIfRefused,
} from "./lib/refusals.mjs";
import { emitAreaConstants } from "./constants.mjs";
import {
  emitBatchingAreas,
  emitEnvironments,
  emitAreaKnownValues,
  emitKnownValues,
  ownKnownLists,
  emitRuntimeExports,
  emitSharedSchemas,
  sharedEnums,
  emitSpecDigest,
} from "./core-files.mjs";
import { emitReadme } from "./readme.mjs";
import { emitRestArea } from "./rest.mjs";
import { emitRpcArea } from "./rpc.mjs";
import { scaffoldFiles } from "./scaffold.mjs";
import { coreDocs, emitSdkNamespace } from "./sdk-namespaces.mjs";
import { emitSdk, emitSdkShapes } from "./sdk.mjs";
import { sync } from "./sync.mjs";
import { emitSdkToolSchemas, emitToolSchemas, toolsOf } from "./tool-schemas.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

function readBundles(distDir) {
  const indexFile = join(distDir, "index.json");
  if (!existsSync(indexFile))
    throw new Error(`${relative(root, indexFile)} is missing: run \`npm run spec:bundle\` first`);
  const index = JSON.parse(readFileSync(indexFile, "utf8"));
  // Where each bundle's parts come from, to name the YAML file of what the generator refuses
  // (absent in a spec/dist bundled before the bundler recorded it: the messages then say so).
  const sources = readSources(distDir);
  const areas = index.areas.map((a) => ({
    ...a,
    // (With the exact values of u64 examples beyond 2^53, which the @example samples print.)
    doc: parseBundle(readFileSync(join(distDir, a.file), "utf8")),
    origins: sources?.[a.file],
    // (The spec folder the origins' YAML files are in, for their line and column.)
    specDir: resolve(distDir, ".."),
  }));
  return { index, areas, digest: bundleDigest(distDir) };
}

export async function generate({ distDir = join(root, "spec/dist") } = {}) {
  return emitAll(readBundles(distDir));
}

/** Every generated file of the bundles `{ index, areas }` (readBundles). */
async function emitAll({ index, areas, digest }) {
  // Every refusal of every area at once, before anything is written (the emitters refuse their own
  // area's again, as a last guard when they are called alone).
  throwIfRefused(generatorRefusals(areas), areas);
  const files = {
    "packages/core/src/generated/environments.ts": emitEnvironments(index, areas),
    "packages/core/src/generated/spec-digest.ts": emitSpecDigest(digest),
  };
  // (Each package's main document: the sender's, not its plain-HTTP companion.)
  const mains = packagesOf(areas).map(([a]) => a);
  // The schemas of two or more areas, which core declares once (each emitter adds its copy of
  // each to `declared`, for emitSharedSchemas to compare and write).
  const shared = { names: sharedSchemaNames(mains), declared: new Map() };
  // The shared closed lists of strings (`KnownTransactionType`), which core's `./known-values`
  // entry has at run time, and each area whose spec has one re-exports from its own (decision
  // 0021).
  const enums = sharedEnums(mains, shared.names);
  const namesOf = (lists) => lists.map(([name]) => name);
  // (Each area's own closed lists marked `x-known-values` (webhooks' WebhookType), in its
  // `./known-values` entry beside core's, and re-exported by the sdk's.)
  const areasOwn = [];
  for (const [a, http] of packagesOf(areas)) {
    const ownEnums = enums.filter(([name]) => sharedOf(a, shared.names).includes(name));
    const ownLists = ownKnownLists(a.doc, shared.names);
    if (ownLists.length) areasOwn.push([a.area, namesOf(ownLists)]);
    Object.assign(
      files,
      await (a.kind === "openrpc" ? emitRpcArea(a, http, shared) : emitRestArea(a, shared)),
      emitAreaConstants(a),
      emitToolSchemas(a, http, ownEnums),
      emitReadme(a, http, index.hosts, [...ownEnums, ...ownLists]),
      emitRuntimeExports(a.area, runtimeKind(a)),
      emitAreaKnownValues(a.area, namesOf(ownEnums), ownLists),
    );
  }
  Object.assign(
    files,
    emitSharedSchemas(shared.declared),
    emitKnownValues(enums),
    { "packages/core/src/generated/areas.ts": emitBatchingAreas(mains) },
    emitSdk(mains, index.hosts),
    emitSdkShapes(mains.map((a) => ({ area: a.area, names: shapeExports(files, a.area) }))),
    emitRuntimeExports("sdk", { rpc: true }),
    // (The sdk's users may have installed it alone: its own `./known-values`, every area's lists.)
    emitAreaKnownValues("sdk", namesOf(enums), [], areasOwn),
    emitSdkToolSchemas(
      packagesOf(areas).map(([a, http]) => ({
        area: a.area,
        names: toolsOf(a, http).map((t) => t.name),
      })),
    ),
  );
  // (The sdk's namespaces alias core's types with their docs, read from core's sources: this
  // run's shared schemas among them, so after emitSharedSchemas.)
  const aliased = packagesOf(areas).flatMap(([a]) => [
    ...ERROR_CLASSES,
    ...runtimeExports(runtimeKind(a)).types,
    ...sharedOf(a, shared.names),
  ]);
  const core = coreDocs(new Set(aliased), files);
  for (const [a] of packagesOf(areas))
    Object.assign(files, emitSdkNamespace(a.area, runtimeKind(a), sharedOf(a, shared.names), core));
  // Each code line within the repository's width (lib/layout.mjs): published packages ship these
  // sources, where "go to definition" lands. (Last: the emitters above read one another's output
  // one statement a line.)
  for (const [path, text] of Object.entries(files))
    if (path.endsWith(".ts")) files[path] = fitLines(text);
  return files;
}

/** The names of `names` (core's shared schemas) that the area document `a` has. */
const sharedOf = (a, names) =>
  Object.keys(a.doc.components?.schemas ?? {}).filter((name) => names.has(name));

/**
 * The u64 shapes that `area`'s generated files export (`dasU64Shape`, `getAssetU64Shape`,
 * `getAssetsByOwnerItemU64Shape`, …) and its pagination descriptors (`getAssetsByOwnerPagination`),
 * read from what was just emitted, so the sdk re-exports exactly what the package has.
 */
const shapeExports = (files, area) =>
  [
    ...new Set(
      Object.entries(files)
        .filter(([path]) => path.startsWith(`packages/${area}/src/generated/`))
        .flatMap(([, text]) => [
          // (And its params checks, `check<Operation>`, with the endpoint factories they take,
          // `create<Area>Rpc` / `create<Area>Rest`: an sdk user has no other way to make one.)
          ...text.matchAll(
            /^export (?:const|function) (\w+(?:U64Shape|Pagination)|check[A-Z]\w*|create[A-Z]\w*(?:Rpc|Rest))\b/gm,
          ),
        ])
        .map((m) => m[1]),
    ),
  ].sort();

/**
 * The skeleton of every area package that does not exist yet under `target` (scaffold.mjs): written
 * once, then hand-written. `{ files, added }`: `added` names the new areas. (`areas`: the bundles
 * already read, else those of `distDir`.)
 */
export function scaffold({
  distDir = join(root, "spec/dist"),
  areas = readBundles(distDir).areas,
  generated,
  target = root,
}) {
  return scaffoldFiles(packagesOf(areas), generated, { repo: root, target });
}

/**
 * Refuses bundles that break a spec rule (scripts/spec/rules.mjs), with the lines spec:check
 * prints: `npm run spec:bundle` writes spec/dist without the rules, and code generated from such a
 * spec would ship what the rules exist to keep out.
 */
async function refuseRuleFindings(areas) {
  // (Loaded here: ajv and the meta-schemas would slow the programmatic callers, the tests'.)
  const { runAllChecksAsync } = await import("../spec/rules.mjs");
  // (A line twice is one finding, as spec:check counts them: a host's server is in both of the
  // sender's documents.)
  const findings = [...new Set((await runAllChecksAsync(areas)).located)];
  if (findings.length)
    throw new Error(
      `the spec breaks ${findings.length} rule${findings.length > 1 ? "s" : ""} (npm run spec:check reports the same); nothing was generated:\n${findings.map((f) => `  ✗ ${f}`).join("\n")}`,
    );
}

/**
 * Generate from `distDir` into the repository `target` (its `packages/`, and a new area's
 * changeset), or with `check` compare only. Returns every generated file, the paths that were (or,
 * with `check`, would be) written, and the areas scaffolded. `rules` (the CLI's): refuse bundles
 * that break a spec rule, before anything is generated.
 */
export async function generateInto({
  distDir = join(root, "spec/dist"),
  target = root,
  check = false,
  rules = false,
} = {}) {
  // (The bundles are read once, for the rules, the generated files and the skeletons.)
  const bundles = readBundles(distDir);
  // The rules and the emitters run side by side (Spectral in a process of its own), and nothing is
  // written before both are done; a finding of the rules is the refusal reported.
  const checking = rules ? refuseRuleFindings(bundles.areas) : undefined;
  const emitting = emitAll(bundles);
  if (checking) {
    emitting.catch(() => {}); // (reported below, when the rules pass)
    await checking;
  }
  const files = await emitting;
  const scaffolded = scaffold({ areas: bundles.areas, generated: files, target });
  const changed = [
    ...sync(files, { check, target, distDir }),
    ...Object.keys(scaffolded.files).map(
      (f) =>
        `${f} (${f === "packages/sdk/package.json" ? "a dependency on the new area package" : "missing: scaffolded once, then hand-written"})`,
    ),
  ];
  if (!check)
    for (const [f, content] of Object.entries(scaffolded.files)) {
      mkdirSync(dirname(join(target, f)), { recursive: true });
      writeFileSync(join(target, f), content);
    }
  return { files, changed, added: scaffolded.added };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const values = parseCli(
    "generate",
    { check: { type: "boolean" }, "spec-dir": { type: "string" } },
    "usage: npm run generate [-- --check] [-- --spec-dir <folder>]   (--check: write nothing, exit 1 when a generated file differs from what the spec generates; --spec-dir: read the bundles of a copy of spec/, in its dist/)",
  );
  const { check } = values;
  const specDir = values["spec-dir"] ? resolve(values["spec-dir"]) : defaultSpecDir;
  const started = performance.now();
  try {
    // The generators read spec/dist only; an edit not yet bundled would be silently ignored.
    // (With the sources edited since, by modification time: which edit it is.)
    const stale = staleBundleSources(specDir);
    const edited = editedSources(stale);
    if (stale.length)
      throw new Error(
        `${stale.map(({ bundle }) => bundle).join(", ")} ${stale.length > 1 ? "are" : "is"} missing or out of date with the spec sources${edited.length ? ` (edited since: ${edited.join(", ")})` : ""}: run \`npm run spec:bundle\` first`,
      );
    const { files, changed, added } = await generateInto({
      distDir: join(specDir, "dist"),
      check,
      rules: true,
    });
    const ms = Math.round(performance.now() - started);
    if (check && changed.length) {
      console.error(
        `generate --check: ${changed.length} generated file${changed.length === 1 ? "" : "s"} differ${changed.length === 1 ? "s" : ""} from what the spec generates; run \`npm run spec:bundle && npm run generate\` and commit:`,
      );
      for (const f of changed) console.error(`  ${f}`);
      process.exit(1);
    }
    console.log(
      `generate${check ? " --check" : ""}: ${Object.keys(files).length} files, ${check ? "all up to date" : `${changed.length} changed`} in ${ms} ms`,
    );
    if (added.length)
      console.log(
        `generate: new package${added.length > 1 ? "s" : ""} ${added.map((a) => `packages/${a}`).join(", ")} scaffolded (yours from now on); run \`npm install\` to link ${added.length > 1 ? "them" : "it"}, then see spec/README.md "Adding an area"`,
      );
  } catch (error) {
    console.error(`generate: ${error.message}`);
    process.exit(1);
  }
}
