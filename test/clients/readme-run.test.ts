// README.md and packages/sdk/README.md, run as a new user would run them.
// test/types/readme.test.ts type-checks their ```ts blocks; a block can still compile and then throw
// (a `baseUrls` entry that is no URL, an option refused at run time) or send a request the API
// would refuse. Here each block runs unchanged in its own Node process, with every request
// rerouted to the mock (every host is served there on the same paths). The table of hosts is
// checked against where each area's client sends in each environment.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { startMock, type MockServer } from "@chaindata/mock";
import { ConfigurationError, createChainDataClient } from "@chaindata/sdk";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { areaCalls as calls } from "../../packages/sdk/src/test-support/area-calls.js";
import { camelArea } from "../../packages/sdk/src/test-support/area-names.js";
import { index } from "../spec/documents.js";

const root = new URL("../..", import.meta.url).pathname;
const run = promisify(execFile);

const tsBlocks = (file: string) =>
  [...readFileSync(`${root}${file}`, "utf8").matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
// docs/migrating-from-helius-sdk.md's "after" blocks too; its "before" blocks call helius-sdk's
// service, so they are only type-checked (test/types/readme.test.ts).
const GUIDE = "docs/migrating-from-helius-sdk.md";
const blocks = ["README.md", "packages/sdk/README.md", GUIDE].flatMap((file) =>
  tsBlocks(file)
    .map((code, i) => ({ name: `${file} block ${i}`, code }))
    .filter(({ code }) => !/from "helius-sdk(?:\/[^"]*)?";/.test(code)),
);

/**
 * Loaded before each block (`--import`): `fetch` goes to the mock, whatever host the block names
 * (mainnet, the default); a server a block starts (`listen(3000)`) listens on a free loopback port
 * and does not keep the process alive.
 */
const preload = `data:text/javascript,${encodeURIComponent(`
import net from "node:net";
const mock = new URL(process.env.README_MOCK_URL);
const fetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(input);
  url.protocol = mock.protocol;
  url.host = mock.host;
  return fetch(url.href, init);
};
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function () {
  return listen.call(this, 0, "127.0.0.1").unref();
};
`)}`;

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0, quiet: true });
});
afterAll(() => mock?.stop());

describe("README ```ts blocks run", () => {
  it("there are blocks to run", () => {
    expect(blocks.length).toBeGreaterThan(3);
    // (every "after" block of the guide: one per "before" block, and the batch one)
    const guide = tsBlocks(GUIDE);
    const before = guide.filter((code) => code.includes('from "helius-sdk'));
    expect(before.length).toBeGreaterThan(5);
    expect(blocks.filter(({ name }) => name.startsWith(GUIDE)).length).toBe(
      guide.length - before.length,
    );
  });

  it.each(blocks)("$name", async ({ code }) => {
    const js = ts.transpileModule(code, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    }).outputText;
    const before = mock.requests().length;
    // (--eval resolves `@chaindata/*` from the cwd, as a file in the repository would.)
    const result = await run(
      process.execPath,
      ["--import", preload, "--input-type=module", "--eval", js],
      {
        cwd: root,
        timeout: 30_000,
        env: {
          ...process.env,
          README_MOCK_URL: mock.url,
          CHAINDATA_API_KEY: "readme-test-key",
          WEBHOOK_AUTH: "Bearer readme-test",
        },
      },
    ).then(
      ({ stderr }) => ({ code: 0, stderr }),
      ({ code, stderr }: { code: number; stderr: string }) => ({ code, stderr }),
    );
    expect(result).toEqual({ code: 0, stderr: "" });
    const invalid = mock
      .requests()
      .slice(before)
      .filter((r) => r.violations.length);
    expect(invalid).toEqual([]);
  });
});

describe("README.md table of hosts", () => {
  // | `rpc` | das, compression, mint | `https://mainnet…` | `https://devnet…` |
  const rows = [
    ...readFileSync(`${root}README.md`, "utf8").matchAll(
      /^\| `(\w+)` +\| ([\w, -]+?) +\| (.+?) +\| (.+?) +\|$/gm,
    ),
  ].map(([, host, areas, mainnet, devnet]) => ({ host: host!, areas: areas!, mainnet, devnet }));

  it("names every area of the spec once, on its host's row (spec/dist/index.json)", () => {
    const table = 'README.md, the table of hosts ("## Against the real service")';
    const hostsOf = new Map<string, Set<string>>();
    for (const { area, host } of index.areas as { area: string; host: string }[])
      hostsOf.set(host, (hostsOf.get(host) ?? new Set()).add(area));
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const { host, areas } of rows) {
      const want = hostsOf.get(host);
      if (!want) problems.push(`${table}: the row \`${host}\` is no host of the spec: remove it`);
      for (const area of areas.split(", ")) {
        if (seen.has(area)) problems.push(`${table}: ${area} is named twice: keep it on one row`);
        seen.add(area);
        if (want && !want.has(area))
          problems.push(
            `${table}, row \`${host}\`: ${area} is not an area of the ${host} host (its areas: ${[...want].join(", ")})`,
          );
      }
    }
    for (const [host, want] of hostsOf) {
      const row = rows.find((r) => r.host === host);
      const missing = [...want].filter((area) => !row?.areas.split(", ").includes(area));
      if (!row)
        problems.push(
          `${table}: add a row for the host \`${host}\` (spec/hosts.yaml), areas ${missing.join(", ")}`,
        );
      else if (missing.length)
        problems.push(
          `${table}, row \`${host}\`: add ${missing.join(", ")} to its areas (\`${row.areas}\`)`,
        );
    }
    expect(problems).toEqual([]);
  });

  it.each(["mainnet", "devnet"] as const)("%s: each area sends to its host's URL", async (env) => {
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => {}); // (mint, token-metadata)
    const seen: Record<string, string> = {};
    for (const { host, areas, [env]: cell } of rows)
      for (const area of areas.split(", ")) {
        const name = camelArea(area) as keyof typeof calls; // (the sdk's key)
        const url = /^`(https:\/\/[^`]+)`$/.exec(cell!)?.[1];
        let origin: string | undefined;
        const client = createChainDataClient({
          environment: env,
          apiKey: "k",
          maxRetries: 0,
          fetch: (to) => Promise.reject(new Error((origin = new URL(to).origin))),
        });
        // (Async: the sdk throws on reading an area it cannot create, `client.wallet`.)
        const error = await (async () => calls[name](client))().catch((e: unknown) => e);
        if (url) seen[area] = origin!;
        else {
          // "— (set `baseUrls.wallet`)": the area cannot be created without one.
          expect(error, area).toBeInstanceOf(ConfigurationError);
          expect(String(error), area).toContain(`set \`baseUrls.${host}\``);
        }
      }
    const expected = Object.fromEntries(
      rows.flatMap(({ areas, [env]: cell }) =>
        areas
          .split(", ")
          .flatMap((area) =>
            cell!.startsWith("`") ? [[area, cell!.slice(1, -1).replace(/\/$/, "")]] : [],
          ),
      ),
    );
    expect(seen).toEqual(expected);
    warn.mockRestore();
  });
});
