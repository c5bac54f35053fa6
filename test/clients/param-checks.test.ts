// Each operation's params check, exported from its built package as `check<Operation>(endpoint,
// params)` beside the standalone call (user trial 60, F6; docs/decisions/0023-param-checks.md): a
// tool checks a whole desired state, a form its values, an agent a tool call's arguments, before
// any other I/O. The same ValidationError as the call's, thrown at once, nothing sent, the
// endpoint's key masked.
import * as admin from "@chaindata/admin";
import * as compression from "@chaindata/compression";
import * as das from "@chaindata/das";
import * as mint from "@chaindata/mint";
import * as sdk from "@chaindata/sdk";
import * as sender from "@chaindata/sender";
import * as tokenMetadata from "@chaindata/token-metadata";
import * as wallet from "@chaindata/wallet";
import * as webhooks from "@chaindata/webhooks";
import { describe, expect, it, vi } from "vitest";
// @ts-expect-error — plain ESM scripts without type declarations
import { pascal } from "../../scripts/generate/lib/schema.mjs";
import { areas, deref, HTTP_METHODS } from "../spec/documents.js";

const packages: Record<string, Record<string, unknown>> = {
  admin,
  compression,
  das,
  mint,
  sender,
  "token-metadata": tokenMetadata,
  wallet,
  webhooks,
};
// (A key shaped as the service's: a UUID, which every address rule refuses.)
const KEY = "3f1c9a2e-8b7d-4e6f-a5c4-1d2e3f4a5b6c";
const ADDRESS = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";

/** Each operation of the spec by area, and whether it takes params (a JSON-RPC method's, a REST operation's path, query or body). */
const operations = areas.flatMap((a) =>
  a.kind === "openrpc"
    ? (a.doc.methods ?? []).map((m: any) => ({
        area: a.area,
        name: m.name as string,
        params: m.params.length > 0,
      }))
    : Object.values(a.doc.paths ?? {}).flatMap((item: any) =>
        HTTP_METHODS.filter((method) => item[method]).map((method) => {
          const o = item[method];
          const parameters = [...(item.parameters ?? []), ...(o.parameters ?? [])].map((p) =>
            deref(a.doc, p),
          );
          return {
            area: a.area,
            name: o.operationId as string,
            params:
              parameters.some((p: any) => p.in === "path" || p.in === "query") ||
              Boolean(o.requestBody),
          };
        }),
      ),
);

/** What `check` throws, synchronously (it returns nothing, and never a promise). */
const thrown = (check: () => unknown) => {
  let returned: unknown;
  try {
    returned = check();
  } catch (error) {
    return error;
  }
  return expect.unreachable(`the check did not refuse (returned ${String(returned)})`);
};

