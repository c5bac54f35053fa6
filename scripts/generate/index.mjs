#!/usr/bin/env node
// Generates every package's `src/generated/` from the spec bundles (spec/dist/).
//   npm run generate             write (only files whose content changed; stale files removed)
//   npm run generate -- --check  write nothing; exit 1 listing every stale or missing file
//   npm run generate -- --spec-dir <folder>   read the bundles of a copy of spec/ (its dist/)
// Reads only spec/dist (run `npm run spec:bundle` first), and refuses bundles that break the spec
// rules as `npm run spec:check` does. Deterministic: a second run changes nothing.
// This file drives the emitters: rpc.mjs and rest.mjs (an area's code), constants.mjs, readme.mjs,
// sdk.mjs (@chaindata/sdk's client) and scaffold.mjs (a new area's package).
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
import { parseCli } from "../lib/cli.mjs";
import { readSources } from "../lib/spec-sources.mjs";
import { bundleDigest, defaultSpecDir, parseBundle, staleBundles } from "../spec/bundle.mjs";
import { hostKeyOptional, hostRegionNames, takesBatcher } from "./lib/areas.mjs";
import { banner, literal } from "./lib/emit.mjs";
import { ERROR_CLASSES, runtimeExports, TYPE_PARAMETERS } from "./lib/names.mjs";
import { generatorRefusals, packagesOf, throwIfRefused } from "./lib/refusals.mjs";
import { camel, pascal } from "./lib/schema.mjs";
import { emitAreaConstants } from "./constants.mjs";
import { emitReadme } from "./readme.mjs";
import { emitRestArea } from "./rest.mjs";
import { emitRpcArea } from "./rpc.mjs";
import { scaffoldFiles } from "./scaffold.mjs";
import { emitSdk } from "./sdk.mjs";

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

/** The digest of the bundles the code was generated from, for a test run to compare. */
function emitSpecDigest(digest) {
  return (
    banner("spec/dist (a digest of the bundles)") +
    `\n// A test run compares it with today's bundles and stops when the spec was bundled but not\n` +
    `// regenerated (test/setup/fresh-build.ts). Nothing imports it.\n` +
    `export const specDigest = ${literal(digest)};\n`
  );
}

function emitEnvironments(index) {
  const hosts = Object.keys(index.hosts);
  const envs = Object.keys(index.environments);
  // One constant per host, so a bundle carries the URLs of the hosts it calls and no others.
  const hostConsts = hosts
    .map((h) => {
      const { urls, auth } = index.hosts[h];
      const fields = [
        `name: ${literal(h)}`,
        `urls: { ${envs.map((env) => `${env}: ${literal(urls[env] ?? null)}`).join(", ")} }`,
        `placeKey: /* @__PURE__ */ ${auth.header ? `keyInHeader(${literal(auth.header)})` : `keyInQuery(${literal(auth.query)})`}`,
        ...(hostKeyOptional(index.hosts[h]) ? ["keyOptional: true"] : []),
        // (For the message of a region's name given as the URL: `baseUrls: { sender: "slc" }`.)
        ...(hostRegionNames(index.hosts[h])
          ? [`regions: ${JSON.stringify(hostRegionNames(index.hosts[h]))}`]
          : []),
      ];
      return `/** The ${h} host. */
export const ${h}Host: Host = { ${fields.join(", ")} };
`;
    })
    .join("\n");
  return (
    banner("spec/dist/index.json (spec/hosts.yaml)") +
    `import { keyInHeader, keyInQuery, type PlaceKey } from "../auth.js";\n` +
    `\n/** The hosts of the service. */\nexport type HostName = ${hosts.map(literal).join(" | ")};\n\n` +
    `/**\n * Named environments; each picks a base URL for every host.\n${envs.map((e) => ` * - \`${e}\`: ${index.environments[e].description}`).join("\n")}\n */\n` +
    `export type EnvironmentName = ${envs.map(literal).join(" | ")};\n\n` +
    `/** A host of the service: its base URL per environment, and where it takes the API key. */\n` +
    `export interface Host {\n  /** The host's name, the key of \`baseUrls\` that overrides its URL. */\n  readonly name: HostName;\n  /** Base URL per environment (\`null\`: none documented). */\n  readonly urls: Readonly<Record<EnvironmentName, string | null>>;\n` +
    `  /** Where the key goes: a query parameter, or a header. */\n  readonly placeKey: PlaceKey;\n` +
    `  /** The key may be omitted on this host. */\n  readonly keyOptional?: boolean;\n` +
    `  /** The names of the host's regional endpoints (their URLs: \`<host>Regions\` of the host's package, e.g. \`senderRegions\`). */\n  readonly regions?: readonly string[];\n}\n\n` +
    hostConsts +
    `\n/** Every host by name. */\nexport const hosts: Readonly<Record<HostName, Host>> = { ${hosts.map((h) => `${h}: ${h}Host`).join(", ")} };\n` +
    `\n/** The host names, for checking \`baseUrls\` keys (without bundling every host). */\nexport const hostNames: readonly HostName[] = ${JSON.stringify(hosts)};\n` +
    // An interface, not a mapped type over HostName: an editor shows each key's own doc on hover.
    `\n/** Base URLs by host, overriding the environment's (the \`baseUrls\` client option). */\nexport interface BaseUrls {\n${hosts
      .map((h) => {
        const { description, urls } = index.hosts[h];
        const defaults = envs
          .map((env) => (urls[env] ? `${env} \`${urls[env]}\`` : `${env} none (give one)`))
          .join(", ");
        return `  /**\n   * ${description}\n   * @default by environment: ${defaults}\n   */\n  ${h}?: string | undefined;\n`;
      })
      .join("")}}\n`
  );
}

/**
 * core's generated/areas.ts: the areas that batch, as the message refusing a `batch` anywhere else
 * names them (core's `unbatched`, which the non-batching clients and the sdk's `areas` share).
 */
function emitBatchingAreas(areas) {
  const names = areas.filter(takesBatcher).map((a) => camel(a.area));
  return (
    banner("spec/dist (each area's kind and info.x-batch)") +
    `\n/** The areas whose clients take a batcher (the JSON-RPC areas whose endpoint documents batches), as messages name them. */\n` +
    `export const batchingAreas = ${literal(names.join(", ").replace(/, (?!.*, )/, " and "))};\n`
  );
}

/** Which of the runtime's exports an area package re-exports (lib/names.mjs, runtimeExports). */
const runtimeKind = (a) => ({ rpc: a.kind === "openrpc", batch: takesBatcher(a) });

/** src/generated/runtime.ts: the runtime's error classes, option factories, lossless JSON and option types, re-exported so one import suffices. */
function emitRuntimeExports(pkg, { rpc, batch }) {
  // (lib/names.mjs lists them: no name from the spec may take one of theirs.)
  const { values, types } = runtimeExports({ rpc, batch });
  return {
    [`packages/${pkg}/src/generated/runtime.ts`]:
      banner("spec/dist/index.json") +
      `// The runtime's error classes, option factories and option types, so callers need only this package.\n` +
      `export {\n${values.map((n) => `  ${n},`).join("\n")}\n${types.map((t) => `  type ${t},`).join("\n")}\n} from "@chaindata/core";\n`,
  };
}

