/**
 * The mock's answers follow the request (packages/mock/README.md, "Answers that follow the
 * request"): asked with values none of the spec's examples has, in examples and in dynamic mode
 * (several seeds), every operation whose result names what was asked names it, a list answering a
 * list of inputs has one entry per input in order, and every such answer still validates against
 * the spec's response schema; the same request and seed give the same answer.
 */
import { readFileSync } from "node:fs";
import { parseJson } from "@chaindata/core";
import { describe, expect, it } from "vitest";
import { useMock } from "./harness.js";
import {
  areas,
  deref,
  digits,
  operationById,
  rawRequest,
  sentResult,
  specDir,
  validateRawResponse,
} from "./spec.js";

const A = "7aYvkYMd9PFm7x96o4xhpQ19stiQgzYXDD4Cg5EHFdEi";
const B = "HBft1JpdWQtL8h3cWq1amnprK88551u8JVZEVxgWBRHy";
const C = "F9Lw3ki3hJ7PF9HQXsBzoY8GyE6sPoEZZdXJBsTTD2rk";
const UUID = "0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d";
const WEBHOOK = {
  webhookURL: "https://example.org/in",
  transactionTypes: ["NFT_SALE"],
  accountAddresses: [B, C],
};

const each = (list: any[], check: (item: any) => void) => list.forEach(check);

/** Per operation: an input none of the examples has, and what its result must then say. */
const cases: Array<[id: string, input: unknown, check: (result: any, dynamic: boolean) => void]> = [
  ["getAsset", { id: C }, (r) => expect(r.id).toBe(C)],
  [
    "getAssetBatch",
    { ids: [A, B, C, A] },
    (r) => expect(r.map((a: any) => a?.id)).toEqual([A, B, C, A]),
  ],
  ["getAssetBatch", { ids: [B] }, (r) => expect(r.map((a: any) => a?.id)).toEqual([B])],
  [
    "getAssetsByOwner",
    { ownerAddress: A, page: 2, limit: 2 },
    (r, dynamic) => {
      // (examples mode too names the page asked for, the example's items as they are: user trial
      // 66, F2; it said page 1)
      expect(r.page).toBe(2);
      if (dynamic) expect(r.items.length).toBeLessThanOrEqual(2);
      each(r.items, (a) => expect(a.ownership.owner).toBe(A));
    },
  ],
  [
    "getAssetsByAuthority",
    { authorityAddress: B },
    (r) => each(r.items, (a) => a.authorities.length && expect(a.authorities[0].address).toBe(B)),
  ],
  [
    "getCompressedAccountsByOwner",
    { owner: A },
    (r) => each(r.value.items, (i) => expect(i.owner).toBe(A)),
  ],
  [
    "getCompressedTokenAccountsByOwner",
    { owner: A, mint: C },
    (r) => each(r.value.items, (i) => expect(i.tokenData).toMatchObject({ owner: A, mint: C })),
  ],
  [
    "getCompressedTokenAccountsByDelegate",
    { delegate: B, mint: null },
    (r) => each(r.value.items, (i) => expect(i.tokenData.delegate).toBe(B)),
  ],
  [
    "getMultipleNewAddressProofsV2",
    [
      { address: A, tree: C },
      { address: B, tree: C },
      { address: C, tree: A },
    ],
    (r) =>
      expect(r.value.map((p: any) => [p.address, p.merkleTree])).toEqual([
        [A, C],
        [B, C],
        [C, A],
      ]),
  ],
  ["getIdentity", { wallet: C }, (r) => expect(r.address).toBe(C)],
  ["getIdentity", { wallet: "toly.sol" }, (r) => expect(r.address).not.toBe("toly.sol")],
  [
    "getBatchIdentity",
    { addresses: [C, "toly.sol", A] },
    // One identity per input, in order: a domain answered by an identity that is not the domain
    // itself (as getIdentity's), as the spec's example resolves toly.sol.
    (r) => {
      expect(r).toHaveLength(3);
      expect([r[0].address, r[2].address]).toEqual([C, A]);
      expect(r[1].address).not.toBe("toly.sol");
    },
  ],
  [
    "createWebhook",
    WEBHOOK,
    (r) => {
      expect(r).toMatchObject(WEBHOOK);
      expect(r).not.toHaveProperty("authHeader");
    },
  ],
  ["getWebhook", { webhookID: UUID }, (r) => expect(r.webhookID).toBe(UUID)],
  [
    "updateWebhook",
    { webhookID: UUID, ...WEBHOOK, webhookType: "raw", txnStatus: "all" },
    (r) =>
      expect(r).toMatchObject({
        webhookID: UUID,
        ...WEBHOOK,
        webhookType: "raw",
        txnStatus: "all",
      }),
  ],
  [
    "getTokenMetadata",
    { mintAccounts: [B, A] },
    (r) => expect(r.map((m: any) => m.account)).toEqual([B, A]),
  ],
];

