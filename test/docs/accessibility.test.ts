// The docs site's accessibility in a real browser (playwright-core driving the system Chromium):
// axe-core's WCAG 2.0 / 2.1 A and AA rules, 2.2 AA (target size) and its best practices, in the light and the dark
// scheme and on a 375 px screen; what axe does not look at, on every page: one h1 and no skipped
// heading level, named landmarks, a skip link that comes first, code blocks, tables and enum lists
// that a keyboard can scroll without script, header cells with a scope, unique ids and titles; and
// by keyboard: a visible focus that no scrolling box cuts and the sticky header never hides, the
// skip link, the narrow screen's menu, a search that works with the keyboard alone (axe runs with
// its results open too) and its Ctrl+K shortcut (no one-character shortcut: WCAG 2.1.4), and tab
// stops at only the boxes that overflow (at every box without script, which axe checks too).
//
// axe runs on the pages that together hold every element of the site, with its classes and its
// parent's (coverPages: 22 of 201 pages): axe and a page load cost about 0.35 s of CPU a page, so
// every page in three passes would take minutes on two cores, while the other 179 pages repeat
// those elements with other text. Every page gets the structure checks (parsed, not laid out).
// DOCS_A11Y_ALL=1 runs axe on every page in every pass.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AxeResults, RunOptions } from "axe-core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveDocs, type DocsServer } from "../../packages/docs/src/index.mjs";
import { launchChromium } from "../chromium.js";

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const TABS = 2;
const AXE_ON_EVERY_PAGE = process.env.DOCS_A11Y_ALL === "1";
const DESKTOP = { width: 1360, height: 900 };
const MOBILE = { width: 375, height: 800 };
/** The boxes that scroll when their content is larger than they are. */
const SCROLL_BOXES = "pre.code, .table-wrap, .enum-wrap";

const tmp = mkdtempSync(join(tmpdir(), "chaindata-docs-a11y-"));
const site = join(tmp, "site");
let server: DocsServer;
let browser: Browser;
let origin: string;
let pages: string[];

declare global {
  interface Window {
    axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
  }
}

/**
 * The pages that, together, hold every element of the site as `parent.classes > tag.classes`: a
 * greedy set cover over the built HTML, ties to the first page in path order (deterministic).
 */
function coverPages(files: string[]): string[] {
  const VOID = new Set(["meta", "link", "br", "input", "img", "hr", "wbr"]);
  const signatures = (html: string) => {
    const out = new Set<string>();
    const open: Array<{ tag: string; me: string }> = [];
    for (const [, close, tag, attrs] of html.matchAll(/<(\/?)([a-z][a-z0-9]*)\b([^>]*)>/g)) {
      if (close) {
        const at = open.map((o) => o.tag).lastIndexOf(tag!);
        if (at >= 0) open.length = at;
        continue;
      }
      const classes = (/\bclass="([^"]*)"/.exec(attrs!)?.[1] ?? "").split(/\s+/).filter(Boolean);
      const me = [tag, ...classes.sort()].join(".");
      out.add(`${open.at(-1)?.me ?? ""} > ${me}`);
      if (!VOID.has(tag!)) open.push({ tag: tag!, me });
    }
    return out;
  };
  const held = new Map(files.map((f) => [f, signatures(readFileSync(join(site, f), "utf8"))]));
  const left = new Set([...held.values()].flatMap((s) => [...s]));
  const chosen: string[] = [];
  while (left.size) {
    let best = "";
    let most = 0;
    for (const [file, sigs] of held) {
      const n = [...sigs].filter((s) => left.has(s)).length;
      if (n > most) [best, most] = [file, n];
    }
    chosen.push(best);
    for (const s of held.get(best)!) left.delete(s);
  }
  return chosen.sort();
}

// axe's rules (of AXE_TAGS) that measure colours: the others look at the markup and the layout.
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
/** axe's rules for AXE_TAGS, all of them or all but COLOUR_RULES, or just these. */
type Rules = "all" | "all but colours" | string[];

