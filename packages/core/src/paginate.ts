/** Async-iterator pagination over page-numbered and cursor-based operations. */
import {
  checkRequestOptions,
  messageValue,
  typeOf,
  type OperationDescriptor,
  type RequestOptions,
  type ResponseFields,
} from "./config.js";
import {
  AbortError,
  ConfigurationError,
  InvalidResponseError,
  ofOperation,
  type ValidationIssue,
} from "./errors.js";
import { quoteServer } from "./quote.js";
import { madeWhole, type Check } from "./validate.js";

/**
 * How an operation pages (the spec's `x-pagination`). Paths are dot-separated: into the
 * params for `page`, `cursor` and `limit`, into the result for `items`, `skipped`, `nextCursor`,
 * `hasMore`, `echoedPage` and `echoedLimit`.
 */
export interface PaginationDescriptor {
  /**
   * How the walk asks for the next page: `"page"` counts pages in the `page` param (from the
   * first params' own, else 1; by cursor instead where `keyset` or `keysetWhen` says so);
   * `"cursor"` sends each result's next cursor (at `nextCursor`) as the `cursor` param.
   */
  style: "page" | "cursor";
  /** The page-number param. @default 'page' */
  page?: string;
  /** The cursor param. @default 'cursor' */
  cursor?: string;
  /** The page-size param. */
  limit?: string;
  /**
   * The array of items in the result. A page without an array there breaks the walk (an
   * `InvalidResponseError`), as the path is misspelt or the answer is not a page.
   */
  items: string;
  /**
   * An array in the result of the entries a page counted but could not give as items (DAS
   * `errors`: assets that failed to load). They count toward the page size: a page is short only
   * when its items and these together are fewer, so a page that lost some to errors is no end.
   */
  skipped?: string;
  /** The next cursor in the result. @default the `cursor` path */
  nextCursor?: string;
  /**
   * A boolean in the result; `false` ends the walk. By cursor, `true` with no next cursor is an
   * `InvalidResponseError`: the server says there is more but names no way to it.
   */
  hasMore?: string;
  /**
   * The page number in the result, where the server echoes it (page style). A page (the first
   * too) that names another page than the one asked for is an `InvalidResponseError`, its items
   * unyielded: a server or a static mock that ignores `page` sends the same full page forever,
   * and ending there would pass a cut-off list for the whole.
   */
  echoedPage?: string;
  /**
   * The page size in the result (page style), which the server applied: a shorter page ends the
   * walk, unless it says `hasMore: true` (DAS echoes `limit` at the top, wallet balances
   * `pagination.limit`). Where the result gives none, the params' `limit` is the page size.
   * @default the `limit` path
   */
  echoedLimit?: string;
  /**
   * Params that change how a walk goes on (DAS `before`, `after`, `cursor`, which exclude `page`;
   * wallet history's `after`, which has no forward cursor). When the first params of a page-style
   * walk hold one, `.all()` walks by `cursor` (each result's `nextCursor`) if the params hold a
   * cursor too. Otherwise, and always in a cursor-style walk (whose cursor pages in an order the
   * keyset param may change: history's `after` asks for ascending order, its `nextCursor` names
   * the oldest transaction), the results name no next page, so the walk refuses to start (a
   * `ConfigurationError`, nothing sent) rather than stop after the first page as if it were the
   * last, or skip what lies between; with `maxPages: 1` it makes that one request.
   */
  keyset?: readonly string[];
  /**
   * A param value that selects keyset paging (DAS: `sortBy.sortBy` `id`; `param` is a path into
   * the params). When the first params hold it, and neither `page` nor a `keyset` param, `.all()`
   * walks by `cursor` from the start: the first request goes out as given, without `page` (so the
   * server answers with a cursor), each next one with the previous result's `nextCursor`.
   */
  keysetWhen?: { param: string; equals: string | number | boolean };
}

