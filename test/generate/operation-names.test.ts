// Operations named like a local of the generated code: the name-clash rule refuses only the names
// that really clash. The generated code calls an operation by its name inside a function in one
// place, the page walk (`paginate<Operation>(rest, params, options)` walks `(params, options) =>
// <operation>(rest, params, options)`); elsewhere an operation is a property key or
// `op.<operation>`, where a local of that name changes nothing. So `client`, `extra`, `rest` and
// `options` name operations that compile and send, and a paginated `options` is refused.
import { readFileSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tsc } from "../types/tsc.js";
import { emittedAreaDir, importEmittedClient, writeEmittedArea } from "./emitted-area.js";
// @ts-expect-error — plain ESM scripts without type declarations
import { emitRestArea } from "../../scripts/generate/rest.mjs";
// @ts-expect-error — plain ESM scripts without type declarations
import { emitRpcArea } from "../../scripts/generate/rpc.mjs";

const dir = emittedAreaDir("operation-names");

const answer = {
  "200": {
    description: "ok",
    content: {
      "application/json": {
        schema: {
          type: "object",
          properties: { items: { type: "array", items: { type: "string" } } },
        },
      },
    },
  },
};
const query = (name: string) => ({ name, in: "query", schema: { type: "string" } });
const page = { name: "page", in: "query", schema: { type: "integer", minimum: 1 } };
const doc = {
  openapi: "3.1.0",
  info: { title: "Operations named like locals", version: "1", "x-host": "wallet" },
  paths: {
    "/v1/client": { get: { operationId: "client", parameters: [query("q")], responses: answer } },
    "/v1/rest": { get: { operationId: "rest", parameters: [query("q")], responses: answer } },
    "/v1/options": { get: { operationId: "options", parameters: [query("q")], responses: answer } },
    // (No params: its function is `extra(rest, options, ...extra)`.)
    "/v1/extra": { get: { operationId: "extra", responses: answer } },
    "/v1/pages": {
      get: {
        operationId: "pages",
        parameters: [page],
        "x-pagination": { style: "page", page: "page", items: "items" },
        responses: answer,
      },
    },
  },
};

