// buildDocs(): spec/dist → a static site (HTML pages, one CSS, one JS, a JSON search index).
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, posix, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { firstSentence, summaryOf } from "./markdown.mjs";
import { loadSite } from "./model.mjs";
import {
  areaPage,
  CALL_OPTIONS,
  CLIENT_OPTIONS,
  EDIT_HELPERS,
  editHelpersSnippet,
  ERROR_CLASSES,
  ERROR_FIELDS,
  errorClassId,
  errorClassOf,
  factId,
  gettingStartedPage,
  glancePage,
  heliusNames,
  heliusSummary,
  homePage,
  hostKeyWays,
  indexPage,
  agentsPage,
  kitPage,
  legendPage,
  MANY_WALKS,
  notCoveredNames,
  notCoveredSummary,
  operationPage,
  pageWalksPage,
  RECEIVER_NAMES,
  RESUMING_A_WALK,
  reachesReceiver,
  regionsExport,
  rpcCodeId,
  rpcCodeOutcomes,
  rpcErrorCodes,
  runtimesPage,
  testingPage,
  schemaIndexPage,
  schemaPage,
  STATUS_TEXT,
  standaloneNames,
  standaloneWalk,
  TIP_NAMES,
  typeScriptSnippetsOf,
  localCurlSnippetsOf,
  WALK_ANY_METHOD,
} from "./pages.mjs";
import {
  AGENTS_PAGE,
  GLANCE_PAGE,
  KIT_PAGE,
  PAGE_WALKS_PAGE,
  RUNTIMES_PAGE,
  RUNTIMES_TITLE,
  SEARCH_PAGE,
  TESTING_PAGE,
} from "./html.mjs";
import { LEGEND_PAGE, SOURCE_KEYS } from "./legend.mjs";
import { RECEIVER_RECIPES } from "./receiver-recipes.mjs";
import { isBigint } from "./schema.mjs";
import { deref, inContext, isObj, plural, schemaRefName, sdkName } from "./util.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const PACKAGE_DIR = resolve(here, "..");
const REPO_ROOT = resolve(PACKAGE_DIR, "../..");
export const DEFAULT_SPEC = join(REPO_ROOT, "spec/dist");
export const DEFAULT_OUT = join(PACKAGE_DIR, "dist");
export const DEFAULT_SIZES = join(REPO_ROOT, "test/size/budgets.json");
/** Where the Runtimes page's text comes from: the sections of the runtime's README that say it. */
export const CORE_README = join(REPO_ROOT, "packages/core/README.md");
export const RUNTIME_SECTIONS = {
  browser: "In a browser",
  others: "Bun, Deno and Cloudflare Workers",
  reactNative: "React Native",
};
/** The Testing page's text: the section of the runtime's README that says it. */
export const TESTING_SECTION = { testing: "Testing code that calls chaindata" };
/** The Page walks page's text: the section of the runtime's README that says it. */
export const PAGE_WALKS_SECTION = { pageWalks: "Page walks" };
/** The Using `@solana/kit` page's text: the section of the runtime's README that says it. */
export const KIT_SECTION = { kit: "Using chaindata with `@solana/kit`" };
/** The AI agents page's text: the section of the runtime's README that says it. */
export const AGENTS_SECTION = { agents: "AI agents and MCP tools" };
/**
 * The guide pages' texts (`testing`, `pageWalks`, `kit`, `agents`): their sections of the
 * runtime's README, read in one pass.
 */
const readGuides = () =>
  readmeSections(CORE_README, {
    ...TESTING_SECTION,
    ...PAGE_WALKS_SECTION,
    ...KIT_SECTION,
    ...AGENTS_SECTION,
  });
/**
 * The receiver's recipes the delivery pages show (`site.recipes`), each a file of the webhooks
 * package shown whole, as its README shows it: one list, the README generator's too
 * (receiver-recipes.mjs).
 */
export { RECEIVER_RECIPES };
const ASSETS = ["site.css", "site.js"];

/** Field names reachable from a schema (for the search index), depth-limited. */
function fieldNames(doc, schema, out, seen = new Set(), depth = 0) {
  if (!isObj(schema) || depth > 6) return out;
  if (schema.$ref) {
    const name = schemaRefName(schema.$ref);
    if (name && seen.has(name)) return out;
    if (name) seen.add(name);
    return fieldNames(doc, deref(doc, schema), out, seen, depth);
  }
  for (const [k, v] of Object.entries(schema.properties ?? {})) {
    out.add(k);
    fieldNames(doc, v, out, seen, depth + 1);
  }
  for (const key of ["items", "additionalProperties"])
    if (isObj(schema[key])) fieldNames(doc, schema[key], out, seen, depth + 1);
  for (const key of ["allOf", "anyOf", "oneOf"])
    for (const s of schema[key] ?? []) fieldNames(doc, s, out, seen, depth + 1);
  return out;
}

/**
 * Words a reader types for what the site calls by another word, both ways (the search tries each
 * query word's partners too, ranked below a direct match). Kept to words the site uses for one
 * thing in two places: a webhook delivery's section is its "Payload", while REST request and
 * answer bodies, error bodies and the schemas describing them say "body" — both are HTTP's message
 * content (RFC 7230's "payload body"), and a reader who knows one word must find the other. Not a
 * thesaurus: build.test.ts checks that both words of each pair occur in the index.
 */
export const SEARCH_SYNONYMS = [["payload", "body"]];