/** Runs in the page: axe's violations, as lines `rule  selector  what`. */
async function axeProblems({
  tags,
  rules,
  colourRules,
}: {
  tags: string[];
  rules: Rules;
  colourRules: string[];
}): Promise<string[]> {
  const results = await window.axe.run(document, {
    runOnly: Array.isArray(rules) ? { type: "rule", values: rules } : { type: "tag", values: tags },
    rules:
      rules === "all but colours"
        ? Object.fromEntries(colourRules.map((id) => [id, { enabled: false }]))
        : {},
    resultTypes: ["violations"],
  });
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}  ${n.target.join(" ")}  ${v.help}`),
  );
}

/**
 * Runs in a page of the site: fetches and parses each page (no layout, no script) and lists what
 * axe does not check, as lines `page  check  where  what`.
 */
async function structureProblems(paths: string[]): Promise<string[]> {
  const out: string[] = [];
  const titles = new Map<string, string>();
  const parser = new DOMParser();
  for (const path of paths) {
    const doc = parser.parseFromString(await (await fetch(`/${path}`)).text(), "text/html");
    const problem = (check: string, where: string, what: string) =>
      out.push(`${path}  ${check}  ${where}  ${what}`);
    // One h1; no heading more than one level below the one before it; none empty.
    const headings = [...doc.querySelectorAll("h1, h2, h3, h4, h5, h6")];
    const h1s = headings.filter((h) => h.tagName === "H1").length;
    if (h1s !== 1) problem("one-h1", "h1", `${h1s} h1 elements`);
    let level = 0;
    for (const h of headings) {
      const next = Number(h.tagName[1]);
      if (next > level + 1)
        problem("heading-levels", `${h.tagName.toLowerCase()}#${h.id}`, `h${level} → h${next}`);
      if (!h.textContent?.trim()) problem("heading-text", h.tagName.toLowerCase(), "empty");
      level = next;
    }
    // One main, one banner, one contentinfo; every navigation region named, each differently.
    for (const [selector, role] of [
      ["main", "main"],
      ["body > header", "banner"],
      ["body > footer", "contentinfo"],
    ])
      if (doc.querySelectorAll(selector!).length !== 1) problem("landmark", selector!, role!);
    const navNames = [...doc.querySelectorAll("nav")].map((n) => n.getAttribute("aria-label"));
    if (navNames.some((n) => !n) || new Set(navNames).size !== navNames.length)
      problem("nav-names", "nav", JSON.stringify(navNames));
    // The skip link is the first thing to focus, and leads to the main content.
    const first = doc.querySelector("a[href], button, input, summary, [tabindex]");
    if (!first?.matches('a.skip[href="#main"]') || doc.getElementById("main")?.tagName !== "MAIN")
      problem("skip-link", first?.outerHTML.slice(0, 60) ?? "-", "not the first focusable");
    // A code block, a table and an enum list scroll at some width: without script (which takes
    // those that do not overflow out of the tab order), the keyboard must be able to scroll each.
    for (const box of doc.querySelectorAll(`pre, .table-wrap, .enum-wrap`))
      if (box.getAttribute("tabindex") !== "0")
        problem(
          "scroll-box-focusable",
          box.tagName.toLowerCase(),
          `${box.textContent?.slice(0, 30)}… has no tabindex="0"`,
        );
    // Every header cell says what it heads.
    for (const th of doc.querySelectorAll("th"))
      if (!["col", "row"].includes(th.getAttribute("scope") ?? ""))
        problem("th-scope", "th", `"${th.textContent}" has no scope`);
    // Every link, button and summary has a name; every id is unique, every id reference resolves.
    for (const el of doc.querySelectorAll("a[href], button, summary"))
      if (!el.textContent?.trim() && !el.getAttribute("aria-label"))
        problem("name", el.tagName.toLowerCase(), el.outerHTML.slice(0, 60));
    const ids = [...doc.querySelectorAll("[id]")].map((e) => e.id);
    for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i)))
      problem("duplicate-id", `#${id}`, "used twice");
    for (const el of doc.querySelectorAll("[aria-describedby], [aria-labelledby], [aria-controls]"))
      for (const attr of ["aria-describedby", "aria-labelledby", "aria-controls"])
        for (const id of el.getAttribute(attr)?.split(/\s+/).filter(Boolean) ?? [])
          if (!doc.getElementById(id)) problem("aria-ref", `${attr}="${id}"`, "no such id");
    // A page's title tells it from every other page (tabs, history, screen readers).
    const title = doc.title.trim();
    if (!title || doc.documentElement.lang !== "en") problem("title-lang", "html", `"${title}"`);
    if (titles.has(title)) problem("unique-title", "title", `"${title}" as ${titles.get(title)}`);
    titles.set(title, path);
  }
  return out;
}

/** Waits until the page has drawn twice (after a resize, site.js updates on the next frame). */
const settle = (tab: Page) =>
  tab.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

type Pass = {
  name: string;
  colorScheme: "light" | "dark";
  viewport: { width: number; height: number };
  rules: Rules;
  /** Then focus every element the keyboard reaches (focusProblems). */
  focus?: boolean;
};

/**
 * Loads each page once, in a few reused tabs, and audits it in each pass (a colour scheme, a
 * width, which rules): the audit lines, each prefixed with its page and pass.
 */
