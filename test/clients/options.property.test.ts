/**
 * Every public option surface of the SDK, property-tested: bad input always gets a clear error
 * that names the option and its rule, and nothing is sent or lost; the documented edges of each
 * option are accepted and take effect.
 *
 * Surfaces: the client options of every factory (each area's `createXClient` / `createXRpc`, core's
 * `createJsonRpcClient` / `createRestTransport`, and `@chaindata/sdk`'s `createChainDataClient`); the
 * per-call options of every kind of call (JSON-RPC, batched JSON-RPC, REST read and write,
 * `request()`, `.all()`, the sender's query option and `ping`, the composed client's areas);
 * `createBatcher`, `createRateLimiter`; the webhook receiver (`createWebhookHandler`,
 * `toNodeHandler`, `createMemorySignatureStore`).
 *
 * The rules checked are the documented ones (JSDoc of `ClientOptions` / `RequestOptions` in
 * packages/core/src/options.ts, packages/core/README.md "Options", the factories' JSDoc), written
 * here as oracles: a generated value the rule allows is not a wrong value.
 *
 * For each wrong value: the error is thrown at creation (client options, synchronously) or before
 * any `fetch` (per-call options); it is a ConfigurationError whose message is
 * `<option path>: <rule>`; no TypeError escapes; the API key (a canary, also in the environment
 * variable) and the webhook secret appear in none of `String(err)`, `message`, `stack`,
 * `JSON.stringify(err)` and `cause`; no timer is left behind; and the client still works for the
 * next, valid call. A value whose own getters throw (a Proxy) may instead surface that very error,
 * the caller's own, unchanged.
 *
 * Every run tries the same edge values and near-miss names first (fast-check `examples`: 0, -0,
 * NaN, ±Infinity, fractions, numbers as strings, `null`, a bigint, a symbol, values with no text,
 * `apikey`, `baseURL`, `maxRetry`, `timeOut`, ...), then random ones.
 *
 * Accepted on purpose, so not wrong values here: a falsy `headers`, `batch` or `rateLimit` (none;
 * for a client that cannot batch, `batch: false` alone); `null` options, `baseUrls`, a `null`
 * header or base URL entry, `signal: null` and `maxPages: null` (not given); a `logger` object of
 * any shape (its methods never checked, never failing a call); another host's `baseUrls` entry on an area
 * client (only the composed client checks every host). A revoked Proxy is left out: some reads of
 * it throw the engine's TypeError.
 *
 * Reproducible: fixed SEED; fast-check prints the seed, path and counterexample of a failure.
 */
import { createAdminClient } from "@chaindata/admin";
import { createCompressionClient, createCompressionRpc } from "@chaindata/compression";
import {
  AbortError,
  ConfigurationError,
  createBatcher,
  createJsonRpcClient,
  createRateLimiter,
  createRestTransport,
  hostNames,
  InternalServerError,
  rpcHost,
  TimeoutError,
  ValidationError,
  walletHost,
  type HostName,
} from "@chaindata/core";
import { createDasClient, createDasRpc, getAsset } from "@chaindata/das";
import { createMintClient, createMintRpc } from "@chaindata/mint";
import { createChainDataClient } from "@chaindata/sdk";
import { createSenderClient, createSenderRpc } from "@chaindata/sender";
import { createTokenMetadataClient } from "@chaindata/token-metadata";
import { createWalletClient } from "@chaindata/wallet";
import {
  createMemorySignatureStore,
  createWebhookHandler,
  createWebhooksClient,
  toNodeHandler,
} from "@chaindata/webhooks";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notABatchOption } from "../../packages/sdk/src/test-support/batching-areas.js";
import { areas } from "../spec/documents.js";

const SEED = 20_260_412;
/** Runs per factory or call site and property; the suite stays well under 20 s. */
const RUNS = 150;

// Canaries: recognizable, so a leak anywhere is found by a plain substring search.
const KEY = "cdk-LEAK-CANARY-7f3a9c2e51";
const ENV_KEY = "cdk-ENV-CANARY-0b8d4e6f93";
const WEBHOOK_SECRET = "whsec-LEAK-CANARY-d41c";
const SECRETS = [KEY, ENV_KEY, WEBHOOK_SECRET];

const ADDRESS = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";
/** The smallest signed transaction, in base64: one signature, the header [1, 0, 0], one address, a blockhash, no instructions. */
const TRANSACTION = btoa(
  String.fromCharCode(1, ...Array<number>(64).fill(9), 1, 0, 0, 1, ...Array<number>(65).fill(0)),
);
const WEBHOOK_ID = "7f8c0b1e-2a3d-4c5e-8f90-1a2b3c4d5e6f";

const CLIENT_OPTIONS =
  "apiKey, environment, baseUrls, fetch, headers, timeout, maxRetries, logger, onAttempt, batch, coalesce, rateLimit";
/** createChainDataClient's: no `rateLimit` (a limiter is an area's own, refused at the top), and `areas`. */
const SDK_OPTIONS =
  "apiKey, environment, baseUrls, fetch, headers, timeout, maxRetries, logger, onAttempt, batch, coalesce, areas";
const REQUEST_OPTIONS =
  "signal, timeout, maxRetries, headers, retryNonIdempotent, onResponse, onAttempt";
/**
 * The call options the generated READMEs list: REQUEST_OPTIONS but `onAttempt`, which
 * scripts/generate/readme.mjs does not list yet (its change, and the regeneration, belong with the
 * generator; until then this pins the rest of the list).
 */
const README_REQUEST_OPTIONS = REQUEST_OPTIONS;
const HOSTS = "rpc, wallet, admin, api, sender";

// ---------------------------------------------------------------------------------------------
// Recording fetch and timer tracking
// ---------------------------------------------------------------------------------------------

interface Sent {
  url: URL;
  method: string;
  headers: Headers;
  body: string | undefined;
}

/**
 * A `fetch` that records every request and answers it as the protocol expects: a JSON-RPC
 * request (or batch) with `result` for each id (`{ items: [] }`, so a page walk ends), `ok` for
 * the sender's ping, `{}` for a REST call. `status` answers with that status instead.
 */
function recordingFetch(answer: { status?: number; headers?: Record<string, string> } = {}) {
  const sent: Sent[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}) => {
    const request: Sent = {
      url: new URL(String(input)),
      method: init.method ?? "GET",
      headers: new Headers(init.headers),
      body:
        init.body == null || typeof init.body === "string"
          ? (init.body ?? undefined)
          : new TextDecoder().decode(init.body as ArrayBuffer),
    };
    sent.push(request);
    if (answer.status)
      return new Response('{"error":"unavailable"}', {
        status: answer.status,
        headers: answer.headers,
      });
    if (request.url.pathname === "/ping") return new Response("ok");
    const parsed: unknown = request.body ? JSON.parse(request.body) : undefined;
    const result = (entry: { id?: unknown }): unknown => ({
      jsonrpc: "2.0",
      id: entry.id,
      result: { items: [] },
    });
    const json =
      parsed && typeof parsed === "object" && "jsonrpc" in parsed
        ? result(parsed as { id?: unknown })
        : Array.isArray(parsed)
          ? parsed.map(result)
          : // (An empty page to the wallet balances walk, which needs its list: paginate.ts.)
            request.url.pathname.endsWith("/balances")
            ? { balances: [] }
            : {};
    return new Response(JSON.stringify(json), { headers: { "content-type": "application/json" } });
  };
  return { fetch, sent };
}

/**
 * Timers created through the global `setTimeout` / `setInterval` and not yet fired or cleared.
 * (The runtime looks them up at call time; vitest keeps its own references, so they are not counted.)
 */
const pendingTimers = new Set<unknown>();
const realTimers = {
  setTimeout: globalThis.setTimeout,
  clearTimeout: globalThis.clearTimeout,
  setInterval: globalThis.setInterval,
  clearInterval: globalThis.clearInterval,
};
function trackTimers() {
  globalThis.setTimeout = ((
    handler: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    const id = realTimers.setTimeout(() => {
      pendingTimers.delete(id);
      handler(...args);
    }, ms);
    pendingTimers.add(id);
    return id;
  }) as typeof setTimeout;
  globalThis.clearTimeout = (id: unknown) => {
    pendingTimers.delete(id);
    realTimers.clearTimeout(id as never);
  };
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
    const id = realTimers.setInterval(...args);
    pendingTimers.add(id);
    return id;
  }) as typeof setInterval;
  globalThis.clearInterval = (id: unknown) => {
    pendingTimers.delete(id);
    realTimers.clearInterval(id as never);
  };
}

let savedEnvKey: string | undefined;
beforeAll(() => {
  // A key in the environment too: it is used when `apiKey` is absent, and must not leak either.
  savedEnvKey = process.env.CHAINDATA_API_KEY;
  process.env.CHAINDATA_API_KEY = ENV_KEY;
  trackTimers();
});
afterAll(() => {
  Object.assign(globalThis, realTimers);
  if (savedEnvKey === undefined) delete process.env.CHAINDATA_API_KEY;
  else process.env.CHAINDATA_API_KEY = savedEnvKey;
});