let files: Record<string, string>;
beforeAll(async () => {
  files = await emitRestArea({ area: "locals", doc, file: "openapi/locals.json" });
  writeEmittedArea(dir, files);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("operations named like a local of the generated code", () => {
  it("generate, and compile (tsc, exactOptionalPropertyTypes)", () => {
    const client = files["packages/locals/src/generated/client.ts"]!;
    expect(client).toContain("export function rest(rest: LocalsRest, params: T.RestInput,");
    expect(client).toContain("export function options(rest: LocalsRest, params: T.OptionsInput,");
    expect(tsc("-p", dir, "--pretty", "false")).toBe("");
  }, 60_000);

  it("send their own requests, from the client and the standalone functions", async () => {
    const module = await importEmittedClient(dir);
    const paths: string[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(new Request(input, init).url);
      paths.push(
        `${url.pathname}${url.searchParams.get("q") ? `?q=${url.searchParams.get("q")}` : ""}`,
      );
      return new Response('{"items":["a"]}', {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    };
    const locals = module.createLocalsClient({ apiKey: "k", fetch });
    await locals.client({ q: "1" });
    await locals.rest({ q: "2" });
    await locals.options({ q: "3" });
    await locals.extra();
    const rest = module.createLocalsRest({ apiKey: "k", fetch });
    await module.client(rest, { q: "4" });
    await module.rest(rest, { q: "5" });
    await module.options(rest, { q: "6" }, {});
    await module.extra(rest);
    expect(paths).toEqual([
      "/v1/client?q=1",
      "/v1/rest?q=2",
      "/v1/options?q=3",
      "/v1/extra",
      "/v1/client?q=4",
      "/v1/rest?q=5",
      "/v1/options?q=6",
      "/v1/extra",
    ]);
    // (Its params checked as the call's own, by the check named after it.)
    expect(() => module.checkRest(rest, { q: 1 })).toThrow(
      "params.q: must be string (got number 1)",
    );
  }, 30_000);

  it("refuses a paginated operation named like its page walk's parameter, saying what to do", async () => {
    // (`params` is refused for its check's name too, checkParams, core's; this finding comes after
    // that one and is the one that says to rename the operation.)
    for (const name of ["options", "rest", "params"]) {
      const walked = structuredClone(doc);
      walked.paths["/v1/pages"].get.operationId = name;
      delete (walked.paths as Record<string, unknown>)[`/v1/${name}`];
      await expect(
        emitRestArea({ area: "locals", doc: walked, file: "openapi/locals.json" }),
      ).rejects.toThrow(
        `spec/dist/openapi/locals.json#/paths/~1v1~1pages/get (${name}): [name-clash] "${name}" is both operation ${name}'s call (paginate${name[0]!.toUpperCase()}${name.slice(1)}) and a parameter of the page walk (paginate${name[0]!.toUpperCase()}${name.slice(1)}): paginate${name[0]!.toUpperCase()}${name.slice(1)} (generated/client.ts) calls operation ${name} by name, where "${name}" names its own parameter: rename the operation`,
      );
    }
  });

  it("refuses an operation named __proto__, which the client's object literal would take for its prototype", async () => {
    const proto = structuredClone(doc);
    proto.paths["/v1/extra"].get.operationId = "__proto__";
    await expect(
      emitRestArea({ area: "locals", doc: proto, file: "openapi/locals.json" }),
    ).rejects.toThrow(
      `spec/dist/openapi/locals.json#/paths/~1v1~1extra/get (__proto__): [operation-name] "__proto__": the name cannot be a member of the generated objects (in the client's object literal it sets the prototype); rename it`,
    );
  });
});

// The JSON-RPC side: create<Area>Client binds `rpc` and `client`, and its members take `options`;
// a method of any of those names is a property key there and `op.<name>`, so it compiles and
// sends. (Made from das's spec: getAsset as each name, getAssetBatch as `client`. A method
// `params` is refused for another name: its check, checkParams, is core's.)
describe("JSON-RPC methods named like a local of the generated factory", () => {
  const rpcDir = emittedAreaDir("rpc-method-names");
  const names = ["rpc", "options", "unknownMethod"];
  let rpcFiles: Record<string, string>;
  beforeAll(async () => {
    const das = JSON.parse(
      readFileSync(new URL("../../spec/dist/openrpc/das.json", import.meta.url), "utf8"),
    ) as { methods: { name: string }[] };
    const method = (name: string) => das.methods.find((m) => m.name === name)!;
    const methods = [
      ...names.map((name) => ({ ...structuredClone(method("getAsset")), name })),
      { ...method("getAssetBatch"), name: "client" },
      method("getAssetsByOwner"),
    ];
    rpcFiles = await emitRpcArea({
      area: "das",
      kind: "openrpc",
      doc: { ...das, methods },
      file: "openrpc/das.json",
    });
    writeEmittedArea(rpcDir, rpcFiles);
  });
  afterAll(() => rmSync(rpcDir, { recursive: true, force: true }));

  it("generate, compile, and send their own requests from the client and the standalone functions", async () => {
    const client = rpcFiles["packages/das/src/generated/client.ts"]!;
    expect(client).toContain("export function rpc(rpc: DasRpc, params: T.RpcParams,");
    expect(client).toContain("export function client(rpc: DasRpc, params: T.ClientParams,");
    expect(tsc("-p", rpcDir, "--pretty", "false")).toBe("");
    const module = await importEmittedClient(rpcDir);
    const sent: string[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      type Call = { id: string; method: string };
      const body = (await new Request(input, init).json()) as Call | Call[];
      const answer = [body].flat().map((call) => {
        sent.push(call.method);
        const result = call.method == "client" ? [] : { interface: "V1_NFT", id: "a" };
        return { jsonrpc: "2.0", id: call.id, result };
      });
      return new Response(JSON.stringify(Array.isArray(body) ? answer : answer[0]), {
        headers: { "content-type": "application/json" },
      });
    };
    const options = { apiKey: "k", fetch, batch: false };
    const das = module.createDasClient(options);
    const rpc = module.createDasRpc(options);
    const id = "F9Lw3ki3hJ7PF9HQXsBzoY8GyE6sPoEZZdXJBsTTD2rk";
    for (const name of names) {
      await das[name]({ id });
      await module[name](rpc, { id });
    }
    await das.client({ ids: [id] });
    await module.client(rpc, { ids: [id] });
    expect(sent).toEqual([...names.flatMap((name) => [name, name]), "client", "client"]);
  }, 60_000);

  it("refuses a method named __proto__, as an operation so named", async () => {
    const das = JSON.parse(
      readFileSync(new URL("../../spec/dist/openrpc/das.json", import.meta.url), "utf8"),
    ) as { methods: { name: string }[] };
    const methods = das.methods.map((method, i) => (i ? method : { ...method, name: "__proto__" }));
    await expect(
      emitRpcArea({
        area: "das",
        kind: "openrpc",
        doc: { ...das, methods },
        file: "openrpc/das.json",
      }),
    ).rejects.toThrow(
      `spec/dist/openrpc/das.json#/methods/0 (__proto__): [operation-name] "__proto__": the name cannot be a member of the generated objects (in the client's object literal it sets the prototype); rename it`,
    );
  });
});
