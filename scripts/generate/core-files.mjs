// The generated files made of the spec as a whole rather than of one area: @chaindata/core's
// generated/ modules (environments.ts, the hosts and environments of spec/hosts.yaml; areas.ts,
// the areas that batch; schemas.ts, the schemas of two or more areas; spec-digest.ts, the
// bundles' digest), and each package's runtime.ts, its re-export of core's runtime
// (lib/names.mjs runtimeExports lists what).
import { GLOBAL_REGION, hostKeyOptional, hostRegionNames, takesBatcher } from "./lib/areas.mjs";
import { wrapped } from "./lib/descriptor.mjs";
import { banner, literal } from "./lib/emit.mjs";
import { runtimeExports } from "./lib/names.mjs";
import { packagesOf } from "./lib/refusals.mjs";
import { camel } from "./lib/schema.mjs";

/** The digest of the bundles the code was generated from, for a test run to compare. */
export function emitSpecDigest(digest) {
  return (
    banner("spec/dist (a digest of the bundles)", import.meta.url) +
    `\n// A test run compares it with today's bundles and stops when the spec was bundled but not\n` +
    `// regenerated (test/setup/fresh-build.ts). Nothing imports it.\n` +
    `export const specDigest = ${literal(digest)};\n`
  );
}

/**
 * The paths the clients add to `host`'s base URL that a caller may copy with it, from `areas` (the
 * bundles): a JSON-RPC endpoint off `/`, which the public docs print whole
 * (`https://sender.helius-rpc.com/fast`), and the paths of its area's plain-HTTP operations
 * (`/ping`); for a REST area, each leading part of its paths before the first parameter (`/v1`,
 * `/v1/wallet` of `/v1/wallet/{wallet}/balances`), which its docs print with the host
 * (`https://api.helius.xyz/v1/wallet/…`). Given with the URL, each would be sent twice
 * (`/v1/wallet/v1/wallet/…`), and the 404 that answers reads as "nothing found".
 */
const endpointPaths = (host, areas) => [
  ...new Set(
    packagesOf(areas)
      .filter(([a]) => a.doc.info["x-host"] === host)
      .flatMap(([a, http]) =>
        a.kind === "openrpc"
          ? (a.doc.info["x-path"] ?? "/") === "/"
            ? []
            : [a.doc.info["x-path"], ...Object.keys(http?.doc.paths ?? {})]
          : Object.keys(a.doc.paths).flatMap((path) =>
              path
                .split("/{")[0]
                .split("/")
                .slice(1)
                .map((_, i, segments) => `/${segments.slice(0, i + 1).join("/")}`),
            ),
      ),
  ),
];

/**
 * core's generated/environments.ts: every host of spec/hosts.yaml (index.json's `hosts`: its URLs,
 * where it takes the key, its regions), and the named environments. `areas` (the bundles) give
 * the paths a host's base URL must not end in ({@link endpointPaths}).
 */
