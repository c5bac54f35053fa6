/**
 * echo.ts: what its table means (unit), that the table names what the spec has (every operation,
 * result field and request value of it), and that the mock's answers follow the request through
 * it (JSON-RPC and REST, examples and dynamic mode). test/contract/echo.test.ts validates the
 * echoed answers of every operation against the spec's schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ECHOES,
  echoRequest,
  firstSignature,
  fromBase58,
  inputKey,
  knownEntries,
  lacksEntries,
  pathParams,
  STAND_IN,
  toBase58,
  type Echo,
} from "./echo.js";
import { startMock, type MockServer } from "./index.js";
import { loadSpec } from "./spec.js";
import { callMock } from "./test-support.js";

const A = "7aYvkYMd9PFm7x96o4xhpQ19stiQgzYXDD4Cg5EHFdEi";
const B = "HBft1JpdWQtL8h3cWq1amnprK88551u8JVZEVxgWBRHy";
const C = "F9Lw3ki3hJ7PF9HQXsBzoY8GyE6sPoEZZdXJBsTTD2rk";

describe("echoRequest", () => {
  const echo = (rules: Echo[], request: unknown, result: unknown) =>
    echoRequest("op", request, result, { op: rules });

  it("sets a field, in every item with `[]`, in one item by its index, and only where the object holding it exists", () => {
    const result = {
      id: "x",
      items: [{ o: { w: 1 }, a: [{ k: 1 }, { k: 2 }] }, { a: [] }, null],
    };
    expect(
      echo(
        [
          { to: "id", from: "id" },
          { to: "items[].o.w", from: "w" },
          { to: "items[].a.0.k", from: "k" },
          { to: "missing.deep", from: "id" },
        ],
        { id: "asked", w: "W", k: "K" },
        result,
      ),
    ).toEqual({
      id: "asked",
      items: [{ o: { w: "W" }, a: [{ k: "K" }, { k: 2 }] }, { a: [] }, null],
    });
    // the answer it was given is not changed
    expect(result.items[0]!.o!.w).toBe(1);
  });

  it("leaves a field the request does not give (or gives as null) as it is, unless `drop`: then removes it", () => {
    const rules: Echo[] = [
      { to: "mint", from: "mint" },
      { to: "authHeader", from: "body.authHeader", drop: true },
    ];
    const result = { mint: "M", authHeader: "Bearer x" };
    expect(echo(rules, { mint: null, body: {} }, result)).toEqual({ mint: "M" });
    expect(echo(rules, { body: { authHeader: "Bearer y" } }, result)).toEqual({
      mint: "M",
      authHeader: "Bearer y",
    });
  });

  it("echoes only a value `only` matches", () => {
    const rules: Echo[] = [
      { to: "address", from: "path.wallet", only: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/ },
    ];
    expect(echo(rules, { path: { wallet: A } }, { address: B })).toEqual({ address: A });
    expect(echo(rules, { path: { wallet: "toly.sol" } }, { address: B })).toEqual({ address: B });
  });

  it("answers a list of inputs with one entry each, in order, built from the answer's objects in turn", () => {
    const rules: Echo[] = [{ list: "", from: "ids", each: { id: "" } }];
    const answer = [{ id: "x", n: 1 }, null, { id: "y", n: 2 }];
    expect(echo(rules, { ids: [A, B, C, A] }, answer)).toEqual([
      { id: A, n: 1 },
      { id: B, n: 2 },
      { id: C, n: 1 },
      { id: A, n: 2 },
    ]);
    expect(echo(rules, { ids: [C] }, answer)).toEqual([{ id: C, n: 1 }]);
    // only nulls ("not found"): one null per input; an empty list names no entry to copy
    expect(echo(rules, { ids: [A, B, C] }, [null])).toEqual([null, null, null]);
    expect(echo(rules, { ids: [A] }, [])).toEqual([]);
  });

  it("takes several fields of an entry from its input, the list under a path, and echoes only the inputs `only` matches (another keeps its template's entry)", () => {
    const proofs: Echo[] = [
      { list: "value", from: "", each: { address: "address", merkleTree: "tree" } },
    ];
    expect(
      echo(
        proofs,
        [
          { address: A, tree: C },
          { address: B, tree: C },
        ],
        { context: { slot: 1 }, value: [{ address: "x", merkleTree: "t", root: "r" }] },
      ),
    ).toEqual({
      context: { slot: 1 },
      value: [
        { address: A, merkleTree: C, root: "r" },
        { address: B, merkleTree: C, root: "r" },
      ],
    });
    const identities: Echo[] = [
      {
        list: "",
        from: "body.addresses",
        each: { address: "" },
        only: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
      },
    ];
    expect(
      echo(identities, { body: { addresses: [A, "toly.sol", B] } }, [{ address: C, name: "n" }]),
    ).toEqual([
      { address: A, name: "n" },
      { address: C, name: "n" },
      { address: B, name: "n" },
    ]);
  });

  it("changes nothing for an operation without echoes, or a request without the values", () => {
    const result = { id: "x" };
    expect(echoRequest("getNftEditions", { mint: A }, result)).toBe(result);
    expect(echoRequest("getAsset", undefined, result)).toBe(result);
    expect(echoRequest("getAssetBatch", { ids: "not a list" }, [result])).toEqual([result]);
  });

  it("a derived value replaces the field, or the result itself; undefined leaves the answer's", () => {
    const derive = (request: unknown) => (request as { n?: number }).n;
    expect(echo([{ to: "", derive }], { n: 2 }, "example")).toBe(2);
    expect(echo([{ to: "a.b", derive }], { n: 2 }, { a: { b: 1 } })).toEqual({ a: { b: 2 } });
    expect(echo([{ to: "", derive }], {}, "example")).toBe("example");
  });

  it("sendTransaction answers the transaction's first signature, base58, in either encoding (user trial 36, F9)", () => {
    // A v0 transaction of one signature: the count, 64 bytes of signature, then a message.
    const signature = Uint8Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256);
    const message = Uint8Array.from({ length: 60 }, (_, i) => (i === 0 ? 0x80 : i % 7));
    const bytes = Uint8Array.from([1, ...signature, ...message]);
    const expected = toBase58(signature);
    expect(fromBase58(expected)).toEqual(signature);
    const base64 = Buffer.from(bytes).toString("base64");
    const base58 = toBase58(bytes);
    expect(echoRequest("sendTransaction", [base64, { encoding: "base64" }], "example")).toBe(
      expected,
    );
    expect(echoRequest("sendTransaction", [base58, { encoding: "base58" }], "example")).toBe(
      expected,
    );
    // Leading zero bytes are 1s: an unsigned transaction's signature is 64 of them.
    const unsigned = Uint8Array.from([1, ...new Uint8Array(64), ...message]);
    expect(firstSignature([Buffer.from(unsigned).toString("base64"), { encoding: "base64" }])).toBe(
      "1".repeat(64),
    );
    // The spec's example is consistent: its answer is its transaction's first signature.
    const sender = loadSpec().areas.find((a) => a.area === "sender")!.doc;
    for (const example of sender.methods[0].examples)
      expect(firstSignature(example.params.map((p: { value: unknown }) => p.value))).toBe(
        example.result.value,
      );
    // Too short, a v1 transaction (0x81 first: its signatures follow the message), no encoding:
    // the example's answer stays.
    for (const params of [
      ["AQIDBA==", { encoding: "base64" }],
      [Buffer.from([0x81, ...bytes.subarray(1)]).toString("base64"), { encoding: "base64" }],
      [base64, {}],
      [base64],
    ])
      expect(echoRequest("sendTransaction", params, "example"), JSON.stringify(params)).toBe(
        "example",
      );
  });

  it("lacksEntries: a list echo's list of nulls only", () => {
    expect(lacksEntries("getAssetBatch", [null, null])).toBe(true);
    expect(lacksEntries("getAssetBatch", [null, { id: A }])).toBe(false);
    expect(lacksEntries("getAssetBatch", [])).toBe(false);
    expect(lacksEntries("getAsset", null)).toBe(false);
    expect(lacksEntries("noSuchOperation", [null])).toBe(false);
  });

  it("pathParams: the template's parameters, decoded", () => {
    expect(pathParams("/v1/wallet/{wallet}/identity", "/v1/wallet/toly%2Esol/identity")).toEqual({
      wallet: "toly.sol",
    });
    expect(pathParams("/v0/webhooks/{webhookID}", "/v0/webhooks/%E0%A4%A")).toEqual({
      webhookID: "%E0%A4%A",
    });
    expect(pathParams("/v0/webhooks/{webhookID}", "/v0/webhooks")).toEqual({});
    // (only a whole segment is a parameter)
    expect(pathParams("/v0/x{id}", "/v0/x5")).toEqual({});
    expect(pathParams("/v0/{id}x", "/v0/5x")).toEqual({});
  });
});

// -- the table against the spec -----------------------------------------------------------------

describe("ECHOES names what the spec has", () => {
  const spec = loadSpec();
  const deref = (doc: any, node: any): any => {
    for (let hops = 0; node && typeof node.$ref === "string" && hops < 20; hops++)
      node = node.$ref
        .slice(2)
        .split("/")
        .reduce((o: any, k: string) => o?.[k], doc);
    return node;
  };
  /** Every schema (each branch of anyOf/oneOf/allOf) at the dotted path; `x[]` and digits step into items. */
  const schemasAt = (doc: any, schema: any, path: string): any[] => {
    const branches = (s: any): any[] => {
      s = deref(doc, s);
      if (!s || typeof s !== "object") return [];
      return [s, ...["anyOf", "oneOf", "allOf"].flatMap((k) => (s[k] ?? []).flatMap(branches))];
    };
    let nodes = branches(schema);
    for (const step of path ? path.split(".") : []) {
      const key = step.replace(/\[\]$/, "");
      nodes = /^\d+$/.test(key)
        ? nodes.flatMap((n) => (n.items ? branches(n.items) : []))
        : nodes.flatMap((n) => (n.properties?.[key] ? branches(n.properties[key]) : []));
      if (step.endsWith("[]")) nodes = nodes.flatMap((n) => (n.items ? branches(n.items) : []));
    }
    return nodes;
  };
  const operations = new Map<string, { doc: any; result: any; request: any }>();
  for (const area of spec.areas) {
    if (area.kind === "openrpc")
      for (const m of area.doc.methods) {
        const byName = Object.fromEntries(m.params.map((p: any) => [p.name, p.schema]));
        const request = m["x-params"] === "array" ? m.params[0].schema : { properties: byName };
        operations.set(m.name, { doc: area.doc, result: m.result.schema, request });
      }
    else
      for (const item of Object.values<any>(area.doc.paths))
        for (const op of Object.values<any>(item)) {
          if (!op?.operationId) continue;
          const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) =>
            deref(area.doc, p),
          );
          const inSchema = (where: string) => ({
            properties: Object.fromEntries(
              params.filter((p) => p.in === where).map((p) => [p.name, p.schema]),
            ),
          });
          operations.set(op.operationId, {
            doc: area.doc,
            result: deref(area.doc, op.responses?.["200"])?.content?.["application/json"]?.schema,
            request: {
              properties: {
                path: inSchema("path"),
                query: inSchema("query"),
                body: op.requestBody?.content?.["application/json"]?.schema ?? {},
              },
            },
          });
        }
  }

  it.each(Object.entries(ECHOES))("%s", (name, echoes) => {
    const op = operations.get(name);
    expect(op, `${name} is no operation of the spec`).toBeDefined();
    for (const echo of echoes) {
      if ("list" in echo) {
        const lists = schemasAt(op!.doc, op!.result, echo.list).filter((s) => s.items);
        expect(lists.length, `${name}: ${echo.list || "the result"} is no list`).toBeGreaterThan(0);
        const inputs = schemasAt(op!.doc, op!.request, echo.from).filter((s) => s.items);
        expect(inputs.length, `${name}: ${echo.from || "the params"} is no list`).toBeGreaterThan(
          0,
        );
        // (The call of one input: an operation whose result is one entry of the list.)
        if (echo.alone)
          expect(operations.get(echo.alone)?.result, `${name}: no operation ${echo.alone}`).toBeDefined(); // prettier-ignore
        for (const [field, from] of Object.entries(echo.each)) {
          const entry = lists.map((l) => l.items);
          expect(
            entry.flatMap((s) => schemasAt(op!.doc, s, field)).length,
            `${name}: an entry has no ${field}`,
          ).toBeGreaterThan(0);
          expect(
            inputs.flatMap((s) => schemasAt(op!.doc, s.items, from)).length,
            `${name}: an input has no ${from}`,
          ).toBeGreaterThan(0);
        }
      } else {
        expect(
          schemasAt(op!.doc, op!.result, echo.to).length,
          `${name}: the result has no ${echo.to}`,
        ).toBeGreaterThan(0);
        // (A derived value names no request value: its unit tests hold what it reads.)
        if ("derive" in echo) continue;
        expect(
          schemasAt(op!.doc, op!.request, echo.from).length,
          `${name}: the request has no ${echo.from}`,
        ).toBeGreaterThan(0);
      }
    }
  });
});

