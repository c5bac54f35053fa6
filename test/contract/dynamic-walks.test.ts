/**
 * Page walks (`.all()`) against the mock in dynamic mode, with a seed, through the clients as
 * users get them: every paginated operation of the spec, by page number and by cursor, with and
 * without `limit` and `maxPages`. A generated page follows the request's paging (the page and the
 * page size asked for, at most `limit` items, a next cursor that is new), and a walk ends by itself
 * after at most five pages by default (packages/mock/README.md, "Page walks in dynamic mode"; the
 * mock's `walkPages` and `pageFill` shape it, below), the same pages
 * for the same seed. (Trial 13: every page-numbered walk threw on its first page, "names page
 * 98535619", and a seeded cursor walk on its second, the cursor repeated.)
 */
import { startMock, type MockServer } from "@chaindata/mock";
import { parseJson, stringifyJson } from "@chaindata/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, checkHarness, makeClients, type Exchange } from "./harness.js";
import { operations, type Operation } from "./spec.js";

/** The README's bound: a walk over generated pages has at most this many pages with items. */
const WALK_PAGES = 5;
const paginated = operations.filter((o) => o.pagination);
const get = (v: any, path: string | undefined) =>
  path ? path.split(".").reduce((o, k) => o?.[k], v) : undefined;

let mock: MockServer;
const exchanges: Exchange[] = [];
const recording: typeof fetch = async (input, init) => {
  const response = await globalThis.fetch(input, init);
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  exchanges.push({
    method: init?.method ?? "GET",
    url,
    status: response.status,
    headers: {},
    text: await response.clone().text(),
  });
  return response;
};
beforeAll(async () => {
  checkHarness(); // (a client missing from the harness: this file fails once, not per test)
  mock = await startMock({ port: 0, quiet: true, mode: "dynamic", seed: "walks" });
});
afterAll(() => mock?.stop());

const clients = (on = mock, headers?: Record<string, string>) =>
  makeClients({
    apiKey: API_KEY,
    baseUrls: on.baseUrls,
    fetch: recording,
    maxRetries: 0,
    ...(headers && { headers }),
  });

/** The example's params, from the first page / without a cursor or a keyset param, with `extra`. */
function walkParams(op: Operation, extra: Record<string, unknown> = {}): any {
  const pg = op.pagination;
  const params: any = structuredClone(op.input);
  for (const name of [pg.page ?? "page", pg.cursor ?? "cursor", pg.limit, ...(pg.keyset ?? [])])
    if (name) delete params[name];
  // (DAS sorted by id walks by keyset from the start: by page number here, the keyset walk below.)
  if (pg.keysetWhen && get(params, pg.keysetWhen.param) === pg.keysetWhen.equals)
    delete params.sortBy;
  return { ...params, ...extra };
}

/** The params of each request the mock logged (JSON-RPC params, or the REST query as numbers). */
const sent = (op: Operation, on = mock) =>
  on
    .requests()
    .map((r) =>
      op.kind === "openrpc"
        ? (r.body as any).params
        : Object.fromEntries(
            Object.entries(r.query).map(([k, v]) => [k, /^\d+$/.test(String(v)) ? Number(v) : v]),
          ),
    );

/**
 * Walks `.all(params, options)` on the mock `on` (clients sending `headers`): the items, the pages
 * as the mock sent them, and any error.
 */
async function walk(
  op: Operation,
  params: unknown,
  options?: object,
  on = mock,
  headers?: Record<string, string>,
) {
  on.clearRequests();
  exchanges.length = 0;
  const items: unknown[] = [];
  let error: unknown;
  try {
    for await (const item of (clients(on, headers) as any)[op.area][op.id].all(params, options)) {
      items.push(item);
      if (items.length > 10_000) throw new Error("the walk did not end");
    }
  } catch (thrown) {
    error = thrown;
  }
  const pages = exchanges.map((x) =>
    op.kind === "openrpc" ? (parseJson(x.text) as any).result : parseJson(x.text),
  );
  return { items, pages, error, log: on.requests() };
}

