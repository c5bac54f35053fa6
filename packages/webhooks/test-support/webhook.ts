// The webhook the webhooks tests' stubbed service answers with, and the settings a call sends for
// it: one literal, so that the files that stub the service describe the same webhook.

export const WEBHOOK_ID = "642574b0-72aa-41dd-b293-356451e22168";

/** Every setting of the webhook: what createWebhook sends, and updateWebhook with the id. */
export const webhookSettings = {
  webhookURL: "https://hooks.acme-wallet.io/chaindata/solana",
  transactionTypes: ["TRANSFER"],
  accountAddresses: ["86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY"],
  webhookType: "enhanced",
  authHeader: "Bearer s3cret",
} as const;

/** The webhook as the service stores it and answers for it. */
export const storedWebhook = { webhookID: WEBHOOK_ID, ...webhookSettings } as const;
