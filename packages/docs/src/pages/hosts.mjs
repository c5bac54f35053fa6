// Hosts and the API key: where the SDK sends the key on each host (the home page's hosts table),
// the Auth row of an area or operation, and its environments and regional endpoints tables.
import { marker } from "../html.mjs";
import { inl } from "../schema.mjs";
import { esc, isObj, tableWrap } from "../util.mjs";

/** One way of sending the key: "the `X-Api-Key` header", "the `api-key` query parameter". */
const keyWay = (w) =>
  `the <code>${esc(w.name)}</code> ${w.in === "header" ? "header" : `${esc(w.in)} parameter`}`;

/**
 * Where the SDK puts a host's API key: the header when index.json's host names one, else the
 * query parameter (the rule by which scripts/generate picks each host's `placeKey`;
 * build.test.ts holds the two together).
 */
export function sdkKeyWay(host) {
  const auth = host?.auth;
  if (auth?.header) return { in: "header", name: auth.header };
  return auth?.query ? { in: "query", name: auth.query } : undefined;
}

export function authText(pc, auth, host) {
  if (!auth || !auth.ways.length) return "none";
  const ways = auth.ways.map((w) => `${keyWay(w)}${marker(pc, w.source)}`);
  // With a choice of ways, which one the SDK takes (the admin host: the header).
  const sdk = auth.ways.length > 1 && sdkKeyWay(host);
  return `API key as ${ways.join(" or ")}${sdk ? ` (the SDK sends ${keyWay(sdk)})` : ""} — ${auth.required ? "required" : "optional"}`;
}

/**
 * The ways a host takes the API key, the SDK's first: index.json's host, and the `security` of
 * the areas it serves (the wallet's X-Api-Key header). The home page's API key cell shows them,
 * and the search ranks that table first for each name.
 */
export function hostKeyWays(site, hostKey, host) {
  const sdk = sdkKeyWay(host);
  if (!sdk) return [];
  const ways = new Map([[`${sdk.in}:${sdk.name}`, sdk]]);
  const offered = [
    { in: "query", name: host.auth.query },
    { in: "header", name: host.auth.header },
    ...site.areas
      .flatMap((a) => a.parts ?? [a])
      .filter((a) => a.hostKey === hostKey)
      .flatMap((a) => a.auth.ways),
  ];
  for (const w of offered)
    if (w.name && !ways.has(`${w.in}:${w.name}`)) ways.set(`${w.in}:${w.name}`, w);
  return [...ways.values()];
}

/** The home page's API key cell of a host: where the SDK sends the key, and the other ways. */
export function hostKeyText(site, hostKey, host) {
  const [sdk, ...also] = hostKeyWays(site, hostKey, host);
  if (!sdk) return "";
  return `The SDK sends it as ${keyWay(sdk)}${also.length ? `; also accepted: ${also.map(keyWay).join(" or ")}` : ""}. ${host.auth.required ? "Required" : "Optional"}.`;
}

/**
 * An environment's or region's base URL → what the page shows: the operation's endpoint on an
 * operation page.
 */
const endpointOf = (area, op, url) =>
  op ? (op.transport === "rpc" ? `${url}${area.rpcPath ?? "/"}` : `${url}${op.path}`) : url;

export function envTable(pc, area, op) {
  const rows = Object.entries(area.servers.urls).map(([env, url]) => {
    const full = url == null ? null : endpointOf(area, op, url);
    const desc = pc.site.index.environments?.[env]?.description;
    return `<tr><th scope="row"><code>${esc(env)}</code></th><td>${full == null ? '<span class="muted">not available</span>' : `<code class="url">${esc(full)}</code>`}</td><td class="small">${desc ? inl(pc, desc) : ""}</td></tr>`;
  });
  return tableWrap(
    `<table class="envs"><thead><tr><th scope="col">Environment</th><th scope="col">${op ? "Endpoint" : "Base URL"}</th><th scope="col">About</th></tr></thead><tbody>${rows.join("")}</tbody></table>`,
  );
}

/**
 * The SDK's constant of an area's regional endpoints (scripts/generate/constants.mjs:
 * `<host>Regions`, exported by the area's package), or undefined without regions.
 */
export const regionsExport = (area) => {
  const r = area.servers.regions;
  return isObj(r) && Object.keys(r).length ? `${area.hostKey}Regions` : undefined;
};

/**
 * The regional hosts (`x-regions`), like the environments table: base URLs on the area page (what
 * `baseUrls` takes), the operation's endpoint on an operation page.
 */
export function regionsBlock(pc, area, op) {
  const r = area.servers.regions;
  const constant = regionsExport(area);
  if (!constant) return "";
  // On the area page, how to use one: `baseUrls` takes a URL, which the SDK's constant holds.
  const first = Object.keys(r)[0];
  const sdk = op
    ? ""
    : `<p class="small">In the SDK: <code>${esc(constant)}</code> from <code>${esc(area.pkg)}</code>, e.g. <code>${esc(`${area.factory}({ baseUrls: { ${area.hostKey}: ${constant}.${first} } })`)}</code>.${
        Object.values(r).some((url) => /^http:/i.test(String(url)))
          ? ` A key is sent over https only (or to a loopback host): a client given an <code>apiKey</code> refuses a plain-http endpoint when it is created.`
          : ""
      }</p>`;
  return `${sdk}<details class="regions"><summary>Regional endpoints (${Object.keys(r).length})</summary>${tableWrap(
    `<table><thead><tr><th scope="col">Region</th><th scope="col">${op ? "Endpoint" : "Base URL"}</th></tr></thead><tbody>${Object.entries(
      r,
    )
      .map(
        ([k, v]) =>
          `<tr><td><code>${esc(k)}</code></td><td><code class="url">${esc(endpointOf(area, op, String(v).replace(/\/+$/, "")))}</code></td></tr>`,
      )
      .join("")}</tbody></table>`,
  )}</details>`;
}
