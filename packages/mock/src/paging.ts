/**
 * Generated list answers that follow the request's paging (the spec's `x-pagination`), so that a
 * client's page walk (`.all()`) runs and ends: a generated page names a random page number, and a
 * seeded one gives the same next cursor whatever cursor was sent, which a walk reads as a server
 * that breaks the paging protocol. See README, "Page walks in dynamic mode".
 */
import { createHash } from "node:crypto";
import { WALK_BOUNDS as SHARED_WALK_BOUNDS, walkRule as sharedWalkRule } from "./cli-options.mjs";
import { toBase58 } from "./echo.js";
import { isObject } from "./json.js";
import { resolveRef } from "./spec.js";

/**
 * The shape of a walk over generated answers (the mock's `walkPages` and `pageFill` options, or a
 * request's `Prefer: walk-pages=`, `page-fill=`):
 *
 * - `walkPages`: how many pages it has with items; pages after it are empty, its last names no
 *   next page;
 * - `pageFill`: the most entries (items and skipped ones) a generated page of a list without
 *   `hasMore` (DAS) is filled up to: a `limit` above it gets pages of this many, short, so its
 *   walk ends after one page.
 */
export interface WalkShape {
  walkPages: number;
  pageFill: number;
}

/** The default walk: 5 pages, DAS pages of at most 50 entries. */
export const DEFAULT_WALK: Readonly<WalkShape> = { walkPages: 5, pageFill: 50 };

/**
 * The bounds of a walk's shape, and why: cli-options.mjs's (plain JavaScript, which `npm start`
 * checks its options with before any build).
 */
export const WALK_BOUNDS: Readonly<WalkShape> = SHARED_WALK_BOUNDS;

/**
 * The walk a request's preferences ask for (`Prefer: walk-pages=`, `page-fill=`), else the mock's.
 */
export const walkOf = (
  prefs: { walkPages?: number; pageFill?: number },
  mock: WalkShape,
): WalkShape => ({
  walkPages: prefs.walkPages ?? mock.walkPages,
  pageFill: prefs.pageFill ?? mock.pageFill,
});

/** The rule `value` breaks as the walk option `option`, or undefined when it keeps it. */
export const walkRule: (option: keyof WalkShape, value: unknown) => string | undefined =
  sharedWalkRule;

/**
 * The members of a list's item that name it, made anew in each copy that fills a page: an asset's
 * `id`, a print edition's `mint` and `edition_address`.
 */
const IDENTITIES = ["id", "mint", "edition_address"];

/** An operation's `x-pagination` (see packages/core/src/paginate.ts), with what the mock needs. */
export interface Paging {
  style: "page" | "cursor";
  page: string;
  cursor: string;
  limit?: string;
  items: string;
  /** Entries counted toward the page size but not given as items (DAS `errors`). */
  skipped?: string;
  nextCursor: string;
  hasMore?: string;
  echoedPage?: string;
  echoedLimit?: string;
  keyset: string[];
  keysetWhen?: { param: string; equals: unknown };
  /** The length of the cursors the mock makes: one that the next-cursor field's schema takes. */
  cursorLength: number;
  /**
   * The base58 digit the mock's cursors begin with, where the next-cursor field's schema gives
   * `x-base58-bytes` (compression's Hash, 32; a signature, 64): one that makes text of
   * `cursorLength` decode to that many bytes, as the client checks a cursor it sends back.
   */
  cursorLead?: number;
  /**
   * What a cursor walk's last page holds in the next-cursor field: `null` where the result's
   * schema requires the field (compression: the service writes `cursor: null`); otherwise absent,
   * and the field is left out (DAS keyset lists, the wallet).
   */
  lastCursor?: null;
}

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/**
 * The paging of an operation, from its `x-pagination` (`descriptor`) and the schema of its result
 * (`result`, `$ref`s into `doc`); undefined when it does not page.
 */