for (const mode of ["examples", "dynamic"] as const) {
  describe(`${mode} mode: answers follow the request`, () => {
    const h = useMock(mode, { clients: false }); // (raw requests to the mock alone)
    it.each(
      cases.map(
        ([id, input, check]) => [id, JSON.stringify(input).slice(0, 60), input, check] as const,
      ),
    )("%s %s", async (id, _shown, input, check) => {
      const op = operationById.get(id)!;
      for (const seed of mode === "dynamic" ? ["1", "2", "3"] : [undefined]) {
        const headers: Record<string, string> = seed ? { prefer: `seed=${seed}` } : {};
        const { status, text } = await h.raw(rawRequest(op, input), headers);
        const where = `${id} (seed ${seed})`;
        expect(status, `${where}: ${text.slice(0, 300)}`).toBe(200);
        expect(validateRawResponse(op, text, status), `${where}: ${text.slice(0, 300)}`).toEqual(
          [],
        );
        const body = JSON.parse(text);
        check(op.kind === "openrpc" ? body.result : body, mode === "dynamic");
        expect((await h.raw(rawRequest(op, input), headers)).text, where).toBe(text);
      }
      for (const entry of h.requests()) expect(entry.violations, id).toEqual([]);
    });
  });
}

/**
 * The results of an operation's examples (JSON-RPC pairings; a REST operation's 200 examples),
 * read from its bundle with u64 values exact (`op.doc` is read by JSON.parse, which rounds them).
 */
function exampleResults(id: string): unknown[] {
  const op = operationById.get(id)!;
  const file = areas.find((a) => a.doc === op.doc)!.file;
  const doc = parseJson(readFileSync(`${specDir}${file}`, "utf8")) as any;
  if (op.kind === "openrpc")
    return doc.methods
      .find((m: any) => m.name === id)
      .examples.map((e: any) => deref(doc, e)?.result?.value);
  const media = deref(doc, doc.paths[op.path!][op.verb!].responses["200"])?.content?.["application/json"]; // prettier-ignore
  return Object.values<any>(media?.examples ?? {}).map((e) => deref(doc, e)?.value);
}

/**
 * Examples mode: a list answering a list of inputs gives an input the spec's examples answer that
 * answer (not another example's under its name), asked in another order than any example's, and
 * one no example answers the answer of the operation of one input, named; that operation answers
 * each input as the list does.
 */
describe("examples mode: a batch answers each input the spec answers as the spec does", () => {
  const h = useMock("examples", { clients: false });
  const answer = async (id: string, input: unknown) => {
    const op = operationById.get(id)!;
    const { status, text } = await h.raw(rawRequest(op, input));
    expect(status, `${id}: ${text.slice(0, 300)}`).toBe(200);
    expect(validateRawResponse(op, text, status), `${id}: ${text.slice(0, 300)}`).toEqual([]);
    return digits(sentResult(op, text)) as any;
  };

  it("getAssetBatch: getAsset's examples, the batch's own asset and its id not found (null), in any order", async () => {
    const single = exampleResults("getAsset").map(digits) as any[];
    const [pairing] = exampleResults("getAssetBatch") as any[][];
    const found = digits(pairing!.find((a) => a)) as any;
    const missing = (operationById.get("getAssetBatch")!.input as any).ids.find(
      (id: string) => id !== found.id,
    );
    const ids = [missing, ...single.map((a) => a.id).reverse(), C, found.id];
    const batch = await answer("getAssetBatch", { ids });
    expect(batch).toEqual([null, ...[...single].reverse(), expect.objectContaining({ id: C }), found]); // prettier-ignore
    for (const [i, id] of ids.entries())
      if (batch[i]) expect(await answer("getAsset", { id }), id).toEqual(batch[i]);
  });

  it("getBatchIdentity: getIdentity's examples and the batch's, a domain as the batch example resolves it", async () => {
    const identities = [...exampleResults("getIdentity"), ...(exampleResults("getBatchIdentity")[0] as any[])].map(digits) as any[]; // prettier-ignore
    const byAddress = new Map(identities.map((x) => [x.address, x]));
    const addresses = [...byAddress.keys()].reverse();
    const toly = identities.find((x) => x.domainNames?.includes("toly.sol"));
    const batch = await answer("getBatchIdentity", { addresses: ["toly.sol", ...addresses, C] });
    expect(batch).toEqual([toly, ...addresses.map((a) => byAddress.get(a)), expect.objectContaining({ address: C })]); // prettier-ignore
    for (const [i, wallet] of ["toly.sol", ...addresses, C].entries())
      expect(await answer("getIdentity", { wallet }), wallet).toEqual(batch[i]);
  });

  it("getTokenMetadata: each mint its example's record, in another order", async () => {
    const records = exampleResults("getTokenMetadata").flatMap((r) => digits(r) as any[]);
    const mints = records.map((r) => r.account).reverse();
    const batch = await answer("getTokenMetadata", { mintAccounts: [...mints, A] });
    expect(batch).toEqual([...[...records].reverse(), expect.objectContaining({ account: A })]);
  });

  it("getMultipleNewAddressProofsV2: each address and tree its example's proof, in another order", async () => {
    const [example] = exampleResults("getMultipleNewAddressProofsV2").map(digits) as any[];
    const proofs = [...example.value].reverse();
    const asked = [...proofs.map((p: any) => ({ tree: p.merkleTree, address: p.address })), { address: A, tree: C }]; // prettier-ignore
    const batch = await answer("getMultipleNewAddressProofsV2", asked);
    expect(batch.value).toEqual([...proofs, expect.objectContaining({ address: A, merkleTree: C })]); // prettier-ignore
  });
});