export function emitEnvironments(index, areas) {
  const hosts = Object.keys(index.hosts);
  const envs = Object.keys(index.environments);
  // One constant per host, so a bundle carries the URLs of the hosts it calls and no others.
  const hostConsts = hosts
    .map((h) => {
      const { urls, auth } = index.hosts[h];
      const regions = hostRegionNames(index.hosts[h]) ?? [];
      const paths = endpointPaths(h, areas);
      const fields = [
        `name: ${literal(h)}`,
        `urls: { ${envs.map((env) => `${env}: ${literal(urls[env] ?? null)}`).join(", ")} }`,
        `placeKey: /* @__PURE__ */ ${auth.header ? `keyInHeader(${literal(auth.header)})` : `keyInQuery(${literal(auth.query)})`}`,
        ...(hostKeyOptional(index.hosts[h])
          ? [
              "keyOptional: true",
              // (It reads only its own client's key, never the shared one or the variable.)
              `keyHint: ${literal(` (check the API key: the ${h} host's own \`apiKey\`)`)}`,
            ]
          : []),
        // (A host with regional endpoints has an https one, `global`.)
        ...(regions.length ? [`httpsHint: ${literal(`; use ${h}Regions.${GLOBAL_REGION}`)}`] : []),
        // (The host's own checks of its `baseUrls` URL, core's host-url.ts: a region's name given
        // as the URL, `baseUrls: { sender: "slc" }`, and a URL ending in a path the clients add.)
        ...(regions.length || paths.length
          ? [
              `urlFault: /* @__PURE__ */ hostUrlFault(${literal(h)}, ${JSON.stringify(regions)}, ${JSON.stringify(paths)})`,
            ]
          : []),
      ];
      return `/** The ${h} host. */
export const ${h}Host: Host = { ${fields.join(", ")} };
`;
    })
    .join("\n");
  return (
    banner("spec/dist/index.json (spec/hosts.yaml)", import.meta.url) +
    `import { keyInHeader, keyInQuery, type PlaceKey } from "../auth.js";\n` +
    `import { hostUrlFault } from "../host-url.js";\n` +
    `\n/** The hosts of the service. */\nexport type HostName = ${hosts.map(literal).join(" | ")};\n\n` +
    `/**\n * Named environments; each picks a base URL for every host.\n${envs.map((e) => ` * - \`${e}\`: ${index.environments[e].description}`).join("\n")}\n */\n` +
    `export type EnvironmentName = ${envs.map(literal).join(" | ")};\n\n` +
    `/** A host of the service: its base URL per environment, and where it takes the API key. */\n` +
    `export interface Host {\n  /** The host's name, the key of \`baseUrls\` that overrides its URL. */\n  readonly name: HostName;\n  /** Base URL per environment (\`null\`: none documented). */\n  readonly urls: Readonly<Record<EnvironmentName, string | null>>;\n` +
    `  /** Where the key goes: a query parameter, or a header. */\n  readonly placeKey: PlaceKey;\n` +
    `  /** The key may be omitted on this host. */\n  readonly keyOptional?: boolean;\n` +
    `  /**\n   * The end of a 401's or 403's message from this host, where not the common one (core's http.ts\n   * \`keyHint\`): the sender's names its own client's key, as it reads no other. In the host's constant, so only\n   * a bundle calling the host carries it.\n   */\n  readonly keyHint?: string;\n` +
    `  /**\n   * The end of the refusal of a key over plain http to this host: its https URL (\`; use senderRegions.global\`:\n   * the sender's regional endpoints are http only). In the host's constant, so only a bundle calling the host\n   * carries it.\n   */\n  readonly httpsHint?: string;\n` +
    `  /**\n   * The rule a \`baseUrls\` URL breaks on this host in particular, or \`""\` (core's host-url.ts): the\n   * names of its regional endpoints given for their URLs (\`"slc"\`: \`senderRegions.slc\`), a URL ending in\n   * a path the clients add (\`…/fast\`). In the host's constant, so only a bundle calling the host carries it.\n   */\n  readonly urlFault?: (url: unknown) => string;\n}\n\n` +
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
export function emitBatchingAreas(areas) {
  const names = areas.filter(takesBatcher).map((a) => camel(a.area));
  return (
    banner("spec/dist (each area's kind and info.x-batch)", import.meta.url) +
    `\n/** The areas whose clients take a batcher (the JSON-RPC areas whose endpoint documents batches), as messages name them. */\n` +
    `export const batchingAreas = ${literal(names.join(", ").replace(/, (?!.*, )/, " and "))};\n`
  );
}

/**
 * core's generated/schemas.ts: the schemas two or more areas share (`Address`, `Slot`…), each
 * declared once, as those areas' types.ts printed it (`declared`: lib/types.mjs `typeSources`), and
 * re-exported by each of their packages: one type, so that `export *` of two packages is no clash.
 * An area's status tag (`@beta`) stays on only when every area sharing the type has it. The
 * `shared-schema` rule (lib/refusals.mjs) refuses two areas' different schemas of one name; a
 * schema still printed two ways (an input in one area, its arrays readonly, and a result in
 * another) is refused here, as core can declare one of them only.
 */
export function emitSharedSchemas(declared) {
  const texts = [...declared.keys()].sort().map((name) => {
    const [first, ...others] = declared.get(name);
    const other = others.find((o) => o.plain !== first.plain);
    if (other) {
      const lines = [first, other].map((o) => o.plain.split("\n"));
      const at = lines[0].findIndex((line, i) => line !== lines[1][i]);
      throw new Error(
        `type ${name}: areas ${first.area} and ${other.area} declare it differently (${first.area}: \`${lines[0][at]?.trim()}\`, ${other.area}: \`${lines[1][at]?.trim()}\`), and @chaindata/core declares one type of a name for every area (two would make an app's \`export *\` of both packages fail, TypeScript's TS2308): give one of them another name in the spec`,
      );
    }
    return others.every((o) => o.tagged === first.tagged) ? first.tagged : first.plain;
  });
  return {
    "packages/core/src/generated/schemas.ts":
      banner("spec/dist (the schemas of two or more areas)", import.meta.url) +
      `// Each area package whose spec has one of them re-exports it from here (its generated/types.ts).\n\n` +
      (texts.join("") || "export {};\n"),
  };
}