export function pagingOf(descriptor: any, doc: any, result: any): Paging | undefined {
  if (!isObject(descriptor) || typeof descriptor.items !== "string") return undefined;
  const cursor = typeof descriptor.cursor === "string" ? descriptor.cursor : "cursor";
  const nextCursor = typeof descriptor.nextCursor === "string" ? descriptor.nextCursor : cursor;
  const limit = typeof descriptor.limit === "string" ? descriptor.limit : undefined;
  const echoedLimit = typeof descriptor.echoedLimit === "string" ? descriptor.echoedLimit : limit;
  return {
    style: descriptor.style === "cursor" ? "cursor" : "page",
    page: typeof descriptor.page === "string" ? descriptor.page : "page",
    cursor,
    ...(limit && { limit }),
    items: descriptor.items,
    ...(typeof descriptor.skipped === "string" && { skipped: descriptor.skipped }),
    nextCursor,
    ...(typeof descriptor.hasMore === "string" && { hasMore: descriptor.hasMore }),
    ...(typeof descriptor.echoedPage === "string" && { echoedPage: descriptor.echoedPage }),
    ...(echoedLimit && { echoedLimit }),
    keyset: Array.isArray(descriptor.keyset) ? descriptor.keyset.map(String) : [],
    ...(isObject(descriptor.keysetWhen) && { keysetWhen: descriptor.keysetWhen as any }),
    ...cursorShape(schemasAt(doc, result, nextCursor.split("."))),
    ...(requires(doc, result, nextCursor) && { lastCursor: null }),
  };
}

/** Whether the schema `result` requires the member at `path` (in every branch that holds it). */
function requires(doc: any, result: any, path: string): boolean {
  const steps = path.split(".");
  const field = steps.pop()!;
  const parents = schemasAt(doc, result, steps).filter(
    (s) => isObject(s.properties) && field in s.properties,
  );
  return (
    parents.length > 0 &&
    parents.every((s) => Array.isArray(s.required) && s.required.includes(field))
  );
}

/** The cursorLength and cursorLead (Paging) that the next-cursor field's `schemas` all take. */
function cursorShape(schemas: any[]): Pick<Paging, "cursorLength" | "cursorLead"> {
  let length = cursorLength(schemas);
  const bytes = schemas.find((s) => typeof s["x-base58-bytes"] === "number")?.["x-base58-bytes"];
  if (bytes === undefined) return { cursorLength: length };
  // (A shorter text where no digit fits this length: 44 characters hold 32 bytes, 45 do not.)
  for (; length > 4; length--) {
    const lead = leadingDigit(length, bytes);
    if (lead !== undefined) return { cursorLength: length, cursorLead: lead };
  }
  return { cursorLength: length };
}

/**
 * The first base58 digit (1 to 57) with which `length` characters decode to `bytes` bytes whatever
 * the others are: their number is at least 2^(8·(bytes − 1)) and below 2^(8·bytes). Undefined when
 * none does.
 */
function leadingDigit(length: number, bytes: number): number | undefined {
  const unit = 58n ** BigInt(length - 1);
  const [least, below] = [1n << BigInt(8 * (bytes - 1)), 1n << BigInt(8 * bytes)];
  for (let digit = 1n; digit < 58n; digit++)
    if (digit * unit >= least && (digit + 1n) * unit <= below) return Number(digit);
  return undefined;
}

/**
 * `result` (a generated answer, not changed) as a server answers the page `params` ask for:
 *
 * - `items` at most the page size long (the `limit` asked for, else the one the answer gives),
 *   and its `skipped` entries (DAS `errors`) at most what is left of it, none on an empty page:
 *   the walk counts them toward the page size, and a page of generated errors past the end would
 *   never end it;
 * - in a page-style list without `hasMore` (DAS), whose walk ends on a page shorter than the
 *   `limit` asked for: `items` filled with copies of its own (in turn, each with its own
 *   IDENTITIES), so that items and skipped entries together are `limit`, at most `walk.pageFill`
 *   (json-schema-faker makes at most 3 of each: a `limit` of 7 or more would end every walk);
 * - by page number: the page and the page size asked for echoed where the answer has them, no
 *   items past page `walk.walkPages`, and `hasMore` true before it;
 * - by cursor: a next cursor (made from `seed`, the operation and the cursor sent, naming the
 *   page it asks for) until page `walk.walkPages`, then none (`null` where the schema requires
 *   the field: `lastCursor`).
 */
