// The docs site in a real browser (playwright-core driving the system Chromium): every
// page loads with no console error, no failed request and no request off 127.0.0.1;
// a crawl from the home page reaches every page through links that all resolve;
// navigation and search work; screenshots go to test-results/docs/.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveDocs, type DocsServer } from "../../packages/docs/src/index.mjs";
// @ts-expect-error — plain ESM module without type declarations
import { loadSite } from "../../packages/docs/src/model.mjs";
// @ts-expect-error — plain ESM module without type declarations
import { HELIUS } from "../../packages/docs/src/pages.mjs";
import { launchChromium } from "../chromium.js";
import { searchHits } from "./search-hits.js";

const root = join(import.meta.dirname, "../..");
const shots = join(root, "test-results/docs");

const tmp = mkdtempSync(join(tmpdir(), "chaindata-docs-browser-"));
let server: DocsServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pool: Page[] = [];
const CRAWLERS = 3;
let origin: string;
const offsite: string[] = [];
const problems: string[] = [];

/**
 * Runs in the page: an h1 that is one name in `code` (an operation's or schema's page): its text,
 * what a copy of it gives, and the breadcrumb's last item.
 */
function nameHeading() {
  const h1 = document.querySelector("h1");
  if (!h1 || h1.children.length !== 1 || h1.firstElementChild!.tagName !== "CODE") return undefined;
  const range = document.createRange();
  range.selectNodeContents(h1);
  const selection = getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  const copied = selection.toString();
  selection.removeAllRanges();
  return {
    text: h1.textContent,
    copied,
    crumb: document.querySelector(".crumbs > span:last-child")?.textContent,
  };
}

/**
 * Runs in the page: the text of each block (a paragraph, list item, `dd`, the breadcrumb, the h1)
 * inside the elements `selector` matches, line by line as drawn. A character drawn lower than the
 * one before starts a line; one not drawn (a space where the line breaks) stays on the line before.
 */
function drawnLines(selector: string): string[][] {
  const blocks = new Map<Element, { lines: string[]; top?: number }>();
  const range = document.createRange();
  for (const box of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const block = node.parentElement!.closest("p, li, dd, nav, h1")!;
      const drawn = blocks.get(block) ?? { lines: [""] };
      blocks.set(block, drawn);
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = [...range.getClientRects()].find((r) => r.width > 0)?.top;
        if (top !== undefined && drawn.top !== undefined && top > drawn.top + 2)
          drawn.lines.push("");
        drawn.lines.push(drawn.lines.pop() + text.charAt(i));
        drawn.top = top ?? drawn.top;
      }
    }
  }
  return [...blocks.values()].map((drawn) => drawn.lines);
}

/**
 * Where drawn lines break a word: a line that ends in a letter or digit and a next one that starts
 * with one, except at a camelCase hump (`getCompressedToken|AccountsByDelegate`, `NFT|List`):
 * `getCompressedTokenA|ccountsByDelegate`, `createDasR|pc`.
 */
const wordsBroken = (lines: string[]) =>
  lines.flatMap((line, i) => {
    const next = lines[i + 1];
    if (next === undefined || !/\w$/.test(line) || !/^\w/.test(next)) return [];
    const hump = /^[A-Z]/.test(next) && (/[a-z\d]$/.test(line) || /^[A-Z][a-z]/.test(next));
    return hump ? [] : [`${line.slice(-20)}|${next.slice(0, 20)}`];
  });

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) =>
    statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)],
  );

/**
 * Runs in the page: every element with text of its own whose colour has less than WCAG AA contrast
 * (4.5:1; 3:1 for large text) on its nearest opaque background.
 */
function lowContrastText(): string[] {
  const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
  const lum = (c: string) => {
    const [r, g, b] = rgb(c)
      .slice(0, 3)
      .map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const background = (el: Element | null): string => {
    for (; el; el = el.parentElement) {
      const c = getComputedStyle(el).backgroundColor;
      if (rgb(c)[3] !== 0) return c;
    }
    return "rgb(255, 255, 255)";
  };
  const out = new Set<string>();
  for (const el of document.querySelectorAll("body *")) {
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim())) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === "hidden" || !(el as HTMLElement).offsetParent) continue;
    const [a, b] = [lum(cs.color), lum(background(el))].sort((x, y) => y - x);
    const ratio = (a! + 0.05) / (b! + 0.05);
    const size = parseFloat(cs.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5))
      out.add(`${el.tagName.toLowerCase()}.${el.className} ${cs.color} = ${ratio.toFixed(2)}`);
  }
  return [...out];
}

