/**
 * The options' resolution to a configuration: the API key's reading, the checks of client and
 * per-call options, and the base URL of each host. The option types are options.ts's, exported
 * from here too.
 */
import { ConfigurationError, ValidationError } from "./errors.js";
import { batchingAreas } from "./generated/areas.js";
import { hostNames, type Host, type HostName } from "./generated/environments.js";
import type { ClientOptions, RequestOptions, ResolvedConfig } from "./options.js";
import { quoteServer } from "./quote.js";

// (Every one of them: the modules that import a type from config.js need not know the split.)
export type * from "./options.js";

/** The environment variable read when `apiKey` is not given. */
export const API_KEY_ENV = "CHAINDATA_API_KEY";

/**
 * The environment variable {@link API_KEY_ENV} as a client reads it: `undefined` where there is
 * no `process` (browsers) or reading it throws (Deno without --allow-env).
 */
export const keyFromEnvironment = (): string | undefined => {
  try {
    return readKeyVariable();
  } catch {}
};

const readKeyVariable = () =>
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[
    API_KEY_ENV
  ];

/**
 * Whether the runtime has environment variables a user can set (a `process` whose `versions` name
 * `node`, as Node's, Bun's and Deno's do, and not a bundler's browser polyfill, whose are empty; or
 * one whose `env` holds {@link API_KEY_ENV}), so that a message may name the variable: not in a
 * page, nor in React Native. (workerd's `process` with `nodejs_compat` from compatibility date
 * 2025-04-01 to 2025-09-14 has no `versions`, and its `env` holds the Worker's bindings: a 401 to
 * a key read from a `CHAINDATA_API_KEY` binding would otherwise name only `apiKey`.)
 */
