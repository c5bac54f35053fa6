/**
 * Generated answers whose values agree with each other, as the API's do. json-schema-faker draws
 * each value alone: a balance's `usdValue` is not its amount times its price, `totalUsdValue` not
 * their sum, a page's `total` not the number of its items, a transfer's `amount` not its
 * `amountRaw` after `decimals`. AGREE sets, per operation, the values that follow from others (and
 * drops what the request did not ask for); a value set is one its schema takes, and nothing else of
 * the answer changes. For generated answers only: the spec's examples agree already. See README,
 * "Dynamic data".
 */
import { sameWords } from "./generate.js";
import { isObject } from "./json.js";

type Json = Record<string, unknown>;
/** The request as echo.ts reads it: JSON-RPC `params`, or REST `{ path, query, body }`. */
type Agree = (result: unknown, request: unknown) => unknown;

/**
 * A holding worth at most this many USD: where a generated amount (a u64 past 2^53 among them)
 * times a generated price is more, the price is lower by powers of ten (a token held by the
 * trillion is priced in fractions of a cent), so the product stays a sum people hold.
 */
export const MAX_USD = 1e9;

const WRAPPED_SOL = "So11111111111111111111111111111111111111112";
// (A lamport is 10^-9 SOL.)
const SOL_DECIMALS = 9;
const U64_MAX = 2n ** 64n - 1n;

/**
 * SOL's price in USD where the answer values the native token: from 20 to 300, with cents, made
 * from a number drawn for it (the same for the same seed). The price drawn is any token's, 0.003
 * or none, which no wallet or DAS page shows for SOL.
 */
const solPrice = (drawn: unknown) => cents(20 + ((Math.abs(Number(drawn)) * 1e4) % 280 || 0));

/**
 * How many times ten a native `amount` is cut by so that it is worth at most MAX_USD at `price`
 * (a drawn amount may be SOL by the billion): the amount goes down, not SOL's price.
 */
const tensOver = (amount: number, price: number) =>
  amount * price > MAX_USD ? Math.ceil(Math.log10((amount * price) / MAX_USD)) : 0;

/** The agreement of each operation's answer, by JSON-RPC method or REST operationId. */
export const AGREE: Record<string, Agree> = {
  // DAS (spec/openrpc/das.yaml)
  getAsset: (r) => asset(r),
  getAssetBatch: (r) => (Array.isArray(r) ? r.map(asset) : r),
  getAssetsByOwner: assetList,
  getAssetsByAuthority: assetList,
  getNftEditions: editions,
  // wallet (spec/openapi/wallet.yaml)
  getBalances: balances,
  getHistory: history,
  getTransfers: (r) => edit(r, { data: (d) => newestFirst(list(d).map(rawAmount)) }),
  getFundedBy: fundedBy,
  // admin (spec/openapi/admin.yaml)
  getProjectUsage: usage,
};

/** `result` (a generated answer to `operation`) with its values in agreement. */
export function agree(operation: string, request: unknown, result: unknown): unknown {
  const agreeing = AGREE[operation];
  const named = wordsAgree(result);
  return agreeing ? agreeing(named, request) : named;
}

/**
 * Every object of `value` with the symbol and description of its generated name (generate.ts).
 * `done`: each object's agreeing copy, made once: the copies that fill a DAS page (paging.ts)
 * share their original's objects, and keep sharing them.
 */
function wordsAgree(value: unknown, done = new Map<object, unknown>()): unknown {
  if (!isObject(value) && !Array.isArray(value)) return value;
  if (done.has(value)) return done.get(value);
  const out = Array.isArray(value)
    ? value.map((v) => wordsAgree(v, done))
    : Object.fromEntries(
        Object.entries(sameWords(value)).map(([k, v]) => [k, wordsAgree(v, done)]),
      );
  done.set(value, out);
  return out;
}

// -- DAS ------------------------------------------------------------------------------------------

/**
 * An asset: its holder's balance at most the supply (the two swapped where it is more), and
 * `price_info.total_price` the balance (raw, a u64) after `decimals` times `price_per_token`;
 * without a balance there is nothing to value.
 */
