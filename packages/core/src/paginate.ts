/** Async-iterator pagination over page-numbered and cursor-based operations. */
import { checkRequestOptions, got, misconfigured, type RequestOptions } from "./config.js";

/**
 * How an operation pages (the spec's `x-pagination`). Paths are dot-separated: into the
 * params for `page`, `cursor` and `limit`, into the result for `items`, `nextCursor`,
 * `hasMore`, `echoedPage` and `echoedLimit`.
 */
export interface PaginationDescriptor {
  style: "page" | "cursor";
  /** The page-number param. @default 'page' */
  page?: string;
  /** The cursor param. @default 'cursor' */
  cursor?: string;
  /** The page-size param. */
  limit?: string;
  /** The array of items in the result. */
  items: string;
  /** The next cursor in the result. @default the `cursor` path */
  nextCursor?: string;
  /** A boolean in the result; `false` ends the walk. */
  hasMore?: string;
  /**
   * The page number in the result, where the server echoes it (page style). A page after the
   * first that names another page than the one asked for ends the walk, unyielded: a server or a
   * static mock that ignores `page` would otherwise send the same full page forever.
   */
  echoedPage?: string;
  /**
   * The page size in the result (page style), read when the params omit `limit`: a shorter page
   * then ends the walk, unless it says `hasMore: true` (DAS echoes `limit` at the top, wallet
   * balances `pagination.limit`).
   * @default the `limit` path
   */
  echoedLimit?: string;
  /**
   * Params that change how a walk goes on (DAS `before`, `after`, `cursor`, which exclude `page`;
   * wallet history's `after`, which has no forward cursor). When the first params hold one,
   * `.all()` walks by `cursor` (each result's `nextCursor`) if the params hold a cursor too.
   * Otherwise the results name no next page, so the walk refuses to start (a
   * `ConfigurationError`, nothing sent) rather than stop after the first page as if it were the
   * last; with `maxPages: 1` it makes that one request.
   */
  keyset?: readonly string[];
}

/** The items of every page, in order; `.pages()` gives the page results instead. */
export interface PageIterable<I, R> extends AsyncIterable<I> {
  /** Each page's whole result. Iterate again for a fresh walk from the first page. */
  pages(): AsyncIterable<R>;
}

const get = (value: any, path: string): any => path.split(".").reduce((v, key) => v?.[key], value);

/** A copy of `value` with `path` set, copying only the objects along the path. */
const set = (value: any, path: string, to: unknown): any => {
  const [key, ...rest] = path.split(".") as [string, ...string[]];
  return { ...value, [key]: rest.length ? set(value?.[key], rest.join("."), to) : to };
};

/**
 * Walks the pages of an operation lazily: a page is fetched only when the previous one has been
 * consumed, so memory stays bounded by one page.
 *
 * Page style starts at `params[page]` (1 when it is `undefined`) and stops when `hasMore` is
 * `false`, a page has no items, or it has fewer than `limit` (from the params, else the result's
 * `echoedLimit`) unless it says `hasMore: true`; and before a later page whose `echoedPage` is another page.
 * Cursor style starts with `params` as given and stops when `hasMore` is `false`, the next cursor
 * is missing, `null` or `''`, a page has no items (unless it says `hasMore: true`), or the next
 * cursor is one it has sent before
 * (a server or mock repeating a cursor would otherwise loop forever).
 *
 * @param fetchPage - the operation, called with the params of each page
 * @param params - the first page's params, copied now (its own members; an object inside is not
 *   copied): never modified, and setting a member of the caller's object after this call changes
 *   no page of the walk. Params that are no object (`null`, a string) go to `fetchPage` once, as given,
 *   for it to refuse
 */
