/**
 * The mock against the spec bundles: every operation listed by spec/dist/index.json answers
 * its first example with 200 and no violation; the JSON-RPC dispatcher keeps ids, reports
 * unknown methods and invalid params; auth, Prefer and error hooks; dynamic mode returns
 * schema-valid data; stop() leaves nothing behind.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleParams } from "./convert.js";
import { mapBigints, parseJson, stringifyJson } from "./json.js";
import { startMock, type MockServer } from "./index.js";
import { formatLogLine } from "./request-log.js";
import { resolveSpecDir } from "./spec.js";
import { callMock } from "./test-support.js";

const specDir = resolveSpecDir();
const index = JSON.parse(readFileSync(join(specDir, "index.json"), "utf8"));
const load = (file: string) => parseJson(readFileSync(join(specDir, file), "utf8")) as any;
const areas: Array<{ area: string; kind: string; file: string; doc: any }> = index.areas.map(
  (a: any) => ({ ...a, doc: load(a.file) }),
);
const KEY = "test-key";

// -- the operations of the bundles, each with the request of its first example --------------------

interface RpcCase {
  kind: "rpc";
  label: string;
  area: string;
  endpoint: string;
  method: any;
  doc: any;
  params: unknown;
  result: unknown;
}
interface RestCase {
  kind: "rest";
  label: string;
  area: string;
  doc: any;
  verb: string;
  path: string;
  op: any;
  url: string;
  body: unknown;
  status: number;
  expected: unknown;
}

const deref = (doc: any, node: any): any => {
  while (node && typeof node.$ref === "string")
    node = node.$ref
      .slice(2)
      .split("/")
      .reduce((a: any, k: string) => a?.[k], doc);
  return node;
};
const firstExample = (node: any) => {
  if (!node) return undefined;
  const named =
    node.examples && !Array.isArray(node.examples)
      ? Object.values<any>(node.examples)[0]
      : undefined;
  if (named && "value" in named) return { value: named.value };
  if ("example" in node) return { value: node.example };
  if (Array.isArray(node.schema?.examples) && node.schema.examples.length)
    return { value: node.schema.examples[0] };
  return undefined;
};

const rpcCases: RpcCase[] = areas
  .filter((a) => a.kind === "openrpc")
  .flatMap((a) =>
    a.doc.methods.map((method: any) => {
      const ex = method.examples[0];
      return {
        kind: "rpc",
        label: `${a.area} ${method.name}`,
        area: a.area,
        endpoint: a.doc.info["x-path"] ?? "/",
        method,
        doc: a.doc,
        params: exampleParams(method, ex),
        result: ex.result?.value,
      };
    }),
  );

const restCases: RestCase[] = areas
  .filter((a) => a.kind === "openapi")
  .flatMap((a) =>
    Object.entries<any>(a.doc.paths).flatMap(([path, item]) =>
      Object.entries<any>(item)
        .filter(([verb]) => ["get", "post", "put", "patch", "delete"].includes(verb))
        .map(([verb, op]) => {
          const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: any) =>
            deref(a.doc, p),
          );
          let url = path;
          const query = new URLSearchParams({ "api-key": KEY });
          for (const p of params) {
            const ex = firstExample(p);
            if (!ex) continue;
            if (p.in === "path")
              url = url.replace(`{${p.name}}`, encodeURIComponent(String(ex.value)));
            else if (p.in === "query") query.set(p.name, String(ex.value));
          }
          const body = firstExample(
            deref(a.doc, op.requestBody)?.content?.["application/json"],
          )?.value;
          const status = Math.min(
            ...Object.keys(op.responses)
              .filter((c) => /^2\d\d$/.test(c))
              .map(Number),
          );
          const expected = firstExample(
            deref(a.doc, op.responses[String(status)])?.content?.["application/json"],
          )?.value;
          return {
            kind: "rest" as const,
            label: `${a.area} ${verb.toUpperCase()} ${path}`,
            area: a.area,
            doc: a.doc,
            verb,
            path,
            op,
            url: `${url}?${query}`,
            body,
            status,
            expected,
          };
        }),
    ),
  );

// -- helpers ---------------------------------------------------------------------------------------

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

const call = (base: string, path: string, init?: Parameters<typeof callMock>[2]): Promise<Reply> =>
  callMock(base, path, init);

/** A GET of `target` exactly as given (`fetch` would resolve it against a URL first). */
function sendTarget(port: number, target: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: target }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, text }));
    });
    req.on("error", reject);
    req.end();
  });
}

const rpc = (method: string, params: unknown, id: unknown = "1") => ({
  jsonrpc: "2.0",
  id,
  method,
  ...(params !== undefined && { params }),
});
const same = (a: unknown, b: unknown) => expect(stringifyJson(a)).toBe(stringifyJson(b));