function asset(a: unknown): unknown {
  return edit(a, {
    token_info: (info) => {
      const [balance, supply] = [get(info, "balance"), get(info, "supply")];
      const [held, total] = [int(balance), int(supply)];
      const within =
        held !== undefined && total !== undefined && held > total
          ? edit(info, { balance: () => supply, supply: () => balance })
          : info;
      const raw = int(get(within, "balance"));
      const decimals = get(within, "decimals");
      return edit(within, {
        price_info: (price) =>
          raw === undefined || typeof decimals !== "number"
            ? edit(price, { total_price: () => undefined })
            : valued(price, "price_per_token", "total_price", unscaled(raw, decimals)),
      });
    },
  });
}

/**
 * A page of assets: `total` the number of its items; `grand_total` and `nativeBalance` only when
 * the request's options ask for them (`showGrandTotal`, `showNativeBalance`), the grand total at
 * least the page's, the native balance valued as lamports after 9 decimals times `price_per_sol`,
 * SOL's price ({@link solPrice}), the lamports worth at most MAX_USD at it.
 */
function assetList(result: unknown, params: unknown): unknown {
  const options = get(params, "options");
  const items = list(get(result, "items"));
  return edit(result, {
    items: () => items.map(asset),
    total: () => items.length,
    grand_total: (n) =>
      get(options, "showGrandTotal") === true ? Math.max(Number(n) || 0, items.length) : undefined,
    nativeBalance: (native) => {
      if (get(options, "showNativeBalance") !== true) return undefined;
      const drawn = int(get(native, "lamports"));
      if (drawn === undefined) return native;
      const price = solPrice(get(native, "price_per_sol") ?? drawn);
      const lamports = drawn / 10n ** BigInt(tensOver(unscaled(drawn, SOL_DECIMALS), price));
      const priced = edit(native, { lamports: () => safe(lamports), price_per_sol: () => price });
      return valued(priced, "price_per_sol", "total_price", unscaled(lamports, SOL_DECIMALS));
    },
  });
}

/**
 * A page of print editions: numbered in order from the page's first (1 on page 1, `limit` + 1 on
 * page 2), `burnt` a boolean (the schema leaves it untyped, so json-schema-faker writes its
 * keywords), `total` the number on the page, `supply` (printed so far) at least the highest number,
 * `max_supply` 0 (unlimited) or at least the supply.
 */
function editions(result: unknown, params: unknown): unknown {
  const page = whole(get(params, "page")) ?? 1;
  const limit = whole(get(result, "limit")) ?? whole(get(params, "limit")) ?? 1;
  const first = (page - 1) * limit + 1;
  const prints = list(get(result, "editions")).map((e, i) =>
    edit(e, {
      edition: () => first + i,
      burnt: (b) => (typeof b === "boolean" ? b : hash(String(get(e, "mint") ?? i)) % 8 === 0),
    }),
  );
  const highest = BigInt(first + prints.length - 1);
  const supply = int(get(result, "supply"));
  const atLeast = supply !== undefined && supply < highest ? highest : supply;
  return edit(result, {
    editions: () => prints,
    total: () => prints.length,
    supply: (s) => (atLeast === undefined || atLeast === int(s) ? s : safe(atLeast)),
    max_supply: (max) => {
      const m = int(max);
      return m === undefined || m === 0n || atLeast === undefined || m >= atLeast
        ? max
        : safe(atLeast);
    },
  });
}

// -- wallet ---------------------------------------------------------------------------------------

/**
 * One page of balances: with `showNative` (true unless `false`), page 1 holds the native token
 * ({@link withNative}); each `balance` has at most `decimals` decimal places, its `usdValue` is the
 * balance times `pricePerToken` in cents (null without a price), the native token first and the
 * others by USD value, descending, across the pages of a walk too (`walkPages`, given by rest.ts:
 * {@link inWalkBand}); `totalUsdValue` the sum of the page's; `nfts` only with `showNfts=true`, on
 * the first page.
 */
