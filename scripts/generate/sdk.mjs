// @chaindata/sdk's generated client.ts: one client composing every area, createChainDataClient(),
// and the types of its options (shared, and each area's own in `areas`).
import { areaStatusTags, banner, literal } from "./lib/emit.mjs";
import { hostOf, keyOptional, takesBatcher } from "./lib/areas.mjs";
import { camel, pascal } from "./lib/schema.mjs";

// What each area gets of the shared options, when not all of them: an area on a host that takes
// no key (the sender's, spec/hosts.yaml `auth.required: false`) never gets the shared key (a key
// sent there is a dedicated one), and only an area that takes a batcher gets `batch` (the REST
// areas and the sender's take none). (`shared` holds no `batch`, and there is no shared
// `rateLimit`: a limiter is an area's own.) Each area's entry in `areas` is then laid over them
// (packages/sdk/src/options.ts).
const sharedFor = (a, hosts) => {
  const own = [
    ...(keyOptional(a, hosts) ? ["apiKey: undefined"] : []),
    ...(takesBatcher(a) ? ["batch"] : []),
  ];
  return own.length ? `{ ...shared, ${own.join(", ")} }` : "shared";
};
// What the JSDoc of an area's entry in `areas` adds about its options.
const AREA_NOTES = {
  admin:
    "Its `rateLimit` is the client-side limit of the admin host's documented 5 requests/s: `createRateLimiter(adminRateLimit)`.",
  sender:
    "Its `apiKey` is the Sender's dedicated key, the only key this area sends: the shared `apiKey` (or `CHAINDATA_API_KEY`) never goes to the sender.",
};
/** The type of an area factory's options (what its entry in `areas` takes). */
const optionsType = (a) =>
  a.kind === "openapi"
    ? "RestClientOptions"
    : takesBatcher(a)
      ? "ClientOptions"
      : `${a.Area}ClientOptions`;

/**
 * packages/sdk/src/generated/client.ts: one client composing every area (`areas`: index.json's,
 * each with its bundled document; `hosts`: index.json's).
 */
export function emitSdk(areas, hosts) {
  const lines = areas.map((a) => ({ ...a, Area: pascal(a.area), prop: camel(a.area) }));
  const coreTypes = [
    "ClientOptions",
    ...(lines.some((a) => a.kind === "openapi") ? ["RestClientOptions"] : []),
  ];
  const batching = lines.filter(takesBatcher).map((a) => a.prop);
  return {
    "packages/sdk/src/generated/client.ts":
      banner("spec/dist/index.json", import.meta.url) +
      `import { ${coreTypes.map((t) => `type ${t}`).join(", ")} } from "@chaindata/core";\n` +
      lines
        .map(
          (a) =>
            `import { create${a.Area}Client, type ${a.Area}Client${optionsType(a) === `${a.Area}ClientOptions` ? `, type ${a.Area}ClientOptions` : ""} } from "@chaindata/${a.area}";`,
        )
        .join("\n") +
      `\nimport { lazyAreas } from "../lazy.js";\nimport { areaOptions, sharedOptions } from "../options.js";\n` +
      `\n/** Every area of the API in one client; each area is also its own package. */\nexport interface ChainDataClient {\n` +
      lines.map(clientMember).join("\n") +
      `\n}\n\n` +
      `/**\n * Each area's own options, for {@link ChainDataClientOptions.areas}: those of the area's own factory\n` +
      ` * (\`createSenderClient\`'s for \`sender\`…), laid over the shared ones.\n */\n` +
      `export interface ChainDataAreaOptions {\n` +
      lines.map(areaOptionsMember).join("\n") +
      `\n}\n\n` +
      clientOptionsInterface(batching) +
      clientFactory(lines, batching, hosts),
  };
}

// The area titles may already say "(beta)" / "(deprecated)"; the marks are added only once.
const mark = (title, word, on) =>
  on && !title.toLowerCase().includes(`(${word})`) ? ` (${word})` : "";

/** Area `a`'s member of ChainDataClient. */
function clientMember(a) {
  const deprecated = a.doc.info["x-deprecated"];
  const doc = `${a.title}${mark(a.title, "beta", a.beta)}${mark(a.title, "deprecated", deprecated)} — \`@chaindata/${a.area}\`.`;
  return `  /**\n   * ${doc}${areaStatusTags(a.doc.info)
    .map((tag) => `\n   * ${tag}`)
    .join("")}\n   */\n  readonly ${a.prop}: ${a.Area}Client;`;
}

