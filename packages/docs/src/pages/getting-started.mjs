// Getting started (getting-started.html): 1–3 install, call one method, run against the local
// mock; 4–8 the SDK (options from options.mjs, error tables from errors.mjs, retries, the
// all-in-one client, u64 values); 9 Coming from helius-sdk (helius.mjs); environments, packages.
import {
  badge,
  codeBlock,
  href,
  layout,
  pageContext,
  RUNTIMES_PAGE,
  RUNTIMES_TITLE,
} from "../html.mjs";
import { summaryOf } from "../markdown.mjs";
import { inl } from "../schema.mjs";
import {
  API_KEY_ENV,
  curlRest,
  curlRpc,
  localMockSnippet,
  restRequest,
  restSdkArgs,
  rpcBody,
  rpcSdkArgs,
  tsSnippet,
} from "../snippets.mjs";
import { esc, tableWrap, unescapeHtml } from "../util.mjs";
import { standaloneNames } from "./area.mjs";
import { ERROR_CLASSES, errorClassId, errorFieldsTable, rpcCodesTable } from "./errors.mjs";
import { standaloneCall, takesParams } from "./facts.mjs";
import { heliusSection } from "./helius.mjs";
import {
  baseUrlsText,
  CALL_OPTIONS,
  CLIENT_OPTIONS,
  optionsSnippet,
  optionTable,
} from "./options.mjs";
import { section, toc } from "./shared.mjs";

// Where a key comes from and how to keep it (the seed's Authentication list: its items 1, 6 and
// 7), which no spec document carries: a first-time reader meets the key here before anywhere else.
const API_KEY_HOWTO = `<p id="api-key">An API key comes from the service's web dashboard: create one with a descriptive name and copy it at once, since it is not shown again. Keep it out of client-side code and public repositories, use a separate key per environment, and, if you like, restrict it there to your IP addresses or ranges (a request from elsewhere is then answered 403: a <a href="#${errorClassId("PermissionDeniedError")}"><code>PermissionDeniedError</code></a>). The local mock needs no real key (step 3).</p>`;

/** Getting started's all-in-one client (`@chaindata/sdk`) and one call through it. */
export const ALL_IN_ONE_SNIPPET = `import { createChainDataClient } from "@chaindata/sdk";

const chaindata = createChainDataClient({ apiKey: process.env.${API_KEY_ENV} });
const asset = await chaindata.das.getAsset({ id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" });`;

/**
 * Getting started's results kept as JSON text: u64 values written whole and read back as `bigint`.
 */
export const KEEP_RESULTS_SNIPPET = `import {
  createDasClient,
  formatUnits,
  getAssetU64Shape,
  getAssetsByOwnerItemU64Shape,
  parseJson,
  parseUnits,
  reviveU64,
  stringifyJson,
} from "@chaindata/das";

const das = createDasClient({ apiKey: process.env.${API_KEY_ENV} });
const asset = await das.getAsset({ id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" });
// JSON.stringify throws on a bigint; stringifyJson writes it as bare digits.
const text = stringifyJson(asset);
// parseJson gives a bigint only past 2^53 - 1: the shape makes every u64 field one again,
// and types the result (an Asset).
const cached = reviveU64(parseJson(text), getAssetU64Shape);
const { supply, decimals } = cached.token_info ?? {};
// A raw amount shown with its mint's decimals, exactly (Number(raw) / 10 ** decimals rounds).
if (supply !== undefined && decimals !== undefined) {
  const shown = formatUnits(supply, decimals); // 1_500_000n with 6 decimals: "1.5"
  console.log(shown, parseUnits(shown, decimals) === supply); // read back: the same bigint
}

// One item of a page walk per line (JSON lines): the item's shape (the page's does not compile).
const owner = { ownerAddress: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY" };
for await (const item of das.getAssetsByOwner.all(owner, { maxPages: 1 })) {
  const line = stringifyJson(item);
  const back = reviveU64(parseJson(line), getAssetsByOwnerItemU64Shape);
  console.log(back.id);
}`;