function balances(result: unknown, request: unknown): unknown {
  const query = get(request, "query");
  const page = whole(get(query, "page")) ?? 1;
  const walkPages = whole(get(request, "walkPages"));
  // (paging.ts has set it: false on the walk's last page with items, and after it.)
  const lastPage = get(get(result, "pagination"), "hasMore") !== true;
  const native = (b: unknown) => (get(b, "mint") === WRAPPED_SOL ? 1 : 0);
  const generated = list(get(result, "balances"));
  const showNative = get(query, "showNative") !== "false";
  const items = (page === 1 && showNative ? withNative(generated) : generated).map((b) =>
    edit(b, { balance: (x) => inDecimals(x, get(b, "decimals")) }),
  );
  const valuedItems = items.map((b) => {
    const worth =
      typeof get(b, "pricePerToken") === "number" && typeof get(b, "balance") === "number"
        ? valued(b, "pricePerToken", "usdValue", get(b, "balance") as number)
        : edit(b, { usdValue: () => null });
    return walkPages && !native(b) ? inWalkBand(worth, page, walkPages, lastPage) : worth;
  });
  const usd = (b: unknown) => {
    const v = get(b, "usdValue");
    return typeof v === "number" ? v : -1;
  };
  const sorted = [...valuedItems].sort((a, b) => native(b) - native(a) || usd(b) - usd(a));
  const total = cents(sorted.reduce<number>((sum, b) => sum + Math.max(0, usd(b)), 0));
  return edit(result, {
    balances: () => sorted,
    totalUsdValue: () => total,
    nfts: (nfts) => (get(query, "showNfts") === "true" && page === 1 ? nfts : undefined),
  });
}

/**
 * The first page's balances with the native token, as the service lists it with `showNative=true`
 * (wallet.yaml getBalances: it "comes first, listed under the wrapped-native mint"): generated
 * mints are random base58, so none is the native one, and the first generated balance becomes it,
 * its mint, symbol, name, decimals and token program the spec example's SOL, its price SOL's
 * ({@link solPrice}) and its amount as drawn, worth at most MAX_USD (so a seed's answer stays the
 * same, and the page keeps its length). A page that has the native token already, or no balance,
 * is left as it is.
 */
// (Before, a generated page of balances never began with the native token, and then its price
// was any token's: 0.003 USD, or none.)
function withNative(items: unknown[]): unknown[] {
  if (items.length === 0 || items.some((b) => get(b, "mint") === WRAPPED_SOL)) return items;
  const [first] = items;
  const price = solPrice(get(first, "pricePerToken") ?? get(first, "balance"));
  const native = edit(
    first,
    {
      mint: () => WRAPPED_SOL,
      symbol: () => "SOL",
      name: () => "Solana",
      decimals: () => SOL_DECIMALS,
      tokenProgram: () => "spl-token",
      pricePerToken: () => price,
      balance: (x) => (typeof x === "number" ? x / 10 ** tensOver(x, price) : x),
    },
    true,
  );
  return [native, ...items.slice(1)];
}

/** The USD values of a walk of balances, in decades of USD: from MAX_USD down to a cent. */
const WALK_TOP = Math.log10(MAX_USD);
const WALK_BOTTOM = -2;

/**
 * A balance (not the native token's) of page `page` of a walk of `pages` pages with items, with its
 * USD value in the page's own band, so that the walk's values descend from page to page as the
 * spec orders the whole list (wallet.yaml getBalances: "the other tokens are sorted by USD value,
 * descending"): the pages are generated one by one, each sorted alone. The range from MAX_USD
 * down to a cent is cut, in decades, into `pages` bands, page 1's the highest; a value keeps its
 * place in the whole range inside its page's band (away from the band's edges, so that rounding
 * cannot cross them), and the price is set so that the value is still the balance times it. A
 * token without a value (no price, or a zero balance) sorts last, so it stays only on the last
 * page; on another, it is valued at its page's lowest, a zero balance made one token.
 */
// (Before, a walk's balances were sorted within each page only.)
function inWalkBand(item: unknown, page: number, pages: number, lastPage: boolean): unknown {
  const value = get(item, "usdValue");
  const worth = typeof value === "number" && value > 0;
  if (lastPage && !worth) return item;
  const given = get(item, "balance");
  if (typeof given !== "number") return item;
  const balance = given > 0 ? given : 1;
  const width = (WALK_TOP - WALK_BOTTOM) / pages;
  const bottom = WALK_TOP - Math.min(page, pages) * width + width / 20;
  const place = worth
    ? Math.min(1, Math.max(0, (Math.log10(value) - WALK_BOTTOM) / (WALK_TOP - WALK_BOTTOM)))
    : 0;
  const target = 10 ** (bottom + place * width * 0.9);
  const price = Number((target / balance).toPrecision(6));
  return edit(
    item,
    { balance: () => balance, pricePerToken: () => price, usdValue: () => cents(balance * price) },
    true,
  );
}