describe("knownEntries: the entry the spec's examples give each input of a batch", () => {
  const batch: Echo[] = [{ list: "", from: "ids", each: { id: "" }, alone: "one" }];
  const exchanges = new Map([
    // (a pairing: the second id is not found)
    ["many", [{ request: { ids: [A, B] }, result: [{ id: A, v: "batch" }, null] }]],
    // (the operation of one input: one answer naming A, one naming C)
    ["one", [{ request: { id: A }, result: { id: A, v: "one" } }, { request: undefined, result: { id: C, v: "one" } }]], // prettier-ignore
  ]);
  const known = knownEntries(exchanges, { many: batch, one: [{ to: "id", from: "id" }] });

  it("reads the pairings input by input (null: not found), then the one-input answers by the id they name", () => {
    const many = known.get("many")!;
    expect(many.get(inputKey(A))).toEqual({ id: A, v: "batch" }); // (the batch's own pairing first)
    expect(many.get(inputKey(B))).toBeNull();
    expect(many.get(inputKey(C))).toEqual({ id: C, v: "one" });
    expect(many.has(inputKey("F9"))).toBe(false);
    expect(many.get(STAND_IN)).toEqual({ id: A, v: "one" }); // (the one-input operation's first)
    // the operation of one input: the same answers, a not-found one left out
    expect([...known.get("one")!.keys()].sort()).toEqual([inputKey(A), inputKey(C)].sort());
  });

  it("answers each input with its entry, any other from the stand-in, and one input alone with its entry", () => {
    const echoes = { many: batch, one: [{ to: "id", from: "id" }] };
    const answer = echoRequest("many", { ids: [C, "X", B, A] }, [{ id: A, v: "example" }], echoes, known); // prettier-ignore
    // ("X", which no example answers: the one-input operation's first answer, given the id)
    expect(answer).toEqual([{ id: C, v: "one" }, { id: "X", v: "one" }, null, { id: A, v: "batch" }]); // prettier-ignore
    expect(echoRequest("one", { id: C }, { id: A, v: "example" }, echoes, known)).toEqual({ id: C, v: "one" }); // prettier-ignore
    expect(echoRequest("one", { id: "X" }, { id: A, v: "example" }, echoes, known)).toEqual({ id: "X", v: "example" }); // prettier-ignore
    // without `known` (dynamic mode, an example asked for by name): as before
    expect(echoRequest("many", { ids: [C] }, [{ id: A, v: "example" }], echoes)).toEqual([{ id: C, v: "example" }]); // prettier-ignore
    // (an entry given is a copy: changing the answer does not change the next one)
    (echoRequest("one", { id: C }, {}, echoes, known) as any).v = "changed";
    expect(known.get("one")!.get(inputKey(C))).toEqual({ id: C, v: "one" });
  });

  it("keys an object input by its members in any order; an entry names it through `each`, `only` refuses what it does not match", () => {
    expect(inputKey({ address: A, tree: B })).toBe(inputKey({ tree: B, address: A }));
    const proofs: Echo[] = [{ list: "value", from: "", each: { address: "address", merkleTree: "tree" } }]; // prettier-ignore
    const byName = knownEntries(
      new Map([["p", [{ request: undefined, result: { value: [{ address: A, merkleTree: B, root: "r" }] } }]]]), // prettier-ignore
      { p: proofs },
    );
    expect(byName.get("p")!.get(inputKey({ tree: B, address: A }))).toMatchObject({ root: "r" });
    // (without `alone`, no stand-in: an input no example answers gets the answer's own entries)
    expect(byName.get("p")!.has(STAND_IN)).toBe(false);
    const only: Echo[] = [{ list: "", from: "ids", each: { id: "" }, only: /^[A-Z]/ }];
    expect(knownEntries(new Map([["o", [{ request: undefined, result: [{ id: "lower" }] }]]]), { o: only }).size).toBe(0); // prettier-ignore
  });
});

