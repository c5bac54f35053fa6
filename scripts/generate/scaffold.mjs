// The hand-written skeleton of an area package (package.json, tsconfigs, tsup config, LICENSE,
// src/index.ts), written once by `npm run generate` when a spec document names an area whose
// package does not exist yet, with the other files a new package needs: the sdk's dependency on
// it and its first-release changeset. From then on they are the editor's: never rewritten, never
// reported stale. The templates reproduce today's packages (test/generate/scaffold.test.ts), so a
// new package starts exactly like its siblings of the same kind.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * package.json of an area package; `extraDependencies` after `@chaindata/core` (REST:
 * openapi-fetch).
 */
function packageJson({
  area,
  description,
  version,
  coreVersion,
  extraDependencies = {},
  knownValues = false,
}) {
  const pkg = {
    name: `@chaindata/${area}`,
    version,
    description,
    license: "MIT",
    repository: {
      type: "git",
      url: "git+https://github.com/chaindata/chaindata.git",
      directory: `packages/${area}`,
    },
    keywords: ["solana", "chaindata", "sdk", area],
    type: "module",
    sideEffects: false,
    main: "./dist/index.cjs",
    module: "./dist/index.js",
    types: "./dist/types/index.d.ts",
    exports: {
      ".": {
        // Bundlers take `module` for `import` and `require` alike: one copy of the package per
        // bundle even when a CommonJS dependency requires it (docs/decisions/0009).
        module: { types: "./dist/types/index.d.ts", default: "./dist/index.js" },
        import: { types: "./dist/types/index.d.ts", default: "./dist/index.js" },
        require: { types: "./dist/types-cjs/index.d.ts", default: "./dist/index.cjs" },
      },
      // The tools' input schemas (generated/tool-schemas.ts, a second build entry that the main
      // one never imports: docs/decisions/0020-tool-schemas.md).
      "./tool-schemas": {
        module: {
          types: "./dist/types/generated/tool-schemas.d.ts",
          default: "./dist/tool-schemas.js",
        },
        import: {
          types: "./dist/types/generated/tool-schemas.d.ts",
          default: "./dist/tool-schemas.js",
        },
        require: {
          types: "./dist/types-cjs/generated/tool-schemas.d.ts",
          default: "./dist/tool-schemas.cjs",
        },
      },
      // The spec's shared closed lists at run time, core's re-exported, for an area whose spec
      // has one (generated/known-values.ts: docs/decisions/0021-known-values.md).
      ...(knownValues
        ? {
            "./known-values": {
              module: {
                types: "./dist/types/generated/known-values.d.ts",
                default: "./dist/known-values.js",
              },
              import: {
                types: "./dist/types/generated/known-values.d.ts",
                default: "./dist/known-values.js",
              },
              require: {
                types: "./dist/types-cjs/generated/known-values.d.ts",
                default: "./dist/known-values.cjs",
              },
            },
          }
        : {}),
      "./package.json": "./package.json",
    },
    files: [
      "dist",
      "tool-schemas",
      ...(knownValues ? ["known-values"] : []),
      "src",
      "!src/**/*.test.ts",
      "LICENSE",
      "CHANGELOG.md",
    ],
    engines: { node: ">=20.19" },
    // `npm publish` refuses a missing or stale dist/ (scripts/release/check-build.mjs).
    scripts: { build: "tsup", prepublishOnly: "node ../../scripts/release/check-build.mjs" },
    dependencies: { "@chaindata/core": coreVersion, ...extraDependencies },
    publishConfig: { access: "public" },
  };
  return JSON.stringify(pkg, null, 2) + "\n";
}

/** src/index.ts: the generated parts re-exported, as the other area packages do. */
function indexTs({ area, constants = false, rateLimit }) {
  return [
    `// Public entry of @chaindata/${area}: the generated client and types, plus the`,
    `// runtime's option and error types (generated/runtime.ts) so callers need only this one import.`,
    `export * from "./generated/client.js";`,
    ...(constants ? [`export * from "./generated/constants.js";`] : []),
    `export type * from "./generated/types.js";`,
    `export * from "./generated/runtime.js";`,
    ...(rateLimit ? [`export { ${rateLimit} } from "./generated/operations.js";`] : []),
    "",
  ].join("\n");
}

/**
 * `<entry>/package.json`, for resolvers that read no exports map (TypeScript's `node10`, older
 * bundlers).
 */