/**
 * What an entry's page documents that its name, summary and fields do not say, as [label, the
 * id of where it is on the page, and the words a reader may search it by]: a delivery's payload, a
 * REST operation's request body, a documented cost, rate limit and page walk (their fact rows), the
 * SDK's type of a 64-bit integer schema. Only what sets pages apart: a section every operation page
 * has (Parameters, Errors, Examples, the Retries and Auth rows) would make a search for its word
 * list every operation.
 * The cost is on most pages, but its label holds the page's own number of credits, so that the
 * hits of "cost" (or "credits") answer it without a click; a cost the service does not document
 * is left out, as there is no answer to lead to.
 */
function opTopics(op) {
  const topics = [];
  if (op.transport === "delivery" && op.rest.body?.schema) topics.push(["Payload", "payload"]);
  if (op.transport === "rest" && op.rest.body) topics.push(["Request body", "request"]);
  if (op.cost && op.cost.credits !== null)
    topics.push([`Cost: ${plural(op.cost.credits, "credit")}`, factId("Cost")]);
  // (A limit the area states for all its methods is the area's topic: one hit, not one per method.)
  if (op.rateLimit && op.rateLimit.stated !== "area")
    topics.push(["Rate limit", factId("Rate limit")]);
  // (The site's own words for it, which no heading says: the badge's "paginated", the "page
  // walk" of .all(), and what a reader types for it.)
  if (op.pagination) topics.push(["Pagination", factId("Pagination"), WALK_WORDS]);
  if (reachesReceiver(op)) topics.push(["Receive with the SDK", "receiver", RECEIVER_WORDS]);
  // The method of an area that takes tips (the Sender's sendTransaction): its description says
  // what the transaction must hold, a tip and a priority fee.
  if (op.rpc && isObj(op.area.info?.["x-tip-accounts"]))
    topics.push(["Tip and priority fee", "description", LANDING_WORDS]);
  return topics;
}

/** What a reader calls an environment, besides its name (mainnet, devnet, local). */
const ENVIRONMENT_WORDS = ["mainnet-beta", "network", "cluster"];

/**
 * What a reader calls what the Sender requires in a transaction, which its method's description
 * says and no name does ("priority fee" found only helius-sdk's getPriorityFeeEstimate under Not
 * covered, "jito" and "compute unit" nothing).
 */
const LANDING_WORDS = [
  "priority fee",
  "compute unit price",
  "compute budget",
  "setComputeUnitPrice",
  "tip and priority fee",
  "jito",
  "land transaction",
  "transaction landing",
];

/** What a reader calls a page walk ("page walk", "paginated", ".all()"). */
const WALK_WORDS = [
  "paginated",
  "page walk",
  ".all()",
  "all pages",
  "every page",
  "for await",
  "iterate",
  "paging",
];

/** What a reader calls the webhook receiver ("verify webhook", "receiver", "dedupe"). */
const RECEIVER_WORDS = [
  "receiver",
  "webhook receiver",
  "verify webhook",
  "verify delivery",
  "authenticate",
  "dedupe",
  "duplicate",
  "redelivery",
  "replay",
  "express",
];

/**
 * A primitive schema's format as its Definition shows it (uint64), and `bigint` for a 64-bit one.
 */
function schemaTopics(s) {
  if (!isObj(s) || typeof s.format !== "string") return [];
  return [[s.format, "definition"], ...(isBigint(s) ? [["bigint", "definition"]] : [])];
}

/**
 * The home page's hosts table, found by every name an API key travels under. The names the table
 * shows (`x`) rank it first, as its own name would: it says where the SDK puts the key, which
 * the operations that merely take the same header or parameter do not.
 */
function authEntry(site) {
  const shown = new Set(
    Object.entries(site.index.hosts ?? {}).flatMap(([k, h]) =>
      hostKeyWays(site, k, h).map((w) => w.name),
    ),
  );
  const names = new Set(shown);
  for (const area of site.areas)
    for (const op of [...area.ops, ...area.deliveries])
      for (const w of (op.rest?.auth ?? area.auth).ways) names.add(w.name);
  return {
    n: "Hosts and API keys",
    k: "page",
    s: "Base URLs per environment, and how each host takes the API key",
    u: "index.html#hosts",
    f: [...names],
    x: [...shown],
    // What each operation page's "Auth" row says of one operation, this table says of all.
    t: [["Auth", ""]],
  };
}

/**
 * The `<area>U64Shape` an area's package exports, if any: the generator emits it where a result
 * holds u64 values or floats, which the site does not compute, so it is read from the package's
 * generated client (a name, for search).
 */
function u64ShapeExport(area) {
  const client = join(
    REPO_ROOT,
    "packages",
    area.pkg.replace("@chaindata/", ""),
    "src/generated/client.ts",
  );
  if (!existsSync(client)) return [];
  const source = readFileSync(client, "utf8");
  // (The lookup, `dasU64Shape`, and each operation's own shape, re-exported from operations.ts.)
  const own = [...source.matchAll(/^export \{([^}]*)\} from "\.\/operations\.js";/gm)].flatMap(
    (m) => m[1].split(",").map((name) => name.trim()),
  );
  return [...[...source.matchAll(/^export function (\w+U64Shape)\(/gm)].map((m) => m[1]), ...own]
    .filter((name) => name.endsWith("U64Shape"))
    .filter((name, i, all) => all.indexOf(name) === i);
}

/**
 * The parts of pages that hold SDK names but no operation: Getting started's options and error
 * classes, an area's tips (the sender's `x-tip-accounts` / `x-minimum-tip-lamports`, exported as
 * `senderTipAccounts` / `senderMinimumTipLamports`). Found by those names like fields.
 */
