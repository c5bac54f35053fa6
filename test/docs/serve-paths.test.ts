/**
 * What the docs preview server serves from its folder (review 74, F4): the site's files, not what a
 * symlink in the folder points to outside it, nor a dotfile (`.env`, `.git/`) of a folder given by
 * mistake (`--dir`, $CHAINDATA_DOCS_DIR). The traversals (`..`, `%2e%2e`, `%2f`) are
 * build.test.ts's "docs server" tests.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveDocs, type DocsServer } from "../../packages/docs/src/index.mjs";

const base = mkdtempSync(join(tmpdir(), "chaindata-docs-paths-"));
const site = join(base, "site");
const outside = join(base, "outside");
let server: DocsServer;

beforeAll(async () => {
  mkdirSync(join(site, "das"), { recursive: true });
  mkdirSync(join(site, ".git"));
  mkdirSync(outside);
  writeFileSync(join(site, "index.html"), "<!doctype html><title>home</title>");
  writeFileSync(join(site, "das", "index.html"), "<!doctype html><title>das</title>");
  writeFileSync(join(site, ".env"), "CHAINDATA_API_KEY=s3cret");
  writeFileSync(join(site, ".git", "config"), "[remote] url = https://token-s3cret@git.example");
  writeFileSync(join(outside, "secret.txt"), "outside-s3cret");
  writeFileSync(join(outside, "index.html"), "<!doctype html><title>outside-s3cret</title>");
  symlinkSync(join(outside, "secret.txt"), join(site, "notes.txt"));
  symlinkSync(outside, join(site, "linked"));
  symlinkSync(join(site, ".env"), join(site, "env.txt"));
  // a symlink that stays inside the site is the site's
  symlinkSync(join(site, "das", "index.html"), join(site, "das.html"));
  server = await serveDocs({ port: 0, dir: site, build: false });
});
afterAll(async () => {
  await server?.close();
  rmSync(base, { recursive: true, force: true });
});

// (node:http: the path goes out as written.)
const get = (path: string) =>
  new Promise<{ status: number; body: string; location?: string }>((ok, fail) => {
    const req = request(server.url, { path }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => ok({ status: res.statusCode!, body, location: res.headers.location }));
    });
    req.on("error", fail);
    req.end();
  });

describe("docs server: only the site's own files", () => {
  it("serves the site, a symlink inside it included", async () => {
    expect(await get("/")).toMatchObject({ status: 200, body: expect.stringContaining("home") });
    expect(await get("/das/")).toMatchObject({ status: 200, body: expect.stringContaining("das") });
    expect(await get("/das.html")).toMatchObject({ status: 200 });
  });

  it("answers 404 for a symlink out of the folder, a dotfile, and a dot folder (no redirect to it either)", async () => {
    for (const path of [
      "/notes.txt",
      "/linked/secret.txt",
      "/linked/",
      "/linked",
      "/.env",
      "/%2eenv",
      "/env.txt",
      "/.git/config",
      "/.git",
      "/.git/",
    ]) {
      const res = await get(path);
      expect([path, res.status, res.location]).toEqual([path, 404, undefined]);
      expect(res.body, path).not.toMatch(/s3cret/);
    }
  });
});
