/**
 * Every operation of the spec through its generated client against the mock (examples mode),
 * with the operation's first spec example as input:
 *  - the mock's request log shows exactly that request, routed to that operation, no violation;
 *  - the raw JSON the mock sent validates against the operation's response schema (ajv 2020-12);
 *  - the client returns exactly that data (digit for digit), with every u64 field a `bigint`;
 *  - it warns as deprecated exactly when the spec marks it (through the client's logger).
 * Then each again without its key on the wire: the mock's own 401, except on the sender host.
 * (That the returned value is assignable to the generated type is checked by tsc: types.check.ts.)
 * And a coverage test: the contract table has one entry per spec operation, no more, no less.
 */
import { readFileSync } from "node:fs";
import { AuthenticationError, parseJson } from "@chaindata/core";
import { describe, expect, it } from "vitest";
import { contracts, contractOf } from "./contracts.js";
import { useMock } from "./harness.js";
import {
  deref,
  digits,
  index,
  operations,
  sentResult,
  specDir,
  u64Values,
  validateRawResponse,
} from "./spec.js";

const SEED_FILE = "test/spec/seed-operations.json";
/** core's once-per-process record of the deprecated operations it warned of (deprecation.ts). */
const DEPRECATIONS_WARNED = Symbol.for("@chaindata/core.deprecations-warned");
const seed: { operations: Array<{ area: string; id: string }> } = JSON.parse(
  readFileSync(new URL(`../../${SEED_FILE}`, import.meta.url), "utf8"),
);

describe("coverage", () => {
  it(`the spec lists the areas and operations of ${SEED_FILE}`, () => {
    expect(
      // (An area may have two documents, OpenRPC and OpenAPI: the sender's POST /fast and GET /ping.)
      [...new Set(index.areas.map((a: any) => a.area))].sort(),
      `the spec's areas (spec/dist/index.json) differ from the areas of ${SEED_FILE}`,
    ).toEqual([...new Set(seed.operations.map((o) => o.area))].sort());
    expect(
      operations.map((o) => o.id).sort(),
      `the spec's operations differ from ${SEED_FILE}: an operation is listed there, with a contract in test/contract/contracts.ts and a call in test/contract/types.check.ts`,
    ).toEqual(seed.operations.map((o) => o.id).sort());
    expect(new Set(operations.map((o) => o.id)).size).toBe(operations.length); // ids are unique
  });

  it("every spec operation has a contract test, and every contract an operation", () => {
    expect(
      Object.keys(contracts).sort(),
      "test/contract/contracts.ts has one contract per spec operation",
    ).toEqual(operations.map((o) => o.id).sort());
    for (const op of operations) expect(contractOf(op.id).area, op.id).toBe(op.area);
  });

  it("every operation that takes input has an invalid-input case; the others take none", () => {
    for (const op of operations) {
      const c = contractOf(op.id);
      if (op.noInput) expect(c.noInputReason, op.id).toBeTruthy();
      else expect(c.invalid.length, `${op.id} has no invalid-input case`).toBeGreaterThan(0);
    }
  });

  it("every operation has a first example to call it with", () => {
    for (const op of operations) if (!op.noInput) expect(op.input, op.id).toBeDefined();
  });
});

