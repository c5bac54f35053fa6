// Getting started's "9. Coming from helius-sdk": a table of helius-sdk's calls beside chaindata's
// (one `{ helius, chaindata, note }` row each, from helius-calls.mjs and what the spec covers:
// helius-coverage.mjs), what changes besides the names, compressed token balances, and Not covered.
import { codeBlock, href } from "../html.mjs";
import { inl } from "../schema.mjs";
import { API_KEY_ENV } from "../snippets.mjs";
import { esc, tableWrap } from "../util.mjs";
import { TIP_NAMES } from "./area.mjs";
import { HELIUS } from "./helius-calls.mjs";
import {
  heliusCovered,
  heliusSenderRegions,
  notCovered,
  sendingWords,
  specOperations,
  uncoveredCalls,
} from "./helius-coverage.mjs";
import { regionsExport } from "./hosts.mjs";
import { capitalize, code, section } from "./shared.mjs";
import { EDIT_HELPERS } from "./webhooks.mjs";

/**
 * "Coming from helius-sdk"'s sum of compressed token balances by mint, which helius-sdk's
 * `zk.getCompressedTokenBalancesByOwner(V2)` answer (the indexer's balances by owner are those of
 * the owner's token accounts, summed per mint).
 */
export const ZK_BALANCES_SNIPPET = `import { createCompressionClient } from "@chaindata/compression";

const compression = createCompressionClient({ apiKey: process.env.${API_KEY_ENV} });
// helius.zk.getCompressedTokenBalancesByOwnerV2({ owner }): the owner's token accounts, summed by mint
const balances = new Map<string, bigint>();
const owner = { owner: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY" };
for await (const { tokenData } of compression.getCompressedTokenAccountsByOwner.all(owner)) {
  balances.set(tokenData.mint, (balances.get(tokenData.mint) ?? 0n) + tokenData.amount);
}
for (const [mint, balance] of balances) console.log(mint, balance);`;

/**
 * Whether "Coming from helius-sdk" shows ZK_BALANCES_SNIPPET: the compression area has its method.
 */
export const showsZkBalances = (site) =>
  site.areas.some(
    (a) =>
      a.key === "compression" &&
      a.ops.some((o) => o.id === "getCompressedTokenAccountsByOwner" && o.pagination),
  );

