// The core README's `fetch` that caps an answer's bytes (under "A response is read whole into
// memory") does what the README says: a server that streams without end fails the call at the
// limit, a ConnectionError naming it, each attempt stopped there, where the client alone holds
// every byte until its timeout (review 70, F1: 1.2 GB after two attempts of 4 s over loopback).
// An answer within the limit resolves as it would without it. The block is taken from the README
// as written, and run with the package as published (built dist/).
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { runInThisContext } from "node:vm";
import * as das from "@chaindata/das";
import ts from "typescript";
import { afterAll, beforeAll, expect, it } from "vitest";

const readme = readFileSync(new URL("../../packages/core/README.md", import.meta.url), "utf8");
const start = readme.indexOf("A response is read whole into memory");
const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(start))?.[1];
if (start < 0 || !block?.includes("const cappedFetch"))
  throw new Error("packages/core/README.md: no cappedFetch block after 'A response is read whole'");

/** The block's `cappedFetch`, its import read from @chaindata/das. */
const cappedFetch = runInThisContext(
  `((chaindataDas) => { ${
    ts.transpileModule(
      block.replace(/^import \{([^}]*)\} from "@chaindata\/das";$/m, "const {$1} = chaindataDas;"),
      { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None } },
    ).outputText
  }\n return cappedFetch; })`,
)(das) as (limit: number) => typeof fetch;

const ASSET_ID = "DF1TriKzQJgPVsN4GaUm2hyijmAJKpVM7DqfQrYDBaD5";
let server: Server;
let url: string;
let endless = true;
let requests = 0;
let sent = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests++;
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const head = `{"jsonrpc":"2.0","id":${JSON.stringify(JSON.parse(body).id)},"result":`;
      response.writeHead(200, { "content-type": "application/json" });
      if (!endless) return response.end(`${head}{"interface":"V1_NFT","id":"${ASSET_ID}"}}`);
      // A string that never closes, written as fast as the socket takes it, until it is closed.
      response.write(`${head}"`);
      const chunk = Buffer.alloc(1 << 20, 97);
      const pump = () => {
        while (!response.destroyed && response.write(chunk)) sent += chunk.length;
      };
      response.on("drain", pump);
      response.on("close", () => response.destroy());
      pump();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it("an answer that streams without end fails at the limit, a ConnectionError naming it, each attempt stopped there", async () => {
  const limit = 8 * 1024 * 1024;
  const client = das.createDasClient({
    apiKey: "capped-fetch-recipe-key",
    baseUrls: { rpc: url },
    fetch: cappedFetch(limit),
    timeout: 30_000,
    maxRetries: 1,
  });
  const started = performance.now();
  const error: unknown = await client.getAsset({ id: ASSET_ID }).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(das.ConnectionError);
  expect((error as Error).message).toBe(
    `Connection error from getAsset: answer over ${limit} bytes (2 attempts)`,
  );
  expect(requests).toBe(2);
  // Long before the 30 s timeout of either attempt; the server got to write little past the limit.
  expect(performance.now() - started).toBeLessThan(15_000);
  expect(sent).toBeLessThan(2 * limit + 64 * 1024 * 1024);
});

it("an answer within the limit resolves as without it", async () => {
  endless = false;
  const client = das.createDasClient({
    apiKey: "capped-fetch-recipe-key",
    baseUrls: { rpc: url },
    fetch: cappedFetch(1024),
  });
  await expect(client.getAsset({ id: ASSET_ID })).resolves.toMatchObject({ id: ASSET_ID });
});
