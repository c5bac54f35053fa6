// createChainDataClient's `areas`: one area's own options, laid over the shared ones. Each test
// watches the wire through an injected `fetch`: which key goes where, which headers, which URL,
// how many attempts, which timeout, which limiter. (Where the shared options go:
// index.test.ts.)
import { inspect } from "node:util";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  adminRateLimit,
  ConfigurationError,
  createBatcher,
  createChainDataClient,
  createRateLimiter,
  InternalServerError,
  senderRegions,
  TimeoutError,
  type ChainDataClient,
  type ChainDataClientOptions,
} from "./index.js";
import { ADDRESS, areaCalls as calls, baseUrls, specAreas } from "./test-support/area-calls.js";
import { notABatchOption } from "./test-support/batching-areas.js";

const KEY = "sdk-areas-key-7d2a91";
const SENDER_KEY = "sdk-areas-sender-key-40be3c";
const ADMIN_KEY = "sdk-areas-admin-key-b81e07";
type Area = keyof ChainDataClient;
const areas = Object.keys(calls) as Area[];

// The deprecation warnings of the deprecated areas (once per process, whichever test calls first).
beforeEach(() => void vi.spyOn(process, "emitWarning").mockImplementation(() => {}));

/** What one request carried: where it went, the key (query or header) and some headers. */
interface Sent {
  origin: string;
  queryKey: string | null;
  headerKey: string | null;
  team: string | null;
  shared: string | null;
  own: string | null;
}

/**
 * A `fetch` that records each request and answers a 503 echoing the URL and key header (as a
 * careless server might), after `delay` ms.
 */
const recorder = (delay = 0) => {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const { origin, searchParams } = new URL(url);
    const headers = new Headers(init.headers);
    sent.push({
      origin,
      queryKey: searchParams.get("api-key"),
      headerKey: headers.get("x-api-key"),
      team: headers.get("x-team"),
      shared: headers.get("x-shared"),
      own: headers.get("x-own"),
    });
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    const body = JSON.stringify({ error: `unavailable: ${url} ${headers.get("x-api-key")}` });
    return new Response(body, { status: 503, headers: { "retry-after": "0" } });
  });
  return { fetch, sent };
};

/** Every view of an error a log or a user may see. */
const views = (error: unknown) => [
  String(error),
  inspect(error, { depth: 9 }),
  JSON.stringify(error),
  (error as Error).stack ?? "",
];

/** What a call of an area sends with the shared options of the first test below (no own options). */
const shared = (host: keyof typeof baseUrls): Sent => ({
  origin: baseUrls[host],
  queryKey: KEY,
  headerKey: null,
  team: "t",
  shared: "s",
  own: null,
});

/**
 * What each area's call (test-support/area-calls.ts) sends in the first test below: the shared
 * options, laid over by the sender's, the admin host's and the wallet's own. An area of the spec
 * missing here is named by the test after it, with the entry to add.
 */
const SEEN: Record<Area, Sent[]> = {
  das: [shared("rpc")],
  compression: [shared("rpc")],
  mint: [shared("rpc")],
  webhooks: [shared("api")],
  tokenMetadata: [shared("api")],
  sender: [{ ...shared("sender"), queryKey: SENDER_KEY, team: "sender-team" }],
  admin: [
    {
      ...shared("admin"),
      origin: "https://admin-eu.test",
      queryKey: null,
      headerKey: ADMIN_KEY,
      own: "a",
    },
  ],
  wallet: [{ ...shared("wallet"), shared: null }],
};

/**
 * The areas of the spec (`specAreas`) missing from `expected` (SEEN), each with the entry to add
 * and the file to add it to: from the spec, so that a new area fails here at once, not only after
 * area-calls.ts has its call (user trial 26).
 */