/** Getting started's batching: calls made in one tick, sent as one JSON-RPC batch request. */
export const BATCH_SNIPPET = `import { createBatcher, createDasClient } from "@chaindata/das";

const das = createDasClient({ apiKey: process.env.${API_KEY_ENV}, batch: createBatcher() });
// Made in the same tick (one Promise.all): one HTTP request carries both calls.
const [asset, owned] = await Promise.all([
  das.getAsset({ id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" }),
  das.getAssetsByOwner({ ownerAddress: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY", limit: 10 }),
]);
console.log(asset.id, owned.items.length);`;

// What the `batch` option's row cannot hold: how a batch is made, what each call gets back, and
// which calls go alone (packages/core/src/batch.ts, createBatcher's comment).
const BATCHING = `<h3 id="batching">Batching JSON-RPC calls</h3><p>Given <code>batch: createBatcher()</code>, a JSON-RPC client sends the calls made in the same tick (those of one <code>Promise.all</code>, say) as one HTTP request, a JSON-RPC batch; calls awaited one after another still go one by one. Each call resolves or rejects on its own: a JSON-RPC error in one entry rejects that call alone, with a <code>JsonRpcError</code>. <code>createBatcher({ maxSize, wait })</code>: at most <code>maxSize</code> calls a request (default 100; a full batch is sent at once), gathered for <code>wait</code> ms (default 0: one tick). A write goes alone, and so does a call given its own <code>headers</code> or <code>maxRetries</code>, or a <code>timeout</code> other than the client's. A batch's answer is read whole before any of its calls resolves: walk large pages, or send <code>getAssetBatch</code> calls of 1,000 ids, on a client without a batcher, or give it a small <code>maxSize</code>. For many assets by id, one <code>getAssetBatch</code> call takes up to 1,000.</p>${codeBlock(BATCH_SNIPPET, { label: "TypeScript", lang: "ts" })}`;

/** Getting started's try/catch around a call: a 429 the retries did not get past. */
export const RETRIES_SNIPPET = `import { createDasClient, RateLimitError } from "@chaindata/das";

const das = createDasClient({ apiKey: process.env.${API_KEY_ENV}, maxRetries: 3, timeout: 10_000 });
try {
  // At most 10 s an attempt, and 30 s for the call, its retries and waits included.
  const asset = await das.getAsset(
    { id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" },
    { signal: AbortSignal.timeout(30_000) },
  );
  console.log(asset.id);
} catch (err) {
  // The retries are spent, or the server asked for a wait over 60 s: retryAfter is that wait.
  if (err instanceof RateLimitError) console.log(\`rate limited; try again in \${err.retryAfter ?? "a few"} s\`);
  else throw err;
}`;