// -- through the mock ---------------------------------------------------------------------------

describe("the mock's answers follow the request", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ port: 0, quiet: true });
  });
  afterAll(() => mock?.stop());
  const rpc = (method: string, params: unknown, prefer?: string) =>
    callMock(mock.url, "/?api-key=k", {
      body: { jsonrpc: "2.0", id: 1, method, params },
      ...(prefer && { headers: { prefer } }),
    });

  it("JSON-RPC, examples mode: the asked ids, one entry each in order; the spec's pairing for exactly its params as written", async () => {
    expect((await rpc("getAsset", { id: C })).body.result.id).toBe(C);
    const batch = await rpc("getAssetBatch", { ids: [A, B, C] });
    expect(batch.body.result.map((a: any) => a.id)).toEqual([A, B, C]);
    // (the pairing: a compressed NFT and a missing id, null in its place)
    const das = loadSpec().areas.find((a) => a.area === "das")!.doc;
    const pairing = das.methods.find((m: any) => m.name === "getAssetBatch").examples[0];
    const exact = await rpc("getAssetBatch", { ids: pairing.params[0].value });
    expect(exact.text).toContain('"result":[{');
    expect(exact.body.result).toHaveLength(2);
    expect(exact.body.result[1]).toBeNull();
    // an example asked for by name still names the asset asked for
    const named = await rpc("getAsset", { id: A }, "example=fungibleToken");
    expect(named.body.result).toMatchObject({ id: A, interface: "FungibleToken" });
  });

  it("JSON-RPC and REST, examples mode: a batch answers each input an example answers with that answer (getAsset's examples' ids, the batch's not-found id), as the call of one input does", async () => {
    const das = loadSpec().areas.find((a) => a.area === "das")!.doc;
    const method = (name: string) => das.methods.find((m: any) => m.name === name);
    const single = method("getAsset").examples.map((e: any) => e.result.value);
    const [found, missing] = method("getAssetBatch").examples[0].params[0].value;
    const ids = [...single.map((a: any) => a.id).reverse(), missing, C, found];
    const batch = (await rpc("getAssetBatch", { ids })).body.result;
    expect(batch.map((a: any) => a?.content?.metadata?.name ?? null)).toEqual([...[...single].reverse().map((a: any) => a.content.metadata.name), null, single[0].content.metadata.name, "Tidepool Ticket #40211"]); // prettier-ignore
    // (an id no example answers: getAsset's first example, named as asked, as getAsset answers it)
    expect(batch[single.length + 1].id).toBe(C);
    for (const [i, id] of ids.entries())
      if (batch[i]) expect((await rpc("getAsset", { id })).body.result, id).toEqual(batch[i]);
    // (`Prefer: example=` asks for that example, under each id)
    const named = await rpc("getAssetBatch", { ids: [single[0].id] }, "example=compressedNftAndMissingId"); // prettier-ignore
    expect(named.body.result[0]).toMatchObject({ id: single[0].id, interface: "V1_NFT" });

    const post = (addresses: string[]) =>
      callMock(mock.url, "/v1/wallet/batch-identity?api-key=k", { body: { addresses } });
    const identities = (await post(["toly.sol", "2ojv9BAiHUrvsm9gxDe7fJSzbNZSJcxZvf8dqmWGHG8S", C])).body; // prettier-ignore
    expect(identities.map((x: any) => [x.address, x.name])).toEqual([
      ["86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY", "toly"],
      ["2ojv9BAiHUrvsm9gxDe7fJSzbNZSJcxZvf8dqmWGHG8S", "Coinbase 2"],
      [C, expect.any(String)],
    ]);
    for (const [i, wallet] of ["toly.sol", "2ojv9BAiHUrvsm9gxDe7fJSzbNZSJcxZvf8dqmWGHG8S"].entries())
      expect((await callMock(mock.url, `/v1/wallet/${wallet}/identity?api-key=k`)).body).toEqual(identities[i]); // prettier-ignore
  });

  it("JSON-RPC, a dynamic mock: a batch asked with `Prefer: dynamic=false` answers each id an example answers with that answer, as an examples-mode mock does", async () => {
    // (A dynamic mock builds the examples' entries at the first such request, not at its start.)
    const dynamic = await startMock({ port: 0, quiet: true, mode: "dynamic" });
    try {
      const das = loadSpec().areas.find((a) => a.area === "das")!.doc;
      const single = das.methods.find((m: any) => m.name === "getAsset").examples;
      const ids = [...single.map((e: any) => e.result.value.id), C];
      const body = { jsonrpc: "2.0", id: 1, method: "getAssetBatch", params: { ids } };
      const asked = (url: string, prefer?: string) =>
        callMock(url, "/?api-key=k", { body, ...(prefer && { headers: { prefer } }) });
      const examples = (await asked(mock.url)).body.result;
      expect(examples.map((a: any) => a?.id)).toEqual(ids);
      expect((await asked(dynamic.url, "dynamic=false")).body.result).toEqual(examples);
    } finally {
      await dynamic.stop();
    }
  });

  it("JSON-RPC, dynamic mode: every id gets an asset, whatever the seed generates (a list of nulls is generated again), the same for the same seed", async () => {
    // (generated again as asked: generated, not the spec's example)
    const das = loadSpec().areas.find((a) => a.area === "das")!.doc;
    const example = das.methods.find((m: any) => m.name === "getAssetBatch").examples[0];
    const exampleUri = example.result.value[0].content.json_uri;
    for (let i = 0; i < 12; i++) {
      const prefer = `dynamic=true, seed=s${i}`;
      const first = await rpc("getAssetBatch", { ids: [A, B, C] }, prefer);
      expect(
        first.body.result.map((a: any) => a?.id),
        prefer,
      ).toEqual([A, B, C]);
      expect(first.text, prefer).not.toContain(exampleUri);
      expect((await rpc("getAssetBatch", { ids: [A, B, C] }, prefer)).text).toBe(first.text);
    }
    const one = await rpc("getAssetBatch", { ids: [B] }, "dynamic=true, seed=1");
    expect(one.body.result.map((a: any) => a.id)).toEqual([B]);
  });

  it("DAS pages, dynamic mode: the keyset cursors sent are echoed, none other; a cursor only when no page was asked (the last asset's id)", async () => {
    for (let i = 0; i < 6; i++) {
      const prefer = `dynamic=true, seed=k${i}`;
      const paged = (await rpc("getAssetsByOwner", { ownerAddress: A, page: 1 }, prefer)).body;
      for (const key of ["before", "after", "cursor"])
        expect(paged.result, `${prefer} ${key}`).not.toHaveProperty(key);
      const before = (await rpc("getAssetsByOwner", { ownerAddress: A, before: B }, prefer)).body;
      expect(before.result.before, prefer).toBe(B);
      expect(before.result, prefer).not.toHaveProperty("after");
      const plain = (await rpc("getAssetsByAuthority", { authorityAddress: A }, prefer)).body;
      const items = plain.result.items;
      if (items.length) expect(plain.result.cursor, prefer).toBe(items.at(-1).id);
    }
  });

  it("the sender: sendTransaction answers the first signature of the transaction sent, in both modes", async () => {
    const bytes = Uint8Array.from([
      1,
      ...Array.from({ length: 124 }, (_, i) => (i * 13 + 5) % 256),
    ]);
    bytes[65] = 1; // (the message's header: one signer)
    const transaction = Buffer.from(bytes).toString("base64");
    const expected = toBase58(bytes.subarray(1, 65));
    for (const prefer of [undefined, "dynamic=true, seed=1"]) {
      const r = await callMock(mock.url, "/fast", {
        body: {
          jsonrpc: "2.0",
          id: 1,
          method: "sendTransaction",
          params: [transaction, { encoding: "base64", skipPreflight: true, maxRetries: 0 }],
        },
        ...(prefer && { headers: { prefer } }),
      });
      expect(r.body.result, prefer).toBe(expected);
    }
  });

  it("a JSON-RPC batch: each entry follows its own request", async () => {
    const r = await callMock(mock.url, "/?api-key=k", {
      body: [
        { jsonrpc: "2.0", id: 1, method: "getAsset", params: { id: A } },
        { jsonrpc: "2.0", id: 2, method: "getAsset", params: { id: B } },
        { jsonrpc: "2.0", id: 3, method: "getAssetBatch", params: { ids: [C] } },
      ],
    });
    expect(r.body.map((e: any) => e.result)).toMatchObject([{ id: A }, { id: B }, [{ id: C }]]);
  });

  it("a request the spec refuses keeps its error answer", async () => {
    const bad = await rpc("getAssetBatch", { ids: [A, 42] });
    expect([bad.status, bad.body.error.code]).toEqual([400, -32602]);
    const rest = await callMock(mock.url, "/v0/webhooks?api-key=k", {
      body: {
        webhookURL: "http://example.com/in",
        transactionTypes: ["ANY"],
        accountAddresses: [A],
      },
    });
    expect(rest.status).toBe(400);
    expect(rest.body).not.toHaveProperty("webhookURL");
  });

  it("REST: the created webhook is the one sent (optional settings not sent absent), the wallet asked for", async () => {
    const sent = {
      webhookURL: "https://example.org/in",
      transactionTypes: ["NFT_SALE"],
      accountAddresses: [B, C],
    };
    for (const prefer of [undefined, "dynamic=true, seed=1"]) {
      const created = await callMock(mock.url, "/v0/webhooks?api-key=k", {
        body: sent,
        ...(prefer && { headers: { prefer } }),
      });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject(sent);
      expect(created.body).not.toHaveProperty("authHeader");
    }
    const id = "0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d";
    const edited = await callMock(mock.url, `/v0/webhooks/${id}?api-key=k`, {
      method: "PUT",
      body: { ...sent, authHeader: "Bearer s3", txnStatus: "failed" },
    });
    expect(edited.body).toMatchObject({
      webhookID: id,
      ...sent,
      authHeader: "Bearer s3",
      txnStatus: "failed",
    });
    const identity = await callMock(mock.url, `/v1/wallet/${C}/identity?api-key=k`);
    expect(identity.body.address).toBe(C);
  });
});

