// REST parameters named like the generated code's own bindings (`fetch`, `input`, `client`,
// `options`, `body`, `_0`…) or not identifiers at all (`page-size` beside `pageSize`): the client
// the generator emits compiles, and sends each parameter where the spec puts it. (The parameters
// are read from the params object, never bound as locals that could shadow the generated code.)
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tsc } from "../types/tsc.js";
import { emittedAreaDir, importEmittedClient, writeEmittedArea } from "./emitted-area.js";
// @ts-expect-error — plain ESM scripts without type declarations
import { emitRestArea } from "../../scripts/generate/rest.mjs";

const dir = emittedAreaDir("param-names");

const param = (name: string, type: string, where = "query") => ({
  name,
  in: where,
  ...(where === "path" ? { required: true } : {}),
  schema: { type },
});
const answer = {
  "200": {
    description: "ok",
    content: { "application/json": { schema: { type: "object" } } },
  },
};
const doc = {
  openapi: "3.1.0",
  info: { title: "Clashing names", version: "1", "x-host": "wallet" },
  paths: {
    "/v1/things/{client}": {
      get: {
        operationId: "getThing",
        parameters: [
          param("client", "string", "path"),
          param("fetch", "integer"),
          param("input", "string"),
          param("options", "boolean"),
          param("transport", "string"),
          param("params", "string"),
          param("rest", "string"),
          param("page-size", "integer"),
          param("pageSize", "integer"),
        ],
        responses: answer,
      },
      put: {
        operationId: "putThing",
        "x-idempotent": true,
        parameters: [
          param("client", "string", "path"),
          param("fetch", "integer"),
          param("body", "string"),
          param("_0", "string"),
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { name: { type: "string" } },
                additionalProperties: false,
              },
            },
          },
        },
        responses: answer,
      },
    },
  },
};

let files: Record<string, string>;
beforeAll(async () => {
  files = await emitRestArea({ area: "clash", doc, file: "openapi/clash.json" });
  writeEmittedArea(dir, files);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("REST parameters named like the generated code's bindings", () => {
  it("are read from the params, not bound as locals", () => {
    const client = files["packages/clash/src/generated/client.ts"]!;
    expect(client).toContain(
      'query: { fetch: params.fetch, input: params.input, options: params.options, transport: params.transport, params: params.params, rest: params.rest, "page-size": params["page-size"], pageSize: params.pageSize }',
    );
    expect(client).toContain(
      "const { client: _0, fetch: _1, body: _2, _0: _3, ...body } = params;",
    );
  });

  it("compile (tsc, exactOptionalPropertyTypes)", () => {
    expect(tsc("-p", dir, "--pretty", "false")).toBe("");
  }, 60_000);

  it("go on the wire where the spec puts them", async () => {
    const { createClashClient, createClashRest, getThing } = await importEmittedClient(dir);
    const requests: Request[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    };
    const clash = createClashClient({ apiKey: "k", fetch });
    const params = {
      client: "c1",
      fetch: 3,
      input: "x",
      options: true,
      transport: "t",
      params: "p",
      rest: "r",
      "page-size": 10,
      pageSize: 20,
    };
    await clash.getThing(params);
    await clash.putThing({ client: "c2", fetch: 1, body: "b", _0: "z", name: "n" });
    // (The standalone function: the same request.)
    await getThing(createClashRest({ apiKey: "k", fetch }), params);
    const [get, put, standalone] = requests.map((r) => new URL(r.url));
    expect(standalone!.href).toBe(get!.href);
    expect(get!.pathname).toBe("/v1/things/c1");
    expect(Object.fromEntries(get!.searchParams)).toEqual({
      fetch: "3",
      input: "x",
      options: "true",
      transport: "t",
      params: "p",
      rest: "r",
      "page-size": "10",
      pageSize: "20",
      "api-key": "k",
    });
    expect(put!.pathname).toBe("/v1/things/c2");
    expect(Object.fromEntries(put!.searchParams)).toEqual({
      fetch: "1",
      body: "b",
      _0: "z",
      "api-key": "k",
    });
    expect(await requests[1]!.json()).toEqual({ name: "n" });
  }, 30_000);

  it("refuses a parameter named __proto__ (an object literal would set the prototype)", async () => {
    const proto = structuredClone(doc);
    proto.paths["/v1/things/{client}"].get.parameters.push(param("__proto__", "string"));
    await expect(
      emitRestArea({ area: "clash", doc: proto, file: "openapi/clash.json" }),
    ).rejects.toThrow(
      "spec/dist/openapi/clash.json#/paths/~1v1~1things~1{client}/get/parameters/9 (__proto__): [parameter-name] operation getThing: parameter __proto__ in query: the name cannot be a member of the generated objects; rename it (run npm run spec:check for the source location)",
    );
  });
});