export function paginate<I, R>(
  fetchPage: (params: any) => Promise<R>,
  descriptor: PaginationDescriptor,
  params: any,
  options: {
    /**
     * Stop after this many pages.
     * @default Infinity
     */
    maxPages?: number | undefined;
  } = {},
): PageIterable<I, R> {
  const {
    style,
    items,
    hasMore,
    limit,
    page = "page",
    cursor = "cursor",
    nextCursor = cursor,
    echoedPage,
    echoedLimit = limit,
  } = descriptor;
  // (`null` is refused, as `timeout` and `maxRetries` refuse it: a cap left null is no cap.)
  const max = options.maxPages === undefined ? Infinity : options.maxPages;
  if (!(max === Infinity || (Number.isInteger(max) && max >= 0)))
    misconfigured("maxPages", `must be a whole number >= 0, or Infinity (got ${got(max)})`);

  // The params as they are now, a plain object's members copied (as each page's `set` copies
  // them): a caller reusing its object, for the next wallet, must not send this walk's cursor
  // with another wallet. (A plain object only: anything else goes to the call as given, for it
  // to refuse. An object inside is not copied, to keep the bundle small: it stays the caller's.)
  const start =
    params && Object.getPrototypeOf(params) === Object.prototype ? { ...params } : params;

  async function* pages(): AsyncGenerator<R> {
    // Params that are no object (an address given alone, `null`, a list) go to the call as given,
    // for it to refuse as the one-page call does: a page number set on a string made `params.0`,
    // `params.1`… of its characters, and `null` read as no params was sent.
    if (start !== undefined && (!start || typeof start !== "object" || Array.isArray(start))) {
      yield await fetchPage(start);
      return;
    }
    let current = start ?? {};
    // The caller's own page goes out as given, for the call to check: `.all({ page: "2" })` (or
    // `true`, `null`) is refused as the one-page call refuses it, not sent as page 2 (or 1).
    const first = get(current, page);
    let number = first === undefined ? 1 : first;
    // (A `null` is no keyset: the call refuses it. Nor is a range given with a page number, which
    // the call refuses too: either way its own message says what is wrong, and nothing is sent.)
    const keys = descriptor.keyset?.filter((name) => get(current, name) != null) ?? [];
    const walk = keys.length ? "cursor" : style;
    if (keys.length && get(current, cursor) === undefined && first === undefined && max > 1)
      misconfigured(
        keys.map((name) => `params.${name}`).join(", "),
        `a page walk cannot go on from ${keys[1] ? "these" : "it"} alone (no next page is named): give \`${cursor}\`, or maxPages: 1`,
      );
    const seen = new Set<unknown>([get(current, cursor)]);
    for (let fetched = 0; fetched < max; fetched++) {
      if (walk === "page") current = set(current, page, fetched ? ++number : number);
      const result = await fetchPage(current);
      // (The first page is the caller's own request, as the one-page call would answer it. A
      // bigint page number compares as a number.)
      if (fetched && walk === "page" && echoedPage) {
        const echo = get(result, echoedPage);
        if (echo != null && Number(echo) !== Number(number)) return;
      }
      yield result;
      const count = get(result, items)?.length;
      const more = hasMore && get(result, hasMore);
      // An empty page ends the walk, unless a walk by cursor is told there is more: a filtered
      // history may have a stretch with no match and a next cursor past it. (A page number has no
      // such guard against a server saying `hasMore: true` forever; a cursor seen before does.)
      if (more === false || (!count && (more !== true || walk === "page"))) return;
      if (walk === "page") {
        // A short page ends the walk, unless the page says there is more.
        // (A limit in the params may be a bigint: `2 < 3n` compares as numbers do.)
        const size = limit && (get(current, limit) ?? get(result, echoedLimit!));
        if (more !== true && (typeof size === "number" || typeof size === "bigint") && count < size)
          return;
      } else {
        const next = get(result, nextCursor);
        // A cursor seen before (a static mock, a server going round in a cycle) would loop forever.
        // (`seen` holds the cursor just sent too.)
        if (next == null || next === "" || seen.has(next)) return;
        seen.add(next);
        current = set(current, cursor, next);
      }
    }
  }

  return {
    pages,
    async *[Symbol.asyncIterator]() {
      for await (const result of pages()) yield* (get(result, items) ?? []) as I[];
    },
  };
}

/**
 * The options of a page walk (`.all()`, `paginate<Method>`): the request options, applied to every
 * page, and `maxPages`. A named type, because a declaration build drops the doc comments of a type
 * literal written on one line, and the hover would then show `maxPages` undocumented.
 */
export type PageWalkOptions = RequestOptions & {
  /**
   * Stop after this many pages.
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
   * Every item of every page, starting from `params` (fetched one page at a time);
   * `.all(params).pages()` yields whole results instead. `options` apply to each page.
   */
  all(
    ...args: [...params: ParamsArgument<P>, options?: PageWalkOptions | undefined]
  ): PageIterable<I, R>;
};

/**
 * The params argument of a call: optional when every member of `P` is (an empty object would do).
 * (For the generated signatures: `.all()`, and `request(method, …)`, where the method picks `P`.)
 */
export type ParamsArgument<P> = Record<never, never> extends P ? [params?: P] : [params: P];

/** Adds `.all()` to an operation, for the generated clients. */
export function withPagination<P, R, I>(
  call: (params: P, options?: RequestOptions) => Promise<R>,
  descriptor: PaginationDescriptor,
): Paginated<P, R, I> {
  // (Cast: TypeScript cannot match the optional-params tuple of `Paginated` to a fixed
  // signature. `params` may be undefined where it is optional: `call` and `paginate` take that.)
  return Object.assign((params: P, options?: RequestOptions) => call(params, options), {
    all: (params: P, options?: PageWalkOptions) => {
      // (The options as checked, read by name: a rest spread of the caller's object would drop
      // an inherited `signal` from every page.)
      const { maxPages, ...perPage } = checkRequestOptions(options, [
        "maxPages",
      ]) as PageWalkOptions;
      return paginate<I, R>((page) => call(page, perPage), descriptor, params, { maxPages });
    },
  }) as unknown as Paginated<P, R, I>;
}
