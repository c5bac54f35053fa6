// The pages of the docs site, one module each under pages/ (with the sections they share); this
// entry re-exports what build.mjs and the tests use.
//
//   pages/home.mjs                 index.html: areas, hosts, where each host takes the key;
//                                  AREA_WORDS
//   pages/getting-started.mjs      getting-started.html: install, first call, local mock,
//                                  sections 4–8
//     pages/options.mjs              its client and call options (CLIENT_OPTIONS, CALL_OPTIONS)
//     pages/errors.mjs               its error classes and JSON-RPC codes; an operation's Errors
//     pages/helius.mjs               its "Coming from helius-sdk" section
//     pages/helius-calls.mjs         what helius-sdk has (HELIUS), as named rows
//     pages/helius-coverage.mjs      which of it the spec covers, what "Not covered" lists
//   pages/runtimes.mjs             runtimes.html: Bun, Deno, Workers, browsers, React Native
//   pages/testing.mjs              testing.html: testing code that calls chaindata
//   pages/page-walks.mjs           page-walks.html: page walks, resuming one, a method no
//                                  package covers
//   pages/kit.mjs                  solana-kit.html: using chaindata with @solana/kit
//   pages/agents.mjs               ai-agents.html: AI agents and MCP tools
//     pages/readme-page.mjs          a page of a core README section, as it is (these four)
//   pages/glance.mjs               operations.html: Operations at a glance
//   pages/area.mjs                 <area>/index.html: one page per area
//   pages/operation.mjs            <area>/<id>.html: one page per method, operation or delivery
//     pages/facts.mjs                its fact rows: cost, rate limit, retries, auth
//     pages/pagination.mjs           its Pagination fact and the standalone page walk
//     pages/parameters.mjs           its Parameters and the rules between them
//     pages/examples.mjs             its Examples (and their TypeScript calls)
//     pages/webhooks.mjs             a delivery's receiver; the webhooks edit helpers (area page)
//     pages/hosts.mjs                Auth, environments and regional endpoints (area page too)
//   pages/schemas.mjs              schemas/<name>.html and schemas/index.html
//   pages/source-keys.mjs          sources.html: the source keys of the x-source notes
//   pages/search-index.mjs         search.html: the Index, every entry of the search index
//   pages/typescript-snippets.mjs  every TypeScript snippet the site shows, with its page
//   pages/shared.mjs               small HTML and string helpers they share
export { areaPage, quickStartSnippet, standaloneNames, TIP_NAMES } from "./pages/area.mjs";
export {
  ERROR_CLASSES,
  ERROR_FIELDS,
  errorClassId,
  errorClassOf,
  rpcCodeId,
  rpcCodeOutcomes,
  rpcErrorCodes,
  STATUS_TEXT,
} from "./pages/errors.mjs";
export { localCurlSnippetsOf, requestExamples } from "./pages/examples.mjs";
export { factId, takesParams } from "./pages/facts.mjs";
export {
  ALL_IN_ONE_SNIPPET,
  BATCH_SNIPPET,
  FIRST_CALL_FILE,
  FIRST_CALL_RUN,
  gettingStartedCall,
  gettingStartedPage,
  KEEP_RESULTS_SNIPPET,
  RETRIES_SNIPPET,
} from "./pages/getting-started.mjs";
export { glancePage } from "./pages/glance.mjs";
export { HELIUS } from "./pages/helius-calls.mjs";
export {
  dasNotCovered,
  heliusNames,
  heliusSenderRegions,
  heliusSummary,
  notCovered,
  notCoveredNames,
  notCoveredSummary,
  sendingWords,
  zkNotCovered,
} from "./pages/helius-coverage.mjs";
export { ZK_BALANCES_SNIPPET } from "./pages/helius.mjs";
export { AREA_WORDS, areaWord, areaWords, homePage } from "./pages/home.mjs";
export { hostKeyWays, regionsExport, sdkKeyWay } from "./pages/hosts.mjs";
export { agentsBlocks, agentsPage } from "./pages/agents.mjs";
export { kitBlocks, kitPage } from "./pages/kit.mjs";
export { operationPage } from "./pages/operation.mjs";
export {
  MANY_WALKS,
  pageWalksPage,
  pageWalksRecipes,
  RESUMING_A_WALK,
  WALK_ANY_METHOD,
} from "./pages/page-walks.mjs";
export { CALL_OPTIONS, CLIENT_OPTIONS, optionsSnippet } from "./pages/options.mjs";
export { standaloneWalk } from "./pages/pagination.mjs";
export { runtimesPage, WORKER_SNIPPET } from "./pages/runtimes.mjs";
export { schemaIndexPage, schemaPage } from "./pages/schemas.mjs";
export { testingPage, testingRecipes } from "./pages/testing.mjs";
export { indexPage } from "./pages/search-index.mjs";
export { legendPage } from "./pages/source-keys.mjs";
export { typeScriptSnippetsOf } from "./pages/typescript-snippets.mjs";
export {
  EDIT_HELPERS,
  editHelpersSnippet,
  reachesReceiver,
  RECEIVER_NAMES,
  receiverExpressSnippet,
  receiverSnippet,
  receiverStoreSnippet,
} from "./pages/webhooks.mjs";
