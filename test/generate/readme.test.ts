// The generated package README (scripts/generate/readme.mjs emitReadme): the operations table marks
// per-operation status, and the closing paragraph names every per-call option, which writes are
// not retried without `retryNonIdempotent`, and (JSON-RPC) calling a method by name. The README's
// ```ts blocks are type-checked against the built packages by test/types/readme.test.ts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { emitReadme } from "../../scripts/generate/readme.mjs";
import { areas } from "../spec/documents.js";

const ok = { responses: { "200": { description: "ok" } } };
const rest = (info: object, webhooks?: object) => ({
  area: "things",
  kind: "openapi",
  file: "openapi/things.json",
  doc: {
    openapi: "3.1.0",
    info: { title: "Things API", version: "1", description: "Things.", ...info },
    paths: {
      "/things": {
        get: { operationId: "listThings", summary: "List things", ...ok },
        post: { operationId: "makeThing", summary: "Make a thing", "x-idempotent": false, ...ok },
      },
      "/things/new": {
        get: { operationId: "newThings", summary: "New things", "x-beta": true, ...ok },
        put: { operationId: "oldThing", summary: "Old", deprecated: true, "x-beta": true, ...ok },
      },
    },
    ...(webhooks ? { webhooks } : {}),
  },
});
/** A JSON-RPC area of `methods`; `info` and `doc` join its document's info and top level. */
const rpcArea = (methods: object[], info: object = {}, doc: object = {}) => ({
  area: "things",
  kind: "openrpc" as const,
  file: "openrpc/things.json",
  doc: { openrpc: "1.3.2", info: { title: "Things RPC", version: "1", ...info }, ...doc, methods },
});
const getThing = {
  name: "getThing",
  summary: "Get",
  params: [],
  result: { name: "thing", schema: {} },
};
const readme = (area: object): string => Object.values(emitReadme(area))[0] as string;

