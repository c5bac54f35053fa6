#!/usr/bin/env node
// Generates every package's `src/generated/` from the spec bundles (spec/dist/).
//   npm run generate             write (only files whose content changed; stale files removed)
//   npm run generate -- --check  write nothing; exit 1 listing every stale or missing file
//   npm run generate -- --spec-dir <folder>   read the bundles of a copy of spec/ (its dist/)
// Reads only spec/dist (run `npm run spec:bundle` first), and refuses bundles that break the spec
// rules as `npm run spec:check` does. Deterministic: a second run changes nothing.
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
import { areaStatusTags, banner, literal } from "./lib/emit.mjs";
import { ERROR_CLASSES, runtimeExports, TYPE_PARAMETERS } from "./lib/names.mjs";
import { operationsOf } from "./lib/operations.mjs";
import { generatorRefusals, packagesOf, refuse } from "./lib/refusals.mjs";
import { camel, pascal } from "./lib/schema.mjs";
import { emitAreaConstants, readmeConstants } from "./constants.mjs";
import { receiverReadme } from "./receiver-readme.mjs";
import {
  documentedRateLimit,
  emitRestArea,
  exampleFor as restExample,
  rateLimitName,
} from "./rest.mjs";
import { emitRpcArea, exampleFor as rpcExample } from "./rpc.mjs";
import { scaffoldFiles } from "./scaffold.mjs";

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
        ...(auth.required ? [] : ["keyOptional: true"]),
        // (For the message of a region's name given as the URL: `baseUrls: { sender: "slc" }`.)
        ...(index.hosts[h]["x-regions"]
          ? [`regions: ${JSON.stringify(["global", ...Object.keys(index.hosts[h]["x-regions"])])}`]
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

// What each area gets of the shared options, when not all of them: the Sender takes neither the
// general key (its key is a dedicated one) nor batching (it documents no JSON-RPC batches); the
// REST areas take no batcher (JSON-RPC only). (`shared` holds no `batch`, and there is no shared
// `rateLimit`: a limiter is an area's own.) Each area's entry in `areas` is then laid over them
// (packages/sdk/src/options.ts).
const AREA_OPTIONS = {
  sender: "{ ...shared, apiKey: undefined }",
};
// What the JSDoc of an area's entry in `areas` adds about the options above.
const AREA_NOTES = {
  admin:
    "Its `rateLimit` is the client-side limit of the admin host's documented 5 requests/s: `createRateLimiter(adminRateLimit)`.",
  sender:
    "Its `apiKey` is the Sender's dedicated key, the only key this area sends: the shared `apiKey` (or `CHAINDATA_API_KEY`) never goes to the sender.",
};
/** Whether an area takes a batcher: the JSON-RPC areas whose endpoint documents batches. */
const batched = (a) => a.kind !== "openapi" && a.doc.info["x-batch"] !== false;
const areaOptions = (a) => AREA_OPTIONS[a.area] ?? (batched(a) ? "{ ...shared, batch }" : "shared");
/**
 * core's generated/areas.ts: the areas that batch, as the message refusing a `batch` anywhere else
 * names them (core's `unbatched`, which the non-batching clients and the sdk's `areas` share).
 */
function emitBatchingAreas(areas) {
  const names = areas.filter(batched).map((a) => camel(a.area));
  return (
    banner("spec/dist (each area's kind and info.x-batch)") +
    `\n/** The areas whose clients take a batcher (the JSON-RPC areas whose endpoint documents batches), as messages name them. */\n` +
    `export const batchingAreas = ${literal(names.join(", ").replace(/, (?!.*, )/, " and "))};\n`
  );
}

/** The type of an area factory's options (what its entry in `areas` takes). */
const optionsType = (a) =>
  a.kind === "openapi"
    ? "RestClientOptions"
    : batched(a)
      ? "ClientOptions"
      : `${a.Area}ClientOptions`;

/** @chaindata/sdk: one client composing every area. */
function emitSdk(areas) {
  const lines = areas.map((a) => ({ ...a, Area: pascal(a.area), prop: camel(a.area) }));
  // The area titles may already say "(beta)" / "(deprecated)"; the marks are added only once.
  const mark = (title, word, on) =>
    on && !title.toLowerCase().includes(`(${word})`) ? ` (${word})` : "";
  const member = (a) => {
    const deprecated = a.doc.info["x-deprecated"];
    const doc = `${a.title}${mark(a.title, "beta", a.beta)}${mark(a.title, "deprecated", deprecated)} — \`@chaindata/${a.area}\`.`;
    return `  /**\n   * ${doc}${areaStatusTags(a.doc.info)
      .map((tag) => `\n   * ${tag}`)
      .join("")}\n   */\n  readonly ${a.prop}: ${a.Area}Client;`;
  };
  const areaMember = (a) =>
    `  /**\n   * The ${a.prop} area's own options: those \`create${a.Area}Client\` takes, laid over the shared ones.` +
    (AREA_NOTES[a.area] ? `\n   * ${AREA_NOTES[a.area]}` : "") +
    `\n   * @default undefined (the shared options)` +
    areaStatusTags(a.doc.info)
      .map((tag) => `\n   * ${tag}`)
      .join("") +
    `\n   */\n  ${a.prop}?: ${optionsType(a)} | undefined;`;
  const coreTypes = [
    "ClientOptions",
    ...(lines.some((a) => a.kind === "openapi") ? ["RestClientOptions"] : []),
  ];
  const batching = lines.filter(batched).map((a) => a.prop);
  return {
    "packages/sdk/src/generated/client.ts":
      banner("spec/dist/index.json") +
      `import { ${coreTypes.map((t) => `type ${t}`).join(", ")} } from "@chaindata/core";\n` +
      lines
        .map(
          (a) =>
            `import { create${a.Area}Client, type ${a.Area}Client${optionsType(a) === `${a.Area}ClientOptions` ? `, type ${a.Area}ClientOptions` : ""} } from "@chaindata/${a.area}";`,
        )
        .join("\n") +
      `\nimport { lazyAreas } from "../lazy.js";\nimport { areaOptions, sharedOptions } from "../options.js";\n` +
      `\n/** Every area of the API in one client; each area is also its own package. */\nexport interface ChainDataClient {\n` +
      lines.map(member).join("\n") +
      `\n}\n\n` +
      `/**\n * Each area's own options, for {@link ChainDataClientOptions.areas}: those of the area's own factory\n` +
      ` * (\`createSenderClient\`'s for \`sender\`…), laid over the shared ones.\n */\n` +
      `export interface ChainDataAreaOptions {\n` +
      lines.map(areaMember).join("\n") +
      `\n}\n\n` +
      `/**\n * The options of {@link createChainDataClient}: every area's {@link ClientOptions}, shared (but the\n` +
      ` * \`apiKey\` goes to no sender, and \`rateLimit\` is an area's own), and \`areas\`, one area's own.\n */\n` +
      `export interface ChainDataClientOptions extends Omit<ClientOptions, "rateLimit"> {\n` +
      `  /**\n` +
      `   * The API key of every area but the sender. Sent as the \`api-key\` query parameter, or as the\n` +
      `   * \`X-Api-Key\` header on hosts that take one (admin). Never appears in errors or logs. The sender's\n` +
      `   * key is a dedicated one: give it in \`areas.sender.apiKey\` (or to \`createSenderClient\`); this one\n` +
      `   * never goes there. An area's own \`apiKey\` in \`areas\` replaces it for that area.\n` +
      `   * @default process.env.CHAINDATA_API_KEY, read when the client is created; \`"local"\` in the \`local\` environment, where the variable is not read\n` +
      `   */\n` +
      `  apiKey?: string | undefined;\n` +
      `  /**\n` +
      `   * Not an option here: a limiter is one area's own, given in \`areas\`, e.g.\n` +
      `   * \`areas: { admin: { rateLimit: createRateLimiter(adminRateLimit) } }\` for the admin host's documented\n` +
      `   * 5 requests/s, or \`areas: { das: { rateLimit } }\` (one limiter given to several areas limits them\n` +
      `   * together). A limiter given here is refused (\`ConfigurationError\`): it would not say which areas it limits.\n` +
      `   * @default undefined (no area is limited)\n` +
      `   */\n` +
      `  rateLimit?: false | undefined;\n` +
      `  /**\n` +
      `   * One area's own options, by area name: the options of that area's own factory (so \`batch\` only\n` +
      `   * for ${batching.map((p) => `\`${p}\``).join(", ")}), laid over the shared ones, e.g.\n` +
      `   * \`areas: { sender: { apiKey: senderKey, timeout: 2_000 }, admin: { rateLimit } }\`. An option set\n` +
      `   * here replaces the shared one for that area alone; \`headers\` and \`baseUrls\` are laid over the\n` +
      `   * shared ones name by name (header names in any case; a header set to \`null\` here is not sent\n` +
      `   * by that area), so an area adding one header keeps the shared ones. An option left \`undefined\`\n` +
      `   * sets nothing. Checked and copied when the client is created, as the shared options are.\n` +
      `   * @default {} (every area takes the shared options)\n` +
      `   */\n` +
      `  areas?: ChainDataAreaOptions | undefined;\n` +
      `}\n\n/**\n * Create one client for every area; all areas share \`options\` (API key, environment, fetch, retries…),\n` +
      ` * and \`options.areas\` gives one area its own, laid over the shared ones (the sender its dedicated\n` +
      ` * key: \`areas: { sender: { apiKey } }\`). The options are copied now, so later changes to the\n` +
      ` * caller's objects reach no area. A rate limiter is an area's own (\`areas: { admin: { rateLimit } }\`\n` +
      ` * for the admin host's documented 5 requests/s): none is shared. The sender area gets neither the shared \`apiKey\` (a Sender key is a dedicated one:\n` +
      ` * give it in \`areas.sender.apiKey\`, or to \`createSenderClient\`) nor \`batch\`, and the REST\n` +
      ` * areas no \`batch\` (JSON-RPC only).\n` +
      ` * Each area is created on first use, so an environment without some host (devnet has no wallet or\n` +
      ` * sender host) serves the others, and only the areas used are constructed; the options are\n` +
      ` * still checked now (a misspelt option or area, \`environment\` or \`baseUrls\` host, a \`baseUrls\` entry\n` +
      ` * that is no URL, a key bound for a plain-http URL, or a header that cannot be sent throws \`ConfigurationError\` here, naming the\n` +
      ` * option's path, e.g. \`areas.sender.timeout\`, not at first use). The areas are not enumerable:\n` +
      ` * logging or serialising the client (\`console.log\`, \`JSON.stringify\`, a spread) creates none and\n` +
      ` * shows their names only, never the key; a spread copy has no areas, so hand the client on as it is.\n */\n` +
      `export function createChainDataClient(options: ChainDataClientOptions = {}): ChainDataClient {\n` +
      `  // Checked and copied now, as each area's factory would check them (packages/sdk/src/options.ts).\n` +
      `  const { batch, areas, ...shared } = sharedOptions(options);\n` +
      `  // What each area gets of the shared options (neither the general key nor a batcher to the sender;\n` +
      `  // no batcher to the REST areas), its entry in \`areas\` laid over them.\n` +
      `  const optionsOf = areaOptions(\n    areas,\n    {\n` +
      lines.map((a) => `      ${a.prop}: ${areaOptions(a)},\n`).join("") +
      `    },\n    ${JSON.stringify(batching).replace(/","/g, '", "')},\n` +
      `    { ${lines.map((a) => `${a.prop}: ${literal(a.doc.info["x-host"])}`).join(", ")} },\n  );\n` +
      `  // Each made on first use, then kept; not enumerable, so logging or serialising the client\n` +
      `  // makes none (packages/sdk/src/lazy.ts).\n` +
      `  return lazyAreas<ChainDataClient>({\n` +
      lines
        .map((a) => `    ${a.prop}: () => create${a.Area}Client(optionsOf.${a.prop}),`)
        .join("\n") +
      `\n  });\n}\n`,
  };
}

