import { getEventListeners } from "node:events";
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it, vi } from "vitest";
import {
  AbortError,
  BadRequestError,
  ConfigurationError,
  NotFoundError,
  ValidationError,
} from "@chaindata/core";
import { addWebhookAddresses, editWebhook, removeWebhookAddresses } from "./edits.js";
import { createWebhooksClient } from "./client.js";
import { createWebhooksRest } from "./generated/client.js";
import { createWebhookHandler } from "./receiver.js";
import type { Webhook } from "./generated/types.js";
import { recordingFetch, wire } from "../../core/src/test-support/testing.js";

const ID = "642574b0-72aa-41dd-b293-356451e22168";
const [A, B, C, D] = [
  "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY",
  "M2mx93ekt1fmXSVkTrUL9xVFHkmME8HTUi5Cyc5aF7K",
  "HBft1JpdWQtL8h3cWq1amnprK88551u8JVZEVxgWBRHy",
  "So11111111111111111111111111111111111111112",
];
const stored = (): Webhook => ({
  webhookID: ID,
  wallet: "43w8rUpk8jPJodf6Gsdkn64xQtQGY9QtmveF3mv91UMA",
  project: "0dd62b66-18fa-42bb-92b9-65bc0ee5e155",
  webhookURL: "https://hooks.acme-wallet.io/chaindata/solana",
  transactionTypes: ["TRANSFER", "SWAP"],
  accountAddresses: [A, B],
  webhookType: "enhanced",
  authHeader: "Bearer s3cret",
  encoding: "jsonParsed",
  txnStatus: "success",
  active: true,
});

/**
 * The webhooks API over one stored webhook: GET answers it, PUT replaces its settings (after a
 * pause, so that concurrent edits would interleave). Records every request. The id in the path is
 * taken in any letter case (a UUID's hex digits are case-insensitive).
 */
function fakeService(
  webhook: Webhook = stored(),
  { refusePuts = 0, host = undefined as string | undefined } = {},
) {
  const requests: { method: string; path: string; body?: any }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname;
    if (host && url.origin !== host) throw new Error(`sent to ${url.origin}, not ${host}`);
    const body = request.method === "PUT" ? await request.json() : undefined;
    requests.push({ method: request.method, path, body });
    if (path.toLowerCase() !== `/v0/webhooks/${ID}`)
      return new Response('{"error":"not found"}', { status: 404 });
    if (request.method === "PUT" && refusePuts-- > 0)
      return Response.json({ error: "webhookURL unreachable" }, { status: 400 });
    if (request.method === "PUT") {
      await new Promise((resolve) => setTimeout(resolve, 5));
      webhook = { ...webhook, ...body };
    }
    return Response.json(webhook);
  };
  const options = { apiKey: "test-key", fetch, baseUrls: host ? { api: host } : undefined };
  const webhooks = createWebhooksClient(options);
  const rest = createWebhooksRest(options);
  return { webhooks, rest, fetch, requests, current: () => webhook };
}