describe("dynamic mode with a seed: a page walk runs and ends", () => {
  it("covers every pagination style", () => {
    const styles = new Set(
      paginated.map((o) => `${o.pagination.style}${o.pagination.hasMore ? "+hasMore" : ""}`),
    );
    expect([...styles].sort()).toEqual(["cursor", "cursor+hasMore", "page", "page+hasMore"]);
  });

  it.each(paginated.map((o) => [`${o.pagination.style} ${o.id}`, o] as const))(
    "%s: with and without limit and maxPages",
    async (_label, op) => {
      const pg = op.pagination;
      for (const limit of [undefined, 2])
        for (const maxPages of [undefined, 1, 3]) {
          const params = walkParams(op, limit && pg.limit ? { [pg.limit]: limit } : {});
          const where = `${op.id} limit ${limit} maxPages ${maxPages}`;
          const { items, pages, error, log } = await walk(
            op,
            params,
            maxPages ? { maxPages } : undefined,
          );
          expect(error, `${where}: ${error}`).toBeUndefined();
          for (const entry of log)
            expect(entry.violations, `${where}: ${JSON.stringify(entry.violations)}`).toEqual([]);
          // (A page-numbered walk without hasMore learns of the end from an empty page after the last.)
          expect(log.length, where).toBeLessThanOrEqual(Math.min(maxPages ?? 99, WALK_PAGES + 1));
          expect(items.length, where).toBe(
            pages.reduce((n, p) => n + (get(p, pg.items) as unknown[]).length, 0),
          );
          const asked = sent(op);
          pages.forEach((page, i) => {
            const size = get(page, pg.items).length;
            if (limit) expect(size, `${where}, page ${i + 1}`).toBeLessThanOrEqual(limit);
            if (pg.style === "page") {
              expect(get(asked[i], pg.page) ?? 1).toBe(i + 1);
              if (pg.echoedPage) expect(get(page, pg.echoedPage), where).toBe(i + 1);
              if (limit) expect(get(page, pg.echoedLimit ?? pg.limit), where).toBe(limit);
            } else if (i > 0) {
              // each cursor is the one the page before gave, and none is sent twice
              expect(get(asked[i], pg.cursor)).toBe(get(pages[i - 1], pg.nextCursor ?? pg.cursor));
            }
          });
          const cursors = asked.map((p) => get(p, pg.cursor)).filter((c) => c !== undefined);
          expect(new Set(cursors).size, where).toBe(cursors.length);
          // With pages of 2, the walk goes on past its first page (to the bound, or to maxPages).
          if (limit === 2 && maxPages !== 1)
            expect(log.length, where).toBeGreaterThanOrEqual(maxPages ?? WALK_PAGES);
        }
    },
  );

  it("DAS sorted by id walks by keyset cursor from the start, and ends", async () => {
    for (const op of paginated.filter((o) => o.pagination.keysetWhen)) {
      const { keysetWhen, cursor } = op.pagination;
      const params = walkParams(op, {
        limit: 2,
        [keysetWhen.param.split(".")[0]]: { [keysetWhen.param.split(".")[1]]: keysetWhen.equals },
      });
      const { error, log, pages } = await walk(op, params);
      expect(error, `${op.id}: ${error}`).toBeUndefined();
      expect(log).toHaveLength(WALK_PAGES);
      const cursors = sent(op).map((p) => p[cursor]);
      expect(cursors[0]).toBeUndefined();
      expect(new Set(cursors).size).toBe(WALK_PAGES);
      expect(get(pages.at(-1), cursor)).toBeUndefined(); // the last page names no next one
      for (const entry of log) expect(entry.violations).toEqual([]);
    }
  });

  it("the same seed gives the same walk; its pages hold other items", async () => {
    const op = paginated.find((o) => o.id === "getCompressionSignaturesForAddress")!;
    const params = walkParams(op, { limit: 2 });
    const first = await walk(op, params);
    const again = await walk(op, params);
    expect(stringifyJson(again.pages)).toBe(stringifyJson(first.pages));
    const items = (i: number) => stringifyJson(get(first.pages[i], op.pagination.items));
    expect(items(1)).not.toBe(items(0));
  });
});

describe("dynamic mode started with walkPages 3, pageFill 1000 (user trial 38, F12: a walk of 1,000-asset pages)", () => {
  let shaped: MockServer;
  beforeAll(async () => {
    shaped = await startMock({
      port: 0,
      quiet: true,
      mode: "dynamic",
      seed: "walks",
      walkPages: 3,
      pageFill: 1000,
    });
  });
  afterAll(() => shaped?.stop());

  it("DAS getAssetsByOwner .all() with limit 1000: 3 full pages, then an empty one; the items exact, unique by id", async () => {
    const op = paginated.find((o) => o.id === "getAssetsByOwner")!;
    const { items, pages, error, log } = await walk(
      op,
      walkParams(op, { limit: 1000 }),
      undefined,
      shaped,
    );
    expect(error).toBeUndefined();
    expect(log.map((entry) => (entry.body as any).params.page)).toEqual([1, 2, 3, 4]);
    for (const entry of log) expect(entry.violations).toEqual([]);
    expect(pages.map((p) => p.items.length + p.errors.length)).toEqual([1000, 1000, 1000, 0]);
    expect(stringifyJson(items)).toBe(stringifyJson(pages.flatMap((p) => p.items)));
    expect(items.length).toBeGreaterThanOrEqual(3000 - 9); // (at most 3 generated errors a page)
    expect(new Set(items.map((item: any) => item.id)).size).toBe(items.length);
  });

  it.each(
    paginated
      .filter((o) => o.pagination.style === "cursor" || o.pagination.hasMore)
      .map((o) => [`${o.pagination.style} ${o.id}`, o] as const),
  )("%s: 3 pages with items, the last naming no next one", async (_label, op) => {
    const pg = op.pagination;
    const { error, log, pages } = await walk(
      op,
      walkParams(op, pg.limit ? { [pg.limit]: 2 } : {}),
      undefined,
      shaped,
    );
    expect(error, `${op.id}: ${error}`).toBeUndefined();
    expect(log).toHaveLength(3);
    for (const entry of log) expect(entry.violations).toEqual([]);
    const last = pages.at(-1);
    if (pg.hasMore) expect(get(last, pg.hasMore)).toBe(false);
    // (`null` where the result requires the field, compression's pages; left out elsewhere. The
    // answer check above would name a required one left out.)
    else expect(get(last, pg.nextCursor ?? pg.cursor) ?? undefined).toBeUndefined();
  });

  it("a client that sends Prefer: walk-pages=12 walks 12 pages by cursor, each cursor new", async () => {
    const op = paginated.find((o) => o.id === "getCompressionSignaturesForAddress")!;
    const { error, log } = await walk(op, walkParams(op, { limit: 2 }), undefined, shaped, {
      Prefer: "walk-pages=12",
    });
    expect(error).toBeUndefined();
    expect(log).toHaveLength(12);
    const cursors = sent(op, shaped).map((p) => p.cursor);
    expect(cursors[0]).toBeUndefined();
    expect(new Set(cursors).size).toBe(12);
  });
});