/** The items of every page, in order; `.pages()` gives the page results instead. */
export interface PageIterable<I, R, P = unknown> extends AsyncIterable<I> {
  /** Each page's whole result. Iterate again for a fresh walk from the first page. */
  pages(): AsyncIterable<R>;
  /**
   * Each page's whole result with the params of the page after it, for a job that saves where it
   * is and goes on from there later: `.all(next)` resumes the walk. `next` is `undefined` only
   * where the data ends (never where `maxPages` stops the walk), so a job can tell done from not
   * yet. A page whose next position is broken (a cursor sent before, `hasMore: true` with no next
   * cursor or of an empty page by page number, a next cursor the call's params check refuses) is
   * not given: the walk's `InvalidResponseError` comes in its place, and the checkpoint before it
   * still asks for that page. Params that are no object are refused (a `ConfigurationError`,
   * nothing sent).
   */
  checkpoints(): AsyncIterable<PageCheckpoint<R, P>>;
  /**
   * Once a walk of this iterable (items, `.pages()` or `.checkpoints()`) has ended: the params of
   * the next page where `maxPages` stopped it, to pass to `.all()` and go on there (a checkpoint's
   * `next`), or `undefined` where the data ended. So an `.all()` capped by `maxPages` tells
   * "capped" from "the collection ended". `undefined` while a walk goes on, and after one that
   * threw (the error's `resumeFrom` says where) or that the consumer left (`break`). Where the
   * last page's next position is broken (a cursor sent before, …), the params of that page: a walk
   * from them asks it again, and meets the break past its first page; capped at that page again,
   * it ends with the same `resumeFrom`. A walk finds a cursor sent again within that walk only, so
   * a job that goes on from `resumeFrom` in a loop keeps the params it went on from and stops at
   * one it gets back: a server going round a cycle of `maxPages` pages or more gives every walk a
   * new `resumeFrom`. Each walk sets it when it ends, however it ends, and a walk that starts
   * clears it: of two walks of this iterable at once, it tells of the one that ended last (read it
   * after the walk you care about, before another starts or ends).
   */
  readonly resumeFrom: P | undefined;
}

/** A page of a walk and where the walk goes on after it (`.checkpoints()`). */
export interface PageCheckpoint<R, P = unknown> {
  /** The page's whole result. */
  result: R;
  /**
   * The params of the next page (the first page's params with its page number or cursor), to
   * save and pass to `.all()`; `undefined` where the data ends.
   */
  next: P | undefined;
}

/**
 * The call of one page in a walk (`paginate`'s `fetchPage`): given the page's params (the first
 * page's, `P`, with the walk's page number or cursor set in them) and `answered`, a function to
 * give the answer's status and headers to (the call's `onResponse`), it returns the page's result.
 * Its params are typed as the walk's first params, so an untyped `(params, answered) => …` reads
 * them as `P`; one typed for the params it reads, `(params: { page: number }) => …`, is taken too.
 */
export type PageFetcher<R, P = unknown> = {
  // (A method's type, whose parameters TypeScript compares both ways: hence the typed fetcher
  // above, whose params type may be narrower or wider than `P`.)
  fetchPage(params: P, answered: (response: ResponseFields) => void): Promise<R>;
}["fetchPage"];

const valueAt = (value: any, path: string): any =>
  path.split(".").reduce((v, key) => v?.[key], value);

/**
 * A cursor or page number of the server's, as an error shows it: quoted as an error quotes the
 * server's text (`quoteServer`: cut past `max` characters with a `…`, a line break or an ANSI
 * escape written as a `\u` escape), an object as `object` (`String()` throws on one such as
 * `{"toString": 1}`, and its TypeError would be the walk's error).
 * (Where a walk stopped shows its cursor whole, up to 128: a job resumes from it, and a wallet
 * history's `before`, a signature, has 88 characters: cut at 20, they could not be resumed from.)
 */
const quoteShort = (value: unknown, max = 24): string => {
  const text = value && typeof value == "object" ? "object" : String(value);
  return quoteServer(text, max);
};

/** A copy of `value` with `path` set, copying only the objects along the path. */
const withValueAt = (value: any, path: string, to: unknown): any => {
  const [key, ...rest] = path.split(".") as [string, ...string[]];
  return { ...value, [key]: rest.length ? withValueAt(value?.[key], rest.join("."), to) : to };
};

/**
 * `params` copied deeply where it is a plain object as the call's check reads one (vObject's rule:
 * its prototype is some realm's Object.prototype, or none, as for Node's `querystring.parse`), by
 * `structuredClone`, or its own members where that fails (a function inside, which the call
 * refuses); else as it is, for the call to refuse.
 */
const copyParams = (params: any): any => {
  // (Not shared with vObject: a function of its own costs every bundle bytes, the page walk's few.)
  const proto = params && typeof params == "object" ? Object.getPrototypeOf(params) : 0;
  if (proto === null || (proto && !Object.getPrototypeOf(proto)))
    try {
      return structuredClone(params);
    } catch {
      return { ...params };
    }
  return params;
};