/** Area `a`'s member of ChainDataAreaOptions. */
const areaOptionsMember = (a) =>
  `  /**\n   * The ${a.prop} area's own options: those \`create${a.Area}Client\` takes, laid over the shared ones.` +
  (AREA_NOTES[a.area] ? `\n   * ${AREA_NOTES[a.area]}` : "") +
  `\n   * @default undefined (the shared options)` +
  areaStatusTags(a.doc.info)
    .map((tag) => `\n   * ${tag}`)
    .join("") +
  `\n   */\n  ${a.prop}?: ${optionsType(a)} | undefined;`;

/** ChainDataClientOptions; `batching`: the areas that take a batcher. */
const clientOptionsInterface = (batching) =>
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
  `   * Options typed \`ClientOptions\` or \`RestClientOptions\` may hold one, so the compiler refuses them\n` +
  `   * here (\`Type 'RateLimiter' is not assignable to type 'false'\`): type options shared with the area\n` +
  `   * factories \`Omit<RestClientOptions, "rateLimit">\` (every factory takes them, this one too).\n` +
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
  `}\n\n`;

/** createChainDataClient(), over the areas `lines`; `batching`: those that take a batcher. */
const clientFactory = (lines, batching, hosts) =>
  `/**\n * Create one client for every area; all areas share \`options\` (API key, environment, fetch, retries…),\n` +
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
  ` * shows their names only, never the key; a spread copy has no areas, so hand the client on as it is.\n` +
  ` * @param options - The options every area shares, and \`areas\` for one area's own.\n` +
  ` * @example\n * const chaindata = createChainDataClient({ apiKey: process.env.CHAINDATA_API_KEY });\n */\n` +
  `export function createChainDataClient(options: ChainDataClientOptions = {}): ChainDataClient {\n` +
  `  // Checked and copied now, as each area's factory would check them (packages/sdk/src/options.ts).\n` +
  `  const { batch, areas, keyFromEnv, ...shared } = sharedOptions(options);\n` +
  `  // What each area gets of the shared options (neither the general key nor a batcher to the sender;\n` +
  `  // no batcher to the REST areas), its entry in \`areas\` laid over them, and CHAINDATA_API_KEY as\n` +
  `  // read now where no key is given and the area's environment is not \`local\`.\n` +
  `  const optionsOf = areaOptions(\n    areas,\n    {\n` +
  lines.map((a) => `      ${a.prop}: ${sharedFor(a, hosts)},\n`).join("") +
  `    },\n    ${JSON.stringify(batching).replace(/","/g, '", "')},\n` +
  `    { ${lines.map((a) => `${a.prop}: ${literal(hostOf(a))}`).join(", ")} },\n    keyFromEnv,\n  );\n` +
  `  // Each made on first use, then kept; not enumerable, so logging or serialising the client\n` +
  `  // makes none (packages/sdk/src/lazy.ts).\n` +
  `  return lazyAreas<ChainDataClient>({\n` +
  // (An area that takes no batcher is typed so: areaOptions refused one given for it, and gave it
  // none of the shared ones.)
  lines
    .map((a) => {
      const own = optionsType(a);
      const cast = own === "ClientOptions" ? "" : ` as ${own}`;
      return `    ${a.prop}: () => create${a.Area}Client(optionsOf.${a.prop}${cast}),`;
    })
    .join("\n") +
  `\n  });\n}\n`;

/**
 * packages/sdk/src/generated/u64-shapes.ts: each area's u64 shapes, pagination descriptors, params
 * checks and endpoint factories (which the checks take) re-exported by name (`areas`:
 * `[{ area, names }]`, the names its package exports), so that an operation added to the spec is in
 * the sdk without a hand edit, and two areas exporting one name fail the sdk's build (TS2300)
 * rather than drop both, as `export *` of the two would.
 */
export function emitSdkShapes(areas) {
  return {
    "packages/sdk/src/generated/u64-shapes.ts":
      banner("spec/dist/index.json", import.meta.url) +
      "// Each area's u64 shapes, for a result kept as JSON text and read back: `reviveU64(parseJson(text), getAssetU64Shape)`;\n" +
      "// and its pagination descriptors, for `paginate` over a method no package covers: `getAssetsByOwnerPagination`.\n" +
      "// and its params checks, each with the endpoint its call takes: `checkGetAsset(createDasRpc(), params)`.\n" +
      areas
        .filter((a) => a.names.length)
        .map(
          (a) =>
            `export {\n${a.names.map((n) => `  ${n},\n`).join("")}} from "@chaindata/${a.area}";\n`,
        )
        .join(""),
  };
}