function sdkEntries(site) {
  const entries = [
    {
      n: "Client and call options",
      k: "page",
      s: "What every client factory and method call takes: API key, environment, base URLs, timeout, retries, rate limit, batching, coalescing, headers, abort signal",
      u: "getting-started.html#options",
      // (What a reader calls the logger and the abort signal: "debug" said No match, "cancel" found
      // a transaction type.)
      w: ["debug", "logging", "cancel", "cancellation"],
      f: [
        ...new Set([
          ...[...CLIENT_OPTIONS, ...CALL_OPTIONS].map(([name]) => name),
          // The helpers and the variable the table names (createRateLimiter, createBatcher,
          // CHAINDATA_API_KEY): a reader searches the name before knowing the option.
          ...CLIENT_OPTIONS.flatMap(
            ([, what]) => what.match(/\bcreate[A-Z]\w*|\bCHAINDATA_\w+/g) ?? [],
          ),
        ]),
      ],
    },
    {
      n: "Batching JSON-RPC calls",
      k: "page",
      s: "Calls made in one tick sent as one JSON-RPC batch request (batch: createBatcher()), each settled on its own; which calls go alone",
      u: "getting-started.html#batching",
      // (What a reader asks for, which the option's one row did not answer.)
      w: ["batch calls", "batch request", "Promise.all"],
      f: ["createBatcher", "maxSize"],
    },
    {
      n: "Errors",
      k: "page",
      s: "The error classes every package exports, and the HTTP status behind each; isChainDataError narrows to them",
      u: "getting-started.html#errors",
      // (What a reader asks, which only the JSON-RPC codes' rows answered, or nothing.)
      w: ["error handling", "handle errors", "catch", "try catch", "instanceof"],
      f: ["isChainDataError", "AnyChainDataError"],
    },
    {
      n: "Retries and timeouts",
      k: "page",
      s: "What the SDK retries, its backoff (0.5 s to 8 s, with jitter), Retry-After up to 60 s, writes after a 429 only, the timeout per attempt",
      u: "getting-started.html#retries",
      // (What a reader asks about retrying a write, which no heading says.)
      w: ["idempotent", "idempotency", "idempotence"],
      // (The names a reader meets in a 429's headers, an error or the options.)
      f: [
        "Retry-After",
        "retry-after-ms",
        "retryAfter",
        "isRetryable",
        "backoff",
        "jitter",
        "maxRetries",
        "timeout",
      ],
    },
    {
      n: "Coming from helius-sdk",
      k: "page",
      s: heliusSummary(site),
      u: "getting-started.html#helius-sdk",
      f: [...new Set(heliusNames(site))],
    },
    {
      n: "Not covered",
      k: "page",
      // (What the page's list names, every item of it, by the same function `notCovered`: a
      // method the spec adds leaves both.)
      s: notCoveredSummary(site),
      u: "getting-started.html#not-covered",
      f: notCoveredNames(site),
    },
    {
      n: "Every area in one client",
      k: "page",
      s: "@chaindata/sdk: one client for every area, the options shared; it bundles every area",
      u: "getting-started.html#all-in-one",
      f: ["@chaindata/sdk", "createChainDataClient"],
    },
    {
      n: "u64 values, and keeping results as JSON",
      k: "page",
      s: "u64 fields arrive as bigint; keep a result (a cache, JSON lines) with stringifyJson and read it back with parseJson and reviveU64",
      u: "getting-started.html#numbers",
      // (What a reader whose JSON.stringify threw on a bigint searches for, and the helpers.)
      f: [
        "stringifyJson",
        "parseJson",
        "reviveU64",
        "bigint",
        "cache",
        "serialize",
        ...site.areas.flatMap(u64ShapeExport),
      ],
    },
  ];
  for (const area of site.areas) {
    // The webhooks package's edit helpers, which no operation's entry names (a createWebhookHandler
    // error names editWebhook, which the search did not find).
    if (editHelpersSnippet(area))
      entries.push({
        n: "Change a webhook's settings",
        k: "page",
        a: area.label,
        s: `${EDIT_HELPERS.names.join(", ")}: change some settings or the watched addresses and keep the rest`,
        u: `${area.key}/index.html#edits`,
        f: [...EDIT_HELPERS.names],
      });
    // The regional endpoints of the area page's hosts section, by the SDK's name (senderRegions).
    const regions = regionsExport(area);
    if (regions)
      entries.push({
        n: "Regional endpoints",
        k: "page",
        a: area.label,
        s: `Base URLs of the ${area.hostKey} host per region, for baseUrls.${area.hostKey}`,
        u: `${area.key}/index.html#hosts`,
        f: [regions, "x-regions", ...Object.keys(area.servers.regions)],
      });
    const tips = area.info["x-tip-accounts"];
    const min = area.info["x-minimum-tip-lamports"];
    if (!isObj(tips) && !isObj(min)) continue;
    entries.push({
      n: "Tips", // the section's title (a name that starts with the query ranks first)
      k: "page",
      a: area.label,
      s: firstSentence(tips?.description ?? min?.description, 140),
      u: `${area.key}/index.html#constants`,
      f: [
        ...(isObj(min) ? [TIP_NAMES.minimum, "x-minimum-tip-lamports"] : []),
        ...(isObj(tips) ? [TIP_NAMES.accounts, "x-tip-accounts", ...(tips.accounts ?? [])] : []),
      ],
      // (How a reader asks for the minimum: "sender's tip", "tip amount".)
      w: [`${area.label} tip`, "tip amount", "minimum tip", "how much to tip"],
    });
  }
  return entries;
}