/** A fetch that records what it is handed and answers nothing. */
const recording = () => {
  const fetch = vi.fn(async () => {
    throw new Error("not to be sent");
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent: fetch.mock.calls };
};

describe("check<Operation>: exported for every operation with params, and no other", () => {
  it.each(Object.keys(packages))("@chaindata/%s", (area) => {
    const pkg = packages[area]!;
    const own = operations.filter((o) => o.area === area);
    expect(own.length).toBeGreaterThan(0);
    const expected = own.filter((o) => o.params).map((o) => `check${pascal(o.name)}`);
    const exported = Object.keys(pkg).filter((name) => /^check[A-Z]/.test(name));
    expect(exported.sort()).toEqual(expected.sort());
    for (const name of exported) expect(pkg[name], name).toBeTypeOf("function");
    // (And the sdk's are the same functions, with the endpoint factory each takes: an sdk user
    // cannot import the area package to make one.)
    for (const name of exported)
      expect((sdk as Record<string, unknown>)[name], name).toBe(pkg[name]);
    const factory = Object.keys(pkg).find((name) => /^create\w+(?:Rpc|Rest)$/.test(name))!;
    expect((sdk as Record<string, unknown>)[factory], factory).toBe(pkg[factory]);
  });
});

describe("check<Operation>: the call's own refusal, thrown at once, nothing sent", () => {
  it("das checkGetAsset: the ValidationError getAsset rejects with, the key pasted into a field masked", async () => {
    const { fetch, sent } = recording();
    const rpc = das.createDasRpc({ apiKey: KEY, fetch, maxRetries: 0 });
    const bad = { id: KEY, options: { showFungible: "yes" } };
    const error = thrown(() => das.checkGetAsset(rpc, bad)) as das.ValidationError;
    const called = await das.getAsset(rpc, bad as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(das.ValidationError);
    expect(called).toBeInstanceOf(das.ValidationError);
    expect(error.message).toBe((called as das.ValidationError).message);
    expect(error.issues).toEqual((called as das.ValidationError).issues);
    expect(error.operation).toBe("getAsset");
    expect(error.message).toContain("params.id: must be a base58 address");
    expect(error.message).toContain('(got "***")');
    expect(error.issues.map((issue) => issue.path)).toEqual([
      "params.id",
      "params.options.showFungible",
    ]);
    expect(JSON.stringify(error.issues) + error.message).not.toContain(KEY);
    // Valid params: nothing thrown, and still nothing sent.
    expect(das.checkGetAsset(rpc, { id: ADDRESS })).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toEqual([]);
  });

  it("webhooks checkCreateWebhook: createWebhook's refusal, the authHeader and the key masked", async () => {
    const { fetch, sent } = recording();
    const rest = webhooks.createWebhooksRest({ apiKey: KEY, fetch, maxRetries: 0 });
    const bad = {
      webhookURL: "ftp://hooks.example/x",
      transactionTypes: ["transfer"],
      accountAddresses: [KEY],
      webhookType: "enhanced",
      authHeader: "Bearer s3cretword\r\nbreak",
    };
    const error = thrown(() => webhooks.checkCreateWebhook(rest, bad)) as webhooks.ValidationError;
    const called = await webhooks.createWebhook(rest, bad as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(webhooks.ValidationError);
    expect(error.message).toBe((called as webhooks.ValidationError).message);
    expect(error.issues).toEqual((called as webhooks.ValidationError).issues);
    expect(error.operation).toBe("createWebhook");
    expect(error.issues.length).toBe(4);
    expect(JSON.stringify(error.issues)).not.toContain(KEY);
    expect(JSON.stringify(error.issues)).not.toContain("s3cretword");
    expect(sent).toEqual([]);
  });

  it("params the call may be left without are checked as the call sends them ({}), null refused", () => {
    const rpc = compression.createCompressionRpc({ apiKey: KEY, fetch: recording().fetch });
    expect(compression.checkGetLatestCompressionSignatures(rpc, undefined)).toBeUndefined();
    expect(compression.checkGetLatestCompressionSignatures(rpc, {})).toBeUndefined();
    const error = thrown(() => compression.checkGetLatestCompressionSignatures(rpc, null));
    expect(error).toBeInstanceOf(compression.ValidationError);
    expect((error as compression.ValidationError).operation).toBe("getLatestCompressionSignatures");
  });

  it("each area's check refuses a wrong shape, naming its operation (REST and JSON-RPC alike)", () => {
    for (const [area, pkg] of Object.entries(packages)) {
      const factory = Object.keys(pkg).find((name) => /^create\w+(?:Rpc|Rest)$/.test(name))!;
      const endpoint = (pkg[factory] as (options: object) => unknown)({
        apiKey: KEY,
        fetch: recording().fetch,
      });
      for (const o of operations.filter((o) => o.area === area && o.params)) {
        const check = pkg[`check${pascal(o.name)}`] as (endpoint: unknown, params: unknown) => void;
        const error = thrown(() => check(endpoint, 42)) as das.ValidationError;
        expect(error, `${area} ${o.name}`).toBeInstanceOf(das.ValidationError);
        expect(error.operation, `${area} ${o.name}`).toBe(o.name);
        expect(error.issues[0]!.rule, `${area} ${o.name}`).toBe("type");
      }
    }
  });

  it("given the area's client in place of its endpoint: a ConfigurationError saying what to pass", () => {
    const client = webhooks.createWebhooksClient({ apiKey: KEY });
    const error = thrown(() => webhooks.checkGetWebhook(client as never, {}));
    expect(error).toBeInstanceOf(webhooks.ConfigurationError);
    expect((error as Error).message).toBe(
      "getWebhook: the first argument must be the result of createWebhooksRest() (got a client: its calls check their own params; pass createWebhooksRest()'s result)",
    );
    // The sdk's composed client too, whose areas are not enumerable and hold the calls one level
    // down (review 88, F7: it was "(got object)").
    const composed = sdk.createChainDataClient({ apiKey: KEY });
    for (const [check, what, factory, operation] of [
      [() => das.checkGetAsset(composed as never, {}), "an rpc from", "createDasRpc", "getAsset"],
      [
        () => tokenMetadata.checkGetTokenMetadata(composed as never, {}),
        "the result of",
        "createTokenMetadataRest",
        "getTokenMetadata",
      ],
    ] as const)
      expect((thrown(check) as Error).message).toBe(
        `${operation}: the first argument must be ${what} ${factory}() (got a client: its calls check their own params; pass ${factory}()'s result)`,
      );
    const given = thrown(() => das.checkGetAsset(KEY as never, { id: ADDRESS }));
    expect((given as Error).message).toBe(
      "getAsset: the first argument must be an rpc from createDasRpc() (got a long string)",
    );
  });
});
