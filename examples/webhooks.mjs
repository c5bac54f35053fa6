// Webhooks: create, list, read, edit (and add a watched address to) and delete a webhook.
// (The mock answers each call with the spec's example webhook, not the one created here.)
import { randomBytes } from "node:crypto";
import { addWebhookAddresses, createWebhooksClient, editWebhook } from "@chaindata/webhooks";

const url = process.env.CHAINDATA_MOCK_URL ?? "http://127.0.0.1:4010";
const webhooks = createWebhooksClient({ environment: "local", baseUrls: { api: url } });

const hook = await webhooks.createWebhook({
  webhookURL: "https://hooks.acme-wallet.io/chaindata/solana",
  transactionTypes: ["TRANSFER", "SWAP"],
  accountAddresses: ["86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY"],
  webhookType: "enhanced",
  // Sent back with every delivery: your receiver checks it. A secret: from the environment (or a
  // fresh random one), never written in code.
  authHeader: process.env.WEBHOOK_AUTH || `Bearer ${randomBytes(24).toString("base64url")}`,
});
// Only the host: a webhook URL can hold a credential (a Discord webhook's path is its token).
console.log(`created ${hook.webhookID} → ${new URL(hook.webhookURL).host}`);

const all = await webhooks.listWebhooks();
console.log(
  `${all.length} webhook(s): ${all.map((w) => `${w.webhookID} [${w.transactionTypes.join(", ")}]`).join("; ")}`,
);

const one = await webhooks.getWebhook({ webhookID: hook.webhookID });
console.log(`watching ${one.accountAddresses.length} account(s)`);

// Change one setting and keep the others (updateWebhook alone would drop the authHeader left out).
await editWebhook(webhooks, { webhookID: hook.webhookID, transactionTypes: ["ANY"] });
console.log("edited: every transaction type, the other settings kept");
// Watch one more account: reads the webhook and sends its settings back with the longer list.
const watched = await addWebhookAddresses(webhooks, {
  webhookID: hook.webhookID,
  addresses: ["HBft1JpdWQtL8h3cWq1amnprK88551u8JVZEVxgWBRHy"],
});
console.log(`now watching ${watched.accountAddresses.length} account(s)`);
await webhooks.deleteWebhook({ webhookID: hook.webhookID });
console.log("deleted");