/** Processes whose parent is this one (Linux /proc; no helper process, so none to filter out). */
function childPids(parent = process.pid): number[] {
  if (!existsSync("/proc/self/stat")) return [];
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // pid (comm) state ppid …: comm may hold spaces, so split after the last ')'.
        const stat = readFileSync(`/proc/${d}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function portOpen(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ port, host });
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}

// --------------------------------------------------------------------------------------------------

describe("examples mode", () => {
  let mock: MockServer;
  let childrenBefore: number[];
  beforeAll(async () => {
    childrenBefore = childPids();
    mock = await startMock({ port: 0, quiet: true });
  });
  afterAll(() => mock?.stop());

  it("serves every area listed by index.json on one port", () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.areas.map((a) => a.area).sort()).toEqual(areas.map((a) => a.area).sort());
    expect(Object.keys(mock.baseUrls).sort()).toEqual(Object.keys(index.hosts).sort());
    expect(rpcCases.length + restCases.length).toBeGreaterThan(0);
  });

  it.each(rpcCases.map((c) => [c.label, c] as const))(
    "JSON-RPC %s: first example → 200, the example result, no violation",
    async (_label, c) => {
      mock.clearRequests();
      const id = `req-${c.method.name}`;
      const r = await call(mock.url, `${c.endpoint}?api-key=${KEY}`, {
        body: rpc(c.method.name, c.params, id),
      });
      expect(r.status, r.text.slice(0, 500)).toBe(200);
      expect(r.body.jsonrpc).toBe("2.0");
      expect(r.body.id).toBe(id);
      expect(r.body.error).toBeUndefined();
      if (c.result !== undefined) same(r.body.result, c.result); // exact, big integers included
      const [entry] = mock.requests();
      expect(entry).toMatchObject({
        method: "POST",
        path: c.endpoint,
        kind: "json-rpc",
        rpcMethods: [c.method.name],
        status: 200,
        areas: [c.area],
      });
      expect(entry!.violations).toEqual([]);
    },
  );

  it.each(restCases.map((c) => [c.label, c] as const))(
    "REST %s: first example → 2xx, no violation",
    async (_label, c) => {
      mock.clearRequests();
      const r = await call(mock.url, c.url, {
        method: c.verb.toUpperCase(),
        ...(c.body !== undefined && { body: c.body }),
      });
      expect(r.status, r.text.slice(0, 500)).toBe(c.status);
      if (c.expected !== undefined) same(r.body, c.expected);
      const [entry] = mock.requests();
      expect(entry).toMatchObject({
        kind: "rest",
        status: c.status,
        areas: [c.area],
        operationId: c.op.operationId,
      });
      expect(entry!.violations).toEqual([]);
    },
  );

  it("gives each answer an x-request-id of its own, as the service does (user trial 29)", async () => {
    const [c] = rpcCases;
    const ids: (string | null)[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await call(mock.url, `${c!.endpoint}?api-key=${KEY}`, {
        body: rpc(c!.method.name, c!.params),
      });
      ids.push(r.headers.get("x-request-id"));
    }
    const unknown = await call(mock.url, `/v9/nothing?api-key=${KEY}`);
    ids.push(unknown.headers.get("x-request-id"));
    expect(ids.every((id) => /^mock-\d+$/.test(id ?? ""))).toBe(true);
    expect(new Set(ids).size).toBe(3);
    // (Not the control API's answers: they are no service's.)
    expect((await call(mock.url, "/__mock/requests")).headers.get("x-request-id")).toBeNull();
  });

  it("keeps u64 values above 2^53 exact on the wire", async () => {
    // Every unsafe integer of an example result must come back digit for digit.
    const bigCases = rpcCases.filter((c) => /\d{17,}/.test(stringifyJson(c.result)));
    expect(bigCases.length).toBeGreaterThan(0);
    for (const c of bigCases) {
      const r = await call(mock.url, `${c.endpoint}?api-key=${KEY}`, {
        body: rpc(c.method.name, c.params),
      });
      for (const digits of stringifyJson(c.result).match(/(?<![\d.])\d{17,}/g)!)
        expect(r.text).toContain(digits);
    }
  });

  it("answers a batch of two methods in order, keeping each id", async () => {
    const [a, b] = rpcCases.filter((c) => c.endpoint === "/");
    const r = await call(mock.url, `/?api-key=${KEY}`, {
      body: [rpc(a!.method.name, a!.params, "first"), rpc(b!.method.name, b!.params, 42)],
    });
    expect(r.status).toBe(200);
    expect(r.body.map((e: any) => e.id)).toEqual(["first", 42]);
    same(r.body[0].result, a!.result);
    same(r.body[1].result, b!.result);
    expect(mock.requests().at(-1)).toMatchObject({
      batch: true,
      rpcMethods: [a!.method.name, b!.method.name],
      // (The number id: JSON-RPC 2.0 takes it, the service's envelope wants a string.)
      violations: [expect.objectContaining({ code: "id-not-string", entry: 1 })],
    });
  });

  it("answers an unknown method with -32601 and reports it", async () => {
    mock.clearRequests();
    const r = await call(mock.url, `/?api-key=${KEY}`, { body: rpc("getEverything", {}, "u") });
    expect(r.body).toMatchObject({
      jsonrpc: "2.0",
      id: "u",
      // (Saying the mock lacks it, not the service: user trial 83, F8.)
      error: {
        code: -32601,
        message: "Method not found (the mock serves only the spec's methods)",
      },
    });
    expect(mock.requests()[0]!.violations[0]).toMatchObject({ code: "method-not-found" });
    // A method of another endpoint is unknown here too (sendTransaction lives on /fast).
    const sender = rpcCases.find((c) => c.endpoint !== "/");
    if (sender) {
      const s = await call(mock.url, `/?api-key=${KEY}`, {
        body: rpc(sender.method.name, sender.params),
      });
      expect(s.body.error.code).toBe(-32601);
      expect(s.body.error.data[0].message).toContain(`POST ${sender.endpoint}`);
    }
  });

  it("answers invalid params with -32602 and the violations in data (HTTP 400; 200 inside a batch)", async () => {
    const c = rpcCases.find((x) => x.method.name === "getAsset") ?? rpcCases[0]!;
    mock.clearRequests();
    const r = await call(mock.url, `/?api-key=${KEY}`, {
      body: rpc("getAsset", { id: 42, bogus: true }, "bad"),
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ id: "bad", error: { code: -32602 } });
    const messages = r.body.error.data.map((v: any) => v.message).join("\n");
    expect(messages).toMatch(/bogus/);
    expect(messages).toMatch(/must be string/);
    expect(mock.requests()[0]!.violations.length).toBe(r.body.error.data.length);
    expect(r.headers.get("sl-violations")).toContain("bogus");

    const batch = await call(mock.url, `/?api-key=${KEY}`, {
      body: [rpc(c.method.name, c.params, "1"), rpc("getAsset", {}, "2")],
    });
    expect(batch.status).toBe(200);
    expect(batch.body[0]).toMatchObject({ id: "1" });
    expect(batch.body[0].result).toBeDefined();
    expect(batch.body[1]).toMatchObject({ id: "2", error: { code: -32602 } });
    expect(mock.requests().at(-1)!.violations[0]).toMatchObject({
      rpcMethod: "getAsset",
      entry: 1,
      code: "required",
    });
  });

  it("refuses params that break a rule between params (x-dependent-schemas): page with a keyset cursor, keyset paging not sorted by id", async () => {
    const owner = rpcCases.find((x) => x.method.name === "getAssetsByOwner")!;
    const { ownerAddress } = owner.params as { ownerAddress: string };
    const answer = async (params: object) => {
      const r = await call(mock.url, `/?api-key=${KEY}`, {
        body: rpc("getAssetsByOwner", { ownerAddress, ...params }, "rule"),
      });
      return { status: r.status, code: r.body.error?.code, result: r.body.result };
    };
    for (const params of [
      { page: 1, cursor: "abc" },
      // (An asset id, a base58 address as before/after are typed: "abc" was refused for its
      // pattern, not for the rule between params. Review 73, F1.)
      { before: ownerAddress, sortBy: { sortBy: "created" } },
      { cursor: "abc", sortBy: { sortBy: "none", sortDirection: "asc" } },
    ])
      expect(await answer(params), JSON.stringify(params)).toMatchObject({
        status: 400,
        code: -32602,
      });
    for (const params of [
      { page: 2, sortBy: { sortBy: "created" } },
      { after: ownerAddress, sortBy: { sortBy: "id" } },
      { cursor: "abc" },
    ]) {
      const r = await answer(params);
      expect(r.code, JSON.stringify(params)).toBeUndefined();
      expect(r.result).toBeDefined();
    }
  });

  it("refuses positional params that break a rule chosen by a member's value (x-all-of): a transaction not in the encoding its config names", async () => {
    const send = rpcCases.find((x) => x.method.name === "sendTransaction")!;
    const [base64] = send.params as [string];
    const base58 = "3yZe7d";
    const answer = async (params: unknown[]) => {
      const r = await call(mock.url, "/fast", { body: rpc("sendTransaction", params, "rule") });
      return { status: r.status, code: r.body.error?.code, result: r.body.result };
    };
    for (const params of [
      [base64, { encoding: "base58" }],
      [base58, { encoding: "base64" }],
      ["AQIDBA", { encoding: "base64" }], // unpadded
    ])
      expect(await answer(params), JSON.stringify(params)).toMatchObject({
        status: 400,
        code: -32602,
      });
    for (const params of [
      [base64, { encoding: "base64" }],
      [base58, { encoding: "base58" }],
      ["AQIDBA==", { encoding: "base64", skipPreflight: true }],
    ]) {
      const r = await answer(params);
      expect(r.code, JSON.stringify(params)).toBeUndefined();
      expect(r.result).toBeDefined();
    }
  });

  it("answers invalid params at the status x-error-info gives -32602: 200 on compression (its server's method errors), 400 elsewhere", async () => {
    const zk = areas.find((a) => a.area === "compression")!;
    expect(zk.doc["x-error-info"]["-32602"].httpStatus).toBe(200);
    expect(areas.find((a) => a.area === "das")!.doc["x-error-info"]["-32602"].httpStatus).toBe(400);
    mock.clearRequests();
    const r = await call(mock.url, `/?api-key=${KEY}`, {
      body: rpc("getLatestCompressionSignatures", { limit: 1001 }, "zk"),
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ jsonrpc: "2.0", id: "zk", error: { code: -32602 } });
    expect(r.body.result).toBeUndefined();
    expect(r.body.error.data.map((v: any) => v.message).join("\n")).toMatch(/limit/);
    expect(mock.requests()[0]).toMatchObject({ status: 200, areas: ["compression"] });
    expect(mock.requests()[0]!.violations[0]).toMatchObject({ code: "maximum" });
    // the same mistake on DAS is still a 400
    const das = await call(mock.url, `/?api-key=${KEY}`, {
      body: rpc("getAssetsByOwner", { ownerAddress: "x".repeat(5), limit: 1001 }, "das"),
    });
    expect(das.status).toBe(400);
    expect(das.body.error.code).toBe(-32602);
    // in a batch beside a valid entry: 200, the error in its entry
    const c = rpcCases.find((x) => x.area === "compression")!;
    const batch = await call(mock.url, `/?api-key=${KEY}`, {
      body: [rpc(c.method.name, c.params, 1), rpc("getCompressedBalanceByOwner", {}, 2)],
    });
    expect(batch.status).toBe(200);
    expect(batch.body[0].result).toBeDefined();
    expect(batch.body[1]).toMatchObject({ id: 2, error: { code: -32602 } });
    // `Prefer: code=400` on compression: its server's 400, malformed JSON (-32700)
    const forced = await call(mock.url, `/?api-key=${KEY}`, {
      body: rpc(c.method.name, c.params, "p"),
      headers: { Prefer: "code=400" },
    });
    expect(forced.status).toBe(400);
    expect(forced.body.error.code).toBe(-32700);
  });

  it("checks positional and array params too", async () => {
    const array = rpcCases.find((c) => c.method["x-params"] === "array");
    if (array) {
      const r = await call(mock.url, `${array.endpoint}?api-key=${KEY}`, {
        body: rpc(array.method.name, { not: "an array" }),
      });
      expect(r.body.error.code).toBe(-32602);
    }
    const positional = rpcCases.find(
      (c) => c.method.paramStructure === "by-position" && c.method["x-params"] !== "array",
    );
    if (positional) {
      const tooMany = [
        ...(positional.params as unknown[]),
        ...Array(positional.method.params.length).fill("extra"),
      ];
      const r = await call(mock.url, `${positional.endpoint}?api-key=${KEY}`, {
        body: rpc(positional.method.name, tooMany),
      });
      expect(r.body.error.code).toBe(-32602);
      const named = await call(mock.url, `${positional.endpoint}?api-key=${KEY}`, {
        body: rpc(positional.method.name, { transaction: "x" }),
      });
      expect(named.body.error.code).toBe(-32602);
    }
  });

  it("rejects a missing api-key with 401 (JSON-RPC and REST); the sender key is optional", async () => {
    const das = rpcCases.find((c) => c.endpoint === "/")!;
    const r = await call(mock.url, "/", { body: rpc(das.method.name, das.params, "k") });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ id: "k", error: { code: -32001 } });
    expect(mock.requests().at(-1)!.violations[0]).toMatchObject({
      code: 401,
      message: expect.stringContaining("api-key"),
    });

    const rest = restCases[0]!;
    const noKey = rest.url.replace(/api-key=[^&]*&?/, "");
    const rr = await call(mock.url, noKey, {
      method: rest.verb.toUpperCase(),
      ...(rest.body !== undefined && { body: rest.body }),
    });
    expect(rr.status).toBe(401);

    for (const c of rpcCases.filter(
      (x) => areas.find((a) => a.area === x.area)!.doc.info["x-auth"]?.required === false,
    )) {
      const s = await call(mock.url, c.endpoint, { body: rpc(c.method.name, c.params) });
      expect(s.status).toBe(200);
    }
  });

  it("without the key, a body that reaches no method is a 401 too (the key is checked first)", async () => {
    // These never reach Prism, which checks the key per method: they were JSON-RPC errors at 200.
    for (const body of ['{"jsonrpc":', [], [1, 2], rpc("noSuchMethod", {}, "k")]) {
      mock.clearRequests();
      const r = await call(mock.url, "/", { body });
      expect(r.status, JSON.stringify(body)).toBe(401);
      expect(r.body).toMatchObject({
        jsonrpc: "2.0",
        id: Array.isArray(body) || typeof body === "string" ? null : "k",
        error: { code: -32001 },
      });
      expect(mock.requests()[0]).toMatchObject({ status: 401 });
      expect(mock.requests()[0]!.violations[0]).toMatchObject({
        code: 401,
        message: expect.stringContaining("api-key"),
      });
    }
    // A key given empty, even twice, is none.
    expect((await call(mock.url, "/?api-key=&api-key=", { body: [] })).status).toBe(401);
    // with the key they are the JSON-RPC errors, at the spec's status (x-protocol-errors); on the
    // sender (key optional) too
    const withKey = await call(mock.url, `/?api-key=${KEY}`, { body: rpc("noSuchMethod", {}) });
    expect([withKey.status, withKey.body.error.code]).toEqual([404, -32601]);
    const sender = await call(mock.url, "/fast", { body: rpc("noSuchMethod", {}) });
    expect([sender.status, sender.body.error.code]).toEqual([404, -32601]);
  });

  it("answers the JSON-RPC protocol errors (-32700, -32600, -32601) at the HTTP status the spec gives each area", async () => {
    const statusOf = (area: string, code: number) =>
      areas.find((a) => a.area === area)!.doc["x-protocol-errors"].find((e: any) => e.code === code)
        .httpStatus;
    // (The endpoint's statuses, the same in every area: decision 0003.)
    for (const area of ["das", "compression", "sender", "mint"])
      expect(
        [-32700, -32600, -32601].map((c) => statusOf(area, c)),
        area,
      ).toEqual([400, 400, 404]);
    // An error that reaches no method takes the status of the endpoint's first method's area:
    // DAS at `/` (which compression shares), the sender at `/fast`.
    for (const [area, path] of [
      ["das", "/"],
      ["sender", "/fast"],
    ] as const) {
      const notJson = await call(mock.url, `${path}?api-key=${KEY}`, { body: '{"jsonrpc":' });
      const invalid = await call(mock.url, `${path}?api-key=${KEY}`, { body: [] });
      expect([notJson.status, notJson.body.error.code], area).toEqual([
        statusOf(area, -32700),
        -32700,
      ]);
      expect([invalid.status, invalid.body.error.code], area).toEqual([
        statusOf(area, -32600),
        -32600,
      ]);
    }
  });

  it("accepts the admin key as the X-Api-Key header or the api-key query", async () => {
    const admin = restCases.find((c) => c.area === "admin");
    // (Found, or the test would check nothing: a spec without an admin operation fails here.)
    if (!admin) throw new Error("no admin REST operation in the spec");
    const path = admin.url.split("?")[0]!;
    expect((await call(mock.url, path, { headers: { "X-Api-Key": KEY } })).status).toBe(200);
    expect((await call(mock.url, `${path}?api-key=${KEY}`)).status).toBe(200);
    expect((await call(mock.url, path)).status).toBe(401);
  });

  it("accepts the sender swqos_only query parameter and checks its type", async () => {
    const c = rpcCases.find((x) =>
      (x.method["x-query-params"] ?? []).some((q: any) => q.name === "swqos_only"),
    );
    // (Found, or the test would check nothing: a spec without the parameter is a failure here.)
    if (!c) throw new Error("no operation with the swqos_only query parameter in the spec");
    expect(
      (
        await call(mock.url, `${c.endpoint}?swqos_only=true`, {
          body: rpc(c.method.name, c.params),
        })
      ).status,
    ).toBe(200);
    const bad = await call(mock.url, `${c.endpoint}?swqos_only=maybe`, {
      body: rpc(c.method.name, c.params),
    });
    expect(bad.body.error.code).toBe(-32602);
  });

  it("Prefer: code=429 answers 429 with Retry-After (JSON-RPC and REST); 401 and 403 too", async () => {
    const das = rpcCases.find((c) => c.endpoint === "/")!;
    const r = await call(mock.url, `/?api-key=${KEY}`, {
      body: rpc(das.method.name, das.params, "rl"),
      headers: { Prefer: "code=429" },
    });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(0);
    expect(r.body.id).toBe("rl");
    const code429 = Number(
      Object.entries<any>(areas.find((a) => a.area === das.area)!.doc["x-error-info"]).find(
        ([, v]) => v.httpStatus === 429,
      )![0],
    );
    expect(r.body.error.code).toBe(code429);

    const batch = await call(mock.url, `/?api-key=${KEY}`, {
      body: [rpc(das.method.name, das.params, 1), rpc(das.method.name, das.params, 2)],
      headers: { Prefer: "code=429" },
    });
    expect(batch.status).toBe(429);
    expect(batch.headers.get("retry-after")).not.toBeNull();

    for (const code of [401, 403]) {
      const e = await call(mock.url, `/?api-key=${KEY}`, {
        body: rpc(das.method.name, das.params),
        headers: { Prefer: `code=${code}` },
      });
      expect(e.status).toBe(code);
      expect(e.body.error.code).toBeLessThan(0);
    }

    const rest = restCases[0]!;
    const rr = await call(mock.url, rest.url, {
      method: rest.verb.toUpperCase(),
      headers: { Prefer: "code=429" },
      ...(rest.body !== undefined && { body: rest.body }),
    });
    expect(rr.status).toBe(429);
    expect(rr.headers.get("retry-after")).not.toBeNull();
  });

  it("Prefer: code=<status> the operation has no response for: 422 saying so and listing the ones it has (JSON-RPC and REST), not Prism's 404", async () => {
    // Prism answered 404 "Requested status code 418 is not defined in the document": to a client,
    // a path outside the spec or the operation's own 404 (DAS -32004 Not found, NotFoundError).
    const das = rpcCases.find((c) => c.method.name === "getAsset")!;
    const zk = rpcCases.find((c) => c.area === "compression")!;
    mock.clearRequests();
    const r = await call(mock.url, `/?api-key=${KEY}`, {
      body: rpc(das.method.name, das.params, "u"),
      headers: { Prefer: "code=418" },
    });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      jsonrpc: "2.0",
      id: "u",
      error: { code: -32603, message: "Mock: getAsset documents no HTTP 418 response" },
    });
    expect(r.body.error.data).toEqual([
      {
        location: ["request", "header", "prefer"],
        message:
          "getAsset documents no HTTP 418 response (Prefer: code=418); it documents 200, 400, 401, 403, 404, 429, 500",
        code: "undocumented-status",
        severity: "error",
      },
    ]);
    expect(mock.requests()[0]).toMatchObject({
      status: 422,
      violations: [{ code: "undocumented-status", rpcMethod: "getAsset" }],
    });
    // the query form; a status of another area (compression documents no 404)
    const q = await call(mock.url, `${zk.endpoint}?api-key=${KEY}&__code=404`, {
      body: rpc(zk.method.name, zk.params),
    });
    expect(q.status).toBe(422);
    expect(q.body.error.data[0]).toMatchObject({
      location: ["request", "query", "__code"],
      message: expect.stringContaining(
        `${zk.method.name} documents no HTTP 404 response (?__code=404)`,
      ),
    });
    // documented statuses answer as before; an invalid request still gets its 400 first
    const notFound = await call(mock.url, `/?api-key=${KEY}`, {
      body: rpc(das.method.name, das.params),
      headers: { Prefer: "code=404" },
    });
    expect([notFound.status, notFound.body.error.code]).toEqual([404, -32004]);
    const invalid = await call(mock.url, `/?api-key=${KEY}`, {
      body: rpc(das.method.name, { id: 42 }),
      headers: { Prefer: "code=418" },
    });
    expect([invalid.status, invalid.body.error.code]).toEqual([400, -32602]);

    // A batch fails with a method's own answer when one of its methods has one, whatever the order.
    const mixed = await call(mock.url, `/?api-key=${KEY}`, {
      body: [rpc(zk.method.name, zk.params, 1), rpc(das.method.name, das.params, 2)],
      headers: { Prefer: "code=404" },
    });
    expect(mixed.status).toBe(404);
    expect(mixed.body).toMatchObject({ id: null, error: { code: -32004 } });
    const none = await call(mock.url, `/?api-key=${KEY}`, {
      body: [rpc(zk.method.name, zk.params, 1), rpc(das.method.name, das.params, 2)],
      headers: { Prefer: "code=418" },
    });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ id: null, error: { code: -32603 } });
    expect(none.body.error.data[0].code).toBe("undocumented-status");

    // REST: the same status, as a problem naming the operation and its responses.
    const list = restCases.find((c) => c.op.operationId === "listWebhooks")!;
    mock.clearRequests();
    const rest = await call(mock.url, list.url, { headers: { Prefer: "code=404" } });
    expect(rest.status).toBe(422);
    expect(rest.headers.get("content-type")).toBe("application/problem+json");
    expect(rest.body).toEqual({
      type: "about:blank",
      title: "Mock: undocumented status",
      status: 422,
      detail:
        "listWebhooks (GET /v0/webhooks) documents no HTTP 404 response (Prefer: code=404); it documents 200, 400, 401, 403, 429, 5XX",
    });
    expect(mock.requests()[0]).toMatchObject({
      status: 422,
      operationId: "listWebhooks",
      violations: [{ location: ["request", "header", "prefer"], code: "undocumented-status" }],
    });
    // a range counts (5XX), and an operation that has the status answers it
    expect((await call(mock.url, list.url, { headers: { Prefer: "code=503" } })).status).toBe(503);
    const get = restCases.find((c) => c.op.operationId === "getWebhook")!;
    expect((await call(mock.url, get.url, { headers: { Prefer: "code=404" } })).status).toBe(404);
    const ping = await call(mock.url, "/ping", {
      headers: { Prefer: "code=500", accept: "text/plain" },
    });
    expect(ping.status).toBe(422);
    expect(ping.body.detail).toContain("it documents 200, 503");
    // a path outside the spec is still Prism's 404
    const nowhere = await call(mock.url, `/v9/nothing?api-key=${KEY}`, {
      headers: { Prefer: "code=500" },
    });
    expect(nowhere.status).toBe(404);
    expect(mock.requests().at(-1)!.violations[0]!.code).toMatch(/NO_PATH_MATCHED/);
  });

  it("Prefer: code=502, 503 or 504 on every operation of every host: its documented response, else a gateway's page (trial 13: DAS and the sender answered 422)", async () => {
    const gatewayPages: string[] = [];
    for (const status of [502, 503, 504]) {
      const prefer = { prefer: `code=${status}` };
      const answers = [
        ...(await Promise.all(
          rpcCases.map(async (c) => {
            const body = rpc(c.method.name, c.params);
            return [
              c.label,
              await call(mock.url, `${c.endpoint}?api-key=${KEY}`, { body, headers: prefer }),
            ] as const;
          }),
        )),
        ...(await Promise.all(
          restCases.map(async (c) => {
            const init = {
              method: c.verb.toUpperCase(),
              headers: prefer,
              ...(c.body !== undefined && { body: c.body }),
            };
            return [c.label, await call(mock.url, c.url, init)] as const;
          }),
        )),
      ];
      for (const [label, r] of answers) {
        expect(r.status, `${label} code=${status}: ${r.text.slice(0, 200)}`).toBe(status);
        if (r.headers.get("content-type") !== "text/html") continue;
        expect(r.text).toContain(`<title>${status} `);
        gatewayPages.push(`${label} ${status}`);
      }
    }
    expect(gatewayPages).toEqual(
      expect.arrayContaining(["das getAsset 503", "sender sendTransaction 502"]),
    );
  });

  it("Prefer: example=<name> the operation has no example of: 422 saying so and listing the ones it has (JSON-RPC and REST, header and query), not Prism's 404", async () => {
    // Prism answered 404 "Response for contentType: application/json and exampleKey: nope does
    // not exist": to a client, a path outside the spec or the operation's own 404.
    const das = rpcCases.find((c) => c.method.name === "getAsset")!;
    const zk = rpcCases.find((c) => c.area === "compression")!;
    const dasExamples = das.method.examples.map((e: any) => e.name);
    const ask = (prefer: string, body: unknown = rpc(das.method.name, das.params, "x"), q = "") =>
      call(mock.url, `/?api-key=${KEY}${q}`, { body, headers: prefer ? { Prefer: prefer } : {} });
    mock.clearRequests();
    const r = await ask("example=nope");
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      jsonrpc: "2.0",
      id: "x",
      error: { code: -32603, message: "Mock: getAsset has no example named nope" },
    });
    expect(r.body.error.data).toEqual([
      {
        location: ["request", "header", "prefer"],
        message: `getAsset has no example named nope (Prefer: example=nope); it has: ${dasExamples.join(", ")}`,
        code: "unknown-example",
        severity: "error",
      },
    ]);
    expect(mock.requests()[0]).toMatchObject({
      status: 422,
      violations: [{ code: "unknown-example", rpcMethod: "getAsset" }],
    });

    // The query form.
    const q = await ask("", undefined, "&__example=nope");
    expect(q.status).toBe(422);
    expect(q.body.error.data[0]).toMatchObject({
      location: ["request", "query", "__example"],
      message: expect.stringContaining("getAsset has no example named nope (?__example=nope)"),
    });
    // An invalid request still gets its 400 first; a status without a response, that 422.
    for (const prefer of ["example=nope", "code=400, example=nope", "code=429, example=nope"]) {
      const invalid = await ask(prefer, rpc(das.method.name, { id: 42 }));
      expect([invalid.status, invalid.body.error.code], prefer).toEqual([400, -32602]);
    }
    const undocumented = await ask("code=418, example=nope");
    expect([undocumented.status, undocumented.body.error.data[0].code]).toEqual([
      422,
      "undocumented-status",
    ]);

    // A batch: the methods that have the example answer it, the others as without it; the 422
    // only when none has it.
    const pair = (a: RpcCase, b: RpcCase) => [
      rpc(a.method.name, a.params, "1"),
      rpc(b.method.name, b.params, "2"),
    ];
    const some = await ask(`example=${dasExamples[1]}`, pair(das, zk));
    expect(some.status).toBe(200);
    // (the example asked for, naming the asset asked for: echo.ts)
    same(some.body[0].result, {
      ...das.method.examples[1].result.value,
      id: (das.params as any).id,
    });
    same(some.body[1].result, zk.result);
    mock.clearRequests();
    const none = await ask("example=nope", pair(das, zk));
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ id: null, error: { code: -32603 } });
    expect(none.body.error.data[0].code).toBe("unknown-example");
    expect(mock.requests()[0]!.violations).toMatchObject([
      { code: "unknown-example", rpcMethod: das.method.name, entry: 0 },
      { code: "unknown-example", rpcMethod: zk.method.name, entry: 1 },
    ]);

    // REST: the same, as a problem naming the operation and its examples.
    const list = restCases.find((c) => c.op.operationId === "listWebhooks")!;
    mock.clearRequests();
    const rest = await call(mock.url, list.url, { headers: { Prefer: "example=nope" } });
    expect(rest.status).toBe(422);
    expect(rest.headers.get("content-type")).toBe("application/problem+json");
    expect(rest.body).toEqual({
      type: "about:blank",
      title: "Mock: unknown example",
      status: 422,
      detail:
        "listWebhooks (GET /v0/webhooks) has no example named nope (Prefer: example=nope); it has: twoWebhooks, default",
    });
    expect(mock.requests()[0]).toMatchObject({
      status: 422,
      operationId: "listWebhooks",
      violations: [{ location: ["request", "header", "prefer"], code: "unknown-example" }],
    });
    const restQuery = await call(mock.url, `${list.url}&__example=nope`);
    expect(restQuery.status).toBe(422);
    expect(restQuery.body.detail).toContain("has no example named nope (?__example=nope)");
    const wallet = restCases.find((c) => c.op.operationId === "getBalances")!;
    for (const prefer of ["example=nope", "code=400, example=nope", "code=429, example=nope"]) {
      const invalid = await call(mock.url, wallet.url.replace(/limit=\d+/, "limit=0"), {
        headers: { Prefer: prefer },
      });
      expect(invalid.status, prefer).toBe(400);
      expect(invalid.body.violations[0].location).toEqual(["request", "query", "limit"]);
    }
  });

  it("Prefer: code=<status>, example=<name> the response has no example of: that 422, listing the status's examples (error<code>), not Prism's 500 or its 200", async () => {
    // With code=, Prism tried the example in the 200 response when the forced one has none of
    // that name: a 500 ("… We tried default response, but we got …", a plain Error it answers as
    // UNKNOWN), or the 200 example of that name, the code ignored.
    const das = rpcCases.find((c) => c.method.name === "getAsset")!;
    const zk = rpcCases.find((c) => c.area === "compression")!;
    const dasExamples = das.method.examples.map((e: any) => e.name);
    const ask = (prefer: string, body: unknown = rpc(das.method.name, das.params, "x"), q = "") =>
      call(mock.url, `/?api-key=${KEY}${q}`, { body, headers: prefer ? { Prefer: prefer } : {} });
    const limited = await ask("code=429, example=nope");
    expect(limited.status).toBe(422);
    expect(limited.body.error.message).toBe(
      "Mock: getAsset has no example named nope for HTTP 429",
    );
    expect(limited.body.error.data[0].message).toBe(
      "getAsset has no example named nope for HTTP 429 (Prefer: code=429, example=nope); for HTTP 429 it has: error-32029, error-32429",
    );
    // an example of another status says which (and the 200 example is not answered instead)
    const otherStatus = await ask("code=429, example=error-32003");
    expect(otherStatus.status).toBe(422);
    expect(otherStatus.body.error.data[0].message).toContain(
      "for HTTP 429 it has: error-32029, error-32429; error-32003 is an example of HTTP 403 (Prefer: code=403, example=error-32003)",
    );
    const resultExample = await ask(`code=429, example=${dasExamples[0]}`);
    expect(resultExample.status).toBe(422);
    expect(resultExample.body.error.data[0].message).toContain(
      `${dasExamples[0]} is an example of HTTP 200 (Prefer: code=200, example=${dasExamples[0]})`,
    );
    const noCode = await ask("example=error-32029");
    expect(noCode.status).toBe(422);
    expect(noCode.body.error.data[0].message).toContain("(Prefer: code=429, example=error-32029)");
    // examples it has answer as before
    const own = await ask("code=429, example=error-32029");
    expect([own.status, own.body.error.code]).toEqual([429, -32029]);
    const forbidden = await ask("code=403, example=error-32003");
    expect([forbidden.status, forbidden.body.error.code]).toEqual([403, -32003]);
    same((await ask(`example=${dasExamples[1]}`)).body.result, {
      ...das.method.examples[1].result.value,
      id: (das.params as any).id,
    });

    // the query form
    const qCode = await ask("", undefined, "&__code=429&__example=nope");
    expect(qCode.status).toBe(422);
    expect(qCode.body.error.data[0].message).toContain("(?__code=429&__example=nope)");

    // A batch: the 422 only when no method has the example for the status.
    const pair = (a: RpcCase, b: RpcCase) => [
      rpc(a.method.name, a.params, 1),
      rpc(b.method.name, b.params, 2),
    ];
    // (getAsset has error-32029; the compression method answers its own 429)
    const errorExample = await ask("code=429, example=error-32029", pair(zk, das));
    expect(errorExample.status).toBe(429);
    const noneWithCode = await ask("code=429, example=error-32003", pair(das, das));
    expect(noneWithCode.status).toBe(422);
    expect(noneWithCode.body.error.data[0].code).toBe("unknown-example");

    // REST
    const list = restCases.find((c) => c.op.operationId === "listWebhooks")!;
    const restCode = await call(mock.url, list.url, {
      headers: { Prefer: "code=429, example=nope" },
    });
    expect(restCode.status).toBe(422);
    expect(restCode.body.detail).toBe(
      "listWebhooks (GET /v0/webhooks) has no example named nope for HTTP 429 (Prefer: code=429, example=nope); for HTTP 429 it has: rateLimited",
    );
    const restOther = await call(mock.url, list.url, {
      headers: { Prefer: "code=429, example=twoWebhooks" },
    });
    expect(restOther.status).toBe(422);
    expect(restOther.body.detail).toContain("twoWebhooks is an example of HTTP 200");
    const restRange = await call(mock.url, list.url, {
      headers: { Prefer: "code=503, example=unavailable" },
    });
    expect(restRange.status).toBe(503);
    // (the examples of a range's response, 5XX, are the status's)
    const restRangeNope = await call(mock.url, list.url, {
      headers: { Prefer: "code=503, example=nope" },
    });
    expect(restRangeNope.status).toBe(422);
    expect(restRangeNope.body.detail).toContain(
      "for HTTP 503 it has: internalError, unavailable, timedOut",
    );
    const restOwn = await call(mock.url, list.url, {
      headers: { Prefer: "code=429, example=rateLimited" },
    });
    expect(restOwn.status).toBe(429);
  });

  it("X-Mock-JsonRpc-Error turns a 200 answer into that JSON-RPC error object", async () => {
    const [a, b] = rpcCases.filter((c) => c.endpoint === "/");
    const r = await call(mock.url, `/?api-key=${KEY}`, {
      body: rpc(a!.method.name, a!.params, "e"),
      headers: { "X-Mock-JsonRpc-Error": "-32000" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      jsonrpc: "2.0",
      id: "e",
      error: { code: -32000, message: expect.any(String) },
    });
    // Per method, in a batch: only the named method fails.
    const batch = await call(mock.url, `/?api-key=${KEY}`, {
      body: [rpc(a!.method.name, a!.params, 1), rpc(b!.method.name, b!.params, 2)],
      headers: { "X-Mock-JsonRpc-Error": `${b!.method.name}=-32603` },
    });
    expect(batch.body[0].result).toBeDefined();
    expect(batch.body[1]).toMatchObject({ id: 2, error: { code: -32603 } });
    // A code for every method and one for a method by name: the named one's wins.
    const both = await call(mock.url, `/?api-key=${KEY}`, {
      body: [rpc(a!.method.name, a!.params, 1), rpc(b!.method.name, b!.params, 2)],
      headers: { "X-Mock-JsonRpc-Error": `-32000, ${b!.method.name}=-32603` },
    });
    expect(both.body.map((e: any) => e.error.code)).toEqual([-32000, -32603]);
    // Only a 200 answer: invalid params stay -32602.
    const invalid = await call(mock.url, `/?api-key=${KEY}`, {
      body: rpc(a!.method.name, {}, "i"),
      headers: { "X-Mock-JsonRpc-Error": "-32000" },
    });
    expect(invalid.body.error.code).toBe(-32602);
  });

  it("echoes an id beyond 2^53 exactly", async () => {
    const [a] = rpcCases.filter((c) => c.endpoint === "/");
    const id = 2n ** 64n - 1n;
    const r = await call(mock.url, `/?api-key=${KEY}`, {
      body: rpc(a!.method.name, a!.params, id),
    });
    expect(r.status).toBe(200);
    expect(r.text).toContain(`"id":${id}`);
    expect(r.body.result).toBeDefined();
  });

  it("Prefer: example=<name> picks a named example; otherwise the example whose params match", async () => {
    const c = rpcCases.find((x) => x.method.examples.length > 1);
    if (!c) throw new Error("no method with two named examples in the spec");
    const second = c.method.examples[1];
    const byHeader = await call(mock.url, `${c.endpoint}?api-key=${KEY}`, {
      body: rpc(c.method.name, c.params),
      headers: { Prefer: `example=${second.name}` },
    });
    same(byHeader.body.result, second.result.value);
    const byParams = await call(mock.url, `${c.endpoint}?api-key=${KEY}`, {
      body: rpc(c.method.name, exampleParams(c.method, second)),
    });
    same(byParams.body.result, second.result.value);
  });

  it("Prefer: dynamic=true generates one answer; ?__code=429 works like Prefer: code=429", async () => {
    const c = rpcCases.find((x) => x.result && typeof x.result === "object")!;
    const dyn = await call(mock.url, `${c.endpoint}?api-key=${KEY}`, {
      body: rpc(c.method.name, c.params, "d"),
      headers: { Prefer: "dynamic=true" },
    });
    expect(dyn.status).toBe(200);
    expect(dyn.body.id).toBe("d");
    expect(stringifyJson(dyn.body.result)).not.toBe(stringifyJson(c.result));
    const q = await call(mock.url, `${c.endpoint}?api-key=${KEY}&__code=429`, {
      body: rpc(c.method.name, c.params),
    });
    expect(q.status).toBe(429);
    // Generated arrays are capped (some lists allow 100000 items), in examples mode too.
    for (const rest of restCases) {
      const r = await call(mock.url, rest.url, {
        method: rest.verb.toUpperCase(),
        headers: { Prefer: "dynamic=true" },
        ...(rest.body !== undefined && { body: rest.body }),
      });
      expect(r.status).toBe(rest.status);
    }
  });

  it("answers a REST request that breaks the spec with 400 and the violations listed", async () => {
    const wallet = restCases.find((c) => c.op.operationId === "getBalances");
    if (!wallet) throw new Error("no getBalances REST operation in the spec");
    mock.clearRequests();
    const url = wallet.url.replace(/limit=\d+/, "limit=5000");
    const r = await call(mock.url, url);
    expect(r.status).toBe(400);
    expect(r.body.violations[0]).toMatchObject({
      location: ["request", "query", "limit"],
      code: "maximum",
    });
    expect(mock.requests()[0]!.violations).toHaveLength(1);
  });

  it("answers a REST body that is not JSON, or nests too deep to read, with 400 saying so (not 'must be object')", async () => {
    const op = restCases.find((c) => c.verb === "post" && c.body !== undefined)!;
    const deep = (n: number) => `{"a":${"[".repeat(n)}${"]".repeat(n)}}`;
    for (const [text, says] of [
      ['{"webhookURL":', "Request body is not valid JSON: "],
      ["not json", "Request body is not valid JSON: "],
      [deep(600), "more than 512 levels deep"],
      [deep(5000), "more than 512 levels deep"],
    ] as const) {
      mock.clearRequests();
      const r = await call(mock.url, op.url, { body: text });
      expect(r.status).toBe(400);
      // the operation's own 400 body (the spec's error shape), with the one violation
      expect(r.body.error).toBeDefined();
      expect(r.body.violations).toEqual([
        expect.objectContaining({ location: ["request", "body"], code: "parse-error" }),
      ]);
      expect(r.body.violations[0].message).toContain(says);
      expect(r.text).not.toContain("must be object");
      expect(r.headers.get("sl-violations")).toContain("parse-error");
      const [entry] = mock.requests();
      // (A body over 8 KiB is logged as its first 2 KiB of text.)
      const logged =
        text.length > 8192 ? { body: text.slice(0, 2048), bodyCut: text.length } : { body: text };
      expect(entry).toMatchObject({ status: 400, operationId: op.op.operationId, ...logged });
      expect(entry!.violations).toEqual(r.body.violations);
    }
    // To an operation that takes no body, any body is one too many (Prism's 415 violation), JSON
    // or not: whether it parses is beside the point.
    const remove = restCases.find((c) => c.verb === "delete")!;
    mock.clearRequests();
    const unwanted = await call(mock.url, remove.url, { method: "DELETE", body: "not json" });
    expect(unwanted.status).toBe(400);
    expect(unwanted.body.violations.map((v: any) => v.code)).toEqual([415]);
    expect(mock.requests()[0]!.violations.map((v) => v.code)).toEqual([415]);
    // The log stays readable (a deep body used to be kept parsed, and its writer overflowed).
    expect((await call(mock.url, "/__mock/requests")).status).toBe(200);
    // 512 levels is still read, and validated against the schema as usual.
    mock.clearRequests();
    const ok = await call(mock.url, op.url, { body: deep(511) });
    expect(ok.status).toBe(400);
    expect(ok.body.violations.map((v: any) => v.code)).not.toContain("parse-error");
  });

  it("reports a path outside the spec as a violation", async () => {
    mock.clearRequests();
    const r = await call(mock.url, `/v9/nothing?api-key=${KEY}`);
    expect(r.status).toBe(404);
    expect(mock.requests()[0]!.violations[0]!.code).toMatch(/NO_PATH_MATCHED/);
  });

  it("reads the request target as sent: `//v1/…` is a path, not the host `v1`; one `new URL` cannot read is a 404, not a 500", async () => {
    const wallet = "/v1/wallet/86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY/balances";
    // `//[` and `//x:99999/` made `new URL(target, base)` throw (a 500 with the stack, unlogged);
    // `//v1/…` was read as the host `v1` and the path `/wallet/…`.
    for (const target of [`/${wallet}`, "//[", "//x:99999/", "*"]) {
      mock.clearRequests();
      const r = await sendTarget(mock.port, `${target}?api-key=${KEY}`);
      expect(r.status, `${target}: ${r.text}`).toBe(404);
      expect(r.text).not.toContain(KEY);
      expect(mock.requests()).toMatchObject([
        { path: target, query: { "api-key": "***" }, status: 404 },
      ]);
    }
  });

  it("answers a method a path has no operation for with 405 and Allow; a JSON-RPC endpoint takes POST (not Prism's 'no path matched')", async () => {
    mock.clearRequests();
    const get = await call(mock.url, `/?api-key=${KEY}`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(get.body.detail).toBe(
      "GET / is a JSON-RPC endpoint: POST a JSON-RPC 2.0 request (or a batch) to it",
    );
    expect(mock.requests()).toMatchObject([
      { method: "GET", path: "/", status: 405, violations: [{ code: "method-not-allowed" }] },
    ]);
    const fast = await call(mock.url, "/fast", { method: "PUT", body: rpc("sendTransaction", []) });
    expect([fast.status, fast.headers.get("allow")]).toEqual([405, "POST"]);
    // REST: 405 in the spec's error body, with the methods the path has (RFC 9110: a 405
    // carries Allow)
    for (const [method, path, allow] of [
      ["DELETE", "/v0/webhooks", "GET, POST"],
      ["POST", "/v0/webhooks/642574b0-72aa-41dd-b293-356451e22168", "GET, PUT, DELETE"],
      ["GET", "/v1/wallet/batch-identity", "POST"],
    ]) {
      const r = await call(mock.url, `${path}?api-key=${KEY}`, { method });
      expect([r.status, r.headers.get("allow")], `${method} ${path}`).toEqual([405, allow]);
      expect(r.body.error).toEqual({
        code: 405,
        message: `Method not allowed: ${method} ${path}; the path takes ${allow}`,
      });
    }
    expect((await call(mock.url, `/v9/nothing?api-key=${KEY}`)).headers.get("allow")).toBeNull();
  });

  it("answers a body that is not JSON with -32700, and a bad batch entry with -32600", async () => {
    const r = await call(mock.url, `/?api-key=${KEY}`, { body: '{"jsonrpc":' });
    expect(r.body).toMatchObject({ id: null, error: { code: -32700 } });
    // A body nested deeper than the mock reads is refused the same way (it was a 500, unlogged).
    const nested = `{"jsonrpc":"2.0","id":1,"method":"getAsset","params":{"id":${"[".repeat(20_000)}${"]".repeat(20_000)}}}`;
    mock.clearRequests();
    const deep = await call(mock.url, `/?api-key=${KEY}`, { body: nested });
    expect(deep.body).toMatchObject({ id: null, error: { code: -32700 } });
    expect(JSON.stringify(deep.body)).toContain("more than 512 levels deep");
    expect(mock.requests()).toHaveLength(1);
    expect((await call(mock.url, "/__mock/requests")).status).toBe(200);
    const e = await call(mock.url, `/?api-key=${KEY}`, { body: [] });
    expect(e.body.error.code).toBe(-32600);
    const b = await call(mock.url, `/?api-key=${KEY}`, {
      body: [5, { id: 3, method: "getAsset", params: {} }],
    });
    expect(b.body.map((x: any) => [x.id, x.error.code])).toEqual([
      [null, -32600],
      [3, -32600],
    ]);
  });

  it("answers an id that is an object, array or boolean with -32600 and id null, alone or in a batch", async () => {
    // JSON-RPC 2.0: an id is a string, a number or null; anything else makes the Request object
    // invalid (-32600, Invalid Request), and the answer's id is null since the id cannot be echoed.
    // The HTTP status is the one of the mock's other -32600s (x-protocol-errors', else 200), not the
    // 400 of invalid params (hence a DAS method: compression answers -32602 at 200 too).
    const c = rpcCases.find((x) => x.method.name === "getAsset")!;
    const otherInvalid = await call(mock.url, `/?api-key=${KEY}`, {
      body: { ...rpc(c.method.name, c.params), jsonrpc: "1.0" },
    });
    expect(otherInvalid.body.error.code).toBe(-32600);
    for (const [id, kind] of [
      [{ a: 1 }, "an object"],
      [[1], "an array"],
      [true, "a boolean"],
    ] as const) {
      mock.clearRequests();
      const r = await call(mock.url, `/?api-key=${KEY}`, {
        body: rpc(c.method.name, c.params, id),
      });
      expect(r.status).toBe(otherInvalid.status);
      expect(r.body).toMatchObject({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Invalid Request" },
      });
      expect(r.body.error.data[0]).toMatchObject({
        location: ["request", "body", "id"],
        code: "invalid-request",
      });
      expect(r.body.error.data[0].message).toContain(`not ${kind}`);
      expect(mock.requests()[0]).toMatchObject({
        status: otherInvalid.status,
        violations: [{ code: "invalid-request", location: ["request", "body", "id"] }],
      });
    }
    // In a batch the entry gets the same -32600 (id null); the other entries are answered.
    mock.clearRequests();
    const b = await call(mock.url, `/?api-key=${KEY}`, {
      body: [rpc(c.method.name, c.params, "1"), rpc(c.method.name, c.params, { a: 1 })],
    });
    expect(b.status).toBe(200);
    expect(b.body[0]).toMatchObject({ id: "1", result: expect.anything() });
    expect(b.body[1]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(mock.requests()[0]!.violations).toEqual([
      expect.objectContaining({ code: "invalid-request", entry: 1 }),
    ]);
  });

  it("refuses a batch of more than 10,000 requests with one -32600", async () => {
    // Five million bad entries fit in the 10 MiB body limit; answering each kept the mock busy
    // for minutes (gigabytes of answers and violations) while every other request waited.
    // (One over the limit here: a regression then fails on the answer's shape, not by hanging.)
    mock.clearRequests();
    const over = await call(mock.url, `/?api-key=${KEY}`, {
      body: Array.from({ length: 10_001 }, () => 1),
    });
    // (The status of an invalid request on this endpoint: x-protocol-errors, 400.)
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
    expect(over.body.error.data[0].message).toContain("10001 requests");
    expect(mock.requests()).toHaveLength(1);
    expect(mock.requests()[0]).toMatchObject({ status: 400, batch: true });
    // 10,000 is still a batch: each entry answered on its own.
    const at = await call(mock.url, `/?api-key=${KEY}`, {
      body: Array.from({ length: 10_000 }, () => 1),
    });
    expect(at.body).toHaveLength(10_000);
    expect(at.body[9_999]).toMatchObject({ id: null, error: { code: -32600 } });
  });

  it("keeps at most 20 violations per log entry and counts the rest (review 74)", async () => {
    // 30 entries of 10 bad ids each: 300 violations, of which the log keeps the first 20.
    mock.clearRequests();
    const ids = Array.from({ length: 10 }, () => 0);
    const r = await call(mock.url, `/?api-key=${KEY}`, {
      body: Array.from({ length: 30 }, (_, i) => rpc("getAssetBatch", { ids }, String(i))),
    });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(30);
    const [entry] = mock.requests();
    expect(entry!.violations).toHaveLength(20);
    expect(entry!.violationsOmitted).toBe(280);
    expect(entry!.violations[0]).toMatchObject({ entry: 0, rpcMethod: "getAssetBatch" });
    expect(entry!.violations[19]).toMatchObject({ entry: 1 });
    expect(formatLogLine(entry!)).toContain("300 violation(s)");
    expect(formatLogLine(entry!)).toContain("and 280 more (not kept in the log)");
    const log = await call(mock.url, "/__mock/requests");
    expect(log.body.requests[0].violations).toHaveLength(20);
    expect(log.body.requests[0].violationsOmitted).toBe(280);
    // At the limit nothing is left out, and the field is absent.
    mock.clearRequests();
    await call(mock.url, `/?api-key=${KEY}`, {
      body: Array.from({ length: 2 }, (_, i) => rpc("getAssetBatch", { ids }, String(i))),
    });
    expect(mock.requests()[0]!.violations).toHaveLength(20);
    expect(mock.requests()[0]).not.toHaveProperty("violationsOmitted");
  });

  it("lists at most 100 invalid-params violations per answer, each entry at least its first, and counts the rest", async () => {
    // 30 entries of 10 bad ids each (300 violations): the first 10 entries list their 10 (the
    // answer's 100), the others their first and a `violations-omitted` item counting 9.
    const ids = Array.from({ length: 10 }, () => 0);
    const r = await call(mock.url, `/?api-key=${KEY}`, {
      body: Array.from({ length: 30 }, (_, i) => rpc("getAssetBatch", { ids }, i)),
    });
    expect(r.status).toBe(200);
    r.body.forEach((e: any, i: number) => {
      expect(e).toMatchObject({ id: i, error: { code: -32602, message: "Invalid params" } });
      if (i < 10) {
        expect(e.error.data).toHaveLength(10);
        expect(e.error.data.map((v: any) => v.code)).not.toContain("violations-omitted");
      } else {
        expect(e.error.data).toEqual([
          expect.objectContaining({ location: ["request", "body", "params", "ids", "0"] }),
          {
            location: ["request"],
            message: expect.stringContaining("9 more violation(s) of this request, not listed"),
            code: "violations-omitted",
            severity: "info",
            omitted: 9,
          },
        ]);
      }
    });

    // One request: its first 100, and the count of the others (the log keeps the first 20).
    mock.clearRequests();
    const one = await call(mock.url, `/?api-key=${KEY}`, {
      body: rpc("getAssetBatch", { ids: Array.from({ length: 150 }, () => 0) }, "one"),
    });
    expect(one.status).toBe(400);
    expect(one.body.error.data).toHaveLength(101);
    expect(one.body.error.data[100]).toMatchObject({ code: "violations-omitted", omitted: 50 });
    expect(one.body.error.data.slice(0, 20)).toEqual(
      mock.requests()[0]!.violations.map(({ rpcMethod: _, ...v }) => v),
    );
    expect(mock.requests()[0]!.violationsOmitted).toBe(130);

    // A batch of many bad entries stays small: 1,000 entries of 100 bad ids each (100,000
    // violations) was answered with 14.8 MB; now 1,099 violations are listed.
    const many = await call(mock.url, `/?api-key=${KEY}`, {
      body: Array.from({ length: 1_000 }, (_, i) =>
        rpc("getAssetBatch", { ids: Array.from({ length: 100 }, () => 0) }, i),
      ),
    });
    expect(many.status).toBe(200);
    expect(many.body).toHaveLength(1_000);
    const listed = many.body.flatMap((e: any) =>
      e.error.data.filter((v: any) => v.code !== "violations-omitted"),
    );
    expect(listed).toHaveLength(100 + 999);
    const omitted = many.body.map(
      (e: any) => e.error.data.find((v: any) => v.code === "violations-omitted")?.omitted ?? 0,
    );
    expect(listed.length + omitted.reduce((a: number, b: number) => a + b, 0)).toBe(100_000);
    expect(many.text.length).toBeLessThan(600_000);
    expect(many.headers.get("sl-violations")!.length).toBeLessThanOrEqual(8003);
  });

  it("lists at most 100 violations in a REST 400 body and counts the rest in violationsOmitted", async () => {
    const create = restCases.find((c) => c.op.operationId === "createWebhook")!;
    const body = {
      ...(create.body as object),
      accountAddresses: Array.from({ length: 1_000 }, () => 0),
    };
    mock.clearRequests();
    const r = await call(mock.url, create.url, { body });
    expect(r.status).toBe(400);
    expect(r.body.error).toBeDefined(); // the spec's 400 body
    expect(r.body.violations).toHaveLength(100);
    expect(r.body.violations[0]).toMatchObject({
      location: ["request", "body", "accountAddresses", "0"],
      code: "type",
    });
    // (The log keeps the first 20 of them, and counts the rest.)
    const [entry] = mock.requests();
    expect(r.body.violations.slice(0, 20)).toEqual(entry!.violations);
    expect(entry!.violationsOmitted).toBe(r.body.violations.length - 20 + r.body.violationsOmitted);
    expect(r.body.violationsOmitted).toBeGreaterThanOrEqual(900);
    // at the limit nothing is counted
    const few = await call(mock.url, create.url, {
      body: { ...body, accountAddresses: Array.from({ length: 3 }, () => 0) },
    });
    expect(few.body.violations).toHaveLength(3);
    expect(few.body).not.toHaveProperty("violationsOmitted");
  });

  it("keeps a request log, readable and clearable over HTTP", async () => {
    mock.clearRequests();
    expect(mock.requests()).toEqual([]);
    const das = rpcCases.find((c) => c.endpoint === "/")!;
    await call(mock.url, `/?api-key=${KEY}`, { body: rpc(das.method.name, das.params) });
    const log = await call(mock.url, "/__mock/requests");
    expect(log.status).toBe(200);
    expect(log.body.requests).toHaveLength(1); // the log endpoints are not logged
    expect(log.body.requests[0]).toMatchObject({
      seq: expect.any(Number),
      method: "POST",
      path: "/",
      rpcMethods: [das.method.name],
      status: 200,
      violations: [],
      query: { "api-key": "***" },
    });
    expect(JSON.stringify(log.body)).not.toContain(KEY); // credentials are logged masked
    expect(new Date(log.body.requests[0].time).getTime()).toBeGreaterThan(0);
    expect((await call(mock.url, "/__mock/requests", { method: "DELETE" })).status).toBe(204);
    expect(mock.requests()).toEqual([]);
    expect((await call(mock.url, "/__mock/requests")).body.requests).toEqual([]);
  });

  it("answers a violation list too long for a header, logs no key and no huge body, and gives an oversized body its 413", async () => {
    mock.clearRequests();
    const ids = Array.from({ length: 60 }, () => "bad");
    const long = await call(mock.url, `/?api-key=${KEY}`, {
      body: rpc("getAssetBatch", { ids }),
      headers: { "x-api-key": KEY, authorization: `Bearer ${KEY}` },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe(-32602);
    const [entry] = mock.requests();
    expect(entry).toMatchObject({
      query: { "api-key": "***" },
      headers: { "x-api-key": "***", authorization: "***" },
    });
    const big = await call(mock.url, `/nowhere?api-key=${KEY}`, { body: "x".repeat(100 * 1024) });
    expect(big.status).toBe(404);
    expect(mock.requests().at(-1)).toMatchObject({ body: "x".repeat(2048), bodyCut: 100 * 1024 });
    const tooBig = await call(mock.url, `/?api-key=${KEY}`, {
      body: "x".repeat(10 * 1024 * 1024 + 1),
    });
    expect(tooBig.status).toBe(413);
    // requests() hands out copies.
    mock.requests()[0]!.violations.length = 0;
    expect(mock.requests()[0]!.violations.length).toBeGreaterThan(0);
  });

  it("stop() closes the port and started no child process", async () => {
    const m = await startMock({ port: 0, quiet: true });
    expect(await portOpen(m.port)).toBe(true);
    // An open keep-alive connection must not keep the server up.
    await call(m.url, "/__mock/requests");
    await m.stop();
    expect(await portOpen(m.port)).toBe(false);
    expect(childPids().filter((p) => !childrenBefore.includes(p))).toEqual([]);
  });

  it("keeps an idle connection open past a long synchronous stretch of its host process", async () => {
    const m = await startMock({ port: 0, quiet: true });
    try {
      const ask = () => fetch(`${m.url}/__mock/requests`).then((r) => r.status);
      expect(await ask()).toBe(200);
      // (Undici puts the connection back in its pool in a later turn of the event loop.)
      for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
      // The event loop held, as a test's long synchronous build of inputs holds it, past Node's
      // default keep-alive (5 s, closed up to 1 s later): the mock must not reset the connection
      // the next request is written on (`fetch failed`, which a client retries).
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 6_500);
      expect(await ask()).toBe(200);
    } finally {
      await m.stop();
    }
  });
});

describe("dynamic mode", () => {
  let mock: MockServer;
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  const check = (schema: any, doc: any, value: unknown) => {
    const validate = ajv.compile({ ...schema, components: doc.components });
    const plain = mapBigints(value, (b) => Number(b));
    const ok = validate(plain);
    return ok ? [] : validate.errors!.map((e) => `${e.instancePath} ${e.message}`);
  };
  beforeAll(async () => {
    mock = await startMock({
      port: 0,
      quiet: true,
      mode: "dynamic",
      seed: process.env.MOCK_TEST_SEED ?? "chaindata",
    });
  });
  afterAll(() => mock?.stop());

  it.each(rpcCases.map((c) => [c.label, c] as const))(
    "JSON-RPC %s: generated result is schema-valid",
    async (_label, c) => {
      const r = await call(mock.url, `${c.endpoint}?api-key=${KEY}`, {
        body: rpc(c.method.name, c.params, "dyn"),
      });
      expect(r.status, r.text.slice(0, 300)).toBe(200);
      expect(r.body.id).toBe("dyn");
      // Exactly the members of a JSON-RPC 2.0 response (no generated extras beside them).
      expect(Object.keys(r.body).sort()).toEqual(["id", "jsonrpc", "result"]);
      expect(check(deref(c.doc, c.method.result).schema, c.doc, r.body.result)).toEqual([]);
      expect(mock.requests().at(-1)!.violations).toEqual([]);
    },
  );

  it.each(restCases.map((c) => [c.label, c] as const))(
    "REST %s: generated body is schema-valid",
    async (_label, c) => {
      const r = await call(mock.url, c.url, {
        method: c.verb.toUpperCase(),
        ...(c.body !== undefined && { body: c.body }),
      });
      expect(r.status, r.text.slice(0, 300)).toBe(c.status);
      const schema = deref(c.doc, c.op.responses[String(c.status)])?.content?.["application/json"]
        ?.schema;
      if (schema) expect(check(schema, c.doc, r.body)).toEqual([]);
      expect(mock.requests().at(-1)!.violations).toEqual([]);
    },
  );

  it("Prefer: dynamic=false answers the example", async () => {
    const c = rpcCases.find((x) => x.result !== undefined)!;
    const r = await call(mock.url, `${c.endpoint}?api-key=${KEY}`, {
      body: rpc(c.method.name, c.params),
      headers: { Prefer: "dynamic=false" },
    });
    same(r.body.result, c.result);
  });

  it("differs from the examples (data is generated)", async () => {
    const c = rpcCases.find((x) => x.result && typeof x.result === "object");
    if (!c) throw new Error("no method with an object result in the spec");
    const r = await call(mock.url, `${c.endpoint}?api-key=${KEY}`, {
      body: rpc(c.method.name, c.params),
    });
    expect(stringifyJson(r.body.result)).not.toBe(stringifyJson(c.result));
  });
});