/**
 * The schemas of `names` (core's shared schemas) that are a closed list of strings
 * (`KnownTransactionType`), each with its schema, from the first of `documents` that has it.
 */
export const sharedEnums = (documents, names) =>
  [...names]
    .sort()
    .map((name) => [name, documents.find((d) => d.doc.components?.schemas?.[name])])
    .map(([name, d]) => [name, d?.doc.components.schemas[name]])
    .filter(([, schema]) => schema?.type === "string" && Array.isArray(schema.enum));

/**
 * The runtime exports of a shared closed list of strings `name`: its values, `known<…>s`
 * (`knownTransactionTypes`), and its guard, `is<name>` (`isKnownTransactionType`).
 */
export const enumValueNames = (name) => [`${name[0].toLowerCase()}${name.slice(1)}s`, `is${name}`];

/**
 * core's generated/known-values.ts: each closed list of strings two or more areas share
 * (`enums`, {@link sharedEnums}) at run time, as a frozen list and a guard, so a caller can test a
 * value of the open enum over it (a misspelt `transactionTypes` entry, `TRANSFERZ`, passes the
 * open enum's pattern and is sent). The module of core's `./known-values` entry, which its main
 * entry does not import: in the main entry's file the list, though tree-shaken, changed the names
 * esbuild's minifier picks in every bundle of core (it weighs the characters of the whole file),
 * +10 to +33 B gzipped per program (decision 0021). Each area package whose spec has the schema
 * re-exports them from an entry of its own ({@link emitAreaKnownValues}).
 */
export function emitKnownValues(enums) {
  const texts = enums.map(([name, schema]) => knownValuesText(name, schema));
  return {
    "packages/core/src/generated/known-values.ts":
      banner("spec/dist (the closed lists of strings of two or more areas)", import.meta.url) +
      `// Each as a frozen list and a guard: "@chaindata/core/known-values", re-exported by each area\n` +
      `// package whose spec has it from its own "./known-values". The main entry does not import it.\n` +
      (enums.length
        ? `import type { ${enums.map(([name]) => name).join(", ")} } from "./schemas.js";\n\n` +
          `export type { ${enums.map(([name]) => name).join(", ")} };\n\n` +
          texts.join("\n")
        : "\nexport {};\n"),
  };
}

/**
 * The frozen list and the guard of the closed list of strings `name` (its `schema`). `closed`: a
 * list no open enum extends (an area's own, marked `x-known-values`: webhooks' `WebhookType`), so
 * a value the guard refuses, the call's check refuses too.
 */
function knownValuesText(name, schema, closed = false) {
  const [list, guard] = enumValueNames(name);
  const about = [
    `The ${schema.enum.length} values of \`${name}\`, at run time, in the spec's order.`,
    schema.description ?? "",
    `Frozen. A bundle that imports neither this nor \`${guard}\` carries none of it.`,
  ]
    .filter(Boolean)
    .join(" ");
  const example = literal(schema.examples?.[0] ?? schema.enum[0]);
  return (
    `/**\n${wrapped(about)} *\n * @example\n * \`\`\`ts\n` +
    ` * ${list}.includes(${example}); // true\n * \`\`\`\n */\n` +
    `export const ${list}: readonly ${name}[] =\n  /* @__PURE__ */ Object.freeze([\n` +
    schema.enum.map((value) => `    ${literal(value)},\n`).join("") +
    `  ] as const);\n\n` +
    `/**\n${wrapped(`Whether \`value\` is one of the ${schema.enum.length} values of \`${name}\` (\`${list}\`), narrowing it to that type. ${closed ? "The list is closed: a value it refuses, the call's check refuses too, before sending; test a value read from a file or a form with it first." : "A value it refuses may still be one the service takes, where an open enum accepts more: use it to warn of a likely misspelling rather than to refuse."}`)} *\n * @example\n * \`\`\`ts\n` +
    (closed
      ? ` * if (!${guard}(value)) throw new Error(\`not one of \${${list}.join(", ")}: \${value}\`);\n`
      : ` * for (const value of given)\n *   if (!${guard}(value)) console.warn(\`not documented: \${value}\`);\n`) +
    ` * \`\`\`\n */\n` +
    `export function ${guard}(value: unknown): value is ${name} {\n` +
    `  return (${list} as readonly unknown[]).includes(value);\n}\n`
  );
}

