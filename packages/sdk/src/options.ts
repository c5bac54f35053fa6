/**
 * The options of `createChainDataClient` (generated/client.ts): the shared ones checked and copied
 * as every area's factory would check them, and each entry of `areas` laid over them, checked and
 * copied too, all when the client is created (the areas themselves come on first use). Internal:
 * not exported from the package.
 */
import {
  CLIENT_OPTIONS,
  ConfigurationError,
  createRestTransport,
  hosts,
  keyFromEnvironment,
  misconfigured,
  notOptions,
  ownOptions,
  quoteServer,
  resolveBaseUrl,
  resolveConfig,
  rpcHost,
  snapshotOptions,
  unbatched,
  unknownNameHint,
  type ClientOptions,
  type HostName,
  type ResolvedConfig,
  type RestClientOptions,
} from "@chaindata/core";
import type { ChainDataClientOptions } from "./generated/client.js";

// (Pure: a bundle importing an area's factory from the sdk carries none of this file.)
/** The options of `createChainDataClient`: core's client options (`CLIENT_OPTIONS`) and `areas`. */
const SDK_OPTIONS = /* @__PURE__ */ (CLIENT_OPTIONS as readonly string[]).concat(
  "areas" satisfies keyof ChainDataClientOptions,
);

/**
 * The keys given with the options or read from CHAINDATA_API_KEY, which no message may show, not
 * even as a name (`{ [key]: … }`).
 * (A key of a few characters, as tests use, would hide every name holding its letters.)
 */
const secretsOf = (keys: readonly unknown[]) =>
  keys.filter((key): key is string => typeof key === "string" && key.trim().length >= 8);

/**
 * The `apiKey` of each entry of `areas` (known area or not, as `for…in` reads them): keys the
 * caller gave, which the top level's names must not show either.
 */
const areaKeys = (areas: unknown) => {
  const keys: unknown[] = [];
  // (`for…in` reads no name of `null`, a number or a boolean; a string's letters have no `apiKey`.)
  for (const area in areas as object)
    keys.push((areas as Record<string, { apiKey?: unknown } | null>)[area]?.apiKey);
  return keys;
};

/**
 * Whether a name could be a secret, and is not shown: one holding a key given with these options,
 * or longer than any option or area name (an API key is 36 characters).
 */
const couldBeKey = (name: string, secrets: readonly string[]) =>
  name.length > 24 || secrets.some((secret) => name.includes(secret));

/**
 * Why `rateLimit` is no shared option, and where a limiter goes instead. (A limiter for every area
 * at once would be a guess at what it limits: the admin host's 5 requests/s, or a plan's limit on
 * the rpc host.)
 */
const LIMITER_IS_AN_AREAS =
  "is an area's own: areas: { admin: { rateLimit } } for the admin host's 5 requests/s, areas: { das: { rateLimit } } for DAS (one limiter given to several areas limits them together)";

/**
 * Refuses `options` that are none (core's `notOptions`: not an object; a Promise, a Map, a Date, an
 * array, which would read as none), as core's `knownOptions` does, saying they must be an object of
 * `what`; then the first name of `options` (own or inherited, as `for…in` reads them) not in
 * `names`: `path.name: is not <kind> (<listed>)` and what core's `knownOptions` adds (the listed
 * name nearest, `; did you mean timeout?`; where a walk's `maxPages` goes; for a name nearest
 * `rateLimit` where it is known but not listed, the top level's, its spelling and where a limiter
 * goes, `; rateLimit is an area's own: …`, rather than a name the next run refuses). A name that
 * could be a key is not shown, nor a name suggested for it (which would tell its first letters);
 * one shown is escaped as core's `knownOptions` escapes it (a line break forged a log line).
 */
const knownNames = (
  options: unknown,
  names: readonly string[],
  path: string,
  kind: string,
  listed: readonly string[],
  secrets: readonly string[],
  what = "client options",
) => {
  const given = notOptions(options);
  if (given) misconfigured(path || "options", `must be an object of ${what} (got ${given})`);
  for (const name in options as object)
    if (!names.includes(name)) {
      const hidden = couldBeKey(name, secrets);
      misconfigured(
        (path ? path + "." : "") +
          (hidden ? `<a name of ${name.length} characters>` : quoteServer(name)),
        `is not ${kind} (${listed.join(", ")})${
          hidden
            ? ""
            : unknownNameHint(name, listed) ||
              (names.includes("rateLimit") && unknownNameHint(name, ["rateLimit"])
                ? `; rateLimit ${LIMITER_IS_AN_AREAS}`
                : "")
        }`,
      );
    }
};