/**
 * Throws `error`, the error of a page's call (or answer) in a walk of `operation` that has yielded
 * `fetched` pages, with `resumeFrom`: a copy of `params`, the params of that page, for a job to go
 * on from (`.all(error.resumeFrom)`), the first page's too. Not enumerable, so that logging the
 * error or `JSON.stringify` does not show it: a cursor is the server's data, here whole, and a
 * server may echo anything in it. After the first page, the message also ends with where the walk
 * stopped (`page()`: the page number, or the page and the cursor it was asked with), and so does
 * its stack's first line (an uncaught error prints the stack). The error stays the one the call
 * threw, so `instanceof` and its fields are unchanged.
 * (Once: an error thrown by two walks, a fetchPage's memoised failure, says where the first
 * stopped. The message first, then the stack where it shows that message: a DOMException's
 * message cannot be set, and a function replacement, as the text is the server's and may hold
 * `$&`.)
 */
const throwStopped = (
  error: any,
  operation: string,
  fetched: number,
  params: unknown,
  page?: () => unknown,
): never => {
  if (error instanceof Error && !("resumeFrom" in error))
    try {
      Object.defineProperty(error, "resumeFrom", { value: copyParams(params) });
      if (fetched) {
        const { message, stack } = error;
        const where = ` (${operation} page walk: stopped at page ${page!()}, after ${fetched} page${fetched == 1 ? "" : "s"})`;
        error.message = message + where;
        if (message && error.message != message)
          error.stack = stack?.replace(`: ${message}`, () => `: ${message}${where}`);
      }
    } catch {
      // (A frozen error is thrown as it is.)
    }
  throw error;
};

/**
 * Walks the pages of an operation lazily: a page is fetched only when the previous one has been
 * consumed, so memory stays bounded by one page, plus (by cursor) the cursors of the first 1,000
 * pages and the last 1,000, kept to find a cursor sent again. The walk under every `.all()`; call
 * it for a method no package covers, made with `rpc.call` and a descriptor of your own (the
 * example; the `@chaindata/core` README, "Walking a method no package covers", has one by keyset).
 *
 * Page style starts at `params[page]` (1 when it is `undefined`) and stops when `hasMore` is
 * `false`, a page has no items, or it has fewer than the page size (the result's `echoedLimit`,
 * else the params' `limit`) unless it says `hasMore: true` (an empty page that says so is a break,
 * below); entries at `skipped` (DAS `errors`) count as items there.
 * Cursor style (and a page-style walk by cursor: a `keyset` param given, or `keysetWhen` met
 * without `page`) starts with `params` as given and stops when `hasMore` is `false`, the next
 * cursor is missing, `null` or `''`, or a page has no items (unless it says `hasMore: true`); a
 * page-style operation's walk by cursor stops on a short page too, as its walk by page does.
 *
 * A server that breaks the paging protocol ends the walk with an `InvalidResponseError` (reason
 * `broken-paging`), thrown after the pages before the break were yielded: a page with no list at
 * `items` (not yielded: read as empty, it would end the walk as if the data did), a page whose
 * `echoedPage` names another page (not yielded: its items are another page's), or, after the
 * page that says it, a next cursor the walk has already sent (it would go round forever; of the
 * first 1,000 pages' cursors and the last 1,000's, which finds a server repeating a cursor, going
 * round a cycle of up to 1,000 pages, or back to the start), `hasMore: true` with no next
 * cursor, or `hasMore: true` of an empty page by page number; and, given `check`, a next cursor
 * that the call's params check refuses (the server's value, which the caller never wrote). Ending
 * quietly there would pass a cut-off list for the whole. Nothing is read past the last page
 * `maxPages` asks for. A page's call that fails throws its own error, its message and stack ending
 * with where the walk stopped (after the first page). Either error, a call's or a break, gets
 * `resumeFrom` (not enumerable): the params of the page that failed, as a checkpoint's `next` gives
 * them.
 *
 * @typeParam I - the items yielded: nothing passed infers them, so give them. A `.js` file
 *   (checkJs) takes no type arguments: type the walk's variable with JSDoc,
 *   `@type {PageIterable<Item, Result, Params>}`, or its items are `any`, with no error (core
 *   README, "From JavaScript")
 * @typeParam R - a page's result
 * @typeParam P - the params: of the first page, of each checkpoint's `next`
 * @typeParam F - the params `fetchPage` reads: `P` unless it is typed for its own
 * @param fetchPage - the operation, called with the params of each page and a function to give
 *   the answer's status and headers to (its `onResponse`), which the error of a broken walk
 *   carries. Left untyped, its params are typed as `params` (`P`); typed for the params it reads,
 *   `(p: { page: number }) => …`, it is taken as it is
 * @param params - the first page's params, copied now (a deep copy, `structuredClone`, or of its
 *   own members where that fails): never modified, and changing the caller's object (or an object
 *   inside it, such as `sortBy`) after this call changes no page of the walk. Params that are no
 *   object (`null`, a string, a list) go to `fetchPage` once, as given, for it to refuse;
 *   `.checkpoints()` refuses them (a `ConfigurationError`, nothing sent), as it could not say
 *   where such a walk goes on
 * @example
 * ```ts
 * import {
 *   createDasRpc,
 *   getAssetsByOwnerPagination,
 *   getAssetsByOwnerU64Shape,
 *   paginate,
 *   type Asset,
 *   type AssetList,
 *   type RpcMethodDescriptor,
 * } from "@chaindata/das";
 *
 * type GroupParams = { groupKey: "collection"; groupValue: string; page?: number; limit?: number };
 * // `u64`: the result is shaped as getAssetsByOwner's, so its supplies are bigint, as AssetList
 * // says (without the shape, one below 2^53 would arrive as a number).
 * const getAssetsByGroup: RpcMethodDescriptor<never, GroupParams, AssetList> = {
 *   id: "getAssetsByGroup",
 *   idempotent: true,
 *   u64: getAssetsByOwnerU64Shape,
 * };
 * const rpc = createDasRpc();
 * const assets = paginate<Asset, AssetList, GroupParams>(
 *   (params, answered) => rpc.call(getAssetsByGroup, params, { onResponse: answered }),
 *   // How getAssetsByOwner pages, as its own walk reads it (`<operation>Pagination`, exported by
 *   // the package of the operation; frozen: spread it to change a field).
 *   getAssetsByOwnerPagination,
 *   {
 *     groupKey: "collection",
 *     groupValue: "J1S9H3QjnRtBbbuD4HjPV6RpRhwuk4zKbxsnCHuTgh9w",
 *     limit: 1000,
 *   },
 *   { operation: "getAssetsByGroup", maxPages: 100 },
 * );
 * for await (const asset of assets) console.log(asset.id);
 * ```
 */