/**
 * The pages and sections that no operation or SDK name leads to: outside Node (each of its
 * sections), the source keys of the notes, and the webhook receiver (one entry above its
 * deliveries, which a search for "webhook" would otherwise rank below the webhook schemas). Each
 * found by the words a reader types (`w`).
 */
function guideEntries(site) {
  const entries = [
    {
      n: RUNTIMES_TITLE,
      k: "page",
      s: "The API key outside Node: a Cloudflare Worker's env binding, Deno's --allow-env, and in a browser a proxy (every visitor could read a key in the bundle)",
      u: RUNTIMES_PAGE,
      w: [
        "runtimes",
        "edge",
        "edge runtime",
        "outside node",
        "api key in a browser",
        "api key in a worker",
      ],
    },
    {
      n: "Bun, Deno and Cloudflare Workers",
      k: "page",
      s: "A Worker's CHAINDATA_API_KEY binding (process.env from compatibility date 2026-08-04, else env), Deno's --allow-env, a batcher per request",
      u: `${RUNTIMES_PAGE}#workers`,
      f: ["env.CHAINDATA_API_KEY", "process.env", "nodejs_compat", "--allow-env"],
      w: ["worker", "workerd", "cloudflare worker", "compatibility date", "edge"],
    },
    {
      n: "In a browser",
      k: "page",
      s: "A key in a browser bundle is every visitor's: give the page no key and point baseUrls at your server; CORS hides Retry-After; supported browsers",
      u: `${RUNTIMES_PAGE}#browser`,
      f: ["baseUrls", "Access-Control-Expose-Headers"],
      w: [
        "browser",
        "frontend",
        "cors",
        "proxy",
        "api key exposed",
        "bundle",
        "process is not defined",
        "referenceerror",
        // (The bundlers and the dev server a front-end reader names: the section says what each
        // does with `process` and the key, and has the Vite dev server's proxy recipe.)
        "vite",
        "webpack",
        "dev server",
      ],
    },
    {
      n: "React Native",
      k: "page",
      s: "React Native 0.74 (Expo SDK 51) and later with no polyfill: which build Metro loads, no key in the app, redirects followed by its fetch",
      u: `${RUNTIMES_PAGE}#react-native`,
      f: ["unstable_enablePackageExports", "10.0.2.2"],
      w: ["react native", "expo", "hermes", "metro", "mobile", "android", "ios", "polyfill"],
    },
    {
      n: "Testing your code",
      k: "page",
      s: "Unit tests of code that calls chaindata: a fetch stub, the key kept out of tests, maxRetries: 0, fake timers, msw and nock, errors across jest.resetModules, a webhook delivery",
      u: TESTING_PAGE,
      f: ["useFakeTimers", "resetModules", "setupServer", "CHAINDATA_DEPRECATED"],
      w: [
        "testing",
        "unit test",
        "jest",
        "vitest",
        "msw",
        "nock",
        "mock fetch",
        "stub",
        "fake timers",
      ],
    },
    // (Below the operations' Pagination rows for a page walk's words, WALK_WORDS: each says how
    // its operation pages.)
    {
      n: "Page walks",
      k: "page",
      s: "Every item of a paginated operation with .all(), whole pages with .pages(), a cap with maxPages; where a walk ends, and what stops it with an InvalidResponseError",
      u: PAGE_WALKS_PAGE,
      f: ["maxPages", ".pages()", "broken-paging"],
      w: ["pagination", "paginated", "page walk", "all pages", "paging"],
    },
    {
      n: "Resuming a walk",
      k: "page",
      s: "A checkpoint after each page (.checkpoints(): each page with next, the params of the page after it) to resume a job's walk where it stopped, run after run",
      u: RESUMING_A_WALK,
      f: ["checkpoints", "PageCheckpoint"],
      w: [
        "resume",
        "resume walk",
        "checkpoint",
        // (Not "next cursor": a search for nextCursor finds that field's rows.)
        "cursor",
        "save cursor",
        "backfill",
        "restart",
        "continue pagination",
        "crash",
        // (A page's "Load more" button is the section's last recipe.)
        "load more",
        "infinite scroll",
      ],
    },
    {
      n: "Many walks at once, a few calls in flight",
      k: "page",
      s: "An indexer's pool of walks and calls, at most 8 requests in flight, and one shutdown signal (Ctrl-C) that ends them all at once",
      u: MANY_WALKS,
      f: ["createPool"],
      w: [
        "concurrency",
        "in flight",
        "pool",
        "indexer",
        "shutdown",
        "graceful shutdown",
        "sigint",
        "many owners",
      ],
    },
    {
      n: "Walking a method no package covers",
      k: "page",
      s: "rpc.call with a descriptor of your own, and paginate to walk its pages (getAssetsByGroup), with .all()'s end rules and checks",
      u: WALK_ANY_METHOD,
      // (Not getAssetsByGroup, which the summary names: a search for it finds Getting started's
      // "Not covered" first.)
      f: ["paginate", "PaginationDescriptor", "RpcMethodDescriptor", "rpc.call"],
      // ("paginate" as a word too: as a name alone it ties with the operations' "paginated".)
      w: ["paginate", "custom method", "unsupported method", "method not covered", "raw call"],
    },
    {
      n: "Using chaindata with @solana/kit",
      k: "page",
      // (Not "bigint" nor "u64": a search for either finds the schemas and the page that say how
      // the SDK types them.)
      s: "Kit's branded Address, Signature and Lamports beside chaindata's plain types, its slots beside chaindata's, and a Kit transaction sent through the Sender",
      u: KIT_PAGE,
      f: ["getBase64EncodedWireTransaction", "isSolanaError"],
      w: ["kit", "solana kit", "@solana/kit", "branded types"],
    },
    {
      n: "AI agents and MCP tools",
      k: "page",
      s: "chaindata calls as an agent's tools: input schemas, results as text, error messages a model can act on (the key masked), the host's cancel signal, many calls at once",
      u: AGENTS_PAGE,
      f: ["CallToolResult", "structuredContent"],
      w: [
        "mcp",
        "model context protocol",
        "ai agent",
        "agent",
        "llm",
        "tool calling",
        "function calling",
      ],
    },
    {
      n: "Source keys",
      k: "page",
      s: "What the Sources notes' short keys stand for: D, LD, P, TS, TS1, RS, MPX, PR335, facts 1b, the seed",
      u: LEGEND_PAGE,
      f: SOURCE_KEYS.map(([key]) => key),
      w: ["sources", "legend", "abbreviations", "x-source", "seed"],
    },
  ];
  const delivery = site.areas.flatMap((a) => a.deliveries).find(reachesReceiver);
  if (delivery)
    entries.push({
      n: "Webhook receiver",
      k: "page",
      a: delivery.area.label,
      s: `${RECEIVER_NAMES[0]}: checks a delivery's Authorization, drops repeated deliveries, answers the service; behind Express, de-duplication across instances, rotating the secret`,
      u: `${delivery.href}#receiver`,
      f: [...RECEIVER_NAMES],
      w: RECEIVER_WORDS,
    });
  return entries;
}

