// What the generator knows of an area, read from the spec and never from the area's name: whether
// its clients take a batcher, whether its host takes requests without a key (so the shared key
// never goes there), and the names of its host's regional endpoints. The emitters (sdk.mjs,
// core-files.mjs, constants.mjs) and the names table (names.mjs) ask here, so that a second area on
// the sender's host, or a second host with regions, gets what the sender's has.
// An area is `{ area, kind, doc }` (index.json's entry with its bundled document); `hosts` is
// index.json's `hosts` (spec/hosts.yaml). (The names table reads documents the spec rules have not
// passed yet: a missing `info` or `servers` is no area feature, not an error.)

/** The name of area `a`'s host (`info.x-host`). */
export const hostOf = (a) => a.doc.info?.["x-host"];

/**
 * Whether area `a` takes a batcher: a JSON-RPC area whose endpoint documents batches
 * (`info.x-batch` not false; the sender's documents none). A REST area never does.
 */
export const takesBatcher = (a) => a.kind === "openrpc" && a.doc.info?.["x-batch"] !== false;

/**
 * Which of the runtime's exports area `a`'s package re-exports (names.mjs `runtimeExports`): `rpc`,
 * a JSON-RPC package's; `batch`, with `createBatcher`.
 */
export const runtimeKind = (a) => ({ rpc: a.kind === "openrpc", batch: takesBatcher(a) });

/**
 * Whether `host` (of index.json's `hosts`) takes requests without a key (`auth.required: false`).
 */
export const hostKeyOptional = (host) => !host.auth.required;

/**
 * Whether area `a`'s host takes requests without a key (spec/hosts.yaml `auth.required: false`,
 * the sender's): a key sent there is the area's own (a Sender key is a dedicated one), so the
 * client's shared `apiKey` never goes there.
 */
export function keyOptional(a, hosts) {
  const host = hosts[hostOf(a)];
  if (!host)
    throw new Error(
      `${a.area}: info.x-host ${JSON.stringify(hostOf(a))} is not a host of spec/hosts.yaml (${Object.keys(hosts).join(", ")})`,
    );
  return hostKeyOptional(host);
}

/**
 * The region a host's regional endpoints are named beside: its mainnet URL (https, routed to the
 * nearest region). Synthetic: spec/hosts.yaml's `x-regions` lists the regional endpoints only.
 */
export const GLOBAL_REGION = "global";

/**
 * The names of the regions of `place` (a host of index.json, or a server of a bundle), or
 * undefined.
 */
const regionsOf = (place) =>
  place?.["x-regions"] ? [GLOBAL_REGION, ...Object.keys(place["x-regions"])] : undefined;

/**
 * The server of area `a`'s document whose host has regional endpoints (the bundle copies
 * spec/hosts.yaml's `x-regions` onto it, and the mainnet URL as `x-environments.mainnet`), if any.
 */
export const regionalServer = (a) => (a.doc.servers ?? []).find((s) => s["x-regions"]);

/**
 * The region names of area `a`'s host, `global` first, then each regional endpoint's (`slc`,
 * `ewr`…); undefined where the host has none.
 */
export const regionNames = (a) => regionsOf(regionalServer(a));

/** The region names of `host` (of index.json's `hosts`), as {@link regionNames} gives an area's. */
export const hostRegionNames = (host) => regionsOf(host);

/**
 * Area `a`'s regions with their URLs, `[[name, url]]` in {@link regionNames}' order, or undefined.
 */
export function regionUrls(a) {
  const server = regionalServer(a);
  return regionNames(a)?.map((name) => [
    name,
    name === GLOBAL_REGION ? server["x-environments"]?.mainnet : server["x-regions"][name],
  ]);
}
