/**
 * The docs preview server gzips text for a client that accepts it (user trial 65, F11: the largest
 * page went out whole, 138 KB, ~20 KB gzipped), says `Vary: Accept-Encoding`, and sends a client
 * that does not accept gzip (or a PNG) the bytes as they are, with their length.
 */
import { request } from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveDocs, type DocsServer } from "../../packages/docs/src/index.mjs";
// @ts-expect-error — plain ESM without type declarations (not exported by the package)
import { acceptsGzip } from "../../packages/docs/src/serve.mjs";

const dir = mkdtempSync(join(tmpdir(), "chaindata-docs-gzip-"));
const html = `<!doctype html><title>home</title>${"<p>a row of the table</p>".repeat(400)}`;
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
let server: DocsServer;

beforeAll(async () => {
  writeFileSync(join(dir, "index.html"), html);
  writeFileSync(join(dir, "logo.png"), png);
  server = await serveDocs({ port: 0, dir, build: false });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The raw answer: node:http, which neither adds Accept-Encoding nor decompresses (fetch does both). */
const raw = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((ok, fail) => {
    const req = request(new URL(path, server.url), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });

describe("docs server: gzip", () => {
  it("a page asked for with Accept-Encoding gzip comes gzipped, smaller, with Vary and no Content-Length", async () => {
    const res = await raw("/index.html", { "accept-encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["vary"]).toBe("Accept-Encoding");
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.body.length).toBeLessThan(Buffer.byteLength(html) / 10);
    expect(gunzipSync(res.body).toString()).toBe(html);
  });

  it("without Accept-Encoding, or refusing gzip: the bytes as they are, with their length, and Vary", async () => {
    const refusing: Record<string, string>[] = [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "br, gzip;q=0" },
    ];
    for (const headers of refusing) {
      const res = await raw("/index.html", headers);
      const what = JSON.stringify(headers);
      expect(res.headers["content-encoding"], what).toBeUndefined();
      expect(res.headers["vary"], what).toBe("Accept-Encoding");
      expect(res.headers["content-length"], what).toBe(String(Buffer.byteLength(html)));
      expect(res.body.toString(), what).toBe(html);
    }
  });

  it("HEAD says gzip with no body; a 304 carries Vary; a PNG is sent as it is", async () => {
    const head = await raw("/index.html", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(head.body.length).toBe(0);
    const etag = String((await raw("/index.html")).headers["etag"]);
    const notModified = await raw("/index.html", {
      "accept-encoding": "gzip",
      "if-none-match": etag,
    });
    expect(notModified.status).toBe(304);
    expect(notModified.headers["vary"]).toBe("Accept-Encoding");
    const image = await raw("/logo.png", { "accept-encoding": "gzip" });
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.headers["vary"]).toBeUndefined();
    expect(image.body.equals(png)).toBe(true);
  });

  it("fetch (which asks for gzip and unpacks it) reads the page", async () => {
    const res = await fetch(new URL("/index.html", server.url));
    expect(await res.text()).toBe(html);
  });

  it("reads Accept-Encoding's q-values", () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("GZIP")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
    expect(acceptsGzip("gzip;q=0.5")).toBe(true);
    expect(acceptsGzip("gzip; q=0")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("*;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("br, *;q=0.1")).toBe(true);
  });
});