/** The Sender area's sentence that leaves building and confirming a transaction to the caller. */
const senderLeaves = (sender) =>
  (sender?.info.description ?? "").split(/(?<=\.)\s+/).find((t) => /are the caller's/.test(t));

/** helius-sdk's calls per version (`{ "1.x": …, "2.x, 3.x": … }`): "`a` (1.x), `b` (2.x, 3.x)". */
const versions = (calls) =>
  Object.entries(calls)
    .map(([version, call]) => `${code(call)} (${version})`)
    .join(", ");

/** What every row of the section reads: the site, its areas by key, and what the spec covers. */
function heliusContext(pc, site) {
  const areaOf = (key) => site.areas.find((a) => a.key === key);
  return {
    pc,
    site,
    areaOf,
    covered: heliusCovered(site),
    uncovered: notCovered(site),
    /** chaindata's `call`, linked to operation `id` of `area` when the spec has it. */
    opLink: (area, id, call) => {
      const op = area?.ops.find((o) => o.id === id);
      return op ? `<a href="${href(pc, op.href)}">${code(call)}</a>` : code(call);
    },
  };
}

// ---------------------------------------------------------------- the table's rows
// Each row is `{ helius, chaindata, note }`, its cells as HTML: helius-sdk's call and the versions
// that have it, chaindata's call (linked to its page), and what the reader should know. A row of
// an area or operation the spec lacks is left out (undefined).

/** The client: `new Helius` / `createHelius`, and a factory per area or the all-in-one client. */
const clientRow = ({ site }) => ({
  helius: versions({ "1.x": "new Helius(apiKey)", "2.x, 3.x": "createHelius({ apiKey })" }),
  chaindata: `${site.areas
    .filter((a) => !a.deprecated)
    .map((a) => code(`${a.factory}()`))
    .join(
      ", ",
    )}, or every area in one: <code>createChainDataClient()</code> of <code>@chaindata/sdk</code>`,
  note: "one client per area; each reads <code>CHAINDATA_API_KEY</code> when not given <code>apiKey</code>, but the sender's, which takes a key given to it only",
});

/** createHelius's options (`HELIUS.options`) and the API-key variable. */
const optionsRow = ({ site }) => ({
  helius: `${code("createHelius({ network, baseUrl, userAgent, transport })")} (2.x, 3.x; <code>baseUrl</code> and <code>userAgent</code> 2.2, <code>transport</code> 3.2), and your code's <code>process.env.HELIUS_API_KEY</code>`,
  chaindata: `${[
    site.index.environments?.devnet ? '{ environment: "devnet" }' : "{ environment }",
    "{ baseUrls: { rpc } }",
    '{ headers: { "x-helius-client": … } }',
    "{ maxRetries }",
    "{ fetch }",
  ]
    .map(code)
    .join(", ")}, <code>${API_KEY_ENV}</code> (section 4)`,
  note: `<code>baseUrls.rpc</code> is the JSON-RPC host's URL (DAS, ZK compression); the other hosts have keys of their own in <code>baseUrls</code>. <code>transport</code> was helius-sdk's hook for retries and failover: chaindata retries by itself (below), and <code>fetch</code> takes over the HTTP layer. helius-sdk sends <code>userAgent</code> as an <code>X-Helius-Client</code> header (its own <code>User-Agent</code> stays <code>helius-node-sdk/&lt;version&gt;</code>); chaindata sends neither, so give that header in <code>headers</code> to keep identifying your service. helius-sdk reads no API-key variable (of the environment it reads only <code>HELIUS_API_URL</code> and <code>HELIUS_PAYMENT_HOST</code>, for its signup and payment calls); chaindata reads <code>${API_KEY_ENV}</code> when not given <code>apiKey</code>. <code>rebateAddress</code> is under Not covered`,
});

/** One row per DAS method the spec has (`helius.rpc.getAsset` in 1.x, `helius.getAsset` after). */
const dasRows = ({ areaOf, covered, opLink }) =>
  covered.das.map((m) => ({
    helius: versions({ "1.x": `helius.rpc.${m}`, "2.x, 3.x": `helius.${m}` }),
    chaindata: opLink(areaOf("das"), m, `das.${m}`),
    note:
      m === "getAssetsByOwner"
        ? "<code>displayOptions</code> is <code>options</code> here: the old name is refused (a TypeScript error, and a <code>ValidationError</code> before sending). <code>.all()</code> walks the pages"
        : "",
  }));

/** One row for the `helius.zk` methods the spec has. */
const zkRow = ({ site, areaOf, covered, uncovered, opLink }) => {
  if (!covered.zk.length) return undefined;
  const compression = areaOf("compression");
  return {
    helius: `${covered.zk.map((m) => code(`helius.zk.${m}`)).join(", ")} (2.x, 3.x)`,
    chaindata: covered.zk
      .map((m) => opLink(compression, m, `${compression.clientVar}.${m}`))
      .join(", "),
    note: `the same names; helius-sdk's other ${uncovered.zk.length} are under Not covered${
      showsZkBalances(site)
        ? `. Its token balances by owner (${HELIUS.zkBalances.map((m) => code(`helius.zk.${m}`)).join(", ")}) are the owner's token accounts summed by mint: the loop below`
        : ""
    }`,
  };
};

/**
 * One row per webhook call (`HELIUS.webhooks`): an operation, or an edit helper of the area page.
 */
const webhookRows = ({ pc, areaOf, opLink }) =>
  HELIUS.webhooks.map((w) => ({
    helius: versions(w.helius),
    chaindata: EDIT_HELPERS.names.includes(w.chaindata)
      ? `<a href="${href(pc, "webhooks/index.html#edits")}">${code(w.call)}</a>`
      : opLink(areaOf("webhooks"), w.chaindata, w.call),
    note: w.note ?? "",
  }));

/**
 * The properties of `doc`'s schemas that are u64s written as digits (`type: string, format:
 * uint64`): strings in helius-sdk, `bigint` here (the wallet's `amountRaw`).
 */
const digitU64s = (doc) => [
  ...new Set(
    Object.values(doc?.components?.schemas ?? {}).flatMap((schema) =>
      Object.entries(schema?.properties ?? {})
        .filter(([, p]) => p?.type === "string" && p.format === "uint64")
        .map(([name]) => name),
    ),
  ),
];

/** One row for the `helius.wallet` calls the spec has. */
const walletRow = ({ areaOf, covered, opLink }) => {
  if (!covered.wallet.length) return undefined;
  const digits = digitU64s(areaOf("wallet")?.doc);
  return {
    helius: `${covered.wallet.map((m) => code(`helius.wallet.${m}`)).join(", ")} (2.2 on)`,
    chaindata: covered.wallet.map((m) => opLink(areaOf("wallet"), m, `wallet.${m}`)).join(", "),
    note: `the same names${digits.length ? `; ${digits.map((name) => `${code(name)} is a <code>bigint</code>`).join(", ")} (a string of digits in helius-sdk): <code>JSON.stringify</code> throws on it, section 8` : ""}`,
  };
};