const entryStub = (entry) =>
  JSON.stringify(
    {
      main: `../dist/${entry}.cjs`,
      module: `../dist/${entry}.js`,
      types: `../dist/types-cjs/generated/${entry}.d.ts`,
      sideEffects: false,
    },
    null,
    2,
  ) + "\n";

function skeleton(options, license) {
  const dir = `packages/${options.area}`;
  return {
    [`${dir}/package.json`]: packageJson(options),
    [`${dir}/tsconfig.json`]:
      JSON.stringify({ extends: "../../tsconfig.base.json", include: ["src"] }, null, 2) + "\n",
    // (Every entry's declarations: tsup.config.base.js AREA_ENTRIES, and ./known-values.)
    [`${dir}/tsconfig.build.json`]: `{\n  "extends": "../../tsconfig.build.json",\n  "files": ["src/index.ts", "src/generated/tool-schemas.ts"${options.knownValues ? `, "src/generated/known-values.ts"` : ""}]\n}\n`,
    [`${dir}/tsup.config.ts`]:
      `import { AREA_ENTRIES, packageConfig } from "../../tsup.config.base.js";\n\n` +
      (options.knownValues
        ? `// With \`./known-values\` (core's of the lists its spec shares, docs/decisions/0021-known-values.md).\n` +
          `export default packageConfig({\n  entry: { ...AREA_ENTRIES, "known-values": "src/generated/known-values.ts" },\n});\n`
        : `export default packageConfig({ entry: AREA_ENTRIES });\n`),
    // (`@chaindata/<area>/tool-schemas` for resolvers that read no exports map: TypeScript's
    // `node10`, older bundlers.)
    [`${dir}/tool-schemas/package.json`]: entryStub("tool-schemas"),
    ...(options.knownValues
      ? { [`${dir}/known-values/package.json`]: entryStub("known-values") }
      : {}),
    [`${dir}/LICENSE`]: license,
    [`${dir}/src/index.ts`]: indexTs(options),
  };
}

/**
 * The skeleton of a REST (OpenAPI) area package, like packages/admin: `{ path: content }`.
 * `openapiFetch` is the version every REST package pins.
 */
export const restSkeleton = ({ openapiFetch, ...options }, license) =>
  skeleton({ ...options, extraDependencies: { "openapi-fetch": openapiFetch } }, license);

/** The skeleton of a JSON-RPC (OpenRPC) area package, like packages/das: `{ path: content }`. */
export const rpcSkeleton = (options, license) => skeleton(options, license);

/**
 * The area's name from its `info.title`, without the product's ("chaindata DAS API" → "DAS API":
 * the package is `@chaindata/…` already) nor a leading article; its status mark kept
 * ("Wallet API (beta)").
 */
function areaName(info) {
  const name = String(info.title ?? "")
    .trim()
    .replace(/\s+/g, " ")
    .replace(/^chaindata(\s+|$)/i, "")
    .replace(/^the(\s+|$)/i, "");
  // (Else the description would read ": foo." and the note "First release of the : foo.")
  if (!name)
    throw new Error(
      `info.title must name the area (got ${JSON.stringify(info.title ?? null)}): the package's description and first-release note start with it, e.g. "chaindata priority fee API"`,
    );
  return name;
}

/** The first sentence of the area's `info.summary`, else of its description. */
function areaSentence(info) {
  const text = String(info.summary ?? info.description ?? "")
    .trim()
    .replace(/\s+/g, " ");
  return /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
}

/**
 * Where `sentence` has a colon of its own ("Priority fee estimates: the …"; one in a code span,
 * `https://…`, is none), or -1: the title and a colon in front of it would make two ("… API:
 * priority fee estimates: the …"), and its phrase before the colon names the area already.
 */
const colonOf = (sentence) =>
  sentence.replace(/`[^`]*`/g, (code) => "`".repeat(code.length)).indexOf(": ");

const capitalised = (text) => text.replace(/^[a-z]/, (c) => c.toUpperCase());
// (Lower-cased after a colon, as the other packages write it, but not a name: an acronym
// ("DAS methods"), a capitalised phrase ("Digital Asset Standard"), or a word the area's text
// writes capitalised inside a sentence too ("Solana", in "… on Solana."), stays as it is.)
const continued = (text, info) => {
  const word = /^[A-Z][a-z]+(?=[\s,:;]+[^A-Z])/.exec(text)?.[0];
  if (!word) return text;
  const all = `${info.summary ?? ""} ${info.description ?? ""}`;
  const named = new RegExp(`[^.!?:\\s]\\s+${word}\\b`).test(all);
  return named ? text : word.toLowerCase() + text.slice(word.length);
};

