/**
 * Pagination as callers meet it: `client.<op>.all(params, options)` and `.all(…).pages()` of the
 * generated clients, property-tested against simulated servers behind a stub `fetch`. One
 * operation per paging style of the spec (`x-pagination`):
 *   - DAS page/limit (getAssetsByOwner, getNftEditions): ends on a short or empty page;
 *   - DAS getAssetsByOwner sorted by id (`keysetWhen`), from no cursor or the caller's `cursor` (a
 *     keyset param): walks by the result's cursor, ends on a short or empty page or no cursor;
 *   - wallet balances: page + `pagination.hasMore`;
 *   - compression (`value.cursor`), wallet transfers (`nextCursor` + `hasMore`, param `cursor`)
 *     and wallet history (the same, param `before`).
 * The model is the documented behaviour (packages/core/README.md "Other exports", the JSDoc of
 * `paginate`, `PaginationDescriptor` and `Paginated`, spec/README.md `x-pagination`):
 *   1. honest servers: every item from the caller's start exactly once, in order; one request
 *      per page, page numbers counting up by 1 from the caller's page, each cursor exactly the
 *      one the previous page returned, the caller's other params on every page and their object
 *      untouched; `.pages()` flattened is the items; `maxPages` caps the requests; the request
 *      options (headers, timeout, maxRetries, onResponse) reach every page;
 *   2. servers that misbehave (short or empty pages early, `hasMore: true` on a short or empty
 *      page, `hasMore: false` on a full one, no limit in the result, the end of the cursors
 *      marked null, absent or "" whatever `hasMore` says, cursors that repeat or go round in a
 *      cycle): the walk stops where the documented rules say, never sends a cursor twice, ends;
 *      where the server breaks the protocol (a cursor sent before, `hasMore: true` with no next
 *      cursor) it ends with an InvalidResponseError after the pages before;
 *   3. consumers that stop (break, `.return()`, a throw) cause no further request, and two walks
 *      of one iterable, interleaved, are independent;
 *   4. an error mid-walk (HTTP 500 after the retries, a retried 500 that recovers, a long 429, a
 *      JSON-RPC error, HTML, no connection, abort before or during a page, a timeout) rejects
 *      with its class after exactly the pages before it, and nothing more is fetched;
 *   5. params the one-page call refuses, `.all()` refuses too, with the same ValidationError and
 *      nothing sent; bad options are refused at `.all()`;
 *   6. the standalone page walks of the JSON-RPC endpoints (`paginate<Method>(rpc, params,
 *      options)`) send the same requests and yield the same items and pages as `.all()`, and
 *      refuse the same options and params with the same errors.
 * Reproducible: fixed SEED; on failure fast-check prints the seed, the path and the
 * counterexample (the scenario), and the assertion names what differed.
 */
import {
  createCompressionClient,
  createCompressionRpc,
  paginateGetCompressionSignaturesForAddress,
} from "@chaindata/compression";
import {
  AbortError,
  BadRequestError,
  ConfigurationError,
  ConnectionError,
  InternalServerError,
  InvalidResponseError,
  JsonRpcError,
  RateLimitError,
  TimeoutError,
  stringifyJson,
  ValidationError,
} from "@chaindata/core";
import {
  createDasClient,
  createDasRpc,
  paginateGetAssetsByOwner,
  paginateGetNftEditions,
} from "@chaindata/das";
import { createWalletClient } from "@chaindata/wallet";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const SEED = 20_260_311;
const KEY = "fake-key-pagination-0c4e2a";
const ADDRESS = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
/** A walk that has sent this many requests never ends: the stub answers 400 and flags it. */
const MAX_FETCHES = 2_000;
/** The most pages of items an honest case holds. */
const MAX_PAGES = 40;

type Params = Record<string, unknown>;
interface Item {
  id: string;
}

/** What a server says on one page; `undefined` members are left out of the JSON. */
interface PageReply {
  items: Item[];
  page?: number | undefined;
  /** The applied page size, for results that carry it. */
  limit?: number | undefined;
  next?: string | null | undefined;
  hasMore?: boolean | undefined;
}

/** One request as the stub received it, decoded back to SDK params. */
interface Sent {
  params: Params;
  headers: Headers;
  signal: AbortSignal;
  /** The JSON-RPC id (JSON-RPC operations). */
  rpcId?: string;
}

/** A paginated operation of a generated client, and the shape of its requests and results. */
interface Endpoint {
  label: string;
  /** How the walk goes: by page number, or by the cursor each page returns. */
  walk: "page" | "cursor";
  rpc: boolean;
  /** The cursor param (cursor walks). */
  cursor: string;
  /** Results carry `hasMore`, which the walker reads. */
  hasMore: boolean;
  /** Results carry the applied limit where the walker looks for it. */
  limitInResult: boolean;
  /**
   * DAS keyset: sorted by id, the walk goes by cursor from the start or the caller's cursor; every
   * non-empty page names the next, and a short page ends the walk (as the page walk's does).
   */
  keyset: boolean;
  /** `cursor: null` is valid (compression): the first page. */
  nullableCursor: boolean;
  /** The required params, valid. */
  required: Params;
  /** Other params a caller may give, which every page must carry unchanged. */
  others: fc.Arbitrary<Params>;
  /** The operation (`.all()` and the one-page call) of a client using `fetch`. */
  operation(fetch: typeof globalThis.fetch): any;
  /** JSON-RPC: the standalone page walk, `paginate<Method>(create<Area>Rpc(…), params, options)`. */
  standalone?(fetch: typeof globalThis.fetch): (params: Params, options?: any) => any;
  /** The result (JSON-RPC) or response body (REST) of a page. */
  body(reply: PageReply): unknown;
  /** The items of a page's result, as `.pages()` yields it. */
  items(result: any): Item[];
}

const rpcParams = (_url: URL, body: string | undefined) => JSON.parse(body!).params as Params;
/** The params of a wallet REST request: the path's wallet and the query (page, limit as numbers). */
function restParams(url: URL): Params {
  const params: Params = { wallet: decodeURIComponent(url.pathname.split("/")[3]!) };
  for (const [name, value] of url.searchParams)
    if (name !== "api-key")
      params[name] =
        name === "page" || name === "limit"
          ? Number(value)
          : value === "true" || value === "false"
            ? value === "true"
            : value;
  return params;
}

