// The docs site as a first-time reader meets it (review 47), without a browser: Getting started
// says where an API key comes from before the first call asks for one, and the search finds that
// place by the words such a reader types.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocs } from "../../packages/docs/src/index.mjs";
import { text } from "./html-text.js";

const tmp = mkdtempSync(join(tmpdir(), "chaindata-docs-readers-"));
const out = join(tmp, "site");
const page = (path: string) => readFileSync(join(out, path), "utf8");

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
});
