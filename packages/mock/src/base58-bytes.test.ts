/**
 * The spec's `x-base58-bytes` (an address or a hash 32 bytes, a signature 64), which Prism's ajv
 * is given as a keyword (prism.ts): a request sent by hand with base58 text of another count is
 * refused as any other invalid param, wherever the keyword is (JSON-RPC params, a REST path, query
 * or body); an answer is held to it as well, and the mock generates text of the count.
 */
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fromBase58 } from "@chaindata/core";
import { hasBytes } from "./base58-bytes.js";
import { toBase58 } from "./echo.js";
import { startMock, type MockServer } from "./index.js";
import { callMock, rpcRequest, withEditedSpec } from "./test-support.js";

const ADDRESS = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
/** 44 characters an address's pattern takes, 33 bytes. */
const ADDRESS_33 = "z".repeat(44);
/** 65 zero bytes, a signature's pattern takes (64 to 88 characters). */
const SIGNATURE_65 = "1".repeat(65);

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0, quiet: true });
});
afterAll(() => mock?.stop());
beforeEach(() => mock.clearRequests());

const rpc = (method: string, params: unknown) =>
  callMock(mock.url, "/?api-key=k", { body: rpcRequest(method, params, "1") });

/** The violation of base58 text of `size` bytes where `bytes` are asked, at `location`. */
const countViolation = (location: string[], where: string, bytes: number, size: number) => ({
  location,
  message: `Request ${where} must be base58 text of ${bytes} bytes (x-base58-bytes), not ${size}`,
  code: "x-base58-bytes",
  severity: "error",
});

describe("a request with base58 text of another count than x-base58-bytes", () => {
  it("JSON-RPC: -32602 at the area's status, the violation naming the param and the rule", async () => {
    const r = await rpc("getAsset", { id: ADDRESS_33 });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({
      code: -32602,
      message: "Invalid params",
      data: [
        countViolation(["request", "body", "params", "id"], "body property params.id", 32, 33),
      ],
    });
    // 34 × `1`: 34 zero bytes, which the pattern takes too
    const zeros = await rpc("getAsset", { id: "1".repeat(34) });
    expect(zeros.body.error.data).toEqual([
      countViolation(["request", "body", "params", "id"], "body property params.id", 32, 34),
    ]);
    expect(mock.requests().map((e) => e.status)).toEqual([400, 400]);
  });

  it("a Hash param inside a nullable (compression's cursor): -32602 in a 200, as the area answers invalid params", async () => {
    const r = await rpc("getCompressedAccountsByOwner", { owner: ADDRESS, cursor: ADDRESS_33 });
    expect(r.status).toBe(200);
    expect(r.body.error.code).toBe(-32602);
    // the count alone, as for a field that is not nullable: not also the null branch's "must be
    // null" and "must match a schema in anyOf"
    expect(r.body.error.data).toEqual([
      countViolation(
        ["request", "body", "params", "cursor"],
        "body property params.cursor",
        32,
        33,
      ),
    ]);
    const query = await callMock(
      mock.url,
      `/v1/wallet/${ADDRESS}/history?api-key=k&before=${SIGNATURE_65}`,
    );
    expect(query.body.violations).toEqual([
      countViolation(["request", "query", "before"], "query parameter before", 64, 65),
    ]);
  });

  it("a nullable's other failures stay as they were: a number is neither text nor null", async () => {
    const r = await rpc("getCompressedAccountsByOwner", { owner: ADDRESS, cursor: 5 });
    expect(r.body.error.data.map((v: { code: string }) => v.code)).toEqual([
      "type",
      "type",
      "anyOf",
    ]);
  });

  it("REST: the operation's 400, in the path, the query and the body", async () => {
    const path = await callMock(mock.url, `/v1/wallet/${ADDRESS_33}/balances?api-key=k`);
    expect(path.status).toBe(400);
    expect(path.body.violations).toEqual([
      countViolation(["request", "path", "wallet"], "path parameter wallet", 32, 33),
    ]);
    const query = await callMock(
      mock.url,
      `/v1/wallet/${ADDRESS}/history?api-key=k&after=${SIGNATURE_65}`,
    );
    expect(query.status).toBe(400);
    expect(query.body.violations).toEqual([
      countViolation(["request", "query", "after"], "query parameter after", 64, 65),
    ]);
    const body = await callMock(mock.url, "/v0/webhooks?api-key=k", {
      body: {
        webhookURL: "https://hooks.example.com/solana",
        transactionTypes: ["TRANSFER"],
        accountAddresses: [ADDRESS, ADDRESS_33],
        webhookType: "enhanced",
      },
    });
    expect(body.status).toBe(400);
    expect(body.body.violations).toEqual([
      countViolation(
        ["request", "body", "accountAddresses", "1"],
        "body property accountAddresses.1",
        32,
        33,
      ),
    ]);
  });

  it("text of the count is taken; text with a character base58 lacks is the pattern's alone (not decoded)", async () => {
    expect((await rpc("getAsset", { id: ADDRESS })).status).toBe(200);
    const r = await rpc("getAsset", { id: `0${ADDRESS.slice(1)}` });
    expect(r.body.error.data.map((v: { code: string }) => v.code)).toEqual(["pattern"]);
  });
});