async function audit(list: string[], passes: Pass[]): Promise<string[]> {
  const context = await browser.newContext({
    colorScheme: passes[0]!.colorScheme,
    viewport: passes[0]!.viewport,
    serviceWorkers: "block",
  });
  await context.addInitScript({ content: AXE_SOURCE });
  const queue = [...list];
  const problems: string[] = [];
  try {
    await Promise.all(
      Array.from({ length: TABS }, async () => {
        const tab = await context.newPage();
        tab.on("pageerror", (e) => problems.push(`${tab.url()}  page-error  ${e.message}`));
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
          const first = passes[0]!;
          await tab.emulateMedia({ colorScheme: first.colorScheme });
          await tab.setViewportSize(first.viewport);
          // (site.js is deferred: it has run, over the styled page, by DOMContentLoaded.)
          await tab.goto(`${origin}/${path}`, { waitUntil: "domcontentloaded" });
          for (const pass of passes) {
            if (pass !== first) {
              await tab.emulateMedia({ colorScheme: pass.colorScheme });
              await tab.setViewportSize(pass.viewport);
              await settle(tab);
            }
            const lines = await tab.evaluate(axeProblems, {
              tags: AXE_TAGS,
              rules: pass.rules,
              colourRules: COLOUR_RULES,
            });
            problems.push(...lines.map((line) => `${path}  ${line}  (${pass.name})`));
            if (pass.focus) {
              await tab.keyboard.press("Tab");
              const focus = await tab.evaluate(focusProblems);
              problems.push(...focus.map((line) => `${path}  focus  ${line}  (${pass.name})`));
            }
          }
        }
      }),
    );
  } finally {
    await context.close();
  }
  return problems.sort();
}

/** The failure message: how many of each rule, then each problem on a line. */
function report(problems: string[]): string {
  const byRule = new Map<string, number>();
  for (const p of problems) {
    const rule = p.split("  ")[1]!;
    byRule.set(rule, (byRule.get(rule) ?? 0) + 1);
  }
  const shown = problems.slice(0, 150);
  return [
    `${problems.length} accessibility problems: ${[...byRule].map(([r, n]) => `${r} ×${n}`).join(", ")}`,
    ...shown,
    ...(problems.length > shown.length ? [`… and ${problems.length - shown.length} more`] : []),
  ].join("\n");
}

const LIGHT = { colorScheme: "light", viewport: DESKTOP } as const;
const DARK = { colorScheme: "dark", viewport: DESKTOP } as const;
const NARROW = { colorScheme: "light", viewport: MOBILE } as const;

/**
 * Runs in the page after a key press (so that focus by script shows as keyboard focus does):
 * focuses each element the keyboard reaches and lists those that show no focus indicator, whose
 * outline has less than 3:1 contrast (WCAG 1.4.11), whose focus ring a scrolling box cuts off, or
 * that end up off screen or under the sticky header.
 */
