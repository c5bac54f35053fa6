// Every request example's curl against the local mock, as its operation page shows it
// (`localCurlSnippets`: the generator's own list, checked against the built pages), run with the
// system's curl, as it stands but for the mock's port: each is answered 2xx (a JSON-RPC one with
// a result of its method's, or an error object for a pairing that documents one), and the mock
// finds nothing wrong with the request. (The TypeScript programs beside each: snippets.test.ts.)
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { startMock, type MockServer } from "@chaindata/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocs, localCurlSnippets } from "../../packages/docs/src/index.mjs";
import { specDir } from "../contract/spec.js";

const run = promisify(execFile);
// The site's local URL by default (spec/hosts.yaml); each command goes to the test's mock instead.
const LOCAL = "http://127.0.0.1:4010";
const snippets = localCurlSnippets({ spec: specDir });
const tmp = mkdtempSync(join(tmpdir(), "chaindata-curl-snippets-"));
let mock: MockServer;

beforeAll(async () => {
  mock = await startMock({ port: 0, mode: "examples", quiet: true });
});
afterAll(async () => {
  await mock?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

describe("each operation page's curl against the local mock", () => {
  it("is shown beside every request example's curl, on its page, as listed", () => {
    buildDocs({ spec: specDir, out: join(tmp, "site") });
    const decode = (html: string) =>
      html
        .replace(/<[^>]+>/g, "")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, "&");
    const byPage = new Map<string, string[]>();
    for (const { page } of snippets) {
      if (byPage.has(page)) continue;
      const html = readFileSync(join(tmp, "site", page), "utf8");
      const blocks = [
        ...html.matchAll(
          /<span>curl \(local mock\)<\/span>[\s\S]*?<pre[^>]*><code[^>]*>([\s\S]*?)<\/code><\/pre>/g,
        ),
      ].map((m) => decode(m[1]!));
      // (One per example, and as many as the examples' curl with your key.)
      expect(blocks.length, page).toBe((html.match(/<span>curl<\/span>/g) ?? []).length);
      byPage.set(page, blocks);
    }
    expect(snippets.length).toBeGreaterThan(20);
    for (const [page, blocks] of byPage)
      expect(blocks, page).toEqual(snippets.filter((s) => s.page === page).map((s) => s.code));
  });

  it.each(snippets.map((s) => [`${s.area} ${s.operation} (${s.example}, ${s.page})`, s] as const))(
    "%s runs against the mock",
    async (_name, { code, operation }) => {
      expect(code).toContain(LOCAL);
      // (Never the key's variable: in `local` the placeholder the mock accepts.)
      expect(code).not.toContain("CHAINDATA_API_KEY");
      mock.clearRequests();
      // Bounded twice: curl gives up after 10 s, and the shell is killed after 15 s, so a hung
      // request fails this test instead of outliving it.
      const { stdout } = await run(
        "sh",
        [
          "-c",
          `${code.replaceAll(LOCAL, mock.url.replace(/\/$/, ""))} --max-time 10 -w '\\n%{http_code}'`,
        ],
        { timeout: 15_000 },
      );
      const status = Number(stdout.slice(stdout.lastIndexOf("\n") + 1));
      const body = stdout.slice(0, stdout.lastIndexOf("\n"));
      expect(status, body).toBeGreaterThanOrEqual(200);
      expect(status, body).toBeLessThan(300);
      const [logged] = mock.requests();
      if (!logged) throw new Error(`the mock logged no request for ${operation}: ${body}`);
      expect(logged.violations, body).toEqual([]);
      if (logged.kind === "json-rpc") {
        expect(logged.rpcMethods).toEqual([operation]);
        const answer = JSON.parse(body);
        expect("result" in answer || "error" in answer, body).toBe(true);
      } else expect(logged.operationId, body).toBe(operation);
    },
  );
});
