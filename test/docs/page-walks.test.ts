// packages/core/README.md's "Resuming a walk" recipe (the docs' Page walks page), run as a user runs
// it: the README block as it is, but for a `store` of the test's own where the block declares one,
// each run a Node process of its own in a project of its own (the packages linked in, the
// recipe's owner-walk.json written there), every request rerouted to the local mock. Run after
// run, each must take the checkpoint forward, the last leave `{}`, and the items stored over all
// runs be those of one walk that nothing stopped: none lost, none twice.
//
// The mock in dynamic mode (seeded) walks getAssetsByOwner over 5 pages with items and a sixth,
// empty one, each page filled up to `limit` but at most 50 entries (packages/mock/README.md, "Page
// walks in dynamic mode"). So the block as written (`limit: 1000`, `maxPages: 50`) is done in one
// run: the first page, 50 entries of 1,000 asked, is short and ends the walk (one test runs it so). To walk a budget
// of pages per run, run after run, the others run it with `limit: 3` and `maxPages: 2` in place
// of those two literals (each checked to be in the block once): 6 pages in 3 runs.
// The getAssetsByGroup recipe is not run: the mock answers the spec's methods only
// (test/docs/snippets.test.ts type-checks it with the site's other snippets).
import { execFile } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createDasClient, parseJson, stringifyJson, type Asset } from "@chaindata/das";
import { startMock, type MockServer } from "@chaindata/mock";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM module without type declarations
import * as build from "../../packages/docs/src/build.mjs";
// @ts-expect-error — plain ESM module without type declarations
import { pageWalksRecipes } from "../../packages/docs/src/pages.mjs";

const run = promisify(execFile);
const root = join(import.meta.dirname, "../..");

// (The section and its blocks as the docs site reads them; a missing heading throws, naming it.)
const recipes: string[] = pageWalksRecipes({
  pageWalks: build.readmeSections(build.CORE_README, build.PAGE_WALKS_SECTION).pageWalks,
});
const recipe = recipes.find((code) => code.includes(".checkpoints()"));

/** The recipe's line that declares what the reader writes: the test's `store` replaces it. */
const DECLARED = "declare function store(assets: Asset[]): Promise<void>;";
/**
 * The test's `store`, with the block's own imports: each item as a line of stored.jsonl, in the
 * order stored. With CRASH_AFTER_STORE=n the process fails after its n-th call has stored its
 * items, before the recipe saves the checkpoint (a crash between the two).
 */
const STORE = `let stored = 0;
async function store(assets: Asset[]): Promise<void> {
  writeFileSync('stored.jsonl', assets.map((asset) => stringifyJson(asset) + '\\n').join(''), { flag: 'a' });
  if (++stored === Number(process.env.CRASH_AFTER_STORE)) throw new Error('crashed after storing a page');
}`;

/** Loaded before the recipe (`--import`): `fetch` goes to the mock, whatever host it names. */
const preload = `data:text/javascript,${encodeURIComponent(`
const mock = new URL(process.env.PAGE_WALKS_MOCK_URL);
const fetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input);
  url.protocol = mock.protocol;
  url.host = mock.host;
  return fetch(url.href, init);
};
`)}`;

/** `literal` is in `code` once: a README that changes it fails here, not in a confusing run. */
function replaceOnce(code: string, literal: string, by: string): string {
  expect(code.split(literal).length - 1, `the recipe's \`${literal}\``).toBe(1);
  return code.replace(literal, by);
}