/**
 * The history: newest first (by slot, and the block times in the same order); each balance
 * change's `amount` has at most `decimals` decimal places, and the native token (`SOL`) has 9.
 */
function history(result: unknown): unknown {
  return edit(result, {
    data: (data) =>
      newestFirst(
        list(data).map((tx) =>
          edit(tx, {
            balanceChanges: (changes) =>
              list(changes).map((c) => {
                const sol = get(c, "mint") === "SOL";
                const withDecimals = sol ? edit(c, { decimals: () => SOL_DECIMALS }) : c;
                return edit(withDecimals, {
                  amount: (x) => inDecimals(x, get(withDecimals, "decimals")),
                });
              }),
          }),
        ),
        "slot",
      ),
  });
}

/**
 * The funding transaction: its `amount`, `amountRaw` and `decimals` agree (rawAmount), native SOL
 * is the wrapped-native mint with 9 decimals, `date` is `timestamp` in ISO 8601, and `explorerUrl`
 * names its signature (as the spec's example: orbmarkets.io/tx/<signature>).
 */
function fundedBy(result: unknown): unknown {
  const sol = get(result, "symbol") === "SOL";
  const native = sol
    ? edit(result, { mint: () => WRAPPED_SOL, decimals: () => SOL_DECIMALS })
    : result;
  const time = get(result, "timestamp");
  const signature = get(result, "signature");
  return edit(rawAmount(native), {
    date: (d) => (typeof time === "number" ? new Date(time * 1000).toISOString() : d),
    explorerUrl: (u) =>
      typeof signature === "string" ? `https://orbmarkets.io/tx/${signature}` : u,
  });
}

/**
 * A transfer's or funding's amount: `amountRaw` the digits of `amount` with `decimals` decimal
 * places (the amount cut to them), fewer decimals where the raw amount would pass a u64. A raw
 * amount drawn past 2^53 (a u64's digits, one in four) stays, and `amount` follows it instead:
 * `amount` alone would rarely give one, and a client must read those digits exact.
 */
function rawAmount(item: unknown): unknown {
  const amount = get(item, "amount");
  const given = get(item, "decimals");
  const drawn = get(item, "amountRaw");
  if (
    typeof drawn === "string" &&
    /^\d{16,20}$/.test(drawn) &&
    BigInt(drawn) > BigInt(Number.MAX_SAFE_INTEGER) &&
    BigInt(drawn) <= U64_MAX &&
    typeof given === "number"
  )
    return edit(item, { amount: () => unscaled(BigInt(drawn), given) });
  if (typeof amount !== "number" || amount < 0 || typeof given !== "number") return item;
  let decimals = given;
  while (decimals > 0 && scaled(amount, decimals) > U64_MAX) decimals--;
  const raw = scaled(amount, decimals);
  return edit(item, {
    decimals: () => decimals,
    amount: () => unscaled(raw, decimals),
    amountRaw: (r) => (typeof r === "string" ? String(raw) : r),
  });
}

// -- admin ----------------------------------------------------------------------------------------

/**
 * A usage report: each cycle a month from its start; `creditsUsed` the regular credits plus the
 * prepaid ones, `creditsRemaining` the plan's limit less the regular ones used, floored at 0.
 */
function usage(result: unknown): unknown {
  const prepaid = get(result, "prepaidCreditsUsed");
  const used = get(result, "creditsUsed");
  const limit = get(get(result, "subscriptionDetails"), "creditsLimit");
  const month = (cycle: unknown) =>
    edit(cycle, { end: (end) => monthFrom(get(cycle, "start")) ?? end });
  return edit(result, {
    creditCycle: month,
    subscriptionDetails: (d) => edit(d, { billingCycle: month }),
    creditsUsed: (u) => (typeof u === "number" && typeof prepaid === "number" ? u + prepaid : u),
    creditsRemaining: (r) =>
      typeof limit === "number" && typeof used === "number" ? Math.max(0, limit - used) : r,
  });
}

/** The last day of the month that starts on `start` (a `YYYY-MM-DD` date), if it is one. */
function monthFrom(start: unknown): string | undefined {
  const m = typeof start === "string" && /^(\d{4})-(\d\d)-(\d\d)$/.exec(start);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // the day before the same day a month on, or the next month's last day (from January 31)
  const end = Math.min(Date.UTC(year, month, day - 1), Date.UTC(year, month + 1, 0));
  return new Date(end).toISOString().slice(0, 10);
}

