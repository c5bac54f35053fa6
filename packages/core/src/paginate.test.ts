import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";
import type { ResponseFields } from "./config.js";
import { AbortError, ChainDataError, ConfigurationError, InvalidResponseError } from "./errors.js";
import { rpcHost, walletHost } from "./generated/environments.js";
import { createJsonRpcClient } from "./json-rpc.js";
import { paginate, resumeParamsOf, withPagination, type PaginationDescriptor } from "./paginate.js";
import { jsonResponse, stubFetch } from "./test-support/testing.js";
import { createRestTransport } from "./rest.js";
import { validate, vAny, vObject, vString, type Check } from "./validate.js";

const collect = async <T>(iterable: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of iterable) out.push(x);
  return out;
};

/** A page stub that throws once called more than `max` times, so a walk that never stops fails fast. */
const stubPages = <A extends unknown[], R>(answer: (...args: A) => R | Promise<R>, max = 20) => {
  const stub = vi.fn(async (...args: A): Promise<R> => {
    if (stub.mock.calls.length > max)
      throw new Error(`fetchPage called more than ${max} times: the walk does not stop`);
    return answer(...args);
  });
  return stub;
};

/** The params of each call of a page stub (its second argument is the walk's `answered`). */
const sentBy = (stub: { mock: { calls: unknown[][] } }) =>
  stub.mock.calls.map(([params]) => params as any);

/** What a walk yielded before it threw, and what it threw (`undefined`: it ended). */
/**
 * Wallet getTransfers as its client makes it (REST, by cursor, `hasMore`), over `fetch`: a walk
 * whose pages are answered by a stub.
 */
const walletTransfers = (fetch: typeof globalThis.fetch) => {
  const transport = createRestTransport({ apiKey: "secret-key-3f9a1c7e", fetch }, walletHost);
  const operation = {
    id: "getTransfers",
    idempotent: true,
    pagination: {
      style: "cursor",
      cursor: "cursor",
      limit: "limit",
      items: "data",
      nextCursor: "pagination.nextCursor",
      hasMore: "pagination.hasMore",
    } as const,
  };
  return withPagination<{ wallet: string; cursor?: string }, any, string>(
    (input, options) =>
      transport.restCall(operation, input, options, (f) =>
        f(
          new Request(
            `${transport.baseUrl}/v1/wallet/${input.wallet}/transfers${input.cursor ? `?cursor=${input.cursor}` : ""}`,
          ),
        ),
      ),
    operation,
  );
};

const walkToError = async <T>(iterable: AsyncIterable<T>) => {
  const yielded: T[] = [];
  try {
    for await (const x of iterable) yielded.push(x);
  } catch (error) {
    return { yielded, error };
  }
  return { yielded, error: undefined };
};

/** The error of a walk that the server's answer broke, as the walk throws it. */
const broken = (message: string, fields: object = {}) =>
  expect.objectContaining({
    name: "InvalidResponseError",
    message,
    reason: "broken-paging",
    snippet: "",
    ...fields,
  });