function missingFromSeen(expected: Partial<Record<Area, Sent[]>>): string[] {
  // (`shared` is what an area sends on a host the others share, with nothing of its own; on a host
  // no other area of SEEN uses, the call may differ: the key's place, the host's own options.)
  const alone = (host: string) =>
    !specAreas.some((other) => other.host === host && other.key in expected);
  return specAreas
    .filter(({ key }) => !(key in expected))
    .map(
      ({ key, host }) =>
        `packages/sdk/src/areas.test.ts: SEEN, what each area's call sends, has no entry for ${key}: add \`${key}: [shared("${host}")],\`${alone(host) ? `, then lay over it what the call sends differently on the ${host} host, which no other area of SEEN uses (as admin's and sender's entries do)` : ""}`,
    );
}

/** An area of SEEN without its call. */
const noCall = (key: string) =>
  `packages/sdk/src/test-support/area-calls.ts: areaCalls has no call for ${key}: add \`${key}: (c) => c.${key}.<operation>(…),\``;

/** For the first test's toEqual: which area has no call in area-calls.ts or no entry in SEEN. */
const unseen = (seen: Partial<Record<Area, Sent[]>>) =>
  [
    ...Object.keys(SEEN)
      .filter((key) => !(key in seen))
      .map(noCall),
    ...missingFromSeen(SEEN),
  ].join("\n") || "what an area's call sent differs from SEEN";

describe("the expected wire of each area", () => {
  it("has an entry for every area of the spec", () => {
    const missing = missingFromSeen(SEEN);
    expect(missing, missing.join("\n")).toEqual([]);
    // (Every entry has its call to send it.)
    const uncalled = Object.keys(SEEN).filter((key) => !(key in calls));
    expect(uncalled, uncalled.map(noCall).join("\n")).toEqual([]);
    expect(Object.keys(calls).sort()).toEqual(Object.keys(SEEN).sort());
  });

  it("names an area of the spec it lacks, with the file and the entry to add (the check above can fail)", () => {
    // (Every other area of the spec has an entry, whether SEEN has it yet or not.)
    const rest = Object.fromEntries(
      specAreas.filter(({ key }) => key !== "das" && key !== "admin").map(({ key }) => [key, []]),
    );
    expect(missingFromSeen(rest)).toEqual([
      'packages/sdk/src/areas.test.ts: SEEN, what each area\'s call sends, has no entry for das: add `das: [shared("rpc")],`',
      "packages/sdk/src/areas.test.ts: SEEN, what each area's call sends, has no entry for admin: add `admin: [shared(\"admin\")],`, then lay over it what the call sends differently on the admin host, which no other area of SEEN uses (as admin's and sender's entries do)",
    ]);
  });
});

