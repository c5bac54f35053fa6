// The docs site as a first-time reader meets it (review 47), without a browser: Getting started
// says where an API key comes from before the first call asks for one, and the search finds that
// place by the words such a reader types; a screen reader's list of a page's buttons tells its
// copy buttons apart.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocs } from "../../packages/docs/src/index.mjs";
import { text } from "./html-text.js";

const tmp = mkdtempSync(join(tmpdir(), "chaindata-docs-readers-"));
const out = join(tmp, "site");
const page = (path: string) => readFileSync(join(out, path), "utf8");
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) =>
    statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)],
  );

beforeAll(() => {
  buildDocs({ out });
}, 60_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("docs site for a first-time reader", () => {
  it("Getting started says where an API key comes from and how to keep it, before the first call reads one", () => {
    const html = page("getting-started.html");
    const at = html.indexOf('id="api-key"');
    expect(at).toBeGreaterThan(0);
    const call = html.indexOf('id="call"');
    expect(call).toBeGreaterThan(0);
    // Inside step 2, above its snippet (process.env.CHAINDATA_API_KEY).
    expect(at).toBeGreaterThan(call);
    expect(at).toBeLessThan(html.indexOf("CHAINDATA_API_KEY", at));
    const paragraph = text(html.slice(at, html.indexOf("</p>", at)));
    // The seed's Authentication items 1, 6 and 7.
    for (const words of [
      "web dashboard",
      "copy it at once",
      "not shown again",
      "client-side code",
      "public repositories",
      "separate key per environment",
      "IP addresses",
      "403",
    ])
      expect(paragraph, words).toContain(words);
    expect(html.slice(at, html.indexOf("</p>", at))).toContain(
      'href="#error-PermissionDeniedError"',
    );
  });

  it("the search leads 'dashboard' and 'api key' to that paragraph", () => {
    const index = JSON.parse(page("search-index.json")) as {
      entries: { n: string; u: string; t?: [string, string, string[]?][] }[];
    };
    const start = index.entries.find((e) => e.n === "Getting started");
    expect(start?.t).toEqual(
      expect.arrayContaining([
        ["Get an API key", "api-key", expect.arrayContaining(["dashboard", "api key"])],
      ]),
    );
  });

  it("no page has two copy buttons of one name: each names its example or the heading above it", () => {
    const twice: string[] = [];
    for (const file of walk(out).filter((f) => f.endsWith(".html"))) {
      const labels = [
        ...readFileSync(file, "utf8").matchAll(/class="copy" aria-label="([^"]*)"/g),
      ].map((m) => m[1]);
      for (const [i, label] of labels.entries())
        if (labels.indexOf(label) !== i) twice.push(`${file.slice(out.length + 1)}: ${label}`);
    }
    expect(twice).toEqual([]);
    const labels = (path: string) =>
      [...page(path).matchAll(/class="copy" aria-label="([^"]*)"/g)].map((m) => m[1]);
    expect(labels("getting-started.html")).toContain("Copy TypeScript: 2. Call one method");
    expect(labels("das/getAsset.html")).toEqual(
      expect.arrayContaining([
        "Copy TypeScript: programmableNft",
        "Copy TypeScript: fungibleToken",
      ]),
    );
    // A label used once stays as it was.
    expect(labels("webhooks/updateWebhook.html")).toContain("Copy TypeScript");
  });
});