/**
 * The errors, by what a user holds (a class in a stack trace, a code or a status in a log), each
 * to its row of Getting started's errors: an SDK error class by its name, a JSON-RPC error code
 * (`-32602 Invalid params`) with what the SDK makes of it, and every HTTP status the spec
 * documents or the SDK maps, with the class it becomes.
 */
function errorEntries(site) {
  const text = (html) => html.replace(/<[^>]+>/g, "");
  const entries = ERROR_CLASSES.map(([name, when]) => ({
    n: name,
    k: "error",
    s: text(when),
    u: `getting-started.html#${errorClassId(name)}`,
  }));
  // What an error holds (its fields): "requestId" found the webhooks' Request bodies, as did
  // "x-request-id".
  entries.push({
    n: "What an error holds",
    k: "page",
    s: "An error's fields: attempts, operation, status, headers, requestId (quote it to support), body, rpcError, retryAfter, reason, issues",
    u: "getting-started.html#error-fields",
    // (Its names that are no common word: "body", "status", "code" or "data" alone would rank it
    // above the schemas and Request bodies a reader more likely means.)
    f: [
      ...ERROR_FIELDS.flatMap(([fields]) => fields).filter((f) =>
        /[A-Z]|^(attempts|issues)$/.test(f),
      ),
      "x-request-id",
    ],
    w: ["request id", "error fields", "error details", "support"],
  });
  const codes = rpcErrorCodes(site);
  for (const c of codes)
    entries.push({
      n: `${c.code} ${c.message ?? ""}`.trim(),
      k: "error",
      a: "JSON-RPC",
      s: rpcCodeOutcomes(c),
      u: `getting-started.html#${rpcCodeId(c.code)}`,
      ...(c.name ? { f: [c.name] } : {}),
    });
  const statuses = new Set(
    ERROR_CLASSES.map(([, , s]) => s)
      .filter(Boolean)
      .map(String),
  );
  for (const c of codes) for (const s of c.areas.keys()) if (s >= 400) statuses.add(String(s));
  for (const area of site.areas)
    for (const op of area.ops)
      for (const r of op.rest?.responses ?? [])
        if (/^[45]/.test(r.status)) statuses.add(r.status.replace(/X/g, "x"));
  for (const status of [...statuses].sort()) {
    const cls = errorClassOf(status);
    entries.push({
      n: `HTTP ${status}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ""}`,
      k: "error",
      s: `The SDK throws ${cls}`,
      u: `getting-started.html#${errorClassId(cls)}`,
    });
  }
  return entries;
}

/**
 * The string values of a schema's own enum and of its inline anyOf / oneOf branches (a branch
 * that is a $ref, such as an open enum's known values, has its own page and entry).
 */
function enumValues(s) {
  if (!isObj(s)) return [];
  const lists = [s.enum, ...(s.anyOf ?? s.oneOf ?? []).map((b) => isObj(b) && b.enum)];
  return [...new Set(lists.flatMap((l) => (Array.isArray(l) ? l : [])))].filter(
    (v) => typeof v === "string",
  );
}

/**
 * The row id of each field name on a page (schema.mjs `fieldId`: `parameters.sortBy`,
 * `result.items.id`): the shallowest row of that name, the first of equals (the parameters come
 * before the result), so that a hit on a field opens the page at its row.
 */
function fieldAnchors(html) {
  const byName = new Map();
  for (const [, id] of html.matchAll(/<tr id="([^"]+)"/g)) {
    const name = id.slice(id.lastIndexOf(".") + 1);
    const had = byName.get(name);
    if (!had || id.split(".").length < had.split(".").length) byName.set(name, id);
  }
  return byName;
}