describe("every operation, first spec example, examples mode", () => {
  const h = useMock("examples");
  let u64Seen = 0;

  it.each(operations.map((o) => [`${o.area} ${o.id}`, o] as const))("%s", async (_label, op) => {
    const contract = contractOf(op.id);
    const warnings: Array<[string, unknown]> = [];
    const logger = { warn: (message: string, meta?: unknown) => warnings.push([message, meta]) };
    const result = await contract.call(h.clients({ logger }), op.input);

    // 0. a deprecated operation (the spec's `deprecated`, or its area's x-deprecated) warns, once
    // per process (so either now, through the logger, or by an earlier call); no other does
    const warned = (globalThis as any)[DEPRECATIONS_WARNED] as Set<string> | undefined;
    expect(warned?.has(op.id) ?? false, `${op.id} warned as deprecated`).toBe(op.deprecated);
    const deprecationLines = warnings.filter(([m]) => / is deprecated: /.test(m));
    if (!op.deprecated) expect(deprecationLines).toEqual([]);
    else
      for (const [message, meta] of deprecationLines) {
        expect(message).toMatch(new RegExp(`^${op.id} is deprecated: .+`));
        expect(meta).toMatchObject({ operation: op.id });
      }

    // 1. the mock saw exactly this request, routed to this operation, without a violation
    const log = h.requests();
    expect(log).toHaveLength(1);
    const [entry] = log;
    if (op.kind === "openrpc") {
      expect(entry).toMatchObject({
        kind: "json-rpc",
        method: "POST",
        path: op.endpoint,
        rpcMethods: [op.id],
        areas: [op.area],
      });
      expect((entry!.body as any).params).toBeDefined();
    } else {
      expect(entry).toMatchObject({
        kind: "rest",
        method: op.verb!.toUpperCase(),
        operationId: op.id,
        areas: [op.area],
      });
    }
    expect(entry!.violations, JSON.stringify(entry!.violations)).toEqual([]);
    expect(entry!.status).toBeGreaterThanOrEqual(200);
    expect(entry!.status).toBeLessThan(300);

    // 2. the raw response validates against the spec's response schema
    expect(h.exchanges).toHaveLength(1);
    const { status, text } = h.exchanges[0]!;
    expect(validateRawResponse(op, text, status), text.slice(0, 300)).toEqual([]);

    // 3. the client returned exactly what was sent, u64 fields as bigint
    const sent = sentResult(op, text);
    if (sent !== undefined) expect(digits(result)).toEqual(digits(sent));
    const u64 = u64Values(op, result);
    for (const { path, value } of u64) expect(typeof value, `${op.id} ${path}`).toBe("bigint");
    u64Seen += u64.length;
  });

  it("the examples exercise u64 fields (and they came back as bigint)", () => {
    expect(u64Seen).toBeGreaterThan(5);
  });

  it("u64 values above 2^53 arrive exact", async () => {
    // getAsset's fungibleToken example: token_info.supply 8881564943168000000, read from the
    // bundle losslessly. (The compressed balance this test used to read is 4870000000, which
    // a rounding mock or client would have passed too.)
    const bundle = parseJson(readFileSync(`${specDir}openrpc/das.json`, "utf8")) as any;
    const pairing = bundle.methods
      .find((m: any) => m.name === "getAsset")
      .examples.find((e: any) => e.name === "fungibleToken");
    const supply: bigint = pairing.result.value.token_info.supply;
    expect(supply).toBeGreaterThan(2n ** 53n);
    const asset = await h
      .clients()
      .das.getAsset(Object.fromEntries(pairing.params.map((p: any) => [p.name, p.value])) as any);
    // the mock sent the spec's digits, and the client returned them as that bigint
    expect(h.exchanges[0]!.text).toMatch(new RegExp(`"supply":${supply}[,}]`));
    expect(asset.token_info?.supply).toBe(supply);
  });

  it("the spec's examples, as the suites read them, hold u64 values past 2^53 exact, as the mock sends them", async () => {
    // The token-metadata example's rentEpoch is u64::MAX, which JSON.parse reads as 2^64: the
    // suites read the bundles with parseExact (test/spec/documents.ts), so the example the mock
    // answers with is the example the spec gives, digit for digit and as a bigint.
    const op = operations.find((o) => o.id === "getTokenMetadata")!;
    const response = deref(op.doc, op.op.responses["200"]);
    const example = deref(
      op.doc,
      Object.values<any>(response.content["application/json"].examples)[0],
    );
    const rentEpochs = u64Values(op, example.value).filter((u) => /rentEpoch$/.test(u.path));
    expect(rentEpochs.length).toBeGreaterThan(0);
    for (const { value } of rentEpochs) expect(value).toBe(2n ** 64n - 1n);
    await contractOf(op.id).call(h.clients(), op.input);
    expect(sentResult(op, h.exchanges[0]!.text)).toEqual(example.value);
  });
});