describe("docs site in Chromium", () => {
  beforeAll(async () => {
    server = await serveDocs({ port: 0, dir: join(tmp, "site"), build: true });
    origin = new URL(server.url).origin;
    browser = await launchChromium();
    context = await browser.newContext({
      viewport: { width: 1360, height: 900 },
      serviceWorkers: "block",
    });
    // Nothing may leave 127.0.0.1: every request is recorded; any other host is aborted
    // (only off-host requests are intercepted, so local pages load at full speed).
    context.on("request", (r) => {
      const url = new URL(r.url());
      if (url.protocol !== "data:" && url.hostname !== "127.0.0.1") offsite.push(url.href);
    });
    await context.route(
      (url) => url.protocol !== "data:" && url.hostname !== "127.0.0.1",
      (route) => route.abort(),
    );
    const watch = (p: Page) => {
      p.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning")
          problems.push(`console ${m.type()} on ${p.url()}: ${m.text()}`);
      });
      p.on("pageerror", (e) => problems.push(`page error on ${p.url()}: ${e.message}`));
      p.on("requestfailed", (r) =>
        problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`),
      );
      p.on("response", (r) => {
        if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
      });
      return p;
    };
    // A small pool of reused tabs for the crawl; `page` is the one the other tests drive.
    pool = await Promise.all(
      Array.from({ length: CRAWLERS }, async () => watch(await context.newPage())),
    );
    page = pool[0]!;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it("crawls every page from the home page: loads cleanly, every internal link and #fragment resolves", async () => {
    const files = walk(join(tmp, "site")).map((f) =>
      relative(join(tmp, "site"), f).split("\\").join("/"),
    );
    const htmlFiles = new Set(files.filter((f) => f.endsWith(".html")));
    const allFiles = new Set(files);
    const ids = new Map<string, Set<string>>();
    const links: Array<{ from: string; to: string }> = [];
    const queue = ["index.html"];
    const seen = new Set(queue);
    let busy = 0;
    const visit = async (tab: Page, path: string) => {
      const res = await tab.goto(`${origin}/${path}`, { waitUntil: "load" });
      expect(res?.status(), path).toBe(200);
      const found = await tab.evaluate(() => ({
        ids: Array.from(document.querySelectorAll("[id]"), (e) => e.id),
        hrefs: Array.from(
          document.querySelectorAll("a[href], link[href], script[src], img[src]"),
          (e) => (e as HTMLAnchorElement).href || (e as HTMLScriptElement).src,
        ),
        h1: document.querySelector("h1")?.textContent ?? "",
      }));
      expect(found.h1, path).not.toBe("");
      ids.set(path, new Set(found.ids));
      for (const href of found.hrefs) {
        const url = new URL(href);
        if (url.origin !== origin) {
          // only inline data: (the favicon) and plain outbound anchors may point elsewhere
          expect(/^(https?|mailto|data):$/.test(url.protocol), `${path}: ${href}`).toBe(true);
          continue;
        }
        let target = decodeURIComponent(url.pathname.slice(1));
        if (target === "" || target.endsWith("/")) target += "index.html";
        links.push({ from: path, to: `${target}${url.hash}` });
        if (target.endsWith(".html") && !seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    };
    await Promise.all(
      pool.map(async (tab) => {
        for (;;) {
          const next = queue.shift();
          if (next === undefined) {
            if (!busy) return;
            await new Promise((r) => setTimeout(r, 10));
            continue;
          }
          busy++;
          try {
            await visit(tab, next);
          } finally {
            busy--;
          }
        }
      }),
    );
    const broken = links.filter(({ to }) => {
      const [file, frag] = to.split("#");
      if (!allFiles.has(file!)) return true;
      return Boolean(frag) && !ids.get(file!)?.has(decodeURIComponent(frag!));
    });
    expect(broken).toEqual([]);
    expect([...htmlFiles].filter((f) => !seen.has(f))).toEqual([]); // every page is reachable
    expect(problems).toEqual([]);
    expect(offsite).toEqual([]);
    console.log(`crawled ${seen.size} pages, ${links.length} internal links`);
    // (Every page loaded and every link followed: 87 s and 124.5 s, 69 % of the 180 s it had, in
    // two runs of every docs suite at a load average of 13-26 on 2 shared cores; 360 s is 2.9x
    // the slower. docs70.)
  }, 360_000);

  it("navigates by area: side navigation → area → operation", async () => {
    await page.goto(`${origin}/index.html`);
    await page.click('nav.side a[href="das/index.html"]');
    await page.waitForURL(/\/das\/index\.html$/);
    expect(await page.textContent("h1")).toBe("DAS");
    await page.click('nav.side a[href="../das/getAsset.html"]');
    await page.waitForURL(/\/das\/getAsset\.html$/);
    expect(await page.textContent("h1")).toBe("getAsset");
    expect(await page.getAttribute('nav.side a[aria-current="page"]', "href")).toBe(
      "../das/getAsset.html",
    );
    // Deprecated group holds the deprecated areas
    const deprecated = await page.$$eval("nav.side .nav-deprecated > li > a", (as) =>
      as.map((a) => a.getAttribute("href")),
    );
    expect(deprecated).toEqual(expect.arrayContaining(["../mint/index.html"]));
    // a schema link on the page leads to the schema page
    await page.click('#result a.tref[href="../schemas/Asset.html"]');
    await page.waitForURL(/\/schemas\/Asset\.html$/);
    expect(await page.textContent("h1")).toBe("Asset");
    expect(problems).toEqual([]);
  });

  it("searches: type a method name, click the hit, land on its page", async () => {
    await page.goto(`${origin}/wallet/getIdentity.html`);
    await page.fill("#search", "getAssetsByOwner");
    const hit = page.locator("#search-results li a").first();
    await hit.waitFor();
    expect(await hit.locator(".hit-name").textContent()).toBe("getAssetsByOwner");
    await hit.click();
    await page.waitForURL(/\/das\/getAssetsByOwner\.html$/);
    expect(await page.textContent("h1")).toBe("getAssetsByOwner");

    // a field name finds the operations that carry it; Enter opens the first hit
    await page.fill("#search", "last_indexed_slot");
    await page.locator("#search-results li a").first().waitFor();
    const subs = await page.locator("#search-results .hit-sub").allTextContents();
    expect(subs.some((s) => s.includes("field last_indexed_slot"))).toBe(true);
    await page.fill("#search", "sendTransaction");
    await page.locator("#search-results li a").first().waitFor();
    await page.press("#search", "Enter");
    await page.waitForURL(/\/sender\/sendTransaction\.html$/);
    // Ctrl+K focuses the search box
    await page.keyboard.press("Control+k");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("search");
    // auth names: the header finds the admin operations and the hosts table
    await page.fill("#search", "X-Api-Key");
    await page.locator("#search-results li a").first().waitFor();
    const authHits = await page.locator("#search-results .hit-name").allTextContents();
    expect(authHits).toEqual(expect.arrayContaining(["getProjectUsage", "Hosts and API keys"]));
    // A query that is exactly a name the key travels under finds the table that says where the
    // SDK puts it first, above the operations that merely take it.
    expect(authHits[0]).toBe("Hosts and API keys");
    await page.fill("#search", "api-key");
    await page.locator("#search-results li a").first().waitFor();
    expect(await page.locator("#search-results .hit-name").first().textContent()).toBe(
      "Hosts and API keys",
    );
    // SDK names that are not operations: the sender's tips, an error class
    await page.fill("#search", "tip");
    await page.locator("#search-results li a").first().waitFor();
    expect(await page.locator("#search-results .hit-name").first().textContent()).toBe("Tips");
    await page.press("#search", "Enter");
    await page.waitForURL(/\/sender\/index\.html#constants$/);
    await page.fill("#search", "RateLimitError");
    await page.locator("#search-results li a").first().waitFor();
    await page.locator("#search-results li a").first().click();
    await page.waitForURL(/\/getting-started\.html#error-RateLimitError$/);
    // the standalone form, by the factory or type of its endpoint (user trial: "No match")
    for (const [query, area] of [
      ["createDasRpc", "das"],
      ["DasRpc", "das"],
      ["createWalletRest", "wallet"],
    ]) {
      await page.fill("#search", query!);
      const standalone = page.locator("#search-results li a").first();
      await standalone.waitFor();
      expect(await standalone.locator(".hit-name").textContent(), query).toBe(
        "Standalone functions",
      );
      await page.press("#search", "Enter");
      await page.waitForURL(new RegExp(`/${area}/index\\.html#standalone$`));
    }
    // an enum value finds the schema that lists it, named as a value
    await page.fill("#search", "NFT_SALE");
    const valueHit = page.locator("#search-results li a").first();
    await valueHit.waitFor();
    expect(await valueHit.locator(".hit-name").textContent()).toBe("KnownTransactionType");
    expect(await valueHit.locator(".hit-sub").textContent()).toMatch(/^value NFT_SALE/);
    await page.fill("#search", "zzzzqx-qqqqzx");
    await page.locator("#search-results li.none").waitFor();
    expect(problems).toEqual([]);
  });

  it("search: an error code or HTTP status leads to the row naming the SDK's error class; a word of an operation's name finds the operations before schemas; SDK calls are found as written", async () => {
    const hitNames = async (query: string) => {
      await page.fill("#search", query);
      await page.locator("#search-results li a").first().waitFor();
      return page.locator("#search-results .hit-name").allTextContents();
    };
    await page.goto(`${origin}/das/getAsset.html`);
    expect((await hitNames("-32602"))[0]).toBe("-32602 Invalid params");
    await page.press("#search", "Enter");
    await page.waitForURL(/\/getting-started\.html#code-32602$/);
    expect(await page.locator("tr.target-flash").textContent()).toContain("BadRequestError");
    expect((await hitNames("429"))[0]).toBe("HTTP 429 Too Many Requests");
    expect(await page.locator("#search-results .hit-sub").first().textContent()).toContain(
      "RateLimitError",
    );
    // "compressed": the methods whose name holds the word, not only the schemas that start with it
    const compressed = await hitNames("compressed");
    const methods = compressed.filter((n) => /^get[A-Z]/.test(n));
    expect(methods).toEqual(
      expect.arrayContaining([
        "getCompressedAccountsByOwner",
        "getCompressedBalanceByOwner",
        "getCompressedTokenAccountsByOwner",
      ]),
    );
    expect(compressed.slice(0, methods.length)).toEqual(methods);
    const webhook = await hitNames("webhook");
    expect(webhook.slice(0, 3)).toEqual(["Webhook", "createWebhook", "deleteWebhook"]);
    // the call as the Package row and the snippets write it, with or without its parentheses
    for (const query of ["das.getAsset()", "das.getAsset", "createDasClient"])
      expect((await hitNames(query))[0], query).toBe(
        query === "createDasClient" ? "DAS" : "getAsset",
      );
    expect(problems).toEqual([]);
  });

  it("search finds what a reader calls it: bodies and payloads by either word, costs, rate limits and page walks at their rows, names however spelled, plurals, words of several places; a word's middle only when no word starts with the query", async () => {
    const hits = (query: string) => searchHits(page, query);
    const names = async (query: string) => (await hits(query)).map((h) => h.name);
    await page.goto(`${origin}/index.html`);
    // "payload": the deliveries' Payload sections first, then the REST request bodies and the
    // schema of an error's body (the site says "body" for those).
    const payload = await hits("payload");
    expect(payload.slice(0, 3)).toEqual(
      ["deliverDiscordMessages", "deliverEnhancedEvents", "deliverRawEvents"].map((name) => ({
        name,
        href: `./webhooks/${name}.html#payload`,
      })),
    );
    expect(payload).toEqual(
      expect.arrayContaining([
        { name: "ErrorBody", href: "./schemas/ErrorBody.html" },
        { name: "createWebhook", href: "./webhooks/createWebhook.html#request" },
      ]),
    );
    expect(await names("payloads")).toEqual(payload.map((h) => h.name));
    expect((await names("webhook payload")).slice(0, 3)).toEqual(
      payload.slice(0, 3).map((h) => h.name),
    );
    expect((await names("error payload"))[0]).toBe("ErrorBody");
    expect((await names("error body"))[0]).toBe("ErrorBody");
    // "request body": the operations that take one, at their Request section, before the schemas
    const requestBody = await hits("request body");
    const withBody = ["createWebhook", "getBatchIdentity", "getTokenMetadata", "updateWebhook"];
    expect(
      requestBody
        .slice(0, 4)
        .map((h) => h.name)
        .sort(),
    ).toEqual(withBody);
    expect(requestBody.slice(0, 4).every((h) => h.href.endsWith(".html#request"))).toBe(true);
    expect((await names("body")).slice(0, 5).sort()).toEqual(["ErrorBody", ...withBody].sort());
    // "bigint": the 64-bit integer schemas that the SDK types so, and Getting started's u64 guide
    expect((await names("bigint")).sort()).toEqual([
      "I64",
      "U64",
      "u64 values, and keeping results as JSON",
    ]);
    // A rate limit however written: the operations that document one (at that row), the option,
    // the error class.
    const rateLimit = await hits("rate limit");
    expect(rateLimit).toEqual(
      expect.arrayContaining([
        { name: "getProjectUsage", href: "./admin/getProjectUsage.html#fact-rate-limit" },
        { name: "RateLimitError", href: "./getting-started.html#error-RateLimitError" },
        { name: "Client and call options", href: "./getting-started.html#options" },
      ]),
    );
    for (const query of ["rate-limit", "rateLimit", "rate limits", "Rate Limit"])
      expect(await hits(query), query).toEqual(rateLimit);
    // The paginated operations at their Pagination row, above the schemas named …Pagination
    const pagination = await hits("pagination");
    expect(pagination[0]).toEqual({
      name: "getAssetsByAuthority",
      href: "./das/getAssetsByAuthority.html#fact-pagination",
    });
    expect(pagination.slice(0, 6).every((h) => h.href.endsWith("#fact-pagination"))).toBe(true);
    // "cost": the table of every operation's cost first (an evaluator's question, review 47), then
    // the operations whose Cost row documents their credits, at that row, each hit saying how
    // many; "credits" and "pricing" find the table too, and the Cost rows after the usage report's
    // credits.
    const cost = await hits("cost");
    expect(cost.length).toBe(12);
    expect(cost[0]).toEqual({ name: "Operations at a glance", href: "./operations.html" });
    expect(cost.slice(1).every((h) => /^\.\/\w+(-\w+)*\/\w+\.html#fact-cost$/.test(h.href))).toBe(
      true,
    );
    expect(await page.locator("#search-results .hit-sub").nth(1).textContent()).toMatch(
      /^Cost: 100 credits · /,
    );
    for (const query of ["credits", "pricing"])
      expect((await names(query)).slice(0, 2), query).toContain("Operations at a glance");
    // What the status badges say: "beta" finds the Wallet area and its operations, "deprecated"
    // the deprecated areas and operations (review 47: "beta" found the glance page and a constant).
    const beta = await names("beta");
    expect(beta).toEqual(
      expect.arrayContaining([
        "Wallet",
        "getBalances",
        "getBatchIdentity",
        "getFundedBy",
        "getHistory",
        "getIdentity",
        "getTransfers",
      ]),
    );
    expect(await names("deprecated")).toEqual(
      expect.arrayContaining([
        "Token metadata",
        "getTokenMetadata",
        "Mint (compressed NFT)",
        "mintCompressedNft",
      ]),
    );
    // Retrying a write by the word a reader asks with; install by npm.
    for (const query of ["idempotency", "idempotent", "idempotence"])
      expect((await names(query))[0], query).toBe("Retries and timeouts");
    expect((await names("npm"))[0]).toBe("Getting started");
    expect(await hits("costs")).toEqual(cost);
    expect((await hits("getAsset cost"))[0]).toEqual({
      name: "getAsset",
      href: "./das/getAsset.html#fact-cost",
    });
    const credits = await hits("credits");
    expect(credits.slice(0, 4).map((h) => h.name)).toEqual(
      expect.arrayContaining(["getProjectUsage", "ProjectUsage"]),
    );
    expect(credits.filter((h) => h.href.endsWith("#fact-cost")).length).toBeGreaterThan(0);
    // A plural finds the singular and back; "retry" leads to Getting started's retries first, then
    // the client's retry options.
    expect((await names("retry")).slice(0, 2)).toEqual([
      "Retries and timeouts",
      "Client and call options",
    ]);
    expect((await names("max retry"))[0]).toBe("sendTransaction");
    expect((await names("signatures")).sort()).toEqual((await names("signature")).sort());
    expect((await names("api keys"))[0]).toBe("Hosts and API keys");
    expect((await names("nft sale"))[0]).toBe("KnownTransactionType");
    // Words of several places: the Webhooks area's deliveries of events
    expect((await names("webhook event")).slice(0, 2)).toEqual([
      "deliverEnhancedEvents",
      "deliverRawEvents",
    ]);
    // Only the start of a word: "tip" is not the middle of getMultipleNewAddressProofsV2, nor
    // "count" of the compressed accounts. (sendTransaction: its topic "Tip and priority fee".)
    expect(await names("tip")).toEqual(["Tips", "sendTransaction"]);
    expect((await names("count")).filter((n) => /Account/.test(n))).toEqual([]);
    expect(await page.locator("#search-results li.none").count()).toBe(0);
    // …unless no word starts with it: then, from 4 letters on, inside words too, and the list says
    // so. "hook" finds the webhooks (the operations first), "hooks" the same.
    const hook = await names("hook");
    expect(hook.slice(0, 5)).toEqual([
      "createWebhook",
      "deleteWebhook",
      "getWebhook",
      "listWebhooks",
      "updateWebhook",
    ]);
    expect(hook.every((n) => /webhook/i.test(n))).toBe(true);
    expect(await page.locator("#search-results li.none").textContent()).toBe(
      "No word starts with “hook”; found inside words:",
    );
    expect(await names("hooks")).toEqual(hook);
    expect((await names("hook event")).slice(0, 2)).toEqual([
      "deliverEnhancedEvents",
      "deliverRawEvents",
    ]);
    expect(await names("hoo")).toEqual([]);
    expect(await page.textContent("#search-status")).toBe("No match");
    expect(problems).toEqual([]);
  });

  it("search leads a reader asking how to batch calls to Getting started's Batching section first (docs69 F1: getAssetBatch, the DAS area or an error code came first)", async () => {
    const hits = (query: string) => searchHits(page, query);
    await page.goto(`${origin}/index.html`);
    const batching = { name: "Batching JSON-RPC calls", href: "./getting-started.html#batching" };
    for (const query of ["batch", "batching", "batch calls", "json-rpc batch", "createBatcher"])
      expect((await hits(query))[0], query).toEqual(batching);
    // getAssetBatch, the other meaning, stays next
    expect((await hits("batch"))[1]?.name).toBe("getAssetBatch");
    expect(problems).toEqual([]);
  });

  it("search leads a reader asking how to handle errors to Getting started's Errors section first (docs69 F3: the JSON-RPC codes' rows came first, catch and instanceof found nothing)", async () => {
    const hits = (query: string) => searchHits(page, query);
    await page.goto(`${origin}/index.html`);
    const errors = { name: "Errors", href: "./getting-started.html#errors" };
    for (const query of ["error handling", "handle errors", "catch", "try catch", "instanceof"])
      expect((await hits(query))[0], query).toEqual(errors);
    // the section holds what those words ask for
    await page.goto(`${origin}/getting-started.html#errors`);
    expect(await page.locator("#errors").textContent()).toContain("err instanceof RateLimitError");
    expect(problems).toEqual([]);
  });

  it("search leads a reader asking how to handle a 429 to the general answer first, HTTP 429 (RateLimitError) and Retries, then the JSON-RPC codes' rows (docs69: 'handle 429' listed the codes first)", async () => {
    const hits = (query: string) => searchHits(page, query);
    await page.goto(`${origin}/index.html`);
    const general = [
      { name: "HTTP 429 Too Many Requests", href: "./getting-started.html#error-RateLimitError" },
      { name: "RateLimitError", href: "./getting-started.html#error-RateLimitError" },
      { name: "Retries and timeouts", href: "./getting-started.html#retries" },
    ];
    for (const query of ["handle 429", "how to handle 429", "429"]) {
      const found = await hits(query);
      expect(found.slice(0, general.length), query).toEqual(general);
      // (the codes' rows still come, after)
      expect(found.filter((h) => /#code-/.test(h.href)).length, query).toBeGreaterThan(0);
      // every hit has the words asked: no "closest" list
      expect(await page.locator("#search-results li.none").count(), query).toBe(0);
    }
    // A code's own words still find its row first.
    expect((await hits("-32005"))[0]!.href).toBe("./getting-started.html#code-32005");
    expect((await hits("rate limit exceeded"))[0]!.href).toBe("./getting-started.html#code-32005");
    expect(problems).toEqual([]);
  });

  it("search finds the environments by their names and what a reader calls them, and the Sender's required tip and priority fee by the words a bot writer types, what an error holds by requestId, the CommonJS build by commonjs, the logger by debug (user trial 65, F2, F3, F4, F6, F10)", async () => {
    const hits = (query: string) => searchHits(page, query);
    await page.goto(`${origin}/index.html`);
    // (Before: "devnet" found three webhook delivery schemas, "mainnet" the tip accounts, "network"
    // (helius-sdk's option) and "cluster" nothing.)
    const environments = { name: "Getting started", href: "./getting-started.html#environments" };
    for (const query of ["devnet", "mainnet", "network", "cluster", "mainnet-beta"])
      expect((await hits(query))[0], query).toEqual(environments);
    // The section says how a client picks one.
    await page.goto(`${origin}/getting-started.html#environments`);
    expect(await page.locator("#environments").textContent()).toContain(
      'createDasClient({ environment: "devnet" })',
    );
    await page.goto(`${origin}/index.html`);
    // (Before: "priority fee" found helius-sdk's getPriorityFeeEstimate under Not covered, "jito" and
    // "compute unit price" nothing or the testing guide.)
    const landing = { name: "sendTransaction", href: "./sender/sendTransaction.html#description" };
    for (const query of [
      "priority fee",
      "priority",
      "jito",
      "compute unit price",
      "setComputeUnitPrice",
    ])
      expect((await hits(query))[0], query).toEqual(landing);
    // What an error holds (user trial 65, F4): "requestId" found the webhooks' Request bodies.
    for (const query of ["requestId", "x-request-id", "request id"])
      expect((await hits(query))[0], query).toEqual({
        name: "What an error holds",
        href: "./getting-started.html#error-fields",
      });
    // Types and CommonJS (user trial 65, F6): "typescript", "commonjs", "esm" said No match.
    for (const query of ["typescript", "commonjs", "esm", "require"])
      expect((await hits(query))[0], query).toEqual({
        name: "Getting started",
        href: "./getting-started.html#cjs",
      });
    // The logger and the abort signal by what a reader calls them, the receiver by "replay"
    // (user trial 65, F10: "debug" and "replay" said No match, "cancel" found a transaction type).
    for (const query of ["debug", "logging", "cancel"])
      expect((await hits(query))[0], query).toEqual({
        name: "Client and call options",
        href: "./getting-started.html#options",
      });
    expect((await hits("replay"))[0]!.href).toMatch(/^\.\/webhooks\/deliver\w+\.html#receiver$/);
    // (rpcError: the class JsonRpcError, whose name it starts, comes first.)
    expect((await hits("rpcError")).slice(0, 2).map((h) => h.name)).toEqual([
      "JsonRpcError",
      "What an error holds",
    ]);
    // The tip accounts keep the word "tip"; the method comes next.
    expect((await hits("tip")).slice(0, 2)).toEqual([
      { name: "Tips", href: "./sender/index.html#constants" },
      landing,
    ]);
  });

  it("search answers a reader coming from helius-sdk: its names, what is not covered, the edit helpers, retries (user trial 8: each of these said No match)", async () => {
    const names = async (query: string) => {
      await page.fill("#search", "");
      await page.fill("#search", query);
      await page.locator("#search-results li").first().waitFor();
      return page.locator("#search-results li a .hit-name").allTextContents();
    };
    await page.goto(`${origin}/getting-started.html`);
    // helius-sdk's methods that build, price and confirm a transaction: "Not covered" unless the
    // spec has an operation of that name (the page served is built from spec/dist), whose page then
    // comes first (user trial 25: a priority-fee area's getPriorityFeeEstimate).
    const ops = new Set(
      loadSite(join(root, "spec/dist")).areas.flatMap((a: any) => a.ops.map((o: any) => o.id)),
    );
    const sending = (m: string) => (ops.has(m) ? m : "Not covered");
    const first = {
      helius: "Coming from helius-sdk",
      getAllWebhooks: "Coming from helius-sdk",
      appendAddressesToWebhook: "Coming from helius-sdk",
      "rpc.getAsset": "Coming from helius-sdk",
      ...Object.fromEntries(
        (HELIUS.sending as { name: string }[]).map(({ name }) => [name, sending(name)]),
      ),
      searchAssets: "Not covered",
      getAssetsByGroup: "Not covered",
      getSignaturesForAsset: "Not covered",
      addWebhookAddresses: "Change a webhook's settings",
      removeWebhookAddresses: "Change a webhook's settings",
      "Retry-After": "Retries and timeouts",
      // (user trial 65, F10: "user agent" reached not the table's userAgent row.)
      "user agent": "Coming from helius-sdk",
      userAgent: "Coming from helius-sdk",
      "X-Helius-Client": "Coming from helius-sdk",
    };
    for (const [query, name] of Object.entries(first))
      expect((await names(query))[0], query).toBe(name);
    for (const [query, name] of [
      ["migrat", "Coming from helius-sdk"],
      ["smart", "Not covered"],
      ["priority fee", sending("getPriorityFeeEstimate")],
      ["editWebhook", "Change a webhook's settings"],
      ["backoff", "Retries and timeouts"],
    ])
      expect(await names(query!), query).toContain(name);
  });

  it("search answers user trial 17's queries: words no page has do not empty the list, the site's own words (page walk, paginated, .all(), receiver), questions and possessives; it says how many of how many it shows, shows all on request, and offers the Index when nothing matches", async () => {
    const hits = async (query: string) => {
      await page.fill("#search", "");
      await page.fill("#search", query);
      await page.locator("#search-results li").first().waitFor();
      // (The hits: not the Index link of the note that says there are none.)
      return page.locator("#search-results li:not(.none) a").evaluateAll((links) =>
        links.map((a) => ({
          name: a.querySelector(".hit-name")?.textContent ?? "",
          href: a.getAttribute("href") ?? "",
        })),
      );
    };
    const status = () => page.textContent("#search-status");
    await page.goto(`${origin}/index.html`);
    // The page walk by the site's words for it: the paginated operations, at their Pagination row.
    for (const query of ["page walk", "paginated", ".all()", "all pages"]) {
      const found = await hits(query);
      expect(found.length, query).toBeGreaterThanOrEqual(10);
      expect(
        found.slice(0, 10).every((h) => h.href.endsWith(".html#fact-pagination")),
        query,
      ).toBe(true);
    }
    // A word no page has ("all", "what", "does") leaves the entries with the others, best first.
    expect((await hits("all assets owner"))[0]).toEqual({
      name: "getAssetsByOwner",
      href: "./das/getAssetsByOwner.html#fact-pagination",
    });
    expect((await hits("getAssetsByOwner all"))[0]!.name).toBe("getAssetsByOwner");
    expect((await hits("what does 429 do"))[0]).toEqual({
      name: "HTTP 429 Too Many Requests",
      href: "./getting-started.html#error-RateLimitError",
    });
    const closest = await hits("getAssetsByOwner zzzzqx");
    expect(closest[0]!.name).toBe("getAssetsByOwner");
    expect(await page.locator("#search-results li.none").textContent()).toBe(
      "Nothing has every word of “getAssetsByOwner zzzzqx”; the closest:",
    );
    // A possessive's "s" is no word of its own.
    for (const query of ["sender's tip", "sender’s tip", "tip amount", "how much to tip"])
      expect((await hits(query))[0]!.name, query).toBe("Tips");
    // The webhook receiver, by what a reader asks.
    for (const query of ["verify webhook", "receiver", "dedupe", "duplicate"]) {
      const found = await hits(query);
      expect(found[0]!.href, query).toMatch(/^\.\/webhooks\/deliver\w+Events\.html#receiver$/);
    }
    // Outside Node.
    expect((await hits("cloudflare worker"))[0]!.href).toBe("./runtimes.html#workers");
    expect((await hits("browser"))[0]!.href).toBe("./runtimes.html#browser");
    // A front-end reader's bundler and dev server: the section says what each does with `process`
    // and the key, and holds the Vite dev server's proxy recipe.
    for (const query of ["vite", "webpack", "dev server"])
      expect((await hits(query))[0]!.href, query).toBe("./runtimes.html#browser");
    expect((await hits("deno"))[0]!.href).toMatch(/^\.\/runtimes\.html/);
    // Testing your code, by the tools a reader names (user trial 28).
    for (const query of ["jest", "vitest", "unit test", "msw", "nock", "fake timers"])
      expect((await hits(query))[0]!.href, query).toBe("./testing.html");
    // "webhook": the receiver among the hits shown; the rest on request, and said so.
    const webhook = await hits("webhook");
    expect(webhook).toHaveLength(12);
    expect(webhook).toContainEqual({
      name: "Webhook receiver",
      href: "./webhooks/deliverEnhancedEvents.html#receiver",
    });
    const total = Number(/^12 of (\d+) results: /.exec((await status()) ?? "")?.[1]);
    expect(total).toBeGreaterThan(12);
    const more = page.locator("#search-results li.more button");
    expect(await more.textContent()).toBe(`Show all ${total} results`);
    await more.click();
    expect(await page.locator("#search-results li a").count()).toBe(total);
    expect(
      await page.evaluate(() => document.activeElement?.querySelector(".hit-name") !== null),
    ).toBe(true);
    expect(await status()).toBe(`${total} results: arrow keys to go through them, Enter to open`);
    expect(await page.locator("#search-results li.more").count()).toBe(0);
    const names = await page.locator("#search-results .hit-name").allTextContents();
    expect(names).toEqual(expect.arrayContaining(["deliverEnhancedEvents", "deliverRawEvents"]));
    // Nothing at all: said so, with the Index, which lists every name, for the browser's find.
    await hits("zzzzqx");
    expect(await status()).toBe("No match");
    const none = page.locator("#search-results li.none");
    expect(await none.textContent()).toBe(
      "No match for “zzzzqx”. Try fewer or other words, or look it up in the Index, which lists every page and name.",
    );
    expect(await none.locator("a").getAttribute("href")).toBe(`${origin}/search.html?q=zzzzqx`);
    expect(problems).toEqual([]);
  });

  it("search without script: Enter in the box opens the index page, which lists every entry of the search index with its names, for the browser's find; from files too; over HTTP the script keeps Enter on the page", async () => {
    const index = JSON.parse(readFileSync(join(tmp, "site/search-index.json"), "utf8"));
    const noScript = await browser.newContext({
      viewport: { width: 375, height: 800 },
      javaScriptEnabled: false,
    });
    try {
      const tab = await noScript.newPage();
      await tab.goto(`${origin}/das/getAsset.html`);
      await tab.fill("#search", "payload");
      await tab.press("#search", "Enter");
      await tab.waitForURL(`${origin}/search.html?q=payload`);
      expect(await tab.textContent("h1")).toBe("Index");
      // Every entry, each linked to where its hit leads, with the names it is found by.
      const listed = await tab
        .locator("ul.idx > li")
        .evaluateAll((items) =>
          items.map((li) => [
            li.querySelector("a")!.getAttribute("href"),
            li.querySelector("a")!.textContent,
            li.textContent,
          ]),
        );
      expect(listed.map(([href, name]) => `${name} ${href}`).sort()).toEqual(
        index.entries.map((e: { n: string; u: string }) => `${e.n} ${e.u}`).sort(),
      );
      const getAsset = listed.find(([href]) => href === "das/getAsset.html")![2]!;
      expect(getAsset).toContain("last_indexed_slot");
      // A word the box finds is on the page for the browser's find: the deliveries' Payload
      expect(
        await tab.locator('a[href="webhooks/deliverRawEvents.html#payload"]').textContent(),
      ).toBe("Payload");
      // The home page says what the box does without script, and links the index.
      await tab.goto(`${origin}/index.html`);
      expect(
        await tab.locator("#conventions li", { hasText: "search box" }).textContent(),
      ).toContain("without JavaScript, Enter in it opens the index");
      expect(await tab.locator('nav.side a[href="search.html"]').textContent()).toBe("Index");
    } finally {
      await noScript.close();
    }
    // With script, from files (file://): the index cannot be fetched, so Enter opens the index page.
    const fromFiles = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    try {
      const tab = await fromFiles.newPage();
      await tab.goto(`file://${join(tmp, "site/das/getAsset.html")}`);
      await tab.fill("#search", "payload");
      await tab.locator("#search-results li.none").waitFor();
      expect(await tab.textContent("#search-results")).toContain("served over HTTP");
      // The note's link reads as a word of its sentence, not as a result row of its own.
      expect(
        await tab.locator("#search-results li.none a").evaluate((a) => getComputedStyle(a).display),
      ).toBe("inline");
      await tab.press("#search", "Enter");
      await tab.waitForURL(/\/search\.html\?q=payload$/);
      expect(await tab.textContent("h1")).toBe("Index");
    } finally {
      await fromFiles.close();
    }
    // With script over HTTP: Enter opens the first hit, or stays when there is none; a query in
    // the address fills the box, searched as the box gets the focus.
    await page.goto(`${origin}/das/getAsset.html`);
    await page.fill("#search", "zzzzqx");
    await page.locator("#search-results li.none").waitFor();
    await page.press("#search", "Enter");
    await page.waitForTimeout(200);
    expect(page.url()).toBe(`${origin}/das/getAsset.html`);
    await page.goto(`${origin}/search.html?q=payload`);
    expect(await page.inputValue("#search")).toBe("payload");
    await page.focus("#search");
    await page.locator("#search-results li a").first().waitFor();
    expect(await page.locator("#search-results .hit-name").first().textContent()).toBe(
      "deliverDiscordMessages",
    );
    expect(problems).toEqual([]);
  });

  it("a search hit on a field opens the page at its row, nested in closed <details> too; the link survives a reload and Back returns", async () => {
    // Where the fragment's row is: shown (its <details> open), below the sticky header, in view.
    const target = () =>
      page.evaluate(() => {
        const row = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        const box = row?.getBoundingClientRect();
        const header = document.querySelector("header.top")!.getBoundingClientRect().bottom;
        return {
          id: row?.id,
          shown: Boolean(box && box.height > 0),
          inView: Boolean(box && box.top >= header - 1 && box.top < innerHeight / 2),
        };
      });
    await page.goto(`${origin}/das/getAsset.html`);
    await page.fill("#search", "nextCursor");
    const hit = page.locator("#search-results li a").first();
    await hit.waitFor();
    expect(await hit.getAttribute("href")).toBe(
      "../wallet/getHistory.html#response-200.pagination.nextCursor",
    );
    await page.press("#search", "Enter");
    await page.waitForURL(/\/wallet\/getHistory\.html#response-200\.pagination\.nextCursor$/);
    const want = { id: "response-200.pagination.nextCursor", shown: true, inView: true };
    expect(await target()).toEqual(want);
    await page.reload();
    expect(await target()).toEqual(want);
    // A parameter's nested field leads to its own row.
    await page.fill("#search", "showZeroBalance");
    await page.locator("#search-results li a").first().waitFor();
    await page.press("#search", "Enter");
    await page.waitForURL(/\/das\/getAssetsBy\w+\.html#parameters\.options\.showZeroBalance$/);
    expect(await target()).toMatchObject({ shown: true, inView: true });
    await page.goBack();
    await page.waitForURL(/\/wallet\/getHistory\.html#response-200\.pagination\.nextCursor$/);
    expect(problems).toEqual([]);
  });

  it("a Copy button copies its block's code exactly (curl, TypeScript); without script there is no Copy button", async () => {
    const withClipboard = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    try {
      await withClipboard.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
      const tab = await withClipboard.newPage();
      await tab.goto(`${origin}/das/getAsset.html`);
      for (const label of ["curl", "TypeScript", "Request body"]) {
        const box = tab.locator(".codebox", {
          has: tab.locator(`.codebox-h span:text-is("${label}")`),
        });
        await box.first().locator("button.copy").click();
        const copied = await tab.evaluate(() => navigator.clipboard.readText());
        expect(copied, label).toBe(await box.first().locator("pre code").textContent());
      }
      expect(await tab.evaluate(() => navigator.clipboard.readText())).toMatch(
        /^\{\n {2}"jsonrpc"/,
      );
      const plain = await noScript.newPage();
      await plain.goto(`${origin}/das/getAsset.html`);
      expect(await plain.locator("pre code").count()).toBeGreaterThan(3);
      expect(await plain.locator("button.copy:visible").count()).toBe(0);
    } finally {
      await withClipboard.close();
      await noScript.close();
    }
  });

  it("search marks the hits of beta operations and areas as beta, as it marks deprecated ones", async () => {
    const firstHit = async (query: string) => {
      await page.fill("#search", query);
      const hit = page.locator("#search-results li a").first();
      await hit.waitFor();
      return {
        name: await hit.locator(".hit-name").textContent(),
        marks: await hit.locator(".hit-beta, .hit-dep").allTextContents(),
      };
    };
    await page.goto(`${origin}/index.html`);
    expect(await firstHit("getBalances")).toEqual({ name: "getBalances", marks: ["beta"] });
    expect(await firstHit("Wallet")).toEqual({ name: "Wallet", marks: ["beta"] });
    expect(await firstHit("mintCompressedNft")).toEqual({
      name: "mintCompressedNft",
      marks: ["deprecated"],
    });
    expect(await firstHit("getAsset")).toEqual({ name: "getAsset", marks: [] });
    expect(problems).toEqual([]);
  });

  it("expands nested fields and long enums", async () => {
    await page.goto(`${origin}/webhooks/createWebhook.html`);
    const list = page.locator("details.enum-list").first();
    expect(await list.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await list.locator("summary").click();
    expect(await list.locator("code.enum", { hasText: "NFT_SALE" }).first().isVisible()).toBe(true);
    await page.goto(`${origin}/das/getAsset.html`);
    const sub = page.locator("#result details.sub").first();
    await sub.locator("summary").first().click();
    expect(await sub.locator("table").first().isVisible()).toBe(true);
  });

  it("shows an object parameter's members without a click, so that the browser's find sees each (a closed <details> hid them from it)", async () => {
    const pages = walk(join(tmp, "site"))
      .map((f) => relative(join(tmp, "site"), f).split("\\").join("/"))
      .filter((f) => /^[\w-]+\/\w+\.html$/.test(f) && !f.startsWith("schemas/"));
    const hidden: string[] = [];
    let members = 0;
    await Promise.all(
      pool.map(async (tab) => {
        for (let path = pages.shift(); path !== undefined; path = pages.shift()) {
          await tab.goto(`${origin}/${path}`);
          // Each parameter's row, nested ones too (their ids are `parameters.<field>.<member>`).
          const rows = await tab.$$eval("#parameters tr[id]", (trs) =>
            trs.map((tr) => ({ id: tr.id, shown: tr.checkVisibility() })),
          );
          members += rows.filter((r) => r.id.split(".").length > 2).length;
          hidden.push(...rows.filter((r) => !r.shown).map((r) => `${path}: ${r.id}`));
        }
      }),
    );
    expect(hidden).toEqual([]);
    // (getAssetsByOwner's options and sortBy, sendTransaction's config, …: 40 or so members.)
    expect(members).toBeGreaterThan(30);
    // (About 40 pages, 3 tabs at once.)
  }, 180_000);

  it("keeps a name alone in a table cell on one line (error class, JSON-RPC code, schema, option) at 1360 and 375 px; the schema index does not scroll at 1360 px", async () => {
    // Runs in the page: the names (no space, no punctuation but - . $ @) that fill their cell,
    // drawn on more than one line. `code`'s overflow-wrap: anywhere let such a column shrink to a
    // few letters beside wide prose: "BadReques|tError" at 1360 px, "-326|02" at 375 px.
    const splitNames = () =>
      Array.from(document.querySelectorAll("main td code, main th code"))
        .filter((c) => {
          const name = c.textContent ?? "";
          return (
            c.closest("td, th")!.textContent.trim() === name &&
            /^[-\w.$@]+$/.test(name) &&
            (c as HTMLElement).offsetParent !== null &&
            c.getClientRects().length > 1
          );
        })
        .map((c) => c.textContent);
    const split: string[] = [];
    for (const path of ["wallet/getTransfers.html", "schemas/index.html", "getting-started.html"]) {
      await page.goto(`${origin}/${path}`);
      split.push(...(await page.evaluate(splitNames)).map((n) => `1360 ${path}: ${n}`));
    }
    // The index's names keep their width without the table outgrowing the page.
    await page.goto(`${origin}/schemas/index.html`);
    expect(
      await page.$eval(".table-wrap", (w) => w.scrollWidth - w.clientWidth),
      "schemas/index.html table scrolls at 1360 px",
    ).toBe(0);
    const mobile = await browser.newContext({ viewport: { width: 375, height: 800 } });
    try {
      const tab = await mobile.newPage();
      for (const path of ["das/getAsset.html", "wallet/getTransfers.html"]) {
        await tab.goto(`${origin}/${path}`);
        split.push(...(await tab.evaluate(splitNames)).map((n) => `375 ${path}: ${n}`));
      }
    } finally {
      await mobile.close();
    }
    expect(split).toEqual([]);
  });

  it("fits a 375 and a 1280 px wide screen: no page scrolls sideways (long base58 strings wrap); the h1 that names an operation or schema, the breadcrumb and the facts card break a name only between words (at a camelCase hump, after . / or (), and the h1 copies as the name", async () => {
    const files = walk(join(tmp, "site"))
      .map((f) => relative(join(tmp, "site"), f).split("\\").join("/"))
      .filter((f) => f.endsWith(".html"));
    const wide: string[] = [];
    const headings: string[] = [];
    const broken: string[] = [];
    let wrapped = 0;
    for (const width of [375, 1280]) {
      const screen = await browser.newContext({ viewport: { width, height: 800 } });
      try {
        const queue = [...files];
        const tabs = await Promise.all(Array.from({ length: CRAWLERS }, () => screen.newPage()));
        await Promise.all(
          tabs.map(async (tab) => {
            for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
              await tab.goto(`${origin}/${f}`);
              const w = await tab.evaluate(() => document.documentElement.scrollWidth);
              if (w > width) wide.push(`${width} ${f}: ${w}px`);
              // (The package row broke `compression.getCompressedTokenAccountsB|yDelegate()` at both
              // widths; the breadcrumb a schema's long name at 320 px.)
              for (const lines of await tab.evaluate(drawnLines, ".crumbs, .facts dd"))
                broken.push(...wordsBroken(lines).map((at) => `${width} ${f}: ${at}`));
              const h1 = await tab.evaluate(nameHeading);
              if (!h1) continue;
              const [lines = []] = await tab.evaluate(drawnLines, "h1 > code");
              if (lines.length > 1) wrapped++;
              broken.push(...wordsBroken(lines).map((at) => `${width} ${f} h1: ${at}`));
              // The breadcrumb's last item is the page's name, as the spec spells it.
              if (h1.text !== h1.crumb || h1.copied !== h1.crumb)
                headings.push(`${f}: h1 reads ${h1.text}, copies as ${h1.copied}`);
            }
          }),
        );
      } finally {
        await screen.close();
      }
    }
    expect(wide).toEqual([]);
    expect(headings).toEqual([]);
    expect(broken).toEqual([]);
    // (getCompressedTokenAccountsByDelegate and the like wrap at 375 px: the check above ran.)
    expect(wrapped).toBeGreaterThan(0);
    // (Every page loaded once: 92 s in a run of every docs suite at a load average of 22-26 on 2
    // shared cores, 77 % of the 120 s it had; 240 s was 2.6x that. Twice now, at two widths.)
  }, 480_000);

  it("operations at a glance, at 375 px with and without script: the page does not scroll sideways, nor does any table: each operation is a block with its every fact on screen, its name whole; at 1280 px no row is more than 6 lines tall and nothing scrolls (user trial 65, F1)", async () => {
    // (The table used to scroll in its box on a phone, 1,011 px wide: rows 210 px tall with only a
    // name and an area on screen; at 1280 px too, its rate limits squeezed to 99 px.)
    for (const javaScriptEnabled of [true, false]) {
      const mobile = await browser.newContext({
        viewport: { width: 375, height: 800 },
        javaScriptEnabled,
      });
      try {
        const tab = await mobile.newPage();
        await tab.goto(`${origin}/operations.html`);
        const fit = await tab.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          boxes: Array.from(document.querySelectorAll("main .table-wrap")).map((box) => {
            const { left, right } = box.getBoundingClientRect();
            return {
              caption: box.querySelector("caption")?.textContent,
              right: Math.round(right),
              scrolls: box.scrollWidth > box.clientWidth,
              // a cell (a name, area, transport, cost, rate limit, retries) out of its box's view
              off: Array.from(box.querySelectorAll("tbody tr > *"))
                .filter((cell) => {
                  const r = cell.getBoundingClientRect();
                  return r.left < left - 1 || r.right > right + 1;
                })
                .map(
                  (cell) =>
                    `${cell.closest("tr")!.querySelector("th")!.textContent}: ${cell.textContent}`,
                ),
              // a cell that does not say what it is (the column headers are out of sight)
              unlabelled: Array.from(box.querySelectorAll("tbody td"))
                .filter((td) => !getComputedStyle(td, "::before").content.includes(":"))
                .map((td) => td.textContent),
            };
          }),
          // an operation's name cut or drawn on two lines
          split: Array.from(document.querySelectorAll("table.glance th[scope=row] code"))
            .filter((c) => c.getClientRects().length !== 1)
            .map((c) => c.textContent),
        }));
        const where = `script ${javaScriptEnabled ? "on" : "off"}`;
        expect(fit.page, where).toBe(375);
        expect(fit.boxes.length, where).toBe(2);
        for (const box of fit.boxes) {
          expect(box.caption, where).toMatch(/^The \d+ (operations|deliveries)/);
          expect(box.right, where).toBeLessThanOrEqual(375);
          expect(box, where).toMatchObject({ scrolls: false, off: [], unlabelled: [] });
        }
        expect(fit.split, where).toEqual([]);
      } finally {
        await mobile.close();
      }
    }
    const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const tab = await laptop.newPage();
      await tab.goto(`${origin}/operations.html`);
      const rows = await tab.evaluate(() => ({
        scrolls: Array.from(document.querySelectorAll("main .table-wrap"))
          .filter((box) => box.scrollWidth > box.clientWidth)
          .map((box) => box.querySelector("caption")?.textContent),
        tall: Array.from(document.querySelectorAll("table.glance tbody tr"))
          .map((tr) => {
            const line = parseFloat(getComputedStyle(tr.querySelector("td")!).lineHeight);
            return {
              name: tr.querySelector("th")!.textContent,
              lines: tr.getBoundingClientRect().height / line,
            };
          })
          .filter((r) => r.lines > 6)
          .map((r) => `${r.name}: ${r.lines.toFixed(1)} lines`),
      }));
      expect(rows).toEqual({ scrolls: [], tall: [] });
    } finally {
      await laptop.close();
    }
  });

  it("on a phone (390 px) a field is a block: its name, type and description on screen together, no fields or hosts table scrolls; at 1360 px the page walk's fact spans the facts card (user trial 8)", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 800 } });
    try {
      const tab = await phone.newPage();
      for (const path of ["das/getAssetsByOwner.html", "wallet/getTransfers.html"]) {
        await tab.goto(`${origin}/${path}`);
        const fit = await tab.evaluate(() => ({
          // a fields table wider than its box (it scrolled: 835 px in a 358 px box)
          scrolling: Array.from(document.querySelectorAll("table.fields"))
            .map((t) => t.closest(".table-wrap")!)
            .filter((box) => box.scrollWidth > box.clientWidth).length,
          // each top-level field: its name's left and its description's right on screen, the
          // description below the name
          off: Array.from(document.querySelectorAll("#parameters table.fields > tbody > tr[id]"))
            .map((tr) => {
              const name = tr.querySelector(".f-name")!.getBoundingClientRect();
              const desc = tr.querySelector(".f-desc")!.getBoundingClientRect();
              return {
                id: tr.id,
                ok: name.left >= 0 && desc.right <= 390 && desc.top >= name.bottom - 1,
              };
            })
            .filter((f) => !f.ok)
            .map((f) => f.id),
          fields: document.querySelectorAll("#parameters table.fields > tbody > tr[id]").length,
        }));
        expect(fit.fields, path).toBeGreaterThan(2);
        expect(fit, path).toMatchObject({ scrolling: 0, off: [] });
      }
      // The home page's hosts: each base URL on one line, nothing scrolled.
      await tab.goto(`${origin}/index.html`);
      const hosts = await tab.evaluate(() => ({
        scrolls: (() => {
          const box = document.querySelector("table.hosts")!.closest(".table-wrap")!;
          return box.scrollWidth > box.clientWidth;
        })(),
        broken: Array.from(document.querySelectorAll("table.hosts code.url"))
          .filter((c) => c.getClientRects().length > 1)
          .map((c) => c.textContent),
      }));
      expect(hosts).toEqual({ scrolls: false, broken: [] });
    } finally {
      await phone.close();
    }
    await page.goto(`${origin}/das/getAssetsByOwner.html`);
    const card = await page.evaluate(() => {
      const dl = document.querySelector("dl.facts")!;
      const pad =
        parseFloat(getComputedStyle(dl).paddingLeft) +
        parseFloat(getComputedStyle(dl).paddingRight);
      return {
        card: Math.round(dl.clientWidth - pad),
        walk: Math.round(document.getElementById("fact-pagination")!.getBoundingClientRect().width),
      };
    });
    expect(card.walk).toBe(card.card);
  });

  it("on a narrow screen, starts with the content; the Menu link opens the navigation", async () => {
    const mobile = await browser.newContext({ viewport: { width: 375, height: 800 } });
    try {
      const tab = await mobile.newPage();
      await tab.goto(`${origin}/das/getAssetsByOwner.html`);
      expect(await tab.isVisible("nav.side")).toBe(false);
      const h1 = await tab.locator("h1").boundingBox();
      expect(h1!.y).toBeLessThan(250);
      await tab.click("a.menu-link");
      expect(await tab.isVisible("nav.side")).toBe(true);
      await tab.click('nav.side a[href="../das/getAsset.html"]');
      await tab.waitForURL(/\/das\/getAsset\.html$/);
      expect(await tab.textContent("h1")).toBe("getAsset");
      expect(await tab.isVisible("nav.side")).toBe(false);
      await tab.click("a.menu-link");
      await tab.click("a.menu-close");
      expect(await tab.isVisible("nav.side")).toBe(false);
      // The search box is narrow here; its results are not: every hit's name shows in full
      // (getAssetsByOwner and getAssetsByAuthority were both cut to "getAssetsBy").
      await tab.fill("#search", "getAssetsBy");
      await tab.locator("#search-results li a").first().waitFor();
      const clipped = await tab.evaluate(() => {
        const list = document.getElementById("search-results")!.getBoundingClientRect();
        return Array.from(document.querySelectorAll("#search-results .hit-name"))
          .filter((n) => n.getBoundingClientRect().right > list.right)
          .map((n) => n.textContent);
      });
      expect(clipped).toEqual([]);
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    } finally {
      await mobile.close();
    }
    // wide screens: the navigation is always there, the Menu link is not
    await page.goto(`${origin}/das/getAssetsByOwner.html`);
    expect(await page.isVisible("nav.side")).toBe(true);
    expect(await page.isVisible("a.menu-link")).toBe(false);
    expect(await page.isVisible("a.menu-close")).toBe(false);
  });

  it("on a phone (375, 320 px) the header keeps one row: the search box is a magnifier that opens over the row when focused, where its placeholder shows whole, with and without script; the box keeps its name; at 1360 px the shortcut's keys join it", async () => {
    /** Runs in the page: the placeholder, its width as drawn in the box's font, the box's room. */
    const placeholderOf = (tab: Page) =>
      tab.evaluate(() => {
        const box = document.getElementById("search") as HTMLInputElement;
        const cs = getComputedStyle(box);
        const ruler = document.createElement("canvas").getContext("2d")!;
        ruler.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const needs = Math.ceil(ruler.measureText(box.placeholder).width);
        const room = Math.floor(
          box.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
        );
        return {
          text: box.placeholder,
          fits: needs <= room,
          why: `"${box.placeholder}" needs ${needs} px, has ${room}`,
          name: box.getAttribute("aria-label"),
        };
      });
    /** Runs in the page: the header's height, the box's width, and the placeholder's colour. */
    const header = (tab: Page) =>
      tab.evaluate(() => {
        const box = document.getElementById("search") as HTMLInputElement;
        return {
          height: Math.round(document.querySelector("header.top")!.getBoundingClientRect().height),
          box: Math.round(box.getBoundingClientRect().width),
          placeholder: getComputedStyle(box, "::placeholder").color,
        };
      });
    /** Runs in the page: is the Menu link what shows at its middle (not under the search box)? */
    const menuOnTop = (tab: Page) =>
      tab.evaluate(() => {
        const menu = document.querySelector("a.menu-link")!;
        const r = menu.getBoundingClientRect();
        return (
          r.width > 0 && document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === menu
        );
      });
    await page.goto(`${origin}/das/getAssetsByOwner.html`);
    const wideHeader = (await header(page)).height;
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      try {
        const tab = await context.newPage();
        for (const width of [375, 320]) {
          await tab.setViewportSize({ width, height: 700 });
          await tab.goto(`${origin}/das/getAssetsByOwner.html`);
          const where = `${width} px, script ${javaScriptEnabled ? "on" : "off"}`;
          // Shut: as tall as the wide header (a row of its own made it 31 px taller), a box the
          // size of its magnifier, which shows no placeholder (it would be cut).
          const shut = await header(tab);
          expect(shut.height, where).toBe(wideHeader);
          expect(shut.box, where).toBeLessThanOrEqual(48);
          expect(shut.placeholder, where).toBe("rgba(0, 0, 0, 0)");
          // Nothing else gave way: no page scrolls sideways, the Menu link shows, uncovered.
          expect(await tab.evaluate(() => document.documentElement.scrollWidth), where).toBe(width);
          expect(await menuOnTop(tab), where).toBe(true);
          // Tapped: it spans the header's row, and the placeholder shows whole.
          await tab.click("#search");
          const open = await header(tab);
          expect(open.height, where).toBe(wideHeader);
          expect(open.box, where).toBeGreaterThan(width - 30);
          expect(open.placeholder, where).not.toBe("rgba(0, 0, 0, 0)");
          const got = await placeholderOf(tab);
          expect(got.fits, `${where}: ${got.why}`).toBe(true);
          expect(got.text, where).toMatch(/^Search \w/);
          expect(got.name, where).toBe("Search the docs");
          // Shift+Tab goes back to the Menu link, and the box shuts again over what was typed.
          await tab.keyboard.type("getAsset");
          await tab.keyboard.press("Shift+Tab");
          expect(await tab.evaluate(() => document.activeElement?.className), where).toBe(
            "menu-link",
          );
          expect(await menuOnTop(tab), where).toBe(true);
          expect((await header(tab)).box, where).toBeLessThanOrEqual(48);
          expect(
            await tab.evaluate(() => getComputedStyle(document.getElementById("search")!).color),
            where,
          ).toBe("rgba(0, 0, 0, 0)");
        }
      } finally {
        await context.close();
      }
    }
    await page.goto(`${origin}/das/getAsset.html`);
    const wide = await placeholderOf(page);
    expect(wide).toMatchObject({ fits: true, name: "Search the docs" });
    expect(wide.text).toMatch(/ {2}\(Ctrl\+K\)$/);
    // Narrowed to 320 px, the keys leave the placeholder rather than cut it short (in the box
    // opened), and come back when it widens again.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.focus("#search");
    await expect
      .poll(() => placeholderOf(page))
      .toMatchObject({ fits: true, text: wide.text.replace(/ {2}\(Ctrl\+K\)$/, "") });
    await page.setViewportSize({ width: 1360, height: 900 });
    await expect.poll(async () => (await placeholderOf(page)).text).toBe(wide.text);
    expect(problems).toEqual([]);
  });

  it("a missing page: the 404 page is laid out at a phone's width and asks for no favicon.ico", async () => {
    const phone = await browser.newContext({
      viewport: { width: 375, height: 800 },
      isMobile: true, // lays out a page without a viewport meta 980 px wide, as phones do
    });
    try {
      const tab = await phone.newPage();
      const res = await tab.goto(`${origin}/das/getAset.html`);
      expect(res?.status()).toBe(404);
      expect(await tab.textContent("h1")).toBe("Not found");
      expect(await tab.evaluate(() => innerWidth)).toBe(375);
      // The pages' inline icon: without one the browser asks for /favicon.ico, a second 404.
      expect(await tab.$eval('link[rel="icon"]', (l) => (l as HTMLLinkElement).href)).toMatch(
        /^data:image\/svg\+xml,/,
      );
      await tab.click("text=overview");
      await tab.waitForURL(/\/index\.html$/);
    } finally {
      await phone.close();
    }
  });

  it("keeps WCAG AA text contrast in dark mode (statuses, required, PUT/DELETE badges, button)", async () => {
    const dark = await browser.newContext({
      colorScheme: "dark",
      viewport: { width: 1360, height: 900 },
    });
    try {
      const tab = await dark.newPage();
      const low: string[] = [];
      for (const path of [
        "webhooks/deleteWebhook.html",
        "admin/getProjectUsage.html",
        "index.html",
      ]) {
        await tab.goto(`${origin}/${path}`);
        low.push(...(await tab.evaluate(lowContrastText)).map((l) => `${path}: ${l}`));
      }
      expect(low).toEqual([]);
    } finally {
      await dark.close();
    }
  });

  it("draws the search box's placeholder with WCAG AA contrast on the box, in light and dark mode (user trial 17: Chromium's own grey had 4.3:1 and 3.7:1)", async () => {
    const ratios: Record<string, number> = {};
    for (const colorScheme of ["light", "dark"] as const) {
      const scheme = await browser.newContext({
        colorScheme,
        viewport: { width: 1360, height: 900 },
      });
      try {
        const tab = await scheme.newPage();
        await tab.goto(`${origin}/index.html`);
        ratios[colorScheme] = await tab.evaluate(() => {
          const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number).slice(0, 3);
          const lum = (c: string) => {
            const [r, g, b] = rgb(c).map((v) => {
              const x = v / 255;
              return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
          };
          const box = document.getElementById("search")!;
          const placeholder = getComputedStyle(box, "::placeholder");
          // (A placeholder drawn see-through would blend into the box: count it only when opaque.)
          const opaque = placeholder.opacity === "1" && rgb(placeholder.color).length === 3;
          const [a, b] = [lum(placeholder.color), lum(getComputedStyle(box).backgroundColor)].sort(
            (x, y) => y - x,
          );
          return opaque ? (a! + 0.05) / (b! + 0.05) : 0;
        });
      } finally {
        await scheme.close();
      }
    }
    expect(ratios.light).toBeGreaterThanOrEqual(4.5);
    expect(ratios.dark).toBeGreaterThanOrEqual(4.5);
  });

  it("writes screenshots of the home page, a REST and a JSON-RPC operation", async () => {
    mkdirSync(shots, { recursive: true });
    for (const [path, name] of [
      ["index.html", "home.png"],
      ["wallet/getBalances.html", "rest-wallet-getBalances.png"],
      ["das/getAsset.html", "jsonrpc-das-getAsset.png"],
    ] as const) {
      await page.goto(`${origin}/${path}`);
      await page.screenshot({ path: join(shots, name) });
      expect(statSync(join(shots, name)).size).toBeGreaterThan(10_000);
    }
    expect(problems).toEqual([]);
    expect(offsite).toEqual([]);
  });
});