// -- values ---------------------------------------------------------------------------------------

/**
 * `holder` with `value` (its USD value, in cents) = `amount` times its `price`, the price lowered
 * by powers of ten where the value would pass MAX_USD.
 */
function valued(holder: unknown, price: string, value: string, amount: number): unknown {
  let p = get(holder, price);
  if (typeof p !== "number" || !Number.isFinite(amount)) return holder;
  if (amount * p > MAX_USD) {
    const tens = Math.ceil(Math.log10((amount * p) / MAX_USD));
    p = Number((p / 10 ** tens).toPrecision(6));
  }
  const worth = cents(amount * (p as number));
  return edit(holder, { [price]: () => p, [value]: () => worth }, true);
}

const cents = (x: number) => Math.round(x * 100) / 100;

/** A non-negative `amount` cut to `decimals` decimal places (a mint's smallest unit). */
function inDecimals(amount: unknown, decimals: unknown): unknown {
  if (typeof amount !== "number" || typeof decimals !== "number" || decimals > 100) return amount;
  const sign = amount < 0 ? -1 : 1;
  const cut = unscaled(scaled(Math.abs(amount), decimals), decimals);
  return cut === 0 ? 0 : sign * cut; // (not -0)
}

/**
 * `amount` (≥ 0) times 10^decimals, its fraction cut: from its shortest decimal digits, exactly.
 */
function scaled(amount: number, decimals: number): bigint {
  const [mantissa = "0", exponent = "0"] = String(amount).split("e");
  const [whole = "0", fraction = ""] = mantissa.split(".");
  const shift = decimals - fraction.length + Number(exponent);
  const digits = BigInt(whole + fraction);
  return shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift);
}

/** A raw amount after `decimals` decimal places. */
const unscaled = (raw: bigint, decimals: number) => Number(`${raw}e-${decimals}`);

/**
 * `items` newest first: ordered by `key` (a slot) when given, the block times (`timestamp`, where
 * not null) then given out in descending order along that order.
 */
function newestFirst(items: unknown[], key?: string): unknown[] {
  const time = (x: unknown) => get(x, "timestamp");
  const order = key
    ? [...items].sort((a, b) => compare(int(get(b, key)), int(get(a, key))))
    : [...items].sort((a, b) => compare(int(time(b)), int(time(a))));
  const times = order
    .map(time)
    .filter((t): t is number => typeof t === "number")
    .sort((a, b) => b - a);
  let next = 0;
  return order.map((x) =>
    typeof time(x) === "number" ? edit(x, { timestamp: () => times[next++] }) : x,
  );
}

const compare = (a: bigint | undefined, b: bigint | undefined) =>
  a === b ? 0 : a === undefined ? 1 : b === undefined ? -1 : a < b ? -1 : 1;

// -- plumbing -------------------------------------------------------------------------------------

/**
 * A copy of `value` (an object; anything else as it is) with each field of `fields` that it has
 * set to what its function makes of the field's value (removed for `undefined`); with `add`, set
 * also where it has not.
 */
function edit(
  value: unknown,
  fields: Record<string, (current: unknown) => unknown>,
  add = false,
): unknown {
  if (!isObject(value)) return value;
  const out: Json = { ...value };
  for (const [key, make] of Object.entries(fields)) {
    if (!(key in out) && !add) continue;
    const next = make(out[key]);
    if (next === undefined) delete out[key];
    else out[key] = next;
  }
  return out;
}

const get = (value: unknown, key: string): unknown => (isObject(value) ? value[key] : undefined);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** An integer (a number or a bigint) as a bigint, else undefined. */
const int = (v: unknown): bigint | undefined =>
  typeof v === "bigint" ? v : Number.isInteger(v) ? BigInt(v as number) : undefined;

/** A bigint as a number where it is a safe integer (the wire digits are the same). */
const safe = (v: bigint): number | bigint => (v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v);

/** A whole number ≥ 1 (a query parameter's digits too), else undefined. */
function whole(value: unknown): number | undefined {
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

/**
 * A small hash (FNV-1a) of `text`: a generated value's stand-in for a random number (a seed's
 * answer stays the same).
 */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
