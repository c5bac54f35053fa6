/**
 * A REST host's error body alone in an HTTP 200 answer (review 86, F1). The reference SDK checks
 * every wallet answer for an `error` member, and its getFundedBy test answers "No funding
 * transaction found" both as a 404 and as `200 { error: { code: 404, message } }`. The clients
 * resolved the second as the operation's result: a `WalletFundingSource` with none of its fields
 * (`amountRaw`, typed `bigint`, was `undefined`), and a page walk failed on the missing list. It is
 * now the error of the status its `code` names, as the 404 itself is.
 */
import { AuthenticationError, NotFoundError } from "@chaindata/core";
import { createAdminClient } from "@chaindata/admin";
import { createWalletClient } from "@chaindata/wallet";
import { createWebhooksClient } from "@chaindata/webhooks";
import { describe, expect, it, vi } from "vitest";

const WALLET = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const NO_FUNDER = { error: { code: 404, message: "No funding transaction found" } };

/** A `fetch` that answers every request with HTTP 200 and `body`. */
const answering = (body: unknown) =>
  vi.fn<typeof globalThis.fetch>(
    async () =>
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );

describe("an error body alone in an HTTP 200 answer", () => {
  it("wallet getFundedBy: a NotFoundError, as the 404 of the same answer is; not retried", async () => {
    const fetch = answering(NO_FUNDER);
    const wallet = createWalletClient({ apiKey: "k", fetch });
    const error = await wallet.getFundedBy({ wallet: WALLET }).then(
      (value) => ({ resolved: value }),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({
      status: 404,
      operation: "getFundedBy",
      body: NO_FUNDER,
      message: "HTTP 404 from getFundedBy: No funding transaction found (in an HTTP 200 answer)",
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a wallet page walk stops with that error, not 'no list at balances'", async () => {
    const wallet = createWalletClient({ apiKey: "k", fetch: answering(NO_FUNDER), maxRetries: 0 });
    const walk = async () => {
      for await (const balance of wallet.getBalances.all({ wallet: WALLET })) void balance;
    };
    await expect(walk()).rejects.toBeInstanceOf(NotFoundError);
  });

  it("the admin and webhook hosts' answers are read the same way", async () => {
    const badKey = { error: { code: 401, message: "Invalid API key." } };
    const admin = createAdminClient({ apiKey: "k", fetch: answering(badKey), maxRetries: 0 });
    await expect(admin.getProjectUsage({ id: "p" })).rejects.toBeInstanceOf(AuthenticationError);
    const webhooks = createWebhooksClient({ apiKey: "k", fetch: answering(NO_FUNDER) });
    await expect(
      webhooks.deleteWebhook({ webhookID: "642574b0-72aa-41dd-b293-356451e22168" }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a result holding an `error` member beside its fields stays a result", async () => {
    const page = { data: [], pagination: { hasMore: false, nextCursor: null }, error: null };
    const wallet = createWalletClient({ apiKey: "k", fetch: answering(page) });
    await expect(wallet.getHistory({ wallet: WALLET })).resolves.toEqual(page);
  });
});