/** The recipe as the test runs it (JavaScript): its `store`, and the literals of `replace`. */
function program(replace: Record<string, string> = {}): string {
  let code = replaceOnce(recipe!, DECLARED, STORE);
  for (const [literal, by] of Object.entries(replace)) code = replaceOnce(code, literal, by);
  return ts.transpileModule(code, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
}

let mock: MockServer;
const projects: string[] = [];
beforeAll(async () => {
  mock = await startMock({ port: 0, quiet: true, mode: "dynamic", seed: "page-walks" });
});
afterAll(async () => {
  await mock?.stop();
  for (const dir of projects) rmSync(dir, { recursive: true, force: true });
});

/** A project of its own, as `npm install <clone>/packages/core <clone>/packages/das` makes it. */
function project(js: string): string {
  const dir = mkdtempSync(join(tmpdir(), "chaindata-page-walks-"));
  projects.push(dir);
  mkdirSync(join(dir, "node_modules/@chaindata"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "walk", version: "1.0.0" }));
  for (const pkg of ["core", "das"])
    symlinkSync(join(root, "packages", pkg), join(dir, "node_modules/@chaindata", pkg));
  writeFileSync(join(dir, "walk.mjs"), js);
  return dir;
}

interface Run {
  code: number;
  stderr: string;
  /** owner-walk.json as the run left it (undefined: no file). */
  saved: string | undefined;
  /** The page each of its getAssetsByOwner requests asked for (1: none named). */
  asked: number[];
}

/** One run of the recipe in `dir`, as `node walk.mjs` (no real API key: every request goes to the mock). */
async function runOnce(dir: string, env: Record<string, string> = {}): Promise<Run> {
  const mark = mock.requests().at(-1)?.seq ?? 0;
  const { code, stderr } = await run(process.execPath, ["--import", preload, "walk.mjs"], {
    cwd: dir,
    timeout: 30_000,
    env: {
      ...process.env,
      PAGE_WALKS_MOCK_URL: mock.url,
      CHAINDATA_API_KEY: "page-walks-test-key",
      ...env,
    },
  }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    ({ code, stderr }: { code: number; stderr: string }) => ({ code, stderr }),
  );
  const requests = mock.requests({ since: mark });
  expect(
    requests.filter((r) => r.violations.length),
    "requests the mock found invalid",
  ).toEqual([]);
  const file = join(dir, "owner-walk.json");
  return {
    code,
    stderr,
    saved: existsSync(file) ? readFileSync(file, "utf8") : undefined,
    asked: requests.map((r) => (r.body as { params: { page?: number } }).params.page ?? 1),
  };
}

/** The items stored, one line each, in the order stored. */
const storedLines = (dir: string): string[] => {
  const file = join(dir, "stored.jsonl");
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
};

/** The params the recipe starts from: its owner, with the page size of `limit`. */
const ownerAddress = () => /ownerAddress: '(\w+)'/.exec(recipe!)?.[1];

/**
 * One walk that nothing stops, from this process: its number of pages, and its items (each page's
 * in `byPage`) as the test's store writes them.
 */
async function uninterrupted(limit: number) {
  const das = createDasClient({ apiKey: "k", baseUrls: mock.baseUrls });
  const byPage: string[][] = [];
  for await (const result of das.getAssetsByOwner
    .all({ ownerAddress: ownerAddress()!, limit })
    .pages())
    byPage.push(result.items.map((asset: Asset) => stringifyJson(asset)));
  return { pages: byPage.length, byPage, items: byPage.flat() };
}

/** Runs the recipe in `dir` until it saves `{}`, at most `most` times; the runs. */
async function runUntilDone(dir: string, most: number): Promise<Run[]> {
  const runs: Run[] = [];
  while (runs.length < most && runs.at(-1)?.saved?.trim() !== "{}") runs.push(await runOnce(dir));
  return runs;
}

