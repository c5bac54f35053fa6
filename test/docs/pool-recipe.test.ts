// packages/core/README.md's pool recipe (under "Many walks at once, a few calls in flight") does
// what the README says: an indexer walking many owners keeps at most the pool's size of requests
// in flight and stores every item once, and one shutdown signal ends every walk at once, the
// walks still waiting in the pool sending nothing, with no listener left on that signal. The
// block is taken from the README as written (its `store` and `owners` are the test's, and so are
// `process` and `console`, to fire its SIGINT handler and read what it prints), and run with the
// package as published (built dist/), on a fetch stub.
import { getEventListeners } from "node:events";
import { readFileSync } from "node:fs";
import * as das from "@chaindata/das";
import { expect, it } from "vitest";
import { AsyncFunction, dasRecipeJs } from "./das-recipe.js";

const readme = readFileSync(new URL("../../packages/core/README.md", import.meta.url), "utf8");
const heading = "### Many walks at once, a few calls in flight";
const start = readme.indexOf(heading);
const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(start))?.[1];
if (start < 0 || !block?.includes("function createPool"))
  throw new Error(`packages/core/README.md: no createPool block under '${heading}'`);

const LIMIT = 1000;
/** Full pages each owner has, before the empty one that ends its walk. */
const PAGES = 2;
/** 20 addresses: one base58 letter apart. */
const owners = [..."ABCDEFGHJKLMNPQRSTUV"].map(
  (c) => `86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MM${c}`,
);

/** The first page the stub does not answer (it waits for the request's abort); 5 ms for others. */
let hangFrom = Infinity;
let inFlight = 0;
let mostInFlight = 0;
let sent = 0;

/** A getAssetsByOwner server: PAGES full pages per owner (LIMIT items each), then an empty one. */
const stub: typeof fetch = async (_input, init) => {
  const { id, params } = JSON.parse(String(init!.body));
  const page: number = params.page ?? 1;
  sent++;
  mostInFlight = Math.max(mostInFlight, ++inFlight);
  try {
    await new Promise((resolve, reject) => {
      const signal = init!.signal!;
      if (page < hangFrom) setTimeout(resolve, 5);
      // (As fetch rejects once its signal fires.)
      const aborted = () => reject(new DOMException("This operation was aborted", "AbortError"));
      signal.addEventListener("abort", aborted, { once: true });
    });
  } finally {
    inFlight--;
  }
  const count = page <= PAGES ? LIMIT : 0;
  const items = Array.from({ length: count }, (_, n) => ({
    interface: "V1_NFT",
    id: `${params.ownerAddress}-${page}-${n}`,
  }));
  const result = { total: count, limit: LIMIT, page, items, last_indexed_slot: 1 };
  return new Response(JSON.stringify({ jsonrpc: "2.0", id, result }), {
    headers: { "content-type": "application/json" },
  });
};

/**
 * The block as a function, its import read from @chaindata/das, whose client is pointed at the
 * stub; `process.once` and the shutdown controller are recorded, and `console.error`'s lines.
 */
function recipe() {
  const js = dasRecipeJs(block!);
  const dasModule = {
    ...das,
    createDasClient: (options: das.ClientOptions) =>
      das.createDasClient({
        ...options,
        apiKey: "pool-recipe-key",
        baseUrls: { rpc: "http://127.0.0.1:9" },
        fetch: stub,
      }),
  };
  const stored: string[] = [];
  const store = async (assets: das.Asset[]) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    stored.push(...assets.map((asset) => asset.id));
  };
  const printed: unknown[][] = [];
  const handlers = new Map<string, () => void>();
  const controllers: AbortController[] = [];
  const fakeProcess = {
    once: (event: string, handler: () => void) => handlers.set(event, handler),
  };
  const fakeConsole = { error: (...args: unknown[]) => printed.push(args) };
  const Recorded = class extends AbortController {
    constructor() {
      super();
      controllers.push(this);
    }
  };
  const run = () =>
    new AsyncFunction("dasModule", "store", "owners", "process", "console", "AbortController", js)(
      dasModule,
      store,
      owners,
      fakeProcess,
      fakeConsole,
      Recorded,
    );
  return { run, stored, printed, handlers, controllers };
}

it("keeps at most 8 requests in flight while it walks 20 owners, and stores every item once", async () => {
  hangFrom = Infinity;
  mostInFlight = 0;
  sent = 0;
  const { run, stored, printed, controllers } = recipe();
  await run();
  expect(printed).toEqual([]);
  expect(mostInFlight).toBe(8);
  // Each owner: its full pages and the empty one.
  expect(sent).toBe(owners.length * (PAGES + 1));
  expect(stored).toHaveLength(owners.length * PAGES * LIMIT);
  expect(new Set(stored).size).toBe(stored.length);
  // The shutdown signal, given to every call, keeps no listener of theirs.
  expect(controllers).toHaveLength(1);
  expect(getEventListeners(controllers[0]!.signal, "abort")).toHaveLength(0);
});

it("ends every walk at once on SIGINT, the ones waiting in the pool sending nothing", async () => {
  hangFrom = 2;
  mostInFlight = 0;
  sent = 0;
  const { run, printed, handlers } = recipe();
  const running = run();
  // 8 walks in the pool: their first pages answered, their second ones held. (expect.poll gives up
  // after 1 s by default: on a loaded machine 16 requests through the client can take longer.)
  await expect.poll(() => sent, { timeout: 10_000 }).toBe(16);
  const abortedAt = performance.now();
  handlers.get("SIGINT")!();
  await running;
  // (At once: a call the signal did not end would wait out the recipe's 10 s `timeout`. The bound
  // leaves room for a busy machine.)
  expect(performance.now() - abortedAt).toBeLessThan(3_000);
  expect(sent).toBe(16);
  expect(printed).toHaveLength(owners.length);
  for (const [owner, message] of printed) {
    expect(owners).toContain(owner);
    expect(message).toMatch(/^getAssetsByOwner was aborted\b/);
  }
  // The walks in flight say which page they stopped at.
  expect(
    printed.filter(([, message]) =>
      /\(getAssetsByOwner page walk: stopped at page 2, after 1 page\)$/.test(String(message)),
    ),
  ).toHaveLength(8);
});