/**
 * The closed lists of strings of an area's own schemas that its spec marks `x-known-values: true`
 * (webhooks' `WebhookType`), each `[name, schema]`: generated into the area's `./known-values`
 * entry ({@link emitAreaKnownValues}), as core's are for the shared ones (decision 0021).
 */
export const ownKnownLists = (doc, sharedNames) =>
  Object.entries(doc.components?.schemas ?? {})
    .filter(([name, schema]) => schema["x-known-values"] === true && !sharedNames.has(name))
    .map(([name, schema]) => {
      if (schema.type !== "string" || !Array.isArray(schema.enum))
        throw new Error(
          `schema ${name}: x-known-values marks a closed list of strings (type: string with an enum)`,
        );
      return [name, schema];
    });

/**
 * An area package's generated/known-values.ts, the module of its `./known-values` entry: core's
 * `./known-values` exports of the shared closed lists of strings its spec has (`schemas`, their
 * names: {@link enumValueNames}) and their types, so a caller imports them from the package it uses
 * (a strict installer does not let it import @chaindata/core). None for an area without one.
 */
export function emitAreaKnownValues(pkg, schemas, own = [], areasOwn = []) {
  if (!schemas.length && !own.length && !areasOwn.length) return {};
  const names = schemas.flatMap(enumValueNames);
  const ownNames = own.map(([name]) => name);
  return {
    [`packages/${pkg}/src/generated/known-values.ts`]:
      banner(
        own.length
          ? "spec/dist (the closed lists of strings of two or more areas, and its own marked x-known-values)"
          : "spec/dist (the closed lists of strings of two or more areas)",
        import.meta.url,
      ) +
      `// Imported from "@chaindata/${pkg}/known-values"; the package's main entry does not import it, so\n` +
      `// no call bundle holds the lists (decision 0021). With their types, so one import names all.\n` +
      (own.length ? `import type { ${ownNames.join(", ")} } from "./types.js";\n\n` : "") +
      (schemas.length
        ? `export { ${names.join(", ")} } from "@chaindata/core/known-values";\n` +
          `export type { ${schemas.join(", ")} } from "@chaindata/core/known-values";\n`
        : "") +
      // (The sdk's: each area's own lists, from its entry: `[[area, [name, …]], …]`.)
      areasOwn
        .map(
          ([area, listNames]) =>
            `export { ${listNames.flatMap(enumValueNames).join(", ")} } from "@chaindata/${area}/known-values";\n` +
            `export type { ${listNames.join(", ")} } from "@chaindata/${area}/known-values";\n`,
        )
        .join("") +
      (own.length
        ? `\nexport type { ${ownNames.join(", ")} };\n\n` +
          own.map(([name, schema]) => knownValuesText(name, schema, true)).join("\n")
        : ""),
  };
}

/**
 * src/generated/runtime.ts: the runtime's error classes, option factories, lossless JSON and option
 * types, re-exported so one import suffices.
 */
export function emitRuntimeExports(pkg, { rpc, batch }) {
  // (lib/names.mjs lists them: no name from the spec may take one of theirs.)
  const { values, types } = runtimeExports({ rpc, batch });
  return {
    [`packages/${pkg}/src/generated/runtime.ts`]:
      banner("spec/dist/index.json", import.meta.url) +
      `// The runtime's error classes, option factories and option types, so callers need only this package.\n` +
      `export {\n${values.map((n) => `  ${n},`).join("\n")}\n${types.map((t) => `  type ${t},`).join("\n")}\n} from "@chaindata/core";\n`,
  };
}
