// A user's program, one realistic call per area (user trial 49's consumer), type-checked with the
// oldest TypeScript the READMEs promise (types.test.ts, tsconfig.oldest.json: Node16 resolution,
// skipLibCheck off): written in 4.7's syntax, so that only the declarations can fail it.
import {
  adminRateLimit,
  createAdminClient,
  createAdminRest,
  createRateLimiter,
  getProjectUsage,
} from "@chaindata/admin";
import { createCompressionClient } from "@chaindata/compression";
import {
  APIError,
  ChainDataError,
  JsonRpcError,
  RateLimitError,
  createBatcher,
  createDasClient,
  createDasRpc,
  getAsset,
  getAssetsByOwnerItemU64Shape,
  paginateGetAssetsByOwner,
  parseJson,
  reviveU64,
  stringifyJson,
  type Asset,
  type AttemptRecord,
} from "@chaindata/das";
import { mintCompressedNft, createMintRpc } from "@chaindata/mint";
import { createChainDataClient, type Das } from "@chaindata/sdk";
import { createSenderClient, senderMinimumTipLamports, senderTipAccounts } from "@chaindata/sender";
import { createTokenMetadataClient } from "@chaindata/token-metadata";
import { createWalletClient, getBalances, createWalletRest } from "@chaindata/wallet";
import {
  createMemorySignatureStore,
  createWebhookHandler,
  createWebhooksClient,
  listWebhooks,
  createWebhooksRest,
  type EnhancedTransactionEvent,
  type RawTransactionEvent,
  type WebhookHandlerOptions,
} from "@chaindata/webhooks";

const OWNER = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";

export async function main(): Promise<void> {
  const das = createDasClient({
    apiKey: "k",
    batch: createBatcher({ maxSize: 20 }),
    maxRetries: 2,
    onAttempt: (record: AttemptRecord) => void record.operation,
  });
  const asset: Asset = await das.getAsset({ id: OWNER }, { timeout: 5000 });
  const supply: bigint | undefined = asset.token_info?.supply;
  const standalone = await getAsset(createDasRpc({ apiKey: "k" }), { id: OWNER });
  void standalone.id;
  // (A generated shape types what reviveU64 gives back: its phantom mark, a unique symbol.)
  const cached: Asset = reviveU64(parseJson(stringifyJson(asset)), getAssetsByOwnerItemU64Shape);
  void cached.id;

  let count = 0;
  for await (const item of das.getAssetsByOwner.all({ ownerAddress: OWNER }, { maxPages: 2 })) {
    count += item.id.length;
  }
  for await (const page of paginateGetAssetsByOwner(createDasRpc(), {
    ownerAddress: OWNER,
  }).pages())
    count += page.items.length;
  const first = (await das.getAssetBatch({ ids: [OWNER] }))[0];
  void first?.id;

  const compression = createCompressionClient({ apiKey: "k" });
  const balance = await compression.getCompressedBalanceByOwner({ owner: OWNER });
  const lamports: bigint = balance.value;

  const sender = createSenderClient({ apiKey: "k" });
  const signature: string = await sender.sendTransaction({
    transaction: "AQID",
    config: { encoding: "base64" },
  });
  const tip: bigint = senderMinimumTipLamports.default;
  const tipAccount: string = senderTipAccounts[0];

  const wallet = createWalletClient({ apiKey: "k" });
  const balances = await wallet.getBalances({ wallet: OWNER });
  const firstBalance = balances.balances[0];
  void firstBalance;
  await getBalances(createWalletRest({ apiKey: "k" }), { wallet: OWNER });

  const admin = createAdminClient({ apiKey: "k", rateLimit: createRateLimiter(adminRateLimit) });
  await admin.getProjectUsage({ id: "p" });
  await getProjectUsage(createAdminRest(), { id: "p" });

  const webhooks = createWebhooksClient({ apiKey: "k" });
  const list = await webhooks.listWebhooks();
  void list;
  await listWebhooks(createWebhooksRest());

  await createTokenMetadataClient().getTokenMetadata({ mintAccounts: [OWNER] });
  await mintCompressedNft(createMintRpc(), {
    name: "n",
    symbol: "s",
    description: "d",
    owner: OWNER,
  });

  const sdk = createChainDataClient({ apiKey: "k", environment: "devnet" });
  const fromSdk: Das.Asset = await sdk.das.getAsset({ id: OWNER });
  void [supply, lamports, signature, tip, tipAccount, fromSdk, count];

  try {
    await das.getAsset({ id: OWNER });
  } catch (error) {
    if (error instanceof RateLimitError) {
      const wait: number | undefined = error.retryAfter;
      void wait;
    } else if (error instanceof JsonRpcError) {
      const code: number | undefined = error.code;
      void code;
    } else if (error instanceof APIError) {
      const status: number = error.status;
      void status;
    } else if (error instanceof ChainDataError) {
      const message: string = error.message;
      void message;
    }
  }

  // @ts-expect-error — an asset id is required
  await das.getAsset({});
  // @ts-expect-error — u64 values are bigint
  const wrong: number = balance.value;
  // @ts-expect-error — not an option of a client
  createDasClient({ apiKeyy: "k" });
  void wrong;
}

export const handler: ReturnType<typeof createWebhookHandler> = createWebhookHandler({
  authHeader: "secret",
  dedupe: createMemorySignatureStore({ maxEntries: 40000 }),
  onEvent: (event) => {
    const s: string = event.signature;
    void s;
  },
});

// The handler's event type is inferred from onEvent's annotation, a conditional type that older
// compilers infer by other rules: either kind's event needs no kind, raw events need `kind`.
export const eitherKindHandler = createWebhookHandler({
  authHeader: "secret",
  onEvent: (event: EnhancedTransactionEvent | RawTransactionEvent) => void event,
});
const rawOptions: WebhookHandlerOptions<"raw"> = {
  authHeader: "secret",
  kind: "raw",
  onEvent: (event) => void event.transaction,
};
export const rawHandler = createWebhookHandler(rawOptions);
// `kind` left out: the type argument too (its default, `never`, is what an editor's hover shows).
const enhancedOptions: WebhookHandlerOptions = {
  authHeader: "secret",
  onEvent: (event) => void event.type,
};
export const enhancedHandler = createWebhookHandler(enhancedOptions);
// @ts-expect-error — a handler of raw events without `kind: "raw"`
createWebhookHandler({ authHeader: "secret", onEvent: (event: RawTransactionEvent) => void event });