describe("createChainDataClient: areas", () => {
  it("an area's own options reach that area alone, laid over the shared ones (headers merged name by name)", async () => {
    const { fetch, sent } = recorder();
    const sdk = createChainDataClient({
      apiKey: KEY,
      baseUrls,
      fetch,
      maxRetries: 0,
      headers: { "X-Team": "t", "X-Shared": "s" },
      areas: {
        sender: { apiKey: SENDER_KEY, headers: { "x-team": "sender-team" } },
        // (A `null` header drops a shared one for this area; `baseUrls` are laid over per host.)
        admin: {
          apiKey: ADMIN_KEY,
          headers: new Headers({ "X-Own": "a" }),
          baseUrls: { admin: "https://admin-eu.test" },
        },
        // (An `undefined` URL leaves the shared one: it erased it, unseen, mutation 74.)
        wallet: { headers: { "X-Shared": null }, baseUrls: { wallet: undefined } },
      },
    });
    const seen: Partial<Record<Area, Sent[]>> = {};
    for (const area of areas) {
      sent.length = 0;
      await calls[area](sdk).catch(() => {});
      seen[area] = [...sent];
    }
    expect(seen, unseen(seen)).toEqual(SEEN);
  });

  /** An sdk whose shared `onAttempt` collects the operations it hears, with `areas` of its own. */
  const withSharedHook = (areaOptions: ChainDataClientOptions["areas"]) => {
    const shared: string[] = [];
    const sdk = createChainDataClient({
      apiKey: KEY,
      baseUrls,
      fetch: recorder().fetch,
      maxRetries: 0,
      onAttempt: (record) => shared.push(record.operation),
      areas: areaOptions,
    });
    return { sdk, shared };
  };

  it("onAttempt: the shared hook gets every area's attempts (the sender's ping too); an area's own replaces it for that area", async () => {
    const das: string[] = [];
    const { sdk, shared } = withSharedHook({
      das: { onAttempt: (record) => das.push(record.operation) },
    });
    for (const area of areas) await calls[area](sdk).catch(() => {});
    await sdk.sender.ping().catch(() => {});
    // (One attempt each: the recorder answers 503, and no area retries.)
    expect(shared).toHaveLength(areas.length);
    expect(shared.at(-1)).toBe("ping");
    expect(das).toHaveLength(1);
    expect(shared).not.toContain(das[0]);
  });

  it("onAttempt: null in an area sends none of its attempts to the shared hook (undefined is not given, and keeps it)", async () => {
    const { sdk, shared } = withSharedHook({
      das: { onAttempt: null },
      compression: { onAttempt: undefined },
    });
    for (const area of areas) await calls[area](sdk).catch(() => {});
    expect(shared).toHaveLength(areas.length - 1);
    await calls.das(sdk).catch(() => {});
    expect(shared).toHaveLength(areas.length - 1);
    // (Anything else that is no function is still refused, naming its path.)
    expect(() =>
      createChainDataClient({ apiKey: KEY, areas: { das: { onAttempt: 0 as never } } }),
    ).toThrow(/^areas\.das\.onAttempt: must be a function \(got number\)$/);
  });

  it("timeout and maxRetries per area", async () => {
    const { fetch, sent } = recorder(60);
    const sdk = createChainDataClient({
      apiKey: KEY,
      baseUrls,
      fetch,
      timeout: 10_000,
      maxRetries: 0,
      areas: { sender: { timeout: 20 }, das: { maxRetries: 2 } },
    });
    const sender = await calls.sender(sdk).catch((e: unknown) => e);
    expect(sender).toBeInstanceOf(TimeoutError);
    expect(String(sender)).toContain("after 20 ms");
    // (The shared 10 s: the 503 after 60 ms is the answer.)
    await expect(calls.compression(sdk)).rejects.toBeInstanceOf(InternalServerError);
    sent.length = 0;
    await expect(calls.das(sdk)).rejects.toBeInstanceOf(InternalServerError);
    expect(sent).toHaveLength(3);
  });

  it("the Sender's dedicated key via areas.sender.apiKey: the shared key (option or CHAINDATA_API_KEY) still never goes there, and the Sender's key nowhere else", async () => {
    vi.stubEnv("CHAINDATA_API_KEY", "general-env-key");
    const { fetch, sent } = recorder();
    try {
      for (const apiKey of [KEY, undefined]) {
        const common = { apiKey, baseUrls, fetch, maxRetries: 0 };
        await calls.sender(createChainDataClient(common)).catch(() => {});
        await calls
          .sender(createChainDataClient({ ...common, areas: { sender: { timeout: 5_000 } } }))
          .catch(() => {});
        const sdk = createChainDataClient({ ...common, areas: { sender: { apiKey: SENDER_KEY } } });
        const error = await calls.sender(sdk).catch((e: unknown) => e);
        // The Sender's key is masked in the Sender's errors, as the shared one is in the others'.
        expect(error).toBeInstanceOf(InternalServerError);
        for (const text of views(error)) expect(text).not.toContain(SENDER_KEY);
        await calls.das(sdk).catch(() => {});
        await calls.admin(sdk).catch(() => {});
      }
    } finally {
      vi.unstubAllEnvs();
    }
    expect(sent.map((s) => [s.origin, s.queryKey ?? s.headerKey])).toEqual([
      ...[KEY, "general-env-key"].flatMap((general) => [
        [baseUrls.sender, null],
        [baseUrls.sender, null],
        [baseUrls.sender, SENDER_KEY],
        [baseUrls.rpc, general],
        [baseUrls.admin, general],
      ]),
    ]);
  });

  it("CHAINDATA_API_KEY goes by each area's own environment: never to an area made `local` (the mock, maybe over plain http to a container), and to an area made `mainnet` under a shared `local`", async () => {
    // (It was read once for the shared environment: a `local` area got the real key, over plain
    // http to any host; a `mainnet` area under a shared `local` was told its key was blank.)
    vi.stubEnv("CHAINDATA_API_KEY", "general-env-key");
    const { fetch, sent } = recorder();
    const mock = "http://mock:4010";
    try {
      const sdk = createChainDataClient({
        baseUrls,
        fetch,
        maxRetries: 0,
        areas: {
          das: { environment: "local", baseUrls: { rpc: mock } },
          wallet: { environment: "local", baseUrls: { wallet: mock } },
        },
      });
      const local = createChainDataClient({
        environment: "local",
        baseUrls,
        fetch,
        maxRetries: 0,
        areas: { das: { environment: "mainnet" } },
      });
      vi.stubEnv("CHAINDATA_API_KEY", ""); // (read when the client was made, as an area client reads it)
      for (const area of ["das", "wallet", "admin"] as const)
        await calls[area](sdk).catch(() => {});
      for (const area of ["das", "compression"] as const) await calls[area](local).catch(() => {});
    } finally {
      vi.unstubAllEnvs();
    }
    expect(sent.map((s) => [s.origin, s.queryKey ?? s.headerKey])).toEqual([
      [mock, "local"],
      [mock, "local"],
      [baseUrls.admin, "general-env-key"],
      [baseUrls.rpc, "general-env-key"],
      [baseUrls.rpc, "local"],
    ]);
  });

  it("a refused Sender key points to the Sender's own key (areas.sender.apiKey), not the shared `apiKey`", async () => {
    // (It said "check the API key: `apiKey`", which through the sdk is the shared key, never sent there.)
    const fetch = vi.fn(async () => Response.json({ error: "Unauthorized" }, { status: 401 }));
    const sdk = createChainDataClient({
      apiKey: KEY,
      baseUrls,
      fetch,
      areas: { sender: { apiKey: SENDER_KEY } },
    });
    const error = await calls.sender(sdk).catch((e: unknown) => e);
    expect(String(error)).toMatch(/\(check the API key: the sender host's own `apiKey`\)$/);
    for (const text of views(error)) expect(text).not.toContain(SENDER_KEY);
  });

  it("rateLimit: an area's own limiter limits that area alone; one given to two areas limits both; a top-level limiter is refused, naming where it goes", async () => {
    const { fetch, sent } = recorder();
    const limiter = () => ({ acquire: vi.fn(async () => {}) });
    const [admin, rpc] = [limiter(), limiter()];
    const common = { apiKey: KEY, baseUrls, fetch, maxRetries: 0 };
    const sdk = createChainDataClient({
      ...common,
      areas: {
        admin: { rateLimit: admin },
        das: { rateLimit: rpc },
        compression: { rateLimit: rpc },
      },
    });
    for (const area of areas) await calls[area](sdk).catch(() => {});
    expect([admin, rpc].map((l) => l.acquire.mock.calls.length)).toEqual([1, 2]);
    // (`false` is no limiter, at the top as in an area.)
    createChainDataClient({ ...common, rateLimit: false });
    const count = sent.length;
    for (const top of [admin, createRateLimiter(adminRateLimit)])
      expect(() => createChainDataClient({ ...common, rateLimit: top as never })).toThrow(
        new ConfigurationError(
          "rateLimit: is an area's own: areas: { admin: { rateLimit } } for the admin host's 5 requests/s, areas: { das: { rateLimit } } for DAS (one limiter given to several areas limits them together)",
        ),
      );
    expect(sent.length).toBe(count);
    expect(admin.acquire).toHaveBeenCalledTimes(1);
  });

  it("a key over plain http is refused when the client is created, for every area, named by the area's path when the area has options of its own (user trial)", () => {
    const { fetch, sent } = recorder();
    const common = { apiKey: KEY, fetch };
    const refusal = (path: string, wayOut = "") =>
      new ConfigurationError(
        `${path}: must be https:// to carry the API key (http only to a loopback host${wayOut})`,
      );
    expect(() =>
      createChainDataClient({ ...common, baseUrls: { wallet: "http://wallet.example" } }),
    ).toThrow(refusal("baseUrls.wallet"));
    expect(() =>
      createChainDataClient({ ...common, baseUrls: { api: "http://api.example" } }),
    ).toThrow(refusal("baseUrls.api"));
    expect(() =>
      createChainDataClient({
        ...common,
        areas: { sender: { apiKey: SENDER_KEY, baseUrls: { sender: senderRegions.fra } } },
      }),
    ).toThrow(refusal("areas.sender.baseUrls.sender", "; use senderRegions.global"));
    // The shared key never goes to the sender: a regional http URL is fine without its own key.
    createChainDataClient({ ...common, baseUrls: { sender: senderRegions.fra } });
    expect(sent).toEqual([]);
  });

  it("batch per JSON-RPC area: an area's own batcher, or `false` for none", async () => {
    const bodies: unknown[] = [];
    const fetch = async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      bodies.push(body);
      const reply = (call: { id: string; method: string }) => ({
        jsonrpc: "2.0",
        id: call.id,
        result: call.method === "getAsset" ? { id: ADDRESS } : { context: { slot: 1 }, value: 1 },
      });
      return new Response(JSON.stringify(Array.isArray(body) ? body.map(reply) : reply(body)));
    };
    const common = { apiKey: KEY, baseUrls, fetch };
    const twice = (sdk: ChainDataClient) => [
      () => Promise.all([calls.das(sdk), calls.das(sdk)]),
      () => Promise.all([calls.compression(sdk), calls.compression(sdk)]),
    ];
    const own = createChainDataClient({ ...common, areas: { das: { batch: createBatcher() } } });
    for (const call of twice(own)) await call();
    const none = createChainDataClient({
      ...common,
      batch: createBatcher(),
      areas: { das: { batch: false } },
    });
    for (const call of twice(none)) await call();
    expect(bodies.map((b) => (Array.isArray(b) ? b.length : "single"))).toEqual([
      2,
      "single",
      "single",
      "single",
      "single",
      2,
    ]);
  });

  it("copies the areas' options when created: later changes to the caller's objects reach no area", async () => {
    const { fetch, sent } = recorder();
    const headers = { "X-Own": "o" };
    const senderOptions: NonNullable<ChainDataClientOptions["areas"]> = {
      sender: { apiKey: SENDER_KEY, headers, baseUrls: { sender: "https://sender-fra.test" } },
    };
    const options: ChainDataClientOptions = {
      apiKey: KEY,
      baseUrls,
      fetch,
      maxRetries: 0,
      areas: senderOptions,
    };
    const sdk = createChainDataClient(options);
    senderOptions.sender!.apiKey = "changed-later";
    senderOptions.sender!.baseUrls!.sender = "https://changed.test";
    headers["X-Own"] = "changed";
    (senderOptions as Record<string, unknown>).das = { apiKey: "changed-later" };
    options.areas = { sender: { apiKey: "changed-later" }, admin: { apiKey: "changed-later" } };
    for (const area of areas) await calls[area](sdk).catch(() => {});
    expect(JSON.stringify(sent)).not.toContain("changed");
    expect(sent.find((s) => s.origin === "https://sender-fra.test")).toMatchObject({
      queryKey: SENDER_KEY,
      own: "o",
    });
  });

  it("creates each area on first use: an area's own environment without its host throws only when used", () => {
    const sdk = createChainDataClient({ areas: { wallet: { environment: "devnet" } } });
    expect(typeof sdk.das.getAsset).toBe("function");
    expect(() => sdk.wallet).toThrow("set `baseUrls.wallet`");
  });
});

describe("createChainDataClient: areas are checked when created", () => {
  const LIST = specAreas.map(({ key }) => key).join(", ");
  const refused: [string, unknown, string][] = [
    ["unknown area", { dass: {} }, `areas.dass: is not an area (${LIST})`],
    [
      "bad option in an area",
      { sender: { timeout: 0 } },
      "areas.sender.timeout: must be a number of milliseconds > 0, or Infinity (got 0)",
    ],
    [
      "a number given as a string",
      { das: { maxRetries: "3" } },
      'areas.das.maxRetries: must be a whole number >= 0 (got "3")',
    ],
    [
      "misspelt option in an area",
      { admin: { timout: 5 } },
      "areas.admin.timout: is not a client option (apiKey, environment, baseUrls, fetch, headers, timeout, maxRetries, logger, onAttempt, coalesce, rateLimit); did you mean timeout?",
    ],
    [
      "batch on a REST area",
      { wallet: { batch: createBatcher() } },
      notABatchOption("wallet", "areas.wallet."),
    ],
    [
      "batch on the sender",
      { sender: { batch: createBatcher() } },
      notABatchOption("sender", "areas.sender."),
    ],
    [
      "a batch not made by createBatcher",
      { das: { batch: true } },
      "areas.das.batch: must be made by createBatcher() (got true)",
    ],
    [
      "a limiter not made by createRateLimiter",
      { admin: { rateLimit: { requestsPerSecond: 5 } } },
      "areas.admin.rateLimit: must be made by createRateLimiter({ requestsPerSecond }) (got object)",
    ],
    [
      "a bad environment",
      { das: { environment: "mainet" } },
      'areas.das.environment: must be one of mainnet, devnet, local (got "mainet")',
    ],
    [
      "an unknown host",
      { das: { baseUrls: { rcp: "http://node.test" } } },
      "areas.das.baseUrls.rcp: is not a host",
    ],
    [
      "a base URL that is none",
      { sender: { baseUrls: { sender: "fra" } } },
      'areas.sender.baseUrls.sender: must start with http:// or https:// (got "fra", a region: use senderRegions.fra)',
    ],
    [
      "a header that cannot be sent",
      { admin: { headers: { "x-team": "a\nb" } } },
      "areas.admin.headers: must be valid header names and values (no spaces, : or other separators in a name; no line breaks in a value)",
    ],
    [
      "headers that are not headers",
      { admin: { headers: "x-team: a" } },
      "areas.admin.headers: must be an object, a Headers or pairs",
    ],
    [
      "bad pairs",
      { admin: { headers: [["x-team"]] } },
      "areas.admin.headers: must be valid header names",
    ],
    [
      "a logger that is not one",
      { das: { logger: console.log } },
      "areas.das.logger: must be an object",
    ],
    [
      "an area that is not an object",
      { sender: 42 },
      "areas.sender: must be an object of client options (got number)",
    ],
    [
      "areas that are not an object",
      "sender",
      "areas: must be an object of area name → client options (got string)",
    ],
    // (Read as no options, a Promise's were silently lost: user trial 73, F1; a Map's, a Date's
    // or an array's too.)
    [
      "areas given as a Promise",
      Promise.resolve({}),
      "areas: must be an object of area name → client options (got Promise)",
    ],
    [
      "an area given as a Promise",
      { admin: Promise.resolve({ timeout: 1 }) },
      "areas.admin: must be an object of client options (got Promise)",
    ],
    [
      "areas given as a Map",
      new Map([["das", { timeout: 1 }]]),
      "areas: must be an object of area name → client options (got Map)",
    ],
    [
      "an area given as a Map",
      { das: new Map([["fetch", vi.fn()]]) },
      "areas.das: must be an object of client options (got Map)",
    ],
    [
      "an area given as a Date",
      { das: new Date() },
      "areas.das: must be an object of client options (got Date)",
    ],
    [
      "an area given as an array",
      { sender: [] },
      "areas.sender: must be an object of client options (got Array)",
    ],
  ];
  it.each(refused)(
    "%s: ConfigurationError naming the path, nothing sent",
    (_name, given, message) => {
      const fetch = vi.fn();
      const error = (() => {
        try {
          createChainDataClient({ apiKey: KEY, fetch, areas: given as never });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message.startsWith(message), (error as Error).message).toBe(true);
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it("refuses options that hold none of their own (a Promise: an async config not awaited; a Map, a Date, an array), which went to the production host", () => {
    const fetch = vi.fn();
    for (const [given, kind] of [
      [Promise.resolve({ apiKey: KEY, fetch, environment: "local" }), "Promise"],
      [
        new Map<string, unknown>([
          ["apiKey", KEY],
          ["fetch", fetch],
        ]),
        "Map",
      ],
      [new Date(), "Date"],
      [[], "Array"],
    ] as const) {
      expect(() => createChainDataClient(given as never)).toThrow(
        new ConfigurationError(`options: must be an object of client options (got ${kind})`),
      );
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it("escapes an unknown option or area name as core's options do: a line break in it forged a log line", () => {
    expect(() => createChainDataClient({ "x\nERROR forged": 1 } as never)).toThrow(
      /^x\\u000aERROR forged: is not a client option \(/,
    );
    expect(() => createChainDataClient({ areas: { "d\u202eas": {} } } as never)).toThrow(
      /^areas\.d\\u202eas: is not an area \(/,
    );
    expect(() => createChainDataClient({ areas: { das: { "t\x1b[2J": 1 } } } as never)).toThrow(
      /^areas\.das\.t\\u001b\[2J: is not a client option \(/,
    );
  });

  it("an option inherited by an area's options, or read from a getter, is used; an unknown inherited one is refused", async () => {
    const { fetch, sent } = recorder();
    const inherited = Object.create(
      { apiKey: SENDER_KEY },
      { timeout: { get: () => 5_000, enumerable: true } },
    );
    const sdk = createChainDataClient({
      apiKey: KEY,
      baseUrls,
      fetch,
      maxRetries: 0,
      areas: { sender: inherited },
    });
    await calls.sender(sdk).catch(() => {});
    expect(sent[0]?.queryKey).toBe(SENDER_KEY);
    expect(() =>
      createChainDataClient({ areas: { sender: Object.create({ timout: 5 }) } }),
    ).toThrow(/^areas\.sender\.timout: is not a client option/);
  });

  it("null or undefined areas, or area entries, are none", () => {
    for (const given of [null, undefined, {}, { das: undefined }, { das: null }])
      expect(typeof createChainDataClient({ areas: given as never }).das.getAsset).toBe("function");
  });

  it("a name is shown unless it could be a key: longer than any option, or holding a key given", () => {
    const message = (options: Record<string, unknown>) => {
      try {
        createChainDataClient(options);
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(message({ apiKey: "k", areas: { senderk: {} } })).toMatch(/^areas\.senderk: /);
    expect(message({ areas: { sender: { apiKey: SENDER_KEY } }, [`x${SENDER_KEY}`]: 1 })).toMatch(
      /^<a name of 28 characters>: is not a client option/,
    );
    expect(message({ apiKey: KEY, [KEY]: 1 })).toMatch(/^<a name of 20 characters>: /);
    expect(message({ areas: { das: { apiKey: "abcdefgh", abcdefgh: 1 } } })).toBe(
      "areas.das.<a name of 8 characters>: is not a client option (apiKey, environment, baseUrls, fetch, headers, timeout, maxRetries, logger, onAttempt, batch, coalesce, rateLimit)",
    );
    // A key from CHAINDATA_API_KEY is hidden as a top-level name too, as it was among `areas`
    // (user trial 73, F8: `{ [process.env.CHAINDATA_API_KEY]: 1 }` quoted a short key).
    vi.stubEnv("CHAINDATA_API_KEY", KEY);
    try {
      expect(message({ [KEY]: 1 })).toMatch(/^<a name of 20 characters>: /);
      expect(message({ areas: { [KEY]: {} } })).toMatch(/^areas\.<a name of 20 characters>: /);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("a misspelt top-level option names `areas` among the options, and not `rateLimit`", () => {
    // (`rateLimit` was listed, though one given there is always refused: a limiter is an area's.)
    expect(() => createChainDataClient({ area: {} } as never)).toThrow(
      new ConfigurationError(
        "area: is not a client option (apiKey, environment, baseUrls, fetch, headers, timeout, maxRetries, logger, onAttempt, batch, coalesce, areas); did you mean areas?",
      ),
    );
    expect(() => createChainDataClient({ rateLimit: adminRateLimit } as never)).toThrow(
      /^rateLimit: is an area's own: areas: \{ admin: \{ rateLimit \} \}/,
    );
    expect(typeof createChainDataClient({ rateLimit: false } as never).das.getAsset).toBe(
      "function",
    );
  });

  it("a misspelt name ends as an area's factory ends it (the nearest name, where maxPages goes), unless it could be a key", () => {
    const OPTIONS =
      "apiKey, environment, baseUrls, fetch, headers, timeout, maxRetries, logger, onAttempt, batch, coalesce, areas";
    const refuses = (options: object, message: string) =>
      expect(() => createChainDataClient(options as never)).toThrow(
        new ConfigurationError(message),
      );
    refuses({ timout: 1 }, `timout: is not a client option (${OPTIONS}); did you mean timeout?`);
    refuses(
      { maxPages: 5 },
      `maxPages: is not a client option (${OPTIONS}); a paged method's .all() takes it`,
    );
    refuses(
      { areas: { compresion: {} } },
      `areas.compresion: is not an area (${LIST}); did you mean compression?`,
    );
    // `rateLimit` is not listed (refused at the top level, an area's own), but a name nearest it is
    // told its spelling and where a limiter goes, at once (tsc offers it too: the type has
    // `rateLimit?: false`); with no name offered, `ratelimit` read as no option at all.
    for (const name of ["ratelimit", "rateLimiter", "RateLimit"])
      refuses(
        { [name]: 1 },
        `${name}: is not a client option (${OPTIONS}); rateLimit is an area's own: areas: { admin: { rateLimit } } for the admin host's 5 requests/s, areas: { das: { rateLimit } } for DAS (one limiter given to several areas limits them together)`,
      );
    // (An area's own limiter, misspelt, is offered its name: the area lists it.)
    refuses(
      { areas: { admin: { ratelimit: 1 } } },
      "areas.admin.ratelimit: is not a client option (apiKey, environment, baseUrls, fetch, headers, timeout, maxRetries, logger, onAttempt, coalesce, rateLimit); did you mean rateLimit?",
    );
    // A name holding the key is not shown, nor the option its first letters are nearest.
    refuses(
      { apiKey: "timeoutX", timeoutX: 1 },
      `<a name of 8 characters>: is not a client option (${OPTIONS})`,
    );
  });

  it("no key in any message: the shared key, an area's own, a key given where an option belongs", () => {
    const LONG_KEY = "3f1c2b9e-5a4d-4c7b-9e21-8d6f0a1b2c3d";
    const cases: unknown[] = [
      KEY,
      { sender: KEY },
      { sender: [KEY] },
      { [KEY]: {} },
      { [LONG_KEY]: {} },
      { sender: { apiKey: SENDER_KEY, timeout: "100" } },
      { sender: { apiKey: SENDER_KEY }, [SENDER_KEY]: {} },
      { sender: { apiKey: SENDER_KEY + "\n\0" } },
      { sender: { apiKey: 42, environment: SENDER_KEY } },
      { das: { environment: KEY } },
      { das: { baseUrls: { rpc: `http://node.test/?api-key=${KEY}` } } },
      { das: { baseUrls: `http://node.test/?api-key=${KEY}` } },
      { admin: { headers: { "x-api-key": `${KEY}\nx` } } },
      { admin: { headers: [["x-api-key", KEY, "x"]] } },
      { admin: { [KEY]: 1 } },
    ];
    for (const areas of cases) {
      const error = (() => {
        try {
          createChainDataClient({ apiKey: KEY, areas: areas as never });
        } catch (e) {
          return e;
        }
      })();
      expect(error, inspect(areas)).toBeInstanceOf(ConfigurationError);
      // (Refused as the area options they are, not as an unknown `areas` option.)
      expect((error as Error).message).toMatch(/^areas[.:]/);
      for (const text of views(error)) {
        expect(text).not.toContain(KEY);
        expect(text).not.toContain(SENDER_KEY);
        expect(text).not.toContain(LONG_KEY);
      }
    }
  });
});
