// packages/core/README.md's `readAhead` (under "Working on a page while the next one comes") does
// what the README says (user trial 64, F4: a walk asks for a page only once the one before is
// used up, so a backfill's database write and the next request never overlapped): the next page
// is asked for while the caller works on this one, the pages and checkpoints are the walk's own,
// an error of the page in flight comes after the page before it is done (with its resumeFrom),
// and after a `break` no page past the one in flight is asked for. The block is taken from the
// README as written (its `store` is the test's), and run with the package as published (built
// dist/), on a fetch stub.
import { readFileSync } from "node:fs";
import * as das from "@chaindata/das";
import { expect, it } from "vitest";
import { AsyncFunction, dasRecipeJs } from "./das-recipe.js";

const readme = readFileSync(new URL("../../packages/core/README.md", import.meta.url), "utf8");
const start = readme.indexOf("### Working on a page while the next one comes");
const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(start))?.[1];
if (start < 0 || !block?.includes("async function* readAhead"))
  throw new Error(
    "packages/core/README.md: no readAhead block under '### Working on a page while the next one comes'",
  );

const OWNER = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const PAGES = 6;
const LIMIT = 1000;

/** What happened, in order: `ask N` (page N's request sent), `got N`, `store N`, `stored N`. */
let events: string[] = [];
/** The page whose request fails (a 400, not retried), if any. */
let failing: number | undefined;

/** A getAssetsByOwner server: pages 1 to PAGES full (LIMIT items), then an empty one; 20 ms each. */
const stub: typeof fetch = async (_input, init) => {
  const { id, params } = JSON.parse(String(init!.body));
  const page: number = params.page;
  events.push(`ask ${page}`);
  await new Promise((resolve) => setTimeout(resolve, 20));
  events.push(`got ${page}`);
  if (page === failing)
    return new Response(
      JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32602, message: "bad page" } }),
      { status: 400, headers: { "content-type": "application/json" } },
    );
  const count = page <= PAGES ? LIMIT : 0;
  const items = Array.from({ length: count }, (_, n) => ({
    interface: "V1_NFT",
    id: `asset-${page}-${n}`,
  }));
  const result = { total: count, limit: LIMIT, page, items, last_indexed_slot: 1 };
  return new Response(JSON.stringify({ jsonrpc: "2.0", id, result }), {
    headers: { "content-type": "application/json" },
  });
};

/**
 * The block as a function of `store` and of how each loop turn ends (`stopAfter` pages: `break`),
 * its import read from @chaindata/das, whose client is pointed at the stub.
 */
function recipe(stopAfter = Infinity) {
  let js = dasRecipeJs(block!);
  // (The loop's last statement, the log line, gives way to the test's break.)
  const log = "console.log('saved up to', next);";
  expect(js, "the loop's log line").toContain(log);
  js = js.replace(log, "saved.push(next); if (saved.length >= stopAfter) break;");
  const dasModule = {
    ...das,
    createDasClient: () =>
      das.createDasClient({
        apiKey: "read-ahead-recipe-key",
        baseUrls: { rpc: "http://127.0.0.1:9" },
        fetch: stub,
        maxRetries: 0,
      }),
  };
  const saved: unknown[] = [];
  const store = async (assets: das.Asset[]) => {
    const page = assets[0] ? Number(assets[0].id.split("-")[1]) : "empty";
    events.push(`store ${page}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    events.push(`stored ${page}`);
  };
  const run = () =>
    new AsyncFunction("dasModule", "store", "saved", "stopAfter", js)(
      dasModule,
      store,
      saved,
      stopAfter,
    );
  return { run, saved };
}

it("asks for the next page while the caller works on this one, and gives the walk's pages and checkpoints", async () => {
  events = [];
  failing = undefined;
  const { run, saved } = recipe();
  await run();
  // Page 2 is asked for before page 1 is stored, and so on: each request beside the work.
  for (let page = 1; page < PAGES; page++)
    expect(events.indexOf(`ask ${page + 1}`), `page ${page + 1}`).toBeLessThan(
      events.indexOf(`stored ${page}`),
    );
  expect(events.filter((e) => e.startsWith("store "))).toEqual([
    ...Array.from({ length: PAGES }, (_, n) => `store ${n + 1}`),
    "store empty",
  ]);
  // The checkpoints are the walk's: each the next page, the last (the empty page) none.
  expect(saved).toEqual([
    ...Array.from({ length: PAGES }, (_, n) => ({
      ownerAddress: OWNER,
      limit: LIMIT,
      page: n + 2,
    })),
    undefined,
  ]);
  expect(events.filter((e) => e.startsWith("ask "))).toHaveLength(PAGES + 1);
});

it("an error of the page in flight is thrown once the page before it is stored, with that page as resumeFrom", async () => {
  events = [];
  failing = 3;
  const { run, saved } = recipe();
  const error: any = await run().catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(das.BadRequestError);
  expect(error.resumeFrom).toEqual({ ownerAddress: OWNER, limit: LIMIT, page: 3 });
  // (Thrown once page 2 is stored: nothing of page 3 stored, nothing asked after it.)
  expect(events).toContain("stored 2");
  expect(events).not.toContain("store 3");
  expect(events.filter((e) => e.startsWith("ask "))).toEqual(["ask 1", "ask 2", "ask 3"]);
  expect(saved).toEqual([
    { ownerAddress: OWNER, limit: LIMIT, page: 2 },
    { ownerAddress: OWNER, limit: LIMIT, page: 3 },
  ]);
});

it("after a break, waits for the page in flight and asks for none after it", async () => {
  events = [];
  failing = undefined;
  const { run, saved } = recipe(2);
  await run();
  expect(saved).toHaveLength(2);
  // Pages 1 and 2 stored; page 3 was in flight at the break, and came before the walk ended.
  expect(events.filter((e) => e.startsWith("ask "))).toEqual(["ask 1", "ask 2", "ask 3"]);
  expect(events).toContain("got 3");
  expect(events).not.toContain("store 3");
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(events.filter((e) => e.startsWith("ask "))).toHaveLength(3);
});