/** Which of the runtime's exports an area package re-exports (lib/names.mjs, runtimeExports). */
const runtimeKind = (a) => ({
  rpc: a.kind === "openrpc",
  batch: a.kind === "openrpc" && a.doc.info["x-batch"] !== false,
});

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

/**
 * packages/<area>/README.md: what the package is, install, a first call, its operations.
 * `hosts` (the index's): where the area's host takes the key, said beside the first call.
 */
export function emitReadme({ area, kind, doc, file }, http, hosts) {
  const Area = pascal(area);
  const client = camel(area);
  const factory = `create${Area}Client`;
  const info = doc.info;
  const ops =
    kind === "openrpc"
      ? (doc.methods ?? []).map((m) => ({
          id: m.name,
          summary: m.summary,
          deprecated: m.deprecated,
          beta: m["x-beta"],
          idempotent: m["x-idempotent"] !== false,
          paginated: m["x-pagination"],
          example: rpcExample(doc, m, client, undefined, [factory]),
        }))
      : operationsOf(doc).map((op) => ({
          id: op.o.operationId,
          summary: op.o.summary,
          deprecated: op.o.deprecated,
          beta: op.o["x-beta"],
          idempotent: op.o["x-idempotent"] !== false,
          paginated: op.o["x-pagination"],
          example: restExample(doc, op, client, [factory]),
          takesParams:
            op.params.some((p) => p.in === "path" || p.in === "query") || Boolean(op.body),
        }));
  // The plain-HTTP operations of a JSON-RPC area (the sender's `ping`), after its methods.
  for (const op of http ? operationsOf(http.doc) : [])
    ops.push({
      id: op.o.operationId,
      summary: op.o.summary,
      deprecated: op.o.deprecated,
      beta: op.o["x-beta"],
      idempotent: op.o["x-idempotent"] !== false,
      wire: `${op.method.toUpperCase()} ${op.path}`,
      defaults: op.o["x-request-defaults"],
    });
  const first = ops.find((o) => o.example) ?? ops[0];
  // A host that takes the key in a header (admin: X-Api-Key) gets it there, not in the URL.
  const keyHeader = hosts?.[info["x-host"]]?.auth?.header;
  // A documented client-side rate limit, as the package exports it (rest.mjs).
  const limit = kind === "openapi" && documentedRateLimit(doc);
  const limiter = limit
    ? `\n\nThe service allows ${limit.requestsPerSecond} requests/s${limit.scope ? ` per ${limit.scope}` : ""}. A client-side limiter keeps a client under it: every attempt (retries too) waits for its turn, and clients that share one limiter share the budget. It aims a tenth under the rate (${limit.requestsPerSecond} in any 1.1 s), so that a request reaching the server a little late does not put one too many into one of its seconds.\n\n` +
      "```ts\n" +
      `import { ${rateLimitName(area)}, ${factory}, createRateLimiter } from "@chaindata/${area}";\n\n` +
      `const ${client} = ${factory}({ rateLimit: createRateLimiter(${rateLimitName(area)}) });\n` +
      "```"
    : "";
  const status = [
    info["x-beta"] ? "> **Beta**: routes and response formats may change." : "",
    info["x-deprecated"]
      ? "> **Deprecated**: calls warn once per process; see each operation for its replacement."
      : "",
  ].filter(Boolean);
  // (Every operation of a beta area is beta: the status line above the table says so once.)
  const marks = (o) =>
    `${o.wire ? ` (\`${o.wire}\`)` : ""}${o.paginated ? ` (paginated: \`.all()\`, \`paginate${pascal(o.id)}\`)` : ""}${o.beta && !info["x-beta"] ? " (beta)" : ""}${o.deprecated ? " (deprecated)" : ""}`;
  const code = (names) =>
    names.length > 1
      ? `${names
          .slice(0, -1)
          .map((n) => `\`${n}\``)
          .join(", ")} and \`${names[names.length - 1]}\``
      : `\`${names[0]}\``;
  const writes = ops.filter((o) => !o.idempotent).map((o) => o.id);
  const retries = writes.length
    ? `${code(writes)} ${writes.length > 1 ? "are writes that are" : "is a write that is"} not idempotent: a call is retried after a 429 only (refused before it was processed); after a 5xx, a timeout or a lost connection a retry could repeat the write, so it is not made unless the call passes \`retryNonIdempotent: true\`.`
    : `(\`retryNonIdempotent: true\` lets a write that is not idempotent be retried; every ${kind === "openrpc" ? "method" : "operation"} here is idempotent and retried by default.)`;
  // Operations with their own per-call defaults (the sender's `ping`: no retries, a short timeout).
  const own = ops
    .filter((o) => o.defaults)
    .map(
      (o) =>
        ` \`${o.id}\` is the exception: ${o.defaults.maxRetries === 0 ? "not retried" : `retried up to ${o.defaults.maxRetries} times`} by default${o.defaults.timeout ? ` and waits ${o.defaults.timeout / 1000} s per attempt` : ""}, whatever the client's \`maxRetries\` and \`timeout\` (its own call options override that).`,
    )
    .join("");
  // (A REST client has no `request`: it would add its bytes to every client bundle, and a wrapper
  // generic over the operation needs only the types.)
  const byName =
    kind === "openrpc" && first
      ? ` Any method can also be called by its name, which picks the params and result types: \`${client}.request("${first.id}", params)\`.`
      : first
        ? ` For a wrapper generic over the operation (a cache, metrics), \`${Area}Operations\` maps each operation's name to its params and result types: \`<O extends ${Area}Operation>(operation: O, params: ${Area}Params<O>) => Promise<${Area}Result<O>>\`.`
        : "";
  // The standalone functions (client.ts): one per method, and a page walk per paginated one.
  const walked = ops.find((o) => o.paginated);
  // (A REST area's handle is `create<Area>Rest()`, a JSON-RPC area's `create<Area>Rpc()`.)
  const [what, handle, handleVar] =
    kind === "openrpc"
      ? ["method", `create${Area}Rpc`, "rpc"]
      : ["operation", `create${Area}Rest`, "rest"];
  const standalone =
    first && !first.wire
      ? ` Each ${what} is also a standalone function, so a bundle carries only the ${what}s it imports: \`${first.id}(${handle}()${first.takesParams === false ? "" : ", params"})\`${walked ? `; each paginated one has a standalone page walk too, \`for await (const item of paginate${pascal(walked.id)}(${handleVar}, params))\`, with the options and checks of \`.all()\`` : ""}.`
      : "";
  // How `.all()` walks the operations that page by keyset when a param has a value (`keysetWhen`,
  // packages/core/src/paginate.ts): one paragraph per rule, naming its operations.
  const keysetRules = new Map();
  for (const o of ops.filter((o) => o.paginated?.keysetWhen)) {
    const { page = "page", cursor = "cursor", keyset = [], limit, keysetWhen } = o.paginated;
    const { nextCursor = cursor } = o.paginated;
    const none = [page, ...keyset].map((k) => `\`${k}\``).join(", ");
    const rule =
      `by keyset when the params have \`${keysetWhen.param}: ${JSON.stringify(keysetWhen.equals)}\` and no ${none.replace(/, ([^,]+)$/, " or $1")}: ` +
      `the first request carries no \`${page}\`, each next one the previous result's \`${nextCursor}\`, until a page is empty${limit ? `, shorter than \`${limit}\`` : ""} or without \`${nextCursor}\`. Given \`${page}\`, the walk goes page by page from it.`;
    keysetRules.set(rule, [...(keysetRules.get(rule) ?? []), o.id]);
  }
  const keysetWalks = [...keysetRules]
    .map(
      ([rule, ids]) =>
        `\n\nThe page walk${ids.length > 1 ? "s" : ""} of ${code(ids)} (\`.all()\`, \`paginate…\`) go${ids.length > 1 ? "" : "es"} ${rule}`,
    )
    .join("");
  const intro = (info.description ?? "")
    .trim()
    .split(/\n\s*\n/)[0]
    .replace(/\s+/g, " ");
  return {
    [`packages/${area}/README.md`]:
      `<!-- GENERATED by scripts/generate from spec/dist/${file}${http ? ` and spec/dist/${http.file}` : ""} — do not edit by hand. -->\n` +
      `# @chaindata/${area}\n\n${info.title}. ${intro}\n\n${status.length ? status.join("\n") + "\n\n" : ""}` +
      "```sh\nnpm install @chaindata/" +
      area +
      "\n```\n\n" +
      "```ts\n" +
      `import { ${factory} } from "@chaindata/${area}";\n\n` +
      // (A key-optional host, the Sender, takes only a dedicated key: the general one is not sent there.)
      (info["x-auth"]?.required === false
        ? `const ${client} = ${factory}(); // no API key needed (a dedicated key for this host goes in \`apiKey\`)\n`
        : `const ${client} = ${factory}({ apiKey: process.env.CHAINDATA_API_KEY });${keyHeader ? ` // sent as the ${keyHeader} header` : ""}\n`) +
      `${first?.example ?? ""}\n` +
      // (The plain-HTTP operations of a JSON-RPC area take no params: one line each.)
      ops
        .filter((o) => o.wire)
        .map((o) => `await ${client}.${o.id}(); // ${String(o.summary ?? "").replace(/\.$/, "")}\n`)
        .join("") +
      "```\n\n" +
      `| ${kind === "openrpc" && !http ? "method" : "operation"} | |\n|---|---|\n` +
      ops
        .map((o) => `| \`${o.id}\`${marks(o)} | ${String(o.summary ?? "").replace(/\|/g, "\\|")} |`)
        .join("\n") +
      keysetWalks +
      limiter +
      // (The edit helpers, hand-written in the same package as the receiver: src/edits.ts.)
      (doc.webhooks
        ? `\n\n\`updateWebhook\` takes the complete settings (the service does not document whether it keeps or clears a setting left out of its body). To change a few and keep the rest, \`editWebhook(${client}, { webhookID, webhookURL })\` reads the webhook and sends its settings back with yours. Watched addresses have no endpoint of their own: \`addWebhookAddresses(${client}, { webhookID, addresses })\` and \`removeWebhookAddresses(${client}, { webhookID, addresses })\` send the settings back with the new list. Each also takes the standalone functions' rest in the client's place (\`editWebhook(createWebhooksRest(), params)\`). Changes to one webhook made in one process run one at a time, whichever client or rest they go through (its id in any letter case), and a change that changes nothing writes nothing (so costs no edit credits). A stored setting that today's checks refuse (an \`http://\` \`webhookURL\`) is named as the webhook's, nothing written: give it to \`editWebhook\` to replace it. A setting cannot be removed this way (the service documents no value that removes one): \`null\` is refused, nothing sent.`
        : "") +
      // (The receiver of the deliveries the document lists, hand-written in the package.)
      (doc.webhooks
        ? `\n\n${receiverReadme({ area, client, kinds: Object.keys(doc.webhooks).filter((k) => k !== "discord") })}`
        : "") +
      `\n\nEvery client takes the options of \`@chaindata/core\` (API key, environment, per-host URLs, retries, timeouts, logger${kind === "openrpc" && info["x-batch"] !== false ? ", JSON-RPC batching" : ""}); every call takes \`{ signal, timeout, maxRetries, headers, retryNonIdempotent, onResponse }\` last. ${retries}${own}${byName}${standalone} Errors are typed (\`RateLimitError\`, \`ValidationError\`, …) and exported from this package. Fields the spec types u64 (lamports, raw amounts, supplies) arrive as \`bigint\` (an amount the service itself sends as a decimal string, such as the wallet's \`amountRaw\`, stays a string: \`BigInt(amountRaw)\` reads it exactly): \`stringifyJson\`, exported here too, writes them where \`JSON.stringify\` throws.${readmeConstants({ area, doc })}\n`,
  };
}

export async function generate({ distDir = join(root, "spec/dist") } = {}) {
  return emitAll(readBundles(distDir));
}

/** Every generated file of the bundles `{ index, areas }` (readBundles). */
async function emitAll({ index, areas, digest }) {
  // Every refusal of every area at once, before anything is written (the emitters refuse their own
  // area's again, as a last guard when they are called alone).
  refuse(generatorRefusals(areas), areas);
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
    emitSdk(packagesOf(areas).map(([a]) => a)),
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