/**
 * packages/sdk/src/generated/namespaces/<area>.ts: the sdk's type namespace of one area (`Das`,
 * `Wallet`…): the area package's exports, and the runtime's types it re-exports as aliases of this
 * module (a name declared here takes the place of the same name from `export *`). An editor names a
 * type by the first import of the file it finds it under, namespaces included: with core's own
 * names re-exported under every namespace, a wallet call's options showed as
 * `Mint.RequestOptions`; as aliases per namespace they show as `RequestOptions`.
 */
function emitSdkNamespace(area, { rpc, batch }) {
  const { types } = runtimeExports({ rpc, batch });
  const alias = (name) => {
    const declared = TYPE_PARAMETERS[name];
    const used = declared?.split(",").map((p) => p.trim().split(" ")[0]);
    return declared
      ? `export type ${name}<${declared}> = core.${name}<${used.join(", ")}>;`
      : `export type ${name} = core.${name};`;
  };
  return {
    [`packages/sdk/src/generated/namespaces/${area}.ts`]:
      banner("spec/dist/index.json") +
      `// The sdk's \`${pascal(area)}\` namespace: @chaindata/${area}'s exports, with the runtime's types it\n` +
      `// re-exports declared here as aliases, so that hovers name them \`RequestOptions\`, never\n` +
      `// another namespace's (scripts/generate/index.mjs, emitSdkNamespace, says why).\n` +
      `import type * as core from "@chaindata/core";\n\n` +
      `export type * from "@chaindata/${area}";\n` +
      // (An error class is a value too: `typeof Das.ValidationError` names its constructor.)
      [...ERROR_CLASSES, ...types].map(alias).join("\n") +
      "\n" +
      ERROR_CLASSES.map((c) => `export declare const ${c}: typeof core.${c};`).join("\n") +
      "\n",
  };
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
    "packages/core/src/generated/environments.ts": emitEnvironments(index),
    "packages/core/src/generated/spec-digest.ts": emitSpecDigest(digest),
  };
  for (const [a, http] of packagesOf(areas))
    Object.assign(
      files,
      await (a.kind === "openrpc" ? emitRpcArea(a, http) : emitRestArea(a)),
      emitAreaConstants(a),
      emitReadme(a, http, index.hosts),
      emitRuntimeExports(a.area, runtimeKind(a)),
      emitSdkNamespace(a.area, runtimeKind(a)),
    );
  Object.assign(
    files,
    {
      "packages/core/src/generated/areas.ts": emitBatchingAreas(packagesOf(areas).map(([a]) => a)),
    },
    emitSdk(
      packagesOf(areas).map(([a]) => a),
      index.hosts,
    ),
    emitRuntimeExports("sdk", { rpc: true }),
  );
  return files;
}

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

/** Compare (or write) generated files; every `src/generated/` folder is owned by the generator. */
function sync(files, { check, target, distDir }) {
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
    const stale = staleBundles(specDir);
    if (stale.length)
      throw new Error(
        `${stale.join(", ")} ${stale.length > 1 ? "are" : "is"} missing or out of date with the spec sources: run \`npm run spec:bundle\` first`,
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