export function followPaging(
  paging: Paging,
  params: unknown,
  result: unknown,
  seed: string,
  operation: string,
  walk: WalkShape = DEFAULT_WALK,
): unknown {
  if (!isObject(result)) return result;
  const asked = isObject(params) ? params : {};
  let out: unknown = result;
  const limit = whole(paging.limit && get(asked, paging.limit));
  const echoedLimit = paging.echoedLimit;
  const size = limit ?? whole(echoedLimit && get(out, echoedLimit));
  const items = get(out, paging.items);
  if (Array.isArray(items) && size !== undefined && items.length > size)
    out = set(out, paging.items, items.slice(0, size));
  if (limit !== undefined && echoedLimit && has(out, echoedLimit))
    out = set(out, echoedLimit, limit);
  const fit = () => {
    const skipped = paging.skipped && get(out, paging.skipped);
    if (!Array.isArray(skipped)) return;
    const shown = (get(out, paging.items) as unknown[] | undefined)?.length ?? 0;
    const room =
      shown && size !== undefined ? Math.max(0, size - shown) : shown ? skipped.length : 0;
    if (skipped.length > room) out = set(out, paging.skipped!, skipped.slice(0, room));
  };
  fit();
  if (limit !== undefined && paging.style === "page" && !paging.hasMore) {
    const shown = get(out, paging.items);
    const skipped = paging.skipped && get(out, paging.skipped);
    const room = Math.min(limit, walk.pageFill) - (Array.isArray(skipped) ? skipped.length : 0);
    if (Array.isArray(shown) && shown.length && shown.length < room)
      out = set(out, paging.items, filled(shown, room));
  }

  if (!walksByCursor(paging, asked)) {
    const page = whole(get(asked, paging.page)) ?? 1;
    // A request without paging params to a list that also walks by cursor (DAS: `cursor` among
    // its keyset params) is answered a cursor, "returned when no pagination params given" (api
    // facts 1c), and no page: `page` is "present for page-based requests" (AssetList), and MPX
    // leaves it out there. Other page lists (getNftEditions) echo page 1.
    const byDefaultCursor =
      get(asked, paging.page) === undefined && paging.keyset.includes(paging.cursor);
    if (paging.echoedPage && has(out, paging.echoedPage))
      out = set(out, paging.echoedPage, byDefaultCursor ? undefined : page);
    if (page > walk.walkPages && Array.isArray(get(out, paging.items))) {
      out = set(out, paging.items, []);
      fit();
    }
    // DAS: a cursor only when no page was asked, "currently the id of the last asset" (AssetList)
    if (has(out, paging.nextCursor)) {
      const last = [get(out, paging.items) ?? []].flat().at(-1);
      const id = isObject(last) && typeof last.id === "string" ? last.id : undefined;
      out = set(out, paging.nextCursor, get(asked, paging.page) === undefined ? id : undefined);
    }
    if (paging.hasMore && has(out, paging.hasMore))
      out = set(out, paging.hasMore, page < walk.walkPages);
    return out;
  }
  // (A page-style list walked by cursor names no page: DAS by keyset. A generated one was random.)
  if (paging.echoedPage && has(out, paging.echoedPage))
    out = set(out, paging.echoedPage, undefined);
  const sent = get(asked, paging.cursor);
  const page = cursorPage(sent);
  const next =
    page < walk.walkPages
      ? makeCursor(`${seed}\0${operation}\0${String(sent ?? "")}`, page + 1, paging)
      : undefined;
  if (isObject(parentOf(out, paging.nextCursor)))
    out = set(out, paging.nextCursor, next ?? paging.lastCursor);
  if (paging.hasMore && has(out, paging.hasMore))
    out = set(out, paging.hasMore, next !== undefined);
  return out;
}

/**
 * An answer of the spec's examples (not generated), taken as the whole list and cut into the page
 * the request asks for, so that its paging fields name what was asked:
 *
 * - a page `page` (by page number) or the one a cursor of the mock's names (by cursor, else page
 *   1) holds items `(page - 1) * limit` up to `page * limit` of the example's, `limit` the one
 *   asked for, else the page size the example names, else all of them;
 * - the page and the page size asked for echoed where the answer has them; `hasMore` whether the
 *   example has items after the page; by cursor, one of the mock's cursors to the next page while
 *   it has, else the example's own (its examples are last pages: none);
 * - what counts the page's items follows it where the example's did (a DAS `total`; the wallet's
 *   `totalUsdValue`, the sum of the page's `usdValue`); the wallet's `nfts`, "first page only",
 *   only on page 1.
 *
 * A page-numbered list walked by keyset (DAS `before`, `after`, `cursor`, sorted by id) is not
 * cut: its cursors are the example's asset ids. Without it, `limit=1` answered 3 balances and
 * `pagination.limit: 100`, and a walk started at page 2 stopped at once: "the answer to page 2
 * names page 1".
 */