describe('packages/core/README.md, "Resuming a walk", run against the mock', () => {
  it("the Page walks section has the resume recipe, with the store it declares", () => {
    expect(recipes.length).toBeGreaterThanOrEqual(2);
    expect(recipe, "a ```ts block that walks .checkpoints()").toBeDefined();
    expect(recipe).toContain(DECLARED);
    expect(recipe).toContain("'owner-walk.json'");
    expect(ownerAddress()).toBeDefined();
  });

  it("a budget of pages per run: each run takes the checkpoint on, the last saves {}, and the runs store every item of the walk once (limit: 3, maxPages: 2)", async () => {
    const LIMIT = 3;
    const PER_RUN = 2;
    const whole = await uninterrupted(LIMIT);
    // (The walk needs more than one run: else this test would show nothing about resuming.)
    expect(whole.pages, "pages of the whole walk").toBeGreaterThan(PER_RUN);
    expect(new Set(whole.items).size).toBe(whole.items.length);
    const dir = project(
      program({ "limit: 1000": `limit: ${LIMIT}`, "maxPages: 50": `maxPages: ${PER_RUN}` }),
    );
    const runs = await runUntilDone(dir, whole.pages + 2);
    expect(runs.map((r) => ({ code: r.code, stderr: r.stderr }))).toEqual(
      runs.map(() => ({ code: 0, stderr: "" })),
    );
    expect(runs.length).toBe(Math.ceil(whole.pages / PER_RUN));
    // Each run goes on from the page after the last one saved, and saves where the next one starts.
    const pageOf = (saved: string | undefined) =>
      (parseJson(saved!) as { next?: { page?: number } }).next?.page;
    expect(runs.map((r) => r.asked)).toEqual(
      runs.map((_, i) =>
        Array.from(
          { length: Math.min(PER_RUN, whole.pages - i * PER_RUN) },
          (_, p) => i * PER_RUN + p + 1,
        ),
      ),
    );
    expect(runs.map((r) => pageOf(r.saved))).toEqual([
      ...runs.slice(1).map((_, i) => (i + 1) * PER_RUN + 1),
      undefined,
    ]);
    expect(parseJson(runs[0]!.saved!)).toEqual({
      next: { ownerAddress: ownerAddress(), limit: LIMIT, page: PER_RUN + 1 },
    });
    expect(runs.at(-1)!.saved).toBe("{}");
    expect(storedLines(dir)).toEqual(whole.items);
    // Done: one more run sends nothing and leaves `{}`.
    const after = await runOnce(dir);
    expect(after).toEqual({ code: 0, stderr: "", saved: "{}", asked: [] });
    expect(storedLines(dir)).toEqual(whole.items);
  }, 120_000);

  it("as written (limit: 1000, maxPages: 50): done in one run, as the mock's first page is short", async () => {
    const whole = await uninterrupted(1000);
    expect(whole.pages).toBe(1);
    const dir = project(program());
    const runs = await runUntilDone(dir, 3);
    expect(runs).toEqual([{ code: 0, stderr: "", saved: "{}", asked: [1] }]);
    expect(storedLines(dir)).toEqual(whole.items);
    expect(whole.items.length).toBeGreaterThan(0);
  }, 60_000);

  it("a crash after a page is stored and before its checkpoint is saved repeats that page, and skips none", async () => {
    const LIMIT = 3;
    const whole = await uninterrupted(LIMIT);
    const dir = project(
      program({ "limit: 1000": `limit: ${LIMIT}`, "maxPages: 50": "maxPages: 2" }),
    );
    // The first run stores pages 1 and 2 and dies before saving page 2's checkpoint.
    const crashed = await runOnce(dir, { CRASH_AFTER_STORE: "2" });
    expect(crashed.code).not.toBe(0);
    expect(crashed.stderr).toContain("crashed after storing a page");
    expect(crashed.asked).toEqual([1, 2]);
    expect(parseJson(crashed.saved!)).toEqual({
      next: { ownerAddress: ownerAddress(), limit: LIMIT, page: 2 },
    });
    const runs = await runUntilDone(dir, whole.pages + 2);
    expect(runs.every((r) => r.code === 0 && r.stderr === "")).toBe(true);
    expect(runs[0]!.asked[0], "the next run asks for the page again").toBe(2);
    expect(runs.at(-1)!.saved).toBe("{}");
    // Page 2's items twice (the store is idempotent by asset id), and every item of the walk.
    const [page1, page2, ...rest] = whole.byPage;
    const stored = storedLines(dir);
    expect(stored).toEqual([...page1!, ...page2!, ...page2!, ...rest.flat()]);
    expect(page2!.length).toBeGreaterThan(0);
    expect([...new Set(stored)]).toEqual(whole.items);
  }, 120_000);
});