function focusProblems(): string[] {
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
    return getComputedStyle(document.body).backgroundColor;
  };
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).replace(/ /g, ".")}` : ""} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
  const out: string[] = [];
  const reachable = document.querySelectorAll<HTMLElement>(
    'a[href], button, input, summary, [tabindex]:not([tabindex="-1"])',
  );
  for (const el of reachable) {
    // (Not what a closed <details> holds, nor what is not displayed.)
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    el.focus();
    if (document.activeElement !== el) {
      out.push(`${name(el)}: cannot take focus`);
      continue;
    }
    const cs = getComputedStyle(el);
    const outline = cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) > 0;
    if (!el.matches(":focus-visible") || (!outline && cs.boxShadow === "none")) {
      out.push(`${name(el)}: no visible focus`);
      continue;
    }
    // Chromium draws `auto` as a two-colour ring that shows on any background.
    if (outline && cs.outlineStyle !== "auto") {
      const [a, b] = [lum(cs.outlineColor), lum(background(el.parentElement))].sort(
        (x, y) => y - x,
      );
      if ((a! + 0.05) / (b! + 0.05) < 3) out.push(`${name(el)}: focus outline below 3:1`);
    }
    // How far the ring reaches outside the element (Chromium draws `auto` about 2 px wide).
    const ring =
      (cs.outlineStyle === "auto" ? 2 : parseFloat(cs.outlineWidth)) + parseFloat(cs.outlineOffset);
    const box = el.getBoundingClientRect();
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const ucs = getComputedStyle(up);
      const frame = up.getBoundingClientRect();
      const left = frame.left + up.clientLeft;
      const top = frame.top + up.clientTop;
      // (Only what fits in the box, with room for the ring and the box's scroll padding, can show
      // whole.)
      const room = Math.max(ring, parseFloat(ucs.scrollPaddingLeft) || 0) * 2;
      const cutX =
        ucs.overflowX !== "visible" &&
        box.width + room <= up.clientWidth &&
        (box.left - ring < left - 0.5 || box.right + ring > left + up.clientWidth + 0.5);
      const cutY =
        ucs.overflowY !== "visible" &&
        box.height + room <= up.clientHeight &&
        (box.top - ring < top - 0.5 || box.bottom + ring > top + up.clientHeight + 0.5);
      if (cutX || cutY) out.push(`${name(el)}: focus ring cut off by ${name(up)}`);
    }
    // The middle of the part of its first box inside the window: what shows there must be it.
    const first = el.getClientRects()[0]!;
    const [left, right] = [Math.max(first.left, 0), Math.min(first.right, innerWidth)];
    const [top, bottom] = [Math.max(first.top, 0), Math.min(first.bottom, innerHeight)];
    const hit =
      left < right && top < bottom
        ? document.elementFromPoint((left + right) / 2, (top + bottom) / 2)
        : null;
    if (!hit || !el.contains(hit))
      out.push(`${name(el)}: hidden when focused (under ${hit ? name(hit) : "the screen edge"})`);
  }
  return out;
}

// The time limits of the keyboard tests that walk the page one key press at a time, each press
// and each look at the page a round trip to Chromium: their time is the machine's load more than
// their work. Measured on 2 shared cores (docs70): the two that Tab through every box of several
// pages took 34 s and 25 s at a load average of 20-28 with this file alone, 98 s and 47 s in a run
// of every docs suite at 18-26 (docs69 saw 60.1 s, over the 60 s they had): 300 s, 3x the worst.
// The search walk took 23 s alone and 35 s in the full run, of vitest's 60 s: 120 s. A focus that
// never moves still fails at once (the tab order is compared, not waited for). (Numbers, not
// constants: prettier keeps a test call whole only with a literal time limit.)

describe("docs site accessibility (axe-core in Chromium, keyboard)", () => {
  beforeAll(async () => {
    server = await serveDocs({ port: 0, dir: site, build: true });
    origin = new URL(server.url).origin;
    browser = await launchChromium();
    pages = readdirSync(site, { recursive: true, encoding: "utf8" })
      .map((f) => f.split("\\").join("/"))
      .filter((f) => f.endsWith(".html"))
      .sort();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  /**
   * A tab with axe, at `viewport`, in its own context (closed by the caller). `siteScript: false`
   * never loads site.js: the page as it is without JavaScript (axe still runs).
   */
  const newTab = async (viewport = DESKTOP, { siteScript = true, initScript = "" } = {}) => {
    const context = await browser.newContext({ viewport, serviceWorkers: "block" });
    await context.addInitScript({ content: `${initScript}\n${AXE_SOURCE}` });
    if (!siteScript) await context.route(/\/assets\/site\.js$/, (route) => route.abort());
    return { context, tab: await context.newPage() };
  };
  /** What has focus: `tag.class#id "text"` and whether it sits in main. */
  const focused = (tab: Page) =>
    tab.evaluate(() => {
      const el = document.activeElement!;
      return {
        what: `${el.tagName.toLowerCase()}${el.className ? `.${el.className}` : ""}${el.id ? `#${el.id}` : ""} "${(el.textContent ?? "").trim().slice(0, 20)}"`,
        inMain: Boolean(el.closest("main")),
      };
    });
  /** Whether the focused element shows a focus ring. */
  const focusedStyle = (tab: Page) =>
    tab.evaluate(() => {
      const el = document.activeElement!;
      const cs = getComputedStyle(el);
      return {
        visible:
          el.matches(":focus-visible") &&
          cs.outlineStyle !== "none" &&
          parseFloat(cs.outlineWidth) > 0,
      };
    });
  /** Presses Tab until `selector` has focus; how many presses that took (at most `max`). */
  const tabTo = async (tab: Page, selector: string, max = 6) => {
    for (let presses = 1; presses <= max; presses++) {
      await tab.keyboard.press("Tab");
      if (await tab.evaluate((s) => document.activeElement?.matches(s), selector)) return presses;
    }
    throw new Error(`${max} presses of Tab never reached ${selector}`);
  };
  const axeOn = (tab: Page) =>
    tab.evaluate(axeProblems, {
      tags: AXE_TAGS,
      rules: "all",
      colourRules: COLOUR_RULES,
    } satisfies Parameters<typeof axeProblems>[0]);
  /**
   * Presses Tab from the skip link (the first stop) until the focus leaves the page or comes round
   * again (at most `max` presses): which of the boxes that may scroll (SCROLL_BOXES, by their index
   * in the page) took the focus.
   */
  const walkTabOrder = async (tab: Page, max = 1000) => {
    await tab.evaluate(() => {
      for (const el of document.querySelectorAll("[data-walked]"))
        el.removeAttribute("data-walked");
      const skip = document.querySelector<HTMLElement>("a.skip")!;
      skip.setAttribute("data-walked", "");
      skip.focus();
    });
    const boxes: number[] = [];
    for (let presses = 1; presses <= max; presses++) {
      await tab.keyboard.press("Tab");
      const at = await tab.evaluate((selector) => {
        const el = document.activeElement;
        if (!el || el === document.body || el.hasAttribute("data-walked")) return undefined;
        el.setAttribute("data-walked", "");
        return [...document.querySelectorAll(selector)].indexOf(el);
      }, SCROLL_BOXES);
      if (at === undefined) return boxes;
      if (at >= 0) boxes.push(at);
    }
    throw new Error(`${max} presses of Tab never left the page`);
  };
  /** Each box that may scroll (SCROLL_BOXES, by index): what, shown, overflowing, a tab stop. */
  /** The pages whose boxes are checked at 375 px: between them, every kind of box overflows there. */
  // (A delivery's page for a plain table that overflows at 375 px, its receiver answers: the
  // fields tables, admin's params among them, stack there instead.)
  const NARROW_PAGES = [
    "das/getAsset.html",
    "admin/getProjectUsage.html",
    "webhooks/deliverRawEvents.html",
  ];
  const scrollBoxes = (tab: Page) =>
    tab.evaluate(
      (selector) =>
        [...document.querySelectorAll<HTMLElement>(selector)].map((box, i) => ({
          i,
          kind: box.matches("pre")
            ? "code"
            : box.matches(".enum-wrap")
              ? "enum list"
              : box.querySelector("a[href], summary")
                ? "table with links"
                : "table",
          // (not in a closed <details>)
          shown: box.checkVisibility(),
          overflows: box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight,
          tabStop: box.getAttribute("tabindex") === "0",
          group: box.getAttribute("role") === "group" ? box.getAttribute("aria-label") : null,
        })),
      SCROLL_BOXES,
    );
  const indexes = (boxes: Array<{ i: number }>) => boxes.map((box) => box.i);
  /** Scrolls box `index` (of SCROLL_BOXES) to its start, focuses it; `key` must scroll it. */
  const arrowScrolls = async (tab: Page, index: number, key: "ArrowRight" | "ArrowDown") => {
    const offset = () =>
      tab.evaluate(
        ([selector, i]) => {
          const box = document.querySelectorAll(selector)[i]!;
          return document.activeElement === box ? box.scrollLeft + box.scrollTop : -1;
        },
        [SCROLL_BOXES, index] as const,
      );
    await tab.evaluate(
      ([selector, i]) => {
        const box = document.querySelectorAll<HTMLElement>(selector)[i]!;
        box.scrollTo(0, 0);
        box.focus();
      },
      [SCROLL_BOXES, index] as const,
    );
    expect(await offset(), `box ${index} takes the focus`).toBe(0);
    await tab.keyboard.press(key);
    // (Chromium scrolls smoothly: wait until it has moved.)
    await expect.poll(offset, { message: `${key} scrolls box ${index}` }).toBeGreaterThan(0);
  };

  it("keyboard: the skip link is the first stop, shows when focused, and leads past the header and navigation", async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, tab } = await newTab(viewport);
      try {
        await tab.goto(`${origin}/das/getAsset.html`);
        expect(await tabTo(tab, "a.skip", 1)).toBe(1);
        const shown = await tab.evaluate(() => {
          const skip = document.activeElement!;
          const box = skip.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return {
            text: skip.textContent,
            onScreen: box.left >= 0 && box.top >= 0,
            onTop: hit === skip,
          };
        });
        expect(shown, `${viewport.width} px`).toEqual({
          text: "Skip to content",
          onScreen: true,
          onTop: true,
        });
        await tab.keyboard.press("Enter");
        await tab.keyboard.press("Tab");
        const next = await focused(tab);
        expect(next.inMain, `${viewport.width} px: ${next.what}`).toBe(true);
      } finally {
        await context.close();
      }
    }
  });

  it("keyboard: search is the third stop; the arrows walk the hits, Enter opens one, Escape closes the list; a status counts them; axe passes with the list open", async () => {
    const { context, tab } = await newTab();
    const state = () =>
      tab.evaluate(() => ({
        status: document.getElementById("search-status")!.textContent,
        listShown: !document.getElementById("search-results")!.hidden,
        focus:
          document.activeElement?.id ||
          document.activeElement?.querySelector(".hit-name")?.textContent,
      }));
    try {
      await tab.goto(`${origin}/getting-started.html`);
      expect(await tabTo(tab, "#search")).toBe(3); // skip link, brand, search
      await tab.keyboard.type("getAssetsBy");
      await tab.locator("#search-results li a").first().waitFor();
      const hits = await tab.locator("#search-results li a .hit-name").allTextContents();
      expect(hits.slice(0, 2)).toEqual(["getAssetsByAuthority", "getAssetsByOwner"]);
      // (The first 12, and how many there are in all: the status counts both.)
      const all = await tab.locator("#search-results li.more button").count();
      expect(await state()).toEqual({
        status: `${hits.length}${all ? ` of ${/\d+/.exec((await tab.textContent("#search-results li.more button"))!)![0]}` : ""} results: arrow keys to go through them, Enter to open`,
        listShown: true,
        focus: "search",
      });
      expect(await axeOn(tab)).toEqual([]);
      // down, down, up: the first hit; up again: the box; down: the first hit again
      for (const key of ["ArrowDown", "ArrowDown", "ArrowUp"]) await tab.keyboard.press(key);
      expect((await state()).focus).toBe("getAssetsByAuthority");
      await tab.keyboard.press("ArrowUp");
      expect(await state()).toMatchObject({ focus: "search", listShown: true });
      await tab.keyboard.press("ArrowDown");
      await tab.keyboard.press("ArrowDown");
      expect((await focusedStyle(tab)).visible).toBe(true);
      expect(await axeOn(tab)).toEqual([]);
      // Escape in the list: back in the box, list closed; Tab walks the hits too
      await tab.keyboard.press("Escape");
      expect(await state()).toMatchObject({ focus: "search", listShown: false });
      await tab.keyboard.press("ArrowDown");
      await tab.keyboard.press("Tab");
      expect(await state()).toMatchObject({ focus: "getAssetsByOwner", listShown: true });
      await tab.keyboard.press("Shift+Tab");
      await tab.keyboard.press("Enter");
      await tab.waitForURL(/\/das\/getAssetsByAuthority\.html$/);

      // no match: said so; Escape in the box empties it and closes the list, the focus stays
      await tabTo(tab, "#search");
      await tab.keyboard.type("zzzzqx");
      await tab.locator("#search-results li.none").waitFor();
      expect(await state()).toEqual({ status: "No match", listShown: true, focus: "search" });
      expect(await axeOn(tab)).toEqual([]);
      await tab.keyboard.press("Escape");
      expect(await state()).toEqual({ status: "", listShown: false, focus: "search" });
      expect(await tab.inputValue("#search")).toBe("");
      // Tab out of the box: the list closes and no longer covers the page
      await tab.keyboard.type("getAsset");
      await tab.locator("#search-results li a").first().waitFor();
      // (The hits, and the Show all button after them when there are more.)
      const stops = await tab.locator("#search-results li a, #search-results li button").count();
      expect(await tabTo(tab, "nav.side a", stops + 1)).toBe(stops + 1);
      expect(await state()).toMatchObject({ listShown: false });
    } finally {
      await context.close();
    }
  }, 120_000);

  it("keyboard, 375 px: the Menu link opens the navigation, whose first stop is Close menu; every link in it shows its focus", async () => {
    const { context, tab } = await newTab(MOBILE);
    try {
      await tab.goto(`${origin}/das/getAsset.html`);
      expect(await tabTo(tab, "a.menu-link")).toBe(3); // skip link, brand, Menu
      await tab.keyboard.press("Enter");
      expect(await tab.isVisible("nav.side")).toBe(true);
      // The menu is not tinted as a #fragment target: the current page's highlight stays visible.
      expect(await tab.locator(".target-flash").count()).toBe(0);
      await tab.keyboard.press("Tab");
      expect((await focused(tab)).what).toBe('a.menu-close "Close menu"');
      expect(await axeOn(tab)).toEqual([]);
      expect(await tab.evaluate(focusProblems)).toEqual([]);
      await tab.evaluate(() => (document.querySelector("a.menu-close") as HTMLElement).focus());
      await tab.keyboard.press("Enter");
      expect(await tab.isVisible("nav.side")).toBe(false);
      await tab.keyboard.press("Tab");
      expect((await focused(tab)).inMain).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("keyboard: Ctrl+K (⌘K on a Mac) takes the focus to the search box from anywhere, as the box and the home page say; / is no shortcut and types itself; without script no shortcut is named", async () => {
    const hint = (tab: Page) =>
      tab.evaluate(() => {
        const box = document.getElementById("search") as HTMLInputElement;
        return { placeholder: box.placeholder, keys: box.getAttribute("aria-keyshortcuts") };
      });
    const focusedId = (tab: Page) => tab.evaluate(() => document.activeElement?.id || "");
    const { context, tab } = await newTab();
    try {
      await tab.goto(`${origin}/das/getAsset.html`);
      expect(await hint(tab)).toEqual({
        placeholder: "Search methods, fields, errors…  (Ctrl+K)",
        keys: "Control+K",
      });
      await tabTo(tab, "a.skip", 1);
      // One character is no shortcut (WCAG 2.1.4): a stray "/" leaves the focus where it is.
      await tab.keyboard.press("/");
      expect(await focusedId(tab)).toBe("");
      await tab.keyboard.press("Control+k");
      expect(await focusedId(tab)).toBe("search");
      await tab.keyboard.type("get/Asset");
      expect(await tab.inputValue("#search")).toBe("get/Asset");
      // In the box, the shortcut selects what it holds: typing replaces it.
      await tab.keyboard.press("Control+k");
      await tab.keyboard.type("/x");
      expect(await tab.inputValue("#search")).toBe("/x");
      await tab.goto(`${origin}/index.html`);
      const said = await tab
        .locator("#conventions li", { hasText: "search box" })
        .evaluate((li) => [...li.querySelectorAll("kbd")].map((k) => k.textContent).join(" "));
      expect(said).toBe("Ctrl K ⌘ K");
    } finally {
      await context.close();
    }
    const mac = await newTab(DESKTOP, {
      initScript:
        'Object.defineProperty(Navigator.prototype, "platform", { get: () => "MacIntel" });',
    });
    try {
      await mac.tab.goto(`${origin}/das/getAsset.html`);
      expect(await hint(mac.tab)).toEqual({
        placeholder: "Search methods, fields, errors…  (⌘K)",
        keys: "Meta+K",
      });
      await tabTo(mac.tab, "a.skip", 1);
      // (Ctrl+K is the Mac's "delete to the end of the line" in text.)
      await mac.tab.keyboard.press("Control+k");
      expect(await focusedId(mac.tab)).toBe("");
      await mac.tab.keyboard.press("Meta+k");
      expect(await focusedId(mac.tab)).toBe("search");
    } finally {
      await mac.context.close();
    }
    const noScript = await newTab(DESKTOP, { siteScript: false });
    try {
      await noScript.tab.goto(`${origin}/das/getAsset.html`);
      expect(await hint(noScript.tab)).toEqual({
        placeholder: "Search methods, fields, errors…",
        keys: null,
      });
    } finally {
      await noScript.context.close();
    }
  });

  it("keyboard: only the code blocks, tables and enum lists that overflow are tab stops (1360 px, examples closed and open, then 375 px), and the arrow keys scroll them", async () => {
    /** The shown boxes: those that overflow are the tab stops, and the only boxes Tab reaches. */
    const onlyOverflowingStop = async (tab: Page) => {
      const shown = (await scrollBoxes(tab)).filter((box) => box.shown);
      const overflowing = shown.filter((box) => box.overflows);
      expect(indexes(shown.filter((box) => box.tabStop))).toEqual(indexes(overflowing));
      expect(await walkTabOrder(tab)).toEqual(indexes(overflowing));
      return { shown, overflowing };
    };
    const openEveryDetails = async (tab: Page) => {
      await tab.evaluate(() => {
        for (const d of document.querySelectorAll("details")) d.open = true;
      });
      await settle(tab);
    };
    const { context, tab } = await newTab();
    try {
      await tab.goto(`${origin}/das/getAsset.html`);
      const closed = await onlyOverflowingStop(tab);
      // (short code blocks and a long one)
      expect(
        closed.shown.filter((box) => box.kind === "code" && !box.overflows).length,
      ).toBeGreaterThanOrEqual(4);
      expect(closed.overflowing.map((box) => box.kind)).toEqual(["code"]);
      // Every <details> open: more code blocks show, the long ones are stops, the others not.
      await openEveryDetails(tab);
      const open = await onlyOverflowingStop(tab);
      expect(open.overflowing.length).toBeGreaterThan(closed.overflowing.length);
      expect(open.shown.length - open.overflowing.length).toBeGreaterThanOrEqual(20);

      // 375 px: more of them overflow, tables too; a table that scrolls is a named group. (Every
      // table of getAsset that overflows there has links: a plain one is a delivery's answers.)
      await tab.setViewportSize(MOBILE);
      const kinds = new Set<string>();
      for (const page of NARROW_PAGES) {
        if (page !== "das/getAsset.html") await tab.goto(`${origin}/${page}`);
        await openEveryDetails(tab);
        const narrow = await onlyOverflowingStop(tab);
        for (const box of narrow.overflowing.filter((b) => b.kind !== "code"))
          expect(box.group, `${page}: table ${box.i}`).toMatch(/^\S.*: table, scrolls sideways$/);
        for (const kind of new Set(narrow.overflowing.map((box) => box.kind))) {
          kinds.add(kind);
          await arrowScrolls(tab, narrow.overflowing.find((b) => b.kind === kind)!.i, "ArrowRight");
        }
      }
      expect(kinds).toEqual(new Set(["code", "table", "table with links"]));

      // A long enum list scrolls down.
      await tab.setViewportSize(DESKTOP);
      await tab.goto(`${origin}/webhooks/createWebhook.html`);
      await openEveryDetails(tab);
      const enums = (await onlyOverflowingStop(tab)).overflowing.filter(
        (box) => box.kind === "enum list",
      );
      expect(enums.length).toBeGreaterThan(0);
      expect(await tab.evaluate(focusProblems)).toEqual([]);
      await arrowScrolls(tab, enums[0]!.i, "ArrowDown");
    } finally {
      await context.close();
    }
  }, 300_000);

  it("keyboard, 375 px, without JavaScript: every code block, table and enum list is a tab stop, and the arrow keys scroll those too wide for the screen; axe passes", async () => {
    const { context, tab } = await newTab(MOBILE, { siteScript: false });
    try {
      const kinds = new Set<string>();
      for (const page of NARROW_PAGES) {
        await tab.goto(`${origin}/${page}`);
        const boxes = await scrollBoxes(tab);
        const shown = boxes.filter((box) => box.shown);
        // (The page cannot tell which overflow: all of them are stops, as the HTML says.)
        expect(
          shown.every((box) => box.tabStop),
          page,
        ).toBe(true);
        expect(await walkTabOrder(tab), page).toEqual(indexes(shown));
        const overflowing = shown.filter((box) => box.overflows);
        for (const kind of new Set(overflowing.map((box) => box.kind))) {
          kinds.add(kind);
          await arrowScrolls(tab, overflowing.find((box) => box.kind === kind)!.i, "ArrowRight");
        }
        expect(await axeOn(tab), page).toEqual([]);
      }
      expect(kinds).toEqual(new Set(["code", "table", "table with links"]));
    } finally {
      await context.close();
    }
  }, 300_000);

  it("the navigation's deprecated dot is announced: Chromium names a deprecated operation's link '<name> (deprecated)'; axe passes", async () => {
    // Chromium's own accessibility tree, as a screen reader gets it (playwright's ariaSnapshot
    // computes names itself, and counts a child's title, which Chromium does not).
    const linkName = async (tab: Page, selector: string) => {
      const cdp = await tab.context().newCDPSession(tab);
      const { root } = await cdp.send("DOM.getDocument");
      const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
      const { nodes } = await cdp.send("Accessibility.getPartialAXTree", {
        nodeId,
        fetchRelatives: false,
      });
      await cdp.detach();
      return nodes[0]?.name?.value;
    };
    const { context, tab } = await newTab();
    try {
      for (const path of ["token-metadata/getTokenMetadata.html", "mint/mintCompressedNft.html"]) {
        await tab.goto(`${origin}/${path}`);
        const id = path.split("/")[1]!.replace(".html", "");
        expect(await linkName(tab, 'nav.side a[aria-current="page"]'), path).toBe(
          `${id} (deprecated)`,
        );
        expect(await axeOn(tab)).toEqual([]);
      }
      await tab.goto(`${origin}/das/getAsset.html`);
      expect(await linkName(tab, 'nav.side a[aria-current="page"]')).toBe("getAsset");
      // The area lists are named by their headings: a deprecated area's link is heard inside the
      // "Deprecated" list, not after a heading a screen reader may have skipped.
      expect(await linkName(tab, "nav.side ul.nav-areas:not(.nav-deprecated)")).toBe("APIs");
      expect(await linkName(tab, "nav.side ul.nav-deprecated")).toBe("Deprecated");
    } finally {
      await context.close();
    }
  });

  it("a #fragment target is tinted until the next one; the menu and the main content never are", async () => {
    const { context, tab } = await newTab();
    try {
      await tab.goto(`${origin}/das/getAsset.html#src-1`);
      const tinted = () =>
        tab.evaluate(() => [...document.querySelectorAll(".target-flash")].map((el) => el.id));
      expect(await tinted()).toEqual(["src-1"]);
      await tab.evaluate(() => (location.hash = "#src-2"));
      await expect.poll(tinted).toEqual(["src-2"]);
      await tab.evaluate(() => (location.hash = "#site-nav"));
      await expect.poll(tinted).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("every page: one h1, no skipped or empty heading, named landmarks, the skip link first, focusable code, tables and enum lists, scoped header cells, unique ids and titles", async () => {
    expect(pages.length).toBeGreaterThan(100);
    const { context, tab } = await newTab();
    try {
      await tab.goto(`${origin}/index.html`);
      const problems = await tab.evaluate(structureProblems, pages);
      expect(problems, report(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("axe: light scheme at 1360 px, dark scheme (colours), 375 px; the keyboard focus shows on every element in light and at 375 px", async () => {
    const list = AXE_ON_EVERY_PAGE ? pages : coverPages(pages);
    // (The home page, an operation's, and the pages only one of a kind: outside Node's warning,
    // the source keys' table.)
    expect(list).toEqual(expect.arrayContaining(["index.html", "runtimes.html", "sources.html"]));
    expect(list.filter((p) => /^das\/get\w+\.html$/.test(p)).length).toBeGreaterThan(0);
    const problems = await audit(list, [
      { name: "light", ...LIGHT, rules: "all", focus: true },
      // The scheme changes only colours (the focus rings' --accent: contrast.test.ts), the width
      // only the layout.
      { name: "dark", ...DARK, rules: COLOUR_RULES },
      { name: "375px", ...NARROW, rules: "all but colours", focus: true },
    ]);
    expect(problems, report(problems)).toEqual([]);
    console.log(`axe: ${list.length} pages × 3 passes`);
    // (234 s at a load average of 25-37 on 2 shared cores, this file alone: 78 % of the 300 s it
    // had. 480 s is twice that, for a busier machine; docs70.)
  }, 480_000);
});