/** `f` (the names an entry is found by) and, where the page has a row for one, `h` (its row id). */
function withAnchors(names, html) {
  const anchors = fieldAnchors(html ?? "");
  const h = names.map((n) => anchors.get(n) ?? "");
  return { f: names, ...(h.some(Boolean) ? { h } : {}) };
}

/** `t`, an entry's topics, when it has any. */
const withTopics = (topics) => (topics.length ? { t: topics } : {});

function searchIndex(site, pages) {
  const entries = [];
  entries.push({
    n: "Getting started",
    k: "page",
    s: "Install a package, call a method, run against the local mock",
    u: "getting-started.html",
    w: ["npm", "installation", "quick start", "first call"],
    t: [
      ["Get an API key", "api-key", ["dashboard", "create an api key", "api key"]],
      [
        "Errors and delays from the local mock",
        "local-errors",
        ["prefer", "force an error", "mock error", "simulate an error", "delay", "mock cors"],
      ],
      // The environments by name, and what a reader calls them (helius-sdk's `network`, Solana's
      // "cluster"): "devnet" found only three delivery schemas, "network" nothing.
      ["Environments", "environments", [...site.environments, ...ENVIRONMENT_WORDS]],
      // "typescript", "commonjs", "esm" said No match, "require" led to requireFullIndex.
      [
        "Types and CommonJS",
        "cjs",
        ["typescript", "commonjs", "cjs", "require", "esm", "es module", "type definitions"],
      ],
    ],
  });
  entries.push({
    n: "Operations at a glance",
    k: "page",
    s: "Every operation's cost in credits, rate limit, SDK retries and beta or deprecated status, in one table",
    u: GLANCE_PAGE,
    // (What an evaluator types for the one table of every cost: above each operation's Cost row.)
    w: ["cost", "credits", "pricing"],
  });
  entries.push(...guideEntries(site));
  entries.push(authEntry(site));
  entries.push(...sdkEntries(site), ...errorEntries(site));
  for (const area of site.areas) {
    entries.push({
      n: area.label,
      k: "area",
      a: area.deprecated ? "deprecated" : area.kind === "openrpc" ? "JSON-RPC" : "REST",
      s: summaryOf(area.info, 140),
      u: `${area.key}/index.html`,
      // What every snippet imports and calls first.
      f: [area.pkg, area.factory],
      // A rate limit its area gives all its methods (info.x-rate-limit; model.mjs
      // `inheritRateLimit`).
      ...withTopics(
        area.ops.some((o) => o.rateLimit?.stated === "area") ? [["Rate limit", ""]] : [],
      ),
      ...(area.beta ? { b: 1 } : {}),
    });
    // The tree-shakable form, found by the factory and type of its endpoint (createDasRpc,
    // DasRpc), which no operation's entry names. (Its functions are the operations' names, and
    // each page walk is found on its operation's page.)
    const standalone = standaloneNames(area);
    if (standalone)
      entries.push({
        n: "Standalone functions",
        k: "page",
        a: area.label,
        s: `${standalone.factory}() and one function per ${area.kind === "openrpc" ? "method" : "operation"}, tree-shakable: a smaller bundle than the client's`,
        u: `${area.key}/index.html#standalone`,
        x: [standalone.factory, standalone.type],
        f: [standalone.factory, standalone.type],
      });
    for (const op of [...area.ops, ...area.deliveries]) {
      const fields = new Set();
      const doc = op.area.doc; // (a merged area has two documents: the operation's own)
      if (op.rpc) {
        for (const p of op.rpc.params) {
          fields.add(p.name);
          fieldNames(doc, p.schema, fields);
        }
        // A query option under both names: the SDK's (swqosOnly) and the wire's (swqos_only).
        for (const q of op.rpc.queryParams) {
          fields.add(sdkName(q.name)).add(q.name);
          fieldNames(doc, q.schema, fields);
        }
        fieldNames(doc, op.rpc.result?.schema, fields);
      } else {
        for (const p of op.rest.params) fields.add(p.name);
        fieldNames(doc, op.rest.body?.schema, fields);
        for (const r of op.rest.responses)
          if (/^2/.test(r.status)) fieldNames(doc, r.schema, fields);
      }
      // The call as the Package row and the snippets write it (das.getAsset).
      if (op.transport !== "delivery") fields.add(`${op.area.clientVar}.${op.id}`);
      // How the key travels (api-key, X-Api-Key, Authorization): searched like a field.
      for (const w of (op.rest?.auth ?? area.auth).ways) fields.add(w.name);
      // The SDK's receiver, for a delivery that reaches your endpoint.
      if (reachesReceiver(op)) for (const name of RECEIVER_NAMES) fields.add(name);
      // The page walk's names that the Pagination row shows.
      if (op.pagination) {
        fields.add("maxPages");
        const walk = standaloneWalk(op);
        if (walk) fields.add(walk);
      }
      entries.push({
        n: op.id,
        k: op.transport,
        a: area.label,
        m:
          op.transport === "rest"
            ? `${op.method} ${op.path}`
            : op.transport === "rpc"
              ? "POST"
              : "delivery",
        s: op.summary,
        u: op.href,
        ...withAnchors([...fields], pages.get(op.href)),
        ...withTopics(opTopics(op)),
        ...(op.deprecated ? { d: 1 } : {}),
        ...(op.beta ? { b: 1 } : {}),
      });
    }
  }
  for (const page of site.schemas.values()) {
    const s = page.schema;
    // The values the page lists (a webhook's transaction types, an asset interface): found as
    // values, apart from the field names. (Only the schema's own enum: its fields' values are on
    // the pages of their own schemas, or listed with the operation.)
    const values = enumValues(s);
    entries.push({
      n: page.name,
      k: "schema",
      a: page.areas.map((a) => a.label).join(", "),
      s: firstSentence(s?.description, 140),
      u: page.href,
      ...withAnchors(Object.keys(s?.properties ?? {}), pages.get(page.href)),
      ...(values.length ? { v: values } : {}),
      ...withTopics(schemaTopics(s)),
    });
  }
  return { version: 1, synonyms: SEARCH_SYNONYMS, entries };
}