/** One row per `helius.admin` call the spec has an operation for (`HELIUS.admin`). */
const adminRows = ({ areaOf, covered, opLink }) =>
  covered.admin.map((a) => ({
    helius: `${code(a.helius)} (${esc(a.versions)})`,
    chaindata: opLink(areaOf("admin"), a.chaindata, a.call),
    note: "the project id is the params' <code>id</code>; the key goes in the same <code>X-Api-Key</code> header",
  }));

/** helius-sdk's `tx.sendTransactionWithSender`, with the sender's sendTransaction. */
const senderRow = ({ areaOf, covered, opLink }) =>
  covered.sender
    ? {
        helius: versions({ "2.x, 3.x": `${HELIUS.sender}(…)` }),
        chaindata: opLink(
          areaOf("sender"),
          "sendTransaction",
          "sender.sendTransaction({ transaction, config })",
        ),
        note: "sends a transaction you built and signed, its tip and priority fee in it (below)",
      }
    : undefined;

/** `sendViaSender`, its regions matched to `senderRegions` by URL (`heliusSenderRegions`). */
const viaSenderRow = ({ site, areaOf, covered, opLink }) => {
  const sender = areaOf("sender");
  const regions = regionsExport(sender ?? { servers: {} });
  if (!covered.sender || !regions) return undefined;
  const matched = heliusSenderRegions(site);
  const first = matched.find(([key, region]) => key !== "Default" && region);
  const byUrl = matched
    .map(
      ([key, region]) =>
        `<code>${esc(key)}</code> → <code>${esc(region ? `${regions}.${region}` : HELIUS.senderEndpoints[key])}</code>`,
    )
    .join(", ");
  return {
    helius: `${code(`${HELIUS.viaSender}(tx64, region, swqosOnly, skipPreflight)`)} (2.x, 3.x; <code>skipPreflight</code> 3.1) of <code>helius-sdk/transactions/${HELIUS.viaSender}</code>`,
    chaindata: opLink(
      sender,
      "sendTransaction",
      `createSenderClient({ baseUrls: { sender: ${regions}.${first?.[1] ?? "global"} } }).sendTransaction({ transaction: tx64, config: { encoding: "base64", skipPreflight }, swqosOnly })`,
    ),
    note: `the same request. helius-sdk's regions, by URL: ${byUrl}; a client given an <code>apiKey</code> refuses the plain-http regional URLs. <code>config.encoding</code> is required (helius-sdk always sent base64), and the transaction is checked before it is sent: a placeholder such as <code>"AQID"</code> is refused with a <code>ValidationError</code>, so a test needs a signed transaction (the sendTransaction page's example serves)`,
  };
};

/** One row per sending method (`HELIUS.sending`) an area of the spec has, by the same name. */
const sendingRows = ({ covered, opLink }) =>
  covered.sending.map(({ name, area }) => ({
    helius: code(name),
    chaindata: opLink(area, name, `${area.clientVar}.${name}(…)`),
    note: "the same name",
  }));

/** Error handling: helius-sdk's thrown errors, chaindata's classes. */
const ERRORS_ROW = {
  helius: `a thrown <code>SolanaError</code> (JSON-RPC): ${code("if (isSolanaError(err, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR) && err.context.statusCode === 429) …")} (of <code>@solana/errors</code>, which <code>@solana/kit</code> re-exports; its message holds the status only when <code>NODE_ENV</code> is not <code>production</code>), or an <code>Error</code> (REST, the sender) whose message holds the status: ${code("if (/429/.test(String(err))) …")}`,
  chaindata: `${code("if (err instanceof RateLimitError) … err.retryAfter")}, ${code("err instanceof APIError && err.status === 404")} (section 5)`,
  note: `a class per status, exported by every package; the message still holds the status (<code>HTTP 429 Too Many Requests from getAsset</code>), so a check of the number alone (<code>/429/</code>) keeps working while you move; one of helius-sdk's words (<code>/status: 429/</code>) no longer matches, and a retry wrapper kept with it stops retrying: test the class`,
};

/** The table's rows, in its order. */
const heliusRows = (h) =>
  [
    clientRow(h),
    optionsRow(h),
    ...dasRows(h),
    zkRow(h),
    ...webhookRows(h),
    walletRow(h),
    ...adminRows(h),
    senderRow(h),
    viaSenderRow(h),
    ...sendingRows(h),
    ERRORS_ROW,
  ].filter(Boolean);