describe("hasBytes: the count without decoding", () => {
  const counts = [0, 1, 31, 32, 33, 64, 65];
  const agrees = (text: string) =>
    counts.every((bytes) => hasBytes(text, bytes) === (fromBase58(text)!.length === bytes));

  it("agrees with core's fromBase58 on random base58 text (leading 1s among it)", () => {
    const char = fc.constantFrom(..."123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz");
    const text = fc
      .tuple(fc.nat(4), fc.array(char, { maxLength: 90 }))
      .map(([ones, rest]) => "1".repeat(ones) + rest.join(""));
    fc.assert(fc.property(text, agrees), { numRuns: 5000 });
  });

  it("agrees at each count's edges: 256^k - 1, 256^k and 256^k + 1 (with and without leading zero bytes)", () => {
    for (let k = 0; k <= 65; k++)
      for (const zeros of [0, 1, 2]) {
        const power = Uint8Array.of(...new Uint8Array(zeros), 1, ...new Uint8Array(k));
        const below = Uint8Array.of(...new Uint8Array(zeros + 1), ...new Uint8Array(k).fill(255));
        const above = Uint8Array.from(power).fill(1, -1);
        for (const bytes of [power, below, above]) expect(agrees(toBase58(bytes)), `${k}`).toBe(true); // prettier-ignore
      }
    expect(hasBytes("", 0)).toBe(true);
    expect(hasBytes("1".repeat(32), 32)).toBe(true);
  });
});

/**
 * The first log entry of a mock of the spec with its document `file` (`openrpc/das.json`) edited
 * by `edit`, asked `ask` (DAS getAsset of ADDRESS, unless given).
 */
async function answerOfEditedSpec(
  file: string,
  edit: (doc: any) => void,
  mode?: "dynamic",
  ask = (url: string) =>
    callMock(url, "/?api-key=k", { body: rpcRequest("getAsset", { id: ADDRESS }, "1") }),
) {
  const use = async (answering: MockServer) => {
    await ask(answering.url);
    return answering.requests()[0]!;
  };
  return withEditedSpec(file, edit, use, mode && { mode });
}

/** The answer's violation of base58 text of `size` bytes where `bytes` are asked, at `path`. */
const answerCount = (bytes: number, size: number, ...path: string[]) => ({
  location: ["response", "body", "result", ...path],
  code: "x-base58-bytes",
  message: `Response body property result.${path.join(".")} must be base58 text of ${bytes} bytes (x-base58-bytes), not ${size}`,
});

describe("what the mock answers", () => {
  it("is held to the count too: an example whose address is 33 bytes is a violation of the answer", async () => {
    const entry = await answerOfEditedSpec("openrpc/das.json", (das) => {
      const asset = das.methods.find((m: any) => m.name === "getAsset").examples[0].result.value;
      asset.authorities[0].address = ADDRESS_33;
      asset.ownership.delegate = ADDRESS_33; // a nullable Address
    });
    expect(entry.status).toBe(200);
    expect(entry.violations).toMatchObject([
      answerCount(32, 33, "authorities", "0", "address"),
      answerCount(32, 33, "ownership", "delegate"),
    ]);
  });

  it("is checked as sent, after the mock's own edits: an id echoed into a field of another count is a violation", async () => {
    // The asset's id made 64 bytes: generated as such, then echo.ts writes the request's id (32
    // bytes) in its place. Prism checked the answer before that edit, and saw nothing wrong.
    const entry = await answerOfEditedSpec(
      "openrpc/das.json",
      (das) => {
        das.components.schemas.Asset.properties.id = { type: "string", "x-base58-bytes": 64 };
      },
      "dynamic",
    );
    expect(entry.status).toBe(200);
    expect(entry.violations).toMatchObject([answerCount(64, 32, "id")]);
    // REST alike: the wallet's identity names the wallet of its path (echo.ts)
    const identity = await answerOfEditedSpec(
      "openapi/wallet.json",
      (wallet) => {
        wallet.components.schemas.WalletIdentity.properties.address = {
          type: "string",
          "x-base58-bytes": 64,
        };
      },
      "dynamic",
      (url) => callMock(url, `/v1/wallet/${ADDRESS}/identity?api-key=k`),
    );
    expect(identity.status).toBe(200);
    expect(identity.violations).toMatchObject([
      {
        location: ["response", "body", "address"],
        code: "x-base58-bytes",
        message:
          "Response body property address must be base58 text of 64 bytes (x-base58-bytes), not 32",
      },
    ]);
  });

  it("generates base58 text of the count: dynamic answers of addresses, hashes and signatures hold no violation", async () => {
    const dynamic = await startMock({ port: 0, quiet: true, mode: "dynamic" });
    try {
      for (const seed of ["base58-1", "base58-2", "base58-3"]) {
        const headers = { prefer: `seed=${seed}` };
        const call = (method: string, params: unknown) =>
          callMock(dynamic.url, "/?api-key=k", { body: rpcRequest(method, params, "1"), headers });
        await call("getAssetsByOwner", { ownerAddress: ADDRESS, page: 1, limit: 3 });
        await call("getCompressedAccountsByOwner", { owner: ADDRESS });
        await callMock(dynamic.url, `/v1/wallet/${ADDRESS}/history?api-key=k`, { headers });
        await callMock(dynamic.url, "/v0/webhooks?api-key=k", { headers });
      }
      expect(dynamic.requests().map((e) => [e.status, e.violations])).toEqual(
        Array(12).fill([200, []]),
      );
    } finally {
      await dynamic.stop();
    }
  });
});
