// The generator's `plain-http` rule (scripts/generate/lib/refusals.mjs): the OpenAPI companion of a
// JSON-RPC area (the sender's GET /ping) holds only what core's getText sends: an unauthenticated
// GET without parameters or body, answered text/plain, on the area's own key-optional host.
// (Nothing tested the rule: dropping its `security.length` or its "no 2xx" clause passed every
// generator suite, mutation 74.)
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { packageRefusals } from "../../scripts/generate/lib/refusals.mjs";

const info = { title: "zed", version: "1", "x-host": "zed" };
const main = {
  area: "zed",
  kind: "openrpc",
  file: "openrpc/zed.json",
  doc: { openrpc: "1.3.2", info: { ...info, "x-auth": { required: false } }, methods: [] },
};
const companion = (ping: object, document: object = {}) => ({
  area: "zed",
  kind: "openapi",
  file: "openapi/zed.json",
  doc: { openapi: "3.1.0", info, paths: { "/ping": ping }, ...document },
});
const text = { description: "ok", content: { "text/plain": { schema: { type: "string" } } } };
const json = { description: "ok", content: { "application/json": { schema: { type: "string" } } } };
const ping = { operationId: "ping", security: [], responses: { 200: text } };
const plainHttp = (http: object, rpc: object = main) =>
  (packageRefusals([rpc, http]) as { rule: string; message: string }[])
    .filter((r) => r.rule === "plain-http")
    .map((r) => r.message);

const UNAUTHENTICATED =
  "operation ping: must be unauthenticated (`security: []`): the plain-HTTP calls of a JSON-RPC area send no key";
const TEXT = "operation ping: its 2xx responses must be text/plain (and nothing else)";

describe("the plain-http rule", () => {
  it("takes an unauthenticated GET answered text/plain (security: [] on it or on the document)", () => {
    expect(plainHttp(companion({ get: ping }))).toEqual([]);
    const { security: _, ...unmarked } = ping;
    expect(plainHttp(companion({ get: unmarked }, { security: [] }))).toEqual([]);
  });

  it("refuses one that is authenticated, or says nothing of it", () => {
    expect(plainHttp(companion({ get: { ...ping, security: [{ ApiKey: [] }] } }))).toEqual([
      UNAUTHENTICATED,
    ]);
    const { security: _, ...unmarked } = ping;
    expect(plainHttp(companion({ get: unmarked }))).toEqual([UNAUTHENTICATED]);
  });

  it("refuses one with no 2xx answer, or a 2xx that is not text/plain alone", () => {
    expect(plainHttp(companion({ get: { ...ping, responses: { 404: text } } }))).toEqual([TEXT]);
    expect(plainHttp(companion({ get: { ...ping, responses: { 200: json } } }))).toEqual([TEXT]);
  });

  it("refuses a POST, another host, and a host that requires the key", () => {
    expect(plainHttp(companion({ post: ping }))).toEqual([
      "operation ping: only a GET without parameters or body can join a JSON-RPC area (it is sent by core's getText)",
    ]);
    const elsewhere = { ...companion({ get: ping }) };
    elsewhere.doc = { ...elsewhere.doc, info: { ...info, "x-host": "other" } };
    expect(plainHttp(elsewhere)).toEqual([
      'info.x-host must be "zed", the host of the area\'s JSON-RPC document',
    ]);
    const keyed = { ...main, doc: { ...main.doc, info } };
    expect(plainHttp(companion({ get: ping }), keyed)).toEqual([
      "plain-HTTP operations join a JSON-RPC area only on a key-optional host (x-auth.required: false); elsewhere the general key would still be sent",
    ]);
  });
});