describe("addWebhookAddresses", () => {
  it("reads the webhook and sends its settings back with the new addresses appended (no repeats)", async () => {
    const { webhooks, requests } = fakeService();
    const result = await addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C, A, C] });
    expect(result.accountAddresses).toEqual([A, B, C]);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v0/webhooks/${ID}`,
      `PUT /v0/webhooks/${ID}`,
    ]);
    // Every setting, unchanged but the list; the read-only fields are not sent back.
    const { wallet, project, active, webhookID, ...settings } = stored();
    expect(requests[1]!.body).toEqual({ ...settings, accountAddresses: [A, B, C] });
    expect([wallet, project, active, webhookID]).not.toContain(undefined);
  });

  it("sends only the settings the webhook has, and the body is a valid CreateWebhookRequest", async () => {
    const { authHeader, encoding, txnStatus, ...bare } = stored();
    const { webhooks, requests } = fakeService(bare);
    await addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] });
    const sent = requests[1]!.body;
    expect(Object.keys(sent).sort()).toEqual(
      ["accountAddresses", "transactionTypes", "webhookType", "webhookURL"].sort(),
    );
    const spec = JSON.parse(
      readFileSync(new URL("../../../spec/dist/openapi/webhooks.json", import.meta.url), "utf8"),
    );
    const create = spec.components.schemas.CreateWebhookRequest.properties;
    for (const name of Object.keys(requests[1]!.body)) expect(Object.keys(create)).toContain(name);
    expect([authHeader, encoding, txnStatus]).not.toContain(undefined);
  });

  it("writes nothing (no credits spent) when every address is watched already", async () => {
    const { webhooks, requests } = fakeService();
    const result = await addWebhookAddresses(webhooks, { webhookID: ID, addresses: [B, A] });
    expect(result).toEqual(stored());
    expect(requests.map((r) => r.method)).toEqual(["GET"]);
  });

  it("starts a change at once, its input checked by the client, so that changes queue in call order", async () => {
    const { webhooks } = fakeService();
    const read = vi.spyOn(webhooks, "getWebhook");
    const added = addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] });
    expect(read).toHaveBeenCalledTimes(1);
    await added;
  });

  it("runs concurrent changes to one webhook one after another, so none undoes another", async () => {
    const { webhooks, requests, current } = fakeService();
    await Promise.all([
      addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] }),
      removeWebhookAddresses(webhooks, { webhookID: ID, addresses: [A] }),
      addWebhookAddresses(webhooks, { webhookID: ID, addresses: [A] }),
    ]);
    expect(current().accountAddresses).toEqual([B, C, A]);
    expect(requests.map((r) => r.method)).toEqual(["GET", "PUT", "GET", "PUT", "GET", "PUT"]);
  });

  it("runs one after another changes that name the webhook in other letter cases (one UUID)", async () => {
    const { webhooks, requests, current } = fakeService();
    await Promise.all([
      addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] }),
      addWebhookAddresses(webhooks, { webhookID: ID.toUpperCase(), addresses: [D] }),
      removeWebhookAddresses(webhooks, { webhookID: ID.replace(/a/g, "A"), addresses: [A] }),
    ]);
    expect(current().accountAddresses).toEqual([B, C, D]);
    expect(requests.map((r) => r.method)).toEqual(["GET", "PUT", "GET", "PUT", "GET", "PUT"]);
    // (Each request names the webhook as its caller did.)
    expect(requests.map((r) => r.path.split("/").pop())).toEqual([
      ID,
      ID,
      ID.toUpperCase(),
      ID.toUpperCase(),
      ID.replace(/a/g, "A"),
      ID.replace(/a/g, "A"),
    ]);
  });

  it("runs one after another the changes to one webhook made through several clients and rests of the process", async () => {
    const { webhooks, rest, fetch, requests, current } = fakeService();
    // (The sdk's `webhooks` beside a client of this package, a second client, a rest: each its own.)
    const other = createWebhooksClient({ apiKey: "test-key", fetch });
    await Promise.all([
      addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] }),
      addWebhookAddresses(other, { webhookID: ID, addresses: [D] }),
      removeWebhookAddresses(rest, { webhookID: ID, addresses: [A] }),
      editWebhook(other, { webhookID: ID.toUpperCase(), txnStatus: "all" }),
    ]);
    expect([current().accountAddresses, current().txnStatus]).toEqual([[B, C, D], "all"]);
    expect(requests.map((r) => r.method)).toEqual([
      ...["GET", "PUT", "GET", "PUT", "GET", "PUT", "GET", "PUT"],
    ]);
  });

  it("keeps no record of a webhook once its changes have settled, done, failed or given up", async () => {
    const pending = () =>
      (globalThis as Record<symbol, Map<string, unknown> | undefined>)[
        Symbol.for("@chaindata/webhooks.edits-pending")
      ];
    const { webhooks } = fakeService(stored(), { refusePuts: 1 });
    const controller = new AbortController();
    const changes = [
      addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] }), // refused
      addWebhookAddresses(webhooks, { webhookID: ID, addresses: [D] }),
      removeWebhookAddresses(
        webhooks,
        { webhookID: ID.toUpperCase(), addresses: [A] },
        { signal: controller.signal },
      ),
      addWebhookAddresses(webhooks, {
        webhookID: "00000000-0000-4000-8000-000000000000",
        addresses: [C],
      }),
    ];
    const settled = Promise.allSettled(changes);
    expect(pending()?.size).toBe(2);
    controller.abort();
    await settled;
    expect(pending()?.size).toBe(0);
  });

  it("a change made once the first of two queued ones is done waits for the second (the first's end does not clear the queue)", async () => {
    const { webhooks, current, requests } = fakeService();
    const first = addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] });
    const second = addWebhookAddresses(webhooks, { webhookID: ID, addresses: [D] });
    await first;
    // (The second's read is under way: a third that did not wait for it would write over it.)
    const third = removeWebhookAddresses(webhooks, { webhookID: ID, addresses: [A] });
    await Promise.all([second, third]);
    expect(current().accountAddresses).toEqual([B, C, D]);
    expect(requests.map((r) => r.method)).toEqual(["GET", "PUT", "GET", "PUT", "GET", "PUT"]);
  });

  it("lets changes to webhooks of the same id on two hosts take turns, each made on its own host", async () => {
    const first = fakeService(stored(), { host: "https://api.one.example" });
    const second = fakeService(
      { ...stored(), accountAddresses: [C] },
      { host: "https://api.two.example" },
    );
    await Promise.all([
      addWebhookAddresses(first.webhooks, { webhookID: ID, addresses: [D] }),
      addWebhookAddresses(second.rest, { webhookID: ID, addresses: [D] }),
      removeWebhookAddresses(first.rest, { webhookID: ID, addresses: [A] }),
    ]);
    expect([first.current().accountAddresses, second.current().accountAddresses]).toEqual([
      [B, D],
      [C, D],
    ]);
    expect([first.requests.length, second.requests.length]).toEqual([4, 2]);
  });

  it("a change whose signal aborts while it waits for the one before rejects at once, and is never made", async () => {
    const { webhooks, requests, current } = fakeService();
    const controller = new AbortController();
    const first = addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] });
    const second = removeWebhookAddresses(
      webhooks,
      { webhookID: ID, addresses: [A] },
      { signal: controller.signal },
    );
    const third = removeWebhookAddresses(webhooks, { webhookID: ID, addresses: [B] });
    controller.abort();
    // (Rejected before the first change has sent its write.)
    let firstDone = false;
    void first.then(() => (firstDone = true));
    await expect(second).rejects.toBeInstanceOf(AbortError);
    expect(firstDone).toBe(false);
    await Promise.all([first, third]);
    expect(current().accountAddresses).toEqual([A, C]);
    expect(requests.map((r) => r.method)).toEqual(["GET", "PUT", "GET", "PUT"]);
    // Aborted before the call, with a change under way: rejected at once too (before that change is
    // done, not when its turn comes).
    const under = addWebhookAddresses(webhooks, { webhookID: ID, addresses: [B] });
    let underDone = false;
    void under.then(() => (underDone = true));
    await expect(
      addWebhookAddresses(
        webhooks,
        { webhookID: ID, addresses: [C] },
        { signal: controller.signal },
      ),
    ).rejects.toBeInstanceOf(AbortError);
    expect(underDone).toBe(false);
    await under;
  });

  it("20 changes waiting on one signal hold one abort listener, and none once they are done (Node warns past 10; user trial)", async () => {
    const { webhooks } = fakeService();
    const { signal } = new AbortController();
    const changes = [A, B, C, D].flatMap((address, round) =>
      Array.from({ length: 5 }, (_, i) =>
        (i + round) % 2
          ? removeWebhookAddresses(webhooks, { webhookID: ID, addresses: [address] }, { signal })
          : addWebhookAddresses(webhooks, { webhookID: ID, addresses: [address] }, { signal }),
      ),
    );
    expect(getEventListeners(signal, "abort").length).toBeLessThanOrEqual(1);
    await Promise.all(changes);
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });

  it("goes on with the next change when one fails, and rejects only the failed one", async () => {
    const { webhooks, requests, current } = fakeService(stored(), { refusePuts: 1 });
    const [failed, added] = await Promise.allSettled([
      addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] }),
      removeWebhookAddresses(webhooks, { webhookID: ID, addresses: [B] }),
    ]);
    expect(failed).toMatchObject({ status: "rejected", reason: expect.any(BadRequestError) });
    expect(added).toMatchObject({ status: "fulfilled" });
    expect(current().accountAddresses).toEqual([A]);
    expect(requests.map((r) => r.method)).toEqual(["GET", "PUT", "GET", "PUT"]);
    // A webhook that does not exist: the read's error.
    const missing = addWebhookAddresses(webhooks, {
      webhookID: "00000000-0000-4000-8000-000000000000",
      addresses: [C],
    });
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
  });

  it("keeps the webhook's authHeader (read from the service, not given by the caller) out of a refused write's error", async () => {
    // The service echoes the value with no name beside it, and HTML-escaped: only a redactor
    // that knows the value can mask it.
    const echoes = [
      (sent: any) => new Response(`refused: header value ${sent.authHeader}`, { status: 400 }),
      (sent: any) =>
        new Response(`<pre>${JSON.stringify(sent).replaceAll('"', "&quot;")}</pre>`, {
          status: 400,
        }),
    ];
    for (const echo of echoes) {
      const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        return request.method === "PUT" ? echo(await request.json()) : Response.json(stored());
      };
      const webhooks = createWebhooksClient({ apiKey: "test-key", fetch });
      const error = (await addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] }).catch(
        (e: unknown) => e,
      )) as BadRequestError;
      expect(error).toBeInstanceOf(BadRequestError);
      for (const form of [error.message, JSON.stringify(error), String(error.stack)])
        expect(form).not.toContain("s3cret");
    }
  });

  it("refuses a malformed id or address, naming the field and the rule; nothing is sent", async () => {
    const { webhooks, requests } = fakeService();
    const cases: [unknown, string][] = [
      [{ webhookID: "nope", addresses: [C] }, "params.webhookID: must be a UUID"],
      [
        { webhookID: "7", addresses: [C] },
        'params.webhookID: must be a UUID (hex digits in groups of 8-4-4-4-12) (got "7")',
      ],
      [{ addresses: [C] }, "params.webhookID: is required"],
      [
        { webhookID: ID, addresses: [C, "0xdeadbeef"] },
        "params.addresses[1]: must be a base58 address",
      ],
      [{ webhookID: ID }, "params.addresses: is required"],
      [{ webhookID: ID, addresses: C }, "params.addresses: must be array"],
      [
        { webhookID: ID, addresses: [C], active: false },
        "params.active: is not an allowed property",
      ],
      [null, "params: must be object { webhookID, addresses } (got null)"],
      // Every issue at once: a misspelt id is named beside the missing one (and the name meant
      // beside it), a bad address too.
      [
        { webhookId: ID, addresses: ["0xdeadbeef"] },
        "params.webhookID: is required; params.webhookId: is not an allowed property (allowed: webhookID, addresses); did you mean webhookID?; params.addresses[0]: must be a base58 address",
      ],
      [
        { webhookID: "nope", addresses: ["0xdeadbeef"] },
        'params.addresses[0]: must be a base58 address of 32 bytes (32 to 44 characters; no 0, O, I or l) (got "0xdeadbeef"); params.webhookID: must be a UUID (hex digits in groups of 8-4-4-4-12) (got "nope")',
      ],
    ];
    for (const [input, message] of cases) {
      const error = await addWebhookAddresses(webhooks, input as never).catch((e: unknown) => e);
      expect(error, JSON.stringify(input)).toBeInstanceOf(ValidationError);
      expect((error as Error).message, JSON.stringify(input)).toContain(message);
      // (Each issue's detail is its message without the path in front.)
      for (const issue of (error as ValidationError).issues)
        expect(issue.message).toBe(`${issue.path}: ${issue.detail}`);
    }
    expect(requests).toEqual([]);
  });

  it("refuses a list over the service's 100000 addresses before writing", async () => {
    const many = Array.from({ length: 100_000 }, () => A);
    const { webhooks, requests } = fakeService({ ...stored(), accountAddresses: many });
    const error = await addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    // (Said of the caller's `addresses`: the write's `accountAddresses` is no field they gave.)
    expect((error as Error).message).toBe(
      "params.addresses: too many for the webhook: its accountAddresses must have at most 100000 items (got 100001)",
    );
    expect((error as ValidationError).issues.map((issue) => [issue.path, issue.rule])).toEqual([
      ["params.addresses", "maxItems"],
    ]);
    // (Its detail, to show beside the field, says the same without the path.)
    expect((error as ValidationError).issues[0]!.detail).toBe(
      "too many for the webhook: its accountAddresses must have at most 100000 items (got 100001)",
    );
    expect(requests.map((r) => r.method)).toEqual(["GET"]);
  });

  it("says the list's issue of the caller's addresses and leaves a stored setting's issue beside it as it is", async () => {
    const many = Array.from({ length: 100_000 }, () => A);
    const legacy = "http://hooks.acme-wallet.io/solana";
    const { webhooks } = fakeService({ ...stored(), accountAddresses: many, webhookURL: legacy });
    const error = (await addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] }).catch(
      (e: unknown) => e,
    )) as ValidationError;
    expect(error.issues.map((issue) => issue.path).sort()).toEqual([
      "params.addresses",
      "params.webhookURL",
    ]);
    expect(error.message).toContain("the webhook's stored webhookURL");
  });
});

it("refuses, naming it, an editor that is no webhooks client or rest (the sdk client itself, say); nothing is sent", async () => {
  const { webhooks, requests } = fakeService();
  const sdkClient = { webhooks } as never;
  // (Another area's rest: its functions call another host.)
  const walletRest = { area: "wallet", call: () => {}, check: () => {} } as never;
  const settings = { webhookID: ID, txnStatus: "all" } as const;
  const calls = [
    () => editWebhook(sdkClient, settings),
    () => addWebhookAddresses(sdkClient, { webhookID: ID, addresses: [C] }),
    () => removeWebhookAddresses(undefined as never, { webhookID: ID, addresses: [A] }),
    () => editWebhook(walletRest, settings),
  ];
  for (const call of calls) {
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(
      /^webhooks: must be a webhooks client \(createWebhooksClient\(\), or the sdk client's `webhooks`\) or the result of createWebhooksRest\(\) \(got (object|undefined)\)$/,
    );
  }
  expect(requests).toEqual([]);
});

describe("the standalone form: a rest from createWebhooksRest() in the client's place", () => {
  it("is taken by every helper, which sends what it sends through a client", async () => {
    const viaClient = recordingFetch(() => stored());
    const viaRest = recordingFetch(() => stored());
    const client = createWebhooksClient({ apiKey: "test-key", fetch: viaClient.fetch });
    const rest = createWebhooksRest({ apiKey: "test-key", fetch: viaRest.fetch });
    for (const webhooks of [client, rest]) {
      const edited = await editWebhook(webhooks, { webhookID: ID, txnStatus: "all" });
      expect(edited.webhookID).toBe(ID);
      await addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] });
      await removeWebhookAddresses(webhooks, { webhookID: ID, addresses: [A] });
    }
    expect(viaRest.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(
      ["GET", "PUT", "GET", "PUT", "GET", "PUT"].map((method) => `${method} /v0/webhooks/${ID}`),
    );
    expect(await Promise.all(viaRest.requests.map(wire))).toEqual(
      await Promise.all(viaClient.requests.map(wire)),
    );
  });

  it("runs the changes made through one rest to one webhook one after another, in call order", async () => {
    const { rest, requests, current } = fakeService();
    const url = "https://hooks.example.com/solana";
    await Promise.all([
      addWebhookAddresses(rest, { webhookID: ID, addresses: [C] }),
      removeWebhookAddresses(rest, { webhookID: ID, addresses: [A] }),
      editWebhook(rest, { webhookID: ID, webhookURL: url }),
      addWebhookAddresses(rest, { webhookID: ID, addresses: [A] }),
    ]);
    expect([current().webhookURL, current().accountAddresses]).toEqual([url, [B, C, A]]);
    expect(requests.map((r) => r.method)).toEqual([
      ...["GET", "PUT", "GET", "PUT", "GET", "PUT", "GET", "PUT"],
    ]);
  });

  it("refuses bad params and request options as the client does; nothing is sent", async () => {
    const { webhooks, rest, requests } = fakeService();
    const messages = async (editor: typeof webhooks | typeof rest) =>
      Promise.all(
        [
          () => editWebhook(editor, { webhookID: "nope", txnStatus: null } as never),
          () => editWebhook(editor, { webhookID: ID, txnStatus: "all" }, { timeout: -1 }),
          () => addWebhookAddresses(editor, { webhookID: ID, addresses: ["0x"] }),
          () => removeWebhookAddresses(editor, { webhookId: ID, addresses: [A] } as never),
        ].map((call) => call().catch((e: Error) => `${e.name}: ${e.message}`)),
      );
    const viaRest = await messages(rest);
    expect(viaRest).toEqual(await messages(webhooks));
    expect(viaRest).toEqual([
      expect.stringMatching(
        /^ValidationError: params\.webhookID: must be a UUID .*; params\.txnStatus: cannot be removed/,
      ),
      expect.stringMatching(/^ConfigurationError: timeout: /),
      expect.stringMatching(/^ValidationError: params\.addresses\[0\]: must be a base58 address/),
      expect.stringMatching(
        /^ValidationError: params\.webhookID: is required; params\.webhookId: is not an allowed property/,
      ),
    ]);
    expect(requests).toEqual([]);
  });
});

it("names its second argument `params`, as every other function of the package does", () => {
  // (Each exported function's parameters, from the source its declarations are emitted from: an
  // argument of an `…Input` type is the call's params, and named so in hovers, signature help and
  // the docs.)
  const inputs = new Map<string, string>();
  for (const file of ["./edits.ts", "./client.ts", "./generated/client.ts"]) {
    const text = readFileSync(new URL(file, import.meta.url), "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
    for (const node of source.statements)
      if (
        ts.isFunctionDeclaration(node) &&
        node.name &&
        node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      )
        for (const parameter of node.parameters)
          if (/Input$/.test(parameter.type?.getText(source) ?? ""))
            inputs.set(node.name.text, parameter.name.getText(source));
  }
  expect(Object.fromEntries(inputs)).toEqual({
    editWebhook: "params",
    addWebhookAddresses: "params",
    removeWebhookAddresses: "params",
    createWebhook: "params",
    getWebhook: "params",
    updateWebhook: "params",
    deleteWebhook: "params",
  });
});

describe("removeWebhookAddresses", () => {
  it("sends the list without the addresses, the others in their order", async () => {
    const { webhooks, requests } = fakeService({ ...stored(), accountAddresses: [A, B, C] });
    const result = await removeWebhookAddresses(webhooks, { webhookID: ID, addresses: [A, A, C] });
    expect(result.accountAddresses).toEqual([B]);
    expect(requests[1]!.body.accountAddresses).toEqual([B]);
  });

  it("writes nothing when the webhook watches none of the addresses", async () => {
    const { webhooks, requests } = fakeService();
    await removeWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] });
    expect(requests.map((r) => r.method)).toEqual(["GET"]);
  });
});

describe("editWebhook", () => {
  it("lays the given settings over the webhook's and sends them all back (an authHeader left out of updateWebhook may be lost)", async () => {
    const { webhooks, requests } = fakeService();
    const url = "https://hooks.example.com/solana";
    const result = await editWebhook(webhooks, {
      webhookID: ID,
      webhookURL: url,
      txnStatus: "all",
    });
    expect(result.webhookURL).toBe(url);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v0/webhooks/${ID}`,
      `PUT /v0/webhooks/${ID}`,
    ]);
    const { wallet, project, active, webhookID, ...settings } = stored();
    expect(requests[1]!.body).toEqual({ ...settings, webhookURL: url, txnStatus: "all" });
    expect([wallet, project, active, webhookID]).not.toContain(undefined);
  });

  it("writes nothing (no credits spent) when every given setting has its value already", async () => {
    const { webhooks, requests } = fakeService();
    const { webhookURL, transactionTypes } = stored();
    const result = await editWebhook(webhooks, {
      webhookID: ID,
      webhookURL,
      transactionTypes: [...transactionTypes],
      authHeader: undefined,
    });
    expect(result).toEqual(stored());
    expect(requests.map((r) => r.method)).toEqual(["GET"]);
  });

  it("writes nothing when a list given holds the same elements in another order or repeated (the service matches them as a set)", async () => {
    // (Each list was compared element by element: a converging job that gave the addresses in
    // another order paid an edit, 100 credits, on every run; user trial 60, F2.)
    const { webhooks, requests } = fakeService();
    const { transactionTypes, accountAddresses } = stored();
    const again = await editWebhook(webhooks, {
      webhookID: ID,
      transactionTypes: [...transactionTypes].reverse(),
      accountAddresses: [...accountAddresses, ...accountAddresses].reverse(),
    });
    expect(again).toEqual(stored());
    expect(requests.map((r) => r.method)).toEqual(["GET"]);
    // One element more, fewer or another is a change: written, as given.
    const more = [...accountAddresses, C];
    await editWebhook(webhooks, { webhookID: ID, accountAddresses: more });
    await editWebhook(webhooks, { webhookID: ID, accountAddresses: accountAddresses.slice(1) });
    await editWebhook(webhooks, { webhookID: ID, transactionTypes: ["SWAP", "NFT_SALE"] });
    expect(requests.map((r) => r.method)).toEqual([
      "GET",
      "GET",
      "PUT",
      "GET",
      "PUT",
      "GET",
      "PUT",
    ]);
    expect(requests[2]!.body).toMatchObject({ accountAddresses: more });
  });

  it("writes a list given without repeats where the webhook holds some, and the address helpers leave them (review 82, F4)", async () => {
    // (Compared as sets, `[B, A]` was the stored `[A, A, B]` already: the repeats, each counted
    // against the 100000 addresses, could not be removed by an edit.)
    const { webhooks, requests } = fakeService({ ...stored(), accountAddresses: [A, A, B] });
    // An address helper's list keeps the stored repeats: an address already watched writes nothing.
    await addWebhookAddresses(webhooks, { webhookID: ID, addresses: [A] });
    await removeWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] });
    expect(requests.map((r) => r.method)).toEqual(["GET", "GET"]);
    await editWebhook(webhooks, { webhookID: ID, accountAddresses: [B, A] });
    expect(requests.map((r) => r.method)).toEqual(["GET", "GET", "GET", "PUT"]);
    expect(requests[3]!.body).toMatchObject({ accountAddresses: [B, A] });
    // Given again, it is the webhook's list: nothing is written.
    await editWebhook(webhooks, { webhookID: ID, accountAddresses: [A, B] });
    expect(requests.map((r) => r.method)).toEqual(["GET", "GET", "GET", "PUT", "GET"]);
  });

  it("sends a list it writes without its repeats, in the order given (review 82, F5)", async () => {
    // (The list given was sent as given: `[C, A, A]` stored A twice, counted twice against the
    // webhook's 100000 addresses, though the write was made because the list is another set.)
    const { webhooks, requests } = fakeService();
    const [first] = stored().accountAddresses;
    await editWebhook(webhooks, {
      webhookID: ID,
      accountAddresses: [C, first!, first!, C],
      transactionTypes: ["SWAP", "SWAP", "NFT_SALE"],
    });
    expect(requests.map((r) => r.method)).toEqual(["GET", "PUT"]);
    expect(requests[1]!.body).toMatchObject({
      accountAddresses: [C, first],
      transactionTypes: ["SWAP", "NFT_SALE"],
    });
  });

  it("runs after the other changes to the webhook made through the client, so none undoes another", async () => {
    const { webhooks, requests, current } = fakeService();
    const url = "https://hooks.example.com/solana";
    await Promise.all([
      addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] }),
      editWebhook(webhooks, { webhookID: ID, webhookURL: url }),
      removeWebhookAddresses(webhooks, { webhookID: ID, addresses: [A] }),
    ]);
    expect([current().webhookURL, current().accountAddresses]).toEqual([url, [B, C]]);
    expect(requests.map((r) => r.method)).toEqual(["GET", "PUT", "GET", "PUT", "GET", "PUT"]);
  });

  it("refuses a malformed id or setting, a read-only field and an edit of nothing, naming each; nothing is sent", async () => {
    const { webhooks, requests } = fakeService();
    const cases: [unknown, string][] = [
      [{ webhookID: "nope", txnStatus: "all" }, "params.webhookID: must be a UUID"],
      [{ txnStatus: "all" }, "params.webhookID: is required"],
      [
        { webhookID: ID, webhookURL: "https://localhost/hook" },
        "params.webhookURL: must be an https:// URL",
      ],
      [
        { webhookID: ID, txnStatus: "some" },
        'params.txnStatus: must be one of "all", "success", "failed" (got "some")',
      ],
      [
        { webhookID: ID, accountAddresses: ["0xdeadbeef"] },
        "params.accountAddresses[0]: must be a base58 address",
      ],
      [
        { webhookID: ID, webhookUrl: "https://x.example" },
        "params.webhookUrl: is not an allowed property",
      ],
      [{ webhookID: ID, active: false }, "params.active: is set by the service, not by an edit"],
      [
        { webhookID: ID },
        "params: names no setting to change (webhookURL, transactionTypes, accountAddresses, accountAddressOwners, webhookType, authHeader, encoding, txnStatus)",
      ],
      [
        null,
        "params: must be object { webhookID, webhookURL, transactionTypes, accountAddresses, accountAddressOwners, webhookType, authHeader, encoding, txnStatus, wallet, project, active } (got null)",
      ],
    ];
    for (const [input, message] of cases) {
      const error = await editWebhook(webhooks, input as never).catch((e: unknown) => e);
      expect(error, JSON.stringify(input)).toBeInstanceOf(ValidationError);
      expect((error as Error).message, JSON.stringify(input)).toContain(message);
      // (Each issue's detail is its message without the path in front.)
      for (const issue of (error as ValidationError).issues)
        expect(issue.message).toBe(`${issue.path}: ${issue.detail}`);
    }
    expect(requests).toEqual([]);
  });

  it("refuses to remove a setting (null), saying the service has no way to; nothing is sent", async () => {
    // (The spec and the service's docs say of no value that it removes a setting, nor whether a
    // write that leaves one out clears it or keeps it: `null` was refused as a wrong type.)
    const { webhooks, requests } = fakeService();
    const error = await editWebhook(webhooks, {
      webhookID: ID,
      authHeader: null,
      txnStatus: null,
      webhookURL: "https://hooks.example.com/solana",
    } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.message)).toEqual([
      "params.authHeader: cannot be removed (got null): the service documents no way to remove a setting",
      "params.txnStatus: cannot be removed (got null): the service documents no way to remove a setting",
    ]);
    expect((error as ValidationError).issues[0]!.detail).toBe(
      "cannot be removed (got null): the service documents no way to remove a setting",
    );
    // (Each keeps the rule its check broke, as the issue it restates.)
    expect((error as ValidationError).issues.map((issue) => issue.rule)).toEqual(["type", "enum"]);
    expect(requests).toEqual([]);
  });
});