describe("generated package README", () => {
  it("says the Node and TypeScript floors under the install command (user trial 37 F8: 4.9 fails with TS1383 and no hint)", () => {
    const text = readme(rest({}));
    expect(text).toContain(
      "```sh\nnpm install @chaindata/things\n```\n\nRuns on Node 20.19 or later, Bun, Deno, Cloudflare Workers, in browsers and in React Native 0.74 or later (`@chaindata/core`'s README says what differs outside Node); TypeScript users need TypeScript 4.7 or later.\n",
    );
    // (The floor said is core's: its engines field and the syntax its declarations use.)
    const core = JSON.parse(
      readFileSync(new URL("../../packages/core/package.json", import.meta.url), "utf8"),
    );
    expect(core.engines.node).toBe(">=20.19");
  });

  it("marks beta operations as it marks deprecated ones (unless the whole area is beta)", () => {
    const text = readme(rest({}));
    expect(text).toContain("| `newThings` (beta) | New things |");
    expect(text).toContain("| `oldThing` (beta) (deprecated) | Old |");
    expect(text).toContain("| `listThings` | List things |");
    const beta = readme(rest({ "x-beta": true }));
    expect(beta).toContain("> **Beta**: routes and response formats may change.");
    expect(beta).toContain("| `newThings` | New things |");
  });

  it("says where a deprecated call's warning goes and how to silence it (review 76, F4)", () => {
    const how =
      "warn once per process (in Node a `DeprecationWarning` with the code `CHAINDATA_DEPRECATED`, which `node --disable-warning=CHAINDATA_DEPRECATED` silences; the client's `logger.warn` instead when it has one)";
    expect(readme(rest({ "x-deprecated": true }))).toContain(
      `\n> **Deprecated**: calls ${how}; see each operation for its replacement.\n`,
    );
    expect(readme(rest({}))).toContain(
      `\n> The operations marked (deprecated) ${how}; each one's JSDoc names its replacement.\n`,
    );
    const current = rest({});
    delete (current.doc.paths["/things/new"] as { put?: unknown }).put;
    expect(readme(current)).not.toContain("CHAINDATA_DEPRECATED");
  });

  it("names retryNonIdempotent, and the writes it is for", () => {
    const text = readme(rest({}));
    expect(text).toContain(
      "every call takes `{ signal, timeout, maxRetries, headers, retryNonIdempotent, onResponse, onAttempt }` last. " +
        "`makeThing` is a write that is not idempotent: a call is retried after a 429 only (refused before it was processed); after a 5xx, a timeout or a lost connection a retry could repeat the write, so it is not made unless the call passes `retryNonIdempotent: true`.",
    );
    const readOnly = rest({});
    delete (readOnly.doc.paths["/things"] as { post?: unknown }).post;
    expect(readme(readOnly)).toContain(
      "(`retryNonIdempotent: true` lets a write that is not idempotent be retried; every operation here is idempotent and retried by default.)",
    );
    expect(text).not.toContain(".request(");
  });

  it("shows a JSON-RPC client's request(method, params)", () => {
    const text = readme(rpcArea([getThing]));
    expect(text).toContain(
      'Any method can also be called by its name, which picks the params and result types: `things.request("getThing", params)`.',
    );
  });

  it("names a JSON-RPC package's standalone functions, and the page walk of each paginated method", () => {
    const text = readme(
      rpcArea([
        getThing,
        {
          name: "listThings",
          summary: "List",
          params: [],
          result: { name: "things", schema: {} },
          "x-pagination": { style: "page", items: "items" },
        },
      ]),
    );
    expect(text).toContain("| `listThings` (paginated: `.all()`, `paginateListThings`) | List |");
    expect(text).toContain(
      "Each method is also a standalone function, so a bundle carries only the methods it imports: `getThing(createThingsRpc(), params)`; each paginated one has a standalone page walk too, `for await (const item of paginateListThings(rpc, params))`, with the options and checks of `.all()`, and `.checkpoints()` on either gives each page with the params of the next, to save and resume from (typed `ListThingsParams`, exported here).",
    );
    // (A method outside the spec: `rpc.call` and `paginate`, both from this package; user trial 29.)
    expect(text).toContain(
      "A method this package does not cover is called with a descriptor of your own, `createThingsRpc().call({ id, idempotent: true }, params)`, and walked with `paginate`, exported here too (@chaindata/core's README, \"Page walks\"): for one that pages as a method here does, give it that method's pagination descriptor, `paginate(fetchPage, listThingsPagination, params)` (`<method>Pagination`, exported here).",
    );
  });

  it("says which u64 shape a descriptor of a method it does not cover takes, for a page shaped as one of its own (user trial 57, F3)", () => {
    const methods = (schema: object) => [
      {
        name: "listThings",
        summary: "List",
        params: [],
        result: { name: "things", schema },
        "x-pagination": { style: "page", items: "items" },
      },
    ];
    const doc = (schema: object) => rpcArea(methods(schema));
    const supply = {
      type: "object",
      properties: {
        items: {
          type: "array",
          items: { type: "object", properties: { supply: { type: "integer", format: "uint64" } } },
        },
      },
    };
    expect(readme(doc(supply))).toContain(
      "Its answer is parsed losslessly, but only a `u64` shape in the descriptor makes a u64 value below 2^53 a `bigint` too: for a result shaped as `listThings`'s, give it `u64: listThingsU64Shape`, exported here.",
    );
    // (No u64 in any page: nothing to say.)
    expect(readme(doc({ type: "object" }))).not.toContain("only a `u64` shape");
  });

  it("says that a batched call gets a 404's JSON-RPC error as a JsonRpcError (user trial 57, F10)", () => {
    const doc = (errorInfo: object, batch?: false) =>
      rpcArea([getThing], batch === false ? { "x-batch": false } : {}, {
        "x-error-info": errorInfo,
      });
    const note =
      "With `batch`, a JSON-RPC error that comes unbatched with an HTTP error status (-32004 with 404: a `NotFoundError`) comes in the call's entry of the batch's 200 answer, as a `JsonRpcError`: `err.rpcError?.code === -32004` reads it either way.";
    expect(readme(doc({ "-32004": { httpStatus: 404 }, "-32029": { httpStatus: 429 } }))).toContain(
      note,
    );
    // (No 404 among its errors, or no batches: nothing to say.)
    expect(readme(doc({ "-32029": { httpStatus: 429 } }))).not.toContain(
      "With `batch`, a JSON-RPC error",
    );
    expect(readme(doc({ "-32004": { httpStatus: 404 } }, false))).not.toContain(
      "With `batch`, a JSON-RPC error",
    );
  });

  it("says toolSchemas is an object keyed by operation name, not a list (user trial 59, F3: toolSchemas.map is not a function)", () => {
    const text = readme(rest({}));
    expect(text).toContain(
      "`import { toolSchemas } from \"@chaindata/things/tool-schemas\"` gives an object keyed by operation name, each operation as `{ name, description, inputSchema }`, its params as JSON Schema (2020-12): `Object.values(toolSchemas)` is the list MCP's `tools/list` or a model API's function calling takes;",
    );
  });

  it("lists the area description's SDK paragraphs, which the one-paragraph intro leaves out (the wallet's address with no activity)", () => {
    const text = readme(
      rest({
        description:
          "Things.\n\nAuthentication: a key.\n\n**A thing with no parts (SDK).** Expect an empty\n  page.",
      }),
    );
    expect(text).toContain(
      "- **Errors** are typed (`RateLimitError`, `ValidationError`, …) and exported from this package.\n- **A thing with no parts.** Expect an empty page.\n- **u64 values.**",
    );
    expect(text).not.toContain("Authentication: a key.");
    const wallet = readFileSync(
      new URL("../../packages/wallet/README.md", import.meta.url),
      "utf8",
    );
    expect(wallet).toContain(
      '- **An address with no activity.** What the service answers for its balances, history and transfers is not documented: expect an empty page, and handle a `NotFoundError` as "nothing found".',
    );
    // A balance is a rounded JSON number: a CLI meant to print exact amounts needs the DAS walk.
    expect(wallet).toContain(
      "- **Exact amounts.** A wallet's balances give each `balance` in the token's units (the raw amount divided by 10^decimals) as a JSON number, rounded past about 15 significant digits, and no raw amount with it",
    );
    expect(wallet).toContain(
      "`das.getAssetsByOwner.all({ ownerAddress, options: { showFungible: true, showNativeBalance: true } }).pages()`",
    );
  });

  it("names the options type the factories take, exported from the package, and the defaults' worst case in a request handler (60 s per attempt, 2 retries)", () => {
    const named = new Map<string, string>();
    for (const { area } of areas) {
      const pkg = new URL(`../../packages/${area}/`, import.meta.url);
      const text = readFileSync(new URL("README.md", pkg), "utf8");
      const type =
        /^- \*\*Options\.\*\* Every client takes `(\w+)`, the options of `@chaindata\/core`, exported from this package too/m.exec(
          text,
        )?.[1];
      expect(type, area).toBeDefined();
      const src = (file: string) => readFileSync(new URL(`src/generated/${file}`, pkg), "utf8");
      const factory = new RegExp(`export function create\\w+Client\\(options\\?: (\\w+)\\)`).exec(
        src("client.ts"),
      )?.[1];
      expect(factory, area).toBe(type);
      expect(
        new RegExp(`^  type ${type},$`, "m").test(src("runtime.ts")) ||
          new RegExp(`^export interface ${type}\\b`, "m").test(src("client.ts")),
        `${area} exports ${type}`,
      ).toBe(true);
      expect(text, area).toContain(
        "the defaults (60 s per attempt, 2 retries) can hold a request about 3 minutes, up to 5½ with a server's `Retry-After` waits (@chaindata/core's README, \"In a request handler\").",
      );
      named.set(area, type!);
    }
    expect(named.get("wallet")).toBe("RestClientOptions");
    expect(named.get("das")).toBe("ClientOptions");
    expect(named.get("sender")).toBe("SenderClientOptions");
    const core = readFileSync(new URL("../../packages/core/README.md", import.meta.url), "utf8");
    expect(core).toContain("\n### In a request handler\n");
  });

  it("says how to stop a page walk after n pages, read its pages whole and go on after it", () => {
    // (The table said `.all()` only: a user capping a walk had the hover text or core's README.)
    const paged = (kind: "openrpc" | "openapi") =>
      kind === "openrpc"
        ? {
            area: "things",
            kind,
            file: "openrpc/things.json",
            doc: {
              openrpc: "1.3.2",
              info: { title: "Things RPC", version: "1" },
              methods: [
                {
                  name: "listThings",
                  summary: "List",
                  params: [],
                  result: { name: "things", schema: {} },
                  "x-pagination": { style: "cursor", items: "items" },
                },
              ],
            },
          }
        : {
            ...rest({}),
            doc: {
              openapi: "3.1.0",
              info: { title: "Things API", version: "1" },
              paths: {
                "/parts": {
                  get: {
                    operationId: "listParts",
                    summary: "List parts",
                    parameters: [{ name: "page", in: "query", schema: { type: "integer" } }],
                    "x-pagination": { style: "page", items: "items" },
                    ...ok,
                  },
                },
              },
            },
          };
    const walks = (what: string, call: string) =>
      `A paginated ${what}'s pages are walked with \`.all(params, options)\`: \`const walk = ${call}.all(params, { maxPages: 10 })\` walks at most 10 pages; \`for await (const item of walk)\` yields the items, fetching a page only once those before it are used, each page one request at its cost, and \`walk.pages()\` yields each page's whole result instead. Without \`maxPages\` the walk goes to the last page; after one that \`maxPages\` stopped, \`walk.resumeFrom\` is the params of the next page, for \`.all(walk.resumeFrom)\` (@chaindata/core's README, "Page walks").`;
    expect(readme(paged("openrpc"))).toContain(walks("method", "things.listThings"));
    expect(readme(paged("openapi"))).toContain(walks("operation", "things.listParts"));
    // (An area without a paginated operation says nothing of walks.)
    expect(readme(rest({}))).not.toContain("maxPages");
  });

  it("names a REST package's standalone functions, and the page walk of each paginated operation", () => {
    // (The first operation takes no params: its sample says so.)
    expect(readme(rest({}))).toContain(
      "Each operation is also a standalone function, so a bundle carries only the operations it imports: `listThings(createThingsRest())`.",
    );
    const paged = rest({});
    paged.doc.paths = {
      "/things/{id}/parts": {
        get: {
          operationId: "listParts",
          summary: "List parts",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string" } },
            { name: "page", in: "query", schema: { type: "integer" } },
          ],
          "x-pagination": { style: "page", items: "items" },
          ...ok,
        },
      },
    } as never;
    const text = readme(paged);
    expect(text).not.toContain("A method this package does not cover");
    expect(text).toContain(
      "| `listParts` (paginated: `.all()`, `paginateListParts`) | List parts |",
    );
    expect(text).toContain(
      "Each operation is also a standalone function, so a bundle carries only the operations it imports: `listParts(createThingsRest(), params)`; each paginated one has a standalone page walk too, `for await (const item of paginateListParts(rest, params))`, with the options and checks of `.all()`, and `.checkpoints()` on either gives each page with the params of the next, to save and resume from (typed `ListPartsInput`, exported here).",
    );
  });

  it("shows a delivery receiver when the document lists webhooks", () => {
    const text = readme(rest({}, { made: { post: { requestBody: {} } } }));
    expect(text).toContain(
      '```ts\nimport { createWebhookHandler, toNodeHandler } from "@chaindata/things";',
    );
    expect(text).toContain("createServer(toNodeHandler(handle)).listen(3000);");
    // What it answers and how it fails (trial 10: the limits, onRefused and onError, the time
    // limit, an event that fails every time), de-duplication and a shared store with claim(), the
    // Express recipe (receiver.express.test.ts runs it: mounted before any body parser; the recipes
    // come from packages/webhooks/recipes, receiver-recipes.test.ts) and what a
    // parser in front loses, and the rotation of the secret. User trial 30: what it does not check
    // (Content-Type), a reset instead of an early status (F5, F8), the Fastify, Hono and Next.js
    // forms (F4), the handler made on the first request where routes are imported at build (F1).
    for (const part of [
      "`Content-Type` is not checked: the service sends `application/json`, and a valid body is read whatever its type.",
      "Behind `toNodeHandler`, an answer given before the body was read (401, 413) closes the connection once the sender has closed its side, reading and discarding meanwhile the rest of the upload and any request pipelined behind it (up to 16 MiB, each pipelined request counting 16 KiB more, for up to 5 s), so a sender that writes its whole body before reading still gets the status; a sender still sending past those bounds may see the connection reset instead, which `onRefused` still gets.",
      'Behind Fastify, route the handler in a plugin of its own that removes Fastify\'s content-type parsers and adds a `"*"` parser that reads nothing',
      '  app.removeAllContentTypeParsers();\n  app.addContentTypeParser("*", (_request, _payload, done) => done(null));',
      '`app.post("/webhooks/chaindata", (c) => handle(c.req.raw))` (Hono), `export const POST = handle` (App Router).',
      "where a framework imports route modules at build time without the runtime's environment (`next build`), make the handler on the first request, as below.",
      "export const POST = (request: Request) =>\n  (handle ??= createWebhookHandler({",
      "export const config = { api: { bodyParser: false } };",
      "A refused delivery is answered 401 (`Authorization` missing or not the `authHeader`, before the body is read), 415 (a `Content-Encoding` other than gzip or deflate, which it decodes where the runtime's `DecompressionStream` works: on Next.js's edge runtime, which has one that throws, gzip and deflate are answered 415 too), 413 (a body over `maxBodyBytes`, 10 MiB by default, as received or decoded), 408 (a body not all arrived within `readTimeoutMs`, 30 s by default) or 400 (not a UTF-8 JSON array of events, or one with a signature that is no non-empty string, or an amount that is no whole number in its range: a `fee` of `1.5`, past 2^64 − 1, negative, `null`, a list or an object, or a `preBalances` that is no list; the answer names it, `delivery body[0].fee: must be a whole number from 0 to 2^64 - 1 (got 1.5)`), and goes to `onRefused`",
      "so an event that fails every time takes the later events of its delivery down with it.",
      "An `onEvent` still running after `handlerTimeoutMs` (30 s by default) gets the same 500",
      "give the calls `onEvent` makes (a database, an HTTP API) time limits of their own.",
      // (A drop monitor turned batching on and looked each NFT event up: one request per event,
      // one after another, as onEvent runs one event at a time.)
      "A delivery's events are handled one at a time, in its order: the next event's `onEvent` starts once the one before it has returned. Deliveries are not queued: two that arrive together are handled at once, so their `onEvent` calls overlap",
      "    const assets = await das.getAssetBatch({ ids });",
      "De-duplication is in memory and per process by default",
      // (User trial 57, F9: a delivery's events without a signature reached onEvent, typed string,
      // as undefined, every time; events73: now refused 400, as the type promises a string.)
      "must be a non-empty string, as its type says: a delivery with one that is not, or none, is answered 400 naming it (`delivery body[1].signature: must be a non-empty string (got 5)`), and none of its events is handled. Only the signatures and the amounts are checked",
      '(await redis.set(prefix + signature, token, { NX: true, PX: ttlMs })) === "OK",',
      'if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0',
      'app.post("/webhooks/chaindata", toNodeHandler(handle));\napp.use(express.json());',
      "`Authorization` is checked only after an unauthenticated upload was buffered, and `readTimeoutMs` no longer applies",
      'If a parser must come first, make it `express.raw({ type: "*/*", limit: "10mb" })`: without that limit, body-parser\'s default of 100kb answers a larger delivery 413 before the handler runs.',
      "deploy `authHeader: [OLD, NEW]` (each value is compared in constant time), change the webhook's with `editWebhook(things, { webhookID, authHeader: NEW })`, then deploy `authHeader: NEW` alone.",
    ])
      expect(text).toContain(part);
    expect(readme(rest({}))).not.toContain("createWebhookHandler");
  });

  it("a JSON-RPC area's limit per plan: the rates and a limiter at the first plan's, rateLimit among the options (user trial 39 F3)", () => {
    const text = readme({
      area: "things",
      kind: "openrpc",
      file: "openrpc/things.json",
      doc: {
        openrpc: "1.3.2",
        info: {
          title: "Things RPC",
          version: "1",
          "x-rate-limit": { plans: { Free: 2, Developer: 10 }, "x-source": "docs" },
        },
        methods: [
          { name: "getThing", summary: "Get", params: [], result: { name: "thing", schema: {} } },
        ],
      },
    });
    expect(text).toContain(
      "\n\nThe rate limit depends on the plan: 2 / 10 requests/s on Free / Developer. A client-side limiter keeps a client under its plan's:",
    );
    expect(text).toContain(
      '```ts\nimport { createThingsClient, createRateLimiter } from "@chaindata/things";\n\n// Free: 2 requests/s (Developer 10)\nconst things = createThingsClient({\n  apiKey: process.env.CHAINDATA_API_KEY,\n  rateLimit: createRateLimiter({ requestsPerSecond: 2 }),\n});\n```',
    );
    expect(text).toContain(
      "(API key, environment, per-host URLs, retries, timeouts, `rateLimit`, logger",
    );
    // (No plans, no section.)
    expect(readme(rest({}))).not.toContain("depends on the plan");
  });

  it("no generated package README has two blank lines in a row (the sender's had them before ## Constants)", () => {
    for (const { area } of areas) {
      const text = readFileSync(
        new URL(`../../packages/${area}/README.md`, import.meta.url),
        "utf8",
      );
      // (Naming the generator file that wrote it: review 71, F5.)
      expect(text.startsWith("<!-- GENERATED by scripts/generate/readme.mjs from "), area).toBe(
        true,
      );
      expect(text.match(/\n\n\n[^\n]*/)?.[0], area).toBeUndefined();
    }
  });

  it("shows the limiter of a documented rate limit, and the header a host takes the key in", () => {
    const limited = rest({});
    Object.assign(limited.doc.info, { "x-host": "things" });
    Object.assign(limited.doc.paths["/things"].get, {
      "x-rate-limit": { requestsPerSecond: 5, scope: "project" },
    });
    const hosts = { things: { auth: { query: "api-key", header: "X-Api-Key" } } };
    const text = Object.values(emitReadme(limited, undefined, hosts))[0] as string;
    expect(text).toContain(
      "const things = createThingsClient({ apiKey: process.env.CHAINDATA_API_KEY }); // sent as the X-Api-Key header\n",
    );
    expect(text).toContain("The service allows 5 requests/s per project.");
    expect(text).toContain(
      '```ts\nimport { thingsRateLimit, createThingsClient, createRateLimiter } from "@chaindata/things";\n\nconst things = createThingsClient({ rateLimit: createRateLimiter(thingsRateLimit) });\n```',
    );
    const plain = readme(rest({}));
    expect(plain).not.toContain("createRateLimiter");
    expect(plain).not.toContain("// sent as the");
  });

  describe("a JSON-RPC method's params that read as call options, and its notes on the SDK (user trial 36)", () => {
    /** A JSON-RPC area whose `sendThing` takes `[thing, config]`, `config.maxRetries` and a query param. */
    const sending = (description: string) => ({
      area: "things",
      kind: "openrpc",
      file: "openrpc/things.json",
      doc: {
        openrpc: "1.3.2",
        info: { title: "Things RPC", version: "1" },
        methods: [
          {
            name: "sendThing",
            summary: "Send",
            description,
            paramStructure: "by-position",
            params: [
              { name: "thing", required: true, schema: { type: "string" } },
              {
                name: "config",
                schema: {
                  type: "object",
                  properties: {
                    maxRetries: {
                      type: "integer",
                      description: "How many times the node re-sends it. Not the SDK's.",
                    },
                    encoding: { type: "string" },
                  },
                },
              },
            ],
            "x-query-params": [
              {
                name: "fast_only",
                description: "Route by the fast path only; cheaper. Sent as fast_only=true.",
                schema: { type: "boolean" },
              },
            ],
            result: { name: "id", schema: { type: "string" } },
            examples: [
              {
                name: "one",
                params: [
                  { name: "thing", value: "a" },
                  { name: "config", value: { maxRetries: 0 } },
                ],
                result: { name: "id", value: "x" },
              },
            ],
          },
        ],
      },
    });

    it("says under the first call which maxRetries is the service's, and where a query param goes (F1, F4)", () => {
      const text = readme(sending("Sends."));
      expect(text).toContain(
        "});\n// config.maxRetries: how many times the node re-sends it. The SDK's own maxRetries is a call option: { maxRetries: 0 } as the last argument.\n" +
          "// { fastOnly: true }, in the params or as a call option: route by the fast path only.\n```",
      );
      expect(text).toContain(
        "every call takes `{ signal, timeout, maxRetries, headers, retryNonIdempotent, onResponse, onAttempt }` last (`sendThing` also `fastOnly`, which its params take too).",
      );
      // (A method without either has no such lines.)
      const plain = readme(rest({}));
      expect(plain).not.toContain("is a call option:");
      expect(plain).toContain("onAttempt }` last. ");
    });

    it("shows the paragraphs of a description on what the SDK does, in a section of the operation (F5, F6, F8)", () => {
      const text = readme(
        sending(
          "Sends.\n\n**Routing.** The service's.\n\n**Checks (SDK).** Not the tip.\n\n**Errors (SDK).** Read\n`err.rpcError`.",
        ),
      );
      expect(text).toContain(
        "\n\n## `sendThing` in the SDK\n\n**Checks (SDK).** Not the tip.\n\n**Errors (SDK).** Read `err.rpcError`.\n",
      );
      expect(text).not.toContain("**Routing.**");
      expect(readme(sending("Sends."))).not.toContain("in the SDK\n");
    });

    it("the sender's README says them, from its spec (user trial 36: F1, F4 to F8)", () => {
      const sender = readFileSync(
        new URL("../../packages/sender/README.md", import.meta.url),
        "utf8",
      );
      for (const part of [
        "// config.maxRetries: how many times the node itself re-sends the transaction. The SDK's own maxRetries is a call option: { maxRetries: 0 } as the last argument.\n",
        "// { swqosOnly: true }, in the params or as a call option: route only through the stake-weighted (SWQoS) path instead of dual routing.\n",
        "last (`sendTransaction` also `swqosOnly`, which its params take too).",
        "## `sendTransaction` in the SDK",
        "no signature of a legacy or v0 transaction is 64 zero bytes, the slot `@solana/kit` and `@solana/web3.js` write for a signer that has not signed",
        "It does no cryptography and does not read what the transaction does: a signature is not verified, and the tip and the priority fee are not checked; the Sender rejects a transaction without them (-32602).",
        "`err.rpcError?.code` and `err.rpcError?.data` read both.",
        "has its logs in `data.logs`",
        "turn them off, `sendTransaction(params, { maxRetries: 0 })`, and resend in a loop of your own: `@chaindata/core`'s README",
        "## `ping` in the SDK",
        "Then ping on an idle timer: a `setTimeout` of 30 s, started again after each send and each ping",
        "Not just before a send:",
      ])
        expect(sender).toContain(part);
    });
  });

  it("points a @solana/kit user to core's section: in sendTransaction's SDK part (it sends a transaction) and the u64 bullet", () => {
    const read = (name: string) =>
      readFileSync(new URL(`../../packages/${name}/README.md`, import.meta.url), "utf8");
    const section = 'section "Using chaindata with `@solana/kit`"';
    // The section the lines name is core's, by that title.
    expect(read("core")).toContain("\n## Using chaindata with `@solana/kit`\n");
    const sender = read("sender");
    const sendPart = sender.slice(
      sender.indexOf("## `sendTransaction` in the SDK"),
      sender.indexOf("## `ping` in the SDK"),
    );
    expect(sendPart).toContain(
      `**With \`@solana/kit\`.** \`@chaindata/core\`'s README, ${section}`,
    );
    // (ping sends no transaction: no such line there.)
    expect(sender.slice(sender.indexOf("## `ping` in the SDK"))).not.toContain(
      "With `@solana/kit`",
    );
    const u64Bullet = /^- \*\*u64 values\.\*\*.*$/m.exec(read("das"))![0];
    expect(u64Bullet).toContain(
      `With \`@solana/kit\`, whose \`Lamports\` and \`Address\` are branded: \`@chaindata/core\`'s README, ${section}.`,
    );
  });

  it("says that a page walk's items leave out the entries a page counted but could not load (DAS `errors`), and where they are (user trial 64, F1)", () => {
    const das = readFileSync(new URL("../../packages/das/README.md", import.meta.url), "utf8");
    // (A backfill storing what `.all()` yields lost the assets in `errors`, with no word of it.)
    expect(das).toContain(
      "A page walk of `getAssetsByOwner` and `getAssetsByAuthority` yields each page's `items` only. The page's `errors` (the entries it counted but could not load) are in its result alone, which the walk's `.pages()` or `.checkpoints()` gives (`for await (const page of das.getAssetsByOwner.all(params).pages())`: methods of what `.all(params)` returns, not of `das.getAssetsByOwner`)",
    );
    // (getNftEditions counts no such entries: its walk is not named.)
    expect(/A page walk of [^.]*getNftEditions/.test(das)).toBe(false);
    // An area whose walks count none says nothing of it.
    const compression = readFileSync(
      new URL("../../packages/compression/README.md", import.meta.url),
      "utf8",
    );
    expect(compression).not.toContain("counted but could not load");
  });

  describe("what it says of the values that arrive as bigint (trial 25 F10)", () => {
    const U64_NOTE =
      "Fields the spec types u64 (lamports, raw amounts, supplies) arrive as `bigint`: `stringifyJson`, exported here too, writes them where `JSON.stringify` throws.";
    const NO_U64_NOTE =
      "No field of the results here is a u64, so none arrives as `bigint`. Only an integer beyond 2^53 in a field the spec does not type as u64 (a slot, a count, an undocumented field) would, rather than be rounded: `stringifyJson`, exported here too, writes it where `JSON.stringify` throws.";
    const u64 = { type: "integer", format: "uint64", minimum: 0 };
    const digits = { type: "string", pattern: "^[0-9]+$" };
    /** A JSON-RPC area whose one method's result is `result`. */
    const rpc = (result: object) => ({
      area: "things",
      kind: "openrpc",
      file: "openrpc/things.json",
      doc: {
        openrpc: "1.3.2",
        info: { title: "Things RPC", version: "1" },
        components: {
          schemas: {
            Lamports: u64,
            TokenAmount: {
              type: "object",
              properties: { decimals: { type: "integer" }, amount: digits },
            },
          },
        },
        methods: [
          {
            name: "getThing",
            summary: "Get",
            params: [],
            result: { name: "thing", schema: result },
          },
        ],
      },
    });
    /** A REST area whose `listThings` answers `schema`. */
    const restAnswering = (schema: object, webhooks?: object) => {
      const area = rest({}, webhooks);
      (area.doc.paths["/things"].get as { responses: object }).responses = {
        "200": { description: "ok", content: { "application/json": { schema } } },
      };
      Object.assign(area.doc, {
        components: {
          schemas: { TokenAmount: { type: "object", properties: { amount: digits } } },
        },
      });
      return area;
    };
    const delivering = (events: object) => ({
      made: {
        post: {
          requestBody: {
            content: { "application/json": { schema: { type: "array", items: events } } },
          },
        },
      },
    });

    it.each([
      [
        "a JSON-RPC result with a u64 field (by $ref)",
        rpc({
          type: "object",
          properties: { lamports: { $ref: "#/components/schemas/Lamports" } },
        }),
      ],
      ["a JSON-RPC result that is a list of u64s", rpc({ type: "array", items: u64 })],
      [
        "a REST result with a u64 field",
        restAnswering({ type: "object", properties: { supply: u64 } }),
      ],
      [
        "deliveries whose events hold a u64 (the webhooks area: its results hold none)",
        restAnswering(
          { type: "object", properties: { id: { type: "string" } } },
          delivering({ type: "object", properties: { fee: u64 } }),
        ),
      ],
    ])("says the u64 fields arrive as bigint for %s", (_, area) => {
      const text = readme(area);
      expect(text).toContain(U64_NOTE);
      expect(text).not.toContain("No field of the results here is a u64");
    });

    it.each([
      // (A float result gives the area a `<area>U64Shape`, shape 0, but nothing arrives as bigint:
      // trial 25's priority-fee area.)
      [
        "a JSON-RPC area whose results hold floats only",
        rpc({
          type: "object",
          properties: { fee: { type: "number" }, level: { type: "integer" } },
        }),
      ],
      ["a JSON-RPC area whose results hold no number at all", rpc({ type: "string" })],
      [
        "a REST area whose results hold no u64",
        restAnswering({ type: "object", properties: { count: { type: "integer" } } }),
      ],
      ["a REST area whose operations answer nothing", rest({})],
    ])("says no result field is a u64 for %s", (_, area) => {
      const text = readme(area);
      expect(text).toContain(NO_U64_NOTE);
      expect(text).not.toContain("Fields the spec types u64");
      // (Every package exports stringifyJson: lib/names.mjs, runtimeExports.)
      expect(text).toContain("`stringifyJson`, exported here too");
      // (The wallet's `amountRaw` was named in every README: only an area with such a field names one.)
      expect(text).not.toContain("amountRaw");
    });

    it("names a raw amount its results hold as a decimal string, of the named type it is in", () => {
      // The wallet: floats and a decimal-string amount, no u64.
      expect(
        readme(
          rpc({
            type: "object",
            properties: {
              uiAmount: { type: "number" },
              raw: { type: "array", items: { $ref: "#/components/schemas/TokenAmount" } },
            },
          }),
        ),
      ).toContain(
        "No field of the results here is a u64, so none arrives as `bigint` (an amount the service itself sends as a decimal string, such as the `amount` of a `TokenAmount`, stays a string: `BigInt(amount)` reads it exactly). Only an integer beyond 2^53",
      );
      // An inline object's: the property alone.
      expect(
        readme(rpc({ type: "object", properties: { lamports: u64, amountRaw: digits } })),
      ).toContain(
        "Fields the spec types u64 (lamports, raw amounts, supplies) arrive as `bigint` (an amount the service itself sends as a decimal string, such as `amountRaw`, stays a string: `BigInt(amountRaw)` reads it exactly): `stringifyJson`",
      );
      // The webhooks: a delivered event's u64 `amount` beside a token amount's decimal-string one.
      expect(
        readme(
          restAnswering(
            { type: "object" },
            delivering({
              type: "object",
              properties: { amount: u64, token: { $ref: "#/components/schemas/TokenAmount" } },
            }),
          ),
        ),
      ).toContain(
        "arrive as `bigint` (an amount the service itself sends as a decimal string, such as the `amount` of a `TokenAmount`, stays a string",
      );
    });

    it("names a raw amount sent as digits of format uint64 as one that arrives as bigint too (user trial 56, F5)", () => {
      // The wallet now: `amountRaw` digits on the wire, a bigint in the SDK, no BigInt() told.
      const text = readme(
        rpc({ type: "object", properties: { amountRaw: { ...digits, format: "uint64" } } }),
      );
      expect(text).toContain(
        "Fields the spec types u64 (lamports, raw amounts, supplies) arrive as `bigint` (`amountRaw` too, which the service sends as a decimal string): `stringifyJson`",
      );
      expect(text).not.toContain("BigInt(amountRaw)");
    });
  });
});
