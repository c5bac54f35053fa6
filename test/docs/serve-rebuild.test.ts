/**
 * The docs preview server while the site is rebuilt under it (review 74, F6): a file removed
 * between the server's look at it and its read (`npm run docs` empties and rewrites the folder)
 * was a ReadStream 'error' no one listened to, and the server process died. The removal is made
 * to fall in that gap here, deterministically: node:fs's createReadStream removes the file first.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { serveDocs, type DocsServer } from "../../packages/docs/src/index.mjs";

/** The files the server has read, each with its stream (to see it closed). */
const streams = vi.hoisted(
  () => [] as Array<{ path: string; stream: import("node:fs").ReadStream }>,
);

vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  return {
    ...fs,
    createReadStream: ((path: string, options?: object) => {
      // (the rebuild's removal, at the worst moment)
      if (String(path).endsWith("vanishing.html")) fs.rmSync(path, { force: true });
      const stream = fs.createReadStream(path, options);
      streams.push({ path: String(path), stream });
      return stream;
    }) as typeof fs.createReadStream,
  };
});

const dir = mkdtempSync(join(tmpdir(), "chaindata-docs-rebuild-"));
let server: DocsServer;

beforeAll(async () => {
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>home</title>");
  server = await serveDocs({ port: 0, dir, build: false });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("docs server: a file removed while it is served", () => {
  it("is answered whole (the file was opened before the answer began), and the server goes on", async () => {
    const page = `<!doctype html><title>${"x".repeat(100_000)}</title>`;
    writeFileSync(join(dir, "vanishing.html"), page);
    const res = await fetch(`${server.url}vanishing.html`, { signal: AbortSignal.timeout(5000) });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(page);
    // Removed now: a 404, and the server still answers.
    expect((await fetch(`${server.url}vanishing.html`)).status).toBe(404);
    expect((await fetch(server.url)).status).toBe(200);
  });

  it("closes a file whose reader went away mid-file (review 77, F2: piped, it stayed open, paused)", async () => {
    writeFileSync(join(dir, "large.html"), "x".repeat(8_000_000));
    const url = new URL(`${server.url}large.html`);
    await new Promise<void>((resolve, reject) => {
      const req = request(url, (res) =>
        res.once("data", () => {
          req.destroy();
          resolve();
        }),
      );
      req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
      req.end();
    });
    const { stream } = streams.find(({ path }) => path.endsWith("large.html"))!;
    // (A file left open stays open: 10 s is only how long a loaded machine may take to close it,
    // review 75 F2.)
    await vi.waitFor(() => expect(stream.closed).toBe(true), { timeout: 10_000 });
    expect(stream.bytesRead).toBeLessThan(8_000_000);
    expect((await fetch(server.url)).status).toBe(200);
  });
});