const clientOptions = (fetch: typeof globalThis.fetch) => ({ apiKey: KEY, fetch });
const noOthers = fc.constant({});
const dasOptions = fc.record({ showFungible: fc.boolean(), showZeroBalance: fc.boolean() });
// (Sorted by id without a page, a walk goes by keyset: the page walk sorts otherwise, or not at all.)
const dasPageOthers = fc.record(
  {
    sortBy: fc.record({
      sortBy: fc.constantFrom("created", "recent_action", "updated", "none"),
      sortDirection: fc.constantFrom("asc", "desc"),
    }),
    options: dasOptions,
  },
  { requiredKeys: [] },
);
// (Keyset paging sorts by id only: the check refuses any other sortBy beside a cursor.)
const dasKeysetOthers = fc.record(
  { sortBy: fc.constant({ sortBy: "id", sortDirection: "asc" }), options: dasOptions },
  { requiredKeys: ["sortBy"] },
);
const assetList = (r: PageReply) => ({
  last_indexed_slot: 1,
  total: r.items.length,
  limit: r.limit,
  page: r.page,
  cursor: r.next,
  items: r.items,
});

const ENDPOINTS: Endpoint[] = [
  {
    label: "page: das.getAssetsByOwner",
    walk: "page",
    rpc: true,
    cursor: "cursor",
    hasMore: false,
    limitInResult: true,
    keyset: false,
    nullableCursor: false,
    required: { ownerAddress: ADDRESS },
    others: dasPageOthers,
    operation: (fetch) => createDasClient(clientOptions(fetch)).getAssetsByOwner,
    standalone: (fetch) => (params, options) =>
      paginateGetAssetsByOwner(createDasRpc(clientOptions(fetch)), params as never, options),
    body: assetList,
    items: (result) => result.items,
  },
  {
    label: "page: das.getNftEditions",
    walk: "page",
    rpc: true,
    cursor: "cursor",
    hasMore: false,
    limitInResult: true,
    keyset: false,
    nullableCursor: false,
    required: { mint: ADDRESS },
    others: noOthers,
    operation: (fetch) => createDasClient(clientOptions(fetch)).getNftEditions,
    standalone: (fetch) => (params, options) =>
      paginateGetNftEditions(createDasRpc(clientOptions(fetch)), params as never, options),
    body: (r) => ({
      last_indexed_slot: 1,
      total: r.items.length,
      limit: r.limit,
      page: r.page,
      editions: r.items,
    }),
    items: (result) => result.editions,
  },
  {
    label: "page + hasMore: wallet.getBalances",
    walk: "page",
    rpc: false,
    cursor: "cursor",
    hasMore: true,
    // (`pagination.limit`, the spec's `echoedLimit`.)
    limitInResult: true,
    keyset: false,
    nullableCursor: false,
    required: { wallet: ADDRESS },
    others: fc.record(
      { showNative: fc.boolean(), showZeroBalance: fc.boolean() },
      { requiredKeys: [] },
    ),
    operation: (fetch) => createWalletClient(clientOptions(fetch)).getBalances,
    body: (r) => ({
      balances: r.items,
      totalUsdValue: 0,
      pagination: { page: r.page, limit: r.limit, hasMore: r.hasMore },
    }),
    items: (result) => result.balances,
  },
  {
    label: "cursor (keyset): das.getAssetsByOwner sorted by id, from the start or a cursor",
    walk: "cursor",
    rpc: true,
    cursor: "cursor",
    hasMore: false,
    limitInResult: true,
    keyset: true,
    nullableCursor: false,
    required: { ownerAddress: ADDRESS },
    others: dasKeysetOthers,
    operation: (fetch) => createDasClient(clientOptions(fetch)).getAssetsByOwner,
    standalone: (fetch) => (params, options) =>
      paginateGetAssetsByOwner(createDasRpc(clientOptions(fetch)), params as never, options),
    body: assetList,
    items: (result) => result.items,
  },
  {
    label: "cursor: compression.getCompressionSignaturesForAddress",
    walk: "cursor",
    rpc: true,
    cursor: "cursor",
    hasMore: false,
    limitInResult: false,
    keyset: false,
    nullableCursor: true,
    required: { address: ADDRESS },
    others: noOthers,
    operation: (fetch) =>
      createCompressionClient(clientOptions(fetch)).getCompressionSignaturesForAddress,
    standalone: (fetch) => (params, options) =>
      paginateGetCompressionSignaturesForAddress(
        createCompressionRpc(clientOptions(fetch)),
        params as never,
        options,
      ),
    body: (r) => ({ context: { slot: 1 }, value: { items: r.items, cursor: r.next } }),
    items: (result) => result.value.items,
  },
  {
    label: "cursor + hasMore: wallet.getTransfers",
    walk: "cursor",
    rpc: false,
    cursor: "cursor",
    hasMore: true,
    limitInResult: false,
    keyset: false,
    nullableCursor: false,
    required: { wallet: ADDRESS },
    others: noOthers,
    operation: (fetch) => createWalletClient(clientOptions(fetch)).getTransfers,
    body: (r) => ({ data: r.items, pagination: { nextCursor: r.next, hasMore: r.hasMore } }),
    items: (result) => result.data,
  },
  {
    label: "cursor (before) + hasMore: wallet.getHistory",
    walk: "cursor",
    rpc: false,
    cursor: "before",
    hasMore: true,
    limitInResult: false,
    keyset: false,
    nullableCursor: false,
    required: { wallet: ADDRESS },
    others: fc.record(
      { type: fc.constantFrom("SWAP", "TRANSFER"), tokenAccounts: fc.constantFrom("none", "all") },
      { requiredKeys: [] },
    ),
    operation: (fetch) => createWalletClient(clientOptions(fetch)).getHistory,
    body: (r) => ({ data: r.items, pagination: { nextCursor: r.next, hasMore: r.hasMore } }),
    items: (result) => result.data,
  },
];

/**
 * Cursor number `n` as the servers write it: base58 letters, 88 long and led by `2`, so that every
 * operation's cursor check takes it (a history `before` is a signature: 88 such characters decode
 * to 64 bytes, whatever follows the `2`).
 */
const token = (n: number) =>
  ("2Cursor" + [...String(n)].map((digit) => "abcdefghij"[+digit]).join("")).padEnd(88, "z");
const tokenNumber = (cursor: string) =>
  Number([...cursor.slice(7).replace(/z+$/, "")].map((c) => "abcdefghij".indexOf(c)).join(""));