// ---------------------------------------------------------------------------------------------
// Wrong values
// ---------------------------------------------------------------------------------------------

/** What a hostile value throws when touched: the caller's own error. */
class Sentinel extends Error {
  override name = "Sentinel";
}
const sentinel = new Sentinel("a hostile option value was touched");
const trap = () => {
  throw sentinel;
};
/** An object every operation on which throws the caller's error (a getter, `in`, keys, prototype). */
const trapped = new Proxy(
  {},
  { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap },
);
/** Values with no text: `String()` of them throws (the runtime's messages must still be made). */
const textless: unknown[] = [
  Object.create(null),
  { toString: trap, valueOf: trap },
  { [Symbol.toPrimitive]: trap },
];

const edgeNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  1.5,
  -1.5,
  NaN,
  Infinity,
  -Infinity,
  Number.MIN_VALUE,
  Number.MAX_VALUE,
  Number.MAX_SAFE_INTEGER,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 31),
);
const primitive = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.constantFrom("5000", "2", "0", "true", "false", "Infinity", "mainnet ", ""),
  fc.integer(),
  fc.double(),
  edgeNumbers,
  fc.bigInt({ min: -(1n << 70n), max: 1n << 70n }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(Symbol("option")),
);
const oddObject = fc.constantFrom<unknown>(
  () => {},
  async () => {},
  class Options {},
  new Date(0),
  /re/,
  new Map([["timeout", 1]]),
  new Error("not an option"),
  new Uint8Array(2),
  ...textless,
);
/** Any value of the wrong shape for most options: each option's oracle filters out what its rule allows. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: primitive },
  { weight: 2, arbitrary: oddObject },
  { weight: 1, arbitrary: fc.array(primitive, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), primitive, { maxKeys: 3 }) },
);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object";
const hasMethod = (value: unknown, name: string) =>
  isObject(value) && typeof value[name] === "function";
/** A value that is no object and not absent: what the `options` arguments refuse. */
const notAnObject = anyValue.filter(
  (value) => value != null && typeof value !== "object" && typeof value !== "function",
);
const typeNames = "(string|number|bigint|boolean|symbol|function|null)";

// The documented rules, as oracles.
const validTimeout = (value: unknown) => typeof value === "number" && value > 0;
const validRetries = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

// ---------------------------------------------------------------------------------------------
// Checking one refusal
// ---------------------------------------------------------------------------------------------