/**
 * The client options of `options`, each read as a factory reads it (an own property, an inherited
 * one, a getter) into a plain object; one left `undefined` sets nothing and is left out (core's
 * `ownOptions`).
 */
const clientOptions = (options: object): ClientOptions => ownOptions(options, CLIENT_OPTIONS);

/**
 * What an area's factory checks when it is made: every option, the environment, `baseUrls` and
 * `headers` (through a transport of the rpc host, which every environment has), and each other URL
 * given. A host the environment lacks is not an error: its area fails when first used.
 */
function check(options: ClientOptions): ResolvedConfig {
  // (A transport made to check the URLs and headers only: it ignores a `batch`, which the JSON-RPC
  // areas take.)
  createRestTransport(options as RestClientOptions, rpcHost);
  const config = resolveConfig(options);
  for (const host of Object.values(hosts))
    if (config.baseUrls?.[host.name] != null) resolveBaseUrl(config, host);
  return config;
}

/**
 * The shared options of `createChainDataClient`, checked and copied: later changes to the caller's
 * object reach no area. `apiKey` is there only when given. `keyFromEnv`: CHAINDATA_API_KEY as read
 * now, when no key is given, for the areas whose environment reads it (not `local`: the real key
 * need not travel to the mock), as an area client reads it when made: an area made later must not
 * find the variable gone (an app that clears its secrets after start-up). `areas` is returned as
 * given; both are for {@link areaOptions}.
 * @throws ConfigurationError as an area's factory would, or for an option that is none
 */
export function sharedOptions(
  options: ChainDataClientOptions | null | undefined,
): ClientOptions & { areas?: unknown; keyFromEnv?: string } {
  // (`null` reads as "no options", as `undefined` does.)
  options ??= {};
  // (`rateLimit` is a name it knows, to say where a limiter goes, but not one to offer.)
  const offered = SDK_OPTIONS.filter((n) => n !== "rateLimit");
  // (CHAINDATA_API_KEY read only where no key is given, as below: `{ [process.env.KEY]: 1 }`.)
  knownNames(
    options,
    SDK_OPTIONS,
    "",
    "a client option",
    offered,
    secretsOf([options.apiKey ?? keyFromEnvironment(), ...areaKeys(options.areas)]),
  );
  // (`false` or none is no limiter, as in an area's options.)
  const { rateLimit, ...shared } = clientOptions(options);
  if (rateLimit) misconfigured("rateLimit", LIMITER_IS_AN_AREAS);
  check(shared);
  // (A copy that keeps a `Headers` or pairs as such: spread, they would send nothing, or a header
  // "0".)
  return {
    ...snapshotOptions(shared),
    areas: options.areas,
    // (An empty variable is no key.)
    keyFromEnv: shared.apiKey === undefined ? keyFromEnvironment() || undefined : undefined,
  };
}

/**
 * `options` with `keyFromEnv` as its key where it has none of its own (no key given, and not the
 * sender's `apiKey: undefined`) and its environment reads the variable (not `local`).
 */
const withKeyFromEnv = (options: ClientOptions, keyFromEnv: string | undefined): ClientOptions =>
  "apiKey" in options || keyFromEnv === undefined || options.environment === "local"
    ? options
    : { ...options, apiKey: keyFromEnv };

/**
 * `own`'s headers laid over `base`'s, name by name (names compared in any case; a `null` or
 * `undefined` value sends nothing of that name), in a new object. Headers that cannot be read as
 * such are returned as they are, for the check to refuse.
 */
function layHeaders(base: ClientOptions["headers"], own: ClientOptions["headers"]) {
  if (own == null) return base;
  if (base == null || typeof own !== "object") return own;
  const lowerCased = (headers: object) => {
    const named: Record<string, string | null | undefined> = {};
    if (headers instanceof Headers || Array.isArray(headers))
      new Headers(headers as HeadersInit).forEach((value, name) => (named[name] = value));
    else
      for (const [name, value] of Object.entries(headers))
        named[name.toLowerCase()] = value as string | null | undefined;
    return named;
  };
  try {
    return { ...lowerCased(base), ...lowerCased(own) };
  } catch {
    return own;
  }
}