export const paginate = <I, R, P = unknown, F = P>(
  // (`F`, not `P`: a `fetchPage` typed for the params it reads, `(p: { page: number }) => …`,
  // names its own, which the first params need not match, `{ limit: 10 }`: the walk adds the page.
  // Left untyped, it has no inference of its own and takes the default, `P`, as inferred.)
  fetchPage: PageFetcher<R, F>,
  descriptor: PaginationDescriptor,
  params: P,
  options: {
    /**
     * Stop after this many pages: a whole number >= 1, or `Infinity`.
     * @default Infinity
     */
    maxPages?: number | undefined;
    /**
     * The operation walked, named by the error of a broken walk.
     * @default 'paginate'
     */
    operation?: string | undefined;
    /**
     * The call's params check (its descriptor's `params`): a next cursor of the server's that it
     * refuses breaks the walk (an `InvalidResponseError`), found before the next call is made.
     * An issue it leaves a text out of is made whole, as `validate` makes one.
     * @default none: the call refuses such a cursor itself, as the caller's
     */
    check?: Check | undefined;
    /**
     * The signal `fetchPage` makes its calls with (`.all()`'s). Once it fires, the items of the
     * page in hand stop too: `fetchPage` is asked for that page again, and its call rejects at
     * once with its `AbortError` (sending nothing), its `resumeFrom` that page. A `fetchPage` that
     * ignores the signal, and answers or fails with another error: the walk (`.pages()` too)
     * rejects with an `AbortError` of its own all the same (`attempts` 0, no `cause`: the signal's
     * `reason` is yours to read).
     * @default none: a page's items are all given, and the abort shows at the next page's call
     */
    signal?: AbortSignal | undefined;
  } = {},
): PageIterable<I, R, P> => {
  // (The caller's own check made whole, as `validate` makes it: an issue without its message read
  // `which the call refuses: undefined`. Not in `.all()`'s walks, whose check is the generated
  // one: each client program would carry it, 100 B gzipped or more.)
  const { check } = options;
  return pageWalk(fetchPage, descriptor, params, options, check && madeWhole(check));
};