// ---------------------------------------------------------------- the lists under the table

/** "Not covered": one item per category of `notCovered`, and one per call of `uncoveredCalls`. */
function notCoveredItems({ pc, site, areaOf, uncovered }) {
  const compression = areaOf("compression");
  const leaves = senderLeaves(areaOf("sender"));
  const sending = sendingWords(uncovered.sending);
  const assetPages = HELIUS.assetPages.filter((m) => uncovered.das.includes(m));
  return [
    uncovered.das.length &&
      `<li>The service's other DAS methods, outside <code>@chaindata/das</code> as the <a href="${href(pc, "das/index.html")}">DAS page</a> says: ${uncovered.das.map(code).join(", ")}. The package still calls one, with a descriptor of your own, <code>createDasRpc().call({ id: ${esc(JSON.stringify(uncovered.das[0]))}, idempotent: true }, params)</code>, and walks its pages with <code>paginate</code> (<code>@chaindata/core</code>'s README, "Walking a method no package covers"): its params unchecked, and its result untyped unless the descriptor types it. For a method that answers a page of assets as <code>getAssetsByOwner</code> does${assetPages.length ? ` (${assetPages.map(code).join(", ")})` : ""}, give the descriptor <code>u64: getAssetsByOwnerU64Shape</code> and the type <code>RpcMethodDescriptor&lt;never, Params, AssetList&gt;</code>: without the shape a supply or balance is a <code>number</code> below 2<sup>53</sup> and a <code>bigint</code> above, where <code>das.getAssetsByOwner</code> gives a <code>bigint</code> always; and walk its pages with <code>getAssetsByOwnerPagination</code>, how <code>getAssetsByOwner</code> pages, <code>paginate(fetchPage, getAssetsByOwnerPagination, params)</code>.</li>`,
    uncovered.sending.length &&
      `<li>${capitalize(sending.doing)} a transaction: ${uncovered.sending.map(code).join(", ")}${sending.words.length ? ` (${sending.words.join(", ")})` : ""}. ${leaves ? `As the <a href="${href(pc, "sender/index.html")}">Sender page</a> says: ${inl(pc, leaves)}` : ""} The tip accounts and minimum tip are on that page (<code>${TIP_NAMES.accounts}</code>, <code>${TIP_NAMES.minimum}</code>).</li>`,
    uncovered.zk.length &&
      `<li>helius-sdk's other ZK-compression methods (<code>helius.zk</code>), outside <code>${esc(compression?.pkg ?? "@chaindata/compression")}</code>${compression ? ` as the <a href="${href(pc, "compression/index.html")}">ZK compression page</a> says` : ""}: ${uncovered.zk.map(code).join(", ")}.${showsZkBalances(site) ? ` For ${HELIUS.zkBalances.map(code).join(" and ")}, sum the owner's token accounts by mint (above).` : ""} <code>createCompressionRpc().call(…)</code> calls the others as <code>createDasRpc().call(…)</code> calls a DAS method.</li>`,
    uncovered.wallet.length &&
      `<li>helius-sdk's wallet calls that the Wallet API description has not: ${uncovered.wallet.map((m) => code(`helius.wallet.${m}`)).join(", ")}${uncovered.wallet.includes("getBalanceAt") ? " (3.1 on: a wallet's balance of one token at a past time or slot)" : ""}.</li>`,
    `<li>helius-sdk's Solana RPC methods, which its client hands to <code>@solana/kit</code> (<code>await helius.getBalance(address)</code>: in 3.x the client sends them itself, so there is no <code>.send()</code> to call; <code>getSlot</code>, <code>getSignatureStatuses</code>, …, and <code>helius.${esc(HELIUS.solanaRpc)}</code>), its RPC methods of its own (${notCovered(
      site,
    )
      .client.filter((m) => HELIUS.rpcExtensions.includes(m.replace(/^helius\./, "")))
      .map(code)
      .join(
        ", ",
      )}) and its ${HELIUS.clients.map((c) => code(`helius.${c}`)).join(", ")} clients (parsed transactions, WebSocket subscriptions, staking, sign-up): no area of this spec describes them; keep a Solana RPC client for the standard methods.</li>`,
    ...uncoveredCalls(site).map((u) => `<li>${code(u.call)} (${esc(u.versions)}): ${u.what}.</li>`),
  ].filter(Boolean);
}

