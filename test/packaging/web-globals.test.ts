// What a client's calls take from the host, for a runtime the READMEs do not name (an edge host,
// a sandbox): packages/core/README.md, "Bun, Deno and Cloudflare Workers", lists the globals, and
// this holds the list to the built packages. A program bundled as esbuild bundles for the browser
// (a JSON-RPC read and page walk, a REST GET and a REST POST, a ping) runs in a `node:vm` context
// holding exactly the listed globals, and fails without any one of them: so the list is neither
// short (a host that has them all runs it) nor long (each is used).
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import vm from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;
const readme = readFileSync(`${root}packages/core/README.md`, "utf8").replace(/\s+/g, " ");

/** The README's list: the backticked names of its "Another runtime" sentence, in its order. */
function listedGlobals() {
  const sentence = /\*\*Another runtime\*\*[^.]*?take from the host only ([^;]*);/.exec(readme);
  expect(sentence, 'the README\'s "Another runtime" sentence').not.toBeNull();
  // (What a parenthesis adds, `durationMs` or `now()`, is no global.)
  let names = sentence![1]!;
  while (/\([^()]*\)/.test(names)) names = names.replace(/\([^()]*\)/g, "");
  return [...names.matchAll(/`(\w+)`/g)].map((m) => m[1]!);
}

const program = `
import { createDasClient } from "@chaindata/das";
import { createWalletClient } from "@chaindata/wallet";
import { createSenderClient } from "@chaindata/sender";
import { createTokenMetadataClient } from "@chaindata/token-metadata";
globalThis.app = async (fetch) => {
  const options = { apiKey: "edge-test-key-0123456789", baseUrls: { rpc: "https://rpc.test", wallet: "https://wallet.test", api: "https://api.test", sender: "https://sender.test" }, fetch, maxRetries: 0, logger: { warn() {} } };
  const das = createDasClient(options);
  const asset = await das.getAsset({ id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" });
  const walked = [];
  for await (const item of das.getAssetsByOwner.all({ ownerAddress: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY", limit: 2 }))
    walked.push(item.id);
  const balances = await createWalletClient(options).getBalances({ wallet: "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY" });
  const metadata = await createTokenMetadataClient(options).getTokenMetadata({ mintAccounts: ["DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263"] });
  const ping = await createSenderClient(options).ping();
  return { supply: asset.token_info.supply, walked, balances: balances.balances.length, metadata: metadata.length, ping };
};
`;

/** The host's fetch: canned answers by URL, JSON-RPC ones with the request's id. */
const hostFetch = async (url: string, init: { body?: string }) => {
  const { pathname } = new URL(url);
  const json = (value: unknown) =>
    new Response(JSON.stringify(value).replaceAll('"__U64__"', "18446744073709551615"), {
      headers: { "content-type": "application/json" },
    });
  if (pathname === "/ping")
    return new Response("ok", { headers: { "content-type": "text/plain" } });
  if (pathname.endsWith("/balances"))
    return json({ balances: [{ mint: "m", balance: 1 }], pagination: { page: 1, hasMore: false } });
  if (pathname === "/v0/token-metadata") return json([{ account: "a" }]);
  const { id, method, params } = JSON.parse(init.body!) as {
    id: string;
    method: string;
    params: { page?: number };
  };
  const page = params.page ?? 1;
  const result =
    method === "getAsset"
      ? {
          id: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263",
          interface: "V1_NFT",
          token_info: { supply: "__U64__" },
        }
      : { total: 2, limit: 2, page, items: page === 1 ? [{ id: "a1" }, { id: "a2" }] : [] };
  return json({ jsonrpc: "2.0", id, result });
};

/** Each global the list may name, as this realm has it. */
const available: Record<string, unknown> = {
  fetch,
  Response,
  Headers,
  URL,
  AbortController,
  performance,
  TextEncoder,
  setTimeout,
  clearTimeout,
  FormData,
};

let bundled = "";
beforeAll(async () => {
  const { outputFiles } = await build({
    stdin: { contents: program, resolveDir: root, sourcefile: "entry.js" },
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    logLevel: "silent",
  });
  bundled = outputFiles[0]!.text;
});

/** Runs the program in a context holding `names` alone; its result, or what it threw. */
async function runWith(names: string[], fetch = hostFetch) {
  const globals = Object.fromEntries(names.map((name) => [name, available[name]]));
  const context = vm.createContext(globals);
  vm.runInContext(bundled, context);
  try {
    return await (context.app as (f: typeof hostFetch) => Promise<unknown>)(fetch);
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

describe("the globals a client's calls take from the host", () => {
  it("the README lists only globals this test can give", () => {
    const listed = listedGlobals();
    expect(listed.length).toBeGreaterThan(5);
    for (const name of listed) expect(Object.keys(available)).toContain(name);
  });

  it("with the listed globals alone, a read, a page walk, REST calls and a ping work", async () => {
    const listed = listedGlobals();
    expect(await runWith(listed)).toEqual({
      supply: 18446744073709551615n,
      walked: ["a1", "a2"],
      balances: 1,
      metadata: 1,
      ping: "ok",
    });
  });

  it("without any one of them the program fails: each one listed is used", async () => {
    const listed = listedGlobals();
    // (`fetch` is there as the `fetch` option's alternative: this program passes its own.)
    for (const name of listed.filter((n) => n !== "fetch"))
      expect(String(await runWith(listed.filter((n) => n !== name))), name).toMatch(/Error/);
  });

  it("without clearTimeout the first call rejects with its ReferenceError, nothing sent", async () => {
    // (Not a call that never settles: read after the attempt, where the answer is handed on, the
    // missing global threw where nothing awaited it. Any rejection nothing awaits is taken here
    // for the test's duration, as the host's would be, and there must be none.)
    const listed = listedGlobals();
    expect(listed).toContain("clearTimeout");
    const hosts = process.listeners("unhandledRejection");
    process.removeAllListeners("unhandledRejection");
    const unhandled: unknown[] = [];
    process.on("unhandledRejection", (reason) => void unhandled.push(reason));
    let requests = 0;
    const countingFetch: typeof hostFetch = (url, init) => (requests++, hostFetch(url, init));
    try {
      const outcome = await Promise.race([
        runWith(
          listed.filter((n) => n !== "clearTimeout"),
          countingFetch,
        ),
        new Promise((resolve) => setTimeout(resolve, 1_000, "unsettled after 1 s")),
      ]);
      expect(outcome).toBe("ReferenceError: clearTimeout is not defined");
      expect(requests).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.removeAllListeners("unhandledRejection");
      for (const listener of hosts) process.on("unhandledRejection", listener);
    }
    expect(readme).toContain("`clearTimeout is not defined` before the request is sent");
  });
});