/**
 * `own` laid over `base`: each option `own` sets replaces the shared one, but `baseUrls` and
 * `headers` are laid over the shared ones entry by entry (so an area setting one header or one host
 * keeps the others).
 */
function layOver(base: ClientOptions, own: ClientOptions): ClientOptions {
  const laid: ClientOptions = { ...base, ...own, headers: layHeaders(base.headers, own.headers) };
  const urls = own.baseUrls;
  if (urls == null) laid.baseUrls = base.baseUrls;
  else if (typeof urls === "object") {
    const merged: Record<string, unknown> = { ...base.baseUrls };
    for (const [host, url] of Object.entries(urls)) if (url !== undefined) merged[host] = url;
    laid.baseUrls = merged;
  }
  return laid;
}

/**
 * The options of each area: `bases[area]` (what it takes of the shared options), with its entry in
 * `areas` (the caller's `areas` option) laid over them, checked as its factory would check them and
 * copied. An error names the option's whole path (`areas.sender.timeout`).
 * @param batched the areas that take a batcher (the JSON-RPC areas that document batches)
 * @param hostOf each area's host, whose client is made now for an area given a URL of it, so that
 * what the client refuses when made (a key over plain http) is refused now too, not on first use
 * @param keyFromEnv {@link sharedOptions}' CHAINDATA_API_KEY, the key of each area that has none
 * and whose environment is not `local`
 * @throws ConfigurationError for `areas` that are not an object, a name that is no area, an entry
 * that is not an object, a `batch` (but `false`) for an area that does not batch, or an option its
 * factory refuses
 */
export function areaOptions<Area extends string, Batched extends Area>(
  areas: unknown,
  bases: Record<Area, ClientOptions>,
  batched: readonly Batched[],
  hostOf: Record<Area, HostName>,
  keyFromEnv?: string,
): Record<Area, ClientOptions> {
  const laid = laidOptions(areas, bases, batched, keyFromEnv);
  for (const area of Object.keys(laid) as Area[]) {
    const host = hosts[hostOf[area]];
    if (laid[area].baseUrls?.[host.name] == null) continue;
    try {
      createRestTransport(laid[area] as RestClientOptions, host);
    } catch (error) {
      // (Named by the area's path when it has options of its own: its key or URL may be there.)
      throw error instanceof ConfigurationError &&
        (areas as Record<string, unknown> | null | undefined)?.[area] != null
        ? new ConfigurationError(`areas.${area}.${error.message}`)
        : error;
    }
  }
  return laid;
}

/** {@link areaOptions}' options of each area, checked as its factory checks them and copied. */
function laidOptions<Area extends string, Batched extends Area>(
  areas: unknown,
  bases: Record<Area, ClientOptions>,
  batched: readonly Batched[],
  keyFromEnv: string | undefined,
): Record<Area, ClientOptions> {
  const laid = { ...bases };
  for (const area of Object.keys(laid) as Area[])
    laid[area] = withKeyFromEnv(laid[area], keyFromEnv);
  if (areas == null) return laid;
  const names = Object.keys(bases) as Area[];
  const given = (area: Area): unknown => (areas as Record<Area, unknown>)[area];
  const secrets = secretsOf([
    keyFromEnv,
    ...names.map((area) => bases[area].apiKey),
    ...areaKeys(areas),
  ]);
  knownNames(areas, names, "areas", "an area", names, secrets, "area name → client options");
  for (const area of names) {
    const entry = given(area);
    if (entry == null) continue;
    const path = `areas.${area}`;
    // (The names of the area's own options, listed in the message; a `batch` left undefined is
    // none.)
    const takes = (batched as readonly Area[]).includes(area)
      ? CLIENT_OPTIONS
      : CLIENT_OPTIONS.filter((n: string) => n !== "batch");
    knownNames(entry, CLIENT_OPTIONS, path, "a client option", takes, secrets);
    const own = clientOptions(entry);
    // (Refused as the area's own factory refuses it, in the same words.)
    if (!takes.includes("batch")) unbatched(own, area, path + ".");
    const options = withKeyFromEnv(layOver(bases[area], own), keyFromEnv);
    try {
      check(options);
    } catch (error) {
      // (The shared options passed the same check: what fails is the area's own.)
      throw error instanceof ConfigurationError
        ? new ConfigurationError(`${path}.${error.message}`)
        : error;
    }
    laid[area] = snapshotOptions(options);
  }
  return laid;
}