export function examplePage(
  paging: Paging,
  params: unknown,
  result: unknown,
  operation: string,
): unknown {
  const asked = isObject(params) ? params : {};
  const items = get(result, paging.items);
  const byCursor = walksByCursor(paging, asked);
  if (!isObject(result) || !Array.isArray(items) || (byCursor && paging.style === "page"))
    return result;
  const limit = whole(paging.limit && get(asked, paging.limit));
  const size = limit ?? whole(paging.echoedLimit && get(result, paging.echoedLimit));
  const sent = get(asked, paging.cursor);
  const page = byCursor ? cursorPage(sent) : (whole(get(asked, paging.page)) ?? 1);
  const start = size === undefined ? 0 : Math.min(items.length, (page - 1) * size);
  const end = size === undefined ? items.length : Math.min(items.length, start + size);
  const more = end < items.length;
  let out: unknown = set(result, paging.items, items.slice(start, end));
  if (limit !== undefined && paging.echoedLimit && has(out, paging.echoedLimit))
    out = set(out, paging.echoedLimit, limit);
  if (
    !byCursor &&
    paging.echoedPage &&
    has(out, paging.echoedPage) &&
    get(asked, paging.page) !== undefined
  )
    out = set(out, paging.echoedPage, page);
  if (paging.hasMore && has(out, paging.hasMore)) out = set(out, paging.hasMore, more);
  if (byCursor && more && isObject(parentOf(out, paging.nextCursor)))
    out = set(
      out,
      paging.nextCursor,
      makeCursor(`${operation}\0${String(sent ?? "")}`, page + 1, paging),
    );
  return pageCounts(out, result, paging.items, page);
}

/**
 * `page` (an example cut to page number `number`) with the fields that count its items following
 * it, where the example's own (`example`) counted its items: DAS `total`, the wallet's
 * `totalUsdValue`; and the wallet's `nfts` on page 1 only.
 */
function pageCounts(page: unknown, example: unknown, itemsAt: string, number: number): unknown {
  const [before, after] = [get(example, itemsAt), get(page, itemsAt)] as unknown[][];
  if (!before || !after || !isObject(page)) return page;
  let out: unknown = page;
  if (typeof get(example, "total") === "number" && get(example, "total") === before.length)
    out = set(out, "total", after.length);
  const usd = (list: unknown[]) =>
    Math.round(list.reduce<number>((sum, b) => sum + (Number(get(b, "usdValue")) || 0), 0) * 100) /
    100;
  if (
    typeof get(example, "totalUsdValue") === "number" &&
    get(example, "totalUsdValue") === usd(before)
  )
    out = set(out, "totalUsdValue", usd(after));
  if (number > 1 && has(out, "nfts")) out = set(out, "nfts", undefined);
  return out;
}

/**
 * `items` and copies of them, taken in turn, `length` in all: each copy with its IDENTITIES made
 * from the original's and the copy's place (the same items, the same copies; a seed's page, its
 * own). A copy shares its original's members (what follows the paging changes an answer by
 * copying, never in place): a page of 1,000 is not 1,000 deep copies.
 */
function filled(items: unknown[], length: number): unknown[] {
  const out = [...items];
  for (let n = items.length; n < length; n++) {
    const item = items[n % items.length];
    if (!isObject(item)) {
      out.push(item);
      continue;
    }
    const copy = { ...item };
    for (const key of IDENTITIES)
      if (typeof item[key] === "string") copy[key] = address(`${item[key]}\0${n}`);
    out.push(copy);
  }
  return out;
}

/** A base58 address (32 bytes: 32 to 44 characters) made from `from`. */
const address = (from: string) => toBase58(createHash("sha256").update(from).digest());

/**
 * The seed of the generated answer to a request for a page after the first (`seed`, the mock's or
 * the request's, with the page or cursor asked for): each page of a seeded walk holds other items,
 * and the same page the same ones. The seed itself for a first page (or none without a seed).
 */
export function pageSeed(paging: Paging, params: unknown, seed: string | undefined) {
  if (seed === undefined || !isObject(params)) return seed;
  if (walksByCursor(paging, params)) {
    const sent = get(params, paging.cursor);
    return sent === undefined ? seed : `${seed}/${paging.cursor}=${String(sent)}`;
  }
  const page = get(params, paging.page);
  return page === undefined || whole(page) === 1 ? seed : `${seed}/${paging.page}=${String(page)}`;
}

/**
 * Whether the request pages by cursor, as the client's walk decides it: a cursor-style operation,
 * or a page-style one sent a keyset param, or the `keysetWhen` value without a page.
 */
function walksByCursor(paging: Paging, params: Record<string, unknown>): boolean {
  if (paging.style === "cursor") return true;
  if (paging.keyset.some((name) => get(params, name) != null)) return true;
  const by = paging.keysetWhen;
  return !!by && get(params, paging.page) === undefined && get(params, by.param) === by.equals;
}

/**
 * The page a cursor asks for: one of the mock's (makeCursor) names it; any other asks for page 1.
 */