describe("a stored setting that today's checks refuse", () => {
  const HTTPS_RULE =
    "must be an https:// URL with a host that is not localhost, 127.x.x.x or [::1], and no whitespace";

  it("is said to be the webhook's, with how to replace it; nothing is written", async () => {
    const legacy = "http://hooks.acme-wallet.io/solana";
    const { webhooks, rest, requests, current } = fakeService({ ...stored(), webhookURL: legacy });
    for (const editor of [webhooks, rest]) {
      const added = await addWebhookAddresses(editor, { webhookID: ID, addresses: [C] }).catch(
        (e: unknown) => e,
      );
      expect(added).toBeInstanceOf(ValidationError);
      expect((added as Error).message).toBe(
        `params.webhookURL: ${HTTPS_RULE} (got "${legacy}") (the webhook's stored webhookURL; give webhookURL to editWebhook to replace it)`,
      );
      // (The issue keeps its path and rule, for code that reads them.)
      expect((added as ValidationError).issues.map((issue) => [issue.path, issue.rule])).toEqual([
        ["params.webhookURL", "pattern"],
      ]);
      const edited = await editWebhook(editor, { webhookID: ID, txnStatus: "all" }).catch(
        (e: unknown) => e,
      );
      expect((edited as Error).message).toBe(
        `params.webhookURL: ${HTTPS_RULE} (got "${legacy}") (the webhook's stored webhookURL; give webhookURL to replace it)`,
      );
    }
    expect(requests.map((r) => r.method)).toEqual(["GET", "GET", "GET", "GET"]);
    // Given, it replaces the stored one, and the webhook can be edited again.
    const url = "https://hooks.acme-wallet.io/solana";
    await editWebhook(webhooks, { webhookID: ID, webhookURL: url, txnStatus: "all" });
    await addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] });
    expect([current().webhookURL, current().txnStatus, current().accountAddresses]).toEqual([
      url,
      "all",
      [A, B, C],
    ]);
  });

  it("is told apart from a refused value the caller gave, each issue said of its own", async () => {
    const { webhooks, requests } = fakeService({
      ...stored(),
      transactionTypes: ["TRANSFER", "legacy-type"],
      accountAddresses: [A, "0xLegacyAddress", B],
    });
    const edited = (await editWebhook(webhooks, { webhookID: ID, txnStatus: "all" }).catch(
      (e: unknown) => e,
    )) as ValidationError;
    expect(edited.issues.map((issue) => issue.message)).toEqual([
      'params.transactionTypes[1]: must be an upper-case snake-case name such as NFT_SALE (got "legacy-type") (the webhook\'s stored transactionTypes; give transactionTypes to replace it)',
      'params.accountAddresses[1]: must be a base58 address of 32 bytes (32 to 44 characters; no 0, O, I or l) (got "0xLegacyAddress") (the webhook\'s stored accountAddresses; give accountAddresses to replace it)',
    ]);
    for (const issue of edited.issues) expect(issue.message).toBe(`${issue.path}: ${issue.detail}`);
    const removed = (await removeWebhookAddresses(webhooks, {
      webhookID: ID,
      addresses: [A],
    }).catch((e: unknown) => e)) as ValidationError;
    expect(removed.message).toContain(
      'params.accountAddresses[0]: must be a base58 address of 32 bytes (32 to 44 characters; no 0, O, I or l) (got "0xLegacyAddress") (the webhook\'s stored accountAddresses; give accountAddresses to editWebhook to replace it)',
    );
    // A value the caller gives is blamed as it was, before anything is read.
    const given = (await editWebhook(webhooks, {
      webhookID: ID,
      webhookURL: "http://hooks.example.com/x",
    }).catch((e: unknown) => e)) as ValidationError;
    expect(given.message).toBe(
      `params.webhookURL: ${HTTPS_RULE} (got "http://hooks.example.com/x")`,
    );
    expect(requests.map((r) => r.method)).toEqual(["GET", "GET"]);
  });

  it('a blank authHeader (no secret: the service may read one back as "") is not sent back, so the webhook can still be edited', async () => {
    const { webhooks, requests, current } = fakeService({ ...stored(), authHeader: "" });
    await addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] });
    await editWebhook(webhooks, { webhookID: ID, txnStatus: "all" });
    const puts = requests.filter((r) => r.method === "PUT");
    expect(puts.map((r) => "authHeader" in r.body)).toEqual([false, false]);
    expect([current().accountAddresses, current().txnStatus]).toEqual([[A, B, C], "all"]);
    // One the caller gives is refused as the caller's, and a secret given replaces it.
    const given = await editWebhook(webhooks, { webhookID: ID, authHeader: " " }).catch(
      (e: unknown) => e,
    );
    expect((given as Error).message).toMatch(
      /^params\.authHeader: must be a header value, not blank /,
    );
    await editWebhook(webhooks, { webhookID: ID, authHeader: "Bearer n3w" });
    expect(current().authHeader).toBe("Bearer n3w");
  });

  it("a stored authHeader is blank where the receiver's would be: spaces, tabs, CR and LF", async () => {
    // (The edits told blank by spaces and tabs, the receiver by CR and LF too: a stored "\r\n",
    // refused by the receiver as no authHeader, was sent back, and the write refused it.)
    const onEvent = () => {};
    for (const blank of ["", " ", "\t", "\n", "\r\n", " \t\r\n "]) {
      const shown = JSON.stringify(blank);
      expect(() => createWebhookHandler({ authHeader: blank, onEvent }), shown).toThrow(
        /^authHeader: required, /,
      );
      const { webhooks, requests } = fakeService({ ...stored(), authHeader: blank });
      await editWebhook(webhooks, { webhookID: ID, txnStatus: "all" });
      const [put] = requests.filter((r) => r.method === "PUT");
      expect("authHeader" in put!.body, shown).toBe(false);
    }
    // Kept by both: a secret with blank ends (the receiver compares what is between them).
    for (const secret of ["\u00a0", " Bearer s3cret\t"]) {
      expect(() => createWebhookHandler({ authHeader: secret, onEvent })).not.toThrow();
      const { webhooks, requests } = fakeService({ ...stored(), authHeader: secret });
      await editWebhook(webhooks, { webhookID: ID, txnStatus: "all" });
      expect(requests.find((r) => r.method === "PUT")?.body.authHeader).toBe(secret);
    }
  });

  it("a stored authHeader that HTTP keeps (U+00A0) is sent back, and one of another type is refused as stored, not a TypeError", async () => {
    // (Blank was told by String#trim, which also strips U+00A0: a secret the spec, the write and
    // the receiver all take was left out of the write, and the update cleared it. A number threw
    // "trim is not a function".)
    const nbsp = fakeService({ ...stored(), authHeader: "\u00a0" });
    await editWebhook(nbsp.webhooks, { webhookID: ID, txnStatus: "all" });
    expect(nbsp.requests.filter((r) => r.method === "PUT").map((r) => r.body.authHeader)).toEqual([
      "\u00a0",
    ]);
    const odd = fakeService({ ...stored(), authHeader: 5 as never });
    const error = await editWebhook(odd.webhooks, { webhookID: ID, txnStatus: "all" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(
      /^params\.authHeader: must be string .*\(the webhook's stored authHeader; give authHeader to replace it\)$/,
    );
    expect(odd.requests.map((r) => r.method)).toEqual(["GET"]);
  });

  it("missing where the write requires it is said so, with how to set it", async () => {
    const { transactionTypes, ...withoutTypes } = stored();
    const { webhooks, requests } = fakeService(withoutTypes as Webhook);
    const error = await addWebhookAddresses(webhooks, { webhookID: ID, addresses: [C] }).catch(
      (e: unknown) => e,
    );
    // (Not updateWebhook's pointer at editWebhook for a partial body: the helper made the body.)
    expect((error as Error).message).toBe(
      "params.transactionTypes: is required (the webhook has no transactionTypes stored; give transactionTypes to editWebhook to set it)",
    );
    expect(requests.map((r) => r.method)).toEqual(["GET"]);
    expect(transactionTypes).toBeDefined();
  });
});

describe("a refused value", () => {
  const KEY = "sk-live-0f3c81aa-7d2e";
  /** The helpers' refusals through `webhooks`, and the client's own of the same values. */
  const refusals = async (webhooks: any, client: any = webhooks) => {
    const messages = async (call: () => Promise<unknown>) =>
      ((await call().catch((e: unknown) => e)) as ValidationError).message;
    const bad = ["nope", KEY, `x-api-key: ${"k".repeat(30)}`, "Bearer hook-s3cret-value", 7];
    const settings = {
      webhookURL: "https://hooks.example.com/x",
      transactionTypes: ["ANY"],
      authHeader: "Bearer hook-s3cret-value",
    };
    return {
      // (Each helper's message, and the generated check's of the same value in the same place.)
      add: await messages(() =>
        addWebhookAddresses(webhooks, { webhookID: ID, addresses: bad as string[] }),
      ),
      create: await messages(() => client.createWebhook({ ...settings, accountAddresses: bad })),
      edit: await messages(() =>
        editWebhook(webhooks, { webhookID: ID, ...settings, accountAddresses: bad as string[] }),
      ),
      update: await messages(() =>
        client.updateWebhook({ webhookID: ID, ...settings, accountAddresses: bad }),
      ),
    };
  };

  it("is shown by the helpers as the client's own checks show it: quoted, its key and the call's credentials masked", async () => {
    const fetch = async () => Response.json(stored());
    const webhooks = createWebhooksClient({ apiKey: KEY, fetch });
    const { add, create, edit, update } = await refusals(webhooks);
    expect(add).toBe(
      'params.addresses[0]: must be a base58 address of 32 bytes (32 to 44 characters; no 0, O, I or l) (got "nope"); ' +
        'params.addresses[1]: must be a base58 address of 32 bytes (32 to 44 characters; no 0, O, I or l) (got "***"); ' +
        'params.addresses[2]: must be a base58 address of 32 bytes (32 to 44 characters; no 0, O, I or l) (got "x-api-key: ***") (and 2 more)',
    );
    expect(add).toBe(create.replaceAll("accountAddresses", "addresses"));
    expect(edit).toBe(update);
    // (The input's own credential, its authHeader, where a value is refused: masked as the client
    // masks it.)
    const error = (await editWebhook(webhooks, {
      webhookID: ID,
      authHeader: "Bearer hook-s3cret-value",
      accountAddresses: ["hook-s3cret-value"],
    }).catch((e: unknown) => e)) as ValidationError;
    expect(error.message).toBe(
      'params.accountAddresses[0]: must be a base58 address of 32 bytes (32 to 44 characters; no 0, O, I or l) (got "***")',
    );
    for (const message of [add, edit]) {
      expect(message).not.toContain(KEY);
      expect(message).not.toContain("s3cret");
    }
    // A rest in the client's place: the same messages.
    const rest = createWebhooksRest({ apiKey: KEY, fetch });
    expect(await refusals(rest, webhooks)).toEqual({ add, create, edit, update });
  });

  it("is shown so for the package's factory, which the sdk's `webhooks` is made by too", async () => {
    const { createWebhooksClient: fromIndex } = await import("./index.js");
    expect(fromIndex).toBe(createWebhooksClient);
  });

  it("is described, not quoted, for an editor the client factory did not make, whose key is unknown", async () => {
    const { webhooks } = fakeService();
    const standIn = {
      getWebhook: webhooks.getWebhook,
      updateWebhook: webhooks.updateWebhook,
      createWebhook: webhooks.createWebhook,
    };
    const { add, edit } = await refusals(standIn);
    expect(add).toContain(
      "params.addresses[0]: must be a base58 address of 32 bytes (32 to 44 characters; no 0, O, I or l) (got a string of 4 characters)",
    );
    expect(edit).toContain("(got a string of 21 characters)");
    for (const message of [add, edit]) expect(message).not.toContain(KEY);
  });
});

it("checks addresses with the spec's Address pattern, and describes them in its words", () => {
  const source = readFileSync(new URL("./edits.ts", import.meta.url), "utf8");
  const spec = readFileSync(new URL("../../../spec/schemas/common.yaml", import.meta.url), "utf8");
  const address = /^Address:\n(?: .*\n)+/m.exec(spec)![0];
  expect(/const ADDRESS = \/(.+)\/u;/.exec(source)![1]).toBe(/ pattern: "(.+)"/.exec(address)![1]);
  expect(/const ADDRESS_DESCRIPTION = (".+");/.exec(source)![1]).toBe(
    / x-pattern-description: (".+")/.exec(address)![1],
  );
  expect(/const ADDRESS_BYTES = (\d+);/.exec(source)![1]).toBe(
    / x-base58-bytes: (\d+)/.exec(address)![1],
  );
});

describe("edit details", () => {
  it("writes a list that differs in one element, or one the webhook has not stored", async () => {
    const { webhooks, requests, current } = fakeService();
    await editWebhook(webhooks, { webhookID: ID, accountAddresses: [A, C] });
    expect(current().accountAddresses).toEqual([A, C]);
    await editWebhook(webhooks, { webhookID: ID, accountAddressOwners: [D] });
    expect(current().accountAddressOwners).toEqual([D]);
    expect(requests.map((r) => r.method)).toEqual(["GET", "PUT", "GET", "PUT"]);
  });

  it("refuses a read-only field and an edit of nothing with issues naming the path and the rule", async () => {
    const { webhooks } = fakeService();
    const issuesOf = async (params: unknown) =>
      ((await editWebhook(webhooks, params as never).catch((e: unknown) => e)) as ValidationError)
        .issues;
    expect(await issuesOf({ webhookID: ID, txnStatus: "all", wallet: A })).toEqual([
      expect.objectContaining({ path: "params.wallet", rule: "readOnly" }),
    ]);
    expect(await issuesOf({ webhookID: ID })).toEqual([
      expect.objectContaining({ path: "params", rule: "minProperties" }),
    ]);
  });

  it("describes a refused value for a stand-in editor: a string's length (1 character), else not shown", async () => {
    const { webhooks, requests } = fakeService();
    const standIn = { getWebhook: webhooks.getWebhook, updateWebhook: webhooks.updateWebhook };
    const message = async (params: unknown) =>
      ((await editWebhook(standIn, params as never).catch((e: unknown) => e)) as Error).message;
    expect(await message({ webhookID: ID, txnStatus: "x" })).toContain(
      "(got a string of 1 character)",
    );
    expect(await message({ webhookID: ID, txnStatus: 5 })).toContain("(got a value not shown)");
    expect(requests).toEqual([]);
  });

  it("refuses an editor without updateWebhook, or null, with a ConfigurationError saying what it got", async () => {
    const { webhooks, requests } = fakeService();
    const params = { webhookID: ID, txnStatus: "all" } as const;
    const halfClient = { getWebhook: webhooks.getWebhook };
    for (const [editor, got] of [
      [halfClient, "object"],
      [null, "null"],
    ] as const) {
      const error = await editWebhook(editor as never, params).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toBe(
        `webhooks: must be a webhooks client (createWebhooksClient(), or the sdk client's \`webhooks\`) or the result of createWebhooksRest() (got ${got})`,
      );
    }
    expect(requests).toEqual([]);
  });
});

describe("a stand-in's write that throws a ValidationError of its own", () => {
  it("without issues: its error is passed on as it is, not a TypeError (editWebhook and addWebhookAddresses)", async () => {
    const refused = new ValidationError("refused by the stand-in", {});
    const standIn = {
      getWebhook: async () => stored(),
      updateWebhook: async (): Promise<Webhook> => {
        throw refused;
      },
    };
    await expect(editWebhook(standIn as never, { webhookID: ID, txnStatus: "all" })).rejects.toBe(
      refused,
    );
    await expect(
      addWebhookAddresses(standIn as never, { webhookID: ID, addresses: [C] }),
    ).rejects.toBe(refused);
  });
});