/**
 * Every href/src of every page, and every hit of the search index, resolves to a file (and to an
 * element id when it has a #fragment).
 */
export function checkLinks(pages) {
  const broken = [];
  const ids = new Map();
  const idsOf = (path) => {
    if (!ids.has(path))
      ids.set(path, new Set([...pages.get(path).matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])));
    return ids.get(path);
  };
  const linksOf = (path, text) => {
    if (path.endsWith(".html"))
      return [...text.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) =>
        m[1].replace(/&amp;/g, "&"),
      );
    // (The search's hits are links too, relative to the site's root, where the index sits; a hit
    // on a field leads to its row.)
    return path === "search-index.json"
      ? JSON.parse(text).entries.flatMap((e) => [
          e.u,
          ...[...(e.h ?? []), ...(e.t ?? []).map(([, id]) => id)]
            .filter(Boolean)
            .map((id) => `${e.u}#${id}`),
        ])
      : [];
  };
  for (const [path, text] of pages) {
    for (const raw of linksOf(path, text)) {
      if (/^(https?:|mailto:|data:)/.test(raw)) continue;
      const [file, frag] = raw.split("#");
      const target = file ? posix.normalize(posix.join(posix.dirname(path), file)) : path;
      if (!pages.has(target)) broken.push(`${path}: ${raw} (no ${target})`);
      else if (frag && target.endsWith(".html") && !idsOf(target).has(decodeURIComponent(frag)))
        broken.push(`${path}: ${raw} (no id "${frag}")`);
    }
  }
  return broken;
}

/**
 * The published packages (not private) as their package.json files say them: name, version and
 * license, in name order. The footer of every page gives their version and license; those still at
 * 0.0.0, the version they keep until their first release (.changeset/README.md), are not on npm
 * yet, and the pages then say to install from a clone.
 */
export function publishedPackages(dir = join(REPO_ROOT, "packages")) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const file = join(dir, name, "package.json");
    if (!existsSync(file)) continue;
    const { name: pkg, version, license, private: own } = JSON.parse(readFileSync(file, "utf8"));
    if (!own) out.push({ name: pkg, version, license });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * The Markdown of each `## <heading>` section of `file` named in `headings` ({ key: heading }),
 * up to the next `## `; a heading the file lacks fails the build, naming it.
 */
