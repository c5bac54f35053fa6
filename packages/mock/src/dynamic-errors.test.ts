/**
 * Dynamic mode's error answers read like the service's (user trial 29, F7: json-schema-faker wrote
 * lorem ipsum into them, and an SDK error read `HTTP 429 Too Many Requests from getTransfers:
 * laborum aliqua`). Every error status each REST operation documents, forced with several seeds,
 * answers only text that the spec's examples of that response give (generate.ts, hintErrorText);
 * a JSON-RPC error object forced in dynamic mode is the documented one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convertOpenRpc, exampleParams } from "./convert.js";
import { isObject } from "./json.js";
import { startMock, type MockServer } from "./index.js";
import { loadSpec } from "./spec.js";
import { callMock } from "./test-support.js";

const KEY = "test-key";
const SEEDS = ["one", "two", "three", "four"];
/** json-schema-faker's lorem ipsum, its words of four letters or more (shorter ones are English too: "in", "do"). */
const LOREM =
  `Lorem ipsum dolor amet consectetur adipisicing elit eiusmod tempor incididunt labore dolore
magna aliqua enim minim veniam quis nostrud exercitation ullamco laboris nisi aliquip commodo consequat
Duis aute irure reprehenderit voluptate velit esse cillum fugiat nulla pariatur Excepteur sint occaecat
cupidatat proident sunt culpa officia deserunt mollit anim laborum`
    .toLowerCase()
    .split(/\s+/);
const loremIn = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => LOREM.includes(w));

const spec = loadSpec();
const deref = (doc: any, node: any): any => {
  while (node && typeof node.$ref === "string")
    node = node.$ref
      .slice(2)
      .split("/")
      .reduce((a: any, k: string) => a?.[k], doc);
  return node;
};
const firstValue = (node: any) =>
  node?.examples && !Array.isArray(node.examples)
    ? Object.values<any>(node.examples)[0]?.value
    : (node?.example ?? node?.schema?.examples?.[0]);

/** The text of an error answer where the SDK looks for it: a text body, `error.message`, `error`, `message`. */
const textsOf = (body: unknown): string[] =>
  typeof body === "string"
    ? [body]
    : isObject(body)
      ? [isObject(body.error) ? body.error.message : body.error, body.message].filter(
          (t): t is string => typeof t === "string",
        )
      : [];

interface RestCase {
  label: string;
  verb: string;
  url: string;
  body: unknown;
  accept: string;
  status: number;
  /** The text of the examples of the response the status is answered from. */
  expected: string[];
}

const restCases: RestCase[] = spec.areas
  .filter((a) => a.kind === "openapi")
  .flatMap(({ area, doc }) =>
    Object.entries<any>(doc.paths).flatMap(([path, item]) =>
      Object.entries<any>(item)
        .filter(([verb, op]) => verb !== "parameters" && isObject(op) && op.responses)
        .flatMap(([verb, op]) => {
          const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: any) =>
            deref(doc, p),
          );
          let url = path;
          const query = new URLSearchParams({ "api-key": KEY });
          for (const p of params) {
            const value = firstValue(p);
            if (value === undefined) continue;
            if (p.in === "path")
              url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
            else if (p.in === "query") query.set(p.name, String(value));
          }
          const body = firstValue(deref(doc, op.requestBody)?.content?.["application/json"]);
          return Object.entries<any>(op.responses)
            .filter(([status]) => /^[45]/.test(status))
            .flatMap(([status, ref]) => {
              const response = deref(doc, ref);
              const [accept, content] = Object.entries<any>(response.content)[0]!;
              const expected = Object.values<any>(content.examples).flatMap((e) =>
                textsOf(e.value),
              );
              // a range: two of its statuses
              const statuses = status === "5XX" ? [500, 503] : [Number(status)];
              return statuses.map((s) => ({
                label: `${area} ${op.operationId} ${s}`,
                verb: verb.toUpperCase(),
                url: `${url}?${query}`,
                body,
                accept,
                status: s,
                expected,
              }));
            });
        }),
    ),
  );

interface RpcCase {
  label: string;
  endpoint: string;
  request: unknown;
  status: number;
  expected: string[];
}

