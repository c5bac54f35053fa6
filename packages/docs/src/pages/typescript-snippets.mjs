// Every TypeScript snippet the site shows, with its page (`typeScriptSnippets()`):
// test/docs/snippets.test.ts compiles and runs each against the mock.
import { AGENTS_PAGE, KIT_PAGE, PAGE_WALKS_PAGE, RUNTIMES_PAGE, TESTING_PAGE } from "../html.mjs";
import { standaloneSnippet } from "../snippets.mjs";
import { areaExample, quickStartSnippet } from "./area.mjs";
import { requestExamples } from "./examples.mjs";
import {
  ALL_IN_ONE_SNIPPET,
  BATCH_SNIPPET,
  gettingStartedCall,
  KEEP_RESULTS_SNIPPET,
  RETRIES_SNIPPET,
} from "./getting-started.mjs";
import { showsZkBalances, ZK_BALANCES_SNIPPET } from "./helius.mjs";
import { knownValues } from "./schemas.mjs";
import { agentsBlocks } from "./agents.mjs";
import { kitBlocks } from "./kit.mjs";
import { optionsSnippet } from "./options.mjs";
import { pageWalksRecipes } from "./page-walks.mjs";
import { WORKER_SNIPPET } from "./runtimes.mjs";
import { testingRecipes } from "./testing.mjs";
import {
  editHelpersSnippet,
  reachesReceiver,
  receiverExpressSnippet,
  receiverFastifySnippet,
  receiverNextSnippets,
  receiverSnippet,
  receiverStoreSnippet,
} from "./webhooks.mjs";

/**
 * Every TypeScript snippet the site shows, with where: each operation page's examples, each area
 * page's quick start, and Getting started's. `operation` is the operation a snippet calls (none
 * for a client made without a call), `error` the error object of an example pairing that
 * documents an error instead of a result. test/docs/snippets.test.ts compiles and runs them all,
 * and checks this list against the built pages.
 */
