// The docs site's Page walks page (page-walks.html) in Chromium: the search finds it by what a
// reader types for resuming a walk (resume, checkpoint, cursor, backfill, pagination), each hit at
// its section; an operation's Pagination fact leads to "Resuming a walk"; the page loads with no
// console error and no failed request; axe-core finds nothing on it, in the light and the dark
// scheme and on a 375 px screen. (browser.test.ts crawls every page and its links;
// accessibility.test.ts checks every page's structure, and runs axe on the pages that hold every
// element of the site, which need not include this one.)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AxeResults } from "axe-core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveDocs, type DocsServer } from "../../packages/docs/src/index.mjs";
import { launchChromium } from "../chromium.js";
import { searchHits } from "./search-hits.js";

const tmp = mkdtempSync(join(tmpdir(), "chaindata-docs-page-walks-"));
let server: DocsServer;
let browser: Browser;
let page: Page;
let origin: string;
const problems: string[] = [];

beforeAll(async () => {
  server = await serveDocs({ port: 0, dir: join(tmp, "site"), build: true });
  origin = new URL(server.url).origin;
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  // (Nothing leaves 127.0.0.1.)
  await context.route(
    (url) => url.protocol !== "data:" && url.hostname !== "127.0.0.1",
    (route) => {
      problems.push(`off the machine: ${route.request().url()}`);
      return route.abort();
    },
  );
  page = await context.newPage();
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning")
      problems.push(`console ${m.type()} on ${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error on ${page.url()}: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const hits = (query: string) => searchHits(page, query);

describe("the Page walks page in Chromium", () => {
  it("the search finds it by a reader's words for resuming a walk, each hit at its section (user trial 29)", async () => {
    await page.goto(`${origin}/index.html`);
    const resuming = { name: "Resuming a walk", href: "./page-walks.html#resuming-a-walk" };
    for (const query of ["resume", "checkpoint", "checkpoints", "backfill", "cursor", "restart"])
      expect((await hits(query))[0], query).toEqual(resuming);
    // A page's "Load more" button, the section's last recipe, by a front-end reader's words.
    for (const query of ["load more", "infinite scroll"])
      expect((await hits(query))[0], query).toEqual(resuming);
    // The operations' Pagination rows first (each says how its operation pages), the page among
    // the hits shown.
    const pagination = await hits("pagination");
    expect(pagination[0]!.href).toMatch(/#fact-pagination$/);
    expect(pagination).toContainEqual({ name: "Page walks", href: "./page-walks.html" });
    expect(await hits("page walks")).toContainEqual({
      name: "Page walks",
      href: "./page-walks.html",
    });
    for (const query of ["paginate", "PaginationDescriptor"])
      expect((await hits(query))[0], query).toEqual({
        name: "Walking a method no package covers",
        href: "./page-walks.html#walking-a-method-no-package-covers",
      });
    expect(problems).toEqual([]);
  });

  it("an operation's Pagination fact leads to Resuming a walk, which the navigation marks as the page it is on", async () => {
    await page.goto(`${origin}/das/getAssetsByOwner.html`);
    await page.locator("#fact-pagination a", { hasText: "Resuming a walk" }).click();
    await page.waitForURL(/\/page-walks\.html#resuming-a-walk$/);
    const heading = page.locator("#resuming-a-walk-h");
    expect(await heading.textContent()).toBe("Resuming a walk");
    expect(await heading.isVisible()).toBe(true);
    const top = await heading.evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(900);
    expect(await page.locator('nav.side a[aria-current="page"]').textContent()).toBe("Page walks");
    expect(await page.locator("h1").textContent()).toBe("Page walks");
    // (A walk capped by maxPages told from one that ended, resuming a walk, resuming typed by
    // resumeParamsOf, a page's "Load more", reading ahead, many walks in a pool, a method no
    // package covers.)
    expect(await page.locator('main code[data-lang="ts"]').count()).toBe(7);
    expect(problems).toEqual([]);
  });

  it("axe-core (WCAG 2.0 / 2.1 A and AA, best practices) finds nothing: light at 1360 px, dark, 375 px", async () => {
    const axe = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    const found: string[] = [];
    for (const [name, colorScheme, viewport] of [
      ["light", "light", { width: 1360, height: 900 }],
      ["dark", "dark", { width: 1360, height: 900 }],
      ["375px", "light", { width: 375, height: 800 }],
    ] as const) {
      const context = await browser.newContext({ colorScheme, viewport });
      try {
        // (Before the page's own scripts, as the site's CSP allows no inline script.)
        await context.addInitScript({ content: axe });
        const tab = await context.newPage();
        const response = await tab.goto(`${origin}/page-walks.html`);
        // (The page itself, not the server's 404 page, which axe would pass too.)
        expect(response?.status(), name).toBe(200);
        expect(await tab.locator("h1").textContent(), name).toBe("Page walks");
        const violations = await tab.evaluate(async () => {
          const { axe } = window as unknown as {
            axe: { run: (d: Document, o: object) => Promise<AxeResults> };
          };
          const results = await axe.run(document, {
            runOnly: {
              type: "tag",
              values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
            },
            resultTypes: ["violations"],
          });
          return results.violations.flatMap((v) =>
            v.nodes.map((n) => `${v.id}  ${n.target.join(" ")}  ${v.help}`),
          );
        });
        found.push(...violations.map((v) => `${name}: ${v}`));
      } finally {
        await context.close();
      }
    }
    expect(found).toEqual([]);
  });
});