export const hasKeyVariables = (): boolean =>
  !!(
    (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node ||
    keyFromEnvironment()
  );

/**
 * What a missing key's message adds after "pass `apiKey`" for the host named `hostName`: where a
 * process has environment variables (a `process` whose `versions` name `node`: Node, Bun, Deno,
 * Workers' `nodejs_compat`; not a bundler's `process` polyfill), to set {@link API_KEY_ENV}, and
 * where reading it throws, as the variable may well be set, the runtime's words, which name it
 * (Deno without --allow-env: `Requires env access to "CHAINDATA_API_KEY", run again with the
 * --allow-env flag`; Deno does not ask again for a read it was refused; a thrown value that is no
 * error adds nothing). Elsewhere, that the variable is not set or not read there: a page has no
 * `process` (or a polyfill's), React Native's holds `NODE_ENV` only, and a Worker without one does
 * not read its bindings (a `CHAINDATA_API_KEY` secret there is passed as `apiKey:
 * env.CHAINDATA_API_KEY`). ("Not set" too: workerd's `process` with `nodejs_compat` from 2025-04-01
 * to 2025-09-14 reads a binding of that name, and without one looks as React Native's does, an
 * `env` and no `versions`.) There, the hint names the other way too: in a page or an app a key
 * passed is in the bundle, every user's, and a host given its own `baseUrls` entry is called
 * without one (decision 0016).
 */
export const keyVariableHint = (hostName: string): string => {
  if (!hasKeyVariables())
    return `, or \`baseUrls.${hostName}\` at your server, which adds it (${API_KEY_ENV} is not set or not read here)`;
  const hint = ` or set ${API_KEY_ENV} before the client is created`;
  try {
    readKeyVariable();
  } catch (error) {
    // (Only an error's words: what else is thrown says nothing.)
    if (error instanceof Error) return `${hint} (${error.message})`;
  }
  return hint;
};

/**
 * Every option of {@link ClientOptions}, in the order messages list them (the sdk's too).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const CLIENT_OPTIONS = [
  "apiKey",
  "environment",
  "baseUrls",
  "fetch",
  "headers",
  "timeout",
  "maxRetries",
  "logger",
  "onAttempt",
  "batch",
  "coalesce",
  "rateLimit",
] as const satisfies readonly (keyof ClientOptions)[];
// (Complete: a member of ClientOptions missing above makes `false` here, a compile error.)
type _True<T extends true> = T;
type _AllClientOptions = _True<
  [Exclude<keyof ClientOptions, (typeof CLIENT_OPTIONS)[number]>] extends [never] ? true : false
>;

/**
 * Throws the ConfigurationError of option `name` breaking `rule`: the `name: rule` message of
 * every option check (the sdk's and the webhook receiver's too).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const misconfigured = (name: string, rule: string): never => {
  throw new ConfigurationError(`${name}: ${rule}`);
};

/**
 * `options`, unless they give a `batch` (other than `false`): the client of `area` cannot batch (a
 * REST one, or the sender's, whose endpoint documents no JSON-RPC batches), and a batcher ignored
 * would let the caller believe its calls are batched. `prefix` goes before the option's name (the
 * sdk's `areas.sender.`). For the generated clients and the sdk, which word it alike.
 * @throws ConfigurationError `batch: is not an option of the sender client (only the … areas
 * batch)`, naming the areas that batch (`batchingAreas`, generated from the spec: its JSON-RPC
 * areas but those whose `info.x-batch` is false)
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const unbatched = <T>(options: T, area: string, prefix = ""): T => {
  const batch = (options as { batch?: unknown } | null | undefined)?.batch;
  if (batch !== undefined && batch !== false)
    misconfigured(
      `${prefix}batch`,
      `is not an option of the ${area} client (only the ${batchingAreas} areas batch)`,
    );
  return options;
};

/**
 * Throws the ConfigurationError of options that are none ({@link notOptions}: not an object, nor
 * `null` or `undefined`, which a caller reading them as none replaces first; a Promise, a Map, a
 * Date, an array), named as the argument (`options`, or `prefix` without its dot: `batch`); or of
 * the first name in `options` that is not one of `names`: a typo (`timout`, `maxsize`) would
 * otherwise be ignored. For the packages' own option checks (the webhook receiver's). A name
 * longer than any option's (24 characters) is not quoted but counted, `<a name of 36
 * characters>`: it may be the API key (36 characters) given as a name, `{ [key]: 1 }`. (The sdk's
 * `createChainDataClient` also hides a shorter name holding a key given with its options,
 * options.ts `couldBeKey`; doing that here too measured +39 B gz in every bundle, against +20 for
 * the length rule alone, so the rule for a key under 25 characters is the sdk's only.) A shorter
 * one is escaped as a refused value is: a line break in it forged a log line.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const knownOptions = (
  options: unknown,
  names: readonly string[],
  kind: string,
  prefix = "",
): void => {
  // (The argument is named as a batcher's or a limiter's other errors name it: `batch`,
  // `rateLimit`.)
  const given = notOptions(options);
  if (given)
    misconfigured(
      prefix.slice(0, -1) || "options",
      `must be an object of ${kind} options (got ${given})`,
    );
  for (const name in options as object)
    if (!names.includes(name))
      misconfigured(
        prefix + (name.length > 24 ? `<a name of ${name.length} characters>` : quoteServer(name)),
        `is not a ${kind} option (${names.join(", ")})${unknownNameHint(name, names)}`,
      );
};

/**
 * What a message adds after the list of `names` that an unknown `name` is not in, or `""`: where a
 * walk's cap goes, for `maxPages` given to one call or to a client (the list alone did not say;
 * `.all()` names the client's walk, "a paged method's" as the sender, admin and webhooks have
 * none; the standalone walk, `paginate<Method>`, costs more bytes in every bundle to name); else
 * the nearest name, as tsc suggests one (`timout`: `; did you mean timeout?`), the first of `names`
 * that starts with the same three letters, case aside, and is at most 2 characters longer or
 * shorter. (None otherwise: `retry` is no `retryNonIdempotent`, and a wrong guess misleads more
 * than the list. 59 B gzipped in the DAS getAsset program; an edit distance under 3 cost 137.)
 * The sdk's `createChainDataClient` adds it too, so that a typo reads the same there and in an
 * area's factory, and so does a refused param or body field (validate.ts `vObject`: +12 B).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const unknownNameHint = (name: string, names: readonly string[]): string => {
  const near = names.find(
    (option) =>
      option.slice(0, 3).toLowerCase() == name.slice(0, 3).toLowerCase() &&
      Math.abs(option.length - name.length) < 3,
  );
  return name == "maxPages"
    ? "; a paged method's .all() takes it"
    : near
      ? `; did you mean ${near}?`
      : "";
};

/**
 * What `options` are, when they are none: their type when not an object (`string`, `null`; a
 * string given for the options is often the API key, so never its value), or the built-in kind
 * of an object whose options a call would read as none (`Object.prototype.toString`'s tag): a
 * `Promise` (`createAdminClient(loadConfig())` without `await` went on with the defaults, the
 * production host and $CHAINDATA_API_KEY, and a walk's `maxPages` was lost), a
 * `Map`, a `Date`, an `Array` (`[]`; one with items was refused by its name `0`), a `Set`….
 * `undefined` for options: a plain object, one without a prototype, a class instance or
 * `Object.create(defaults)` (read by name, getters too: see {@link ownOptions}), a module
 * namespace (`import * as options`). An object with a `then` method, a thenable, is a `Promise`.
 * A kind is escaped and cut at 40 characters, as a name shown is: a class may set its own
 * (`Symbol.toStringTag`), which may hold anything. Such an instance is refused too (`got
 * Settings`; core's README says to pass `{ ...settings }`): `Map`, `Set` and `Promise` set the same
 * tag on their prototypes, and telling a class's from theirs by `instanceof globalThis[tag]`
 * (+16 B) would take a `Map` or `Date` of another realm (an iframe, a `vm` context) as options.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const notOptions = (options: unknown): string | undefined => {
  const given =
    options && typeof options == "object"
      ? // (A thenable is named a Promise: a library's, its state in private fields, has no name
        // for-in finds, and was read as no options.)
        typeof (options as { then?: unknown }).then == "function"
        ? "Promise"
        : {}.toString.call(options).slice(8, -1)
      : typeOf(options);
  if (given != "Object" && given != "Module") return quoteServer(given, 40);
};

/**
 * The `names` that `options` sets, each read as a call reads it (an own property, an inherited one,
 * a getter), copied into a plain object of their own; a name left `undefined` sets nothing and is
 * left out. Every later step (a spread, the batcher, a page walk's per-page copy) then sees what
 * was checked: a spread alone keeps own enumerable properties only, and would drop the `baseUrls`
 * of a class instance's getter or the `signal` of `Object.create(defaults)`.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const ownOptions = (options: object, names: readonly string[]): Record<string, unknown> => {
  const own: Record<string, unknown> = {};
  for (const name of names) {
    const value = (options as Record<string, unknown>)[name];
    if (value !== undefined) own[name] = value;
  }
  return own;
};

/**
 * `value` as text for a message: a short string quoted (`timeout: "100"` must not read as the
 * number 100), a bigint with its `n`, a number or other primitive as itself; a long string, an
 * object, an array or a function by what it is, not quoted: it may be the API key, an array
 * holding it, or a getter whose source spells it. An object by its built-in kind where it has one
 * ({@link notOptions}: `Array`, `Date`, `Number` for `new Number(5)`, `BigInt` for `Object(5n)`,
 * as the parameter checks name them), else "object". Exported from the package, for the option
 * checks of the other packages (the webhook receiver).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const messageValue = (value: unknown): string =>
  typeof value === "string"
    ? value.length > 12
      ? "a long string"
      : JSON.stringify(value)
    : value && typeof value === "object"
      ? notOptions(value) || "object"
      : typeof value === "function"
        ? "function"
        : // (A bigint as written in code: "got 2" would read as a valid whole number.)
          typeof value === "bigint"
          ? `${value}n`
          : String(value);

/**
 * The type of `value`, for a message that must not quote it: a string given where the options
 * object belongs is often the API key (`createDasClient(key)`), and one given as `baseUrls` a URL
 * that may hold a key. (`null` as itself, not "object".)
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const typeOf = (value: unknown) => (value === null ? "null" : typeof value);

/**
 * Refuses each member of `names` that is set but not of `kind` (a hook, a logger's method: a
 * function), named `path` + its name, saying it `must be a <kind>` (a boolean: `true or false`,
 * the values a flag takes) and what it got: the rule is read from the kind, not passed beside it.
 * `none`: a value besides `undefined` that sets none (`null`, where an sdk area turns a hook off).
 * A member that cannot be read (a getter that throws) is left to fail where it is used: a
 * logger's, quietly, as a broken logger never fails a call; an option's, as the options are copied
 * (`ownOptions`; `apiKey` is read before its check).
 */
const requireKind = (
  object: any,
  names: readonly string[],
  kind: "function" | "boolean" | "string",
  path = "",
  none?: null,
) => {
  for (const name of names) {
    let member: unknown;
    try {
      member = object?.[name];
    } catch {}
    if (member !== undefined && member !== none && typeof member !== kind)
      misconfigured(
        path + name,
        `must be ${kind == "boolean" ? "true or false" : "a " + kind} (got ${typeOf(member)})`,
      );
  }
};

const REQUEST_OPTIONS = [
  "signal",
  "timeout",
  "maxRetries",
  "headers",
  "retryNonIdempotent",
  "onResponse",
  "onAttempt",
] satisfies (keyof RequestOptions)[] as string[];

/**
 * Checks the options of one call, before anything is sent: an object whose names are request
 * options (or `more`, a method's query options), a `signal` that is an AbortSignal, a boolean
 * `retryNonIdempotent`, a sane `timeout` and `maxRetries`. A typo such as `timout` would otherwise
 * mean no time limit.
 * @returns the options as checked, in a plain object of their own ({@link ownOptions}): what the
 * call goes on with
 * @internal
 */
export const checkRequestOptions = (
  options: unknown,
  more: readonly string[] = [],
): RequestOptions & Record<string, unknown> => {
  if (options === undefined) return {};
  const names = [...REQUEST_OPTIONS, ...more];
  knownOptions(options, names, "request");
  const { signal, timeout, maxRetries } = options as RequestOptions;
  if (
    signal != null &&
    (typeof signal.addEventListener !== "function" ||
      typeof signal.removeEventListener !== "function")
  )
    // (An AbortController in its place is the usual slip: the kind says so.)
    misconfigured("signal", `must be an AbortSignal (got ${notOptions(signal) ?? "Object"})`);
  requireKind(options, ["onResponse", "onAttempt"], "function");
  // (Read as a boolean, the string "false" would retry a write.)
  requireKind(options, ["retryNonIdempotent"], "boolean");
  checkLimits(timeout, maxRetries);
  return ownOptions(options as object, names);
};

/**
 * Refuses option `name` of `options`, when set, unless it is an object with the `method` of what
 * `factory` makes (`batch: true` or a plain object: a ConfigurationError naming the factory and
 * what it got, `(got true)`, as the other option checks say). (A function is the factory itself,
 * not called: it has a `bind` too.)
 */
const requireMadeBy = (
  options: ClientOptions,
  name: keyof ClientOptions,
  method: string,
  factory: string,
  value = options[name],
) => {
  if (
    value &&
    (typeof value !== "object" || typeof (value as Record<string, unknown>)[method] !== "function")
  )
    misconfigured(name, `must be made by ${factory} (got ${messageValue(value)})`);
};

/** Checks `timeout` and `maxRetries`, of the client or of one request. */
const checkLimits = (timeout: unknown, maxRetries: unknown): void => {
  // (`!(x > 0)` also refuses NaN, which would otherwise mean "no timeout".)
  if (timeout !== undefined && !(typeof timeout === "number" && timeout > 0))
    misconfigured(
      "timeout",
      `must be a number of milliseconds > 0, or Infinity (got ${messageValue(timeout)})`,
    );
  if (maxRetries !== undefined && !(Number.isInteger(maxRetries) && (maxRetries as number) >= 0))
    misconfigured("maxRetries", `must be a whole number >= 0 (got ${messageValue(maxRetries)})`);
};

/**
 * Applies the defaults to `options`.
 * @throws ConfigurationError naming the option and the rule: an unknown option (a typo such as
 * `baseUrl` would otherwise send the real key to the default host), a key that is not a string,
 * a `fetch` or `onAttempt` that is not a function (`onAttempt: null` is none), a `logger` whose
 * `debug`, `info` or `warn` is not a function, a bad `timeout` or `maxRetries`, or a `batch` /
 * `coalesce` / `rateLimit` that is not a batcher, coalescer or limiter
 * @param readsKeyVariable - whether a missing `apiKey` is read from {@link API_KEY_ENV} (by
 * default, yes): not for a host whose key is optional and its own (the Sender), where Deno would
 * ask for access to a variable whose key is never sent there
 */
export const resolveConfig = (
  options?: ClientOptions | null,
  readsKeyVariable = true,
): ResolvedConfig => {
  // (`null` reads as "no options", as `undefined` does.)
  options ??= {};
  knownOptions(options, CLIENT_OPTIONS, "client");
  const { environment = "mainnet", timeout = 60_000, maxRetries = 2 } = options;
  const givenKey = options.apiKey;
  requireKind(options, ["apiKey"], "string");
  requireKind(options, ["fetch"], "function");
  // (A function, such as `console.log`, has no logging methods: nothing would ever be logged.)
  const { logger } = options;
  if (logger != null && typeof logger !== "object")
    misconfigured(
      "logger",
      `must be an object with debug, info and/or warn methods (got ${typeOf(logger)})`,
    );
  requireKind(logger, ["debug", "info", "warn"], "function", "logger.", null);
  // (`null` is none, as for `logger`: how an sdk area turns the shared hook off.)
  requireKind(options, ["onAttempt"], "function", "", null);
  checkLimits(timeout, maxRetries);
  // (The variable only when no key is given: `apiKey: ""` sends none, for a proxy that adds the key
  // on a server where the variable is set. Nor in the local environment: the mock takes any key,
  // and the real one need not travel there, over plain http to a container's name.) A key read
  // from a file often ends in a newline: white space at either end is trimmed (header APIs strip
  // it before sending, so the key the server sees, and may echo back, is the one we redact).
  let configuredKey = givenKey;
  if (readsKeyVariable && environment !== "local") configuredKey ??= keyFromEnvironment();
  configuredKey = configuredKey?.trim() || undefined;
  // A key pasted with a line break, a space or a non-ASCII letter inside would be sent and answered
  // 401 like any wrong key. Also refused: control characters, which JSON writes as escapes (`\n`)
  // that redaction would not recognise, and a lone surrogate, on which URL-encoding throws.
  // Also refused: the text of an unset variable, which Node's `process.env.KEY = unsetVariable` and
  // a template such as `${config.key}` write: no real key is "undefined" or "null". And a key in
  // quotes, which `docker run --env-file` keeps from a .env line (`KEY="…"`). And a URL holding the
  // key (`https://…?api-key=…`, as a provider's dashboard shows it), which would travel whole: by
  // its scheme, a key parameter however spelt (`apiKey=`, `api_key=`), or a host's last label or
  // port and then a path or query (`node.example.com/?…`, `localhost:8899/…`, `[::1]:8899/…`).
  // Real keys (UUIDs, base64, base64url, a JWT's dotted base64url) have no `?` and no `:`, and
  // none has both a `.` and a `/`.
  const badKey = configuredKey?.match(
    /[^!-~]|^(undefined|null)$|^(["']).*\2$|^(https?:|.*(api[-_]?key=|[.:]\w+[/?]))/i,
  );
  if (badKey)
    misconfigured(
      givenKey === undefined ? API_KEY_ENV : "apiKey",
      badKey[1]
        ? "looks like an unset variable turned into text"
        : badKey[2]
          ? "must not be wrapped in quotes"
          : badKey[3]
            ? "must be the key alone, not a URL holding it"
            : "must be printable ASCII with no space or line break inside",
    );
  requireMadeBy(options, "batch", "bind", "createBatcher()");
  requireMadeBy(options, "coalesce", "share", "createCoalescer()");
  requireMadeBy(options, "rateLimit", "acquire", "createRateLimiter({ requestsPerSecond })");
  // The keys are not enumerable, so logging or serialising the config does not show them; and
  // getters, so that showing non-enumerable properties too (`util.inspect` with `showHidden`, a
  // browser's console) shows `[Getter]`, not the key.
  const apiKey = configuredKey ?? (environment === "local" ? "local" : undefined);
  return Object.defineProperties(
    { ...ownOptions(options, CLIENT_OPTIONS), environment, timeout, maxRetries },
    {
      // The local mock only checks that a key is present. (`enumerable` stated: the spread has an
      // `apiKey` given as an option, and redefining a property keeps what is not stated.)
      apiKey: { get: () => apiKey, enumerable: false },
      keyToMask: { get: () => configuredKey },
    },
  ) as ResolvedConfig;
};

/**
 * A copy of client `options` that later changes to the caller's object do not reach, `baseUrls`
 * and `headers` included (a `Headers` object or pairs are copied as such, not spread into an
 * empty object). For a client that reads its options again after creation (the sender's `ping`):
 * it must reach the same host, with the same headers, as the calls resolved at creation. For the
 * generated sender client and the sdk.
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const snapshotOptions = <T>(options: T): T => {
  if (!options || typeof options !== "object") return options;
  // (Called once the client is made: `baseUrls` and `headers` have passed its checks. The options
  // and `baseUrls` are read by name as well as spread: an inherited or getter value is kept, and
  // so is an unknown own name, for the client made from the copy to refuse.)
  const { baseUrls, headers } = options as { baseUrls?: object; headers?: unknown };
  return {
    ...options,
    ...ownOptions(options, CLIENT_OPTIONS),
    baseUrls: baseUrls && { ...baseUrls, ...ownOptions(baseUrls, hostNames) },
    headers:
      headers instanceof Headers
        ? new Headers(headers)
        : Array.isArray(headers)
          ? headers.map((pair: string[]) => [...pair])
          : headers && { ...headers },
  };
};

/**
 * The base URL of `host`, without a trailing slash or white space: `baseUrls[host]`, else the
 * environment's.
 * @throws ConfigurationError naming the option: an unknown `environment`, a `baseUrls` key that
 * is no host, no URL for the host, or one that is not http(s), does not parse, or has
 * credentials, a query or a fragment
 */
export const resolveBaseUrl = (config: ResolvedConfig, host: Host): string => {
  const { name, urls } = host;
  const { environment } = config;
  // (`null` reads as no overrides, as `undefined` does.)
  const baseUrls = config.baseUrls ?? {};
  if (typeof baseUrls !== "object")
    misconfigured("baseUrls", `must be an object of host name → URL (got ${typeOf(baseUrls)})`);
  if (typeof environment !== "string" || !Object.hasOwn(urls, environment))
    misconfigured(
      "environment",
      // (A long string is not quoted: it may be the key, or a URL holding it.)
      `must be one of ${Object.keys(urls).join(", ")} (got ${messageValue(environment)})`,
    );
  // A misspelt host would otherwise send the real key to the default URL.
  for (const key in baseUrls)
    if (!hostNames.includes(key as HostName))
      misconfigured(`baseUrls.${key}`, `is not a host (${hostNames.join(", ")})`);
  const url = baseUrls[name] ?? urls[environment];
  // (`""` given is a bad URL, below, not a missing one.)
  if (url == null)
    throw new ConfigurationError(
      `No ${name} URL for environment "${environment}": set \`baseUrls.${name}\``,
    );
  const fault = urlFault(url, host);
  if (fault) misconfigured(`baseUrls.${name}`, fault);
  // (Trailing white space too, as the key's is trimmed: a URL read from a file ends in a line
  // break, which fetch's URL parser drops only once the path is joined after it, `/proxy/\n` +
  // `/v1/…` sent to `/proxy//v1/…`.)
  return url.replace(/[/\s]+$/, "");
};

/**
 * The rule `url` breaks as `host`'s base URL, or `""`: first the host's own (its `urlFault`: the
 * sender's tells a region's name given for its URL, `"slc"`, the constant that holds the URL, and
 * refuses a URL ending in `/fast`), then an http(s) URL that parses, without user or password,
 * query or fragment. Only a value without a scheme is shown, where seeing it helps most
 * (`"127.0.0.1:4050"`), and only if it is a host name (a `.` or a `:`, and no path, credentials,
 * query or fragment: any of them may hold a token) or short: a long bare word may be the key
 * itself.
 */
const urlFault = (url: unknown, host: Host): string => {
  const own = host.urlFault?.(url);
  if (own) return own;
  if (typeof url !== "string" || !/^https?:\/\//i.test(url))
    return `must start with http:// or https:// (got ${
      typeof url === "string" && /^[^/@?#]*[.:][^/@?#]*$/.test(url)
        ? JSON.stringify(url)
        : messageValue(url)
    }${
      // (A same-origin proxy's path, the first thing a page's code writes. One slash only:
      // `//host/rpc` is a URL without its scheme, which `new URL(path, location.href)` would give
      // the page's. A server has no `location`. Short: it is in every bundle.)
      typeof url === "string" && url[0] == "/"
        ? url[1] == "/"
          ? ", add https:"
          : ", a path: in a page, give new URL(path, location.href).href"
        : ""
    })`;
  const mark = /[?#]/.exec(url)?.[0];
  try {
    // (Parsed: a space or a bad port in the host would make fetch fail on every call. Only
    // parsed: React Native's URL before 0.80 throws "not implemented" from `username` and the
    // other getters, which refused every URL, the default ones too.)
    new URL(url);
  } catch {
    return "must be a valid URL";
  }
  // (Credentials: an `@` before the host's end, as the URL parser finds them.)
  return mark || /\/\/[^/?#\\]*@/.test(url)
    ? `must not have ${mark ? (mark === "?" ? "a query" : "a fragment") : "credentials"}`
    : "";
};

/**
 * Refuses what a call of an operation without params was given after its request options: one
 * written as the others are, `(params, options)`, would otherwise send with its options ignored
 * (an aborted `signal` too). A ValidationError, as the params' own refusals are. (The REST calls'
 * and the text calls', rest.ts and get-text.ts, run before {@link checkRequestOptions}.)
 */
export const refuseExtraArguments = (id: string, extra: readonly unknown[] = []): void => {
  if (extra.length) {
    const detail = `${id} takes no params; its only argument is the request options (got ${extra.length + 1} arguments)`;
    const message = `params: ${detail}`;
    throw new ValidationError(message, {
      issues: [{ path: "params", rule: "arguments", message, detail }],
    });
  }
};