describe("echoRequest: where there is nothing to set", () => {
  const echo = (rules: Echo[], request: unknown, result: unknown) =>
    echoRequest("op", request, result, { op: rules });

  it("makes no member around a field whose object is missing, and removes a dropped one (no member left undefined)", () => {
    const set = echo([{ to: "missing.deep", from: "id" }], { id: "x" }, { a: 1 }) as object;
    expect(Object.keys(set)).toEqual(["a"]);
    const dropped = echo(
      [{ to: "authHeader", from: "authHeader", drop: true }],
      {},
      {
        authHeader: "Bearer x",
        b: 1,
      },
    ) as object;
    expect(Object.keys(dropped)).toEqual(["b"]);
    // `[]` of a member that is no list: as it is
    expect(echo([{ to: "items[].o", from: "w" }], { w: 1 }, { items: null })).toEqual({
      items: null,
    });
  });

  it("sets an item by an index of two digits", () => {
    const list = Array.from({ length: 11 }, (_, i) => ({ k: i }));
    const out = echo([{ to: "l.10.k", from: "k" }], { k: "K" }, { l: list }) as any;
    expect(out.l.map((item: any) => item.k)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, "K"]);
  });

  it("a list entry keeps its template's field where its input has no value for it", () => {
    const proofs: Echo[] = [
      { list: "value", from: "", each: { address: "address", merkleTree: "tree" } },
    ];
    expect(
      echo(proofs, [{ address: A }, { address: B, tree: null }], {
        value: [{ address: "x", merkleTree: "t" }],
      }),
    ).toEqual({
      value: [
        { address: A, merkleTree: "t" },
        { address: B, merkleTree: "t" },
      ],
    });
  });

  it("firstSignature: a signature count from 1 to 127, 65 bytes at least, params by position only", () => {
    const signature = Uint8Array.from({ length: 64 }, (_, i) => (i * 13 + 5) % 256);
    const transaction = (count: number, rest: number[] = [0x80, 1, 2]) =>
      Buffer.from([count, ...signature, ...rest]).toString("base64");
    const config = { encoding: "base64" };
    expect(firstSignature([transaction(127), config])).toBe(toBase58(signature));
    expect(firstSignature([transaction(1, []), config])).toBe(toBase58(signature));
    for (const params of [
      [transaction(0), config],
      [transaction(128), config],
      [5, config],
      { 0: transaction(1), 1: config },
      [transaction(1), "base64"],
    ])
      expect(firstSignature(params), JSON.stringify(params)).toBeUndefined();
  });
});