describe("paginate: page style", () => {
  const das: PaginationDescriptor = { style: "page", page: "page", limit: "limit", items: "items" };

  it("starts at page 1, stops on a short page, and yields items in order", async () => {
    const pages = [[1, 2], [3, 4], [5]];
    const fetchPage = stubPages(async (p: { page: number; limit: number }) => ({
      items: pages[p.page - 1] ?? [],
    }));
    expect(
      await collect(paginate<number, unknown>(fetchPage, das, { owner: "x", limit: 2 })),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(fetchPage.mock.calls.map(([p]) => p)).toEqual([
      { owner: "x", limit: 2, page: 1 },
      { owner: "x", limit: 2, page: 2 },
      { owner: "x", limit: 2, page: 3 },
    ]);
  });

  it("counts a page's skipped entries (DAS errors) toward its size: a page that lost some to them is no end, by page or by cursor (user trial 29)", async () => {
    // Pages of 3 rows; page 2 lost one row to `errors`, page 4 is the short last one.
    const rows = [[1, 2, 3], [4, 5], [7, 8, 9], [10]];
    const errors = [[], [{ id: "6", error: "failed" }], [], []];
    const answer = (n: number) => ({
      items: rows[n - 1] ?? [],
      ...(errors[n - 1]?.length && { errors: errors[n - 1] }),
      cursor: n < 4 ? `c${n + 1}` : undefined,
    });
    const withSkipped: PaginationDescriptor = { ...das, skipped: "errors", cursor: "cursor" };
    const byPage = stubPages(async (p: { page: number }) => answer(p.page));
    expect(await collect(paginate<number, unknown>(byPage, withSkipped, { limit: 3 }))).toEqual([
      1, 2, 3, 4, 5, 7, 8, 9, 10,
    ]);
    expect(byPage).toHaveBeenCalledTimes(4);
    // The same walk without `skipped` ended at page 2, the rows after it lost.
    expect(
      await collect(
        paginate<number, unknown>(
          stubPages(async (p: { page: number }) => answer(p.page)),
          das,
          { limit: 3 },
        ),
      ),
    ).toEqual([1, 2, 3, 4, 5]);
    // A walk by cursor of the page-style operation (DAS keyset) counts them too.
    const byCursor = stubPages(async (p: { cursor?: string }) =>
      answer(p.cursor ? Number(p.cursor.slice(1)) : 1),
    );
    expect(
      await collect(
        paginate<number, unknown>(
          byCursor,
          { ...withSkipped, keyset: ["cursor"] },
          { limit: 3, cursor: "c1" },
        ),
      ),
    ).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10]);
    // A page of errors alone is full, and no end either; a short one of them is.
    const failing = stubPages(async (p: { page: number }) =>
      p.page === 1 ? { items: [], errors: [{}, {}, {}] } : { items: [], errors: [{}] },
    );
    expect(await collect(paginate<number, unknown>(failing, withSkipped, { limit: 3 }))).toEqual(
      [],
    );
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it("starts at params.page, and stops on an empty page", async () => {
    const fetchPage = stubPages(async (p: { page: number }) => ({
      items: p.page < 5 ? ["a"] : [],
    }));
    expect(
      await collect(paginate(fetchPage, { style: "page", items: "items" }, { page: 3 })),
    ).toEqual(["a", "a"]);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it("sends the caller's page as given, for the call to check: not coerced to a page number", async () => {
    for (const page of ["2", true, null, 2.5]) {
      const fetchPage = stubPages(async () => ({ items: [] }));
      await collect(paginate(fetchPage, das, { owner: "x", page }));
      expect(sentBy(fetchPage), JSON.stringify(page)).toEqual([{ owner: "x", page }]);
    }
    // A bigint page counts up as a number does.
    const fetchPage = stubPages(async (p: { page: bigint }) => ({ items: p.page < 4n ? [1] : [] }));
    await collect(paginate(fetchPage, das, { page: 2n }));
    expect(fetchPage.mock.calls.map(([p]) => p.page)).toEqual([2n, 3n, 4n]);
  });

  it("sends params that are no object as given, once, for the call to refuse as the one-page call does", async () => {
    // (A page set on a string spread its characters into `params.0`, `params.1`…; `null` was sent
    // as no params.)
    for (const params of ["86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY", null, 5, [], false])
      for (const descriptor of [das, { ...das, style: "cursor" as const }]) {
        const fetchPage = stubPages(async () => ({ items: [1] }));
        await collect(paginate(fetchPage, descriptor, params));
        expect(sentBy(fetchPage), `${descriptor.style} ${JSON.stringify(params)}`).toEqual([
          params,
        ]);
      }
  });

  it("ends on a short page when the params' limit is a bigint, as with a number", async () => {
    const pages = [[1, 2], [3], [4]];
    const fetchPage = stubPages(async (p: { page: number }) => ({ items: pages[p.page - 1] }));
    expect(await collect(paginate(fetchPage, das, { limit: 2n }))).toEqual([1, 2, 3]);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it("takes the limit from the result when the params omit it", async () => {
    const fetchPage = stubPages(async () => ({ limit: 3, items: [1, 2] }));
    expect(await collect(paginate(fetchPage, das, {}))).toEqual([1, 2]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it("takes the limit from the result's echoedLimit path when the params omit it", async () => {
    // Wallet balances echo the page size as `pagination.limit`, not as a top-level `limit`: read
    // at the param's path, a short last page without `hasMore` cost one more (empty) request.
    const balances: PaginationDescriptor = {
      style: "page",
      limit: "limit",
      items: "balances",
      hasMore: "pagination.hasMore",
      echoedLimit: "pagination.limit",
    };
    const pages = [[1, 2, 3], [4, 5], []];
    const fetchPage = stubPages(async (p: { page: number }) => ({
      balances: pages[p.page - 1],
      pagination: { page: p.page, limit: 3 },
    }));
    expect(await collect(paginate(fetchPage, balances, { wallet: "w" }))).toEqual([1, 2, 3, 4, 5]);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    // The params' limit still comes first, and `hasMore: true` still beats a short page.
    const more = stubPages(async (p: { page: number }) => ({
      balances: pages[p.page - 1],
      pagination: { page: p.page, limit: 2, hasMore: p.page === 1 },
    }));
    expect(await collect(paginate(more, balances, { limit: 3 }))).toEqual([1, 2, 3, 4, 5]);
    expect(more).toHaveBeenCalledTimes(2);
  });

  it("stops when hasMore is false, and follows dot paths", async () => {
    const wallet: PaginationDescriptor = {
      style: "page",
      page: "query.page",
      limit: "query.limit",
      items: "balances",
      hasMore: "pagination.hasMore",
    };
    const fetchPage = stubPages(async (p: { query: { page: number } }) => ({
      balances: [p.query.page],
      pagination: { hasMore: p.query.page < 2 },
    }));
    const params = { path: { wallet: "w" }, query: { limit: 1 } };
    expect(await collect(paginate(fetchPage, wallet, params))).toEqual([1, 2]);
    expect(fetchPage.mock.calls[1]![0]).toEqual({
      path: { wallet: "w" },
      query: { limit: 1, page: 2 },
    });
    expect(params).toEqual({ path: { wallet: "w" }, query: { limit: 1 } }); // not mutated
  });

  it("trusts hasMore: true over a short page", async () => {
    const wallet: PaginationDescriptor = {
      style: "page",
      page: "page",
      limit: "limit",
      items: "balances",
      hasMore: "pagination.hasMore",
    };
    const pages: Record<number, string[]> = { 1: ["a", "b"], 2: ["c"], 3: ["d"] };
    const fetchPage = stubPages(async (p: { page: number }) => ({
      balances: pages[p.page]!,
      pagination: { hasMore: p.page < 3 },
    }));
    expect(await collect(paginate(fetchPage, wallet, { limit: 2 }))).toEqual(["a", "b", "c", "d"]);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it("walks by cursor when the params hold one (keyset params exclude page); refuses a before/after range it cannot walk", async () => {
    const dasKeyset: PaginationDescriptor = {
      style: "page",
      page: "page",
      limit: "limit",
      items: "items",
      cursor: "cursor",
      keyset: ["before", "after", "cursor"],
    };
    const pages: Record<string, { items: number[]; cursor?: string }> = {
      c0: { items: [1, 2], cursor: "c1" },
      c1: { items: [3, 4], cursor: "c2" },
      c2: { items: [] },
    };
    const fetchPage = stubPages(async (p: { cursor?: string; after?: string }) =>
      p.after ? { items: [9], cursor: "x" } : pages[p.cursor!]!,
    );
    expect(
      await collect(paginate(fetchPage, dasKeyset, { ownerAddress: "o", limit: 2, cursor: "c0" })),
    ).toEqual([1, 2, 3, 4]);
    expect(fetchPage.mock.calls.map(([p]) => p)).toEqual([
      { ownerAddress: "o", limit: 2, cursor: "c0" },
      { ownerAddress: "o", limit: 2, cursor: "c1" },
      { ownerAddress: "o", limit: 2, cursor: "c2" },
    ]);
    fetchPage.mockClear();
    // The result of an `after` request names no next page: stopping after it would look like the
    // end of the data, so the walk refuses to start, and nothing is sent.
    await expect(
      collect(paginate(fetchPage, dasKeyset, { ownerAddress: "o", after: "a", before: "b" })),
    ).rejects.toThrow(
      new ConfigurationError(
        "params.before, params.after: a page walk cannot go on from these alone (no next page is named): give `cursor`, or maxPages: 1",
        { operation: "paginate" },
      ),
    );
    expect(fetchPage).not.toHaveBeenCalled();
    // One page, when that is what is asked for.
    expect(
      await collect(
        paginate(fetchPage, dasKeyset, { ownerAddress: "o", after: "a" }, { maxPages: 1 }),
      ),
    ).toEqual([9]);
    expect(sentBy(fetchPage)).toEqual([{ ownerAddress: "o", after: "a" }]);
    fetchPage.mockClear();
    // One name alone: "it", by its path.
    await expect(
      collect(paginate(fetchPage, dasKeyset, { ownerAddress: "o", after: "a" })),
    ).rejects.toThrow(
      new ConfigurationError(
        "params.after: a page walk cannot go on from it alone (no next page is named): give `cursor`, or maxPages: 1",
        { operation: "paginate" },
      ),
    );
    expect(fetchPage).not.toHaveBeenCalled();
    // A range beside a page number, or a null, goes to the call as given, whose check refuses it
    // by its own rule (the range and page exclude each other; null is not a string): this refusal
    // would have named the wrong problem.
    const refused = new Error("refused by the call's check");
    const refusing = vi.fn(async (_params: object) => {
      throw refused;
    });
    for (const params of [
      { ownerAddress: "o", after: "a", page: 2 },
      { ownerAddress: "o", after: null },
    ])
      await expect(collect(paginate(refusing, dasKeyset, params))).rejects.toBe(refused);
    expect(sentBy(refusing)).toEqual([
      { ownerAddress: "o", after: "a", page: 2 },
      { ownerAddress: "o", after: null, page: 1 },
    ]);
  });

  const SEVEN = [1, 2, 3, 4, 5, 6, 7];
  /** A server of seven items in pages of 3, whatever limit is asked for; `echo`: it says so. */
  const pagesOfThree = ({ echo }: { echo: boolean }) =>
    stubPages(async (p: { page: number }) => ({
      items: SEVEN.slice((p.page - 1) * 3, p.page * 3),
      ...(echo && { limit: 3 }),
    }));

  it("the page size is the one the answer gives: a server capping its pages under the limit asked for is walked to its end", async () => {
    // (A server capping pages at 3 and saying so, `limit: 3`, was asked for 5: its first page, 3
    // of 7 items, read as short and ended the walk, the list cut without a word. Trial 9.)
    const caps = pagesOfThree({ echo: true });
    expect(await collect(paginate(caps, das, { limit: 5 }))).toEqual(SEVEN);
    expect(sentBy(caps).map((p) => p.page)).toEqual([1, 2, 3]);
    // Without a size in the answer, the params' limit: a page of 3 for 5 is the last.
    const says = pagesOfThree({ echo: false });
    expect(await collect(paginate(says, das, { limit: 5 }))).toEqual([1, 2, 3]);
  });

  it("a page longer than the limit is no end and no error: a server paging by its own size, or adding an entry (wallet balances' native SOL), overlaps nothing", async () => {
    // (For a while such a page was broken paging; trial 9 showed both servers walked wrongly.)
    const bySize = pagesOfThree({ echo: true });
    expect(await collect(paginate(bySize, das, { limit: 2 }))).toEqual(SEVEN);
    const tokens = ["t1", "t2", "t3", "t4", "t5"];
    const withSol = stubPages(async (p: { page: number }) => ({
      items: [...(p.page === 1 ? ["SOL"] : []), ...tokens.slice((p.page - 1) * 2, p.page * 2)],
    }));
    expect(await collect(paginate(withSol, das, { limit: 2 }))).toEqual(["SOL", ...tokens]);
  });

  describe("with echoedPage (the result names its page)", () => {
    const echoed: PaginationDescriptor = { ...das, echoedPage: "meta.page" };
    /** A server that ignores `page`, as the static mock does: always page `served`, always full. */
    const ignoresPage = (served: number) =>
      stubPages(async (_params: object) => ({ items: [1, 2], meta: { page: served } }));

    it("throws, without yielding it, at a later page that names another page than it asked for", async () => {
      const fetchPage = ignoresPage(1);
      const walk = await walkToError(paginate(fetchPage, echoed, { limit: 2 }));
      expect(walk).toEqual({
        yielded: [1, 2],
        error: broken(
          "paginate page walk: the answer to page 2 names page 1 (stopped after 1 page)",
          { operation: "paginate" },
        ),
      });
      expect(walk.error).toBeInstanceOf(InvalidResponseError);
      expect(fetchPage.mock.calls.map(([p]) => p)).toEqual([
        { limit: 2, page: 1 },
        { limit: 2, page: 2 },
      ]);
      // Without echoedPage the same server never ends (the stub throws after 20 pages).
      await expect(collect(paginate(ignoresPage(1), das, { limit: 2 }))).rejects.toThrow(
        "the walk does not stop",
      );
    });

    it("checks the first page too: a walk from page 3 answered with page 1 yields nothing of it", async () => {
      const fetchPage = ignoresPage(1);
      expect(await walkToError(paginate(fetchPage, echoed, { limit: 2, page: 3 }).pages())).toEqual(
        {
          yielded: [],
          error: broken(
            "paginate page walk: the answer to page 3 names page 1 (stopped after 0 pages)",
          ),
        },
      );
      expect(fetchPage).toHaveBeenCalledTimes(1);
    });

    it("goes on while each page names itself (as a number, a bigint start or a numeric string), or names none", async () => {
      const pages = [[1, 2], [3, 4], [5]];
      const answer = (echo: (page: number) => unknown) =>
        stubPages(async (p: { page: number | bigint }) => ({
          items: pages[Number(p.page) - 1] ?? [],
          meta: { page: echo(Number(p.page)) },
        }));
      for (const echo of [(n: number) => n, (n: number) => String(n), () => undefined, () => null])
        expect(await collect(paginate(answer(echo), echoed, { limit: 2 }))).toEqual([
          1, 2, 3, 4, 5,
        ]);
      const fromBigint = answer((n) => n);
      expect(await collect(paginate(fromBigint, echoed, { limit: 2, page: 2n }))).toEqual([
        3, 4, 5,
      ]);
      expect(fromBigint.mock.calls.map(([p]) => p.page)).toEqual([2n, 3n]);
    });

    it("breaks on a page named by a list or an object, which is no page number, quoted as object (review 79)", async () => {
      // (`[2]` reads as 2 through Number(), and `{"toString": 1}` makes Number() throw: either way
      // the walk would take another shape for the page asked for, or fail with a TypeError.)
      for (const named of [[2], { toString: 1 }]) {
        const fetchPage = stubPages(async () => ({ items: [1, 2], meta: { page: named } }));
        expect(await walkToError(paginate(fetchPage, echoed, { limit: 2, page: 2 }))).toEqual({
          yielded: [],
          error: broken(
            "paginate page walk: the answer to page 2 names page object (stopped after 0 pages)",
          ),
        });
        expect(fetchPage).toHaveBeenCalledTimes(1);
      }
    });

    it("is not read by a walk by cursor (keyset params): the cursor leads, not the page", async () => {
      const keyset: PaginationDescriptor = { ...echoed, cursor: "cursor", keyset: ["cursor"] };
      const fetchPage = stubPages(async (p: { cursor: string }) => ({
        items: [1, 2],
        meta: { page: 1 },
        cursor: p.cursor === "c1" ? "c2" : p.cursor === "c2" ? "c3" : "",
      }));
      expect(await collect(paginate(fetchPage, keyset, { limit: 2, cursor: "c1" }))).toEqual([
        1, 2, 1, 2, 1, 2,
      ]);
    });
  });

  it("caps the walk at maxPages", async () => {
    const fetchPage = stubPages(async () => ({ items: [1, 2, 3] }));
    expect(await collect(paginate(fetchPage, das, { limit: 3 }, { maxPages: 2 }))).toEqual([
      1, 2, 3, 1, 2, 3,
    ]);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it("says after a walk where maxPages stopped it (resumeFrom: the next page's params), undefined where the data ended (backfill F8)", async () => {
    const fetchPage = stubPages(async (p: { page: number }) => ({
      items: p.page < 3 ? [1, 2, 3] : [4],
    }));
    const capped = paginate(fetchPage, das, { limit: 3 }, { maxPages: 2 });
    expect(capped.resumeFrom).toBeUndefined();
    expect(await collect(capped)).toEqual([1, 2, 3, 1, 2, 3]);
    expect(capped.resumeFrom).toEqual({ limit: 3, page: 3 });
    // Resumed there, the data ends within the cap: nothing left.
    const rest = paginate(fetchPage, das, capped.resumeFrom, { maxPages: 2 });
    expect(await collect(rest)).toEqual([4]);
    expect(rest.resumeFrom).toBeUndefined();
    // The data ending on the very page the cap stops at: ended, not capped. The same for .pages()
    // and .checkpoints(); a walk again starts afresh.
    const exact = paginate(fetchPage, das, { limit: 3 }, { maxPages: 3 });
    expect((await collect(exact.pages())).length).toBe(3);
    expect(exact.resumeFrom).toBeUndefined();
    await collect(paginate(fetchPage, das, { limit: 3 }, { maxPages: 1 }).checkpoints());
    const twice = paginate(fetchPage, das, { limit: 3 }, { maxPages: 1 });
    await collect(twice.checkpoints());
    expect(twice.resumeFrom).toEqual({ limit: 3, page: 2 });
    const walking = twice[Symbol.asyncIterator]();
    await walking.next();
    expect(twice.resumeFrom).toBeUndefined(); // (a walk goes on)
    // A copy: a job changing it changes no later walk.
    await collect(twice);
    (twice.resumeFrom as unknown as { page: number }).page = 9;
    await collect(twice);
    expect(twice.resumeFrom).toEqual({ limit: 3, page: 2 });
    // Where the capped page's next position is broken (a cursor sent before), that page's params.
    const compression: PaginationDescriptor = {
      style: "cursor",
      cursor: "cursor",
      items: "value.items",
      nextCursor: "value.cursor",
    };
    const repeats = stubPages(async () => ({ value: { items: [1], cursor: "same" } }));
    const broken = paginate(repeats, compression, { cursor: "same" }, { maxPages: 1 });
    expect(await collect(broken)).toEqual([1]);
    expect(broken.resumeFrom).toEqual({ cursor: "same" });
  });

  it("with two walks of one iterable at once, resumeFrom tells of the one that ended last, however it ended (review 90, F4)", async () => {
    let failing = false;
    const fetchPage = stubPages(async (p: { page: number }) => {
      if (failing && p.page === 2) throw new Error("503");
      return { items: [1, 2, 3] };
    });
    const walk = paginate(fetchPage, das, { limit: 3 }, { maxPages: 2 });
    // An items walk capped while a `.checkpoints()` walk goes on: that one then throws.
    const items = walk[Symbol.asyncIterator]();
    await items.next();
    const checkpoints = walk.checkpoints()[Symbol.asyncIterator]();
    await checkpoints.next();
    while (!(await items.next()).done);
    expect(walk.resumeFrom).toEqual({ limit: 3, page: 3 }); // (the items walk ended last)
    failing = true;
    await expect(checkpoints.next()).rejects.toThrow("503");
    expect(walk.resumeFrom).toBeUndefined(); // (it kept the items walk's page 3)
    failing = false;
    // Capped, then one the consumer leaves (`break`): undefined too.
    const pages = walk.pages()[Symbol.asyncIterator]();
    await pages.next();
    for await (const item of walk) {
      expect(item).toBe(1);
      while (!(await pages.next()).done);
      expect(walk.resumeFrom).toEqual({ limit: 3, page: 3 });
      break;
    }
    expect(walk.resumeFrom).toBeUndefined();
  });

  it("refuses a maxPages that is not a whole number >= 1 or Infinity, before any request", () => {
    const fetchPage = stubPages(async () => ({ items: [1] }));
    for (const maxPages of [0, -1, 1.5, NaN, "3"]) {
      expect(() => paginate(fetchPage, das, {}, { maxPages: maxPages as number })).toThrow(
        ConfigurationError,
      );
      expect(() => paginate(fetchPage, das, {}, { maxPages: maxPages as number })).toThrow(
        `maxPages: must be a whole number >= 1, or Infinity (got ${typeof maxPages === "string" ? `"${maxPages}"` : maxPages})`,
      );
    }
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it("refuses maxPages: null as timeout and maxRetries refuse it, rather than walking every page", () => {
    // (A cap read from a config that left it null must not turn into no cap: every wallet page
    // costs 100 credits.)
    const fetchPage = stubPages(async () => ({ items: [1] }));
    expect(() => paginate(fetchPage, das, {}, { maxPages: null as never })).toThrow(
      new ConfigurationError("maxPages: must be a whole number >= 1, or Infinity (got null)", {
        operation: "paginate",
      }),
    );
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it("names a bigint maxPages as a bigint: 'got 2' would read as a valid whole number", () => {
    const fetchPage = stubPages(async () => ({ items: [1] }));
    expect(() => paginate(fetchPage, das, {}, { maxPages: 2n as never })).toThrow(
      new ConfigurationError("maxPages: must be a whole number >= 1, or Infinity (got 2n)", {
        operation: "paginate",
      }),
    );
  });
});

describe("paginate: a page with no list at the descriptor's items path (user trial 38)", () => {
  const group = { groupKey: "collection", groupValue: "c", limit: 2 };

  it("is a broken-paging error on the first page, not an empty walk: a misspelt items path walked a collection as none", async () => {
    const fetchPage = stubPages(async (p: { page: number }) => ({
      page: p.page,
      limit: 2,
      items: p.page < 3 ? ["a", "b"] : ["c"],
    }));
    const misspelt = { style: "page", items: "item", echoedPage: "page" } as const;
    const walk = paginate(fetchPage, misspelt, group, { operation: "getAssetsByGroup" });
    const error = broken(
      "getAssetsByGroup page walk: the answer to page 1 has no list at item (got undefined) (stopped after 0 pages)",
    );
    expect(await walkToError(walk)).toEqual({ yielded: [], error });
    expect(await walkToError(walk.pages())).toEqual({ yielded: [], error });
    // (No checkpoint for it: resuming asks for that page again.)
    const checkpoints = await walkToError(walk.checkpoints());
    expect(checkpoints).toEqual({ yielded: [], error });
    expect((checkpoints.error as ChainDataError).resumeFrom).toEqual({ ...group, page: 1 });
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it("ends a walk by page or by cursor after the pages before it, when a later answer has none, null or no array there", async () => {
    for (const missing of [{}, { items: null }, { items: "ab" }, { items: { 0: "x" } }])
      for (const style of ["page", "cursor"] as const) {
        const fetchPage = stubPages(async (p: { page?: number; cursor?: string }) =>
          (p.page ?? Number(p.cursor ?? 1)) < 2
            ? { items: ["a", "b"], cursor: "2" }
            : { cursor: "3", ...missing },
        );
        const walk = paginate(fetchPage, { style, limit: "limit", items: "items" }, group);
        const got = (missing as { items?: unknown }).items;
        expect(await walkToError(walk), `${style} ${JSON.stringify(missing)}`).toEqual({
          yielded: ["a", "b"],
          error: broken(
            `paginate page walk: the answer to page 2 has no list at items (got ${got === null ? "null" : typeof got}) (stopped after 1 page)`,
          ),
        });
      }
  });
});

describe("paginate: keysetWhen (a param value that selects keyset paging from the start)", () => {
  // (Generic: any param path and value; DAS's is `sortBy.sortBy: "id"`.)
  const keysetWhen: PaginationDescriptor = {
    style: "page",
    page: "page",
    limit: "limit",
    items: "items",
    echoedPage: "page",
    cursor: "cursor",
    keyset: ["after", "cursor"],
    keysetWhen: { param: "order.by", equals: "key" },
  };
  /** A keyset server: `items` in key order, `size` a page (its `limit` echoed), cursor = last key. */
  const keysetServer = (items: number[], size = 2, end?: (page: number[]) => object) =>
    stubPages(async (p: { cursor?: string; limit?: number; page?: number }) => {
      if (p.page !== undefined) return { items: [], page: p.page, limit: size };
      const from = p.cursor === undefined ? 0 : items.indexOf(Number(p.cursor)) + 1;
      const page = items.slice(from, from + (p.limit ?? size));
      return {
        items: page,
        limit: p.limit ?? size,
        cursor: page.length ? String(page[page.length - 1]) : undefined,
        ...end?.(page),
      };
    });

  it("sends no page (nor cursor) first, then each answer's cursor; a short page ends the walk", async () => {
    const fetchPage = keysetServer([1, 2, 3, 4, 5]);
    const params = { owner: "o", order: { by: "key" } };
    expect(await collect(paginate(fetchPage, keysetWhen, params))).toEqual([1, 2, 3, 4, 5]);
    expect(sentBy(fetchPage)).toEqual([
      { owner: "o", order: { by: "key" } },
      { owner: "o", order: { by: "key" }, cursor: "2" },
      { owner: "o", order: { by: "key" }, cursor: "4" },
    ]);
    // The limit of the params, as the page walk reads it: 2 of 2 is a full page, 1 of 2 short.
    const limited = keysetServer([1, 2, 3], 5);
    expect(await collect(paginate(limited, keysetWhen, { ...params, limit: 2 }))).toEqual([
      1, 2, 3,
    ]);
    expect(sentBy(limited).map((p) => p.cursor)).toEqual([undefined, "2"]);
  });

  it("ends on an empty page, on a page with no cursor (absent, null or ''), and after maxPages", async () => {
    const params = { order: { by: "key" } };
    // Full pages to the end: the next one comes back empty.
    const full = keysetServer([1, 2, 3, 4]);
    expect(await collect(paginate(full, keysetWhen, params))).toEqual([1, 2, 3, 4]);
    expect(sentBy(full).map((p) => p.cursor)).toEqual([undefined, "2", "4"]);
    // A full page that names no next cursor is the last.
    for (const cursor of [undefined, null, ""]) {
      const last = keysetServer([1, 2, 3, 4], 2, (page) => (page[0] === 3 ? { cursor } : {}));
      expect(await collect(paginate(last, keysetWhen, params))).toEqual([1, 2, 3, 4]);
      expect(last).toHaveBeenCalledTimes(2);
    }
    const capped = keysetServer([1, 2, 3, 4]);
    expect(await collect(paginate(capped, keysetWhen, params, { maxPages: 1 }))).toEqual([1, 2]);
    expect(sentBy(capped)).toEqual([params]);
  });

  it("keeps the page walk asked for: a page given, another value, or no value", async () => {
    for (const params of [
      { order: { by: "key" }, page: 1 },
      { order: { by: "time" } },
      { order: {} },
      {},
    ]) {
      const fetchPage = keysetServer([1, 2, 3]);
      await collect(paginate(fetchPage, keysetWhen, params));
      expect(sentBy(fetchPage), JSON.stringify(params)).toEqual([{ ...params, page: 1 }]);
    }
  });

  it("a cursor the walk has sent before is a broken-paging error, after the pages before", async () => {
    const fetchPage = stubPages(async (p: { cursor?: string }) => ({
      items: [1, 2],
      cursor: p.cursor === "c1" ? "c2" : "c1",
    }));
    const walk = await walkToError(
      paginate(fetchPage, keysetWhen, { order: { by: "key" } }, { operation: "listThings" }),
    );
    expect(walk).toEqual({
      yielded: [1, 2, 1, 2, 1, 2],
      error: broken(
        'listThings page walk: the answer to page 3 gives cursor "c1" again, which page 2 was asked with (stopped after 3 pages)',
      ),
    });
    expect(sentBy(fetchPage).map((p) => p.cursor)).toEqual([undefined, "c1", "c2"]);
  });

  it("a keyset param given is walked (or refused) as before: the cursor given leads, a range alone is refused", async () => {
    const fetchPage = keysetServer([1, 2, 3, 4, 5]);
    expect(
      await collect(paginate(fetchPage, keysetWhen, { order: { by: "key" }, cursor: "2" })),
    ).toEqual([3, 4, 5]);
    expect(sentBy(fetchPage).map((p) => p.cursor)).toEqual(["2", "4"]);
    await expect(
      collect(paginate(fetchPage, keysetWhen, { order: { by: "key" }, after: "2" })),
    ).rejects.toThrow(ConfigurationError);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});

describe("paginate: the caller's params object changed after .all()", () => {
  // Every page of a walk is the walk of the params given to `.all()`: a caller reusing its
  // object (for the next wallet, another limit) while a walk is under way, or before it starts,
  // must not send a later page for another wallet with this walk's cursor.
  const styles: [string, PaginationDescriptor, (n: number) => object][] = [
    [
      "page",
      { style: "page", page: "page", limit: "limit", items: "items" },
      (n) => ({ items: n < 3 ? [n] : [] }),
    ],
    [
      "cursor",
      { style: "cursor", cursor: "cursor", items: "value.items", nextCursor: "value.cursor" },
      (n) => ({ value: { items: [n], cursor: n < 3 ? `c${n}` : null } }),
    ],
  ];
  for (const [style, descriptor, answer] of styles)
    it(`${style} style: every page carries the params' members as they were at .all()`, async () => {
      let n = 0;
      const fetchPage = stubPages(async (_params: object) => answer(++n));
      const params: Record<string, unknown> = { owner: "A", limit: 1 };
      const walk = paginate<number, unknown>(fetchPage, descriptor, params);
      params.owner = "B"; // before the walk starts
      for await (const _ of walk) {
        params.owner = "C"; // while it goes on
        params.limit = 99;
        params.cursor = "mine";
      }
      expect(fetchPage).toHaveBeenCalledTimes(3);
      for (const [sent] of fetchPage.mock.calls)
        expect(sent).toMatchObject({ owner: "A", limit: 1 });
      expect(fetchPage.mock.calls[0]![0]).not.toHaveProperty("cursor");
    });
});

describe("paginate: cursor style", () => {
  const compression: PaginationDescriptor = {
    style: "cursor",
    cursor: "cursor",
    limit: "limit",
    items: "value.items",
    nextCursor: "value.cursor",
  };
  // (Wallet history: the next cursor goes out as `before`.)
  const wallet: PaginationDescriptor = {
    style: "cursor",
    cursor: "before",
    items: "data",
    nextCursor: "pagination.nextCursor",
    hasMore: "pagination.hasMore",
  };

  it("follows the next cursor and stops when it is missing, null or empty", async () => {
    for (const end of [undefined, null, ""]) {
      const results: Record<string, unknown> = {
        start: { value: { items: [1], cursor: "c1" } },
        c1: { value: { items: [2], cursor: "c2" } },
        c2: { value: { items: [3], cursor: end } },
      };
      const fetchPage = stubPages(async (p: { cursor?: string }) => results[p.cursor ?? "start"]);
      expect(await collect(paginate(fetchPage, compression, { owner: "o" }))).toEqual([1, 2, 3]);
      expect(fetchPage.mock.calls.map(([p]) => p)).toEqual([
        { owner: "o" },
        { owner: "o", cursor: "c1" },
        { owner: "o", cursor: "c2" },
      ]);
    }
  });

  it("throws, after the pages before, when the cursors go round in a cycle (c1 → c2 → c1), sending no cursor twice", async () => {
    const fetchPage = stubPages(async (p: { cursor?: string }) => ({
      items: [p.cursor ?? "start"],
      cursor: p.cursor === "c1" ? "c2" : "c1",
    }));
    const walk = paginate(
      fetchPage,
      { style: "cursor", cursor: "cursor", nextCursor: "cursor", items: "items" },
      {},
      { operation: "getSignatures" },
    );
    expect(await walkToError(walk)).toEqual({
      yielded: ["start", "c1", "c2"],
      error: broken(
        'getSignatures page walk: the answer to page 3 gives cursor "c1" again, which page 2 was asked with (stopped after 3 pages)',
        { operation: "getSignatures" },
      ),
    });
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it("throws rather than loop when a static mock repeats the cursor", async () => {
    const fetchPage = stubPages(async () => ({ value: { items: [1], cursor: "same" } }));
    // The second page repeats the cursor just sent.
    expect(await walkToError(paginate(fetchPage, compression, {}))).toEqual({
      yielded: [1, 1],
      error: broken(
        'paginate page walk: the answer to page 2 gives value.cursor "same" again, which page 2 was asked with (stopped after 2 pages)',
      ),
    });
    expect(fetchPage).toHaveBeenCalledTimes(2);
    // The caller's own cursor, repeated by the first page.
    expect(await walkToError(paginate(fetchPage, compression, { cursor: "same" }))).toEqual({
      yielded: [1],
      error: broken(
        'paginate page walk: the answer to page 1 gives value.cursor "same" again, which page 1 was asked with (stopped after 1 page)',
      ),
    });
  });

  it("does not look past the last page maxPages asks for: a repeated cursor or hasMore without one there is no break", async () => {
    const repeats = stubPages(async () => ({ value: { items: [1], cursor: "same" } }));
    expect(await collect(paginate(repeats, compression, {}, { maxPages: 2 }))).toEqual([1, 1]);
    const noCursor = stubPages(async () => ({ data: [1], pagination: { hasMore: true } }));
    expect(await collect(paginate(noCursor, wallet, {}, { maxPages: 1 }))).toEqual([1]);
    expect([repeats.mock.calls.length, noCursor.mock.calls.length]).toEqual([2, 1]);
  });

  it("stops on an empty page and on hasMore false", async () => {
    const fetchPage = stubPages(async () => ({
      data: [1],
      pagination: { nextCursor: "n", hasMore: false },
    }));
    expect(await collect(paginate(fetchPage, wallet, {}))).toEqual([1]);
    const empty = stubPages(async () => ({ value: { items: [], cursor: "next" } }));
    expect(await collect(paginate(empty, compression, {}))).toEqual([]);
    expect(empty).toHaveBeenCalledTimes(1);
  });

  it("goes on past an empty page that says hasMore: true and names a new cursor (a filtered history: no match in this stretch, more after it)", async () => {
    const results: Record<string, unknown> = {
      start: { data: [1], pagination: { nextCursor: "s1", hasMore: true } },
      s1: { data: [], pagination: { nextCursor: "s2", hasMore: true } },
      s2: { data: [2], pagination: { nextCursor: "s3", hasMore: true } },
      s3: { data: [3], pagination: { nextCursor: null, hasMore: false } },
    };
    const fetchPage = stubPages(async (p: { before?: string }) => results[p.before ?? "start"]);
    expect(await collect(paginate(fetchPage, wallet, { type: "SWAP" }))).toEqual([1, 2, 3]);
    expect(fetchPage.mock.calls.map(([p]) => p.before)).toEqual([undefined, "s1", "s2", "s3"]);
  });

  it("throws, after the page, on hasMore: true with no next cursor (more said, but no way to it), empty page or not", async () => {
    for (const [data, end] of [
      [[2], null],
      [[], undefined],
      [[2], ""],
    ] as const) {
      const results: Record<string, unknown> = {
        start: { data: [1], pagination: { nextCursor: "s1", hasMore: true } },
        s1: { data, pagination: { nextCursor: end, hasMore: true } },
      };
      const fetchPage = stubPages(async (p: { before?: string }) => results[p.before ?? "start"]);
      expect(await walkToError(paginate(fetchPage, wallet, {}).pages())).toEqual({
        yielded: [results.start, results.s1],
        error: broken(
          "paginate page walk: the answer to page 2 says pagination.hasMore: true but gives no pagination.nextCursor (stopped after 2 pages)",
        ),
      });
    }
    // Without hasMore: true, no next cursor is the documented end.
    const ends = stubPages(async () => ({ data: [1], pagination: { nextCursor: null } }));
    expect(await collect(paginate(ends, wallet, {}))).toEqual([1]);
  });

  it("fetches lazily, one page at a time", async () => {
    let n = 0;
    const fetchPage = stubPages(async () => ({ value: { items: [++n, n], cursor: `c${n}` } }));
    const iterator = paginate<number, unknown>(fetchPage, compression, {})[Symbol.asyncIterator]();
    expect(fetchPage).toHaveBeenCalledTimes(0);
    await iterator.next();
    await iterator.next();
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await iterator.next();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    await iterator.return?.();
  });

  it(".pages() yields whole results and restarts from the first page", async () => {
    const fetchPage = stubPages(async (p: { cursor?: string }) => ({
      value: { items: [p.cursor ?? "first"], cursor: p.cursor ? null : "c" },
    }));
    const pager = paginate(fetchPage, compression, {});
    const pages = await collect(pager.pages());
    expect(pages).toEqual([
      { value: { items: ["first"], cursor: "c" } },
      { value: { items: ["c"], cursor: null } },
    ]);
    expect(await collect(pager)).toEqual(["first", "c"]);
  });

  it("propagates a page error", async () => {
    const fetchPage = vi
      .fn()
      .mockResolvedValueOnce({ value: { items: [1], cursor: "c" } })
      .mockRejectedValueOnce(new Error("boom"));
    await expect(collect(paginate(fetchPage, compression, {}))).rejects.toThrow("boom");
  });

  it("a page error after the first page says where the walk stopped, in its message and stack", async () => {
    const failing = new Error("HTTP 503 from getCompressedAccountsByOwner");
    const fetchPage = vi
      .fn()
      .mockResolvedValueOnce({ value: { items: [1], cursor: "c2" } })
      .mockResolvedValueOnce({ value: { items: [2], cursor: "3q9x7Lm2vQ8sKd4rPz6wYt1uNb5" } })
      .mockRejectedValueOnce(failing);
    const { yielded, error } = await walkToError(
      paginate(fetchPage, compression, {}, { operation: "getCompressedAccountsByOwner" }),
    );
    expect(yielded).toEqual([1, 2]);
    expect(error).toBe(failing);
    const where =
      'HTTP 503 from getCompressedAccountsByOwner (getCompressedAccountsByOwner page walk: stopped at page 3, cursor "3q9x7Lm2vQ8sKd4rPz6wYt1uNb5", after 2 pages)';
    expect(failing.message).toBe(where);
    expect(failing.stack!.split("\n")[0]).toBe(`Error: ${where}`);
    // A cursor is shown whole up to 128 characters (a job resumes from it: user trial 29 found a
    // wallet history's 88-character \`before\` cut at 20), and cut past them.
    for (const [next, shown] of [
      ["x".repeat(128), "x".repeat(128)],
      ["y".repeat(300), `${"y".repeat(128)}…`],
    ]) {
      const long = vi
        .fn()
        .mockResolvedValueOnce({ value: { items: [1], cursor: next } })
        .mockRejectedValueOnce(new Error("down"));
      const { error: stopped } = await walkToError(paginate(long, compression, {}));
      expect((stopped as Error).message).toBe(
        `down (paginate page walk: stopped at page 2, cursor "${shown}", after 1 page)`,
      );
    }

    const byNumber = vi
      .fn()
      .mockResolvedValueOnce({ items: [1, 2] })
      .mockRejectedValueOnce(new TypeError("fetch failed"));
    await expect(
      collect(
        paginate(
          byNumber,
          { style: "page", limit: "limit", items: "items" },
          { page: 4, limit: 2 },
        ),
      ),
    ).rejects.toThrow(/^fetch failed \(paginate page walk: stopped at page 5, after 1 page\)$/);

    // The server's text may hold `$&` or `$'`: written as it is, into the stack too.
    const dollars = new Error("boom $& and $` there");
    const odd = vi
      .fn()
      .mockResolvedValueOnce({ value: { items: [1], cursor: "cur$'sor" } })
      .mockRejectedValueOnce(dollars);
    await walkToError(paginate(odd, compression, {}));
    const suffix = ' (paginate page walk: stopped at page 2, cursor "cur$\'sor", after 1 page)';
    expect(dollars.message).toBe("boom $& and $` there" + suffix);
    expect(dollars.stack!.split("\n")[0]).toBe("Error: boom $& and $` there" + suffix);
    // Once, however many walks throw the same error (a fetchPage's memoised failure).
    const shared = new Error("upstream down");
    const memoised = () =>
      vi
        .fn()
        .mockResolvedValueOnce({ value: { items: [1], cursor: "c" } })
        .mockRejectedValue(shared);
    await walkToError(paginate(memoised(), compression, {}));
    await walkToError(paginate(memoised(), compression, {}));
    expect(shared.message).toBe(
      'upstream down (paginate page walk: stopped at page 2, cursor "c", after 1 page)',
    );
    // An error whose message cannot be set (a DOMException) is left whole, its stack too.
    const dom = new DOMException("The operation timed out.", "TimeoutError");
    const domStack = dom.stack;
    await walkToError(
      paginate(
        vi
          .fn()
          .mockResolvedValueOnce({ value: { items: [1], cursor: "c" } })
          .mockRejectedValue(dom),
        compression,
        {},
      ),
    );
    expect([dom.message, dom.stack]).toEqual(["The operation timed out.", domStack]);

    // The first page's error is the call's own: nothing to add.
    const first = new Error("refused");
    await expect(collect(paginate(vi.fn().mockRejectedValue(first), compression, {}))).rejects.toBe(
      first,
    );
    expect(first.message).toBe("refused");
  });
});

describe("withPagination", () => {
  it("keeps the one-page call and adds .all() over every item, passing options to each page", async () => {
    const call = stubPages(async (params: { owner: string; page?: number }, _options?: object) => ({
      items: params.page && params.page < 3 ? [params.page] : [],
    }));
    const getAssets = withPagination<{ owner: string; page?: number }, { items: number[] }, number>(
      call,
      { id: "getAssets", pagination: { style: "page", items: "items" } },
    );
    expect(await getAssets({ owner: "o", page: 2 }, { timeout: 1 })).toEqual({ items: [2] });
    expect(call).toHaveBeenLastCalledWith({ owner: "o", page: 2 }, { timeout: 1 });
    expect(await collect(getAssets.all({ owner: "o" }, { timeout: 5 }))).toEqual([1, 2]);
    // (With an `onResponse` of the walk's own, for the error of a broken walk.)
    expect(call).toHaveBeenLastCalledWith(
      { owner: "o", page: 3 },
      { timeout: 5, onResponse: expect.any(Function) },
    );
    expect(await collect(getAssets.all({ owner: "o" }, { maxPages: 1 }).pages())).toEqual([
      { items: [1] },
    ]);
    // Capped by maxPages or ended, told after the walk (backfill F8), typed as the params.
    const capped = getAssets.all({ owner: "o" }, { maxPages: 2 });
    expect(await collect(capped)).toEqual([1, 2]);
    const next: { owner: string; page?: number } | undefined = capped.resumeFrom;
    expect(next).toEqual({ owner: "o", page: 3 });
    const ended = getAssets.all(next!);
    expect(await collect(ended)).toEqual([]);
    expect(ended.resumeFrom).toBeUndefined();
  });

  it("a walk iterated synchronously (for…of, spread, Array.from) says to use for await, with nothing sent: its items, .pages() and .checkpoints()", async () => {
    // (From plain JavaScript: V8 said "….all(...) is not a function or its return value is not
    // iterable", and `Array.from()` of the walk, or of its `.pages()`, gave [] with no error.)
    const call = stubPages(async () => ({ items: [1] }));
    const getAssets = withPagination<{ owner: string }, { items: number[] }, number>(call, {
      id: "getAssets",
      pagination: { style: "page", items: "items" },
    });
    const all = getAssets.all({ owner: "o" });
    const async = new TypeError("a page walk is async: use for await");
    for (const walk of [all, all.pages(), all.checkpoints()] as unknown as Iterable<unknown>[]) {
      expect(() => {
        for (const item of walk) void item;
      }).toThrow(async);
      expect(() => [...walk]).toThrow(async);
      expect(() => Array.from(walk)).toThrow(async);
    }
    expect(call).not.toHaveBeenCalled();
    // `for await` and Array.fromAsync take the async walk, as before.
    expect(await collect(getAssets.all({ owner: "o" }, { maxPages: 1 }))).toEqual([1]);
  });

  it("refuses a misspelt option at .all(), naming maxPages among the valid ones, before any page", () => {
    const call = stubPages(async () => ({ items: [] as number[] }));
    const getAssets = withPagination<{ owner: string }, { items: number[] }, number>(call, {
      id: "getAssets",
      pagination: { style: "page", items: "items" },
    });
    expect(() => getAssets.all({ owner: "o" }, { maxPage: 1 } as never)).toThrow(
      new ConfigurationError(
        "maxPage: is not a request option (signal, timeout, maxRetries, headers, retryNonIdempotent, onResponse, onAttempt, maxPages); did you mean maxPages?",
        { operation: "getAssets" },
      ),
    );
    expect(() => getAssets.all({ owner: "o" }, null as never)).toThrow(
      new ConfigurationError("options: must be an object of request options (got null)", {
        operation: "getAssets",
      }),
    );
    expect(call).not.toHaveBeenCalled();
  });

  it("wallet history: `after` is refused, alone or with `before` (no forward cursor, no documented order of the two), or one page with maxPages: 1", async () => {
    const history: PaginationDescriptor = {
      style: "cursor",
      cursor: "before",
      limit: "limit",
      items: "data",
      nextCursor: "pagination.nextCursor",
      hasMore: "pagination.hasMore",
      keyset: ["after"],
    };
    const fetchPage = stubPages(async (p: { before?: string }) =>
      p.before === "s2"
        ? { data: [3], pagination: { nextCursor: "s3", hasMore: false } }
        : { data: [1, 2], pagination: { nextCursor: "s2", hasMore: true } },
    );
    await expect(
      collect(paginate(fetchPage, history, { wallet: "w", after: "a" })),
    ).rejects.toThrow(ConfigurationError);
    expect(fetchPage).not.toHaveBeenCalled();
    expect(
      await collect(paginate(fetchPage, history, { wallet: "w", after: "a" }, { maxPages: 1 })),
    ).toEqual([1, 2]);
    expect(sentBy(fetchPage)).toEqual([{ wallet: "w", after: "a" }]);
    fetchPage.mockClear();
    // (Review 45, W3: walked by `before` until then, in an order no source documents.)
    await expect(
      collect(paginate(fetchPage, history, { wallet: "w", after: "a", before: "s1" })),
    ).rejects.toThrow(
      "params.after: a page walk cannot go on from it (the results name no next page in that order): give maxPages: 1",
    );
    expect(fetchPage).not.toHaveBeenCalled();
    // Without `after`, `before` starts the walk mid-way.
    expect(await collect(paginate(fetchPage, history, { wallet: "w", before: "s1" }))).toEqual([
      1, 2, 3,
    ]);
    expect(fetchPage.mock.calls.map(([p]) => p)).toEqual([
      { wallet: "w", before: "s1" },
      { wallet: "w", before: "s2" },
    ]);
  });
});

describe("a server that breaks the paging protocol: the walk throws after the pages before (clients with a stub fetch)", () => {
  const KEY = "secret-key-3f9a1c7e";
  /** A JSON-RPC method walked by `.all()`, each result `answer(params, n)` (n: the request, from 1). */
  const rpcMethod = (
    id: string,
    pagination: PaginationDescriptor,
    answer: (params: any, n: number) => unknown,
    params?: Check,
  ) => {
    const stub = stubFetch((call) => {
      const { id: rpcId, params } = JSON.parse(call.body!);
      const n = stub.calls.length;
      return jsonResponse(
        { jsonrpc: "2.0", id: rpcId, result: answer(params, n) },
        { headers: { "x-request-id": `req-${n}` } },
      );
    });
    const rpc = createJsonRpcClient({ apiKey: KEY, fetch: stub.fetch }, rpcHost, "/");
    const operation = { id, idempotent: true, pagination, ...(params && { params }) };
    const method = withPagination<object, any, unknown>(
      (params, options) => rpc.call(operation, params, options),
      operation,
    );
    return { method, sent: () => stub.calls.map((call) => JSON.parse(call.body!).params) };
  };

  it("DAS, a walk by cursor (keyset): a next cursor the walk has sent before", async () => {
    const pages: Record<string, unknown> = {
      c0: { items: [1, 2], cursor: "c1", limit: 2 },
      c1: { items: [3, 4], cursor: "c0", limit: 2 }, // back to the first page
    };
    const { method, sent } = rpcMethod(
      "getAssetsByOwner",
      {
        style: "page",
        page: "page",
        limit: "limit",
        items: "items",
        echoedPage: "page",
        cursor: "cursor",
        keyset: ["before", "after", "cursor"],
      },
      (params) => pages[params.cursor],
    );
    const walk = await walkToError(method.all({ ownerAddress: "o", limit: 2, cursor: "c0" }));
    expect(walk).toEqual({
      yielded: [1, 2, 3, 4],
      error: broken(
        'getAssetsByOwner page walk: the answer to page 2 gives cursor "c0" again, which page 1 was asked with (stopped after 2 pages)',
        { operation: "getAssetsByOwner", status: 200, requestId: "req-2" },
      ),
    });
    expect(walk.error).toBeInstanceOf(InvalidResponseError);
    expect((walk.error as InvalidResponseError).headers).toMatchObject({ "x-request-id": "req-2" });
    // c0 was not asked for again.
    expect(sent().map((p) => p.cursor)).toEqual(["c0", "c1"]);
  });

  it("compression, a walk by cursor: a repeated cursor, shown cut short (server data), never the key", async () => {
    const long = `${"3xQ9".repeat(20)}${KEY}`;
    const { method, sent } = rpcMethod(
      "getCompressedAccountsByOwner",
      {
        style: "cursor",
        cursor: "cursor",
        limit: "limit",
        items: "value.items",
        nextCursor: "value.cursor",
      },
      (params) => ({
        context: { slot: 1 },
        value: { items: [params.cursor ? "b" : "a"], cursor: long },
      }),
    );
    const walk = await walkToError(method.all({ owner: "o" }));
    expect(walk).toEqual({
      yielded: ["a", "b"],
      error: broken(
        'getCompressedAccountsByOwner page walk: the answer to page 2 gives value.cursor "3xQ93xQ93xQ93xQ93xQ93xQ9…" again, which page 2 was asked with (stopped after 2 pages)',
        { operation: "getCompressedAccountsByOwner", status: 200, requestId: "req-2" },
      ),
    });
    expect(JSON.stringify(walk.error)).not.toContain(KEY);
    expect(sent().map((p) => p.cursor)).toEqual([undefined, long]);
  });

  it("a refused next cursor is quoted as the server sent it, not through the redactor some earlier validate call was given (review 43)", async () => {
    // (An earlier call's redactor, as the webhook helpers' describing one: every value hidden.)
    validate(vAny, {}, "params", () => "[hidden]");
    const check = vObject({ cursor: vString(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/) });
    const fetchPage = stubPages(async () => ({ items: [1], next: "bad!" }));
    const walk = paginate(
      fetchPage,
      { style: "cursor", items: "items", nextCursor: "next" },
      {},
      { check, operation: "listThings" },
    );
    const { error } = await walkToError(walk);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toBe(
      'listThings page walk: the answer to page 1 gives next "bad!", which the call refuses: params.cursor: must match ^[1-9A-HJ-NP-Za-km-z]{32,44}$ (got "bad!") (stopped after 1 page)',
    );
  });

  it("compression: a next cursor the params' check refuses is the answer's fault (an InvalidResponseError naming it), not the caller's; the caller's own cursor, or another param, stays a ValidationError (user trial 29)", async () => {
    // The spec's rule for the cursor param: a base58 hash.
    const base58: Check = (value: any, path, issues) => {
      for (const name of ["cursor", "owner"])
        if (value[name] !== undefined && !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value[name]))
          issues.push({
            path: `${path}.${name}`,
            rule: "pattern",
            message: `${path}.${name}: must be a base58 hash (got "${value[name]}")`,
            detail: `must be a base58 hash (got "${value[name]}")`,
          });
    };
    const owner = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
    const compression: PaginationDescriptor = {
      style: "cursor",
      items: "value.items",
      nextCursor: "value.cursor",
    };
    const { method, sent } = rpcMethod(
      "getCompressedAccountsByOwner",
      compression,
      (params) => ({
        context: { slot: 1 },
        value: { items: [params.cursor ?? "a"], cursor: "c2" },
      }),
      base58,
    );
    const walk = await walkToError(method.all({ owner }));
    expect(walk).toEqual({
      yielded: ["a"],
      error: broken(
        'getCompressedAccountsByOwner page walk: the answer to page 1 gives value.cursor "c2", which the call refuses: params.cursor: must be a base58 hash (got "c2") (stopped after 1 page)',
        { operation: "getCompressedAccountsByOwner", status: 200, requestId: "req-1" },
      ),
    });
    expect(sent()).toHaveLength(1);
    // No checkpoint holds it: a job would resume into the refusal (review 39).
    expect(await walkToError(method.all({ owner }).checkpoints())).toEqual({
      yielded: [],
      error: broken(
        'getCompressedAccountsByOwner page walk: the answer to page 1 gives value.cursor "c2", which the call refuses: params.cursor: must be a base58 hash (got "c2") (stopped after 0 pages)',
      ),
    });
    // The caller's own cursor, or an issue of another param first, is the caller's to fix.
    const own = await walkToError(method.all({ owner, cursor: "c2" }));
    expect(own.error).toMatchObject({
      name: "ValidationError",
      message: expect.stringMatching(/^params\.cursor: must be a base58 hash/),
    });
    const both = rpcMethod(
      "getCompressedAccountsByOwner",
      compression,
      () => ({ context: { slot: 1 }, value: { items: ["a"], cursor: "c2" } }),
      (value: any, path, issues) => {
        if (value.cursor)
          issues.push({
            path: `${path}.limit`,
            rule: "maximum",
            message: "limit",
            detail: "limit",
          });
        base58(value, path, issues);
      },
    );
    expect((await walkToError(both.method.all({ owner }))).error).toMatchObject({
      name: "ValidationError",
    });
  });

  it("DAS, a page-numbered walk: an answer that names another page than the one asked for (its items not yielded)", async () => {
    // Pages 1 and 2 as asked; then the server ignores `page` and answers page 1 again, full.
    const { method, sent } = rpcMethod(
      "getNftEditions",
      { style: "page", page: "page", limit: "limit", items: "editions", echoedPage: "page" },
      (params) => {
        const page = params.page < 3 ? params.page : 1;
        return { page, limit: 2, editions: [`e${page}a`, `e${page}b`] };
      },
    );
    const walk = await walkToError(method.all({ mint: "m", limit: 2 }));
    expect(walk).toEqual({
      yielded: ["e1a", "e1b", "e2a", "e2b"],
      error: broken(
        "getNftEditions page walk: the answer to page 3 names page 1 (stopped after 2 pages)",
        { operation: "getNftEditions", status: 200, requestId: "req-3" },
      ),
    });
    expect(sent().map((p) => p.page)).toEqual([1, 2, 3]);
  });

  it("wallet transfers (REST): hasMore: true with no next cursor; the caller's onResponse still hears every page", async () => {
    const stub = stubFetch((call) => {
      const cursor = call.url.searchParams.get("cursor");
      return jsonResponse(
        cursor
          ? { data: ["t2"], pagination: { hasMore: true, nextCursor: null } }
          : { data: ["t1"], pagination: { hasMore: true, nextCursor: "s1" } },
        { headers: { "x-request-id": cursor ? "req-b" : "req-a" } },
      );
    });
    const getTransfers = walletTransfers(stub.fetch);
    const heard: ResponseFields[] = [];
    const walk = await walkToError(
      getTransfers.all({ wallet: "w" }, { onResponse: (response) => void heard.push(response) }),
    );
    expect(walk).toEqual({
      yielded: ["t1", "t2"],
      error: broken(
        "getTransfers page walk: the answer to page 2 says pagination.hasMore: true but gives no pagination.nextCursor (stopped after 2 pages)",
        { operation: "getTransfers", status: 200, requestId: "req-b" },
      ),
    });
    expect(heard.map((r) => r.requestId)).toEqual(["req-a", "req-b"]);
    expect(stub.calls).toHaveLength(2);
  });

  it("a signal that fires mid-page ends the walk there, with the call's AbortError, not after the page's other items (user trial 56, F2)", async () => {
    const stub = stubFetch((call) =>
      jsonResponse(
        call.url.searchParams.get("cursor")
          ? { data: ["t4", "t5", "t6"], pagination: { hasMore: true, nextCursor: "s2" } }
          : { data: ["t1", "t2", "t3"], pagination: { hasMore: true, nextCursor: "s1" } },
      ),
    );
    const getTransfers = walletTransfers(stub.fetch);
    const stop = new AbortController();
    const yielded: string[] = [];
    let error: any;
    try {
      for await (const item of getTransfers.all({ wallet: "w" }, { signal: stop.signal })) {
        yielded.push(item);
        if (item === "t5") stop.abort(new Error("user left"));
      }
    } catch (caught) {
      error = caught;
    }
    expect(yielded).toEqual(["t1", "t2", "t3", "t4", "t5"]);
    expect(error).toMatchObject({
      name: "AbortError",
      message:
        'getTransfers was aborted (getTransfers page walk: stopped at page 2, cursor "s1", after 1 page)',
      attempts: 0,
      cause: { message: "user left" },
    });
    // (The page in hand, as a failed call's: resuming gives t4 again, and skips nothing.)
    expect(error.resumeFrom).toEqual({ wallet: "w", cursor: "s1" });
    expect(stub.calls).toHaveLength(2);
  });

  it("a signal that fires mid-page rejects with an AbortError though the fetchPage ignores it, answering or failing otherwise (review 77, F7)", async () => {
    const pages: Record<string, unknown> = {
      "": { data: ["t1", "t2", "t3"], pagination: { hasMore: true, nextCursor: "s1" } },
      s1: { data: ["t4", "t5", "t6"], pagination: { hasMore: true, nextCursor: "s2" } },
      s2: { data: ["t7"], pagination: { hasMore: false, nextCursor: null } },
    };
    const descriptor: PaginationDescriptor = {
      style: "cursor",
      items: "data",
      nextCursor: "pagination.nextCursor",
      hasMore: "pagination.hasMore",
    };
    for (const [what, fails] of [
      ["answers", false],
      ["fails with a TypeError of its own", true],
    ] as const) {
      const stop = new AbortController();
      const asked: unknown[] = [];
      // (A hand-written fetchPage that never reads the walk's signal.)
      const fetchPage = async (params: { cursor?: string }) => {
        asked.push(params.cursor);
        if (fails && stop.signal.aborted) throw new TypeError("fetch failed");
        return pages[params.cursor ?? ""] as { data: string[] };
      };
      const yielded: string[] = [];
      let error: any;
      try {
        for await (const item of paginate<string, { data: string[] }, { cursor?: string }>(
          fetchPage,
          descriptor,
          {},
          { operation: "getTransfers", signal: stop.signal },
        )) {
          yielded.push(item);
          if (item === "t5") stop.abort(new Error("user left"));
        }
      } catch (caught) {
        error = caught;
      }
      expect(yielded, what).toEqual(["t1", "t2", "t3", "t4", "t5"]);
      expect(error, what).toBeInstanceOf(AbortError);
      expect(error, what).toMatchObject({
        message:
          'getTransfers was aborted (getTransfers page walk: stopped at page 2, cursor "s1", after 1 page)',
        operation: "getTransfers",
        attempts: 0,
        resumeFrom: { cursor: "s1" },
      });
      // (The page in hand asked for again, not the next.)
      expect(asked, what).toEqual([undefined, "s1", "s1"]);
    }
    // `.pages()`, aborted between pages: the next page's answer is not given, nor the one after.
    const stop = new AbortController();
    const walk = paginate<string, { data: string[] }, { cursor?: string }>(
      async (params) => pages[params.cursor ?? ""] as { data: string[] },
      descriptor,
      {},
      { operation: "getTransfers", signal: stop.signal },
    );
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const page of walk.pages()) {
        seen.push(page);
        stop.abort();
      }
    })().catch((e: unknown) => e);
    expect(seen).toEqual([pages[""]]);
    expect(error).toBeInstanceOf(AbortError);
    // (Nothing in flight, nothing sent for page 2: the walk was aborted, not a request.)
    expect(error).toMatchObject({
      message:
        'getTransfers was aborted (getTransfers page walk: stopped at page 2, cursor "s1", after 1 page)',
      resumeFrom: { cursor: "s1" },
      attempts: 0,
    });
  });

  it("params that are no object (positional params, for one page): an aborted walk rejects with an AbortError there too, though the fetchPage ignores the signal (review 80, F3)", async () => {
    const descriptor: PaginationDescriptor = { style: "page", page: "page", items: "items" };
    for (const [what, fails] of [
      ["answers", false],
      ["fails with a TypeError of its own", true],
    ] as const) {
      const stop = new AbortController();
      // (The hover example's fetchPage, `rpc.call(descriptor, params, { onResponse })`, takes no
      // signal: with positional params it was asked once, and its items were all given.)
      const fetchPage = async (params: unknown) => {
        stop.abort(new Error("user left"));
        if (fails) throw new TypeError("fetch failed");
        return { items: params as string[] };
      };
      const yielded: string[] = [];
      const error = await (async () => {
        for await (const item of paginate<string, { items: string[] }, unknown>(
          fetchPage,
          descriptor,
          ["addr1", "addr2"],
          { operation: "getThings", signal: stop.signal },
        ))
          yielded.push(item);
      })().catch((e: unknown) => e);
      expect(yielded, what).toEqual([]);
      expect(error, what).toBeInstanceOf(AbortError);
      expect(error, what).toMatchObject({
        message: "getThings was aborted",
        operation: "getThings",
        attempts: 0,
      });
    }
  });

  it("maxPages: 0 is refused at .all(), naming the option and the value; nothing is sent", () => {
    const { method, sent } = rpcMethod(
      "getNftEditions",
      { style: "page", page: "page", limit: "limit", items: "editions" },
      () => ({ editions: [1] }),
    );
    expect(() => method.all({ mint: "m" }, { maxPages: 0 })).toThrow(
      new ConfigurationError("maxPages: must be a whole number >= 1, or Infinity (got 0)", {
        operation: "getNftEditions",
      }),
    );
    expect(sent()).toEqual([]);
    // (One page is the least a walk asks for.)
    expect(() => method.all({ mint: "m" }, { maxPages: 1 })).not.toThrow();
  });

  it("names the operation walked in the walk's own refusals (its options, maxPages, a keyset param alone), as a call's refusals name the call; nothing is sent", async () => {
    const { method, sent } = rpcMethod(
      "getAssetsByOwner",
      {
        style: "page",
        page: "page",
        limit: "limit",
        items: "items",
        cursor: "cursor",
        keyset: ["before", "after", "cursor"],
      },
      () => ({ items: [1] }),
    );
    const refusal = (walk: () => unknown) => {
      try {
        walk();
      } catch (error) {
        return error;
      }
      throw new Error("not refused");
    };
    for (const [error, message] of [
      [
        refusal(() => method.all({ ownerAddress: "o" }, { maxPages: -1 })),
        "maxPages: must be a whole number >= 1, or Infinity (got -1)",
      ],
      [
        refusal(() => method.all({ ownerAddress: "o" }, { maxPage: 2 } as never)),
        "maxPage: is not a request option (",
      ],
      [
        refusal(() => method.all({ ownerAddress: "o" }, null as never)),
        "options: must be an object of request options (got null)",
      ],
      [
        refusal(() => method.all({ ownerAddress: "o" }, { timeout: 0 })),
        "timeout: must be a number of milliseconds > 0, or Infinity (got 0)",
      ],
      // (Refused once the loop starts, by the walk itself.)
      [
        await collect(method.all({ ownerAddress: "o", after: "a" })).catch((e: unknown) => e),
        "params.after: a page walk cannot go on from it alone",
      ],
    ] as const) {
      expect(error).toBeInstanceOf(ConfigurationError);
      const refused = error as ConfigurationError;
      expect(refused.message.startsWith(message), refused.message).toBe(true);
      expect(refused.operation, message).toBe("getAssetsByOwner");
      expect(refused.toJSON(), message).toMatchObject({ operation: "getAssetsByOwner" });
    }
    expect(sent()).toEqual([]);
    // paginate() called on its own names the operation it is given, else itself, as the error of a
    // broken walk does.
    const fetchPage = stubPages(async () => ({ items: [] as number[] }));
    const descriptor: PaginationDescriptor = { style: "page", items: "items", keyset: ["after"] };
    expect(
      refusal(() => paginate(fetchPage, descriptor, {}, { maxPages: 0, operation: "listThings" })),
    ).toMatchObject({ operation: "listThings" });
    expect(refusal(() => paginate(fetchPage, descriptor, {}, { maxPages: 0 }))).toMatchObject({
      operation: "paginate",
    });
    await expect(collect(paginate(fetchPage, descriptor, { after: "a" }))).rejects.toMatchObject({
      name: "ConfigurationError",
      operation: "paginate",
    });
    expect(fetchPage).not.toHaveBeenCalled();
  });
});

describe("paginate: the params' nested objects are the walk's own (a deep copy at .all())", () => {
  const das: PaginationDescriptor = { style: "page", page: "page", limit: "limit", items: "items" };

  it("a caller changing sortBy or options between pages changes no page of the walk (bigints kept)", async () => {
    const fetchPage = stubPages(async (p: { page: number }) => ({
      items: p.page < 3 ? [p.page] : [],
    }));
    const params = {
      ownerAddress: "o",
      limit: 1n,
      sortBy: { sortBy: "created", sortDirection: "asc" },
      options: { showFungible: true },
    };
    for await (const _ of paginate(fetchPage, das, params)) {
      params.sortBy.sortDirection = "desc";
      params.options.showFungible = false;
    }
    expect(sentBy(fetchPage)).toEqual(
      [1, 2, 3].map((page) => ({
        ownerAddress: "o",
        limit: 1n,
        sortBy: { sortBy: "created", sortDirection: "asc" },
        options: { showFungible: true },
        page,
      })),
    );
  });

  it("null-prototype and other-realm params (plain objects to the call's check; Node's querystring.parse makes the first) are copied too (review 43)", async () => {
    const made = [
      () => Object.create(null) as Record<string, any>,
      () => runInNewContext("({})") as Record<string, any>,
    ];
    for (const make of made) {
      const fetchPage = stubPages(async (p: { page: number }) => ({
        items: p.page < 3 ? [p.page] : [],
      }));
      const params = Object.assign(make(), {
        ownerAddress: "o",
        limit: 1,
        sortBy: { sortBy: "created" },
      });
      for await (const _ of paginate(fetchPage, das, params)) params.sortBy.sortBy = "updated";
      expect(sentBy(fetchPage).map((p) => `${p.sortBy.sortBy}@${p.page}`)).toEqual([
        "created@1",
        "created@2",
        "created@3",
      ]);
    }
  });

  it("params structuredClone cannot copy (a function inside) go out as a copy of their own members, for the call to refuse", async () => {
    const fetchPage = stubPages(async () => ({ items: [] }));
    const callback = () => {};
    const params = { ownerAddress: "o", options: { onPage: callback } };
    await collect(paginate(fetchPage, das, params));
    const [sent] = sentBy(fetchPage);
    expect(sent).toEqual({ ownerAddress: "o", options: { onPage: callback }, page: 1 });
    expect(sent).not.toBe(params);
  });
});

describe("paginate: .checkpoints() (each page with the params of the next, to resume from; user trial 29)", () => {
  const das: PaginationDescriptor = {
    style: "page",
    page: "page",
    limit: "limit",
    items: "items",
    cursor: "cursor",
    keyset: ["before", "after", "cursor"],
    keysetWhen: { param: "sortBy.sortBy", equals: "id" },
  };
  const compression: PaginationDescriptor = {
    style: "cursor",
    items: "value.items",
    nextCursor: "value.cursor",
  };
  // (Wallet history: the next cursor goes out as `before`; wallet balances: page and hasMore.)
  const history: PaginationDescriptor = {
    style: "cursor",
    cursor: "before",
    items: "data",
    nextCursor: "pagination.nextCursor",
    hasMore: "pagination.hasMore",
  };
  const balances: PaginationDescriptor = {
    style: "page",
    items: "balances",
    hasMore: "pagination.hasMore",
  };
  /** Seven items, three a page: by page number, or by keyset cursor (`c<n>`: after item n). */
  const rows = [1, 2, 3, 4, 5, 6, 7];
  const dasPage = (p: { page?: number; cursor?: string; limit: number }) => {
    const from = p.cursor ? Number(p.cursor.slice(1)) : ((p.page ?? 1) - 1) * p.limit;
    const items = rows.slice(from, from + p.limit);
    return { items, ...(p.cursor || !p.page ? { cursor: `c${from + items.length}` } : {}) };
  };

  /** The walk's checkpoints, and for each one the items `paginate(…, next)` yields. */
  const resumedFrom = async (
    fetchPage: Parameters<typeof paginate>[0],
    descriptor: PaginationDescriptor,
    params: object,
  ) => {
    const steps = await collect(
      paginate<unknown, unknown, any>(fetchPage, descriptor, params).checkpoints(),
    );
    const rests = [];
    for (const { next } of steps)
      rests.push(next && (await collect(paginate(fetchPage, descriptor, next))));
    return { steps, rests };
  };

  it("by page number: next is the params with the next page; undefined on the short last page; each resumes with exactly the rest", async () => {
    const fetchPage = stubPages(async (p: { page: number; limit: number }) => dasPage(p), 40);
    const params = { ownerAddress: "o", limit: 3 };
    const { steps, rests } = await resumedFrom(fetchPage, das, params);
    expect(steps).toEqual([
      { result: { items: [1, 2, 3] }, next: { ...params, page: 2 } },
      { result: { items: [4, 5, 6] }, next: { ...params, page: 3 } },
      { result: { items: [7] }, next: undefined },
    ]);
    expect(rests).toEqual([[4, 5, 6, 7], [7], undefined]);
  });

  it("by keyset cursor (DAS sortBy id, no page): next carries the answer's cursor, never a page", async () => {
    const fetchPage = stubPages(
      async (p: { page?: number; cursor?: string; limit: number }) => dasPage(p),
      40,
    );
    const params = { ownerAddress: "o", limit: 3, sortBy: { sortBy: "id" } };
    const { steps, rests } = await resumedFrom(fetchPage, das, params);
    expect(steps.map((s) => s.next)).toEqual([
      { ...params, cursor: "c3" },
      { ...params, cursor: "c6" },
      undefined,
    ]);
    expect(rests).toEqual([[4, 5, 6, 7], [7], undefined]);
    expect(sentBy(fetchPage).some((p: object) => "page" in p)).toBe(false);
  });

  it("by cursor (compression) and by `before` (wallet history): the cursor at its own param; a null next cursor is the end, never a `null` checkpoint", async () => {
    const values = stubPages(async (p: { cursor?: string }) => ({
      value: {
        items: [p.cursor ?? "a"],
        cursor: ({ a: "b", b: "c", c: null } as any)[p.cursor ?? "a"],
      },
    }));
    const compressed = await resumedFrom(values, compression, { owner: "o" });
    expect(compressed.steps.map((s) => s.next)).toEqual([
      { owner: "o", cursor: "b" },
      { owner: "o", cursor: "c" },
      undefined,
    ]);
    expect(compressed.rests).toEqual([["b", "c"], ["c"], undefined]);

    const signatures = stubPages(async (p: { before?: string | null }) => ({
      data: [p.before ?? "s0"],
      pagination: {
        hasMore: p.before !== "s2",
        nextCursor: p.before === "s2" ? null : `s${Number((p.before ?? "s0").slice(1)) + 1}`,
      },
    }));
    const walked = await resumedFrom(signatures, history, { address: "w", before: null });
    expect(walked.steps.map((s) => s.next)).toEqual([
      { address: "w", before: "s1" },
      { address: "w", before: "s2" },
      undefined,
    ]);
    expect(walked.rests).toEqual([["s1", "s2"], ["s2"], undefined]);
  });

  it("page and hasMore (wallet balances): next until hasMore is false", async () => {
    const fetchPage = stubPages(async (p: { page: number }) => ({
      balances: [p.page],
      pagination: { page: p.page, hasMore: p.page < 2 },
    }));
    const { steps } = await resumedFrom(fetchPage, balances, { wallet: "w" });
    expect(steps.map((s) => s.next)).toEqual([{ wallet: "w", page: 2 }, undefined]);
  });

  it("a walk maxPages stopped gives the next page's params, so a job knows to come back; the data's end gives none", async () => {
    const fetchPage = stubPages(async (p: { page: number; limit: number }) => dasPage(p));
    const capped = paginate(fetchPage, das, { limit: 3 }, { maxPages: 2 });
    expect((await collect(capped.checkpoints())).map((s) => s.next)).toEqual([
      { limit: 3, page: 2 },
      { limit: 3, page: 3 },
    ]);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    const toTheEnd = paginate(fetchPage, das, { limit: 3, page: 3 }, { maxPages: 1 });
    expect((await collect(toTheEnd.checkpoints())).map((s) => s.next)).toEqual([undefined]);
  });

  it("after a page's call fails, the last checkpoint's next is the params of that very call", async () => {
    const failing = new Error("HTTP 503");
    const fetchPage = vi
      .fn()
      .mockResolvedValueOnce({ value: { items: [1], cursor: "c2" } })
      .mockResolvedValueOnce({ value: { items: [2], cursor: "c3" } })
      .mockRejectedValueOnce(failing);
    const { yielded, error } = await walkToError(
      paginate(fetchPage, compression, { owner: "o" }).checkpoints(),
    );
    expect(error).toBe(failing);
    expect(yielded.at(-1)!.next).toEqual(fetchPage.mock.calls[2]![0]);
  });

  it("a page whose next position is broken is not given: its error comes in its place (the checkpoint before asks for that page), at maxPages too", async () => {
    // Page 2 names the cursor page 1 was asked with.
    const repeats = stubPages(async (p: { cursor?: string }) => ({
      value: { items: [p.cursor ?? "first"], cursor: "c1" },
    }));
    const cycle = await walkToError(paginate(repeats, compression, {}).checkpoints());
    expect(cycle.yielded).toEqual([
      { result: { value: { items: ["first"], cursor: "c1" } }, next: { cursor: "c1" } },
    ]);
    expect(cycle.error).toEqual(
      broken(
        'paginate page walk: the answer to page 2 gives value.cursor "c1" again, which page 2 was asked with (stopped after 1 page)',
      ),
    );
    // `.pages()` gives that page before the error, and at maxPages does not look past it.
    expect((await walkToError(paginate(repeats, compression, {}).pages())).yielded).toHaveLength(2);
    const noWay = stubPages(async () => ({
      data: [1],
      pagination: { hasMore: true, nextCursor: null },
    }));
    const last = await walkToError(paginate(noWay, history, {}, { maxPages: 1 }).checkpoints());
    expect(last).toEqual({
      yielded: [],
      error: broken(
        "paginate page walk: the answer to page 1 says pagination.hasMore: true but gives no pagination.nextCursor (stopped after 0 pages)",
      ),
    });
    expect(await collect(paginate(noWay, history, {}, { maxPages: 1 }).pages())).toHaveLength(1);
  });

  it("params that are no object (positional params, a fetchPage of your own): refused before any call, never a next: undefined that says the data ends (review 39)", async () => {
    // (The answer has a next cursor: the walk gave one checkpoint, `next: undefined`, as if done.)
    const fetchPage = stubPages(async () => ({ value: { items: [1], cursor: "zz" } }));
    for (const params of [["pos"], null, "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY", 5]) {
      const { yielded, error } = await walkToError(
        paginate(fetchPage, compression, params, { operation: "getX" }).checkpoints(),
      );
      expect(yielded, JSON.stringify(params)).toEqual([]);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({
        operation: "getX",
        message: "params: must be an object for .checkpoints()",
      });
    }
    expect(fetchPage).not.toHaveBeenCalled();
    // `.pages()` still sends them once, for the call to refuse or take.
    expect(await collect(paginate(fetchPage, compression, ["pos"]).pages())).toHaveLength(1);
  });

  it("next is the caller's own: changing it changes no page of the walk", async () => {
    const fetchPage = stubPages(async (p: { page: number; limit: number }) => dasPage(p));
    for await (const { next } of paginate<unknown, unknown, any>(fetchPage, das, {
      limit: 3,
      sortBy: { sortBy: "created" },
    }).checkpoints())
      if (next) {
        next.page = 99;
        next.sortBy.sortBy = "updated";
      }
    expect(sentBy(fetchPage)).toEqual(
      [1, 2, 3].map((page) => ({ limit: 3, sortBy: { sortBy: "created" }, page })),
    );
  });
});

describe("paginate: a failed walk's error carries resumeFrom, the params of the page that failed (user trial 35, F3)", () => {
  const compression: PaginationDescriptor = {
    style: "cursor",
    items: "value.items",
    nextCursor: "value.cursor",
  };
  const das: PaginationDescriptor = { style: "page", page: "page", limit: "limit", items: "items" };
  /** A page stub: `pages[i]` answers the i-th call, an `Error` rejects it. */
  const scripted = (...pages: unknown[]) => {
    const fetchPage = vi.fn();
    for (const page of pages)
      if (page instanceof Error) fetchPage.mockRejectedValueOnce(page);
      else fetchPage.mockResolvedValueOnce(page);
    return fetchPage;
  };

  it("on every failure, the first page's too: the last checkpoint's next, whole, from which .all() resumes", async () => {
    // By cursor: page 3 fails; its cursor is longer than the message shows (128 characters).
    const long = "c".repeat(300);
    const fetchPage = scripted(
      { value: { items: [1], cursor: "c2" } },
      { value: { items: [2], cursor: long } },
      new Error("HTTP 503"),
    );
    const walk = paginate<number, any, any>(fetchPage, compression, { owner: "o", limit: 1 });
    const { yielded, error } = await walkToError(walk.checkpoints());
    expect(yielded.map((c) => c.next)).toEqual([
      { owner: "o", limit: 1, cursor: "c2" },
      { owner: "o", limit: 1, cursor: long },
    ]);
    expect((error as ChainDataError).resumeFrom).toEqual(yielded[1]!.next);
    // The resumed walk's first page fails again: its error says where too (no message suffix).
    const again = new Error("HTTP 503");
    const resumed = await walkToError(
      paginate(scripted(again), compression, (error as ChainDataError).resumeFrom),
    );
    expect(resumed.error).toBe(again);
    expect(again.message).toBe("HTTP 503");
    expect((again as ChainDataError).resumeFrom).toEqual({ owner: "o", limit: 1, cursor: long });
    // By page number, from the first page (with the page number the walk sets).
    const first = new Error("timed out");
    await walkToError(paginate(scripted(first), das, { owner: "o", limit: 2 }));
    expect((first as ChainDataError).resumeFrom).toEqual({ owner: "o", limit: 2, page: 1 });
    const third = new Error("timed out");
    await walkToError(
      paginate(scripted({ items: [1, 2] }, { items: [3, 4] }, third), das, { limit: 2 }),
    );
    expect((third as ChainDataError).resumeFrom).toEqual({ limit: 2, page: 3 });
  });

  it("resumeParamsOf reads it, from the walk or its operation; undefined for an error no walk threw (user trial 64, F6)", async () => {
    const failed = new Error("HTTP 503");
    const walk = paginate(scripted({ items: [1, 2] }, failed), das, { owner: "o", limit: 2 });
    await walkToError(walk);
    expect(resumeParamsOf(walk, failed)).toEqual({ owner: "o", limit: 2, page: 2 });
    const operation = withPagination(scripted(new Error("unused")), {
      id: "getAssetsByOwner",
      pagination: das,
    });
    expect(resumeParamsOf(operation, failed)).toBe((failed as ChainDataError).resumeFrom);
    // (An error of no walk, and what a throw may be besides an error.)
    for (const other of [
      new Error("plain"),
      { resumeFrom: { page: 1 } },
      "HTTP 503",
      null,
      undefined,
    ])
      expect(resumeParamsOf(walk, other)).toBeUndefined();
  });

  it("through a client (REST, the key in the URL; JSON-RPC): the operation's params, which hold no key", async () => {
    const KEY = "secret-key-3f9a1c7e";
    const stub = stubFetch((call) =>
      call.url.searchParams.get("cursor") || call.body?.includes('"cursor"')
        ? jsonResponse({ error: "unavailable" }, { status: 503 })
        : call.body
          ? jsonResponse({
              jsonrpc: "2.0",
              id: JSON.parse(call.body).id,
              result: { value: { items: [1], cursor: "n2" } },
            })
          : jsonResponse({ data: [1], pagination: { hasMore: true, nextCursor: "w2" } }),
    );
    const transport = createRestTransport(
      { apiKey: KEY, fetch: stub.fetch, maxRetries: 0 },
      walletHost,
    );
    const rest = {
      id: "getTransfers",
      idempotent: true,
      pagination: {
        style: "cursor",
        items: "data",
        nextCursor: "pagination.nextCursor",
        hasMore: "pagination.hasMore",
      } as const,
    };
    const getTransfers = withPagination<{ wallet: string; cursor?: string }, any, number>(
      (input, options) =>
        transport.restCall(rest, input, options, (f) =>
          f(
            new Request(
              `${transport.baseUrl}/v1/wallet/${input.wallet}/transfers${input.cursor ? `?cursor=${input.cursor}` : ""}`,
            ),
          ),
        ),
      rest,
    );
    const rpc = createJsonRpcClient(
      { apiKey: KEY, fetch: stub.fetch, maxRetries: 0 },
      rpcHost,
      "/",
    );
    const jsonRpc = {
      id: "getCompressedAccountsByOwner",
      idempotent: true,
      pagination: compression,
    };
    const getAccounts = withPagination<{ owner: string }, any, number>(
      (params, options) => rpc.call(jsonRpc, params, options),
      jsonRpc,
    );
    for (const [walk, resumeFrom] of [
      [getTransfers.all({ wallet: "w" }), { wallet: "w", cursor: "w2" }],
      [getAccounts.all({ owner: "o" }), { owner: "o", cursor: "n2" }],
    ] as const) {
      const { error } = await walkToError(walk);
      expect(error).toMatchObject({ status: 503, resumeFrom });
      expect(JSON.stringify((error as ChainDataError).resumeFrom)).not.toContain(KEY);
      expect(`${(error as Error).message} ${JSON.stringify(error)}`).not.toContain(KEY);
    }
  });

  it("a broken walk's InvalidResponseError: the page whose answer broke it (the last checkpoint's next)", async () => {
    const repeats = stubPages(async (p: { cursor?: string }) => ({
      value: { items: [p.cursor ?? "first"], cursor: "c1" },
    }));
    for (const walk of [
      paginate(repeats, compression, { owner: "o" }).checkpoints(),
      paginate(repeats, compression, { owner: "o" }).pages(),
    ] as AsyncIterable<unknown>[]) {
      const { error } = await walkToError(walk);
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect((error as ChainDataError).resumeFrom).toEqual({ owner: "o", cursor: "c1" });
    }
  });

  it("not enumerable (logs and JSON do not show it: a server's cursor may echo anything), a copy the walk does not share, set once", async () => {
    const failing = new ChainDataError("down", { attempts: 1 });
    const walk = paginate<number, any, any>(
      scripted({ value: { items: [1], cursor: "secret-echo" } }, failing),
      compression,
      { owner: "o", sortBy: { by: "id" } },
    );
    await walkToError(walk);
    const { resumeFrom } = failing;
    expect(resumeFrom).toEqual({ owner: "o", sortBy: { by: "id" }, cursor: "secret-echo" });
    expect(Object.keys(failing)).not.toContain("resumeFrom");
    expect(JSON.parse(JSON.stringify(failing))).toEqual({
      name: "ChainDataError",
      attempts: 1,
      message: expect.stringMatching(/^down \(paginate page walk/),
    });
    // A first page failing leaves the walk's own params unchanged when resumeFrom is.
    const early = new Error("down");
    const fetchPage = scripted(early, { value: { items: [2], cursor: null } });
    const start = paginate<number, any, any>(fetchPage, compression, { owner: "o", sortBy: {} });
    await walkToError(start);
    (early as any).resumeFrom.sortBy.by = "changed";
    await collect(start);
    expect(sentBy(fetchPage)[1]).toEqual({ owner: "o", sortBy: {} });
    // A memoised error thrown by a second walk keeps the first walk's position.
    const shared = new Error("upstream down");
    await walkToError(paginate(scripted(shared), compression, { owner: "a" }));
    await walkToError(paginate(scripted(shared), compression, { owner: "b" }));
    expect((shared as ChainDataError).resumeFrom).toEqual({ owner: "a" });
  });

  it("an error with a resumeFrom of its own (a field of the caller's error class) keeps it and its message: the walk's is set once (review 79)", async () => {
    // (Unlike the walk's own, such a field can be redefined: only the `in` check keeps it.)
    class JobError extends Error {
      resumeFrom = { job: 7 };
    }
    const failing = new JobError("job failed");
    const fetchPage = scripted({ value: { items: [1], cursor: "c2" } }, failing);
    const { yielded, error } = await walkToError(paginate(fetchPage, compression, { owner: "o" }));
    expect(yielded).toEqual([1]);
    expect(error).toBe(failing);
    expect(failing.resumeFrom).toEqual({ job: 7 });
    expect(failing.message).toBe("job failed");
  });
});

describe("paginate: a walk by cursor keeps the cursors of its first 1,000 pages and its last 1,000, to find a loop (user trial 35, F4)", () => {
  const compression: PaginationDescriptor = {
    style: "cursor",
    items: "value.items",
    nextCursor: "value.cursor",
  };
  /**
   * A server whose page asked with cursor `c<n>` (the first, with `start`) answers `c<n + 1>`, but
   * page `at` answers `again` (a cursor sent before); a walk of at most `at + 3` pages.
   */
  const walkBackTo = (at: number, again: string) => {
    const fetchPage = vi.fn(async (p: { cursor?: string }) => {
      const n = p.cursor === "start" ? 1 : Number(p.cursor!.slice(1));
      return { value: { items: [n], cursor: n === at ? again : `c${n + 1}` } };
    });
    const walk = paginate<number, unknown>(
      fetchPage,
      compression,
      { cursor: "start" },
      { maxPages: at + 3 },
    );
    return { walk, asked: () => sentBy(fetchPage).map((p) => p.cursor as string) };
  };

  it("finds a cursor repeated at once, a cycle of two, or one back to the start, after 2,500 pages", async () => {
    for (const [again, page] of [
      ["c2500", 2500], // the cursor just sent
      ["c2499", 2499], // A, B, A, B
      ["c1501", 1501], // a cycle of 1,000 pages
      ["c2", 2], // back to the start
      ["start", 1], // the caller's own first cursor
    ] as const) {
      const { walk, asked } = walkBackTo(2500, again);
      const { yielded, error } = await walkToError(walk);
      expect(yielded).toHaveLength(2500);
      expect(error).toEqual(
        broken(
          `paginate page walk: the answer to page 2500 gives value.cursor "${again}" again, which page ${page} was asked with (stopped after 2500 pages)`,
        ),
      );
      expect(asked()).toHaveLength(2500);
    }
  });

  it("a cursor of neither (a cycle of over 1,000 pages back into the middle) is asked for again: memory stays bounded", async () => {
    const { walk, asked } = walkBackTo(2500, "c1500");
    const { yielded, error } = await walkToError(walk);
    expect(error).toBeUndefined();
    // (maxPages ends the walk: pages 1500 to 1502 again.)
    expect(yielded).toEqual([...Array(2500).keys()].map((n) => n + 1).concat([1500, 1501, 1502]));
    expect(asked().filter((cursor) => cursor === "c1500")).toHaveLength(2);
  });

  it("forgets the cursor of page 1,001 once 2,000 pages are done (the window of the last 1,000 moves on at once)", async () => {
    const { walk, asked } = walkBackTo(2500, "c1001");
    const { yielded, error } = await walkToError(walk);
    expect(error).toBeUndefined();
    expect(yielded.slice(2500)).toEqual([1001, 1002, 1003]);
    expect(asked().filter((cursor) => cursor === "c1001")).toHaveLength(2);
  });
});

describe("paginate: end-of-walk rules that no other test pinned (found by mutation testing)", () => {
  it("an empty page that says hasMore: true breaks a walk by page number, after the pages before it (user trial 56, F3: it had ended quietly, a cut-off list passed for the whole)", async () => {
    const pages = [
      { items: [1], more: true },
      { items: [], more: true },
      { items: [3], more: true },
    ];
    const fetchPage = stubPages(async (p: { page: number }) => pages[p.page - 1]!);
    const descriptor: PaginationDescriptor = { style: "page", items: "items", hasMore: "more" };
    expect(await walkToError(paginate(fetchPage, descriptor, {}))).toEqual({
      yielded: [1],
      error: broken(
        "paginate page walk: the answer to page 2 says more: true of a page with no items (stopped after 2 pages)",
      ),
    });
    expect(fetchPage).toHaveBeenCalledTimes(2);
    // As the last page `maxPages` asks for, what it says of the next one does not matter.
    expect(await collect(paginate(fetchPage, descriptor, {}, { maxPages: 2 }))).toEqual([1]);
    // Said of an empty page, `hasMore: false` (or nothing) is the end of the data.
    pages[1]!.more = false;
    expect(await collect(paginate(fetchPage, descriptor, {}))).toEqual([1]);
    // From page 2, the break names page 3, the page asked for, by `.all()` and by
    // `.checkpoints()` alike, not the walk's 2nd (review 77, F4: the checkpoints' was pinned by no
    // test). Its `resumeFrom` asks for that page again.
    pages[1]!.more = true;
    pages.splice(1, 0, { items: [2], more: true });
    const fromTwo = await walkToError(paginate(fetchPage, descriptor, { page: 2 }));
    expect(fromTwo).toEqual({
      yielded: [2],
      error: broken(
        "paginate page walk: the answer to page 3 says more: true of a page with no items (stopped after 2 pages)",
      ),
    });
    expect((fromTwo.error as any).resumeFrom).toEqual({ page: 3 });
    const saved = await walkToError(paginate(fetchPage, descriptor, { page: 2 }).checkpoints());
    expect(saved).toEqual({
      yielded: [{ result: pages[1], next: { page: 3 } }],
      error: broken(
        "paginate page walk: the answer to page 3 says more: true of a page with no items (stopped after 1 page)",
      ),
    });
    expect((saved.error as any).resumeFrom).toEqual({ page: 3 });
  });

  it("sends a cursor at a path three names deep, making the objects the params lack", async () => {
    const fetchPage = stubPages(async (p: { o?: { p?: { cursor?: string } } }) =>
      p.o ? { items: [2], next: null } : { items: [1], next: "c1" },
    );
    const descriptor: PaginationDescriptor = {
      style: "cursor",
      cursor: "o.p.cursor",
      items: "items",
      nextCursor: "next",
    };
    expect(await collect(paginate(fetchPage, descriptor, { owner: "x" }))).toEqual([1, 2]);
    expect(sentBy(fetchPage)).toEqual([{ owner: "x" }, { owner: "x", o: { p: { cursor: "c1" } } }]);
  });

  it("a page shorter than the limit is no end of a walk by cursor: only the answer's cursor is", async () => {
    const results: Record<string, unknown> = {
      start: { value: { items: [1], cursor: "c1" } },
      c1: { value: { items: [2], cursor: null } },
    };
    const fetchPage = stubPages(async (p: { cursor?: string }) => results[p.cursor ?? "start"]);
    const descriptor: PaginationDescriptor = {
      style: "cursor",
      limit: "limit",
      items: "value.items",
      nextCursor: "value.cursor",
    };
    expect(await collect(paginate(fetchPage, descriptor, { limit: 2 }))).toEqual([1, 2]);
  });
});

describe("paginate: params, thrown values and keysetWhen that no other test pinned (found by mutation testing, round 3)", () => {
  const das: PaginationDescriptor = { style: "page", page: "page", limit: "limit", items: "items" };
  const compression: PaginationDescriptor = {
    style: "cursor",
    items: "value.items",
    nextCursor: "value.cursor",
  };

  it("no params (undefined) walk the pages from page 1; null goes to the call once, as given, for it to refuse", async () => {
    const fetchPage = stubPages(async (p: { page: number } | null) => ({
      items: p && p.page < 3 ? [p.page] : [],
    }));
    expect(await collect(paginate(fetchPage, das, undefined))).toEqual([1, 2]);
    expect(sentBy(fetchPage)).toEqual([{ page: 1 }, { page: 2 }, { page: 3 }]);
    fetchPage.mockClear();
    expect(await collect(paginate(fetchPage, das, null))).toEqual([]);
    expect(sentBy(fetchPage)).toEqual([null]);
  });

  it("params of a class of the caller's go out as they are (the call refuses what is no plain object), not as a plain copy", async () => {
    class Query {
      owner = "o";
    }
    const params = new Query();
    const fetchPage = stubPages(async () => ({ value: { items: [1], cursor: null } }));
    expect(await collect(paginate(fetchPage, compression, params))).toEqual([1]);
    expect(sentBy(fetchPage)[0]).toBe(params);
  });

  it("params structuredClone cannot copy (a function inside) are the walk's own at .all(): a change before the walk starts sends nothing of it", async () => {
    const onPage = () => {};
    for (const descriptor of [das, compression]) {
      const fetchPage = stubPages(async () => ({ items: [], value: { items: [], cursor: null } }));
      const params: Record<string, unknown> = { owner: "A", options: { onPage } };
      const walk = paginate(fetchPage, descriptor, params);
      params.owner = "B";
      await collect(walk);
      expect(sentBy(fetchPage)[0]).toMatchObject({ owner: "A", options: { onPage } });
    }
  });

  it("a value thrown that is no Error (a plain object) is thrown as it is: no resumeFrom, no message added", async () => {
    const thrown = { code: "E_DOWN" };
    const fetchPage = vi
      .fn()
      .mockResolvedValueOnce({ value: { items: [1], cursor: "c2" } })
      .mockRejectedValueOnce(thrown);
    const { yielded, error } = await walkToError(paginate(fetchPage, compression, { owner: "o" }));
    expect(yielded).toEqual([1]);
    expect(error).toBe(thrown);
    expect(Object.getOwnPropertyNames(thrown)).toEqual(["code"]);
    expect("resumeFrom" in thrown).toBe(false);
  });

  it("an error whose message cannot change (a setter that ignores it) keeps its stack as it was: the stack never says more than the message", async () => {
    class FixedMessage extends Error {
      override get message() {
        return "upstream said no";
      }
      override set message(_: string) {}
    }
    const failing = new FixedMessage();
    const stack = failing.stack;
    const fetchPage = vi
      .fn()
      .mockResolvedValueOnce({ value: { items: [1], cursor: "c2" } })
      .mockRejectedValueOnce(failing);
    const { error } = await walkToError(paginate(fetchPage, compression, { owner: "o" }));
    expect(error).toBe(failing);
    expect(failing.message).toBe("upstream said no");
    expect(failing.stack).toBe(stack);
    expect((failing as unknown as ChainDataError).resumeFrom).toEqual({ owner: "o", cursor: "c2" });
  });

  it("keysetWhen met with a page given walks by page number from that page (the page walk asked for), not by cursor", async () => {
    const descriptor: PaginationDescriptor = {
      style: "page",
      page: "page",
      limit: "limit",
      items: "items",
      cursor: "cursor",
      keysetWhen: { param: "order.by", equals: "key" },
    };
    const fetchPage = stubPages(async (p: { page: number }) => ({
      items: p.page < 4 ? [p.page * 10, p.page * 10 + 1] : [],
      cursor: `after-${p.page}`,
    }));
    const params = { order: { by: "key" }, limit: 2, page: 2 };
    expect(await collect(paginate(fetchPage, descriptor, params))).toEqual([20, 21, 30, 31]);
    expect(sentBy(fetchPage)).toEqual([2, 3, 4].map((page) => ({ ...params, page })));
  });
});