describe("the standalone (tree-shakable) JSON-RPC functions: same request, same result as the client", () => {
  const h = useMock("examples");
  const pascal = (area: string) =>
    area.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase());
  /** The package of a spec area, `@chaindata/<area>`, as a caller imports it (its built dist/). */
  const packageOf = (area: string): Promise<Record<string, any>> =>
    import(`@chaindata/${area}`).catch((error: unknown) => {
      throw new Error(
        `@chaindata/${area}, the package of the spec area ${area}, cannot be imported: run \`npm install && npx turbo run build\` (${String(error)})`,
      );
    });

  it.each(
    operations.filter((o) => o.kind === "openrpc").map((o) => [`${o.area} ${o.id}`, o] as const),
  )("%s", async (_label, op) => {
    const pkg = await packageOf(op.area);
    const factory = `create${pascal(op.area)}Rpc`;
    expect(typeof pkg[factory], `@chaindata/${op.area} exports ${factory}`).toBe("function");
    expect(typeof pkg[op.id], `@chaindata/${op.area} exports ${op.id}`).toBe("function");
    const rpc = pkg[factory](h.options());
    const standalone = await pkg[op.id](rpc, op.input);
    const viaClient = await contractOf(op.id).call(h.clients(), op.input);
    const [a, b] = h.requests();
    expect(a!.violations).toEqual([]);
    expect({ path: a!.path, query: a!.query, params: (a!.body as any).params }).toEqual({
      path: b!.path,
      query: b!.query,
      params: (b!.body as any).params,
    });
    expect(digits(standalone)).toEqual(digits(viaClient));
    for (const { path, value } of u64Values(op, standalone))
      expect(typeof value, path).toBe("bigint");
  });
});

/**
 * Where the key goes, as the mock checks it (each operation's `security` in the spec): the same
 * call with the key taken off the wire (query and header) is refused with a 401 of the mock's own
 * (not a forced one), which the client throws as AuthenticationError; on the sender host the key
 * is optional, and the call goes through. (That the client puts it in the api-key query, or the
 * X-Api-Key header on the admin host, is seed-wire.test.ts's; that the mock takes it there, the
 * "no violation" of the table above.)
 */
describe("the key, as the mock requires it per host", () => {
  const h = useMock("examples");
  const keyless: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    url.searchParams.delete("api-key");
    const headers = new Headers(request.headers);
    headers.delete("x-api-key");
    return h.fetch(new Request(url, { method: request.method, headers, body: request.body, duplex: "half" } as RequestInit)); // prettier-ignore
  };

  it.each(operations.map((o) => [`${o.host} ${o.area} ${o.id}`, o] as const))(
    "%s without its key",
    async (_label, op) => {
      const keyOptional = index.hosts[op.host].auth.required === false;
      const outcome = await contractOf(op.id)
        .call(h.clients({ fetch: keyless, maxRetries: 0 }), op.input)
        .then(
          () => "answered",
          (e: unknown) => e,
        );
      const [entry] = h.requests();
      expect(entry!.query["api-key"]).toBeUndefined();
      expect(entry!.headers?.["x-api-key"]).toBeUndefined();
      if (keyOptional) {
        expect(outcome).toBe("answered");
        expect(entry!.violations).toEqual([]);
        return;
      }
      expect(outcome).toBeInstanceOf(AuthenticationError);
      expect(outcome).toMatchObject({ status: 401, operation: op.id });
      expect(entry!.status).toBe(401);
      expect(entry!.violations.map((v) => v.code)).toContain(401);
    },
  );
});