/** "What changes besides the names": retries by default, hosts without a devnet URL, the mock. */
function heliusChanges({ pc, site, areaOf }) {
  const noDevnet = Object.entries(site.index.hosts ?? {})
    .filter(([, host]) => host?.urls && "devnet" in host.urls && host.urls.devnet == null)
    .map(([key]) => key);
  const walletArea = areaOf("wallet");
  const writes = specOperations(site, (o) => o.idempotent === false);
  const outside = notCovered(site).das[0];
  return [
    `Retries are on by default: an idempotent call (a read, the sender's <code>sendTransaction</code>) that fails with a 408, 429, 5xx, a connection error or a timeout is tried up to 3 times (<code>maxRetries: 2</code>, <a href="${href(pc, "getting-started.html#retries")}">section 6</a>), where helius-sdk tries once${writes.size ? `; a write (${[...writes].map(code).join(", ")}) is retried after a 429 only, unless the call says <code>{ retryNonIdempotent: true }</code>` : ""}. A retry wrapper kept from helius-sdk (its <code>transport</code> hook, or a loop of your own) multiplies the attempts of an idempotent call, 3 × 3 = 9: remove it, or give the client <code>maxRetries: 0</code>.`,
    noDevnet.length &&
      `helius-sdk sends wallet calls to its mainnet host whatever <code>network</code> says; with <code>environment: "devnet"</code>, chaindata's ${noDevnet.map(code).join(" and ")} ${noDevnet.length > 1 ? "hosts have" : "host has"} no URL, so ${
        walletArea && noDevnet.includes(walletArea.hostKey)
          ? `<code>${esc(walletArea.factory)}({ environment: "devnet" })</code> throws a <code>ConfigurationError</code> (as does <code>createChainDataClient({ environment: "devnet" }).${esc(walletArea.clientVar)}</code>): give <code>baseUrls.${esc(walletArea.hostKey)}</code>`
          : `a client for ${noDevnet.length > 1 ? "them" : "it"} throws a <code>ConfigurationError</code>: give its <code>baseUrls</code> entry`
      }.`,
    `The local mock checks every request against this spec, so helius-sdk's own requests that send <code>displayOptions</code> are refused there (400): the old and the new code cannot run side by side against it for those calls. A method outside the spec (one under Not covered${outside ? `, such as <code>${esc(outside)}</code> through <code>createDasRpc().call(…)</code>` : ""}) is answered 404 <code>Method not found</code> there, a <code>NotFoundError</code>: test such a call with a <code>fetch</code> of your own (client option).`,
    areaOf("webhooks")?.deliveries?.length > 0 &&
      `helius-sdk has nothing for receiving deliveries; <code>createWebhookHandler</code> of <code>@chaindata/webhooks</code> replaces a hand-written endpoint: it checks <code>Authorization</code> against the webhook's <code>authHeader</code> in constant time, parses the events (amounts as <code>bigint</code>) and drops repeated deliveries by signature (<a href="${href(pc, "webhooks/index.html#deliveries")}">Webhooks page</a>).`,
  ].filter(Boolean);
}

/** Compressed token balances by owner, summed by mint (ZK_BALANCES_SNIPPET), where the spec can. */
const balancesPart = (site) =>
  showsZkBalances(site)
    ? `<p>Compressed token balances by owner, as helius-sdk's ${HELIUS.zkBalances.map((m) => code(`zk.${m}`)).join(" and ")} gave them (the indexer's balances by owner are the owner's token accounts, summed per mint):</p>${codeBlock(ZK_BALANCES_SNIPPET, { label: "TypeScript", lang: "ts" })}`
    : "";

export function heliusSection(pc, site) {
  const h = heliusContext(pc, site);
  const table = tableWrap(
    `<table><thead><tr><th scope="col">helius-sdk</th><th scope="col">chaindata</th><th scope="col">Note</th></tr></thead><tbody>${heliusRows(
      h,
    )
      .map((r) => `<tr><td>${r.helius}</td><td>${r.chaindata}</td><td>${r.note}</td></tr>`)
      .join("")}</tbody></table>`,
  );
  const notCoveredList = notCoveredItems(h);
  const changes = heliusChanges(h);
  return section(
    "helius-sdk",
    "9. Coming from helius-sdk",
    `<p>Moving a service off helius-sdk: its calls and chaindata's. Each chaindata call takes one params object and throws the typed errors above; u64 values are <code>bigint</code> (section 8).</p>${table}<p>What changes besides the names:</p><ul>${changes.map((c) => `<li>${c}</li>`).join("")}</ul>${balancesPart(site)}<h3 id="not-covered">Not covered</h3><ul>${notCoveredList.join("")}</ul>`,
  );
}