const rpcCases: RpcCase[] = spec.areas
  .filter((a) => a.kind === "openrpc")
  .flatMap((area) => {
    const { openapi, methods } = convertOpenRpc(area);
    return methods.flatMap((m) => {
      const method = area.doc.methods.find((x: any) => x.name === m.name);
      const request = {
        jsonrpc: "2.0",
        id: 1,
        method: m.name,
        params: exampleParams(method, method.examples[0]),
      };
      const responses = openapi.paths[m.operationPath].post.responses;
      return m.statuses
        .filter((s) => s >= 400)
        .map((s) => ({
          label: `${area.area} ${m.name} ${s}`,
          endpoint: m.endpoint,
          request,
          status: s,
          expected: Object.values<any>(
            responses[String(s)].content["application/json"].examples,
          ).map((e) => e.value.error.message),
        }));
    });
  });

describe("dynamic mode: error answers", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ port: 0, quiet: true, mode: "dynamic" });
  });
  afterAll(() => mock?.stop());

  it("covers every REST area's error statuses (wallet, admin, webhooks, sender, token-metadata)", () => {
    const areas = new Set(restCases.map((c) => c.label.split(" ")[0]));
    expect([...areas].sort()).toEqual(["admin", "sender", "token-metadata", "wallet", "webhooks"]);
    expect(restCases.length).toBeGreaterThan(50);
    expect(restCases.every((c) => c.expected.length > 0)).toBe(true);
  });

  it.each(restCases.map((c) => [c.label, c] as const))(
    "REST %s: the text of the spec's examples, no lorem ipsum",
    async (_label, c) => {
      for (const seed of SEEDS) {
        const r = await callMock(mock.url, c.url, {
          method: c.verb,
          ...(c.body !== undefined && { body: c.body }),
          headers: { accept: c.accept, prefer: `code=${c.status}, seed=${seed}` },
        });
        expect(r.status, r.text.slice(0, 300)).toBe(c.status);
        // (A numeric `error.code` is the status answered, not a random number.)
        if (isObject(r.body) && isObject(r.body.error) && typeof r.body.error.code === "number")
          expect(r.body.error.code, `seed ${seed}`).toBe(c.status);
        const texts = textsOf(r.body);
        expect(texts.length, r.text.slice(0, 300)).toBeGreaterThan(0);
        for (const text of texts) {
          expect(loremIn(text), text).toEqual([]);
          expect(c.expected, `seed ${seed}: ${r.text.slice(0, 300)}`).toContain(text);
        }
        expect(mock.requests().at(-1)!.violations).toEqual([]);
      }
    },
  );

  it("a REST error's error.code is the status answered, in dynamic mode and from a range's example (5XX's 503 for a 500)", async () => {
    const wallet = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
    const codes = [];
    for (const [status, prefer] of [
      [429, "seed=one"],
      [404, "seed=two"],
      [500, "dynamic=false"],
      [503, "dynamic=false"],
    ] as const) {
      const path = status === 404 ? "funded-by" : "transfers";
      const r = await callMock(mock.url, `/v1/wallet/${wallet}/${path}?api-key=${KEY}`, {
        headers: { prefer: `code=${status}, ${prefer}` },
      });
      codes.push([r.status, r.body.error.code]);
    }
    expect(codes).toEqual([
      [429, 429],
      [404, 404],
      [500, 500],
      [503, 503],
    ]);
  });

  it("the answers of user trial 29: getTransfers' 429, getFundedBy's 404, the sender's ping", async () => {
    const wallet = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
    const transfers = await callMock(mock.url, `/v1/wallet/${wallet}/transfers?api-key=${KEY}`, {
      headers: { prefer: "code=429, seed=f7" },
    });
    expect(transfers.status).toBe(429);
    expect(new Set(textsOf(transfers.body))).toEqual(
      new Set(["Rate limit exceeded. Please try again later."]),
    );
    const funding = await callMock(mock.url, `/v1/wallet/${wallet}/funded-by?api-key=${KEY}`, {
      headers: { prefer: "code=404, seed=f7" },
    });
    expect(new Set(textsOf(funding.body))).toEqual(new Set(["No funding transaction found"]));
    const ping = await callMock(mock.url, "/ping", {
      headers: { accept: "text/plain", prefer: "code=503, seed=f7" },
    });
    expect(ping.text).toBe("Service Unavailable");
  });

  it.each(rpcCases.map((c) => [c.label, c] as const))(
    "JSON-RPC %s: the documented error object",
    async (_label, c) => {
      const r = await callMock(mock.url, `${c.endpoint}?api-key=${KEY}`, {
        body: c.request,
        headers: { prefer: `code=${c.status}, dynamic=true, seed=one` },
      });
      expect(r.status, r.text.slice(0, 300)).toBe(c.status);
      expect(loremIn(r.body.error.message)).toEqual([]);
      expect(c.expected).toContain(r.body.error.message);
    },
  );
});