export function readmeSections(file, headings) {
  const text = readFileSync(file, "utf8");
  const out = {};
  for (const [key, heading] of Object.entries(headings)) {
    const start = text.indexOf(`\n## ${heading}\n`);
    if (start < 0)
      throw new Error(`${file}: no "## ${heading}" section (a page of the docs site shows it)`);
    const body = text.slice(start + heading.length + 5);
    const end = body.search(/^## /m);
    out[key] = (end < 0 ? body : body.slice(0, end)).trim();
  }
  return out;
}

/** The text of each file of `files` ({ key: path }), without its final newline. */
export function readRecipes(files) {
  return Object.fromEntries(
    Object.entries(files).map(([key, file]) => [key, readFileSync(file, "utf8").trimEnd()]),
  );
}

/**
 * The size ceilings of the one-call programs (test/size/budgets.json): `{ flags, programs:
 * { "das/getAsset/standalone": gzip bytes } }`, each its `maxGzipBytes`, which
 * test/size/size.test.ts holds every build to; or undefined without the file
 * (the area pages then state no size). Not the file's `measuredGzipBytes`: that is the size when
 * the budgets were last reset, which a later change may have passed (within the budget).
 */
export function readSizes(file) {
  if (!file || !existsSync(file)) return undefined;
  const { flags, programs } = JSON.parse(readFileSync(file, "utf8"));
  const bad = (path, rule) => new Error(`${file}: ${path}: ${rule}`);
  if (typeof flags !== "string") throw bad("flags", "must be a string (the bundler's flags)");
  if (!isObj(programs)) throw bad("programs", "must be an object");
  const bytes = (v) => Number.isInteger(v) && v > 0;
  const sizes = {};
  for (const [key, p] of Object.entries(programs)) {
    if (!/^[\w-]+\/\w+\/(client|standalone)$/.test(key))
      throw bad(
        `programs.${key}`,
        "must be named <area>/<call>/client or <area>/<call>/standalone",
      );
    if (!bytes(p?.maxGzipBytes))
      throw bad(`programs.${key}.maxGzipBytes`, "must be a whole number of bytes > 0");
    sizes[key] = p.maxGzipBytes;
  }
  return { flags, programs: sizes };
}

/** Remove a previous build, refusing to empty a directory that is not one. */
function cleanOut(out) {
  if (!existsSync(out)) return;
  const entries = readdirSync(out);
  if (!entries.length) return;
  if (!existsSync(join(out, "search-index.json")) || !existsSync(join(out, "assets", "site.css"))) {
    throw new Error(
      `refusing to clean ${out}: it is not empty and does not look like a docs build`,
    );
  }
  rmSync(out, { recursive: true, force: true });
}

/**
 * Every TypeScript snippet the site built from `spec` (and `localUrl`) shows (see
 * `typeScriptSnippetsOf`).
 */
export function typeScriptSnippets({ spec = DEFAULT_SPEC, allowMissing = false, localUrl } = {}) {
  const site = loadSite(resolve(spec), { allowMissing, localUrl });
  site.recipes = readRecipes(RECEIVER_RECIPES);
  Object.assign(site, readGuides());
  return typeScriptSnippetsOf(site);
}

/**
 * Each request example's curl against the local mock, as the site built from `spec` (and
 * `localUrl`) shows it (see `localCurlSnippetsOf`).
 */
export function localCurlSnippets({ spec = DEFAULT_SPEC, allowMissing = false, localUrl } = {}) {
  return localCurlSnippetsOf(loadSite(resolve(spec), { allowMissing, localUrl }));
}

/**
 * Build the site (the result is typed as `BuildResult` in index.d.mts).
 * @param {{ spec?: string, out?: string, allowMissing?: boolean, sizes?: string | null }} [opts]
 */
export function buildDocs({
  spec = DEFAULT_SPEC,
  out = DEFAULT_OUT,
  allowMissing = false,
  sizes = DEFAULT_SIZES,
  localUrl,
} = {}) {
  const started = performance.now();
  const site = loadSite(resolve(spec), { allowMissing, localUrl });
  site.sizes = readSizes(sizes && resolve(sizes));
  site.runtimes = readmeSections(CORE_README, RUNTIME_SECTIONS);
  Object.assign(site, readGuides());
  site.recipes = readRecipes(RECEIVER_RECIPES);
  site.packages = publishedPackages();
  site.unreleased = new Set(site.packages.filter((p) => p.version === "0.0.0").map((p) => p.name));
  const pages = new Map();
  // A page that fails (a dangling $ref met while rendering) names its area file and operation.
  // (Operation pages come first: Getting started shows one operation's snippets too.)
  for (const area of site.areas) {
    const file = join(resolve(spec), area.file);
    // (Its place first, its page after its operations': the area page shows one operation's
    // snippet too, and a failure there is named by that operation's page.)
    pages.set(`${area.key}/index.html`, "");
    for (const op of [...area.ops, ...area.deliveries]) {
      if (pages.has(op.href)) throw new Error(`two operations map to ${op.href}`);
      pages.set(
        op.href,
        inContext(`${file}: ${op.id}`, () => operationPage(site, op)),
      );
    }
    pages.set(
      `${area.key}/index.html`,
      inContext(file, () => areaPage(site, area)),
    );
  }
  for (const page of site.schemas.values())
    pages.set(
      page.href,
      inContext(`${join(resolve(spec), page.area.file)}: schema ${page.name}`, () =>
        schemaPage(site, page),
      ),
    );
  pages.set(
    "index.html",
    inContext("index.html", () => homePage(site)),
  );
  pages.set(
    "getting-started.html",
    inContext("getting-started.html", () => gettingStartedPage(site)),
  );
  pages.set(
    GLANCE_PAGE,
    inContext(GLANCE_PAGE, () => glancePage(site)),
  );
  pages.set(
    RUNTIMES_PAGE,
    inContext(RUNTIMES_PAGE, () => runtimesPage(site)),
  );
  pages.set(
    TESTING_PAGE,
    inContext(TESTING_PAGE, () => testingPage(site)),
  );
  pages.set(
    PAGE_WALKS_PAGE,
    inContext(PAGE_WALKS_PAGE, () => pageWalksPage(site)),
  );
  pages.set(
    KIT_PAGE,
    inContext(KIT_PAGE, () => kitPage(site)),
  );
  pages.set(
    AGENTS_PAGE,
    inContext(AGENTS_PAGE, () => agentsPage(site)),
  );
  pages.set(LEGEND_PAGE, legendPage(site));
  pages.set("schemas/index.html", schemaIndexPage(site));
  const index = searchIndex(site, pages);
  pages.set("search-index.json", JSON.stringify(index));
  pages.set(SEARCH_PAGE, indexPage(site, index.entries));
  for (const a of ASSETS) pages.set(`assets/${a}`, "");
  const broken = checkLinks(pages);
  if (broken.length)
    throw new Error(
      `broken internal links:\n  ${broken.slice(0, 30).join("\n  ")}${broken.length > 30 ? `\n  … ${broken.length - 30} more` : ""}`,
    );

  const outDir = resolve(out);
  cleanOut(outDir);
  let bytes = 0;
  let files = 0;
  for (const [path, text] of pages) {
    const file = join(outDir, path);
    mkdirSync(dirname(file), { recursive: true });
    if (path.startsWith("assets/")) copyFileSync(join(here, "assets", path.slice(7)), file);
    else writeFileSync(file, text);
    bytes += statSync(file).size;
    files++;
  }
  const ms = performance.now() - started;
  // Counted as the home page counts them: webhook deliveries are not operations a client calls.
  const count = (key) => site.areas.reduce((n, a) => n + a[key].length, 0);
  return {
    out: outDir,
    files,
    bytes,
    ms,
    operations: count("ops"),
    deliveries: count("deliveries"),
    schemas: site.schemas.size,
    areas: site.areas.map((a) => a.key),
    warnings: site.warnings,
  };
}