/** {@link paginate}'s walk, `check` as given: `.all()`'s, with the operation's generated check. */
const pageWalk = <I, R, P, F>(
  fetchPage: PageFetcher<R, F>,
  descriptor: PaginationDescriptor,
  params: P,
  options: NonNullable<Parameters<typeof paginate>[3]>,
  check: Check | undefined,
): PageIterable<I, R, P> => {
  const {
    style,
    items,
    skipped,
    hasMore,
    limit,
    page = "page",
    cursor = "cursor",
    nextCursor = cursor,
    echoedPage,
    echoedLimit = limit,
  } = descriptor;
  const { maxPages: max = Infinity, operation = "paginate", signal } = options;
  // (`null` is refused, as `timeout` and `maxRetries` refuse it: a cap left null is no cap. So is
  // 0: a walk that sends nothing and yields nothing would read as an owner with nothing. The walk's
  // refusals name the operation walked, as a call's refusals name the call.)
  if (!(max === Infinity || (Number.isInteger(max) && max >= 1)))
    throw new ConfigurationError(
      `maxPages: must be a whole number >= 1, or Infinity (got ${messageValue(max)})`,
      { operation },
    );

  // The params as they are now: a caller reusing its object, for the next wallet or another
  // `sortBy`, must not send this walk's cursor with another wallet, or change the order between
  // two pages.
  const start = copyParams(params);

  /**
   * The walk: each page's result, or with `checkpoints` each page's checkpoint (the result and the
   * next page's params), which gives no page whose next position is broken.
   */
  async function* walkPages(checkpoints: boolean, each?: boolean): AsyncGenerator<any> {
    walks.resumeFrom = undefined;
    // Where this walk stopped, given to the iterable when the walk ends, however it ends: of two
    // walks at once, the one that ended last tells.
    let resumeFrom: P | undefined;
    try {
      let answer: ResponseFields | undefined;
      const answered = (response: ResponseFields) => (answer = response);
      /**
       * A page's call, `fail` given what it failed with: once the signal fired, the call's
       * AbortError, or where `fetchPage` does not take the signal and answers or fails otherwise,
       * an AbortError of the walk's own. (The walk went on, or a mid-page abort ended it quietly, a
       * cut-off list passed for the whole; params that are no object too.)
       */
      const askPage = (params: unknown, fail: (error: unknown) => never) => {
        const failed = (error?: unknown) =>
          fail(
            signal?.aborted && !(error instanceof AbortError)
              ? new AbortError(`${operation} was aborted`, { operation, attempts: 0 })
              : error,
          );
        return fetchPage(params as F, answered).then(
          (result) => (signal?.aborted ? failed() : result),
          failed,
        );
      };
      // Params that are no object (an address given alone, `null`, a list) go to the call as given,
      // for it to refuse as the one-page call does: a page number set on a string would make
      // `params.0`, `params.1`… of its characters, and `null` read as no params would be sent.
      if (start !== undefined && (!start || typeof start !== "object" || Array.isArray(start))) {
        // (Not with checkpoints: no next page can be set in them, and a `next: undefined` would say
        // the data ends where it need not, as with a list of positional params and a cursor.)
        if (checkpoints)
          throw new ConfigurationError("params: must be an object for .checkpoints()", {
            operation,
          });
        const result = await askPage(start, (error) => {
          throw error;
        });
        return yield* each ? valueAt(result, items) : [result];
      }
      let current = start ?? {};
      // The caller's own page goes out as given, for the call to check: `.all({ page: "2" })` (or
      // `true`, `null`) is refused as the one-page call refuses it, not sent as page 2 (or 1).
      const first = valueAt(current, page);
      // (A `null` is no keyset: the call refuses it. Nor is a range given with a page number, which
      // the call refuses too: either way its own message says what is wrong, and nothing is sent.)
      const keys = descriptor.keyset?.filter((name) => valueAt(current, name) != null) ?? [];
      // (A `page` given keeps the page walk asked for, and the call refuses it beside a keyset
      // param.)
      const by = descriptor.keysetWhen;
      const walk =
        keys.length || (by && first === undefined && valueAt(current, by.param) === by.equals)
          ? "cursor"
          : style;
      // (Before, wallet history with `after` and `before` was walked by `before` in an order no
      // source documents.)
      const onward = style == "page" && valueAt(current, cursor) !== undefined;
      if (keys.length && !onward && first === undefined && max > 1)
        throw new ConfigurationError(
          `${keys.map((name) => `params.${name}`).join(", ")}: a page walk cannot go on from ${keys[1] ? "these" : "it"}${style == "page" ? ` alone (no next page is named): give \`${cursor}\`, or` : " (the results name no next page in that order): give"} maxPages: 1`,
          { operation },
        );
      if (walk === "page" && first === undefined) current = withValueAt(current, page, 1);
      // The cursors sent, each with the page of the walk that sent it: those of the first 1,000
      // pages, and of the last 1,000 (`recent`, a ring by page number: the one a new page replaces
      // there leaves `sent`), so that a walk of a million pages holds 2,000, not a million
      // (~120 B a page). Decision 0015 says which loops that catches.
      const sent = new Map<unknown, number>([[valueAt(current, cursor), 1]]);
      const recent: unknown[] = [];
      // The pages yielded.
      let fetched = 0;
      // (With the answer's status and headers, as any InvalidResponseError has them.)
      // (Its `resumeFrom` is the page whose answer broke the walk: the `next` of the checkpoint
      // before it. The message already says where it stopped.)
      const throwBroken = (asked: unknown, what: string): never =>
        throwStopped(
          new InvalidResponseError(
            `${operation} page walk: the answer to page ${asked} ${what} (stopped after ${fetched} page${fetched == 1 ? "" : "s"})`,
            { reason: "broken-paging", ...answer, operation, snippet: "" },
          ),
          operation,
          0,
          current,
        );
      /**
       * Whether `result`, the page just fetched, ends the walk (`more`: its `hasMore`). An empty
       * page does, unless a walk by cursor is told there is more: a filtered history may have a
       * stretch with no match and a next cursor past it. (A page number has no such guard against a
       * server saying `hasMore: true` forever, so there it is a break; a cursor sent before ends a
       * walk by cursor, as a break.)
       * A short page does, unless it says there is more: a page-style operation's pages are full
       * but the last, asked for by number or by cursor (DAS keyset paging). The page size is the
       * one the answer gives, where it gives one: a server that caps its pages under the limit
       * asked for (3 of a `limit: 5`) answers full pages of 3, and ending at the first would cut
       * the list short. (A limit may be a bigint: `2 < 3n` compares as numbers do. A page longer
       * than the limit is no end and no error: a server paging by its own size, or adding an entry
       * such as wallet balances' native SOL, overlaps nothing.)
       */
      const endsWalk = (result: R, more: unknown) => {
        // (Entries the server counted but could not give, such as DAS `errors`, count too: a page
        // of 10 rows with 2 failed held 8 items, and ended the walk.)
        const count =
          valueAt(result, items).length + (skipped ? (valueAt(result, skipped)?.length ?? 0) : 0);
        if (more === false || (!count && (more !== true || walk === "page"))) return true;
        const size = (
          style === "page" && limit ? [valueAt(result, echoedLimit!), valueAt(current, limit)] : []
        ).find((n) => typeof n === "number" || typeof n === "bigint");
        return more !== true && size !== undefined && count < size;
      };
      /**
       * Where the walk goes on after `result`, the page asked for with `current` (page
       * `pageNumber`): the next page's params (`next`), none where the data ends, or a break
       * (`fault`). A cursor sent before (a static mock, a server going round in a cycle) would loop
       * forever; `sent` holds the cursor just sent too.
       */
      const nextPosition = (result: R, pageNumber: any): [next?: unknown, fault?: string] => {
        const more = hasMore && valueAt(result, hasMore);
        // (The end of the data. An empty page said to have more is a break, by page number only:
        // ended quietly, it passed a cut-off list for the whole, and going on would ask forever of
        // a server that says so of every page. A walk by cursor goes on past one, guarded by the
        // cursors it has sent.)
        if (endsWalk(result, more))
          return [
            undefined,
            more === true ? `says ${hasMore}: true of a page with no items` : undefined,
          ];
        // (`++`, not `+ 1`: a bigint page number, which the call takes, stays a bigint. The
        // increment's value is what is used, not `pageNumber` after it.)
        // eslint-disable-next-line no-useless-assignment
        if (walk === "page") return [withValueAt(current, page, ++pageNumber)];
        const to = valueAt(result, nextCursor);
        if (to == null || to === "")
          return [
            undefined,
            more === true ? `says ${hasMore}: true but gives no ${nextCursor}` : undefined,
          ];
        if (sent.has(to))
          return [
            undefined,
            `gives ${nextCursor} "${quoteShort(to)}" again, which page ${sent.get(to)} was asked with`,
          ];
        const next = withValueAt(current, cursor, to);
        // A cursor of the server's that the call's check refuses (the spec's pattern) is the
        // answer's fault: the call's `params.cursor: must be …` named a value the caller never
        // wrote, and a checkpoint holding it would resume into that refusal.
        // (Run as it is, not through `validate`, which would cost every paginated bundle ~20 B
        // gz: no redactor applies here either way, as `validate` clears its own after each run,
        // so the cursor is quoted as the server sent it.)
        const issues: ValidationIssue[] = [];
        check?.(next, "params", issues);
        return issues[0]?.path === `params.${cursor}`
          ? [
              undefined,
              `gives ${nextCursor} "${quoteShort(to)}", which the call refuses: ${issues[0].message}`,
            ]
          : [next];
      };
      for (;;) {
        const pageNumber = valueAt(current, page);
        const askCurrentPage = () =>
          askPage(current, (error) =>
            throwStopped(error, operation, fetched, current, () =>
              walk === "page"
                ? pageNumber
                : `${fetched + 1}, ${cursor} "${quoteShort(valueAt(current, cursor), 128)}"`,
            ),
          );
        const result = await askCurrentPage();
        // (The first page too: a walk from page 3 answered with page 1 would yield page 1's items
        // as page 3's. A bigint page number compares as a number.)
        if (walk === "page" && echoedPage) {
          const echo = valueAt(result, echoedPage);
          // (An object is no page number, and `Number()` throws on one such as `{"toString": 1}`.)
          if (echo != null && (typeof echo == "object" || Number(echo) !== Number(pageNumber)))
            throwBroken(pageNumber, `names page ${quoteShort(echo)}`);
        }
        // A page with no list at `items` read as an empty one: the end of the data. A misspelt path
        // in a descriptor of one's own (`items: "item"`) walked a collection of 49,500 assets as
        // none, with no error, and an answer of another shape cut the list short.
        // (Every paginated result of the spec requires its list. Its type, not the server's value.)
        const list = valueAt(result, items);
        if (!Array.isArray(list))
          throwBroken(pageNumber ?? fetched + 1, `has no list at ${items} (got ${typeOf(list)})`);
        const [next, fault] = nextPosition(result, pageNumber);
        // (A checkpoint is never given with a broken next position: saved, it would resume into the
        // break. A page's items are given before its break, as a cut-off list is not passed off as
        // the whole either way.)
        // (A checkpoint's `next` is the caller's, to keep or change: the walk goes on with its
        // own.)
        if (checkpoints) {
          if (fault) throwBroken(pageNumber ?? fetched + 1, fault);
          yield { result, next: copyParams(next) };
        } else if (each)
          for (const item of list) {
            // A walk aborted mid-page yielded the rest of the page first (up to 1,000 items after
            // Ctrl-C). The call of this page again rejects, with an AbortError.
            if (signal?.aborted) return await askCurrentPage();
            yield item;
          }
        else yield result;
        // (After the last page asked for, what it says of the next one does not matter.)
        // (Where it stopped, so that the caller tells a capped walk from an ended one.)
        if (++fetched >= max) return void (resumeFrom = copyParams(fault ? current : next));
        // (A walk by page number names the page it asked for, which need not be the walk's nth.)
        if (fault) throwBroken(pageNumber ?? fetched, fault);
        if (!next) return;
        if (walk === "cursor") {
          // (The slot of page `fetched + 1`, which held the cursor of the page 1,000 before it.)
          const at = fetched % 1000;
          if (fetched >= 2000) sent.delete(recent[at]);
          sent.set((recent[at] = valueAt(next, cursor)), fetched + 1);
        }
        current = next;
      }
    } finally {
      walks.resumeFrom = resumeFrom;
    }
  }

  // (The iterable, whose walks record where the last one stopped.)
  const walks = {
    pages: () => walkPages(false),
    checkpoints: () => walkPages(true),
    [Symbol.asyncIterator]: () => walkPages(false, true),
    // (Not in the type, where a sync `for…of` is a compile error. In plain JavaScript the engine's
    // own error misleads: V8's "….all(...) is not a function or its return value is not
    // iterable", Safari's "undefined is not a function"; and `Array.from()` of the walk was [].)
    [Symbol.iterator]() {
      throw new TypeError("a page walk is async: use for await");
    },
    resumeFrom: undefined as P | undefined,
  };
  // (The same for `.pages()` and `.checkpoints()`, whose generators inherit from this prototype:
  // a `for…of` of them said "… is not iterable", and `Array.from()` gave [].)
  walkPages.prototype[Symbol.iterator] = walks[Symbol.iterator];
  return walks;
};

/**
 * The options of a page walk (`.all()`, `paginate<Method>`): the request options, applied to every
 * page, and `maxPages`. A named type, because a declaration build drops the doc comments of a type
 * literal written on one line, and the hover would then show `maxPages` undocumented.
 */
export type PageWalkOptions = RequestOptions & {
  /**
   * Stop after this many pages: a whole number >= 1, or `Infinity`.
   * @default Infinity
   */
  maxPages?: number | undefined;
};

/**
 * A paginated operation as the generated clients expose it: call it for one page, or use
 * `.all(params)` to walk every item lazily.
 */
export type Paginated<P, R, I> = ((
  // (The spread is labelled too: TypeScript before 5.2 refuses a tuple that mixes labelled and
  // unlabelled members, and the README promises 5.0. `| undefined`: a wrapper generic over the
  // method passes its `...args` on, and with exactOptionalPropertyTypes TypeScript reads the
  // optional element of that spread as `RequestOptions | undefined`.)
  ...args: [...params: ParamsArgument<P>, options?: RequestOptions | undefined]
) => Promise<R>) & {
  /**
   * Every item of every page, starting from `params` (fetched one page at a time): each page's
   * list of items only, so entries a page counted but could not give (DAS `errors`) are in its
   * result alone;
   * `.all(params).pages()` yields whole results instead, and `.checkpoints()` each result with the
   * params of the next page (`undefined` where the data ends), for a job to save and resume from
   * with `.all(next)`. `options` apply to each page; once a walk has ended, the iterable's
   * `resumeFrom` tells `maxPages` from the end of the data (the next page's params, or
   * `undefined`). A server that breaks the paging protocol (a
   * cursor repeated, another page than the one asked for, `hasMore: true` with no next cursor or
   * no items, a next cursor the call's params check refuses, found before the next call) ends the
   * walk with an `InvalidResponseError`, after the pages before it. A call that fails throws its
   * own error, whose message ends with where the walk stopped, after the first page (`(… page
   * walk: stopped at page 3, cursor "…", after 2 pages)`); either error's `resumeFrom` holds the
   * params of the page that failed, the first page's too, to resume from with
   * `.all(error.resumeFrom)`. Nothing is sent before the walk is iterated: `options` it refuses
   * throw here (a `ConfigurationError`); params the call refuses reject the first iteration (its
   * `ValidationError`, nothing sent), as each page's params are checked when that page is asked
   * for.
   */
  all(
    ...args: [...params: ParamsArgument<P>, options?: PageWalkOptions | undefined]
  ): PageIterable<I, R, P>;
};

/**
 * The params argument of a call: optional when every member of `P` is (an empty object would do).
 * (For the generated signatures: `.all()`, and `request(method, …)`, where the method picks `P`.)
 */
export type ParamsArgument<P> = Record<never, never> extends P ? [params?: P] : [params: P];

/**
 * Adds `.all()` to an operation, for the generated clients: `operation` is its descriptor, whose
 * `pagination` says how it pages, whose `id` the error of a broken walk names, and whose `params`
 * check the walk runs on each next cursor (paginate's `check`).
 * @remarks Internal: for the chaindata packages' own code; may change in a minor release.
 */
export const withPagination = <P, R, I>(
  call: (params: P, options?: RequestOptions) => Promise<R>,
  operation: Pick<OperationDescriptor, "id" | "pagination" | "params">,
): Paginated<P, R, I> => {
  // (Cast: TypeScript cannot match the optional-params tuple of `Paginated` to a fixed
  // signature. `params` may be undefined where it is optional: `call` and `paginate` take that.)
  return Object.assign((params: P, options?: RequestOptions) => call(params, options), {
    all: (params: P, options?: PageWalkOptions) => {
      // (Their refusal names the operation, as the call's own does.)
      try {
        // (The options as checked, read by name: a rest spread of the caller's object would drop
        // an inherited `signal` from every page.)
        const { maxPages, ...perPage } = checkRequestOptions(options, [
          "maxPages",
        ]) as PageWalkOptions;
        // (The walk's own `onResponse` keeps each answer's status and headers for the error of a
        // broken walk; the caller's hears every page too.)
        return pageWalk<I, R, P, P>(
          (page, answered) =>
            call(page, {
              ...perPage,
              onResponse: (response) => {
                answered(response);
                perPage.onResponse?.(response);
              },
            }),
          operation.pagination!,
          params,
          { maxPages, operation: operation.id, signal: perPage.signal },
          operation.params,
        );
      } catch (error) {
        throw ofOperation(error, operation.id);
      }
    },
  }) as unknown as Paginated<P, R, I>;
};

/**
 * The params to resume a page walk from after it threw `error` (the error's `resumeFrom`), typed
 * as the walk's params, where `error.resumeFrom` is `unknown`: `walk` is the walk that threw
 * (`.all(params)`, a `paginate…` function's) or its operation (`das.getAssetsByOwner`), read for
 * its type only. `undefined` for an error that no walk threw.
 * @example
 * ```ts
 * try {
 *   for await (const asset of das.getAssetsByOwner.all(params)) await store(asset);
 * } catch (error) {
 *   const next = resumeParamsOf(das.getAssetsByOwner, error); // GetAssetsByOwnerParams | undefined
 *   if (!next) throw error;
 *   await saveForLater(next);
 * }
 * ```
 */
export const resumeParamsOf = <P>(
  // (Either form; method syntax, so that an operation's `all`, whose params are `P`, is taken.)
  walk:
    | PageIterable<unknown, unknown, P>
    | { all(...args: never[]): PageIterable<unknown, unknown, P> },
  error: unknown,
): P | undefined => {
  // (A standalone function, not a member of the walk: a program that does not import it carries
  // none of it. Declared last: between the `const`s above it split the minified declaration list
  // that holds them, +4 B in every client program. The walk gives `resumeFrom` to an `Error`
  // only, `throwStopped` above.)
  return error instanceof Error ? (error as { resumeFrom?: P }).resumeFrom : undefined;
};