/** Params as they travel: bigints as numbers, `undefined` members left out. */
const wire = (params: Params): Params =>
  JSON.parse(JSON.stringify(params, (_key, v) => (typeof v === "bigint" ? Number(v) : v)));

/** JSON text with the members of every object in name order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

const json = (value: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

/** The answer carrying `reply` (a JSON-RPC result or a REST body). */
const answer = (ep: Endpoint, sent: Sent, reply: PageReply) =>
  json(ep.rpc ? { jsonrpc: "2.0", id: sent.rpcId, result: ep.body(reply) } : ep.body(reply));

/** A stub `fetch` in front of `server`; records every request it receives. */
function stubServer(ep: Endpoint, server: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  let runaway = false;
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const raw = init.body;
    const body =
      raw == null
        ? undefined
        : typeof raw === "string"
          ? raw
          : new TextDecoder().decode(raw as ArrayBuffer);
    const request: Sent = {
      params: ep.rpc ? rpcParams(url, body) : restParams(url),
      headers: new Headers(init.headers),
      signal: init.signal!,
      ...(ep.rpc && { rpcId: JSON.parse(body!).id }),
    };
    sent.push(request);
    if (sent.length > MAX_FETCHES) {
      runaway = true;
      return json({ error: "the walk does not end" }, 400);
    }
    return server(request);
  };
  return {
    fetch,
    sent,
    params: () => sent.map((s) => s.params),
    get runaway() {
      return runaway;
    },
  };
}

/** The honest server of a dataset: pages of `limit` (else `defaultLimit`) items. */
interface Dataset {
  items: Item[];
  defaultLimit: number;
  /** How the last page of a cursor walk says there is no next one. */
  end: null | undefined | "";
}

function honestReply(ep: Endpoint, data: Dataset, params: Params): PageReply {
  const limit = Number(params.limit ?? data.defaultLimit);
  const cursor = params[ep.cursor];
  const start =
    ep.walk === "page"
      ? (Number(params.page) - 1) * limit
      : cursor == null
        ? 0
        : tokenNumber(cursor as string);
  const items = data.items.slice(start, start + limit);
  const more = start + limit < data.items.length;
  return {
    items,
    page: ep.walk === "page" ? Number(params.page) : undefined,
    limit: ep.limitInResult || ep.hasMore ? limit : undefined,
    hasMore: ep.hasMore ? more : undefined,
    next:
      ep.walk === "page"
        ? undefined
        : ep.keyset
          ? items.length
            ? token(start + items.length)
            : undefined
          : more
            ? token(start + limit)
            : data.end,
  };
}