/**
 * The package's description, one sentence: the area's name and the first sentence of its
 * `info.summary` or description ("Admin API: credit usage, …"), or that sentence alone when it
 * has a colon of its own ("Priority fee estimates: the `getPriorityFeeEstimate` JSON-RPC method
 * …"), its phrase before the colon marked "(deprecated)" or "(beta)" as the title is, unless the
 * sentence says so.
 */
export function describeArea(info) {
  const name = areaName(info);
  const sentence = areaSentence(info);
  const colon = colonOf(sentence);
  if (colon < 0) return `${capitalised(name)}: ${continued(sentence, info)}`;
  const status = /\((deprecated|beta)\)/i.exec(name)?.[1]?.toLowerCase();
  return capitalised(
    status && !new RegExp(`\\b${status}\\b`, "i").test(sentence)
      ? `${sentence.slice(0, colon)} (${status})${sentence.slice(colon)}`
      : sentence,
  );
}

/**
 * The first-release note of the area's changeset: "First release of the <name>", then the
 * description's sentence after a colon, or as a sentence of its own when it has a colon of its
 * own (one colon, not "First release: X: y").
 */
export function firstReleaseNote(info) {
  const name = areaName(info);
  const description = describeArea(info);
  const sentence = description.startsWith(`${capitalised(name)}: `)
    ? description.slice(name.length + 2)
    : undefined;
  return sentence === undefined
    ? `First release of the ${name}. ${description}`
    : `First release of the ${name}: ${sentence}`;
}

/**
 * What `npm run generate` writes for each area of `areas` (the [area, http] pairs of packagesOf)
 * whose `packages/<area>/package.json` is missing under `target`: its skeleton, the sdk's
 * package.json with a dependency on it, its first-release changeset. `generated` is the generated
 * files of this run (which parts src/index.ts re-exports). Versions and the openapi-fetch pin are
 * those of `repo`'s packages (the repository root); the LICENSE is the repository's.
 */
export function scaffoldFiles(areas, generated, { repo, target = repo }) {
  const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));
  const coreVersion = readJson(join(repo, "packages/core/package.json")).version;
  const openapiFetch = readJson(join(repo, "package.json")).devDependencies["openapi-fetch"];
  const license = readFileSync(join(repo, "LICENSE"), "utf8");
  const files = {};
  const added = [];
  for (const [a] of areas) {
    const { area, kind, doc } = a;
    if (existsSync(join(target, `packages/${area}/package.json`))) continue;
    const operations = generated[`packages/${area}/src/generated/operations.ts`] ?? "";
    const rateLimit = /^export const (\w+RateLimit) =/m.exec(operations)?.[1];
    let description;
    try {
      description = describeArea(doc.info);
    } catch (error) {
      throw new Error(`${area}: ${error.message}`, { cause: error });
    }
    const options = {
      area,
      description,
      version: coreVersion,
      coreVersion,
      constants: `packages/${area}/src/generated/constants.ts` in generated,
      knownValues: `packages/${area}/src/generated/known-values.ts` in generated,
      rateLimit,
    };
    const skeletonFiles =
      kind === "openapi"
        ? restSkeleton({ ...options, openapiFetch }, license)
        : rpcSkeleton(options, license);
    skeletonFiles[`.changeset/first-release-${area}.md`] =
      `---\n"@chaindata/${area}": minor\n---\n\n${firstReleaseNote(doc.info)}\n`;
    // (A file the editor already wrote, a LICENSE or a changeset, stays theirs.)
    for (const [path, content] of Object.entries(skeletonFiles))
      if (!existsSync(join(target, path))) files[path] = content;
    added.push(area);
  }
  // The sdk imports every area (its generated client.ts): it depends on each new one.
  const sdkFile = "packages/sdk/package.json";
  const sdk = existsSync(join(target, sdkFile)) ? readJson(join(target, sdkFile)) : undefined;
  const missing = added.filter((area) => !sdk?.dependencies?.[`@chaindata/${area}`]);
  if (sdk && missing.length) {
    for (const area of missing) sdk.dependencies[`@chaindata/${area}`] = coreVersion;
    files[sdkFile] = JSON.stringify(sdk, null, 2) + "\n";
  }
  return { files, added };
}