export function typeScriptSnippetsOf(site) {
  // An example pairing's error, with the HTTP status the service answers it with (x-error-info).
  const documentedError = (op, example) =>
    example?.error !== undefined && {
      error: {
        ...example.error,
        httpStatus: op.rpc.errors.find((e) => e.code === example.error.code)?.httpStatus,
      },
    };
  // An area's examples, as shown (mainnet) or against the local mock.
  const examplesOf = (area, local) =>
    area.ops.flatMap((op) =>
      requestExamples(op).map((ex) => ({
        page: op.href,
        area: area.key,
        operation: op.id,
        example: local ? `${ex.name} (local mock)` : ex.name,
        ...(local && { environment: "local" }),
        ...documentedError(op, ex.example),
        code: local ? ex.localTs : ex.ts,
      })),
    );
  const snippets = [];
  for (const area of site.areas) {
    snippets.push(...examplesOf(area, false));
    // (Each example's program against the local mock, beside it: last, so that the programs
    // above keep their module numbers in the tests.)
    snippets.push(...examplesOf(area, true));
    for (const op of area.deliveries.filter(reachesReceiver))
      for (const [example, code] of [
        ["receiver", receiverSnippet(op)],
        ["receiver signature store", receiverStoreSnippet(site, op)],
        ["receiver behind Express", receiverExpressSnippet(site, op)],
        ["receiver behind Fastify", receiverFastifySnippet(site, op)],
        ["receiver in a Next.js App Router route", receiverNextSnippets(site, op)[0]],
        ["receiver in a Next.js API route", receiverNextSnippets(site, op)[1]],
      ])
        snippets.push({ page: op.href, area: area.key, example, code });
    const standalone = areaExample(area);
    snippets.push({
      page: `${area.key}/index.html`,
      area: area.key,
      // (It makes the standalone example's call: none without one.)
      ...(standalone && { operation: standalone.op.id }),
      example: "quick start",
      code: quickStartSnippet(area),
    });
    const edits = editHelpersSnippet(area);
    if (edits)
      snippets.push({
        page: `${area.key}/index.html`,
        area: area.key,
        operation: "updateWebhook",
        example: "edit helpers",
        code: edits,
      });
    if (standalone)
      snippets.push({
        page: `${area.key}/index.html`,
        area: area.key,
        operation: standalone.op.id,
        example: "standalone",
        code: standaloneSnippet(standalone.op, standalone.args),
      });
  }
  const page = "getting-started.html";
  const { area, op, example, ts, localTs } = gettingStartedCall(site);
  if (op) {
    const called = { page, area: area.key, operation: op.id, ...documentedError(op, example) };
    snippets.push({ ...called, example: "call one method", code: ts });
    snippets.push({ ...called, example: "local mock", environment: "local", code: localTs });
  }
  snippets.push(
    {
      page,
      area: area?.key ?? "das",
      example: "client and call options",
      code: optionsSnippet(area),
    },
    {
      page,
      area: "das",
      operation: "getAsset",
      example: "batching",
      code: BATCH_SNIPPET,
    },
    {
      page,
      area: "das",
      operation: "getAsset",
      example: "retries and errors",
      code: RETRIES_SNIPPET,
    },
    {
      page,
      area: "sdk",
      operation: "getAsset",
      example: "every area in one client",
      code: ALL_IN_ONE_SNIPPET,
    },
    {
      page,
      area: "das",
      operation: "getAsset",
      example: "u64 values kept as JSON",
      code: KEEP_RESULTS_SNIPPET,
    },
    ...(showsZkBalances(site)
      ? [
          {
            page,
            area: "compression",
            operation: "getCompressedTokenAccountsByOwner",
            example: "compressed token balances by mint",
            code: ZK_BALANCES_SNIPPET,
          },
        ]
      : []),
    // (A module a Worker serves: its default export's fetch makes the call.)
    {
      page: RUNTIMES_PAGE,
      area: "das",
      operation: "getAsset",
      example: "Cloudflare Worker",
      code: WORKER_SNIPPET,
    },
    // (Test files, not programs: `runsAs` says so, and test/docs/testing-guide.test.ts runs them.)
    ...testingRecipes(site).map((code, i) => ({
      page: TESTING_PAGE,
      area: /@chaindata\/(\w+)/.exec(code)?.[1] ?? "core",
      example: `testing recipe ${i + 1}`,
      runsAs: "vitest",
      code,
    })),
    // (Programs with a part of yours, or a method outside the spec: `runsAs` says so, and
    // test/docs/page-walks.test.ts runs the resume recipe.)
    ...pageWalksRecipes(site).map((code, i) => {
      // (The operation a client's walk calls: none for a method of your own.)
      const walked = /\.(\w+)\.all\(/.exec(code)?.[1];
      return {
        page: PAGE_WALKS_PAGE,
        area: /@chaindata\/(\w+)/.exec(code)?.[1] ?? "core",
        ...(walked && { operation: walked }),
        example: `page walks recipe ${i + 1}`,
        runsAs: "recipe",
        code,
      };
    }),
    // (Programs importing @solana/kit: the operation is the one its chaindata client calls.)
    ...kitBlocks(site).map((code, i) => {
      const [, client, area] = /const (\w+) = create(\w+)Client\(/.exec(code) ?? [];
      const operation = client && new RegExp(`\\b${client}\\.(\\w+)\\(`).exec(code)?.[1];
      return {
        page: KIT_PAGE,
        area: area?.toLowerCase() ?? "core",
        ...(operation && { operation }),
        example: `@solana/kit program ${i + 1}`,
        code,
      };
    }),
    // (A tool function and its helpers: loading the module defines them and sends nothing;
    // test/docs/agent-tools-recipe.test.ts calls the tool.)
    ...agentsBlocks(site).map((code, i) => ({
      page: AGENTS_PAGE,
      area: "das",
      example: `AI agent tool ${i + 1}`,
      code,
    })),
    // (A schema page's known values: a guard over a value, no call.)
    ...[...site.schemas.values()].flatMap((page) => {
      const known = knownValues(page);
      return known
        ? [{ page: page.href, area: page.area.key, example: "known values", code: known.snippet }]
        : [];
    }),
  );
  return snippets;
}