/** One wrong input and the refusal it must get. */
interface Refusal {
  /** What the input is, for the failure report. */
  label: string;
  /** The option(s) to pass. */
  value: unknown;
  /** The whole message of the ConfigurationError. */
  message: RegExp;
  /** The input's own getters throw: its Sentinel may come out instead, unchanged. */
  hostile?: boolean;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const exactly = (text: string) => new RegExp(`^${escape(text)}$`);
const safely = (read: () => unknown) => {
  try {
    return String(read());
  } catch (error) {
    return `(unreadable: ${String(error)})`;
  }
};

/** Every text an error shows (and its cause), for the leak check. */
const views = (error: unknown) => {
  const e = error as Error;
  return [
    safely(() => String(e)),
    safely(() => e.message),
    safely(() => e.stack),
    safely(() => JSON.stringify(e)),
    safely(() => String(e.cause)),
    safely(() => JSON.stringify(e.cause)),
  ];
};

/** Checks `error` is the refusal `expected` describes, and shows no secret. */
function expectRefused(error: unknown, expected: Refusal) {
  for (const text of views(error)) for (const secret of SECRETS) expect(text).not.toContain(secret);
  if (expected.hostile && error === sentinel) return;
  expect(error, `${expected.label}: ${safely(() => (error as Error).stack)}`).toBeInstanceOf(
    ConfigurationError,
  );
  // (Whole, where vitest's own report of a mismatch cuts both texts short.)
  const { message } = error as Error;
  if (!expected.message.test(message))
    expect.fail(
      `${expected.label}: the message\n  was:        ${message}\n  must match: ${expected.message}`,
    );
}

/** The error `action` throws synchronously (`undefined` if it returns). */
function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** Shows a generated value in a failure report (symbols and bigints included). */
const show = (value: unknown) => (value === trapped ? "a trapping Proxy" : fc.stringify(value));

/**
 * The wrong values every option is tried with on every run, before the random ones: the edges a
 * rule is most likely to get wrong (0, -0, NaN, Infinity, fractions, numbers as strings, `null`,
 * booleans, a bigint, a symbol, an array, a function, values with no text).
 */
const edgeValues: readonly unknown[] = [
  0,
  -0,
  -1,
  0.5,
  1.5,
  NaN,
  Infinity,
  -Infinity,
  Number.MIN_VALUE,
  2 ** 31,
  2 ** 53 + 2,
  "5000",
  "2",
  "",
  "true",
  "false",
  null,
  true,
  false,
  5n,
  Symbol("option"),
  [],
  [1],
  {},
  () => {},
  new Date(0),
  ...textless,
];

/**
 * Refusals of one kind: random ones for fast-check, and the cases tried on every run (fast-check
 * `examples`), so a documented edge is never left to chance.
 */
interface Family {
  arbitrary: fc.Arbitrary<Refusal>;
  examples: Refusal[];
}
/** Refusals shown by their label in fast-check's report (a value may be a Proxy that throws when read). */
const labelled = (refusal: Refusal): Refusal =>
  Object.assign(refusal, { [fc.toStringMethod]: () => refusal.label });
/** The refusals `make` builds from the `values` (random) and `fixed` (every run) that `wrong` selects. */
function family<T>(
  values: fc.Arbitrary<T>,
  fixed: readonly T[],
  wrong: (value: T) => boolean,
  make: (value: T) => Refusal,
): Family {
  return {
    arbitrary: values.filter(wrong).map((value) => labelled(make(value))),
    examples: fixed.filter(wrong).map((value) => labelled(make(value))),
  };
}
/** One family out of several; its examples are all of theirs. */
const anyOf = (families: Family[]): Family => ({
  arbitrary: fc.oneof(...families.map((f) => f.arbitrary)),
  examples: families.flatMap((f) => f.examples),
});
/**
 * fast-check's run parameters for a family: the fixed seed, its examples first, then `randomRuns`
 * random ones. (fast-check counts the examples in `numRuns`.)
 */
const runsOf = ({ examples }: Family, randomRuns = RUNS) => ({
  seed: SEED,
  numRuns: examples.length + randomRuns,
  examples: examples.map((refusal): [Refusal] => [refusal]),
  // (The assertion's own message in the report, beside the counterexample, not only as its cause.)
  includeErrorInReport: true,
});

/** The refusal of option `name` given `value`, with the message its rule gives. */
const optionRefusal =
  (name: string, message: RegExp, hostile = false) =>
  (value: unknown): Refusal => ({
    label: `${name}: ${show(value)}`,
    value: { [name]: value },
    message,
    hostile,
  });
/** `<name>: <rule> (got <anything>)`. */
const gotRule = (name: string, rule: string) =>
  new RegExp(`^${escape(name)}: ${escape(rule)} \\(got [^]*\\)$`);
/** Refusals of option `name` for every edge value and random value its rule (`valid`) excludes. */
const wrongValues = (
  name: string,
  valid: (value: unknown) => boolean,
  message: RegExp,
  more: readonly unknown[] = [],
) =>
  family(
    more.length ? fc.oneof(anyValue, fc.constantFrom(...more)) : anyValue,
    [...edgeValues, ...more],
    (value) => value !== undefined && !valid(value),
    optionRefusal(name, message),
  );
/** Unknown names (near misses always, random ones besides), with any value, `undefined` too. */
const unknownNames = (
  typos: readonly string[],
  known: readonly string[],
  message: (name: string) => RegExp,
  wrap: (name: string, value: unknown) => unknown,
) =>
  family(
    fc.tuple(
      fc.oneof(fc.constantFrom(...typos), fc.string({ maxLength: 12 })),
      fc.oneof(anyValue, fc.constant(undefined)),
    ),
    typos.map((name): [string, unknown] => [name, 1]),
    ([name]) => !known.includes(name),
    ([name, value]) => ({
      label: `unknown option ${JSON.stringify(name)}`,
      value: wrap(name, value),
      message: message(name),
    }),
  );
/**
 * `{ [name]: value }` with `name` an own property even when it is `__proto__` (as JSON.parse makes
 * it, from a config file).
 */
const withName = (name: string, value: unknown): Record<string, unknown> =>
  Object.assign(JSON.parse(`{${JSON.stringify(name)}: 0}`), { [name]: value });
/** Each of `names` given a value whose every read throws: refused by its type, or that error comes out. */
const trappedValues = (names: readonly string[]) =>
  family(
    fc.constantFrom(...names),
    names,
    () => true,
    (name) => optionRefusal(name, new RegExp(`^${name}[ .:]`), true)(trapped),
  );
/** An options argument that is no object (a string, often the key; a number...). */
const notObjects = (message: RegExp, more: readonly unknown[]) =>
  family(
    fc.oneof(notAnObject, fc.constantFrom(...more)),
    [...edgeValues, ...more],
    (value) => value != null && typeof value !== "object",
    (value) => ({ label: `options = ${show(value)}`, value, message }),
  );

/**
 * An options argument that is an object holding no options: read as none, the call went on with
 * the defaults (the production host and $CHAINDATA_API_KEY; a Promise: an async config not
 * awaited). Refused by its built-in kind; `argument` is the name the message gives it, `kind` the
 * options it must hold (`client options`).
 */
const noOptionObjects = (argument: string, kind: string) => {
  const objects: unknown[] = [
    new Map([["timeout", 1]]),
    new Date(0),
    [],
    [KEY],
    new Set(["timeout"]),
    Promise.resolve({ timeout: 1 }),
    new Error("not an option"),
    /re/,
    new Uint8Array(2),
    new URLSearchParams("timeout=1"),
  ];
  return family(
    fc.constantFrom(...objects),
    objects,
    () => true,
    (value) => ({
      label: `options = ${show(value)}`,
      value,
      message: new RegExp(
        `^${escape(argument)}: must be an object of ${escape(kind)} \\(got (Map|Date|Array|Set|Promise|Error|RegExp|Uint8Array|URLSearchParams)\\)$`,
      ),
    }),
  );
};

// ---------------------------------------------------------------------------------------------
// Client options
// ---------------------------------------------------------------------------------------------

/** Every factory that takes client options, and the host whose URL it resolves (`all`: every host given). */
const factories: {
  name: string;
  host: HostName | "all";
  /** The area a factory that cannot batch names when it refuses a `batch` (REST, the sender). */
  batchArea?: string;
  create(options: unknown): unknown;
}[] = [
  { name: "createDasClient", host: "rpc", create: (o) => createDasClient(o as never) },
  { name: "createDasRpc", host: "rpc", create: (o) => createDasRpc(o as never) },
  {
    name: "createCompressionClient",
    host: "rpc",
    create: (o) => createCompressionClient(o as never),
  },
  { name: "createCompressionRpc", host: "rpc", create: (o) => createCompressionRpc(o as never) },
  { name: "createMintClient", host: "rpc", create: (o) => createMintClient(o as never) },
  { name: "createMintRpc", host: "rpc", create: (o) => createMintRpc(o as never) },
  {
    name: "createSenderClient",
    host: "sender",
    batchArea: "sender",
    create: (o) => createSenderClient(o as never),
  },
  {
    name: "createSenderRpc",
    host: "sender",
    batchArea: "sender",
    create: (o) => createSenderRpc(o as never),
  },
  {
    name: "createWalletClient",
    host: "wallet",
    batchArea: "wallet",
    create: (o) => createWalletClient(o as never),
  },
  {
    name: "createAdminClient",
    host: "admin",
    batchArea: "admin",
    create: (o) => createAdminClient(o as never),
  },
  {
    name: "createWebhooksClient",
    host: "api",
    batchArea: "webhooks",
    create: (o) => createWebhooksClient(o as never),
  },
  {
    name: "createTokenMetadataClient",
    host: "api",
    batchArea: "tokenMetadata",
    create: (o) => createTokenMetadataClient(o as never),
  },
  {
    name: "createJsonRpcClient (core)",
    host: "rpc",
    create: (o) => createJsonRpcClient(o as never, rpcHost, "/"),
  },
  {
    name: "createRestTransport (core)",
    host: "wallet",
    create: (o) => createRestTransport(o as never, walletHost),
  },
  { name: "createChainDataClient", host: "all", create: (o) => createChainDataClient(o as never) },
];

/** Near-miss spellings of the client options (and other clients' or calls' option names). */
const clientTypos = [
  "apikey",
  "ApiKey",
  "api_key",
  "apiKEY",
  "key",
  "token",
  "baseURL",
  "baseUrl",
  "baseURLs",
  "baseurls",
  "base_urls",
  "url",
  "endpoint",
  "maxRetry",
  "maxretries",
  "retries",
  "max_retries",
  "timeOut",
  "timeoutMs",
  "timout",
  "env",
  "environement",
  "network",
  "cluster",
  "header",
  "Headers",
  "fetcher",
  "log",
  "logging",
  "batching",
  "batchSize",
  "rateLimiter",
  "ratelimit",
  "senderRegions",
  "region",
  "signal",
  "retryNonIdempotent",
  "onResponse",
  "onattempt",
  "onAttempts",
  "maxPages",
  "constructor",
  "toString",
  "__proto__",
  "",
  " apiKey",
];
const clientOptionNames = CLIENT_OPTIONS.split(", ");

/** Header names (lower case), for the headers a call sends. */
const headerName = fc
  .stringMatching(/^[a-z][a-z0-9-]{0,8}$/)
  .map((name) => `x-${name}`)
  .filter((name) => name !== "x-api-key");
/** Header names no `Headers` accepts. */
const badHeaderNames = ["", "x a", "x:a", "(x)", "a/b", "é", "x\n", `${KEY} x`, "x\u0000"];
/** Header values no `Headers` accepts (a line break inside, a NUL, beyond Latin-1, no text). */
const badHeaderValues: unknown[] = [
  `${KEY}\r\nx-injected: 1`,
  "a\nb",
  "a\rb",
  "a\u0000",
  "\u0100",
  "snow ☃",
  Symbol("value"),
  ...textless,
];
const notHeaders = /^headers: must be an object, a Headers or pairs$/;
const invalidHeader = exactly(
  "headers: must be valid header names and values (no spaces, : or other separators in a name; no line breaks in a value)",
);
/** Header inputs that are refused: no object; an invalid name or value, in a record or in pairs; pairs of the wrong length. */
const badHeaders: Family = anyOf([
  family(
    fc.oneof(
      notAnObject,
      fc.constant(() => ({ "x-a": "1" })),
    ),
    [...edgeValues, () => ({ "x-a": "1" })],
    // (A falsy value reads as no headers.)
    (value) => Boolean(value) && typeof value !== "object",
    optionRefusal("headers", notHeaders),
  ),
  family(
    fc.oneof(
      fc
        .tuple(
          fc.string({ minLength: 1, maxLength: 4 }).filter((s) => /\S/.test(s)),
          fc.constantFrom("\n", "\r", "\r\n", "\u0000"),
          fc.string({ minLength: 1, maxLength: 4 }).filter((s) => /\S/.test(s)),
        )
        .map(([a, breaker, b]): unknown => ({ "x-a": `${a}${breaker}${b}` })),
      fc.constantFrom(...badHeaderNames).map((name): unknown => ({ [name]: "1" })),
      fc.constantFrom(...badHeaderValues).map((value): unknown => [["x-a", value]]),
    ),
    [
      ...badHeaderNames.map((name) => ({ [name]: "1" })),
      ...badHeaderValues.map((value) => ({ "x-a": value })),
      ...badHeaderValues.map((value) => [["x-a", value]]),
      [["x-a"]],
      [["x-a", "1", "2"]],
      ["x-a"],
      [[`${KEY}\n`, "v"]],
      [5],
    ],
    () => true,
    optionRefusal("headers", invalidHeader),
  ),
]);

const wellFormedUrl = "https://node.example.com";
/** The documented rule of a base URL: http(s), parsable, without credentials, a query or a fragment. */
const plainHttpUrl = (url: string) => {
  try {
    const { protocol, username, password } = new URL(url);
    return /^https?:\/\/[^?#]+$/i.test(url) && /^https?:$/.test(protocol) && !username && !password;
  } catch {
    return false;
  }
};
/** Base URLs the rule refuses: not http(s), no host, credentials, a query, a fragment, unparsable. */
const badUrls: unknown[] = [
  "ftp://node.example.com",
  "node.example.com",
  "//node.example.com",
  "https://",
  "https:// node.example.com",
  "https://node.example.com:99999",
  `https://user:${KEY}@node.example.com`,
  `https://${KEY}@node.example.com`,
  `https://node.example.com/?api-key=${KEY}`,
  `https://node.example.com/#${KEY}`,
  "https://node.example.com?",
  "javascript:alert(1)",
  "file:///etc/passwd",
  "ws://node.example.com",
  "",
];

/**
 * What an unknown option's message ends with, core's and the sdk's alike: where a walk's cap goes,
 * or the nearest name (user trial 81, F6: tsc suggests one): the first of `known` that starts with
 * the same three letters, case aside, and is at most 2 characters longer or shorter.
 */
const unknownNameHint = (name: string, known: string) => {
  if (name === "maxPages") return "; a paged method's .all() takes it";
  const near = known
    .split(", ")
    .find(
      (option) =>
        option.slice(0, 3).toLowerCase() === name.slice(0, 3).toLowerCase() &&
        Math.abs(option.length - name.length) <= 2,
    );
  return near ? `; did you mean ${near}?` : "";
};

/** Why createChainDataClient refuses a limiter, where core's factories take one. */
const LIMITER_IS_AN_AREAS =
  "is an area's own: areas: { admin: { rateLimit } } for the admin host's 5 requests/s, areas: { das: { rateLimit } } for DAS (one limiter given to several areas limits them together)";

/**
 * What createChainDataClient's unknown option's message ends with: as core's, or for a name nearest
 * `rateLimit` (which it knows but does not list), its spelling and where a limiter goes.
 */
const sdkNameHint = (name: string) =>
  unknownNameHint(name, SDK_OPTIONS) ||
  (unknownNameHint(name, "rateLimit") ? `; rateLimit ${LIMITER_IS_AN_AREAS}` : "");

/** The wrong client options for a factory of `host`. */
function clientRefusals(host: HostName | "all", batchArea?: string): Family {
  const hosts = host === "all" ? hostNames : [host];
  const families = [
    // The options argument itself: a string (the key, as some SDKs take it), a number...
    notObjects(
      new RegExp(`^options: must be an object of client options \\(got ${typeNames}\\)$`),
      [KEY, () => ({ apiKey: KEY })],
    ),
    noOptionObjects("options", "client options"),
    // (createChainDataClient takes `areas` too: each area's own options.)
    unknownNames(
      clientTypos,
      host === "all" ? [...clientOptionNames, "areas"] : clientOptionNames,
      (name) =>
        exactly(
          host === "all"
            ? `${name}: is not a client option (${SDK_OPTIONS})${sdkNameHint(name)}`
            : `${name}: is not a client option (${CLIENT_OPTIONS})${unknownNameHint(name, CLIENT_OPTIONS)}`,
        ),
      withName,
    ),
    wrongValues(
      "apiKey",
      (value) => typeof value === "string",
      gotRule("apiKey", "must be a string"),
    ),
    family(
      fc.tuple(
        fc.constantFrom("\u0000", "\u0001", "\n", "\t", "\u001b", "\u007f", " ", "é", "\u00a0"),
        fc.string({ maxLength: 4 }),
      ),
      ["\u0000", "\n", "\u007f", " ", "é"].map((control): [string, string] => [control, ""]),
      () => true,
      ([control, rest]) =>
        optionRefusal(
          "apiKey",
          /^apiKey: must be printable ASCII with no space or line break inside$/,
        )(`${KEY}${control}${rest}x`),
    ),
    wrongValues(
      "environment",
      (value) => ["mainnet", "devnet", "local"].includes(value as never),
      gotRule("environment", "must be one of mainnet, devnet, local"),
      [
        "Mainnet",
        "MAINNET",
        "main",
        "mainnet-beta",
        "testnet",
        "localhost",
        " devnet",
        "local\n",
        "toString",
        "__proto__",
        "constructor",
        // Long strings are not quoted: the key given by mistake, or a URL holding it.
        KEY,
        `https://rpc.example/?api-key=${KEY}`,
      ],
    ),
    // Not quoted: such a URL may hold a key.
    family(
      fc.oneof(
        notAnObject,
        fc.constantFrom<unknown>(`${wellFormedUrl}/?api-key=${KEY}`, () => ({})),
      ),
      [...edgeValues, `${wellFormedUrl}/?api-key=${KEY}`, () => ({})],
      (value) => value != null && typeof value !== "object",
      optionRefusal(
        "baseUrls",
        new RegExp(`^baseUrls: must be an object of host name → URL \\(got ${typeNames}\\)$`),
      ),
    ),
    unknownNames(
      ["RPC", "Rpc", "rpc ", "rcp", "senders", "wallets", "api-host", "admin_", "0", "__proto__"],
      hostNames,
      (name) => exactly(`baseUrls.${name}: is not a host (${HOSTS})`),
      (name) => ({ baseUrls: withName(name, wellFormedUrl) }),
    ),
    family(
      fc.tuple(fc.constantFrom(...hosts), fc.oneof(fc.constantFrom(...badUrls), anyValue)),
      hosts.flatMap((name) =>
        [...badUrls, ...edgeValues].map((url): [string, unknown] => [name, url]),
      ),
      ([, url]) => url != null && !(typeof url === "string" && plainHttpUrl(url)),
      ([name, url]) => ({
        label: `baseUrls.${name}: ${show(url)}`,
        value: { baseUrls: { [name]: url } },
        // (An empty or falsy URL reads as none given, for a host the environment has one for.)
        // (Each names the rule broken, and what was given as far as it may be shown.)
        message: new RegExp(
          `^(baseUrls\\.${name}: (must start with http:// or https:// \\(got [^]*\\)` +
            `|must not have (a query|a fragment|credentials)|must be a valid URL)` +
            `|No ${name} URL for environment "mainnet": set \`baseUrls\\.${name}\`)$`,
        ),
      }),
    ),
    wrongValues(
      "fetch",
      (value) => typeof value === "function",
      gotRule("fetch", "must be a function"),
    ),
    badHeaders,
    wrongValues(
      "timeout",
      validTimeout,
      gotRule("timeout", "must be a number of milliseconds > 0, or Infinity"),
    ),
    wrongValues("maxRetries", validRetries, gotRule("maxRetries", "must be a whole number >= 0")),
    // `false` (and the other falsy values, read as none) turn batching / limiting off. A client
    // that cannot batch refuses any `batch` but `false`, a batcher too, as the sdk's `areas` do.
    batchArea
      ? wrongValues("batch", (value) => value === false, exactly(notABatchOption(batchArea)), [
          createBatcher(),
          createBatcher,
          null,
        ])
      : wrongValues(
          "batch",
          (value) => !value || hasMethod(value, "bind"),
          gotRule("batch", "must be made by createBatcher()"),
          [createBatcher, createRateLimiter({ requestsPerSecond: 1 })],
        ),
    // (createChainDataClient takes no limiter for every area, a real one included: a limiter is an area's own.)
    host === "all"
      ? wrongValues("rateLimit", (value) => !value, exactly(`rateLimit: ${LIMITER_IS_AN_AREAS}`), [
          createRateLimiter({ requestsPerSecond: 5 }),
          createRateLimiter,
          createBatcher(),
        ])
      : wrongValues(
          "rateLimit",
          (value) => !value || hasMethod(value, "acquire"),
          gotRule("rateLimit", "must be made by createRateLimiter({ requestsPerSecond })"),
          [createRateLimiter, createBatcher()],
        ),
    // (An object's methods are not checked: one of the wrong shape is ignored, see the edges below.)
    wrongValues(
      "logger",
      (value) => value === null || typeof value === "object",
      /^logger: must be an object with debug, info and\/or warn methods \(got (string|number|bigint|boolean|symbol|function)\)$/,
      [console.log, "console", true],
    ),
    // (`null` is none, as for `logger`: an sdk area's way to turn the shared hook off.)
    wrongValues(
      "onAttempt",
      (value) => value === null || typeof value === "function",
      gotRule("onAttempt", "must be a function"),
    ),
    trappedValues(clientOptionNames.filter((name) => name !== "logger")),
    // Options whose getter throws, or that cannot be listed: the caller's error comes out.
    family(
      fc.constantFrom(0, 1),
      [0, 1],
      () => true,
      (which): Refusal =>
        which
          ? {
              label: "options as a trapping Proxy",
              value: trapped,
              message: /^options:/,
              hostile: true,
            }
          : {
              label: "options with a throwing getter",
              value: Object.defineProperty({}, "timeout", { get: trap, enumerable: true }),
              message: /^timeout:/,
              hostile: true,
            },
    ),
  ];
  return anyOf(families);
}

describe("client options: every wrong value is refused at creation, naming the option and the rule", () => {
  // (The property below checks it too, for every value; this shows a changed message as a plain diff.)
  it.each(
    factories.flatMap(({ name, batchArea, create }) =>
      batchArea ? [[name, batchArea, create] as const] : [],
    ),
  )(
    "%s: a batcher is refused, naming the areas that batch (spec/dist: the JSON-RPC areas whose info.x-batch is not false)",
    (_name, batchArea, create) => {
      const { fetch } = recordingFetch();
      const error = thrownBy(() => create({ apiKey: KEY, fetch, batch: createBatcher() }));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toBe(notABatchOption(batchArea));
    },
  );
  it.each(factories.map((factory) => [factory.name, factory] as const))("%s", (_name, factory) => {
    const { fetch, sent } = recordingFetch();
    const refusals = clientRefusals(factory.host, factory.batchArea);
    fc.assert(
      fc.property(refusals.arbitrary, (refusal) => {
        const timers = pendingTimers.size;
        // The canary key and the recording fetch, then the refused option (which may replace
        // either); getters are copied, not called. (Options that are no plain object, a Map or a
        // Date, are given as they are.)
        const options =
          refusal.value === trapped ||
          !isObject(refusal.value) ||
          Object.getPrototypeOf(refusal.value) !== Object.prototype
            ? refusal.value
            : Object.defineProperties(
                { apiKey: KEY, fetch },
                Object.getOwnPropertyDescriptors(refusal.value),
              );
        const error = thrownBy(() => factory.create(options));
        expect(error, `${refusal.label} was accepted`).toBeDefined();
        expectRefused(error, refusal);
        expect(sent).toEqual([]);
        expect(pendingTimers.size).toBe(timers);
      }),
      runsOf(refusals),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Per-call options
// ---------------------------------------------------------------------------------------------

/** A kind of call: `call(options)` makes one call (and, for `.all()`, walks its pages). */
interface CallSite {
  name: string;
  /** Call options besides RequestOptions this call takes. */
  more?: string[];
  /** Makes the client (with a recording fetch) and returns how to call it. */
  make(fetch: typeof globalThis.fetch): (options: unknown) => Promise<unknown>;
}

const base = (fetch: typeof globalThis.fetch) => ({ apiKey: KEY, fetch, maxRetries: 0 });
const walk = async (pages: AsyncIterable<unknown>) => {
  for await (const _item of pages);
};
const callSites: CallSite[] = [
  {
    name: "das.getAsset (JSON-RPC)",
    make: (fetch) => {
      const das = createDasClient(base(fetch));
      return (options) => das.getAsset({ id: ADDRESS }, options as never);
    },
  },
  {
    name: "getAsset(rpc) (standalone)",
    make: (fetch) => {
      const rpc = createDasRpc(base(fetch));
      return (options) => getAsset(rpc, { id: ADDRESS }, options as never);
    },
  },
  {
    name: "das.getAsset with a batcher",
    make: (fetch) => {
      const das = createDasClient({ ...base(fetch), batch: createBatcher() });
      return (options) => das.getAsset({ id: ADDRESS }, options as never);
    },
  },
  {
    name: "das.request('getAsset')",
    make: (fetch) => {
      const das = createDasClient(base(fetch));
      return (options) => das.request("getAsset", { id: ADDRESS }, options as never);
    },
  },
  {
    name: "das.getAssetsByOwner.all() (pages)",
    more: ["maxPages"],
    make: (fetch) => {
      const das = createDasClient(base(fetch));
      return async (options) =>
        walk(das.getAssetsByOwner.all({ ownerAddress: ADDRESS }, options as never));
    },
  },
  {
    name: "sender.sendTransaction (query option)",
    more: ["swqosOnly"],
    make: (fetch) => {
      const sender = createSenderClient(base(fetch));
      return (options) =>
        sender.sendTransaction(
          { transaction: TRANSACTION, config: { encoding: "base64" } },
          options as never,
        );
    },
  },
  {
    name: "sender.ping (text)",
    make: (fetch) => {
      const sender = createSenderClient(base(fetch));
      return (options) => sender.ping(options as never);
    },
  },
  {
    name: "wallet.getIdentity (REST)",
    make: (fetch) => {
      const wallet = createWalletClient(base(fetch));
      return (options) => wallet.getIdentity({ wallet: ADDRESS }, options as never);
    },
  },
  {
    name: "webhooks.deleteWebhook (REST write)",
    make: (fetch) => {
      const webhooks = createWebhooksClient(base(fetch));
      return (options) => webhooks.deleteWebhook({ webhookID: WEBHOOK_ID }, options as never);
    },
  },
  {
    name: "sdk.das.getAsset",
    make: (fetch) => {
      const sdk = createChainDataClient(base(fetch));
      return (options) => sdk.das.getAsset({ id: ADDRESS }, options as never);
    },
  },
  {
    name: "sdk.wallet.getBalances.all() (pages)",
    more: ["maxPages"],
    make: (fetch) => {
      const sdk = createChainDataClient(base(fetch));
      return (options) => walk(sdk.wallet.getBalances.all({ wallet: ADDRESS }, options as never));
    },
  },
  {
    name: "createJsonRpcClient().call (core)",
    make: (fetch) => {
      const rpc = createJsonRpcClient(base(fetch), rpcHost, "/");
      return (options) => rpc.call({ id: "anyMethod", idempotent: true }, {}, options as never);
    },
  },
];

/** Near-miss spellings of the per-call options (and client options given to a call). */
const requestTypos = [
  "timout",
  "timeOut",
  "timeoutMs",
  "maxRetry",
  "retries",
  "max_retries",
  "header",
  "Headers",
  "abortSignal",
  "signals",
  "onresponse",
  "onResponses",
  "retryNonIdempotant",
  "retryNonIdempotentWrites",
  "idempotent",
  "retry",
  "maxPages",
  "swqosOnly",
  "apiKey",
  "baseUrls",
  "fetch",
  "logger",
  "batch",
  "__proto__",
  "",
];

/** The wrong per-call options of a call that also takes `more`. */
function requestRefusals(more: readonly string[]): Family {
  const names = REQUEST_OPTIONS.split(", ");
  const families = [
    notObjects(
      new RegExp(`^options: must be an object of request options \\(got ${typeNames}\\)$`),
      [KEY, () => ({ timeout: 1 }), null],
    ),
    noOptionObjects("options", "request options"),
    unknownNames(
      requestTypos,
      [...names, ...more],
      (name) =>
        exactly(
          `${name}: is not a request option (${[REQUEST_OPTIONS, ...more].join(", ")})${unknownNameHint(name, [REQUEST_OPTIONS, ...more].join(", "))}`,
        ),
      withName,
    ),
    wrongValues(
      "signal",
      (value) =>
        value === null ||
        (hasMethod(value, "addEventListener") && hasMethod(value, "removeEventListener")),
      /^signal: must be an AbortSignal \(got \w+\)$/,
    ),
    wrongValues(
      "timeout",
      validTimeout,
      gotRule("timeout", "must be a number of milliseconds > 0, or Infinity"),
    ),
    wrongValues("maxRetries", validRetries, gotRule("maxRetries", "must be a whole number >= 0")),
    badHeaders,
    wrongValues(
      "retryNonIdempotent",
      (value) => typeof value === "boolean",
      gotRule("retryNonIdempotent", "must be true or false"),
    ),
    wrongValues(
      "onResponse",
      (value) => typeof value === "function",
      gotRule("onResponse", "must be a function"),
    ),
    wrongValues(
      "onAttempt",
      (value) => typeof value === "function",
      gotRule("onAttempt", "must be a function"),
    ),
    trappedValues(names),
    family(
      fc.constant(0),
      [0],
      () => true,
      (): Refusal => ({
        label: "options with a throwing getter",
        value: Object.defineProperty({}, "signal", { get: trap, enumerable: true }),
        message: /^signal:/,
        hostile: true,
      }),
    ),
  ];
  if (more.includes("maxPages"))
    families.push(
      wrongValues(
        "maxPages",
        // (`null` reads as not given, the default: no limit.)
        (value) => value === null || value === Infinity || (validRetries(value) && value !== 0),
        gotRule("maxPages", "must be a whole number >= 1, or Infinity"),
      ),
    );
  return anyOf(families);
}

describe("per-call options: every wrong value is refused before anything is sent, and the client goes on", () => {
  it.each(callSites.map((site) => [site.name, site] as const))("%s", async (_name, site) => {
    const { fetch, sent } = recordingFetch();
    const call = site.make(fetch);
    const refusals = requestRefusals(site.more ?? []);
    await fc.assert(
      fc.asyncProperty(refusals.arbitrary, async (refusal) => {
        sent.length = 0;
        const timers = pendingTimers.size;
        let error: unknown;
        try {
          await call(refusal.value);
        } catch (thrown) {
          error = thrown;
        }
        expect(error, `${refusal.label} was accepted`).toBeDefined();
        expectRefused(error, refusal);
        expect(sent).toEqual([]);
        expect(pendingTimers.size).toBe(timers);
        // Nothing lost: the same client makes the next, valid call as usual.
        await call(undefined);
        expect(sent.length).toBeGreaterThan(0);
        expect(pendingTimers.size).toBe(timers);
      }),
      runsOf(refusals, RUNS / 3),
    );
  });
});

describe("the call options the generated READMEs list are the ones the runtime takes", () => {
  // (scripts/generate/readme.mjs writes the list; REQUEST_OPTIONS is pinned to the runtime's own
  // refusal message above.)
  it.each([...new Set(areas.map((a) => a.area))])("packages/%s/README.md", (area) => {
    const readme = readFileSync(
      new URL(`../../packages/${area}/README.md`, import.meta.url),
      "utf8",
    );
    expect(readme).toContain(`every call takes \`{ ${README_REQUEST_OPTIONS} }\` last`);
  });
});

describe("a method's query option given with the call options is checked as a param", () => {
  it("sender.sendTransaction({ ... }, { swqosOnly }): a ValidationError naming params.swqosOnly, nothing sent", async () => {
    const { fetch, sent } = recordingFetch();
    const sender = createSenderClient({ apiKey: KEY, fetch, maxRetries: 0 });
    const notBoolean = (value: unknown) => value !== undefined && typeof value !== "boolean";
    await fc.assert(
      fc.asyncProperty(anyValue.filter(notBoolean), async (swqosOnly) => {
        const error = await sender
          .sendTransaction({ transaction: TRANSACTION, config: { encoding: "base64" } }, {
            swqosOnly,
          } as never)
          .catch((thrown: unknown) => thrown);
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).message).toMatch(
          /^params\.swqosOnly: must be boolean \(got [^]*\)$/,
        );
        expect((error as ValidationError).issues[0]).toMatchObject({
          path: "params.swqosOnly",
          rule: "type",
        });
        for (const text of views(error)) expect(text).not.toContain(KEY);
        expect(sent).toEqual([]);
      }),
      {
        seed: SEED,
        numRuns: edgeValues.length + RUNS / 3,
        examples: edgeValues.filter(notBoolean).map((v) => [v]),
      },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// createBatcher, createRateLimiter
// ---------------------------------------------------------------------------------------------

/** Checks `create(refusal.value)` throws the refusal, leaving no timer. */
const refusedBy = (create: (value: never) => unknown) => (refusal: Refusal) => {
  const timers = pendingTimers.size;
  expectRefused(
    thrownBy(() => create(refusal.value as never)),
    refusal,
  );
  expect(pendingTimers.size).toBe(timers);
};

describe("createBatcher and createRateLimiter refuse wrong options, naming them", () => {
  it("createBatcher({ maxSize, wait })", () => {
    const refusals = anyOf([
      notObjects(
        new RegExp(`^batch: must be an object of batcher options \\(got ${typeNames}\\)$`),
        [() => ({})],
      ),
      noOptionObjects("batch", "batcher options"),
      unknownNames(
        ["maxsize", "max_size", "size", "maxBatchSize", "waitMs", "delay", "Wait", ""],
        ["maxSize", "wait"],
        (name) =>
          exactly(
            `batch.${name}: is not a batcher option (maxSize, wait)${unknownNameHint(name, "maxSize, wait")}`,
          ),
        withName,
      ),
      wrongValues(
        "maxSize",
        (value) => (Number.isInteger(value) || value === Infinity) && (value as number) >= 1,
        gotRule("batch.maxSize", "must be a whole number >= 1, or Infinity"),
        [2.5, 1.5, 100.1],
      ),
      wrongValues(
        "wait",
        (value) => typeof value === "number" && value >= 0 && value <= 2 ** 31 - 1,
        gotRule("batch.wait", "must be >= 0 and <= 2147483647 ms"),
        [2 ** 31 - 0.5, -Number.MIN_VALUE],
      ),
    ]);
    fc.assert(fc.property(refusals.arbitrary, refusedBy(createBatcher)), runsOf(refusals));
  });

  it("createRateLimiter({ requestsPerSecond })", () => {
    const rule = gotRule(
      "rateLimit.requestsPerSecond",
      "must be a finite number > 0, at least one request per 22.5 days",
    );
    const refusals = anyOf([
      // Not an object (the rate given alone, say): said to belong in one, not to be undefined.
      notObjects(
        new RegExp(
          `^rateLimit: must be an object of rate limiter options: createRateLimiter\\(\\{ requestsPerSecond \\}\\) \\(got ${typeNames}\\)$`,
        ),
        [() => ({ requestsPerSecond: 5 })],
      ),
      noOptionObjects("rateLimit", "rate limiter options"),
      // No options, or no requestsPerSecond in them: the field it needs is named.
      family(
        fc.constantFrom(null, undefined, {}),
        [null, undefined, {}],
        // (An object with other names is refused for those: unknown names, below.)
        () => true,
        (value) => ({ label: `options = ${show(value)}`, value, message: rule }),
      ),
      wrongValues(
        "requestsPerSecond",
        (rate) =>
          typeof rate === "number" && rate > 0 && rate < Infinity && 1100 / rate <= 2 ** 31 - 1,
        rule,
        // Just under one request per (2^31 - 1) / 1.1 ms: its step (a tenth over the rate's) is
        // then longer than the longest timer.
        [1100 / 2 ** 31, 1e-10],
      ),
      unknownNames(
        ["burst", "requestPerSecond", "rps", "perSecond", "requestsPerMinute", ""],
        ["requestsPerSecond"],
        (name) =>
          exactly(
            `rateLimit.${name}: is not a rate limiter option (requestsPerSecond)${unknownNameHint(name, "requestsPerSecond")}`,
          ),
        (name, value) => ({ requestsPerSecond: 5, ...withName(name, value) }),
      ),
    ]);
    fc.assert(fc.property(refusals.arbitrary, refusedBy(createRateLimiter)), runsOf(refusals));
  });
});

// ---------------------------------------------------------------------------------------------
// The webhook receiver
// ---------------------------------------------------------------------------------------------

const HANDLER_OPTIONS =
  "authHeader, onEvent, kind, onError, onRefused, dedupe, maxBodyBytes, readTimeoutMs, handlerTimeoutMs";

describe("the webhook receiver refuses wrong options at creation, naming them", () => {
  it("createWebhookHandler(options)", () => {
    const events: unknown[] = [];
    const valid = {
      authHeader: WEBHOOK_SECRET,
      onEvent: (event: unknown) => void events.push(event),
    };
    /** `valid` with option `name` replaced. */
    const handlerOption = (name: string, message: RegExp, hostile = false) => {
      const refusal = optionRefusal(name, message, hostile);
      return (value: unknown): Refusal => {
        const made = refusal(value);
        return { ...made, value: { ...valid, ...(made.value as object) } };
      };
    };
    const option = (
      name: string,
      valid: (value: unknown) => boolean,
      message: RegExp,
      more: readonly unknown[] = [],
    ) =>
      family(
        fc.oneof(anyValue, fc.constantFrom(undefined, ...more)),
        [...edgeValues, undefined, ...more],
        (value) => !valid(value),
        handlerOption(name, message),
      );
    const refusals = anyOf([
      family(
        fc.oneof(
          notAnObject,
          fc.constantFrom<unknown>(null, undefined, WEBHOOK_SECRET, () => valid),
        ),
        [...edgeValues, undefined, WEBHOOK_SECRET, () => valid],
        (value) => !isObject(value),
        (value) => ({
          label: `options = ${show(value)}`,
          value,
          message: new RegExp(
            `^options: must be an object of webhook handler options \\(got (string|number|bigint|boolean|symbol|function|null|undefined)\\)$`,
          ),
        }),
      ),
      noOptionObjects("options", "webhook handler options"),
      unknownNames(
        [
          "authheader",
          "auth",
          "secret",
          "authorization",
          "onevent",
          "onEvents",
          "handler",
          "onerror",
          "maxBodyByte",
          "maxBytes",
          "maxBodySize",
          "dedup",
          "deduplicate",
          "store",
          "type",
          "webhookType",
          "",
        ],
        HANDLER_OPTIONS.split(", "),
        (name) =>
          exactly(
            `${name}: is not a webhook handler option (${HANDLER_OPTIONS})${unknownNameHint(name, HANDLER_OPTIONS)}`,
          ),
        (name, value) => ({ ...valid, ...withName(name, value) }),
      ),
      option(
        "authHeader",
        // One value, or a non-empty list of them (rotation): each a header value once HTTP's
        // white space is trimmed, without control characters but tab, and at most 8192 bytes.
        (value) => {
          const one = (v: unknown) => {
            if (typeof v !== "string") return false;
            const secret = v.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");
            // eslint-disable-next-line no-control-regex -- control characters are what is refused
            const control = /[\0-\x08\n-\x1f\x7f]/;
            return !!secret && !control.test(secret) && Buffer.byteLength(secret) <= 8192;
          };
          return one(value) || (Array.isArray(value) && value.length > 0 && value.every(one));
        },
        /^authHeader(\[\d+\])?: (required, the webhook's authHeader \(a non-empty string\); a webhook without one: set it with editWebhook\(webhooks, \{ webhookID, authHeader \}\)|must list at least one value \(a list is for rotating the secret: \[current, next\]\)|must not contain control characters \(other than tab\): no header value can carry them, so no delivery would match|must be at most 8192 bytes \(got \d+\): Node answers 431 to headers over 16 KB in all, before the handler runs)$/,
        [
          " ",
          "\t\r\n",
          " \n ",
          [],
          ["Bearer a", ""],
          "Bearer a\nb",
          "k".repeat(8193),
          ["x", "y\u0000"],
        ],
      ),
      option(
        "onEvent",
        (value) => typeof value === "function",
        /^onEvent: required, a function called with each new event$/,
      ),
      option(
        "onError",
        (value) => value === undefined || typeof value === "function",
        /^onError: must be a function$/,
      ),
      option(
        "onRefused",
        (value) => value === undefined || typeof value === "function",
        /^onRefused: must be a function$/,
      ),
      option(
        "kind",
        (value) => value === undefined || value === "enhanced" || value === "raw",
        /^kind: must be "enhanced" or "raw" \(got [^]*\)$/,
        ["Enhanced", "RAW", "enhancedDevnet", "rawDevnet", "discord"],
      ),
      option(
        "dedupe",
        (value) =>
          value === undefined ||
          value === false ||
          (hasMethod(value, "has") && hasMethod(value, "add")),
        /^dedupe: must be false or a store with has\(\) and add\(\)$/,
        [{ has: () => false }, { add: () => {} }, new Set()],
      ),
      option(
        "maxBodyBytes",
        (value) => value === undefined || (Number.isSafeInteger(value) && (value as number) > 0),
        /^maxBodyBytes: must be a whole number of bytes > 0 \(got [^]*\)$/,
        [2 ** 53, 0.5],
      ),
      ...(["readTimeoutMs", "handlerTimeoutMs"] as const).map((name) =>
        option(
          name,
          (value) =>
            value === undefined ||
            value === Infinity ||
            (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 2 ** 31 - 1),
          new RegExp(
            `^${name}: must be a whole number of milliseconds from 1 to 2147483647, or Infinity for no limit \\(got [^]*\\)$`,
          ),
          [0, 2 ** 31, 1.5, -Infinity, "30000"],
        ),
      ),
      family(
        fc.constantFrom(...HANDLER_OPTIONS.split(", ")),
        HANDLER_OPTIONS.split(", "),
        () => true,
        (name) => handlerOption(name, new RegExp(`^${name}:`), true)(trapped),
      ),
    ]);
    fc.assert(
      fc.property(refusals.arbitrary, (refusal) => {
        refusedBy(createWebhookHandler)(refusal);
        expect(events).toEqual([]);
      }),
      runsOf(refusals, RUNS * 2),
    );
  });

  it("toNodeHandler(handler)", () => {
    const handlers = family(
      fc.oneof(anyValue, fc.constant(undefined)),
      [...edgeValues, undefined],
      (value) => typeof value !== "function",
      (value) => ({
        label: `handler: ${show(value)}`,
        value,
        message:
          /^handler: must be a function from a Request to a Response, such as createWebhookHandler\(\) returns$/,
      }),
    );
    fc.assert(fc.property(handlers.arbitrary, refusedBy(toNodeHandler)), runsOf(handlers));
  });

  it("createMemorySignatureStore({ maxEntries, ttlMs })", () => {
    const refusals = anyOf([
      // A number alone (the size, out of its options object): the message says what to write.
      family(
        fc.double(),
        edgeValues.filter((value) => typeof value === "number"),
        () => true,
        (value) => ({
          label: `options = ${show(value)}`,
          value,
          message: exactly(
            `options: must be an object of signature store options: write createMemorySignatureStore({ maxEntries: ${value} }), not createMemorySignatureStore(${value})`,
          ),
        }),
      ),
      family(
        notAnObject.filter((value) => typeof value !== "number"),
        edgeValues.filter(
          (value) => value != null && typeof value !== "object" && typeof value !== "number",
        ),
        () => true,
        (value) => ({
          label: `options = ${show(value)}`,
          value,
          message: new RegExp(
            `^options: must be an object of signature store options, such as \\{ maxEntries: 10000, ttlMs: 86400000 \\} \\(got ${typeNames}\\)$`,
          ),
        }),
      ),
      noOptionObjects("options", "signature store options"),
      unknownNames(
        ["maxentries", "max", "size", "maxSize", "ttl", "ttlms", "ttlSeconds", ""],
        ["maxEntries", "ttlMs"],
        (name) =>
          exactly(
            `${name}: is not a signature store option (maxEntries, ttlMs)${unknownNameHint(name, "maxEntries, ttlMs")}`,
          ),
        withName,
      ),
      wrongValues(
        "maxEntries",
        (value) => Number.isInteger(value) && (value as number) >= 1,
        gotRule("maxEntries", "must be a whole number >= 1"),
        [2.5, 10_000.5],
      ),
      wrongValues(
        "ttlMs",
        (value) => typeof value === "number" && value > 0,
        gotRule(
          "ttlMs",
          "must be a number of milliseconds > 0, or Infinity to forget by count only",
        ),
        [-Number.MIN_VALUE],
      ),
    ]);
    fc.assert(
      fc.property(refusals.arbitrary, refusedBy(createMemorySignatureStore)),
      runsOf(refusals),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Valid values at the edges: accepted, and they take effect
// ---------------------------------------------------------------------------------------------

/** How a client's headers are given: a record (mixed case), a `Headers`, or pairs. */
type HeaderForm = "record" | "Headers" | "pairs";
const inForm = (entries: [string, string | null][], form: HeaderForm): unknown => {
  if (form === "record") return Object.fromEntries(entries);
  const present = entries.filter((entry): entry is [string, string] => entry[1] !== null);
  return form === "Headers" ? new Headers(present) : present;
};
/** Mixed case, as callers write them (`X-Request-Source`). */
const mixedCase = (name: string, upper: boolean[]) =>
  [...name].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c)).join("");
const headerValue = fc.stringMatching(/^[!-~]([ -~]{0,10}[!-~])?$/);

/** One call of a factory's client, for the header property. */
const headerSites: { name: string; call(options: object, perCall: object): Promise<unknown> }[] = [
  {
    name: "createDasClient",
    call: (options, perCall) => createDasClient(options).getAsset({ id: ADDRESS }, perCall),
  },
  {
    name: "createWalletClient",
    call: (options, perCall) =>
      createWalletClient(options).getIdentity({ wallet: ADDRESS }, perCall),
  },
  {
    name: "createSenderClient (ping)",
    call: (options, perCall) => createSenderClient(options).ping(perCall),
  },
  {
    name: "createChainDataClient (das)",
    call: (options, perCall) =>
      createChainDataClient(options).das.getAsset({ id: ADDRESS }, perCall),
  },
  {
    name: "createChainDataClient (admin)",
    call: (options, perCall) =>
      createChainDataClient(options).admin.getProjectUsage({ id: WEBHOOK_ID }, perCall),
  },
];

describe("valid values at the edges are accepted and take effect", () => {
  it.each(headerSites.map((site) => [site.name, site] as const))(
    "%s: client headers as a mixed-case record, a Headers or pairs; per-call headers override them by name, null removes one",
    async (_name, site) => {
      const entries = fc.uniqueArray(
        fc.tuple(headerName, fc.oneof(headerValue, fc.constant(null))),
        {
          minLength: 1,
          maxLength: 4,
          selector: ([name]) => name,
        },
      );
      await fc.assert(
        fc.asyncProperty(
          entries,
          fc.constantFrom<HeaderForm>("record", "Headers", "pairs"),
          fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
          fc.array(fc.tuple(fc.nat(), fc.oneof(headerValue, fc.constant(null))), { maxLength: 3 }),
          async (clientEntries, form, upper, overrides) => {
            const { fetch, sent } = recordingFetch();
            // (A null value in the client's record sends nothing.)
            const expected = new Map(
              clientEntries.filter((entry): entry is [string, string] => entry[1] !== null),
            );
            const perCall: [string, string | null][] = overrides.map(([i, value]) => [
              mixedCase(
                clientEntries[i % clientEntries.length]![0],
                upper.map((u) => !u),
              ),
              value,
            ]);
            for (const [name, value] of perCall) {
              if (value === null) expected.delete(name.toLowerCase());
              else expected.set(name.toLowerCase(), value);
            }
            const named = clientEntries.map(([name, value]): [string, string | null] => [
              mixedCase(name, upper),
              value,
            ]);
            await site.call(
              { apiKey: KEY, fetch, headers: inForm(named, form) },
              { headers: Object.fromEntries(perCall) },
            );
            expect(sent).toHaveLength(1);
            const got = [...sent[0]!.headers].filter(
              ([name]) => name.startsWith("x-") && name !== "x-api-key",
            );
            expect(Object.fromEntries(got)).toEqual(Object.fromEntries(expected));
          },
        ),
        { seed: SEED, numRuns: 40 },
      );
    },
  );

  it("maxRetries (client or call, 0 and up) bounds the attempts; a huge one is allowed", async () => {
    const retryNow = { status: 503, headers: { "retry-after-ms": "0" } };
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom("client", "call"),
        fc.constantFrom("das", "wallet", "sdk.das"),
        async (maxRetries, level, area) => {
          const { fetch, sent } = recordingFetch(retryNow);
          const options = { apiKey: KEY, fetch, ...(level === "client" && { maxRetries }) };
          const perCall = level === "call" ? { maxRetries } : {};
          const call =
            area === "das"
              ? createDasClient(options).getAsset({ id: ADDRESS }, perCall)
              : area === "wallet"
                ? createWalletClient(options).getIdentity({ wallet: ADDRESS }, perCall)
                : createChainDataClient(options).das.getAsset({ id: ADDRESS }, perCall);
          await expect(call).rejects.toBeInstanceOf(InternalServerError);
          expect(sent).toHaveLength(maxRetries + 1);
        },
      ),
      { seed: SEED, numRuns: 24 },
    );
    // Number.MAX_SAFE_INTEGER retries: allowed; three failures, then the answer.
    let failures = 3;
    const { fetch: answers } = recordingFetch();
    const flaky = (async (input: string, init: RequestInit) =>
      failures-- > 0
        ? new Response("", { status: 503, headers: { "retry-after-ms": "0" } })
        : answers(input, init)) as typeof globalThis.fetch;
    const attempts: string[] = [];
    const das = createDasClient({
      apiKey: KEY,
      fetch: (input: string, init: RequestInit) => (attempts.push(input), flaky(input, init)),
      maxRetries: Number.MAX_SAFE_INTEGER,
    });
    await expect(das.getAsset({ id: ADDRESS })).resolves.toEqual({ items: [] });
    expect(attempts).toHaveLength(4);
  });

  it("retryNonIdempotent: true retries a write, false and absent do not", async () => {
    for (const [retryNonIdempotent, attempts] of [
      [true, 3],
      [false, 1],
      [undefined, 1],
    ] as const) {
      const { fetch, sent } = recordingFetch({ status: 503, headers: { "retry-after-ms": "0" } });
      const webhooks = createWebhooksClient({ apiKey: KEY, fetch, maxRetries: 2 });
      await expect(
        webhooks.deleteWebhook({ webhookID: WEBHOOK_ID }, { retryNonIdempotent }),
      ).rejects.toBeInstanceOf(InternalServerError);
      expect(sent).toHaveLength(attempts);
    }
  });

  it("timeout: a tiny one times out, one of 2^31 ms or more (or Infinity) sets no timer; the call's overrides the client's", async () => {
    const late = (async (input: string, init: RequestInit) => {
      await new Promise((resolve) => realTimers.setTimeout(resolve, 30));
      return recordingFetch().fetch(input, init);
    }) as typeof globalThis.fetch;
    const tight = createDasClient({ apiKey: KEY, fetch: late, maxRetries: 0, timeout: 1 });
    await expect(tight.getAsset({ id: ADDRESS })).rejects.toBeInstanceOf(TimeoutError);
    for (const timeout of [2 ** 31, 2 ** 40, Number.MAX_VALUE, Infinity]) {
      const before = pendingTimers.size;
      const call = tight.getAsset({ id: ADDRESS }, { timeout });
      // (The call is in flight: no timer stands for its time limit.)
      await Promise.resolve();
      expect(pendingTimers.size).toBe(before);
      await expect(call).resolves.toEqual({ items: [] });
      const patient = createDasClient({ apiKey: KEY, fetch: late, timeout });
      await expect(patient.getAsset({ id: ADDRESS })).resolves.toEqual({ items: [] });
    }
  });

  it("apiKey: spaces and a final newline are trimmed, and the trimmed key is sent", async () => {
    const { fetch, sent } = recordingFetch();
    await createDasClient({ apiKey: ` \t${KEY}\n`, fetch }).getAsset({ id: ADDRESS });
    expect(sent[0]!.url.searchParams.get("api-key")).toBe(KEY);
  });

  it("baseUrls: a path, a port, trailing slashes, any case of scheme; a null entry keeps the environment's", async () => {
    for (const [url, origin, path] of [
      ["http://127.0.0.1:4010/v0///", "http://127.0.0.1:4010", "/v0/"],
      ["HTTPS://Node.Example.com", "https://node.example.com", "/"],
      [null, "https://mainnet.helius-rpc.com", "/"],
    ] as const) {
      const { fetch, sent } = recordingFetch();
      await createDasClient({ apiKey: KEY, fetch, baseUrls: { rpc: url as never } }).getAsset({
        id: ADDRESS,
      });
      expect(sent[0]!.url.origin).toBe(origin);
      expect(sent[0]!.url.pathname).toBe(path);
    }
  });

  it("batch: maxSize 1 sends each call alone, maxSize 2 pairs them; the largest wait flushes a full batch with no timer left", async () => {
    for (const [batcher, requests] of [
      [createBatcher({ maxSize: 1 }), 5],
      [createBatcher({ maxSize: 2 }), 3],
      [createBatcher({ maxSize: 5, wait: 2 ** 31 - 1 }), 1],
      [createBatcher({ maxSize: Infinity, wait: 0 }), 1],
    ] as const) {
      const { fetch, sent } = recordingFetch();
      const das = createDasClient({ apiKey: KEY, fetch, batch: batcher });
      const before = pendingTimers.size;
      await Promise.all(Array.from({ length: 5 }, () => das.getAsset({ id: ADDRESS })));
      expect(sent).toHaveLength(requests);
      expect(pendingTimers.size).toBe(before);
    }
  });

  it("rateLimit: the slowest allowed rate and a huge one are accepted; the first call goes at once", async () => {
    for (const requestsPerSecond of [1100 / (2 ** 31 - 1), 1e9, 5]) {
      const { fetch, sent } = recordingFetch();
      const admin = createAdminClient({
        apiKey: KEY,
        fetch,
        rateLimit: createRateLimiter({ requestsPerSecond }),
      });
      await admin.getProjectUsage({ id: WEBHOOK_ID });
      expect(sent).toHaveLength(1);
      expect(sent[0]!.headers.get("x-api-key")).toBe(KEY);
    }
  });

  it("logger: one method, none, or console-like; a logger that throws when read never fails a call (documented tolerance); a method that is no function is refused at creation", async () => {
    const lines: string[] = [];
    const { fetch } = recordingFetch();
    await createDasClient({
      apiKey: KEY,
      fetch,
      logger: { debug: (line) => lines.push(line) },
    }).getAsset({
      id: ADDRESS,
    });
    // (One line as the request is sent, one with its answer.)
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("getAsset");
    expect(lines.join("\n")).not.toContain(KEY);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          anyValue.filter((value) => value == null || typeof value === "object"),
          fc.constantFrom<unknown>({}, { debug: null }, { info: undefined }),
        ),
        async (logger) => {
          const { fetch: f, sent } = recordingFetch();
          await expect(
            createDasClient({ apiKey: KEY, fetch: f, logger: logger as never }).getAsset({
              id: ADDRESS,
            }),
          ).resolves.toEqual({ items: [] });
          expect(sent).toHaveLength(1);
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
    // A method that is there but no function would never log: refused before anything is sent.
    for (const [logger, message] of [
      [{ debug: true }, "logger.debug: must be a function (got boolean)"],
      [{ info: 5 }, "logger.info: must be a function (got number)"],
      [{ warn: KEY }, "logger.warn: must be a function (got string)"],
    ] as const)
      expect(() => createDasClient({ apiKey: KEY, logger: logger as never })).toThrow(
        new ConfigurationError(message),
      );
    // A logger whose methods cannot even be read: the write was sent, so the call still resolves
    // with its answer (a rejection would invite the caller to send it again).
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    for (const logger of [
      trapped,
      revoked.proxy,
      Object.defineProperty({}, "debug", { get: trap }),
    ]) {
      const { fetch: f, sent } = recordingFetch();
      const webhooks = createWebhooksClient({ apiKey: KEY, fetch: f, logger: logger });
      await expect(webhooks.deleteWebhook({ webhookID: WEBHOOK_ID })).resolves.toEqual({});
      expect(sent).toHaveLength(1);
    }
  });

  it("signal, onResponse, maxPages: an aborted signal sends nothing; onResponse sees the answer once; maxPages 1 sends one request, Infinity is allowed", async () => {
    const { fetch, sent } = recordingFetch();
    const das = createDasClient({ apiKey: KEY, fetch });
    await expect(
      das.getAsset({ id: ADDRESS }, { signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(AbortError);
    expect(sent).toEqual([]);
    const answers: number[] = [];
    await das.getAsset({ id: ADDRESS }, { onResponse: ({ status }) => answers.push(status) });
    expect(answers).toEqual([200]);
    for (const [maxPages, requests] of [
      [1, 1],
      [Infinity, 1],
    ] as const) {
      sent.length = 0;
      await walk(das.getAssetsByOwner.all({ ownerAddress: ADDRESS }, { maxPages }));
      expect(sent).toHaveLength(requests);
    }
  });

  it("createWebhookHandler: authHeader trimmed, maxBodyBytes from 1 to MAX_SAFE_INTEGER, kind raw, dedupe false", async () => {
    const delivery = (body: string, authorization = WEBHOOK_SECRET) =>
      new Request("http://localhost/hook", { method: "POST", headers: { authorization }, body });
    const seen: unknown[] = [];
    const onEvent = (event: unknown) => void seen.push(event);
    const trimmed = createWebhookHandler({ authHeader: ` ${WEBHOOK_SECRET}\r\n`, onEvent });
    expect((await trimmed(delivery('[{"signature":"a"}]'))).status).toBe(200);
    const tiny = createWebhookHandler({ authHeader: WEBHOOK_SECRET, onEvent, maxBodyBytes: 1 });
    expect((await tiny(delivery("[]"))).status).toBe(413);
    const huge = createWebhookHandler({
      authHeader: WEBHOOK_SECRET,
      onEvent,
      maxBodyBytes: Number.MAX_SAFE_INTEGER,
      kind: "raw",
      dedupe: false,
    });
    const raw = '[{"transaction":{"signatures":["b"]}}]';
    expect((await huge(delivery(raw))).status).toBe(200);
    expect((await huge(delivery(raw))).status).toBe(200);
    expect(seen).toHaveLength(3);
    const store = createMemorySignatureStore({ maxEntries: 1 });
    const once = createWebhookHandler({ authHeader: WEBHOOK_SECRET, onEvent, dedupe: store });
    await once(delivery('[{"signature":"c"},{"signature":"c"}]'));
    expect(seen).toHaveLength(4);
  });
});
