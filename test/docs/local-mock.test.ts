// What the docs tell a front-end developer about the local mock, held to the mock and the SDK:
// Getting started's step 3 paragraph on the errors and delays it answers on request (`Prefer:
// code=`, `Prefer: delay=`) and on calling it from a page (CORS), which the site's search must
// find by "Prefer"; and the core README's "No `process` in a page" bullet of "In a browser" (the
// docs' `apiKey: process.env.CHAINDATA_API_KEY` throws in a page bundle; a client given no
// `apiKey` reads no `process`). Each claim is run here as the page states it.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import {
  AbortError,
  createDasClient,
  NotFoundError,
  RateLimitError,
  TimeoutError,
} from "@chaindata/das";
import { startMock, type MockServer } from "@chaindata/mock";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocs } from "../../packages/docs/src/index.mjs";
import { specDir } from "../contract/spec.js";

const ID = "DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5";
const root = join(import.meta.dirname, "../..");
const tmp = mkdtempSync(join(tmpdir(), "chaindata-local-mock-"));
let mock: MockServer;
let page = "";
let index: { n: string; w?: string[]; t?: [string, string, string[]?][] }[] = [];

beforeAll(async () => {
  buildDocs({ spec: specDir, out: join(tmp, "site") });
  page = readFileSync(join(tmp, "site/getting-started.html"), "utf8");
  index = JSON.parse(readFileSync(join(tmp, "site/search-index.json"), "utf8")).entries;
  mock = await startMock({ port: 0, mode: "examples", quiet: true });
});
afterAll(async () => {
  await mock?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

/** The paragraph as text, one line, entities read. */
function paragraph() {
  const html = /<p id="local-errors">([\s\S]*?)<\/p>/.exec(page)?.[1];
  if (!html) throw new Error('getting-started.html has no <p id="local-errors"> in step 3');
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** A client as the paragraph says: the local environment, no apiKey (the mock on its own port). */
const local = (options: { maxRetries?: number } = {}) =>
  createDasClient({ environment: "local", baseUrls: { rpc: mock.url }, ...options });

describe("Getting started, step 3: the mock's errors and delays on request", () => {
  it("is in step 3, found by the search as Prefer", () => {
    const text = paragraph();
    for (const claim of [
      "Prefer: code=<status>",
      '{ headers: { Prefer: "code=404" } }: a NotFoundError',
      "code=429: a RateLimitError with retryAfter 1, thrown after the retries, at once with maxRetries: 0",
      "Prefer: delay=<ms> holds its answer (up to 60 000 ms)",
      "A browser page of any origin may call it",
    ])
      expect(text).toContain(claim);
    expect(page.indexOf('id="local-errors"')).toBeGreaterThan(page.indexOf('id="local"'));
    expect(page.indexOf('id="local-errors"')).toBeLessThan(page.indexOf('id="options"'));
    const topic = index
      .find((e) => e.n === "Getting started")
      ?.t?.find(([, id]) => id === "local-errors");
    expect(topic?.[2]).toContain("prefer");
  });

  it("code=404 is a NotFoundError", async () => {
    const error = await local({ maxRetries: 0 })
      .getAsset({ id: ID }, { headers: { Prefer: "code=404" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it("code=429 is a RateLimitError with retryAfter 1: at once with maxRetries 0, else after the retries", async () => {
    const once = await local({ maxRetries: 0 })
      .getAsset({ id: ID }, { headers: { Prefer: "code=429" } })
      .catch((e: unknown) => e);
    expect(once).toBeInstanceOf(RateLimitError);
    expect(once).toMatchObject({ retryAfter: 1, attempts: 1 });
    const retried = await local({ maxRetries: 1 })
      .getAsset({ id: ID }, { headers: { Prefer: "code=429" } })
      .catch((e: unknown) => e);
    expect(retried).toBeInstanceOf(RateLimitError);
    expect(retried).toMatchObject({ retryAfter: 1, attempts: 2 });
  });

  it("delay=<ms> holds the answer: a signal or a timeout ends the call first", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const aborted = await local({ maxRetries: 0 })
      .getAsset({ id: ID }, { signal: controller.signal, headers: { Prefer: "delay=5000" } })
      .catch((e: unknown) => e);
    expect(aborted).toBeInstanceOf(AbortError);
    const timedOut = await local({ maxRetries: 0 })
      .getAsset({ id: ID }, { timeout: 100, headers: { Prefer: "delay=5000" } })
      .catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(TimeoutError);
    // (Either call held to the delay takes 5 s; both take about 0.2 s: 4.5 s leaves load the
    // room, review 75 F2.)
    expect(performance.now() - started).toBeLessThan(4_500);
  });

  it("any origin may call it, every header exposed, the Prefer header allowed", async () => {
    const origin = "http://127.0.0.1:5173";
    const preflight = await fetch(`${mock.url}/?api-key=local`, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,prefer",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("prefer");
    const answer = await fetch(`${mock.url}/?api-key=local`, {
      method: "POST",
      headers: { origin, "content-type": "application/json", prefer: "code=429" },
      body: JSON.stringify({ jsonrpc: "2.0", id: "1", method: "getAsset", params: { id: ID } }),
    });
    expect(answer.status).toBe(429);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-expose-headers")).toBe("*");
    expect(answer.headers.get("retry-after")).toBe("1");
  });
});

describe('core README, "In a browser": no `process` in a page', () => {
  const readme = readFileSync(join(root, "packages/core/README.md"), "utf8");

  /** `code` bundled for a browser as the bullet says (esbuild), run where there is no `process`. */
  async function runInPage(code: string) {
    const bundle = await build({
      stdin: { contents: code, resolveDir: root, loader: "ts" },
      bundle: true,
      format: "iife",
      platform: "browser",
      write: false,
      logLevel: "silent",
    });
    const page = {
      ...{ URL, TextEncoder, TextDecoder, AbortController, AbortSignal, setTimeout, clearTimeout },
      result: {} as { refused?: string },
    };
    runInNewContext(bundle.outputFiles[0]!.text, page);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return page.result;
  }

  it("is in the section", () => {
    const section = readme.slice(readme.indexOf("\n## In a browser\n"));
    expect(section.replace(/\s+/g, " ")).toContain(
      "its bundle throws `ReferenceError: process is not defined` when it runs",
    );
    // The site's search finds the section by the error's words.
    const entry = index.find((e) => e.n === "In a browser");
    expect(entry?.w).toContain("process is not defined");
  });

  it("the examples' apiKey: process.env… throws ReferenceError; no apiKey reads no process", async () => {
    await expect(
      runInPage(
        `import { createDasClient } from "@chaindata/das";
        createDasClient({ apiKey: process.env.CHAINDATA_API_KEY });`,
      ),
    ).rejects.toThrow("process is not defined");
    // Made without a key, and called: mainnet refuses the call for want of one, having read no
    // process (no ReferenceError).
    const result = await runInPage(
      `import { createDasClient } from "@chaindata/das";
      createDasClient({ environment: "local" });
      createDasClient().getAsset({ id: "${ID}" }).catch((e) => { result.refused = e.name; });`,
    );
    expect(result.refused).toBe("ConfigurationError");
  });
});