function cursorPage(cursor: unknown): number {
  if (typeof cursor !== "string" || cursor.length < 4) return 1;
  const body = cursor.slice(0, -3);
  const [check, high, low] = [...cursor.slice(-3)].map((c) => BASE58.indexOf(c));
  const page = high! * 58 + low!;
  return high! >= 0 && low! >= 0 && check === checkDigit(body, page) && page >= 2 ? page : 1;
}

/**
 * `paging.cursorLength` (4 or more) base58 characters made from `from`, naming `page` (2 to 3,363): the last
 * two characters are its number in base58 (`1` is zero), the one before them a check digit of the
 * rest, so that a cursor the mock did not make (a client's, the spec's) is read as page 1.
 */
function makeCursor(from: string, page: number, paging: Paging): string {
  const length = paging.cursorLength;
  // (Its first digit, where the schema counts bytes: Paging.cursorLead.)
  let body = paging.cursorLead === undefined ? "" : BASE58[paging.cursorLead]!;
  for (let round = 0; body.length < length - 3; round++)
    for (const byte of createHash("sha256").update(`${from}\0${round}`).digest())
      if (body.length < length - 3) body += BASE58[byte % 58];
  return body + BASE58[checkDigit(body, page)] + BASE58[Math.floor(page / 58)] + BASE58[page % 58];
}

/** A check digit (0 to 57) of a cursor's `body` and the `page` it names. */
const checkDigit = (body: string, page: number) =>
  createHash("sha256").update(`${body}\0${page}`).digest()[0]! % 58;

/**
 * A length the schemas of the next-cursor field all take: the upper bound of a pattern's `{m,n}`
 * (a base58 hash 44, a signature 88), within `minLength`/`maxLength`; 32 when nothing bounds it.
 */
function cursorLength(schemas: any[]): number {
  let length: number | undefined;
  let min = 4; // (makeCursor's check digit and page number, and one more)
  let max = Infinity;
  for (const s of schemas) {
    const bounds = typeof s.pattern === "string" && /\{(\d+)(?:,(\d*))?\}\$?$/.exec(s.pattern);
    if (bounds) length = Number(bounds[2] || bounds[1]);
    if (typeof s.minLength === "number") min = Math.max(min, s.minLength);
    if (typeof s.maxLength === "number") max = Math.min(max, s.maxLength);
  }
  return Math.max(min, Math.min(max, length ?? 32));
}

/**
 * The schemas (every branch of `anyOf`/`oneOf`/`allOf`, `$ref`s followed) at `path` under `schema`.
 */
function schemasAt(doc: any, schema: any, path: string[]): any[] {
  let nodes = branches(doc, schema);
  for (const key of path)
    nodes = nodes.flatMap((n) =>
      isObject(n.properties) && key in n.properties ? branches(doc, n.properties[key]) : [],
    );
  return nodes;
}

function branches(doc: any, schema: any, depth = 0): any[] {
  schema = resolveRef(doc, schema);
  if (!isObject(schema) || depth > 20) return [];
  const parts = ["anyOf", "oneOf", "allOf"].flatMap((k) =>
    Array.isArray(schema[k]) ? (schema[k] as unknown[]) : [],
  );
  return [schema, ...parts.flatMap((s) => branches(doc, s, depth + 1))];
}

const get = (value: unknown, path: string): any =>
  path.split(".").reduce<any>((v, key) => (isObject(v) ? v[key] : undefined), value);

/** The object holding the member at `path`, if there is one. */
const parentOf = (value: unknown, path: string): unknown =>
  path.includes(".") ? get(value, path.slice(0, path.lastIndexOf("."))) : value;

const has = (value: unknown, path: string) => {
  const parent = parentOf(value, path);
  return isObject(parent) && path.slice(path.lastIndexOf(".") + 1) in parent;
};

/**
 * A copy of `value` with `path` set (or removed, for `undefined`), copying the objects along it.
 */
function set(value: unknown, path: string, to: unknown): unknown {
  const [key, ...rest] = path.split(".") as [string, ...string[]];
  const copy: Record<string, unknown> = { ...(isObject(value) ? value : {}) };
  if (rest.length) copy[key] = set(copy[key], rest.join("."), to);
  else if (to === undefined) delete copy[key];
  else copy[key] = to;
  return copy;
}

/** A whole number ≥ 1 (a query parameter's digits too), else undefined. */
function whole(value: unknown): number | undefined {
  const n =
    typeof value === "string" && /^\d+$/.test(value)
      ? Number(value)
      : typeof value === "bigint"
        ? Number(value)
        : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}
