/**
 * The docs preview server's cache validators (review 47 F5: every view downloaded every page
 * again, `Cache-Control: no-cache` with no `ETag` or `Last-Modified`): each file is served with
 * both, and a conditional request for an unchanged file is answered 304 without a body; a file
 * rewritten (a rebuild) gets a new tag and a full answer.
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveDocs, type DocsServer } from "../../packages/docs/src/index.mjs";

const dir = mkdtempSync(join(tmpdir(), "chaindata-docs-cache-"));
const page = join(dir, "index.html");
let server: DocsServer;

beforeAll(async () => {
  writeFileSync(page, "<!doctype html><title>home</title>");
  // (A whole second: an HTTP date has no finer precision.)
  utimesSync(page, new Date("2026-01-02T03:04:05Z"), new Date("2026-01-02T03:04:05Z"));
  server = await serveDocs({ port: 0, dir, build: false });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (headers: Record<string, string> = {}, method = "GET") =>
  fetch(server.url, { headers, method });

describe("docs server: ETag and Last-Modified", () => {
  it("a page carries both, and Cache-Control no-cache (revalidate on each view)", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers.get("last-modified")).toBe("Fri, 02 Jan 2026 03:04:05 GMT");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toBe("<!doctype html><title>home</title>");
  });

  it("If-None-Match with its tag (or *, or in a list, or strong): 304, no body, the validators again", async () => {
    const etag = (await get()).headers.get("etag")!;
    for (const match of [etag, "*", `"other", ${etag}`, etag.replace(/^W\//, "")]) {
      const res = await get({ "if-none-match": match });
      expect(res.status, match).toBe(304);
      expect(await res.text(), match).toBe("");
      expect(res.headers.get("etag"), match).toBe(etag);
      expect(res.headers.get("last-modified"), match).toBe("Fri, 02 Jan 2026 03:04:05 GMT");
    }
    expect((await get({ "if-none-match": etag }, "HEAD")).status).toBe(304);
    // Another tag: the page.
    const other = await get({ "if-none-match": 'W/"0-0"' });
    expect(other.status).toBe(200);
    expect(await other.text()).toContain("home");
  });

  it("If-Modified-Since at or after the file's time: 304; before it, or unreadable: 200; ignored beside If-None-Match", async () => {
    expect((await get({ "if-modified-since": "Fri, 02 Jan 2026 03:04:05 GMT" })).status).toBe(304);
    expect((await get({ "if-modified-since": "Sat, 03 Jan 2026 00:00:00 GMT" })).status).toBe(304);
    expect((await get({ "if-modified-since": "Fri, 02 Jan 2026 03:04:04 GMT" })).status).toBe(200);
    expect((await get({ "if-modified-since": "yesterday" })).status).toBe(200);
    expect(
      (
        await get({
          "if-none-match": 'W/"0-0"',
          "if-modified-since": "Sat, 03 Jan 2026 00:00:00 GMT",
        })
      ).status,
    ).toBe(200);
  });

  it("a rewritten file (a rebuild) gets a new tag: the old one is answered in full", async () => {
    const before = (await get()).headers.get("etag")!;
    writeFileSync(page, "<!doctype html><title>home, rebuilt</title>");
    const res = await get({ "if-none-match": before });
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).not.toBe(before);
    expect(await res.text()).toContain("rebuilt");
  });

  it("a 404 carries no validator", async () => {
    const res = await fetch(`${server.url}nope.html`);
    expect(res.status).toBe(404);
    expect(res.headers.get("etag")).toBeNull();
  });
});