/** Getting started's SDK reference: the all-in-one package, client and call options, errors. */
function sdkSections(pc, site, area) {
  const paramless = site.areas.flatMap((a) => a.ops.filter((o) => !takesParams(o)));
  const clientOptions = CLIENT_OPTIONS.map(([name, what]) => [
    name,
    name === "baseUrls" ? baseUrlsText(site, what) : what,
  ]);
  return [
    section(
      "options",
      "4. Client and call options",
      `<p>Every factory takes the same client options (the REST areas and the sender take no <code>batch</code>); every method takes call options after its params.${paramless.length ? ` A method that takes no params (${paramless.map((o) => `<a href="${href(pc, o.href)}"><code>${esc(`${o.area.clientVar}.${o.id}`)}</code></a>`).join(", ")}) takes them as its only argument: <code>${esc(`${paramless[0].area.clientVar}.${paramless[0].id}({ timeout: 10_000 })`)}</code>.` : ""}</p>${optionTable(clientOptions)}<p>Call options:</p>${optionTable(CALL_OPTIONS)}${codeBlock(optionsSnippet(area), { label: "TypeScript", lang: "ts" })}${BATCHING}`,
    ),
    section(
      "errors",
      "5. Errors",
      `<p>Every package exports the error classes, so <code>err instanceof RateLimitError</code> works with one import, and <code>isChainDataError(err)</code>, a guard of their union <code>AnyChainDataError</code>: after it, <code>err.name === "RateLimitError"</code> narrows to that class. The HTTP status picks the class:</p>${tableWrap(`<table><thead><tr><th scope="col">Class</th><th scope="col">When</th></tr></thead><tbody>${ERROR_CLASSES.map(([name, when]) => `<tr id="${errorClassId(name)}"><td><code>${esc(name)}</code></td><td>${when}</td></tr>`).join("")}</tbody></table>`)}<p>Every error a call throws says how many requests it handed to <code>fetch</code>, retries included: <code>err.attempts</code>. <code>0</code> means nothing left the process (a <code>ValidationError</code>, a signal that fired first): a transaction can be signed again. Above <code>0</code> it may have reached the server: check a transaction's signature before signing a new one.</p>${errorFieldsTable()}${rpcCodesTable(site)}`,
    ),
    section(
      "retries",
      "6. Retries and timeouts",
      `<p>A call is retried after a 408, a 429, a 5xx, a connection error or a timeout, up to <code>maxRetries</code> more attempts (default 2), each sending the same bytes. The waits are 0.5 s, 1 s, 2 s, 4 s, then 8 s (the cap), each shortened by up to 25 % (jitter). A <code>Retry-After</code> (or <code>retry-after-ms</code>) of up to 60 s replaces that wait, lengthened by up to 25 % so that callers refused together do not all come back in the same instant (never shorter than asked); over 60 s, the error is thrown at once with <code>retryAfter</code> set (a <code>RateLimitError</code>, or a 503's <code>InternalServerError</code>) rather than hold your promise for minutes. A write (not idempotent: each operation page's Retries row says which) is retried after a 429 only, which refuses a request before it is processed, unless the call says <code>retryNonIdempotent: true</code>. A JSON-RPC error object is never retried, nor a 429 saying the plan's credits are used up (<code>max usage reached</code>; its <code>reason</code> is <code>"credits-exhausted"</code> and <code>isRetryable(err)</code> says false): waiting does not bring them back. A 2xx body cut short (JSON left open: reason <code>truncated</code>) is retried as a connection error is, since a connection lost mid-body leaves one. <code>timeout</code> (default 60 000 ms) limits each attempt, reading the body included, not the call: with the defaults one call may take up to 5½ minutes (three attempts of 60 s, and two waits of up to 75 s: the 60 s a server may ask for, plus up to 25 %). For one deadline over the whole call, its retries and waits included, pass <code>signal: AbortSignal.timeout(ms)</code>: it ends the call with an <code>AbortError</code>. When the retries are spent, the last error is thrown; <code>isRetryable(err)</code>, exported by every package, says whether it is of a kind retried here.</p>${codeBlock(RETRIES_SNIPPET, { label: "TypeScript", lang: "ts" })}`,
    ),
    section(
      "all-in-one",
      "7. Every area in one client",
      `<p><code>@chaindata/sdk</code> holds every area: <code>createChainDataClient(options)</code> gives <code>chaindata.das</code>, <code>chaindata.wallet</code>, … with the options shared (<code>batch</code> goes to the JSON-RPC areas but the sender, which then batch together; a <code>rateLimit</code> is an area's own, given in <code>areas</code>; the sender gets no shared API key: its key is a dedicated one, given as <code>areas.sender.apiKey</code> or to <code>createSenderClient</code>). <code>areas</code> gives one area its own options, laid over the shared ones: <code>areas: { sender: { apiKey: senderKey, timeout: 2_000 } }</code>. Each area is created on first use, but its code is in the bundle either way: the client bundles every area (and the REST areas' <code>openapi-fetch</code>), so a browser app that needs only DAS should import <code>@chaindata/das</code>${site.areas.some((a) => a.key === "das" && standaloneNames(a)) ? ` (its <a href="${href(pc, "das/index.html#standalone")}">standalone functions</a> bundle least)` : ""}. In a browser, give the client no API key: every visitor could read it. Point <code>baseUrls</code> at your server, which adds it (<a href="${href(pc, `${RUNTIMES_PAGE}#browser`)}">In a browser</a>).</p>${codeBlock(ALL_IN_ONE_SNIPPET, { label: "TypeScript", lang: "ts" })}`,
    ),
    section(
      "numbers",
      "8. u64 values, and keeping results as JSON",
      `<p>Lamports, raw token amounts, supplies and balances are u64 on chain and often pass 2<sup>53</sup>, where <code>JSON.parse</code> rounds. Every package parses them whole: a field the spec marks as u64 is always a <code>bigint</code>, whatever its size; a float (a price, a human-readable amount) is always a <code>number</code>; and a <code>bigint</code> in params is written as a bare JSON integer. To keep a result as text (a cache, a JSON-lines file), write it with <code>stringifyJson</code> and read it back with <code>parseJson</code> and <code>reviveU64</code>, given the operation's own shape, <code>&lt;operation&gt;U64Shape</code> (for one item of a page walk, <code>&lt;operation&gt;ItemU64Shape</code>): a bundle carries only the shapes it imports. <code>&lt;area&gt;U64Shape(name)</code> gives the same by name, for a name known only at run time, with every operation's shape in the bundle. To show a raw amount with its mint's <code>decimals</code>, <code>formatUnits(raw, decimals)</code> gives exact decimal text (<code>Number(raw) / 10 ** decimals</code> rounds past 2<sup>53</sup> raw units), and <code>parseUnits(text, decimals)</code> reads such text (a user's input) back as a <code>bigint</code>; every package exports both.</p>${codeBlock(KEEP_RESULTS_SNIPPET, { label: "TypeScript", lang: "ts" })}`,
    ),
  ].join("\n");
}

// What the local mock answers on request (packages/mock/README.md, "Error hooks" and "From a
// browser page"), which a reader trying their error handling, or calling from a page, looks for
// here: the site has no page of the mock's README. test/docs/local-mock.test.ts holds each claim
// to the mock.
const MOCK_ON_REQUEST = `<p id="local-errors">The mock also answers errors and delays on request, to try your error handling: a <code>Prefer</code> header, given in a call's <code>headers</code> option, makes it answer any status the operation documents, <code>Prefer: code=&lt;status&gt;</code> (<code>{ headers: { Prefer: "code=404" } }</code>: a <code>NotFoundError</code>; <code>code=429</code>: a <code>RateLimitError</code> with <code>retryAfter</code> 1, thrown after the retries, at once with <code>maxRetries: 0</code>), and <code>Prefer: delay=&lt;ms&gt;</code> holds its answer (up to 60 000 ms), to try a <code>signal</code> or a <code>timeout</code>. A browser page of any origin may call it (CORS: it answers every origin and exposes every header, <code>Retry-After</code> and <code>x-request-id</code> included); in the page, give the client no <code>apiKey</code> (<code>environment: "local"</code> is enough: <a href="${RUNTIMES_PAGE}#browser">In a browser</a>). A page walk given the header sends it with every page, so it fails at page 1; one that fails part-way, after good pages, is a scenario. Named examples, scenarios (a 503 then a 200; a walk's third page a 500; a body cut short, a connection reset mid-body, an HTML page), the request log and generated data are in <code>@chaindata/mock</code>'s README (<code>packages/mock/README.md</code> in the repository).</p>`;

/**
 * Getting started's one call: the first operation with an example of DAS (else of the first
 * live area), as TypeScript (with the API key, and against the local mock) and curl.
 */
export function gettingStartedCall(site) {
  const area =
    site.areas.find((a) => a.key === "das" && a.ops.length) ??
    site.areas.find((a) => a.ops.length && !a.deprecated) ??
    site.areas[0];
  const op =
    area?.ops.find((o) => (o.transport === "rpc" ? o.rpc.examples.length : true)) ?? area?.ops[0];
  // (A JSON-RPC method's first example pairing; a REST operation's first body example. A first
  // program shows what it got: the snippet prints its result.)
  const example = op?.transport === "rpc" ? op.rpc.examples[0] : undefined;
  let ts = "";
  let localTs = "";
  let curl = "";
  if (op) {
    if (op.transport === "rpc") {
      const args = rpcSdkArgs(op, example?.params ?? []);
      ts = tsSnippet({ ...op, pagination: undefined }, args, { print: true });
      curl = curlRpc(op, rpcBody(op, example?.params ?? []), { env: "local" });
    } else {
      const req = restRequest(op, { body: op.rest.body?.examples?.[0]?.value });
      ts = tsSnippet({ ...op, pagination: undefined }, restSdkArgs(op, req), { print: true });
      curl = curlRest(op, req, { env: "local" });
    }
    localTs = localMockSnippet(ts, area);
  }
  return { area, op, example, ts, localTs, curl };
}

/** Where Getting started's first call is saved, and the command that runs it (on Node 20 too). */
export const FIRST_CALL_FILE = "first-call.mjs";
export const FIRST_CALL_RUN = `node ${FIRST_CALL_FILE}`;

/**
 * Getting started's install: from a clone while the package is not on npm (the repository's
 * README, "Until the first release is on npm"), the npm command after.
 */
function installSteps(pc, pkg) {
  const npm = codeBlock(`npm install ${pkg}`, { label: "shell", lang: "sh" });
  if (!pc.site.unreleased?.has(pkg)) return npm;
  const dir = pkg.replace("@chaindata/", "");
  return `<p>The packages are not on npm yet. Until their first release, install them from a clone of the repository: run <code>npm install &amp;&amp; npm run build</code> in the clone, then, in your project:</p>${codeBlock(`npm install <clone>/packages/core <clone>/packages/${dir}`, { label: "shell", lang: "sh" })}<p class="small">From tarballs (<code>npm pack</code> in each package), give core's in the same command, and for <code>@chaindata/sdk</code> every area's too: it depends on all of them (a package alone fails with <code>E404</code> on its dependencies). After the first release: <code>npm install ${esc(pkg)}</code>.</p>`;
}

export function gettingStartedPage(site) {
  const pc = pageContext(site, { path: "getting-started.html" });
  const { area, op, ts, localTs, curl } = gettingStartedCall(site);
  const localUrl = area?.servers.urls.local;
  const specLocal = area?.servers.specLocal;
  const pkgRows = site.areas
    .map(
      (a) =>
        `<tr${a.deprecated ? ' class="is-deprecated"' : ""}><td><code>${esc(a.pkg)}</code></td><td><code>${esc(a.factory)}</code></td><td><a href="${href(pc, `${a.key}/index.html`)}">${esc(a.label)}</a>${a.beta ? ` ${badge("beta", "beta")}` : ""}${a.deprecated ? ` ${badge("deprecated", "deprecated")}` : ""}</td><td class="small">${esc(summaryOf(a.info, 120))}</td></tr>`,
    )
    .join("");
  const pkg = area?.pkg ?? "@chaindata/das";
  const envRows = Object.entries(site.index.environments ?? {})
    .map(
      ([k, e]) =>
        `<tr><td><code>${esc(k)}</code></td><td>${inl(pc, e.description ?? "")}</td></tr>`,
    )
    .join("");
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${href(pc, "index.html")}">Docs</a> › <span>Getting started</span></nav>
<h1>Getting started</h1>
<p class="lead">Install one package, call one method, and run it against the local mock — no real API key needed.</p>
<!--toc-->
${section("install", "1. Install one package", `<p>Every area is its own package on the same small runtime (<code>@chaindata/core</code>); install only what you use. Each package has a client${op ? ` (<code>${esc(area.factory)}()</code>)` : ""} and the same calls as standalone functions${op ? ` (<code>${esc(standaloneCall(op))}</code>)` : ""}, which a bundler keeps only when they are imported: each area's page shows both.</p>${installSteps(pc, pkg)}`)}
${op ? section("call", "2. Call one method", `${API_KEY_HOWTO}<p>Set <code>${API_KEY_ENV}</code> in the environment to your key, then call <a href="${href(pc, op.href)}"><code>${esc(op.id)}</code></a>:</p>${codeBlock(ts, { label: "TypeScript", lang: "ts" })}<p>Run it: this snippet is plain JavaScript as well, so save it as <code>${FIRST_CALL_FILE}</code> in your project and run</p>${codeBlock(FIRST_CALL_RUN, { label: "shell", lang: "sh" })}<p class="small">The snippets are ES modules (top-level <code>await</code>): the <code>.mjs</code> ending makes the file one in any project, whatever its <code>package.json</code> says. Node 20 does not run TypeScript files (<code>.ts</code>, <code>.mts</code>); to run a snippet with types, save it as <code>first-call.mts</code> (the <code>.mts</code> ending, like <code>.mjs</code>, makes it an ES module) and run <code>npx tsx first-call.mts</code> (tsx 4 runs on Node 20), or compile it with <code>tsc</code> first. u64 values (lamports, raw amounts, supplies) arrive as <code>bigint</code>, parsed without loss. Outside Node (Bun, Deno, Cloudflare Workers, a browser, React Native) the key gets in differently: see <a href="${href(pc, RUNTIMES_PAGE)}">${RUNTIMES_TITLE}</a>.</p><p class="small" id="cjs">The packages ship their TypeScript types (nothing to add from <code>@types</code>) and a CommonJS build beside the ES module one: in a <code>.cjs</code> file, or a project whose <code>package.json</code> has no <code>"type": "module"</code>, <code>const { ${esc(area.factory)} } = require("${esc(pkg)}")</code> gives the same functions and error classes (<code>instanceof</code> holds across both), called inside an <code>async</code> function, since CommonJS has no top-level <code>await</code>.</p>`) : ""}
${section("local", "3. Run against the local mock", `<p>In a clone of the repository, <code>npm start</code> builds everything and serves the mock API${localUrl ? ` at <code class="url">${esc(localUrl)}</code>` : ""} (and these docs). Point a client at it with <code>environment: "local"</code>${localUrl !== specLocal ? ` and, since <code>local</code> stands for <code class="url">${esc(specLocal)}</code>, this URL in <code>baseUrls</code> (as below)` : ""}. The mock needs no real API key, but it does require one to be present (it answers 401 without): it accepts any value, and in the <code>local</code> environment the client sends <code>local</code> for you when no <code>apiKey</code> is given (an exported <code>${API_KEY_ENV}</code> is not read there, so the real key never goes to the mock). With curl, pass it yourself, as below. The TypeScript below runs as step 2's does: saved as <code>${FIRST_CALL_FILE}</code>, with <code>${FIRST_CALL_RUN}</code>.</p>${codeBlock("npm install && npm start", { label: "shell", lang: "sh" })}${localTs ? codeBlock(localTs, { label: "TypeScript (local mock)", lang: "ts" }) : ""}${curl ? codeBlock(curl, { label: "curl (local mock)", lang: "sh" }) : ""}${MOCK_ON_REQUEST}`)}
${sdkSections(pc, site, area)}
${heliusSection(pc, site)}
${section("environments", "Environments", `${tableWrap(`<table><thead><tr><th scope="col">environment</th><th scope="col">What</th></tr></thead><tbody>${envRows}</tbody></table>`)}<p class="small">A client picks one with the <a href="#options"><code>environment</code></a> option (<code>${esc(area?.factory ?? "createDasClient")}({ environment: "devnet" })</code>). Each area's page lists its host URL per environment, and <a href="${href(pc, "index.html#hosts")}">the hosts table</a> every host's: a host with none in an environment needs its <code>baseUrls</code> entry there.</p>`)}
${section("packages", "Packages", tableWrap(`<table><thead><tr><th scope="col">Package</th><th scope="col">Factory</th><th scope="col">Area</th><th scope="col">What</th></tr></thead><tbody>${pkgRows}</tbody></table>`))}`;
  // The longest page: its contents, from its own sections (some are other functions').
  const contents = [
    ...body.matchAll(
      /<section id="([^"]+)"[^>]*><h2[^>]*><a class="anchor"[^>]*>(.*?)<\/a><\/h2>/g,
    ),
  ].map(([, id, title]) => [id, unescapeHtml(title)]);
  return layout(pc, {
    title: "Getting started",
    body: body.replace("<!--toc-->", toc(contents)),
    description: "Install a chaindata package and call the API",
  });
}
