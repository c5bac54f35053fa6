// Which of helius-sdk's calls (helius-calls.mjs) the spec covers, and what "Not covered" lists:
// the rows and lists of "Coming from helius-sdk" (helius.mjs) and its search entries (build.mjs)
// come from here, so a method the spec adds moves from one to the other everywhere at once.
import { HELIUS } from "./helius-calls.mjs";
import { andWords } from "./shared.mjs";
import { EDIT_HELPERS } from "./webhooks.mjs";

/**
 * The DAS methods the DAS area's description says the package leaves out (its "the service's
 * other DAS methods (…) are outside it"), and helius-sdk's DAS methods the spec has not.
 */
export function dasNotCovered(site) {
  return othersOf(site, "das", "DAS", HELIUS.das);
}

/**
 * The same for ZK compression: the methods its description says the package leaves out (its "the
 * service's other ZK-compression methods (…) are outside it"), and helius-sdk's `zk` methods the
 * spec has not.
 */
export function zkNotCovered(site) {
  return othersOf(site, "compression", "ZK-compression", HELIUS.zk);
}

/**
 * The methods area `key`'s description lists as "the service's other <word> methods (…)", and
 * `helius`, but the area's own.
 */
function othersOf(site, key, word, helius) {
  const area = site.areas.find((a) => a.key === key);
  if (!area) return [];
  const own = new Set(area.ops.map((o) => o.id));
  const said = new RegExp(`the service's other ${word} methods \\(([^)]*)\\) are outside it`).exec(
    (area.info.description ?? "").replace(/\s+/g, " "),
  );
  const listed = said
    ? said[1]
        .replace(/ and more$/, "")
        .replace(/`/g, "")
        .split(", ")
    : [];
  return [...new Set([...listed, ...helius])].filter((m) => !own.has(m));
}

/**
 * What Getting started's "Not covered" lists: the service's other DAS methods (with a DAS area;
 * `dasNotCovered`), what builds, prices and confirms a transaction (with a Sender area), the other
 * ZK-compression methods (`zkNotCovered`), helius-sdk's wallet calls the Wallet area has not, its
 * Solana RPC methods, RPC methods of its own and other clients that no area describes (`client`,
 * as `helius.<name>`), and its calls and options of `HELIUS.uncovered` that no operation covers.
 * The page's list, the search's entry and its summary all come from here, so a method the spec adds
 * leaves all three.
 */
export function notCovered(site) {
  const has = (key) => site.areas.some((a) => a.key === key);
  const own = specOperations(site);
  return {
    das: has("das") ? dasNotCovered(site) : [],
    sending: has("sender") ? HELIUS.sending.map((s) => s.name).filter((m) => !own.has(m)) : [],
    zk: zkNotCovered(site),
    wallet: has("wallet") ? HELIUS.wallet.filter((m) => !own.has(m)) : [],
    client: [
      ...HELIUS.rpcExtensions.filter((m) => !own.has(m)),
      HELIUS.solanaRpc,
      ...HELIUS.clients,
    ].map((m) => `helius.${m}`),
    // (by the call's name, `helius.webhooks.toggle`, or the one its row gives: `rebateAddress`)
    calls: uncoveredCalls(site).map((u) => u.searchName ?? u.call.replace(/\(.*$/, "")),
  };
}

/** The rows of `HELIUS.uncovered` whose operation (`coveredBy`) the spec has not. */
export const uncoveredCalls = (site) => {
  const own = specOperations(site);
  return HELIUS.uncovered.filter((u) => u.coveredBy === null || !own.has(u.coveredBy));
};

/**
 * The names of every operation of the spec, in any area (a JSON-RPC method's or an operationId),
 * or of those `which` keeps.
 */
export const specOperations = (site, which = () => true) =>
  new Set(site.areas.flatMap((a) => a.ops.filter(which).map((o) => o.id)));

/**
 * What the sending methods `names` (of `HELIUS.sending`) do, in words: `doing`, "building, pricing
 * and confirming", and `words`, what the item's parentheses call those whose names do not say it
 * ("priority-fee estimates, confirmation"). Only theirs: a method the spec has takes its words
 * along.
 */
export function sendingWords(names) {
  const rows = HELIUS.sending.filter((s) => names.includes(s.name));
  return {
    doing: andWords([...new Set(rows.map((s) => s.doing))]),
    words: rows.flatMap((s) => (s.words ? [s.words] : [])),
  };
}

/**
 * The search's summary of "Not covered": the items the page lists, by the same names (of the ZK
 * methods, how many and the first three: the list is long).
 */
export function notCoveredSummary(site) {
  const { das, sending, zk, wallet, client, calls } = notCovered(site);
  const items = [
    das.length && `other DAS methods (${das.join(", ")})`,
    sending.length && [sending[0], ...sendingWords(sending).words].join(", "),
    zk.length &&
      `${zk.length} ZK-compression methods (${zk.slice(0, 3).join(", ")}${zk.length > 3 ? ", …" : ""})`,
    wallet.length && `wallet calls (${wallet.join(", ")})`,
    `Solana RPC methods and other calls (${client.join(", ")})`,
    ...calls,
  ].filter(Boolean);
  return `What helius-sdk does that chaindata does not: ${items.join(", ") || "nothing listed"}`;
}

/**
 * helius-sdk's calls that "Coming from helius-sdk" gives a row of their own, as the spec has their
 * chaindata operations: DAS, zk and wallet methods by their names, whether the sender's
 * sendTransaction is there, and the sending methods the spec has (`{ name, area }`).
 */
export function heliusCovered(site) {
  const ops = (key) => site.areas.find((a) => a.key === key)?.ops ?? [];
  const has = (key, id) => ops(key).some((o) => o.id === id);
  return {
    das: HELIUS.das.filter((m) => has("das", m)),
    zk: HELIUS.zk.filter((m) => has("compression", m)),
    wallet: HELIUS.wallet.filter((m) => has("wallet", m)),
    admin: HELIUS.admin.filter((a) => has("admin", a.chaindata)),
    sender: has("sender", "sendTransaction"),
    // (by name, in whichever area has it)
    sending: HELIUS.sending.flatMap(({ name }) => {
      const area = site.areas.find((a) => a.ops.some((o) => o.id === name));
      return area ? [{ name, area }] : [];
    }),
  };
}

/** The search's summary of "Coming from helius-sdk": some of the calls its rows show. */
export function heliusSummary(site) {
  const { das, wallet, sender } = heliusCovered(site);
  const calls = [
    das.length && `rpc.${das[0]}`,
    das.includes("getAssetsByOwner") && "displayOptions",
    // (The webhook rows are there whatever the spec has: helius-sdk's names, chaindata's helpers.)
    "getAllWebhooks",
    "editWebhook",
    "appendAddressesToWebhook",
    wallet.length && "the wallet",
    sender && "the sender",
  ].filter(Boolean);
  return `Migrating from helius-sdk: its calls beside chaindata's (${calls.join(", ")})`;
}

/**
 * Every helius-sdk name "Coming from helius-sdk" shows, for the search: the wallet and zk calls
 * the spec has (the others are "Not covered"'s, `notCoveredNames`).
 */
export const heliusNames = (site) => {
  const covered = heliusCovered(site);
  return [
    "new Helius",
    "createHelius",
    "displayOptions",
    ...HELIUS.das.flatMap((m) => [`helius.rpc.${m}`, `helius.${m}`]),
    ...HELIUS.webhooks.flatMap((w) => Object.values(w.helius).map((c) => c.replace(/\(.*$/, ""))),
    // (1.x's methods by their bare names: `getAllWebhooks`)
    ...HELIUS.webhooks
      .map((w) => /\.(\w+)\(/.exec(w.helius["1.x"] ?? "")?.[1])
      // (Bare, but for a name chaindata has too, which leads to its own page.)
      .filter((m) => m && !EDIT_HELPERS.names.includes(m) && !/^(create|delete)Webhook$/.test(m)),
    ...covered.wallet.map((m) => `helius.wallet.${m}`),
    ...covered.admin.map((a) => a.helius.replace(/\(.*$/, "")),
    "helius.zk",
    ...covered.zk.map((m) => `helius.zk.${m}`),
    HELIUS.sender,
    HELIUS.sender.split(".").at(-1),
    HELIUS.viaSender,
    ...Object.keys(HELIUS.senderEndpoints),
    "HELIUS_API_KEY",
    // (The option its table's row maps to chaindata's `headers`, and the header it sends: "user
    // agent" reached neither.)
    "userAgent",
    "X-Helius-Client",
  ];
};

/**
 * The names "Not covered" lists, for the search: bare, and as helius-sdk calls them
 * (`helius.zk.getValidityProof`).
 */
export function notCoveredNames(site) {
  const { das, sending, zk, wallet, client, calls } = notCovered(site);
  return [
    ...new Set([
      ...das,
      ...sending,
      ...zk,
      ...zk.map((m) => `helius.zk.${m}`),
      ...wallet,
      ...wallet.map((m) => `helius.wallet.${m}`),
      ...client,
      // (bare, the RPC methods only: "ws" or "raw" alone would lead a search astray)
      ...client
        .map((m) => m.replace(/^helius\./, ""))
        .filter((m) => HELIUS.rpcExtensions.includes(m)),
      "getBalance",
      ...calls,
    ]),
  ];
}

/**
 * helius-sdk's sender regions (`SENDER_ENDPOINTS`) as `senderRegions` names them: [helius-sdk's
 * key, the region, or undefined for a URL the spec has not]. `global` is the host's mainnet URL
 * (the SDK's `senderRegions.global`), the others its `x-regions`.
 */
export function heliusSenderRegions(site) {
  const sender = site.areas.find((a) => a.key === "sender");
  const trim = (url) => String(url).replace(/\/+$/, "");
  const regions = Object.entries({
    global: sender?.servers.urls.mainnet,
    ...(sender?.servers.regions ?? {}),
  });
  return Object.entries(HELIUS.senderEndpoints).map(([key, url]) => [
    key,
    regions.find(([, u]) => u && trim(u) === trim(url))?.[0],
  ]);
}