const itemsOf = (prefix: string, count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}` }));

/** A caller's walk of an honest server. */
interface HonestCase {
  total: number;
  defaultLimit: number;
  limit: number | undefined;
  /** Page style: the caller's `page` (1-based); cursor style: the offset of the caller's cursor. */
  start: number | undefined;
  /** Compression: start with `cursor: null` rather than none. */
  nullStart: boolean;
  end: null | undefined | "";
  cap: number | undefined;
  others: Params;
  headers: boolean;
  timeout: boolean;
  maxRetries: number | undefined;
}

/**
 * A case of `ep`. Totals go up to 300 items, but to at most MAX_PAGES pages of the applied limit
 * (fast-check favours small limits: 300 pages of one item cost seconds and find nothing 40 do not).
 */
const honestCase = (ep: Endpoint, minTotal = 0, maxTotal = 300): fc.Arbitrary<HonestCase> =>
  fc
    .record({
      total: fc.integer({ min: minTotal, max: maxTotal }),
      defaultLimit: fc.integer({ min: 1, max: 40 }),
      // (Numbers: a bigint is refused, as the params' types refuse it, user trial 39.)
      limit: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
      start:
        ep.walk === "page"
          ? fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined })
          : fc.option(fc.nat({ max: 40 }), { nil: undefined }),
      nullStart: fc.boolean(),
      end: fc.constantFrom(null, undefined, "" as const),
      cap: fc.option(fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constant(Infinity)), {
        nil: undefined,
      }),
      // (Plain objects, as callers write them: fast-check's records have no prototype.)
      others: ep.others.map((others) => JSON.parse(JSON.stringify(others)) as Params),
      headers: fc.boolean(),
      timeout: fc.boolean(),
      maxRetries: fc.option(fc.nat({ max: 3 }), { nil: undefined }),
    })
    .map((c) => ({
      ...c,
      total: Math.max(minTotal, Math.min(c.total, MAX_PAGES * Number(c.limit ?? c.defaultLimit))),
    }));

/** A server answering case `c`'s dataset honestly, behind a stub `fetch`. */
function honestServer(ep: Endpoint, c: HonestCase) {
  const data: Dataset = { items: itemsOf("i", c.total), defaultLimit: c.defaultLimit, end: c.end };
  return stubServer(ep, (sent) => answer(ep, sent, honestReply(ep, data, sent.params)));
}

/** The caller's params of a case. */
function callerParams(ep: Endpoint, c: HonestCase): Params {
  const params: Params = { ...ep.required, ...c.others };
  if (c.limit !== undefined) params.limit = c.limit;
  if (ep.walk === "page") {
    if (c.start !== undefined) params.page = c.start;
  } else if (c.start !== undefined) params[ep.cursor] = token(Number(c.start));
  else if (ep.nullableCursor && c.nullStart) params[ep.cursor] = null;
  return params;
}

/** What a walk of an honest server must do: its requests, and the items it yields. */
function honestWalk(ep: Endpoint, c: HonestCase, params: Params) {
  const limit = Number(c.limit ?? c.defaultLimit);
  const first = Number(c.start ?? (ep.walk === "page" ? 1 : 0));
  const offset = ep.walk === "page" ? (first - 1) * limit : first;
  const left = Math.max(0, c.total - offset);
  const toTheEnd =
    ep.walk === "page"
      ? ep.hasMore
        ? Math.max(1, Math.ceil(left / limit)) // the last page says hasMore: false
        : Math.floor(left / limit) + 1 // the last page is short, or empty
      : ep.keyset
        ? Math.floor(left / limit) + 1 // every non-empty page names a next one: a short or empty page ends it
        : Math.max(1, Math.ceil(left / limit)); // the last page has no next cursor
  const fetches = Math.min(c.cap ?? Infinity, toTheEnd);
  const requests = Array.from({ length: fetches }, (_, i) =>
    ep.walk === "page"
      ? { ...params, page: first + i }
      : i === 0
        ? params
        : { ...params, [ep.cursor]: token(offset + Math.min(i * limit, left)) },
  );
  return {
    requests: requests.map(wire),
    items: itemsOf("i", c.total).slice(offset, offset + Math.min(left, fetches * limit)),
    fetches,
    limit,
  };
}

const collect = async <T>(iterable: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of iterable) out.push(x);
  return out;
};
/** A macrotask later: whatever a walk would fetch in the background has been asked for by then. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const run = (property: fc.IAsyncProperty<any>, numRuns: number) =>
  fc.assert(property, { seed: SEED, numRuns });

describe.each(ENDPOINTS.map((ep) => [ep.label, ep] as const))("%s", (_label, ep) => {
  it("honest server: every item once and in order, page requests as documented, maxPages, options on every page", async () => {
    await run(
      fc.asyncProperty(honestCase(ep), async (c) => {
        const server = honestServer(ep, c);
        const params = callerParams(ep, c);
        const before = structuredClone(params);
        const responses: number[] = [];
        const options = {
          ...(c.cap !== undefined && { maxPages: c.cap }),
          ...(c.headers && { headers: { "x-walk": "honest" } }),
          ...(c.timeout && { timeout: 30_000 }),
          ...(c.maxRetries !== undefined && { maxRetries: c.maxRetries }),
          onResponse: ({ status }: { status: number }) => void responses.push(status),
        };
        const expected = honestWalk(ep, c, params);
        const walk = ep.operation(server.fetch).all(params, options);

        const items = await collect<Item>(walk);
        expect(server.runaway, "the walk did not end").toBe(false);
        expect(server.params(), "the requests of the item walk").toEqual(expected.requests);
        expect(items, "the items").toEqual(expected.items);
        expect(responses, "onResponse once per page").toEqual(expected.requests.map(() => 200));
        for (const { headers } of server.sent)
          expect(headers.get("x-walk"), "the caller's header on every page").toBe(
            c.headers ? "honest" : null,
          );

        // `.pages()` of the same iterable: a fresh walk with the same requests, its pages
        // flattened are the items.
        server.sent.length = 0;
        const pages = await collect<any>(walk.pages());
        expect(server.params(), "the requests of the page walk").toEqual(expected.requests);
        expect(pages.flatMap((page) => ep.items(page))).toEqual(items);
        expect(params, "the caller's params are not modified").toStrictEqual(before);
      }),
      40,
    );
  });

  it(".checkpoints(): each page's next is the walk's next request (undefined only where the data ends, not at maxPages); .all(next) from any page resumes with exactly the rest (user trial 29)", async () => {
    await run(
      fc.asyncProperty(honestCase(ep), fc.nat({ max: 400 }), async (c, at) => {
        const server = honestServer(ep, c);
        const params = callerParams(ep, c);
        const capped = honestWalk(ep, c, params);
        const whole = honestWalk(ep, { ...c, cap: undefined }, params);
        const steps = await collect<{ result: unknown; next: Params | undefined }>(
          ep
            .operation(server.fetch)
            .all(params, c.cap === undefined ? {} : { maxPages: c.cap })
            .checkpoints(),
        );
        expect(server.params(), "the requests").toEqual(capped.requests);
        expect(
          steps.flatMap(({ result }) => ep.items(result)),
          "the items",
        ).toEqual(capped.items);
        expect(
          steps.map(({ next }) => next && wire(next)),
          "each page's next: the next request of the whole walk",
        ).toEqual(steps.map((_, i) => whole.requests[i + 1]));

        // Resumed from page k's checkpoint: the rest of the whole walk, its requests and items.
        const k = at % steps.length;
        const from = steps[k]!.next;
        if (!from) return;
        server.sent.length = 0;
        const rest = await collect<Item>(ep.operation(server.fetch).all(from));
        const before = steps.slice(0, k + 1).flatMap(({ result }) => ep.items(result)).length;
        expect(server.params(), "the requests resumed").toEqual(whole.requests.slice(k + 1));
        expect(rest, "the items resumed").toEqual(whole.items.slice(before));
      }),
      40,
    );
  });

  it("misbehaving server: stops where the documented rules say, never sends a cursor twice, always ends", async () => {
    await run(ep.walk === "page" ? scriptedPages(ep) : cursorGraph(ep), 80);
  });

  it("a consumer that stops (break, return(), a throw, a break over pages) causes no further request", async () => {
    const stop = fc.record({
      how: fc.constantFrom("break", "return", "throw", "pages"),
      at: fc.integer({ min: 1, max: 400 }),
    });
    await run(
      fc.asyncProperty(honestCase(ep, 1), stop, async (c, { how, at }) => {
        const server = honestServer(ep, c);
        const params = callerParams(ep, c);
        const whole = honestWalk(ep, c, params);
        fc.pre(whole.items.length > 0); // (a consumer that never gets an item cannot stop early)
        const walk = ep
          .operation(server.fetch)
          .all(params, c.cap === undefined ? {} : { maxPages: c.cap });
        // Stop at item `at` (or page `at`), when the walk gets that far.
        const items: Item[] = [];
        const stopAfter =
          how === "pages" ? Math.min(at, whole.fetches) : Math.min(at, whole.items.length);
        const stopped = new Error("the consumer stopped");
        if (how === "pages") {
          let pages = 0;
          for await (const _page of walk.pages()) if (++pages >= stopAfter) break;
        } else if (how === "return") {
          const iterator = walk[Symbol.asyncIterator]();
          while (items.length < stopAfter) items.push((await iterator.next()).value);
          await iterator.return();
          expect(await iterator.next(), "after return()").toEqual({ done: true, value: undefined });
        } else {
          const consume = async () => {
            for await (const item of walk) {
              items.push(item);
              if (items.length >= stopAfter) {
                if (how === "throw") throw stopped;
                break;
              }
            }
          };
          if (how === "throw") await expect(consume()).rejects.toBe(stopped);
          else await consume();
        }
        await settle();
        // Item `n` is on page ceil(n / limit): every page but the last is full.
        const fetches = how === "pages" ? stopAfter : Math.ceil(stopAfter / whole.limit);
        expect(server.sent, "requests made").toHaveLength(fetches);
        expect(server.params()).toEqual(whole.requests.slice(0, fetches));
        if (how !== "pages") expect(items).toEqual(whole.items.slice(0, stopAfter));
      }),
      30,
    );
  });

  it("two walks of one iterable, interleaved, are independent (and .pages() beside them)", async () => {
    await run(
      fc.asyncProperty(
        honestCase(ep, 0, 120),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 400 }),
        async (c, schedule) => {
          const server = honestServer(ep, c);
          const params = callerParams(ep, c);
          const expected = honestWalk(ep, c, params);
          const walk = ep
            .operation(server.fetch)
            .all(params, c.cap === undefined ? {} : { maxPages: c.cap });
          const iterators = [walk[Symbol.asyncIterator](), walk[Symbol.asyncIterator]()];
          const got: Item[][] = [[], []];
          const done = [false, false];
          for (let step = 0; !done[0] || !done[1]; step++) {
            const which = done[0] ? 1 : done[1] ? 0 : Number(schedule[step % schedule.length]);
            const next = await iterators[which]!.next();
            if (next.done) done[which] = true;
            else got[which]!.push(next.value);
          }
          expect(got[0]).toEqual(expected.items);
          expect(got[1]).toEqual(expected.items);
          const [items, pages] = await Promise.all([
            collect<Item>(walk),
            collect<any>(walk.pages()),
          ]);
          expect(items).toEqual(expected.items);
          expect(pages.flatMap((page) => ep.items(page))).toEqual(expected.items);
          expect(server.sent).toHaveLength(4 * expected.fetches);
          const byText = (list: Params[]) => list.map(canonical).sort();
          expect(byText(server.params())).toEqual(
            byText([...Array(4)].flatMap(() => expected.requests)),
          );
        },
      ),
      20,
    );
  });

  it("an error mid-walk rejects with its class after exactly the pages before it; nothing more is fetched", async () => {
    await run(errorsMidWalk(ep), 40);
  });

  it("params the one-page call refuses are refused by .all() too, identically, with nothing sent", async () => {
    await run(sameValidation(ep), 60);
  });
});

/**
 * Walks `ep` over `server` from `params` (with `maxPages: cap`, when given) and holds it to what
 * the documented rules say: these `requests`, these `items`, then the end of the data, or a
 * `broken-paging` InvalidResponseError whose message matches `broken`.
 */
async function expectWalk(
  ep: Endpoint,
  server: ReturnType<typeof stubServer>,
  params: Params,
  cap: number | undefined,
  expected: { requests: Params[]; items: Item[]; broken: RegExp | undefined },
) {
  const got: Item[] = [];
  let error: unknown;
  try {
    for await (const item of ep
      .operation(server.fetch)
      .all(params, cap === undefined ? {} : { maxPages: cap }))
      got.push(item);
  } catch (thrown) {
    error = thrown;
  }
  expect(server.runaway, "the walk did not end").toBe(false);
  expect(server.params(), "the requests").toEqual(expected.requests);
  expect(got).toEqual(expected.items);
  if (expected.broken) {
    expect(error, "the walk ends with the break").toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).reason).toBe("broken-paging");
    expect((error as Error).message).toMatch(expected.broken);
  } else expect(error, "the walk ends at a documented end").toBeUndefined();
}

/**
 * Page style: a server answering page `start + i` with `script[i]` (an empty page past the
 * script): pages of any size, with or without `hasMore` (where the results carry it) and the
 * applied limit. The walk must stop at the first page that is empty, says `hasMore: false`, or
 * is shorter than the page size (the result's, else the params' limit) without saying
 * `hasMore: true`; a page longer than it goes on. An empty page that says `hasMore: true` ends it
 * with an InvalidResponseError (user trial 56, F3), unless it is the last page `maxPages` asks for.
 */
function scriptedPages(ep: Endpoint) {
  const entry = fc.record({
    count: fc.oneof(fc.nat({ max: 4 }), fc.integer({ min: 3, max: 8 })),
    hasMore: fc.constantFrom(true, false, undefined),
  });
  return fc.asyncProperty(
    fc.record({
      limit: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
      applied: fc.integer({ min: 1, max: 6 }),
      limitInResult: fc.boolean(),
      // The server applies a page size of its own (caps it, or ignores the one asked for).
      ownSize: fc.boolean(),
      start: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
      cap: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
      script: fc.array(entry, { minLength: 1, maxLength: 10 }),
    }),
    async (s) => {
      const first = s.start ?? 1;
      const applied = s.ownSize ? s.applied : (s.limit ?? s.applied);
      const reply = (i: number): PageReply => {
        const e = s.script[i] ?? { count: 0, hasMore: undefined };
        return {
          items: itemsOf(`p${i}-`, e.count),
          page: first + i,
          limit: s.limitInResult ? applied : undefined,
          hasMore: ep.hasMore ? e.hasMore : undefined,
        };
      };
      const server = stubServer(ep, (sent) =>
        answer(ep, sent, reply(Number(sent.params.page) - first)),
      );
      const params: Params = { ...ep.required };
      if (s.limit !== undefined) params.limit = s.limit;
      if (s.start !== undefined) params.page = s.start;

      // The documented rules, page by page.
      const requests: Params[] = [];
      const items: Item[] = [];
      /** Where the server broke the protocol: the walk's error message ends so. */
      let broken: RegExp | undefined;
      for (let i = 0; i < (s.cap ?? Infinity); i++) {
        requests.push(wire({ ...params, page: first + i }));
        const page = reply(i);
        items.push(...page.items);
        const count = page.items.length;
        // (An empty page said to have more, unless it is the last page asked for.)
        if (count === 0 && page.hasMore === true && i + 1 !== s.cap)
          broken = new RegExp(
            `the answer to page ${first + i} says pagination.hasMore: true of a page with no items \\(stopped after ${i + 1} pages?\\)$`,
          );
        if (count === 0 || page.hasMore === false) break;
        // (The page size the answer gives, else the params' limit.)
        const size = (ep.limitInResult ? page.limit : undefined) ?? s.limit;
        if (page.hasMore !== true && size !== undefined && count < size) break;
      }

      await expectWalk(ep, server, params, s.cap, { requests, items, broken });
    },
  );
}

/**
 * Cursor style: a server of K pages, each named by a cursor (the first one also by no cursor),
 * each naming any page as the next (itself, one before, a cycle), or the end: `null`, absent or
 * "", whatever its `hasMore` says. The walk must follow each next cursor exactly, stop on an
 * empty page (unless it says `hasMore: true`), `hasMore: false`, no next cursor or (DAS keyset, a
 * page-style operation) a page shorter than the limit, and throw an
 * InvalidResponseError (after yielding that page) on a next cursor it has sent before or no next
 * cursor where the page says `hasMore: true`; so it sends every cursor at most once: it always
 * ends.
 */
function cursorGraph(ep: Endpoint) {
  const node = fc.record({
    count: fc.nat({ max: 4 }),
    next: fc.oneof(
      { weight: 4, arbitrary: fc.nat({ max: 7 }) },
      { weight: 1, arbitrary: fc.constantFrom(null, undefined, "" as const) },
    ),
    hasMore: fc.constantFrom(true, false, undefined),
  });
  return fc.asyncProperty(
    fc.record({
      nodes: fc.array(node, { minLength: 1, maxLength: 8 }),
      start: fc.option(fc.nat({ max: 7 }), { nil: undefined }),
      nullStart: fc.boolean(),
      limit: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      cap: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
    }),
    async (s) => {
      const k = s.nodes.length;
      const reply = (cursor: unknown): PageReply => {
        const at = cursor == null ? 0 : tokenNumber(cursor as string) % k;
        const n = s.nodes[at]!;
        return {
          items: itemsOf(`n${at}-`, n.count),
          next: typeof n.next === "number" ? token(n.next % k) : n.next,
          hasMore: ep.hasMore ? n.hasMore : undefined,
          limit: ep.limitInResult ? 3 : undefined,
        };
      };
      const server = stubServer(ep, (sent) => answer(ep, sent, reply(sent.params[ep.cursor])));
      const params: Params = { ...ep.required };
      if (s.limit !== undefined) params.limit = s.limit;
      // (DAS: sorted by id, a walk with no cursor goes by keyset from the start.)
      if (ep.keyset) params.sortBy = { sortBy: "id" };
      if (s.start !== undefined) params[ep.cursor] = token(s.start % k);
      else if (ep.nullableCursor && s.nullStart) params[ep.cursor] = null;

      // The documented rules, page by page.
      const requests: Params[] = [];
      const items: Item[] = [];
      const sentCursors = new Set([params[ep.cursor]]);
      let current = params;
      /** Where the server broke the protocol: the walk's error message ends so. */
      let broken: RegExp | undefined;
      for (let i = 0; i < (s.cap ?? Infinity); i++) {
        requests.push(wire(current));
        const page = reply(current[ep.cursor]);
        items.push(...page.items);
        // (The last page asked for: what it says of the next one does not matter.)
        if (i + 1 === s.cap) break;
        if (page.hasMore === false || (page.items.length === 0 && page.hasMore !== true)) break;
        // (DAS keyset: a short page ends the walk, whatever it says of the next one.)
        const size = page.limit ?? s.limit; // (the answer's page size, else the params')
        if (ep.keyset && size !== undefined && page.items.length < size) break;
        if (page.next == null || page.next === "") {
          if (page.hasMore === true)
            broken = new RegExp(
              `the answer to page ${i + 1} says pagination.hasMore: true but gives no pagination.nextCursor \\(stopped after ${i + 1} pages?\\)$`,
            );
          break;
        }
        if (sentCursors.has(page.next)) {
          broken = new RegExp(
            `the answer to page ${i + 1} gives \\S+ ".+" again, which page \\d+ was asked with \\(stopped after ${i + 1} pages?\\)$`,
          );
          break;
        }
        sentCursors.add(page.next);
        current = { ...current, [ep.cursor]: page.next };
      }

      await expectWalk(ep, server, params, s.cap, { requests, items, broken });
      // Independently of the rules' order: no cursor sent twice, so at most k + 1 requests.
      const cursors = server.params().map((p) => p[ep.cursor]);
      expect(new Set(cursors).size, "a cursor was sent twice").toBe(cursors.length);
      expect(cursors.length).toBeLessThanOrEqual(k + 1);
    },
  );
}

const ERROR_KINDS = [
  "server-error",
  "recovers",
  "long-429",
  "refused",
  "html",
  "connection",
  "abort-during",
  "abort-before",
  "timeout",
] as const;
type ErrorKind = (typeof ERROR_KINDS)[number];

/**
 * An honest walk whose page `at` fails (`kind`). The consumer must get exactly the items of the
 * pages before it, then the error of the documented class; the failing page is tried
 * 1 + maxRetries times where it is retried, once where not, not at all when the signal had
 * already fired; then the walk is over (next() is done, nothing more is fetched).
 */
function errorsMidWalk(ep: Endpoint) {
  return fc.asyncProperty(
    honestCase(ep, 1),
    fc.constantFrom(...ERROR_KINDS),
    fc.nat({ max: 20 }),
    fc.nat({ max: 2 }),
    async (c, kind, atPick, retriesPick) => {
      const honest = { ...c, cap: undefined };
      const params = callerParams(ep, honest);
      const whole = honestWalk(ep, honest, params);
      const at = atPick % whole.fetches;
      // (Only Retry-After-driven retries are waited for: a connection error or a timeout would
      // back off for 0.5 s and more.)
      const maxRetries =
        kind === "connection" || kind === "timeout"
          ? 0
          : kind === "recovers"
            ? 1 + retriesPick
            : retriesPick;
      const controller = new AbortController();
      const data: Dataset = {
        items: itemsOf("i", c.total),
        defaultLimit: c.defaultLimit,
        end: c.end,
      };
      // The walk is sequential: the page a request asks for is the count of pages answered.
      let answered = 0;
      let failures = 0;
      const server = stubServer(ep, (sent) => {
        if (answered === at && (kind !== "recovers" || failures === 0)) {
          failures++;
          return fail(ep, kind, sent, controller);
        }
        answered++;
        return answer(ep, sent, honestReply(ep, data, sent.params));
      });
      const walk = ep.operation(server.fetch).all(params, {
        signal: controller.signal,
        maxRetries,
        ...(kind === "timeout" && { timeout: 10 }),
      });
      const iterator = walk[Symbol.asyncIterator]();
      const itemsBefore = at * whole.limit;
      const items: Item[] = [];
      let error: unknown;
      try {
        for (;;) {
          if (kind === "abort-before" && items.length === itemsBefore) controller.abort();
          const next = await iterator.next();
          if (next.done) break;
          items.push(next.value);
        }
      } catch (thrown) {
        error = thrown;
      }
      if (kind === "recovers") {
        expect(error, "a retried 500 that recovers is no error").toBeUndefined();
        expect(items).toEqual(whole.items);
        expect(server.sent).toHaveLength(whole.fetches + 1);
        return;
      }
      expect(error, `${kind} at page ${at}`).toBeInstanceOf(ERROR_CLASS[kind](ep));
      expect(String(error) + JSON.stringify(error)).not.toContain(KEY);
      expect(items, "the items of the pages before the error").toEqual(
        whole.items.slice(0, itemsBefore),
      );
      const attempts = kind === "abort-before" ? 0 : kind === "server-error" ? 1 + maxRetries : 1;
      expect(server.sent, "requests made").toHaveLength(at + attempts);
      expect(server.params()).toEqual([
        ...whole.requests.slice(0, at),
        ...Array(attempts).fill(whole.requests[at]),
      ]);
      expect(await iterator.next(), "the walk is over").toEqual({ done: true, value: undefined });
      await settle();
      expect(server.sent).toHaveLength(at + attempts);
    },
  );
}

const ERROR_CLASS: Record<ErrorKind, (ep: Endpoint) => abstract new (...args: any[]) => Error> = {
  "server-error": () => InternalServerError,
  recovers: () => Error,
  "long-429": () => RateLimitError,
  refused: (ep) => (ep.rpc ? JsonRpcError : BadRequestError),
  html: () => InvalidResponseError,
  connection: () => ConnectionError,
  "abort-during": () => AbortError,
  "abort-before": () => AbortError,
  timeout: () => TimeoutError,
};

/** The failing answer of `kind` (a "recovers" page fails once). */
function fail(
  ep: Endpoint,
  kind: ErrorKind,
  sent: Sent,
  controller: AbortController,
): Response | Promise<Response> {
  const untilAborted = () =>
    new Promise<Response>((_, reject) =>
      sent.signal.addEventListener("abort", () =>
        reject(new DOMException("This operation was aborted", "AbortError")),
      ),
    );
  switch (kind) {
    case "server-error":
      return json({ error: "overloaded" }, 500, { "retry-after-ms": "0" });
    case "recovers":
      return json({ error: "overloaded" }, 503, { "retry-after-ms": "0" });
    case "long-429":
      return json({ error: "slow down" }, 429, { "retry-after": "120" });
    case "refused":
      return ep.rpc
        ? json({ jsonrpc: "2.0", id: sent.rpcId, error: { code: -32602, message: "bad page" } })
        : json({ error: "bad page" }, 400);
    case "html":
      return new Response("<html>gateway</html>", { headers: { "content-type": "text/html" } });
    case "connection":
      throw new TypeError("fetch failed");
    case "abort-during":
      setTimeout(() => controller.abort(new Error("the caller gave up")), 0);
      return untilAborted();
    case "timeout":
      return untilAborted();
    case "abort-before":
      throw new Error("no request may be sent once the signal has fired");
  }
}

/**
 * Params from valid and invalid values of the operation's paging members and its required one.
 * `.all(params)`'s first page must be refused exactly when `op(params)` is, with the same
 * ValidationError, and nothing sent; when accepted, it sends the one-page call's params (page
 * style: with `page` 1 when none is given).
 */
function sameValidation(ep: Endpoint) {
  const required = Object.keys(ep.required)[0]!;
  const pageValues = [1, 3, 2n, 0, -1, 1.5, "2", true, null, Number.NaN];
  const limitValues = [1, 50, 3n, 0, 1001, "5", null, 2.5];
  const cursorValues = [token(4), "", 5, null, "has space"];
  const member = (values: unknown[]) =>
    fc.option(fc.constantFrom(...values), { nil: undefined, freq: 3 });
  return fc.asyncProperty(
    fc.record({
      required: fc.constantFrom(ADDRESS, "not-an-address", undefined),
      page: ep.walk === "page" || ep.keyset ? member(pageValues) : fc.constant(undefined),
      limit: member(limitValues),
      cursor: ep.walk === "cursor" ? member(cursorValues) : fc.constant(undefined),
    }),
    async (v) => {
      const params: Params = {};
      if (v.required !== undefined) params[required] = v.required;
      if (v.page !== undefined) params.page = v.page;
      if (v.limit !== undefined) params.limit = v.limit;
      if (v.cursor !== undefined || ep.keyset) params[ep.cursor] = v.cursor ?? token(4);
      const data: Dataset = { items: itemsOf("i", 5), defaultLimit: 2, end: null };
      const server = stubServer(ep, (sent) =>
        answer(ep, sent, ep.walk === "page" ? { items: [] } : honestReply(ep, data, sent.params)),
      );
      const operation = ep.operation(server.fetch);
      const single = await operation(params).then(
        () => undefined,
        (error: unknown) => error,
      );
      const singleSent = server.params();
      server.sent.length = 0;
      const firstPage = operation.all(params, { maxPages: 1 })[Symbol.asyncIterator]();
      const walk = await firstPage.next().then(
        () => undefined,
        (error: unknown) => error,
      );
      if (single instanceof ValidationError) {
        expect(walk, "the one-page call refuses these params").toBeInstanceOf(ValidationError);
        expect((walk as ValidationError).message).toBe(single.message);
        expect((walk as ValidationError).issues).toEqual(single.issues);
        expect(server.sent, "nothing sent").toHaveLength(0);
      } else {
        expect(single, "the one-page call").toBeUndefined();
        expect(walk, "the one-page call takes these params").toBeUndefined();
        expect(server.params()).toEqual(
          singleSent.map((p) => (ep.walk === "page" ? { ...p, page: p.page ?? 1 } : p)),
        );
      }
    },
  );
}

describe("options and keyset params .all() refuses", () => {
  const [das] = ENDPOINTS;

  it("a misspelt option, a bad maxPages or options that are no object: ConfigurationError at .all(), nothing sent", () => {
    const server = stubServer(das!, () => json({}));
    const operation = das!.operation(server.fetch);
    const params = { ownerAddress: ADDRESS };
    for (const options of [
      { timout: 5 },
      { maxPages: 0 },
      { maxPages: -1 },
      { maxPages: 1.5 },
      { maxPages: "2" },
      null,
    ])
      expect(() => operation.all(params, options), JSON.stringify(options)).toThrow(
        ConfigurationError,
      );
    expect(server.sent).toHaveLength(0);
  });

  it("a keyset range without a cursor: refused at the first page, nothing sent; with maxPages: 1, that one page", async () => {
    const server = stubServer(das!, (sent) =>
      answer(das!, sent, { items: itemsOf("k", 2), limit: 2 }),
    );
    const operation = das!.operation(server.fetch);
    // (Asset ids: DAS's before and after are addresses.)
    const after = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";
    const params = {
      ownerAddress: ADDRESS,
      after,
      before: "DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5",
    };
    await expect(collect(operation.all(params))).rejects.toThrow(
      "params.before, params.after: a page walk cannot go on from these alone (no next page is named): give `cursor`, or maxPages: 1",
    );
    expect(server.sent).toHaveLength(0);
    expect(await collect(operation.all(params, { maxPages: 1 }))).toEqual(itemsOf("k", 2));
    expect(server.params()).toEqual([params]);
  });
});

/** What a walk came to: its items, or the error it threw (at the call or while walking). */
async function outcome(start: () => AsyncIterable<Item>) {
  try {
    return { items: await collect(start()) };
  } catch (error) {
    const { name, message, issues } = error as ValidationError;
    return { error: { name, message, issues } };
  }
}

// The standalone page walks (`paginate<Method>(create<Area>Rpc(…), params, options)`) are `.all()`
// without the client: each is compared with the client's `.all()` on the same server.
describe.each(ENDPOINTS.filter((ep) => ep.standalone).map((ep) => [ep.label, ep] as const))(
  "standalone page walk, %s",
  (_label, ep) => {
    const client = (fetch: typeof globalThis.fetch) => (params: Params, options?: any) =>
      ep.operation(fetch).all(params, options);

    it("walks an honest server as .all() does: the same requests (options on every page), items and pages", async () => {
      await run(
        fc.asyncProperty(honestCase(ep), async (c) => {
          const data: Dataset = {
            items: itemsOf("i", c.total),
            defaultLimit: c.defaultLimit,
            end: c.end,
          };
          const params = callerParams(ep, c);
          const options = {
            ...(c.cap !== undefined && { maxPages: c.cap }),
            ...(c.headers && { headers: { "x-walk": "honest" } }),
            ...(c.timeout && { timeout: 30_000 }),
            ...(c.maxRetries !== undefined && { maxRetries: c.maxRetries }),
          };
          const walked = async (make: typeof client) => {
            const server = stubServer(ep, (sent) =>
              answer(ep, sent, honestReply(ep, data, sent.params)),
            );
            const walk = make(server.fetch)(params, options);
            const items = await collect<Item>(walk);
            const requests = server.sent.map((s) => [s.params, s.headers.get("x-walk")]);
            server.sent.length = 0;
            const pages = await collect<unknown>(walk.pages());
            return { items, requests, pages, pageRequests: server.params() };
          };
          const all = await walked(client);
          const own = await walked(ep.standalone!);
          expect(own).toEqual(all);
          expect(own.items, "the items of the documented walk").toEqual(
            honestWalk(ep, c, params).items,
          );
        }),
        25,
      );
    });

    it("refuses what .all() refuses, with the same error and nothing sent: options, params, keyset ranges", async () => {
      const required = Object.keys(ep.required)[0]!;
      const data: Dataset = { items: itemsOf("i", 5), defaultLimit: 2, end: null };
      const compare = async (params: Params, options: unknown) => {
        const runs = [client, ep.standalone!].map(async (make) => {
          const server = stubServer(ep, (sent) =>
            answer(ep, sent, honestReply(ep, data, sent.params)),
          );
          const result = await outcome(() => make(server.fetch)(params, options));
          return { ...result, sent: server.params() };
        });
        const [all, own] = await Promise.all(runs);
        expect(own, stringifyJson({ params, options })).toEqual(all);
        return all!;
      };
      // Options: misspelt, a bad maxPages, no object.
      for (const options of [
        { timout: 5 },
        { maxPages: 0 },
        { maxPages: -1 },
        { maxPages: 1.5 },
        { maxPages: "2" },
        null,
      ]) {
        const refused = await compare({ ...ep.required }, options);
        expect(refused.error?.name).toBe("ConfigurationError");
        expect(refused.sent).toHaveLength(0);
      }
      // Params, as the one-page call checks them; DAS keyset ranges without a cursor.
      const seen = new Set<string>();
      /** Mostly a valid value, sometimes one the call refuses. */
      const member = <T>(valid: T[], refused: T[]) =>
        fc.oneof(
          { arbitrary: fc.constantFrom(...valid), weight: 3 },
          { arbitrary: fc.constantFrom(...refused), weight: 1 },
        );
      await run(
        fc.asyncProperty(
          fc.record({
            required: member<string | undefined>([ADDRESS], ["not-an-address", undefined]),
            // (DAS takes no page beside a cursor.)
            page: ep.keyset
              ? member<unknown>([undefined], [1, 2n])
              : member<unknown>([undefined, 1], [0, "2", null, 2n]),
            limit: member<unknown>([undefined, 2], [0, 1001, "5", 2n]),
            cursor: member<unknown>([undefined, token(2)], ["", 5]),
            range: ep.keyset
              ? member<string | undefined>([undefined], ["after", "before"])
              : fc.constant(undefined),
            maxPages: fc.constantFrom(undefined, 1, 2),
          }),
          async (v) => {
            const params: Params = {};
            if (v.required !== undefined) params[required] = v.required;
            if (ep.walk === "page" || ep.keyset) if (v.page !== undefined) params.page = v.page;
            if (v.limit !== undefined) params.limit = v.limit;
            if (ep.walk === "cursor" && v.cursor !== undefined) params[ep.cursor] = v.cursor;
            // (A keyset walk without a cursor has a range: without either it would be a page
            // walk, which this cursor server would answer with the same page forever.)
            const range = ep.keyset && v.cursor === undefined ? (v.range ?? "after") : v.range;
            if (range !== undefined) params[range] = token(3);
            const { error } = await compare(
              params,
              v.maxPages === undefined ? undefined : { maxPages: v.maxPages },
            );
            seen.add(error ? error.name : "walked");
          },
        ),
        40,
      );
      // (The cases reach both ends: walks, and refusals of both kinds where there are keyset ranges.)
      expect([...seen].sort()).toEqual(
        [...(ep.keyset ? ["ConfigurationError"] : []), "ValidationError", "walked"].sort(),
      );
    });
  },
);
